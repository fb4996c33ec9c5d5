/* sw_route.h - nr_route_tables: routing tables, route computation, the configuration decode (sw_route.c).
 * A piece of the switch models; sw_common.h says how the pieces work. */
#ifndef NR_SW_ROUTE_H
#define NR_SW_ROUTE_H
#include "sw_common.h"

/* ---- nr_route_tables: routing tables and route computation (yarc-arch §5, §9) ---- */
#define NR_ROUTE_ENT_VALID 0x40u /* table entry {valid = bit 6, port = bits 5:0} */
#define NR_ROUTE_ENT_PORT 0x3Fu
#define NR_ROUTE_ENT_V 0x80u /* a DLUT entry's v: the VC's bit 0 with DL_VC (yarc-arch §5) */
#define NR_ROUTE_SIDE 8      /* side-table entries (yarc-arch §5 step 3a) */
#define NR_ROUTE_SIDE_VALID 0x1000u
typedef struct {
    uint16_t root_mask, root_detect; /* 15 bits */
    uint8_t down_shift;              /* 4 bits */
    uint8_t dl_vc;    /* DL_VC: a down route's VC bit 0 is its DLUT entry's v (§5 step 3) */
    uint64_t up_mask; /* NumPorts bits */
    uint8_t dlut[NR_MAX_PORTS], ulut[NR_MAX_PORTS], l2p[NR_MAX_PORTS];
    /* the flattened-butterfly registers (docs/fbfly-routing.md §2), as
     * stored: only the bits listed there */
    uint32_t fb_ctrl;  /* 20 ddim, 19:18 dfa, 17 glob, 16:13 indim, 12:10 cbits, 9:7 kbits,
                        * 6:3 dims, 2:0 alg */
    uint16_t fb_me;    /* 15 bits: the router id R */
    uint8_t fb_charge; /* phits charged per pending packet (§6.4) */
    uint8_t det_vcs;   /* DET_VCS: bit v set, VC v's up routes are hashed whatever a (§5) */
    uint8_t up_sel;    /* UP_SEL (§5 step 4s): bit 0 the column rule, 1 two occupancy bits,
                        * 2 the matrix tie-break */
    uint16_t dor_ctrl; /* DOR_CTRL (§5 step 3d): 0 on, 1 wrap, 4:2 dims, 7:5 kbits, 10:8 cbits,
                        * 12:11 adapt (step 3e; stored with FbSeq = 1 only) */
    /* the side table (yarc-arch §5 step 3a; SideTab = 1, C model only) */
    uint32_t side_match[NR_ROUTE_SIDE]; /* bits 14:0 match, 29:15 mask */
    uint16_t side_ports[NR_ROUTE_SIDE]; /* bit 12 valid, 11:6 cnt - 1, 5:0 base */
} nr_route_tables;                      /* a new field goes into route_eq (sw_route.c) too */

/* FB_CTRL fields and the alg values (docs/fbfly-routing.md §2). */
enum {
    NR_FB_OFF = 0,
    NR_FB_MIN = 1,
    NR_FB_VAL = 2,
    NR_FB_UGAL = 3,
    NR_FB_MINAD = 4,
    NR_FB_UGALS = 5,
    NR_FB_CLOSAD = 6,
    NR_FB_DFLY = 7 /* the dragonfly's mode (§4a): its routing in FB_CTRL.dfa */
};
/* FB_CTRL.dfa, the dragonfly mode's routing (§4a) */
enum { NR_DF_MIN = 0, NR_DF_VAL = 1, NR_DF_UGAL = 2, NR_DF_PAR = 3 };
#define NR_FB_TERMINAL 15         /* indim of a terminal's input */
#define NR_FB_CTRL_MASK 0x1FFFFFu /* the bits FB_CTRL stores (20, ddim: C model only) */
static inline unsigned nr_fb_alg(unsigned ctrl) { return ctrl & 7u; }
static inline unsigned nr_fb_dims(unsigned ctrl) { return (ctrl >> 3) & 15u; }
static inline unsigned nr_fb_kbits(unsigned ctrl) { return (ctrl >> 7) & 7u; }
static inline unsigned nr_fb_cbits(unsigned ctrl) { return (ctrl >> 10) & 7u; }
static inline unsigned nr_fb_indim(unsigned ctrl) { return (ctrl >> 13) & 15u; }
static inline unsigned nr_fb_glob(unsigned ctrl) { return (ctrl >> 17) & 1u; }
static inline unsigned nr_fb_dfa(unsigned ctrl) { return (ctrl >> 18) & 3u; }
static inline unsigned nr_fb_ddim(unsigned ctrl) { return (ctrl >> 20) & 1u; }
/* The FB_CTRL word of these fields (docs/fbfly-routing.md §2). */
static inline unsigned nr_fb_ctrl(unsigned alg, unsigned dims, unsigned kbits, unsigned cbits,
                                  unsigned indim)
{
    return (alg & 7u) | (dims & 15u) << 3 | (kbits & 7u) << 7 | (cbits & 7u) << 10 |
           (indim & 15u) << 13;
}
/* The mode is on: alg 1..7. */
static inline int nr_fb_on(unsigned ctrl) { return nr_fb_alg(ctrl) != 0; }
/* The input unit's draw generator (§6.2): the reset value of input port p,
 * and the 16 Galois steps (taps 0xB400) a draw advances it by. */
