/* yarc_rbd.c - the row-bus driver of one input (docs/yarc-arch.md §4).
 *
 * Per cycle (yarc_rbd_eval, all from start-of-cycle state):
 *   §4.1 read:  one input-queue read, round robin over the VCs that have data
 *               (rd_avail) and room in staging counting the read in flight;
 *   §4.2 RC:    one ready VC (round robin) gets its route: the RC function
 *               (yarc_route.c) on a complete header, DROP/SHORT if an EOP
 *               is among the header phits, DROP/MALFORMED for a stray front;
 *   §4.3 pop:   one staging pop, round robin over the routed VCs that can go
 *               (DROP consumption needs no credit); the pointer moves only at
 *               an EOP. A sent phit goes on the row bus to row buffer [c][v]
 *               of tile (r, q mod Cols), tagged with j = q / Cols.
 * yarc_rbd_commit applies it at the clock edge; the read issued last cycle
 * returns on the port's rd_valid/rd_phit this cycle and is appended to
 * staging at this edge (usable from the next cycle).
 *
 * One RC unit per tile (§4.2 as amended): a VC is ready when it holds no
 * route and its staging front is a HEAD with its header phits staged, or a
 * HEAD with an EOP among its header positions (SHORT), or not a HEAD at all
 * (a stray phit from a bare sender: MALFORMED, consumed up to the next EOP).
 * A round-robin pointer over VCs picks one ready VC per cycle and moves past
 * it, so there is at most one route decision and one RT_DROP per cycle. */
#include "nr_crc.h"
#include "yarc_priv.h"

void yarc_rbd_reset(yarc_rbd *b, int cols, int nvcs, int row_buf_depth)
{
    *b = (yarc_rbd){0};
    for (int c = 0; c < cols; c++)
        for (int v = 0; v < nvcs; v++)
            b->cred[c][v] = row_buf_depth;
    b->d_rd_vc = -1;
    b->d_pop_vc = -1;
    b->d_rc_vc = -1;
}

/* Staged phit i (0 = front) of VC v. */
static uint32_t stg_at(const yarc_rbd *b, int v, int i)
{
    return b->stg[v][(b->stg_head[v] + i) & (YARC_STG - 1)];
}

/* §4.2: what VC v's staging front asks of the RC unit. */
enum { RC_WAIT, RC_STRAY, RC_SHORT, RC_FULL };
static int rbd_rc_state(const yarc_rbd *b, int v)
{
    if (b->route_v[v] || !b->stg_cnt[v])
        return RC_WAIT;
    uint32_t head = stg_at(b, v, 0);
    if (!sw_is_head(head))
        return RC_STRAY; /* only a bare sender can cause it */
    int need = 1 + (int)((head >> NR_HEAD_R_BIT) & 1) + (int)((head >> NR_HEAD_H_BIT) & 1);
    for (int i = 1; i < need; i++) {
        if (i >= b->stg_cnt[v])
            return RC_WAIT; /* header phits still coming */
        if (sw_is_eop(stg_at(b, v, i)))
            return RC_SHORT;
    }
    return RC_FULL;
}

/* §4.2/§5: the route of ready VC v (state st), with adaptive pointer ad_ptr. */
static yarc_rc_t rbd_route(const nr_yarc *m, int p, const yarc_rbd *b, int v, int st)
{
    if (st == RC_STRAY || st == RC_SHORT) {
        yarc_rc_t d = {1, st == RC_STRAY ? NR_DROP_MALFORMED : NR_DROP_SHORT, 0, -1};
        return d;
    }
    uint32_t head = stg_at(b, v, 0);
    int r = (head >> NR_HEAD_R_BIT) & 1, h = (head >> NR_HEAD_H_BIT) & 1;
    yarc_rc_ctx c = {m->n, m->nbits, m->p.num_vcs, m->p.cols, p};
    uint32_t route = r ? stg_at(b, v, 1) : 0, hash = h ? stg_at(b, v, 1 + r) : 0;
    return yarc_route(&m->t[p].tab, &c, head, route, hash,
                      (const int (*)[YARC_MAX_VCS])b->cred, b->ad_ptr);
}

