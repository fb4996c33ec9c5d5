/* topo_dfly.c - the dragonfly (topo.h; Abts and Kim, "High Performance
 * Datacenter Networks", 2011, §4.3.5 and §5.5.3; docs/network.md
 * "Topology: dfly"): dfly:p=P[,a=A][,h=H][,g=G][,arr=X].
 *
 * G groups of A routers, the routers of a group joined all to all (local
 * channels), H global channels per router, P nodes per router. Group G's
 * global ports are numbered j = 0 .. A*H-1; port j is on router j / H
 * (arr=0, consecutive) or j mod A (arr=1, strided), and leads to the group
 * G + d (mod G) by the relative offsets below; a port the offsets leave
 * without a peer is unconnected.
 *
 * Router (G, i) is router G*A + i; node (G, i, t) is node (G*A + i)*P + t.
 * Its ports: nodes 0 .. P-1; then, from port k/2 (the routers' upper half,
 * so that no internal buffer a router shares between inputs couples a
 * node's packets with transit ones: YARC's rows, fc and bb bottoms), the
 * local ports, to router j != i at k/2 + (j < i ? j : j-1), and the global
 * ports k/2 + A-1 .. k/2 + A+H-2.
 *
 * Routing "min" in the routers' flattened-butterfly mode
 * (docs/fbfly-routing.md) with D = 1: the group is the router's digit
 * (FB_ME = G), the A*P nodes of a group its "terminals" (cbits = lg AP), so
 * that logical port C' + x' names group x (DOR) and logical port i*P + t
 * the node (i, t) of the own group (EJECT); L2P turns each into the
 * physical port: a global channel to x, or the local channel to the router
 * of the group that holds one; the node's port, or the local channel to
 * router i. A node's input routes by MIN (the VC kept), a router's input
 * by VAL with indim 0 (j0 = D: phase 1 at once, DOR or EJECT on the class's
 * phase-1 VC); packets enter on phase 0 (vc_phase 2). So the first hop is
 * on VC 0 and every later hop on VC 1: the two VCs of Abts and Kim §5.5.3.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/topo.h"

typedef struct {
    int p, a, h, g, arr;
    int na;    /* the nodes of a group, a*p */
    int base;  /* the first router port, k/2 */
    int gbase; /* the first global port: base + a-1, or the spec's gp */
    int *via;  /* [r * g + x]: router r's physical port on the minimal route to group x */
} dfly_t;

static int pow2(int n) { return n > 0 && !(n & (n - 1)); }
static int d_group(const dfly_t *f, int r) { return r / f->a; }
static int d_local(const dfly_t *f, int i, int j) { return f->base + (j < i ? j : j - 1); }

/* Group port j: its router (index in the group) and that router's global port. */
static void gport_at(const dfly_t *f, int j, int *i, int *port)
{
    const int m = f->arr ? j / f->a : j % f->h;
    *i = f->arr ? j % f->a : j / f->h;
    *port = f->gbase + m;
}

/* The relative offset of group port j, and the group port of the peer
 * group that leads back (0: unconnected). Full copies of the offsets
 * 1 .. g-1 first; the A*H mod (g-1) ports left take offsets in pairs d,
 * g-d, so that every channel has both ends. */
static int gport_off(const dfly_t *f, int j, int *back)
{
    const int n = f->g - 1, full = f->a * f->h / n, rest = f->a * f->h % n;
    if (j < full * n) {
        const int c = j / n, d = j % n + 1;
        *back = c * n + (f->g - d) - 1;
        return d;
    }
    const int k = j - full * n;
    if (k >= rest - rest % 2) return 0;
    *back = full * n + (k ^ 1);
    return k % 2 ? f->g - 1 - k / 2 : k / 2 + 1;
}

