// rtr_shim.hpp - the Verilated router of tb/shim/rtr_shim.cpp (C++, header
// only): every router top has the same port list (docs/yarc-rtl.md and
// docs/nwn-rtl.md: the nr_router.h view as flat vectors, the configuration
// port, the LCB configuration inputs, and one constant prm_<field>_o output
// per RTL parameter), so reset, one cycle's eval, the clock edge and the FST
// trace are written once here for any top.
//
// The shim defines NR_RTR_TRACE before including this header in a traced
// build (FST). The RTL ports are flat vectors, port-major (port p's phit at
// bits p*24 +: 24, its VC v credit count at (p*NumVcs+v)*CW +: CW), whose
// fields tb/shim/port_bits.hpp reads and writes whatever their C++ type.
//
// The same shim source compiled against a SystemC model (verilator --sc,
// -DVM_SC=1: mk/sc.mk) gets the SystemC Rtr of tb/sc/rtr_sc.hpp instead of
// the one below: the model is an sc_module in a SystemC simulation, and the
// port plumbing (drive_in, read_out, set_lcb_cfg, read_params) is this file's.
#ifndef RTR_SHIM_HPP
#define RTR_SHIM_HPP
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "verilated.h"
#ifdef NR_RTR_TRACE
#include "verilated_fst_c.h"
#endif

#include "nr_lcb.h"
#include "nr_router.h"
#include "port_bits.hpp"
#include "rtl_build.h"
#include "shim_cov.hpp"
#include "shim_reset.hpp"

