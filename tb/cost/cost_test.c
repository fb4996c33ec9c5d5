/* cost_test.c - unit tests of the cost model (tb/cost/cost.c, docs/cost.md
 * "Tests"): the cable-length closed forms of Kim, Dally and Abts, ISCA 2007,
 * §4.2 against the geometry they come from, summed here; the counts, cable
 * lengths and cost of small built networks against hand counts; the seed's
 * link counts and stage steps; Eq 4.3's pairs (Abts and Kim 2011, §4.2.1).
 * Exit 0 when every check passes, 1 naming each that failed.
 * scripts/cost_mutants.sh shows each group failing on a broken cost.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cost.h"

static int fails;
static void check(const char *what, double got, double want, double tol)
{
    const int ok = fabs(got - want) <= tol;
    printf("%s %s: %g (want %g +- %g)\n", ok ? "PASS" : "FAIL", what, got, want, tol);
    fails += !ok;
}

/* §4.2's geometry, summed: s cabinets evenly along an edge E */
static void lengths(void)
{
    const int s = 2000;
    const double e = 20;
    double lmax, lavg, sum = 0, mx = 0, csum = 0, cmx = 0;
    /* the flattened butterfly: a cable between two cabinets of a row */
    for (int i = 0; i < s; i++)
        for (int j = 0; j < s; j++) {
            const double d = fabs((double)(i - j)) * e / s;
            sum += d, mx = d > mx ? d : mx;
        }
    cost_lengths(COST_FBFLY, e, &lmax, &lavg);
    check("fbfly L_max = E", lmax, mx, e * 0.002);
    check("fbfly L_avg = E/3", lavg, sum / ((double)s * (s - 1)), e * 0.002);
    cost_lengths(COST_BFLY, e, &lmax, &lavg);
    check("bfly L_avg = fbfly's", lavg, sum / ((double)s * (s - 1)), e * 0.002);
    /* the folded Clos: a cable from a cabinet to the middle of its row */
    for (int i = 0; i < s; i++) {
        const double d = fabs((i + 0.5) * e / s - e / 2);
        csum += d, cmx = d > cmx ? d : cmx;
    }
    cost_lengths(COST_FCLOS, e, &lmax, &lavg);
    check("fclos L_max = E/2", lmax, cmx, e * 0.002);
    check("fclos L_avg = E/4", lavg, csum / s, e * 0.002);
    /* the hypercube: one cable per dimension, E/2, E/4, ... down to 1 m */
    const double eh = 64;
    double hsum = 0;
    int nd = 0;
    for (double l = eh / 2; l >= 1; l /= 2) hsum += l, nd++;
    cost_lengths(COST_HCUBE, eh, &lmax, &lavg);
    check("hcube L_max = E/2", lmax, eh / 2, 1e-9);
    check("hcube L_avg = (E-1)/log2 E", lavg, hsum / nd, 1e-9);
    check("E = sqrt(N/D): 4K nodes at 75/m^2", cost_edge(4096, 75), 7.3901, 1e-3);
}

static void built(const char *spec, int ports, int npc, double maxc, cost_res *r)
{
    net_topo t;
    char err[256];
    cost_prm p;
    cost_prm_default(&p);
    p.nodes_per_cab = npc;
    p.max_cable = maxc;
    memset(r, 0, sizeof *r);
    if (net_topo_build(&t, spec, ports, err, sizeof err) ||
        cost_network(&t, &p, r, err, sizeof err)) {
        printf("FAIL %s: %s\n", spec, err);
        fails++;
        return;
    }
    net_topo_free(&t);
}

