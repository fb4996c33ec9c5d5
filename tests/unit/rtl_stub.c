/* rtl_stub.c - stand-ins for the Verilated router APIs (tb/yarc_rtl.h,
 * tb/nwn_rtl.h), so that the RTL smoke tests' argument handling can be tested
 * without Verilator (tests/smoke_args.list). The first call into the "RTL"
 * prints a line and exits 3: a run that gets that far accepted its arguments;
 * a bad argument must have exited 2 before. */
#include <stdio.h>
#include <stdlib.h>

#include "nwn_rtl.h"
#include "yarc_rtl.h"

_Noreturn static void reached(const char *fn)
{
    printf("rtl_stub: %s called: arguments accepted (no RTL in this build)\n", fn);
    fflush(stdout);
    exit(3);
}

yarc_rtl *yarc_rtl_new(const nr_lcb_cfg *lcfg)
{
    (void)lcfg;
    reached("yarc_rtl_new");
}
void yarc_rtl_params(const yarc_rtl *h, nr_yarc_params *p)
{
    (void)h;
    (void)p;
    reached("yarc_rtl_params");
}
void yarc_rtl_eval(yarc_rtl *h, const nr_rtr_in *in, nr_rtr_out *out)
{
    (void)h;
    (void)in;
    (void)out;
    reached("yarc_rtl_eval");
}
void yarc_rtl_tick(yarc_rtl *h)
{
    (void)h;
    reached("yarc_rtl_tick");
}
int yarc_rtl_trace(yarc_rtl *h, const char *p)
{
    (void)h;
    (void)p;
    reached("yarc_rtl_trace");
}
void yarc_rtl_trace_stop(yarc_rtl *h)
{
    (void)h;
    reached("yarc_rtl_trace_stop");
}
void yarc_rtl_free(yarc_rtl *h)
{
    (void)h;
    reached("yarc_rtl_free");
}

nwn_rtl *nwn_rtl_new(const nr_lcb_cfg *lcfg)
{
    (void)lcfg;
    reached("nwn_rtl_new");
}
void nwn_rtl_params(const nwn_rtl *h, nr_nwn_params *p)
{
    (void)h;
    (void)p;
    reached("nwn_rtl_params");
}
void nwn_rtl_eval(nwn_rtl *h, const nr_rtr_in *in, nr_rtr_out *out)
{
    (void)h;
    (void)in;
    (void)out;
    reached("nwn_rtl_eval");
}
void nwn_rtl_tick(nwn_rtl *h)
{
    (void)h;
    reached("nwn_rtl_tick");
}
int nwn_rtl_trace(nwn_rtl *h, const char *p)
{
    (void)h;
    (void)p;
    reached("nwn_rtl_trace");
}
void nwn_rtl_trace_stop(nwn_rtl *h)
{
    (void)h;
    reached("nwn_rtl_trace_stop");
}
void nwn_rtl_free(nwn_rtl *h)
{
    (void)h;
    reached("nwn_rtl_free");
}
