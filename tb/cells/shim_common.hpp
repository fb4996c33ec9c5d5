// shim_common.hpp - the part every common-cell shim shares (C++, header only).
//
// Dut<T> owns a VerilatedContext and one Verilated top T. Initial values of
// flops and RAM words are random but reproducible (randReset(2) + randSeed).
// tick() is one clock cycle; reset() holds rst_ni low for two cycles. In a
// COVERAGE=1 build the counts are written when the Dut is freed (shim_cov.hpp).
//
// The shims (tb/shim/nr_*_shim.cpp) write only what is particular to their
// cell; the macros below define the rest, with the names of
// tb/cells/cells_shim.h:
//   NR_CELL_SHIM(P, TOP, ZERO...)  handle P_dut over the Verilated TOP, and
//       P_new (clk_i and rst_ni low, the other inputs zeroed by
//       P_set(h, ZERO...)), P_free, P_reset and P_tick;
//   NR_COMB_SHIM(P, TOP)           the same for a combinational cell: P_new
//       and P_free only;
//   NR_STREAM_SHIM(TOP, NAME, LEVEL)  the stream_* API of nr_fifo
//       (LEVEL: the value of level_o, an expression in the handle h);
//   NR_ARB_SHIM(TOP, NAME)         the arb_* API of nr_arb_rr;
//   NR_CRC_SHIM(TOP, WIDTH)        the crc_* API of the CRC update cells.
#ifndef SHIM_COMMON_HPP
#define SHIM_COMMON_HPP
#include <cstdint>
#include "verilated.h"
#include "shim_cov.hpp"

template <class T> struct Dut {
    VerilatedContext ctx;
    T *top;
    explicit Dut(uint64_t seed)
    {
        ctx.randReset(2);
        ctx.randSeed(static_cast<int>(seed % 0x7fffffffu) + 1);
        top = new T(&ctx, "TOP");
    }
    ~Dut()
    {
        top->final();
        nr_cov_write(&ctx);
        delete top;
    }
    void tick()
    {
        top->clk_i = 1;
        top->eval();
        ctx.timeInc(1);
        top->clk_i = 0;
        top->eval();
        ctx.timeInc(1);
    }
    void reset()
    {
        top->rst_ni = 0;
        top->eval();
        tick();
        tick();
        top->rst_ni = 1;
        top->eval();
    }
    Dut(const Dut &) = delete;
    Dut &operator=(const Dut &) = delete;
};

#define NR_CELL_SHIM(P, TOP, ...)                                                                  \
    struct P##_dut : Dut<TOP> {                                                                    \
        using Dut::Dut;                                                                            \
    };                                                                                             \
    extern "C" P##_dut *P##_new(uint64_t seed)                                                     \
    {                                                                                              \
        P##_dut *h = new P##_dut(seed);                                                            \
        h->top->clk_i = 0;                                                                         \
        h->top->rst_ni = 0;                                                                        \
        P##_set(h, __VA_ARGS__);                                                                   \
        return h;                                                                                  \
    }                                                                                              \
    extern "C" void P##_free(P##_dut *h) { delete h; }                                             \
    extern "C" void P##_reset(P##_dut *h) { h->reset(); }                                          \
    extern "C" void P##_tick(P##_dut *h) { h->tick(); }

#define NR_COMB_SHIM(P, TOP)                                                                       \
    struct P##_dut : Dut<TOP> {                                                                    \
        using Dut::Dut;                                                                            \
    };                                                                                             \
    extern "C" P##_dut *P##_new(uint64_t seed) { return new P##_dut(seed); }                       \
    extern "C" void P##_free(P##_dut *h) { delete h; }

#define NR_STREAM_SHIM(TOP, NAME, LEVEL)                                                           \
    NR_CELL_SHIM(stream, TOP, 0, 0, 0)                                                             \
    extern "C" const char *stream_top(void) { return NAME; }                                       \
    extern "C" void stream_set(stream_dut *h, int valid_i, uint64_t data_i, int ready_i)           \
    {                                                                                              \
        h->top->valid_i = valid_i;                                                                 \
        h->top->data_i = data_i;                                                                   \
        h->top->ready_i = ready_i;                                                                 \
        h->top->eval();                                                                            \
    }                                                                                              \
    extern "C" void stream_get(const stream_dut *h, stream_out *o)                                 \
    {                                                                                              \
        o->ready_o = h->top->ready_o;                                                              \
        o->valid_o = h->top->valid_o;                                                              \
        o->data_o = h->top->data_o;                                                                \
        o->level_o = (LEVEL);                                                                      \
    }

#define NR_ARB_SHIM(TOP, NAME)                                                                     \
    NR_CELL_SHIM(arb, TOP, 0, 0)                                                                   \
    extern "C" const char *arb_top(void) { return NAME; }                                          \
    extern "C" void arb_set(arb_dut *h, uint64_t req_i, int advance_i)                             \
    {                                                                                              \
        h->top->req_i = req_i;                                                                     \
        h->top->advance_i = advance_i;                                                             \
        h->top->eval();                                                                            \
    }                                                                                              \
    extern "C" uint64_t arb_gnt(const arb_dut *h) { return h->top->gnt_o; }                        \
    extern "C" uint32_t arb_gnt_idx(const arb_dut *h) { return h->top->gnt_idx_o; }

#define NR_CRC_SHIM(TOP, WIDTH)                                                                    \
    NR_COMB_SHIM(crc, TOP)                                                                         \
    extern "C" int crc_width(void) { return (WIDTH); }                                             \
    extern "C" uint32_t crc_eval(crc_dut *h, uint32_t crc_i, uint64_t data_i)                      \
    {                                                                                              \
        h->top->crc_i = crc_i;                                                                     \
        h->top->data_i = data_i;                                                                   \
        h->top->eval();                                                                            \
        return h->top->crc_o;                                                                      \
    }

#endif
