/* test_seastar.c - directed tests of the SeaStar router model
 * (docs/seastar-arch.md): the parameter rules; the routing of §4 (LUT and
 * GLUT, the VC mask, no 180-degree turn, the drops, a LUT write under
 * traffic against the route cycle); the zero-load latency
 * of every pair and VC, bare and with LCBs (§9); the ages of §8 (the age
 * phit, REQ_AGE_BIAS and RSP_AGE_BIAS per port, AGE_CLOCK_PERIOD, the
 * saturation at 255); and the output arbitration of §7 under AGE_RR_SELECT
 * all 0, all 1 and 0101..., against the doc's rules read here again, with
 * the packets' ages from their age phits or from the bias registers. */
#include "nr_seastar.h"
#include "renv_test.h"
#include "ss_rewrite.h"

#define NP 7

static nr_seastar_params params(int use_lcb)
{
    nr_seastar_params p = {.num_ports = NP,
                           .stage_depth = 16,
                           .lut_bits = 4,
                           .port.num_vcs = 4,
                           .port.in_buf_per_vc = 96,
                           .port.use_lcb = use_lcb,
                           .port.max_pkt_len = 16,
                           .port.replay_depth = 256,
                           .port.window = 32};
    return p;
}

static nr_seastar *env(renv *e, const nr_seastar_params *p, cap_t *c)
{
    char err[256];
    nr_lcb_cfg lcfg = renv_lcb_cfg();
    lcfg.max_len = p->port.max_pkt_len;
    nr_seastar *m = renv_made(nr_seastar_new(p, &lcfg, err, sizeof err), "nr_seastar_new", err);
    renv_attach(e, m, nr_seastar_rtr(m), p->num_ports, &p->port, &lcfg, 1, nr_test_seed);
    cap_attach(e, c);
    return m;
}

/* §4: LUT entry d = port d, VC kept, on every input; AGE_BIAS 0 unless said. */
static void program(renv *e, int bias)
{
    for (int d = 0; d < NP; d++) cfg(e, 1, 0, NR_SS_LUT, (uint32_t)d << 16 | nr_ss_entry(d, 0, 0));
    if (!bias) cfg(e, 1, 0, NR_SS_AGE_BIAS, 0);
}

/* A bare router with the reset biases, programmed, in e. */
static void bare_env(renv *e, cap_t *c)
{
    nr_seastar_params p = params(0);
    env(e, &p, c);
    program(e, 1);
}

/* The rules of §2: each broken one refused, naming its key. */
static void test_params(void)
{
    char err[256];
    nr_seastar_params p = params(0);
    CHECK_EQ(nr_seastar_check(&p, err, sizeof err), 0);
    const struct {
        int ports, stage, lut;
        const char *key;
    } bad[] = {{NP, 15, 4, "StageDepth"}, {9, 16, 4, "NumPorts"}, {NP, 16, 13, "LutBits"}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        nr_seastar_params b = p;
        b.num_ports = bad[k].ports;
        b.stage_depth = bad[k].stage;
        b.lut_bits = bad[k].lut;
        CHECK_EQ(nr_seastar_check(&b, err, sizeof err), -1);
        CHECK(strstr(err, bad[k].key) != NULL);
    }
}

/* §4: the two levels, the VC mask, the drops; CFG_BAD for a LUT index
 * beyond the table. */
