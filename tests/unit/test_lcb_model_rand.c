/* test_lcb_model_rand.c - randomized self-test of the LCB port model.
 *
 * Two model ports back to back (tests/unit/lcb_pair.h) with random traffic
 * in both directions and random link errors in both directions: single bit
 * flips anywhere in the phit (data, F, C), bursts of flips within a phit,
 * erased phits (all zero), short outages (runs of 2..W-1 erased phits) and
 * long outages (2W..10W erased phits, several control words; the forced one
 * below is at least 4W, so it always loses sync). Sources leave
 * random gaps before heads and inside packets (PADs); sinks stall at random.
 * A few packets are meant to be marked soft_error at the transmitter (a bad
 * PCRC, or longer than MaxPktLen); a few core protocol errors (stray phits,
 * heads with a vc >= NumVcs) are offered and must vanish.
 *
 * A long outage takes the deframer out of SYNC (CTL_SYNC_LOST) and the link
 * stalls until it re-syncs. While the peer's state is frozen the re-hunt
 * could stop at a false phase whose window is CRC-valid (Q1/Q2 in
 * docs/lcb-spec-questions.md). With the word toggle (§5.1, §5.3) consecutive
 * words differ, and PRESYNC rejects such a phase. Each direction gets one long
 * outage at a random time in the first half of the run, plus random ones. The
 * run reports how many losses of sync happened in an apply cycle (a rejected
 * word was the fourth miss: the signature of a false lock being left) and
 * how many words were delivered at a false phase.
 *
 * Checks, with the scoreboard csrc/lib/sb.c (one flow per (src, dest, VC)):
 *   - every healthy packet is delivered exactly once, in order, uncorrupted;
 *   - every soft_error packet reaches the sink marked soft_error;
 *   - after traffic and errors stop, the pair drains: both control channels in
 *     SYNC, input queues empty, every credit back (doc §8.5);
 *   - no model interface errors, no link down, credits within 0..BufPerVc
 *     every cycle (harness);
 *   - no deadlock: each port takes a new packet at least every STALL_LIMIT
 *     cycles (its source is never empty). A link that stalls without going
 *     down (Q2 in docs/lcb-spec-questions.md: a false lock on a window that
 *     passes the range checks, before the word toggle) fails here.
 *
 * Usage: test_lcb_model_rand [seed [cycles_per_config]]
 *        test_lcb_model_rand --bench [cycles]   (speed of an error-free,
 *        fully loaded pair; prints cycles/s)
 */
#include <time.h>

#include "lcb_pair.h"
#include "nr_sb.h"

typedef struct {
    const char *name;
    nr_lcb_params p;
    nr_lcb_cfg c;
    int lat;
    double p_bit, p_burst, p_erase, p_outage; /* per phit, per direction */
    double p_long;                            /* per phit, per direction: a long outage starts */
    int outage_max;                           /* set from W by run_config */
    long long_min, long_max; /* long outages: long_min .. long_max cycles (2W..10W) */
    long forced_min;         /* the forced long outage: forced_min .. long_max (4W) */
} rcfg;

#define STALL_LIMIT                                                                                \
    5000 /* cycles without a new packet taken: deadlock (the
                               * longest normal gap seen in seeds 1..60 is ~1100) */

/* Error injection per direction (phits arriving at port i). */
typedef struct {
    nr_rng_t rng[2];
    const rcfg *cf;
    int on;
    long outage_left[2];
    long force_at[2]; /* cycle of the forced long outage */
    long n_bit[2], n_burst[2], n_erase[2], n_outage[2], n_long[2];
} rerr;

static long long_len(nr_rng_t *r, long lo, long hi)
{
    return lo + (long)nr_rng_below(r, (uint64_t)(hi - lo + 1));
}

