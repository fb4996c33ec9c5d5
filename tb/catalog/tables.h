/* tables.h - what a testbench or a network knows of a router: its geometry
 * (ports, VCs, port kind, the turns it has no crosspoint for), and its
 * routing tables as values (docs/yarc-arch.md section 5, shared by every
 * organization: docs/nwn-arch.md 4.2), encoded into configuration-port
 * writes, and read back "as the documents state them" for the route checks:
 * the router testbench's check of every delivered packet and the network
 * layer's walk of every route before a run.
 *
 * The router testbench's routing set-ups (nr_route_mode: one router alone,
 * a folded-Clos leaf or middle stage, a flattened-butterfly router) are
 * tables made here too (nr_route_fill), so that an organization's
 * descriptor (org.h) programs them without knowing how.
 */
#ifndef CATALOG_TABLES_H
#define CATALOG_TABLES_H
#include <stddef.h>
#include <stdint.h>

#include "nr_lcb.h"
#include "nr_router.h"

typedef struct rtr_geom rtr_geom;
struct rtr_geom {
    int num_ports;
    int num_vcs;
    int use_lcb;
    int in_buf_per_vc; /* router input queue per VC = credits of its upstream */
    int max_pkt_len;
    int rows, cols;    /* tile grid for the row-to-column adversary (0 if none) */
    nr_lcb_params lcb; /* the router's port LCB parameters (the peer NIC uses them too) */
    /* Turns without a crosspoint (network switches, docs/nwn-arch.md 1.2, 1.4) */
    int self_drop;  /* a packet to its own input port is dropped (SELF) */
    int upup_first; /* > 0: ports >= this are up ports, and up to up is dropped (UPUP) */
    int mp_n;       /* > 0: ports per bottom subswitch of a multi-path switch (fc, bb); < 0:
                     * HyperX (nwn-arch 1.6), -(ports a subswitch) */
    int fb_seq;     /* FbSeq: the sequential allocator of docs/fbfly-routing.md 6.4
                            (C model only) */
    int up_pick;    /* UpPick: 2 the greedy_r(2) up choice of docs/yarc-arch.md 5,
                            step 4' (C model only); 0 the choice over every candidate */
    int side_tab;   /* SideTab: 1 the side table of docs/yarc-arch.md 5, step 3a
                            (C model only) */
    int lut_bits;   /* seastar: its LUT holds 2^lut_bits destinations (docs/seastar-arch.md 4) */
    int va_per;     /* > 0: the router allocates a packet's output VC among the va_per
                     * VCs of its VC's class (the baseline VC router, nwn-arch 1.7) */
    int va_hop;     /* ... of the next class, the last kept (VaHop = 1) */
    /* DET_VCS (--det-vcs, a testbench choice): the VCs routed up
     * deterministically whatever their a bit (docs/yarc-arch.md 5) */
    unsigned det_vcs;
    unsigned up_sel; /* UP_SEL (--up-sel): YARC's up choice, step 4 or 4s (yarc-arch 5) */
    /* --route fbfly (a testbench choice, not the configuration's): the
     * algorithm (FB_CTRL.alg), the dimensions D (1 to 4), this router's id
     * and FB_CHARGE; K and C follow from the ports (nr_route_fb_shape) */
    int fb_alg, fb_dims;
    unsigned fb_me, fb_charge;
    /* Optional (NULL: none). The internal buffers a packet from input port p
     * to output port q shares with packets of other inputs, as group ids
     * (at most 2, into gid; returns their count): the network check's
     * dependency graph counts a wait for any output a packet sharing one
     * of them may go to (docs/fbfly-routing.md section 7). Set by the
     * organization's geometry. */
    int (*share)(const rtr_geom *g, int p, int q, int *gid);
};

/* A router that allocates VCs (va_per > 0, nwn-arch 1.7): the class a
 * packet that came in on VC vc leaves on, its own or (va_hop) the next, the
 * last kept. */
