/* test_lcb_rd2.c - the input queue's second read port in the LCB port model
 * (docs/link-protocol.md §8.4 "Second read port"; nr_lcbp_in.rd1_en/rd1_vc,
 * nr_lcbp_out.rd1_valid/rd1_phit).
 *
 * Port A sends packets on every VC to port B over a one-cycle link (and B's
 * control words return to A). B's reader issues two reads per cycle on
 * different VCs whenever it can (the first available VC in round robin on
 * port 0, the next one on port 1), then checks:
 *   - every packet comes out whole and in order per VC, each phit on the read
 *     port that read it, one cycle after the read;
 *   - two reads in one cycle happen (many times) and each returns the right
 *     VC's phit, also when port 1 alone reads;
 *   - credits: inq_cr sums to the phits sent, and A's credit counters are all
 *     back at BufPerVc at the end;
 *   - misuse is reported by nr_lcbp_errors: both ports on one VC, port 1 on a
 *     VC with nothing to read. */
#include "nr_test.h"
#include "nr_lcb.h"
#include "nr_pkt.h"
#include "nr_rng.h"

#define NPKT 400

typedef struct {
    nr_lcbp *a, *b;
    uint32_t la, lb; /* link phits in flight (latency 1) */
    nr_lcbp_out oa, ob;
} duo;

/* One cycle: A's core offers tx (if any), B reads with rd (port 0) and rd1. */
static void duo_step(duo *d, int tx_valid, uint32_t tx_phit, int *taken, int rd_en, int rd_vc,
                     int rd1_en, int rd1_vc)
{
    nr_lcbp_in ia = {d->lb, tx_valid, tx_phit, 0, 0, 0, 0};
    nr_lcbp_in ib = {d->la, 0, 0, rd_en, rd_vc, rd1_en, rd1_vc};
    nr_lcbp_eval(d->a, &ia, &d->oa);
    nr_lcbp_eval(d->b, &ib, &d->ob);
    *taken = tx_valid && d->oa.tx_ready;
    nr_lcbp_tick(d->a);
    nr_lcbp_tick(d->b);
    d->la = d->oa.link_tx;
    d->lb = d->ob.link_tx;
}

