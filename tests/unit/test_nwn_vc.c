/* test_nwn_vc.c - directed tests of the baseline VC router vc
 * (docs/nwn-arch.md §1.7), the network-switch model with Vc = 1: its
 * parameter rules; the zero-load latency of every pair (7 with LCBs, 5
 * bare), each packet intact but for its VC field, which stays in its class
 * (a = 1) or is kept (a = 0);
 * VA's classes (VcCls = NumVcs keeps every VC, VcCls = 1 spreads one VC's
 * packets over every output VC); no head sent on an output VC without its
 * credits; fair shares of a hot output; and after a random load every
 * output VC free, every credit home. */
#include "nwn_priv.h"
#include "renv_test.h"

/* §1.7 and §3: the rules of Vc, VcCls and VaHop. */
static void test_params(void)
{
    char err[256];
    nr_nwn_params p = renv_nwn_params('v', 16, 0);
    CHECK_EQ(nr_nwn_check(&p, err, sizeof err), 0);
    nr_nwn_params b = p;
    b.r = 8;
    b.m = 2;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    CHECK(strstr(err, "Vc = 1") != NULL);
    b = p;
    b.speedup = 2;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    b = p;
    b.xp_buf = 1;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    b = p;
    b.vc = 2;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    b = p;
    b.vc_cls = 3; /* must divide NumVcs = 2 */
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    b.vc_cls = 2;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), 0);
    b = p;
    b.va_hop = 1; /* reserved */
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
}

/* What a vc capture saw: per output VC the packets, and packets whose VC
 * left their class or that differ from the sent one in more than the VC. */
typedef struct {
    cap_t cap;
    int per;        /* VCs per class */
    long on_vc[4];  /* packets delivered per output VC */
    long moved;     /* packets that left on another VC than sent */
    long off_cls;   /* ... outside their class */
    long moved_det; /* ... with a = 0 */
    uint32_t sent[RENV_MAXLEN];
    int sent_len; /* > 0: compare the next delivery with sent */
    long cmp_bad;
} vcap_t;

static void vcap_pkt(renv *e, int port, const uint32_t *ph, int len)
{
    vcap_t *w = e->ctx;
    cap_pkt(e, port, ph, len);
    nr_pkt_info_t in;
    if (nr_pkt_parse(ph, len, e->nvc, 0, &in) != NR_PKT_GOOD || !in.has_tag) return;
    w->on_vc[in.vc]++;
    w->moved += in.vc != in.tag_vc;
    w->off_cls += (int)in.vc / w->per != (int)in.tag_vc / w->per;
    w->moved_det += in.vc != in.tag_vc && !in.a;
    if (w->sent_len) { /* the sent packet with the VC it left on, its PCRC fixed */
        uint32_t x[RENV_MAXLEN];
        memcpy(x, w->sent, sizeof(uint32_t) * (size_t)w->sent_len);
        x[0] = (x[0] & ~(3u << NR_HEAD_VC_LSB)) | in.vc << NR_HEAD_VC_LSB;
        nr_pkt_fix_crc(x, w->sent_len);
        w->cmp_bad += len != w->sent_len || memcmp(x, ph, sizeof(uint32_t) * (size_t)len);
        w->sent_len = 0;
    }
}

static void vcap_attach(renv *e, vcap_t *w, int ncls)
{
    memset(w, 0, sizeof *w);
    e->ctx = w;
    e->on_pkt = vcap_pkt;
    e->on_head_in = cap_in;
    e->on_head_out = cap_out;
    w->per = e->nvc / ncls;
}

/* §1.7: every pair at zero load, LCB and bare: 7 and 5 cycles, one phit a
 * cycle, the packet as sent but for its VC. */
static void test_latency(void)
{
    for (int lcb = 0; lcb < 2; lcb++) {
        nr_nwn_params p = renv_nwn_params('v', 16, lcb);
        renv e;
        vcap_t w;
        renv_init_nwn(&e, &p, NULL, 1, nr_test_seed);
        vcap_attach(&e, &w, 1);
        for (int s = 0; s < 16; s++)
            for (int q = 0; q < 16; q++) {
                const int l = mk(w.sent, (unsigned)s, (unsigned)q, (unsigned)((s + q) & 1),
                                 4 + (s + q) % 20, 0, (unsigned)(q & 1), 0, NULL, 0);
                w.sent_len = l;
                long first, last;
                const int np = w.cap.npkt;
                for (int i = 0; i < 12; i++) renv_step(&e);
                renv_send(&e, s, w.sent, l);
                yt_hops(&e, 300, &w.cap.npkt, &first, &last);
                CHECK_EQ(w.cap.npkt, np + 1);
                CHECK_EQ(w.cap.port, q);
                CHECK_EQ(w.cap.t_out - w.cap.t_in, lcb ? 7 : 5);
                CHECK_EQ(last - first + 1, l);
            }
        CHECK_EQ(w.cmp_bad, 0);
        CHECK(w.moved > 0); /* VA's pointers moved a = 1 packets to the other VC */
        CHECK(w.moved_det == 0);
        YT_DONE(&e);
    }
}

