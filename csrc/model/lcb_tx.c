/* lcb_tx.c - the transmit side of the LCB model (doc §7).
 *
 * One call per cycle, lcb_tx_eval(), in the order of the doc's sections:
 *   §7.4  apply the control word the deframer delivered last cycle;
 *   §7.3  take a core phit (tx_ready, tx_vc_ok, packet start/body/EOP/clip);
 *   §7.5  choose the link phit (replay decision, replay stream, core, PAD, idle);
 *   §7.6  timeout and the next timer value.
 * Every rule reads start-of-cycle registers (q) only. Where two rules assign
 * the same register in one cycle, the later section wins (see "Model reading"
 * in docs/lcb-spec-questions.md): a replay start clears `pending` even if a
 * NACK set it this cycle, and sets retries = retries_q + 1 even if an ack
 * cleared it this cycle.
 *
 * Credits are derived, not counted (§7.2): the registers are sent[v] (phits
 * debited, mod 2^CW) and last_fr[v] (fr[v] of the last accepted word), and
 * credits[v] = BufPerVc - (sent[v] - last_fr[v]) mod 2^CW (lcb_tx_credits).
 * Every debit adds to sent[v]; an accepted word overwrites last_fr[v] (§7.4),
 * so the credits depend on the last accepted word only ("self-correcting
 * credits"). */
#include "lcb_int.h"
#include "nr_crc.h"
#include "nr_fmt.h"

/* ---- small pure policies ---- */

static unsigned seq_add(unsigned s, unsigned k) { return (s + k) & LCB_SEQ_MASK; }
static unsigned seq_diff(unsigned a, unsigned b) { return lcb_seq_diff(a, b); }

/* Replay-buffer pointers carry a wrap bit: values 0 .. 2*ReplayDepth-1. */
static unsigned rb_inc(const lcb_conf *c, unsigned p) { return (p + 1) & (2 * c->rdepth - 1); }
static unsigned rb_addr(const lcb_conf *c, unsigned p) { return p & (c->rdepth - 1); }

/* §7.3 head_ok and tx_ready, §7.2 the derived credits and tx_vc_ok:
 * lcb_tx_head_ok, lcb_tx_ready, lcb_tx_credits_s and lcb_tx_vc_ok_of in
 * lcb_int.h. */

/* §7.4 range check of a delivered word against start-of-cycle state: the
 * ack within [base, next_seq]. The freed counts fr[v] are not checked (§7.4,
 * "Why fr has no range check"): any value is taken. Returns 1 if the word
 * may be applied. Pure. */
static int cw_in_range(const lcb_tx_regs *q, const lcb_cw *w)
{
    return seq_diff(w->ack, q->base) <= seq_diff(q->next_seq, q->base);
}

/* §7.3: the ok field and PCRC of the EOP that finishes a packet whose core
 * EOP carries {ok_in, rsvd_in, crc_in}; *ev gets TX_SOFT / TX_PROTO. Pure. */
static uint32_t tx_finish_eop(uint16_t crc, int kerr, uint32_t eop_data, uint32_t *ev)
{
    unsigned ok_in = (eop_data >> NR_EOP_OK_LSB) & 3u;
    unsigned rsvd_in = (eop_data >> NR_EOP_RSVD_LSB) & 15u;
    uint16_t crc_in = (uint16_t)(eop_data & 0xFFFF);
    uint16_t chk = nr_crc16_bits(crc, (ok_in << 4) | rsvd_in, 6);
    unsigned ok = ok_in;
    if (ok_in == NR_OK_HEALTHY && (chk != crc_in || kerr)) {
        ok = NR_OK_SOFT_ERR;
        *ev |= 1u << NR_EV_TX_SOFT;
    } else if (ok_in == NR_OK_RSVD) {
        ok = NR_OK_SOFT_ERR;
        *ev |= 1u << NR_EV_TX_PROTO;
    }
    return lcb_eop_data(ok, rsvd_in, nr_crc16_bits(crc, (ok << 4) | rsvd_in, 6));
}

/* Link EOP data from a stored EOP {ok, rsvd, P}: {ok, rsvd, upd7(P, seq)} (§4). */
static uint32_t link_eop_data(uint32_t stored, unsigned seq)
{
    uint16_t lcrc = nr_crc16_bits((uint16_t)(stored & 0xFFFF), seq & LCB_SEQ_MASK, 7);
    return (stored & 0x3F0000u) | lcrc;
}

