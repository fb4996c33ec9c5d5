/* liberr.c - the library's error messages. See liberr.h. */
#include "liberr.h"

#include <stdio.h>

void nr_verrf(char *err, size_t n, const char *fmt, va_list ap)
{
    if (err && n) vsnprintf(err, n, fmt, ap);
}

int nr_errf(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    nr_verrf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}