static inline int rtr_va_cls(const rtr_geom *g, unsigned vc)
{
    const int c = (int)vc / g->va_per;
    return c + (g->va_hop && c + 1 < g->num_vcs / g->va_per);
}

/* The part of a geometry every organization fills the same way: ports, VCs,
 * port kind, input queue, MaxPktLen and the ports' LCB parameters (which the
 * peer NICs use too); everything else 0. */
void rtr_geom_ports(rtr_geom *g, int nports, const nr_port_params *p);

/* One configuration-port write (nr_rtr_in cfg_* fields). */
typedef struct {
    int bcast, tile, addr;
    uint32_t wdata;
} rtr_cfgw;

/* Routing set-ups the harness can ask an organization for. */
typedef enum {
    NR_ROUTE_SINGLE = 0,    /* single-router mode: dest's low bits = output port */
    NR_ROUTE_REMAP = 1,     /* single-router mode through a non-identity remap table */
    NR_ROUTE_CLOS_LEAF = 2, /* leaf of a folded Clos: dests 0..N/2-1 down, the rest up */
    NR_ROUTE_CLOS_MID = 3,  /* middle stage: dests N/2..N-1 down (DOWN_SHIFT 1), the rest up */
    NR_ROUTE_HOLES = 4, /* remap with invalid L2P entries: their dests dropped by the remap step */
    NR_ROUTE_FBFLY = 5  /* one router of a flattened butterfly in the routers' FB mode
                                (docs/fbfly-routing.md): geom's fb_* fields */
} nr_route_mode;
#define NR_ROUTE_IS_CLOS(m) ((m) == NR_ROUTE_CLOS_LEAF || (m) == NR_ROUTE_CLOS_MID)

/* What the route check (nr_route_port_ok) saw of the delivered packets, by
 * path (docs/yarc-arch.md section 5 steps 2-5), and the adaptive choice by
 * output column (YARC: the column whose row-bus credits scored it). */
#define NR_ROUTE_MAX_COLS 16
typedef struct {
    uint64_t srcroute, down, up_det, up_adapt; /* deliveries checked, by RC step */
    uint64_t misroutes;                        /* refused by the check */
    int ncols;                                 /* columns counted (0: no tile grid) */
    uint64_t col_taken[NR_ROUTE_MAX_COLS];     /* adaptive up packets that left by column c */
    double col_fair[NR_ROUTE_MAX_COLS];        /* sum of (candidates in c)/(candidates): a
                                                  load-blind choice's expectation */
    /* --route fbfly: deliveries by the minimal route's port (EJECT or DOR)
     * or another one the rule allows, and those whose VC changed */
    uint64_t fb_min, fb_other, fb_vc_changed;
} nr_route_upstat;

#define NR_ROUTE_SIDE_MAX 8 /* side-table entries (docs/yarc-arch.md 5, step 3a) */
/* The routing tables of one router (docs/yarc-arch.md section 5), as values:
 * entries are a port, or -1 for invalid. The broadcast values are every
 * tile's; with per_tile, each tile (input port) q has its own UP_MASK and
 * ULUT (tile_*[q]), as a testbench mode or a network builder may set. */
