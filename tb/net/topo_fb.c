/* topo_fb.c - a flattened butterfly routed by the routers' own
 * flattened-butterfly mode (docs/fbfly-routing.md): the registers the
 * builder writes, the routes the document allows (read from the document,
 * not from a router model: the testbench's second reading), and the check
 * of every route and of the (channel, VC) dependency graph before a run.
 */
#include <stdlib.h>
#include <string.h>

#include "topo.h"

static int lg2i(int n)
{
    int b = 0;
    while ((1 << b) < n) b++;
    return b;
}
static int is_pow2(int n) { return n > 0 && !(n & (n - 1)); }

int net_topo_set_fb(net_topo *t, int alg, unsigned charge, char *err, int errlen)
{
    if (t->kind != NET_FBFLY) {
        snprintf(err, errlen, "the flattened-butterfly routings need an fbfly topology");
        return -1;
    }
    const int kb = lg2i(t->k), cb = lg2i(t->c), D = t->dims;
    if (!is_pow2(t->k) || !is_pow2(t->c)) {
        snprintf(err, errlen,
                 "topology '%s': the routers' flattened-butterfly mode needs k and c "
                 "powers of two (the router id and digits are bit fields of dest; "
                 "docs/fbfly-routing.md section 2); use --routing min (source routes)",
                 t->spec);
        return -1;
    }
    if (D < 1 || D > 3 || D * kb > 15) {
        snprintf(err, errlen,
                 "topology '%s': the mode takes 1 to 3 dimensions of at most 15 "
                 "router-id bits in all",
                 t->spec);
        return -1;
    }
    if (alg == RTR_FB_MINAD && D > 2) {
        snprintf(err, errlen,
                 "topology '%s': minad is defined for 1 or 2 dimensions (two VCs "
                 "per class; docs/fbfly-routing.md section 4)",
                 t->spec);
        return -1;
    }
    t->fb_alg = alg;
    for (int r = 0; r < t->nrtr; r++) {
        rtr_tables *tb = &t->r[r].tab;
        tb->fb_alg = alg, tb->fb_dims = D, tb->fb_kbits = kb, tb->fb_cbits = cb;
        tb->fb_me = (unsigned)r, tb->fb_charge = charge > 255 ? 255 : charge;
        for (int p = 0; p < NR_MAX_PORTS; p++) {
            int j = p < t->c ? -1 : (p - t->c) / (t->k - 1);
            tb->fb_indim[p] = (int8_t)(j < 0 || j >= D ? RTR_FB_TERMINAL : j);
        }
    }
    return 0;
}

/* ---- the rules of docs/fbfly-routing.md section 4, as sets ---- */
typedef struct {
    const net_topo *t;
    int D, K, C, kb;
    int me[3], td[3]; /* digits of this router and of the destination's router */
    int ndiff, jmin;  /* differing dimensions, the lowest one */
    unsigned dest;
    int n, max, *ports, *vcs;
} fbset;

static int fb_port(const fbset *s, int j, int x)
{
    return s->C + j * (s->K - 1) + (x < s->me[j] ? x : x - 1);
}
static void add(fbset *s, int port, int vc)
{
    for (int i = 0; i < s->n; i++)
        if (s->ports[i] == port && s->vcs[i] == vc) return;
    if (s->n < s->max) s->ports[s->n] = port, s->vcs[s->n++] = vc;
}
/* EJECT, or DOR toward the destination, on VC w */
static void min_route(fbset *s, int w)
{
    if (s->ndiff == 0)
        add(s, (int)(s->dest % (unsigned)s->C), w);
    else
        add(s, fb_port(s, s->jmin, s->td[s->jmin]), w);
}
/* every first step of a phase-0 draw from dimension j0 (a digit that moves),
 * and, when every digit stays, phase 1 here */
static void val_phase0(fbset *s, int j0, int cls)
{
    for (int j = j0; j < s->D; j++)
        for (int x = 0; x < s->K; x++)
            if (x != s->me[j]) add(s, fb_port(s, j, x), 2 * cls);
    min_route(s, 2 * cls + 1);
}

