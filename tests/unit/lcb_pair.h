/* lcb_pair.h - test harness for the LCB port model: two ports back to back.
 *
 * Port 0 (A) and port 1 (B). Each direction is a fixed-latency delay line
 * (doc §1: isochronous, LinkLatency cycles): the phit port i puts on link_tx
 * in cycle t arrives on the other port's link_rx in cycle t + lat (lat >= 1).
 * Before that, the line holds zeros (erased phits).
 *
 * Per cycle, pair_step():
 *   1. the arriving phit of each port is taken from the line and passed
 *      through this cycle's corruption: (ph & and_mask[i]) ^ xor_mask[i]
 *      (masks for the phit ARRIVING at port i; reset to identity after the
 *      cycle), then through the optional error hook;
 *   2. each port's core source offers a phit (valid/ready; it may leave gaps
 *      mid-packet), and each sink picks a VC to read from rd_avail, obtained
 *      with nr_lcbp_peek (rd_avail depends on state only);
 *   3. eval() both ports, record events, check the per-cycle invariants
 *      (0 <= credits <= BufPerVc), collect read data, tick() both.
 * After the call, p->out[i] holds the outputs of cycle p->t - 1.
 *
 * Test programs include this file once; everything here is static inline.
 */
#ifndef LCB_PAIR_H
#define LCB_PAIR_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nr_crc.h"
#include "nr_fmt.h"
#include "nr_lcb.h"
#include "nr_pkt.h"
#include "nr_rng.h"
#include "nr_test.h"

#define PAIR_MAXLEN 1024 /* longest packet a source/sink handles */
#define PAIR_MAXLAT 4096

/* ---- a core-side source: a FIFO of packets, presented valid/ready ---- */
typedef struct {
    uint32_t *ph;  /* phits of all queued packets, back to back */
    int n, cap;    /* phits queued, capacity */
    int idx;       /* next phit to offer */
    int mid;       /* inside a packet (a head was taken) */
    double gap_p;  /* P(tx_valid = 0) for a mid-packet phit */
    double idle_p; /* P(tx_valid = 0) before a head */
    int hold;      /* 1: offer nothing this cycle (one-shot) */
    nr_rng_t rng;
    int offered; /* this cycle: offered a phit */
    long taken;  /* phits taken so far */
} pair_src;

/* ---- a sink that reads the input queue ---- */
typedef void (*pair_pkt_fn)(void *ctx, int port, int vc, const uint32_t *ph, int len, long cycle);
typedef struct {
    double stall_p; /* P(no read this cycle) */
    int only_vc;    /* -1: any VC (round robin); else only this VC */
    int off;        /* 1: never read */
    int rr;         /* round-robin pointer */
    int last_vc;    /* VC read last cycle, -1 none */
    nr_rng_t rng;
    uint32_t asm_ph[NR_LCB_MAX_VCS][PAIR_MAXLEN];
    int asm_len[NR_LCB_MAX_VCS];
    long phits; /* phits read */
    long pkts;  /* packets completed (EOP read) */
    pair_pkt_fn on_pkt;
    void *ctx;
} pair_sink;

typedef void (*pair_err_fn)(void *ctx, int port, long cycle, uint32_t *ph);

typedef struct {
    nr_lcbp *p[2];
    nr_lcb_params prm;
    nr_lcb_cfg cfg;
    int lat;
    uint32_t *dl[2];                   /* dl[i]: line from port i to port 1-i */
    long t;                            /* cycle about to be simulated */
    uint32_t and_mask[2], xor_mask[2]; /* corruption of the phit arriving at port i */
    pair_err_fn err_hook;
    void *err_ctx;
    pair_src src[2];
    pair_sink snk[2];
    nr_lcbp_in in[2];
    nr_lcbp_out out[2]; /* outputs of cycle t - 1 */
    uint32_t rx[2];     /* link_rx given to port i in cycle t - 1 */
    long ev_count[2][NR_EV_COUNT];
    long ev_first[2][NR_EV_COUNT];
    long ev_last[2][NR_EV_COUNT];
    long cr_freed[2][NR_LCB_MAX_VCS]; /* sum of inq_cr */
    long debits[2][NR_LCB_MAX_VCS];   /* sum of debit */
} lcb_pair;

static inline nr_lcb_params pair_default_params(void)
{
    nr_lcb_params p = {
        .num_vcs = 2, .buf_per_vc = 128, .replay_depth = 256, .window = 32, .max_pkt_len = 64};
    return p;
}

static inline nr_lcb_cfg pair_default_cfg(void)
{
    nr_lcb_cfg c = {.timeout = 400, .retry_limit = 8, .max_len = 64};
    return c;
}

