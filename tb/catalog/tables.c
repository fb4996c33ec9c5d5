/* tables.c - programming the per-port routing tables (docs/yarc-arch.md
 * sections 5 and 9) through the configuration port, and the output port the
 * programmed tables give each packet. YARC and the network switches
 * (docs/nwn-arch.md 4.2) have the same tables and addresses.
 *
 * The tables are a value (nr_route_vals, tables.h): filled from a testbench mode
 * below (nr_route_fill) or by a network builder (tb/net), turned into
 * configuration writes by nr_route_encode, and read by nr_route_allowed,
 * the one reading of section 5's steps in the testbenches.
 *
 * Modes (nr_route_mode):
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
 *              destination goes up;
 *   fbfly      one router (id g->fb_me) of a flattened butterfly whose
 *              geometry fits its ports (nr_route_fb_shape: D = g->fb_dims,
 *              C terminals, K routers per dimension), in the routers' FB mode
 *              (docs/fbfly-routing.md) with algorithm g->fb_alg: FB_CTRL per
 *              tile (its dimension, or a terminal's 3), FB_ME, FB_CHARGE;
 *              L2P is the remap mode's (5l + 3) mod N, so the logical ports
 *              of the document are not the physical ones; the other tables
 *              are single-router mode's (steps 3-5 do not run). Physical
 *              ports whose logical port is beyond C + D(K-1) are terminal
 *              inputs that no route leaves by.
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
#include "catalog/tables.h"

/* ---- routing tables ---- */
enum {
    A_ROOT_MASK = 0x00,
    A_ROOT_DETECT = 0x01,
    A_DOWN_SHIFT = 0x02,
    A_UP_MASK0 = 0x03,
    A_UP_MASK1 = 0x04,
    A_FB_CTRL = 0x05,
    A_FB_ME = 0x06,
    A_FB_CHARGE = 0x07,
    A_DET_VCS = 0x08,
    A_DL_VC = 0x09,
    A_UP_SEL = 0x0A,
    A_DOR_CTRL = 0x0B,
    A_SIDE = 0x10,
    A_DLUT = 0x40,
    A_ULUT = 0x80,
    A_L2P = 0xC0
};
#define ENTRY_VALID 0x40u

/* The tables of (g, m), filled once per run (below). */
static const nr_route_vals *tables_of(const rtr_geom *g, nr_route_mode m);
/* Step 6: L2P[l], -1 if invalid or l is not a port (below). */
static int tab_l2p(const nr_route_vals *t, int l);

static int lg2(int n)
{
    int b = 0;
    while ((1 << b) < n) b++;
    return b;
}

/* ---- Clos modes: which physical ports are up, and the logical numbering ---- */
static int phys_up(const rtr_geom *g, int q)
{
    return g->cols > 0 ? ((q / g->cols) + (q % g->cols)) & 1 : q & 1;
}
static int clos_l2p(const rtr_geom *g, int l)
{
    int N = g->num_ports, up = l >= N / 2, k = up ? l - N / 2 : l;
    for (int q = 0; q < N; q++)
        if (phys_up(g, q) == up && k-- == 0) return q;
    return -1;
}
static int clos_p2l(const rtr_geom *g, int q)
{
    int N = g->num_ports, up = phys_up(g, q), k = 0;
    for (int x = 0; x < q; x++) k += phys_up(g, x) == up;
    return (up ? N / 2 : 0) + k;
}

/* ---- the table contents, per mode (entries: -1 invalid, else the port) ---- */
static unsigned root_mask(const rtr_geom *g, nr_route_mode m)
{
    int N = g->num_ports;
    return 0x7FFFu & ~(uint32_t)((NR_ROUTE_IS_CLOS(m) ? N / 2 : N) - 1);
}
static unsigned root_detect(const rtr_geom *g, nr_route_mode m)
{
    return m == NR_ROUTE_CLOS_MID ? (unsigned)g->num_ports / 2 : 0;
}
static int down_shift(nr_route_mode m) { return m == NR_ROUTE_CLOS_MID ? 1 : 0; }

/* REMAP: the down table complements the port bits (d -> ~d) and the remap
 * table multiplies by 5 and adds 3 (a bijection modulo a power of two), so
 * both tables sit on every path. */
static int dlut_of(const rtr_geom *g, nr_route_mode m, int i)
{
    int N = g->num_ports;
    switch (m) {
    case NR_ROUTE_REMAP:
    case NR_ROUTE_HOLES: return i ^ (N - 1);
    case NR_ROUTE_CLOS_LEAF: return i < N / 2 ? (5 * i + 3) % (N / 2) : -1;
    case NR_ROUTE_CLOS_MID: return i >= N / 4 && i < N / 2 ? (5 * i + 3) % (N / 2) : -1;
    default: return i;
    }
}
static int l2p_of(const rtr_geom *g, nr_route_mode m, int l)
{
    if (l < 0 || l >= g->num_ports) return -1;
    if (NR_ROUTE_IS_CLOS(m)) return clos_l2p(g, l);
    if (m == NR_ROUTE_HOLES && l % 4 == 2) return -1;
    return m == NR_ROUTE_REMAP || m == NR_ROUTE_HOLES || m == NR_ROUTE_FBFLY
               ? (l * 5 + 3) % g->num_ports
               : l;
}
/* ULUT[i] of tile t (t = -1: the broadcast value). */
static int ulut_of(const rtr_geom *g, nr_route_mode m, int t, int i)
{
    if (!NR_ROUTE_IS_CLOS(m)) return -1;
    int N = g->num_ports, U = N / 2, n = lg2(N);
    int v = U + (7 * i + (i >> (n - 1))) % U;
    if (t >= 0) {
        int own = clos_p2l(g, t);
        if (v == own) v = U + (v - U + 1) % U;
    }
    return v;
}
/* UP_MASK of tile t over logical ports. */
static uint64_t up_mask_of(const rtr_geom *g, nr_route_mode m, int t)
{
    if (!NR_ROUTE_IS_CLOS(m)) return 0;
    int U = g->num_ports / 2, own = clos_p2l(g, t), nc = 2 + t % 3;
    uint64_t mask = 0;
    for (int j = (3 * t) % U, got = 0; got < nc; j = (j + 1) % U) {
        if (U + j == own) continue;
        mask |= 1ull << (U + j);
        got++;
    }
    return mask;
}