int net_fb_choices(const net_topo *t, int r, int p, int v, int a, unsigned dest, int *ports,
                   int *vcs, int max)
{
    fbset s = {t, t->dims, t->k, t->c, lg2i(t->k), {0}, {0}, 0, -1, dest, 0, max, ports, vcs};
    const rtr_tables *tb = &t->r[r].tab;
    const int R = (int)tb->fb_me, tr = (int)(dest >> lg2i(t->c));
    if (tr >> (s.D * s.kb)) return 0; /* outside the network: NO_ROUTE */
    for (int j = 0; j < s.D; j++) {
        s.me[j] = (R >> (j * s.kb)) & (s.K - 1);
        s.td[j] = (tr >> (j * s.kb)) & (s.K - 1);
        if (s.me[j] != s.td[j] && s.ndiff++ == 0) s.jmin = j;
    }
    const int indim = tb->fb_indim[p], cls = v >> 1;
    const int phase = indim == RTR_FB_TERMINAL ? 0 : v & 1; /* a terminal's packet starts */
    const int j0 = indim == RTR_FB_TERMINAL ? 0 : indim + 1;
    int A = a ? tb->fb_alg : RTR_FB_MIN;
    if (A == RTR_FB_CLOSAD && s.D > 1) A = RTR_FB_UGALS;
    if (A == RTR_FB_MIN) {
        min_route(&s, v);
        return s.n;
    }
    if (s.ndiff == 0 &&
        (phase == 1 || A == RTR_FB_MINAD || (indim == RTR_FB_TERMINAL && A != RTR_FB_VAL))) {
        min_route(&s, 2 * cls + 1); /* EJECT on phase 1 */
        return s.n;
    }
    if (A == RTR_FB_MINAD) {
        int w = 2 * cls + (phase == 1 || s.ndiff == 1 ? 1 : 0);
        for (int j = 0; j < s.D; j++)
            if (s.me[j] != s.td[j]) add(&s, fb_port(&s, j, s.td[j]), w);
        return s.n;
    }
    if (phase == 1) {
        min_route(&s, v);
        return s.n;
    }
    const int first = indim == RTR_FB_TERMINAL;
    if (first && (A == RTR_FB_UGAL || A == RTR_FB_UGALS)) {
        /* minimal, or the first step of VAL toward a drawn x that is not t */
        min_route(&s, 2 * cls + 1);
        for (int j = 0; j < s.D; j++)
            for (int x = 0; x < s.K; x++)
                if (x != s.me[j] && !(s.D == 1 && x == s.td[0]))
                    add(&s, fb_port(&s, j, x), 2 * cls);
        return s.n;
    }
    if (first && A == RTR_FB_CLOSAD) { /* D = 1 */
        min_route(&s, 2 * cls + 1);
        for (int x = 0; x < s.K; x++)
            if (x != s.me[0] && x != s.td[0]) add(&s, fb_port(&s, 0, x), 2 * cls);
        return s.n;
    }
    val_phase0(&s, j0, cls); /* VAL, and phase 0 after the first router */
    return s.n;
}

/* ---- the check ---- */
#define KP NR_MAX_PORTS
#define NV 4

typedef struct {
    const net_topo *t;
    const rtr_geom *const *g;
    int nv;
    uint64_t (*turn)[NV]; /* [(r*KP + p)*NV + v][w]: out ports used on VC w */
    unsigned char *seen;  /* (r, p, v) states of this destination */
    int *stack;
    char *err;
    int errlen;
} fbwalk;

static size_t st_idx(int r, int p, int v) { return ((size_t)r * KP + (size_t)p) * NV + (size_t)v; }

