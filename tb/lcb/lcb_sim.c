/* lcb_sim.c - command line for the LCB pair testbench (lcb_tb.h).
 *
 *   lcb_sim --a rtl --b model --ber 1e-5 --latency 16 --cycles 200000 --seed 7
 *
 * Prints the seed first, runs, prints a summary and PASS/FAIL. Exit 0 on
 * PASS, 1 on FAIL, 2 on a bad option or configuration. On a lockstep
 * divergence with --waves-on-fail (the default) it reruns the same command
 * with the traced RTL build (this binary's name + "-trace") and writes an FST
 * window around the divergence. docs/lcb-testbench.md lists every option.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/progrun.h"
#include "lcb_tb.h"
#include "nr_cli.h"
#include "nr_out.h"
#include "nr_pkt.h"
#include "catalog/org.h"

enum {
    O_SEED,
    O_CYCLES,
    O_WARMUP,
    O_DRAIN,
    O_WATCHDOG,
    O_A,
    O_B,
    O_LOCKSTEP,
    O_WOF,
    O_NOWOF,
    O_WAVES,
    O_WFROM,
    O_WTO,
    O_WPORT,
    O_WDIR,
    O_GRACE,
    O_CONFIG,
    O_CFGFILE,
    O_VCS,
    O_BUF,
    O_REPLAY,
    O_WINDOW,
    O_MAXPKT,
    O_LINKCRC,
    O_TIMEOUT,
    O_RETRY,
    O_MAXLEN,
    O_LAT,
    O_LATAB,
    O_LATBA,
    O_BER,
    O_BERD,
    O_BERSB,
    O_BRATE,
    O_BLEN,
    O_DROP,
    O_ORATE,
    O_OLEN,
    O_OAT,
    O_CTL,
    O_FORGE,
    O_FORGEK,
    O_FLIP,
    O_ERRDIR,
    O_LOAD,
    O_PROC,
    O_BURSTPK,
    O_LEN,
    O_SOFT,
    O_PROTO,
    O_IDLE,
    O_GAP,
    O_PROBE,
    O_BP,
    O_BPSTALL,
    O_NORAH,
    O_NOJUNK,
    O_DESTS,
    O_PKTS,
    O_SAT,
    O_ONEWAY,
    O_EXPDOWN,
    O_DOWNWIN,
    O_RECBOUND,
    O_ROGUE,
    O_XFAIL,
    O_SELFTEST,
    O_NOESC,
    O_MINNEST,
    O_QUIET,
    O_PROGRESS,
    O_COUNT
};

static const nr_cli_opt_t opts[] = {
    [O_SEED] = {"seed", "S", "random seed (default 1); printed first"},
    [O_CYCLES] = {"cycles", "N", "main phase: traffic and errors (default 100000)"},
    [O_WARMUP] = {"warmup", "N", "goodput/latency window starts here (default cycles/10)"},
    [O_DRAIN] = {"drain", "N", "drain limit, counted once the sources are empty (default 200000)"},
    [O_WATCHDOG] = {"watchdog", "N", "fail if nothing is delivered for N cycles while pending"},
    [O_A] = {"a", "IMPL", "port A: rtl or model (default model)"},
    [O_B] = {"b", "IMPL", "port B: rtl or model (default model)"},
    [O_LOCKSTEP] = {"lockstep", NULL, "shadow every RTL port with a model, compare every output"},
    [O_WOF] = {"waves-on-fail", NULL, "on a divergence rerun traced, FST window (default on)"},
    [O_NOWOF] = {"no-waves-on-fail", NULL, "do not rerun for waves on a divergence"},
    [O_WAVES] = {"waves", "FILE",
                 "FST trace of an RTL port (traced build only; written under a temporary name, "
                 "checked and renamed at the window's end)"},
    [O_WFROM] = {"waves-from", "C", "with --waves: start tracing at cycle C (default 0)"},
    [O_WTO] = {"waves-to", "C",
               "with --waves: stop tracing at cycle C > --waves-from (default: end)"},
    [O_WPORT] = {"waves-port", "P",
                 "with --waves: port to trace, a or b (default: first RTL port)"},
    [O_WDIR] = {"waves-dir", "DIR",
                "--lockstep: where --waves-on-fail writes (default build/waves)"},
    [O_GRACE] = {"div-grace", "N", "--lockstep: cycles to run on after a divergence (default 20)"},
    [O_CONFIG] = {"config", "NAME",
                  "parameters of nr_lcb_port configuration NAME, or lcb-NAME (small and lcb-small "
                  "are the same)"},
    [O_CFGFILE] = {"cfg-file", "PATH",
                   "configurations file for --config (default $NR_CONFIGS, else "
                   "configs/configs.txt)"},
    [O_VCS] = {"vcs", "N", "NumVcs (model only; RTL ports use the RTL's)"},
    [O_BUF] = {"buf", "N", "BufPerVc"},
    [O_REPLAY] = {"replay", "N", "ReplayDepth"},
    [O_WINDOW] = {"window", "N", "Window"},
    [O_MAXPKT] = {"maxpkt", "N", "MaxPktLen"},
    [O_LINKCRC] = {"link-crc", "W", "LinkCrcW: 16 (CRC-16, default) or 32 (with the link trailer)"},
    [O_TIMEOUT] = {"timeout", "N",
                   "cfg_timeout (default 2*(RTT_ack+MaxPktLen) of the longer latency)"},
    [O_RETRY] = {"retry-limit", "N", "cfg_retry_limit 0..255 (default 64)"},
    [O_MAXLEN] = {"max-len", "N", "cfg_max_len 2..MaxPktLen (default MaxPktLen)"},
    [O_LAT] = {"latency", "N",
               "link latency both ways, 1..4096 (default 16); --latency-ab/-ba set one way, "
               "in either order"},
    [O_LATAB] = {"latency-ab", "N", "latency A->B (over --latency)"},
    [O_LATBA] = {"latency-ba", "N", "latency B->A (over --latency)"},
    [O_BER] = {"ber", "X", "bit error rate of all 24 bits (--ber-data/--ber-sb set one kind)"},
    [O_BERD] = {"ber-data", "X", "bit error rate of the 22 data bits (over --ber)"},
    [O_BERSB] = {"ber-sb", "X", "bit error rate of the 2 sideband bits, F and C (over --ber)"},
    [O_BRATE] = {"burst-rate", "X", "burst errors started per phit"},
    [O_BLEN] = {"burst-len", "N", "with --burst-rate: bits per burst (default 8)"},
    [O_DROP] = {"drop-rate", "X", "erased phits (all zeros) per phit"},
    [O_ORATE] = {"outage-rate", "X", "link outages started per cycle"},
    [O_OLEN] = {"outage-len", "N",
                "with --outage-rate or --outage-at: cycles per outage (default 100)"},
    [O_OAT] = {"outage-at", "C,..", "outages at these cycles"},
    [O_CTL] = {"ctl-ber", "X", "extra C-bit (ack/credit) flips per phit"},
    [O_FORGE] = {"ctl-forge", "X",
                 "control words replaced by CRC-correct forged ones, per word (0..1)"},
    [O_FORGEK] = {"ctl-forge-kind", "K",
                  "with --ctl-forge: phantom (more freed phits than really freed), outrange (an "
                  "ack out of range: must be rejected; default), foreign (every field foreign, ack "
                  "out of range: rejected), inrange (real ack, other epoch, fr behind: accepted) "
                  "or badwt (wrong word toggle: never delivered)"},
    [O_FLIP] = {"flip-at", "C,..", "flip data bit 10 of the phit arriving at these cycles"},
    [O_ERRDIR] = {"errors", "DIR", "directions with errors: both, ab, ba (default both)"},
    [O_LOAD] = {"load", "X", "offered load per direction, phits/cycle (default 0.7)"},
    [O_PROC] = {"process", "P", "injection: bernoulli or onoff (default bernoulli)"},
    [O_BURSTPK] = {"burst-pkts", "B", "--process onoff: mean packets per ON period (default 8)"},
    [O_LEN] = {"len", "D",
               "lengths: fixed:L, uniform:A:B (4 <= A <= B) or bw (default uniform:4:19, or "
               "uniform:4:M when the max-len M is shorter)"},
    [O_SOFT] = {"soft-rate", "X", "packets with an injected soft error (discard expected)"},
    [O_PROTO] = {"proto-rate", "X", "packets replaced by a core protocol fault"},
    [O_IDLE] = {"idle", "X", "P(source idles a cycle it could start a packet) (default 0.02)"},
    [O_GAP] = {"gap", "X", "P(source gap inside a packet: PAD) (default 0.01)"},
    [O_PROBE] = {"probe", "X", "P(offer a HEAD on a VC that is not ok) (default 0.05)"},
    [O_BP] = {"bp", "X", "sink backpressure: P(no read) per cycle (default 0.05)"},
    [O_BPSTALL] = {"bp-stall", "N", "a backpressure event stalls 1..N cycles (default 4)"},
    [O_NORAH] = {"no-rah", NULL, "no random route/hash phits and a bits"},
    [O_DESTS] = {"dests", "N", "destinations (flows per VC) per source (default 2)"},
    [O_NOJUNK] = {"no-junk", NULL,
                  "drive 0, not random, on tx_phit/rd_vc when tx_valid/rd_en are 0"},
    [O_SAT] = {"saturate", NULL,
               "keep every VC backlogged (saturation goodput; --load ignored, with a note)"},
    [O_PKTS] = {"pkts", "N", "each source generates at most N packets (default: no limit)"},
    [O_ONEWAY] = {"oneway", NULL, "traffic A->B only (B sends only acks and credits)"},
    [O_EXPDOWN] = {"expect-down", NULL, "PASS only if the link goes down (retry limit)"},
    [O_RECBOUND] = {"rec-bound", NULL,
                    "with single --flip-at errors: every recovery (RX_CRC to the good copy's "
                    "RX_OK) must end within the bound protocol 7.7 derives (needs --gap 0)"},
    [O_ROGUE] =
        {"rogue-credits", "N",
         "a rogue peer: port A (a model) believes B's BufPerVc is N larger and "
         "overdraws B's input queue; every cut (INQ_OVF) must be matched to its packet, the "
         "rest arrive intact (clean link)"},
    [O_DOWNWIN] = {"down-window", NULL,
                   "with --expect-down and one --outage-at C: link_down must rise "
                   "within the window protocol 7.6 derives from C, the timeout, "
                   "the retry limit and the sizes (needs --saturate --gap 0)"},
    [O_XFAIL] = {"xfail", "ID", "known bug ID: exit 0 if the run FAILS, 1 if it passes (strict)"},
    [O_SELFTEST] = {"selftest", "K:C",
                    "break a checker on purpose from cycle C (corrupt, drop, dup, credit, "
                    "diverge); the run must FAIL"},
    [O_NOESC] = {"no-escapes", NULL,
                 "a CRC escape (damaged packet with a matching link CRC) fails the run"},
    [O_MINNEST] = {"min-nested", "N", "require >= N replays after a failed replay"},
    [O_QUIET] = {"quiet", NULL, "no progress lines"},
    [O_PROGRESS] = {"progress", "N", "progress line every N cycles (default 0: off)"},
    [O_COUNT] = {NULL, NULL, NULL},
};

static const char *const impl_names[] = {"model", "rtl", NULL};
static const char *const errdir_names[] = {"both", "ab", "ba", NULL};
static const char *const port_names[] = {"a", "b", NULL};
static const char *const proc_names[] = {"bernoulli", "onoff", NULL};

static void parse_len(nr_cli_t *cli, const char *v, nr_lendist_t *d)
{
    /* Every packet carries the scoreboard's tag: head + 2 tag phits + EOP
     * (nr_pkt_min_len with no route/hash phits; the sources drop r/h from a
     * packet too short for them). Shorter lengths are rejected here, not left
     * to fail later in the packet builder. The parser is the library's
     * (nr_lendist_parse), as rtr_sim's and net_sim's. */
    const nr_pkt_desc_t bare = {0};
    const int lmin = nr_pkt_min_len(&bare);
    char err[300];
    if (!nr_lendist_parse(v, lmin, d, err, sizeof err)) return;
    if (!strncmp(v, "fixed:", 6))
        nr_cli_die(cli, "--len: %s (a packet is at least %d phits: head + 2 tag phits + EOP)", err,
                   lmin);
    nr_cli_die(cli,
               "--len: expected fixed:L, uniform:A:B (%d <= A <= B <= %d: a packet is at least "
               "%d phits, head + 2 tag phits + EOP) or bw, got '%s': %s",
               lmin, NR_PKT_LEN_LIMIT, lmin, v, err);
}