static void rerr_hook(void *ctx, int port, long cycle, uint32_t *ph)
{
    rerr *e = ctx;
    nr_rng_t *r = &e->rng[port];
    if (e->on && cycle == e->force_at[port] && e->outage_left[port] == 0) {
        e->outage_left[port] = long_len(r, e->cf->forced_min, e->cf->long_max);
        e->n_long[port]++;
    }
    if (e->outage_left[port] > 0) {
        e->outage_left[port]--;
        *ph = 0;
        return;
    }
    if (!e->on) return;
    /* One uniform draw per cycle decides the kind of error, so the streams
     * stay aligned whatever the rates. */
    double u = nr_rng_double(r);
    const rcfg *cf = e->cf;
    if (u < cf->p_bit) {
        *ph ^= 1u << nr_rng_below(r, 24);
        e->n_bit[port]++;
    } else if ((u -= cf->p_bit) < cf->p_burst) {
        int len = 2 + (int)nr_rng_below(r, 7), lsb = (int)nr_rng_below(r, 24 - len + 1);
        *ph ^= (uint32_t)(((1u << len) - 1u) << lsb) | (1u << lsb);
        e->n_burst[port]++;
    } else if ((u -= cf->p_burst) < cf->p_erase) {
        *ph = 0;
        e->n_erase[port]++;
    } else if ((u -= cf->p_erase) < cf->p_outage) {
        e->outage_left[port] = 1 + (long)nr_rng_below(r, (uint64_t)cf->outage_max);
        *ph = 0;
        e->n_outage[port]++;
    } else if ((u -= cf->p_outage) < cf->p_long) {
        e->outage_left[port] = long_len(r, cf->long_min, cf->long_max) - 1;
        *ph = 0;
        e->n_long[port]++;
    }
}

typedef struct {
    nr_sb_t sb;
    long delivered[2], soft[2], txerr[2];
} rsink;

static void rsink_fn(void *ctx, int port, int vc, const uint32_t *ph, int len, long cycle)
{
    rsink *s = ctx;
    unsigned ok = nr_eop_ok(ph[len - 1]);
    (void)vc;
    if (ok == NR_OK_HEALTHY) {
        nr_sb_deliver(&s->sb, port, ph, len, (uint64_t)cycle, NULL);
        s->delivered[port]++;
    } else {
        nr_sb_discard(&s->sb, port, ph, len, ok, (uint64_t)cycle);
        if (ok == NR_OK_SOFT_ERR)
            s->soft[port]++;
        else
            s->txerr[port]++;
    }
}

/* Traffic generator of one port. */
typedef struct {
    nr_rng_t rng;
    long pkts, soft, junk;
} rgen;

/* Queue new packets on port i while its source holds fewer than two. */
static void gen_fill(lcb_pair *pr, rgen *g, rsink *s, int i, const rcfg *cf)
{
    pair_src *src = &pr->src[i];
    uint32_t buf[NR_PKT_LEN_LIMIT];
    char err[200];
    int maxlen = cf->p.max_pkt_len, nvc = cf->p.num_vcs;
    while (src->n - src->idx < 2 * maxlen) {
        nr_rng_t *r = &g->rng;
        unsigned kind = (unsigned)nr_rng_below(r, 1000);
        if (kind < 4) { /* core protocol junk: a stray phit, or a bad-vc head */
            if (kind < 2 || nvc == 4) {
                static const unsigned kinds[3] = {NR_KIND_BODY, NR_KIND_EOP, NR_KIND_RSVD};
                uint32_t stray = nr_phit_make(kinds[nr_rng_below(r, 3)], nr_rng_u32(r));
                pair_send(pr, i, &stray, 1);
            } else {
                nr_pkt_desc_t d = {
                    .dest = (unsigned)(1 - i), .vc = (unsigned)nvc, .src = 99, .seq = 0, .len = 4};
                CHECK(nr_pkt_build(&d, buf, NR_PKT_LEN_LIMIT, err, sizeof err) == 4);
                pair_send(pr, i, buf, 4);
            }
            g->junk++;
            continue;
        }
        nr_pkt_desc_t d = {.dest = (unsigned)(1 - i), .src = (unsigned)i};
        d.vc = (unsigned)nr_rng_below(r, (uint64_t)nvc);
        d.len = 4 + (int)nr_rng_below(r, (uint64_t)(maxlen - 4 + 1));
        if (nr_rng_below(r, 2) == 0) /* half the packets short */
            d.len = 4 + (int)nr_rng_below(r, 4 > maxlen - 3 ? (uint64_t)(maxlen - 3) : 4);
        nr_sb_fate_t fate = NR_SB_DELIVER;
        int bad_crc = 0;
        if (kind < 10) { /* over-long: the TX clips it to MaxPktLen, soft_error */
            d.len = maxlen + 1 + (int)nr_rng_below(r, 5);
            fate = NR_SB_DISCARD_SOFT;
        } else if (kind < 16) { /* bad PCRC: the TX marks it soft_error */
            bad_crc = 1;
            fate = NR_SB_DISCARD_SOFT;
        }
        d.seq = nr_sb_next_seq(&s->sb, d.src, d.dest, d.vc);
        int n = nr_pkt_build(&d, buf, NR_PKT_LEN_LIMIT, err, sizeof err);
        if (n < 0) NR_TEST_FAIL_("nr_pkt_build: %s", err);
        if (nr_sb_expect(&s->sb, buf, n, (uint64_t)pr->t, fate, 0) != 0)
            NR_TEST_FAIL_("nr_sb_expect: %s", s->sb.usage_err);
        if (bad_crc) buf[n - 1] ^= 1u << nr_rng_below(r, 16);
        pair_send(pr, i, buf, n);
        g->pkts++;
        g->soft += fate == NR_SB_DISCARD_SOFT;
    }
}

