/* test_lcb_model.c - directed tests of the LCB port model (csrc/model/lcb*.c).
 *
 * Every expectation here is derived from docs/link-protocol.md ("the doc"),
 * not from the model: exact cycles are computed with the doc's timing rules
 * (registered link output, fixed link latency L, W-bit control words built
 * at ph = 0, deframer boundaries, apply one cycle after delivery, ...). The
 * comment of each test gives the derivation. Constants that are pure format
 * (control words, markers) were computed independently (Python, bit-serial
 * CRC from the catalogue parameters) and are written as literals.
 *
 * Default parameters unless stated: NumVcs 2, BufPerVc 128 (CW 8, W = 25 +
 * 2*8 = 41), ReplayDepth 256, Window 32, MaxPktLen 64.
 *
 * Control words (doc §5.1): ack(7) epoch(1) wt(1) fr[0..NumVcs-1](CW each)
 * crc16(16), MSB first; the CRC is CRC-16/IBM-3740 (poly 0x1021, init 0xFFFF,
 * xorout 0) over bits W-1..16. Word k after reset is built at cycle kW and
 * has wt = k mod 2.
 */
#include "lcb_int.h" /* white-box: the RX output register; word helpers */
#include "lcb_pair.h"

#define WD 41 /* W at the default parameters */

/* Smallest multiple of m that is >= x. */
static long nm(long x, long m) { return (x + m - 1) / m * m; }

/* ---- received-packet log (sink callback) ---- */
typedef struct {
    int vc, len;
    uint32_t ph[128];
    long cycle;
} rpkt;
#define RLOG_MAX 160
typedef struct {
    rpkt pk[RLOG_MAX];
    int n;
} rlog;

static void rlog_fn(void *ctx, int port, int vc, const uint32_t *ph, int len, long cycle)
{
    rlog *lg = &((rlog *)ctx)[port];
    CHECK(lg->n < RLOG_MAX && len <= 128);
    rpkt *r = &lg->pk[lg->n++];
    r->vc = vc;
    r->len = len;
    r->cycle = cycle;
    memcpy(r->ph, ph, sizeof(uint32_t) * (size_t)len);
}

static void check_pkt(const rpkt *r, int vc, const uint32_t *exp, int len)
{
    CHECK_EQ(r->vc, vc);
    CHECK_EQ(r->len, len);
    for (int j = 0; j < len && j < r->len; j++) CHECK_EQ(r->ph[j], exp[j]);
}

static void attach_log(lcb_pair *pr, rlog *lg)
{
    memset(lg, 0, 2 * sizeof *lg);
    for (int i = 0; i < 2; i++) {
        pr->snk[i].on_pkt = rlog_fn;
        pr->snk[i].ctx = lg;
    }
}

/* ---- a single port driven directly ---- */
typedef struct {
    nr_lcbp *m;
    long t;        /* cycle about to be simulated */
    nr_lcbp_out o; /* outputs of cycle t - 1 */
} one_t;

static void one_step(one_t *s, uint32_t link_rx, int rd_en, int rd_vc)
{
    nr_lcbp_in in = {.link_rx = link_rx, .rd_en = rd_en, .rd_vc = rd_vc};
    nr_lcbp_eval(s->m, &in, &s->o);
    nr_lcbp_tick(s->m);
    s->t++;
}

/* Send packet ph[0..len-1] on the link with sequence number seq, one phit per
 * cycle (F=1 head/body, F=0 EOP with the LCRC); returns the ev bits seen. */
static uint32_t one_send(one_t *s, const uint32_t *ph, int len, unsigned seq)
{
    uint32_t ev = 0;
    for (int j = 0; j < len - 1; j++) {
        one_step(s, (1u << 23) | nr_phit_data(ph[j]), 0, 0);
        ev |= s->o.ev;
    }
    one_step(s, pair_link_eop(ph[len - 1], seq), 0, 0);
    return ev | s->o.ev;
}

/* Read VC v until empty, comparing with exp[0..len-1] (NULL: no compare).
 * Returns the number of phits read. */
static int one_drain_vc(one_t *s, int v, const uint32_t *exp, int len)
{
    int n = 0, reading = 0;
    for (;;) {
        nr_lcbp_out pk;
        nr_lcbp_peek(s->m, &pk);
        int rd = (pk.rd_avail >> v) & 1u;
        one_step(s, 0, rd, v);
        if (reading) {
            CHECK(s->o.rd_valid);
            if (exp && n < len) CHECK_EQ(s->o.rd_phit, exp[n]);
            n++;
        }
        if (!rd && !reading) break;
        reading = rd;
        if (!rd) break;
    }
    return n;
}

/* The 32-bit link check (doc §4.1, §7.5 source 0, §8.3 "The trailer").
 * T = upd7b(upd6b(Rb, eop[21:16]), seq), Rb the crc16b (0x8BB7, init 0xFFFF)
 * over the head and body data; the trailer is {2'b10, 0000, T}.
 * RX, one port driven directly, a 3-phit packet at cycles 0..2:
 *   - the EOP's cycle raises nothing; the trailer's cycle raises RX_OK, and
 *     the packet is in the queue;
 *   - with the CRC-16 right and one trailer bit wrong: RX_CRC;
 *   - with the trailer missing (a plain idle after the EOP): RX_CRC, and the
 *     idle raises nothing;
 *   - a type-2 phit that follows no EOP: RX_IDLE_BAD.
 * TX: a core packet HEAD, BODY, EOP taken at cycles 0..2 goes out at 1..3
 * (registered link output); the trailer follows at 4, and no head is taken in
 * the trailer's cycle 3 (head_ok has ¬trl): the next HEAD is taken at 4. */
static uint16_t trailer_of(const uint32_t *ph, int len, unsigned seq)
{
    uint16_t rb = NR_LINK_CRC2_INIT;
    for (int j = 0; j < len - 1; j++) rb = nr_crc16b_bits(rb, nr_phit_data(ph[j]), 22);
    uint32_t le = pair_link_eop(ph[len - 1], seq);
    return nr_crc16b_bits(nr_crc16b_bits(rb, le >> 16, 6), seq & 127u, 7);
}

static void test_link_trailer(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    p.link_crc_w = 32;
    uint32_t pk[3], pk2[3];
    pair_mkpkt(pk, 3, 1, 0x777);
    pair_mkpkt(pk2, 3, 0, 0x778);
    uint32_t T = (2u << 20) | trailer_of(pk, 3, 0);
    for (int sc = 0; sc < 4; sc++) {
        one_t s = {.m = pair_new_port(&p, &c)};
        if (sc == 3) {
            one_step(&s, 2u << 20, 0, 0);
            CHECK_EQ(s.o.ev, EVB(NR_EV_RX_IDLE_BAD));
            nr_lcbp_free(s.m);
            continue;
        }
        CHECK_EQ(one_send(&s, pk, 3, 0), 0);
        uint32_t after = sc == 0 ? T : sc == 1 ? T ^ 0x100 : 0;
        one_step(&s, after, 0, 0);
        CHECK_EQ(s.o.ev, EVB(sc == 0 ? NR_EV_RX_OK : NR_EV_RX_CRC));
        for (int k = 0; k < 3; k++) one_step(&s, 0, 0, 0);
        CHECK_EQ(s.o.occ[1], sc == 0 ? 3 : 0);
        if (sc == 0) CHECK_EQ(one_drain_vc(&s, 1, pk, 3), 3);
        nr_lcbp_free(s.m);
    }

    /* TX */
    one_t s = {.m = pair_new_port(&p, &c)};
    uint32_t link[8] = {0};
    int taken[8] = {0};
    int j = 0;
    for (int t = 0; t < 8; t++) {
        const uint32_t *cur = j < 3 ? &pk[j] : &pk2[j - 3];
        nr_lcbp_in in = {.tx_valid = j < 6, .tx_phit = *cur};
        nr_lcbp_eval(s.m, &in, &s.o);
        link[t] = s.o.link_tx & 0xFFFFFFu;
        taken[t] = in.tx_valid && s.o.tx_ready;
        if (taken[t]) j++;
        nr_lcbp_tick(s.m);
    }
    CHECK(taken[0] && taken[1] && taken[2]);
    CHECK_EQ(taken[3], 0);
    CHECK_EQ(taken[4], 1);
    uint32_t F = 1u << 23;
    CHECK_EQ(link[1] & ~(1u << 22), F | nr_phit_data(pk[0]));
    CHECK_EQ(link[2] & ~(1u << 22), F | nr_phit_data(pk[1]));
    CHECK_EQ(link[3] & ~(1u << 22), pair_link_eop(pk[2], 0));
    CHECK_EQ(link[4] & ~(1u << 22), T);
    CHECK_EQ(link[5] & ~(1u << 22), F | nr_phit_data(pk2[0]));
    nr_lcbp_free(s.m);
}

/* ===================================================================== */

/* Doc §2 ranges and §11 parameter rules: nr_lcbp_new refuses, with a message
 * naming the parameter. */
static void test_params(void)
{
    nr_lcb_params p0 = pair_default_params();
    nr_lcb_cfg c0 = pair_default_cfg();
    char e[200];
    nr_lcbp *m = nr_lcbp_new(&p0, &c0, e, sizeof e);
    CHECK(m != NULL);
    nr_lcbp_free(m);

#define EXPECT_BAD(field, val, needle)                                                             \
    do {                                                                                           \
        nr_lcb_params p_ = p0;                                                                     \
        nr_lcb_cfg c_ = c0;                                                                        \
        field = val;                                                                               \
        char e_[200] = "";                                                                         \
        nr_lcbp *m_ = nr_lcbp_new(&p_, &c_, e_, sizeof e_);                                        \
        CHECK(m_ == NULL);                                                                         \
        CHECK_STR(e_, needle);                                                                     \
    } while (0)
    EXPECT_BAD(p_.num_vcs, 0, "NumVcs");
    EXPECT_BAD(p_.num_vcs, 5, "NumVcs");
    EXPECT_BAD(p_.buf_per_vc, 7, "BufPerVc");
    EXPECT_BAD(p_.buf_per_vc, 1024, "BufPerVc");
    EXPECT_BAD(p_.max_pkt_len, 1, "MaxPktLen");
    EXPECT_BAD(p_.max_pkt_len, 129, "MaxPktLen"); /* > BufPerVc */
    { /* MaxPktLen <= 255 even when BufPerVc is larger (§2) */
        nr_lcb_params p_ = {.num_vcs = 1,
                            .buf_per_vc = 1023,
                            .replay_depth = 1024,
                            .window = 32,
                            .max_pkt_len = 256};
        char e_[200] = "";
        CHECK(nr_lcbp_new(&p_, &c0, e_, sizeof e_) == NULL);
        CHECK_STR(e_, "MaxPktLen");
        p_.max_pkt_len = 255;
        nr_lcbp *m_ = nr_lcbp_new(&p_, &c0, e_, sizeof e_);
        CHECK(m_ != NULL);
        nr_lcbp_free(m_);
    }
    EXPECT_BAD(p_.link_crc_w, 24, "LinkCrcW");
    EXPECT_BAD(p_.link_crc_w, 8, "LinkCrcW");
    EXPECT_BAD(p_.replay_depth, 100, "ReplayDepth");
    EXPECT_BAD(p_.replay_depth, 4, "ReplayDepth");
    EXPECT_BAD(p_.replay_depth, 8192, "ReplayDepth");
    EXPECT_BAD(p_.replay_depth, 64, "2*MaxPktLen"); /* MaxPktLen 64 */
    EXPECT_BAD(p_.window, 3, "Window");
    EXPECT_BAD(p_.window, 1, "Window");
    EXPECT_BAD(p_.window, 128, "Window");
    EXPECT_BAD(c_.timeout, 0, "cfg_timeout");
    EXPECT_BAD(c_.timeout, 65536, "cfg_timeout");
    EXPECT_BAD(c_.retry_limit, 256, "cfg_retry_limit");
    EXPECT_BAD(c_.max_len, 1, "cfg_max_len");
    EXPECT_BAD(c_.max_len, 65, "cfg_max_len");
#undef EXPECT_BAD

    /* Both ends of every range are legal. */
    nr_lcb_params lo = {
        .num_vcs = 1, .buf_per_vc = 8, .replay_depth = 8, .window = 2, .max_pkt_len = 2};
    nr_lcb_cfg clo = {.timeout = 1, .retry_limit = 0, .max_len = 2};
    m = nr_lcbp_new(&lo, &clo, e, sizeof e);
    CHECK(m != NULL);
    nr_lcbp_free(m);
    nr_lcb_params hi = {
        .num_vcs = 4, .buf_per_vc = 1023, .replay_depth = 4096, .window = 64, .max_pkt_len = 255};
    nr_lcb_cfg chi = {.timeout = 65535, .retry_limit = 255, .max_len = 255};
    m = nr_lcbp_new(&hi, &chi, e, sizeof e);
    CHECK(m != NULL);
    nr_lcbp_free(m);
}

/* Reset state outputs (doc §7.2, §8.4): credits = BufPerVc, all VCs ok,
 * empty queue, link_tx register 0, not in sync, no events. The first control
 * word, built at cycle 0 from reset state (ack 0, epoch 0, wt 0, fr 0), is
 * 0x0000008919 (CRC-16/IBM-3740 of 25 zero bits is 0x8919); its bits are the
 * C bits of link_tx in cycles 1..41, MSB first (§5.2, §7.5 register). The
 * second word, built at cycle 41, differs only in wt = 1 (bit W-9 = 32) and
 * its CRC: 0x010000BE29, on link_tx in cycles 42..82. */
static void test_reset_and_first_word(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    one_t s = {.m = pair_new_port(&p, &c)};
    one_step(&s, 0, 0, 0);
    CHECK_EQ(s.o.link_tx, 0);
    CHECK_EQ(s.o.credits[0], 128);
    CHECK_EQ(s.o.credits[1], 128);
    CHECK_EQ(s.o.tx_vc_ok, 3);
    CHECK_EQ(s.o.rd_avail, 0);
    CHECK_EQ(s.o.ev, 0);
    CHECK_EQ(s.o.ctl_sync, 0);
    CHECK_EQ(s.o.link_down, 0);
    const uint64_t want[2] = {0x0000008919ull, 0x010000BE29ull};
    for (int w = 0; w < 2; w++) {
        uint64_t word = 0;
        for (int k = 1; k <= WD; k++) {
            one_step(&s, 0, 0, 0);
            CHECK_EQ(s.o.link_tx & ~(1u << 22), 0); /* plain idles */
            word = (word << 1) | ((s.o.link_tx >> 22) & 1u);
        }
        CHECK_U64(word, want[w]);
    }
    nr_lcbp_free(s.m);
}

