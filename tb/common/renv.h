/* common/renv.h - a small closed environment around one router: any nr_rtr
 * (nr_router.h), the C models or a Verilated build. Its clients:
 *   - the model unit tests (tests/unit/test_*_model*.c, whose
 *     tests/unit/renv_models.h makes a model and keeps its own handle in
 *     e->model for white-box checks), the speed benchmark
 *     (tb/tools/model_bench.c) and the RTL smoke test
 *     (tb/common/rtl_smoke.c): renv_init_rtr wraps a router the caller made,
 *     of any organization.
 * The statistical testbench with lockstep, scoreboard and link errors is
 * tb/rtr (harness.h); this one drives directed packets.
 *
 * Per port p:
 *   - a source: a FIFO of whole packets (core phits), sent one phit per cycle
 *     with optional random idles (idle_p) between packets, and inside them
 *     when idle_mid is set. Bare (use_lcb = 0) it drives in_valid/in_phit
 *     through the kit's virtual cut-through sender (common/vctsend.h: a HEAD
 *     only with MaxPktLen credits of its VC). With LCBs it feeds the TX of a
 *     peer "NIC" LCB port model (nr_lcbp) over valid/ready.
 *   - a sink: bare, it takes out_valid/out_phit and frees at most one phit per
 *     cycle (stalling with probability bp) as out_cr; with LCBs it reads the
 *     NIC's input queue (round robin over VCs, stalling with probability bp).
 *     VCs in hold_mask are never drained, so their credits stay out.
 *     Completed packets go to the on_pkt callback.
 *   - with LCBs, the links: router link_tx -> NIC link_rx and back, each a
 *     delay line of `lat` cycles, framed at the router (common/linkframe.h).
 * Heads crossing the router's boundary (input: in_valid or link_rx; output:
 * out_valid or link_tx) are reported to on_head_in/on_head_out in the cycle
 * they cross (e->t), so tests measure router latency exactly.
 * What the environment itself finds wrong (credits returned beyond the
 * buffer, NIC read data without a read) is counted in tb_errors, the first
 * one described in tb_err; renv_errors() reports it with the router's.
 *
 * Randomness: idles of port p from stream (NR_RNG_P_IDLE, p), sink stalls
 * from (NR_RNG_P_BACKPRESSURE, p) of the seed given to the init call.
 * Everything is static inline: include this file once per program. */
#ifndef TB_COMMON_RENV_H
#define TB_COMMON_RENV_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/linkframe.h"
#include "common/nic.h"
#include "common/rrpick.h"
#include "common/vctsend.h"
#include "nr_fmt.h"
#include "nr_lcb.h"
#include "nr_pkt.h"
#include "nr_rng.h"
#include "nr_router.h"

#define RENV_MAXLEN 256 /* longest packet the sinks assemble */
#define RENV_MAXLAT 64

typedef struct {
    uint32_t *ph;     /* ring of queued phits */
    int cap, head, n; /* capacity (power of two), front, count */
    int mid;          /* inside a packet */
    int vc;           /* VC of the packet being sent */
    tb_vctsend vct;   /* bare: credits for the router's input queue */
    double idle_p;    /* P(idle) per cycle between packets */
    int idle_mid;     /* ... and inside packets too */
    nr_rng_t rng;
    uint64_t phits, pkts; /* sent */
} renv_src;

typedef struct {
    uint32_t asm_ph[NR_LCB_MAX_VCS][RENV_MAXLEN];
    int asm_len[NR_LCB_MAX_VCS];
    int vc;                   /* bare: VC of the packet arriving on out_* */
    int held[NR_LCB_MAX_VCS]; /* bare: phits received, credit not returned yet */
    int rr;                   /* VC round robin (credit return or NIC reads) */
    double bp;                /* P(stall) per cycle */
    unsigned hold_mask;       /* VCs never drained (their credits stay out) */
    nr_rng_t rng;
    uint64_t phits, pkts;
} renv_sink;

/* What the environment needs to know of the router it wraps. */
typedef struct {
    int n, nvc, use_lcb;                  /* ports, VCs, LCB ports */
    int inbuf, maxpkt;                    /* InBufPerVc, MaxPktLen */
    int replay_depth, window, link_crc_w; /* the NICs' LCB (use_lcb) */
} renv_shape;

typedef struct renv renv;
typedef void (*renv_pkt_fn)(renv *e, int port, const uint32_t *ph, int len);
typedef void (*renv_head_fn)(renv *e, int port, uint32_t head);

