/* test_nwn_vc.c - directed tests of the baseline VC router vc
 * (docs/nwn-arch.md §1.7), the network-switch model with Vc = 1: its
 * parameter rules; the zero-load latency of every pair (7 with LCBs, 5
 * bare), each packet intact but for its VC field, which stays in its class
 * (a = 1) or is kept (a = 0);
 * VA's classes (VcCls = NumVcs keeps every VC, VcCls = 1 spreads one VC's
 * packets over every output VC); no head sent on an output VC without its
 * credits; fair shares of a hot output; and after a random load every
 * output VC free, every credit home; the same for iSLIP (1 to 4 rounds)
 * and the distributed allocator, whose shares are fair per group. */
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
    b.va_hop = 1; /* needs two classes (test_hop) */
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
}

/* What a vc capture saw: per output VC the packets, and packets whose VC
 * left their class or that differ from the sent one in more than the VC. */
typedef struct {
    cap_t cap;
    int per, ncls;  /* VCs per class, classes */
    int hop;        /* VaHop: the class rises at the hop, the last kept */
    long on_vc[4];  /* packets delivered per output VC */
    long moved;     /* packets that left on another VC than sent */
    long off_cls;   /* ... outside their class (VaHop: the next, or the last) */
    long kept;      /* VaHop: packets sent on the last class */
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
    const int c0 = (int)in.tag_vc / w->per, c = c0 + (w->hop && c0 + 1 < w->ncls);
    w->moved += in.vc != in.tag_vc;
    w->off_cls += (int)in.vc / w->per != c;
    w->kept += w->hop && c0 + 1 == w->ncls;
    /* a = 0: its own place in the class */
    w->moved_det += (int)in.vc != c * w->per + (int)in.tag_vc % w->per && !in.a;
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
    w->ncls = ncls;
}

/* §1.7: every pair at zero load, LCB and bare: 7 and 5 cycles (6 and 4
 * speculative), one phit a cycle, the packet as sent but for its VC. */
