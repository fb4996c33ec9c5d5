/* energy_report.c - seed 001 Fig 12 in the kit: the tables of make energy
 * (scripts/energy.sh runs the simulations and the energy model; this joins
 * them). docs/results.md section 4.3 says what the figures mean.
 *
 * usage: energy_report --orgs "ORG:CFG ..." --pats "NAME:PATTERN ..."
 *                      --fixed LOAD --out DIR MODEL.csv RUNS.csv
 *
 * MODEL.csv is sw_counts --energy --pattern's CSV for every configuration,
 * pattern, seed and reading (alt none, rw, xbit); RUNS.csv every rtr_sim run
 * of the sweep (columns found by name). For each organization (the first is
 * the reference, hc), pattern and seed, at the operating point (the highest
 * offered load up to which every load of the grid is sustained: accepted >=
 * 0.95 x the deliverable offered load, mean latency <= 3 x the latency at
 * the lowest load; the lowest load if none is) and at the fixed load LOAD:
 * energy per delivered bit = dynamic + off-chip (with it, or not) + static /
 * delivered bits, EDP = energy x latency, EDAP = EDP x area. Seeds of a
 * pattern (100RP has several) are averaged. Writes in DIR:
 *   energy_points.csv  every (organization, pattern, seed, reading, off-chip)
 *   energy.md          the main table, relative to the first organization
 *   energy_fig12.csv   per pattern: saturation throughput and energy, EDP,
 *                      EDAP relative to the first organization (the plot's)
 *   energy_claims.md   the seed's claims beside the kit's figures
 * Exit 0; 2 on bad usage, an unreadable file, a missing column, a run
 * without its energy model, or an organization or pattern the claims need
 * (hc first, fc, fc6; UR, TR, BR) missing. */
#define _POSIX_C_SOURCE 200809L
#include "csvtab.h"
#include "nr_out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 32
#define NALT 3
static const char *const ALT[NALT] = {"none", "rw", "xbit"};

typedef struct {
    int cnt;
    double load, acc, lat, e, edp, edap, sat, fe, fedp, fedap, fl;
} agg_t;

typedef struct {
    char *on[MAXN], *cn[MAXN], *sn[MAXN], *pn[MAXN];
    int no, np;
    double fixed;
    csvtab m, r;
    int mc[11], rc[7];
    agg_t a[MAXN][MAXN][NALT][2];
    FILE *points;
} en_t;

enum { M_CFG, M_PAT, M_SEED, M_ALT, M_DYN, M_STAT, M_AREA, M_NOPATH, M_PORTS, M_WIDTH, M_OFFC };
enum { R_CFG, R_PAT, R_SEED, R_LOAD, R_OFF, R_ACC, R_LAT };

static int die(const char *msg, const char *a, const char *b)
{
    fprintf(stderr, "energy_report: ");
    fprintf(stderr, msg, a, b);
    fprintf(stderr, "\n");
    return 2;
}

