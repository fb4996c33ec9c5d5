/* test_route_fb.c - the flattened-butterfly route policy of the routers
 * (docs/fbfly-routing.md §2-§6.3) from the document alone, checked against
 * the RTL's nr_route_fb every cycle and against the C model's RC function
 * (nr_route_fb of csrc/model/sw_route.h, the input unit's route entry).
 *
 * The reference here is written from the document's words, not from either
 * implementation: FB_CTRL's fields (§2), the digits R_j, t_j, x_j and
 * port(j, x) computed in full (§2), the terms of §3 (t outside the network
 * drops before any rule; the phase, 0 at a terminal input; j0; A = a ? alg :
 * MIN; EJECT and DOR), the rules of §4 (MIN keeps the VC; VAL's per-dimension
 * draw from j0 and its phase 1; UGAL at the first router, minimal iff there
 * is no non-minimal candidate or Q(l_m) * H_min <= Q(l_n) * H_non; MIN AD's
 * productive channel with the smallest Q, ties to the lowest j, on VC base +
 * max(lvl, P - h), MIN with D > NumVcs >= 2), the greedy estimate of §6.1
 * (the channel's, over all its VCs; NumVcs * InBufPerVc for a missing L2P
 * entry or a port >= NumPorts) and the draw of §6.2 (a 16-bit Galois LFSR of
 * x^16 + x^14 + x^13 + x^11 + 1 from 0xACE1 ^ (p << 8), 16 steps per draw,
 * a draw only where §4 makes one and only for a packet routed that cycle).
 *
 * 1. The first eight draws of port 0 (16 steps each, worked out from the
 *    polynomial and pinned) equal the reference's, and so do the model's
 *    reset value and 16-step advance.
 * 2. For four input ports, from reset, --cycles cycles of random inputs
 *    (FB_CTRL over MIN, VAL, UGAL and MIN AD with 1-4 dimensions, sometimes
 *    off; terminal or router inputs; random heads, VCs and a bits; random,
 *    equal or full credits; L2P holes; destinations outside the network):
 *    the RTL's on/drop/l/w equal the reference's, and the model's route of
 *    the same head (drop, physical port after L2P, w, draw) too. A mismatch
 *    names the cycle, the inputs and both answers. Every rule must have been
 *    taken by some routed packet (the counts are printed).
 * 3. --mode seq, without the RTL: the sequential allocator (FbSeq = 1,
 *    UGAL-S and CLOS AD), which only the C model has (run_seq below). */
#include <stdio.h>
#include <string.h>

#include "cells_shim.h"
#include "cells_util.h"
#include "nr_fmt.h"
#include "sw_iu.h"
#include "sw_route.h"

static const int poly_terms[] = {16, 14, 13, 11}; /* x^16 + x^14 + x^13 + x^11 + 1 */
/* port 0's first eight draws: 0xACE1, then 16 steps of the polynomial each */
static const unsigned pinned[8] = {0xACE1, 0xEB62, 0x330D, 0x8777, 0x1BBF, 0xED3A, 0xDA3A, 0xE7A2};

static unsigned ref_step(unsigned r)
{
    unsigned m = 0;
    for (unsigned i = 0; i < sizeof poly_terms / sizeof poly_terms[0]; i++)
        m |= 1u << (poly_terms[i] - 1);
    return ((r >> 1) ^ ((r & 1u) ? m : 0u)) & 0xFFFFu;
}
static unsigned ref_draw_next(unsigned r)
{
    for (int i = 0; i < 16; i++) r = ref_step(r);
    return r;
}
static unsigned ref_reset(int p) { return (0xACE1u ^ ((unsigned)p << 8)) & 0xFFFFu; }

/* The build (cells_param) and one cycle's inputs. */
typedef struct {
    int P, V, B; /* NumPorts, NumVcs, InBufPerVc */
} fb_env;
typedef struct {
    unsigned ctrl, me, head;
    uint8_t l2p[NR_MAX_PORTS];
    uint8_t ulut[NR_MAX_PORTS], dlut[NR_MAX_PORTS]; /* alg 7's draw tables (§4a) */
    int cr[NR_MAX_PORTS * 4];                       /* q * V + v */
    /* the sequential allocator (--mode seq, FbSeq = 1, C model only):
     * seq[q][v] = pend(q, v) + n(q, v) as this input sees it, FB_CHARGE */
    int useseq, charge;
    int seq[NR_MAX_PORTS][NR_SW_MAX_VCS];
    int en;
} fb_in;
/* What the document says: on; drop (outside the network); l, w; draw; and
 * the rule that gave it (EV_*, counted to show the inputs reach each). */
