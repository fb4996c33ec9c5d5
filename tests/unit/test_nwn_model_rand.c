/* test_nwn_model_rand.c - randomized end-to-end runs of the network-within-a-
 * network C model (docs/nwn-arch.md) with the per-flow scoreboard
 * (csrc/include/nr_sb.h): every packet that should arrive arrives exactly
 * once, uncorrupted (PCRC checked, so the route-phit rotation's CRC repair is
 * checked on every source-routed packet), and in order per (src, dest, vc)
 * on every flow with one path (cn, local turns, bb up- and down-going); every
 * packet that must be dropped (SELF, UPUP) is dropped and counted exactly.
 * Packets through a top (fc, bb turning) with a = 0 and h = 0 take their
 * flow's hashed top (§4.3) and are checked in order too. Adaptive ones
 * (a = 1) choose the top per packet, and hashed ones (h = 1) by their own hash
 * key, so two of one (src, dest, vc) flow can take different tops and
 * overtake each other: they go to a second scoreboard that checks
 * exactly-once delivery without order, and the overtakes are counted
 * (docs/nwn-spec-questions.md, M1).
 *
 * cn, fc and bb, bare and with LCBs, k = 4 to 64 (fc6 and fc6-isu2, one port
 * per bottom, one up port per top among them), Speedup 1 and 2, 1 to 4 VCs,
 * ChanLat 1 to 4 with the smallest buffers, SelfTurn 0 and 1: uniform
 * random destinations (self and quadrant IV included), Bernoulli injection,
 * lengths 4..64, a mix of r/a/h header bits, random source idles and random
 * sink backpressure. Every cycle: at most S pops per input of a bottom and
 * one per input of a top. At the end the switch must drain and every credit
 * must be back (credit conservation): the sources' input-queue credits, the
 * bare output counters or the LCB credits of switch and NICs, every internal
 * channel's credit counter, and nothing owned, busy, routed or staged. */
#include "nr_sb.h"
#include "nwn_priv.h"
#include "renv_test.h"

typedef struct {
    nr_sb_t sb;  /* single-path flows: strict order */
    nr_sb_t sbm; /* adaptive packets through a top: exactly once, any order */
    const nr_nwn_params *p;
    uint32_t last[NR_MAX_PORTS][NR_MAX_PORTS][NR_SW_MAX_VCS]; /* last seq + 1 delivered */
    long overtakes; /* adaptive multi-path packets delivered after a later one */
    long delivered;
    long max_pops_bottom, max_pops_top, dual; /* pops per input and cycle */
} rand_ctx;

/* Packets through a top (fc, or bb turning between bottoms: §1.1, §1.2)
 * whose top is not fixed by (src, dest): adaptive (a = 1) or hashed with a
 * per-packet key (h = 1), §4.3. */
static int multipath(const nr_nwn_params *p, int src, int q, unsigned a, unsigned h)
{
    int k = p->num_ports, n = k / p->r;
    if (!a && !h) return 0;
    if (p->r == 1 || src / n == q / n) return 0;
    return !p->bb || (src < k / 2 && q < k / 2);
}

static void on_pkt(renv *e, int port, const uint32_t *ph, int len)
{
    rand_ctx *c = e->ctx;
    nr_pkt_info_t info;
    nr_pkt_parse(ph, len, e->nvc, 0, &info);
    int src = (int)info.tag_src % NR_MAX_PORTS, dst = (int)info.dest % NR_MAX_PORTS;
    if (multipath(c->p, src, dst, info.a, info.h)) {
        uint32_t *last = &c->last[src][dst][info.tag_vc % NR_SW_MAX_VCS];
        if (info.tag_seq + 1 < *last)
            c->overtakes++;
        else
            *last = info.tag_seq + 1;
        nr_sb_deliver(&c->sbm, port, ph, len, e->t, NULL);
    } else {
        nr_sb_deliver(&c->sb, port, ph, len, e->t, NULL);
    }
    c->delivered++;
}

