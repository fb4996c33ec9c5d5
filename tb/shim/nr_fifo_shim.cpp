// nr_fifo_shim.cpp - extern "C" stream API (tb/cells/cells_shim.h) over the
// Verilated nr_fifo.
#include "Vnr_fifo.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

struct stream_dut : Dut<Vnr_fifo> {
    using Dut::Dut;
};

extern "C" {
stream_dut *stream_new(uint64_t seed)
{
    stream_dut *h = new stream_dut(seed);
    h->top->clk_i = 0;
    h->top->rst_ni = 0;
    stream_set(h, 0, 0, 0);
    return h;
}
void stream_free(stream_dut *h) { delete h; }
const char *stream_top(void) { return "nr_fifo"; }
void stream_reset(stream_dut *h) { h->reset(); }
void stream_set(stream_dut *h, int valid_i, uint64_t data_i, int ready_i)
{
    h->top->valid_i = valid_i;
    h->top->data_i = data_i;
    h->top->ready_i = ready_i;
    h->top->eval();
}
void stream_get(const stream_dut *h, stream_out *o)
{
    o->ready_o = h->top->ready_o;
    o->valid_o = h->top->valid_o;
    o->data_o = h->top->data_o;
    o->level_o = h->top->level_o;
}
void stream_tick(stream_dut *h) { h->tick(); }
}