/* Parameters of configuration NAME, or else lcb-NAME, from the
 * configurations file ("lcb-small nr_lcb_port NumVcs=2 ..."; --config small
 * and --config lcb-small are the same), read by the router testbench's strict
 * reader (tb/catalog/cfgfile.c: every line checked, integers only, 32-bit range,
 * unique names, file:line in every message). The entry must be an
 * nr_lcb_port, name each of the five parameters exactly once, and keep them
 * in the ranges of --vcs etc. Its name goes to found (for the hints). */
static int load_config(const char *path, const char *name, nr_lcb_params *p, char *found, size_t fn,
                       char *err, int n)
{
    static const char *const keys[] = {"NumVcs",    "BufPerVc", "ReplayDepth", "Window",
                                       "MaxPktLen", "LinkCrcW", NULL};
    static const long lo[] = {1, 8, 8, 2, 2}, hi[] = {4, 1023, 4096, 64, 1023};
    char want[300];
    rtr_namedcfg e;
    snprintf(want, sizeof want, "lcb-%s", name);
    if (rtr_cfg_lookup(path, name, &e, err, n) &&
        (!strncmp(name, "lcb-", 4) || rtr_cfg_lookup(path, want, &e, err, n)))
        return -1;
    snprintf(found, fn, "%s", e.name);
    if (strcmp(e.top, "nr_lcb_port")) {
        snprintf(err, n, "%s:%d: configuration %s has top %s, not nr_lcb_port", e.file, e.line,
                 e.name, e.top);
        return -1;
    }
    if (rtr_cfg_check_keys(&e, keys, err, n)) return -1;
    long v[5];
    for (int i = 0; i < 5; i++) {
        v[i] = rtr_cfg_get(&e, keys[i], LONG_MIN);
        if (v[i] == LONG_MIN) {
            snprintf(err, n,
                     "%s:%d: configuration %s: parameter %s missing (an nr_lcb_port entry "
                     "sets NumVcs, BufPerVc, ReplayDepth, Window and MaxPktLen)",
                     e.file, e.line, e.name, keys[i]);
            return -1;
        }
        if (v[i] < lo[i] || v[i] > hi[i]) {
            snprintf(err, n, "%s:%d: configuration %s: %s=%ld is out of range [%ld, %ld]", e.file,
                     e.line, e.name, keys[i], v[i], lo[i], hi[i]);
            return -1;
        }
    }
    p->num_vcs = (int)v[0];
    p->buf_per_vc = (int)v[1];
    p->replay_depth = (int)v[2];
    p->window = (int)v[3];
    p->max_pkt_len = (int)v[4];
    /* optional: the 32-bit link check (link-protocol 4.1) */
    long crcw = rtr_cfg_get(&e, "LinkCrcW", 16);
    if (crcw != 16 && crcw != 32) {
        snprintf(err, n, "%s:%d: configuration %s: LinkCrcW=%ld must be 16 or 32", e.file, e.line,
                 e.name, crcw);
        return -1;
    }
    p->link_crc_w = (int)crcw;
    return 0;
}

