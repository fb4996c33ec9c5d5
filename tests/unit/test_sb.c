/* test_sb.c - the scoreboard on crafted sequences: each error class is
 * detected and attributed to the right packet; clean runs pass. */
#include "nr_pkt.h"
#include "nr_rng.h"
#include "nr_sb.h"
#include "nr_test.h"

#define K 16
static int port16(void *ctx, unsigned dest)
{
    (void)ctx;
    return (int)(dest & (K - 1));
}

typedef struct {
    uint32_t ph[80];
    int len;
} pkt_t;

/* A route check (nr_sb_set_route_check): the packets of source s may leave
 * by port s + dest or s + dest + 1 (mod K), so the allowed ports depend on
 * the source, which port_of(dest) cannot express. */
static int route2(void *ctx, unsigned src, const uint32_t *ph, int len, int port, int *ep)
{
    int *calls = ctx;
    (*calls)++;
    CHECK(len >= 4);
    int a = (int)((src + nr_head_dest(ph[0])) % K);
    *ep = a;
    return port == a || port == (a + 1) % K;
}

static pkt_t mk(unsigned src, unsigned dest, unsigned vc, uint32_t seq, int len)
{
    nr_pkt_desc_t d = nr_pkt_desc(src, dest, vc, seq, len);
    pkt_t p;
    char err[160];
    p.len = nr_pkt_build(&d, p.ph, 80, err, sizeof err);
    if (p.len < 0) {
        fprintf(stderr, "build: %s\n", err);
        exit(1);
    }
    return p;
}

static void fresh(nr_sb_t *sb, int relaxed)
{
    nr_sb_cfg_t c;
    nr_sb_cfg_default(&c);
    c.log = NULL;
    c.relaxed = relaxed;
    CHECK_EQ(nr_sb_init(sb, &c, port16, NULL), 0);
}

/* Expect packet p of its flow (seq taken from the scoreboard). */
static pkt_t exp_pkt(nr_sb_t *sb, unsigned src, unsigned dest, unsigned vc, int len,
                     nr_sb_fate_t fate, uint64_t cycle)
{
    uint32_t seq = nr_sb_next_seq(sb, src, dest, vc);
    pkt_t p = mk(src, dest, vc, seq, len);
    CHECK_EQ(nr_sb_expect(sb, p.ph, p.len, cycle, fate, cycle * 10), 0);
    return p;
}

static void check_rec(const nr_sb_t *sb, int i, nr_sb_err_t cls, unsigned src, unsigned dest,
                      unsigned vc, uint32_t seq)
{
    CHECK(i < sb->nrec);
    const nr_sb_record_t *r = &sb->rec[i];
    CHECK_EQ(r->cls, cls);
    CHECK(r->attributed);
    CHECK_EQ(r->src, src);
    CHECK_EQ(r->dest, dest);
    CHECK_EQ(r->vc, vc);
    CHECK_EQ(r->seq, seq);
}

/* ---- clean run: 16 sources, random dests/VCs/lengths, per-flow order
 * kept but flows interleaved; some soft errors; transmit_error copies. */
static void sb_clean_run(void)
{
    nr_sb_t sb;
    nr_sb_match_t m;
    fresh(&sb, 0);
    nr_rng_t r;
    nr_rng_seed(&r, nr_test_seed);
    static pkt_t pend[2000];
    static int fate[2000];
    int np = 0;
    for (int i = 0; i < 2000; i++) {
        unsigned src = (unsigned)nr_rng_below(&r, K), dest = (unsigned)nr_rng_below(&r, K);
        unsigned vc = (unsigned)nr_rng_below(&r, 2);
        int len = 4 + (int)nr_rng_below(&r, 30);
        fate[np] = nr_rng_below(&r, 20) == 0 ? NR_SB_DISCARD_SOFT : NR_SB_DELIVER;
        pend[np] = exp_pkt(&sb, src, dest, vc, len, (nr_sb_fate_t)fate[np], (uint64_t)i);
        np++;
    }
    CHECK_EQ(sb.outstanding, 2000);
    /* Deliver in injection order (keeps every flow in order). */
    long soft = 0;
    for (int i = 0; i < np; i++) {
        unsigned dest = nr_head_dest(pend[i].ph[0]);
        if (fate[i] == NR_SB_DISCARD_SOFT) {
            pkt_t q = pend[i];
            q.ph[3] ^= 0x55; /* the soft error corrupted it, the LCB marked it */
            nr_pkt_set_ok(q.ph, q.len, NR_OK_SOFT_ERR);
            CHECK_EQ(nr_sb_discard(&sb, port16(NULL, dest), q.ph, q.len, NR_OK_SOFT_ERR, 5000), 0);
            soft++;
        } else {
            CHECK_EQ(nr_sb_deliver(&sb, port16(NULL, dest), pend[i].ph, pend[i].len,
                                   5000 + (uint64_t)i, &m),
                     0);
            CHECK(m.matched);
            CHECK_EQ(m.user, (uint64_t)i * 10);
            CHECK_EQ(m.expect_cycle, (uint64_t)i);
        }
        if (i % 100 == 0) /* a transmit_error copy from a link retry */
            CHECK_EQ(nr_sb_discard(&sb, 3, pend[i].ph, pend[i].len, NR_OK_TX_ERR, 5000), 0);
    }
    CHECK_EQ(nr_sb_final(&sb), 0);
    CHECK_EQ(sb.delivered + sb.soft_discards, 2000);
    CHECK_EQ(sb.soft_discards, soft);
    CHECK_EQ(sb.expected_soft, soft);
    CHECK_EQ(sb.tx_err_discards, 20);
    CHECK_EQ(sb.outstanding, 0);
    FILE *f = tmpfile();
    nr_sb_report(&sb, f);
    char buf[2000] = {0};
    CHECK(nr_test_slurp(f, buf, sizeof buf) > 0);
    CHECK_STR(buf, "scoreboard: PASS (0 errors)");
    CHECK_STR(buf, "transmit_error copies 20");
    nr_sb_free(&sb);
}

