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
 * Default parameters unless stated: NumVcs 2, BufPerVc 128 (CW 8, W 32),
 * ReplayDepth 256, Window 32, MaxPktLen 64.
 */
#include "lcb_int.h" /* white-box: one check of the RX output register */
#include "lcb_pair.h"

#define W32 32

/* Smallest multiple of m that is >= x. */
static long nm(long x, long m) { return (x + m - 1) / m * m; }

/* ---- received-packet log (sink callback) ---- */
typedef struct {
    int vc, len;
    uint32_t ph[128];
    long cycle;
} rpkt;
typedef struct {
    rpkt pk[64];
    int n;
} rlog;

static void rlog_fn(void *ctx, int port, int vc, const uint32_t *ph, int len, long cycle)
{
    rlog *lg = &((rlog *)ctx)[port];
    CHECK(lg->n < 64 && len <= 128);
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
    for (int j = 0; j < len && j < r->len; j++)
        CHECK_EQ(r->ph[j], exp[j]);
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
    long t;          /* cycle about to be simulated */
    nr_lcbp_out o;   /* outputs of cycle t - 1 */
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
            if (exp && n < len)
                CHECK_EQ(s->o.rd_phit, exp[n]);
            n++;
        }
        if (!rd && !reading)
            break;
        reading = rd;
        if (!rd)
            break;
    }
    return n;
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

#define EXPECT_BAD(field, val, needle)                                             \
    do {                                                                           \
        nr_lcb_params p_ = p0;                                                     \
        nr_lcb_cfg c_ = c0;                                                        \
        field = val;                                                               \
        char e_[200] = "";                                                         \
        nr_lcbp *m_ = nr_lcbp_new(&p_, &c_, e_, sizeof e_);                        \
        CHECK(m_ == NULL);                                                         \
        CHECK_STR(e_, needle);                                                     \
    } while (0)
    EXPECT_BAD(p_.num_vcs, 0, "NumVcs");
    EXPECT_BAD(p_.num_vcs, 5, "NumVcs");
    EXPECT_BAD(p_.buf_per_vc, 7, "BufPerVc");
    EXPECT_BAD(p_.buf_per_vc, 1024, "BufPerVc");
    EXPECT_BAD(p_.max_pkt_len, 1, "MaxPktLen");
    EXPECT_BAD(p_.max_pkt_len, 129, "MaxPktLen"); /* > BufPerVc */
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
    nr_lcb_params lo = {.num_vcs = 1, .buf_per_vc = 8, .replay_depth = 8, .window = 2,
                        .max_pkt_len = 2};
    nr_lcb_cfg clo = {.timeout = 1, .retry_limit = 0, .max_len = 2};
    m = nr_lcbp_new(&lo, &clo, e, sizeof e);
    CHECK(m != NULL);
    nr_lcbp_free(m);
    nr_lcb_params hi = {.num_vcs = 4, .buf_per_vc = 1023, .replay_depth = 4096, .window = 64,
                        .max_pkt_len = 1023};
    nr_lcb_cfg chi = {.timeout = 65535, .retry_limit = 255, .max_len = 1023};
    m = nr_lcbp_new(&hi, &chi, e, sizeof e);
    CHECK(m != NULL);
    nr_lcbp_free(m);
}

/* Reset state outputs (doc §7.2, §8.4): credits = BufPerVc, all VCs ok,
 * empty queue, link_tx register 0, not in sync, no events. The first control
 * word, built at cycle 0 from reset state (ack 0, epoch 0, fr 0), is
 * 0x00000055 (CRC-8 of 24 zero bits is 0x00 ^ xorout 0x55); its bits are the
 * C bits of link_tx in cycles 1..32, MSB first (§5.2, §7.5 register). */
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
    uint64_t word = 0;
    for (int k = 1; k <= W32; k++) {
        one_step(&s, 0, 0, 0);
        CHECK_EQ(s.o.link_tx & ~(1u << 22), 0); /* plain idles */
        word = (word << 1) | ((s.o.link_tx >> 22) & 1u);
    }
    CHECK_U64(word, 0x00000055);
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
        if (t >= 10)
            CHECK_EQ(s.o.rd_phit, p0[t - 10]);
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
     * seq 2 is good. A failed packet is cut from the queue (INQ_REWIND in the
     * cycle after its EOP) and never counted. */
    CHECK_EQ(one_send(&s, p1, 3, 1), EVB(NR_EV_RX_OK));
    CHECK_EQ(one_send(&s, p1, 3, 1), EVB(NR_EV_RX_CRC));
    /* White box: the EOP the RX forwarded for the failed copy is
     * {TX_ERR, 0000, upd6(R, {TX_ERR, 0000})}, R over its head/body data. */
    {
        uint16_t r = NR_CRC16_INIT;
        for (int j = 0; j < 2; j++)
            r = nr_crc16_bits(r, nr_phit_data(p1[j]), 22);
        uint32_t want = nr_eop_make(NR_OK_TX_ERR, nr_crc16_bits(r, NR_OK_TX_ERR << 4, 6));
        CHECK_EQ(s.m->q.rx.out_phit, want);
        CHECK_EQ(s.m->q.rx.out_bad, 1);
    }
    one_step(&s, 0, 0, 0);
    CHECK_EQ(s.o.ev, EVB(NR_EV_INQ_REWIND));
    CHECK_EQ(one_send(&s, p3, 4, 3), EVB(NR_EV_RX_CRC));
    one_step(&s, 0, 0, 0);
    CHECK_EQ(s.o.ev, EVB(NR_EV_INQ_REWIND));
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
     * ack(7)=3, epoch=1, fr0(8)=5, fr1(8)=5, CRC-8 over those 24 bits = 0x19:
     * 0x07050519. It is built at the next cycle with ph = 0 (a multiple of 32)
     * and its bits ride on link_tx in the 32 cycles after that. */
    long tw = nm(s.t, W32);
    while (s.t <= tw)
        one_step(&s, 0, 0, 0);
    uint64_t word = (s.o.link_tx >> 22) & 1u; /* link_tx of cycle tw carries the old word */
    word = 0;
    for (int k = 1; k <= W32; k++) {
        one_step(&s, 0, 0, 0);
        word = (word << 1) | ((s.o.link_tx >> 22) & 1u);
    }
    CHECK_U64(word, 0x07050519);
    CHECK_EQ(nr_lcbp_errors(s.m, NULL, 0), 0);
    nr_lcbp_free(s.m);
}