typedef struct {
    int on, drop, l, w, draw, ev;
} fb_ans;
enum {
    EV_OUTSIDE,   /* dropped before any rule */
    EV_EJECT,     /* delivered here */
    EV_VAL_HOP,   /* VAL phase 0 to a drawn digit */
    EV_VAL_END,   /* VAL: drew, no digit from j0 differs: phase 1 here */
    EV_UGAL_NON,  /* UGAL chose the non-minimal candidate */
    EV_UGAL_TIE,  /* UGAL: equal products, minimal */
    EV_UGAL_NONE, /* UGAL: no non-minimal candidate */
    EV_MAD_UP,    /* MIN AD chose a higher dimension than the lowest */
    EV_MAD_TIE,   /* MIN AD: equal estimates, the lowest j */
    EV_MAD_BIG,   /* MIN AD with 3 <= D <= NumVcs, h >= 2 */
    EV_MAD_MIN,   /* MIN AD with D > NumVcs: MIN */
    EV_CLOS_NON,  /* CLOS AD chose a non-minimal coordinate (--mode seq) */
    EV_CLOS_TIE,  /* CLOS AD: a non-minimal product equal to the best (--mode seq) */
    EV_DF_TAB,    /* alg 7: a draw table's port */
    EV_DF_CMP,    /* alg 7: UGAL-L or PAR compared and went minimal */
    EV_DF_UP,     /* alg 7: a global channel's input, the VC one up */
    EV_NEV
};
static const char *const ev_name[EV_NEV] = {
    "outside",    "eject",      "val-hop",      "val-end",   "ugal-non",     "ugal-tie",
    "ugal-none",  "minad-up",   "minad-tie",    "minad-big", "minad-as-min", "closad-non",
    "closad-tie", "dfly-table", "dfly-cmp-min", "dfly-vc-up"};

/* One packet's terms (§2, §3). */
typedef struct {
    const fb_env *e;
    const fb_in *in;
    unsigned D, kb, K, C, R, t, dest, diff;
    int v, cls, term, phase, j0;
} fb_terms;

static unsigned shr16(unsigned x, unsigned s) { return s >= 16 ? 0u : (x & 0xFFFFu) >> s; }
static unsigned dig(const fb_terms *k, unsigned x, unsigned j)
{
    return shr16(x, j * k->kb) & (k->K - 1);
}
static int port_of(const fb_terms *k, unsigned j, unsigned x)
{
    unsigned rj = dig(k, k->R, j);
    return (int)(k->C + j * (k->K - 1) + (x < rj ? x : x - 1));
}
static int nhops(const fb_terms *k, unsigned a, unsigned b)
{
    int h = 0;
    for (unsigned j = 0; j < k->D; j++) h += dig(k, a, j) != dig(k, b, j);
    return h;
}
static int ndiff(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1) n++;
    return n;
}
/* §6.1: the channel's estimate, over every VC of L2P[l]'s port; seq: §6.4's
 * sequential estimate Qs, FB_CHARGE per packet pending or routed earlier
 * in the cycle to the channel, on any VC */
static int ref_q(const fb_terms *k, int l, int seq)
{
    const fb_env *e = k->e;
    if (l < 0 || l >= e->P) return e->V * e->B;
    unsigned ent = k->in->l2p[l];
    int q = (int)(ent & 0x3Fu);
    if (!(ent & 0x40u) || q >= e->P) return e->V * e->B;
    int s = 0;
    for (int v = 0; v < e->V; v++) {
        s += e->B - k->in->cr[q * e->V + v];
        if (seq && k->in->useseq) s += k->in->charge * k->in->seq[q][v];
    }
    return s;
}
static int eject(const fb_terms *k) { return (int)(k->dest % k->C); }
static int dor(const fb_terms *k)
{
    unsigned j = 0;
    while (!((k->diff >> j) & 1u)) j++;
    return port_of(k, j, dig(k, k->t, j));
}
/* VAL's phase 1 (and every EJECT of VAL and UGAL): on 2cls + 1 */
static void phase1(const fb_terms *k, fb_ans *o)
{
    o->w = 2 * k->cls + 1;
    o->l = k->diff ? dor(k) : eject(k);
}
/* §4 VAL (and UGAL after its first router) */
static void ref_val(const fb_terms *k, unsigned x, fb_ans *o)
{
    if (k->phase == 0 && (unsigned)k->j0 < k->D) {
        o->draw = 1;
        for (unsigned j = (unsigned)k->j0; j < k->D; j++)
            if (dig(k, x, j) != dig(k, k->R, j)) {
                o->l = port_of(k, j, dig(k, x, j));
                o->w = 2 * k->cls;
                o->ev |= 1 << EV_VAL_HOP;
                return;
            }
        o->ev |= 1 << EV_VAL_END;
    }
    phase1(k, o);
}
/* §4 UGAL (seq 0) and UGAL-S (seq 1) at the packet's first router (a
 * terminal input) */
