/* swparts.h - the shared pieces of the switch models (private to csrc/model).
 *
 * The YARC model (yarc*.c) and the network-within-a-network model (nwn*.c)
 * are built from these pieces, one implementation of each policy of
 * docs/nwn-arch.md §4 and §6 (which generalize yarc-arch §4-§7):
 *
 *   policies     sw_rr_pick, sw_rr_pick_vi, sw_max_pick, sw_accept,
 *                sw_iptr_next: small pure functions (below)
 *   nr_lfifo     a latency-L channel feeding a FIFO buffer   (sw_bufs.c)
 *   nr_cwheel    credit returns with latency                  (sw_bufs.c)
 *   nr_route_tables      routing tables, the RC function of yarc-arch §5, the
 *                configuration decode of §9 (nr_rt_cfgw: the write of a
 *                cycle), route-phit rotation                   (sw_route.c)
 *   nr_iu        the input unit: input-queue reads with up to 2 read ports,
 *                staging, the one RC unit, the first hop registered with the
 *                route, fronts with source-route rotation and CRC repair,
 *                dropping (nwn-arch §4, yarc-arch §4.1-§4.3)    (sw_iu.c)
 *   nr_swalloc     the subswitch allocator of nwn-arch §6: grant / accept /
 *                commit over buffered and IU inputs, channel and port
 *                outputs, input speedup S                       (sw_alloc.c)
 *   nr_port_bare     the bare port (yarc-arch §11) with an optional second read
 *                port (link-protocol §8.4)                      (sw_bport.c)
 *   nr_front     the port front ends of a switch: an LCB port model or a
 *                bare port per port, one view for the switch, and
 *                nr_router_errors, a model's error count with them (sw_front.c)
 *
 * Each stateful piece keeps its state in one struct and follows the models'
 * two-step cycle:
 *   *_eval()    decide this cycle from start-of-cycle state only; the decision
 *               is stored in the struct's d_* fields. No state changes, so it
 *               may be called again (it recomputes the same decision).
 *   *_commit()  the clock edge: apply the decision (pops, pointers, credits).
 *
 * Time. The models count cycles in a free-running `now` (uint32, wrapping).
 * A latency-L channel inside a router ("something sent by a decision in cycle
 * t can be used by a decision of the receiver in cycle t+L", yarc-arch.md §3)
 * is modelled without pipeline registers:
 *   - data: the sender pushes the phit straight into the receiver's buffer
 *     (nr_lfifo) stamped with ready time t+L; the receiver sees an entry only
 *     from that cycle on. Entries arrive in order, so only the front's stamp
 *     matters. Credits bound (in flight + stored) by the depth, so the ring
 *     needs no more room than the buffer.
 *   - credits: the receiver's pop in cycle t schedules a credit on a timing
 *     wheel (nr_cwheel) due at t+L; the wheel adds it to the sender's counter
 *     at the clock edge into cycle t+L.
 * This is exactly an L-stage pipeline in front of the buffer and an L-stage
 * credit return pipeline, at a cost proportional to traffic, not to size.
 */
#ifndef NR_SWPARTS_H
#define NR_SWPARTS_H
#include <stdint.h>

#include "mutil.h"
#include "nr_fmt.h"
#include "nr_lcb.h"
#include "nr_router.h"


#define NR_SW_MAX_IO 64 /* inputs and outputs of one allocator */
#define NR_SW_MAX_VCS 4

/* ---- phit helpers (pure) ---- */
#define SW_DATA_MASK ((1u << NR_DATA_W) - 1u)
static inline unsigned sw_kind(uint32_t ph) { return (ph >> NR_KIND_LSB) & 3u; }
static inline int sw_is_head(uint32_t ph) { return sw_kind(ph) == NR_KIND_HEAD; }
static inline int sw_is_eop(uint32_t ph) { return sw_kind(ph) == NR_KIND_EOP; }
/* 1 if time a is at or after time b (wrap-safe). */
static inline int sw_time_ge(uint32_t a, uint32_t b) { return (int32_t)(a - b) >= 0; }

/* ---- policies (pure) ---- */

/* Round robin: the first set bit of mask (bits 0..n-1) at or after ptr,
 * wrapping; -1 if mask is empty. Every arbiter in the models uses it, and
 * "moves past the winner w" always means ptr = (w + 1) mod n. */
