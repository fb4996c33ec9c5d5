/* harness.h - one router under test with an endpoint on every port.
 *
 * Per port the harness has a traffic source (pattern + injection process +
 * length distribution, unbounded source queue, tagged packets from nr_pkt)
 * and a sink. With LCBs (use_lcb = 1) each router port is wired over two C
 * channels (tb/common/channel.h: latency and optional error injection) to a peer
 * NIC whose link layer is the C LCB model (nr_lcbp): the source feeds the
 * NIC's TX, the sink drains the NIC's input queue. Bare (use_lcb = 0), the
 * source drives in_valid/in_phit against per-VC credits from in_cr, and the
 * sink takes out_valid/out_phit and returns out_cr after a random delay.
 *
 * Every packet goes through the scoreboard (nr_sb). Packets deliberately sent
 * to unroutable destinations are not expected at any output; the router must
 * drop each of them with RT_DROP/NO_ROUTE at its input, and the drop counts
 * are matched per input port at the end.
 *
 * Lockstep: the RTL and the C model get identical inputs every cycle; the
 * RTL's outputs drive the testbench, and every field of nr_rtr_out is
 * compared on every port. The first difference stops the run with a report.
 *
 * Phases: configuration (routing tables through the config port), warm-up,
 * measurement (packets generated in it are labelled), drain (generation goes
 * on until every labelled packet is delivered, at most drain_max cycles),
 * then the end: source queues are emptied (never-injected packets are simply
 * forgotten), error injection is switched off, and the network must drain
 * within flush_max cycles: every expected packet delivered, every credit
 * back, no model error.
 */
#ifndef RTR_HARNESS_H
#define RTR_HARNESS_H
#include <stdint.h>
#include <stdio.h>

#include "common/channel.h"
#include "nr_inj.h"
#include "nr_traffic.h"
#include "catalog/org.h"

/* SELF: lockstep of the C model against a second instance of itself, to test
 * the comparison and its report (with fault_cycle, one output bit of the
 * second instance is flipped on purpose). */
typedef enum { RTR_RUN_MODEL, RTR_RUN_RTL, RTR_RUN_LOCKSTEP, RTR_RUN_SELF } rtr_run_kind;

typedef struct {
    const rtr_org *org;
    rtr_namedcfg cfg;
    rtr_run_kind impl;
    uint64_t seed;
    nr_traffic_cfg_t tp; /* kind and hotspot fields; k, rows, cols filled in */
    nr_inj_cfg_t inj;    /* process, load, length distribution */
    double unroutable;   /* fraction of packets sent to an unroutable dest */
    double malformed;    /* bare only: fraction of packets replaced by a malformed
                              * one (short header, bad VC, reserved bits, bad
                              * source route), each dropped with its reason */
    double hdr_mix;      /* fraction of packets with r=1 and/or h=1 header phits */
    double adaptive;     /* fraction of packets with a=1 (adaptive where the switch can) */
    int src_vc_free;     /* --src-vc free: a packet goes on the VC with the most credits */
    double src_idle;     /* per-cycle probability a source leaves a gap */
    double sink_bp;      /* per-cycle probability a sink stalls */
    nr_route_mode route;
    int fb_alg, fb_dims;       /* --route fbfly: FB_CTRL.alg, dimensions (rtr_geom's fb_*) */
    unsigned fb_me, fb_charge; /* ... this router's id, FB_CHARGE */
    unsigned det_vcs;          /* DET_VCS (rtr_geom's det_vcs; --det-vcs) */
    unsigned up_sel;           /* UP_SEL (rtr_geom's up_sel; --up-sel) */
    nr_route_upstat *upstat;   /* counts of the route check (org->port_ok), NULL: none */
    lcb_ch_cfg ch;             /* link latency and error injection (use_lcb) */
    nr_lcb_cfg lcfg;           /* LCB run-time configuration (router and NICs) */
    uint64_t warmup, measure, drain_max, flush_max;
    int hot_port;   /* the first hot output (-1: none) */
    int nhot_ports; /* the hot outputs whose per-input shares are reported */
    int hot_ports[NR_MAX_PORTS];
    double share_tol;             /* >0: fail if an input's share deviates more (relative) */
    int hist;                     /* phits of per-port history printed on a divergence */
    int64_t trace_from, trace_to; /* FST window (RTL runs), -1 = no trace */
    const char *trace_path;
    int progress;        /* print progress lines */
    int no_escapes;      /* a CRC escape fails the run */
    int e2e;             /* sources append the end-to-end check, sinks check it */
    int digest;          /* hash every cycle's router inputs and outputs and NIC
                              * outputs into rtr_result.digest */
    int64_t fault_cycle; /* SELF/LOCKSTEP: flip a bit of the DUT's output here (-1 none) */
    int fault_port;
} rtr_opts;

