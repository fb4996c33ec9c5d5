/* rng.c - xoshiro256** seeded through splitmix64. See nr_rng.h. */
#include "nr_rng.h"

#define SPLITMIX_GAMMA 0x9E3779B97F4A7C15ull

uint64_t nr_rng_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t nr_rng_splitmix64(uint64_t *state)
{
    *state += SPLITMIX_GAMMA;
    return nr_rng_mix64(*state);
}

void nr_rng_seed(nr_rng_t *r, uint64_t seed)
{
    uint64_t sm = seed;
    for (int i = 0; i < 4; i++) r->s[i] = nr_rng_splitmix64(&sm);
    /* splitmix64 never yields four zero words in a row, so the state is valid. */
}

void nr_rng_stream(nr_rng_t *r, uint64_t seed, uint64_t stream)
{
    nr_rng_seed(r, nr_rng_mix64(seed ^ nr_rng_mix64(stream ^ NR_RNG_STREAM_KEY)));
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t nr_rng_u64(nr_rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t nr_rng_u32(nr_rng_t *r) { return (uint32_t)(nr_rng_u64(r) >> 32); }

uint64_t nr_rng_below(nr_rng_t *r, uint64_t n)
{
    if (n == 0) return 0;
    uint64_t threshold = (0 - n) % n; /* 2^64 mod n */
    for (;;) {
        uint64_t x = nr_rng_u64(r);
        if (x >= threshold) return x % n;
    }
}

double nr_rng_double(nr_rng_t *r) { return (double)(nr_rng_u64(r) >> 11) * 0x1.0p-53; }

int nr_rng_bernoulli(nr_rng_t *r, double p)
{
    double u = nr_rng_double(r);
    return u < p;
}
