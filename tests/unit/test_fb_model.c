/* test_fb_model.c - directed tests of the flattened-butterfly mode of the C
 * models (docs/fbfly-routing.md): the RC function of every algorithm on cases
 * worked out by hand from §3, §4 and §6 (the a = 0 gate, the phase at
 * terminal and network inputs, EJECT's VC, the draw digit by digit, ties,
 * invalid L2P entries, destinations outside the network, MIN AD's VC rule,
 * the queue estimate summed over every VC of the candidate's channel, greedy
 * against sequential estimates), the registers and their CFG_BAD rule
 * (§2), the draw LFSR's reset value and its 16 steps (§6.2), the head's VC
 * rewrite with the CRC repair, also on top of a rotated route phit (§5.1),
 * and whole routers (YARC and a folded-Clos switch, bare) moving packets that
 * change VC: they leave on the new VC, spend its credits, keep the input
 * VC's internal buffers, wait for the new VC's credits at the port output
 * (§5), and the sequential allocator's same-cycle charge (§6.4). Also the
 * greedy_r(2) up choice of UpPick = 2 (yarc-arch §5 step 4'), which reads
 * the same LFSR and channel estimate.
 *
 * Geometries (logical ports, identity L2P unless a case says otherwise):
 *   G2: D = 2, K = 4 (kbits 2), C = 4 (cbits 2), R = 9 (R_0 = 1, R_1 = 2):
 *       terminals 0..3; port(0, x) = 4, 5, 6 for x = 0, 2, 3;
 *       port(1, x) = 7, 8, 9 for x = 0, 1, 3.
 *   G1: D = 1, K = 8, C = 8, R = 2: terminals 0..7; port(0, x) = 8 + x for
 *       x < 2, 7 + x for x > 2 (x = 5 -> 12). */
#include "nr_crc.h"
#include "nwn_priv.h"
#include "yarc_priv.h"
#include "renv_test.h"

#define INBUF 128

#define T NR_FB_TERMINAL /* indim of a terminal input */
static unsigned fb_ctrl(unsigned alg, unsigned D, unsigned kb, unsigned cb, unsigned indim)
{
    return alg | D << 3 | kb << 7 | cb << 10 | indim << 13; /* §2 */
}
/* node id of terminal `term` on router (t0, t1) of G2 */
static unsigned g2_dest(unsigned t0, unsigned t1, unsigned term)
{
    return ((t0 | t1 << 2) << 2) | term;
}

/* One RC decision: the tables, the credits pv[q].cr[w], the sequential
 * counts and the LFSR value. */
typedef struct {
    nr_route_tables t;
    nr_route_ctx c;
    nr_pview pv[NR_MAX_PORTS];
    int seq[NR_MAX_PORTS][NR_SW_MAX_VCS];
    int use_seq;
} rc_case;

static void rc_open(rc_case *k, int nports, int nvcs, unsigned ctrl, unsigned me)
{
    memset(k, 0, sizeof *k);
    nr_route_reset(&k->t, nports);
    k->t.fb_ctrl = ctrl;
    k->t.fb_me = (uint16_t)me;
    k->c.nports = nports;
    while ((1 << k->c.nbits) < nports) k->c.nbits++;
    k->c.nvcs = nvcs;
    k->c.cols = 4;
    k->c.port = 0;
    k->c.inbuf = INBUF;
}

static nr_route_res rc(const rc_case *k, unsigned dest, unsigned vc, unsigned a, unsigned fbr)
{
    nr_fb_in fi = {
        k->pv, k->use_seq ? (const int(*)[NR_SW_MAX_VCS])k->seq : NULL, fbr, {0, 0}, NULL};
    return nr_route_fb(&k->t, &k->c, nr_head_make(dest, vc, 0, a, 0), 0, 0, NULL, 0, &fi);
}

/* The route must leave by q on VC w, with (draw) or without a draw. */
#define CHECK_RT(r, q_, w_, draw_)                                                                 \
    do {                                                                                           \
        nr_route_res r_ = (r);                                                                     \
        CHECK_EQ(r_.drop, 0);                                                                      \
        CHECK_EQ(r_.q, (q_));                                                                      \
        CHECK_EQ(r_.w, (w_));                                                                      \
        CHECK_EQ(r_.draw, (draw_));                                                                \
        CHECK_EQ(r_.adapt_l, -1);                                                                  \
    } while (0)
#define CHECK_DROP(r, reason_, draw_)                                                              \
    do {                                                                                           \
        nr_route_res r_ = (r);                                                                     \
        CHECK_EQ(r_.drop, 1);                                                                      \
        CHECK_EQ(r_.reason, (reason_));                                                            \
        CHECK_EQ(r_.draw, (draw_));                                                                \
    } while (0)

/* ---------------------------------------------------------------------- */

/* §2 decode of FB_CTRL; alg 0 is off; MIN (§4) and the a = 0 gate. */
static void test_min_and_gate(void)
{
    rc_case k;
    rc_open(&k, 16, 2, fb_ctrl(NR_FB_MIN, 2, 2, 2, T), 9);
    CHECK_EQ(nr_fb_dims(k.t.fb_ctrl), 2);
    CHECK_EQ(nr_fb_kbits(k.t.fb_ctrl), 2);
    CHECK_EQ(nr_fb_cbits(k.t.fb_ctrl), 2);
    CHECK_EQ(nr_fb_indim(k.t.fb_ctrl), T);
    CHECK_EQ(k.t.fb_ctrl, nr_fb_ctrl(NR_FB_MIN, 2, 2, 2, T));
    /* DOR: lowest differing dimension first, the VC kept */
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 1, 1, 0x3), 6, 1, 0);
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 0, 1, 0x3), 6, 0, 0);
    CHECK_RT(rc(&k, g2_dest(1, 0, 1), 1, 0, 0x3), 7, 1, 0); /* dim 1 only: port(1, 0) */
    CHECK_RT(rc(&k, g2_dest(1, 3, 1), 1, 0, 0x3), 9, 1, 0);
    /* EJECT: the destination's terminal, the VC kept (MIN) */
    CHECK_RT(rc(&k, g2_dest(1, 2, 3), 0, 1, 0x3), 3, 0, 0);
    CHECK_RT(rc(&k, g2_dest(1, 2, 2), 1, 0, 0x3), 2, 1, 0);
    /* outside the network: t >> (D kbits) != 0 */
    CHECK_DROP(rc(&k, 16u << 2, 1, 1, 0x3), NR_DROP_NO_ROUTE, 0);
    CHECK_DROP(rc(&k, 0x7FFF, 1, 0, 0x3), NR_DROP_NO_ROUTE, 0);
    /* step 1 still comes first: a VC >= NumVcs is MALFORMED */
    CHECK_DROP(rc(&k, g2_dest(3, 0, 1), 2, 1, 0x3), NR_DROP_MALFORMED, 0);
    /* step 2 still comes first: a source route (r = 1) keeps its VC */
    {
        uint32_t route = (uint32_t)13u << 16;
        nr_fb_in fi = {k.pv, NULL, 0x3, {0, 0}, NULL};
        nr_route_res r = nr_route_fb(&k.t, &k.c, nr_head_make(g2_dest(3, 0, 1), 1, 1, 1, 0), route,
                                     0, NULL, 0, &fi);
        CHECK_RT(r, 13, 1, 0);
    }
    /* a = 0 takes MIN whatever alg is: no draw, no adaptive choice, VC kept */
    for (unsigned alg = NR_FB_VAL; alg <= NR_FB_CLOSAD; alg++) {
        k.t.fb_ctrl = fb_ctrl(alg, 2, 2, 2, T);
        k.pv[6].cr[0] = 0;     /* MIN AD would leave by port 7: Q 0 + 128 = 128 */
        k.pv[7].cr[0] = INBUF; /* against port 6's 128 + 128 = 256 */
        CHECK_RT(rc(&k, g2_dest(3, 0, 1), 1, 0, 0x3), 6, 1, 0);
        CHECK_RT(rc(&k, g2_dest(1, 2, 2), 1, 0, 0x9), 2, 1, 0);
        CHECK_RT(rc(&k, g2_dest(3, 0, 1), 0, 0, 0x9), 6, 0, 0);
    }
    /* alg 0 is off: the tables (single-router mode) */
    k.t.fb_ctrl = fb_ctrl(0, 2, 2, 2, T);
    CHECK(!nr_fb_on(k.t.fb_ctrl));
    CHECK_RT(rc(&k, 5, 1, 0, 0x3), 5, 1, 0);
    CHECK_DROP(rc(&k, 40, 1, 0, 0x3), NR_DROP_NO_ROUTE, 0);
    CHECK_RT(rc(&k, 5, 0, 1, 0x3), 5, 0, 0);
}

