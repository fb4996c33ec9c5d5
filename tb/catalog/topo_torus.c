/* topo_torus.c - the k-ary n-cube (topo.h; docs/network.md "Topology:
 * torus and mesh"): torus:k=K,n=N[,c=C], K^N routers, router r at the
 * coordinates of r's base-K digits (digit 0 the lowest), its C nodes
 * r*C .. r*C + C-1 on ports 0 .. C-1, port C + 2j to its neighbour x_j + 1
 * and port C + 2j + 1 to x_j - 1 (mod K). The mesh (topo_mesh.c) is the
 * same without the wrap-around links.
 *
 * Routed by the shared tables (docs/yarc-arch.md section 5), every
 * destination down: DLUT[d] is the port toward node d, so K^N <= the
 * routers' ports, or the destinations their own tables hold (t->dests:
 * SeaStar's LUT, with dlut_n); or (coord=1, and by default when the nodes
 * outnumber those; K and C powers of two) step 3d's entry from the coordinates
 * (DOR_CTRL), the same routes with no DLUT. Dimension order, the lowest differing dimension first, in
 * a torus the shorter way round (a tie the + way).
 *   dor:      two VCs per traffic class, the VC of each hop set by the table
 *             (DL_VC, docs/yarc-arch.md section 5 step 3): the lower one while
 *             the route ahead in this dimension still crosses its dateline
 *             (the link between K-1 and 0), the upper one after it and to
 *             the node; the check proves it free of cycles.
 *   dor-nodl: the same routes keeping the VC: a cycle round each ring, which
 *             the check refuses.
 *   adaptive: (coord=1, FbSeq=1) the routers' minimal adaptive choice with
 *             an escape VC (DOR_CTRL.adapt, yarc-arch section 5 step 3e);
 *             adaptive-novct, without its empty-buffer condition, is refused.
 */
#include "catalog/topo_torus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Router x's + and - ports of dimension j. */
static int kary_pp(const kary_t *k, int j) { return k->c + 2 * j; }
static int kary_pm(const kary_t *k, int j) { return k->c + 2 * j + 1; }

/* x's coordinate j */
static int kary_digit(const kary_t *k, int x, int j) { return (int)(x / net_ipow(k->k, j) % k->k); }

/* The direction of dimension j's hops from x toward t: 0 none, +1, -1. */
static int kary_dir(const kary_t *k, int x, int t)
{
    if (x == t) return 0;
    if (!k->wrap) return t > x ? 1 : -1;
    const int fwd = (t - x + k->k) % k->k;
    return 2 * fwd <= k->k ? 1 : -1;
}

/* Router r's DLUT entry for node d, and its VC bit (docs/yarc-arch.md 5). */
static int kary_entry(const kary_t *k, int r, int d, int *vbit)
{
    *vbit = 1; /* the node: the class's upper VC, as it entered */
    for (int j = 0; j < k->n; j++) {
        const int x = kary_digit(k, r, j), t = kary_digit(k, d / k->c, j), s = kary_dir(k, x, t);
        if (!s) continue;
        /* the upper VC once the rest of this ring's route stays off the
         * dateline: + with x < t, - with x > t */
        *vbit = s > 0 ? x < t : x > t;
        return s > 0 ? kary_pp(k, j) : kary_pm(k, j);
    }
    return d % k->c;
}

/* Router x's neighbour by port q (1 + 2j: +j, 2 + 2j: -j) over a live link,
 * or -1. */
static int kary_next(const net_topo *t, const uint64_t *dead, int x, int q)
{
    const net_end e = t->r[x].peer[q];
    return e.rtr >= 0 && !(dead && dead[x] >> q & 1) ? e.rtr : -1;
}

/* Positive-first (docs/network.md "Topology: torus and mesh"): every + hop
 * before any - hop, over the live links. For node d, dn[x] is the fewest -
 * hops from router x to d (-1: none), dp[x] the fewest + hops to a router
 * with a dn; the route from x is a - hop down dn if x has one, else a + hop
 * down dp, each the lowest dimension that shortens it, so a packet on its -
 * hops stays on them. -1 with a message when a router has neither. */
