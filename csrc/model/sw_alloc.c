/* sw_alloc.c - nr_swalloc, the subswitch allocator of docs/nwn-arch.md §6:
 * a one-iteration separable allocator, output first (grant), then input
 * (accept), then commit, over buffered and IU inputs and channel and port
 * outputs.
 *
 * YARC (nwn-arch §6.5) uses it twice per tile: the subswitch (yarc-arch §6:
 * Cols buffered inputs, the row buffers; Rows channel outputs, the column
 * channels; S >= NumVcs) and the output port (yarc-arch §7: Rows buffered
 * inputs, the column buffers; one port output; S >= NumVcs). The network
 * switches use it for every bottom and top subswitch.
 *
 * Grant, per output j (§6.2), from start-of-cycle state:
 *   channel: per VC v the source a[v] is the owner own[j][v], or the stage-1
 *            round robin arb1[j][v] over the head requests (i, v) for j; v is
 *            eligible if input a[v] has a front on v and cc[j][v] > 0; the
 *            round robin vptr[j] picks one eligible VC;
 *   port:    busy: cur[j] if it has a front; not busy: the round robin
 *            pptr[j] over the head requests (i, v) for j with vc_ok[w], w
 *            the head's vc field (v unless a flattened-butterfly route
 *            changed it, fbfly-routing §5.3), indexed r = i*nvc + v
 *            (input-major, §6.6).
 * Held inputs (§6.2, S < nvc only): VC v of input i is continuing when its
 *   front is not a HEAD and the output its packet holds (hout) can take it
 *   (a port output, or a channel output with a credit); an input with at
 *   least S continuing VCs is held, and its head requests are withdrawn.
 * Accept, per input i (§6.3): the granted VCs and (IU) the dropping VCs are
 * candidates; all are accepted if S >= nvc, else the first S in round robin
 * from iptr[i]; a refused grant has no effect at all.
 * Commit (§6.4): see nr_swalloc_commit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sw_alloc.h"

int nr_swalloc_init(nr_swalloc *a, int nin, int nout, int nvc, int S, uint64_t iu_in,
                    uint64_t port_out, int depth, int down_depth)
{
    static const uint8_t qmap0[NR_SW_QMAP];
    memset(a, 0, sizeof *a);
    a->qmap = qmap0;
    if (nin < 1 || nin > NR_SW_MAX_IO || nout < 1 || nout > NR_SW_MAX_IO || nvc < 1 ||
        nvc > NR_SW_MAX_VCS || S < 1 || depth < 1 || down_depth < 1)
        return -1;
    const size_t ni = (size_t)nin, no = (size_t)nout, nv = (size_t)nvc;
    a->nin = nin;
    a->nout = nout;
    a->nvc = nvc;
    a->S = S;
    a->all_acc = S >= nvc;
    a->iu_in = iu_in & (nin >= 64 ? ~0ull : (1ull << nin) - 1u);
    a->port_out = port_out & (nout >= 64 ? ~0ull : (1ull << nout) - 1u);
    a->all_port = a->port_out == (nout >= 64 ? ~0ull : (1ull << nout) - 1u);
    /* every array in one block, carved in order of alignment (memory only:
     * one allocation instead of 27); the IU fronts' arrays only with IU
     * inputs (niu: 0 without) */
    const size_t niu = a->iu_in ? ni * nv : 0;
    const size_t sz[] = {ni * sizeof *a->xp,
                         no * nv * sizeof *a->req,
                         niu * sizeof *a->fph,
                         no * nv * sizeof *a->cc,
                         no * sizeof *a->vc_ok,
                         no * sizeof *a->d_phit,
                         ni,
                         niu,
                         niu,
                         no * nv,
                         no * nv,
                         no,
                         no,
                         no,
                         no,
                         no,
                         no,
                         ni,
                         ni * nv,
                         ni * nv,
                         no,
                         no,
                         no,
                         no,
                         ni};
    void **ptr[] = {(void **)&a->xp,    (void **)&a->req,    (void **)&a->fph,   (void **)&a->cc,
                    (void **)&a->vc_ok, (void **)&a->d_phit, (void **)&a->fdrop, (void **)&a->ftgt,
                    (void **)&a->fq,    (void **)&a->own,    (void **)&a->arb,   (void **)&a->vptr,
                    (void **)&a->busy,  (void **)&a->cur_v,  (void **)&a->cur_i, (void **)&a->pp_v,
                    (void **)&a->pp_i,  (void **)&a->iptr,   (void **)&a->hout,  (void **)&a->g_out,
                    (void **)&a->d_vc,  (void **)&a->d_src,  (void **)&a->d_new, (void **)&a->d_q,
                    (void **)&a->d_pop};
    const size_t narr = sizeof sz / sizeof sz[0];
    size_t total = 0;
    for (size_t k = 0; k < narr; k++) total += (sz[k] + 7) & ~(size_t)7;
    char *blk = calloc(1, total);
    if (!blk) return -1;
    a->blk = blk;
    for (size_t k = 0; k < narr; k++) {
        *ptr[k] = blk;
        blk += (sz[k] + 7) & ~(size_t)7;
    }
    uint64_t all_out = nout >= 64 ? ~0ull : (1ull << nout) - 1u;
    for (int i = 0; i < nin; i++) a->xp[i] = all_out;
    if (depth > 4 << (NR_RP_CLASSES - 1)) return -1; /* nr_vcbank_alloc's limit */
    a->depth = depth;
    for (int k = 0; k < nout * nvc; k++) {
        a->cc[k] = down_depth;
        a->own[k] = -1;
    }
    memset(a->hout, -1, ni * nv);
    memset(a->d_vc, -1, no);
    memset(a->d_src, -1, no);
    return 0;
}