/* §4 VAL: the draw digit by digit from j0, the phase at terminal and network
 * inputs, EJECT on phase 1. */
static void test_val(void)
{
    rc_case k;
    rc_open(&k, 16, 4, fb_ctrl(NR_FB_VAL, 2, 2, 2, T), 9);
    /* terminal input: phase 0 whatever v's low bit; the first x_j != R_j */
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 1, 1, 0x0003), 6, 0, 1); /* x = (3, 0): port(0, 3) */
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 0, 1, 0x0003), 6, 0, 1); /* v even: the same */
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 1, 1, 0xFFF3), 6, 0, 1); /* bits above D kbits: unused */
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 1, 1, 0x000D), 9, 0, 1); /* x = (1, 3): port(1, 3) */
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 3, 1, 0x000D), 9, 2, 1); /* class 1: VC 2 */
    /* x = R: phase 0 ends here, phase 1 DOR on 2 cls + 1 */
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 1, 1, 0x0009), 6, 1, 1);
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 2, 1, 0x0009), 6, 3, 1);
    /* a local destination also draws: a detour, or EJECT on phase 1 */
    CHECK_RT(rc(&k, g2_dest(1, 2, 2), 1, 1, 0x0003), 6, 0, 1);
    CHECK_RT(rc(&k, g2_dest(1, 2, 2), 0, 1, 0x0009), 2, 1, 1);
    CHECK_RT(rc(&k, g2_dest(1, 2, 2), 2, 1, 0x0009), 2, 3, 1);
    /* network input of dimension 0: j0 = 1, x_0 is not looked at */
    k.t.fb_ctrl = fb_ctrl(NR_FB_VAL, 2, 2, 2, 0);
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 0, 1, 0x000D), 9, 0, 1);
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 0, 1, 0x0003), 7, 0, 1); /* x_1 = 0: port(1, 0) */
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 0, 1, 0x000B), 6, 1, 1); /* x_1 = R_1: phase 1 */
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 2, 1, 0x000D), 9, 2, 1);
    /* phase 1 (v odd) at a network input: no draw, DOR or EJECT */
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 1, 1, 0x000D), 6, 1, 0);
    CHECK_RT(rc(&k, g2_dest(1, 2, 0), 3, 1, 0x000D), 0, 3, 0);
    /* network input of dimension 1: j0 = D, no draw, phase 1 at once */
    k.t.fb_ctrl = fb_ctrl(NR_FB_VAL, 2, 2, 2, 1);
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 0, 1, 0x000D), 6, 1, 0);
    CHECK_RT(rc(&k, g2_dest(1, 2, 1), 2, 1, 0x000D), 1, 3, 0);
    /* outside the network: no draw */
    CHECK_DROP(rc(&k, 16u << 2, 0, 1, 0xD), NR_DROP_NO_ROUTE, 0);
    /* a drawn port whose L2P entry is invalid: NO_ROUTE, and the draw was made */
    k.t.fb_ctrl = fb_ctrl(NR_FB_VAL, 2, 2, 2, T);
    k.t.l2p[9] = 0;
    CHECK_DROP(rc(&k, g2_dest(3, 0, 1), 1, 1, 0x000D), NR_DROP_NO_ROUTE, 1);
    /* L2P remaps the drawn logical port */
    k.t.l2p[9] = NR_ROUTE_ENT_VALID | 14;
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 1, 1, 0x000D), 14, 0, 1);
    /* a logical port >= NumPorts drops NO_ROUTE (G2 on 8 ports: port(1, 3) = 9) */
    rc_open(&k, 8, 2, fb_ctrl(NR_FB_VAL, 2, 2, 2, T), 9);
    CHECK_DROP(rc(&k, g2_dest(3, 0, 1), 1, 1, 0x000D), NR_DROP_NO_ROUTE, 1);
    CHECK_RT(rc(&k, g2_dest(3, 0, 1), 1, 1, 0x0003), 6, 0, 1);
}

/* §4 UGAL and UGAL-S at the first router; §6.1 and §6.4 estimates, the
 * channel's (both VCs of the port: 2 * 128 = 256 with every credit out);
 * ties. */
