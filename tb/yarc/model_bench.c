/* model_bench.c - speed of the YARC C model (make bench-yarc-model) and of
 * the network-within-a-network model (-o cn|fc|bb, make bench-nwn-model).
 *
 * For each mode (bare, LCB) and offered load, runs the model at k = 64 (or
 * -r/-c for YARC, -p for the network switches) with uniform random traffic (Bernoulli injection, BlackWidow length
 * mix, both VCs) through tb/yarc/common/renv.h, and prints simulated cycles per
 * second and phit-hops per second (phits leaving router outputs), for the
 * whole loop and for the router alone (time inside nr_yarc_eval/tick). With
 * LCBs the environment has a peer NIC LCB model on every port, so the loop
 * simulates 2k LCB ports. Each point runs `reps` times (same seed, same
 * result) and the fastest run is reported, which filters out time stolen by
 * other processes on a shared machine.
 *
 * usage: yarc_model_bench [-o yarc|cn|fc|bb] [-r rows] [-c cols] [-p ports]
 *                         [-S speedup] [-M tops] [-n cycles] [-w warmup]
 *                         [-m bare|lcb|both] [-l load,load,...] [-s seed] [-k reps]
 * cn, fc, bb: the named configurations of configs/configs.txt at -p ports
 * (renv_nwn_params), with -S Speedup and -M M if given. -h or --help prints
 * the usage (exit 0); a bad value, or parameters the model refuses, exit 2.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nr_cli.h"
#include "nr_inj.h"
#include "nr_out.h"
#include "nr_traffic.h"
#include "common/renv.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Process CPU time: the rates below are per CPU-second, so time the machine
 * gives to other processes does not count. (A CPU-time read is a system call
 * here, too slow to bracket every eval/tick; the router's share is measured
 * on the monotonic clock and scaled.) */
static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Time spent inside the router model (renv timer hook). */
typedef struct {
    double acc, start;
    int on;
} model_clock;

static void timer_hook(renv *e, int stop)
{
    model_clock *mc = e->ctx;
    if (!mc->on) return;
    if (stop)
        mc->acc += now_s() - mc->start;
    else
        mc->start = now_s();
}

typedef struct {
    double wall, model;    /* seconds: whole loop, inside the router (wall clock) */
    double cpu, model_cpu; /* CPU seconds: whole loop, router share */
    uint64_t cycles, hops, pkts;
    double accepted; /* phits/cycle/port */
} bench_res;

/* The model to run: YARC (org 'y') or a network switch. */
typedef struct {
    char org;
    int rows, cols, ports, speedup, m;
} bench_model;