int nr_route_check(const rtr_geom *g, nr_route_mode m, char *err, int errlen)
{
    if (m == NR_ROUTE_FBFLY) {
        int K, C, kb, cb;
        nr_route_fb_shape(g, &K, &C, &kb, &cb);
        if (g->num_ports < 4 || (g->num_ports & (g->num_ports - 1)) || K < 2 || g->fb_dims < 1 ||
            g->fb_dims > 4 || C + g->fb_dims * (K - 1) > g->num_ports) {
            snprintf(err, errlen,
                     "the fbfly mode places the router in a flattened butterfly of 1 "
                     "to 4 dimensions with C terminals and K >= 2 routers per dimension, "
                     "C + D(K-1) <= ports; %d ports and D = %d leave no such network",
                     g->num_ports, g->fb_dims);
            return -1;
        }
        if (g->self_drop || g->upup_first > 0) {
            snprintf(err, errlen,
                     "the fbfly mode's routes may turn a packet back out of the "
                     "port it came in by, or from an up port to an up port, which this switch "
                     "drops (SELF, UPUP; docs/fbfly-routing.md 7): use a configuration with "
                     "self turns (YARC, cn, or fc with SelfTurn=1)");
            return -1;
        }
        if (g->fb_alg >= NR_ROUTE_FB_VAL && g->num_vcs % 2) {
            snprintf(err, errlen,
                     "algorithm %s keeps the phase in the VC's low bit: it needs "
                     "an even number of VCs (docs/fbfly-routing.md 3), this router has %d",
                     nr_route_fb_alg_name(g->fb_alg), g->num_vcs);
            return -1;
        }
        if (g->fb_alg == NR_ROUTE_FB_MINAD && g->fb_dims > 2 && g->fb_dims > g->num_vcs) {
            snprintf(err, errlen,
                     "minad with %d dimensions takes a VC per hop, %d VCs; this router has %d "
                     "(docs/fbfly-routing.md 4)",
                     g->fb_dims, g->fb_dims, g->num_vcs);
            return -1;
        }
        if ((g->fb_alg == NR_ROUTE_FB_UGALS || g->fb_alg == NR_ROUTE_FB_CLOSAD) && !g->fb_seq) {
            snprintf(err, errlen,
                     "algorithm %s needs the sequential allocator: a configuration "
                     "with FbSeq=1 (C model only; docs/fbfly-routing.md 6.4)",
                     nr_route_fb_alg_name(g->fb_alg));
            return -1;
        }
        return 0;
    }
    if (!NR_ROUTE_IS_CLOS(m)) return 0;
    int N = g->num_ports, nup = 0;
    for (int q = 0; q < N; q++) nup += phys_up(g, q);
    if (N < 16 || (N & (N - 1)) || nup != N / 2 || g->cols > NR_ROUTE_MAX_COLS) {
        snprintf(err, errlen,
                 "the Clos table modes need a power-of-two port count >= 16 with "
                 "half the ports up (and at most %d columns); this switch has %d ports, %d up",
                 NR_ROUTE_MAX_COLS, N, nup);
        return -1;
    }
    if (g->upup_first > 0) {
        snprintf(err, errlen,
                 "the Clos table modes send packets from up ports up, which a "
                 "bilateral butterfly drops (UPUP); use an fc, cn or YARC configuration");
        return -1;
    }
    return 0;
}

void nr_route_fill(const rtr_geom *g, nr_route_mode m, nr_route_vals *t)
{
    int N = g->num_ports;
    memset(t, 0, sizeof *t);
    t->nports = N;
    t->root_mask = root_mask(g, m);
    t->root_detect = root_detect(g, m);
    t->down_shift = down_shift(m);
    t->det_vcs = g->det_vcs;
    t->up_sel = g->up_sel;
    for (int i = 0; i < N; i++) {
        t->dlut[i] = dlut_of(g, m, i);
        t->ulut[i] = ulut_of(g, m, -1, i);
        t->l2p[i] = l2p_of(g, m, i);
    }
    /* Clos modes: per tile the up candidates, and the ULUT entries that would
     * send a packet back to its own input. */
    t->per_tile = NR_ROUTE_IS_CLOS(m);
    if (t->per_tile)
        for (int q = 0; q < N; q++) {
            t->tile_up_mask[q] = up_mask_of(g, m, q);
            for (int i = 0; i < N; i++) t->tile_ulut[q][i] = (int8_t)ulut_of(g, m, q, i);
        }
    if (m == NR_ROUTE_FBFLY) {
        int K, C, kb, cb;
        nr_route_fb_shape(g, &K, &C, &kb, &cb);
        t->fb_alg = g->fb_alg;
        t->fb_dims = g->fb_dims;
        t->fb_kbits = kb;
        t->fb_cbits = cb;
        t->fb_me = g->fb_me;
        t->fb_charge = g->fb_charge;
        t->fb_nvcs = g->num_vcs;
        for (int l = 0; l < N; l++) { /* FB_CTRL.indim of the physical port of l */
            int q = t->l2p[l], net = l >= C && l < C + g->fb_dims * (K - 1);
            if (q >= 0) t->fb_indim[q] = (int8_t)(net ? (l - C) / (K - 1) : NR_ROUTE_FB_TERMINAL);
        }
    }
}