/* Framing (§3 with PADs), LCRC and sequence numbers (§4), idle-class phits
 * (§8.3), input-queue timing (§8.1, §8.4), then the control word of a known
 * state (§5.1, §5.2), on a single port whose link_rx the test drives.
 *
 * P0 = VC1, 5 phits, sequence 0, sent as: t1 HEAD, t2 BODY, t3 PAD, t4 BODY,
 * t5 PAD with data[19:0] != 0, t6 BODY, t7 EOP. RX events come in the arrival
 * cycle (RX_IDLE_BAD at t5, RX_OK at t7). The RX output register writes the
 * queue one cycle later (t2, t3, t5, t7, t8) and occ shows start-of-cycle
 * state, so occ[1] = 0,1,2,2,3,3,4,5 at t2..t9. Reading 5 phits at t9..t13
 * returns P0 exactly (the EOP carries the PCRC = {ok, rsvd, P}) on
 * rd_valid at t10..t14, and frees one credit per read (inq_cr[1] = 1). */
static void test_framing_crc_seq(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    one_t s = {.m = pair_new_port(&p, &c)};
    uint32_t p0[5], p1[3], p2[2], p3[4];
    pair_mkpkt(p0, 5, 1, 0x111);
    pair_mkpkt(p1, 3, 0, 0x222);
    pair_mkpkt(p2, 2, 0, 0x333);
    pair_mkpkt(p3, 4, 0, 0x444);

    const uint32_t F = 1u << 23;
    uint32_t stream[9] = {0,
                          F | nr_phit_data(p0[0]),
                          F | nr_phit_data(p0[1]),
                          0x300000, /* PAD */
                          F | nr_phit_data(p0[2]),
                          0x300001, /* PAD with a non-zero low field */
                          F | nr_phit_data(p0[3]),
                          pair_link_eop(p0[4], 0),
                          0};
    uint32_t exp_ev[9] = {0, 0, 0, 0, 0, EVB(NR_EV_RX_IDLE_BAD), 0, EVB(NR_EV_RX_OK), 0};
    int exp_occ[10] = {0, 0, 0, 1, 2, 2, 3, 3, 4, 5};
    for (int t = 0; t < 9; t++) {
        one_step(&s, stream[t], 0, 0);
        CHECK_EQ(s.o.ev, exp_ev[t]);
        CHECK_EQ(s.o.occ[1], exp_occ[t]);
        CHECK_EQ(s.o.occ[0], 0);
    }
    for (int t = 9; t <= 14; t++) { /* read at 9..13, data at 10..14 */
        int rd = t <= 13;
        one_step(&s, 0, rd, 1);
        CHECK_EQ(s.o.occ[1], t == 9 ? 5 : 5 - (t - 9));
        CHECK_EQ(s.o.inq_cr[1], rd ? 1 : 0);
        CHECK_EQ(s.o.rd_valid, t >= 10);
        if (t >= 10) CHECK_EQ(s.o.rd_phit, p0[t - 10]);
    }
    CHECK_EQ(s.o.rd_avail, 0);

    /* Idle-class phits: type 0 with data, type 2, type 3 outside a packet, a
     * marker with a bad CRC, a marker with reserved bits set: RX_IDLE_BAD. A
     * valid marker (seq 1 = E, so dupl = 0) raises RX_MARKER. */
    uint32_t idles[6] = {0x000001, 0x200000, 0x300000, 0x10A06B ^ 1, 0x10A06B | (1u << 8),
                         0x1020E2};
    for (int k = 0; k < 6; k++) {
        one_step(&s, idles[k], 0, 0);
        CHECK_EQ(s.o.ev, k < 5 ? EVB(NR_EV_RX_IDLE_BAD) : EVB(NR_EV_RX_MARKER));
    }

    /* Sequence numbers: E = 1. P1 with seq 1 is good. P1 again with seq 1 (a
     * duplicate, no marker) fails; P3 with seq 3 (out of order) fails; P2 with
     * seq 2 = E is still refused, because it comes in recovery before a
     * replay marker (link-protocol 8.3, "Packets in recovery"); after a
     * marker with seq 2 it is good. A failed packet is cut from the queue
     * (INQ_REWIND in the cycle after its EOP) and never counted. */
    CHECK_EQ(one_send(&s, p1, 3, 1), EVB(NR_EV_RX_OK));
    CHECK_EQ(one_send(&s, p1, 3, 1), EVB(NR_EV_RX_CRC));
    /* White box: the EOP the RX forwarded for the failed copy is
     * {TX_ERR, 0000, upd6(R, {TX_ERR, 0000})}, R over its head/body data. */
    {
        uint16_t r = NR_CRC16_INIT;
        for (int j = 0; j < 2; j++) r = nr_crc16_bits(r, nr_phit_data(p1[j]), 22);
        uint32_t want = nr_eop_make(NR_OK_TX_ERR, nr_crc16_bits(r, NR_OK_TX_ERR << 4, 6));
        CHECK_EQ(lcb_q(s.m)->rx.out_phit, want);
        CHECK_EQ(lcb_q(s.m)->rx.out_bad, 1);
    }
    one_step(&s, 0, 0, 0);
    CHECK_EQ(s.o.ev, EVB(NR_EV_INQ_REWIND));
    CHECK_EQ(one_send(&s, p3, 4, 3), EVB(NR_EV_RX_CRC));
    one_step(&s, 0, 0, 0);
    CHECK_EQ(s.o.ev, EVB(NR_EV_INQ_REWIND));
    CHECK_EQ(one_send(&s, p2, 2, 2), EVB(NR_EV_RX_CRC)); /* right seq, but unarmed */
    one_step(&s, 0, 0, 0);
    CHECK_EQ(s.o.ev, EVB(NR_EV_INQ_REWIND));
    CHECK_EQ(lcb_q(s.m)->rx.E, 2);
    one_step(&s, 0x100000 | (2u << 13) | nr_crc8_word((1u << 12) | (2u << 5), 14), 0, 0);
    CHECK_EQ(s.o.ev, EVB(NR_EV_RX_MARKER));
    CHECK_EQ(one_send(&s, p2, 2, 2), EVB(NR_EV_RX_OK));
    /* A marker with seq 2 while E = 3 sets dupl = 1: P2 resent is skipped at
     * its head (RX_DUP), its EOP swallowed, nothing reaches the queue. */
    one_step(&s, 0x100000 | (2u << 13) | nr_crc8_word((1u << 12) | (2u << 5), 14), 0, 0);
    CHECK_EQ(s.o.ev, EVB(NR_EV_RX_MARKER));
    CHECK_EQ(one_send(&s, p2, 2, 2), EVB(NR_EV_RX_DUP));
    one_step(&s, 0, 0, 0);
    one_step(&s, 0, 0, 0);
    CHECK_EQ(s.o.ev, 0);
    CHECK_EQ(s.o.occ[0], 5); /* P1 and P2 only */
    uint32_t both[5] = {p1[0], p1[1], p1[2], p2[0], p2[1]};
    CHECK_EQ(one_drain_vc(&s, 0, both, 5), 5);

    /* Control word of a known state (§5.1): E = 3, epoch = 1 (toggled once by
     * the duplicate; the out-of-order failure came while already in recovery
     * and unarmed, so no second toggle), fr[0] = 5, fr[1] = 5 (phits read).
     * ack(7)=3, epoch=1, wt, fr0(8)=5, fr1(8)=5, then the CRC-16 over those 25
     * bits: 0x0E05053D48 with wt 0, 0x0F05050A78 with wt 1. It is built at the
     * next cycle with ph = 0, tw (a multiple of 41: word tw/41, so wt is its
     * parity), and its bits ride on link_tx in the 41 cycles after that. */
    long tw = nm(s.t, WD);
    while (s.t <= tw) one_step(&s, 0, 0, 0);
    uint64_t word = 0; /* link_tx of cycle tw carries the old word */
    for (int k = 1; k <= WD; k++) {
        one_step(&s, 0, 0, 0);
        word = (word << 1) | ((s.o.link_tx >> 22) & 1u);
    }
    CHECK_U64(word, (tw / WD) % 2 ? 0x0F05050A78ull : 0x0E05053D48ull);
    CHECK_EQ(nr_lcbp_errors(s.m, NULL, 0), 0);
    nr_lcbp_free(s.m);
}

/* Control word layout with the widest word: NumVcs 4, BufPerVc 1023, so
 * CW = clog2(1024) = 10 and W = 25 + 4*10 = 65, one bit more than a uint64_t.
 * (1) One port gets 70 two-phit packets, packet i on VC i mod 4 (18, 18, 17
 * and 17 packets), and all of them are read: E = 70, epoch 0, fr = {36, 36,
 * 34, 34}. Word: ack 70 (so bit W-1 = 64 is 1), epoch 0, wt, fr (10 bits
 * each), CRC-16 over the 49 payload bits: 0x1_1809_0240_8822_7D2F with wt 0,
 * 0x1_1909_0240_8822_388F with wt 1 (wt of word tw/65, its parity).
 * (2) A pair with these parameters and L = 2 syncs as in test_deframer_timing
 * (first CTL_OK at L+2W = 132 on both ports, ctl_sync from 133), and 24
 * packets each way, one of them corrupted on A->B and a few C bits flipped
 * both ways, are delivered once, in order, and the pair drains. */