static void point(const bench_model *bm, int lcb, double load, long warm, long cycles,
                  uint64_t seed, bench_res *res)
{
    char err[256];
    int n;
    renv e;
    if (bm->org == 'y') {
        nr_yarc_params p = renv_params(bm->rows, bm->cols, lcb);
        n = bm->rows * bm->cols;
        renv_init(&e, &p, NULL, 2, seed);
    } else {
        nr_nwn_params p = renv_nwn_params(bm->org, bm->ports, lcb);
        p.speedup = bm->speedup;
        if (bm->m > 0) p.m = bm->m;
        n = bm->ports;
        renv_init_nwn(&e, &p, NULL, 2, seed);
    }
    model_clock mc = {0, 0, 0};
    e.ctx = &mc;
    e.timer = timer_hook;
    nr_traffic_t tp;
    nr_traffic_cfg_t tc = {.kind = NR_TP_UNIFORM, .k = n};
    if (nr_traffic_init(&tp, &tc, seed, err, sizeof err)) {
        fprintf(stderr, "traffic: %s\n", err);
        exit(2);
    }
    nr_inj_cfg_t ic = {
        .kind = NR_INJ_BERNOULLI, .load = load, .len = {.kind = NR_LEN_BWMIX, .num_vcs = 2}};
    nr_inj_t *inj = calloc((size_t)n, sizeof *inj);
    for (int s = 0; s < n; s++)
        if (nr_inj_init(&inj[s], &ic, seed, s, err, sizeof err)) {
            fprintf(stderr, "inject: %s\n", err);
            exit(2);
        }
    uint32_t ph[NR_PKT_LEN_LIMIT];
    uint32_t *seq = calloc((size_t)n * (size_t)n * 2, sizeof *seq);
    memset(res, 0, sizeof *res);
    uint64_t hops0 = 0;
    double t0 = 0, c0 = 0;
    for (long c = 0; c < warm + cycles; c++) {
        if (c == warm) {
            hops0 = e.phit_hops;
            t0 = now_s();
            c0 = cpu_s();
            mc.on = 1;
        }
        for (int s = 0; s < n; s++) {
            nr_inj_tick(&inj[s], e.t, &tp);
            const nr_inj_pkt_t *k;
            /* keep a packet or two in the port's source, the rest waits in
             * the injection process's unbounded queue */
            while (renv_src_backlog(&e, s) < 64 && (k = nr_inj_peek(&inj[s])) != NULL) {
                nr_pkt_desc_t d = nr_pkt_desc(
                    (unsigned)s, (unsigned)k->dest, (unsigned)k->vc,
                    seq[((size_t)s * (size_t)n + (size_t)k->dest) * 2 + (size_t)k->vc]++, k->len);
                int len = nr_pkt_build(&d, ph, NR_PKT_LEN_LIMIT, err, sizeof err);
                if (len < 0) {
                    fprintf(stderr, "build: %s\n", err);
                    exit(2);
                }
                renv_send(&e, s, ph, len);
                nr_inj_pop(&inj[s]);
            }
        }
        renv_step(&e);
    }
    res->wall = now_s() - t0;
    res->cpu = cpu_s() - c0;
    res->model = mc.acc;
    res->model_cpu = res->model * res->cpu / res->wall;
    res->cycles = (uint64_t)cycles;
    res->hops = e.phit_hops - hops0;
    res->accepted = (double)res->hops / (double)cycles / n;
    if (renv_errors(&e)) exit(1);
    for (int s = 0; s < n; s++) nr_inj_free(&inj[s]);
    free(inj);
    free(seq);
    nr_traffic_free(&tp);
    renv_free(&e);
}

/* The run's choices other than the model. */
typedef struct {
    int modes, reps, nloads;
    long cycles, warm;
    uint64_t seed;
    double loads[16];
} bench_run;

static void usage(FILE *f, const char *prog)
{
    fprintf(f,
            "usage: %s [-o yarc|cn|fc|bb] [-r rows] [-c cols] [-p ports] [-S speedup] [-M tops] "
            "[-n cycles] [-w warmup] [-m bare|lcb|both] [-l load,...] [-s seed] [-k reps]\n"
            "The C models' speed: simulated cycles and phit-hops per CPU second, uniform "
            "random traffic, Bernoulli injection, BlackWidow lengths (docs/yarc-model.md).\n"
            "  -o ORG      yarc (default) or a network switch: cn, fc, bb\n"
            "  -r, -c N    YARC rows and columns, powers of two 2..8 (default 8 x 8)\n"
            "  -p N        network switch ports, a power of two 4..64 (default 64)\n"
            "  -S N        network switch Speedup, 1..4 (default 1)\n"
            "  -M N        network switch tops M, 1..64 (default: the configuration's)\n"
            "  -n N        measured cycles (default 20000)   -w N  warm-up cycles (default 2000)\n"
            "  -m MODE     bare, lcb or both (default)\n"
            "  -l L,...    offered loads in (0, 1], at most 16 (default 0.1,0.5)\n"
            "  -s N        seed (default 1)                  -k N  runs per point, the fastest "
            "kept (default 3)\n"
            "  -h, --help  this text\n"
            "Integers are decimal or 0x hex. Exit 0, 1 when a run's checks fail, 2 on bad "
            "input.\n",
            prog);
}

