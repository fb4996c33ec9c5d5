// nr_max_pick_shim.cpp - extern "C" API (tb/cells/cells_shim.h) over the
// Verilated nr_max_pick (combinational).
#include "Vnr_max_pick.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_COMB_SHIM(maxpick, Vnr_max_pick)
extern "C" void maxpick_eval(maxpick_dut *h, uint64_t cand_i, uint64_t score_i, uint32_t ptr_i,
                             maxpick_out *o)
{
    h->top->cand_i = cand_i;
    h->top->score_i = score_i;
    h->top->ptr_i = ptr_i;
    h->top->eval();
    o->any_o = h->top->any_o;
    o->max_o = h->top->max_o;
    o->best_o = h->top->best_o;
}
