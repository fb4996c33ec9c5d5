/* test_inject.c - measured load and burstiness against the formulas in
 * nr_inj.h, length distributions, source queues, parameter errors. */
#include "nr_inj.h"
#include "nr_test.h"

/* Variance of the packet count in a window of W cycles of a stationary
 * two-state MMBP (generation prob p in ON, stationary pi, r = 1-alpha-beta):
 * W*lam*(1-lam) + 2 p^2 pi (1-pi) sum_{k=1}^{W-1} (W-k) r^k, lam = p*pi.
 * Bernoulli is the case pi = 1. */
static double mmbp_var(double p, double pi, double r, long W)
{
    double lam = p * pi, v = W * lam * (1 - lam), rk = 1, s = 0;
    for (long k = 1; k < W; k++) {
        rk *= r;
        s += (double)(W - k) * rk;
    }
    return v + 2 * p * p * pi * (1 - pi) * s;
}

/* Run source 0 for T cycles, popping nothing; return window variance of
 * packet counts over windows of W cycles, and the measured load. */
static void run(nr_inj_t *s, long T, long W, double *load, double *wvar, double *wmean)
{
    long nwin = T / W, cnt = 0;
    double sum = 0, sum2 = 0;
    for (long t = 0; t < T; t++) {
        int g = nr_inj_tick(s, (uint64_t)t, NULL);
        CHECK(g >= 0);
        cnt += g;
        if ((t + 1) % W == 0) {
            sum += cnt;
            sum2 += (double)cnt * cnt;
            cnt = 0;
        }
        if (nr_inj_depth(s) > 1000)
            while (nr_inj_depth(s) > 0) nr_inj_pop(s);
    }
    *load = (double)s->gen_phits / T;
    *wmean = sum / nwin;
    *wvar = sum2 / nwin - *wmean * *wmean;
}

/* A process of this kind and load with fixed 4-phit packets, the rest 0. */
static nr_inj_cfg_t fixed4(nr_inj_kind_t kind, double load)
{
    nr_inj_cfg_t c = {.kind = kind, .load = load, .len.kind = NR_LEN_FIXED, .len.a = 4};
    return c;
}

/* The Bernoulli source draws one number a tick from its timing stream, and
 * a generated packet's length and VC follow its draw (nr_inj.h); it may make
 * those draws ahead (la_*), and a batch (nr_inj_gen) between ticks must find
 * the stream where the ticks left it. Against a reference written from that
 * rule, with its own copies of the streams: the same packets, lengths, VCs,
 * destinations and cycles, for loads 0, small, 0.5 and 1 and with batches
 * at random ticks. */
/* s started on configuration c as node's source, on the test's seed */
static void start(nr_inj_t *s, const nr_inj_cfg_t *c, int node)
{
    char err[200];
    CHECK_EQ(nr_inj_init(s, c, nr_test_seed, node, err, sizeof err), 0);
}

static void check_bernoulli_stream(double load, int batches)
{
    nr_inj_cfg_t c = {.kind = NR_INJ_BERNOULLI,
                      .load = load,
                      .len.kind = NR_LEN_UNIFORM,
                      .len.a = 3,
                      .len.b = 11,
                      .len.num_vcs = 3};
    char err[200];
    nr_inj_t s;
    CHECK_EQ(nr_inj_init(&s, &c, 99, 5, err, sizeof err), 0);
    nr_rng_t rng = s.rng, br; /* the reference's copy of the timing stream */
    nr_rng_seed(&br, 7);
    uint64_t ref_pkts = 0;
    for (uint64_t t = 0; t < 20000; t++) {
        int g = nr_inj_tick(&s, t, NULL), rg = nr_rng_bernoulli(&rng, s.p);
        int len = 0, vc = 0;
        nr_pkt_cls_t cls;
        if (rg) nr_lendist_draw(&c.len, &rng, &len, &vc, &cls);
        CHECK_EQ(g, rg);
        if (g) {
            const nr_inj_pkt_t *q = &s.q[(s.qhead + s.qlen - 1) % s.qcap];
            CHECK_EQ(q->len, len);
            CHECK_EQ(q->vc, vc);
            CHECK_EQ(q->gen_cycle, t);
            ref_pkts++;
        }
        if (batches && nr_rng_below(&br, 97) == 0) { /* a batch packet between ticks */
            CHECK_EQ(nr_inj_gen(&s, t, NULL), 1);
            nr_lendist_draw(&c.len, &rng, &len, &vc, &cls);
            const nr_inj_pkt_t *q = &s.q[(s.qhead + s.qlen - 1) % s.qcap];
            CHECK_EQ(q->len, len);
            CHECK_EQ(q->vc, vc);
            ref_pkts++;
        }
        while (nr_inj_depth(&s) > 100) nr_inj_pop(&s);
    }
    CHECK_EQ(s.gen_pkts, ref_pkts);
    CHECK_EQ(s.cycles, 20000u);
    nr_inj_free(&s);
}

