// rtr_shim.hpp - the part the router shims share (C++, header only):
// tb/shim/nr_yarc_shim.cpp (tb/yarc_rtl.h) and tb/shim/nr_nwn_shim.cpp
// (tb/nwn_rtl.h). Both Verilated tops have the same port list (nr_nwn's is
// nr_yarc's with NumPorts in place of Rows*Cols), so reset, one cycle's eval
// of the nr_router.h view, the clock edge and the FST trace are written once
// here, with the prm_* outputs of each top (read_params) and the extern "C"
// functions of tb/<P>.h (NR_RTR_SHIM_API).
//
// A shim defines NR_RTR_TRACE before including this header in its traced
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
#include "nr_nwn.h"
#include "nr_router.h"
#include "nr_yarc.h"
#include "port_bits.hpp"
#include "rtl_build.h"
#include "shim_cov.hpp"

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
        out->ev[p] = lcb ? (uint32_t)getf(t.ev_p_o, p * 20, 20) : 0;
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
        t->clk_i = 0;
        t->rst_ni = 0;
        t->eval();
        t->clk_i = 1;
        t->eval();
        t->clk_i = 0;
        t->eval();
        t->rst_ni = 1;
        t->eval();
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

// The -G parameters a top reports on its constant prm_* outputs (a Verilated
// C++ model's members, or a SystemC model's bound sc_out ports, which convert
// to their value), into nr_yarc_params or nr_nwn_params: field f comes from
// output prm_<f>_o. read_params returns the port count.
#define NR_PRM_READ(f) p.f = t->prm_##f##_o;
#define NR_PRM_READ_PORT(f) p.port.f = t->prm_##f##_o;
#define NR_PRM_PORT(X)                                                                             \
    X(num_vcs) X(in_buf_per_vc) X(use_lcb) X(max_pkt_len) X(replay_depth) X(window) X(link_crc_w)
#define NR_PRM_YARC(X)                                                                             \
    X(rows) X(cols) X(row_buf_depth) X(col_buf_depth) X(row_bus_lat) X(col_lat) X(sub_speedup)
#define NR_PRM_NWN(X)                                                                              \
    X(num_ports)                                                                                   \
    X(r) X(m) X(bb) X(speedup) X(top_speedup) X(top_choice) X(self_turn) X(buf_depth) X(chan_lat)
template <class Top> static inline int read_params(nr_yarc_params &p, const Top *t)
{
    NR_PRM_YARC(NR_PRM_READ)
    NR_PRM_PORT(NR_PRM_READ_PORT)
    return p.rows * p.cols;
}
template <class Top> static inline int read_params(nr_nwn_params &p, const Top *t)
{
    NR_PRM_NWN(NR_PRM_READ)
    NR_PRM_PORT(NR_PRM_READ_PORT)
    return p.num_ports;
}

// A handle H (members r, the Rtr, and p, the parameters) reset and ready for
// cycle 0, its shape read from the prm_* outputs.
template <class H> static inline H *make(const nr_lcb_cfg *lcfg)
{
    H *h = new H();
    h->r.reset(lcfg);
    const int np = read_params(h->p, h->r.top);
    h->r.shape.set(np, h->p.port.num_vcs, h->p.port.in_buf_per_vc, h->p.port.use_lcb);
    return h;
}

} // namespace rtr_shim

#if VM_SC
#include "rtr_sc.hpp"
#endif

// What the build says of itself (tb/rtl_build.h): the makefiles compile a
// router shim with the build's named configuration and directory
// (mk/rtl_builds.mk, mk/sc.mk, the Makefile's vtop).
#ifndef NR_RTL_CFG
#error "compile a router shim with -DNR_RTL_CFG=\"<named configuration>\""
#endif
#ifndef NR_RTL_DIR
#error "compile a router shim with -DNR_RTL_DIR=\"<build directory>\""
#endif
#ifdef NR_RTR_TRACE
#define NR_RTR_TRACED 1
#else
#define NR_RTR_TRACED 0
#endif

// NR_RTR_SHIM_API(P, PARAMS, TOP): the extern "C" functions of tb/<P>.h
// (P_new, P_params, P_eval, P_tick, P_trace, P_trace_stop, P_free) for a
// handle struct P with members r (the Rtr) and p (PARAMS), and the build's
// nr_rtl_build_linked() (tb/rtl_build.h) for top module TOP ("nr_yarc"),
// whose create is P_new, then P_rtr of tb/<P>.h.
#define NR_RTR_SHIM_API(P, PARAMS, TOP)                                                            \
    extern "C" P *P##_new(const nr_lcb_cfg *lcfg) { return rtr_shim::make<P>(lcfg); }              \
    extern "C" void P##_params(const P *h, PARAMS *p) { *p = h->p; }                               \
    extern "C" void P##_eval(P *h, const nr_rtr_in *in, nr_rtr_out *out) { h->r.eval(in, out); }   \
    extern "C" void P##_tick(P *h) { h->r.tick(); }                                                \
    extern "C" int P##_trace(P *h, const char *fst_path) { return h->r.trace(fst_path); }          \
    extern "C" void P##_trace_stop(P *h) { h->r.trace_stop(); }                                    \
    extern "C" void P##_free(P *h) { delete h; }                                                   \
    static nr_rtr P##_build_create(const nr_lcb_cfg *lcfg, void *params)                           \
    {                                                                                              \
        P *h = P##_new(lcfg);                                                                      \
        *static_cast<PARAMS *>(params) = h->p;                                                     \
        return P##_rtr(h);                                                                         \
    }                                                                                              \
    extern "C" const nr_rtl_build *nr_rtl_build_linked(void)                                       \
    {                                                                                              \
        static const nr_rtl_build b = {NR_RTL_CFG, NR_RTL_DIR, TOP, NR_RTR_TRACED,                 \
                                       P##_build_create};                                          \
        return &b;                                                                                 \
    }

#endif
