/* yarc_env.h - a small closed environment around a switch C model, the YARC
 * model (nr_yarc, yenv_init) or the network-within-a-network model (nr_nwn,
 * yenv_init_nwn), for their unit tests (tests/unit/test_yarc_model*.c,
 * tests/unit/test_nwn_model*.c) and the speed benchmark
 * (tb/yarc/model_bench.c). The full testbench with lockstep, statistics and
 * error injection is tb/rtr; this one only needs the model.
 *
 * Per port p:
 *   - a source: a FIFO of whole packets (core phits), sent one phit per cycle
 *     with optional random idles between packets. Bare (use_lcb = 0) it
 *     drives in_valid/in_phit and holds per-VC credits for the router's input
 *     queue (start in_buf_per_vc, refilled by in_cr); like an upstream
 *     router's output it starts a head only with MaxPktLen credits. With LCBs it feeds the
 *     TX of a peer "NIC" LCB port model (nr_lcbp) over valid/ready.
 *   - a sink: bare, it takes out_valid/out_phit and frees at most one phit per
 *     cycle (stalling with probability bp) as out_cr; with LCBs it reads the
 *     NIC's input queue (round robin over VCs, stalling with probability bp).
 *     VCs in hold_mask are never drained, so their credits stay out.
 *     Completed packets go to the on_pkt callback.
 *   - with LCBs, the links: router link_tx -> NIC link_rx and back, each a
 *     delay line of `lat` cycles.
 * Heads crossing the router's boundary (input: in_valid or link_rx; output:
 * out_valid or link_tx) are reported to on_head_in/on_head_out with their
 * cycle, so tests measure router latency exactly.
 *
 * Randomness: idles of port p from stream (NR_RNG_P_IDLE, p), sink stalls
 * from (NR_RNG_P_BACKPRESSURE, p) of the seed given to yenv_init.
 * Everything is static inline: include this file once per program. */
#ifndef YARC_ENV_H
#define YARC_ENV_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/linkframe.h"
#include "nr_fmt.h"
#include "nr_lcb.h"
#include "nr_nwn.h"
#include "nr_pkt.h"
#include "nr_rng.h"
#include "nr_router.h"
#include "nr_yarc.h"

#define YENV_MAXLEN 256 /* longest packet the sinks assemble */
#define YENV_MAXLAT 64

typedef struct {
    uint32_t *ph;        /* ring of queued phits */
    int cap, head, n;    /* capacity (power of two), front, count */
    int mid;             /* inside a packet */
    int vc;              /* VC of the packet being sent */
    int cred[NR_LCB_MAX_VCS]; /* bare: credits for the router's input queue */
    double idle_p;       /* P(no head this cycle) between packets */
    nr_rng_t rng;
    uint64_t phits, pkts; /* sent */
} yenv_src;

typedef struct {
    uint32_t asm_ph[NR_LCB_MAX_VCS][YENV_MAXLEN];
    int asm_len[NR_LCB_MAX_VCS];
    int vc;              /* bare: VC of the packet arriving on out_* */
    int held[NR_LCB_MAX_VCS]; /* bare: phits received, credit not returned yet */
    int rr;              /* VC round robin (credit return or NIC reads) */
    int last_rd_vc;      /* LCB: VC read last cycle, -1 none */
    double bp;           /* P(stall) per cycle */
    unsigned hold_mask;  /* VCs never drained (their credits stay out) */
    nr_rng_t rng;
    uint64_t phits, pkts;
} yenv_sink;

typedef struct yenv yenv;
typedef void (*yenv_pkt_fn)(yenv *e, int port, const uint32_t *ph, int len);
typedef void (*yenv_head_fn)(yenv *e, int port, uint32_t head);