/* After every tick: pops per input (IU pops and buffered inputs sent from). */
static void pops_hook(renv *e, int stop)
{
    if (!stop) return;
    rand_ctx *c = e->ctx;
    const nr_nwn *m = renv_nwn(e);
    for (int s = 0; s < m->g.nsw; s++) {
        const nr_swalloc *a = &m->sw[s];
        int cnt[NR_SW_MAX_IO] = {0};
        for (uint64_t mk = a->d_mask; mk; mk &= mk - 1) {
            int j = __builtin_ctzll(mk), i = a->d_src[j];
            if (!((a->iu_in >> i) & 1u)) cnt[i]++;
        }
        for (int i = 0; i < a->nin; i++) {
            if ((a->iu_in >> i) & 1u) {
                const nwn_end *pe = NULL;
                for (int p = 0; p < m->g.k && !pe; p++)
                    if (m->pin[p].sw == s && m->pin[p].io == i) pe = &m->pin[p];
                CHECK(pe != NULL);
                cnt[i] = __builtin_popcount(m->iu[pe - m->pin].d_pop);
            }
            long *mx = nwn_is_bottom(&m->g, s) ? &c->max_pops_bottom : &c->max_pops_top;
            if (cnt[i] > *mx) *mx = cnt[i];
            c->dual += cnt[i] >= 2;
        }
    }
}

/* The drop the switch must make for src -> q (§1.2, §1.4), or 0. */
static int expect_drop(const nr_nwn_params *p, int src, int q)
{
    if (src == q && !p->self_turn) return NR_DROP_SELF;
    int half = p->num_ports / 2;
    if (p->bb && src >= half && q >= half) return NR_DROP_UPUP;
    return 0;
}

typedef struct {
    char org;
    int k, lcb, speedup, nvc, lat, depth, self;
    long cycles;
    double load, idle, bp;
    int r, m; /* 0: the named configuration's */
} run_cfg;

