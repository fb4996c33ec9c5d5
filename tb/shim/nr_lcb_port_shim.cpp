// nr_lcb_port_shim.cpp - extern "C" API (tb/lcb_rtl.h) over the Verilated
// nr_lcb_port. One shim object per Verilated build (mk/rtl_builds.mk); the
// traced build is compiled with -DNR_LCBP_TRACE.
//
// Each handle owns its own VerilatedContext, so several ports coexist and
// each has its own time and trace. Outputs are unpacked from the flat RTL
// vectors (VC v at bits v*CW +: CW, CW = clog2(BufPerVc+1)) into nr_lcbp_out.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>

#include "Vnr_lcb_port.h"
#include "verilated.h"
#ifdef NR_LCBP_TRACE
#include "verilated_fst_c.h"
#endif

#include "lcb_rtl.h"
#include "shim_cov.hpp"
#include "shim_reset.hpp"

struct lcbp_rtl {
    VerilatedContext *ctx;
    Vnr_lcb_port *top;
#ifdef NR_LCBP_TRACE
    VerilatedFstC *tfp;
#endif
    nr_lcb_params p;
    int cw;
    uint64_t cycle;
};

static void check_running(const lcbp_rtl *h, const char *where)
{
    if (h->ctx->gotFinish()) {
        std::fflush(stdout);
        std::fprintf(stderr, "lcbp_rtl: simulation stopped in %s at cycle %llu ($fatal/$finish)\n",
                     where, (unsigned long long)h->cycle);
        std::exit(1);
    }
}

static void dump(lcbp_rtl *h, uint64_t t)
{
#ifdef NR_LCBP_TRACE
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

extern "C" lcbp_rtl *lcbp_rtl_new(const nr_lcb_cfg *cfg)
{
    lcbp_rtl *h = new lcbp_rtl();
    h->ctx = new VerilatedContext;
    h->ctx->fatalOnError(true);
#ifdef NR_LCBP_TRACE
    h->ctx->traceEverOn(true);
#endif
    h->top = new Vnr_lcb_port{h->ctx, "lcbp"};
#ifdef NR_LCBP_TRACE
    h->tfp = new VerilatedFstC;
    h->top->trace(h->tfp, 99);
#endif
    Vnr_lcb_port *t = h->top;
    t->cfg_timeout_i = cfg->timeout & 0xFFFFu;
    t->cfg_retry_limit_i = cfg->retry_limit & 0xFFu;
    t->cfg_max_len_i = cfg->max_len & 0xFFu;
    t->link_rx_i = 0;
    t->tx_valid_i = 0;
    t->tx_phit_i = 0;
    t->rd_en_i = 0;
    t->rd_vc_i = 0;
    nr_shim_reset(t);
    h->cycle = 0;
    check_running(h, "reset");
    h->p.num_vcs = t->prm_num_vcs_o;
    h->p.buf_per_vc = t->prm_buf_per_vc_o;
    h->p.replay_depth = t->prm_replay_depth_o;
    h->p.window = t->prm_window_o;
    h->p.max_pkt_len = t->prm_max_pkt_len_o;
    h->p.link_crc_w = t->prm_link_crc_w_o;
    h->cw = clog2(h->p.buf_per_vc + 1);
    return h;
}

extern "C" void lcbp_rtl_params(const lcbp_rtl *h, nr_lcb_params *p) { *p = h->p; }

extern "C" void lcbp_rtl_eval(lcbp_rtl *h, const nr_lcbp_in *in, nr_lcbp_out *out)
{
    Vnr_lcb_port *t = h->top;
    t->link_rx_i = in->link_rx & 0xFFFFFFu;
    t->tx_valid_i = in->tx_valid ? 1 : 0;
    t->tx_phit_i = in->tx_phit & 0xFFFFFFu;
    t->rd_en_i = in->rd_en ? 1 : 0;
    t->rd_vc_i = (unsigned)in->rd_vc & 3u;
    t->clk_i = 0;
    h->ctx->time(2 * h->cycle); // messages ($fatal) show 2*cycle (+1 at the edge)
    t->eval();
    check_running(h, "eval");

    const uint64_t mask = (1ull << h->cw) - 1;
    const uint64_t credits = t->credits_o, occ = t->occ_o, cr = t->inq_cr_o;
    out->link_tx = t->link_tx_o;
    out->tx_ready = t->tx_ready_o;
    out->tx_vc_ok = t->tx_vc_ok_o;
    out->rd_avail = t->rd_avail_o;
    out->rd_valid = t->rd_valid_o;
    out->rd_phit = t->rd_phit_o;
    out->ev = t->ev_o;
    out->link_down = t->link_down_o;
    out->ctl_sync = t->ctl_sync_o;
    out->debit = t->debit_o;
    for (int v = 0; v < NR_LCB_MAX_VCS; v++) {
        const bool on = v < h->p.num_vcs;
        out->credits[v] = on ? (uint32_t)((credits >> (v * h->cw)) & mask) : 0;
        out->occ[v] = on ? (uint32_t)((occ >> (v * h->cw)) & mask) : 0;
        out->inq_cr[v] = on ? (uint32_t)((cr >> (v * h->cw)) & mask) : 0;
    }
}

extern "C" void lcbp_rtl_tick(lcbp_rtl *h)
{
    // The trace shows the settled clock-low values of the last eval() of the
    // cycle, then the edge.
    dump(h, 2 * h->cycle);
    h->top->clk_i = 1;
    h->ctx->time(2 * h->cycle + 1);
    h->top->eval();
    check_running(h, "tick");
    dump(h, 2 * h->cycle + 1);
    h->cycle++;
}

extern "C" int lcbp_rtl_trace(lcbp_rtl *h, const char *fst_path)
{
#ifdef NR_LCBP_TRACE
    if (h->tfp->isOpen()) h->tfp->close();
    h->tfp->open(fst_path);
    return h->tfp->isOpen() ? 0 : -1;
#else
    (void)h;
    (void)fst_path;
    return -1;
#endif
}

extern "C" void lcbp_rtl_trace_stop(lcbp_rtl *h)
{
#ifdef NR_LCBP_TRACE
    if (h->tfp->isOpen()) h->tfp->close();
#else
    (void)h;
#endif
}

extern "C" void lcbp_rtl_free(lcbp_rtl *h)
{
    if (!h) return;
    lcbp_rtl_trace_stop(h);
    h->top->final();
    nr_cov_write(h->ctx);
#ifdef NR_LCBP_TRACE
    delete h->tfp;
#endif
    delete h->top;
    delete h->ctx;
    delete h;
}
