// nr_delay_shim.cpp - extern "C" API (tb/cells/cells_shim.h) over the
// Verilated nr_delay.
#include "Vnr_delay.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

struct delay_dut : Dut<Vnr_delay> {
    using Dut::Dut;
};

extern "C" {
delay_dut *delay_new(uint64_t seed)
{
    delay_dut *h = new delay_dut(seed);
    h->top->clk_i = 0;
    h->top->rst_ni = 0;
    delay_set(h, 0, 0);
    return h;
}
void delay_free(delay_dut *h) { delete h; }
void delay_reset(delay_dut *h) { h->reset(); }
void delay_set(delay_dut *h, int valid_i, uint64_t data_i)
{
    h->top->valid_i = valid_i;
    h->top->data_i = data_i;
    h->top->eval();
}
int delay_valid(const delay_dut *h) { return h->top->valid_o; }
uint64_t delay_data(const delay_dut *h) { return h->top->data_o; }
void delay_tick(delay_dut *h) { h->tick(); }
}
