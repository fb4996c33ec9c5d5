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
#include "common/lcb_rtt.h"
#include "common/progrun.h"
#include "common/trafopt.h"
#include "nr_cli.h"
#include "nr_out.h"
#include "nr_pkt.h"
#include "nr_rng.h"

static const nr_cli_opt_t opts[] = {
    {"org", "NAME",
     "switch organization (build/bin/nr_cat orgs lists them; default: the configuration's)"},
    {"impl", "KIND",
     "model | rtl | lockstep (RTL driven, model compared every cycle) | self "
     "(model against a second model: tests the comparison)"},
    {"fault", "CYCLE:PORT",
     "self/lockstep: flip one output bit of the DUT at CYCLE (0..1000000000, within the run) on "
     "output PORT (< the port count; tests the report and rerun)"},
    {"cfg", "NAME",
     "named configuration from the configs file (default yarc-k16; rtr_sc-CFG: CFG)"},
    {"cfg-file", "PATH", "configurations file (default $NR_CONFIGS, else configs/configs.txt)"},
    TB_TRAFOPT_OPTS("port"), /* default --len uniform:4:19 */
    {"warmup", "N", "warm-up cycles (default 1000)"},
    {"measure", "N", "measurement cycles (default 4000)"},
    {"drain-max", "N",
     "drain limit after the window, cycles (default 20000; with LCBs "
     "max(20000, 8*(2*link-lat + timeout)))"},
    {"flush-max", "N", "cycles allowed to empty the network at the end (default as --drain-max)"},
    {"seed", "N", "random seed (default 1)"},
    {"route", "MODE",
     "routing tables (through the config port): single | remap (one router) | "
     "clos-leaf | clos-mid (a folded-Clos leaf or middle stage: part of the "
     "destinations go down, the rest up over 2-4 UP_MASK candidates per input "
     "or the hashed ULUT) | holes (remap with invalid L2P entries: a quarter "
     "of the destinations are dropped NO_ROUTE by the remap step) | fbfly "
     "(one router of a flattened butterfly in the routers' FB mode: --fb-alg, "
     "--fb-dims); docs/testbench-library.md"},
    {"fb-alg", "NAME",
     "--route fbfly: min | val | ugal | minad | ugals | closad (the last two "
     "need FbSeq=1; default min; docs/fbfly-routing.md)"},
    {"fb-dims", "D", "--route fbfly: dimensions of the flattened butterfly, 1 to 4 (default 1)"},
    {"fb-me", "R", "--route fbfly: this router's id (default: drawn from the seed)"},
    {"det-vcs", "MASK",
     "Clos modes: DET_VCS, the VCs (bit v: VC v) routed up by the hashed ULUT whatever their a "
     "bit (docs/yarc-arch.md 5 and 9; default 0)"},
    {"up-sel", "N",
     "Clos modes, YARC: UP_SEL, the adaptive up choice (docs/yarc-arch.md 5): 0 the highest "
     "credit count (default); 1 + 2b + 4m the column rule of step 4s, b: two occupancy bits, "
     "m: the matrix tie-break"},
    {"avoid-col", "C:F",
     "Clos modes, YARC: fail unless adaptive up packets leave by column C at "
     "most F times as often as a load-blind choice among their candidates "
     "would (with --hotspot on column C's down ports)"},
    {"unroutable", "F", "fraction of packets sent to unroutable destinations (dropped, counted)"},
    {"malformed", "F",
     "bare configurations: fraction of packets replaced by malformed ones "
     "(short header, bad VC, reserved bits, bad source route, phits without a "
     "head), each dropped with its reason and counted"},
    {"hdr-mix", "F", "fraction of packets with route/hash header phits (r, h, a bits)"},
    {"adaptive", "F",
     "fraction of packets with the a bit (adaptive routing where the switch has a choice)"},
    {"src-vc", "KIND",
     "bare configurations: gen (default) the VC drawn with the packet, uniform over the VCs; "
     "free the VC whose input queue has the most credits when the packet starts (ties to the "
     "lowest; docs/results.md 4.1)"},
    {"src-idle", "F", "per-cycle probability of a source gap"},
    {"sink-bp", "F", "per-cycle probability a sink stalls (backpressure)"},
    {"link-lat", "N",
     "LCB configurations: link latency in cycles, each direction (default 4; so are --timeout, "
     "--retry-limit, --ctl-forge, --ctl-forge-kind and --no-escapes)"},
    TB_LINKOPT_OPTS,
    {"ctl-forge", "F", "control words replaced by CRC-correct forged ones, per word (0..1)"},
    {"ctl-forge-kind", "K",
     "forged words: phantom (more freed phits), outrange (an ack out of range: must be rejected; "
     "default), foreign (every field foreign, ack out of range: rejected), inrange (real ack, "
     "fr behind: accepted) or badwt (wrong word toggle: never delivered)"},
    {"timeout", "N", "LCB cfg_timeout (default 1024)"},
    {"retry-limit", "N", "LCB cfg_retry_limit (default 255)"},
    {"share-tol", "F",
     "fail if an input's share of a hot node's output is off 1/k by more (relative; every input "
     "must send there: --hotspot ...:1.0)"},
    {"csv", "PATH",
     "append one result row (header written if the file is new; a row that cannot be written "
     "whole is taken back, exit 1)"},
    {"label", "STR", "with --csv: label column of the CSV row (no commas, quotes, line breaks)"},
    {"hist", "N", "lockstep/self: phits of port history printed on a divergence (default 24)"},
    {"trace-from", "N", "RTL: start an FST trace at this cycle (with --trace-out)"},
    {"trace-to", "N", "RTL: stop it at this cycle (>= --trace-from; default: the run's end)"},
    {"trace-out", "PATH",
     "RTL: FST file (written under a temporary name, checked and renamed when the window "
     "closes)"},
    {"no-rerun", NULL, "do not rerun a divergence with the traced build"},
    {"no-escapes", NULL, "a CRC escape (damaged packet or control word accepted) fails the run"},
    {"e2e", NULL, "sources append the end-to-end CRC-32C (2 phits), sinks check and discard"},
    {"progress", NULL, "print progress lines"},
    {"out-gaps", NULL,
     "print the cycles without a phit inside packets at the sinks (window; docs/results.md 4.1)"},
    {"digest", NULL,
     "print a hash of every cycle's router inputs and outputs and NIC outputs (two builds that "
     "print the same one computed the same run)"},
    {NULL, NULL, NULL}};

static const char *const impl_names[] = {"model", "rtl", "lockstep", "self", NULL};
static const char *const route_names[] = {"single", "remap", "clos-leaf", "clos-mid",
                                          "holes",  "fbfly", NULL};

static int is_exec(const char *path) { return access(path, X_OK) == 0; }

/* The SystemC programs rtr_sc-CFG (tb/sc, mk/sc.mk) link this file with main
 * renamed (-DRTR_SIM_MAIN=rtr_sim_main: their sc_main calls it) and
 * -DRTR_SIM_PROG='"rtr_sc"': such a program runs the RTL of its own
 * configuration only, the default --cfg, and hands no run to another program
 * (which would run without SystemC). A lockstep divergence is still rerun with
 * the C++ traced build rtr_sim-CFG-trace for its waveform. */
