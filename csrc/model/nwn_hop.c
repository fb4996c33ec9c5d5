/* nwn_hop.c - the pure policies of the network-within-a-network switches
 * (docs/nwn-arch.md): parameter rules (§3), the organization's geometry and
 * wiring (§1), the first hop of an input unit (§4.3), the target output of a
 * phit arriving on an internal channel (§5), and the crosspoint set (§10.1).
 * No state: the model (nwn.c) calls them at creation and in the RC cycle,
 * and the unit tests call them directly. */
#include <stdio.h>

#include "nr_crc.h"
#include "nwn_priv.h"

int nwn_check(const nr_nwn_params *p, char *err, int errlen)
{
    if (!p) NR_BAD("nr_nwn: NULL parameters");
    const int k = p->num_ports;
    if (!nr_is_pow2(k) || k < 4 || k > 64)
        NR_BAD("NumPorts = %d: must be a power of two, 4..64", k);
    if (!nr_is_pow2(p->r) || p->r > k)
        NR_BAD("R = %d: must be a power of two, 1..NumPorts (%d)", p->r, k);
    if (p->m < 0 || p->m > 16) NR_BAD("M = %d: must be 0..16", p->m);
    if (p->bb != 0 && p->bb != 1) NR_BAD("Bb = %d: must be 0 or 1", p->bb);
    if (p->r == 1 && p->m != 0)
        NR_BAD("M = %d: R = 1 is the crossbar (cn), which has no top subswitches (M = 0)", p->m);
    if (p->r == 1 && p->bb) NR_BAD("Bb = 1 needs R >= 2 (R = 1 is the crossbar, cn)");
    if (p->m == 0 && p->r != 1) NR_BAD("M = 0: only with R = 1 (cn); R = %d needs M >= 1", p->r);
    if (p->bb && (k / 2) % p->m != 0)
        NR_BAD("Bb = 1 needs (NumPorts/2) mod M = 0 (NumPorts = %d, M = %d)", k, p->m);
    if (p->speedup < 1 || p->speedup > 2) NR_BAD("Speedup = %d: must be 1 or 2", p->speedup);
    if (p->top_speedup < 0 || p->top_speedup > 2)
        NR_BAD("TopSpeedup = %d: must be 1 or 2", p->top_speedup);
    if (p->bb && p->top_speedup > 1)
        NR_BAD("TopSpeedup = %d: bb's tops take input units, whose read rate is 1 (§3); use 1",
               p->top_speedup);
    if (p->top_choice != 0 && p->top_choice != 1)
        NR_BAD("TopChoice = %d: must be 0 (most credits) or 1 (random)", p->top_choice);
    if (p->self_turn != 0 && p->self_turn != 1)
        NR_BAD("SelfTurn = %d: must be 0 or 1", p->self_turn);
    if (nr_port_params_check(&p->port, err, errlen)) return -1;
    if (p->chan_lat < 1 || p->chan_lat > 4) NR_BAD("ChanLat = %d: must be 1..4", p->chan_lat);
    if (!nr_is_pow2(p->buf_depth) || p->buf_depth < 2 * p->chan_lat)
        NR_BAD("BufDepth = %d: must be a power of two >= 2*ChanLat (%d)", p->buf_depth,
               2 * p->chan_lat);
    if (p->fb_seq != 0 && p->fb_seq != 1) NR_BAD("FbSeq = %d: must be 0 or 1", p->fb_seq);
    if (p->up_pick != 0 && p->up_pick != 2) NR_BAD("UpPick = %d: must be 0 or 2", p->up_pick);
    if (p->side_tab != 0 && p->side_tab != 1) NR_BAD("SideTab = %d: must be 0 or 1", p->side_tab);
    if (p->xp_buf != 0 && p->xp_buf != 1) NR_BAD("XpBuf = %d: must be 0 or 1", p->xp_buf);
    if (p->xp_buf && (p->r != 1 || p->speedup != 1 || p->top_speedup > 1 || !p->self_turn))
        NR_BAD(
            "XpBuf = 1 (the fully buffered crossbar, §1.5) needs R = 1, M = 0, Speedup = "
            "TopSpeedup = 1, SelfTurn = 1 (R = %d, Speedup = %d, TopSpeedup = %d, SelfTurn = %d)",
            p->r, p->speedup, p->top_speedup, p->self_turn);
    if (p->hx < 0 || p->hx > 2) NR_BAD("Hx = %d: must be 0, 1 (hxv) or 2 (hxm)", p->hx);
    if (p->hx && (p->r != 1 || p->xp_buf || (k != 8 && k != 64)))
        NR_BAD("Hx = %d (the HyperX switch, §1.6) needs R = 1, M = 0, XpBuf = 0 and NumPorts = 8 "
               "or 64, a cube (R = %d, XpBuf = %d, NumPorts = %d)",
               p->hx, p->r, p->xp_buf, k);
    const int ncls = p->vc_cls ? p->vc_cls : 1;
    if (p->vc != 0 && p->vc != 1) NR_BAD("Vc = %d: must be 0 or 1", p->vc);
    if (p->vc && (p->r != 1 || p->xp_buf || p->hx || p->speedup != 1))
        NR_BAD("Vc = 1 (the baseline VC router, §1.7) needs R = 1, M = 0, XpBuf = 0, Hx = 0 and "
               "Speedup = 1 (R = %d, XpBuf = %d, Hx = %d, Speedup = %d)",
               p->r, p->xp_buf, p->hx, p->speedup);
    if (ncls < 1 || ncls > p->port.num_vcs || p->port.num_vcs % ncls)
        NR_BAD("VcCls = %d: must divide NumVcs (%d)", ncls, p->port.num_vcs);
    if (p->va_hop != 0 && p->va_hop != 1) NR_BAD("VaHop = %d: must be 0 or 1", p->va_hop);
    if (p->va_hop && (!p->vc || ncls < 2))
        NR_BAD(
            "VaHop = 1 (a class per hop, §1.7) needs Vc = 1 and VcCls >= 2 (Vc = %d, VcCls = %d)",
            p->vc, ncls);
    if (p->sa_alloc < 0 || p->sa_alloc > 2)
        NR_BAD("SaAlloc = %d: must be 0 (separable), 1 (iSLIP) or 2 (distributed)", p->sa_alloc);
    if (p->sa_iter < 0 || p->sa_iter > 4) NR_BAD("SaIter = %d: must be 1..4", p->sa_iter);
    if (p->spec != 0 && p->spec != 1) NR_BAD("Spec = %d: must be 0 or 1", p->spec);
    if ((p->spec || p->sa_alloc) && !p->vc) NR_BAD("Spec and SaAlloc need Vc = 1 (§1.7)");
    const int grp = p->sa_group ? p->sa_group : 8;
    if (p->vc && (grp < 2 || grp > k || k % grp))
        NR_BAD("SaGroup = %d: must divide NumPorts (%d), 2..NumPorts", grp, k);
    if (p->ft != 0 && p->ft != 1) NR_BAD("Ft = %d: must be 0 or 1 (ftd)", p->ft);
    if (p->ft && (p->r != 1 || p->xp_buf || p->hx || p->vc || k != 64))
        NR_BAD("Ft = 1 (the folded 2-D torus, §1.8) needs R = 1, M = 0, XpBuf = Hx = Vc = 0 and "
               "NumPorts = 64: sqrt(k)/4 = 2 channels a link, one per dateline (R = %d, XpBuf = "
               "%d, Hx = %d, Vc = %d, NumPorts = %d)",
               p->r, p->xp_buf, p->hx, p->vc, k);
    /* radix limits (§3) */
    const int n = k / p->r;
    if (n + p->m > NR_SW_MAX_IO)
        NR_BAD("bottom radix n + M = %d + %d exceeds 64 (n = NumPorts/R)", n, p->m);
    if (p->bb && p->r / 2 + (k / 2) / p->m > NR_SW_MAX_IO)
        NR_BAD("bb top radix R/2 + u = %d + %d exceeds 64", p->r / 2, (k / 2) / p->m);
    return 0;
}

