/* test_nwn_model.c - directed tests of the network-within-a-network C model
 * (docs/nwn-arch.md): parameter rules (§3), the pure policies (first hop
 * §4.3, downstream targets §5, crosspoints §10.1), zero-load latency of every
 * path shape (§8) with and without LCBs, single-router-mode routing to every
 * port for cn/fc/bb at k = 16, 32, 64 with the SELF and UPUP drops (§1.2,
 * §1.4), every drop reason counted, the adaptive top choice and its tie
 * pointer (§4.3), the accept rule (§6.3), wormhole with small buffers, VCT at
 * port outputs (§7), source-route rotation and CRC repair, configuration
 * (§9) and interface violations. */
#include "nr_crc.h"
#include "nwn_priv.h"
#define YT_ROUTE_STEPS 600
#include "renv_test.h"

static void env_open(renv *e, cap_t *c, const nr_nwn_params *p)
{
    renv_init_nwn(e, p, NULL, 1, nr_test_seed);
    cap_attach(e, c);
}

/* An environment of p whose deliveries go to the cap_t at the start of the
 * watcher w (size bytes, cleared), with hook as its timer. */
static void watch_open(renv *e, void *w, size_t size, const nr_nwn_params *p, uint64_t seed,
                       void (*hook)(renv *, int))
{
    memset(w, 0, size);
    renv_init_nwn(e, p, NULL, 1, seed);
    e->ctx = w;
    e->on_pkt = cap_pkt;
    e->timer = hook;
}

/* The path shape of p -> q, from the doc's tables (§1, §8): the number of
 * subswitches crossed, 0 for a drop (SELF, UPUP). */
static int ref_subswitches(const nr_nwn_params *p, int src, int dst)
{
    int k = p->num_ports, n = k / p->r, half = k / 2;
    if (src == dst && !p->self_turn) return 0;
    if (p->r == 1) return 1; /* cn */
    if (p->bb) {
        int up_s = src >= half, up_d = dst >= half;
        if (up_s && up_d) return 0; /* quadrant IV */
        if (up_s || up_d) return 2; /* down-going or up-going */
    }
    return src / n == dst / n ? 1 : 3;
}

/* ---------------------------------------------------------------------- */