#ifndef RTR_SIM_MAIN
#define RTR_SIM_MAIN main
#endif
#ifdef RTR_SIM_PROG
#define RTR_SIM_OWN_RTL 1
#else
#define RTR_SIM_PROG "rtr_sim"
#define RTR_SIM_OWN_RTL 0
#endif
/* Everything one run of rtr_sim holds: the options, the configuration's
 * geometry, the result, and the command-line values that only this file
 * reads. The steps of RTR_SIM_MAIN below each take it. */
typedef struct {
    rtr_opts o;
    nr_route_upstat ups;
    rtr_geom g;
    rtr_result r;
    const char *org_name, *cfg_name, *cfg_file, *csv, *label;
    int no_rerun, avoid_col, tp_set, drain_set, flush_set;
    int label_set, hist_set, trace_to_set;
    int out_gaps;        /* --out-gaps: print the sinks' gap count */
    const char *lcb_opt; /* the first option given that only LCB links take */
    int fb_set;          /* an --fb-* option was given */
    long fb_me;          /* --fb-me, -1: from the seed */
    double avoid_max;
    char dir[1024]; /* the directory of this binary */
    const char *impl_lbl;
    char lenb[64], injb[64]; /* --len and --inject, as printed */
} sim_ctx;

/* Defaults of every option. */
static void sim_defaults(sim_ctx *x)
{
    memset(x, 0, sizeof *x);
    x->cfg_name = "yarc-k16";
    if (RTR_SIM_OWN_RTL && rtr_rtl_build()) x->cfg_name = rtr_rtl_build();
    x->cfg_file = "configs/configs.txt";
    /* NR_CONFIGS: the configurations file that scripts/cfg.sh and the make
     * rules read too (a user's own configurations, README) */
    if (getenv("NR_CONFIGS") && *getenv("NR_CONFIGS")) x->cfg_file = getenv("NR_CONFIGS");
    x->label = "";
    x->avoid_col = -1;
    x->fb_me = -1;
    x->o.fb_alg = NR_ROUTE_FB_MIN;
    x->o.fb_dims = 1;
    x->o.upstat = &x->ups;
    /* rtr_sc-CFG runs its SystemC RTL, compared with the model: lockstep */
    x->o.impl = RTR_SIM_OWN_RTL ? RTR_RUN_LOCKSTEP : RTR_RUN_MODEL;
    x->o.seed = 1;
    x->o.tp.kind = NR_TP_UNIFORM;
    x->o.tp.turn_frac = 0.25;
    x->o.tp.turn_kind = NR_TP_UNIFORM;
    x->o.inj.kind = NR_INJ_BERNOULLI;
    x->o.inj.load = 0.3;
    x->o.inj.burst = 8;
    x->o.inj.len.kind = NR_LEN_UNIFORM;
    x->o.inj.len.a = 4;
    x->o.inj.len.b = 19;
    x->o.warmup = 1000;
    x->o.measure = 4000;
    x->o.drain_max = 20000;
    x->o.flush_max = 20000;
    x->o.route = NR_ROUTE_SINGLE;
    x->o.hot_port = -1;
    x->o.hist = 24;
    x->o.trace_from = x->o.trace_to = -1;
    x->o.fault_cycle = -1;
    lcb_ch_cfg_default(&x->o.ch);
    x->o.ch.ctl_forge_kind = LCB_FORGE_OUTRANGE;
    x->o.ch.latency = 4;
    x->o.lcfg.timeout = 1024;
    x->o.lcfg.retry_limit = 255;
}

/* The options only LCB links take (sim_configure refuses them on a bare
 * configuration); 1 if n was one of them. */
static int sim_parse_lcb(sim_ctx *x, nr_cli_t *c, const char *n, const char *v)
{
    if (!strcmp(n, "link-lat"))
        x->o.ch.latency = (int)nr_cli_long(c, v, 1, LCB_CH_MAX_LAT);
    else if (!strcmp(n, "ctl-forge"))
        x->o.ch.ctl_forge = nr_cli_double(c, v, 0.0, 1.0);
    else if (!strcmp(n, "ctl-forge-kind"))
        x->o.ch.ctl_forge_kind = nr_cli_enum(c, v, lcb_forge_kind_names);
    else if (!strcmp(n, "timeout"))
        x->o.lcfg.timeout = (uint32_t)nr_cli_long(c, v, 1, 65535);
    else if (!strcmp(n, "retry-limit"))
        x->o.lcfg.retry_limit = (uint32_t)nr_cli_long(c, v, 0, 255);
    else if (!strcmp(n, "no-escapes"))
        x->o.no_escapes = 1;
    else
        return 0;
    if (!x->lcb_opt) x->lcb_opt = n;
    return 1;
}

/* --fault CYCLE:PORT; the port is checked against the configuration's port
 * count once that is known (main), the cycle against the run's length after
 * it. */
static void sim_parse_fault(sim_ctx *x, nr_cli_t *c, const char *v)
{
    char buf[256], e[300] = "";
    const char *f[2];
    long fc = -1, fp = -1;
    if (nr_cli_split(v, ':', buf, sizeof buf, f, 2, 2) < 0 ||
        nr_cli_parse_long(f[0], 0, 1000000000L, &fc, e, sizeof e) ||
        nr_cli_parse_long(f[1], 0, NR_MAX_PORTS - 1, &fp, e, sizeof e))
        nr_cli_die(c,
                   "--fault: expected CYCLE:PORT (CYCLE in [0, 1000000000], PORT in "
                   "[0, %d]), got '%s'%s%s",
                   NR_MAX_PORTS - 1, v, *e ? ": " : "", e);
    x->o.fault_cycle = fc;
    x->o.fault_port = (int)fp;
}

