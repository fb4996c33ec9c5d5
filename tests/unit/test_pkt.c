/* test_pkt.c - phit fields, PCRC, builder, parser/validator. */
#include "nr_crc.h"
#include "nr_pkt.h"
#include "nr_rng.h"
#include "nr_test.h"

/* The cases' buffers, one case at a time: a packet p, a copy q to damage,
 * what the parser found, the builder's message. */
static uint32_t p[NR_PKT_LEN_LIMIT + 1];
static uint32_t q[NR_PKT_LEN_LIMIT + 1];
static nr_pkt_info_t in;
static char err[200];

/* Parse with NumVcs = 2, MaxPktLen = 64. */
static nr_pkt_status_t parse(const uint32_t *ph, int len, nr_pkt_info_t *in)
{
    return nr_pkt_parse(ph, len, 2, 64, in);
}

static void pkt_fields(void)
{
    /* ---- field layout, exact bits (docs/packet-format.md tables) ---- */
    CHECK_U64(nr_head_make(0x7FFF, 3, 1, 1, 1), (1u << 22) | 0x3FFFFCu);
    CHECK_U64(nr_head_make(1, 0, 0, 0, 0), (1u << 22) | (1u << 7));
    CHECK_U64(nr_head_make(0, 2, 0, 0, 0), (1u << 22) | (2u << 5));
    CHECK_U64(nr_head_make(0, 0, 1, 0, 0), (1u << 22) | (1u << 4));
    CHECK_U64(nr_head_make(0, 0, 0, 1, 0), (1u << 22) | (1u << 3));
    CHECK_U64(nr_head_make(0, 0, 0, 0, 1), (1u << 22) | (1u << 2));
    uint32_t h = nr_head_make(12345, 1, 0, 1, 0);
    CHECK_EQ(nr_phit_kind(h), NR_KIND_HEAD);
    CHECK_EQ(nr_head_dest(h), 12345);
    CHECK_EQ(nr_head_vc(h), 1);
    CHECK_EQ(nr_head_r(h), 0);
    CHECK_EQ(nr_head_a(h), 1);
    CHECK_EQ(nr_head_h(h), 0);
    CHECK_EQ(nr_head_rsvd(h), 0);
    h = nr_head_set_dest(h, 77);
    h = nr_head_set_vc(h, 3);
    h = nr_head_set_r(h, 1);
    h = nr_head_set_a(h, 0);
    h = nr_head_set_h(h, 1);
    CHECK_U64(h, nr_head_make(77, 3, 1, 0, 1));
    CHECK_EQ(nr_head_rsvd(h | 3u), 3);
    unsigned ports[3] = {1, 2, 63};
    uint32_t rt = nr_route_make(ports, 3);
    CHECK_U64(rt, (1u << 16) | (2u << 10) | (63u << 4));
    CHECK_EQ(nr_phit_kind(rt), NR_KIND_BODY);
    CHECK_EQ(nr_route_port(rt, 0), 1);
    CHECK_EQ(nr_route_port(rt, 1), 2);
    CHECK_EQ(nr_route_port(rt, 2), 63);
    CHECK_U64(nr_route_set_port(rt, 1, 40), (1u << 16) | (40u << 10) | (63u << 4));
    CHECK_U64(nr_route_make(ports, 1), 1u << 16);
    CHECK_U64(nr_hash_make(0x3ABCDE), 0x3ABCDEu);
    CHECK_EQ(nr_hash_key(nr_hash_make(0x7FFFFFF)), 0x3FFFFF);
    uint32_t e = nr_eop_make(NR_OK_SOFT_ERR, 0xBEEF);
    CHECK_U64(e, (2u << 22) | (2u << 20) | 0xBEEFu);
    CHECK_EQ(nr_eop_ok(e), 2);
    CHECK_EQ(nr_eop_crc(e), 0xBEEF);
    CHECK_EQ(nr_eop_rsvd(e | (5u << 16)), 5);
    CHECK_U64(nr_phit_make(NR_KIND_RSVD, 0xFFFFFFFF), 0xFFFFFFu);
    CHECK_EQ(nr_phit_data(0xFFFFFF), 0x3FFFFF);
}

