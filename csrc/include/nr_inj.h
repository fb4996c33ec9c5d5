/* nr_inj.h - per-source injection processes and packet-length distributions.
 *
 * Offered load `load` is in phits/cycle/port. Each source owns an unbounded
 * FIFO (the source queue, as in H&P's methodology): the process appends
 * packets at generation time whether or not the network takes them, so the
 * offered load is honoured at any load, and the testbench pops the head
 * packet when the injection channel is free. The maximum depth is recorded.
 *
 * Processes (mean packet length Lm = nr_lendist_mean()):
 *   bernoulli  each cycle a packet is generated with probability
 *              p = load / Lm (one trial per cycle, independent of the queue).
 *   onoff      two-state Markov-modulated Bernoulli. In ON a packet is
 *              generated with probability p_on = peak / Lm per cycle (peak =
 *              offered rate while ON, default 1 phit/cycle); OFF generates
 *              nothing. After the generation trial of a cycle, ON -> OFF with
 *              probability beta and OFF -> ON with probability alpha:
 *                  beta  = p_on / B          (B = mean burst, packets per ON period)
 *                  pi_on = load / peak       (stationary fraction of cycles ON)
 *                  alpha = beta * pi_on / (1 - pi_on)
 *              so mean load = pi_on * p_on * Lm = load and ON periods last
 *              1/beta cycles and carry B packets on average. The initial state
 *              is ON with probability pi_on (stationary from cycle 0).
 *              alpha must be <= 1, i.e. B >= p_on * pi_on / (1 - pi_on);
 *              otherwise init fails. load == peak means always ON.
 *
 * Length distributions:
 *   fixed    L = a
 *   uniform  L uniform on [a, b] (inclusive)
 *   bwmix    BlackWidow-like request/response mix, each class 1/4:
 *              read request 4 phits VC0, write request 19 phits VC0,
 *              read response 19 phits VC1, write ack 4 phits VC1  (Lm = 11.5)
 *            Classes are drawn independently: in a single-router experiment
 *            nothing answers a request, the mix only exercises both VCs.
 * For fixed and uniform the VC is uniform on [0, num_vcs) (num_vcs 0 = 1).
 *
 * Randomness: source `src` draws timing, length and VC from stream
 * NR_RNG_STREAM(NR_RNG_P_INJECT, src) and destinations from stream
 * NR_RNG_STREAM(NR_RNG_P_DEST, src), so sources are independent.
 */
#ifndef NR_INJ_H
#define NR_INJ_H
#include <stddef.h>
#include <stdint.h>
#include "nr_rng.h"
#include "nr_traffic.h"

typedef enum { NR_LEN_FIXED, NR_LEN_UNIFORM, NR_LEN_BWMIX, NR_LEN_COUNT } nr_len_kind_t;
typedef enum { NR_INJ_BERNOULLI, NR_INJ_ONOFF, NR_INJ_COUNT } nr_inj_kind_t;

/* Packet classes (the bwmix classes; fixed/uniform packets are DATA). */
typedef enum {
    NR_CLS_DATA,
    NR_CLS_READ_REQ,  /* 4 phits, VC0 */
    NR_CLS_WRITE_REQ, /* 19 phits, VC0 */
    NR_CLS_READ_RESP, /* 19 phits, VC1 */
    NR_CLS_WRITE_ACK, /* 4 phits, VC1 */
    NR_CLS_COUNT
} nr_pkt_cls_t;

typedef struct {
    nr_len_kind_t kind;
    int a, b;    /* fixed: a; uniform: [a, b]; bwmix: unused */
    int num_vcs; /* fixed/uniform: VC uniform on [0, num_vcs); 0 means 1 */
} nr_lendist_t;

typedef struct {
    nr_inj_kind_t kind;
    double load;  /* offered load, phits/cycle/port, [0, 1] */
    double burst; /* onoff: mean packets per ON period, >= 1 */
    double peak;  /* onoff: phits/cycle while ON, (0, 1]; 0 means 1 */
    nr_lendist_t len;
} nr_inj_cfg_t;

/* One generated packet, as stored in the source queue. */
typedef struct {
    uint64_t gen_cycle; /* cycle it was generated (latency starts here) */
    uint64_t id;        /* per-source packet number, from 0 */
    int len, vc, dest;  /* dest = -1 when no pattern was given to tick() */
    nr_pkt_cls_t cls;
} nr_inj_pkt_t;