/* ---- the flattened-butterfly mode (docs/fbfly-routing.md) ---- */
static const char *const fb_alg_names[] = {"off",   "min",   "val",    "ugal",
                                           "minad", "ugals", "closad", NULL};
const char *nr_route_fb_alg_name(int a)
{
    return a >= 0 && a <= NR_ROUTE_FB_CLOSAD ? fb_alg_names[a] : "?";
}
int nr_route_fb_alg_of(const char *name)
{
    for (int a = 1; fb_alg_names[a]; a++)
        if (!strcmp(name, fb_alg_names[a])) return a;
    return -1;
}

void nr_route_fb_shape(const rtr_geom *g, int *K, int *C, int *kb, int *cb)
{
    const int N = g->num_ports, D = g->fb_dims > 0 ? g->fb_dims : 1;
    *cb = 0;
    while ((2 << *cb) <= N / 2) (*cb)++;
    *C = 1 << *cb;
    *kb = 0;
    while (*C + D * ((2 << *kb) - 1) <= N) (*kb)++;
    *K = 1 << *kb;
}

int nr_route_fb_terminal(const rtr_geom *g, int p)
{
    return tables_of(g, NR_ROUTE_FBFLY)->fb_indim[p] == NR_ROUTE_FB_TERMINAL;
}

unsigned nr_route_fb_dest(const rtr_geom *g, unsigned idx, uint64_t rnd)
{
    int K, C, kb, cb;
    nr_route_fb_shape(g, &K, &C, &kb, &cb);
    const int D = g->fb_dims, net = C + D * (K - 1);
    const unsigned nrtr = 1u << (D * kb), me = g->fb_me & (nrtr - 1);
    unsigned term = (unsigned)(rnd & (uint64_t)(C - 1)), r = (unsigned)(rnd >> 16);
    if ((int)idx < C) return me << cb | idx;
    if ((int)idx >= net) return (r % nrtr) << cb | term;
    /* beyond logical port idx: coordinate x of dimension j, digits above j
     * random, digits below j this router's (so DOR's first hop is idx) */
    int j = ((int)idx - C) / (K - 1), i = ((int)idx - C) % (K - 1);
    int rj = (int)(me >> (j * kb)) & (K - 1), x = i < rj ? i : i + 1;
    unsigned low = me & ((1u << (j * kb)) - 1u), high = (r << ((j + 1) * kb)) & (nrtr - 1);
    return (high | (unsigned)x << (j * kb) | low) << cb | term;
}

unsigned nr_route_fb_outside(const rtr_geom *g, uint64_t rnd)
{
    int K, C, kb, cb;
    nr_route_fb_shape(g, &K, &C, &kb, &cb);
    const unsigned first = (1u << (g->fb_dims * kb)) << cb; /* the first node id outside */
    return first + (unsigned)(rnd % (NR_DEST_MAX + 1u - first));
}

/* The rules of docs/fbfly-routing.md sections 3 and 4 as sets of (logical
 * port, VC) pairs, each through L2P. */
typedef struct {
    const nr_route_vals *t;
    int D, K, C, kb;
    int me[15], td[15], ndiff, jmin;
    unsigned dest;
    int n, max, *ports, *vcs;
} fbrule;

static int fbr_port(const fbrule *r, int j, int x)
{
    return r->C + j * (r->K - 1) + (x < r->me[j] ? x : x - 1);
}
static void fbr_add(fbrule *r, int l, int w)
{
    int q = tab_l2p(r->t, l);
    if (q < 0) return; /* such a route drops NO_ROUTE: no output allows it */
    for (int i = 0; i < r->n; i++)
        if (r->ports[i] == q && r->vcs[i] == w) return;
    if (r->n < r->max) r->ports[r->n] = q, r->vcs[r->n++] = w;
}
/* EJECT, or DOR (the lowest differing dimension toward the destination) */
static int fbr_min_l(const fbrule *r)
{
    return r->ndiff ? fbr_port(r, r->jmin, r->td[r->jmin]) : (int)(r->dest % (unsigned)r->C);
}

/* Every entry of a draw table (ULUT or DLUT) the draw can read (index
 * fbr mod 2^nbits, section 4a) on VC w; an index beyond the ports drops. */
static void fbr_table(fbrule *r, const int *tab, int w)
{
    for (int i = 0; i < r->t->nports; i++)
        if (tab[i] >= 0) fbr_add(r, tab[i], w);
}
/* Section 4a: the dragonfly mode's routes from input src on VC vc. */
static void fbr_dfly(fbrule *r, int src, int vc, int A)
{
    const nr_route_vals *t = r->t;
    const int first = t->fb_indim[src] == NR_ROUTE_FB_TERMINAL, top = t->fb_nvcs - 1;
    if (!r->ndiff) {
        fbr_add(r, fbr_min_l(r), top);
    } else if (first) {
        if (A != NR_ROUTE_DF_VAL) fbr_add(r, fbr_min_l(r), 0);
        if (A != NR_ROUTE_DF_MIN) fbr_table(r, t->ulut, 1);
    } else if (t->fb_glob[src]) {
        fbr_add(r, fbr_min_l(r), vc + 1 < top ? vc + 1 : top);
    } else if (vc == 1) {
        fbr_table(r, t->dlut, 1);
    } else {
        fbr_add(r, fbr_min_l(r), vc);
        if (vc == 0 && A == NR_ROUTE_DF_PAR) fbr_table(r, t->dlut, 1);
    }
}

