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
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/progrun.h"
#include "common/trafopt.h"
#include "net.h"
#include "catalog/org.h"
#include "nr_cli.h"
#include "nr_out.h"

static const nr_cli_opt_t opts[] = {
    {"topo", "SPEC",
     "topology, KIND:KEY=V,... (default fclos:levels=2); the kinds, their keys and routings are "
     "listed below"},
    {"cfg", "NAMES",
     "router configuration, or one per level from the leaves up, comma "
     "separated (default yarc-k16-bare); bare or LCB (UseLcb=1: LCB links), the same link kind "
     "and port count at every level"},
    {"cfg-file", "PATH", "configurations file (default $NR_CONFIGS, else configs/configs.txt)"},
    {"impl", "KIND",
     "model (default) | rtl (the routers of the --rtl configuration are its "
     "Verilated RTL) | lockstep (RTL, each compared with its C model every cycle)"},
    {"rtl", "NAME",
     "with --impl rtl or lockstep: the configuration whose routers are RTL (default: the first "
     "of --cfg); the run goes to build/bin/net_sim-NAME, linked with its RTL build"},
    {"fault", "CYCLE:ROUTER",
     "lockstep: flip one output bit of RTL router ROUTER's port 0 at "
     "CYCLE (0..2^62, within the run; ROUTER an RTL router of the network; tests the "
     "comparison)"},
    {"fail", "R.P@CYCLE",
     "the link of router R's port P (both ways) dies at CYCLE, counted from the first traffic "
     "cycle as the window (repeatable, up to 64; docs/network.md \"Faults\"; bare links, fclos, "
     "bw, mesh and torus, an unordered routing)"},
    {"fail-random", "N", "N more links die, each at a cycle of the window, drawn from --seed"},
    {"erase", "R.P@CYCLE",
     "every phit of the LCB link of router R's port P is erased from CYCLE on, both ways; its "
     "LCBs exhaust their retries and the link fails when one goes down (repeatable; "
     "docs/network.md \"Faults\")"},
    {"timeout", "N", "LCB links: cfg_timeout (default 1024)"},
    {"retry-limit", "N", "LCB links: cfg_retry_limit (default 255)"},
    {"fail-delay", "N",
     "cycles from a failure to the rewrite of every router's tables around the dead links "
     "(default 100)"},
    {"degrade", "R.P@CYCLE",
     "the link of router R's port P carries a phit only every other cycle from CYCLE on, both "
     "ways (half width; repeatable; bare links, not with --fail)"},
    {"half-width", NULL,
     "every link between routers carries a phit only every other cycle, both ways, from the "
     "first traffic cycle: channels of half width (bare links, not with --fail or --degrade)"},
    {"inj-timeout", "T",
     "a packet whose head no link has taken T cycles after its generation is dropped at its "
     "source and counted (BlackWidow's injection timeout; docs/network.md \"Faults\")"},
    {"series", "PATH",
     "write the accepted load, the packets delivered, their mean latency and the packets lost "
     "on failed links per bin of cycles from the first traffic cycle, as CSV"},
    {"det-vcs", "MASK",
     "every router's DET_VCS (bit v: VC v, below the VCs): those VCs go up by the hashed ULUT "
     "whatever their a bit, and their flows are checked in order; updown-adaptive on fclos or "
     "bw, not with --fail (docs/network.md)"},
    {"up-sel", "N",
     "every YARC router's UP_SEL, the adaptive up choice (docs/yarc-arch.md 5): 0 the highest "
     "credit count (step 4; default but on bw:); 1 + 2b + 4m the column rule of step 4s, b: two "
     "occupancy bits, m: the matrix tie-break (bw:'s default 7); updown-adaptive on fclos or bw"},
    {"series-bin", "N", "with --series: cycles per bin (default 100)"},
    {"trace-rtr", "R",
     "RTL: write an FST window of router R (a traced build, net_sim-NAME-trace; with "
     "--trace-from, --trace-to and --trace-out)"},
    {"trace-from", "N", "with --trace-rtr: the window's first cycle"},
    {"trace-to", "N", "with --trace-rtr: its last cycle (>= --trace-from)"},
    {"trace-out", "PATH",
     "with --trace-rtr: the FST file (written under a temporary name, checked and renamed "
     "when the window closes)"},
    {"no-rerun", NULL, "lockstep: no traced rerun after a divergence"},
    {"routing", "NAME",
     "one of the topology's routings (below; default its first); the flattened butterfly's "
     "are those of docs/fbfly-routing.md, ugals and closad need FbSeq=1 configurations"},
    TB_TRAFOPT_OPTS("node"), /* default --len fixed:8; --pattern also takes wc (fbfly: seed 002's
                        worst case, every node of router r to a random node of r+1) */
    TB_LINKOPT_OPTS,         /* every link direction of an LCB network */
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
     "commas are written as ';', so that every field is a bare CSV field; a row that cannot be "
     "written whole is taken back, exit 1)"},
    {"label", "STR", "with --csv: label column of the CSV row (no commas, quotes, line breaks)"},
    {"turns", "PATH",
     "write every router's (in port, out port) packet counts of the window as "
     "CSV ([ACK12] Fig 6 heatmaps; not with link errors, whose replays copy packets)"},
    {"links", "PATH",
     "write every router output channel's phits and load of the window as CSV "
     "(router, level, port, the node or router and port it leads to, class)"},
    {"batch", "B",
     "every node queues B packets at the first traffic cycle and no more; the "
     "run ends when all are delivered and reports the time ([KDA07] Fig 5); "
     "--load, --warmup and --measure do not apply (refused)"},
    {"quiet", NULL, "no per-level channel and router load table"},
    {"age-phit", NULL,
     "every packet carries an age phit (h = 1, age 0), which SeaStar routers rewrite "
     "(docs/seastar-arch.md 8); the scoreboard leaves its age bits out"},
    {"per-src", "PATH",
     "write each source node's packets and phits delivered in the window, and its share, "
     "as CSV"},
    {NULL, NULL, NULL}};