int nr_swalloc_bufs(nr_swalloc *a)
{
    const size_t nb = (size_t)a->nin * (size_t)a->nvc;
    nr_vcbank *b = malloc(nb * (sizeof *a->inb + sizeof *a->fr));
    if (!b) return -2;
    /* an IU input's are never used: its staging is in nr_iu */
    for (size_t k = 0; k < nb; k++) nr_vcbank_alloc(&b[k], a->depth);
    a->fr = (nr_vcbank_ent *)(b + nb);
    a->inb = b;
    return 0;
}

int nr_swalloc_set_vc(nr_swalloc *a, int ncls, int sa, int iters, int grp, int spec)
{
    const uint64_t all_in = a->nin >= 64 ? ~0ull : (1ull << a->nin) - 1u;
    if (a->iu_in != all_in || !a->all_port || a->S != 1 || ncls < 1 || a->nvc % ncls || sa < 0 ||
        sa > NR_SA_DIST || iters < 1 || grp < 1 || a->nin % grp)
        return -1;
    const size_t nk = (size_t)a->nin * (size_t)a->nvc, no = (size_t)a->nout * (size_t)a->nvc;
    /* one allocation: the struct, then the arrays by alignment */
    const size_t sz = sizeof(nr_swva) + no * (size_t)a->nvc * sizeof(uint64_t) +
                      no * (2 * sizeof(int16_t) + sizeof(uint16_t) + 2) + nk * 2 +
                      (size_t)a->nout * ((size_t)(a->nin / grp) + 1) + nk * 2;
    nr_swva *va = calloc(1, sz);
    if (!va) return -1;
    char *b = (char *)(va + 1);
    va->req = (uint64_t *)b;
    b += no * (size_t)a->nvc * sizeof(uint64_t);
    va->vown = (int16_t *)b;
    va->d_k = va->vown + no;
    va->p2 = (uint16_t *)(va->d_k + no);
    va->d_w = (int8_t *)(va->p2 + no);
    va->d_j = (uint8_t *)(va->d_w + no);
    va->hold = (int8_t *)(va->d_j + no);
    va->p1 = (uint8_t *)(va->hold + nk);
    va->lptr = va->p1 + nk;
    va->gptr = va->lptr + (size_t)a->nout * (size_t)(a->nin / grp);
    va->d_pick = (int8_t *)(va->gptr + a->nout);
    va->d_won = va->d_pick + nk;
    va->spec = spec;
    memset(va->d_pick, -1, 2 * nk);
    va->ncls = ncls;
    va->sa = sa;
    va->iters = iters;
    va->grp = grp;
    memset(va->vown, -1, no * sizeof *va->vown);
    memset(va->hold, -1, nk);
    a->va = va;
    return 0;
}

void nr_swalloc_release(nr_swalloc *a)
{
    free(a->va);
    if (a->inb)
        for (int k = 0; k < a->nin * a->nvc; k++) nr_vcbank_release(&a->inb[k], a->pool);
    free(a->inb);
    free(a->blk);
    memset(a, 0, sizeof *a);
}

void nr_swalloc_set_iu_busy(nr_swalloc *a, int i, const nr_iu *u)
{
    const int V = a->nvc;
    const uint64_t bit = 1ull << i;
    for (int v = 0; v < V; v++) {
        if ((u->f_valid >> v) & 1u) {
            a->fx[v] |= bit;
            a->fph[i * V + v] = u->f_phit[v];
            a->ftgt[i * V + v] = u->tgt[v];
            a->fq[i * V + v] = u->route_q[v];
        } else {
            a->fx[v] &= ~bit;
        }
        if ((u->f_drop >> v) & 1u) a->fph[i * V + v] = u->f_phit[v];
    }
    a->fdrop[i] = u->f_drop;
    if (u->f_drop)
        a->fdrop_in |= bit;
    else
        a->fdrop_in &= ~bit;
}

