/* net_cost.c - the cost, packaging and power of a network (docs/cost.md):
 *   net_cost --topo SPEC [--ports K] [--PARAM V ...]   one built network
 *   net_cost --table curves|fig13|radix|fig43          the seed's analytic tables, CSV
 * The model is tb/cost/cost.c; every parameter is an option (cost_prm_defs).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "catalog/cfg.h"
#include "cost_report.h"
#include "nr_cli.h"
#include "nr_out.h"

#define PROG "net_cost"
enum {
    O_TOPO,
    O_PORTS,
    O_TABLE,
    O_NMIN,
    O_NMAX,
    O_RUNS,
    O_AREA,
    O_CFG,
    O_CFGFILE,
    O_RTRCOST,
    O_FIXED
};

static const char *const tables[] = {"curves", "fig13",  "radix",     "fig43",   "built",
                                     "claims", "pareto", "pareto-md", "routers", NULL};
static const char *const rtr_costs[] = {"ports", "counts", NULL};
/* the parameters of --rtr-cost counts only */
static int counts_prm(const char *name)
{
    return !strcmp(name, "switch-share") || !strcmp(name, "area-ref");
}

static void help_params(const cost_prm *p)
{
    printf("\nThe model's parameters (each an option --NAME V; default, unit, range, the source: "
           "Kim, Dally and Abts, ISCA 2007 unless named; switch-share and area-ref are of "
           "--rtr-cost counts only):\n");
    for (const cost_prm_def *d = cost_prm_defs; d->name; d++)
        printf("  --%-14s %-9g %-9s %s [%g, %g] (%s)\n", d->name, d->dflt, d->unit, d->doc, d->lo,
               d->hi, d->src);
    (void)p;
    printf("\nEvery topology with a layout (docs/cost.md \"Layouts\"); the kinds and keys of "
           "--topo:\n");
    net_topo_help(stdout);
    printf("\n--table: curves (the seed's Figs 10, 11, 15: cost, link share, average cable and "
           "power per node of the flattened butterfly, folded Clos, butterfly and hypercube, N "
           "from --n-min to --n-max), fig13 (N = 4K flattened butterflies of Table 4), radix "
           "(Abts and Kim 2011 Eq 4.3's optimal radix for the §4.2.1 technologies), fig43 "
           "(latency, Eq 4.2, and channels against radix, Fig 4.3); built (Markdown: the kit's "
           "networks "
           "of radix-64 routers priced), claims (Markdown: the seeds' statements against the "
           "model), pareto and pareto-md (CSV, Markdown: net_sim runs priced, the Pareto front "
           "marked), routers (Markdown: the kit's router configurations priced from their "
           "counts)\n");
    printf("\n--rtr-cost: ports (every router costs (chip + dev) * ports / radix, whatever its "
           "organization), counts (its silicon from its configuration's organization: "
           "chip * ((1 - switch-share) * ports / radix + switch-share * A / area-ref), A the "
           "switch area of [ACK12] Table 1 from the counts of csrc/model/counts.c, as "
           "make counts reports them; its development dev * ports / radix; docs/cost.md \"The "
           "routers' own cost\")\n");
}