/* The command line into x (exit 2 with a message on a bad value). */
static void sim_parse(sim_ctx *x, nr_cli_t *c)
{
    const char *v;
    int k;
    while ((k = nr_cli_next_or_exit(c, &v)) != NR_CLI_END) {
        if (k == NR_CLI_ARG) nr_cli_die(c, "unexpected argument '%s'", v);
        const char *n = opts[k].name;
        if (!strcmp(n, "org"))
            x->org_name = v;
        else if (!strcmp(n, "impl"))
            x->o.impl = (rtr_run_kind)nr_cli_enum(c, v, impl_names);
        else if (!strcmp(n, "cfg"))
            x->cfg_name = v;
        else if (!strcmp(n, "cfg-file"))
            x->cfg_file = v;
        else if (tb_trafopt_handle(c, n, v, &x->o.tp, &x->o.inj, &x->tp_set))
            continue;
        else if (!strcmp(n, "warmup"))
            x->o.warmup = nr_cli_u64(c, v, 0, 100000000);
        else if (!strcmp(n, "measure"))
            x->o.measure = nr_cli_u64(c, v, 1, 100000000);
        else if (!strcmp(n, "drain-max"))
            x->o.drain_max = nr_cli_u64(c, v, 0, 100000000), x->drain_set = 1;
        else if (!strcmp(n, "flush-max"))
            x->o.flush_max = nr_cli_u64(c, v, 100, 100000000), x->flush_set = 1;
        else if (!strcmp(n, "seed"))
            x->o.seed = nr_cli_u64(c, v, 0, UINT64_MAX);
        else if (!strcmp(n, "route"))
            x->o.route = (nr_route_mode)nr_cli_enum(c, v, route_names);
        else if (!strcmp(n, "fb-alg")) {
            x->o.fb_alg = nr_route_fb_alg_of(v);
            if (x->o.fb_alg < 0)
                nr_cli_die(c,
                           "--fb-alg: unknown algorithm '%s' (min, val, ugal, minad, ugals, "
                           "closad)",
                           v);
            x->fb_set = 1;
        } else if (!strcmp(n, "fb-dims"))
            x->o.fb_dims = (int)nr_cli_long(c, v, 1, 4), x->fb_set = 1;
        else if (!strcmp(n, "fb-me"))
            x->fb_me = nr_cli_long(c, v, 0, 0x7FFF), x->fb_set = 1;
        else if (!strcmp(n, "unroutable"))
            x->o.unroutable = nr_cli_double(c, v, 0.0, 1.0);
        else if (!strcmp(n, "malformed"))
            x->o.malformed = nr_cli_double(c, v, 0.0, 1.0);
        else if (!strcmp(n, "hdr-mix"))
            x->o.hdr_mix = nr_cli_double(c, v, 0.0, 1.0);
        else if (!strcmp(n, "adaptive"))
            x->o.adaptive = nr_cli_double(c, v, 0.0, 1.0);
        else if (!strcmp(n, "src-vc") && (!strcmp(v, "gen") || !strcmp(v, "free")))
            x->o.src_vc_free = !strcmp(v, "free");
        else if (!strcmp(n, "src-vc"))
            nr_cli_die(c, "--src-vc: gen or free, not '%s'", v);
        else if (!strcmp(n, "det-vcs"))
            x->o.det_vcs = (unsigned)nr_cli_long(c, v, 0, 15);
        else if (!strcmp(n, "up-sel"))
            x->o.up_sel = (unsigned)nr_cli_long(c, v, 0, 7);
        else if (!strcmp(n, "src-idle"))
            x->o.src_idle = nr_cli_double(c, v, 0.0, 0.99);
        else if (!strcmp(n, "sink-bp"))
            x->o.sink_bp = nr_cli_double(c, v, 0.0, 0.99);
        else if (tb_linkopt_handle(c, n, v, &x->o.ch))
            continue;
        else if (sim_parse_lcb(x, c, n, v))
            continue;
        else if (!strcmp(n, "share-tol"))
            x->o.share_tol = nr_cli_double(c, v, 0.0, 10.0);
        else if (!strcmp(n, "csv"))
            x->csv = nr_cli_out_path(c, v, 1);
        else if (!strcmp(n, "label")) {
            /* The CSV is read by awk -F, (scripts/sweep_lib.sh), not an RFC 4180
             * reader: a label may not hold a comma, a quote or a line break. */
            for (const char *p = v; *p; p++)
                if (*p == ',' || *p == '"' || *p == '\n' || *p == '\r' || (unsigned char)*p < 0x20)
                    nr_cli_die(c,
                               "--label: a label may not contain commas, double quotes, line "
                               "breaks or control characters (it is a bare CSV field), got '%s'",
                               v);
            x->label = v;
            x->label_set = 1;
        } else if (!strcmp(n, "avoid-col")) {
            char buf[256];
            const char *f[2];
            nr_cli_fields(c, v, ':', 2, 2, "C:F", buf, sizeof buf, f);
            x->avoid_col = (int)nr_cli_field_long(c, v, "C", f[0], 0, NR_ROUTE_MAX_COLS - 1);
            x->avoid_max = nr_cli_field_double(c, v, "F", f[1], 0.0, 1.0);
        } else if (!strcmp(n, "hist"))
            x->o.hist = (int)nr_cli_long(c, v, 0, 64), x->hist_set = 1;
        else if (!strcmp(n, "trace-from"))
            x->o.trace_from = (int64_t)nr_cli_u64(c, v, 0, INT64_MAX);
        else if (!strcmp(n, "trace-to"))
            x->o.trace_to = (int64_t)nr_cli_u64(c, v, 0, INT64_MAX), x->trace_to_set = 1;
        else if (!strcmp(n, "trace-out"))
            x->o.trace_path = v;
        else if (!strcmp(n, "no-rerun"))
            x->no_rerun = 1;
        else if (!strcmp(n, "e2e"))
            x->o.e2e = 1;
        else if (!strcmp(n, "progress"))
            x->o.progress = 1;
        else if (!strcmp(n, "digest"))
            x->o.digest = 1;
        else if (!strcmp(n, "out-gaps"))
            x->out_gaps = 1;
        else if (!strcmp(n, "fault"))
            sim_parse_fault(x, c, v);
    }
    tb_trafopt_check(c, &x->o.tp, x->tp_set);
    if (x->label_set && !x->csv) nr_cli_die(c, "--label names the row of --csv: give --csv PATH");
    if (x->hist_set && x->o.impl != RTR_RUN_LOCKSTEP && x->o.impl != RTR_RUN_SELF)
        nr_cli_die(c, "--hist goes with --impl lockstep or self (it is printed on a divergence)");
}

/* --route fbfly: the network the router is one of (nr_route_fb_shape),
 * its id (--fb-me, or drawn from the seed), FB_CHARGE (the mean packet
 * length, docs/fbfly-routing.md 6.4, as the network builder writes it), into
 * the geometry and the options. */
static void sim_fb_place(sim_ctx *x, nr_cli_t *c)
{
    int K, C, kb, cb;
    x->g.fb_alg = x->o.fb_alg;
    x->g.fb_dims = x->o.fb_dims;
    nr_route_fb_shape(&x->g, &K, &C, &kb, &cb);
    const unsigned nrtr = 1u << (x->o.fb_dims * kb);
    if (x->fb_me >= (long)nrtr)
        nr_cli_die(c, "--fb-me %ld: the network has %u routers (K = %d, D = %d)", x->fb_me, nrtr, K,
                   x->o.fb_dims);
    if (x->fb_me >= 0) {
        x->o.fb_me = (unsigned)x->fb_me;
    } else {
        nr_rng_t r;
        nr_rng_stream(&r, x->o.seed, NR_RNG_STREAM(NR_RNG_P_USER + 3, 0));
        x->o.fb_me = (unsigned)nr_rng_below(&r, nrtr);
    }
    nr_lendist_t ld = x->o.inj.len;
    ld.num_vcs = x->g.num_vcs;
    double mean = nr_lendist_mean(&ld) + (x->o.e2e ? NR_E2E_PHITS : 0);
    x->o.fb_charge = mean > 255 ? 255u : (unsigned)(mean + 0.5);
    x->g.fb_me = x->o.fb_me;
    x->g.fb_charge = x->o.fb_charge;
}

/* The output a hot destination index leaves by: its port in single-router
 * and the table modes; with --route fbfly, the minimal route's port of the
 * node the index stands for (nr_route_fb_dest). */
