/* sw_route.c - routing tables, the RC function and the configuration decode
 * of one port (docs/yarc-arch.md §5 and §9; docs/nwn-arch.md §4.2 uses them
 * unchanged, with every adaptive score 0), the flattened-butterfly mode that
 * replaces steps 3-5 when FB_CTRL is set (docs/fbfly-routing.md §3, §4, §6:
 * the output VC, the draw, the greedy and sequential queue estimates), and
 * the max-score pick of the adaptive choices, and the greedy_r(2) up choice
 * of UpPick = 2 (yarc-arch §5 step 4', C model only). Pure functions only:
 * the input unit (sw_iu.c) calls nr_route_lookup() in its RC cycle, the model
 * tops (yarc.c, nwn.c) call the cfg functions for the configuration port. */
#include <stdlib.h>
#include <string.h>

#include "sw_route.h"

void nr_route_reset(nr_route_tables *t, int nports)
{
    t->root_mask = (uint16_t)(0x7FFFu & ~(unsigned)(nports - 1));
    t->root_detect = 0;
    t->down_shift = 0;
    t->up_mask = 0;
    t->det_vcs = 0;
    t->dl_vc = 0;
    t->up_sel = 0;
    t->dor_ctrl = 0;
    for (int i = 0; i < NR_MAX_PORTS; i++) {
        t->dlut[i] = (uint8_t)(NR_ROUTE_ENT_VALID | (unsigned)i);
        t->ulut[i] = 0;
        t->l2p[i] = (uint8_t)(NR_ROUTE_ENT_VALID | (unsigned)i);
    }
    for (int e = 0; e < NR_ROUTE_SIDE; e++) {
        t->side_match[e] = 0;
        t->side_ports[e] = 0;
    }
}

