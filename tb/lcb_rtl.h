/* lcb_rtl.h - C API of the Verilated port link layer nr_lcb_port (RTL).
 *
 * Implemented by tb/shim/nr_lcb_port_shim.cpp, one per Verilated build
 * (mk/rtl_builds.mk: build/v/<configuration>[-trace]). It presents the same per-cycle view
 * as the C model in nr_lcb.h, so a testbench can run both in lockstep:
 *     lcbp_rtl *h = lcbp_rtl_new(&cfg);
 *     for (each cycle) { lcbp_rtl_eval(h, &in, &out); ...; lcbp_rtl_tick(h); }
 *     lcbp_rtl_free(h);
 * Several handles may coexist in one process (each has its own Verilator
 * context), e.g. two ports wired back to back. Link only one build (one
 * parameter set) into a program: every build defines the same symbols.
 *
 * RTL assertions (NR_ASSERT, NR_PARAM_ASSERT) print "ASSERT FAILED ..." and
 * end the process with a non-zero status (abort). The shim also exits with
 * status 1 if the simulation finishes for any other reason.
 */
#ifndef LCB_RTL_H
#define LCB_RTL_H
#include "nr_lcb.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lcbp_rtl lcbp_rtl;

/* Create a port, apply reset (one clock edge with rst_ni low, then release
 * it with the clock low) and return it ready for cycle 0. cfg is copied to
 * the cfg_* inputs and held. Never returns NULL (allocation failure aborts). */
lcbp_rtl *lcbp_rtl_new(const nr_lcb_cfg *cfg);

/* The -G parameters this build was made with (read from the RTL's constant
 * prm_* outputs). */
void lcbp_rtl_params(const lcbp_rtl *h, nr_lcb_params *p);

/* Drive the inputs of the current cycle, settle with the clock low, and read
 * every output. Per-VC fields beyond NumVcs are 0. May be called more than
 * once per cycle (the last call's inputs are the ones the edge uses): the
 * outputs that depend only on state (rd_avail, tx_vc_ok, credits, occ,
 * link_tx, ...) do not change between calls. */
void lcbp_rtl_eval(lcbp_rtl *h, const nr_lcbp_in *in, nr_lcbp_out *out);

/* Rising clock edge: the state moves to the next cycle. */
void lcbp_rtl_tick(lcbp_rtl *h);

/* Start writing an FST trace to fst_path (one per handle). Returns 0, or -1
 * if this build was not made with --trace or the file cannot be opened. Trace
 * only a window: FST writing slows the simulation down about 8x. */
int lcbp_rtl_trace(lcbp_rtl *h, const char *fst_path);

/* Stop and close the trace, if one is open. */
void lcbp_rtl_trace_stop(lcbp_rtl *h);

/* Stop any trace and free the port. */
void lcbp_rtl_free(lcbp_rtl *h);

#ifdef __cplusplus
}
#endif
#endif
