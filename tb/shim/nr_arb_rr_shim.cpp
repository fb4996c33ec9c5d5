// nr_arb_rr_shim.cpp - extern "C" arbiter API (tb/cells/cells_shim.h) over the
// Verilated nr_arb_rr.
#include "Vnr_arb_rr.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_ARB_SHIM(Vnr_arb_rr, "nr_arb_rr")
