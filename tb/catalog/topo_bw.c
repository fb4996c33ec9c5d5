/* topo_bw.c - one plane of BlackWidow's network (topo.h, docs/network.md):
 * bw:rank=R[,taper=T][,side=S], a folded Clos of 64-port routers
 * (topo_fclos.c) at the seed's ranks. */
#include <stdio.h>

#include "catalog/topo_fclos.h"

/* ---- BlackWidow (Abts and Kim, High Performance Datacenter Networks, 2011, §8.1.2): one plane, as a folded Clos of
 * 64-port routers with two links between every router and each of its
 * parents (docs/network.md): rank 1 one R1 router and its 32 processors,
 * rank 2 32 of them under 16 R2 routers (1024), rank 3 32 R2 subtrees of
 * 512 under 256 R3 routers (16384); with side=S, S subtrees whose top
 * routers (then K/2 down ports each) join by side links: rank 1 with side=9
 * is the seed's rank 1.5, nine R1 routers (288) ---- */
static int bw_build(net_topo *t, const long *kv, const int *given, int k_rtr, char *err, int errlen)
{
    (void)given;
    const long rank = kv[0], T = kv[1], S = kv[2];
    if (k_rtr != 64) {
        snprintf(err, errlen, "topology '%s': BlackWidow's routers have 64 ports, these have %d",
                 t->spec, k_rtr);
        return -1;
    }
    if (rank == 1 && T != 32) {
        snprintf(err, errlen,
                 "topology '%s': a taper needs rank 2 or 3 (rank 1 has no up "
                 "cables)",
                 t->spec);
        return -1;
    }
    if (T < 2) {
        snprintf(err, errlen,
                 "topology '%s': taper = 1 up link cannot carry the two links to "
                 "each router above",
                 t->spec);
        return -1;
    }
    /* side links join R1 routers of 32 processors (rank 1.5: nine of them,
     * 288, Kim, Dally and Abts 2007 §6), R2 subtrees of 512 processors, up
     * to nine (4608, §8.1.2), or R3 subtrees, up to 32K processors in all
     * (§8.1.2): an R3 subtree whose R3 routers keep half their ports for side
     * links has 16 R2 subtrees (8192), so two to four of them (four: 32K, the
     * 32 side ports split 11, 11 and 10) */
    if (S && (T != 32 || (rank == 3 && S > 4))) {
        snprintf(err, errlen,
                 "topology '%s': side links join R1 routers (rank 1.5: side=9, 288 processors), "
                 "rank-2 subtrees of 512 processors (up to 9, Abts and Kim 2011 §8.1.2) or rank-3 "
                 "subtrees of 8192 (up to 32K in all, same section): side needs rank 3 at most 4, "
                 "and no taper",
                 t->spec);
        return -1;
    }
    /* the folded Clos: k, levels, tophalf, taper, links, side */
    const long fc1[6] = {64, 1, 1, 0, 1, S}, fcs[6] = {64, rank, 1, 0, 2, S},
               fct[6] = {64, rank, 0, T, 2, 0};
    return net_fclos_make(t, rank == 1 ? fc1 : S ? fcs : fct, k_rtr, err, errlen);
}

static const net_spec_key bw_keys[] = {
    {"rank", 2, 1, 3, "1: one R1 router, 2: 1024 processors, 3: 16384"},
    {"taper", 32, 1, 32, "up links of a router below the top"},
    {"side", 0, 2, 9,
     "S subtrees joined by side links (rank 1, 1.5 at 9, and 2: 2..9; rank 3: 2..4)"},
    {NULL, 0, 0, 0, NULL},
};

const net_topo_kind net_topo_bw = {
    .name = "bw",
    .usage = "bw:rank=R[,taper=T][,side=S]",
    .doc = "one plane of BlackWidow's network of 64-port routers: rank 1 one router of 32 "
           "processors (rank 1.5 with side=9: nine of them, 288), rank 2 1024 "
           "(fclos:k=64,levels=2,links=2), rank 3 16384; rank 2 with "
           "side=S S 512-processor subtrees joined by side links (4608 at S = 9); rank 3 with "
           "side=2..4 8192-processor subtrees (16384 to 32768)",
    .keys = bw_keys,
    .routings = net_fclos_routings,
    .build = bw_build,
    .min_hops = net_fclos_min_hops,
    .max_hops = net_fclos_max_hops,
    .wc_dest = net_wc_next_router,
    .place = net_fclos_place,
    .avoid = net_fclos_avoid,
};
