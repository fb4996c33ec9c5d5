/* cost.c - the cost, packaging and power model (cost.h, docs/cost.md). */
#include "cost.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "catalog/cfg.h"
#include "catalog/org.h"
#include "catalog/tables.h"
#include "nr_nwn.h"

#define P(f) (int)offsetof(cost_prm, f)
/* Kim, Dally and Abts, ISCA 2007 ("seed 002"): the tables and sections */
const cost_prm_def cost_prm_defs[] = {
    {"chip", P(chip), 90, 0, 1e6, "$", "router silicon, packaged and tested", "Table 2, §4.1"},
    {"dev", P(dev), 300, 0, 1e6, "$", "router development ($6M over 20k parts)", "Table 2, §4.1"},
    {"sig-bp", P(sig_bp), 1.95, 0, 1e4, "$", "per backplane signal", "Table 2, §4.1 fn 4"},
    {"sig-a", P(sig_a), 3.72, 0, 1e4, "$", "cable per signal, fixed part", "Table 2, Fig 7(b)"},
    {"sig-b", P(sig_b), 0.81, 0, 1e4, "$/m", "cable per signal and metre", "Table 2, Fig 7(b)"},
    {"radix", P(radix), 64, 2, 1024, "ports", "ports of the router that costs chip + dev",
     "Table 3"},
    {"pairs", P(pairs), 3, 1, 64, "signals", "differential pairs per channel (one way)", "Table 3"},
    {"nodes-per-cab", P(nodes_per_cab), 128, 1, 65536, "nodes", "nodes per cabinet", "Table 3"},
    {"cab-w", P(cab_w), 0.57, 0.01, 100, "m", "cabinet width", "Table 3"},
    {"cab-d", P(cab_d), 1.44, 0.01, 100, "m", "cabinet depth", "Table 3"},
    {"aisle", P(aisle), 2, 1, 100, "", "factor on the depth for the space between rows", "§4.3"},
    {"density", P(density), 75, 0.01, 1e6, "nodes/m^2", "D of E = sqrt(N/D)", "Table 3, §4.2"},
    {"overhead", P(overhead), 2, 0, 100, "m", "cable added to each (1 m up at each end)",
     "Table 3, §4.3"},
    {"max-cable", P(max_cable), 6, 0.1, 1000, "m", "longest cable without a repeater",
     "§4.1 fn 7, Fig 7(b)"},
    {"p-switch", P(p_switch), 40, 0, 1e4, "W", "per router (P_switch)", "Table 5, §5.3"},
    {"p-gg", P(p_gg), 0.2, 0, 100, "W", "per signal, cable (P_link_gg)", "Table 5, §5.3"},
    {"p-gl", P(p_gl), 0.16, 0, 100, "W", "per signal, global SerDes on a backplane (P_link_gl)",
     "Table 5, §5.3"},
    {"p-ll", P(p_ll), 0.04, 0, 100, "W", "per signal, local SerDes on a backplane (P_link_ll)",
     "Table 5, §5.3"},
    /* the routers' own cost (--rtr-cost counts; docs/cost.md) */
    {"switch-share", P(sw_share), 0.684, 0, 1, "",
     "share of the reference router's silicon in its switch (the rest: 91.32 of 289 mm^2 in "
     "SerDes)",
     "ours; [AK11 §8.1.8]"},
    {"area-ref", P(area_ref), 33792, 1, 1e9, "pitch^2",
     "switch area of the reference router (hc, k = 64, p = 8: YARC)", "[ACK12] Table 2"},
    {NULL, 0, 0, 0, 0, NULL, NULL, NULL},
};
#undef P

double *cost_prm_field(cost_prm *p, const cost_prm_def *d)
{
    return (double *)((char *)p + d->off);
}

void cost_prm_default(cost_prm *p)
{
    memset(p, 0, sizeof *p);
    for (const cost_prm_def *d = cost_prm_defs; d->name; d++) *cost_prm_field(p, d) = d->dflt;
}

static double cable_cost(const cost_prm *p, double len) { return p->sig_a + p->sig_b * len; }

/* ---- a built network ---- */

/* The side of router r in the node-halves cut: that of its first node, or
 * (a router without nodes) the half of its level it is in. */
