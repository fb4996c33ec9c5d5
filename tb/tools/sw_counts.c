/* sw_counts.c - complexity counts of named configurations (docs/nwn-arch.md
 * section 10): crosspoints as built and by seed 001's Table 1 formula,
 * subswitch buffers, internal buffer phits, internal global channels,
 * subswitches and aggregate fanout, as a markdown table.
 *
 *   sw_counts [--cfg-file PATH] NAME...
 *   sw_counts --table2          seed 001 Table 2 (k = 64) from Table 1's formulas
 *   sw_counts --scaling [--csv] seed 001 Fig 5: Table 1 relative to hc, k = 8..128
 *   sw_counts --energy [--cfg-file PATH] NAME...
 *                               the energy model ([ACK12 §5.1]) of each
 *                               configuration: path energies and static power
 *   sw_counts --energy --pattern P [--seed N] [--alt A] [--cfg-file PATH] NAME...
 *                               CSV: the pattern's mean dynamic energy per bit
 *                               over its (source, destination) pairs, static
 *                               power per cycle and the area for EDAP
 *                               (docs/results.md section 4.3)
 *
 * --table2 and --scaling print the seed's formulas (nr_t1_*), not counts of
 * what the kit builds (docs/results.md section 4.0).
 *
 * Exit 0, or 2 on an unknown configuration or a bad parameter (file:line). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nr_cli.h"
#include "nr_out.h"
#include "nr_nwn.h"
#include "nr_rng.h"
#include "nr_traffic.h"
#include "catalog/org.h"

/* The parameters of named configuration `name` of file into *p (cap bytes),
 * and its organization; dies on an error. */
static const rtr_org *org_params(nr_cli_t *c, const char *file, const char *name, void *p,
                                 size_t cap)
{
    rtr_namedcfg nc;
    char err[1024];
    if (rtr_cfg_lookup(file, name, &nc, err, sizeof err)) nr_cli_die(c, "%s", err);
    const rtr_org *o = rtr_org_of(&nc, err, sizeof err);
    if (!o) nr_cli_die(c, "%s", err);
    if (o->params_size > cap) nr_cli_die(c, "%s: parameter struct too large", name);
    if (rtr_org_params(o, &nc, p, err, sizeof err)) nr_cli_die(c, "%s", err);
    return o;
}

static const nr_cli_opt_t opts[] = {
    {"cfg-file", "PATH", "configurations file (default $NR_CONFIGS, else configs/configs.txt)"},
    {"table2", NULL, "[ACK12] Table 2 at k = 64 from Table 1's formulas, beside the seed's values"},
    {"scaling", NULL, "[ACK12] Fig 5: Table 1 relative to hc for k = 8, 16, 32, 64, 128"},
    {"csv", NULL, "with --scaling: CSV instead of markdown"},
    {"energy", NULL, "[ACK12] §5.1 energy model of the configurations (docs/results.md 4.3)"},
    {"pattern", "NAME", "with --energy: CSV of the pattern's mean path energy (rtr_sim's names)"},
    {"seed", "N",
     "with --pattern: seed of the pattern (randperm's permutation), as rtr_sim --seed"},
    {"alt", "NAME",
     "with --energy: another reading of §5.1: rw (40 fJ read, 10 fJ write, "
     "both buffers), xbit (crosspoint static per data bit), none"},
    {NULL, NULL, NULL},
};

/* ---- [ACK12] Table 2: k = 64, p = 8, r = 16 ---- */

enum { T2_CN, T2_HC, T2_FC, T2_FC6, T2_FC6ISU2, T2_FT, T2_HX, T2_N };
static const char *const t2_col[T2_N] = {"cn", "hc", "fc", "fc6", "fc6-isu2", "ft", "hx"};
/* NAN: no value in the seed. Table 2's fanout row has six values for
 * seven columns; 57 is placed under ft and "45 ~ 75" under hx, leaving
 * fc6-isu2 empty (docs/nwn-arch.md section 10.3). */
