/* lcb_ctl.c - the control channel of the LCB model: control word (doc §5.1),
 * serializer (§5.2), deframer (§5.3), and the replay-marker format (§6).
 * See lcb_int.h for the register convention (read q, write d). */
#include "lcb_int.h"
#include "nr_crc.h"
#include "nr_fmt.h"

/* ---- control word (§5.1) ---- */

/* Layout, MSB first: ack(7) epoch(1) fr[0](CW) .. fr[NumVcs-1](CW) crc8(8).
 * The CRC-8/I-432-1 covers the W-8 bits above it. */
uint64_t lcb_cw_pack(const lcb_conf *c, unsigned ack, int epoch, const unsigned *fr)
{
    uint64_t hi = ack & LCB_SEQ_MASK;
    hi = (hi << 1) | (unsigned)(epoch & 1);
    for (int v = 0; v < c->nvc; v++)
        hi = (hi << c->cw) | (fr[v] & c->cw_mask);
    return (hi << 8) | nr_crc8_word(hi, c->w - 8);
}

void lcb_cw_unpack(const lcb_conf *c, uint64_t w, lcb_cw *out)
{
    out->crc8 = (unsigned)(w & 0xFF);
    int pos = c->w; /* bit just above the current field (ack is W-1..W-7) */
    out->ack = (unsigned)(w >> (pos - 7)) & LCB_SEQ_MASK;
    pos -= 7;
    out->epoch = (int)((w >> (pos - 1)) & 1);
    pos -= 1;
    for (int v = 0; v < NR_LCB_MAX_VCS; v++) {
        if (v < c->nvc) {
            out->fr[v] = (unsigned)(w >> (pos - c->cw)) & c->cw_mask;
            pos -= c->cw;
        } else {
            out->fr[v] = 0;
        }
    }
}

int lcb_cw_valid(const lcb_conf *c, uint64_t w)
{
    return nr_crc8_word(w >> 8, c->w - 8) == (w & 0xFF);
}

/* ---- serializer (§5.2) ---- */

/* At ph = 0 a new word is built from start-of-cycle state (this port's RX
 * E and epoch, and the fr counters before this cycle's addition) and its MSB
 * is sent; at ph = j > 0 bit W-1-j of the kept word is sent. */
void lcb_ser_eval(const lcb_conf *c, const lcb_regs *q, lcb_regs *d, lcb_wires *wi)
{
    const lcb_ctl_regs *s = &q->ctl;
    uint64_t word = s->word;
    if (s->ph == 0) {
        word = lcb_cw_pack(c, q->rx.E, q->rx.epoch, s->fr);
        d->ctl.word = word;
    }
    wi->cbit = (int)((word >> (c->w - 1 - (int)s->ph)) & 1);
    d->ctl.ph = (s->ph + 1 == (unsigned)c->w) ? 0 : s->ph + 1;
}

void lcb_ctl_fr_eval(const lcb_conf *c, const lcb_regs *q, lcb_regs *d, const lcb_wires *wi)
{
    for (int v = 0; v < c->nvc; v++)
        d->ctl.fr[v] = (q->ctl.fr[v] + wi->inq_cr[v]) & c->cw_mask;
}

/* ---- deframer (§5.3) ---- */

/* Every cycle the C bit is shifted in (newest at bit 0). HUNT checks every
 * cycle; PRESYNC and SYNC check only at a boundary, the cycle with
 * cph = W-1, using sr after this cycle's shift. A valid word at a PRESYNC or
 * SYNC boundary is delivered (CTL_OK) into the dlv register, which the TX
 * applies next cycle (the apply cycle).
 *
 * The SYNC miss counter (§5.3, amended): an invalid word counts a miss in its
 * boundary cycle (CTL_BAD). A delivered word leaves `miss` alone at the
 * boundary; in the apply cycle the TX's verdict (wires->cw_verdict, set by
 * lcb_tx_eval earlier in the same cycle) clears it if the word was accepted
 * and counts a miss if it was rejected (CTL_REJECT). When `miss` reaches 4,
 * in either kind of cycle, the deframer goes to HUNT and raises
 * CTL_SYNC_LOST in that cycle. The apply cycle is never a boundary (it is the
 * cycle after one, cph_q = 0) and the state in it is always SYNC (the
 * delivery set it).
 *
 * HUNT starts in the cycle after the apply cycle (the window completed then is
 * the first one examined, as R1 of docs/lcb-spec-questions.md was resolved),
 * so the window one bit after the rejected word (sr in the apply cycle) is
 * not checked. That window can
 * never be valid: for every legal W no valid word shifted left by one or two
 * bits, whatever bits come in, is valid (the shifted CRC-8 constraints are
 * inconsistent; test_cw_shift_never_valid checks it exhaustively for
 * W <= 24 and by sampling for the other legal W). So "the new hunt starts at
 * the next bit after the false phase" (§5.3) holds with either reading. */
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
    uint64_t sr = ((s->sr << 1) | ((link_rx >> NR_LINK_C_BIT) & 1u)) & c->w_mask;
    int boundary = s->cph == (unsigned)c->w - 1;

    n->sr = sr;
    n->dlv_valid = 0;
    switch (s->state) {
    case DF_HUNT:
        if (lcb_cw_valid(c, sr)) {
            n->state = DF_PRESYNC;
            n->cph = 0;
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
        if (lcb_cw_valid(c, sr)) {
            n->state = DF_SYNC;         /* miss waits for the apply cycle */
            n->dlv_valid = 1;
            n->dlv_word = sr;
            wi->ev |= 1u << NR_EV_CTL_OK;
        } else if (s->state == DF_PRESYNC) {
            n->state = DF_HUNT;
        } else {
            wi->ev |= 1u << NR_EV_CTL_BAD;
            df_miss(s, n, wi);
        }
        break;
    default:
        break;
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
    if (((data >> NR_IDLE_TYPE_LSB) & 3u) != NR_IDLE_TYPE_REPLAY)
        return 0;
    if (((data >> NR_REPLAY_RSVD_LSB) & 0x1Fu) != 0)
        return 0;
    if (nr_crc8_word(hi, 14) != (data & 0xFFu))
        return 0;
    *seq = (data >> NR_REPLAY_SEQ_LSB) & LCB_SEQ_MASK;
    return 1;
}