/* §3: every rule, with a message naming the parameter. */
static void test_params(void)
{
    char err[256];
    /* the named configurations (configs/configs.txt) are legal */
    struct {
        int k, r, m, bb, s, self, lcb;
    } good[] = {
        {16, 1, 0, 0, 1, 1, 1},  {16, 8, 2, 0, 1, 0, 1},  {16, 8, 2, 1, 1, 0, 1},
        {16, 8, 2, 0, 2, 0, 1},  {16, 1, 0, 0, 1, 1, 0},  {16, 8, 2, 0, 1, 0, 0},
        {16, 8, 2, 1, 1, 0, 0},  {32, 1, 0, 0, 1, 1, 1},  {32, 8, 4, 0, 1, 0, 1},
        {32, 8, 4, 1, 1, 0, 1},  {64, 1, 0, 0, 1, 1, 1},  {64, 16, 4, 0, 1, 0, 1},
        {64, 16, 6, 0, 1, 0, 1}, {64, 16, 6, 0, 2, 0, 1}, {64, 16, 4, 1, 1, 0, 1},
        {4, 2, 1, 1, 1, 0, 0},   {4, 4, 16, 0, 2, 1, 0},  {64, 64, 1, 1, 1, 0, 0},
        {64, 2, 16, 0, 2, 0, 0}, {8, 2, 4, 1, 1, 1, 0},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        nr_nwn_params p = renv_nwn_params('f', good[i].k, good[i].lcb);
        p.r = good[i].r;
        p.m = good[i].m;
        p.bb = good[i].bb;
        p.speedup = good[i].s;
        p.self_turn = good[i].self;
        err[0] = 0;
        CHECK_EQ(nr_nwn_check(&p, err, sizeof err), 0);
        nr_lcb_cfg lc = renv_lcb_cfg();
        nr_nwn *m = nr_nwn_new(&p, &lc, err, sizeof err);
        CHECK(m != NULL);
        nr_nwn_free(m);
    }
    /* every illegal value of §3 is refused, by check and by new */
    enum {
        F_K,
        F_R,
        F_M,
        F_BB,
        F_S,
        F_SELF,
        F_VC,
        F_INBUF,
        F_DEPTH,
        F_LAT,
        F_LCB,
        F_MAXPKT,
        F_REPLAY,
        F_WINDOW
    };
    struct {
        int k, r, m;    /* base organization */
        int field, bad; /* the field made illegal */
        const char *msg;
    } bad[] = {
        {64, 16, 4, F_K, 3, "NumPorts"},
        {64, 16, 4, F_K, 2, "NumPorts"},
        {64, 16, 4, F_K, 128, "NumPorts"},
        {64, 16, 4, F_K, 48, "NumPorts"},
        {64, 16, 4, F_R, 3, "R = 3"},
        {64, 16, 4, F_R, 0, "R = 0"},
        {16, 8, 2, F_R, 32, "R = 32"},
        {64, 16, 4, F_M, 17, "M = 17"},
        {64, 16, 4, F_M, -1, "M = -1"},
        {64, 1, 0, F_M, 2, "M = 2"},
        {64, 16, 4, F_M, 0, "M = 0"},
        {64, 16, 4, F_BB, 2, "Bb = 2"},
        {64, 1, 0, F_BB, 1, "Bb = 1 needs R >= 2"},
        {64, 16, 3, F_BB, 1, "(NumPorts/2) mod M"},
        {16, 8, 16, F_BB, 1, "(NumPorts/2) mod M"},
        {64, 16, 4, F_S, 0, "Speedup"},
        {64, 16, 4, F_S, 3, "Speedup"},
        {64, 16, 4, F_SELF, 2, "SelfTurn"},
        {64, 16, 4, F_VC, 0, "NumVcs"},
        {64, 16, 4, F_VC, 5, "NumVcs"},
        {64, 16, 4, F_INBUF, 63, "InBufPerVc"},
        {64, 16, 4, F_INBUF, 1024, "InBufPerVc"},
        {64, 16, 4, F_DEPTH, 12, "BufDepth"},
        {64, 16, 4, F_DEPTH, 2, "BufDepth"},
        {64, 16, 4, F_LAT, 0, "ChanLat"},
        {64, 16, 4, F_LAT, 5, "ChanLat"},
        {64, 16, 4, F_LCB, 2, "UseLcb"},
        {64, 16, 4, F_MAXPKT, 1, "MaxPktLen"},
        {64, 16, 4, F_REPLAY, 100, "LCB: ReplayDepth"},
        {64, 16, 4, F_WINDOW, 3, "LCB: Window"},
        {64, 16, 4, F_MAXPKT, 300, "LCB: MaxPktLen"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        nr_nwn_params p = renv_nwn_params('f', bad[i].k, 1);
        p.r = bad[i].r;
        p.m = bad[i].m;
        int *f[] = {&p.num_ports,
                    &p.r,
                    &p.m,
                    &p.bb,
                    &p.speedup,
                    &p.self_turn,
                    &p.port.num_vcs,
                    &p.port.in_buf_per_vc,
                    &p.buf_depth,
                    &p.chan_lat,
                    &p.port.use_lcb,
                    &p.port.max_pkt_len,
                    &p.port.replay_depth,
                    &p.port.window};
        *f[bad[i].field] = bad[i].bad;
        if (bad[i].field == F_MAXPKT && bad[i].bad > 64)
            p.port.in_buf_per_vc = 512; /* legal for the switch, not for the LCB (<= 255) */
        err[0] = 0;
        CHECK_EQ(nr_nwn_check(&p, err, sizeof err), -1);
        CHECK_STR(err, bad[i].msg);
        nr_lcb_cfg lc = renv_lcb_cfg();
        err[0] = 0;
        CHECK(nr_nwn_new(&p, &lc, err, sizeof err) == NULL);
        CHECK_STR(err, bad[i].msg);
    }
    /* BufDepth >= 2*ChanLat: 4 is too small for ChanLat 3 */
    nr_nwn_params p = renv_nwn_params('f', 16, 0);
    p.chan_lat = 3;
    p.buf_depth = 4;
    CHECK_EQ(nr_nwn_check(&p, err, sizeof err), -1);
    CHECK_STR(err, "BufDepth = 4");
    p.buf_depth = 8;
    CHECK_EQ(nr_nwn_check(&p, err, sizeof err), 0);
    /* bare switches do not look at the LCB parameters */
    p = renv_nwn_params('b', 16, 0);
    p.port.replay_depth = 100;
    CHECK_EQ(nr_nwn_check(&p, err, sizeof err), 0);
    /* with LCBs the run-time configuration is required */
    p = renv_nwn_params('c', 16, 1);
    CHECK(nr_nwn_new(&p, NULL, err, sizeof err) == NULL);
    CHECK_STR(err, "lcfg");
    CHECK_EQ(nr_nwn_check(NULL, err, sizeof err), -1);
}

/* §4.3, §5, §10.1: the pure policies. */
static void test_pure(void)
{
    /* first hop: against the path shapes of the doc's tables, every pair */
    const char orgs[] = {'c', 'f', 'b'};
    for (int o = 0; o < 3; o++)
        for (int k = 4; k <= 64; k *= 2)
            for (int self = 0; self < 2; self++) {
                nr_nwn_params p = renv_nwn_params(orgs[o], k, 0);
                p.self_turn = self;
                nwn_geom g;
                nwn_geom_of(&p, &g);
                int n = g.n, half = k / 2;
                for (int s = 0; s < k; s++)
                    for (int q = 0; q < k; q++) {
                        nwn_hop h = nwn_fhop_shape(&g, s, q);
                        int shape = ref_subswitches(&p, s, q);
                        nwn_end in = nwn_port_in(&g, s);
                        if (shape == 0) {
                            CHECK_EQ(h.kind, NWN_HOP_DROP);
                            int self_drop = s == q && !self;
                            CHECK_EQ(h.reason, self_drop ? NR_DROP_SELF : NR_DROP_UPUP);
                        } else if (shape == 1) { /* local: the port output of q */
                            CHECK_EQ(h.kind, NWN_HOP_FIXED);
                            CHECK_EQ(h.tgt, q % n);
                            CHECK_EQ(nwn_port_out(&g, q).sw, in.sw);
                        } else if (shape == 3) { /* through any top */
                            CHECK_EQ(h.kind, NWN_HOP_ADAPT);
                        } else if (s < half) { /* bb up-going: the top hosting q */
                            CHECK_EQ(h.kind, NWN_HOP_FIXED);
                            CHECK_EQ(h.tgt, n + (q - half) / g.u);
                            nwn_end d = nwn_chan_dst(&g, in.sw, h.tgt);
                            CHECK_EQ(d.sw, nwn_port_out(&g, q).sw);
                            CHECK_EQ(nwn_chan_target(&g, d.sw, q), nwn_port_out(&g, q).io);
                        } else { /* bb down-going: the bottom of q */
                            CHECK_EQ(h.kind, NWN_HOP_FIXED);
                            CHECK_EQ(h.tgt, q / n);
                            nwn_end d = nwn_chan_dst(&g, in.sw, h.tgt);
                            CHECK_EQ(d.sw, nwn_port_out(&g, q).sw);
                            CHECK_EQ(nwn_chan_target(&g, d.sw, q), q % n);
                        }
                        /* a first hop is always a crosspoint of the IU's input */
                        if (h.kind == NWN_HOP_FIXED)
                            CHECK((nwn_xpoints(&g, in.sw, in.io) >> h.tgt) & 1u);
                        /* through a top: every up-link, then the down-link to q's bottom */
                        if (h.kind == NWN_HOP_ADAPT)
                            for (int t = 0; t < g.M; t++) {
                                CHECK((nwn_xpoints(&g, in.sw, in.io) >> (n + t)) & 1u);
                                nwn_end up = nwn_chan_dst(&g, in.sw, n + t);
                                CHECK_EQ(up.sw, g.nb + t);
                                int j = nwn_chan_target(&g, up.sw, q);
                                CHECK_EQ(j, q / n);
                                CHECK((nwn_xpoints(&g, up.sw, up.io) >> j) & 1u);
                                nwn_end dn = nwn_chan_dst(&g, up.sw, j);
                                CHECK_EQ(dn.sw, q / n);
                                CHECK_EQ(nwn_chan_target(&g, dn.sw, q), q % n);
                                /* the channel ends are each other's inverse */
                                nwn_end back = nwn_chan_src(&g, dn.sw, dn.io);
                                CHECK_EQ(back.sw, up.sw);
                                CHECK_EQ(back.io, j);
                            }
                    }
            }

    /* §4.3: most credits win, ties to the first at or after the pointer */
    int cc[4] = {16, 16, 16, 16};
    CHECK_EQ(nwn_top_pick(cc, 4, 0), 0);
    CHECK_EQ(nwn_top_pick(cc, 4, 3), 3);
    cc[2] = 15;
    CHECK_EQ(nwn_top_pick(cc, 4, 2), 3);
    int cc2[4] = {0, 16, 16, 0};
    CHECK_EQ(nwn_top_pick(cc2, 4, 3), 1); /* wraps past 3 */
    CHECK_EQ(nwn_top_pick(cc2, 4, 2), 2);
    CHECK_EQ(nwn_top_pick(cc2, 1, 0), 0); /* M = 1 */

    /* §10.1 and §10.3: the crosspoints the model builds, input speedup
     * counted (S per bottom crossbar input), against the doc's figures */
    struct {
        char org;
        int k, r, m, s, self;
        long xp;
    } xc[] = {
        {'c', 64, 1, 0, 1, 1, 4096},  {'f', 64, 16, 4, 1, 0, 1664}, {'f', 64, 16, 6, 1, 0, 2400},
        {'f', 64, 16, 6, 2, 0, 3360}, {'b', 64, 16, 4, 1, 0, 1088}, {'c', 16, 1, 0, 1, 1, 256},
        {'f', 16, 8, 2, 1, 0, 192},   {'b', 16, 8, 2, 1, 0, 128},   {'c', 16, 1, 0, 1, 0, 240},
    };
    for (size_t i = 0; i < sizeof xc / sizeof xc[0]; i++) {
        nr_nwn_params p = renv_nwn_params(xc[i].org, xc[i].k, 0);
        p.r = xc[i].r;
        p.m = xc[i].m;
        p.speedup = xc[i].s;
        p.self_turn = xc[i].self;
        char err[200];
        nr_nwn *m = nr_nwn_new(&p, NULL, err, sizeof err);
        CHECK(m != NULL);
        long total = 0;
        for (int s = 0; s < m->g.nsw; s++)
            for (int in = 0; in < m->sw[s].nin; in++)
                total += (long)__builtin_popcountll(m->sw[s].xp[in]) * m->sw[s].S;
        CHECK_EQ(total, xc[i].xp);
        nr_nwn_free(m);
    }
}

/* §8: zero-load latency of every pair at k = 16, and a gap-free packet. */
static void latency_run(char org, int lcb, int lat, int all_pairs)
{
    nr_nwn_params p = renv_nwn_params(org, 16, lcb);
    p.chan_lat = lat;
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    uint32_t ph[RENV_MAXLEN];
    int shapes[4] = {0};
    for (int s = 0; s < 16; s++)
        for (int q = 0; q < 16; q++) {
            if (!all_pairs && (s * 16 + q) % 7 != 0) continue;
            int sub = ref_subswitches(&p, s, q);
            int len = 4 + (s + q) % 30;
            int l = mk(ph, (unsigned)s, (unsigned)q, (unsigned)(q & 1), len, 0, 0, 0, NULL, 0);
            for (int i = 0; i < 12; i++) renv_step(&e);
            if (sub == 0) {
                CHECK_EQ(route_one(&e, s, ph, l), -(s == q ? NR_DROP_SELF : NR_DROP_UPUP));
                continue;
            }
            /* §8 table: 6 (bare 4) + L per subswitch after the first */
            yt_zero_load(&e, s, ph, l, q, (lcb ? 6 : 4) + (sub - 1) * lat, 300);
            shapes[sub]++;
        }
    /* every path shape of the organization was measured */
    if (org == 'c') CHECK(shapes[1] > 0 && shapes[2] + shapes[3] == 0);
    if (org == 'f') CHECK(shapes[1] > 0 && shapes[3] > 0 && shapes[2] == 0);
    if (org == 'b') CHECK(shapes[1] > 0 && shapes[2] > 0 && shapes[3] > 0);
    YT_DONE(&e);
}

static void test_latency(void)
{
    const char orgs[] = {'c', 'f', 'b'};
    for (int o = 0; o < 3; o++) {
        latency_run(orgs[o], 1, 2, 1); /* 6, 8, 10 */
        latency_run(orgs[o], 0, 2, 1); /* 4, 6, 8 */
    }
    for (int lat = 1; lat <= 4; lat += lat == 1 ? 2 : 1) { /* 1, 3, 4 */
        latency_run('f', lat & 1, lat, 0);
        latency_run('b', !(lat & 1), lat, 0);
    }
}

/* §4.2 reset tables and §4.3: every input to every output, k = 16, 32, 64.
 * One packet per input per round, round s sending p -> (p + s) mod k. */
static void routing_all(char org, int k)
{
    nr_nwn_params p = renv_nwn_params(org, k, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    uint32_t ph[RENV_MAXLEN];
    long expect_self = 0, expect_upup = 0, expect_pkts = 0;
    for (int s = 0; s < k; s++) {
        for (int src = 0; src < k; src++) {
            int q = (src + s) % k, sub = ref_subswitches(&p, src, q);
            int l = mk(ph, (unsigned)src, (unsigned)q, (unsigned)((src + s) & 1), 6 + (q & 7), 0, 0,
                       0, NULL, 0);
            renv_send(&e, src, ph, l);
            expect_pkts += sub > 0;
            expect_self += sub == 0 && src == q;
            expect_upup += sub == 0 && src != q;
        }
        CHECK(renv_drain(&e, 10, 5000));
    }
    CHECK_EQ(c.bad, 0);
    CHECK_EQ(c.npkt, expect_pkts);
    for (int src = 0; src < k; src++)
        for (int q = 0; q < k; q++) CHECK_EQ(c.pair[src][q], ref_subswitches(&p, src, q) > 0);
    CHECK_EQ(e.drop_reason[NR_DROP_SELF], expect_self);
    CHECK_EQ(e.drop_reason[NR_DROP_UPUP], expect_upup);
    long other = 0;
    for (int r = 1; r <= 4; r++) other += (long)e.drop_reason[r];
    CHECK_EQ(other, 0);
    /* fc/bb have no self crosspoints, cn keeps them; bb has no quadrant IV */
    CHECK_EQ(expect_self, org == 'c' ? 0 : k);
    CHECK_EQ(expect_upup, org == 'b' ? (long)(k / 2) * (k / 2 - 1) : 0);
    /* destinations >= NumPorts are unroutable in single-router mode */
    int l = mk(ph, 3, (unsigned)k, 0, 5, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 3, ph, l), -NR_DROP_NO_ROUTE);
    CHECK(renv_drain(&e, 10, 2000));
    for (int q = 0; q < k; q++)
        for (int v = 0; v < 2; v++) CHECK_EQ(e.src[q].vct.cred[v], p.port.in_buf_per_vc);
    YT_DONE(&e);
}

static void test_routing_all(void)
{
    const char orgs[] = {'c', 'f', 'b'};
    for (int o = 0; o < 3; o++)
        for (int k = 16; k <= 64; k *= 2) routing_all(orgs[o], k);
}

/* §4.2, §4.3, §4.4, §9: every drop reason, counted exactly, with its event;
 * the dropped packets' credits come back and later packets go through. */
static void drops_case(char org, int lcb)
{
    nr_nwn_params p = renv_nwn_params(org, 16, lcb);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    uint32_t ph[RENV_MAXLEN];
    long want[8] = {0};
    int l;
    /* MALFORMED: vc >= NumVcs (bare: an LCB sender does not send such a
     * head), and reserved head bits */
    if (!lcb) {
        l = mk(ph, 1, 2, 3, 8, 0, 0, 0, NULL, 0);
        CHECK_EQ(route_one(&e, 1, ph, l), -NR_DROP_MALFORMED);
        want[NR_DROP_MALFORMED]++;
    }
    l = mk(ph, 1, 2, 0, 8, 0, 0, 0, NULL, 0);
    ph[0] |= 1u; /* rsvd */
    nr_pkt_fix_crc(ph, l);
    CHECK_EQ(route_one(&e, 1, ph, l), -NR_DROP_MALFORMED);
    want[NR_DROP_MALFORMED]++;
    /* BAD_SRCROUTE: hop 0 >= NumPorts */
    unsigned hops[3] = {40, 1, 2};
    l = mk(ph, 4, 2, 1, 8, 1, 0, 0, hops, 0);
    CHECK_EQ(route_one(&e, 4, ph, l), -NR_DROP_BAD_SRCROUTE);
    want[NR_DROP_BAD_SRCROUTE]++;
    /* NO_ROUTE: a destination above the switch, deterministic and adaptive */
    l = mk(ph, 5, 300, 0, 8, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 5, ph, l), -NR_DROP_NO_ROUTE);
    l = mk(ph, 5, 300, 1, 8, 0, 1, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 5, ph, l), -NR_DROP_NO_ROUTE);
    want[NR_DROP_NO_ROUTE] += 2;
    /* SHORT: r = 1 but the EOP right after the head */
    uint32_t sh[2] = {nr_head_make(3, 0, 1, 0, 0), nr_eop_make(NR_OK_HEALTHY, 0)};
    nr_pkt_fix_crc(sh, 2);
    CHECK_EQ(route_one(&e, 6, sh, 2), -NR_DROP_SHORT);
    want[NR_DROP_SHORT]++;
    /* SELF (fc, bb; cn keeps its self crosspoints) */
    l = mk(ph, 7, 7, 1, 40, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 7, ph, l), org == 'c' ? 7 : -NR_DROP_SELF);
    want[NR_DROP_SELF] += org != 'c';
    /* a source route to itself is SELF too (the check is on q) */
    unsigned self_hops[3] = {9, 0, 0};
    l = mk(ph, 9, 1000, 0, 12, 1, 0, 0, self_hops, 0);
    CHECK_EQ(route_one(&e, 9, ph, l), org == 'c' ? 9 : -NR_DROP_SELF);
    want[NR_DROP_SELF] += org != 'c';
    /* UPUP (bb): up port 12 -> up port 14; an up port to itself is SELF */
    l = mk(ph, 12, 14, 0, 30, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 12, ph, l), org == 'b' ? -NR_DROP_UPUP : 14);
    want[NR_DROP_UPUP] += org == 'b';
    l = mk(ph, 13, 13, 0, 30, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 13, ph, l), org == 'c' ? 13 : -NR_DROP_SELF);
    want[NR_DROP_SELF] += org != 'c';
    if (!lcb) {
        /* stray phits from a bare sender: MALFORMED, consumed up to the EOP */
        uint32_t stray[3] = {nr_phit_make(NR_KIND_BODY, 1), nr_phit_make(NR_KIND_BODY, 2),
                             nr_eop_make(NR_OK_HEALTHY, 0)};
        renv_send(&e, 2, stray, 3);
        CHECK(renv_drain(&e, 10, 500));
        CHECK_EQ(e.drop_reason_last[2], NR_DROP_MALFORMED);
        want[NR_DROP_MALFORMED]++;
    }
    /* every drop counted once, with the right reason, and nothing else */
    for (int r = 1; r < 8; r++) CHECK_EQ(e.drop_reason[r], want[r]);
    /* later packets are unaffected */
    for (int s = 0; s < 16; s++) {
        int q = (s + 3) % 16;
        if (ref_subswitches(&p, s, q) == 0) continue;
        l = mk(ph, (unsigned)s, (unsigned)q, (unsigned)(s & 1), 64, 0, 0, 0, NULL, 0);
        CHECK_EQ(route_one(&e, s, ph, l), q);
    }
    CHECK(renv_drain(&e, 30, 2000));
    if (!lcb)
        for (int s = 0; s < 16; s++)
            for (int v = 0; v < 2; v++) CHECK_EQ(e.src[s].vct.cred[v], p.port.in_buf_per_vc);
    CHECK_EQ(c.bad, 0);
    YT_DONE(&e);
}

