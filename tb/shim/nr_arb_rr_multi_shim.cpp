// nr_arb_rr_multi_shim.cpp - extern "C" API (tb/cells/cells_shim.h, arbm_*)
// over the Verilated nr_arb_rr_multi.
#include "Vnr_arb_rr_multi.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

struct arbm_dut : Dut<Vnr_arb_rr_multi> {
    using Dut::Dut;
};

extern "C" {
arbm_dut *arbm_new(uint64_t seed)
{
    arbm_dut *h = new arbm_dut(seed);
    h->top->clk_i = 0;
    h->top->rst_ni = 0;
    arbm_set(h, 0, 0);
    return h;
}
void arbm_free(arbm_dut *h) { delete h; }
void arbm_reset(arbm_dut *h) { h->reset(); }
void arbm_set(arbm_dut *h, uint64_t req_i, int advance_i)
{
    h->top->req_i = req_i;
    h->top->advance_i = advance_i;
    h->top->eval();
}
uint64_t arbm_gnt(const arbm_dut *h) { return h->top->gnt_o; }
uint32_t arbm_pick_valid(const arbm_dut *h) { return h->top->pick_valid_o; }
uint32_t arbm_pick_idx(const arbm_dut *h, int k)
{
    const int n = cells_param("N");
    int w = 1;
    while ((1 << w) < n) w++;
    return (uint32_t)(((uint64_t)h->top->pick_idx_o >> (k * w)) & ((1u << w) - 1));
}
void arbm_tick(arbm_dut *h) { h->tick(); }
}