static inline unsigned nr_fb_lfsr_reset(int p) { return (0xACE1u ^ ((unsigned)p << 8)) & 0xFFFFu; }
static inline unsigned nr_fb_lfsr16(unsigned r)
{
    for (int i = 0; i < 16; i++) r = (r >> 1) ^ ((r & 1u) ? 0xB400u : 0u);
    return r & 0xFFFFu;
}

/* Result of route computation. */
typedef struct {
    int drop;    /* 1: DROP */
    int reason;  /* NR_DROP_* when drop, else 0 */
    int q;       /* physical output port when not drop */
    int adapt_l; /* logical port chosen by an adaptive decision (step 4), -1 if none */
    int w;       /* output VC (the head's VC unless a flattened-butterfly rule chose one) */
    int draw;    /* a flattened-butterfly draw was made: the input's LFSR advances */
} nr_route_res;

/* Static context of route computation for one input. */
typedef struct {
    int nports, nbits, nvcs;
    int cols;    /* adaptive score: cred[q mod cols][vc] (YARC) */
    int port;    /* this input's port number p */
    int inbuf;   /* InBufPerVc: the fullest queue of the FB estimate (fbfly-routing §6.1) */
    int up_pick; /* UpPick: 0 the adaptive up choice over every candidate (yarc-arch §5
                  * step 4); 2 greedy_r(2) between two drawn candidates (step 4'); C model
                  * only */
    int rowbuf;  /* RowBufDepth, the credits' full count (YARC; step 4s), 0 elsewhere */
} nr_route_ctx;

/* The column arbiters of step 4s (yarc-arch §5), per input: the round
 * robin's pointer, and the matrix arbiter's order (bit 8i + j, i < j: column
 * j before column i; 0 at reset, lower columns first). */
typedef struct {
    uint64_t mat;
    int ptr;
} nr_up_arb;
/* The arbiters after an adaptive choice of logical port l (adapt_l >= 0):
 * with UP_SEL's column rule on a YARC input, the one UP_SEL bit 2 names
 * moves past l's column; otherwise unchanged. */
nr_up_arb nr_up_arb_next(const nr_route_tables *t, const nr_route_ctx *c, nr_up_arb a, int l);

/* What the flattened-butterfly RC reads besides the tables (fbfly-routing
 * §6): the start-of-cycle views of every port of the router (pv[q].cr[w],
 * the output credits), the input's LFSR value, and for the sequential
 * allocator (FbSeq = 1) seq[q][w] = pend(q, w) + n(q, w), NULL without it. */
typedef struct {
    const nr_pview *pv;
    const int (*seq)[NR_SW_MAX_VCS];
    unsigned fbr;
    nr_up_arb ua; /* step 4s's column arbiters (yarc-arch §5) */
    /* UGAL-G's oracle, C model only (NULL: none; docs/network.md "Topology:
     * dfly"): gq[l], the queue of the global channel the route of logical
     * port l takes, at the router that holds it; the dragonfly mode's
     * UGAL-L reads it at a node input instead of its own queues (§4a) */
    const int *gq;
} nr_fb_in;
/* §6.1: the queue estimate of the channel of port view pv, nv VCs of
 * InBufPerVc inbuf: the phits its downstream input queues hold (inbuf less
 * the output credits, each clamped to 0..inbuf), summed over the VCs. */
static inline int nr_fb_port_q(const nr_pview *pv, int nv, int inbuf)
{
    int est = 0;
    for (int v = 0; v < nv; v++) {
        const int cr = pv->cr[v] < 0 ? 0 : pv->cr[v] > inbuf ? inbuf : pv->cr[v];
        est += inbuf - cr;
    }
    return est;
}

/* Reset values (single-router mode). Call at model creation. */
void nr_route_reset(nr_route_tables *t, int nports);
/* Fold a 22-bit key into n bits: XOR of its n-bit chunks from bit 0 up, the
 * last chunk zero-padded (§5 step 5). Pure. */
unsigned nr_route_fold(uint32_t key, int n);
/* The RC function (§5 steps 1-6) for a packet whose header phits are all
 * present: head, route phit (used if r), hash phit (used if h). Adaptive
 * scores (step 4): cred[q mod c->cols][vc] (YARC's row-buffer credits), or 0
 * for every candidate if cred is NULL (nwn-arch §4.2). ad_ptr: the adaptive
 * pointer. Pure; call in the RC cycle. */