typedef struct {
    int nports;
    unsigned root_mask, root_detect;
    int down_shift;
    int dlut[NR_MAX_PORTS], ulut[NR_MAX_PORTS], l2p[NR_MAX_PORTS];
    uint64_t up_mask;
    unsigned det_vcs; /* DET_VCS (section 9): written only when not 0 */
    /* DL_VC (section 5 step 3; written only when set): a down route's VC bit
     * 0 is its DLUT entry's v, dlut_vc[i] */
    int dl_vc;
    int8_t dlut_vc[NR_MAX_PORTS];
    /* The DLUT's entries when more than nports (0: nports): a router whose
     * own table holds a destination per entry (SeaStar's LUT,
     * docs/seastar-arch.md 4); the network layer's tables only */
    int dlut_n;
    unsigned up_sel; /* UP_SEL (section 9): written only when not 0 */
    int per_tile;
    uint64_t tile_up_mask[NR_MAX_PORTS];
    int8_t tile_ulut[NR_MAX_PORTS][NR_MAX_PORTS];
    /* The flattened-butterfly mode (docs/fbfly-routing.md section 2): fb_alg
     * 0 leaves it off (no writes); otherwise every tile gets FB_CTRL with its
     * own fb_indim[q] (0..dims-1, or NR_ROUTE_FB_TERMINAL), FB_ME and FB_CHARGE;
     * fb_tile_alg[q], when not 0, is tile q's own alg in place of fb_alg
     * (FB_CTRL is per tile: the dragonfly's node inputs route by MIN, its
     * router inputs by VAL, docs/network.md "Topology: dfly"). */
    int fb_alg, fb_dims, fb_kbits, fb_cbits;
    unsigned fb_me, fb_charge;
    int fb_ddim; /* FB_CTRL.ddim (section 4, C model only): draw only the differing digits */
    int8_t fb_indim[NR_MAX_PORTS];
    int8_t fb_tile_alg[NR_MAX_PORTS];
    /* alg 7, the dragonfly's mode (section 4a): FB_CTRL.dfa, and each
     * tile's glob bit (a global channel's input); the draws read the ULUT
     * and the DLUT */
    int fb_dfa;
    int8_t fb_glob[NR_MAX_PORTS];
    int fb_nvcs; /* the router's NumVcs, which MIN AD's VC rule reads (section 4) */
    /* DOR_CTRL (docs/yarc-arch.md section 5 step 3d; written only when
     * dor): step 3's entry from the coordinates of a k-ary n-cube or mesh
     * (wrap), K = 2^dor_kbits routers per dimension, dor_dims dimensions,
     * 2^dor_cbits nodes per router; this router's id is fb_me */
    int dor, dor_wrap, dor_dims, dor_kbits, dor_cbits;
    /* DOR_CTRL.adapt (step 3e; routers with FbSeq = 1): 0 off, 1 the
     * adaptive torus routing with its cut-through condition, 2 without it */
    int dor_adapt;
    /* SeaStar's partitions (docs/seastar-arch.md 4; the network layer's
     * tables, with dor): part_bits > 0: a dest whose bits from part_bits up
     * differ from part_own goes by glut[their low 3] (a logical port, -1
     * invalid; its v glut_vc), the rest by step 3 */
    int part_bits;
    unsigned part_own;
    int8_t glut[8], glut_vc[8];
    /* The side table (docs/yarc-arch.md section 5, step 3a; routers with
     * SideTab = 1): side_n entries, every tile the same; entry e names the
     * logical ports base .. base + cnt - 1 for the destinations with
     * (dest & mask) = match. */
    int side_n;
    struct {
        unsigned match, mask;
        int base, cnt;
    } side[NR_ROUTE_SIDE_MAX];
} nr_route_vals;
/* fb_alg values (FB_CTRL.alg) and the indim of a terminal input. */
enum {
    NR_ROUTE_FB_OFF,
    NR_ROUTE_FB_MIN,
    NR_ROUTE_FB_VAL,
    NR_ROUTE_FB_UGAL,
    NR_ROUTE_FB_MINAD,
    NR_ROUTE_FB_UGALS,
    NR_ROUTE_FB_CLOSAD,
    NR_ROUTE_FB_DFLY
};
#define NR_ROUTE_FB_TERMINAL 15
/* A routing's fb_alg (catalog/topo.h) may carry this flag: FB_CTRL.ddim */
#define NR_ROUTE_FB_DDIM 0x100
/* fb_dfa values (FB_CTRL.dfa of alg 7) */
enum { NR_ROUTE_DF_MIN, NR_ROUTE_DF_VAL, NR_ROUTE_DF_UGAL, NR_ROUTE_DF_PAR };
/* The FB_CTRL word of tile q (docs/fbfly-routing.md section 2). */
uint32_t nr_route_fb_ctrl(const nr_route_vals *t, int q);
/* The VCs of one traffic class of the FB mode's algorithm on these tables
 * (docs/fbfly-routing.md sections 3 and 4): 2, or t->fb_nvcs for MIN AD
 * with 3 <= D <= NumVcs (one class, the VC by the hops remaining) and for
 * the dragonfly mode (alg 7, section 4a). A class
 * c is VCs c*P .. c*P + P - 1; its packets enter, and leave, on the last. */
