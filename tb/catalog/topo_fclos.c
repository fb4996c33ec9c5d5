/* topo_fclos.c - the folded Clos (topo.h, docs/network.md): fclos:k=K,
 * levels=L[,tophalf=1][,taper=T][,links=P][,side=S].
 *
 * Folded Clos (k-ary L-tree). With d = k/2, a subtree of level l < L holds
 * d^l nodes and d^(l-1) routers of level l; the whole network has
 * N = k * d^(L-1) nodes and d^(L-1) top routers (tophalf=1: the top routers
 * use d down ports only, N = d^L, as seed 001's 4096-node network of radix-32
 * routers, 16^3). Router (l, w, c) is router c
 * of subtree w of level l (the top: w = 0). Its down port j (j < d; j < k at
 * the top) goes to router (l-1, w', c mod d^(l-2)) of the subtree below,
 * w' = w*d + j (the top: w' = j), at that router's up port d + c / d^(l-2). A
 * leaf's down port j is node w*d + j. Node ids are therefore the digits of
 * the path down: the top's port above bits (L-1)*lg(d), then one lg(d)-bit
 * digit per level.
 *
 * Tables (docs/yarc-arch.md section 5), up*-down* routing: a router of level
 * l < L has its subtree under ROOT_MASK = 0x7FFF & ~(d^l - 1), ROOT_DETECT =
 * w * d^l, DOWN_SHIFT = (l-1)*lg(d) and DLUT[i] = i mod d: a destination in
 * the subtree goes down by its level-l digit. Every other destination goes
 * up: adaptively over UP_MASK = the up ports d..k-1, or by ULUT[i] =
 * d + (i mod d), the hashed deterministic choice. The top router has the
 * whole network below it (ROOT_MASK = 0x7FFF & ~(N-1), ROOT_DETECT = 0),
 * DOWN_SHIFT = (L-1)*lg(d), DLUT[i] = i, and no up port. L2P is the identity.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/topo.h"
#include "catalog/topo_fclos.h"

/* Router index of (l, w, c): router c < (T/P)^(l-1) of subtree w of level l. */
static int fclos_id(const net_topo *t, const fclos_t *f, int l, int w, int c)
{
    return t->first[l] + w * (int)net_ipow(f->up / f->links, l - 1) + c;
}

/* Nodes under a router of level l < levels: d at a leaf, and d/P times
 * those of the level below above it (each child reached over P links). */
static long fclos_span(const fclos_t *f, int l)
{
    long s = f->d;
    for (int i = 1; i < l; i++) s *= f->d / f->links;
    return s;
}

/* side=S: the side links between the top routers of copies a != b. With
 * S - 1 dividing d, d/(S-1). Otherwise (S even) the pairs are split into
 * the S - 1 perfect matchings of the round-robin schedule (pair {a, b}
 * in matching r = (a + b) * S/2 mod (S - 1), or r = the other one when
 * one of them is S - 1), and the first d mod (S - 1) matchings get one
 * link more: every router then has d side ports in all. */
static int fclos_side_cnt(const fclos_t *f, int a, int b)
{
    const int S = f->copies, x = f->d % (S - 1);
    if (!x) return f->side_links;
    const int r = a == S - 1 ? b : b == S - 1 ? a : (a + b) * (S / 2) % (S - 1);
    return f->side_links + (r < x);
}

/* ... and the first of copy a's ports toward copy b: after d down ports,
 * its peers' links in copy order */
static int fclos_side_base(const fclos_t *f, int a, int b)
{
    int base = f->d;
    for (int s = 0; s < b; s++)
        if (s != a) base += fclos_side_cnt(f, a, s);
    return base;
}