static void pkt_pcrc(void)
{
    /* ---- PCRC known answer. Computed once by a separate Python bit-list
     * CRC-16 (poly 0x1021, init 0xFFFF, MSB first) over 3 x 22 data bits then
     * the 6 EOP bits, as docs/packet-format.md defines; pasted here. ---- */
    p[0] = nr_head_make(5, 1, 0, 0, 0);
    p[1] = nr_phit_make(NR_KIND_BODY, 0x155555);
    p[2] = nr_phit_make(NR_KIND_BODY, 0x000001);
    p[3] = nr_eop_make(NR_OK_HEALTHY, 0);
    CHECK_EQ(nr_pcrc(p, 4), 0xA299);
    p[3] = nr_eop_make(NR_OK_SOFT_ERR, 0x1234); /* crc field itself is not fed */
    CHECK_EQ(nr_pcrc(p, 4), 0x86FB);
    nr_pkt_set_ok(p, 4, NR_OK_HEALTHY);
    CHECK_EQ(nr_eop_crc(p[3]), 0xA299);
    CHECK_EQ(nr_eop_ok(p[3]), 0);
    /* The kind bits are not covered: only data fields are fed. */
    uint32_t p2[4] = {p[0], p[1] | (3u << 22), p[2], p[3]};
    CHECK_EQ(nr_pcrc(p2, 4), nr_pcrc(p, 4));
}