static int kary_pf_tables(net_topo *t, const uint64_t *dead, char *err, int errlen)
{
    const kary_t *k = t->priv;
    const int R = t->nrtr;
    int *dn = malloc(sizeof(int) * 3 * (size_t)R), *dp = dn + R, *q = dp + R;
    if (!dn) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    int rc = 0;
    for (int d = 0; d < R && !rc; d++) {
        for (int x = 0; x < R; x++) dn[x] = dp[x] = -1;
        /* breadth first from d backward over - hops, then from every router
         * with a dn backward over + hops (a + hop from x to y is y's - port) */
        int h = 0, n = 0;
        dn[d] = 0, q[n++] = d;
        for (int pass = 0; pass < 2; pass++) {
            int *dist = pass ? dp : dn;
            if (pass)
                for (int x = n = h = 0; x < R; x++)
                    if (dn[x] >= 0) dp[x] = 0, q[n++] = x;
            for (; h < n; h++)
                for (int j = 0; j < k->n; j++) {
                    const int y = kary_next(t, dead, q[h], pass ? kary_pm(k, j) : kary_pp(k, j));
                    if (y >= 0 && dist[y] < 0) dist[y] = dist[q[h]] + 1, q[n++] = y;
                }
        }
        for (int x = 0; x < R && !rc; x++) {
            int port = x == d ? 0 : -1;
            for (int j = 0; j < k->n && port < 0; j++) {
                const int ym = kary_next(t, dead, x, kary_pm(k, j)),
                          yp = kary_next(t, dead, x, kary_pp(k, j));
                if (dn[x] > 0 && ym >= 0 && dn[ym] == dn[x] - 1) port = kary_pm(k, j);
                if (dn[x] < 0 && dp[x] > 0 && yp >= 0 && dp[yp] == dp[x] - 1) port = kary_pp(k, j);
            }
            if (port < 0) {
                snprintf(err, (size_t)errlen,
                         "topology '%s': no positive-first route from router %d to router %d "
                         "over the live links",
                         t->spec, x, d);
                rc = -1;
            }
            t->r[x].tab.dl_vc = 0;
            for (int i = 0; i < k->c; i++) t->r[x].tab.dlut[d * k->c + i] = x == d ? i : port;
        }
    }
    free(dn);
    return rc;
}

/* The positive-first tables, or the torus's ft (kary_ft.c), around the
 * failed links (topo.h, avoid). */
int net_kary_avoid(net_topo *t, const uint64_t *dead, char *err, int errlen)
{
    if (!strcmp(t->routing->name, "ft")) return net_kary_ft_tables(t, dead, err, errlen);
    if (strcmp(t->routing->name, "pf")) {
        snprintf(err, (size_t)errlen, "--routing %s cannot avoid a failed link; %s can",
                 t->routing->name, ((const kary_t *)t->priv)->wrap ? "ft" : "pf");
        return -1;
    }
    return kary_pf_tables(t, dead, err, errlen);
}

int net_kary_set_routing(net_topo *t, const net_routing_def *rt, unsigned charge, char *err,
                         int errlen)
{
    (void)charge;
    const kary_t *k = t->priv;
    /* step 3e's adapt (docs/network.md "Topology: torus and mesh", adaptive): 1 with the
     * cut-through condition, 2 the variant without it */
    const int adapt = !strcmp(rt->name, "adaptive")         ? 1
                      : !strcmp(rt->name, "adaptive-novct") ? 2
                                                            : 0;
    if (adapt && !k->coord) {
        snprintf(err, (size_t)errlen,
                 "topology '%s': routing %s is the routers' own (DOR_CTRL), it needs coord=1",
                 t->spec, rt->name);
        return -1;
    }
    if (k->coord) { /* DOR_CTRL: every node down, the entry from the coordinates */
        if (!strcmp(rt->name, "pf") || !strcmp(rt->name, "ft")) {
            snprintf(err, (size_t)errlen,
                     "topology '%s': routing %s needs one DLUT entry per node, not coord=1",
                     t->spec, rt->name);
            return -1;
        }
        for (int r = 0; r < t->nrtr; r++) {
            nr_route_vals *tb = &t->r[r].tab;
            tb->root_mask = 0x7FFFu & ~(unsigned)(t->nnodes - 1);
            tb->dl_vc = rt->vc_phase != 0;
            tb->dor = 1, tb->dor_wrap = k->wrap, tb->dor_dims = k->n;
            tb->dor_kbits = net_lg2(k->k), tb->dor_cbits = net_lg2(k->c);
            tb->fb_me = (unsigned)r, tb->dor_adapt = adapt;
        }
        return 0;
    }
    if (!strcmp(rt->name, "pf")) return kary_pf_tables(t, NULL, err, errlen);
    for (int r = 0; r < t->nrtr; r++) {
        nr_route_vals *tb = &t->r[r].tab;
        tb->dl_vc = rt->vc_phase != 0;
        for (int d = 0; d < (tb->dlut_n ? tb->dlut_n : tb->nports); d++) {
            int v = 0;
            tb->dlut[d] = d < t->nnodes ? kary_entry(k, r, d, &v) : -1;
            tb->dlut_vc[d] = (int8_t)(tb->dl_vc && v);
        }
    }
    return 0;
}