/* small networks counted by hand (docs/cost.md "Tests" draws them) */
static void counts(void)
{
    cost_res r;
    /* 4 routers of 8 ports, 4 nodes each, 2 routers per 8-node cabinet: the
     * links 0-1 and 2-3 on backplanes, the 4 others cables of one cabinet
     * width plus the overhead */
    built("fbfly:k=4,n=2", 8, 8, 6, &r);
    check("fbfly 4x2: terminal channels", (double)r.ch_term, 32, 0);
    check("fbfly 4x2: backplane channels", (double)r.ch_bp, 4, 0);
    check("fbfly 4x2: cable channels", (double)r.ch_cab, 8, 0);
    check("fbfly 4x2: cable length", r.len_avg, 2.57, 1e-9);
    check("fbfly 4x2: bisection", (double)r.bisection, 4, 0);
    check("fbfly 4x2: cabinets", (double)r.cabinets, 2, 0);
    /* $: routers 4 x 8/64 x 390; 36 backplane channels x 3 x 1.95; 8 cable
     * channels x 3 x (3.72 + 0.81 x 2.57) */
    check("fbfly 4x2: cost", r.c_total, 195 + 210.6 + 139.2408, 1e-6);
    check("fbfly 4x2: power", r.p_total, 20 + 3 * (36 * 0.04 + 8 * 0.2), 1e-9);
    /* 16 routers in 4 boxes of two cabinets in one row (1.14 m a box):
     * dimension 1 as above in each box (8 backplane links, 16 cables of
     * 2.57 m); dimension 2 between boxes: 4 rows x 6 pairs, |b - b'| boxes
     * apart (1+2+3+1+2+1 = 10 box widths a row) */
    built("fbfly:k=4,n=3", 16, 8, 3, &r);
    check("fbfly 4x3: backplane channels", (double)r.ch_bp, 16, 0);
    check("fbfly 4x3: cable channels", (double)r.ch_cab, 80, 0);
    check("fbfly 4x3: cable avg", r.len_avg, (16 * 2.57 + 4 * (10 * 1.14 + 6 * 2)) / 40, 1e-9);
    check("fbfly 4x3: cable max", r.len_max, 3 * 1.14 + 2, 1e-9);
    check("fbfly 4x3: channels past 3 m", (double)r.ch_long, 48, 0);
    check("fbfly 4x3: repeaters", (double)r.repeaters, 48, 0);
    /* the same with one router per cabinet: a box is 4 cabinets (2.28 m),
     * the 4 boxes 3 to a row, the fourth in the second row (2.88 m behind
     * the first): dimension 1 pairs 1, 2 or 3 cabinets apart (10 widths a
     * box); dimension 2 between boxes 2.28, 4.56, 2.28, 2.88, 5.16 and 7.44 m
     * apart (24.6 m a row); repeaters past 3 m: dimension 1 three links a
     * box, one each; dimension 2 1+2+1+1+2+3 a row */
    built("fbfly:k=4,n=3", 16, 4, 3, &r);
    check("fbfly 4x3 2 rows: backplane channels", (double)r.ch_bp, 0, 0);
    check("fbfly 4x3 2 rows: cable avg", r.len_avg,
          (4 * (10 * 0.57 + 6 * 2) + 4 * (24.6 + 6 * 2)) / 48, 1e-9);
    check("fbfly 4x3 2 rows: cable max", r.len_max, 7.44 + 2, 1e-9);
    check("fbfly 4x3 2 rows: channels past 3 m", (double)r.ch_long, 2 * (4 * 3 + 4 * 6), 0);
    check("fbfly 4x3 2 rows: repeaters", (double)r.repeaters, 2 * (4 * 3 + 4 * 10), 0);
    /* 4 leaves of 2 nodes, 2 per 4-node cabinet (2 cabinets in a row), and
     * 2 top routers in the routing cabinet half a cabinet from each */
    built("fclos:k=4,levels=2", 4, 4, 6, &r);
    check("fclos 4x2: routers", (double)r.routers, 6, 0);
    check("fclos 4x2: cable channels", (double)r.ch_cab, 16, 0);
    check("fclos 4x2: backplane channels", (double)r.ch_bp, 0, 0);
    check("fclos 4x2: cable length", r.len_avg, 0.285 + 2, 1e-9);
    check("fclos 4x2: bisection", (double)r.bisection, 4, 0);
    check("fclos 4x2: cabinets", (double)r.cabinets, 3, 0);
    /* the hypercube (after Fig 9(b)): 16 routers of one node, 4 to a 4-node
     * cabinet (dimensions 0 and 1 on the backplane), the 4 cabinets in a row
     * (4 columns, a power of two): dimension 2 joins cabinets 1 apart, 2.57
     * m, dimension 3 2 apart, 3.14 m, 8 links each */
    built("hcube:n=4", 8, 4, 3, &r);
    check("hcube 4: cabinets", (double)r.cabinets, 4, 0);
    check("hcube 4: backplane channels", (double)r.ch_bp, 32, 0);
    check("hcube 4: cable channels", (double)r.ch_cab, 32, 0);
    check("hcube 4: cable avg", r.len_avg, (2.57 + 3.14) / 2, 1e-9);
    check("hcube 4: cable max", r.len_max, 3.14, 1e-9);
    check("hcube 4: channels past 3 m", (double)r.ch_long, 16, 0);
    check("hcube 4: bisection", (double)r.bisection, 8, 0);
    /* 64 routers, one to a 1-node cabinet: the near-square floor's 21
     * columns rounded up to 32, 2 rows; dimensions 0..4 join columns 1, 2,
     * 4, 8, 16 apart, dimension 5 the rows, 2.88 m (32 links each) */
    built("hcube:n=6", 8, 1, 6, &r);
    check("hcube 6: cabinets", (double)r.cabinets, 64, 0);
    check("hcube 6: cable channels", (double)r.ch_cab, 384, 0);
    check("hcube 6: cable avg", r.len_avg, 31 * 0.57 / 6 + 2.88 / 6 + 2, 1e-9);
    check("hcube 6: cable max", r.len_max, 16 * 0.57 + 2, 1e-9);
    /* the dragonfly of 9 groups of 4 routers of 2 nodes (a = 2p = 2h = 4;
     * 16 ports: the routers' FB mode takes p and a - 1 + h in halves):
     * a group to an 8-node cabinet, its 6 local links on the backplane; the
     * 9 cabinets in a row, one global link between each pair of groups,
     * sum over pairs of |i - j| = 120 widths */
    built("dfly:p=2,a=4,h=2", 16, 8, 6, &r);
    check("dfly 2/4/2: cabinets", (double)r.cabinets, 9, 0);
    check("dfly 2/4/2: backplane channels", (double)r.ch_bp, 108, 0);
    check("dfly 2/4/2: cable channels", (double)r.ch_cab, 72, 0);
    check("dfly 2/4/2: cable avg", r.len_avg, 120 * 0.57 / 36 + 2, 1e-9);
    check("dfly 2/4/2: cable max", r.len_max, 8 * 0.57 + 2, 1e-9);
    check("dfly 2/4/2: channels past 6 m", (double)r.ch_long, 2, 0);
    /* two groups to a 16-node cabinet (5 cabinets, the last with one); a
     * group of 4 routers in two 4-node cabinets (18): local links inside a
     * cabinet 1 of 6 a cabinet */
    built("dfly:p=2,a=4,h=2", 16, 16, 6, &r);
    check("dfly 2/4/2, 2 groups a cabinet: cabinets", (double)r.cabinets, 5, 0);
    check("dfly 2/4/2, 2 groups a cabinet: backplane channels", (double)r.ch_bp, 108 + 8, 0);
    built("dfly:p=2,a=4,h=2", 16, 4, 6, &r);
    check("dfly 2/4/2, a group in 2 cabinets: cabinets", (double)r.cabinets, 18, 0);
    check("dfly 2/4/2, a group in 2 cabinets: backplane channels", (double)r.ch_bp, 36, 0);
    /* a kind without a layout is refused */
    net_topo t;
    char err[256];
    cost_prm p;
    cost_prm_default(&p);
    if (net_topo_build(&t, "ring:n=4", 4, err, sizeof err) == 0) {
        const int rc = cost_network(&t, &p, &r, err, sizeof err);
        check("ring: refused (no layout)", rc, -1, 0);
        net_topo_free(&t);
    }
}

