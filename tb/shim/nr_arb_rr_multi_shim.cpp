// nr_arb_rr_multi_shim.cpp - extern "C" API (tb/cells/cells_shim.h, arbm_*)
// over the Verilated nr_arb_rr_multi.
#include "Vnr_arb_rr_multi.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_CELL_SHIM(arbm, Vnr_arb_rr_multi, 0, 0)

extern "C" {
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
}