static void run_config(const rcfg *cf, uint64_t seed, long cycles)
{
    lcb_pair pr;
    rerr er;
    rsink rs;
    rgen gen[2];
    memset(&er, 0, sizeof er);
    memset(&rs, 0, sizeof rs);
    memset(gen, 0, sizeof gen);
    pair_init(&pr, &cf->p, &cf->c, cf->lat, seed);
    nr_sb_cfg_t sc;
    nr_sb_cfg_default(&sc);
    sc.num_vcs = cf->p.num_vcs;
    sc.max_len = cf->p.max_pkt_len;
    CHECK_EQ(nr_sb_init(&rs.sb, &sc, NULL, NULL), 0);
    /* W = 25 + NumVcs * clog2(BufPerVc + 1); short outages up to W-1 cycles */
    int cw = 0;
    while ((1 << cw) < cf->p.buf_per_vc + 1) cw++;
    rcfg cfx = *cf;
    const int W = 25 + cf->p.num_vcs * cw;
    cfx.outage_max = W - 2;
    cfx.long_min = 2 * W;   /* 2 to 10 words lost; SYNC survives fewer than */
    cfx.long_max = 10 * W;  /* 4 in a row, and the forced outage ...        */
    cfx.forced_min = 4 * W; /* four whole words: always CTL_SYNC_LOST */
    cf = &cfx;
    er.cf = cf;
    er.on = 1;
    for (int i = 0; i < 2; i++) {
        nr_rng_stream(&er.rng[i], seed, NR_RNG_STREAM(NR_RNG_P_ERROR, i));
        er.force_at[i] = 1000 + (long)nr_rng_below(&er.rng[i], (uint64_t)(cycles / 2 + 1));
        nr_rng_stream(&gen[i].rng, seed, NR_RNG_STREAM(NR_RNG_P_INJECT, i));
        pr.src[i].gap_p = 0.1;
        pr.src[i].idle_p = 0.2;
        pr.snk[i].stall_p = 0.15;
        pr.snk[i].on_pkt = rsink_fn;
        pr.snk[i].ctx = &rs;
    }
    pr.err_hook = rerr_hook;
    pr.err_ctx = &er;

    clock_t t0 = clock();
    /* Deframer statistics per port: losses of sync in an apply cycle (the
     * fourth miss was a rejected word), and words delivered at a false
     * phase. Both ports reset together, so the peer's word k is complete at
     * this port in cycle kW + W + lat: a delivery (CTL_OK) in a cycle
     * t != lat (mod W) comes from a false lock. Such a word is normally
     * rejected in the next cycle; fp_acc counts those that were not. */
    long rej_lost[2] = {0, 0}, fp_dlv[2] = {0, 0}, fp_acc[2] = {0, 0}, fp_first_acc[2] = {-1, -1};
    int fp_prev[2] = {0, 0};
    long last_pkt[2] = {0, 0}; /* last TX_PKT: the sources never run dry */
    long max_gap[2] = {0, 0};
    const uint32_t rl = (1u << NR_EV_CTL_REJECT) | (1u << NR_EV_CTL_SYNC_LOST);
    while (pr.t < cycles) {
        for (int i = 0; i < 2; i++) gen_fill(&pr, &gen[i], &rs, i, cf);
        pair_step(&pr);
        long t = pr.t - 1;
        for (int i = 0; i < 2; i++) {
            uint32_t ev = pr.out[i].ev;
            rej_lost[i] += (ev & rl) == rl;
            if (fp_prev[i] && !(ev & (1u << NR_EV_CTL_REJECT))) {
                if (fp_acc[i]++ == 0) fp_first_acc[i] = t;
            }
            fp_prev[i] = (ev & (1u << NR_EV_CTL_OK)) && (t - cf->lat) % W != 0;
            fp_dlv[i] += fp_prev[i];
            if (pr.out[i].link_down)
                NR_TEST_FAIL_("%s: port %d link down at cycle %ld (words accepted at a false "
                              "phase: %ld, first at %ld)",
                              cf->name, i, t, fp_acc[i], fp_first_acc[i]);
            if (ev & (1u << NR_EV_TX_PKT)) {
                if (t - last_pkt[i] > max_gap[i]) max_gap[i] = t - last_pkt[i];
                last_pkt[i] = t;
            }
            if (t - last_pkt[i] > STALL_LIMIT)
                NR_TEST_FAIL_("%s: port %d took no packet in cycles %ld..%ld: deadlock (words "
                              "accepted at a false phase: %ld, first at %ld)",
                              cf->name, i, last_pkt[i], t, fp_acc[i], fp_first_acc[i]);
        }
    }
    er.on = 0;
    long drained = pair_drain(&pr, 200000);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    if (drained < 0)
        NR_TEST_FAIL_("%s: did not drain (sync %d/%d, credits A %u B %u, words accepted at "
                      "a false phase A/B %ld/%ld)",
                      cf->name, pr.out[0].ctl_sync, pr.out[1].ctl_sync, pr.out[0].credits[0],
                      pr.out[1].credits[0], fp_acc[0], fp_acc[1]);
    pair_check_no_errors(&pr);
    uint64_t nerr = nr_sb_final(&rs.sb);
    printf("%s: %ld cycles (+%ld drain) in %.2f s, %.0f cycles/s\n", cf->name, cycles, drained,
           secs, (double)pr.t / secs);
    printf("  injected: %ld+%ld packets (%ld+%ld soft), %ld+%ld junk\n", gen[0].pkts, gen[1].pkts,
           gen[0].soft, gen[1].soft, gen[0].junk, gen[1].junk);
    printf("  errors A->B / B->A: bit %ld/%ld burst %ld/%ld erase %ld/%ld outage %ld/%ld "
           "long outage %ld/%ld\n",
           er.n_bit[1], er.n_bit[0], er.n_burst[1], er.n_burst[0], er.n_erase[1], er.n_erase[0],
           er.n_outage[1], er.n_outage[0], er.n_long[1], er.n_long[0]);
    printf("  sync lost A/B: %ld/%ld, of which in an apply cycle (4th miss a reject) %ld/%ld;"
           " words delivered at a false phase %ld/%ld, accepted %ld/%ld; longest time without"
           " a new packet %ld/%ld\n",
           pr.ev_count[0][NR_EV_CTL_SYNC_LOST], pr.ev_count[1][NR_EV_CTL_SYNC_LOST], rej_lost[0],
           rej_lost[1], fp_dlv[0], fp_dlv[1], fp_acc[0], fp_acc[1], max_gap[0], max_gap[1]);
    printf("  sinks: delivered %ld/%ld, soft %ld/%ld, tx_err discards %ld/%ld\n", rs.delivered[1],
           rs.delivered[0], rs.soft[1], rs.soft[0], rs.txerr[1], rs.txerr[0]);
    static const char *evn[NR_EV_COUNT] = {
        "TX_PKT",     "TX_REPLAY",   "TX_TIMEOUT",  "TX_NACK", "TX_SOFT",    "TX_PROTO",
        "TX_ACK",     "LINK_DOWN",   "RX_OK",       "RX_CRC",  "RX_CLIP",    "RX_DUP",
        "RX_MARKER",  "RX_IDLE_BAD", "CTL_OK",      "CTL_BAD", "CTL_REJECT", "CTL_SYNC_LOST",
        "INQ_REWIND", "INQ_OVF",     "TX_DOWN_DROP"};
    printf("  events A/B:");
    for (int e = 0; e < NR_EV_COUNT; e++)
        printf("%s %s %ld/%ld", e % 5 ? "," : "\n   ", evn[e], pr.ev_count[0][e],
               pr.ev_count[1][e]);
    printf("\n");
    if (nerr) {
        nr_sb_report(&rs.sb, stdout);
        NR_TEST_FAIL_("%s: scoreboard found %llu errors (words accepted at a false phase "
                      "A/B %ld/%ld)",
                      cf->name, (unsigned long long)nerr, fp_acc[0], fp_acc[1]);
    }
    CHECK_EQ(rs.sb.outstanding, 0);
    CHECK_EQ(rs.sb.delivered + rs.sb.soft_discards, rs.sb.expected);
    /* The error paths were exercised. */
    for (int i = 0; i < 2; i++) {
        CHECK(pr.ev_count[i][NR_EV_TX_REPLAY] > 0);
        CHECK(pr.ev_count[1 - i][NR_EV_RX_CRC] > 0);
        CHECK(pr.ev_count[i][NR_EV_TX_SOFT] > 0);
        CHECK(pr.ev_count[i][NR_EV_CTL_BAD] > 0);
        CHECK(pr.ev_count[i][NR_EV_CTL_SYNC_LOST] > 0); /* the long outages */
    }
    nr_sb_free(&rs.sb);
    pair_free(&pr);
}

