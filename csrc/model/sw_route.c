/* sw_route.c - routing tables, the RC function and the configuration decode
 * of one port (docs/yarc-arch.md §5 and §9; docs/nwn-arch.md §4.2 uses them
 * unchanged, with every adaptive score 0), and the max-score pick of the
 * adaptive choices. Pure functions only: the input unit (sw_iu.c) calls
 * nr_rt_route() in its RC cycle, the model tops (yarc.c, nwn.c) call the cfg
 * functions for the configuration port. */
#include "sw_route.h"

void nr_rt_reset(nr_route_tables *t, int nports)
{
    t->root_mask = (uint16_t)(0x7FFFu & ~(unsigned)(nports - 1));
    t->root_detect = 0;
    t->down_shift = 0;
    t->up_mask = 0;
    for (int i = 0; i < NR_MAX_PORTS; i++) {
        t->dlut[i] = (uint8_t)(NR_RT_ENT_VALID | (unsigned)i);
        t->ulut[i] = 0;
        t->l2p[i] = (uint8_t)(NR_RT_ENT_VALID | (unsigned)i);
    }
}

unsigned nr_rt_fold(uint32_t key, int n)
{
    unsigned r = 0, mask = (1u << n) - 1u;
    for (int s = 0; s < NR_DATA_W; s += n)
        r ^= (key >> s) & mask;
    return r;
}

int sw_max_pick(uint64_t cand, const int *score, int ptr, int n)
{
    int best = -1;
    for (int k = 0; k < n; k++) {
        int l = ptr + k >= n ? ptr + k - n : ptr + k;
        if (((cand >> l) & 1u) && (best < 0 || score[l] > score[best]))
            best = l; /* strictly higher: ties stay with the first from ptr */
    }
    return best;
}

uint32_t nr_rt_rotate(uint32_t phit)
{
    uint32_t d = phit & SW_DATA_MASK;
    uint32_t rot = ((d << NR_ROUTE_PORT_W) | (d >> (NR_DATA_W - NR_ROUTE_PORT_W))) & SW_DATA_MASK;
    return (phit & ~SW_DATA_MASK) | rot;
}

static nr_rt_res rc_drop(int reason, int adapt_l)
{
    nr_rt_res r = {1, reason, 0, adapt_l};
    return r;
}

nr_rt_res nr_rt_route(const nr_route_tables *t, const nr_rt_ctx *c, uint32_t head,
                      uint32_t route_phit, uint32_t hash_phit, const int (*cred)[NR_SW_MAX_VCS],
                      int ad_ptr)
{
    unsigned dest = (head >> NR_HEAD_DEST_LSB) & ((1u << NR_HEAD_DEST_W) - 1u);
    unsigned vc = (head >> NR_HEAD_VC_LSB) & ((1u << NR_HEAD_VC_W) - 1u);
    unsigned r = (head >> NR_HEAD_R_BIT) & 1u, a = (head >> NR_HEAD_A_BIT) & 1u;
    unsigned h = (head >> NR_HEAD_H_BIT) & 1u;
    unsigned rsvd = (head >> NR_HEAD_RSVD_LSB) & ((1u << NR_HEAD_RSVD_W) - 1u);
    int l, adapt_l = -1;

    /* 1. malformed head */
    if ((int)vc >= c->nvcs || rsvd != 0)
        return rc_drop(NR_DROP_MALFORMED, -1);
    if (r) { /* 2. source route: hop 0 of the route phit */
        l = (int)((route_phit >> (NR_DATA_W - NR_ROUTE_PORT_W)) & NR_RT_ENT_PORT);
        if (l >= c->nports)
            return rc_drop(NR_DROP_BAD_SRCROUTE, -1);
    } else if ((dest & t->root_mask) == t->root_detect) { /* 3. down */
        unsigned i = (dest >> t->down_shift) % (unsigned)c->nports;
        if (!(t->dlut[i] & NR_RT_ENT_VALID))
            return rc_drop(NR_DROP_NO_ROUTE, -1);
        l = t->dlut[i] & NR_RT_ENT_PORT;
    } else if (a) { /* 4. up, adaptive: the highest score, ties to the pointer */
        uint64_t cand = 0;
        int score[NR_MAX_PORTS];
        for (int k = 0; k < c->nports; k++) {
            score[k] = 0;
            if (((t->up_mask >> k) & 1u) && (t->l2p[k] & NR_RT_ENT_VALID)) {
                cand |= 1ull << k;
                if (cred) /* YARC; the network switches score every candidate 0 */
                    score[k] = cred[(t->l2p[k] & NR_RT_ENT_PORT) % (unsigned)c->cols][vc];
            }
        }
        l = adapt_l = sw_max_pick(cand, score, ad_ptr, c->nports);
        if (l < 0)
            return rc_drop(NR_DROP_NO_ROUTE, -1);
    } else { /* 5. up, deterministic, hashed */
        uint32_t key = dest ^ (uint32_t)c->port ^ (h ? (hash_phit & SW_DATA_MASK) : 0u);
        unsigned i = nr_rt_fold(key, c->nbits);
        if (!(t->ulut[i] & NR_RT_ENT_VALID))
            return rc_drop(NR_DROP_NO_ROUTE, -1);
        l = t->ulut[i] & NR_RT_ENT_PORT;
    }
    /* 6. logical -> physical; a logical port >= NumPorts has no L2P entry */
    unsigned e = l < c->nports ? t->l2p[l] : 0u;
    if (!(e & NR_RT_ENT_VALID) || (int)(e & NR_RT_ENT_PORT) >= c->nports)
        return rc_drop(NR_DROP_NO_ROUTE, adapt_l);
    nr_rt_res res = {0, 0, (int)(e & NR_RT_ENT_PORT), adapt_l};
    return res;
}

