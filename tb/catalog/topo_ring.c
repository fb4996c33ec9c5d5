/* topo_ring.c - a ring (topo.h): ring:n=N, N routers in a cycle, one node
 * each at port 0, router i's port 1 to router i+1 and its port 2 to router
 * i-1 (mod N). The example of docs/architecture.md "Adding a topology": one
 * file, whose tables, route walk and deadlock check are the shared ones.
 *
 * Routing by the tables every organization shares (docs/yarc-arch.md
 * section 5), every destination "down" (ROOT_MASK 0): DLUT[d] names the port
 * toward node d, which is router d (N <= the routers' ports, so that d's low
 * bits index the DLUT).
 *   line: the ring cut between router N-1 and router 0: toward a higher
 *         node by port 1, a lower one by port 2. No cycle of channels, no
 *         deadlock; up to N-1 routers between two nodes.
 *   min:  the shorter way round (ties clockwise). Its channels depend on
 *         each other round the ring: the check refuses it (a deadlock is
 *         possible without the VC rules a real torus routing adds).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/topo.h"

static const net_routing_def ring_routings[] = {
    {"line", "the ring cut between routers N-1 and 0: deadlock-free, not minimal", 0, 1, 0, 0, 0, 0,
     0},
    {"min", "the shorter way round: a cycle of channel dependencies (refused)", 0, 1, 1, 0, 0, 0,
     0},
    {NULL, NULL, 0, 0, 0, 0, 0, 0, 0},
};

static void ring_tables(net_topo *t, const net_routing_def *rt)
{
    const int n = t->nrtr;
    for (int r = 0; r < n; r++) {
        nr_route_vals *tb = &t->r[r].tab;
        for (int d = 0; d < tb->nports; d++) {
            const int fwd = (d - r + n) % n; /* hops clockwise */
            tb->dlut[d] = d >= n                     ? -1
                          : d == r                   ? 0
                          : !strcmp(rt->name, "min") ? (fwd <= n / 2 ? 1 : 2)
                          : d > r                    ? 1
                                                     : 2;
        }
    }
}

static int ring_build(net_topo *t, const long *kv, const int *given, int k_rtr, char *err,
                      int errlen)
{
    (void)given;
    const int n = (int)kv[0];
    if (k_rtr < 3 || n > k_rtr) {
        snprintf(err, (size_t)errlen,
                 "topology '%s': a ring of %d routers needs routers of at least 3 and %d ports "
                 "(the DLUT holds one entry per node), these have %d",
                 t->spec, n, n, k_rtr);
        return -1;
    }
    t->levels = 1;
    if (net_topo_alloc(t, n, n, err, errlen)) return -1;
    t->first[1] = 0, t->first[2] = n;
    for (int r = 0; r < n; r++) {
        net_rtr_init(t, r, 1, k_rtr);
        t->r[r].peer[0] = (net_end){NET_PEER_NODE, r};
        t->node[r] = (net_end){r, 0};
        net_link(t, r, 1, (r + 1) % n, 2);
    }
    ring_tables(t, ring_routings);
    return 0;
}

static int ring_set_routing(net_topo *t, const net_routing_def *rt, unsigned charge, char *err,
                            int errlen)
{
    (void)charge, (void)err, (void)errlen;
    ring_tables(t, rt);
    return 0;
}

static int ring_min_hops(const net_topo *t, int a, int b)
{
    const int fwd = (b - a + t->nrtr) % t->nrtr, back = t->nrtr - fwd;
    return 1 + (fwd < back ? fwd : back);
}

static int ring_max_hops(const net_topo *t, const net_routing_def *rt)
{
    return !strcmp(rt->name, "min") ? 1 + t->nrtr / 2 : t->nrtr;
}

static const net_spec_key ring_keys[] = {
    {"n", NET_KEY_REQUIRED, 3, 64, "routers (and nodes), at most the routers' ports"},
    {NULL, 0, 0, 0, NULL},
};

const net_topo_kind net_topo_ring = {
    .name = "ring",
    .usage = "ring:n=N",
    .doc = "a ring of N routers with one node each (the example topology of "
           "docs/architecture.md)",
    .keys = ring_keys,
    .routings = ring_routings,
    .build = ring_build,
    .set_routing = ring_set_routing,
    .min_hops = ring_min_hops,
    .max_hops = ring_max_hops,
    .wc_dest = net_wc_next_router,
};