static void test_routing(void)
{
    renv e;
    cap_t c;
    bare_env(&e, &c);
    uint32_t ph[RENV_MAXLEN];
    CHECK_EQ(route_one(&e, 1, ph, mk(ph, 1, 3, 0, 6, 0, 0, 0, NULL, 0)), 3);
    CHECK_EQ(route_one(&e, 3, ph, mk(ph, 3, 3, 0, 6, 0, 0, 0, NULL, 0)), -NR_DROP_SELF);
    CHECK_EQ(route_one(&e, 1, ph, mk(ph, 1, 9, 0, 6, 0, 0, 0, NULL, 0)), -NR_DROP_NO_ROUTE);
    CHECK_EQ(route_one(&e, 1, ph, mk(ph, 1, 0x20, 0, 6, 0, 0, 0, NULL, 0)), -NR_DROP_NO_ROUTE);
    unsigned rt[3] = {2, 0, 0};
    CHECK_EQ(route_one(&e, 1, ph, mk(ph, 1, 2, 0, 6, 1, 0, 0, rt, 0)), -NR_DROP_BAD_SRCROUTE);
    /* another partition (dest[14:LutBits], LutBits 4) goes by the GLUT of
     * its low 3 bits; our own by the LUT */
    const unsigned far = 5u << 4 | 2u;
    CHECK_EQ(route_one(&e, 1, ph, mk(ph, 1, far, 0, 6, 0, 0, 0, NULL, 0)), -NR_DROP_NO_ROUTE);
    cfg(&e, 1, 0, NR_SS_GLUT, 5u << 16 | nr_ss_entry(4, 0, 0));
    c.bad = 0;
    CHECK_EQ(route_one(&e, 1, ph, mk(ph, 1, far, 0, 6, 0, 0, 0, NULL, 0)), 4);
    cfg(&e, 1, 0, NR_SS_NODE_ID, 5u << 4); /* now partition 5 is ours: LUT[2] */
    CHECK_EQ(route_one(&e, 1, ph, mk(ph, 1, far, 0, 6, 0, 0, 0, NULL, 0)), 2);
    /* partition 0x105 is not ours, though its low 3 bits are: GLUT[5] */
    CHECK_EQ(route_one(&e, 1, ph, mk(ph, 1, 1u << 12 | far, 0, 6, 0, 0, 0, NULL, 0)), 4);
    cfg(&e, 0, 1, NR_SS_LUT, 2u << 16 | nr_ss_entry(6, 3, 2)); /* input 1 only: port 6, VC 2 */
    CHECK_EQ(route_one(&e, 1, ph, mk(ph, 1, far, 1, 6, 0, 0, 0, NULL, 0)), 6);
    CHECK_EQ(nr_head_vc(c.ph[0]), 2u);
    CHECK(nr_pkt_parse(c.ph, c.len, 4, 0, &(nr_pkt_info_t){0}) == NR_PKT_GOOD);
    cfg(&e, 0, 1, NR_SS_LUT, 2u << 16 | nr_ss_entry(6, 1, 0)); /* VC bit 0 cleared */
    CHECK_EQ(route_one(&e, 1, ph, mk(ph, 1, far, 3, 6, 0, 0, 0, NULL, 0)), 6);
    CHECK_EQ(nr_head_vc(c.ph[0]), 2u);
    CHECK_EQ(e.cfg_bad, 0);
    cfg(&e, 1, 0, NR_SS_LUT, 16u << 16 | nr_ss_entry(1, 0, 0)); /* LutBits 4: no entry 16 */
    CHECK_EQ(e.cfg_bad, NP);
    YT_DONE(&e);
}

/* §4's rewrite under traffic (ss_rewrite.h), on the model. */
static void test_rewrite(void)
{
    renv e;
    cap_t c;
    bare_env(&e, &c);
    ss_rewrite_check(&e, &c);
    YT_DONE(&e);
}

/* §9: every pair and VC at zero load, 5 cycles bare and 7 with LCBs, head
 * in to head out; a packet with an age phit one more. */
static void test_latency(void)
{
    for (int lcb = 0; lcb < 2; lcb++) {
        nr_seastar_params p = params(lcb);
        renv e;
        cap_t c;
        env(&e, &p, &c);
        program(&e, 0);
        uint32_t ph[RENV_MAXLEN];
        for (int s = 0; s < NP; s++)
            for (int q = 0; q < NP; q++)
                for (int v = 0; v < 4 && q != s; v++) {
                    int l = mk(ph, (unsigned)s, (unsigned)q, (unsigned)v, 4 + (s + q + v) % 13, 0,
                               0, 0, NULL, 0);
                    for (int i = 0; i < 12; i++) renv_step(&e);
                    yt_zero_load(&e, s, ph, l, q, lcb ? 7 : 5, 300);
                    /* with an age phit (age 9, bias 0, no age clock: unchanged) */
                    l = mk(ph, (unsigned)s, (unsigned)q, (unsigned)v, 6, 0, 0, 1, NULL, 9);
                    for (int i = 0; i < 12; i++) renv_step(&e);
                    yt_zero_load(&e, s, ph, l, q, lcb ? 8 : 6, 300);
                }
        CHECK(renv_drain(&e, 50, 10000));
        for (int t = 0; t < 400; t++) renv_step(&e); /* the LCBs' last credits */
        CHECK(renv_all_home(&e));
        YT_DONE(&e);
    }
}

