/* test_yarc_model.c - directed tests of the YARC C model (docs/yarc-arch.md):
 * parameter rules, the pure routing functions, zero-load latency against the
 * §8 stage table, every routing mode of §5 end to end through the
 * configuration port (§9), every DROP reason with its event, source-route
 * rotation with the CRC repair of §4.3, CFG_BAD, and seed 003's root-detect
 * example converted to our ROOT_MASK sense. */
#include "nr_crc.h"
#include "yarc_priv.h"
#include "renv_test.h"

static void env_open(renv *e, cap_t *c, const nr_yarc_params *p)
{
    renv_init(e, p, NULL, 1, nr_test_seed);
    cap_attach(e, c);
}

/* ---------------------------------------------------------------------- */

static void test_params(void)
{
    char err[200];
    nr_yarc_params p = renv_params(8, 8, 0);
    nr_yarc *m = nr_yarc_new(&p, NULL, err, sizeof err);
    CHECK(m != NULL);
    nr_yarc_free(m);
    struct {
        const char *field;
        int *f;
        int bad;
        const char *msg;
    } cases[] = {
        {"rows", &p.rows, 3, "Rows"},
        {"rows", &p.rows, 16, "Rows"},
        {"cols", &p.cols, 1, "Cols"},
        {"vcs", &p.port.num_vcs, 5, "NumVcs"},
        {"inbuf", &p.port.in_buf_per_vc, 63, "InBufPerVc"}, /* < MaxPktLen */
        {"inbuf", &p.port.in_buf_per_vc, 1024, "InBufPerVc"},
        {"rowdepth", &p.row_buf_depth, 2, "RowBufDepth"}, /* < 2*RowBusLat */
        {"rowdepth", &p.row_buf_depth, 6, "RowBufDepth"}, /* not a power of two */
        {"coldepth", &p.col_buf_depth, 3, "ColBufDepth"},
        {"rowlat", &p.row_bus_lat, 5, "RowBusLat"},
        {"collat", &p.col_lat, 0, "ColLat"},
        {"maxpkt", &p.port.max_pkt_len, 1, "MaxPktLen"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nr_yarc_params q = renv_params(8, 8, 0);
        p = q;
        *cases[i].f = cases[i].bad;
        err[0] = 0;
        m = nr_yarc_new(&p, NULL, err, sizeof err);
        CHECK(m == NULL);
        CHECK_STR(err, cases[i].msg);
    }
    /* with LCBs the run-time configuration is required */
    p = renv_params(4, 4, 1);
    CHECK(nr_yarc_new(&p, NULL, err, sizeof err) == NULL);
    CHECK_STR(err, "lcfg");
    /* the legal minimum depths are accepted */
    p = renv_params(2, 2, 0);
    p.row_bus_lat = 1;
    p.row_buf_depth = 2;
    p.col_lat = 4;
    p.col_buf_depth = 8;
    m = nr_yarc_new(&p, NULL, err, sizeof err);
    CHECK(m != NULL);
    nr_yarc_free(m);
}

/* Pure functions of §5 and §4.3. */
static void test_pure(void)
{
    /* fold: XOR of n-bit chunks from bit 0, last chunk zero-padded. Against
     * the bit-wise form fold[b mod n] ^= key[b]. */
    nr_rng_t r;
    nr_rng_seed(&r, nr_test_seed);
    for (int n = 2; n <= 6; n++)
        for (int i = 0; i < 2000; i++) {
            uint32_t key = (uint32_t)nr_rng_u64(&r) & 0x3FFFFFu;
            unsigned ref = 0;
            for (int b = 0; b < 22; b++) ref ^= ((key >> b) & 1u) << (b % n);
            CHECK_EQ(nr_route_fold(key, n), ref);
        }
    /* n = 6: chunks 5:0, 11:6, 17:12, then bits 21:18 padded */
    CHECK_EQ(nr_route_fold(0x3C0000u, 6), 0x0Fu);
    CHECK_EQ(nr_route_fold(0x000041u, 6), 0x00u); /* 1 ^ 1 */
    CHECK_EQ(nr_route_fold(0x3FFFFFu, 6), 0x30u); /* 3F ^ 3F ^ 3F ^ 0F */
    CHECK_EQ(nr_route_fold(0x3FFFFFu, 4), 0xCu);  /* five F nibbles, then 0x3 */

    /* adaptive pick: highest score; ties to the first at/after ptr */
    int score[64] = {0};
    score[3] = 5;
    score[9] = 5;
    score[12] = 2;
    uint64_t cand = (1ull << 3) | (1ull << 9) | (1ull << 12);
    CHECK_EQ(sw_max_pick(cand, score, 0, 16), 3);
    CHECK_EQ(sw_max_pick(cand, score, 4, 16), 9);
    CHECK_EQ(sw_max_pick(cand, score, 10, 16), 3); /* wraps past 15 */
    CHECK_EQ(sw_max_pick(cand, score, 9, 16), 9);
    score[12] = 6;
    CHECK_EQ(sw_max_pick(cand, score, 4, 16), 12);
    CHECK_EQ(sw_max_pick(0, score, 4, 16), -1);
    /* round robin */
    CHECK_EQ(sw_rr_pick(0x5, 0), 0);
    CHECK_EQ(sw_rr_pick(0x5, 1), 2);
    CHECK_EQ(sw_rr_pick(0x5, 3), 0);
    CHECK_EQ(sw_rr_pick(0, 3), -1);
    CHECK_EQ(sw_rr_pick(1ull << 63, 5), 63);

    /* rotation: {d[15:0], d[21:16]}, kind kept */
    unsigned hops[3] = {7, 9, 11};
    uint32_t rt = nr_route_make(hops, 3);
    uint32_t rot = nr_route_rotate(rt);
    CHECK_EQ(nr_phit_kind(rot), NR_KIND_BODY);
    CHECK_U64(nr_phit_data(rot), (9u << 16) | (11u << 10) | 7u);
    CHECK_EQ(nr_route_port(rot, 0), 9);
    CHECK_U64(nr_route_rotate(0x3F0000u), 0x00003Fu);

    /* configuration address map */
    CHECK(nr_route_cfg_addr_ok(0x00, 16, 0));
    CHECK(nr_route_cfg_addr_ok(0x04, 16, 0));
    CHECK(nr_route_cfg_addr_ok(0x0B, 16, 0)); /* FB_CTRL .. FB_CHARGE, DET_VCS, DL_VC, UP_SEL,
                                                 DOR_CTRL */
    CHECK(!nr_route_cfg_addr_ok(0x0C, 16, 0));
    CHECK(!nr_route_cfg_addr_ok(0x3F, 64, 0));
    CHECK(nr_route_cfg_addr_ok(0x4F, 16, 0));
    CHECK(!nr_route_cfg_addr_ok(0x50, 16, 0));
    CHECK(nr_route_cfg_addr_ok(0xFF, 64, 0));
    CHECK(!nr_route_cfg_addr_ok(0xC0 + 32, 32, 0));
    /* the side table (yarc-arch §5 step 3a) exists only with SideTab = 1 */
    CHECK(!nr_route_cfg_addr_ok(0x10, 16, 0));
    CHECK(!nr_route_cfg_addr_ok(0x1F, 16, 0));
    CHECK(nr_route_cfg_addr_ok(0x10, 16, 1));
    CHECK(nr_route_cfg_addr_ok(0x1F, 16, 1));
    CHECK(!nr_route_cfg_addr_ok(0x20, 16, 1));
    CHECK(!nr_route_cfg_addr_ok(0x0F, 16, 1));

    /* reset tables: single-router mode */
    nr_route_tables t;
    nr_route_reset(&t, 16);
    CHECK_EQ(t.root_mask, 0x7FF0);
    CHECK_EQ(t.dlut[5], 0x45);
    CHECK_EQ(t.ulut[5], 0);
    CHECK_EQ(t.l2p[15], 0x4F);
}

/* §8: zero-load latency, head in to head out, and a gap-free packet. */
static void latency_case(int rows, int cols, int lcb, int lr, int lc, int len)
{
    nr_yarc_params p = renv_params(rows, cols, lcb);
    p.row_bus_lat = lr;
    p.col_lat = lc;
    p.row_buf_depth = lr > 2 ? 8 : 4;
    p.col_buf_depth = lc > 2 ? 8 : 4;
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    int n = rows * cols;
    uint32_t ph[RENV_MAXLEN];
    for (int k = 0; k < 3; k++) {
        int src = (k * 7 + 1) % n, dst = (k * 5 + n - 1) % n;
        int l = mk(ph, (unsigned)src, (unsigned)dst, (unsigned)(k & 1), len, 0, 0, 0, NULL, 0);
        for (int i = 0; i < 40; i++) renv_step(&e);
        yt_zero_load(&e, src, ph, l, dst, (lcb ? 6 : 4) + lr + lc, 200);
    }
    YT_DONE(&e);
}

static void test_latency(void)
{
    /* default parameters: 6 + RowBusLat + ColLat = 10 with LCBs (§8 table),
     * 4 + RowBusLat + ColLat = 8 bare (no LCB RX register, no link_tx register) */
    latency_case(8, 8, 1, 2, 2, 4);
    latency_case(8, 8, 1, 2, 2, 64);
    latency_case(8, 8, 0, 2, 2, 19);
    latency_case(4, 4, 0, 1, 1, 4);
    latency_case(4, 4, 0, 4, 3, 64);
    latency_case(4, 8, 1, 1, 4, 19);
    latency_case(2, 4, 0, 3, 1, 4);
}

/* §5 reset values: single-router mode. */
static void test_single_router(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    uint32_t ph[RENV_MAXLEN];
    for (int src = 0; src < 16; src += 5)
        for (int dst = 0; dst < 16; dst++) {
            int l = mk(ph, (unsigned)src, (unsigned)dst, (unsigned)(dst & 1), 5, 0, 0, 0, NULL, 0);
            CHECK_EQ(route_one(&e, src, ph, l), dst);
        }
    /* destinations >= NumPorts are "up" and unroutable: NO_ROUTE */
    int l = mk(ph, 3, 16, 0, 4, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 3, ph, l), -NR_DROP_NO_ROUTE);
    l = mk(ph, 3, 0x7FFF, 1, 4, 0, 1, 0, NULL, 0); /* adaptive, no candidates */
    CHECK_EQ(route_one(&e, 3, ph, l), -NR_DROP_NO_ROUTE);
    l = mk(ph, 3, 40, 1, 5, 0, 0, 1, NULL, 0x1234); /* hashed, ULUT invalid */
    CHECK_EQ(route_one(&e, 3, ph, l), -NR_DROP_NO_ROUTE);
    /* dropped packets return their input-queue credits */
    renv_drain(&e, 20, 1000);
    for (int v = 0; v < 2; v++) CHECK_EQ(e.src[3].vct.cred[v], 128);
    CHECK_EQ(e.drop_reason[NR_DROP_NO_ROUTE], 3);
    YT_DONE(&e);
}

