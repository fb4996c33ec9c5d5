/* swparts.h - reusable pieces of the switch models (private to csrc/model).
 *
 * The YARC model (yarc*.c) is built from these, and the folded-Clos and
 * bilateral-butterfly models reuse them. Each piece is parameterized by its
 * inputs, outputs, VCs and depths, keeps its state in one struct, and follows
 * the model's two-step cycle:
 *
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
#include "nr_fmt.h"

/* ---- phit helpers (pure) ---- */
#define SW_DATA_MASK ((1u << NR_DATA_W) - 1u)
static inline unsigned sw_kind(uint32_t ph) { return (ph >> NR_KIND_LSB) & 3u; }
static inline int sw_is_head(uint32_t ph) { return sw_kind(ph) == NR_KIND_HEAD; }
static inline int sw_is_eop(uint32_t ph) { return sw_kind(ph) == NR_KIND_EOP; }
/* 1 if time a is at or after time b (wrap-safe). */
static inline int sw_time_ge(uint32_t a, uint32_t b) { return (int32_t)(a - b) >= 0; }

/* Round robin: the first set bit of mask (bits 0..n-1) at or after ptr,
 * wrapping; -1 if mask is empty. Pure; every arbiter in the models uses it,
 * and "moves past the winner w" always means ptr = (w + 1) mod n. */
static inline int sw_rr_pick(uint64_t mask, int ptr)
{
    if (!mask)
        return -1;
    uint64_t hi = ptr >= 64 ? 0 : mask & (~0ull << ptr);
    return __builtin_ctzll(hi ? hi : mask);
}

/* ---- nr_lfifo: a latency channel feeding a FIFO buffer ---- */
typedef struct {
    uint32_t v; /* phit in bits 23:0, tag (e.g. target output) in 31:24 */
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

/* ---- nr_ssw: wormhole subswitch with per-output stage-1 arbitration ----
 * (yarc-arch.md §6.) nin input buffers per VC (nr_lfifo, depth `depth`, tag =
 * target output), nout outputs, each with one credit counter per VC for the
 * downstream buffer it feeds. Per output and VC: the owning input (a packet
 * holds the output on its VC until its EOP), a round-robin pointer over the
 * inputs; per output: a round-robin pointer over VCs that moves only on an
 * EOP. Each output sends at most one phit per cycle (VCs interleave per
 * phit); each input buffer is popped at most once per cycle.
 * Bookkeeping for speed only (no architectural meaning): ne[v] marks the
 * inputs whose buffer holds something, own_any the outputs with an owner on
 * some VC, so an idle subswitch costs almost nothing. Push through
 * nr_ssw_push() to keep ne[] right. */
#define NR_SSW_MAX_IO 64
#define NR_SSW_MAX_VCS 4
typedef struct {
    int nin, nout, nvc, depth;
    nr_lfifo *inb;      /* [i * nvc + v] input buffers */
    int *cc;            /* [j * nvc + v] credits toward output j's downstream buffer */
    int8_t *own;        /* [j * nvc + v] input holding output j on VC v, -1 = none */
    uint8_t *arb;       /* [j * nvc + v] stage-1 round-robin pointer over inputs */
    uint8_t *vptr;      /* [j] round-robin pointer over VCs */
    uint64_t ne[NR_SSW_MAX_VCS]; /* bit i: input buffer [i][v] is not empty */
    uint64_t own_any;   /* bit j: output j has an owner on some VC */
    uint64_t *req;      /* scratch [v * nout + j]: inputs with a ready HEAD for j */
    /* decision of this cycle (nr_ssw_eval) */
    uint64_t d_mask;    /* bit j: output j sends */
    int8_t *d_vc;       /* [j] VC sent on output j (if d_mask has j) */
    int8_t *d_src;      /* [j] input it came from */
    uint8_t *d_new;     /* [j] the source was arbitrated this cycle */
    uint32_t *d_phit;   /* [j] the phit */
} nr_ssw;

/* Build in reset state: buffers empty, credits = down_depth, no owners,
 * pointers 0. 0 or -1 (bad size or out of memory). Call once at model
 * creation; nr_ssw_release() frees. */
int nr_ssw_init(nr_ssw *s, int nin, int nout, int nvc, int depth, int down_depth);
void nr_ssw_release(nr_ssw *s);
/* A phit for input buffer [i][v], usable from cycle t, heading for output
 * `tag`. Commit-time (the upstream's clock edge). -1 on overflow. */
static inline int nr_ssw_push(nr_ssw *s, int i, int v, uint32_t phit, unsigned tag, uint32_t t)
{
    s->ne[v] |= 1ull << i;
    return nr_lfifo_push(&s->inb[i * s->nvc + v], phit, tag, t);
}
/* Stage-1 arbitration of cycle now (§6 steps 1-3): fills d_*. */
void nr_ssw_eval(nr_ssw *s, uint32_t now);
/* Clock edge (§6 steps 3-4): pop the winners, debit credits, update owners
 * and pointers. The caller forwards d_phit/d_vc of each output in d_mask and
 * returns the input credits (d_src, d_vc) before or after this call. */
void nr_ssw_commit(nr_ssw *s);

/* ---- nr_oport: output port with stage-2 arbitration (virtual cut-through) ----
 * (yarc-arch.md §7.) nsrc source buffers per VC (nr_lfifo), indexed
 * i = v * nsrc + r as the round robin is. One packet at a time: a HEAD starts
 * only on a VC with vc_ok; a started packet is sent to its EOP, with a gap
 * (valid = 0) whenever its buffer is empty. ne marks the non-empty buffers
 * (bookkeeping for speed); push through nr_oport_push(). */
typedef struct {
    int nsrc, nvc;
    nr_lfifo *inb;      /* [v * nsrc + r] */
    uint64_t ne;        /* bit i: buffer i is not empty */
    int busy, cur, ptr;
    /* decision of this cycle (nr_oport_eval) */
    int d_valid;        /* a phit is presented */
    uint32_t d_phit;
    int d_sel;          /* buffer it is presented from */
    int d_start;        /* it is a newly chosen HEAD */
} nr_oport;

/* Build in reset state (buffers of `depth` phits, not busy, pointer 0). 0 or
 * -1. Call once at model creation; nr_oport_release() frees. */
int nr_oport_init(nr_oport *o, int nsrc, int nvc, int depth);
void nr_oport_release(nr_oport *o);
/* A phit for source buffer i, usable from cycle t. Commit-time. -1 on overflow. */
static inline int nr_oport_push(nr_oport *o, int i, uint32_t phit, uint32_t t)
{
    o->ne |= 1ull << i;
    return nr_lfifo_push(&o->inb[i], phit, 0, t);
}
/* Stage-2 arbitration of cycle now, given the port's vc_ok mask (bit v: a HEAD
 * on VC v would be taken). Sets d_*; the phit to present is d_valid/d_phit.
 * Call after vc_ok is known (it depends on port state only). */
void nr_oport_eval(nr_oport *o, unsigned vc_ok, uint32_t now);
/* Clock edge. taken: the port took the presented phit. Returns the index of
 * the buffer popped (to return its credit), or -1. */
int nr_oport_commit(nr_oport *o, int taken);

/* ---- nr_bport: the bare router port (yarc-arch.md §11) ----
 * Input queue per docs/link-protocol.md §8.4 with rx_bad always 0, written
 * directly from in_valid/in_phit (no register in front), read by the router
 * (rd_en/rd_vc, data on rd_valid/rd_phit in the next cycle), freeing credits
 * in_cr[v]; plus the output's per-VC credit counters, which start at
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
    nr_bq_vc q[NR_SSW_MAX_VCS];
    int wvc;              /* VC of the packet being written (from its head) */
    int ovf;              /* dropping the rest of an overflowed packet */
    int rd_valid;         /* read data register */
    uint32_t rd_phit;
    int cnt[NR_SSW_MAX_VCS]; /* output credit counters */
    /* decision of this cycle (nr_bport_eval) */
    int d_active;         /* something changes (else commit has nothing to do) */
    nr_bq_vc d_q[NR_SSW_MAX_VCS];
    int d_wvc, d_ovf, d_rd_valid;
    uint32_t d_rd_phit;
    int d_we;
    uint32_t d_waddr, d_wdata;
    int d_cnt[NR_SSW_MAX_VCS];
    uint32_t d_cr[NR_SSW_MAX_VCS]; /* in_cr of this cycle */
} nr_bport;