static void test_drops(void)
{
    drops_case('c', 0);
    drops_case('f', 0);
    drops_case('b', 0);
    drops_case('f', 1);
    drops_case('b', 1);
}

/* ---- the allocator alone (swparts.h nr_swalloc, §6) ---- */

/* IU front (i, v): a phit of kind `kind` targeting output tgt. */
static void front(nr_swalloc *a, int i, int v, unsigned kind, int tgt)
{
    a->fx[v] |= 1ull << i;
    a->fph[i * a->nvc + v] = nr_phit_make(kind, 0x100u + (unsigned)v);
    a->ftgt[i * a->nvc + v] = (uint8_t)tgt;
    a->fq[i * a->nvc + v] = (uint8_t)tgt;
}
static void no_fronts(nr_swalloc *a)
{
    for (int v = 0; v < NR_SW_MAX_VCS; v++) a->fx[v] = 0;
    a->fdrop_in = 0;
    memset(a->fdrop, 0, (size_t)a->nin);
}
/* One cycle of input 0 with a front of kind k0 on VC 0 for output 0 (with
 * drop0, VC 0 drops a phit of kind k0 instead: a dropping front competes
 * like a grant) and of kind k1 on VC 1 for output 1 (-1: no front on that
 * VC): the evaluation finds nothing wrong, the outputs that send are want,
 * input 0's pops pop0 (-1: not checked), then the commit. */
static void cycle2(nr_swalloc *a, int k0, int k1, int drop0, uint64_t want, int pop0)
{
    char err[160];
    no_fronts(a);
    if (k0 >= 0 && !drop0) front(a, 0, 0, (unsigned)k0, 0);
    if (k1 >= 0) front(a, 0, 1, (unsigned)k1, 1);
    if (drop0) {
        a->fdrop[0] = 1;
        a->fdrop_in = 1;
        a->fph[0] = nr_phit_make((unsigned)k0, 7);
    }
    CHECK_EQ(nr_swalloc_eval(a, 0, err, sizeof err), 0);
    CHECK_U64(a->d_mask, want);
    if (pop0 >= 0) CHECK_EQ(a->d_pop[0], pop0);
    nr_swalloc_commit(a);
}

/* §6.3 accept and §6.4 iptr: one IU input, two port outputs. */
static void test_accept_rule(void)
{
    char err[160];
    for (int S = 1; S <= 2; S++) {
        nr_swalloc a;
        CHECK_EQ(nr_swalloc_init(&a, 1, 2, 2, S, 1, 3, 4, 4), 0);
        a.vc_ok[0] = a.vc_ok[1] = 3;
        /* VC 0: a head for output 0; VC 1: a head for output 1. Both granted. */
        no_fronts(&a);
        front(&a, 0, 0, NR_KIND_HEAD, 0);
        front(&a, 0, 1, NR_KIND_HEAD, 1);
        CHECK_EQ(nr_swalloc_eval(&a, 0, err, sizeof err), 0);
        if (S == 1) { /* only the VC at iptr (0) pops; output 1 sends nothing */
            CHECK_U64(a.d_mask, 1);
            CHECK_EQ(a.d_pop[0], 1);
        } else { /* S >= NumVcs: both */
            CHECK_U64(a.d_mask, 3);
            CHECK_EQ(a.d_pop[0], 3);
        }
        nr_swalloc_commit(&a);
        CHECK_EQ(a.busy[0], 1);
        CHECK_EQ(a.busy[1], S == 2);
        if (S == 1) { /* the refused grant had no effect: no packet, no pointer move */
            CHECK_EQ(a.pp_v[1], 0);
            CHECK_EQ(a.pp_i[1], 0);
        }
        /* VC 0's body keeps winning while it has a grant; iptr stays */
        const int k1 = S == 1 ? NR_KIND_HEAD : NR_KIND_BODY;
        for (int t = 0; t < 3; t++) {
            cycle2(&a, NR_KIND_BODY, k1, 0, S == 1 ? 1 : 3, -1);
            CHECK_EQ(a.iptr[0], 0);
        }
        /* VC 0 has no front this cycle (a gap): VC 1 fills the cycle */
        cycle2(&a, -1, k1, 0, 2, -1);
        CHECK_EQ(a.iptr[0], 0);
        /* VC 0 pops its EOP: iptr moves past it (S < NumVcs only) */
        cycle2(&a, NR_KIND_EOP, NR_KIND_BODY, 0, S == 1 ? 1 : 3, -1);
        CHECK_EQ(a.iptr[0], S == 1 ? 1 : 0);
        CHECK_EQ(a.busy[0], 0);
        /* now VC 1 is first; a dropping VC 0 competes like a grant (S = 1:
         * VC 1 at iptr wins, the drop waits) */
        cycle2(&a, NR_KIND_BODY, NR_KIND_BODY, 1, 2, S == 1 ? 2 : 3);
        nr_swalloc_release(&a);
    }
    /* S = 1 with the pointer on a dropping VC: the drop pops, output idles */
    nr_swalloc a;
    CHECK_EQ(nr_swalloc_init(&a, 1, 2, 2, 1, 1, 3, 4, 4), 0);
    a.vc_ok[0] = a.vc_ok[1] = 3;
    cycle2(&a, NR_KIND_EOP, NR_KIND_HEAD, 1, 0, 1);
    CHECK_EQ(a.iptr[0], 1); /* the dropped EOP moves the pointer too */
    CHECK_EQ(a.busy[1], 0);
    /* a front whose target is not a crosspoint is reported */
    a.xp[0] = 1;
    no_fronts(&a);
    front(&a, 0, 0, NR_KIND_HEAD, 1);
    CHECK_EQ(nr_swalloc_eval(&a, 0, err, sizeof err), 1);
    CHECK_STR(err, "not a crosspoint");
    nr_swalloc_release(&a);
}