static void pkt_builder(void)
{
    /* ---- builder ---- */
    nr_pkt_desc_t d = nr_pkt_desc(9, 300, 1, 4242, 19);
    CHECK_EQ(nr_pkt_min_len(&d), 4);
    CHECK_EQ(nr_pkt_build(&d, p, 64, err, sizeof err), 19);
    CHECK_EQ(parse(p, 19, &in), NR_PKT_GOOD);
    CHECK_EQ(in.malformed, 0);
    CHECK_EQ(in.dest, 300);
    CHECK_EQ(in.vc, 1);
    CHECK_EQ(in.hdr_len, 1);
    CHECK(in.has_tag);
    CHECK_EQ(in.tag_src, 9);
    CHECK_EQ(in.tag_vc, 1);
    CHECK_EQ(in.tag_seq, 4242);
    CHECK_EQ(in.ok, NR_OK_HEALTHY);
    /* Tag layout, exact bits. */
    CHECK_U64(p[1], (NR_TAG_MAGIC << 17) | (1u << 15) | 9u);
    CHECK_U64(p[2], 4242u);
    /* Payload: the documented function of (src, dest, vc, seq, j). */
    for (int j = 3; j < 18; j++) {
        CHECK_EQ(nr_phit_kind(p[j]), NR_KIND_BODY);
        CHECK_U64(nr_phit_data(p[j]), nr_pkt_payload_data(9, 300, 1, 4242, j));
    }
    CHECK_U64(nr_pkt_payload_data(9, 300, 1, 4242, 3),
              nr_rng_mix64(((uint64_t)9 << 39 | (uint64_t)300 << 24 | (uint64_t)1 << 22 | 4242) ^
                           ((uint64_t)3 << 54)) &
                  0x3FFFFF);
    /* Deterministic: the same descriptor gives the same phits. */
    CHECK_EQ(nr_pkt_build(&d, q, 64, NULL, 0), 19);
    CHECK(memcmp(p, q, 19 * sizeof p[0]) == 0);
    /* Any field change changes the payload. */
    nr_pkt_desc_t d2 = d;
    d2.seq++;
    nr_pkt_build(&d2, q, 64, NULL, 0);
    CHECK(p[5] != q[5]);
    d2 = d;
    d2.src++;
    nr_pkt_build(&d2, q, 64, NULL, 0);
    CHECK(p[5] != q[5]);
    /* r and h: route then hash phit, then the tag. */
    d = nr_pkt_desc(1, 2, 0, 3, 6);
    d.r = 1;
    d.h = 1;
    d.a = 1;
    d.route[0] = 5;
    d.route[1] = 6;
    d.route[2] = 7;
    d.hash = 0x2ABCDE;
    CHECK_EQ(nr_pkt_min_len(&d), 6);
    CHECK_EQ(nr_pkt_build(&d, p, 64, err, sizeof err), 6);
    CHECK_EQ(parse(p, 6, &in), NR_PKT_GOOD);
    CHECK_EQ(in.hdr_len, 3);
    CHECK_EQ(nr_route_port(p[1], 0), 5);
    CHECK_EQ(nr_route_port(p[1], 2), 7);
    CHECK_EQ(nr_hash_key(p[2]), 0x2ABCDE);
    CHECK(in.has_tag);
    CHECK_EQ(in.tag_src, 1);
    CHECK_EQ(in.tag_seq, 3);
    CHECK_EQ(nr_phit_kind(p[5]), NR_KIND_EOP);
    /* Too short: a clear error naming the minimum. */
    d.len = 5;
    CHECK_EQ(nr_pkt_build(&d, p, 64, err, sizeof err), -1);
    CHECK_STR(err, "length 5 too short");
    CHECK_STR(err, "at least 6");
    d = nr_pkt_desc(1, 2, 0, 3, 3);
    CHECK_EQ(nr_pkt_build(&d, p, 64, err, sizeof err), -1);
    CHECK_STR(err, "at least 4");
    d = nr_pkt_desc(1, 2, 0, 3, NR_PKT_LEN_LIMIT + 1);
    CHECK_EQ(nr_pkt_build(&d, p, NR_PKT_LEN_LIMIT + 1, err, sizeof err), -1);
    CHECK_STR(err, "builder limit");
    d = nr_pkt_desc(1, 2, 0, 3, 30);
    CHECK_EQ(nr_pkt_build(&d, p, 20, err, sizeof err), -1);
    CHECK_STR(err, "too small");
    d = nr_pkt_desc(1, 40000, 0, 3, 8);
    CHECK_EQ(nr_pkt_build(&d, p, 64, err, sizeof err), -1);
    CHECK_STR(err, "dest 40000");
    d = nr_pkt_desc(1, 2, 4, 3, 8);
    CHECK_EQ(nr_pkt_build(&d, p, 64, err, sizeof err), -1);
    CHECK_STR(err, "vc 4");
    d = nr_pkt_desc(1, 2, 0, 1u << 22, 8);
    CHECK_EQ(nr_pkt_build(&d, p, 64, err, sizeof err), -1);
    CHECK_STR(err, "seq");
    d = nr_pkt_desc(1, 2, 0, 3, 8);
    d.r = 1;
    d.route[1] = 64;
    CHECK_EQ(nr_pkt_build(&d, p, 64, err, sizeof err), -1);
    CHECK_STR(err, "route hop 1");
}

