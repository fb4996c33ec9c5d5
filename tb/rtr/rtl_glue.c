/* rtl_glue.c - a Verilated router behind rtr_impl, for every organization.
 * Compiled once per RTL build with
 *   -DRTR_GLUE_YARC or -DRTR_GLUE_NWN   which C API (tb/yarc_rtl.h, tb/nwn_rtl.h)
 *   -DRTR_RTL_CFG="yarc-k16"             the named configuration of the build
 *   -DRTR_RTL_TRACED=0|1                 whether the build has FST tracing
 * and linked into build/bin/rtr_sim-<config>[-trace] with that build's
 * objects (mk/rtr.mk). create() refuses a configuration whose parameters
 * differ from the build's (the RTL's constant prm_* outputs), naming the make
 * target that rebuilds it (-DRTR_RTL_MAKE_TARGET). */
#include <stdio.h>
#include <string.h>

#include "nr_router.h"
#include "nr_yarc.h"
#include "rtr.h"

#ifndef RTR_RTL_CFG
#error "compile with -DRTR_RTL_CFG=\"<named configuration>\""
#endif
#ifndef RTR_RTL_TRACED
#define RTR_RTL_TRACED 0
#endif
/* The make target that rebuilds this binary (mk/rtr.mk passes it). */
#ifndef RTR_RTL_MAKE_TARGET
#define RTR_RTL_MAKE_TARGET "build/bin/rtr_sim-" RTR_RTL_CFG
#endif

/* The per-organization part: C API, parameter struct, and the parameters a
 * build is checked on (LCB ones only when the configuration has LCBs). */
#if defined(RTR_GLUE_YARC)
#include "yarc_rtl.h"
typedef nr_yarc_params glue_params;
typedef yarc_rtl glue_rtl;
int rtr_yarc_params(const rtr_namedcfg *c, nr_yarc_params *p, char *err, int errlen);
#define GLUE_NAME "yarc-rtl"
#define G(f) yarc_rtl_##f
#define GLUE_CFG_PARAMS rtr_yarc_params
#define GLUE_CHECKS(CHK)                                                                           \
    CHK(rows) CHK(cols) CHK(num_vcs) CHK(in_buf_per_vc) CHK(row_buf_depth) CHK(col_buf_depth)      \
    CHK(row_bus_lat) CHK(col_lat) CHK(use_lcb) CHK(max_pkt_len) CHK(sub_speedup)
#elif defined(RTR_GLUE_NWN)
#include "nwn_rtl.h"
typedef nr_nwn_params glue_params;
typedef nwn_rtl glue_rtl;
int rtr_nwn_params(const rtr_namedcfg *c, nr_nwn_params *p, char *err, int errlen);
#define GLUE_NAME "nwn-rtl"
#define G(f) nwn_rtl_##f
#define GLUE_CFG_PARAMS rtr_nwn_params
#define GLUE_CHECKS(CHK)                                                                           \
    CHK(num_ports) CHK(r) CHK(m) CHK(bb) CHK(speedup) CHK(self_turn) CHK(num_vcs)                  \
    CHK(in_buf_per_vc) CHK(buf_depth) CHK(chan_lat) CHK(use_lcb) CHK(max_pkt_len)         \
    CHK(top_speedup) CHK(top_choice)
#else
#error "compile with -DRTR_GLUE_YARC or -DRTR_GLUE_NWN"
#endif

const char *rtr_rtl_build(void) { return RTR_RTL_CFG; }
int rtr_rtl_traced(void) { return RTR_RTL_TRACED; }

static int r_create(const rtr_namedcfg *c, const nr_lcb_cfg *lcfg, nr_rtr *out, char *err,
                    int errlen) {
    glue_params want, have;
    if (GLUE_CFG_PARAMS(c, &want, err, errlen)) return -1;
    long mo_v;
    const char *mo, *mo_what, *mo_doc;
    if ((mo = rtr_cfg_model_only(c, &mo_v, &mo_what, &mo_doc))) {
        /* FbSeq, UpPick, SideTab: the C model's only; no RTL build has them */
        snprintf(err, errlen, "configuration %s (%s:%d) has %s=%ld, the %s of the C model only "
                 "(%s): the RTL has none", c->name, c->file, c->line, mo, mo_v, mo_what, mo_doc);
        return -1;
    }
    glue_rtl *h = G(new)(lcfg);
    G(params)(h, &have);
#define CHK(f)                                                                                     \
    if (want.f != have.f) {                                                                        \
        snprintf(err, errlen,                                                                      \
                 "RTL build " RTR_RTL_CFG " has " #f "=%d, configuration %s (%s:%d) wants %d: "   \
                 "the build is older than the configuration; rebuild it with: make "               \
                 RTR_RTL_MAKE_TARGET,                                                              \
                 have.f, c->name, c->file, c->line, want.f);                                       \
        G(free)(h);                                                                                \
        return -1;                                                                                 \
    }
    GLUE_CHECKS(CHK)
    if (want.use_lcb) {
        CHK(replay_depth) CHK(window) CHK(link_crc_w)
    }
#undef CHK
    *out = G(rtr)(h);
    return 0;
}

static const rtr_impl glue_impl = {GLUE_NAME, r_create};
const rtr_impl *rtr_rtl_impl(void) { return &glue_impl; }