static int report(const char *spec, int ports, const cost_prm *p, const char *cfg,
                  const cost_rtr *rc)
{
    net_topo t;
    char err[512];
    if (net_topo_build(&t, spec, ports, err, sizeof err)) {
        fprintf(stderr, PROG ": --topo: %s\n", err);
        return 2;
    }
    if (t.planes > 1) {
        fprintf(stderr, PROG ": --topo %s: the cost model prices one plane (give no planes=)\n",
                spec);
        net_topo_free(&t);
        return 2;
    }
    cost_res r;
    if (cost_network(&t, p, &r, err, sizeof err)) {
        fprintf(stderr, PROG ": --topo: %s\n", err);
        net_topo_free(&t);
        return 2;
    }
    const double n = (double)r.nodes;
    printf("topology %s\nnodes %ld\nrouters %ld\ncabinets %ld\nports %ld\nports_used %ld\n", spec,
           r.nodes, r.routers, r.cabinets, r.ports, r.ports_used);
    if (cfg)
        printf("router_cfg %s\nrouter_crosspoints %ld\nrouter_subswitch_buffers %ld\n"
               "router_buffer_phits %ld\nrouter_internal_channels %ld\n",
               cfg, rc->xpoints, rc->sub_buffers, rc->buf_phits, rc->channels);
    if (p->rtr_area > 0)
        printf("router_switch_area %.0f\nrouter_silicon %.2f\n", rc->area, rc->silicon);
    printf("channels_terminal %ld\nchannels_backplane %ld\nchannels_cable %ld\n"
           "channels_cable_repeated %ld\nrepeaters %ld\n",
           r.ch_term, r.ch_bp, r.ch_cab, r.ch_long, r.repeaters);
    printf("cable_len_max_m %.3f\ncable_len_avg_m %.3f\nbisection_channels %ld\n", r.len_max,
           r.len_avg, r.bisection);
    printf("cost_routers %.2f\ncost_terminal %.2f\ncost_backplane %.2f\ncost_cables %.2f\n"
           "cost_total %.2f\ncost_per_node %.2f\nlink_share %.4f\n",
           r.c_rtr, r.c_term, r.c_bp, r.c_cab, r.c_total, r.c_total / n,
           (r.c_total - r.c_rtr) / r.c_total);
    printf("power_routers_w %.2f\npower_links_w %.2f\npower_total_w %.2f\npower_per_node_w %.4f\n",
           r.p_rtr, r.p_link, r.p_total, r.p_total / n);
    net_topo_free(&t);
    return 0;
}

static int table_curves(const cost_prm *p, long nmin, long nmax)
{
    char err[256];
    printf("kind,N,stages,routers,cost_per_node,link_cost_per_node,link_share,lavg_m,power_per_"
           "node_w\n");
    for (int kind = 0; kind < COST_NKINDS; kind++)
        for (long n = nmin; n <= nmax; n *= 2) {
            cost_an a;
            cost_pn o;
            if (cost_analytic(kind, n, p, 0, 0, &a, err, sizeof err)) {
                fprintf(stderr, PROG ": %s %s\n", cost_kind_names[kind], err);
                return 2;
            }
            cost_an_eval(&a, n, p, &o);
            printf("%s,%ld,%d,%.0f,%.3f,%.3f,%.4f,%.3f,%.4f\n", cost_kind_names[kind], n, a.stages,
                   a.routers, o.cost, o.link_cost, o.link_cost / o.cost, o.lavg, o.power);
        }
    return 0;
}

static int table_fig13(const cost_prm *p)
{
    /* Table 4: N = 4K as k-ary n-flats, n' = n - 1 */
    static const int kn[][2] = {{64, 2}, {16, 3}, {8, 4}, {4, 6}, {2, 12}};
    char err[256];
    double base = 0;
    printf("nprime,k,kprime,routers,cost_per_node,lavg_m,ratio_to_nprime1\n");
    for (int i = 0; i < 5; i++) {
        cost_an a;
        cost_pn o;
        const int k = kn[i][0], np = kn[i][1] - 1;
        if (cost_analytic(COST_FBFLY, 4096, p, np, k, &a, err, sizeof err)) {
            fprintf(stderr, PROG ": %s\n", err);
            return 2;
        }
        cost_an_eval(&a, 4096, p, &o);
        if (i == 0) base = o.cost;
        printf("%d,%d,%d,%.0f,%.3f,%.3f,%.3f\n", np, k, k + np * (k - 1), a.routers, o.cost, o.lavg,
               o.cost / base);
    }
    return 0;
}

/* Abts and Kim 2011, §4.2.1 fn 4: the technologies, L = 128 bits */
static const struct {
    const char *year;
    double bw, tr, n, a_quoted, k_quoted;
} tech[] = {
    {"1996", 48e9, 40e-9, 2048, 0, 0},
    {"2003", 1e12, 10e-9, 4096, 652, 45},
    {"2010", 20e12, 2e-9, 8192, 3013, 128},
};

static int table_radix(void)
{
    printf("year,B_bps,tr_s,N,A_from_inputs,A_quoted,kopt_ln_of_A_inputs,kopt_ln_of_A_quoted,"
           "kopt_printed_of_A_quoted,k_quoted\n");
    for (int i = 0; i < 3; i++) {
        const double a = cost_aspect(tech[i].n, tech[i].tr, 128, tech[i].bw);
        printf("%s,%g,%g,%g,%.1f,", tech[i].year, tech[i].bw, tech[i].tr, tech[i].n, a);
        if (tech[i].a_quoted) /* the text quotes no pair for 1996 */
            printf("%g,%.1f,%.1f,%.1f,%g\n", tech[i].a_quoted, cost_kopt(a),
                   cost_kopt(tech[i].a_quoted), cost_kopt_printed(tech[i].a_quoted),
                   tech[i].k_quoted);
        else
            printf(",%.1f,,,\n", cost_kopt(a));
    }
    return 0;
}