/* §6.2 channel outputs: owners, arb1, vptr (moves at an EOP), credits;
 * port outputs: the round robin over r = i*nvc + v and vc_ok. */
static void test_grant_rules(void)
{
    char err[160];
    nr_swalloc a;
    /* two buffered inputs, one channel output, two VCs, depth 4, 2 credits */
    CHECK_EQ(nr_swalloc_init(&a, 2, 1, 2, 1, 0, 0, 4, 2), 0);
    uint32_t hd = nr_phit_make(NR_KIND_HEAD, 1), bd = nr_phit_make(NR_KIND_BODY, 2),
             eo = nr_phit_make(NR_KIND_EOP, 3);
    /* input 1, VC 0: head, body, eop; input 0, VC 0: head, eop */
    nr_swalloc_push(&a, 1, 0, hd, 0, 0);
    nr_swalloc_push(&a, 1, 0, bd, 0, 0);
    nr_swalloc_push(&a, 1, 0, eo, 0, 0);
    nr_swalloc_push(&a, 0, 0, hd, 0, 0);
    nr_swalloc_push(&a, 0, 0, eo, 0, 0);
    /* arb1 pointer 0: input 0 first; its head, then it owns the output */
    nr_swalloc_eval(&a, 0, err, sizeof err);
    CHECK_U64(a.d_mask, 1);
    CHECK_EQ(a.d_src[0], 0);
    nr_swalloc_commit(&a);
    CHECK_EQ(a.own[0], 0);
    CHECK_EQ(a.arb[0], 1);
    CHECK_EQ(a.cc[0], 1);
    nr_swalloc_eval(&a, 0, err, sizeof err);
    CHECK_EQ(a.d_src[0], 0); /* the owner, not input 1's waiting head */
    nr_swalloc_commit(&a);
    CHECK_EQ(a.own[0], -1); /* EOP: released */
    CHECK_EQ(a.cc[0], 0);
    /* no credits: nothing is sent */
    nr_swalloc_eval(&a, 0, err, sizeof err);
    CHECK_U64(a.d_mask, 0);
    a.cc[0] = 2;
    nr_swalloc_eval(&a, 0, err, sizeof err);
    CHECK_EQ(a.d_src[0], 1);
    nr_swalloc_commit(&a);
    /* VC 1 joins: VCs interleave per phit, the VC pointer moves only at an EOP */
    nr_swalloc_push(&a, 0, 1, hd, 0, 0);
    nr_swalloc_push(&a, 0, 1, eo, 0, 0);
    a.cc[0] = a.cc[1] = 4;
    CHECK_EQ(a.vptr[0], 1); /* moved past VC 0 at input 0's EOP */
    nr_swalloc_eval(&a, 0, err, sizeof err);
    CHECK_EQ(a.d_vc[0], 1); /* VC 1 at the pointer */
    nr_swalloc_commit(&a);
    nr_swalloc_eval(&a, 0, err, sizeof err);
    CHECK_EQ(a.d_vc[0], 1); /* still: the pointer has not moved */
    nr_swalloc_commit(&a);
    CHECK_EQ(a.vptr[0], 0);
    nr_swalloc_eval(&a, 0, err, sizeof err);
    CHECK_EQ(a.d_vc[0], 0);
    CHECK_EQ(a.d_src[0], 1);
    nr_swalloc_commit(&a);
    nr_swalloc_eval(&a, 0, err, sizeof err);
    CHECK_EQ(a.d_vc[0], 0);
    nr_swalloc_commit(&a);
    CHECK_U64(a.ne[0] | a.ne[1], 0);
    /* a phit is not usable before its ready time */
    nr_swalloc_push(&a, 0, 0, hd, 0, 10);
    nr_swalloc_eval(&a, 9, err, sizeof err);
    CHECK_U64(a.d_mask, 0);
    nr_swalloc_eval(&a, 10, err, sizeof err);
    CHECK_U64(a.d_mask, 1);
    nr_swalloc_release(&a);

    /* port output over 3 inputs and 2 VCs: requesters in the order (i, v) =
     * (0,0) (0,1) (1,0) ... (§6.6), only vc_ok VCs; recorded as v*3 + i */
    CHECK_EQ(nr_swalloc_init(&a, 3, 1, 2, 2, 0, 1, 4, 4), 0);
    for (int i = 0; i < 3; i++)
        for (int v = 0; v < 2; v++) {
            nr_swalloc_push(&a, i, v, hd | (uint32_t)v << NR_HEAD_VC_LSB, 0, 0); /* head on VC v */
            nr_swalloc_push(&a, i, v, eo, 0, 0);
        }
    a.vc_ok[0] = 2; /* VC 1 only */
    int order[6];
    for (int k = 0; k < 6; k++) {
        if (k == 3) a.vc_ok[0] = 3;
        nr_swalloc_eval(&a, 0, err, sizeof err);
        CHECK_U64(a.d_mask, 1);
        CHECK(sw_is_head(a.d_phit[0]));
        order[k] = a.d_vc[0] * 3 + a.d_src[0];
        nr_swalloc_commit(&a);
        CHECK_EQ(a.busy[0], 1);
        nr_swalloc_eval(&a, 0, err, sizeof err); /* busy: its EOP, nothing else */
        CHECK_EQ(a.d_vc[0] * 3 + a.d_src[0], order[k]);
        CHECK(sw_is_eop(a.d_phit[0]));
        nr_swalloc_commit(&a);
        CHECK_EQ(a.busy[0], 0);
    }
    /* VC 1 requesters (0,1) (1,1) (2,1) first (VC 0 not ok), then from (0,0) */
    int want[6] = {3, 4, 5, 0, 1, 2};
    for (int k = 0; k < 6; k++) CHECK_EQ(order[k], want[k]);
    nr_swalloc_release(&a);
}

/* §6.6: a port output's round robin is input-major, so alternating vc_ok
 * cannot starve an input. Three inputs keep heads on both VCs; the port
 * allows only VC 0, then only VC 1, and so on, one packet each. Every input
 * gets a third of the packets. (VC-major, the old order, gave input 0 every
 * packet: after a VC 0 grant the VC 1 search starts at VC 1's first input,
 * and the next VC 0 search wraps to VC 0's first input.) */
static void test_port_fair(void)
{
    char err[160];
    nr_swalloc a;
    CHECK_EQ(nr_swalloc_init(&a, 3, 1, 2, 2, 0, 1, 64, 4), 0);
    uint32_t hd = nr_phit_make(NR_KIND_HEAD, 1), eo = nr_phit_make(NR_KIND_EOP, 3);
    for (int i = 0; i < 3; i++)
        for (int v = 0; v < 2; v++)
            for (int k = 0; k < 20; k++) {
                nr_swalloc_push(&a, i, v, hd | (uint32_t)v << NR_HEAD_VC_LSB, 0,
                                0); /* head on VC v */
                nr_swalloc_push(&a, i, v, eo, 0, 0);
            }
    int got[3] = {0, 0, 0};
    for (int k = 0; k < 30; k++) {
        a.vc_ok[0] = 1u << (k & 1); /* VC 0 only, VC 1 only, ... */
        nr_swalloc_eval(&a, 0, err, sizeof err);
        CHECK_U64(a.d_mask, 1);
        CHECK(sw_is_head(a.d_phit[0]));
        CHECK_EQ(a.d_vc[0], k & 1);
        got[a.d_src[0]]++;
        nr_swalloc_commit(&a);
        nr_swalloc_eval(&a, 0, err, sizeof err); /* its EOP */
        CHECK(sw_is_eop(a.d_phit[0]));
        nr_swalloc_commit(&a);
    }
    for (int i = 0; i < 3; i++) CHECK_EQ(got[i], 10);
    nr_swalloc_release(&a);
}

/* §6.2 held inputs. An input (S = 1) busy on a long packet also has a head
 * for an output that a second input waits for. Under the old rule that output
 * granted the busy input's head every cycle, was refused every cycle, and the
 * second input waited for the whole long packet; now the busy input is held,
 * its head is withdrawn and the second input is served at once. A continuing
 * VC blocked downstream (no credit) does not hold its input. */
static void test_held_inputs(void)
{
    char err[160];
    nr_swalloc a;
    /* two IU inputs, two port outputs, two VCs, S = 1 */
    CHECK_EQ(nr_swalloc_init(&a, 2, 2, 2, 1, 3, 3, 4, 4), 0);
    a.vc_ok[0] = a.vc_ok[1] = 3;
    no_fronts(&a);
    front(&a, 0, 0, NR_KIND_HEAD, 0); /* input 0: a long packet to output 0 */
    front(&a, 0, 1, NR_KIND_HEAD, 1); /* input 0: a head for output 1 ... */
    front(&a, 1, 1, NR_KIND_HEAD, 1); /* ... which input 1 waits for */
    CHECK_EQ(nr_swalloc_eval(&a, 0, err, sizeof err), 0);
    /* cycle 0: input 0 is not held yet; output 1 picks r = 1*2 + 0 (input 0)
     * and is refused (input 0 accepts VC 0 at its pointer) */
    CHECK_U64(a.d_mask, 1);
    CHECK_EQ(a.d_pop[0], 1);
    nr_swalloc_commit(&a);
    int waited = -1;
    for (int t = 1; t < 30; t++) {
        no_fronts(&a);
        front(&a, 0, 0, t == 29 ? NR_KIND_EOP : NR_KIND_BODY, 0);
        front(&a, 0, 1, NR_KIND_HEAD, 1);
        if (waited < 0)
            front(&a, 1, 1, NR_KIND_HEAD, 1);
        else
            front(&a, 1, 1, t - waited >= 3 ? NR_KIND_EOP : NR_KIND_BODY, 1);
        CHECK_EQ(nr_swalloc_eval(&a, 0, err, sizeof err), 0);
        CHECK((a.d_mask & 1u) && a.d_src[0] == 0); /* the long packet never stalls */
        if (waited < 0 && ((a.d_mask >> 1) & 1u)) {
            CHECK_EQ(a.d_src[1], 1); /* never input 0's withdrawn head */
            waited = t;
        }
        nr_swalloc_commit(&a);
        if (waited >= 0 && t - waited >= 3) break;
    }
    CHECK_EQ(waited, 1); /* the old rule: 30 (after the long packet's EOP) */
    nr_swalloc_release(&a);

    /* output 0 a channel output with 2 credits, output 1 a port output: input
     * 0 is held while its packet has a credit, and free once it has none */
    CHECK_EQ(nr_swalloc_init(&a, 1, 2, 2, 1, 1, 2, 4, 2), 0);
    a.vc_ok[1] = 3;
    /* both granted, VC 0 accepted; then, continuing with 1 credit, it is held
     * and the head waits */
    cycle2(&a, NR_KIND_HEAD, NR_KIND_HEAD, 0, 1, -1);
    cycle2(&a, NR_KIND_BODY, NR_KIND_HEAD, 0, 1, -1);
    CHECK_EQ(a.cc[0], 0);
    no_fronts(&a);
    front(&a, 0, 0, NR_KIND_BODY, 0);
    front(&a, 0, 1, NR_KIND_HEAD, 1);
    nr_swalloc_eval(&a, 0, err, sizeof err);
    CHECK_U64(a.d_mask, 2); /* no credit: not continuing; VC 1 starts */
    CHECK_EQ(a.d_src[1], 0);
    CHECK_EQ(a.d_vc[1], 1);
    nr_swalloc_commit(&a);
    nr_swalloc_release(&a);
}

