/* test_crc.c - the CRC reference against the catalogue check values. */
#include "nr_crc.h"
#include "nr_fmt.h"
#include "nr_test.h"

/* Remainder of polynomial a (bit i = x^i) modulo b, over GF(2). */
static uint64_t pmod(uint64_t a, uint64_t b)
{
    int db = 63 - __builtin_clzll(b);
    while (a && 63 - __builtin_clzll(a) >= db) a ^= b << (63 - __builtin_clzll(a) - db);
    return a;
}

/* A bit-serial CRC-16 register update, written here again: the library's
 * byte-table version must give the same for every width. */
static uint16_t serial16(uint16_t crc, uint16_t poly, uint32_t data, int nbits)
{
    for (int i = nbits - 1; i >= 0; i--) {
        unsigned in = ((data >> i) & 1u) ^ ((crc >> 15) & 1u);
        crc = (uint16_t)(crc << 1);
        if (in) crc ^= poly;
    }
    return crc;
}

int main(void)
{
    NR_TEST_BEGIN("test_crc", 0);
    /* Catalogue check values over ASCII "123456789" (docs/packet-format.md). */
    CHECK_EQ(nr_crc16_bytes("123456789", 9), NR_CRC16_CHECK);
    CHECK_EQ(nr_crc16_bytes("123456789", 9), 0x29B1);
    CHECK_EQ(nr_crc8_bytes("123456789", 9), NR_CRC8_CHECK);
    CHECK_EQ(nr_crc8_bytes("123456789", 9), 0xA1);
    /* Feeding bits in pieces equals feeding them at once (MSB first). */
    uint16_t a = nr_crc16_bits(NR_CRC16_INIT, 0x2AAAAA, 22);
    uint16_t b = nr_crc16_bits(nr_crc16_bits(NR_CRC16_INIT, 0x2AA, 10), 0xAAA, 12);
    CHECK_EQ(a, b);
    /* nr_crc8_word of 64 bits equals the byte-wise CRC of the same 8 bytes. */
    CHECK_EQ(nr_crc8_word(0x3233343536373839ull, 64), nr_crc8_bytes("23456789", 8));
    /* An all-zero word never passes CRC-8 (xorout 0x55). */
    CHECK(nr_crc8_word(0, 14) != 0);
    /* The 32-bit link check (link-protocol 4.1): the second CRC-16 is
     * CRC-16/T10-DIF, and its generator has no factor in common with the
     * first, so the pair acts as one CRC of degree 32. */
    CHECK_EQ(nr_crc16b_bytes("123456789", 9), NR_LINK_CRC2_CHECK);
    CHECK_EQ(nr_crc16b_bytes("123456789", 9), 0xD0DB);
    uint64_t g1 = 0x10000u | NR_CRC16_POLY, g2 = 0x10000u | NR_LINK_CRC2_POLY;
    while (g2) {
        uint64_t r = pmod(g1, g2);
        g1 = g2;
        g2 = r;
    }
    CHECK_EQ(g1, 1);
    /* Byte tables against bit-serial, widths 0..32, data bits above the
     * width ignored. */
    uint64_t x = 0x9E3779B97F4A7C15ull;
    int same = 1;
    for (int i = 0; i < 200000 && same; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        int nb = (int)(x % 33);
        uint16_t c0 = (uint16_t)(x >> 16);
        uint32_t d = (uint32_t)(x >> 32);
        uint32_t dm = nb == 32 ? d : d & ((1u << nb) - 1);
        if (nr_crc16_bits(c0, d, nb) != serial16(c0, NR_CRC16_POLY, dm, nb) ||
            nr_crc16b_bits(c0, d, nb) != serial16(c0, NR_LINK_CRC2_POLY, dm, nb))
            same = 0;
    }
    CHECK(same);
    /* A whole phit (22 bits) has its own five-table path: more cases. */
    for (int i = 0; i < 100000 && same; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        uint16_t c0 = (uint16_t)x;
        uint32_t d = (uint32_t)(x >> 32);
        if (nr_crc16_bits(c0, d, 22) != serial16(c0, NR_CRC16_POLY, d & 0x3FFFFFu, 22) ||
            nr_crc16b_bits(c0, d, 22) != serial16(c0, NR_LINK_CRC2_POLY, d & 0x3FFFFFu, 22))
            same = 0;
    }
    CHECK(same);
    NR_TEST_END("test_crc");
}
