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
#include <string.h>

#include "nr_nwn.h"

static int pow2(int x) { return x > 0 && (x & (x - 1)) == 0; }

/* The structural part of docs/nwn-arch.md section 3 that the counts need. */
static int shape_ok(const nr_nwn_params *p, char *err, int errlen) {
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

int nr_nwn_counts(const nr_nwn_params *p, nr_sw_counts *c, char *err, int errlen) {
    if (shape_ok(p, err, errlen)) return -1;
    memset(c, 0, sizeof *c);
    const long k = p->num_ports, R = p->r, M = p->m, S = p->speedup;
    const long n = k / R;
    const long self = p->self_turn ? 0 : n; /* diagonal left out per bottom */
    const long bottom = S * (n * n - self + 2 * n * M);
    for (int i = 0; i < NR_PATH_N; i++) c->fanout[i] = -1;
    c->fanout[NR_PATH_LOCAL] = (int)(n - 1 + M); /* IU: other ports + up-links */
    if (!p->bb) {
        /* fc, and cn as the fc with one bottom and no tops */
        c->subswitches = (int)(R + M);
        const long St = p->top_speedup > 1 ? p->top_speedup : 1; /* TopSpeedup: lanes per top input */
        c->xpoints = R * bottom + St * M * R * (R - 1);
        /* Table 1's accounting: bottoms (n+m)^2 - m^2, tops r^2 (rk + 3k^2/r at m = n) */
        c->xpoints_seed = R > 1 ? R * ((n + M) * (n + M) - M * M) + M * R * R : k * k;
        c->sub_buffers = 2 * R * M;
        c->channels = 2 * R * M;
        if (R > 1)
            c->fanout[NR_PATH_TURN] = (int)((n - 1 + M) + (R - 1) + n);
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
    c->buf_phits = c->sub_buffers * p->num_vcs * p->buf_depth;
    c->fanout_max = 0;
    for (int i = 0; i < NR_PATH_N; i++)
        if (c->fanout[i] > c->fanout_max) c->fanout_max = c->fanout[i];
    return 0;
}

int nr_yarc_counts(const nr_yarc_params *p, nr_sw_counts *c, char *err, int errlen) {
    if (!pow2(p->rows) || !pow2(p->cols) || p->rows < 2 || p->cols < 2 ||
        p->rows * p->cols > NR_MAX_PORTS) {
        snprintf(err, errlen, "Rows=%d Cols=%d: powers of two, 2..8 each", p->rows, p->cols);
        return -1;
    }
    memset(c, 0, sizeof *c);
    const long k = (long)p->rows * p->cols;
    for (int i = 0; i < NR_PATH_N; i++) c->fanout[i] = -1;
    c->subswitches = (int)k;              /* one Cols x Rows subswitch per tile */
    /* lanes per subswitch input (row): SubSpeedup, at most NumVcs
     * (yarc-arch 6); the seeds' p x p subswitch is one lane */
    const int ss = p->sub_speedup ? p->sub_speedup : 4;
    const long lanes = ss < p->num_vcs ? ss : p->num_vcs;
    c->xpoints = k * p->cols * p->rows * lanes; /* = k^2 with one lane */
    c->xpoints_seed = k * k;              /* Table 1: k^2 */
    /* row buffers (Cols per tile) and column buffers (Rows per tile): 2k^2/p */
    c->sub_buffers = k * (p->rows + p->cols);
    c->buf_phits = k * p->num_vcs * ((long)p->cols * p->row_buf_depth + (long)p->rows * p->col_buf_depth);
    c->channels = k + k * p->rows;        /* row buses + column channels */
    /* the row bus drives Cols row buffers, the subswitch Rows outputs, the
     * output multiplexer one port: k/p + p + 1 for a square p x p tile grid */
    c->fanout[NR_PATH_LOCAL] = p->cols + p->rows + 1;
    c->fanout_max = c->fanout[NR_PATH_LOCAL];
    return 0;
}

/* ---- seed 001 Table 1 (lines 105-109), real-valued ----
 * Rows: subswitch buffers, aggregate fanout, total crosspoints, switch area.
 * The area is "normalized to the square of a channel pitch, and includes the
 * area of buffers, crossbars, and the global wires used for the channels
 * between subswitches" (line 128). */

/* x^(1/n) for n = 2 or 3, exact when k is a perfect square or cube, so that
 * Table 2's integers (k = 64) come out exactly. */
static double root_n(double k, int n) {
    const double x = n == 2 ? sqrt(k) : cbrt(k), xr = nearbyint(x);
    const double back = n == 2 ? xr * xr : xr * xr * xr;
    return back == k ? xr : x;
}

nr_t1_row nr_t1_cn(double k) {
    return (nr_t1_row){.buffers = NAN, .fanout = k - 1, .xpoints = k * k, .area = k * k};
}

nr_t1_row nr_t1_hc(double k, double p) {
    return (nr_t1_row){.buffers = 2 * k * k / p,
                       .fanout = k / p + p + 1,
                       .xpoints = k * k,
                       .area = k / p * (k * k + 2 * p * p)};
}

nr_t1_row nr_t1_fc(double k, double r) {
    return (nr_t1_row){.buffers = 2 * k,
                       .fanout = 3 * k / r + r - 2,
                       .xpoints = r * k + 3 * k * k / r,
                       .area = 1.5 * k * (4 * k / r + k + r)};
}

nr_t1_row nr_t1_ft(double k) {
    const double s = root_n(k, 2);
    return (nr_t1_row){.buffers = k * s,
                       .fanout = 0.75 * k + 1.25 * s - 1,
                       .xpoints = k * (2 * s + 0.75 * k),
                       .area = 2.25 * k * (s + 1) * (s + 1)};
}

nr_t1_row nr_t1_hx(double k) {
    const double c = root_n(k, 3);
    const double x = 5 * (c - 1) * c, a = 1.5 * (5 * c - 4) * c + k;
    return (nr_t1_row){.buffers = 4 * c * c * (c - 1),
                       .fanout = 25 * (c - 1),
                       .xpoints = x * x,
                       .area = a * a};
}

nr_t1_row nr_t1_fig5(int org, double k) {
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

const char *nr_t1_name(int org) {
    static const char *const n[NR_T1_N] = {"cn", "hc", "fc", "ft", "hx"};
    return org >= 0 && org < NR_T1_N ? n[org] : NULL;
}

/* Table 1 writes the fc area as (3/2)k x (4k/r + k + r); with n = k/r = m
 * that is (r/2)(3n) x (4n + rn + r). The kit reads the factors as
 * (r/2)(n + 2m) and 2(n + m) + rm + r: among the splits
 * (r/2)(a n + b m) x (c n + d m + r(e n + f m) + r) with non-negative integers
 * a + b = 3, c + d = 4, e + f = 1 it is the only one that also gives
 * Table 2's fc6 (16896 at k = 64, r = 16, m = 6). */
double nr_t1_fc_area_m(double k, double r, double m) {
    const double n = k / r;
    return r / 2 * (n + 2 * m) * (2 * (n + m) + r * m + r);
}