/* ---- end to end ---- */

/* Wormhole inside the switch with the smallest legal buffers: a 64-phit
 * packet over every path shape leaves gap-free (a credit loop of latency L
 * each way sustains one phit per cycle with 2L phits of buffer, §3), and the
 * buffers never overflow. */
static void test_small_buffers(void)
{
    for (int lat = 1; lat <= 4; lat++) {
        for (int o = 0; o < 2; o++) {
            nr_nwn_params p = renv_nwn_params(o ? 'b' : 'f', 16, lat & 1);
            p.chan_lat = lat;
            p.buf_depth = lat == 3 ? 8 : 2 * lat;
            renv e;
            cap_t c;
            env_open(&e, &c, &p);
            uint32_t ph[RENV_MAXLEN];
            int pairs[4][2] = {{0, 1}, {0, 5}, {1, 13}, {12, 3}};
            for (int k = 0; k < 4; k++) {
                int s = pairs[k][0], q = pairs[k][1];
                int l = mk(ph, (unsigned)s, (unsigned)q, (unsigned)(k & 1), 64, 0, 0, 0, NULL, 0);
                long first, last;
                int np = c.npkt;
                renv_send(&e, s, ph, l);
                yt_hops(&e, 400, &c.npkt, &first, &last);
                CHECK_EQ(c.npkt, np + 1);
                CHECK_EQ(c.port, q);
                CHECK_EQ(last - first + 1, 64);
            }
            CHECK_EQ(c.bad, 0);
            YT_DONE(&e);
        }
    }
}

/* §2 VC independence: a VC 0 packet stuck at an output without credits does
 * not stop VC 1 packets through the same input unit, up-link, top, down-link
 * and port output; it goes when the credits come back. */
static void test_vc_independence(void)
{
    for (int lcb = 0; lcb < 2; lcb++) {
        nr_nwn_params p = renv_nwn_params('f', 16, lcb);
        p.m = 1; /* one top: every packet between bottoms shares it */
        renv e;
        cap_t c;
        env_open(&e, &c, &p);
        uint32_t ph[RENV_MAXLEN];
        e.snk[5].hold_mask = 1u; /* output 5 returns no VC 0 credits */
        for (int k = 0; k < 3; k++) {
            int l = mk(ph, 0, 5, 0, 64, 0, 0, 0, NULL, 0);
            renv_send(&e, 0, ph, l);
        }
        for (int t = 0; t < 400; t++) renv_step(&e);
        CHECK_EQ(c.heads_out, 2); /* the third waits (VCT: 128 credits = two packets) */
        for (int k = 0; k < 40; k++) {
            int l = mk(ph, 0, 5, 1, 4 + k % 16, 0, 0, 0, NULL, 0);
            renv_send(&e, 0, ph, l);
        }
        for (int t = 0; t < 1500 && c.heads_out < 42; t++) renv_step(&e);
        CHECK_EQ(c.heads_out, 42);
        e.snk[5].hold_mask = 0;
        CHECK(renv_drain(&e, 150, 5000));
        CHECK_EQ(c.heads_out, 43);
        CHECK_EQ(c.npkt, 43);
        CHECK_EQ(c.bad, 0);
        YT_DONE(&e);
    }
}

/* Watch every bare output: a port output sends one packet at a time (§2, §7),
 * and starts a HEAD on VC v only with MaxPktLen credits (VCT). */
typedef struct {
    cap_t cap;
    int in_pkt[NR_MAX_PORTS];
    long heads, viol;
} vct_t;

static void vct_hook(renv *e, int stop)
{
    vct_t *w = e->ctx;
    if (!stop) return;
    for (int q = 0; q < e->n; q++) {
        if (!e->out.out_valid[q]) continue;
        uint32_t ph = e->out.out_phit[q];
        if (nr_phit_kind(ph) == NR_KIND_HEAD) {
            w->heads++;
            /* the credits the port had at the start of the cycle */
            int v = (int)nr_head_vc(ph) % e->nvc;
            if (w->in_pkt[q] || renv_nwn(e)->c.fr.bp[q].cnt[v] + 1 < e->maxpkt) w->viol++;
            w->in_pkt[q] = 1;
        } else if (nr_phit_kind(ph) == NR_KIND_EOP) {
            w->in_pkt[q] = 0;
        }
    }
}

static void test_vct(void)
{
    const char orgs[] = {'c', 'f', 'b'};
    for (int o = 0; o < 3; o++) {
        nr_nwn_params p = renv_nwn_params(orgs[o], 16, 0);
        renv e;
        vct_t w;
        watch_open(&e, &w, sizeof w, &p, nr_test_seed, vct_hook);
        uint32_t ph[RENV_MAXLEN];
        /* 40-phit packets to port 6 from four inputs; port 6 holds its VC 0
         * credits: 128 -> 88 -> 48 < 64, so exactly two start */
        e.snk[6].hold_mask = 1u;
        int srcs[4] = {0, 3, 9, 14};
        for (int k = 0; k < 4; k++) {
            int l = mk(ph, (unsigned)srcs[k], 6, 0, 40, 0, 0, 0, NULL, 0);
            renv_send(&e, srcs[k], ph, l);
        }
        for (int t = 0; t < 500; t++) renv_step(&e);
        CHECK_EQ(w.cap.npkt, 2);
        CHECK_EQ(renv_nwn(&e)->c.fr.bp[6].cnt[0], 48);
        e.snk[6].hold_mask = 0;
        /* and a busy mix: every port sends to a few outputs, both VCs */
        nr_rng_t r;
        nr_rng_seed(&r, nr_test_seed + 3);
        long sent = 4;
        for (int k = 0; k < 300; k++) {
            int s = (int)nr_rng_below(&r, 16), q = (int)nr_rng_below(&r, 4) * 5;
            if (ref_subswitches(&p, s, q) == 0) continue;
            sent++;
            int l = mk(ph, (unsigned)s, (unsigned)q, (unsigned)nr_rng_below(&r, 2),
                       4 + (int)nr_rng_below(&r, 61), 0, 0, 0, NULL, 0);
            renv_send(&e, s, ph, l);
        }
        for (int q = 0; q < 16; q++) e.snk[q].bp = 0.5;
        CHECK(renv_drain(&e, 50, 100000));
        CHECK_EQ(w.heads, sent);
        CHECK_EQ(w.cap.npkt, sent);
        CHECK(sent > 200);
        CHECK_EQ(w.viol, 0);
        CHECK_EQ(w.cap.bad, 0);
        YT_DONE(&e);
    }
}

/* Source-route rotation and CRC repair (yarc-arch §4.3) in the input unit:
 * the route phit leaves rotated, the EOP carries the repaired PCRC, over a
 * local turn and a path through a top, bare and with LCBs. */
static void test_source_route(void)
{
    for (int lcb = 0; lcb < 2; lcb++) {
        nr_nwn_params p = renv_nwn_params('f', 16, lcb);
        renv e;
        cap_t c;
        env_open(&e, &c, &p);
        uint32_t ph[RENV_MAXLEN];
        for (int k = 0; k < 6; k++) {
            unsigned q = k & 1 ? 1u : 9u;
            unsigned hops[3] = {q, 17u + (unsigned)k, 33u};
            int h = k >= 3;
            int l = mk(ph, 0, 4000 + (unsigned)k, (unsigned)(k & 1), 5 + 9 * k, 1, 0, (unsigned)h,
                       hops, 0x2A5A5u);
            CHECK_EQ(route_one(&e, 0, ph, l), (int)q);
            CHECK_EQ(c.len, l);
            CHECK_U64(c.ph[1], nr_route_rotate(ph[1]));
            CHECK_EQ(nr_route_port(c.ph[1], 0), 17 + k);
            for (int i = 2; i < l - 1; i++) CHECK_U64(c.ph[i], ph[i]);
            CHECK_EQ(nr_eop_crc(c.ph[l - 1]), nr_pcrc(c.ph, l));
            CHECK(nr_eop_crc(c.ph[l - 1]) != nr_eop_crc(ph[l - 1]));
        }
        /* packets without a route phit are untouched */
        int l = mk(ph, 2, 9, 0, 20, 0, 0, 1, NULL, 0x1234);
        CHECK_EQ(route_one(&e, 2, ph, l), 9);
        CHECK(memcmp(c.ph, ph, sizeof(uint32_t) * (size_t)l) == 0);
        YT_DONE(&e);
    }
}