nr_route_res nr_route_lookup(const nr_route_tables *t, const nr_route_ctx *c, uint32_t head,
                             uint32_t route_phit, uint32_t hash_phit,
                             const int (*cred)[NR_SW_MAX_VCS], int ad_ptr);
/* The same with the flattened-butterfly mode's inputs (fb; NULL reads every
 * credit as 0 and the LFSR as 0): with FB_CTRL's alg on and r = 0, steps 3-5
 * are the rules of docs/fbfly-routing.md §4 (output VC in w, draw set when
 * the LFSR is read). Pure. */
nr_route_res nr_route_fb(const nr_route_tables *t, const nr_route_ctx *c, uint32_t head,
                         uint32_t route_phit, uint32_t hash_phit, const int (*cred)[NR_SW_MAX_VCS],
                         int ad_ptr, const nr_fb_in *fb);
/* Route phit rotation (yarc-arch §4.3): data {d[15:0], d[21:16]}, kind kept. */
uint32_t nr_route_rotate(uint32_t phit);
/* 1 if cfg_addr (8 bits) names a register or a table entry < nports (§9),
 * the side table's (0x10-0x1F) only when side_tab (SideTab = 1). */
int nr_route_cfg_addr_ok(unsigned addr, int nports, int side_tab);
/* DET_VCS bits 3:0 (§9): the VCs whose up routes are deterministic. */
#define NR_ROUTE_DET_VCS_MASK 0xFu
#define NR_ROUTE_UP_SEL_MASK 0x7u
#define NR_ROUTE_DOR_CTRL_MASK 0x1FFFu /* DOR_CTRL bits 12:0 (§9) */
#define NR_ROUTE_DOR_CTRL_RTL 0x7FFu   /* bits 10:0: all a router without FbSeq stores */
#define NR_ROUTE_CFG_DOR_CTRL 0x0Bu
/* Apply a configuration write to one port's tables (addr must be ok). Call at
 * the clock edge of the write cycle. */
void nr_route_cfg_write(nr_route_tables *t, int nports, unsigned addr, uint32_t wdata);
/* ---- nr_route_set: a router's per-port tables, one copy per distinct content ----
 * Port p's tables are *tp[p]; ports whose tables hold the same values share
 * one copy, and a write gives a port a copy of its own only when it makes
 * its tables differ from every copy (memory and speed only: a network's
 * routers hold one or a few distinct tables, not one per port). */
typedef struct {
    nr_route_tables **tp;  /* [n] port p's tables (read-only: write through the set) */
    nr_route_tables **set; /* [nset] the distinct copies */
    int *refs;             /* [nset] the ports that use each */
    int *ti;               /* [n] the copy port p uses (tp[p] = set[ti[p]]) */
    int n, nset;
} nr_route_set;
/* Every port's tables in reset state (nr_route_reset), one copy: 0, -1 out
 * of memory. nr_route_set_release() frees. */
int nr_route_set_init(nr_route_set *s, int n);
void nr_route_set_release(nr_route_set *s);
/* A configuration write (addr ok) to the tables of ports lo..hi: 0, -1 out
 * of memory (nothing written). */
int nr_route_set_write(nr_route_set *s, int lo, int hi, unsigned addr, uint32_t wdata);

/* Decode this cycle's configuration write (yarc-arch §9, cfg_tile = the port
 * whose tables are written; nwn-arch §9): 1 if tables [*lo .. *hi] are to be
 * written at *addr at the clock edge; 0 if nothing is written. A missing
 * address (the side table's without side_tab), or FB_CTRL with alg 5 or 6 on a router without the sequential
 * allocator (fb_seq 0; fbfly-routing §2), raises CFG_BAD in tev[] of the
 * addressed ports (this cycle) and writes nothing; a non-broadcast write to a
 * port >= nports does nothing. Call in eval. */
int nr_route_cfg_decode(const nr_rtr_in *in, int nports, int fb_seq, int side_tab, int *lo, int *hi,
                        unsigned *addr, uint32_t *tev);
/* A router's configuration write of this cycle: decoded in eval
 * (nr_route_cfg_latch), written to tables [lo .. hi] at the clock edge if we. */
typedef struct {
    int we, lo, hi;
    unsigned addr;
    uint32_t wdata;
} nr_route_cfgw;
static inline void nr_route_cfg_latch(nr_route_cfgw *w, const nr_rtr_in *in, int nports, int fb_seq,
                                      int side_tab, uint32_t *tev)
{
    w->we = nr_route_cfg_decode(in, nports, fb_seq, side_tab, &w->lo, &w->hi, &w->addr, tev);
    w->wdata = in->cfg_wdata;
    /* DOR_CTRL's adapt bits (§5 step 3e) need the sequential allocator's
     * claims: a router without it (every RTL router) stores bits 10:0 */
    if (w->we && w->addr == NR_ROUTE_CFG_DOR_CTRL && !fb_seq) w->wdata &= NR_ROUTE_DOR_CTRL_RTL;
}

#endif