/* One CSV row (and the header if the file is new), appended whole or not at
 * all (nr_out.h). 0, or -1 with the message on stderr. */
static int write_csv(const char *path, const char *label, const net_opts *o, const net_result *r)
{
    nr_out_t out;
    char err[1400];
    if (nr_out_open(&out, path, NR_OUT_APPEND, err, sizeof err)) {
        fprintf(stderr, "net_sim: --csv: %s\n", err);
        return -1;
    }
    FILE *f = out.f;
    if (out.fresh)
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
            r->routing, o->wc ? "wc" : nr_tp_name(o->tp.kind), o->inj.load, o->seed, r->nodes,
            r->routers, r->offered, r->accepted, r->lat_mean, r->lat_p50, r->lat_p99, r->lat_max,
            r->delivered, np ? (double)hs / (double)np : 0.0, r->drained, r->deadlock, r->sb_errors,
            r->cycles, r->wall_s, r->retries, r->tx_err, r->escapes + r->cw_escapes, r->rtl_routers,
            r->diverged, r->detours, o->batch, r->batch_cycles, r->phit_hops, o->warmup,
            o->measure);
    if (nr_out_close(&out, err, sizeof err)) {
        fprintf(stderr, "net_sim: --csv: %s (no row written)\n", err);
        return -1;
    }
    return 0;
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
        char mk[1200];
        tb_make_cmd(dir, strrchr(path, '/') + 1, mk, sizeof mk);
        fprintf(stderr,
                "net_sim: no RTL build for configuration %s%s (%s is missing; make it: %s)\n",
                o->rtl_cfg, want_trace ? " with tracing" : "", path, mk);
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
        char mk[1200];
        tb_make_cmd(dir, strrchr(path, '/') + 1, mk, sizeof mk);
        printf("net_sim: no traced RTL build for %s (%s); no waveform of the divergence "
               "(make it: %s)\n",
               o->rtl_cfg, path, mk);
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
    static const char *const drop[] = {"--csv", "--label", NULL}; /* one run, one row */
    n += tb_argv_without(argc, argv, drop, nargv + n);
    const char *extra[] = {"--no-rerun", "--trace-rtr", sr, "--trace-from", sf, "--trace-to",
                           st,           "--trace-out", fst};
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++) nargv[n++] = (char *)extra[i];
    printf("net_sim: rerunning with the traced RTL for an FST window of router %d: %s\n",
           r->div_rtr, fst);
    setenv("NET_SIM_HANDOFF", "1", 1);
    tb_run_child("net_sim", path, nargv);
    free(nargv);
}