static int cut_side(const net_topo *t, int r)
{
    for (int q = 0; q < t->r[r].nports; q++)
        if (t->r[r].peer[q].rtr == NET_PEER_NODE) return t->r[r].peer[q].port >= t->nnodes / 2;
    const int l = t->r[r].level, lo = t->first[l], hi = t->first[l + 1];
    return r - lo >= (hi - lo) / 2;
}

int cost_network(const net_topo *t, const cost_prm *p, cost_res *o, char *err, int errlen)
{
    if (!t->kind->place) {
        snprintf(err, errlen,
                 "topology '%s': the kind '%s' has no layout (its net_topo_kind has no place "
                 "op; docs/cost.md \"Layouts\")",
                 t->spec, t->kind->name);
        return -1;
    }
    memset(o, 0, sizeof *o);
    const net_floor fl = {(int)p->nodes_per_cab, p->cab_w, p->cab_d * p->aisle};
    o->nodes = t->nnodes, o->routers = t->nrtr;
    double len_sum = 0, p_local = 0, scale = 0;
    long maxcab = -1;
    for (int r = 0; r < t->nrtr; r++) {
        const net_rtr *x = &t->r[r];
        net_place a;
        const int direct = t->kind->place(t, &fl, r, &a);
        const double pl = direct ? p->p_ll : p->p_gl;
        if (a.cab > maxcab) maxcab = a.cab;
        o->ports += x->nports;
        scale += x->nports / p->radix;
        for (int q = 0; q < x->nports; q++) {
            const net_end e = x->peer[q];
            if (e.rtr == NET_PEER_NONE) continue;
            o->ports_used++;
            if (e.rtr == NET_PEER_NODE) { /* on its cabinet's backplane, both ways */
                o->ch_term += 2;
                p_local += 2 * pl;
                continue;
            }
            if (e.rtr < r || (e.rtr == r && e.port < q)) continue; /* each link once */
            net_place b;
            t->kind->place(t, &fl, e.rtr, &b);
            if (cut_side(t, r) != cut_side(t, e.rtr)) o->bisection++;
            if (a.cab == b.cab) {
                o->ch_bp += 2;
                p_local += 2 * pl;
                continue;
            }
            const double len = fabs(a.x - b.x) + fabs(a.y - b.y) + p->overhead;
            o->ch_cab += 2;
            len_sum += 2 * len;
            if (len > o->len_max) o->len_max = len;
            if (len > p->max_cable) {
                o->ch_long += 2;
                o->repeaters += 2 * (long)(ceil(len / p->max_cable) - 1);
            }
            o->c_cab += 2 * p->pairs * cable_cost(p, len);
        }
    }
    o->cabinets = maxcab + 1;
    o->len_avg = o->ch_cab ? len_sum / (double)o->ch_cab : 0;
    o->c_rtr = scale * (p->chip + p->dev);
    if (p->rtr_area > 0) /* every router's switch by its area (cost_rtr_silicon) */
        o->c_rtr = scale * (p->dev + p->chip * (1 - p->sw_share)) +
                   (double)t->nrtr * cost_rtr_silicon(p, 0, p->rtr_area);
    o->c_term = (double)o->ch_term * p->pairs * p->sig_bp;
    o->c_bp = (double)o->ch_bp * p->pairs * p->sig_bp;
    o->c_total = o->c_rtr + o->c_term + o->c_bp + o->c_cab;
    o->p_rtr = scale * p->p_switch;
    o->p_link = p->pairs * (p_local + (double)o->ch_cab * p->p_gg);
    o->p_total = o->p_rtr + o->p_link;
    return 0;
}

/* ---- the routers' own cost ---- */
double cost_rtr_silicon(const cost_prm *p, double ports, double area)
{
    return p->chip * ((1 - p->sw_share) * ports / p->radix + p->sw_share * area / p->area_ref);
}

