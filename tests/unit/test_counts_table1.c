/* test_counts_table1.c - seed 001's Table 1 formulas (nr_t1_*, csrc/model/
 * counts.c) against the seed's printed Table 2 at k = 64, p = 8, r = 16
 * ([ACK12] Table 2), and the trends the seed's text states about
 * Fig 5 (lines 128, 134) over k = 8..128 with p = sqrt(k), r = 2 sqrt(k).
 * docs/results.md section 4.0 has the tables this checks. */
#include <math.h>

#include "nr_nwn.h"
#include "nr_test.h"

/* Table 2 prints integers; the formulas are exact in doubles at k = 64, so
 * the check is exact (tolerance 0). */
#define CHECK_EXACT(v, want) CHECK_NEAR((double)(v), (double)(want), 0.0)

static const int ks[] = {8, 16, 32, 64, 128};
enum { NK = sizeof ks / sizeof ks[0] };

static double q(nr_t1_row r, int which)
{
    return which == 0 ? r.buffers : which == 1 ? r.fanout : which == 2 ? r.xpoints : r.area;
}
/* org's quantity relative to hc at k: what Fig 5 plots */
static double rel(int org, double k, int which)
{
    return q(nr_t1_fig5(org, k), which) / q(nr_t1_fig5(NR_T1_HC, k), which);
}