static void ref_ugal(const fb_terms *k, unsigned x, int seq, fb_ans *o)
{
    if (!k->diff) {
        phase1(k, o);
        return;
    }
    o->draw = 1;
    int jn = -1;
    for (unsigned j = 0; j < k->D && jn < 0; j++)
        if (dig(k, x, j) != dig(k, k->R, j)) jn = (int)j;
    const int lm = dor(k);
    o->l = lm;
    o->w = 2 * k->cls + 1;
    if (jn < 0 || nhops(k, x, k->t) == 0) { /* no non-minimal candidate */
        o->ev |= 1 << EV_UGAL_NONE;
        return;
    }
    const int ln = port_of(k, (unsigned)jn, dig(k, x, (unsigned)jn));
    const long hmin = ndiff(k->diff), hnon = nhops(k, k->R, x) + nhops(k, x, k->t);
    const long pm = (long)ref_q(k, lm, seq) * hmin, pn = (long)ref_q(k, ln, seq) * hnon;
    if (pm == pn) o->ev |= 1 << EV_UGAL_TIE;
    if (pm <= pn) return; /* ties minimal */
    o->ev |= 1 << EV_UGAL_NON;
    o->l = ln;
    o->w = 2 * k->cls;
}
/* §4 MIN AD (D <= 2, or 3 <= D <= NumVcs) */
static void ref_minad(const fb_terms *k, fb_ans *o)
{
    const int big = k->D >= 3, P = big ? k->e->V : 2, base = big ? 0 : 2 * k->cls;
    if (!k->diff) {
        o->l = eject(k);
        o->w = base + P - 1;
        return;
    }
    const int h = ndiff(k->diff), lvl = k->term ? 0 : k->v - base;
    o->w = base + (lvl > P - h ? lvl : P - h);
    int best = -1, bq = 0, ties = 0;
    for (unsigned j = 0; j < k->D; j++) {
        if (!((k->diff >> j) & 1u)) continue;
        int l = port_of(k, j, dig(k, k->t, j)), q = ref_q(k, l, 0);
        if (best < 0 || q < bq) { /* strictly smaller: ties stay with the lower j */
            if (best >= 0) o->ev |= 1 << EV_MAD_UP;
            best = l;
            bq = q;
            ties = 0;
        } else if (q == bq) {
            ties++;
        }
    }
    if (ties) o->ev |= 1 << EV_MAD_TIE;
    if (big && h >= 2) o->ev |= 1 << EV_MAD_BIG;
    o->l = best;
}

/* §4 CLOS AD at the first router, D = 1: MIN (H = 1) or a coordinate x not
 * R_0 or t_0 (H = 2) by the smallest Qs * H; ties to MIN, then the lowest x */
static void ref_closad(const fb_terms *k, fb_ans *o)
{
    if (!k->diff) {
        phase1(k, o);
        return;
    }
    const unsigned r0 = dig(k, k->R, 0), t0 = dig(k, k->t, 0);
    long best = ref_q(k, port_of(k, 0, t0), 1);
    o->l = port_of(k, 0, t0);
    o->w = 2 * k->cls + 1;
    for (unsigned x = 0; x < k->K; x++) {
        if (x == r0 || x == t0) continue;
        const long qh = 2L * ref_q(k, port_of(k, 0, x), 1);
        if (qh == best) o->ev |= 1 << EV_CLOS_TIE;
        if (qh < best) {
            best = qh;
            o->l = port_of(k, 0, x);
            o->w = 2 * k->cls;
        }
    }
    if (o->w == 2 * k->cls) o->ev |= 1 << EV_CLOS_NON;
}

