/* net_sim.c - simulate a network of the kit's routers (net.h,
 * docs/network.md). Options follow rtr_sim's where they apply.
 *
 *   net_sim --topo fclos:levels=2 --cfg yarc-k16-bare --routing updown-adaptive
 *           --pattern ur --load 0.5 [--csv out.csv]
 *
 * Exit 0: the run passed its checks; 1: a check failed; 2: bad input.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/progrun.h"
#include "common/trafopt.h"
#include "net.h"
#include "rtr/rtr.h"
#include "nr_cli.h"

static const nr_cli_opt_t opts[] = {
    {"topo", "SPEC",
     "topology: fclos:k=K,levels=L[,tophalf=1][,taper=T][,links=P][,side=S] (default "
     "fclos:levels=2; k = the "
     "routers' port count; links=P: P parallel links from a router to each parent; side=S: S "
     "copies "
     "whose top routers are joined by side links, routed by a SideTab=1 configuration's side "
     "table) | "
     "bw:rank=R[,taper=T][,side=S] (one plane of BlackWidow's network, 64-port routers: rank 1 one "
     "router of 32 processors, rank 2 1024 (fclos:k=64,levels=2,links=2), rank 3 16384; rank 2 "
     "with side=S: S 512-processor subtrees joined by side links, 4608 at S = 9; rank 3 with "
     "side=2 or 3: 8192-processor subtrees, 16384 or 24576) | "
     "fbfly:k=K,n=N[,c=C] (flattened butterfly; "
     "--pattern wc is seed 002's worst case; on a folded Clos, a leaf's nodes to a random node of "
     "the next leaf)"},
    {"cfg", "NAMES",
     "router configuration, or one per level from the leaves up, comma "
     "separated (default yarc-k16-bare); bare configurations"},
    {"cfg-file", "PATH", "configurations file (default $NR_CONFIGS, else configs/configs.txt)"},
    {"impl", "KIND",
     "model (default) | rtl (the routers of the --rtl configuration are its "
     "Verilated RTL) | lockstep (RTL, each compared with its C model every cycle)"},
    {"rtl", "NAME",
     "the configuration whose routers are RTL (default: the first of --cfg); "
     "the run goes to build/bin/net_sim-NAME, linked with its RTL build"},
    {"fault", "CYCLE:ROUTER",
     "lockstep: flip one output bit of RTL router ROUTER's port 0 at "
     "CYCLE (tests the comparison)"},
    {"trace-rtr", "R", "RTL: write an FST window of router R (a traced build, net_sim-NAME-trace)"},
    {"trace-from", "N", "RTL: the window's first cycle"},
    {"trace-to", "N", "RTL: its last cycle"},
    {"trace-out", "PATH", "RTL: the FST file"},
    {"no-rerun", NULL, "lockstep: no traced rerun after a divergence"},
    {"routing", "NAME",
     "fclos: updown-adaptive (default) | updown-hash | updown-det; fbfly: min "
     "(dimension order as source routes) | min-rc | val | ugal | ugals | closad | minad "
     "(seed 002's algorithms in the routers' flattened-butterfly mode, min-rc its MIN, "
     "docs/fbfly-routing.md; ugals and closad need FbSeq=1 configurations)"},
    TB_TRAFOPT_OPTS, /* default --len fixed:8; --pattern also takes wc (fbfly: seed 002's
                        worst case, every node of router r to a random node of r+1) */
    TB_LINKOPT_OPTS, /* every link direction of an LCB network */
    {"no-escapes", NULL, "a CRC escape (damaged packet or control word accepted) fails the run"},
    {"warmup", "N", "warm-up cycles (default 1000)"},
    {"measure", "N", "measurement cycles (default 4000)"},
    {"drain-max", "N", "drain limit after the window, cycles (default 20000)"},
    {"link-lat", "N", "router-to-router channel latency, cycles each way (default 10)"},
    {"node-lat", "N", "node-to-router channel latency, cycles each way (default 1)"},
    {"stall-limit", "N",
     "cycles without a phit moving, with packets in flight, that are a "
     "deadlock (default 5000)"},
    {"seed", "N", "random seed (default 1)"},
    {"threads", "N", "threads that evaluate the routers (default 1; same results for any N)"},
    {"csv", "PATH",
     "append one result row (header written if the file is new; the topology's "
     "commas are written as ';', so that every field is a bare CSV field)"},
    {"label", "STR", "label column of the CSV row (no commas, quotes, line breaks)"},
    {"turns", "PATH",
     "write every router's (in port, out port) packet counts of the window as "
     "CSV (seed 001 Fig 6 heatmaps)"},
    {"links", "PATH",
     "write every router output channel's phits and load of the window as CSV "
     "(router, level, port, the node or router and port it leads to, class)"},
    {"batch", "B",
     "every node queues B packets at the first traffic cycle and no more; the "
     "run ends when all are delivered and reports the time (seed 002 Fig 5); "
     "--load and --warmup/--measure do not apply"},
    {"quiet", NULL, "no per-level channel and router load table"},
    {NULL, NULL, NULL}};