static int sim_hot_port(const sim_ctx *x, int idx)
{
    if (x->o.route != NR_ROUTE_FBFLY) return x->o.org->port_of(&x->g, x->o.route, (unsigned)idx);
    return x->o.org->port_of(&x->g, x->o.route, nr_route_fb_dest(&x->g, (unsigned)idx, 0));
}

/* --trace-from, --trace-to, --trace-out: together, a window, a writable file
 * and an RTL run (exit 2 with a message). */
static void sim_check_trace(sim_ctx *x, nr_cli_t *c)
{
    if ((x->o.trace_from >= 0) != (x->o.trace_path != NULL))
        nr_cli_die(c, "--trace-from and --trace-out go together");
    if (x->trace_to_set && x->o.trace_from < 0)
        nr_cli_die(c, "--trace-to goes with --trace-from and --trace-out");
    if (x->trace_to_set && x->o.trace_to < x->o.trace_from)
        nr_cli_die(c, "--trace-to %" PRId64 " is before --trace-from %" PRId64 ": an empty window",
                   x->o.trace_to, x->o.trace_from);
    if (x->o.trace_from >= 0 && !x->trace_to_set) x->o.trace_to = INT64_MAX;
    if (x->o.trace_path) {
        char werr[1200];
        if (x->o.impl != RTR_RUN_RTL && x->o.impl != RTR_RUN_LOCKSTEP)
            nr_cli_die(c, "--trace-out needs --impl rtl or lockstep (the C model has no waveform)");
        if (nr_out_check(x->o.trace_path, NR_OUT_FILE, werr, sizeof werr))
            nr_cli_die(c, "--trace-out %s: cannot write the trace: %s", x->o.trace_path, werr);
    }
}

/* The configuration, its geometry, and every check of the options against
 * it (exit 2 with a message). */
static void sim_configure(sim_ctx *x, nr_cli_t *c)
{
    char err[512];
    if (rtr_cfg_lookup(x->cfg_file, x->cfg_name, &x->o.cfg, err, sizeof err))
        nr_cli_die(c, "%s", err);
    x->o.org = rtr_org_of(&x->o.cfg, err, sizeof err);
    if (!x->o.org) nr_cli_die(c, "%s", err);
    if (x->org_name && strcmp(x->org_name, x->o.org->name)) {
        if (!rtr_org_find(x->org_name))
            nr_cli_die(c, "--org: unknown organization '%s'", x->org_name);
        nr_cli_die(c, "--org %s: configuration %s (top %s) is organization %s", x->org_name,
                   x->o.cfg.name, x->o.cfg.top, x->o.org->name);
    }
    if (rtr_org_geom(x->o.org, &x->o.cfg, &x->g, err, sizeof err)) nr_cli_die(c, "%s", err);
    if (x->o.fault_cycle >= 0 && x->o.fault_port >= x->g.num_ports)
        nr_cli_die(c, "--fault: port %d is not a port of %s (ports 0..%d)", x->o.fault_port,
                   x->o.cfg.name, x->g.num_ports - 1);
    if (x->o.det_vcs && (!NR_ROUTE_IS_CLOS(x->o.route) || x->o.det_vcs >> x->g.num_vcs))
        nr_cli_die(c, "--det-vcs %u: needs --route clos-leaf or clos-mid and VCs of %s (%d)",
                   x->o.det_vcs, x->o.cfg.name, x->g.num_vcs);
    x->g.det_vcs = x->o.det_vcs;
    if (x->o.up_sel && (!NR_ROUTE_IS_CLOS(x->o.route) || x->g.cols <= 0 || !(x->o.up_sel & 1u)))
        nr_cli_die(c,
                   "--up-sel %u: needs --route clos-leaf or clos-mid, a YARC configuration "
                   "(%s is %s) and bit 0 set",
                   x->o.up_sel, x->o.cfg.name, x->o.org->name);
    x->g.up_sel = x->o.up_sel;
    if (x->fb_set && x->o.route != NR_ROUTE_FBFLY)
        nr_cli_die(c, "--fb-alg, --fb-dims and --fb-me go with --route fbfly");
    if (x->o.route == NR_ROUTE_FBFLY) sim_fb_place(x, c);
    if (x->o.org->modes && !((x->o.org->modes >> x->o.route) & 1u))
        nr_cli_die(c,
                   "--route %s: organization %s has routing tables of its own, and the router "
                   "testbench programs them for --route single only (%s)",
                   route_names[x->o.route], x->o.org->name, x->o.org->doc);
    if (nr_route_check(&x->g, x->o.route, err, sizeof err))
        nr_cli_die(c, "--route %s: %s: %s", route_names[x->o.route], x->o.cfg.name, err);
    if (x->o.src_vc_free &&
        (x->g.use_lcb || x->o.route == NR_ROUTE_FBFLY || x->o.inj.len.kind == NR_LEN_BWMIX))
        nr_cli_die(c, "--src-vc free needs a bare configuration (the sender's credits) and a VC "
                      "that means nothing else: not --route fbfly (the phase) nor --len bw (the "
                      "class)");
    if (x->o.malformed > 0 && x->g.use_lcb)
        nr_cli_die(c,
                   "--malformed needs a bare configuration (%s has LCBs, whose CRC would "
                   "refuse the packets before the router sees them)",
                   x->o.cfg.name);
    if (NR_ROUTE_IS_CLOS(x->o.route) && x->o.unroutable > 0)
        nr_cli_die(c,
                   "--unroutable: in --route %s every destination is routable (the ones "
                   "outside the subtree go up)",
                   route_names[x->o.route]);
    if (x->avoid_col >= 0 &&
        (!NR_ROUTE_IS_CLOS(x->o.route) || x->avoid_col >= x->g.cols || x->o.adaptive <= 0))
        nr_cli_die(c,
                   "--avoid-col needs --route clos-leaf or clos-mid, --adaptive and a column "
                   "of the tile grid (%s has %d columns)",
                   x->o.cfg.name, x->g.cols);
    if (x->o.tp.kind == NR_TP_HOTSPOT) {
        for (int i = 0; i < x->o.tp.nhot; i++)
            if (x->o.tp.hot[i] >= x->g.num_ports)
                nr_cli_die(c, "--hotspot: node %d is not a port of %s (%d ports)", x->o.tp.hot[i],
                           x->o.cfg.name, x->g.num_ports);
        x->o.hot_port = sim_hot_port(x, x->o.tp.hot[0]);
        for (int i = 0; i < x->o.tp.nhot; i++)
            x->o.hot_ports[x->o.nhot_ports++] = sim_hot_port(x, x->o.tp.hot[i]);
    }
    if (x->o.share_tol > 0 && x->o.hot_port < 0) nr_cli_die(c, "--share-tol needs --hotspot");
    int maxlen = x->o.inj.len.kind == NR_LEN_BWMIX ? 19 : x->o.inj.len.b;
    if (maxlen > x->g.max_pkt_len)
        nr_cli_die(c, "--len: packets up to %d phits exceed MaxPktLen=%d of %s", maxlen,
                   x->g.max_pkt_len, x->o.cfg.name);
    x->o.lcfg.max_len = (uint32_t)x->g.max_pkt_len;
    lcb_ch_cfg_geom(&x->o.ch, x->g.lcb.num_vcs, x->g.lcb.buf_per_vc, x->g.lcb.window);
    if (x->g.use_lcb && lcb_ch_cfg_check(&x->o.ch, err, sizeof err)) nr_cli_die(c, "link: %s", err);
    if (!x->g.use_lcb && lcb_ch_cfg_has_errors(&x->o.ch))
        nr_cli_die(c, "link error injection needs a configuration with LCBs (%s has UseLcb=0)",
                   x->o.cfg.name);
    if (!x->g.use_lcb && x->lcb_opt)
        nr_cli_die(c, "--%s applies to LCB links; configuration %s is bare (UseLcb=0)", x->lcb_opt,
                   x->o.cfg.name);
    {
        nr_lendist_t ld = x->o.inj.len;
        ld.num_vcs = x->g.num_vcs;
        if (nr_lendist_check(&ld, err, sizeof err)) nr_cli_die(c, "--len: %s", err);
        int lmax = ld.kind == NR_LEN_FIXED ? ld.a : ld.kind == NR_LEN_UNIFORM ? ld.b : 19;
        if (x->o.e2e && lmax + NR_E2E_PHITS > x->g.max_pkt_len)
            nr_cli_die(c,
                       "--e2e adds %d phits to every packet: the longest, %d + %d, is above "
                       "MaxPktLen %d of %s",
                       NR_E2E_PHITS, lmax, NR_E2E_PHITS, x->g.max_pkt_len, x->o.cfg.name);
        if (x->g.use_lcb) {
            /* The sizing rules lcb_sim warns about (protocol section 11), same
             * rule and numbers, on stderr: a run that breaks them is legal but
             * its latencies and loads measure the link, not the router. */
            lcb_tb_warn_sizing(stderr, "rtr_sim: ", "links", &x->g.lcb, x->o.lcfg.timeout,
                               x->o.ch.latency, nr_lendist_mean(&ld));
        }
    }
    /* Default drain and flush limits: 20000 cycles covers short links; a
     * packet on a long link needs a few round trips (2 * link-lat) plus a
     * timeout per lost ack, so with LCBs the default is at least 8 of those. */
    if (x->g.use_lcb) {
        uint64_t lim = 8 * (2 * (uint64_t)x->o.ch.latency + x->o.lcfg.timeout);
        if (!x->drain_set && lim > x->o.drain_max) x->o.drain_max = lim;
        if (!x->flush_set && lim > x->o.flush_max) x->o.flush_max = lim;
    }
    sim_check_trace(x, c);
}

