// nr_arb_rr_shim.cpp - extern "C" arbiter API (tb/cells/cells_shim.h) over the
// Verilated nr_arb_rr.
#include "Vnr_arb_rr.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

struct arb_dut : Dut<Vnr_arb_rr> {
    using Dut::Dut;
};

extern "C" {
arb_dut *arb_new(uint64_t seed)
{
    arb_dut *h = new arb_dut(seed);
    h->top->clk_i = 0;
    h->top->rst_ni = 0;
    arb_set(h, 0, 0);
    return h;
}
void arb_free(arb_dut *h) { delete h; }
const char *arb_top(void) { return "nr_arb_rr"; }
void arb_reset(arb_dut *h) { h->reset(); }
void arb_set(arb_dut *h, uint64_t req_i, int advance_i)
{
    h->top->req_i = req_i;
    h->top->advance_i = advance_i;
    h->top->eval();
}
uint64_t arb_gnt(const arb_dut *h) { return h->top->gnt_o; }
uint32_t arb_gnt_idx(const arb_dut *h) { return h->top->gnt_idx_o; }
void arb_tick(arb_dut *h) { h->tick(); }
}