/* Buffered input [i][v] (k = i * nvc + v) has a front usable in cycle now:
 * nr_vcbank_ready(&inb[k], now), read from the copy of the front. */
static inline int buf_ready(const nr_swalloc *a, int i, int v, int k, uint32_t now)
{
    return ((a->ne[v] >> i) & 1u) && sw_time_ge(now, a->fr[k].t);
}
/* Its front phit and tag (only when ready). */
static inline uint32_t buf_front(const nr_swalloc *a, int k) { return a->fr[k].v & 0xFFFFFFu; }
static inline unsigned buf_tag(const nr_swalloc *a, int k) { return a->fr[k].v >> 24; }

/* Input i has a front on VC v this cycle. */
static inline int has_front(const nr_swalloc *a, int i, int v, uint32_t now)
{
    if ((a->iu_in >> i) & 1u) return (int)((a->fx[v] >> i) & 1u);
    return buf_ready(a, i, v, i * a->nvc + v, now);
}

/* Output j grants (i, v). */
static inline void grant(nr_swalloc *a, int j, int i, int v, int is_new)
{
    const int k = i * a->nvc + v;
    a->d_mask |= 1ull << j;
    a->d_vc[j] = (int8_t)v;
    a->d_src[j] = (int8_t)i;
    a->d_new[j] = (uint8_t)is_new;
    if ((a->iu_in >> i) & 1u) {
        a->d_phit[j] = a->fph[k];
        a->d_q[j] = a->fq[k];
    } else {
        a->d_phit[j] = buf_front(a, k);
        a->d_q[j] = (uint8_t)buf_tag(a, k);
    }
    /* d_pop tracks the IU pops and, for the accept step, every grant; a
     * granted buffered input with S >= nvc simply pops with its output */
    if (!a->all_acc || ((a->iu_in >> i) & 1u)) {
        a->d_pop[i] |= (uint8_t)(1u << v);
        a->d_pop_in |= 1ull << i;
        a->g_out[k] = (int8_t)j;
    }
}

/* The head requests m (bit i: input i) on VC v of a port output whose port
 * takes a HEAD on VC w when bit w of vc_ok is set: those whose head's vc
 * field w has it (docs/fbfly-routing.md §5.3; w is v unless a route changed
 * the packet's VC). */
static inline uint64_t port_requesters(const nr_swalloc *a, uint64_t m, int v, unsigned vc_ok)
{
    uint64_t keep = 0;
    for (; m; m &= m - 1) {
        int i = __builtin_ctzll(m), k = i * a->nvc + v;
        uint32_t ph = ((a->iu_in >> i) & 1u) ? a->fph[k] : buf_front(a, k);
        if ((vc_ok >> ((ph >> NR_HEAD_VC_LSB) & 3u)) & 1u) keep |= 1ull << i;
    }
    return keep;
}

/* The held inputs of this cycle (§6.2): bit i set when input i has at least
 * S continuing VCs. Only called when S < nvc. */
static uint64_t held_inputs(const nr_swalloc *a, uint32_t now)
{
    const int V = a->nvc;
    uint8_t ncont[NR_SW_MAX_IO];
    uint64_t any = 0, held = 0;
    for (int v = 0; v < V; v++) {
        uint64_t fr = a->iu_in ? a->fx[v] : 0; /* IU inputs with a front */
        for (uint64_t m = a->ne[v]; m; m &= m - 1) {
            int i = __builtin_ctzll(m);
            if (sw_time_ge(now, a->fr[i * V + v].t)) /* ne: not empty */
                fr |= 1ull << i;
        }
        for (; fr; fr &= fr - 1) {
            int i = __builtin_ctzll(fr);
            int k = i * V + v, j = a->hout[k];
            uint32_t ph = ((a->iu_in >> i) & 1u) ? a->fph[k] : buf_front(a, k);
            if (sw_is_head(ph) || j < 0) continue;
            if (!((a->port_out >> j) & 1u) && a->cc[j * V + v] <= 0)
                continue; /* blocked downstream: not continuing */
            if (!((any >> i) & 1u)) {
                any |= 1ull << i;
                ncont[i] = 0;
            }
            if (++ncont[i] >= a->S) held |= 1ull << i;
        }
    }
    return held;
}

/* Input i's HEAD on VC v targets output j: its request, or an error when j
 * is not a crosspoint of i. */