/* §9: per-port tables (cfg_tile = the port), broadcast, CFG_BAD, timing. */
static void test_cfg(void)
{
    nr_nwn_params p = renv_nwn_params('b', 16, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    uint32_t ph[RENV_MAXLEN];
    /* port 3's L2P: logical 5 -> physical 10 (through a top); other ports unchanged */
    cfg(&e, 0, 3, 0xC0 + 5, 0x40 | 10);
    int l = mk(ph, 3, 5, 0, 8, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 3, ph, l), 10);
    l = mk(ph, 4, 5, 0, 8, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 4, ph, l), 5);
    /* broadcast: every port's DLUT[6] = 12 (an up port); from an up port it
     * is UPUP */
    cfg(&e, 1, 0, 0x40 + 6, 0x40 | 12);
    l = mk(ph, 0, 6, 1, 8, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 0, ph, l), 12);
    l = mk(ph, 13, 6, 1, 8, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 13, ph, l), -NR_DROP_UPUP);
    /* adaptive up routing over UP_MASK: all scores 0, so the candidates in
     * turn from the adaptive pointer (§4.2) */
    cfg(&e, 0, 2, 0x03, (1u << 8) | (1u << 9) | (1u << 14));
    int want[5] = {8, 9, 14, 8, 9};
    for (int k = 0; k < 5; k++) {
        l = mk(ph, 2, 3000, (unsigned)(k & 1), 8, 0, 1, 0, NULL, 0);
        CHECK_EQ(route_one(&e, 2, ph, l), want[k]);
    }
    /* CFG_BAD: on the addressed port, on every port for a broadcast; a write
     * to a port >= NumPorts does nothing */
    uint64_t bad0 = e.cfg_bad;
    cfg(&e, 0, 7, 0x0C, 1); /* 0x05..0x0B: the FB registers, DET_VCS, DL_VC, UP_SEL, DOR_CTRL */
    CHECK_EQ(e.cfg_bad, bad0 + 1);
    CHECK_EQ((e.out.tev[7] >> NR_TEV_CFG_BAD) & 1u, 1);
    cfg(&e, 1, 0, 0x40 + 20, 0x41);
    CHECK_EQ(e.cfg_bad, bad0 + 17);
    cfg(&e, 0, 40, 0x00, 0);
    CHECK_EQ(e.cfg_bad, bad0 + 17);
    /* a write takes effect from the next cycle. Bare, a head entering in
     * cycle t is routed in t + 3: a write in t + 2 applies to it, one in
     * t + 3 does not. */
    for (int late = 0; late < 2; late++) {
        CHECK(renv_drain(&e, 10, 1000));
        cfg(&e, 1, 0, 0x40 + 1, 0x41); /* DLUT[1] valid (port 1) */
        l = mk(ph, 0, 1, 0, 8, 0, 0, 0, NULL, 0);
        uint64_t d0 = e.drops[0];
        int n0 = c.npkt;
        renv_send(&e, 0, ph, l); /* the head enters in the next step, t */
        renv_step(&e);
        renv_step(&e);
        if (late) renv_step(&e);
        cfg(&e, 1, 0, 0x40 + 1, 0x00); /* DLUT[1] invalid: in t + 2 or t + 3 */
        CHECK(renv_drain(&e, 10, 1000));
        CHECK_EQ(e.drops[0] - d0, late ? 0u : 1u);
        CHECK_EQ(c.npkt - n0, late ? 1 : 0);
    }
    CHECK_EQ(c.bad, 7); /* remapped and adaptive packets leave where dest does not say */
    YT_DONE(&e);
}

/* RT_DROP is raised in the RC cycle: 3 cycles after a bare head enters. */
static void drop_hook(renv *e, int stop)
{
    long *when = e->ctx;
    if (stop && ((e->out.tev[0] >> NR_TEV_RT_DROP) & 1u) && *when < 0) *when = (long)e->t;
}
static void test_drop_timing(void)
{
    nr_nwn_params p = renv_nwn_params('f', 16, 0);
    renv e;
    renv_init_nwn(&e, &p, NULL, 1, nr_test_seed);
    long when = -1;
    e.ctx = &when;
    e.timer = drop_hook;
    uint32_t ph[RENV_MAXLEN];
    int l = mk(ph, 0, 0, 0, 8, 0, 0, 0, NULL, 0);
    long t0 = (long)e.t;
    renv_send(&e, 0, ph, l);
    for (int i = 0; i < 20; i++) renv_step(&e);
    CHECK_EQ(when - t0, 3);
    CHECK_EQ(e.drop_reason[NR_DROP_SELF], 1);
    renv_free(&e);
}

/* Interface violations the model reports (nr_nwn_errors). */
static void test_errors(void)
{
    char buf[256];
    /* a bare sink that returns more credits than it got */
    nr_nwn_params p = renv_nwn_params('f', 16, 0);
    char err[200];
    nr_nwn *m = nr_nwn_new(&p, NULL, err, sizeof err);
    nr_rtr_in in;
    nr_rtr_out out;
    memset(&in, 0, sizeof in);
    in.out_cr[4][1] = 1;
    nr_nwn_eval(m, &in, &out);
    nr_nwn_tick(m);
    CHECK_EQ(nr_nwn_errors(m, buf, sizeof buf), 1);
    CHECK_STR(buf, "port 4");
    CHECK_STR(buf, "too many credits");
    nr_nwn_free(m);
    /* a bare sender that ignores its credits overflows the input queue: two
     * 64-phit packets use output 5's VC 0 credits (the sink returns none),
     * then an endless third one waits there and fills the queue of port 2 */
    m = nr_nwn_new(&p, NULL, err, sizeof err);
    memset(&in, 0, sizeof in);
    for (int t = 0; t < 600; t++) {
        int pos = t < 128 ? t % 64 : t - 128;
        in.in_valid[2] = 1;
        in.in_phit[2] = pos == 0                 ? nr_head_make(5, 0, 0, 0, 0)
                        : (t < 128 && pos == 63) ? nr_eop_make(NR_OK_HEALTHY, 0)
                                                 : nr_phit_make(NR_KIND_BODY, (uint32_t)t);
        nr_nwn_eval(m, &in, &out);
        nr_nwn_tick(m);
        if (t == 250) CHECK_EQ(nr_nwn_errors(m, buf, sizeof buf), 0);
    }
    CHECK(nr_nwn_errors(m, buf, sizeof buf) >= 1);
    CHECK_STR(buf, "port 2");
    CHECK_STR(buf, "overflow");
    nr_nwn_free(m);
    /* with LCBs: nothing to report on a quiet switch */
    p = renv_nwn_params('b', 16, 1);
    nr_lcb_cfg lc = renv_lcb_cfg();
    m = nr_nwn_new(&p, &lc, err, sizeof err);
    memset(&in, 0, sizeof in);
    for (int t = 0; t < 50; t++) {
        nr_nwn_eval(m, &in, &out);
        nr_nwn_tick(m);
    }
    CHECK_EQ(nr_nwn_errors(m, buf, sizeof buf), 0);
    nr_nwn_free(m);
}

/* Record what an IU routes (timer hook after each tick). */
typedef struct {
    cap_t cap; /* first: cap_pkt sees a cap_t */
    int port;  /* IU watched */
    int n;     /* routes recorded */
    int tgt[256], vc[256];
} watch_t;

static void watch_hook(renv *e, int stop)
{
    if (!stop) return;
    watch_t *w = e->ctx;
    const nr_iu *u = &renv_nwn(e)->iu[w->port];
    if (u->d_rc_vc >= 0 && !u->d_rcr.drop && w->n < 256) {
        w->tgt[w->n] = u->d_tgt;
        w->vc[w->n++] = u->d_rc_vc;
    }
}

/* §4.3: the adaptive choice of the top: the up-link with the most credits
 * for the packet's VC; ties to the first at or after the up pointer, which
 * moves past every adaptive choice and only then. */
static void test_adaptive_top(void)
{
    nr_nwn_params p = renv_nwn_params('f', 16, 0); /* R = 8, n = 2 */
    p.m = 4;                                       /* four tops */
    renv e;
    watch_t w;
    watch_open(&e, &w, sizeof w, &p, nr_test_seed, watch_hook);
    uint32_t ph[RENV_MAXLEN];
    /* all credits equal: the tops in turn, 0, 1, 2, 3, 0 ...; local turns
     * (to port 1) do not move the pointer */
    int expect_t = 0;
    for (int i = 0; i < 10; i++) {
        int q = i % 3 == 2 ? 1 : 2 + (i % 14);
        int l = mk(ph, 0, (unsigned)q, (unsigned)(i & 1), 8, 0, 1, 0, NULL, 0); /* a = 1 */
        CHECK_EQ(route_one(&e, 0, ph, l), q);
        CHECK_EQ(w.n, i + 1);
        if (q < 2) {
            CHECK_EQ(w.tgt[i], q);
        } else {
            CHECK_EQ(w.tgt[i], 2 + expect_t);
            expect_t = (expect_t + 1) % 4;
        }
        CHECK_EQ(renv_nwn(&e)->iu[0].up_ptr, expect_t);
    }
    /* nor does a SELF drop */
    int l = mk(ph, 0, 0, 0, 8, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 0, ph, l), -NR_DROP_SELF);
    CHECK_EQ(renv_nwn(&e)->iu[0].up_ptr, expect_t);

    /* Occupancy beats the pointer. Output 4's sink returns no VC 0 credits:
     * two 64-phit packets from port 1 (bottom 0) use its 128, the third
     * stays in the switch holding the buffers on its way (the down-link
     * buffer in bottom 2 and the up-link buffer in its top, 16 each). They
     * are deterministic (a = 0): one flow, one hashed top, and the up pointer
     * does not move. */
    e.snk[4].hold_mask = 1u;
    for (int i = 0; i < 3; i++) {
        l = mk(ph, 1, 4, 0, 64, 0, 0, 0, NULL, 0);
        renv_send(&e, 1, ph, l);
    }
    for (int t = 0; t < 400; t++) renv_step(&e);
    CHECK_EQ(w.cap.npkt, 12);
    const nr_swalloc *b0 = &renv_nwn(&e)->sw[0];
    int blocked_t = -1, zero = 0;
    for (int t = 0; t < 4; t++)
        if (b0->cc[(2 + t) * 2 + 0] == 0) {
            blocked_t = t;
            zero++;
        } else {
            CHECK_EQ(b0->cc[(2 + t) * 2 + 0], p.buf_depth);
        }
    CHECK_EQ(zero, 1);
    for (int t = 0; t < 4; t++) /* VC 1 is not affected */
        CHECK_EQ(b0->cc[(2 + t) * 2 + 1], p.buf_depth);
    /* port 0's VC 0 packets never take the blocked top, whatever the pointer */
    w.port = 0;
    w.n = 0;
    int seen[4] = {0};
    for (int i = 0; i < 8; i++) {
        int q = 6 + i;
        l = mk(ph, 0, (unsigned)q, 0, 8, 0, 1, 0, NULL, 0);
        CHECK_EQ(route_one(&e, 0, ph, l), q);
        CHECK(w.tgt[i] != 2 + blocked_t);
        seen[w.tgt[i] - 2]++;
    }
    int ref[4] = {0}, ptr = expect_t; /* the three others in turn from the pointer */
    for (int i = 0; i < 8; i++) {
        int t = ptr == blocked_t ? (ptr + 1) % 4 : ptr;
        ref[t]++;
        ptr = (t + 1) % 4;
    }
    for (int t = 0; t < 4; t++) CHECK_EQ(seen[t], ref[t]);
    /* ...while VC 1 packets still take every top in turn (all ties) */
    int took = 0;
    for (int i = 0; i < 8; i++) {
        l = mk(ph, 0, 6, 1, 8, 0, 1, 0, NULL, 0);
        CHECK_EQ(route_one(&e, 0, ph, l), 6);
        took += w.tgt[8 + i] == 2 + blocked_t;
    }
    CHECK_EQ(took, 2);
    e.snk[4].hold_mask = 0; /* the sink frees a credit per cycle: 64 before the start */
    CHECK(renv_drain(&e, 150, 5000));
    CHECK_EQ(w.cap.npkt, 12 + 8 + 8 + 1);
    CHECK_EQ(w.cap.bad, 0);
    YT_DONE(&e);
}