static void run(const run_cfg *rc, uint64_t seed)
{
    nr_nwn_params p = renv_nwn_params(rc->org, rc->k, rc->lcb);
    p.speedup = rc->speedup;
    p.port.num_vcs = rc->nvc;
    p.chan_lat = rc->lat;
    p.buf_depth = rc->depth;
    p.self_turn = rc->self;
    if (rc->r) p.r = rc->r;
    if (rc->m) p.m = rc->m;
    const int n = rc->k, V = rc->nvc;
    renv e;
    rand_ctx c;
    memset(&c, 0, sizeof c);
    nr_sb_cfg_t sc;
    nr_sb_cfg_default(&sc);
    sc.num_vcs = V;
    sc.skip_route = 1; /* source-routed packets have their route phit rotated */
    CHECK_EQ(nr_sb_init(&c.sb, &sc, NULL, NULL), 0);
    sc.relaxed = 1;
    CHECK_EQ(nr_sb_init(&c.sbm, &sc, NULL, NULL), 0);
    c.p = &p;
    renv_init_nwn(&e, &p, NULL, 2, seed);
    e.ctx = &c;
    e.on_pkt = on_pkt;
    e.timer = pops_hook;
    for (int i = 0; i < n; i++) {
        e.src[i].idle_p = rc->idle;
        e.snk[i].bp = rc->bp;
    }
    nr_rng_t gen[NR_MAX_PORTS];
    for (int i = 0; i < n; i++) nr_rng_stream(&gen[i], seed, NR_RNG_STREAM(NR_RNG_P_INJECT, i));
    const double mean_len = 34.0;
    uint32_t ph[RENV_MAXLEN];
    long sent = 0, want_drop[8] = {0};
    for (long t = 0; t < rc->cycles; t++) {
        for (int s = 0; s < n; s++) {
            nr_rng_t *r = &gen[s];
            if (!nr_rng_bernoulli(r, rc->load / mean_len) || renv_src_backlog(&e, s) > 512)
                continue;
            nr_pkt_desc_t d = yt_rand_desc(r, s, n, V);
            char err[128];
            int drop = expect_drop(&p, s, (int)d.dest);
            nr_sb_t *sb = multipath(&p, s, (int)d.dest, d.a, d.h) ? &c.sbm : &c.sb;
            d.seq = drop ? 0 : nr_sb_next_seq(sb, d.src, d.dest, d.vc);
            int len = nr_pkt_build(&d, ph, RENV_MAXLEN, err, sizeof err);
            CHECK(len > 0);
            if (drop)
                want_drop[drop]++;
            else
                CHECK_EQ(nr_sb_expect(sb, ph, len, e.t, NR_SB_DELIVER, 0), 0);
            renv_send(&e, s, ph, len);
            sent += !drop;
        }
        renv_step(&e);
    }
    int drained = renv_drain(&e, rc->lcb ? 400 : 100, 400000);
    CHECK(drained);
    if (rc->lcb) /* let the last acknowledgements and credits come home */
        for (int i = 0; i < 500; i++) renv_step(&e);
    for (int i = 0, held = 1; i < 20000 && held; i++) { /* bare sinks return a credit per cycle */
        held = 0;
        for (int q = 0; q < n; q++)
            for (int v = 0; v < V; v++) held |= e.snk[q].held[v] > 0;
        if (held) renv_step(&e);
    }
    uint64_t errs = nr_sb_final(&c.sb), errm = nr_sb_final(&c.sbm);
    printf("%c k=%d R=%d M=%d %s S=%d V=%d L=%d depth %d self %d seed %llu: %ld packets, %ld "
           "delivered, "
           "%llu SELF, %llu UPUP drops, %llu phit-hops in %llu cycles, dual pops %ld, "
           "overtakes through tops %ld, sb errors %llu + %llu\n",
           rc->org, n, p.r, p.m, rc->lcb ? "lcb" : "bare", rc->speedup, V, rc->lat, rc->depth,
           rc->self, (unsigned long long)seed, sent, c.delivered,
           (unsigned long long)e.drop_reason[NR_DROP_SELF],
           (unsigned long long)e.drop_reason[NR_DROP_UPUP], (unsigned long long)e.phit_hops,
           (unsigned long long)e.t, c.dual, c.overtakes, (unsigned long long)errs,
           (unsigned long long)errm);
    if (errs) nr_sb_report(&c.sb, stdout);
    if (errm) nr_sb_report(&c.sbm, stdout);
    CHECK_EQ(errm, 0);
    if (rc->org == 'c') CHECK_EQ(c.overtakes, 0);
    CHECK_EQ(errs, 0);
    CHECK_EQ(c.delivered, sent);
    CHECK(sent > 30L * n);
    for (int r = 1; r < 8; r++) CHECK_EQ(e.drop_reason[r], want_drop[r]);
    CHECK_EQ(renv_errors(&e), 0);
    /* the accept rule: at most S pops per input of a bottom, 1 of a top */
    CHECK(c.max_pops_bottom <= rc->speedup);
    CHECK(c.max_pops_top <= 1);
    if (rc->speedup == 2 && rc->load >= 0.5) CHECK(c.dual > 0);
    /* every credit is back, nothing is held */
    const nr_nwn *m = renv_nwn(&e);
    for (int q = 0; q < n; q++) {
        for (int v = 0; v < V; v++) {
            yt_check_front_credits(&e, &m->c.fr, q, v, rc->lcb, p.port.in_buf_per_vc);
            CHECK_EQ(m->iu[q].route_v[v], 0);
            CHECK_EQ(m->iu[q].stg_cnt[v], 0);
        }
    }
    for (int s = 0; s < m->g.nsw; s++) {
        const nr_swalloc *a = &m->sw[s];
        for (int j = 0; j < a->nout; j++) {
            if ((a->port_out >> j) & 1u) {
                CHECK_EQ(a->busy[j], 0);
                continue;
            }
            for (int v = 0; v < V; v++) {
                CHECK_EQ(a->cc[j * V + v], p.buf_depth);
                CHECK_EQ(a->own[j * V + v], -1);
            }
        }
        for (int v = 0; v < V; v++) CHECK_U64(a->ne[v], 0);
        CHECK_U64(a->own_any | a->busy_any, 0);
    }
    for (int sl = 0; sl < NR_CHPIPE_SLOTS; sl++) CHECK_EQ(m->c.chp.n[sl], 0);
    nr_sb_free(&c.sb);
    nr_sb_free(&c.sbm);
    renv_free(&e);
}