static void test_control_word_w65(void)
{
    nr_lcb_params p = {
        .num_vcs = 4, .buf_per_vc = 1023, .replay_depth = 128, .window = 32, .max_pkt_len = 64};
    nr_lcb_cfg c = pair_default_cfg();
    const int W = 65;
    one_t s = {.m = pair_new_port(&p, &c)};
    uint32_t a[2];
    for (int i = 0; i < 70; i++) {
        pair_mkpkt(a, 2, (unsigned)(i % 4), 0x55 + (uint64_t)i);
        CHECK_EQ(one_send(&s, a, 2, (unsigned)i), EVB(NR_EV_RX_OK));
    }
    one_step(&s, 0, 0, 0);
    const int nread[4] = {36, 36, 34, 34};
    for (int v = 0; v < 4; v++) CHECK_EQ(one_drain_vc(&s, v, NULL, 0), nread[v]);
    long tw = nm(s.t, W);
    while (s.t <= tw) one_step(&s, 0, 0, 0);
    unsigned top = 0;
    uint64_t word = 0;
    for (int k = 1; k <= W; k++) {
        one_step(&s, 0, 0, 0);
        if (k == 1)
            top = (s.o.link_tx >> 22) & 1u;
        else
            word = (word << 1) | ((s.o.link_tx >> 22) & 1u);
    }
    CHECK_EQ(top, 1);
    CHECK_U64(word, (tw / W) % 2 ? 0x190902408822388Full : 0x1809024088227D2Full);
    nr_lcbp_free(s.m);

    const int L = 2;
    lcb_pair pr;
    rlog lg[2];
    pair_init(&pr, &p, &c, L, 11);
    attach_log(&pr, lg);
    for (long t = 0; t <= L + 2 * W + 1; t++) {
        pair_step(&pr);
        for (int i = 0; i < 2; i++) {
            CHECK_EQ(pr.out[i].ev & EVB(NR_EV_CTL_OK), t == L + 2 * W ? EVB(NR_EV_CTL_OK) : 0);
            CHECK_EQ(pr.out[i].ctl_sync, t > L + 2 * W);
        }
    }
    uint32_t pk[2][24][64];
    for (int k = 0; k < 24; k++)
        for (int i = 0; i < 2; i++) {
            pair_mkpkt(pk[i][k], 3 + (k * 7 + i) % 40, (unsigned)(k % 4),
                       0x7700 + (uint64_t)(i * 100 + k));
            pair_send(&pr, i, pk[i][k], 3 + (k * 7 + i) % 40);
        }
    for (long k = 0; k < 3000; k++) {
        if (k == 40) pr.xor_mask[1] = 1u << 7;           /* a data bit of a phit arriving at B */
        if (k % 97 == 5) pr.xor_mask[k % 2] ^= 1u << 22; /* C bits both ways */
        pair_step(&pr);
    }
    CHECK(pair_drain(&pr, 3000) > 0);
    CHECK(pr.ev_count[1][NR_EV_RX_CRC] >= 1);
    CHECK(pr.ev_count[0][NR_EV_CTL_BAD] >= 1 && pr.ev_count[1][NR_EV_CTL_BAD] >= 1);
    for (int i = 0; i < 2; i++) {
        int good = 0;
        for (int k = 0; k < lg[1 - i].n; k++) {
            const rpkt *r = &lg[1 - i].pk[k];
            if (nr_eop_ok(r->ph[r->len - 1]) == NR_OK_HEALTHY) {
                CHECK(good < 24);
                if (good < 24) check_pkt(r, good % 4, pk[i][good], 3 + (good * 7 + i) % 40);
                good++;
            }
        }
        CHECK_EQ(good, 24);
    }
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* Deframer timing (§5.3) on a pair with latency L = 7, no traffic (W 41).
 * Port A's words are its reset state, 0x0000008919 and 0x010000BE29 in turn
 * (wt 0, 1), bits on link_tx_A at cycles 1..41, on link_rx_B at L+1..L+41,
 * so sr_B first holds a whole word (CRC-valid: no shorter prefix of this
 * stream is) after the shift in cycle L+W: HUNT -> PRESYNC there, cph_d =
 * 0, ewt = 1. The PRESYNC boundary is the cycle with cph_q = W-1, i.e.
 * L+2W, where the next word (wt 1) is complete and valid: SYNC, word
 * delivered, CTL_OK in cycle L+2W = 89; ctl_sync (state register) is 1 from
 * L+2W+1. Then CTL_OK at every b_k = L+2W+kW.
 * A C bit flipped in word 2 gives CTL_BAD at b_2 and CTL_OK again at b_3.
 * Flipping words 5..8 gives CTL_BAD at b_5..b_8 and, at the fourth miss,
 * CTL_SYNC_LOST at b_8; ctl_sync is 0 from b_8+1. HUNT finds the next clean
 * word at b_9 (PRESYNC), and the next boundary b_10 delivers (CTL_OK,
 * ctl_sync from b_10+1); the toggles still match because ewt inverted at
 * every boundary, the bad ones included. Port A, whose input is clean, has
 * CTL_OK at every b_k throughout. A Python transcription of §5.3 gives the
 * same events and ctl_sync cycle by cycle. */
static void test_deframer_timing(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    const int L = 7;
    lcb_pair pr;
    pair_init(&pr, &p, &c, L, 1);
    const uint32_t CTL =
        EVB(NR_EV_CTL_OK) | EVB(NR_EV_CTL_BAD) | EVB(NR_EV_CTL_SYNC_LOST) | EVB(NR_EV_CTL_REJECT);
    long b0 = L + 2 * WD;
    for (long t = 0; t < b0 + 12 * WD; t++) {
        long k = (t - b0) / WD;
        int boundary = t >= b0 && (t - b0) % WD == 0;
        /* corrupt a C bit of word k (arriving at B) 5 cycles before its end */
        if (t + 5 >= b0 && (t + 5 - b0) % WD == 0) {
            long kk = (t + 5 - b0) / WD;
            if (kk == 2 || (kk >= 5 && kk <= 8)) pr.xor_mask[1] = 1u << 22;
        }
        pair_step(&pr);
        uint32_t ea = pr.out[0].ev & CTL, eb = pr.out[1].ev & CTL;
        CHECK_EQ(ea, boundary ? EVB(NR_EV_CTL_OK) : 0);
        CHECK_EQ(pr.out[0].ctl_sync, t > b0);
        uint32_t want = 0;
        int sync = t > b0;
        if (boundary) {
            if (k == 2 || (k >= 5 && k <= 7))
                want = EVB(NR_EV_CTL_BAD);
            else if (k == 8)
                want = EVB(NR_EV_CTL_BAD) | EVB(NR_EV_CTL_SYNC_LOST);
            else if (k != 9)
                want = EVB(NR_EV_CTL_OK);
        }
        if (t > b0 + 8 * WD && t <= b0 + 10 * WD) sync = 0;
        CHECK_EQ(eb, want);
        CHECK_EQ(pr.out[1].ctl_sync, sync);
        /* no traffic: no other event at all */
        CHECK_EQ(pr.out[0].ev & ~CTL, 0);
        CHECK_EQ(pr.out[1].ev & ~CTL, 0);
    }
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* ---- exact GF(2) analysis of W-bit windows (§5.3 background) ----
 * A W-bit value is kept as the model keeps it: payload (bits W-1..16) and CRC
 * field (15..0). The CRC-16 with init 0xFFFF is affine over GF(2), so "this
 * window is CRC-valid" for windows built from the bits of valid words is a
 * set of 16 affine equations in the words' payload bits; the tests below
 * decide whether such a system has a solution by Gaussian elimination. */
typedef struct {
    uint64_t pay;
    uint16_t crc;
} wv;

static int wv_bit(wv w, int b)
{
    return b >= 16 ? (int)((w.pay >> (b - 16)) & 1u) : (int)((w.crc >> b) & 1u);
}

static void wv_set(wv *w, int b, int v)
{
    if (b >= 16)
        w->pay |= (uint64_t)(v & 1) << (b - 16);
    else
        w->crc = (uint16_t)(w->crc | (unsigned)(v & 1) << b);
}

/* The valid word with payload pay. */
static wv wv_word(const lcb_conf *k, uint64_t pay)
{
    wv w = {pay, lcb_cw_crc(k, pay)};
    return w;
}

/* The window that ends p bits into word b of a stream ... a b ...: the last
 * W-p bits of a, then the first p bits of b. */
static wv wv_window(const lcb_conf *k, wv a, wv b, int p)
{
    wv r = {0, 0};
    for (int i = 0; i < k->w; i++)
        wv_set(&r, i, i >= p ? wv_bit(a, i - p) : wv_bit(b, k->w - p + i));
    return r;
}

/* 16-bit CRC residue of a window: 0 iff it is CRC-valid. */
static unsigned wv_resid(const lcb_conf *k, wv w) { return lcb_cw_crc(k, w.pay) ^ w.crc; }

/* Is rhs in the GF(2) span of cols[0..n-1] (vectors of up to 64 bits)? */
static int gf2_in_span(const uint64_t *cols, int n, uint64_t rhs)
{
    uint64_t basis[64] = {0};
    for (int j = 0; j < n; j++) {
        uint64_t v = cols[j];
        for (int b = 63; b >= 0 && v; b--) {
            if (!((v >> b) & 1u)) continue;
            if (!basis[b]) {
                basis[b] = v;
                v = 0;
            } else {
                v ^= basis[b];
            }
        }
    }
    for (int b = 63; b >= 0; b--)
        if (((rhs >> b) & 1u) && basis[b]) rhs ^= basis[b];
    return rhs == 0;
}

/* Every legal W: NumVcs 1..4, CW 4..10 (BufPerVc 8..1023). */
static lcb_conf conf_of(int nvc, int cw)
{
    lcb_conf k;
    memset(&k, 0, sizeof k);
    k.nvc = nvc;
    k.cw = cw;
    k.w = 25 + nvc * cw;
    k.pw = k.w - 16;
    k.cw_mask = (1u << cw) - 1;
    k.pay_mask = (1ull << k.pw) - 1;
    return k;
}

/* Residue of a valid word (payload pay) shifted left by sh with the bits in
 * shifted in: affine in (pay, in). */
static uint64_t shifted_resid(const lcb_conf *k, int sh, uint64_t pay, unsigned in)
{
    wv next = {(uint64_t)in << (k->pw - sh), 0}; /* its first sh bits are `in` */
    return wv_resid(k, wv_window(k, wv_word(k, pay), next, sh));
}

/* For a state x (the payload without wt: ack, epoch, fr), the frozen stream
 * U0 U1 U0 ... and a phase ph: the residues of window(U0, U1, ph) (bits
 * 15..0) and window(U1, U0, ph) (31..16), and bit 32 = 1 iff their wt bits are
 * equal. Zero iff both are CRC-valid with different wt. Affine in x. */
static uint64_t frozen_f(const lcb_conf *k, int ph, uint64_t x)
{
    int lo = k->pw - 9; /* payload bits below wt: the fr fields */
    uint64_t p0 = ((x >> lo) << (lo + 1)) | (x & ((1ull << lo) - 1));
    wv u0 = wv_word(k, p0), u1 = wv_word(k, p0 | (1ull << lo));
    wv ra = wv_window(k, u0, u1, ph), rb = wv_window(k, u1, u0, ph);
    return (uint64_t)wv_resid(k, ra) | (uint64_t)wv_resid(k, rb) << 16 |
           (uint64_t)(lcb_cw_wt(k, ra.pay) ^ lcb_cw_wt(k, rb.pay) ^ 1) << 32;
}

/* Shifted words are never CRC-valid (§5.3 background). For every legal W
 * (29..65) and sh = 1, 2: no CRC-valid word shifted left by sh bits, with any
 * bits shifted in, is CRC-valid. Exact: the residue of the shifted window is
 * an affine function of the word's payload and the sh new bits, and 0 is not
 * in its range. Consequences: (a) the window in an apply cycle (the delivered
 * word shifted by one bit) and the one after it are never CRC-valid, so a
 * hunt that started one or two cycles earlier than §5.3 says would see
 * nothing different (M13); (b) adjacent phases of a stream are never both
 * CRC-valid. */
static void test_cw_shift_never_valid(void)
{
    for (int nvc = 1; nvc <= 4; nvc++) {
        for (int cw = 4; cw <= 10; cw++) {
            lcb_conf k = conf_of(nvc, cw);
            for (int sh = 1; sh <= 2; sh++) {
                int n = k.pw + sh; /* unknowns: payload bits, then the bits in */
                uint64_t cols[64];
                uint64_t f0 = shifted_resid(&k, sh, 0, 0);
                for (int j = 0; j < k.pw; j++) cols[j] = shifted_resid(&k, sh, 1ull << j, 0) ^ f0;
                for (int j = 0; j < sh; j++)
                    cols[k.pw + j] = shifted_resid(&k, sh, 0, 1u << j) ^ f0;
                if (gf2_in_span(cols, n, f0))
                    NR_TEST_FAIL_("W %d: a CRC-valid word shifted by %d can be CRC-valid", k.w, sh);
                nr_test_checks++;
            }
        }
    }
}

/* A frozen peer cannot hold a false lock (§5.3, "Why the word toggle"). When
 * the peer's receive state is constant, its words alternate between U0 and U1
 * (wt 0 and 1, same ack, epoch and fr). A hunt that stops at a false phase p
 * sees window(U_a, U_b, p), and PRESYNC then sees window(U_b, U_a, p). For
 * every legal W, every p = 1..W-1 and every state, the two are never both
 * CRC-valid with different wt bits, so PRESYNC goes back to HUNT. Exact: with
 * the state's W-17 bits as unknowns, "both CRC-valid and wt different" is 33
 * affine equations with no solution. The doc's "about 2^-33 per phase per
 * hunt" is therefore 0 for a constant state. (For W >= 33 the wt bits of the
 * two windows are equal at every phase where both can be CRC-valid; for W
 * 29..32 only at p = 8 they can differ, and then no state makes the first
 * CRC-valid.) The same result came from a separate Python analysis. */
static void test_cw_frozen_false_phase(void)
{
    for (int nvc = 1; nvc <= 4; nvc++) {
        for (int cw = 4; cw <= 10; cw++) {
            lcb_conf k = conf_of(nvc, cw);
            int n = k.pw - 1; /* state bits: the payload without wt */
            for (int ph = 1; ph < k.w; ph++) {
                uint64_t cols[64];
                uint64_t f0 = frozen_f(&k, ph, 0);
                for (int j = 0; j < n; j++) cols[j] = frozen_f(&k, ph, 1ull << j) ^ f0;
                if (gf2_in_span(cols, n, f0))
                    NR_TEST_FAIL_("W %d phase %d: a frozen state passes PRESYNC", k.w, ph);
                nr_test_checks++;
            }
        }
    }
}

/* The SYNC miss counter (§5.3): invalid words count at their boundary,
 * delivered words count in the apply cycle by the TX's verdict (rejected:
 * miss + 1; accepted: miss = 0); the fourth consecutive miss goes to HUNT
 * with CTL_SYNC_LOST in that cycle, boundary or apply. A word is valid in
 * PRESYNC and SYNC only if it is CRC-valid and its wt equals the expected
 * toggle ewt, which inverts at every boundary, valid or not.
 * One port, NumVcs 1, BufPerVc 8 (CW 4, W = 25 + 4 = 29), fresh TX (base =
 * next_seq = 0, last_fr 0, credits 8). Words, computed in Python from the
 * catalogue CRC (wt in bit W-9 = 20):
 *   G0 = 0x000EDBD, G1 = 0x010FF8C (ack 0, epoch 0, fr 0; wt 0 / 1): accepted;
 *   R0 = 0x1409648, R1 = 0x1508479 (ack 5): valid, rejected (5 is not in
 *        [base, next_seq] = [0, 0]);
 *   X = G0 ^ 1: not CRC-valid;
 *   Y: a CRC-valid G with the wrong toggle (the wt of the word before it).
 * Word k of the list below is fed in cycles 29k .. 29k+28 (MSB first), so
 * its window is complete at e_k = 29k + 28 and applied at e_k + 1. Words
 * toggle as a peer's would, with wt = (k+1) mod 2 (word 0 has wt 1: HUNT
 * looks at the CRC only).
 *   k  0: HUNT -> PRESYNC at 28 (no earlier window is CRC-valid), ewt = 0;
 *   k  1: PRESYNC -> SYNC, CTL_OK at 57; accepted at 58 (miss 0);
 *   k 2-4: R: CTL_OK at e_k, CTL_REJECT at e_k + 1 (miss 1, 2, 3);
 *   k  5: G accepted at 174: miss 0, so the next three misses do not lose sync;
 *   k 6,7: R (miss 1, 2); k 8: Y: wt 0 where 1 is expected: CTL_BAD at 260
 *         (miss 3), and ewt inverts all the same;
 *   k  9: R (wt 0, as expected): CTL_OK at 289, CTL_REJECT + CTL_SYNC_LOST at
 *         290 (apply cycle); ctl_sync 0 from 291;
 *   k 10: HUNT finds G at 318 (PRESYNC); k 11: CTL_OK at 347, SYNC from 348;
 *   k 12-14: R (miss 1..3); k 15: X: CTL_BAD + CTL_SYNC_LOST at 463
 *         (boundary); ctl_sync 0 from 464;
 *   k 16: PRESYNC at 492; k 17: Y in PRESYNC: back to HUNT at 521, no event;
 *   k 18: PRESYNC at 550; k 19, 20: CTL_OK at 579, 608, SYNC from 580.
 * The same events and ctl_sync, cycle by cycle, came from a Python
 * transcription of §5.3 (HUNT/PRESYNC/SYNC, ewt, and the verdict rule), which
 * also found no accidental CRC-valid window in the hunts. */
static void test_deframer_miss_counter(void)
{
    nr_lcb_params p = {
        .num_vcs = 1, .buf_per_vc = 8, .replay_depth = 16, .window = 2, .max_pkt_len = 8};
    nr_lcb_cfg c = pair_default_cfg();
    c.max_len = 8;
    one_t s = {.m = pair_new_port(&p, &c)};
    const int W = 29;
    const uint32_t G0 = 0x000EDBD, G1 = 0x010FF8C, R0 = 0x1409648, R1 = 0x1508479;
    const uint32_t X = G0 ^ 1;
    const uint32_t seq[21] = {G1, G0, R1, R0, R1, G0, R1,         R0, G0 /* Y */, R0, G1,
                              G0, R1, R0, R1, X,  G1, G1 /* Y */, G1, G0,         G1};
    /* expected events at e_k (boundary) and e_k + 1 (apply), per word */
    enum { NONE, OK, OK_REJ, OK_REJ_LOST, BAD, BAD_LOST };
    const int kind[21] = {NONE,   OK,       OK_REJ,      OK_REJ, OK_REJ, OK,     OK_REJ,
                          OK_REJ, BAD,      OK_REJ_LOST, NONE,   OK,     OK_REJ, OK_REJ,
                          OK_REJ, BAD_LOST, NONE,        NONE,   NONE,   OK,     OK};
    for (long t = 0; t < 21 * W; t++) {
        long k = t / W, j = t % W;
        uint32_t cbit = (seq[k] >> (W - 1 - j)) & 1u;
        one_step(&s, cbit << 22, 0, 0);
        uint32_t want = 0;
        if (j == W - 1) { /* boundary of word k */
            if (kind[k] == OK || kind[k] == OK_REJ || kind[k] == OK_REJ_LOST)
                want = EVB(NR_EV_CTL_OK);
            else if (kind[k] == BAD)
                want = EVB(NR_EV_CTL_BAD);
            else if (kind[k] == BAD_LOST)
                want = EVB(NR_EV_CTL_BAD) | EVB(NR_EV_CTL_SYNC_LOST);
        } else if (j == 0 && k > 0) { /* apply cycle of word k - 1 */
            if (kind[k - 1] == OK_REJ)
                want = EVB(NR_EV_CTL_REJECT);
            else if (kind[k - 1] == OK_REJ_LOST)
                want = EVB(NR_EV_CTL_REJECT) | EVB(NR_EV_CTL_SYNC_LOST);
        }
        CHECK_EQ(s.o.ev, want);
        int sync = (t >= 58 && t <= 290) || (t >= 348 && t <= 463) || t >= 580;
        CHECK_EQ(s.o.ctl_sync, sync);
        /* white box: the PRESYNC periods (state register after this cycle) */
        if (t == 28 || t == 318 || t == 492 || t == 550)
            CHECK_EQ(lcb_q(s.m)->ctl.state, DF_PRESYNC);
        if (t == 521) CHECK_EQ(lcb_q(s.m)->ctl.state, DF_HUNT);
    }
    CHECK_EQ(nr_lcbp_errors(s.m, NULL, 0), 0);
    nr_lcbp_free(s.m);
}

/* The word toggle (§5.1, §5.3) alone: a stream of one constant, CRC-valid
 * word never syncs. Same port as test_deframer_miss_counter (W 29). Words
 * 0..9 are all G0 (0x000EDBD, wt 0), as from a peer that does not toggle;
 * from word 10 on the words toggle, wt = k mod 2 (G0, G1, G0, ...). HUNT
 * accepts G0 at e_0 = 28 (PRESYNC, ewt = 1); at e_1 = 57 the word is G0 again,
 * CRC-valid but with wt 0: back to HUNT, no event. The rotations of G0 are
 * not CRC-valid, so the hunt finds G0 again at e_2, and so on: PRESYNC after
 * every even word, HUNT after every odd one, no event and no ctl_sync through
 * word 9. At e_10 = 318 HUNT finds G0 (PRESYNC, ewt 1), and at e_11 = 347 G1
 * is valid: CTL_OK, ctl_sync from 348, then CTL_OK at every boundary. (Python
 * transcription of §5.3: the same events.) */
static void test_deframer_toggle(void)
{
    nr_lcb_params p = {
        .num_vcs = 1, .buf_per_vc = 8, .replay_depth = 16, .window = 2, .max_pkt_len = 8};
    nr_lcb_cfg c = pair_default_cfg();
    c.max_len = 8;
    one_t s = {.m = pair_new_port(&p, &c)};
    const int W = 29;
    const uint32_t G0 = 0x000EDBD, G1 = 0x010FF8C;
    for (long t = 0; t < 14 * W; t++) {
        long k = t / W, j = t % W;
        uint32_t w = k < 10 || k % 2 == 0 ? G0 : G1;
        one_step(&s, ((w >> (W - 1 - j)) & 1u) << 22, 0, 0);
        CHECK_EQ(s.o.ev, j == W - 1 && k >= 11 ? EVB(NR_EV_CTL_OK) : 0);
        CHECK_EQ(s.o.ctl_sync, t >= 348);
        if (j == W - 1 && k < 10) CHECK_EQ(lcb_q(s.m)->ctl.state, k % 2 ? DF_HUNT : DF_PRESYNC);
    }
    CHECK_EQ(nr_lcbp_errors(s.m, NULL, 0), 0);
    nr_lcbp_free(s.m);
}

/* ---- a hunt that meets a CRC-valid window at a false phase (§5.3) ----
 *
 * Scenario, on a pair with latency L and one VC. A sends `npre` packets and the
 * pair drains. At t_o (the first cycle >= t_min with t_o = L+1 (mod W), quiet
 * checked) A's source gets `nout` packets, which fill the window, and one more
 * of blk phits, which has to wait for an ack. Every phit arriving at A from t_o
 * to t_e - 1 is erased, so A never hears of the new packets. B receives and
 * reads them, and then B's receive state (E, epoch, fr) is constant: its words
 * alternate between U0 and U1 (wt 0 and 1), word k having wt = k mod 2.
 *   Outage: B's word k is complete at A at kW + W + L, so A's boundaries are
 *   at t = L (mod W); t_o - 1 is the last clean one, the windows at t_o - 1 +
 *   kW (k = 1..4) are all zero: CTL_BAD, the fourth with CTL_SYNC_LOST;
 *   ctl_sync is 0 from t_o + 4W. HUNT then sees only zeros until t_e.
 *   The frozen stream has a CRC-valid window R at the false phase ph: the last
 *   W - ph bits of a word with wt = a and the first ph bits of the next one
 *   (exact search, Python; test_cw_frozen_false_phase shows that the window
 *   at the same phase one word later can never be valid as well). t_R is
 *   the first cycle >= t_o + 7W at which such a window is complete, and t_e =
 *   t_R - W + 1, so R is the first whole window after the outage; the partial
 *   ones before it are not CRC-valid.
 *   t_R: HUNT -> PRESYNC (ewt = 1 - wt(R)). t_R + W: PRESYNC boundary, the
 *   window at phase ph of the next word pair is not CRC-valid: back to HUNT,
 *   no event. The hunt resumes at phase ph + 1 and meets no CRC-valid window
 *   until the true phase, at t_T = t_R + 2W - ph: PRESYNC, then CTL_OK at
 *   t_T + W and the word is applied (accepted) at t_T + W + 1: TX_ACK, the
 *   credits of the outage packets come back; the waiting packet's head is
 *   taken at t_T + W + 2 (TX_PKT). No word is ever delivered at a false phase
 *   and none is rejected. The events and ctl_sync from t_e on were also
 *   produced by a Python transcription of §5.3 fed with the same stream. */
typedef struct {
    nr_lcb_params p;
    nr_lcb_cfg c;
    int L, W;
    int npre;
    const int *pre_len;
    int nout, out_len, blk;
    long t_min;
    int ph, a;     /* false phase; wt of the word whose tail R holds */
    uint64_t U[2]; /* B's frozen words (wt 0 and 1) */
    long t_o, t_R; /* expected (from the derivation above) */
} fphase;

static void run_false_phase(const fphase *f)
{
    const int L = f->L, W = f->W;
    const uint32_t CTL =
        EVB(NR_EV_CTL_OK) | EVB(NR_EV_CTL_BAD) | EVB(NR_EV_CTL_SYNC_LOST) | EVB(NR_EV_CTL_REJECT);
    lcb_pair pr;
    rlog lg[2];
    uint32_t pk[64];
    pair_init(&pr, &f->p, &f->c, L, 3);
    attach_log(&pr, lg);
    for (int i = 0; i < f->npre; i++) {
        pair_mkpkt(pk, f->pre_len[i], 0, 0x3000 + (uint64_t)i);
        pair_send(&pr, 0, pk, f->pre_len[i]);
    }
    long t_o = f->t_min + (((L + 1 - f->t_min) % W) + W) % W;
    CHECK_EQ(t_o, f->t_o);
    pair_run(&pr, t_o - pr.t);
    CHECK(pair_quiet(&pr));
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_OK], f->npre);
    CHECK_EQ(pr.ev_count[0][NR_EV_CTL_BAD] + pr.ev_count[0][NR_EV_CTL_REJECT], 0);
    uint32_t last[64], outp[8][64];
    for (int i = 0; i < f->nout; i++) {
        pair_mkpkt(outp[i], f->out_len, 0, 0x4000 + (uint64_t)i);
        pair_send(&pr, 0, outp[i], f->out_len);
    }
    pair_mkpkt(last, f->blk, 0, 0x4100);
    pair_send(&pr, 0, last, f->blk);
    long t_R = t_o + 7 * W;
    while ((t_R - L - f->ph) % W != 0 || ((t_R - L - f->ph) / W) % 2 != 1 - f->a) t_R++;
    CHECK_EQ(t_R, f->t_R);
    const long t_e = t_R - W + 1, t_T = t_R + 2 * W - f->ph;
    long pkt_after = -1, drained = -1;
    while (pr.t < t_T + 3000 && drained < 0) {
        long t = pr.t;
        if (t < t_e) pr.and_mask[0] = 0; /* erase everything arriving at A */
        pair_step(&pr);
        const nr_lcbp_out *o = &pr.out[0];
        if (t >= t_e && t <= t_T + W) { /* B's frozen words on A's C bits */
            long u = t - 1 - L, k = u / W, j = u % W;
            CHECK_EQ((pr.rx[0] >> 22) & 1u, (f->U[k % 2] >> (W - 1 - j)) & 1u);
        }
        uint32_t want = 0;
        for (int k = 1; k <= 4; k++)
            if (t == t_o - 1 + k * W)
                want = EVB(NR_EV_CTL_BAD) | (k == 4 ? EVB(NR_EV_CTL_SYNC_LOST) : 0);
        if (t >= t_T + W && (t - t_T) % W == 0) want = EVB(NR_EV_CTL_OK);
        CHECK_EQ(o->ev & CTL, want);
        CHECK_EQ(o->ctl_sync, t <= t_o - 1 + 4 * W || t > t_T + W);
        /* white box: the deframer state after this cycle */
        if (t == t_R || t == t_T) CHECK_EQ(lcb_q(pr.p[0])->ctl.state, DF_PRESYNC);
        if (t == t_R + W || (t > t_o - 1 + 4 * W && t < t_R))
            CHECK_EQ(lcb_q(pr.p[0])->ctl.state, DF_HUNT);
        if (t == t_T + W + 1) {
            CHECK(o->ev & EVB(NR_EV_TX_ACK));
            CHECK_EQ(o->credits[0], f->p.buf_per_vc - f->nout * f->out_len);
        }
        if (t == t_T + W + 2) CHECK_EQ(o->credits[0], f->p.buf_per_vc);
        if (t > t_o && pkt_after < 0 && t > t_o + f->nout * f->out_len &&
            (o->ev & EVB(NR_EV_TX_PKT)))
            pkt_after = t;
        CHECK(!o->link_down);
        if (t > t_T + W + 1 && pair_quiet(&pr)) drained = t;
    }
    CHECK_EQ(pkt_after, t_T + W + 2);
    CHECK(drained > 0);
    CHECK_EQ(pr.ev_count[0][NR_EV_CTL_SYNC_LOST], 1);
    CHECK_EQ(pr.ev_count[0][NR_EV_CTL_REJECT], 0);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_REPLAY], 0);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_NACK], 0);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_OK], f->npre + f->nout + 1);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_CRC], 0);
    CHECK_EQ(lg[1].n, f->npre + f->nout + 1);
    int nl = lg[1].n;
    check_pkt(&lg[1].pk[nl - 1], 0, last, f->blk);
    for (int i = 0; i < f->nout; i++)
        check_pkt(&lg[1].pk[nl - 1 - f->nout + i], 0, outp[i], f->out_len);
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* The Q1 scenario (docs/lcb-spec-questions.md) with the word toggle: the
 * hunt after an outage stops at a false phase whose window is CRC-valid and
 * would fail the range checks. With constant words PRESYNC confirmed such a
 * window and the deframer was held for 4 rejected words (Q1); now no word is
 * delivered at that phase. NumVcs 1, BufPerVc 64 (CW 7, W 32),
 * ReplayDepth 32, Window 2, MaxPktLen 16, L 3, cfg_timeout 2000 (no replay).
 * Before: 12 packets, 8 of 3 phits and 4 of 4 (40 phits). Outage: 2 packets
 * of 16 (the window is full) and a 6-phit one waiting. B's frozen state: E =
 * 14, epoch 0, fr = 72: U0 = 0x1C4892DD (wt 0), U1 = 0x1CC80355 (wt 1). A:
 * base 12, next_seq 14, last_fr 40, credits 32.
 * The window at phase 18 after a wt-1 word is R = 0x0D547122 (ack 6, epoch 1,
 * wt 0, fr 84), CRC-valid; it would fail the ack check (6 is not in
 * [12, 14]). A frozen state with a CRC-valid false window is rare: at W 32
 * only 6 states of 32768 have one (exact search). t_o =
 * 1220 (t_min 1200), t_R = 1493, t_e = 1462; PRESYNC at 1493, HUNT at 1525,
 * PRESYNC at the true phase t_T = 1539, CTL_OK at 1571, TX_ACK at 1572 (credits
 * 32 -> 64), the waiting head taken at 1573. */