static int dfly_links(net_topo *t, dfly_t *f, char *err, int errlen)
{
    const int ah = f->a * f->h, floor_pair = (ah + 1) / f->g;
    int *pairs = calloc((size_t)f->g, sizeof *pairs);
    if (!pairs) {
        snprintf(err, (size_t)errlen, "topology '%s': out of memory", t->spec);
        return -1;
    }
    for (int G = 0; G < f->g; G++) {
        for (int i = 0; i < f->a; i++)
            for (int j = i + 1; j < f->a; j++)
                net_link(t, G * f->a + i, d_local(f, i, j), G * f->a + j, d_local(f, j, i));
        memset(pairs, 0, (size_t)f->g * sizeof *pairs);
        for (int j = 0; j < ah; j++) {
            int back, d = gport_off(f, j, &back);
            if (!d) continue;
            const int G2 = (G + d) % f->g;
            pairs[G2]++;
            if (G2 < G) continue; /* linked from the other end */
            int i, q, i2, q2;
            gport_at(f, j, &i, &q);
            gport_at(f, back, &i2, &q2);
            net_link(t, G * f->a + i, q, G2 * f->a + i2, q2);
        }
        for (int G2 = 0; G2 < f->g; G2++)
            if (G2 != G && pairs[G2] < floor_pair) {
                snprintf(err, (size_t)errlen,
                         "topology '%s': groups %d and %d have %d global channels, fewer than "
                         "(ah+1)/g = %d (a builder fault)",
                         t->spec, G, G2, pairs[G2], floor_pair);
                free(pairs);
                return -1;
            }
    }
    free(pairs);
    return 0;
}

/* via[r][x]: a global port of r to x (the first), else the local port to
 * one of the group's routers that hold one, chosen by r's index among
 * them (spreading the group's traffic to x over its channels). */
static int dfly_via(net_topo *t, dfly_t *f, char *err, int errlen)
{
    int *hold = malloc(sizeof(int) * (size_t)f->a);
    if (!hold) {
        free(hold);
        snprintf(err, (size_t)errlen, "topology '%s': out of memory", t->spec);
        return -1;
    }
    for (int r = 0; r < t->nrtr; r++) {
        const int G = d_group(f, r), i = r % f->a;
        for (int x = 0; x < f->g; x++) {
            int *v = &f->via[(size_t)r * f->g + x], nh = 0;
            *v = -1;
            if (x == G) continue;
            for (int j = 0; j < f->a; j++) {
                int hit = 0;
                for (int m = 0; m < f->h; m++) {
                    const int q = f->gbase + m;
                    const net_end e = t->r[G * f->a + j].peer[q];
                    if (e.rtr >= 0 && d_group(f, e.rtr) == x) {
                        if (j == i && *v < 0) *v = q;
                        hit = 1;
                    }
                }
                if (hit) hold[nh++] = j;
            }
            if (*v < 0 && nh) *v = d_local(f, i, hold[i % nh]);
            if (*v < 0) {
                snprintf(err, (size_t)errlen, "topology '%s': group %d has no channel to group %d",
                         t->spec, G, x);
                free(hold);
                return -1;
            }
        }
    }
    free(hold);
    return 0;
}

/* The tables (above): FB_CTRL, FB_ME and L2P per router; for the
 * dragonfly mode (alg 7, dfa the routing: docs/fbfly-routing.md section 4a)
 * every input on alg 7, the global ports' glob bit, and the draw tables:
 * the ULUT spreads its entries over the other groups (entry i to the
 * (i mod (g-1))-th), the DLUT over the groups this router holds a channel
 * to (its own global channels). */
static const net_routing_def dfly_routings[];
/* dfly_routings' ugal-l, and ugal-g: ugal-l's dfa with the oracle */
enum { DF_UGAL_L = 2, DF_UGAL_G = 4 };
static void dfly_tables(net_topo *t, const dfly_t *f, unsigned charge, int dfa)
{
    const int gp = f->gbase;
    for (int r = 0; r < t->nrtr; r++) {
        const int G = d_group(f, r), i = r % f->a;
        nr_route_vals *tb = &t->r[r].tab;
        tb->fb_alg = dfa >= 0 ? NR_ROUTE_FB_DFLY : NR_ROUTE_FB_VAL, tb->fb_dims = 1;
        tb->fb_dfa = dfa >= 0 ? dfa : 0;
        tb->fb_kbits = net_lg2(f->g), tb->fb_cbits = net_lg2(f->na);
        tb->fb_me = (unsigned)G, tb->fb_charge = charge > 255 ? 255 : charge;
        for (int q = 0; q < NR_MAX_PORTS; q++) {
            tb->fb_indim[q] = (int8_t)(q < f->p ? NR_ROUTE_FB_TERMINAL : 0);
            tb->fb_tile_alg[q] = (int8_t)(q < f->p && dfa < 0 ? NR_ROUTE_FB_MIN : 0);
            tb->fb_glob[q] = (int8_t)(q >= gp && q < gp + f->h);
        }
        int own[NR_MAX_PORTS], nown = 0;
        for (int l = 0; l < tb->nports; l++) {
            if (l < f->na) { /* EJECT: node (i', t') of this group */
                const int i2 = l / f->p;
                tb->l2p[l] = i2 == i ? l % f->p : d_local(f, i, i2);
            } else if (l < f->na + f->g - 1) { /* DOR toward group x */
                const int m = l - f->na, x = m < G ? m : m + 1;
                tb->l2p[l] = f->via[(size_t)r * f->g + x];
                if (tb->l2p[l] >= gp) own[nown++] = l;
            } else {
                tb->l2p[l] = -1;
            }
        }
        if (dfa < 0) continue;
        for (int k = 0; k < tb->nports; k++) {
            tb->ulut[k] = f->na + k % (f->g - 1);
            tb->dlut[k] = nown ? own[k % nown] : -1;
        }
    }
}