/* mkdir -p */
static void mkdir_p(const char *dir)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++) {
        if (*p == '/') {
            *p = 0;
            mkdir(tmp, 0777);
            *p = '/';
        }
    }
    mkdir(tmp, 0777);
}

/* Rerun this command with the traced build, writing an FST window around
 * the divergence. Returns 0 if the trace was written. */
static int waves_rerun(int argc, char **argv, const lcb_tb_cfg *c, const lcb_tb_res *r,
                       const char *dir)
{
    char exe[1024], fst[1024], logp[1024], from[32], to[32], port[4];
    snprintf(exe, sizeof exe, "%s-trace", argv[0]);
    if (access(exe, X_OK) != 0) {
        char mk[1200], dir[1024];
        const char *me = strrchr(exe, '/');
        tb_self_dir(argv[0], dir, sizeof dir);
        tb_make_cmd(dir, me ? me + 1 : exe, mk, sizeof mk);
        printf("waves: no traced build at %s (make it: %s); rerun with --waves by hand\n", exe, mk);
        return -1;
    }
    mkdir_p(dir);
    snprintf(fst, sizeof fst, "%s/lcb_seed%" PRIu64 "_cyc%" PRId64 ".fst", dir, c->seed,
             r->div_cycle);
    snprintf(logp, sizeof logp, "%s/lcb_seed%" PRIu64 "_cyc%" PRId64 ".log", dir, c->seed,
             r->div_cycle);
    snprintf(from, sizeof from, "%" PRId64, r->div_cycle > 200 ? r->div_cycle - 200 : 0);
    snprintf(to, sizeof to, "%" PRId64, r->div_cycle + 21);
    snprintf(port, sizeof port, "%c", 'a' + r->div_port);
    char **av = calloc((size_t)argc + 16, sizeof *av);
    int k = 0;
    av[k++] = exe;
    for (int i = 1; i < argc; i++) {
        /* drop our own waves options; the rerun gets its own */
        if (!strncmp(argv[i], "--waves", 7) || !strcmp(argv[i], "--no-waves-on-fail") ||
            !strncmp(argv[i], "--div-grace", 11)) {
            if (!strchr(argv[i], '=') && strcmp(argv[i], "--waves-on-fail") &&
                strcmp(argv[i], "--no-waves-on-fail") && i + 1 < argc)
                i++;
            continue;
        }
        av[k++] = argv[i];
    }
    av[k++] = "--no-waves-on-fail";
    av[k++] = "--waves";
    av[k++] = fst;
    av[k++] = "--waves-from";
    av[k++] = from;
    av[k++] = "--waves-to";
    av[k++] = to;
    av[k++] = "--waves-port";
    av[k++] = port;
    av[k++] = "--div-grace";
    av[k++] = "20";
    av[k] = NULL;
    printf("waves: rerunning seed %" PRIu64 " with %s, cycles %s..%s of port %c -> %s\n", c->seed,
           exe, from, to, 'A' + r->div_port, fst);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        FILE *lf = freopen(logp, "w", stdout);
        if (lf) dup2(fileno(stdout), 2);
        execv(exe, av);
        _exit(127);
    }
    free(av);
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0) {
        printf("waves: cannot run %s\n", exe);
        return -1;
    }
    struct stat sb;
    if (stat(fst, &sb) != 0 || sb.st_size == 0) {
        printf("waves: the traced rerun wrote no trace (log %s)\n", logp);
        return -1;
    }
    printf("waves: wrote %s (%lld bytes); rerun log %s\n", fst, (long long)sb.st_size, logp);
    return 0;
}

