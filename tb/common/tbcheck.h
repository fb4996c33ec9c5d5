/* tbcheck.h - the counting check of the testbench programs (smoke tests,
 * channel test): a failed CHECK prints "FAIL file:line: message" (the first
 * NR_CHECK_PRINT of them) and counts; the program reports nr_fails at the end
 * and exits 1 if it is not 0. The unit tests' stop-at-first-failure checks
 * are tests/unit/nr_test.h. One translation unit per program includes it. */
#ifndef NR_TBCHECK_H
#define NR_TBCHECK_H
#include <stdio.h>

#ifndef NR_CHECK_PRINT
#define NR_CHECK_PRINT 30
#endif

static int nr_fails;

#define CHECK(c, ...)                                                                  \
    do {                                                                               \
        if (!(c)) {                                                                    \
            if (nr_fails++ < NR_CHECK_PRINT) {                                         \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                            \
                printf(__VA_ARGS__);                                                   \
                printf("\n");                                                          \
            }                                                                          \
        }                                                                              \
    } while (0)

#endif