static inline void head_req(nr_swalloc *a, int i, int v, unsigned j, uint64_t *outs, int *nerr,
                            char *err, int errlen)
{
    const int J = a->nout;
    if ((int)j >= J || !((a->xp[i] >> j) & 1u)) {
        nr_err_first(nerr, err, errlen, "input %d vc %d: target %u is not a crosspoint", i, v, j);
        return;
    }
    if ((a->busy_any >> j) & 1u) return; /* a busy port output looks at its packet alone */
    a->req[v * J + (int)j] |= 1ull << i;
    *outs |= 1ull << j;
}

/* §1.7 VA, from start-of-cycle state: each HEAD front without an output VC
 * picks a free one of its class (a = 0: its own VC) on its target output
 * (stage 1, pointer p1),
 * each output VC grants one picker (stage 2, pointer p2 over r = i*nvc + v).
 * The winners go to d_k, d_w, d_j. */
static void va_eval(nr_swalloc *a)
{
    nr_swva *va = a->va;
    const int V = a->nvc, per = V / va->ncls;
    uint64_t jm = 0;
    va->d_n = 0;
    for (int v = 0; v < V; v++)
        for (uint64_t m = a->fx[v]; m; m &= m - 1) {
            const int i = __builtin_ctzll(m), k = i * V + v, j = a->ftgt[k];
            const uint32_t ph = a->fph[k];
            va->d_pick[k] = va->d_won[k] = -1;
            if (!sw_is_head(ph) || va->hold[k] >= 0 || j >= a->nout) continue;
            /* a = 1: any VC of the class; a = 0: its own place in it, so its flow
             * keeps its order; VaHop: the class c + 1, the last kept */
            const int hv = (int)((ph >> NR_HEAD_VC_LSB) & 3u), a1 = (ph >> NR_HEAD_A_BIT) & 1u;
            const int c = hv / per + (va->hop && hv / per + 1 < va->ncls);
            const int w0 = a1 ? c * per : c * per + hv % per, w1 = a1 ? w0 + per : w0 + 1;
            unsigned fr = 0;
            for (int w = w0; w < w1; w++) fr |= (unsigned)(va->vown[j * V + w] < 0) << w;
            const int w = sw_rr_pick(fr, va->p1[k]);
            if (w < 0) continue;
            va->d_pick[k] = (int8_t)w;
            va->req[(j * V + w) * V + v] |= 1ull << i;
            jm |= 1ull << j;
        }
    for (; jm; jm &= jm - 1) {
        const int j = __builtin_ctzll(jm);
        for (int w = 0; w < V; w++) {
            uint64_t *rq = &va->req[(j * V + w) * V];
            const int r = va->p2[j * V + w];
            int wv = 0, i = sw_rr_pick_iv(rq, V, r / V, r % V, &wv);
            if (i < 0) continue;
            memset(rq, 0, (size_t)V * sizeof *rq);
            va->d_won[i * V + wv] = (int8_t)w;
            va->d_k[va->d_n] = (int16_t)(i * V + wv);
            va->d_w[va->d_n] = (int8_t)w;
            va->d_j[va->d_n++] = (uint8_t)j;
        }
    }
}

/* §1.7 SA: input i's candidate VCs (bit v): a HEAD holding (j, w) with
 * port j free and vc_ok[w], a later phit of the packet port j is busy with,
 * or a dropping VC; in spec, the speculative ones (a head in VA this cycle,
 * with vc_ok for the VC it asked for). */
static unsigned vc_cands(const nr_swalloc *a, int i, unsigned *spec, int *nerr, char *err,
                         int errlen)
{
    const nr_swva *va = a->va;
    const int V = a->nvc, J = a->nout;
    unsigned cand = a->fdrop[i];
    *spec = 0;
    for (int v = 0; v < V; v++) {
        const int k = i * V + v, j = a->ftgt[k], w = va->hold[k];
        if (!((a->fx[v] >> i) & 1u)) continue;
        if (j >= J) {
            nr_err_first(nerr, err, errlen, "input %d vc %d: target %d is not an output", i, v, j);
            continue;
        }
        if (!sw_is_head(a->fph[k]))
            cand |= (unsigned)(a->busy[j] && a->cur_i[j] == i && a->cur_v[j] == v) << v;
        else if (w >= 0 && (int)((a->fph[k] >> NR_HEAD_VC_LSB) & 3u) != w)
            nr_err_first(nerr, err, errlen, "input %d vc %d: head on VC %u, holds VC %d", i, v,
                         (a->fph[k] >> NR_HEAD_VC_LSB) & 3u, w);
        else if (w >= 0)
            cand |= (unsigned)(!a->busy[j] && ((a->vc_ok[j] >> w) & 1u)) << v;
        else if (va->spec && va->d_pick[k] >= 0) /* speculative: the VC VA may give it */
            *spec |= (unsigned)(!a->busy[j] && ((a->vc_ok[j] >> va->d_pick[k]) & 1u)) << v;
    }
    return cand;
}

