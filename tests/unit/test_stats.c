/* test_stats.c - phases, labeling, drain, loads, nearest-rank percentiles
 * and histograms on synthetic samples (all exact). */
#include "nr_rng.h"
#include "nr_stats.h"
#include "nr_test.h"

/* ---- nearest-rank percentiles ---- */
static void st_percentiles(void)
{
    uint32_t v[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    CHECK_EQ(nr_percentile(v, 10, 50), 5);  /* rank ceil(5) = 5 */
    CHECK_EQ(nr_percentile(v, 10, 99), 10); /* rank ceil(9.9) = 10 */
    CHECK_EQ(nr_percentile(v, 10, 10), 1);  /* rank 1 */
    CHECK_EQ(nr_percentile(v, 10, 11), 2);  /* rank ceil(1.1) = 2 */
    CHECK_EQ(nr_percentile(v, 10, 0), 1);
    CHECK_EQ(nr_percentile(v, 10, 100), 10);
    CHECK_EQ(nr_percentile(v, 10, 90), 9);
    CHECK_EQ(nr_percentile(v, 10, 90.0001), 10);
    CHECK_EQ(nr_percentile(v, 1, 50), 1);
    CHECK_EQ(nr_percentile(v, 0, 50), 0);
    uint32_t w[100];
    for (int i = 0; i < 100; i++) w[i] = (uint32_t)(i + 1);
    CHECK_EQ(nr_percentile(w, 100, 50), 50);
    CHECK_EQ(nr_percentile(w, 100, 99), 99);
    CHECK_EQ(nr_percentile(w, 100, 29), 29); /* 0.29*100 is not exact in binary */
    CHECK_EQ(nr_percentile(w, 100, 57), 57);
    CHECK_EQ(nr_percentile(w, 100, 99.5), 100);
    CHECK_EQ(nr_percentile(w, 100, 1), 1);
}

/* The cases' statistics: warmup 100, window 1000, drain limit 500, 4 ports,
 * histogram bins of 2 cycles (the bad-configuration case changes one field) */
static const nr_stats_cfg_t cfg = {100, 1000, 500, 4, 2};
static void open_stats(nr_stats_t *st)
{
    char err[200];
    CHECK_EQ(nr_stats_init(st, &cfg, err, sizeof err), 0);
}

static void st_phases(void)
{
    char buf[4000];
    nr_stats_t st;
    /* ---- phases, labeling, drain, loads, latency ---- */
    open_stats(&st);
    CHECK_EQ(nr_stats_phase(&st, 0), NR_PH_WARMUP);
    CHECK_EQ(nr_stats_phase(&st, 99), NR_PH_WARMUP);
    CHECK_EQ(nr_stats_phase(&st, 100), NR_PH_MEASURE);
    CHECK_EQ(nr_stats_phase(&st, 1099), NR_PH_MEASURE);
    CHECK_EQ(nr_stats_phase(&st, 1100), NR_PH_DRAIN);
    CHECK_EQ(nr_stats_phase(&st, 1599), NR_PH_DRAIN);
    CHECK_EQ(nr_stats_phase(&st, 1600), NR_PH_DONE);
    CHECK_STR(nr_stats_phase_name(NR_PH_DRAIN), "drain");
    /* Generated: 50 (warm-up), 100, 500, 1099 (labeled), 1100 (drain). */
    nr_stats_generated(&st, 0, 10, 50);
    nr_stats_generated(&st, 1, 10, 100);
    nr_stats_generated(&st, 2, 20, 500);
    nr_stats_generated(&st, 3, 30, 1099);
    nr_stats_generated(&st, 0, 40, 1100);
    CHECK_EQ(st.labeled, 3);
    CHECK_EQ(st.off_phits, 60);
    /* Deliveries: the warm-up one inside the window counts for accepted
     * load but not latency; labeled ones give latency samples. */
    nr_stats_delivered(&st, 0, 10, 50, 52, 150);   /* accepted, not labeled */
    nr_stats_delivered(&st, 1, 10, 100, 101, 110); /* lat 10, net 9 */
    nr_stats_delivered(&st, 2, 20, 500, 510, 600); /* lat 100, net 90 */
    CHECK_EQ(nr_stats_done(&st, 1098), 0);
    CHECK_EQ(nr_stats_done(&st, 1099), 0); /* window over, one labeled outstanding */
    CHECK_EQ(nr_stats_done(&st, 1150), 0);
    nr_stats_delivered(&st, 3, 30, 1099, UINT64_MAX, 1200); /* lat 101, after window */
    nr_stats_delivered(&st, 0, 40, 1100, 1100, 1210);       /* not labeled */
    CHECK_EQ(nr_stats_done(&st, 1200), 1);
    CHECK_EQ(nr_stats_done(&st, 1201), 1); /* sticky */
    {
        nr_stats_summary_t s;
        nr_stats_summary(&st, &s);
        CHECK_NEAR(s.offered, 60.0 / 4000, 1e-12);
        CHECK_NEAR(s.accepted, 40.0 / 4000, 1e-12); /* 10 + 10 + 20 in the window */
        CHECK_NEAR(s.accepted_min_port, 0.0, 1e-12);
        CHECK_NEAR(s.accepted_max_port, 20.0 / 1000, 1e-12);
        CHECK_EQ(s.labeled, 3);
        CHECK_EQ(s.delivered, 3);
        CHECK_EQ(s.outstanding, 0);
        CHECK(s.drained);
        CHECK(!s.drain_timeout);
        CHECK_EQ(s.drain_cycles, 101); /* cycles 1100..1200 */
        CHECK_EQ(s.n, 3);
        CHECK_NEAR(s.mean, 211.0 / 3, 1e-12);
        CHECK_EQ(s.min, 10);
        CHECK_EQ(s.p50, 100);
        CHECK_EQ(s.p99, 101);
        CHECK_EQ(s.max, 101);
        CHECK_EQ(s.net_n, 2);
        CHECK_NEAR(s.net_mean, 49.5, 1e-12);
        CHECK_EQ(s.net_p50, 9);
        CHECK_EQ(s.net_max, 90);
        NR_TEST_CAPTURE(buf, f, nr_stats_print(&st, f));
        CHECK_STR(buf, "offered 0.0150 accepted 0.0100 phits/cycle/port");
        CHECK_STR(buf, "drain complete after 101 cycles");
        CHECK_STR(buf, "n 3 mean 70.33 min 10 p50 100 p99 101 max 101 cycles");
    }
    nr_stats_free(&st);
}

static void st_drain(void)
{
    char buf[4000];
    nr_stats_t st;
    /* ---- drain limit: a labeled packet never arrives ---- */
    open_stats(&st);
    nr_stats_generated(&st, 0, 4, 200);
    nr_stats_generated(&st, 0, 4, 300);
    nr_stats_dropped(&st, 300); /* a soft error on purpose: does not hold the drain */
    for (uint64_t t = 1099; t < 1599; t++) CHECK_EQ(nr_stats_done(&st, t), 0);
    CHECK_EQ(nr_stats_done(&st, 1599), 1);
    {
        nr_stats_summary_t s;
        nr_stats_summary(&st, &s);
        CHECK(s.drain_timeout);
        CHECK(!s.drained);
        CHECK_EQ(s.outstanding, 1);
        CHECK_EQ(s.dropped, 1);
        CHECK_EQ(s.drain_cycles, 500);
        CHECK_EQ(s.n, 0);
        NR_TEST_CAPTURE(buf, f, nr_stats_print(&st, f));
        CHECK_STR(buf, "outstanding 1; drain LIMIT HIT after 500 cycles");
    }
    nr_stats_free(&st);
}

static void st_histogram(void)
{
    char buf[4000];
    nr_stats_t st;
    /* ---- histogram: samples {0,1,2,5,5,9}, bin width 2 ---- */
    open_stats(&st);
    {
        static const uint32_t lat[6] = {5, 0, 9, 2, 5, 1};
        for (int i = 0; i < 6; i++) {
            nr_stats_generated(&st, 0, 4, 200);
            nr_stats_delivered(&st, 0, 4, 200, UINT64_MAX, 200 + lat[i]);
        }
        NR_TEST_CAPTURE(buf, f, nr_stats_hist_print(&st, f, 1, 0));
        CHECK(strcmp(buf, "lat_lo,lat_hi,count\n0,2,2\n2,4,1\n4,6,2\n6,8,0\n8,10,1\n") == 0);
        NR_TEST_CAPTURE(buf, f, nr_stats_hist_print(&st, f, 0, 0));
        CHECK_STR(buf,
                  "[     0,      2)        2 ##################################################\n");
        CHECK_STR(buf, "[     2,      4)        1 #########################\n");
        CHECK_STR(buf, "[     6,      8)        0 \n");
        /* no network samples: header only */
        NR_TEST_CAPTURE(buf, f, nr_stats_hist_print(&st, f, 1, 1));
        CHECK(strcmp(buf, "lat_lo,lat_hi,count\n") == 0);
    }
    nr_stats_free(&st);
}

static void st_random(void)
{
    nr_stats_t st;
    /* ---- many random samples: percentiles equal a direct sort ---- */
    open_stats(&st);
    {
        nr_rng_t r;
        nr_rng_seed(&r, nr_test_seed);
        static uint32_t ref[5000];
        for (int i = 0; i < 5000; i++) {
            ref[i] = (uint32_t)nr_rng_below(&r, 1000);
            nr_stats_generated(&st, i % 4, 4, 100 + (uint64_t)i % 1000);
            nr_stats_delivered(&st, i % 4, 4, 100 + (uint64_t)i % 1000, UINT64_MAX,
                               100 + (uint64_t)i % 1000 + ref[i]);
        }
        /* counting sort as an independent reference */
        static uint32_t cnt[1000];
        for (int i = 0; i < 5000; i++) cnt[ref[i]]++;
        uint32_t p99 = 0;
        long acc = 0;
        for (uint32_t v = 0; v < 1000; v++) {
            acc += cnt[v];
            if (acc >= 4950) { /* rank ceil(0.99 * 5000) = 4950 */
                p99 = v;
                break;
            }
        }
        nr_stats_summary_t s;
        nr_stats_summary(&st, &s);
        CHECK_EQ(s.p99, p99);
        CHECK_EQ(s.n, 5000);
    }
    nr_stats_free(&st);
}

static void st_dense_range(void)
{
    nr_stats_t st;
    /* ---- latencies on both sides of the dense range (NR_STATS_DENSE_MAX):
     * min, p50, p99, max and the mean as from the sorted list ---- */
    open_stats(&st);
    {
        static const uint32_t lat[9] = {
            9000000, 3, NR_STATS_DENSE_MAX, 7, NR_STATS_DENSE_MAX - 1, 5000000, 3, 5000000, 12};
        uint32_t ref[9];
        uint64_t sum = 0;
        for (int i = 0; i < 9; i++) {
            nr_stats_generated(&st, 0, 4, 200);
            nr_stats_delivered(&st, 0, 4, 200, 200, 200 + (uint64_t)lat[i]);
            ref[i] = lat[i];
            sum += lat[i];
        }
        for (int i = 0; i < 9; i++) /* insertion sort: the reference */
            for (int j = i; j > 0 && ref[j - 1] > ref[j]; j--) {
                uint32_t t = ref[j];
                ref[j] = ref[j - 1];
                ref[j - 1] = t;
            }
        nr_stats_summary_t s;
        nr_stats_summary(&st, &s);
        CHECK_EQ(s.n, 9);
        CHECK_EQ(s.min, 3);
        CHECK_EQ(s.p50, nr_percentile(ref, 9, 50));
        CHECK_EQ(s.p50, NR_STATS_DENSE_MAX - 1);
        CHECK_EQ(s.p99, nr_percentile(ref, 9, 99));
        CHECK_EQ(s.max, 9000000);
        CHECK_EQ(s.net_max, 9000000);
        CHECK(s.mean == (double)sum / 9);
    }
    nr_stats_free(&st);
}

static void st_bad_config(void)
{
    char err[200];
    nr_stats_cfg_t c = cfg;
    nr_stats_t st;
    /* ---- bad configuration ---- */
    c.measure = 0;
    CHECK_EQ(nr_stats_init(&st, &c, err, sizeof err), -1);
    CHECK_STR(err, "measure >= 1");
}

int main(void)
{
    NR_TEST_BEGIN("test_stats", 5);
    st_percentiles();
    st_phases();
    st_drain();
    st_histogram();
    st_random();
    st_dense_range();
    st_bad_config();
    NR_TEST_END("test_stats");
}
