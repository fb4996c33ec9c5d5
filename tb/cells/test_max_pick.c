/* test_max_pick.c - nr_max_pick against the C model's sw_max_pick
 * (csrc/model/sw_route.c), the function the routers' adaptive choices call,
 * so the cell and the model's reading of "highest score, ties to the first
 * at or after the pointer" are checked against each other.
 *
 * Every case also checks the choice without the model: any_o says whether a
 * candidate exists; max_o is the highest candidate score (0 with none);
 * best_o is a candidate of that score, the first at or after ptr_i when one
 * is, else the lowest (0 with none). A pointer >= N acts as 0.
 * 1. Exhaustive when N + N*ScW + IW <= 20 bits: every (cand, score, ptr).
 * 2. Random: --cycles cases; scores drawn from two values in half of them,
 *    so that ties are common. */
#include <stdio.h>

#include "cells_shim.h"
#include "cells_util.h"
#include "sw_common.h"

static int N, SCW, IW;

/* the expected outputs, from sw_max_pick and from the definition */
static void check(const cu_args *a, long k, maxpick_dut *h, uint64_t cand, uint64_t score,
                  uint32_t ptr)
{
    int sc[64];
    uint32_t mx = 0;
    int any = 0;
    for (int l = 0; l < N; l++) {
        sc[l] = (int)((score >> (l * SCW)) & cu_mask(SCW));
        if (((cand >> l) & 1u) && (!any || (uint32_t)sc[l] > mx)) {
            mx = (uint32_t)sc[l];
            any = 1;
        }
    }
    int ref = sw_max_pick(cand, sc, (int)ptr < N ? (int)ptr : 0, N);
    uint32_t best = ref < 0 ? 0 : (uint32_t)ref;
    /* the definition: the first top candidate at or after ptr, else the lowest */
    int def = -1, lo = -1;
    for (int l = N - 1; l >= 0; l--)
        if (((cand >> l) & 1u) && (uint32_t)sc[l] == mx) {
            lo = l;
            if (l >= (int)ptr) def = l;
        }
    if (def < 0) def = lo;
    if ((def < 0 ? 0u : (uint32_t)def) != best)
        cu_failf(a, k,
                 "sw_max_pick(cand 0x%llx, score 0x%llx, ptr %u) = %d, the definition gives %d",
                 (unsigned long long)cand, (unsigned long long)score, ptr, ref, def);
    maxpick_out o;
    maxpick_eval(h, cand, score, ptr, &o);
    if (o.any_o != any || o.max_o != mx || o.best_o != best)
        cu_failf(a, k,
                 "cand 0x%llx, score 0x%llx, ptr %u: expected any %d max %u best %u, actual "
                 "any %d max %u best %u",
                 (unsigned long long)cand, (unsigned long long)score, ptr, any, mx, best, o.any_o,
                 o.max_o, o.best_o);
}

int main(int argc, char **argv)
{
    cu_args a;
    char name[64];
    N = cells_param("N");
    SCW = cells_param("ScW");
    IW = 1;
    while (N > 1 && (1 << IW) < N) IW++;
    snprintf(name, sizeof name, "test_max_pick_n%d_s%d", N, SCW);
    cu_parse(argc, argv, &a, name, 200000, NULL);
    printf("%s: seed %llu, cycles %ld, N=%d ScW=%d\n", name, (unsigned long long)a.seed, a.cycles,
           N, SCW);
    if (N < 1 || N > 64 || SCW < 1 || SCW > 8 || N * SCW > 64) {
        fprintf(stderr, "%s: these builds need 1 <= N <= 64, 1 <= ScW <= 8, N*ScW <= 64\n", name);
        return 2;
    }
    nr_rng_t r;
    nr_rng_seed(&r, a.seed);
    maxpick_dut *h = maxpick_new(a.seed);
    long n_exh = 0, k = 0;
    int bits = N + N * SCW + IW;
    if (bits <= 20) {
        for (uint64_t x = 0; x < (1ull << bits); x++, n_exh++)
            check(&a, n_exh, h, x & cu_mask(N), (x >> N) & cu_mask(N * SCW),
                  (uint32_t)(x >> (N + N * SCW)));
        printf("%s: exhaustive: %ld (cand, score, ptr) cases\n", name, n_exh);
    }
    for (; k < a.cycles; k++) {
        uint64_t cand = nr_rng_u64(&r) & cu_mask(N), score = 0;
        if (k & 1) {
            uint64_t v0 = nr_rng_below(&r, 1u << SCW), v1 = nr_rng_below(&r, 1u << SCW);
            for (int l = 0; l < N; l++) score |= ((nr_rng_below(&r, 2) ? v1 : v0) << (l * SCW));
        } else {
            score = nr_rng_u64(&r) & cu_mask(N * SCW);
        }
        if (k % 8 == 0) cand = nr_rng_below(&r, 2) ? cu_mask(N) : 0;
        check(&a, n_exh + k, h, cand, score, (uint32_t)nr_rng_below(&r, 1u << IW));
    }
    maxpick_free(h);
    printf("PASS %s: %ld exhaustive + %ld random cases (seed %llu)\n", name, n_exh, k,
           (unsigned long long)a.seed);
    return 0;
}