struct renv {
    nr_rtr rt;         /* the router under test, stepped through nr_router.h */
    void *model;       /* the caller's: a C model's own handle for white-box tests, or NULL */
    int maxpkt, inbuf; /* MaxPktLen, InBufPerVc */
    nr_lcb_cfg lcfg;
    int n, nvc, lcb, lat;
    uint64_t t; /* cycle about to be simulated */
    nr_rtr_in in;
    nr_rtr_out out; /* outputs of cycle t - 1 */
    renv_src src[NR_MAX_PORTS];
    renv_sink snk[NR_MAX_PORTS];
    /* LCB mode */
    tb_nic nic[NR_MAX_PORTS]; /* the NICs (common/nic.h; their out: of cycle t - 1) */
    uint32_t dl_up[NR_MAX_PORTS][RENV_MAXLAT];       /* NIC -> router */
    uint32_t dl_down[NR_MAX_PORTS][RENV_MAXLAT];     /* router -> NIC */
    int fin_in[NR_MAX_PORTS], fin_out[NR_MAX_PORTS]; /* link framing at the router */
    /* counters */
    uint64_t drops[NR_MAX_PORTS];
    unsigned drop_reason_last[NR_MAX_PORTS];
    uint64_t drop_reason[8];
    uint64_t drops_by[NR_MAX_PORTS][8]; /* RT_DROP per port and reason */
    uint64_t cfg_bad;
    uint64_t phit_hops; /* phits that left the router */
    uint64_t ev_count[NR_EV_COUNT];
    uint64_t tb_errors; /* the environment's own findings */
    char tb_err[200];   /* ... the first one */
    /* callbacks (may be NULL) */
    renv_pkt_fn on_pkt;
    renv_head_fn on_head_in, on_head_out;
    void (*timer)(renv *e, int stop); /* called before the model's eval (0), after its tick (1) */
    void *ctx;
    int cfg_pending; /* cfg write queued for the next cycle */
    nr_rtr_in cfg_next;
    /* use_rest: a cycle whose inputs are all 0 is offered to the router's
     * rest (nr_rtr_rest) first, and taken without evaluation if it accepts
     * (outputs all 0); rested counts those cycles */
    int use_rest;
    uint64_t rested;
};

static inline nr_lcb_cfg renv_lcb_cfg(void)
{
    nr_lcb_cfg c = {.timeout = 1000, .retry_limit = 8, .max_len = 64};
    return c;
}

static inline void renv_tb_error(renv *e, const char *what, int port)
{
    if (!e->tb_errors++)
        snprintf(e->tb_err, sizeof e->tb_err, "cycle %llu port %d: %s", (unsigned long long)e->t,
                 port, what);
}

/* The environment around a router of shape *sh (exits on error). e->rt and
 * e->lcfg are set by the caller. */
static inline void renv_setup(renv *e, const renv_shape *sh, int lat, uint64_t seed)
{
    char err[256];
    e->n = sh->n;
    e->nvc = sh->nvc;
    e->lcb = sh->use_lcb;
    e->lat = lat;
    e->maxpkt = sh->maxpkt;
    e->inbuf = sh->inbuf;
    if (lat < 1 || lat > RENV_MAXLAT || sh->n < 1 || sh->n > NR_MAX_PORTS || sh->nvc < 1 ||
        sh->nvc > NR_LCB_MAX_VCS) {
        fprintf(stderr, "renv: lat %d, %d ports or %d VCs out of range\n", lat, sh->n, sh->nvc);
        exit(2);
    }
    for (int i = 0; i < e->n; i++) {
        renv_src *s = &e->src[i];
        s->cap = 1024;
        s->ph = malloc(sizeof(uint32_t) * (size_t)s->cap);
        tb_vctsend_init(&s->vct, sh->nvc, sh->inbuf, sh->maxpkt);
        nr_rng_stream(&s->rng, seed, NR_RNG_STREAM(NR_RNG_P_IDLE, i));
        nr_rng_stream(&e->snk[i].rng, seed, NR_RNG_STREAM(NR_RNG_P_BACKPRESSURE, i));
        if (e->lcb) {
            nr_lcb_params lp = {sh->nvc,    sh->inbuf,  sh->replay_depth,
                                sh->window, sh->maxpkt, sh->link_crc_w};
            if (tb_nic_init(&e->nic[i], &lp, &e->lcfg, err, sizeof err)) {
                fprintf(stderr, "nr_lcbp_new: %s\n", err);
                exit(1);
            }
        }
    }
}

