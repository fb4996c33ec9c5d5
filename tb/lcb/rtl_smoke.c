/* rtl_smoke.c - smoke test of the RTL port link layer (nr_lcb_port).
 *
 * Two RTL ports A and B are wired back to back over a fixed-latency C delay
 * line. Each sends tagged packets of random length on random VCs to the other
 * and reads its own input queue. The test checks that:
 *   - every packet arrives intact, once, in order per VC (reader side);
 *   - every credit comes back: at the end both TXs hold BufPerVc credits per
 *     VC, the input queues are empty and the control channels are in SYNC;
 *   - error-free runs raise no error event and never replay or time out.
 * With -e P every link phit is corrupted with probability P (one random bit
 * flipped, or with -E the whole phit erased to 0), which exercises go-back-N:
 * aborted packets (EOP {TX_ERR, 0, 0}) are skipped by the reader and the
 * retransmission must still deliver every packet exactly once, in order.
 *
 * usage: rtl_smoke [-s SEED] [-n PKTS] [-l LATENCY] [-e PROB] [-E] [-r READP]
 *                  [-i IDLEP] [-g GAPP] [-t FILE.fst]
 *   -n packets per direction (default 400), -l link latency (default 5),
 *   -r probability that a reader reads in a cycle (default 1.0),
 *   -i probability that a source idles between packets (default 0.2),
 *   -g probability of a gap (tx_valid = 0, sent as a PAD) before each phit
 *      after the head (default 0.05),
 *   -t trace port A to FILE.fst (traced builds only).
 * Values are parsed strictly (a seed of "abc", a probability of 2 or a
 * latency of "5x" exits 2 with a message). Exit status 0 on pass. The seed
 * is always printed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lcb_rtl.h"
#include "nr_cli.h"
#include "nr_lcb.h"
#include "nr_pkt.h"
#include "nr_rng.h"

#define MAX_LAT 1024

typedef struct {
    uint32_t *ph;
    int len;
    unsigned vc;
} pkt_t;

typedef struct {
    /* transmit side */
    pkt_t *pk;          /* packets this side sends */
    int npk;
    int *vcq[NR_LCB_MAX_VCS]; /* per VC, packet indices in send order */
    int vcn[NR_LCB_MAX_VCS];
    int vcnext[NR_LCB_MAX_VCS];
    int cur, pos;       /* packet being sent (-1 none) and next phit */
    unsigned rr;        /* round-robin VC pointer */
    long sent_pkts;
    /* receive side: the peer's packets */
    int rxnext[NR_LCB_MAX_VCS];            /* next expected index in peer vcq */
    uint32_t *asm_ph[NR_LCB_MAX_VCS];      /* packet being read, per VC */
    int asm_len[NR_LCB_MAX_VCS];
    int last_rd_vc;                        /* VC read in the previous cycle, -1 none */
    unsigned rd_rr;
    long rx_pkts, rx_aborted;
    long cr_sum[NR_LCB_MAX_VCS];           /* inq_cr total */
    long wr_phits[NR_LCB_MAX_VCS];         /* phits read from the queue */
    long ev[NR_EV_COUNT];
} side_t;

static const char *ev_name[NR_EV_COUNT] = {
    "TX_PKT", "TX_REPLAY", "TX_TIMEOUT", "TX_NACK", "TX_SOFT", "TX_PROTO", "TX_ACK",
    "LINK_DOWN", "RX_OK", "RX_CRC", "RX_CLIP", "RX_DUP", "RX_MARKER", "RX_IDLE_BAD",
    "CTL_OK", "CTL_BAD", "CTL_REJECT", "CTL_SYNC_LOST", "INQ_REWIND", "INQ_OVF"};

static void fail(const char *side, long cyc, const char *msg)
{
    fprintf(stderr, "FAIL %s cycle %ld: %s\n", side, cyc, msg);
    exit(1);
}

static int clog2i(int x)
{
    int n = 0;
    while ((1 << n) < x) n++;
    return n;
}

typedef struct {
    uint64_t seed;
    int npk, lat, erase;
    double errp, readp, idlep, gapp;
    const char *trace;
} smoke_opts;

static void usage_die(const char *msg, const char *opt, const char *err)
{
    fprintf(stderr, "rtl_smoke: %s%s%s%s (usage: see the top of tb/lcb/rtl_smoke.c)\n", msg,
            opt ? opt : "", err ? ": " : "", err ? err : "");
    exit(2);
}