/* The routers' own cost (docs/cost.md "The routers' own cost"), by hand:
 * silicon 90 x ((1 - s) k / 64 + s A / 33792) with s = 0.5, development
 * 300 x k / 64; A is the switch area of Ahn et al. 2012 Table 1 (Table 2's
 * row at k = 64: hc 33792, fc 9216; bb three quarters of fc, §5.4). */
static void rtr_costs(void)
{
    cost_prm p;
    cost_prm_default(&p);
    p.sw_share = 0.5;
    check("silicon: hc k = 64, A = 33792 (the reference)", cost_rtr_silicon(&p, 64, 33792), 90,
          1e-9);
    check("silicon: fc k = 64, A = 9216", cost_rtr_silicon(&p, 64, 9216), 57.272727, 1e-6);
    check("silicon: fc k = 32, A = 2688", cost_rtr_silicon(&p, 32, 2688), 26.079545, 1e-6);
    /* from configs/configs.txt through the catalog and csrc/model/counts.c */
    static const struct {
        const char *cfg;
        int ports;
        long xpoints, sub_buffers;
        double area, silicon;
    } want[] = {
        {"hc-k64-4vc", 64, 4096, 1024, 33792, 90},
        {"fc-k64-4vc", 64, 1728, 128, 9216, 57.272727},
        {"bb-k64-4vc", 64, 1120, 64, 6912, 45 + 45 * 6912.0 / 33792},
        /* (r/2)(n + 2m)(2(n + m) + rm + r) at r = 8, n = m = 4: 4 x 12 x 56 */
        {"fc-k32-4vc", 32, 608, 64, 2688, 26.079545},
    };
    char err[1024], what[128];
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        cost_rtr r;
        const int rc = cost_rtr_of("configs/configs.txt", want[i].cfg, &p, &r, err, sizeof err);
        snprintf(what, sizeof what, "%s: found", want[i].cfg);
        check(what, rc, 0, 0);
        if (rc) {
            printf("  %s\n", err);
            continue;
        }
        snprintf(what, sizeof what, "%s: ports", want[i].cfg);
        check(what, r.ports, want[i].ports, 0);
        snprintf(what, sizeof what, "%s: crosspoints", want[i].cfg);
        check(what, (double)r.xpoints, (double)want[i].xpoints, 0);
        snprintf(what, sizeof what, "%s: subswitch buffers", want[i].cfg);
        check(what, (double)r.sub_buffers, (double)want[i].sub_buffers, 0);
        snprintf(what, sizeof what, "%s: switch area", want[i].cfg);
        check(what, r.area, want[i].area, 1e-9);
        snprintf(what, sizeof what, "%s: silicon", want[i].cfg);
        check(what, r.silicon, want[i].silicon, 1e-6);
    }
    cost_rtr r;
    check("hc-k32-4vc (4 x 8 tiles): no Table 1 area",
          cost_rtr_of("configs/configs.txt", "hc-k32-4vc", &p, &r, err, sizeof err), 1, 0);
    check("an unknown configuration: refused",
          cost_rtr_of("configs/configs.txt", "no-such-cfg", &p, &r, err, sizeof err), -1, 0);
    /* the 4-ary 2-flat of counts() (4 routers of 8 ports) of fc and of hc
     * switches: each router 300 x 8/64 + 90 x (0.5 x 8/64 + 0.5 x A/33792) */
    net_topo t;
    cost_res rf, rh;
    if (net_topo_build(&t, "fbfly:k=4,n=2", 8, err, sizeof err)) {
        printf("FAIL fbfly:k=4,n=2: %s\n", err);
        fails++;
        return;
    }
    p.rtr_area = 9216;
    cost_network(&t, &p, &rf, err, sizeof err);
    p.rtr_area = 33792;
    cost_network(&t, &p, &rh, err, sizeof err);
    net_topo_free(&t);
    check("fbfly 4x2 of fc routers: router cost", rf.c_rtr,
          4 * (37.5 + 5.625 + 45 * 9216.0 / 33792), 1e-6);
    check("fbfly 4x2 of hc routers: router cost", rh.c_rtr, 4 * (37.5 + 5.625 + 45), 1e-6);
    check("fbfly 4x2: hc over fc routers, $", rh.c_total - rf.c_total, 130.909091, 1e-6);
}

