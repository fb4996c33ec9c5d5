/* nr_stats.h - measurement phases, load and latency statistics.
 *
 * Phases (cycles counted from 0):
 *   warm-up      [0, W)            nothing measured
 *   measurement  [W, W+M)          packets *generated* here are labeled
 *   drain        [W+M, W+M+D)      runs until every labeled packet has been
 *                                  delivered (or dropped on purpose), at most D
 *                                  cycles; hitting D is reported
 * Loads, in phits/cycle/port (M cycles x nports in the denominator):
 *   offered   phits of packets generated during the measurement window
 *   accepted  phits of packets whose tail left an output during the window
 * Latency of a labeled packet = tail cycle - generation cycle: from the
 * cycle the source process created it (entering the unbounded source queue)
 * to the cycle its EOP phit left the output. It therefore includes source
 * queueing and grows without bound past saturation (H&P's methodology).
 * Optionally a network latency (tail - cycle the head entered the DUT) is
 * kept as a second sample set.
 * Percentiles are nearest-rank: the p-th percentile of N sorted samples
 * x[1..N] is x[ceil(p/100 * N)] (x[1] for p = 0), always an observed value.
 * Mean, percentiles and max come from the stored samples (one uint32 each).
 */
#ifndef NR_STATS_H
#define NR_STATS_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    uint64_t warmup;      /* W */
    uint64_t measure;     /* M, >= 1 */
    uint64_t drain_limit; /* D */
    int nports;           /* ports (sources) the loads are averaged over */
    uint64_t bin_width;   /* histogram bin width, cycles (0 means 1) */
} nr_stats_cfg_t;

typedef enum { NR_PH_WARMUP, NR_PH_MEASURE, NR_PH_DRAIN, NR_PH_DONE } nr_phase_t;

/* Latency samples, kept as a count per value: cnt[x] samples of x cycles for
 * x < ncnt (grown to the largest value seen, up to NR_STATS_DENSE_MAX), and
 * the rarer larger values one by one in big[]. Percentiles, min, max and the
 * histogram come out exactly as from the sorted list of samples, and memory
 * follows the largest latency, not the number of packets. */
#define NR_STATS_DENSE_MAX (1u << 22)
typedef struct {
    uint64_t *cnt;
    size_t ncnt;
    uint32_t *big;
    size_t nbig, capbig;
    int big_sorted;
    uint64_t n; /* samples */
    uint64_t sum;
    uint64_t lost; /* out of memory: not kept (n and sum still count them) */
} nr_samples_t;

typedef struct {
    nr_stats_cfg_t cfg;
    uint64_t off_phits, off_pkts; /* generated in the window */
    uint64_t acc_phits, acc_pkts; /* delivered (tail) in the window */
    uint64_t *acc_port;           /* accepted phits per port */
    uint64_t labeled;             /* packets generated in the window */
    uint64_t labeled_delivered, labeled_dropped;
    nr_samples_t lat, net; /* total latency, network latency (labeled) */
    int done, drained, drain_timeout;
    uint64_t end_cycle; /* cycle nr_stats_done() first returned 1 */
} nr_stats_t;

typedef struct {
    double offered, accepted; /* phits/cycle/port */
    double accepted_min_port, accepted_max_port;
    uint64_t labeled, delivered, dropped, outstanding;
    int drained, drain_timeout;
    uint64_t drain_cycles; /* cycles spent in drain */
    uint64_t n;            /* latency samples */
    double mean;
    uint32_t min, p50, p99, max;
    uint64_t net_n;
    double net_mean;
    uint32_t net_p50, net_p99, net_max;
} nr_stats_summary_t;

/* The most ports a run averages over: a network's 32768 nodes with a port
 * into each of 8 planes (tb/catalog/topo.h). */
#define NR_STATS_MAX_PORTS 262144
/* Set up a run. Returns 0, or -1 with a message in err (measure 0, nports
 * out of range). Call once; pair with nr_stats_free(). */
int nr_stats_init(nr_stats_t *st, const nr_stats_cfg_t *cfg, char *err, size_t errlen);
void nr_stats_free(nr_stats_t *st);

/* Phase of `cycle`. Call whenever the testbench needs to know. */
nr_phase_t nr_stats_phase(const nr_stats_t *st, uint64_t cycle);
const char *nr_stats_phase_name(nr_phase_t ph);
/* 1 if a packet generated at gen_cycle is labeled (in the window). */
int nr_stats_is_labeled(const nr_stats_t *st, uint64_t gen_cycle);

/* A source generated a packet of len phits at gen_cycle (call at generation,
 * together with nr_inj_tick). Counts offered load and labeled packets. */
void nr_stats_generated(nr_stats_t *st, int port, int len, uint64_t gen_cycle);
/* A packet generated at gen_cycle, whose head entered the DUT at inj_cycle
 * (UINT64_MAX if unknown), had its tail leave output `port` at tail_cycle.
 * Counts accepted load; stores latency samples if it is labeled. */
void nr_stats_delivered(nr_stats_t *st, int port, int len, uint64_t gen_cycle, uint64_t inj_cycle,
                        uint64_t tail_cycle);
/* A packet generated at gen_cycle will never be delivered on purpose (e.g. a
 * soft error the testbench injected): it no longer holds up the drain. */
void nr_stats_dropped(nr_stats_t *st, uint64_t gen_cycle);
/* Call once per cycle after the cycle's deliveries: returns 1 when the run
 * may stop - after the window, once every labeled packet is delivered or
 * dropped (drained), or when the drain limit is reached (drain_timeout). */
int nr_stats_done(nr_stats_t *st, uint64_t cycle);

/* Nearest-rank percentile of n sorted samples (0 if n == 0). */
uint32_t nr_percentile(const uint32_t *sorted, size_t n, double p);
/* Fill *s (sorts the stored samples). Call at the end of the run. */
void nr_stats_summary(nr_stats_t *st, nr_stats_summary_t *s);
/* Print the summary as readable text. */
void nr_stats_print(nr_stats_t *st, FILE *f);
/* Latency histogram with cfg.bin_width: text (one line per bin from 0 to the
 * max sample, "[lo, hi) count bar") or, if csv, "lat_lo,lat_hi,count" rows
 * under a header line. Network latency if net is 1. */
void nr_stats_hist_print(nr_stats_t *st, FILE *f, int csv, int net);

#endif
