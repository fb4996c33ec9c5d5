/* mutil.h - what every C model uses (private to csrc/model): the error
 * collector and two integer helpers. One copy for the LCB, the YARC and the
 * network-switch models. */
#ifndef NR_MUTIL_H
#define NR_MUTIL_H

static inline int nr_is_pow2(long x) { return x > 0 && (x & (x - 1)) == 0; }
/* Bits to count 0..x-1: the least n with 2^n >= x (0 for x <= 1). */
static inline int nr_clog2(unsigned long x)
{
    int n = 0;
    while ((1ul << n) < x)
        n++;
    return n;
}

/* ---- nr_errs: interface violations found by a model ----
 * The count, and the first message (later ones are counted only). */
#define NR_ERRMSG 256
typedef struct {
    long count;
    char first[NR_ERRMSG];
} nr_errs;
void nr_errs_add(nr_errs *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The count as an int (saturated), for the models' *_errors() functions. */
static inline int nr_errs_int(long n) { return n > 0x7FFFFFFF ? 0x7FFFFFFF : (int)n; }

#endif