/* §4.3: the phit as it goes on the row bus, and the next CRC repair value. */
static uint32_t rbd_outgoing(const yarc_rbd *b, int v, uint32_t ph, uint16_t *fix)
{
    *fix = b->fix[v];
    if (b->pos[v] == 0) { /* head: a new packet, nothing to repair yet */
        *fix = 0;
        return ph;
    }
    if (b->pos[v] == 1 && b->rbit[v]) { /* the route phit: rotate, start the repair */
        uint32_t rot = yarc_rotate_route(ph);
        *fix = nr_crc16_bits(0, (ph ^ rot) & SW_DATA_MASK, NR_DATA_W);
        return rot;
    }
    if (sw_kind(ph) == NR_KIND_BODY) {
        if (*fix) /* upd22(0, 0) = 0: nothing to do for unrotated packets */
            *fix = nr_crc16_bits(*fix, 0, NR_DATA_W);
        return ph;
    }
    if (sw_is_eop(ph) && *fix) {
        uint16_t delta = nr_crc16_bits(*fix, 0, 6);
        return ph ^ delta; /* crc field is bits 15:0 */
    }
    return ph;
}

void yarc_rbd_eval(nr_yarc *m, int p)
{
    yarc_rbd *b = &m->t[p].rbd;
    const yarc_pview *pv = &m->pv[p];
    const int V = m->p.num_vcs;

    /* nothing queued, staged, routed or in flight: no decision to make */
    int busy = pv->rd_avail != 0 || b->rdq_v;
    for (int v = 0; v < V && !busy; v++)
        busy = b->stg_cnt[v] || b->route_v[v];
    b->d_idle = !busy;
    if (!busy) {
        b->d_rd_vc = -1;
        b->d_pop_vc = -1;
        b->d_rc_vc = -1;
        b->d_rc_ready = 0;
        b->d_tev = 0;
        b->d_ad_ptr = b->ad_ptr;
        for (int v = 0; v < V; v++)
            b->d_rc[v] = 0;
        return;
    }

    /* §4.1 input-queue read */
    uint64_t cand = 0;
    for (int v = 0; v < V; v++) {
        int inflight = b->rdq_v && b->rdq_vc == v;
        if (((pv->rd_avail >> v) & 1u) && b->stg_cnt[v] + inflight < YARC_STG)
            cand |= 1u << v;
    }
    b->d_rd_vc = sw_rr_pick(cand, b->rd_ptr);

    /* §4.2 route computation: one RC unit, a round robin over the ready VCs */
    uint64_t ready = 0;
    int st[YARC_MAX_VCS];
    for (int v = 0; v < V; v++) {
        b->d_rc[v] = 0;
        st[v] = rbd_rc_state(b, v);
        if (st[v] != RC_WAIT)
            ready |= 1u << v;
    }
    b->d_rc_ready = (unsigned)ready;
    b->d_ad_ptr = b->ad_ptr;
    b->d_tev = 0;
    int rv = sw_rr_pick(ready, b->rc_ptr);
    if (rv >= 0) {
        yarc_rc_t *res = &b->d_rcr[rv];
        *res = rbd_route(m, p, b, rv, st[rv]);
        b->d_rc[rv] = 1;
        if (res->adapt_l >= 0) /* the adaptive pointer moves past the choice */
            b->d_ad_ptr = (res->adapt_l + 1) & (m->n - 1);
        if (res->drop)
            b->d_tev = (1u << NR_TEV_RT_DROP) | ((uint32_t)res->reason << NR_TEV_REASON_LSB);
    }
    b->d_rc_vc = rv;

    /* §4.3 one pop: send on the row bus or consume a dropped packet */
    uint64_t elig = 0;
    for (int v = 0; v < V; v++)
        if (b->route_v[v] && b->stg_cnt[v] &&
            (b->drop[v] || b->cred[b->route_q[v] & m->cmask][v] > 0))
            elig |= 1u << v;
    int w = sw_rr_pick(elig, b->tx_ptr);
    b->d_pop_vc = w;
    if (w >= 0) {
        uint32_t ph = stg_at(b, w, 0);
        b->d_fix = b->fix[w];
        b->d_pop_phit = b->drop[w] ? ph : rbd_outgoing(b, w, ph, &b->d_fix);
    }
}

