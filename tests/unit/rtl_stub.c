/* rtl_stub.c - a stand-in for a Verilated router build (tb/rtl_build.h), so
 * that the RTL smoke test's argument handling can be tested without Verilator
 * (tests/smoke_args.list). Making its router prints a line and exits 3: a run
 * that gets that far accepted its arguments; a bad argument must have exited
 * 2 before. */
#include <stdio.h>
#include <stdlib.h>

#include "rtl_build.h"

_Noreturn static nr_rtr stub_create(const nr_lcb_cfg *lcfg, void *params, size_t size)
{
    (void)lcfg, (void)params, (void)size;
    printf("rtl_stub: the router was made: arguments accepted (no RTL in this build)\n");
    fflush(stdout);
    exit(3);
}

const nr_rtl_build *nr_rtl_build_linked(void)
{
    static const nr_rtl_build b = {"stub", "build/stub", "nr_yarc", 0, stub_create};
    return &b;
}
