// rtr_shim.cpp - the one shim of every Verilated router top: the C API of
// tb/rtl_build.h over the top's Verilated model (C++, or SystemC with
// -DVM_SC=1: tb/sc/rtr_sc.hpp). Compiled once per build (mk/rtl_builds.mk,
// mk/sc.mk) with
//   -DNR_VTOP=V<top> -DNR_VTOP_H='"V<top>.h"'  the Verilated model
//   -include <build>/gen/prm_<top>.h            the top's parameter fields
//   -DNR_RTL_CFG, -DNR_RTL_DIR                  what the build is
//   -DNR_RTR_TRACE                              in a traced build (FST)
// The parameter header is generated from the organization's descriptor
// (build/bin/nr_cat shim-prm TOP: tb/catalog/org.h): NR_PRM_ORG, NR_PRM_TOP,
// NR_PRM_SIZE (its parameter struct's size) and NR_PRM_FIELDS(X), one
// X(field, offset) per RTL parameter, read from the top's constant output
// prm_<field>_o into the struct at that offset. The router's shape (ports,
// VCs, port kind) then comes from the organization's geometry.
#include NR_VTOP_H
#include <cstring>

#include "rtr_shim.hpp"
extern "C" {
#include "catalog/org.h"
}

#ifndef NR_RTL_CFG
#error "compile the router shim with -DNR_RTL_CFG=\"<named configuration>\""
#endif
#ifndef NR_RTL_DIR
#error "compile the router shim with -DNR_RTL_DIR=\"<build directory>\""
#endif
#ifndef NR_PRM_FIELDS
#error "compile the router shim with -include <build>/gen/prm_<top>.h (nr_cat shim-prm)"
#endif
#ifdef NR_RTR_TRACE
#define NR_RTR_TRACED 1
#else
#define NR_RTR_TRACED 0
#endif

namespace {

struct Shim {
    rtr_shim::Rtr<NR_VTOP> r{NR_PRM_ORG "_rtl", NR_PRM_ORG};
    alignas(8) unsigned char p[NR_PRM_SIZE];
};

// The build's -G parameters, from the top's prm_<field>_o outputs.
void read_params(Shim *h)
{
    std::memset(h->p, 0, sizeof h->p);
    const NR_VTOP *t = h->r.top;
#define NR_PRM_READ(f, off)                                                                        \
    {                                                                                              \
        const int v = (int)t->prm_##f##_o;                                                         \
        std::memcpy(h->p + (off), &v, sizeof v);                                                   \
    }
    NR_PRM_FIELDS(NR_PRM_READ)
#undef NR_PRM_READ
}

void s_eval(void *h, const nr_rtr_in *in, nr_rtr_out *out)
{
    static_cast<Shim *>(h)->r.eval(in, out);
}
void s_tick(void *h) { static_cast<Shim *>(h)->r.tick(); }
int s_errors(void *, char *buf, int buflen)
{
    if (buflen > 0) buf[0] = 0;
    return 0; // RTL assertions end the process instead
}
void s_free(void *h) { delete static_cast<Shim *>(h); }
int s_trace(void *h, const char *path) { return static_cast<Shim *>(h)->r.trace(path); }
void s_trace_stop(void *h) { static_cast<Shim *>(h)->r.trace_stop(); }
const nr_rtr_ops shim_ops = {NR_PRM_ORG "-rtl",
                             s_eval,
                             s_tick,
                             s_errors,
                             s_free,
                             NR_RTR_TRACED ? s_trace : nullptr,
                             NR_RTR_TRACED ? s_trace_stop : nullptr,
                             nullptr}; // the RTL has no rest

nr_rtr create(const nr_lcb_cfg *lcfg, void *params, size_t params_size)
{
    if (params_size != NR_PRM_SIZE) {
        std::fprintf(stderr,
                     "%s: the parameter struct is %zu bytes, this build's %d: the shim was "
                     "compiled against another catalog; remake it\n",
                     NR_RTL_DIR, params_size, NR_PRM_SIZE);
        std::exit(2);
    }
    Shim *h = new Shim();
    h->r.reset(lcfg);
    read_params(h);
    rtr_geom g;
    rtr_org_for_top(NR_PRM_TOP)->geom(h->p, &g);
    h->r.shape.set(g.num_ports, g.num_vcs, g.in_buf_per_vc, g.use_lcb);
    std::memcpy(params, h->p, NR_PRM_SIZE);
    return nr_rtr{&shim_ops, h};
}

} // namespace

extern "C" const nr_rtl_build *nr_rtl_build_linked(void)
{
    static const nr_rtl_build b = {NR_RTL_CFG, NR_RTL_DIR, NR_PRM_TOP, NR_RTR_TRACED, create};
    return &b;
}