/* §4a, the dragonfly mode (alg 7), for a destination in the network. */
static void ref_dfly(const fb_terms *k, unsigned x, fb_ans *o)
{
    const fb_in *in = k->in;
    const int V = k->e->V, P = k->e->P;
    const unsigned dfa = (in->head >> NR_HEAD_A_BIT) & 1u ? (in->ctrl >> 18) & 3u : 0u;
    const unsigned glob = (in->ctrl >> 17) & 1u;
    if (!k->diff) {
        o->l = eject(k), o->w = V - 1;
        return;
    }
    const uint8_t ent = (k->term ? in->ulut : in->dlut)[x % (unsigned)P];
    const int lt = ent & 0x40u ? ent & 0x3F : P, lm = dor(k);
    int cmp = 0;
    o->l = lm, o->w = k->v;
    if (k->term) {
        o->w = 0;
        if (dfa == 1) o->draw = 1, o->l = lt, o->w = 1;
        cmp = dfa >= 2;
    } else if (glob) {
        o->w = k->v + 1 < V ? k->v + 1 : V - 1;
        o->ev |= 1 << EV_DF_UP;
    } else if (k->v == 1) {
        o->draw = 1, o->l = lt;
    } else {
        cmp = k->v == 0 && dfa == 3;
    }
    if (cmp) {
        o->draw = 1;
        if (ref_q(k, lm, 0) <= 2 * ref_q(k, lt, 0)) {
            o->l = lm, o->w = 0;
            o->ev |= 1 << EV_DF_CMP;
        } else {
            o->l = lt, o->w = 1;
        }
    }
    if (o->draw && o->l == lt) o->ev |= 1 << EV_DF_TAB;
}

/* The document's answer for one cycle's inputs and the draw value x. */
static fb_ans ref_route(const fb_env *e, const fb_in *in, unsigned x)
{
    fb_ans o = {0, 0, 0, 0, 0, 0};
    const unsigned alg = in->ctrl & 7u;
    o.on = alg != 0;
    if (!o.on) return o;
    fb_terms k = {.e = e, .in = in};
    k.D = (in->ctrl >> 3) & 15u;
    k.kb = (in->ctrl >> 7) & 7u;
    const unsigned cb = (in->ctrl >> 10) & 7u, indim = (in->ctrl >> 13) & 15u;
    k.K = 1u << k.kb;
    k.C = 1u << cb;
    k.R = in->me & 0x7FFFu;
    k.dest = (in->head >> NR_HEAD_DEST_LSB) & 0x7FFFu;
    k.t = k.dest >> cb;
    k.v = (int)((in->head >> NR_HEAD_VC_LSB) & 3u);
    k.cls = k.v >> 1;
    k.term = indim == 15;
    k.phase = k.term ? 0 : k.v & 1;
    k.j0 = k.term ? 0 : (int)indim + 1;
    o.w = k.v;
    if (k.D * k.kb >= 15 ? 0 : (k.t >> (k.D * k.kb)) != 0) {
        o.drop = 1; /* outside the network: no rule, no draw */
        o.ev |= 1 << EV_OUTSIDE;
        return o;
    }
    for (unsigned j = 0; j < k.D; j++)
        if (dig(&k, k.t, j) != dig(&k, k.R, j)) k.diff |= 1u << j;
    unsigned A = ((in->head >> NR_HEAD_A_BIT) & 1u) ? alg : 1u;
    if (alg == 7) {
        ref_dfly(&k, x, &o);
        if (!k.diff) o.ev |= 1 << EV_EJECT;
        return o;
    }
    if (A == 4 && k.D >= 3 && (int)k.D > e->V) {
        A = 1; /* not enough VCs: MIN */
        o.ev |= 1 << EV_MAD_MIN;
    }
    if (A == 1) {
        o.l = k.diff ? dor(&k) : eject(&k); /* the VC kept, also at EJECT */
    } else if (A == 4) {
        ref_minad(&k, &o);
    } else if (A == 6 && k.D == 1 && k.term) {
        ref_closad(&k, &o);
    } else if ((A == 3 || A == 5 || A == 6) && k.term) { /* CLOS AD with D >= 2: UGAL-S */
        ref_ugal(&k, x, A != 3, &o);
    } else {
        ref_val(&k, x, &o);
    }
    if (!k.diff) o.ev |= 1 << EV_EJECT;
    return o;
}

/* ---- random inputs ---- */

/* FB_CTRL: alg 1-4 or 7 (its glob and dfa random; sometimes 0), 1-4 dimensions, a geometry with
 * D * kbits + cbits <= 15 that mostly fits the ports (C + D(K - 1) <= P),
 * a terminal input or one of dimension 0..D-1. */