static int table_fig43(void)
{
    printf("year,k,latency_ns,kchannels\n");
    for (int i = 1; i < 3; i++)
        for (int k = 4; k <= 250; k += 2) {
            const double n = tech[i].n;
            printf("%s,%d,%.3f,%.4f\n", tech[i].year, k,
                   1e9 * cost_latency(k, n, tech[i].tr, 128, tech[i].bw),
                   n * (log2(n) / log2(k)) / 1000);
        }
    return 0;
}

/* What the command line chose, for the checks of the combinations. */
typedef struct {
    const char *runs, *area, *cfg;
    int table, rtr_cost, nopt;
    long nmin, nmax;
    const int *given;
} cost_args;

/* Options that would do nothing, and combinations that cannot apply, are
 * refused (exit 2). */
static void refuse_idle(nr_cli_t *c, const nr_cli_opt_t *opts, const cost_args *a)
{
    const int *given = a->given, table = a->table;
    if (table >= 0 && (given[O_TOPO] || given[O_PORTS]))
        nr_cli_die(c, "--%s: a built network's option, not of --table",
                   given[O_TOPO] ? "topo" : "ports");
    if (table != 0 && (given[O_NMIN] || given[O_NMAX]))
        nr_cli_die(c, "--%s: an option of --table curves only", given[O_NMIN] ? "n-min" : "n-max");
    for (int k = O_FIXED; (table == 2 || table == 3) && k < a->nopt; k++)
        if (given[k])
            nr_cli_die(c, "--%s: --table %s is the radix model, which has no such parameter",
                       opts[k].name, tables[table]);
    if ((a->runs || a->area) && table != 6 && table != 7)
        nr_cli_die(c, "--%s: an option of --table pareto and pareto-md only",
                   a->runs ? "runs" : "area");
    if ((table == 6 || table == 7) && !a->runs)
        nr_cli_die(c, "--table %s needs --runs CSV", tables[table]);
    if (a->nmin > a->nmax) nr_cli_die(c, "--n-min %ld is above --n-max %ld", a->nmin, a->nmax);
    const int pareto = table == 6 || table == 7;
    if (given[O_CFG] && table >= 0)
        nr_cli_die(c, "--cfg: a built network's option, not of --table (pareto reads the runs' "
                      "cfg column)");
    if (given[O_CFGFILE] && !given[O_CFG] && !pareto)
        nr_cli_die(c, "--cfg-file: an option of --cfg and --table pareto only");
    if (given[O_RTRCOST] && table >= 0 && !pareto)
        nr_cli_die(c, "--rtr-cost: an option of a built network and --table pareto only");
    if (a->rtr_cost == 1 && table < 0 && !a->cfg)
        nr_cli_die(c, "--rtr-cost counts needs --cfg NAME");
    if (a->rtr_cost == 1 && a->area)
        nr_cli_die(c, "--area and --rtr-cost counts: one router model");
    for (int k = O_FIXED; k < a->nopt; k++)
        if (given[k] && a->rtr_cost != 1 && table != 8 && counts_prm(opts[k].name))
            nr_cli_die(c, "--%s: a parameter of --rtr-cost counts only", opts[k].name);
}