/* Results of one run. */
typedef struct {
    int pass;
    uint64_t cycles;
    double offered, accepted; /* phits/cycle/port in the measurement window */
    uint64_t measured_pkts, unfinished;
    double lat_mean, lat_p50, lat_p99, lat_max; /* generation -> tail at sink, cycles */
    double rlat_mean, rlat_min;     /* router head-in -> head-out (no link errors), cycles */
    uint64_t retries;               /* sum of TX_REPLAY over all LCBs (router and NICs) */
    uint64_t drops, drops_expected; /* RT_DROP events; unroutable packets injected */
    uint64_t bad_discards;          /* packets discarded at sinks as transmit/soft error */
    uint64_t out_gaps, sink_phits;  /* window: sink cycles without a phit inside a packet;
                                     * phits at the sinks */
    uint64_t mismatches;            /* lockstep divergences (the run stops at the first) */
    int64_t div_cycle;              /* cycle of the first divergence, -1 if none */
    uint64_t sb_errors;
    double share_min, share_max;          /* hotspot: min/max input share over the hot outputs */
    double jain;                          /* hotspot: the lowest Jain's fairness index of them */
    double share[NR_MAX_PORTS];           /* ... the shares of the first hot output */
    double cycles_per_s, phit_hops_per_s; /* per CPU second of this process */
    double wall_s, cpu_s;
    uint64_t phit_hops; /* phits that crossed the router (output side) */
    /* Link errors (tb/common/linkmon.h), over the 2 * ports links */
    uint64_t err_link_cycles; /* link-cycles with error injection on */
    uint64_t escapes;         /* packets accepted over damaged link cycles */
    uint64_t ctl_escapes;     /* control words accepted over damaged C bits */
    uint64_t cw_damaged;      /* damaged control words delivered to a receiver */
    uint64_t dmg_checked, dmg_frame, dmg_detected, dmg_ooo; /* damaged packets at an EOP; of
                                    * them framing changed, surely detected, out of order */
    double exp_escapes;  /* analytic expectation of packet escapes */
    int64_t esc_cycle;   /* first escape, -1: none (after it only the lockstep is judged) */
    uint64_t after_esc;  /* checks that fired after it (not judged) */
    uint64_t e2e_caught; /* --e2e: damaged packets the destination discarded */
    uint64_t residual;   /* packets delivered as healthy with wrong content */
    uint64_t digest;     /* --digest: hash of every cycle's router inputs and
                                    * outputs (the DUT's) and NIC outputs */
    int trace;           /* FST window (trace_path): 0 not asked, 1 written, -1 the run
                          * ended before it opened, -2 writing it failed (trace_err) */
    char trace_err[1200];

    /* VaHop (nwn-arch 1.7): packets delivered on the next class, on the last kept */
    uint64_t va_up, va_kept;
} rtr_result;

/* Run one simulation. Returns 0 on a completed run (pass or fail in r->pass),
 * -1 on a set-up error (message in err). Progress and reports go to `out`. */
int rtr_run(const rtr_opts *o, rtr_result *r, FILE *out, char *err, int errlen);

/* Decode a core phit ("HEAD dest=5 vc=1 r=0 a=0 h=0", "BODY 0x123456",
 * "EOP ok=0 crc=0xbeef") into buf. */
void rtr_fmt_core(uint32_t ph, char *buf, int n);

#endif