/* Speed of a pair under full load without errors: every phit slot used. */
static void bench(long cycles)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    lcb_pair pr;
    pair_init(&pr, &p, &c, 8, 1);
    uint32_t pk[2][64];
    pair_mkpkt(pk[0], 19, 0, 1);
    pair_mkpkt(pk[1], 19, 1, 2);
    clock_t t0 = clock();
    long phits = 0;
    while (pr.t < cycles) {
        for (int i = 0; i < 2; i++)
            while (pr.src[i].n - pr.src[i].idx < 64) pair_send(&pr, i, pk[pr.t & 1], 19);
        pair_step(&pr);
    }
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    for (int i = 0; i < 2; i++) phits += pr.snk[i].phits;
    printf("bench: model pair (2 ports, NumVcs 2, BufPerVc 128, L 8, 19-phit packets, "
           "no errors): %ld cycles in %.2f s = %.0f cycles/s, %.0f delivered phits/s\n",
           cycles, secs, (double)cycles / secs, (double)phits / secs);
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "--bench") == 0) {
        bench(argc >= 3 ? atol(argv[2]) : 2000000);
        return 0;
    }
    uint64_t seed = argc >= 2 ? strtoull(argv[1], NULL, 0) : 20261122;
    long cycles = argc >= 3 ? atol(argv[2]) : 350000;
    NR_TEST_BEGIN("test_lcb_model_rand", seed);
    rcfg cfgs[3] = {
        {.name = "default",
         .p = {.num_vcs = 2,
               .buf_per_vc = 128,
               .replay_depth = 256,
               .window = 32,
               .max_pkt_len = 64},
         .c = {.timeout = 300, .retry_limit = 32, .max_len = 64},
         .lat = 8,
         .p_bit = 1e-3,
         .p_burst = 5e-5,
         .p_erase = 5e-5,
         .p_outage = 2e-5,
         .p_long = 1e-5},
        {.name = "small4vc",
         .p = {.num_vcs = 4, .buf_per_vc = 24, .replay_depth = 32, .window = 4, .max_pkt_len = 12},
         .c = {.timeout = 150, .retry_limit = 32, .max_len = 12},
         .lat = 3,
         .p_bit = 2e-3,
         .p_burst = 1e-4,
         .p_erase = 1e-4,
         .p_outage = 2e-5,
         .p_long = 1e-5},
        {.name = "tiny1vc",
         .p = {.num_vcs = 1, .buf_per_vc = 8, .replay_depth = 16, .window = 2, .max_pkt_len = 8},
         .c = {.timeout = 80, .retry_limit = 32, .max_len = 8},
         .lat = 1,
         .p_bit = 2e-3,
         .p_burst = 1e-4,
         .p_erase = 1e-4,
         .p_outage = 2e-5,
         .p_long = 1e-5},
    };
    for (int k = 0; k < 3; k++) run_config(&cfgs[k], seed + (uint64_t)k, cycles);
    NR_TEST_END("test_lcb_model_rand");
}