static void pkt_parser(void)
{
    /* ---- parser: every malformation class, one at a time ---- */
    nr_pkt_desc_t d = nr_pkt_desc(3, 4, 1, 5, 8);
    int n = nr_pkt_build(&d, p, 64, NULL, 0);
    CHECK_EQ(n, 8);
#define MUT(code, expect_mask, expect_bad)                                                         \
    do {                                                                                           \
        memcpy(q, p, sizeof p);                                                                    \
        int ql = n;                                                                                \
        code;                                                                                      \
        (void)ql;                                                                                  \
        CHECK_EQ(parse(q, ql, &in), NR_PKT_MALFORMED);                                             \
        CHECK_EQ(in.malformed, (expect_mask));                                                     \
        CHECK_EQ(in.bad_index, (expect_bad));                                                      \
    } while (0)
    MUT(ql = 1, NR_PKT_M_SHORT, -1);
    MUT(q[0] = nr_phit_make(NR_KIND_BODY, q[0]), NR_PKT_M_NOHEAD, 0);
    MUT(q[3] = nr_eop_make(0, 0), NR_PKT_M_MIDKIND, 3);
    MUT(q[2] = nr_phit_make(NR_KIND_HEAD, q[2]), NR_PKT_M_MIDKIND, 2);
    MUT(q[7] = nr_phit_make(NR_KIND_BODY, q[7]), NR_PKT_M_NOEOP, 7);
    MUT(q[4] = nr_phit_make(NR_KIND_RSVD, q[4]), NR_PKT_M_RSVDKIND, 4);
    MUT(q[0] = nr_phit_make(NR_KIND_RSVD, q[0]), NR_PKT_M_RSVDKIND | NR_PKT_M_NOHEAD, 0);
    MUT(q[0] = nr_head_set_vc(q[0], 2), NR_PKT_M_VC, -1);
    MUT(q[0] |= 1u, NR_PKT_M_HEADRSVD, -1);
    MUT(q[7] |= 1u << 18, NR_PKT_M_EOPRSVD, -1);
    MUT(nr_pkt_set_ok(q, ql, NR_OK_RSVD), NR_PKT_M_OKRSVD, -1);
    MUT((q[0] = nr_head_set_r(nr_head_set_h(q[0], 1), 1), q[1] = q[7], ql = 2), NR_PKT_M_HDRLEN,
        -1);
    /* Over-long: 65 phits against MaxPktLen 64; 65 is fine with max 80. */
    d = nr_pkt_desc(3, 4, 1, 5, 65);
    CHECK_EQ(nr_pkt_build(&d, q, 200, NULL, 0), 65);
    CHECK_EQ(parse(q, 65, &in), NR_PKT_MALFORMED);
    CHECK_EQ(in.malformed, NR_PKT_M_LONG);
    CHECK_EQ(nr_pkt_parse(q, 65, 2, 80, &in), NR_PKT_GOOD);
    CHECK_EQ(nr_pkt_parse(q, 64, 2, 0, &in), NR_PKT_MALFORMED); /* 0 = NR_MAX_PKT_LEN */
    CHECK_EQ(in.malformed, NR_PKT_M_NOEOP);
    /* VC range depends on NumVcs: vc 1 is malformed with NumVcs = 1. */
    CHECK_EQ(nr_pkt_parse(p, n, 1, 64, &in), NR_PKT_MALFORMED);
    CHECK_EQ(in.malformed, NR_PKT_M_VC);
    CHECK_EQ(nr_pkt_parse(p, n, 4, 64, &in), NR_PKT_GOOD);
    /* A 2-phit packet (head + EOP) is well formed and has no tag. */
    q[0] = nr_head_make(1, 0, 0, 0, 0);
    q[1] = nr_eop_make(0, 0);
    nr_pkt_fix_crc(q, 2);
    CHECK_EQ(parse(q, 2, &in), NR_PKT_GOOD);
    CHECK_EQ(in.has_tag, 0);
    /* Names. */
    CHECK_STR(nr_pkt_malformed_str(NR_PKT_M_VC | NR_PKT_M_NOEOP, err, sizeof err),
              "no_eop,vc_range");
    CHECK_STR(nr_pkt_status_name(NR_PKT_BAD_CRC), "bad_crc");
    CHECK_STR(nr_pkt_malformed_name(NR_PKT_M_OKRSVD), "ok_rsvd");
}

