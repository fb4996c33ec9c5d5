/* counts.c - complexity counts of every switch organization in the kit
 * (docs/nwn-arch.md section 10; seed 001 Tables 1 and 2).
 *
 * Pure functions of the build parameters. They count what the RTL builds:
 * crosspoints that a folded-Clos network never uses (a port turning back to
 * itself, a top subswitch sending a packet back to the bottom it came from,
 * a packet coming down going up again, bb's up-port to up-port turns) are
 * left out of the hardware and out of the count.
 *
 * The nr_t1_* functions at the end are seed 001's Table 1 formulas
 * themselves (real-valued, for Table 2's switch-area row and Fig 5).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nr_nwn.h"
#include "nwn_priv.h"

static int pow2(int x) { return x > 0 && (x & (x - 1)) == 0; }

/* The structural part of docs/nwn-arch.md section 3 that the counts need. */
static int shape_ok(const nr_nwn_params *p, char *err, int errlen)
{
    const int k = p->num_ports, R = p->r, M = p->m;
    if (!pow2(k) || k < 4 || k > 64) {
        snprintf(err, errlen, "NumPorts=%d: must be a power of two in 4..64", k);
        return -1;
    }
    if (!pow2(R) || R > k) {
        snprintf(err, errlen, "R=%d: must be a power of two dividing NumPorts=%d", R, k);
        return -1;
    }
    if (M < 0 || M > 16 || (M == 0) != (R == 1)) {
        snprintf(err, errlen, "M=%d with R=%d: M is 0 exactly when R = 1 (cn), else 1..16", M, R);
        return -1;
    }
    if (p->bb && (R < 2 || M < 1 || (k / 2) % M)) {
        snprintf(err, errlen, "Bb=1 needs R >= 2 and M dividing NumPorts/2 (R=%d M=%d)", R, M);
        return -1;
    }
    if (p->speedup < 1 || p->speedup > 2) {
        snprintf(err, errlen, "Speedup=%d: must be 1 or 2", p->speedup);
        return -1;
    }
    return 0;
}

/* The HyperX switch (nwn-arch 1.6, 10): hs^2 subswitches of T = hs ports and
 * 4(hs - 1) channel inputs and outputs, hs = k^(1/3). An input unit reaches
 * every other output; a channel input of class X0, Y0, X1, Y1 the ports and
 * the classes its routes turn into: hxv 3, 2, 1, 0 of the hs - 1 channels of
 * each, hxm 1, 1, 0, 0. Table 1 counts every subswitch as (5 hs - 5)^2. */
static void hx_counts(const nr_nwn_params *p, nr_sw_counts *c)
{
    const long T = p->num_ports == 8 ? 2 : 4, s1 = T - 1, nsw = T * T, out = T + 4 * s1;
    const long iu = T * (out - (p->self_turn ? 0 : 1));
    const long chan = p->hx == 1 ? s1 * (4 * T + 6 * s1) : s1 * (4 * T + 2 * s1);
    c->subswitches = (int)nsw;
    c->xpoints = p->speedup * nsw * (iu + chan);
    c->xpoints_seed = nsw * (5 * T - 5) * (5 * T - 5);
    c->sub_buffers = c->channels = nsw * 4 * s1;
    const int iu_f = (int)(out - 1); /* the longest path: hxv X0 Y0 X1 Y1, hxm X0 Y1 */
    c->fanout[NR_PATH_LOCAL] = iu_f;
    c->fanout[NR_PATH_TURN] =
        (int)(p->hx == 1 ? iu_f + (T + 3 * s1) + (T + 2 * s1) + (T + s1) + T : iu_f + T + s1 + T);
}

/* The folded torus (nwn-arch 1.8, 10): k subswitches of one port and 4 links
 * of NWN_FT_C channels; crosspoints the turns its routes take (nwn_xpoints);
 * the fanout of the longest route, its inputs' crosspoints added up. Table 1
 * counts every subswitch as (sqrt(k) + 1)^2 less the k/4 U-turns and the
 * self turn: k (2 sqrt(k) + 3k/4). */
