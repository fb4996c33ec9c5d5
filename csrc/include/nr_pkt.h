/* nr_pkt.h - core phits and packets: field access, PCRC, builder, parser.
 *
 * A core phit is 24 bits in a uint32_t: kind in bits 23:22, data in 21:0
 * (docs/packet-format.md; constants in nr_fmt.h). A packet is an array of
 * core phits: HEAD, optional route phit (r=1), optional hash phit (h=1),
 * payload, EOP.
 *
 * Test tag (written by nr_pkt_build, read by nr_pkt_parse and the scoreboard).
 * The first two payload phits, right after the optional header phits, are:
 *     T0 data: bits 21:17 NR_TAG_MAGIC (5'b10110), bits 16:15 vc, 14:0 src
 *     T1 data: bits 21:0  seq, the per-flow sequence number
 * A flow is (src, dest, vc); dest and vc also sit in the head. The remaining
 * payload phits at packet position j (head = 0) carry
 *     data = nr_rng_mix64(K ^ ((uint64_t)j << 54)) & 0x3FFFFF,
 *     K = src << 39 | dest << 24 | vc << 22 | seq,
 * so every payload phit is a fixed function of (src, dest, vc, seq, j).
 * A tagged packet needs len >= 1 + r + h + 2 + 1 phits.
 */
#ifndef NR_PKT_H
#define NR_PKT_H
#include <stddef.h>
#include <stdint.h>
#include "nr_fmt.h"

#define NR_DATA_MASK ((1u << NR_DATA_W) - 1u) /* 0x3FFFFF */
#define NR_PHIT_MASK ((1u << NR_PHIT_W) - 1u) /* 0xFFFFFF */
#define NR_DEST_MAX ((1u << NR_HEAD_DEST_W) - 1u)
#define NR_SEQ_MASK NR_DATA_MASK /* 22-bit flow sequence number */
#define NR_TAG_MAGIC 0x16u       /* T0 bits 21:17 */
#define NR_TAG_PHITS 2
#define NR_PKT_LEN_LIMIT 1024 /* longest packet the builder makes (phits, EOP included) */

/* ---- phit fields. Pure functions: call them anywhere. ---- */

/* Kind (NR_KIND_*) of a core phit. */
unsigned nr_phit_kind(uint32_t ph);
/* 22-bit data field of a phit. */
uint32_t nr_phit_data(uint32_t ph);
/* Core phit from a kind and a data field (data is masked to 22 bits). */
uint32_t nr_phit_make(unsigned kind, uint32_t data);

/* HEAD phit with the given fields, rsvd bits zero. Fields are masked to their
 * widths (dest 15 bits, vc 2 bits, r/a/h 1 bit): validate before calling. */
uint32_t nr_head_make(unsigned dest, unsigned vc, unsigned r, unsigned a, unsigned h);
unsigned nr_head_dest(uint32_t ph); /* head dest, bits 21:7 */
unsigned nr_head_vc(uint32_t ph);   /* head vc, bits 6:5 */
unsigned nr_head_r(uint32_t ph);    /* head r bit (route phit follows) */
unsigned nr_head_a(uint32_t ph);    /* head a bit (adaptive) */
unsigned nr_head_h(uint32_t ph);    /* head h bit (hash phit follows) */
unsigned nr_head_rsvd(uint32_t ph); /* head rsvd bits 1:0 (must be zero) */
/* Return the phit with one head field replaced; other bits unchanged. */
uint32_t nr_head_set_dest(uint32_t ph, unsigned dest);
uint32_t nr_head_set_vc(uint32_t ph, unsigned vc);
uint32_t nr_head_set_r(uint32_t ph, unsigned r);
uint32_t nr_head_set_a(uint32_t ph, unsigned a);
uint32_t nr_head_set_h(uint32_t ph, unsigned h);

/* BODY route phit from nhops (0..NR_ROUTE_HOPS) 6-bit ports; hop i at bits
 * 21-6i..16-6i, unused hops and bits 3:0 zero. */
uint32_t nr_route_make(const unsigned *ports, int nhops);
/* Port of hop `hop` (0..2) in a route phit. */
unsigned nr_route_port(uint32_t ph, int hop);
/* Route phit with hop `hop` replaced by `port`. */
uint32_t nr_route_set_port(uint32_t ph, int hop, unsigned port);