unsigned nr_route_fold(uint32_t key, int n)
{
    unsigned r = 0, mask = (1u << n) - 1u;
    for (int s = 0; s < NR_DATA_W; s += n) r ^= (key >> s) & mask;
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

uint32_t nr_route_rotate(uint32_t phit)
{
    uint32_t d = phit & SW_DATA_MASK;
    uint32_t rot = ((d << NR_ROUTE_PORT_W) | (d >> (NR_DATA_W - NR_ROUTE_PORT_W))) & SW_DATA_MASK;
    return (phit & ~SW_DATA_MASK) | rot;
}

static nr_route_res rc_drop(int reason, int adapt_l)
{
    nr_route_res r = {1, reason, 0, adapt_l, 0, 0};
    return r;
}

/* ---- the flattened-butterfly mode (docs/fbfly-routing.md §3, §4, §6) ---- */

/* One packet's terms (§3), from its head and the input's registers. */
typedef struct {
    const nr_route_tables *t;
    const nr_route_ctx *c;
    const nr_fb_in *fb;
    int D, kb, K, C;
    unsigned dest, tr, R; /* destination node, its router t, this router R */
    unsigned diff;        /* bit j: t_j != R_j (j < D) */
    int v, cls, phase, j0, first;
    int ddim; /* FB_CTRL.ddim: draw only the digits of the dimensions in diff (§4) */
    int draw; /* the LFSR was read */
} fb_pkt;

/* x >> s for any s >= 0 (x has at most 16 bits: 0 from s = 16 on) */
static unsigned fb_shr(unsigned x, int s) { return s >= 16 ? 0u : x >> s; }
static int fb_digit(const fb_pkt *k, unsigned x, int j)
{
    return (int)(fb_shr(x, j * k->kb) & (unsigned)(k->K - 1));
}
/* port(j, x): the logical port toward coordinate x != R_j in dimension j,
 * computed in full (no truncation; a value >= NumPorts drops NO_ROUTE). */
static int fb_port(const fb_pkt *k, int j, int x)
{
    int rj = fb_digit(k, k->R, j);
    return k->C + j * (k->K - 1) + (x < rj ? x : x - 1);
}
/* Differing digits of a and b over the D dimensions. */
static int fb_hops(const fb_pkt *k, unsigned a, unsigned b)
{
    int h = 0;
    for (int j = 0; j < k->D; j++) h += fb_digit(k, a, j) != fb_digit(k, b, j);
    return h;
}
/* §6.1, §6.4: the queue estimate of candidate port l (the channel's, over
 * all its VCs; w only names the candidate); seq: the sequential estimate Qs.
 * A logical port without a valid L2P entry (or >= NumPorts) is the fullest
 * channel, NumVcs * InBufPerVc, in either estimate. */
static int fb_q(const fb_pkt *k, int l, int w, int seq)
{
    (void)w;
    const nr_route_tables *t = k->t;
    const int inbuf = k->c->inbuf, V = k->c->nvcs;
    unsigned e = l >= 0 && l < k->c->nports ? t->l2p[l] : 0u;
    int q = (int)(e & NR_ROUTE_ENT_PORT);
    if (!(e & NR_ROUTE_ENT_VALID) || q >= k->c->nports) return V * inbuf;
    int est = k->fb && k->fb->pv ? nr_fb_port_q(&k->fb->pv[q], V, inbuf) : V * inbuf;
    for (int v = 0; seq && k->fb && k->fb->seq && v < V; v++)
        est += (int)t->fb_charge * k->fb->seq[q][v];
    return est;
}
/* EJECT (§3): the destination's terminal port. */
static int fb_eject(const fb_pkt *k) { return (int)(k->dest & (unsigned)(k->C - 1)); }
/* DOR (§3): the lowest differing dimension, toward t's digit (diff != 0). */
static int fb_dor(const fb_pkt *k)
{
    int j = __builtin_ctz(k->diff);
    return fb_port(k, j, fb_digit(k, k->tr, j));
}
/* The draw (§6.2): the start-of-cycle LFSR value; with ddim (§4), the
 * digits of the dimensions outside diff are this router's. */
static unsigned fb_draw(fb_pkt *k)
{
    k->draw = 1;
    unsigned x = k->fb ? k->fb->fbr & 0xFFFFu : 0u, m = 0;
    if (!k->ddim) return x;
    for (int j = 0; j < k->D; j++)
        if ((k->diff >> j) & 1u) m |= j * k->kb < 16 ? (unsigned)(k->K - 1) << (j * k->kb) : 0u;
    return (x & m) | (k->R & ~m & 0xFFFFu);
}
/* Phase 1 (§4 VAL): EJECT or DOR, on the phase-1 VC. */
static int fb_phase1(const fb_pkt *k, int *w)
{
    *w = 2 * k->cls + 1;
    return k->diff ? fb_dor(k) : fb_eject(k);
}
/* VAL (§4), and every other algorithm's packets after their first router:
 * phase 0 draws x and goes to the first digit x_j != R_j from j0 on, still
 * in phase 0; if there is none (or j0 >= D, no draw), phase 1 here. */
static int fb_val(fb_pkt *k, int *w)
{
    if (k->phase == 0 && k->j0 < k->D) {
        unsigned x = fb_draw(k);
        for (int j = k->j0; j < k->D; j++) {
            int xj = fb_digit(k, x, j);
            if (xj != fb_digit(k, k->R, j)) {
                *w = 2 * k->cls;
                return fb_port(k, j, xj);
            }
        }
    }
    return fb_phase1(k, w);
}
/* UGAL (greedy) and UGAL-S (seq) at the packet's first router (§4). */
static int fb_ugal(fb_pkt *k, int seq, int *w)
{
    if (!k->diff) return fb_phase1(k, w); /* EJECT, no draw */
    unsigned x = fb_draw(k);
    int jn = -1;
    for (int j = 0; j < k->D && jn < 0; j++)
        if (fb_digit(k, x, j) != fb_digit(k, k->R, j)) jn = j;
    int lm = fb_dor(k), wm = 2 * k->cls + 1;
    if (jn < 0 || fb_hops(k, x, k->tr) == 0) { /* no non-minimal candidate */
        *w = wm;
        return lm;
    }
    int ln = fb_port(k, jn, fb_digit(k, x, jn)), wn = 2 * k->cls;
    long hmin = __builtin_popcount(k->diff), hnon = fb_hops(k, k->R, x) + fb_hops(k, x, k->tr);
    if ((long)fb_q(k, lm, wm, seq) * hmin <= (long)fb_q(k, ln, wn, seq) * hnon) {
        *w = wm; /* ties go minimal */
        return lm;
    }
    *w = wn;
    return ln;
}
/* MIN AD (§4): the productive channel with the shortest (greedy) queue,
 * ties to the lowest dimension. The VC follows the hops remaining h: within
 * the class's P VCs from base (two per class for D <= 2; for D >= 3 one
 * class of all NumVcs, D <= NumVcs), the hop goes out on base + P - h, and
 * never below the level it arrived on (0 at a terminal input). */
static int fb_minad(const fb_pkt *k, int *w)
{
    const int P = k->D <= 2 ? 2 : k->c->nvcs, base = k->D <= 2 ? 2 * k->cls : 0;
    if (!k->diff) {
        *w = base + P - 1;
        return fb_eject(k);
    }
    const int h = __builtin_popcount(k->diff), lvl = k->first ? 0 : k->v - base;
    *w = base + (lvl > P - h ? lvl : P - h);
    int best = -1, bq = 0;
    for (int j = 0; j < k->D; j++) {
        if (!((k->diff >> j) & 1u)) continue;
        int l = fb_port(k, j, fb_digit(k, k->tr, j)), q = fb_q(k, l, *w, 0);
        if (best < 0 || q < bq) {
            best = l;
            bq = q;
        }
    }
    return best;
}
/* CLOS AD at the first router, D = 1 (§4): MIN (H = 1) or any other
 * coordinate x (H = 2), the smallest sequential Q*H; ties to MIN, then to
 * the lowest x. */
static int fb_closad(const fb_pkt *k, int *w)
{
    if (!k->diff) return fb_phase1(k, w);
    int r0 = fb_digit(k, k->R, 0), t0 = fb_digit(k, k->tr, 0);
    int best = fb_port(k, 0, t0);
    long bq = fb_q(k, best, 2 * k->cls + 1, 1);
    *w = 2 * k->cls + 1;
    for (int x = 0; x < k->K; x++) {
        if (x == r0 || x == t0) continue;
        int l = fb_port(k, 0, x);
        long q = 2L * fb_q(k, l, 2 * k->cls, 1);
        if (q < bq) {
            best = l;
            bq = q;
            *w = 2 * k->cls;
        }
    }
    return best;
}

/* The dragonfly mode's draw (§4a): the logical port of entry
 * fbr mod 2^nbits of the ULUT (at the source) or the DLUT (at a local
 * input); an invalid entry gives NumPorts (dropped NO_ROUTE at step 6). */
static int df_table(fb_pkt *k, const uint8_t *tab)
{
    const unsigned i = fb_draw(k) & ((1u << k->c->nbits) - 1u);
    const unsigned e = i < NR_MAX_PORTS ? tab[i] : 0u;
    return e & NR_ROUTE_ENT_VALID ? (int)(e & NR_ROUTE_ENT_PORT) : k->c->nports;
}
/* UGAL-G's oracle (nr_fb_in.gq): the queue of the global channel logical
 * port l's route takes; a port past the ports is the fullest channel. */
static int df_gq(const fb_pkt *k, int l)
{
    return l >= 0 && l < k->c->nports ? k->fb->gq[l] : k->c->nvcs * k->c->inbuf;
}
/* UGAL-L's choice between DOR on VC wm and a drawn port on VC wn (§4a):
 * minimal iff Q(l_m) * 1 <= Q(l_n) * 2 (global channels on each route); at
 * a node input with the oracle (UGAL-G, C model only), Q is the global
 * channel's queue at the router that holds it. */
static int df_ugal(fb_pkt *k, const uint8_t *tab, int wm, int wn, int *w)
{
    const int lm = fb_dor(k), ln = df_table(k, tab);
    const int g = k->first && k->fb && k->fb->gq;
    const int min =
        g ? df_gq(k, lm) <= 2 * df_gq(k, ln) : fb_q(k, lm, wm, 0) <= 2 * fb_q(k, ln, wn, 0);
    *w = min ? wm : wn;
    return min ? lm : ln;
}
/* The dragonfly mode (§4a): D = 1, the digit a group. VC 0 the source
 * group's minimal stage, 1 its stage toward the intermediate group, 2 the
 * intermediate group's, NumVcs - 1 the destination group's. */
static int fb_dfly(fb_pkt *k, unsigned A, int *w)
{
    const nr_route_tables *t = k->t;
    if (!k->diff) { /* a node of this group */
        *w = k->c->nvcs - 1;
        return fb_eject(k);
    }
    if (k->first) {
        if (A == NR_DF_MIN) {
            *w = 0;
            return fb_dor(k);
        }
        if (A == NR_DF_VAL) {
            *w = 1;
            return df_table(k, t->ulut);
        }
        return df_ugal(k, t->ulut, 0, 1, w); /* UGAL-L, PAR */
    }
    if (nr_fb_glob(t->fb_ctrl)) { /* a global channel's input: the VC rises by one */
        *w = k->v + 1 < k->c->nvcs ? k->v + 1 : k->c->nvcs - 1;
        return fb_dor(k);
    }
    if (k->v == 1) { /* at a router of the source group holding the drawn channel */
        *w = 1;
        return df_table(k, t->dlut);
    }
    if (k->v == 0 && A == NR_DF_PAR) return df_ugal(k, t->dlut, 0, 1, w);
    *w = k->v;
    return fb_dor(k);
}

/* §3, §4: the logical port (or -1: NO_ROUTE, destination outside the
 * network) and output VC *w of an r = 0 packet; *draw when the LFSR was
 * read. */
static int fb_route(const nr_route_tables *t, const nr_route_ctx *c, const nr_fb_in *fb,
                    unsigned dest, unsigned vc, unsigned a, int *w, int *draw)
{
    const unsigned ctrl = t->fb_ctrl, indim = nr_fb_indim(ctrl);
    fb_pkt k = {.t = t, .c = c, .fb = fb, .D = (int)nr_fb_dims(ctrl), .kb = (int)nr_fb_kbits(ctrl)};
    k.K = 1 << k.kb;
    k.C = 1 << nr_fb_cbits(ctrl);
    k.dest = dest;
    k.tr = dest >> nr_fb_cbits(ctrl);
    k.R = t->fb_me;
    k.v = (int)vc;
    k.cls = (int)(vc >> 1);
    k.first = indim == NR_FB_TERMINAL;
    k.ddim = nr_fb_alg(ctrl) != NR_FB_DFLY && nr_fb_ddim(ctrl);
    k.phase = k.first ? 0 : (int)(vc & 1u);
    k.j0 = k.first ? 0 : (int)indim + 1;
    *draw = 0;
    if (fb_shr(k.tr, k.D * k.kb) != 0) return -1; /* outside the network */
    for (int j = 0; j < k.D; j++)
        if (fb_digit(&k, k.tr, j) != fb_digit(&k, k.R, j)) k.diff |= 1u << j;
    unsigned A = a ? nr_fb_alg(ctrl) : NR_FB_MIN;
    if (A == NR_FB_MINAD && k.D > 2 && k.D > c->nvcs)
        A = NR_FB_MIN; /* §4: MIN AD needs D VCs for D >= 3; with fewer it is MIN */
    if (A == NR_FB_CLOSAD && k.D > 1) A = NR_FB_UGALS; /* §8 */
    int l;
    if (nr_fb_alg(ctrl) == NR_FB_DFLY) {
        l = fb_dfly(&k, a ? nr_fb_dfa(ctrl) : NR_DF_MIN, w);
    } else if (A == NR_FB_MIN) {
        *w = (int)vc; /* the VC is kept, also at EJECT */
        l = k.diff ? fb_dor(&k) : fb_eject(&k);
    } else if (A == NR_FB_MINAD) {
        l = fb_minad(&k, w);
    } else if (!k.first || A == NR_FB_VAL) {
        l = fb_val(&k, w);
    } else if (A == NR_FB_CLOSAD) {
        l = fb_closad(&k, w);
    } else {
        l = fb_ugal(&k, A == NR_FB_UGALS, w);
    }
    *draw = k.draw;
    return l;
}

/* ---- greedy_r(2): the up choice of UpPick = 2 (yarc-arch §5 step 4') ---- */

/* The candidates of step 4 (the logical ports of up, UP_MASK or a side
 * entry's, step 3a) in ascending logical-port order; with two or more,
 * two distinct ones drawn from the input's LFSR value r (fbfly-routing §6.2:
 * i = r[7:0] mod m, the other (i + 1 + r[15:8] mod (m - 1)) mod m), and the
 * second taken only if its channel estimate (fbfly-routing §6.1) is strictly
 * smaller. -1: no candidate. *draw: the LFSR was read (m >= 2). */
static int up_greedy2(const nr_route_tables *t, const nr_route_ctx *c, const nr_fb_in *fb,
                      uint64_t up, int *draw)
{
    int cand[NR_MAX_PORTS], m = 0;
    for (int k = 0; k < c->nports; k++)
        if (((up >> k) & 1u) && (t->l2p[k] & NR_ROUTE_ENT_VALID)) cand[m++] = k;
    if (m < 2) return m ? cand[0] : -1;
    fb_pkt k = {.t = t, .c = c, .fb = fb};
    const unsigned r = fb_draw(&k);
    *draw = 1;
    const int i = (int)((r & 0xFFu) % (unsigned)m);
    const int j = (i + 1 + (int)(((r >> 8) & 0xFFu) % (unsigned)(m - 1))) % m;
    return fb_q(&k, cand[j], 0, 0) < fb_q(&k, cand[i], 0, 0) ? cand[j] : cand[i];
}

/* ---- step 4s: UP_SEL's column rule (yarc-arch §5) ---- */

/* Column j wins over column i in the matrix arbiter's order (i != j). */
static int mat_before(uint64_t mat, int j, int i)
{
    return i < j ? (int)((mat >> (8 * i + j)) & 1u) : !((mat >> (8 * j + i)) & 1u);
}

/* The column of step 4s among the columns of cm (not 0): the least
 * occupancy level, ties by the matrix arbiter (UP_SEL bit 2) or the round
 * robin from the pointer. */
static int up_col(const nr_route_tables *t, const nr_route_ctx *c, const int (*cred)[NR_SW_MAX_VCS],
                  unsigned vc, unsigned cm, nr_up_arb a)
{
    const int b = (t->up_sel & 2u) ? 2 : 1, top = (1 << b) - 1;
    int sh = -b, lvl[8], best = top;
    for (int d = c->rowbuf; d > 1; d >>= 1) sh++;
    for (int k = 0; k < c->cols; k++) {
        if (!((cm >> k) & 1u)) continue;
        const int o = cred[k][vc] < c->rowbuf ? c->rowbuf - cred[k][vc] : 0;
        const int v = sh > 0 ? o >> sh : o; /* the top b bits of the occupancy */
        lvl[k] = v > top ? top : v;
        if (lvl[k] < best) best = lvl[k];
    }
    unsigned tie = 0;
    for (int k = 0; k < c->cols; k++)
        if (((cm >> k) & 1u) && lvl[k] == best) tie |= 1u << k;
    if (t->up_sel & 4u) { /* the one column of tie that wins over every other */
        for (int i = 0; i < c->cols; i++) {
            int win = (tie >> i) & 1u;
            for (int j = 0; j < c->cols && win; j++)
                if (j != i && ((tie >> j) & 1u) && !mat_before(a.mat, i, j)) win = 0;
            if (win) return i;
        }
    }
    return sw_rr_pick(tie, a.ptr);
}

/* Step 4s: the candidates cand (logical ports) ORed into a column mask, the
 * column by up_col, then the first candidate in it at or after ad_ptr. */
static int up_seed(const nr_route_tables *t, const nr_route_ctx *c,
                   const int (*cred)[NR_SW_MAX_VCS], unsigned vc, uint64_t cand, int ad_ptr,
                   nr_up_arb a)
{
    unsigned cm = 0;
    for (int k = 0; k < c->nports; k++)
        if ((cand >> k) & 1u) cm |= 1u << ((t->l2p[k] & NR_ROUTE_ENT_PORT) % (unsigned)c->cols);
    if (!cm) return -1;
    const unsigned col = (unsigned)up_col(t, c, cred, vc, cm, a);
    int zero[NR_MAX_PORTS] = {0};
    for (int k = 0; k < c->nports; k++)
        if ((t->l2p[k] & NR_ROUTE_ENT_PORT) % (unsigned)c->cols != col) cand &= ~(1ull << k);
    return sw_max_pick(cand, zero, ad_ptr, c->nports);
}

nr_up_arb nr_up_arb_next(const nr_route_tables *t, const nr_route_ctx *c, nr_up_arb a, int l)
{
    if (l < 0 || !(t->up_sel & 1u) || c->rowbuf <= 0) return a;
    const int g = (int)((t->l2p[l] & NR_ROUTE_ENT_PORT) % (unsigned)c->cols);
    if (!(t->up_sel & 4u)) { /* the round robin's pointer moves past g */
        a.ptr = g + 1 == c->cols ? 0 : g + 1;
        return a;
    }
    for (int j = 0; j < c->cols; j++) { /* every other column now wins over g */
        if (j > g) a.mat |= 1ull << (8 * g + j);
        if (j < g) a.mat &= ~(1ull << (8 * j + g));
    }
    return a;
}

/* Step 3a (yarc-arch §5): the first valid side entry matching dest, or -1;
 * its ports as a mask of logical ports below nports in *up, its base and
 * count in *base, *cnt. */
static int side_match(const nr_route_tables *t, const nr_route_ctx *c, unsigned dest, uint64_t *up,
                      int *base, int *cnt)
{
    for (int e = 0; e < NR_ROUTE_SIDE; e++) {
        unsigned pr = t->side_ports[e], mm = t->side_match[e];
        if (!(pr & NR_ROUTE_SIDE_VALID) || (dest & ((mm >> 15) & 0x7FFFu)) != (mm & 0x7FFFu))
            continue;
        *base = (int)(pr & 0x3Fu);
        *cnt = (int)((pr >> 6) & 0x3Fu) + 1;
        *up = 0;
        for (int l = *base; l < *base + *cnt && l < c->nports; l++) *up |= 1ull << l;
        return e;
    }
    return -1;
}

/* Step 3d (DOR_CTRL on): the down entry {v, valid, port} of dest from the
 * coordinates. Router FB_ME's digit j (kbits wide) against the digit j of
 * dest >> cbits: the lowest dimension that differs leaves by port
 * C + 2j (+) or C + 2j + 1 (-), with wrap the shorter way round (a tie +),
 * v = 1 when the rest of that dimension's route stays off its dateline (+
 * with t_j > x_j, - with t_j < x_j); none differs: port dest mod C, v = 1.
 * A port past 63 is an invalid entry. From dimension j0 on (0: the entry;
 * step 3e asks for each dimension's); wrap as given (step 3e's mesh escape
 * clears it). */
static unsigned dor_entry_from(const nr_route_tables *t, unsigned dest, unsigned j0, unsigned wrap)
{
    const unsigned dims = (t->dor_ctrl >> 2) & 7u, kb = (t->dor_ctrl >> 5) & 7u,
                   cb = (t->dor_ctrl >> 8) & 7u, km = (1u << kb) - 1u, C = 1u << cb;
    const unsigned node = dest >> cb;
    unsigned l = dest & (C - 1u); /* no digit differs: the node's port, v = 1 */
    int v = 1;
    for (unsigned j = j0; j < dims; j++) {
        const unsigned sh = j * kb; /* up to 42: 15-bit ids are 0 from bit 15 */
        const unsigned x = sh < 16 ? (t->fb_me >> sh) & km : 0u,
                       y = sh < 16 ? (node >> sh) & km : 0u;
        if (x == y) continue;
        const int plus = wrap ? ((y - x) & km) <= (1u << kb) / 2 : y > x;
        l = C + 2 * j + (plus ? 0u : 1u);
        v = plus ? y > x : y < x;
        break;
    }
    if (l > NR_ROUTE_ENT_PORT) return 0;
    return l | NR_ROUTE_ENT_VALID | (v ? NR_ROUTE_ENT_V : 0u);
}
static unsigned dor_entry(const nr_route_tables *t, unsigned dest)
{
    return dor_entry_from(t, dest, 0, t->dor_ctrl & 2u);
}

/* Step 3e (DOR_CTRL.adapt, docs/network.md "Topology: torus and mesh", adaptive): the logical
 * port and output VC *w of a down packet on VC vc with a bit a. Escape VCs
 * 0 and 1 (NumVcs >= 3: step 3d's route and v, datelines and all) or 0
 * (NumVcs = 2: step 3d over the mesh, wrap cleared); the others adaptive;
 * at its router the node's port on VC NumVcs - 1.
 * With a = 1, not at its router, and (NumVcs = 2) not on VC 0: the candidates
 * are (the port of each differing dimension's shorter way, an adaptive VC
 * u) with a valid remap q whose credits cr(q, u) are the full InBufPerVc and
 * no packet is routed to (q, u) (seq = pend + n = 0) for adapt 1; for adapt
 * 2 (the broken variant) any credit at all. The emptiest channel (fb_q)
 * wins, ties to the lower dimension, then the lower VC. No candidate: the
 * escape. -1: an invalid entry. */
static int dor_adapt(const nr_route_tables *t, const nr_route_ctx *c, const nr_fb_in *fb,
                     unsigned dest, unsigned vc, unsigned a, int *w)
{
    const unsigned mode = (t->dor_ctrl >> 11) & 3u, dims = (t->dor_ctrl >> 2) & 7u;
    const int V = c->nvcs, u0 = V >= 3 ? 2 : 1;
    const unsigned esc = dor_entry_from(t, dest, 0, V >= 3 ? t->dor_ctrl & 2u : 0u);
    if (!(esc & NR_ROUTE_ENT_VALID)) return -1;
    const int lesc = (int)(esc & NR_ROUTE_ENT_PORT), C = 1 << ((t->dor_ctrl >> 8) & 7u);
    if (lesc < C) { /* at its router: the node's port, on the last VC (it entered on) */
        *w = V - 1;
        return lesc;
    }
    fb_pkt k = {.t = t, .c = c, .fb = fb};
    int best = -1, bq = 0, bw = 0;
    for (unsigned j = 0; a && (V > 2 || vc != 0) && j < dims; j++) {
        /* dimension j's shorter way, if its digits differ */
        const unsigned e = dor_entry_from(t, dest, j, t->dor_ctrl & 2u);
        const int l = (int)(e & NR_ROUTE_ENT_PORT);
        if (!(e & NR_ROUTE_ENT_VALID) || l < C || (l - C) / 2 != (int)j || l >= c->nports) continue;
        const unsigned pe = t->l2p[l];
        const int q = (int)(pe & NR_ROUTE_ENT_PORT);
        if (!(pe & NR_ROUTE_ENT_VALID) || q >= c->nports) continue;
        for (int u = u0; u < V; u++) {
            int cr = fb && fb->pv ? fb->pv[q].cr[u] : 0;
            const int claimed = fb && fb->seq ? fb->seq[q][u] : 0;
            const int ok = mode == 2 ? cr > 0 : cr >= c->inbuf && !claimed;
            if (!ok) continue;
            const int est = fb_q(&k, l, u, 0);
            if (best < 0 || est < bq) best = l, bq = est, bw = u;
            break; /* the lowest eligible VC of this channel */
        }
    }
    if (best >= 0) {
        *w = bw;
        return best;
    }
    *w = V >= 3 ? ((esc & NR_ROUTE_ENT_V) != 0) : 0;
    return lesc;
}

nr_route_res nr_route_lookup(const nr_route_tables *t, const nr_route_ctx *c, uint32_t head,
                             uint32_t route_phit, uint32_t hash_phit,
                             const int (*cred)[NR_SW_MAX_VCS], int ad_ptr)
{
    return nr_route_fb(t, c, head, route_phit, hash_phit, cred, ad_ptr, NULL);
}

nr_route_res nr_route_fb(const nr_route_tables *t, const nr_route_ctx *c, uint32_t head,
                         uint32_t route_phit, uint32_t hash_phit, const int (*cred)[NR_SW_MAX_VCS],
                         int ad_ptr, const nr_fb_in *fb)
{
    unsigned dest = (head >> NR_HEAD_DEST_LSB) & ((1u << NR_HEAD_DEST_W) - 1u);
    unsigned vc = (head >> NR_HEAD_VC_LSB) & ((1u << NR_HEAD_VC_W) - 1u);
    unsigned r = (head >> NR_HEAD_R_BIT) & 1u, a = (head >> NR_HEAD_A_BIT) & 1u;
    unsigned h = (head >> NR_HEAD_H_BIT) & 1u;
    /* DET_VCS: the up route of a packet on a deterministic VC is step 5's */
    const unsigned up_a = a && !((t->det_vcs >> vc) & 1u);
    unsigned rsvd = (head >> NR_HEAD_RSVD_LSB) & ((1u << NR_HEAD_RSVD_W) - 1u);
    int l, adapt_l = -1, w = (int)vc, draw = 0;

    /* 1. malformed head */
    if ((int)vc >= c->nvcs || rsvd != 0) return rc_drop(NR_DROP_MALFORMED, -1);
    if (r) { /* 2. source route: hop 0 of the route phit */
        l = (int)((route_phit >> (NR_DATA_W - NR_ROUTE_PORT_W)) & NR_ROUTE_ENT_PORT);
        if (l >= c->nports) return rc_drop(NR_DROP_BAD_SRCROUTE, -1);
    } else if (nr_fb_on(t->fb_ctrl)) { /* 3-5: the flattened-butterfly rules */
        l = fb_route(t, c, fb, dest, vc, a, &w, &draw);
        if (l < 0) {
            nr_route_res d = rc_drop(NR_DROP_NO_ROUTE, -1);
            d.draw = draw;
            return d;
        }
    } else if ((dest & t->root_mask) == t->root_detect) { /* 3. down */
        unsigned i = (dest >> t->down_shift) % (unsigned)c->nports;
        if ((t->dor_ctrl & 1u) && ((t->dor_ctrl >> 11) & 3u) && c->nvcs >= 2) {
            /* 3e. DOR_CTRL's adapt: the adaptive choice or the escape */
            l = dor_adapt(t, c, fb, dest, vc, a, &w);
            if (l < 0) return rc_drop(NR_DROP_NO_ROUTE, -1);
        } else {
            /* 3d. DOR_CTRL on: the entry from the coordinates, not the DLUT */
            const unsigned ent = (t->dor_ctrl & 1u) ? dor_entry(t, dest) : t->dlut[i];
            if (!(ent & NR_ROUTE_ENT_VALID)) return rc_drop(NR_DROP_NO_ROUTE, -1);
            l = (int)(ent & NR_ROUTE_ENT_PORT);
            /* DL_VC: the entry's v is the VC's bit 0, when that VC exists */
            const int dw = (int)(vc & ~1u) | ((ent & NR_ROUTE_ENT_V) != 0);
            if (t->dl_vc && dw < c->nvcs) w = dw;
        }
    } else {
        /* 3a. a side entry for dest's subtree names the candidates instead
         * of UP_MASK (and, hashed, its ports instead of the ULUT) */
        uint64_t up = t->up_mask;
        int sbase = 0, scnt = 0;
        const int side = side_match(t, c, dest, &up, &sbase, &scnt) >= 0;
        if (up_a && c->up_pick == 2) { /* 4'. up, greedy_r(2): the pointer is not used */
            l = up_greedy2(t, c, fb, up, &draw);
            if (l < 0) return rc_drop(NR_DROP_NO_ROUTE, -1);
        } else if (up_a) { /* 4. up, adaptive: the highest score, ties to the pointer */
            uint64_t cand = 0;
            int score[NR_MAX_PORTS];
            for (int k = 0; k < c->nports; k++) {
                score[k] = 0;
                if (((up >> k) & 1u) && (t->l2p[k] & NR_ROUTE_ENT_VALID)) {
                    cand |= 1ull << k;
                    if (cred) /* YARC; the network switches score every candidate 0 */
                        score[k] = cred[(t->l2p[k] & NR_ROUTE_ENT_PORT) % (unsigned)c->cols][vc];
                }
            }
            if ((t->up_sel & 1u) && cred && c->rowbuf > 0) /* 4s. the column rule */
                l = adapt_l =
                    up_seed(t, c, cred, vc, cand, ad_ptr, fb ? fb->ua : (nr_up_arb){0, 0});
            else
                l = adapt_l = sw_max_pick(cand, score, ad_ptr, c->nports);
            if (l < 0) return rc_drop(NR_DROP_NO_ROUTE, -1);
        } else { /* 5. up, deterministic, hashed */
            uint32_t key = dest ^ (uint32_t)c->port ^ (h ? (hash_phit & SW_DATA_MASK) : 0u);
            unsigned i = nr_route_fold(key, c->nbits);
            if (side) {
                l = sbase + (int)(i % (unsigned)scnt);
            } else {
                if (!(t->ulut[i] & NR_ROUTE_ENT_VALID)) return rc_drop(NR_DROP_NO_ROUTE, -1);
                l = t->ulut[i] & NR_ROUTE_ENT_PORT;
            }
        }
    }
    /* 6. logical -> physical; a logical port >= NumPorts has no L2P entry */
    unsigned e = l < c->nports ? t->l2p[l] : 0u;
    if (!(e & NR_ROUTE_ENT_VALID) || (int)(e & NR_ROUTE_ENT_PORT) >= c->nports) {
        nr_route_res d = rc_drop(NR_DROP_NO_ROUTE, adapt_l);
        d.draw = draw; /* a draw made for a route that then fails still moves the LFSR */
        return d;
    }
    nr_route_res res = {0, 0, (int)(e & NR_ROUTE_ENT_PORT), adapt_l, w, draw};
    return res;
}

/* Address map (§9). */
enum {
    CFG_ROOT_MASK = 0x00,
    CFG_ROOT_DETECT = 0x01,
    CFG_DOWN_SHIFT = 0x02,
    CFG_UP_MASK_LO = 0x03,
    CFG_UP_MASK_HI = 0x04,
    CFG_FB_CTRL = 0x05,
    CFG_FB_ME = 0x06,
    CFG_FB_CHARGE = 0x07,
    CFG_DET_VCS = 0x08,
    CFG_DL_VC = 0x09,
    CFG_UP_SEL = 0x0A,
    CFG_DOR_CTRL = 0x0B,
    CFG_SIDE = 0x10,
    CFG_SIDE_END = 0x10 + 2 * NR_ROUTE_SIDE, /* step 3a; SideTab = 1 */
    CFG_DLUT = 0x40,
    CFG_ULUT = 0x80,
    CFG_L2P = 0xC0
};

int nr_route_cfg_addr_ok(unsigned addr, int nports, int side_tab)
{
    if (addr > 0xFF) return 0;
    if (addr <= CFG_DOR_CTRL) return 1;
    if (addr >= CFG_SIDE && addr < CFG_SIDE_END) return side_tab;
    if (addr < CFG_DLUT) return 0;
    return (int)(addr & 0x3Fu) < nports;
}

void nr_route_cfg_write(nr_route_tables *t, int nports, unsigned addr, uint32_t wdata)
{
    uint64_t pmask = nports >= 64 ? ~0ull : (1ull << nports) - 1u;
    uint8_t ent = (uint8_t)(wdata & (NR_ROUTE_ENT_VALID | NR_ROUTE_ENT_PORT));
    switch (addr) {
    case CFG_ROOT_MASK: t->root_mask = (uint16_t)(wdata & 0x7FFFu); return;
    case CFG_ROOT_DETECT: t->root_detect = (uint16_t)(wdata & 0x7FFFu); return;
    case CFG_DOWN_SHIFT: t->down_shift = (uint8_t)(wdata & 0xFu); return;
    case CFG_UP_MASK_LO: t->up_mask = ((t->up_mask & ~0xFFFFFFFFull) | wdata) & pmask; return;
    case CFG_UP_MASK_HI:
        t->up_mask = ((t->up_mask & 0xFFFFFFFFull) | ((uint64_t)wdata << 32)) & pmask;
        return;
    case CFG_FB_CTRL: t->fb_ctrl = wdata & NR_FB_CTRL_MASK; return;
    case CFG_FB_ME: t->fb_me = (uint16_t)(wdata & 0x7FFFu); return;
    case CFG_FB_CHARGE: t->fb_charge = (uint8_t)(wdata & 0xFFu); return;
    case CFG_DET_VCS: t->det_vcs = (uint8_t)(wdata & NR_ROUTE_DET_VCS_MASK); return;
    case CFG_DL_VC: t->dl_vc = (uint8_t)(wdata & 1u); return;
    case CFG_UP_SEL: t->up_sel = (uint8_t)(wdata & NR_ROUTE_UP_SEL_MASK); return;
    case CFG_DOR_CTRL: t->dor_ctrl = (uint16_t)(wdata & NR_ROUTE_DOR_CTRL_MASK); return;
    default: break;
    }
    if (addr >= CFG_SIDE && addr < CFG_SIDE_END) { /* the caller checked SideTab */
        unsigned e = (addr - CFG_SIDE) / 2;
        if ((addr - CFG_SIDE) % 2 == 0)
            t->side_match[e] = wdata & 0x3FFFFFFFu;
        else
            t->side_ports[e] = (uint16_t)(wdata & 0x1FFFu);
        return;
    }
    unsigned i = addr & 0x3Fu;
    if ((int)i >= nports) return;
    if (addr >= CFG_L2P)
        t->l2p[i] = ent;
    else if (addr >= CFG_ULUT)
        t->ulut[i] = ent;
    else if (addr >= CFG_DLUT)
        t->dlut[i] = (uint8_t)(ent | (wdata & NR_ROUTE_ENT_V));
}

int nr_route_cfg_decode(const nr_rtr_in *in, int nports, int fb_seq, int side_tab, int *lo, int *hi,
                        unsigned *addr, uint32_t *tev)
{
    if (!in->cfg_we) return 0;
    unsigned tile = (unsigned)in->cfg_tile & 0x3Fu, a = (unsigned)in->cfg_addr & 0xFFu;
    int l = in->cfg_bcast ? 0 : (int)tile, h = in->cfg_bcast ? nports - 1 : (int)tile;
    if (h >= nports) /* no such tile: nothing is written, no tile raises an event */
        return 0;
    const unsigned alg = nr_fb_alg(in->cfg_wdata);
    if (!nr_route_cfg_addr_ok(a, nports, side_tab) ||
        (a == CFG_FB_CTRL && !fb_seq && (alg == NR_FB_UGALS || alg == NR_FB_CLOSAD))) {
        for (int i = l; i <= h; i++) tev[i] |= 1u << NR_TEV_CFG_BAD;
        return 0;
    }
    *lo = l;
    *hi = h;
    *addr = a;
    return 1;
}

/* ---- nr_route_set ---- */
_Static_assert(sizeof(nr_route_tables) == 272,
               "a new field of nr_route_tables: add it to route_eq");
static int route_eq(const nr_route_tables *a, const nr_route_tables *b)
{
    return a->root_mask == b->root_mask && a->root_detect == b->root_detect &&
           a->down_shift == b->down_shift && a->up_mask == b->up_mask &&
           !memcmp(a->dlut, b->dlut, sizeof a->dlut) && !memcmp(a->ulut, b->ulut, sizeof a->ulut) &&
           !memcmp(a->l2p, b->l2p, sizeof a->l2p) && a->fb_ctrl == b->fb_ctrl &&
           a->fb_me == b->fb_me && a->fb_charge == b->fb_charge && a->det_vcs == b->det_vcs &&
           a->dl_vc == b->dl_vc && a->up_sel == b->up_sel && a->dor_ctrl == b->dor_ctrl &&
           !memcmp(a->side_match, b->side_match, sizeof a->side_match) &&
           !memcmp(a->side_ports, b->side_ports, sizeof a->side_ports);
}

int nr_route_set_init(nr_route_set *s, int n)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    s->tp = malloc((size_t)n * sizeof *s->tp);
    s->set = malloc((size_t)n * sizeof *s->set);
    s->refs = malloc((size_t)n * sizeof *s->refs);
    s->ti = calloc((size_t)n, sizeof *s->ti);
    if (!s->tp || !s->set || !s->refs || !s->ti || !(s->set[0] = calloc(1, sizeof **s->set))) {
        nr_route_set_release(s);
        return -1;
    }
    nr_route_reset(s->set[0], n); /* the rest 0, as the RTL's reset */
    s->nset = 1;
    s->refs[0] = n;
    for (int p = 0; p < n; p++) s->tp[p] = s->set[0];
    return 0;
}