/* Speculative requests (sm[v] bit i) lose to any other (§1.7): drop them
 * from rq when another remains. */
static void spec_low(uint64_t *rq, int V, const uint64_t *sm)
{
    uint64_t ns = 0;
    for (int v = 0; v < V; v++) ns |= rq[v] & ~sm[v];
    if (ns)
        for (int v = 0; v < V; v++) rq[v] &= ~sm[v];
}
/* A grant to (i, v) stands unless it was speculative and (i, v) lost VA. */
static int spec_ok(const nr_swalloc *a, int i, int v, const uint64_t *sm)
{
    return !((sm[v] >> i) & 1u) || a->va->d_won[i * a->nvc + v] >= 0;
}

/* A free port j's choice among the heads asking for it (rq[v] bit i): the
 * round robin pptr over r = i*nvc + v (§6.2), or with the distributed
 * allocator (one VC per input) each group of m inputs' local round robin
 * (lptr), then the global one over the groups' winners (gptr). */
static int out_pick(const nr_swalloc *a, int j, const uint64_t *rq, int *wv)
{
    const nr_swva *va = a->va;
    const int V = a->nvc;
    if (va->sa != NR_SA_DIST) return sw_rr_pick_iv(rq, V, a->pp_i[j], a->pp_v[j], wv);
    const int m = va->grp, G = a->nin / m;
    const uint64_t gmask = m >= 64 ? ~0ull : (1ull << m) - 1u;
    uint64_t any = 0, gm = 0;
    int lw[NR_SW_MAX_IO];
    for (int v = 0; v < V; v++) any |= rq[v];
    for (int g = 0; g < G; g++) {
        const uint64_t loc = (any >> (g * m)) & gmask;
        if (!loc) continue;
        lw[g] = g * m + sw_rr_pick(loc, va->lptr[j * G + g]);
        gm |= 1ull << g;
    }
    const int i = lw[sw_rr_pick(gm, va->gptr[j])];
    for (*wv = 0; !((rq[*wv] >> i) & 1u); (*wv)++) continue;
    return i;
}

/* Free port j takes one of the heads that asked for it this round (req,
 * cleared): a non-speculative one if any (sm: the speculative), by
 * out_pick. Returns the input and sets *wv. */
static int port_take(nr_swalloc *a, int j, const uint64_t *sm, int *wv)
{
    const int V = a->nvc, J = a->nout;
    uint64_t rq[NR_SW_MAX_VCS];
    for (int v = 0; v < V; v++) {
        rq[v] = a->req[v * J + j];
        a->req[v * J + j] = 0;
    }
    spec_low(rq, V, sm);
    return out_pick(a, j, rq, wv);
}

/* The separable and distributed allocators (§1.7): each input picks one
 * candidate from iptr; a busy port sends its packet's phit when picked, a
 * free one takes one picked head (out_pick). */
static void sa_input_first(nr_swalloc *a, const unsigned *cand, const unsigned *spec, uint64_t ins)
{
    const int V = a->nvc, J = a->nout;
    uint64_t outs = 0, sm[NR_SW_MAX_VCS] = {0};
    for (; ins; ins &= ins - 1) {
        const int i = __builtin_ctzll(ins);
        const int v = sw_rr_pick(cand[i] ? cand[i] : spec[i], a->iptr[i]), j = a->ftgt[i * V + v];
        if (!cand[i]) sm[v] |= 1ull << i; /* a speculative pick */
        if ((a->fdrop[i] >> v) & 1u) {    /* a dropping VC pops, needing no output */
            a->d_pop[i] |= (uint8_t)(1u << v);
            a->d_pop_in |= 1ull << i;
        } else if (a->busy[j]) {
            grant(a, j, i, v, 0);
        } else {
            a->req[v * J + j] |= 1ull << i;
            outs |= 1ull << j;
        }
    }
    for (; outs; outs &= outs - 1) {
        const int j = __builtin_ctzll(outs);
        int wv = 0, wi = port_take(a, j, sm, &wv);
        if (spec_ok(a, wi, wv, sm)) grant(a, j, wi, wv, 1);
    }
}

