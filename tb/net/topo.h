/* topo.h - network topologies of the kit's routers: a builder from a spec
 * string, the routing tables of every router computed from the topology,
 * and the build-time checks (docs/network.md).
 *
 * A topology is routers, each with its ports' peers (another router's port,
 * a terminal node, or nothing), and every router's routing tables as the
 * routers' own mechanism holds them (docs/yarc-arch.md section 5: root
 * detect and mask, DLUT, ULUT, UP_MASK, L2P; rtr_tables, tb/rtr/rtr.h). The
 * same tables program the C models and the RTL routers (--impl rtl|lockstep).
 *
 * Spec strings:
 *   fclos:k=K,levels=L   folded Clos (a k-ary L-tree, up*-down* routing) of
 *                        K-port routers: every router below the top has K/2
 *                        down and K/2 up ports, a top router K down ports;
 *                        N = K * (K/2)^(L-1) nodes, L = 1 a single router.
 *                        K is the routers' port count when not given.
 *                        taper=T: only T of the K/2 up ports of a router
 *                        below the top are wired (a bandwidth taper of T to
 *                        K/2), and each level above has T^(l-1) routers per
 *                        subtree instead of (K/2)^(l-1).
 *                        links=P: P parallel links between a router and
 *                        each parent it reaches, so (T/P)^(l-1) routers per
 *                        level-l subtree, K/2 / P children per router below
 *                        the top and K/P at the top (N = K/P * K/2 *
 *                        (K/2/P)^(L-2)); a router sends a node's packets
 *                        down one of the P links, chosen by the node's
 *                        place in the child subtree (the DLUT).
 *                        side=S: S copies of the network (S = 2..9, tophalf
 *                        implied), joined by side links: the top router c
 *                        of every copy uses its K/2 down ports as usual and
 *                        its other K/2 ports as side links, (K/2)/(S-1) to
 *                        top router c of each other copy; a packet for
 *                        another copy goes up to a top router of its own,
 *                        across one side link, and down (2L routers); the
 *                        top routers route it by their side table
 *                        (docs/yarc-arch.md 5, step 3a: one entry per peer
 *                        copy), so their configuration needs SideTab=1.
 *   bw:rank=R[,taper=T]  one plane of BlackWidow's network (seed 000
 *                        L3994-4031) of 64-port routers: rank 1 one R1
 *                        router and its 32 processors (fclos:k=64,levels=1,
 *                        tophalf=1); rank 2 32 R1 routers under 16 R2
 *                        routers, two links each (fclos:k=64,levels=2,
 *                        links=2: 1024 processors); rank 3 32 such R2
 *                        subtrees of 512 under 256 R3 routers (levels=3,
 *                        links=2: 16384). side=S (rank 2): S 512-processor
 *                        R2 subtrees joined by side links, as seed 000's
 *                        "up to nine 512-processor R2 subtrees via side
 *                        links" (4608 at S = 9): fclos:k=64,levels=2,
 *                        links=2,tophalf=1,side=S.
 *   fbfly:k=K,n=N,c=C    flattened butterfly (seed 002 section 2): a k-ary
 *                        n-flat, K^(N-1) routers in an (N-1)-dimensional
 *                        grid, each joined to the K-1 others of its row in
 *                        every dimension, C nodes per router (C = K is the
 *                        seed's); N = C * K^(N-1) nodes. Ports: 0..C-1 the
 *                        nodes, then K-1 per dimension. Routing: minimal
 *                        dimension order (MIN), as source routes.
 *                        tophalf=1: the top routers use K/2 down ports only
 *                        (their other ports unconnected), N = (K/2)^L.
 */
#ifndef NET_TOPO_H
#define NET_TOPO_H
#include "rtr/rtr.h"

#define NET_MAX_LEVELS 4
#define NET_MAX_NODES 32768 /* the head's 15-bit dest */

/* The far end of a port. */
enum { NET_PEER_NONE = -2, NET_PEER_NODE = -1 };
typedef struct {
    int rtr; /* a router index, NET_PEER_NODE (port = the node id) or NET_PEER_NONE */
    int port;
} net_end;

typedef struct {
    int level; /* 1 = leaf .. levels = top */
    int nports;
    net_end peer[NR_MAX_PORTS];
    rtr_tables tab;
} net_rtr;

typedef enum { NET_FCLOS, NET_FBFLY } net_topo_kind;

