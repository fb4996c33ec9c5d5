/* lcb_tb.h - two LCB ports (A and B) connected by a C channel in each
 * direction, each with a traffic source and a sink, and the checks.
 *
 *      src A -> [port A] --chan AB--> [port B] -> sink B
 *     sink A <- [port A] <--chan BA-- [port B] <- src B
 *
 * One cycle t:
 *   1. each port's link_rx = what its incoming channel delivers in cycle t;
 *   2. peek both ports (state-only outputs), let each endpoint choose its
 *      tx/rd inputs from them;
 *   3. eval both ports (lockstep ports compare with their shadow model);
 *   4. endpoints account for what was taken and read; invariants;
 *   5. link_tx of each port goes into its outgoing channel; tick both.
 *
 * Phases: main [0, cycles) with traffic generation and error injection, then
 * drain: no generation, no errors, no backpressure, until quiescence (every
 * packet delivered, every credit back, control channel in sync) or the drain
 * limit. Goodput and latency are measured in [warmup, cycles).
 */
#ifndef LCB_TB_H
#define LCB_TB_H
#include <stdint.h>
#include <stdio.h>

#include "common/channel.h"
#include "endpoint.h"
#include "common/lcb_rtt.h"
#include "nr_lcb.h"
#include "port.h"

typedef struct {
    uint64_t seed;
    nr_lcb_params p;
    nr_lcb_cfg c;
    lcb_impl impl[2];             /* A, B */
    int lockstep;                 /* shadow every RTL port with a model */
    lcb_ch_cfg ch[2];             /* [0] A->B, [1] B->A */
    lcb_ep_cfg ep[2];             /* [0] source A / sink A, [1] B */
    int64_t cycles;               /* main phase */
    int64_t warmup;               /* goodput/latency window starts here */
    int64_t drain;                /* drain limit, cycles */
    int64_t watchdog;             /* no progress for this long while pending: fail */
    int expect_down;              /* the run must end with a port's link down */
    int rec_bound;                /* every recovery must end within lcb_tb_rec_bound() (protocol
                               * 7.7; single --flip-at errors only) */
    int rogue_extra;              /* a rogue peer: port A (a model) believes B's BufPerVc is this
                               * much larger and overdraws B's input queue (0: off) */
    int down_window;              /* link_down must rise within lcb_tb_down_window() of the
                               * one scheduled outage (protocol 7.6) */
    int min_nested;               /* require at least this many replays-after-replay */
    const char *waves;            /* FST path, or NULL */
    int waves_port;               /* 0 = A, 1 = B, -1 = first RTL port */
    int64_t waves_from, waves_to; /* trace window (to < 0: to the end) */
    int64_t div_grace;            /* cycles to run on after a lockstep divergence */
    int selftest; /* checker self-test: 0 none, 1 corrupt, 2 drop, 3 dup (sink of B),
                                 4 credit (a phantom freed credit), 5 diverge (lockstep) */
    int64_t selftest_cycle;
    int no_escapes; /* a CRC escape fails the run */
    int quiet;      /* no progress lines */
    int progress;   /* print a progress line every this many cycles (0 off) */
} lcb_tb_cfg;

/* Per-port, per-direction results, filled by lcb_tb_run. */
typedef struct {
    uint64_t ev[NR_EV_COUNT]; /* event counts */
    uint64_t replay_nack, replay_timeout, replay_other;
    uint64_t nested_replays;   /* replays with no TX_ACK since the previous replay */
    uint64_t recoveries;       /* RX: first RX_CRC after an RX_OK ... */
    uint64_t rec_sum, rec_max; /* ... to the next RX_OK, cycles */
    int64_t down_cycle;        /* cycle link_down rose, -1 never */
    int64_t down_lo, down_hi;  /* with down_window: the documented window */
} lcb_port_res;

typedef struct {
    int pass;
    int diverged; /* lockstep divergence */
    int div_port;
    int64_t div_cycle;
    int64_t cycles_run; /* total, drain included */
    int waves;          /* --waves: 1 the FST window was written */
    int64_t drain_cycles;
    int quiescent;
    uint64_t err_link_cycles; /* sum over directions of cycles with error injection on */
    lcb_port_res port[2];
    uint64_t debits[2][NR_LCB_MAX_VCS], freed[2][NR_LCB_MAX_VCS]; /* per direction */
    double goodput_ll[2], goodput_pay[2]; /* phits/cycle per direction (receiver side) */
    double seconds;                       /* CPU time of the process, s */
    double wall;                          /* wall-clock time, s */
    uint64_t sb_errors;
    uint64_t lost_to_down;
    uint64_t escapes;            /* CRC escapes, both directions (oracle + explained) */
    uint64_t escapes_classified; /* checks that fired and an escape explains */
    uint64_t dmg_checked;        /* packets with damaged CRC-covered bits checked at an EOP */
    uint64_t dmg_frame;          /* ... of them with framing changed or erased phits */
    uint64_t dmg_detected;       /* ... of them that a CRC-16 detects for sure */
    uint64_t dmg_ooo;            /* ... of them out of order (behind a bad packet) */
    double exp_escapes;          /* analytic expectation of escapes (docs/lcb-testbench.md) */
    uint64_t ctl_escapes;        /* damaged control words that were accepted */
    uint64_t ctl_effects;        /* credit-check windows explained by such words */
    uint64_t forged_words, forged_delivered, forged_rejected, forged_accepted;
    uint64_t clean_rejected;   /* undamaged, not forged words rejected (CTL_REJECT) */
    uint64_t neg_credits;      /* sender cycles with a VC's credits < 0 (owed > BufPerVc) */
    uint64_t neg_episodes;     /* ... times a VC's credits went from >= 0 to < 0 */
    int64_t escape_cycle;      /* the run ended at this CRC escape, -1 if none */
    uint64_t rogue_cuts;       /* --rogue-extra: packets B's queue cut (INQ_OVF) */
    uint64_t rogue_cut_phits;  /* ... their phits, whose credits B withholds */
    double lat_mean, net_mean; /* window packets: from generation, from head taken */
    uint32_t lat_max, net_max, lat_p99, net_p99;
} lcb_tb_res;

/* One "lcb_result key=value ..." line for scripts (sweeps, CI tallies). */
void lcb_tb_print_result(FILE *f, const lcb_tb_cfg *c, const lcb_tb_res *r);

/* Defaults: model<->model, default parameters, clean link, latency 16. */
void lcb_tb_cfg_default(lcb_tb_cfg *c);
/* Check a configuration (also warns about the sizing rules of protocol
 * section 11 on `warn`). 0 or -1 with a message. */
int lcb_tb_cfg_check(const lcb_tb_cfg *c, FILE *warn, char *err, int errlen);
/* Run. Prints failures and the summary to out. Returns 0 on PASS, 1 on FAIL,
 * 2 if the run could not be set up (message in err). */
int lcb_tb_run(const lcb_tb_cfg *c, lcb_tb_res *r, FILE *out, char *err, int errlen);
/* lcb_tb_wbits, lcb_tb_rtt_ack and the sizing warnings: lcb_rtt.h. */

#endif
