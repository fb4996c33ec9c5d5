/* lcb_ctl.c - the control channel of the LCB model: control word (doc §5.1),
 * serializer (§5.2), deframer (§5.3), and the replay-marker format (§6).
 * See lcb_int.h for the register convention (read q, write d). */
#include "lcb_int.h"
#include "nr_crc.h"
#include "nr_fmt.h"

/* ---- control word (§5.1) ---- */

/* Layout, MSB first: ack(7) epoch(1) wt(1) fr[0](CW) .. fr[NumVcs-1](CW)
 * crc16(16). The payload is bits W-1..16 (W-16 = 9 + NumVcs*CW bits, at most
 * 49); the CRC-16/IBM-3740 over it is bits 15..0. */
uint64_t lcb_cw_payload(const lcb_conf *c, unsigned ack, int epoch, int wt, const unsigned *fr)
{
    uint64_t pay = ack & LCB_SEQ_MASK;
    pay = (pay << 1) | (unsigned)(epoch & 1);
    pay = (pay << 1) | (unsigned)(wt & 1);
    for (int v = 0; v < c->nvc; v++) pay = (pay << c->cw) | (fr[v] & c->cw_mask);
    return pay;
}

uint16_t lcb_cw_crc(const lcb_conf *c, uint64_t pay)
{
    uint16_t crc = NR_CRC16_INIT;
    int n = c->pw;
    if (n > 32) { /* nr_crc16_bits takes at most 32 bits at a time */
        crc = nr_crc16_bits(crc, (uint32_t)(pay >> 32), n - 32);
        n = 32;
    }
    return nr_crc16_bits(crc, (uint32_t)pay, n); /* xorout 0 */
}

void lcb_cw_unpack(const lcb_conf *c, uint64_t pay, lcb_cw *out)
{
    int pos = c->pw; /* payload bit just above the current field */
    out->ack = (unsigned)(pay >> (pos - 7)) & LCB_SEQ_MASK;
    pos -= 7;
    out->epoch = (int)((pay >> (pos - 1)) & 1);
    pos -= 1;
    out->wt = (int)((pay >> (pos - 1)) & 1);
    pos -= 1;
    for (int v = 0; v < NR_LCB_MAX_VCS; v++) {
        if (v < c->nvc) {
            out->fr[v] = (unsigned)(pay >> (pos - c->cw)) & c->cw_mask;
            pos -= c->cw;
        } else {
            out->fr[v] = 0;
        }
    }
}

int lcb_cw_crc_valid(const lcb_conf *c, uint64_t pay, uint16_t crc)
{
    return lcb_cw_crc(c, pay) == crc;
}

/* ---- serializer (§5.2) ---- */

/* At ph = 0 a new word is built from start-of-cycle state (this port's RX
 * E and epoch, the word toggle, and the fr counters before this cycle's
 * addition) and its MSB is sent; at ph = j > 0 bit W-1-j of the kept word is
 * sent. The toggle is 0 in the first word after reset and inverted for every
 * following word (§5.1). */
void lcb_ser_eval(const lcb_conf *c, const lcb_regs *q, lcb_regs *d, lcb_wires *wi)
{
    const lcb_ctl_regs *s = &q->ctl;
    uint64_t pay = s->word_pay;
    uint16_t crc = s->word_crc;
    if (s->ph == 0) {
        unsigned fr[NR_LCB_MAX_VCS];
        for (int v = 0; v < NR_LCB_MAX_VCS; v++) fr[v] = s->fr[v];
        pay = lcb_cw_payload(c, q->rx.E, q->rx.epoch, s->wt, fr);
        crc = lcb_cw_crc(c, pay);
        d->ctl.word_pay = pay;
        d->ctl.word_crc = crc;
        d->ctl.wt = !s->wt;
    }
    int bit = c->w - 1 - (int)s->ph; /* word bit sent this cycle */
    wi->cbit = bit >= 16 ? (int)((pay >> (bit - 16)) & 1u) : (int)((crc >> bit) & 1u);
    d->ctl.ph = (uint8_t)((unsigned)s->ph + 1u == (unsigned)c->w ? 0 : s->ph + 1);
}

void lcb_ctl_fr_eval(const lcb_conf *c, const lcb_regs *q, lcb_regs *d, const lcb_wires *wi)
{
    for (int v = 0; v < c->nvc; v++)
        if (wi->inq_cr[v]) /* d->ctl.fr = q->ctl.fr else (eval's copy) */
            d->ctl.fr[v] = (q->ctl.fr[v] + wi->inq_cr[v]) & c->cw_mask;
}

/* ---- deframer (§5.3) ---- */