static void test_ugal(void)
{
    rc_case k;
    /* dest (3, 2): diff {0}, H_min 1, MIN = port(0, 3) = 6 on VC 1.
     * Draw x = (0, 3) (0xC): jn = 0, non-minimal port(0, 0) = 4 on VC 0,
     * H_non = h(R, x) + h(x, t) = 2 + 2 = 4. */
    const unsigned d = g2_dest(3, 2, 1);
    rc_open(&k, 16, 2, fb_ctrl(NR_FB_UGAL, 2, 2, 2, T), 9);
    k.pv[6].cr[0] = INBUF; /* Q_m = 0 + 128 = 128 */
    k.pv[4].cr[0] = INBUF;
    k.pv[4].cr[1] = INBUF; /* Q_n = 0 + 0 = 0: 128 * 1 > 0 * 4 */
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 4, 0, 1);
    k.pv[4].cr[0] = 96; /* Q_n = 32 + 0 = 32: 128 <= 128, a tie goes minimal */
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 6, 1, 1);
    k.pv[4].cr[0] = 97; /* Q_n = 31 + 0 = 31: 128 > 124 */
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 4, 0, 1);
    /* the channel's estimate: VC 1 of port 4, not the detour's VC 0, counts */
    k.pv[4].cr[1] = 127; /* Q_n = 31 + 1 = 32: 128 <= 128, it stays minimal */
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 6, 1, 1);
    k.pv[4].cr[0] = 98; /* Q_n = 30 + 1 = 31: 128 > 124 */
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 4, 0, 1);
    /* and VC 0 of port 6, not the minimal route's VC 1 */
    k.pv[4].cr[0] = 96;
    k.pv[4].cr[1] = INBUF; /* Q_n = 32 + 0 = 32: the tie again */
    k.pv[6].cr[0] = 127;   /* Q_m = 1 + 128 = 129 > 128 */
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 4, 0, 1);
    /* credits above InBufPerVc are clamped: VC 1's share is 0, not a negative
     * one that would hide VC 0's queue */
    k.pv[6].cr[0] = 0;
    k.pv[6].cr[1] = 5000; /* Q_m = 128 + 0 = 128 (unclamped 128 - 4872) */
    k.pv[4].cr[0] = 97;   /* Q_n = 31 + 0 = 31: 128 > 124 */
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 4, 0, 1);
    k.pv[6].cr[0] = INBUF; /* Q_m = 0 + 0 = 0 */
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 6, 1, 1);
    k.pv[6].cr[1] = 0; /* Q_m = 0 + 128 = 128 */
    /* x = R: no non-minimal candidate; x = t: none either */
    k.pv[4].cr[0] = INBUF; /* port 4's Q 0 */
    CHECK_RT(rc(&k, d, 1, 1, 0x9), 6, 1, 1);
    CHECK_RT(rc(&k, d, 1, 1, 0xB), 6, 1, 1);
    /* x = (2, 2): port(0, 2) = 5, H_non = 1 + 1 = 2: 128 > Q_n * 2 iff Q_n < 64 */
    k.pv[5].cr[0] = 96;
    k.pv[5].cr[1] = 96; /* Q_n = 32 + 32 = 64: 128 <= 128 */
    CHECK_RT(rc(&k, d, 1, 1, 0xA), 6, 1, 1);
    k.pv[5].cr[1] = 97; /* Q_n = 32 + 31 = 63: 128 > 126 */
    CHECK_RT(rc(&k, d, 1, 1, 0xA), 5, 0, 1);
    /* source and destination on this router: EJECT on phase 1, no draw */
    CHECK_RT(rc(&k, g2_dest(1, 2, 0), 0, 1, 0xC), 0, 1, 0);
    /* not the first router: VAL (phase 0 continues the draw, phase 1 DOR) */
    k.t.fb_ctrl = fb_ctrl(NR_FB_UGAL, 2, 2, 2, 0);
    CHECK_RT(rc(&k, d, 0, 1, 0xD), 9, 0, 1);
    CHECK_RT(rc(&k, d, 1, 1, 0xD), 6, 1, 0);

    /* greedy against sequential: Qs adds FB_CHARGE * (pend + n), summed over
     * the channel's VCs like Q */
    rc_open(&k, 16, 2, fb_ctrl(NR_FB_UGAL, 2, 2, 2, T), 9);
    k.t.fb_charge = 40;
    k.use_seq = 1;
    k.pv[6].cr[0] = INBUF; /* Q_m = 0 + 128 = 128 */
    k.pv[4].cr[0] = INBUF;
    k.pv[4].cr[1] = INBUF;                   /* Q_n = 0 */
    k.seq[4][0] = 2;                         /* Qs_n = 0 + 40 * 2 = 80: 128 <= 320 */
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 4, 0, 1); /* UGAL: greedy, seq unused */
    k.t.fb_ctrl = fb_ctrl(NR_FB_UGALS, 2, 2, 2, T);
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 6, 1, 1); /* UGAL-S: minimal */
    k.seq[4][0] = 0;
    k.seq[6][0] = 1;                         /* VC 0's count on port 6: Qs_m = 128 + 40 * 1 = 168 */
    k.pv[4].cr[0] = 96;                      /* Qs_n = 32 + 0 = 32: 168 > 128 */
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 4, 0, 1); /* UGAL-S: non-minimal */
    k.t.fb_ctrl = fb_ctrl(NR_FB_UGAL, 2, 2, 2, T);
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 6, 1, 1); /* UGAL: the tie, minimal */
    /* CLOS AD with D = 2 routes as UGAL-S (§8) */
    k.t.fb_ctrl = fb_ctrl(NR_FB_CLOSAD, 2, 2, 2, T);
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 4, 0, 1);
    /* the sequential estimate of a port without a valid L2P entry is the
     * fullest channel, 2 * 128 = 256: Q_n * H_non = 1024 */
    k.t.fb_ctrl = fb_ctrl(NR_FB_UGALS, 2, 2, 2, T);
    k.t.l2p[4] = 0; /* Qs_m = 168 <= 1024 */
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 6, 1, 1);
    k.t.fb_charge = 32;
    k.pv[6].cr[0] = 0;
    k.seq[6][0] = 12;
    k.seq[6][1] = 12; /* Qs_m = 256 + 32 * 24 = 1024 <= 1024 */
    CHECK_RT(rc(&k, d, 1, 1, 0xC), 6, 1, 1);
    k.seq[6][1] = 13; /* Qs_m = 256 + 32 * 25 = 1056 > 1024: chosen, it drops */
    CHECK_DROP(rc(&k, d, 1, 1, 0xC), NR_DROP_NO_ROUTE, 1);
    /* a candidate >= NumPorts (G2 on 8 ports; x = (1, 3), 0xD: jn = 1,
     * port(1, 3) = 9) is the fullest channel too, 256, with no charge added:
     * H_non = 1 + 2 = 3, Q_n * H_non = 768 */
    rc_open(&k, 8, 2, fb_ctrl(NR_FB_UGALS, 2, 2, 2, T), 9);
    k.t.fb_charge = 255;
    k.use_seq = 1;
    k.seq[9][0] = 100; /* no port 9: never read */
    k.seq[6][0] = 2;   /* Qs_m = 256 + 255 * 2 = 766 <= 768 */
    CHECK_RT(rc(&k, d, 1, 1, 0xD), 6, 1, 1);
    k.seq[6][1] = 1; /* Qs_m = 256 + 255 * 3 = 1021 > 768: chosen, it drops */
    CHECK_DROP(rc(&k, d, 1, 1, 0xD), NR_DROP_NO_ROUTE, 1);
}

/* §4 MIN AD: the shortest productive channel (its 4 VCs: 4 * 128 = 512 with
 * every credit out), ties to the lowest dimension; the VC by the hops
 * remaining; D = 1 and D = 3. */