void yarc_rbd_commit(nr_yarc *m, int p)
{
    yarc_rbd *b = &m->t[p].rbd;
    const yarc_pview *pv = &m->pv[p];
    const int V = m->p.num_vcs;

    if (b->d_idle && !pv->rd_valid)
        return;
    /* pop (before the append: staging holds at most YARC_STG) */
    int w = b->d_pop_vc;
    if (w >= 0) {
        uint32_t ph = b->d_pop_phit;
        b->stg_head[w] = (uint8_t)((b->stg_head[w] + 1) & (YARC_STG - 1));
        b->stg_cnt[w]--;
        if (!b->drop[w]) {
            int q = b->route_q[w], cq = q & m->cmask;
            int tile = (p & ~m->cmask) | cq; /* tile (r, c') */
            if (nr_ssw_push(&m->t[tile].ssw, p & m->cmask, w, ph, (unsigned)(q >> m->cshift),
                            m->now + (uint32_t)m->p.row_bus_lat))
                yarc_error(m, "cycle %u: row buffer overflow, port %d vc %d", m->now, p, w);
            b->cred[cq][w]--;
            b->fix[w] = b->d_fix;
        }
        if (b->pos[w] < 2)
            b->pos[w]++;
        if (sw_is_eop(ph)) { /* end of packet: route clears, pointer moves past w */
            b->route_v[w] = 0;
            b->tx_ptr = (uint8_t)(w + 1 == V ? 0 : w + 1);
        }
    }

    /* staging append of the read issued last cycle */
    if (pv->rd_valid != b->rdq_v)
        yarc_error(m, "cycle %u: port %d rd_valid %d but read issued %d", m->now, p,
                   pv->rd_valid, b->rdq_v);
    if (pv->rd_valid && b->rdq_v) {
        int v = b->rdq_vc;
        if (b->stg_cnt[v] >= YARC_STG)
            yarc_error(m, "cycle %u: port %d staging overflow vc %d", m->now, p, v);
        else
            b->stg[v][(b->stg_head[v] + b->stg_cnt[v]++) & (YARC_STG - 1)] = pv->rd_phit;
    }

    /* route registers */
    for (int v = 0; v < V; v++) {
        if (!b->d_rc[v])
            continue;
        b->route_v[v] = 1;
        b->drop[v] = (uint8_t)b->d_rcr[v].drop;
        b->route_q[v] = (uint8_t)b->d_rcr[v].q;
        b->rbit[v] = (stg_at(b, v, 0) >> NR_HEAD_R_BIT) & 1u;
        b->pos[v] = 0;
        b->fix[v] = 0;
    }
    b->ad_ptr = (uint8_t)b->d_ad_ptr;
    if (b->d_rc_vc >= 0) /* the RC round robin moves past every routed VC */
        b->rc_ptr = (uint8_t)(b->d_rc_vc + 1 == V ? 0 : b->d_rc_vc + 1);

    /* read pipeline */
    b->rdq_v = b->d_rd_vc >= 0;
    b->rdq_vc = b->d_rd_vc;
    if (b->d_rd_vc >= 0)
        b->rd_ptr = (uint8_t)(b->d_rd_vc + 1 == V ? 0 : b->d_rd_vc + 1);
}