/* The command-line values that are not fields of lcb_tb_cfg until parsing ends: they are
 * resolved into it by sim_params and sim_finish. */
typedef struct {
    int have_p[6];    /* --vcs --buf --replay --window --maxpkt --link-crc given */
    nr_lcb_params up; /* ... their values */
    const char *config, *cfg_file;
    char config_name[200]; /* the configuration --config found */
    int cfg_file_set;
    long timeout, maxlen, lat[2];
    long lat_all;   /* --latency, -1: not given */
    int lat_set[2]; /* --latency-ab, --latency-ba given */
    double ber_d, ber_s, ber_all;
    int ber_set[3];       /* --ber-data, --ber-sb, --ber given */
    int len_set;          /* --len given */
    int load_set;         /* --load given */
    const char *needs[8]; /* options given that need another: "burst-len", ... */
    int errdir, wof, warmup_set, oneway;
    const char *wdir;
    const char *xfail;
    lcb_ch_cfg chc; /* the channel of both directions */
    int forgek_set;
    lcb_ep_cfg ep; /* the endpoint of both ports */
} sim_args;

static void sim_args_default(sim_args *a, const lcb_tb_cfg *c)
{
    memset(a, 0, sizeof *a);
    a->up = c->p;
    a->cfg_file = "configs/configs.txt";
    /* NR_CONFIGS: the configurations file of make, rtr_sim and the scripts */
    if (getenv("NR_CONFIGS") && *getenv("NR_CONFIGS")) a->cfg_file = getenv("NR_CONFIGS");
    a->lat_all = -1;
    a->timeout = -1;
    a->maxlen = -1;
    a->lat[0] = a->lat[1] = 16;
    a->wof = 1;
    a->wdir = "build/waves";
    lcb_ch_cfg_default(&a->chc);
    a->ep = c->ep[0];
}

/* Options that apply only with another one: each seen is recorded (a->needs)
 * for sim_check_needs. */
static void sim_note(sim_args *a, int o)
{
    static const int dep[] = {O_WFROM, O_WTO,  O_WPORT,   O_WDIR,   O_GRACE,
                              O_BLEN,  O_OLEN, O_BURSTPK, O_FORGEK, O_ERRDIR};
    for (size_t i = 0; i < sizeof dep / sizeof dep[0]; i++) {
        if (dep[i] != o) continue;
        for (size_t k = 0; k < sizeof a->needs / sizeof a->needs[0]; k++) {
            if (a->needs[k] && strcmp(a->needs[k], opts[o].name)) continue;
            a->needs[k] = opts[o].name;
            return;
        }
    }
}

/* An option that cannot apply to the run the others describe is an error
 * (exit 2); --load with --saturate, which --help calls ignored, a note. */
