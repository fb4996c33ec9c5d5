/* rtl_smoke.c - self-checking smoke test of the Verilated network-within-a-
 * network switch nr_nwn (tb/nwn_rtl.h): cn, fc, bb, LCB or bare, any
 * Speedup.
 *
 * Linked once per RTL build with smoke in its builds column
 * (mk/rtl_builds.mk); the build's parameters decide
 * the organization and the mode:
 *   bare (UseLcb = 0): every port has a credit-respecting source (a HEAD only
 *     with MaxPktLen credits of its VC, docs/yarc-arch.md section 11) and a
 *     sink that returns its credits after a random delay (backpressure).
 *   LCB (UseLcb = 1): each port talks to a C LCB model (nr_lcbp, the host end)
 *     over a zero-error channel of CH_LAT cycles each way; the host sends when
 *     its TX reports tx_vc_ok and reads its input queue at random cycles
 *     (backpressure through the link credits).
 * Phase 1, zero-load latency (docs/nwn-arch.md section 8): one packet at a
 *   time through the idle switch for every path shape of the organization
 *   (local turn; fc/bb through a top; bb up-going and down-going; cn self
 *   turn), head in to head out; each must equal the doc's value exactly
 *   (6, 6 + ChanLat, 6 + 2 ChanLat with LCBs; 4, 4 + L, 4 + 2L bare).
 * Phase 2, traffic: every port sends packets to random destinations on random
 *   VCs with random lengths, some source-routed (the route phit must arrive
 *   rotated with the CRC repaired), with random source idles (also inside
 *   packets) and random sink backpressure, plus per port one unroutable
 *   packet (NO_ROUTE), one bad source route (BAD_SRCROUTE, k < 64), one
 *   packet to itself (SELF when SelfTurn = 0, delivered otherwise) and on a
 *   bb up port one to another up port (UPUP).
 * Checks: every delivered packet arrives once, intact, at its port, and in
 *   order per (source, destination, VC) flow: every packet here has a = 0
 *   and h = 0, so a flow through the tops takes the top its hash of (head
 *   dest field, source) picks (docs/nwn-arch.md 4.3) and keeps its order;
 *   source-routed packets (dest field ignored) are a flow of their own, since
 *   their dest field differs; RT_DROP counts per port and reason
 *   match exactly; no CFG_BAD, no LCB error event, no link down; at the end
 *   all credits are home (bare source counters; host LCB TX credits) and the
 *   host input queues are empty.
 * Exit 0 on success. Usage: rtl_smoke [seed [packets-per-port (1..64)]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/tbcheck.h"
#include "common/vctsend.h"
#include "common/linkframe.h"
#include "nr_cli.h"
#include "nr_lcb.h"
#include "nr_nwn.h"
#include "nr_pkt.h"
#include "nr_rng.h"
#include "nr_router.h"
#include "nwn_rtl.h"

#define MAXP 64
#define MAXV NR_LCB_MAX_VCS
#define NBULK 10        /* random packets per port in phase 2 (default) */
#define MAXPK 72        /* packets per port, all kinds */
#define MAXLEN 20
#define CH_LAT 3        /* LCB mode: channel latency each way */
#define MAX_CYCLES 40000
#define P_IDLE 0.15     /* source idle probability per cycle (phase 2) */
#define P_BP 0.35       /* sink backpressure probability per cycle (phase 2) */
#define NREASON 8

static nr_rng_t rng; /* the run's one random stream (seeded in main) */
static uint32_t rnd(void) { return nr_rng_u32(&rng); }
static int chance(double p) { return nr_rng_bernoulli(&rng, p); }

/* ---- switch shape ---- */
static nr_nwn_params P;
static int NP, NV, LCB, NPB, HALF, BB, CN;
static const char *org_name(void) { return CN ? "cn" : BB ? "bb" : "fc"; }

typedef struct {
    uint32_t ph[MAXLEN];
    uint32_t exp[MAXLEN]; /* as it must leave the switch */
    int len, src, dst, vc;
    int reason;           /* 0: delivered at dst; else the expected RT_DROP reason */
    int r;                /* source-routed */
    int probe;            /* phase 1 probe index + 1, else 0 */
} pkt_t;

