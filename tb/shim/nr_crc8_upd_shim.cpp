// nr_crc8_upd_shim.cpp - extern "C" CRC API (tb/cells/cells_shim.h) over the
// Verilated nr_crc8_upd (combinational).
#include "Vnr_crc8_upd.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_CRC_SHIM(Vnr_crc8_upd, 8)