/* ---- loss: 0, 2 arrive; 1 is reported when 2 overtakes it ---- */
static void sb_loss(void)
{
    nr_sb_t sb;
    fresh(&sb, 0);
    pkt_t a = exp_pkt(&sb, 1, 4, 0, 8, NR_SB_DELIVER, 10);
    exp_pkt(&sb, 1, 4, 0, 8, NR_SB_DELIVER, 11);
    pkt_t c = exp_pkt(&sb, 1, 4, 0, 8, NR_SB_DELIVER, 12);
    CHECK_EQ(nr_sb_deliver(&sb, 4, a.ph, a.len, 100, NULL), 0);
    CHECK_EQ(nr_sb_deliver(&sb, 4, c.ph, c.len, 101, NULL), 1);
    check_rec(&sb, 0, NR_SB_E_LOSS, 1, 4, 0, 1);
    CHECK_EQ(sb.rec[0].expect_cycle, 11);
    CHECK_STR(sb.rec[0].msg, "seq 2 arrived first");
    CHECK_EQ(nr_sb_final(&sb), 1); /* not counted twice at final */
    CHECK_EQ(sb.errors[NR_SB_E_LOSS], 1);
    CHECK_EQ(sb.outstanding, 1);
    nr_sb_free(&sb);
}

/* ---- reorder: 0, 2, 1 - the loss becomes a reorder ---- */
static void sb_reorder(void)
{
    nr_sb_t sb;
    fresh(&sb, 0);
    pkt_t a = exp_pkt(&sb, 2, 5, 1, 6, NR_SB_DELIVER, 10);
    pkt_t b = exp_pkt(&sb, 2, 5, 1, 6, NR_SB_DELIVER, 11);
    pkt_t c = exp_pkt(&sb, 2, 5, 1, 6, NR_SB_DELIVER, 12);
    nr_sb_deliver(&sb, 5, a.ph, a.len, 100, NULL);
    nr_sb_deliver(&sb, 5, c.ph, c.len, 101, NULL);
    CHECK_EQ(nr_sb_deliver(&sb, 5, b.ph, b.len, 102, NULL), 1);
    CHECK_EQ(nr_sb_final(&sb), 1);
    CHECK_EQ(sb.errors[NR_SB_E_LOSS], 0);
    CHECK_EQ(sb.errors[NR_SB_E_REORDER], 1);
    check_rec(&sb, 1, NR_SB_E_REORDER, 2, 5, 1, 1);
    CHECK_EQ(sb.outstanding, 0);
    CHECK_EQ(sb.delivered, 3);
    nr_sb_free(&sb);
}