/* BODY hash phit carrying a 22-bit hash key, and the key of a hash phit. */
uint32_t nr_hash_make(uint32_t key);
uint32_t nr_hash_key(uint32_t ph);

/* EOP phit {EOP, ok, rsvd=0, crc}. */
uint32_t nr_eop_make(unsigned ok, uint16_t crc);
unsigned nr_eop_ok(uint32_t ph);   /* ok field, bits 21:20 */
unsigned nr_eop_rsvd(uint32_t ph); /* rsvd, bits 19:16 */
uint16_t nr_eop_crc(uint32_t ph);  /* crc, bits 15:0 */

/* ---- CRC ---- */

/* Packet CRC of ph[0..len-1] (the last phit is the EOP): start 0xFFFF, feed
 * the 22-bit data field of ph[0..len-2] MSB first, then bits 21:16 of
 * ph[len-1]. Kinds are not checked. len < 1 returns 0xFFFF. */
uint16_t nr_pcrc(const uint32_t *ph, int len);
/* Rewrite the EOP's crc field with nr_pcrc(). Call after editing any phit
 * (e.g. to model a router that rewrites the route phit). */
void nr_pkt_fix_crc(uint32_t *ph, int len);
/* The packet as it leaves a router that routed it by its route phit
 * (docs/yarc-arch.md section 4.3): when the head's r bit is set, the route
 * phit ph[1] is rotated left by one hop (6 bits) and the PCRC repaired.
 * The testbenches' expected-packet transform (their own reading of the
 * spec, apart from the models'). */
void nr_pkt_route_hop(uint32_t *ph, int len);
/* Set the EOP's ok field and regenerate the PCRC, as an LCB does when it
 * marks a packet transmit_error or soft_error. */
void nr_pkt_set_ok(uint32_t *ph, int len, unsigned ok);

/* ---- builder ---- */

typedef struct {
    unsigned dest;                 /* 0..32767 */
    unsigned vc;                   /* 0..3 (the builder does not know NumVcs) */
    unsigned r, a, h;              /* routing bits, 0 or 1 */
    unsigned route[NR_ROUTE_HOPS]; /* route phit ports (r=1), 0..63 each */
    uint32_t hash;                 /* hash key (h=1), 22 bits */
    unsigned src;                  /* source node, 0..32767 (tag) */
    uint32_t seq;                  /* per-flow sequence number, 22 bits (tag) */
    int len;                       /* total phits, head and EOP included */
    int e2e;                       /* 1: end a with the end-to-end check (2 phits) */
} nr_pkt_desc_t;

/* The descriptor of a plain tagged packet: src, dest, vc, seq and len as
 * given, every other field 0 (table routed, no hash, no end-to-end check). */
nr_pkt_desc_t nr_pkt_desc(unsigned src, unsigned dest, unsigned vc, uint32_t seq, int len);

/* Smallest len a tagged packet with these r/h bits can have: 1+r+h+2+1, and
 * NR_E2E_PHITS more with e2e. */
int nr_pkt_min_len(const nr_pkt_desc_t *d);

/* Build the packet described by d into out[0..cap-1]: head, route/hash phits,
 * tag, payload, healthy EOP with PCRC. Returns d->len, or -1 with a message in
 * err (if err != NULL) when a field is out of range, len is below
 * nr_pkt_min_len() or above NR_PKT_LEN_LIMIT, or cap < len. Call once per
 * injected packet; the same descriptor always gives the same phits. */
int nr_pkt_build(const nr_pkt_desc_t *d, uint32_t *out, int cap, char *err, size_t errlen);

/* ---- end-to-end check (docs/packet-format.md, "End-to-end check") ----
 * Optional, written by the source endpoint and checked only by the
 * destination, never by a router or LCB: CRC-32C (NR_E2E_CRC_POLY, MSB first,
 * init 0xFFFFFFFF, xorout 0) over the head's data bits 21:2 (dest, vc, r, a,
 * h) and then the 22-bit data of every phit after the route and hash phits
 * up to the trailer; the trailer is the NR_E2E_PHITS phits before the EOP,
 * CRC bits 31:16 then 15:0 in data bits 15:0 (21:16 zero). Route and hash
 * phits are left out because a router may rewrite them (the route phit is
 * rotated at every hop). Independent of the link and packet CRC-16: another
 * polynomial, another width, and no hop recomputes it. */
