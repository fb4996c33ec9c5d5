/* port_rtl.c - the RTL glue of port.c over the Verilated nr_lcb_port shim
 * (tb/lcb_rtl.h). Linked into the lcb_sim binaries built with an RTL; one
 * parameter set per binary (mk/lcb.mk). */
#include <stdio.h>
#include <string.h>

#include "lcb_rtl.h"
#include "port.h"
#include "port_rtl.h"

#ifdef LCB_RTL_TRACED
static const int traced = 1;
#else
static const int traced = 0;
#endif

int lcb_port_have_rtl(void) { return 1; }
int lcb_port_rtl_traced(void) { return traced; }

/* The build's parameters, read once from a scratch instance. */
int lcb_port_rtl_params(nr_lcb_params *p)
{
    static int have;
    static nr_lcb_params cache;
    if (!have) {
        nr_lcb_cfg c = {1000, 8, 2};
        lcbp_rtl *h = lcbp_rtl_new(&c);
        memset(&cache, 0, sizeof cache);
        lcbp_rtl_params(h, &cache);
        lcbp_rtl_free(h);
        have = 1;
    }
    *p = cache;
    return 0;
}

void *lcb_rtl_open(const nr_lcb_cfg *c, char *err, int errlen)
{
    (void)err;
    (void)errlen;
    return lcbp_rtl_new(c);
}

void lcb_rtl_close(void *h) { lcbp_rtl_free(h); }
void lcb_rtl_eval(void *h, const nr_lcbp_in *in, nr_lcbp_out *out) { lcbp_rtl_eval(h, in, out); }
void lcb_rtl_tick(void *h) { lcbp_rtl_tick(h); }
int lcb_rtl_trace(void *h, const char *path) { return lcbp_rtl_trace(h, path); }
void lcb_rtl_trace_stop(void *h) { lcbp_rtl_trace_stop(h); }
