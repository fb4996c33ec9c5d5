// nr_nwn_shim.cpp - extern "C" API (tb/nwn_rtl.h) over the Verilated nr_nwn.
// One shim object per Verilated build (mk/rtl_builds.mk); the traced builds are
// compiled with -DNR_NWN_TRACE. Reset, eval, tick and the trace are shared
// with the nr_yarc shim (tb/shim/rtr_shim.hpp): the two tops have the same
// port list.
#include "Vnr_nwn.h"
#ifdef NR_NWN_TRACE
#define NR_RTR_TRACE
#endif
#include "rtr_shim.hpp"

#include "nwn_rtl.h"

struct nwn_rtl {
    rtr_shim::Rtr<Vnr_nwn> r{"nwn_rtl", "nwn"};
    nr_nwn_params p;
};

extern "C" nwn_rtl *nwn_rtl_new(const nr_lcb_cfg *lcfg)
{
    nwn_rtl *h = new nwn_rtl();
    h->r.reset(lcfg);
    Vnr_nwn *t = h->r.top;
    h->p.num_ports = t->prm_num_ports_o;
    h->p.r = t->prm_r_o;
    h->p.m = t->prm_m_o;
    h->p.bb = t->prm_bb_o;
    h->p.speedup = t->prm_speedup_o;
    h->p.top_speedup = t->prm_top_speedup_o;
    h->p.top_choice = t->prm_top_choice_o;
    h->p.self_turn = t->prm_self_turn_o;
    h->p.buf_depth = t->prm_buf_depth_o;
    h->p.chan_lat = t->prm_chan_lat_o;
    rtr_shim::read_port_params(h->p, t);
    h->r.set_shape(h->p.num_ports, h->p.num_vcs, h->p.in_buf_per_vc, h->p.use_lcb);
    return h;
}

NR_RTR_SHIM_API(nwn_rtl, nr_nwn_params)