static smoke_opts parse_args(int argc, char **argv)
{
    smoke_opts o = {.seed = 1, .npk = 400, .lat = 5, .readp = 1.0, .idlep = 0.2, .gapp = 0.05};
    char e[128];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = (i + 1 < argc) ? argv[i + 1] : NULL;
        if (!strcmp(a, "-E")) { o.erase = 1; continue; }
        if (!v) usage_die("option needs a value: ", a, NULL);
        long n;
        int bad = 0;
        if (!strcmp(a, "-s")) bad = nr_cli_parse_u64(v, 0, UINT64_MAX, &o.seed, e, sizeof e);
        else if (!strcmp(a, "-n")) { bad = nr_cli_parse_long(v, 1, 1000000, &n, e, sizeof e); o.npk = (int)n; }
        else if (!strcmp(a, "-l")) { bad = nr_cli_parse_long(v, 1, MAX_LAT, &n, e, sizeof e); o.lat = (int)n; }
        else if (!strcmp(a, "-e")) bad = nr_cli_parse_double(v, 0.0, 1.0, &o.errp, e, sizeof e);
        else if (!strcmp(a, "-r")) bad = nr_cli_parse_double(v, 0.0, 1.0, &o.readp, e, sizeof e);
        else if (!strcmp(a, "-i")) bad = nr_cli_parse_double(v, 0.0, 1.0, &o.idlep, e, sizeof e);
        else if (!strcmp(a, "-g")) bad = nr_cli_parse_double(v, 0.0, 1.0, &o.gapp, e, sizeof e);
        else if (!strcmp(a, "-t")) o.trace = v;
        else usage_die("unknown option ", a, NULL);
        if (bad) usage_die("", a, e);
        i++;
    }
    return o;
}

/* Packets side k sends (tagged, random VC, mostly short, some of maxlen), and
 * its per-VC send queues. 0, or -1 with a message. */
static int build_side(side_t *me, int k, int npk, int maxlen, int nvc, nr_rng_t *rng)
{
    me->pk = calloc((size_t)npk, sizeof(pkt_t));
    for (int v = 0; v < nvc; v++) me->vcq[v] = calloc((size_t)npk, sizeof(int));
    for (int v = 0; v < NR_LCB_MAX_VCS; v++) me->asm_ph[v] = calloc((size_t)maxlen + 1, sizeof(uint32_t));
    uint32_t fseq[NR_LCB_MAX_VCS] = {0};
    for (int i = 0; i < npk; i++) {
        nr_pkt_desc_t d;
        memset(&d, 0, sizeof d);
        d.vc = (unsigned)nr_rng_below(rng, (uint64_t)nvc);
        d.dest = 1u - (unsigned)k;
        d.src = (unsigned)k;
        d.seq = fseq[d.vc]++;
        int lo = nr_pkt_min_len(&d);
        d.len = nr_rng_bernoulli(rng, 0.1) ? maxlen : lo + (int)nr_rng_below(rng, (uint64_t)(maxlen - lo + 1));
        pkt_t *pk = &me->pk[i];
        pk->ph = calloc((size_t)d.len, sizeof(uint32_t));
        char err[128];
        pk->len = nr_pkt_build(&d, pk->ph, d.len, err, sizeof err);
        if (pk->len < 0) {
            fprintf(stderr, "rtl_smoke: build: %s\n", err);
            return -1;
        }
        pk->vc = d.vc;
        me->vcq[d.vc][me->vcn[d.vc]++] = i;
    }
    me->npk = npk;
    me->cur = -1;
    me->last_rd_vc = -1;
    return 0;
}

typedef struct {
    smoke_opts o;
    nr_lcb_params p;
    nr_lcb_cfg cfg;
    int w, maxlen;
    lcbp_rtl *port[2];
    side_t s[2];
    nr_rng_t rng_pkt, rng_idle, rng_err, rng_rd;
    uint32_t line[2][MAX_LAT]; /* line[k]: phits sent by k, arriving at 1-k */
    long errors_injected;
} smoke_t;

static const char *const side_name[2] = {"A", "B"};

/* Side k's inputs: its source (round robin over VCs with tx_vc_ok, random
 * idles between packets and gaps inside) and its reader. */