static void fclos_tables(const net_topo *t, const fclos_t *f, int l, int w, nr_route_vals *tab)
{
    const int k = f->k, d = f->d, L = t->levels, top = l == L;
    memset(tab, 0, sizeof *tab);
    tab->nports = k;
    /* above the leaves the DLUT index is the child subtree and, with P
     * links to each child, the top lg P bits of the node's place in it:
     * down port j = child * P + link (the wiring in fclos_build) */
    tab->down_shift = l == 1 ? 0 : net_lg2((int)fclos_span(f, l - 1)) - net_lg2(f->links);
    if (top) { /* the copy's nodes (all of them without side links) */
        tab->root_mask = 0x7FFFu & ~(unsigned)(f->ncopy - 1);
        tab->root_detect = (unsigned)w * (unsigned)f->ncopy;
        /* side=S: one side-table entry per peer copy, its side links */
        for (int s = 0, e = 0; s < f->copies; s++) {
            if (s == w) continue;
            tab->side[e].match = (unsigned)s * (unsigned)f->ncopy;
            tab->side[e].mask = 0x7FFFu & ~(unsigned)(f->ncopy - 1);
            tab->side[e].base = fclos_side_base(f, w, s);
            tab->side[e].cnt = fclos_side_cnt(f, w, s);
            tab->side_n = ++e;
        }
    } else {
        unsigned span = (unsigned)fclos_span(f, l);
        tab->root_mask = 0x7FFFu & ~(span - 1);
        tab->root_detect = (unsigned)w * span;
    }
    for (int i = 0; i < k; i++) {
        /* a top router with side links: its copy's nodes only, whose index
         * (dest >> DOWN_SHIFT) mod k is the child slot plus the copy's bits above it */
        tab->dlut[i] = top ? (f->copies > 1 ? i % f->top_down : i < f->top_down ? i : -1) : i % d;
        tab->ulut[i] = top ? -1 : d + i % f->up;
        tab->l2p[i] = i;
        if (!top && i >= d && i < d + f->up) tab->up_mask |= 1ull << i;
    }
}

/* net_fclos_make: every router's level, ports and tables; U = T/P routers
 * per group, n nodes */
static void fclos_routers(net_topo *t, fclos_t *f, long L, int U, long n)
{
    const long k = f->k;
    for (int l = 1; l <= L; l++) {
        const int top = l == L, per = (int)net_ipow(U, l - 1),
                  nsub = top ? f->copies : (int)(n / fclos_span(f, l));
        for (int w = 0; w < nsub; w++)
            for (int c = 0; c < per; c++) {
                int id = fclos_id(t, f, l, w, c);
                net_rtr *r = &t->r[id];
                r->level = l;
                r->nports = (int)k;
                fclos_tables(t, f, l, w, &r->tab);
            }
    }
}

/* net_fclos_make: the links, nodes to leaves, each level down to the one
 * below it, and the tops' side links between copies */
static void fclos_wire(net_topo *t, fclos_t *f, long L, long P, int U, long n)
{
    const int d = f->d;
    for (int l = 1; l <= L; l++) {
        const int top = l == L, per = (int)net_ipow(U, l - 1),
                  nsub = top ? f->copies : (int)(n / fclos_span(f, l));
        const int ndown = top ? f->top_down : d;
        for (int w = 0; w < nsub; w++)
            for (int c = 0; c < per; c++) {
                int id = fclos_id(t, f, l, w, c);
                for (int j = 0; j < ndown; j++) {
                    if (l == 1) {
                        t->r[id].peer[j] = (net_end){NET_PEER_NODE, w * d + j};
                        t->node[w * d + j] = (net_end){id, j};
                    } else {
                        /* down port j: link j mod P to child subtree j/P of
                         * this one's (w * ndown/P before it: w is the copy at
                         * the top), to its router
                         * c mod U^(l-2), at that router's up port for c's
                         * group and the link */
                        int wc = w * (ndown / (int)P) + j / (int)P, pl = net_ipow(U, l - 2);
                        net_link(t, id, j, fclos_id(t, f, l - 1, wc, c % pl),
                                 d + (c / pl) * (int)P + j % (int)P);
                    }
                }
            }
    }
    /* side links: top router c of copy a, its ports toward copy b (the
     * order of its side table), to top router c of copy b at the ports for a */
    const int per = net_ipow(U, (int)L - 1);
    for (int a = 0; a < f->copies; a++)
        for (int b = a + 1; b < f->copies; b++)
            for (int c = 0; c < per; c++)
                for (int j = 0; j < fclos_side_cnt(f, a, b); j++)
                    net_link(t, fclos_id(t, f, (int)L, a, c), fclos_side_base(f, a, b) + j,
                             fclos_id(t, f, (int)L, b, c), fclos_side_base(f, b, a) + j);
}