struct yenv {
    nr_rtr rt;                   /* the model under test, stepped through nr_router.h */
    nr_yarc *m;                  /* white-box view of it: the YARC model, or */
    nr_yarc_params p;
    nr_nwn *nw;                  /* the network-within-a-network model */
    nr_nwn_params np;
    int maxpkt, inbuf;           /* MaxPktLen, InBufPerVc */
    nr_lcb_cfg lcfg;
    int n, nvc, lcb, lat;
    uint64_t t;                  /* cycle about to be simulated */
    nr_rtr_in in;
    nr_rtr_out out;              /* outputs of cycle t - 1 */
    yenv_src src[NR_MAX_PORTS];
    yenv_sink snk[NR_MAX_PORTS];
    /* LCB mode */
    nr_lcbp *nic[NR_MAX_PORTS];
    nr_lcbp_out nout[NR_MAX_PORTS];
    uint32_t dl_up[NR_MAX_PORTS][YENV_MAXLAT];   /* NIC -> router */
    uint32_t dl_down[NR_MAX_PORTS][YENV_MAXLAT]; /* router -> NIC */
    int fin_in[NR_MAX_PORTS], fin_out[NR_MAX_PORTS]; /* link framing at the router */
    /* counters */
    uint64_t drops[NR_MAX_PORTS];
    unsigned drop_reason_last[NR_MAX_PORTS];
    uint64_t drop_reason[8];
    uint64_t cfg_bad;
    uint64_t phit_hops;          /* phits that left the router */
    uint64_t ev_count[NR_EV_COUNT];
    /* callbacks (may be NULL) */
    yenv_pkt_fn on_pkt;
    yenv_head_fn on_head_in, on_head_out;
    void (*timer)(yenv *e, int stop); /* called before the model's eval (0), after its tick (1) */
    void *ctx;
    int cfg_pending;             /* cfg write queued for the next cycle */
    nr_rtr_in cfg_next;
};

/* Default parameters: yarc-arch.md §3 defaults at rows x cols. */
static inline nr_yarc_params yenv_params(int rows, int cols, int use_lcb)
{
    nr_yarc_params p = {.rows = rows, .cols = cols, .num_vcs = 2, .in_buf_per_vc = 128,
                        .row_buf_depth = 8, .col_buf_depth = 8, .row_bus_lat = 2,
                        .col_lat = 2, .use_lcb = use_lcb, .max_pkt_len = 64,
                        .replay_depth = 256, .window = 32};
    return p;
}

/* Network-switch parameters: nwn-arch.md §3 defaults, organization org
 * ('c' cn, 'f' fc, 'b' bb) at k ports with the named configurations' R and M
 * (configs/configs.txt: k = 16 and 32 use R = 8 and M = n, k = 64 R = 16 and
 * M = 4; smaller k the same rule, R = 2*sqrt(k) rounded to a power of two). */
static inline nr_nwn_params yenv_nwn_params(char org, int k, int use_lcb)
{
    int r = k >= 64 ? 16 : k >= 16 ? 8 : k >= 8 ? 4 : 2;
    nr_nwn_params p = {.num_ports = k, .r = r, .m = k >= 64 ? 4 : k / r, .bb = org == 'b',
                       .speedup = 1, .self_turn = 0, .num_vcs = 2, .in_buf_per_vc = 128,
                       .buf_depth = 16, .chan_lat = 2, .use_lcb = use_lcb, .max_pkt_len = 64,
                       .replay_depth = 256, .window = 32};
    if (org == 'c') {
        p.r = 1;
        p.m = 0;
        p.self_turn = 1;
    }
    return p;
}

static inline nr_lcb_cfg yenv_lcb_cfg(void)
{
    nr_lcb_cfg c = {.timeout = 1000, .retry_limit = 8, .max_len = 64};
    return c;
}