static void sim_check_needs(nr_cli_t *cli, const lcb_tb_cfg *c, const sim_args *a)
{
    const lcb_ch_cfg *h = &a->chc;
    const int errs = a->ber_d > 0 || a->ber_s > 0 || h->burst_rate > 0 || h->drop_rate > 0 ||
                     h->outage_rate > 0 || h->n_sched_outage || h->ctl_ber > 0 ||
                     h->ctl_forge > 0 || h->n_sched_flip;
    for (size_t k = 0; k < sizeof a->needs / sizeof a->needs[0] && a->needs[k]; k++) {
        const char *n = a->needs[k], *need = NULL;
        if (!strncmp(n, "waves-", 6) && strcmp(n, "waves-dir") && !c->waves)
            need = "--waves FILE";
        else if ((!strcmp(n, "waves-dir") || !strcmp(n, "div-grace")) && !c->lockstep)
            need = "--lockstep (a divergence)";
        else if (!strcmp(n, "waves-dir") && !a->wof)
            need = "--waves-on-fail (not --no-waves-on-fail)";
        else if (!strcmp(n, "burst-len") && !(h->burst_rate > 0))
            need = "--burst-rate above 0";
        else if (!strcmp(n, "outage-len") && !(h->outage_rate > 0) && !h->n_sched_outage)
            need = "--outage-rate above 0 or --outage-at";
        else if (!strcmp(n, "burst-pkts") && a->ep.inj.kind != NR_INJ_ONOFF)
            need = "--process onoff";
        else if (!strcmp(n, "ctl-forge-kind") && !(h->ctl_forge > 0))
            need = "--ctl-forge above 0";
        else if (!strcmp(n, "errors") && !errs)
            need = "a link error option (--ber, --burst-rate, --drop-rate, --outage-*, --ctl-*, "
                   "--flip-at)";
        if (need) nr_cli_die(cli, "--%s goes with %s", n, need);
    }
    if (c->waves && c->waves_to >= 0 && c->waves_to <= c->waves_from)
        nr_cli_die(cli,
                   "--waves-to %" PRId64 " is not after --waves-from %" PRId64 ": an empty window",
                   c->waves_to, c->waves_from);
    if (c->waves) {
        char e[600];
        if (nr_out_check(c->waves, NR_OUT_FILE, e, sizeof e))
            nr_cli_die(cli, "--waves %s: cannot write the trace: %s", c->waves, e);
    }
}

/* The link's options: LCB configuration, latencies and error processes
 * (exit 2 on a bad value). 1 if o was one of them. */
static int sim_parse_link(nr_cli_t *cli, lcb_tb_cfg *c, sim_args *a, int o, const char *v)
{
    switch (o) {
    case O_TIMEOUT: a->timeout = nr_cli_long(cli, v, 1, 65535); break;
    case O_RETRY: c->c.retry_limit = (uint32_t)nr_cli_long(cli, v, 0, 255); break;
    case O_MAXLEN: a->maxlen = nr_cli_long(cli, v, 2, 1023); break;
    /* the general option and the specific ones in either order: the
         * specific one holds for its direction or kind (sim_finish) */
    case O_LAT: a->lat_all = nr_cli_long(cli, v, 1, LCB_CH_MAX_LAT); break;
    case O_LATAB:
        a->lat[0] = nr_cli_long(cli, v, 1, LCB_CH_MAX_LAT);
        a->lat_set[0] = 1;
        break;
    case O_LATBA:
        a->lat[1] = nr_cli_long(cli, v, 1, LCB_CH_MAX_LAT);
        a->lat_set[1] = 1;
        break;
    case O_BER:
        a->ber_all = nr_cli_double(cli, v, 0, 0.5);
        a->ber_set[2] = 1;
        break;
    case O_BERD:
        a->ber_d = nr_cli_double(cli, v, 0, 0.5);
        a->ber_set[0] = 1;
        break;
    case O_BERSB:
        a->ber_s = nr_cli_double(cli, v, 0, 0.5);
        a->ber_set[1] = 1;
        break;
    case O_BRATE: a->chc.burst_rate = nr_cli_double(cli, v, 0, 1); break;
    case O_BLEN: a->chc.burst_len = (int)nr_cli_long(cli, v, 1, LCB_CH_MAX_BURST); break;
    case O_DROP: a->chc.drop_rate = nr_cli_double(cli, v, 0, 1); break;
    case O_ORATE: a->chc.outage_rate = nr_cli_double(cli, v, 0, 1); break;
    case O_OLEN: a->chc.outage_len = (int)nr_cli_long(cli, v, 1, 100000000L); break;
    case O_OAT: {
        int lst[LCB_CH_MAX_SCHED], n = 0;
        char err[256];
        if (nr_cli_parse_list(v, 0, 2000000000L, lst, LCB_CH_MAX_SCHED, &n, err, sizeof err))
            nr_cli_die(cli, "--outage-at: %s", err);
        for (int i = 0; i < n; i++) a->chc.sched_outage[i] = lst[i];
        a->chc.n_sched_outage = n;
        break;
    }
    case O_CTL: a->chc.ctl_ber = nr_cli_double(cli, v, 0, 1); break;
    case O_FORGE: a->chc.ctl_forge = nr_cli_double(cli, v, 0, 1); break;
    case O_FORGEK:
        a->chc.ctl_forge_kind = nr_cli_enum(cli, v, lcb_forge_kind_names);
        a->forgek_set = 1;
        break;
    case O_FLIP: {
        int lst[LCB_CH_MAX_SCHED], n = 0;
        char err[256];
        if (nr_cli_parse_list(v, 0, 80000000L, lst, LCB_CH_MAX_SCHED, &n, err, sizeof err))
            nr_cli_die(cli, "--flip-at: %s", err);
        for (int i = 0; i < n; i++) a->chc.sched_flip[i] = (int64_t)lst[i] * 24 + 13; /* bit 10 */
        a->chc.n_sched_flip = n;
        break;
    }
    case O_ERRDIR: a->errdir = nr_cli_enum(cli, v, errdir_names); break;
    default: return 0;
    }
    return 1;
}

