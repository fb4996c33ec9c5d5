/* yarc_rtl_glue.c - the Verilated YARC router (tb/yarc_rtl.h) behind
 * rtr_impl. Compiled once per RTL build with
 *   -DRTR_RTL_CFG="yarc-k16"   the named configuration the build was made for
 *   -DRTR_RTL_TRACED=0|1       whether the build has FST tracing
 * and linked into build/bin/rtr_sim-<config>[-trace] with that build's
 * YARC_RTL_OBJS_<name>. create() refuses a configuration whose parameters
 * differ from the build's (yarc_rtl_params). */
#include <stdio.h>
#include <string.h>

#include "nr_router.h"
#include "rtr.h"
#include "yarc_rtl.h"

#ifndef RTR_RTL_CFG
#error "compile with -DRTR_RTL_CFG=\"<named configuration>\""
#endif
#ifndef RTR_RTL_TRACED
#define RTR_RTL_TRACED 0
#endif

int rtr_yarc_params(const rtr_namedcfg *c, nr_yarc_params *p, char *err, int errlen);

const char *rtr_rtl_build(void) { return RTR_RTL_CFG; }
int rtr_rtl_traced(void) { return RTR_RTL_TRACED; }

static void *r_create(const rtr_namedcfg *c, const nr_lcb_cfg *lcfg, char *err, int errlen) {
    nr_yarc_params want, have;
    if (rtr_yarc_params(c, &want, err, errlen)) return NULL;
    yarc_rtl *h = yarc_rtl_new(lcfg);
    yarc_rtl_params(h, &have);
#define CHK(f)                                                                                     \
    if (want.f != have.f) {                                                                        \
        snprintf(err, errlen,                                                                      \
                 "RTL build " RTR_RTL_CFG " has " #f "=%d, configuration %s (%s:%d) wants %d",     \
                 have.f, c->name, c->file, c->line, want.f);                                       \
        yarc_rtl_free(h);                                                                          \
        return NULL;                                                                               \
    }
    CHK(rows) CHK(cols) CHK(num_vcs) CHK(in_buf_per_vc) CHK(row_buf_depth) CHK(col_buf_depth)
    CHK(row_bus_lat) CHK(col_lat) CHK(use_lcb) CHK(max_pkt_len)
    if (want.use_lcb) {
        CHK(replay_depth) CHK(window)
    }
#undef CHK
    return h;
}
static void r_eval(void *h, const nr_rtr_in *in, nr_rtr_out *out) { yarc_rtl_eval(h, in, out); }
static void r_tick(void *h) { yarc_rtl_tick(h); }
static int r_errors(void *h, char *buf, int n) {
    (void)h;
    if (n > 0) buf[0] = 0;
    return 0; /* RTL assertions abort the process */
}
static void r_free(void *h) { yarc_rtl_free(h); }
static int r_trace(void *h, const char *path) { return yarc_rtl_trace(h, path); }
static void r_trace_stop(void *h) { yarc_rtl_trace_stop(h); }

static const rtr_impl yarc_rtl_impl = {"yarc-rtl", r_create, r_eval,  r_tick,
                                       r_errors,   r_free,   r_trace, r_trace_stop};
const rtr_impl *rtr_rtl_impl(void) { return &yarc_rtl_impl; }