static void test_deframer_false_lock(void)
{
    static const int pre[12] = {3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4};
    fphase f = {
        .p = {.num_vcs = 1, .buf_per_vc = 64, .replay_depth = 32, .window = 2, .max_pkt_len = 16},
        .c = {.timeout = 2000, .retry_limit = 8, .max_len = 16},
        .L = 3,
        .W = 32,
        .npre = 12,
        .pre_len = pre,
        .nout = 2,
        .out_len = 16,
        .blk = 6,
        .t_min = 1200,
        .ph = 18,
        .a = 1,
        .U = {0x1C4892DDull, 0x1CC80355ull},
        .t_o = 1220,
        .t_R = 1493};
    run_false_phase(&f);
}

/* The Q2 scenario with the word toggle: a CRC-valid window at a false phase
 * that would pass the range checks (with constant words such a window was
 * accepted at every word, and the link went down or stalled: Q2) is not even
 * delivered. NumVcs 1, BufPerVc 256
 * (CW 9, W 34), ReplayDepth 256, Window 8, MaxPktLen 64, L 3, cfg_timeout
 * 4000. Before: 118 packets, 104 of 6 phits and 14 of 5 (694 phits). Outage:
 * 8 packets of 16 (the window is full) and a 10-phit one waiting. B's frozen
 * state: E = 126, epoch 0, fr = 822 mod 512 = 310: U0 = 0x3F1365B09 (wt 0),
 * U1 = 0x3F3363D6B (wt 1). A: base 118, next_seq 126, last_fr 182, credits 128.
 * The window at phase 20 after a wt-1 word is R = 0x3D6BFC4D9 (ack 122,
 * epoch 1, wt 1, fr 191), CRC-valid and in range (122 - 118 = 4 <= 8;
 * sent = 822 mod 512 = 310, (310 - 191) mod 512 = 119 <= 256, §7.4):
 * delivered, it would be accepted (TX_NACK, credits 256 - 119 = 137
 * instead of 256). At W 34 16 states of 2^17 have a
 * CRC-valid false window, all at phase 20 after a wt-1 word. Now:
 * t_o = 2418 (t_min 2400), t_R = 2675, t_e = 2642; PRESYNC at 2675, HUNT at
 * 2709, PRESYNC at the true phase t_T = 2723, CTL_OK at 2757, TX_ACK at 2758
 * (credits 128 -> 256), no TX_NACK, the waiting head taken at 2759. */
