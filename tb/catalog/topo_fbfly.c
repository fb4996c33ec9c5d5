/* topo_fbfly.c - the flattened butterfly (topo.h; Kim, Dally and Abts,
 * "Flattened Butterfly: A Cost-Efficient Topology for High-Radix Networks",
 * ISCA 2007, §2; docs/network.md): fbfly:k=K,n=N[,c=C], a k-ary n-flat of
 * K^(N-1) routers in an (N-1)-dimensional grid, each joined to the K-1
 * others of its row in every dimension, C nodes per router (C = K is the
 * paper's), as many dimensions as the routers' ports allow. Routed by
 * minimal dimension order as source routes (min, up to the route phit's
 * hops), or by the routers' own flattened-butterfly mode
 * (docs/fbfly-routing.md): MIN, VAL, UGAL, UGAL-S, CLOS AD and MIN AD (for
 * N - 1 >= 3 dimensions with one VC per hop, N - 1 <= NumVcs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/topo.h"

typedef struct {
    int k, c, dims; /* routers per dimension, nodes per router, dimensions (n - 1) */
} fbfly_t;

static int pow2(int n) { return n > 0 && !(n & (n - 1)); }

/* ---- flattened butterfly ----
 * Router r has coordinates x_j = (r / K^j) mod K, j < dims. Its port
 * c + j*(K-1) + m goes to the router whose coordinate j is v (v != x_j),
 * m = v < x_j ? v : v - 1, arriving at that router's port for x_j in the
 * same dimension. Node id = r * c + t, at port t. */
static int fb_port(const fbfly_t *f, int j, int own, int v)
{
    return f->c + j * (f->k - 1) + (v < own ? v : v - 1);
}
static int fb_coord(const fbfly_t *f, int r, int j) { return r / (int)net_ipow(f->k, j) % f->k; }

static int fbfly_build(net_topo *t, const long *kv, const int *given, int k_rtr, char *err,
                       int errlen)
{
    const long k = kv[0], n = kv[1], c = given[2] ? kv[2] : k;
    const int dims = (int)n - 1, radix = (int)c + dims * ((int)k - 1);
    long nodes = c;
    for (int j = 0; j < dims && nodes <= NET_MAX_NODES; j++) nodes *= k;
    if (radix > k_rtr) {
        snprintf(err, errlen,
                 "topology '%s': a router needs %d ports (c + (n-1)(k-1)), the "
                 "routers have %d",
                 t->spec, radix, k_rtr);
        return -1;
    }
    fbfly_t *f = net_topo_priv(t, nodes, sizeof *f, err, errlen);
    if (!f) return -1;
    f->k = (int)k, f->c = (int)c, f->dims = dims, t->levels = 1;
    if (net_topo_alloc(t, (int)nodes / (int)c, (int)nodes, err, errlen)) return -1;
    t->first[1] = 0, t->first[2] = t->nrtr;
    for (int r = 0; r < t->nrtr; r++) {
        net_rtr *x = net_rtr_leaf(t, r, k_rtr, (int)c);
        for (int j = 0; j < dims; j++) {
            int own = fb_coord(f, r, j), step = (int)net_ipow(k, j);
            for (int v = 0; v < k; v++) {
                if (v == own) continue;
                int r2 = r + (v - own) * step;
                x->peer[fb_port(f, j, own, v)] = (net_end){r2, fb_port(f, j, v, own)};
                if (r < r2) t->nlinks++;
            }
        }
    }
    return 0;
}

static int fbfly_srcroute(const net_topo *t, int a, int b, unsigned *ports)
{
    const fbfly_t *f = t->priv;
    int ra = a / f->c, rb = b / f->c, n = 0;
    for (int j = 0; j < f->dims; j++) {
        int xa = fb_coord(f, ra, j), xb = fb_coord(f, rb, j);
        if (xa != xb) {
            ports[n++] = (unsigned)fb_port(f, j, xa, xb);
            ra += (xb - xa) * (int)net_ipow(f->k, j);
        }
    }
    ports[n++] = (unsigned)(b % f->c);
    return n;
}

static int fbfly_min_hops(const net_topo *t, int a, int b)
{
    /* one router per differing digit, and the last one */
    const fbfly_t *f = t->priv;
    int ra = a / f->c, rb = b / f->c, n = 1;
    for (int j = 0; j < f->dims; j++) n += fb_coord(f, ra, j) != fb_coord(f, rb, j);
    return n;
}

static int fbfly_max_hops(const net_topo *t, const net_routing_def *rt)
{
    (void)rt;
    return 2 * ((const fbfly_t *)t->priv)->dims + 1;
}

static int fbfly_set_routing(net_topo *t, const net_routing_def *rt, unsigned charge, char *err,
                             int errlen)
{
    const fbfly_t *f = t->priv;
    const int alg = rt->fb_alg & ~NR_ROUTE_FB_DDIM, ddim = !!(rt->fb_alg & NR_ROUTE_FB_DDIM);
    if (!alg) return 0; /* min: the source routes of the build's tables */
    const int kb = net_lg2(f->k), cb = net_lg2(f->c), D = f->dims;
    if (!pow2(f->k) || !pow2(f->c)) {
        snprintf(err, errlen,
                 "topology '%s': the routers' flattened-butterfly mode needs k and c "
                 "powers of two (the router id and digits are bit fields of dest; "
                 "docs/fbfly-routing.md section 2); use --routing min (source routes)",
                 t->spec);
        return -1;
    }
    if (D < 1 || D > 15 || D * kb + cb > 15) {
        snprintf(err, errlen,
                 "topology '%s': the mode takes 1 to 15 dimensions, the router id and the "
                 "terminal 15 bits in all (the head's dest)",
                 t->spec);
        return -1;
    }
    for (int r = 0; r < t->nrtr; r++) {
        nr_route_vals *tb = &t->r[r].tab;
        tb->fb_alg = alg, tb->fb_dims = D, tb->fb_kbits = kb, tb->fb_cbits = cb;
        tb->fb_me = (unsigned)r, tb->fb_charge = charge > 255 ? 255 : charge, tb->fb_ddim = ddim;
        for (int p = 0; p < NR_MAX_PORTS; p++) {
            int j = p < f->c ? -1 : (p - f->c) / (f->k - 1);
            tb->fb_indim[p] = (int8_t)(j < 0 || j >= D ? NR_ROUTE_FB_TERMINAL : j);
        }
    }
    return 0;
}