static const double t2_buf[T2_N] = {NAN, 1024, 128, 192, 192, 512, 192};
static const double t2_fan_lo[T2_N] = {63, 17, 26, 28, NAN, 57, 45};
static const double t2_fan_hi[T2_N] = {63, 17, 26, 28, NAN, 57, 75};
static const double t2_xp[T2_N] = {4096, 4096, 1664, 2400, 3872, 4096, 3600};
static const double t2_area[T2_N] = {4096, 33792, 9216, 16896, 24640, 11664, 25600};

static int same(double a, double b) { return fabs(a - b) < 1e-9 * (fabs(b) + 1); }

static void num(char *buf, int n, double v)
{
    if (isnan(v))
        snprintf(buf, (size_t)n, "-");
    else
        snprintf(buf, (size_t)n, "%.10g", v);
}
/* %.10g prints at most 16 characters ("-1.234567891e+100") */

/* seed / Table 1, agree or disagree */
static void cell(char *buf, int n, double seed_lo, double seed_hi, double t1)
{
    char a[48], b[24];
    num(b, sizeof b, t1);
    if (isnan(seed_lo)) {
        snprintf(buf, (size_t)n, "- / %s", b);
        return;
    }
    if (seed_lo != seed_hi)
        snprintf(a, sizeof a, "%.10g ~ %.10g", seed_lo, seed_hi);
    else
        num(a, sizeof a, seed_lo);
    const char *v = isnan(t1)           ? "no formula"
                    : same(seed_hi, t1) ? (seed_lo != seed_hi ? "agree (upper end)" : "agree")
                                        : "**disagree**";
    snprintf(buf, (size_t)n, "%s / %s %s", a, b, v);
}

static void print_table2(void)
{
    const double k = 64, p = 8, r = 16;
    nr_t1_row t[T2_N];
    const nr_t1_row none = {NAN, NAN, NAN, NAN};
    t[T2_CN] = nr_t1_cn(k);
    t[T2_HC] = nr_t1_hc(k, p);
    t[T2_FC] = nr_t1_fc(k, r);
    t[T2_FC6] = none;
    t[T2_FC6].area = nr_t1_fc_area_m(k, r, 6);
    t[T2_FC6ISU2] = none;
    t[T2_FT] = nr_t1_ft(k);
    t[T2_HX] = nr_t1_hx(k);
    static const char *const formula[T2_N] = {
        "Table 1: k^2",
        "Table 1: (k/p)(k^2 + 2p^2)",
        "Table 1: (3/2)k(4k/r + k + r)",
        "kit's extension to m = 6: (r/2)(n + 2m)(2(n + m) + rm + r), n = k/r",
        "none (Table 1 has no speedup)",
        "Table 1: (9/4)k(k^(1/2) + 1)^2",
        "Table 1: ((3/2)(5k^(1/3) - 4)k^(1/3) + k)^2",
    };
    printf("Switch area at k = 64, p = 8, r = 16 (channel pitches squared)\n\n");
    printf("| column | formula | seed Table 2 | computed | |\n|---|---|---|---|---|\n");
    for (int i = 0; i < T2_N; i++) {
        char a[32];
        num(a, sizeof a, t[i].area);
        const char *v = isnan(t[i].area)              ? "not modelled"
                        : same(t2_area[i], t[i].area) ? "agree"
                                                      : "**disagree**";
        printf("| %s | %s | %.10g | %s | %s |\n", t2_col[i], formula[i], t2_area[i], a, v);
    }
    printf("\nThe other rows from Table 1's formulas (seed Table 2 / computed)\n\n");
    printf("| column | subswitch buffers | aggregate fanout | total crosspoints |\n"
           "|---|---|---|---|\n");
    for (int i = 0; i < T2_N; i++) {
        if (i == T2_FC6 || i == T2_FC6ISU2) continue; /* Table 1 has m = n only */
        char b[128], f[128], x[128];
        if (isnan(t2_buf[i]) && isnan(t[i].buffers))
            snprintf(b, sizeof b, "N/A / N/A agree");
        else
            cell(b, sizeof b, t2_buf[i], t2_buf[i], t[i].buffers);
        cell(f, sizeof f, t2_fan_lo[i], t2_fan_hi[i], t[i].fanout);
        cell(x, sizeof x, t2_xp[i], t2_xp[i], t[i].xpoints);
        printf("| %s | %s | %s | %s |\n", t2_col[i], b, f, x);
    }
}