/* Control word layout with the widest word: NumVcs 4, BufPerVc 1023, so
 * CW = clog2(1024) = 10 and W = 56. State: E = 2 (two good packets), epoch 0,
 * fr = {2, 0, 0, 4} (a 4-phit packet on VC3 and a 2-phit one on VC0, read).
 * Word: ack 2, epoch 0, fr 2,0,0,4 (10 bits each), CRC-8 over 48 bits:
 * 0x040080000004DC. */
static void test_control_word_w56(void)
{
    nr_lcb_params p = {.num_vcs = 4, .buf_per_vc = 1023, .replay_depth = 128, .window = 32,
                       .max_pkt_len = 64};
    nr_lcb_cfg c = pair_default_cfg();
    one_t s = {.m = pair_new_port(&p, &c)};
    uint32_t a[4], b[2];
    pair_mkpkt(a, 4, 3, 0x55);
    pair_mkpkt(b, 2, 0, 0x66);
    CHECK_EQ(one_send(&s, a, 4, 0), EVB(NR_EV_RX_OK));
    CHECK_EQ(one_send(&s, b, 2, 1), EVB(NR_EV_RX_OK));
    one_step(&s, 0, 0, 0);
    CHECK_EQ(one_drain_vc(&s, 3, a, 4), 4);
    CHECK_EQ(one_drain_vc(&s, 0, b, 2), 2);
    long tw = nm(s.t, 56);
    while (s.t <= tw)
        one_step(&s, 0, 0, 0);
    uint64_t word = 0;
    for (int k = 1; k <= 56; k++) {
        one_step(&s, 0, 0, 0);
        word = (word << 1) | ((s.o.link_tx >> 22) & 1u);
    }
    CHECK_U64(word, 0x040080000004DCull);
    nr_lcbp_free(s.m);
}

/* Deframer timing (§5.3) on a pair with latency L = 7, no traffic. Port A's
 * words are 0x00000055 (reset state), bits on link_tx_A at cycles 1..32, on
 * link_rx_B at L+1..L+32, so sr_B first holds a whole word (and is valid:
 * no shorter prefix or rotation of this stream is valid) after the shift in
 * cycle L+W: HUNT -> PRESYNC there, cph_d = 0. The PRESYNC boundary is the
 * cycle with cph_q = W-1, i.e. L+2W, where the next word is complete and
 * valid: SYNC, word delivered, CTL_OK in cycle L+2W; ctl_sync (state
 * register) is 1 from L+2W+1. Then CTL_OK at every b_k = L+2W+kW.
 * A C bit flipped in word 2 gives CTL_BAD at b_2 and CTL_OK again at b_3.
 * Flipping words 5..8 gives CTL_BAD at b_5..b_8 and, at the fourth miss,
 * CTL_SYNC_LOST at b_8; ctl_sync is 0 from b_8+1. HUNT finds the next clean
 * word at b_9 (PRESYNC), and the next boundary b_10 delivers (CTL_OK,
 * ctl_sync from b_10+1). Port A, whose input is clean, has CTL_OK at every
 * b_k throughout. */