static int walk_dest(fbwalk *w, unsigned dest, unsigned vcs_used, int a, net_check_res *res)
{
    const net_topo *t = w->t;
    memset(w->seen, 0, (size_t)t->nrtr * KP * NV);
    int sp = 0;
    for (int s = 0; s < t->nnodes; s++) {
        if ((unsigned)s == dest) continue;
        net_end e = t->node[s];
        for (int v = 0; v < w->nv; v++) {
            if (!(vcs_used >> v & 1) || w->seen[st_idx(e.rtr, e.port, v)]) continue;
            w->seen[st_idx(e.rtr, e.port, v)] = 1;
            w->stack[sp++] = e.rtr, w->stack[sp++] = e.port, w->stack[sp++] = v, w->stack[sp++] = 1;
        }
    }
    const int maxh = 2 * t->dims + 1;
    while (sp > 0) {
        int h = w->stack[--sp], v = w->stack[--sp], p = w->stack[--sp], ri = w->stack[--sp];
        int q[KP * NV], vc[KP * NV];
        int nq = net_fb_choices(t, ri, p, v, a, dest, q, vc, KP * NV);
        res->states++;
        if (nq == 0) {
            snprintf(w->err, w->errlen, "router %d: no route to node %u from port %d VC %d", ri,
                     dest, p, v);
            return -1;
        }
        for (int i = 0; i < nq; i++) {
            const net_rtr *r = &t->r[ri];
            if (q[i] >= r->nports || vc[i] >= w->nv) {
                snprintf(w->err, w->errlen,
                         "router %d: node %u's route leaves by port %d VC %d, "
                         "which the routers do not have",
                         ri, dest, q[i], vc[i]);
                return -1;
            }
            if (!net_turn_ok(w->g[r->level - 1], p, q[i])) {
                snprintf(w->err, w->errlen,
                         "router %d: node %u's route turns from port %d back to port %d, which "
                         "this organization has no crosspoint for (docs/fbfly-routing.md "
                         "section 7: these routings need routers with self turns)",
                         ri, dest, p, q[i]);
                return -1;
            }
            w->turn[st_idx(ri, p, v)][vc[i]] |= 1ull << q[i];
            net_end e = r->peer[q[i]];
            if (e.rtr == NET_PEER_NONE) {
                snprintf(w->err, w->errlen,
                         "router %d: node %u's route leaves by port %d, which "
                         "is not connected",
                         ri, dest, q[i]);
                return -1;
            }
            if (e.rtr == NET_PEER_NODE) {
                if ((unsigned)e.port != dest) {
                    snprintf(w->err, w->errlen, "router %d: node %u's route ends at node %d", ri,
                             dest, e.port);
                    return -1;
                }
                if (res->min_hops == 0 || h < res->min_hops) res->min_hops = h;
                if (h > res->max_hops) res->max_hops = h;
                continue;
            }
            if (h + 1 > maxh) {
                snprintf(w->err, w->errlen,
                         "router %d: node %u's route is still in the network "
                         "after %d routers",
                         ri, dest, maxh);
                return -1;
            }
            size_t si = st_idx(e.rtr, e.port, vc[i]);
            if (!w->seen[si]) {
                w->seen[si] = 1;
                w->stack[sp++] = e.rtr, w->stack[sp++] = e.port, w->stack[sp++] = vc[i],
                w->stack[sp++] = h + 1;
            }
        }
    }
    return 0;
}

/* The groups of router inputs that share an internal buffer on the way from
 * input p to output q (docs/fbfly-routing.md section 7's table): YARC, the
 * column buffer of (row of p, q); fc and bb, the up-links of p's bottom and
 * the down-links into q's bottom when they differ (a bb up port has no
 * bottom: it enters at its top); cn, none. Writes up to 2 group ids. */
#define NG (KP * KP + 2 * KP)
static int share_groups(const rtr_geom *g, int p, int q, int *gid)
{
    if (g->rows > 0 && g->cols > 0) {
        gid[0] = q * KP + p / g->cols;
        return 1;
    }
    if (g->mp_n <= 0) return 0;
    int half = g->upup_first > 0 ? g->upup_first : KP;
    int bp = p < half ? p / g->mp_n : -1, bq = q < half ? q / g->mp_n : -1, n = 0;
    if (bp == bq) return 0;
    if (bp >= 0) gid[n++] = KP * KP + bp;
    if (bq >= 0) gid[n++] = KP * KP + KP + bq;
    return n;
}

/* succ[(r*KP + p)*NV + v][w]: the out ports an input (p, v) of router r may
 * wait for on VC w: its own turns, and every turn of a packet that shares an
 * internal buffer with one of its packets (same internal VC v). */
static int build_succ(const fbwalk *w, uint64_t (*succ)[NV])
{
    const net_topo *t = w->t;
    uint64_t(*gm)[NV][NV] = malloc(sizeof *gm * NG);
    if (!gm) return -1;
    for (int r = 0; r < t->nrtr; r++) {
        const rtr_geom *g = w->g[t->r[r].level - 1];
        memset(gm, 0, sizeof *gm * NG);
        int gid[2];
        for (int p = 0; p < KP; p++)
            for (int v = 0; v < NV; v++)
                for (int o = 0; o < NV; o++)
                    for (uint64_t m = w->turn[st_idx(r, p, v)][o]; m; m &= m - 1) {
                        int q = __builtin_ctzll(m), ng = share_groups(g, p, q, gid);
                        for (int k = 0; k < ng; k++) gm[gid[k]][v][o] |= 1ull << q;
                    }
        for (int p = 0; p < KP; p++)
            for (int v = 0; v < NV; v++) {
                uint64_t *sc = succ[st_idx(r, p, v)];
                for (int o = 0; o < NV; o++) sc[o] = w->turn[st_idx(r, p, v)][o];
                for (int o = 0; o < NV; o++)
                    for (uint64_t m = w->turn[st_idx(r, p, v)][o]; m; m &= m - 1) {
                        int q = __builtin_ctzll(m), ng = share_groups(g, p, q, gid);
                        for (int k = 0; k < ng; k++)
                            for (int o2 = 0; o2 < NV; o2++) sc[o2] |= gm[gid[k]][v][o2];
                    }
            }
    }
    free(gm);
    return 0;
}

