/* test_energy.c - the energy model of seed 001 §5.1 (nr_en_*, csrc/model/
 * counts.c; docs/results.md section 4.3): per-pair path energies on
 * hand-computed cases, static power on hand-computed inventories, and the
 * properties the model must have (more path, more energy; the static share
 * per bit falls as throughput rises; off-chip adds the same to every path). */
#include <math.h>

#include "nr_nwn.h"
#include "nr_test.h"

#define CHECK_FJ(v, want) CHECK_NEAR((double)(v), (double)(want), 1e-9)

static nr_en_org fc_org(int m, int s, int st)
{
    nr_nwn_params p;
    memset(&p, 0, sizeof p);
    p.num_ports = 64;
    p.r = 16;
    p.m = m;
    p.speedup = s;
    p.top_speedup = st;
    p.self_turn = 1;
    p.port.num_vcs = 4;
    p.chan_lat = 2;
    nr_en_org o;
    CHECK_EQ(nr_en_org_nwn(&p, &o), 0);
    return o;
}

/* ftd (docs/nwn-arch.md 1.8): 64 subswitches of radix 9, 2-cycle links. */
static nr_en_org ft_org(void)
{
    nr_nwn_params p;
    memset(&p, 0, sizeof p);
    p.num_ports = 64;
    p.r = 1;
    p.ft = 1;
    p.speedup = 1;
    p.self_turn = 1;
    p.chan_lat = 2;
    nr_en_org o;
    CHECK_EQ(nr_en_org_nwn(&p, &o), 0);
    CHECK_EQ(o.org, NR_EN_FT);
    p.num_ports = 16;
    CHECK_EQ(nr_en_org_nwn(&p, &(nr_en_org){0}), -1); /* no 16-port ftd */
    return o;
}

static void test_ft(const nr_en_coef *c)
{
    nr_en_org ft = ft_org();
    nr_en_path p;
    /* port 0 (0, 0) to port 63 (7, 7): one hop each way round the wrap, 2
     * hops: 80 + 2 x 20 + 40 x 9 x 3 crossbars + 40 x 2 x 2 cycles = 1360 */
    CHECK_EQ(nr_en_path_of(&ft, 0, 63, &p), 0);
    CHECK_EQ(p.hops, 2);
    CHECK_EQ(p.xbars, 3);
    CHECK_EQ(p.sub_bufs, 2);
    CHECK_EQ(p.wire_cycles, 4);
    CHECK_FJ(nr_en_path_fj(&p, c), 1360);
    /* port 0 to 36 (4, 4): 8 hops, the longest: 80 + 160 + 40 x 81 + 40 x 16 */
    CHECK_FJ(nr_en_pair_fj(&ft, c, 0, 36), 80 + 160 + 40 * 81 + 40 * 16);
    CHECK_FJ(nr_en_pair_fj(&ft, c, 9, 9), 80 + 40 * 9); /* the self turn */
    /* static: 512 channels x 2 cycles x 24 wires x 20 fJ; 64 x 81
     * crosspoints x radix 9 x 8 fJ; 64 input and 512 subswitch buffers */
    nr_en_static s;
    CHECK_EQ(nr_en_static_of(&ft, c, &s), 0);
    CHECK_FJ(s.wires, 512.0 * 2 * 24 * 20);
    CHECK_FJ(s.xpoints, 64.0 * 81 * 9 * 8);
    CHECK_FJ(s.in_bufs, 64 * 2000.0);
    CHECK_FJ(s.sub_bufs, 512 * 400.0);
    CHECK_FJ(nr_en_area(&ft), 11664); /* [ACK12] Table 2, folded 2D torus */
}

/* hxv, hxm (docs/nwn-arch.md 1.6): 16 subswitches of radix 16, 2-cycle
 * channels; hxv's path is the mean over its 16 intermediates. */