_Noreturn static void bad(const char *prog, const char *opt, const char *msg)
{
    fprintf(stderr, "yarc_model_bench: %s: %s\n", opt, msg);
    usage(stderr, prog);
    exit(2);
}

static long opt_long(const char *prog, const char *opt, const char *v, long lo, long hi)
{
    long x;
    char e[200];
    if (nr_cli_parse_long(v, lo, hi, &x, e, sizeof e)) bad(prog, opt, e);
    return x;
}

/* The command line into bm, loads and the rest (exit 2 on bad input; -h and
 * --help print the usage and exit 0). */
static void parse(int argc, char **argv, bench_model *bm, bench_run *br)
{
    int yarc_opt = 0, nwn_opt = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout, argv[0]);
            exit(nr_out_stdout("yarc_model_bench", 0));
        }
        if (strlen(a) != 2 || a[0] != '-' || !strchr("orcpSMnwksml", a[1])) {
            char e[300];
            snprintf(e, sizeof e, "unknown option or argument '%.200s'", a);
            bad(argv[0], "usage", e);
        }
        if (!v) bad(argv[0], a, "needs a value");
        i++;
        char e[600];
        switch (a[1]) {
        case 'o': {
            static const char *const orgs[] = {"yarc", "cn", "fc", "bb", NULL};
            int k;
            if (nr_cli_parse_enum(v, orgs, &k, e, sizeof e)) bad(argv[0], a, e);
            bm->org = "ycfb"[k];
            break;
        }
        case 'r': yarc_opt = 1, bm->rows = (int)opt_long(argv[0], a, v, 2, 8); break;
        case 'c': yarc_opt = 1, bm->cols = (int)opt_long(argv[0], a, v, 2, 8); break;
        case 'p': nwn_opt = 1, bm->ports = (int)opt_long(argv[0], a, v, 4, NR_MAX_PORTS); break;
        case 'S': nwn_opt = 1, bm->speedup = (int)opt_long(argv[0], a, v, 1, 4); break;
        case 'M': nwn_opt = 1, bm->m = (int)opt_long(argv[0], a, v, 1, NR_MAX_PORTS); break;
        case 'n': br->cycles = opt_long(argv[0], a, v, 1, 1000000000L); break;
        case 'w': br->warm = opt_long(argv[0], a, v, 0, 1000000000L); break;
        case 'k': br->reps = (int)opt_long(argv[0], a, v, 1, 1000); break;
        case 's':
            if (nr_cli_parse_u64(v, 0, UINT64_MAX, &br->seed, e, sizeof e)) bad(argv[0], a, e);
            break;
        case 'm': {
            static const char *const modes[] = {"bare", "lcb", "both", NULL};
            int k;
            if (nr_cli_parse_enum(v, modes, &k, e, sizeof e)) bad(argv[0], a, e);
            br->modes = k + 1;
            break;
        }
        case 'l': {
            char buf[512];
            const char *f[17];
            int n = nr_cli_split(v, ',', buf, sizeof buf, f, 1, 16);
            if (n < 0) bad(argv[0], a, "expected 1 to 16 comma-separated loads");
            for (int k = 0; k < n; k++)
                if (nr_cli_parse_double(f[k], 1e-6, 1.0, &br->loads[k], e, sizeof e))
                    bad(argv[0], a, e);
            br->nloads = n;
            break;
        }
        }
    }
    if (bm->org != 'y' && yarc_opt)
        bad(argv[0], "-r/-c", "YARC only (-o yarc); a network switch takes -p");
    if (bm->org == 'y' && nwn_opt)
        bad(argv[0], "-p/-S/-M", "network switches only (-o cn, fc or bb); YARC takes -r and -c");
}

/* The parameters through the model's own rules once, before any run: a model
 * that cannot be made is bad input (exit 2), not a failed run. */
