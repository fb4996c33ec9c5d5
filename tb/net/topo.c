/* topo.c - the topology builder, its routing tables and the build-time
 * checks (topo.h, docs/network.md).
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
#include "topo.h"

#include <stdio.h>
#include "nr_pkt.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int lg2(int n)
{
    int b = 0;
    while ((1 << b) < n) b++;
    return b;
}
static int ipow(int b, int e)
{
    int r = 1;
    while (e-- > 0) r *= b;
    return r;
}

/* "kind:key=val,key=val": the kind, then each key=value; -1 with a message. */
typedef struct {
    const char *key;
    long *val;
    long lo, hi;
} spec_key;
static int spec_parse(const char *spec, const char *body, spec_key *keys, char *err, int errlen)
{
    char buf[128];
    if (strlen(body) >= sizeof buf) {
        snprintf(err, errlen, "topology '%s': too long", spec);
        return -1;
    }
    strcpy(buf, body);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        char *eq = strchr(tok, '=');
        spec_key *k = keys;
        if (eq) {
            *eq = 0;
            while (k->key && strcmp(k->key, tok)) k++;
        }
        if (!eq || !k->key) {
            int n = snprintf(err, errlen, "topology '%s': expected key=value with a key of", spec);
            for (k = keys; k->key && n < errlen; k++)
                n += snprintf(err + n, errlen - n, " %s", k->key);
            if (n < errlen) snprintf(err + n, errlen - n, "; got '%s'", tok);
            return -1;
        }
        char *end;
        long v = strtol(eq + 1, &end, 10);
        if (end == eq + 1 || *end || v < k->lo || v > k->hi) {
            snprintf(err, errlen, "topology '%s': %s: expected an integer in [%ld, %ld], got '%s'",
                     spec, k->key, k->lo, k->hi, eq + 1);
            return -1;
        }
        *k->val = v;
    }
    return 0;
}

static void link_ports(net_topo *t, int a, int pa, int b, int pb)
{
    t->r[a].peer[pa] = (net_end){b, pb};
    t->r[b].peer[pb] = (net_end){a, pa};
    t->nlinks++;
}

/* Router index of (l, w, c): router c < (T/P)^(l-1) of subtree w of level l. */
static int fclos_id(const net_topo *t, int l, int w, int c)
{
    return t->first[l] + w * ipow(t->up / t->links, l - 1) + c;
}

/* Nodes under a router of level l < levels: d at a leaf, and d/P times
 * those of the level below above it (each child reached over P links). */
static long fclos_span(const net_topo *t, int l)
{
    long s = t->d;
    for (int i = 1; i < l; i++) s *= t->d / t->links;
    return s;
}

static void fclos_tables(net_topo *t, int l, int w, rtr_tables *tab)
{
    const int k = t->k, d = t->d, L = t->levels, top = l == L;
    memset(tab, 0, sizeof *tab);
    tab->nports = k;
    /* above the leaves the DLUT index is the child subtree and, with P
     * links to each child, the top lg P bits of the node's place in it:
     * down port j = child * P + link (the wiring in fclos_build) */
    tab->down_shift = l == 1 ? 0 : lg2((int)fclos_span(t, l - 1)) - lg2(t->links);
    if (top) { /* the copy's nodes (all of them without side links) */
        tab->root_mask = 0x7FFFu & ~(unsigned)(t->ncopy - 1);
        tab->root_detect = (unsigned)w * (unsigned)t->ncopy;
        /* side=S: one side-table entry per peer copy, its side links */
        for (int s = 0, e = 0; s < t->copies; s++) {
            if (s == w) continue;
            tab->side[e].match = (unsigned)s * (unsigned)t->ncopy;
            tab->side[e].mask = 0x7FFFu & ~(unsigned)(t->ncopy - 1);
            tab->side[e].base = d + e * t->side_links;
            tab->side[e].cnt = t->side_links;
            tab->side_n = ++e;
        }
    } else {
        unsigned span = (unsigned)fclos_span(t, l);
        tab->root_mask = 0x7FFFu & ~(span - 1);
        tab->root_detect = (unsigned)w * span;
    }
    for (int i = 0; i < k; i++) {
        /* a top router with side links: its copy's nodes only, whose index
         * (dest >> DOWN_SHIFT) mod k is the child slot plus the copy's bits above it */
        tab->dlut[i] = top ? (t->copies > 1 ? i % t->top_down : i < t->top_down ? i : -1) : i % d;
        tab->ulut[i] = top ? -1 : d + i % t->up;
        tab->l2p[i] = i;
        if (!top && i >= d && i < d + t->up) tab->up_mask |= 1ull << i;
    }
}