int net_fclos_make(net_topo *t, const long *kv, int k_rtr, char *err, int errlen)
{
    long k = kv[0] ? kv[0] : k_rtr, L = kv[1], half = kv[2], T = kv[3], P = kv[4], S = kv[5];
    if (k & (k - 1)) {
        snprintf(err, errlen, "topology '%s': k = %ld is not a power of two", t->spec, k);
        return -1;
    }
    if (k != k_rtr) {
        snprintf(err, errlen, "topology '%s': k = %ld, but the routers have %d ports", t->spec, k,
                 k_rtr);
        return -1;
    }
    const int d = (int)k / 2;
    if (T == 0) T = d;
    if (T > d || (T & (T - 1))) {
        snprintf(err, errlen,
                 "topology '%s': taper = %ld up links of %d: must be a power of two "
                 "from 1 to k/2",
                 t->spec, T, d);
        return -1;
    }
    if (L == 1 && T != d) {
        snprintf(err, errlen, "topology '%s': taper needs levels >= 2 (one router has no up links)",
                 t->spec);
        return -1;
    }
    if (P > T || (P & (P - 1)) || (P > 1 && L == 1)) {
        snprintf(err, errlen,
                 "topology '%s': links = %ld: must be a power of two up to the %ld "
                 "wired up ports, and more than 1 only with levels >= 2",
                 t->spec, P, T);
        return -1;
    }
    if (S) { /* side links: the tops' other d ports, d/(S-1) to each peer
              * (levels = 1: single routers joined by side links, BlackWidow's
              * rank 1.5) */
        if ((d % (S - 1) && S % 2) || d < S - 1) {
            snprintf(err, errlen,
                     "topology '%s': side = %ld copies: needs S - 1 dividing the top routers' "
                     "%d side ports, or S even (the links then split as evenly as they go)",
                     t->spec, S, d);
            return -1;
        }
        half = 1;
    }
    /* a leaf holds d nodes, each level below the top d/P subtrees of the
     * level under it, the top (K or d)/P */
    long n = (half ? d : k) / P * d;
    for (int l = 2; l < L; l++) n *= d / P;
    if (L == 1) n = half ? d : k;
    const long ncopy = n;
    if (S) n *= S;
    fclos_t *f = net_topo_priv(t, n, sizeof *f, err, errlen);
    if (!f) return -1;
    f->k = (int)k;
    t->levels = (int)L;
    f->d = d;
    f->top_down = half ? d : (int)k;
    f->up = (int)T;
    f->links = (int)P;
    f->copies = S ? (int)S : 1;
    f->ncopy = (int)ncopy;
    f->side_links = S ? d / (int)(S - 1) : 0;
    /* routers of level l < L: (T/P)^(l-1) in each of its N/span(l)
     * subtrees; at the top (T/P)^(L-1) */
    const int U = (int)(T / P);
    t->first[1] = 0;
    for (int l = 1; l <= L; l++)
        t->first[l + 1] = t->first[l] + (int)(l == L ? f->copies * net_ipow(U, (int)L - 1)
                                                     : (n / fclos_span(f, l)) * net_ipow(U, l - 1));
    if (net_topo_alloc(t, t->first[L + 1], (int)n, err, errlen)) return -1;
    fclos_routers(t, f, L, U, n);
    fclos_wire(t, f, L, P, U, n);
    return 0;
}