/* Wrap a router the caller made (the environment frees it). */
static inline void renv_init_rtr(renv *e, nr_rtr rt, const renv_shape *sh, const nr_lcb_cfg *lc,
                                 int lat, uint64_t seed)
{
    memset(e, 0, sizeof *e);
    e->lcfg = lc ? *lc : renv_lcb_cfg();
    e->rt = rt;
    renv_setup(e, sh, lat, seed);
}

static inline void renv_free(renv *e)
{
    for (int i = 0; i < e->n; i++) {
        free(e->src[i].ph);
        tb_nic_release(&e->nic[i]);
    }
    nr_rtr_free(e->rt);
}

/* Queue a whole packet on port's source. */
static inline void renv_send(renv *e, int port, const uint32_t *ph, int len)
{
    renv_src *s = &e->src[port];
    if (s->n + len > s->cap) {
        int ncap = s->cap;
        while (s->n + len > ncap) ncap *= 2;
        uint32_t *nph = malloc(sizeof(uint32_t) * (size_t)ncap);
        for (int i = 0; i < s->n; i++) nph[i] = s->ph[(s->head + i) & (s->cap - 1)];
        free(s->ph);
        s->ph = nph;
        s->cap = ncap;
        s->head = 0;
    }
    for (int i = 0; i < len; i++) s->ph[(s->head + s->n + i) & (s->cap - 1)] = ph[i];
    s->n += len;
    s->pkts++;
}

/* Phits still queued at the source. */
static inline int renv_src_backlog(const renv *e, int port) { return e->src[port].n; }

/* Queue a configuration write, applied in the next simulated cycle (one per
 * cycle: call renv_step between writes, or use renv_cfg). */
static inline void renv_cfg_write(renv *e, int bcast, int tile, int addr, uint32_t wdata)
{
    e->cfg_pending = 1;
    e->cfg_next.cfg_we = 1;
    e->cfg_next.cfg_bcast = bcast;
    e->cfg_next.cfg_tile = tile;
    e->cfg_next.cfg_addr = addr;
    e->cfg_next.cfg_wdata = wdata;
}

static inline void renv_sink_done(renv *e, int port, int vc)
{
    renv_sink *k = &e->snk[port];
    k->pkts++;
    if (e->on_pkt) e->on_pkt(e, port, k->asm_ph[vc], k->asm_len[vc]);
    k->asm_len[vc] = 0;
}

static inline void renv_sink_phit(renv *e, int port, int vc, uint32_t ph)
{
    renv_sink *k = &e->snk[port];
    k->phits++;
    if (k->asm_len[vc] < RENV_MAXLEN) k->asm_ph[vc][k->asm_len[vc]++] = ph;
    if (nr_phit_kind(ph) == NR_KIND_EOP) renv_sink_done(e, port, vc);
}

/* The first VC from the sink's round robin that may be drained (bit v of
 * avail: VC v has something to drain), or -1; advances the round robin. */
static inline int renv_sink_pick(renv_sink *k, int nvc, unsigned avail)
{
    int v = tb_rr_pick(avail & ~k->hold_mask, nvc, k->rr);
    if (v >= 0) k->rr = (v + 1) % nvc;
    return v;
}

/* Bare port p's inputs of this cycle: the source's phit (cut-through
 * credits), the sink's credit. Returns whether the source's phit went. */
static inline int renv_bare_in(renv *e, int p, int want, uint32_t ph, int stall)
{
    renv_src *s = &e->src[p];
    renv_sink *k = &e->snk[p];
    nr_rtr_in *in = &e->in;
    int taken = 0;
    if (want && tb_vctsend_may(&s->vct, s->vc, !s->mid)) {
        in->in_valid[p] = 1;
        in->in_phit[p] = ph;
        taken = 1;
        tb_vctsend_sent(&s->vct, s->vc);
        if (nr_phit_kind(ph) == NR_KIND_HEAD && e->on_head_in) e->on_head_in(e, p, ph);
    }
    if (!stall) {
        unsigned held = 0;
        for (int v = 0; v < e->nvc; v++) held |= (unsigned)(k->held[v] > 0) << v;
        int v = renv_sink_pick(k, e->nvc, held);
        if (v >= 0) {
            in->out_cr[p][v] = 1;
            k->held[v]--;
        }
    }
    return taken;
}

