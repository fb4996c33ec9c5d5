// shim_common.hpp - the part every common-cell shim shares (C++, header only).
//
// Dut<T> owns a VerilatedContext and one Verilated top T. Initial values of
// flops and RAM words are random but reproducible (randReset(2) + randSeed).
// tick() is one clock cycle; reset() holds rst_ni low for two cycles.
#ifndef SHIM_COMMON_HPP
#define SHIM_COMMON_HPP
#include <cstdint>
#include "verilated.h"

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

#endif