int nr_route_fb_allowed(const nr_route_vals *t, int src, unsigned dest, unsigned vc, int a,
                        int *ports, int *vcs, int max, int *min_port)
{
    fbrule r = {.t = t,
                .D = t->fb_dims,
                .kb = t->fb_kbits,
                .dest = dest,
                .jmin = -1,
                .max = max,
                .ports = ports,
                .vcs = vcs};
    r.K = 1 << r.kb;
    r.C = 1 << t->fb_cbits;
    *min_port = -1;
    const unsigned tr = dest >> t->fb_cbits;
    if (r.D > 15 || r.D * r.kb > 15 || (tr >> (r.D * r.kb)) != 0) return 0; /* outside */
    for (int j = 0; j < r.D; j++) {
        r.me[j] = (int)(t->fb_me >> (j * r.kb)) & (r.K - 1);
        r.td[j] = (int)(tr >> (j * r.kb)) & (r.K - 1);
        if (r.me[j] != r.td[j] && r.ndiff++ == 0) r.jmin = j;
    }
    const int indim = t->fb_indim[src], first = indim == NR_ROUTE_FB_TERMINAL;
    const int cls = (int)vc >> 1, phase = first ? 0 : (int)vc & 1, j0 = first ? 0 : indim + 1;
    int A = a ? (t->fb_tile_alg[src] ? t->fb_tile_alg[src] : t->fb_alg) : NR_ROUTE_FB_MIN;
    /* MIN AD: P VCs per class from base (section 4); with D > 2 one class
     * of all NumVcs, and MIN with fewer VCs than dimensions */
    const int P = nr_route_fb_vcs_per_class(t), base = P == 2 ? 2 * cls : 0;
    if (A == NR_ROUTE_FB_MINAD && r.D > 2 && P == 2) A = NR_ROUTE_FB_MIN;
    if (A == NR_ROUTE_FB_CLOSAD && r.D > 1) A = NR_ROUTE_FB_UGALS;
    *min_port = tab_l2p(t, fbr_min_l(&r));
    if (t->fb_alg == NR_ROUTE_FB_DFLY) {
        fbr_dfly(&r, src, (int)vc, a ? t->fb_dfa : NR_ROUTE_DF_MIN);
    } else if (A == NR_ROUTE_FB_MIN) { /* the VC kept, also at EJECT */
        fbr_add(&r, fbr_min_l(&r), (int)vc);
    } else if (!r.ndiff && A == NR_ROUTE_FB_MINAD) {
        fbr_add(&r, fbr_min_l(&r), base + P - 1); /* EJECT on the class's last VC */
    } else if (!r.ndiff && ((first && A != NR_ROUTE_FB_VAL) || phase)) {
        fbr_add(&r, fbr_min_l(&r), 2 * cls + 1); /* EJECT on phase 1 */
    } else if (A == NR_ROUTE_FB_MINAD) {         /* every productive dimension */
        const int lvl = first ? 0 : (int)vc - base;
        int w = base + (lvl > P - r.ndiff ? lvl : P - r.ndiff);
        for (int j = 0; j < r.D; j++)
            if (r.me[j] != r.td[j]) fbr_add(&r, fbr_port(&r, j, r.td[j]), w);
    } else if (first && (A == NR_ROUTE_FB_UGAL || A == NR_ROUTE_FB_UGALS)) {
        /* minimal, or VAL's first step toward a drawn x != t: dimension jn,
         * digits below jn this router's; x = t only if nothing above jn is
         * free and every digit agrees */
        fbr_add(&r, fbr_min_l(&r), 2 * cls + 1);
        for (int jn = 0; jn < r.D; jn++) {
            int low_same = 1, high_free = 0; /* high_free: a digit above jn is drawn */
            for (int j = 0; j < jn; j++) low_same &= r.me[j] == r.td[j];
            for (int j = jn + 1; j < r.D; j++) high_free |= !t->fb_ddim || r.me[j] != r.td[j];
            if (t->fb_ddim && r.me[jn] == r.td[jn]) continue; /* ddim: x_jn is R_jn */
            for (int x = 0; x < r.K; x++)
                if (x != r.me[jn] && !(!high_free && low_same && x == r.td[jn]))
                    fbr_add(&r, fbr_port(&r, jn, x), 2 * cls);
        }
    } else if (first && A == NR_ROUTE_FB_CLOSAD) { /* D = 1: MIN, or any other x */
        fbr_add(&r, fbr_min_l(&r), 2 * cls + 1);
        for (int x = 0; x < r.K; x++)
            if (x != r.me[0] && x != r.td[0]) fbr_add(&r, fbr_port(&r, 0, x), 2 * cls);
    } else { /* VAL, and every algorithm after the first router */
        if (!phase)
            for (int j = j0; j < r.D; j++)
                for (int x = 0; x < r.K && (!t->fb_ddim || r.me[j] != r.td[j]); x++)
                    if (x != r.me[j]) fbr_add(&r, fbr_port(&r, j, x), 2 * cls);
        fbr_add(&r, fbr_min_l(&r), 2 * cls + 1); /* phase 1 here */
    }
    return r.n;
}

