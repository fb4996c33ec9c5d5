/* rtl_none.c - stand-in for the RTL glue in a binary built without Verilated
 * routers (rtr_sim itself): every organization's RTL create() fails with a
 * message, and rtr_sim hands RTL runs to the rtr_sim-<config> binary. */
#include <stdio.h>

#include "rtr.h"

const char *rtr_rtl_build(void) { return NULL; }
int rtr_rtl_traced(void) { return 0; }

static void *none_create(const rtr_namedcfg *c, const nr_lcb_cfg *lcfg, char *err, int errlen) {
    (void)lcfg;
    snprintf(err, errlen, "this binary has no RTL (configuration %s needs rtr_sim-%s)", c->name,
             c->name);
    return NULL;
}
static void none_eval(void *h, const nr_rtr_in *in, nr_rtr_out *out) { (void)h; (void)in; (void)out; }
static void none_tick(void *h) { (void)h; }
static int none_errors(void *h, char *buf, int n) { (void)h; (void)buf; (void)n; return 0; }
static void none_free(void *h) { (void)h; }

const rtr_impl rtr_yarc_rtl_impl = {"yarc-rtl", none_create, none_eval, none_tick, none_errors,
                                    none_free, NULL, NULL};
