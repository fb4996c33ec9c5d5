/* liberr.h - the error convention of the support library (private to
 * csrc/lib): a function that fails writes a message into the caller's
 * buffer err[0..n-1], when err != NULL and n > 0, and returns an error code. */
#ifndef NR_LIBERR_H
#define NR_LIBERR_H
#include <stdarg.h>
#include <stddef.h>

/* Write the message (when err and n) and return -1. */
int nr_errf(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The same with a va_list, returning nothing. */
void nr_verrf(char *err, size_t n, const char *fmt, va_list ap);

#endif
