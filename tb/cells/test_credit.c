/* test_credit.c - nr_credit_cnt against its C model.
 *
 * Default mode "random": per cycle and VC a random legal debit and return
 * (including debit and return together, also at 0 and at MaxCredits);
 * count_o and full_o are compared with the model every cycle; the phases
 * alternate between draining (mostly debits) and refilling (mostly returns)
 * so both ends are hit often. At the end every credit is returned and full_o
 * must be all ones.
 * Negative modes (run through tb/cells/expect_assert.sh, which passes only if
 * the simulation dies with the named NR_ASSERT):
 *   --mode underflow   drain VC 0 to 0, then debit it with no return;
 *   --mode overflow    return one credit to a full VC 0.
 * If the DUT does not stop, the test prints FAIL and exits 1. */
#include <stdio.h>
#include <string.h>

#include "cells_model.h"
#include "cells_shim.h"
#include "cells_util.h"

typedef struct {
    cu_args *a;
    credit_dut *h;
    credit_model m;
    int cntw;
    long cyc;
} tb;

static void compare(tb *t)
{
    uint64_t cnt = credit_count(t->h), full = credit_full(t->h);
    for (int v = 0; v < t->m.num_vcs; v++) {
        char what[48];
        snprintf(what, sizeof what, "count_o VC %d", v);
        cu_check(t->a, t->cyc, what, (uint64_t)t->m.count[v],
                 (cnt >> (v * t->cntw)) & cu_mask(t->cntw));
        snprintf(what, sizeof what, "full_o VC %d", v);
        cu_check(t->a, t->cyc, what, (uint64_t)(t->m.count[v] == t->m.max_credits),
                 (full >> v) & 1);
    }
}

static void cycle(tb *t, uint64_t dec, uint64_t inc)
{
    credit_set(t->h, dec, inc);
    compare(t);
    credit_model_step(&t->m, dec, inc);
    credit_tick(t->h);
    t->cyc++;
}

int main(int argc, char **argv)
{
    cu_args a;
    nr_rng_t r;
    char name[80];
    tb t;
    memset(&t, 0, sizeof t);
    int nv = cells_param("NumVcs"), maxc = cells_param("MaxCredits"), incw = cells_param("IncW");
    snprintf(name, sizeof name, "test_credit_v%d_m%d_i%d", nv, maxc, incw);
    cu_parse(argc, argv, &a, name, 30000, "random underflow overflow");
    const char *mode = a.mode ? a.mode : "random";
    printf("%s: seed %llu, cycles %ld, mode %s, nr_credit_cnt NumVcs=%d MaxCredits=%d IncW=%d\n",
           name, (unsigned long long)a.seed, a.cycles, mode, nv, maxc, incw);
    if (nv * incw > 64 || nv > CREDIT_MAX_VCS) {
        fprintf(stderr, "%s: the shim carries at most 64 bits per port\n", name);
        return 2;
    }
    nr_rng_seed(&r, a.seed);
    t.a = &a;
    t.cntw = 0;
    while ((1 << t.cntw) < maxc + 1) t.cntw++;
    credit_model_init(&t.m, nv, maxc, incw);
    t.h = credit_new(a.seed);
    credit_reset(t.h);
    int inc_max = (1 << incw) - 1;

    if (strcmp(mode, "random")) {
        int under = !strcmp(mode, "underflow");
        if (under)
            for (int i = 0; i < maxc; i++) cycle(&t, 1, 0); /* VC 0 down to 0, legally */
        printf("%s: VC 0 at %d credits; now the illegal %s\n", name, t.m.count[0],
               under ? "debit with no return" : "return to a full counter");
        fflush(stdout);
        cycle(&t, under ? 1 : 0, under ? 0 : 1);
        cycle(&t, 0, 0);
        cu_failf(&a, t.cyc, "the %s was not caught by NR_ASSERT", under ? "underflow" : "overflow");
    }

    long debits = 0, returns = 0, at_zero = 0, at_full = 0, both_at_zero = 0;
    unsigned p_dec = 50, p_inc = 50;
    for (long c = 0; c < a.cycles; c++) {
        if (c % 100 == 0) { /* drain, refill or mixed phase */
            static const unsigned pd[] = {90, 20, 50, 100, 10};
            static const unsigned pi[] = {20, 90, 50, 10, 100};
            int ph = (int)(uint32_t)nr_rng_below(&r, 5);
            p_dec = pd[ph];
            p_inc = pi[ph];
        }
        uint64_t dec = 0, inc = 0;
        for (int v = 0; v < nv; v++) {
            int d = cu_rng_pct(&r, p_dec);
            int cnt = t.m.count[v];
            int room = maxc - cnt + d; /* most credits that may come back */
            int hi = room < inc_max ? room : inc_max;
            int i = cu_rng_pct(&r, p_inc) && hi > 0
                        ? 1 + (int)(uint32_t)nr_rng_below(&r, (uint32_t)hi)
                        : 0;
            if (d && cnt == 0 && i == 0) d = 0; /* would underflow: the sender waits */
            if (!credit_model_legal(&t.m, v, d, i))
                cu_failf(&a, t.cyc, "test bug: illegal stimulus VC %d dec %d inc %d", v, d, i);
            dec |= (uint64_t)d << v;
            inc |= (uint64_t)i << (v * incw);
            debits += d;
            returns += i;
            at_zero += cnt == 0;
            at_full += cnt == maxc;
            both_at_zero += d && cnt == 0;
        }
        cycle(&t, dec, inc);
    }
    /* return everything: all counters must come home */
    for (int guard = 0; guard < maxc + 2; guard++) {
        uint64_t inc = 0;
        for (int v = 0; v < nv; v++) {
            int out = maxc - t.m.count[v];
            int i = out < inc_max ? out : inc_max;
            inc |= (uint64_t)i << (v * incw);
            returns += i;
        }
        cycle(&t, 0, inc);
    }
    credit_set(t.h, 0, 0);
    compare(&t);
    cu_check(&a, t.cyc, "full_o after all credits returned", cu_mask(nv), credit_full(t.h));

    printf("PASS %s: %ld cycles, %ld debits, %ld credits returned, VC-cycles at 0: %ld "
           "(debit+return there: %ld), at MaxCredits: %ld (seed %llu)\n",
           name, t.cyc, debits, returns, at_zero, both_at_zero, at_full,
           (unsigned long long)a.seed);
    credit_free(t.h);
    return 0;
}