/* ---- per-port traffic state ---- */
typedef struct {
    pkt_t pk[MAXPK];
    int npk, cur, pos;            /* next packet to send, next phit */
    tb_vctsend vct;               /* bare: credits of the switch's input queue */
    long head_cyc;                /* cycle the current packet's HEAD was sent */
} src_t;
typedef struct {
    uint32_t buf[MAXV][MAXLEN];   /* packet being received per VC */
    int len[MAXV];
    int cur_vc;                   /* bare: VC of the packet on the output */
    uint32_t pend[MAXV];          /* bare: credits held back (backpressure) */
    int rd_vc_prev, rd_prev;      /* LCB: the host read issued last cycle */
} sink_t;

static src_t S[MAXP];
static sink_t K[MAXP];
static int drops_exp[MAXP][NREASON], drops_got[MAXP][NREASON];
static int delivered, deliver_exp, ordered;

/* expected reason of a packet from src: the route tables in single-router
 * mode (L2P identity), then the first hop (docs/nwn-arch.md 4.3) */
static int expect_reason(int src, int r, unsigned hop_or_dest, int *q_out)
{
    int q;
    if (r) {
        if ((int)hop_or_dest >= NP) return NR_DROP_BAD_SRCROUTE;
        q = (int)hop_or_dest;
    } else {
        if ((int)hop_or_dest >= NP) return NR_DROP_NO_ROUTE;
        q = (int)hop_or_dest;
    }
    *q_out = q;
    if (q == src && !P.self_turn) return NR_DROP_SELF;
    if (BB && src >= HALF && q >= HALF) return NR_DROP_UPUP;
    return 0;
}

/* Build a packet: src, routing target (dest or hop), vc, len (>= 3, >= 4 if
 * r). The first payload phit carries {src, index} so a delivery names its
 * packet. */
static void make_pkt(pkt_t *k, int src, unsigned tgt, int vc, int len, int r, int idx)
{
    memset(k, 0, sizeof *k);
    k->len = len;
    k->src = src;
    k->vc = vc;
    int q = -1;
    k->reason = expect_reason(src, r, tgt, &q);
    k->dst = k->reason ? -1 : q;
    k->r = r;
    int i = 0;
    if (r) {
        unsigned hops[3] = {tgt, (unsigned)src, 7u};
        k->ph[i++] = nr_head_make(0x7FFF, (unsigned)vc, 1, 0, 0); /* dest ignored */
        k->ph[i++] = nr_route_make(hops, 3);
    } else {
        k->ph[i++] = nr_head_make(tgt, (unsigned)vc, 0, 0, 0);
    }
    k->ph[i++] = nr_phit_make(NR_KIND_BODY, ((uint32_t)src << 12) | (uint32_t)idx);
    for (; i < len - 1; i++) k->ph[i] = nr_phit_make(NR_KIND_BODY, rnd() >> 10);
    k->ph[len - 1] = nr_eop_make(NR_OK_HEALTHY, 0);
    nr_pkt_fix_crc(k->ph, len);
    memcpy(k->exp, k->ph, sizeof k->ph);
    nr_pkt_route_hop(k->exp, len); /* the switch rotates the route phit */
}

static int add_pkt(int src, unsigned tgt, int vc, int len, int r)
{
    src_t *s = &S[src];
    if (s->npk >= MAXPK) {
        printf("FAIL: too many packets at port %d\n", src);
        exit(1);
    }
    pkt_t *k = &s->pk[s->npk];
    make_pkt(k, src, tgt, vc, len, r, s->npk);
    if (k->reason) drops_exp[src][k->reason]++;
    else deliver_exp++;
    return s->npk++;
}

/* ---- phase 1 probes ---- */
typedef struct {
    const char *name;
    int src, dst, subsw; /* subswitches on the path */
    long t_in, t_out;
} probe_t;
static probe_t PR[8];
static int npr, pr_cur = 0;
static long pr_done_cyc = -1;

static void add_probe(const char *name, int src, int dst, int subsw, int vc)
{
    probe_t *p = &PR[npr++];
    p->name = name;
    p->src = src;
    p->dst = dst;
    p->subsw = subsw;
    p->t_in = p->t_out = -1;
    int i = add_pkt(src, (unsigned)dst, vc, 5, 0);
    S[src].pk[i].probe = npr;
}

