/* test_nwn_hx.c - directed tests of the 2-D HyperX switch (docs/nwn-arch.md
 * §1.6), the network-switch model with Hx = 1 (hxv, Valiant) and Hx = 2
 * (hxm, minimal adaptive): its parameter rules, wiring and counts; every
 * route of every (input, output, intermediate or first-hop choice) walked
 * through the crosspoints, with the channel classes X0 < Y0 < X1 < Y1
 * strictly rising along it (no cycle of channel waits: no deadlock) and the
 * hop counts the doc states; the zero-load latency of every pair (4 + hops x
 * ChanLat bare, 6 + hops x ChanLat with LCBs); and, after a random load, every
 * packet delivered and every credit home. */
#include "nwn_test.h"

static nr_nwn_params hx_params(int k, int hx, int lcb)
{
    nr_nwn_params p = renv_nwn_params('c', k, lcb);
    p.hx = hx;
    return p;
}

/* Differing coordinates of subswitches a and b: the hops of a minimal route. */
static int dist(const nwn_geom *g, int a, int b)
{
    return (a % g->hs != b % g->hs) + (a / g->hs != b / g->hs);
}

/* §1.6, §3, §10: the rules of Hx, the wiring, the counts (two readings). */
static void test_params(void)
{
    char err[256];
    for (int hx = 1; hx <= 2; hx++)
        for (int k = 8; k <= 64; k *= 8) {
            nr_nwn_params p = hx_params(k, hx, 0);
            CHECK_EQ(nr_nwn_check(&p, err, sizeof err), 0);
            nwn_geom g;
            nwn_geom_of(&p, &g);
            const int S = k == 8 ? 2 : 4;
            CHECK_EQ(g.org, NWN_HX);
            CHECK_EQ(g.nsw, S * S);
            long xp = 0;
            for (int s = 0; s < g.nsw; s++) {
                CHECK_EQ(nwn_radix(&g, s), 5 * S - 4); /* [ACK12 §3.2] */
                for (int j = S; j < nwn_radix(&g, s); j++) {
                    nwn_end d = nwn_chan_dst(&g, s, j), b = nwn_chan_src(&g, d.sw, d.io);
                    CHECK(b.sw == s && b.io == j); /* each channel has one end each way */
                    CHECK_EQ(nwn_hx_class(&g, d.io), nwn_hx_class(&g, j));
                    CHECK_EQ(dist(&g, s, d.sw), 1);
                }
                for (int i = 0; i < nwn_radix(&g, s); i++)
                    xp += __builtin_popcountll(nwn_xpoints(&g, s, i));
            }
            nr_sw_counts c;
            CHECK_EQ(nr_nwn_counts(&p, &c, err, sizeof err), 0);
            CHECK_EQ(c.xpoints, xp);
            CHECK_EQ(c.sub_buffers, 4 * S * S * (S - 1));
            if (k == 64) { /* [ACK12] Table 2: 192 buffers, 3600 crosspoints */
                CHECK_EQ(c.sub_buffers, 192);
                CHECK_EQ(c.xpoints_seed, 3600);
                CHECK_EQ(c.xpoints, hx == 1 ? 2656 : 2080); /* SelfTurn = 1 */
            }
        }
    nr_nwn_params b = hx_params(16, 1, 0);
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    CHECK(strstr(err, "Hx = 1") != NULL);
    b = hx_params(64, 3, 0);
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    b = hx_params(64, 2, 0);
    b.r = 16;
    b.m = 4;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
}

/* Follow a head from input unit p whose first hop is h (tgt | ext << 8) to
 * its port; every hop a crosspoint, the classes strictly rising. Returns the
 * channel hops, or -1 when the route breaks a rule. */