static void ft_counts(const nr_nwn_params *p, nr_sw_counts *c)
{
    nwn_geom g;
    nwn_geom_of(p, &g);
    const long k = g.k, rad = nwn_radix(&g, 0);
    static uint8_t fo[64][1 + 4 * NWN_FT_C];
    long xp = 0;
    for (int s = 0; s < g.nsw; s++)
        for (int i = 0; i < rad; i++) {
            fo[s][i] = (uint8_t)__builtin_popcountll(nwn_xpoints(&g, s, i));
            xp += fo[s][i];
        }
    int worst = 0;
    for (int a = 0; a < g.nsw; a++)
        for (int q = 0; q < k; q++)
            for (unsigned ext = 0; ext < 4; ext++) {
                if (!nwn_ft_ext_ok(&g, a, q, ext)) continue;
                const unsigned tag = (unsigned)q | ext << 6;
                int s = a, in = 0, f = fo[s][0];
                for (int j = nwn_ft_next(&g, s, tag); j; j = nwn_ft_next(&g, s, tag)) {
                    const nwn_end d = nwn_chan_dst(&g, s, j);
                    s = d.sw;
                    in = d.io;
                    f += fo[s][in];
                }
                if (f > worst) worst = f;
            }
    c->subswitches = g.nsw;
    c->xpoints = p->speedup * xp;
    c->xpoints_seed = k * (2 * g.hs + 3 * k / 4);
    c->sub_buffers = c->channels = k * 4 * NWN_FT_C;
    c->fanout[NR_PATH_LOCAL] = fo[0][0];
    c->fanout[NR_PATH_TURN] = worst;
}

int nr_nwn_counts(const nr_nwn_params *p, nr_sw_counts *c, char *err, int errlen)
{
    if (shape_ok(p, err, errlen)) return -1;
    memset(c, 0, sizeof *c);
    const long k = p->num_ports, R = p->r, M = p->m, S = p->speedup;
    const long n = k / R;
    const long self = p->self_turn ? 0 : n; /* diagonal left out per bottom */
    const long bottom = S * (n * n - self + 2 * n * M);
    for (int i = 0; i < NR_PATH_N; i++) c->fanout[i] = -1;
    c->fanout[NR_PATH_LOCAL] = (int)(n - 1 + M); /* IU: other ports + up-links */
    if (p->hx) {
        if (k != 8 && k != 64) {
            snprintf(err, errlen, "Hx=%d: NumPorts=%ld must be 8 or 64 (nwn-arch 1.6)", p->hx, k);
            return -1;
        }
        hx_counts(p, c);
    } else if (p->ft) {
        char e2[256];
        if (nr_nwn_check(p, e2, sizeof e2)) {
            snprintf(err, errlen, "%s", e2);
            return -1;
        }
        ft_counts(p, c);
    } else if (p->xp_buf) {
        /* fb (nwn-arch 1.5): one crossbar, a buffer at each crosspoint */
        c->subswitches = 1;
        c->xpoints = k * k;
        c->xpoints_seed = k * k;
        c->sub_buffers = c->xpoints;
    } else if (!p->bb) {
        /* fc, and cn as the fc with one bottom and no tops */
        c->subswitches = (int)(R + M);
        const long St =
            p->top_speedup > 1 ? p->top_speedup : 1; /* TopSpeedup: lanes per top input */
        c->xpoints = R * bottom + St * M * R * (R - 1);
        /* Table 1's accounting: bottoms (n+m)^2 - m^2, tops r^2 (rk + 3k^2/r at m = n) */
        c->xpoints_seed = R > 1 ? R * ((n + M) * (n + M) - M * M) + M * R * R : k * k;
        c->sub_buffers = 2 * R * M;
        c->channels = 2 * R * M;
        if (R > 1) c->fanout[NR_PATH_TURN] = (int)((n - 1 + M) + (R - 1) + n);
    } else {
        const long rb = R / 2, u = (k / 2) / M;
        c->subswitches = (int)(rb + M);
        c->xpoints = rb * bottom + M * (rb * (rb - 1) + rb * u + u * rb);
        c->xpoints_seed = 0; /* the seed gives no formula for bb */
        c->sub_buffers = R * M;
        c->channels = R * M;
        c->fanout[NR_PATH_TURN] = (int)((n - 1 + M) + (rb - 1 + u) + n);
        c->fanout[NR_PATH_UP] = (int)((n - 1 + M) + (rb - 1 + u));
        c->fanout[NR_PATH_DOWN] = (int)(rb + n);
    }
    c->buf_phits = c->sub_buffers * p->port.num_vcs * p->buf_depth;
    c->fanout_max = 0;
    for (int i = 0; i < NR_PATH_N; i++)
        if (c->fanout[i] > c->fanout_max) c->fanout_max = c->fanout[i];
    return 0;
}

