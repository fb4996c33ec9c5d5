// nr_yarc_sc.cpp - the SystemC top: the Verilated YARC router as a SystemC
// module (verilator --sc) inside a SystemC simulation, driven by the C router
// testbench.
//
// sc_main builds the design, a top-level SC_MODULE (yarc_sc_top) that owns
// the Verilated nr_yarc and one sc_signal per port, and then runs the router
// testbench (tb/rtr/rtr_sim.c, compiled as rtr_sim_main) with this file's
// implementation of the C API of tb/yarc_rtl.h. Every testbench cycle is two
// SystemC time steps of 1 ns: the testbench's inputs are written to the
// signals with the clock low and sc_start(1 ns) settles them (outputs are
// read back), then the clock rises and sc_start(1 ns) applies the edge. The
// SystemC kernel schedules the model (its delta cycles, its clock process),
// so this checks the RTL as a SystemC user integrates it, and in lockstep the
// C model is compared with it on every output of every cycle.
//
// One router per process: SystemC elaborates the design before the first
// sc_start, so yarc_rtl_new() may be called once (a second call fails).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <systemc.h>

#include "Vnr_yarc.h"
#include "verilated.h"

extern "C" {
#include "yarc_rtl.h"
int rtr_sim_main(int argc, char **argv);
}

// ---- bit fields of the port types (bool / uint32_t / uint64_t / sc_bv<N>)
template <typename T> static void setf(T &x, int lsb, int w, uint64_t v)
{
    const uint64_t m = (w >= 64) ? ~0ull : ((1ull << w) - 1);
    x = (T)(((uint64_t)x & ~(m << lsb)) | ((v & m) << lsb));
}
template <int N> static void setf(sc_bv<N> &x, int lsb, int w, uint64_t v)
{
    x.range(lsb + w - 1, lsb) = sc_bv<64>(v).range(w - 1, 0);
}
template <typename T> static uint64_t getf(const T &x, int lsb, int w)
{
    const uint64_t m = (w >= 64) ? ~0ull : ((1ull << w) - 1);
    return ((uint64_t)x >> lsb) & m;
}
template <int N> static uint64_t getf(const sc_bv<N> &x, int lsb, int w)
{
    return x.range(lsb + w - 1, lsb).to_uint64();
}

// The signal type of a Verilated port: sc_in<T> / sc_out<T> -> sc_signal<T>.
#define SIG(port) sc_signal<std::remove_reference<decltype(Vnr_yarc::port)>::type::data_type>

SC_MODULE(yarc_sc_top)
{
    Vnr_yarc *dut;
    sc_signal<bool> clk_i, rst_ni, cfg_we_i, cfg_bcast_i;
    SIG(cfg_timeout_i) cfg_timeout_i;
    SIG(cfg_retry_limit_i) cfg_retry_limit_i;
    SIG(cfg_max_len_i) cfg_max_len_i;
    SIG(cfg_tile_i) cfg_tile_i;
    SIG(cfg_addr_i) cfg_addr_i;
    SIG(cfg_wdata_i) cfg_wdata_i;
    SIG(link_rx_p_i) link_rx_p_i;
    SIG(link_tx_p_o) link_tx_p_o;
    SIG(ev_p_o) ev_p_o;
    SIG(link_down_p_o) link_down_p_o;
    SIG(in_valid_p_i) in_valid_p_i;
    SIG(in_phit_p_i) in_phit_p_i;
    SIG(in_cr_p_v_o) in_cr_p_v_o;
    SIG(out_valid_p_o) out_valid_p_o;
    SIG(out_phit_p_o) out_phit_p_o;
    SIG(out_cr_p_v_i) out_cr_p_v_i;
    SIG(tev_p_o) tev_p_o;
    SIG(prm_rows_o) prm_rows_o, prm_cols_o, prm_num_vcs_o, prm_in_buf_per_vc_o,
        prm_row_buf_depth_o, prm_col_buf_depth_o, prm_row_bus_lat_o, prm_col_lat_o, prm_use_lcb_o,
        prm_max_pkt_len_o, prm_replay_depth_o, prm_window_o, prm_sub_speedup_o, prm_link_crc_w_o;

    SC_CTOR(yarc_sc_top)
    {
        dut = new Vnr_yarc("dut");
#define B(p) dut->p(p)
        B(clk_i); B(rst_ni); B(cfg_timeout_i); B(cfg_retry_limit_i); B(cfg_max_len_i);
        B(link_rx_p_i); B(link_tx_p_o); B(ev_p_o); B(link_down_p_o); B(in_valid_p_i);
        B(in_phit_p_i); B(in_cr_p_v_o); B(out_valid_p_o); B(out_phit_p_o); B(out_cr_p_v_i);
        B(cfg_we_i); B(cfg_bcast_i); B(cfg_tile_i); B(cfg_addr_i); B(cfg_wdata_i); B(tev_p_o);
        B(prm_rows_o); B(prm_cols_o); B(prm_num_vcs_o); B(prm_in_buf_per_vc_o);
        B(prm_row_buf_depth_o); B(prm_col_buf_depth_o); B(prm_row_bus_lat_o); B(prm_col_lat_o);
        B(prm_use_lcb_o); B(prm_max_pkt_len_o); B(prm_replay_depth_o); B(prm_window_o);
        B(prm_sub_speedup_o); B(prm_link_crc_w_o);
#undef B
    }
    ~yarc_sc_top() { delete dut; }
};

