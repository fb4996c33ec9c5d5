/* yarc_outport.c - nr_oport, the output port with stage-2 arbitration
 * (docs/yarc-arch.md §7), generic in sources and VCs.
 *
 * In YARC the sources are the tile's Rows x NumVcs column buffers, indexed
 * i = v * Rows + r. The presented phit is combinational from the buffer fronts
 * and the port's vc_ok (LCB tx_vc_ok or the bare credit test), which depend on
 * state only, so there is no loop through the port's tx_ready. */
#include <stdlib.h>
#include <string.h>

#include "swparts.h"

int nr_oport_init(nr_oport *o, int nsrc, int nvc, int depth)
{
    memset(o, 0, sizeof *o);
    if (nsrc < 1 || nvc < 1 || nvc > NR_SSW_MAX_VCS || nsrc * nvc > 64 || depth < 1)
        return -1;
    o->nsrc = nsrc;
    o->nvc = nvc;
    o->inb = calloc((size_t)(nsrc * nvc), sizeof *o->inb);
    if (!o->inb)
        return -1;
    for (int i = 0; i < nsrc * nvc; i++)
        if (nr_lfifo_alloc(&o->inb[i], depth))
            return -1;
    o->d_sel = -1;
    return 0;
}

void nr_oport_release(nr_oport *o)
{
    if (o->inb)
        for (int i = 0; i < o->nsrc * o->nvc; i++)
            nr_lfifo_release(&o->inb[i]);
    free(o->inb);
    memset(o, 0, sizeof *o);
}

void nr_oport_eval(nr_oport *o, unsigned vc_ok, uint32_t now)
{
    o->d_valid = 0;
    o->d_phit = 0;
    o->d_sel = -1;
    o->d_start = 0;
    if (o->busy) { /* the packet being sent: its next phit, or a gap */
        if (nr_lfifo_ready(&o->inb[o->cur], now)) {
            o->d_valid = 1;
            o->d_sel = o->cur;
            o->d_phit = nr_lfifo_front(&o->inb[o->cur]);
        }
        return;
    }
    /* Stage 2: heads on VCs the port would take now. */
    uint64_t ok = 0, req = 0, row = o->nsrc >= 64 ? ~0ull : (1ull << o->nsrc) - 1;
    for (int v = 0; v < o->nvc; v++)
        if ((vc_ok >> v) & 1u)
            ok |= row << (v * o->nsrc);
    for (uint64_t m = o->ne & ok; m; m &= m - 1) {
        int i = __builtin_ctzll(m);
        const nr_lfifo *f = &o->inb[i];
        if (nr_lfifo_ready(f, now) && sw_is_head(nr_lfifo_front(f)))
            req |= 1ull << i;
    }
    int w = sw_rr_pick(req, o->ptr);
    if (w < 0)
        return;
    o->d_valid = 1;
    o->d_sel = w;
    o->d_start = 1;
    o->d_phit = nr_lfifo_front(&o->inb[w]);
}

int nr_oport_commit(nr_oport *o, int taken)
{
    if (!o->d_valid || !taken)
        return -1;
    int i = o->d_sel;
    nr_lfifo_pop(&o->inb[i]);
    if (!o->inb[i].cnt)
        o->ne &= ~(1ull << i);
    if (o->d_start) {
        o->busy = 1;
        o->cur = i;
        o->ptr = (i + 1) % (o->nsrc * o->nvc);
    }
    if (sw_is_eop(o->d_phit))
        o->busy = 0;
    return i;
}