static void test_hx(const nr_en_coef *c)
{
    nr_nwn_params p;
    memset(&p, 0, sizeof p);
    p.num_ports = 64;
    p.r = 1;
    p.hx = 2;
    p.speedup = 1;
    p.self_turn = 1;
    p.chan_lat = 2;
    nr_en_org m, v;
    CHECK_EQ(nr_en_org_nwn(&p, &m), 0);
    CHECK_EQ(m.org, NR_EN_HX);
    p.hx = 1;
    CHECK_EQ(nr_en_org_nwn(&p, &v), 0);
    nr_en_path q;
    /* port 0 (subswitch 0) to 63 (subswitch 15 at (3, 3)): hxm 2 hops, 3
     * crossbars of radix 16: 80 + 2 x 20 + 40 x 16 x 3 + 40 x 4 = 2200 */
    CHECK_EQ(nr_en_path_of(&m, 0, 63, &q), 0);
    CHECK_EQ(q.hops, 2);
    CHECK_EQ(q.xbars, 3);
    CHECK_FJ(nr_en_path_fj(&q, c), 2200);
    CHECK_FJ(nr_en_pair_fj(&m, c, 0, 4), 80 + 20 + 40 * 16 * 2 + 40 * 2); /* one hop */
    CHECK_FJ(nr_en_pair_fj(&m, c, 0, 3), 80 + 40 * 16);                   /* local */
    /* hxv: 3 hops whatever the pair (the mean of s -> mid -> d over the 16
     * intermediates, counted by brute force here), local turns 0 */
    for (int d = 4; d < 64; d += 7) {
        int sum = 0;
        for (int mid = 0; mid < 16; mid++)
            sum += (mid % 4 != 0) + (mid / 4 != 0) + (mid % 4 != d / 4 % 4) + (mid / 4 != d / 16);
        CHECK_EQ(nr_en_path_of(&v, 0, d, &q), 0);
        CHECK_EQ(q.hops * 16, sum);
    }
    CHECK_FJ(nr_en_pair_fj(&v, c, 0, 1), 80 + 40 * 16);
    /* static: 192 channels x 2 cycles x 24 wires x 20 fJ; 16 x 256
     * crosspoints x radix 16 x 8 fJ; 64 input and 192 subswitch buffers */
    nr_en_static s;
    CHECK_EQ(nr_en_static_of(&v, c, &s), 0);
    CHECK_FJ(s.wires, 192.0 * 2 * 24 * 20);
    CHECK_FJ(s.xpoints, 16.0 * 256 * 16 * 8);
    CHECK_FJ(s.sub_bufs, 192 * 400.0);
    CHECK_FJ(nr_en_area(&v), 25600); /* [ACK12] Table 1's HyperX at k = 64 */
    p.num_ports = 16;
    CHECK_EQ(nr_en_org_nwn(&p, &v), -1); /* no 16-port HyperX */
}