static int dfly_fail(const net_topo *t, char *err, int errlen, const char *why)
{
    snprintf(err, (size_t)errlen, "topology '%s': %s", t->spec, why);
    return -1;
}

static int dfly_build(net_topo *t, const long *kv, const int *given, int k_rtr, char *err,
                      int errlen)
{
    const int p = (int)kv[0], a = given[1] ? (int)kv[1] : 2 * p, h = given[2] ? (int)kv[2] : p;
    const int g = given[3] ? (int)kv[3] : a * h + 1;
    char why[320];
    if (a < 2) return dfly_fail(t, err, errlen, "a group needs at least 2 routers (a >= 2)");
    if (g < 2 || g > a * h + 1) {
        snprintf(why, sizeof why, "g = %d groups: at least 2 and at most a*h+1 = %d", g, a * h + 1);
        return dfly_fail(t, err, errlen, why);
    }
    if (p > k_rtr / 2 || a - 1 + h > k_rtr - k_rtr / 2) {
        snprintf(why, sizeof why,
                 "a router needs p = %d node ports in its lower half and a-1+h = %d router ports "
                 "in its upper half; the routers have %d ports",
                 p, a - 1 + h, k_rtr);
        return dfly_fail(t, err, errlen, why);
    }
    /* one block, freed with the topology: the parameters and via */
    dfly_t *f =
        net_topo_priv(t, (long)g * a * p,
                      sizeof *f + sizeof(int) * (size_t)g * (size_t)g * (size_t)a, err, errlen);
    if (!f) return -1;
    const int gp = kv[5] ? (int)kv[5] : k_rtr / 2 + a - 1;
    if (gp < k_rtr / 2 + a - 1 || gp + h > k_rtr) {
        snprintf(why, sizeof why,
                 "gp = %d: the global ports start after the local ones (%d) and end within the "
                 "routers' %d ports",
                 gp, k_rtr / 2 + a - 1, k_rtr);
        return dfly_fail(t, err, errlen, why);
    }
    *f = (dfly_t){p, a, h, g, (int)kv[4], a * p, k_rtr / 2, gp, (int *)(f + 1)};
    t->levels = 1;
    if (net_topo_alloc(t, g * a, g * a * p, err, errlen)) return -1;
    t->first[1] = 0, t->first[2] = t->nrtr;
    for (int r = 0; r < t->nrtr; r++) net_rtr_leaf(t, r, k_rtr, p);
    t->nlinks = 0;
    return dfly_links(t, f, err, errlen) || dfly_via(t, f, err, errlen) ? -1 : 0;
}

/* The routing's geometry (the flattened-butterfly mode's fields and
 * logical ports), checked here: the graph itself (net_cost) has no such
 * bound. */