/* §5 step 3: root detect / mask, DOWN_SHIFT, DLUT. */
static void test_down_routing(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    cfg(&e, 1, 0, 0x00, 0x7F00); /* ROOT_MASK */
    cfg(&e, 1, 0, 0x01, 0x0300); /* ROOT_DETECT: dests 0x300..0x3FF are below */
    cfg(&e, 1, 0, 0x02, 2);      /* DOWN_SHIFT */
    for (int i = 0; i < 16; i++) /* DLUT[i] = 15 - i, except 6 invalid */
        cfg(&e, 1, 0, 0x40 + i, i == 6 ? 0x00 : 0x40u | (unsigned)(15 - i));
    uint32_t ph[RENV_MAXLEN];
    for (unsigned dest = 0x300; dest < 0x400; dest += 7) {
        unsigned i = (dest >> 2) % 16;
        int l = mk(ph, 5, dest, dest & 1, 6, 0, dest & 2 ? 1 : 0, 0, NULL, 0);
        int expect = i == 6 ? -NR_DROP_NO_ROUTE : (int)(15 - i);
        CHECK_EQ(route_one(&e, 5, ph, l), expect);
    }
    /* not below this root: up, and the ULUT is invalid */
    int l = mk(ph, 5, 0x200, 0, 6, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 5, ph, l), -NR_DROP_NO_ROUTE);
    /* only the addressed tile changes */
    cfg(&e, 0, 9, 0x01, 0x0200);
    CHECK_EQ(route_one(&e, 9, ph, l), 15 - (int)((0x200 >> 2) % 16));
    CHECK_EQ(route_one(&e, 5, ph, l), -NR_DROP_NO_ROUTE);
    YT_DONE(&e);
}

/* §5 step 3 with DL_VC (0x09): a down route leaves on VC (vc & ~1) | the
 * DLUT entry's v (bit 7), the head rewritten and its CRC repaired; with
 * DL_VC = 0 the v bits change nothing. */
static void test_dl_vc(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    cfg(&e, 1, 0, 0x40 + 5, 0xC5); /* DLUT[5] = {v 1, port 5} */
    cfg(&e, 1, 0, 0x40 + 6, 0x46); /* DLUT[6] = {v 0, port 6} */
    const struct {
        int on;
        unsigned dest, vc, want;
    } cs[] = {{0, 5, 0, 0}, {0, 6, 1, 1}, {1, 5, 0, 1}, {1, 5, 1, 1}, {1, 6, 1, 0}, {1, 6, 0, 0}};
    uint32_t ph[RENV_MAXLEN], want[RENV_MAXLEN];
    for (size_t k = 0; k < sizeof cs / sizeof cs[0]; k++) {
        cfg(&e, 1, 0, 0x09, (uint32_t)cs[k].on);
        int l = mk(ph, 2, cs[k].dest, cs[k].vc, 7, 0, 0, 0, NULL, 0);
        CHECK_EQ(route_one(&e, 2, ph, l), (int)cs[k].dest);
        memcpy(want, ph, sizeof(uint32_t) * (size_t)l); /* the same packet on VC want */
        want[0] = nr_head_set_vc(ph[0], cs[k].want);
        nr_pkt_fix_crc(want, l);
        CHECK_EQ(c.len, l);
        CHECK(memcmp(c.ph, want, sizeof(uint32_t) * (size_t)l) == 0);
    }
    YT_DONE(&e);
}

/* §5 step 3d: DOR_CTRL's entry from the coordinates, worked by hand from
 * the document. A 4 x 4 torus of 2 nodes per router (kbits 2, dims 2,
 * cbits 1: ports 2, 3 dimension 0's + and -, 4, 5 dimension 1's), seen from
 * router 6 = (2, 1); a node is router * 2 + terminal. DL_VC on, head VC 0:
 * the output VC is v. */
static void test_dor_ctrl(void)
{
    nr_route_tables t;
    nr_route_reset(&t, 16);
    t.root_mask = 0;
    t.dl_vc = 1;
    nr_route_cfg_write(&t, 16, 0x06, 6);                                          /* FB_ME */
    nr_route_cfg_write(&t, 16, 0x0B, 0xE000u | 1 | 2 | 2 << 2 | 2 << 5 | 1 << 8); /* wrap */
    CHECK_EQ(t.dor_ctrl, 0x14B);                                                  /* bits 12:0 */
    nr_route_ctx ctx = {.nports = 16, .nbits = 4, .nvcs = 2, .cols = 4, .port = 0};
    const struct {
        unsigned dest;
        int q, w;
    } cs[] = {
        {13, 1, 1}, /* router 6 itself: terminal 1, v 1 */
        {14, 2, 1}, /* (3, 1): one hop +, no dateline ahead */
        {8, 2, 0},  /* (0, 1): two hops either way, the tie +, across 3 -> 0 */
        {10, 3, 1}, /* (1, 1): one hop - */
        {4, 5, 1},  /* (2, 0): dimension 1, one hop - */
        {28, 4, 1}, /* (2, 3): dimension 1, the tie + */
        {24, 2, 0}, /* (0, 3): dimension 0 first */
    };
    uint32_t ph[RENV_MAXLEN];
    for (size_t k = 0; k < sizeof cs / sizeof cs[0]; k++) {
        mk(ph, 0, cs[k].dest, 0, 4, 0, 0, 0, NULL, 0);
        nr_route_res r = nr_route_lookup(&t, &ctx, ph[0], 0, 0, NULL, 0);
        CHECK_EQ(r.drop, 0);
        CHECK_EQ(r.q, cs[k].q);
        CHECK_EQ(r.w, cs[k].w);
    }
    /* the mesh (wrap 0): (0, 1) is behind, -; DOR_CTRL off: DLUT[8] = 8 */
    mk(ph, 0, 8, 0, 4, 0, 0, 0, NULL, 0);
    nr_route_cfg_write(&t, 16, 0x0B, 1 | 2 << 2 | 2 << 5 | 1 << 8);
    CHECK_EQ(nr_route_lookup(&t, &ctx, ph[0], 0, 0, NULL, 0).q, 3);
    nr_route_cfg_write(&t, 16, 0x0B, 0);
    CHECK_EQ(nr_route_lookup(&t, &ctx, ph[0], 0, 0, NULL, 0).q, 8);
    /* a port past 63 (C = 64, dimension 0's +) is an invalid entry */
    nr_route_cfg_write(&t, 16, 0x06, 0);
    nr_route_cfg_write(&t, 16, 0x0B, 1 | 1 << 2 | 1 << 5 | 6 << 8);
    mk(ph, 0, 64, 0, 4, 0, 0, 0, NULL, 0);
    nr_route_res r = nr_route_lookup(&t, &ctx, ph[0], 0, 0, NULL, 0);
    CHECK_EQ(r.drop, 1);
    CHECK_EQ(r.reason, NR_DROP_NO_ROUTE);
}

