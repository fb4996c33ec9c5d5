/* nic.h - a node's NIC on an LCB link: the C model of an LCB port (nr_lcbp,
 * docs/lcb-model.md) driven from its user side, as a node's traffic source
 * and sink drive it. One component for every testbench with LCB links: the
 * router harness's LCB endpoint (tb/rtr/ep_lcb.c), the network simulator's
 * nodes (tb/net/net_lcb.c) and the one-router environment (renv.h). Which
 * phit the source offers and which VC the sink reads are the caller's; the
 * NIC keeps the cycle's inputs and outputs, and which VC the read data of a
 * cycle belong to (a read's data come a cycle later, docs/link-protocol.md
 * §8.4).
 *
 * A cycle:
 *   tb_nic_begin(n, link_rx)  inputs cleared, link_rx set; n->pk holds the
 *                             state-only outputs (rd_avail, tx_vc_ok, ...)
 *   tb_nic_offer(n, phit)     the source's phit, if it has one
 *   tb_nic_read(n, vc)        the sink's read, if any (tb_nic_read_rr: the
 *                             VC after the last one read, round robin)
 *   tb_nic_eval(n)            n->out; 1 if the TX took the offered phit.
 *                             out.rd_valid's phit is of VC n->data_vc (-1:
 *                             data without a read, an error of the model)
 *   tb_nic_tick(n)            clock edge
 */
#ifndef TB_COMMON_NIC_H
#define TB_COMMON_NIC_H
#include <stdint.h>
#include <string.h>

#include "common/rrpick.h"
#include "nr_lcb.h"

typedef struct {
    nr_lcbp *lcb;
    nr_lcbp_in in;   /* this cycle's inputs */
    nr_lcbp_out pk;  /* state-only outputs at the start of this cycle */
    nr_lcbp_out out; /* this cycle's outputs (tb_nic_eval) */
    int rd_vc;       /* VC of the last read issued (0 before the first) */
    int data_vc;     /* VC of this cycle's read data: the previous cycle's read, -1 none */
    int nvcs;
    uint32_t buf; /* BufPerVc: the credits of a NIC at rest */
} tb_nic;

/* A NIC with the port parameters p and run-time configuration c. 0; -1 with
 * the LCB model's message in err. tb_nic_release frees, also after a failed
 * init. */
static inline int tb_nic_init(tb_nic *n, const nr_lcb_params *p, const nr_lcb_cfg *c, char *err,
                              int errlen)
{
    memset(n, 0, sizeof *n);
    n->data_vc = -1;
    n->nvcs = p->num_vcs;
    n->buf = (uint32_t)p->buf_per_vc;
    n->lcb = nr_lcbp_new(p, c, err, errlen);
    return n->lcb ? 0 : -1;
}
static inline void tb_nic_release(tb_nic *n)
{
    if (n->lcb) nr_lcbp_free(n->lcb);
    n->lcb = NULL;
}

static inline void tb_nic_begin(tb_nic *n, uint32_t link_rx)
{
    memset(&n->in, 0, sizeof n->in);
    n->in.link_rx = link_rx;
    nr_lcbp_peek(n->lcb, &n->pk);
}
static inline void tb_nic_offer(tb_nic *n, uint32_t phit)
{
    n->in.tx_valid = 1;
    n->in.tx_phit = phit;
}
/* Read VC vc (nothing if vc < 0). */
static inline void tb_nic_read(tb_nic *n, int vc)
{
    if (vc < 0) return;
    n->in.rd_en = 1;
    n->in.rd_vc = vc;
}
/* Read the first VC with something to read after the last one read; the VC,
 * or -1. */
static inline int tb_nic_read_rr(tb_nic *n)
{
    int v = tb_rr_pick(n->pk.rd_avail, n->nvcs, n->rd_vc + 1);
    tb_nic_read(n, v);
    return v;
}
static inline int tb_nic_eval(tb_nic *n)
{
    nr_lcbp_eval(n->lcb, &n->in, &n->out);
    return n->in.tx_valid && n->out.tx_ready;
}
static inline void tb_nic_tick(tb_nic *n)
{
    n->data_vc = n->in.rd_en ? n->in.rd_vc : -1;
    if (n->in.rd_en) n->rd_vc = n->in.rd_vc;
    nr_lcbp_tick(n->lcb);
}

/* The state-only outputs now (between cycles: of the next one). */
static inline nr_lcbp_out tb_nic_state(const tb_nic *n)
{
    nr_lcbp_out o;
    nr_lcbp_peek(n->lcb, &o);
    return o;
}
/* VC v at rest: every credit home, nothing in the input queue. */
static inline int tb_nic_vc_home(const nr_lcbp_out *o, const tb_nic *n, int v)
{
    return o->credits[v] == n->buf && o->occ[v] == 0;
}
static inline int tb_nic_home(const tb_nic *n)
{
    nr_lcbp_out o = tb_nic_state(n);
    for (int v = 0; v < n->nvcs; v++)
        if (!tb_nic_vc_home(&o, n, v)) return 0;
    return 1;
}
/* Not at rest: something readable, the control channel out of sync, or a
 * VC not home. */
static inline int tb_nic_busy(const tb_nic *n)
{
    nr_lcbp_out o = tb_nic_state(n);
    if (o.rd_avail || !o.ctl_sync) return 1;
    for (int v = 0; v < n->nvcs; v++)
        if (!tb_nic_vc_home(&o, n, v)) return 1;
    return 0;
}
/* The LCB model's own errors (interface violations it refused); the first
 * in buf. */
static inline int tb_nic_errors(const tb_nic *n, char *buf, int buflen)
{
    return nr_lcbp_errors(n->lcb, buf, buflen);
}
#endif