static void pkt_crc_ok(void)
{
    /* ---- CRC mismatch and ok field ---- */
    /* the parser's well-formed 8-phit packet */
    nr_pkt_desc_t d = nr_pkt_desc(3, 4, 1, 5, 8);
    int n = nr_pkt_build(&d, p, 64, NULL, 0);
    memcpy(q, p, sizeof p);
    q[4] ^= 1u << 9;
    CHECK_EQ(parse(q, n, &in), NR_PKT_BAD_CRC);
    CHECK_EQ(in.crc_ok, 0);
    CHECK_EQ(in.crc_rx, nr_eop_crc(p[7]));
    memcpy(q, p, sizeof p);
    nr_pkt_set_ok(q, n, NR_OK_TX_ERR);
    CHECK_EQ(parse(q, n, &in), NR_PKT_NOT_HEALTHY);
    CHECK_EQ(in.ok, NR_OK_TX_ERR);
    CHECK(in.crc_ok);
    CHECK(nr_eop_crc(q[7]) != nr_eop_crc(p[7])); /* ok is covered by the CRC */
    memcpy(q, p, sizeof p);
    q[7] = nr_eop_make(NR_OK_SOFT_ERR, nr_eop_crc(q[7])); /* flip ok without a new CRC */
    CHECK_EQ(parse(q, n, &in), NR_PKT_BAD_CRC);

    /* Every 1- and 2-bit error in the 402 covered bits of a 19-phit packet
     * (18 x 22 data bits, then EOP bits 21:16) is caught: CRC-16/IBM-3740 has
     * Hamming distance 4 at this length. */
    d = nr_pkt_desc(17, 18, 0, 99, 19);
    n = nr_pkt_build(&d, p, 64, NULL, 0);
    {
        long missed = 0, tried = 0;
        int nb = 18 * 22 + 6; /* data bits of phits 0..17, then EOP 21:16 */
        for (int a = 0; a < nb; a++) {
            for (int b = a; b < nb; b++) {
                memcpy(q, p, 19 * sizeof p[0]);
                int ia = a < 396 ? a / 22 : 18, ba = a < 396 ? a % 22 : 16 + (a - 396);
                int ib = b < 396 ? b / 22 : 18, bb = b < 396 ? b % 22 : 16 + (b - 396);
                q[ia] ^= 1u << ba;
                if (b != a) q[ib] ^= 1u << bb;
                tried++;
                missed += nr_pcrc(q, 19) == nr_eop_crc(p[18]);
            }
        }
        CHECK_EQ(tried, (long)nb * (nb + 1) / 2);
        CHECK_EQ(missed, 0);
    }
}

static void pkt_route_hop(void)
{
    /* ---- the expected transform of a router hop (nr_pkt_route_hop) ---- */
    nr_pkt_desc_t d = nr_pkt_desc(1, 2, 0, 3, 8);
    d.r = 1;
    d.route[0] = 1;
    d.route[1] = 2;
    d.route[2] = 63;
    int n = nr_pkt_build(&d, p, 64, NULL, 0);
    memcpy(q, p, (size_t)n * sizeof p[0]);
    nr_pkt_route_hop(q, n);
    CHECK_EQ(nr_route_port(q[1], 0), 2);
    CHECK_EQ(nr_route_port(q[1], 1), 63);
    CHECK_EQ(nr_phit_data(q[1]) & 0x3F, 1); /* hop 0 went to bits 5:0 */
    CHECK_EQ(nr_eop_crc(q[n - 1]), nr_pcrc(q, n));
    CHECK(memcmp(q + 2, p + 2, (size_t)(n - 3) * sizeof p[0]) == 0);
    d.r = 0;
    n = nr_pkt_build(&d, p, 64, NULL, 0);
    memcpy(q, p, (size_t)n * sizeof p[0]);
    nr_pkt_route_hop(q, n); /* no route phit: unchanged */
    CHECK(memcmp(q, p, (size_t)n * sizeof p[0]) == 0);
}

