/* org.h - router organizations: one descriptor each, registered in one
 * table (docs/architecture.md "The catalog").
 *
 * An organization (YARC's hierarchical crossbar, the network-within-a-
 * network switches, ...) is one file tb/catalog/org_<name>.c that defines
 * `const rtr_org rtr_org_<name>`: its C model, its RTL top, its parameters
 * (keys with defaults and ranges, the model's check for the rules between
 * them), its geometry, how the router testbench programs its routing tables,
 * its complexity counts, what its RTL build is checked on and what its RTL
 * smoke test expects. The build makes the registry from the files present
 * (build/gen/catalog_reg.c), so adding an organization adds no line
 * anywhere else; everything that lists organizations (configuration
 * reading, the RTL glue, nr_cat and through it make and the scripts, the
 * counts table, the smoke test, the benchmarks) walks rtr_orgs[].
 */
#ifndef CATALOG_ORG_H
#define CATALOG_ORG_H
#include <stddef.h>
#include <stdint.h>

#include "catalog/cfg.h"
#include "catalog/tables.h"
#include "nr_lcb.h"
#include "nr_nwn.h"
#include "nr_router.h"

/* One parameter of an organization: an int field of its parameter struct. */
enum {
    RTR_K_RTL = 1,   /* the RTL top has it: a -G parameter, reported on output prm_<field>_o,
                        and an RTL build is checked on it */
    RTR_K_LCB = 2,   /* ... compared only when the configuration has LCBs */
    RTR_K_MODEL = 4, /* the C model's only: a configuration that sets it to anything but 0
                        has no RTL build (its builds column must be '-') */
    RTR_K_POW2 = 8,  /* a power of two (in its range) */
};
typedef struct {
    const char *key;   /* "NumVcs": the configuration key and the RTL parameter */
    const char *field; /* "num_vcs": the struct field (prm_<field>_o on the RTL top) */
    size_t off;        /* its offset in the parameter struct */
    long dflt, min, max;
    unsigned flags;  /* RTR_K_* */
    const char *doc; /* one line: what it is and where it is documented */
} rtr_key;
/* A key of field F (a plain int field) or of the port parameters (.port.F). */
#define RTR_KEY(T, K, F, D, LO, HI, FL, DOC)                                                       \
    {                                                                                              \
        K, #F, offsetof(T, F), D, LO, HI, FL, DOC                                                  \
    }
#define RTR_KEY_PORT(T, K, F, D, LO, HI, FL, DOC)                                                  \
    {                                                                                              \
        K, #F, offsetof(T, port.F), D, LO, HI, FL, DOC                                             \
    }
/* The seven port keys every organization has (nr_port_params; defaults of
 * docs/link-protocol.md section 2). */
#define RTR_PORT_KEYS(T)                                                                           \
    RTR_KEY_PORT(T, "NumVcs", num_vcs, 2, 1, 4, RTR_K_RTL, "virtual channels per port"),           \
        RTR_KEY_PORT(T, "InBufPerVc", in_buf_per_vc, 128, 8, 1023, RTR_K_RTL,                      \
                     "input queue per VC, phits = the upstream's credits"),                        \
        RTR_KEY_PORT(T, "UseLcb", use_lcb, 1, 0, 1, RTR_K_RTL,                                     \
                     "1: an LCB on every port (docs/link-protocol.md); 0: bare ports"),            \
        RTR_KEY_PORT(T, "MaxPktLen", max_pkt_len, 64, 2, 1023, RTR_K_RTL,                          \
                     "longest packet, phits with the EOP"),                                        \
        RTR_KEY_PORT(T, "ReplayDepth", replay_depth, 256, 8, 4096,                                 \
                     RTR_K_RTL | RTR_K_LCB | RTR_K_POW2, "LCB send buffer, phits"),                \
        RTR_KEY_PORT(T, "Window", window, 32, 2, 64, RTR_K_RTL | RTR_K_LCB | RTR_K_POW2,           \
                     "LCB go-back-N window, packets"),                                             \
        RTR_KEY_PORT(T, "LinkCrcW", link_crc_w, 16, 16, 32, RTR_K_RTL | RTR_K_LCB,                 \
                     "link check bits, 16 or 32 (docs/link-protocol.md 4.1)")
/* The keys of the switch pieces' routing (csrc/model/sw_route.h), for an
 * organization built of those pieces: FbSeq only the C model has. */
