/* test_nwn_ft.c - directed tests of the folded 2-D torus switch ftd
 * (docs/nwn-arch.md §1.8), the network-switch model with Ft = 1: its
 * parameter rules, wiring and counts ([ACK12] Table 2); every route of every
 * (input, output, legal channel choice) walked through the crosspoints in
 * dimension order, the shorter way, on one channel a dimension that never
 * takes its dateline link, with the channel waits of all routes free of
 * cycles (the same check finds the cycle when routes ignore the datelines);
 * the zero-load latency of every pair (4 + hops x ChanLat bare, 6 + hops x
 * ChanLat with LCBs); and, after a random load, every packet delivered and
 * every credit home. */
#include "nwn_test.h"

#define S 8 /* sqrt(64) */
#define NODES (64 * (1 + 4 * NWN_FT_C))

static nr_nwn_params ft_params(int lcb)
{
    nr_nwn_params p = renv_nwn_params('c', 64, lcb);
    p.ft = 1;
    return p;
}

/* Ring distance, and torus distance between subswitches a and b. */
static int rdist(int a, int b) { return abs(a - b) < S - abs(a - b) ? abs(a - b) : S - abs(a - b); }
static int tdist(int a, int b) { return rdist(a % S, b % S) + rdist(a / S, b / S); }

/* §1.8, §3, §10: the rules of Ft, the wiring, the counts. */
static void test_params(void)
{
    char err[256];
    nr_nwn_params p = ft_params(0);
    CHECK_EQ(nr_nwn_check(&p, err, sizeof err), 0);
    nwn_geom g;
    nwn_geom_of(&p, &g);
    CHECK_EQ(g.org, NWN_FT);
    CHECK_EQ(g.nsw, 64);
    long xp = 0;
    for (int s = 0; s < g.nsw; s++) {
        CHECK_EQ(nwn_radix(&g, s), S / 4 * 4 + 1); /* [ACK12 §3.2] */
        CHECK_EQ(nwn_port_in(&g, s).sw, s);
        for (int j = 1; j < nwn_radix(&g, s); j++) {
            nwn_end d = nwn_chan_dst(&g, s, j), b = nwn_chan_src(&g, d.sw, d.io);
            CHECK(b.sw == s && b.io == j); /* each channel has one end each way */
            CHECK_EQ(tdist(s, d.sw), 1);
            const int dir = (j - 1) / NWN_FT_C, step = dir % 2 ? S - 1 : 1;
            CHECK_EQ(dir < 2 ? (s % S + step) % S : (s / S + step) % S,
                     dir < 2 ? d.sw % S : d.sw / S);
        }
        for (int i = 0; i < nwn_radix(&g, s); i++)
            xp += __builtin_popcountll(nwn_xpoints(&g, s, i));
    }
    nr_sw_counts c;
    CHECK_EQ(nr_nwn_counts(&p, &c, err, sizeof err), 0);
    CHECK_EQ(c.xpoints, xp);
    CHECK_EQ(c.sub_buffers, 512);   /* [ACK12] Table 2: k^1.5 = 512 buffers */
    CHECK_EQ(c.xpoints_seed, 4096); /* k (2 sqrt(k) + 3k/4) = 4096 crosspoints */
    CHECK_EQ(c.subswitches, 64);
    nr_nwn_params b = ft_params(0);
    b.num_ports = 16; /* sqrt(16)/4 = 1 channel a link: no second class */
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    CHECK(strstr(err, "Ft = 1") != NULL);
    CHECK_EQ(nr_nwn_counts(&b, &c, err, sizeof err), -1);
    b = ft_params(0);
    b.ft = 2;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    b = ft_params(0);
    b.hx = 1;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    b = ft_params(0);
    b.vc = 1;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    b = ft_params(0);
    b.r = 16;
    b.m = 4;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
}

/* The channel-wait graph: an edge from channel (s, j) to the channel the
 * same head takes next. */
static uint8_t dep[NODES][NODES];

/* A cycle in dep: depth-first, colour 1 on the stack, 2 done. */
static int cyclic_from(int u, uint8_t *col)
{
    col[u] = 1;
    for (int w = 0; w < NODES; w++)
        if (dep[u][w] && (col[w] == 1 || (!col[w] && cyclic_from(w, col)))) return 1;
    col[u] = 2;
    return 0;
}
static int cyclic(void)
{
    static uint8_t col[NODES];
    memset(col, 0, sizeof col);
    for (int u = 0; u < NODES; u++)
        if (!col[u] && cyclic_from(u, col)) return 1;
    return 0;
}

/* Follow the head of tag from input unit a to its port. Every hop a
 * crosspoint (marked in used), dimension order, one channel a dimension,
 * never the dateline link of that channel (channel 0: between S-1 and 0;
 * channel 1: between S/2-1 and S/2); its waits into dep. Returns the channel
 * hops, or -1 when the route breaks a rule. */