int main(void)
{
    NR_TEST_BEGIN("test_nwn_model_rand", 5151);
    const uint64_t s0 = nr_test_seed;
    /* org k lcb S V L depth self cycles load idle bp */
    const run_cfg runs[] = {
        {'c', 16, 0, 1, 2, 2, 16, 1, 12000, 0.5, 0.2, 0.3, 0, 0},
        {'f', 16, 0, 1, 2, 2, 16, 0, 12000, 0.5, 0.2, 0.3, 0, 0},
        {'b', 16, 0, 1, 2, 2, 16, 0, 12000, 0.5, 0.2, 0.3, 0, 0},
        {'f', 16, 0, 1, 2, 2, 16, 0, 8000, 0.95, 0.0, 0.0, 0, 0}, /* saturated */
        {'b', 16, 0, 1, 2, 2, 16, 0, 8000, 0.95, 0.0, 0.0, 0, 0},
        {'f', 16, 0, 1, 1, 1, 2, 1, 10000, 0.6, 0.1, 0.2, 0, 0},   /* 1 VC, L 1, depth 2 */
        {'b', 16, 0, 1, 4, 4, 8, 0, 10000, 0.6, 0.1, 0.2, 0, 0},   /* 4 VCs, L 4, depth 8 */
        {'f', 16, 0, 1, 3, 3, 8, 0, 10000, 0.6, 0.1, 0.2, 0, 0},   /* 3 VCs, L 3 */
        {'f', 16, 0, 2, 2, 2, 16, 0, 10000, 0.8, 0.05, 0.1, 0, 0}, /* Speedup 2 */
        {'f', 16, 0, 2, 4, 2, 16, 0, 10000, 0.8, 0.05, 0.1, 0, 0}, /* S = 2 < NumVcs */
        {'b', 16, 0, 2, 3, 1, 4, 0, 10000, 0.8, 0.05, 0.1, 0, 0},
        {'c', 16, 0, 2, 4, 2, 16, 1, 10000, 0.8, 0.05, 0.1, 0, 0},
        {'f', 64, 0, 1, 2, 2, 16, 0, 4000, 0.4, 0.1, 0.2, 0, 0},
        {'b', 64, 0, 1, 2, 2, 16, 0, 4000, 0.4, 0.1, 0.2, 0, 0},
        {'c', 64, 0, 1, 2, 2, 16, 1, 4000, 0.4, 0.1, 0.2, 0, 0},
        {'f', 64, 0, 2, 2, 2, 16, 0, 3000, 0.7, 0.05, 0.1, 0, 0},
        {'f', 16, 1, 1, 2, 2, 16, 0, 5000, 0.4, 0.1, 0.2, 0, 0}, /* with LCBs */
        {'b', 16, 1, 1, 2, 2, 16, 0, 5000, 0.4, 0.1, 0.2, 0, 0},
        {'c', 16, 1, 1, 2, 2, 16, 1, 5000, 0.4, 0.1, 0.2, 0, 0},
        {'f', 16, 1, 2, 2, 2, 16, 0, 5000, 0.7, 0.05, 0.1, 0, 0}, /* LCB second read port */
        {'b', 16, 1, 2, 4, 2, 16, 0, 5000, 0.7, 0.05, 0.1, 0, 0},
        /* other geometries: tiny switches, one port per bottom, one up port per top */
        {'b', 4, 0, 1, 2, 2, 16, 0, 8000, 0.6, 0.1, 0.2, 2, 1},
        {'b', 4, 0, 2, 2, 1, 2, 0, 8000, 0.6, 0.1, 0.2, 4, 2},
        {'f', 8, 0, 1, 2, 2, 16, 0, 8000, 0.6, 0.1, 0.2, 4, 2},
        {'f', 16, 0, 2, 2, 2, 16, 1, 8000, 0.6, 0.1, 0.2, 16, 3},
        {'b', 16, 0, 1, 2, 2, 16, 0, 8000, 0.6, 0.1, 0.2, 16, 8},
        {'f', 32, 0, 1, 4, 2, 16, 0, 5000, 0.6, 0.1, 0.2, 2, 16},
        {'f', 64, 0, 1, 2, 2, 16, 0, 3000, 0.6, 0.1, 0.2, 16, 6}, /* fc6 */
        {'f', 64, 0, 2, 2, 2, 16, 0, 3000, 0.6, 0.1, 0.2, 16, 6}, /* fc6-isu2 */
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) run(&runs[i], s0 + i);
    /* more seeds of the default bare organizations */
    for (uint64_t k = 0; k < 3; k++) {
        run(&runs[1], s0 + 100 + k);
        run(&runs[2], s0 + 200 + k);
    }
    NR_TEST_END("test_nwn_model_rand");
}
