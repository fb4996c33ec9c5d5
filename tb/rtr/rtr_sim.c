/* rtr_sim.c - the router testbench's command line.
 *
 *   rtr_sim --org yarc --impl model|rtl|lockstep --cfg yarc-k16 --pattern ur
 *           --load 0.3 --inject bernoulli|bursty:B --len fixed:N|uniform:A:B|bw ...
 *
 * Prints the seed first, then a summary table; exits 0 on pass, 1 on a failed
 * check, 2 on a bad argument or configuration.
 *
 * RTL runs: a Verilated router is linked into one binary per named
 * configuration, rtr_sim-<config> (and rtr_sim-<config>-trace with FST
 * tracing). The plain rtr_sim hands an RTL or lockstep run to that binary,
 * which checks that its build parameters are the configuration's. After a
 * lockstep divergence the failing command is rerun with the traced build
 * (when one exists for the configuration), writing an FST window around the
 * divergence.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "lcb_rtt.h"
#include "nr_cli.h"
#include "nr_pkt.h"

static const nr_cli_opt_t opts[] = {
    {"org", "NAME", "switch organization: yarc | nwn (default: from the configuration's top module)"},
    {"impl", "KIND", "model | rtl | lockstep (RTL driven, model compared every cycle) | self "
                     "(model against a second model: tests the comparison)"},
    {"fault", "CYCLE:PORT", "self/lockstep: flip one output bit of the DUT at CYCLE on output PORT "
                            "(< the port count; tests the report and rerun)"},
    {"cfg", "NAME", "named configuration from the configs file (default yarc-k16)"},
    {"cfg-file", "PATH", "configurations file (default $NR_CONFIGS, else configs/configs.txt)"},
    {"pattern", "NAME", "traffic pattern: ur bc br tr uniform bitcomp bitrev bitrot transpose "
                        "shuffle tornado neighbor hotspot randperm rowcol"},
    {"load", "F", "offered load, phits/cycle/port (default 0.3)"},
    {"inject", "KIND", "bernoulli | bursty:B (on/off, B packets per burst on average)"},
    {"len", "DIST", "fixed:N | uniform:A:B | bw (BlackWidow 4/19-phit mix); default uniform:4:19"},
    {"warmup", "N", "warm-up cycles (default 1000)"},
    {"measure", "N", "measurement cycles (default 4000)"},
    {"drain-max", "N", "drain limit after the window, cycles (default 20000; with LCBs "
                       "max(20000, 8*(2*link-lat + timeout)))"},
    {"flush-max", "N", "cycles allowed to empty the network at the end (default as --drain-max)"},
    {"seed", "N", "random seed (default 1)"},
    {"route", "MODE", "routing tables (through the config port): single | remap (one router) | "
                      "clos-leaf | clos-mid (a folded-Clos leaf or middle stage: part of the "
                      "destinations go down, the rest up over 2-4 UP_MASK candidates per input "
                      "or the hashed ULUT; docs/testbench-library.md)"},
    {"avoid-col", "C:F", "Clos modes, YARC: fail unless adaptive up packets leave by column C at "
                         "most F times as often as a load-blind choice among their candidates "
                         "would (with --hotspot on column C's down ports)"},
    {"unroutable", "F", "fraction of packets sent to unroutable destinations (dropped, counted)"},
    {"hdr-mix", "F", "fraction of packets with route/hash header phits (r, h, a bits)"},
    {"adaptive", "F", "fraction of packets with the a bit (adaptive routing where the switch has a choice)"},
    {"src-idle", "F", "per-cycle probability of a source gap"},
    {"sink-bp", "F", "per-cycle probability a sink stalls (backpressure)"},
    {"link-lat", "N", "link latency in cycles, each direction (default 4)"},
    {"ber", "F", "link data-bit error rate"},
    {"sb-ber", "F", "link sideband (F, C) bit error rate"},
    {"burst", "RATE:LEN", "error bursts per phit and bits per burst"},
    {"drop", "F", "erased phits per phit"},
    {"outage", "RATE:LEN", "outages per cycle and their length in cycles"},
    {"ctl-ber", "F", "extra control-bit flips per phit"},
    {"ctl-forge", "F", "control words replaced by CRC-correct forged ones, per word (0..1)"},
    {"ctl-forge-kind", "K", "forged words: phantom (more freed phits) or outrange (an ack out of range: must be rejected; default)"},
    {"timeout", "N", "LCB cfg_timeout (default 1024)"},
    {"retry-limit", "N", "LCB cfg_retry_limit (default 255)"},
    {"hotspot", "NODES:F", "hot nodes (comma list) and the fraction of packets sent to them"},
    {"turn", "F", "quad pattern: fraction of a down port's packets that turn (default 0.25)"},
    {"turn-pattern", "NAME", "quad pattern: pattern of the turning packets over the down ports (default ur)"},
    {"share-tol", "F", "fail if an input's share of the first hot node is off by more (relative)"},
    {"csv", "PATH", "append one result row (header written if the file is new)"},
    {"label", "STR", "label column of the CSV row (no commas, quotes, line breaks)"},
    {"hist", "N", "phits of port history printed on a divergence (default 24)"},
    {"trace-from", "N", "RTL: start an FST trace at this cycle"},
    {"trace-to", "N", "RTL: stop it at this cycle"},
    {"trace-out", "PATH", "RTL: FST file"},
    {"no-rerun", NULL, "do not rerun a divergence with the traced build"},
    {"no-escapes", NULL, "a CRC escape (damaged packet or control word accepted) fails the run"},
    {"e2e", NULL, "sources append the end-to-end CRC-32C (2 phits), sinks check and discard"},
    {"progress", NULL, "print progress lines"},
    {NULL, NULL, NULL}};

static const char *const impl_names[] = {"model", "rtl", "lockstep", "self", NULL};
static const char *const route_names[] = {"single", "remap", "clos-leaf", "clos-mid", NULL};

/* Directory of this executable (for the rtr_sim-<config> variants). */
static void self_dir(const char *argv0, char *dir, size_t n) {
    ssize_t k = readlink("/proc/self/exe", dir, n - 1);
    if (k <= 0) {
        snprintf(dir, n, "%s", argv0);
        k = (ssize_t)strlen(dir);
    }
    dir[k] = 0;
    char *sl = strrchr(dir, '/');
    if (sl) *sl = 0;
    else snprintf(dir, n, ".");
}