/* §5 step 3e: DOR_CTRL's adapt (docs/network.md "Topology: torus and mesh", adaptive), worked
 * by hand on test_dor_ctrl's torus from router 6 = (2, 1), InBufPerVc 8:
 * a candidate (port, VC) needs its full credits and no claim (seq). */
static int adapt_q(const nr_route_tables *t, nr_route_ctx *ctx, unsigned dest, unsigned vc,
                   unsigned a, const nr_pview *pv, int (*seq)[NR_SW_MAX_VCS], int *w)
{
    uint32_t ph[RENV_MAXLEN];
    mk(ph, 0, dest, vc, 4, 0, a, 0, NULL, 0);
    const nr_fb_in fb = {pv, (const int(*)[NR_SW_MAX_VCS])seq, 0, {0, 0}, NULL};
    nr_route_res r = nr_route_fb(t, ctx, ph[0], 0, 0, NULL, 0, &fb);
    CHECK_EQ(r.drop, 0);
    *w = r.w;
    return r.q;
}
static void test_dor_adapt(void)
{
    nr_route_tables t;
    nr_route_reset(&t, 16);
    t.root_mask = 0;
    nr_route_cfg_write(&t, 16, 0x06, 6);
    nr_route_cfg_write(&t, 16, 0x0B, 1 | 2 | 2 << 2 | 2 << 5 | 1 << 8 | 1 << 11);
    CHECK_EQ(t.dor_ctrl, 0x94B);
    nr_route_ctx ctx = {.nports = 16, .nbits = 4, .nvcs = 4, .cols = 4, .port = 0, .inbuf = 8};
    nr_pview pv[16];
    int seq[NR_MAX_PORTS][NR_SW_MAX_VCS], w;
    memset(pv, 0, sizeof pv);
    memset(seq, 0, sizeof seq);
    for (int q = 0; q < 16; q++)
        for (int v = 0; v < 4; v++) pv[q].cr[v] = 8;
    /* node 30 at (3, 3): dimension 0 + (port 2), dimension 1 the tie + (port 4) */
    CHECK_EQ(adapt_q(&t, &ctx, 30, 3, 1, pv, seq, &w), 2); /* equal: the lower dimension */
    CHECK_EQ(w, 2);
    pv[2].cr[0] = 5; /* port 2 holds 3 phits: port 4 is emptier */
    CHECK_EQ(adapt_q(&t, &ctx, 30, 3, 1, pv, seq, &w), 4);
    CHECK_EQ(w, 2);
    seq[4][2] = 1; /* (4, 2) claimed: its VC 3 */
    CHECK_EQ(adapt_q(&t, &ctx, 30, 3, 1, pv, seq, &w), 4);
    CHECK_EQ(w, 3);
    pv[4].cr[3] = 7; /* (4, 3) not empty: port 2 after all */
    CHECK_EQ(adapt_q(&t, &ctx, 30, 3, 1, pv, seq, &w), 2);
    CHECK_EQ(w, 2);
    CHECK_EQ(adapt_q(&t, &ctx, 30, 3, 0, pv, seq, &w), 2); /* a = 0: the escape, dor's v 1 */
    CHECK_EQ(w, 1);
    pv[2].cr[2] = pv[2].cr[3] = 7; /* nothing eligible: the escape */
    CHECK_EQ(adapt_q(&t, &ctx, 30, 2, 1, pv, seq, &w), 2);
    CHECK_EQ(w, 1);
    CHECK_EQ(adapt_q(&t, &ctx, 13, 2, 1, pv, seq, &w), 1); /* its own node: the last VC */
    CHECK_EQ(w, 3);
    /* adapt 2, the variant without the condition: any credit */
    nr_route_cfg_write(&t, 16, 0x0B, 1 | 2 | 2 << 2 | 2 << 5 | 1 << 8 | 2 << 11);
    CHECK_EQ(adapt_q(&t, &ctx, 30, 3, 1, pv, seq, &w), 4);
    CHECK_EQ(w, 2);
    /* 2 VCs: node 8 at (0, 1), the tie + across the dateline; the escape is
     * the mesh's - on VC 0, which a packet on VC 0 keeps */
    nr_route_cfg_write(&t, 16, 0x0B, 1 | 2 | 2 << 2 | 2 << 5 | 1 << 8 | 1 << 11);
    ctx.nvcs = 2;
    for (int q = 0; q < 16; q++) pv[q].cr[0] = pv[q].cr[1] = 8;
    CHECK_EQ(adapt_q(&t, &ctx, 8, 1, 1, pv, seq, &w), 2);
    CHECK_EQ(w, 1);
    CHECK_EQ(adapt_q(&t, &ctx, 8, 0, 1, pv, seq, &w), 3);
    CHECK_EQ(w, 0);
    pv[2].cr[1] = 0;
    CHECK_EQ(adapt_q(&t, &ctx, 8, 1, 1, pv, seq, &w), 3);
    CHECK_EQ(w, 0);
}

/* §5 step 3, mask sense. [SAKD06 "Up Routing: Organization"] programs the subtree of
 * processors 96..127 as Root detect = 0x0060, Mask = 0x001F, where a mask bit
 * of 1 is NOT compared ("unmasked destination and root detection bits
 * match", line 134). Our ROOT_MASK marks the bits that ARE compared, so the
 * slide's mask must be complemented over the 15-bit destination:
 * ROOT_MASK = ~0x001F & 0x7FFF = 0x7FE0 (yarc-arch §5). Port plan (k = 64):
 * DLUT[i] = i mod 32 (down ports 0..31), UP_MASK = ports 32..63 and
 * ULUT[i] = 32 + i mod 32, so a result q < 32 went down and q >= 32 up. */
#define SEED_ROOT_DETECT 0x0060u
#define SEED_MASK 0x001Fu /* seed sense: 1 = not compared */
#define KIT_MASK (~SEED_MASK & 0x7FFFu)

static void seed_tables(nr_route_tables *t, unsigned root_mask)
{
    nr_route_reset(t, 64);
    nr_route_cfg_write(t, 64, 0x00, root_mask);
    nr_route_cfg_write(t, 64, 0x01, SEED_ROOT_DETECT);
    nr_route_cfg_write(t, 64, 0x02, 0);           /* DOWN_SHIFT */
    nr_route_cfg_write(t, 64, 0x03, 0);           /* UP_MASK[31:0] */
    nr_route_cfg_write(t, 64, 0x04, 0xFFFFFFFFu); /* UP_MASK[63:32] */
    for (unsigned i = 0; i < 64; i++) {
        nr_route_cfg_write(t, 64, 0x40 + i, 0x40u | (i % 32));
        nr_route_cfg_write(t, 64, 0x80 + i, 0x40u | (32 + i % 32));
    }
}

/* Route every destination through the RC function, adaptive and hashed
 * deterministic, from input port 5; count those that went down. Every
 * destination must route (no drop). */
static int seed_route_all(const nr_route_tables *t, int *down_ok)
{
    nr_route_ctx ctx = {.nports = 64, .nbits = 6, .nvcs = 2, .cols = 8, .port = 5};
    uint32_t ph[RENV_MAXLEN];
    int down = 0;
    *down_ok = 1;
    for (unsigned dest = 0; dest <= NR_DEST_MAX; dest++)
        for (unsigned a = 0; a < 2; a++) {
            mk(ph, 5, dest, a, 6, 0, a, !a, NULL, 0x2A5u);
            nr_route_res r = nr_route_lookup(t, &ctx, ph[0], 0, ph[1], NULL, (int)dest % 64);
            CHECK_EQ(r.drop, 0);
            if (r.q < 32) {
                down++;
                if (r.q != (int)(dest % 64) % 32) *down_ok = 0;
            }
        }
    return down;
}

