/* mutil.h - what every C model uses (private to csrc/model): the error
 * collectors, the parameter checks' failure and the rules on a router
 * port's buffers, and two integer helpers. One copy for the LCB, the YARC
 * and the network-switch models. */
#ifndef NR_MUTIL_H
#define NR_MUTIL_H
#include <stdio.h>

static inline int nr_is_pow2(long x) { return x > 0 && (x & (x - 1)) == 0; }
/* Bits to count 0..x-1: the least n with 2^n >= x (0 for x <= 1). */
static inline int nr_clog2(unsigned long x)
{
    int n = 0;
    while ((1ul << n) < x) n++;
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
/* The same collector over an int count and the caller's buffer
 * err[0..errlen-1] (the switch parts' eval functions). */
void nr_err_first(int *n, char *err, int errlen, const char *fmt, ...)
    __attribute__((cold, noinline, format(printf, 4, 5)));

/* NR_BAD(fmt, ...): in a parameter check with the arguments char *err and
 * int errlen, put the message in err and return -1. */
#define NR_BAD(...)                                                                                \
    do {                                                                                           \
        if (err && errlen > 0) snprintf(err, (size_t)errlen, __VA_ARGS__);                         \
        return -1;                                                                                 \
    } while (0)
/* A router port's rules (NumVcs 1..4, MaxPktLen >= 2, InBufPerVc 8..1023
 * and >= MaxPktLen; yarc-arch §3, link-protocol §2): 0, or -1 with a
 * message. */
int nr_check_port_bufs(int num_vcs, int max_pkt_len, int in_buf_per_vc, char *err, int errlen);

#endif
