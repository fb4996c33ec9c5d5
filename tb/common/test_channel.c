/* test_channel.c - checks of the LCB channel model (channel.h):
 * exact latency, error rates against their expectation (within 5 sigma),
 * burst shape, outage length, erased phits, C-bit targeting, scheduled
 * flips, determinism and independence of the error processes.
 * Exit 0 on pass; prints the seed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/nr_test.h"
#include "channel.h"
#include "nr_rng.h"

static lcb_ch *mk(const lcb_ch_cfg *c, uint64_t seed, int dir)
{
    char err[200];
    lcb_ch *ch = lcb_ch_new(c, seed, dir, err, sizeof err);
    if (!ch) {
        printf("FAIL lcb_ch_new: %s\n", err);
        exit(1);
    }
    return ch;
}

/* Send a pseudo-random stream, return the XOR pattern of what arrives
 * (damage[t] = received ^ sent) for n cycles after the latency. */
static void run(lcb_ch *ch, int lat, int n, uint32_t *damage, uint64_t seed)
{
    nr_rng_t r;
    nr_rng_seed(&r, seed);
    uint32_t *sent = calloc((size_t)(n + lat), sizeof *sent);
    for (int t = 0; t < n + lat; t++) {
        uint32_t rx = lcb_ch_recv(ch);
        if (t >= lat) damage[t - lat] = rx ^ sent[t - lat];
        sent[t] = nr_rng_u32(&r) & 0xFFFFFF;
        lcb_ch_send(ch, sent[t]);
    }
    free(sent);
}

static void near(const char *what, double got, double n, double p)
{
    double mu = n * p, sd = sqrt(n * p * (1 - p));
    CHECKF(fabs(got - mu) <= 5 * sd + 1, "%s: %.0f, expected %.1f +- %.1f", what, got, mu, 5 * sd);
}

static int pop(uint32_t x) { return __builtin_popcount(x); }

enum { N = 400000 }; /* phits per statistical run */

static void t_latency(uint64_t seed, uint32_t *dm, uint32_t *dm2)
{
    lcb_ch_cfg c;
    (void)dm;
    (void)dm2;
    /* exact latency, no damage on a clean channel, zeros before the first phit */
    for (int lat = 1; lat <= 70; lat += 23) {
        lcb_ch_cfg_default(&c);
        c.latency = lat;
        lcb_ch *ch = mk(&c, seed, 0);
        int bad = 0;
        for (int t = 0; t < 1000; t++) {
            uint32_t rx = lcb_ch_recv(ch);
            uint32_t want = t >= lat ? (uint32_t)((t - lat) * 2654435761u) & 0xFFFFFF : 0;
            bad += rx != want;
            lcb_ch_send(ch, (uint32_t)(t * 2654435761u));
        }
        CHECKF(bad == 0, "latency %d: %d phits wrong on a clean channel", lat, bad);
        CHECKF(lcb_ch_injected(ch) == 0, "clean channel injected errors");
        lcb_ch_free(ch);
    }
}

static void t_data_ber(uint64_t seed, uint32_t *dm, uint32_t *dm2)
{
    lcb_ch_cfg c;
    (void)dm2;
    /* data BER: only bits 21:0, rate as configured */
    lcb_ch_cfg_default(&c);
    c.latency = 5;
    c.ber_data = 1e-3;
    lcb_ch *ch = mk(&c, seed, 0);
    run(ch, 5, N, dm, 1);
    long flips = 0, sbf = 0;
    for (int t = 0; t < N; t++) {
        flips += pop(dm[t] & 0x3FFFFF);
        sbf += pop(dm[t] >> 22);
    }
    near("data flips", (double)flips, 22.0 * N, 1e-3);
    CHECKF(sbf == 0, "data BER flipped %ld sideband bits", sbf);
    CHECKF((long)lcb_ch_get_stats(ch)->data_flips >= flips, "data_flips counter %llu < %ld",
           (unsigned long long)lcb_ch_get_stats(ch)->data_flips, flips);
    lcb_ch_free(ch);
}

static void t_sideband_ber(uint64_t seed, uint32_t *dm, uint32_t *dm2)
{
    lcb_ch_cfg c;
    (void)dm2;
    /* sideband BER: only bits 23:22, F and C alike */
    lcb_ch_cfg_default(&c);
    c.ber_sb = 2e-3;
    lcb_ch *ch = mk(&c, seed, 0);
    run(ch, 1, N, dm, 1);
    long ff = 0, cf = 0, df = 0;
    for (int t = 0; t < N; t++) {
        ff += (dm[t] >> 23) & 1;
        cf += (dm[t] >> 22) & 1;
        df += pop(dm[t] & 0x3FFFFF);
    }
    near("F flips", (double)ff, N, 2e-3);
    near("C flips", (double)cf, N, 2e-3);
    CHECKF(df == 0, "sideband BER flipped data bits");
    CHECKF(lcb_ch_get_stats(ch)->f_flips == (uint64_t)ff &&
               lcb_ch_get_stats(ch)->c_flips == (uint64_t)cf,
           "F/C flip counters disagree with the stream");
    lcb_ch_free(ch);
}

