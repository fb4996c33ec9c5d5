/* nwn_rtl.h - C API of the Verilated network-within-a-network switch nr_nwn (RTL).
 *
 * Implemented by tb/shim/nr_nwn_shim.cpp, one per Verilated build
 * (mk/rtl_builds.mk: build/v/<configuration>[-trace]). It
 * presents the per-cycle router view of csrc/include/nr_router.h,
 * the same as the C model nr_nwn_*, so a testbench can run both in lockstep:
 *     nwn_rtl *h = nwn_rtl_new(&lcfg);
 *     for (each cycle) { nwn_rtl_eval(h, &in, &out); ...; nwn_rtl_tick(h); }
 *     nwn_rtl_free(h);
 * Link only one build (one parameter set) into a program: every build defines
 * the same symbols.
 *
 * RTL assertions (NR_ASSERT, NR_PARAM_ASSERT) print "ASSERT FAILED ..." and
 * end the process with a non-zero status. The shim also exits with status 1 if
 * the simulation finishes for any other reason.
 */
#ifndef NWN_RTL_H
#define NWN_RTL_H
#include "nr_lcb.h"
#include "nr_nwn.h"
#include "nr_router.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct nwn_rtl nwn_rtl;

/* Create a router, apply reset (one clock edge with rst_ni low, then release
 * it with the clock low) and return it ready for cycle 0. lcfg goes to the
 * LCB cfg_* inputs of every port and is held (ignored by a bare build). The
 * routing tables come out of reset in single-router mode. Never returns NULL. */
nwn_rtl *nwn_rtl_new(const nr_lcb_cfg *lcfg);

/* The -G parameters this build was made with (the RTL's constant prm_*
 * outputs). */
void nwn_rtl_params(const nwn_rtl *h, nr_nwn_params *p);

/* Drive the inputs of cycle t, settle with the clock low, read every output.
 * Use_lcb = 1 reads in->link_rx and fills link_tx, ev, link_down; use_lcb = 0
 * reads in_valid, in_phit, out_cr and fills out_valid, out_phit, in_cr. tev
 * and the configuration port work in both. Fields of ports >= NumPorts and
 * VCs >= NumVcs are 0. */
void nwn_rtl_eval(nwn_rtl *h, const nr_rtr_in *in, nr_rtr_out *out);

/* Rising clock edge. */
void nwn_rtl_tick(nwn_rtl *h);

/* Start an FST trace (traced builds only). Returns 0, or -1 if this build has
 * no tracing or the file cannot be opened. Trace only a window. */
int nwn_rtl_trace(nwn_rtl *h, const char *fst_path);
void nwn_rtl_trace_stop(nwn_rtl *h);

/* Stop any trace and free the router. */
void nwn_rtl_free(nwn_rtl *h);

/* The router as an nr_rtr (nr_router.h): name "nwn-rtl", errors always 0
 * (RTL assertions end the process), trace as nwn_rtl_trace; nr_rtr_free
 * frees it. Inline over the functions above, so that every implementation of
 * this API (the shim, the SystemC top) has it. */
static inline void nwn_rtl_rtr_eval_(void *h, const nr_rtr_in *in, nr_rtr_out *out)
{
    nwn_rtl_eval((nwn_rtl *)h, in, out);
}
static inline void nwn_rtl_rtr_tick_(void *h) { nwn_rtl_tick((nwn_rtl *)h); }
static inline int nwn_rtl_rtr_errors_(void *h, char *buf, int buflen)
{
    (void)h;
    if (buflen > 0) buf[0] = 0;
    return 0;
}
static inline void nwn_rtl_rtr_free_(void *h) { nwn_rtl_free((nwn_rtl *)h); }
static inline int nwn_rtl_rtr_trace_(void *h, const char *path)
{
    return nwn_rtl_trace((nwn_rtl *)h, path);
}
static inline void nwn_rtl_rtr_trace_stop_(void *h) { nwn_rtl_trace_stop((nwn_rtl *)h); }
static inline nr_rtr nwn_rtl_rtr(nwn_rtl *h)
{
    static const nr_rtr_ops ops = {
        "nwn-rtl",         nwn_rtl_rtr_eval_,  nwn_rtl_rtr_tick_,       nwn_rtl_rtr_errors_,
        nwn_rtl_rtr_free_, nwn_rtl_rtr_trace_, nwn_rtl_rtr_trace_stop_, NULL};
    nr_rtr r = {&ops, h};
    return r;
}

#ifdef __cplusplus
}
#endif
#endif
