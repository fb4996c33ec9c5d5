/* topo.h - network topologies: one file each behind one interface, and the
 * algorithms every topology shares, written once over the graph
 * (docs/network.md; docs/architecture.md "Adding a topology").
 *
 * A topology is one file tb/catalog/topo_<name>.c that defines
 * `const net_topo_kind net_topo_<name>`: its spec keys, its routings (each
 * with the head bits its packets carry, the order and minimality it
 * promises, and its VC rules), a builder that makes the graph and every
 * router's tables (nr_route_vals, tables.h) from a spec string, the programming
 * of a routing into the tables, the minimal hop count between two nodes and
 * the worst-case traffic pattern. The build makes the registry from the
 * files present (build/gen/catalog_reg.c), as it does for organizations.
 *
 * The graph is routers, each with its ports' peers (another router's port, a
 * terminal node, or nothing), and every router's routing tables as the
 * routers' own mechanism holds them (docs/yarc-arch.md section 5: root detect
 * and mask, DLUT, ULUT, UP_MASK, L2P, the side table and the
 * flattened-butterfly registers). The same tables program the C models and
 * the RTL routers, and the generic check reads them as the documents state
 * them (tables.h: nr_route_allowed, nr_route_fb_allowed): it walks every
 * route the tables allow from every node to every other and proves the
 * channel-dependency graph free of cycles before a run.
 */
#ifndef CATALOG_TOPO_H
#define CATALOG_TOPO_H
#include <stdint.h>
#include <stdio.h>

#include "catalog/tables.h"
#include "nr_rng.h"

#define NET_MAX_LEVELS 4
#define NET_MAX_NODES 32768 /* the head's 15-bit dest */
#define NET_MAX_PLANES 8

/* The far end of a port. */
enum { NET_PEER_NONE = -2, NET_PEER_NODE = -1 };
typedef struct {
    int rtr; /* a router index, NET_PEER_NODE (port = the node id) or NET_PEER_NONE */
    int port;
} net_end;

typedef struct {
    int level; /* 1 = leaf .. levels = top (1 for a direct network) */
    int nports;
    net_end peer[NR_MAX_PORTS];
    nr_route_vals tab;
} net_rtr;

/* Head bits every packet of a routing carries. */
enum { NET_HD_A = 1, NET_HD_H = 2, NET_HD_R = 4 };

/* One routing of a topology. */
typedef struct {
    const char *name; /* "updown-adaptive" */
    const char *doc;  /* one line for --help */
    unsigned head;    /* NET_HD_*: a adaptive, h a random hash phit, r a source route */
    int ordered; /* every packet of a (src, dest, VC) flow takes one path: delivered in order */
    int minimal; /* every route is a shortest one: hop counts are checked against min_hops */
    /* VC rules (deadlock freedom): 0 a packet keeps its VC at every hop (the
     * walk reads VC 0 for every VC); 1 the routers' flattened-butterfly mode,
     * two VCs per traffic class, a packet entering on its class's phase-1 VC
     * (docs/fbfly-routing.md section 3), or the tables' DL_VC with the same
     * two VCs (the torus, docs/yarc-arch.md section 5 step 3); 2 the FB mode, but a packet
     * enters on its class's phase-0 VC (unless its destination is a node of
     * its own router: phase 1) and is delivered on phase 1 (the dragonfly,
     * docs/network.md "Topology: dfly") */
    int vc_phase;
    int fb_alg; /* the routers' flattened-butterfly mode (NR_ROUTE_FB_*, with NR_ROUTE_FB_DDIM), 0 off */
    int needs_fbseq; /* the routers need the sequential allocator (FbSeq = 1) */
    int up_pick_ok;  /* UpPick = 2 routers change this routing's choices (the adaptive up) */
} net_routing_def;

/* One key of a spec string. */
#define NET_KEY_REQUIRED (-2147483647L - 1)
typedef struct {
    const char *key;
    long dflt; /* NET_KEY_REQUIRED: must be given */
    long min, max;
    const char *doc;
} net_spec_key;
#define NET_MAX_KEYS 12

typedef struct net_topo net_topo;

/* The floor plan of the cost model (net_cost, docs/cost.md): cabinets of
 * nodes_per_cab nodes, pitch_x metres apart along a row and pitch_y metres
 * between rows (the cabinet's depth and the aisle). */
typedef struct {
    int nodes_per_cab;
    double pitch_x, pitch_y;
} net_floor;
/* Where a router stands: its cabinet (routers of one cabinet share its
 * backplane) and the cabinet's place on the floor, in metres. */
typedef struct {
    long cab;
    double x, y;
} net_place;

