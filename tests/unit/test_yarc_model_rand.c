/* test_yarc_model_rand.c - randomized end-to-end runs of the YARC C model
 * with the per-flow scoreboard (csrc/lib/nr_sb.h): no loss, no duplication,
 * in order per (src, dest, vc), uncorrupted (PCRC checked, so the route-phit
 * rotation's CRC repair is checked on every source-routed packet).
 *
 * Bare k = 16 and k = 64 (and a short run with LCBs): uniform random
 * destinations, Bernoulli injection, lengths 4..64, both VCs, a mix of
 * r/a/h header bits, random source idles and random sink backpressure. At the
 * end the router must drain and every credit must be back: the sources'
 * input-queue credits, the bare output counters, the RBDs' row-buffer
 * credits and the subswitches' column-buffer credits. */
#include "nr_sb.h"
#include "yarc_priv.h"
#include "renv_test.h"

typedef struct {
    nr_sb_t sb;
    long delivered;
} rand_ctx;

static void on_pkt(renv *e, int port, const uint32_t *ph, int len)
{
    rand_ctx *c = e->ctx;
    nr_sb_deliver(&c->sb, port, ph, len, e->t, NULL);
    c->delivered++;
}

static void run(int rows, int cols, int lcb, uint64_t seed, long cycles, double load, double idle,
                double bp)
{
    nr_yarc_params p = renv_params(rows, cols, lcb);
    int n = rows * cols;
    renv e;
    rand_ctx c;
    memset(&c, 0, sizeof c);
    nr_sb_cfg_t sc;
    nr_sb_cfg_default(&sc);
    sc.num_vcs = 2;
    sc.skip_route = 1; /* source-routed packets have their route phit rotated */
    CHECK_EQ(nr_sb_init(&c.sb, &sc, NULL, NULL), 0);
    renv_init(&e, &p, NULL, 2, seed);
    e.ctx = &c;
    e.on_pkt = on_pkt;
    for (int i = 0; i < n; i++) {
        e.src[i].idle_p = idle;
        e.snk[i].bp = bp;
    }
    nr_rng_t gen[NR_MAX_PORTS];
    for (int i = 0; i < n; i++) nr_rng_stream(&gen[i], seed, NR_RNG_STREAM(NR_RNG_P_INJECT, i));
    const double mean_len = 34.0;
    uint32_t ph[RENV_MAXLEN];
    long sent = 0;
    for (long t = 0; t < cycles; t++) {
        for (int s = 0; s < n; s++) {
            nr_rng_t *r = &gen[s];
            if (!nr_rng_bernoulli(r, load / mean_len)) continue;
            nr_pkt_desc_t d = yt_rand_desc(r, s, n, 2);
            char err[128];
            d.seq = nr_sb_next_seq(&c.sb, d.src, d.dest, d.vc);
            int len = nr_pkt_build(&d, ph, RENV_MAXLEN, err, sizeof err);
            CHECK(len > 0);
            CHECK_EQ(nr_sb_expect(&c.sb, ph, len, e.t, NR_SB_DELIVER, 0), 0);
            renv_send(&e, s, ph, len);
            sent++;
        }
        renv_step(&e);
    }
    int drained = renv_drain(&e, lcb ? 400 : 100, 400000);
    CHECK(drained);
    if (lcb) /* let the last acknowledgements and credits come home */
        for (int i = 0; i < 500; i++) renv_step(&e);
    uint64_t errs = nr_sb_final(&c.sb);
    printf("k=%d %s seed %llu: %ld packets sent, %ld delivered, %llu phit-hops in %llu cycles, "
           "sb errors %llu\n",
           n, lcb ? "lcb" : "bare", (unsigned long long)seed, sent, c.delivered,
           (unsigned long long)e.phit_hops, (unsigned long long)e.t, (unsigned long long)errs);
    if (errs) nr_sb_report(&c.sb, stdout);
    CHECK_EQ(errs, 0);
    CHECK_EQ(c.delivered, sent);
    CHECK(sent > 50L * n);
    CHECK_EQ(renv_errors(&e), 0);
    /* every credit is back */
    const nr_yarc *m = renv_yarc(&e);
    for (int q = 0; q < n; q++) {
        const yarc_tile *t = &m->t[q];
        for (int v = 0; v < 2; v++) {
            yt_check_front_credits(&e, &m->c.fr, q, v, lcb, p.port.in_buf_per_vc);
            for (int cc = 0; cc < cols; cc++) CHECK_EQ(t->cred[cc][v], p.row_buf_depth);
            for (int j = 0; j < rows; j++) CHECK_EQ(t->ssw.cc[j * 2 + v], p.col_buf_depth);
            CHECK_EQ(t->iu.route_v[v], 0);
            CHECK_EQ(t->iu.stg_cnt[v], 0);
        }
        CHECK_EQ(t->op.busy[0], 0);
    }
    nr_sb_free(&c.sb);
    renv_free(&e);
}

int main(void)
{
    NR_TEST_BEGIN("test_yarc_model_rand", 4242);
    for (uint64_t s = 0; s < 4; s++) run(4, 4, 0, nr_test_seed + s, 15000, 0.5, 0.2, 0.3);
    run(4, 4, 0, nr_test_seed + 10, 8000, 0.9, 0.0, 0.0); /* saturated */
    run(8, 8, 0, nr_test_seed + 20, 5000, 0.4, 0.1, 0.2);
    run(4, 4, 1, nr_test_seed + 30, 6000, 0.4, 0.1, 0.2);
    NR_TEST_END("test_yarc_model_rand");
}
