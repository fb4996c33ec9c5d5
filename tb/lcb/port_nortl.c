/* port_nortl.c - stand-in for the RTL glue in a binary built without the
 * Verilated nr_lcb_port (model<->model runs only). */
#include <stdio.h>

#include "port.h"
#include "port_rtl.h"

int lcb_port_have_rtl(void) { return 0; }
int lcb_port_rtl_params(nr_lcb_params *p)
{
    (void)p;
    return -1;
}
int lcb_port_rtl_traced(void) { return 0; }

void *lcb_rtl_open(const nr_lcb_cfg *c, char *err, int errlen)
{
    (void)c;
    snprintf(err, errlen, "this binary was built without the RTL");
    return NULL;
}
void lcb_rtl_close(void *h) { (void)h; }
void lcb_rtl_eval(void *h, const nr_lcbp_in *in, nr_lcbp_out *out)
{
    (void)h;
    (void)in;
    (void)out;
}
void lcb_rtl_tick(void *h) { (void)h; }
int lcb_rtl_trace(void *h, const char *path)
{
    (void)h;
    (void)path;
    return -1;
}
void lcb_rtl_trace_stop(void *h) { (void)h; }