static void test_deframer_q2_no_lock(void)
{
    static int pre[118];
    for (int i = 0; i < 118; i++) pre[i] = i < 104 ? 6 : 5;
    fphase f = {
        .p = {.num_vcs = 1, .buf_per_vc = 256, .replay_depth = 256, .window = 8, .max_pkt_len = 64},
        .c = {.timeout = 4000, .retry_limit = 8, .max_len = 64},
        .L = 3,
        .W = 34,
        .npre = 118,
        .pre_len = pre,
        .nout = 8,
        .out_len = 16,
        .blk = 10,
        .t_min = 2400,
        .ph = 20,
        .a = 1,
        .U = {0x3F1365B09ull, 0x3F3363D6Bull},
        .t_o = 2418,
        .t_R = 2675};
    run_false_phase(&f);
}

/* Self-correcting credits (§7.2, §7.4, §5.1): the TX keeps sent[v] (phits
 * debited, mod 2^CW) and last_fr[v] (fr[v] of the last accepted word), and
 * credits[v] = BufPerVc - (sent[v] - last_fr[v]) mod 2^CW. A word is in range
 * if (sent[v] - fr[v]) mod 2^CW <= BufPerVc, a check on the word alone; an
 * accepted word overwrites last_fr[v]. So a CRC-valid word that claims
 * phantom freed phits gives wrong credits only until the next accepted word.
 * One port, NumVcs 1, BufPerVc 8 (CW 4, 2^CW = 16, W 29), MaxPktLen 4,
 * Window 2, cfg_timeout 1000 (no replay). The port's control words are fed
 * on link_rx's C bits; word k (wt = (k+1) mod 2, epoch 0) in cycles
 * 29k .. 29k+28, boundary e_k = 29k+28, applied at a_k = 29(k+1) (as in
 * test_deframer_miss_counter: SYNC from word 1). The core source offers P0
 * (4 phits) and P1 (3) from cycle 60, P2 (4) from 176: heads are taken at
 * once (credits >= 4, window open), so the debits are at 60..66 and 176..179.
 *   k  ack fr  sent  check (sent-fr)   verdict  credits after a_k
 *   1   0   0   0     0                accept   8
 *   2   2   0   7     7                accept   1   TX_ACK (base 0 -> 2)
 *   3   2   2   7     5                accept   3
 *   4   2   6   7     1                accept   7   phantom: 3 freed, not 6
 *   5   2   4   7     3                accept   5   true again at once
 *   6   2   5  11     6                accept   2
 *   7   3  12  11     15               accept  -7   TX_ACK (base 2 -> 3); a
 *                                                  wrong fr ahead of sent: far
 *                                                  fewer credits, not more
 *   8   5   2  11     ack 5 > next 3   REJECT  -7   ack beyond next_seq: the
 *                                                  whole word is ignored
 *   9   3  11  11     0                accept   8   true again at once
 *  10   3  11  11     0                accept   8
 * fr has no range check (§7.4, "Why fr has no range check"): words 7 and 8
 * are taken and give fewer credits than the truth (negative: no head
 * starts), which the next true word repairs; the credits output shows the
 * negative count in CW bits (9). Word 8's fr would be taken too, but its ack
 * is out of range, so it changes nothing.
 * Under the earlier running-count rule (d = (fr - last_fr) mod 2^CW accepted
 * if d <= BufPerVc - credits) the true words 5 and 6 look like the freed
 * count going backwards and are rejected (d = 14 > 8 - 7, d = 15 > 8 - 3),
 * so the phantom credits stay until a word passes fr = 6: 7 after a_5
 * instead of 5, 3 after a_6 instead of 2; words 5..8 are four rejects in a
 * row and lose sync (CTL_SYNC_LOST at a_8), word 9 is not delivered and the
 * ack comes one word late (a_10). That rule ends at credits 8 too (word 10,
 * fr 11 >= 6): the running count always equals BufPerVc - (sent - last_fr)
 * mod 2^CW, so only the accept/reject decisions differ. The first check that
 * fails under it is the event check at a_5 (CTL_REJECT, not expected).
 * The credits output is checked every cycle against 8 - (sent - last_fr)
 * from this table, and the debit strobe against the schedule above. */
static void test_self_correcting_credits(void)
{
    nr_lcb_params p = {
        .num_vcs = 1, .buf_per_vc = 8, .replay_depth = 16, .window = 2, .max_pkt_len = 4};
    nr_lcb_cfg c = {.timeout = 1000, .retry_limit = 8, .max_len = 4};
    one_t s = {.m = pair_new_port(&p, &c)};
    const int W = 29, K = 11;
    const uint32_t CTL = EVB(NR_EV_CTL_OK) | EVB(NR_EV_CTL_BAD) | EVB(NR_EV_CTL_REJECT) |
                         EVB(NR_EV_CTL_SYNC_LOST) | EVB(NR_EV_TX_ACK) | EVB(NR_EV_TX_NACK);
    enum { NONE, ACC, REJ };
    static const struct {
        unsigned ack, fr;
        int verdict, tx_ack;
    } wd[11] = {{0, 0, NONE, 0}, {0, 0, ACC, 0},  {2, 0, ACC, 1}, {2, 2, ACC, 0},
                {2, 6, ACC, 0},  {2, 4, ACC, 0},  {2, 5, ACC, 0}, {3, 12, ACC, 1},
                {5, 2, REJ, 0},  {3, 11, ACC, 0}, {3, 11, ACC, 0}};
    /* the words: the builder reproduces the Python literals G0/G1 (CW 4) */
    uint32_t word[11];
    for (int k = 0; k < K; k++) {
        unsigned fr[NR_LCB_MAX_VCS] = {wd[k].fr};
        uint64_t pay = lcb_cw_payload(&s.m->c, wd[k].ack, 0, (k + 1) & 1, fr);
        word[k] = (uint32_t)(pay << 16) | lcb_cw_crc(&s.m->c, pay);
    }
    CHECK_EQ(word[0], 0x010FF8Cu);
    CHECK_EQ(word[1], 0x000EDBDu);
    /* core source: P0, P1 from 60, P2 from 176 */
    uint32_t src[11];
    pair_mkpkt(src, 4, 0, 0x51);
    pair_mkpkt(src + 4, 3, 0, 0x52);
    pair_mkpkt(src + 7, 4, 0, 0x53);
    int si = 0;
    unsigned sent = 0, last_fr = 0, ndebit = 0;
    for (long t = 0; t < K * W + 1; t++) {
        long k = t / W, j = t % W;
        uint32_t cbit = k < K ? (word[k] >> (W - 1 - j)) & 1u : 0;
        int offer = (si < 7 && t >= 60) || (si >= 7 && si < 11 && t >= 176);
        nr_lcbp_in in = {.link_rx = cbit << 22, .tx_valid = offer, .tx_phit = offer ? src[si] : 0};
        nr_lcbp_eval(s.m, &in, &s.o);
        /* start-of-cycle credits: BufPerVc - (sent - last_fr) (§7.2) */
        CHECK_EQ(s.o.credits[0], (8u - ((sent - last_fr) & 15u)) & 15u);
        int deb = (t >= 60 && t <= 66) || (t >= 176 && t <= 179);
        CHECK_EQ(s.o.debit, (uint32_t)deb);
        if (offer) {
            CHECK(s.o.tx_ready);
            si++;
        }
        nr_lcbp_tick(s.m);
        uint32_t want = 0;
        if (j == W - 1 && k >= 1 && k < K) /* boundary of word k */
            want = EVB(NR_EV_CTL_OK);
        if (j == 0 && k >= 2) { /* apply cycle of word k - 1 */
            int v = wd[k - 1].verdict;
            if (v == REJ) want = EVB(NR_EV_CTL_REJECT);
            if (v == ACC && wd[k - 1].tx_ack) want = EVB(NR_EV_TX_ACK);
            if (v == ACC) last_fr = wd[k - 1].fr;
        }
        CHECK_EQ(s.o.ev & CTL, want);
        CHECK_EQ(s.o.ctl_sync, t >= 58);
        sent += (unsigned)deb;
        ndebit += (unsigned)deb;
        /* the table's credits after each apply cycle */
        if (j == 0 && k >= 2) {
            static const unsigned after[11] = {8, 8, 1, 3, 7, 5, 2, 9, 9, 8, 8}; /* 9: -7 */
            nr_lcbp_out pk;
            nr_lcbp_peek(s.m, &pk);
            CHECK_EQ(pk.credits[0], after[k - 1]);
        }
    }
    CHECK_EQ(si, 11);
    CHECK_EQ(ndebit, 11u);
    nr_lcbp_out pk;
    nr_lcbp_peek(s.m, &pk);
    CHECK_EQ(pk.credits[0], (uint32_t)p.buf_per_vc); /* every credit home */
    CHECK(pk.ctl_sync);
    CHECK_EQ(nr_lcbp_errors(s.m, NULL, 0), 0);
    nr_lcbp_free(s.m);
}

/* Common set-up: a pair in SYNC (outputs of cycle L+2W+1 seen), logging packets. */
static void pair_synced(lcb_pair *pr, rlog *lg, const nr_lcb_params *p, const nr_lcb_cfg *c, int L)
{
    pair_init(pr, p, c, L, 7);
    attach_log(pr, lg);
    pair_run(pr, L + 2 * WD + 2);
    CHECK(pr->out[0].ctl_sync && pr->out[1].ctl_sync);
}

/* Check A's link_tx in cycles t0.. for a contiguous replay of packets
 * pk[first..last] (each n phits, sequence number = index). */
static void expect_link_pkts(lcb_pair *pr, long t0, uint32_t pk[][64], int first, int last, int n)
{
    for (int i = first; i <= last; i++) {
        for (int j = 0; j < n; j++) {
            while (pr->t <= t0) pair_step(pr);
            uint32_t got = pr->out[0].link_tx & ~(1u << 22);
            uint32_t want = j < n - 1 ? (1u << 23) | nr_phit_data(pk[i][j])
                                      : pair_link_eop(pk[i][j], (unsigned)i);
            CHECK_EQ(got, want);
            t0++;
        }
    }
}

/* One corrupted phit -> NACK -> replay marker -> go-back-N -> exactly once.
 * L = 5, four 6-phit packets on VC0 taken back to back from c0 = 100: packet
 * i phit j is taken at c0+6i+j and arrives at B at c0+6i+j+1+L. A data bit of
 * packet 1, phit 2 is flipped on arrival (cycle c0+6+3+L).
 *   B: RX_OK(pkt0) at c0+6+L = 111 (E = 1 from 112); RX_CRC at the EOPs of
 *      pkt1..3: 117, 123, 129 (pkt2/3 are in flight, wrong sequence). Epoch
 *      toggles at 117 (first error: NACK); no toggle for pkt2/3 (in recovery,
 *      not armed).
 *   B's next word is built at nm(118, 41) = 123 with ack 1, epoch 1; it
 *      completes at A at 123+W+L = 169 (CTL_OK) and is applied at 170:
 *      TX_ACK (base 0 -> 1) and TX_NACK; pending (1 != next_seq 4).
 *   A is idle, so the replay decision is at 171: TX_REPLAY, marker
 *      REPLAY(1) on link_tx at 172, then pkt1..3 contiguously at 173..190
 *      (EOPs with the LCRC of sequence 1..3).
 *   B: RX_MARKER at 177 (dupl = E - 1 = 0), RX_OK at 183, 189, 195.
 * B's reader is eager, so the bad copies were partly read: each is aborted
 * and its reader sees a TX_ERR EOP; the good packets arrive once, in order. */
static void test_nack_replay(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    const int L = 5, n = 6;
    const long c0 = 100;
    lcb_pair pr;
    rlog lg[2];
    pair_synced(&pr, lg, &p, &c, L);
    uint32_t pk[4][64];
    pair_run(&pr, c0 - pr.t);
    for (int i = 0; i < 4; i++) {
        pair_mkpkt(pk[i], n, 0, 0x1000 + (uint64_t)i);
        pair_send(&pr, 0, pk[i], n);
    }
    long corrupt = c0 + n + 2 + 1 + L;
    pair_run(&pr, corrupt - pr.t);
    pr.xor_mask[1] = 1; /* data bit 0 of the phit arriving at B */
    pair_step(&pr);

    long e_rxok0 = c0 + n + L;
    long e_crc[3] = {c0 + 2 * n + L, c0 + 3 * n + L, c0 + 4 * n + L};
    long tb = nm(e_crc[0] + 1, WD);
    CHECK_EQ(nm(e_rxok0 + 1, WD), tb); /* the same word carries ack 1 */
    long apply = tb + WD + L + 1, decide = apply + 1;
    expect_link_pkts(&pr, decide + 2, pk, 1, 3, n);
    /* the marker, in cycle decide + 1 */
    pair_run(&pr, 60);
    CHECK_EQ(pr.ev_first[1][NR_EV_RX_OK], e_rxok0);
    CHECK_EQ(pr.ev_first[1][NR_EV_RX_CRC], e_crc[0]);
    CHECK_EQ(pr.ev_last[1][NR_EV_RX_CRC], e_crc[2]);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_CRC], 3);
    CHECK_EQ(pr.ev_first[0][NR_EV_TX_ACK], apply);
    CHECK_EQ(pr.ev_first[0][NR_EV_TX_NACK], apply);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_NACK], 1);
    CHECK_EQ(pr.ev_first[0][NR_EV_TX_REPLAY], decide);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_REPLAY], 1);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_TIMEOUT], 0);
    CHECK_EQ(pr.ev_first[1][NR_EV_RX_MARKER], decide + 1 + L);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_MARKER], 1);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_DUP], 0);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_OK], 4);
    CHECK_EQ(pr.ev_last[1][NR_EV_RX_OK], decide + 2 + L + 3 * n - 1);
    CHECK_EQ(pr.ev_count[1][NR_EV_INQ_REWIND], 3);
    CHECK(pair_drain(&pr, 2000) > 0);
    /* B's sink: healthy pkt0..3 in order, exactly once; 3 aborted copies. */
    int good = 0, bad = 0;
    for (int k = 0; k < lg[1].n; k++) {
        const rpkt *r = &lg[1].pk[k];
        unsigned ok = nr_eop_ok(r->ph[r->len - 1]);
        if (ok == NR_OK_HEALTHY) {
            check_pkt(r, 0, pk[good], n);
            good++;
        } else {
            CHECK_EQ(ok, NR_OK_TX_ERR);
            CHECK_EQ(r->ph[r->len - 1], 0x900000); /* abort EOP {TX_ERR, 0, 0} */
            bad++;
        }
    }
    CHECK_EQ(good, 4);
    CHECK_EQ(bad, 3);
    CHECK_EQ(pr.debits[0][0], 4 * n);
    CHECK_EQ(pr.cr_freed[1][0], 4 * n);
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* Error hook: force the C bit of phits arriving at port 0 to 0 in cycles
 * [from, to). */
