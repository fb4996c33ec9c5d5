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
 *   dor-nodl: the same routes keeping the VC (on VaHop=1 routers, their hop
 *             classes, docs/nwn-arch.md 1.7): a cycle round each ring, which
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

/* Move m (port C + m) from router x in a phase of moves mv and dodges dg
 * (kary_turn_tables), into a router of the next phase or not (next). */
static int turn_ok(const kary_t *k, unsigned mv, unsigned dg, int m, int x, int next)
{
    return (mv >> m & 1) || ((dg >> m & 1) && next && kary_digit(k, x, m / 2) == k->k - 1);
}

/* The turn-model routings over the live links (docs/network.md "Topology:
 * torus and mesh"): a route is a run of phases, never back to an earlier
 * one, phase p's hops by the moves in mv[p] (bit 2j: + in dimension j, bit
 * 2j + 1: -; port C + bit). For node d, dist[p][x] is the fewest phase-p
 * hops from router x to a router that a later phase routes (the last
 * phase: to d); x takes a hop of the last phase that routes it, the lowest
 * dimension, + before -, that shortens it. A move of dg[p] (dg NULL: none)
 * is phase p's too, but only from the dimension's last coordinate and into
 * a router of the next phase. pf: every + hop, then every - hop, so a
 * packet on its - hops stays on them; pf-part ([AK11 §8.2.2.1]): phase p
 * moves in dimension p both ways and + in every later one, (x+, x-, y+, z+)
 * then (y+, y-, z+) then (z+, z-), and the seed's dodge: at y = Ymax a y-
 * hop, then only x hops (a phase of its own) before the y phase;
 * pf-part-x2 lets the y phase move x- too, a broken rule whose tables the
 * check refuses around some failures (docs/network.md). -1 with a
 * message naming the rule when a router has no route. */
static int kary_turn_tables(net_topo *t, const uint64_t *dead, const unsigned *mv,
                            const unsigned *dg, int np, const char *rule, char *err, int errlen)
{
    const kary_t *k = t->priv;
    const int R = t->nrtr;
    int *dist = malloc(sizeof(int) * (size_t)(np + 1) * (size_t)R), *q = dist + (size_t)np * R;
    if (!dist) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    int rc = 0;
    for (int d = 0; d < R && !rc; d++) {
        for (int p = np - 1; p >= 0; p--) { /* breadth first backward over phase p's moves */
            int *ds = dist + (size_t)p * R, h = 0, n = 0;
            for (int x = 0; x < R; x++)
                if (p == np - 1 ? x == d : dist[(size_t)(p + 1) * R + x] >= 0)
                    ds[x] = 0, q[n++] = x;
                else
                    ds[x] = -1;
            for (; h < n; h++)
                for (int m = 0; m < 2 * k->n; m++) {
                    const int y = kary_next(t, dead, q[h], k->c + (m ^ 1));
                    if (y >= 0 && ds[y] < 0 && turn_ok(k, mv[p], dg ? dg[p] : 0, m, y, !ds[q[h]]))
                        ds[y] = ds[q[h]] + 1, q[n++] = y;
                }
        }
        for (int x = 0; x < R && !rc; x++) {
            int port = x == d ? 0 : -1, p = np - 1;
            while (p >= 0 && dist[(size_t)p * R + x] < 0) p--;
            for (int m = 0; m < 2 * k->n && port < 0 && p >= 0; m++) {
                const int *ds = dist + (size_t)p * R, y = kary_next(t, dead, x, k->c + m);
                if (y >= 0 && ds[y] == ds[x] - 1 && turn_ok(k, mv[p], dg ? dg[p] : 0, m, x, !ds[y]))
                    port = k->c + m;
            }
            if (port < 0) {
                snprintf(err, (size_t)errlen,
                         "topology '%s': no %s route from router %d to router %d over the live "
                         "links",
                         t->spec, rule, x, d);
                rc = -1;
            }
            t->r[x].tab.dl_vc = 0;
            for (int i = 0; i < k->c; i++) t->r[x].tab.dlut[d * k->c + i] = x == d ? i : port;
        }
    }
    free(dist);
    return rc;
}

/* Routing name's turn-model tables (pf, pf-part, pf-part-x2) over the live links; 1
 * when name is not one. */