static void test_minad(void)
{
    rc_case k;
    const unsigned d = g2_dest(3, 0, 1); /* diff {0, 1}: port(0, 3) = 6, port(1, 0) = 7 */
    rc_open(&k, 16, 4, fb_ctrl(NR_FB_MINAD, 2, 2, 2, T), 9);
    k.pv[6].cr[0] = 10;                      /* Q 118 + 3 * 128 = 502 */
    k.pv[7].cr[0] = 20;                      /* Q 108 + 3 * 128 = 492 */
    CHECK_RT(rc(&k, d, 1, 1, 0x3), 7, 0, 0); /* two hops left: phase 0 */
    CHECK_RT(rc(&k, d, 3, 1, 0x3), 7, 2, 0); /* class 1: the same channels, VC 2 */
    k.pv[7].cr[0] = 10;                      /* 502 both */
    CHECK_RT(rc(&k, d, 1, 1, 0x3), 6, 0, 0); /* tie: the lowest dimension */
    k.pv[7].cr[1] = 5;                       /* port 7: 118 + 123 + 2 * 128 = 497 */
    CHECK_RT(rc(&k, d, 1, 1, 0x3), 7, 0, 0); /* VC 1's credits count for VC 0 */
    /* the sequential counts do not count: MIN AD is greedy */
    k.use_seq = 1;
    k.t.fb_charge = 255;
    k.seq[7][0] = 100; /* Qs would be 497 + 25500 */
    CHECK_RT(rc(&k, d, 1, 1, 0x3), 7, 0, 0);
    k.use_seq = 0;
    /* one hop left: phase 1 */
    CHECK_RT(rc(&k, g2_dest(3, 2, 1), 1, 1, 0x3), 6, 1, 0);
    CHECK_RT(rc(&k, g2_dest(3, 2, 1), 2, 1, 0x3), 6, 3, 0);
    /* EJECT on phase 1 */
    CHECK_RT(rc(&k, g2_dest(1, 2, 2), 0, 1, 0x3), 2, 1, 0);
    /* network input: phase 1 (v odd) is never lowered; phase 0 with two hops
     * left keeps VC 0; either way port 7 (497 < 502) */
    k.t.fb_ctrl = fb_ctrl(NR_FB_MINAD, 2, 2, 2, 0);
    CHECK_RT(rc(&k, d, 1, 1, 0x3), 7, 1, 0);
    CHECK_RT(rc(&k, d, 0, 1, 0x3), 7, 0, 0);
    /* invalid L2P: the fullest channel, 4 * 128 = 512; chosen on a tie (port 7
     * at 4 * 128 = 512 too), it drops */
    k.t.fb_ctrl = fb_ctrl(NR_FB_MINAD, 2, 2, 2, T);
    memset(k.pv, 0, sizeof k.pv);
    k.t.l2p[6] = 0;
    CHECK_DROP(rc(&k, d, 1, 1, 0x3), NR_DROP_NO_ROUTE, 0);
    k.pv[7].cr[3] = 1; /* port 7: 3 * 128 + 127 = 511 < 512 */
    CHECK_RT(rc(&k, d, 1, 1, 0x3), 7, 0, 0);
    /* the estimate reads the physical port's credits */
    k.t.l2p[6] = NR_ROUTE_ENT_VALID | 6;
    k.t.l2p[7] = NR_ROUTE_ENT_VALID | 12;
    memset(k.pv, 0, sizeof k.pv);
    k.pv[6].cr[0] = 10;                                /* 118 + 3 * 128 = 502 */
    for (int v = 0; v < 4; v++) k.pv[7].cr[v] = INBUF; /* 0, but not logical port 7's */
    CHECK_RT(rc(&k, d, 1, 1, 0x3), 6, 0, 0);           /* port 12: 4 * 128 = 512 > 502 */
    k.pv[12].cr[2] = 50;                               /* port 12: 78 + 3 * 128 = 462 < 502 */
    CHECK_RT(rc(&k, d, 1, 1, 0x3), 12, 0, 0);
    /* D = 1 (G1): one productive channel, always the last hop */
    rc_open(&k, 16, 2, fb_ctrl(NR_FB_MINAD, 1, 3, 3, T), 2);
    CHECK_RT(rc(&k, 5u << 3 | 4, 0, 1, 0), 12, 1, 0);
    /* D = 3 (K = 2, C = 4, R = 5 = (1, 0, 1)) with 2 VCs, fewer than D: MIN AD is
     * MIN, the VC kept */
    rc_open(&k, 16, 2, fb_ctrl(NR_FB_MINAD, 3, 1, 2, T), 5);
    k.pv[5].cr[0] = k.pv[5].cr[1] = INBUF;           /* port(1, 1) = 5: Q 0 against port 4's 256 */
    CHECK_RT(rc(&k, 6u << 2 | 1, 1, 1, 0), 4, 1, 0); /* t = (0, 1, 1): DOR dim 0, port 4 */
    CHECK_RT(rc(&k, 6u << 2 | 1, 0, 1, 0), 4, 0, 0);
    CHECK_RT(rc(&k, 5u << 2 | 3, 0, 1, 0), 3, 0, 0); /* EJECT keeps VC 0 */
    /* D = 3 with 4 VCs: one class, the hop on VC 4 - h (h hops left), never
     * below the VC it arrived on; EJECT on VC 3. Ports: 4 + j (K = 2). */
    rc_open(&k, 16, 4, fb_ctrl(NR_FB_MINAD, 3, 1, 2, T), 5); /* R = (1, 0, 1) */
    k.pv[4].cr[0] = 10;                                      /* port(0, 0) = 4: Q 502 */
    k.pv[5].cr[0] = 20;                                      /* port(1, 1) = 5: Q 492 */
    k.pv[6].cr[0] = 30;                                      /* port(2, 0) = 6: Q 482 */
    CHECK_RT(rc(&k, 2u << 2 | 1, 1, 1, 0), 6, 1, 0);         /* t = (0, 1, 0): h 3, dim 2 */
    CHECK_RT(rc(&k, 2u << 2 | 1, 3, 1, 0), 6, 1, 0);         /* terminal input: its VC ignored */
    CHECK_RT(rc(&k, 6u << 2 | 1, 1, 1, 0), 5, 2, 0);         /* t = (0, 1, 1): h 2, dim 1 */
    CHECK_RT(rc(&k, 4u << 2 | 1, 1, 1, 0), 4, 3, 0);         /* t = (0, 0, 1): h 1 */
    CHECK_RT(rc(&k, 5u << 2 | 2, 0, 1, 0), 2, 3, 0);         /* EJECT on VC 3 */
    k.t.fb_ctrl = fb_ctrl(NR_FB_MINAD, 3, 1, 2, 0);          /* a network input */
    CHECK_RT(rc(&k, 6u << 2 | 1, 3, 1, 0), 5, 3, 0);         /* VC 3 is never lowered */
    CHECK_RT(rc(&k, 6u << 2 | 1, 1, 1, 0), 5, 2, 0);
    /* D = 4 (R = 5 = (1, 0, 1, 0)): four hops left go on VC 0 */
    rc_open(&k, 16, 4, fb_ctrl(NR_FB_MINAD, 4, 1, 2, T), 5);
    k.pv[7].cr[0] = 40;                               /* port(3, 1) = 7: Q 472, the least */
    CHECK_RT(rc(&k, 10u << 2 | 1, 1, 1, 0), 7, 0, 0); /* t = (0, 1, 0, 1) */
}

/* §4 CLOS AD (D = 1, G1, sequential estimate of the channel, both VCs): MIN
 * against every other coordinate, Q * H, ties to MIN and then to the lowest
 * x. */
static void test_closad(void)
{
    rc_case k;
    const unsigned d =
        5u << 3 | 3; /* router 5: MIN = port 12; x = 0 1 3 4 6 7 -> 8 9 10 11 13 14 */
    rc_open(&k, 16, 2, fb_ctrl(NR_FB_CLOSAD, 1, 3, 3, T), 2);
    k.use_seq = 1;
    for (int q = 0; q < 16; q++) k.pv[q].cr[0] = k.pv[q].cr[1] = INBUF;
    CHECK_RT(rc(&k, d, 1, 1, 0x7), 12, 1, 0); /* every Q 0: MIN */
    k.pv[12].cr[1] = 127;                     /* Q_m 0 + 1 = 1 against 0: the lowest x */
    CHECK_RT(rc(&k, d, 1, 1, 0x7), 8, 0, 0);
    k.pv[12].cr[1] = INBUF;
    k.pv[12].cr[0] = 127; /* VC 0 of MIN's port: Q_m 1 + 0 = 1 too */
    CHECK_RT(rc(&k, d, 1, 1, 0x7), 8, 0, 0);
    k.pv[12].cr[0] = INBUF;
    k.pv[12].cr[1] = 28;                     /* Q_m 0 + 100 = 100 */
    for (int q = 8; q < 15; q++)             /* every detour (128 + 0) * 2 = 256; */
        k.pv[q].cr[0] = q == 12 ? INBUF : 0; /* MIN's channel (12) keeps 0 + 100 */
    k.pv[9].cr[0] = 90;                      /* x = 1: (38 + 0) * 2 = 76 */
    k.pv[11].cr[0] = 90;                     /* x = 4: 76 */
    CHECK_RT(rc(&k, d, 1, 1, 0x7), 9, 0, 0); /* the tie: the lower x */
    k.t.fb_charge = 10;
    k.seq[9][1] = 1; /* VC 1's count: x = 1: (38 + 10) * 2 = 96 */
    CHECK_RT(rc(&k, d, 1, 1, 0x7), 11, 0, 0);
    k.seq[11][0] = 3; /* x = 4: (38 + 30) * 2 = 136; x = 1 96 < 100 */
    CHECK_RT(rc(&k, d, 1, 1, 0x7), 9, 0, 0);
    k.seq[9][0] = 1; /* x = 1: (38 + 10 * (1 + 1)) * 2 = 116: MIN 100 */
    CHECK_RT(rc(&k, d, 1, 1, 0x7), 12, 1, 0);
    k.seq[12][0] = 2; /* VC 0's count: MIN 100 + 20 = 120 > 116 */
    CHECK_RT(rc(&k, d, 1, 1, 0x7), 9, 0, 0);
    /* the credits of VC 1 of the detour's port count too: it stays minimal */
    k.pv[9].cr[1] = 100; /* x = 1: (38 + 28 + 20) * 2 = 172; x = 4 136 > 120 */
    CHECK_RT(rc(&k, d, 1, 1, 0x7), 12, 1, 0);
    k.pv[9].cr[1] = 126; /* x = 1: (38 + 2 + 20) * 2 = 120: the tie, MIN */
    CHECK_RT(rc(&k, d, 1, 1, 0x7), 12, 1, 0);
    k.pv[9].cr[1] = 127; /* x = 1: (38 + 1 + 20) * 2 = 118 < 120 */
    CHECK_RT(rc(&k, d, 1, 1, 0x7), 9, 0, 0);
    /* the destination's router (x = 5) is no detour: as one it would read
     * MIN's own channel, port 12, at Q_m * 2 >= Q_m and always lose to MIN,
     * so under the channel's estimate no route shows that rule (the per-VC
     * estimate did) and no case here checks it */
    /* EJECT; the intermediate router (indim 0, phase 0): phase 1 DOR, no draw */
    CHECK_RT(rc(&k, 2u << 3 | 6, 1, 1, 0x7), 6, 1, 0);
    k.t.fb_ctrl = fb_ctrl(NR_FB_CLOSAD, 1, 3, 3, 0);
    CHECK_RT(rc(&k, d, 0, 1, 0x7), 12, 1, 0);
    CHECK_RT(rc(&k, 2u << 3 | 6, 0, 1, 0x7), 6, 1, 0);
}

