/* tables.c - programming the per-port routing tables (docs/yarc-arch.md
 * sections 5 and 9) through the configuration port, and the output port the
 * programmed tables give each packet. YARC and the network switches
 * (docs/nwn-arch.md 4.2) have the same tables and addresses.
 *
 * The tables are a value (rtr_tables, rtr.h): filled from a testbench mode
 * below (rtr_tables_fill) or by a network builder (tb/net), turned into
 * configuration writes by rtr_tables_encode, and read by rtr_tables_route,
 * the one reading of section 5's steps in the testbenches.
 *
 * Modes (rtr_route_mode):
 *   single     single-router mode: dest < N goes down to port dest, the rest
 *              is unroutable (UP_MASK 0, every ULUT entry invalid);
 *   remap      the same through a non-identity DLUT and L2P;
 *   holes      remap with the L2P entries of the logical ports l = 2 mod 4
 *              invalid: a destination the DLUT sends there fails the remap
 *              step (docs/yarc-arch.md section 5 step 6) and is dropped with
 *              NO_ROUTE, which no other mode does (a valid DLUT entry, an
 *              invalid L2P one);
 *   clos-leaf  the router is a leaf of a folded Clos: destinations 0..N/2-1
 *              are its subtree (ROOT_MASK = 0x7FFF & ~(N/2-1), ROOT_DETECT
 *              0, DOWN_SHIFT 0) and go down; every other destination goes
 *              up;
 *   clos-mid   a middle stage: destinations N/2..N-1 are its subtree
 *              (ROOT_DETECT N/2) and DOWN_SHIFT = 1, so two destinations
 *              share each down port (DLUT indices N/4..N/2-1); every other
 *              destination goes up.
 * In both Clos modes half of the physical ports are up ports (YARC: the
 * tiles with row + column odd, so every row and every column has some; a
 * network switch: the odd ports). Logical ports 0..N/2-1 are the down ports
 * and N/2..N-1 the up ports, in physical order, so L2P is not the identity.
 * DLUT is (5i + 3) mod N/2 on the indices the subtree uses and invalid
 * elsewhere. ULUT[i] = N/2 + ((7i + i[n-1]) mod N/2): valid, every up port
 * twice, and entries whose indices differ in any one bit differ. UP_MASK is
 * per tile: 2 + (t mod 3) consecutive up ports from (3t mod N/2), i.e. 2 to
 * 4 candidates in different columns. No up route of input t ever names t's
 * own port (its UP_MASK skips it, and its ULUT entries that would name it
 * name the next up port instead): a network switch drops a packet back to
 * its input (SELF), and a Clos never sends a packet back where it came from.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "nr_pkt.h"
#include "rtr.h"

/* ---- routing tables ---- */
enum { A_ROOT_MASK = 0x00, A_ROOT_DETECT = 0x01, A_DOWN_SHIFT = 0x02, A_UP_MASK0 = 0x03,
       A_UP_MASK1 = 0x04, A_FB_CTRL = 0x05, A_FB_ME = 0x06, A_FB_CHARGE = 0x07, A_DLUT = 0x40,
       A_ULUT = 0x80, A_L2P = 0xC0 };
#define ENTRY_VALID 0x40u

static int lg2(int n) {
    int b = 0;
    while ((1 << b) < n) b++;
    return b;
}

/* ---- Clos modes: which physical ports are up, and the logical numbering ---- */
static int phys_up(const rtr_geom *g, int q) {
    return g->cols > 0 ? ((q / g->cols) + (q % g->cols)) & 1 : q & 1;
}
static int clos_l2p(const rtr_geom *g, int l) {
    int N = g->num_ports, up = l >= N / 2, k = up ? l - N / 2 : l;
    for (int q = 0; q < N; q++)
        if (phys_up(g, q) == up && k-- == 0) return q;
    return -1;
}
static int clos_p2l(const rtr_geom *g, int q) {
    int N = g->num_ports, up = phys_up(g, q), k = 0;
    for (int x = 0; x < q; x++) k += phys_up(g, x) == up;
    return (up ? N / 2 : 0) + k;
}

/* ---- the table contents, per mode (entries: -1 invalid, else the port) ---- */
static unsigned root_mask(const rtr_geom *g, rtr_route_mode m) {
    int N = g->num_ports;
    return 0x7FFFu & ~(uint32_t)((RTR_ROUTE_IS_CLOS(m) ? N / 2 : N) - 1);
}
static unsigned root_detect(const rtr_geom *g, rtr_route_mode m) {
    return m == RTR_ROUTE_CLOS_MID ? (unsigned)g->num_ports / 2 : 0;
}
static int down_shift(rtr_route_mode m) { return m == RTR_ROUTE_CLOS_MID ? 1 : 0; }