static int write_csv(const char *path, const char *label, const net_opts *o, const net_result *r)
{
    struct stat sb;
    int fresh = stat(path, &sb) != 0 || sb.st_size == 0;
    FILE *f = fopen(path, "a");
    if (!f) {
        fprintf(stderr, "net_sim: --csv %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (fresh)
        fprintf(
            f,
            "label,topo,cfg,routing,pattern,load,seed,nodes,routers,offered,accepted,lat_mean,"
            "lat_p50,lat_p99,lat_max,delivered,hops_mean,drained,deadlock,sb_errors,"
            "cycles,wall_s,retries,tx_err,escapes,rtl_routers,diverged,detours,batch,batch_cycles,"
            "phit_hops,warmup,measure\n");
    uint64_t np = 0, hs = 0;
    for (int h = 0; h <= NET_HOPS_MAX; h++) np += r->hops[h], hs += (uint64_t)h * r->hops[h];
    fprintf(f, "%s,", label);
    for (const char *p = o->topo; *p; p++) fputc(*p == ',' ? ';' : *p, f);
    fputc(',', f);
    for (int l = 0; l < o->ncfg; l++) fprintf(f, "%s%s", l ? "+" : "", o->cfg[l]);
    fprintf(f,
            ",%s,%s,%.4f,%" PRIu64 ",%d,%d,%.5f,%.5f,%.2f,%u,%u,%u,%" PRIu64 ",%.3f,%d,%d,%" PRIu64
            ",%" PRIu64 ",%.3f,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%d,%d,%" PRIu64 ",%" PRIu64
            ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n",
            net_routing_names[o->routing], o->wc ? "wc" : nr_tp_name(o->tp.kind), o->inj.load,
            o->seed, r->nodes, r->routers, r->offered, r->accepted, r->lat_mean, r->lat_p50,
            r->lat_p99, r->lat_max, r->delivered, np ? (double)hs / (double)np : 0.0, r->drained,
            r->deadlock, r->sb_errors, r->cycles, r->wall_s, r->retries, r->tx_err,
            r->escapes + r->cw_escapes, r->rtl_routers, r->diverged, r->detours, o->batch,
            r->batch_cycles, r->phit_hops, o->warmup, o->measure);
    return fclose(f) ? -1 : 0;
}

/* RTL runs belong to net_sim-<config>, linked with that configuration's RTL
 * build: hand the run to it (same arguments). Its exit status, or -1 when
 * this program has the RTL. */
static int handoff(const net_opts *o, char **argv)
{
    const char *have = rtr_rtl_build();
    const int want_trace = o->trace_rtr >= 0;
    if (have && !strcmp(have, o->rtl_cfg) && (!want_trace || rtr_rtl_traced())) return -1;
    if (getenv("NET_SIM_HANDOFF")) {
        fprintf(stderr, "net_sim: %s was handed this run but its RTL is %s%s, not %s%s\n", argv[0],
                have ? have : "(none)", rtr_rtl_traced() ? " (traced)" : "", o->rtl_cfg,
                want_trace ? " (traced)" : "");
        return 2;
    }
    char dir[1024], path[1200];
    tb_self_dir(argv[0], dir, sizeof dir);
    snprintf(path, sizeof path, "%s/net_sim-%s%s", dir, o->rtl_cfg, want_trace ? "-trace" : "");
    if (access(path, X_OK)) {
        fprintf(stderr,
                "net_sim: no RTL build for configuration %s%s (%s is missing; make it: "
                "make %s)\n",
                o->rtl_cfg, want_trace ? " with tracing" : "", path, path);
        return 2;
    }
    setenv("NET_SIM_HANDOFF", "1", 1);
    return tb_run_child("net_sim", path, argv);
}

/* A lockstep divergence: the same run on the traced build, with an FST
 * window of the diverging router around it (net_sim-NAME-trace, if built). */
static void rerun_traced(const net_opts *o, const net_result *r, int argc, char **argv)
{
    char dir[1024], path[1200], wdir[1100], fst[1400], sr[16], sf[32], st[32];
    tb_self_dir(argv[0], dir, sizeof dir);
    snprintf(path, sizeof path, "%s/net_sim-%s-trace", dir, o->rtl_cfg);
    if (access(path, X_OK)) {
        printf("net_sim: no traced RTL build for %s (%s); no waveform of the divergence "
               "(make %s)\n",
               o->rtl_cfg, path, path);
        return;
    }
    snprintf(wdir, sizeof wdir, "%s/../waves", dir);
    mkdir(wdir, 0777);
    snprintf(fst, sizeof fst, "%s/net_%s_r%d_seed%" PRIu64 "_c%" PRId64 ".fst", wdir, o->rtl_cfg,
             r->div_rtr, o->seed, r->div_cycle);
    snprintf(sr, sizeof sr, "%d", r->div_rtr);
    snprintf(sf, sizeof sf, "%" PRId64, r->div_cycle > 300 ? r->div_cycle - 300 : 0);
    snprintf(st, sizeof st, "%" PRId64, r->div_cycle);
    char **nargv = calloc((size_t)argc + 12, sizeof *nargv);
    int n = 0;
    nargv[n++] = path;
    for (int i = 1; i < argc; i++) nargv[n++] = argv[i];
    const char *extra[] = {"--no-rerun", "--trace-rtr", sr, "--trace-from", sf, "--trace-to",
                           st,           "--trace-out", fst};
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) nargv[n++] = (char *)extra[i];
    printf("net_sim: rerunning with the traced RTL for an FST window of router %d: %s\n",
           r->div_rtr, fst);
    setenv("NET_SIM_HANDOFF", "1", 1);
    tb_run_child("net_sim", path, nargv);
    free(nargv);
}

int main(int argc, char **argv)
{
    net_opts o;
    net_opts_default(&o);
    o.tp.turn_frac = 0.25;
    o.tp.turn_kind = NR_TP_UNIFORM;
    o.inj.burst = 8;
    if (getenv("NR_CONFIGS") && *getenv("NR_CONFIGS")) o.cfg_file = getenv("NR_CONFIGS");
    const char *csv = NULL, *label = "";
    int no_rerun = 0;
    static char cfgbuf[256];
    int tp_set = 0;
    nr_cli_t c;
    nr_cli_init(&c, "net_sim",
                "[options]   (traffic defaults: --pattern ur --load 0.3 --len fixed:8)", opts, argc,
                argv);
    const char *v;
    int k;
    while ((k = nr_cli_next_or_exit(&c, &v)) != NR_CLI_END) {
        if (k == NR_CLI_ARG) nr_cli_die(&c, "unexpected argument '%s'", v);
        const char *n = opts[k].name;
        if (!strcmp(n, "pattern") && !strcmp(v, "wc")) {
            o.wc = 1; /* seed 002's worst case: needs the topology (net.h) */
            continue;
        }
        if (tb_trafopt_handle(&c, n, v, &o.tp, &o.inj, &tp_set)) continue;
        if (tb_linkopt_handle(&c, n, v, &o.ch)) continue;
        if (!strcmp(n, "topo"))
            o.topo = v;
        else if (!strcmp(n, "cfg")) {
            snprintf(cfgbuf, sizeof cfgbuf, "%s", v);
            o.ncfg = 0;
            for (char *s = strtok(cfgbuf, ","); s; s = strtok(NULL, ",")) {
                if (o.ncfg == NET_MAX_LEVELS)
                    nr_cli_die(&c, "--cfg: at most %d configurations", NET_MAX_LEVELS);
                o.cfg[o.ncfg++] = s;
            }
            if (!o.ncfg) nr_cli_die(&c, "--cfg: expected a configuration name");
        } else if (!strcmp(n, "cfg-file"))
            o.cfg_file = v;
        else if (!strcmp(n, "impl"))
            o.impl = (net_impl)nr_cli_enum(&c, v, net_impl_names);
        else if (!strcmp(n, "rtl"))
            o.rtl_cfg = v;
        else if (!strcmp(n, "fault")) {
            long fc, fr;
            char tail;
            if (sscanf(v, "%ld:%ld%c", &fc, &fr, &tail) != 2 || fc < 0 || fr < 0)
                nr_cli_die(&c, "--fault: expected CYCLE:ROUTER, got '%s'", v);
            o.fault_cycle = fc;
            o.fault_rtr = (int)fr;
        } else if (!strcmp(n, "routing"))
            o.routing = (net_routing)nr_cli_enum(&c, v, net_routing_names);
        else if (!strcmp(n, "warmup"))
            o.warmup = nr_cli_u64(&c, v, 0, 100000000);
        else if (!strcmp(n, "measure"))
            o.measure = nr_cli_u64(&c, v, 1, 100000000);
        else if (!strcmp(n, "drain-max"))
            o.drain = nr_cli_u64(&c, v, 0, 100000000);
        else if (!strcmp(n, "link-lat"))
            o.link_lat = (int)nr_cli_long(&c, v, 1, 1000);
        else if (!strcmp(n, "node-lat"))
            o.node_lat = (int)nr_cli_long(&c, v, 1, 1000);
        else if (!strcmp(n, "stall-limit"))
            o.stall_limit = nr_cli_u64(&c, v, 100, 100000000);
        else if (!strcmp(n, "seed"))
            o.seed = nr_cli_u64(&c, v, 0, UINT64_MAX);
        else if (!strcmp(n, "threads"))
            o.threads = (int)nr_cli_long(&c, v, 1, NET_MAX_THREADS);
        else if (!strcmp(n, "csv"))
            csv = nr_cli_out_path(&c, v);
        else if (!strcmp(n, "label")) {
            for (const char *p = v; *p; p++)
                if (*p == ',' || *p == '"' || (unsigned char)*p < 0x20)
                    nr_cli_die(&c,
                               "--label: a label may not contain commas, double quotes, line "
                               "breaks or control characters (it is a bare CSV field), got '%s'",
                               v);
            label = v;
        } else if (!strcmp(n, "turns"))
            o.turns_csv = nr_cli_out_path(&c, v);
        else if (!strcmp(n, "links"))
            o.links_csv = nr_cli_out_path(&c, v);
        else if (!strcmp(n, "batch"))
            o.batch = nr_cli_u64(&c, v, 1, 1000000);
        else if (!strcmp(n, "trace-rtr"))
            o.trace_rtr = (int)nr_cli_long(&c, v, 0, 1000000);
        else if (!strcmp(n, "trace-from"))
            o.trace_from = (int64_t)nr_cli_u64(&c, v, 0, 1u << 30);
        else if (!strcmp(n, "trace-to"))
            o.trace_to = (int64_t)nr_cli_u64(&c, v, 0, 1u << 30);
        else if (!strcmp(n, "trace-out"))
            o.trace_out = v;
        else if (!strcmp(n, "no-rerun"))
            no_rerun = 1;
        else if (!strcmp(n, "no-escapes"))
            o.no_escapes = 1;
        else if (!strcmp(n, "quiet"))
            o.quiet = 1;
    }
    if (o.tp.kind == NR_TP_HOTSPOT && o.tp.nhot == 0)
        nr_cli_die(&c, "--pattern hotspot needs --hotspot NODES:F");
    if (o.tp.kind == NR_TP_ROWCOL || o.tp.kind == NR_TP_QUAD)
        nr_cli_die(&c, "--pattern %s describes the ports of one router, not a network's nodes",
                   nr_tp_name(o.tp.kind));
    if (!o.rtl_cfg) o.rtl_cfg = o.cfg[0];
    if (o.trace_rtr >= 0 &&
        (o.impl == NET_IMPL_MODEL || !o.trace_out || o.trace_from < 0 || o.trace_to < o.trace_from))
        nr_cli_die(&c, "--trace-rtr needs --impl rtl or lockstep, --trace-out and --trace-from "
                       "<= --trace-to");
    if (o.fault_cycle >= 0 && o.impl != NET_IMPL_LOCKSTEP)
        nr_cli_die(&c, "--fault needs --impl lockstep");
    if (o.impl != NET_IMPL_MODEL) {
        int rc = handoff(&o, argv);
        if (rc >= 0) return rc;
    }
    char err[512];
    nr_lendist_t ld = o.inj.len;
    if (nr_lendist_check(&ld, err, sizeof err)) nr_cli_die(&c, "--len: %s", err);
    nr_cli_print_seed(stdout, "net_sim", o.seed);
    net_result r;
    int rc = net_run(&o, &r, stdout, err, sizeof err);
    if (rc == 2) nr_cli_die(&c, "%s", err);
    printf("net: %" PRIu64 " cycles in %.2f s, %.0f network cycles/s, %.3g phit-hops/s\n", r.cycles,
           r.wall_s, r.wall_s > 0 ? (double)r.cycles / r.wall_s : 0.0,
           r.wall_s > 0 ? (double)r.phit_hops / r.wall_s : 0.0);
    if (csv && write_csv(csv, label, &o, &r)) return 2;
    if (r.diverged && !no_rerun) rerun_traced(&o, &r, argc, argv);
    return rc;
}