static void side_inputs(smoke_t *x, int k, nr_lcbp_in *in, nr_lcbp_out *out, long cyc)
{
    side_t *me = &x->s[k];
    const int nvc = x->p.num_vcs;
    memset(in, 0, sizeof *in);
    in->link_rx = x->line[1 - k][cyc % x->o.lat];
    /* First look at the state-only outputs (tx_vc_ok, rd_avail). */
    lcbp_rtl_eval(x->port[k], in, out);
    if (me->cur < 0 && !nr_rng_bernoulli(&x->rng_idle, x->o.idlep)) {
        for (int j = 0; j < nvc; j++) {
            unsigned v = (me->rr + (unsigned)j) % (unsigned)nvc;
            if (me->vcnext[v] < me->vcn[v] && (out->tx_vc_ok >> v & 1u)) {
                me->cur = me->vcq[v][me->vcnext[v]++];
                me->pos = 0;
                me->rr = v + 1;
                break;
            }
        }
    }
    if (me->cur >= 0 && !(me->pos > 0 && nr_rng_bernoulli(&x->rng_idle, x->o.gapp))) {
        in->tx_valid = 1;
        in->tx_phit = me->pk[me->cur].ph[me->pos];
    }
    if (out->rd_avail && nr_rng_bernoulli(&x->rng_rd, x->o.readp)) {
        for (int j = 0; j < nvc; j++) {
            unsigned v = (me->rd_rr + (unsigned)j) % (unsigned)nvc;
            if (out->rd_avail >> v & 1u) {
                in->rd_en = 1;
                in->rd_vc = (int)v;
                me->rd_rr = v + 1;
                break;
            }
        }
    }
    lcbp_rtl_eval(x->port[k], in, out);
}

/* A whole packet of n phits read on VC v by side k: an aborted cut-through
 * copy, or the peer's next packet on v, exactly. */
static void rx_packet(smoke_t *x, int k, int v, int n, long cyc)
{
    side_t *me = &x->s[k], *peer = &x->s[1 - k];
    uint32_t eop = me->asm_ph[v][n - 1];
    if (nr_eop_ok(eop) == NR_OK_TX_ERR && nr_eop_crc(eop) == 0) {
        me->rx_aborted++; /* cut-through copy of a bad packet */
        return;
    }
    if (peer->vcn[v] <= me->rxnext[v]) fail(side_name[k], cyc, "unexpected packet");
    const pkt_t *pk = &peer->pk[peer->vcq[v][me->rxnext[v]]];
    if (pk->len != n || memcmp(pk->ph, me->asm_ph[v], (size_t)n * sizeof(uint32_t))) {
        char msg[256];
        snprintf(msg, sizeof msg, "VC %d packet %d differs (len %d, expected %d)", v, me->rxnext[v],
                 n, pk->len);
        for (int j = 0; j < n || j < pk->len; j++)
            fprintf(stderr, "  [%2d] got %06x expected %06x\n", j, j < n ? me->asm_ph[v][j] : 0u,
                    j < pk->len ? pk->ph[j] : 0u);
        for (int j = 0; j < n; j++)
            for (int q = 0; q < peer->npk; q++)
                for (int r = 0; r < peer->pk[q].len; r++)
                    if (nr_phit_data(peer->pk[q].ph[r]) == nr_phit_data(me->asm_ph[v][j]))
                        fprintf(stderr, "  got[%d] is sent packet %d (VC %u) phit %d of %d (eop %06x)\n",
                                j, q, peer->pk[q].vc, r, peer->pk[q].len,
                                peer->pk[q].ph[peer->pk[q].len - 1]);
        fail(side_name[k], cyc, msg);
    }
    me->rxnext[v]++;
    me->rx_pkts++;
}

