/* test_crc.c - the CRC reference against the catalogue check values. */
#include "nr_crc.h"
#include "nr_fmt.h"
#include "nr_test.h"

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
    NR_TEST_END("test_crc");
}
