/* rrpick.h - which VC a testbench's sink reads or returns next: the first
 * VC at or after `start` (mod nvcs) whose bit is set in `avail`, or -1 when
 * none is. The one round-robin rule of every sink that reads an LCB port's
 * input queue (the router harness's LCB endpoint, the network's NICs, the
 * LCB testbench's endpoint) or returns a bare port's credits (the
 * one-router environment, renv.h); each keeps its own pointer. VCs at or
 * above nvcs are not looked at.
 */
#ifndef TB_COMMON_RRPICK_H
#define TB_COMMON_RRPICK_H
#include <stdint.h>

static inline int tb_rr_pick(uint32_t avail, int nvcs, int start)
{
    for (int i = 0; i < nvcs; i++) {
        int v = (start + i) % nvcs;
        if (avail >> v & 1u) return v;
    }
    return -1;
}
#endif