void nwn_geom_of(const nr_nwn_params *p, nwn_geom *g)
{
    g->k = p->num_ports;
    g->R = p->r;
    g->M = p->m;
    g->n = g->k / g->R;
    g->org = p->xp_buf ? NWN_FB : g->R == 1 ? NWN_CN : p->bb ? NWN_BB : NWN_FC;
    g->u = g->org == NWN_BB ? (g->k / 2) / g->M : 0;
    g->nb = g->org == NWN_BB ? g->R / 2 : g->R;
    g->nsw = g->nb + g->M;
    if (g->org == NWN_FB) { /* k rows, then k columns (§1.5) */
        g->nb = g->k;
        g->nsw = 2 * g->k;
    }
    g->hx = p->hx;
    g->hs = 0;
    if (g->hx) { /* hs x hs subswitches of hs ports (§1.6) */
        g->org = NWN_HX;
        g->hs = g->k == 8 ? 2 : 4;
        g->n = g->hs;
        g->nsw = g->nb = g->hs * g->hs;
    }
    g->ft = p->ft;
    if (g->ft) { /* hs x hs subswitches of one port (§1.8) */
        g->org = NWN_FT;
        g->hs = 8;
        g->n = 1;
        g->nsw = g->nb = g->k;
    }
    g->S = p->speedup;
    g->S_top = p->top_speedup ? p->top_speedup : 1;
    g->top_choice = p->top_choice;
    g->self_turn = p->self_turn;
}