/* REMAP: the down table complements the port bits (d -> ~d) and the remap
 * table multiplies by 5 and adds 3 (a bijection modulo a power of two), so
 * both tables sit on every path. */
static int dlut_of(const rtr_geom *g, rtr_route_mode m, int i) {
    int N = g->num_ports;
    switch (m) {
    case RTR_ROUTE_REMAP:
    case RTR_ROUTE_HOLES: return i ^ (N - 1);
    case RTR_ROUTE_CLOS_LEAF: return i < N / 2 ? (5 * i + 3) % (N / 2) : -1;
    case RTR_ROUTE_CLOS_MID: return i >= N / 4 && i < N / 2 ? (5 * i + 3) % (N / 2) : -1;
    default: return i;
    }
}
static int l2p_of(const rtr_geom *g, rtr_route_mode m, int l) {
    if (l < 0 || l >= g->num_ports) return -1;
    if (RTR_ROUTE_IS_CLOS(m)) return clos_l2p(g, l);
    if (m == RTR_ROUTE_HOLES && l % 4 == 2) return -1;
    return m == RTR_ROUTE_REMAP || m == RTR_ROUTE_HOLES ? (l * 5 + 3) % g->num_ports : l;
}
/* ULUT[i] of tile t (t = -1: the broadcast value). */
static int ulut_of(const rtr_geom *g, rtr_route_mode m, int t, int i) {
    if (!RTR_ROUTE_IS_CLOS(m)) return -1;
    int N = g->num_ports, U = N / 2, n = lg2(N);
    int v = U + (7 * i + (i >> (n - 1))) % U;
    if (t >= 0) {
        int own = clos_p2l(g, t);
        if (v == own) v = U + (v - U + 1) % U;
    }
    return v;
}
/* UP_MASK of tile t over logical ports. */
static uint64_t up_mask_of(const rtr_geom *g, rtr_route_mode m, int t) {
    if (!RTR_ROUTE_IS_CLOS(m)) return 0;
    int U = g->num_ports / 2, own = clos_p2l(g, t), nc = 2 + t % 3;
    uint64_t mask = 0;
    for (int j = (3 * t) % U, got = 0; got < nc; j = (j + 1) % U) {
        if (U + j == own) continue;
        mask |= 1ull << (U + j);
        got++;
    }
    return mask;
}

int rtr_tables_check(const rtr_geom *g, rtr_route_mode m, char *err, int errlen) {
    if (!RTR_ROUTE_IS_CLOS(m)) return 0;
    int N = g->num_ports, nup = 0;
    for (int q = 0; q < N; q++) nup += phys_up(g, q);
    if (N < 16 || (N & (N - 1)) || nup != N / 2 || g->cols > RTR_MAX_COLS) {
        snprintf(err, errlen, "the Clos table modes need a power-of-two port count >= 16 with "
                 "half the ports up (and at most %d columns); this switch has %d ports, %d up",
                 RTR_MAX_COLS, N, nup);
        return -1;
    }
    if (g->upup_first > 0) {
        snprintf(err, errlen, "the Clos table modes send packets from up ports up, which a "
                 "bilateral butterfly drops (UPUP); use an fc, cn or YARC configuration");
        return -1;
    }
    return 0;
}

void rtr_tables_fill(const rtr_geom *g, rtr_route_mode m, rtr_tables *t) {
    int N = g->num_ports;
    memset(t, 0, sizeof *t);
    t->nports = N;
    t->root_mask = root_mask(g, m);
    t->root_detect = root_detect(g, m);
    t->down_shift = down_shift(m);
    for (int i = 0; i < N; i++) {
        t->dlut[i] = dlut_of(g, m, i);
        t->ulut[i] = ulut_of(g, m, -1, i);
        t->l2p[i] = l2p_of(g, m, i);
    }
    /* Clos modes: per tile the up candidates, and the ULUT entries that would
     * send a packet back to its own input. */
    t->per_tile = RTR_ROUTE_IS_CLOS(m);
    if (t->per_tile)
        for (int q = 0; q < N; q++) {
            t->tile_up_mask[q] = up_mask_of(g, m, q);
            for (int i = 0; i < N; i++) t->tile_ulut[q][i] = (int8_t)ulut_of(g, m, q, i);
        }
}