/* ---- per-packet exemption from order (nr_sb_expect_unordered) ---- */
static void sb_unordered(void)
{
    nr_sb_t sb;
    fresh(&sb, 0);
    pkt_t o0 = exp_pkt(&sb, 3, 6, 0, 5, NR_SB_DELIVER, 10); /* ordered, seq 0 */
    uint32_t s1 = nr_sb_next_seq(&sb, 3, 6, 0);
    pkt_t u1 = mk(3, 6, 0, s1, 5); /* unordered, seq 1 */
    CHECK_EQ(nr_sb_expect_unordered(&sb, u1.ph, u1.len, 11, NR_SB_DELIVER, 0), 0);
    pkt_t o2 = exp_pkt(&sb, 3, 6, 0, 5, NR_SB_DELIVER, 12); /* ordered, seq 2 */
    uint32_t s3 = nr_sb_next_seq(&sb, 3, 6, 0);
    pkt_t u3 = mk(3, 6, 0, s3, 5); /* unordered, seq 3 */
    CHECK_EQ(nr_sb_expect_unordered(&sb, u3.ph, u3.len, 13, NR_SB_DELIVER, 0), 0);
    /* the unordered ones overtake and are overtaken freely */
    CHECK_EQ(nr_sb_deliver(&sb, 6, u3.ph, u3.len, 100, NULL), 0);
    CHECK_EQ(nr_sb_deliver(&sb, 6, o0.ph, o0.len, 101, NULL), 0);
    CHECK_EQ(nr_sb_deliver(&sb, 6, o2.ph, o2.len, 102, NULL), 0);
    CHECK_EQ(nr_sb_deliver(&sb, 6, u1.ph, u1.len, 103, NULL), 0);
    CHECK_EQ(nr_sb_deliver(&sb, 6, u1.ph, u1.len, 104, NULL), 1); /* dup still caught */
    check_rec(&sb, 0, NR_SB_E_DUP, 3, 6, 0, 1);
    CHECK_EQ(nr_sb_final(&sb), 1);
    nr_sb_free(&sb);

    /* ...but the ordered ones keep their own order, and a missing
     * unordered packet is a loss at final */
    fresh(&sb, 0);
    o0 = exp_pkt(&sb, 3, 6, 0, 5, NR_SB_DELIVER, 10);
    s1 = nr_sb_next_seq(&sb, 3, 6, 0);
    u1 = mk(3, 6, 0, s1, 5);
    CHECK_EQ(nr_sb_expect_unordered(&sb, u1.ph, u1.len, 11, NR_SB_DELIVER, 0), 0);
    o2 = exp_pkt(&sb, 3, 6, 0, 5, NR_SB_DELIVER, 12);
    CHECK_EQ(nr_sb_deliver(&sb, 6, o2.ph, o2.len, 100, NULL), 1); /* seq 0 missing */
    check_rec(&sb, 0, NR_SB_E_LOSS, 3, 6, 0, 0);
    CHECK_EQ(nr_sb_deliver(&sb, 6, o0.ph, o0.len, 101, NULL), 1); /* it was reordered */
    check_rec(&sb, 1, NR_SB_E_REORDER, 3, 6, 0, 0);
    CHECK_EQ(nr_sb_final(&sb), 2); /* the reorder, and u1 outstanding */
    check_rec(&sb, 2, NR_SB_E_LOSS, 3, 6, 0, 1);
    nr_sb_free(&sb);
}

/* ---- relaxed order: 2, 0, 1 is fine; loss only at final ---- */
static void sb_relaxed_order(void)
{
    nr_sb_t sb;
    fresh(&sb, 1);
    pkt_t a = exp_pkt(&sb, 2, 5, 1, 6, NR_SB_DELIVER, 10);
    pkt_t b = exp_pkt(&sb, 2, 5, 1, 6, NR_SB_DELIVER, 11);
    pkt_t c = exp_pkt(&sb, 2, 5, 1, 6, NR_SB_DELIVER, 12);
    exp_pkt(&sb, 2, 5, 1, 6, NR_SB_DELIVER, 13);
    CHECK_EQ(nr_sb_deliver(&sb, 5, c.ph, c.len, 100, NULL), 0);
    CHECK_EQ(nr_sb_deliver(&sb, 5, a.ph, a.len, 101, NULL), 0);
    CHECK_EQ(nr_sb_deliver(&sb, 5, b.ph, b.len, 102, NULL), 0);
    CHECK_EQ(nr_sb_deliver(&sb, 5, b.ph, b.len, 103, NULL), 1); /* dup still caught */
    check_rec(&sb, 0, NR_SB_E_DUP, 2, 5, 1, 1);
    CHECK_EQ(nr_sb_final(&sb), 2);
    check_rec(&sb, 1, NR_SB_E_LOSS, 2, 5, 1, 3);
    CHECK_STR(sb.rec[1].msg, "outstanding at final");
    nr_sb_free(&sb);
}

/* ---- loss at final, duplication ---- */
static void sb_final_loss_dup(void)
{
    nr_sb_t sb;
    fresh(&sb, 0);
    pkt_t a = exp_pkt(&sb, 7, 9, 0, 5, NR_SB_DELIVER, 10);
    exp_pkt(&sb, 7, 9, 0, 5, NR_SB_DELIVER, 11);
    CHECK_EQ(nr_sb_deliver(&sb, 9, a.ph, a.len, 100, NULL), 0);
    CHECK_EQ(nr_sb_deliver(&sb, 9, a.ph, a.len, 101, NULL), 1);
    check_rec(&sb, 0, NR_SB_E_DUP, 7, 9, 0, 0);
    CHECK_EQ(nr_sb_final(&sb), 2);
    check_rec(&sb, 1, NR_SB_E_LOSS, 7, 9, 0, 1);
    CHECK_EQ(sb.rec[1].expect_port, 9);
    nr_sb_free(&sb);
}