/* RTL runs belong to the rtr_sim-<config> binary: hand the run to it.
 * Returns its exit code, or -1 if this binary runs it. */
static int sim_handoff(sim_ctx *x, nr_cli_t *c, int argc, char **argv)
{
    char path[1200];
    if (x->o.fault_cycle >= 0 && x->o.impl != RTR_RUN_SELF && x->o.impl != RTR_RUN_LOCKSTEP)
        nr_cli_die(c, "--fault needs --impl self or lockstep");
    if (RTR_SIM_OWN_RTL && (x->o.impl == RTR_RUN_MODEL || x->o.impl == RTR_RUN_SELF)) {
        fprintf(stderr,
                "%s: --impl %s runs no RTL; this program runs the SystemC RTL of %s (--impl "
                "lockstep, the default, or rtl); the C model alone is %s/rtr_sim --impl %s\n",
                RTR_SIM_PROG, impl_names[x->o.impl], rtr_rtl_build() ? rtr_rtl_build() : "?",
                x->dir, impl_names[x->o.impl]);
        return 2;
    }
    const rtr_key *mo;
    if ((x->o.impl == RTR_RUN_RTL || x->o.impl == RTR_RUN_LOCKSTEP) &&
        (mo = rtr_org_model_only(x->o.org, &x->o.cfg))) {
        fprintf(stderr,
                "%s: configuration %s has %s=%ld, which only the C model has (%s): it "
                "has no RTL build; use --impl model or self\n",
                RTR_SIM_PROG, x->o.cfg.name, mo->key, rtr_cfg_get(&x->o.cfg, mo->key, 0), mo->doc);
        return 2;
    }
    if (x->o.impl == RTR_RUN_RTL || x->o.impl == RTR_RUN_LOCKSTEP) {
        const char *have = rtr_rtl_build();
        int want_trace = x->o.trace_from >= 0;
        if (RTR_SIM_OWN_RTL && have && strcmp(have, x->o.cfg.name)) {
            char prog[300], hint[1500];
            snprintf(prog, sizeof prog, "%s-%.200s", RTR_SIM_PROG, x->o.cfg.name);
            tb_prog_hint(prog, hint, sizeof hint);
            fprintf(stderr, "%s: this is the SystemC build of %s; the one of %s is %s\n",
                    RTR_SIM_PROG, have, x->o.cfg.name, hint);
            return 2;
        }
        if (RTR_SIM_OWN_RTL && want_trace) {
            fprintf(stderr,
                    "%s: the SystemC build writes no waveform; --trace-from runs with "
                    "the C++ traced build %s/rtr_sim-%s-trace\n",
                    RTR_SIM_PROG, x->dir, x->o.cfg.name);
            return 2;
        }
        if (!have || strcmp(have, x->o.cfg.name) || (want_trace && !rtr_rtl_traced())) {
            if (getenv("RTR_SIM_HANDOFF")) {
                fprintf(stderr, "rtr_sim: %s was handed this run but its RTL is %s%s, not %s%s\n",
                        argv[0], have ? have : "(none)", rtr_rtl_traced() ? " (traced)" : "",
                        x->o.cfg.name, want_trace ? " (traced)" : "");
                return 2;
            }
            setenv("RTR_SIM_HANDOFF", "1", 1);
            snprintf(path, sizeof path, "%s/rtr_sim-%s%s", x->dir, x->o.cfg.name,
                     want_trace ? "-trace" : "");
            if (!is_exec(path)) {
                char mk[1200];
                tb_make_cmd(x->dir, strrchr(path, '/') + 1, mk, sizeof mk);
                fprintf(stderr,
                        "rtr_sim: no RTL build for configuration %s%s (%s is missing; "
                        "make it: %s)\n",
                        x->o.cfg.name, want_trace ? " with tracing" : "", path, mk);
                return 2;
            }
            char **nargv = calloc((size_t)argc + 1, sizeof *nargv);
            nargv[0] = path;
            for (int i = 1; i < argc; i++) nargv[i] = argv[i];
            return tb_run_child("rtr_sim", path, nargv);
        }
    }

    return -1;
}

