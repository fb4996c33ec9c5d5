/* sweep_report.c - the tables of the kit's sweeps, from their CSV and logs
 * (the shell scripts run the simulations; this computes what they report).
 *
 * usage: sweep_report sat [--strip PREFIX] CSV LABEL...
 *        sweep_report batch [--strip PREFIX] --batches "B..." CSV LABEL...
 *        sweep_report turns PATTERN LOG
 *        sweep_report kvsum PREFIX FILE...
 *
 * sat    the saturation table (markdown) of the curves LABEL of a sweep's
 *        collected CSV (columns label, cfg, load, offered, accepted,
 *        lat_mean), one row per label that has rows: T0 is the mean latency
 *        at the zero-load point (load < 0.05); the latency knee is the first
 *        sweep point (load >= 0.05, in the file's order) whose mean latency
 *        exceeds 3 T0; the throughput limit the first point whose accepted
 *        load is below 0.95 x offered; the saturation throughput the
 *        accepted load at the highest offered load. --strip PREFIX leaves
 *        PREFIX off the printed label.
 * batch  seed 002 Fig 5's table: for each label (one routing) and batch
 *        size B, the cycles per packet of a node's batch, batch_cycles / B
 *        (columns label, batch, batch_cycles); n/a where no run is.
 * turns  seed 001 Fig 6's quadrant shares of a net_sim log, one row per
 *        level: the four shares as printed and I/(I+II), the fraction of
 *        the packets entering by a down port that turn there.
 * kvsum  over the lines of the FILEs whose first word is PREFIX, the sum of
 *        every numeric KEY=VALUE field: "lines N", then "KEY SUM" per key in
 *        the order first seen.
 * Exit 0; 2 on bad usage, a file that cannot be read, a missing column or
 * a log without the lines asked for. */
#define _POSIX_C_SOURCE 200809L
#include "csvtab.h"
#include "nr_out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    fprintf(stderr, "usage: sweep_report sat [--strip PREFIX] CSV LABEL...\n"
                    "       sweep_report batch [--strip PREFIX] --batches \"B...\" CSV LABEL...\n"
                    "       sweep_report turns PATTERN LOG\n"
                    "       sweep_report kvsum PREFIX FILE...\n"
                    "(sweep_report --help for what each prints)\n");
    return 2;
}

static const char *strip(const char *label, const char *prefix)
{
    size_t n = prefix ? strlen(prefix) : 0;
    return n && !strncmp(label, prefix, n) ? label + n : label;
}

/* One curve's row of the saturation table. */
static void sat_row(const csvtab *t, const int *c, const char *label, const char *shown)
{
    enum { LABEL, CFG, LOAD, OFF, ACC, LAT };
    double t0 = 0, top = 0;
    const char *cfg = NULL;
    char knee[64] = "none", lim[64] = "none", plateau[32] = "-";
    for (int i = 0; i < t->nrow; i++) {
        char **r = t->row[i];
        if (strcmp(r[c[LABEL]], label)) continue;
        cfg = r[c[CFG]];
        if (csv_num(r[c[LOAD]]) < 0.05) t0 = csv_num(r[c[LAT]]);
    }
    if (!cfg) return;
    for (int i = 0; i < t->nrow; i++) {
        char **r = t->row[i];
        double load = csv_num(r[c[LOAD]]), off = csv_num(r[c[OFF]]);
        double acc = csv_num(r[c[ACC]]), lat = csv_num(r[c[LAT]]);
        if (strcmp(r[c[LABEL]], label) || load < 0.05) continue;
        if (load >= top) {
            top = load;
            snprintf(plateau, sizeof plateau, "%.3f", acc);
        }
        if (!strcmp(knee, "none") && lat > 3 * t0)
            snprintf(knee, sizeof knee, "%.2g (%.0f cycles)", load, lat);
        if (!strcmp(lim, "none") && acc < 0.95 * off)
            snprintf(lim, sizeof lim, "%.2g (accepted %.3f)", load, acc);
    }
    printf("| %s | %s | %.1f | %s | %s | %s |\n", shown, cfg, t0, knee, lim, plateau);
}

static int cols(const csvtab *t, const char *const *names, int *c)
{
    if (csv_need(t, names)) return 2;
    for (int k = 0; names[k]; k++) c[k] = csv_col(t, names[k]);
    return 0;
}

static int cmd_sat(int argc, char **argv)
{
    const char *prefix = NULL;
    if (argc >= 2 && !strcmp(argv[0], "--strip")) {
        prefix = argv[1];
        argc -= 2, argv += 2;
    }
    if (argc < 1) return usage();
    static const char *const need[] = {"label",    "cfg",      "load", "offered",
                                       "accepted", "lat_mean", NULL};
    csvtab t;
    int c[6];
    if (csv_load(&t, argv[0]) || cols(&t, need, c)) return 2;
    printf("| curve | config | T0 (cycles) | latency knee: first load with mean > 3 T0 | "
           "throughput limit: first load with accepted < 0.95 offered | saturation throughput "
           "(accepted at the highest load) |\n|---|---|---|---|---|---|\n");
    for (int k = 1; k < argc; k++) sat_row(&t, c, argv[k], strip(argv[k], prefix));
    csv_free(&t);
    return 0;
}