/* ---------------------------------------------------------------------- */
/* Whole routers. G1 on 16 ports: terminals 0..7 (indim 3), ports 8..14 the
 * network links of dimension 0 (port 15 unused, programmed as dimension 0). */

static void fb_program(renv *e, unsigned alg, unsigned charge)
{
    cfg(e, 1, 0, 0x06, 2);      /* FB_ME: router 2 */
    cfg(e, 1, 0, 0x07, charge); /* FB_CHARGE */
    for (int p = 0; p < 16; p++) cfg(e, 0, p, 0x05, fb_ctrl(alg, 1, 3, 3, p < 8 ? T : 0));
}

/* The packet as it must leave: ph with its head's VC w and the PCRC of the
 * result (a recomputation, not the router's repair). */
static int expect_vc(uint32_t *ex, const uint32_t *ph, int len, unsigned w)
{
    memcpy(ex, ph, sizeof(uint32_t) * (size_t)len);
    ex[0] = (ex[0] & ~(3u << NR_HEAD_VC_LSB)) | w << NR_HEAD_VC_LSB;
    nr_pkt_fix_crc(ex, len);
    return len;
}

/* §2: the registers through the configuration port; CFG_BAD for alg 5 and 6
 * without FbSeq (FB_CTRL kept), accepted with it; unlisted bits read 0. */
static void test_registers(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    cap_t c;
    renv_init(&e, &p, NULL, 1, nr_test_seed);
    cap_attach(&e, &c);
    cfg(&e, 0, 3, 0x05, 0xFFFFFFFFu);
    CHECK_EQ(e.cfg_bad, 0);
    CHECK_EQ(renv_yarc(&e)->c.rt.tp[3]->fb_ctrl, 0x1FFFFF); /* bit 20, ddim: C model only */
    cfg(&e, 0, 3, 0x06, 0xFFFFFFFFu);
    CHECK_EQ(renv_yarc(&e)->c.rt.tp[3]->fb_me, 0x7FFF);
    cfg(&e, 0, 3, 0x07, 0x1234);
    CHECK_EQ(renv_yarc(&e)->c.rt.tp[3]->fb_charge, 0x34);
    cfg(&e, 0, 3, 0x05, fb_ctrl(NR_FB_MINAD, 1, 3, 3, T));
    CHECK_EQ(renv_yarc(&e)->c.rt.tp[3]->fb_ctrl, fb_ctrl(NR_FB_MINAD, 1, 3, 3, T));
    cfg(&e, 0, 3, 0x05, fb_ctrl(NR_FB_UGALS, 1, 3, 3, T));
    CHECK_EQ(e.cfg_bad, 1);
    CHECK_EQ(e.out.tev[3], 1u << NR_TEV_CFG_BAD);
    CHECK_EQ(renv_yarc(&e)->c.rt.tp[3]->fb_ctrl, fb_ctrl(NR_FB_MINAD, 1, 3, 3, T)); /* kept */
    cfg(&e, 1, 0, 0x05, fb_ctrl(NR_FB_CLOSAD, 1, 3, 3, T));
    CHECK_EQ(e.cfg_bad, 17); /* a broadcast: every tile */
    CHECK_EQ(renv_yarc(&e)->c.rt.tp[0]->fb_ctrl, 0);
    cfg(&e, 0, 3, 0x05, 0xE); /* alg 6 in bits 2:0 = 6: refused */
    CHECK_EQ(e.cfg_bad, 18);
    cfg(&e, 0, 3, 0x05, 0x8 | NR_FB_UGAL); /* alg 3: stored */
    CHECK_EQ(e.cfg_bad, 18);
    CHECK_EQ(renv_yarc(&e)->c.rt.tp[3]->fb_ctrl, 0x8 | NR_FB_UGAL);
    YT_DONE(&e);
    /* with FbSeq = 1 (a network switch this time) they are stored */
    nr_nwn_params np = renv_nwn_params('c', 16, 0);
    np.fb_seq = 1;
    renv_init_nwn(&e, &np, NULL, 1, nr_test_seed);
    cap_attach(&e, &c);
    cfg(&e, 0, 5, 0x05, fb_ctrl(NR_FB_UGALS, 1, 3, 3, T));
    cfg(&e, 1, 0, 0x05, fb_ctrl(NR_FB_CLOSAD, 1, 3, 3, 0));
    CHECK_EQ(e.cfg_bad, 0);
    CHECK_EQ(renv_nwn(&e)->c.rt.tp[5]->fb_ctrl, fb_ctrl(NR_FB_CLOSAD, 1, 3, 3, 0));
    renv_free(&e);
    /* FbSeq is 0 or 1 */
    char err[200];
    p.fb_seq = 2;
    CHECK_EQ(nr_yarc_check(&p, err, sizeof err), -1);
    CHECK_STR(err, "FbSeq");
    np.fb_seq = -1;
    CHECK_EQ(nr_nwn_check(&np, err, sizeof err), -1);
    CHECK_STR(err, "FbSeq");
}

/* §6.2: the reset value per port and 16 steps per draw, written here from the
 * document's step. */
static unsigned lfsr_step16(unsigned r)
{
    for (int i = 0; i < 16; i++) r = (r >> 1) ^ ((r & 1u) ? 0xB400u : 0u);
    return r;
}

/* §5.1 at the input unit: the head's VC replaced and the CRC repaired, also
 * on top of a rotated route phit (white box: the route registers are set as
 * the RC unit would set them). The packet that leaves must carry the PCRC of
 * its own contents. */
static void iu_emit(int r, unsigned v, unsigned w, int len)
{
    uint32_t ph[RENV_MAXLEN], out[RENV_MAXLEN], ex[RENV_MAXLEN];
    unsigned route[3] = {7, 33, 2};
    int n = mk(ph, 3, 100, v, len, (unsigned)r, 1, 0, r ? route : NULL, 0);
    nr_iu u;
    nr_iu_reset(&u, 3, 16, 4, 1, 4, INBUF);
    nr_route_tables tab;
    nr_route_reset(&tab, 16);
    nr_pview pv;
    memset(&pv, 0, sizeof pv);
    u.route_v[v] = 1;
    u.route_q[v] = 7;
    u.route_w[v] = (uint8_t)w;
    u.rbit[v] = (uint8_t)r;
    u.live = (uint8_t)(1u << v);
    int in = 0, got = 0;
    for (int cyc = 0; got < n && cyc < 4 * n; cyc++) {
        while (u.stg_cnt[v] < NR_IU_STG && in < n) /* keep staging full */
            u.stg[v][(u.stg_head[v] + u.stg_cnt[v]++) & (NR_IU_STG - 1)] = ph[in++];
        nr_iu_eval(&u, &pv, &tab, NULL, NULL, NULL, NULL);
        CHECK_EQ(u.f_valid, 1u << v);
        out[got++] = u.f_phit[v];
        u.d_pop = (uint8_t)(1u << v);
        char err[100];
        CHECK_EQ(nr_iu_commit(&u, &pv, err, sizeof err), 0);
    }
    CHECK_EQ(got, n);
    CHECK_EQ(u.route_v[v], 0); /* the EOP cleared the route */
    nr_pkt_info_t info;
    CHECK_EQ(nr_pkt_parse(out, n, 4, 0, &info), NR_PKT_GOOD); /* PCRC matches its contents */
    CHECK_EQ(info.vc, w);
    memcpy(ex, ph, sizeof(uint32_t) * (size_t)n);
    if (r) nr_pkt_route_hop(ex, n); /* the rotation and its own repair */
    expect_vc(ex, ex, n, w);
    for (int i = 0; i < n; i++) CHECK_U64(out[i], ex[i]);
}