static void test_seed_root_mask(void)
{
    nr_route_tables t;
    int down_ok;
    CHECK_EQ(KIT_MASK, 0x7FE0);

    /* converted: exactly 96..127 go down, to DLUT[dest mod 64] = dest - 96 */
    seed_tables(&t, KIT_MASK);
    CHECK_EQ(t.root_mask, 0x7FE0);
    nr_route_ctx ctx = {.nports = 64, .nbits = 6, .nvcs = 2, .cols = 8, .port = 5};
    uint32_t ph[RENV_MAXLEN];
    for (unsigned dest = 0; dest <= NR_DEST_MAX; dest++) {
        int below = dest >= 96 && dest <= 127;
        mk(ph, 5, dest, dest & 1, 4, 0, 1, 0, NULL, 0);
        nr_route_res r = nr_route_lookup(&t, &ctx, ph[0], 0, 0, NULL, 0);
        CHECK_EQ(r.drop, 0);
        if (below)
            CHECK_EQ(r.q, (int)dest - 96);
        else
            CHECK(r.q >= 32);
    }
    CHECK_EQ(seed_route_all(&t, &down_ok), 2 * 32);
    CHECK(down_ok);

    /* unconverted: dest & 0x001F <= 0x1F never equals 0x0060, so no
     * destination goes down and the subtree's 32 nodes are sent up */
    seed_tables(&t, SEED_MASK);
    CHECK_EQ(seed_route_all(&t, &down_ok), 0);
    for (unsigned dest = 96; dest <= 127; dest++) {
        mk(ph, 5, dest, 0, 4, 0, 0, 0, NULL, 0);
        nr_route_res r = nr_route_lookup(&t, &ctx, ph[0], 0, 0, NULL, 0);
        CHECK_EQ(r.drop, 0);
        CHECK(r.q >= 32); /* misrouted up */
    }

    /* end to end through the model, 8x8, tables written through the
     * configuration port (§9) */
    nr_yarc_params p = renv_params(8, 8, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    cfg(&e, 1, 0, 0x00, KIT_MASK);
    cfg(&e, 1, 0, 0x01, SEED_ROOT_DETECT);
    cfg(&e, 1, 0, 0x04, 0xFFFFFFFFu);
    for (unsigned i = 0; i < 64; i++) {
        cfg(&e, 1, 0, 0x40 + (int)i, 0x40u | (i % 32));
        cfg(&e, 1, 0, 0x80 + (int)i, 0x40u | (32 + i % 32));
    }
    const unsigned dests[] = {0, 31, 95, 96, 100, 127, 128, 0x160, 0x1060, 0x7FFF};
    for (int k = 0; k < (int)(sizeof dests / sizeof dests[0]); k++)
        for (unsigned a = 0; a < 2; a++) {
            unsigned d = dests[k];
            int l = mk(ph, 9, d, a, 5, 0, a, 0, NULL, 0);
            int q = route_one(&e, 9, ph, l);
            if (d >= 96 && d <= 127)
                CHECK_EQ(q, (int)d - 96);
            else
                CHECK(q >= 32 && q < 64);
        }
    /* and the unconverted mask sends a subtree node up */
    cfg(&e, 1, 0, 0x00, SEED_MASK);
    int l = mk(ph, 9, 100, 0, 5, 0, 0, 0, NULL, 0);
    int q = route_one(&e, 9, ph, l);
    CHECK(q >= 32 && q < 64);
    YT_DONE(&e);
}

/* §5 step 5: deterministic up routing, hashed, with the fold. */
static void test_ulut_hash(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    unsigned ulut[16];
    for (int i = 0; i < 16; i++) {
        ulut[i] = (unsigned)(i * 5 + 3) % 16;
        cfg(&e, 1, 0, 0x80 + i, 0x40u | ulut[i]);
    }
    cfg(&e, 1, 0, 0x80 + 11, 0x0B); /* ULUT[11] invalid (valid bit clear) */
    ulut[11] = 99;
    uint32_t ph[RENV_MAXLEN];
    nr_rng_t r;
    nr_rng_seed(&r, nr_test_seed + 1);
    int seen[16] = {0};
    for (int k = 0; k < 120; k++) {
        unsigned dest = 16 + (unsigned)nr_rng_below(&r, 0x7FF0);
        int src = (int)nr_rng_below(&r, 16);
        int h = (int)nr_rng_below(&r, 2);
        uint32_t hash = (uint32_t)nr_rng_u64(&r) & 0x3FFFFF;
        uint32_t key = dest ^ (uint32_t)src ^ (h ? hash : 0);
        unsigned i = nr_route_fold(key, 4);
        int l = mk(ph, (unsigned)src, dest, (unsigned)(k & 1), 7, 0, 0, (unsigned)h, NULL, hash);
        int expect = ulut[i] == 99 ? -NR_DROP_NO_ROUTE : (int)ulut[i];
        CHECK_EQ(route_one(&e, src, ph, l), expect);
        if (expect >= 0) seen[expect]++;
        /* the hash phit is delivered unchanged */
        if (expect >= 0 && h) CHECK_U64(c.ph[1], ph[1]);
    }
    int used = 0;
    for (int q = 0; q < 16; q++) used += seen[q] > 0;
    CHECK(used >= 12); /* the hash spreads the load */
    YT_DONE(&e);
}

/* §5 step 3a (SideTab = 1, C model only): the side table. A destination that
 * does not go down takes the first valid entry it matches, whose ports
 * replace UP_MASK's (a = 1, the adaptive rule and its pointer) or the ULUT
 * (a = 0, base + fold(key) mod cnt); an invalid entry is skipped; with no
 * match steps 4 and 5 are as before. Ports beyond NumPorts are no
 * candidates, and a hashed pick of one fails the remap (NO_ROUTE). */
static void test_side_table(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    p.side_tab = 1;
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    /* up: UP_MASK {1, 2}, every ULUT entry port 3 */
    cfg(&e, 1, 0, 0x03, 0x6);
    for (int i = 0; i < 16; i++) cfg(&e, 1, 0, 0x80 + i, 0x40u | 3u);
    /* e0: 0x100..0x1FF -> ports 4..7; e1 (shadowed by e0 for 0x100..0x17F)
     * -> port 9; e2 invalid (0x200..0x2FF); e3: 0x300..0x3FF -> 14..17 of
     * which 14 and 15 exist */
    const uint32_t mm[4] = {0x7F00u << 15 | 0x100u, 0x7F80u << 15 | 0x100u, 0x7F00u << 15 | 0x200u,
                            0x7F00u << 15 | 0x300u};
    const uint32_t pr[4] = {0x1000u | 3u << 6 | 4u, 0x1000u | 0u << 6 | 9u, 0u << 6 | 8u,
                            0x1000u | 3u << 6 | 14u};
    for (int k = 0; k < 4; k++) {
        cfg(&e, 1, 0, 0x10 + 2 * k, mm[k]);
        cfg(&e, 1, 0, 0x11 + 2 * k, pr[k]);
    }
    CHECK_EQ(e.cfg_bad, 0);
    uint32_t ph[RENV_MAXLEN];
    /* adaptive, all credits equal: the pointer rotates over the entry's ports */
    int l = mk(ph, 0, 0x123, 0, 5, 0, 1, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 0, ph, l), 4);
    CHECK_EQ(route_one(&e, 0, ph, l), 5);
    CHECK_EQ(route_one(&e, 0, ph, l), 6);
    CHECK_EQ(route_one(&e, 0, ph, l), 7);
    CHECK_EQ(route_one(&e, 0, ph, l), 4);
    l = mk(ph, 0, 0x150, 0, 5, 0, 1, 0, NULL, 0); /* e1 matches too: e0 is first */
    CHECK_EQ(route_one(&e, 0, ph, l), 5);
    l = mk(ph, 0, 0x3AB, 0, 5, 0, 1, 0, NULL, 0); /* 16, 17 are not ports */
    CHECK_EQ(route_one(&e, 0, ph, l), 14);
    CHECK_EQ(route_one(&e, 0, ph, l), 15);
    CHECK_EQ(route_one(&e, 0, ph, l), 14);
    l = mk(ph, 0, 0x2AB, 0, 5, 0, 1, 0, NULL, 0); /* invalid entry: UP_MASK */
    int q = route_one(&e, 0, ph, l);
    CHECK(q == 1 || q == 2);
    l = mk(ph, 0, 0x5AB, 0, 5, 0, 1, 0, NULL, 0); /* no entry: UP_MASK */
    q = route_one(&e, 0, ph, l);
    CHECK(q == 1 || q == 2);
    /* hashed: base + fold(key) mod cnt, or the ULUT without a match */
    nr_rng_t r;
    nr_rng_seed(&r, nr_test_seed + 7);
    int seen[16] = {0};
    for (int k = 0; k < 200; k++) {
        static const unsigned hi[5] = {0x100, 0x180, 0x200, 0x300, 0x600};
        unsigned dest = hi[k % 5] | (unsigned)nr_rng_below(&r, 0x80);
        int src = (int)nr_rng_below(&r, 16), h = (int)nr_rng_below(&r, 2);
        uint32_t hash = (uint32_t)nr_rng_u64(&r) & 0x3FFFFF;
        unsigned f = nr_route_fold(dest ^ (uint32_t)src ^ (h ? hash : 0), 4);
        int expect = (dest >> 8) == 1 ? 4 + (int)(f % 4)
                     : (dest >> 8) == 3
                         ? (14 + (int)(f % 4) < 16 ? 14 + (int)(f % 4) : -NR_DROP_NO_ROUTE)
                         : 3;
        l = mk(ph, (unsigned)src, dest, (unsigned)(k & 1), 6, 0, 0, (unsigned)h, NULL, hash);
        CHECKF(route_one(&e, src, ph, l) == expect, "dest 0x%x src %d h %d: want %d", dest, src, h,
               expect);
        if (expect >= 0) seen[expect]++;
    }
    CHECK(seen[4] && seen[5] && seen[6] && seen[7] && seen[14] && seen[15] && seen[3]);
    /* an entry written invalid again is skipped */
    cfg(&e, 1, 0, 0x11, 3u << 6 | 4u);
    l = mk(ph, 0, 0x123, 0, 5, 0, 1, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 0, ph, l), 9); /* e1 now */
    l = mk(ph, 0, 0x1F0, 0, 5, 0, 1, 0, NULL, 0);
    q = route_one(&e, 0, ph, l);
    CHECK(q == 1 || q == 2);
    /* destinations that go down do not look at the table */
    l = mk(ph, 0, 7, 0, 5, 0, 1, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 0, ph, l), 7);
    YT_DONE(&e);
}

