/* sw_iu.c - nr_iu, the input unit of one port: YARC's row-bus driver front
 * half (docs/yarc-arch.md §4.1, §4.2, §4.3) and the network switches' input
 * unit (docs/nwn-arch.md §4), which generalizes it to up to two reads per
 * cycle and a first hop registered with the route.
 *
 * Per cycle (nr_iu_eval, all from start-of-cycle state):
 *   §4.1 reads: VC v is a candidate when rd_avail[v] and staging has room
 *               counting the read in flight; the first nrd candidates in
 *               round robin from rd_ptr are read (port 0 the first, port 1
 *               the second); rd_ptr moves past the last VC read;
 *   §4.2 RC:    one ready VC (round robin rc_ptr) gets its route: the RC
 *               function (sw_route.c) on a complete header, DROP/SHORT if an
 *               EOP is among the header phits, DROP/MALFORMED for a stray
 *               front; then the first hop (the caller's function) may turn
 *               the route into a SELF or UPUP drop (nwn-arch §4.3);
 *   §4.4 fronts: a routed, non-DROP VC with staging presents its front phit
 *               as it will leave (source-route rotation and CRC repair,
 *               yarc-arch §4.3) and its first hop; a DROP VC with staging is
 *               dropping.
 * The caller then decides the pops (d_pop): the first subswitch's accept step
 * (nr_swalloc) in the network switches, YARC's row-bus round robin in YARC.
 * nr_iu_commit applies them at the clock edge; the reads issued last cycle
 * return on the port's read ports this cycle and are appended to staging at
 * this edge (usable from the next cycle). */
#include <stdio.h>

#include "nr_crc.h"
#include "sw_iu.h"

void nr_iu_reset(nr_iu *u, int port, int nports, int nvc, int nrd, int cols, int inbuf)
{
    *u = (nr_iu){0};
    u->fbr = (uint16_t)nr_fb_lfsr_reset(port);
    u->rc.inbuf = inbuf;
    u->nvc = nvc;
    u->nrd = nrd;
    u->rc.nports = nports;
    while ((1 << u->rc.nbits) < nports) u->rc.nbits++;
    u->rc.nvcs = nvc;
    u->rc.cols = cols;
    u->rc.port = port;
    for (int k = 0; k < NR_IU_MAX_RD; k++) {
        u->rdq_vc[k] = -1;
        u->d_rd[k] = -1;
    }
    u->d_rc_vc = -1;
}

/* Staged phit i (0 = front) of VC v. */
static uint32_t stg_at(const nr_iu *u, int v, int i)
{
    return u->stg[v][(u->stg_head[v] + i) & (NR_IU_STG - 1)];
}

/* §4.2: what VC v's staging front asks of the RC unit. */
enum { RC_WAIT, RC_STRAY, RC_SHORT, RC_FULL };
static int rc_state(const nr_iu *u, int v)
{
    if (u->route_v[v] || !u->stg_cnt[v]) return RC_WAIT;
    uint32_t head = stg_at(u, v, 0);
    if (!sw_is_head(head)) return RC_STRAY; /* only a bare sender can cause it */
    int need = 1 + (int)((head >> NR_HEAD_R_BIT) & 1) + (int)((head >> NR_HEAD_H_BIT) & 1);
    for (int i = 1; i < need; i++) {
        if (i >= u->stg_cnt[v]) return RC_WAIT; /* header phits still coming */
        if (sw_is_eop(stg_at(u, v, i))) return RC_SHORT;
    }
    return RC_FULL;
}

/* §4.2/§5: the route of ready VC v (state st). */
static nr_route_res iu_route(const nr_iu *u, const nr_route_tables *tab,
                             const int (*cred)[NR_SW_MAX_VCS], int v, int st, const nr_fb_env *fb)
{
    if (st == RC_STRAY || st == RC_SHORT) {
        nr_route_res d = {1, st == RC_STRAY ? NR_DROP_MALFORMED : NR_DROP_SHORT, 0, -1, 0, 0};
        return d;
    }
    uint32_t head = stg_at(u, v, 0);
    int r = (head >> NR_HEAD_R_BIT) & 1, h = (head >> NR_HEAD_H_BIT) & 1;
    uint32_t route = r ? stg_at(u, v, 1) : 0, hash = h ? stg_at(u, v, 1 + r) : 0;
    if (u->rc_fn) return u->rc_fn(u->rc_ctx, u->rc.port, v, head, route, hash);
    nr_fb_in fi = {fb ? fb->pv : NULL, fb ? fb->seq : NULL, u->fbr, u->ua, fb ? fb->gq : NULL};
    return nr_route_fb(tab, &u->rc, head, route, hash, cred, u->ad_ptr, &fi);
}