static void test_head_rewrite(void)
{
    for (int r = 0; r < 2; r++)
        for (unsigned v = 0; v < 4; v++)
            for (unsigned w = 0; w < 4; w++) {
                iu_emit(r, v, w, 4 + r); /* head, (route,) tag, EOP */
                iu_emit(r, v, w, 6);
                iu_emit(r, v, w, 23);
            }
}

/* A YARC (bare, 4 x 4) in FB mode G1: a packet that changes VC leaves on the
 * new VC with its PCRC repaired, spends the new VC's output credits, and
 * crosses the router in the input VC's row and column buffers; a VAL packet
 * from a terminal draws (the LFSR advances 16 steps), a MIN one does not. */
static void test_yarc_vc_change(void)
{
    nr_yarc_params p = renv_params(4, 4, 0);
    renv e;
    cap_t c;
    renv_init(&e, &p, NULL, 1, nr_test_seed);
    cap_attach(&e, &c);
    fb_program(&e, NR_FB_VAL, 0);
    CHECK_EQ(e.cfg_bad, 0);
    /* from network port 9 (dimension 0, j0 = D) on VC 0: phase 1 here, DOR to
     * router 5 on VC 1: port 12 */
    uint32_t ph[RENV_MAXLEN], ex[RENV_MAXLEN];
    int n = mk(ph, 9, 5u << 3 | 3, 0, 20, 0, 1, 0, NULL, 0);
    expect_vc(ex, ph, n, 1);
    e.snk[12].hold_mask = 2; /* VC 1's credits stay out */
    const int in_t = 9, in_c = 9 & 3, out_c = 12 & 3, out_r = 12 >> 2;
    int min_row[2] = {8, 8}, min_col[2] = {8, 8};
    renv_send(&e, 9, ph, n);
    for (int i = 0; i < 200 && c.npkt == 0; i++) {
        renv_step(&e);
        for (int v = 0; v < 2; v++) {
            int rc = renv_yarc(&e)->t[in_t].cred[out_c][v];
            int cc = renv_yarc(&e)->t[(in_t & ~3) | out_c].ssw.cc[out_r * 2 + v];
            min_row[v] = rc < min_row[v] ? rc : min_row[v];
            min_col[v] = cc < min_col[v] ? cc : min_col[v];
        }
    }
    (void)in_c;
    CHECK_EQ(c.npkt, 1);
    CHECK_EQ(c.port, 12);
    CHECK_EQ(c.len, n);
    for (int i = 0; i < n; i++) CHECK_U64(c.ph[i], ex[i]);
    CHECK(min_row[0] < 8 && min_col[0] < 8); /* the input VC's buffers carried it */
    CHECK_EQ(min_row[1], 8);
    CHECK_EQ(min_col[1], 8);
    CHECK_EQ(renv_yarc(&e)->c.fr.bp[12].cnt[1], INBUF - n); /* VC 1's credits spent */
    CHECK_EQ(renv_yarc(&e)->c.fr.bp[12].cnt[0], INBUF);
    /* the draw: a VAL packet from terminal 4 (VC 1) with x_0 != 2 leaves by
     * port(0, x_0) on VC 0; the LFSR advanced 16 steps; a = 0 does not draw */
    unsigned f0 = nr_fb_lfsr_reset(4);
    CHECK_EQ(f0, 0xACE1u ^ 0x400u);
    CHECK_EQ(renv_yarc(&e)->t[4].iu.fbr, f0);
    n = mk(ph, 4, 5u << 3 | 1, 1, 6, 0, 0, 0, NULL, 0); /* a = 0: MIN, VC 1 */
    CHECK_EQ(route_one(&e, 4, ph, n), 12);
    CHECK_EQ(nr_head_vc(c.ph[0]), 1);
    CHECK_EQ(renv_yarc(&e)->t[4].iu.fbr, f0);
    int x0 = (int)(f0 & 7u), q = x0 < 2 ? 8 + x0 : 7 + x0;
    CHECK(x0 != 2);
    n = mk(ph, 4, 5u << 3 | 1, 1, 6, 0, 1, 0, NULL, 0);
    CHECK_EQ(route_one(&e, 4, ph, n), q);
    CHECK_EQ(nr_head_vc(c.ph[0]), 0);
    CHECK_EQ(renv_yarc(&e)->t[4].iu.fbr, lfsr_step16(f0));
    expect_vc(ex, ph, n, 0);
    for (int i = 0; i < n; i++) CHECK_U64(c.ph[i], ex[i]);
    e.snk[12].hold_mask = 0;
    CHECK(renv_drain(&e, 20, 2000));
    CHECK(renv_all_home(&e));
    YT_DONE(&e);
}

/* A folded-Clos switch (fc, bare, 16 ports, 8 bottoms of 2, 2 tops): the
 * packet that changes VC crosses a top on its input VC; the port output
 * starts a packet only with its head's VC's credits (the sink holds VC 1's:
 * after two 40-phit packets VC 1 has 48 < MaxPktLen left, VC 0 all 128), and
 * every one leaves on VC 1 with its PCRC right. */
static void test_fc_vc_change(void)
{
    nr_nwn_params np = renv_nwn_params('f', 16, 0);
    renv e;
    cap_t c;
    renv_init_nwn(&e, &np, NULL, 1, nr_test_seed);
    cap_attach(&e, &c);
    fb_program(&e, NR_FB_MINAD, 0);
    CHECK_EQ(e.cfg_bad, 0);
    uint32_t ph[RENV_MAXLEN], ex[RENV_MAXLEN];
    e.snk[12].hold_mask = 2;
    const nwn_end in = renv_nwn(&e)->pin[9];
    int min_up[2] = {99, 99};
    /* MIN AD from port 9, VC 0 (phase 0), D = 1: one hop left, VC 1 */
    for (int k = 0; k < 3; k++) {
        int n = mk(ph, 9, 5u << 3 | (unsigned)k, 0, 40, 0, 1, 0, NULL, 0);
        renv_send(&e, 9, ph, n);
    }
    for (int i = 0; i < 400; i++) {
        renv_step(&e);
        for (int v = 0; v < 2; v++)
            for (int t = 0; t < np.m; t++) {
                int cc = renv_nwn(&e)->sw[in.sw].cc[(2 + t) * 2 + v];
                min_up[v] = cc < min_up[v] ? cc : min_up[v];
            }
    }
    CHECK_EQ(c.npkt, 2); /* the third waits for VC 1's credits */
    CHECK_EQ(renv_nwn(&e)->c.fr.bp[12].cnt[1], INBUF - 80);
    CHECK_EQ(renv_nwn(&e)->c.fr.bp[12].cnt[0], INBUF);
    CHECK(min_up[0] < np.buf_depth); /* up-links on the input VC */
    CHECK_EQ(min_up[1], np.buf_depth);
    e.snk[12].hold_mask = 0;
    CHECK(renv_drain(&e, 20, 4000));
    CHECK_EQ(c.npkt, 3);
    for (unsigned k = 2; k < 3; k++) { /* the last one, checked whole */
        int n = mk(ph, 9, 5u << 3 | k, 0, 40, 0, 1, 0, NULL, 0);
        expect_vc(ex, ph, n, 1);
        CHECK_EQ(c.port, 12);
        for (int i = 0; i < n; i++) CHECK_U64(c.ph[i], ex[i]);
    }
    CHECK(renv_all_home(&e));
    YT_DONE(&e);
}

