/* mutil.c - the models' error collector (mutil.h). */
#include <stdarg.h>
#include <stdio.h>

#include "mutil.h"

void nr_errs_add(nr_errs *e, const char *fmt, ...)
{
    if (e->count++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->first, sizeof e->first, fmt, ap);
        va_end(ap);
    }
}
