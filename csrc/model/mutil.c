/* mutil.c - the models' error collectors and shared parameter rules (mutil.h). */
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

void nr_err_first(int *n, char *err, int errlen, const char *fmt, ...)
{
    if ((*n)++ == 0 && err && errlen > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, (size_t)errlen, fmt, ap);
        va_end(ap);
    }
}

int nr_check_port_bufs(int num_vcs, int max_pkt_len, int in_buf_per_vc, char *err, int errlen)
{
    if (num_vcs < 1 || num_vcs > 4) NR_BAD("NumVcs = %d: must be 1..4", num_vcs);
    if (max_pkt_len < 2) NR_BAD("MaxPktLen = %d: must be >= 2", max_pkt_len);
    /* >= MaxPktLen (§3); 8..1023 is the input queue's range (link-protocol §2) */
    if (in_buf_per_vc < max_pkt_len || in_buf_per_vc < 8 || in_buf_per_vc > 1023)
        NR_BAD("InBufPerVc = %d: must be 8..1023 and >= MaxPktLen (%d)", in_buf_per_vc,
               max_pkt_len);
    return 0;
}
