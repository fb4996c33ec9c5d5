// sim_main.cpp - the generic main of the FuseSoC sim targets (cores/*.core,
// scripts/gencores.sh): any Verilated top with clk_i and rst_ni (active low),
// its other inputs held at zero. Reset for 4 cycles, then 200 clock cycles;
// the model is built with --assert, so an RTL assertion ends the run with an
// error. Compiled by Verilator's makefile with -DNR_VTOP=V<top> and
// -DNR_VTOP_H=V<top>.h. Prints "sim: <top> ok, N cycles" and exits 0.
#include <cstdio>
#include <memory>

#include "verilated.h"
#define NR_STR2(x) #x
#define NR_STR(x) NR_STR2(x)
#include NR_STR(NR_VTOP_H)

int main(int argc, char **argv)
{
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto top = std::make_unique<NR_VTOP>(ctx.get());
    const int reset_cycles = 4, cycles = 200;
    top->clk_i = 0;
    top->rst_ni = 0;
    top->eval();
    for (int c = 0; c < reset_cycles + cycles && !ctx->gotFinish(); c++) {
        top->rst_ni = c >= reset_cycles;
        top->clk_i = 1;
        top->eval();
        ctx->timeInc(1);
        top->clk_i = 0;
        top->eval();
        ctx->timeInc(1);
    }
    top->final();
    std::printf("sim: %s ok, %d cycles after reset\n", NR_STR(NR_VTOP), cycles);
    return 0;
}