/* Side k's outputs: events, credits, transmit progress, read data. */
static void side_outputs(smoke_t *x, int k, const nr_lcbp_in *in, const nr_lcbp_out *o, long cyc)
{
    side_t *me = &x->s[k];
    const char *name = side_name[k];
    for (int e = 0; e < NR_EV_COUNT; e++)
        if (o->ev >> e & 1u) me->ev[e]++;
    if (o->link_down) fail(name, cyc, "link down");
    for (int v = 0; v < x->p.num_vcs; v++) {
        if ((int)o->credits[v] > x->p.buf_per_vc) fail(name, cyc, "credits above BufPerVc");
        me->cr_sum[v] += o->inq_cr[v];
    }
    if (me->cur >= 0 && in->tx_valid) {
        if (o->tx_ready) {
            if (++me->pos == me->pk[me->cur].len) {
                me->cur = -1;
                me->sent_pkts++;
            }
        } else if (me->pos > 0) {
            fail(name, cyc, "tx_ready dropped in the middle of a packet");
        }
    }
    /* read data of last cycle's read */
    if (o->rd_valid != (me->last_rd_vc >= 0)) fail(name, cyc, "rd_valid mismatch");
    if (o->rd_valid) {
        int v = me->last_rd_vc;
        me->wr_phits[v]++;
        if (me->asm_len[v] >= x->maxlen + 1) fail(name, cyc, "read packet too long");
        me->asm_ph[v][me->asm_len[v]++] = o->rd_phit;
        if (nr_phit_kind(o->rd_phit) == NR_KIND_EOP) {
            int n = me->asm_len[v];
            me->asm_len[v] = 0;
            rx_packet(x, k, v, n, cyc);
        } else if (me->asm_len[v] == 1 && nr_phit_kind(o->rd_phit) != NR_KIND_HEAD) {
            fail(name, cyc, "packet does not start with a HEAD");
        }
    }
    me->last_rd_vc = in->rd_en ? in->rd_vc : -1;
}

/* Everything arrived, every credit back, both control channels in SYNC. */
static int all_quiet(const smoke_t *x, const nr_lcbp_out *out)
{
    for (int k = 0; k < 2; k++) {
        if (x->s[k].sent_pkts != x->o.npk || x->s[1 - k].rx_pkts != x->o.npk || !out[k].ctl_sync)
            return 0;
        for (int v = 0; v < x->p.num_vcs; v++)
            if ((int)out[k].credits[v] != x->p.buf_per_vc || out[k].occ[v]) return 0;
    }
    return 1;
}

/* Per-side summary and the end checks; 1 if any failed. */
static int report(const smoke_t *x)
{
    int bad = 0;
    const int npk = x->o.npk;
    for (int k = 0; k < 2; k++) {
        const side_t *me = &x->s[k];
        const char *name = side_name[k];
        printf("%s: sent %ld, received %ld (+%ld aborted copies); events:", name, me->sent_pkts,
               me->rx_pkts, me->rx_aborted);
        for (int e = 0; e < NR_EV_COUNT; e++)
            if (me->ev[e]) printf(" %s=%ld", ev_name[e], me->ev[e]);
        printf("\n");
        if (me->sent_pkts != npk || x->s[1 - k].rx_pkts != npk) bad = 1;
        if (me->ev[NR_EV_TX_PKT] != npk) { printf("%s: TX_PKT count %ld\n", name, me->ev[NR_EV_TX_PKT]); bad = 1; }
        if (x->o.errp > 0) continue;
        static const int never[] = {NR_EV_TX_REPLAY, NR_EV_TX_TIMEOUT, NR_EV_TX_NACK, NR_EV_TX_SOFT,
                                    NR_EV_TX_PROTO, NR_EV_LINK_DOWN, NR_EV_RX_CRC, NR_EV_RX_CLIP,
                                    NR_EV_RX_DUP, NR_EV_RX_MARKER, NR_EV_RX_IDLE_BAD, NR_EV_CTL_BAD,
                                    NR_EV_CTL_REJECT, NR_EV_CTL_SYNC_LOST, NR_EV_INQ_REWIND,
                                    NR_EV_INQ_OVF};
        for (size_t j = 0; j < sizeof never / sizeof never[0]; j++)
            if (me->ev[never[j]]) { printf("%s: unexpected %s\n", name, ev_name[never[j]]); bad = 1; }
        if (me->ev[NR_EV_RX_OK] != npk) { printf("%s: RX_OK %ld\n", name, me->ev[NR_EV_RX_OK]); bad = 1; }
        for (int v = 0; v < x->p.num_vcs; v++)
            if (me->cr_sum[v] != me->wr_phits[v]) {
                printf("%s: VC %d freed %ld credits for %ld phits read\n", name, v, me->cr_sum[v],
                       me->wr_phits[v]);
                bad = 1;
            }
    }
    return bad;
}

