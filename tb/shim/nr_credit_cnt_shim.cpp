// nr_credit_cnt_shim.cpp - extern "C" API (tb/cells/cells_shim.h) over the
// Verilated nr_credit_cnt.
#include "Vnr_credit_cnt.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

struct credit_dut : Dut<Vnr_credit_cnt> {
    using Dut::Dut;
};

extern "C" {
credit_dut *credit_new(uint64_t seed)
{
    credit_dut *h = new credit_dut(seed);
    h->top->clk_i = 0;
    h->top->rst_ni = 0;
    credit_set(h, 0, 0);
    return h;
}
void credit_free(credit_dut *h) { delete h; }
void credit_reset(credit_dut *h) { h->reset(); }
void credit_set(credit_dut *h, uint64_t dec_i, uint64_t inc_i)
{
    h->top->dec_i = dec_i;
    h->top->inc_i = inc_i;
    h->top->eval();
}
uint64_t credit_count(const credit_dut *h) { return h->top->count_o; }
uint64_t credit_full(const credit_dut *h) { return h->top->full_o; }
void credit_tick(credit_dut *h) { h->tick(); }
}