typedef struct {
    long from, to;
} kill_c;
static void kill_c_hook(void *ctx, int port, long cycle, uint32_t *ph)
{
    const kill_c *k = ctx;
    if (port == 0 && cycle >= k->from && cycle < k->to) *ph &= ~(1u << 22);
}

/* Timeout replay when the NACK cannot get through, and duplicate skipping.
 * As test_nack_replay (L = 5, four 6-phit packets from c0 = 100, pkt1 phit 2
 * corrupted), but every C bit arriving at A is forced to 0 from c0 until
 * 330: no word reaches A (4 misses -> CTL_SYNC_LOST, then HUNT on zeros),
 * so A's base stays 0. cfg_timeout T = 200.
 *   Timer (§7.6): pkt0's EOP is taken at 105 (base = next_seq, timer_d = 0);
 *   from 106 timer_q counts 0, 1, ...; it equals T at 306: TX_TIMEOUT.
 *   Replay decision at 307: TX_REPLAY, marker REPLAY(0) at 308, pkt0..3 at
 *   309..332.
 *   B: RX_MARKER at 313 with E = 1: dupl = 1. pkt0's head at 314: RX_DUP,
 *   swallowed. pkt1..3 are good: RX_OK at 325, 331, 337.
 * Once the C bits are back, A resyncs and applies ack 4 with the toggled
 * epoch: TX_NACK, but nothing is outstanding, so no second replay. */
static void test_timeout_replay_dup(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    c.timeout = 200;
    const int L = 5, n = 6;
    const long c0 = 100, kill_end = 330;
    lcb_pair pr;
    rlog lg[2];
    pair_synced(&pr, lg, &p, &c, L);
    uint32_t pk[4][64];
    pair_run(&pr, c0 - pr.t);
    for (int i = 0; i < 4; i++) {
        pair_mkpkt(pk[i], n, 0, 0x2000 + (uint64_t)i);
        pair_send(&pr, 0, pk[i], n);
    }
    long corrupt = c0 + n + 2 + 1 + L;
    long te = c0 + n - 1, fire = te + 1 + c.timeout, decide = fire + 1;
    kill_c kc = {c0, kill_end};
    pr.err_hook = kill_c_hook;
    pr.err_ctx = &kc;
    while (pr.t < kill_end) {
        if (pr.t == corrupt) pr.xor_mask[1] = 1;
        if (pr.t == decide + 2)
            expect_link_pkts(&pr, decide + 2, pk, 0, 3, n);
        else
            pair_step(&pr);
        if (pr.t - 1 == decide + 1)
            CHECK_EQ(pr.out[0].link_tx & ~(1u << 22), 0x100002); /* REPLAY(0) */
    }
    CHECK_EQ(pr.ev_count[0][NR_EV_CTL_SYNC_LOST], 1);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_ACK], 0);
    CHECK_EQ(pr.ev_first[0][NR_EV_TX_TIMEOUT], fire);
    CHECK_EQ(pr.ev_first[0][NR_EV_TX_REPLAY], decide);
    CHECK_EQ(pr.ev_first[1][NR_EV_RX_MARKER], decide + 1 + L);
    CHECK_EQ(pr.ev_first[1][NR_EV_RX_DUP], decide + 2 + L);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_DUP], 1);
    CHECK(pair_drain(&pr, 3000) > 0);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_TIMEOUT], 1);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_REPLAY], 1);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_NACK], 1);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_OK], 4);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_CRC], 3);
    int good = 0;
    for (int k = 0; k < lg[1].n; k++) {
        const rpkt *r = &lg[1].pk[k];
        if (nr_eop_ok(r->ph[r->len - 1]) == NR_OK_HEALTHY) check_pkt(r, 0, pk[good++], n);
    }
    CHECK_EQ(good, 4);
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* Same-cycle word apply and replay decision (M1 in
 * docs/lcb-spec-questions.md). L = 1, cfg_timeout T = 20. A sends pkt0 (4
 * phits, taken 100..103) and at once pkt1 (62 phits, taken 104..165). The
 * timer is 0 in cycle 104 and fires at 124 (TX_TIMEOUT): pending, but A is
 * mid-packet, so the decision waits for pkt1's EOP (taken at 165) and falls in
 * cycle 166. B's word built at 123 (3W) completes at A at 123+W+L = 165 and
 * is applied in the same cycle 166. (The word built at 82 is applied at 125
 * and carries B's reset state: no change.)
 * (1) pkt0's phit 1 is corrupted (arrives at B at 103; RX_CRC at 105, epoch
 *     1): B's word carries a NACK (epoch 1, ack 0). Cycle 166 has TX_NACK
 *     and TX_REPLAY; the decision clears pending, so the NACK does not cause
 *     a second replay when this one ends (mode NORMAL from 233; a replay
 *     decision would be at 233). The replay reaches B: pkt0 good at 172 (E =
 *     1), pkt1 at 234 (E = 2). B's word built at 205 acks pkt0: applied at
 *     205+W+L+1 = 248 (TX_ACK, timer 0), so the timer (0 at 249) fires at
 *     269 before the word of 246 (ack 2, applied at 289) arrives: the second
 *     replay (of pkt1) is decided at 270, and it is the only other one
 *     before 300.
 * (2) No corruption: the word acks pkt0 (TX_ACK at 166). The decision uses
 *     start-of-cycle base 0: marker REPLAY(0) on link_tx at 167; B has E = 2
 *     by then (pkt1's EOP reached it at 167), so the marker, at B at 168,
 *     sets dupl = 2 and both replayed packets are skipped (RX_DUP at 169 and
 *     173). */
static void test_apply_and_decision_same_cycle(void)
{
    for (int sc = 1; sc <= 2; sc++) {
        nr_lcb_params p = pair_default_params();
        nr_lcb_cfg c = pair_default_cfg();
        c.timeout = 20;
        const int L = 1;
        const long c0 = 100;
        lcb_pair pr;
        rlog lg[2];
        pair_synced(&pr, lg, &p, &c, L);
        uint32_t p0[64], p1[64];
        pair_mkpkt(p0, 4, 0, 0xC000 + (uint64_t)sc);
        pair_mkpkt(p1, 62, 1, 0xC100 + (uint64_t)sc);
        pair_run(&pr, c0 - pr.t);
        pair_send(&pr, 0, p0, 4);
        pair_send(&pr, 0, p1, 62);
        while (pr.t < 300) {
            if (sc == 1 && pr.t == c0 + 1 + 1 + L) pr.xor_mask[1] = 1u << 4;
            pair_step(&pr);
            if (pr.t - 1 == 167)
                CHECK_EQ(pr.out[0].link_tx & ~(1u << 22), 0x100002); /* REPLAY(0) */
        }
        CHECK_EQ(pr.ev_first[0][NR_EV_TX_TIMEOUT], 124);
        CHECK_EQ(pr.ev_first[0][NR_EV_TX_REPLAY], 166);
        if (sc == 1) {
            CHECK_EQ(pr.ev_first[0][NR_EV_TX_NACK], 166);
            CHECK_EQ(pr.ev_count[0][NR_EV_TX_REPLAY], 2);
            CHECK_EQ(pr.ev_last[0][NR_EV_TX_REPLAY], 270);
        } else {
            CHECK_EQ(pr.ev_first[0][NR_EV_TX_ACK], 166);
            CHECK_EQ(pr.ev_first[1][NR_EV_RX_MARKER], 167 + L);
            CHECK_EQ(pr.ev_count[1][NR_EV_RX_DUP], 2);
            CHECK_EQ(pr.ev_first[1][NR_EV_RX_DUP], 168 + L);
            CHECK_EQ(pr.ev_last[1][NR_EV_RX_DUP], 168 + L + 4);
        }
        CHECK(pair_drain(&pr, 3000) > 0);
        int good = 0;
        for (int k = 0; k < lg[1].n; k++) {
            const rpkt *r = &lg[1].pk[k];
            if (nr_eop_ok(r->ph[r->len - 1]) == NR_OK_HEALTHY) {
                if (good == 0)
                    check_pkt(r, 0, p0, 4);
                else
                    check_pkt(r, 1, p1, 62);
                good++;
            }
        }
        CHECK_EQ(good, 2);
        pair_check_no_errors(&pr);
        pair_free(&pr);
    }
}

/* Receive clip (§8.3) and the retry limit through NACK rounds (§7.5).
 * cfg_max_len = 6, cfg_retry_limit = 2, one 10-phit packet on VC0 at c0=100,
 * B's reader off. Phit j reaches B at c0+j+1+L (first copy) or d+2+L+j (a
 * replay decided at d). At j = 5 the RX has len = 5 = cfg_max_len-1: RX_CLIP,
 * the forwarded EOP is TX_ERR (rx_bad), the rest is swallowed. The queue
 * held phits 0..4 (occ 5 in cycle tc+1) and rewinds them (INQ_REWIND at
 * tc+1, occ 0 at tc+2). The error rule toggles the epoch (first error; then
 * again each time because the marker armed it): B's word at nm(tc+1, W),
 * applied at A W+L+1 later, replay decision one cycle after that. The first
 * two decisions replay (retries 0 -> 1 -> 2); the third finds retries =
 * cfg_retry_limit: LINK_DOWN, link_down = 1 from the next cycle, idles only.
 * Credits of the packet stay withheld (A: 128 - 10). After down (§7.6) every
 * tx_vc_ok is 1 and a second packet, offered at d+100, is taken in n cycles,
 * one phit a cycle, and discarded: one TX_DOWN_DROP at its head, no TX_PKT,
 * nothing debited, nothing sent. */
static void test_clip_retry_link_down(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    c.max_len = 6;
    c.retry_limit = 2;
    c.timeout = 1000;
    const int L = 5, n = 10;
    const long c0 = 100;
    lcb_pair pr;
    rlog lg[2];
    pair_synced(&pr, lg, &p, &c, L);
    pr.snk[1].off = 1;
    uint32_t pk[64];
    pair_mkpkt(pk, n, 0, 0x3000);
    pair_run(&pr, c0 - pr.t);
    pair_send(&pr, 0, pk, n);

    long tc[3], d[4];
    tc[0] = c0 + 5 + 1 + L;
    for (int r = 0; r < 3; r++) {
        d[r + 1] = nm(tc[r] + 1, WD) + WD + L + 2;
        if (r + 1 < 3) tc[r + 1] = d[r + 1] + 2 + L + 5;
    }
    long end = d[3] + 300;
    while (pr.t < end) {
        if (pr.t == d[3] + 100) pair_send(&pr, 0, pk, n);
        pair_step(&pr);
        long t = pr.t - 1;
        if (t == tc[0] + 1) {
            CHECK_EQ(pr.out[1].occ[0], 5);
            CHECK(pr.out[1].ev & EVB(NR_EV_INQ_REWIND));
        }
        if (t == tc[0] + 2) CHECK_EQ(pr.out[1].occ[0], 0);
        if (t > d[3]) {
            CHECK_EQ(pr.out[0].link_down, 1);
            CHECK_EQ(pr.out[0].tx_vc_ok, 3);
            CHECK_EQ(pr.out[0].link_tx & ~(1u << 22), 0); /* idles only */
            if (t >= d[3] + 100 && t < d[3] + 100 + n) CHECK_EQ(pr.out[0].tx_ready, 1);
        } else {
            CHECK_EQ(pr.out[0].link_down, 0);
        }
    }
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_CLIP], 3);
    CHECK_EQ(pr.ev_first[1][NR_EV_RX_CLIP], tc[0]);
    CHECK_EQ(pr.ev_last[1][NR_EV_RX_CLIP], tc[2]);
    CHECK_EQ(pr.ev_count[1][NR_EV_INQ_REWIND], 3);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_OK] + pr.ev_count[1][NR_EV_RX_CRC], 0);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_REPLAY], 2);
    CHECK_EQ(pr.ev_first[0][NR_EV_TX_REPLAY], d[1]);
    CHECK_EQ(pr.ev_last[0][NR_EV_TX_REPLAY], d[2]);
    CHECK_EQ(pr.ev_count[0][NR_EV_LINK_DOWN], 1);
    CHECK_EQ(pr.ev_first[0][NR_EV_LINK_DOWN], d[3]);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_PKT], 1);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_DOWN_DROP], 1);
    CHECK_EQ(pr.ev_first[0][NR_EV_TX_DOWN_DROP], d[3] + 100);
    CHECK(pair_src_idle(&pr, 0));
    CHECK_EQ(pr.out[0].credits[0], 128 - n);
    CHECK_EQ(pr.out[1].ctl_sync, 1); /* A keeps sending control words */
    CHECK_EQ(pr.cr_freed[1][0], 0);
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* Retry limit through timeouts (§7.6): every C bit arriving at A is 0 from
 * reset, so A never syncs and never sees an ack. cfg_timeout T = 50,
 * cfg_retry_limit 3, one 4-phit packet at c0 = 20 (EOP taken at te = 23).
 * The timer is 0 in cycle te+1 and fires at te+1+T; the decision is the next
 * cycle. A replay of n phits keeps mode = REPLAY for n cycles (timer 0), so
 * decisions are te+T+2 + k(n+T+2): 75, 131, 187 replay, 243 is LINK_DOWN.
 * B gets the packet once (RX_OK), then three markers each followed by a
 * duplicate (RX_DUP). */