int net_fclos_min_hops(const net_topo *t, int a, int b)
{
    /* the lowest level whose subtree holds both: up to it and down again;
     * another copy (side=S): up to a top, across a side link, down */
    const fclos_t *f = t->priv;
    for (int l = 1; l < t->levels; l++) {
        long span = fclos_span(f, l);
        if (a / span == b / span) return 2 * l - 1;
    }
    return a / f->ncopy == b / f->ncopy ? 2 * t->levels - 1 : 2 * t->levels;
}

int net_fclos_max_hops(const net_topo *t, const net_routing_def *rt)
{
    (void)rt;
    const fclos_t *f = t->priv;
    return 2 * t->levels - 1 + (f->copies > 1);
}

const net_routing_def net_fclos_routings[] = {
    {"updown-adaptive", "a = 1: up by the routers' occupancy choice (or greedy_r(2) with UpPick=2)",
     NET_HD_A, 0, 1, 0, 0, 0, 1},
    {"updown-hash", "h = 1: up by ULUT[fold(dest ^ input ^ a random hash phit)]", NET_HD_H, 0, 1, 0,
     0, 0, 0},
    {"updown-det", "a = h = 0: up by ULUT[fold(dest ^ input)], one path per flow", 0, 1, 1, 0, 0, 0,
     0},
    {NULL, NULL, 0, 0, 0, 0, 0, 0, 0},
};

/* A down port of router r leads over a live link to a whole router. */
static int down_good(const net_topo *t, const uint64_t *dead, const uint8_t *whole, int r, int q)
{
    const int c = t->r[r].peer[q].rtr;
    return c >= 0 && !(dead[r] >> q & 1) && whole[c];
}

/* Down, from the leaves up: a router is whole when each DLUT entry leads to
 * a whole child over a live link, another live link to the same child
 * (links=P) taking the place of a dead one; a DLUT entry with none left keeps
 * its dead port. A leaf is whole (its node links do not fail). */
static void avoid_down(net_topo *t, const uint64_t *dead, uint8_t *whole)
{
    for (int r = t->first[1]; r < t->first[t->levels + 1]; r++) {
        nr_route_vals *tb = &t->r[r].tab;
        whole[r] = 1;
        if (t->r[r].level == 1) continue;
        for (int i = 0; i < tb->nports; i++) {
            const int q = tb->dlut[i];
            if (q < 0 || down_good(t, dead, whole, r, q)) continue;
            int alt = -1;
            for (int q2 = 0; q2 < t->r[r].nports && alt < 0; q2++)
                if (t->r[r].peer[q2].rtr == t->r[r].peer[q].rtr && down_good(t, dead, whole, r, q2))
                    alt = q2;
            if (alt >= 0)
                tb->dlut[i] = alt;
            else
                whole[r] = 0;
        }
    }
}

/* Up, from the top down: an up port is used when its link lives and its
 * parent is whole and can itself go on up (or is a top); UP_MASK keeps those,
 * and a ULUT entry naming another port names one of them instead. A router
 * left with none (upok 0) keeps its live up ports, for the packets already on
 * their way through it: no router below sends it any more. */
static void avoid_up(net_topo *t, const uint64_t *dead, const uint8_t *whole, uint8_t *upok)
{
    for (int l = t->levels; l >= 1; l--)
        for (int r = t->first[l]; r < t->first[l + 1]; r++) {
            nr_route_vals *tb = &t->r[r].tab;
            upok[r] = l == t->levels;
            if (upok[r]) continue;
            uint64_t use = 0, live = 0;
            for (int q = 0; q < t->r[r].nports; q++) {
                const int pr = t->r[r].peer[q].rtr;
                if (!(tb->up_mask >> q & 1) || (dead[r] >> q & 1)) continue;
                live |= 1ull << q;
                if (whole[pr] && upok[pr]) use |= 1ull << q;
            }
            upok[r] = use != 0;
            tb->up_mask = use ? use : live;
            int port[NR_MAX_PORTS], np = 0;
            for (int q = 0; q < t->r[r].nports; q++)
                if (tb->up_mask >> q & 1) port[np++] = q;
            for (int i = 0; i < tb->nports; i++)
                if (tb->ulut[i] >= 0 && !(tb->up_mask >> tb->ulut[i] & 1))
                    tb->ulut[i] = np ? port[i % np] : -1;
        }
}