/* nwn-arch section 8; the 32-bit link check's trailer stage adds a cycle */
static int expected_latency(int subsw)
{
    return (LCB ? 6 + (P.link_crc_w == 32) : 4) + (subsw - 1) * P.chan_lat;
}

/* ---- deliveries ---- */
/* A flow has one path through the switch unless it turns through a top (fc,
 * or bb between two bottoms). There the a = 0 packets of this test take the
 * top their hash of (head dest field, source) picks (docs/nwn-arch.md 4.3),
 * so packets with the same dest field keep their order; a source-routed
 * packet (dest field 0x7FFF) and a table-routed one of the same flow may take
 * different tops and overtake each other. */
static int single_path(int src, int dst)
{
    if (CN) return 1;
    if (BB && (src >= HALF || dst >= HALF)) return 1; /* up-going, down-going */
    return src / NPB == dst / NPB;                    /* local turn */
}

static int got_pkt[MAXP][MAXPK];

static void deliver(int dst, const uint32_t *ph, int len)
{
    if (len < 3 || nr_phit_kind(ph[0]) != NR_KIND_HEAD) {
        CHECK(0, "port %d: malformed delivery, head %06x len %d", dst, ph[0], len);
        return;
    }
    int r = (int)nr_head_r(ph[0]);
    uint32_t id = nr_phit_data(ph[r ? 2 : 1]);
    int src = (int)(id >> 12), idx = (int)(id & 0xFFF);
    int vc = (int)nr_head_vc(ph[0]);
    if (src >= NP || vc >= NV || idx >= S[src].npk) {
        CHECK(0, "port %d: unknown packet id %06x", dst, id);
        return;
    }
    const pkt_t *k = &S[src].pk[idx];
    CHECK(k->dst == dst, "port %d: packet #%d of port %d belongs at %d", dst, idx, src, k->dst);
    CHECK(k->len == len && !memcmp(k->exp, ph, (size_t)len * sizeof *ph),
          "port %d: packet #%d of port %d corrupt", dst, idx, src);
    CHECK(!got_pkt[src][idx], "port %d: packet #%d of port %d delivered twice", dst, idx, src);
    got_pkt[src][idx]++;
    {
        /* in order: every earlier packet of the flow (src -> dst, vc) on the
         * same path is in */
        int one = single_path(src, dst);
        for (int n = 0; n < idx; n++) {
            const pkt_t *e = &S[src].pk[n];
            if (e->dst == dst && e->vc == vc && (one || e->r == k->r))
                CHECK(got_pkt[src][n], "port %d: flow from %d vc %d out of order: #%d before #%d",
                      dst, src, vc, idx, n);
        }
        ordered++;
    }
    delivered++;
    if (k->probe && k->probe - 1 == pr_cur) pr_done_cyc = 0; /* stamped by the main loop */
}


/* ---- the run ---- */
static nwn_rtl *H;                                        /* the switch */
static nr_lcbp *HOST[MAXP];                               /* LCB mode: host ends */
static uint32_t CH_UP[MAXP][CH_LAT], CH_DN[MAXP][CH_LAT]; /* host->switch, switch->host */
static int RX_FIN[MAXP], TX_FIN[MAXP];                    /* link framing at the switch */
static int DROPS;                                         /* RT_DROPs seen */

/* Strict arguments (the kit's parsers): a seed of "abc" or a count of "-3" or
 * "5x" is an error (exit 2), never a silent 0 or a default. */
static void parse_args(int argc, char **argv, uint32_t *seed, int *nbulk)
{
    static const nr_cli_opt_t no_opts[] = {{NULL, NULL, NULL}};
    char syn[96];
    snprintf(syn, sizeof syn, "[SEED (0..4294967295, default 1) [PACKETS-PER-PORT (1..%d)]]", MAXPK - 8);
    nr_cli_t cli;
    nr_cli_init(&cli, "rtl_smoke", syn, no_opts, argc, argv);
    *seed = 1u;
    *nbulk = NBULK;
    int npos = 0;
    const char *v;
    char e[256];
    while (nr_cli_next_or_exit(&cli, &v) != NR_CLI_END) { /* no options: only NR_CLI_ARG */
        if (npos == 0) {
            uint64_t s64;
            if (nr_cli_parse_u64(v, 0, UINT32_MAX, &s64, e, sizeof e)) nr_cli_die(&cli, "SEED: %s", e);
            *seed = (uint32_t)s64;
        } else if (npos == 1) {
            long n;
            if (nr_cli_parse_long(v, 1, MAXPK - 8, &n, e, sizeof e))
                nr_cli_die(&cli, "PACKETS-PER-PORT: %s", e);
            *nbulk = (int)n;
        } else {
            nr_cli_die(&cli, "unexpected argument '%s' (usage: rtl_smoke %s)", v, syn);
        }
        npos++;
    }
}

