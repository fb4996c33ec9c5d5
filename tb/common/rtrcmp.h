/* rtrcmp.h - the lockstep comparison of two routers' outputs of one cycle
 * (nr_rtr_out, nr_router.h), one port at a time, and the deliberate fault
 * that the lockstep self-tests put into one of them. One rule for every
 * testbench that runs two routers side by side: the router harness
 * (tb/rtr/harness.c) and the network simulator (tb/net/net.c).
 *
 * Port p's fields, in this order, the first that differs reported: with
 * LCBs link_tx, link_down; bare out_valid (as a truth value), out_phit (only
 * when valid), in_cr[v] for v < nvcs; then ev and tev.
 */
#ifndef TB_COMMON_RTRCMP_H
#define TB_COMMON_RTRCMP_H
#include <stdint.h>

#include "nr_router.h"

typedef struct {
    const char *field; /* the field that differs; NULL: the port's outputs are equal */
    uint32_t a, b;     /* its values in the first and the second router */
    int phit;          /* 1: the field is a phit (link_tx, out_phit) */
} tb_rtr_diff;

static inline tb_rtr_diff tb_rtr_cmp(const nr_rtr_out *x, const nr_rtr_out *y, int p, int lcb,
                                     int nvcs)
{
    static const char *const crn[NR_LCB_MAX_VCS] = {"in_cr[0]", "in_cr[1]", "in_cr[2]", "in_cr[3]"};
    tb_rtr_diff d = {NULL, 0, 0, 0};
#define TB_RTR_DIFF(name, va, vb, ph)                                                              \
    do {                                                                                           \
        d.field = (name), d.a = (uint32_t)(va), d.b = (uint32_t)(vb), d.phit = (ph);               \
        return d;                                                                                  \
    } while (0)
    if (lcb) {
        if (x->link_tx[p] != y->link_tx[p]) TB_RTR_DIFF("link_tx", x->link_tx[p], y->link_tx[p], 1);
        if (x->link_down[p] != y->link_down[p])
            TB_RTR_DIFF("link_down", x->link_down[p], y->link_down[p], 0);
    } else {
        if (!!x->out_valid[p] != !!y->out_valid[p])
            TB_RTR_DIFF("out_valid", x->out_valid[p], y->out_valid[p], 0);
        if (x->out_valid[p] && x->out_phit[p] != y->out_phit[p])
            TB_RTR_DIFF("out_phit", x->out_phit[p], y->out_phit[p], 1);
        for (int v = 0; v < nvcs && v < NR_LCB_MAX_VCS; v++)
            if (x->in_cr[p][v] != y->in_cr[p][v])
                TB_RTR_DIFF(crn[v], x->in_cr[p][v], y->in_cr[p][v], 0);
    }
    if (x->ev[p] != y->ev[p]) TB_RTR_DIFF("ev", x->ev[p], y->ev[p], 0);
    if (x->tev[p] != y->tev[p]) TB_RTR_DIFF("tev", x->tev[p], y->tev[p], 0);
#undef TB_RTR_DIFF
    return d;
}

/* The self-tests' fault in port p's outputs: a data bit of the phit that
 * leaves (link_tx; bare, out_phit if one leaves, else a credit of VC 0). */
static inline void tb_rtr_fault(nr_rtr_out *o, int p, int lcb)
{
    if (lcb)
        o->link_tx[p] ^= 1u << 3;
    else if (o->out_valid[p])
        o->out_phit[p] ^= 1u << 3;
    else
        o->in_cr[p][0] ^= 1u;
}
#endif