/* The environment around a model of n ports (exits on error). */
static inline void yenv_setup(yenv *e, int n, int nvc, int use_lcb, int inbuf, int maxpkt,
                              int replay_depth, int window, int lat, uint64_t seed)
{
    char err[256];
    e->n = n;
    e->nvc = nvc;
    e->lcb = use_lcb;
    e->lat = lat;
    e->maxpkt = maxpkt;
    e->inbuf = inbuf;
    if (lat < 1 || lat > YENV_MAXLAT) {
        fprintf(stderr, "yenv_init: lat %d out of range\n", lat);
        exit(1);
    }
    for (int i = 0; i < e->n; i++) {
        yenv_src *s = &e->src[i];
        s->cap = 1024;
        s->ph = malloc(sizeof(uint32_t) * (size_t)s->cap);
        for (int v = 0; v < e->nvc; v++)
            s->cred[v] = inbuf;
        nr_rng_stream(&s->rng, seed, NR_RNG_STREAM(NR_RNG_P_IDLE, i));
        nr_rng_stream(&e->snk[i].rng, seed, NR_RNG_STREAM(NR_RNG_P_BACKPRESSURE, i));
        e->snk[i].last_rd_vc = -1;
        if (e->lcb) {
            nr_lcb_params lp = {nvc, inbuf, replay_depth, window, maxpkt, 16};
            e->nic[i] = nr_lcbp_new(&lp, &e->lcfg, err, sizeof err);
            if (!e->nic[i]) {
                fprintf(stderr, "nr_lcbp_new: %s\n", err);
                exit(1);
            }
        }
    }
}

/* Create the YARC model and the environment (exits on error). lat: link
 * latency with LCBs (1..YENV_MAXLAT). */
static inline void yenv_init(yenv *e, const nr_yarc_params *p, const nr_lcb_cfg *lc, int lat,
                             uint64_t seed)
{
    char err[256];
    memset(e, 0, sizeof *e);
    e->p = *p;
    e->lcfg = lc ? *lc : yenv_lcb_cfg();
    e->m = nr_yarc_new(p, &e->lcfg, err, sizeof err);
    if (!e->m) {
        fprintf(stderr, "nr_yarc_new: %s\n", err);
        exit(1);
    }
    e->rt = nr_yarc_rtr(e->m);
    yenv_setup(e, p->rows * p->cols, p->num_vcs, p->use_lcb, p->in_buf_per_vc, p->max_pkt_len,
               p->replay_depth, p->window, lat, seed);
}

/* Create the network-within-a-network model and the environment. */
static inline void yenv_init_nwn(yenv *e, const nr_nwn_params *p, const nr_lcb_cfg *lc, int lat,
                                 uint64_t seed)
{
    char err[256];
    memset(e, 0, sizeof *e);
    e->np = *p;
    e->lcfg = lc ? *lc : yenv_lcb_cfg();
    e->nw = nr_nwn_new(p, &e->lcfg, err, sizeof err);
    if (!e->nw) {
        fprintf(stderr, "nr_nwn_new: %s\n", err);
        exit(1);
    }
    e->rt = nr_nwn_rtr(e->nw);
    yenv_setup(e, p->num_ports, p->num_vcs, p->use_lcb, p->in_buf_per_vc, p->max_pkt_len,
               p->replay_depth, p->window, lat, seed);
}

static inline void yenv_free(yenv *e)
{
    for (int i = 0; i < e->n; i++) {
        free(e->src[i].ph);
        if (e->nic[i])
            nr_lcbp_free(e->nic[i]);
    }
    nr_rtr_free(e->rt);
}

/* Queue a whole packet on port's source. */
static inline void yenv_send(yenv *e, int port, const uint32_t *ph, int len)
{
    yenv_src *s = &e->src[port];
    if (s->n + len > s->cap) {
        int ncap = s->cap;
        while (s->n + len > ncap)
            ncap *= 2;
        uint32_t *nph = malloc(sizeof(uint32_t) * (size_t)ncap);
        for (int i = 0; i < s->n; i++)
            nph[i] = s->ph[(s->head + i) & (s->cap - 1)];
        free(s->ph);
        s->ph = nph;
        s->cap = ncap;
        s->head = 0;
    }
    for (int i = 0; i < len; i++)
        s->ph[(s->head + s->n + i) & (s->cap - 1)] = ph[i];
    s->n += len;
    s->pkts++;
}

/* Phits still queued at the source. */
static inline int yenv_src_backlog(const yenv *e, int port) { return e->src[port].n; }

/* Queue a configuration write, applied in the next simulated cycle (one per
 * cycle: call yenv_step between writes, or use yenv_cfg). */
static inline void yenv_cfg_write(yenv *e, int bcast, int tile, int addr, uint32_t wdata)
{
    e->cfg_pending = 1;
    e->cfg_next.cfg_we = 1;
    e->cfg_next.cfg_bcast = bcast;
    e->cfg_next.cfg_tile = tile;
    e->cfg_next.cfg_addr = addr;
    e->cfg_next.cfg_wdata = wdata;
}