/* The up*-down* tables without the dead links (topo.h, avoid): the built
 * tables again, then avoid_down and avoid_up. The up choice is not a
 * function of the destination (docs/yarc-arch.md section 5), so a router
 * that lost a way down is left out of every up choice. */
int net_fclos_avoid(net_topo *t, const uint64_t *dead, char *err, int errlen)
{
    fclos_t *f = t->priv;
    if (f->copies > 1) {
        snprintf(err, errlen,
                 "topology '%s': routing around a failed link with side links is not built "
                 "(the side table names a run of side ports)",
                 t->spec);
        return -1;
    }
    uint8_t *whole = calloc((size_t)t->nrtr, 2);
    if (!whole) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    fclos_routers(t, f, t->levels, f->up / f->links, t->nnodes);
    avoid_down(t, dead, whole);
    avoid_up(t, dead, whole, whole + t->nrtr);
    free(whole);
    return 0;
}

/* The layout (docs/cost.md "Layouts"; Kim, Dally and Abts, ISCA 2007, §4.2,
 * Fig 9(a)): the nodes fill cabinets in order on a near-square floor, a
 * leaf router in the cabinet of its nodes; every router above the leaves in
 * one routing cabinet at the middle of the floor. One kind of SerDes drives
 * every link (an indirect network). */
int net_fclos_place(const net_topo *t, const net_floor *fl, int r, net_place *p)
{
    const long ncab = (t->nnodes + fl->nodes_per_cab - 1) / fl->nodes_per_cab;
    const int cols = net_floor_cols(ncab, fl);
    if (t->r[r].level == 1) {
        const fclos_t *f = t->priv;
        net_floor_cab((long)(r - t->first[1]) * f->d / fl->nodes_per_cab, cols, fl, p);
    } else {
        const long rows = (ncab + cols - 1) / cols;
        p->cab = ncab;
        p->x = (double)(cols - 1) * fl->pitch_x / 2;
        p->y = (double)(rows - 1) * fl->pitch_y / 2;
    }
    return 0;
}

static int fclos_build(net_topo *t, const long *kv, const int *given, int k_rtr, char *err,
                       int errlen)
{
    (void)given;
    return net_fclos_make(t, kv, k_rtr, err, errlen);
}

static const net_spec_key fclos_keys[] = {
    {"k", 0, 4, NR_MAX_PORTS, "ports per router (default: the routers' port count)"},
    {"levels", 2, 1, NET_MAX_LEVELS, "levels, 1 a single router"},
    {"tophalf", 0, 0, 1, "1: the top routers use K/2 down ports only"},
    {"taper", 0, 1, NR_MAX_PORTS, "up links of a router below the top (a taper of T to K/2)"},
    {"links", 1, 1, NR_MAX_PORTS, "parallel links between a router and each parent"},
    {"side", 0, 2, NR_ROUTE_SIDE_MAX + 1,
     "S copies joined by side links between their top routers"},
    {NULL, 0, 0, 0, NULL},
};

const net_topo_kind net_topo_fclos = {
    .name = "fclos",
    .usage = "fclos:k=K,levels=L[,tophalf=1][,taper=T][,links=P][,side=S]",
    .doc = "folded Clos (a k-ary L-tree, up*-down* routing) of K-port routers: N = K (K/2)^(L-1) "
           "nodes; taper=T up links per router below the top; links=P parallel links to each "
           "parent; side=S copies whose top routers are joined by side links (routed by a "
           "SideTab=1 configuration's side table)",
    .keys = fclos_keys,
    .routings = net_fclos_routings,
    .build = fclos_build,
    .min_hops = net_fclos_min_hops,
    .max_hops = net_fclos_max_hops,
    .wc_dest = net_wc_next_router,
    .place = net_fclos_place,
    .avoid = net_fclos_avoid,
};