/* ---- [ACK12] Fig 5 and §3.2: Table 1 relative to hc ---- */

static const char *const q_name[4] = {"buffers", "fanout", "xpoints", "area"};
static double q_of(const nr_t1_row *r, int q)
{
    return q == 0 ? r->buffers : q == 1 ? r->fanout : q == 2 ? r->xpoints : r->area;
}

/* Quantity q of every organization of row over the hierarchical crossbar's,
 * each printed with fmt (nan where undefined). */
static void print_ratios(const nr_t1_row *row, int q, const char *nan, const char *fmt)
{
    for (int o = 0; o < NR_T1_N; o++) {
        double v = q_of(&row[o], q) / q_of(&row[NR_T1_HC], q);
        if (isnan(v))
            fputs(nan, stdout);
        else
            printf(fmt, v);
    }
}

static void print_scaling(int csv)
{
    static const int ks[] = {8, 16, 32, 64, 128};
    if (csv) {
        printf("k");
        for (int q = 0; q < 4; q++)
            for (int o = 0; o < NR_T1_N; o++) printf(",%s_%s", q_name[q], nr_t1_name(o));
        printf("\n");
    } else {
        printf("| quantity | k | p = sqrt k | r = 2 sqrt k | cn | hc | fc | ft | hx |\n"
               "|---|---|---|---|---|---|---|---|---|\n");
    }
    for (int qq = 0; qq < (csv ? 1 : 4); qq++)
        for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
            const double k = ks[i];
            nr_t1_row row[NR_T1_N];
            for (int o = 0; o < NR_T1_N; o++) row[o] = nr_t1_fig5(o, k);
            if (csv) {
                printf("%d", ks[i]);
                for (int q = 0; q < 4; q++) print_ratios(row, q, ",NaN", ",%.6f");
                printf("\n");
                continue;
            }
            printf("| %s | %d | %.3g | %.3g |", q_name[qq], ks[i], sqrt(k), 2 * sqrt(k));
            print_ratios(row, qq, " N/A |", " %.3f |");
            printf("\n");
        }
}

/* ---- energy ([ACK12 §5.1], docs/results.md section 4.3) ---- */

/* The energy model's view of a named configuration; dies on an error. */
static void en_org_of(nr_cli_t *c, const char *file, const char *name, nr_en_org *o)
{
    _Alignas(8) unsigned char p[1024];
    const rtr_org *org = org_params(c, file, name, p, sizeof p);
    if (!org->energy) nr_cli_die(c, "%s: organization %s has no energy model", name, org->name);
    if (org->energy(p, o)) nr_cli_die(c, "%s: not a shape the energy model knows", name);
}

static const char *en_org_name(const nr_en_org *o)
{
    return o->org == NR_EN_HC   ? "hc"
           : o->org == NR_EN_BB ? "bb"
           : o->org == NR_EN_FT ? "ftd"
           : o->org == NR_EN_HX ? (o->hx == 1 ? "hxv" : "hxm")
           : o->r == 1          ? "cn"
                                : "fc";
}

static void en_alt(nr_cli_t *c, const char *alt, nr_en_coef *k)
{
    nr_en_coef_seed(k);
    if (!strcmp(alt, "rw")) {
        k->inbuf_rd_fj = k->subbuf_rd_fj = 40;
        k->inbuf_wr_fj = k->subbuf_wr_fj = 10;
    } else if (!strcmp(alt, "xbit")) {
        k->xpt_static_per_bit = 1;
    } else if (strcmp(alt, "none")) {
        nr_cli_die(c, "--alt %s: rw, xbit or none", alt);
    }
}