/* §5 step 6: logical -> physical remap, invalid and out-of-range entries. */
static void test_l2p(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    for (int l = 0; l < 16; l++) cfg(&e, 1, 0, 0xC0 + l, 0x40u | (unsigned)((l + 3) % 16));
    cfg(&e, 1, 0, 0xC0 + 4, 0x07);      /* invalid */
    cfg(&e, 1, 0, 0xC0 + 5, 0x40 | 40); /* valid but >= NumPorts */
    uint32_t ph[RENV_MAXLEN];
    for (int d = 0; d < 16; d++) {
        int l = mk(ph, 2, (unsigned)d, 0, 4, 0, 0, 0, NULL, 0);
        int expect = (d == 4 || d == 5) ? -NR_DROP_NO_ROUTE : (d + 3) % 16;
        CHECK_EQ(route_one(&e, 2, ph, l), expect);
    }
    /* source routes name logical ports too */
    unsigned hops[3] = {0, 0, 0};
    int l = mk(ph, 2, 0, 1, 6, 1, 0, 0, hops, 0);
    CHECK_EQ(route_one(&e, 2, ph, l), 3);
    YT_DONE(&e);
}

/* §5 step 4: adaptive choice by row-buffer credits, tie-breaking pointer. */
static void test_adaptive(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    uint32_t ph[RENV_MAXLEN];
    /* input 0 (tile 0): up candidates logical 4..7 = physical 4..7, one per
     * column. All credits equal: the pointer rotates 4, 5, 6, 7, 4 ... */
    cfg(&e, 0, 0, 0x03, 0xF0);
    int l = mk(ph, 0, 1000, 0, 5, 0, 1, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 0, ph, l), 4);
    CHECK_EQ(route_one(&e, 0, ph, l), 5);
    CHECK_EQ(route_one(&e, 0, ph, l), 6);
    CHECK_EQ(route_one(&e, 0, ph, l), 7);
    CHECK_EQ(route_one(&e, 0, ph, l), 4); /* pointer now 5 */
    /* an L2P entry that is invalid removes the candidate */
    cfg(&e, 0, 0, 0xC0 + 5, 0x05);
    CHECK_EQ(route_one(&e, 0, ph, l), 6);
    cfg(&e, 0, 0, 0xC0 + 5, 0x45);
    CHECK_EQ(route_one(&e, 0, ph, l), 7);
    CHECK_EQ(route_one(&e, 0, ph, l), 4); /* pointer now 5 */
    /* DET_VCS (0x08) bit 0: VC 0 goes up by the ULUT (port 6 here) whatever
     * its a bit, and the pointer stays; VC 1 is still adaptive */
    uint32_t ph1[RENV_MAXLEN];
    int l1 = mk(ph1, 0, 1000, 1, 5, 0, 1, 0, NULL, 0);
    for (int i = 0; i < 16; i++) cfg(&e, 0, 0, 0x80 + i, 0x46);
    cfg(&e, 0, 0, 0x08, 1);
    CHECK_EQ(route_one(&e, 0, ph, l), 6);
    CHECK_EQ(route_one(&e, 0, ph, l), 6);
    CHECK_EQ(route_one(&e, 0, ph1, l1), 5);
    CHECK_EQ(route_one(&e, 0, ph1, l1), 6);
    cfg(&e, 0, 0, 0x08, 0);
    CHECK_EQ(route_one(&e, 0, ph, l), 7);
    CHECK_EQ(route_one(&e, 0, ph, l), 4); /* pointer now 5 */
    for (int i = 0; i < 16; i++) cfg(&e, 0, 0, 0x80 + i, 0);

    /* Occupancy beats the pointer: fill output 5 (column 1) so that a packet
     * from input 0 to port 5 on VC 0 waits there holding row-buffer credits
     * of column 1. Output 5's sink never frees credits: two 64-phit packets
     * use its 128, the third (12 phits: 8 in the column buffer, 4 in the row
     * buffer) stays. */
    e.snk[5].bp = 1.0;
    l = mk(ph, 9, 5, 0, 64, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 9, ph, l), 5);
    CHECK_EQ(route_one(&e, 9, ph, l), 5);
    l = mk(ph, 0, 5, 0, 12, 0, 0, 0, NULL, 0);
    renv_send(&e, 0, ph, l);
    for (int i = 0; i < 60; i++) renv_step(&e);
    CHECK_EQ(renv_yarc(&e)->t[0].cred[1][0], 4);
    CHECK_EQ(renv_yarc(&e)->t[0].iu.ad_ptr, 5);
    cfg(&e, 0, 0, 0x03, 0x30); /* candidates 4 (column 0) and 5 (column 1) */
    l = mk(ph, 0, 2000, 0, 5, 0, 1, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 0, ph, l), 4); /* score 8 beats 4, despite the pointer */
    /* on VC 1 column 1 has all its credits: a tie, and the pointer (5) wins */
    l = mk(ph, 0, 2000, 1, 5, 0, 1, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 0, ph, l), 5);
    YT_DONE(&e);
}

/* §5 step 4 against a backpressured column: the sinks of column 1 (ports 1,
 * 5, 9, 13) stop. Inputs 8..11 use up the sink credits of each, and input 0
 * sends one packet to port 13 (row 3), which stays with 4 phits in input 0's
 * row buffer toward column 1. Of input 0's candidates 4, 5, 6, 7 (one per
 * column, row 1) an adaptive packet on that VC then never takes 5, although
 * neither output 5 nor row 1 holds anything of input 0's: the score is the
 * column's. It rotates over the other three. On the other VC, whose credits
 * toward column 1 are all there, 5 is chosen in its turn again. The router
 * testbench's --avoid-col run measures the same rule in the RTL
 * (tests/rtr.list, rtr-k16-clos-avoid-col). */