int nr_yarc_counts(const nr_yarc_params *p, nr_sw_counts *c, char *err, int errlen)
{
    if (!pow2(p->rows) || !pow2(p->cols) || p->rows < 2 || p->cols < 2 ||
        p->rows * p->cols > NR_MAX_PORTS) {
        snprintf(err, errlen, "Rows=%d Cols=%d: powers of two, 2..8 each", p->rows, p->cols);
        return -1;
    }
    memset(c, 0, sizeof *c);
    const long k = (long)p->rows * p->cols;
    for (int i = 0; i < NR_PATH_N; i++) c->fanout[i] = -1;
    c->subswitches = (int)k; /* one Cols x Rows subswitch per tile */
    /* lanes per subswitch input (row): SubSpeedup, at most NumVcs
     * (yarc-arch 6); the seeds' p x p subswitch is one lane */
    const int ss = p->sub_speedup ? p->sub_speedup : 4;
    const long lanes = ss < p->port.num_vcs ? ss : p->port.num_vcs;
    c->xpoints = k * p->cols * p->rows * lanes; /* = k^2 with one lane */
    c->xpoints_seed = k * k;                    /* Table 1: k^2 */
    /* row buffers (Cols per tile) and column buffers (Rows per tile): 2k^2/p */
    c->sub_buffers = k * (p->rows + p->cols);
    c->buf_phits =
        k * p->port.num_vcs * ((long)p->cols * p->row_buf_depth + (long)p->rows * p->col_buf_depth);
    c->channels = k + k * p->rows; /* row buses + column channels */
    /* the row bus drives Cols row buffers, the subswitch Rows outputs, the
     * output multiplexer one port: k/p + p + 1 for a square p x p tile grid */
    c->fanout[NR_PATH_LOCAL] = p->cols + p->rows + 1;
    c->fanout_max = c->fanout[NR_PATH_LOCAL];
    return 0;
}

/* ---- [ACK12] Table 1, real-valued ----
 * Rows: subswitch buffers, aggregate fanout, total crosspoints, switch area.
 * The area is "normalized to the square of a channel pitch, and includes the
 * area of buffers, crossbars, and the global wires used for the channels
 * between subswitches" ([ACK12 §3.2]). */

/* x^(1/n) for n = 2 or 3, exact when k is a perfect square or cube, so that
 * Table 2's integers (k = 64) come out exactly. */
static double root_n(double k, int n)
{
    const double x = n == 2 ? sqrt(k) : cbrt(k), xr = nearbyint(x);
    const double back = n == 2 ? xr * xr : xr * xr * xr;
    return back == k ? xr : x;
}

nr_t1_row nr_t1_cn(double k)
{
    return (nr_t1_row){.buffers = NAN, .fanout = k - 1, .xpoints = k * k, .area = k * k};
}

nr_t1_row nr_t1_hc(double k, double p)
{
    return (nr_t1_row){.buffers = 2 * k * k / p,
                       .fanout = k / p + p + 1,
                       .xpoints = k * k,
                       .area = k / p * (k * k + 2 * p * p)};
}

nr_t1_row nr_t1_fc(double k, double r)
{
    return (nr_t1_row){.buffers = 2 * k,
                       .fanout = 3 * k / r + r - 2,
                       .xpoints = r * k + 3 * k * k / r,
                       .area = 1.5 * k * (4 * k / r + k + r)};
}

