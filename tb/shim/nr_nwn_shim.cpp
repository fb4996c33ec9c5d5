// nr_nwn_shim.cpp - extern "C" API (tb/nwn_rtl.h) over the Verilated nr_nwn.
// One shim object per Verilated build (mk/rtl_builds.mk); the traced builds are
// compiled with -DNR_NWN_TRACE, the SystemC builds (mk/sc.mk) with
// -DVM_SC=1. Reset, eval, tick, the trace and the parameters are shared with
// the nr_yarc shim (tb/shim/rtr_shim.hpp): the two tops have the same port list.
#include "Vnr_nwn.h"
#ifdef NR_NWN_TRACE
#define NR_RTR_TRACE
#endif
#include "rtr_shim.hpp"

#include "nwn_rtl.h"

struct nwn_rtl {
    rtr_shim::Rtr<Vnr_nwn> r{"nwn_rtl", "nwn"};
    nr_nwn_params p;
};

NR_RTR_SHIM_API(nwn_rtl, nr_nwn_params, "nr_nwn")
