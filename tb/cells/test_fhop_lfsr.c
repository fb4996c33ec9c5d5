/* test_fhop_lfsr.c - the fc top choice (docs/nwn-arch.md §4.3, "a = 1,
 * TopChoice = 1: pseudo-random") as sequence vectors, from the document
 * alone, checked against the RTL's first hop (nr_nwn_fhop) and the C model
 * (nwn_rnd_step, nwn_top_random; csrc/model/nwn_priv.h).
 *
 * The reference here is written from the document's words, not from either
 * implementation: the LFSR is the Galois form of x^16 + x^14 + x^13 + x^11 + 1
 * (right shift; the feedback mask has bit e-1 for each term x^e but the
 * constant), started at 0xACE1; upd8 is the CRC-8 register update of
 * packet-format.md (poly x^8 + x^2 + x + 1) over 22 bits MSB first from 0,
 * without a final xor; the top is upd8((rnd << 6) | p) mod M, and rnd steps
 * once per adaptive choice (a = 1 to another bottom), never for a = 0, a
 * fixed hop or a cycle without a route.
 *
 * 1. The first eight LFSR values from 0xACE1 (worked by hand from the
 *    polynomial, and pinned) equal the reference's, and the reference's
 *    period is 65535 (the polynomial is primitive).
 * 2. For several input ports, from reset, --cycles cycles of random traffic
 *    (routes to other bottoms with a = 1 or a = 0, routes inside the bottom,
 *    idle cycles): each cycle the RTL's tgt_o equals the reference's, and
 *    the model's functions give the same LFSR step and top. A mismatch names
 *    the cycle, the LFSR value and both tops. The first eight tops of port 0
 *    are printed as the vector. */
#include <stdio.h>

#include "cells_shim.h"
#include "cells_util.h"
#include "nr_fmt.h"
#include "nwn_priv.h"

static const int poly_terms[] = {16, 14, 13, 11}; /* x^16 + x^14 + x^13 + x^11 + 1 */
static const unsigned pinned[8] = {0xACE1, 0xE270, 0x7138, 0x389C, 0x1C4E, 0x0E27, 0xB313, 0xED89};

static unsigned ref_mask(void)
{
    unsigned m = 0;
    for (unsigned i = 0; i < sizeof poly_terms / sizeof poly_terms[0]; i++)
        m |= 1u << (poly_terms[i] - 1);
    return m;
}

static unsigned ref_step(unsigned r) { return ((r >> 1) ^ ((r & 1u) ? ref_mask() : 0u)) & 0xFFFFu; }

/* CRC-8, poly 0x07 (x^8 + x^2 + x + 1), 22 bits MSB first, from 0 */
static unsigned ref_upd8(uint32_t key)
{
    unsigned c = 0;
    for (int i = 21; i >= 0; i--) {
        unsigned fb = ((c >> 7) ^ (key >> i)) & 1u;
        c = (c << 1) & 0xFFu;
        if (fb) c ^= 0x07u;
    }
    return c;
}

static unsigned ref_top(unsigned rnd, int p, int M)
{
    return ref_upd8((((uint32_t)rnd << 6) | (uint32_t)p) & 0x3FFFFFu) % (unsigned)M;
}

static void check_sequence(const cu_args *a)
{
    unsigned r = 0xACE1;
    for (int i = 0; i < 8; i++) {
        cu_check(a, i, "LFSR value from 0xACE1 (pinned vector)", pinned[i], r);
        r = ref_step(r);
    }
    r = 0xACE1;
    long period = 0;
    do {
        r = ref_step(r);
        period++;
    } while (r != 0xACE1 && period <= 70000);
    cu_check(a, 0, "LFSR period", 65535, (uint64_t)period);
}