/* Options that cannot apply to the run the others describe: an error (exit
 * 2), or for the ones --help calls ignored, a note on stderr. */
static void check_opts(nr_cli_t *c, net_opts *o, const char *csv, const char *label, int trace_set,
                       const char *batch_na)
{
    if (label && !csv) nr_cli_die(c, "--label names the row of --csv: give --csv PATH");
    if (o->rtl_cfg && o->impl == NET_IMPL_MODEL)
        nr_cli_die(c, "--rtl %s: the routers are RTL only with --impl rtl or lockstep", o->rtl_cfg);
    if (!o->rtl_cfg) o->rtl_cfg = o->cfg[0];
    if (o->impl != NET_IMPL_MODEL) {
        /* the RTL routers are those of one --cfg configuration, which must
         * exist before a program is named for it (handoff) */
        int l = 0;
        while (l < o->ncfg && strcmp(o->cfg[l], o->rtl_cfg)) l++;
        if (l == o->ncfg)
            nr_cli_die(c, "--rtl %s: not one of the --cfg configurations", o->rtl_cfg);
        rtr_namedcfg nc;
        char e[1024];
        if (rtr_cfg_lookup(o->cfg_file, o->rtl_cfg, &nc, e, sizeof e)) nr_cli_die(c, "%s", e);
    }
    if (trace_set && o->trace_rtr < 0)
        nr_cli_die(c, "--trace-from, --trace-to and --trace-out go with --trace-rtr R");
    if (o->trace_rtr >= 0 &&
        (o->impl == NET_IMPL_MODEL || !o->trace_out || o->trace_from < 0 || o->trace_to < 0))
        nr_cli_die(c, "--trace-rtr needs --impl rtl or lockstep, --trace-out, --trace-from and "
                      "--trace-to");
    if (o->trace_rtr >= 0 && o->trace_to < o->trace_from)
        nr_cli_die(c, "--trace-to %" PRId64 " is before --trace-from %" PRId64 ": an empty window",
                   o->trace_to, o->trace_from);
    if (o->trace_out) {
        char e[600];
        if (nr_out_check(o->trace_out, NR_OUT_FILE, e, sizeof e))
            nr_cli_die(c, "--trace-out %s: cannot write the trace: %s", o->trace_out, e);
    }
    if (o->fault_cycle >= 0 && o->impl != NET_IMPL_LOCKSTEP)
        nr_cli_die(c, "--fault needs --impl lockstep");
    if (o->turns_csv && lcb_ch_cfg_has_errors(&o->ch))
        nr_cli_die(c, "--turns: turns are not counted with link errors (a link's replay makes "
                      "copies of a packet, which may take other routes)");
    if (o->batch && batch_na)
        fprintf(stderr, "net_sim: note: --%s does not apply to a --batch run (ignored)\n",
                batch_na);
}

/* The command-line values that are not net_opts fields. */
typedef struct {
    const char *csv, *label;
    int no_rerun;
    int tp_set;           /* TB_TRAF_* of the traffic options given */
    int trace_set;        /* a --trace-from, --trace-to or --trace-out was given */
    const char *batch_na; /* the first of --load, --warmup, --measure given */
    const char *lone;     /* --fail-delay or --series-bin, if given */
    char cfgbuf[1024];    /* --cfg's names */
} net_cli;

/* --fault CYCLE:ROUTER (the router is checked against the network, net.c) */
static void parse_fault(nr_cli_t *c, net_opts *o, const char *v)
{
    char buf[256], e[300] = "";
    const char *f[2];
    uint64_t fc = 0;
    long fr = 0;
    if (nr_cli_split(v, ':', buf, sizeof buf, f, 2, 2) < 0 ||
        nr_cli_parse_u64(f[0], 0, 1ull << 62, &fc, e, sizeof e) ||
        nr_cli_parse_long(f[1], 0, 1000000, &fr, e, sizeof e))
        nr_cli_die(c,
                   "--fault: expected CYCLE:ROUTER (CYCLE in [0, 2^62], ROUTER in [0, "
                   "1000000]), got '%s'%s%s",
                   v, *e ? ": " : "", e);
    o->fault_cycle = (int64_t)fc;
    o->fault_rtr = (int)fr;
}

