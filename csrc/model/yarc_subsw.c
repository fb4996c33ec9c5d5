/* yarc_subsw.c - nr_ssw, the wormhole subswitch with stage-1 arbitration
 * (docs/yarc-arch.md §6), generic in inputs, outputs, VCs and depths.
 *
 * In YARC a tile's subswitch has Cols inputs (the row buffers, one per input
 * of the tile's row and VC) and Rows outputs (the column channels to the tiles
 * of its column); the input-buffer tag is the target output j = q / Cols. */
#include <stdlib.h>
#include <string.h>

#include "swparts.h"

int nr_ssw_init(nr_ssw *s, int nin, int nout, int nvc, int depth, int down_depth)
{
    memset(s, 0, sizeof *s);
    if (nin < 1 || nin > NR_SSW_MAX_IO || nout < 1 || nout > NR_SSW_MAX_IO || nvc < 1 ||
        nvc > NR_SSW_MAX_VCS || depth < 1 || down_depth < 1)
        return -1;
    s->nin = nin;
    s->nout = nout;
    s->nvc = nvc;
    s->depth = depth;
    s->inb = calloc((size_t)(nin * nvc), sizeof *s->inb);
    s->cc = malloc((size_t)(nout * nvc) * sizeof *s->cc);
    s->own = malloc((size_t)(nout * nvc));
    s->arb = calloc((size_t)(nout * nvc), 1);
    s->vptr = calloc((size_t)nout, 1);
    s->req = calloc((size_t)(nout * nvc), sizeof *s->req);
    s->d_vc = malloc((size_t)nout);
    s->d_src = malloc((size_t)nout);
    s->d_new = calloc((size_t)nout, 1);
    s->d_phit = calloc((size_t)nout, sizeof *s->d_phit);
    if (!s->inb || !s->cc || !s->own || !s->arb || !s->vptr || !s->req || !s->d_vc ||
        !s->d_src || !s->d_new || !s->d_phit)
        return -1;
    for (int i = 0; i < nin * nvc; i++)
        if (nr_lfifo_alloc(&s->inb[i], depth))
            return -1;
    for (int i = 0; i < nout * nvc; i++) {
        s->cc[i] = down_depth;
        s->own[i] = -1;
    }
    memset(s->d_vc, -1, (size_t)nout);
    memset(s->d_src, -1, (size_t)nout);
    return 0;
}

void nr_ssw_release(nr_ssw *s)
{
    if (s->inb)
        for (int i = 0; i < s->nin * s->nvc; i++)
            nr_lfifo_release(&s->inb[i]);
    free(s->inb);
    free(s->cc);
    free(s->own);
    free(s->arb);
    free(s->vptr);
    free(s->req);
    free(s->d_vc);
    free(s->d_src);
    free(s->d_new);
    free(s->d_phit);
    memset(s, 0, sizeof *s);
}

void nr_ssw_eval(nr_ssw *s, uint32_t now)
{
    const int V = s->nvc, J = s->nout;
    uint64_t outs = s->own_any; /* outputs that may send this cycle */
    uint64_t touched[NR_SSW_MAX_VCS];

    s->d_mask = 0;
    /* Stage-1 requests: per VC and output, the inputs whose front is a ready
     * HEAD targeting that output. */
    for (int v = 0; v < V; v++) {
        touched[v] = 0;
        for (uint64_t m = s->ne[v]; m; m &= m - 1) {
            int i = __builtin_ctzll(m);
            const nr_lfifo *f = &s->inb[i * V + v];
            if (nr_lfifo_ready(f, now) && sw_is_head(nr_lfifo_front(f))) {
                unsigned j = nr_lfifo_front_tag(f);
                if ((int)j < J) {
                    s->req[v * J + (int)j] |= 1ull << i;
                    touched[v] |= 1ull << j;
                }
            }
        }
        outs |= touched[v];
    }

    for (uint64_t m = outs; m; m &= m - 1) {
        int j = __builtin_ctzll(m);
        int a[NR_SSW_MAX_VCS];
        uint64_t elig = 0;
        for (int v = 0; v < V; v++) {
            int o = s->own[j * V + v];
            /* §6 step 1: the owner, or this cycle's stage-1 choice. */
            if (o >= 0)
                a[v] = nr_lfifo_ready(&s->inb[o * V + v], now) ? o : -1;
            else
                a[v] = sw_rr_pick(s->req[v * J + j], s->arb[j * V + v]);
            /* step 2: eligible with a non-empty source and a credit. */
            if (a[v] >= 0 && s->cc[j * V + v] > 0)
                elig |= 1ull << v;
        }
        /* step 3: one VC per output and cycle. */
        int w = sw_rr_pick(elig, s->vptr[j]);
        if (w < 0)
            continue;
        s->d_mask |= 1ull << j;
        s->d_vc[j] = (int8_t)w;
        s->d_src[j] = (int8_t)a[w];
        s->d_new[j] = s->own[j * V + w] < 0;
        s->d_phit[j] = nr_lfifo_front(&s->inb[a[w] * V + w]);
    }

    /* arbitration results are forgotten: clear the scratch requests */
    for (int v = 0; v < V; v++)
        for (uint64_t m = touched[v]; m; m &= m - 1)
            s->req[v * J + __builtin_ctzll(m)] = 0;
}

void nr_ssw_commit(nr_ssw *s)
{
    const int V = s->nvc;
    for (uint64_t m = s->d_mask; m; m &= m - 1) {
        int j = __builtin_ctzll(m);
        int w = s->d_vc[j], src = s->d_src[j];
        nr_lfifo *f = &s->inb[src * V + w];
        nr_lfifo_pop(f);
        if (!f->cnt)
            s->ne[w] &= ~(1ull << src);
        s->cc[j * V + w]--;
        if (s->d_new[j]) { /* step 4: the new owner; arb1 moves past it */
            s->own[j * V + w] = (int8_t)src;
            s->arb[j * V + w] = (uint8_t)((src + 1) % s->nin);
            s->own_any |= 1ull << j;
        }
        if (sw_is_eop(s->d_phit[j])) { /* the packet releases the output */
            s->own[j * V + w] = -1;
            s->vptr[j] = (uint8_t)((w + 1) % V);
            int owned = 0;
            for (int v = 0; v < V; v++)
                owned |= s->own[j * V + v] >= 0;
            if (!owned)
                s->own_any &= ~(1ull << j);
        }
    }
    s->d_mask = 0;
}