int net_kary_make(net_topo *t, const long *kv, const int *given, int wrap, int k_rtr, char *err,
                  int errlen)
{
    const int K = (int)kv[0], n = (int)kv[1], c = (int)kv[2];
    const long nr = net_ipow(K, n);
    /* coordinates by default only where the DLUT cannot hold every node
     * (t->dests entries: the ports, or SeaStar's LUT) */
    const int D = t->dests ? t->dests : k_rtr;
    const int coord = given[3] ? (int)kv[3] : nr * c > D;
    const int pow2 = !(K & (K - 1)) && !(c & (c - 1));
    if (coord && (!pow2 || n > 7 || nr * c > 0x8000)) {
        snprintf(err, (size_t)errlen,
                 "topology '%s': %ld nodes on routers of %d ports: routing by coordinates "
                 "(DOR_CTRL; the DLUT holds one entry per node) needs K and C powers of two, "
                 "n <= 7 and at most 32768 nodes",
                 t->spec, nr * c, k_rtr);
        return -1;
    }
    if (c + 2 * n > k_rtr || (!coord && nr * c > D)) {
        const int m = snprintf(err, (size_t)errlen,
                               "topology '%s': %ld routers of %d nodes and %d network ports need "
                               "routers of at least %d ports",
                               t->spec, nr, c, 2 * n, c + 2 * n);
        if (m < 0 || m >= errlen) return -1;
        if (coord)
            snprintf(err + m, (size_t)(errlen - m), ", these have %d", k_rtr);
        else
            snprintf(err + m, (size_t)(errlen - m),
                     " and a DLUT of %ld entries (one per node), these have %d and %d", nr * c,
                     k_rtr, D);
        return -1;
    }
    kary_t *k = net_topo_priv(t, nr * c, sizeof *k, err, errlen);
    if (!k) return -1;
    k->k = K, k->n = n, k->c = c, k->wrap = wrap, k->coord = coord;
    t->levels = 1;
    if (net_topo_alloc(t, (int)nr, (int)nr * c, err, errlen)) return -1;
    t->first[1] = 0, t->first[2] = (int)nr;
    for (int r = 0; r < nr; r++) {
        nr_route_vals *tb = &net_rtr_leaf(t, r, k_rtr, c)->tab;
        for (int i = 0; i < D; i++) tb->dlut[i] = -1;
        tb->dlut_n = !coord && nr * c > k_rtr ? D : 0; /* a power of two (topo.h) */
        if (tb->dlut_n) tb->root_mask = 0x7FFFu & ~(unsigned)(D - 1);
        for (int j = 0; j < n; j++) {
            const int x = kary_digit(k, r, j), stride = (int)net_ipow(K, j);
            if (x + 1 < K)
                net_link(t, r, kary_pp(k, j), r + stride, kary_pm(k, j));
            else if (wrap)
                net_link(t, r, kary_pp(k, j), r - x * stride, kary_pm(k, j));
        }
    }
    return net_kary_set_routing(t, t->kind->routings, 0, err, errlen);
}

int net_kary_min_hops(const net_topo *t, int a, int b)
{
    const kary_t *k = t->priv;
    int h = 1;
    for (int j = 0; j < k->n; j++) {
        const int d = abs(kary_digit(k, a / k->c, j) - kary_digit(k, b / k->c, j));
        h += k->wrap && k->k - d < d ? k->k - d : d;
    }
    return h;
}