/* The model of each configuration as a markdown table: the per-bit energy of
 * every path shape it has, the static power and the area. */
static void print_energy_model(nr_cli_t *c, const char *file, const char *const *names, int nn,
                               const nr_en_coef *k)
{
    printf("| configuration | path shape (example pair) | subswitch buffers | crossbars (radices) "
           "| internal hops (cycles) | dynamic fJ/bit |\n|---|---|---|---|---|---|\n");
    for (int i = 0; i < nn; i++) {
        nr_en_org o;
        en_org_of(c, file, names[i], &o);
        /* one pair of every path shape: the first pair of each, in port order */
        int shown[4] = {0, 0, 0, 0};
        for (int src = 0; src < o.k; src++)
            for (int dst = 0; dst < o.k; dst++) {
                nr_en_path p;
                if (dst == src || nr_en_path_of(&o, src, dst, &p)) continue;
                const int sh = o.org == NR_EN_HC ? 0
                               : o.org == NR_EN_FT || o.org == NR_EN_HX
                                   ? (p.hops < 4 ? p.hops : 3) /* ftd 0..8 hops, hx 0..3 */
                               : p.xbars == 1  ? 0
                               : p.xbars == 3  ? 1
                               : src < o.k / 2 ? 2
                                               : 3;
                if (shown[sh]) continue;
                shown[sh] = 1;
                char rad[64];
                if (p.xbars == 1)
                    snprintf(rad, sizeof rad, "%.4g", p.radix_sum);
                else
                    snprintf(rad, sizeof rad, "sum %.4g", p.radix_sum);
                static const char *const nwn_shape[4] = {"local turn", "bottom, top, bottom",
                                                         "up-going: bottom, top",
                                                         "down-going: top, bottom"};
                static const char *const ft_shape[4] = {"self turn", "1 hop", "2 hops", "3 hops"};
                static const char *const hx_shape[2][4] = {
                    {"local turn", "1 hop", "2 hops", "-"},
                    {"local turn", "-", "Valiant, the mean over intermediates",
                     "Valiant, the mean over intermediates"}};
                const char *shape = o.org == NR_EN_HC   ? "row bus, subswitch, column channel"
                                    : o.org == NR_EN_FT ? ft_shape[sh]
                                    : o.org == NR_EN_HX ? hx_shape[o.hx == 1][sh]
                                    : o.r == 1          ? "the one k x k crossbar"
                                                        : nwn_shape[sh];
                printf("| %s | %s (%d to %d) | %d | %d (%s) | %d (%d) | %.0f |\n", names[i], shape,
                       src, dst, p.sub_bufs, p.xbars, rad, p.hops, p.wire_cycles,
                       nr_en_path_fj(&p, k));
            }
    }
    printf("\n| configuration | static: wires | crosspoints | input buffers | subswitch buffers "
           "| total pJ/cycle | W at %.0f GHz | switch area for EDAP |\n"
           "|---|---|---|---|---|---|---|---|\n",
           k->clock_ghz);
    for (int i = 0; i < nn; i++) {
        nr_en_org o;
        nr_en_static s;
        en_org_of(c, file, names[i], &o);
        nr_en_static_of(&o, k, &s);
        printf("| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f | %.0f |\n", names[i],
               s.wires / 1000, s.xpoints / 1000, s.in_bufs / 1000, s.sub_bufs / 1000,
               s.total / 1000, s.total * 1e-15 * k->clock_ghz * 1e9, nr_en_area(&o));
    }
}

/* CSV: the pattern's mean path over its pairs, every source weighted by its
 * load; random patterns by 4096 draws per source from the injector's
 * destination streams of `seed` (deterministic: one draw). */