nr_t1_row nr_t1_ft(double k)
{
    const double s = root_n(k, 2);
    return (nr_t1_row){.buffers = k * s,
                       .fanout = 0.75 * k + 1.25 * s - 1,
                       .xpoints = k * (2 * s + 0.75 * k),
                       .area = 2.25 * k * (s + 1) * (s + 1)};
}

nr_t1_row nr_t1_hx(double k)
{
    const double c = root_n(k, 3);
    const double x = 5 * (c - 1) * c, a = 1.5 * (5 * c - 4) * c + k;
    return (nr_t1_row){
        .buffers = 4 * c * c * (c - 1), .fanout = 25 * (c - 1), .xpoints = x * x, .area = a * a};
}

nr_t1_row nr_t1_fig5(int org, double k)
{
    const double s = root_n(k, 2);
    switch (org) {
    case NR_T1_CN: return nr_t1_cn(k);
    case NR_T1_HC: return nr_t1_hc(k, s);
    case NR_T1_FC: return nr_t1_fc(k, 2 * s);
    case NR_T1_FT: return nr_t1_ft(k);
    case NR_T1_HX: return nr_t1_hx(k);
    default: return (nr_t1_row){NAN, NAN, NAN, NAN};
    }
}

const char *nr_t1_name(int org)
{
    static const char *const n[NR_T1_N] = {"cn", "hc", "fc", "ft", "hx"};
    return org >= 0 && org < NR_T1_N ? n[org] : NULL;
}

/* Table 1 writes the fc area as (3/2)k x (4k/r + k + r); with n = k/r = m
 * that is (r/2)(3n) x (4n + rn + r). The kit reads the factors as
 * (r/2)(n + 2m) and 2(n + m) + rm + r: among the splits
 * (r/2)(a n + b m) x (c n + d m + r(e n + f m) + r) with non-negative integers
 * a + b = 3, c + d = 4, e + f = 1 it is the only one that also gives
 * Table 2's fc6 (16896 at k = 64, r = 16, m = 6). */
double nr_t1_fc_area_m(double k, double r, double m)
{
    const double n = k / r;
    return r / 2 * (n + 2 * m) * (2 * (n + m) + r * m + r);
}

/* ---- energy ([ACK12 §5.1]; docs/results.md section 4.3) ----
 * [ACK12 §5.1]: "We estimate 40fJ for sending a bit over a 1-cycle distance, 40fJ
 * and 10fJ for reading and writing a bit on a 128kb input port buffer and a
 * 8kb subswitch buffer, and 40fJ per radix to send a bit through a crossbar.
 * As for static power, we assume 20fJ for a 1-cycle distance global wire per
 * cycle and 8fJ per radix for each crosspoint per cycle, 10mW and 2mW on an
 * input port buffer and a subswitch buffer, and 1pJ for transferring a bit
 * off-chip." The kit's readings (docs/results.md 4.3.1): 40 fJ per read and
 * per write of the input buffer, 10 fJ per read and per write of a subswitch
 * buffer ("respectively" pairs the energies with the two buffers); the
 * crossbar's dynamic and static figures multiply its radix; the wire's static
 * figure is per wire, i.e. per data bit, the crosspoint's per crosspoint. */

void nr_en_coef_seed(nr_en_coef *c)
{
    memset(c, 0, sizeof *c);
    c->wire_fj = 40;
    c->inbuf_wr_fj = 40;
    c->inbuf_rd_fj = 40;
    c->subbuf_wr_fj = 10;
    c->subbuf_rd_fj = 10;
    c->xbar_fj = 40;
    c->offchip_fj = 0;
    c->wire_static_fj = 20;
    c->xpt_static_fj = 8;
    c->xpt_static_per_bit = 0;
    c->inbuf_static_mw = 10;
    c->subbuf_static_mw = 2;
    c->clock_ghz = 5;
    c->width_bits = 24;
}