int cost_rtr_of(const char *file, const char *cfg, const cost_prm *p, cost_rtr *r, char *err,
                int errlen)
{
    rtr_namedcfg nc;
    memset(r, 0, sizeof *r);
    if (rtr_cfg_lookup(file, cfg, &nc, err, errlen)) return -1;
    const rtr_org *o = rtr_org_of(&nc, err, errlen);
    if (!o) return -1;
    _Alignas(8) unsigned char prm[1024];
    if (o->params_size > sizeof prm) {
        snprintf(err, errlen, "configuration %s: parameter struct too large", cfg);
        return -1;
    }
    rtr_geom g;
    nr_sw_counts c;
    nr_en_org eo;
    if (rtr_org_params(o, &nc, prm, err, errlen) || rtr_org_geom(o, &nc, &g, err, errlen))
        return -1;
    if (!o->counts || !o->energy || o->counts(prm, &c, err, errlen) || o->energy(prm, &eo)) {
        snprintf(err, errlen, "configuration %s: organization %s has no complexity counts", cfg,
                 o->name);
        return -1;
    }
    r->ports = g.num_ports;
    r->xpoints = c.xpoints, r->sub_buffers = c.sub_buffers, r->buf_phits = c.buf_phits;
    r->channels = c.channels;
    r->area = nr_en_area(&eo);
    if (!(r->area > 0)) {
        r->area = 0;
        snprintf(err, errlen,
                 "configuration %s: [ACK12] Table 1 has no switch area for "
                 "its organization (a hierarchical crossbar of square tiles and one lane a row, "
                 "a folded Clos or bb without input speedup, a crossbar)",
                 cfg);
        return 1;
    }
    r->silicon = cost_rtr_silicon(p, r->ports, r->area);
    return 0;
}

/* ---- the closed forms ---- */
const char *const cost_kind_names[] = {"fbfly", "fclos", "bfly", "hcube", NULL};

double cost_edge(double nodes, double density) { return sqrt(nodes / density); }

void cost_lengths(int kind, double e, double *lmax, double *lavg)
{
    switch (kind) {
    case COST_FBFLY: /* §4.2: the flattened butterfly and the butterfly */
    case COST_BFLY: *lmax = e, *lavg = e / 3; break;
    case COST_FCLOS: *lmax = e / 2, *lavg = e / 4; break;
    default: *lmax = e / 2, *lavg = e > 1 ? (e - 1) / log2(e) : 0; break;
    }
}

static int lg2l(long n)
{
    int b = 0;
    while ((1L << b) < n) b++;
    return b;
}

/* Flattened butterfly: a k-ary n'-dimensional grid of routers with c = k
 * nodes each, the routers for N = c * routers, every dimension k routers but
 * the last, which has as many as N needs (the seed's k-ary n-flat, cut at
 * N); dimension-1 links on a backplane within a cabinet, in a short cable
 * within a box of two cabinets, else global (ISCA 2007 §4.2, Fig 8). */
static void an_fbfly(long n, const cost_prm *p, int np, int k, cost_an *a)
{
    const double rtrs = ceil((double)n / k);
    a->stages = np, a->k = k;
    a->routers = rtrs;
    a->rtr_scale = (k + np * (k - 1)) / p->radix;
    if (a->rtr_scale < 1) a->rtr_scale = 1;
    if (np == 0) return;
    double s1 = 0, rest = 0, below = 1;
    for (int j = 0; j < np; j++) {
        const double s = fmin(k, ceil(rtrs / below - 1e-9));
        if (j == 0)
            s1 = s;
        else
            rest += s - 1;
        below *= s;
    }
    const double q = floor(p->nodes_per_cab / k) > 1 ? floor(p->nodes_per_cab / k) : 1;
    const double m = ceil(s1 / q); /* cabinets of a dimension-1 row */
    const double in_cab = m > 1 ? (q - 1) / (s1 - 1) : 1;
    const double dim1 = rtrs * (s1 - 1);
    a->ch_bp = dim1 * in_cab;
    if (m <= 2)
        a->ch_short = dim1 * (1 - in_cab);
    else
        a->ch_glob = dim1 * (1 - in_cab);
    a->ch_glob += rtrs * rest;
    a->direct = 1;
}