#define RTR_ROUTE_MODEL_KEYS(T)                                                                    \
    RTR_KEY(T, "FbSeq", fb_seq, 0, 0, 1, RTR_K_MODEL,                                              \
            "the flattened-butterfly mode's sequential allocator, docs/fbfly-routing.md 6.4"),     \
        RTR_KEY(T, "UpPick", up_pick, 0, 0, 2, RTR_K_RTL,                                          \
                "2: the greedy_r(2) up choice, docs/yarc-arch.md 5 step 4'"),                      \
        RTR_KEY(T, "SideTab", side_tab, 0, 0, 1, RTR_K_RTL,                                        \
                "the side table, docs/yarc-arch.md 5 step 3a")

/* An implementation (C model or RTL) of a router: how to make its router
 * from a named configuration. */
typedef struct {
    const char *name; /* "model", "rtl" */
    /* Create in reset state for named configuration c and LCB run-time
     * configuration lcfg: 0 and the router in *out, or -1 with a message
     * (e.g. the RTL build does not match c). */
    int (*create)(const rtr_namedcfg *c, const nr_lcb_cfg *lcfg, nr_rtr *out, char *err,
                  int errlen);
} rtr_impl;

/* One zero-load path of the RTL smoke test: a lone packet src -> dst on vc
 * through the idle router takes exactly lat cycles, head in to head out. */
typedef struct {
    const char *name;
    int src, dst, vc;
    int lat;
    const char *doc; /* where lat comes from */
} rtr_probe;
#define RTR_MAX_PROBES 8

/* An organization. Function members take the organization's parameter
 * struct as void * (params_size bytes), filled and checked by
 * rtr_org_params. Members marked optional may be NULL. */
typedef struct rtr_org {
    const char *name;    /* "yarc": the file is org_<name>.c */
    const char *summary; /* one line for listings */
    const char *doc;     /* its architecture document: "docs/yarc-arch.md" */
    const char *top;     /* the RTL top module of its configurations, or NULL (C model
                            only: no RTL build, no lockstep) */
    size_t params_size;
    const rtr_key *keys; /* to the entry whose key is NULL */
    /* The model's parameter check (the rules between the keys and those the
     * ranges do not say): 0, or -1 with a message. */
    int (*check)(const void *p, char *err, int errlen);
    /* The C model of p in reset state ({NULL, NULL} and a message on a bad
     * parameter or out of memory). */
    nr_rtr (*model)(const void *p, const nr_lcb_cfg *lcfg, char *err, int errlen);
    /* Its geometry (rtr_geom_ports, then the organization's own fields). */
    void (*geom)(const void *p, rtr_geom *g);
    /* Optional (NULL: none). UGAL-G's oracle on its C model m (docs/network.md
     * "Topology: dfly"; nr_yarc_set_gq): the table of global-channel queues
     * per logical port its RC reads (NULL: off), and output port p's queue as
     * its RC estimates it. */
    void (*set_gq)(nr_rtr m, const int *gq);
    int (*out_q)(nr_rtr m, int p);

    /* ---- the router testbench's routing set-ups (tables.h) ---- */
    /* The set-ups program() makes, bit m for nr_route_mode m; 0: every one
     * (the shared tables, which the network layer programs too). An
     * organization with tables of its own sets the bits it makes, and the
     * network layer takes it only through encode. */
    unsigned modes;
    /* Optional (NULL: nr_route_encode). For an organization with tables of
     * its own: the writes that load what the network layer's tables t (the
     * shared tables as values) route, for destinations 0..nnodes-1, into
     * them, in reset state (old NULL), or in a router that holds old's (a
     * rewrite around failed links: the entries that change); at most max.
     * Returns the count, or -1 with a message when its tables cannot hold
     * those routes. */
    int (*encode)(const rtr_geom *g, const nr_route_vals *t, const nr_route_vals *old, int nnodes,
                  rtr_cfgw *w, int max, char *err, int errlen);
    /* Routing-table writes for `mode` (at most max); returns the count. */
    int (*program)(const rtr_geom *g, nr_route_mode mode, rtr_cfgw *w, int max);
    /* Output port a destination leaves by under `mode`; -1 if the router
     * drops it as unroutable. */
    int (*port_of)(const rtr_geom *g, nr_route_mode mode, unsigned dest);
    /* Logical port the down table gives dest under `mode` (what a source
     * route's hop 0 must name to reach the same output); -1 if none. */
    int (*logical_of)(const rtr_geom *g, nr_route_mode mode, unsigned dest);
    /* Optional. A routable packet from input port src that the organization
     * must nevertheless drop at its input, because the turn it needs has no
     * crosspoint (nr_nwn.h: NR_DROP_SELF, NR_DROP_UPUP): the RT_DROP reason,
     * or 0 if it is delivered. */
    int (*drop_reason)(const rtr_geom *g, nr_route_mode mode, int src, unsigned dest);
    /* Optional. 1 if the organization may deliver this packet out of order
     * with the other packets of its (src, dest, VC) flow: an adaptive (a = 1)
     * or per-packet hashed (h = 1) packet with more than one path. The
     * scoreboard then checks it for exactly-once delivery only. */
    int (*may_reorder)(const rtr_geom *g, nr_route_mode mode, int src, unsigned dest, unsigned vc,
                       int a, int h);
    /* Optional (NULL: port_of(dest) decides). The scoreboard's route check:
     * 1 if the packet ph[0..len-1] injected at input src may leave by output
     * `port` (-1: only *expect is wanted) on VC out_vc (-1: not known), with
     * the expected port (one of the allowed ones) in *expect; counts what it
     * saw in st (may be NULL). */
    int (*port_ok)(const rtr_geom *g, nr_route_mode mode, nr_route_upstat *st, int src,
                   const uint32_t *ph, int len, int port, int out_vc, int *expect);

    /* ---- complexity and energy (docs/nwn-arch.md section 10; optional) ---- */
    int (*counts)(const void *p, nr_sw_counts *c, char *err, int errlen);
    int (*energy)(const void *p, nr_en_org *o);

    /* ---- RTL (top != NULL) ---- */
    const char *example;  /* the configuration its FuseSoC core (make cores) targets by
                            default; its RTL lives in rtl/<name>/ */
    const char *vl_hier;  /* Verilator options of its hierarchy build (--hier blocks) */
    const char *vl_trace; /* ... of its flat FST-traced build */
    /* The smoke test's zero-load probes of the build's parameters p (at
     * most RTR_MAX_PROBES): the paths of different shape its document
     * gives latencies for. Returns the count; -1 with a message if p is too
     * small to probe. */
    int (*probes)(const void *p, rtr_probe *pr, char *err, int errlen);
    /* Does every packet of a (src, dst, vc) flow take one path, whatever its
     * dest field? (Where not, the smoke test checks order only per kind.) */
    int (*single_path)(const void *p, int src, int dst);
} rtr_org;
/* The routing set-ups of the tables every organization shares (tables.h), in
 * a descriptor: program, port_of, logical_of and the route check port_ok. */