static inline int sw_rr_pick(uint64_t mask, int ptr)
{
    if (!mask)
        return -1;
    uint64_t hi = ptr >= 64 ? 0 : mask & (~0ull << ptr);
    return __builtin_ctzll(hi ? hi : mask);
}

/* Round robin over the requesters r = v*ni + i of a port output (nwn-arch
 * §6.2; yarc-arch §7), requester (v, i) being bit i of m[v], v < nvc: the
 * first at or after the pointer r = pv*ni + pi, wrapping. Returns i and sets
 * *wv, or -1. (ni is not needed: the order within m[v] is the bit order.) */
static inline int sw_rr_pick_vi(const uint64_t *m, int nvc, int pv, int pi, int *wv)
{
    uint64_t lo = pi >= 64 ? ~0ull : (1ull << pi) - 1u; /* bits below pi */
    uint64_t first = m[pv] & ~lo;
    if (first) {
        *wv = pv;
        return __builtin_ctzll(first);
    }
    for (int k = 1; k < nvc; k++) {
        int v = pv + k >= nvc ? pv + k - nvc : pv + k;
        if (m[v]) {
            *wv = v;
            return __builtin_ctzll(m[v]);
        }
    }
    if (m[pv] & lo) {
        *wv = pv;
        return __builtin_ctzll(m[pv] & lo);
    }
    return -1;
}

/* Highest score wins; ties go to the first candidate at or after ptr (mod n).
 * cand: bit l = candidate l (l < n <= 64). -1 if cand is empty. The adaptive
 * choices of yarc-arch §5 step 4 and nwn-arch §4.3 (top subswitch). */
int sw_max_pick(uint64_t cand, const int *score, int ptr, int n);

/* Number of set bits of a VC mask (bits 0..3). */
static inline int sw_nbits4(unsigned m) { return (int)((0x4332322132212110ull >> (4 * (m & 15u))) & 15u); }

/* The accept rule of nwn-arch §6.3 (and the first-S rule of the reads of
 * §4.1): of the candidate VCs cand (bit v), all if S >= nvc, else the first
 * S in round-robin order from ptr. Returns the accepted mask. */
static inline unsigned sw_accept(unsigned cand, int S, int nvc, int ptr)
{
    if (S >= nvc)
        return cand;
    unsigned acc = 0;
    for (int k = 0; k < S && cand; k++) {
        int w = sw_rr_pick(cand, ptr);
        acc |= 1u << w;
        cand &= ~(1u << w);
        ptr = w + 1;
    }
    return acc;
}

/* The input pointer after a commit (nwn-arch §6.4): if S < nvc and the first
 * accepted VC (in round-robin order from ptr) popped an EOP (bit in eop),
 * the pointer moves past it; otherwise it stays. */
static inline int sw_iptr_next(unsigned acc, unsigned eop, int S, int nvc, int ptr)
{
    if (S >= nvc || !acc)
        return ptr;
    int w = sw_rr_pick(acc, ptr);
    if (!((eop >> w) & 1u))
        return ptr;
    return w + 1 == nvc ? 0 : w + 1;
}

/* ---- nr_lfifo: a latency channel feeding a FIFO buffer ---- */
typedef struct {
    uint32_t v; /* phit in bits 23:0, tag (the packet's output port q) in 31:24 */
    uint32_t t; /* first cycle the receiver may use it */
} nr_lf_ent;

typedef struct {
    nr_lf_ent *e;
    uint32_t mask; /* ring size - 1 (ring size: power of two >= depth) */
    uint32_t head, cnt;
} nr_lfifo;

/* Allocate room for `depth` entries (in flight + stored). 0, or -1 if out of
 * memory. Call once at model creation; nr_lfifo_release() frees. */
int nr_lfifo_alloc(nr_lfifo *f, int depth);
void nr_lfifo_release(nr_lfifo *f);

/* The front is usable in cycle now. Eval-time read. */
static inline int nr_lfifo_ready(const nr_lfifo *f, uint32_t now)
{
    return f->cnt && sw_time_ge(now, f->e[f->head].t);
}
/* Front phit and tag (only when ready). */
static inline uint32_t nr_lfifo_front(const nr_lfifo *f) { return f->e[f->head].v & 0xFFFFFFu; }
static inline unsigned nr_lfifo_front_tag(const nr_lfifo *f) { return f->e[f->head].v >> 24; }
/* Push at the clock edge: phit usable from cycle t. Returns -1 if the ring is
 * full, which means the sender broke the credit protocol. Commit-time. */
