// nr_credit_cnt_shim.cpp - extern "C" API (tb/cells/cells_shim.h) over the
// Verilated nr_credit_cnt.
#include "Vnr_credit_cnt.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_CELL_SHIM(credit, Vnr_credit_cnt, 0, 0)

extern "C" {
void credit_set(credit_dut *h, uint64_t dec_i, uint64_t inc_i)
{
    h->top->dec_i = dec_i;
    h->top->inc_i = inc_i;
    h->top->eval();
}
uint64_t credit_count(const credit_dut *h) { return h->top->count_o; }
uint64_t credit_full(const credit_dut *h) { return h->top->full_o; }
}