static int is_exec(const char *path) { return access(path, X_OK) == 0; }

/* 0 if path can be written, -1 with the reason in err. It is opened for
 * writing (an existing file is not truncated; a new one is removed again), so
 * the answer is the kernel's, for root too. */
static int check_writable(const char *path, char *err, size_t n) {
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) return snprintf(err, n, "not a regular file"), -1;
    int existed = stat(path, &sb) == 0;
    int fd = open(path, existed ? O_WRONLY : (O_WRONLY | O_CREAT | O_EXCL), 0666);
    if (fd < 0) return snprintf(err, n, "%s", strerror(errno)), -1;
    close(fd);
    if (!existed) unlink(path);
    return 0;
}

/* Run argv with path in place of argv[0]; returns its exit status. */
static int run_child(const char *path, char **argv) {
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) return 2;
    if (pid == 0) {
        execv(path, argv);
        fprintf(stderr, "rtr_sim: cannot run %s: %s\n", path, strerror(errno));
        _exit(2);
    }
    int st;
    if (waitpid(pid, &st, 0) < 0) return 2;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}

static void parse_rate_len(nr_cli_t *c, const char *v, double *rate, int *len, int maxlen) {
    char buf[128];
    snprintf(buf, sizeof buf, "%s", v);
    char *colon = strchr(buf, ':');
    if (!colon) nr_cli_die(c, "--%s: expected RATE:LEN, got '%s'", c->cur, v);
    *colon = 0;
    *rate = nr_cli_double(c, buf, 0.0, 1.0);
    *len = (int)nr_cli_long(c, colon + 1, 1, maxlen);
}

/* The SystemC top (tb/sc) links this file with main renamed: its sc_main
 * builds the SystemC design and then calls rtr_sim_main. */