/* the seed's link counts and steps (ISCA 2007 §4.3, §5.3) */
static void seed_counts(void)
{
    cost_prm p;
    cost_prm_default(&p);
    cost_an a;
    char err[256];
    cost_analytic(COST_FBFLY, 1024, &p, 0, 0, &a, err, sizeof err);
    check("fbfly 1K: 31 x 32 router links", a.ch_bp + a.ch_short + a.ch_glob, 992, 1e-9);
    cost_analytic(COST_FCLOS, 1024, &p, 0, 0, &a, err, sizeof err);
    check("fclos 1K: 2048 router links", a.ch_bp + a.ch_short + a.ch_glob, 2048, 1e-9);
    check("fclos 1K: 2 stages", a.stages, 2, 0);
    cost_analytic(COST_FCLOS, 2048, &p, 0, 0, &a, err, sizeof err);
    check("fclos 2K: 3 stages", a.stages, 3, 0);
    cost_analytic(COST_FBFLY, 2048, &p, 0, 0, &a, err, sizeof err);
    check("fbfly 2K: 2 dimensions", a.stages, 2, 0);
    cost_analytic(COST_FBFLY, 8192, &p, 0, 0, &a, err, sizeof err);
    check("fbfly 8K: 2 dimensions", a.stages, 2, 0);
    cost_analytic(COST_FBFLY, 16384, &p, 0, 0, &a, err, sizeof err);
    check("fbfly 16K: 3 dimensions", a.stages, 3, 0);
    cost_analytic(COST_BFLY, 4096, &p, 0, 0, &a, err, sizeof err);
    check("bfly 4K: 2 stages", a.stages, 2, 0);
    cost_analytic(COST_BFLY, 8192, &p, 0, 0, &a, err, sizeof err);
    check("bfly 8K: 3 stages", a.stages, 3, 0);
}