/* §6.3 against §6.4 on a crossbar (cn, bare, FbSeq = 1): terminals 0 and 1
 * route a packet each to router 5 in the same cycle, every queue empty.
 * Greedy UGAL: both minimal (Q_m * 1 = 0 <= Q_n * 2). UGAL-S with
 * FB_CHARGE 10: the first in the cycle's order goes minimal, the second sees
 * its charge (Qs_m = 10 > 0) and takes its detour (both draw x_0 = 1:
 * port(0, 1) = 9, VC 0). pend returns to 0 once the heads have left. */
static int seq_n, seq_port[4], seq_min_src;
static unsigned seq_vc[4];
static void seq_pkt(renv *e, int port, const uint32_t *ph, int len)
{
    cap_pkt(e, port, ph, len);
    nr_pkt_info_t info;
    if (port == 12 && nr_pkt_parse(ph, len, e->nvc, 0, &info) == NR_PKT_GOOD)
        seq_min_src = (int)info.tag_src; /* the minimal one */
    if (seq_n < 4) {
        seq_port[seq_n] = port;
        seq_vc[seq_n++] = nr_head_vc(ph[0]);
    }
}

static int seq_round(unsigned alg, int idle, int *ports, unsigned *vcs, long *rc_cycle)
{
    nr_nwn_params np = renv_nwn_params('c', 16, 0);
    np.fb_seq = 1;
    renv e;
    cap_t c;
    renv_init_nwn(&e, &np, NULL, 1, nr_test_seed);
    cap_attach(&e, &c);
    e.on_pkt = seq_pkt; /* every packet, also two leaving in one cycle */
    seq_n = 0;
    fb_program(&e, alg, 10);
    CHECK_EQ(e.cfg_bad, 0);
    CHECK_EQ(nr_fb_lfsr_reset(0) & 7u, 1);
    CHECK_EQ(nr_fb_lfsr_reset(1) & 7u, 1);
    uint32_t ph[RENV_MAXLEN];
    for (int i = 0; i < idle; i++) renv_step(&e);
    for (unsigned s = 0; s < 2; s++) {
        int n = mk(ph, s, 5u << 3 | s, 1, 8, 0, 1, 0, NULL, 0);
        renv_send(&e, (int)s, ph, n);
    }
    int maxpend = 0;
    *rc_cycle = -1;
    for (int i = 0; i < 300 && c.npkt < 2; i++) {
        renv_step(&e);
        int sum = 0;
        for (int q = 0; q < 16; q++)
            for (int v = 0; v < 2; v++) sum += renv_nwn(&e)->c.fb.pend[q][v];
        if (sum && *rc_cycle < 0)
            *rc_cycle = (long)renv_nwn(&e)->c.now - 1; /* both counted at that cycle's edge */
        maxpend = sum > maxpend ? sum : maxpend;
    }
    CHECK_EQ(c.npkt, 2);
    CHECK_EQ(seq_n, 2);
    const int routed = seq_n;
    for (int i = 0; i < routed; i++) {
        ports[i] = seq_port[i];
        vcs[i] = seq_vc[i];
    }
    CHECK_EQ(maxpend, 2); /* both counted until their heads left */
    CHECK(renv_drain(&e, 20, 2000));
    for (int q = 0; q < 16; q++)
        for (int v = 0; v < 2; v++) CHECK_EQ(renv_nwn(&e)->c.fb.pend[q][v], 0);
    YT_DONE(&e);
    return routed;
}

static void test_greedy_vs_seq(void)
{
    int ports[2];
    unsigned vcs[2];
    long t;
    CHECK_EQ(seq_round(NR_FB_UGAL, 0, ports, vcs, &t), 2);
    CHECK(ports[0] == 12 && ports[1] == 12 && vcs[0] == 1 && vcs[1] == 1);
    /* UGAL-S, with the RC cycle t moved over the 16 values of sptr = t mod 16
     * (reset 0, one port every cycle): input 1 decides first only when
     * sptr = 1, input 0 (before input 1 from any other sptr) otherwise. The
     * two packets (destination terminals 0 and 1) are told apart by their
     * tags at the outputs. */
    int first1 = 0;
    for (int idle = 0; idle < 16; idle++) {
        CHECK_EQ(seq_round(NR_FB_UGALS, idle, ports, vcs, &t), 2);
        int nmin = (ports[0] == 12) + (ports[1] == 12), ndet = (ports[0] == 9) + (ports[1] == 9);
        CHECK_EQ(nmin, 1);
        CHECK_EQ(ndet, 1);
        for (int i = 0; i < 2; i++) CHECK_EQ(vcs[i], ports[i] == 12 ? 1u : 0u);
        int min_src = seq_min_src;
        CHECK_EQ(min_src, t % 16 == 1 ? 1 : 0);
        first1 += min_src == 1;
    }
    CHECK_EQ(first1, 1);
}

/* yarc-arch §5 step 4', UpPick = 2 (greedy_r(2)), outside the FB mode: two
 * distinct candidates drawn from the LFSR value, the one whose channel (at
 * its L2P port) holds fewer phits taken, the first drawn on a tie. Checked
 * over all 65536 LFSR values against what two distinct uniform picks give;
 * one LFSR value checks the draw formula itself and the tie rule. */
static void gr2_set(rc_case *k, unsigned ports)
{
    k->t.up_mask = ports;
    for (int q = 0; q < 16; q++)
        for (int v = 0; v < 2; v++) k->pv[q].cr[v] = INBUF; /* every channel empty */
}
/* How often each physical port is taken over every LFSR value (dest 0x100
 * goes up: ROOT_MASK 0x7FF0, ROOT_DETECT 0); every route must draw. */