static void inj_bernoulli_stream(void)
{
    /* ---- the Bernoulli timing stream against a reference of the rule ---- */
    for (int b = 0; b < 2; b++) {
        check_bernoulli_stream(0.0, b);
        check_bernoulli_stream(0.02, b);
        check_bernoulli_stream(0.5, b);
        check_bernoulli_stream(1.0, b);
    }
}

static void inj_bernoulli(void)
{
    nr_inj_t s;
    /* ---- Bernoulli, fixed L = 4, load 0.3: p = 0.075 ---- */
    nr_inj_cfg_t c = fixed4(NR_INJ_BERNOULLI, 0.3);
    start(&s, &c, 0);
    CHECK_NEAR(s.p, 0.075, 1e-12);
    {
        const long T = 400000, W = 2000;
        double load, wv, wm;
        run(&s, T, W, &load, &wv, &wm);
        /* sd of the load: L*sqrt(T p (1-p))/T = 4*sqrt(0.069375/T) = 0.00167; tol 5 sd. */
        printf("bernoulli: load %.4f (0.3), window var/mean %.3f (0.925)\n", load, wv / wm);
        CHECK_NEAR(load, 0.3, 5 * 4 * sqrt(0.075 * 0.925 / T));
        /* Window counts are binomial: var/mean = 1 - p = 0.925. 200 windows:
         * relative sd of a variance estimate ~ sqrt(2/200) = 0.1; tol 0.35. */
        CHECK_NEAR(wv / wm, 0.925, 0.35);
        CHECK_EQ(s.on_periods, 0);
    }
    nr_inj_free(&s);
    /* ---- Bernoulli with uniform lengths [4, 20] and 2 VCs, load 0.6 ---- */
    c.load = 0.6;
    c.len.kind = NR_LEN_UNIFORM;
    c.len.a = 4;
    c.len.b = 20;
    c.len.num_vcs = 2;
    start(&s, &c, 1);
    {
        const long T = 400000;
        long lhist[21] = {0}, vcs[2] = {0};
        for (long t = 0; t < T; t++) {
            if (nr_inj_tick(&s, (uint64_t)t, NULL) == 1) {
                const nr_inj_pkt_t *p = nr_inj_peek(&s);
                CHECK(p->len >= 4 && p->len <= 20);
                CHECK(p->vc == 0 || p->vc == 1);
                CHECK_EQ(p->cls, NR_CLS_DATA);
                lhist[p->len]++;
                vcs[p->vc]++;
                nr_inj_pop(&s);
            }
        }
        /* Var of total phits = T (p E[L^2] - p^2 E[L]^2), p = 0.05,
         * E[L] = 12, E[L^2] = 144 + 24 = 168. sd(load) = 0.00283; tol 5 sd. */
        double p = 0.6 / 12, sd = sqrt(T * (p * 168 - p * p * 144)) / T;
        double load = (double)s.gen_phits / T;
        printf("uniform[4,20]: load %.4f (0.6)\n", load);
        CHECK_NEAR(load, 0.6, 5 * sd);
        double n = (double)s.gen_pkts;
        for (int L = 4; L <= 20; L++) /* each 1/17; sd of count sqrt(n/17) */
            CHECK_NEAR(lhist[L], n / 17, 5 * sqrt(n / 17));
        CHECK_NEAR(vcs[0], n / 2, 5 * sqrt(n / 4));
    }
    nr_inj_free(&s);
    /* ---- BlackWidow mix: classes 1/4 each, lengths and VCs, mean 11.5 ---- */
    c.len.kind = NR_LEN_BWMIX;
    c.len.num_vcs = 0;
    c.load = 0.5;
    CHECK_NEAR(nr_lendist_mean(&c.len), 11.5, 1e-12);
    start(&s, &c, 2);
    {
        const long T = 400000;
        long cls[NR_CLS_COUNT] = {0};
        for (long t = 0; t < T; t++) {
            if (nr_inj_tick(&s, (uint64_t)t, NULL) == 1) {
                const nr_inj_pkt_t *p = nr_inj_peek(&s);
                cls[p->cls]++;
                switch (p->cls) {
                case NR_CLS_READ_REQ: CHECK(p->len == 4 && p->vc == 0); break;
                case NR_CLS_WRITE_REQ: CHECK(p->len == 19 && p->vc == 0); break;
                case NR_CLS_READ_RESP: CHECK(p->len == 19 && p->vc == 1); break;
                case NR_CLS_WRITE_ACK: CHECK(p->len == 4 && p->vc == 1); break;
                default: CHECK(0);
                }
                nr_inj_pop(&s);
            }
        }
        double n = (double)s.gen_pkts;
        CHECK_EQ(cls[NR_CLS_DATA], 0);
        for (int k = 1; k < NR_CLS_COUNT; k++) /* sd sqrt(n*3/16) */
            CHECK_NEAR(cls[k], n / 4, 5 * sqrt(n * 3 / 16));
        /* E[L^2] = (16 + 361) / 2 = 188.5, p = 0.5/11.5. */
        double p = 0.5 / 11.5, sd = sqrt(T * (p * 188.5 - p * p * 11.5 * 11.5)) / T;
        printf("bwmix: load %.4f (0.5), %s %ld\n", (double)s.gen_phits / T,
               nr_pkt_cls_name(NR_CLS_READ_RESP), cls[NR_CLS_READ_RESP]);
        CHECK_NEAR((double)s.gen_phits / T, 0.5, 5 * sd);
    }
    nr_inj_free(&s);
}