/* --fail or --degrade (opt) R.P@CYCLE into a[*na] (the link is checked
 * against the network, net_fail.c) */
static void parse_linkat(nr_cli_t *c, const char *opt, net_linkat *a, int *na, const char *v)
{
    char buf[256], e[300] = "";
    const char *f[2];
    uint64_t cy = 0;
    long r = 0, p = 0;
    char *dot = NULL;
    if (*na == NET_FAIL_MAX) nr_cli_die(c, "--%s: at most %d", opt, NET_FAIL_MAX);
    if (nr_cli_split(v, '@', buf, sizeof buf, f, 2, 2) < 0 || !(dot = strchr(f[0], '.')) ||
        (*dot = 0, nr_cli_parse_long(f[0], 0, 1000000, &r, e, sizeof e)) ||
        nr_cli_parse_long(dot + 1, 0, NR_MAX_PORTS - 1, &p, e, sizeof e) ||
        nr_cli_parse_u64(f[1], 0, 1ull << 40, &cy, e, sizeof e))
        nr_cli_die(c,
                   "--%s: expected ROUTER.PORT@CYCLE (ROUTER in [0, 1000000], PORT in [0, %d], "
                   "CYCLE in [0, 2^40]), got '%s'%s%s",
                   opt, NR_MAX_PORTS - 1, v, *e ? ": " : "", e);
    a[*na].rtr = (int)r;
    a[*na].port = (int)p;
    a[(*na)++].cycle = cy;
}