struct yarc_rtl {
    yarc_sc_top *top;
    nr_yarc_params p;
    int nports, cw;
    uint64_t cycle;
};

static yarc_rtl *g_one; // SystemC elaborates once: one router per process

static void step(const char *where)
{
    sc_start(1, SC_NS);
    if (Verilated::gotFinish()) {
        std::fflush(stdout);
        std::fprintf(stderr, "yarc_sc: simulation stopped in %s ($fatal/$finish)\n", where);
        std::exit(1);
    }
}

static int clog2(int x)
{
    int n = 0;
    while ((1 << n) < x) n++;
    return n;
}

extern "C" yarc_rtl *yarc_rtl_new(const nr_lcb_cfg *lcfg)
{
    if (g_one) {
        std::fprintf(stderr, "yarc_sc: only one router per SystemC process\n");
        std::exit(2);
    }
    yarc_rtl *h = new yarc_rtl();
    g_one = h;
    yarc_sc_top *t = new yarc_sc_top("top");
    h->top = t;
    t->cfg_timeout_i.write(lcfg->timeout & 0xFFFFu);
    t->cfg_retry_limit_i.write(lcfg->retry_limit & 0xFFu);
    t->cfg_max_len_i.write(lcfg->max_len & 0xFFu);
    // reset: one rising edge with rst_ni low, released with the clock low
    t->clk_i.write(0);
    t->rst_ni.write(0);
    step("reset");
    t->clk_i.write(1);
    step("reset");
    t->clk_i.write(0);
    t->rst_ni.write(1);
    step("reset");
    h->p.rows = (int)t->prm_rows_o.read();
    h->p.cols = (int)t->prm_cols_o.read();
    h->p.num_vcs = (int)t->prm_num_vcs_o.read();
    h->p.in_buf_per_vc = (int)t->prm_in_buf_per_vc_o.read();
    h->p.row_buf_depth = (int)t->prm_row_buf_depth_o.read();
    h->p.col_buf_depth = (int)t->prm_col_buf_depth_o.read();
    h->p.row_bus_lat = (int)t->prm_row_bus_lat_o.read();
    h->p.col_lat = (int)t->prm_col_lat_o.read();
    h->p.use_lcb = (int)t->prm_use_lcb_o.read();
    h->p.max_pkt_len = (int)t->prm_max_pkt_len_o.read();
    h->p.replay_depth = (int)t->prm_replay_depth_o.read();
    h->p.window = (int)t->prm_window_o.read();
    h->p.sub_speedup = (int)t->prm_sub_speedup_o.read();
    h->p.link_crc_w = (int)t->prm_link_crc_w_o.read();
    h->nports = h->p.rows * h->p.cols;
    h->cw = clog2(h->p.in_buf_per_vc + 1);
    return h;
}