/* iSLIP (§1.7): up to iters rounds over the unmatched inputs and ports:
 * every candidate requests its port; a busy port grants its packet's VC, a
 * free one a head by pptr; an input accepts one grant (a dropping VC grants
 * itself) by iptr. d_first: the ports matched in the first round, the only
 * ones whose pptr moves. */
static void sa_islip(nr_swalloc *a, const unsigned *cand, const unsigned *spec, uint64_t in_free)
{
    nr_swva *va = a->va;
    const int V = a->nvc, J = a->nout;
    uint64_t out_free = J >= 64 ? ~0ull : (1ull << J) - 1u, sm[NR_SW_MAX_VCS] = {0};
    for (uint64_t m = in_free; m; m &= m - 1)
        for (unsigned b = spec[__builtin_ctzll(m)]; b; b &= b - 1) sm[__builtin_ctz(b)] |= m & -m;
    va->d_first = 0;
    for (int it = 0; it < va->iters && in_free; it++) {
        unsigned gr[NR_SW_MAX_IO];
        int8_t gj[NR_SW_MAX_IO * NR_SW_MAX_VCS];
        uint64_t gin = 0, outs = 0;
        for (uint64_t m = in_free; m; m &= m - 1) {
            const int i = __builtin_ctzll(m);
            gr[i] = cand[i] & a->fdrop[i];
            for (unsigned b = (cand[i] | spec[i]) & ~(unsigned)a->fdrop[i]; b; b &= b - 1) {
                const int v = __builtin_ctz(b), j = a->ftgt[i * V + v];
                if (!((out_free >> j) & 1u)) continue;
                if (a->busy[j]) { /* the packet's own VC (the only candidate for j) */
                    gr[i] |= 1u << v;
                    gj[i * V + v] = (int8_t)j;
                    continue;
                }
                a->req[v * J + j] |= 1ull << i;
                outs |= 1ull << j;
            }
            gin |= (uint64_t)(gr[i] != 0) << i;
        }
        for (; outs; outs &= outs - 1) {
            const int j = __builtin_ctzll(outs);
            int wv = 0, wi = port_take(a, j, sm, &wv);
            if (!((gin >> wi) & 1u)) gr[wi] = 0;
            gr[wi] |= 1u << wv;
            gj[wi * V + wv] = (int8_t)j;
            gin |= 1ull << wi;
        }
        for (; gin; gin &= gin - 1) {
            const int i = __builtin_ctzll(gin);
            const unsigned ns = gr[i] & ~(unsigned)spec[i]; /* speculation: the lower priority */
            const int v = sw_rr_pick(ns ? ns : gr[i], a->iptr[i]);
            in_free &= ~(1ull << i);
            if ((a->fdrop[i] >> v) & 1u) {
                a->d_pop[i] |= (uint8_t)(1u << v);
                a->d_pop_in |= 1ull << i;
                continue;
            }
            const int j = gj[i * V + v];
            out_free &= ~(1ull << j);
            if (!spec_ok(a, i, v, sm)) continue; /* lost VA: the match is wasted */
            grant(a, j, i, v, !a->busy[j]);
            if (it == 0) va->d_first |= 1ull << j;
        }
    }
}

/* §1.7 SA and ST: the candidates, then the allocator of SaAlloc. */
static int vc_sa(nr_swalloc *a, char *err, int errlen)
{
    unsigned cand[NR_SW_MAX_IO], spec[NR_SW_MAX_IO];
    uint64_t ins = a->fdrop_in, live = 0;
    int nerr = 0;
    for (int v = 0; v < a->nvc; v++) ins |= a->fx[v];
    for (; ins; ins &= ins - 1) {
        const int i = __builtin_ctzll(ins);
        cand[i] = vc_cands(a, i, &spec[i], &nerr, err, errlen);
        live |= (uint64_t)((cand[i] | spec[i]) != 0) << i;
    }
    if (a->va->sa == NR_SA_ISLIP)
        sa_islip(a, cand, spec, live);
    else
        sa_input_first(a, cand, spec, live);
    return nerr;
}