#ifndef RTR_SIM_MAIN
#define RTR_SIM_MAIN main
#endif
int RTR_SIM_MAIN(int argc, char **argv);
int RTR_SIM_MAIN(int argc, char **argv) {
    rtr_opts o;
    memset(&o, 0, sizeof o);
    const char *org_name = NULL, *cfg_name = "yarc-k16", *cfg_file = "configs/configs.txt";
    /* NR_CONFIGS: the configurations file that scripts/cfg.sh and the make
     * rules read too (a user's own configurations, README) */
    if (getenv("NR_CONFIGS") && *getenv("NR_CONFIGS")) cfg_file = getenv("NR_CONFIGS");
    const char *csv = NULL, *label = "";
    int no_rerun = 0;
    int avoid_col = -1;
    double avoid_max = 0;
    rtr_upstat ups;
    memset(&ups, 0, sizeof ups);
    o.upstat = &ups;
    o.impl = RTR_RUN_MODEL;
    o.seed = 1;
    o.tp.kind = NR_TP_UNIFORM;
    o.tp.turn_frac = 0.25;
    o.tp.turn_kind = NR_TP_UNIFORM;
    o.inj.kind = NR_INJ_BERNOULLI;
    o.inj.load = 0.3;
    o.inj.burst = 8;
    o.inj.len.kind = NR_LEN_UNIFORM;
    o.inj.len.a = 4;
    o.inj.len.b = 19;
    o.warmup = 1000;
    o.measure = 4000;
    o.drain_max = 20000;
    o.flush_max = 20000;
    o.route = RTR_ROUTE_SINGLE;
    o.hot_port = -1;
    o.hist = 24;
    o.trace_from = o.trace_to = -1;
    o.fault_cycle = -1;
    lcb_ch_cfg_default(&o.ch);
    o.ch.ctl_forge_kind = LCB_FORGE_OUTRANGE;
    o.ch.latency = 4;
    o.lcfg.timeout = 1024;
    o.lcfg.retry_limit = 255;
    int tp_set = 0, drain_set = 0, flush_set = 0;

    nr_cli_t c;
    nr_cli_init(&c, "rtr_sim", "[options]", opts, argc, argv);
    const char *v;
    int k;
    while ((k = nr_cli_next_or_exit(&c, &v)) != NR_CLI_END) {
        if (k == NR_CLI_ARG) nr_cli_die(&c, "unexpected argument '%s'", v);
        const char *n = opts[k].name;
        if (!strcmp(n, "org")) org_name = v;
        else if (!strcmp(n, "impl")) o.impl = (rtr_run_kind)nr_cli_enum(&c, v, impl_names);
        else if (!strcmp(n, "cfg")) cfg_name = v;
        else if (!strcmp(n, "cfg-file")) cfg_file = v;
        else if (!strcmp(n, "pattern")) {
            int kind = nr_tp_from_name(v);
            if (kind < 0) nr_cli_enum(&c, v, nr_tp_names()); /* prints the names, exits 2 */
            o.tp.kind = (nr_tp_kind_t)kind;
            tp_set = 1;
        } else if (!strcmp(n, "load")) o.inj.load = nr_cli_double(&c, v, 0.0, 1.0);
        else if (!strcmp(n, "inject")) {
            if (!strcmp(v, "bernoulli")) o.inj.kind = NR_INJ_BERNOULLI;
            else if (!strncmp(v, "bursty:", 7)) {
                o.inj.kind = NR_INJ_ONOFF;
                o.inj.burst = nr_cli_double(&c, v + 7, 1.0, 1e6);
                o.inj.peak = 1.0;
            } else nr_cli_die(&c, "--inject: expected bernoulli or bursty:B, got '%s'", v);
        } else if (!strcmp(n, "len")) {
            int a, b;
            char tail;
            if (sscanf(v, "fixed:%d%c", &a, &tail) == 1) {
                o.inj.len.kind = NR_LEN_FIXED;
                o.inj.len.a = o.inj.len.b = a;
            } else if (sscanf(v, "uniform:%d:%d%c", &a, &b, &tail) == 2) {
                o.inj.len.kind = NR_LEN_UNIFORM;
                o.inj.len.a = a;
                o.inj.len.b = b;
            } else if (!strcmp(v, "bw")) {
                o.inj.len.kind = NR_LEN_BWMIX;
            } else nr_cli_die(&c, "--len: expected fixed:N, uniform:A:B or bw, got '%s'", v);
            if (o.inj.len.kind != NR_LEN_BWMIX &&
                (o.inj.len.a < 4 || o.inj.len.b < o.inj.len.a || o.inj.len.b > NR_PKT_LEN_LIMIT))
                nr_cli_die(&c, "--len: lengths must satisfy 4 <= A <= B (tagged packets need 4 phits), got '%s'", v);
        } else if (!strcmp(n, "warmup")) o.warmup = nr_cli_u64(&c, v, 0, 100000000);
        else if (!strcmp(n, "measure")) o.measure = nr_cli_u64(&c, v, 1, 100000000);
        else if (!strcmp(n, "drain-max")) o.drain_max = nr_cli_u64(&c, v, 0, 100000000), drain_set = 1;
        else if (!strcmp(n, "flush-max")) o.flush_max = nr_cli_u64(&c, v, 100, 100000000), flush_set = 1;
        else if (!strcmp(n, "seed")) o.seed = nr_cli_u64(&c, v, 0, UINT64_MAX);
        else if (!strcmp(n, "route")) o.route = (rtr_route_mode)nr_cli_enum(&c, v, route_names);
        else if (!strcmp(n, "unroutable")) o.unroutable = nr_cli_double(&c, v, 0.0, 1.0);
        else if (!strcmp(n, "hdr-mix")) o.hdr_mix = nr_cli_double(&c, v, 0.0, 1.0);
        else if (!strcmp(n, "adaptive")) o.adaptive = nr_cli_double(&c, v, 0.0, 1.0);
        else if (!strcmp(n, "src-idle")) o.src_idle = nr_cli_double(&c, v, 0.0, 0.99);
        else if (!strcmp(n, "sink-bp")) o.sink_bp = nr_cli_double(&c, v, 0.0, 0.99);
        else if (!strcmp(n, "link-lat")) o.ch.latency = (int)nr_cli_long(&c, v, 1, LCB_CH_MAX_LAT);
        else if (!strcmp(n, "ber")) o.ch.ber_data = nr_cli_double(&c, v, 0.0, 0.5);
        else if (!strcmp(n, "sb-ber")) o.ch.ber_sb = nr_cli_double(&c, v, 0.0, 0.5);
        else if (!strcmp(n, "burst")) parse_rate_len(&c, v, &o.ch.burst_rate, &o.ch.burst_len, LCB_CH_MAX_BURST);
        else if (!strcmp(n, "drop")) o.ch.drop_rate = nr_cli_double(&c, v, 0.0, 1.0);
        else if (!strcmp(n, "outage")) parse_rate_len(&c, v, &o.ch.outage_rate, &o.ch.outage_len, 1000000);
        else if (!strcmp(n, "ctl-ber")) o.ch.ctl_ber = nr_cli_double(&c, v, 0.0, 1.0);
        else if (!strcmp(n, "ctl-forge")) o.ch.ctl_forge = nr_cli_double(&c, v, 0.0, 1.0);
        else if (!strcmp(n, "ctl-forge-kind")) o.ch.ctl_forge_kind = nr_cli_enum(&c, v, lcb_forge_kind_names);
        else if (!strcmp(n, "timeout")) o.lcfg.timeout = (uint32_t)nr_cli_long(&c, v, 1, 65535);
        else if (!strcmp(n, "retry-limit")) o.lcfg.retry_limit = (uint32_t)nr_cli_long(&c, v, 0, 255);
        else if (!strcmp(n, "hotspot")) {
            char buf[256];
            snprintf(buf, sizeof buf, "%s", v);
            char *colon = strrchr(buf, ':');
            if (!colon) nr_cli_die(&c, "--hotspot: expected NODES:F, e.g. 5:0.5 or 3,9:0.25, got '%s'", v);
            *colon = 0;
            char e[256];
            if (nr_cli_parse_list(buf, 0, NR_TP_MAX_NODES - 1, o.tp.hot, NR_TP_MAX_HOT, &o.tp.nhot,
                                  e, sizeof e))
                nr_cli_die(&c, "--hotspot: %s", e);
            o.tp.hot_frac = nr_cli_double(&c, colon + 1, 0.0, 1.0);
            if (!tp_set) o.tp.kind = NR_TP_HOTSPOT;
        } else if (!strcmp(n, "turn")) o.tp.turn_frac = nr_cli_double(&c, v, 0.0, 1.0);
        else if (!strcmp(n, "turn-pattern")) {
            int kind = nr_tp_from_name(v);
            if (kind < 0) nr_cli_enum(&c, v, nr_tp_names()); /* prints the names, exits 2 */
            o.tp.turn_kind = (nr_tp_kind_t)kind;
        } else if (!strcmp(n, "share-tol")) o.share_tol = nr_cli_double(&c, v, 0.0, 10.0);
        else if (!strcmp(n, "csv")) csv = v;
        else if (!strcmp(n, "label")) {
            /* The CSV is read by awk -F, (scripts/sweep_lib.sh), not an RFC 4180
             * reader: a label may not hold a comma, a quote or a line break. */
            for (const char *p = v; *p; p++)
                if (*p == ',' || *p == '"' || *p == '\n' || *p == '\r' || (unsigned char)*p < 0x20)
                    nr_cli_die(&c, "--label: a label may not contain commas, double quotes, line "
                                   "breaks or control characters (it is a bare CSV field), got '%s'", v);
            label = v;
        }
        else if (!strcmp(n, "avoid-col")) {
            char buf[64];
            snprintf(buf, sizeof buf, "%s", v);
            char *colon = strchr(buf, ':');
            if (!colon) nr_cli_die(&c, "--avoid-col: expected C:F, got '%s'", v);
            *colon = 0;
            avoid_col = (int)nr_cli_long(&c, buf, 0, RTR_MAX_COLS - 1);
            avoid_max = nr_cli_double(&c, colon + 1, 0.0, 1.0);
        }
        else if (!strcmp(n, "hist")) o.hist = (int)nr_cli_long(&c, v, 0, 64);
        else if (!strcmp(n, "trace-from")) o.trace_from = (int64_t)nr_cli_u64(&c, v, 0, INT64_MAX);
        else if (!strcmp(n, "trace-to")) o.trace_to = (int64_t)nr_cli_u64(&c, v, 0, INT64_MAX);
        else if (!strcmp(n, "trace-out")) o.trace_path = v;
        else if (!strcmp(n, "no-rerun")) no_rerun = 1;
        else if (!strcmp(n, "no-escapes")) o.no_escapes = 1;
        else if (!strcmp(n, "e2e")) o.e2e = 1;
        else if (!strcmp(n, "progress")) o.progress = 1;
        else if (!strcmp(n, "fault")) {
            /* CYCLE:PORT; the port is checked against the configuration's
             * port count once that is known (below). */
            char buf[128], e1[256], e2[256];
            snprintf(buf, sizeof buf, "%s", v);
            char *colon = strchr(buf, ':');
            long fc = -1, fp = -1;
            if (colon) *colon = 0;
            if (!colon || nr_cli_parse_long(buf, 0, 1000000000L, &fc, e1, sizeof e1) ||
                nr_cli_parse_long(colon + 1, 0, NR_MAX_PORTS - 1, &fp, e2, sizeof e2))
                nr_cli_die(&c, "--fault: expected CYCLE:PORT (CYCLE in [0, 1000000000], PORT in "
                               "[0, %d]), got '%s'", NR_MAX_PORTS - 1, v);
            o.fault_cycle = fc;
            o.fault_port = (int)fp;
        }
    }
    nr_cli_print_seed(stdout, "rtr_sim", o.seed);

    char err[512];
    if (rtr_cfg_lookup(cfg_file, cfg_name, &o.cfg, err, sizeof err)) nr_cli_die(&c, "%s", err);
    o.org = rtr_org_for_top(o.cfg.top);
    if (!o.org)
        nr_cli_die(&c, "%s:%d: configuration %s has top %s, which no organization of this testbench "
                       "builds", o.cfg.file, o.cfg.line, o.cfg.name, o.cfg.top);
    if (org_name && strcmp(org_name, o.org->name)) {
        if (!rtr_org_find(org_name)) nr_cli_die(&c, "--org: unknown organization '%s'", org_name);
        nr_cli_die(&c, "--org %s: configuration %s (top %s) is organization %s", org_name,
                   o.cfg.name, o.cfg.top, o.org->name);
    }
    rtr_geom g;
    if (o.org->geom(&o.cfg, &g, err, sizeof err)) nr_cli_die(&c, "%s", err);
    if (o.fault_cycle >= 0 && o.fault_port >= g.num_ports)
        nr_cli_die(&c, "--fault: port %d is not a port of %s (ports 0..%d)", o.fault_port,
                   o.cfg.name, g.num_ports - 1);
    if (rtr_tables_check(&g, o.route, err, sizeof err))
        nr_cli_die(&c, "--route %s: %s: %s", route_names[o.route], o.cfg.name, err);
    if (RTR_ROUTE_IS_CLOS(o.route) && o.unroutable > 0)
        nr_cli_die(&c, "--unroutable: in --route %s every destination is routable (the ones "
                       "outside the subtree go up)", route_names[o.route]);
    if (avoid_col >= 0 && (!RTR_ROUTE_IS_CLOS(o.route) || avoid_col >= g.cols || o.adaptive <= 0))
        nr_cli_die(&c, "--avoid-col needs --route clos-leaf or clos-mid, --adaptive and a column "
                       "of the tile grid (%s has %d columns)", o.cfg.name, g.cols);
    if (o.tp.kind == NR_TP_HOTSPOT) {
        if (o.tp.nhot == 0) nr_cli_die(&c, "--pattern hotspot needs --hotspot NODES:F");
        for (int i = 0; i < o.tp.nhot; i++)
            if (o.tp.hot[i] >= g.num_ports)
                nr_cli_die(&c, "--hotspot: node %d is not a port of %s (%d ports)", o.tp.hot[i],
                           o.cfg.name, g.num_ports);
        o.hot_port = o.org->port_of(&g, o.route, (unsigned)o.tp.hot[0]);
    }
    if (o.share_tol > 0 && o.hot_port < 0) nr_cli_die(&c, "--share-tol needs --hotspot");
    int maxlen = o.inj.len.kind == NR_LEN_BWMIX ? 19 : o.inj.len.b;
    if (maxlen > g.max_pkt_len)
        nr_cli_die(&c, "--len: packets up to %d phits exceed MaxPktLen=%d of %s", maxlen,
                   g.max_pkt_len, o.cfg.name);
    o.lcfg.max_len = (uint32_t)g.max_pkt_len;
    lcb_ch_cfg_geom(&o.ch, g.lcb.num_vcs, g.lcb.buf_per_vc, g.lcb.window);
    if (g.use_lcb && lcb_ch_cfg_check(&o.ch, err, sizeof err)) nr_cli_die(&c, "link: %s", err);
    if (!g.use_lcb && lcb_ch_cfg_has_errors(&o.ch))
        nr_cli_die(&c, "link error injection needs a configuration with LCBs (%s has UseLcb=0)",
                   o.cfg.name);
    {
        nr_lendist_t ld = o.inj.len;
        ld.num_vcs = g.num_vcs;
        if (nr_lendist_check(&ld, err, sizeof err)) nr_cli_die(&c, "--len: %s", err);
        int lmax = ld.kind == NR_LEN_FIXED ? ld.a : ld.kind == NR_LEN_UNIFORM ? ld.b : 19;
        if (o.e2e && lmax + NR_E2E_PHITS > g.max_pkt_len)
            nr_cli_die(&c, "--e2e adds %d phits to every packet: the longest, %d + %d, is above "
                       "MaxPktLen %d of %s", NR_E2E_PHITS, lmax, NR_E2E_PHITS, g.max_pkt_len,
                       o.cfg.name);
        if (g.use_lcb) {
            /* The sizing rules lcb_sim warns about (protocol section 11), same
             * rule and numbers, on stderr: a run that breaks them is legal but
             * its latencies and loads measure the link, not the router. */
            lcb_tb_warn_sizing(stderr, "rtr_sim: ", "links", &g.lcb, o.lcfg.timeout, o.ch.latency,
                               nr_lendist_mean(&ld));
        }
    }
    /* Default drain and flush limits: 20000 cycles covers short links; a
     * packet on a long link needs a few round trips (2 * link-lat) plus a
     * timeout per lost ack, so with LCBs the default is at least 8 of those. */
    if (g.use_lcb) {
        uint64_t lim = 8 * (2 * (uint64_t)o.ch.latency + o.lcfg.timeout);
        if (!drain_set && lim > o.drain_max) o.drain_max = lim;
        if (!flush_set && lim > o.flush_max) o.flush_max = lim;
    }
    if ((o.trace_from >= 0) != (o.trace_path != NULL))
        nr_cli_die(&c, "--trace-from and --trace-out go together");
    if (o.trace_from >= 0 && o.trace_to < o.trace_from) o.trace_to = INT64_MAX;
    if (o.trace_path) {
        char werr[1200];
        if (o.impl != RTR_RUN_RTL && o.impl != RTR_RUN_LOCKSTEP)
            nr_cli_die(&c, "--trace-out needs --impl rtl or lockstep (the C model has no waveform)");
        if (check_writable(o.trace_path, werr, sizeof werr))
            nr_cli_die(&c, "--trace-out %s: cannot write the trace: %s", o.trace_path, werr);
    }

    /* RTL runs belong to the rtr_sim-<config> binary. */
    char dir[1024], path[1200];
    self_dir(argv[0], dir, sizeof dir);
    if (o.fault_cycle >= 0 && o.impl != RTR_RUN_SELF && o.impl != RTR_RUN_LOCKSTEP)
        nr_cli_die(&c, "--fault needs --impl self or lockstep");
    if (o.impl == RTR_RUN_RTL || o.impl == RTR_RUN_LOCKSTEP) {
        const char *have = rtr_rtl_build();
        int want_trace = o.trace_from >= 0;
        if (!have || strcmp(have, o.cfg.name) || (want_trace && !rtr_rtl_traced())) {
            if (getenv("RTR_SIM_HANDOFF")) {
                fprintf(stderr, "rtr_sim: %s was handed this run but its RTL is %s%s, not %s%s\n",
                        argv[0], have ? have : "(none)", rtr_rtl_traced() ? " (traced)" : "",
                        o.cfg.name, want_trace ? " (traced)" : "");
                return 2;
            }
            setenv("RTR_SIM_HANDOFF", "1", 1);
            snprintf(path, sizeof path, "%s/rtr_sim-%s%s", dir, o.cfg.name, want_trace ? "-trace" : "");
            if (!is_exec(path)) {
                fprintf(stderr, "rtr_sim: no RTL build for configuration %s%s (%s is missing; "
                                "mk/rtr.mk builds the ones mk/yarc_rtl.mk provides)\n",
                        o.cfg.name, want_trace ? " with tracing" : "", path);
                return 2;
            }
            char **nargv = calloc((size_t)argc + 1, sizeof *nargv);
            nargv[0] = path;
            for (int i = 1; i < argc; i++) nargv[i] = argv[i];
            return run_child(path, nargv);
        }
    }

    const char *impl_lbl = impl_names[o.impl];
    printf("rtr_sim: org %s impl %s cfg %s (%s:%d) ports %d vcs %d %s\n", o.org->name, impl_lbl,
           o.cfg.name, o.cfg.file, o.cfg.line, g.num_ports, g.num_vcs,
           g.use_lcb ? "LCB links" : "bare");
    char lenb[64];
    if (o.inj.len.kind == NR_LEN_FIXED) snprintf(lenb, sizeof lenb, "fixed:%d", o.inj.len.a);
    else if (o.inj.len.kind == NR_LEN_UNIFORM) snprintf(lenb, sizeof lenb, "uniform:%d:%d", o.inj.len.a, o.inj.len.b);
    else snprintf(lenb, sizeof lenb, "bw");
    char injb[64];
    if (o.inj.kind == NR_INJ_BERNOULLI) snprintf(injb, sizeof injb, "bernoulli");
    else snprintf(injb, sizeof injb, "bursty:%g", o.inj.burst);
    printf("rtr_sim: pattern %s load %.3f inject %s len %s warmup %" PRIu64 " measure %" PRIu64
           " route %s src-idle %.2f sink-bp %.2f unroutable %.3f hdr-mix %.2f adaptive %.2f\n",
           nr_tp_name(o.tp.kind), o.inj.load, injb, lenb, o.warmup, o.measure,
           route_names[o.route], o.src_idle, o.sink_bp, o.unroutable, o.hdr_mix, o.adaptive);
    if (o.tp.kind == NR_TP_QUAD)
        printf("rtr_sim: quad: ports 0..%d down, %d..%d up; turn %.3f by %s; up ports offer %.3f\n",
               g.num_ports / 2 - 1, g.num_ports / 2, g.num_ports - 1, o.tp.turn_frac,
               nr_tp_name(o.tp.turn_kind), o.inj.load * (1.0 - o.tp.turn_frac));
    if (g.use_lcb)
        printf("rtr_sim: links latency %d ber %.2g sb-ber %.2g burst %.2g:%d drop %.2g outage %.2g:%d "
               "ctl-ber %.2g timeout %u\n",
               o.ch.latency, o.ch.ber_data, o.ch.ber_sb, o.ch.burst_rate, o.ch.burst_len,
               o.ch.drop_rate, o.ch.outage_rate, o.ch.outage_len, o.ch.ctl_ber, o.lcfg.timeout);
    if (RTR_ROUTE_IS_CLOS(o.route)) {
        /* The tables in words, for the reader of a log (and to pick hot
         * destinations for --avoid-col). */
        printf("rtr_sim: %s tables: down (dest -> port):", route_names[o.route]);
        for (unsigned d = 0; d < (unsigned)g.num_ports; d++)
            if (!rtr_tables_is_up(&g, o.route, d)) printf(" %u->%d", d, rtr_tables_port_of(&g, o.route, d));
        printf("; other destinations go up\nrtr_sim: adaptive candidates (output ports) of input:");
        for (int p = 0; p < g.num_ports; p++) {
            int cand[64], nc = rtr_tables_up_cands(&g, o.route, p, cand, 64);
            printf(" %d:", p);
            for (int i = 0; i < nc; i++) printf("%s%d", i ? "," : "", cand[i]);
        }
        printf("\n");
    }
    fflush(stdout);

    rtr_result r;
    if (rtr_run(&o, &r, stdout, err, sizeof err)) {
        fprintf(stderr, "rtr_sim: %s\n", err);
        return 2;
    }

    printf("\n%-9s %-9s %-9s %-8s %-8s %-8s %-9s %-8s %-8s %-10s %-10s\n", "offered", "accepted",
           "lat_mean", "lat_p50", "lat_p99", "lat_max", "rtr_lat", "retries", "drops", "mismatches",
           "unfinished");
    char rl[32];
    if (r.rlat_mean >= 0) snprintf(rl, sizeof rl, "%.1f/%.0f", r.rlat_mean, r.rlat_min);
    else snprintf(rl, sizeof rl, "n/a");
    char drops[48];
    snprintf(drops, sizeof drops, "%" PRIu64 "/%" PRIu64, r.drops, r.drops_expected);
    printf("%-9.4f %-9.4f %-9.1f %-8.0f %-8.0f %-8.0f %-9s %-8" PRIu64 " %-8s %-10" PRIu64
           " %-10" PRIu64 "\n",
           r.offered, r.accepted, r.lat_mean, r.lat_p50, r.lat_p99, r.lat_max, rl, r.retries,
           drops, r.mismatches, r.unfinished);
    printf("(loads in phits/cycle/port; latencies in cycles, generation to tail at the sink; "
           "rtr_lat = router head-in to head-out mean/min; drops = RT_DROP/unroutable sent)\n");
    if (g.use_lcb) {
        printf("packets discarded at sinks as marked bad by link errors: %" PRIu64 "\n", r.bad_discards);
        /* CRC escapes (docs/rtr-testbench.md, "Link errors and escapes") */
        printf("link escapes: %" PRIu64 " packets accepted over damaged link cycles, in %" PRIu64
               " damaged packets that reached an EOP (%" PRIu64 " refused in recovery before a marker, %"
               PRIu64 " with framing changed, %" PRIu64 " surely detected by the CRC-16); analytic "
               "expectation %.3g; control words: %" PRIu64 " damaged ones delivered, %" PRIu64
               " accepted\n",
               r.escapes, r.dmg_checked, r.dmg_ooo, r.dmg_frame, r.dmg_detected, r.exp_escapes,
               r.cw_damaged, r.ctl_escapes);
        if (r.esc_cycle >= 0)
            printf("the run was judged up to the first escape at cycle %" PRId64 "%s; %" PRIu64
                   " check(s) fired after it\n", r.esc_cycle,
                   o.impl == RTR_RUN_LOCKSTEP ? " (the lockstep to its end)" : "", r.after_esc);
        if (r.esc_cycle >= 0 || o.e2e)
            printf("end to end: %" PRIu64 " damaged packets delivered as healthy (residual), %"
                   PRIu64 " caught and discarded by the end-to-end check%s\n", r.residual,
                   r.e2e_caught, o.e2e ? "" : " (off: --e2e)");
        printf("rtr_escapes escapes=%" PRIu64 " ctl_escapes=%" PRIu64 " err_link_cycles=%" PRIu64
               " dmg_checked=%" PRIu64 " exp_escapes=%.4g residual=%" PRIu64 " e2e_caught=%" PRIu64
               "\n", r.escapes, r.ctl_escapes, r.err_link_cycles, r.dmg_checked, r.exp_escapes,
               r.residual, r.e2e_caught);
    }
    if (o.hot_port >= 0) {
        printf("\nhotspot: shares of output %d by input (ideal %.4f): min %.4f max %.4f Jain %.4f\n",
               o.hot_port, 1.0 / g.num_ports, r.share_min, r.share_max, r.jain);
        for (int i = 0; i < g.num_ports; i++)
            printf("  in%-2d %.4f%s", i, r.share[i], (i % 8 == 7 || i == g.num_ports - 1) ? "\n" : "");
    }
    printf("\nsimulated %" PRIu64 " cycles in %.2f s (%.2f s CPU): %.0f cycles/s, %.3g phit-hops/s "
           "per CPU second\n",
           r.cycles, r.wall_s, r.cpu_s, r.cycles_per_s, r.phit_hops_per_s);
    if (csv) {
        struct stat sb;
        int fresh = stat(csv, &sb) != 0 || sb.st_size == 0;
        FILE *f = fopen(csv, "a");
        if (!f) {
            fprintf(stderr, "rtr_sim: --csv %s: %s\n", csv, strerror(errno));
            return 2;
        }
        if (fresh)
            fprintf(f, "label,org,impl,cfg,pattern,inject,len,load,seed,offered,accepted,lat_mean,"
                       "lat_p50,lat_p99,lat_max,rtr_lat_mean,rtr_lat_min,measured,unfinished,retries,"
                       "drops,mismatches,cycles,wall_s,cycles_per_s,phit_hops_per_s,pass,bad_discards\n");
        fprintf(f, "%s,%s,%s,%s,%s,%s,%s,%.4f,%" PRIu64 ",%.5f,%.5f,%.2f,%.0f,%.0f,%.0f,%.2f,%.0f,%" PRIu64
                   ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%.3f,%.0f,%.0f,%d,%" PRIu64 "\n",
                label, o.org->name, impl_lbl, o.cfg.name, nr_tp_name(o.tp.kind), injb, lenb,
                o.inj.load, o.seed, r.offered, r.accepted, r.lat_mean, r.lat_p50, r.lat_p99,
                r.lat_max, r.rlat_mean, r.rlat_min, r.measured_pkts, r.unfinished, r.retries,
                r.drops, r.mismatches, r.cycles, r.wall_s, r.cycles_per_s, r.phit_hops_per_s,
                r.pass, r.bad_discards);
        fclose(f);
    }
    if (r.mismatches && !no_rerun && o.trace_from < 0 && o.impl == RTR_RUN_LOCKSTEP) {
        int64_t from = r.div_cycle > 300 ? r.div_cycle - 300 : 0, to = r.div_cycle + 20;
        snprintf(path, sizeof path, "%s/rtr_sim-%s-trace", dir, o.cfg.name);
        if (!is_exec(path)) {
            printf("rtr_sim: no traced RTL build for %s (%s); no waveform of the divergence\n"
                   "rtr_sim: build it with: make %s (flat, slow at k >= 32)\n",
                   o.cfg.name, path, path);
        } else {
            char wdir[1200], fst[1400], sfrom[32], sto[32];
            snprintf(wdir, sizeof wdir, "%s/../waves", dir);
            mkdir(wdir, 0777);
            char *rp = realpath(wdir, NULL);
            if (rp) {
                snprintf(wdir, sizeof wdir, "%s", rp);
                free(rp);
            }
            snprintf(fst, sizeof fst, "%s/rtr_%s_seed%" PRIu64 "_c%" PRId64 ".fst", wdir, o.cfg.name,
                     o.seed, r.div_cycle);
            snprintf(sfrom, sizeof sfrom, "%" PRId64, from);
            snprintf(sto, sizeof sto, "%" PRId64, to);
            char **nargv = calloc((size_t)argc + 10, sizeof *nargv);
            int n = 0;
            nargv[n++] = path;
            for (int i = 1; i < argc; i++) nargv[n++] = argv[i];
            nargv[n++] = "--no-rerun";
            nargv[n++] = "--trace-from";
            nargv[n++] = sfrom;
            nargv[n++] = "--trace-to";
            nargv[n++] = sto;
            nargv[n++] = "--trace-out";
            nargv[n++] = fst;
            printf("\nrtr_sim: rerunning seed %" PRIu64 " with the traced RTL, FST window cycles "
                   "%" PRId64 "..%" PRId64 "\n",
                   o.seed, from, to);
            run_child(path, nargv);
            printf("rtr_sim: waveform: %s\nrtr_sim: view with: gtkwave %s\n", fst, fst);
        }
    }
    if (RTR_ROUTE_IS_CLOS(o.route) && !r.mismatches && r.esc_cycle < 0) {
        /* Every path of the tables must have been checked at least once, or
         * the run proves nothing about it. */
        printf("\nroute check (docs/yarc-arch.md 5): delivered packets checked by path: "
               "source-routed %" PRIu64 ", down %" PRIu64 ", up deterministic %" PRIu64
               ", up adaptive %" PRIu64 "\n",
               ups.srcroute, ups.down, ups.up_det, ups.up_adapt);
        const char *miss = !ups.down ? "down" : o.adaptive < 1 && !ups.up_det ? "up deterministic"
                         : o.adaptive > 0 && !ups.up_adapt ? "up adaptive"
                         : o.hdr_mix > 0 && !ups.srcroute ? "source-routed" : NULL;
        if (miss) {
            printf("FAIL: no %s packet was delivered and checked (the route check must see "
                   "every path it is meant to cover)\n", miss);
            r.pass = 0;
        }
        if (ups.ncols > 0) {
            printf("adaptive up packets by output column (taken / load-blind expectation):");
            for (int col = 0; col < ups.ncols; col++)
                printf(" c%d %" PRIu64 "/%.1f", col, ups.col_taken[col], ups.col_fair[col]);
            printf("\n");
        }
        if (avoid_col >= 0) {
            double fair = ups.col_fair[avoid_col], took = (double)ups.col_taken[avoid_col];
            double ratio = fair > 0 ? took / fair : 0;
            printf("avoid-col %d: %" PRIu64 " adaptive up packets took column %d where a "
                   "load-blind choice would have sent %.1f: ratio %.3f (limit %.3f)\n",
                   avoid_col, ups.col_taken[avoid_col], avoid_col, fair, ratio, avoid_max);
            if (fair < 50) {
                printf("FAIL avoid-col: too few adaptive packets had a candidate in column %d "
                       "(%.1f expected, need 50)\n", avoid_col, fair);
                r.pass = 0;
            } else if (ratio > avoid_max) {
                printf("FAIL avoid-col: the adaptive choice did not avoid column %d\n", avoid_col);
                r.pass = 0;
            }
        }
    }
    printf("%s\n", !r.pass ? "FAIL" : r.esc_cycle >= 0 ? "PASS-ESCAPE" : "PASS");
    return r.pass ? 0 : 1;
}
