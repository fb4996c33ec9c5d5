/* test_accept_share.c - the accept stage of an allocator input with fewer
 * accepts per cycle than VCs (nr_swalloc_accept, Speedup S = 1: YARC's
 * SubSpeedup = 1, docs/yarc-arch.md §6; S = 2: the input speedup of the
 * network switches' tops and bottoms, TopSpeedup = 2 in the isu2
 * configurations; docs/nwn-arch.md §6.2-6.4), checked for its fairness
 * against the document alone, and its accept rule against the C model's
 * sw_accept.
 *
 * The environment: NumVcs = 4 fronts of one input, each VC with its own free
 * output (so every head is granted unless the input is held), packets of 2 to
 * 9 phits. The document's rule, written here: of the candidates, the first S
 * in round-robin order from the accept pointer are accepted; the pointer
 * moves past the first of them when it pops an EOP; while S packets continue
 * and their outputs can take them, the heads' requests are withdrawn (held).
 *
 * --mode sat: every VC always has a packet (symmetric saturated load).
 *   Checked each cycle: the RTL's accept equals the rule's (and sw_accept's);
 *   with S = 1, a head waiting as a candidate sees at most NumVcs - 1 other
 *   packets start before it (bounded waiting: one packet holds the lane at a
 *   time), and at the end every VC started the same number of packets, to
 *   within one (round robin under symmetric load); with any S, each VC's
 *   share of the accepted phits lies within 10 % of 1/NumVcs (with S = 2 a
 *   waiting head was seen to see 7 other packets start, and the document
 *   states no bound for two lanes: the bound and the within-one count are
 *   checked with S = 1 only).
 * --mode rand: packets arrive at random (probability 0.3 per cycle on a free
 *   VC) and a continuing packet's output takes it with probability 0.8: the
 *   same per-cycle accept rule, and each VC's share of the started packets
 *   within 10 % of 1/NumVcs (symmetric arrivals). Not the NumVcs - 1 bound:
 *   while a packet's output stalls, heads of other VCs are accepted beside it
 *   (one accept per cycle, several packets open), and the pointer, which
 *   moves only at an EOP, can pass a waiting head (seen: 4 other packets
 *   start before it); the largest number seen is printed. */
#include <stdio.h>
#include <string.h>

#include "cells_shim.h"
#include "cells_util.h"
#include "nr_fmt.h"
#include "nr_pkt.h"
#include "sw_common.h"

#define NV 4

typedef struct {
    int has, in_pkt, left, len; /* a front; its packet holds an output; phits left */
    long waited;                /* packets started by others while this head waited, -1 none */
} vc_t;

static unsigned kind_of(const vc_t *x)
{
    if (!x->in_pkt) return NR_KIND_HEAD;
    return x->left == 1 ? NR_KIND_EOP : NR_KIND_BODY;
}