static void inj_onoff(void)
{
    nr_inj_t s;
    /* ---- on/off: L = 4, load 0.4, peak 1, mean burst B = 8 packets ----
     * p_on = 0.25, beta = 0.03125, pi = 0.4, alpha = 0.0208333. */
    nr_inj_cfg_t c = fixed4(NR_INJ_ONOFF, 0.4);
    c.burst = 8;
    start(&s, &c, 3);
    CHECK_NEAR(s.p, 0.25, 1e-12);
    CHECK_NEAR(s.beta, 0.03125, 1e-12);
    CHECK_NEAR(s.alpha, 0.03125 * 0.4 / 0.6, 1e-12);
    {
        const long T = 2000000, W = 2000;
        double load, wv, wm, r = 1 - s.alpha - s.beta;
        run(&s, T, W, &load, &wv, &wm);
        /* Load: sd from the asymptotic MMBP count variance, x L^2. */
        double var_rate = mmbp_var(0.25, 0.4, r, 20000) / 20000;
        double sd = 4 * sqrt(var_rate * T) / T; /* ~0.0023 */
        double burst = (double)s.gen_pkts / (double)s.on_periods;
        double on_len = (double)s.on_cycles / (double)s.on_periods;
        double pred = mmbp_var(0.25, 0.4, r, W);
        printf("onoff: load %.4f (0.4, sd %.4f), burst %.2f pkts (8), ON %.1f cycles (32),"
               " ON fraction %.3f (0.4), window var %.0f (formula %.0f), var/mean %.2f\n",
               load, sd, burst, on_len, (double)s.on_cycles / T, wv, pred, wv / wm);
        CHECK_NEAR(load, 0.4, 5 * sd);
        /* ~25000 ON periods; per-period packets have var 6 + 0.0625*992 = 68,
         * so the mean burst has sd 0.052: tol 0.3. */
        CHECK_NEAR(burst, 8.0, 0.3);
        /* ON period length geometric, mean 1/beta = 32, sd 31.5/sqrt(25000) = 0.2. */
        CHECK_NEAR(on_len, 32.0, 1.0);
        CHECK_NEAR((double)s.on_cycles / T, 0.4, 0.02);
        /* Window variance vs the exact formula (1000 windows, relative sd of
         * the estimate ~ sqrt(2/1000) = 0.045): tol 25%. The same load from a
         * Bernoulli source has var/mean 0.9; this one is ~6. */
        CHECK_NEAR(wv / pred, 1.0, 0.25);
        CHECK(wv / wm > 4.0);
    }
    nr_inj_free(&s);

    /* Burstiness grows with B at the same load: B = 32 has a larger window
     * variance than B = 2, and both keep the load. 500 windows: relative sd
     * of the variance estimate 0.063, tol 0.3. */
    {
        double v[2], ld[2];
        const double bs[2] = {2, 32};
        for (int i = 0; i < 2; i++) {
            c.burst = bs[i];
            start(&s, &c, 4);
            double wm;
            run(&s, 1000000, 2000, &ld[i], &v[i], &wm);
            double pred = mmbp_var(0.25, 0.4, 1 - s.alpha - s.beta, 2000);
            printf("onoff B=%g: load %.4f, window var %.0f (formula %.0f)\n", bs[i], ld[i], v[i],
                   pred);
            CHECK_NEAR(v[i] / pred, 1.0, 0.3);
            nr_inj_free(&s);
        }
        CHECK(v[1] > 4 * v[0]);
        /* Load sd over 1e6 cycles, 4*sqrt(var/W * T)/T: 0.0018 (B=2) and
         * 0.006 (B=32); tolerances are > 8 sd. */
        CHECK_NEAR(ld[0], 0.4, 0.02);
        CHECK_NEAR(ld[1], 0.4, 0.05);
    }
    /* load == peak: always ON, a Bernoulli source at the peak rate. */
    c.load = 1.0;
    c.burst = 4;
    start(&s, &c, 5);
    for (int t = 0; t < 1000; t++) nr_inj_tick(&s, (uint64_t)t, NULL);
    CHECK_EQ(s.on_cycles, 1000);
    CHECK_EQ(s.on_periods, 1);
    nr_inj_free(&s);
}