int nr_en_org_nwn(const nr_nwn_params *p, nr_en_org *o)
{
    char err[160];
    if (shape_ok(p, err, sizeof err) || p->xp_buf ||
        (p->ft && (p->num_ports != 64 || p->r != 1 || p->vc)) ||
        (p->hx && (p->num_ports != 8 && p->num_ports != 64)))
        return -1; /* no energy model of fb's buffers */
    memset(o, 0, sizeof *o);
    o->org = p->hx ? NR_EN_HX : p->ft ? NR_EN_FT : p->bb ? NR_EN_BB : NR_EN_FC;
    o->hx = p->hx;
    o->k = p->num_ports;
    o->r = p->r;
    o->m = p->m;
    o->speedup = p->speedup;
    o->top_speedup = p->bb || p->top_speedup < 1 ? 1 : p->top_speedup;
    o->self_turn = p->self_turn;
    o->lat_a = o->lat_b = p->chan_lat;
    return 0;
}

int nr_en_org_yarc(const nr_yarc_params *p, nr_en_org *o)
{
    if (p->rows < 2 || p->cols < 2 || p->rows * p->cols > NR_MAX_PORTS) return -1;
    memset(o, 0, sizeof *o);
    o->org = NR_EN_HC;
    o->k = p->rows * p->cols;
    o->rows = p->rows;
    o->cols = p->cols;
    const int ss = p->sub_speedup ? p->sub_speedup : 4; /* as nr_yarc_counts */
    o->hc_lanes = ss < p->port.num_vcs ? ss : p->port.num_vcs;
    if (o->hc_lanes < 1) o->hc_lanes = 1;
    o->self_turn = 1;
    o->lat_a = p->row_bus_lat;
    o->lat_b = p->col_lat;
    return 0;
}

double nr_en_xbar_radix(int inputs, int lanes, int outputs)
{
    return ((double)inputs * lanes + outputs) / 2;
}

/* The HyperX side S = k^(1/3), 2 or 4 (nwn-arch 1.6). */
static int en_hx_side(const nr_en_org *o) { return o->k == 8 ? 2 : 4; }

/* Radices of the fc/bb subswitches. */
static double en_bottom_radix(const nr_en_org *o)
{
    const int n = o->k / o->r;
    return nr_en_xbar_radix(n + o->m, o->speedup, n + o->m);
}
static double en_top_radix(const nr_en_org *o)
{
    if (o->org == NR_EN_BB) {
        const int rb = o->r / 2, u = (o->k / 2) / o->m;
        return nr_en_xbar_radix(rb + u, 1, rb + u);
    }
    return nr_en_xbar_radix(o->r, o->top_speedup, o->r);
}

