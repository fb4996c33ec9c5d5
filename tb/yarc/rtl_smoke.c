/* rtl_smoke.c - short smoke test of the Verilated YARC router (tb/yarc_rtl.h).
 *
 * Linked once per RTL build with smoke in its builds column
 * (mk/rtl_builds.mk); the build's parameters decide
 * the mode:
 *   bare (UseLcb = 0): every port injects a few packets to several
 *     destinations (a few source-routed, one unroutable per port) through a
 *     credit-respecting source (a HEAD only with MaxPktLen credits of its VC,
 *     docs/yarc-spec-questions.md M2); every output has an always-ready sink
 *     that returns one credit per phit in the next cycle.
 *   LCB (UseLcb = 1): each port talks to a C LCB model (nr_lcbp, the host end)
 *     over a zero-error channel of fixed latency in both directions; the host
 *     sends packets when its TX reports tx_vc_ok and reads its input queue.
 * Checks: every packet arrives once, intact (phit for phit, with the route
 * phit rotated and the CRC repaired for source routes), at the right port,
 * in order per flow; the unroutable ones are counted as RT_DROP NO_ROUTE;
 * all credits come home (bare source counters, host LCB TX credits); no LCB
 * error events. First it measures the zero-load latency of one packet, head
 * in to head out (doc §8: 6 + RowBusLat + ColLat with LCBs, 4 + ... bare).
 * Exit 0 on success, 1 on a failed check, 2 on a bad argument.
 * Usage: rtl_smoke [SEED]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/tbcheck.h"
#include "common/vctsend.h"
#include "common/linkframe.h"
#include "nr_cli.h"
#include "nr_crc.h"
#include "nr_lcb.h"
#include "nr_pkt.h"
#include "nr_rng.h"
#include "nr_router.h"
#include "nr_yarc.h"
#include "yarc_rtl.h"

#define MAXP 64
#define NPKT 6          /* packets per port (plus one unroutable) */
#define MAXLEN 16
#define CH_LAT 3        /* LCB mode: channel latency each way */
#define MAX_CYCLES 20000

typedef struct {
    uint32_t ph[MAXLEN];
    int len, dst, vc, drop;
    uint32_t exp[MAXLEN]; /* as it should leave the router */
} pkt_t;

/* Packet from src to dst on vc, length len (>= 2, >= 3 if r). */
static void make_pkt(pkt_t *k, int src, int dst, int vc, int len, int r, int np, nr_rng_t *rng)
{
    memset(k, 0, sizeof *k);
    k->len = len;
    k->dst = dst;
    k->vc = vc;
    k->drop = dst >= np;
    k->ph[0] = nr_head_make((unsigned)dst, (unsigned)vc, (unsigned)r, 0, 0);
    int i = 1;
    if (r) {
        unsigned hops[3] = {(unsigned)dst, (unsigned)src, 5u};
        k->ph[i++] = nr_route_make(hops, 3);
        k->ph[0] = nr_head_make(0x7FFF, (unsigned)vc, 1, 0, 0); /* dest ignored */
    }
    for (; i < len - 1; i++) k->ph[i] = nr_phit_make(NR_KIND_BODY, nr_rng_u32(rng) >> 8);
    k->ph[len - 1] = nr_eop_make(NR_OK_HEALTHY, 0);
    nr_pkt_fix_crc(k->ph, len);
    memcpy(k->exp, k->ph, sizeof k->ph);
    nr_pkt_route_hop(k->exp, len); /* the router rotates the route phit */
}

/* ---- per-port traffic state ---- */
typedef struct {
    pkt_t pk[NPKT + 2];
    int npk, cur, pos;             /* source: next packet, phit */
    tb_vctsend vct;                /* bare source credits */
} src_t;
typedef struct {
    uint32_t buf[NR_LCB_MAX_VCS][MAXLEN]; /* packet being received per VC */
    int len[NR_LCB_MAX_VCS];
    int cur_vc;                           /* bare output: VC of the packet in flight */
    int got;
    uint32_t cr_next[NR_LCB_MAX_VCS];     /* bare sink: credits to return next cycle */
} sink_t;