int nr_route_encode(const nr_route_vals *t, rtr_cfgw *w, int max)
{
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
    if (t->det_vcs) W(1, 0, A_DET_VCS, t->det_vcs & 0xFu);
    if (t->dl_vc) W(1, 0, A_DL_VC, 1);
    if (t->up_sel) W(1, 0, A_UP_SEL, t->up_sel & 7u);
    for (int i = 0; i < N; i++)
        W(1, 0, A_DLUT + i, ENT(t->dlut[i]) | (t->dl_vc && t->dlut_vc[i] ? 0x80u : 0u));
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
        for (int q = 0; q < N; q++) W(0, q, A_FB_CTRL, nr_route_fb_ctrl(t, q));
    }
    /* DOR_CTRL and the router id it reads (FB_ME) */
    if (t->dor) {
        W(1, 0, A_FB_ME, t->fb_me & 0x7FFFu);
        W(1, 0, A_DOR_CTRL,
          1u | (t->dor_wrap ? 2u : 0u) | ((uint32_t)t->dor_dims & 7u) << 2 |
              ((uint32_t)t->dor_kbits & 7u) << 5 | ((uint32_t)t->dor_cbits & 7u) << 8 |
              ((uint32_t)t->dor_adapt & 3u) << 11);
    }
    /* The side table (SideTab = 1 routers only; the others refuse these
     * addresses with CFG_BAD): SIDE_MATCH {mask, match}, SIDE_PORTS
     * {valid, cnt - 1, base}. */
    for (int e = 0; e < t->side_n && e < NR_ROUTE_SIDE_MAX; e++) {
        W(1, 0, A_SIDE + 2 * e, (t->side[e].match & 0x7FFFu) | (t->side[e].mask & 0x7FFFu) << 15);
        W(1, 0, A_SIDE + 2 * e + 1,
          0x1000u | ((uint32_t)(t->side[e].cnt - 1) & 0x3Fu) << 6 |
              ((uint32_t)t->side[e].base & 0x3Fu));
    }
#undef ENT
#undef W
    return n;
}

uint32_t nr_route_fb_ctrl(const nr_route_vals *t, int q)
{
    const int alg = q >= 0 && q < NR_MAX_PORTS && t->fb_tile_alg[q] ? t->fb_tile_alg[q] : t->fb_alg;
    return ((uint32_t)alg & 7u) | ((uint32_t)t->fb_dims & 15u) << 3 |
           ((uint32_t)t->fb_kbits & 7u) << 7 | ((uint32_t)t->fb_cbits & 7u) << 10 |
           ((uint32_t)t->fb_indim[q] & 15u) << 13 |
           (alg == NR_ROUTE_FB_DFLY
                ? ((uint32_t)t->fb_glob[q] & 1u) << 17 | ((uint32_t)t->fb_dfa & 3u) << 18
                : (t->fb_ddim ? 1u << 20 : 0u));
}

int nr_route_fb_usable(const nr_route_vals *t, char *err, int errlen)
{
    if (t->fb_alg == NR_ROUTE_FB_DFLY && t->fb_nvcs < 4) {
        snprintf(err, (size_t)errlen,
                 "the dragonfly mode takes 4 VCs (VC 1 toward the intermediate group, VC 2 in "
                 "it, the last in the destination group); these routers have %d "
                 "(docs/fbfly-routing.md section 4a)",
                 t->fb_nvcs);
        return -1;
    }
    if (t->fb_alg != NR_ROUTE_FB_MINAD || t->fb_dims <= 2 || t->fb_dims <= t->fb_nvcs) return 0;
    snprintf(err, (size_t)errlen,
             "minad with %d dimensions takes a VC per hop, %d VCs; these routers have %d "
             "(docs/fbfly-routing.md section 4)",
             t->fb_dims, t->fb_dims, t->fb_nvcs);
    return -1;
}

int nr_route_fb_vcs_per_class(const nr_route_vals *t)
{
    if (t->fb_alg == NR_ROUTE_FB_DFLY) return t->fb_nvcs;
    return t->fb_alg == NR_ROUTE_FB_MINAD && t->fb_dims > 2 && t->fb_dims <= t->fb_nvcs ? t->fb_nvcs
                                                                                        : 2;
}

int nr_route_program(const rtr_geom *g, nr_route_mode m, rtr_cfgw *w, int max)
{
    static nr_route_vals t;
    nr_route_fill(g, m, &t);
    return nr_route_encode(&t, w, max);
}

/* Step 6: L2P[l], -1 if invalid or l is not a port. */
static int tab_l2p(const nr_route_vals *t, int l)
{
    return l < 0 || l >= t->nports || t->l2p[l] >= t->nports ? -1 : t->l2p[l];
}

int nr_route_up_ports(const nr_route_vals *t, int src, int *ports, int max)
{
    uint64_t um = t->per_tile ? t->tile_up_mask[src] : t->up_mask;
    int n = 0;
    for (int l = 0; l < t->nports && l < 64; l++)
        if ((um >> l & 1) && tab_l2p(t, l) >= 0 && n < max) ports[n++] = tab_l2p(t, l);
    return n;
}

int nr_route_side(const nr_route_vals *t, unsigned dest)
{
    for (int e = 0; e < t->side_n && e < NR_ROUTE_SIDE_MAX; e++)
        if ((dest & t->side[e].mask) == t->side[e].match) return e;
    return -1;
}

int nr_route_step(const nr_route_vals *t, unsigned dest, int a, int r)
{
    if (r) return NR_ROUTE_STEP_SRCROUTE;                                   /* step 2 */
    if ((dest & t->root_mask) == t->root_detect) return NR_ROUTE_STEP_DOWN; /* step 3 */
    if (nr_route_side(t, dest) >= 0)                                        /* step 3a */
        return a ? NR_ROUTE_STEP_SIDE_ADAPT : NR_ROUTE_STEP_SIDE_DET;
    return a ? NR_ROUTE_STEP_UP_ADAPT : NR_ROUTE_STEP_UP_DET; /* step 4 or 5 */
}

