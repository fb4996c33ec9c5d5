/* lcb_view.h - what the switch models (sw_port_front.c) read of an embedded
 * LCB port model without a copy: its state-only outputs (nr_lcbp_peek) in
 * place. Model-internal (csrc/model); not part of nr_lcb.h, which the RTL
 * shim implements too. */
#ifndef LCB_VIEW_H
#define LCB_VIEW_H
#include "nr_lcb.h"

/* The outputs nr_lcbp_peek would copy, valid until the next nr_lcbp_eval or
 * nr_lcbp_tick of m. */
const nr_lcbp_out *nr_lcbp_state(const nr_lcbp *m);
/* nr_lcbp_eval for a caller that reads the state-only outputs through
 * nr_lcbp_state: only the event strobes and tx_ready are returned. */
void nr_lcbp_eval_ev(nr_lcbp *m, const nr_lcbp_in *in, uint32_t *ev, int *tx_ready);
/* A number that changes whenever a state-only output other than link_tx may
 * have changed (every clock edge but a quiet cycle's, lcb.c): a router's
 * view of the port needs refreshing only then (speed only). */
unsigned nr_lcbp_state_version(const nr_lcbp *m);

#endif