static void run(int nvc, uint64_t seed)
{
    nr_lcb_params p = {
        .num_vcs = nvc, .buf_per_vc = 32, .replay_depth = 64, .window = 8, .max_pkt_len = 16};
    nr_lcb_cfg c = {.timeout = 200, .retry_limit = 8, .max_len = 16};
    char err[200];
    duo d;
    memset(&d, 0, sizeof d);
    d.a = nr_lcbp_new(&p, &c, err, sizeof err);
    d.b = nr_lcbp_new(&p, &c, err, sizeof err);
    CHECK(d.a && d.b);

    /* packets: random VC and length, queued back to back at A's core */
    nr_rng_t r;
    nr_rng_seed(&r, seed);
    static uint32_t tx[NPKT * 16];
    static uint32_t want[NR_LCB_MAX_VCS][NPKT * 16];
    int ntx = 0, nwant[NR_LCB_MAX_VCS] = {0}, got[NR_LCB_MAX_VCS] = {0};
    for (int k = 0; k < NPKT; k++) {
        nr_pkt_desc_t pd;
        memset(&pd, 0, sizeof pd);
        pd.src = 1;
        pd.dest = 2;
        pd.vc = (unsigned)nr_rng_below(&r, (uint64_t)nvc);
        pd.len = 4 + (int)nr_rng_below(&r, 13);
        pd.seq = (unsigned)k;
        int len = nr_pkt_build(&pd, &tx[ntx], 16, err, sizeof err);
        CHECK(len > 0);
        memcpy(&want[pd.vc][nwant[pd.vc]], &tx[ntx], sizeof(uint32_t) * (size_t)len);
        nwant[pd.vc] += len;
        ntx += len;
    }

    int ti = 0, rr = 0, last[2] = {-1, -1};
    long dual = 0, solo1 = 0, cr[NR_LCB_MAX_VCS] = {0};
    for (long t = 0; t < 200000; t++) {
        nr_lcbp_out pb;
        nr_lcbp_peek(d.b, &pb);
        /* B's reads: VC rr order; port 0 the first, port 1 the next; now and
         * then port 1 alone */
        int v0 = -1, v1 = -1;
        for (int i = 0; i < nvc; i++) {
            int v = (rr + i) % nvc;
            if (!((pb.rd_avail >> v) & 1u) || nr_rng_bernoulli(&r, 0.2)) continue;
            if (v0 < 0)
                v0 = v;
            else if (v1 < 0)
                v1 = v;
        }
        if (v0 >= 0) rr = (v0 + 1) % nvc;
        if (v0 >= 0 && v1 < 0 && nr_rng_bernoulli(&r, 0.3)) { /* port 1 alone */
            v1 = v0;
            v0 = -1;
        }
        int taken;
        duo_step(&d, ti < ntx, ti < ntx ? tx[ti] : 0, &taken, v0 >= 0, v0 >= 0 ? v0 : 0, v1 >= 0,
                 v1 >= 0 ? v1 : 0);
        ti += taken;
        dual += v0 >= 0 && v1 >= 0;
        solo1 += v0 < 0 && v1 >= 0;
        for (int v = 0; v < nvc; v++) cr[v] += d.ob.inq_cr[v];
        /* the data read last cycle, on each port */
        CHECK_EQ(d.ob.rd_valid, last[0] >= 0);
        CHECK_EQ(d.ob.rd1_valid, last[1] >= 0);
        for (int k = 0; k < 2; k++) {
            if (last[k] < 0) continue;
            int v = last[k];
            uint32_t ph = k ? d.ob.rd1_phit : d.ob.rd_phit;
            CHECK(got[v] < nwant[v]);
            CHECK_U64(ph, want[v][got[v]]);
            got[v]++;
        }
        last[0] = v0;
        last[1] = v1;
        int done = ti == ntx;
        for (int v = 0; v < nvc; v++) done &= got[v] == nwant[v];
        if (done && t > 100) break;
    }
    for (int v = 0; v < nvc; v++) {
        CHECK_EQ(got[v], nwant[v]);
        CHECK_EQ(cr[v], nwant[v]); /* every phit's credit freed once */
    }
    /* let the last control words reach A: every credit home */
    for (int t = 0; t < 400; t++) {
        int taken;
        duo_step(&d, 0, 0, &taken, 0, 0, 0, 0);
    }
    for (int v = 0; v < nvc; v++) CHECK_EQ(d.oa.credits[v], (uint32_t)p.buf_per_vc);
    CHECK_EQ(nr_lcbp_errors(d.a, err, sizeof err), 0);
    CHECK_EQ(nr_lcbp_errors(d.b, err, sizeof err), 0);
    printf("NumVcs %d: %d packets, %ld dual-read cycles, %ld port-1-only reads\n", nvc, NPKT, dual,
           solo1);
    if (nvc >= 2) CHECK(dual > 200);
    CHECK(solo1 > 50);

    /* misuse: both ports on one VC; port 1 on an empty VC */
    int taken;
    uint32_t pk[16];
    nr_pkt_desc_t pd;
    memset(&pd, 0, sizeof pd);
    pd.len = 8;
    int len = nr_pkt_build(&pd, pk, 16, err, sizeof err);
    for (int i = 0, t = 0; t < 100; t++) {
        duo_step(&d, i < len, i < len ? pk[i] : 0, &taken, 0, 0, 0, 0);
        i += taken;
    }
    nr_lcbp_out pb;
    nr_lcbp_peek(d.b, &pb);
    CHECK_EQ(pb.rd_avail, 1u);
    duo_step(&d, 0, 0, &taken, 1, 0, 1, 0);
    CHECK_EQ(nr_lcbp_errors(d.b, err, sizeof err), 1);
    CHECK_STR(err, "both read ports");
    if (nvc >= 2) {
        duo_step(&d, 0, 0, &taken, 1, 0, 1, 1);
        CHECK_EQ(nr_lcbp_errors(d.b, err, sizeof err), 2);
        CHECK_STR(err, "both read ports"); /* the first message is kept */
    }
    nr_lcbp_free(d.a);
    nr_lcbp_free(d.b);
}

int main(void)
{
    NR_TEST_BEGIN("test_lcb_rd2", 8040);
    run(2, nr_test_seed);
    run(4, nr_test_seed + 1);
    run(1, nr_test_seed + 2);
    NR_TEST_END("test_lcb_rd2");
}