typedef struct {
    char spec[128];
    net_topo_kind kind;
    int k, levels, d; /* fclos: ports per router, levels, down ports below the top;
                              fbfly: k routers per dimension, n-1 dimensions (levels = 1) */
    int c, dims;      /* fbfly: nodes per router, dimensions */
    int fb_alg;       /* fbfly: 0 = MIN as source routes; else the routers' own
                              flattened-butterfly mode (RTR_FB_*, net_topo_set_fb) */
    int top_down;     /* down ports of a top router: k, or d (tophalf=1) */
    int up;           /* fclos: up links per router below the top, T <= d (taper=T;
                              d when fully provisioned) */
    int links;        /* fclos: links between a router and each parent (links=P; 1) */
    int copies;       /* fclos: side=S, S side-linked copies (1 without side links) */
    int ncopy;        /* fclos: nodes per copy (nnodes / copies) */
    int side_links;   /* fclos side=S: links between two peer top routers, d/(S-1) */
    int nrtr, nnodes;
    int first[NET_MAX_LEVELS + 2]; /* routers of level l: first[l] .. first[l+1]-1 */
    net_rtr *r;
    net_end *node; /* node n: its router and port */
    int nlinks;    /* router-to-router links */
} net_topo;

/* Build the topology of spec for routers of k_rtr ports. 0, or -1 with a
 * message naming the spec's fault (the caller exits 2). */
int net_topo_build(net_topo *t, const char *spec, int k_rtr, char *err, int errlen);
void net_topo_free(net_topo *t);

/* What the check found. */
typedef struct {
    int min_hops, max_hops; /* routers on a route between two distinct nodes */
    long states;            /* (router, input, dest) states walked */
    long turns;             /* distinct (router, in, out) turns the routes use */
    long channels;          /* channels of the channel-dependency graph */
} net_check_res;

/* Walk every route the tables allow (down, every adaptive and hashed up
 * choice), from every node to every other node, on routers of geometry
 * g[level-1]: each must reach its destination node within 2*levels-1 routers,
 * never through an unconnected port or a turn the router has no crosspoint
 * for (g->self_drop, g->upup_first), and the channel-dependency graph of the
 * turns the routes use must have no cycle. 0, or -1 with the first fault. */
int net_topo_check(const net_topo *t, const rtr_geom *const *g, net_check_res *res, char *err,
                   int errlen);

/* Routers on a shortest route from node a to node b (1 for a = b). */
int net_topo_min_hops(const net_topo *t, int a, int b);

/* A source-routed topology (fbfly): the route of a packet from node a to
 * node b, the output port at each router (the logical ports of the route
 * phit, at most NR_ROUTE_HOPS), into ports; returns their count. -1 for a
 * table-routed topology (fclos). */
int net_topo_srcroute(const net_topo *t, int a, int b, unsigned *ports);

/* Route a flattened butterfly with the routers' own flattened-butterfly mode
 * (docs/fbfly-routing.md): algorithm alg (RTR_FB_MIN .. RTR_FB_CLOSAD) and
 * the sequential allocator's charge written into every router's tables
 * (FB_CTRL with each port's dimension, FB_ME, FB_CHARGE). The geometry must
 * suit the mode (K and C powers of two, D * lg K <= 15; MIN AD: D <= 2).
 * 0, or -1 with a message (the caller exits 2). */
int net_topo_set_fb(net_topo *t, int alg, unsigned charge, char *err, int errlen);

/* The (output port, VC) pairs the flattened-butterfly rules of
 * docs/fbfly-routing.md section 4 allow a packet to dest entering router r
 * at port p on VC v with adaptive bit a, as the document states them (every
 * draw and every adaptive choice): a superset of what a router can choose
 * in any one cycle. Writes ports[i], vcs[i]; returns the count. (topo_fb.c) */
int net_fb_choices(const net_topo *t, int r, int p, int v, int a, unsigned dest, int *ports,
                   int *vcs, int max);

/* The check of a flattened butterfly routed by the routers' mode: every
 * route net_fb_choices allows from every node (on VCs vcs_used, a bit mask,
 * with adaptive bit a) to every other node reaches it within 2D+1 routers,
 * through connected ports and turns the routers have, and the dependency
 * graph of (channel, VC) pairs, with the router's internal buffers counted
 * as the input channel's VC (docs/fbfly-routing.md section 7), has no
 * cycle. 0, or -1 with the first fault. */
int net_fb_check(const net_topo *t, const rtr_geom *const *g, unsigned vcs_used, int a,
                 net_check_res *res, char *err, int errlen);

/* The turn (in port p, out port q) exists in a router of geometry g. */
int net_turn_ok(const rtr_geom *g, int p, int q);

#endif