extern "C" void yarc_rtl_params(const yarc_rtl *h, nr_yarc_params *p) { *p = h->p; }

extern "C" void yarc_rtl_eval(yarc_rtl *h, const nr_rtr_in *in, nr_rtr_out *out)
{
    yarc_sc_top *t = h->top;
    const int np = h->nports, nv = h->p.num_vcs, cw = h->cw;
    auto lrx = t->link_rx_p_i.read();
    auto iv = t->in_valid_p_i.read();
    auto iph = t->in_phit_p_i.read();
    auto ocr = t->out_cr_p_v_i.read();
    for (int p = 0; p < np; p++) {
        if (h->p.use_lcb) {
            setf(lrx, p * 24, 24, in->link_rx[p]);
        } else {
            setf(iv, p, 1, in->in_valid[p] ? 1 : 0);
            setf(iph, p * 24, 24, in->in_phit[p]);
            for (int v = 0; v < nv; v++) setf(ocr, (p * nv + v) * cw, cw, in->out_cr[p][v]);
        }
    }
    t->link_rx_p_i.write(lrx);
    t->in_valid_p_i.write(iv);
    t->in_phit_p_i.write(iph);
    t->out_cr_p_v_i.write(ocr);
    t->cfg_we_i.write(in->cfg_we != 0);
    t->cfg_bcast_i.write(in->cfg_bcast != 0);
    t->cfg_tile_i.write((unsigned)in->cfg_tile & 0x3Fu);
    t->cfg_addr_i.write((unsigned)in->cfg_addr & 0xFFu);
    t->cfg_wdata_i.write(in->cfg_wdata);
    t->clk_i.write(0);
    step("eval");

    const auto ltx = t->link_tx_p_o.read();
    const auto ev = t->ev_p_o.read();
    const auto ld = t->link_down_p_o.read();
    const auto ov = t->out_valid_p_o.read();
    const auto oph = t->out_phit_p_o.read();
    const auto tev = t->tev_p_o.read();
    const auto icr = t->in_cr_p_v_o.read();
    for (int p = 0; p < NR_MAX_PORTS; p++) {
        const bool on = p < np;
        const bool lcb = on && h->p.use_lcb, bare = on && !h->p.use_lcb;
        out->link_tx[p] = lcb ? (uint32_t)getf(ltx, p * 24, 24) : 0;
        out->ev[p] = lcb ? (uint32_t)getf(ev, p * 20, 20) : 0;
        out->link_down[p] = lcb ? (int)getf(ld, p, 1) : 0;
        out->out_valid[p] = bare ? (int)getf(ov, p, 1) : 0;
        out->out_phit[p] = bare ? (uint32_t)getf(oph, p * 24, 24) : 0;
        out->tev[p] = on ? (uint32_t)getf(tev, p * 5, 5) : 0;
        for (int v = 0; v < NR_LCB_MAX_VCS; v++)
            out->in_cr[p][v] = (bare && v < nv) ? (uint32_t)getf(icr, (p * nv + v) * cw, cw) : 0;
    }
}

extern "C" void yarc_rtl_tick(yarc_rtl *h)
{
    h->top->clk_i.write(1);
    step("tick");
    h->cycle++;
}

extern "C" int yarc_rtl_trace(yarc_rtl *h, const char *fst_path)
{
    (void)h;
    (void)fst_path;
    return -1; // waveforms come from the C++ traced builds (make waves)
}
extern "C" void yarc_rtl_trace_stop(yarc_rtl *h) { (void)h; }

extern "C" void yarc_rtl_free(yarc_rtl *h)
{
    if (!h) return;
    h->top->dut->final();
    // SystemC owns the module hierarchy until the end of simulation
    delete h;
}

int sc_main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    return rtr_sim_main(argc, argv);
}