int nr_en_path_of(const nr_en_org *o, int src, int dst, nr_en_path *p)
{
    memset(p, 0, sizeof *p);
    if (src < 0 || dst < 0 || src >= o->k || dst >= o->k) return -1;
    p->in_bufs = 1;
    if (o->org == NR_EN_HC) {
        /* row bus -> row buffer -> subswitch -> column channel -> column
         * buffer -> output (docs/yarc-arch.md 1): one path for every pair */
        p->sub_bufs = 2;
        p->xbars = 1;
        p->radix_sum = nr_en_xbar_radix(o->cols, o->hc_lanes, o->rows);
        p->hops = 2;
        p->wire_cycles = o->lat_a + o->lat_b;
        return 0;
    }
    if (src == dst && !o->self_turn) return -1;
    if (o->org == NR_EN_FT) { /* nwn-arch 1.8: one subswitch of radix 9 a hop, and the last */
        const int S = 8, dx = abs(src % S - dst % S), dy = abs(src / S - dst / S);
        p->hops = (dx < S - dx ? dx : S - dx) + (dy < S - dy ? dy : S - dy);
        p->sub_bufs = p->hops;
        p->xbars = p->hops + 1;
        p->radix_sum = p->xbars * nr_en_xbar_radix(1 + 4 * NWN_FT_C, o->speedup, 1 + 4 * NWN_FT_C);
        p->wire_cycles = p->hops * o->lat_a;
        return 0;
    }
    if (o->org == NR_EN_HX) { /* nwn-arch 1.6: a subswitch of T + 4(S-1) a hop, and the last */
        const int S = en_hx_side(o), sx = src / S % S, sy = src / S / S, dx = dst / S % S,
                  dy = dst / S / S, rad = S + 4 * (S - 1);
        /* hxm: minimal, a hop per coordinate that differs; hxv (s != d): s ->
         * mid -> d, each leg likewise, (S-1)/S a leg and dimension on average
         * over the S^2 intermediates: 4 (S-1)/S hops, an integer (2, 3) */
        p->hops = sx == dx && sy == dy ? 0 : o->hx == 1 ? 4 * (S - 1) / S : (sx != dx) + (sy != dy);
        p->sub_bufs = p->hops;
        p->xbars = p->hops + 1;
        p->radix_sum = p->xbars * nr_en_xbar_radix(rad, o->speedup, rad);
        p->wire_cycles = p->hops * o->lat_a;
        return 0;
    }
    if (o->org != NR_EN_FC && o->org != NR_EN_BB) return -1;
    if (o->r == 1) { /* cn: one k x k crossbar */
        p->xbars = 1;
        p->radix_sum = nr_en_xbar_radix(o->k, o->speedup, o->k);
        return 0;
    }
    const int n = o->k / o->r, half = o->k / 2;
    const double rb = en_bottom_radix(o), rt = en_top_radix(o);
    /* the shapes of docs/nwn-arch.md 1.1, 1.2 and 4.3 */
    int up_src = 0, up_dst = 0;
    if (o->org == NR_EN_BB) {
        up_src = src >= half;
        up_dst = dst >= half;
        if (up_src && up_dst) return -1; /* quadrant IV: UPUP */
    }
    if (!up_src && !up_dst && src / n == dst / n) { /* local turn */
        p->xbars = 1;
        p->radix_sum = rb;
        return 0;
    }
    if (!up_src && !up_dst) { /* bottom -> top -> bottom */
        p->sub_bufs = 2;
        p->xbars = 3;
        p->radix_sum = 2 * rb + rt;
        p->hops = 2;
        p->wire_cycles = o->lat_a + o->lat_b;
        return 0;
    }
    /* bb up-going (bottom -> top hosting dst) or down-going (top -> bottom) */
    p->sub_bufs = 1;
    p->xbars = 2;
    p->radix_sum = rb + rt;
    p->hops = 1;
    p->wire_cycles = up_dst ? o->lat_a : o->lat_b;
    return 0;
}

double nr_en_path_fj(const nr_en_path *p, const nr_en_coef *c)
{
    return p->in_bufs * (c->inbuf_wr_fj + c->inbuf_rd_fj) +
           p->sub_bufs * (c->subbuf_wr_fj + c->subbuf_rd_fj) + c->xbar_fj * p->radix_sum +
           c->wire_fj * p->wire_cycles + c->offchip_fj;
}

double nr_en_pair_fj(const nr_en_org *o, const nr_en_coef *c, int src, int dst)
{
    nr_en_path p;
    if (nr_en_path_of(o, src, dst, &p)) return NAN;
    return nr_en_path_fj(&p, c);
}

/* mW at clock_ghz as fJ per cycle: 1 mW / 1 GHz = 1 pJ = 1000 fJ. */
static double en_mw_fj(double mw, double ghz) { return mw / ghz * 1000; }