/* Abts and Kim 2011, §4.2.1: Eq 4.3's pairs, Eq 4.2's minimum, Eq 4.4 */
static void radix(void)
{
    check("Eq 4.3 k (ln k)^2 = 652: k", cost_kopt(652), 45, 0.5);
    check("Eq 4.3 k (ln k)^2 = 3013: k", cost_kopt(3013), 128, 0.5);
    check("Eq 4.3 printed k log2 k = 652 is not 45", fabs(cost_kopt_printed(652) - 45) > 20, 1, 0);
    check("2003 inputs: A", cost_aspect(4096, 10e-9, 128, 1e12), 652, 3);
    /* dT/dk = 0 of Eq 4.2 is the root of Eq 4.3 read with ln */
    double best = 1e9;
    int kbest = 0;
    for (int k = 2; k < 1000; k++) {
        const double lat = cost_latency(k, 4096, 10e-9, 128, 1e12);
        if (lat < best) best = lat, kbest = k;
    }
    check("Eq 4.2 minimum at Eq 4.3's k", kbest, cost_kopt(cost_aspect(4096, 10e-9, 128, 1e12)), 1);
    check("Eq 4.2 at k = 45, 2003 (ns)", 1e9 * cost_latency(45, 4096, 10e-9, 128, 1e12),
          2 * 10 * log(4096) / log(45) + 2 * 45 * 128 / 1e3, 1e-9);
    check("Eq 4.4 t_r = t_cy (X + Y log2 k)", cost_tr(2, 3, 1, 64), 18, 1e-12);
}

int main(void)
{
    lengths();
    counts();
    seed_counts();
    rtr_costs();
    radix();
    printf("%s: %d failed\n", fails ? "FAIL" : "PASS", fails);
    return fails != 0;
}