/* Bottoms a top connects to: R (fc) or R/2 (bb). */
static int top_bottoms(const nwn_geom *g) { return g->nb; }

int nwn_radix(const nwn_geom *g, int sw)
{
    if (g->org == NWN_FB) return nwn_is_bottom(g, sw) ? 1 : g->k;
    if (g->org == NWN_HX) return g->n + 4 * (g->hs - 1);
    if (g->org == NWN_FT) return 1 + 4 * NWN_FT_C;
    if (nwn_is_bottom(g, sw)) return g->n + g->M;
    return top_bottoms(g) + g->u;
}

int nwn_nout(const nwn_geom *g, int sw)
{
    if (g->org == NWN_FB) return nwn_is_bottom(g, sw) ? g->k : 1;
    return nwn_radix(g, sw);
}

nwn_end nwn_port_in(const nwn_geom *g, int p)
{
    nwn_end e;
    if (g->org == NWN_FB) { /* row p, its only input */
        e.sw = (int16_t)p;
        e.io = 0;
    } else if (g->org == NWN_BB && p >= g->k / 2) { /* an up port: its top (§1.2) */
        int x = p - g->k / 2;
        e.sw = (int16_t)(g->nb + x / g->u);
        e.io = (int16_t)(g->nb + x % g->u);
    } else {
        e.sw = (int16_t)(p / g->n);
        e.io = (int16_t)(p % g->n);
    }
    return e;
}

nwn_end nwn_port_out(const nwn_geom *g, int p)
{
    if (g->org == NWN_FB) return (nwn_end){(int16_t)(g->k + p), 0}; /* column p's one output */
    return nwn_port_in(g, p); /* the port's input and output have the same index */
}

static uint64_t bits(int lo, int cnt)
{
    if (cnt <= 0) return 0;
    uint64_t m = cnt >= 64 ? ~0ull : (1ull << cnt) - 1u;
    return m << lo;
}

uint64_t nwn_iu_inputs(const nwn_geom *g, int sw)
{
    if (g->org == NWN_FB) return nwn_is_bottom(g, sw) ? 1u : 0u; /* a row's IU */
    if (nwn_is_bottom(g, sw)) return bits(0, g->n);
    return bits(top_bottoms(g), g->u); /* bb: the up ports; fc: none */
}

uint64_t nwn_port_outputs(const nwn_geom *g, int sw)
{
    if (g->org == NWN_FB) return nwn_is_bottom(g, sw) ? 0u : 1u; /* a column's port */
    return nwn_iu_inputs(g, sw);
}