int nr_swalloc_eval_busy(nr_swalloc *a, uint32_t now, char *err, int errlen)
{
    if (a->va) { /* the baseline VC router (§1.7) */
        a->d_mask = 0;
        va_eval(a);
        return vc_sa(a, err, errlen);
    }
    const int V = a->nvc, J = a->nout;
    uint64_t outs = a->own_any | a->busy_any; /* outputs that may send this cycle */
    int nerr = 0;

    a->d_mask = 0; /* d_pop and d_pop_in are clear (the last commit used them up) */

    /* Head requests: per VC and output, the inputs whose front is a HEAD
     * targeting that output; none needed when every output is a busy port
     * output (speed only: a busy port output looks at cur alone). */
    if (a->all_port && a->busy_any == a->port_out) goto grant_outputs;
    const uint64_t free_in = a->all_acc ? ~0ull : ~held_inputs(a, now);
    for (int v = 0; v < V; v++) {
        for (uint64_t m = a->ne[v] & free_in; m; m &= m - 1) { /* buffered inputs */
            int i = __builtin_ctzll(m);
            const int k = i * V + v; /* ne: not empty */
            if (sw_time_ge(now, a->fr[k].t) && sw_is_head(buf_front(a, k)))
                head_req(a, i, v, a->qmap[buf_tag(a, k)], &outs, &nerr, err, errlen);
        }
        for (uint64_t m = a->iu_in ? a->fx[v] & free_in : 0; m; m &= m - 1) { /* IU inputs */
            int i = __builtin_ctzll(m);
            if (sw_is_head(a->fph[i * V + v]))
                head_req(a, i, v, a->ftgt[i * V + v], &outs, &nerr, err, errlen);
        }
    }

grant_outputs:
    /* Grant (§6.2). Arbitration results are forgotten: each output clears
     * its scratch requests as it goes. */
    for (uint64_t m = outs; m; m &= m - 1) {
        int j = __builtin_ctzll(m);
        if ((a->port_out >> j) & 1u) {
            if (a->busy[j]) { /* the packet being sent: its next phit, or a gap (no
                               * request was made for it) */
                if (has_front(a, a->cur_i[j], a->cur_v[j], now))
                    grant(a, j, a->cur_i[j], a->cur_v[j], 0);
                continue;
            }
            uint64_t rq[NR_SW_MAX_VCS];
            for (int v = 0; v < V; v++) {
                rq[v] = port_requesters(a, a->req[v * J + j], v, a->vc_ok[j]);
                a->req[v * J + j] = 0;
            }
            int wv = 0, wi = sw_rr_pick_iv(rq, V, a->pp_i[j], a->pp_v[j], &wv);
            if (wi >= 0) grant(a, j, wi, wv, 1);
            continue;
        }
        int src[NR_SW_MAX_VCS];
        uint64_t elig = 0;
        for (int v = 0; v < V; v++) {
            int o = a->own[j * V + v];
            /* the owner, or this cycle's stage-1 choice */
            if (o >= 0)
                src[v] = has_front(a, o, v, now) ? o : -1;
            else
                src[v] = sw_rr_pick(a->req[v * J + j], a->arb[j * V + v]);
            a->req[v * J + j] = 0;
            /* eligible with a front and a credit */
            if (src[v] >= 0 && a->cc[j * V + v] > 0) elig |= 1ull << v;
        }
        int w = sw_rr_pick(elig, a->vptr[j]); /* one VC per output and cycle */
        if (w >= 0) grant(a, j, src[w], w, a->own[j * V + w] < 0);
    }

    /* Accept (§6.3): dropping VCs are candidates too. */
    for (uint64_t m = a->fdrop_in; m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        a->d_pop[i] |= a->fdrop[i];
        a->d_pop_in |= 1ull << i;
    }
    if (!a->all_acc) {
        for (uint64_t m = a->d_pop_in; m; m &= m - 1) {
            int i = __builtin_ctzll(m);
            unsigned cand = a->d_pop[i];
            if (sw_nbits4(cand) <= a->S) continue;
            unsigned acc = sw_accept(cand, a->S, V, a->iptr[i]);
            /* refused grants: the output sends nothing (a dropping VC has no grant) */
            unsigned ref = cand & ~acc & ~(unsigned)a->fdrop[i];
            for (; ref; ref &= ref - 1)
                a->d_mask &= ~(1ull << a->g_out[i * V + __builtin_ctz(ref)]);
            a->d_pop[i] = (uint8_t)acc;
        }
    }
    return nerr;
}

void nr_swalloc_cancel(nr_swalloc *a, int j)
{
    if (!((a->d_mask >> j) & 1u)) return;
    int i = a->d_src[j];
    a->d_mask &= ~(1ull << j);
    a->d_pop[i] &= (uint8_t) ~(1u << a->d_vc[j]);
    if (!a->d_pop[i]) a->d_pop_in &= ~(1ull << i);
}

/* §1.7: the EOP of input VC k left port j: its output VC is free. */
static void va_free(nr_swva *va, int k, int j, int V)
{
    if (va->hold[k] >= 0) va->vown[j * V + va->hold[k]] = -1;
    va->hold[k] = -1;
}

/* §1.7: a new packet from input src on port j: the distributed
 * allocator's pointers move past it (the local one of its group, the
 * global one past the group); 0 for an iSLIP match after the first round
 * (pptr stays), else 1 (pptr moves). */