/* The switch (its build's parameters decide the shape and the LCB max_len)
 * and, with LCBs, one host LCB per port. 0, or 1 after printing FAIL. */
static int open_switch(void)
{
    nr_lcb_cfg lcfg = {.timeout = 400, .retry_limit = 8, .max_len = 64};
    H = nwn_rtl_new(&lcfg);
    nwn_rtl_params(H, &P);
    nwn_rtl_free(H);
    lcfg.max_len = (uint32_t)P.max_pkt_len;
    H = nwn_rtl_new(&lcfg);
    NP = P.num_ports;
    NV = P.num_vcs;
    LCB = P.use_lcb;
    NPB = NP / P.r;
    HALF = NP / 2;
    BB = P.bb;
    CN = P.r == 1;
    printf("nr_nwn %s k=%d R=%d M=%d Bb=%d Speedup=%d SelfTurn=%d NumVcs=%d InBufPerVc=%d "
           "BufDepth=%d ChanLat=%d UseLcb=%d MaxPktLen=%d LinkCrcW=%d\n",
           org_name(), NP, P.r, P.m, P.bb, P.speedup, P.self_turn, NV, P.in_buf_per_vc,
           P.buf_depth, P.chan_lat, LCB, P.max_pkt_len, P.link_crc_w);
    if (NP > MAXP || MAXLEN > P.max_pkt_len || NP > 4095) {
        printf("FAIL: build too large for this test\n");
        return 1;
    }
    if (LCB) {
        nr_lcb_params lp = {NV, P.in_buf_per_vc, P.replay_depth, P.window, P.max_pkt_len,
                            P.link_crc_w};
        char err[200];
        for (int q = 0; q < NP; q++) {
            HOST[q] = nr_lcbp_new(&lp, &lcfg, err, sizeof err);
            if (!HOST[q]) {
                printf("FAIL host LCB: %s\n", err);
                return 1;
            }
        }
    }
    for (int s = 0; s < NP; s++)
        tb_vctsend_init(&S[s].vct, NV, P.in_buf_per_vc, P.max_pkt_len);
    return 0;
}

/* Phase 1: one probe per path shape (queued before the traffic). */
static void queue_probes(void)
{
    add_probe("local turn", 0, 1, 1, 0);
    if (CN) {
        add_probe("local turn (other VC)", NP - 1, 3, 1, NV - 1);
        add_probe("self turn", 5, 5, 1, 0);
    } else if (!BB) {
        add_probe("through a top", 0, NP - 1, 3, 0);
        add_probe("through a top (other VC)", NP - 1, NPB, 3, NV - 1);
    } else {
        add_probe("turning through a top", 0, HALF - 1, 3, 0);
        add_probe("up-going", 1, HALF + 1, 2, NV - 1);
        add_probe("down-going", NP - 1, 2, 2, 0);
        add_probe("down-going (first up port)", HALF, NPB, 2, 0);
    }
}

/* Phase 2: nbulk random packets per port and the drop cases; returns the
 * number of RT_DROPs expected. */
static int queue_traffic(int nbulk)
{
    for (int s = 0; s < NP; s++) {
        for (int i = 0; i < nbulk; i++) {
            int r = chance(0.25);
            int dst = (int)(rnd() % (unsigned)NP);
            int len = 3 + r + (int)(rnd() % (unsigned)(MAXLEN - 3 - r + 1));
            add_pkt(s, (unsigned)dst, (int)(rnd() % (unsigned)NV), len, r);
        }
        add_pkt(s, (unsigned)(NP + s), (int)(rnd() % (unsigned)NV), 5, 0);       /* NO_ROUTE */
        if (NP < 64) add_pkt(s, (unsigned)(NP + (s % (64 - NP))), 0, 6, 1);    /* BAD_SRCROUTE */
        add_pkt(s, (unsigned)s, (int)(rnd() % (unsigned)NV), 4, 0);            /* SELF or a self turn */
        add_pkt(s, (unsigned)s, NV - 1, 5, 1);                                  /* same, source-routed */
        if (BB && s >= HALF)
            add_pkt(s, (unsigned)(HALF + (s - HALF + 1) % HALF), 0, 4, 0);      /* UPUP */
    }
    int drops_total = 0;
    for (int s = 0; s < NP; s++)
        for (int r = 0; r < NREASON; r++) drops_total += drops_exp[s][r];
    return drops_total;
}