/* Address map (§9). */
enum {
    CFG_ROOT_MASK = 0x00, CFG_ROOT_DETECT = 0x01, CFG_DOWN_SHIFT = 0x02,
    CFG_UP_MASK_LO = 0x03, CFG_UP_MASK_HI = 0x04,
    CFG_DLUT = 0x40, CFG_ULUT = 0x80, CFG_L2P = 0xC0
};

int nr_rt_cfg_addr_ok(unsigned addr, int nports)
{
    if (addr > 0xFF)
        return 0;
    if (addr <= CFG_UP_MASK_HI)
        return 1;
    if (addr < CFG_DLUT)
        return 0;
    return (int)(addr & 0x3Fu) < nports;
}

void nr_rt_cfg_write(nr_route_tables *t, int nports, unsigned addr, uint32_t wdata)
{
    uint64_t pmask = nports >= 64 ? ~0ull : (1ull << nports) - 1u;
    uint8_t ent = (uint8_t)(wdata & (NR_RT_ENT_VALID | NR_RT_ENT_PORT));
    switch (addr) {
    case CFG_ROOT_MASK: t->root_mask = (uint16_t)(wdata & 0x7FFFu); return;
    case CFG_ROOT_DETECT: t->root_detect = (uint16_t)(wdata & 0x7FFFu); return;
    case CFG_DOWN_SHIFT: t->down_shift = (uint8_t)(wdata & 0xFu); return;
    case CFG_UP_MASK_LO:
        t->up_mask = ((t->up_mask & ~0xFFFFFFFFull) | wdata) & pmask;
        return;
    case CFG_UP_MASK_HI:
        t->up_mask = ((t->up_mask & 0xFFFFFFFFull) | ((uint64_t)wdata << 32)) & pmask;
        return;
    default: break;
    }
    unsigned i = addr & 0x3Fu;
    if ((int)i >= nports)
        return;
    if (addr >= CFG_L2P)
        t->l2p[i] = ent;
    else if (addr >= CFG_ULUT)
        t->ulut[i] = ent;
    else if (addr >= CFG_DLUT)
        t->dlut[i] = ent;
}

int nr_rt_cfg_decode(const nr_rtr_in *in, int nports, int *lo, int *hi, unsigned *addr,
                     uint32_t *tev)
{
    if (!in->cfg_we)
        return 0;
    unsigned tile = (unsigned)in->cfg_tile & 0x3Fu, a = (unsigned)in->cfg_addr & 0xFFu;
    int l = in->cfg_bcast ? 0 : (int)tile, h = in->cfg_bcast ? nports - 1 : (int)tile;
    if (h >= nports) /* no such tile: nothing is written, no tile raises an event */
        return 0;
    if (!nr_rt_cfg_addr_ok(a, nports)) {
        for (int i = l; i <= h; i++)
            tev[i] |= 1u << NR_TEV_CFG_BAD;
        return 0;
    }
    *lo = l;
    *hi = h;
    *addr = a;
    return 1;
}
