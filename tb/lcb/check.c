/* check.c - see check.h. */
#include "check.h"

#include <stdarg.h>
#include <string.h>

void lcb_check_init(lcb_check *c, FILE *log, int max_print)
{
    memset(c, 0, sizeof *c);
    c->log = log;
    c->max_print = max_print;
    c->first_cycle = -1;
}

void lcb_fail(lcb_check *c, int64_t cycle, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (c->nfail == 0) {
        c->first_cycle = cycle;
        snprintf(c->first, sizeof c->first, "%s", msg);
    }
    c->nfail++;
    if (c->log && c->nfail <= (uint64_t)c->max_print)
        fprintf(c->log, "FAIL cycle %lld: %s\n", (long long)cycle, msg);
    else if (c->log && c->nfail == (uint64_t)c->max_print + 1)
        fprintf(c->log, "FAIL ... (further failures counted, not printed)\n");
}