/* Which sources may send this cycle: in phase 1 the current probe's source
 * only, and only its probe packet; in phase 2 each unless it idles. */
static void sources_may_send(int *may_send, int phase2, double p_idle)
{
    for (int s = 0; s < NP; s++) {
        src_t *sr = &S[s];
        may_send[s] = 0;
        if (sr->cur >= sr->npk) continue;
        if (!phase2) {
            if (pr_cur < npr && PR[pr_cur].src == s && sr->pk[sr->cur].probe == pr_cur + 1 &&
                pr_done_cyc < 0)
                may_send[s] = 1;
        } else {
            may_send[s] = !chance(p_idle);
        }
    }
}

/* Bare ports: sinks return held credits unless backpressured; sources send
 * a HEAD only with MaxPktLen credits of its VC. */
static void drive_bare(nr_rtr_in *in, long cyc, const int *may_send, int phase2, double p_bp)
{
    for (int s = 0; s < NP; s++) {
        src_t *sr = &S[s];
        sink_t *sk = &K[s];
        if (!chance(p_bp) || !phase2)
            for (int v = 0; v < NV; v++) {
                in->out_cr[s][v] = sk->pend[v];
                sk->pend[v] = 0;
            }
        if (!may_send[s]) continue;
        pkt_t *k = &sr->pk[sr->cur];
        if (!tb_vctsend_may(&sr->vct, k->vc, sr->pos == 0)) continue;
        in->in_valid[s] = 1;
        in->in_phit[s] = k->ph[sr->pos];
        tb_vctsend_sent(&sr->vct, k->vc);
        if (sr->pos == 0 && k->probe) PR[k->probe - 1].t_in = cyc;
        if (++sr->pos == k->len) {
            sr->pos = 0;
            sr->cur++;
        }
    }
}

/* A phit at the sink of port q on VC v. */
static void sink_phit(int q, int v, uint32_t ph)
{
    sink_t *sk = &K[q];
    if (sk->len[v] < MAXLEN) sk->buf[v][sk->len[v]++] = ph;
    if (nr_phit_kind(ph) == NR_KIND_EOP) {
        deliver(q, sk->buf[v], sk->len[v]);
        sk->len[v] = 0;
    }
}

#define SMOKE_EV_OK                                                                                \
    ((1u << NR_EV_TX_PKT) | (1u << NR_EV_TX_ACK) | (1u << NR_EV_RX_OK) | (1u << NR_EV_CTL_OK))

/* LCB ports: each host LCB sends when its TX allows, reads a random VC with
 * data unless backpressured, and drives the host -> switch channel. */