/* ---- misrouting ---- */
static void sb_misroute(void)
{
    nr_sb_t sb;
    nr_sb_match_t m;
    fresh(&sb, 0);
    pkt_t a = exp_pkt(&sb, 3, 4 + 16, 0, 6, NR_SB_DELIVER, 10); /* dest 20 -> port 4 */
    CHECK_EQ(nr_sb_deliver(&sb, 6, a.ph, a.len, 100, &m), 1);
    check_rec(&sb, 0, NR_SB_E_MISROUTE, 3, 20, 0, 0);
    CHECK_EQ(sb.rec[0].port, 6);
    CHECK_EQ(sb.rec[0].expect_port, 4);
    CHECK(m.matched);
    CHECK_EQ(nr_sb_final(&sb), 1); /* consumed: no extra loss */
    nr_sb_free(&sb);
}

/* ---- payload corruption: index, expected, actual ---- */
static void sb_payload(void)
{
    nr_sb_t sb;
    fresh(&sb, 0);
    pkt_t a = exp_pkt(&sb, 3, 4, 1, 12, NR_SB_DELIVER, 10);
    pkt_t b = exp_pkt(&sb, 3, 4, 1, 12, NR_SB_DELIVER, 11);
    pkt_t q = a;
    q.ph[6] ^= 1u << 13;
    nr_pkt_fix_crc(q.ph, q.len); /* corrupted before a CRC was made: CRC is fine */
    CHECK_EQ(nr_sb_deliver(&sb, 4, q.ph, q.len, 100, NULL), 1);
    check_rec(&sb, 0, NR_SB_E_CORRUPT, 3, 4, 1, 0);
    CHECK_EQ(sb.rec[0].index, 6);
    CHECK_EQ(sb.rec[0].exp, a.ph[6]);
    CHECK_EQ(sb.rec[0].act, q.ph[6]);
    CHECK_STR(sb.rec[0].msg, "phit 6 differs");
    /* Truncated: same prefix, EOP early. */
    q = b;
    q.len = 9;
    q.ph[8] = nr_eop_make(0, 0);
    nr_pkt_fix_crc(q.ph, q.len);
    CHECK_EQ(nr_sb_deliver(&sb, 4, q.ph, q.len, 101, NULL), 1);
    check_rec(&sb, 1, NR_SB_E_CORRUPT, 3, 4, 1, 1);
    CHECK_EQ(sb.rec[1].index, 8);
    CHECK_EQ(nr_sb_final(&sb), 2);
    nr_sb_free(&sb);
}

/* ---- CRC mismatch and malformed, attributed by the tag ---- */
static void sb_crc_malformed(void)
{
    nr_sb_t sb;
    fresh(&sb, 0);
    pkt_t a = exp_pkt(&sb, 3, 4, 1, 12, NR_SB_DELIVER, 10);
    pkt_t b = exp_pkt(&sb, 3, 4, 1, 12, NR_SB_DELIVER, 11);
    pkt_t q = a;
    q.ph[8] ^= 1;
    CHECK_EQ(nr_sb_deliver(&sb, 4, q.ph, q.len, 100, NULL), 1);
    check_rec(&sb, 0, NR_SB_E_CRC, 3, 4, 1, 0);
    q = b;
    q.ph[0] = nr_head_set_vc(q.ph[0], 3); /* vc 3 with NumVcs 2 */
    nr_pkt_fix_crc(q.ph, q.len);
    CHECK_EQ(nr_sb_deliver(&sb, 4, q.ph, q.len, 101, NULL), 1);
    check_rec(&sb, 1, NR_SB_E_MALFORMED, 3, 4, 1, 1); /* found via the tag's VC */
    CHECK_STR(sb.rec[1].msg, "vc_range");
    /* Unattributable: no tag. */
    uint32_t raw[3] = {nr_head_make(4, 0, 0, 0, 0), nr_phit_make(NR_KIND_HEAD, 0),
                       nr_eop_make(0, 0)};
    CHECK_EQ(nr_sb_deliver(&sb, 4, raw, 3, 102, NULL), 1);
    CHECK_EQ(sb.rec[2].cls, NR_SB_E_MALFORMED);
    CHECK_EQ(sb.rec[2].attributed, 0);
    CHECK_STR(sb.rec[2].msg, "mid_kind");
    CHECK_EQ(nr_sb_final(&sb), 3);
    CHECK_EQ(sb.outstanding, 0);
    nr_sb_free(&sb);
}