nwn_end nwn_chan_dst(const nwn_geom *g, int sw, int j)
{
    nwn_end e = {-1, -1};
    if (g->org == NWN_FB) { /* row p's output q feeds column q's input p */
        if (nwn_is_bottom(g, sw)) {
            e.sw = (int16_t)(g->k + j);
            e.io = (int16_t)sw;
        }
    } else if (g->org == NWN_HX) {
        if (j >= g->n) { /* to coordinate o of dimension dim, its channel c from sw */
            const int per = 2 * (g->hs - 1), dim = (j - g->n) / per, r = (j - g->n) % per;
            const int own = dim ? sw / g->hs : sw % g->hs, o = r / 2 < own ? r / 2 : r / 2 + 1;
            const int t = dim ? o * g->hs + sw % g->hs : (sw / g->hs) * g->hs + o;
            e.sw = (int16_t)t;
            e.io = (int16_t)nwn_hx_out(g, t, dim, own, r % 2);
        }
    } else if (g->org == NWN_FT) {
        if (j >= 1) { /* to the neighbour in direction dir, its input from the other side */
            const int dir = (j - 1) / NWN_FT_C, c = (j - 1) % NWN_FT_C;
            e.sw = (int16_t)nwn_ft_nbr(g, sw, dir);
            e.io = (int16_t)nwn_ft_out(dir ^ 1, c);
        }
    } else if (nwn_is_bottom(g, sw)) {
        if (j >= g->n) { /* up-link to top t = j - n, its input b */
            e.sw = (int16_t)(g->nb + j - g->n);
            e.io = (int16_t)sw;
        }
    } else if (j < top_bottoms(g)) { /* down-link to bottom j, its input n + t */
        e.sw = (int16_t)j;
        e.io = (int16_t)(g->n + sw - g->nb);
    }
    return e;
}

/* The wiring is symmetric: output j and input j of a switch connect to the
 * same switch and index (the down-link from top t output b into bottom b
 * input n + t runs beside the up-link from bottom b output n + t into top t
 * input b), so the output feeding input i is the input that output i feeds.
 * Not in fb: column q's input p is fed by row p's output q. */
nwn_end nwn_chan_src(const nwn_geom *g, int sw, int i)
{
    if (g->org == NWN_FB)
        return nwn_is_bottom(g, sw) ? (nwn_end){-1, -1}
                                    : (nwn_end){(int16_t)i, (int16_t)(sw - g->k)};
    return nwn_chan_dst(g, sw, i);
}

nwn_hop nwn_fhop_shape(const nwn_geom *g, int p, int q)
{
    nwn_hop h = {NWN_HOP_FIXED, 0, 0};
    const int half = g->k / 2;
    if (q == p && !g->self_turn) { /* the SELF check comes first */
        h.kind = NWN_HOP_DROP;
        h.reason = NR_DROP_SELF;
        return h;
    }
    if (g->org == NWN_BB && p >= half) { /* up port, on its top */
        if (q >= half) {
            h.kind = NWN_HOP_DROP;
            h.reason = NR_DROP_UPUP;
        } else {
            h.tgt = q / g->n; /* down-link to the bottom of q */
        }
        return h;
    }
    const int b = p / g->n;
    if (g->org == NWN_FT) { /* its port, else the IU's channels (§1.8) */
        if (q != p) h.kind = NWN_HOP_ADAPT;
        return h;
    }
    if (g->org == NWN_HX) { /* a local turn, else the IU's choice (§1.6) */
        if (q / g->n == b)
            h.tgt = q % g->n;
        else
            h.kind = NWN_HOP_ADAPT;
        return h;
    }
    if (g->org == NWN_BB && q >= half) { /* up-going: the top that hosts q */
        h.tgt = g->n + (q - half) / g->u;
        return h;
    }
    if (q / g->n == b) { /* local turn */
        h.tgt = q % g->n;
        return h;
    }
    h.kind = NWN_HOP_ADAPT; /* through a top, chosen adaptively */
    return h;
}

/* §4.3 and §1.6: the keys of a flow's hash and of an LFSR draw. */
static unsigned flow_key(int p, unsigned dest, uint32_t hash)
{
    uint32_t key = ((((uint32_t)dest << 6) | (uint32_t)p) ^ hash) & SW_DATA_MASK;
    return nr_crc8_bits(0, key, NR_DATA_W);
}
static unsigned rnd_key(int p, unsigned rnd)
{
    uint32_t key = ((((uint32_t)rnd & 0xffffu) << 6) | (uint32_t)p) & SW_DATA_MASK;
    return nr_crc8_bits(0, key, NR_DATA_W);
}

int nwn_top_hash(const nwn_geom *g, int p, unsigned dest, uint32_t hash)
{
    return (int)(flow_key(p, dest, hash) % (unsigned)g->M);
}

int nwn_top_random(const nwn_geom *g, int p, unsigned rnd)
{
    return (int)(rnd_key(p, rnd) % (unsigned)g->M);
}

int nwn_hx_mid_hash(const nwn_geom *g, int p, unsigned dest, uint32_t hash)
{
    return (int)(flow_key(p, dest, hash) % (unsigned)g->nsw);
}