int cost_analytic(int kind, long n, const cost_prm *p, int nprime, int k, cost_an *a, char *err,
                  int errlen)
{
    memset(a, 0, sizeof *a);
    a->kind = kind;
    if (n < 2 || n > (1L << 20) || (n & (n - 1))) {
        snprintf(err, errlen, "N = %ld: expected a power of two in [2, 2^20]", n);
        return -1;
    }
    const double N = (double)n, R = p->radix, d = floor(R / 2);
    a->k = (int)R;
    a->rtr_scale = 1;
    a->ch_term = 2 * N;
    cost_lengths(kind, cost_edge(N, p->density), &a->lmax, &a->lavg);
    switch (kind) {
    case COST_FBFLY:
        if (nprime <= 0) { /* §5.1.2: the smallest n' with floor(R/(n'+1))^(n'+1) >= N */
            nprime = 0;
            while (pow(floor(R / (nprime + 1)), nprime + 1) < N) {
                if (++nprime > 20 || floor(R / (nprime + 1)) < 2) {
                    snprintf(err, errlen, "N = %ld: beyond a flattened butterfly of radix %g", n,
                             R);
                    return -1;
                }
            }
            k = (int)floor(R / (nprime + 1));
        } else if (k < 2 || pow(k, nprime + 1) < N) {
            snprintf(err, errlen, "N = %ld: a %d-ary %d-flat holds fewer", n, k, nprime + 1);
            return -1;
        }
        an_fbfly(n, p, nprime, k, a);
        break;
    case COST_FCLOS: { /* L levels of N/d routers, d = R/2 down ports each (the top
                          included): d^L >= N, the seed's step from 1K to 2K (§4.3) */
        int L = 1;
        for (double c = d; c < N; c *= d) L++;
        a->stages = L;
        a->routers = L == 1 ? 1 : L * N / d;
        a->ch_glob = 2 * N * (L - 1); /* every level's links to the routing cabinets */
        break;
    }
    case COST_BFLY: { /* R-ary stages of R-in, R-out routers */
        int s = 1;
        for (double c = R; c < N; c *= R) s++;
        a->stages = s;
        a->routers = s * ceil(N / R);
        a->ch_glob = (s - 1) * N;
        break;
    }
    default: { /* hypercube: one node per router of lg N + 1 ports */
        const int dims = lg2l(n), local = lg2l((long)p->nodes_per_cab);
        a->stages = dims, a->k = dims + 1;
        a->routers = N;
        a->rtr_scale = (dims + 1) / R;
        a->ch_bp = N * (dims < local ? dims : local);
        a->ch_glob = N * (dims > local ? dims - local : 0);
        a->direct = 1;
        break;
    }
    }
    return 0;
}

void cost_an_eval(const cost_an *a, long n, const cost_prm *p, cost_pn *o)
{
    const double N = (double)n, ov = p->overhead, sh = p->cab_w + ov;
    const double rtr = a->routers * a->rtr_scale * (p->chip + p->dev);
    const double link =
        p->pairs * ((a->ch_term + a->ch_bp) * p->sig_bp + a->ch_short * cable_cost(p, sh) +
                    a->ch_glob * cable_cost(p, a->lavg + ov));
    const double pl = a->direct ? p->p_ll : p->p_gl;
    const double pw =
        a->routers * a->rtr_scale * p->p_switch +
        p->pairs * ((a->ch_term + a->ch_bp) * pl + (a->ch_short + a->ch_glob) * p->p_gg);
    o->cost = (rtr + link) / N;
    o->link_cost = link / N;
    o->power = pw / N;
    o->lavg = a->lavg;
}

/* ---- the radix model ---- */
double cost_latency(double k, double n, double tr, double len, double bw)
{
    return 2 * tr * log(n) / log(k) + 2 * k * len / bw;
}

double cost_aspect(double n, double tr, double len, double bw) { return bw * tr * log(n) / len; }

/* the root of f(k) = a, f increasing on [2, 1e9], by bisection */
static double solve(double (*f)(double), double a)
{
    double lo = 2, hi = 1e9;
    for (int i = 0; i < 200; i++) {
        const double mid = (lo + hi) / 2;
        if (f(mid) < a)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}
static double kln2(double k) { return k * log(k) * log(k); }
static double klog2(double k) { return k * log2(k); }
double cost_kopt(double a) { return solve(kln2, a); }
double cost_kopt_printed(double a) { return solve(klog2, a); }

double cost_tr(double tcy, double x, double y, double k) { return tcy * (x + y * log2(k)); }
