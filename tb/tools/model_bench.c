/* model_bench.c - speed of the C model of any organization (make
 * bench-model; build/bin/model_bench --help).
 *
 * For each named configuration (through the catalog, with parameter
 * overrides: "fc-k64:UseLcb=0") and offered load, runs the model with
 * uniform random traffic (Bernoulli injection, BlackWidow length mix, both
 * VCs) in tb/common/renv.h, and prints simulated cycles per second and
 * phit-hops per second (phits leaving router outputs), for the whole loop
 * and for the router alone (time inside its eval/tick). With LCBs the
 * environment has a peer NIC LCB model on every port, so the loop simulates
 * 2k LCB ports. Each point runs `reps` times (same seed, same result) and
 * the fastest run is reported, which filters out time stolen by other
 * processes on a shared machine.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalog/org.h"
#include "common/renv.h"
#include "nr_cli.h"
#include "nr_inj.h"
#include "nr_out.h"
#include "nr_src.h"
#include "nr_traffic.h"

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

/* The router of one named configuration (any organization, through the
 * catalog), with key overrides "K=V,..." applied. */
typedef struct {
    rtr_namedcfg cfg;
    int n; /* ports */
    renv_shape sh;
} bench_model;

static int model_of(bench_model *bm, const char *spec, char *err, int errlen)
{
    char name[128], buf[512];
    const char *ov = strchr(spec, ':'), *f[RTR_CFG_MAX_PARAMS + 1];
    snprintf(name, sizeof name, "%.*s", (int)(ov ? ov - spec : (long)strlen(spec)), spec);
    if (rtr_cfg_lookup(rtr_cfg_default_file(), name, &bm->cfg, err, errlen)) return -1;
    const int nov = ov ? nr_cli_split(ov + 1, ',', buf, sizeof buf, f, 1, RTR_CFG_MAX_PARAMS) : 0;
    if (nov < 0) {
        snprintf(err, (size_t)errlen, "'%s': expected NAME:Key=Value,...", spec);
        return -1;
    }
    for (int j = 0; j < nov; j++) {
        const char *eq = strchr(f[j], '=');
        long v;
        char e2[128], key[32];
        if (!eq || eq == f[j] || eq - f[j] >= (long)sizeof key ||
            nr_cli_parse_long(eq + 1, RTR_CFG_VAL_MIN, RTR_CFG_VAL_MAX, &v, e2, sizeof e2)) {
            snprintf(err, (size_t)errlen, "'%s': '%s' is not Key=Value (an integer)", spec, f[j]);
            return -1;
        }
        snprintf(key, sizeof key, "%.*s", (int)(eq - f[j]), f[j]);
        int i = 0;
        while (i < bm->cfg.nparams && strcmp(bm->cfg.key[i], key)) i++;
        if (i == RTR_CFG_MAX_PARAMS) {
            snprintf(err, (size_t)errlen, "'%s': too many parameters", spec);
            return -1;
        }
        if (i == bm->cfg.nparams) snprintf(bm->cfg.key[bm->cfg.nparams++], 32, "%s", key);
        bm->cfg.val[i] = v;
    }
    const rtr_org *o = rtr_org_of(&bm->cfg, err, errlen);
    rtr_geom g;
    if (!o || rtr_org_geom(o, &bm->cfg, &g, err, errlen)) return -1;
    bm->n = g.num_ports;
    bm->sh = (renv_shape){g.num_ports,   g.num_vcs,          g.use_lcb,    g.in_buf_per_vc,
                          g.max_pkt_len, g.lcb.replay_depth, g.lcb.window, 16};
    return 0;
}

