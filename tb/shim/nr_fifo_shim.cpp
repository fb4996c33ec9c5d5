// nr_fifo_shim.cpp - extern "C" stream API (tb/cells/cells_shim.h) over the
// Verilated nr_fifo.
#include "Vnr_fifo.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_STREAM_SHIM(Vnr_fifo, "nr_fifo", h->top->level_o)
