/* topo_bfly.c - the conventional butterfly (topo.h; docs/network.md
 * "Topology: bfly"): bfly:k=K,n=N, a k-ary n-fly of K^N nodes, N stages of
 * K^(N-1) routers, one path between every pair of nodes, routed by
 * destination tag (Kim, Dally and Abts, ISCA 2007, §2.1 and Table 1).
 *
 * The butterfly is unidirectional: a node sends into a first-stage router
 * and receives from a last-stage router. The kit's nodes have one port, and
 * its routers and links are bidirectional, so (our modelling):
 *   - first-stage router u and last-stage router u are one kit router (the
 *     "end router" u, 3K ports): ports 0..K-1 its K nodes (their packets
 *     enter the first stage there, and leave the last stage there), K + m
 *     the first stage's output m, 2K + o the last stage's input o;
 *   - a middle-stage router (stages 1 .. N-2) has ports 0..K-1 its inputs
 *     and K + m its outputs;
 *   - each link is used in one direction only (its reverse is idle).
 * A packet crosses N routers whatever its destination (to its own node
 * too): the first and last stage's traversals are of two routers of the
 * butterfly that share a kit router's crossbar and internal buffers (the
 * network check counts that sharing, docs/fbfly-routing.md section 7).
 *
 * Wiring: router labels are N-1 digits base K. Stage i's router u (i < N-1)
 * sends output m to stage i+1's router u' = u with digit N-2-i replaced by
 * m, at u''s input (the replaced digit). Routing: the packet for node d,
 * digits d_{N-1} .. d_0, leaves stage i by output d_{N-1-i}; it reaches the
 * last-stage router d / K and leaves by its port d_0. Kit router ids: end
 * router u is u; middle-stage s's router u is s * K^(N-1) + u. Node id =
 * u * K + t, at end router u's port t.
 *
 * The route is the destination's digits, so the routers carry it as a
 * source route (the route phit): N <= NR_ROUTE_HOPS stages.
 *
 * pair=1 (N = 2 only): stage 0's router u sends output m to the last
 * stage's router m at its input u, and router m's output u to router u's
 * input m: one kit link, end router u's port K + m to end router m's port
 * K + u (to itself for m = u), carries both butterfly channels, one each
 * way. End routers of 2K ports (the seed's 32-ary 2-fly on radix-64
 * routers); the same graph, routes and channels.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/topo.h"
#include "nr_fmt.h"

typedef struct {
    int k, n, nr, pair; /* radix, stages, routers per stage K^(N-1), pair=1 */
} bfly_t;

static int bf_digit(long x, int k, int p) { return (int)(x / net_ipow(k, p) % k); }

/* router id of stage s's router u (stages 0 and n-1: the end router) */
static int bf_id(const bfly_t *b, int s, int u)
{
    return s == 0 || s == b->n - 1 ? u : s * b->nr + u;
}
/* the port of output m of any stage, and of input o of stage s */
static int bf_out(const bfly_t *b, int m) { return b->k + m; }
static int bf_in(const bfly_t *b, int s, int o)
{
    return s == b->n - 1 ? (2 - b->pair) * b->k + o : o;
}