static src_t S[MAXP];
static sink_t K[MAXP];
/* expected arrivals per (dst, src, vc), in order */
static int next_idx[MAXP][MAXP][NR_LCB_MAX_VCS];

static void deliver(int dst, const uint32_t *ph, int len)
{
    int src = -1, idx = -1;
    /* find the flow whose next expected packet matches */
    unsigned vc = nr_head_vc(ph[0]);
    for (int s = 0; s < MAXP && src < 0; s++) {
        for (int i = next_idx[dst][s][vc]; i < S[s].npk; i++) {
            const pkt_t *k = &S[s].pk[i];
            if (k->drop || k->vc != (int)vc || k->dst != dst) continue;
            if (k->len == len && !memcmp(k->exp, ph, (size_t)len * sizeof *ph)) {
                src = s;
                idx = i;
            }
            break; /* only the next packet of this flow may arrive */
        }
    }
    CHECK(src >= 0, "port %d: unexpected or corrupt packet, head %06x len %d", dst, ph[0], len);
    if (src >= 0) {
        next_idx[dst][src][vc] = idx + 1;
        /* skip later packets of this flow that go elsewhere */
        K[dst].got++;
    }
}

/* ---- the run: router, host ends, traffic, per-cycle steps ---- */
typedef struct {
    yarc_rtl *h;
    nr_yarc_params p;
    nr_lcb_cfg lcfg;
    int np, nv, lcb;
    nr_lcbp *host[MAXP];                               /* LCB mode: host ends */
    uint32_t ch_up[MAXP][CH_LAT], ch_dn[MAXP][CH_LAT]; /* host->router, router->host */
    int expect_pkts, expect_drops;
    int got, drops, lat;                               /* lat: zero-load latency, -1 unseen */
    long head_in;                                      /* cycle the latency packet entered */
    int in_fin, out_fin; /* link framing of port 0's rx and the latency target's tx */
    int lat_port;
} smoke_t;

/* Strict arguments (the kit's parsers): a seed of "abc" or "-1" is an error
 * (exit 2), not seed 0 or 4294967295. */
static uint32_t parse_seed(int argc, char **argv)
{
    static const nr_cli_opt_t no_opts[] = {{NULL, NULL, NULL}};
    nr_cli_t cli;
    nr_cli_init(&cli, "rtl_smoke", "[SEED (0..4294967295, default 1)]", no_opts, argc, argv);
    uint32_t seed = 1u;
    int npos = 0;
    const char *v;
    char e[256];
    while (nr_cli_next_or_exit(&cli, &v) != NR_CLI_END) { /* no options: only NR_CLI_ARG */
        uint64_t s64;
        if (npos++ > 0) nr_cli_die(&cli, "unexpected argument '%s' (usage: rtl_smoke [SEED])", v);
        if (nr_cli_parse_u64(v, 0, UINT32_MAX, &s64, e, sizeof e)) nr_cli_die(&cli, "SEED: %s", e);
        seed = (uint32_t)s64;
    }
    return seed;
}

/* The router (its build's parameters decide the LCB max_len) and, with LCBs,
 * one host LCB per port. 0, or -1 after printing FAIL. */