static void inj_queue(void)
{
    nr_inj_t s;
    /* ---- source queue: FIFO, unbounded, max depth ---- */
    nr_inj_cfg_t c = fixed4(NR_INJ_BERNOULLI, 1.0);
    start(&s, &c, 6);
    {
        uint64_t last = 0;
        long n = 0;
        for (int t = 0; t < 4000; t++) n += nr_inj_tick(&s, (uint64_t)t, NULL);
        CHECK_EQ(nr_inj_depth(&s), n);
        CHECK_EQ(s.max_depth, n);
        CHECK_EQ(s.max_depth_phits, 4 * n);
        CHECK(n > 900 && n < 1100); /* 1000 expected, sd 27 */
        for (long i = 0; i < n; i++) {
            const nr_inj_pkt_t *p = nr_inj_peek(&s);
            CHECK(p != NULL);
            CHECK_EQ(p->id, i);
            CHECK(p->gen_cycle >= last);
            CHECK_EQ(p->dest, -1);
            last = p->gen_cycle;
            nr_inj_pop(&s);
        }
        CHECK(nr_inj_peek(&s) == NULL);
        CHECK_EQ(s.qphits, 0);
        CHECK_EQ(s.max_depth, n); /* the maximum is kept */
    }
    nr_inj_free(&s);
}