/* Build in reset state: queues empty, output credits = buf. 0 or -1. Call
 * once at model creation; nr_bport_release() frees. */
int nr_bport_init(nr_bport *b, int nvc, int buf, int max_pkt);
void nr_bport_release(nr_bport *b);
/* State-only outputs: rd_avail mask, vc_ok mask. Call before the router
 * decides its read and its output phit (they need no inputs). */
static inline unsigned nr_bport_rd_avail(const nr_bport *b)
{
    unsigned m = 0;
    for (int v = 0; v < b->nvc; v++)
        if (b->q[v].wr != b->q[v].rd || b->q[v].abort)
            m |= 1u << v;
    return m;
}
static inline unsigned nr_bport_vc_ok(const nr_bport *b)
{
    unsigned m = 0;
    for (int v = 0; v < b->nvc; v++)
        if (b->cnt[v] >= b->max_pkt)
            m |= 1u << v;
    return m;
}
/* One cycle: the router's read (rd_en, rd_vc), the input phit, whether the
 * router sends a phit on the output and on which VC (for the debit), and the
 * sink's credits out_cr[v]. Fills d_* (d_cr = in_cr). Call after the router
 * has decided its read and its output phit. Returns the number of protocol
 * violations found (first message in err): reading an unavailable VC, an
 * input overflow, an output credit underflow or overflow. */
int nr_bport_eval(nr_bport *b, int rd_en, int rd_vc, int in_valid, uint32_t in_phit,
                  int tx_valid, int tx_vc, const uint32_t *out_cr, char *err, int errlen);
/* Clock edge: commit what nr_bport_eval decided (queue state, RAM write, read
 * data register, output credits). */
void nr_bport_commit(nr_bport *b);

#endif
