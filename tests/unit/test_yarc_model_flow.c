/* test_yarc_model_flow.c - flow-control properties of the YARC C model
 * (docs/yarc-arch.md §2, §3, §6, §7):
 *   - stage-1 and stage-2 round robin give every input of a hotspot an equal
 *     share (inputs of one row: stage 1; of one column: stage 2; all: both);
 *   - VC independence: a VC 0 packet blocked at an output without VC 0
 *     credits does not block VC 1 through the same input, row bus,
 *     subswitch, column channel and output port (bare and with LCBs);
 *   - the wormhole credit loops sustain one phit per cycle at the minimum
 *     legal depths (2L), for one packet and for a permutation at full load. */
#include "renv_test.h"

typedef struct {
    long per_src[NR_MAX_PORTS]; /* packets delivered, by source (tag) */
    long per_vc[NR_LCB_MAX_VCS];
    long pkts;
    int counting;
    long last_port;
} flow_t;

static void on_pkt(renv *e, int port, const uint32_t *ph, int len)
{
    flow_t *f = e->ctx;
    nr_pkt_info_t in;
    nr_pkt_parse(ph, len, e->nvc, 64, &in);
    f->last_port = port;
    if (!f->counting) return;
    f->pkts++;
    if (in.has_tag && in.tag_src < NR_MAX_PORTS) f->per_src[in.tag_src]++;
    f->per_vc[in.vc & 3]++;
}

/* A YARC environment of p whose deliveries f counts (from zero). */
static void flow_open(renv *e, flow_t *f, const nr_yarc_params *p)
{
    memset(f, 0, sizeof *f);
    renv_init(e, p, NULL, 1, nr_test_seed);
    e->ctx = f;
    e->on_pkt = on_pkt;
}

static int mk_seq(uint32_t *ph, unsigned src, unsigned dest, unsigned vc, int len, uint32_t seq)
{
    nr_pkt_desc_t d = nr_pkt_desc(src, dest, vc, seq, len);
    return yt_build(&d, ph);
}

/* Keep each source in `srcs` backlogged with packets to `hot` (VC
 * alternating per packet if two_vcs), run warm + meas cycles, and check that
 * the delivered shares are equal within tol (relative). */
static void hotspot_case(int rows, int cols, const int *srcs, int nsrc, int hot, int two_vcs,
                         int len, double tol)
{
    nr_yarc_params p = renv_params(rows, cols, 0);
    renv e;
    flow_t f;
    flow_open(&e, &f, &p);
    uint32_t ph[RENV_MAXLEN];
    uint32_t seq[NR_MAX_PORTS] = {0};
    long warm = 3000, meas = 30000;
    for (long c = 0; c < warm + meas; c++) {
        f.counting = c >= warm;
        for (int i = 0; i < nsrc; i++) {
            int s = srcs[i];
            if (renv_src_backlog(&e, s) < 2 * len) {
                unsigned vc = two_vcs ? seq[s] & 1u : 0u;
                int l = mk_seq(ph, (unsigned)s, (unsigned)hot, vc, len, seq[s]++);
                renv_send(&e, s, ph, l);
            }
        }
        renv_step(&e);
    }
    /* the hot output ran at full rate */
    double rate = (double)f.pkts * len / (double)meas;
    CHECK(rate > 0.97);
    long mn = f.per_src[srcs[0]], mx = mn;
    for (int i = 1; i < nsrc; i++) {
        long v = f.per_src[srcs[i]];
        mn = v < mn ? v : mn;
        mx = v > mx ? v : mx;
    }
    double mean = (double)f.pkts / nsrc;
    printf(
        "hotspot %dx%d n=%d vcs=%d: %ld pkts, rate %.3f, per input min %ld max %ld (mean %.1f)\n",
        rows, cols, nsrc, two_vcs ? 2 : 1, f.pkts, rate, mn, mx, mean);
    CHECK((double)mn >= mean * (1 - tol));
    CHECK((double)mx <= mean * (1 + tol));
    YT_DONE(&e);
}