static int kary_turn_routing(net_topo *t, const char *name, const uint64_t *dead, char *err,
                             int errlen)
{
    const kary_t *k = t->priv;
    unsigned mv[8] = {0}, dg[8] = {0};
    if (!strcmp(name, "pf")) {
        for (int j = 0; j < k->n; j++) mv[0] |= 1u << 2 * j, mv[1] |= 2u << 2 * j;
        return kary_turn_tables(t, dead, mv, NULL, 2, "positive-first", err, errlen);
    }
    const int x2 = !strcmp(name, "pf-part-x2");
    if (strcmp(name, "pf-part") && !x2) return 1;
    /* phase 0 (x), the dodge's x hops (with 2 or more dimensions), y, z, ... */
    const int dodge = k->n > 1;
    for (int p = 0; p < k->n; p++)
        for (int j = p; j < k->n; j++) mv[p ? p + dodge : 0] |= (j == p ? 3u : 1u) << 2 * j;
    mv[1] |= dodge ? 3u : 0u, dg[0] = dodge ? 8u : 0u; /* y- from Ymax into x's hops */
    if (x2 && dodge) mv[2] |= 2u;                      /* pf-part-x2: x- in the y phase too */
    return kary_turn_tables(t, dead, mv, dg, k->n + dodge, "partition-aware", err, errlen);
}

/* The turn-model tables, or the torus's ft (kary_ft.c), around the
 * failed links (topo.h, avoid). */
int net_kary_avoid(net_topo *t, const uint64_t *dead, char *err, int errlen)
{
    if (!strcmp(t->routing->name, "ft")) return net_kary_ft_tables(t, dead, err, errlen);
    const int rc = kary_turn_routing(t, t->routing->name, dead, err, errlen);
    if (rc == 1)
        snprintf(err, (size_t)errlen, "--routing %s cannot avoid a failed link; %s can",
                 t->routing->name, ((const kary_t *)t->priv)->wrap ? "ft" : "pf and pf-part");
    return rc ? -1 : 0;
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
        if (!strncmp(rt->name, "pf", 2) || !strcmp(rt->name, "ft")) {
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
    const int turn = kary_turn_routing(t, rt->name, NULL, err, errlen);
    if (turn != 1) return turn;
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

int net_topo_partition(net_topo *t, int pb, char *err, int errlen)
{
    const kary_t *k = t->kind->set_routing == net_kary_set_routing ? t->priv : NULL;
    const long plane = k ? net_ipow(k->k, k->n - 1) * k->c : 0; /* nodes per plane of digit n-1 */
    const int np = (t->nnodes + (1 << pb) - 1) >> pb, top = k ? k->n - 1 : 0;
    const char *rt = t->routing->name;
    if (!k || !k->coord || (1L << pb) % plane || np > 8 || strncmp(rt, "dor", 3)) {
        snprintf(err, (size_t)errlen,
                 "topology '%s': %d nodes, but the LUT holds %d destinations: SeaStar's partitions "
                 "(docs/seastar-arch.md 4) are built for a torus or mesh routed by coordinates "
                 "(dor, dor-nodl) with at most 8 partitions, each whole planes of the highest "
                 "dimension",
                 t->spec, t->nnodes, 1 << pb);
        return -1;
    }
    const int S = (int)((1L << pb) / plane); /* planes of digit n-1 per partition */
    for (int r = 0; r < t->nrtr; r++) {
        nr_route_vals *tb = &t->r[r].tab;
        const int z = kary_digit(k, r, top);
        tb->part_bits = pb, tb->part_own = (unsigned)(r * k->c) >> pb;
        for (int p = 0; p < 8; p++) {
            const int a = p * S, b = a + S - 1, f = (a - z + k->k) % k->k,
                      w = (z - b + k->k) % k->k;
            const int plus = k->wrap ? f <= w : a > z;
            tb->glut[p] = (int8_t)(p < np && p != (int)tb->part_own
                                       ? (plus ? kary_pp(k, top) : kary_pm(k, top))
                                       : -1);
            tb->glut_vc[p] = (int8_t)(plus ? z < a : z > b); /* the dateline ahead: 0 */
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
    if (!strncmp(rt->name, "pf", 2) || !strcmp(rt->name, "ft"))
        return 2 * t->nrtr;    /* around failures */
    if (t->r[0].tab.part_bits) /* SeaStar's partitions: to the nearer edge, then on */
        return 1 + k->n * k->k;
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
    {"dor-nodl",
     "the same routes keeping the VC: a cycle round each ring (refused; on VaHop=1 routers "
     "the hop classes, docs/nwn-arch.md 1.7)",
     0, 1, 1, 0, 0, 0, 0},
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
