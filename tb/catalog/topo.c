/* topo.c - what every topology shares (topo.h): the registry lookups, the
 * spec strings, and the check of every route and of the dependency graph,
 * written once over the graph and the routers' tables. */
#include "catalog/topo.h"

#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nr_cli.h"
#include "nr_pkt.h"

int net_lg2(int n)
{
    int b = 0;
    while ((1 << b) < n) b++;
    return b;
}

long net_ipow(long b, int e)
{
    long r = 1;
    while (e-- > 0) r *= b;
    return r;
}

int net_floor_cols(long ncab, const net_floor *fl)
{
    /* the fewest columns whose row is at least as wide as the floor is deep */
    long c = 1;
    while (c < ncab && c * fl->pitch_x < ((ncab + c - 1) / c) * fl->pitch_y) c++;
    return (int)c;
}

void net_floor_cab(long c, int cols, const net_floor *fl, net_place *p)
{
    p->cab = c;
    p->x = (double)(c % cols) * fl->pitch_x;
    p->y = (double)(c / cols) * fl->pitch_y;
}

const net_topo_kind *net_topo_find(const char *name)
{
    for (int i = 0; net_topos[i]; i++)
        if (!strcmp(net_topos[i]->name, name)) return net_topos[i];
    return NULL;
}

void net_link(net_topo *t, int a, int pa, int b, int pb)
{
    t->r[a].peer[pa] = (net_end){b, pb};
    t->r[b].peer[pb] = (net_end){a, pa};
    t->nlinks++;
}

void *net_topo_priv(net_topo *t, long nodes, size_t size, char *err, int errlen)
{
    if (nodes > NET_MAX_NODES) {
        snprintf(err, (size_t)errlen,
                 "topology '%s': %ld nodes, more than the %d a 15-bit dest names", t->spec, nodes,
                 NET_MAX_NODES);
        return NULL;
    }
    void *p = calloc(1, size);
    if (!p) {
        snprintf(err, (size_t)errlen, "topology '%s': out of memory", t->spec);
        return NULL;
    }
    t->priv = p;
    return p;
}

nr_route_vals *net_rtr_init(net_topo *t, int r, int level, int nports)
{
    net_rtr *x = &t->r[r];
    x->level = level;
    x->nports = nports;
    nr_route_vals *tb = &x->tab;
    memset(tb, 0, sizeof *tb);
    tb->nports = nports;
    for (int i = 0; i < nports; i++) tb->ulut[i] = -1, tb->l2p[i] = i;
    return tb;
}

net_rtr *net_rtr_leaf(net_topo *t, int r, int nports, int c)
{
    nr_route_vals *tb = net_rtr_init(t, r, 1, nports);
    tb->root_mask = 0x7FFFu & ~(unsigned)(nports - 1);
    for (int i = 0; i < nports; i++) tb->dlut[i] = i;
    for (int q = 0; q < c; q++) {
        t->r[r].peer[q] = (net_end){NET_PEER_NODE, r * c + q};
        t->node[r * c + q] = (net_end){r, q};
    }
    return &t->r[r];
}

int net_topo_alloc(net_topo *t, int nrtr, int nnodes, char *err, int errlen)
{
    t->nrtr = nrtr;
    t->nnodes = nnodes;
    t->r = calloc((size_t)nrtr, sizeof *t->r);
    t->node = calloc((size_t)nnodes, sizeof *t->node);
    if (!t->r || !t->node) {
        snprintf(err, (size_t)errlen, "topology '%s': out of memory", t->spec);
        return -1;
    }
    for (int r = 0; r < nrtr; r++)
        for (int p = 0; p < NR_MAX_PORTS; p++) t->r[r].peer[p] = (net_end){NET_PEER_NONE, 0};
    return 0;
}

/* Every required key given. */
static int spec_required(const char *spec, const net_spec_key *keys, int nk, const int *given,
                         char *err, int errlen)
{
    for (int i = 0; i < nk; i++)
        if (keys[i].dflt == NET_KEY_REQUIRED && !given[i]) {
            snprintf(err, (size_t)errlen, "topology '%s': %s is required (%s)", spec, keys[i].key,
                     keys[i].doc);
            return -1;
        }
    return 0;
}