int main(int argc, char **argv)
{
    cu_args a;
    cu_parse(argc, argv, &a, "test_fhop_lfsr", 20000, NULL);
    const int K = cells_param("NumPorts"), R = cells_param("R"), M = cells_param("M");
    const int n = K / R;
    printf("test_fhop_lfsr: seed %llu, cycles %ld, NumPorts=%d R=%d M=%d TopChoice=%d\n",
           (unsigned long long)a.seed, a.cycles, K, R, M, cells_param("TopChoice"));
    if (cells_param("TopChoice") != 1 || M < 2 || R < 2) {
        fprintf(stderr, "test_fhop_lfsr: needs an fc first hop with TopChoice=1 and M >= 2\n");
        return 2;
    }
    check_sequence(&a);
    nwn_geom g = {0};
    g.M = M;
    nr_rng_t rng;
    nr_rng_seed(&rng, a.seed);
    fhop_dut *h = fhop_new(a.seed);
    const int ports[] = {0, 1, n, K - 1};
    long k = 0, steps = 0;
    for (unsigned pi = 0; pi < sizeof ports / sizeof ports[0]; pi++) {
        const int p = ports[pi];
        fhop_set(h, (uint32_t)p, 0, 0, 0, 0, 0, 0);
        fhop_reset(h);
        unsigned rnd = 0xACE1; /* the reference's state */
        int shown = 0;
        if (p == 0) printf("test_fhop_lfsr: port 0, first tops:");
        for (long c = 0; c < a.cycles; c++, k++) {
            int kind =
                (int)nr_rng_below(&rng, 8); /* 0..4 a = 1 away, 5 a = 0 away, 6 local, 7 idle */
            int other = (p / n + 1 + (int)nr_rng_below(&rng, (uint64_t)(R - 1))) % R;
            int q = kind == 6 ? (p / n) * n + (p + 1) % n : other * n + (int)nr_rng_below(&rng, n);
            unsigned dest = (unsigned)nr_rng_below(&rng, 1u << 15);
            uint32_t hash = (uint32_t)nr_rng_below(&rng, 1u << 22);
            uint32_t head =
                (uint32_t)dest << NR_HEAD_DEST_LSB | (kind <= 4 ? 1u << NR_HEAD_A_BIT : 0);
            int en = kind != 7;
            fhop_set(h, (uint32_t)p, en, 0, (uint32_t)q, head, hash, 0);
            uint32_t out = fhop_out(h);
            if (en && kind == 6 && ((out & 0x100u) || (out & 0xFFu) != (unsigned)(q % n)))
                cu_failf(
                    &a, k,
                    "port %d, cycle %ld: a route inside the bottom to %d: the RTL's first hop 0x%x",
                    p, c, q, out);
            if (en && kind <= 5) {
                unsigned want;
                if (kind <= 4) {
                    want = ref_top(rnd, p, M);
                    if ((unsigned)nwn_top_random(&g, p, rnd) != want ||
                        nwn_rnd_step(rnd) != ref_step(rnd))
                        cu_failf(&a, k,
                                 "port %d, LFSR 0x%04x: the model's top %d and step 0x%04x, the "
                                 "document's %u and 0x%04x",
                                 p, rnd, nwn_top_random(&g, p, rnd), nwn_rnd_step(rnd), want,
                                 ref_step(rnd));
                    if (p == 0 && shown < 8) {
                        printf(" %u", want);
                        if (++shown == 8) printf("\n");
                    }
                } else {
                    want = ref_upd8((((uint32_t)dest << 6 | (uint32_t)p) ^ hash) & 0x3FFFFFu) %
                           (unsigned)M;
                }
                if ((out & 0x100u) || (out & 0xFFu) != (unsigned)n + want)
                    cu_failf(
                        &a, k,
                        "port %d, cycle %ld, %s, LFSR 0x%04x: the RTL's first hop 0x%x (tgt %u%s), "
                        "the document's top %u (tgt %u)",
                        p, c, kind <= 4 ? "a = 1" : "a = 0", rnd, out, out & 0xFFu,
                        (out & 0x100u) ? ", drop" : "", want, (unsigned)n + want);
            }
            fhop_tick(h);
            if (en && kind <= 4) {
                rnd = ref_step(rnd);
                steps++;
            }
        }
    }
    fhop_free(h);
    printf("PASS test_fhop_lfsr: %ld cycles, %ld LFSR steps, 4 ports (seed %llu)\n", k, steps,
           (unsigned long long)a.seed);
    return 0;
}
