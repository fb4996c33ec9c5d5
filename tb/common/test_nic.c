/* test_nic.c - checks of the NIC component (nic.h): two NICs joined back to
 * back by a link of a few cycles each way. NIC A's source offers tagged
 * packets on every VC in turn; NIC B's sink reads with tb_nic_read_rr, but
 * only on some cycles, so that several VCs hold phits at once. Checked:
 * tb_nic_eval reports a taken phit exactly when the TX takes it (every
 * offered phit is taken once, none of a packet twice); every phit B reads
 * arrives with data_vc the VC it read a cycle before (-1 and no data after a
 * cycle without a read); per VC the packets arrive whole, in order and equal
 * to what A sent; the round robin starts after the last VC read; at the end
 * both NICs are at rest (tb_nic_home, not tb_nic_busy) and the LCB models
 * found no error. Exit 0 on pass; prints the seed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/nic.h"
#include "common/nr_test.h"
#include "nr_pkt.h"
#include "nr_rng.h"

#define V 3
#define LAT 3
#define NPKT 60
#define PLEN_MAX 12

typedef struct {
    uint32_t ph[PLEN_MAX];
    int len;
} pkt;

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 7;
    NR_TEST_BEGIN("test_nic", seed);
    nr_rng_t rng;
    nr_rng_seed(&rng, seed);
    nr_lcb_params lp = {V, 32, 64, 8, 16, 16};
    nr_lcb_cfg lc = {.timeout = 200, .retry_limit = 8, .max_len = 16};
    tb_nic a, b;
    char err[200];
    CHECK(tb_nic_init(&a, &lp, &lc, err, sizeof err) == 0);
    CHECK(tb_nic_init(&b, &lp, &lc, err, sizeof err) == 0);
    CHECK(a.data_vc == -1 && a.rd_vc == 0 && a.nvcs == V && a.buf == 32);
    /* a bad parameter: no model, the LCB's message */
    tb_nic bad;
    nr_lcb_params lbad = lp;
    lbad.num_vcs = 9;
    CHECK(tb_nic_init(&bad, &lbad, &lc, err, sizeof err) == -1 && bad.lcb == NULL && err[0]);
    tb_nic_release(&bad);

    /* the packets, VC i % V, and what B must receive per VC, in order */
    static pkt sent[NPKT];
    for (int i = 0; i < NPKT; i++) {
        int len = 4 + (int)nr_rng_below(&rng, PLEN_MAX - 3);
        nr_pkt_desc_t d = nr_pkt_desc(1, 2, (unsigned)(i % V), (uint32_t)(i / V), len);
        CHECK_EQ(nr_pkt_build(&d, sent[i].ph, PLEN_MAX, err, sizeof err), len);
        sent[i].len = len;
    }
    int next_rx[V] = {0}, pos[V] = {0};    /* per VC: packet index (i = v + V * n) and phit */
    uint32_t ab[LAT] = {0}, ba[LAT] = {0}; /* link delay lines, A->B and B->A */
    int cur = 0, cpos = 0;                 /* A's source: packet and phit offered */
    long taken = 0, received = 0, want = 0, reads = 0;
    for (int i = 0; i < NPKT; i++) want += sent[i].len;
    int quiet = 0;
    for (int t = 0; t < 20000 && quiet < 200; t++) {
        const int slot = t % LAT;
        tb_nic_begin(&a, ba[slot]);
        tb_nic_begin(&b, ab[slot]);
        CHECK(a.in.tx_valid == 0 && a.in.rd_en == 0 && b.in.link_rx == ab[slot]);
        if (cur < NPKT) tb_nic_offer(&a, sent[cur].ph[cpos]);
        /* B reads on 2 cycles of 5 while packets flow, on every cycle later */
        int v = -2;
        if (t % 5 < 2 || cur == NPKT) {
            int from = (b.rd_vc + 1) % V, exp = -1;
            for (int k = 0; k < V && exp < 0; k++)
                if (b.pk.rd_avail >> ((from + k) % V) & 1u) exp = (from + k) % V;
            v = tb_nic_read_rr(&b);
            CHECK_EQ(v, exp); /* the first readable VC after the last one read */
            if (v >= 0) CHECK(b.in.rd_en == 1 && b.in.rd_vc == v);
        } else {
            tb_nic_read(&b, -1); /* no read: no input set */
            CHECK(b.in.rd_en == 0);
        }
        const int want_data = b.data_vc;
        const int offered = a.in.tx_valid;
        const int took = tb_nic_eval(&a);
        tb_nic_eval(&b);
        CHECK_EQ(took, offered && a.out.tx_ready);
        if (took) {
            taken++;
            if (++cpos == sent[cur].len) cur++, cpos = 0;
        } else if (offered && cpos > 0) {
            CHECK(!"the TX refused a mid-packet phit");
        }
        if (b.out.rd_valid) {
            int dv = b.data_vc;
            CHECK(dv >= 0 && dv == want_data);
            CHECK(next_rx[dv] * V + dv < NPKT);
            const pkt *p = &sent[next_rx[dv] * V + dv];
            CHECK_EQ(b.out.rd_phit, p->ph[pos[dv]]);
            if (++pos[dv] == p->len) next_rx[dv]++, pos[dv] = 0;
            received++;
            reads++;
        } else {
            CHECK(b.data_vc == -1 || !"a read a cycle ago must return data");
        }
        ab[slot] = a.out.link_tx;
        ba[slot] = b.out.link_tx;
        tb_nic_tick(&a);
        tb_nic_tick(&b);
        CHECK_EQ(b.data_vc, b.in.rd_en ? b.in.rd_vc : -1);
        quiet = (cur == NPKT && received == want && !tb_nic_busy(&a) && !tb_nic_busy(&b))
                    ? quiet + 1
                    : 0;
    }
    CHECK_EQ(taken, want);
    CHECK_EQ(received, want);
    for (int v = 0; v < V; v++) CHECK_EQ(next_rx[v], (NPKT - v + V - 1) / V);
    CHECK(tb_nic_home(&a) && tb_nic_home(&b));
    CHECK(!tb_nic_busy(&a) && !tb_nic_busy(&b));
    nr_lcbp_out s = tb_nic_state(&a);
    for (int v = 0; v < V; v++)
        CHECK(tb_nic_vc_home(&s, &a, v) && s.credits[v] == 32u && s.occ[v] == 0u);
    CHECK_EQ(tb_nic_errors(&a, err, sizeof err), 0);
    CHECK_EQ(tb_nic_errors(&b, err, sizeof err), 0);
    tb_nic_release(&a);
    tb_nic_release(&b);
    CHECK(a.lcb == NULL && b.lcb == NULL);
    tb_nic_release(&a); /* twice: harmless */
    NR_TEST_END("test_nic");
}
