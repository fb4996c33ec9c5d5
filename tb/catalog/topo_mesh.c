/* topo_mesh.c - the k-ary n-mesh (topo.h; docs/network.md "Topology: torus
 * and mesh"): mesh:k=K,n=N[,c=C], the torus of topo_torus.c without its
 * wrap-around links (a port past the edge is unconnected). Dimension-order
 * routing keeps the VC at every hop: with no ring, one VC per class is free
 * of cycles, which the check proves. */
#include "catalog/topo_torus.h"

static int mesh_build(net_topo *t, const long *kv, const int *given, int k_rtr, char *err,
                      int errlen)
{
    return net_kary_make(t, kv, given, 0, k_rtr, err, errlen);
}

static const net_routing_def mesh_routings[] = {
    {"dor", "dimension order, the lowest dimension first, the VC kept", 0, 1, 1, 0, 0, 0, 0},
    {"pf", "positive first: every + hop before any - hop, around failed links (--fail)", 0, 0, 0, 0,
     0, 0, 0},
    {"pf-part", "[AK11 8.2.2.1]'s partition-aware turn rule (x+-y+z+, y+-z+, z+-), around failures",
     0, 0, 0, 0, 0, 0, 0},
    {"pf-part-x2", "pf-part with x- in the y phase too: a cycle around some failures (refused)", 0,
     0, 0, 0, 0, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0, 0, 0},
};

const net_topo_kind net_topo_mesh = {
    .name = "mesh",
    .usage = "mesh:k=K,n=N[,c=C]",
    .doc = "the k-ary n-mesh: the torus without its wrap-around links; dimension-order "
           "routing; --pattern wc is the complement",
    .keys = net_kary_keys,
    .routings = mesh_routings,
    .build = mesh_build,
    NET_KARY_OPS,
};