/* Every cycle the C bit is shifted in (newest at bit 0). HUNT checks every
 * cycle whether sr (after this cycle's shift) is CRC-valid; if it is, it goes
 * to PRESYNC with cph = 0 and expects the next word's toggle to be the
 * inverse of this window's wt bit (ewt). PRESYNC and SYNC check only at a
 * boundary, the cycle with cph = W-1: a word is valid if it is CRC-valid and
 * its wt equals ewt, and ewt is inverted at every boundary, valid or not. A
 * valid word at a PRESYNC or SYNC boundary is delivered (CTL_OK) into the dlv
 * register, which the TX applies next cycle (the apply cycle).
 *
 * The SYNC miss counter: an invalid word counts a miss in its boundary cycle
 * (CTL_BAD). A delivered word leaves `miss` alone at the boundary; in the
 * apply cycle the TX's verdict (wires->cw_verdict, set by lcb_tx_eval earlier
 * in the same cycle) clears it if the word was accepted and counts a miss if
 * it was rejected (CTL_REJECT). When `miss` reaches 4, in either kind of
 * cycle, the deframer goes to HUNT and raises CTL_SYNC_LOST in that cycle.
 * The apply cycle is never a boundary (it is the cycle after one, cph_q = 0)
 * and the state in it is always SYNC (the delivery set it). `miss` is 0
 * whenever the state is not SYNC.
 *
 * After a transition into HUNT at the end of cycle t, the window completed in
 * cycle t+1 is the first one HUNT examines (§5.3). ewt is not used in HUNT;
 * the transition out of HUNT sets it. */
static void df_miss(const lcb_ctl_regs *s, lcb_ctl_regs *n, lcb_wires *wi)
{
    if (s->miss == 3) { /* the fourth consecutive miss */
        n->state = DF_HUNT;
        n->miss = 0;
        wi->ev |= 1u << NR_EV_CTL_SYNC_LOST;
    } else {
        n->miss = s->miss + 1;
    }
}

void lcb_deframer_eval(const lcb_conf *c, const lcb_regs *q, lcb_regs *d, uint32_t link_rx,
                       lcb_wires *wi)
{
    const lcb_ctl_regs *s = &q->ctl;
    lcb_ctl_regs *n = &d->ctl;
    /* sr = {sr[W-2:0], C}: payload bits W-1..16, CRC field 15..0 */
    uint64_t pay = ((s->sr_pay << 1) | (uint64_t)(s->sr_crc >> 15)) & c->pay_mask;
    uint16_t crc = (uint16_t)((unsigned)(s->sr_crc << 1) | ((link_rx >> NR_LINK_C_BIT) & 1u));
    int boundary = s->cph == (unsigned)c->w - 1;

    n->sr_pay = pay;
    n->sr_crc = crc;
    n->dlv_valid = 0;
    switch (s->state) {
    case DF_HUNT:
        if (lcb_cw_crc_valid(c, pay, crc)) {
            n->state = DF_PRESYNC;
            n->cph = 0;
            n->ewt = !lcb_cw_wt(c, pay);
        }
        break;
    case DF_PRESYNC:
    case DF_SYNC:
        if (!boundary) {
            n->cph = s->cph + 1;
            if (s->state == DF_SYNC && wi->cw_verdict == CW_ACCEPT)
                n->miss = 0;
            else if (s->state == DF_SYNC && wi->cw_verdict == CW_REJECT)
                df_miss(s, n, wi);
            break;
        }
        n->cph = 0;
        n->ewt = !s->ewt; /* at every boundary, valid or not */
        if (lcb_cw_wt(c, pay) == s->ewt && lcb_cw_crc_valid(c, pay, crc)) {
            n->state = DF_SYNC; /* miss waits for the apply cycle */
            n->dlv_valid = 1;
            n->dlv_pay = pay;
            wi->ev |= 1u << NR_EV_CTL_OK;
        } else if (s->state == DF_PRESYNC) {
            n->state = DF_HUNT;
        } else {
            wi->ev |= 1u << NR_EV_CTL_BAD;
            df_miss(s, n, wi);
        }
        break;
    default: break;
    }
}

/* ---- replay marker (§6; packet-format.md "Idle-class link phits") ---- */

/* data: type 1 in 21:20, seq in 19:13, zero in 12:8, CRC-8 over 21:8 in 7:0. */
uint32_t lcb_marker_data(unsigned seq)
{
    uint32_t hi = ((uint32_t)NR_IDLE_TYPE_REPLAY << 12) | ((seq & LCB_SEQ_MASK) << 5);
    return (hi << 8) | nr_crc8_word(hi, 14);
}

int lcb_marker_parse(uint32_t data, unsigned *seq)
{
    uint32_t hi = (data >> 8) & 0x3FFFu;
    if (((data >> NR_IDLE_TYPE_LSB) & 3u) != NR_IDLE_TYPE_REPLAY) return 0;
    if (((data >> NR_REPLAY_RSVD_LSB) & 0x1Fu) != 0) return 0;
    if (nr_crc8_word(hi, 14) != (data & 0xFFu)) return 0;
    *seq = (data >> NR_REPLAY_SEQ_LSB) & LCB_SEQ_MASK;
    return 1;
}