int rtr_tables_encode(const rtr_tables *t, rtr_cfgw *w, int max) {
    int n = 0, N = t->nports;
#define W(b, q, a, d)                                                                              \
    do {                                                                                           \
        if (n < max) w[n++] = (rtr_cfgw){(b), (q), (a), (d)};                                      \
    } while (0)
#define ENT(x) ((x) < 0 ? 0u : ENTRY_VALID | (uint32_t)(x))
    /* Broadcast: the tables every tile shares. */
    W(1, 0, A_ROOT_MASK, t->root_mask);
    W(1, 0, A_ROOT_DETECT, t->root_detect);
    W(1, 0, A_DOWN_SHIFT, (uint32_t)t->down_shift);
    W(1, 0, A_UP_MASK0, t->per_tile ? 0 : (uint32_t)t->up_mask);
    W(1, 0, A_UP_MASK1, t->per_tile ? 0 : (uint32_t)(t->up_mask >> 32));
    for (int i = 0; i < N; i++) W(1, 0, A_DLUT + i, ENT(t->dlut[i]));
    for (int i = 0; i < N; i++) W(1, 0, A_ULUT + i, ENT(t->ulut[i]));
    for (int i = 0; i < N; i++) W(1, 0, A_L2P + i, ENT(t->l2p[i]));
    /* Per tile: its UP_MASK, and the ULUT entries that differ from the
     * broadcast ones. */
    if (t->per_tile)
        for (int q = 0; q < N; q++) {
            W(0, q, A_UP_MASK0, (uint32_t)t->tile_up_mask[q]);
            W(0, q, A_UP_MASK1, (uint32_t)(t->tile_up_mask[q] >> 32));
            for (int i = 0; i < N; i++)
                if (t->tile_ulut[q][i] != t->ulut[i]) W(0, q, A_ULUT + i, ENT(t->tile_ulut[q][i]));
        }
    /* The flattened-butterfly registers: FB_CTRL per tile (its indim). */
    if (t->fb_alg) {
        W(1, 0, A_FB_ME, t->fb_me & 0x7FFFu);
        W(1, 0, A_FB_CHARGE, t->fb_charge & 0xFFu);
        for (int q = 0; q < N; q++) W(0, q, A_FB_CTRL, rtr_tables_fb_ctrl(t, q));
    }
#undef ENT
#undef W
    return n;
}

uint32_t rtr_tables_fb_ctrl(const rtr_tables *t, int q) {
    return ((uint32_t)t->fb_alg & 7u) | ((uint32_t)t->fb_dims & 3u) << 3 |
           ((uint32_t)t->fb_kbits & 7u) << 5 | ((uint32_t)t->fb_cbits & 7u) << 8 |
           ((uint32_t)t->fb_indim[q] & 3u) << 11;
}

int rtr_tables_program(const rtr_geom *g, rtr_route_mode m, rtr_cfgw *w, int max) {
    static rtr_tables t;
    rtr_tables_fill(g, m, &t);
    return rtr_tables_encode(&t, w, max);
}

/* Step 6: L2P[l], -1 if invalid or l is not a port. */
static int tab_l2p(const rtr_tables *t, int l) {
    return l < 0 || l >= t->nports || t->l2p[l] >= t->nports ? -1 : t->l2p[l];
}

int rtr_tables_up_ports(const rtr_tables *t, int src, int *ports, int max) {
    uint64_t um = t->per_tile ? t->tile_up_mask[src] : t->up_mask;
    int n = 0;
    for (int l = 0; l < t->nports && l < 64; l++)
        if ((um >> l & 1) && tab_l2p(t, l) >= 0 && n < max) ports[n++] = tab_l2p(t, l);
    return n;
}

int rtr_tables_step(const rtr_tables *t, unsigned dest, int a, int r) {
    if (r) return RTR_STEP_SRCROUTE;                              /* step 2 */
    if ((dest & t->root_mask) == t->root_detect) return RTR_STEP_DOWN; /* step 3 */
    return a ? RTR_STEP_UP_ADAPT : RTR_STEP_UP_DET;               /* step 4 or 5 */
}

int rtr_tables_route(const rtr_tables *t, int src, unsigned dest, int a, int h, int r,
                     int route_l, uint32_t hash, int *step, int *ports, int max) {
    const int N = t->nports;
    int n = 0, q;
    *step = rtr_tables_step(t, dest, a, r);
    if (*step == RTR_STEP_SRCROUTE) {
        /* step 2: the source route's logical port, then L2P */
        q = tab_l2p(t, route_l);
    } else if (*step == RTR_STEP_DOWN) {
        /* step 3: (dest & ROOT_MASK) = ROOT_DETECT: DLUT[(dest >> DOWN_SHIFT)
         * mod N], then L2P */
        q = tab_l2p(t, t->dlut[(dest >> t->down_shift) % (unsigned)N]);
    } else if (*step == RTR_STEP_UP_ADAPT) {
        /* step 4: every candidate of the input's UP_MASK with a valid remap */
        return rtr_tables_up_ports(t, src, ports, max);
    } else {
        /* step 5: key = dest ^ p ^ (h ? hash : 0), 22 bits, folded into n
         * bits by XOR of its n-bit chunks from bit 0; ULUT[fold] of the
         * input's tile, then L2P */
        int nb = lg2(N);
        uint32_t key = (dest ^ (uint32_t)src) & NR_DATA_MASK;
        if (h) key ^= hash & NR_DATA_MASK;
        uint32_t f = 0;
        for (int b = 0; b < 22; b += nb) f ^= (key >> b) & (uint32_t)(N - 1);
        q = tab_l2p(t, t->per_tile ? t->tile_ulut[src][f] : t->ulut[f]);
    }
    if (q >= 0 && max > 0) ports[n++] = q;
    return n;
}