static int smoke_open(smoke_t *x)
{
    x->lcfg = (nr_lcb_cfg){.timeout = 400, .retry_limit = 8, .max_len = 0};
    yarc_rtl *h = yarc_rtl_new(&(nr_lcb_cfg){.timeout = 400, .retry_limit = 8, .max_len = 64});
    yarc_rtl_params(h, &x->p);
    yarc_rtl_free(h);
    const nr_yarc_params *p = &x->p;
    x->lcfg.max_len = (uint32_t)p->max_pkt_len;
    x->h = yarc_rtl_new(&x->lcfg);
    x->np = p->rows * p->cols;
    x->nv = p->num_vcs;
    x->lcb = p->use_lcb;
    x->lat = -1;
    x->head_in = -1;
    x->lat_port = x->np / 2 + 1;
    printf("nr_yarc %dx%d (k=%d) NumVcs=%d InBufPerVc=%d RowBuf=%d ColBuf=%d RowBusLat=%d "
           "ColLat=%d UseLcb=%d MaxPktLen=%d LinkCrcW=%d\n",
           p->rows, p->cols, x->np, x->nv, p->in_buf_per_vc, p->row_buf_depth, p->col_buf_depth,
           p->row_bus_lat, p->col_lat, x->lcb, p->max_pkt_len, p->link_crc_w);
    if (!x->lcb) return 0;
    nr_lcb_params lp = {x->nv, p->in_buf_per_vc, p->replay_depth, p->window, p->max_pkt_len,
                        p->link_crc_w};
    char err[200];
    for (int q = 0; q < x->np; q++) {
        x->host[q] = nr_lcbp_new(&lp, &x->lcfg, err, sizeof err);
        if (!x->host[q]) {
            printf("FAIL host LCB: %s\n", err);
            return -1;
        }
    }
    return 0;
}

/* Phase 0: one packet 0 -> np/2+1 alone (latency); phase 1 the rest. */
static void smoke_traffic(smoke_t *x, nr_rng_t *rng)
{
    const int np = x->np, nv = x->nv;
    for (int s = 0; s < np; s++) {
        S[s].npk = 0;
        tb_vctsend_init(&S[s].vct, x->nv, x->p.in_buf_per_vc, x->p.max_pkt_len);
        if (s == 0) make_pkt(&S[s].pk[S[s].npk++], 0, np / 2 + 1, 0, 4, 0, np, rng);
        for (int i = 0; i < NPKT; i++) {
            int dst = (int)((s * 5u + (unsigned)i * 7u + 1u) % (unsigned)np);
            int r = (i == 3);
            int len = 2 + r + (int)nr_rng_below(rng, MAXLEN - 3);
            make_pkt(&S[s].pk[S[s].npk++], s, dst, i % nv, len, r, np, rng);
        }
        make_pkt(&S[s].pk[S[s].npk++], s, np + s, (s + 1) % nv, 5, 0, np, rng); /* unroutable */
    }
    for (int s = 0; s < np; s++)
        for (int i = 0; i < S[s].npk; i++) {
            if (S[s].pk[i].drop) x->expect_drops++;
            else x->expect_pkts++;
        }
}

/* Bare sources: credit-gated, one phit per cycle. */
static void drive_bare(smoke_t *x, nr_rtr_in *in, long cyc, int phase1)
{
    for (int s = 0; s < x->np; s++) {
        src_t *sr = &S[s];
        for (int v = 0; v < x->nv; v++) in->out_cr[s][v] = K[s].cr_next[v];
        if (sr->cur >= sr->npk || (s != 0 && !phase1) || (s == 0 && sr->cur == 1 && !phase1))
            continue;
        pkt_t *k = &sr->pk[sr->cur];
        if (!tb_vctsend_may(&sr->vct, k->vc, sr->pos == 0)) continue;
        in->in_valid[s] = 1;
        in->in_phit[s] = k->ph[sr->pos];
        tb_vctsend_sent(&sr->vct, k->vc);
        if (sr->pos == 0 && s == 0 && sr->cur == 0) x->head_in = cyc;
        if (++sr->pos == k->len) {
            sr->pos = 0;
            sr->cur++;
        }
    }
}

/* A phit at a sink (host input queue or bare output) of port q on VC v. */
static void sink_phit(smoke_t *x, int q, int v, uint32_t ph)
{
    sink_t *sk = &K[q];
    if (sk->len[v] < MAXLEN) sk->buf[v][sk->len[v]++] = ph;
    if (nr_phit_kind(ph) == NR_KIND_EOP) {
        deliver(q, sk->buf[v], sk->len[v]);
        x->got++;
        sk->len[v] = 0;
    }
}

