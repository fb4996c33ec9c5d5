/* topo_hcube.c - the hypercube (topo.h; docs/network.md "Topology: hcube"):
 * hcube:n=N[,c=C], 2^N routers, router r joined to the N routers whose id
 * differs from r in one bit, C nodes per router (default 1).
 *
 * A binary N-cube is the flattened butterfly with K = 2 routers per
 * dimension, a 2-ary (N+1)-flat (Kim, Dally and Abts, ISCA 2007, §2.1: each
 * router of a k-ary n-flat is joined to the k-1 others of its row in every
 * dimension; with k = 2 that is one neighbour per dimension). So this file
 * builds the 2-ary (N+1)-flat of topo_fbfly.c (its graph, node numbering
 * and minimal hop count; the layout is its own) and routes it by e-cube:
 * the routers' own flattened-butterfly mode with MIN
 * (docs/fbfly-routing.md section 4), which corrects the lowest differing
 * dimension first. The packets keep their VC
 * at every hop: one VC suffices (Kim, Dally and Abts, ISCA 2007, Table 1),
 * any number of VCs serves, each a traffic class.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/topo.h"

extern const net_topo_kind net_topo_fbfly;

static int hcube_build(net_topo *t, const long *kv, const int *given, int k_rtr, char *err,
                       int errlen)
{
    const long n = kv[0], c = given[1] ? kv[1] : 1;
    if (c + n > k_rtr) {
        snprintf(err, errlen,
                 "topology '%s': a router needs %ld ports (c + n), the routers have %d", t->spec,
                 c + n, k_rtr);
        return -1;
    }
    if (c & (c - 1)) {
        snprintf(err, errlen,
                 "topology '%s': c = %ld: e-cube is the routers' flattened-butterfly mode, whose "
                 "node ids are bit fields: c must be a power of two",
                 t->spec, c);
        return -1;
    }
    const long fkv[3] = {2, n + 1, c};
    const int fgiven[3] = {1, 1, 1};
    return net_topo_fbfly.build(t, fkv, fgiven, k_rtr, err, errlen);
}

/* The rest is the 2-ary (n+1)-flat's (topo_fbfly.c). */
static int hcube_set_routing(net_topo *t, const net_routing_def *rt, unsigned charge, char *err,
                             int errlen)
{
    return net_topo_fbfly.set_routing(t, rt, charge, err, errlen);
}
static int hcube_min_hops(const net_topo *t, int a, int b)
{
    return net_topo_fbfly.min_hops(t, a, b);
}
/* The layout (docs/cost.md "Layouts"; after Kim, Dally and Abts, ISCA 2007,
 * Fig 9(b)): the routers in cabinets of q, the most it holds nodes for that
 * is a power of two, so a cabinet is a subcube of the lowest lg q dimensions
 * on its backplane; the cabinets on a floor of a power of two of columns
 * (the near-square floor's count, rounded up), cabinet c at column c mod
 * cols: the next dimensions join columns 1, 2, 4, ... apart and then rows 1,
 * 2, 4, ... apart, the longest cable across half the floor. Each link inside
 * a cabinet has SerDes of its own (a direct network). */
static int hcube_place(const net_topo *t, const net_floor *fl, int r, net_place *p)
{
    const int c = t->nnodes / t->nrtr;
    int q = 1, cols = 1;
    while (2 * q <= t->nrtr && 2L * q * c <= fl->nodes_per_cab) q *= 2;
    const long ncab = t->nrtr / q;
    for (const int want = net_floor_cols(ncab, fl); cols < want;) cols *= 2;
    net_floor_cab(r / q, cols, fl, p);
    return 1;
}

/* e-cube crosses one router per differing bit, and the last one */
static int hcube_max_hops(const net_topo *t, const net_routing_def *rt)
{
    (void)rt;
    return net_lg2(t->nrtr) + 1;
}

static const net_routing_def hcube_routings[] = {
    {"ecube", "dimension order, the lowest differing bit first (the routers' FB-mode MIN)", 0, 1, 1,
     0, NR_ROUTE_FB_MIN, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0, 0, 0},
};

static const net_spec_key hcube_keys[] = {
    {"n", NET_KEY_REQUIRED, 1, 14, "dimensions: 2^n routers"},
    {"c", 0, 1, NR_MAX_PORTS, "nodes per router, a power of two (default 1)"},
    {NULL, 0, 0, 0, NULL},
};

const net_topo_kind net_topo_hcube = {
    .name = "hcube",
    .usage = "hcube:n=N[,c=C]",
    .doc = "hypercube, a binary N-cube: 2^N routers, C nodes each (1 by default), each joined to "
           "the N routers whose id differs in one bit; the 2-ary (N+1)-flat of fbfly, routed by "
           "e-cube; --pattern wc is the worst case of Kim, Dally and Abts 2007, §4.1",
    .keys = hcube_keys,
    .routings = hcube_routings,
    .build = hcube_build,
    .set_routing = hcube_set_routing,
    .min_hops = hcube_min_hops,
    .max_hops = hcube_max_hops,
    .wc_dest = net_wc_next_router,
    .place = hcube_place,
};