/* Step 5's index: key = dest ^ p ^ (h ? hash : 0), 22 bits, folded into
 * lg N bits by XOR of its chunks from bit 0. */
static uint32_t step5_fold(const nr_route_vals *t, int src, unsigned dest, int h, uint32_t hash)
{
    const int N = t->nports, nb = lg2(N);
    uint32_t key = (dest ^ (uint32_t)src) & NR_DATA_MASK;
    if (h) key ^= hash & NR_DATA_MASK;
    uint32_t f = 0;
    for (int b = 0; b < 22; b += nb) f ^= (key >> b) & (uint32_t)(N - 1);
    return f;
}

/* Step 3's logical port for dest (-1: invalid) and its v: DLUT[(dest >>
 * DOWN_SHIFT) mod N] (N: dlut_n when set), or with DOR_CTRL (step 3d) the port toward the first
 * dimension whose coordinate differs, as the document states it: digits in
 * radix K of router FB_ME and of node dest / C; + when the destination is
 * ahead (in a torus: at most K/2 steps forward), v set when the rest of the
 * dimension's route does not pass from K - 1 to 0 or back. */
static int down_entry(const nr_route_vals *t, unsigned dest, int *v)
{
    if (t->part_bits && dest >> t->part_bits != t->part_own) { /* SeaStar's GLUT */
        *v = t->glut_vc[dest >> t->part_bits & 7u];
        return t->glut[dest >> t->part_bits & 7u];
    }
    if (!t->dor) {
        const unsigned i = (dest >> t->down_shift) % (unsigned)(t->dlut_n ? t->dlut_n : t->nports);
        *v = t->dlut_vc[i] != 0;
        return t->dlut[i];
    }
    const int K = 1 << t->dor_kbits, C = 1 << t->dor_cbits;
    int me = (int)t->fb_me, to = (int)(dest / (unsigned)C);
    for (int j = 0; j < t->dor_dims; j++, me /= K, to /= K) {
        const int x = me % K, y = to % K;
        if (x == y) continue;
        const int ahead = t->dor_wrap ? 2 * ((y - x + K) % K) <= K : y > x;
        *v = ahead ? y > x : y < x;
        const int l = C + 2 * j + !ahead;
        return l < 64 ? l : -1;
    }
    *v = 1;
    return (int)(dest % (unsigned)C) < 64 ? (int)(dest % (unsigned)C) : -1;
}

int nr_route_allowed(const nr_route_vals *t, int src, unsigned dest, int a, int h, int r,
                     int route_l, uint32_t hash, int *step, int *ports, int max)
{
    const int N = t->nports;
    int n = 0, q;
    *step = nr_route_step(t, dest, a, r);
    if (*step == NR_ROUTE_STEP_SRCROUTE) {
        /* step 2: the source route's logical port, then L2P */
        q = tab_l2p(t, route_l);
    } else if (*step == NR_ROUTE_STEP_DOWN) {
        /* step 3: (dest & ROOT_MASK) = ROOT_DETECT: DLUT[(dest >> DOWN_SHIFT)
         * mod N], then L2P */
        int v;
        q = tab_l2p(t, down_entry(t, dest, &v));
    } else if (*step == NR_ROUTE_STEP_UP_ADAPT) {
        /* step 4: every candidate of the input's UP_MASK with a valid remap */
        return nr_route_up_ports(t, src, ports, max);
    } else if (*step == NR_ROUTE_STEP_SIDE_ADAPT || *step == NR_ROUTE_STEP_SIDE_DET) {
        /* step 3a: the matching entry's logical ports base .. base+cnt-1
         * (below N): with a = 1 every one with a valid remap is a
         * candidate of step 4; with a = 0 step 5's fold picks
         * base + fold mod cnt */
        const int e = nr_route_side(t, dest), b = t->side[e].base, c = t->side[e].cnt;
        if (*step == NR_ROUTE_STEP_SIDE_ADAPT) {
            for (int l = b; l < b + c && l < N; l++)
                if (tab_l2p(t, l) >= 0 && n < max) ports[n++] = tab_l2p(t, l);
            return n;
        }
        q = tab_l2p(t, b + (int)(step5_fold(t, src, dest, h, hash) % (uint32_t)c));
    } else {
        /* step 5: key = dest ^ p ^ (h ? hash : 0), 22 bits, folded into n
         * bits by XOR of its n-bit chunks from bit 0; ULUT[fold] of the
         * input's tile, then L2P */
        uint32_t f = step5_fold(t, src, dest, h, hash);
        q = tab_l2p(t, t->per_tile ? t->tile_ulut[src][f] : t->ulut[f]);
    }
    if (q >= 0 && max > 0) ports[n++] = q;
    return n;
}

/* Dimension j's hop toward dest (step 3d's reading above): the logical
 * port C + 2j (+, ahead) or C + 2j + 1 (-) and its v, on a torus (wrap) or
 * a mesh; -1 when the digits agree. */
static int dor_dim(const nr_route_vals *t, unsigned dest, int j, int wrap, int *v)
{
    const int K = 1 << t->dor_kbits, C = 1 << t->dor_cbits;
    int me = (int)t->fb_me, to = (int)(dest / (unsigned)C);
    for (int i = 0; i < j; i++) me /= K, to /= K;
    const int x = me % K, y = to % K;
    if (x == y) return -1;
    const int ahead = wrap ? 2 * ((y - x + K) % K) <= K : y > x;
    *v = ahead ? y > x : y < x;
    return C + 2 * j + !ahead;
}