/* Create one model port or fail the test. */
static inline nr_lcbp *pair_new_port(const nr_lcb_params *p, const nr_lcb_cfg *c)
{
    char err[200];
    nr_lcbp *m = nr_lcbp_new(p, c, err, sizeof err);
    if (!m) {
        fprintf(stderr, "nr_lcbp_new: %s\n", err);
        exit(1);
    }
    return m;
}

static inline void pair_init(lcb_pair *pr, const nr_lcb_params *p, const nr_lcb_cfg *c, int lat,
                             uint64_t seed)
{
    memset(pr, 0, sizeof *pr);
    if (lat < 1 || lat > PAIR_MAXLAT) {
        fprintf(stderr, "pair_init: lat %d out of range\n", lat);
        exit(1);
    }
    pr->prm = *p;
    pr->cfg = *c;
    pr->lat = lat;
    for (int i = 0; i < 2; i++) {
        pr->p[i] = pair_new_port(p, c);
        pr->dl[i] = calloc((size_t)lat, sizeof(uint32_t));
        pr->and_mask[i] = 0xFFFFFF;
        pr->src[i].cap = 1024;
        pr->src[i].ph = malloc(sizeof(uint32_t) * (size_t)pr->src[i].cap);
        nr_rng_stream(&pr->src[i].rng, seed, NR_RNG_STREAM(NR_RNG_P_IDLE, i));
        nr_rng_stream(&pr->snk[i].rng, seed, NR_RNG_STREAM(NR_RNG_P_BACKPRESSURE, i));
        pr->snk[i].only_vc = -1;
        pr->snk[i].last_vc = -1;
        for (int e = 0; e < NR_EV_COUNT; e++) pr->ev_first[i][e] = -1;
    }
}

static inline void pair_free(lcb_pair *pr)
{
    for (int i = 0; i < 2; i++) {
        nr_lcbp_free(pr->p[i]);
        free(pr->dl[i]);
        free(pr->src[i].ph);
    }
}

/* Queue a packet on port i's source. */
static inline void pair_send(lcb_pair *pr, int i, const uint32_t *ph, int len)
{
    pair_src *s = &pr->src[i];
    if (s->idx > 0 && s->idx == s->n) { /* all sent: restart the buffer */
        s->n = s->idx = 0;
    }
    while (s->n + len > s->cap) {
        s->cap *= 2;
        s->ph = realloc(s->ph, sizeof(uint32_t) * (size_t)s->cap);
    }
    memcpy(s->ph + s->n, ph, sizeof(uint32_t) * (size_t)len);
    s->n += len;
}

static inline int pair_src_idle(const lcb_pair *pr, int i)
{
    return pr->src[i].idx == pr->src[i].n;
}

static inline void src_offer(pair_src *s, nr_lcbp_in *in)
{
    in->tx_valid = 0;
    in->tx_phit = 0;
    s->offered = 0;
    if (s->idx >= s->n || s->hold) {
        s->hold = 0;
        return;
    }
    double p = s->mid ? s->gap_p : s->idle_p;
    if (p > 0 && nr_rng_bernoulli(&s->rng, p)) return;
    in->tx_valid = 1;
    in->tx_phit = s->ph[s->idx];
    s->offered = 1;
}

static inline void src_taken(pair_src *s, int tx_ready)
{
    if (!s->offered || !tx_ready) return;
    unsigned k = nr_phit_kind(s->ph[s->idx]);
    s->mid = k != NR_KIND_EOP;
    s->idx++;
    s->taken++;
}

static inline void sink_choose(pair_sink *k, int nvc, uint32_t avail, nr_lcbp_in *in)
{
    in->rd_en = 0;
    in->rd_vc = 0;
    if (k->off || !avail) return;
    if (k->stall_p > 0 && nr_rng_bernoulli(&k->rng, k->stall_p)) return;
    for (int j = 0; j < nvc; j++) {
        int v = (k->rr + j) % nvc;
        if (k->only_vc >= 0 && v != k->only_vc) continue;
        if ((avail >> v) & 1u) {
            in->rd_en = 1;
            in->rd_vc = v;
            k->rr = (v + 1) % nvc;
            return;
        }
    }
}

static inline void sink_collect(pair_sink *k, int port, const nr_lcbp_out *o, long cycle)
{
    if (!o->rd_valid) return;
    int v = k->last_vc;
    CHECK(v >= 0);
    k->phits++;
    if (k->asm_len[v] < PAIR_MAXLEN) k->asm_ph[v][k->asm_len[v]++] = o->rd_phit;
    if (nr_phit_kind(o->rd_phit) == NR_KIND_EOP) {
        k->pkts++;
        if (k->on_pkt) k->on_pkt(k->ctx, port, v, k->asm_ph[v], k->asm_len[v], cycle);
        k->asm_len[v] = 0;
    }
}

