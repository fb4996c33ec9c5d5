/* check.h - failure collection for the LCB testbench. Every check that fails
 * calls lcb_fail(): the first few messages are printed at once (with the
 * cycle), all are counted, and the run ends FAIL with the seed printed. */
#ifndef LCB_CHECK_H
#define LCB_CHECK_H
#include <stdint.h>
#include <stdio.h>

typedef struct {
    uint64_t nfail;
    int max_print;       /* messages printed in full */
    int64_t first_cycle; /* cycle of the first failure, -1 if none */
    char first[512];     /* its message */
    FILE *log;
} lcb_check;

void lcb_check_init(lcb_check *c, FILE *log, int max_print);
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void lcb_fail(lcb_check *c, int64_t cycle, const char *fmt, ...);

#endif