static unsigned gen_ctrl(nr_rng_t *r, const fb_env *e, int seqmode)
{
    static const unsigned algs[] = {1, 2, 3, 4, 2, 3, 4, 7, 7, 0},
                          salgs[] = {5, 6, 5, 6, 1, 2, 3, 4};
    unsigned alg =
        seqmode ? salgs[nr_rng_below(r, 8)] : algs[nr_rng_below(r, cu_rng_pct(r, 95) ? 9 : 10)];
    unsigned D = seqmode && cu_rng_pct(r, 50) ? 1 : 1 + (unsigned)nr_rng_below(r, 4), kb = 1,
             cb = 0;
    const int fit = cu_rng_pct(r, 85);
    for (int tries = 0; tries < 20; tries++) {
        unsigned k = 1 + (unsigned)nr_rng_below(r, 5), c = (unsigned)nr_rng_below(r, 5);
        if (D * k + c > 15) continue;
        if (fit && (1 << c) + (int)D * ((1 << k) - 1) > e->P) continue;
        kb = k;
        cb = c;
        break;
    }
    unsigned indim = cu_rng_pct(r, 50) ? 15u : (unsigned)nr_rng_below(r, D);
    return nr_fb_ctrl(alg, D, kb, cb, indim) | (alg == 7 ? (unsigned)nr_rng_below(r, 8) << 17 : 0u);
}

static void gen_cycle(nr_rng_t *r, const fb_env *e, fb_in *in, int newctrl)
{
    if (newctrl) in->ctrl = gen_ctrl(r, e, in->useseq);
    const unsigned D = nr_fb_dims(in->ctrl), kb = nr_fb_kbits(in->ctrl), cb = nr_fb_cbits(in->ctrl);
    const unsigned nbits = D * kb, K = 1u << kb;
    if (newctrl) in->me = (unsigned)nr_rng_below(r, 1ull << nbits);
    /* t: each digit R's or another, the terminal any */
    unsigned t = 0;
    for (unsigned j = 0; j < D; j++) {
        unsigned rj = (in->me >> (j * kb)) & (K - 1);
        t |= (cu_rng_pct(r, 50) ? rj : (unsigned)nr_rng_below(r, K)) << (j * kb);
    }
    unsigned dest = (t << cb | (unsigned)nr_rng_below(r, 1ull << cb)) & 0x7FFFu;
    if (cu_rng_pct(r, 10)) dest = (unsigned)nr_rng_below(r, 1u << 15);
    unsigned v = (unsigned)nr_rng_below(r, (uint64_t)e->V);
    in->head = (uint32_t)NR_KIND_HEAD << NR_KIND_LSB | dest << NR_HEAD_DEST_LSB |
               v << NR_HEAD_VC_LSB | (cu_rng_pct(r, 75) ? 1u << NR_HEAD_A_BIT : 0u) |
               (cu_rng_pct(r, 20) ? 1u << NR_HEAD_H_BIT : 0u);
    /* L2P: a rotation of the ports with holes and ports >= NumPorts */
    const unsigned off = (unsigned)nr_rng_below(r, (uint64_t)e->P);
    for (int l = 0; l < e->P; l++) {
        unsigned q = ((unsigned)l + off) % (unsigned)e->P;
        if (cu_rng_pct(r, 3)) q = (unsigned)e->P + (unsigned)nr_rng_below(r, 64u - (unsigned)e->P);
        in->l2p[l] = (uint8_t)((cu_rng_pct(r, 8) ? 0u : 0x40u) | (q & 0x3Fu));
        in->ulut[l] = (uint8_t)((cu_rng_pct(r, 8) ? 0u : 0x40u) | nr_rng_below(r, 64));
        in->dlut[l] = (uint8_t)((cu_rng_pct(r, 8) ? 0u : 0x40u) | nr_rng_below(r, 64));
    }
    /* credits: random, all free (every Q 0), a few levels, or all equal */
    const int mode = (int)nr_rng_below(r, 4), same = (int)nr_rng_below(r, (uint64_t)e->B + 1);
    for (int i = 0; i < e->P * e->V; i++) {
        int c = (int)nr_rng_below(r, (uint64_t)e->B + 1);
        if (mode == 1) c = e->B;
        if (mode == 2) c = (int)nr_rng_below(r, 3) == 0 ? 0 : e->B - (int)nr_rng_below(r, 2);
        if (mode == 3) c = same;
        in->cr[i] = c;
    }
    in->en = cu_rng_pct(r, 85);
    /* the sequential allocator's counts (mostly none) and charge */
    static const int charges[] = {0, 1, 4, 8, 255};
    in->charge = charges[nr_rng_below(r, 5)];
    const int pct = (int)nr_rng_below(r, 3) * 20;
    for (int q = 0; q < e->P; q++)
        for (int v = 0; v < e->V; v++)
            in->seq[q][v] =
                in->useseq && cu_rng_pct(r, (unsigned)pct) ? 1 + (int)nr_rng_below(r, 3) : 0;
}