static inline void yenv_sink_done(yenv *e, int port, int vc)
{
    yenv_sink *k = &e->snk[port];
    k->pkts++;
    if (e->on_pkt)
        e->on_pkt(e, port, k->asm_ph[vc], k->asm_len[vc]);
    k->asm_len[vc] = 0;
}

static inline void yenv_sink_phit(yenv *e, int port, int vc, uint32_t ph)
{
    yenv_sink *k = &e->snk[port];
    k->phits++;
    if (k->asm_len[vc] < YENV_MAXLEN)
        k->asm_ph[vc][k->asm_len[vc]++] = ph;
    if (nr_phit_kind(ph) == NR_KIND_EOP)
        yenv_sink_done(e, port, vc);
}

/* Simulate one cycle: the inputs of every port (sources, sinks, links, the
 * NICs, which see the router only through the links, so they are evaluated
 * and clocked first), then the router's eval and tick back to back (the
 * timer hook brackets them), then the router's outputs. */
static inline void yenv_step(yenv *e)
{
    const int n = e->n, V = e->nvc;
    nr_rtr_in *in = &e->in;
    int slot = (int)(e->t % (uint64_t)e->lat);
    memset(in, 0, sizeof *in);
    if (e->cfg_pending) {
        in->cfg_we = 1;
        in->cfg_bcast = e->cfg_next.cfg_bcast;
        in->cfg_tile = e->cfg_next.cfg_tile;
        in->cfg_addr = e->cfg_next.cfg_addr;
        in->cfg_wdata = e->cfg_next.cfg_wdata;
        e->cfg_pending = 0;
    }

    uint8_t taken[NR_MAX_PORTS];
    for (int p = 0; p < n; p++) {
        yenv_src *s = &e->src[p];
        yenv_sink *k = &e->snk[p];
        uint32_t ph = s->n ? s->ph[s->head] : 0;
        int want = s->n > 0;
        taken[p] = 0;
        if (want && !s->mid && s->idle_p > 0 && nr_rng_bernoulli(&s->rng, s->idle_p))
            want = 0;
        if (want && nr_phit_kind(ph) == NR_KIND_HEAD)
            s->vc = (int)nr_head_vc(ph) % V;
        int stall = k->bp > 0 && nr_rng_bernoulli(&k->rng, k->bp);
        if (!e->lcb) {
            /* bare source, virtual cut-through like an upstream router: a
             * head starts only with MaxPktLen credits, every phit takes one
             * (the input queue keeps its last entry for an EOP, so a
             * phit-by-phit sender could overflow it) */
            int need = s->mid ? 1 : e->maxpkt;
            if (want && s->cred[s->vc] >= need) {
                in->in_valid[p] = 1;
                in->in_phit[p] = ph;
                taken[p] = 1;
                s->cred[s->vc]--;
                if (nr_phit_kind(ph) == NR_KIND_HEAD && e->on_head_in)
                    e->on_head_in(e, p, ph);
            }
            /* bare sink: free one held phit per cycle unless stalled */
            if (!stall) {
                for (int i = 0; i < V; i++) {
                    int v = (k->rr + i) % V;
                    if (k->held[v] > 0 && !((k->hold_mask >> v) & 1u)) {
                        in->out_cr[p][v] = 1;
                        k->held[v]--;
                        k->rr = (v + 1) % V;
                        break;
                    }
                }
            }
        } else {
            /* the NIC: its TX fed by the source, its input queue read by the
             * sink, its link_rx from the router's link_tx `lat` cycles ago */
            nr_lcbp_in ni;
            memset(&ni, 0, sizeof ni);
            ni.link_rx = e->dl_down[p][slot];
            nr_lcbp_out po;
            nr_lcbp_peek(e->nic[p], &po);
            if (want) {
                ni.tx_valid = 1;
                ni.tx_phit = ph;
            }
            if (!stall) {
                for (int i = 0; i < V; i++) {
                    int v = (k->rr + i) % V;
                    if (((po.rd_avail & ~k->hold_mask) >> v) & 1u) {
                        ni.rd_en = 1;
                        ni.rd_vc = v;
                        k->rr = (v + 1) % V;
                        break;
                    }
                }
            }
            nr_lcbp_out *no = &e->nout[p];
            nr_lcbp_eval(e->nic[p], &ni, no);
            taken[p] = (uint8_t)(want && no->tx_ready);
            if (no->rd_valid && k->last_rd_vc >= 0)
                yenv_sink_phit(e, p, k->last_rd_vc, no->rd_phit);
            k->last_rd_vc = ni.rd_en ? ni.rd_vc : -1;
            nr_lcbp_tick(e->nic[p]);
            /* the router's link_rx this cycle, then the NIC's phit goes in */
            in->link_rx[p] = e->dl_up[p][slot];
            e->dl_up[p][slot] = no->link_tx;
            int kin = nr_link_frame(&e->fin_in[p], in->link_rx[p]);
            if (kin == NR_KIND_HEAD && e->on_head_in)
                e->on_head_in(e, p, nr_phit_make(NR_KIND_HEAD, in->link_rx[p]));
        }
        if (taken[p]) {
            s->mid = nr_phit_kind(ph) != NR_KIND_EOP;
            s->head = (s->head + 1) & (s->cap - 1);
            s->n--;
            s->phits++;
        }
    }

    if (e->timer)
        e->timer(e, 0);
    nr_rtr_eval(e->rt, in, &e->out);
    nr_rtr_tick(e->rt);
    if (e->timer)
        e->timer(e, 1);

    for (int p = 0; p < n; p++) {
        yenv_sink *k = &e->snk[p];
        uint32_t tev = e->out.tev[p];
        if ((tev >> NR_TEV_RT_DROP) & 1u) {
            unsigned r = (tev >> NR_TEV_REASON_LSB) & 7u;
            e->drops[p]++;
            e->drop_reason_last[p] = r;
            e->drop_reason[r]++;
        }
        if ((tev >> NR_TEV_CFG_BAD) & 1u)
            e->cfg_bad++;
        if (!e->lcb) {
            for (int v = 0; v < V; v++)
                e->src[p].cred[v] += (int)e->out.in_cr[p][v];
            if (e->out.out_valid[p]) {
                uint32_t ph = e->out.out_phit[p];
                if (nr_phit_kind(ph) == NR_KIND_HEAD) {
                    k->vc = (int)nr_head_vc(ph) % V;
                    if (e->on_head_out)
                        e->on_head_out(e, p, ph);
                }
                e->phit_hops++;
                k->held[k->vc]++;
                yenv_sink_phit(e, p, k->vc, ph);
            }
        } else {
            e->dl_down[p][slot] = e->out.link_tx[p];
            int kout = nr_link_frame(&e->fin_out[p], e->out.link_tx[p]);
            if (kout >= 0)
                e->phit_hops++;
            if (kout == NR_KIND_HEAD && e->on_head_out)
                e->on_head_out(e, p, nr_phit_make(NR_KIND_HEAD, e->out.link_tx[p]));
            for (int b = 0; b < NR_EV_COUNT; b++)
                if ((e->out.ev[p] >> b) & 1u)
                    e->ev_count[b]++;
        }
    }
    e->t++;
}

/* Run until every source is empty and nothing moved for `quiet` cycles, or
 * max cycles passed. Returns 1 if drained. */
static inline int yenv_drain(yenv *e, int quiet, long max)
{
    int still = 0;
    for (long i = 0; i < max; i++) {
        uint64_t before = e->phit_hops;
        int backlog = 0;
        for (int p = 0; p < e->n; p++)
            backlog += e->src[p].n;
        yenv_step(e);
        if (!backlog && e->phit_hops == before) {
            if (++still >= quiet)
                return 1;
        } else {
            still = 0;
        }
    }
    return 0;
}

/* Model errors; print and return the count. */
static inline int yenv_errors(yenv *e)
{
    char buf[256];
    int k = nr_rtr_errors(e->rt, buf, sizeof buf);
    if (k)
        fprintf(stderr, "model errors: %d, first: %s\n", k, buf);
    return k;
}

#endif
