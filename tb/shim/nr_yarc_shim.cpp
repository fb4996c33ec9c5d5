// nr_yarc_shim.cpp - extern "C" API (tb/yarc_rtl.h) over the Verilated
// nr_yarc. One shim object per Verilated build (mk/yarc_rtl.mk); the traced
// build is compiled with -DNR_YARC_TRACE.
//
// The RTL ports are flat vectors, port-major (port p's phit at bits
// p*24 +: 24, its VC v credit count at (p*NumVcs+v)*CW +: CW). Their C++ type
// depends on the width (CData .. QData, or VlWide<N> beyond 64 bits), so the
// field helpers below are overloaded for both.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "Vnr_yarc.h"
#include "verilated.h"
#ifdef NR_YARC_TRACE
#include "verilated_fst_c.h"
#endif

#include "yarc_rtl.h"

struct yarc_rtl {
    VerilatedContext *ctx;
    Vnr_yarc *top;
#ifdef NR_YARC_TRACE
    VerilatedFstC *tfp;
#endif
    nr_yarc_params p;
    int nports, cw;
    uint64_t cycle;
};

// ---- bit-field access on Verilator port types
template <typename T> static void setf(T &port, int lsb, int w, uint64_t v)
{
    const uint64_t m = (w >= 64) ? ~0ull : ((1ull << w) - 1);
    uint64_t x = (uint64_t)port;
    x = (x & ~(m << lsb)) | ((v & m) << lsb);
    port = (T)x;
}
template <std::size_t N> static void setf(VlWide<N> &port, int lsb, int w, uint64_t v)
{
    for (int i = 0; i < w; i++) {
        const int b = lsb + i;
        const uint32_t bit = 1u << (b % 32);
        if ((v >> i) & 1u) port[b / 32] |= bit;
        else port[b / 32] &= ~bit;
    }
}
template <typename T> static uint64_t getf(const T &port, int lsb, int w)
{
    const uint64_t m = (w >= 64) ? ~0ull : ((1ull << w) - 1);
    return ((uint64_t)port >> lsb) & m;
}
template <std::size_t N> static uint64_t getf(const VlWide<N> &port, int lsb, int w)
{
    uint64_t v = 0;
    for (int i = 0; i < w; i++) {
        const int b = lsb + i;
        v |= (uint64_t)((port[b / 32] >> (b % 32)) & 1u) << i;
    }
    return v;
}

static void check_running(const yarc_rtl *h, const char *where)
{
    if (h->ctx->gotFinish()) {
        std::fflush(stdout);
        std::fprintf(stderr, "yarc_rtl: simulation stopped in %s at cycle %llu ($fatal/$finish)\n",
                     where, (unsigned long long)h->cycle);
        std::exit(1);
    }
}

static void dump(yarc_rtl *h, uint64_t t)
{
#ifdef NR_YARC_TRACE
    if (h->tfp->isOpen()) h->tfp->dump(t);
#else
    (void)h;
    (void)t;
#endif
}

static int clog2(int x)
{
    int n = 0;
    while ((1 << n) < x) n++;
    return n;
}

extern "C" yarc_rtl *yarc_rtl_new(const nr_lcb_cfg *lcfg)
{
    yarc_rtl *h = new yarc_rtl();
    h->ctx = new VerilatedContext;
    h->ctx->fatalOnError(true);
#ifdef NR_YARC_TRACE
    h->ctx->traceEverOn(true);
#endif
    h->top = new Vnr_yarc{h->ctx, "yarc"};
#ifdef NR_YARC_TRACE
    h->tfp = new VerilatedFstC;
    h->top->trace(h->tfp, 99);
#endif
    Vnr_yarc *t = h->top;
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
    h->cycle = 0;
    check_running(h, "reset");
    h->p.rows = t->prm_rows_o;
    h->p.cols = t->prm_cols_o;
    h->p.num_vcs = t->prm_num_vcs_o;
    h->p.in_buf_per_vc = t->prm_in_buf_per_vc_o;
    h->p.row_buf_depth = t->prm_row_buf_depth_o;
    h->p.col_buf_depth = t->prm_col_buf_depth_o;
    h->p.row_bus_lat = t->prm_row_bus_lat_o;
    h->p.col_lat = t->prm_col_lat_o;
    h->p.use_lcb = t->prm_use_lcb_o;
    h->p.max_pkt_len = t->prm_max_pkt_len_o;
    h->p.replay_depth = t->prm_replay_depth_o;
    h->p.window = t->prm_window_o;
    h->nports = h->p.rows * h->p.cols;
    h->cw = clog2(h->p.in_buf_per_vc + 1);
    return h;
}

extern "C" void yarc_rtl_params(const yarc_rtl *h, nr_yarc_params *p)
{
    *p = h->p;
}

extern "C" void yarc_rtl_eval(yarc_rtl *h, const nr_rtr_in *in, nr_rtr_out *out)
{
    Vnr_yarc *t = h->top;
    const int np = h->nports, nv = h->p.num_vcs, cw = h->cw;
    for (int p = 0; p < np; p++) {
        if (h->p.use_lcb) {
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
    h->ctx->time(2 * h->cycle);
    t->eval();
    check_running(h, "eval");

    for (int p = 0; p < NR_MAX_PORTS; p++) {
        const bool on = p < np;
        out->link_tx[p] = (on && h->p.use_lcb) ? (uint32_t)getf(t->link_tx_p_o, p * 24, 24) : 0;
        out->ev[p] = (on && h->p.use_lcb) ? (uint32_t)getf(t->ev_p_o, p * 20, 20) : 0;
        out->link_down[p] = (on && h->p.use_lcb) ? (int)getf(t->link_down_p_o, p, 1) : 0;
        out->out_valid[p] = (on && !h->p.use_lcb) ? (int)getf(t->out_valid_p_o, p, 1) : 0;
        out->out_phit[p] = (on && !h->p.use_lcb) ? (uint32_t)getf(t->out_phit_p_o, p * 24, 24) : 0;
        out->tev[p] = on ? (uint32_t)getf(t->tev_p_o, p * 5, 5) : 0;
        for (int v = 0; v < NR_LCB_MAX_VCS; v++)
            out->in_cr[p][v] = (on && !h->p.use_lcb && v < nv)
                                   ? (uint32_t)getf(t->in_cr_p_v_o, (p * nv + v) * cw, cw)
                                   : 0;
    }
}

extern "C" void yarc_rtl_tick(yarc_rtl *h)
{
    dump(h, 2 * h->cycle);
    h->top->clk_i = 1;
    h->ctx->time(2 * h->cycle + 1);
    h->top->eval();
    check_running(h, "tick");
    dump(h, 2 * h->cycle + 1);
    h->cycle++;
}

extern "C" int yarc_rtl_trace(yarc_rtl *h, const char *fst_path)
{
#ifdef NR_YARC_TRACE
    if (h->tfp->isOpen()) h->tfp->close();
    h->tfp->open(fst_path);
    return h->tfp->isOpen() ? 0 : -1;
#else
    (void)h;
    (void)fst_path;
    return -1;
#endif
}

extern "C" void yarc_rtl_trace_stop(yarc_rtl *h)
{
#ifdef NR_YARC_TRACE
    if (h->tfp->isOpen()) h->tfp->close();
#else
    (void)h;
#endif
}

extern "C" void yarc_rtl_free(yarc_rtl *h)
{
    if (!h) return;
    yarc_rtl_trace_stop(h);
    h->top->final();
#ifdef NR_YARC_TRACE
    delete h->tfp;
#endif
    delete h->top;
    delete h->ctx;
    delete h;
}