/* Step 3 of docs/yarc-arch.md section 5: (dest & ROOT_MASK) = ROOT_DETECT. */
static int is_down(const rtr_geom *g, rtr_route_mode m, unsigned dest) {
    return (dest & root_mask(g, m)) == root_detect(g, m);
}

int rtr_tables_is_up(const rtr_geom *g, rtr_route_mode m, unsigned dest) {
    return RTR_ROUTE_IS_CLOS(m) && !is_down(g, m, dest);
}

int rtr_tables_logical_of(const rtr_geom *g, rtr_route_mode m, unsigned dest) {
    /* Up destinations get no source route: the packets of a flow with a = 0
     * and h = 0 then all take the ULUT's port and keep their order. */
    if (!is_down(g, m, dest)) return -1;
    return dlut_of(g, m, (int)((dest >> down_shift(m)) % (unsigned)g->num_ports));
}

int rtr_tables_port_of(const rtr_geom *g, rtr_route_mode m, unsigned dest) {
    int l = rtr_tables_logical_of(g, m, dest);
    return l < 0 ? -1 : l2p_of(g, m, l);
}

int rtr_tables_may_reorder(const rtr_geom *g, rtr_route_mode m, int src, unsigned dest, int a,
                           int h) {
    (void)src;
    return rtr_tables_is_up(g, m, dest) && (a || h);
}

/* The tables of (g, m), filled once per run: the route check runs on every
 * delivered packet. */
static const rtr_tables *tables_of(const rtr_geom *g, rtr_route_mode m) {
    static rtr_tables t;
    static rtr_geom cg;
    static int cm = -1;
    if (cm != (int)m || memcmp(&cg, g, sizeof cg)) {
        rtr_tables_fill(g, m, &t);
        cg = *g;
        cm = (int)m;
    }
    return &t;
}

int rtr_tables_up_cands(const rtr_geom *g, rtr_route_mode m, int src, int *ports, int max) {
    return rtr_tables_up_ports(tables_of(g, m), src, ports, max);
}

/* The expected output of one packet, read off the tables by the steps of
 * docs/yarc-arch.md section 5 (rtr_tables_route; not by the C model's RC
 * function). ph is the packet as it leaves the router: with r = 1 its route
 * phit has already been rotated left by 6 bits (section 4.3), so the hop this
 * router used, route phit bits 21:16 on the way in, is now bits 5:0. */
int rtr_tables_port_ok(const rtr_geom *g, rtr_route_mode m, rtr_upstat *st, int src,
                       const uint32_t *ph, int len, int port, int *expect) {
    const rtr_tables *t = tables_of(g, m);
    *expect = -1;
    if (len < 1) return 0;
    unsigned dest = nr_head_dest(ph[0]), r = nr_head_r(ph[0]), a = nr_head_a(ph[0]);
    unsigned h = nr_head_h(ph[0]);
    if ((r || h) && len < 2) return 0;
    /* r = 0 here when h = 1 and the hash phit is checked: the harness's
     * packets with both have their route decide */
    int c[64], step, nc = rtr_tables_route(t, src, dest, (int)a, (int)h, (int)r,
                                           (int)(ph[1] & 0x3F), ph[1], &step, c, 64);
    int ok = 0;
    for (int i = 0; i < nc; i++) ok |= c[i] == port;
    *expect = nc ? c[0] : -1;
    if (st && port >= 0) {
        switch (step) {
        case RTR_STEP_SRCROUTE: st->srcroute++; break;
        case RTR_STEP_DOWN: st->down++; break;
        case RTR_STEP_UP_DET: st->up_det++; break;
        default:
            st->up_adapt++;
            if (g->cols > 0 && g->cols <= RTR_MAX_COLS) {
                st->ncols = g->cols;
                for (int i = 0; i < nc; i++) st->col_fair[c[i] % g->cols] += 1.0 / nc;
                if (ok) st->col_taken[port % g->cols]++;
            }
        }
    }
    return ok;
}
