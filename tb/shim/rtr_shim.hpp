// rtr_shim.hpp - the part the router shims share (C++, header only):
// tb/shim/nr_yarc_shim.cpp (tb/yarc_rtl.h) and tb/shim/nr_nwn_shim.cpp
// (tb/nwn_rtl.h). Both Verilated tops have the same port list (nr_nwn's is
// nr_yarc's with NumPorts in place of Rows*Cols), so reset, one cycle's eval
// of the nr_router.h view, the clock edge and the FST trace are written once
// here, with the prm_* outputs both tops have (read_port_params) and the
// extern "C" functions that only forward (NR_RTR_SHIM_API); each shim reads
// its own other prm_* outputs.
//
// A shim defines NR_RTR_TRACE before including this header in its traced
// build (FST). The RTL ports are flat vectors, port-major (port p's phit at
// bits p*24 +: 24, its VC v credit count at (p*NumVcs+v)*CW +: CW). Their C++
// type depends on the width (CData .. QData, or VlWide<N> beyond 64 bits), so
// the field helpers are overloaded for both.
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
#include "shim_cov.hpp"

namespace rtr_shim {

// ---- bit-field access on Verilator port types
template <typename T> static inline void setf(T &port, int lsb, int w, uint64_t v)
{
    const uint64_t m = (w >= 64) ? ~0ull : ((1ull << w) - 1);
    uint64_t x = (uint64_t)port;
    x = (x & ~(m << lsb)) | ((v & m) << lsb);
    port = (T)x;
}
template <std::size_t N> static inline void setf(VlWide<N> &port, int lsb, int w, uint64_t v)
{
    for (int i = 0; i < w; i++) {
        const int b = lsb + i;
        const uint32_t bit = 1u << (b % 32);
        if ((v >> i) & 1u) port[b / 32] |= bit;
        else port[b / 32] &= ~bit;
    }
}
template <typename T> static inline uint64_t getf(const T &port, int lsb, int w)
{
    const uint64_t m = (w >= 64) ? ~0ull : ((1ull << w) - 1);
    return ((uint64_t)port >> lsb) & m;
}
template <std::size_t N> static inline uint64_t getf(const VlWide<N> &port, int lsb, int w)
{
    uint64_t v = 0;
    for (int i = 0; i < w; i++) {
        const int b = lsb + i;
        v |= (uint64_t)((port[b / 32] >> (b % 32)) & 1u) << i;
    }
    return v;
}

static inline int clog2(int x)
{
    int n = 0;
    while ((1 << n) < x) n++;
    return n;
}

// One Verilated router top. `nm` prefixes the messages ("yarc_rtl"), `inst`
// names the top instance (the root of %m in assertion messages).
template <class Top> struct Rtr {
    const char *name;
    VerilatedContext *ctx;
    Top *top;
#ifdef NR_RTR_TRACE
    VerilatedFstC *tfp;
#endif
    int nports = 0, nv = 0, cw = 0, use_lcb = 0;
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
            std::fprintf(stderr, "%s: simulation stopped in %s at cycle %llu ($fatal/$finish)\n", name,
                         where, (unsigned long long)cycle);
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
    // low. The caller then reads its prm_* outputs and calls set_shape().
    void reset(const nr_lcb_cfg *lcfg)
    {
        Top *t = top;
        t->cfg_timeout_i = lcfg->timeout & 0xFFFFu;
        t->cfg_retry_limit_i = lcfg->retry_limit & 0xFFu;
        t->cfg_max_len_i = lcfg->max_len & 0xFFu;
        t->cfg_we_i = 0;
        t->cfg_bcast_i = 0;
        t->cfg_tile_i = 0;
        t->cfg_addr_i = 0;
        t->cfg_wdata_i = 0;
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

    void set_shape(int num_ports, int num_vcs, int in_buf_per_vc, int lcb)
    {
        nports = num_ports;
        nv = num_vcs;
        cw = clog2(in_buf_per_vc + 1);
        use_lcb = lcb;
    }

    void eval(const nr_rtr_in *in, nr_rtr_out *out)
    {
        Top *t = top;
        const int np = nports;
        for (int p = 0; p < np; p++) {
            if (use_lcb) {
                setf(t->link_rx_p_i, p * 24, 24, in->link_rx[p]);
            } else {
                setf(t->in_valid_p_i, p, 1, in->in_valid[p] ? 1 : 0);
                setf(t->in_phit_p_i, p * 24, 24, in->in_phit[p]);
                for (int v = 0; v < nv; v++) setf(t->out_cr_p_v_i, (p * nv + v) * cw, cw, in->out_cr[p][v]);
            }
        }
        t->cfg_we_i = in->cfg_we ? 1 : 0;
        t->cfg_bcast_i = in->cfg_bcast ? 1 : 0;
        t->cfg_tile_i = (unsigned)in->cfg_tile & 0x3Fu;
        t->cfg_addr_i = (unsigned)in->cfg_addr & 0xFFu;
        t->cfg_wdata_i = in->cfg_wdata;
        t->clk_i = 0;
        ctx->time(2 * cycle);
        t->eval();
        check_running("eval");

        for (int p = 0; p < NR_MAX_PORTS; p++) {
            const bool on = p < np;
            out->link_tx[p] = (on && use_lcb) ? (uint32_t)getf(t->link_tx_p_o, p * 24, 24) : 0;
            out->ev[p] = (on && use_lcb) ? (uint32_t)getf(t->ev_p_o, p * 20, 20) : 0;
            out->link_down[p] = (on && use_lcb) ? (int)getf(t->link_down_p_o, p, 1) : 0;
            out->out_valid[p] = (on && !use_lcb) ? (int)getf(t->out_valid_p_o, p, 1) : 0;
            out->out_phit[p] = (on && !use_lcb) ? (uint32_t)getf(t->out_phit_p_o, p * 24, 24) : 0;
            out->tev[p] = on ? (uint32_t)getf(t->tev_p_o, p * 5, 5) : 0;
            for (int v = 0; v < NR_LCB_MAX_VCS; v++)
                out->in_cr[p][v] = (on && !use_lcb && v < nv)
                                       ? (uint32_t)getf(t->in_cr_p_v_o, (p * nv + v) * cw, cw)
                                       : 0;
        }
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

// The port parameters both tops report, into nr_yarc_params or nr_nwn_params.
template <class P, class Top> static inline void read_port_params(P &p, const Top *t)
{
    p.num_vcs = t->prm_num_vcs_o;
    p.in_buf_per_vc = t->prm_in_buf_per_vc_o;
    p.use_lcb = t->prm_use_lcb_o;
    p.max_pkt_len = t->prm_max_pkt_len_o;
    p.replay_depth = t->prm_replay_depth_o;
    p.window = t->prm_window_o;
    p.link_crc_w = t->prm_link_crc_w_o;
}

} // namespace rtr_shim

// NR_RTR_SHIM_API(P, PARAMS): the extern "C" functions of tb/<P>.h that only
// forward to the Rtr (P_params, P_eval, P_tick, P_trace, P_trace_stop,
// P_free), for a handle struct P with members r (the Rtr) and p (PARAMS).
#define NR_RTR_SHIM_API(P, PARAMS)                                                               \
    extern "C" void P##_params(const P *h, PARAMS *p) { *p = h->p; }                             \
    extern "C" void P##_eval(P *h, const nr_rtr_in *in, nr_rtr_out *out) { h->r.eval(in, out); } \
    extern "C" void P##_tick(P *h) { h->r.tick(); }                                              \
    extern "C" int P##_trace(P *h, const char *fst_path) { return h->r.trace(fst_path); }        \
    extern "C" void P##_trace_stop(P *h) { h->r.trace_stop(); }                                  \
    extern "C" void P##_free(P *h) { delete h; }

#endif
