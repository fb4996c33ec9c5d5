/* test_arb_multi.c - nr_arb_rr_multi against a C model.
 *
 * Model: a pointer p (reset 0). The grants are the first min(S, #requests)
 * requesters at or after p, cyclically, reported in that order as picks
 * 0..S-1. With advance, p moves to one past the first pick (PastLast = 0) or
 * the last pick (PastLast = 1) when anything is granted.
 * 1. Exhaustive: every pointer value (reached from reset by one granted
 *    request), times every request pattern, times advance 0/1: gnt_o,
 *    pick_valid_o and pick_idx_o against the model, then the next pointer
 *    probed with all requesters on (pick 0 is the pointer).
 * 2. Random: --cycles cycles of random requests (density per phase) and random
 *    advance, compared every cycle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells_shim.h"
#include "cells_util.h"

static int N, S, LAST;
static const cu_args *g_a;

typedef struct {
    uint64_t gnt;
    int np, pick[8];
} picks;

static picks model_picks(int ptr, uint64_t req)
{
    picks r;
    memset(&r, 0, sizeof r);
    for (int k = 0; k < N && r.np < S; k++) {
        int i = (ptr + k) % N;
        if ((req >> i) & 1u) {
            r.gnt |= 1ull << i;
            r.pick[r.np++] = i;
        }
    }
    return r;
}

static int model_next(int ptr, uint64_t req, int adv)
{
    picks r = model_picks(ptr, req);
    if (!adv || r.np == 0) return ptr;
    return ((LAST ? r.pick[r.np - 1] : r.pick[0]) + 1) % N;
}

static void check(arbm_dut *h, int ptr, uint64_t req, long cyc, const char *ctx)
{
    char what[96];
    picks r = model_picks(ptr, req);
    snprintf(what, sizeof what, "%s: gnt_o for req 0x%llx", ctx, (unsigned long long)req);
    cu_check(g_a, cyc, what, r.gnt, arbm_gnt(h));
    snprintf(what, sizeof what, "%s: pick_valid_o for req 0x%llx", ctx, (unsigned long long)req);
    cu_check(g_a, cyc, what, cu_mask(r.np), arbm_pick_valid(h));
    for (int k = 0; k < r.np; k++) {
        snprintf(what, sizeof what, "%s: pick %d for req 0x%llx", ctx, k, (unsigned long long)req);
        cu_check(g_a, cyc, what, (uint64_t)r.pick[k], arbm_pick_idx(h, k));
    }
}

int main(int argc, char **argv)
{
    cu_args a;
    nr_rng_t r;
    char name[64];
    N = cells_param("N");
    S = cells_param("S");
    LAST = cells_param("PastLast");
    snprintf(name, sizeof name, "test_arb_multi_n%d_s%d_%s", N, S, LAST ? "last" : "first");
    cu_parse(argc, argv, &a, name, 20000, NULL);
    g_a = &a;
    printf("%s: seed %llu, cycles %ld, nr_arb_rr_multi N=%d S=%d PastLast=%d\n", name,
           (unsigned long long)a.seed, a.cycles, N, S, LAST);
    if (N > 8 || S > 8) {
        fprintf(stderr, "%s: the test drives at most 8 requesters\n", name);
        return 2;
    }
    nr_rng_seed(&r, a.seed);
    arbm_dut *h = arbm_new(a.seed);
    const uint64_t all = cu_mask(N);
    long checks = 0, cyc = 0;

    /* 1. exhaustive */
    for (int p = 0; p < N; p++) {
        for (uint64_t req = 0; req <= all; req++) {
            for (int adv = 0; adv <= 1; adv++) {
                int ptr = 0;
                arbm_reset(h);
                if (p > 0) { /* one granted request moves the pointer to p */
                    uint64_t q = 1ull << (p - 1);
                    arbm_set(h, q, 1);
                    check(h, ptr, q, cyc, "path from reset");
                    ptr = model_next(ptr, q, 1);
                    arbm_tick(h);
                    cyc++;
                }
                arbm_set(h, req, adv);
                check(h, ptr, req, cyc, adv ? "state x pattern, advance" : "state x pattern, hold");
                ptr = model_next(ptr, req, adv);
                arbm_tick(h);
                cyc++;
                arbm_set(h, all, 0);
                check(h, ptr, all, cyc, "next state probe");
                checks += 2;
            }
        }
    }
    printf("%s: exhaustive: %d pointer values x %llu patterns x advance 0/1, %ld checks\n", name, N,
           (unsigned long long)all + 1, checks);

    /* 2. random */
    int ptr = 0;
    arbm_reset(h);
    cu_arb_stim stim = {50, 50};
    for (long c = 0; c < a.cycles; c++, cyc++) {
        int adv;
        uint64_t req = cu_arb_stim_next(&r, &stim, c, N, &adv);
        arbm_set(h, req, adv);
        check(h, ptr, req, cyc, "random");
        ptr = model_next(ptr, req, adv);
        arbm_tick(h);
        checks++;
    }
    printf("PASS %s: exhaustive + random, %ld checks, %ld random cycles (seed %llu)\n", name,
           checks, a.cycles, (unsigned long long)a.seed);
    arbm_free(h);
    return 0;
}
