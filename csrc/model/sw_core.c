/* sw_core.c - nr_sw_core's creation and release (sw_core.h): the part of a
 * switch model the YARC model and the network switches make alike. */
#include <stdio.h>
#include <stdlib.h>

#include "sw_core.h"

int nr_sw_core_check(const nr_port_params *pp, const nr_lcb_cfg *lcfg, char *err, int errlen)
{
    if (pp->use_lcb && !lcfg) {
        if (err && errlen > 0)
            snprintf(err, (size_t)errlen, "UseLcb = 1 needs the LCB run-time configuration (lcfg)");
        return -1;
    }
    return 0;
}

int nr_sw_core_alloc(nr_sw_core *c, int n)
{
    c->pv = calloc((size_t)n, sizeof *c->pv);
    c->rp = nr_ringpool_new();
    return c->pv && c->rp && !nr_route_set_init(&c->rt, n) ? 0 : -1;
}

int nr_sw_core_start(nr_sw_core *c, int n, const nr_port_params *pp, int fb_seq,
                     const nr_lcb_cfg *lcfg, void (*view)(void *m, int p), void *m, char *err,
                     int errlen)
{
    nr_fb_seq_init(&c->fb, fb_seq, n);
    nr_lcb_params lp = nr_port_lcb_params(pp);
    if (nr_port_front_init(&c->fr, n, pp->use_lcb ? &lp : NULL, lcfg, pp->num_vcs,
                           pp->in_buf_per_vc, pp->max_pkt_len, err, errlen))
        return -1;
    c->all = n >= 64 ? ~0ull : (1ull << n) - 1;
    if (!pp->use_lcb)
        for (int i = 0; i < n; i++) view(m, i);
    return 0;
}

void nr_sw_core_release(nr_sw_core *c)
{
    nr_ringpool_free(c->rp);
    nr_port_front_release(&c->fr);
    nr_chpipe_release(&c->chp);
    nr_route_set_release(&c->rt);
    free(c->pv);
}

void nr_sw_core_nomem(const char *who, char *err, int errlen)
{
    if (err && errlen > 0) snprintf(err, (size_t)errlen, "%s: out of memory", who);
}
