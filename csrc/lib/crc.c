/* crc.c - bit-serial reference CRCs. See nr_crc.h. */
#include "nr_crc.h"
#include "nr_fmt.h"

static uint16_t crc16_poly_bits(uint16_t crc, uint16_t poly, uint32_t data, int nbits)
{
    for (int i = nbits - 1; i >= 0; i--) {
        unsigned in = ((data >> i) & 1u) ^ ((crc >> 15) & 1u);
        crc = (uint16_t)(crc << 1);
        if (in)
            crc ^= poly;
    }
    return crc;
}

/* Byte tables of the two link CRC-16s: T[b] is the register b << 8 after 8
 * zero bits. The model spends a fifth of a router's simulated cycle in these
 * updates, so whole bytes go through the table and only the leading nbits % 8
 * bits go bit by bit; test_crc and the cells tests check the result against
 * the RTL trees. Filled before main (a constructor), so threads only read. */
static uint16_t tab16[256], tab16b[256];

__attribute__((constructor)) static void crc16_tables(void)
{
    for (unsigned b = 0; b < 256; b++) {
        tab16[b] = crc16_poly_bits((uint16_t)(b << 8), NR_CRC16_POLY, 0, 8);
        tab16b[b] = crc16_poly_bits((uint16_t)(b << 8), NR_LINK_CRC2_POLY, 0, 8);
    }
}

static uint16_t crc16_tab_bits(uint16_t crc, const uint16_t *tab, uint16_t poly, uint32_t data,
                               int nbits)
{
    int lead = nbits & 7;
    if (lead)
        crc = crc16_poly_bits(crc, poly, data >> (nbits - lead), lead);
    for (int sh = nbits - lead - 8; sh >= 0; sh -= 8)
        crc = (uint16_t)((crc << 8) ^ tab[((crc >> 8) ^ (data >> sh)) & 0xFFu]);
    return crc;
}

uint16_t nr_crc16_bits(uint16_t crc, uint32_t data, int nbits)
{
    return crc16_tab_bits(crc, tab16, NR_CRC16_POLY, data, nbits);
}

uint16_t nr_crc16b_bits(uint16_t crc, uint32_t data, int nbits)
{
    return crc16_tab_bits(crc, tab16b, NR_LINK_CRC2_POLY, data, nbits);
}

uint8_t nr_crc8_bits(uint8_t crc, uint32_t data, int nbits)
{
    for (int i = nbits - 1; i >= 0; i--) {
        unsigned in = ((data >> i) & 1u) ^ ((crc >> 7) & 1u);
        crc = (uint8_t)(crc << 1);
        if (in)
            crc ^= NR_CRC8_POLY;
    }
    return crc;
}

uint32_t nr_crc32c_bits(uint32_t crc, uint32_t data, int nbits)
{
    for (int i = nbits - 1; i >= 0; i--) {
        unsigned in = ((data >> i) & 1u) ^ ((crc >> 31) & 1u);
        crc <<= 1;
        if (in)
            crc ^= (uint32_t)NR_E2E_CRC_POLY;
    }
    return crc;
}

uint16_t nr_crc16_bytes(const void *buf, size_t len)
{
    const uint8_t *p = buf;
    uint16_t crc = NR_CRC16_INIT;
    for (size_t i = 0; i < len; i++)
        crc = nr_crc16_bits(crc, p[i], 8);
    return crc; /* xorout is 0 */
}

uint16_t nr_crc16b_bytes(const void *buf, size_t len)
{
    const uint8_t *p = buf;
    uint16_t crc = 0; /* the catalogue's init; the link starts at NR_LINK_CRC2_INIT */
    for (size_t i = 0; i < len; i++)
        crc = nr_crc16b_bits(crc, p[i], 8);
    return crc;
}

uint8_t nr_crc8_bytes(const void *buf, size_t len)
{
    const uint8_t *p = buf;
    uint8_t crc = NR_CRC8_INIT;
    for (size_t i = 0; i < len; i++)
        crc = nr_crc8_bits(crc, p[i], 8);
    return (uint8_t)(crc ^ NR_CRC8_XOROUT);
}

uint8_t nr_crc8_word(uint64_t data, int nbits)
{
    uint8_t crc = NR_CRC8_INIT;
    while (nbits > 0) {
        int n = nbits > 32 ? nbits - 32 : nbits;
        crc = nr_crc8_bits(crc, (uint32_t)(data >> (nbits - n)), n);
        nbits -= n;
    }
    return (uint8_t)(crc ^ NR_CRC8_XOROUT);
}