static int bfly_build(net_topo *t, const long *kv, const int *given, int k_rtr, char *err,
                      int errlen)
{
    (void)given;
    const int k = (int)kv[0], n = (int)kv[1], pair = (int)kv[2];
    if (pair && n != 2) {
        snprintf(err, errlen,
                 "topology '%s': pair=1 needs n = 2 (a link carries stage 0 to 1 one "
                 "way and 1 to 0 the other only in a 2-fly)",
                 t->spec);
        return -1;
    }
    if ((3 - pair) * k > k_rtr) {
        snprintf(err, errlen,
                 "topology '%s': an end router (a first and a last stage, docs/network.md) "
                 "needs %d ports (%dk), the routers have %d",
                 t->spec, (3 - pair) * k, 3 - pair, k_rtr);
        return -1;
    }
    if (n > NR_ROUTE_HOPS) {
        snprintf(err, errlen,
                 "topology '%s': destination-tag routes of %d stages, more than the route "
                 "phit's %d hops",
                 t->spec, n, NR_ROUTE_HOPS);
        return -1;
    }
    bfly_t *b = net_topo_priv(t, net_ipow(k, n), sizeof *b, err, errlen);
    if (!b) return -1;
    b->k = k, b->n = n, b->nr = (int)net_ipow(k, n - 1), b->pair = pair, t->levels = 1;
    const int nrtr = b->nr * (n - 1);
    if (net_topo_alloc(t, nrtr, b->nr * k, err, errlen)) return -1;
    t->first[1] = 0, t->first[2] = nrtr;
    /* tables at their reset values: every route is a source route; the end
     * routers hold the nodes */
    for (int r = 0; r < nrtr; r++) net_rtr_leaf(t, r, k_rtr, r < b->nr ? k : 0);
    for (int s = 0; s + 1 < n; s++)
        for (int u = 0; u < b->nr; u++) {
            const int p = n - 2 - s, o = bf_digit(u, k, p);
            for (int m = 0; m < k; m++) {
                const int u2 = u + (m - o) * (int)net_ipow(k, p);
                if (pair && u2 < u) continue; /* the link is u2's output u */
                net_link(t, bf_id(b, s, u), bf_out(b, m), bf_id(b, s + 1, u2), bf_in(b, s + 1, o));
            }
        }
    return 0;
}

static int bfly_srcroute(const net_topo *t, int a, int d, unsigned *ports)
{
    (void)a;
    const bfly_t *b = t->priv;
    for (int s = 0; s + 1 < b->n; s++)
        ports[s] = (unsigned)bf_out(b, bf_digit(d, b->k, b->n - 1 - s));
    ports[b->n - 1] = (unsigned)(d % b->k);
    return b->n;
}

/* every route crosses the n stages, to its own node too */
static int bfly_min_hops(const net_topo *t, int a, int b)
{
    (void)a, (void)b;
    return ((const bfly_t *)t->priv)->n;
}

static int bfly_max_hops(const net_topo *t, const net_routing_def *rt)
{
    (void)rt;
    return ((const bfly_t *)t->priv)->n;
}

/* The layout (docs/cost.md "Layouts"; our choice): end router u with its k
 * nodes in the cabinets of the flattened butterfly's layout (as many end
 * routers per cabinet as it holds nodes), and the middle stages' routers u
 * in end router u's cabinet, on a near-square floor. One kind of SerDes
 * drives every link (an indirect network). */
static int bfly_place(const net_topo *t, const net_floor *fl, int r, net_place *p)
{
    const bfly_t *b = t->priv;
    const int q = fl->nodes_per_cab > b->k ? fl->nodes_per_cab / b->k : 1;
    const long ncab = (b->nr + q - 1) / q, cab = (r % b->nr) / q;
    net_floor_cab(cab, net_floor_cols(ncab, fl), fl, p);
    return 0;
}

static const net_routing_def bfly_routings[] = {
    {"dtag", "destination tag: the destination's digits, one per stage (the route phit)", NET_HD_R,
     1, 1, 0, 0, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0, 0, 0},
};

static const net_spec_key bfly_keys[] = {
    {"k", NET_KEY_REQUIRED, 2, NR_MAX_PORTS / 2, "the butterfly routers' radix (k in, k out)"},
    {"n", NET_KEY_REQUIRED, 2, NR_ROUTE_HOPS, "stages: k^n nodes"},
    {"pair", 0, 0, 1, "1: n = 2, each link carries a channel each way (end routers of 2k ports)"},
    {NULL, 0, 0, 0, NULL},
};

const net_topo_kind net_topo_bfly = {
    .name = "bfly",
    .usage = "bfly:k=K,n=N[,pair=1]",
    .doc = "conventional butterfly, a k-ary n-fly: K^N nodes, N stages of K^(N-1) routers, one "
           "path per pair (destination tag); the first and last stages share kit routers of 3K "
           "ports (2K with pair=1, n = 2: a link carries a channel each way; docs/network.md); "
           "--pattern wc is the worst case of Kim, Dally and Abts "
           "2007, §4.1",
    .keys = bfly_keys,
    .routings = bfly_routings,
    .build = bfly_build,
    .min_hops = bfly_min_hops,
    .max_hops = bfly_max_hops,
    .srcroute = bfly_srcroute,
    .wc_dest = net_wc_next_router,
    .place = bfly_place,
};