static void print_energy_csv(nr_cli_t *c, const char *file, const char *const *names, int nn,
                             const nr_en_coef *k, const char *pat, uint64_t seed, const char *alt)
{
    const int kind = nr_tp_from_name(pat);
    if (kind < 0) nr_cli_die(c, "--pattern %s: unknown", pat);
    if (kind == NR_TP_HOTSPOT || kind == NR_TP_QUAD || kind == NR_TP_ROWCOL)
        nr_cli_die(c, "--pattern %s: needs parameters the energy table does not take", pat);
    printf("cfg,org,pattern,seed,alt,ports,width_bits,dyn_fj_bit,offchip_fj_bit,nopath_frac,"
           "local_frac,mean_hops,mean_xbars,static_fj_cycle,static_wires,static_xpoints,"
           "static_inbufs,static_subbufs,area\n");
    for (int i = 0; i < nn; i++) {
        nr_en_org o;
        en_org_of(c, file, names[i], &o);
        nr_traffic_cfg_t tc;
        memset(&tc, 0, sizeof tc);
        tc.kind = (nr_tp_kind_t)kind;
        tc.k = o.k;
        nr_traffic_t t;
        memset(&t, 0, sizeof t);
        char err[256];
        if (nr_traffic_init(&t, &tc, seed, err, sizeof err) != NR_TP_OK)
            nr_cli_die(c, "pattern %s: %s", pat, err);
        const int draws = nr_tp_is_deterministic(tc.kind) ? 1 : 4096;
        double w_all = 0, w_ok = 0, e = 0, hops = 0, xb = 0, loc = 0;
        for (int src = 0; src < o.k; src++) {
            nr_rng_t rng;
            nr_rng_stream(&rng, seed, NR_RNG_STREAM(NR_RNG_P_DEST, src));
            const double wt = nr_traffic_src_load(&t, src) / draws;
            for (int d = 0; d < draws; d++) {
                const int dst = nr_traffic_dest(&t, src, &rng);
                nr_en_path p;
                w_all += wt;
                if (nr_en_path_of(&o, src, dst, &p)) continue;
                w_ok += wt;
                e += wt * nr_en_path_fj(&p, k);
                hops += wt * p.hops;
                xb += wt * p.xbars;
                loc += wt * (p.xbars == 1 && o.org != NR_EN_HC);
            }
        }
        nr_traffic_free(&t);
        nr_en_static s;
        nr_en_static_of(&o, k, &s);
        printf(
            "%s,%s,%s,%llu,%s,%d,%d,%.3f,%.1f,%.6f,%.6f,%.6f,%.6f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f\n",
            names[i], en_org_name(&o), nr_tp_name(tc.kind), (unsigned long long)seed, alt, o.k,
            k->width_bits, e / w_ok, 1000.0, 1 - w_ok / w_all, loc / w_ok, hops / w_ok, xb / w_ok,
            s.total, s.wires, s.xpoints, s.in_bufs, s.sub_bufs, nr_en_area(&o));
    }
}

static void fan(char *buf, int n, const nr_sw_counts *c)
{
    static const char *const names[NR_PATH_N] = {"local", "turn", "up", "down"};
    int o = snprintf(buf, (size_t)n, "%d", c->fanout_max);
    const char *sep = " (";
    int any = 0;
    for (int i = 0; i < NR_PATH_N; i++)
        if (c->fanout[i] >= 0 && c->fanout[i] != c->fanout_max) {
            o += snprintf(buf + o, (size_t)(n - o), "%s%s %d", sep, names[i], c->fanout[i]);
            sep = ", ";
            any = 1;
        }
    if (any) snprintf(buf + o, (size_t)(n - o), ")");
}