static void test_timeout_link_down(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    c.timeout = 50;
    c.retry_limit = 3;
    const int L = 3, n = 4;
    lcb_pair pr;
    rlog lg[2];
    pair_init(&pr, &p, &c, L, 3);
    attach_log(&pr, lg);
    uint32_t pk[64];
    pair_mkpkt(pk, n, 1, 0x4000);
    pair_run(&pr, 20);
    pair_send(&pr, 0, pk, n);
    long te = 20 + n - 1;
    kill_c kc = {0, 1000000};
    pr.err_hook = kill_c_hook;
    pr.err_ctx = &kc;
    pair_run(&pr, 400 - pr.t);
    long per = n + c.timeout + 2, d0 = te + c.timeout + 2;
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_TIMEOUT], 4);
    CHECK_EQ(pr.ev_first[0][NR_EV_TX_TIMEOUT], d0 - 1);
    CHECK_EQ(pr.ev_last[0][NR_EV_TX_TIMEOUT], d0 + 3 * per - 1);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_REPLAY], 3);
    CHECK_EQ(pr.ev_first[0][NR_EV_TX_REPLAY], d0);
    CHECK_EQ(pr.ev_last[0][NR_EV_TX_REPLAY], d0 + 2 * per);
    CHECK_EQ(pr.ev_first[0][NR_EV_LINK_DOWN], d0 + 3 * per);
    CHECK_EQ(pr.ev_count[0][NR_EV_CTL_OK], 0);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_OK], 1);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_MARKER], 3);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_DUP], 3);
    CHECK_EQ(lg[1].n, 1);
    check_pkt(&lg[1].pk[0], 1, pk, n);
    CHECK_EQ(pr.out[0].link_down, 1);
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* Input queue (§8.4): tail rewind of a packet none of which has left, and
 * abort of one that has partly left; credits of bad copies are withheld.
 * (a) VC1, 8 phits, B's reader off, phit 3 corrupted. Phit j is written at
 *     c0+j+2+L; the bad EOP arrives at c0+7+1+L and is handled at c0+9+L:
 *     occ[1] = 7 in that cycle (phits 0..6), INQ_REWIND, occ 0 after. The
 *     replayed copy is stored (occ 8). Nothing is freed until the reader
 *     runs; then exactly 8 credits come back.
 * (b) VC0, 8 phits, eager reader (reads each phit 2 cycles after it
 *     arrives), phit 6 corrupted. The bad EOP is handled in the cycle the
 *     reader takes phit 6 (read first: dep): wr = rd', abort. The reader
 *     gets phits 0..6 as received and then {EOP, TX_ERR, 0000, 0x0000}; those
 *     reads free nothing (pend, withheld). For the good copy the reads of
 *     phits 0..6 go to pend and are released at its EOP write (inq_cr = 7 in
 *     that cycle), and the EOP read frees 1: 8 in total. */
static void test_inq_rewind_abort(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    const int L = 4, n = 8;
    lcb_pair pr;
    rlog lg[2];
    pair_synced(&pr, lg, &p, &c, L);
    uint32_t pa[64], pb[64];
    pair_mkpkt(pa, n, 1, 0x5000);
    pair_mkpkt(pb, n, 0, 0x5001);

    /* (a) rewind */
    long c0 = 100;
    pr.snk[1].off = 1;
    pair_run(&pr, c0 - pr.t);
    pair_send(&pr, 0, pa, n);
    long hit = c0 + 3 + 1 + L, rew = c0 + n + 1 + L;
    while (pr.t < c0 + 400) {
        if (pr.t == hit) pr.xor_mask[1] = 1u << 10;
        pair_step(&pr);
        long t = pr.t - 1;
        if (t == rew) {
            CHECK_EQ(pr.out[1].occ[1], 7);
            CHECK_EQ(pr.out[1].ev & EVB(NR_EV_INQ_REWIND), EVB(NR_EV_INQ_REWIND));
        }
        if (t == rew + 1) CHECK_EQ(pr.out[1].occ[1], 0);
    }
    CHECK_EQ(pr.out[1].occ[1], n);
    CHECK_EQ(pr.cr_freed[1][1], 0);
    CHECK_EQ(pr.out[0].credits[1], 128 - n);
    pr.snk[1].off = 0;
    CHECK(pair_drain(&pr, 1000) > 0);
    CHECK_EQ(pr.cr_freed[1][1], n);
    CHECK_EQ(lg[1].n, 1);
    check_pkt(&lg[1].pk[0], 1, pa, n);

    /* (b) abort */
    c0 = nm(pr.t, WD) + 10;
    pair_run(&pr, c0 - pr.t);
    pair_send(&pr, 0, pb, n);
    hit = c0 + 6 + 1 + L;
    long bad_eop = c0 + n + L;     /* arrival of the bad EOP */
    long tb = nm(bad_eop + 1, WD); /* B's NACK word */
    long decide = tb + WD + L + 2;
    long good_eop_wr = decide + 2 + L + (n - 1) + 1;
    long freed_before = pr.cr_freed[1][0];
    while (pr.t < decide + 200) {
        if (pr.t == hit) pr.xor_mask[1] = 1u << 5;
        pair_step(&pr);
        long t = pr.t - 1;
        if (t <= bad_eop + 3) CHECK_EQ(pr.out[1].inq_cr[0], 0);
        if (t == bad_eop + 1) CHECK(pr.out[1].ev & EVB(NR_EV_INQ_REWIND));
        if (t == good_eop_wr) CHECK_EQ(pr.out[1].inq_cr[0], n - 1);
        if (t == good_eop_wr + 1) CHECK_EQ(pr.out[1].inq_cr[0], 1);
    }
    CHECK_EQ(pr.ev_first[0][NR_EV_TX_REPLAY] >= 0, 1);
    CHECK_EQ(pr.ev_last[0][NR_EV_TX_REPLAY], decide);
    CHECK_EQ(pr.cr_freed[1][0] - freed_before, n);
    CHECK_EQ(lg[1].n, 3);
    {
        const rpkt *r = &lg[1].pk[1]; /* the aborted copy */
        CHECK_EQ(r->len, n);
        for (int j = 0; j < 6; j++) CHECK_EQ(r->ph[j], pb[j]);
        CHECK_EQ(r->ph[6], pb[6] ^ (1u << 5));
        CHECK_EQ(r->ph[7], 0x900000);
    }
    check_pkt(&lg[1].pk[2], 0, pb, n);
    CHECK(pair_drain(&pr, 1000) > 0);
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* Transmit-side checks (§7.3): soft-error marking, kind errors, ok = 3,
 * upstream-marked packets, stray phits, a head with a bad vc, the transmit
 * clip at MaxPktLen. Expected packets at B are built with nr_pkt_set_ok,
 * which regenerates the PCRC over the contents: P = upd6(crc, {ok, rsvd}). */
static void test_tx_marking(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    const int L = 3;
    lcb_pair pr;
    rlog lg[2];
    pair_synced(&pr, lg, &p, &c, L);
    uint32_t stray = nr_eop_make(NR_OK_HEALTHY, 0);
    uint32_t s1[5], s2[5], s3[4], s4[4], bv[4], lp[70];
    uint32_t e1[5], e2[5], e3[4], e4[4], el[64];
    /* S1: healthy ok, wrong PCRC -> SOFT_ERR, TX_SOFT */
    pair_mkpkt(s1, 5, 0, 0x61);
    memcpy(e1, s1, sizeof s1);
    nr_pkt_set_ok(e1, 5, NR_OK_SOFT_ERR);
    s1[4] ^= 1;
    /* S2: a HEAD kind mid-packet -> TX_PROTO, treated as BODY, SOFT_ERR */
    pair_mkpkt(s2, 5, 1, 0x62);
    memcpy(e2, s2, sizeof s2);
    nr_pkt_set_ok(e2, 5, NR_OK_SOFT_ERR);
    s2[2] = nr_phit_make(NR_KIND_HEAD, nr_phit_data(s2[2]));
    /* S3: ok = 3 (reserved) with a matching PCRC -> SOFT_ERR, TX_PROTO only */
    pair_mkpkt(s3, 4, 0, 0x63);
    memcpy(e3, s3, sizeof s3);
    nr_pkt_set_ok(s3, 4, NR_OK_RSVD);
    nr_pkt_set_ok(e3, 4, NR_OK_SOFT_ERR);
    /* S4: TX_ERR from upstream with a wrong PCRC: stays TX_ERR, PCRC
     * regenerated, no event */
    pair_mkpkt(s4, 4, 0, 0x64);
    nr_pkt_set_ok(s4, 4, NR_OK_TX_ERR);
    memcpy(e4, s4, sizeof s4);
    s4[3] ^= 0x100;
    /* BV: head with vc 3 >= NumVcs: dropped whole */
    pair_mkpkt(bv, 4, 3, 0x65);
    /* LP: 70 phits > MaxPktLen 64: the 64th phit (index 63) becomes
     * {EOP, SOFT_ERR, 0, upd6(crc, {SOFT_ERR, 0})}; phits 64..69 dropped */
    pair_mkpkt(lp, 70, 1, 0x66);
    memcpy(el, lp, 63 * sizeof(uint32_t));
    el[63] = nr_eop_make(NR_OK_SOFT_ERR, 0);
    nr_pkt_fix_crc(el, 64);

    long t0 = pr.t;
    pair_send(&pr, 0, &stray, 1);
    pair_send(&pr, 0, s1, 5);
    pair_send(&pr, 0, s2, 5);
    pair_send(&pr, 0, s3, 4);
    pair_send(&pr, 0, s4, 4);
    pair_send(&pr, 0, bv, 4);
    pair_send(&pr, 0, lp, 70);
    /* Everything is taken back to back (credits, window and replay space
     * allow it), so the phit at source index i is taken at t0 + i. */
    uint32_t want[97];
    memset(want, 0, sizeof want);
    want[0] = EVB(NR_EV_TX_PROTO); /* stray */
    want[1] = EVB(NR_EV_TX_PKT);
    want[5] = EVB(NR_EV_TX_SOFT); /* S1 EOP */
    want[6] = EVB(NR_EV_TX_PKT);
    want[8] = EVB(NR_EV_TX_PROTO); /* S2 HEAD kind */
    want[10] = EVB(NR_EV_TX_SOFT);
    want[11] = EVB(NR_EV_TX_PKT);
    want[14] = EVB(NR_EV_TX_PROTO); /* S3 ok = 3 */
    want[15] = EVB(NR_EV_TX_PKT);
    want[19] = EVB(NR_EV_TX_PROTO);                           /* bad vc head */
    want[23] = EVB(NR_EV_TX_PKT);                             /* LP head */
    want[23 + 63] = EVB(NR_EV_TX_PROTO) | EVB(NR_EV_TX_SOFT); /* clip */
    const uint32_t TXEV = EVB(NR_EV_TX_PKT) | EVB(NR_EV_TX_SOFT) | EVB(NR_EV_TX_PROTO);
    for (int i = 0; i < 93; i++) {
        pair_step(&pr);
        CHECK_EQ(pr.out[0].tx_ready, 1);
        CHECK_EQ(pr.out[0].ev & TXEV, want[i]);
    }
    CHECK(pair_src_idle(&pr, 0));
    CHECK(pair_drain(&pr, 2000) > 0);
    CHECK_EQ(pr.debits[0][0], 5 + 4 + 4);
    CHECK_EQ(pr.debits[0][1], 5 + 64);
    CHECK_EQ(lg[1].n, 5);
    check_pkt(&lg[1].pk[0], 0, e1, 5);
    check_pkt(&lg[1].pk[1], 1, e2, 5);
    check_pkt(&lg[1].pk[2], 0, e3, 4);
    check_pkt(&lg[1].pk[3], 0, e4, 4);
    check_pkt(&lg[1].pk[4], 1, el, 64);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_OK], 5);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_REPLAY], 0);
    (void)t0;
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* PADs (§3, §7.1, §7.5 source 4): a 5-phit packet with core gaps. Taken:
 * HEAD c0, gap, gap, BODY, gap, BODY, BODY, gap, EOP. link_tx one cycle
 * later: HEAD, PAD, PAD, BODY, PAD, BODY, BODY, PAD, EOP (PAD = F 0, data
 * 0x300000), then a plain idle; tx_ready stays 1 in the gaps; nothing is
 * stored or debited for a PAD (5 debits). B ignores the PADs (no
 * RX_IDLE_BAD) and delivers the packet. */
static void test_pad_trace(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    const int L = 4, n = 5;
    lcb_pair pr;
    rlog lg[2];
    pair_synced(&pr, lg, &p, &c, L);
    uint32_t pk[64];
    pair_mkpkt(pk, n, 0, 0x7100);
    const int pat[9] = {0, -1, -1, 1, -1, 2, 3, -1, 4};
    long c0 = pr.t;
    pair_send(&pr, 0, pk, n);
    uint32_t tx[12];
    for (int k = 0; k < 12; k++) {
        if (k < 9 && pat[k] < 0) pr.src[0].hold = 1;
        pair_step(&pr);
        tx[k] = pr.out[0].link_tx & ~(1u << 22);    /* chosen in cycle c0+k-1 */
        if (k < 9) CHECK_EQ(pr.out[0].tx_ready, 1); /* also in the gaps (tx_valid = 0) */
    }
    for (int k = 0; k < 9; k++) {
        uint32_t want;
        if (pat[k] < 0)
            want = 0x300000;
        else if (pat[k] < n - 1)
            want = (1u << 23) | nr_phit_data(pk[pat[k]]);
        else
            want = pair_link_eop(pk[n - 1], 0);
        CHECK_EQ(tx[k + 1], want);
    }
    CHECK_EQ(tx[10], 0);
    (void)c0;
    CHECK(pair_drain(&pr, 1000) > 0);
    CHECK_EQ(pr.debits[0][0], n);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_IDLE_BAD], 0);
    CHECK_EQ(lg[1].n, 1);
    check_pkt(&lg[1].pk[0], 0, pk, n);
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* A packet sent with gaps (as in test_pad_trace) and NACKed for a
 * corrupted BODY is replayed contiguously (§7.1): HEAD, 3 BODY, EOP on
 * link_tx in 5 consecutive cycles from decision + 2. Its EOP reaches B at
 * c0+9+L; the NACK word is built at nm(c0+10+L, W), applied W+L+1 later,
 * and the decision is the cycle after. */