/* LCB port p's inputs of this cycle: the NIC (its TX fed by the source, its
 * input queue read by the sink, its link_rx from the router's link_tx `lat`
 * cycles ago) is evaluated and clocked, then its link_tx enters the delay
 * line and the router's link_rx leaves it. Returns whether the NIC took the
 * source's phit. */
static inline int renv_lcb_in(renv *e, int p, int want, uint32_t ph, int stall, int slot)
{
    renv_sink *k = &e->snk[p];
    nr_rtr_in *in = &e->in;
    tb_nic *nic = &e->nic[p];
    tb_nic_begin(nic, e->dl_down[p][slot]);
    if (want) tb_nic_offer(nic, ph);
    tb_nic_read(nic, stall ? -1 : renv_sink_pick(k, e->nvc, nic->pk.rd_avail));
    const int took = tb_nic_eval(nic);
    const nr_lcbp_out *no = &nic->out;
    if (no->rd_valid) {
        if (nic->data_vc >= 0)
            renv_sink_phit(e, p, nic->data_vc, no->rd_phit);
        else
            renv_tb_error(e, "NIC read data without a read", p);
    }
    tb_nic_tick(nic);
    in->link_rx[p] = e->dl_up[p][slot];
    e->dl_up[p][slot] = no->link_tx;
    if (nr_link_frame(&e->fin_in[p], in->link_rx[p]) == NR_KIND_HEAD && e->on_head_in)
        e->on_head_in(e, p, nr_phit_make(NR_KIND_HEAD, in->link_rx[p]));
    return took;
}

/* Port p's inputs of this cycle (source, sink, NIC). */
static inline void renv_port_in(renv *e, int p, int slot)
{
    renv_src *s = &e->src[p];
    renv_sink *k = &e->snk[p];
    uint32_t ph = s->n ? s->ph[s->head] : 0;
    int want = s->n > 0;
    if (want && (!s->mid || s->idle_mid) && s->idle_p > 0 && nr_rng_bernoulli(&s->rng, s->idle_p))
        want = 0;
    if (want && nr_phit_kind(ph) == NR_KIND_HEAD) s->vc = (int)nr_head_vc(ph) % e->nvc;
    int stall = k->bp > 0 && nr_rng_bernoulli(&k->rng, k->bp);
    int taken =
        e->lcb ? renv_lcb_in(e, p, want, ph, stall, slot) : renv_bare_in(e, p, want, ph, stall);
    if (taken) {
        s->mid = nr_phit_kind(ph) != NR_KIND_EOP;
        s->head = (s->head + 1) & (s->cap - 1);
        s->n--;
        s->phits++;
    }
}

/* Port p's outputs of this cycle: drops, credits, the bare sink or the link
 * to the NIC. */
static inline void renv_port_out(renv *e, int p, int slot)
{
    renv_sink *k = &e->snk[p];
    const nr_rtr_out *o = &e->out;
    uint32_t tev = o->tev[p];
    if ((tev >> NR_TEV_RT_DROP) & 1u) {
        unsigned r = (tev >> NR_TEV_REASON_LSB) & 7u;
        e->drops[p]++;
        e->drop_reason_last[p] = r;
        e->drop_reason[r]++;
        e->drops_by[p][r]++;
    }
    if ((tev >> NR_TEV_CFG_BAD) & 1u) e->cfg_bad++;
    if (!e->lcb) {
        uint32_t over = 0;
        if (tb_vctsend_return(&e->src[p].vct, o->in_cr[p], &over) >= 0)
            renv_tb_error(e, "router returned credits beyond its input buffer", p);
        if (o->out_valid[p]) {
            uint32_t ph = o->out_phit[p];
            if (nr_phit_kind(ph) == NR_KIND_HEAD) {
                k->vc = (int)nr_head_vc(ph) % e->nvc;
                if (e->on_head_out) e->on_head_out(e, p, ph);
            }
            e->phit_hops++;
            k->held[k->vc]++;
            renv_sink_phit(e, p, k->vc, ph);
        }
    } else {
        e->dl_down[p][slot] = o->link_tx[p];
        int kout = nr_link_frame(&e->fin_out[p], o->link_tx[p]);
        if (kout >= 0) e->phit_hops++;
        if (kout == NR_KIND_HEAD && e->on_head_out)
            e->on_head_out(e, p, nr_phit_make(NR_KIND_HEAD, o->link_tx[p]));
        for (int b = 0; b < NR_EV_COUNT; b++)
            if ((o->ev[p] >> b) & 1u) e->ev_count[b]++;
    }
}

