/* test_src.c - the shared packet source (nr_src.h): a batch comes whole at
 * cycle 0 and never again, every packet made is counted as generated, a
 * flow's sequence numbers follow the scoreboard, and the copy the scoreboard
 * expects has the route phit rotated once per router that uses it. */
#include "nr_src.h"
#include "nr_test.h"

static int port16(void *ctx, unsigned dest)
{
    (void)ctx;
    return (int)(dest & 15);
}

static nr_inj_t source(double load)
{
    nr_inj_cfg_t c = {.kind = NR_INJ_BERNOULLI, .load = load, .len.kind = NR_LEN_FIXED, .len.a = 5};
    nr_inj_t inj;
    char err[200];
    CHECKF(nr_inj_init(&inj, &c, 7, 3, err, sizeof err) == 0, "%s", err);
    return inj;
}

static void cycles(void)
{
    nr_stats_t st;
    nr_stats_cfg_t sc = {0, 1000, 0, 4, 1};
    char err[200];
    CHECK_EQ(nr_stats_init(&st, &sc, err, sizeof err), 0);
    /* a batch: all at cycle 0, counted, nothing after */
    nr_inj_t b = source(0.0);
    CHECK_EQ(nr_src_cycle(&b, 0, NULL, 6, &st, 3), 6);
    CHECK_EQ((int)nr_inj_depth(&b), 6);
    for (uint64_t t = 1; t < 50; t++) CHECK_EQ(nr_src_cycle(&b, t, NULL, 6, &st, 3), 0);
    CHECK_EQ((int)nr_inj_depth(&b), 6);
    CHECK_U64(st.off_pkts, 6);
    CHECK_U64(st.off_phits, 30);
    /* a full-load process: one packet a packet time, each counted */
    nr_inj_t f = source(1.0);
    int made = 0;
    for (uint64_t t = 0; t < 100; t++) {
        int g = nr_src_cycle(&f, t, NULL, 0, &st, 3);
        CHECK(g == 0 || g == 1);
        made += g;
    }
    CHECK_EQ((int)nr_inj_depth(&f), made);
    CHECK(made >= 10);
    CHECK_U64(st.off_pkts, 6 + (uint64_t)made);
    /* without statistics */
    CHECK(nr_src_cycle(&f, 100, NULL, 0, NULL, 3) >= 0);
    nr_inj_free(&b);
    nr_inj_free(&f);
    nr_stats_free(&st);
}

static void starts(void)
{
    nr_sb_t sb;
    nr_sb_cfg_t c;
    nr_sb_cfg_default(&c);
    c.log = NULL;
    CHECK_EQ(nr_sb_init(&sb, &c, port16, NULL), 0);
    char err[300];
    uint32_t ph[64];
    /* a flow's sequence numbers come from the scoreboard, 0, 1, 2 */
    for (uint32_t k = 0; k < 3; k++) {
        nr_pkt_desc_t d = nr_pkt_desc(2, 9, 1, 77, 6);
        nr_src_expect_t x = {0, 1, k, 0};
        CHECKF(nr_src_start(&sb, &d, ph, 64, &x, err, sizeof err) == 6, "%s", err);
        CHECK_U64(d.seq, k);
        CHECK_EQ(nr_sb_deliver(&sb, 9, ph, 6, k + 10, NULL), 0);
    }
    /* without a scoreboard the given sequence number stays */
    nr_pkt_desc_t d = nr_pkt_desc(2, 9, 1, 77, 6);
    CHECK_EQ(nr_src_start(NULL, &d, ph, 64, NULL, err, sizeof err), 6);
    CHECK_U64(d.seq, 77);
    /* a source-routed packet through two routers: the scoreboard expects it
     * rotated twice, and the packet as sent does not match */
    for (int hops = 0; hops <= 2; hops++) {
        nr_pkt_desc_t r = nr_pkt_desc(4, 5, 0, 0, 8);
        r.r = 1;
        r.route[0] = 3;
        r.route[1] = 17;
        r.route[2] = 40;
        nr_src_expect_t x = {hops, 1, 1, 0};
        int len = nr_src_start(&sb, &r, ph, 64, &x, err, sizeof err);
        CHECKF(len == 8, "%s", err);
        uint32_t got[64];
        memcpy(got, ph, sizeof got);
        for (int h = 0; h < hops; h++) nr_pkt_route_hop(got, len);
        CHECK_EQ(nr_sb_deliver(&sb, 5, got, len, 20, NULL), 0);
    }
    {
        nr_pkt_desc_t r = nr_pkt_desc(4, 5, 0, 0, 8);
        r.r = 1;
        r.route[0] = 3;
        r.route[1] = 17;
        nr_src_expect_t x = {2, 1, 1, 0};
        int len = nr_src_start(&sb, &r, ph, 64, &x, err, sizeof err);
        CHECK(nr_sb_deliver(&sb, 5, ph, len, 20, NULL) > 0); /* not rotated: corrupt */
    }
    /* a packet the builder refuses: -1 and a message, nothing expected */
    nr_pkt_desc_t bad = nr_pkt_desc(1, 2, 0, 0, 2);
    nr_src_expect_t x = {0, 1, 0, 0};
    CHECK_EQ(nr_src_start(&sb, &bad, ph, 64, &x, err, sizeof err), -1);
    CHECK_STR(err, "packet build");
    /* an expectation without a scoreboard is a usage error */
    nr_pkt_desc_t ok = nr_pkt_desc(1, 2, 0, 0, 5);
    CHECK_EQ(nr_src_start(NULL, &ok, ph, 64, &x, err, sizeof err), -1);
    CHECK_STR(err, "scoreboard");
    nr_sb_free(&sb);
}

int main(void)
{
    NR_TEST_BEGIN("test_src", 0);
    cycles();
    starts();
    NR_TEST_END("test_src");
}