int nr_route_dor_allowed(const nr_route_vals *t, unsigned dest, int v, int nvcs, int *ports,
                         int *vcs, int max)
{
    /* the escape: dimension order, on VCs 0 and 1 with the datelines' v
     * (nvcs >= 3), or over the mesh's links on VC 0 (nvcs = 2); at dest's
     * router its node's port, on the last VC */
    const int C = 1 << t->dor_cbits, wide = nvcs >= 3;
    int n = 0, l = -1, ev = 0;
    for (int j = 0; j < t->dor_dims && l < 0; j++)
        l = dor_dim(t, dest, j, wide && t->dor_wrap, &ev);
    if (l < 0) {
        ports[n] = tab_l2p(t, (int)(dest % (unsigned)C)), vcs[n] = nvcs - 1;
        return ports[n] >= 0 && max > 0;
    }
    if (tab_l2p(t, l) >= 0 && n < max) ports[n] = tab_l2p(t, l), vcs[n++] = wide ? ev : 0;
    /* the adaptive candidates, a packet on the escape VC 0 of a 2-VC router
     * excepted: every differing dimension's shorter way, each adaptive VC */
    for (int j = 0; j < t->dor_dims && (wide || v != 0); j++) {
        int dv;
        const int la = dor_dim(t, dest, j, t->dor_wrap, &dv), q = la < 0 ? -1 : tab_l2p(t, la);
        for (int u = wide ? 2 : 1; q >= 0 && u < nvcs && n < max; u++) ports[n] = q, vcs[n++] = u;
    }
    return n;
}

unsigned nr_route_nowait_vcs(const nr_route_vals *t, int nvcs)
{
    if (!t->dor || t->dor_adapt != 1 || nvcs < 2) return 0;
    return ((1u << nvcs) - 1u) & ~(nvcs >= 3 ? 3u : 1u);
}

int nr_route_down_vc(const nr_route_vals *t, unsigned dest, int vc, int nvcs)
{
    /* step 3 with DL_VC = 1: bit 0 of the VC is the DLUT entry's v, when the
     * VC that makes is one of the router's */
    int v;
    (void)down_entry(t, dest, &v);
    const int w = (vc & ~1) | v;
    return t->dl_vc && w < nvcs ? w : vc;
}

/* Step 3 of docs/yarc-arch.md section 5: (dest & ROOT_MASK) = ROOT_DETECT. */
static int is_down(const rtr_geom *g, nr_route_mode m, unsigned dest)
{
    return (dest & root_mask(g, m)) == root_detect(g, m);
}

int nr_route_is_up(const rtr_geom *g, nr_route_mode m, unsigned dest)
{
    return NR_ROUTE_IS_CLOS(m) && !is_down(g, m, dest);
}

/* The minimal route's logical port of a --route fbfly destination (EJECT or
 * DOR), -1 outside the network. */
static int fb_min_logical(const rtr_geom *g, unsigned dest)
{
    int K, C, kb, cb;
    nr_route_fb_shape(g, &K, &C, &kb, &cb);
    unsigned tr = dest >> cb;
    if (tr >> (g->fb_dims * kb)) return -1;
    for (int j = 0; j < g->fb_dims; j++) {
        int mj = (int)(g->fb_me >> (j * kb)) & (K - 1), tj = (int)(tr >> (j * kb)) & (K - 1);
        if (mj != tj) return C + j * (K - 1) + (tj < mj ? tj : tj - 1);
    }
    return (int)(dest % (unsigned)C);
}

int nr_route_logical_of(const rtr_geom *g, nr_route_mode m, unsigned dest)
{
    if (m == NR_ROUTE_FBFLY) return fb_min_logical(g, dest);
    /* Up destinations get no source route: the packets of a flow with a = 0
     * and h = 0 then all take the ULUT's port and keep their order. */
    if (!is_down(g, m, dest)) return -1;
    return dlut_of(g, m, (int)((dest >> down_shift(m)) % (unsigned)g->num_ports));
}

int nr_route_port_of(const rtr_geom *g, nr_route_mode m, unsigned dest)
{
    int l = nr_route_logical_of(g, m, dest);
    return l < 0 ? -1 : l2p_of(g, m, l);
}

int nr_route_may_reorder(const rtr_geom *g, nr_route_mode m, int src, unsigned dest, unsigned vc,
                         int a, int h)
{
    if (m == NR_ROUTE_FBFLY) {
        int q[NR_MAX_PORTS * 4], w[NR_MAX_PORTS * 4], mp;
        int n = nr_route_fb_allowed(tables_of(g, m), src, dest, vc, a, q, w, NR_MAX_PORTS * 4, &mp);
        /* more than one output or VC, or another VC than the flow's a = 0
         * packets keep: packets on two VCs of one port may reach the sink in
         * either order (per-VC queues of a NIC) */
        for (int i = 1; i < n; i++)
            if (q[i] != q[0] || w[i] != w[0]) return 1;
        return n == 1 && (unsigned)w[0] != vc;
    }
    (void)src;
    (void)vc;
    return nr_route_is_up(g, m, dest) && (a || h);
}

/* The tables of (g, m), filled once per run: the route check runs on every
 * delivered packet. */
static const nr_route_vals *tables_of(const rtr_geom *g, nr_route_mode m)
{
    static nr_route_vals t;
    static rtr_geom cg;
    static int cm = -1;
    if (cm != (int)m || memcmp(&cg, g, sizeof cg)) {
        nr_route_fill(g, m, &t);
        cg = *g;
        cm = (int)m;
    }
    return &t;
}

int nr_route_up_cands(const rtr_geom *g, nr_route_mode m, int src, int *ports, int max)
{
    return nr_route_up_ports(tables_of(g, m), src, ports, max);
}

