/* topo_fclos.h - the folded Clos's own (topo_fclos.c), which BlackWidow's
 * network (topo_bw.c) is built from. */
#ifndef CATALOG_TOPO_FCLOS_H
#define CATALOG_TOPO_FCLOS_H
#include "catalog/topo.h"

/* A built folded Clos (net_topo.priv). */
typedef struct {
    int k, d;       /* ports per router; down ports below the top (k/2) */
    int top_down;   /* down ports of a top router: k, or d (tophalf=1) */
    int up;         /* up links per router below the top, T <= d (taper=T; d in full) */
    int links;      /* links between a router and each parent (links=P; 1) */
    int copies;     /* side=S: S side-linked copies (1 without side links) */
    int ncopy;      /* nodes per copy */
    int side_links; /* side=S: links between two peer top routers, d/(S-1)
                     * (rounded down; see fclos_side_cnt) */
} fclos_t;

/* Build the folded Clos of k-port routers (0: k_rtr), L levels, tophalf,
 * taper T (0: none), P links, S side-linked copies (0: none): kv[0..5] in
 * that order. */
int net_fclos_make(net_topo *t, const long *kv, int k_rtr, char *err, int errlen);
int net_fclos_min_hops(const net_topo *t, int a, int b);
int net_fclos_max_hops(const net_topo *t, const net_routing_def *rt);
/* The folded Clos's layout for the cost model (topo.h, place). */
int net_fclos_place(const net_topo *t, const net_floor *fl, int r, net_place *p);
/* The tables that avoid failed links (topo.h, avoid). */
int net_fclos_avoid(net_topo *t, const uint64_t *dead, char *err, int errlen);
/* Up*-down* routing: adaptive, hashed, deterministic. */
extern const net_routing_def net_fclos_routings[];

#endif