static void probe(const bench_model *bm)
{
    char err[256];
    nr_lcb_cfg lc = renv_lcb_cfg();
    for (int lcb = 0; lcb < 2; lcb++) {
        nr_rtr r;
        if (bm->org == 'y') {
            nr_yarc_params p = renv_params(bm->rows, bm->cols, lcb);
            nr_yarc *m = nr_yarc_new(&p, &lc, err, sizeof err);
            if (!m) bad("yarc_model_bench", "-r/-c", err);
            r = nr_yarc_rtr(m);
        } else {
            nr_nwn_params p = renv_nwn_params(bm->org, bm->ports, lcb);
            p.speedup = bm->speedup;
            if (bm->m > 0) p.m = bm->m;
            nr_nwn *m = nr_nwn_new(&p, &lc, err, sizeof err);
            if (!m) bad("yarc_model_bench", "-p/-S/-M", err);
            r = nr_nwn_rtr(m);
        }
        nr_rtr_free(r);
    }
}

int main(int argc, char **argv)
{
    bench_model bm = {'y', 8, 8, 64, 1, 0};
    bench_run br = {.modes = 3,
                    .reps = 3,
                    .nloads = 2,
                    .cycles = 20000,
                    .warm = 2000,
                    .seed = 1,
                    .loads = {0.1, 0.5}};
    parse(argc, argv, &bm, &br);
    probe(&bm);
    const int rows = bm.rows, cols = bm.cols, modes = br.modes, reps = br.reps;
    const long cycles = br.cycles, warm = br.warm;
    const uint64_t seed = br.seed;
    const double *loads = br.loads;
    const int nloads = br.nloads;
    if (bm.org == 'y')
        printf("# YARC C model speed: %dx%d (k=%d)", rows, cols, rows * cols);
    else
        printf("# nwn C model speed: %s k=%d Speedup %d%s",
               bm.org == 'c'   ? "cn"
               : bm.org == 'f' ? "fc"
                               : "bb",
               bm.ports, bm.speedup, bm.m > 0 ? " (M given)" : "");
    printf(", uniform random, Bernoulli, bwmix lengths, "
           "%ld cycles after %ld warm-up, seed %llu, best of %d\n",
           cycles, warm, (unsigned long long)seed, reps);
    printf("# rates per CPU second; cycles/s and phit-hops/s: whole loop (router + sources,\n"
           "# sinks and, with LCBs, the NIC LCBs); rtr: time inside the model's eval/tick only;\n"
           "# cpu%%: CPU share the process got (machine load)\n");
    printf("%-5s %5s %9s %12s %14s %12s %14s %5s\n", "mode", "load", "accepted", "cycles/s",
           "phit-hops/s", "rtr cyc/s", "rtr hops/s", "cpu%");
    for (int m = 0; m < 2; m++) {
        if (!((modes >> m) & 1)) continue;
        for (int l = 0; l < nloads; l++) {
            bench_res r, b;
            point(&bm, m, loads[l], warm, cycles, seed, &r);
            for (int k = 1; k < reps; k++) {
                point(&bm, m, loads[l], warm, cycles, seed, &b);
                if (b.cpu < r.cpu) r.cpu = b.cpu;
                if (b.model_cpu < r.model_cpu) r.model_cpu = b.model_cpu;
                if (b.wall < r.wall) r.wall = b.wall;
            }
            printf("%-5s %5.2f %9.3f %12.0f %14.0f %12.0f %14.0f %5.0f\n", m ? "lcb" : "bare",
                   loads[l], r.accepted, (double)r.cycles / r.cpu, (double)r.hops / r.cpu,
                   (double)r.cycles / r.model_cpu, (double)r.hops / r.model_cpu,
                   100.0 * r.cpu / r.wall);
            fflush(stdout);
        }
    }
    return nr_out_stdout("yarc_model_bench", 0);
}