int main(int argc, char **argv)
{
    static nr_cli_opt_t opts[64] = {
        {"topo", "SPEC",
         "the network, KIND:KEY=V,... as net_sim's --topo (default fclos:levels=2)"},
        {"ports", "K", "ports of each router the network is built of (default 64, Table 3)"},
        {"table", "NAME",
         "print a table instead: curves, fig13, radix, fig43, pareto (CSV), built, claims, "
         "pareto-md, routers (Markdown)"},
        {"n-min", "N", "--table curves: the smallest N, a power of two (default 64)"},
        {"n-max", "N", "--table curves: the largest N, a power of two (default 65536)"},
        {"runs", "CSV", "--table pareto, pareto-md: net_sim --csv rows to price (required)"},
        {"area", "FILE",
         "--table pareto, pareto-md: a make area table (CSV: docs/area.csv, build/area/area.csv); "
         "each router's silicon scaled by its area over yarc-k64's"},
        {"cfg", "NAME",
         "the routers' configuration (configs.txt): their ports (unless --ports) and, with "
         "--rtr-cost counts, their silicon"},
        {"cfg-file", "PATH", "configurations file (default $NR_CONFIGS, else configs/configs.txt)"},
        {"rtr-cost", "MODEL",
         "the routers' cost: ports (default) or counts (from the organization's counts; needs "
         "--cfg, or the runs' cfg column with --table pareto)"},
    };
    int nopt = O_FIXED;
    for (const cost_prm_def *d = cost_prm_defs; d->name; d++)
        opts[nopt++] = (nr_cli_opt_t){d->name, "V", d->doc};
    opts[nopt] = (nr_cli_opt_t){NULL, NULL, NULL};
    cost_prm p;
    cost_prm_default(&p);
    const char *spec = "fclos:levels=2", *v, *runs = NULL, *area = NULL, *cfg = NULL;
    const char *cfgfile = rtr_cfg_default_file();
    int ports = 64, table = -1, rtr_cost = 0;
    long nmin = 64, nmax = 65536;
    int given[64] = {0};
    nr_cli_t c;
    nr_cli_init(&c, PROG, "[--topo SPEC | --table NAME] [options]", opts, argc, argv);
    for (int k; (k = nr_cli_next(&c, &v)) != NR_CLI_END;) {
        if (k == NR_CLI_HELP) {
            nr_cli_usage(&c, stdout);
            help_params(&p);
            return nr_out_stdout(PROG, 0);
        }
        if (k == NR_CLI_ERROR) {
            fprintf(stderr, PROG ": %s\n", c.err);
            nr_cli_usage(&c, stderr);
            return 2;
        }
        if (k == NR_CLI_ARG) nr_cli_die(&c, "unexpected argument '%s'", v);
        if (given[k]++) nr_cli_die(&c, "--%s given twice", opts[k].name);
        if (k == O_TOPO)
            spec = v;
        else if (k == O_RUNS)
            runs = v;
        else if (k == O_AREA)
            area = v;
        else if (k == O_CFG)
            cfg = v;
        else if (k == O_CFGFILE)
            cfgfile = v;
        else if (k == O_RTRCOST)
            rtr_cost = nr_cli_enum(&c, v, rtr_costs);
        else if (k == O_PORTS)
            ports = (int)nr_cli_long(&c, v, 2, NR_MAX_PORTS);
        else if (k == O_TABLE)
            table = nr_cli_enum(&c, v, tables);
        else if (k == O_NMIN || k == O_NMAX) {
            long n = nr_cli_long(&c, v, 2, 1L << 20);
            if (n & (n - 1))
                nr_cli_die(&c, "--%s: expected a power of two, got '%s'", opts[k].name, v);
            *(k == O_NMIN ? &nmin : &nmax) = n;
        } else {
            const cost_prm_def *d = &cost_prm_defs[k - O_FIXED];
            *cost_prm_field(&p, d) = nr_cli_double(&c, v, d->lo, d->hi);
        }
    }
    const cost_args ca = {runs, area, cfg, table, rtr_cost, nopt, nmin, nmax, given};
    refuse_idle(&c, opts, &ca);
    cost_rtr rr = {0};
    if (cfg) {
        char err[1024];
        const int r = cost_rtr_of(cfgfile, cfg, &p, &rr, err, sizeof err);
        if (r < 0 || (r > 0 && rtr_cost == 1)) {
            fprintf(stderr, PROG ": --cfg: %s\n", err);
            return 2;
        }
        if (!given[O_PORTS]) ports = rr.ports;
        if (rtr_cost == 1) p.rtr_area = rr.area;
    }
    int rc;
    switch (table) {
    case 0: rc = table_curves(&p, nmin, nmax); break;
    case 1: rc = table_fig13(&p); break;
    case 2: rc = table_radix(); break;
    case 3: rc = table_fig43(); break;
    case 4: rc = cost_table_built(&p); break;
    case 5: rc = cost_table_claims(&p); break;
    case 6:
    case 7: rc = cost_table_pareto(&p, runs, area, cfgfile, rtr_cost == 1, table == 7); break;
    case 8: rc = cost_table_routers(&p); break;
    default: rc = report(spec, ports, &p, cfg, &rr); break;
    }
    return nr_out_stdout(PROG, rc);
}
