/* nr_rng.h - seeded pseudo-random numbers for the testbench and the model.
 *
 * Generator: xoshiro256** 1.0 (Blackman and Vigna), its 256-bit state filled
 * from a 64-bit seed by four outputs of splitmix64. All state is in nr_rng_t;
 * there are no globals, and the same seed always gives the same sequence.
 *
 * Sub-streams: nr_rng_stream(seed, id) seeds a generator from a value derived
 * from (seed, id) by two bijective splitmix64 finalizer steps:
 *     d = mix64(seed ^ mix64(id ^ NR_RNG_STREAM_KEY)),  then nr_rng_seed(d).
 * For a fixed seed, distinct ids always give distinct d, so each port or
 * purpose draws from its own generator and never depends on how many numbers
 * another stream has consumed. Stream ids are built with NR_RNG_STREAM(purpose,
 * index) from the purposes listed below, so two modules never share a stream.
 */
#ifndef NR_RNG_H
#define NR_RNG_H
#include <stdint.h>

typedef struct {
    uint64_t s[4];
} nr_rng_t;

/* Stream id = purpose in the high 32 bits, index (port, source...) in the low. */
#define NR_RNG_STREAM(purpose, index) (((uint64_t)(purpose) << 32) | (uint64_t)(uint32_t)(index))
enum {
    NR_RNG_P_INJECT = 1,       /* nr_inj: packet timing, length, VC per source */
    NR_RNG_P_DEST = 2,         /* nr_inj: destination draws per source */
    NR_RNG_P_TRAFFIC = 3,      /* nr_traffic: pattern set-up (random permutation) */
    NR_RNG_P_IDLE = 4,         /* testbench: random source idles per port */
    NR_RNG_P_BACKPRESSURE = 5, /* testbench: random sink backpressure per port */
    NR_RNG_P_ERROR = 6,        /* testbench: error injection per link */
    NR_RNG_P_USER = 16         /* first purpose free for other users */
};
#define NR_RNG_STREAM_KEY 0x6A09E667F3BCC909ull /* frac(sqrt 2), any odd constant */

/* splitmix64 finalizer: a bijective 64-bit mixing function. Call it to hash a
 * value (the packet builder derives payload from it). */
uint64_t nr_rng_mix64(uint64_t x);

/* One step of splitmix64: advance *state by the golden gamma and return the
 * mixed value. Exposed for the known-answer test and for seeding. */
uint64_t nr_rng_splitmix64(uint64_t *state);

/* Seed a generator from a 64-bit seed (any value, 0 included). Call once
 * before drawing; calling again restarts the sequence. */
void nr_rng_seed(nr_rng_t *r, uint64_t seed);

/* Seed a generator as sub-stream `stream` of `seed` (see top of file). Call
 * once per port or purpose, with stream = NR_RNG_STREAM(purpose, index). */
void nr_rng_stream(nr_rng_t *r, uint64_t seed, uint64_t stream);

/* Next 64-bit output of xoshiro256**. Every other draw is built on this. */
uint64_t nr_rng_u64(nr_rng_t *r);

/* Next 32-bit value: the upper 32 bits of one nr_rng_u64 draw. */
uint32_t nr_rng_u32(nr_rng_t *r);

/* Unbiased integer uniform in [0, n) by rejection (draws below 2^64 mod n are
 * rejected and redrawn), so the number of draws consumed varies but is fully
 * determined by the seed. n == 0 returns 0 and consumes nothing. */
uint64_t nr_rng_below(nr_rng_t *r, uint64_t n);

/* Double uniform in [0, 1) with 53 random bits: (u64 >> 11) * 2^-53. */
double nr_rng_double(nr_rng_t *r);

/* Bernoulli trial: returns 1 with probability p (p <= 0 never, p >= 1
 * always). Always consumes exactly one draw, whatever p is, so streams stay
 * aligned when a probability changes. */
int nr_rng_bernoulli(nr_rng_t *r, double p);

#endif