/* The expected output of one packet, read off the tables by the steps of
 * docs/yarc-arch.md section 5 (nr_route_allowed; not by the C model's RC
 * function). ph is the packet as it leaves the router: with r = 1 its route
 * phit has already been rotated left by 6 bits (section 4.3), so the hop this
 * router used, route phit bits 21:16 on the way in, is now bits 5:0. */
/* --route fbfly: the (port, VC) pairs of docs/fbfly-routing.md sections 3
 * and 4 (nr_route_fb_allowed); a source route (r = 1) keeps its VC. */
static int fb_port_ok(const nr_route_vals *t, nr_route_upstat *st, int src, const uint32_t *ph,
                      int len, int port, int out_vc, int *expect)
{
    unsigned vc = nr_head_vc(ph[0]);
    int q[NR_MAX_PORTS * 4], w[NR_MAX_PORTS * 4], mp, n;
    if (nr_head_r(ph[0])) {
        if (len < 2) return 0;
        q[0] = tab_l2p(t, (int)(ph[1] & 0x3F));
        w[0] = (int)vc;
        n = q[0] >= 0;
        mp = q[0];
    } else {
        n = nr_route_fb_allowed(t, src, nr_head_dest(ph[0]), vc, (int)nr_head_a(ph[0]), q, w,
                                NR_MAX_PORTS * 4, &mp);
    }
    int ok = 0;
    for (int i = 0; i < n; i++) ok |= q[i] == port && (out_vc < 0 || w[i] == out_vc);
    *expect = n ? (mp >= 0 ? mp : q[0]) : -1;
    if (st && port >= 0 && ok) {
        if (port == mp)
            st->fb_min++;
        else
            st->fb_other++;
        if (out_vc >= 0 && (unsigned)out_vc != vc) st->fb_vc_changed++;
    }
    return ok;
}

int nr_route_fb_explain(const rtr_geom *g, int src, const uint32_t *ph, int len, char *buf, int n)
{
    const nr_route_vals *t = tables_of(g, NR_ROUTE_FBFLY);
    int q[NR_MAX_PORTS * 4], w[NR_MAX_PORTS * 4], mp, k, used;
    if (len < 1 || n < 1) return 0;
    k = nr_head_r(ph[0]) ? 0
                         : nr_route_fb_allowed(t, src, nr_head_dest(ph[0]), nr_head_vc(ph[0]),
                                               (int)nr_head_a(ph[0]), q, w, NR_MAX_PORTS * 4, &mp);
    used = snprintf(buf, (size_t)n, "input %d (indim %d) VC %u a %u dest %u: the rule allows", src,
                    t->fb_indim[src], nr_head_vc(ph[0]), nr_head_a(ph[0]), nr_head_dest(ph[0]));
    if (nr_head_r(ph[0]) && used < n)
        used += snprintf(buf + used, (size_t)(n - used), " its source route");
    for (int i = 0; i < k && used < n - 1; i++)
        used += snprintf(buf + used, (size_t)(n - used), " (%d,%d)", q[i], w[i]);
    if (!k && !nr_head_r(ph[0]) && used < n) snprintf(buf + used, (size_t)(n - used), " nothing");
    return k;
}

int nr_route_port_ok(const rtr_geom *g, nr_route_mode m, nr_route_upstat *st, int src,
                     const uint32_t *ph, int len, int port, int out_vc, int *expect)
{
    const nr_route_vals *t = tables_of(g, m);
    *expect = -1;
    if (len < 1) return 0;
    if (m == NR_ROUTE_FBFLY) return fb_port_ok(t, st, src, ph, len, port, out_vc, expect);
    /* every other mode keeps the packet's VC */
    if (out_vc >= 0 && (unsigned)out_vc != nr_head_vc(ph[0])) return 0;
    unsigned dest = nr_head_dest(ph[0]), r = nr_head_r(ph[0]), a = nr_head_a(ph[0]);
    unsigned h = nr_head_h(ph[0]);
    if ((t->det_vcs >> nr_head_vc(ph[0])) & 1u) a = 0; /* DET_VCS: step 5 whatever a */
    if ((r || h) && len < 2) return 0;
    /* r = 0 here when h = 1 and the hash phit is checked: the harness's
     * packets with both have their route decide */
    int c[64], step,
        nc = nr_route_allowed(t, src, dest, (int)a, (int)h, (int)r, (int)(ph[1] & 0x3F), ph[1],
                              &step, c, 64);
    int ok = 0;
    for (int i = 0; i < nc; i++) ok |= c[i] == port;
    *expect = nc ? c[0] : -1;
    if (st && port >= 0) {
        switch (step) {
        case NR_ROUTE_STEP_SRCROUTE: st->srcroute++; break;
        case NR_ROUTE_STEP_DOWN: st->down++; break;
        case NR_ROUTE_STEP_UP_DET: st->up_det++; break;
        default:
            st->up_adapt++;
            if (g->cols > 0 && g->cols <= NR_ROUTE_MAX_COLS) {
                st->ncols = g->cols;
                for (int i = 0; i < nc; i++) st->col_fair[c[i] % g->cols] += 1.0 / nc;
                if (ok) st->col_taken[port % g->cols]++;
            }
        }
    }
    return ok;
}

void rtr_geom_ports(rtr_geom *g, int nports, const nr_port_params *p)
{
    memset(g, 0, sizeof *g);
    g->num_ports = nports;
    g->num_vcs = p->num_vcs;
    g->use_lcb = p->use_lcb;
    g->in_buf_per_vc = p->in_buf_per_vc;
    g->max_pkt_len = p->max_pkt_len;
    g->lcb = nr_port_lcb_params(p);
}