int nr_route_fb_vcs_per_class(const nr_route_vals *t);
/* The FB mode's algorithm does what its name says with these tables: 0, or
 * -1 with why not (MIN AD with 3 or more dimensions needs as many VCs; with
 * fewer it is MIN, docs/fbfly-routing.md section 4). */
int nr_route_fb_usable(const nr_route_vals *t, char *err, int errlen);
/* The RC step that decided a route (nr_route_allowed). */
enum {
    NR_ROUTE_STEP_SRCROUTE,
    NR_ROUTE_STEP_DOWN,
    NR_ROUTE_STEP_UP_ADAPT,
    NR_ROUTE_STEP_UP_DET,
    NR_ROUTE_STEP_SIDE_ADAPT,
    NR_ROUTE_STEP_SIDE_DET
};
/* The configuration-port writes that load t into a router in reset state
 * (broadcasts, then each tile's own values when per_tile): at most max, and
 * returns the count. */
int nr_route_encode(const nr_route_vals *t, rtr_cfgw *w, int max);
/* The output ports the tables allow a packet entering at port src: its head's
 * dest, a, h, r; route_l, the logical port of its source route (r = 1); hash,
 * its hash phit (h = 1). Steps 2-6 of docs/yarc-arch.md section 5 as the
 * document states them (not the C model's code): one port, every adaptive
 * candidate (a = 1, up), or none (a drop). *step says which step decided.
 * Returns the count. */
int nr_route_allowed(const nr_route_vals *t, int src, unsigned dest, int a, int h, int r,
                     int route_l, uint32_t hash, int *step, int *ports, int max);
/* Step 3e (DOR_CTRL.adapt, docs/network.md "Topology: torus and mesh", adaptive), as that
 * document states it: the (port, VC) pairs a packet to dest entering on VC
 * v of a router of nvcs VCs may take (a = 1): the escape, and every
 * adaptive candidate. Returns the count. */
int nr_route_dor_allowed(const nr_route_vals *t, unsigned dest, int v, int nvcs, int *ports,
                         int *vcs, int max);
/* The VCs (bit v) that no packet ever waits for on leaving a router of these
 * tables and nvcs VCs: step 3e's adaptive VCs with its cut-through condition
 * (adapt 1), else none. */
unsigned nr_route_nowait_vcs(const nr_route_vals *t, int nvcs);
/* The VC a down route (step 3) leaves on, entering on vc of a router of
 * nvcs VCs: with DL_VC, (vc & ~1) | the DLUT entry's v when that is below
 * nvcs; else vc. */
int nr_route_down_vc(const nr_route_vals *t, unsigned dest, int vc, int nvcs);
/* Only the step nr_route_allowed would take (which of steps 2-5 decides; the
 * SIDE ones: a side entry (step 3a) gave the candidates of step 4 or 5). */
int nr_route_step(const nr_route_vals *t, unsigned dest, int a, int r);
/* Step 3a: the first side entry matching dest, or -1. */
int nr_route_side(const nr_route_vals *t, unsigned dest);
/* The adaptive candidates of input src (its UP_MASK through L2P). */
int nr_route_up_ports(const nr_route_vals *t, int src, int *ports, int max);
/* The tables of a testbench mode (below). */
void nr_route_fill(const rtr_geom *g, nr_route_mode mode, nr_route_vals *t);
/* The flattened-butterfly mode as docs/fbfly-routing.md sections 3 and 4
 * state it (not the C model's code): the (output port, VC) pairs a packet
 * entering at physical port src on VC vc with adaptive bit a may leave by,
 * over every draw and every adaptive choice, through L2P (a pair whose L2P
 * entry is invalid is left out: such a route drops). None: the destination
 * is outside the network (NO_ROUTE). Returns the count; *min_port gets the
 * minimal route's port (EJECT or DOR, -1 if none). */
