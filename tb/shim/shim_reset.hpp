// shim_reset.hpp - the reset of a Verilated router or LCB port top (the
// shims of tb/shim): one rising clock edge with rst_ni low, then rst_ni
// released with the clock low. The inputs keep what the caller set.
#ifndef NR_SHIM_RESET_HPP
#define NR_SHIM_RESET_HPP

template <class Top> static inline void nr_shim_reset(Top *t)
{
    t->clk_i = 0;
    t->rst_ni = 0;
    t->eval();
    t->clk_i = 1;
    t->eval();
    t->clk_i = 0;
    t->eval();
    t->rst_ni = 1;
    t->eval();
}
#endif