/* §4.3, a = 1 with TopChoice = 1: the seed's random top. The LFSR has the
 * full period; over it every top gets its share; in the model each adaptive
 * choice takes t = upd8(0, rnd << 6 | p) mod M of the IU's LFSR state and
 * steps it once, while fixed hops, drops and a = 0 packets leave it alone;
 * and the choice ignores credits (a blocked top is still chosen). */
static void test_random_top(void)
{
    /* the LFSR: period 65535 from the reset value, never 0 */
    unsigned r = NWN_RND_RESET;
    long period = 0;
    do {
        r = nwn_rnd_step(r);
        period++;
        CHECK(r != 0);
    } while (r != NWN_RND_RESET && period <= 70000);
    CHECK_EQ(period, 65535);
    /* every top's share over the period, for M = 4 and 6 and several ports */
    for (int M = 4; M <= 6; M += 2)
        for (int port = 0; port < 64; port += 21) {
            nwn_geom g;
            memset(&g, 0, sizeof g);
            g.M = M;
            long cnt[6] = {0};
            r = NWN_RND_RESET;
            for (long i = 0; i < 65535; i++) {
                cnt[nwn_top_random(&g, port, r)]++;
                r = nwn_rnd_step(r);
            }
            for (int t = 0; t < M; t++) /* mod 6 of a byte: 42 or 43 of 256 */
                CHECK(labs(cnt[t] * M - 65535) < 65535 / 20);
        }
    /* in the model */
    nr_nwn_params p = renv_nwn_params('f', 16, 0); /* R = 8, n = 2 */
    p.m = 4;
    p.top_choice = 1;
    renv e;
    watch_t w;
    watch_open(&e, &w, sizeof w, &p, nr_test_seed, watch_hook);
    uint32_t ph[RENV_MAXLEN];
    nwn_geom g;
    memset(&g, 0, sizeof g);
    g.M = 4;
    unsigned rnd = NWN_RND_RESET;
    int seen[4] = {0}, nch = 0;
    for (int i = 0; i < 40; i++) {
        /* every fifth a local turn (fixed), every seventh deterministic */
        int q = i % 5 == 4 ? 1 : 2 + (i % 14);
        int a = i % 7 != 6;
        int l = mk(ph, 0, (unsigned)q, (unsigned)(i & 1), 8, 0, (unsigned)a, 0, NULL, 0);
        CHECK_EQ(route_one(&e, 0, ph, l), q);
        if (q >= 2 && a) {
            int t = nwn_top_random(&g, 0, rnd);
            CHECK_EQ(w.tgt[i], 2 + t);
            seen[t]++;
            nch++;
            rnd = nwn_rnd_step(rnd);
        }
        CHECK_EQ(renv_nwn(&e)->iu[0].up_ptr ^ NWN_RND_RESET, rnd); /* steps only then */
    }
    CHECK(nch > 20);
    for (int t = 0; t < 4; t++) CHECK(seen[t] > 0);
    int l = mk(ph, 0, 0, 0, 8, 0, 1, 0, NULL, 0); /* nor does a SELF drop */
    CHECK_EQ(route_one(&e, 0, ph, l), -NR_DROP_SELF);
    CHECK_EQ(renv_nwn(&e)->iu[0].up_ptr ^ NWN_RND_RESET, rnd);
    CHECK(renv_drain(&e, 150, 5000));
    CHECK_EQ(w.cap.bad, 0);
    YT_DONE(&e);
    /* bad values */
    char err[200];
    p.top_choice = 2;
    CHECK(nr_nwn_new(&p, NULL, err, sizeof err) == NULL);
    CHECK_STR(err, "TopChoice");
    p.top_choice = 0;
    p.top_speedup = 3;
    CHECK(nr_nwn_new(&p, NULL, err, sizeof err) == NULL);
    CHECK_STR(err, "TopSpeedup");
    p = renv_nwn_params('b', 16, 0);
    p.top_speedup = 2;
    CHECK(nr_nwn_new(&p, NULL, err, sizeof err) == NULL);
    CHECK_STR(err, "bb's tops");
}

/* §6 with TopSpeedup = 2 (the seed's isu2, every crossbar): a top input may
 * send on two VCs in one cycle; with 1 it never does. Counted over a busy
 * random run of fc-isu2 at k = 16. */
static void test_top_speedup(void)
{
    for (int S = 1; S <= 2; S++) {
        nr_nwn_params p = renv_nwn_params('f', 16, 0);
        p.speedup = 2;
        p.top_speedup = S;
        p.port.num_vcs = 4;
        p.port.use_lcb = 0;
        renv e;
        renv_init_nwn(&e, &p, NULL, 1, nr_test_seed);
        uint32_t ph[RENV_MAXLEN];
        nr_rng_t rng;
        nr_rng_seed(&rng, nr_test_seed);
        int dual = 0;
        for (int t = 0; t < 3000; t++) {
            for (int s = 0; s < 16; s++)
                if (nr_rng_u32(&rng) % 4 == 0 && renv_src_backlog(&e, s) < 8) {
                    int q = (int)(nr_rng_u32(&rng) % 16);
                    if (q / 2 == s / 2) q = (q + 2) % 16; /* through a top */
                    int l =
                        mk(ph, (unsigned)s, (unsigned)q, nr_rng_u32(&rng) % 4, 4, 0, 1, 0, NULL, 0);
                    renv_send(&e, s, ph, l);
                }
            renv_step(&e);
            for (int top = 8; top < 10; top++) {
                const nr_swalloc *a = &renv_nwn(&e)->sw[top];
                for (int i = 0; i < a->nin; i++) {
                    int pops = 0;
                    for (uint64_t m = a->d_mask; m; m &= m - 1)
                        pops += a->d_src[__builtin_ctzll(m)] == i;
                    CHECK(pops <= S);
                    dual += pops == 2;
                }
            }
        }
        if (S == 1)
            CHECK_EQ(dual, 0);
        else
            CHECK(dual > 0);
        CHECK(renv_drain(&e, 150, 20000));
        YT_DONE(&e);
    }
}

/* §4.3, a = 0: the flow's top is upd8(0, (dest << 6 | p) ^ hash) mod M, the
 * same for every packet of the flow, and the up pointer does not move. */
static void test_hashed_top(void)
{
    nr_nwn_params p = renv_nwn_params('f', 16, 0); /* R = 8, n = 2 */
    p.m = 4;
    renv e;
    watch_t w;
    watch_open(&e, &w, sizeof w, &p, nr_test_seed, watch_hook);
    uint32_t ph[RENV_MAXLEN];
    int n = 0;
    for (int src = 0; src < 4; src++)
        for (unsigned q = 4; q < 16; q += 3)
            for (int h = 0; h < 2; h++)
                for (int rep = 0; rep < 2; rep++) { /* the same flow twice */
                    uint32_t hash = h ? 0x2A5C3u + q : 0;
                    w.port = src;
                    int before = w.n;
                    int l = mk(ph, (unsigned)src, q, 0, 8, 0, 0, (unsigned)h, NULL, hash);
                    CHECK_EQ(route_one(&e, src, ph, l), (int)q);
                    CHECK_EQ(w.n, before + 1);
                    uint32_t key = ((q << 6 | (unsigned)src) ^ hash) & 0x3FFFFFu;
                    int t = nr_crc8_bits(0, key, 22) % 4;
                    CHECK_EQ(w.tgt[w.n - 1], 2 + t);
                    CHECK_EQ(renv_nwn(&e)->iu[src].up_ptr, 0);
                    n++;
                }
    CHECK_EQ(n, 64);
    CHECK(renv_drain(&e, 150, 5000));
    YT_DONE(&e);
    /* bit complement at k = 64 (fc, R = 16, M = 4): dest ^ p is the same for
     * every flow, but the hash of (dest << 6 | p) spreads them over the tops */
    nr_nwn_params p64 = renv_nwn_params('f', 64, 0);
    nwn_geom g;
    nwn_geom_of(&p64, &g);
    int per_top[16] = {0};
    for (int src = 0; src < 64; src++) {
        int q = 63 - src;
        per_top[nwn_top_hash(&g, src, (unsigned)q, 0)]++;
    }
    for (int t = 0; t < g.M; t++) CHECK(per_top[t] >= 8); /* 64 flows over 4 tops: none starved */
}