static inline int nr_lfifo_push(nr_lfifo *f, uint32_t phit, unsigned tag, uint32_t t)
{
    if (f->cnt > f->mask)
        return -1;
    nr_lf_ent *e = &f->e[(f->head + f->cnt) & f->mask];
    e->v = (phit & 0xFFFFFFu) | ((uint32_t)tag << 24);
    e->t = t;
    f->cnt++;
    return 0;
}
/* Pop the front at the clock edge. Commit-time. */
static inline void nr_lfifo_pop(nr_lfifo *f)
{
    f->head = (f->head + 1) & f->mask;
    f->cnt--;
}

/* ---- nr_cwheel: credit returns with latency ---- */
#define NR_CW_SLOTS 8 /* power of two, > the longest latency (4) */
typedef struct {
    int **slot[NR_CW_SLOTS]; /* counters to increment, per due cycle mod NR_CW_SLOTS */
    int n[NR_CW_SLOTS];
    int cap;                 /* entries per slot */
} nr_cwheel;

/* Room for `cap` credits due in the same cycle (at most one per buffer and
 * cycle, so the number of buffers is enough). 0 or -1. Call once at model
 * creation; nr_cw_release() frees. */
int nr_cw_alloc(nr_cwheel *w, int cap);
void nr_cw_release(nr_cwheel *w);
/* Schedule one credit for *ctr, visible in cycle `due` (now < due <= now +
 * NR_CW_SLOTS - 1). Returns -1 on overflow. Commit-time. */
static inline int nr_cw_put(nr_cwheel *w, uint32_t due, int *ctr)
{
    unsigned s = due & (NR_CW_SLOTS - 1);
    if (w->n[s] >= w->cap)
        return -1;
    w->slot[s][w->n[s]++] = ctr;
    return 0;
}
/* Apply every credit due in cycle now. Call at the clock edge, right after
 * the cycle counter has advanced to now. */
static inline void nr_cw_fire(nr_cwheel *w, uint32_t now)
{
    unsigned s = now & (NR_CW_SLOTS - 1);
    for (int i = 0; i < w->n[s]; i++)
        (*w->slot[s][i])++;
    w->n[s] = 0;
}

/* ---- nr_route_tables: routing tables and route computation (yarc-arch §5, §9) ---- */
#define NR_RT_ENT_VALID 0x40u /* table entry {valid = bit 6, port = bits 5:0} */
#define NR_RT_ENT_PORT 0x3Fu
typedef struct {
    uint16_t root_mask, root_detect; /* 15 bits */
    uint8_t down_shift;              /* 4 bits */
    uint64_t up_mask;                /* NumPorts bits */
    uint8_t dlut[NR_MAX_PORTS], ulut[NR_MAX_PORTS], l2p[NR_MAX_PORTS];
} nr_route_tables;

/* Result of route computation. */
typedef struct {
    int drop;    /* 1: DROP */
    int reason;  /* NR_DROP_* when drop, else 0 */
    int q;       /* physical output port when not drop */
    int adapt_l; /* logical port chosen by an adaptive decision (step 4), -1 if none */
} nr_rt_res;

/* Static context of route computation for one input. */
typedef struct {
    int nports, nbits, nvcs;
    int cols;    /* adaptive score: cred[q mod cols][vc] (YARC) */
    int port;    /* this input's port number p */
} nr_rt_ctx;

/* Reset values (single-router mode). Call at model creation. */
void nr_rt_reset(nr_route_tables *t, int nports);
/* Fold a 22-bit key into n bits: XOR of its n-bit chunks from bit 0 up, the
 * last chunk zero-padded (§5 step 5). Pure. */
unsigned nr_rt_fold(uint32_t key, int n);
/* The RC function (§5 steps 1-6) for a packet whose header phits are all
 * present: head, route phit (used if r), hash phit (used if h). Adaptive
 * scores (step 4): cred[q mod c->cols][vc] (YARC's row-buffer credits), or 0
 * for every candidate if cred is NULL (nwn-arch §4.2). ad_ptr: the adaptive
 * pointer. Pure; call in the RC cycle. */