/* "A:B C:D ..." into two lists */
static int pairs(const char *spec, char **x, char **y, int *n)
{
    char *s = strdup(spec), *save = NULL;
    *n = 0;
    for (char *w = strtok_r(s, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        char *c = strchr(w, ':');
        if (!c || c == w || !c[1] || *n == MAXN) return die("'%s' is not NAME:VALUE%s", w, "");
        *c = 0;
        x[*n] = w;
        y[(*n)++] = c + 1;
    }
    return *n ? 0 : die("an empty list%s%s", "", "");
}

/* the model row of (cfg, pattern, seed, alt), or -1 */
static int model(const en_t *e, const char *cfg, const char *pat, const char *seed, const char *alt)
{
    for (int i = 0; i < e->m.nrow; i++) {
        char **r = e->m.row[i];
        if (!strcmp(r[e->mc[M_CFG]], cfg) && !strcmp(r[e->mc[M_PAT]], pat) &&
            !strcmp(r[e->mc[M_SEED]], seed) && !strcmp(r[e->mc[M_ALT]], alt))
            return i;
    }
    return -1;
}

static double mnum(const en_t *e, int row, int col) { return csv_num(e->m.row[row][e->mc[col]]); }

/* energy per delivered bit of model row k at accepted load acc */
static double e_bit(const en_t *e, int k, double acc, int oc)
{
    return mnum(e, k, M_DYN) + oc * mnum(e, k, M_OFFC) +
           mnum(e, k, M_STAT) / (acc * mnum(e, k, M_PORTS) * mnum(e, k, M_WIDTH));
}

/* The runs of one (cfg, pattern, seed): their row indices, in file order. */
static int runs_of(const en_t *e, const char *cfg, const char *pat, const char *seed, int *idx,
                   int max)
{
    int n = 0;
    for (int i = 0; i < e->r.nrow && n < max; i++) {
        char **r = e->r.row[i];
        if (!strcmp(r[e->rc[R_CFG]], cfg) && !strcmp(r[e->rc[R_PAT]], pat) &&
            !strcmp(r[e->rc[R_SEED]], seed))
            idx[n++] = i;
    }
    return n;
}

#define RV(i, c) (e->r.row[i][e->rc[c]])
#define RN(i, c) csv_num(RV(i, c))

/* The operating point of runs idx[0..n-1]: the highest load below which every
 * load is sustained; lo is the lowest load's run. */
static int op_point(const en_t *e, const int *idx, int n, int lo, double nopath)
{
    int best = lo, cur = lo;
    for (;;) {
        int nx = -1;
        for (int m = 0; m < n; m++)
            if (RN(idx[m], R_LOAD) > RN(cur, R_LOAD) &&
                (nx < 0 || RN(idx[m], R_LOAD) < RN(nx, R_LOAD)))
                nx = idx[m];
        if (nx < 0 || RN(nx, R_ACC) < 0.95 * RN(nx, R_OFF) * (1 - nopath) ||
            RN(nx, R_LAT) > 3 * RN(lo, R_LAT))
            break;
        best = cur = nx;
    }
    return best;
}

/* One seed of (organization i, pattern j): its points rows, into the sums. */
static int one_seed(en_t *e, int i, int j, const char *pname, const char *seed)
{
    int idx[1024], n = runs_of(e, e->cn[i], pname, seed, idx, 1024);
    int k0 = model(e, e->cn[i], pname, seed, "none");
    if (k0 < 0) {
        fprintf(stderr, "energy_report: no model for %s %s %s\n", e->cn[i], pname, seed);
        return 2;
    }
    int lo = -1, top_i = -1, fx = -1;
    double top = 0;
    for (int m = 0; m < n; m++) {
        double l = RN(idx[m], R_LOAD);
        if (lo < 0 || l < RN(lo, R_LOAD)) lo = idx[m];
        if (l >= top) top = l, top_i = idx[m];
        if (l == e->fixed) fx = idx[m];
    }
    int best = op_point(e, idx, n, lo, mnum(e, k0, M_NOPATH));
    for (int a = 0; a < NALT; a++)
        for (int oc = 0; oc <= 1; oc++) {
            int k = model(e, e->cn[i], pname, seed, ALT[a]);
            if (k < 0) {
                fprintf(stderr, "energy_report: no model for %s %s %s %s\n", e->cn[i], pname, seed,
                        ALT[a]);
                return 2;
            }
            double area = mnum(e, k, M_AREA), en = e_bit(e, k, RN(best, R_ACC), oc);
            double edp = en * RN(best, R_LAT), edap = edp * area;
            double fe = fx >= 0 ? e_bit(e, k, RN(fx, R_ACC), oc) : 0;
            double fl = fx >= 0 ? RN(fx, R_LAT) : 0, sat = top_i >= 0 ? RN(top_i, R_ACC) : 0;
            fprintf(e->points,
                    "%s,%s,%s,%s,%s,%d,%.6g,%s,%s,%.2f,%.1f,%.4g,%s,%s,%s,%.2f,%.1f,%.4g\n",
                    e->on[i], e->cn[i], e->sn[j], seed, ALT[a], oc, RN(best, R_LOAD),
                    RV(best, R_ACC), RV(best, R_LAT), en, edp, edap,
                    top_i >= 0 ? RV(top_i, R_ACC) : "", fx >= 0 ? RV(fx, R_ACC) : "",
                    fx >= 0 ? RV(fx, R_LAT) : "0", fe, fe * fl, fe * fl * area);
            agg_t *g = &e->a[i][j][a][oc];
            g->cnt++;
            g->load += RN(best, R_LOAD), g->acc += RN(best, R_ACC), g->lat += RN(best, R_LAT);
            g->e += en, g->edp += edp, g->edap += edap, g->sat += sat;
            g->fe += fe, g->fedp += fe * fl, g->fedap += fe * fl * area, g->fl += fl;
        }
    return 0;
}

static int cmp_seed(const void *a, const void *b)
{
    double x = atof(*(char *const *)a), y = atof(*(char *const *)b);
    return x < y ? -1 : x > y;
}

/* every organization and pattern: points and averages over seeds */
static int points(en_t *e)
{
    fprintf(e->points, "org,cfg,pattern,seed,alt,offchip,op_load,op_accepted,op_lat,op_e_fj,op_edp,"
                       "op_edap,sat_accepted,fx_accepted,fx_lat,fx_e_fj,fx_edp,fx_edap\n");
    for (int i = 0; i < e->no; i++)
        for (int j = 0; j < e->np; j++) {
            /* rtr_sim prints two patterns under their canonical names */
            const char *p = e->pn[j];
            const char *pname = !strcmp(p, "tr") ? "transpose-random" : p;
            const char *seeds[256];
            int ns = 0;
            for (int r = 0; r < e->r.nrow && ns < 256; r++) {
                if (strcmp(RV(r, R_CFG), e->cn[i]) || strcmp(RV(r, R_PAT), pname)) continue;
                int dup = 0;
                for (int q = 0; q < ns && !dup; q++) dup = !strcmp(seeds[q], RV(r, R_SEED));
                if (!dup) seeds[ns++] = RV(r, R_SEED);
            }
            qsort(seeds, (size_t)ns, sizeof seeds[0], cmp_seed);
            for (int q = 0; q < ns; q++)
                if (one_seed(e, i, j, pname, seeds[q])) return 2;
            for (int a = 0; a < NALT; a++)
                for (int oc = 0; oc <= 1; oc++) {
                    agg_t *g = &e->a[i][j][a][oc];
                    if (!g->cnt) continue;
                    double n = g->cnt;
                    g->load /= n, g->acc /= n, g->lat /= n, g->e /= n, g->edp /= n;
                    g->edap /= n, g->sat /= n, g->fe /= n, g->fedp /= n, g->fedap /= n;
                    g->fl /= n;
                }
        }
    return 0;
}

static void main_table(const en_t *e, FILE *md)
{
    fprintf(md,
            "| pattern | org | saturation throughput | operating load | accepted there | mean "
            "latency (cycles) | energy (fJ/bit) | energy / hc | EDP / hc | EDAP / hc | at %.6g: "
            "energy / hc | EDP / hc | EDAP / hc |\n",
            e->fixed);
    fprintf(md, "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int j = 0; j < e->np; j++)
        for (int i = 0; i < e->no; i++) {
            const agg_t *g = &e->a[i][j][0][0], *h = &e->a[0][j][0][0];
            if (!g->cnt) continue;
            char fxs[96] = "- | - | -";
            if (g->fe > 0 && h->fe > 0)
                snprintf(fxs, sizeof fxs, "%.2f | %.2f | %.2f", g->fe / h->fe, g->fedp / h->fedp,
                         g->fedap / h->fedap);
            fprintf(md,
                    "| %s | %s | %.3f | %.2f | %.3f | %.1f | %.0f | %.2f | %.2f | %.3f | %s |\n",
                    i == 0 ? e->sn[j] : "", e->on[i], g->sat, g->load, g->acc, g->lat, g->e,
                    g->e / h->e, g->edp / h->edp, g->edap / h->edap, fxs);
        }
}

static void fig12(const en_t *e, FILE *f)
{
    static const char *const what[] = {"thr", "e", "edp", "edap"};
    fprintf(f, "pattern");
    for (int w = 0; w < 4; w++)
        for (int i = 0; i < e->no; i++) fprintf(f, ",%s_%s", what[w], e->on[i]);
    fprintf(f, "\n");
    for (int j = 0; j < e->np; j++) {
        const agg_t *h = &e->a[0][j][0][0];
        fprintf(f, "%s", e->sn[j]);
        for (int i = 0; i < e->no; i++) fprintf(f, ",%.4f", e->a[i][j][0][0].sat);
        for (int i = 0; i < e->no; i++) fprintf(f, ",%.4f", e->a[i][j][0][0].e / h->e);
        for (int i = 0; i < e->no; i++) fprintf(f, ",%.4f", e->a[i][j][0][0].edp / h->edp);
        for (int i = 0; i < e->no; i++) fprintf(f, ",%.4f", e->a[i][j][0][0].edap / h->edap);
        fprintf(f, "\n");
    }
}

/* ---- the claims of the seed, beside the kit's figures ---- */

/* the four readings of a claim: (alt, off-chip) */
static const int READ_ALT[4] = {0, 0, 1, 2}, READ_OC[4] = {0, 1, 0, 0};

static int org_ix(const en_t *e, const char *o)
{
    for (int i = 0; i < e->no; i++)
        if (!strcmp(e->on[i], o)) return i;
    return -1;
}
static int pat_ix(const en_t *e, const char *p)
{
    for (int j = 0; j < e->np; j++)
        if (!strcmp(e->sn[j], p)) return j;
    return -1;
}
static double metric(const agg_t *g, char w)
{
    return w == 'E' ? g->e : w == 'P' ? g->edp : g->edap;
}
/* organization o's metric w relative to the first organization's */
static double rel(const en_t *e, char w, int o, int j, int rd)
{
    return metric(&e->a[o][j][READ_ALT[rd]][READ_OC[rd]], w) /
           metric(&e->a[0][j][READ_ALT[rd]][READ_OC[rd]], w);
}
static const char *v_pct(double v, double s)
{
    return v >= s - 10 && v <= s + 10 ? "agree (within 10 points)" : "**disagree**";
}
static const char *v_x(double v, double s)
{
    return v >= s / 1.25 && v <= s * 1.25 ? "agree (within 25 %)" : "**disagree**";
}

/* kinds: M the best saving of fc over the patterns (percent); A the saving
 * of org on pat (percent); X org's factor over hc on pat; F fc6's factor
 * over fc on pat; B on how many patterns org is the lowest among Fig 12's
 * five (fig12_org: bb, ftd and hxm aside); T on which patterns org is below
 * hc, the seed's being pat alone. The metric: E energy, P EDP, D EDAP. */
/* [ACK12] Fig 12's organizations: hc, fc, fc6, fc6-isu2 and hvx (our hxv). */
static int fig12_org(const char *o)
{
    static const char *const f[] = {"hc", "fc", "fc6", "fc6-isu2", "hxv"};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        if (!strcmp(o, f[i])) return 1;
    return 0;
}

typedef struct {
    char kind, w;
    const char *org, *pat, *text;
    double seed;
} claim_t;
static const claim_t CLAIMS[] = {
    {'M', 'P', "fc", NULL, "fc: up to 58 % less EDP than hc (abstract)", 58},
    {'M', 'D', "fc", NULL, "fc: up to 87 % less EDAP than hc (abstract)", 87},
    {'A', 'E', "fc", "UR", "fc: 35 % less energy than hc on UR (§7)", 35},
    {'A', 'E', "fc", "TR", "fc: 53 % less energy than hc on TR (§7)", 53},
    {'X', 'E', "fc", "TR", "fc: 2.1x lower energy than hc on TR (§5.3)", 2.1},
    {'X', 'D', "fc", "TR", "fc: 7.8x better EDAP than hc on TR (§5.3)", 7.8},
    {'X', 'P', "fc6", "UR", "fc6: 1.2x better EDP than hc on UR (§7)", 1.2},
    {'X', 'P', "fc6", "TR", "fc6: 2.4x better EDP than hc on TR (§5.3, §7)", 2.4},
    {'F', 'P', "fc6", "BR", "fc6: 1.2x lower EDP than fc on BR (§5.3)", 1.2},
    {'B', 'E', "fc", NULL, "fc consumes the lowest energy (§5.3)", 0},
    {'B', 'D', "fc", NULL, "fc has the best EDAP (§5.3)", 0},
    {'B', 'P', "fc6", NULL, "fc6 has the best EDP (§5.3)", 0},
    {'T', 'P', "hxv", "TR",
     "hvx (hxv): its merit over hc limited to TR (§5.3; EDP, the seed names no metric)", 0},
};

static void claim(const en_t *e, const claim_t *c, FILE *f)
{
    char vals[4][96];
    double v1 = 0;
    int o = org_ix(e, c->org), j = c->pat ? pat_ix(e, c->pat) : -1;
    for (int rd = 0; rd < 4; rd++) {
        double v = 0;
        if (c->kind == 'M') {
            double best = -1e9;
            int bj = 0;
            for (int q = 0; q < e->np; q++) {
                double x = 100 * (1 - rel(e, c->w, o, q, rd));
                if (x > best) best = x, bj = q;
            }
            snprintf(vals[rd], sizeof vals[rd], "%.0f %% (%s)", best, e->sn[bj]);
            v = best;
        } else if (c->kind == 'A') {
            v = 100 * (1 - rel(e, c->w, o, j, rd));
            snprintf(vals[rd], sizeof vals[rd], "%.0f %%", v);
        } else if (c->kind == 'T') { /* the patterns where org is below hc; TR's bit 0 */
            int n = 0, on = 0, at = 0;
            for (int q = 0; q < e->np; q++)
                if (rel(e, c->w, o, q, rd) < 1) n++, on |= q == j, at += n == 1 ? q : 0;
            snprintf(vals[rd], sizeof vals[rd], "below hc on %d of %d patterns%s%s", n, e->np,
                     n == 1 ? ": "
                     : on   ? ", TR among them"
                            : "",
                     n == 1 ? e->sn[at] : "");
            v = n == 1 && on ? 0 : on ? 1 : 2;
        } else if (c->kind == 'X' || c->kind == 'F') {
            v = c->kind == 'X' ? 1 / rel(e, c->w, o, j, rd)
                               : rel(e, c->w, org_ix(e, "fc"), j, rd) / rel(e, c->w, o, j, rd);
            snprintf(vals[rd], sizeof vals[rd], "%.2fx", v);
        } else {
            int nwin = 0;
            for (int q = 0; q < e->np; q++) {
                int bi = 0;
                double bv = 1e300;
                for (int i = 0; i < e->no; i++) {
                    double x = metric(&e->a[i][q][READ_ALT[rd]][READ_OC[rd]], c->w);
                    if (fig12_org(e->on[i]) && x < bv) bv = x, bi = i;
                }
                nwin += bi == o;
            }
            snprintf(vals[rd], sizeof vals[rd], "%s lowest on %d of %d patterns", c->org, nwin,
                     e->np);
            v = nwin;
        }
        if (rd == 0) v1 = v;
    }
    char seed[32];
    const char *verdict;
    if (c->kind == 'M' || c->kind == 'A') {
        snprintf(seed, sizeof seed, "%d %%", (int)c->seed);
        verdict = v_pct(v1, c->seed);
    } else if (c->kind == 'B') {
        snprintf(seed, sizeof seed, "all");
        verdict = v1 >= e->np - 1 ? "agree" : v1 > 0 ? "**partly**" : "**disagree**";
    } else if (c->kind == 'T') {
        snprintf(seed, sizeof seed, "%s only", c->pat);
        verdict = v1 == 0 ? "agree" : v1 == 1 ? "**partly**" : "**disagree**";
    } else {
        snprintf(seed, sizeof seed, "%.1fx", c->seed);
        verdict = v_x(v1, c->seed);
    }
    fprintf(f, "| %s | %s | %s | %s | %s | %s | %s |\n", c->text, seed, vals[0], vals[1], vals[2],
            vals[3], verdict);
}

static int claims(const en_t *e, FILE *f)
{
    static const char *const orgs[] = {"fc", "fc6"}, *const pats[] = {"UR", "TR", "BR"};
    if (strcmp(e->on[0], "hc")) return die("the first organization is %s, not hc%s", e->on[0], "");
    for (int k = 0; k < 2; k++)
        if (org_ix(e, orgs[k]) < 0) return die("the claims need organization %s%s", orgs[k], "");
    for (int k = 0; k < 3; k++)
        if (pat_ix(e, pats[k]) < 0) return die("the claims need pattern %s%s", pats[k], "");
    fprintf(f, "| claim [ACK12] | seed | kit | kit, off-chip 1 pJ/bit included | kit, reading "
               "rw | kit, reading xbit | verdict |\n|---|---|---|---|---|---|---|\n");
    /* area: Table 1 at k = 64 (the same for every pattern) */
    int kf = model(e, e->cn[org_ix(e, "fc")], "uniform", "1", "none");
    int kh = model(e, e->cn[0], "uniform", "1", "none");
    if (kf < 0 || kh < 0) return die("no uniform seed 1 model for the area claim%s%s", "", "");
    double av = 100 * (1 - mnum(e, kf, M_AREA) / mnum(e, kh, M_AREA));
    fprintf(f,
            "| fc: up to 73 %% less area than hc (abstract) | 73 %% | %.1f %% | = | = | = | "
            "%s |\n",
            av, av >= 68 && av <= 78 ? "agree (Table 1 formula, no simulation)" : "**disagree**");
    for (size_t k = 0; k < sizeof CLAIMS / sizeof CLAIMS[0]; k++)
        if (CLAIMS[k].kind != 'T' || org_ix(e, CLAIMS[k].org) >= 0) /* hxv's row: if it ran */
            claim(e, &CLAIMS[k], f);
    return 0;
}

/* The report's files are written whole or not at all (nr_out.h): one open
 * output at a time, in o. */
static nr_out_t out_;

static FILE *out_file(const char *dir, const char *name, char *path, size_t n)
{
    char err[600];
    snprintf(path, n, "%s/%s", dir, name);
    if (nr_out_open(&out_, path, NR_OUT_WHOLE, err, sizeof err)) {
        fprintf(stderr, "energy_report: %s\n", err);
        return NULL;
    }
    return out_.f;
}

/* 0, or 1 when the file could not be written whole (nothing of it left). */
static int close_file(FILE *f, const char *path)
{
    char err[600];
    (void)f;
    (void)path;
    if (nr_out_close(&out_, err, sizeof err)) {
        fprintf(stderr, "energy_report: %s\n", err);
        return 1;
    }
    return 0;
}

static int load(en_t *e, const char *model_csv, const char *runs_csv)
{
    static const char *const mn[] = {
        "cfg",  "pattern",     "seed",  "alt",        "dyn_fj_bit",     "static_fj_cycle",
        "area", "nopath_frac", "ports", "width_bits", "offchip_fj_bit", NULL};
    static const char *const rn[] = {"cfg",     "pattern",  "seed",     "load",
                                     "offered", "accepted", "lat_mean", NULL};
    if (csv_load(&e->m, model_csv) || csv_need(&e->m, mn) || csv_load(&e->r, runs_csv) ||
        csv_need(&e->r, rn))
        return 2;
    for (int k = 0; mn[k]; k++) e->mc[k] = csv_col(&e->m, mn[k]);
    for (int k = 0; rn[k]; k++) e->rc[k] = csv_col(&e->r, rn[k]);
    return 0;
}

int main(int argc, char **argv)
{
    static en_t e;
    const char *orgs = NULL, *pats = NULL, *fixed = NULL, *dir = NULL;
    int k = 1;
    csv_prog("energy_report");
    for (; k + 1 < argc && argv[k][0] == '-'; k += 2) {
        const char **v = !strcmp(argv[k], "--orgs")    ? &orgs
                         : !strcmp(argv[k], "--pats")  ? &pats
                         : !strcmp(argv[k], "--fixed") ? &fixed
                         : !strcmp(argv[k], "--out")   ? &dir
                                                       : NULL;
        if (!v) break;
        *v = argv[k + 1];
    }
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf(
            "usage: energy_report --orgs \"ORG:CFG ...\" --pats \"NAME:PATTERN ...\" --fixed LOAD "
            "--out DIR MODEL.csv RUNS.csv\n(tb/tools/energy_report.c says what it writes)\n");
        return 0;
    }
    char *end = NULL;
    if (!orgs || !pats || !fixed || !dir || k != argc - 2) {
        fprintf(stderr, "usage: energy_report --orgs \"ORG:CFG ...\" --pats \"NAME:PATTERN ...\" "
                        "--fixed LOAD --out DIR MODEL.csv RUNS.csv\n");
        return 2;
    }
    e.fixed = strtod(fixed, &end);
    if (*end || end == fixed) return die("--fixed %s: not a load%s", fixed, "");
    if (pairs(orgs, e.on, e.cn, &e.no) || pairs(pats, e.sn, e.pn, &e.np) ||
        load(&e, argv[k], argv[k + 1]))
        return 2;
    char p1[4096], p2[4096], p3[4096], p4[4096];
    FILE *md = NULL, *dat = NULL, *cl = NULL;
    /* an output that cannot be opened: 2; one that fails at a write: 1 */
    if (!(e.points = out_file(dir, "energy_points.csv", p1, sizeof p1))) return 2;
    if (points(&e)) {
        nr_out_abort(&out_);
        return 2;
    }
    if (close_file(e.points, p1)) return 1;
    if (!(md = out_file(dir, "energy.md", p2, sizeof p2))) return 2;
    main_table(&e, md);
    if (close_file(md, p2)) return 1;
    if (!(dat = out_file(dir, "energy_fig12.csv", p3, sizeof p3))) return 2;
    fig12(&e, dat);
    if (close_file(dat, p3)) return 1;
    if (!(cl = out_file(dir, "energy_claims.md", p4, sizeof p4))) return 2;
    int rc = claims(&e, cl);
    return close_file(cl, p4) ? 1 : rc;
}