/* §6.3 end to end: pops per input and cycle, every IU and every buffered
 * input of every subswitch (S of a bottom, 1 of a top); reads per cycle. */
typedef struct {
    cap_t cap;
    long max_iu, max_buf_bottom, max_buf_top; /* most pops seen in one cycle */
    long dual_iu, dual_buf, dual_rd, same_vc;
} pops_t;

static void pops_hook(renv *e, int stop)
{
    if (!stop) return;
    pops_t *w = e->ctx;
    const nr_nwn *m = renv_nwn(e);
    for (int p = 0; p < e->n; p++) {
        const nr_iu *u = &m->iu[p];
        long n = __builtin_popcount(u->d_pop);
        if (n > w->max_iu) w->max_iu = n;
        w->dual_iu += n == 2;
        w->dual_rd += u->d_rd[1] >= 0;
        w->same_vc += u->d_rd[1] >= 0 && u->d_rd[1] == u->d_rd[0];
    }
    for (int s = 0; s < m->g.nsw; s++) {
        const nr_swalloc *a = &m->sw[s];
        int cnt[NR_SW_MAX_IO] = {0};
        for (uint64_t mk = a->d_mask; mk; mk &= mk - 1) {
            int j = __builtin_ctzll(mk), i = a->d_src[j];
            if ((a->iu_in >> i) & 1u) continue;
            cnt[i]++;
        }
        for (int i = 0; i < a->nin; i++) {
            long *mx = nwn_is_bottom(&m->g, s) ? &w->max_buf_bottom : &w->max_buf_top;
            if (cnt[i] > *mx) *mx = cnt[i];
            w->dual_buf += cnt[i] == 2;
        }
    }
}

static void pops_run(char org, int k, int S, int nvc, int lcb, pops_t *w)
{
    nr_nwn_params p = renv_nwn_params(org, k, lcb);
    p.speedup = S;
    p.port.num_vcs = nvc;
    renv e;
    watch_open(&e, w, sizeof *w, &p, nr_test_seed + (uint64_t)(S * 10 + nvc), pops_hook);
    for (int q = 0; q < k; q++) e.snk[q].bp = 0.1;
    nr_rng_t r;
    nr_rng_seed(&r, nr_test_seed + 9);
    uint32_t ph[RENV_MAXLEN];
    long sent = 0;
    for (int t = 0; t < 3000; t++) {
        for (int s = 0; s < k; s++) {
            if (renv_src_backlog(&e, s) > 40) continue;
            int q = (int)nr_rng_below(&r, (uint64_t)k);
            if (ref_subswitches(&p, s, q) == 0) continue;
            int l = mk(ph, (unsigned)s, (unsigned)q, (unsigned)nr_rng_below(&r, (uint64_t)nvc),
                       4 + (int)nr_rng_below(&r, 20), 0, 0, 0, NULL, 0);
            renv_send(&e, s, ph, l);
            sent++;
        }
        renv_step(&e);
    }
    CHECK(renv_drain(&e, 50, 100000));
    CHECK_EQ(w->cap.npkt, sent);
    CHECK_EQ(w->cap.bad, 0);
    YT_DONE(&e);
}

static void test_pops_per_cycle(void)
{
    const char orgs[] = {'c', 'f', 'b'};
    pops_t w;
    for (int o = 0; o < 3; o++) {
        /* Speedup 1: at most one pop per input per cycle, everywhere */
        pops_run(orgs[o], 16, 1, 2, 0, &w);
        CHECK_EQ(w.max_iu, 1);
        CHECK(w.max_buf_bottom <= 1 && w.max_buf_top <= 1);
        CHECK_EQ(w.dual_rd, 0);
        pops_run(orgs[o], 16, 1, 4, 0, &w);
        CHECK_EQ(w.max_iu, 1);
        CHECK(w.max_buf_bottom <= 1 && w.max_buf_top <= 1);
        /* Speedup 2: two reads and two pops per input in one cycle, on
         * different VCs; the tops keep S = 1 */
        for (int nvc = 2; nvc <= 4; nvc += 2)
            for (int lcb = 0; lcb < 2; lcb++) {
                pops_run(orgs[o], 16, 2, nvc, lcb, &w);
                CHECK_EQ(w.max_iu, 2);
                CHECK(w.dual_iu > 100);
                CHECK(w.dual_rd > 100);
                CHECK_EQ(w.same_vc, 0);
                CHECK(w.max_buf_top <= 1);
                CHECK(w.max_buf_bottom <= 2);
                if (orgs[o] != 'c') CHECK(w.dual_buf > 10); /* down-link inputs of the bottoms */
            }
    }
}

/* Speedup 2 keeps the zero-load latency (§8). */
static void test_speedup2_latency(void)
{
    for (int lcb = 0; lcb < 2; lcb++) {
        nr_nwn_params p = renv_nwn_params('f', 16, lcb);
        p.speedup = 2;
        renv e;
        cap_t c;
        env_open(&e, &c, &p);
        uint32_t ph[RENV_MAXLEN];
        int pairs[2][2] = {{0, 1}, {0, 9}};
        for (int k = 0; k < 2; k++) {
            int l = mk(ph, (unsigned)pairs[k][0], (unsigned)pairs[k][1], 0, 30, 0, 0, 0, NULL, 0);
            CHECK_EQ(route_one(&e, pairs[k][0], ph, l), pairs[k][1]);
            CHECK_EQ(c.t_out - c.t_in, (lcb ? 6 : 4) + (k ? 2 * p.chan_lat : 0));
        }
        YT_DONE(&e);
    }
}

/* The bare port's second read port (link-protocol §8.4 in nr_port_bare): two
 * VCs read in one cycle, each on its own port; misuse reported. */
static void test_bport_rd2(void)
{
    nr_port_bare b;
    char err[160];
    CHECK_EQ(nr_port_bare_init(&b, 2, 16, 4), 0);
    uint32_t pk[2][3] = {
        {nr_head_make(1, 0, 0, 0, 0), nr_phit_make(NR_KIND_BODY, 5), nr_eop_make(NR_OK_HEALTHY, 1)},
        {nr_head_make(2, 1, 0, 0, 0), nr_phit_make(NR_KIND_BODY, 6),
         nr_eop_make(NR_OK_HEALTHY, 2)}};
    int8_t none[2] = {-1, -1};
    for (int v = 0; v < 2; v++)
        for (int i = 0; i < 3; i++) {
            CHECK_EQ(nr_port_bare_eval(&b, none, 1, pk[v][i], 0, 0u, NULL, err, sizeof err), 0);
            nr_port_bare_commit(&b);
        }
    CHECK_EQ(nr_port_bare_rd_avail(&b), 3u);
    uint32_t cr[2] = {0, 0};
    for (int i = 0; i < 3; i++) {
        int8_t rd[2] = {(int8_t)(i & 1), (int8_t)(1 - (i & 1))}; /* both VCs, ports swapped */
        CHECK_EQ(nr_port_bare_eval(&b, rd, 0, 0, 0, 0u, NULL, err, sizeof err), 0);
        cr[0] += b.d_cr[0];
        cr[1] += b.d_cr[1];
        nr_port_bare_commit(&b);
        CHECK_EQ(b.rd_valid[0], 1);
        CHECK_EQ(b.rd_valid[1], 1);
        CHECK_U64(b.rd_phit[0], pk[i & 1][i]);
        CHECK_U64(b.rd_phit[1], pk[1 - (i & 1)][i]);
    }
    CHECK_EQ(cr[0], 3u); /* every phit of a finished packet frees its credit */
    CHECK_EQ(cr[1], 3u);
    CHECK_EQ(nr_port_bare_rd_avail(&b), 0u);
    for (int i = 0; i < 3; i++) { /* one more packet on VC 0 */
        CHECK_EQ(nr_port_bare_eval(&b, none, 1, pk[0][i], 0, 0u, NULL, err, sizeof err), 0);
        nr_port_bare_commit(&b);
    }
    int8_t same[2] = {0, 0}, empty[2] = {0, 1};
    CHECK_EQ(nr_port_bare_eval(&b, same, 0, 0, 0, 0u, NULL, err, sizeof err), 1);
    CHECK_STR(err, "both read ports");
    CHECK_EQ(nr_port_bare_eval(&b, empty, 0, 0, 0, 0u, NULL, err, sizeof err), 1);
    CHECK_STR(err, "rd_avail is 0");
    nr_port_bare_release(&b);
}

/* nr_rtr_ops.rest (nwn.c, "at rest") decides what evaluation would: cn,
 * fc and bb, bare, two VCs, with idle sinks and with sinks that hold
 * credits (so packets wait inside the switch, in the buffers of a
 * subswitch, while every input unit is idle). */
static void test_rest(void)
{
    const char orgs[] = {'c', 'f', 'b'};
    for (int o = 0; o < 3; o++)
        for (int bp = 0; bp < 2; bp++) {
            nr_nwn_params p = renv_nwn_params(orgs[o], 16, 0);
            p.port.in_buf_per_vc = 64; /* a head needs every credit: outputs block */
            renv a, b;
            renv_init_nwn(&a, &p, NULL, 1, 77 + (uint64_t)o);
            renv_init_nwn(&b, &p, NULL, 1, 77 + (uint64_t)o);
            yt_rest_lockstep(&a, &b, bp ? 0.99 : 0.0, 20000, 5 + (uint64_t)o);
            renv_free(&a);
            renv_free(&b);
        }
}

int main(void)
{
    NR_TEST_BEGIN("test_nwn_model", 20261123);
    test_params();
    test_pure();
    test_accept_rule();
    test_grant_rules();
    test_port_fair();
    test_held_inputs();
    test_latency();
    test_routing_all();
    test_drops();
    test_adaptive_top();
    test_hashed_top();
    test_random_top();
    test_top_speedup();
    test_small_buffers();
    test_vc_independence();
    test_vct();
    test_source_route();
    test_cfg();
    test_drop_timing();
    test_errors();
    test_bport_rd2();
    test_pops_per_cycle();
    test_speedup2_latency();
    test_rest();
    NR_TEST_END("test_nwn_model");
}