static void describe(char *buf, size_t n, int p, const fb_in *in, unsigned x)
{
    const unsigned c = in->ctrl, h = in->head;
    snprintf(buf, n,
             "port %d, alg %u, D %u, kbits %u, cbits %u, indim %u, R 0x%x, dest 0x%x, vc %u, a %u, "
             "en %d, draw value 0x%04x",
             p, nr_fb_alg(c), nr_fb_dims(c), nr_fb_kbits(c), nr_fb_cbits(c), nr_fb_indim(c), in->me,
             (h >> NR_HEAD_DEST_LSB) & 0x7FFFu, (h >> NR_HEAD_VC_LSB) & 3u,
             (h >> NR_HEAD_A_BIT) & 1u, in->en, x);
    if (in->useseq) {
        size_t m = strlen(buf);
        snprintf(buf + m, n - m, ", FB_CHARGE %d", in->charge);
    }
}

/* The model's RC function for the same head: drop NO_ROUTE when the document
 * drops or its l has no valid L2P entry (l >= NumPorts, invalid, or a port
 * >= NumPorts), else the L2P port; w and the draw as the document's. */
static void check_model(const cu_args *a, long k, const fb_env *e, int p, const fb_in *in,
                        unsigned x, const fb_ans *o)
{
    static nr_route_tables t;
    static nr_pview pv[NR_MAX_PORTS];
    nr_route_reset(&t, e->P);
    t.fb_ctrl = in->ctrl;
    t.fb_me = (uint16_t)in->me;
    t.fb_charge = (uint8_t)in->charge;
    memcpy(t.l2p, in->l2p, sizeof t.l2p);
    memcpy(t.ulut, in->ulut, sizeof t.ulut);
    memcpy(t.dlut, in->dlut, sizeof t.dlut);
    for (int q = 0; q < e->P; q++)
        for (int v = 0; v < e->V; v++) pv[q].cr[v] = in->cr[q * e->V + v];
    int nbits = 0;
    while ((1 << nbits) < e->P) nbits++;
    nr_route_ctx c = {.nports = e->P,
                      .nbits = nbits,
                      .nvcs = e->V,
                      .cols = 1,
                      .port = p,
                      .inbuf = e->B,
                      .up_pick = 0};
    nr_fb_in fi = {pv, in->useseq ? (const int(*)[NR_SW_MAX_VCS])in->seq : NULL, x, {0, 0}, NULL};
    nr_route_res m = nr_route_fb(&t, &c, in->head, 0, 0, NULL, 0, &fi);
    int drop = o->drop, q = -1;
    if (!drop) {
        unsigned ent = o->l < e->P ? in->l2p[o->l] : 0u;
        q = (int)(ent & 0x3Fu);
        drop = !(ent & 0x40u) || q >= e->P;
    }
    if (m.drop != drop || (drop && m.reason != NR_DROP_NO_ROUTE) || m.draw != o->draw ||
        (!drop && (m.q != q || m.w != o->w))) {
        char d[256];
        describe(d, sizeof d, p, in, x);
        cu_failf(a, k,
                 "%s: the model's route drop %d (reason %d) q %d w %d draw %d, the document's "
                 "drop %d q %d (l %d) w %d draw %d",
                 d, m.drop, m.reason, m.q, m.w, m.draw, drop, q, o->l, o->w, o->draw);
    }
}

static void check_rtl(const cu_args *a, long k, int p, const fb_in *in, unsigned x, uint32_t out,
                      const fb_ans *o)
{
    const int on = out & 1u, drop = (out >> 1) & 1u, w = (out >> 2) & 3u, l = (int)(out >> 4);
    if (on == o->on && (!on || (drop == o->drop && (drop || (l == o->l && w == o->w))))) return;
    char d[256];
    describe(d, sizeof d, p, in, x);
    cu_failf(a, k, "%s: the RTL's on %d drop %d l %d w %d, the document's on %d drop %d l %d w %d",
             d, on, drop, l, w, o->on, o->drop, o->l, o->w);
}

static void check_sequence(const cu_args *a)
{
    unsigned r = ref_reset(0);
    for (int i = 0; i < 8; i++) {
        cu_check(a, i, "port 0's draw (pinned vector)", pinned[i], r);
        cu_check(a, i, "the model's 16-step advance", ref_draw_next(r), nr_fb_lfsr16(r));
        r = ref_draw_next(r);
    }
}

/* The RTL against the document, and the model for the same heads: four
 * input ports, each from reset, --cycles / 4 cycles each. */