static void drive_lcb(nr_rtr_in *in, long cyc, const int *may_send, int phase2, double p_bp)
{
    for (int q = 0; q < NP; q++) {
        nr_lcbp_out ho;
        nr_lcbp_peek(HOST[q], &ho);
        nr_lcbp_in hi = {0};
        hi.link_rx = CH_DN[q][cyc % CH_LAT];
        src_t *sr = &S[q];
        sink_t *sk = &K[q];
        if (may_send[q]) {
            pkt_t *k = &sr->pk[sr->cur];
            if (sr->pos > 0 || ((ho.tx_vc_ok >> k->vc) & 1u)) {
                hi.tx_valid = 1;
                hi.tx_phit = k->ph[sr->pos];
            }
        }
        if (!chance(p_bp)) {
            int v0 = (int)(rnd() % (unsigned)NV);
            for (int j = 0; j < NV; j++) {
                int v = (v0 + j) % NV;
                if ((ho.rd_avail >> v) & 1u) {
                    hi.rd_en = 1;
                    hi.rd_vc = v;
                    break;
                }
            }
        }
        nr_lcbp_eval(HOST[q], &hi, &ho);
        if (hi.tx_valid && ho.tx_ready && ++sr->pos == sr->pk[sr->cur].len) {
            sr->pos = 0;
            sr->cur++;
        }
        if (ho.rd_valid) {
            CHECK(sk->rd_prev, "host %d: read data without a read", q);
            sink_phit(q, sk->rd_vc_prev, ho.rd_phit);
        }
        sk->rd_prev = hi.rd_en;
        sk->rd_vc_prev = hi.rd_vc;
        CHECK((ho.ev & ~SMOKE_EV_OK) == 0, "cycle %ld host %d: LCB event %05x", cyc, q, ho.ev);
        in->link_rx[q] = CH_UP[q][cyc % CH_LAT];
        CH_UP[q][cyc % CH_LAT] = ho.link_tx;
        if (nr_link_frame(&RX_FIN[q], in->link_rx[q]) == NR_KIND_HEAD && !phase2 && pr_cur < npr &&
            PR[pr_cur].src == q && PR[pr_cur].t_in < 0)
            PR[pr_cur].t_in = cyc;
    }
}

/* The switch's outputs of this cycle: drops, events, bare sinks, links, the
 * current probe's head out. */
static void take_outputs(const nr_rtr_out *out, long cyc, int phase2)
{
    for (int q = 0; q < NP; q++) {
        if (out->tev[q] & (1u << NR_TEV_RT_DROP)) {
            unsigned rs = (out->tev[q] >> NR_TEV_REASON_LSB) & 7u;
            DROPS++;
            drops_got[q][rs]++;
        }
        CHECK(!(out->tev[q] & (1u << NR_TEV_CFG_BAD)), "port %d CFG_BAD", q);
        int head_out = 0;
        if (!LCB) {
            sink_t *sk = &K[q];
            uint32_t over = 0;
            int bad = tb_vctsend_return(&S[q].vct, out->in_cr[q], &over);
            CHECK(bad < 0, "port %d: input credits[%d] = %u > %d", q, bad, over, P.in_buf_per_vc);
            if (!out->out_valid[q]) continue;
            uint32_t ph = out->out_phit[q];
            if (nr_phit_kind(ph) == NR_KIND_HEAD) {
                sk->cur_vc = (int)nr_head_vc(ph) % NV;
                head_out = 1;
            }
            sk->pend[sk->cur_vc]++;
            sink_phit(q, sk->cur_vc, ph);
        } else {
            CHECK((out->ev[q] & ~SMOKE_EV_OK) == 0, "cycle %ld switch port %d: LCB event %05x", cyc,
                  q, out->ev[q]);
            CHECK(!out->link_down[q], "port %d link down", q);
            head_out = nr_link_frame(&TX_FIN[q], out->link_tx[q]) == NR_KIND_HEAD;
            CH_DN[q][cyc % CH_LAT] = out->link_tx[q];
        }
        if (head_out && !phase2 && pr_cur < npr && PR[pr_cur].dst == q && PR[pr_cur].t_out < 0)
            PR[pr_cur].t_out = cyc;
    }
}

/* Phase 1 sequencing: the probe is delivered, then 20 quiet cycles. Returns
 * -1 if the probe never arrives. */
static int probe_step(long cyc, int *phase2)
{
    if (pr_done_cyc == 0) pr_done_cyc = cyc;
    if (pr_done_cyc > 0 && cyc - pr_done_cyc >= 20) {
        pr_cur++;
        pr_done_cyc = -1;
        if (pr_cur == npr) *phase2 = 1;
    }
    if (cyc > 3000 && !*phase2) {
        CHECK(0, "probe %d (%s) not delivered", pr_cur, PR[pr_cur].name);
        return -1;
    }
    return 0;
}

/* Every credit home and every sink empty (host LCB credits and input queues;
 * bare source counters and held sink credits). */
static int all_home(void)
{
    for (int q = 0; q < NP; q++) {
        if (LCB) {
            nr_lcbp_out ho;
            nr_lcbp_peek(HOST[q], &ho);
            for (int v = 0; v < NV; v++)
                if (ho.credits[v] != (uint32_t)P.in_buf_per_vc || ho.occ[v] != 0) return 0;
        } else {
            for (int v = 0; v < NV; v++)
                if (K[q].pend[v] != 0) return 0;
            if (!tb_vctsend_home(&S[q].vct)) return 0;
        }
    }
    return 1;
}