/* yarc-arch §4.3 and fbfly-routing §5.1: VC v's front phit ph as it leaves,
 * and the CRC repair register after it. The head leaves with the route's
 * output VC in its vc field; the repair starts with the head's difference
 * and takes the rotated route phit's in on top. */
static uint32_t iu_outgoing(const nr_iu *u, int v, uint32_t ph, uint16_t *fix)
{
    *fix = u->fix[v];
    if (u->pos[v] == 0) { /* head: a new packet; its VC field becomes w */
        *fix = 0;
        uint32_t w = u->route_w[v];
        if (((ph >> NR_HEAD_VC_LSB) & 3u) == w) return ph;
        uint32_t nh = (ph & ~(3u << NR_HEAD_VC_LSB)) | (w << NR_HEAD_VC_LSB);
        *fix = nr_crc16_bits(0, (ph ^ nh) & SW_DATA_MASK, NR_DATA_W);
        return nh;
    }
    if (u->pos[v] == 1 && u->rbit[v]) { /* the route phit: rotate, add its repair */
        uint32_t rot = nr_route_rotate(ph);
        *fix = nr_crc16_bits(*fix, (ph ^ rot) & SW_DATA_MASK, NR_DATA_W);
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

void nr_iu_eval(nr_iu *u, const nr_pview *pv, const nr_route_tables *tab,
                const int (*cred)[NR_SW_MAX_VCS], nr_iu_hop_fn hop, const void *hop_ctx,
                const nr_fb_env *fb)
{
    const int V = u->nvc;
    unsigned cand = 0, ready = 0, busy = pv->rd_avail | u->rdq;
    int st[NR_SW_MAX_VCS];

    u->d_pop = 0;
    u->d_tev = 0;
    u->d_ad_ptr = u->ad_ptr;
    u->d_ua = u->ua;
    u->d_up_ptr = u->up_ptr;
    u->d_rc_vc = -1;
    u->f_valid = 0;
    u->f_drop = 0;
    if (!(busy | u->live)) { /* speed only: nothing can happen */
        u->d_idle = 1;
        u->d_rc_ready = 0;
        u->d_rd[0] = u->d_rd[1] = -1;
        return;
    }
    /* one pass over the VCs: read candidates (§4.1), RC readiness (§4.2),
     * fronts and dropping VCs (§4.4) */
    for (int v = 0; v < V; v++) {
        unsigned cnt = u->stg_cnt[v];
        if (((pv->rd_avail >> v) & 1u) && cnt + ((u->rdq >> v) & 1u) < NR_IU_STG) cand |= 1u << v;
        busy |= cnt | u->route_v[v];
        if (!cnt) continue;
        if (!u->route_v[v]) {
            st[v] = rc_state(u, v);
            if (st[v] != RC_WAIT) ready |= 1u << v;
            continue;
        }
        uint32_t ph = stg_at(u, v, 0);
        if (u->drop[v]) {
            u->f_drop |= 1u << v;
            u->f_phit[v] = ph;
        } else {
            u->f_valid |= 1u << v;
            u->f_phit[v] = iu_outgoing(u, v, ph, &u->f_fix[v]);
        }
    }
    u->d_idle = !busy; /* nothing queued, staged, routed or in flight */
    u->d_rc_ready = ready;

    /* §4.1 input-queue reads: the first nrd candidates from rd_ptr */
    int r0 = sw_rr_pick(cand, u->rd_ptr);
    u->d_rd[0] = (int8_t)r0;
    u->d_rd[1] = (int8_t)(u->nrd > 1 && r0 >= 0 ? sw_rr_pick(cand & ~(1u << r0), r0 + 1) : -1);

    /* §4.2 route computation: one RC unit, a round robin over the ready VCs */
    if (!ready) return;
    int rv = sw_rr_pick(ready, u->rc_ptr);
    u->d_rc_vc = rv;
    nr_route_res *res = &u->d_rcr;
    *res = iu_route(u, tab, cred, rv, st[rv], fb);
    if (res->adapt_l >= 0) { /* the adaptive pointer (and step 4s's arbiters) move past it */
        u->d_ad_ptr = res->adapt_l + 1 == u->rc.nports ? 0 : res->adapt_l + 1;
        u->d_ua = nr_up_arb_next(tab, &u->rc, u->ua, res->adapt_l);
    }
    u->d_tgt = 0;
    if (!res->drop) { /* nwn-arch §4.3: the first hop, in the same cycle */
        uint32_t head = stg_at(u, rv, 0);
        int hr = (head >> NR_HEAD_R_BIT) & 1, hh = (head >> NR_HEAD_H_BIT) & 1;
        uint32_t hash = hh ? stg_at(u, rv, 1 + hr) & SW_DATA_MASK : 0;
        int h = hop(hop_ctx, u->rc.port, res->q, rv, head, hash, u->up_ptr, &u->d_up_ptr);
        if (h < 0) {
            res->drop = 1;
            res->reason = -h;
        } else {
            u->d_tgt = h;
        }
    }
    if (res->drop) u->d_tev = (1u << NR_TEV_RT_DROP) | ((uint32_t)res->reason << NR_TEV_REASON_LSB);
}

void nr_iu_set_w(nr_iu *u, int v, int w)
{
    u->route_w[v] = (uint8_t)w;
    u->f_phit[v] = iu_outgoing(u, v, stg_at(u, v, 0), &u->f_fix[v]);
}

int nr_iu_commit(nr_iu *u, const nr_pview *pv, char *err, int errlen)
{
    const int V = u->nvc;
    int nerr = 0;

    if (u->d_idle && !pv->rd_valid[0] && !pv->rd_valid[1]) return 0;
    /* pops (before the appends: staging holds at most NR_IU_STG) */
    for (unsigned m = u->d_pop; m; m &= m - 1) {
        int w = __builtin_ctz(m);
        uint32_t ph = stg_at(u, w, 0);
        u->stg_head[w] = (uint8_t)((u->stg_head[w] + 1) & (NR_IU_STG - 1));
        u->stg_cnt[w]--;
        if (!u->drop[w]) u->fix[w] = u->f_fix[w];
        if (u->pos[w] < 2) u->pos[w]++;
        if (sw_is_eop(ph)) /* end of packet: the route clears */
            u->route_v[w] = 0;
        if (!u->stg_cnt[w] && !u->route_v[w]) u->live &= (uint8_t) ~(1u << w);
    }

    /* staging appends of the reads issued last cycle */
    for (int k = 0; k < u->nrd; k++) {
        int v = u->rdq_vc[k];
        if (pv->rd_valid[k] != (v >= 0))
            nr_err_first(&nerr, err, errlen, "port %d read port %d: rd_valid %d but read issued %d",
                         u->rc.port, k, pv->rd_valid[k], v >= 0);
        if (!pv->rd_valid[k] || v < 0) continue;
        if (u->stg_cnt[v] >= NR_IU_STG)
            nr_err_first(&nerr, err, errlen, "port %d staging overflow vc %d", u->rc.port, v);
        else
            u->stg[v][(u->stg_head[v] + u->stg_cnt[v]++) & (NR_IU_STG - 1)] = pv->rd_phit[k];
        u->live |= (uint8_t)(1u << v);
    }

    /* route registers */
    int rv = u->d_rc_vc;
    if (rv >= 0) {
        u->route_v[rv] = 1;
        u->drop[rv] = (uint8_t)u->d_rcr.drop;
        u->route_q[rv] = (uint8_t)(u->d_rcr.q | (u->d_tgt >> 8) << 6); /* nwn §1.6: ext */
        u->route_w[rv] = (uint8_t)u->d_rcr.w;
        if (u->d_rcr.draw) /* fbfly §6.2: a draw advances the LFSR 16 steps */
            u->fbr = (uint16_t)nr_fb_lfsr16(u->fbr);
        u->tgt[rv] = (uint8_t)(u->d_tgt & 0xFF);
        u->rbit[rv] = (stg_at(u, rv, 0) >> NR_HEAD_R_BIT) & 1u;
        u->pos[rv] = 0;
        u->fix[rv] = 0;
        u->rc_ptr = (uint8_t)(rv + 1 == V ? 0 : rv + 1); /* moves past every routed VC */
        u->live |= (uint8_t)(1u << rv);
    }
    u->ad_ptr = (uint8_t)u->d_ad_ptr;
    u->ua = u->d_ua;
    u->up_ptr = (uint16_t)u->d_up_ptr;

    /* read pipeline; rd_ptr moves past the last VC read */
    u->rdq = 0;
    int last = -1;
    for (int k = 0; k < NR_IU_MAX_RD; k++) {
        u->rdq_vc[k] = u->d_rd[k];
        if (u->d_rd[k] >= 0) {
            u->rdq |= (uint8_t)(1u << u->d_rd[k]);
            last = u->d_rd[k];
        }
    }
    if (last >= 0) u->rd_ptr = (uint8_t)(last + 1 == V ? 0 : last + 1);
    return nerr;
}