typedef struct {
    nr_inj_cfg_t cfg;
    int src;
    nr_rng_t rng, drng; /* timing/length stream, destination stream */
    double p;           /* bernoulli: p; onoff: p_on */
    double alpha, beta; /* onoff transition probabilities */
    int on;             /* onoff state */
    nr_inj_pkt_t *q;    /* source queue: ring buffer */
    size_t qcap, qhead, qlen;
    uint64_t qphits; /* phits in the queue */
    /* counters */
    uint64_t cycles; /* tick() calls */
    uint64_t gen_pkts, gen_phits;
    uint64_t on_cycles;  /* onoff: cycles spent ON */
    uint64_t on_periods; /* onoff: ON periods entered (the initial one included) */
    size_t max_depth;    /* max queue depth, packets */
    uint64_t max_depth_phits;
    /* Bernoulli lookahead (speed only): the draws of the next la_n ticks are
     * made and fail; la_hit: the tick after them succeeds, its draw made.
     * la_base is the stream before the lookahead, la_used its ticks taken
     * (nr_inj_gen puts the stream back where the ticks so far leave it). */
    uint64_t la_n, la_used;
    int la_hit;
    nr_rng_t la_base;
} nr_inj_t;

/* Mean length in phits of a distribution. */
double nr_lendist_mean(const nr_lendist_t *d);
/* Validate a distribution; 0 or -1 with a message in err. */
int nr_lendist_check(const nr_lendist_t *d, char *err, size_t errlen);
/* The command-line form of a distribution into d->kind, d->a, d->b:
 * "fixed:L", "uniform:A:B" or "bw" ("bwmix" too), each length an integer in
 * [lo, NR_PKT_LEN_LIMIT] (decimal or 0x hex; lo: the shortest packet the
 * caller builds, 4 for a tagged one), A <= B. 0, or -1
 * with "expected fixed:L, uniform:A:B or bw, got 'x'", "expected an integer
 * in [4, 1024], got 'y'" or "expected A <= B ..." in err. */
int nr_lendist_parse(const char *s, int lo, nr_lendist_t *d, char *err, size_t n);
/* Draw one packet's length, VC and class from r. Call once per packet. */
void nr_lendist_draw(const nr_lendist_t *d, nr_rng_t *r, int *len, int *vc, nr_pkt_cls_t *cls);

/* Set up source `src` of a run seeded with `seed`. Returns 0, or -1 with a
 * message in err for an out-of-range or infeasible configuration (a CLI
 * exits 2 on it). Call once per source; pair with nr_inj_free(). */
int nr_inj_init(nr_inj_t *s, const nr_inj_cfg_t *cfg, uint64_t seed, int src, char *err,
                size_t errlen);
void nr_inj_free(nr_inj_t *s);

/* Advance the process by one cycle (call exactly once per cycle, with the
 * current cycle number). If a packet is generated it is appended to the
 * source queue with gen_cycle = cycle and, if tp != NULL, a destination from
 * nr_traffic_dest(tp, src, own stream). Returns 1 if a packet was generated,
 * 0 if not, -1 if the queue could not grow (out of memory). */
int nr_inj_tick(nr_inj_t *s, uint64_t cycle, nr_traffic_t *tp);
/* Generate one packet now, whatever the process says (a batch: every source
 * queues B packets at once, seed 002 Fig 5), as nr_inj_tick does when its
 * process fires; the process does not advance. Returns 1, or -1 (memory). */
int nr_inj_gen(nr_inj_t *s, uint64_t cycle, nr_traffic_t *tp);
/* Oldest packet of the source queue, or NULL if empty. */
const nr_inj_pkt_t *nr_inj_peek(const nr_inj_t *s);
/* Remove the oldest packet (when the testbench starts sending it). */
void nr_inj_pop(nr_inj_t *s);
/* Packets waiting in the source queue. */
size_t nr_inj_depth(const nr_inj_t *s);

/* Names for CLIs: "bernoulli", "onoff"; "fixed", "uniform", "bwmix";
 * NULL-terminated lists in enum order, and the class names. */
const char *const *nr_inj_kind_names(void);
const char *const *nr_len_kind_names(void);
const char *nr_pkt_cls_name(nr_pkt_cls_t c);

#endif
