// nr_pipe_shim.cpp - extern "C" stream API (tb/cells/cells_shim.h) over the
// Verilated nr_pipe (no level_o: level reads 0).
#include "Vnr_pipe.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_STREAM_SHIM(Vnr_pipe, "nr_pipe", 0)