static long run_rtl(const cu_args *a, const fb_env *e, long *evn, long *draws)
{
    nr_rng_t rng;
    nr_rng_seed(&rng, a->seed);
    rfb_dut *h = rfb_new(a->seed);
    const int ports[] = {0, 1, e->P / 2 + 1, e->P - 1};
    long k = 0, routed = 0;
    static fb_in in;
    for (unsigned pi = 0; pi < sizeof ports / sizeof ports[0]; pi++) {
        const int p = ports[pi];
        rfb_set(h, (uint32_t)p, 0, 0, 0, NULL, NULL, NULL, NULL, 0);
        rfb_reset(h);
        unsigned x = ref_reset(p); /* the reference's draw generator */
        cu_check(a, k, "the model's reset value of the draw generator", x, nr_fb_lfsr_reset(p));
        for (long c = 0; c < a->cycles / 4; c++, k++) {
            gen_cycle(&rng, e, &in, c == 0 || cu_rng_pct(&rng, 20));
            rfb_set(h, (uint32_t)p, in.ctrl, in.me, in.head, in.l2p, in.ulut, in.dlut, in.cr,
                    in.en);
            const fb_ans o = ref_route(e, &in, x);
            check_rtl(a, k, p, &in, x, rfb_out(h), &o);
            if (o.on) check_model(a, k, e, p, &in, x, &o);
            rfb_tick(h);
            if (in.en && o.on) routed++;
            for (int i = 0; i < EV_NEV; i++) evn[i] += in.en && ((o.ev >> i) & 1);
            if (in.en && o.draw) {
                x = ref_draw_next(x);
                ++*draws;
            }
        }
    }
    rfb_free(h);
    return routed;
}

/* --mode seq: the sequential allocator (FbSeq = 1), which only the C model
 * has. (1) Its decisions: UGAL-S and CLOS AD (and the other algorithms
 * beside them) by the model's nr_route_fb with random counts seq[q][v] and
 * FB_CHARGE, against §4 and §6.4's Qs. (2) Its counts (nr_fb_seq of
 * sw_iu.h) against §6.4: sptr = t mod NumPorts whatever happens, the i-th
 * input to decide is sptr + i, it sees pend + the routes decided before it
 * in the cycle (a route that is not a drop, whatever its algorithm), and
 * pend moves at the edge by the routes and the HEADs the outputs take. */