/* The command line (exit 2 with a message on a bad value). */
static void sim_parse(nr_cli_t *cli, lcb_tb_cfg *c, sim_args *a)
{
    const char *v;
    int o;
    while ((o = nr_cli_next_or_exit(cli, &v)) != NR_CLI_END) {
        switch (o) {
        case O_SEED: c->seed = nr_cli_u64(cli, v, 0, UINT64_MAX); break;
        case O_CYCLES: c->cycles = nr_cli_long(cli, v, 1, 2000000000L); break;
        case O_WARMUP:
            c->warmup = nr_cli_long(cli, v, 0, 2000000000L);
            a->warmup_set = 1;
            break;
        case O_DRAIN: c->drain = nr_cli_long(cli, v, 1, 2000000000L); break;
        case O_WATCHDOG: c->watchdog = nr_cli_long(cli, v, 1, 2000000000L); break;
        case O_A:
            c->impl[0] = nr_cli_enum(cli, v, impl_names) ? LCB_IMPL_RTL : LCB_IMPL_MODEL;
            break;
        case O_B:
            c->impl[1] = nr_cli_enum(cli, v, impl_names) ? LCB_IMPL_RTL : LCB_IMPL_MODEL;
            break;
        case O_LOCKSTEP: c->lockstep = 1; break;
        case O_WOF: a->wof = 1; break;
        case O_NOWOF: a->wof = 0; break;
        case O_WAVES: c->waves = v; break;
        case O_WFROM: c->waves_from = nr_cli_long(cli, v, 0, 2000000000L); break;
        case O_WTO: c->waves_to = nr_cli_long(cli, v, 0, 2000000000L); break;
        case O_WPORT: c->waves_port = nr_cli_enum(cli, v, port_names); break;
        case O_WDIR: a->wdir = v; break;
        case O_GRACE: c->div_grace = nr_cli_long(cli, v, 0, 1000000); break;
        default: break;
        }
        if (o >= 0 && o < O_COUNT) sim_note(a, o);
        if (sim_parse_link(cli, c, a, o, v)) continue;
        switch (o) {
        case O_CONFIG: a->config = v; break;
        case O_CFGFILE:
            a->cfg_file = v;
            a->cfg_file_set = 1;
            break;
        case O_VCS:
            a->up.num_vcs = (int)nr_cli_long(cli, v, 1, 4);
            a->have_p[0] = 1;
            break;
        case O_BUF:
            a->up.buf_per_vc = (int)nr_cli_long(cli, v, 8, 1023);
            a->have_p[1] = 1;
            break;
        case O_REPLAY:
            a->up.replay_depth = (int)nr_cli_long(cli, v, 8, 4096);
            a->have_p[2] = 1;
            break;
        case O_WINDOW:
            a->up.window = (int)nr_cli_long(cli, v, 2, 64);
            a->have_p[3] = 1;
            break;
        case O_MAXPKT:
            a->up.max_pkt_len = (int)nr_cli_long(cli, v, 2, 1023);
            a->have_p[4] = 1;
            break;
        case O_LINKCRC:
            a->up.link_crc_w = (int)nr_cli_long(cli, v, 16, 32);
            if (a->up.link_crc_w != 16 && a->up.link_crc_w != 32)
                nr_cli_die(cli, "--link-crc: expected 16 or 32, got '%s'", v);
            a->have_p[5] = 1;
            break;
        case O_LOAD:
            a->ep.inj.load = nr_cli_double(cli, v, 0, 1);
            a->load_set = 1;
            break;
        case O_PROC:
            a->ep.inj.kind = nr_cli_enum(cli, v, proc_names) ? NR_INJ_ONOFF : NR_INJ_BERNOULLI;
            break;
        case O_BURSTPK: a->ep.inj.burst = nr_cli_double(cli, v, 1, 1e6); break;
        case O_LEN:
            parse_len(cli, v, &a->ep.inj.len);
            a->len_set = 1;
            break;
        case O_SOFT: a->ep.soft = nr_cli_double(cli, v, 0, 1); break;
        case O_PROTO: a->ep.proto = nr_cli_double(cli, v, 0, 1); break;
        case O_IDLE: a->ep.idle = nr_cli_double(cli, v, 0, 1); break;
        case O_GAP: a->ep.gap = nr_cli_double(cli, v, 0, 0.99); break;
        case O_PROBE: a->ep.probe = nr_cli_double(cli, v, 0, 1); break;
        case O_BP: a->ep.bp = nr_cli_double(cli, v, 0, 0.99); break;
        case O_BPSTALL: a->ep.bp_stall = (int)nr_cli_long(cli, v, 1, 100000); break;
        case O_NORAH: a->ep.rah = 0; break;
        case O_DESTS: a->ep.ndest = (int)nr_cli_long(cli, v, 1, 1000); break;
        case O_SAT: a->ep.saturate = 1; break;
        case O_NOJUNK: a->ep.junk = 0; break;
        case O_PKTS: a->ep.max_pkts = nr_cli_long(cli, v, 1, 2000000000L); break;
        case O_ONEWAY: a->oneway = 1; break;
        case O_EXPDOWN: c->expect_down = 1; break;
        case O_RECBOUND: c->rec_bound = 1; break;
        case O_ROGUE: c->rogue_extra = (int)nr_cli_long(cli, v, 1, 1023); break;
        case O_DOWNWIN: c->down_window = 1; break;
        case O_XFAIL: a->xfail = v; break;
        case O_SELFTEST: {
            static const char *const kinds[] = {"corrupt", "drop",    "dup",
                                                "credit",  "diverge", NULL};
            char kb[32];
            const char *colon = strchr(v, ':');
            if (!colon || (size_t)(colon - v) >= sizeof kb)
                nr_cli_die(cli, "--selftest: expected KIND:CYCLE, got '%s'", v);
            memcpy(kb, v, (size_t)(colon - v));
            kb[colon - v] = 0;
            c->selftest = nr_cli_enum(cli, kb, kinds) + 1;
            c->selftest_cycle = nr_cli_long(cli, colon + 1, 0, 2000000000L);
            break;
        }
        case O_NOESC: c->no_escapes = 1; break;
        case O_MINNEST: c->min_nested = (int)nr_cli_long(cli, v, 0, 1000000000L); break;
        case O_QUIET: c->quiet = 1; break;
        case O_PROGRESS: c->progress = nr_cli_long(cli, v, 0, 2000000000L); break;
        case NR_CLI_ARG: nr_cli_die(cli, "unexpected argument '%s'", v);
        default: break;
        }
    }
}