/* The keys of spec "kind:key=val,..." into kv (defaults for the rest),
 * given[i] set for each one given: every key known and given once, every
 * value an integer (decimal or 0x hex) in range, every required key given. */
static int spec_parse(const char *spec, const char *body, const net_spec_key *keys, long *kv,
                      int *given, char *err, int errlen)
{
    int nk = 0;
    for (; keys[nk].key; nk++) {
        kv[nk] = keys[nk].dflt;
        given[nk] = 0;
    }
    char buf[128];
    if (!body) return spec_required(spec, keys, nk, given, err, errlen); /* no ':' */
    if (strlen(body) >= sizeof buf) {
        snprintf(err, (size_t)errlen, "topology '%s': too long", spec);
        return -1;
    }
    strcpy(buf, body);
    for (char *tok = buf, *next; tok; tok = next) {
        next = strchr(tok, ',');
        if (next) *next++ = 0;
        char *eq = strchr(tok, '=');
        int i = 0;
        if (eq) {
            *eq = 0;
            while (i < nk && strcmp(keys[i].key, tok)) i++;
        }
        if (!eq || i == nk) {
            int n = snprintf(err, (size_t)errlen, "topology '%s': expected key=value with a key of",
                             spec);
            for (int j = 0; j < nk && n < errlen; j++)
                n += snprintf(err + n, (size_t)(errlen - n), " %s", keys[j].key);
            if (n < errlen) snprintf(err + n, (size_t)(errlen - n), "; got '%s'", tok);
            return -1;
        }
        if (given[i]) {
            snprintf(err, (size_t)errlen, "topology '%s': %s given twice", spec, keys[i].key);
            return -1;
        }
        char e2[160];
        if (nr_cli_parse_long(eq + 1, keys[i].min, keys[i].max, &kv[i], e2, sizeof e2)) {
            snprintf(err, (size_t)errlen, "topology '%s': %s: %s", spec, keys[i].key, e2);
            return -1;
        }
        given[i] = 1;
    }
    return spec_required(spec, keys, nk, given, err, errlen);
}

static void kinds_list(char *buf, int n)
{
    int m = 0;
    buf[0] = 0;
    for (int i = 0; net_topos[i] && m < n; i++)
        m += snprintf(buf + m, (size_t)(n - m), "%s%s", i ? ", " : "", net_topos[i]->name);
}

int net_topo_build(net_topo *t, const char *spec, int k_rtr, char *err, int errlen)
{
    return net_topo_build_dests(t, spec, k_rtr, k_rtr, err, errlen);
}

int net_topo_build_dests(net_topo *t, const char *spec, int k_rtr, int dests, char *err, int errlen)
{
    memset(t, 0, sizeof *t);
    t->dests = dests < k_rtr ? k_rtr : dests > NR_MAX_PORTS ? NR_MAX_PORTS : dests;
    snprintf(t->spec, sizeof t->spec, "%s", spec);
    const char *colon = strchr(spec, ':');
    char name[32];
    snprintf(name, sizeof name, "%.*s", (int)(colon ? colon - spec : (long)strlen(spec)), spec);
    t->kind = net_topo_find(name);
    if (!t->kind) {
        char kinds[256];
        kinds_list(kinds, sizeof kinds);
        snprintf(err, (size_t)errlen,
                 "topology '%s': unknown kind '%s' (kinds: %s; net_sim --help)", spec, name, kinds);
        return -1;
    }
    /* the kind's keys, and planes=P, which every kind takes (topo.h) */
    net_spec_key keys[NET_MAX_KEYS + 2];
    int nk = 0;
    for (; t->kind->keys[nk].key && nk < NET_MAX_KEYS; nk++) keys[nk] = t->kind->keys[nk];
    keys[nk] = (net_spec_key){"planes", 1, 1, NET_MAX_PLANES, "copies of the network"};
    keys[nk + 1] = (net_spec_key){NULL, 0, 0, 0, NULL};
    long kv[NET_MAX_KEYS + 1];
    int given[NET_MAX_KEYS + 1];
    int rc = spec_parse(spec, colon ? colon + 1 : NULL, keys, kv, given, err, errlen);
    t->planes = (int)kv[nk];
    if (!rc) rc = t->kind->build(t, kv, given, k_rtr, err, errlen);
    if (!rc && t->nnodes > NET_MAX_NODES) {
        snprintf(err, (size_t)errlen,
                 "topology '%s': %d nodes, more than the %d a 15-bit dest names", spec, t->nnodes,
                 NET_MAX_NODES);
        rc = -1;
    }
    t->routing = t->kind->routings;
    if (rc) net_topo_free(t);
    return rc;
}