#define SMOKE_EV_OK                                                                                \
    ((1u << NR_EV_TX_PKT) | (1u << NR_EV_TX_ACK) | (1u << NR_EV_RX_OK) | (1u << NR_EV_CTL_OK))

/* LCB mode: every host LCB sends its packets, drains its input queue (lowest
 * VC with data) and drives the host -> router channel. */
static void drive_lcb(smoke_t *x, nr_rtr_in *in, long cyc, int phase1)
{
    for (int q = 0; q < x->np; q++) {
        nr_lcbp_out ho;
        nr_lcbp_peek(x->host[q], &ho);
        nr_lcbp_in hi = {0};
        hi.link_rx = x->ch_dn[q][cyc % CH_LAT];
        src_t *sr = &S[q];
        if (sr->cur < sr->npk && (phase1 || (q == 0 && sr->cur == 0))) {
            pkt_t *k = &sr->pk[sr->cur];
            if (sr->pos > 0 || ((ho.tx_vc_ok >> k->vc) & 1u)) {
                hi.tx_valid = 1;
                hi.tx_phit = k->ph[sr->pos];
            }
        }
        for (int v = 0; v < x->nv; v++)
            if ((ho.rd_avail >> v) & 1u) {
                hi.rd_en = 1;
                hi.rd_vc = v;
                break;
            }
        nr_lcbp_eval(x->host[q], &hi, &ho);
        if (hi.tx_valid && ho.tx_ready && ++sr->pos == sr->pk[sr->cur].len) {
            sr->pos = 0;
            sr->cur++;
        }
        if (ho.rd_valid) {
            uint32_t ph = ho.rd_phit;
            int v = nr_phit_kind(ph) == NR_KIND_HEAD ? (int)nr_head_vc(ph) % x->nv : K[q].cur_vc;
            K[q].cur_vc = v;
            sink_phit(x, q, v, ph);
        }
        CHECK((ho.ev & ~SMOKE_EV_OK) == 0, "cycle %ld host %d: LCB event %05x", cyc, q, ho.ev);
        in->link_rx[q] = x->ch_up[q][cyc % CH_LAT];
        x->ch_up[q][cyc % CH_LAT] = ho.link_tx;
    }
    /* head of the latency packet arriving at router port 0 */
    if (nr_link_frame(&x->in_fin, in->link_rx[0]) == NR_KIND_HEAD && x->head_in < 0)
        x->head_in = cyc;
}

/* The router's outputs of this cycle: drops, events, bare sinks, links. */
static void take_outputs(smoke_t *x, const nr_rtr_out *out, long cyc)
{
    for (int q = 0; q < x->np; q++) {
        if (out->tev[q] & (1u << NR_TEV_RT_DROP)) {
            x->drops++;
            CHECK(((out->tev[q] >> NR_TEV_REASON_LSB) & 7u) == NR_DROP_NO_ROUTE,
                  "port %d drop reason %u", q, (out->tev[q] >> NR_TEV_REASON_LSB) & 7u);
        }
        CHECK(!(out->tev[q] & (1u << NR_TEV_CFG_BAD)), "port %d CFG_BAD", q);
        if (!x->lcb) {
            sink_t *sk = &K[q];
            memset(sk->cr_next, 0, sizeof sk->cr_next);
            uint32_t over = 0;
            int bad = tb_vctsend_return(&S[q].vct, out->in_cr[q], &over);
            CHECK(bad < 0, "port %d: input credits[%d] = %u > %d", q, bad, over, x->p.in_buf_per_vc);
            if (!out->out_valid[q]) continue;
            uint32_t ph = out->out_phit[q];
            if (nr_phit_kind(ph) == NR_KIND_HEAD) {
                sk->cur_vc = (int)nr_head_vc(ph) % x->nv;
                if (q == x->lat_port && x->lat < 0 && x->head_in >= 0)
                    x->lat = (int)(cyc - x->head_in);
            }
            sk->cr_next[sk->cur_vc]++;
            sink_phit(x, q, sk->cur_vc, ph);
        } else {
            CHECK((out->ev[q] & ~SMOKE_EV_OK) == 0, "cycle %ld router port %d: LCB event %05x",
                  cyc, q, out->ev[q]);
            CHECK(!out->link_down[q], "port %d link down", q);
            if (q == x->lat_port && nr_link_frame(&x->out_fin, out->link_tx[q]) == NR_KIND_HEAD &&
                x->lat < 0 && x->head_in >= 0)
                x->lat = (int)(cyc - x->head_in);
            x->ch_dn[q][cyc % CH_LAT] = out->link_tx[q];
        }
    }
}