/* Build-time parameters: RTL build > --config > defaults, then --vcs etc. */
static void sim_params(nr_cli_t *cli, lcb_tb_cfg *c, sim_args *a)
{
    char err[512];
    int any_rtl = c->impl[0] == LCB_IMPL_RTL || c->impl[1] == LCB_IMPL_RTL;
    if (a->cfg_file_set && !a->config) nr_cli_die(cli, "--cfg-file needs --config NAME");
    if (a->config && load_config(a->cfg_file, a->config, &c->p, a->config_name,
                                 sizeof a->config_name, err, sizeof err))
        nr_cli_die(cli, "--config %s: %s", a->config, err);
    if (any_rtl) {
        nr_lcb_params rp;
        char hint[1400];
        if (!lcb_port_have_rtl() || lcb_port_rtl_params(&rp)) {
            tb_prog_hint("lcb_sim", hint, sizeof hint);
            nr_cli_die(cli, "this binary has no RTL; --a/--b rtl need an RTL build: %s", hint);
        }
        if (a->config && memcmp(&rp, &c->p, sizeof rp)) {
            char prog[300];
            snprintf(prog, sizeof prog, "lcb_sim-%s", a->config_name);
            tb_prog_hint(prog, hint, sizeof hint);
            nr_cli_die(cli,
                       "--config %s does not match this binary's RTL build (NumVcs=%d "
                       "BufPerVc=%d ReplayDepth=%d Window=%d MaxPktLen=%d LinkCrcW=%d); use the "
                       "matching binary: %s",
                       a->config, rp.num_vcs, rp.buf_per_vc, rp.replay_depth, rp.window,
                       rp.max_pkt_len, rp.link_crc_w, hint);
        }
        c->p = rp;
    }
    if (a->have_p[0]) c->p.num_vcs = a->up.num_vcs;
    if (a->have_p[1]) c->p.buf_per_vc = a->up.buf_per_vc;
    if (a->have_p[2]) c->p.replay_depth = a->up.replay_depth;
    if (a->have_p[3]) c->p.window = a->up.window;
    if (a->have_p[4]) c->p.max_pkt_len = a->up.max_pkt_len;
    if (a->have_p[5]) c->p.link_crc_w = a->up.link_crc_w;
    if (any_rtl && (a->have_p[0] || a->have_p[1] || a->have_p[2] || a->have_p[3] || a->have_p[4] ||
                    a->have_p[5])) {
        nr_lcb_params rp;
        lcb_port_rtl_params(&rp);
        if (memcmp(&rp, &c->p, sizeof rp))
            nr_cli_die(
                cli,
                "--vcs/--buf/--replay/--window/--maxpkt/--link-crc differ from the RTL "
                "build's parameters (%d/%d/%d/%d/%d/%d); they apply to model<->model runs only",
                rp.num_vcs, rp.buf_per_vc, rp.replay_depth, rp.window, rp.max_pkt_len,
                rp.link_crc_w);
    }
    if (c->lockstep && !any_rtl)
        nr_cli_die(cli, "--lockstep needs an RTL port (--a rtl or --b rtl)");
    if (c->selftest == 5 && !c->lockstep) nr_cli_die(cli, "--selftest diverge needs --lockstep");
    c->c.max_len = (uint32_t)(a->maxlen > 0 ? a->maxlen : c->p.max_pkt_len);
    if ((int)c->c.max_len > c->p.max_pkt_len)
        nr_cli_die(cli, "--max-len %u above MaxPktLen %d", c->c.max_len, c->p.max_pkt_len);
}

