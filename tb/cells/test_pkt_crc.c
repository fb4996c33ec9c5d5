/* test_pkt_crc.c - nr_pkt_crc against its C model, plus an independent
 * packet-level reference.
 *
 * Stimulus: random packets (HEAD, 0..62 BODY, EOP; lengths biased short),
 * random ok/rsvd bits in the EOP, random idle cycles between and inside
 * packets (probability per phase). About 10% of packets are corrupted after
 * their CRC is computed (a flipped data bit or a wrong crc field); about 5%
 * of the time a grammar error is injected: a stray BODY or EOP outside a
 * packet, a HEAD inside one (abandoning it), or a RSVD phit anywhere.
 * Occasional resets between packets.
 * Checks, every cycle against the model (cells_model.c): eop_o, match_o,
 * proto_err_o, proto_err_sticky_o; pcrc_o at each EOP; crc_data_o inside a
 * packet. Independently of the model, at the EOP of every packet without an
 * injected grammar error: pcrc_o equals the PCRC computed over the whole
 * packet with nr_crc16_bits (docs/packet-format.md), and match_o is 1 exactly
 * when the packet was not corrupted. */
#include <stdio.h>
#include <string.h>

#include "cells_model.h"
#include "cells_shim.h"
#include "cells_util.h"
#include "nr_crc.h"
#include "nr_fmt.h"

#define MAXQ 2048

typedef struct {
    int valid;
    uint32_t phit;
    int check; /* EOP of a clean-grammar packet: check against ref */
    int exp_match;
    uint16_t exp_pcrc;
} item;

static uint32_t mk(unsigned kind, uint32_t data)
{
    return ((uint32_t)kind << NR_KIND_LSB) | (data & ((1u << NR_DATA_W) - 1));
}

/* PCRC of a packet: data fields of HEAD and BODY phits, then EOP bits 21:16 */
static uint16_t pcrc_ref(const uint32_t *ph, int len)
{
    uint16_t c = NR_CRC16_INIT;
    for (int i = 0; i < len - 1; i++)
        c = nr_crc16_bits(c, ph[i] & ((1u << NR_DATA_W) - 1), NR_DATA_W);
    return nr_crc16_bits(c, (ph[len - 1] >> NR_EOP_RSVD_LSB) & 0x3F, 6);
}

typedef struct {
    item q[MAXQ];
    int n;
} queue;

static void put(queue *q, int valid, uint32_t phit, int check, int match, uint16_t pcrc)
{
    item it = {valid, phit, check, match, pcrc};
    q->q[q->n++] = it;
}

/* Append one packet (and perhaps a grammar error) to q, with idles. */
static void gen(nr_rng_t *r, queue *q, unsigned p_idle, long *n_corrupt, long *n_err)
{
    uint32_t ph[NR_MAX_PKT_LEN];
    int len = cu_rng_pct(r, 70) ? 2 + (int)(uint32_t)nr_rng_below(r, 6)
                                : 2 + (int)(uint32_t)nr_rng_below(r, NR_MAX_PKT_LEN - 1);
    ph[0] = mk(NR_KIND_HEAD, (uint32_t)nr_rng_u64(r));
    for (int i = 1; i < len - 1; i++) ph[i] = mk(NR_KIND_BODY, (uint32_t)nr_rng_u64(r));
    uint32_t tail =
        cu_rng_pct(r, 80) ? (uint32_t)nr_rng_below(r, 4) << 4 : (uint32_t)nr_rng_below(r, 64);
    ph[len - 1] = mk(NR_KIND_EOP, tail << NR_EOP_RSVD_LSB);
    uint16_t good = pcrc_ref(ph, len);
    ph[len - 1] |= good;
    int corrupt = cu_rng_pct(r, 10);
    if (corrupt) {
        (*n_corrupt)++;
        if (cu_rng_pct(r, 50)) /* wrong crc field */
            ph[len - 1] ^= 1u + (uint32_t)nr_rng_below(r, 0xFFFF);
        else /* a data bit flipped after the CRC was made */
            ph[(uint32_t)nr_rng_below(r, (uint32_t)len - 1)] ^=
                1u << (uint32_t)nr_rng_below(r, NR_DATA_W);
    }
    uint16_t pcrc = pcrc_ref(ph, len); /* what the checker computes */

    int err = cu_rng_pct(r, 5) ? 1 + (int)(uint32_t)nr_rng_below(r, 4) : 0;
    int at = 1 + (int)(uint32_t)nr_rng_below(r, (uint32_t)len - 1); /* inside: before phit `at` */
    if (err == 1) /* stray BODY or EOP before the packet */
        put(q, 1, mk(cu_rng_pct(r, 50) ? NR_KIND_BODY : NR_KIND_EOP, (uint32_t)nr_rng_u64(r)), 0, 0,
            0);
    if (err == 3 && cu_rng_pct(r, 50)) /* RSVD outside */
        put(q, 1, mk(NR_KIND_RSVD, (uint32_t)nr_rng_u64(r)), 0, 0, 0);
    for (int i = 0; i < len; i++) {
        if (i == at && err == 2) { /* a HEAD inside: the packet is abandoned */
            put(q, 1, mk(NR_KIND_HEAD, (uint32_t)nr_rng_u64(r)), 0, 0, 0);
        }
        if (i == at && err == 3) /* RSVD inside: ignored */
            put(q, 1, mk(NR_KIND_RSVD, (uint32_t)nr_rng_u64(r)), 0, 0, 0);
        while (q->n < MAXQ - 16 && cu_rng_pct(r, p_idle))
            put(q, 0, (uint32_t)nr_rng_u64(r) & 0xFFFFFF, 0, 0, 0);
        int last = i == len - 1;
        put(q, 1, ph[i], last && err != 2, !corrupt, pcrc);
    }
    if (err == 4) /* stray EOP right after the packet */
        put(q, 1, mk(NR_KIND_EOP, (uint32_t)nr_rng_u64(r)), 0, 0, 0);
    *n_err += err != 0;
}