int main(void)
{
    NR_TEST_BEGIN("test_energy", 0);
    nr_en_coef c;
    nr_en_coef_seed(&c);
    /* line 179 as read by the kit */
    CHECK_FJ(c.wire_fj, 40);
    CHECK_FJ(c.inbuf_wr_fj + c.inbuf_rd_fj, 80);
    CHECK_FJ(c.subbuf_wr_fj + c.subbuf_rd_fj, 20);
    CHECK_FJ(c.xbar_fj, 40);
    CHECK_FJ(c.offchip_fj, 0);

    /* ---- fc, k = 64, r = 16, m = 4: bottoms 8 x 8, tops 16 x 16 ---- */
    nr_en_org fc = fc_org(4, 1, 1);
    nr_en_path p;
    /* local turn, port 0 to port 3 (same bottom): input buffer 80, one
     * radix-8 crossbar 320, no subswitch buffer, no wire: 400 fJ/bit */
    CHECK_EQ(nr_en_path_of(&fc, 0, 3, &p), 0);
    CHECK_EQ(p.xbars, 1);
    CHECK_EQ(p.sub_bufs, 0);
    CHECK_EQ(p.hops, 0);
    CHECK_FJ(nr_en_path_fj(&p, &c), 80 + 40 * 8);
    /* through a top, port 0 to port 4: 80 + 2 x 20 (top input, bottom
     * down-link input) + 40 x (8 + 16 + 8) + 40 x (2 + 2) = 1560 */
    CHECK_EQ(nr_en_path_of(&fc, 0, 4, &p), 0);
    CHECK_EQ(p.xbars, 3);
    CHECK_EQ(p.sub_bufs, 2);
    CHECK_EQ(p.hops, 2);
    CHECK_EQ(p.wire_cycles, 4);
    CHECK_FJ(nr_en_path_fj(&p, &c), 80 + 40 + 40 * 32 + 40 * 4);
    CHECK_FJ(nr_en_pair_fj(&fc, &c, 63, 0), 1560);
    /* self turn kept: a local turn */
    CHECK_FJ(nr_en_pair_fj(&fc, &c, 5, 5), 400);

    /* ---- hc: YARC 8 x 8, 4-cycle row bus and column channel ---- */
    nr_yarc_params y;
    memset(&y, 0, sizeof y);
    y.rows = y.cols = 8;
    y.port.num_vcs = 4;
    y.row_bus_lat = y.col_lat = 4;
    y.sub_speedup = 1;
    nr_en_org hc;
    CHECK_EQ(nr_en_org_yarc(&y, &hc), 0);
    /* every pair: 80 + 2 x 20 + 40 x 8 + 40 x (4 + 4) = 760 fJ/bit */
    for (int s = 0; s < 64; s += 7)
        for (int d = 0; d < 64; d += 5) CHECK_FJ(nr_en_pair_fj(&hc, &c, s, d), 760);
    /* the kit's default YARC (SubSpeedup 4 = lanes 4): radix (32 + 8) / 2 */
    y.sub_speedup = 0;
    nr_en_org hc4;
    CHECK_EQ(nr_en_org_yarc(&y, &hc4), 0);
    CHECK_FJ(nr_en_pair_fj(&hc4, &c, 0, 9), 80 + 40 + 40 * 20 + 40 * 8);

    /* ---- bb, k = 64, r = 16 (8 bottoms), m = 4 (tops 8 + 8) ---- */
    nr_nwn_params bp;
    memset(&bp, 0, sizeof bp);
    bp.num_ports = 64;
    bp.r = 16;
    bp.m = 4;
    bp.bb = 1;
    bp.speedup = 1;
    bp.port.num_vcs = 4;
    bp.chan_lat = 2;
    nr_en_org bb;
    CHECK_EQ(nr_en_org_nwn(&bp, &bb), 0);
    CHECK_FJ(nr_en_pair_fj(&bb, &c, 0, 1), 400);                         /* local */
    CHECK_FJ(nr_en_pair_fj(&bb, &c, 0, 4), 1560);                        /* turning, via a top */
    CHECK_FJ(nr_en_pair_fj(&bb, &c, 0, 40), 80 + 20 + 40 * 24 + 40 * 2); /* up-going */
    CHECK_FJ(nr_en_pair_fj(&bb, &c, 40, 0), 1140);                       /* down-going */
    CHECK(isnan(nr_en_pair_fj(&bb, &c, 40, 41)));                        /* UPUP: no path */
    CHECK(isnan(nr_en_pair_fj(&bb, &c, 3, 3)));                          /* SelfTurn = 0 */
    CHECK(isnan(nr_en_pair_fj(&fc, &c, 0, 64)));                         /* out of range */

    /* ---- cn: one 64 x 64 crossbar ---- */
    nr_nwn_params cp = bp;
    cp.bb = 0;
    cp.r = 1;
    cp.m = 0;
    cp.self_turn = 1;
    nr_en_org cn;
    CHECK_EQ(nr_en_org_nwn(&cp, &cn), 0);
    CHECK_FJ(nr_en_pair_fj(&cn, &c, 0, 63), 80 + 40 * 64);

    /* ---- speedup widens the crossbars: fc6-isu2 bottoms 10 x 2 by 10 ---- */
    nr_en_org f6 = fc_org(6, 1, 1), f6s = fc_org(6, 2, 2);
    CHECK_FJ(nr_en_xbar_radix(10, 2, 10), 15);
    CHECK_FJ(nr_en_pair_fj(&f6, &c, 0, 1), 80 + 40 * 10);
    CHECK_FJ(nr_en_pair_fj(&f6s, &c, 0, 1), 80 + 40 * 15);
    CHECK_FJ(nr_en_pair_fj(&f6s, &c, 0, 4), 80 + 40 + 40 * (15 + 24 + 15) + 40 * 4);

    /* ---- property: energy grows with path length ---- */
    /* local < up/down < turning through a top, in bb; local < top in fc */
    CHECK(nr_en_pair_fj(&bb, &c, 0, 1) < nr_en_pair_fj(&bb, &c, 0, 40));
    CHECK(nr_en_pair_fj(&bb, &c, 0, 40) < nr_en_pair_fj(&bb, &c, 0, 4));
    CHECK(nr_en_pair_fj(&fc, &c, 0, 1) < nr_en_pair_fj(&fc, &c, 0, 4));
    /* longer internal channels cost more, in both organizations */
    nr_en_org fcl = fc;
    fcl.lat_a = fcl.lat_b = 4;
    CHECK_FJ(nr_en_pair_fj(&fcl, &c, 0, 4) - nr_en_pair_fj(&fc, &c, 0, 4), 40 * 4);
    CHECK_FJ(nr_en_pair_fj(&fcl, &c, 0, 1), nr_en_pair_fj(&fc, &c, 0, 1));
    /* every term is non-negative and adds: the model is monotone in each */
    for (int s = 0; s < 64; s++)
        for (int d = 0; d < 64; d++) {
            nr_en_path q;
            if (nr_en_path_of(&fc, s, d, &q)) continue;
            const double e = nr_en_path_fj(&q, &c);
            CHECK_FJ(e, (s / 4 == d / 4) ? 400 : 1560);
            q.hops++;
            q.wire_cycles += 2;
            CHECK(nr_en_path_fj(&q, &c) > e);
        }

    /* ---- off-chip: the same for every path ---- */
    nr_en_coef co = c;
    co.offchip_fj = 1000;
    CHECK_FJ(nr_en_pair_fj(&fc, &co, 0, 4) - nr_en_pair_fj(&fc, &c, 0, 4), 1000);
    CHECK_FJ(nr_en_pair_fj(&hc, &co, 0, 4) - nr_en_pair_fj(&hc, &c, 0, 4), 1000);

    /* ---- the other reading of line 179 (40 read / 10 write, both buffers):
     * the same input+subswitch total per fc local path, more per hop ---- */
    nr_en_coef rw = c;
    rw.inbuf_rd_fj = rw.subbuf_rd_fj = 40;
    rw.inbuf_wr_fj = rw.subbuf_wr_fj = 10;
    CHECK_FJ(nr_en_pair_fj(&fc, &rw, 0, 1), 50 + 320);
    CHECK_FJ(nr_en_pair_fj(&hc, &rw, 0, 1), 50 + 2 * 50 + 320 + 320);

    /* ---- static power per cycle, hand-computed (fJ) ---- */
    nr_en_static st;
    CHECK_EQ(nr_en_static_of(&fc, &c, &st), 0);
    /* 128 channels of 24 wires, 2 cycles: 20 x 24 x 256 */
    CHECK_FJ(st.wires, 20.0 * 24 * 128 * 2);
    /* 16 bottoms of 64 crosspoints x radix 8, 4 tops of 256 x radix 16 */
    CHECK_FJ(st.xpoints, 8.0 * (16 * 64 * 8 + 4 * 256 * 16));
    CHECK_FJ(st.in_bufs, 64 * 10.0 / 5 * 1000); /* 10 mW at 5 GHz: 2 pJ per cycle */
    CHECK_FJ(st.sub_bufs, 128 * 2.0 / 5 * 1000);
    CHECK_FJ(st.total, st.wires + st.xpoints + st.in_bufs + st.sub_bufs);
    nr_en_static sh;
    CHECK_EQ(nr_en_static_of(&hc, &c, &sh), 0);
    /* 64 row buses and [ACK12 §3.1]'s k/2 x k/p = 256 column channels of 4
     * cycles; 64 subswitches of 64 crosspoints x radix 8; 1024 subswitch buffers */
    CHECK_FJ(sh.wires, 20.0 * 24 * (64 + 256) * 4);
    CHECK_FJ(sh.xpoints, 8.0 * 64 * 64 * 8);
    CHECK_FJ(sh.sub_bufs, 1024 * 400.0);
    /* hc's static power is the largest: its wires and buffers */
    CHECK(sh.total > st.total);
    nr_en_static sb;
    CHECK_EQ(nr_en_static_of(&bb, &c, &sb), 0);
    CHECK_FJ(sb.wires, st.wires / 2); /* half fc's global wires (seed abstract) */
    CHECK(sb.total < st.total);
    /* crosspoint static per data bit multiplies by the width */
    nr_en_coef xb = c;
    xb.xpt_static_per_bit = 1;
    nr_en_static sx;
    CHECK_EQ(nr_en_static_of(&fc, &xb, &sx), 0);
    CHECK_FJ(sx.xpoints, 24 * st.xpoints);

    /* ---- property: the static share per bit falls as throughput rises ---- */
    double prev = INFINITY;
    for (double acc = 0.05; acc <= 1.0; acc += 0.05) {
        const double e = nr_en_per_bit_fj(1560, st.total, acc, 64, 24);
        CHECK(e < prev);
        CHECK(e > 1560);
        prev = e;
    }
    /* hand case: fc at 0.5 phits/cycle/port, 64 x 24 x 0.5 = 768 bits per cycle */
    CHECK_FJ(nr_en_per_bit_fj(1560, st.total, 0.5, 64, 24), 1560 + st.total / 768);
    CHECK(isnan(nr_en_per_bit_fj(1560, st.total, 0, 64, 24)));

    /* ---- areas for EDAP ---- */
    CHECK_FJ(nr_en_area(&hc), 33792);
    CHECK_FJ(nr_en_area(&fc), 9216);
    CHECK_FJ(nr_en_area(&f6), 16896);
    CHECK_FJ(nr_en_area(&f6s), 24640);
    CHECK_FJ(nr_en_area(&bb), 0.75 * 9216);
    CHECK_FJ(nr_en_area(&cn), 4096);
    CHECK(isnan(nr_en_area(&hc4))); /* Table 1's hc has one lane */

    test_ft(&c);
    test_hx(&c);
    NR_TEST_END("test_energy");
}
