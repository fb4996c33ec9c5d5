/* nr_test.h - the kit's one check header: the assertion macros of the C unit
 * tests (tests/unit) and of the testbench programs that check themselves
 * (the RTL smoke test, the channel test).
 *
 * A test sets nr_test_seed (NR_TEST_BEGIN does it and prints the seed). A
 * failed check prints "file:line: check failed: EXPR" with the values
 * involved and the seed, then exits 1. NR_TEST_END prints the number of checks
 * and exits 0. Tests are programs, so the two file-scope variables here are
 * fine; the library itself has no globals. nr_test_slurp() reads back what a
 * test wrote to a temporary file; NR_TEST_CAPTURE makes the file, runs the
 * code that writes it and reads it back. */
#ifndef NR_TEST_H
#define NR_TEST_H
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t nr_test_seed;
static long nr_test_checks;

#define NR_TEST_BEGIN(name, seed)                                                                  \
    do {                                                                                           \
        nr_test_seed = (seed);                                                                     \
        printf("%s: seed %" PRIu64 "\n", (name), nr_test_seed);                                    \
    } while (0)

#define NR_TEST_END(name)                                                                          \
    do {                                                                                           \
        printf("%s: %ld checks passed (seed %" PRIu64 ")\n", (name), nr_test_checks,               \
               nr_test_seed);                                                                      \
        return 0;                                                                                  \
    } while (0)

#define NR_TEST_FAIL_(fmt, ...)                                                                    \
    do {                                                                                           \
        fprintf(stderr, "%s:%d: check failed: " fmt " [seed %" PRIu64 "]\n", __FILE__, __LINE__,   \
                __VA_ARGS__, nr_test_seed);                                                        \
        exit(1);                                                                                   \
    } while (0)

/* CHECK(expr): expr must be true. */
#define CHECK(expr)                                                                                \
    do {                                                                                           \
        nr_test_checks++;                                                                          \
        if (!(expr)) NR_TEST_FAIL_("%s", #expr);                                                   \
    } while (0)

/* CHECKF(expr, fmt, ...): expr must be true; the message says what failed. */
#define CHECKF(expr, ...)                                                                          \
    do {                                                                                           \
        nr_test_checks++;                                                                          \
        if (!(expr)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: ", __FILE__, __LINE__);                          \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fprintf(stderr, " [seed %" PRIu64 "]\n", nr_test_seed);                                \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

/* CHECK_EQ(a, b): integers, printed as signed 64-bit and hex. */
#define CHECK_EQ(a, b)                                                                             \
    do {                                                                                           \
        long long nr_a_ = (long long)(a), nr_b_ = (long long)(b);                                  \
        nr_test_checks++;                                                                          \
        if (nr_a_ != nr_b_)                                                                        \
            NR_TEST_FAIL_("%s == %s (%lld 0x%llx vs %lld 0x%llx)", #a, #b, nr_a_,                  \
                          (unsigned long long)nr_a_, nr_b_, (unsigned long long)nr_b_);            \
    } while (0)

/* CHECK_U64(a, b): unsigned 64-bit values, printed in hex. */
#define CHECK_U64(a, b)                                                                            \
    do {                                                                                           \
        uint64_t nr_a_ = (uint64_t)(a), nr_b_ = (uint64_t)(b);                                     \
        nr_test_checks++;                                                                          \
        if (nr_a_ != nr_b_)                                                                        \
            NR_TEST_FAIL_("%s == %s (0x%016" PRIx64 " vs 0x%016" PRIx64 ")", #a, #b, nr_a_,        \
                          nr_b_);                                                                  \
    } while (0)

/* CHECK_NEAR(a, b, tol): |a - b| <= tol, doubles. */
#define CHECK_NEAR(a, b, tol)                                                                      \
    do {                                                                                           \
        double nr_a_ = (double)(a), nr_b_ = (double)(b), nr_t_ = (double)(tol);                    \
        nr_test_checks++;                                                                          \
        if (!(fabs(nr_a_ - nr_b_) <= nr_t_))                                                       \
            NR_TEST_FAIL_("|%s - %s| <= %s (%.9g vs %.9g, tol %.3g)", #a, #b, #tol, nr_a_, nr_b_,  \
                          nr_t_);                                                                  \
    } while (0)

/* CHECK_STR(a, needle): string a contains needle. */
#define CHECK_STR(a, needle)                                                                       \
    do {                                                                                           \
        const char *nr_a_ = (a), *nr_n_ = (needle);                                                \
        nr_test_checks++;                                                                          \
        if (!nr_a_ || !strstr(nr_a_, nr_n_))                                                       \
            NR_TEST_FAIL_("%s contains \"%s\" (got \"%s\")", #a, nr_n_, nr_a_ ? nr_a_ : "(null)"); \
    } while (0)

/* Read back the file f (from its start) into buf (n bytes, NUL-terminated),
 * close it, and return the number of bytes read. */
static inline size_t nr_test_slurp(FILE *f, char *buf, size_t n)
{
    rewind(f);
    size_t r = fread(buf, 1, n - 1, f);
    buf[r] = 0;
    fclose(f);
    return r;
}

/* NR_TEST_CAPTURE(buf, f, stmt): stmt writes to the FILE *f it names (a
 * temporary file made here: a failure if none can be); what it wrote is read
 * into the array buf (NUL-terminated). */
#define NR_TEST_CAPTURE(buf, f, stmt)                                                              \
    do {                                                                                           \
        FILE *f = tmpfile();                                                                       \
        if (!f) NR_TEST_FAIL_("%s", "tmpfile: no temporary file");                                 \
        stmt;                                                                                      \
        nr_test_slurp(f, buf, sizeof buf);                                                         \
    } while (0)

#endif