int main(int argc, char **argv)
{
    cu_args a;
    cu_parse(argc, argv, &a, "test_accept_share", 200000, "sat rand");
    const int sat = !a.mode || !strcmp(a.mode, "sat");
    const int S = (int)cells_param("Speedup");
    if (cells_param("NumVcs") != NV || S < 1 || S > 2) {
        fprintf(stderr, "test_accept_share: needs NumVcs=4 and Speedup 1 or 2\n");
        return 2;
    }
    printf("test_accept_share: seed %llu, cycles %ld, mode %s, S %d\n", (unsigned long long)a.seed,
           a.cycles, sat ? "sat" : "rand", S);
    nr_rng_t r;
    nr_rng_seed(&r, a.seed);
    acc_dut *h = acc_new(a.seed);
    acc_reset(h);
    vc_t vc[NV];
    memset(vc, 0, sizeof vc);
    int ptr = 0;
    long pk[NV] = {0}, ph[NV] = {0}, started = 0, maxwait = 0;
    for (long k = 0; k < a.cycles; k++) {
        unsigned valid = 0, head = 0, own = 0, rdy = 0;
        uint32_t pay[NV];
        unsigned tgt[NV];
        for (int v = 0; v < NV; v++) {
            vc_t *x = &vc[v];
            if (!x->has && (sat || nr_rng_below(&r, 10) < 3)) {
                x->has = 1;
                x->len = x->left = 2 + (int)nr_rng_below(&r, 8);
                x->waited = -1;
            }
            pay[v] = nr_phit_make(kind_of(x), (uint32_t)k & NR_DATA_MASK);
            tgt[v] = (unsigned)v;
            if (!x->has) continue;
            valid |= 1u << v;
            if (!x->in_pkt) head |= 1u << v;
            if (x->in_pkt) own |= 1u << v;
            if (x->in_pkt && (sat || nr_rng_below(&r, 10) < 8)) rdy |= 1u << v;
        }
        /* the held test first (it does not depend on grants), then the grants */
        acc_set(h, valid, head, pay, tgt, 0, own, rdy);
        int held = acc_held(h);
        int want_held = sw_nbits4(rdy & valid & ~head) >= S;
        if (held != want_held)
            cu_failf(&a, k, "held %d, the rule gives %d (rdy 0x%x valid 0x%x head 0x%x)", held,
                     want_held, rdy, valid, head);
        unsigned gnt = (rdy & own) | (held ? 0u : head);
        acc_set(h, valid, head, pay, tgt, gnt, own, rdy);
        unsigned acc = acc_acc(h);
        /* the rule: the first S candidates at or after ptr, round robin */
        unsigned want = 0;
        int first = -1, n = 0;
        for (int i = 0; i < NV && n < S; i++)
            if (gnt >> ((ptr + i) % NV) & 1u) {
                want |= 1u << ((ptr + i) % NV);
                if (!n++) first = (ptr + i) % NV;
            }
        if (sw_accept(gnt, S, NV, ptr) != want)
            cu_failf(&a, k, "the model's sw_accept(0x%x, %d, ptr %d) = 0x%x, the rule 0x%x", gnt, S,
                     ptr, sw_accept(gnt, S, NV, ptr), want);
        if (acc != want)
            cu_failf(&a, k, "candidates 0x%x, pointer %d: the RTL accepted 0x%x, the rule 0x%x",
                     gnt, ptr, acc, want);
        for (int v = 0; v < NV; v++) {
            vc_t *x = &vc[v];
            if (!(acc >> v & 1u)) continue;
            ph[v]++;
            if (!x->in_pkt) {
                x->in_pkt = 1;
                pk[v]++;
                started++;
                for (int u = 0; u < NV; u++) {
                    if (u == v || vc[u].waited < 0) continue;
                    if (++vc[u].waited > maxwait) maxwait = vc[u].waited;
                    if (sat && S == 1 && vc[u].waited > NV - 1)
                        cu_failf(&a, k, "VC %d's head waited while %ld other packets started", u,
                                 vc[u].waited);
                }
                x->waited = -1;
            }
            if (--x->left == 0) {
                x->has = x->in_pkt = 0;
                if (v == first) ptr = (v + 1) % NV; /* past the first accepted, at its EOP */
            }
        }
        /* a head that is a candidate and was not taken starts (or goes on) waiting */
        for (int v = 0; v < NV; v++)
            if ((gnt & head & ~acc) >> v & 1u && vc[v].waited < 0) vc[v].waited = 0;
        acc_tick(h);
    }
    acc_free(h);
    long tot_pk = 0, tot_ph = 0, mn = pk[0], mx = pk[0];
    for (int v = 0; v < NV; v++) {
        tot_pk += pk[v];
        tot_ph += ph[v];
        if (pk[v] < mn) mn = pk[v];
        if (pk[v] > mx) mx = pk[v];
    }
    printf("test_accept_share: packets started per VC:");
    for (int v = 0; v < NV; v++) printf(" %ld", pk[v]);
    printf(" (phits:");
    for (int v = 0; v < NV; v++) printf(" %ld", ph[v]);
    printf("); a waiting head saw at most %ld other packets start\n", maxwait);
    if (tot_pk < 1000) cu_failf(&a, a.cycles, "only %ld packets started", tot_pk);
    if (sat && S == 1 && mx - mn > 1)
        cu_failf(&a, a.cycles, "saturated: packets per VC from %ld to %ld (round robin: within 1)",
                 mn, mx);
    for (int v = 0; v < NV; v++) {
        double share = sat ? (double)ph[v] / tot_ph : (double)pk[v] / tot_pk;
        if (share < 0.9 / NV || share > 1.1 / NV)
            cu_failf(&a, a.cycles, "VC %d's share %.4f is outside 1/%d +- 10 %%", v, share, NV);
    }
    printf("PASS test_accept_share: %ld cycles, %ld packets, %ld phits (seed %llu)\n", a.cycles,
           tot_pk, tot_ph, (unsigned long long)a.seed);
    return 0;
}