int main(int argc, char **argv)
{
    static smoke_t x;
    x.o = parse_args(argc, argv);
    const smoke_opts *o = &x.o;
    /* The build's parameters, then the timeout of link-protocol.md §11. */
    {
        nr_lcb_cfg c0 = {1000, 16, 2};
        lcbp_rtl *probe = lcbp_rtl_new(&c0);
        lcbp_rtl_params(probe, &x.p);
        lcbp_rtl_free(probe);
    }
    const nr_lcb_params *p = &x.p;
    x.w = 16 + p->num_vcs * clog2i(p->buf_per_vc + 1);
    const int rtt = 2 * o->lat + 2 * x.w + 4;
    x.cfg.timeout = (uint32_t)(rtt + p->max_pkt_len + 64);
    x.cfg.retry_limit = 32;
    x.cfg.max_len = (uint32_t)(p->max_pkt_len < 255 ? p->max_pkt_len : 255);
    x.maxlen = (int)x.cfg.max_len;
    printf("rtl_smoke: seed %llu, NumVcs %d BufPerVc %d ReplayDepth %d Window %d MaxPktLen %d, "
           "latency %d, W %d, timeout %u, %d packets each way, error prob %g%s\n",
           (unsigned long long)o->seed, p->num_vcs, p->buf_per_vc, p->replay_depth, p->window,
           p->max_pkt_len, o->lat, x.w, x.cfg.timeout, o->npk, o->errp, o->erase ? " (erasures)" : "");
    for (int k = 0; k < 2; k++) x.port[k] = lcbp_rtl_new(&x.cfg);
    if (o->trace && lcbp_rtl_trace(x.port[0], o->trace) != 0)
        fprintf(stderr, "rtl_smoke: -t ignored (not a traced build)\n");
    nr_rng_stream(&x.rng_pkt, o->seed, NR_RNG_STREAM(NR_RNG_P_INJECT, 0));
    nr_rng_stream(&x.rng_idle, o->seed, NR_RNG_STREAM(NR_RNG_P_IDLE, 0));
    nr_rng_stream(&x.rng_err, o->seed, NR_RNG_STREAM(NR_RNG_P_ERROR, 0));
    nr_rng_stream(&x.rng_rd, o->seed, NR_RNG_STREAM(NR_RNG_P_BACKPRESSURE, 0));
    for (int k = 0; k < 2; k++)
        if (build_side(&x.s[k], k, o->npk, x.maxlen, p->num_vcs, &x.rng_pkt)) return 2;

    const long max_cycles = 200000L + (long)o->npk * p->max_pkt_len * 40;
    long cyc, quiet_since = -1;
    for (cyc = 0; cyc < max_cycles; cyc++) {
        nr_lcbp_in in[2];
        nr_lcbp_out out[2];
        for (int k = 0; k < 2; k++) side_inputs(&x, k, &in[k], &out[k], cyc);
        for (int k = 0; k < 2; k++) side_outputs(&x, k, &in[k], &out[k], cyc);
        /* the channel: a random bit flipped, or the phit erased */
        for (int k = 0; k < 2; k++) {
            uint32_t ph = out[k].link_tx;
            if (o->errp > 0 && nr_rng_bernoulli(&x.rng_err, o->errp)) {
                ph = o->erase ? 0 : ph ^ (1u << nr_rng_below(&x.rng_err, 24));
                x.errors_injected++;
            }
            x.line[k][cyc % o->lat] = ph;
        }
        for (int k = 0; k < 2; k++) lcbp_rtl_tick(x.port[k]);
        /* done when everything arrived and every credit is back */
        if (all_quiet(&x, out)) {
            if (quiet_since < 0) quiet_since = cyc;
            if (cyc - quiet_since > 4 * x.w) break;
        } else {
            quiet_since = -1;
        }
    }
    int bad = report(&x);
    printf("rtl_smoke: %ld cycles, %ld errors injected: %s\n", cyc, x.errors_injected,
           (bad || cyc >= max_cycles) ? "FAIL" : "PASS");
    if (o->trace) lcbp_rtl_trace_stop(x.port[0]);
    for (int k = 0; k < 2; k++) {
        lcbp_rtl_free(x.port[k]);
        for (int i = 0; i < o->npk; i++) free(x.s[k].pk[i].ph);
        free(x.s[k].pk);
        for (int v = 0; v < NR_LCB_MAX_VCS; v++) {
            free(x.s[k].vcq[v]);
            free(x.s[k].asm_ph[v]);
        }
    }
    return (bad || cyc >= max_cycles) ? 1 : 0;
}
