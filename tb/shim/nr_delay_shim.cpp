// nr_delay_shim.cpp - extern "C" API (tb/cells/cells_shim.h) over the
// Verilated nr_delay.
#include "Vnr_delay.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_CELL_SHIM(delay, Vnr_delay, 0, 0)

extern "C" {
void delay_set(delay_dut *h, int valid_i, uint64_t data_i)
{
    h->top->valid_i = valid_i;
    h->top->data_i = data_i;
    h->top->eval();
}
int delay_valid(const delay_dut *h) { return h->top->valid_o; }
uint64_t delay_data(const delay_dut *h) { return h->top->data_o; }
}