static void test_fairness(void)
{
    /* stage 1 only: the 4 inputs of row 0 of a 4x4 to output 6 (tile (1,2))
     * share subswitch (0, 2) output 1 */
    int row0[4] = {0, 1, 2, 3};
    hotspot_case(4, 4, row0, 4, 6, 0, 8, 0.01);
    hotspot_case(4, 4, row0, 4, 6, 1, 8, 0.01);
    /* stage 2 only: one input per row (column 1), each through its own
     * subswitch and column buffer */
    int col1[4] = {1, 5, 9, 13};
    hotspot_case(4, 4, col1, 4, 6, 0, 8, 0.01);
    hotspot_case(4, 4, col1, 4, 6, 1, 8, 0.01);
    /* both stages: every input of k = 16 and of k = 64 */
    int all[64];
    for (int i = 0; i < 64; i++) all[i] = i;
    hotspot_case(4, 4, all, 16, 6, 1, 8, 0.02);
    hotspot_case(8, 8, all, 64, 27, 1, 4, 0.05);
    hotspot_case(8, 8, all, 64, 27, 0, 19, 0.05);
}

/* VC independence (§2). Input 1 and output 6 of a 4x4: row bus of input 1,
 * subswitch (0, 2), column channel 1 of it, column buffers of tile (1, 2). */
static void vc_independence_case(int lcb)
{
    nr_yarc_params p = renv_params(4, 4, lcb);
    renv e;
    flow_t f;
    flow_open(&e, &f, &p);
    f.counting = 1;
    uint32_t ph[RENV_MAXLEN];
    e.snk[6].hold_mask = 1u; /* output 6's sink never drains VC 0 */
    /* Use up output 6's VC 0 credits (bare: 128 at the output counter; with
     * LCBs the NIC's input queue holds 128 and returns nothing). */
    for (uint32_t s = 0; s < 2; s++) {
        int l = mk_seq(ph, 1, 6, 0, 64, s);
        renv_send(&e, 1, ph, l);
    }
    for (int i = 0; i < 600; i++) renv_step(&e);
    CHECK_EQ(f.per_vc[0], lcb ? 0 : 2); /* with LCBs they sit in the NIC queue */
    /* The third VC 0 packet cannot start at output 6 and backs up into the
     * column buffer, the row buffer, staging and the input queue. */
    int l = mk_seq(ph, 1, 6, 0, 60, 2);
    renv_send(&e, 1, ph, l);
    for (int i = 0; i < 300; i++) renv_step(&e);
    long vc0_before = f.per_vc[0];
    /* VC 1 through the same input and subswitch, to the same output and to
     * another output of subswitch (0, 2) (output 2, column channel 0). */
    uint32_t seq6 = 0, seq2 = 0;
    for (int k = 0; k < 40; k++) {
        l = k & 1 ? mk_seq(ph, 1, 2, 1, 19, seq2++) : mk_seq(ph, 1, 6, 1, 19, seq6++);
        renv_send(&e, 1, ph, l);
    }
    for (int i = 0; i < 3000; i++) renv_step(&e);
    CHECK_EQ(f.per_vc[1], 40);
    CHECK_EQ(f.per_vc[0], vc0_before); /* the VC 0 packet is still blocked */
    /* release VC 0: everything drains */
    e.snk[6].hold_mask = 0;
    CHECK(renv_drain(&e, 200, 20000));
    CHECK_EQ(f.per_vc[0], 3);
    CHECK_EQ(f.per_vc[1], 40);
    YT_DONE(&e);
}

/* §3: with RowBufDepth = 2*RowBusLat and ColBufDepth = 2*ColLat the credit
 * loops sustain one phit per cycle. */