static long run_seq(const cu_args *a, const fb_env *e, long *evn)
{
    nr_rng_t rng;
    nr_rng_seed(&rng, a->seed);
    static fb_in in;
    in.useseq = 1;
    long routed = 0;
    for (long c = 0; c < a->cycles; c++) {
        const int p = (int)nr_rng_below(&rng, (uint64_t)e->P);
        const unsigned x = (unsigned)nr_rng_below(&rng, 0xFFFFu) + 1u;
        gen_cycle(&rng, e, &in, c == 0 || cu_rng_pct(&rng, 20));
        const fb_ans o = ref_route(e, &in, x);
        if (!o.on) continue;
        check_model(a, c, e, p, &in, x, &o);
        routed++;
        for (int i = 0; i < EV_NEV; i++) evn[i] += (o.ev >> i) & 1;
    }
    static nr_fb_seq s;
    static nr_iu u;
    static int pend[NR_MAX_PORTS][NR_SW_MAX_VCS], n[NR_MAX_PORTS][NR_SW_MAX_VCS];
    nr_fb_seq_init(&s, 1, e->P);
    memset(pend, 0, sizeof pend);
    for (long t = 0; t < a->cycles; t++) {
        if (cu_rng_pct(&rng, 10)) { /* no route and no HEAD: only sptr moves */
            nr_fb_seq_idle(&s);
            continue;
        }
        memset(n, 0, sizeof n);
        nr_fb_seq_begin(&s);
        /* the tops take the inputs in order from sptr (nr_sw_core_eval_ius,
         * through nr_fb_seq_order): the routing inputs of a random mask,
         * in the document's order sptr, sptr + 1, ... wrapping */
        cu_check(a, t, "the sequential allocator's pointer sptr (t mod NumPorts)",
                 (uint64_t)(t % e->P), (uint64_t)s.sptr);
        const uint64_t ie = nr_rng_u64(&rng) & (e->P < 64 ? (1ull << e->P) - 1 : ~0ull);
        uint64_t pass[2];
        nr_fb_seq_order(&s, ie, pass);
        int got[64], want[64], ng = 0, nw = 0;
        for (int b = 0; b < 2; b++)
            for (uint64_t m = pass[b]; m && ng < 64; m &= m - 1) got[ng++] = __builtin_ctzll(m);
        for (int i = 0; i < e->P; i++)
            if (ie >> ((t + i) % e->P) & 1) want[nw++] = (int)((t + i) % e->P);
        for (int i = 0; i < nw || i < ng; i++)
            if (i >= nw || i >= ng || got[i] != want[i]) {
                cu_failf(a, t,
                         "inputs 0x%llx from sptr %d: the %d-th to decide is port %d, "
                         "nr_fb_seq_order gives %d",
                         (unsigned long long)ie, s.sptr, i, i < nw ? want[i] : -1,
                         i < ng ? got[i] : -1);
                break;
            }
        for (int i = 0; i < e->P; i++) {
            const int p = (int)((t + i) % e->P);
            for (int q = 0; q < e->P; q++)
                for (int v = 0; v < e->V; v++)
                    if (s.seq[q][v] != pend[q][v] + n[q][v])
                        cu_failf(a, t,
                                 "input %d (the %d-th to decide): seq(%d, %d) %d, the document's "
                                 "pend %d + n %d",
                                 p, i, q, v, s.seq[q][v], pend[q][v], n[q][v]);
            const int q = (int)nr_rng_below(&rng, (uint64_t)e->P),
                      w = (int)nr_rng_below(&rng, (uint64_t)e->V);
            u.d_rc_vc = cu_rng_pct(&rng, 40) ? (int)nr_rng_below(&rng, (uint64_t)e->V) : -1;
            u.d_rcr.drop = cu_rng_pct(&rng, 10);
            u.d_rcr.q = q;
            u.d_rcr.w = w;
            nr_fb_seq_note(&s, &u);
            if (u.d_rc_vc >= 0 && !u.d_rcr.drop) n[q][w]++;
        }
        /* the outputs take HEADs of routed packets, and some other phits */
        for (int q = 0; q < e->P; q++) {
            const int w = (int)nr_rng_below(&rng, (uint64_t)e->V);
            const int head = pend[q][w] + n[q][w] > 0 && cu_rng_pct(&rng, 50);
            const unsigned kind = head ? NR_KIND_HEAD : NR_KIND_BODY;
            if (!head && !cu_rng_pct(&rng, 30)) continue;
            nr_fb_seq_head(&s, q, (uint32_t)kind << NR_KIND_LSB | (uint32_t)w << NR_HEAD_VC_LSB);
            n[q][w] -= head;
        }
        nr_fb_seq_end(&s);
        for (int q = 0; q < e->P; q++)
            for (int v = 0; v < e->V; v++) pend[q][v] += n[q][v];
    }
    return routed;
}

int main(int argc, char **argv)
{
    cu_args a;
    cu_parse(argc, argv, &a, "test_route_fb", 20000, "rtl seq");
    const fb_env e = {cells_param("NumPorts"), cells_param("NumVcs"), cells_param("InBufPerVc")};
    printf("test_route_fb: seed %llu, cycles %ld, NumPorts=%d NumVcs=%d InBufPerVc=%d\n",
           (unsigned long long)a.seed, a.cycles, e.P, e.V, e.B);
    if (e.P > NR_MAX_PORTS || e.V > 4 || e.V % 2) {
        fprintf(stderr, "test_route_fb: needs NumPorts <= 64 and NumVcs 2 or 4\n");
        return 2;
    }
    const int seq = a.mode && !strcmp(a.mode, "seq");
    long draws = 0, evn[EV_NEV] = {0};
    check_sequence(&a);
    const long routed = seq ? run_seq(&a, &e, evn) : run_rtl(&a, &e, evn, &draws);
    const long k = a.cycles;
    /* every rule the build can take was taken by routed packets */
    printf("test_route_fb: routed packets by rule:");
    for (int i = 0; i < EV_NEV; i++) printf(" %s %ld", ev_name[i], evn[i]);
    printf("\n");
    for (int i = 0; i < EV_NEV; i++)
        if (!evn[i] && !(i == EV_MAD_BIG && e.V < 3) && !(i == EV_MAD_MIN && e.V >= 4) &&
            (seq || (i != EV_CLOS_NON && i != EV_CLOS_TIE)) && !(seq && i >= EV_DF_TAB))
            cu_failf(&a, k, "no routed packet took the rule '%s': the inputs miss a rule",
                     ev_name[i]);
    if (seq)
        printf("PASS test_route_fb: --mode seq: %ld decisions of the model, %ld cycles of the "
               "counts (seed %llu)\n",
               routed, k, (unsigned long long)a.seed);
    else
        printf("PASS test_route_fb: %ld cycles, %ld routed, %ld draws, 4 ports (seed %llu)\n", k,
               routed, draws, (unsigned long long)a.seed);
    return 0;
}