void net_topo_free(net_topo *t)
{
    free(t->r);
    free(t->node);
    free(t->priv);
    t->r = NULL;
    t->node = NULL;
    t->priv = NULL;
}

const net_routing_def *net_topo_routing(const net_topo *t, const char *name, char *err, int errlen)
{
    const net_routing_def *rt = t->kind->routings;
    for (; rt->name; rt++)
        if (!strcmp(rt->name, name)) return rt;
    int n = snprintf(err, (size_t)errlen, "--routing %s does not route %s; its routings:", name,
                     t->kind->name);
    for (rt = t->kind->routings; rt->name && n < errlen; rt++)
        n += snprintf(err + n, (size_t)(errlen - n), " %s", rt->name);
    return NULL;
}

int net_topo_set_routing(net_topo *t, const net_routing_def *rt, unsigned charge, char *err,
                         int errlen)
{
    t->routing = rt;
    return t->kind->set_routing ? t->kind->set_routing(t, rt, charge, err, errlen) : 0;
}

void net_topo_help(FILE *f)
{
    for (int i = 0; net_topos[i]; i++) {
        const net_topo_kind *k = net_topos[i];
        fprintf(f, "  %s\n      %s\n      routings:", k->usage, k->doc);
        for (const net_routing_def *rt = k->routings; rt->name; rt++)
            fprintf(f, " %s%s", rt->name, rt == k->routings ? " (default)" : "");
        fprintf(f, "\n");
    }
    fprintf(f,
            "  any of them ...,planes=P (1..%d)\n      P copies of the network, each node with "
            "a port into each (docs/network.md \"Planes\")\n",
            NET_MAX_PLANES);
}

int net_turn_ok(const rtr_geom *g, int p, int q)
{
    if (g->self_drop && p == q) return 0;
    if (g->upup_first > 0 && p >= g->upup_first && q >= g->upup_first) return 0;
    return 1;
}

/* ---- the worst case ---- */

/* Nodes per router with nodes, when every such router has the same number
 * and numbers them contiguously (router by router); 0 otherwise. */
static int nodes_per_router(const net_topo *t)
{
    const int g = t->nnodes > 0 ? (t->node[0].rtr >= 0 ? 1 : 0) : 0;
    if (!g) return 0;
    int per = 0;
    while (per < t->nnodes && t->node[per].rtr == t->node[0].rtr) per++;
    if (t->nnodes % per) return 0;
    for (int i = 0; i < t->nnodes; i++)
        if (t->node[i].rtr != t->node[i - i % per].rtr) return 0;
    return per;
}

int net_wc_check(const net_topo *t, char *err, int errlen)
{
    const int per = nodes_per_router(t);
    if (!t->kind->wc_dest || (t->kind->wc_dest == net_wc_next_router && t->nnodes / per < 2)) {
        snprintf(err, (size_t)errlen,
                 "--pattern wc sends to the next router's nodes; this network has %s",
                 t->kind->wc_dest ? "one" : "no worst case defined");
        return -1;
    }
    return 0;
}

int net_wc_next_router(const net_topo *t, int src, nr_rng_t *rng)
{
    const int per = nodes_per_router(t);
    return ((src / per + 1) % (t->nnodes / per)) * per + (int)nr_rng_below(rng, (uint64_t)per);
}