nr_rt_res nr_rt_route(const nr_route_tables *t, const nr_rt_ctx *c, uint32_t head,
                      uint32_t route_phit, uint32_t hash_phit, const int (*cred)[NR_SW_MAX_VCS],
                      int ad_ptr);
/* Route phit rotation (yarc-arch §4.3): data {d[15:0], d[21:16]}, kind kept. */
uint32_t nr_rt_rotate(uint32_t phit);
/* 1 if cfg_addr (8 bits) names a register or a table entry < nports (§9). */
int nr_rt_cfg_addr_ok(unsigned addr, int nports);
/* Apply a configuration write to one port's tables (addr must be ok). Call at
 * the clock edge of the write cycle. */
void nr_rt_cfg_write(nr_route_tables *t, int nports, unsigned addr, uint32_t wdata);
/* Decode this cycle's configuration write (yarc-arch §9, cfg_tile = the port
 * whose tables are written; nwn-arch §9): 1 if tables [*lo .. *hi] are to be
 * written at *addr at the clock edge; 0 if nothing is written. A missing
 * address raises CFG_BAD in tev[] of the addressed ports (this cycle); a
 * non-broadcast write to a port >= nports does nothing. Call in eval. */
int nr_rt_cfg_decode(const nr_rtr_in *in, int nports, int *lo, int *hi, unsigned *addr,
                     uint32_t *tev);
/* A router's configuration write of this cycle: decoded in eval
 * (nr_rt_cfg_latch), written to tables [lo .. hi] at the clock edge if we. */
typedef struct {
    int we, lo, hi;
    unsigned addr;
    uint32_t wdata;
} nr_rt_cfgw;
static inline void nr_rt_cfg_latch(nr_rt_cfgw *w, const nr_rtr_in *in, int nports, uint32_t *tev)
{
    w->we = nr_rt_cfg_decode(in, nports, &w->lo, &w->hi, &w->addr, tev);
    w->wdata = in->cfg_wdata;
}

/* ---- nr_iu: the input unit of one port ----
 * (nwn-arch §4; yarc-arch §4.1, §4.2 and the pop side of §4.3.)
 *   reads:  up to nrd (1 or 2) input-queue reads per cycle, on different VCs,
 *           the first nrd candidates in round robin from rd_ptr, which moves
 *           past the last VC read; data returns on the port's read port k in
 *           the next cycle and is appended to staging at the end of it;
 *   RC:     one ready VC per cycle (round robin rc_ptr): the RC function, then
 *           the first hop (a caller function: the output of the first
 *           subswitch, or a SELF/UPUP drop), registered with the route;
 *   fronts: a routed VC with staging presents its front phit (source-route
 *           rotation and CRC repair applied) and its first hop `tgt`; a VC
 *           with a DROP route and staging is dropping;
 *   pops:   the caller decides them (the first subswitch's accept step, or
 *           YARC's row bus) and writes d_pop before the commit. */
#define NR_IU_STG 4   /* staging FIFO per VC */
#define NR_IU_MAX_RD 2

/* What a port shows its IU at the start of a cycle (state only). */
typedef struct {
    unsigned rd_avail;              /* bit v: VC v may be read */
    unsigned vc_ok;                 /* bit v: a HEAD on VC v would be taken (port output) */
    int rd_valid[NR_IU_MAX_RD];     /* read port k returns the phit read last cycle */
    uint32_t rd_phit[NR_IU_MAX_RD];
} nr_pview;

/* First hop of a routed packet (nwn-arch §4.3): given the input port p, the
 * output port q, the VC, the head phit and the hash phit's data (0 without
 * h), return the output of the first subswitch (>= 0), or -reason for a
 * drop. up_ptr is the IU's up pointer; set *up_next if the choice moves it.
 * Called in the RC cycle, from start-of-cycle state. */
typedef int (*nr_iu_hop_fn)(const void *ctx, int p, int q, int vc, uint32_t head, uint32_t hash,
                            int up_ptr, int *up_next);