static void test_adaptive_avoids_column(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    uint32_t ph[RENV_MAXLEN];
    cfg(&e, 0, 0, 0x03, 0xF0); /* input 0: candidates 4, 5, 6, 7 (columns 0..3) */
    for (int r = 0; r < 4; r++) e.snk[4 * r + 1].bp = 1.0;
    for (int r = 0; r < 4; r++) {
        int q = 4 * r + 1;
        int l = mk(ph, 8 + r, (unsigned)q, 0, 64, 0, 0, 0, NULL, 0);
        CHECK_EQ(route_one(&e, 8 + r, ph, l), q);
        CHECK_EQ(route_one(&e, 8 + r, ph, l), q);
    }
    int l0 = mk(ph, 0, 13, 0, 12, 0, 0, 0, NULL, 0);
    renv_send(&e, 0, ph, l0);
    for (int i = 0; i < 100; i++) renv_step(&e);
    const yarc_tile *t0 = &renv_yarc(&e)->t[0];
    CHECK(t0->cred[1][0] < t0->cred[0][0]);
    CHECK(t0->cred[1][0] < t0->cred[2][0]);
    CHECK(t0->cred[1][0] < t0->cred[3][0]);
    CHECK_EQ(t0->cred[1][1], t0->cred[0][1]); /* VC 1 untouched */
    /* VC 0: twelve adaptive decisions, none in column 1, each of the other
     * three columns taken (equal scores rotate by the pointer). */
    int seen[16] = {0};
    int l = mk(ph, 0, 3000, 0, 5, 0, 1, 0, NULL, 0);
    for (int i = 0; i < 12; i++) {
        int q = route_one(&e, 0, ph, l);
        CHECK_EQ(q == 4 || q == 6 || q == 7, 1);
        if (q >= 0 && q < 16) seen[q]++;
    }
    CHECK_EQ(seen[5], 0);
    CHECK_EQ(seen[4], 4);
    CHECK_EQ(seen[6], 4);
    CHECK_EQ(seen[7], 4);
    /* VC 1: column 1 scores as well as the others, so 5 comes round. */
    l = mk(ph, 0, 3000, 1, 5, 0, 1, 0, NULL, 0);
    int got5 = 0;
    for (int i = 0; i < 4; i++) got5 += route_one(&e, 0, ph, l) == 5;
    CHECK_EQ(got5, 1);
    YT_DONE(&e);
}

/* §5 step 4s (UP_SEL), the RC function alone: candidates 33, 41 (column 1),
 * 34 (column 2) and 38 (column 6) of a 64-port router, RowBufDepth 8. */
static int up_sel_route(const nr_route_tables *t, const int (*cred)[NR_SW_MAX_VCS], int ptr,
                        nr_up_arb ua)
{
    nr_route_ctx ctx = {.nports = 64, .nbits = 6, .nvcs = 2, .cols = 8, .port = 5, .rowbuf = 8};
    uint32_t ph[RENV_MAXLEN];
    mk(ph, 5, 1000, 0, 4, 0, 1, 0, NULL, 0);
    nr_fb_in fi = {NULL, NULL, 0, ua, NULL};
    nr_route_res r = nr_route_fb(t, &ctx, ph[0], 0, 0, cred, ptr, &fi);
    return r.drop ? -1 : r.q;
}

static void test_up_sel(void)
{
    nr_route_tables t = {0};
    nr_route_reset(&t, 64);
    nr_route_cfg_write(&t, 64, 0x01, 0x7FFF); /* dest 1000 goes up */
    nr_route_cfg_write(&t, 64, 0x04, (1u << 1) | (1u << 2) | (1u << 6) | (1u << 9));
    int cred[8][NR_SW_MAX_VCS];
    for (int c = 0; c < 8; c++) cred[c][0] = cred[c][1] = 8;
    cred[1][0] = 4; /* occupancy 4: MSB 1, 2 bits 2 */
    cred[2][0] = 5; /* occupancy 3: MSB 0, 2 bits 1 */
    const nr_up_arb a0 = {0, 0};
    nr_route_ctx ctx = {.nports = 64, .nbits = 6, .nvcs = 2, .cols = 8, .port = 5, .rowbuf = 8};
    /* UP_SEL 0 (step 4): the most credits, column 6, whatever the pointer */
    CHECK_EQ(up_sel_route(&t, cred, 0, a0), 38);
    /* the column rule, MSB, round robin: columns 2 and 6 tie at level 0 */
    nr_route_cfg_write(&t, 64, 0x0A, 0xF9); /* UP_SEL stores bits 2:0 */
    CHECK_EQ(t.up_sel, 1);
    CHECK_EQ(up_sel_route(&t, cred, 0, a0), 34);
    CHECK_EQ(up_sel_route(&t, cred, 0, (nr_up_arb){0, 3}), 38);
    CHECK_EQ(up_sel_route(&t, cred, 0, (nr_up_arb){0, 7}), 34);
    /* 2 bits: column 6 (level 0) beats column 2 (level 1) */
    nr_route_cfg_write(&t, 64, 0x0A, 3);
    CHECK_EQ(up_sel_route(&t, cred, 0, a0), 38);
    /* within the column, the pointer: column 1 holds 33 and 41 */
    for (int c = 0; c < 8; c++) cred[c][0] = 8;
    nr_route_cfg_write(&t, 64, 0x0A, 1);
    CHECK_EQ(up_sel_route(&t, cred, 34, (nr_up_arb){0, 1}), 41);
    CHECK_EQ(up_sel_route(&t, cred, 42, (nr_up_arb){0, 1}), 33);
    /* the arbiters after a choice: the round robin past column 1 */
    nr_up_arb a = nr_up_arb_next(&t, &ctx, a0, 41);
    CHECK_EQ(a.ptr, 2);
    CHECK_EQ(a.mat, 0);
    /* matrix (UP_SEL 5): after column 1 then column 6 were granted, the
     * tie {1, 2} goes to 2; the round robin (pointer 7) gives 1 */
    nr_route_cfg_write(&t, 64, 0x0A, 5);
    a = nr_up_arb_next(&t, &ctx, nr_up_arb_next(&t, &ctx, a0, 33), 38);
    CHECK_EQ(a.ptr, 0);
    cred[6][0] = 0; /* column 6 full: level 1 */
    CHECK_EQ(up_sel_route(&t, cred, 0, a), 34);
    nr_route_cfg_write(&t, 64, 0x0A, 1);
    CHECK_EQ(up_sel_route(&t, cred, 0, (nr_up_arb){a.mat, 7}), 33);
    /* no candidate: NO_ROUTE; without credits (a network switch) step 4 */
    CHECK_EQ(up_sel_route(&t, cred, 0, a0), 33);
    nr_route_cfg_write(&t, 64, 0x03, 0);
    nr_route_cfg_write(&t, 64, 0x04, 0);
    CHECK_EQ(up_sel_route(&t, cred, 0, a0), -1);
    nr_route_cfg_write(&t, 64, 0x04, 1u << 6);
    CHECK_EQ(up_sel_route(&t, NULL, 0, a0), 38);
    CHECK_EQ(nr_up_arb_next(&t, &(nr_route_ctx){.nports = 64, .cols = 8}, a0, 38).ptr, 0);
}