/* §4.1, §7.5 (LinkCrcW = 32): the trailer state after sending link phit
 * `link` (F and data) of stored kind k; seq is the EOP's sequence number.
 * With LinkCrcW = 16 the registers stay 0. */
static void tx_trailer_track(const lcb_conf *c, const lcb_tx_regs *q, lcb_tx_regs *n, unsigned k,
                             uint32_t link, unsigned seq)
{
    uint32_t data = lcb_data(link);
    if (!c->crc32) return;
    if (k == NR_KIND_HEAD) {
        n->bcrc = nr_crc16b_bits(NR_LINK_CRC2_INIT, data, NR_DATA_W);
    } else if (k == NR_KIND_BODY) {
        n->bcrc = nr_crc16b_bits(q->bcrc, data, NR_DATA_W);
    } else {
        n->trl = 1;
        n->tval = nr_crc16b_bits(nr_crc16b_bits(q->bcrc, data >> 16, 6), seq & LCB_SEQ_MASK, 7);
    }
}

/* ---- the cycle, one function per doc section ---- */

/* §7.4: apply the word the deframer delivered last cycle. An accepted word
 * overwrites last_fr[v] (the credits follow from it, whatever the last word
 * said); a rejected one changes nothing. Fills *ack_adv (base advanced) and
 * wi->cw_verdict, which the deframer counts (§5.3: a rejected word is a miss,
 * an accepted one clears the miss counter). */
static void tx_apply_word(const lcb_conf *c, const lcb_regs *qr, const lcb_tx_files *tf,
                          lcb_tx_regs *n, lcb_wires *wi, int *ack_adv)
{
    const lcb_tx_regs *q = &qr->tx;
    lcb_cw w;
    if (!qr->ctl.dlv_valid) return;
    lcb_cw_unpack(c, qr->ctl.dlv_pay, &w);
    if (!cw_in_range(q, &w)) {
        wi->ev |= 1u << NR_EV_CTL_REJECT;
        wi->cw_verdict = CW_REJECT; /* a deframer miss (§5.3) */
        return;
    }
    wi->cw_verdict = CW_ACCEPT; /* clears the deframer's miss (§5.3) */
    for (int v = 0; v < c->nvc; v++) n->last_fr[v] = w.fr[v];
    if (w.ack != q->base) {
        n->base = w.ack;
        /* a packet still being taken keeps its phits */
        n->tail = (w.ack == q->next_seq && !q->in_pkt) ? q->wr : tf->start[w.ack % c->window];
        n->retries = 0;
        *ack_adv = 1;
        wi->ev |= 1u << NR_EV_TX_ACK;
    }
    if (w.epoch != q->last_epoch) {
        n->last_epoch = w.epoch;
        wi->ev |= 1u << NR_EV_TX_NACK;
        if (w.ack != q->next_seq && !q->down) n->pending = 1;
    }
}

/* §7.3: tx_ready and tx_vc_ok, and the phit taken this cycle. A phit that is
 * not discarded is written to the replay buffer (*rbw), debited
 * (wi->debit) and returned in *send_link (F and data) for §7.5 source 3.
 * Returns 1 if there is such a phit. */