/* A topology. */
typedef struct net_topo_kind {
    const char *name;                /* "fclos": the spec's prefix */
    const char *usage;               /* "fclos:k=K,levels=L[,tophalf=1]..." */
    const char *doc;                 /* a few lines for --help */
    const net_spec_key *keys;        /* to the entry whose key is NULL */
    const net_routing_def *routings; /* to the entry whose name is NULL; the first is the default */
    /* Build the graph and its tables for routers of k_rtr ports from the
     * keys' values kv (in the order of keys; defaults filled in; each in its
     * range; given[i]: the spec set it). -1 with a message. */
    int (*build)(net_topo *t, const long *kv, const int *given, int k_rtr, char *err, int errlen);
    /* Optional (NULL: the built tables serve every routing). Program the
     * routers' tables for routing rt; charge: the sequential allocator's
     * charge (phits per pending packet). -1 with a message. */
    int (*set_routing)(net_topo *t, const net_routing_def *rt, unsigned charge, char *err,
                       int errlen);
    /* Routers on a shortest route from node a to node b (1 for a = b). */
    int (*min_hops)(const net_topo *t, int a, int b);
    /* The most routers a route of rt may cross (the walk's bound). */
    int (*max_hops)(const net_topo *t, const net_routing_def *rt);
    /* Optional (NULL: table routed). A source route from node a to node b:
     * the output port at each router (the route phit's logical ports, at most
     * NR_ROUTE_HOPS), into ports; returns their count. */
    int (*srcroute)(const net_topo *t, int a, int b, unsigned *ports);
    /* Optional (NULL: the pattern does not apply). The worst-case pattern's
     * destination for a packet of node src, drawn from rng; -1 when the
     * network is too small for it (message in err at set-up: net_wc_check). */
    int (*wc_dest)(const net_topo *t, int src, nr_rng_t *rng);
    /* Optional (NULL: the topology has no physical layout, and net_cost
     * refuses it). The layout of the cost model (docs/cost.md "Layouts"):
     * where router r stands on floor fl, into p. Returns 1 when the router
     * drives its links inside a cabinet with SerDes of their own (a direct
     * network, seed 002 §5.3: P_link_ll), 0 when one kind of SerDes drives
     * every link (an indirect network: P_link_gl inside a cabinet). */
    int (*place)(const net_topo *t, const net_floor *fl, int r, net_place *p);
    /* Optional (NULL: the topology cannot route around a failed link, and a
     * run with failures is refused). The tables of the built routing that
     * avoid the failed links, dead[r] bit p for router r's port p (both ends
     * of a link set), into every router's tab. -1 with a message when the
     * topology cannot (the caller's check then finds whether any route is
     * left). */
    int (*avoid)(net_topo *t, const uint64_t *dead, char *err, int errlen);
    /* Optional (NULL: no routing of the topology is an oracle's). UGAL-G's
     * oracle, C models only (docs/network.md "Topology: dfly"): 0 when the
     * routing t->routing reads only the router's own queues; 1 when its RC
     * reads the queues of other routers' global channels, with at[r *
     * NR_MAX_PORTS + l] the router and output port of the channel router r's
     * logical port l stands for (rtr -1: none). */
    int (*oracle)(const net_topo *t, net_end *at);
} net_topo_kind;

/* The registry (build/gen/catalog_reg.c, made from tb/catalog/topo_*.c):
 * every topology, in name order, to NULL. */
extern const net_topo_kind *const net_topos[];
const net_topo_kind *net_topo_find(const char *name);

/* A built topology. */
struct net_topo {
    char spec[128];
    const net_topo_kind *kind;
    const net_routing_def *routing; /* the routing its tables are programmed for */
    int levels;                     /* 1 for a direct network */
    int nrtr, nnodes;
    int first[NET_MAX_LEVELS + 2]; /* routers of level l: first[l] .. first[l+1]-1 */
    net_rtr *r;
    net_end *node; /* node n: its router and port */
    int nlinks;    /* router-to-router links */
    void *priv;    /* the topology's own (freed with the topology) */
    /* planes=P, a key of every kind: the network is P copies of this graph
     * and each node has a port into each (docs/network.md "Planes"). The
     * graph, its tables and its checks are one plane's; the simulator makes
     * the copies (tb/net/net.c). */
    int planes;
    /* The destinations a router's down table holds: its ports, or more
     * where its organization's own table holds them (SeaStar's LUT:
     * net_topo_build_dests; nr_route_vals.dlut_n) */
    int dests;
};

/* Build the topology of spec for routers of k_rtr ports: the kind by its
 * prefix, every key known, given at most once, in its range (decimal or 0x
 * hexadecimal) and the required ones given. 0, or -1 with a message naming
 * the spec's fault (the caller exits 2). */