/* §5 step 1 and §4.2: every DROP reason, its event, and the credits. */
static void test_drops(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    uint32_t ph[RENV_MAXLEN];
    int l;
    /* MALFORMED: vc >= NumVcs, rsvd bits */
    l = mk(ph, 1, 3, 2, 6, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 1, ph, l), -NR_DROP_MALFORMED);
    l = mk(ph, 1, 3, 1, 6, 0, 0, 0, NULL, 0);
    ph[0] |= 1;
    CHECK_EQ(route_one(&e, 1, ph, l), -NR_DROP_MALFORMED);
    /* BAD_SRCROUTE: hop 0 >= NumPorts */
    unsigned bad[3] = {16, 1, 1};
    l = mk(ph, 1, 3, 0, 6, 1, 0, 0, bad, 0);
    CHECK_EQ(route_one(&e, 1, ph, l), -NR_DROP_BAD_SRCROUTE);
    /* NO_ROUTE: invalid DLUT entry */
    cfg(&e, 0, 1, 0x40 + 3, 0x03);
    l = mk(ph, 1, 3, 0, 6, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 1, ph, l), -NR_DROP_NO_ROUTE);
    cfg(&e, 0, 1, 0x40 + 3, 0x43);
    CHECK_EQ(route_one(&e, 1, ph, l), 3);
    /* SHORT: the EOP comes before the header phits */
    uint32_t s[4];
    s[0] = nr_head_make(3, 0, 1, 0, 0); /* r = 1, then EOP */
    s[1] = nr_eop_make(0, 0);
    s[1] = (s[1] & ~0xFFFFu) | nr_pcrc(s, 2);
    CHECK_EQ(route_one(&e, 1, s, 2), -NR_DROP_SHORT);
    s[0] = nr_head_make(3, 1, 0, 0, 1); /* h = 1, then EOP */
    CHECK_EQ(route_one(&e, 1, s, 2), -NR_DROP_SHORT);
    unsigned hops[3] = {3, 0, 0};
    s[0] = nr_head_make(3, 1, 1, 0, 1); /* r = h = 1, route phit, EOP */
    s[1] = nr_route_make(hops, 1);
    s[2] = nr_eop_make(0, 0);
    CHECK_EQ(route_one(&e, 1, s, 3), -NR_DROP_SHORT);
    /* a malformed head that is also short is SHORT: SHORT is decided before
     * the RC function runs (docs/yarc-spec-questions.md) */
    s[0] = nr_head_make(3, 3, 1, 0, 0);
    s[1] = nr_eop_make(0, 0);
    CHECK_EQ(route_one(&e, 1, s, 2), -NR_DROP_SHORT);
    /* a 2-phit packet without header phits is fine */
    s[0] = nr_head_make(3, 0, 0, 0, 0);
    CHECK_EQ(route_one(&e, 1, s, 2), 3);
    /* stray phits from a bare sender (M3): a non-HEAD staging front drops as
     * MALFORMED up to and including the next EOP; a lone EOP alone */
    s[0] = nr_phit_make(NR_KIND_BODY, 0x123);
    s[1] = nr_phit_make(NR_KIND_BODY, 0x456);
    s[2] = nr_eop_make(0, 0);
    CHECK_EQ(route_one(&e, 1, s, 3), -NR_DROP_MALFORMED);
    CHECK_EQ(route_one(&e, 1, s + 2, 1), -NR_DROP_MALFORMED);
    s[0] = nr_head_make(3, 0, 0, 0, 0);
    s[1] = nr_eop_make(0, 0);
    CHECK_EQ(route_one(&e, 1, s, 2), 3);
    /* a long dropped packet (64 phits) is consumed and its credits return */
    l = mk(ph, 1, 3, 3, 64, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 1, ph, l), -NR_DROP_MALFORMED);
    renv_drain(&e, 20, 2000);
    CHECK_EQ(e.src[1].vct.cred[0], 128);
    CHECK_EQ(e.src[1].vct.cred[1], 128);
    CHECK_EQ(e.drops[1], 11);
    CHECK_EQ(e.drop_reason[NR_DROP_MALFORMED], 5);
    CHECK_EQ(e.drop_reason[NR_DROP_BAD_SRCROUTE], 1);
    CHECK_EQ(e.drop_reason[NR_DROP_NO_ROUTE], 1);
    CHECK_EQ(e.drop_reason[NR_DROP_SHORT], 4);
    /* the good packets after all of them arrived intact */
    CHECK_EQ(c.npkt, 3);
    YT_DONE(&e);
}

/* The RT_DROP event comes in the RC cycle: 3 cycles after the head enters a
 * bare router (write t, read t+1, staged end of t+2, RC t+3). A table write
 * takes effect from the next cycle, so a write in the RC cycle is not seen. */
static void test_timing_of_rc_and_cfg(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    uint32_t ph[RENV_MAXLEN];
    for (int when = 1; when <= 4; when++) {
        renv e;
        cap_t c;
        env_open(&e, &c, &p);
        for (int i = 0; i < 5; i++) renv_step(&e);
        int l = mk(ph, 2, 7, 0, 4, 0, 0, 0, NULL, 0);
        renv_send(&e, 2, ph, l);
        long t0 = (long)e.t, tdrop = -1;
        for (int i = 0; i < 60; i++) {
            if (e.t == (uint64_t)(t0 + when))
                renv_cfg_write(&e, 0, 2, 0x40 + 7, 0x07); /* DLUT[7] invalid */
            uint64_t nd = e.drops[2];
            renv_step(&e);
            if (e.drops[2] > nd) tdrop = (long)e.t - 1;
        }
        CHECK_EQ(c.t_in, t0);
        if (when <= 2) { /* written before the RC cycle: dropped at t0+3 */
            CHECK_EQ(tdrop, t0 + 3);
            CHECK_EQ(c.npkt, 0);
        } else {
            CHECK_EQ(tdrop, -1);
            CHECK_EQ(c.npkt, 1);
        }
        YT_DONE(&e);
    }
}

/* §4.3: source-route rotation and the CRC repair. */
static void test_source_route(void)
{
    for (int lcb = 0; lcb <= 1; lcb++) {
        nr_yarc_params p = renv_params(4, 4, lcb);
        renv e;
        cap_t c;
        env_open(&e, &c, &p);
        uint32_t ph[RENV_MAXLEN];
        nr_rng_t r;
        nr_rng_seed(&r, nr_test_seed + 2);
        for (int k = 0; k < 40; k++) {
            unsigned hops[3];
            for (int i = 0; i < 3; i++) hops[i] = (unsigned)nr_rng_below(&r, i == 0 ? 16 : 64);
            int h = k & 1, len = 6 + (int)nr_rng_below(&r, 59);
            uint32_t hash = (uint32_t)nr_rng_u64(&r) & 0x3FFFFF;
            int src = (int)nr_rng_below(&r, 16);
            int l = mk(ph, (unsigned)src, 12345, (unsigned)(k >> 1) & 1, len, 1, 0, (unsigned)h,
                       hops, hash);
            CHECK_EQ(route_one(&e, src, ph, l), (int)hops[0]);
            CHECK_EQ(c.len, l);
            /* the route phit is rotated: hop 1 is next */
            CHECK_U64(c.ph[1], nr_route_rotate(ph[1]));
            CHECK_EQ(nr_route_port(c.ph[1], 0), hops[1]);
            CHECK_EQ(nr_route_port(c.ph[1], 1), hops[2]);
            /* every other phit but the EOP's crc is unchanged */
            for (int i = 0; i < l - 1; i++)
                if (i != 1) CHECK_U64(c.ph[i], ph[i]);
            CHECK_U64(c.ph[l - 1] & ~0xFFFFu, ph[l - 1] & ~0xFFFFu);
            /* the repaired CRC is the PCRC of the rotated packet */
            CHECK_EQ(nr_eop_crc(c.ph[l - 1]), nr_pcrc(c.ph, l));
            nr_pkt_info_t info;
            CHECK_EQ(nr_pkt_parse(c.ph, l, 2, 64, &info), NR_PKT_GOOD);
        }
        /* a route phit that rotates into itself (all hops equal, bits 3:0
         * zero is not enough: use 0) repairs nothing */
        unsigned zero[3] = {0, 0, 0};
        int l = mk(ph, 3, 1, 0, 8, 1, 0, 0, zero, 0);
        CHECK_EQ(route_one(&e, 3, ph, l), 0);
        CHECK(memcmp(c.ph, ph, sizeof(uint32_t) * (size_t)l) == 0);
        /* r = 0 packets are never touched */
        l = mk(ph, 3, 2, 1, 30, 0, 0, 1, NULL, 0x2AAAAA);
        CHECK_EQ(route_one(&e, 3, ph, l), 2);
        CHECK(memcmp(c.ph, ph, sizeof(uint32_t) * (size_t)l) == 0);
        YT_DONE(&e);
    }
}

/* §9: CFG_BAD for a missing address or a table index >= NumPorts. */
static void test_cfg_bad(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    cfg(&e, 0, 3, 0x0C, 1); /* 0x05..0x0B: the FB registers, DET_VCS, DL_VC, UP_SEL, DOR_CTRL */
    CHECK_EQ(e.cfg_bad, 1);
    CHECK_EQ(e.out.tev[3], 1u << NR_TEV_CFG_BAD);
    CHECK_EQ(e.out.tev[2], 0);
    cfg(&e, 0, 3, 0x3F, 1);
    CHECK_EQ(e.cfg_bad, 2);
    cfg(&e, 0, 3, 0x40 + 16, 0x41); /* DLUT[16] at k = 16 */
    CHECK_EQ(e.cfg_bad, 3);
    cfg(&e, 0, 3, 0xC0 + 63, 0x41);
    CHECK_EQ(e.cfg_bad, 4);
    cfg(&e, 1, 0, 0x10, 0); /* broadcast: every tile raises it */
    CHECK_EQ(e.cfg_bad, 4 + 16);
    cfg(&e, 0, 3, 0x04, 0xFFFFFFFF); /* UP_MASK 32..63 exists at any size */
    CHECK_EQ(e.cfg_bad, 20);
    CHECK_EQ(renv_yarc(&e)->c.rt.tp[3]->up_mask, 0);
    cfg(&e, 0, 3, 0x03, 0xFFFFFFFF);
    CHECK_EQ(renv_yarc(&e)->c.rt.tp[3]->up_mask, 0xFFFF);
    cfg(&e, 0, 40, 0x08, 0); /* no such tile: nothing happens */
    CHECK_EQ(e.cfg_bad, 20);
    /* ignored writes change nothing: routing still single-router */
    uint32_t ph[RENV_MAXLEN];
    int l = mk(ph, 3, 9, 0, 4, 0, 0, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 3, ph, l), 9);
    YT_DONE(&e);
}

