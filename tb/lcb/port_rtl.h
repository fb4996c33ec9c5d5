/* port_rtl.h - private glue between port.c and the RTL shim (tb/lcb_rtl.h).
 * port_rtl.c implements it on the Verilated build; port_nortl.c is the
 * stand-in for a binary linked without RTL. */
#ifndef LCB_PORT_RTL_H
#define LCB_PORT_RTL_H
#include "nr_lcb.h"

void *lcb_rtl_open(const nr_lcb_cfg *c, char *err, int errlen);
void lcb_rtl_close(void *h);
void lcb_rtl_eval(void *h, const nr_lcbp_in *in, nr_lcbp_out *out);
void lcb_rtl_tick(void *h);
int lcb_rtl_trace(void *h, const char *path);
void lcb_rtl_trace_stop(void *h);

#endif