static int tx_take(const lcb_conf *c, const lcb_tx_regs *q, lcb_tx_regs *n, const lcb_tx_files *tf,
                   const nr_lcbp_in *in, lcb_wires *wi, lcb_ramw *rbw, uint32_t *send_link)
{
    wi->tx_vc_ok = wi->q_vc_ok; /* lcb_tx_vc_ok_of, computed once per state */
    wi->tx_ready = lcb_tx_ready(c, q, wi->tx_vc_ok, in);
    if (!in->tx_valid || !wi->tx_ready) return 0;
    uint32_t ph = in->tx_phit & 0xFFFFFFu;
    unsigned k = lcb_kind(ph);
    uint32_t data = lcb_data(ph);
    uint32_t store; /* phit for the replay buffer */
    if (q->down) {  /* §7.6: the link is down, every phit discarded */
        if (k == NR_KIND_HEAD) wi->ev |= 1u << NR_EV_TX_DOWN_DROP;
        return 0;
    }
    if (q->drop) { /* rest of a dropped core packet */
        if (k == NR_KIND_EOP) n->drop = 0;
        return 0;
    }
    if (!q->in_pkt && k != NR_KIND_HEAD) { /* stray phit */
        wi->ev |= 1u << NR_EV_TX_PROTO;
        return 0;
    }
    if (!q->in_pkt && ((data >> NR_HEAD_VC_LSB) & 3u) >= (unsigned)c->nvc) {
        n->drop = 1; /* head with a bad vc */
        wi->ev |= 1u << NR_EV_TX_PROTO;
        return 0;
    }
    if (!q->in_pkt) { /* start a packet */
        n->in_pkt = 1;
        n->len = 1;
        n->kerr = 0;
        n->pvc = (int)((data >> NR_HEAD_VC_LSB) & 3u);
        n->crc = nr_crc16_bits(NR_CRC16_INIT, data, NR_DATA_W);
        tf->start_w->we = 1; /* start[next_seq] = wr */
        tf->start_w->addr = q->next_seq % c->window;
        tf->start_w->data = q->wr;
        store = ph;
        *send_link = lcb_link(1, 0, data);
        tx_trailer_track(c, q, n, NR_KIND_HEAD, *send_link, 0);
        wi->ev |= 1u << NR_EV_TX_PKT;
    } else if (k != NR_KIND_EOP && q->len == c->maxlen - 1) {
        /* clip: this phit becomes an EOP {SOFT_ERR, 0000, upd6(crc, ...)} */
        uint32_t eop =
            lcb_eop_data(NR_OK_SOFT_ERR, 0, nr_crc16_bits(q->crc, NR_OK_SOFT_ERR << 4, 6));
        store = lcb_core(NR_KIND_EOP, eop);
        *send_link = lcb_link(0, 0, link_eop_data(eop, q->next_seq));
        tx_trailer_track(c, q, n, NR_KIND_EOP, *send_link, q->next_seq);
        n->in_pkt = 0;
        n->next_seq = seq_add(q->next_seq, 1);
        n->drop = 1;
        wi->ev |= (1u << NR_EV_TX_PROTO) | (1u << NR_EV_TX_SOFT);
    } else if (k != NR_KIND_EOP) { /* body */
        if (k != NR_KIND_BODY) {   /* HEAD or RSVD kind */
            n->kerr = 1;
            wi->ev |= 1u << NR_EV_TX_PROTO;
        }
        n->crc = nr_crc16_bits(q->crc, data, NR_DATA_W);
        n->len = q->len + 1;
        store = lcb_core(NR_KIND_BODY, data);
        *send_link = lcb_link(1, 0, data);
        tx_trailer_track(c, q, n, NR_KIND_BODY, *send_link, 0);
    } else { /* EOP: finish */
        uint32_t eop = tx_finish_eop(q->crc, q->kerr, data, &wi->ev);
        store = lcb_core(NR_KIND_EOP, eop);
        *send_link = lcb_link(0, 0, link_eop_data(eop, q->next_seq));
        tx_trailer_track(c, q, n, NR_KIND_EOP, *send_link, q->next_seq);
        n->in_pkt = 0;
        n->next_seq = seq_add(q->next_seq, 1);
    }
    /* write, debit (send is §7.5) */
    int v = q->in_pkt ? q->pvc : n->pvc;
    rbw->we = 1;
    rbw->addr = rb_addr(c, q->wr);
    rbw->data = store;
    n->wr = rb_inc(c, q->wr);
    wi->debit = 1u << v;
    /* A head needs MaxPktLen credits, so with true words a packet never runs
     * out of credits. After an accepted wrong word (an undetected control-word
     * error) that lowered them in mid-packet it can, legally (link-protocol
     * 7.2): not an error of the model; the testbench checks the credits. */
    return 1;
}

/* §7.5: choose the link phit (F and data; the C bit is added by the caller).
 * Sources in order: trailer, replay decision, replay stream, core phit, PAD,
 * idle.
 * Sets *replay_start when a replay starts. */