/* The CRC over ph[0..len-1] as above (the trailer itself not included);
 * len must be at least 1 + r + h + NR_E2E_PHITS + 1. */
uint32_t nr_pkt_e2e_crc(const uint32_t *ph, int len);
/* Write the trailer (then fix the PCRC with nr_pkt_fix_crc). */
void nr_pkt_e2e_seal(uint32_t *ph, int len);
/* 1 if the trailer matches (0 also when the packet is too short for one). */
int nr_pkt_e2e_ok(const uint32_t *ph, int len);

/* Data field the builder puts at position j (head = 0) of a payload phit of
 * flow (src, dest, vc) and sequence number seq. See the top of this file. */
uint32_t nr_pkt_payload_data(unsigned src, unsigned dest, unsigned vc, uint32_t seq, int j);

/* ---- parser / validator ---- */

/* Malformation reasons, a bit mask. */
enum {
    NR_PKT_M_SHORT = 1u << 0,    /* len < NR_MIN_PKT_LEN */
    NR_PKT_M_LONG = 1u << 1,     /* len > max_len */
    NR_PKT_M_NOHEAD = 1u << 2,   /* phit 0 is not HEAD */
    NR_PKT_M_MIDKIND = 1u << 3,  /* a HEAD or EOP between the first and last phit */
    NR_PKT_M_NOEOP = 1u << 4,    /* last phit is not EOP */
    NR_PKT_M_RSVDKIND = 1u << 5, /* some phit has kind RSVD */
    NR_PKT_M_VC = 1u << 6,       /* head vc >= num_vcs */
    NR_PKT_M_HEADRSVD = 1u << 7, /* head rsvd bits non-zero */
    NR_PKT_M_HDRLEN = 1u << 8,   /* too short for the route/hash phits r/h ask for */
    NR_PKT_M_EOPRSVD = 1u << 9,  /* EOP rsvd bits 19:16 non-zero */
    NR_PKT_M_OKRSVD = 1u << 10,  /* EOP ok field is 3 (reserved) */
    NR_PKT_M_COUNT = 11
};

/* Overall verdict, worst first wins: MALFORMED > BAD_CRC > NOT_HEALTHY > GOOD. */
typedef enum {
    NR_PKT_GOOD = 0,        /* well formed, CRC matches, ok = healthy */
    NR_PKT_NOT_HEALTHY = 1, /* well formed, CRC matches, ok = transmit/soft error */
    NR_PKT_BAD_CRC = 2,     /* well formed, CRC in the EOP differs from nr_pcrc() */
    NR_PKT_MALFORMED = 3    /* see info.malformed */
} nr_pkt_status_t;

typedef struct {
    nr_pkt_status_t status;
    unsigned malformed; /* NR_PKT_M_* mask, 0 if well formed */
    int bad_index;      /* first phit with a kind error, -1 if none */
    int crc_ok;         /* EOP crc == computed PCRC (meaningful if len >= 2) */
    uint16_t crc_rx, crc_calc;
    unsigned ok;                /* EOP ok field (0 if the last phit is not an EOP) */
    unsigned dest, vc, r, a, h; /* head fields (from phit 0, whatever its kind) */
    int hdr_len;                /* 1 + r + h */
    int has_tag;                /* tag phits present and T0 magic matches */
    unsigned tag_src, tag_vc;
    uint32_t tag_seq;
} nr_pkt_info_t;

/* Check a received packet ph[0..len-1] against the format for a router with
 * num_vcs VCs and a maximum length max_len (0 means NR_MAX_PKT_LEN). Fills
 * *info and returns info->status. Call on every packet that leaves an output
 * or is discarded; the scoreboard calls it for you. */
nr_pkt_status_t nr_pkt_parse(const uint32_t *ph, int len, int num_vcs, int max_len,
                             nr_pkt_info_t *info);

/* Name of a status ("good", "not_healthy", "bad_crc", "malformed"). */
const char *nr_pkt_status_name(nr_pkt_status_t s);
/* Name of one NR_PKT_M_* bit ("short", "long", ...), "?" for others. */
const char *nr_pkt_malformed_name(unsigned bit);
/* Write the names of the bits set in mask, comma separated, into buf.
 * Returns buf. */
char *nr_pkt_malformed_str(unsigned mask, char *buf, size_t n);

#endif