int main(int argc, char **argv)
{
    cu_args a;
    nr_rng_t r;
    const char *name = "test_pkt_crc";
    cu_parse(argc, argv, &a, name, 100000, NULL);
    printf("%s: seed %llu, cycles %ld, nr_pkt_crc\n", name, (unsigned long long)a.seed, a.cycles);
    nr_rng_seed(&r, a.seed);
    pktcrc_dut *h = pktcrc_new(a.seed);
    pktcrc_reset(h);
    pktcrc_model m;
    pktcrc_model_reset(&m);
    queue q;
    long n_pkt = 0, n_corrupt = 0, n_err = 0, n_eop = 0, n_match = 0, n_checked = 0;
    long n_proto = 0, resets = 0;
    unsigned p_idle = 20;
    long c = 0;
    while (c < a.cycles) {
        if (n_pkt % 50 == 0) {
            static const unsigned probs[] = {0, 0, 10, 30, 60};
            p_idle = probs[(uint32_t)nr_rng_below(&r, 5)];
            if (n_pkt && cu_rng_pct(&r, 20)) {
                pktcrc_set(h, 0, 0);
                pktcrc_reset(h);
                pktcrc_model_reset(&m);
                resets++;
            }
        }
        q.n = 0;
        gen(&r, &q, p_idle, &n_corrupt, &n_err);
        n_pkt++;
        for (int i = 0; i < q.n; i++, c++) {
            const item *it = &q.q[i];
            pktcrc_out o;
            pktcrc_exp e;
            pktcrc_set(h, it->valid, it->phit);
            pktcrc_get(h, &o);
            pktcrc_model_out(&m, it->valid, it->phit, &e);
            cu_check(&a, c, "eop_o", (uint64_t)e.eop, (uint64_t)o.eop_o);
            cu_check(&a, c, "match_o", (uint64_t)e.match, (uint64_t)o.match_o);
            cu_check(&a, c, "proto_err_o", (uint64_t)e.proto_err, (uint64_t)o.proto_err_o);
            cu_check(&a, c, "proto_err_sticky_o", (uint64_t)e.sticky,
                     (uint64_t)o.proto_err_sticky_o);
            if (m.in_pkt) cu_check(&a, c, "crc_data_o", e.crc_data, o.crc_data_o);
            if (e.eop) {
                cu_check(&a, c, "pcrc_o", e.pcrc, o.pcrc_o);
                n_eop++;
                n_match += o.match_o;
            }
            if (it->check) {
                cu_check(&a, c, "eop_o of a packet", 1, (uint64_t)o.eop_o);
                cu_check(&a, c, "pcrc_o vs whole-packet reference", it->exp_pcrc, o.pcrc_o);
                cu_check(&a, c, "match_o vs corruption", (uint64_t)it->exp_match,
                         (uint64_t)o.match_o);
                n_checked++;
            }
            n_proto += o.proto_err_o;
            pktcrc_model_step(&m, it->valid, it->phit);
            pktcrc_tick(h);
        }
    }
    printf("PASS %s: %ld cycles, %ld packets (%ld corrupted, %ld with a grammar error), %ld EOPs, "
           "%ld matches, %ld checked against the packet reference, %ld proto_err strobes, "
           "%ld resets (seed %llu)\n",
           name, c, n_pkt, n_corrupt, n_err, n_eop, n_match, n_checked, n_proto, resets,
           (unsigned long long)a.seed);
    pktcrc_free(h);
    return 0;
}