static void t_ctl_ber(uint64_t seed, uint32_t *dm, uint32_t *dm2)
{
    lcb_ch_cfg c;
    (void)dm2;
    /* ctl: C bit only */
    lcb_ch_cfg_default(&c);
    c.ctl_ber = 0.01;
    lcb_ch *ch = mk(&c, seed, 0);
    run(ch, 1, N, dm, 1);
    long cc = 0, other = 0;
    for (int t = 0; t < N; t++) {
        cc += (dm[t] >> 22) & 1;
        other += pop(dm[t] & ~(1u << 22));
    }
    near("ctl flips", (double)cc, N, 0.01);
    CHECKF(other == 0, "ctl flips touched other bits");
    CHECKF(lcb_ch_get_stats(ch)->ctl_flips == (uint64_t)cc, "ctl counter");
    lcb_ch_free(ch);
}

static void t_drops(uint64_t seed, uint32_t *dm, uint32_t *dm2)
{
    lcb_ch_cfg c;
    (void)dm;
    (void)dm2;
    /* drops: erased phits arrive as exactly zero */
    lcb_ch_cfg_default(&c);
    c.drop_rate = 0.003;
    lcb_ch *ch = mk(&c, seed, 0);
    {
        long zeros = 0, wrong = 0;
        for (int t = 0; t < N + 1; t++) {
            uint32_t rx = lcb_ch_recv(ch);
            if (t >= 1) {
                if (rx == 0)
                    zeros++;
                else if (rx != 0xABCDEF)
                    wrong++;
            }
            lcb_ch_send(ch, 0xABCDEF);
        }
        near("drops", (double)zeros, N, 0.003);
        CHECKF(wrong == 0, "drop damaged %ld phits otherwise", wrong);
        CHECKF(lcb_ch_get_stats(ch)->drops == (uint64_t)zeros, "drop counter %llu vs %ld",
               (unsigned long long)lcb_ch_get_stats(ch)->drops, zeros);
    }
    lcb_ch_free(ch);
}

static void t_sched_outages(uint64_t seed, uint32_t *dm, uint32_t *dm2)
{
    lcb_ch_cfg c;
    (void)dm;
    (void)dm2;
    /* scheduled outages: exactly outage_len zero phits from the cycle given,
     * and an erased phit gets no flips even with a high BER */
    lcb_ch_cfg_default(&c);
    c.outage_len = 37;
    c.n_sched_outage = 2;
    c.sched_outage[0] = 500;
    c.sched_outage[1] = 100;
    c.ber_data = 0.01;
    lcb_ch *ch = mk(&c, seed, 0);
    {
        int bad = 0;
        for (int t = 0; t < 1000; t++) {
            uint32_t rx = lcb_ch_recv(ch);
            int in_o = (t >= 100 && t < 137) || (t >= 500 && t < 537);
            if (in_o && rx != 0) bad++;
            if (!in_o && t > 0 && rx == 0) bad++;
            lcb_ch_send(ch, 0xFFFFFF);
        }
        CHECKF(bad == 0, "scheduled outages: %d phits wrong", bad);
        CHECKF(lcb_ch_get_stats(ch)->outages == 2 && lcb_ch_get_stats(ch)->outage_cycles == 74,
               "outage counters %llu/%llu", (unsigned long long)lcb_ch_get_stats(ch)->outages,
               (unsigned long long)lcb_ch_get_stats(ch)->outage_cycles);
    }
    lcb_ch_free(ch);
}

static void t_random_outages(uint64_t seed, uint32_t *dm, uint32_t *dm2)
{
    lcb_ch_cfg c;
    (void)dm2;
    /* random outages: start rate per cycle (outages do not overlap) */
    lcb_ch_cfg_default(&c);
    c.outage_rate = 1e-4;
    c.outage_len = 10;
    lcb_ch *ch = mk(&c, seed, 0);
    run(ch, 1, N, dm, 1);
    near("outages", (double)lcb_ch_get_stats(ch)->outages, N, 1e-4);
    CHECKF(lcb_ch_get_stats(ch)->outage_cycles >= 10 * lcb_ch_get_stats(ch)->outages - 10,
           "outage cycles");
    lcb_ch_free(ch);
}

static void t_bursts(uint64_t seed, uint32_t *dm, uint32_t *dm2)
{
    lcb_ch_cfg c;
    (void)dm2;
    /* bursts: serial bit order, first and last bit flipped, span = burst_len */
    lcb_ch_cfg_default(&c);
    c.burst_rate = 1e-3;
    c.burst_len = 40;
    lcb_ch *ch = mk(&c, seed, 0);
    run(ch, 1, N, dm, 1);
    {
        int nb = 0, badspan = 0;
        for (long t = 0; t < N; t++) {
            if (!dm[t]) continue;
            /* first flipped serial bit */
            long s = t * 24 + __builtin_clz(dm[t] << 8);
            long e = s + 39; /* last bit must be flipped, none after within 24 bits */
            long et = e / 24;
            int eb = (int)(e % 24);
            if (et >= N) break;
            if (!((dm[et] >> (23 - eb)) & 1)) badspan++;
            uint32_t after = eb == 23 ? 0 : dm[et] & ((1u << (23 - eb)) - 1);
            if (after) badspan++;
            nb++;
            t = et; /* skip to the end of the burst */
        }
        near("bursts", (double)nb, N, 1e-3 * (1 - 1e-3 * 2));
        CHECKF(badspan == 0, "%d bursts without a flipped last bit or with flips after it",
               badspan);
        CHECKF(lcb_ch_get_stats(ch)->bursts >= (uint64_t)nb, "burst counter");
    }
    lcb_ch_free(ch);
}