int main(void)
{
    NR_TEST_BEGIN("test_counts_table1", 0);
    const double k = 64, p = 8, r = 16;

    /* ---- Table 2's switch-area row ---- */
    nr_t1_row cn = nr_t1_cn(k), hc = nr_t1_hc(k, p), fc = nr_t1_fc(k, r);
    nr_t1_row ft = nr_t1_ft(k), hx = nr_t1_hx(k);
    CHECK_EXACT(cn.area, 4096);
    CHECK_EXACT(hc.area, 33792);
    CHECK_EXACT(fc.area, 9216);
    CHECK_EXACT(ft.area, 11664);
    CHECK_EXACT(hx.area, 25600);
    /* fc6: the kit's extension of the fc formula to m = 6 */
    CHECK_EXACT(nr_t1_fc_area_m(k, r, 6), 16896);
    /* fc6-isu2 (24640): Table 1 has no speedup and the kit has no model; the
     * extension without speedup stays at fc6's figure. */
    CHECK(nr_t1_fc_area_m(k, r, 6) != 24640);
    /* the extension is Table 1's formula whenever m = n = k/r */
    for (int kk = 4; kk <= 1024; kk *= 2)
        for (int rr = 2; rr <= kk; rr *= 2) {
            double a = nr_t1_fc_area_m(kk, rr, (double)kk / rr), b = nr_t1_fc(kk, rr).area;
            CHECK(fabs(a - b) <= 1e-9 * b);
        }
    /* the abstract's "up to 73% reduction in area" ([ACK12], the abstract) is fc against hc */
    CHECK_EQ(lround(100.0 * (1.0 - fc.area / hc.area)), 73);

    /* ---- Table 2's other rows from the same formulas ---- */
    CHECK(isnan(cn.buffers)); /* "N/A" */
    CHECK_EXACT(cn.fanout, 63);
    CHECK_EXACT(cn.xpoints, 4096);
    CHECK_EXACT(hc.buffers, 1024);
    CHECK_EXACT(hc.fanout, 17);
    CHECK_EXACT(hc.xpoints, 4096);
    CHECK_EXACT(fc.buffers, 128);
    CHECK_EXACT(fc.fanout, 26);
    /* Table 2 prints 1664: Table 1's rk + 3k^2/r less the k self turns and
     * the m r top diagonals (docs/nwn-arch.md 10.3) */
    CHECK_EXACT(fc.xpoints, 1792);
    CHECK_EXACT(fc.xpoints - k - (k / r) * r, 1664);
    CHECK_EXACT(ft.buffers, 512);
    CHECK_EXACT(ft.fanout, 57); /* the 57 of line 213 is the torus's */
    CHECK_EXACT(ft.xpoints, 4096);
    CHECK_EXACT(hx.buffers, 192);
    CHECK_EXACT(hx.fanout, 75); /* upper end of "45 ~ 75" */
    CHECK_EXACT(hx.xpoints, 3600);

    /* hc's formulas are the kit's YARC counts at p = sqrt(k) (p = 2, 4, 8) */
    for (int pp = 2; pp <= 8; pp *= 2) {
        nr_yarc_params y = {
            .rows = pp, .cols = pp, .port.num_vcs = 1, .row_buf_depth = 8, .col_buf_depth = 8};
        nr_sw_counts c;
        char err[200];
        CHECK_EQ(nr_yarc_counts(&y, &c, err, sizeof err), 0);
        nr_t1_row t = nr_t1_hc(pp * pp, pp);
        CHECK_EXACT(t.buffers, c.sub_buffers);
        CHECK_EXACT(t.xpoints, c.xpoints);
        CHECK_EXACT(t.fanout, c.fanout_max);
    }

    /* ---- Fig 5 (its caption, and [ACK12 §3.2]): relative to hc ---- */
    CHECK(nr_t1_name(NR_T1_HX) && !strcmp(nr_t1_name(NR_T1_HX), "hx"));
    CHECK(nr_t1_name(NR_T1_N) == NULL);
    for (int i = 0; i < NK; i++)
        for (int w = 0; w < 4; w++) CHECK(rel(NR_T1_HC, ks[i], w) == 1.0);
    /* the rule: at k = 64 Fig 5 is Table 2 */
    CHECK(nr_t1_fig5(NR_T1_FC, 64).area == fc.area);
    CHECK(nr_t1_fig5(NR_T1_HC, 64).area == hc.area);
    static const int net[] = {NR_T1_FC, NR_T1_FT, NR_T1_HX};
    for (int j = 0; j < 3; j++) {
        const int o = net[j];
        for (int i = 0; i < NK; i++) {
            /* "All the network switch organizations require fewer subswitch
             * buffers than the hierarchical crossbar switch" ([ACK12 §3.2]) */
            CHECK(rel(o, ks[i], 0) < 1.0);
            /* "These switches have higher aggregate fanout values than the
             * hierarchical crossbar switch" */
            CHECK(rel(o, ks[i], 1) > 1.0);
            /* "... and also have fewer crosspoints as the switch radix is 64
             * or higher": true of fc and hx; the torus only ties hc at 64
             * (4096 both, Table 2) and is below it from 128 */
            if (ks[i] >= 64) CHECK(rel(o, ks[i], 2) <= 1.0);
            if (ks[i] >= 128 || (ks[i] >= 64 && o != NR_T1_FT)) CHECK(rel(o, ks[i], 2) < 1.0);
            /* "a decrease of relative switch area as the switch radix is
             * increased" */
            if (i) CHECK(rel(o, ks[i], 3) < rel(o, ks[i - 1], 3));
        }
    }
    CHECK(rel(NR_T1_FT, 64, 2) == 1.0);
    for (int i = 0; i < NK; i++) {
        /* "The torus switch scales worse than the folded-Clos switch in all
         * aspects" */
        for (int w = 0; w < 4; w++) CHECK(rel(NR_T1_FT, ks[i], w) > rel(NR_T1_FC, ks[i], w));
        /* "its large coefficients make the folded-Clos switch become more
         * area and power efficient on the radices we consider" */
        CHECK(rel(NR_T1_FC, ks[i], 3) < rel(NR_T1_HX, ks[i], 3));
        CHECK(rel(NR_T1_FC, ks[i], 2) < rel(NR_T1_HX, ks[i], 2));
        CHECK(rel(NR_T1_FC, ks[i], 1) < rel(NR_T1_HX, ks[i], 1));
        /* fc: fewer crosspoints than hc from k = 16 on, more at k = 8 */
        CHECK((rel(NR_T1_FC, ks[i], 2) < 1.0) == (ks[i] >= 16));
    }
    /* "the HyperX switch has a lower exponent value than the folded-Clos
     * switch on the aggregate fanout and the number of crosspoints": hx/fc
     * falls, but for crosspoints only beyond the radices of Fig 5 (it rises
     * from 8 to 128; docs/results.md 4.0) */
    for (double kk = 1 << 16; kk < (1 << 24); kk *= 4) {
        for (int w = 1; w <= 2; w++)
            CHECK(q(nr_t1_fig5(NR_T1_HX, 4 * kk), w) / q(nr_t1_fig5(NR_T1_FC, 4 * kk), w) <
                  q(nr_t1_fig5(NR_T1_HX, kk), w) / q(nr_t1_fig5(NR_T1_FC, kk), w));
    }
    for (int i = 1; i < NK; i++)
        CHECK(rel(NR_T1_HX, ks[i], 2) / rel(NR_T1_FC, ks[i], 2) >
              rel(NR_T1_HX, ks[i - 1], 2) / rel(NR_T1_FC, ks[i - 1], 2));
    /* hc: "the area of horizontal and vertical wires dominates the switch
     * area with a large k, which scales at the rate of k^2.5" ([ACK12 §3.1]):
     * the log-log slope of hc's area between 64 and 128 */
    {
        double s = log2(nr_t1_fig5(NR_T1_HC, 128).area / nr_t1_fig5(NR_T1_HC, 64).area);
        CHECK(s > 2.4 && s < 2.5);
        s = log2(nr_t1_fig5(NR_T1_HC, 1 << 20).area / nr_t1_fig5(NR_T1_HC, 1 << 19).area);
        CHECK(fabs(s - 2.5) < 1e-3);
        /* fc's area "scales at the rate of k^2" ([ACK12 §3.2]) */
        s = log2(nr_t1_fig5(NR_T1_FC, 1 << 20).area / nr_t1_fig5(NR_T1_FC, 1 << 19).area);
        CHECK(fabs(s - 2.0) < 1e-2);
    }
    printf(
        "k=64 switch area: cn %.0f hc %.0f fc %.0f fc6 %.0f ft %.0f hx %.0f; fc %.1f%% below hc\n",
        cn.area, hc.area, fc.area, nr_t1_fc_area_m(k, r, 6), ft.area, hx.area,
        100.0 * (1.0 - fc.area / hc.area));
    NR_TEST_END("test_counts_table1");
}