static void test_deframer_timing(void)
{
    nr_lcb_params p = pair_default_params();
    nr_lcb_cfg c = pair_default_cfg();
    const int L = 7;
    lcb_pair pr;
    pair_init(&pr, &p, &c, L, 1);
    const uint32_t CTL = EVB(NR_EV_CTL_OK) | EVB(NR_EV_CTL_BAD) | EVB(NR_EV_CTL_SYNC_LOST) |
                         EVB(NR_EV_CTL_REJECT);
    long b0 = L + 2 * W32;
    for (long t = 0; t < b0 + 12 * W32; t++) {
        long k = (t - b0) / W32;
        int boundary = t >= b0 && (t - b0) % W32 == 0;
        /* corrupt a C bit of word k (arriving at B) 5 cycles before its end */
        if (t + 5 >= b0 && (t + 5 - b0) % W32 == 0) {
            long kk = (t + 5 - b0) / W32;
            if (kk == 2 || (kk >= 5 && kk <= 8))
                pr.xor_mask[1] = 1u << 22;
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
        if (t > b0 + 8 * W32 && t <= b0 + 10 * W32)
            sync = 0;
        CHECK_EQ(eb, want);
        CHECK_EQ(pr.out[1].ctl_sync, sync);
        /* no traffic: no other event at all */
        CHECK_EQ(pr.out[0].ev & ~CTL, 0);
        CHECK_EQ(pr.out[1].ev & ~CTL, 0);
    }
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* Shifted words are never valid (§5.3 background). For every legal W (NumVcs
 * 1..4, CW 4..10), no valid word shifted left by 1 or 2 bits, with any bits
 * shifted in, is a valid W-bit value. Consequences used below: (a) the window
 * in an apply cycle (the delivered word shifted by one bit) and the one after
 * it are never valid, so whether the hunt after a loss in an apply cycle
 * starts with that window ("the next bit after the false phase") or one
 * cycle later cannot be observed; (b) rotations by +-1 and +-2 of a valid
 * word are never valid, so adjacent phases are never both valid. W <= 24 is
 * checked exhaustively, wider W on 3000 random words each (the valid words
 * satisfying a shifted check form an affine subspace, so if any existed they
 * would be at least 1/256 of the valid words). */
static void test_cw_shift_never_valid(void)
{
    nr_rng_t r;
    nr_rng_seed(&r, 20261122);
    for (int nvc = 1; nvc <= 4; nvc++) {
        for (int cw = 4; cw <= 10; cw++) {
            lcb_conf k;
            memset(&k, 0, sizeof k);
            k.nvc = nvc;
            k.cw = cw;
            k.w = 16 + nvc * cw;
            k.w_mask = (1ull << k.w) - 1;
            int exhaustive = k.w <= 24;
            uint64_t n = exhaustive ? 1ull << (k.w - 8) : 3000;
            long bad = 0;
            for (uint64_t i = 0; i < n; i++) {
                uint64_t hi = exhaustive ? i : nr_rng_u64(&r) & ((1ull << (k.w - 8)) - 1);
                uint64_t w = (hi << 8) | nr_crc8_word(hi, k.w - 8);
                CHECK(lcb_cw_valid(&k, w));
                for (int sh = 1; sh <= 2; sh++)
                    for (uint64_t in = 0; in < (1u << sh); in++)
                        bad += lcb_cw_valid(&k, ((w << sh) | in) & k.w_mask);
            }
            if (bad)
                NR_TEST_FAIL_("W %d: %ld shifted words valid", k.w, bad);
        }
    }
}

/* The SYNC miss counter (§5.3 as amended): invalid words count at their
 * boundary, delivered words count in the apply cycle by the TX's verdict
 * (rejected: miss + 1; accepted: miss = 0); the fourth consecutive miss goes
 * to HUNT with CTL_SYNC_LOST in that cycle, boundary or apply.
 * One port, NumVcs 1, BufPerVc 8 (CW 4, W 20), fresh TX (base = next_seq = 0,
 * last_fr 0, credits 8). Words, computed in Python from the catalogue CRC:
 *   G = 0x00055 (ack 0, epoch 0, fr 0): accepted, no event;
 *   R = 0x0A03C (ack 5): valid, rejected (5 is not in [base, next_seq] = [0, 0]);
 *   X = G ^ 1: invalid.
 * Word k of the list below is fed in cycles 20k .. 20k+19 (MSB first), so its
 * window is complete at e_k = 20k + 19 and applied at e_k + 1.
 *   k  0: HUNT -> PRESYNC at 19 (no earlier window is valid);
 *   k  1: PRESYNC -> SYNC, CTL_OK at 39; accepted at 40 (miss 0);
 *   k 2-4: R: CTL_OK at e_k, CTL_REJECT at e_k + 1 (miss 1, 2, 3);
 *   k  5: G accepted at 120: miss 0, so the next three misses do not lose sync;
 *   k 6,7: R (miss 1, 2); k 8: X: CTL_BAD at 179 (miss 3);
 *   k  9: R: CTL_OK at 199, CTL_REJECT + CTL_SYNC_LOST at 200 (apply cycle);
 *         ctl_sync 0 from 201;
 *   k 10: HUNT finds G at 219 (PRESYNC); k 11: CTL_OK at 239, SYNC from 240;
 *   k 12-14: R (miss 1..3); k 15: X: CTL_BAD + CTL_SYNC_LOST at 319
 *         (boundary); ctl_sync 0 from 320;
 *   k 16: PRESYNC at 339; k 17, 18: CTL_OK at 359, 379, SYNC from 360.
 * The same expectations were produced by a Python transcription of §5.3
 * (HUNT/PRESYNC/SYNC and the verdict rule), which also found no accidental
 * valid window in the hunts at 201..218 and 320..338. */
static void test_deframer_miss_counter(void)
{
    nr_lcb_params p = {.num_vcs = 1, .buf_per_vc = 8, .replay_depth = 16, .window = 2,
                       .max_pkt_len = 8};
    nr_lcb_cfg c = pair_default_cfg();
    c.max_len = 8;
    one_t s = {.m = pair_new_port(&p, &c)};
    const int W = 20;
    const uint32_t G = 0x00055, R = 0x0A03C, X = 0x00054;
    const uint32_t seq[19] = {G, G, R, R, R, G, R, R, X, R, G, G, R, R, R, X, G, G, G};
    /* expected events at e_k (boundary) and e_k + 1 (apply), per word */
    enum { NONE, OK, OK_REJ, OK_REJ_LOST, BAD, BAD_LOST };
    const int kind[19] = {NONE, OK, OK_REJ, OK_REJ, OK_REJ, OK, OK_REJ, OK_REJ, BAD,
                          OK_REJ_LOST, NONE, OK, OK_REJ, OK_REJ, OK_REJ, BAD_LOST,
                          NONE, OK, OK};
    for (long t = 0; t < 19 * W; t++) {
        long k = t / W, j = t % W;
        uint32_t cbit = (seq[k] >> (W - 1 - j)) & 1u;
        one_step(&s, cbit << 22, 0, 0);
        uint32_t want = 0;
        if (j == W - 1) {           /* boundary of word k */
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
        int sync = (t >= 40 && t <= 200) || (t >= 240 && t <= 319) || t >= 360;
        CHECK_EQ(s.o.ctl_sync, sync);
    }
    CHECK_EQ(nr_lcbp_errors(s.m, NULL, 0), 0);
    nr_lcbp_free(s.m);
}

/* Deframer false lock and its exit (§5.3 as amended; Q1/T1 in
 * docs/lcb-spec-questions.md). NumVcs 1, BufPerVc 8 (CW 4, W 20),
 * ReplayDepth 16, Window 2, MaxPktLen 8, L = 3, cfg_timeout 150.
 * A sends pkt0 (4 phits) at reset; the pair is quiet by t_o = 404 (checked):
 * B has E = 1, fr = 4. At t_o A's source gets pkt1 (8 phits) and behind it
 * pkt2 (6) and pkt3 (5); A takes pkt1 (credits 8 -> 0) and then has no
 * credit for another head. Every phit arriving at A in t_o .. t_e - 1
 * (t_e = 612) is erased (all zero), so A never hears of pkt1.
 *   Outage: B's word k is complete at A at 20k + 20 + L, so A's boundaries
 *   are at t = 3 (mod 20); 403 is the last clean one, and the windows at
 *   423, 443, 463, 483 are all zero (invalid): CTL_BAD, the fourth with
 *   CTL_SYNC_LOST at 483; HUNT sees only zeros until t_e.
 *   B's word: pkt1 reaches B (E = 2) and is read (fr = 12) long before B
 *   builds its word at 600, and nothing changes B's state afterwards (A's
 *   timeout replays of pkt1 are skipped as duplicates after the marker). So
 *   from t_e on A receives WS = 0x04CB6 (ack 2, epoch 0, fr 12) over and
 *   over (the test checks the C bits). WS is valid at phases 0, 14 and 17,
 *   i.e. windows ending at t = 3, 17 and 0 (mod 20):
 *     phase 14: 0xD8132 (ack 108, fr 1), phase 17: 0xC0996 (ack 96, fr 9).
 *   A has base 1, next_seq 2, credits 0, last_fr 4: both rotations fail the
 *   ack check; WS passes (ack 2, d = 8 <= 8 - 0).
 *   Hunt: windows ending 612..630 hold outage zeros and none is valid; the
 *   first whole window (631) is phase 8, so the first valid one is phase 14
 *   at t1 = 637: PRESYNC. CTL_OK at t1 + 20k, CTL_REJECT at t1 + 20k + 1
 *   (k = 1..4); the fourth reject is the fourth miss: CTL_SYNC_LOST at
 *   t1 + 81 = 718. The hunt starts with the next bit (the window at 718,
 *   one bit after the rejected word, is never valid: test_cw_shift_never_valid)
 *   and reaches phase 17 at t2 = t1 + 83 = 720: the same 4 rejects, SYNC_LOST
 *   at 801. Next valid window: phase 0, the true one, at t3 = t2 + 83 = 803.
 *   CTL_OK at 823 and WS accepted at 824: TX_ACK, credits 0 -> 8, no
 *   CTL_REJECT, ctl_sync stays 1 from 824.
 *   Traffic resumes: at 825 A is NORMAL with nothing pending (the second
 *   timeout replay ended near 733, the next timeout would be after 880),
 *   head_ok, credits 8: pkt2's head is taken, TX_PKT at 825.
 * Then the pair drains; B receives pkt0..3 once each, in order. A's CTL
 * events after 824 are CTL_OK at t = 3 (mod 20) only. The cycles were also
 * produced by a Python transcription of §5.3. */
static void test_deframer_false_lock(void)
{
    nr_lcb_params p = {.num_vcs = 1, .buf_per_vc = 8, .replay_depth = 16, .window = 2,
                       .max_pkt_len = 8};
    nr_lcb_cfg c = pair_default_cfg();
    c.timeout = 150;
    c.max_len = 8;
    const int L = 3, W = 20;
    const long t_o = 404, t_e = 612, t1 = 637, t2 = t1 + 4 * W + 3, t3 = t2 + 4 * W + 3;
    const uint32_t WS = 0x04CB6;
    const uint32_t CTL = EVB(NR_EV_CTL_OK) | EVB(NR_EV_CTL_BAD) | EVB(NR_EV_CTL_SYNC_LOST) |
                         EVB(NR_EV_CTL_REJECT);
    const int len[4] = {4, 8, 6, 5};
    uint32_t pk[4][64];
    lcb_pair pr;
    rlog lg[2];
    pair_init(&pr, &p, &c, L, 3);
    attach_log(&pr, lg);
    for (int i = 0; i < 4; i++)
        pair_mkpkt(pk[i], len[i], 0, 0x3000 + (uint64_t)i);
    pair_send(&pr, 0, pk[0], len[0]);
    pair_run(&pr, t_o);
    CHECK(pair_quiet(&pr));
    CHECK_EQ(pr.ev_count[0][NR_EV_CTL_BAD] + pr.ev_count[0][NR_EV_CTL_REJECT], 0);
    for (int i = 1; i < 4; i++)
        pair_send(&pr, 0, pk[i], len[i]);
    long pkt_after = -1, drained = -1;
    while (pr.t < t3 + 3000 && drained < 0) {
        long t = pr.t;
        if (t < t_e)
            pr.and_mask[0] = 0;             /* erase everything arriving at A */
        pair_step(&pr);
        const nr_lcbp_out *o = &pr.out[0];
        if (t >= t_e && t <= t3 + W) {      /* B's constant word on A's C bits */
            long j = ((t - 1 - L) % W + W) % W;
            CHECK_EQ((pr.rx[0] >> 22) & 1u, (WS >> (W - 1 - j)) & 1u);
        }
        uint32_t want = 0;
        for (int k = 1; k <= 4; k++) {
            if (t == t_o - 1 + k * W)
                want = EVB(NR_EV_CTL_BAD) | (k == 4 ? EVB(NR_EV_CTL_SYNC_LOST) : 0);
            for (int f = 0; f < 2; f++) {
                long s = f ? t2 : t1;
                if (t == s + k * W)
                    want = EVB(NR_EV_CTL_OK);
                if (t == s + k * W + 1)
                    want = EVB(NR_EV_CTL_REJECT) | (k == 4 ? EVB(NR_EV_CTL_SYNC_LOST) : 0);
            }
        }
        if (t >= t3 + W && (t - t3) % W == 0)
            want = EVB(NR_EV_CTL_OK);
        CHECK_EQ(o->ev & CTL, want);
        int sync = t <= t_o - 1 + 4 * W || (t > t1 + W && t <= t1 + 4 * W + 1) ||
                   (t > t2 + W && t <= t2 + 4 * W + 1) || t > t3 + W;
        CHECK_EQ(o->ctl_sync, sync);
        if (t == t3 + W + 1)
            CHECK_EQ(o->ev & (EVB(NR_EV_TX_ACK) | EVB(NR_EV_CTL_REJECT)), EVB(NR_EV_TX_ACK));
        if (t > t_o && pkt_after < 0 && (o->ev & EVB(NR_EV_TX_PKT)))
            pkt_after = t;
        CHECK(!o->link_down);
        if (t > t3 + W + 1 && pair_quiet(&pr))
            drained = t;
    }
    CHECK_EQ(pkt_after, t3 + W + 2);
    CHECK(drained > 0);
    CHECK_EQ(pr.ev_count[0][NR_EV_CTL_SYNC_LOST], 3);
    CHECK_EQ(pr.ev_count[0][NR_EV_CTL_REJECT], 8);
    CHECK(pr.ev_count[0][NR_EV_TX_REPLAY] >= 1);  /* replays during the lock ... */
    CHECK(pr.ev_count[1][NR_EV_RX_DUP] >= 1);     /* ... skipped as duplicates */
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_OK], 4);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_CRC], 0);
    CHECK_EQ(lg[1].n, 4);
    for (int i = 0; i < 4 && i < lg[1].n; i++)
        check_pkt(&lg[1].pk[i], 0, pk[i], len[i]);
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* A false lock that the amended §5.3 does not leave (Q2 in
 * docs/lcb-spec-questions.md): the rotated word passes the range checks of
 * §7.4, so it is accepted and clears `miss` every time. The model follows the
 * doc; this test pins that behaviour until the doc changes.
 * Same link as test_deframer_false_lock (W 20, L 3, cfg_timeout 150,
 * cfg_retry_limit 8). A sends 109 packets of 4 phits and the pair drains:
 * B has E = 109, fr = 436 mod 16 = 4, epoch 0. At t_o = L + 1 (mod 20), the
 * first such cycle after the drain, A gets pkt P (8 phits) and behind it a
 * 6-phit packet, and every phit arriving at A from t_o to t_o + 207 is erased
 * (the same timing as test_deframer_false_lock: CTL_SYNC_LOST at t_o + 79).
 * B's frozen word is T = 0xDCCD6 (ack 110, epoch 0, fr 12), valid at phases
 * 0, 3 and 17. Phase 17 is R = 0xDB99A: ack 109, epoch 1, fr 9. A has base
 * 109, next_seq 110, last_fr 4, credits 0, last_epoch 0, so R is in range
 * (ack 109 - base = 0 <= 1, d = 5 <= 8).
 *   The first valid window after the outage is phase 17 at t1 = t_o + 236
 *   (phase 3 would be rejected, but the hunt reaches 17 first): PRESYNC;
 *   CTL_OK at t1 + 20 and R is accepted at t1 + 21: TX_NACK (epoch 1), no
 *   TX_ACK (ack = base), credits 0 -> 5 (P's 8 credits are owed: 3 are lost
 *   for as long as the lock lasts), `pending` (109 != next_seq), and the
 *   replay decision at t1 + 22 (TX_REPLAY; B skips the duplicate). From then
 *   on every word is R: CTL_OK every 20 cycles, accepted (d = 0, no event),
 *   miss stays 0, ctl_sync stays 1. base never moves, so the timeout replays
 *   until cfg_retry_limit: LINK_DOWN. The true phase is never looked at. */