int nr_route_fb_allowed(const nr_route_vals *t, int src, unsigned dest, unsigned vc, int a,
                        int *ports, int *vcs, int max, int *min_port);
/* --route fbfly: the flattened butterfly this router is one of, from its
 * ports and g->fb_dims: C the largest power of two <= ports/2, K the largest
 * power of two with C + D(K-1) <= ports (lg in *kb, *cb). */
void nr_route_fb_shape(const rtr_geom *g, int *K, int *C, int *kb, int *cb);
/* --route fbfly: the node a traffic pattern's destination index idx
 * (0..ports-1) stands for: idx < C a terminal of this router; an index of
 * the network ports, a node beyond logical port idx (digits above its
 * dimension and the terminal from rnd); the rest a node anywhere. With MIN
 * a packet to it leaves by L2P[idx] (idx < C + D(K-1)). */
unsigned nr_route_fb_dest(const rtr_geom *g, unsigned idx, uint64_t rnd);
/* --route fbfly: a destination outside the network (from rnd), which every
 * input drops NO_ROUTE. */
unsigned nr_route_fb_outside(const rtr_geom *g, uint64_t rnd);
/* --route fbfly: 1 if physical input port p is a terminal's (indim 3). */
int nr_route_fb_terminal(const rtr_geom *g, int p);
/* --route fbfly: the (port, VC) pairs the rule allows the packet ph sent at
 * input src, in words, for a report; returns their count. */
int nr_route_fb_explain(const rtr_geom *g, int src, const uint32_t *ph, int len, char *buf, int n);
/* The name of FB_CTRL.alg a ("min", "val", ...); and back (-1: unknown). */
const char *nr_route_fb_alg_name(int a);
int nr_route_fb_alg_of(const char *name);

/* Routing tables (tables.c), shared by every organization: the writes for
 * `mode` (at most max; returns the count), and the output port / logical port
 * a destination gets (-1 if unroutable). */
int nr_route_program(const rtr_geom *g, nr_route_mode mode, rtr_cfgw *w, int max);
int nr_route_port_of(const rtr_geom *g, nr_route_mode mode, unsigned dest);
int nr_route_logical_of(const rtr_geom *g, nr_route_mode mode, unsigned dest);
/* The expected output of a whole packet, from the tables as docs/yarc-arch.md
 * section 5 reads them (source route, down, adaptive up = any UP_MASK
 * candidate of the input's tile, deterministic up = the ULUT entry the hash
 * fold names): rtr_org.port_ok. */
int nr_route_port_ok(const rtr_geom *g, nr_route_mode mode, nr_route_upstat *st, int src,
                     const uint32_t *ph, int len, int port, int out_vc, int *expect);
/* 1 if dest leaves upward under mode (Clos modes only). */
int nr_route_is_up(const rtr_geom *g, nr_route_mode mode, unsigned dest);
/* rtr_org.may_reorder for the up routes: an up-routed packet with a or h set
 * may take another up port than the rest of its flow; with --route fbfly, a
 * packet the rule lets leave by more than one (port, VC), or on another VC
 * than it came in on. */
int nr_route_may_reorder(const rtr_geom *g, nr_route_mode mode, int src, unsigned dest, unsigned vc,
                         int a, int h);
/* -1 with a message if mode cannot be used on g (Clos modes need >= 16 ports,
 * a power of two, and no up-to-up drop; fbfly needs self turns, no up-to-up
 * drop, at least 4 ports, and an even VC count for algorithms 2..6). */
int nr_route_check(const rtr_geom *g, nr_route_mode mode, char *err, int errlen);
/* Output ports of the adaptive candidates of input src (UP_MASK of its tile
 * through L2P); returns their count. */
int nr_route_up_cands(const rtr_geom *g, nr_route_mode mode, int src, int *ports, int max);

#endif