int net_topo_build(net_topo *t, const char *spec, int k_rtr, char *err, int errlen);
/* The same for routers whose down tables hold dests destinations (a power
 * of two when more than k_rtr; at most NR_MAX_PORTS); the k-ary n-cube and
 * mesh use them. */
int net_topo_build_dests(net_topo *t, const char *spec, int k_rtr, int dests, char *err,
                         int errlen);
void net_topo_free(net_topo *t);
/* The routing of this topology named name, or NULL (with the names in err). */
const net_routing_def *net_topo_routing(const net_topo *t, const char *name, char *err, int errlen);
/* Program routing rt into the tables (kind->set_routing, if any). */
int net_topo_set_routing(net_topo *t, const net_routing_def *rt, unsigned charge, char *err,
                         int errlen);
/* Every topology's usage and routings, for --help, into f. */
void net_topo_help(FILE *f);

/* What the check found. */
typedef struct {
    int min_hops, max_hops; /* routers on a route between two distinct nodes */
    long states;            /* (router, input, VC, dest) states walked */
    long turns;             /* distinct (router, in, VC, out, VC) turns the routes use */
    long channels;          /* (channel, VC) nodes of the dependency graph */
    long hop_kept; /* routers of a class per hop: turns into a link that keep the last class */
} net_check_res;

/* The check, over the graph and the tables: every route the tables allow
 * for the topology's routing (down, every adaptive and hashed up choice,
 * every flattened-butterfly draw), or the source routes of a source-routed
 * one, from every node to every other node, on routers of geometry
 * g[level-1]: each must reach its destination within max_hops routers,
 * never through an unconnected port or a turn the router has no crosspoint
 * for, and the dependency graph of (channel, VC) pairs, with the routers'
 * shared internal buffers (rtr_geom.share), must have no cycle. 0, or -1
 * with the first fault. */
int net_topo_check(const net_topo *t, const rtr_geom *const *g, int nvcs, net_check_res *res,
                   char *err, int errlen);

/* The worst-case pattern applies: 0, or -1 with why not. */
int net_wc_check(const net_topo *t, char *err, int errlen);
/* The worst case of seed 002 §4.1 for a network whose routers each hold
 * nodes: a node of router r sends to a random node of the next router with
 * nodes (mod their count). A wc_dest of the topologies that use it. */
int net_wc_next_router(const net_topo *t, int src, nr_rng_t *rng);

/* The turn (in port p, out port q) exists in a router of geometry g. */
int net_turn_ok(const rtr_geom *g, int p, int q);

/* Helpers for the layouts (place): the columns of a near-square floor of
 * ncab cabinets (its width about its depth); the place of cabinet c, the
 * cabinets numbered along rows of cols. */
int net_floor_cols(long ncab, const net_floor *fl);
void net_floor_cab(long c, int cols, const net_floor *fl, net_place *p);

/* Helpers for the builders: join router a's port pa and router b's port pb
 * (one link); the graph's arrays for nrtr routers and nnodes nodes (every
 * peer NONE). -1 with a message. */
void net_link(net_topo *t, int a, int pa, int b, int pb);
int net_topo_alloc(net_topo *t, int nrtr, int nnodes, char *err, int errlen);
/* A builder's private state: size bytes, zeroed, in t->priv (which
 * net_topo_free frees), for a network of nodes nodes, at most NET_MAX_NODES
 * (a 15-bit dest). NULL with a message. */
void *net_topo_priv(net_topo *t, long nodes, size_t size, char *err, int errlen);
/* Router r at level with nports ports, its tables zeroed but for nports,
 * every ULUT entry invalid and L2P the identity. Returns its tables. */
nr_route_vals *net_rtr_init(net_topo *t, int r, int level, int nports);
/* Router r of a one-level network whose routes are source routes (fbfly,
 * dfly): net_rtr_init's tables in single-router mode at their reset values
 * (ROOT_MASK over the ports, DLUT the identity: only source routes and the
 * router's own nodes are used), and its c nodes r*c .. r*c + c-1 on its
 * ports 0 .. c-1. Returns the router. */
net_rtr *net_rtr_leaf(net_topo *t, int r, int nports, int c);
int net_lg2(int n);
long net_ipow(long b, int e);

/* SeaStar's partitions (docs/seastar-arch.md 4) on a torus or mesh routed
 * by coordinates: node ids split by their bits from pb up, each partition
 * whole planes of the highest dimension (digit n - 1: the seed's slabs of
 * x); every router's part_own and GLUT, glut[p] the hop in dimension n - 1
 * toward p's nearer edge (a tie the + way), v 0 while that dimension's route
 * ahead crosses the dateline. -1 with a message where not built. */
int net_topo_partition(net_topo *t, int pb, char *err, int errlen);

#endif