#define RTR_ORG_ROUTE_TABLES                                                                       \
    .program = nr_route_program, .port_of = nr_route_port_of, .logical_of = nr_route_logical_of,   \
    .port_ok = nr_route_port_ok

/* The registry (build/gen/catalog_reg.c, made from tb/catalog/org_*.c):
 * every organization, in name order, to NULL. */
extern const rtr_org *const rtr_orgs[];
/* By name ("yarc") or by RTL top ("nr_yarc"); NULL if unknown. */
const rtr_org *rtr_org_find(const char *name);
const rtr_org *rtr_org_for_top(const char *top);
/* The organization of named configuration c: by its top (a router top, or a
 * model-only organization's name used as the top). NULL with a message. */
const rtr_org *rtr_org_of(const rtr_namedcfg *c, char *err, int errlen);
/* Its key of that name, or NULL. */
const rtr_key *rtr_org_key(const rtr_org *o, const char *key);

/* The parameters of named configuration c, into p (o->params_size bytes):
 * every key known and in its range (an LCB key only when the configuration
 * has LCBs), the defaults for the rest, then the model's check. 0, or -1
 * with "file:line: configuration NAME: message". */
int rtr_org_params(const rtr_org *o, const rtr_namedcfg *c, void *p, char *err, int errlen);
/* The port parameters inside p. */
const nr_port_params *rtr_org_port(const rtr_org *o, const void *p);
/* The geometry of named configuration c (its parameters checked). */
int rtr_org_geom(const rtr_org *o, const rtr_namedcfg *c, rtr_geom *g, char *err, int errlen);
/* The key of c that only the C model has and that c sets to anything but 0,
 * or NULL (such a configuration has no RTL build). */
const rtr_key *rtr_org_model_only(const rtr_org *o, const rtr_namedcfg *c);

/* The C model of any organization, from a named configuration. */
extern const rtr_impl rtr_model_impl;

/* ---- RTL presence: rtl_glue.c in programs linked with a router build,
 * rtl_none.c otherwise ---- */
/* Named configuration of the RTL build linked in ("yarc-k16", ...), or NULL. */
const char *rtr_rtl_build(void);
/* 1 if the linked RTL was built with FST tracing. */
int rtr_rtl_traced(void);
/* The linked RTL implementation, or NULL in a binary without RTL. Its
 * create() refuses a configuration that is not the one it was built for. */
const rtr_impl *rtr_rtl_impl(void);

#endif