static void pkt_e2e(void)
{
    /* ---- end-to-end check (docs/packet-format.md, "End-to-end check") ----
     * Known answers computed once by a separate Python bit-list CRC-32C
     * (poly 0x1EDC6F41, MSB first, init 0xFFFFFFFF, xorout 0): over ASCII
     * "123456789", and over head(dest 5, vc 1) bits 21:2 then three 22-bit
     * data fields. */
    {
        uint32_t c = 0xFFFFFFFFu;
        const char *digits = "123456789";
        for (int i = 0; i < 9; i++) c = nr_crc32c_bits(c, (uint8_t)digits[i], 8);
        CHECK_U64(c, 0xFABBF0EAu);
        uint32_t e2[7] = {nr_head_make(5, 1, 0, 0, 0),
                          nr_phit_make(NR_KIND_BODY, 0x155555),
                          nr_phit_make(NR_KIND_BODY, 0x000001),
                          nr_phit_make(NR_KIND_BODY, 0x2ABCDE),
                          0,
                          0,
                          nr_eop_make(NR_OK_HEALTHY, 0)};
        CHECK_U64(nr_pkt_e2e_crc(e2, 7), 0x4C6D0057u);
        nr_pkt_e2e_seal(e2, 7);
        CHECK_U64(e2[4], nr_phit_make(NR_KIND_BODY, 0x4C6D));
        CHECK_U64(e2[5], nr_phit_make(NR_KIND_BODY, 0x0057));
        CHECK(nr_pkt_e2e_ok(e2, 7));
    }
    nr_pkt_desc_t d = nr_pkt_desc(17, 18, 1, 99, 19);
    d.e2e = 1;
    CHECK_EQ(nr_pkt_min_len(&d), 6);
    int n = nr_pkt_build(&d, p, 64, err, sizeof err);
    CHECK_EQ(n, 19);
    CHECK_EQ(parse(p, 19, &in), NR_PKT_GOOD); /* PCRC over the trailer too */
    CHECK(in.has_tag);
    CHECK(nr_pkt_e2e_ok(p, 19));
    CHECK_EQ(nr_phit_data(p[16]) >> 16, 0);
    CHECK_EQ(nr_phit_data(p[17]) >> 16, 0);
    /* Without e2e the same descriptor's last payload phits differ. */
    d.e2e = 0;
    nr_pkt_build(&d, q, 64, NULL, 0);
    CHECK(!nr_pkt_e2e_ok(q, 19));
    d.e2e = 1;
    d.len = 5;
    CHECK_EQ(nr_pkt_build(&d, q, 64, err, sizeof err), -1);
    CHECK_STR(err, "end-to-end check phits");
    /* Every 1- and 2-bit error in the covered bits (head 21:2, then 17 x 22
     * payload and trailer data bits) is caught: CRC-32C has Hamming distance
     * 6 at these lengths. Head bits 1:0 and the EOP are not covered. */
    {
        long missed = 0;
        int nb = 20 + 17 * 22;
        for (int a = 0; a < nb; a++) {
            for (int b = a; b < nb; b++) {
                memcpy(q, p, 19 * sizeof p[0]);
                int ia = a < 20 ? 0 : 1 + (a - 20) / 22, ba = a < 20 ? a + 2 : (a - 20) % 22;
                int ib = b < 20 ? 0 : 1 + (b - 20) / 22, bb = b < 20 ? b + 2 : (b - 20) % 22;
                q[ia] ^= 1u << ba;
                if (b != a) q[ib] ^= 1u << bb;
                missed += nr_pkt_e2e_ok(q, 19);
            }
        }
        CHECK_EQ(missed, 0);
    }
    /* A router may rewrite the route phit (rotation at every hop): the check
     * does not cover it, but it does cover the hash-free payload after it. */
    d = nr_pkt_desc(3, 4, 0, 7, 10);
    d.e2e = 1;
    d.r = 1;
    d.route[0] = 9;
    n = nr_pkt_build(&d, p, 64, NULL, 0);
    CHECK(nr_pkt_e2e_ok(p, n));
    p[1] = nr_route_set_port(p[1], 0, 33);
    CHECK(nr_pkt_e2e_ok(p, n));
    p[3] ^= 1u << 21;
    CHECK(!nr_pkt_e2e_ok(p, n));
}

int main(void)
{
    NR_TEST_BEGIN("test_pkt", 7);
    pkt_fields();
    pkt_pcrc();
    pkt_builder();
    pkt_parser();
    pkt_crc_ok();
    pkt_route_hop();
    pkt_e2e();
    NR_TEST_END("test_pkt");
}