static void credit_loop_case(int rows, int cols, int lr, int lc)
{
    nr_yarc_params p = renv_params(rows, cols, 0);
    p.row_bus_lat = lr;
    p.col_lat = lc;
    p.row_buf_depth = 2 * lr < 2 ? 2 : 2 * lr;
    p.col_buf_depth = 2 * lc < 2 ? 2 : 2 * lc;
    if (lr == 3) p.row_buf_depth = 8;
    if (lc == 3) p.col_buf_depth = 8;
    int n = rows * cols;
    renv e;
    flow_t f;
    flow_open(&e, &f, &p);
    uint32_t ph[RENV_MAXLEN];

    /* (a) one 64-phit packet leaves without a gap */
    int l = mk_seq(ph, 0, (unsigned)(n - 1), 0, 64, 0);
    renv_send(&e, 0, ph, l);
    long first, last;
    yt_hops(&e, 200, NULL, &first, &last);
    CHECK_EQ(last - first + 1, 64);

    /* (b) a random permutation at full load, VCs alternating per packet:
     * every output receives one phit per cycle. */
    int perm[NR_MAX_PORTS];
    for (int i = 0; i < n; i++) perm[i] = i;
    nr_rng_t r;
    nr_rng_seed(&r, nr_test_seed + (uint64_t)(lr * 10 + lc));
    for (int i = n - 1; i > 0; i--) {
        int j = (int)nr_rng_below(&r, (uint64_t)i + 1), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    uint32_t seq[NR_MAX_PORTS] = {0};
    long warm = 500, meas = 4000;
    uint64_t hops0 = 0;
    for (long c = 0; c < warm + meas; c++) {
        if (c == warm) hops0 = e.phit_hops;
        for (int s = 0; s < n; s++)
            if (renv_src_backlog(&e, s) < 128) {
                l = mk_seq(ph, (unsigned)s, (unsigned)perm[s], seq[s] & 1u, 32, seq[s] + 1);
                seq[s]++;
                renv_send(&e, s, ph, l);
            }
        renv_step(&e);
    }
    double rate = (double)(e.phit_hops - hops0) / (double)meas / n;
    printf("credit loops %dx%d RowBusLat %d depth %d, ColLat %d depth %d: %.4f phits/cycle/port\n",
           rows, cols, lr, p.row_buf_depth, lc, p.col_buf_depth, rate);
    CHECK(rate > 0.999);
    YT_DONE(&e);
}

/* One VC alone pays one cycle per packet at the RBD (the route of the next
 * packet is computed in the cycle after the EOP is sent, §4.2): a stream of
 * L-phit packets on one VC runs at L/(L+1). */
static void test_single_vc_rate(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    flow_t f;
    flow_open(&e, &f, &p);
    uint32_t ph[RENV_MAXLEN];
    uint32_t seq = 0;
    long warm = 300, meas = 3000;
    uint64_t h0 = 0;
    for (long c = 0; c < warm + meas; c++) {
        if (c == warm) h0 = e.phit_hops;
        if (renv_src_backlog(&e, 3) < 64) {
            int l = mk_seq(ph, 3, 12, 0, 8, seq++);
            renv_send(&e, 3, ph, l);
        }
        renv_step(&e);
    }
    double rate = (double)(e.phit_hops - h0) / (double)meas;
    printf("single VC, 8-phit packets: %.4f phits/cycle (8/9 = %.4f)\n", rate, 8.0 / 9);
    CHECK_NEAR(rate, 8.0 / 9, 0.002);
    YT_DONE(&e);
}

int main(void)
{
    NR_TEST_BEGIN("test_yarc_model_flow", 77);
    test_fairness();
    vc_independence_case(0);
    vc_independence_case(1);
    credit_loop_case(4, 4, 1, 1);
    credit_loop_case(4, 4, 2, 2);
    credit_loop_case(4, 4, 4, 4);
    credit_loop_case(2, 8, 1, 4);
    credit_loop_case(8, 8, 4, 2);
    credit_loop_case(8, 8, 3, 1);
    test_single_vc_rate();
    NR_TEST_END("test_yarc_model_flow");
}