/* Timeout, channels, endpoints and the last checks of the configuration. */
static void sim_finish(nr_cli_t *cli, lcb_tb_cfg *c, sim_args *a)
{
    char err[512];
    for (int d = 0; d < 2; d++)
        if (!a->lat_set[d]) a->lat[d] = a->lat_all > 0 ? a->lat_all : 16;
    if (!a->ber_set[0]) a->ber_d = a->ber_set[2] ? a->ber_all : 0;
    if (!a->ber_set[1]) a->ber_s = a->ber_set[2] ? a->ber_all : 0;
    /* the default lengths fit the link: uniform:4:19, or up to the max-len */
    if (!a->len_set && a->ep.inj.len.kind == NR_LEN_UNIFORM &&
        (int)c->c.max_len < a->ep.inj.len.b && (int)c->c.max_len >= a->ep.inj.len.a)
        a->ep.inj.len.b = (int)c->c.max_len;
    int rtt = lcb_tb_rtt_ack(&c->p, (int)(a->lat[0] > a->lat[1] ? a->lat[0] : a->lat[1]));
    if (a->timeout < 0) {
        a->timeout = 2L * (rtt + c->p.max_pkt_len);
        if (a->timeout > 65535) a->timeout = 65535;
    }
    c->c.timeout = (uint32_t)a->timeout;
    a->chc.ber_data = a->ber_d;
    a->chc.ber_sb = a->ber_s;
    if (!a->forgek_set) a->chc.ctl_forge_kind = LCB_FORGE_OUTRANGE;
    for (int d = 0; d < 2; d++) {
        c->ch[d] = a->chc;
        c->ch[d].latency = (int)a->lat[d];
        if ((a->errdir == 1 && d == 1) || (a->errdir == 2 && d == 0)) {
            lcb_ch_cfg_default(&c->ch[d]);
            c->ch[d].latency = (int)a->lat[d];
        }
        c->ep[d] = a->ep;
    }
    if (c->ch[0].n_sched_flip && a->errdir == 0) c->ch[1].n_sched_flip = 0; /* flips go A->B only */
    if (a->ep.saturate) c->ep[0].inj.load = c->ep[1].inj.load = 0;
    if (a->oneway) {
        c->ep[1].inj.load = 0;
        c->ep[1].saturate = 0;
    }
    if (!a->warmup_set) c->warmup = c->cycles / 10;
    sim_check_needs(cli, c, a);
    if (a->ep.saturate && a->load_set)
        fprintf(stderr, "lcb_sim: note: --load does not apply with --saturate (ignored)\n");
    if (c->waves && !lcb_port_rtl_traced() &&
        (c->impl[0] == LCB_IMPL_RTL || c->impl[1] == LCB_IMPL_RTL)) {
        char prog[300], hint[1400];
        const char *me = strrchr(cli->argv[0], '/');
        snprintf(prog, sizeof prog, "%s-trace", me ? me + 1 : cli->argv[0]);
        tb_prog_hint(prog, hint, sizeof hint);
        nr_cli_die(cli, "--waves: this binary's RTL build has no tracing; the traced one is %s",
                   hint);
    }
    if (lcb_tb_cfg_check(c, NULL, err, sizeof err)) nr_cli_die(cli, "%s", err);
}

int main(int argc, char **argv)
{
    lcb_tb_cfg c;
    lcb_tb_cfg_default(&c);
    c.div_grace = 20;
    nr_cli_t cli;
    nr_cli_init(&cli, "lcb_sim", "[options]", opts, argc, argv);
    sim_args a;
    sim_args_default(&a, &c);
    sim_parse(&cli, &c, &a);
    sim_params(&cli, &c, &a);
    sim_finish(&cli, &c, &a);

    char err[512];
    nr_cli_print_seed(stdout, "lcb_sim", c.seed);
    printf("lcb_sim: A=%s%s B=%s%s, NumVcs=%d BufPerVc=%d ReplayDepth=%d Window=%d MaxPktLen=%d "
           "LinkCrcW=%d, timeout %u retry-limit %u max-len %u, latency %d/%d (RTT_ack %d/%d)\n",
           c.impl[0] == LCB_IMPL_RTL ? "rtl" : "model",
           c.lockstep && c.impl[0] == LCB_IMPL_RTL ? "+shadow" : "",
           c.impl[1] == LCB_IMPL_RTL ? "rtl" : "model",
           c.lockstep && c.impl[1] == LCB_IMPL_RTL ? "+shadow" : "", c.p.num_vcs, c.p.buf_per_vc,
           c.p.replay_depth, c.p.window, c.p.max_pkt_len, c.p.link_crc_w == 32 ? 32 : 16,
           c.c.timeout, c.c.retry_limit, c.c.max_len, c.ch[0].latency, c.ch[1].latency,
           lcb_tb_rtt_ack(&c.p, c.ch[0].latency), lcb_tb_rtt_ack(&c.p, c.ch[1].latency));
    lcb_tb_cfg_check(&c, stdout, err, sizeof err);
    fflush(stdout);
    lcb_tb_res r;
    int rc = lcb_tb_run(&c, &r, stdout, err, sizeof err);
    if (rc == 2) return nr_out_bad("lcb_sim", err);
    lcb_tb_print_result(stdout, &c, &r);
    if (c.waves && r.waves == 0 && r.pass) {
        /* the window was asked for and the run ended before it */
        fflush(stdout);
        fprintf(stderr,
                "lcb_sim: --waves-from %" PRId64 ": the run ended at cycle %" PRId64
                " before the window opened; no FST written\n",
                c.waves_from, r.cycles_run);
        return nr_out_stdout("lcb_sim", 2);
    }
    if (r.diverged && a.wof && !c.waves) {
        fflush(stdout);
        waves_rerun(argc, argv, &c, &r, a.wdir);
    }
    if (rc && !r.pass) printf("lcb_sim: FAIL, seed %" PRIu64 "\n", c.seed);
    if (a.xfail) {
        if (rc) {
            printf("lcb_sim: expected failure %s reproduced (exit 0); remove --xfail once it is "
                   "fixed\n",
                   a.xfail);
            return nr_out_stdout("lcb_sim", 0);
        }
        printf("lcb_sim: --xfail %s: the run PASSED, so the known bug is gone: drop --xfail (exit "
               "1)\n",
               a.xfail);
        return nr_out_stdout("lcb_sim", 1);
    }
    return nr_out_stdout("lcb_sim", rc);
}
