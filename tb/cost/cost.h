/* cost.h - the cost, packaging and power model of a network (docs/cost.md):
 * Kim, Dally and Abts, "Flattened Butterfly: A Cost-Efficient Topology for
 * High-Radix Networks", ISCA 2007, §4-5 (Tables 2, 3, 5), and the radix model
 * of Abts and Kim, "High Performance Datacenter Networks", Morgan & Claypool
 * 2011, §4.2.1 (Eqs 4.1-4.4).
 *
 * Two halves. A built network (catalog/topo.h, any topology with a layout:
 * its kind's place op) is counted channel by channel: routers, ports,
 * terminal channels, router-to-router channels on a backplane or in a cable
 * of a length from the cabinets' places, repeaters, the node-halves
 * bisection, cost and power. The seed's comparison (its Figs 10, 11, 13, 15)
 * is of networks up to 64K nodes and of the butterfly and the hypercube,
 * which the network layer does not build: those are the analytic networks,
 * counts per node in closed form with the seed's average cable lengths.
 */
#ifndef COST_COST_H
#define COST_COST_H
#include "catalog/topo.h"

/* The model's parameters: every constant, named (cost_prm_defs). */
typedef struct {
    double chip, dev;           /* router: silicon and development, $ (Table 2) */
    double sig_bp;              /* $ per backplane signal (Table 2) */
    double sig_a, sig_b;        /* cable $ per signal: a + b * length in m (Table 2, Fig 7) */
    double radix;               /* the router whose cost is chip + dev (Table 3) */
    double pairs;               /* differential pairs (signals) per channel (Table 3) */
    double nodes_per_cab;       /* nodes per cabinet (Table 3) */
    double cab_w, cab_d, aisle; /* cabinet footprint, m, and the depth factor (Table 3, §4.3) */
    double density;             /* nodes per m^2 (Table 3) */
    double overhead;            /* m of cable added to each (§4.3) */
    double max_cable;           /* m driven without a repeater (§4.1, footnote 7) */
    double p_switch;            /* W per router (Table 5) */
    double p_gg, p_gl, p_ll;    /* W per signal: global SerDes on a cable, on a backplane;
                                      local SerDes on a backplane (Table 5) */
    double sw_share;            /* share of the reference router's silicon in its switch */
    double area_ref;            /* the reference router's switch area, channel pitches^2 */
    /* Not an option: the switch area of the network's routers (cost_rtr_of),
     * 0 when their silicon scales with their ports alone */
    double rtr_area;
} cost_prm;

/* One parameter: its name (net_cost's option --NAME), place in cost_prm,
 * range, unit and the seed's source. */
typedef struct {
    const char *name;
    int off; /* offsetof(cost_prm, field) */
    double dflt, lo, hi;
    const char *unit, *doc, *src;
} cost_prm_def;
extern const cost_prm_def cost_prm_defs[]; /* to the entry whose name is NULL */
void cost_prm_default(cost_prm *p);
double *cost_prm_field(cost_prm *p, const cost_prm_def *d);

/* ---- a built network ---- */
typedef struct {
    long nodes, routers, cabinets;
    long ports, ports_used;  /* every router's ports; those with a peer */
    long ch_term;            /* terminal channels, node to router and back */
    long ch_bp, ch_cab;      /* router-to-router channels on a backplane, in a cable */
    long ch_long;            /* of those in a cable, longer than max_cable */
    long repeaters;          /* repeaters, one per max_cable after the first */
    double len_max, len_avg; /* cable length, overhead included, m */
    long bisection;          /* channels each way across the node-halves cut */
    double c_rtr, c_term, c_bp, c_cab, c_total; /* $ */
    double p_rtr, p_link, p_total;              /* W */
} cost_res;

/* Count and price the network t (built with routers of t->r[].nports
 * ports) under p. -1 with a message when its kind has no layout. */
