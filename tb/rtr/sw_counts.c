/* sw_counts.c - complexity counts of named configurations (docs/nwn-arch.md
 * section 10): crosspoints as built and by seed 001's Table 1 formula,
 * subswitch buffers, internal buffer phits, internal global channels,
 * subswitches and aggregate fanout, as a markdown table.
 *
 *   sw_counts [--cfg-file PATH] NAME...
 *
 * Exit 0, or 2 on an unknown configuration or a bad parameter (file:line). */
#include <stdio.h>
#include <string.h>

#include "nr_cli.h"
#include "nr_nwn.h"
#include "rtr.h"

int rtr_yarc_params(const rtr_namedcfg *c, nr_yarc_params *p, char *err, int errlen);
int rtr_nwn_params(const rtr_namedcfg *c, nr_nwn_params *p, char *err, int errlen);

static const nr_cli_opt_t opts[] = {
    {"cfg-file", "PATH", "configurations file (default configs/configs.txt)"},
    {NULL, NULL, NULL},
};

static void fan(char *buf, int n, const nr_sw_counts *c) {
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

int main(int argc, char **argv) {
    const char *file = "configs/configs.txt";
    const char *names[64];
    int nn = 0;
    nr_cli_t c;
    nr_cli_init(&c, "sw_counts", "[--cfg-file PATH] NAME...", opts, argc, argv);
    const char *v;
    int k;
    while ((k = nr_cli_next_or_exit(&c, &v)) != NR_CLI_END) {
        if (k == NR_CLI_ARG) {
            if (nn == 64) nr_cli_die(&c, "at most 64 configurations");
            names[nn++] = v;
        } else if (!strcmp(opts[k].name, "cfg-file")) {
            file = v;
        }
    }
    if (!nn) nr_cli_die(&c, "name at least one configuration");
    printf("| configuration | crosspoints | Table 1 formula | subswitch buffers | buffer phits | "
           "internal channels | subswitches | aggregate fanout |\n");
    printf("|---|---|---|---|---|---|---|---|\n");
    for (int i = 0; i < nn; i++) {
        rtr_namedcfg nc;
        char err[512];
        nr_sw_counts cnt;
        if (rtr_cfg_lookup(file, names[i], &nc, err, sizeof err)) nr_cli_die(&c, "%s", err);
        if (!strcmp(nc.top, "nr_yarc")) {
            nr_yarc_params p;
            if (rtr_yarc_params(&nc, &p, err, sizeof err) || nr_yarc_counts(&p, &cnt, err, sizeof err))
                nr_cli_die(&c, "%s", err);
        } else if (!strcmp(nc.top, "nr_nwn")) {
            nr_nwn_params p;
            if (rtr_nwn_params(&nc, &p, err, sizeof err) || nr_nwn_counts(&p, &cnt, err, sizeof err))
                nr_cli_die(&c, "%s", err);
        } else {
            nr_cli_die(&c, "%s:%d: configuration %s has top %s: not a switch", nc.file, nc.line,
                       nc.name, nc.top);
        }
        char f[96], seed[32];
        fan(f, sizeof f, &cnt);
        if (cnt.xpoints_seed) snprintf(seed, sizeof seed, "%ld", cnt.xpoints_seed);
        else snprintf(seed, sizeof seed, "-");
        printf("| %s | %ld | %s | %ld | %ld | %ld | %d | %s |\n", nc.name, cnt.xpoints, seed,
               cnt.sub_buffers, cnt.buf_phits, cnt.channels, cnt.subswitches, f);
    }
    return 0;
}
