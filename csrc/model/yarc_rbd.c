/* yarc_rbd.c - the row-bus driver of one input (docs/yarc-arch.md §4).
 *
 * The RBD is the shared input unit (nr_iu, sw_iu.c: §4.1 reads and staging,
 * §4.2 the tile's one RC unit, source-route rotation and CRC repair of §4.3)
 * in front of a private row bus (docs/nwn-arch.md §6.5): every routed VC whose
 * front has a credit for its target column is granted, and the accept rule
 * with S = 1 (sw_accept) picks the one pop of the cycle, dropping VCs
 * included; the pointer moves past a VC only when its EOP is popped
 * (sw_iptr_next). A sent phit goes on the row bus to row buffer [c][v] of
 * tile (r, q mod Cols), tagged with the packet's output port q. */
#include "yarc_priv.h"

/* The first hop of YARC: the target column of output q. */
static int yarc_hop(const void *ctx, int p, int q, int vc, uint32_t head, uint32_t hash, int up_ptr,
                    int *up_next)
{
    const nr_yarc *m = ctx;
    (void)p;
    (void)vc;
    (void)head;
    (void)hash;
    (void)up_ptr;
    (void)up_next;
    return q & m->cmask;
}

void yarc_rbd_reset(nr_yarc *m, int p)
{
    yarc_tile *t = &m->t[p];
    nr_iu_reset(&t->iu, p, m->n, m->p.port.num_vcs, 1, m->p.cols, m->p.port.in_buf_per_vc);
    t->iu.rc.up_pick = m->p.up_pick;
    t->iu.rc.rowbuf = m->p.row_buf_depth; /* step 4s reads the occupancy */
    for (int c = 0; c < m->p.cols; c++)
        for (int v = 0; v < m->p.port.num_vcs; v++) t->cred[c][v] = m->p.row_buf_depth;
    t->iptr = 0;
}

void yarc_rbd_eval(nr_yarc *m, int p, const nr_fb_env *fb)
{
    yarc_tile *t = &m->t[p];
    nr_iu *u = &t->iu;
    nr_iu_eval(u, &m->c.pv[p], m->c.rt.tp[p], (const int(*)[NR_SW_MAX_VCS])t->cred, yarc_hop, m,
               fb);
    if (u->d_idle) return;
    /* §4.3: the row bus grants every front with a credit for its column;
     * one pop per cycle among those and the dropping VCs */
    unsigned cand = u->f_drop;
    for (unsigned f = u->f_valid; f; f &= f - 1) {
        int v = __builtin_ctz(f);
        if (t->cred[u->tgt[v]][v] > 0) cand |= 1u << v;
    }
    u->d_pop = (uint8_t)sw_accept(cand, 1, m->p.port.num_vcs, t->iptr);
}

void yarc_rbd_commit(nr_yarc *m, int p)
{
    yarc_tile *t = &m->t[p];
    nr_iu *u = &t->iu;
    unsigned pop = u->d_pop, eop = 0;
    if (pop) {
        int w = __builtin_ctz(pop);
        uint32_t ph = u->f_phit[w];
        eop = (unsigned)sw_is_eop(ph) << w;
        if (!u->drop[w]) {
            int q = u->route_q[w], cq = u->tgt[w];
            int tile = (p & ~m->cmask) | cq; /* tile (r, c') */
            int e = nr_swalloc_push(&m->t[tile].ssw, p & m->cmask, w, ph, (unsigned)q,
                                    m->c.now + (uint32_t)m->p.row_bus_lat);
            if (e)
                yarc_error(m, "cycle %u: row buffer %s, port %d vc %d", m->c.now,
                           e == -2 ? "out of memory" : "overflow", p, w);
            m->ssw_act |= 1ull << tile;
            t->cred[cq][w]--;
        }
    }
    t->iptr = (uint8_t)sw_iptr_next(pop, eop, 1, m->p.port.num_vcs, t->iptr);
    char msg[160];
    if (nr_iu_commit(u, &m->c.pv[p], msg, (int)sizeof msg))
        yarc_error(m, "cycle %u: %s", m->c.now, msg);
}