static void report(long cyc, int drops_total)
{
    printf("%s %s: cycles %ld, packets %d/%d (%d order-checked), "
           "RT_DROP %d/%d\n", org_name(), LCB ? "LCB" : "bare", cyc, delivered, deliver_exp, ordered,
           DROPS, drops_total);
    for (int i = 0; i < npr; i++) {
        int lat = (PR[i].t_in >= 0 && PR[i].t_out >= 0) ? (int)(PR[i].t_out - PR[i].t_in) : -1;
        int want = expected_latency(PR[i].subsw);
        printf("zero-load latency %-40s %2d -> %2d, %d subswitch%s: %d cycles (doc: %d)\n",
               PR[i].name, PR[i].src, PR[i].dst, PR[i].subsw, PR[i].subsw > 1 ? "es" : "", lat,
               want);
        CHECK(lat == want, "zero-load latency of '%s' is %d, doc says %d", PR[i].name, lat, want);
    }
    CHECK(cyc < MAX_CYCLES, "did not drain with all credits home in %d cycles", MAX_CYCLES);
    CHECK(delivered == deliver_exp, "received %d of %d packets", delivered, deliver_exp);
    int per_reason[NREASON] = {0};
    for (int q = 0; q < NP; q++)
        for (int r = 0; r < NREASON; r++) {
            per_reason[r] += drops_got[q][r];
            CHECK(drops_got[q][r] == drops_exp[q][r], "port %d: %d RT_DROP with reason %d, expected %d",
                  q, drops_got[q][r], r, drops_exp[q][r]);
        }
    printf("RT_DROP by reason: MALFORMED %d BAD_SRCROUTE %d NO_ROUTE %d SHORT %d SELF %d UPUP %d\n",
           per_reason[1], per_reason[2], per_reason[3], per_reason[4], per_reason[5], per_reason[6]);
    for (int s = 0; s < NP; s++)
        for (int i = 0; i < S[s].npk; i++) {
            const pkt_t *k = &S[s].pk[i];
            if (!k->reason) CHECK(got_pkt[s][i] == 1, "packet #%d of port %d lost", i, s);
        }
    if (LCB)
        for (int q = 0; q < NP; q++) {
            char buf[200];
            CHECK(nr_lcbp_errors(HOST[q], buf, sizeof buf) == 0, "host %d: %s", q, buf);
        }
}

int main(int argc, char **argv)
{
    uint32_t seed;
    int nbulk;
    parse_args(argc, argv, &seed, &nbulk);
    nr_rng_seed(&rng, seed);
    printf("nwn rtl_smoke seed %u, %d packets per port\n", seed, nbulk);
    if (open_switch()) return 1;
    queue_probes();
    const int drops_total = queue_traffic(nbulk);

    int phase2 = 0;
    long cyc, quiet = 0;
    for (cyc = 0; cyc < MAX_CYCLES; cyc++) {
        nr_rtr_in in;
        nr_rtr_out out;
        memset(&in, 0, sizeof in);
        const double p_idle = phase2 ? P_IDLE : 0.0, p_bp = phase2 ? P_BP : 0.0;
        int may_send[MAXP];
        sources_may_send(may_send, phase2, p_idle);
        if (LCB) drive_lcb(&in, cyc, may_send, phase2, p_bp);
        else drive_bare(&in, cyc, may_send, phase2, p_bp);
        nwn_rtl_eval(H, &in, &out);
        take_outputs(&out, cyc, phase2);
        nwn_rtl_tick(H);
        if (LCB)
            for (int q = 0; q < NP; q++) nr_lcbp_tick(HOST[q]);
        if (!phase2 && probe_step(cyc, &phase2)) break;
        /* drained: wait for the credits to come home */
        if (phase2 && delivered == deliver_exp && DROPS == drops_total && all_home() && ++quiet > 50)
            break;
    }
    report(cyc, drops_total);
    nwn_rtl_free(H);
    for (int q = 0; q < NP; q++)
        if (HOST[q]) nr_lcbp_free(HOST[q]);
    printf("%s\n", nr_fails ? "FAILED" : "PASSED");
    return nr_fails ? 1 : 0;
}
