/* sw_alloc.h - nr_swalloc: the subswitch allocator (sw_alloc.c).
 * A piece of the switch models; sw_common.h says how the pieces work. */
#ifndef NR_SW_ALLOC_H
#define NR_SW_ALLOC_H
#include "sw_common.h"
#include "sw_bufs.h"
#include "sw_iu.h"

/* ---- nr_swalloc: the subswitch allocator (nwn-arch §6) ----
 * nin inputs, each buffered (per-VC nr_vcbank of `depth`, fed by an internal
 * channel; the entry tag is the packet's output port q, and the target
 * output of a HEAD is qmap[q]) or an IU (fronts copied in each cycle with
 * nr_swalloc_set_iu); nout outputs, each a channel output (per VC a credit
 * counter cc for the downstream buffer, an owner own and a stage-1 round
 * robin arb1; per output a VC round robin vptr that moves only at an EOP) or
 * a port output (busy, cur, a round robin pptr over r = i*nvc + v, the port's
 * vc_ok); per input the accept pointer iptr and the input speedup S.
 * Each cycle: grant (each output picks one input VC), accept (each input
 * keeps at most S of its grants and dropping VCs), commit.
 * Bookkeeping for speed only: ne[v] marks the buffered inputs that hold
 * something, own_any / busy_any the outputs that hold a packet, so an idle
 * allocator costs almost nothing. Push through nr_swalloc_push() to keep ne[]
 * and fr[] right. */
#define NR_SW_QMAP 256 /* the tags of a buffered HEAD (qmap) */

/* The baseline VC router's VC allocation (nwn-arch §1.7), on an allocator
 * of IU inputs and port outputs: per input VC k = i * nvc + v the output VC
 * its packet holds, per output VC (j, w) the input VC holding it. */
enum { NR_SA_SEP = 0, NR_SA_ISLIP = 1, NR_SA_DIST = 2 }; /* SaAlloc */
typedef struct {
    int ncls; /* classes of nvc / ncls VCs */
    int hop;  /* VaHop: a head of class c takes class c + 1 (the last kept) */
    int sa;   /* SA: NR_SA_SEP, NR_SA_ISLIP (iters rounds), NR_SA_DIST (groups of grp) */
    int iters, grp;
    uint8_t *lptr;    /* [j * (nin / grp) + g] the distributed allocator's local pointers */
    uint8_t *gptr;    /* [j] and global ones */
    uint64_t d_first; /* iSLIP: ports matched in the first round this cycle */
    int spec;         /* speculative SA: a head bids in the cycle of its VA */
    int8_t *d_pick;   /* [k] this cycle's VA stage-1 pick w, -1 none */
    int8_t *d_won;    /* [k] the VC won this cycle, -1 none */
    int8_t *hold;     /* [k] w, -1 none */
    int16_t *vown;    /* [j * nvc + w] k, -1 free */
    uint8_t *p1;      /* [k] stage-1 pointer over w */
    uint16_t *p2;     /* [j * nvc + w] stage-2 pointer over r = i * nvc + v */
    uint64_t *req;    /* [(j * nvc + w) * nvc + v] scratch: bit i picked (j, w) */
    int d_n;          /* this cycle's winners */
    int16_t *d_k;     /* [d_n] their input VC */
    int8_t *d_w;      /* [d_n] the output VC won */
    uint8_t *d_j;     /* [d_n] its output */
} nr_swva;