/* A cycle in the graph of (channel, VC) nodes: channel (r, q) on VC w feeds
 * input (peer port, w) of the next router, which waits for succ of that
 * input. Depth-first search, colours 0 new, 1 on the stack, 2 done. */
static int cdg_cycle(const fbwalk *w, net_check_res *res)
{
    const net_topo *t = w->t;
    const size_t nn = (size_t)t->nrtr * KP * NV;
    uint64_t(*succ)[NV] = calloc(nn, sizeof *succ);
    unsigned char *used = calloc(nn, 1), *col = calloc(nn, 1);
    int *st = malloc(sizeof(int) * 2 * nn), rc = 0;
    if (!succ || !used || !col || !st || build_succ(w, succ)) {
        free(succ), free(used), free(col), free(st);
        snprintf(w->err, w->errlen, "out of memory");
        return -1;
    }
    /* channels some route uses: (r, q, o) with a turn of r to q on o */
    for (int r = 0; r < t->nrtr; r++)
        for (int p = 0; p < KP; p++)
            for (int v = 0; v < NV; v++)
                for (int o = 0; o < NV; o++)
                    for (uint64_t m = w->turn[st_idx(r, p, v)][o]; m; m &= m - 1)
                        used[st_idx(r, __builtin_ctzll(m), o)] = 1;
    for (size_t c0 = 0; c0 < nn && !rc; c0++) {
        int r0 = (int)(c0 / (KP * NV)), q0 = (int)(c0 / NV % KP);
        if (col[c0] || !used[c0] || t->r[r0].peer[q0].rtr < 0) continue;
        res->channels++;
        int sp = 0;
        st[sp++] = (int)c0, st[sp++] = 0;
        col[c0] = 1;
        while (sp > 0 && !rc) {
            size_t c = (size_t)st[sp - 2];
            int *next = &st[sp - 1];
            int r = (int)(c / (KP * NV)), q = (int)(c / NV % KP), v = (int)(c % NV);
            net_end e = t->r[r].peer[q];
            int found = -1;
            while (e.rtr >= 0 && *next < KP * NV && found < 0) {
                int q2 = *next % KP, w2 = *next / KP;
                (*next)++;
                if (!(succ[st_idx(e.rtr, e.port, v)][w2] >> q2 & 1)) continue;
                if (t->r[e.rtr].peer[q2].rtr < 0) continue; /* to a node: no dependency */
                found = (int)st_idx(e.rtr, q2, w2);
            }
            if (found < 0) {
                col[c] = 2;
                sp -= 2;
                continue;
            }
            if (col[found] == 1) {
                snprintf(w->err, w->errlen,
                         "the routes' (channel, VC) dependencies, with the routers' shared "
                         "internal buffers, have a cycle through router %d port %d VC %d: a "
                         "deadlock is possible (docs/fbfly-routing.md section 7)",
                         found / (KP * NV), found / NV % KP, found % NV);
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

int net_fb_check(const net_topo *t, const rtr_geom *const *g, unsigned vcs_used, int a,
                 net_check_res *res, char *err, int errlen)
{
    memset(res, 0, sizeof *res);
    const size_t ns = (size_t)t->nrtr * KP * NV;
    fbwalk w = {t,
                g,
                g[0]->num_vcs,
                calloc(ns, sizeof(uint64_t[NV])),
                calloc(ns, 1),
                malloc(sizeof(int) * 4 * ns),
                err,
                errlen};
    int rc = 0;
    if (!w.turn || !w.seen || !w.stack) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    for (int dst = 0; dst < t->nnodes && !rc; dst++)
        rc = walk_dest(&w, (unsigned)dst, vcs_used, a, res);
    if (!rc) {
        for (size_t i = 0; i < ns; i++)
            for (int o = 0; o < NV; o++) res->turns += __builtin_popcountll(w.turn[i][o]);
        rc = cdg_cycle(&w, res);
    }
    free(w.turn), free(w.seen), free(w.stack);
    return rc;
}