static int walk(const nwn_geom *g, int p, int q, int h)
{
    int s = p / g->n, i = p % g->n, tgt = h & 0xFF, cl = -1, hops = 0;
    unsigned tag = (unsigned)q | (unsigned)(h >> 8) << 6;
    for (;;) {
        if (!((nwn_xpoints(g, s, i) >> tgt) & 1u)) return -1;
        if (tgt < g->n) return s == q / g->n && tgt == q % g->n ? hops : -1;
        const int c = nwn_hx_class(g, tgt);
        if (c <= cl || ++hops > 4) return -1;
        cl = c;
        if (c % 2) tag &= 63u; /* a y hop ends phase 1 */
        nwn_end d = nwn_chan_dst(g, s, tgt);
        s = d.sw;
        i = d.io;
        tgt = nwn_hx_next(g, s, tag);
    }
}

/* §1.6: every route of both switches at both sizes. */
static void test_routes(void)
{
    for (int hx = 1; hx <= 2; hx++)
        for (int k = 8; k <= 64; k *= 8) {
            nr_nwn_params p = hx_params(k, hx, 0);
            nwn_geom g;
            nwn_geom_of(&p, &g);
            long bad = 0, n = 0;
            for (int src = 0; src < k; src++)
                for (int q = 0; q < k; q++) {
                    const int s = src / g.n, d = q / g.n;
                    if (d == s) { /* a local turn */
                        bad += walk(&g, src, q, q % g.n) != 0;
                        n++;
                        continue;
                    }
                    if (hx == 1)
                        for (int mid = 0; mid < g.nsw; mid++, n++)
                            bad += walk(&g, src, q, nwn_hx_vfirst(&g, s, q, mid)) !=
                                   dist(&g, s, mid) + dist(&g, mid, d);
                    else {
                        int c[2];
                        CHECK_EQ(nwn_hx_mcand(&g, s, q, c), 2);
                        for (int x = 0; x < 2; x++, n++)
                            bad += walk(&g, src, q, c[x]) != dist(&g, s, d);
                    }
                }
            CHECK_EQ(bad, 0);
            CHECK(n >= k * k);
        }
}

/* §1.6, §8: every pair at zero load, LCB and bare, ChanLat 1..3, a = 0 (the
 * flow's hashed intermediate or first hop). */
static void test_latency(void)
{
    for (int hx = 1; hx <= 2; hx++)
        for (int lcb = 0; lcb < 2; lcb++)
            for (int lat = 1; lat <= 3; lat++) {
                nr_nwn_params p = hx_params(8, hx, lcb);
                p.chan_lat = lat;
                nwn_geom g;
                nwn_geom_of(&p, &g);
                cap_t c;
                renv e;
                renv_init_nwn(&e, &p, NULL, 1, nr_test_seed);
                cap_attach(&e, &c);
                uint32_t ph[RENV_MAXLEN];
                for (int n = 0; n < 64; n++) { /* every (src, q) */
                    const int src = n / 8, q = n % 8, s = src / g.n, d = q / g.n;
                    int l = mk(ph, (unsigned)src, (unsigned)q, (unsigned)(n & 1), 4 + n % 20, 0, 0,
                               0, NULL, 0);
                    unsigned dest = (ph[0] >> NR_HEAD_DEST_LSB) & ((1u << NR_HEAD_DEST_W) - 1u);
                    int mid = nwn_hx_mid_hash(&g, src, dest, 0);
                    int hops =
                        hx == 2 || d == s ? dist(&g, s, d) : dist(&g, s, mid) + dist(&g, mid, d);
                    for (int i = 0; i < 12; i++) renv_step(&e);
                    yt_zero_load(&e, src, ph, l, q, (lcb ? 6 : 4) + hops * lat, 300);
                }
                YT_DONE(&e);
            }
}

/* A random load of adaptive and hashed packets from every port at once,
 * drained: every packet out, every channel credit home. */
static void test_credits_home(void)
{
    for (int hx = 1; hx <= 2; hx++) {
        nr_nwn_params p = hx_params(8, hx, 0);
        yt_nwn_credits_home(&p, 400, 8);
    }
}

int main(void)
{
    NR_TEST_BEGIN("test_nwn_hx", 20261205);
    test_params();
    test_routes();
    test_latency();
    test_credits_home();
    NR_TEST_END("test_nwn_hx");
}