/* The layout (docs/cost.md "Layouts"; Kim, Dally and Abts, ISCA 2007, §4.2,
 * Fig 8): a router and its c nodes in one cabinet, as many routers as the
 * cabinet holds nodes for; the k routers of a dimension-1 row in m adjacent
 * cabinets of one floor row (a box: 256 nodes in two cabinets for the
 * seed's 16-ary 4-flat). With three dimensions the boxes stand as the
 * seed's Fig 8(c), dimension 2 across the columns and dimension 3 across
 * the rows; with another number, on a near-square floor of boxes in
 * order. Each link inside a cabinet has SerDes of its own (a direct
 * network, seed §5.3). */
static int fbfly_place(const net_topo *t, const net_floor *fl, int r, net_place *p)
{
    const fbfly_t *f = t->priv;
    const int q = fl->nodes_per_cab > f->c ? fl->nodes_per_cab / f->c : 1;
    const int m = (f->k + q - 1) / q, s = r / f->k, x0 = r % f->k;
    int bc, br;
    if (f->dims == 3) {
        bc = s % f->k, br = s / f->k;
    } else {
        const net_floor boxes = {1, fl->pitch_x * m, fl->pitch_y};
        const int cols = net_floor_cols(t->nrtr / f->k, &boxes);
        bc = s % cols, br = s / cols;
    }
    p->cab = (long)s * m + x0 / q;
    p->x = (double)(bc * m + x0 / q) * fl->pitch_x;
    p->y = (double)br * fl->pitch_y;
    return 1;
}

/* The routings of docs/fbfly-routing.md: min as source routes; the rest in
 * the routers' flattened-butterfly mode, a = 1 on every packet, two VCs per
 * traffic class (section 3). */
static const net_routing_def fbfly_routings[] = {
    {"min", "minimal dimension order as source routes (the route phit)", NET_HD_R, 1, 1, 0, 0, 0,
     0},
    {"min-rc", "minimal dimension order by the mode's MIN (no route phit)", NET_HD_A, 1, 1, 1,
     NR_ROUTE_FB_MIN, 0, 0},
    {"val", "Valiant: a random intermediate router, digit by digit", NET_HD_A, 0, 0, 1,
     NR_ROUTE_FB_VAL, 0, 0},
    {"ugal", "minimal or VAL per packet by greedy queue estimates", NET_HD_A, 0, 0, 1,
     NR_ROUTE_FB_UGAL, 0, 0},
    {"ugals", "UGAL with the sequential allocator (FbSeq=1)", NET_HD_A, 0, 0, 1, NR_ROUTE_FB_UGALS,
     1, 0},
    {"closad", "adaptive intermediate router (FbSeq=1)", NET_HD_A, 0, 0, 1, NR_ROUTE_FB_CLOSAD, 1,
     0},
    {"minad", "minimal adaptive, the VC by the hops remaining", NET_HD_A, 0, 1, 1,
     NR_ROUTE_FB_MINAD, 0, 0},
    {"val-dd",
     "val, the intermediate drawn only in the dimensions where source and destination "
     "differ (C model)",
     NET_HD_A, 0, 0, 1, NR_ROUTE_FB_VAL | NR_ROUTE_FB_DDIM, 0, 0},
    {"ugal-dd", "ugal, its VAL as val-dd's (C model)", NET_HD_A, 0, 0, 1,
     NR_ROUTE_FB_UGAL | NR_ROUTE_FB_DDIM, 0, 0},
    {"ugals-dd", "ugals, its VAL as val-dd's (FbSeq=1)", NET_HD_A, 0, 0, 1,
     NR_ROUTE_FB_UGALS | NR_ROUTE_FB_DDIM, 1, 0},
    {NULL, NULL, 0, 0, 0, 0, 0, 0, 0},
};

static const net_spec_key fbfly_keys[] = {
    {"k", NET_KEY_REQUIRED, 2, NR_MAX_PORTS, "routers per dimension"},
    {"n", NET_KEY_REQUIRED, 2, 16, "the n of a k-ary n-flat: n - 1 dimensions"},
    {"c", 0, 1, NR_MAX_PORTS, "nodes per router (default k)"},
    {NULL, 0, 0, 0, NULL},
};

const net_topo_kind net_topo_fbfly = {
    .name = "fbfly",
    .usage = "fbfly:k=K,n=N[,c=C]",
    .doc = "flattened butterfly, a k-ary n-flat: K^(N-1) routers, C nodes each (C = K by "
           "default), every router joined to the K-1 others of its row in each of N-1 dimensions; "
           "--pattern wc is the worst case of Kim, Dally and Abts 2007, §4.1",
    .keys = fbfly_keys,
    .routings = fbfly_routings,
    .build = fbfly_build,
    .set_routing = fbfly_set_routing,
    .min_hops = fbfly_min_hops,
    .max_hops = fbfly_max_hops,
    .srcroute = fbfly_srcroute,
    .wc_dest = net_wc_next_router,
    .place = fbfly_place,
};