/* §8: the age a packet leaves with: its age phit's, plus the input port's
 * bias for its VC class, plus one per age-clock epoch between its route and
 * its grant (2 cycles at zero load), at most 255; the packet CRC repaired. */
static int age_out(renv *e, cap_t *c, int src, unsigned vc, unsigned age)
{
    uint32_t ph[RENV_MAXLEN];
    int l = mk(ph, (unsigned)src, 0, vc, 6, 0, 0, 1, NULL, 0x3FFF00u | age);
    for (int i = 0; i < 12; i++) renv_step(e);
    CHECK_EQ(route_one(e, src, ph, l), 0);
    nr_pkt_info_t in;
    CHECK(nr_pkt_parse(c->ph, c->len, 4, 0, &in) == NR_PKT_GOOD);
    CHECK_EQ(c->ph[1] & ~0xFFu, ph[1] & ~0xFFu);
    for (int i = 2; i < l - 1; i++) CHECK_EQ(c->ph[i], ph[i]);
    return (int)(c->ph[1] & 0xFFu);
}

static void test_ages(void)
{
    renv e;
    cap_t c;
    bare_env(&e, &c);
    CHECK_EQ(age_out(&e, &c, 1, 0, 10), 11); /* the reset biases: 1 */
    cfg(&e, 0, 1, NR_SS_AGE_BIAS, 20u << 8 | 7u);
    cfg(&e, 0, 2, NR_SS_AGE_BIAS, 3u << 8 | 40u);
    CHECK_EQ(age_out(&e, &c, 1, 0, 10), 17); /* VC 0, 1: REQ_AGE_BIAS */
    CHECK_EQ(age_out(&e, &c, 1, 1, 10), 17);
    CHECK_EQ(age_out(&e, &c, 1, 2, 10), 30); /* VC 2, 3: RSP_AGE_BIAS */
    CHECK_EQ(age_out(&e, &c, 1, 3, 250), 255);
    CHECK_EQ(age_out(&e, &c, 2, 1, 10), 50); /* per port */
    CHECK_EQ(age_out(&e, &c, 2, 3, 10), 13);
    CHECK_EQ(age_out(&e, &c, 3, 3, 10), 11);
    cfg(&e, 0, 0, NR_SS_AGE_CLOCK, 1); /* an epoch every cycle: 2 at zero load */
    CHECK_EQ(age_out(&e, &c, 1, 0, 10), 19);
    CHECK_EQ(age_out(&e, &c, 1, 2, 254), 255);
    cfg(&e, 1, 0, NR_SS_AGE_CLOCK, 2); /* every second cycle: 1 */
    CHECK_EQ(age_out(&e, &c, 1, 0, 10), 18);
    CHECK_EQ(e.cfg_bad, 0);
    YT_DONE(&e);
}

/* §7 read again: the grants of one output over inputs 1..6 on VC 0 whose
 * staging buffers hold n[i] packets of age age[i] each, after `pre` grants
 * of input 1 alone; AGE_RR_SELECT mask. Writes the inputs in grant order. */
static int expect_order(uint64_t mask, int pre, int n[NP], const int age[NP], int *order)
{
    const int V = 4, N = NP * 4;
    int rr = 0, ap = 0, g = 0, k = 0;
    for (; g < pre; g++) { /* input 1, VC 0 alone: index 4 */
        if ((mask >> g) & 1u)
            ap = 5;
        else
            rr = 5;
    }
    for (;; g = (g + 1) & 63) {
        int best = -1;
        const int by_age = (int)((mask >> g) & 1u);
        for (int j = 0; j < N; j++) { /* from the pointer of the mode, wrapping */
            const int x = ((by_age ? ap : rr) + j) % N, i = x / V;
            if (x % V || i == 0 || !n[i]) continue;
            if (best < 0 || (by_age && age[i] > age[best / V])) best = x;
            if (!by_age) break;
        }
        if (best < 0) return k;
        if (by_age)
            ap = (best + 1) % N;
        else
            rr = (best + 1) % N;
        n[best / V]--;
        order[k++] = best / V;
    }
}