int nr_en_static_of(const nr_en_org *o, const nr_en_coef *c, nr_en_static *s)
{
    memset(s, 0, sizeof *s);
    double chan_cycles = 0, xpt = 0; /* sum of channels x distance; of crosspoints x radix */
    long sub = 0;
    const double w = c->width_bits, xb = c->xpt_static_per_bit ? w : 1;
    if (o->org == NR_EN_HC) {
        const long k = o->k;
        /* k row buses and [ACK12 §3.1]'s k/2 x k/p column channels (k/2 x
         * rows; the RTL has k x rows, docs/results.md 4.3.1); k subswitches of
         * cols x lanes by rows; k x cols row buffers and k x rows column buffers */
        chan_cycles = (double)k * o->lat_a + (double)(k / 2) * o->rows * o->lat_b;
        const double rad = nr_en_xbar_radix(o->cols, o->hc_lanes, o->rows);
        xpt = (double)k * o->cols * o->hc_lanes * o->rows * rad;
        sub = k * (o->rows + o->cols);
    } else if (o->org == NR_EN_FT) { /* k subswitches of 1 + 4C, k x 4C channels */
        const long k = o->k, rad = 1 + 4 * NWN_FT_C;
        chan_cycles = (double)k * 4 * NWN_FT_C * o->lat_a;
        xpt = (double)k * rad * o->speedup * rad * nr_en_xbar_radix((int)rad, o->speedup, (int)rad);
        sub = k * 4 * NWN_FT_C;
    } else if (o->org == NR_EN_HX) { /* S^2 subswitches of S + 4(S-1), 4(S-1) channels each */
        const long S = en_hx_side(o), ns = S * S, rad = S + 4 * (S - 1);
        chan_cycles = (double)ns * 4 * (S - 1) * o->lat_a;
        xpt =
            (double)ns * rad * o->speedup * rad * nr_en_xbar_radix((int)rad, o->speedup, (int)rad);
        sub = ns * 4 * (S - 1);
    } else if (o->org == NR_EN_FC || o->org == NR_EN_BB) {
        const long k = o->k, R = o->r, M = o->m, n = k / R;
        if (R == 1) {
            xpt = (double)k * o->speedup * k * nr_en_xbar_radix((int)k, o->speedup, (int)k);
        } else if (o->org == NR_EN_FC) {
            chan_cycles = (double)R * M * (o->lat_a + o->lat_b);
            xpt = (double)R * (n + M) * o->speedup * (n + M) * en_bottom_radix(o) +
                  (double)M * R * o->top_speedup * R * en_top_radix(o);
            sub = 2 * R * M;
        } else {
            const long rb = R / 2, u = (k / 2) / M;
            chan_cycles = (double)rb * M * (o->lat_a + o->lat_b);
            xpt = (double)rb * (n + M) * o->speedup * (n + M) * en_bottom_radix(o) +
                  (double)M * (rb + u) * (rb + u) * en_top_radix(o);
            sub = R * M;
        }
    } else {
        return -1;
    }
    s->wires = c->wire_static_fj * w * chan_cycles;
    s->xpoints = c->xpt_static_fj * xb * xpt;
    s->in_bufs = o->k * en_mw_fj(c->inbuf_static_mw, c->clock_ghz);
    s->sub_bufs = sub * en_mw_fj(c->subbuf_static_mw, c->clock_ghz);
    s->total = s->wires + s->xpoints + s->in_bufs + s->sub_bufs;
    return 0;
}

double nr_en_per_bit_fj(double dyn_fj, double static_fj_cycle, double accepted, int k,
                        int width_bits)
{
    const double bits = accepted * k * width_bits;
    if (!(bits > 0)) return NAN;
    return dyn_fj + static_fj_cycle / bits;
}

double nr_en_area(const nr_en_org *o)
{
    const double k = o->k;
    if (o->org == NR_EN_HC)
        return o->rows == o->cols && o->hc_lanes == 1 ? nr_t1_hc(k, o->rows).area : NAN;
    if (o->org == NR_EN_FC && o->r == 1) return o->speedup == 1 ? nr_t1_cn(k).area : NAN;
    if (o->org == NR_EN_FC) {
        if (o->speedup == 1 && o->top_speedup == 1) return nr_t1_fc_area_m(k, o->r, o->m);
        if (o->k == 64 && o->r == 16 && o->m == 6 && o->speedup == 2 && o->top_speedup == 2)
            return 24640; /* [ACK12] Table 2, fc6-isu2 */
        return NAN;
    }
    if (o->org == NR_EN_BB && o->speedup == 1)
        return 0.75 * nr_t1_fc_area_m(k, o->r, o->m);                   /* [ACK12 §5.4] */
    if (o->org == NR_EN_FT && o->speedup == 1) return nr_t1_ft(k).area; /* 11664 at k = 64 */
    if (o->org == NR_EN_HX && o->speedup == 1) return nr_t1_hx(k).area; /* 25600 at k = 64 */
    return NAN;
}