static void test_deframer_false_lock_accepted(void)
{
    nr_lcb_params p = {.num_vcs = 1, .buf_per_vc = 8, .replay_depth = 16, .window = 2,
                       .max_pkt_len = 8};
    nr_lcb_cfg c = pair_default_cfg();
    c.timeout = 150;
    c.max_len = 8;
    const int L = 3, W = 20;
    const uint32_t T = 0xDCCD6;
    const uint32_t CTL = EVB(NR_EV_CTL_OK) | EVB(NR_EV_CTL_BAD) | EVB(NR_EV_CTL_SYNC_LOST) |
                         EVB(NR_EV_CTL_REJECT);
    lcb_pair pr;
    pair_init(&pr, &p, &c, L, 5);
    uint32_t pk[64], big[8], six[6];
    for (int i = 0; i < 109; i++) {
        pair_mkpkt(pk, 4, 0, 0x5000 + (uint64_t)i);
        pair_send(&pr, 0, pk, 4);
    }
    CHECK(pair_drain(&pr, 30000) > 0);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_OK], 109);
    long t_o = pr.t + ((L + 1 - pr.t) % W + W) % W;
    pair_run(&pr, t_o - pr.t);
    CHECK(pair_quiet(&pr));
    long acks0 = pr.ev_count[0][NR_EV_TX_ACK];
    pair_mkpkt(big, 8, 0, 0x6000);
    pair_mkpkt(six, 6, 0, 0x6001);
    pair_send(&pr, 0, big, 8);
    pair_send(&pr, 0, six, 6);
    const long t_e = t_o + 208, t1 = t_o + 236;
    long down = -1;
    while (pr.t < t1 + 3000 && down < 0) {
        long t = pr.t;
        if (t < t_e)
            pr.and_mask[0] = 0;
        pair_step(&pr);
        const nr_lcbp_out *o = &pr.out[0];
        if (t >= t_e) {
            long j = ((t - 1 - L) % W + W) % W;
            CHECK_EQ((pr.rx[0] >> 22) & 1u, (T >> (W - 1 - j)) & 1u);
        }
        uint32_t want = 0;
        for (int k = 1; k <= 4; k++)
            if (t == t_o - 1 + k * W)
                want = EVB(NR_EV_CTL_BAD) | (k == 4 ? EVB(NR_EV_CTL_SYNC_LOST) : 0);
        if (t >= t1 + W && (t - t1) % W == 0)
            want = EVB(NR_EV_CTL_OK);
        CHECK_EQ(o->ev & CTL, want);
        CHECK_EQ(o->ctl_sync, t <= t_o - 1 + 4 * W || t > t1 + W);
        if (t == t1 + W + 1) {
            CHECK_EQ(o->ev & (EVB(NR_EV_TX_NACK) | EVB(NR_EV_TX_ACK)), EVB(NR_EV_TX_NACK));
            CHECK_EQ(o->credits[0], 0);
        }
        if (t == t1 + W + 2) {
            CHECK(o->ev & EVB(NR_EV_TX_REPLAY));
            CHECK_EQ(o->credits[0], 5);
        }
        if (t > t1 + W + 1)
            CHECK_EQ(o->credits[0], 5);
        if (o->link_down)
            down = t;
    }
    CHECK(down > t1 + W);
    CHECK_EQ(pr.ev_count[0][NR_EV_TX_ACK], acks0);
    CHECK_EQ(pr.ev_count[0][NR_EV_CTL_REJECT], 0);
    CHECK_EQ(pr.ev_count[0][NR_EV_CTL_SYNC_LOST], 1);
    CHECK_EQ(pr.ev_count[1][NR_EV_RX_OK], 110);   /* P arrived once; replays skipped */
    CHECK(pr.ev_count[1][NR_EV_RX_DUP] >= 1);
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* Common set-up: a pair in SYNC (outputs of cycle L+2W+1 seen), logging packets. */
static void pair_synced(lcb_pair *pr, rlog *lg, const nr_lcb_params *p, const nr_lcb_cfg *c,
                        int L)
{
    pair_init(pr, p, c, L, 7);
    attach_log(pr, lg);
    pair_run(pr, L + 2 * W32 + 2);
    CHECK(pr->out[0].ctl_sync && pr->out[1].ctl_sync);
}

