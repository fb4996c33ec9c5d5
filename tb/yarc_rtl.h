/* yarc_rtl.h - C API of the Verilated YARC router nr_yarc (RTL).
 *
 * Implemented by tb/shim/nr_yarc_shim.cpp, one per Verilated build
 * (mk/rtl_builds.mk: build/v/<configuration>[-trace]). It presents the per-cycle router view of csrc/include/nr_router.h,
 * the same as the C model nr_yarc_*, so a testbench can run both in lockstep:
 *     yarc_rtl *h = yarc_rtl_new(&lcfg);
 *     for (each cycle) { yarc_rtl_eval(h, &in, &out); ...; yarc_rtl_tick(h); }
 *     yarc_rtl_free(h);
 * Link only one build (one parameter set) into a program: every build defines
 * the same symbols.
 *
 * RTL assertions (NR_ASSERT, NR_PARAM_ASSERT) print "ASSERT FAILED ..." and
 * end the process with a non-zero status. The shim also exits with status 1 if
 * the simulation finishes for any other reason.
 */
#ifndef YARC_RTL_H
#define YARC_RTL_H
#include "nr_lcb.h"
#include "nr_router.h"
#include "nr_yarc.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct yarc_rtl yarc_rtl;

/* Create a router, apply reset (one clock edge with rst_ni low, then release
 * it with the clock low) and return it ready for cycle 0. lcfg goes to the
 * LCB cfg_* inputs of every port and is held (ignored by a bare build). The
 * routing tables come out of reset in single-router mode. Never returns NULL. */
yarc_rtl *yarc_rtl_new(const nr_lcb_cfg *lcfg);

/* The -G parameters this build was made with (the RTL's constant prm_*
 * outputs). */
void yarc_rtl_params(const yarc_rtl *h, nr_yarc_params *p);

/* Drive the inputs of cycle t, settle with the clock low, read every output.
 * Use_lcb = 1 reads in->link_rx and fills link_tx, ev, link_down; use_lcb = 0
 * reads in_valid, in_phit, out_cr and fills out_valid, out_phit, in_cr. tev
 * and the configuration port work in both. Fields of ports >= NumPorts and
 * VCs >= NumVcs are 0. */
void yarc_rtl_eval(yarc_rtl *h, const nr_rtr_in *in, nr_rtr_out *out);

/* Rising clock edge. */
void yarc_rtl_tick(yarc_rtl *h);

/* Start an FST trace (traced builds only). Returns 0, or -1 if this build has
 * no tracing or the file cannot be opened. Trace only a window. */
int yarc_rtl_trace(yarc_rtl *h, const char *fst_path);
void yarc_rtl_trace_stop(yarc_rtl *h);

/* Stop any trace and free the router. */
void yarc_rtl_free(yarc_rtl *h);

/* The router as an nr_rtr (nr_router.h): name "yarc-rtl", errors always 0
 * (RTL assertions end the process), trace as yarc_rtl_trace; nr_rtr_free
 * frees it. Inline over the functions above, so that every implementation of
 * this API (the shim, the SystemC top) has it. */
static inline void yarc_rtl_rtr_eval_(void *h, const nr_rtr_in *in, nr_rtr_out *out)
{
    yarc_rtl_eval((yarc_rtl *)h, in, out);
}
static inline void yarc_rtl_rtr_tick_(void *h) { yarc_rtl_tick((yarc_rtl *)h); }
static inline int yarc_rtl_rtr_errors_(void *h, char *buf, int buflen)
{
    (void)h;
    if (buflen > 0) buf[0] = 0;
    return 0;
}
static inline void yarc_rtl_rtr_free_(void *h) { yarc_rtl_free((yarc_rtl *)h); }
static inline int yarc_rtl_rtr_trace_(void *h, const char *path)
{
    return yarc_rtl_trace((yarc_rtl *)h, path);
}
static inline void yarc_rtl_rtr_trace_stop_(void *h) { yarc_rtl_trace_stop((yarc_rtl *)h); }
static inline nr_rtr yarc_rtl_rtr(yarc_rtl *h)
{
    static const nr_rtr_ops ops = {
        "yarc-rtl",         yarc_rtl_rtr_eval_,  yarc_rtl_rtr_tick_,       yarc_rtl_rtr_errors_,
        yarc_rtl_rtr_free_, yarc_rtl_rtr_trace_, yarc_rtl_rtr_trace_stop_, NULL};
    nr_rtr r = {&ops, h};
    return r;
}

#ifdef __cplusplus
}
#endif
#endif