typedef struct {
    int nvc, nrd;
    nr_rt_ctx rc;                   /* port, sizes for the RC function */
    /* staging (§4.1) */
    uint32_t stg[NR_SW_MAX_VCS][NR_IU_STG];
    uint8_t stg_head[NR_SW_MAX_VCS], stg_cnt[NR_SW_MAX_VCS];
    int8_t rdq_vc[NR_IU_MAX_RD];    /* VC read on port k last cycle, -1 none */
    uint8_t rdq;                    /* bit v: a read for v was issued last cycle */
    uint8_t rd_ptr, rc_ptr, ad_ptr;
    uint16_t up_ptr; /* the first hop's state: the up pointer, or an LFSR (nwn-arch §4.3) */
    uint8_t live;                   /* bit v: staging or a route on VC v (speed only) */
    /* per-VC route registers (§4.2, §4.3) and packet progress */
    uint8_t route_v[NR_SW_MAX_VCS], drop[NR_SW_MAX_VCS], route_q[NR_SW_MAX_VCS];
    uint8_t tgt[NR_SW_MAX_VCS];     /* first hop */
    uint8_t rbit[NR_SW_MAX_VCS];    /* the head's r bit */
    uint8_t pos[NR_SW_MAX_VCS];     /* 0: head next, 1: the phit after the head next, 2: later */
    uint16_t fix[NR_SW_MAX_VCS];    /* CRC repair register */
    /* decision of this cycle (nr_iu_eval) */
    int d_idle;                     /* nothing can happen (speed only) */
    int8_t d_rd[NR_IU_MAX_RD];      /* VC read on port k, -1 none */
    unsigned d_rc_ready;            /* VCs ready to route (for tests) */
    int d_rc_vc;                    /* VC routed this cycle, -1 none */
    nr_rt_res d_rcr;                /* its route (after the first hop) */
    int d_tgt;                      /* its first hop */
    int d_ad_ptr, d_up_ptr;
    uint32_t d_tev;                 /* RT_DROP event and reason */
    uint8_t f_valid;                /* bit v: VC v presents a front (routed, not DROP) */
    uint8_t f_drop;                 /* bit v: VC v is dropping */
    uint32_t f_phit[NR_SW_MAX_VCS]; /* front phit as it leaves (dropping: as staged) */
    uint16_t f_fix[NR_SW_MAX_VCS];  /* CRC repair after popping it */
    /* pops of this cycle, written by the caller after nr_iu_eval */
    uint8_t d_pop;
} nr_iu;

/* Reset: empty staging, no routes, pointers 0. nrd: read ports (1 or 2).
 * Call at model creation. */
void nr_iu_reset(nr_iu *u, int port, int nports, int nvc, int nrd, int cols);
/* Decide this cycle's reads, RC and first hop, and the fronts, from
 * start-of-cycle state and the port view pv. tab: this port's tables; cred:
 * adaptive scores for the RC function (NULL: all 0); hop: the first hop. Call
 * once per cycle, after the port view is known; then set d_pop. */
void nr_iu_eval(nr_iu *u, const nr_pview *pv, const nr_route_tables *tab,
                const int (*cred)[NR_SW_MAX_VCS], nr_iu_hop_fn hop, const void *hop_ctx);
/* Clock edge: pop d_pop (route cleared at an EOP), append the data returned
 * on the read ports this cycle, register the route, move the pointers.
 * Returns the number of inconsistencies found (read data without a read,
 * staging overflow), the first message in err. Call once per cycle. */
int nr_iu_commit(nr_iu *u, const nr_pview *pv, char *err, int errlen);

/* ---- nr_swalloc: the subswitch allocator (nwn-arch §6) ----
 * nin inputs, each buffered (per-VC nr_lfifo of `depth`, fed by an internal
 * channel; the entry tag is the packet's output port q, and the target
 * output of a HEAD is qmap[q]) or an IU (fronts copied in each cycle with
 * nr_swalloc_set_iu); nout outputs, each a channel output (per VC a credit
 * counter cc for the downstream buffer, an owner own and a stage-1 round
 * robin arb1; per output a VC round robin vptr that moves only at an EOP) or
 * a port output (busy, cur, a round robin pptr over r = v*nin + i, the port's
 * vc_ok); per input the accept pointer iptr and the input speedup S.
 * Each cycle: grant (each output picks one input VC), accept (each input
 * keeps at most S of its grants and dropping VCs), commit.
 * Bookkeeping for speed only: ne[v] marks the buffered inputs that hold
 * something, own_any / busy_any the outputs that hold a packet, so an idle
 * allocator costs almost nothing. Push through nr_swalloc_push() to keep ne[]
 * right. */