/* ---- unexpected: never injected, wrong seq, no tag ---- */
static void sb_unexpected(void)
{
    nr_sb_t sb;
    fresh(&sb, 0);
    exp_pkt(&sb, 1, 2, 0, 6, NR_SB_DELIVER, 10);
    pkt_t x = mk(8, 2, 0, 0, 6); /* unknown flow */
    CHECK_EQ(nr_sb_deliver(&sb, 2, x.ph, x.len, 100, NULL), 1);
    CHECK_EQ(sb.rec[0].cls, NR_SB_E_UNEXPECTED);
    CHECK_EQ(sb.rec[0].src, 8);
    x = mk(1, 2, 0, 7, 6); /* known flow, seq never expected */
    CHECK_EQ(nr_sb_deliver(&sb, 2, x.ph, x.len, 101, NULL), 1);
    CHECK_EQ(sb.rec[1].cls, NR_SB_E_UNEXPECTED);
    uint32_t raw[2] = {nr_head_make(2, 0, 0, 0, 0), nr_eop_make(0, 0)};
    nr_pkt_fix_crc(raw, 2);
    CHECK_EQ(nr_sb_deliver(&sb, 2, raw, 2, 102, NULL), 1);
    CHECK_STR(sb.rec[2].msg, "without a test tag");
    CHECK_EQ(nr_sb_final(&sb), 4); /* + the real packet is lost */
    nr_sb_free(&sb);
}

/* ---- cut by the DUT under a counted rule (nr_sb_cut) ---- */
static void sb_cut(void)
{
    nr_sb_t sb;
    fresh(&sb, 0);
    pkt_t c0 = exp_pkt(&sb, 3, 4, 1, 8, NR_SB_DELIVER, 10);
    pkt_t c1 = exp_pkt(&sb, 3, 4, 1, 8, NR_SB_DELIVER, 11);
    pkt_t c2 = exp_pkt(&sb, 3, 4, 1, 8, NR_SB_DELIVER, 12);
    /* c1 is cut before its successor arrives; c0 and c2 in order: clean */
    CHECK_EQ(nr_sb_deliver(&sb, 4, c0.ph, c0.len, 100, NULL), 0);
    nr_sb_match_t m;
    CHECK_EQ(nr_sb_cut_m(&sb, c1.ph, c1.len, 101, &m), 0); /* what it matched */
    CHECK(m.matched && m.src == 3 && m.dest == 4 && m.vc == 1 && m.seq == 1);
    CHECK(m.expect_cycle == 11 && m.user == 110);
    CHECK_EQ(nr_sb_deliver(&sb, 4, c2.ph, c2.len, 102, NULL), 0);
    CHECK_EQ(sb.dut_cut, 1);
    /* the successor passes first (counted lost), the cut is reported
     * after: the loss is taken back */
    pkt_t c3 = exp_pkt(&sb, 3, 4, 1, 8, NR_SB_DELIVER, 13);
    pkt_t c4 = exp_pkt(&sb, 3, 4, 1, 8, NR_SB_DELIVER, 14);
    CHECK_EQ(nr_sb_deliver(&sb, 4, c4.ph, c4.len, 103, NULL), 1);
    CHECK_EQ(sb.errors[NR_SB_E_LOSS], 1);
    CHECK_EQ(nr_sb_cut(&sb, c3.ph, c3.len, 104), 0);
    CHECK_EQ(sb.errors[NR_SB_E_LOSS], 0);
    CHECK_EQ(sb.dut_cut, 2);
    CHECK_EQ(nr_sb_final(&sb), 0);
    /* a cut packet delivered after all, and a cut of one never expected
     * or already delivered: errors */
    CHECK_EQ(nr_sb_deliver(&sb, 4, c1.ph, c1.len, 105, NULL), 1);
    CHECK_EQ(nr_sb_cut(&sb, c2.ph, c2.len, 106), 1);
    pkt_t x = mk(9, 4, 0, 0, 8);
    CHECK_EQ(nr_sb_cut_m(&sb, x.ph, x.len, 107, &m), 1);
    CHECK(!m.matched);
    CHECK_STR(sb.rec[sb.nrec - 1].msg, "cut by the DUT");
    nr_sb_free(&sb);
}

