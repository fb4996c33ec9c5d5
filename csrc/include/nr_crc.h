/* nr_crc.h - CRC-16/IBM-3740 and CRC-8/I-432-1, bit-identical to the RTL.
 *
 * Both are MSB-first, unreflected shift-register CRCs (docs/packet-format.md).
 * The *_bits functions update a raw register with the low `nbits` bits of
 * `data`, most significant first, and apply no init or xorout: callers start
 * from NR_CRC16_INIT / NR_CRC8_INIT. The *_bytes functions compute the full
 * catalogue CRC (init and xorout applied) over a byte buffer; they exist for
 * the catalogue check values. */
#ifndef NR_CRC_H
#define NR_CRC_H
#include <stddef.h>
#include <stdint.h>

uint16_t nr_crc16_bits(uint16_t crc, uint32_t data, int nbits);
/* The second link CRC-16 of the 32-bit link check (NR_LINK_CRC2_POLY, 0x8BB7,
 * CRC-16/T10-DIF; docs/link-protocol.md 4.1), the same register update. */
uint16_t nr_crc16b_bits(uint16_t crc, uint32_t data, int nbits);
uint8_t nr_crc8_bits(uint8_t crc, uint32_t data, int nbits);
/* CRC-32C (Castagnoli, NR_E2E_CRC_POLY) register update, MSB first, the
 * end-to-end check's CRC (docs/packet-format.md, "End-to-end check"). */
uint32_t nr_crc32c_bits(uint32_t crc, uint32_t data, int nbits);
uint16_t nr_crc16_bytes(const void *buf, size_t len);  /* CRC-16/IBM-3740 */
uint8_t nr_crc8_bytes(const void *buf, size_t len);    /* CRC-8/I-432-1 */
uint16_t nr_crc16b_bytes(const void *buf, size_t len); /* CRC-16/T10-DIF (init 0) */
/* CRC-8/I-432-1 of a short bit string (init 0, xorout 0x55): control words. */
uint8_t nr_crc8_word(uint64_t data, int nbits);

#endif
