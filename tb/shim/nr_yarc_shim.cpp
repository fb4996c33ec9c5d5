// nr_yarc_shim.cpp - extern "C" API (tb/yarc_rtl.h) over the Verilated
// nr_yarc. One shim object per Verilated build (mk/rtl_builds.mk); the traced
// build is compiled with -DNR_YARC_TRACE, the SystemC build (mk/sc.mk) with
// -DVM_SC=1. Reset, eval, tick, the trace and the parameters are shared with
// the nr_nwn shim (tb/shim/rtr_shim.hpp).
#include "Vnr_yarc.h"
#ifdef NR_YARC_TRACE
#define NR_RTR_TRACE
#endif
#include "rtr_shim.hpp"

#include "yarc_rtl.h"

struct yarc_rtl {
    rtr_shim::Rtr<Vnr_yarc> r{"yarc_rtl", "yarc"};
    nr_yarc_params p;
};

NR_RTR_SHIM_API(yarc_rtl, nr_yarc_params, "nr_yarc")
