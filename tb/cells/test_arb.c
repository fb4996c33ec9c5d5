/* test_arb.c - nr_arb_rr, or nr_arb_matrix (the least recently granted
 * requester wins), against its C model (cells_model.c).
 *
 * 1. Exhaustive (when the state space is small, always for N <= 4): every
 *    reachable priority state (round-robin pointer, or the matrix's order of
 *    the requesters: all N! of them; found by
 *    a breadth-first search of the model from reset), every request pattern,
 *    advance 0 and 1: gnt_o and gnt_idx_o must match the model, and the state
 *    the DUT moves to must answer every request pattern like the model's.
 *    Each state is reached from reset along its shortest path.
 * 2. Random: --cycles cycles of random requests (density per phase) and
 *    random advance (a user holding a grant for a packet), compared every
 *    cycle.
 * 3. Fairness: all N requesting and advancing every cycle, each requester is
 *    granted exactly once per N cycles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells_model.h"
#include "cells_shim.h"
#include "cells_util.h"

#define MAX_PATH 64

typedef struct {
    arb_model m;
    int len;
    uint64_t path[MAX_PATH]; /* requests, each with advance = 1, from reset */
} arb_state;

static const cu_args *g_a; /* for messages only */

static void check(arb_dut *h, const arb_model *m, uint64_t req, long cyc, const char *ctx)
{
    char what[96];
    int g = arb_model_grant(m, req);
    snprintf(what, sizeof what, "%s: gnt_o for req 0x%llx", ctx, (unsigned long long)req);
    cu_check(g_a, cyc, what, g >= 0 ? 1ull << g : 0, arb_gnt(h));
    snprintf(what, sizeof what, "%s: gnt_idx_o for req 0x%llx", ctx, (unsigned long long)req);
    cu_check(g_a, cyc, what, (uint64_t)(g >= 0 ? g : 0), arb_gnt_idx(h));
}

int main(int argc, char **argv)
{
    cu_args a;
    nr_rng_t r;
    char name[64];
    int n = cells_param("N");
    const int lru = !strcmp(arb_top(), "nr_arb_matrix");
    snprintf(name, sizeof name, "test_%s_n%d", arb_top() + 3, n);
    cu_parse(argc, argv, &a, name, 20000, NULL);
    g_a = &a;
    printf("%s: seed %llu, cycles %ld, %s N=%d\n", name, (unsigned long long)a.seed, a.cycles,
           arb_top(), n);
    if (n > 16) {
        fprintf(stderr, "%s: the test drives at most 16 requesters\n", name);
        return 2;
    }
    nr_rng_seed(&r, a.seed);
    arb_dut *h = arb_new(a.seed);
    uint64_t all = cu_mask(n);
    long checks = 0, cyc = 0;

    /* 1. exhaustive over reachable states: the pointer values, or the
     *    orders (n!); enumerated for N <= 7 */
    int max_states = n;
    for (int k = 2; lru && k < n; k++) max_states *= k;
    int enumerate = n <= 7;
    arb_state *st = calloc(enumerate ? (size_t)max_states : 1, sizeof *st);
    uint8_t *seen = calloc((size_t)1 << 21, 1); /* keys: at most 21 bits for N <= 7 */
    if (!st || !seen) abort();
    int nst = 1;
    arb_model_init(&st[0].m, n, lru);
    seen[arb_model_key(&st[0].m)] = 1;
    for (int i = 0; i < nst && enumerate; i++) {
        for (uint64_t req = 1; req <= all; req++) {
            arb_state s = st[i];
            arb_model_step(&s.m, req, 1);
            uint64_t k = arb_model_key(&s.m);
            if (seen[k]) continue;
            seen[k] = 1;
            if (nst == max_states || s.len == MAX_PATH)
                cu_failf(&a, 0, "more reachable states than %d: the model is not a %s", max_states,
                         lru ? "total order" : "pointer");
            s.path[s.len++] = req;
            st[nst++] = s;
        }
    }
    free(seen);
    if (enumerate && nst != max_states)
        cu_failf(&a, 0, "model reaches %d states, expected %d", nst, max_states);
    double cost = (double)nst * (double)(all + 1) * 2.0 * (double)(n + all + 1);
    int exhaustive = enumerate && (n <= 4 || cost <= 2e7);
    if (exhaustive) {
        for (int i = 0; i < nst; i++) {
            for (uint64_t req = 0; req <= all; req++) {
                for (int adv = 0; adv <= 1; adv++) {
                    arb_model m;
                    arb_model_init(&m, n, lru);
                    arb_reset(h);
                    for (int p = 0; p < st[i].len; p++) {
                        arb_set(h, st[i].path[p], 1);
                        check(h, &m, st[i].path[p], cyc, "path from reset");
                        arb_model_step(&m, st[i].path[p], 1);
                        arb_tick(h);
                        cyc++;
                    }
                    arb_set(h, req, adv);
                    check(h, &m, req, cyc,
                          adv ? "state x pattern, advance" : "state x pattern, hold");
                    arb_model_step(&m, req, adv);
                    arb_tick(h);
                    cyc++;
                    for (uint64_t q = 0; q <= all; q++) {
                        arb_set(h, q, 0);
                        check(h, &m, q, cyc, "next state probe");
                    }
                    checks += 1 + (long)all + 1;
                }
            }
        }
        printf("%s: exhaustive: %d reachable states x %llu patterns x advance 0/1, %ld checks\n",
               name, nst, (unsigned long long)all + 1, checks);
    } else {
        printf("%s: %d reachable states: too many for the exhaustive pass, random only\n", name,
               enumerate ? nst : max_states);
    }
    free(st);

    /* 2. random */
    arb_model m;
    arb_model_init(&m, n, lru);
    arb_reset(h);
    cu_arb_stim stim = {50, 50};
    long grants = 0;
    for (long c = 0; c < a.cycles; c++, cyc++) {
        int adv;
        uint64_t req = cu_arb_stim_next(&r, &stim, c, n, &adv);
        arb_set(h, req, adv);
        check(h, &m, req, cyc, "random");
        grants += req != 0;
        arb_model_step(&m, req, adv);
        arb_tick(h);
        checks++;
    }

    /* 3. fairness under full load */
    long cnt[16] = {0};
    const int rounds = 50;
    for (int c = 0; c < rounds * n; c++, cyc++) {
        arb_set(h, all, 1);
        check(h, &m, all, cyc, "full load");
        cnt[arb_gnt_idx(h)]++;
        arb_model_step(&m, all, 1);
        arb_tick(h);
    }
    for (int i = 0; i < n; i++)
        if (cnt[i] != rounds)
            cu_failf(&a, cyc, "full load: requester %d granted %ld times in %d cycles, expected %d",
                     i, cnt[i], rounds * n, rounds);

    printf("PASS %s: %s%ld checks, %ld random cycles with %ld grants, fair under full load "
           "(seed %llu)\n",
           name, exhaustive ? "exhaustive + random, " : "random, ", checks, a.cycles, grants,
           (unsigned long long)a.seed);
    arb_free(h);
    return 0;
}