/* ---- soft errors: matched, fallback by port, and every fate error ---- */
static void sb_soft_errors(void)
{
    nr_sb_t sb;
    fresh(&sb, 0);
    pkt_t s0 = exp_pkt(&sb, 5, 6, 0, 10, NR_SB_DISCARD_SOFT, 10);
    pkt_t d1 = exp_pkt(&sb, 5, 6, 0, 10, NR_SB_DELIVER, 11);
    /* d1 overtakes the soft-error packet: no loss (soft ones are not ordered). */
    CHECK_EQ(nr_sb_deliver(&sb, 6, d1.ph, d1.len, 100, NULL), 0);
    pkt_t q = s0;
    nr_pkt_set_ok(q.ph, q.len, NR_OK_SOFT_ERR);
    CHECK_EQ(nr_sb_discard(&sb, 6, q.ph, q.len, NR_OK_SOFT_ERR, 101), 0);
    CHECK_EQ(sb.soft_discards, 1);
    /* Tag destroyed by the soft error: the oldest soft packet for the port. */
    exp_pkt(&sb, 5, 6, 0, 10, NR_SB_DELIVER, 12);
    pkt_t s3 = exp_pkt(&sb, 9, 6, 1, 10, NR_SB_DISCARD_SOFT, 13);
    q = s3;
    q.ph[1] = nr_phit_make(NR_KIND_BODY, 0);
    nr_pkt_set_ok(q.ph, q.len, NR_OK_SOFT_ERR);
    CHECK_EQ(nr_sb_discard(&sb, 6, q.ph, q.len, NR_OK_SOFT_ERR, 102), 0);
    CHECK_EQ(sb.soft_discards, 2);
    /* No soft packet outstanding: unexpected. */
    CHECK_EQ(nr_sb_discard(&sb, 6, NULL, 0, NR_OK_SOFT_ERR, 103), 1);
    CHECK_EQ(sb.rec[0].cls, NR_SB_E_UNEXPECTED);
    CHECK_STR(sb.rec[0].msg, "matches no outstanding soft-error packet");
    /* A DELIVER packet discarded as soft_error: fate (seq 2 of 5->6). */
    pkt_t d2 = mk(5, 6, 0, 2, 10);
    nr_pkt_set_ok(d2.ph, d2.len, NR_OK_SOFT_ERR);
    CHECK_EQ(nr_sb_discard(&sb, 6, d2.ph, d2.len, NR_OK_SOFT_ERR, 104), 1);
    check_rec(&sb, 1, NR_SB_E_FATE, 5, 6, 0, 2);
    CHECK_STR(sb.rec[1].msg, "no soft error was injected");
    /* A DISCARD_SOFT packet delivered healthy: fate. */
    pkt_t s4 = exp_pkt(&sb, 5, 6, 0, 10, NR_SB_DISCARD_SOFT, 14);
    CHECK_EQ(nr_sb_deliver(&sb, 6, s4.ph, s4.len, 105, NULL), 1);
    check_rec(&sb, 2, NR_SB_E_FATE, 5, 6, 0, 3);
    /* A packet marked transmit_error delivered: fate. */
    pkt_t d5 = exp_pkt(&sb, 5, 6, 0, 10, NR_SB_DELIVER, 15);
    nr_pkt_set_ok(d5.ph, d5.len, NR_OK_TX_ERR);
    CHECK_EQ(nr_sb_deliver(&sb, 6, d5.ph, d5.len, 106, NULL), 1);
    check_rec(&sb, 3, NR_SB_E_FATE, 5, 6, 0, 4);
    CHECK_STR(sb.rec[3].msg, "marked ok=1");
    /* A healthy packet discarded: discard error, attributed. */
    pkt_t d6 = exp_pkt(&sb, 5, 6, 0, 10, NR_SB_DELIVER, 16);
    CHECK_EQ(nr_sb_discard(&sb, 6, d6.ph, d6.len, NR_OK_HEALTHY, 107), 1);
    check_rec(&sb, 4, NR_SB_E_DISCARD, 5, 6, 0, 5);
    /* ok = 3 on a discard: malformed. */
    pkt_t d7 = exp_pkt(&sb, 5, 6, 0, 10, NR_SB_DELIVER, 17);
    CHECK_EQ(nr_sb_discard(&sb, 6, d7.ph, d7.len, NR_OK_RSVD, 108), 1);
    check_rec(&sb, 5, NR_SB_E_MALFORMED, 5, 6, 0, 6);
    /* A soft packet never discarded is reported at final. */
    exp_pkt(&sb, 5, 6, 0, 10, NR_SB_DISCARD_SOFT, 18);
    CHECK_EQ(nr_sb_final(&sb), 7);
    check_rec(&sb, 6, NR_SB_E_LOSS, 5, 6, 0, 7);
    CHECK_STR(sb.rec[6].msg, "soft-error packet never discarded");
    CHECK_EQ(sb.outstanding, 1);
    nr_sb_free(&sb);
}

/* ---- route phit: rewritten by routers; skip_route ignores it ---- */
static void sb_route_phit(void)
{
    nr_sb_t sb;
    nr_sb_cfg_t c;
    for (int skip = 0; skip < 2; skip++) {
        nr_sb_cfg_default(&c);
        c.log = NULL;
        c.skip_route = skip;
        nr_sb_init(&sb, &c, port16, NULL);
        nr_pkt_desc_t d;
        memset(&d, 0, sizeof d);
        d.src = 1;
        d.dest = 2;
        d.r = 1;
        d.route[0] = 2;
        d.route[1] = 9;
        d.len = 8;
        uint32_t ph[8];
        nr_pkt_build(&d, ph, 8, NULL, 0);
        nr_sb_expect(&sb, ph, 8, 0, NR_SB_DELIVER, 0);
        ph[1] = nr_route_set_port(nr_route_set_port(ph[1], 0, 9), 1, 0);
        nr_pkt_fix_crc(ph, 8);
        CHECK_EQ(nr_sb_deliver(&sb, 2, ph, 8, 50, NULL), skip ? 0 : 1);
        if (!skip) CHECK_EQ(sb.rec[0].index, 1);
        nr_sb_free(&sb);
    }
}