static int cmd_batch(int argc, char **argv)
{
    const char *prefix = NULL, *batches = NULL;
    while (argc >= 2 && (!strcmp(argv[0], "--strip") || !strcmp(argv[0], "--batches"))) {
        *(argv[0][2] == 's' ? &prefix : &batches) = argv[1];
        argc -= 2, argv += 2;
    }
    if (argc < 1 || !batches) return usage();
    static const char *const need[] = {"label", "batch", "batch_cycles", NULL};
    csvtab t;
    int c[3];
    if (csv_load(&t, argv[0]) || cols(&t, need, c)) return 2;
    char *bl = strdup(batches), *save = NULL;
    double b[64];
    char *bs[64];
    int nb = 0;
    for (char *w = strtok_r(bl, " ", &save); w && nb < 64; w = strtok_r(NULL, " ", &save)) {
        char *end;
        b[nb] = strtod(w, &end);
        if (*end || b[nb] <= 0) {
            fprintf(stderr, "sweep_report: --batches: '%s' is not a batch size\n", w);
            return 2;
        }
        bs[nb++] = w;
    }
    printf("| routing |");
    for (int j = 0; j < nb; j++) printf(" B = %s |", bs[j]);
    printf("\n|---|");
    for (int j = 0; j < nb; j++) printf("---|");
    printf("\n");
    for (int k = 1; k < argc; k++) {
        printf("| %s |", strip(argv[k], prefix));
        for (int j = 0; j < nb; j++) {
            int found = 0;
            printf(" ");
            for (int i = 0; i < t.nrow; i++) {
                char **r = t.row[i];
                if (strcmp(r[c[0]], argv[k]) || csv_num(r[c[1]]) != b[j]) continue;
                printf("%.2f", csv_num(r[c[2]]) / b[j]);
                found = 1;
            }
            printf("%s |", found ? "" : "n/a");
        }
        printf("\n");
    }
    free(bl);
    csv_free(&t);
    return 0;
}

static int cmd_turns(int argc, char **argv)
{
    if (argc != 2) return usage();
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        fprintf(stderr, "sweep_report: cannot read %s\n", argv[1]);
        return 2;
    }
    char line[1024], q[4][32];
    int level, n = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line,
                   "net: level %d turns (window): I down-down %31[0-9.], II down-up %31[0-9.], "
                   "III up-down %31[0-9.], IV up-up %31[0-9.]",
                   &level, q[0], q[1], q[2], q[3]) != 5)
            continue;
        double a = atof(q[0]), b = atof(q[1]);
        printf("%-6s %-6d %-8s %-8s %-8s %-8s %-10.4f\n", argv[0], level, q[0], q[1], q[2], q[3],
               a + b > 0 ? a / (a + b) : 0.0);
        n++;
    }
    fclose(f);
    if (!n) fprintf(stderr, "sweep_report: %s has no 'net: level L turns' line\n", argv[1]);
    return n ? 0 : 2;
}

#define KV_MAX 128
static int cmd_kvsum(int argc, char **argv)
{
    if (argc < 2) return usage();
    char *key[KV_MAX];
    double sum[KV_MAX];
    int nk = 0;
    long lines = 0;
    size_t plen = strlen(argv[0]);
    for (int a = 1; a < argc; a++) {
        FILE *f = fopen(argv[a], "r");
        if (!f) {
            fprintf(stderr, "sweep_report: cannot read %s\n", argv[a]);
            return 2;
        }
        char line[4096], *save;
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, argv[0], plen) || (line[plen] != ' ' && line[plen] != '\n')) continue;
            lines++;
            for (char *w = strtok_r(line + plen, " \n", &save); w;
                 w = strtok_r(NULL, " \n", &save)) {
                char *eq = strchr(w, '='), *end;
                if (!eq) continue;
                *eq = 0;
                double v = strtod(eq + 1, &end);
                if (end == eq + 1 || *end) continue;
                int k = 0;
                while (k < nk && strcmp(key[k], w)) k++;
                if (k == nk) {
                    if (nk == KV_MAX) continue;
                    key[nk] = strdup(w);
                    sum[nk++] = 0;
                }
                sum[k] += v;
            }
        }
        fclose(f);
    }
    printf("lines %ld\n", lines);
    for (int k = 0; k < nk; k++) printf("%s %.17g\n", key[k], sum[k]);
    return 0;
}

static int run(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf(
            "sweep_report: the tables of the kit's sweeps (tb/tools/sweep_report.c)\n"
            "  sat [--strip PREFIX] CSV LABEL...    saturation table of the curves LABEL\n"
            "  batch [--strip PREFIX] --batches \"B...\" CSV LABEL...\n"
            "                                       cycles per packet of a batch ([KDA07] Fig 5)\n"
            "  turns PATTERN LOG                    quadrant shares per level ([ACK12] Fig 6)\n"
            "  kvsum PREFIX FILE...                 sums of the KEY=VALUE fields of PREFIX "
            "lines\n");
        return 0;
    }
    if (argc < 2) return usage();
    if (!strcmp(argv[1], "sat")) return cmd_sat(argc - 2, argv + 2);
    if (!strcmp(argv[1], "batch")) return cmd_batch(argc - 2, argv + 2);
    if (!strcmp(argv[1], "turns")) return cmd_turns(argc - 2, argv + 2);
    if (!strcmp(argv[1], "kvsum")) return cmd_kvsum(argc - 2, argv + 2);
    fprintf(stderr, "sweep_report: unknown command '%s'\n", argv[1]);
    return usage();
}

/* Every table goes to standard output: its write failures are an error too. */
int main(int argc, char **argv)
{
    csv_prog("sweep_report");
    return nr_out_stdout("sweep_report", run(argc, argv));
}