/* The options of the run and its outputs (exit 2 on a bad value). */
static void parse_opt(nr_cli_t *c, net_opts *o, net_cli *x, const char *n, const char *v)
{
    if (!strcmp(n, "topo"))
        o->topo = v;
    else if (!strcmp(n, "cfg")) {
        /* every name, none empty ("a,,b" is not two levels) */
        o->ncfg = nr_cli_fields(c, v, ',', 1, NET_MAX_LEVELS, "NAME[,NAME...] (at most 4)",
                                x->cfgbuf, sizeof x->cfgbuf, o->cfg);
        for (int l = 0; l < o->ncfg; l++)
            if (!*o->cfg[l]) nr_cli_die(c, "--cfg: configuration %d of '%s' is empty", l + 1, v);
    } else if (!strcmp(n, "cfg-file"))
        o->cfg_file = v;
    else if (!strcmp(n, "impl"))
        o->impl = (net_impl)nr_cli_enum(c, v, net_impl_names);
    else if (!strcmp(n, "rtl"))
        o->rtl_cfg = v;
    else if (!strcmp(n, "fault"))
        parse_fault(c, o, v);
    else if (!strcmp(n, "fail"))
        parse_linkat(c, n, o->fail, &o->nfail, v);
    else if (!strcmp(n, "degrade"))
        parse_linkat(c, n, o->deg, &o->ndeg, v);
    else if (!strcmp(n, "erase"))
        parse_linkat(c, n, o->erase, &o->nerase, v);
    else if (!strcmp(n, "timeout"))
        o->lcb_timeout = (unsigned)nr_cli_long(c, v, 1, 65535);
    else if (!strcmp(n, "retry-limit"))
        o->retry_limit = (unsigned)nr_cli_long(c, v, 0, 255);
    else if (!strcmp(n, "fail-random"))
        o->fail_random = (int)nr_cli_long(c, v, 1, NET_FAIL_MAX);
    else if (!strcmp(n, "fail-delay"))
        o->fail_delay = nr_cli_u64(c, v, 0, 100000000);
    else if (!strcmp(n, "inj-timeout"))
        o->inj_timeout = nr_cli_u64(c, v, 1, 100000000);
    else if (!strcmp(n, "routing"))
        o->routing = v; /* one of the topology's (catalog/topo.h), checked when it is built */
    else if (!strcmp(n, "warmup"))
        o->warmup = nr_cli_u64(c, v, 0, 100000000);
    else if (!strcmp(n, "measure"))
        o->measure = nr_cli_u64(c, v, 1, 100000000);
    else if (!strcmp(n, "drain-max"))
        o->drain = nr_cli_u64(c, v, 0, 100000000);
    else if (!strcmp(n, "link-lat"))
        o->link_lat = (int)nr_cli_long(c, v, 1, 1000);
    else if (!strcmp(n, "node-lat"))
        o->node_lat = (int)nr_cli_long(c, v, 1, 1000);
    else if (!strcmp(n, "stall-limit"))
        o->stall_limit = nr_cli_u64(c, v, 100, 100000000);
    else if (!strcmp(n, "seed"))
        o->seed = nr_cli_u64(c, v, 0, UINT64_MAX);
    else if (!strcmp(n, "threads"))
        o->threads = (int)nr_cli_long(c, v, 1, NET_MAX_THREADS);
    else if (!strcmp(n, "csv"))
        x->csv = nr_cli_out_path(c, v, 1);
    else if (!strcmp(n, "label")) {
        for (const char *p = v; *p; p++)
            if (*p == ',' || *p == '"' || (unsigned char)*p < 0x20)
                nr_cli_die(c,
                           "--label: a label may not contain commas, double quotes, line "
                           "breaks or control characters (it is a bare CSV field), got '%s'",
                           v);
        x->label = v;
    } else if (!strcmp(n, "turns"))
        o->turns_csv = nr_cli_out_path(c, v, 0);
    else if (!strcmp(n, "series"))
        o->series_csv = nr_cli_out_path(c, v, 0);
    else if (!strcmp(n, "det-vcs"))
        o->det_vcs = (unsigned)nr_cli_long(c, v, 0, 15);
    else if (!strcmp(n, "up-sel"))
        o->up_sel = (int)nr_cli_long(c, v, 0, 7);
    else if (!strcmp(n, "series-bin"))
        o->series_bin = nr_cli_u64(c, v, 1, 1000000);
    else if (!strcmp(n, "links"))
        o->links_csv = nr_cli_out_path(c, v, 0);
    else if (!strcmp(n, "batch"))
        o->batch = nr_cli_u64(c, v, 1, 1000000);
    else if (!strcmp(n, "trace-rtr"))
        o->trace_rtr = (int)nr_cli_long(c, v, 0, 1000000);
    else if (!strcmp(n, "trace-from"))
        o->trace_from = (int64_t)nr_cli_u64(c, v, 0, 1u << 30);
    else if (!strcmp(n, "trace-to"))
        o->trace_to = (int64_t)nr_cli_u64(c, v, 0, 1u << 30);
    else if (!strcmp(n, "trace-out"))
        o->trace_out = v;
    else if (!strcmp(n, "no-rerun"))
        x->no_rerun = 1;
    else if (!strcmp(n, "no-escapes"))
        o->no_escapes = 1;
    else if (!strcmp(n, "half-width"))
        o->half_width = 1;
    else if (!strcmp(n, "age-phit"))
        o->age_phit = 1;
    else if (!strcmp(n, "per-src"))
        o->per_src_csv = nr_cli_out_path(c, v, 0);
    else if (!strcmp(n, "quiet"))
        o->quiet = 1;
}

/* The command line into o and x, and every check that needs no topology
 * (exit 2 with a message). */
