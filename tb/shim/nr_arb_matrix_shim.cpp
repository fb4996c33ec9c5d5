// nr_arb_matrix_shim.cpp - extern "C" arbiter API (tb/cells/cells_shim.h) over the
// Verilated nr_arb_matrix (the same ports as nr_arb_rr).
#include "Vnr_arb_matrix.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_ARB_SHIM(Vnr_arb_matrix, "nr_arb_matrix")
