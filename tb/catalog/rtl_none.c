/* rtl_none.c - stand-in for the RTL glue in a binary built without Verilated
 * routers (rtr_sim itself): there is no RTL implementation, and rtr_sim hands
 * RTL runs to the rtr_sim-<config> binary. */
#include <stddef.h>

#include "catalog/org.h"

const char *rtr_rtl_build(void) { return NULL; }
int rtr_rtl_traced(void) { return 0; }
const rtr_impl *rtr_rtl_impl(void) { return NULL; }