/* ---- destinations come from the pattern and the source's own stream ---- */
static void inj_dests(void)
{
    char err[200];
    nr_inj_cfg_t c;
    nr_traffic_cfg_t tc = {.kind = NR_TP_UNIFORM, .k = 8};
    nr_traffic_t tp;
    CHECK_EQ(nr_traffic_init(&tp, &tc, nr_test_seed, err, sizeof err), 0);
    nr_inj_t a, b, o;
    c = fixed4(NR_INJ_BERNOULLI, 0.5);
    start(&a, &c, 3);
    start(&b, &c, 3);
    start(&o, &c, 4);
    for (int t = 0; t < 2000; t++) {
        int ga = nr_inj_tick(&a, (uint64_t)t, &tp);
        nr_inj_tick(&o, (uint64_t)t, &tp); /* another source in between */
        int gb = nr_inj_tick(&b, (uint64_t)t, &tp);
        CHECK_EQ(ga, gb);
        if (ga) {
            const nr_inj_pkt_t *pa = nr_inj_peek(&a), *pb = nr_inj_peek(&b);
            CHECK_EQ(pa->dest, pb->dest);
            CHECK(pa->dest >= 0 && pa->dest < 8 && pa->dest != 3);
            CHECK_EQ(pa->gen_cycle, (uint64_t)t);
            nr_inj_pop(&a);
            nr_inj_pop(&b);
        }
    }
    nr_inj_free(&a);
    nr_inj_free(&b);
    nr_inj_free(&o);
}

static void inj_errors(void)
{
    char err[200];
    nr_inj_t s;
    /* ---- errors ---- */
    nr_inj_cfg_t c = fixed4(NR_INJ_BERNOULLI, 1.5);
    CHECK_EQ(nr_inj_init(&s, &c, 1, 0, err, sizeof err), -1);
    CHECK_STR(err, "load 1.5 out of range");
    c.load = 0.9;
    c.kind = NR_INJ_ONOFF;
    c.burst = 1;
    CHECK_EQ(nr_inj_init(&s, &c, 1, 0, err, sizeof err), -1);
    CHECK_STR(err, "burst >= 2.25"); /* p_on * pi / (1 - pi) = 0.25 * 9 */
    c.burst = 0.5;
    CHECK_EQ(nr_inj_init(&s, &c, 1, 0, err, sizeof err), -1);
    c.burst = 4;
    c.peak = 0.5;
    CHECK_EQ(nr_inj_init(&s, &c, 1, 0, err, sizeof err), -1);
    CHECK_STR(err, "above the peak");
    c.kind = NR_INJ_BERNOULLI;
    c.len.kind = NR_LEN_UNIFORM;
    c.len.a = 10;
    c.len.b = 5;
    CHECK_EQ(nr_inj_init(&s, &c, 1, 0, err, sizeof err), -1);
    CHECK_STR(err, "[10, 5]");
    c.len.kind = NR_LEN_FIXED;
    c.len.a = 1;
    CHECK_EQ(nr_inj_init(&s, &c, 1, 0, err, sizeof err), -1);
    c.len.kind = NR_LEN_BWMIX;
    c.len.num_vcs = 1;
    CHECK_EQ(nr_inj_init(&s, &c, 1, 0, err, sizeof err), -1);
    CHECK_STR(err, "num_vcs >= 2");
    CHECK_STR(nr_inj_kind_names()[NR_INJ_ONOFF], "onoff");
    CHECK_STR(nr_len_kind_names()[NR_LEN_BWMIX], "bwmix");
    CHECK(nr_len_kind_names()[NR_LEN_COUNT] == NULL);
}

int main(void)
{
    NR_TEST_BEGIN("test_inject", 424242);
    inj_bernoulli_stream();
    inj_bernoulli();
    inj_onoff();
    inj_queue();
    inj_dests();
    inj_errors();
    NR_TEST_END("test_inject");
}
