/* cells_params.c - the -G parameters of one Verilated build of a common cell.
 * mk/cells.mk compiles this file once per build with -DNR_P_<Name>=<value>
 * for each -G<Name>=<value>, so the test learns the parameters from the same
 * line that Verilates the cell. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells_shim.h"

static int lookup(const char *name, int *v)
{
#define NR_PARAM(n)                                                                                \
    if (!strcmp(name, #n)) {                                                                       \
        *v = NR_P_##n;                                                                             \
        return 1;                                                                                  \
    }
#ifdef NR_P_Width
    NR_PARAM(Width)
#endif
#ifdef NR_P_Depth
    NR_PARAM(Depth)
#endif
#ifdef NR_P_Latency
    NR_PARAM(Latency)
#endif
#ifdef NR_P_N
    NR_PARAM(N)
#endif
#ifdef NR_P_S
    NR_PARAM(S)
#endif
#ifdef NR_P_PastLast
    NR_PARAM(PastLast)
#endif
#ifdef NR_P_ScW
    NR_PARAM(ScW)
#endif
#ifdef NR_P_NumVcs
    NR_PARAM(NumVcs)
#endif
#ifdef NR_P_MaxCredits
    NR_PARAM(MaxCredits)
#endif
#ifdef NR_P_IncW
    NR_PARAM(IncW)
#endif
#ifdef NR_P_DataW
    NR_PARAM(DataW)
#endif
#ifdef NR_P_Poly
    NR_PARAM(Poly)
#endif
#ifdef NR_P_NumPorts
    NR_PARAM(NumPorts)
#endif
#ifdef NR_P_R
    NR_PARAM(R)
#endif
#ifdef NR_P_M
    NR_PARAM(M)
#endif
#ifdef NR_P_TopChoice
    NR_PARAM(TopChoice)
#endif
#ifdef NR_P_Speedup
    NR_PARAM(Speedup)
#endif
#ifdef NR_P_InBufPerVc
    NR_PARAM(InBufPerVc)
#endif
#undef NR_PARAM
    (void)name; /* a build with none of these parameters */
    (void)v;
    return 0;
}

int cells_param(const char *name)
{
    int v;
    if (lookup(name, &v)) return v;
    fprintf(stderr, "cells_param: this build sets no parameter '%s' (mk/cells.mk)\n", name);
    exit(1);
}

int cells_param_or(const char *name, int dflt)
{
    int v;
    return lookup(name, &v) ? v : dflt;
}