typedef struct {
    int nin, nout, nvc, S;
    int all_acc;                /* S >= nvc: every candidate is accepted */
    int all_port;               /* every output is a port output */
    uint64_t iu_in;             /* bit i: input i is an IU */
    uint64_t port_out;          /* bit j: output j is a port output */
    uint64_t *xp;               /* [i] the crosspoints of input i (bit j) */
    uint8_t qmap[NR_MAX_PORTS]; /* buffered inputs: target output of q */
    nr_lfifo *inb;              /* [i * nvc + v], buffered inputs */
    uint64_t ne[NR_SW_MAX_VCS]; /* bit i: buffered input [i][v] is not empty */
    /* IU fronts of this cycle (nr_swalloc_set_iu) */
    uint64_t fx[NR_SW_MAX_VCS]; /* bit i: IU input i has a front on VC v */
    uint64_t fdrop_in;          /* IU inputs with a dropping VC */
    uint8_t *fdrop;             /* [i] dropping VCs */
    uint32_t *fph;              /* [i * nvc + v] front phits */
    uint8_t *ftgt, *fq;         /* [i * nvc + v] their target output and q */
    /* channel outputs, [j * nvc + v] */
    int *cc;                    /* credits toward output j's downstream buffer */
    int8_t *own;                /* input holding output j on VC v, -1 = none */
    uint8_t *arb;               /* stage-1 round-robin pointer over inputs */
    uint8_t *vptr;              /* [j] round-robin pointer over VCs */
    uint64_t own_any;           /* bit j: output j has an owner on some VC */
    /* port outputs, [j] */
    uint8_t *busy, *cur_v, *cur_i, *pp_v, *pp_i; /* pptr = pp_v * nin + pp_i */
    unsigned *vc_ok;            /* the port's vc_ok, set by the caller each cycle */
    uint64_t busy_any;
    /* inputs */
    uint8_t *iptr;              /* [i] accept round robin over VCs */
    int8_t *hout;               /* [i * nvc + v] the output the packet in progress on
                                 * (i, v) holds, -1 = none (the held-input rule, §6.2) */
    /* scratch */
    uint64_t *req;              /* [v * nout + j] head requests */
    int8_t *g_out;              /* [i * nvc + v] the output granting (i, v) */
    /* decision of this cycle (nr_swalloc_eval) */
    uint64_t d_mask;            /* bit j: output j sends */
    int8_t *d_vc, *d_src;       /* [j] the VC and input it sends */
    uint8_t *d_new;             /* [j] a new packet (a HEAD granted by arbitration) */
    uint32_t *d_phit;           /* [j] the phit */
    uint8_t *d_q;               /* [j] its output port q (channel sideband) */
    uint8_t *d_pop;             /* [i] IU input: VCs popped (accepted grants and drops);
                                 * with S < nvc also a buffered input's accepted grants
                                 * (a buffered input pops exactly what its outputs send) */
    uint64_t d_pop_in;          /* inputs with d_pop != 0 */
} nr_swalloc;

/* Build in reset state: buffers empty, credits = down_depth, no owners, not
 * busy, pointers 0. iu_in: inputs that are IUs (no buffer); port_out: port
 * outputs; S: input speedup. Every (input, output) pair is a crosspoint
 * until nr_swalloc_xp() says otherwise. 0 or -1 (bad size or out of memory).
 * Call once at model creation; nr_swalloc_release() frees. */
int nr_swalloc_init(nr_swalloc *a, int nin, int nout, int nvc, int S, uint64_t iu_in,
                  uint64_t port_out, int depth, int down_depth);
void nr_swalloc_release(nr_swalloc *a);
/* A phit for buffered input [i][v] of output port q, usable from cycle t.
 * Commit-time (the upstream's clock edge). -1 on overflow. */
static inline int nr_swalloc_push(nr_swalloc *a, int i, int v, uint32_t phit, unsigned q,
                                  uint32_t t)
{
    a->ne[v] |= 1ull << i;
    return nr_lfifo_push(&a->inb[i * a->nvc + v], phit, q, t);
}
/* Copy IU u's fronts and dropping VCs of this cycle into input i. Call after
 * nr_iu_eval and before nr_swalloc_eval, every cycle. */
