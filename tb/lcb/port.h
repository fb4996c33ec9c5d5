/* port.h - one LCB port (LCB + input queue) behind the nr_lcb.h cycle
 * interface, whatever implements it:
 *
 *   LCB_IMPL_MODEL  the C reference model (nr_lcbp_*);
 *   LCB_IMPL_RTL    the Verilated nr_lcb_port, through tb/lcb_rtl.h;
 *   lockstep        an RTL port with a shadow model. Both get the exact same
 *                   inputs every cycle; the RTL's outputs drive the testbench
 *                   and every field of nr_lcbp_out is compared with the
 *                   model's. The first difference stops the port: eval()
 *                   returns -1 and lcb_port_divergence() describes it, with
 *                   the last LCB_PORT_HIST cycles of inputs and outputs.
 *                   After that the port runs on without comparing (so a
 *                   trace can show what follows).
 *
 * Compared fields: link_tx, tx_ready, tx_vc_ok, rd_avail, rd_valid, ev,
 * link_down, ctl_sync, debit, and per VC v < NumVcs: occ, credits, inq_cr;
 * rd_phit when rd_valid = 1. Entries for VCs >= NumVcs, and rd_phit while
 * rd_valid = 0, are don't-care (docs/lcb-testbench.md).
 *
 * Per cycle: peek() (state-only outputs, to choose the inputs), eval(), tick().
 */
#ifndef LCB_PORT_H
#define LCB_PORT_H
#include <stdint.h>
#include <stdio.h>

#include "nr_lcb.h"

#define LCB_PORT_HIST 16

typedef enum { LCB_IMPL_MODEL, LCB_IMPL_RTL } lcb_impl;

typedef struct lcb_port lcb_port;

/* Create a port. For RTL the build-time parameters are the RTL's own (see
 * lcb_port_rtl_params); p must equal them. lockstep adds a shadow model to an
 * RTL port (ignored for a model port). NULL with a message on error. */
lcb_port *lcb_port_new(lcb_impl impl, int lockstep, const nr_lcb_params *p, const nr_lcb_cfg *c,
                       const char *name, char *err, int errlen);
void lcb_port_free(lcb_port *p);

/* State-only outputs of this cycle (nr_lcbp_peek semantics): link_tx,
 * tx_vc_ok, rd_avail, rd_valid, rd_phit, occ, link_down, ctl_sync, credits. */
void lcb_port_peek(lcb_port *p, nr_lcbp_out *out);
/* Outputs of this cycle for `in`. Returns 0, or -1 on a lockstep divergence
 * (then out holds the RTL's outputs; call lcb_port_divergence()). */
int lcb_port_eval(lcb_port *p, const nr_lcbp_in *in, nr_lcbp_out *out);
/* Clock edge. */
void lcb_port_tick(lcb_port *p);

/* Model interface errors (nr_lcbp_errors), of the model or the shadow model.
 * RTL-only ports return 0. */
int lcb_port_errors(const lcb_port *p, char *buf, int buflen);
/* After eval() returned -1: the divergence (field, expected, actual) and the
 * history table, printed to f. */
void lcb_port_report_divergence(const lcb_port *p, FILE *f);
/* Field name of the divergence ("" if none). */
const char *lcb_port_div_field(const lcb_port *p);
/* FST trace of an RTL port: start (0, or -1 if this build has no tracing),
 * stop. */
int lcb_port_trace(lcb_port *p, const char *path);
void lcb_port_trace_stop(lcb_port *p);
/* Checker self-test: in cycle `cycle` the shadow model of a lockstep port gets
 * link_rx with data bit 5 flipped, so the lockstep comparison must fail. */
void lcb_port_selftest_diverge(lcb_port *p, int64_t cycle);

/* RTL side, implemented in port_rtl.c (the Verilated build) or port_nortl.c. */
int lcb_port_have_rtl(void);               /* 1 if RTL is linked in */
int lcb_port_rtl_params(nr_lcb_params *p); /* the RTL's parameters; -1 if none */
int lcb_port_rtl_traced(void);             /* 1 if this RTL build can trace */

/* Format one nr_lcbp_out / nr_lcbp_in as a short line (for reports). */
void lcb_fmt_in(const nr_lcbp_in *in, char *buf, int n);
void lcb_fmt_out(const nr_lcbp_out *o, int nvcs, char *buf, int n);
/* Names of the event bits ("TX_PKT", ...). */
const char *lcb_ev_name(int bit);

#endif