/* Check A's link_tx in cycles t0.. for a contiguous replay of packets
 * pk[first..last] (each n phits, sequence number = index). */
static void expect_link_pkts(lcb_pair *pr, long t0, uint32_t pk[][64], int first, int last,
                             int n)
{
    for (int i = first; i <= last; i++) {
        for (int j = 0; j < n; j++) {
            while (pr->t <= t0)
                pair_step(pr);
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
 *   B's next word is built at nm(118, 32) = 128 with ack 1, epoch 1; it
 *      completes at A at 128+W+L = 165 (CTL_OK) and is applied at 166:
 *      TX_ACK (base 0 -> 1) and TX_NACK; pending (1 != next_seq 4).
 *   A is idle, so the replay decision is at 167: TX_REPLAY, marker
 *      REPLAY(1) on link_tx at 168, then pkt1..3 contiguously at 169..186
 *      (EOPs with the LCRC of sequence 1..3).
 *   B: RX_MARKER at 173 (dupl = E - 1 = 0), RX_OK at 179, 185, 191.
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
    long tb = nm(e_crc[0] + 1, W32);
    CHECK_EQ(nm(e_rxok0 + 1, W32), tb); /* the same word carries ack 1 */
    long apply = tb + W32 + L + 1, decide = apply + 1;
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
    if (port == 0 && cycle >= k->from && cycle < k->to)
        *ph &= ~(1u << 22);
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
        if (pr.t == corrupt)
            pr.xor_mask[1] = 1;
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
        if (nr_eop_ok(r->ph[r->len - 1]) == NR_OK_HEALTHY)
            check_pkt(r, 0, pk[good++], n);
    }
    CHECK_EQ(good, 4);
    pair_check_no_errors(&pr);
    pair_free(&pr);
}

/* Same-cycle word apply and replay decision (M1 in
 * docs/lcb-spec-questions.md). L = 5, cfg_timeout T = 20. A sends pkt0 (4
 * phits, taken 100..103) and at once pkt1 (62 phits, taken 104..165). The
 * timer is 0 in cycle 104 and fires at 124 (TX_TIMEOUT): pending, but A is
 * mid-packet, so the decision waits for pkt1's EOP (taken at 165) and falls in
 * cycle 166. B's word built at 128 completes at A at 128+W+L = 165 and is
 * applied in the same cycle 166.
 * (1) pkt0's phit 1 is corrupted: B's word carries a NACK (epoch 1, ack 0).
 *     Cycle 166 has TX_NACK and TX_REPLAY; the decision clears pending, so
 *     the NACK does not cause a second replay when this one ends (at 233).
 *     The next replay is the plain timeout at 233+T+1 = 254.
 * (2) No corruption: the word acks pkt0 (TX_ACK at 166). The decision uses
 *     start-of-cycle base 0: marker REPLAY(0) on link_tx at 167; B has E = 2
 *     by then, so dupl = 2 and both replayed packets are skipped (RX_DUP
 *     at 173 and 177). */
static void test_apply_and_decision_same_cycle(void)
{
    for (int sc = 1; sc <= 2; sc++) {
        nr_lcb_params p = pair_default_params();
        nr_lcb_cfg c = pair_default_cfg();
        c.timeout = 20;
        const int L = 5;
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
        while (pr.t < 260) {
            if (sc == 1 && pr.t == c0 + 1 + 1 + L)
                pr.xor_mask[1] = 1u << 4;
            pair_step(&pr);
            if (pr.t - 1 == 167)
                CHECK_EQ(pr.out[0].link_tx & ~(1u << 22), 0x100002); /* REPLAY(0) */
        }
        CHECK_EQ(pr.ev_first[0][NR_EV_TX_TIMEOUT], 124);
        CHECK_EQ(pr.ev_first[0][NR_EV_TX_REPLAY], 166);
        if (sc == 1) {
            CHECK_EQ(pr.ev_first[0][NR_EV_TX_NACK], 166);
            CHECK_EQ(pr.ev_count[0][NR_EV_TX_REPLAY], 2);
            CHECK_EQ(pr.ev_last[0][NR_EV_TX_REPLAY], 254);
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
 * cfg_retry_limit: LINK_DOWN, link_down = 1 from the next cycle, idles only,
 * tx_vc_ok = 0. Credits of the packet stay withheld (A: 128 - 10). */
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
        d[r + 1] = nm(tc[r] + 1, W32) + W32 + L + 2;
        if (r + 1 < 3)
            tc[r + 1] = d[r + 1] + 2 + L + 5;
    }
    long end = d[3] + 300;
    while (pr.t < end) {
        pair_step(&pr);
        long t = pr.t - 1;
        if (t == tc[0] + 1) {
            CHECK_EQ(pr.out[1].occ[0], 5);
            CHECK(pr.out[1].ev & EVB(NR_EV_INQ_REWIND));
        }
        if (t == tc[0] + 2)
            CHECK_EQ(pr.out[1].occ[0], 0);
        if (t > d[3]) {
            CHECK_EQ(pr.out[0].link_down, 1);
            CHECK_EQ(pr.out[0].tx_vc_ok, 0);
            CHECK_EQ(pr.out[0].link_tx & ~(1u << 22), 0); /* idles only */
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
        if (pr.t == hit)
            pr.xor_mask[1] = 1u << 10;
        pair_step(&pr);
        long t = pr.t - 1;
        if (t == rew) {
            CHECK_EQ(pr.out[1].occ[1], 7);
            CHECK_EQ(pr.out[1].ev & EVB(NR_EV_INQ_REWIND), EVB(NR_EV_INQ_REWIND));
        }
        if (t == rew + 1)
            CHECK_EQ(pr.out[1].occ[1], 0);
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
    c0 = nm(pr.t, W32) + 10;
    pair_run(&pr, c0 - pr.t);
    pair_send(&pr, 0, pb, n);
    hit = c0 + 6 + 1 + L;
    long bad_eop = c0 + n + L;                 /* arrival of the bad EOP */
    long tb = nm(bad_eop + 1, W32);            /* B's NACK word */
    long decide = tb + W32 + L + 2;
    long good_eop_wr = decide + 2 + L + (n - 1) + 1;
    long freed_before = pr.cr_freed[1][0];
    while (pr.t < decide + 200) {
        if (pr.t == hit)
            pr.xor_mask[1] = 1u << 5;
        pair_step(&pr);
        long t = pr.t - 1;
        if (t <= bad_eop + 3)
            CHECK_EQ(pr.out[1].inq_cr[0], 0);
        if (t == bad_eop + 1)
            CHECK(pr.out[1].ev & EVB(NR_EV_INQ_REWIND));
        if (t == good_eop_wr)
            CHECK_EQ(pr.out[1].inq_cr[0], n - 1);
        if (t == good_eop_wr + 1)
            CHECK_EQ(pr.out[1].inq_cr[0], 1);
    }
    CHECK_EQ(pr.ev_first[0][NR_EV_TX_REPLAY] >= 0, 1);
    CHECK_EQ(pr.ev_last[0][NR_EV_TX_REPLAY], decide);
    CHECK_EQ(pr.cr_freed[1][0] - freed_before, n);
    CHECK_EQ(lg[1].n, 3);
    {
        const rpkt *r = &lg[1].pk[1]; /* the aborted copy */
        CHECK_EQ(r->len, n);
        for (int j = 0; j < 6; j++)
            CHECK_EQ(r->ph[j], pb[j]);
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
    want[0] = EVB(NR_EV_TX_PROTO);                       /* stray */
    want[1] = EVB(NR_EV_TX_PKT);
    want[5] = EVB(NR_EV_TX_SOFT);                        /* S1 EOP */
    want[6] = EVB(NR_EV_TX_PKT);
    want[8] = EVB(NR_EV_TX_PROTO);                       /* S2 HEAD kind */
    want[10] = EVB(NR_EV_TX_SOFT);
    want[11] = EVB(NR_EV_TX_PKT);
    want[14] = EVB(NR_EV_TX_PROTO);                      /* S3 ok = 3 */
    want[15] = EVB(NR_EV_TX_PKT);
    want[19] = EVB(NR_EV_TX_PROTO);                      /* bad vc head */
    want[23] = EVB(NR_EV_TX_PKT);                        /* LP head */
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
        if (k < 9 && pat[k] < 0)
            pr.src[0].hold = 1;
        pair_step(&pr);
        tx[k] = pr.out[0].link_tx & ~(1u << 22); /* chosen in cycle c0+k-1 */
        if (k < 9)
            CHECK_EQ(pr.out[0].tx_ready, 1); /* also in the gaps (tx_valid = 0) */
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
    long eop_at_b = c0 + 9 + L;                 /* EOP taken c0+8 */
    long decide = nm(eop_at_b + 1, W32) + W32 + L + 2;
    for (int k = 0; k < 9; k++) {
        if (pat[k] < 0)
            pr.src[0].hold = 1;
        if (pr.t == hit)
            pr.xor_mask[1] = 1u << 3;
        pair_step(&pr);
    }
    while (pr.t < hit + 1)
        pair_step(&pr);
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
            if (first_ack < 0 && (pr.out[0].ev & EVB(NR_EV_TX_ACK)))
                first_ack = t;
            if ((first_ack < 0 || t <= first_ack) && (pr.out[0].ev & EVB(NR_EV_TX_PKT)))
                heads++;
            if (t >= c0 + 4 && (first_ack < 0 || t == first_ack))
                CHECK_EQ(pr.out[0].tx_vc_ok, 0);
            if (first_ack >= 0 && t == first_ack + 1)
                CHECK_EQ(pr.out[0].tx_vc_ok, 3);
            CHECK(t < c0 + 1000);
        }
        CHECK_EQ(heads, 2);
        CHECK(pair_drain(&pr, 3000) > 0);
        CHECK_EQ(lg[1].n, 6);
        for (int i = 0; i < 6; i++)
            check_pkt(&lg[1].pk[i], 0, pk[i], 2);
        pair_check_no_errors(&pr);
        pair_free(&pr);
    }
    {
        nr_lcb_params p = {.num_vcs = 2, .buf_per_vc = 16, .replay_depth = 16, .window = 8,
                           .max_pkt_len = 8};
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
        for (int i = 0; i < 5; i++)
            check_pkt(&lg[1].pk[i], 1, pk[i], 8);
        pair_check_no_errors(&pr);
        pair_free(&pr);
    }
}

/* Input-queue overflow (§8.4) on a single port with BufPerVc 8, reader off.
 * An 8-phit good packet fills VC0 (occ 8). A bogus 3-phit packet on VC0 with
 * a wrong sequence number overflows at its HEAD (occ 8 >= 7): INQ_REWIND and
 * INQ_OVF, nothing stored, the rest dropped, its (bad) EOP ends it quietly.
 * A packet that is good on the link (sequence 1) overflowing is a
 * violation of the credit contract: the model reports one error. */
static void test_inq_overflow(void)
{
    nr_lcb_params p = {.num_vcs = 1, .buf_per_vc = 8, .replay_depth = 16, .window = 4,
                       .max_pkt_len = 8};
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
    CHECK_EQ(s.o.ev, 0);                /* the ovf packet's EOP: dropped quietly */
    CHECK_EQ(s.o.occ[0], 8);
    CHECK_EQ(nr_lcbp_errors(s.m, NULL, 0), 0);
    CHECK_EQ(one_send(&s, bog, 3, 1), EVB(NR_EV_RX_OK) | OVF);
    one_step(&s, 0, 0, 0);
    char msg[200];
    CHECK_EQ(nr_lcbp_errors(s.m, msg, sizeof msg), 1);
    CHECK_STR(msg, "overflow");
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
    test_control_word_w56();
    test_deframer_timing();
    test_cw_shift_never_valid();
    test_deframer_miss_counter();
    test_deframer_false_lock();
    test_deframer_false_lock_accepted();
    test_nack_replay();
    test_timeout_replay_dup();
    test_apply_and_decision_same_cycle();
    test_clip_retry_link_down();
    test_timeout_link_down();
    test_inq_rewind_abort();
    test_tx_marking();
    test_pad_trace();
    test_pad_replay_contiguous();
    test_window_credits();
    test_inq_overflow();
    test_api();
    NR_TEST_END("test_lcb_model");
}
