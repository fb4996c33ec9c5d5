/* mutil.c - the models' error collectors and shared parameter rules (mutil.h). */
#include <stdarg.h>
#include <stdio.h>

#include "mutil.h"
#include "nr_lcb.h"
#include "nr_router.h"

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

nr_lcb_params nr_port_lcb_params(const nr_port_params *p)
{
    nr_lcb_params lp = {p->num_vcs, p->in_buf_per_vc, p->replay_depth,
                        p->window,  p->max_pkt_len,   p->link_crc_w ? p->link_crc_w : 16};
    return lp;
}

/* The port rules of docs/link-protocol.md section 2 and the routers' section
 * 3, the same for every organization; with LCBs, the LCB's own (section 11),
 * by making one LCB of these parameters. */
int nr_port_params_check(const nr_port_params *p, char *err, int errlen)
{
    if (nr_check_port_bufs(p->num_vcs, p->max_pkt_len, p->in_buf_per_vc, err, errlen)) return -1;
    if (p->use_lcb != 0 && p->use_lcb != 1) NR_BAD("UseLcb = %d: must be 0 or 1", p->use_lcb);
    if (p->link_crc_w != 0 && p->link_crc_w != 16 && p->link_crc_w != 32)
        NR_BAD("LinkCrcW = %d: must be 16 or 32", p->link_crc_w);
    if (p->use_lcb) {
        nr_lcb_params lp = nr_port_lcb_params(p);
        nr_lcb_cfg lc = {.timeout = 1, .retry_limit = 0, .max_len = 2};
        char lerr[200];
        nr_lcbp *l = nr_lcbp_new(&lp, &lc, lerr, (int)sizeof lerr);
        if (!l) NR_BAD("LCB: %s", lerr);
        nr_lcbp_free(l);
    }
    return 0;
}
