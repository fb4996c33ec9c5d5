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
 * Exit status 0 on pass. The seed is always printed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lcb_rtl.h"
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

int main(int argc, char **argv)
{
    uint64_t seed = 1;
    int npk = 400, lat = 5, erase = 0;
    double errp = 0.0, readp = 1.0, idlep = 0.2, gapp = 0.05;
    const char *trace = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = (i + 1 < argc) ? argv[i + 1] : NULL;
        if (!strcmp(a, "-E")) { erase = 1; continue; }
        if (!v) { fprintf(stderr, "usage: see the top of tb/lcb/rtl_smoke.c\n"); return 2; }
        if (!strcmp(a, "-s")) seed = strtoull(v, NULL, 0);
        else if (!strcmp(a, "-n")) npk = atoi(v);
        else if (!strcmp(a, "-l")) lat = atoi(v);
        else if (!strcmp(a, "-e")) errp = atof(v);
        else if (!strcmp(a, "-r")) readp = atof(v);
        else if (!strcmp(a, "-i")) idlep = atof(v);
        else if (!strcmp(a, "-g")) gapp = atof(v);
        else if (!strcmp(a, "-t")) trace = v;
        else { fprintf(stderr, "rtl_smoke: unknown option %s\n", a); return 2; }
        i++;
    }
    if (lat < 1 || lat > MAX_LAT || npk < 1) { fprintf(stderr, "rtl_smoke: bad -l or -n\n"); return 2; }

    /* Create the two ports. The timeout follows link-protocol.md §11. */
    nr_lcb_cfg cfg = {0, 0, 0};
    nr_lcb_params p;
    {
        nr_lcb_cfg c0 = {1000, 16, 2};
        lcbp_rtl *probe = lcbp_rtl_new(&c0);
        lcbp_rtl_params(probe, &p);
        lcbp_rtl_free(probe);
    }
    const int cw = clog2i(p.buf_per_vc + 1);
    const int w = 16 + p.num_vcs * cw;
    const int rtt = 2 * lat + 2 * w + 4;
    cfg.timeout = (uint32_t)(rtt + p.max_pkt_len + 64);
    cfg.retry_limit = 32;
    cfg.max_len = (uint32_t)(p.max_pkt_len < 255 ? p.max_pkt_len : 255);
    printf("rtl_smoke: seed %llu, NumVcs %d BufPerVc %d ReplayDepth %d Window %d MaxPktLen %d, "
           "latency %d, W %d, timeout %u, %d packets each way, error prob %g%s\n",
           (unsigned long long)seed, p.num_vcs, p.buf_per_vc, p.replay_depth, p.window,
           p.max_pkt_len, lat, w, cfg.timeout, npk, errp, erase ? " (erasures)" : "");

    lcbp_rtl *port[2] = {lcbp_rtl_new(&cfg), lcbp_rtl_new(&cfg)};
    const char *name[2] = {"A", "B"};
    if (trace && lcbp_rtl_trace(port[0], trace) != 0)
        fprintf(stderr, "rtl_smoke: -t ignored (not a traced build)\n");

    nr_rng_t rng_pkt, rng_idle, rng_err, rng_rd;
    nr_rng_stream(&rng_pkt, seed, NR_RNG_STREAM(NR_RNG_P_INJECT, 0));
    nr_rng_stream(&rng_idle, seed, NR_RNG_STREAM(NR_RNG_P_IDLE, 0));
    nr_rng_stream(&rng_err, seed, NR_RNG_STREAM(NR_RNG_P_ERROR, 0));
    nr_rng_stream(&rng_rd, seed, NR_RNG_STREAM(NR_RNG_P_BACKPRESSURE, 0));

    /* Build the packets. */
    side_t s[2];
    memset(s, 0, sizeof s);
    const int maxlen = (int)cfg.max_len;
    for (int k = 0; k < 2; k++) {
        s[k].pk = calloc((size_t)npk, sizeof(pkt_t));
        for (int v = 0; v < p.num_vcs; v++) s[k].vcq[v] = calloc((size_t)npk, sizeof(int));
        for (int v = 0; v < NR_LCB_MAX_VCS; v++)
            s[k].asm_ph[v] = calloc((size_t)maxlen + 1, sizeof(uint32_t));
        uint32_t fseq[NR_LCB_MAX_VCS] = {0};
        for (int i = 0; i < npk; i++) {
            nr_pkt_desc_t d;
            memset(&d, 0, sizeof d);
            d.vc = (unsigned)nr_rng_below(&rng_pkt, (uint64_t)p.num_vcs);
            d.dest = 1u - (unsigned)k;
            d.src = (unsigned)k;
            d.seq = fseq[d.vc]++;
            int lo = nr_pkt_min_len(&d);
            /* mostly short packets, some of maximum length */
            d.len = nr_rng_bernoulli(&rng_pkt, 0.1) ? maxlen
                    : lo + (int)nr_rng_below(&rng_pkt, (uint64_t)(maxlen - lo + 1));
            pkt_t *pk = &s[k].pk[i];
            pk->ph = calloc((size_t)d.len, sizeof(uint32_t));
            char err[128];
            pk->len = nr_pkt_build(&d, pk->ph, d.len, err, sizeof err);
            if (pk->len < 0) { fprintf(stderr, "rtl_smoke: build: %s\n", err); return 2; }
            pk->vc = d.vc;
            s[k].vcq[d.vc][s[k].vcn[d.vc]++] = i;
        }
        s[k].npk = npk;
        s[k].cur = -1;
        s[k].last_rd_vc = -1;
    }

    uint32_t line[2][MAX_LAT]; /* line[k]: phits sent by k, arriving at 1-k */
    memset(line, 0, sizeof line);
    long errors_injected = 0;
    const long max_cycles = 200000L + (long)npk * p.max_pkt_len * 40;
    long cyc, quiet_since = -1;
    for (cyc = 0; cyc < max_cycles; cyc++) {
        nr_lcbp_in in[2];
        nr_lcbp_out out[2];
        for (int k = 0; k < 2; k++) {
            side_t *me = &s[k];
            memset(&in[k], 0, sizeof in[k]);
            in[k].link_rx = line[1 - k][cyc % lat];
            /* First look at the state-only outputs (tx_vc_ok, rd_avail). */
            lcbp_rtl_eval(port[k], &in[k], &out[k]);
            /* Source. */
            if (me->cur < 0 && !nr_rng_bernoulli(&rng_idle, idlep)) {
                for (int j = 0; j < p.num_vcs; j++) {
                    unsigned v = (me->rr + (unsigned)j) % (unsigned)p.num_vcs;
                    if (me->vcnext[v] < me->vcn[v] && (out[k].tx_vc_ok >> v & 1u)) {
                        me->cur = me->vcq[v][me->vcnext[v]++];
                        me->pos = 0;
                        me->rr = v + 1;
                        break;
                    }
                }
            }
            if (me->cur >= 0 && !(me->pos > 0 && nr_rng_bernoulli(&rng_idle, gapp))) {
                in[k].tx_valid = 1;
                in[k].tx_phit = me->pk[me->cur].ph[me->pos];
            }
            /* Reader. */
            if (out[k].rd_avail && nr_rng_bernoulli(&rng_rd, readp)) {
                for (int j = 0; j < p.num_vcs; j++) {
                    unsigned v = (me->rd_rr + (unsigned)j) % (unsigned)p.num_vcs;
                    if (out[k].rd_avail >> v & 1u) {
                        in[k].rd_en = 1;
                        in[k].rd_vc = (int)v;
                        me->rd_rr = v + 1;
                        break;
                    }
                }
            }
            lcbp_rtl_eval(port[k], &in[k], &out[k]);
        }
        for (int k = 0; k < 2; k++) {
            side_t *me = &s[k], *peer = &s[1 - k];
            nr_lcbp_out *o = &out[k];
            char msg[256];
            for (int e = 0; e < NR_EV_COUNT; e++)
                if (o->ev >> e & 1u) me->ev[e]++;
            if (o->link_down) fail(name[k], cyc, "link down");
            for (int v = 0; v < p.num_vcs; v++) {
                if ((int)o->credits[v] > p.buf_per_vc) fail(name[k], cyc, "credits above BufPerVc");
                me->cr_sum[v] += o->inq_cr[v];
            }
            /* transmit progress */
            if (me->cur >= 0 && in[k].tx_valid) {
                if (o->tx_ready) {
                    if (++me->pos == me->pk[me->cur].len) { me->cur = -1; me->sent_pkts++; }
                } else if (me->pos > 0) {
                    fail(name[k], cyc, "tx_ready dropped in the middle of a packet");
                }
            }
            /* read data of last cycle's read */
            if (o->rd_valid != (me->last_rd_vc >= 0)) fail(name[k], cyc, "rd_valid mismatch");
            if (o->rd_valid) {
                int v = me->last_rd_vc;
                me->wr_phits[v]++;
                if (me->asm_len[v] >= maxlen + 1) fail(name[k], cyc, "read packet too long");
                me->asm_ph[v][me->asm_len[v]++] = o->rd_phit;
                if (nr_phit_kind(o->rd_phit) == NR_KIND_EOP) {
                    int n = me->asm_len[v];
                    me->asm_len[v] = 0;
                    uint32_t eop = o->rd_phit;
                    if (nr_eop_ok(eop) == NR_OK_TX_ERR && nr_eop_crc(eop) == 0) {
                        me->rx_aborted++; /* cut-through copy of a bad packet */
                    } else {
                        if (peer->vcn[v] <= me->rxnext[v]) fail(name[k], cyc, "unexpected packet");
                        const pkt_t *x = &peer->pk[peer->vcq[v][me->rxnext[v]]];
                        if (x->len != n || memcmp(x->ph, me->asm_ph[v], (size_t)n * sizeof(uint32_t))) {
                            snprintf(msg, sizeof msg, "VC %d packet %d differs (len %d, expected %d)",
                                     v, me->rxnext[v], n, x->len);
                            for (int j = 0; j < n || j < x->len; j++)
                                fprintf(stderr, "  [%2d] got %06x expected %06x\n", j,
                                        j < n ? me->asm_ph[v][j] : 0u, j < x->len ? x->ph[j] : 0u);
                            for (int j = 0; j < n; j++)
                                for (int q = 0; q < peer->npk; q++)
                                    for (int r = 0; r < peer->pk[q].len; r++)
                                        if (nr_phit_data(peer->pk[q].ph[r]) == nr_phit_data(me->asm_ph[v][j]))
                                            fprintf(stderr, "  got[%d] is sent packet %d (VC %u) phit %d of %d (eop %06x)\n",
                                                    j, q, peer->pk[q].vc, r, peer->pk[q].len, peer->pk[q].ph[peer->pk[q].len - 1]);
                            fail(name[k], cyc, msg);
                        }
                        me->rxnext[v]++;
                        me->rx_pkts++;
                    }
                } else if (me->asm_len[v] == 1 && nr_phit_kind(o->rd_phit) != NR_KIND_HEAD) {
                    fail(name[k], cyc, "packet does not start with a HEAD");
                }
            }
            me->last_rd_vc = in[k].rd_en ? in[k].rd_vc : -1;
        }
        /* the channel */
        for (int k = 0; k < 2; k++) {
            uint32_t ph = out[k].link_tx;
            if (errp > 0 && nr_rng_bernoulli(&rng_err, errp)) {
                ph = erase ? 0 : ph ^ (1u << nr_rng_below(&rng_err, 24));
                errors_injected++;
            }
            line[k][cyc % lat] = ph;
        }
        for (int k = 0; k < 2; k++) lcbp_rtl_tick(port[k]);

        /* done when everything arrived and every credit is back */
        int quiet = 1;
        for (int k = 0; k < 2; k++) {
            if (s[k].sent_pkts != npk || s[1 - k].rx_pkts != npk || !out[k].ctl_sync) quiet = 0;
            for (int v = 0; v < p.num_vcs; v++)
                if ((int)out[k].credits[v] != p.buf_per_vc || out[k].occ[v]) quiet = 0;
        }
        if (quiet) {
            if (quiet_since < 0) quiet_since = cyc;
            if (cyc - quiet_since > 4 * w) break;
        } else {
            quiet_since = -1;
        }
    }

    int bad = 0;
    for (int k = 0; k < 2; k++) {
        side_t *me = &s[k];
        printf("%s: sent %ld, received %ld (+%ld aborted copies); events:", name[k],
               me->sent_pkts, me->rx_pkts, me->rx_aborted);
        for (int e = 0; e < NR_EV_COUNT; e++)
            if (me->ev[e]) printf(" %s=%ld", ev_name[e], me->ev[e]);
        printf("\n");
        if (me->sent_pkts != npk || s[1 - k].rx_pkts != npk) bad = 1;
        if (me->ev[NR_EV_TX_PKT] != npk) { printf("%s: TX_PKT count %ld\n", name[k], me->ev[NR_EV_TX_PKT]); bad = 1; }
        if (errp == 0) {
            static const int never[] = {NR_EV_TX_REPLAY, NR_EV_TX_TIMEOUT, NR_EV_TX_NACK, NR_EV_TX_SOFT,
                                        NR_EV_TX_PROTO, NR_EV_LINK_DOWN, NR_EV_RX_CRC, NR_EV_RX_CLIP,
                                        NR_EV_RX_DUP, NR_EV_RX_MARKER, NR_EV_RX_IDLE_BAD, NR_EV_CTL_BAD,
                                        NR_EV_CTL_REJECT, NR_EV_CTL_SYNC_LOST, NR_EV_INQ_REWIND,
                                        NR_EV_INQ_OVF};
            for (size_t j = 0; j < sizeof never / sizeof never[0]; j++)
                if (me->ev[never[j]]) { printf("%s: unexpected %s\n", name[k], ev_name[never[j]]); bad = 1; }
            if (me->ev[NR_EV_RX_OK] != npk) { printf("%s: RX_OK %ld\n", name[k], me->ev[NR_EV_RX_OK]); bad = 1; }
            for (int v = 0; v < p.num_vcs; v++)
                if (me->cr_sum[v] != me->wr_phits[v]) {
                    printf("%s: VC %d freed %ld credits for %ld phits read\n", name[k], v, me->cr_sum[v],
                           me->wr_phits[v]);
                    bad = 1;
                }
        }
    }
    printf("rtl_smoke: %ld cycles, %ld errors injected: %s\n", cyc, errors_injected,
           (bad || cyc >= max_cycles) ? "FAIL" : "PASS");
    if (trace) lcbp_rtl_trace_stop(port[0]);
    for (int k = 0; k < 2; k++) {
        lcbp_rtl_free(port[k]);
        for (int i = 0; i < npk; i++) free(s[k].pk[i].ph);
        free(s[k].pk);
        for (int v = 0; v < NR_LCB_MAX_VCS; v++) { free(s[k].vcq[v]); free(s[k].asm_ph[v]); }
    }
    return (bad || cyc >= max_cycles) ? 1 : 0;
}