/* The run's parameters, printed before it starts. */
static void sim_print_setup(sim_ctx *x)
{
    x->impl_lbl = impl_names[x->o.impl];
    printf("rtr_sim: org %s impl %s cfg %s (%s:%d) ports %d vcs %d %s\n", x->o.org->name,
           x->impl_lbl, x->o.cfg.name, x->o.cfg.file, x->o.cfg.line, x->g.num_ports, x->g.num_vcs,
           x->g.use_lcb ? "LCB links" : "bare");

    if (x->o.inj.len.kind == NR_LEN_FIXED)
        snprintf(x->lenb, sizeof x->lenb, "fixed:%d", x->o.inj.len.a);
    else if (x->o.inj.len.kind == NR_LEN_UNIFORM)
        snprintf(x->lenb, sizeof x->lenb, "uniform:%d:%d", x->o.inj.len.a, x->o.inj.len.b);
    else
        snprintf(x->lenb, sizeof x->lenb, "bw");

    if (x->o.inj.kind == NR_INJ_BERNOULLI)
        snprintf(x->injb, sizeof x->injb, "bernoulli");
    else
        snprintf(x->injb, sizeof x->injb, "bursty:%g", x->o.inj.burst);
    printf("rtr_sim: pattern %s load %.3f inject %s len %s warmup %" PRIu64 " measure %" PRIu64
           " route %s src-idle %.2f sink-bp %.2f unroutable %.3f malformed %.3f hdr-mix %.2f"
           " adaptive %.2f\n",
           nr_tp_name(x->o.tp.kind), x->o.inj.load, x->injb, x->lenb, x->o.warmup, x->o.measure,
           route_names[x->o.route], x->o.src_idle, x->o.sink_bp, x->o.unroutable, x->o.malformed,
           x->o.hdr_mix, x->o.adaptive);
    if (x->o.src_vc_free) printf("rtr_sim: src-vc free (the emptiest input queue's VC)\n");
    if (x->o.tp.kind == NR_TP_QUAD)
        printf("rtr_sim: quad: ports 0..%d down, %d..%d up; turn %.3f by %s; up ports offer %.3f\n",
               x->g.num_ports / 2 - 1, x->g.num_ports / 2, x->g.num_ports - 1, x->o.tp.turn_frac,
               nr_tp_name(x->o.tp.turn_kind), x->o.inj.load * (1.0 - x->o.tp.turn_frac));
    if (x->g.use_lcb)
        printf(
            "rtr_sim: links latency %d ber %.2g sb-ber %.2g burst %.2g:%d drop %.2g outage %.2g:%d "
            "ctl-ber %.2g timeout %u\n",
            x->o.ch.latency, x->o.ch.ber_data, x->o.ch.ber_sb, x->o.ch.burst_rate,
            x->o.ch.burst_len, x->o.ch.drop_rate, x->o.ch.outage_rate, x->o.ch.outage_len,
            x->o.ch.ctl_ber, x->o.lcfg.timeout);
    if (x->o.route == NR_ROUTE_FBFLY) {
        int K, C, kb, cb;
        nr_route_fb_shape(&x->g, &K, &C, &kb, &cb);
        printf("rtr_sim: fbfly: router %u of a %d-ary %d-flat with %d terminals per router "
               "(logical ports 0..%d terminals, %d..%d network; L2P (5l + 3) mod %d), algorithm "
               "%s, FB_CHARGE %u%s\n",
               x->o.fb_me, K, x->o.fb_dims + 1, C, C - 1, C, C + x->o.fb_dims * (K - 1) - 1,
               x->g.num_ports, nr_route_fb_alg_name(x->o.fb_alg), x->o.fb_charge,
               x->g.fb_seq ? ", sequential allocator (FbSeq=1)" : "");
    }
    if (NR_ROUTE_IS_CLOS(x->o.route)) {
        /* The tables in words, for the reader of a log (and to pick hot
         * destinations for --avoid-col). */
        printf("rtr_sim: %s tables: down (dest -> port):", route_names[x->o.route]);
        for (unsigned d = 0; d < (unsigned)x->g.num_ports; d++)
            if (!nr_route_is_up(&x->g, x->o.route, d))
                printf(" %u->%d", d, nr_route_port_of(&x->g, x->o.route, d));
        printf("; other destinations go up\nrtr_sim: adaptive candidates (output ports) of input:");
        for (int p = 0; p < x->g.num_ports; p++) {
            int cand[64], nc = nr_route_up_cands(&x->g, x->o.route, p, cand, 64);
            printf(" %d:", p);
            for (int i = 0; i < nc; i++) printf("%s%d", i ? "," : "", cand[i]);
        }
        printf("\n");
    }
    fflush(stdout);
}

/* The summary table and the link-error lines. */
static void sim_print_results(const sim_ctx *x)
{
    printf("\n%-9s %-9s %-9s %-8s %-8s %-8s %-9s %-8s %-8s %-10s %-10s\n", "offered", "accepted",
           "lat_mean", "lat_p50", "lat_p99", "lat_max", "rtr_lat", "retries", "drops", "mismatches",
           "unfinished");
    char rl[32];
    if (x->r.rlat_mean >= 0)
        snprintf(rl, sizeof rl, "%.1f/%.0f", x->r.rlat_mean, x->r.rlat_min);
    else
        snprintf(rl, sizeof rl, "n/a");
    char drops[48];
    snprintf(drops, sizeof drops, "%" PRIu64 "/%" PRIu64, x->r.drops, x->r.drops_expected);
    printf("%-9.4f %-9.4f %-9.1f %-8.0f %-8.0f %-8.0f %-9s %-8" PRIu64 " %-8s %-10" PRIu64
           " %-10" PRIu64 "\n",
           x->r.offered, x->r.accepted, x->r.lat_mean, x->r.lat_p50, x->r.lat_p99, x->r.lat_max, rl,
           x->r.retries, drops, x->r.mismatches, x->r.unfinished);
    printf("(loads in phits/cycle/port; latencies in cycles, generation to tail at the sink; "
           "rtr_lat = router head-in to head-out mean/min; drops = RT_DROP/unroutable sent)\n");
    if (x->out_gaps)
        printf("output gaps: %" PRIu64
               " cycles without a phit inside packets at the sinks, %.1f per "
               "100 phits (window)\n",
               x->r.out_gaps,
               x->r.sink_phits ? 100.0 * (double)x->r.out_gaps / (double)x->r.sink_phits : 0.0);
    if (x->g.use_lcb) {
        printf("packets discarded at sinks as marked bad by link errors: %" PRIu64 "\n",
               x->r.bad_discards);
        /* CRC escapes (docs/testplan.md, "Link errors and CRC escapes") */
        printf("link escapes: %" PRIu64 " packets accepted over damaged link cycles, in %" PRIu64
               " damaged packets that reached an EOP (%" PRIu64
               " refused in recovery before a marker, %" PRIu64 " with framing changed, %" PRIu64
               " surely detected by the %s); analytic "
               "expectation %.3g; control words: %" PRIu64 " damaged ones delivered, %" PRIu64
               " accepted\n",
               x->r.escapes, x->r.dmg_checked, x->r.dmg_ooo, x->r.dmg_frame, x->r.dmg_detected,
               x->g.lcb.link_crc_w == 32 ? "32-bit link check" : "CRC-16", x->r.exp_escapes,
               x->r.cw_damaged, x->r.ctl_escapes);
        if (x->r.esc_cycle >= 0)
            printf("the run was judged up to the first escape at cycle %" PRId64 "%s; %" PRIu64
                   " check(s) fired after it\n",
                   x->r.esc_cycle,
                   x->o.impl == RTR_RUN_LOCKSTEP ? " (the lockstep to its end)" : "",
                   x->r.after_esc);
        if (x->r.esc_cycle >= 0 || x->o.e2e)
            printf("end to end: %" PRIu64
                   " damaged packets delivered as healthy (residual), %" PRIu64
                   " caught and discarded by the end-to-end check%s\n",
                   x->r.residual, x->r.e2e_caught, x->o.e2e ? "" : " (off: --e2e)");
        printf("rtr_escapes escapes=%" PRIu64 " ctl_escapes=%" PRIu64 " err_link_cycles=%" PRIu64
               " dmg_checked=%" PRIu64 " exp_escapes=%.4g residual=%" PRIu64 " e2e_caught=%" PRIu64
               "\n",
               x->r.escapes, x->r.ctl_escapes, x->r.err_link_cycles, x->r.dmg_checked,
               x->r.exp_escapes, x->r.residual, x->r.e2e_caught);
    }
    if (x->g.va_hop)
        printf("vahop (docs/nwn-arch.md 1.7): %" PRIu64 " packets left on the next class, %" PRIu64
               " on the last class they came in on (kept)\n",
               x->r.va_up, x->r.va_kept);
    if (x->o.digest) printf("digest 0x%016" PRIx64 "\n", x->r.digest);
    if (x->o.hot_port >= 0) {
        printf("\nhotspot: shares of output %d by input (ideal %.4f; over the %d hot outputs: min "
               "%.4f max %.4f, lowest Jain %.4f)\n",
               x->o.hot_port, 1.0 / x->g.num_ports, x->o.nhot_ports, x->r.share_min, x->r.share_max,
               x->r.jain);
        for (int i = 0; i < x->g.num_ports; i++)
            printf("  in%-2d %.4f%s", i, x->r.share[i],
                   (i % 8 == 7 || i == x->g.num_ports - 1) ? "\n" : "");
    }
    printf("\nsimulated %" PRIu64 " cycles in %.2f s (%.2f s CPU): %.0f cycles/s, %.3g phit-hops/s "
           "per CPU second\n",
           x->r.cycles, x->r.wall_s, x->r.cpu_s, x->r.cycles_per_s, x->r.phit_hops_per_s);
}

