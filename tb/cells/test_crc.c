/* test_crc.c - nr_crc16_upd / nr_crc8_upd / nr_crc_upd (CRC-32C, and the
 * second link CRC-16 with polynomial 0x8BB7) against nr_crc16_bits /
 * nr_crc8_bits / nr_crc32c_bits / nr_crc16b_bits of csrc/lib/crc.c (the
 * bit-serial reference).
 *
 * 1. Exhaustive when 2^(CRC width + DataW) <= 2^24: every register value
 *    with every data value (e.g. CRC-16 with 6 or 8 data bits, CRC-8 with 8
 *    or 14).
 * 2. Catalogue check when DataW divides 72: ASCII "123456789" fed from the
 *    catalogue init in DataW-bit chunks must give the check value (0x29B1
 *    for CRC-16/IBM-3740, 0xA1 for CRC-8/I-432-1 after its xorout 0x55), the
 *    same as nr_crc16_bytes / nr_crc8_bytes.
 * 3. Random: --cycles random (register, data) pairs, and a chained run where
 *    each output feeds the next update, as in a packet. */
#include <stdio.h>

#include "cells_shim.h"
#include "cells_util.h"
#include "nr_crc.h"
#include "nr_fmt.h"

static int g_b16; /* the 16-bit cell uses NR_LINK_CRC2_POLY (link-protocol 4.1) */

static uint32_t ref(int w, uint32_t crc, uint64_t data, int dw)
{
    if (dw > 32) {
        crc = ref(w, crc, data >> 32, dw - 32);
        data &= 0xFFFFFFFFull;
        dw = 32;
    }
    return w == 32   ? nr_crc32c_bits(crc, (uint32_t)data, dw)
           : w == 16 ? (g_b16 ? nr_crc16b_bits : nr_crc16_bits)((uint16_t)crc, (uint32_t)data, dw)
                     : nr_crc8_bits((uint8_t)crc, (uint32_t)data, dw);
}