static int dfly_set_routing(net_topo *t, const net_routing_def *rt, unsigned charge, char *err,
                            int errlen)
{
    const dfly_t *f = t->priv;
    const int k = t->r[0].nports;
    if (!pow2(f->na) || f->na > 128 || f->g > 128 || f->na + f->g - 1 > k) {
        char why[320];
        snprintf(why, sizeof why,
                 "the routers' flattened-butterfly mode routes it with a group's a*p = %d nodes "
                 "as a power of two of at most 128, g <= 128, and a*p + g-1 = %d logical ports "
                 "within the routers' %d (docs/network.md \"Topology: dfly\")",
                 f->na, f->na + f->g - 1, k);
        return dfly_fail(t, err, errlen, why);
    }
    int dfa = rt->fb_alg == NR_ROUTE_FB_DFLY ? (int)(rt - dfly_routings) : -1;
    if (dfa == DF_UGAL_G) dfa = DF_UGAL_L; /* ugal-l's dfa; the oracle gives its queues */
    if (dfa >= 0 && t->r[0].nports % (f->g - 1)) {
        char why[320];
        snprintf(why, sizeof why,
                 "--routing %s draws the intermediate group from the %d entries of the ULUT: "
                 "a uniform draw needs g-1 = %d to divide them (docs/fbfly-routing.md section 4a)",
                 rt->name, t->r[0].nports, f->g - 1);
        return dfly_fail(t, err, errlen, why);
    }
    dfly_tables(t, f, charge, dfa);
    return 0;
}

/* Routers on the minimal route (the tables' route, above); for the
 * dragonfly mode's routings the fewest routers of any route: three, not
 * four, when a global channel of the source router leads to a router with
 * a global channel to the destination's router (two global channels). */
static int dfly_min_hops(const net_topo *t, int a, int b)
{
    const dfly_t *f = t->priv;
    int r = t->node[a].rtr, n = 1;
    const int ra = r, rb = t->node[b].rtr, gb = d_group(f, rb), gp = f->gbase;
    if (d_group(f, r) != gb) {
        int q = f->via[(size_t)r * f->g + gb];
        if (q < gp) { /* a local hop to the router that holds the channel */
            r = t->r[r].peer[q].rtr, n++;
            q = f->via[(size_t)r * f->g + gb];
        }
        r = t->r[r].peer[q].rtr, n++;
    }
    n += r != rb;
    if (n < 4 || t->routing->fb_alg != NR_ROUTE_FB_DFLY) return n;
    for (int m = gp; m < gp + f->h; m++) {
        const int y = t->r[ra].peer[m].rtr;
        for (int m2 = gp; y >= 0 && m2 < gp + f->h; m2++)
            if (t->r[y].peer[m2].rtr == rb) return 3;
    }
    return n;
}

static int dfly_max_hops(const net_topo *t, const net_routing_def *rt)
{
    (void)t;
    /* local, global, local, and the last router; through an intermediate
     * group a local and a global channel more */
    return rt->fb_alg == NR_ROUTE_FB_DFLY ? 6 : 4;
}

/* UGAL-G's oracle: for a source router r and the logical port of group x,
 * the global channel its route takes: r's own (via[r][x] a global port),
 * else that of the router its local hop reaches (the holder's via). */
static int dfly_oracle(const net_topo *t, net_end *at)
{
    const dfly_t *f = t->priv;
    if (t->routing != &dfly_routings[DF_UGAL_G]) return 0;
    for (int r = 0; r < t->nrtr; r++) {
        const int G = d_group(f, r);
        for (int l = 0; l < NR_MAX_PORTS; l++) {
            net_end *e = &at[(size_t)r * NR_MAX_PORTS + l];
            const int m = l - f->na, x = m < G ? m : m + 1;
            *e = (net_end){-1, 0};
            if (m < 0 || m >= f->g - 1) continue;
            int h = r, q = f->via[(size_t)r * f->g + x];
            if (q < f->gbase) h = t->r[r].peer[q].rtr, q = f->via[(size_t)h * f->g + x];
            *e = (net_end){h, q};
        }
    }
    return 1;
}

/* The worst case of Abts and Kim §5.5.3: every node of group i sends to a
 * random node of group i + 1. */
static int dfly_wc_dest(const net_topo *t, int src, nr_rng_t *rng)
{
    const dfly_t *f = t->priv;
    const int G = (src / f->na + 1) % f->g;
    return G * f->na + (int)nr_rng_below(rng, (uint64_t)f->na);
}