/* One CSV row (and the header if the file is new), appended whole or not
 * at all (nr_out.h). Returns 0, or 1 with the message on stderr. */
static int sim_write_csv(const sim_ctx *x)
{
    nr_out_t out;
    char err[1400];
    if (nr_out_open(&out, x->csv, NR_OUT_APPEND, err, sizeof err)) {
        fprintf(stderr, "rtr_sim: --csv: %s\n", err);
        return 1;
    }
    FILE *f = out.f;
    if (out.fresh)
        fprintf(f,
                "label,org,impl,cfg,pattern,inject,len,load,seed,offered,accepted,lat_mean,"
                "lat_p50,lat_p99,lat_max,rtr_lat_mean,rtr_lat_min,measured,unfinished,retries,"
                "drops,mismatches,cycles,wall_s,cycles_per_s,phit_hops_per_s,pass,bad_discards\n");
    fprintf(f,
            "%s,%s,%s,%s,%s,%s,%s,%.4f,%" PRIu64 ",%.5f,%.5f,%.2f,%.0f,%.0f,%.0f,%.2f,%.0f,%" PRIu64
            ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
            ",%.3f,%.0f,%.0f,%d,%" PRIu64 "\n",
            x->label, x->o.org->name, x->impl_lbl, x->o.cfg.name, nr_tp_name(x->o.tp.kind), x->injb,
            x->lenb, x->o.inj.load, x->o.seed, x->r.offered, x->r.accepted, x->r.lat_mean,
            x->r.lat_p50, x->r.lat_p99, x->r.lat_max, x->r.rlat_mean, x->r.rlat_min,
            x->r.measured_pkts, x->r.unfinished, x->r.retries, x->r.drops, x->r.mismatches,
            x->r.cycles, x->r.wall_s, x->r.cycles_per_s, x->r.phit_hops_per_s, x->r.pass,
            x->r.bad_discards);
    if (nr_out_close(&out, err, sizeof err)) {
        fprintf(stderr, "rtr_sim: --csv: %s (no row written)\n", err);
        return 1;
    }
    return 0;
}

/* What a run that passed was asked for and could not give: a --fault cycle
 * it never reached (exit 2: the check proved nothing), an FST window it never
 * opened (exit 2) or could not write (exit 1). Returns the exit code, 0 when
 * nothing was missed. */
static int sim_missed(const sim_ctx *x)
{
    int rc = 0;
    if (!x->r.pass) return 0; /* a run that failed stopped early: its failure is the news */
    if (x->o.fault_cycle >= 0 && !x->r.mismatches && (uint64_t)x->o.fault_cycle >= x->r.cycles) {
        fprintf(stderr,
                "rtr_sim: --fault %" PRId64 ":%d: the run ended at cycle %" PRIu64
                " before the fault (it never fired)\n",
                x->o.fault_cycle, x->o.fault_port, x->r.cycles);
        rc = 2;
    }
    if (x->r.trace == -1) {
        fprintf(stderr,
                "rtr_sim: --trace-from %" PRId64 ": the run ended at cycle %" PRIu64
                " before the window opened; no FST written\n",
                x->o.trace_from, x->r.cycles);
        rc = 2;
    } else if (x->r.trace == -2) {
        fprintf(stderr, "rtr_sim: %s; no FST written\n", x->r.trace_err);
        if (!rc) rc = 1;
    }
    return rc;
}

/* A lockstep divergence: rerun the seed with the traced RTL for an FST
 * window around it. */
static void sim_rerun_traced(const sim_ctx *x, int argc, char **argv)
{
    char path[1200];
    int64_t from = x->r.div_cycle > 300 ? x->r.div_cycle - 300 : 0, to = x->r.div_cycle + 20;
    snprintf(path, sizeof path, "%s/rtr_sim-%s-trace", x->dir, x->o.cfg.name);
    if (!is_exec(path)) {
        char mk[1200];
        tb_make_cmd(x->dir, strrchr(path, '/') + 1, mk, sizeof mk);
        printf("rtr_sim: no traced RTL build for %s (%s); no waveform of the divergence\n"
               "rtr_sim: build it with: %s (flat, slow at k >= 32)\n",
               x->o.cfg.name, path, mk);
    } else {
        char wdir[1200], fst[1400], sfrom[32], sto[32];
        snprintf(wdir, sizeof wdir, "%s/../waves", x->dir);
        mkdir(wdir, 0777);
        char *rp = realpath(wdir, NULL);
        if (rp) {
            snprintf(wdir, sizeof wdir, "%s", rp);
            free(rp);
        }
        snprintf(fst, sizeof fst, "%s/rtr_%s_seed%" PRIu64 "_c%" PRId64 ".fst", wdir, x->o.cfg.name,
                 x->o.seed, x->r.div_cycle);
        snprintf(sfrom, sizeof sfrom, "%" PRId64, from);
        snprintf(sto, sizeof sto, "%" PRId64, to);
        char **nargv = calloc((size_t)argc + 10, sizeof *nargv);
        int n = 0;
        nargv[n++] = path;
        static const char *const drop[] = {"--csv", "--label", NULL}; /* one run, one row */
        n += tb_argv_without(argc, argv, drop, nargv + n);
        nargv[n++] = "--no-rerun";
        nargv[n++] = "--trace-from";
        nargv[n++] = sfrom;
        nargv[n++] = "--trace-to";
        nargv[n++] = sto;
        nargv[n++] = "--trace-out";
        nargv[n++] = fst;
        printf("\nrtr_sim: rerunning seed %" PRIu64 " with the traced RTL, FST window cycles "
               "%" PRId64 "..%" PRId64 "\n",
               x->o.seed, from, to);
        int crc = tb_run_child("rtr_sim", path, nargv);
        free(nargv);
        if (access(fst, R_OK) == 0)
            printf("rtr_sim: waveform: %s\nrtr_sim: view with: gtkwave %s\n", fst, fst);
        else /* never name a waveform that is not there */
            printf("rtr_sim: the traced rerun (exit %d) wrote no waveform %s\n", crc, fst);
    }
}

