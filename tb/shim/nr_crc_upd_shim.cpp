// nr_crc_upd_shim.cpp - extern "C" CRC API (tb/cells/cells_shim.h) over the
// Verilated nr_crc_upd (combinational, any Width).
#include "Vnr_crc_upd.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_CRC_SHIM(Vnr_crc_upd, cells_param("Width"))
