// nr_crc_upd_shim.cpp - extern "C" CRC API (tb/cells/cells_shim.h) over the
// Verilated nr_crc_upd (combinational, any Width).
#include "Vnr_crc_upd.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

struct crc_dut : Dut<Vnr_crc_upd> {
    using Dut::Dut;
};

extern "C" {
crc_dut *crc_new(uint64_t seed) { return new crc_dut(seed); }
void crc_free(crc_dut *h) { delete h; }
int crc_width(void) { return cells_param("Width"); }
uint32_t crc_eval(crc_dut *h, uint32_t crc_i, uint64_t data_i)
{
    h->top->crc_i = crc_i;
    h->top->data_i = data_i;
    h->top->eval();
    return h->top->crc_o;
}
}