static uint64_t xpt[64][1 + 4 * NWN_FT_C]; /* nwn_xpoints, once */
static int walk(const nwn_geom *g, int a, unsigned tag, uint64_t (*used)[1 + 4 * NWN_FT_C])
{
    const int q = (int)(tag & 63u);
    int s = a, i = 0, hops = 0, dim0 = 0, ch[2] = {-1, -1}, prev = -1;
    for (;;) {
        const int j = nwn_ft_next(g, s, tag);
        if (!((xpt[s][i] >> j) & 1u)) return -1;
        used[s][i] |= 1ull << j;
        if (!j) return s == q ? hops : -1;
        const int dir = (j - 1) / NWN_FT_C, c = (j - 1) % NWN_FT_C, dim = dir / 2;
        const int pos = dim ? s / S : s % S, lo = dir % 2 ? (pos + S - 1) % S : pos;
        if (dim < dim0 || (ch[dim] >= 0 && ch[dim] != c) || lo == (c ? S / 2 - 1 : S - 1))
            return -1;
        dim0 = dim;
        ch[dim] = c;
        const int node = s * (1 + 4 * NWN_FT_C) + j;
        if (prev >= 0) dep[prev][node] = 1;
        prev = node;
        const nwn_end d = nwn_chan_dst(g, s, j);
        s = d.sw;
        i = d.io;
        if (++hops > S) return -1;
    }
}

/* §1.8: every route, each channel choice it may take; the crosspoints are
 * exactly the turns taken; no cycle of channel waits. */
static void test_routes(void)
{
    nr_nwn_params p = ft_params(0);
    p.self_turn = 1;
    nwn_geom g;
    nwn_geom_of(&p, &g);
    static uint64_t used[64][1 + 4 * NWN_FT_C];
    memset(used, 0, sizeof used);
    memset(dep, 0, sizeof dep);
    for (int s = 0; s < 64; s++)
        for (int i = 0; i < nwn_radix(&g, s); i++) xpt[s][i] = nwn_xpoints(&g, s, i);
    long bad = 0, n = 0, both = 0;
    for (int a = 0; a < 64; a++)
        for (int q = 0; q < 64; q++)
            for (unsigned ext = 0; ext < 4; ext++) {
                if (!nwn_ft_ext_ok(&g, a, q, ext)) continue;
                n++;
                bad += walk(&g, a, (unsigned)q | ext << 6, used) != tdist(a, q);
                both += ext == 3;
            }
    CHECK_EQ(bad, 0);
    CHECK(n > 64 * 64 && both > 0); /* some routes have a choice */
    for (int s = 0; s < 64; s++)
        for (int i = 0; i < nwn_radix(&g, s); i++) CHECK_EQ(used[s][i], xpt[s][i]);
    CHECK(!cyclic());
    /* the check fails when a route may take either channel wherever it goes */
    for (int a = 0; a < 64; a++)
        for (int q = 0; q < 64; q++)
            for (unsigned ext = 0; ext < 4; ext++) {
                int s = a, prev = -1;
                for (int j = nwn_ft_next(&g, s, (unsigned)q | ext << 6); j;
                     j = nwn_ft_next(&g, s, (unsigned)q | ext << 6)) {
                    const int node = s * (1 + 4 * NWN_FT_C) + j;
                    if (prev >= 0) dep[prev][node] = 1;
                    prev = node;
                    s = nwn_chan_dst(&g, s, j).sw;
                }
            }
    CHECK(cyclic());
}

/* §1.8, §8: every pair at zero load (bare, ChanLat 2) and every destination
 * of three sources (LCB and bare, ChanLat 1..3), a = 0 and 1 alternately. */
static void test_latency(void)
{
    for (int lcb = 0; lcb < 2; lcb++)
        for (int lat = 1; lat <= 3; lat++) {
            nr_nwn_params p = ft_params(lcb);
            p.chan_lat = lat;
            p.self_turn = 1;
            cap_t c;
            renv e;
            renv_init_nwn(&e, &p, NULL, 1, nr_test_seed);
            cap_attach(&e, &c);
            uint32_t ph[RENV_MAXLEN];
            const int all = !lcb && lat == 2;
            for (int n = 0; n < 64 * 64; n++) {
                const int src = n / 64, q = n % 64;
                if (!all && src != 0 && src != 27 && src != 63) continue;
                int l = mk(ph, (unsigned)src, (unsigned)q, (unsigned)(n & 1), 4 + n % 13, 0,
                           (unsigned)(n / 2 & 1), 0, NULL, 0);
                for (int i = 0; i < 12; i++) renv_step(&e);
                yt_zero_load(&e, src, ph, l, q, (lcb ? 6 : 4) + tdist(src, q) * lat, 300);
            }
            YT_DONE(&e);
        }
}

/* A random load of adaptive and hashed packets from every port at once,
 * drained: every packet out, every channel credit home. */
static void test_credits_home(void)
{
    nr_nwn_params p = ft_params(0);
    p.self_turn = 1;
    yt_nwn_credits_home(&p, 3000, 32);
}

int main(void)
{
    NR_TEST_BEGIN("test_nwn_ft", 20261205);
    test_params();
    test_routes();
    test_latency();
    test_credits_home();
    NR_TEST_END("test_nwn_ft");
}