int main(int argc, char **argv)
{
    const char *file = getenv("NR_CONFIGS") && *getenv("NR_CONFIGS") ? getenv("NR_CONFIGS")
                                                                     : "configs/configs.txt";
    const char *names[64];
    int nn = 0, table2 = 0, scaling = 0, csv = 0, energy = 0, seed_set = 0;
    const char *pattern = NULL, *alt = "none";
    uint64_t seed = 1;
    nr_cli_t c;
    nr_cli_init(&c, "sw_counts", "[--cfg-file PATH] NAME... | --table2 | --scaling [--csv]", opts,
                argc, argv);
    const char *v;
    int k;
    while ((k = nr_cli_next_or_exit(&c, &v)) != NR_CLI_END) {
        if (k == NR_CLI_ARG) {
            if (nn == 64) nr_cli_die(&c, "at most 64 configurations");
            names[nn++] = v;
        } else if (!strcmp(opts[k].name, "cfg-file")) {
            file = v;
        } else if (!strcmp(opts[k].name, "table2")) {
            table2 = 1;
        } else if (!strcmp(opts[k].name, "scaling")) {
            scaling = 1;
        } else if (!strcmp(opts[k].name, "csv")) {
            csv = 1;
        } else if (!strcmp(opts[k].name, "energy")) {
            energy = 1;
        } else if (!strcmp(opts[k].name, "pattern")) {
            pattern = v;
        } else if (!strcmp(opts[k].name, "seed")) {
            seed = nr_cli_u64(&c, v, 0, UINT64_MAX);
            seed_set = 1;
        } else if (!strcmp(opts[k].name, "alt")) {
            alt = v;
        }
    }
    if (table2 + scaling + (nn > 0) > 1)
        nr_cli_die(&c, "give configurations, --table2 or --scaling, one of them");
    if (csv && !scaling) nr_cli_die(&c, "--csv goes with --scaling");
    if ((pattern || strcmp(alt, "none")) && !energy)
        nr_cli_die(&c, "--pattern and --alt go with --energy");
    if (seed_set && !pattern) nr_cli_die(&c, "--seed goes with --energy --pattern");
    if (energy && (table2 || scaling))
        nr_cli_die(&c, "--energy goes with configuration names only");
    if (energy) {
        if (!nn) nr_cli_die(&c, "name at least one configuration");
        nr_en_coef kc;
        en_alt(&c, alt, &kc);
        if (pattern)
            print_energy_csv(&c, file, names, nn, &kc, pattern, seed, alt);
        else
            print_energy_model(&c, file, names, nn, &kc);
        return nr_out_stdout("sw_counts", 0);
    }
    if (table2) {
        print_table2();
        return nr_out_stdout("sw_counts", 0);
    }
    if (scaling) {
        print_scaling(csv);
        return nr_out_stdout("sw_counts", 0);
    }
    if (!nn) nr_cli_die(&c, "name at least one configuration");
    printf("| configuration | crosspoints | Table 1 formula | subswitch buffers | buffer phits | "
           "internal channels | subswitches | aggregate fanout |\n");
    printf("|---|---|---|---|---|---|---|---|\n");
    for (int i = 0; i < nn; i++) {
        char err[512];
        nr_sw_counts cnt;
        _Alignas(8) unsigned char p[1024];
        const rtr_org *org = org_params(&c, file, names[i], p, sizeof p);
        if (!org->counts)
            nr_cli_die(&c, "%s: organization %s has no complexity counts", names[i], org->name);
        if (org->counts(p, &cnt, err, sizeof err)) nr_cli_die(&c, "%s", err);
        char f[96], seed[32];
        fan(f, sizeof f, &cnt);
        if (cnt.xpoints_seed)
            snprintf(seed, sizeof seed, "%ld", cnt.xpoints_seed);
        else
            snprintf(seed, sizeof seed, "-");
        printf("| %s | %ld | %s | %ld | %ld | %ld | %d | %s |\n", names[i], cnt.xpoints, seed,
               cnt.sub_buffers, cnt.buf_phits, cnt.channels, cnt.subswitches, f);
    }
    return nr_out_stdout("sw_counts", 0);
}