int net_kary_max_hops(const net_topo *t, const net_routing_def *rt)
{
    const kary_t *k = t->priv;
    if (!strcmp(rt->name, "pf") || !strcmp(rt->name, "ft"))
        return 2 * t->nrtr;                /* around failures */
    if (!strncmp(rt->name, "adaptive", 8)) /* minimal hops, then the 2-VC escape over the mesh */
        return 1 + k->n * (k->k / 2 + k->k - 1);
    return 1 + k->n * (k->wrap ? k->k / 2 : k->k - 1);
}

/* The worst case (docs/network.md): in the torus tornado, every coordinate
 * moved by ceil(K/2) - 1 (1 for K = 2), the longest way that is still the +
 * way round; in the mesh the complement, x_j to K-1-x_j in every dimension. */
int net_kary_wc_dest(const net_topo *t, int src, nr_rng_t *rng)
{
    (void)rng;
    const kary_t *k = t->priv;
    const int sh = k->k == 2 ? 1 : (k->k - 1) / 2;
    int d = 0;
    for (int j = k->n - 1; j >= 0; j--) {
        const int x = kary_digit(k, src / k->c, j);
        d = d * k->k + (k->wrap ? (x + sh) % k->k : k->k - 1 - x);
    }
    return d * k->c + src % k->c;
}

/* The layout (docs/cost.md "Layouts"): routers in id order, as many to a
 * cabinet as it holds nodes, the cabinets on a near-square floor; each link
 * inside a cabinet has SerDes of its own (a direct network). */
int net_kary_place(const net_topo *t, const net_floor *fl, int r, net_place *p)
{
    const int c = ((const kary_t *)t->priv)->c,
              q = fl->nodes_per_cab >= c ? fl->nodes_per_cab / c : 1;
    const long ncab = (t->nrtr + q - 1) / q;
    net_floor_cab(r / q, net_floor_cols(ncab, fl), fl, p);
    return 1;
}

static int torus_build(net_topo *t, const long *kv, const int *given, int k_rtr, char *err,
                       int errlen)
{
    return net_kary_make(t, kv, given, 1, k_rtr, err, errlen);
}

static const net_routing_def torus_routings[] = {
    {"dor",
     "dimension order, the shorter way round, two VCs per class: the VC rises at each "
     "dimension's dateline (the table's DL_VC)",
     0, 1, 1, 1, 0, 0, 0},
    {"dor-nodl", "the same routes keeping the VC: a cycle round each ring (refused)", 0, 1, 1, 0, 0,
     0, 0},
    {"adaptive",
     "minimal adaptive on the upper VCs when the next buffer is empty and unclaimed, else "
     "the escape: dor (3+ VCs) or the mesh's dimension order (2 VCs); coord=1, FbSeq=1",
     NET_HD_A, 0, 0, 1, 0, 1, 0},
    {"adaptive-novct", "adaptive without the empty-buffer condition (refused)", NET_HD_A, 0, 0, 1,
     0, 1, 0},
    {"ft",
     "dor's routes and VCs, and around failed links (--fail) [AK11 8.2.2]'s rules for X, Y and Z "
     "links with their look-ahead (kary_ft.c)",
     0, 0, 0, 1, 0, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0, 0, 0},
};

const net_spec_key net_kary_keys[] = {
    {"k", NET_KEY_REQUIRED, 2, 64, "routers per dimension"},
    {"n", NET_KEY_REQUIRED, 1, 6, "dimensions: k^n routers"},
    {"c", 1, 1, 64, "nodes per router (default 1)"},
    {"coord", 0, 0, 1,
     "1: route by coordinates (DOR_CTRL), the default when the nodes outnumber the ports"},
    {NULL, 0, 0, 0, NULL},
};

const net_topo_kind net_topo_torus = {
    .name = "torus",
    .usage = "torus:k=K,n=N[,c=C]",
    .doc = "the k-ary n-cube: K^N routers, C nodes each (1 by default), joined to their two "
           "neighbours in "
           "each dimension (mod K); dimension-order routing with datelines; --pattern wc is "
           "tornado",
    .keys = net_kary_keys,
    .routings = torus_routings,
    .build = torus_build,
    NET_KARY_OPS,
};