int nwn_hx_mid_random(const nwn_geom *g, int p, unsigned rnd)
{
    return (int)(rnd_key(p, rnd) % (unsigned)g->nsw);
}

int nwn_top_pick(const int *cc_up, int M, int up_ptr)
{
    return sw_max_pick(bits(0, M), cc_up, up_ptr, M);
}

int nwn_chan_target(const nwn_geom *g, int sw, int q)
{
    if (g->org == NWN_HX) return nwn_hx_next(g, sw, (unsigned)q);
    if (g->org == NWN_FT) return nwn_ft_next(g, sw, (unsigned)q);
    if (g->org == NWN_FB) return 0;            /* a column's port output */
    if (nwn_is_bottom(g, sw)) return q % g->n; /* from a top: port q */
    if (g->org == NWN_BB && q >= g->k / 2)
        return top_bottoms(g) + (q - g->k / 2) % g->u; /* up port q, hosted here */
    return q / g->n;                                   /* down-link to the bottom of q */
}

/* §1.6: the channel outputs of class dim * 2 + c of a HyperX subswitch. */
static uint64_t hx_outs(const nwn_geom *g, int dim, int c)
{
    uint64_t x = 0;
    for (int r = 0; r < g->hs - 1; r++) x |= 1ull << (g->n + dim * 2 * (g->hs - 1) + 2 * r + c);
    return x;
}

/* §1.6: the HyperX crosspoints. An input unit reaches every output (but its
 * own port unless SelfTurn); a channel input of class X0, Y0, X1, Y1 (ranks 0
 * to 3) the ports and the channel classes its routes turn into, all of a
 * higher rank. */
static uint64_t hx_xpoints(const nwn_geom *g, int i)
{
    const uint64_t ports = bits(0, g->n);
    if (i < g->n) return bits(0, nwn_radix(g, 0)) & ~(g->self_turn ? 0 : 1ull << i);
    const int cl = nwn_hx_class(g, i);
    if (g->hx == 2) /* hxm: a first hop (channel 0) turns into the other dimension's channel 1 */
        return ports | (cl < 2 ? hx_outs(g, !(cl % 2), 1) : 0);
    static const unsigned turn[4] = {0xEu, 0xCu, 0x8u, 0x0u}; /* hxv: classes turned into */
    uint64_t x = ports;
    for (int c = 0; c < 4; c++)
        if ((turn[cl] >> c) & 1u) x |= hx_outs(g, c % 2, c / 2);
    return x;
}

static uint64_t ft_xpoints(const nwn_geom *g, int sw, int i);

uint64_t nwn_xpoints(const nwn_geom *g, int sw, int i)
{
    if (g->org == NWN_HX) return hx_xpoints(g, i);
    if (g->org == NWN_FT) return ft_xpoints(g, sw, i);
    if (g->org == NWN_FB) /* row sw: every column; column: its port (§1.5: SelfTurn = 1) */
        return nwn_is_bottom(g, sw) ? bits(0, g->k) : 1u;
    if (nwn_is_bottom(g, sw)) {
        if (i < g->n) { /* IU of port i: every port (no self turn unless kept), every up-link */
            uint64_t x = bits(0, g->n) | bits(g->n, g->M);
            if (!g->self_turn) x &= ~(1ull << i);
            return x;
        }
        return bits(0, g->n); /* down-link: every port, no up-link */
    }
    const int nbt = top_bottoms(g);
    if (i < nbt) /* from bottom i: every other bottom, and (bb) every up port */
        return (bits(0, nbt) & ~(1ull << i)) | bits(nbt, g->u);
    return bits(0, nbt); /* bb up port: every bottom, no up port (quadrant IV) */
}

/* §1.8: the folded torus's crosspoints, the turns its routes take: every
 * route (source, output port, channel of each dimension it may take) walked
 * from its input unit. */