/* --route clos-*: every path of the tables must have been checked, and
 * --avoid-col's limit. Clears x->r.pass on a failure. */
static void sim_route_check(sim_ctx *x)
{
    /* Every path of the tables must have been checked at least once, or
     * the run proves nothing about it. */
    printf("\nroute check (docs/yarc-arch.md 5): delivered packets checked by path: "
           "source-routed %" PRIu64 ", down %" PRIu64 ", up deterministic %" PRIu64
           ", up adaptive %" PRIu64 "\n",
           x->ups.srcroute, x->ups.down, x->ups.up_det, x->ups.up_adapt);
    /* --det-vcs: its VCs' up packets are deterministic whatever a */
    const int all_det = x->o.det_vcs + 1u == 1u << x->g.num_vcs;
    const char *miss = !x->ups.down                                            ? "down"
                       : (x->o.adaptive < 1 || x->o.det_vcs) && !x->ups.up_det ? "up deterministic"
                       : x->o.adaptive > 0 && !all_det && !x->ups.up_adapt     ? "up adaptive"
                       : x->o.hdr_mix > 0 && !x->ups.srcroute                  ? "source-routed"
                                                                               : NULL;
    if (miss) {
        printf("FAIL: no %s packet was delivered and checked (the route check must see "
               "every path it is meant to cover)\n",
               miss);
        x->r.pass = 0;
    }
    if (x->ups.ncols > 0) {
        printf("adaptive up packets by output column (taken / load-blind expectation):");
        for (int col = 0; col < x->ups.ncols; col++)
            printf(" c%d %" PRIu64 "/%.1f", col, x->ups.col_taken[col], x->ups.col_fair[col]);
        printf("\n");
    }
    if (x->avoid_col >= 0) {
        double fair = x->ups.col_fair[x->avoid_col], took = (double)x->ups.col_taken[x->avoid_col];
        double ratio = fair > 0 ? took / fair : 0;
        printf("avoid-col %d: %" PRIu64 " adaptive up packets took column %d where a "
               "load-blind choice would have sent %.1f: ratio %.3f (limit %.3f)\n",
               x->avoid_col, x->ups.col_taken[x->avoid_col], x->avoid_col, fair, ratio,
               x->avoid_max);
        if (fair < 50) {
            printf("FAIL avoid-col: too few adaptive packets had a candidate in column %d "
                   "(%.1f expected, need 50)\n",
                   x->avoid_col, fair);
            x->r.pass = 0;
        } else if (ratio > x->avoid_max) {
            printf("FAIL avoid-col: the adaptive choice did not avoid column %d\n", x->avoid_col);
            x->r.pass = 0;
        }
    }
}

/* --route fbfly: what the route check saw, and every kind of route the
 * run is meant to cover must have been delivered and checked. Clears
 * x->r.pass on a failure. */
static void sim_fb_check(sim_ctx *x)
{
    printf("\nroute check (docs/fbfly-routing.md 4, 5): delivered packets checked: %" PRIu64
           " by the minimal route's port, %" PRIu64 " by another port the rule allows; %" PRIu64
           " left on another VC than they came in on\n",
           x->ups.fb_min, x->ups.fb_other, x->ups.fb_vc_changed);
    const int alg = x->o.fb_alg, adapt = x->o.adaptive > 0;
    const char *miss = !x->ups.fb_min                                             ? "minimal"
                       : adapt && alg >= NR_ROUTE_FB_VAL && !x->ups.fb_vc_changed ? "VC-changing"
                       : adapt && alg == NR_ROUTE_FB_VAL && !x->ups.fb_other      ? "non-minimal"
                                                                                  : NULL;
    if (miss) {
        printf("FAIL: no %s packet was delivered and checked (the route check must see every "
               "kind of route the run is meant to cover)\n",
               miss);
        x->r.pass = 0;
    }
}

int RTR_SIM_MAIN(int argc, char **argv);
int RTR_SIM_MAIN(int argc, char **argv)
{
    static sim_ctx x;
    sim_defaults(&x);
    nr_cli_t c;
    nr_cli_init(&c, RTR_SIM_PROG,
                RTR_SIM_OWN_RTL
                    ? "[options]   (the router testbench on the SystemC build of one "
                      "configuration, the default --cfg, which it alone takes; --impl lockstep "
                      "(default) or rtl; traffic defaults: --pattern ur --load 0.3 --len "
                      "uniform:4:19)"
                    : "[options]   (traffic defaults: --pattern ur --load 0.3 --len uniform:4:19)",
                opts, argc, argv);
    sim_parse(&x, &c);
    nr_cli_print_seed(stdout, "rtr_sim", x.o.seed);
    sim_configure(&x, &c);
    tb_self_dir(argv[0], x.dir, sizeof x.dir);
    int rc = sim_handoff(&x, &c, argc, argv);
    if (rc >= 0) return nr_out_stdout(RTR_SIM_PROG, rc);
    sim_print_setup(&x);
    char err[512];
    if (rtr_run(&x.o, &x.r, stdout, err, sizeof err)) {
        fprintf(stderr, "rtr_sim: %s\n", err);
        return nr_out_stdout(RTR_SIM_PROG, 2);
    }
    sim_print_results(&x);
    if (x.r.mismatches && !x.no_rerun && x.o.trace_from < 0 && x.o.impl == RTR_RUN_LOCKSTEP)
        sim_rerun_traced(&x, argc, argv);
    if (NR_ROUTE_IS_CLOS(x.o.route) && !x.r.mismatches && x.r.esc_cycle < 0) sim_route_check(&x);
    if (x.o.route == NR_ROUTE_FBFLY && !x.r.mismatches && x.r.esc_cycle < 0) sim_fb_check(&x);
    rc = sim_missed(&x);
    printf("%s\n", !x.r.pass || rc ? "FAIL" : x.r.esc_cycle >= 0 ? "PASS-ESCAPE" : "PASS");
    if (!rc) rc = x.r.pass ? 0 : 1;
    /* the row records the verdict; a run that missed what it was asked for
     * writes none */
    if (x.csv && (rc == 0 || rc == 1) && sim_write_csv(&x)) rc = 1;
    return nr_out_stdout(RTR_SIM_PROG, rc);
}
