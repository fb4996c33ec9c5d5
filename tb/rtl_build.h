/* rtl_build.h - the C API of every Verilated router build: the build as it
 * describes itself, and its router. The one router shim
 * (tb/shim/rtr_shim.cpp, compiled once per build with its top's Verilated
 * model, C++ or SystemC) defines nr_rtl_build_linked(), and a program links
 * at most one build, so the catalog's RTL glue (tb/catalog/rtl_glue.c) is one
 * object for every build and organization: it asks the linked build what it
 * is instead of being compiled for it. RTL assertions (NR_ASSERT,
 * NR_PARAM_ASSERT) print "ASSERT FAILED ..." and end the process with a
 * non-zero status; so does a simulation that finishes for any other reason.
 */
#ifndef NR_RTL_BUILD_H
#define NR_RTL_BUILD_H
#include <stddef.h>

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
    /* A router in reset, ready for cycle 0, as an nr_rtr (name
     * "<organization>-rtl", errors always 0: RTL assertions end the process;
     * trace and trace_stop in traced builds), with the -G parameters of the
     * build (the RTL's constant prm_<field>_o outputs) in *params, the
     * parameter struct of the top's organization (params_size bytes, its
     * size: tb/catalog/org.h). lcfg goes to the LCB cfg_* inputs of every
     * port and is held (ignored by a bare build). */
    nr_rtr (*create)(const nr_lcb_cfg *lcfg, void *params, size_t params_size);
} nr_rtl_build;

/* The build linked into this program. */
const nr_rtl_build *nr_rtl_build_linked(void);

#ifdef __cplusplus
}
#endif
#endif