static void test_pad_replay_contiguous(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    const int L = 4, n = 5;
    lcb_pair pr;
    rlog lg[2];
    pair_synced(&pr, lg, &p, &c, L);
    uint32_t pk[1][64];
    pair_mkpkt(pk[0], n, 0, 0x7200);
    const int pat[9] = {0, -1, -1, 1, -1, 2, 3, -1, 4};
    long c0 = 96;
    pair_run(&pr, c0 - pr.t);
    pair_send(&pr, 0, pk[0], n);
    /* BODY 1 is taken at c0+3, on link at c0+4, at B at c0+4+L */
    long hit = c0 + 4 + L;
    long eop_at_b = c0 + 9 + L; /* EOP taken c0+8 */
    long decide = nm(eop_at_b + 1, WD) + WD + L + 2;
    for (int k = 0; k < 9; k++) {
        if (pat[k] < 0) pr.src[0].hold = 1;
        if (pr.t == hit) pr.xor_mask[1] = 1u << 3;
        pair_step(&pr);
    }
    while (pr.t < hit + 1) pair_step(&pr);
    expect_link_pkts(&pr, decide + 2, pk, 0, 0, n); /* sequence 0, contiguous */
    CHECK_EQ(pr.ev_first[0][NR_EV_TX_REPLAY], decide);
    CHECK(pair_drain(&pr, 1000) > 0);
    int good = 0;
    for (int k = 0; k < lg[1].n; k++)
        if (nr_eop_ok(lg[1].pk[k].ph[lg[1].pk[k].len - 1]) == NR_OK_HEALTHY)
            check_pkt(&lg[1].pk[k], 0, pk[good++], n);
    CHECK_EQ(good, 1);
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* Flow control (§7.3): (a) Window = 2 with a long link: exactly 2 heads are
 * taken before the first ack is applied; tx_vc_ok is 0 from the cycle after
 * the second EOP through the apply cycle (start-of-cycle state) and 1 in the
 * cycle after it. (b) BufPerVc 16, MaxPktLen 8, 8-phit packets on VC1,
 * reader off: a head needs credits >= 8, so exactly two packets go (16
 * credits), VC0 stays open; the reader then frees them and the rest flow. */
static void test_window_credits(void)
{
    {
        nr_lcb_params p = pair_default_params();
        p.window = 2;
        nr_lcb_cfg c = pair_default_cfg();
        const int L = 20;
        lcb_pair pr;
        rlog lg[2];
        pair_synced(&pr, lg, &p, &c, L);
        uint32_t pk[6][64];
        long c0 = pr.t;
        for (int i = 0; i < 6; i++) {
            pair_mkpkt(pk[i], 2, 0, 0x8000 + (uint64_t)i);
            pair_send(&pr, 0, pk[i], 2);
        }
        long first_ack = -1, heads = 0;
        while (first_ack < 0 || pr.t < first_ack + 2) {
            pair_step(&pr);
            long t = pr.t - 1;
            if (first_ack < 0 && (pr.out[0].ev & EVB(NR_EV_TX_ACK))) first_ack = t;
            if ((first_ack < 0 || t <= first_ack) && (pr.out[0].ev & EVB(NR_EV_TX_PKT))) heads++;
            if (t >= c0 + 4 && (first_ack < 0 || t == first_ack)) CHECK_EQ(pr.out[0].tx_vc_ok, 0);
            if (first_ack >= 0 && t == first_ack + 1) CHECK_EQ(pr.out[0].tx_vc_ok, 3);
            CHECK(t < c0 + 1000);
        }
        CHECK_EQ(heads, 2);
        CHECK(pair_drain(&pr, 3000) > 0);
        CHECK_EQ(lg[1].n, 6);
        for (int i = 0; i < 6; i++) check_pkt(&lg[1].pk[i], 0, pk[i], 2);
        pair_check_no_errors(&pr);
        pair_free(&pr);
    }
    {
        nr_lcb_params p = {
            .num_vcs = 2, .buf_per_vc = 16, .replay_depth = 16, .window = 8, .max_pkt_len = 8};
        nr_lcb_cfg c = pair_default_cfg();
        c.max_len = 8;
        const int L = 2;
        lcb_pair pr;
        rlog lg[2];
        pair_synced(&pr, lg, &p, &c, L);
        pr.snk[1].off = 1;
        uint32_t pk[5][64];
        for (int i = 0; i < 5; i++) {
            pair_mkpkt(pk[i], 8, 1, 0x9000 + (uint64_t)i);
            pair_send(&pr, 0, pk[i], 8);
        }
        pair_run(&pr, 500);
        CHECK_EQ(pr.ev_count[0][NR_EV_TX_PKT], 2);
        CHECK_EQ(pr.out[0].credits[1], 0);
        CHECK_EQ(pr.out[0].tx_vc_ok, 1);
        CHECK_EQ(pr.out[1].occ[1], 16);
        CHECK_EQ(pr.ev_count[1][NR_EV_INQ_OVF], 0);
        pr.snk[1].off = 0;
        CHECK(pair_drain(&pr, 3000) > 0);
        CHECK_EQ(lg[1].n, 5);
        for (int i = 0; i < 5; i++) check_pkt(&lg[1].pk[i], 1, pk[i], 8);
        pair_check_no_errors(&pr);
        pair_free(&pr);
    }
}

/* Input-queue overflow (§8.4) on a single port with BufPerVc 8, reader off.
 * An 8-phit good packet fills VC0 (occ 8). A bogus 3-phit packet on VC0 with
 * a wrong sequence number overflows at its HEAD (occ 8 >= 7): INQ_REWIND and
 * INQ_OVF, nothing stored, the rest dropped, its (bad) EOP ends it quietly.
 * A packet that is good on the link (sequence 1) overflowing is a
 * violation of the credit contract (phantom credits after an undetected
 * wrong control word): cut and counted, not a model error. */
static void test_inq_overflow(void)
{
    nr_lcb_params p = {
        .num_vcs = 1, .buf_per_vc = 8, .replay_depth = 16, .window = 4, .max_pkt_len = 8};
    nr_lcb_cfg c = pair_default_cfg();
    c.max_len = 8;
    one_t s = {.m = pair_new_port(&p, &c)};
    uint32_t full[8], bog[3];
    pair_mkpkt(full, 8, 0, 0xA000);
    pair_mkpkt(bog, 3, 0, 0xA001);
    CHECK_EQ(one_send(&s, full, 8, 0), EVB(NR_EV_RX_OK));
    one_step(&s, 0, 0, 0);
    one_step(&s, 0, 0, 0);
    CHECK_EQ(s.o.occ[0], 8);
    /* events of the send's cycles: the HEAD overflows in the cycle after it
     * arrives (INQ_REWIND | INQ_OVF), the EOP fails the CRC (RX_CRC) */
    const uint32_t OVF = EVB(NR_EV_INQ_REWIND) | EVB(NR_EV_INQ_OVF);
    CHECK_EQ(one_send(&s, bog, 3, 5), EVB(NR_EV_RX_CRC) | OVF);
    CHECK_EQ(s.o.ev, EVB(NR_EV_RX_CRC));
    one_step(&s, 0, 0, 0);
    CHECK_EQ(s.o.ev, 0); /* the ovf packet's EOP: dropped quietly */
    CHECK_EQ(s.o.occ[0], 8);
    CHECK_EQ(nr_lcbp_errors(s.m, NULL, 0), 0);
    /* a packet good on the link that overflows (only possible after the
     * sender took an undetected wrong control word, link-protocol 7.4): cut
     * and counted like the bad one, not a model error. The failed packet
     * put the receiver in recovery: a replay marker (seq 1 = E) comes first,
     * or the packet would be refused whatever its CRC (8.3). */
    one_step(&s, 0x100000 | (1u << 13) | nr_crc8_word((1u << 12) | (1u << 5), 14), 0, 0);
    CHECK_EQ(s.o.ev, EVB(NR_EV_RX_MARKER));
    CHECK_EQ(one_send(&s, bog, 3, 1), EVB(NR_EV_RX_OK) | OVF);
    one_step(&s, 0, 0, 0);
    CHECK_EQ(nr_lcbp_errors(s.m, NULL, 0), 0);
    CHECK_EQ(s.o.occ[0], 8);
    nr_lcbp_free(s.m);

    /* The same with per-cycle events, to see INQ_OVF in the HEAD's write
     * cycle: HEAD arrives at t, written (overflow) at t+1. */
    s.m = pair_new_port(&p, &c);
    s.t = 0;
    one_send(&s, full, 8, 0);
    one_step(&s, 0, 0, 0);
    one_step(&s, (1u << 23) | nr_phit_data(bog[0]), 0, 0);
    CHECK_EQ(s.o.ev, 0);
    one_step(&s, (1u << 23) | nr_phit_data(bog[1]), 0, 0);
    CHECK_EQ(s.o.ev, EVB(NR_EV_INQ_REWIND) | EVB(NR_EV_INQ_OVF));
    one_step(&s, pair_link_eop(bog[2], 9), 0, 0);
    CHECK_EQ(s.o.ev, EVB(NR_EV_RX_CRC));
    one_step(&s, 0, 0, 0);
    CHECK_EQ(s.o.ev, 0);
    CHECK_EQ(nr_lcbp_errors(s.m, NULL, 0), 0);
    nr_lcbp_free(s.m);
}

/* API discipline: eval() does not change state (two evals then a tick equal
 * one eval of the second input then a tick); peek() gives eval()'s
 * state-only outputs; tick() without eval() and reading a VC with rd_avail 0
 * are reported as errors, not fatal. Also pins readings M2 and M3. */
static void test_api(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    nr_lcbp *x = pair_new_port(&p, &c), *y = pair_new_port(&p, &c);
    uint32_t pk[6];
    pair_mkpkt(pk, 6, 1, 0xB000);
    nr_lcbp_in junk = {.link_rx = 0xFFFFFF, .tx_valid = 1, .tx_phit = pk[0]};
    for (int t = 0; t < 200; t++) {
        nr_lcbp_in in = {0};
        if (t >= 10 && t < 16) {
            in.tx_valid = 1;
            in.tx_phit = pk[t - 10];
        }
        in.link_rx = (t % 7 == 3) ? 0x400000 : 0;
        nr_lcbp_out ox, oy, px;
        nr_lcbp_peek(x, &px);
        nr_lcbp_eval(x, &junk, &ox);
        nr_lcbp_eval(x, &in, &ox);
        nr_lcbp_eval(y, &in, &oy);
        CHECK(memcmp(&ox, &oy, sizeof ox) == 0);
        CHECK_EQ(px.link_tx, ox.link_tx);
        CHECK_EQ(px.tx_vc_ok, ox.tx_vc_ok);
        CHECK_EQ(px.rd_avail, ox.rd_avail);
        CHECK_EQ(px.credits[1], ox.credits[1]);
        CHECK_EQ(px.ev, 0);
        CHECK_EQ(px.tx_ready, 0);
        nr_lcbp_tick(x);
        nr_lcbp_tick(y);
    }
    CHECK_EQ(nr_lcbp_errors(x, NULL, 0), 0);
    nr_lcbp_tick(x); /* without eval */
    char msg[200];
    CHECK_EQ(nr_lcbp_errors(x, msg, sizeof msg), 1);
    CHECK_STR(msg, "without");
    nr_lcbp_in rd = {.rd_en = 1, .rd_vc = 0};
    nr_lcbp_out o;
    nr_lcbp_eval(y, &rd, &o);
    CHECK_EQ(o.rd_avail, 0);
    CHECK_EQ(nr_lcbp_errors(y, msg, sizeof msg), 1); /* visible before tick */
    CHECK_STR(msg, "rd_avail");
    nr_lcbp_tick(y);
    CHECK_EQ(nr_lcbp_errors(y, NULL, 0), 1);

    /* M2: with tx_valid = 0 and no packet open, tx_ready follows tx_phit's
     * kind literally: HEAD vc 0 -> tx_vc_ok[0] (1), HEAD vc 3 >= NumVcs ->
     * head_ok (1), any other kind -> 0. M3: rd_phit is 0 when rd_valid = 0. */
    nr_lcbp *z = pair_new_port(&p, &c);
    const struct {
        uint32_t ph;
        int ready;
    } m2[4] = {{nr_head_make(1, 0, 0, 0, 0), 1},
               {nr_head_make(1, 3, 0, 0, 0), 1},
               {nr_phit_make(NR_KIND_BODY, 5), 0},
               {nr_eop_make(NR_OK_HEALTHY, 0), 0}};
    for (int k = 0; k < 4; k++) {
        nr_lcbp_in in = {.tx_valid = 0, .tx_phit = m2[k].ph};
        nr_lcbp_eval(z, &in, &o);
        CHECK_EQ(o.tx_ready, m2[k].ready);
        CHECK_EQ(o.ev, 0);
        CHECK_EQ(o.rd_valid, 0);
        CHECK_EQ(o.rd_phit, 0);
        nr_lcbp_tick(z);
    }
    nr_lcbp_free(z);
    nr_lcbp_free(x);
    nr_lcbp_free(y);
}

int main(void)
{
    NR_TEST_BEGIN("test_lcb_model", 0);
    test_params();
    test_reset_and_first_word();
    test_framing_crc_seq();
    test_control_word_w65();
    test_deframer_timing();
    test_cw_shift_never_valid();
    test_cw_frozen_false_phase();
    test_deframer_miss_counter();
    test_deframer_toggle();
    test_deframer_false_lock();
    test_deframer_q2_no_lock();
    test_self_correcting_credits();
    test_nack_replay();
    test_timeout_replay_dup();
    test_apply_and_decision_same_cycle();
    test_clip_retry_link_down();
    test_timeout_link_down();
    test_inq_rewind_abort();
    test_tx_marking();
    test_pad_trace();
    test_link_trailer();
    test_pad_replay_contiguous();
    test_window_credits();
    test_inq_overflow();
    test_api();
    NR_TEST_END("test_lcb_model");
}