static void parse(nr_cli_t *c, net_opts *o, net_cli *x)
{
    const char *v;
    int k;
    while ((k = nr_cli_next(c, &v)) != NR_CLI_END) {
        if (k == NR_CLI_HELP) { /* the options, then every topology and its routings */
            nr_cli_usage(c, stdout);
            printf("Topologies (--topo) and their routings (--routing):\n");
            net_topo_help(stdout);
            exit(nr_out_stdout("net_sim", 0));
        }
        if (k == NR_CLI_ERROR) {
            fprintf(stderr, "net_sim: %s\n", c->err);
            nr_cli_usage(c, stderr);
            exit(2);
        }
        if (k == NR_CLI_ARG) nr_cli_die(c, "unexpected argument '%s'", v);
        const char *n = opts[k].name;
        if (!strcmp(n, "pattern")) o->wc = !strcmp(v, "wc"); /* the last --pattern holds */
        if (o->wc && !strcmp(n, "pattern")) {
            x->tp_set |= TB_TRAF_PATTERN; /* seed 002's worst case: needs the topology (net.h) */
            continue;
        }
        if (!x->batch_na && (!strcmp(n, "load") || !strcmp(n, "warmup") || !strcmp(n, "measure")))
            x->batch_na = n;
        if (!strncmp(n, "trace-", 6)) x->trace_set = 1;
        if (!strcmp(n, "fail-delay") || !strcmp(n, "series-bin")) x->lone = n;
        if (tb_trafopt_handle(c, n, v, &o->tp, &o->inj, &x->tp_set)) continue;
        if (tb_linkopt_handle(c, n, v, &o->ch)) continue;
        parse_opt(c, o, x, n, v);
    }
    if (o->wc && (x->tp_set & TB_TRAF_HOTSPOT))
        nr_cli_die(c, "--hotspot does not go with --pattern wc");
    if (!o->wc) tb_trafopt_check(c, &o->tp, x->tp_set);
    if (o->tp.kind == NR_TP_ROWCOL || o->tp.kind == NR_TP_QUAD)
        nr_cli_die(c, "--pattern %s describes the ports of one router, not a network's nodes",
                   nr_tp_name(o->tp.kind));
    check_opts(c, o, x->csv, x->label, x->trace_set, x->batch_na);
    if (x->lone && (!strcmp(x->lone, "fail-delay") ? !o->nfail && !o->fail_random && !o->nerase
                                                   : !o->series_csv))
        nr_cli_die(c, "--%s goes with %s", x->lone,
                   !strcmp(x->lone, "fail-delay") ? "--fail, --fail-random or --erase"
                                                  : "--series");
    if (!x->label) x->label = "";
}

int main(int argc, char **argv)
{
    /* Memory only: a block of 128 KiB or more gets its own mapping, given
     * back when freed. Left to itself glibc raises this threshold to the
     * size of every such block freed, and the tables a run outgrows (the
     * scoreboard's and the hop counter's, doubled as the packets in flight
     * grow) then stay resident in the heap after they are freed: about 10 MB
     * of the 4096-node network's peak (issue 44). */
    (void)mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    net_opts o;
    net_opts_default(&o);
    o.tp.turn_frac = 0.25;
    o.tp.turn_kind = NR_TP_UNIFORM;
    o.inj.burst = 8;
    if (getenv("NR_CONFIGS") && *getenv("NR_CONFIGS")) o.cfg_file = getenv("NR_CONFIGS");
    static net_cli x;
    nr_cli_t c;
    nr_cli_init(&c, "net_sim",
                "[options]   (traffic defaults: --pattern ur --load 0.3 --len fixed:8)", opts, argc,
                argv);
    parse(&c, &o, &x);
    if (o.impl != NET_IMPL_MODEL) {
        int rc = handoff(&o, argv);
        if (rc >= 0) return nr_out_stdout("net_sim", rc);
    }
    char err[512];
    nr_lendist_t ld = o.inj.len;
    if (nr_lendist_check(&ld, err, sizeof err)) nr_cli_die(&c, "--len: %s", err);
    nr_cli_print_seed(stdout, "net_sim", o.seed);
    net_result r;
    int rc = net_run(&o, &r, stdout, err, sizeof err);
    if (rc == 2) return nr_out_bad("net_sim", err);
    printf("net: %" PRIu64 " cycles in %.2f s, %.0f network cycles/s, %.3g phit-hops/s\n", r.cycles,
           r.wall_s, r.wall_s > 0 ? (double)r.cycles / r.wall_s : 0.0,
           r.wall_s > 0 ? (double)r.phit_hops / r.wall_s : 0.0);
    if (x.csv && write_csv(x.csv, x.label, &o, &r)) rc = rc ? rc : 1;
    if (r.diverged && !x.no_rerun) rerun_traced(&o, &r, argc, argv);
    return nr_out_stdout("net_sim", rc);
}