static void test_latency(void)
{
    for (int x = 0; x < 4; x++) {
        const int lcb = x & 1, spec = x >> 1;
        nr_nwn_params p = renv_nwn_params('v', 16, lcb);
        p.spec = spec;
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
                CHECK_EQ(w.cap.t_out - w.cap.t_in, (lcb ? 7 : 5) - spec);
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
static int va_hop; /* run_load's VaHop */
static void run_load(int lcb, int nvc, int ncls, vcap_t *w, int hot, int sa, int iters, int spec)
{
    nr_nwn_params p = renv_nwn_params('v', 16, lcb);
    p.va_hop = va_hop;
    p.spec = spec;
    p.port.num_vcs = nvc;
    p.vc_cls = ncls;
    p.sa_alloc = sa;
    p.sa_iter = iters;
    p.sa_group = 4;
    renv e;
    renv_init_nwn(&e, &p, NULL, 1, nr_test_seed);
    vcap_attach(&e, w, ncls);
    w->hop = va_hop;
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
    for (int t = 0; t < 1000; t++) renv_step(&e); /* the last credit words home */
    for (int q = 0; q < 16; q++)                  /* every credit home */
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
        run_load(lcb, 2, 2, &w, 0, NR_SA_SEP, 1, 0);
        CHECK_EQ(w.moved, 0);
        run_load(lcb, 2, 1, &w, 1, NR_SA_SEP, 1, 0);
        CHECK(w.moved > 0);
        CHECK(w.on_vc[0] > 0 && w.on_vc[1] > 0);
        run_load(lcb, 4, 2, &w, 1, NR_SA_SEP, 1, 0);
        CHECK(w.moved > 0);
    }
}

/* §1.7 VaHop: every packet leaves on the class after its own (a = 0 at
 * its own place), the last class kept; every VC freed, every credit home
 * (fails with the class kept at every hop). */
static void test_hop(void)
{
    char err[256];
    nr_nwn_params p = renv_nwn_params('v', 16, 0);
    p.va_hop = 1;
    CHECK_EQ(nr_nwn_check(&p, err, sizeof err), -1);
    CHECK(strstr(err, "VcCls >= 2") != NULL);
    p.vc_cls = 2;
    CHECK_EQ(nr_nwn_check(&p, err, sizeof err), 0);
    p.va_hop = 2;
    CHECK_EQ(nr_nwn_check(&p, err, sizeof err), -1);
    vcap_t w;
    va_hop = 1;
    for (int lcb = 0; lcb < 2; lcb++) {
        run_load(lcb, 2, 2, &w, 0, NR_SA_SEP, 1, 0);
        CHECK(w.on_vc[1] == w.cap.npkt && w.kept > 0 && w.kept < w.cap.npkt);
        run_load(lcb, 4, 4, &w, 1, NR_SA_DIST, 1, 1);
        CHECK(w.on_vc[0] == 0 && w.on_vc[1] > 0 && w.on_vc[2] > 0 && w.on_vc[3] > w.kept);
        run_load(lcb, 4, 2, &w, 0, NR_SA_ISLIP, 2, 0);
        CHECK(w.on_vc[0] + w.on_vc[1] == 0 && w.moved > 0);
    }
    va_hop = 0;
}

/* §1.7 SA: iSLIP with 1..4 rounds and the distributed allocator (m = 4),
 * and each allocator speculative, with every input served at a hot port,
 * every VC freed and every credit home, LCB and bare. */
static void test_allocators(void)
{
    vcap_t w;
    for (int lcb = 0; lcb < 2; lcb++) {
        for (int it = 1; it <= 4; it++) {
            run_load(lcb, 2, 1, &w, 1, NR_SA_ISLIP, it, 0);
            run_load(lcb, 4, 1, &w, 0, NR_SA_ISLIP, it, 0);
        }
        run_load(lcb, 2, 1, &w, 1, NR_SA_DIST, 1, 0);
        run_load(lcb, 4, 2, &w, 0, NR_SA_DIST, 1, 0);
        for (int sa = NR_SA_SEP; sa <= NR_SA_DIST; sa++) { /* speculative */
            run_load(lcb, 2, 1, &w, 1, sa, 2, 1);
            run_load(lcb, 4, 1, &w, 0, sa, 2, 1);
        }
    }
}

/* §1.7, [AK11] Fig 6.3: the distributed allocator is fair between groups,
 * then within a group. On the allocator alone (16 IU inputs, 16 ports, one
 * VC; holds set by hand), input 0 (alone in its group of 4) and inputs 4..7
 * (one group) ask for port 5 every cycle: with groups of 4 input 0 wins
 * half the grants and each of 4..7 an eighth; the separable allocator gives
 * each a fifth. The test writes the fronts the IUs would present. */
static void test_dist_share(void)
{
    static const int src[] = {0, 4, 5, 6, 7};
    for (int sa = NR_SA_SEP; sa <= NR_SA_DIST; sa += NR_SA_DIST) {
        nr_swalloc a;
        CHECK_EQ(nr_swalloc_init(&a, 16, 16, 1, 1, 0xFFFF, 0xFFFF, 16, 16), 0);
        CHECK_EQ(nr_swalloc_set_vc(&a, 1, sa, 1, 4, 0), 0);
        long won[16] = {0};
        char err[128];
        for (int t = 0; t < 400; t++) {
            for (int x = 0; x < 5; x++) {
                const int i = src[x];
                a.fx[0] |= 1ull << i;
                a.fph[i] = nr_phit_make(NR_KIND_HEAD, nr_head_make(5, 0, 0, 0, 0));
                a.ftgt[i] = 5;
                a.va->hold[i] = 0; /* as if VA had given each (5, 0) */
            }
            a.vc_ok[5] = 1;
            CHECK_EQ(nr_swalloc_eval(&a, (uint32_t)t, err, (int)sizeof err), 0);
            CHECK_EQ(a.d_mask, 1ull << 5);
            won[a.d_src[5]]++;
            a.va->d_n = 0; /* the VA winners: none wanted here */
            nr_swalloc_commit(&a);
            a.busy[5] = 0; /* as if the packet had ended */
            a.busy_any = 0;
        }
        if (sa == NR_SA_DIST) {
            CHECK_EQ(won[0], 200);
            for (int x = 1; x < 5; x++) CHECK_EQ(won[src[x]], 50);
        } else {
            for (int x = 0; x < 5; x++) CHECK_EQ(won[src[x]], 80);
        }
        nr_swalloc_release(&a);
    }
}

/* On the allocator alone (4 IU inputs and ports, 2 VCs; holds set by
 * hand): input i's VC v presents a head for port j holding VC v. */
static void head_front(nr_swalloc *a, int i, int v, int j)
{
    a->fx[v] |= 1ull << i;
    a->fph[i * 2 + v] = nr_phit_make(NR_KIND_HEAD, nr_head_make((unsigned)j, (unsigned)v, 0, 0, 0));
    a->ftgt[i * 2 + v] = (uint8_t)j;
    a->va->hold[i * 2 + v] = (int8_t)v;
    a->vc_ok[j] = 3u;
}

/* §1.7 iSLIP: input 0 asks for ports 1 (VC 0) and 2 (VC 1), input 1 for
 * port 2 (VC 0). Round 1: both ports grant input 0, which takes port 1;
 * round 2 gives port 2 to input 1. One round sends one phit, two send two,
 * and only port 1's pointer (matched in round 1) moves. */
static void test_islip_rounds(void)
{
    for (int it = 1; it <= 2; it++) {
        nr_swalloc a;
        char err[128];
        CHECK_EQ(nr_swalloc_init(&a, 4, 4, 2, 1, 0xF, 0xF, 16, 16), 0);
        CHECK_EQ(nr_swalloc_set_vc(&a, 1, NR_SA_ISLIP, it, 2, 0), 0);
        head_front(&a, 0, 0, 1);
        head_front(&a, 0, 1, 2);
        head_front(&a, 1, 0, 2);
        CHECK_EQ(nr_swalloc_eval(&a, 0, err, (int)sizeof err), 0);
        CHECK_EQ(a.d_mask, it == 1 ? 1ull << 1 : (1ull << 1) | (1ull << 2));
        CHECK_EQ(a.d_src[1], 0);
        if (it == 2) CHECK_EQ(a.d_src[2], 1);
        nr_swalloc_commit(&a);
        CHECK(a.pp_i[1] == 0 && a.pp_v[1] == 1); /* past (0, 0) */
        CHECK(a.pp_i[2] == 0 && a.pp_v[2] == 0); /* still */
        nr_swalloc_release(&a);
    }
}

/* §1.7 SA: a head holding (q, w) goes only with vc_ok[w], with every
 * allocator (separable, iSLIP of 1 and 4 rounds, distributed, speculative).
 * Port 3's sink holds every credit of VC 1: adaptive packets from input 0
 * on VC 0 (one class) that won (3, 1) wait there, while the others leave
 * on VC 0; no phit ever leaves on VC 1 beyond its credits (the
 * environment's credit check), and once the sink lets go all arrive. */
static void no_credit(int sa, int iters, int spec)
{
    nr_nwn_params p = renv_nwn_params('v', 16, 0);
    p.port.in_buf_per_vc = 16;
    p.port.max_pkt_len = 8;
    p.sa_alloc = sa;
    p.sa_iter = iters;
    p.sa_group = 4;
    p.spec = spec;
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
static void test_no_credit(void)
{
    no_credit(NR_SA_SEP, 1, 0);
    no_credit(NR_SA_ISLIP, 1, 0);
    no_credit(NR_SA_ISLIP, 4, 0);
    no_credit(NR_SA_DIST, 1, 0);
    no_credit(NR_SA_SEP, 1, 1);
    no_credit(NR_SA_DIST, 1, 1);
}

int main(void)
{
    NR_TEST_BEGIN("test_nwn_vc", 20261206);
    test_params();
    test_latency();
    test_classes();
    test_hop();
    test_allocators();
    test_dist_share();
    test_islip_rounds();
    test_no_credit();
    NR_TEST_END("test_nwn_vc");
}