/* A random load from every port on nvc VCs with ncls classes, drained;
 * then every output VC free and every credit home. */
static void run_load(int lcb, int nvc, int ncls, vcap_t *w, int hot)
{
    nr_nwn_params p = renv_nwn_params('v', 16, lcb);
    p.port.num_vcs = nvc;
    p.vc_cls = ncls;
    renv e;
    renv_init_nwn(&e, &p, NULL, 1, nr_test_seed);
    vcap_attach(&e, w, ncls);
    nr_rng_t r;
    nr_rng_seed(&r, nr_test_seed ^ 7u);
    uint32_t ph[RENV_MAXLEN];
    int sent = 0;
    for (int n = 0; n < 40; n++)
        for (int s = 0; s < 16; s++) {
            nr_pkt_desc_t d = yt_rand_desc(&r, s, 16, nvc);
            if (hot) d.dest = d.route[0] = 5; /* every port to port 5 */
            renv_send(&e, s, ph, yt_build(&d, ph));
            sent++;
        }
    CHECK(renv_drain(&e, 50, 400000));
    CHECK_EQ(w->cap.npkt, sent);
    CHECK_EQ(w->cap.bad, 0);
    CHECK_EQ(w->off_cls, 0);
    CHECK_EQ(w->moved_det, 0);
    const nr_nwn *m = renv_nwn(&e);
    const nr_swva *va = m->sw[0].va;
    for (int k = 0; k < 16 * nvc; k++) { /* every output VC free */
        CHECK_EQ(va->hold[k], -1);
        CHECK_EQ(va->vown[k], -1);
    }
    for (int t = 0; t < 50; t++) renv_step(&e);
    for (int q = 0; q < 16; q++) /* every credit home */
        for (int v = 0; v < nvc; v++)
            yt_check_front_credits(&e, &m->c.fr, q, v, lcb, p.port.in_buf_per_vc);
    if (hot) /* §6.2's round robin on the hot port: every input served */
        for (int s = 0; s < 16; s++) CHECK_EQ(w->cap.pair[s][5], 40);
    YT_DONE(&e);
}

/* §1.7 classes: VcCls = NumVcs keeps every packet on its VC; VcCls = 1
 * spreads them over every output VC; 4 VCs in 2 classes keep the class. */
static void test_classes(void)
{
    vcap_t w;
    for (int lcb = 0; lcb < 2; lcb++) {
        run_load(lcb, 2, 2, &w, 0);
        CHECK_EQ(w.moved, 0);
        run_load(lcb, 2, 1, &w, 1);
        CHECK(w.moved > 0);
        CHECK(w.on_vc[0] > 0 && w.on_vc[1] > 0);
        run_load(lcb, 4, 2, &w, 1);
        CHECK(w.moved > 0);
    }
}

/* §1.7 SA: a head holding (q, w) goes only with vc_ok[w]. Port 3's sink
 * holds every credit of VC 1: adaptive packets from input 0 on VC 0 (one class)
 * that won (3, 1) wait there, while the others leave on VC 0; no phit ever
 * leaves on VC 1 beyond its credits (the environment's credit check), and
 * once the sink lets go all arrive. */
static void test_no_credit(void)
{
    nr_nwn_params p = renv_nwn_params('v', 16, 0);
    p.port.in_buf_per_vc = 16;
    p.port.max_pkt_len = 8;
    renv e;
    vcap_t w;
    renv_init_nwn(&e, &p, NULL, 1, nr_test_seed);
    vcap_attach(&e, &w, 1);
    e.snk[3].hold_mask = 2u;
    uint32_t ph[RENV_MAXLEN];
    for (int n = 0; n < 12; n++) renv_send(&e, 0, ph, mk(ph, 0, 3, 0, 8, 0, 1, 0, NULL, 0));
    for (int t = 0; t < 3000; t++) renv_step(&e);
    CHECK(w.on_vc[1] <= 2); /* 16 credits: two 8-phit packets */
    CHECK(w.cap.npkt < 12);
    const nr_nwn *m = renv_nwn(&e);
    CHECK_EQ(m->sw[0].va->vown[3 * 2 + 1], 0); /* input VC (0, 0) holds (3, 1) */
    e.snk[3].hold_mask = 0;
    CHECK(renv_drain(&e, 50, 100000));
    CHECK_EQ(w.cap.npkt, 12);
    YT_DONE(&e);
}

int main(void)
{
    NR_TEST_BEGIN("test_nwn_vc", 20261206);
    test_params();
    test_latency();
    test_classes();
    test_no_credit();
    NR_TEST_END("test_nwn_vc");
}