void nr_swalloc_set_iu_busy(nr_swalloc *a, int i, const nr_iu *u);
static inline void nr_swalloc_set_iu(nr_swalloc *a, int i, const nr_iu *u)
{
    /* speed only: nothing to present now, nothing presented last cycle */
    if (!(u->f_valid | u->f_drop) &&
        !(((a->fx[0] | a->fx[1] | a->fx[2] | a->fx[3] | a->fdrop_in) >> i) & 1u))
        return;
    nr_swalloc_set_iu_busy(a, i, u);
}
/* Grant and accept of cycle now (§6.2, §6.3), from start-of-cycle state, the
 * IU fronts and vc_ok[]: fills d_*. Returns the number of inconsistencies (a
 * front whose target is not a crosspoint), first message in err. Call once
 * per cycle, after the IU fronts and vc_ok are set. */
int nr_swalloc_eval_busy(nr_swalloc *a, uint32_t now, char *err, int errlen);
static inline int nr_swalloc_eval(nr_swalloc *a, uint32_t now, char *err, int errlen)
{
    /* speed only: nothing stored, presented, held or popped last cycle */
    if (!(a->own_any | a->busy_any | a->fdrop_in | a->ne[0] | a->ne[1] |
          a->ne[2] | a->ne[3] | a->fx[0] | a->fx[1] | a->fx[2] | a->fx[3])) {
        a->d_mask = 0;
        return 0;
    }
    return nr_swalloc_eval_busy(a, now, err, errlen);
}
/* Withdraw output j's grant (the port did not take its phit): nothing moves
 * for it. Call between nr_swalloc_eval and nr_swalloc_commit. */
void nr_swalloc_cancel(nr_swalloc *a, int j);
/* Clock edge (§6.4): pop the accepted buffered fronts, debit credits, update
 * owners, busy/cur and every pointer. The caller first forwards what the
 * channel outputs send (d_mask: d_phit, d_vc, d_q), returns the credit of each
 * buffered input sent from (d_mask: d_src, d_vc) and hands the IU pops
 * (d_pop) to the IUs: the commit consumes d_pop (clears it); the other d_*
 * stay until the next eval. */
void nr_swalloc_commit_busy(nr_swalloc *a);
static inline void nr_swalloc_commit(nr_swalloc *a)
{
    if (a->d_mask | a->d_pop_in)
        nr_swalloc_commit_busy(a);
}

/* ---- nr_port_bare: the bare router port (yarc-arch.md §11) ----
 * Input queue per docs/link-protocol.md §8.4 with rx_bad always 0, written
 * directly from in_valid/in_phit (no register in front), read by the router
 * on up to two read ports (rd_en/rd_vc, rd1_en/rd1_vc on different VCs; data
 * on rd_valid/rd_phit and rd1_valid/rd1_phit in the next cycle), freeing
 * credits in_cr[v]; plus the output's per-VC credit counters, which start at
 * BufPerVc, give vc_ok[v] = count >= MaxPktLen, are debited per phit sent and
 * credited by out_cr[v]. */
typedef struct {
    uint32_t wr, rd, pstart;  /* pointers 0 .. 2*buf-1 (wrap bit) */
    uint32_t done, pend;      /* phit counts (link-protocol §8.4) */
    uint8_t cur, dep, abort;
} nr_bq_vc;

typedef struct {
    int nvc, buf, max_pkt;
    uint32_t *ram;        /* [v * buf + idx] */
    nr_bq_vc q[NR_SW_MAX_VCS];
    int wvc;              /* VC of the packet being written (from its head) */
    int ovf;              /* dropping the rest of an overflowed packet */
    int rd_valid[2];      /* read data registers, per read port */
    uint32_t rd_phit[2];
    int cnt[NR_SW_MAX_VCS]; /* output credit counters */
    /* decision of this cycle (nr_port_bare_eval) */
    int d_active;         /* something changes (else commit has nothing to do) */
    nr_bq_vc d_q[NR_SW_MAX_VCS];
    int d_wvc, d_ovf, d_rd_valid[2];
    uint32_t d_rd_phit[2];
    int d_we;
    uint32_t d_waddr, d_wdata;
    int d_cnt[NR_SW_MAX_VCS];
    uint32_t d_cr[NR_SW_MAX_VCS]; /* in_cr of this cycle */
} nr_port_bare;