/* Output 0's sink holds VC 0 until input 1's fillers have taken every
 * credit, inputs 1..6 then each stage two packets for output 0, and the
 * sink lets go: the output's grants follow the doc's arbitration exactly.
 * Ages by age phit (ages 0), by the inputs' REQ_AGE_BIAS (1), or all equal
 * (2: the age pointer breaks every tie). */
static void arb_case(uint64_t mask, int ages)
{
    nr_seastar_params p = params(0);
    p.port.max_pkt_len = 8; /* two 6-phit packets fit a staging buffer (VCT: 8 free) */
    renv e;
    cap_t c;
    nr_seastar *m = env(&e, &p, &c);
    program(&e, 0);
    cfg(&e, 1, 0, NR_SS_ARS_LO, (uint32_t)mask);
    cfg(&e, 1, 0, NR_SS_ARS_HI, (uint32_t)(mask >> 32));
    int age[NP] = {0}, n[NP] = {0}, order[64];
    const int by_bias = ages == 1;
    for (int i = 1; i < NP && by_bias; i++)
        cfg(&e, 0, i, NR_SS_AGE_BIAS, (uint32_t)(37 * i % 61)); /* distinct, not sorted */
    for (int i = 1; i < NP; i++) age[i] = ages == 2 ? 5 : 37 * i % 61;
    e.snk[0].hold_mask = 1u;
    uint32_t ph[RENV_MAXLEN];
    const int pre = p.port.in_buf_per_vc / 8;
    for (int k = 0; k < pre; k++) renv_send(&e, 1, ph, mk(ph, 1, 0, 0, 8, 0, 0, 0, NULL, 0));
    for (int t = 0; t < 400; t++) renv_step(&e);
    CHECK_EQ(c.npkt, pre);
    for (int i = 1; i < NP; i++)
        for (int k = 0; k < 2; k++)
            renv_send(&e, i, ph,
                      mk(ph, (unsigned)i, 0, 0, 6, 0, 0, 1, NULL, by_bias ? 0 : (unsigned)age[i]));
    for (int t = 0; t < 400; t++) renv_step(&e);
    CHECK_EQ(c.npkt, pre);
    for (int i = 1; i < NP; i++) n[i] = 2;
    const int ne = expect_order(mask, pre, n, age, order);
    CHECK_EQ(ne, 12);
    e.snk[0].hold_mask = 0;
    for (int k = 0; k < ne; k++) {
        const int np = c.npkt;
        for (int t = 0; t < 400 && c.npkt == np; t++) renv_step(&e);
        nr_pkt_info_t in;
        CHECK(nr_pkt_parse(c.ph, c.len, 4, 0, &in) == NR_PKT_GOOD);
        if ((int)in.tag_src != order[k])
            fprintf(stderr, "mask %016llx: grant %d from input %u, expected %d\n",
                    (unsigned long long)mask, k, in.tag_src, order[k]);
        CHECK_EQ((int)in.tag_src, order[k]);
        CHECK_EQ((int)(c.ph[1] & 0xFFu), age[order[k]]); /* no age clock: the age it had */
    }
    uint64_t g[2];
    int last;
    nr_seastar_grants(m, 0, g, &last);
    CHECK_EQ((long)(g[0] + g[1]), pre + ne);
    int na = 0;
    for (int k = 0; k < pre + ne; k++) na += (int)((mask >> k) & 1u);
    CHECK_EQ((long)g[1], na);
    CHECK(renv_drain(&e, 50, 100000));
    CHECK(renv_all_home(&e));
    YT_DONE(&e);
}

static void test_arbitration(void)
{
    for (int ages = 0; ages < 3; ages++) {
        arb_case(0, ages);                     /* round robin */
        arb_case(~0ull, ages);                 /* age */
        arb_case(0x5555555555555555ull, ages); /* 0101...0101: half and half */
    }
}

int main(void)
{
    NR_TEST_BEGIN("test_seastar", 20261205);
    test_params();
    test_routing();
    test_rewrite();
    test_latency();
    test_ages();
    test_arbitration();
    NR_TEST_END("test_seastar");
}
