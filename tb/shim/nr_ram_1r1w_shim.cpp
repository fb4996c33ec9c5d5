// nr_ram_1r1w_shim.cpp - extern "C" API (tb/cells/cells_shim.h) over the
// Verilated nr_ram_1r1w.
#include "Vnr_ram_1r1w.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_CELL_SHIM(ram, Vnr_ram_1r1w, 0, 0, 0, 0, 0)

extern "C" {
void ram_set(ram_dut *h, int we, uint32_t waddr, uint64_t wdata, int re, uint32_t raddr)
{
    h->top->we_i = we;
    h->top->waddr_i = waddr;
    h->top->wdata_i = wdata;
    h->top->re_i = re;
    h->top->raddr_i = raddr;
    h->top->eval();
}
uint64_t ram_rdata(const ram_dut *h) { return h->top->rdata_o; }
}