int main(int argc, char **argv)
{
    cu_args a;
    nr_rng_t r;
    char name[64];
    int w = crc_width(), dw = cells_param("DataW");
    snprintf(name, sizeof name, "test_crc%d%s_d%d", w,
             cells_param_or("Poly", 0) == NR_LINK_CRC2_POLY ? "b" : "", dw);
    cu_parse(argc, argv, &a, name, 200000, NULL);
    printf("%s: seed %llu, cycles %ld, %d-bit CRC update, DataW=%d\n", name,
           (unsigned long long)a.seed, a.cycles, w, dw);
    if (dw < 1 || dw > 64) {
        fprintf(stderr, "%s: DataW must be 1..64\n", name);
        return 2;
    }
    int poly = cells_param_or("Poly", w == 32   ? NR_E2E_CRC_POLY
                                      : w == 16 ? NR_CRC16_POLY
                                                : NR_CRC8_POLY);
    g_b16 = w == 16 && poly == NR_LINK_CRC2_POLY;
    if (!(w == 8 && poly == NR_CRC8_POLY) && !(w == 16 && (poly == NR_CRC16_POLY || g_b16)) &&
        !(w == 32 && poly == NR_E2E_CRC_POLY)) {
        fprintf(stderr,
                "%s: the C reference knows CRC-8 (Poly %d), CRC-16 (Poly %d or %d) and "
                "CRC-32C (Poly %d), not Width %d Poly %d\n",
                name, NR_CRC8_POLY, NR_CRC16_POLY, NR_LINK_CRC2_POLY, NR_E2E_CRC_POLY, w, poly);
        return 2;
    }
    nr_rng_seed(&r, a.seed);
    crc_dut *h = crc_new(a.seed);
    uint64_t cmask = cu_mask(w), dmask = cu_mask(dw);
    long n_exh = 0, n_rnd = 0;
    const char *cat = "not applicable";

    /* 1. exhaustive */
    if (w + dw <= 24) {
        for (uint64_t c = 0; c <= cmask; c++)
            for (uint64_t d = 0; d <= dmask; d++) {
                uint32_t e = ref(w, (uint32_t)c, d, dw);
                uint32_t g = crc_eval(h, (uint32_t)c, d);
                if (e != g)
                    cu_failf(&a, n_exh,
                             "crc_o(crc 0x%llx, data 0x%llx): expected 0x%x, actual 0x%x",
                             (unsigned long long)c, (unsigned long long)d, e, g);
                n_exh++;
            }
        printf("%s: exhaustive: %ld (register, data) pairs\n", name, n_exh);
    }

    /* 2. catalogue check value over "123456789" */
    static const char msg[] = "123456789";
    if (72 % dw == 0) {
        uint64_t bits[2] = {0, 0}; /* 72 message bits, MSB first: bits[0] = first 64 */
        for (int i = 0; i < 9; i++) {
            if (i < 8)
                bits[0] = (bits[0] << 8) | (uint8_t)msg[i];
            else
                bits[1] = (uint8_t)msg[i];
        }
        /* the catalogue's init: CRC-16/T10-DIF starts at 0 */
        uint32_t c = w == 32 ? 0xFFFFFFFFu : g_b16 ? 0 : w == 16 ? NR_CRC16_INIT : NR_CRC8_INIT;
        for (int pos = 0; pos < 72; pos += dw) {
            /* bits pos .. pos+dw-1 of the message */
            uint64_t d = 0;
            for (int b = pos; b < pos + dw; b++) {
                int bit =
                    b < 64 ? (int)((bits[0] >> (63 - b)) & 1) : (int)((bits[1] >> (71 - b)) & 1);
                d = (d << 1) | (uint64_t)bit;
            }
            c = crc_eval(h, c, d);
        }
        uint32_t got = w == 8 ? (c ^ NR_CRC8_XOROUT) : c;
        /* CRC-32C MSB first, init all ones, xorout 0 (the end-to-end check's
         * variant, not the reflected catalogue CRC-32C): 0xFABBF0EA, from a
         * separate Python bit-list CRC */
        uint32_t check = w == 32   ? 0xFABBF0EAu
                         : g_b16   ? NR_LINK_CRC2_CHECK
                         : w == 16 ? NR_CRC16_CHECK
                                   : NR_CRC8_CHECK;
        uint32_t lib = g_b16     ? nr_crc16b_bytes(msg, 9)
                       : w == 16 ? nr_crc16_bytes(msg, 9)
                       : w == 8  ? nr_crc8_bytes(msg, 9)
                                 : check;
        cu_check(&a, 0, "catalogue check over \"123456789\"", check, got);
        cu_check(&a, 0, "csrc/lib bytes CRC over \"123456789\"", check, lib);
        cat = w == 32 ? "0xFABBF0EA ok" : g_b16 ? "0xD0DB ok" : w == 16 ? "0x29B1 ok" : "0xA1 ok";
        printf("%s: catalogue check value 0x%X over \"123456789\" (%d-bit chunks)\n", name, got,
               dw);
    }

    /* 3. random pairs, then a chained message */
    uint32_t chain = (uint32_t)(nr_rng_u64(&r) & cmask), chain_ref = chain;
    for (long i = 0; i < a.cycles; i++) {
        uint32_t c = (uint32_t)(nr_rng_u64(&r) & cmask);
        uint64_t d = nr_rng_u64(&r) & dmask;
        uint32_t e = ref(w, c, d, dw), g = crc_eval(h, c, d);
        if (e != g)
            cu_failf(&a, i, "crc_o(crc 0x%x, data 0x%llx): expected 0x%x, actual 0x%x", c,
                     (unsigned long long)d, e, g);
        d = nr_rng_u64(&r) & dmask;
        chain = crc_eval(h, chain, d);
        chain_ref = ref(w, chain_ref, d, dw);
        cu_check(&a, i, "chained crc_o", chain_ref, chain);
        n_rnd += 2;
    }
    printf("PASS %s: %ld exhaustive + %ld random updates bit-identical to nr_crc%s_bits, "
           "catalogue %s (seed %llu)\n",
           name, n_exh, n_rnd,
           w == 32   ? "32c"
           : g_b16   ? "16b"
           : w == 16 ? "16"
                     : "8",
           cat, (unsigned long long)a.seed);
    crc_free(h);
    return 0;
}