static int va_port_new(nr_swva *va, int j, int src, int nin)
{
    if (va->sa == NR_SA_ISLIP) return (int)((va->d_first >> j) & 1u);
    if (va->sa == NR_SA_DIST) {
        const int m = va->grp, G = nin / m, g = src / m;
        va->lptr[j * G + g] = (uint8_t)(src % m + 1 == m ? 0 : src % m + 1);
        va->gptr[j] = (uint8_t)(g + 1 == G ? 0 : g + 1);
    }
    return 1;
}

/* §1.7: the VA winners of this cycle hold their output VCs; the pointers
 * move past them. */
static void va_commit(nr_swalloc *a)
{
    nr_swva *va = a->va;
    const int V = a->nvc, nr = a->nin * V;
    for (int n = 0; n < va->d_n; n++) {
        const int k = va->d_k[n], w = va->d_w[n], o = va->d_j[n] * V + w;
        va->hold[k] = (int8_t)w;
        va->vown[o] = (int16_t)k;
        va->p1[k] = (uint8_t)(w + 1 == V ? 0 : w + 1);
        va->p2[o] = (uint16_t)(k + 1 == nr ? 0 : k + 1);
    }
    va->d_n = 0;
}

void nr_swalloc_commit_busy(nr_swalloc *a)
{
    const int V = a->nvc;
    if (a->va) va_commit(a);
    /* outputs, and the pops of the buffered inputs they send from */
    for (uint64_t m = a->d_mask; m; m &= m - 1) {
        int j = __builtin_ctzll(m);
        int w = a->d_vc[j], src = a->d_src[j];
        int eop = sw_is_eop(a->d_phit[j]);
        if (!((a->iu_in >> src) & 1u)) {
            nr_vcbank *f = &a->inb[src * V + w];
            nr_vcbank_pop(f, a->pool);
            if (!f->cnt)
                a->ne[w] &= ~(1ull << src);
            else
                a->fr[src * V + w] = f->e[f->head];
        }
        if (a->d_new[j]) a->hout[src * V + w] = (int8_t)j;
        if (eop) a->hout[src * V + w] = -1;
        if ((a->port_out >> j) & 1u) {
            if (a->d_new[j]) { /* a new packet: pptr moves past r = src*V + w */
                a->busy[j] = 1;
                a->cur_v[j] = (uint8_t)w;
                a->cur_i[j] = (uint8_t)src;
                a->busy_any |= 1ull << j;
                if (a->va && !va_port_new(a->va, j, src, a->nin)) {
                    /* iSLIP, a later round: pptr stays (§1.7) */
                } else if (w + 1 < V) {
                    a->pp_i[j] = (uint8_t)src;
                    a->pp_v[j] = (uint8_t)(w + 1);
                } else {
                    a->pp_i[j] = (uint8_t)(src + 1 == a->nin ? 0 : src + 1);
                    a->pp_v[j] = 0;
                }
            }
            if (eop) { /* a new packet may start next cycle */
                a->busy[j] = 0;
                a->busy_any &= ~(1ull << j);
                if (a->va) va_free(a->va, src * V + w, j, V);
            }
            continue;
        }
        a->cc[j * V + w]--;
        if (a->d_new[j]) { /* the new owner; arb1 moves past it */
            a->own[j * V + w] = (int8_t)src;
            a->arb[j * V + w] = (uint8_t)(src + 1 == a->nin ? 0 : src + 1);
            a->own_any |= 1ull << j;
        }
        if (eop) { /* the packet releases the output; vptr moves past w */
            a->own[j * V + w] = -1;
            a->vptr[j] = (uint8_t)(w + 1 == V ? 0 : w + 1);
            int owned = 0;
            for (int v = 0; v < V; v++) owned |= a->own[j * V + v] >= 0;
            if (!owned) a->own_any &= ~(1ull << j);
        }
    }
    /* inputs: the accept pointer (the IU pops its own staging) */
    for (uint64_t m = a->d_pop_in; m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        unsigned pops = a->d_pop[i];
        if (!a->all_acc) {
            unsigned eop = 0;
            for (unsigned p = pops; p; p &= p - 1) {
                int v = __builtin_ctz(p);
                uint32_t ph =
                    ((a->iu_in >> i) & 1u) ? a->fph[i * V + v] : a->d_phit[a->g_out[i * V + v]];
                eop |= (unsigned)sw_is_eop(ph) << v;
            }
            a->iptr[i] = (uint8_t)sw_iptr_next(pops, eop, a->S, V, a->iptr[i]);
        }
        a->d_pop[i] = 0;
    }
    a->d_pop_in = 0;
}
