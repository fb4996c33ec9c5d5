// nr_ram_1r1w_shim.cpp - extern "C" API (tb/cells/cells_shim.h) over the
// Verilated nr_ram_1r1w.
#include "Vnr_ram_1r1w.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

struct ram_dut : Dut<Vnr_ram_1r1w> {
    using Dut::Dut;
};

extern "C" {
ram_dut *ram_new(uint64_t seed)
{
    ram_dut *h = new ram_dut(seed);
    h->top->clk_i = 0;
    h->top->rst_ni = 0;
    ram_set(h, 0, 0, 0, 0, 0);
    return h;
}
void ram_free(ram_dut *h) { delete h; }
void ram_reset(ram_dut *h) { h->reset(); }
void ram_set(ram_dut *h, int we, uint32_t waddr, uint64_t wdata, int re, uint32_t raddr)
{
    h->top->we_i = we;
    h->top->waddr_i = waddr;
    h->top->wdata_i = wdata;
    h->top->re_i = re;
    h->top->raddr_i = raddr;
    h->top->eval();
}
void ram_tick(ram_dut *h) { h->tick(); }
uint64_t ram_rdata(const ram_dut *h) { return h->top->rdata_o; }
}