static void t_sched_flip(uint64_t seed, uint32_t *dm, uint32_t *dm2)
{
    lcb_ch_cfg c;
    (void)dm2;
    /* scheduled flip: exactly one bit at the given cycle (serial bit 13 = data bit 10) */
    lcb_ch_cfg_default(&c);
    c.n_sched_flip = 1;
    c.sched_flip[0] = 777 * 24 + 13;
    lcb_ch *ch = mk(&c, seed, 0);
    run(ch, 1, 2000, dm, 1);
    for (int t = 0; t < 2000; t++)
        CHECKF(dm[t] == (t == 776 ? (1u << 10) : 0u), "scheduled flip: cycle %d damage %06x", t,
               dm[t]);
    lcb_ch_free(ch);
}

static void t_determinism(uint64_t seed, uint32_t *dm, uint32_t *dm2)
{
    lcb_ch_cfg c;
    /* determinism and independence: the same seed gives the same damage; adding
     * drops does not move the data flips (outside the erased phits); another
     * direction or seed gives other errors */
    lcb_ch_cfg_default(&c);
    c.ber_data = 1e-3;
    lcb_ch *ch = mk(&c, seed, 0);
    run(ch, 1, N, dm, 1);
    lcb_ch_free(ch);
    c.drop_rate = 0.01;
    ch = mk(&c, seed, 0);
    run(ch, 1, N, dm2, 1);
    lcb_ch_free(ch);
    {
        int differ = 0, erased = 0;
        nr_rng_t r;
        nr_rng_seed(&r, 1);
        for (int t = 0; t < N; t++) {
            uint32_t sent = nr_rng_u32(&r) & 0xFFFFFF;
            if (dm2[t] == sent) {
                erased++;
                continue;
            } /* rx == 0: erased */
            if (dm[t] != dm2[t]) differ++;
        }
        CHECKF(differ == 0, "adding drops moved %d data-flip patterns", differ);
        CHECKF(erased > 0, "no erased phits seen");
    }
    c.drop_rate = 0;
    ch = mk(&c, seed, 1);
    run(ch, 1, N, dm2, 1);
    lcb_ch_free(ch);
    CHECKF(memcmp(dm, dm2, N * sizeof *dm) != 0, "direction 1 has the same errors as direction 0");
    ch = mk(&c, seed, 0);
    run(ch, 1, N, dm2, 1);
    lcb_ch_free(ch);
    CHECKF(memcmp(dm, dm2, N * sizeof *dm) == 0, "same seed, different errors");
}

static void t_enable(uint64_t seed, uint32_t *dm, uint32_t *dm2)
{
    lcb_ch_cfg c;
    (void)dm2;
    /* enable(0) stops injection */
    lcb_ch_cfg_default(&c);
    c.ber_data = 0.1;
    lcb_ch *ch = mk(&c, seed, 0);
    lcb_ch_enable(ch, 0);
    run(ch, 1, 1000, dm, 1);
    for (int t = 0; t < 1000; t++) CHECKF(dm[t] == 0, "disabled channel damaged cycle %d", t);
    lcb_ch_free(ch);
}

static void t_cfg_checks(uint64_t seed, uint32_t *dm, uint32_t *dm2)
{
    lcb_ch_cfg c;
    (void)seed;
    (void)dm;
    (void)dm2;
    /* configuration checks */
    char err[200];
    lcb_ch_cfg_default(&c);
    c.latency = 0;
    CHECKF(lcb_ch_cfg_check(&c, err, sizeof err) == -1, "latency 0 accepted");
    lcb_ch_cfg_default(&c);
    c.ber_data = 0.7;
    CHECKF(lcb_ch_cfg_check(&c, err, sizeof err) == -1, "BER 0.7 accepted");
}

int main(void)
{
    const uint64_t seed = 12345;
    printf("test_channel: seed %llu\n", (unsigned long long)seed);
    nr_test_seed = seed;
    uint32_t *dm = malloc(N * sizeof *dm), *dm2 = malloc(N * sizeof *dm2);
    static void (*const tests[])(uint64_t, uint32_t *, uint32_t *) = {
        t_latency,        t_data_ber, t_sideband_ber, t_ctl_ber,     t_drops,  t_sched_outages,
        t_random_outages, t_bursts,   t_sched_flip,   t_determinism, t_enable, t_cfg_checks};
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) tests[i](seed, dm, dm2);
    free(dm);
    free(dm2);
    printf("PASS: %ld checks (a failed one exits at once)\n", nr_test_checks);
    return 0;
}
