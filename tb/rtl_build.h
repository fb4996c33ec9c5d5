/* rtl_build.h - the Verilated router build a program holds, as the build
 * describes itself. Every router shim defines nr_rtl_build_linked()
 * (tb/shim/rtr_shim.hpp, NR_RTR_SHIM_API: the nr_yarc and nr_nwn shims and
 * their SystemC builds), and a program links at most one build, so the
 * testbench's RTL glue (tb/rtr/rtl_glue.c) is one object for every build and
 * organization: it asks the linked build what it is instead of being
 * compiled for it.
 */
#ifndef NR_RTL_BUILD_H
#define NR_RTL_BUILD_H
#include "nr_lcb.h"
#include "nr_router.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *cfg; /* the named configuration it was built from: "yarc-k16" */
    const char *dir; /* its build directory: "build/v/yarc-k16-trace" */
    const char *top; /* its top module: "nr_yarc", "nr_nwn" */
    int traced;      /* 1: FST tracing compiled in */
    /* A router in reset (the top's C API _new, then its nr_rtr), with the
     * -G parameters of the build (the RTL's constant prm_* outputs) in
     * *params, which is the top's parameter struct: nr_yarc_params for
     * nr_yarc, nr_nwn_params for nr_nwn. */
    nr_rtr (*create)(const nr_lcb_cfg *lcfg, void *params);
} nr_rtl_build;

/* The build linked into this program. */
const nr_rtl_build *nr_rtl_build_linked(void);

#ifdef __cplusplus
}
#endif
#endif