/* Interface violations are reported, not absorbed (nr_yarc_errors). Driven
 * directly through nr_yarc_eval/tick, without the environment's rules. */
static void test_errors(void)
{
    char err[256], buf[256];
    nr_yarc_params p = renv_params(2, 2, 0);
    nr_yarc *m = nr_yarc_new(&p, NULL, err, sizeof err);
    CHECK(m != NULL);
    nr_rtr_in in;
    nr_rtr_out out;
    memset(&in, 0, sizeof in);
    CHECK_EQ(nr_yarc_errors(m, buf, sizeof buf), 0);
    /* a sink that returns a credit it never had */
    in.out_cr[1][0] = 1;
    nr_yarc_eval(m, &in, &out);
    nr_yarc_tick(m);
    CHECK_EQ(nr_yarc_errors(m, buf, sizeof buf), 1);
    CHECK_STR(buf, "too many credits");
    nr_yarc_free(m);

    /* a sender that ignores credits: output 1's sink returns nothing, so
     * after its 128 credits the packets back up; the sender keeps going */
    m = nr_yarc_new(&p, NULL, err, sizeof err);
    memset(&in, 0, sizeof in);
    uint32_t ph[64];
    int sent = 0;
    for (int t = 0; t < 2000; t++) {
        int i = sent % 16;
        if (i == 0) ph[0] = nr_head_make(1, 0, 0, 0, 0);
        in.in_valid[0] = 1;
        in.in_phit[0] = i == 0 ? ph[0] : i == 15 ? nr_eop_make(0, 0) : nr_phit_make(0, (uint32_t)i);
        sent++;
        nr_yarc_eval(m, &in, &out);
        nr_yarc_tick(m);
    }
    CHECK(nr_yarc_errors(m, buf, sizeof buf) > 0);
    CHECK_STR(buf, "overflow");
    CHECK_STR(buf, "port 0");
    nr_yarc_free(m);
}

/* §4.2: one route-computation unit per tile. Random traffic from every input
 * of a bare k=16, a quarter of it unroutable, on both VCs, with a slow sink:
 * every cycle at most one VC is routed, it is the first ready VC at or after
 * a round-robin pointer that moves past each routed VC, and every unroutable
 * packet raises exactly one RT_DROP (two VCs ready in one cycle do happen). */
static void test_one_rc_unit(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    cap_t c;
    env_open(&e, &c, &p);
    for (int i = 0; i < 16; i++) e.snk[i].bp = 0.5;
    nr_rng_t r;
    nr_rng_seed(&r, nr_test_seed + 5);
    uint32_t ph[RENV_MAXLEN];
    long unroutable[16] = {0}, both_ready = 0, routed = 0;
    int ptr[16] = {0};
    for (long t = 0; t < 20000; t++) {
        for (int s = 0; s < 16; s++) {
            if (!nr_rng_bernoulli(&r, 0.08)) continue;
            int bad = nr_rng_bernoulli(&r, 0.25);
            unsigned dest =
                bad ? 16 + (unsigned)nr_rng_below(&r, 1000) : (unsigned)nr_rng_below(&r, 16);
            int l = mk(ph, (unsigned)s, dest, (unsigned)nr_rng_below(&r, 2),
                       4 + (int)nr_rng_below(&r, 16), 0, (unsigned)nr_rng_below(&r, 2), 0, NULL, 0);
            unroutable[s] += bad;
            renv_send(&e, s, ph, l);
        }
        renv_step(&e);
        for (int q = 0; q < 16; q++) {
            const nr_iu *b = &renv_yarc(&e)->t[q].iu;
            unsigned ready = b->d_rc_ready;
            int expect = sw_rr_pick(ready, ptr[q]);
            CHECK_EQ(b->d_rc_vc, expect);
            if (expect >= 0) {
                ptr[q] = (expect + 1) % 2;
                routed++;
                CHECK_EQ(b->rc_ptr, ptr[q]);
            }
            if (ready == 3u) both_ready++;
        }
    }
    CHECK(renv_drain(&e, 50, 200000));
    printf("one RC unit: %ld routes, %ld cycles with both VCs ready\n", routed, both_ready);
    CHECK(both_ready > 100);
    for (int s = 0; s < 16; s++) CHECK_EQ(e.drops[s], unroutable[s]);
    long total = 0;
    for (int s = 0; s < 16; s++) total += unroutable[s];
    CHECK_EQ(e.drop_reason[NR_DROP_NO_ROUTE], total); /* and no other reason */
    CHECK_EQ(e.drop_reason[NR_DROP_MALFORMED] + e.drop_reason[NR_DROP_SHORT], 0);
    YT_DONE(&e);
}

/* yarc-arch §6, SubSpeedup: with 1 (the seeds' 8x8 subswitch) one row sends
 * at most one phit per cycle through its tile's subswitch; with the default 4
 * a row's VCs pop independently and two or more sometimes cross together.
 * Every packet is still delivered intact. */
static void test_sub_speedup(void)
{
    for (int S = 1; S <= 4; S += 3) {
        nr_yarc_params p = renv_params(4, 4, 0);
        p.port.num_vcs = 4;
        p.sub_speedup = S;
        renv e;
        cap_t c;
        env_open(&e, &c, &p);
        nr_rng_t r;
        nr_rng_seed(&r, nr_test_seed + 11);
        uint32_t ph[RENV_MAXLEN];
        long multi = 0, sent = 0;
        for (long t = 0; t < 4000; t++) {
            for (int s = 0; s < 16; s++)
                if (nr_rng_u32(&r) % 3 == 0 && renv_src_backlog(&e, s) < 8) {
                    int l = mk(ph, (unsigned)s, nr_rng_u32(&r) % 16, nr_rng_u32(&r) % 4, 4, 0, 0, 0,
                               NULL, 0);
                    renv_send(&e, s, ph, l);
                    sent++;
                }
            renv_step(&e);
            for (int tile = 0; tile < 16; tile++) {
                const nr_swalloc *a = &renv_yarc(&e)->t[tile].ssw;
                for (int i = 0; i < a->nin; i++) {
                    int pops = 0;
                    for (uint64_t m = a->d_mask; m; m &= m - 1)
                        pops += a->d_src[__builtin_ctzll(m)] == i;
                    CHECK(pops <= S);
                    multi += pops > 1;
                }
            }
        }
        if (S == 1)
            CHECK_EQ(multi, 0);
        else
            CHECK(multi > 0);
        CHECK(renv_drain(&e, 200, 50000));
        CHECK_EQ(c.npkt, sent);
        YT_DONE(&e);
    }
    nr_yarc_params p = renv_params(4, 4, 0);
    p.sub_speedup = 5;
    char err[200];
    CHECK(nr_yarc_new(&p, NULL, err, sizeof err) == NULL);
    CHECK_STR(err, "SubSpeedup");
}

/* nr_rtr_ops.rest (yarc.c, "at rest") decides what evaluation would, with
 * idle sinks and with sinks that hold credits (packets then wait in the row
 * and column buffers while every RBD is idle). */
static void test_rest(void)
{
    for (int bp = 0; bp < 2; bp++) {
        nr_yarc_params p = renv_params(4, 4, 0);
        p.port.in_buf_per_vc = 64; /* a head needs every credit: outputs block */
        renv a, b;
        renv_init(&a, &p, NULL, 1, 91);
        renv_init(&b, &p, NULL, 1, 91);
        yt_rest_lockstep(&a, &b, bp ? 0.99 : 0.0, 20000, 13);
        renv_free(&a);
        renv_free(&b);
    }
}

int main(void)
{
    NR_TEST_BEGIN("test_yarc_model", 20261122);
    test_params();
    test_pure();
    test_latency();
    test_single_router();
    test_down_routing();
    test_dl_vc();
    test_dor_ctrl();
    test_dor_adapt();
    test_seed_root_mask();
    test_ulut_hash();
    test_side_table();
    test_l2p();
    test_adaptive();
    test_adaptive_avoids_column();
    test_up_sel();
    test_drops();
    test_one_rc_unit();
    test_sub_speedup();
    test_timing_of_rc_and_cfg();
    test_source_route();
    test_cfg_bad();
    test_errors();
    test_rest();
    NR_TEST_END("test_yarc_model");
}