/* ---- age phit: SeaStar rewrites bits 7:0; skip_age ignores those only ---- */
static void sb_age_phit(void)
{
    nr_sb_t sb;
    nr_sb_cfg_t c;
    for (int skip = 0; skip < 2; skip++)
        for (int high = 0; high < 2; high++) {
            nr_sb_cfg_default(&c);
            c.log = NULL;
            c.skip_age = skip;
            nr_sb_init(&sb, &c, port16, NULL);
            nr_pkt_desc_t d = nr_pkt_desc(1, 2, 0, 0, 8);
            d.h = 1;
            d.hash = 0x2A500; /* bits above the age set */
            uint32_t ph[8];
            nr_pkt_build(&d, ph, 8, NULL, 0);
            nr_sb_expect(&sb, ph, 8, 0, NR_SB_DELIVER, 0);
            ph[1] ^= high ? 0x100u : 0x37u; /* a bit above the age, or the age */
            nr_pkt_fix_crc(ph, 8);
            CHECK_EQ(nr_sb_deliver(&sb, 2, ph, 8, 50, NULL), skip && !high ? 0 : 1);
            nr_sb_free(&sb);
        }
}

/* ---- long flows: compaction keeps dup detection ---- */
static void sb_long_flows(void)
{
    nr_sb_t sb;
    fresh(&sb, 0);
    static pkt_t many[3000];
    for (int i = 0; i < 3000; i++) many[i] = exp_pkt(&sb, 4, 4, 0, 4, NR_SB_DELIVER, (uint64_t)i);
    for (int i = 0; i < 3000; i++)
        CHECK_EQ(nr_sb_deliver(&sb, 4, many[i].ph, 4, 10000 + (uint64_t)i, NULL), 0);
    /* delivered entries are compacted: memory follows what is in flight */
    CHECK(nr_sb_entries(&sb) < 32);
    CHECK_EQ(nr_sb_deliver(&sb, 4, many[5].ph, 4, 20000, NULL), 1);
    check_rec(&sb, 0, NR_SB_E_DUP, 4, 4, 0, 5);
    CHECK_EQ(nr_sb_deliver(&sb, 4, many[2999].ph, 4, 20001, NULL), 1);
    CHECK_EQ(sb.rec[1].cls, NR_SB_E_DUP);
    CHECK_EQ(nr_sb_final(&sb), 2);
    nr_sb_free(&sb);
}

/* ---- many flows, one packet each: a flow holds its record only while
 * it has a packet outstanding; an idle flow keeps its sequence number,
 * its order and its duplicates ---- */
static void sb_many_flows(void)
{
    nr_sb_t sb;
    fresh(&sb, 0);
    enum { NF = 20000 };
    static pkt_t one[NF];
    for (int i = 0; i < NF; i++)
        one[i] = exp_pkt(&sb, (unsigned)(i % 4096), (unsigned)(i / 4096 * 7 + 1), 1, 4,
                         NR_SB_DELIVER, (uint64_t)i);
    CHECK_EQ(nr_sb_active_flows(&sb), NF);
    CHECK_EQ(nr_sb_flows_seen(&sb), NF);
    for (int i = 0; i < NF; i++)
        CHECK_EQ(nr_sb_deliver(&sb, (int)((unsigned)(i / 4096 * 7 + 1) & (K - 1)), one[i].ph, 4,
                               30000 + (uint64_t)i, NULL),
                 0);
    CHECK_EQ(nr_sb_active_flows(&sb), 0);
    CHECK_EQ(nr_sb_entries(&sb), 0);
    CHECK_EQ(sb.outstanding, 0);
    /* an idle flow's next packet carries the next seq, and its record
     * comes back from the free ones */
    CHECK_EQ(nr_sb_next_seq(&sb, 5, 1, 1), 1);
    pkt_t again = exp_pkt(&sb, 5, 1, 1, 4, NR_SB_DELIVER, 40000);
    CHECK_EQ(nr_sb_active_flows(&sb), 1);
    CHECK_EQ(nr_sb_flows_seen(&sb), NF);
    /* a seq below an idle flow's next one is refused (order kept) */
    pkt_t old = mk(7, 1, 1, 0, 4);
    CHECK(nr_sb_expect(&sb, old.ph, old.len, 40001, NR_SB_DELIVER, 0) < 0);
    /* a duplicate of a retired packet of an idle flow is a duplicate */
    CHECK_EQ(nr_sb_deliver(&sb, 1, one[7].ph, 4, 40002, NULL), 1);
    check_rec(&sb, 0, NR_SB_E_DUP, 7, 1, 1, 0);
    CHECK_EQ(nr_sb_deliver(&sb, 1, again.ph, 4, 40003, NULL), 0);
    CHECK_EQ(nr_sb_active_flows(&sb), 0);
    CHECK_EQ(nr_sb_final(&sb), 1);
    nr_sb_free(&sb);
}