static void gr2_count(const rc_case *k, unsigned vc, long cnt[16])
{
    memset(cnt, 0, 16 * sizeof cnt[0]);
    for (unsigned r = 0; r < 65536; r++) {
        nr_route_res x = rc(k, 0x100, vc, 1, r);
        CHECK_EQ(x.drop, 0);
        CHECK_EQ(x.draw, 1);
        CHECK_EQ(x.adapt_l, -1); /* the adaptive pointer is not used */
        CHECK_EQ(x.w, (int)vc);
        if (x.q >= 0 && x.q < 16) cnt[x.q]++;
    }
}
static void test_up_greedy2(void)
{
    rc_case k;
    long cnt[16];
    rc_open(&k, 16, 2, 0, 0); /* FB mode off */
    k.c.up_pick = 2;
    const unsigned c4 = 1u << 3 | 1u << 5 | 1u << 9 | 1u << 12;

    /* no candidate: NO_ROUTE without a draw; one: it, without a draw */
    gr2_set(&k, 0);
    CHECK_DROP(rc(&k, 0x100, 0, 1, 0x1234), NR_DROP_NO_ROUTE, 0);
    gr2_set(&k, 1u << 9);
    for (unsigned r = 0; r < 65536; r += 257) CHECK_RT(rc(&k, 0x100, 1, 1, r), 9, 1, 0);
    /* a candidate without a valid L2P entry is not one */
    gr2_set(&k, c4);
    k.t.l2p[3] = k.t.l2p[5] = k.t.l2p[12] = 0;
    CHECK_RT(rc(&k, 0x100, 0, 1, 0xBEEF), 9, 0, 0);
    rc_open(&k, 16, 2, 0, 0);
    k.c.up_pick = 2;

    /* equal channels: the first draw, uniform over the four */
    gr2_set(&k, c4);
    gr2_count(&k, 0, cnt);
    CHECK(cnt[3] == 16384 && cnt[5] == 16384 && cnt[9] == 16384 && cnt[12] == 16384);
    /* the pair itself at one value, r = 0x0201: i = 1 mod 4 (port 5), the
     * other (1 + 1 + 2 mod 3) mod 4 = 0 (port 3); a tie keeps the first */
    CHECK_RT(rc(&k, 0x100, 0, 1, 0x0201), 5, 0, 1);
    k.pv[5].cr[0] = INBUF - 1;
    CHECK_RT(rc(&k, 0x100, 0, 1, 0x0201), 3, 0, 1);
    k.pv[5].cr[0] = INBUF;
    /* one loaded channel (any VC's phits count): never taken, since the
     * other candidate of the pair is always emptier */
    k.pv[5].cr[1] = INBUF - 1;
    gr2_count(&k, 0, cnt);
    CHECK_EQ(cnt[5], 0);
    CHECK_EQ(cnt[3] + cnt[9] + cnt[12], 65536);
    /* two loaded: taken only when both draws are, 2/4 * 1/3 = 1/6 */
    gr2_set(&k, c4);
    k.pv[3].cr[0] = 0;
    k.pv[12].cr[0] = 0;
    gr2_count(&k, 1, cnt);
    double f = (double)(cnt[3] + cnt[12]) / 65536.0;
    CHECK(f > 1.0 / 6 - 0.01 && f < 1.0 / 6 + 0.01);
    /* four loads: the fullest never, the emptiest whenever drawn (1/2) */
    gr2_set(&k, c4);
    k.pv[3].cr[0] = 40;
    k.pv[5].cr[0] = 10;
    k.pv[9].cr[1] = 30;
    k.pv[12].cr[1] = 20;
    gr2_count(&k, 0, cnt);
    CHECK_EQ(cnt[5], 0);
    f = (double)cnt[3] / 65536.0;
    CHECK(f > 0.49 && f < 0.51);
    CHECK(cnt[9] > cnt[12] && cnt[12] > 0);
    /* the load is read at the candidate's physical port: logical 9 leaves
     * by port 2 (L2P), whose channel is loaded, so it is never taken */
    gr2_set(&k, c4);
    k.t.l2p[9] = (uint8_t)(NR_ROUTE_ENT_VALID | 2u);
    k.pv[2].cr[0] = 0;
    gr2_count(&k, 0, cnt);
    CHECK_EQ(cnt[2], 0);
    CHECK_EQ(cnt[3] + cnt[5] + cnt[12], 65536);
    /* a = 0 and down routes do not draw */
    k.t.ulut[nr_route_fold(0x100 ^ 0u, 4)] = (uint8_t)(NR_ROUTE_ENT_VALID | 12u);
    CHECK_RT(rc(&k, 0x100, 0, 0, 0x5555), 12, 0, 0);
    CHECK_RT(rc(&k, 0x7, 0, 1, 0x5555), 7, 0, 0);

    /* the parameter: 0 or 2 */
    nr_yarc_params yp = renv_params(4, 4, 0);
    char err[256];
    for (int v = -1; v <= 3; v++) {
        yp.up_pick = v;
        CHECK_EQ(nr_yarc_check(&yp, err, sizeof err) == 0, v == 0 || v == 2);
    }
}

/* §4a the dragonfly mode on G1 (a group per digit, 8 nodes a group, this
 * group 2; logical ports identity) with 4 VCs: EJECT on VC 3; at a node
 * input MIN on VC 0, VAL's ULUT draw on VC 1, UGAL-L's Q(l_m) <= 2 Q(l_n);
 * at a global input DOR one VC up; at a local input VC 1 draws the DLUT,
 * VC 0 is DOR (PAR: UGAL-L against the DLUT), VC 2 DOR. */
static unsigned df_ctrl(unsigned dfa, unsigned indim, unsigned glob)
{
    return fb_ctrl(NR_FB_DFLY, 1, 3, 3, indim) | glob << 17 | dfa << 18;
}
static void test_dfly(void)
{
    rc_case k;
    const unsigned own = 2 * 8 + 5, far = 5 * 8 + 1; /* group 2 node 5; group 5 */
    rc_open(&k, 16, 4, df_ctrl(NR_DF_VAL, T, 0), 2);
    CHECK(nr_fb_on(k.t.fb_ctrl));
    CHECK_EQ(nr_fb_dfa(k.t.fb_ctrl), NR_DF_VAL);
    k.t.ulut[3] = NR_ROUTE_ENT_VALID | 9;
    k.t.dlut[6] = NR_ROUTE_ENT_VALID | 14;
    CHECK_RT(rc(&k, own, 3, 1, 0x13), 5, 3, 0);                  /* this group: EJECT, no draw */
    CHECK_RT(rc(&k, far, 3, 1, 0x13), 9, 1, 1);                  /* ULUT[0x13 mod 16] */
    CHECK_RT(rc(&k, far, 0, 0, 0x13), 12, 0, 0);                 /* a = 0: MIN */
    CHECK_DROP(rc(&k, far, 3, 1, 0x14), NR_DROP_NO_ROUTE, 1);    /* an invalid entry */
    CHECK_DROP(rc(&k, 0x7FFF, 3, 1, 0x13), NR_DROP_NO_ROUTE, 0); /* outside */
    k.t.fb_ctrl = df_ctrl(NR_DF_MIN, T, 0);
    CHECK_RT(rc(&k, far, 3, 1, 0x13), 12, 0, 0);
    /* UGAL-L: Q 512 everywhere (no credits): minimal; then the drawn
     * port 9 at 128: 512 > 256, non-minimal; port 12 at 256: a tie, minimal */
    k.t.fb_ctrl = df_ctrl(NR_DF_UGAL, T, 0);
    CHECK_RT(rc(&k, far, 3, 1, 0x13), 12, 0, 1);
    for (int v = 0; v < 3; v++) k.pv[9].cr[v] = INBUF;
    CHECK_RT(rc(&k, far, 3, 1, 0x13), 9, 1, 1);
    k.pv[12].cr[0] = k.pv[12].cr[1] = INBUF;
    CHECK_RT(rc(&k, far, 3, 1, 0x13), 12, 0, 1);
    /* a global channel's input: DOR one VC up, EJECT on 3 */
    k.t.fb_ctrl = df_ctrl(NR_DF_UGAL, 0, 1);
    CHECK_RT(rc(&k, far, 0, 1, 0x13), 12, 1, 0);
    CHECK_RT(rc(&k, far, 1, 1, 0x13), 12, 2, 0);
    CHECK_RT(rc(&k, own, 1, 1, 0x13), 5, 3, 0);
    /* a local channel's input */
    k.t.fb_ctrl = df_ctrl(NR_DF_VAL, 0, 0);
    CHECK_RT(rc(&k, far, 1, 1, 0x36), 14, 1, 1); /* DLUT[6] */
    CHECK_RT(rc(&k, far, 0, 1, 0x36), 12, 0, 0);
    CHECK_RT(rc(&k, far, 2, 1, 0x36), 12, 2, 0);
    CHECK_RT(rc(&k, own, 0, 1, 0x36), 5, 3, 0);
    k.t.fb_ctrl = df_ctrl(NR_DF_PAR, 0, 0); /* Q(12) 256 against 2 Q(14) 1024 */
    CHECK_RT(rc(&k, far, 0, 1, 0x36), 12, 0, 1);
    for (int v = 0; v < 4; v++) k.pv[14].cr[v] = INBUF, k.pv[12].cr[v] = 0;
    CHECK_RT(rc(&k, far, 0, 1, 0x36), 14, 1, 1); /* 512 > 0 */
    CHECK_RT(rc(&k, far, 0, 0, 0x36), 12, 0, 0); /* a = 0: MIN */
}

int main(void)
{
    NR_TEST_BEGIN("test_fb_model", 20261128);
    test_min_and_gate();
    test_val();
    test_ugal();
    test_minad();
    test_closad();
    test_dfly();
    test_registers();
    test_head_rewrite();
    test_yarc_vc_change();
    test_fc_vc_change();
    test_greedy_vs_seq();
    test_up_greedy2();
    NR_TEST_END("test_fb_model");
}
