/* cells_util.h - shared helpers of the common-cell tests (tb/cells/test_*.c):
 * percentages over the kit's random generator (nr_rng.h, the one every
 * test uses), the arbiters' random stimulus, the command line, and failure
 * reports.
 *
 * Every test accepts:  --seed N  --cycles N  [--mode M]  [-h|--help]
 * prints "<test>: seed N ..." first, ends with one "PASS <test> ..." line and
 * exit 0, or with the first mismatch "FAIL <test>: cycle C: what: expected E,
 * actual A (seed N)" and exit 1. Bad arguments: a message and exit 2. */
#ifndef CELLS_UTIL_H
#define CELLS_UTIL_H
#include <stdint.h>

#include "nr_rng.h"

/* 1 with probability pct/100, from the kit's generator (nr_rng.h) */
static inline int cu_rng_pct(nr_rng_t *r, unsigned pct) { return nr_rng_below(r, 100) < pct; }

/* The arbiters' random stimulus (test_arb, test_arb_multi): in every cycle
 * c a multiple of 200, new request and advance probabilities (100, 75, 50,
 * 25 or 5 %, 50 before the first); then n request bits and *adv. */
typedef struct {
    unsigned p_req, p_adv;
} cu_arb_stim;
static inline uint64_t cu_arb_stim_next(nr_rng_t *r, cu_arb_stim *s, long c, int n, int *adv)
{
    if (c % 200 == 0) {
        static const unsigned probs[] = {100, 75, 50, 25, 5};
        s->p_req = probs[(uint32_t)nr_rng_below(r, 5)];
        s->p_adv = probs[(uint32_t)nr_rng_below(r, 5)];
    }
    uint64_t req = 0;
    for (int i = 0; i < n; i++) req |= (uint64_t)cu_rng_pct(r, s->p_req) << i;
    *adv = cu_rng_pct(r, s->p_adv);
    return req;
}

/* all-ones mask of w bits, 1 <= w <= 64 */
static inline uint64_t cu_mask(int w) { return w >= 64 ? ~0ull : ((1ull << w) - 1); }

typedef struct {
    const char *test; /* name used in messages */
    uint64_t seed;
    long cycles;
    const char *mode; /* NULL unless --mode given */
} cu_args;

/* Parse argv into a. def_cycles is the --cycles default; modes is a
 * space-separated list of accepted --mode values (NULL: no --mode). Prints
 * usage and exits 0 on --help, exits 2 on anything else it does not know. */
void cu_parse(int argc, char **argv, cu_args *a, const char *test, long def_cycles,
              const char *modes);

/* Report the first mismatch and exit 1. */
void cu_fail(const cu_args *a, long cycle, const char *what, uint64_t expected, uint64_t actual)
    __attribute__((noreturn));

/* Report a failure that is not a value comparison and exit 1. */
void cu_failf(const cu_args *a, long cycle, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 3, 4)));

/* Compare and fail on the first difference. */
static inline void cu_check(const cu_args *a, long cycle, const char *what, uint64_t expected,
                            uint64_t actual)
{
    if (expected != actual) cu_fail(a, cycle, what, expected, actual);
}

#endif
