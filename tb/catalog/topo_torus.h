/* topo_torus.h - the k-ary n-cube's own (topo_torus.c), which the mesh
 * (topo_mesh.c) is built from. */
#ifndef CATALOG_TOPO_TORUS_H
#define CATALOG_TOPO_TORUS_H
#include "catalog/topo.h"

/* A built torus or mesh (net_topo.priv). */
typedef struct {
    int k, n, c; /* routers per dimension, dimensions, nodes per router */
    int wrap;    /* 1 the torus, 0 the mesh */
    int coord;   /* 1 routed by coordinates (DOR_CTRL), 0 by one DLUT entry per node */
} kary_t;

/* Build the k-ary n-cube (wrap 1) or n-mesh (wrap 0) of kv = {k, n, c,
 * coord} (given: the keys the spec set) and program its kind's first
 * routing. */
int net_kary_make(net_topo *t, const long *kv, const int *given, int wrap, int k_rtr, char *err,
                  int errlen);
int net_kary_set_routing(net_topo *t, const net_routing_def *rt, unsigned charge, char *err,
                         int errlen);
int net_kary_min_hops(const net_topo *t, int a, int b);
int net_kary_max_hops(const net_topo *t, const net_routing_def *rt);
int net_kary_wc_dest(const net_topo *t, int src, nr_rng_t *rng);
/* The tables of routing pf (mesh) or ft (torus) around the failed links
 * (topo.h, avoid). */
int net_kary_avoid(net_topo *t, const uint64_t *dead, char *err, int errlen);
/* The torus's ft tables around the failed links dead (kary_ft.c). */
int net_kary_ft_tables(net_topo *t, const uint64_t *dead, char *err, int errlen);
int net_kary_place(const net_topo *t, const net_floor *fl, int r, net_place *p);
extern const net_spec_key net_kary_keys[];
/* The kind's functions the torus and the mesh share (net_topo_kind). */
#define NET_KARY_OPS                                                                               \
    .set_routing = net_kary_set_routing, .min_hops = net_kary_min_hops,                            \
    .max_hops = net_kary_max_hops, .wc_dest = net_kary_wc_dest, .place = net_kary_place,           \
    .avoid = net_kary_avoid

#endif