static int fclos_build(net_topo *t, const char *body, int k_rtr, char *err, int errlen)
{
    long k = k_rtr, L = 2, half = 0, T = 0, P = 1, S = 0;
    spec_key keys[] = {{"k", &k, 4, NR_MAX_PORTS},
                       {"levels", &L, 1, NET_MAX_LEVELS},
                       {"tophalf", &half, 0, 1},
                       {"taper", &T, 1, NR_MAX_PORTS},
                       {"links", &P, 1, NR_MAX_PORTS},
                       {"side", &S, 2, RTR_SIDE_MAX + 1},
                       {NULL}};
    if (spec_parse(t->spec, body, keys, err, errlen)) return -1;
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
    if (S) { /* side links: the tops' other d ports, d/(S-1) to each peer */
        if (L < 2 || d % (S - 1)) {
            snprintf(err, errlen,
                     "topology '%s': side = %ld copies: needs levels >= 2 and S - 1 "
                     "dividing the top routers' %d side ports",
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
    if (n > NET_MAX_NODES) {
        snprintf(err, errlen, "topology '%s': %ld nodes, more than the %d a 15-bit dest names",
                 t->spec, n, NET_MAX_NODES);
        return -1;
    }
    t->kind = NET_FCLOS;
    t->k = (int)k;
    t->levels = (int)L;
    t->d = d;
    t->top_down = half ? d : (int)k;
    t->up = (int)T;
    t->links = (int)P;
    t->nnodes = (int)n;
    t->copies = S ? (int)S : 1;
    t->ncopy = (int)ncopy;
    t->side_links = S ? d / (int)(S - 1) : 0;
    /* routers of level l < L: (T/P)^(l-1) in each of its N/span(l)
     * subtrees; at the top (T/P)^(L-1) */
    const int U = (int)(T / P);
    t->first[1] = 0;
    for (int l = 1; l <= L; l++)
        t->first[l + 1] = t->first[l] + (l == L ? t->copies * ipow(U, (int)L - 1)
                                                : (int)(n / fclos_span(t, l)) * ipow(U, l - 1));
    t->nrtr = t->first[L + 1];
    t->r = calloc((size_t)t->nrtr, sizeof *t->r);
    t->node = calloc((size_t)n, sizeof *t->node);
    if (!t->r || !t->node) {
        snprintf(err, errlen, "topology '%s': out of memory", t->spec);
        return -1;
    }
    for (int l = 1; l <= L; l++) {
        const int top = l == L, per = ipow(U, l - 1),
                  nsub = top ? t->copies : (int)(n / fclos_span(t, l));
        for (int w = 0; w < nsub; w++)
            for (int c = 0; c < per; c++) {
                int id = fclos_id(t, l, w, c);
                net_rtr *r = &t->r[id];
                r->level = l;
                r->nports = (int)k;
                for (int p = 0; p < NR_MAX_PORTS; p++) r->peer[p] = (net_end){NET_PEER_NONE, 0};
                fclos_tables(t, l, w, &r->tab);
            }
    }
    for (int l = 1; l <= L; l++) {
        const int top = l == L, per = ipow(U, l - 1),
                  nsub = top ? t->copies : (int)(n / fclos_span(t, l));
        const int ndown = top ? t->top_down : d;
        for (int w = 0; w < nsub; w++)
            for (int c = 0; c < per; c++) {
                int id = fclos_id(t, l, w, c);
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
                        int wc = w * (ndown / (int)P) + j / (int)P, pl = ipow(U, l - 2);
                        link_ports(t, id, j, fclos_id(t, l - 1, wc, c % pl),
                                   d + (c / pl) * (int)P + j % (int)P);
                    }
                }
            }
    }
    /* side links: top router c of copy a, its ports d + e*m .. toward the
     * e-th other copy b (the order of its side table), to top router c of
     * copy b at the ports for a */
    const int m = t->side_links, per = ipow(U, (int)L - 1);
    for (int a = 0; a < t->copies; a++)
        for (int b = a + 1; b < t->copies; b++)
            for (int c = 0; c < per; c++)
                for (int j = 0; j < m; j++)
                    link_ports(t, fclos_id(t, (int)L, a, c), d + (b - 1) * m + j,
                               fclos_id(t, (int)L, b, c), d + a * m + j);
    return 0;
}

/* ---- flattened butterfly ----
 * Router r has coordinates x_j = (r / K^j) mod K, j < dims. Its port
 * c + j*(K-1) + m goes to the router whose coordinate j is v (v != x_j),
 * m = v < x_j ? v : v - 1, arriving at that router's port for x_j in the
 * same dimension. Node id = r * c + t, at port t. */
static int fb_port(const net_topo *t, int j, int own, int v)
{
    return t->c + j * (t->k - 1) + (v < own ? v : v - 1);
}
static int fb_coord(const net_topo *t, int r, int j) { return r / ipow(t->k, j) % t->k; }

static int fbfly_build(net_topo *t, const char *body, int k_rtr, char *err, int errlen)
{
    long k = 4, n = 2, c = -1;
    spec_key keys[] = {
        {"k", &k, 2, NR_MAX_PORTS}, {"n", &n, 2, 4}, {"c", &c, 1, NR_MAX_PORTS}, {NULL}};
    if (spec_parse(t->spec, body, keys, err, errlen)) return -1;
    if (c < 0) c = k;
    const int dims = (int)n - 1, radix = (int)c + dims * ((int)k - 1);
    long nodes = c;
    for (int j = 0; j < dims; j++) nodes *= k;
    if (radix > k_rtr) {
        snprintf(err, errlen,
                 "topology '%s': a router needs %d ports (c + (n-1)(k-1)), the "
                 "routers have %d",
                 t->spec, radix, k_rtr);
        return -1;
    }
    if (nodes > NET_MAX_NODES) {
        snprintf(err, errlen, "topology '%s': %ld nodes, more than the %d a 15-bit dest names",
                 t->spec, nodes, NET_MAX_NODES);
        return -1;
    }
    t->kind = NET_FBFLY;
    t->k = (int)k, t->c = (int)c, t->dims = dims, t->levels = 1, t->d = (int)c;
    t->nnodes = (int)nodes;
    t->nrtr = (int)nodes / (int)c;
    t->first[1] = 0, t->first[2] = t->nrtr;
    t->r = calloc((size_t)t->nrtr, sizeof *t->r);
    t->node = calloc((size_t)nodes, sizeof *t->node);
    if (!t->r || !t->node) {
        snprintf(err, errlen, "topology '%s': out of memory", t->spec);
        return -1;
    }
    for (int r = 0; r < t->nrtr; r++) {
        net_rtr *x = &t->r[r];
        x->level = 1;
        x->nports = k_rtr;
        for (int p = 0; p < NR_MAX_PORTS; p++) x->peer[p] = (net_end){NET_PEER_NONE, 0};
        /* single-router tables at their reset values: only source routes
         * (and a node's own router) are used */
        rtr_tables *tb = &x->tab;
        memset(tb, 0, sizeof *tb);
        tb->nports = k_rtr;
        tb->root_mask = 0x7FFFu & ~(unsigned)(k_rtr - 1);
        for (int i = 0; i < k_rtr; i++) tb->dlut[i] = i, tb->ulut[i] = -1, tb->l2p[i] = i;
        for (int q = 0; q < c; q++) {
            x->peer[q] = (net_end){NET_PEER_NODE, r * (int)c + q};
            t->node[r * c + q] = (net_end){r, q};
        }
        for (int j = 0; j < dims; j++) {
            int own = fb_coord(t, r, j), step = ipow((int)k, j);
            for (int v = 0; v < k; v++) {
                if (v == own) continue;
                int r2 = r + (v - own) * step;
                x->peer[fb_port(t, j, own, v)] = (net_end){r2, fb_port(t, j, v, own)};
                if (r < r2) t->nlinks++;
            }
        }
    }
    return 0;
}

/* ---- BlackWidow (seed 000 L3994-4031): one plane, as a folded Clos of
 * 64-port routers with two links between every router and each of its
 * parents (docs/network.md): rank 1 one R1 router and its 32 processors,
 * rank 2 32 of them under 16 R2 routers (1024), rank 3 32 R2 subtrees of
 * 512 under 256 R3 routers (16384); with side=S, S subtrees whose top
 * routers (then K/2 down ports each) join by side links ---- */
static int bw_build(net_topo *t, const char *body, int k_rtr, char *err, int errlen)
{
    long rank = 2, T = 32, S = 0;
    spec_key keys[] = {{"rank", &rank, 1, 3}, {"taper", &T, 1, 32}, {"side", &S, 2, 9}, {NULL}};
    if (spec_parse(t->spec, body, keys, err, errlen)) return -1;
    if (k_rtr != 64) {
        snprintf(err, errlen, "topology '%s': BlackWidow's routers have 64 ports, these have %d",
                 t->spec, k_rtr);
        return -1;
    }
    if (rank == 1 && T != 32) {
        snprintf(err, errlen,
                 "topology '%s': a taper needs rank 2 or 3 (rank 1 has no up "
                 "cables)",
                 t->spec);
        return -1;
    }
    if (T < 2) {
        snprintf(err, errlen,
                 "topology '%s': taper = 1 up link cannot carry the two links to "
                 "each router above",
                 t->spec);
        return -1;
    }
    /* side links join R2 subtrees of 512 processors, up to nine (4608,
     * L4000-4001), or R3 subtrees, up to 32K processors in all (L4002-4003):
     * an R3 subtree whose R3 routers keep half their ports for side links has
     * 16 R2 subtrees (8192), so two or three of them */
    if (S && (rank == 1 || T != 32 || (rank == 3 && S > 3))) {
        snprintf(err, errlen,
                 "topology '%s': side links join rank-2 subtrees of 512 processors "
                 "(up to 9, seed 000 L4000-4001) or rank-3 subtrees of 8192 (up to 32K in all, "
                 "L4002-4003): side needs rank 2 (side=2..9) or rank 3 (side=2..3), and no taper",
                 t->spec);
        return -1;
    }
    char fc[64];
    if (rank == 1)
        snprintf(fc, sizeof fc, "k=64,levels=1,tophalf=1");
    else if (S)
        snprintf(fc, sizeof fc, "k=64,levels=%ld,links=2,tophalf=1,side=%ld", rank, S);
    else
        snprintf(fc, sizeof fc, "k=64,levels=%ld,links=2,taper=%ld", rank, T);
    return fclos_build(t, fc, k_rtr, err, errlen);
}

int net_topo_srcroute(const net_topo *t, int a, int b, unsigned *ports)
{
    if (t->kind != NET_FBFLY || t->fb_alg) return -1;
    int ra = a / t->c, rb = b / t->c, n = 0;
    for (int j = 0; j < t->dims; j++) {
        int xa = fb_coord(t, ra, j), xb = fb_coord(t, rb, j);
        if (xa != xb) {
            ports[n++] = (unsigned)fb_port(t, j, xa, xb);
            ra += (xb - xa) * ipow(t->k, j);
        }
    }
    ports[n++] = (unsigned)(b % t->c);
    return n;
}

int net_topo_build(net_topo *t, const char *spec, int k_rtr, char *err, int errlen)
{
    memset(t, 0, sizeof *t);
    snprintf(t->spec, sizeof t->spec, "%s", spec);
    const char *colon = strchr(spec, ':');
    size_t kl = colon ? (size_t)(colon - spec) : strlen(spec);
    const char *body = colon ? colon + 1 : "";
    int rc;
    if (kl == 5 && !strncmp(spec, "fclos", 5)) {
        rc = fclos_build(t, body, k_rtr, err, errlen);
    } else if (kl == 5 && !strncmp(spec, "fbfly", 5)) {
        rc = fbfly_build(t, body, k_rtr, err, errlen);
    } else if (kl == 2 && !strncmp(spec, "bw", 2)) {
        rc = bw_build(t, body, k_rtr, err, errlen);
    } else {
        snprintf(err, errlen,
                 "topology '%s': expected a kind of fclos, fbfly or bw "
                 "(fclos:k=16,levels=2, fbfly:k=4,n=3,c=4, bw:rank=2, bw:rank=2,side=9)",
                 spec);
        rc = -1;
    }
    if (rc) net_topo_free(t);
    return rc;
}

void net_topo_free(net_topo *t)
{
    free(t->r);
    free(t->node);
    t->r = NULL;
    t->node = NULL;
}

int net_topo_min_hops(const net_topo *t, int a, int b)
{
    if (t->kind == NET_FBFLY) { /* one router per differing digit, and the last one */
        int ra = a / t->c, rb = b / t->c, n = 1;
        for (int j = 0; j < t->dims; j++) n += fb_coord(t, ra, j) != fb_coord(t, rb, j);
        return n;
    }
    /* the lowest level whose subtree holds both: up to it and down again;
     * another copy (side=S): up to a top, across a side link, down */
    for (int l = 1; l < t->levels; l++) {
        long span = fclos_span(t, l);
        if (a / span == b / span) return 2 * l - 1;
    }
    return a / t->ncopy == b / t->ncopy ? 2 * t->levels - 1 : 2 * t->levels;
}

int net_turn_ok(const rtr_geom *g, int p, int q)
{
    if (g->self_drop && p == q) return 0;
    if (g->upup_first > 0 && p >= g->upup_first && q >= g->upup_first) return 0;
    return 1;
}

/* ---- the check ---- */

/* Every up choice of a packet entering router r at port p: the adaptive
 * candidates, then every ULUT entry a hashed key can name (no repeats). The
 * set does not depend on the destination. */
static int up_all(const net_rtr *r, int p, int8_t *q)
{
    int c[NR_MAX_PORTS], n = rtr_tables_up_ports(&r->tab, p, c, NR_MAX_PORTS);
    uint64_t used = 0;
    for (int i = 0; i < n; i++) q[i] = (int8_t)c[i], used |= 1ull << c[i];
    for (int i = 0; i < r->nports; i++) {
        int l = r->tab.per_tile ? r->tab.tile_ulut[p][i] : r->tab.ulut[i];
        int x = l >= 0 && l < r->nports ? r->tab.l2p[l] : -1;
        if (x >= 0 && !(used >> x & 1)) q[n++] = (int8_t)x, used |= 1ull << x;
    }
    return n;
}

/* The output ports a packet to dest entering router r at port p may take:
 * down, or every up choice (up_all, computed once per (r, p) into upq/upn;
 * upn 0xFF: not yet). up: rtr_tables_step(&r->tab, dest, 1, 0) is
 * RTR_STEP_UP_ADAPT. */
static int route_all(const net_rtr *r, int p, unsigned dest, int up, int *q, int max, int8_t *upq,
                     uint8_t *upn)
{
    if (!up) {
        int step;
        return rtr_tables_route(&r->tab, p, dest, 1, 0, 0, 0, 0, &step, q, max);
    }
    if (*upn == 0xFF) *upn = (uint8_t)up_all(r, p, upq);
    int n = *upn < max ? *upn : max;
    for (int i = 0; i < n; i++) q[i] = upq[i];
    return n;
}

typedef struct {
    const net_topo *t;
    const rtr_geom *const *g;
    unsigned char *seen; /* (router, in port) states of this dest */
    uint64_t *turn;      /* per (router, in port): out ports used */
    int *stack;          /* (router, in port, hops) */
    int8_t *upq;         /* per (router, in port): its up choices (route_all) */
    uint8_t *upn;        /* their count, 0xFF not yet known */
    int *upsucc;         /* per (router, in port): the states its up choices lead to */
    uint8_t *upchk;      /* 1: those choices passed every check once, their turns are
                              recorded, and all lead to routers (speed only: the up
                              choices do not depend on the destination) */
    char *err;
    int errlen;
} walk_ctx;

static int walk_dest(walk_ctx *w, unsigned dest, net_check_res *res)
{
    const net_topo *t = w->t;
    const int K = NR_MAX_PORTS;
    memset(w->seen, 0, (size_t)t->nrtr * K);
    int sp = 0;
    for (int s = 0; s < t->nnodes; s++) {
        if ((unsigned)s == dest) continue;
        net_end e = t->node[s];
        if (!w->seen[e.rtr * K + e.port]) {
            w->seen[e.rtr * K + e.port] = 1;
            w->stack[sp++] = e.rtr, w->stack[sp++] = e.port, w->stack[sp++] = 1;
        }
    }
    const int maxh = 2 * t->levels - 1 + (t->copies > 1);
    while (sp > 0) {
        int h = w->stack[--sp], p = w->stack[--sp], ri = w->stack[--sp];
        const net_rtr *r = &t->r[ri];
        const rtr_geom *g = w->g[r->level - 1];
        const size_t si = (size_t)ri * K + (size_t)p;
        const int up = rtr_tables_step(&r->tab, dest, 1, 0) == RTR_STEP_UP_ADAPT;
        if (up && w->upchk[si]) { /* checked before: the successors alone */
            res->states++;
            for (int i = 0; i < w->upn[si]; i++) {
                const int s2 = w->upsucc[si * K + (size_t)i];
                if (h + 1 > maxh) {
                    snprintf(w->err, w->errlen,
                             "router %d (level %d): node %u's route is still in the network after "
                             "%d routers",
                             ri, r->level, dest, maxh);
                    return -1;
                }
                if (!w->seen[s2]) {
                    w->seen[s2] = 1;
                    w->stack[sp++] = s2 / K, w->stack[sp++] = s2 % K, w->stack[sp++] = h + 1;
                }
            }
            continue;
        }
        int q[NR_MAX_PORTS],
            nq = route_all(r, p, dest, up, q, NR_MAX_PORTS, &w->upq[si * K], &w->upn[si]);
        res->states++;
        if (nq == 0) {
            snprintf(w->err, w->errlen, "router %d (level %d): no route to node %u from port %d",
                     ri, r->level, dest, p);
            return -1;
        }
        for (int i = 0; i < nq; i++) {
            net_end e = r->peer[q[i]];
            if (!net_turn_ok(g, p, q[i])) {
                snprintf(w->err, w->errlen,
                         "router %d (level %d): node %u's route turns from port %d to port %d, "
                         "which this organization has no crosspoint for",
                         ri, r->level, dest, p, q[i]);
                return -1;
            }
            w->turn[ri * K + p] |= 1ull << q[i];
            if (e.rtr == NET_PEER_NONE) {
                snprintf(w->err, w->errlen,
                         "router %d (level %d): node %u's route leaves by port %d, which is not "
                         "connected",
                         ri, r->level, dest, q[i]);
                return -1;
            }
            if (e.rtr == NET_PEER_NODE) {
                if ((unsigned)e.port != dest) {
                    snprintf(w->err, w->errlen,
                             "router %d (level %d): node %u's route ends at node %d (port %d)", ri,
                             r->level, dest, e.port, q[i]);
                    return -1;
                }
                if (res->min_hops == 0 || h < res->min_hops) res->min_hops = h;
                if (h > res->max_hops) res->max_hops = h;
                continue;
            }
            if (h + 1 > maxh) {
                snprintf(w->err, w->errlen,
                         "router %d (level %d): node %u's route is still in the network after "
                         "%d routers",
                         ri, r->level, dest, maxh);
                return -1;
            }
            if (!w->seen[e.rtr * K + e.port]) {
                w->seen[e.rtr * K + e.port] = 1;
                w->stack[sp++] = e.rtr, w->stack[sp++] = e.port, w->stack[sp++] = h + 1;
            }
        }
        if (up) { /* every choice checked, none to a node: later destinations skip the checks */
            int all = 1;
            for (int i = 0; i < nq; i++) {
                net_end e = r->peer[q[i]];
                all &= e.rtr >= 0;
                w->upsucc[si * K + (size_t)i] = e.rtr * K + e.port;
            }
            w->upchk[si] = (uint8_t)all;
        }
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
        unsigned q[NR_ROUTE_HOPS + 1];
        int nq = net_topo_srcroute(t, s, dest, q);
        if (nq > NR_ROUTE_HOPS) {
            snprintf(w->err, w->errlen,
                     "node %d's route to node %d needs %d hops, more than the "
                     "route phit's %d",
                     s, dest, nq, NR_ROUTE_HOPS);
            return -1;
        }
        net_end at = t->node[s];
        for (int h = 0; h < nq; h++) {
            const net_rtr *r = &t->r[at.rtr];
            res->states++;
            if (!net_turn_ok(w->g[r->level - 1], at.port, (int)q[h])) {
                snprintf(w->err, w->errlen,
                         "router %d: node %d's route to node %d turns from port %d to port %u, "
                         "which this organization has no crosspoint for",
                         at.rtr, s, dest, at.port, q[h]);
                return -1;
            }
            w->turn[at.rtr * NR_MAX_PORTS + at.port] |= 1ull << q[h];
            net_end e = r->peer[q[h]];
            if (e.rtr == NET_PEER_NONE || (e.rtr == NET_PEER_NODE) != (h == nq - 1) ||
                (e.rtr == NET_PEER_NODE && e.port != dest)) {
                snprintf(w->err, w->errlen,
                         "router %d: node %d's route to node %d leaves by port "
                         "%u, which does not lead on to it",
                         at.rtr, s, dest, q[h]);
                return -1;
            }
            at = e;
        }
        if (res->min_hops == 0 || nq < res->min_hops) res->min_hops = nq;
        if (nq > res->max_hops) res->max_hops = nq;
    }
    return 0;
}

/* A cycle in the channel-dependency graph: channel (r, q) -> (peer of q,
 * each out port its turns use). Iterative depth-first search, colours 0 new,
 * 1 on the stack, 2 done. */
static int cdg_cycle(const net_topo *t, const uint64_t *turn, net_check_res *res, char *err,
                     int errlen)
{
    const int K = NR_MAX_PORTS, nch = t->nrtr * K;
    unsigned char *col = calloc((size_t)nch, 1);
    int *st = malloc(sizeof(int) * 2 * (size_t)nch), rc = 0;
    if (!col || !st) {
        free(col), free(st);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int c0 = 0; c0 < nch && !rc; c0++) {
        if (col[c0] || t->r[c0 / K].peer[c0 % K].rtr < 0) continue;
        res->channels++;
        int sp = 0;
        st[sp++] = c0, st[sp++] = 0;
        col[c0] = 1;
        while (sp > 0 && !rc) {
            int c = st[sp - 2], *next = &st[sp - 1];
            net_end e = t->r[c / K].peer[c % K];
            uint64_t outs = e.rtr >= 0 ? turn[e.rtr * K + e.port] : 0;
            while (*next < K && !(outs >> *next & 1)) (*next)++;
            if (*next == K) {
                col[c] = 2;
                sp -= 2;
                continue;
            }
            int c2 = e.rtr * K + (*next)++;
            if (t->r[e.rtr].peer[c2 % K].rtr < 0) continue; /* to a node: no dependency */
            if (col[c2] == 1) {
                snprintf(err, errlen,
                         "the routes' channel dependencies have a cycle through router %d port "
                         "%d: a deadlock is possible",
                         e.rtr, c2 % K);
                rc = -1;
            } else if (!col[c2]) {
                col[c2] = 1;
                res->channels++;
                st[sp++] = c2, st[sp++] = 0;
            }
        }
    }
    free(col), free(st);
    return rc;
}

int net_topo_check(const net_topo *t, const rtr_geom *const *g, net_check_res *res, char *err,
                   int errlen)
{
    const int K = NR_MAX_PORTS;
    memset(res, 0, sizeof *res);
    for (int i = 0; i < t->nrtr; i++)
        if (g[t->r[i].level - 1]->num_ports != t->r[i].nports) {
            snprintf(err, errlen,
                     "router %d (level %d): the topology gives it %d ports, its "
                     "configuration %d",
                     i, t->r[i].level, t->r[i].nports, g[t->r[i].level - 1]->num_ports);
            return -1;
        }
    walk_ctx w = {t,
                  g,
                  calloc((size_t)t->nrtr * K, 1),
                  calloc((size_t)t->nrtr * K, 8),
                  malloc(sizeof(int) * 3 * (size_t)t->nrtr * K),
                  malloc((size_t)t->nrtr * K * K),
                  malloc((size_t)t->nrtr * K),
                  malloc(sizeof(int) * (size_t)t->nrtr * K * K),
                  calloc((size_t)t->nrtr * K, 1),
                  err,
                  errlen};
    int rc = 0;
    if (w.upn) memset(w.upn, 0xFF, (size_t)t->nrtr * K);
    if (!w.seen || !w.turn || !w.stack || !w.upq || !w.upn || !w.upsucc || !w.upchk) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    /* progress on a terminal (NR_PROGRESS=0 turns it off), about once a
     * second: a 16384-node network takes minutes here */
    const char *np = getenv("NR_PROGRESS");
    const int prog = isatty(2) && !(np && !strcmp(np, "0"));
    time_t tlast = time(NULL);
    int shown = 0;
    for (int dst = 0; dst < t->nnodes && !rc; dst++) {
        if (prog && (dst & 63) == 0 && time(NULL) != tlast) {
            tlast = time(NULL);
            fprintf(stderr, "\rnet_sim: checking the tables: destination %d of %d   ", dst,
                    t->nnodes);
            shown = 1;
        }
        rc =
            t->kind == NET_FBFLY ? walk_srcroutes(&w, dst, res) : walk_dest(&w, (unsigned)dst, res);
    }
    if (prog && shown)
        fprintf(stderr, "\rnet_sim: checking the tables: every destination walked, now the "
                        "dependency graph   \n");
    if (!rc) {
        for (long i = 0; i < (long)t->nrtr * K; i++) res->turns += __builtin_popcountll(w.turn[i]);
        rc = cdg_cycle(t, w.turn, res, err, errlen);
    }
    free(w.seen), free(w.turn), free(w.stack), free(w.upq), free(w.upn), free(w.upsucc),
        free(w.upchk);
    return rc;
}