static void point(const bench_model *bm, double load, long warm, long cycles, uint64_t seed,
                  bench_res *res)
{
    char err[1024];
    const int n = bm->n;
    renv e;
    nr_lcb_cfg lcfg = renv_lcb_cfg();
    nr_rtr rt;
    if (rtr_model_impl.create(&bm->cfg, &lcfg, &rt, err, sizeof err)) {
        fprintf(stderr, "model_bench: %s\n", err);
        exit(2);
    }
    renv_init_rtr(&e, rt, &bm->sh, &lcfg, 2, seed);
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
            if (nr_src_cycle(&inj[s], e.t, &tp, 0, NULL, s) < 0) {
                fprintf(stderr, "model_bench: source queue: out of memory\n");
                exit(1);
            }
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

static const nr_cli_opt_t opts[] = {
    {"cfg", "NAME[:K=V,...]",
     "a named configuration to run, with parameter overrides; repeat for more (default "
     "yarc-k64:UseLcb=0 and yarc-k64)"},
    {"cycles", "N", "measured cycles per point (default 20000)"},
    {"warmup", "N", "warm-up cycles per point (default 2000)"},
    {"load", "F,F,...", "offered loads, phits/cycle/port (default 0.1,0.5)"},
    {"seed", "N", "random seed (default 1)"},
    {"reps", "N", "runs per point, the fastest reported (default 3)"},
    {NULL, NULL, NULL},
};

int main(int argc, char **argv)
{
    const char *cfgs[16] = {"yarc-k64:UseLcb=0", "yarc-k64"};
    int ncfg = 0;
    int reps = 3;
    long cycles = 20000, warm = 2000;
    uint64_t seed = 1;
    double loads[16] = {0.1, 0.5};
    int nloads = 2;
    nr_cli_t c;
    nr_cli_init(&c, "model_bench", "[options]", opts, argc, argv);
    const char *v;
    for (int k; (k = nr_cli_next_or_exit(&c, &v)) != NR_CLI_END;) {
        if (k == NR_CLI_ARG) nr_cli_die(&c, "unexpected argument '%s'", v);
        const char *name = opts[k].name;
        if (!strcmp(name, "cfg")) {
            if (ncfg == 16) nr_cli_die(&c, "--cfg: at most 16 configurations");
            cfgs[ncfg++] = v;
        } else if (!strcmp(name, "cycles"))
            cycles = nr_cli_long(&c, v, 1, 1000000000L);
        else if (!strcmp(name, "warmup"))
            warm = nr_cli_long(&c, v, 0, 1000000000L);
        else if (!strcmp(name, "reps"))
            reps = (int)nr_cli_long(&c, v, 1, 100);
        else if (!strcmp(name, "seed"))
            seed = nr_cli_u64(&c, v, 0, UINT64_MAX);
        else if (!strcmp(name, "load")) {
            char buf[512];
            const char *f[17];
            nloads = nr_cli_split(v, ',', buf, sizeof buf, f, 1, 16);
            if (nloads < 0)
                nr_cli_die(&c, "--load: expected 1 to 16 comma-separated loads, got '%s'", v);
            for (int i = 0; i < nloads; i++) loads[i] = nr_cli_double(&c, f[i], 1e-6, 1.0);
        }
    }
    if (!ncfg) ncfg = 2;
    static bench_model bm[16];
    for (int ci = 0; ci < ncfg; ci++) {
        char err[1024];
        if (model_of(&bm[ci], cfgs[ci], err, sizeof err)) nr_cli_die(&c, "--cfg: %s", err);
    }
    printf("# C model speed: uniform random, Bernoulli, bwmix lengths, %ld cycles after %ld "
           "warm-up, seed %llu, best of %d\n",
           cycles, warm, (unsigned long long)seed, reps);
    printf("# rates per CPU second; cycles/s and phit-hops/s: whole loop (router + sources,\n"
           "# sinks and, with LCBs, the NIC LCBs); rtr: time inside the model's eval/tick only;\n"
           "# cpu%%: CPU share the process got (machine load)\n");
    printf("%-26s %5s %9s %12s %14s %12s %14s %5s\n", "configuration", "load", "accepted",
           "cycles/s", "phit-hops/s", "rtr cyc/s", "rtr hops/s", "cpu%");
    for (int ci = 0; ci < ncfg; ci++) {
        const char *spec = cfgs[ci];
        for (int l = 0; l < nloads; l++) {
            bench_res r, b;
            point(&bm[ci], loads[l], warm, cycles, seed, &r);
            for (int k = 1; k < reps; k++) {
                point(&bm[ci], loads[l], warm, cycles, seed, &b);
                if (b.cpu < r.cpu) r.cpu = b.cpu;
                if (b.model_cpu < r.model_cpu) r.model_cpu = b.model_cpu;
                if (b.wall < r.wall) r.wall = b.wall;
            }
            printf("%-26s %5.2f %9.3f %12.0f %14.0f %12.0f %14.0f %5.0f\n", spec, loads[l],
                   r.accepted, (double)r.cycles / r.cpu, (double)r.hops / r.cpu,
                   (double)r.cycles / r.model_cpu, (double)r.hops / r.model_cpu,
                   100.0 * r.cpu / r.wall);
        }
    }
    return nr_out_stdout("model_bench", 0);
}