int cost_network(const net_topo *t, const cost_prm *p, cost_res *r, char *err, int errlen);

/* ---- the routers' own cost (docs/cost.md "The routers' own cost") ----
 * A router of k ports whose switch has area A (channel pitches^2, Ahn, Choo
 * and Kim's Table 1 as csrc/model/counts.c computes it) costs in silicon
 *   chip * ((1 - sw_share) * k / radix + sw_share * A / area_ref),
 * the part beyond its switch (SerDes, input buffers, tables) scaled by its
 * ports, its switch by its area; its development stays dev * k / radix. */
double cost_rtr_silicon(const cost_prm *p, double ports, double area);
typedef struct {
    int ports;
    long xpoints, sub_buffers, buf_phits, channels; /* the counts (nr_sw_counts) */
    double area;                                    /* the switch area */
    double silicon;                                 /* cost_rtr_silicon */
} cost_rtr;
/* The routers of configuration cfg of file: their ports, counts, switch area
 * and silicon. 0; 1 with a message (ports and counts filled, area and
 * silicon 0) when the seed's Table 1 has no area formula for its
 * organization; -1 with a message for an unknown or bad configuration. */
int cost_rtr_of(const char *file, const char *cfg, const cost_prm *p, cost_rtr *r, char *err,
                int errlen);

/* ---- the seed's closed forms (ISCA 2007 §4.2): the edge of the floor and
 * the maximum and average global cable of each topology, overhead not
 * included ---- */
double cost_edge(double nodes, double density); /* E = sqrt(N / D) */
enum { COST_FBFLY, COST_FCLOS, COST_BFLY, COST_HCUBE, COST_NKINDS };
extern const char *const cost_kind_names[]; /* "fbfly", "fclos", "bfly", "hcube" */
void cost_lengths(int kind, double e, double *lmax, double *lavg);

/* An analytic network of N nodes of the seed's comparison, per node. */
typedef struct {
    int kind, stages;       /* stages (fclos levels, bfly stages, fbfly n', hcube n) */
    int k;                  /* fbfly: routers per dimension; else the routers' ports */
    double routers;         /* routers */
    double rtr_scale;       /* each router's cost and switch power, in routers of radix ports */
    double ch_term;         /* terminal channels */
    double ch_bp, ch_short; /* router-to-router channels on a backplane, in a short cable */
    double ch_glob;         /* ... in a global cable */
    double lavg, lmax;      /* the global cables' lengths, overhead not included */
    int direct;             /* local links have SerDes of their own (§5.3) */
} cost_an;

/* The seed's networks: kind at N nodes (fbfly: the smallest n' of §5.1.2
 * for radix-p->radix routers, or nprime > 0 with k routers per dimension,
 * as Table 4). -1 with a message when N is not a power of two, or too big. */
int cost_analytic(int kind, long n, const cost_prm *p, int nprime, int k, cost_an *a, char *err,
                  int errlen);
/* Per node: cost, of which links (terminal, backplane and cables), and power. */
typedef struct {
    double cost, link_cost, power, lavg;
} cost_pn;
void cost_an_eval(const cost_an *a, long n, const cost_prm *p, cost_pn *o);

/* ---- the radix model (Abts and Kim 2011, §4.2.1) ---- */
/* Eq 4.2: T = 2 t_r log_k N + 2 k L / B (t_r in s, L in bits, B in bit/s). */
double cost_latency(double k, double n, double tr, double len, double bw);
/* The aspect ratio A = B t_r ln N / L (§4.2.1). */
double cost_aspect(double n, double tr, double len, double bw);
/* Eq 4.3 as dT/dk = 0 gives it: the k with k (ln k)^2 = A. */
double cost_kopt(double a);
/* Eq 4.3 as printed: the k with k log2 k = A. */
double cost_kopt_printed(double a);
/* Eq 4.4: t_r = t_cy (X + Y log2 k). */
double cost_tr(double tcy, double x, double y, double k);

#endif