static uint64_t ft_xpoints(const nwn_geom *g, int sw, int i)
{
    uint64_t x = 0;
    for (int a = 0; a < g->nsw; a++)
        for (int q = 0; q < g->k; q++)
            for (unsigned ext = 0; ext < 4; ext++) {
                if ((q == a && !g->self_turn) || !nwn_ft_ext_ok(g, a, q, ext) ||
                    (a / g->hs != sw / g->hs && q % g->hs != sw % g->hs))
                    continue; /* (speed only) x in a's row, then y in q's column */
                const unsigned tag = (unsigned)q | ext << 6;
                int s = a, in = 0, j = nwn_ft_next(g, s, tag);
                while (!(s == sw && in == i) && j) {
                    const nwn_end d = nwn_chan_dst(g, s, j);
                    s = d.sw;
                    in = d.io;
                    j = nwn_ft_next(g, s, tag);
                }
                if (s == sw && in == i) x |= 1ull << j;
            }
    return x;
}

/* ---- the HyperX switch (§1.6) ---- */
int nwn_hx_out(const nwn_geom *g, int s, int dim, int o, int c)
{
    const int own = dim ? s / g->hs : s % g->hs;
    return g->n + dim * 2 * (g->hs - 1) + 2 * (o < own ? o : o - 1) + c;
}

int nwn_hx_next(const nwn_geom *g, int s, unsigned tag)
{
    const int q = (int)(tag & 63u), ext = (int)(tag >> 6), d = q / g->n;
    const int x = s % g->hs, y = s / g->hs;
    if (ext) return nwn_hx_out(g, s, 1, (y + ext) % g->hs, 0); /* hxv: on to the mid's row */
    if (d % g->hs != x) return nwn_hx_out(g, s, 0, d % g->hs, 1);
    if (d / g->hs != y) return nwn_hx_out(g, s, 1, d / g->hs, 1);
    return q % g->n;
}

int nwn_hx_vfirst(const nwn_geom *g, int s, int q, int mid)
{
    const int x = s % g->hs, y = s / g->hs, mx = mid % g->hs, my = mid / g->hs;
    if (mid == s) return nwn_hx_next(g, s, (unsigned)q); /* straight to phase 2 */
    if (mx != x) return nwn_hx_out(g, s, 0, mx, 0) | (((my - y + g->hs) % g->hs) << 8);
    return nwn_hx_out(g, s, 1, my, 0);
}

int nwn_hx_mcand(const nwn_geom *g, int s, int q, int *c)
{
    const int d = q / g->n, x = s % g->hs, y = s / g->hs, dx = d % g->hs, dy = d / g->hs;
    if (dx != x && dy != y) { /* two hops: the first on channel 0 of either dimension */
        c[0] = nwn_hx_out(g, s, 0, dx, 0);
        c[1] = nwn_hx_out(g, s, 1, dy, 0);
        return 2;
    }
    if (d == s) return 0;
    const int dim = dx == x, o = dim ? dy : dx; /* one hop: either channel */
    c[0] = nwn_hx_out(g, s, dim, o, 0);
    c[1] = nwn_hx_out(g, s, dim, o, 1);
    return 2;
}

/* ---- the folded 2-D torus (§1.8) ---- */
int nwn_ft_nbr(const nwn_geom *g, int s, int dir)
{
    const int S = g->hs, x = s % S, y = s / S, step = dir % 2 ? S - 1 : 1;
    return dir < 2 ? y * S + (x + step) % S : ((y + step) % S) * S + x;
}

int nwn_ft_chans(const nwn_geom *g, int a, int b)
{
    const int S = g->hs, fwd = (b - a + S) % S, neg = fwd > S / 2;
    int ok = fwd ? 3 : 0;
    for (int t = 0, x = a; t < (neg ? S - fwd : fwd); t++) {
        const int lo = neg ? (x + S - 1) % S : x; /* the link between lo and lo + 1 */
        if (lo == S - 1) ok &= ~1;                /* channel 0's dateline */
        if (lo == S / 2 - 1) ok &= ~2;            /* channel 1's */
        x = neg ? lo : (x + 1) % S;
    }
    return ok;
}

int nwn_ft_next(const nwn_geom *g, int s, unsigned tag)
{
    const int S = g->hs, q = (int)(tag & 63u);
    const int pos[2] = {s % S, s / S}, dst[2] = {q % S, q / S};
    for (int dim = 0; dim < 2; dim++) {
        if (pos[dim] == dst[dim]) continue;
        const int neg = (dst[dim] - pos[dim] + S) % S > S / 2; /* the shorter way, ties + */
        return nwn_ft_out(2 * dim + neg, (int)(tag >> (6 + dim)) & 1);
    }
    return 0; /* its port */
}