/* Every credit back at its sender (host LCB TX, bare source counters). */
static int credits_home(const smoke_t *x)
{
    for (int q = 0; q < x->np; q++) {
        if (x->lcb) {
            nr_lcbp_out ho;
            nr_lcbp_peek(x->host[q], &ho);
            for (int v = 0; v < x->nv; v++)
                if (ho.credits[v] != (uint32_t)x->p.in_buf_per_vc) return 0;
        } else {
            if (!tb_vctsend_home(&S[q].vct)) return 0;
        }
    }
    return 1;
}

int main(int argc, char **argv)
{
    uint32_t seed = parse_seed(argc, argv);
    printf("rtl_smoke seed %u\n", seed);
    nr_rng_t rng;
    nr_rng_seed(&rng, seed);
    static smoke_t x;
    if (smoke_open(&x)) return 1;
    smoke_traffic(&x, &rng);

    long cyc;
    for (cyc = 0; cyc < MAX_CYCLES; cyc++) {
        nr_rtr_in in;
        nr_rtr_out out;
        memset(&in, 0, sizeof in);
        int phase1 = cyc >= 60; /* the latency packet goes alone first */
        if (x.lcb) drive_lcb(&x, &in, cyc, phase1);
        else drive_bare(&x, &in, cyc, phase1);
        yarc_rtl_eval(x.h, &in, &out);
        take_outputs(&x, &out, cyc);
        yarc_rtl_tick(x.h);
        if (x.lcb)
            for (int q = 0; q < x.np; q++) nr_lcbp_tick(x.host[q]);
        /* drained: wait for the credits to come home */
        if (x.got == x.expect_pkts && x.drops == x.expect_drops && cyc > 60 && credits_home(&x))
            break;
    }
    /* yarc-arch section 8; the 32-bit link check's trailer stage adds a cycle */
    const nr_yarc_params *p = &x.p;
    const int zl_want = (x.lcb ? 6 + (p->link_crc_w == 32) : 4) + p->row_bus_lat + p->col_lat;
    printf("cycles %ld, packets %d/%d, drops %d/%d, zero-load latency %d (doc: %d)\n", cyc, x.got,
           x.expect_pkts, x.drops, x.expect_drops, x.lat, zl_want);
    CHECK(cyc < MAX_CYCLES, "did not drain with all credits home in %d cycles", MAX_CYCLES);
    CHECK(x.got == x.expect_pkts, "received %d of %d packets", x.got, x.expect_pkts);
    CHECK(x.drops == x.expect_drops, "RT_DROP %d, expected %d", x.drops, x.expect_drops);
    CHECK(x.lat == zl_want, "zero-load latency %d", x.lat);
    for (int s = 0; s < x.np; s++)
        for (int i = 0; i < S[s].npk; i++)
            if (!S[s].pk[i].drop)
                CHECK(next_idx[S[s].pk[i].dst][s][S[s].pk[i].vc] > i, "packet %d of port %d lost", i, s);
    yarc_rtl_free(x.h);
    for (int q = 0; q < x.np; q++)
        if (x.host[q]) nr_lcbp_free(x.host[q]);
    printf("%s\n", nr_fails ? "FAILED" : "PASSED");
    return nr_fails ? 1 : 0;
}