/* The layout (docs/cost.md "Layouts"; our choice): the routers in cabinets
 * of as many as it holds nodes for, a group in one cabinet (several whole
 * groups to a cabinet when they fit) or, when it is larger, in cabinets of
 * its own; the cabinets on a near-square floor in group order. Each link
 * inside a cabinet (local, and global between groups of one cabinet) has
 * SerDes of its own (a direct network). */
static int dfly_place(const net_topo *t, const net_floor *fl, int r, net_place *pl)
{
    const dfly_t *f = t->priv;
    const int per = fl->nodes_per_cab > f->p ? fl->nodes_per_cab / f->p : 1;
    const int G = d_group(f, r), j = r % f->a;
    long cab, ncab;
    if (f->a <= per) { /* per / a groups to a cabinet */
        const int gpc = per / f->a;
        cab = G / gpc, ncab = (f->g + gpc - 1) / gpc;
    } else { /* a group in cpg cabinets */
        const int cpg = (f->a + per - 1) / per;
        cab = (long)G * cpg + j / per, ncab = (long)f->g * cpg;
    }
    net_floor_cab(cab, net_floor_cols(ncab, fl), fl, pl);
    return 1;
}

static const net_routing_def dfly_routings[] = {
    {"min",
     "minimal: at most one global channel, VC 0 on the first hop and 1 after (the routers' "
     "flattened-butterfly mode, MIN at nodes, VAL at router inputs)",
     NET_HD_A, 1, 1, 2, NR_ROUTE_FB_VAL, 0, 0},
/* the dragonfly mode (alg 7): an entry's index here is its FB_CTRL.dfa */
#define DF_ROUTING(name, doc)                                                                      \
    {                                                                                              \
        name, doc, NET_HD_A, 0, 0, 1, NR_ROUTE_FB_DFLY, 0, 0                                       \
    }
    DF_ROUTING("val", "Valiant over a random intermediate group: at most two global channels, "
                      "VCs 1, 2, 3 (the routers' dragonfly mode, docs/fbfly-routing.md section "
                      "4a; 4 VCs)"),
    DF_ROUTING("ugal-l", "UGAL with the source router's queues: minimal (VCs 0, 3) iff Q(min) "
                         "<= 2 Q(drawn), else as val (the dragonfly mode; 4 VCs)"),
    DF_ROUTING("par", "progressive adaptive: ugal-l at the source, and again at the router the "
                      "first local hop reaches while on VC 0 (the dragonfly mode; 4 VCs)"),
    DF_ROUTING("ugal-g", "an oracle, C models only: ugal-l with Q the queue of each route's global "
                         "channel at the router that holds it, which no router sees (4 VCs)"),
#undef DF_ROUTING
    {NULL, NULL, 0, 0, 0, 0, 0, 0, 0},
};

static const net_spec_key dfly_keys[] = {
    {"p", NET_KEY_REQUIRED, 1, NR_MAX_PORTS, "nodes per router"},
    {"a", 0, 2, NR_MAX_PORTS, "routers per group (default 2p)"},
    {"h", 0, 1, NR_MAX_PORTS, "global channels per router (default p)"},
    {"g", 0, 2, NET_MAX_NODES, "groups, at most a*h+1 (the default)"},
    {"arr", 0, 0, 1,
     "global ports of a group on its routers: 0 consecutive (router j/h holds port j), 1 "
     "strided (router j mod a)"},
    {"gp", 0, 0, NR_MAX_PORTS - 1,
     "the first global port (default k/2 + a-1, after the local ports): a later one keeps them "
     "off the local ports' row of YARC"},
    {NULL, 0, 0, 0, NULL},
};

const net_topo_kind net_topo_dfly = {
    .name = "dfly",
    .usage = "dfly:p=P[,a=A][,h=H][,g=G][,arr=0|1][,gp=Q]",
    .doc = "dragonfly: G groups of A routers joined all to all, H global channels per router "
           "(group port j to group +offset), P nodes each; a = 2p = 2h, g = ah+1 by default; "
           "--pattern wc sends group i to group i+1 ([AK11 §4.3.5, §5.5.3])",
    .keys = dfly_keys,
    .routings = dfly_routings,
    .build = dfly_build,
    .set_routing = dfly_set_routing,
    .min_hops = dfly_min_hops,
    .max_hops = dfly_max_hops,
    .wc_dest = dfly_wc_dest,
    .place = dfly_place,
    .oracle = dfly_oracle,
};
