/* test_nwn_fbx.c - directed tests of the fully buffered crossbar fb
 * (docs/nwn-arch.md §1.5), the network-switch model with XpBuf = 1: its
 * parameter rules, wiring and counts, the zero-load latency of every pair
 * (6 + ChanLat with LCBs, 4 + ChanLat bare), and the rows' credit return
 * bus: at most one credit home per row and cycle, credits waiting at the
 * crosspoints when several of a row's crosspoints drain at once, and every
 * credit home at the end. */
#include "nwn_priv.h"
#include "renv_test.h"

/* §1.5 and §3: the rules of XpBuf, the wiring of rows and columns, §10's
 * counts. */
static void test_params(void)
{
    char err[256];
    nr_nwn_params p = renv_nwn_params('x', 16, 0);
    CHECK_EQ(nr_nwn_check(&p, err, sizeof err), 0);
    nr_nwn_params b = p;
    b.r = 8;
    b.m = 2;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    CHECK(strstr(err, "XpBuf = 1") != NULL);
    b = p;
    b.speedup = 2;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    b = p;
    b.self_turn = 0;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    b = p;
    b.xp_buf = 2;
    CHECK_EQ(nr_nwn_check(&b, err, sizeof err), -1);
    nwn_geom g;
    nwn_geom_of(&p, &g);
    CHECK_EQ(g.org, NWN_FB);
    CHECK_EQ(g.nsw, 32);
    for (int x = 0; x < 16; x++) {
        CHECK_EQ(nwn_radix(&g, x), 1); /* row x: its IU, 16 crosspoints */
        CHECK_EQ(nwn_nout(&g, x), 16);
        CHECK_EQ(nwn_radix(&g, 16 + x), 16); /* column x: 16 crosspoints, its port */
        CHECK_EQ(nwn_nout(&g, 16 + x), 1);
        CHECK_EQ(nwn_port_in(&g, x).sw, x);
        CHECK_EQ(nwn_port_out(&g, x).sw, 16 + x);
        for (int q = 0; q < 16; q++) {
            nwn_end d = nwn_chan_dst(&g, x, q), s = nwn_chan_src(&g, 16 + q, x);
            CHECK(d.sw == 16 + q && d.io == x && s.sw == x && s.io == q);
            CHECK_EQ(nwn_fhop_shape(&g, x, q).tgt, q);
        }
    }
    nr_sw_counts c;
    CHECK_EQ(nr_nwn_counts(&p, &c, err, sizeof err), 0);
    CHECK_EQ(c.xpoints, 256);
    CHECK_EQ(c.sub_buffers, 256);
    CHECK_EQ(c.buf_phits, 256L * 2 * p.buf_depth); /* v k^2 crosspoint VCs of BufDepth */
}

/* §1.5: every pair at zero load, LCB and bare, ChanLat 1..3. */
static void test_latency(void)
{
    for (int lcb = 0; lcb < 2; lcb++)
        for (int lat = 1; lat <= 3; lat++) {
            nr_nwn_params p = renv_nwn_params('x', 16, lcb);
            p.chan_lat = lat;
            renv e;
            cap_t c;
            renv_init_nwn(&e, &p, NULL, 1, nr_test_seed);
            cap_attach(&e, &c);
            uint32_t ph[RENV_MAXLEN];
            for (int s = 0; s < 16; s++)
                for (int q = 0; q < 16; q++) {
                    int l = mk(ph, (unsigned)s, (unsigned)q, (unsigned)((s + q) & 1),
                               4 + (s + q) % 20, 0, 0, 0, NULL, 0);
                    for (int i = 0; i < 12; i++) renv_step(&e);
                    yt_zero_load(&e, s, ph, l, q, (lcb ? 6 : 4) + lat, 300);
                }
            YT_DONE(&e);
        }
}

/* The credit bus of row 0, watched after every clock edge. */
typedef struct {
    cap_t cap;
    long prev;     /* row 0's credits at the last edge */
    long max_home; /* most credits home to row 0 in one cycle */
    long max_wait; /* most credits waiting on row 0's bus */
} bus_t;

static long row_credits(const nr_nwn *m, int p)
{
    long s = 0;
    for (int i = 0; i < m->g.k * m->V; i++) s += m->sw[p].cc[i];
    return s;
}

static void bus_hook(renv *e, int stop)
{
    if (!stop) return;
    bus_t *w = e->ctx;
    const nr_nwn *m = renv_nwn(e);
    long now = row_credits(m, 0), wait = 0;
    /* credits home = the change, plus the phits row 0 sent (each debits one) */
    long home = now - w->prev + __builtin_popcountll(m->sw[0].d_mask);
    if (home > w->max_home) w->max_home = home;
    for (int i = 0; i < m->g.k * m->V; i++) wait += m->pend[i];
    if (wait > w->max_wait) w->max_wait = wait;
    w->prev = now;
}

/* Input 0 fills its crosspoints to outputs 1..8 while their sinks hold
 * every credit, then the sinks let go: eight crosspoints of row 0 drain at
 * once, their credits wait for the bus, one comes home per cycle. */
static void test_credit_bus(void)
{
    nr_nwn_params p = renv_nwn_params('x', 16, 0);
    p.port.in_buf_per_vc = 64; /* a packet of 8 phits needs MaxPktLen credits downstream */
    p.port.max_pkt_len = 8;
    renv e;
    bus_t w;
    memset(&w, 0, sizeof w);
    renv_init_nwn(&e, &p, NULL, 1, nr_test_seed);
    e.ctx = &w;
    e.on_pkt = cap_pkt;
    e.timer = bus_hook;
    w.prev = row_credits(renv_nwn(&e), 0);
    for (int q = 1; q <= 8; q++) e.snk[q].hold_mask = 3u;
    uint32_t ph[RENV_MAXLEN];
    int sent = 0;
    for (int n = 0; n < 8 * 20; n++) { /* more than the sinks (64) and crosspoints (8) take */
        const int q = 1 + n % 8;
        renv_send(&e, 0, ph, mk(ph, 0, (unsigned)q, (unsigned)(n / 8 & 1), 8, 0, 0, 0, NULL, 0));
        sent++;
    }
    for (int t = 0; t < 3000; t++) renv_step(&e);
    /* filling, a row's crosspoints drain no faster than its input sends */
    CHECK(w.max_wait <= 1);
    w.max_wait = 0;
    const nr_nwn *m = renv_nwn(&e);
    int full = 0; /* crosspoint VCs of row 0 full */
    for (int q = 1; q <= 8; q++)
        for (int v = 0; v < 2; v++) full += m->sw[0].cc[q * 2 + v] == 0;
    CHECK(full >= 8);
    for (int q = 1; q <= 8; q++) e.snk[q].hold_mask = 0;
    CHECK(renv_drain(&e, 50, 100000));
    CHECK_EQ(w.cap.npkt, sent);
    CHECK_EQ(w.cap.bad, 0);
    CHECK_EQ(w.max_home, 1);                     /* one credit per row and cycle */
    CHECK(w.max_wait >= 4);                      /* and the others waited for it */
    for (int t = 0; t < 200; t++) renv_step(&e); /* the bus's last credits (one a cycle) */
    for (int x = 0; x < 16; x++)                 /* every credit home */
        for (int i = 0; i < 32; i++) CHECK_EQ(m->sw[x].cc[i], p.buf_depth);
    CHECK_EQ(m->prow, 0);
    YT_DONE(&e);
}

int main(void)
{
    NR_TEST_BEGIN("test_nwn_fbx", 20261205);
    test_params();
    test_latency();
    test_credit_bus();
    NR_TEST_END("test_nwn_fbx");
}
