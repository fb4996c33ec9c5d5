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
 * (renv_nwn_params), with -S Speedup and -M M if given.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nr_inj.h"
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

int main(int argc, char **argv)
{
    int rows = 8, cols = 8, modes = 3, reps = 3;
    bench_model bm = {'y', 8, 8, 64, 1, 0};
    long cycles = 20000, warm = 2000;
    uint64_t seed = 1;
    double loads[16] = {0.1, 0.5};
    int nloads = 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) goto usage;
        if (!strcmp(a, "-o"))
            bm.org = !strcmp(v, "yarc") ? 'y'
                     : !strcmp(v, "cn") ? 'c'
                     : !strcmp(v, "fc") ? 'f'
                     : !strcmp(v, "bb") ? 'b'
                                        : 0;
        else if (!strcmp(a, "-p"))
            bm.ports = atoi(v);
        else if (!strcmp(a, "-S"))
            bm.speedup = atoi(v);
        else if (!strcmp(a, "-M"))
            bm.m = atoi(v);
        else if (!strcmp(a, "-r"))
            rows = atoi(v);
        else if (!strcmp(a, "-c"))
            cols = atoi(v);
        else if (!strcmp(a, "-n"))
            cycles = atol(v);
        else if (!strcmp(a, "-w"))
            warm = atol(v);
        else if (!strcmp(a, "-k"))
            reps = atoi(v);
        else if (!strcmp(a, "-s"))
            seed = strtoull(v, NULL, 0);
        else if (!strcmp(a, "-m"))
            modes = !strcmp(v, "bare") ? 1 : !strcmp(v, "lcb") ? 2 : !strcmp(v, "both") ? 3 : 0;
        else if (!strcmp(a, "-l")) {
            char buf[256], *tok, *save = NULL;
            snprintf(buf, sizeof buf, "%s", v);
            nloads = 0;
            for (tok = strtok_r(buf, ",", &save); tok && nloads < 16;
                 tok = strtok_r(NULL, ",", &save))
                loads[nloads++] = atof(tok);
        } else
            goto usage;
        i++;
    }
    bm.rows = rows;
    bm.cols = cols;
    if (!modes || !bm.org || rows < 2 || cols < 2 || cycles < 1 || nloads < 1 || reps < 1)
        goto usage;
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
    return 0;
usage:
    fprintf(stderr,
            "usage: %s [-o yarc|cn|fc|bb] [-r rows] [-c cols] [-p ports] [-S speedup] "
            "[-M tops] [-n cycles] [-w warmup] [-m bare|lcb|both] [-l load,...] [-s seed] "
            "[-k reps]\n",
            argv[0]);
    return 2;
}