typedef struct {
    int nin, nout, nvc, S;
    int all_acc;                /* S >= nvc: every candidate is accepted */
    int all_port;               /* every output is a port output */
    uint64_t iu_in;             /* bit i: input i is an IU */
    uint64_t port_out;          /* bit j: output j is a port output */
    uint64_t *xp;               /* [i] the crosspoints of input i (bit j) */
    const uint8_t *qmap;        /* buffered inputs: target output of the tag (q; HyperX
                                 * q | ext << 6), NR_SW_QMAP entries; the owner's table
                                 * (init: all 0), shared by its allocators where equal */
    nr_vcbank *inb;             /* [i * nvc + v], buffered inputs (made at the first push:
                                 * memory only, an allocator nothing reaches holds none) */
    int depth;                  /* their depth */
    uint64_t ne[NR_SW_MAX_VCS]; /* bit i: buffered input [i][v] is not empty */
    nr_vcbank_ent *fr;          /* [i * nvc + v] a copy of that buffer's front entry, valid
                                 * while its ne bit is set (speed only: eval reads the
                                 * fronts from one small array, not from every ring) */
    /* IU fronts of this cycle (nr_swalloc_set_iu) */
    uint64_t fx[NR_SW_MAX_VCS]; /* bit i: IU input i has a front on VC v */
    uint64_t fdrop_in;          /* IU inputs with a dropping VC */
    uint8_t *fdrop;             /* [i] dropping VCs */
    uint32_t *fph;              /* [i * nvc + v] front phits (only with IU inputs) */
    uint8_t *ftgt, *fq;         /* [i * nvc + v] their target output and q (ditto) */
    /* channel outputs, [j * nvc + v] */
    int *cc;          /* credits toward output j's downstream buffer */
    int8_t *own;      /* input holding output j on VC v, -1 = none */
    uint8_t *arb;     /* stage-1 round-robin pointer over inputs */
    uint8_t *vptr;    /* [j] round-robin pointer over VCs */
    uint64_t own_any; /* bit j: output j has an owner on some VC */
    /* port outputs, [j] */
    uint8_t *busy, *cur_v, *cur_i, *pp_v, *pp_i; /* pptr = pp_i * nvc + pp_v (input-major) */
    unsigned *vc_ok; /* the port's vc_ok, set by the caller each cycle */
    uint64_t busy_any;
    /* inputs */
    uint8_t *iptr; /* [i] accept round robin over VCs */
    int8_t *hout;  /* [i * nvc + v] the output the packet in progress on
                                 * (i, v) holds, -1 = none (the held-input rule, §6.2) */
    /* scratch */
    uint64_t *req; /* [v * nout + j] head requests */
    int8_t *g_out; /* [i * nvc + v] the output granting (i, v) */
    /* decision of this cycle (nr_swalloc_eval) */
    uint64_t d_mask;      /* bit j: output j sends */
    int8_t *d_vc, *d_src; /* [j] the VC and input it sends */
    uint8_t *d_new;       /* [j] a new packet (a HEAD granted by arbitration) */
    uint32_t *d_phit;     /* [j] the phit */
    uint8_t *d_q;         /* [j] its output port q (channel sideband) */
    uint8_t *d_pop;       /* [i] IU input: VCs popped (accepted grants and drops);
                                 * with S < nvc also a buffered input's accepted grants
                                 * (a buffered input pops exactly what its outputs send) */
    uint64_t d_pop_in;    /* inputs with d_pop != 0 */
    nr_swva *va;          /* the baseline VC router's VA and input-first SA (NULL: §6) */
    void *blk;            /* the one allocation every array above lies in, but inb and fr */
    nr_ringpool *pool;    /* where the buffers' rings come from (NULL: malloc) */
} nr_swalloc;

/* Build in reset state: buffers empty, credits = down_depth, no owners, not
 * busy, pointers 0. iu_in: inputs that are IUs (no buffer); port_out: port
 * outputs; S: input speedup. Every (input, output) pair is a crosspoint
 * until nr_swalloc_xp() says otherwise. 0 or -1 (bad size or out of memory).
 * Call once at model creation; nr_swalloc_release() frees. */
int nr_swalloc_init(nr_swalloc *a, int nin, int nout, int nvc, int S, uint64_t iu_in,
                    uint64_t port_out, int depth, int down_depth);
void nr_swalloc_release(nr_swalloc *a);
/* Make a an allocator of the baseline VC router (nwn-arch §1.7): VA over
 * ncls classes, SA sa (iSLIP with iters rounds, the distributed allocator
 * with groups of grp inputs), speculative SA with spec. Every input an IU, every output a port
 * output, S = 1. 0, or -1 (not such an allocator, or out of memory). */
int nr_swalloc_set_vc(nr_swalloc *a, int ncls, int sa, int iters, int grp, int spec);
/* The rings of its buffers from pool p (shared by a router's allocators),
 * not malloc. Call before the first push; release the allocator before the
 * pool. */
static inline void nr_swalloc_set_pool(nr_swalloc *a, nr_ringpool *p) { a->pool = p; }
/* The buffers (inb, fr) of the first push: 0, -2 out of memory. */
int nr_swalloc_bufs(nr_swalloc *a);
/* A phit for buffered input [i][v] of output port q, usable from cycle t.
 * Commit-time (the upstream's clock edge). -1 on overflow, -2 out of memory. */
static inline int nr_swalloc_push(nr_swalloc *a, int i, int v, uint32_t phit, unsigned q,
                                  uint32_t t)
{
    if (!a->inb && nr_swalloc_bufs(a)) return -2;
    const int k = i * a->nvc + v;
    if (!((a->ne[v] >> i) & 1u)) { /* the entry becomes the front */
        a->fr[k].v = nr_vcbank_word(phit, q);
        a->fr[k].t = t;
        a->ne[v] |= 1ull << i;
    }
    return nr_vcbank_push(&a->inb[k], a->pool, phit, q, t);
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
/* Nothing stored, presented or held: a cycle would decide nothing (speed
 * only; a push or an IU's fronts end it). */
static inline int nr_swalloc_idle(const nr_swalloc *a)
{
    return !(a->own_any | a->busy_any | a->fdrop_in | a->ne[0] | a->ne[1] | a->ne[2] | a->ne[3] |
             a->fx[0] | a->fx[1] | a->fx[2] | a->fx[3]);
}
static inline int nr_swalloc_eval(nr_swalloc *a, uint32_t now, char *err, int errlen)
{
    if (nr_swalloc_idle(a)) {
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
    if (a->d_mask | a->d_pop_in || (a->va && a->va->d_n)) nr_swalloc_commit_busy(a);
}

#endif