namespace rtr_shim {

// bit fields of the flat port vectors (integers, VlWide<N>, sc_bv<N>)
using nr_bits::getf;
using nr_bits::setf;

static inline int clog2(int x)
{
    int n = 0;
    while ((1 << n) < x) n++;
    return n;
}

// The shape of the flat vectors: ports, VCs, credit-count width, LCB or bare.
struct Shape {
    int nports = 0, nv = 0, cw = 0, use_lcb = 0;
    void set(int num_ports, int num_vcs, int in_buf_per_vc, int lcb)
    {
        nports = num_ports;
        nv = num_vcs;
        cw = clog2(in_buf_per_vc + 1);
        use_lcb = lcb;
    }
};

// The port plumbing below takes any Io whose members are named like the RTL
// ports: a Verilated C++ model, or the port values of a SystemC one
// (tb/sc/rtr_sc.hpp).

// The LCB configuration inputs (held), and the configuration port idle.
template <class Io> static inline void set_lcb_cfg(Io &t, const nr_lcb_cfg *lcfg)
{
    t.cfg_timeout_i = lcfg->timeout & 0xFFFFu;
    t.cfg_retry_limit_i = lcfg->retry_limit & 0xFFu;
    t.cfg_max_len_i = lcfg->max_len & 0xFFu;
    t.cfg_we_i = 0;
    t.cfg_bcast_i = 0;
    t.cfg_tile_i = 0;
    t.cfg_addr_i = 0;
    t.cfg_wdata_i = 0;
}

// One cycle's inputs of the nr_router.h view into the flat vectors.
template <class Io> static inline void drive_in(Io &t, const Shape &s, const nr_rtr_in *in)
{
    for (int p = 0; p < s.nports; p++) {
        if (s.use_lcb) {
            setf(t.link_rx_p_i, p * 24, 24, in->link_rx[p]);
        } else {
            setf(t.in_valid_p_i, p, 1, in->in_valid[p] ? 1 : 0);
            setf(t.in_phit_p_i, p * 24, 24, in->in_phit[p]);
            for (int v = 0; v < s.nv; v++)
                setf(t.out_cr_p_v_i, (p * s.nv + v) * s.cw, s.cw, in->out_cr[p][v]);
        }
    }
    t.cfg_we_i = in->cfg_we ? 1 : 0;
    t.cfg_bcast_i = in->cfg_bcast ? 1 : 0;
    t.cfg_tile_i = (unsigned)in->cfg_tile & 0x3Fu;
    t.cfg_addr_i = (unsigned)in->cfg_addr & 0xFFu;
    t.cfg_wdata_i = in->cfg_wdata;
}

// The settled outputs out of the flat vectors (fields of absent ports and VCs 0).
template <class Io> static inline void read_out(const Io &t, const Shape &s, nr_rtr_out *out)
{
    out->idle = 0; /* no port is promised idle: the caller looks at every one */
    for (int p = 0; p < NR_MAX_PORTS; p++) {
        const bool on = p < s.nports;
        const bool lcb = on && s.use_lcb, bare = on && !s.use_lcb;
        out->link_tx[p] = lcb ? (uint32_t)getf(t.link_tx_p_o, p * 24, 24) : 0;
        out->ev[p] = lcb ? (uint32_t)getf(t.ev_p_o, p * 21, 21) : 0;
        out->link_down[p] = lcb ? (int)getf(t.link_down_p_o, p, 1) : 0;
        out->out_valid[p] = bare ? (int)getf(t.out_valid_p_o, p, 1) : 0;
        out->out_phit[p] = bare ? (uint32_t)getf(t.out_phit_p_o, p * 24, 24) : 0;
        out->tev[p] = on ? (uint32_t)getf(t.tev_p_o, p * 5, 5) : 0;
        for (int v = 0; v < NR_LCB_MAX_VCS; v++)
            out->in_cr[p][v] =
                (bare && v < s.nv) ? (uint32_t)getf(t.in_cr_p_v_o, (p * s.nv + v) * s.cw, s.cw) : 0;
    }
}

#if !VM_SC
// One Verilated router top. `nm` prefixes the messages ("yarc_rtl"), `inst`
// names the top instance (the root of %m in assertion messages).
template <class Top> struct Rtr {
    const char *name;
    VerilatedContext *ctx;
    Top *top;
#ifdef NR_RTR_TRACE
    VerilatedFstC *tfp;
#endif
    Shape shape;
    uint64_t cycle = 0;

    Rtr(const char *nm, const char *inst) : name(nm)
    {
        ctx = new VerilatedContext;
        ctx->fatalOnError(true);
#ifdef NR_RTR_TRACE
        ctx->traceEverOn(true);
#endif
        top = new Top{ctx, inst};
#ifdef NR_RTR_TRACE
        tfp = new VerilatedFstC;
        top->trace(tfp, 99);
#endif
    }
    ~Rtr()
    {
        trace_stop();
        top->final();
        nr_cov_write(ctx);
#ifdef NR_RTR_TRACE
        delete tfp;
#endif
        delete top;
        delete ctx;
    }

    void check_running(const char *where) const
    {
        if (ctx->gotFinish()) {
            std::fflush(stdout);
            std::fprintf(stderr, "%s: simulation stopped in %s at cycle %llu ($fatal/$finish)\n",
                         name, where, (unsigned long long)cycle);
            std::exit(1);
        }
    }

    void dump(uint64_t t)
    {
#ifdef NR_RTR_TRACE
        if (tfp->isOpen()) tfp->dump(t);
#else
        (void)t;
#endif
    }

    // Reset: one clock edge with rst_ni low, then release it with the clock
    // low. The caller then reads its prm_* outputs and sets the shape.
    void reset(const nr_lcb_cfg *lcfg)
    {
        Top *t = top;
        set_lcb_cfg(*t, lcfg);
        // link_rx, in_valid, in_phit, out_cr start at zero (Verilator zeroes ports)
        nr_shim_reset(t);
        cycle = 0;
        check_running("reset");
    }

    void eval(const nr_rtr_in *in, nr_rtr_out *out)
    {
        drive_in(*top, shape, in);
        top->clk_i = 0;
        ctx->time(2 * cycle);
        top->eval();
        check_running("eval");
        read_out(*top, shape, out);
    }

    void tick()
    {
        dump(2 * cycle);
        top->clk_i = 1;
        ctx->time(2 * cycle + 1);
        top->eval();
        check_running("tick");
        dump(2 * cycle + 1);
        cycle++;
    }

    int trace(const char *fst_path)
    {
#ifdef NR_RTR_TRACE
        if (tfp->isOpen()) tfp->close();
        tfp->open(fst_path);
        return tfp->isOpen() ? 0 : -1;
#else
        (void)fst_path;
        return -1;
#endif
    }

    void trace_stop()
    {
#ifdef NR_RTR_TRACE
        if (tfp->isOpen()) tfp->close();
#endif
    }
};
#endif

} // namespace rtr_shim

#if VM_SC
#include "rtr_sc.hpp"
#endif

#endif