/* Simulate one cycle: the inputs of every port (sources, sinks, links, the
 * NICs, which see the router only through the links, so they are evaluated
 * and clocked first), then the router's eval and tick back to back (the
 * timer hook brackets them), then the router's outputs. */
static inline void renv_step(renv *e)
{
    int slot = (int)(e->t % (uint64_t)e->lat);
    memset(&e->in, 0, sizeof e->in);
    if (e->cfg_pending) {
        e->in.cfg_we = 1;
        e->in.cfg_bcast = e->cfg_next.cfg_bcast;
        e->in.cfg_tile = e->cfg_next.cfg_tile;
        e->in.cfg_addr = e->cfg_next.cfg_addr;
        e->in.cfg_wdata = e->cfg_next.cfg_wdata;
        e->cfg_pending = 0;
    }
    for (int p = 0; p < e->n; p++) renv_port_in(e, p, slot);
    if (e->timer) e->timer(e, 0);
    int quiet = e->use_rest && !e->in.cfg_we;
    for (int p = 0; p < e->n && quiet; p++) {
        const uint32_t *c = e->in.out_cr[p];
        quiet = !e->in.in_valid[p] && !e->in.link_rx[p] && !(c[0] | c[1] | c[2] | c[3]);
    }
    if (quiet && nr_rtr_rest(e->rt)) {
        memset(&e->out, 0, sizeof e->out);
        e->rested++;
    } else {
        nr_rtr_eval(e->rt, &e->in, &e->out);
        nr_rtr_tick(e->rt);
    }
    if (e->timer) e->timer(e, 1);
    for (int p = 0; p < e->n; p++) renv_port_out(e, p, slot);
    e->t++;
}

/* Nothing a sink still has to drain: bare, no held phit (its credit not yet
 * returned); with LCBs, nothing readable in the NIC's input queue. VCs in a
 * sink's hold_mask do not count. */
static inline int renv_sinks_idle(const renv *e)
{
    for (int p = 0; p < e->n; p++) {
        const renv_sink *k = &e->snk[p];
        if (e->lcb) {
            if (tb_nic_state(&e->nic[p]).rd_avail & ~k->hold_mask) return 0;
        } else {
            for (int v = 0; v < e->nvc; v++)
                if (k->held[v] && !((k->hold_mask >> v) & 1u)) return 0;
        }
    }
    return 1;
}

/* Run until every source is empty, every sink has drained what it may, and
 * nothing moved for `quiet` cycles, or max cycles passed. Returns 1 if
 * drained. (A sink that still returns credits slowly can keep every output
 * waiting for a head's cut-through credits with no phit moving: that is not
 * the end.) */
static inline int renv_drain(renv *e, int quiet, long max)
{
    int still = 0;
    for (long i = 0; i < max; i++) {
        uint64_t before = e->phit_hops;
        int backlog = 0;
        for (int p = 0; p < e->n; p++) backlog += e->src[p].n;
        renv_step(e);
        if (!backlog && e->phit_hops == before && renv_sinks_idle(e)) {
            if (++still >= quiet) return 1;
        } else {
            still = 0;
        }
    }
    return 0;
}

/* Every credit home and every sink empty: bare, the sources' credit counters
 * full and no phit held at a sink; with LCBs, every NIC's TX credits full
 * and its input queue empty. */
static inline int renv_all_home(const renv *e)
{
    for (int p = 0; p < e->n; p++) {
        if (e->lcb) {
            if (!tb_nic_home(&e->nic[p])) return 0;
        } else {
            for (int v = 0; v < e->nvc; v++)
                if (e->snk[p].held[v] != 0) return 0;
            if (!tb_vctsend_home(&e->src[p].vct)) return 0;
        }
    }
    return 1;
}

/* The router's errors and the environment's own (and the NICs'); print the
 * first of each and return the count. */
static inline int renv_errors(renv *e)
{
    char buf[256];
    int k = nr_rtr_errors(e->rt, buf, sizeof buf);
    if (k) fprintf(stderr, "router errors: %d, first: %s\n", k, buf);
    if (e->tb_errors)
        fprintf(stderr, "environment errors: %llu, first: %s\n", (unsigned long long)e->tb_errors,
                e->tb_err);
    int nk = 0;
    for (int p = 0; p < e->n; p++)
        if (e->nic[p].lcb && tb_nic_errors(&e->nic[p], buf, sizeof buf)) {
            if (!nk++) fprintf(stderr, "NIC %d errors, first: %s\n", p, buf);
        }
    return k + (int)e->tb_errors + nk;
}

#endif
