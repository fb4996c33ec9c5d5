/* crc.c - the kit's CRCs: bit-serial references, table-driven CRC-16s.
 * See nr_crc.h. */
#include "nr_crc.h"
#include "nr_fmt.h"

static uint16_t crc16_poly_bits(uint16_t crc, uint16_t poly, uint32_t data, int nbits)
{
    for (int i = nbits - 1; i >= 0; i--) {
        unsigned in = ((data >> i) & 1u) ^ ((crc >> 15) & 1u);
        crc = (uint16_t)(crc << 1);
        if (in) crc ^= poly;
    }
    return crc;
}

/* Byte tables of the two link CRC-16s: T[b] is the register b << 8 after 8
 * zero bits. The model spends a fifth of a router's simulated cycle in these
 * updates, so whole bytes go through the table; test_crc checks every width
 * against the bit-serial form and the cells tests against the RTL trees. Filled before main (a constructor), so threads only read. */
static uint16_t tab16[256], tab16b[256];
/* The leading k = nbits % 8 bits (1..7) go through a table of their own:
 * L[k][y] is the register y << (16 - k) after k zero bits, and k bits d move a
 * register c to (c << k) ^ L[k][top k bits of c ^ d] (the low 16 - k bits of
 * c only shift, the top k bits and the data are linear). A 22-bit phit is
 * 6 + 8 + 8 bits: three look-ups. */
static uint16_t lead16[8][128], lead16b[8][128];
/* A whole 22-bit phit, the commonest update: the register after 22 bits is
 * linear in the register and in the data separately, so it is the XOR of five
 * independent look-ups, Z[0][c >> 8] ^ Z[1][c & 0xFF] (the register after 22
 * zero bits) ^ D[0][d >> 16] ^ D[1][(d >> 8) & 0xFF] ^ D[2][d & 0xFF] (the
 * 22 bits from a zero register). */
typedef struct {
    uint16_t z[2][256], d[3][256];
} crc16_w22;
static crc16_w22 w22, w22b;

__attribute__((constructor)) static void crc16_tables(void)
{
    for (unsigned b = 0; b < 256; b++) {
        tab16[b] = crc16_poly_bits((uint16_t)(b << 8), NR_CRC16_POLY, 0, 8);
        tab16b[b] = crc16_poly_bits((uint16_t)(b << 8), NR_LINK_CRC2_POLY, 0, 8);
    }
    for (int k = 1; k < 8; k++)
        for (unsigned y = 0; y < (1u << k); y++) {
            lead16[k][y] = crc16_poly_bits((uint16_t)(y << (16 - k)), NR_CRC16_POLY, 0, k);
            lead16b[k][y] = crc16_poly_bits((uint16_t)(y << (16 - k)), NR_LINK_CRC2_POLY, 0, k);
        }
    const uint16_t polys[2] = {NR_CRC16_POLY, NR_LINK_CRC2_POLY};
    crc16_w22 *w[2] = {&w22, &w22b};
    for (int i = 0; i < 2; i++)
        for (unsigned b = 0; b < 256; b++) {
            w[i]->z[0][b] = crc16_poly_bits((uint16_t)(b << 8), polys[i], 0, 22);
            w[i]->z[1][b] = crc16_poly_bits((uint16_t)b, polys[i], 0, 22);
            w[i]->d[0][b] = b < 64 ? crc16_poly_bits(0, polys[i], b << 16, 22) : 0;
            w[i]->d[1][b] = crc16_poly_bits(0, polys[i], b << 8, 22);
            w[i]->d[2][b] = crc16_poly_bits(0, polys[i], b, 22);
        }
}

static inline uint16_t crc16_w22_upd(const crc16_w22 *w, uint16_t crc, uint32_t data)
{
    return (uint16_t)(w->z[0][crc >> 8] ^ w->z[1][crc & 0xFFu] ^ w->d[0][(data >> 16) & 0x3Fu] ^
                      w->d[1][(data >> 8) & 0xFFu] ^ w->d[2][data & 0xFFu]);
}

static uint16_t crc16_tab_bits(uint16_t crc, const uint16_t *tab, const uint16_t (*lt)[128],
                               uint32_t data, int nbits)
{
    int lead = nbits & 7;
    if (lead) {
        unsigned y =
            ((unsigned)(crc >> (16 - lead)) ^ (data >> (nbits - lead))) & ((1u << lead) - 1);
        crc = (uint16_t)((crc << lead) ^ lt[lead][y]);
    }
    for (int sh = nbits - lead - 8; sh >= 0; sh -= 8)
        crc = (uint16_t)((crc << 8) ^ tab[((crc >> 8) ^ (data >> sh)) & 0xFFu]);
    return crc;
}

uint16_t nr_crc16_bits(uint16_t crc, uint32_t data, int nbits)
{
    if (nbits == 22) return crc16_w22_upd(&w22, crc, data);
    return crc16_tab_bits(crc, tab16, lead16, data, nbits);
}

uint16_t nr_crc16b_bits(uint16_t crc, uint32_t data, int nbits)
{
    if (nbits == 22) return crc16_w22_upd(&w22b, crc, data);
    return crc16_tab_bits(crc, tab16b, lead16b, data, nbits);
}

uint8_t nr_crc8_bits(uint8_t crc, uint32_t data, int nbits)
{
    for (int i = nbits - 1; i >= 0; i--) {
        unsigned in = ((data >> i) & 1u) ^ ((crc >> 7) & 1u);
        crc = (uint8_t)(crc << 1);
        if (in) crc ^= NR_CRC8_POLY;
    }
    return crc;
}

uint32_t nr_crc32c_bits(uint32_t crc, uint32_t data, int nbits)
{
    for (int i = nbits - 1; i >= 0; i--) {
        unsigned in = ((data >> i) & 1u) ^ ((crc >> 31) & 1u);
        crc <<= 1;
        if (in) crc ^= (uint32_t)NR_E2E_CRC_POLY;
    }
    return crc;
}

uint16_t nr_crc16_bytes(const void *buf, size_t len)
{
    const uint8_t *p = buf;
    uint16_t crc = NR_CRC16_INIT;
    for (size_t i = 0; i < len; i++) crc = nr_crc16_bits(crc, p[i], 8);
    return crc; /* xorout is 0 */
}

uint16_t nr_crc16b_bytes(const void *buf, size_t len)
{
    const uint8_t *p = buf;
    uint16_t crc = 0; /* the catalogue's init; the link starts at NR_LINK_CRC2_INIT */
    for (size_t i = 0; i < len; i++) crc = nr_crc16b_bits(crc, p[i], 8);
    return crc;
}

uint8_t nr_crc8_bytes(const void *buf, size_t len)
{
    const uint8_t *p = buf;
    uint8_t crc = NR_CRC8_INIT;
    for (size_t i = 0; i < len; i++) crc = nr_crc8_bits(crc, p[i], 8);
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