void nr_route_set_release(nr_route_set *s)
{
    for (int k = 0; k < s->nset; k++) free(s->set[k]);
    free(s->tp);
    free(s->set);
    free(s->refs);
    free(s->ti);
    memset(s, 0, sizeof *s);
}

/* Port p leaves copy k (freed when no port uses it any more). */
static void set_leave(nr_route_set *s, int k)
{
    if (--s->refs[k]) return;
    free(s->set[k]);
    const int last = --s->nset;
    if (k == last) return;
    s->set[k] = s->set[last];
    s->refs[k] = s->refs[last];
    for (int p = 0; p < s->n; p++)
        if (s->ti[p] == last) s->ti[p] = k;
}

/* The write to port p alone: it joins a copy equal to its written tables,
 * or writes its own copy, or takes a new one. */
static int set_write_one(nr_route_set *s, int p, unsigned addr, uint32_t wdata)
{
    const int k = s->ti[p];
    nr_route_tables t = *s->tp[p];
    nr_route_cfg_write(&t, s->n, addr, wdata);
    if (route_eq(&t, s->set[k])) return 0;
    int j = 0;
    while (j < s->nset && !route_eq(&t, s->set[j])) j++;
    if (j == s->nset) {
        if (s->refs[k] == 1) { /* its own copy: written in place */
            *s->set[k] = t;
            return 0;
        }
        if (!(s->set[j] = malloc(sizeof t))) return -1;
        *s->set[j] = t;
        s->refs[j] = 0;
        s->nset++;
    }
    s->refs[j]++;
    s->ti[p] = j;
    set_leave(s, k); /* may move the last copy, j too: ti[] follows it */
    s->tp[p] = s->set[s->ti[p]];
    return 0;
}

int nr_route_set_write(nr_route_set *s, int lo, int hi, unsigned addr, uint32_t wdata)
{
    if (lo == 0 && hi == s->n - 1) { /* every port: each copy once */
        for (int k = 0; k < s->nset; k++) nr_route_cfg_write(s->set[k], s->n, addr, wdata);
        return 0;
    }
    for (int p = lo; p <= hi; p++)
        if (set_write_one(s, p, addr, wdata)) return -1;
    return 0;
}