/* ---- the check ---- */
#define KP NR_MAX_PORTS
#define NV NR_LCB_MAX_VCS

typedef struct {
    const net_topo *t;
    const rtr_geom *const *g;
    int nv;               /* VCs walked: 1 when every packet keeps its VC */
    int phase0;           /* packets enter on phase 0, but to a node of their own router */
    uint64_t (*turn)[NV]; /* per (r, p, v): out ports used, per out VC */
    unsigned char *seen;  /* (r, p, v) states of this destination */
    int *stack;           /* (r, p, v, hops) */
    int *cached;          /* per (r, p, v): its destination-free choices' states, or NULL */
    uint8_t *ncached;     /* their count; 0xFF: not known yet */
    char *err;
    int errlen;
} walk_ctx;

static size_t st_idx(const walk_ctx *w, int r, int p, int v)
{
    return ((size_t)r * KP + (size_t)p) * (size_t)w->nv + (size_t)v;
}

/* Every up choice of a packet entering at port p: the adaptive candidates,
 * then every ULUT entry a hashed key can name (no repeats). */
static int up_all(const net_rtr *r, int p, int *q)
{
    int n = nr_route_up_ports(&r->tab, p, q, NR_MAX_PORTS);
    uint64_t used = 0;
    for (int i = 0; i < n; i++) used |= 1ull << q[i];
    for (int i = 0; i < r->nports; i++) {
        int l = r->tab.per_tile ? r->tab.tile_ulut[p][i] : r->tab.ulut[i];
        int x = l >= 0 && l < r->nports ? r->tab.l2p[l] : -1;
        if (x >= 0 && !(used >> x & 1)) q[n++] = x, used |= 1ull << x;
    }
    return n;
}

/* The (port, VC) pairs the tables allow a packet to dest entering router r
 * at port p on VC v, with every adaptive and hashed choice; *dest_free when
 * they do not depend on dest (the adaptive up step). */
static int choices(const net_rtr *r, int p, int v, int nv, unsigned dest, int *q, int *w, int max,
                   int *dest_free)
{
    *dest_free = 0;
    if (r->tab.fb_alg) {
        int mp;
        return nr_route_fb_allowed(&r->tab, p, dest, (unsigned)v, 1, q, w, max, &mp);
    }
    if (r->tab.dor_adapt) return nr_route_dor_allowed(&r->tab, dest, v, nv, q, w, max);
    int step = nr_route_step(&r->tab, dest, 1, 0), n;
    if (step == NR_ROUTE_STEP_UP_ADAPT) {
        n = up_all(r, p, q);
        *dest_free = 1;
    } else {
        n = nr_route_allowed(&r->tab, p, dest, 1, 0, 0, 0, 0, &step, q, max);
    }
    const int o = step == NR_ROUTE_STEP_DOWN ? nr_route_down_vc(&r->tab, dest, v, nv) : v;
    for (int i = 0; i < n; i++) w[i] = o;
    return n;
}