static uint32_t tx_link(const lcb_conf *c, const lcb_tx_regs *q, lcb_tx_regs *n, const uint32_t *rb,
                        lcb_wires *wi, int send_core, uint32_t send_link, int *replay_start)
{
    if (q->trl) { /* 0 */
        n->trl = 0;
        if (q->mode == TX_REPLAY) { /* the read the EOP held back */
            n->rb_rdata = rb[rb_addr(c, q->rp_addr)];
            n->rp_addr = rb_inc(c, q->rp_addr);
        }
        return lcb_link(0, 0, ((uint32_t)NR_IDLE_TYPE_TRAILER << NR_IDLE_TYPE_LSB) | q->tval);
    }
    if (q->mode == TX_NORMAL && q->pending && !q->in_pkt && !q->down) { /* 1 */
        n->pending = 0;
        if (q->base == q->next_seq) return lcb_link(0, 0, 0); /* nothing left to resend */
        if (q->retries == c->retry_limit) {
            n->down = 1;
            wi->ev |= 1u << NR_EV_LINK_DOWN;
            return lcb_link(0, 0, 0);
        }
        n->mode = TX_REPLAY;
        n->rp_seq = q->base;
        n->rb_rdata = rb[rb_addr(c, q->tail)];
        n->rp_addr = rb_inc(c, q->tail);
        n->retries = q->retries + 1;
        *replay_start = 1;
        wi->ev |= 1u << NR_EV_TX_REPLAY;
        return lcb_link(0, 0, lcb_marker_data(q->base));
    }
    if (q->mode == TX_REPLAY) {    /* 2 */
        uint32_t ph = q->rb_rdata; /* read issued last cycle */
        int eop = lcb_kind(ph) == NR_KIND_EOP;
        uint32_t link = eop ? lcb_link(0, 0, link_eop_data(lcb_data(ph), q->rp_seq))
                            : lcb_link(1, 0, lcb_data(ph));
        if (eop) n->rp_seq = seq_add(q->rp_seq, 1);
        if (eop && seq_add(q->rp_seq, 1) == q->next_seq) {
            n->mode = TX_NORMAL;         /* replay done, no read */
        } else if (!(eop && c->crc32)) { /* after an EOP the trailer's cycle reads */
            n->rb_rdata = rb[rb_addr(c, q->rp_addr)];
            n->rp_addr = rb_inc(c, q->rp_addr);
        }
        tx_trailer_track(c, q, n, lcb_kind(ph), link, q->rp_seq);
        return link;
    }
    if (send_core) /* 3 */
        return send_link;
    if (q->in_pkt) /* 4: PAD */
        return lcb_link(0, 0, (uint32_t)NR_OK_RSVD << NR_EOP_OK_LSB);
    return lcb_link(0, 0, 0); /* 5: idle */
}

/* §7.6: the timeout (sets pending) and the next timer value. */
static void tx_timer(const lcb_conf *c, const lcb_tx_regs *q, lcb_tx_regs *n, lcb_wires *wi,
                     int replay_start, int ack_adv)
{
    int timeout = q->timer == c->timeout && !q->pending && !q->down && q->mode == TX_NORMAL &&
                  q->base != q->next_seq;
    if (timeout) {
        n->pending = 1;
        wi->ev |= 1u << NR_EV_TX_TIMEOUT;
    }
    if (q->base == q->next_seq || q->mode == TX_REPLAY || replay_start || ack_adv || timeout)
        n->timer = 0;
    else
        n->timer = q->timer < 0xFFFF ? q->timer + 1 : 0xFFFF;
}

void lcb_tx_eval(const lcb_conf *c, const lcb_regs *qr, lcb_regs *dr, const uint32_t *rb,
                 const lcb_tx_files *tf, const nr_lcbp_in *in, lcb_wires *wi, lcb_ramw *rbw,
                 nr_errs *err)
{
    const lcb_tx_regs *q = &qr->tx;
    lcb_tx_regs *n = &dr->tx;
    int ack_adv = 0, replay_start = 0;
    uint32_t send_link = 0;

    tx_apply_word(c, qr, tf, n, wi, &ack_adv);
    int send_core = tx_take(c, q, n, tf, in, wi, rbw, &send_link);
    if (wi->debit) {                      /* §7.2: the debit adds to sent */
        int v = __builtin_ctz(wi->debit); /* (one VC at most; n->sent = q->sent else) */
        n->sent[v] = (q->sent[v] + 1u) & c->cw_mask;
    }
    uint32_t link = tx_link(c, q, n, rb, wi, send_core, send_link, &replay_start);
    /* Sources 1-3 never compete: a stored core phit needs an open packet or
     * head_ok, both impossible while replaying or deciding (§7.5). */
    if (send_core && link != send_link)
        nr_errs_add(err, "model: core phit shadowed by the replay path");
    n->link_tx = link | ((uint32_t)wi->cbit << NR_LINK_C_BIT);
    tx_timer(c, q, n, wi, replay_start, ack_adv);
}