/* Build in reset state: queues empty, output credits = buf. 0 or -1. Call
 * once at model creation; nr_port_bare_release() frees. */
int nr_port_bare_init(nr_port_bare *b, int nvc, int buf, int max_pkt);
void nr_port_bare_release(nr_port_bare *b);
/* State-only outputs: rd_avail mask, vc_ok mask. Call before the router
 * decides its reads and its output phit (they need no inputs). */
static inline unsigned nr_port_bare_rd_avail(const nr_port_bare *b)
{
    unsigned m = 0;
    for (int v = 0; v < b->nvc; v++)
        if (b->q[v].wr != b->q[v].rd || b->q[v].abort)
            m |= 1u << v;
    return m;
}
static inline unsigned nr_port_bare_vc_ok(const nr_port_bare *b)
{
    unsigned m = 0;
    for (int v = 0; v < b->nvc; v++)
        if (b->cnt[v] >= b->max_pkt)
            m |= 1u << v;
    return m;
}
/* One cycle: the router's reads (rd_vc[k] >= 0: read port k reads that VC;
 * at most two, on different VCs), the input phit, whether the router sends a
 * phit on the output and on which VC (for the debit), and the sink's credits
 * out_cr[v]. Fills d_* (d_cr = in_cr). Call after the router has decided its
 * reads and its output phit. Returns the number of protocol violations found
 * (first message in err): reading an unavailable VC or one VC twice, an input
 * overflow, an output credit underflow or overflow. */
int nr_port_bare_eval(nr_port_bare *b, const int8_t *rd_vc, int in_valid, uint32_t in_phit,
                      int tx_valid, int tx_vc, const uint32_t *out_cr, char *err, int errlen);
/* Clock edge: commit what nr_port_bare_eval decided (queue state, RAM write, read
 * data registers, output credits). */
void nr_port_bare_commit(nr_port_bare *b);

/* ---- nr_front: the port front ends of a switch (yarc-arch §2, §11) ----
 * Per port either the LCB port model (nr_lcbp: link, go-back-N, input queue)
 * or the bare port (nr_port_bare); the switch sees one view of both (nr_pview)
 * and drives both the same way. */
typedef struct {
    int n, nvc;
    nr_lcbp **lcb;   /* [n] with LCBs, else NULL */
    nr_lcbp_out *lo; /* [n] the LCBs' outputs of this cycle */
    nr_port_bare *bp;    /* [n] without LCBs, else NULL */
} nr_front;
/* n ports with LCBs of parameters lp and run-time configuration lcfg, or
 * (lp NULL) bare ports of nvc VCs, buf phits per VC, max_pkt the VCT
 * threshold. 0; -1 with a message in err (out of memory, or the LCB's own
 * message). nr_front_release frees, also after a failed init. */
int nr_front_init(nr_front *f, int n, const nr_lcb_params *lp, const nr_lcb_cfg *lcfg, int nvc,
                  int buf, int max_pkt, char *err, int errlen);
void nr_front_release(nr_front *f);
/* Port p's state-only outputs at the start of the cycle. */
void nr_front_view(nr_front *f, int p, nr_pview *pv);
/* Port p's cycle: the switch's reads d_rd[] (-1 none), the phit it sends
 * (tx_valid, tx_phit on VC tx_vc) and the router inputs in; fills port p of
 * out. Returns 0; 1 if the LCB did not take the phit (the caller cancels the
 * send; message in msg); 2 if the bare port found a violation (msg). */
int nr_front_eval(nr_front *f, int p, const int8_t *d_rd, int tx_valid, uint32_t tx_phit,
                  int tx_vc, const nr_rtr_in *in, nr_rtr_out *out, char *msg, int msglen);
/* Clock edge of every port. */
void nr_front_tick(nr_front *f);
/* Errors the LCB models found; the first as "port P LCB: ..." in buf (if buf
 * is empty). */
long nr_front_errors(const nr_front *f, char *buf, int buflen);
/* A router model's *_errors(): its own errors e and those of its front
 * ends f, counted together (saturated); the first message in buf, the
 * model's own before the LCBs'. */
int nr_router_errors(const nr_errs *e, const nr_front *f, char *buf, int buflen);

#endif
