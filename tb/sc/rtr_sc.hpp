// rtr_sc.hpp - the SystemC Rtr of the router shims: a Verilated router top
// (verilator --sc, an sc_module) inside a SystemC simulation, behind the C API
// of tb/rtl_build.h. tb/shim/rtr_shim.hpp includes it in place of its C++ Rtr
// when the router shim is compiled against a SystemC model (-DVM_SC=1,
// mk/sc.mk), so every top shares it with its C++ build.
//
// The design is nr_sc::Top<V> (tb/sc/nr_sc_top.hpp: the model, one signal per
// port) with its clock on a signal of its own. The C testbench (tb/rtr/
// rtr_sim.c, built as rtr_sim_main; tb/sc/rtr_sc_main.cpp) drives it: every
// testbench cycle is two SystemC time steps of 1 ns. The inputs are written to
// the signals with the clock low and sc_start(1 ns) settles them (the outputs
// are read back), then the clock rises and sc_start(1 ns) applies the edge.
// The SystemC kernel schedules the model (its delta cycles, its clock
// process), so this checks the RTL as a SystemC user integrates it, and in
// lockstep the C model is compared with it on every output of every cycle.
// The port values pass through Rtr::io, whose members are named like the
// ports, so rtr_shim.hpp's drive_in/read_out fill and read them as they do a
// Verilated C++ model.
//
// One router per process: SystemC elaborates the design before the first
// sc_start, so a second router cannot be made (the process exits with 2).
// No FST trace here (trace returns -1): the waveforms come from the C++
// traced builds.
#ifndef RTR_SC_HPP
#define RTR_SC_HPP
#include "nr_sc_top.hpp"

namespace rtr_shim {

template <class V> struct Rtr {
    const char *name;
    nr_sc::Top<V> *m;
    V *top;
    sc_signal<bool> *clk;
    struct Io {
#define NR_SC_VAL(p) nr_sc::val_t<decltype(V::p)> p;
        NR_SC_IN_PORTS(NR_SC_VAL)
        NR_SC_OUT_PORTS(NR_SC_VAL)
#undef NR_SC_VAL
    } io = Io();
    Shape shape;
    uint64_t cycle = 0;

    Rtr(const char *nm, const char *inst) : name(nm)
    {
        static bool made = false;
        if (made) {
            std::fprintf(stderr, "%s: only one router per SystemC process\n", name);
            std::exit(2);
        }
        made = true;
        m = new nr_sc::Top<V>("top", inst);
        clk = new sc_signal<bool>("clk");
        m->clk_i(*clk);
        top = &m->dut;
    }
    // SystemC owns the module hierarchy until the end of the process.
    ~Rtr() { top->final(); }

    // io's inputs to the signals (a changed value is seen at the next sc_start)
    void push()
    {
#define NR_SC_PUSH(p) m->p.write(io.p);
        NR_SC_IN_PORTS(NR_SC_PUSH)
#undef NR_SC_PUSH
    }
    // the signals' outputs into io
    void pull()
    {
#define NR_SC_PULL(p) io.p = m->p.read();
        NR_SC_OUT_PORTS(NR_SC_PULL)
#undef NR_SC_PULL
    }

    void step(const char *where)
    {
        sc_start(1, SC_NS);
        if (Verilated::gotFinish()) {
            std::fflush(stdout);
            std::fprintf(stderr, "%s: simulation stopped in %s at cycle %llu ($fatal/$finish)\n",
                         name, where, (unsigned long long)cycle);
            std::exit(1);
        }
    }

    // Reset: one rising edge with rst_ni low, released with the clock low.
    void reset(const nr_lcb_cfg *lcfg)
    {
        set_lcb_cfg(io, lcfg);
        io.rst_ni = false;
        push();
        step("reset");
        clk->write(true);
        step("reset");
        clk->write(false);
        io.rst_ni = true;
        push();
        step("reset");
        cycle = 0;
    }

    void eval(const nr_rtr_in *in, nr_rtr_out *out)
    {
        drive_in(io, shape, in);
        clk->write(false);
        push();
        step("eval");
        pull();
        read_out(io, shape, out);
    }

    void tick()
    {
        clk->write(true);
        step("tick");
        cycle++;
    }

    int trace(const char *fst_path)
    {
        (void)fst_path;
        return -1;
    }
    void trace_stop() {}
};

} // namespace rtr_shim
#endif