/* ---- a route check replaces port_of: both allowed ports pass, any
 * other is a misroute against the check's expected port, and a loss
 * reports the check's port ---- */
static void sb_route_check(void)
{
    nr_sb_t sb;
    int calls = 0;
    fresh(&sb, 0);
    nr_sb_set_route_check(&sb, route2, &calls);
    pkt_t a = exp_pkt(&sb, 3, 5, 0, 6, NR_SB_DELIVER, 1);
    pkt_t b = exp_pkt(&sb, 3, 5, 0, 6, NR_SB_DELIVER, 2);
    pkt_t c = exp_pkt(&sb, 3, 5, 0, 6, NR_SB_DELIVER, 3);
    exp_pkt(&sb, 4, 5, 0, 6, NR_SB_DELIVER, 4);
    CHECK_EQ(nr_sb_deliver(&sb, 8, a.ph, a.len, 10, NULL), 0);
    CHECK_EQ(nr_sb_deliver(&sb, 9, b.ph, b.len, 11, NULL), 0);
    CHECK_EQ(nr_sb_deliver(&sb, 5, c.ph, c.len, 12, NULL), 1); /* port_of would say 5 */
    check_rec(&sb, 0, NR_SB_E_MISROUTE, 3, 5, 0, 2);
    CHECK_EQ(sb.rec[0].port, 5);
    CHECK_EQ(sb.rec[0].expect_port, 8);
    CHECK_EQ(nr_sb_final(&sb), 2);
    check_rec(&sb, 1, NR_SB_E_LOSS, 4, 5, 0, 0);
    CHECK_EQ(sb.rec[1].expect_port, 9);
    CHECK_EQ(calls, 4);
    nr_sb_free(&sb);
}

/* ---- API misuse is reported, not counted as a DUT error ---- */
static void sb_misuse(void)
{
    nr_sb_t sb;
    fresh(&sb, 0);
    pkt_t a = mk(1, 2, 0, 5, 6);
    CHECK_EQ(nr_sb_expect(&sb, a.ph, a.len, 0, NR_SB_DELIVER, 0), 0);
    CHECK_EQ(nr_sb_next_seq(&sb, 1, 2, 0), 6);
    CHECK_EQ(nr_sb_expect(&sb, a.ph, a.len, 0, NR_SB_DELIVER, 0), -1);
    CHECK_STR(sb.usage_err, "seq 5 not above the last one (5)");
    uint32_t raw[2] = {nr_head_make(2, 0, 0, 0, 0), nr_eop_make(0, 0)};
    nr_pkt_fix_crc(raw, 2);
    CHECK_EQ(nr_sb_expect(&sb, raw, 2, 0, NR_SB_DELIVER, 0), -1);
    CHECK_STR(sb.usage_err, "no test tag");
    CHECK_EQ(sb.nerrors, 0);
    CHECK_EQ(sb.expected, 1);
    nr_sb_free(&sb);
}

static void sb_printing(void)
{
    nr_sb_t sb;
    /* ---- printing: lines as found, capped at max_print; report shows FAIL ---- */
    {
        nr_sb_cfg_t c;
        nr_sb_cfg_default(&c);
        FILE *f = tmpfile();
        c.log = f;
        c.max_print = 2;
        nr_sb_init(&sb, &c, port16, NULL);
        for (int i = 0; i < 4; i++) exp_pkt(&sb, 1, 2, 0, 6, NR_SB_DELIVER, (uint64_t)i);
        CHECK_EQ(nr_sb_final(&sb), 4);
        nr_sb_report(&sb, f);
        char buf[4000] = {0};
        CHECK(nr_test_slurp(f, buf, sizeof buf) > 0);
        CHECK_STR(buf,
                  "sb: loss: flow src=1 dest=2 vc=0 seq=0 (injected cycle 0): never delivered");
        CHECK_STR(buf, "further errors are counted, not printed");
        CHECK_STR(buf, "loss 4,");
        CHECK_STR(buf, "scoreboard: FAIL (4 errors)");
        nr_sb_free(&sb);
    }
    CHECK_STR(nr_sb_err_name(NR_SB_E_REORDER), "reorder");
}

int main(void)
{
    NR_TEST_BEGIN("test_sb", 99);
    sb_clean_run();
    sb_loss();
    sb_reorder();
    sb_unordered();
    sb_relaxed_order();
    sb_final_loss_dup();
    sb_misroute();
    sb_payload();
    sb_crc_malformed();
    sb_unexpected();
    sb_cut();
    sb_soft_errors();
    sb_route_phit();
    sb_age_phit();
    sb_long_flows();
    sb_many_flows();
    sb_route_check();
    sb_misuse();
    sb_printing();
    NR_TEST_END("test_sb");
}
