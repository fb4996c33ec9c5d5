// rtr_sc_main.cpp - sc_main of the SystemC router programs
// build/bin/rtr_sc-CFG (mk/sc.mk): the router testbench (tb/rtr/rtr_sim.c,
// compiled with main renamed rtr_sim_main) with the Verilated router of
// configuration CFG as a SystemC module. The router's C API (tb/rtl_build.h)
// is the router shim compiled against the SystemC model
// (tb/shim/rtr_shim.cpp, tb/sc/rtr_sc.hpp): the first router the
// testbench makes builds the SystemC design, and every cycle runs the
// SystemC kernel.
#include <systemc.h>

#include "verilated.h"

extern "C" int rtr_sim_main(int argc, char **argv);

int sc_main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    return rtr_sim_main(argc, argv);
}