/* Simulate one cycle (see top of file). */
static inline void pair_step(lcb_pair *pr)
{
    long t = pr->t;
    for (int i = 0; i < 2; i++) {
        uint32_t a = pr->dl[1 - i][t % pr->lat];
        a = (a & pr->and_mask[i]) ^ pr->xor_mask[i];
        if (pr->err_hook) pr->err_hook(pr->err_ctx, i, t, &a);
        pr->rx[i] = a & 0xFFFFFF;
        pr->in[i].link_rx = pr->rx[i];
        src_offer(&pr->src[i], &pr->in[i]);
        nr_lcbp_out pk;
        nr_lcbp_peek(pr->p[i], &pk);
        sink_choose(&pr->snk[i], pr->prm.num_vcs, pk.rd_avail, &pr->in[i]);
    }
    for (int i = 0; i < 2; i++) {
        nr_lcbp_out *o = &pr->out[i];
        nr_lcbp_eval(pr->p[i], &pr->in[i], o);
        for (int e = 0; e < NR_EV_COUNT; e++) {
            if ((o->ev >> e) & 1u) {
                if (pr->ev_first[i][e] < 0) pr->ev_first[i][e] = t;
                pr->ev_last[i][e] = t;
                pr->ev_count[i][e]++;
            }
        }
        for (int v = 0; v < pr->prm.num_vcs; v++) {
            if (o->credits[v] > (uint32_t)pr->prm.buf_per_vc)
                NR_TEST_FAIL_("cycle %ld port %d: credits[%d] = %u > BufPerVc", t, i, v,
                              o->credits[v]);
            pr->cr_freed[i][v] += o->inq_cr[v];
            pr->debits[i][v] += (o->debit >> v) & 1u;
        }
        src_taken(&pr->src[i], o->tx_ready);
        sink_collect(&pr->snk[i], i, o, t);
        pr->snk[i].last_vc = pr->in[i].rd_en ? pr->in[i].rd_vc : -1;
    }
    for (int i = 0; i < 2; i++) {
        pr->dl[i][t % pr->lat] = pr->out[i].link_tx;
        nr_lcbp_tick(pr->p[i]);
        pr->and_mask[i] = 0xFFFFFF;
        pr->xor_mask[i] = 0;
    }
    pr->t++;
}

static inline void pair_run(lcb_pair *pr, long cycles)
{
    for (long k = 0; k < cycles; k++) pair_step(pr);
}

/* Fail the test if a port reported interface violations. */
static inline void pair_check_no_errors(const lcb_pair *pr)
{
    for (int i = 0; i < 2; i++) {
        char msg[256];
        int n = nr_lcbp_errors(pr->p[i], msg, sizeof msg);
        if (n != 0) NR_TEST_FAIL_("port %d: %d model errors, first: %s", i, n, msg);
    }
}

/* Quiescence (doc §8.5): sources empty, control channel in SYNC, queues
 * empty, every credit back. */
static inline int pair_quiet(const lcb_pair *pr)
{
    for (int i = 0; i < 2; i++) {
        const nr_lcbp_out *o = &pr->out[i];
        if (!pair_src_idle(pr, i) || !o->ctl_sync || o->rd_avail) return 0;
        for (int v = 0; v < pr->prm.num_vcs; v++)
            if (o->credits[v] != (uint32_t)pr->prm.buf_per_vc || o->occ[v] != 0) return 0;
    }
    return 1;
}

/* Run until quiet (plus a margin for the last words), at most `limit` cycles.
 * Returns the cycles run, or -1 if it never became quiet. */
static inline long pair_drain(lcb_pair *pr, long limit)
{
    for (long k = 0; k < limit; k++) {
        pair_step(pr);
        if (pair_quiet(pr)) return k + 1;
    }
    return -1;
}

/* ---- packets ---- */

/* A healthy core packet of `len` phits (>= 2) on VC vc: head (dest = salt),
 * bodies with pseudo-random data, EOP with the PCRC. */
static inline void pair_mkpkt(uint32_t *ph, int len, unsigned vc, uint64_t salt)
{
    ph[0] = nr_head_make((unsigned)(salt & NR_DEST_MAX), vc, 0, 0, 0);
    for (int j = 1; j < len - 1; j++)
        ph[j] = nr_phit_make(NR_KIND_BODY, (uint32_t)nr_rng_mix64(salt * 1000003u + (uint64_t)j));
    ph[len - 1] = nr_eop_make(NR_OK_HEALTHY, 0);
    nr_pkt_fix_crc(ph, len);
}

/* The link EOP the TX should send for a stored EOP and sequence number:
 * {ok, rsvd, upd7(P, seq)} with F = 0 (C bit not included). Doc §4. */
static inline uint32_t pair_link_eop(uint32_t core_eop, unsigned seq)
{
    uint16_t l = nr_crc16_bits(nr_eop_crc(core_eop), seq & 127u, 7);
    return (core_eop & 0x3F0000u) | l;
}

#define EVB(e) (1u << (e))

#endif