static int walk_fail(walk_ctx *w, int ri, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int walk_fail(walk_ctx *w, int ri, const char *fmt, ...)
{
    int n = w->t->levels > 1 ? snprintf(w->err, (size_t)w->errlen, "router %d (level %d): ", ri,
                                        w->t->r[ri].level)
                             : snprintf(w->err, (size_t)w->errlen, "router %d: ", ri);
    va_list ap;
    va_start(ap, fmt);
    if (n < w->errlen) vsnprintf(w->err + n, (size_t)(w->errlen - n), fmt, ap);
    va_end(ap);
    return -1;
}

/* One hop from router ri's input p on VC v by (q, vc) toward dest, after h
 * routers: checked, its turn recorded; a state to push in *next (or -1 at
 * the destination). */
static int step_to(walk_ctx *w, int ri, int p, int v, int q, int vc, unsigned dest, int h, int maxh,
                   net_check_res *res, long *next)
{
    const net_rtr *r = &w->t->r[ri];
    *next = -1;
    if (q >= r->nports || vc >= w->nv)
        return walk_fail(w, ri,
                         "node %u's route leaves by port %d VC %d, which the routers do "
                         "not have",
                         dest, q, vc);
    if (!net_turn_ok(w->g[r->level - 1], p, q))
        return walk_fail(w, ri,
                         "node %u's route turns from port %d %s port %d, which this "
                         "organization has no crosspoint for",
                         dest, p, p == q ? "back to" : "to", q);
    w->turn[st_idx(w, ri, p, v)][vc] |= 1ull << q;
    const net_end e = r->peer[q];
    if (e.rtr == NET_PEER_NONE)
        return walk_fail(w, ri, "node %u's route leaves by port %d, which is not connected", dest,
                         q);
    if (e.rtr == NET_PEER_NODE) {
        if ((unsigned)e.port != dest)
            return walk_fail(w, ri, "node %u's route ends at node %d (port %d)", dest, e.port, q);
        if (res->min_hops == 0 || h < res->min_hops) res->min_hops = h;
        if (h > res->max_hops) res->max_hops = h;
        return 0;
    }
    if (h + 1 > maxh)
        return walk_fail(w, ri, "node %u's route is still in the network after %d routers", dest,
                         maxh);
    *next = (long)st_idx(w, e.rtr, e.port, vc);
    return 0;
}

static void push(walk_ctx *w, int *sp, long s, int h)
{
    if (w->seen[s]) return;
    w->seen[s] = 1;
    w->stack[(*sp)++] = (int)s, w->stack[(*sp)++] = h;
}

/* Every route to dest, from every other node, on the VCs of vcmask. */
static int walk_dest(walk_ctx *w, unsigned dest, unsigned vcmask, int maxh, net_check_res *res)
{
    const net_topo *t = w->t;
    memset(w->seen, 0, (size_t)t->nrtr * KP * (size_t)w->nv);
    int sp = 0;
    for (int s = 0; s < t->nnodes; s++) {
        if ((unsigned)s == dest) continue;
        const unsigned m = w->phase0 && t->node[s].rtr == t->node[dest].rtr ? vcmask << 1 : vcmask;
        for (int v = 0; v < w->nv; v++)
            if (m >> v & 1) push(w, &sp, (long)st_idx(w, t->node[s].rtr, t->node[s].port, v), 1);
    }
    while (sp > 0) {
        const int h = w->stack[--sp];
        const size_t si = (size_t)w->stack[--sp];
        const int v = (int)(si % (size_t)w->nv), p = (int)(si / (size_t)w->nv % KP),
                  ri = (int)(si / ((size_t)w->nv * KP));
        res->states++;
        const net_rtr *r = &t->r[ri];
        if (w->ncached[si] != 0xFF && !r->tab.fb_alg &&
            nr_route_step(&r->tab, dest, 1, 0) == NR_ROUTE_STEP_UP_ADAPT) {
            /* the destination-free choices, checked before: the successors alone */
            if (h + 1 > maxh)
                return walk_fail(w, ri, "node %u's route is still in the network after %d routers",
                                 dest, maxh);
            for (int i = 0; i < w->ncached[si]; i++)
                push(w, &sp, w->cached[si * KP + (size_t)i], h + 1);
            continue;
        }
        int q[KP * NV], vc[KP * NV], dest_free;
        const int nq = choices(r, p, v, w->nv, dest, q, vc, KP * NV, &dest_free);
        const rtr_geom *g = w->g[r->level - 1];
        for (int i = 0; i < nq && g->va_hop; i++) /* nwn-arch 1.7: the next class, own place */
            vc[i] = rtr_va_cls(g, (unsigned)vc[i]) * g->va_per + vc[i] % g->va_per;
        if (nq == 0)
            return walk_fail(w, ri, "no route to node %u from port %d%s", dest, p,
                             w->nv > 1 ? " on its VC" : "");
        int all_routers = dest_free && nq <= KP;
        for (int i = 0; i < nq; i++) {
            long next;
            if (step_to(w, ri, p, v, q[i], vc[i], dest, h, maxh, res, &next)) return -1;
            if (next < 0)
                all_routers = 0;
            else
                push(w, &sp, next, h + 1);
            if (all_routers) w->cached[si * KP + (size_t)i] = (int)next;
        }
        /* every destination-free choice checked, none to a node: later
         * destinations skip the checks (the choices are the same) */
        if (all_routers) w->ncached[si] = (uint8_t)nq;
    }
    return 0;
}

/* A source-routed topology: every node's route to dest, as the routers
 * follow it (the route phit's ports in turn), with the same checks. */
static int walk_srcroutes(walk_ctx *w, int dest, net_check_res *res)
{
    const net_topo *t = w->t;
    for (int s = 0; s < t->nnodes; s++) {
        if (s == dest) continue;
        unsigned q[NR_ROUTE_HOPS + 8];
        int nq = t->kind->srcroute(t, s, dest, q);
        if (nq > NR_ROUTE_HOPS) {
            snprintf(w->err, (size_t)w->errlen,
                     "node %d's route to node %d needs %d hops, more than the route phit's %d", s,
                     dest, nq, NR_ROUTE_HOPS);
            return -1;
        }
        net_end at = t->node[s];
        for (int h = 0; h < nq; h++) {
            long next;
            res->states++;
            if (step_to(w, at.rtr, at.port, 0, (int)q[h], 0, (unsigned)dest, h + 1, nq, res, &next))
                return -1;
            if ((next < 0) != (h == nq - 1))
                return walk_fail(w, at.rtr,
                                 "node %d's route to node %d leaves by port %u, which "
                                 "does not lead on to it",
                                 s, dest, q[h]);
            at = t->r[at.rtr].peer[q[h]];
        }
    }
    return 0;
}

/* succ[(r, p, v)][w]: the out ports an input (p, v) of router r may wait
 * for on VC w: its own turns, and every turn of a packet that shares an
 * internal buffer with one of its packets (same VC v; rtr_geom.share). */
#define NG (KP * KP + 2 * KP)
static int build_succ(const walk_ctx *w, uint64_t (*succ)[NV])
{
    const net_topo *t = w->t;
    const int nv = w->nv;
    uint64_t(*gm)[NV][NV] = malloc(sizeof *gm * NG);
    if (!gm) return -1;
    for (int r = 0; r < t->nrtr; r++) {
        const rtr_geom *g = w->g[t->r[r].level - 1];
        int gid[2];
        if (g->share) memset(gm, 0, sizeof *gm * NG);
        for (int p = 0; p < KP && g->share; p++)
            for (int v = 0; v < nv; v++)
                for (int o = 0; o < nv; o++)
                    for (uint64_t m = w->turn[st_idx(w, r, p, v)][o]; m; m &= m - 1) {
                        int q = __builtin_ctzll(m), ng = g->share(g, p, q, gid);
                        for (int k = 0; k < ng; k++) gm[gid[k]][v][o] |= 1ull << q;
                    }
        for (int p = 0; p < KP; p++)
            for (int v = 0; v < nv; v++) {
                uint64_t *sc = succ[st_idx(w, r, p, v)];
                for (int o = 0; o < nv; o++) sc[o] = w->turn[st_idx(w, r, p, v)][o];
                for (int o = 0; o < nv && g->share; o++)
                    for (uint64_t m = w->turn[st_idx(w, r, p, v)][o]; m; m &= m - 1) {
                        int q = __builtin_ctzll(m), ng = g->share(g, p, q, gid);
                        for (int k = 0; k < ng; k++)
                            for (int o2 = 0; o2 < nv; o2++) sc[o2] |= gm[gid[k]][v][o2];
                    }
            }
    }
    free(gm);
    return 0;
}

/* A cycle in the graph of (channel, VC) nodes: channel (r, q) on VC v feeds
 * input (peer port, v) of the next router, which waits for succ of that
 * input. Iterative depth-first search, colours 0 new, 1 on the stack, 2
 * done. */
static int cdg_cycle(const walk_ctx *w, net_check_res *res)
{
    const net_topo *t = w->t;
    const int nv = w->nv;
    const size_t nn = (size_t)t->nrtr * KP * (size_t)nv;
    uint64_t(*succ)[NV] = calloc(nn, sizeof *succ);
    unsigned char *used = calloc(nn, 1), *col = calloc(nn, 1);
    long *st = malloc(sizeof(long) * 2 * nn);
    int rc = 0;
    if (!succ || !used || !col || !st || build_succ(w, succ)) {
        free(succ), free(used), free(col), free(st);
        snprintf(w->err, (size_t)w->errlen, "out of memory");
        return -1;
    }
    /* channels some route uses: (r, q, o) with a turn of r to q on o */
    for (int r = 0; r < t->nrtr; r++)
        for (int p = 0; p < KP; p++)
            for (int v = 0; v < nv; v++)
                for (int o = 0; o < nv; o++)
                    for (uint64_t m = w->turn[st_idx(w, r, p, v)][o]; m; m &= m - 1)
                        used[st_idx(w, r, __builtin_ctzll(m), o)] = 1;
    for (size_t c0 = 0; c0 < nn && !rc; c0++) {
        const int r0 = (int)(c0 / ((size_t)KP * nv)), q0 = (int)(c0 / nv % KP);
        if (col[c0] || !used[c0] || t->r[r0].peer[q0].rtr < 0) continue;
        res->channels++;
        long sp = 0;
        st[sp++] = (long)c0, st[sp++] = 0;
        col[c0] = 1;
        while (sp > 0 && !rc) {
            const size_t c = (size_t)st[sp - 2];
            long *next = &st[sp - 1];
            const int r = (int)(c / ((size_t)KP * nv)), q = (int)(c / nv % KP), v = (int)(c % nv);
            const net_end e = t->r[r].peer[q];
            long found = -1;
            /* VCs the next router's packets never wait for (step 3e) */
            const unsigned nowait = e.rtr >= 0 ? nr_route_nowait_vcs(&t->r[e.rtr].tab, nv) : 0;
            while (e.rtr >= 0 && *next < KP * nv && found < 0) {
                const int q2 = (int)(*next % KP), w2 = (int)(*next / KP);
                (*next)++;
                if (nowait >> w2 & 1) continue;
                if (!(succ[st_idx(w, e.rtr, e.port, v)][w2] >> q2 & 1)) continue;
                if (t->r[e.rtr].peer[q2].rtr < 0) continue; /* to a node: no dependency */
                found = (long)st_idx(w, e.rtr, q2, w2);
            }
            if (found < 0) {
                col[c] = 2;
                sp -= 2;
                continue;
            }
            if (col[found] == 1) {
                snprintf(w->err, (size_t)w->errlen,
                         "the routes' (channel, VC) dependencies, with the routers' shared "
                         "internal buffers, have a cycle through router %ld port %ld VC %ld: a "
                         "deadlock is possible (docs/fbfly-routing.md section 7)",
                         found / ((long)KP * nv), found / nv % KP, found % nv);
                rc = -1;
            } else if (!col[found]) {
                col[found] = 1;
                res->channels++;
                st[sp++] = found, st[sp++] = 0;
            }
        }
    }
    free(succ), free(used), free(col), free(st);
    return rc;
}

/* Routers of a class per hop (nwn-arch 1.7): the turns into a link on
 * which a route keeps the last class (the dependency graph judges them). */
static void hop_kept(const walk_ctx *w, net_check_res *res)
{
    const net_topo *t = w->t;
    for (int r = 0; r < t->nrtr; r++) {
        const rtr_geom *g = w->g[t->r[r].level - 1];
        const int last = g->num_vcs / g->va_per - 1;
        for (int p = 0; p < KP && g->va_hop; p++)
            for (int v = last * g->va_per; v < w->nv; v++)
                for (uint64_t m = w->turn[st_idx(w, r, p, v)][v]; m; m &= m - 1)
                    res->hop_kept += t->r[r].peer[__builtin_ctzll(m)].rtr >= 0;
    }
}

int net_topo_check(const net_topo *t, const rtr_geom *const *g, int nvcs, net_check_res *res,
                   char *err, int errlen)
{
    memset(res, 0, sizeof *res);
    for (int i = 0; i < t->nrtr; i++)
        if (g[t->r[i].level - 1]->num_ports != t->r[i].nports) {
            snprintf(err, (size_t)errlen,
                     "router %d (level %d): the topology gives it %d ports, its configuration %d",
                     i, t->r[i].level, t->r[i].nports, g[t->r[i].level - 1]->num_ports);
            return -1;
        }
    const net_routing_def *rt = t->routing;
    const int srcrouted = (rt->head & NET_HD_R) && t->kind->srcroute;
    int hop = 0; /* routers of a class per hop (nwn-arch 1.7): packets enter on class 0 */
    for (int l = 0; l < t->levels; l++) hop |= g[l]->va_hop;
    /* a packet keeps its VC: VC 0 stands for every VC; the phases of the
     * flattened-butterfly mode: packets enter on each class's last VC
     * (phase 1), or (vc_phase 2) on the phase-0 VCs but to a node of their
     * own router */
    walk_ctx w = {.t = t,
                  .g = g,
                  .nv = rt->vc_phase || hop ? nvcs : 1,
                  .phase0 = rt->vc_phase == 2,
                  .err = err,
                  .errlen = errlen};
    unsigned vcmask = rt->vc_phase == 2 ? (nvcs >= 4 ? 0x5u : 0x1u) : 0x1u;
    if (rt->vc_phase == 1) { /* tables.h nr_route_fb_vcs_per_class */
        const int P = t->r[0].tab.fb_alg      ? nr_route_fb_vcs_per_class(&t->r[0].tab)
                      : t->r[0].tab.dor_adapt ? nvcs /* step 3e: one class of every VC */
                                              : 2;
        vcmask = 0;
        for (int v = P - 1; v < nvcs && v < 32; v += P) vcmask |= 1u << v;
    }
    if (hop) vcmask = (1u << g[0]->va_per) - 1u;
    const size_t ns = (size_t)t->nrtr * KP * (size_t)w.nv;
    w.turn = calloc(ns, sizeof *w.turn);
    w.seen = calloc(ns, 1);
    w.stack = malloc(sizeof(int) * 2 * ns);
    w.cached = malloc(sizeof(int) * KP * ns);
    w.ncached = malloc(ns);
    int rc = 0;
    if (!w.turn || !w.seen || !w.stack || !w.cached || !w.ncached) {
        snprintf(err, (size_t)errlen, "out of memory");
        rc = -1;
    } else {
        memset(w.ncached, 0xFF, ns);
    }
    /* progress on a terminal (NR_PROGRESS=0 turns it off), about once a
     * second: a 16384-node network takes minutes here */
    const char *np = getenv("NR_PROGRESS");
    const int prog = isatty(2) && !(np && !strcmp(np, "0"));
    time_t tlast = time(NULL);
    int shown = 0;
    const int maxh = t->kind->max_hops(t, rt);
    for (int dst = 0; dst < t->nnodes && !rc; dst++) {
        if (prog && (dst & 63) == 0 && time(NULL) != tlast) {
            tlast = time(NULL);
            fprintf(stderr, "\rnet_sim: checking the tables: destination %d of %d   ", dst,
                    t->nnodes);
            shown = 1;
        }
        rc = srcrouted ? walk_srcroutes(&w, dst, res)
                       : walk_dest(&w, (unsigned)dst, vcmask, maxh, res);
    }
    if (prog && shown)
        fprintf(stderr, "\rnet_sim: checking the tables: every destination walked, now the "
                        "dependency graph   \n");
    if (!rc) {
        for (size_t i = 0; i < ns; i++)
            for (int o = 0; o < w.nv; o++) res->turns += __builtin_popcountll(w.turn[i][o]);
        if (hop) hop_kept(&w, res);
        rc = cdg_cycle(&w, res);
    }
    free(w.turn), free(w.seen), free(w.stack), free(w.cached), free(w.ncached);
    return rc;
}
