// nr_yarc_shim.cpp - extern "C" API (tb/yarc_rtl.h) over the Verilated
// nr_yarc. One shim object per Verilated build (mk/rtl_builds.mk); the traced
// build is compiled with -DNR_YARC_TRACE. Reset, eval, tick and the trace are
// shared with the nr_nwn shim (tb/shim/rtr_shim.hpp).
#include "Vnr_yarc.h"
#ifdef NR_YARC_TRACE
#define NR_RTR_TRACE
#endif
#include "rtr_shim.hpp"

#include "yarc_rtl.h"

struct yarc_rtl {
    rtr_shim::Rtr<Vnr_yarc> r{"yarc_rtl", "yarc"};
    nr_yarc_params p;
};

extern "C" yarc_rtl *yarc_rtl_new(const nr_lcb_cfg *lcfg)
{
    yarc_rtl *h = new yarc_rtl();
    h->r.reset(lcfg);
    Vnr_yarc *t = h->r.top;
    h->p.rows = t->prm_rows_o;
    h->p.cols = t->prm_cols_o;
    h->p.row_buf_depth = t->prm_row_buf_depth_o;
    h->p.col_buf_depth = t->prm_col_buf_depth_o;
    h->p.row_bus_lat = t->prm_row_bus_lat_o;
    h->p.col_lat = t->prm_col_lat_o;
    h->p.sub_speedup = t->prm_sub_speedup_o;
    rtr_shim::read_port_params(h->p, t);
    h->r.set_shape(h->p.rows * h->p.cols, h->p.num_vcs, h->p.in_buf_per_vc, h->p.use_lcb);
    return h;
}

NR_RTR_SHIM_API(yarc_rtl, nr_yarc_params)
