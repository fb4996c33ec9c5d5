/* lcb.c - the nr_lcb.h API of the LCB port model: parameter checks, the port
 * struct, eval/peek/tick, outputs and error collection.
 *
 * A cycle (nr_lcbp_eval) runs the blocks in this order; each reads only
 * start-of-cycle registers (lcb_q), this cycle's inputs and the wires computed
 * before it, and writes only the next-state copy (lcb_d):
 *
 *   lcb_ser_eval       §5.2  serializer bit of this cycle (needs RX E/epoch, fr)
 *   lcb_tx_eval        §7    word apply, core phit, link phit, timer
 *   lcb_deframer_eval  §5.3  control-channel deframer on link_rx's C bit
 *                            (after the TX: it counts the TX's verdict on
 *                            the word applied this cycle)
 *   lcb_rx_eval        §3/§4/§8.3  framing, CRC, recovery, RX output register
 *   lcb_inq_eval       §8.4  read, then write of last cycle's RX output
 *   lcb_ctl_fr_eval    §5.2  fr[v] += inq_cr[v]
 *
 * nr_lcbp_tick makes d the committed state (lcb_int.h: the two copies trade
 * places) and performs the RAM writes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lcb_int.h"
#include "lcb_view.h"

/* Check parameters (doc §2 and the parameter rules of §11) and cfg; return
 * 0, or -1 with a message in err. */
static int check_params(const nr_lcb_params *p, const nr_lcb_cfg *c, char *err, int errlen)
{
    if (!p || !c) NR_BAD("nr_lcbp_new: NULL parameters or cfg");
    if (p->num_vcs < 1 || p->num_vcs > NR_LCB_MAX_VCS)
        NR_BAD("NumVcs = %d: must be 1..%d", p->num_vcs, NR_LCB_MAX_VCS);
    if (p->buf_per_vc < 8 || p->buf_per_vc > 1023)
        NR_BAD("BufPerVc = %d: must be 8..1023", p->buf_per_vc);
    if (p->max_pkt_len < 2 || p->max_pkt_len > p->buf_per_vc || p->max_pkt_len > 255)
        NR_BAD("MaxPktLen = %d: must be 2..min(BufPerVc, 255) (%d)", p->max_pkt_len,
               p->buf_per_vc < 255 ? p->buf_per_vc : 255);
    if (!nr_is_pow2(p->replay_depth) || p->replay_depth < 8 || p->replay_depth > 4096)
        NR_BAD("ReplayDepth = %d: must be a power of two, 8..4096", p->replay_depth);
    if (p->replay_depth < 2 * p->max_pkt_len)
        NR_BAD("ReplayDepth = %d: must be >= 2*MaxPktLen (%d)", p->replay_depth,
               2 * p->max_pkt_len);
    if (!nr_is_pow2(p->window) || p->window < 2 || p->window > 64)
        NR_BAD("Window = %d: must be a power of two, 2..64", p->window);
    if (p->link_crc_w != 0 && p->link_crc_w != 16 && p->link_crc_w != 32)
        NR_BAD("LinkCrcW = %d: must be 16 or 32", p->link_crc_w);
    if (c->timeout < 1 || c->timeout > 65535)
        NR_BAD("cfg_timeout = %u: must be 1..65535", c->timeout);
    if (c->retry_limit > 255) NR_BAD("cfg_retry_limit = %u: must be 0..255", c->retry_limit);
    if (c->max_len < 2 || c->max_len > (uint32_t)p->max_pkt_len)
        NR_BAD("cfg_max_len = %u: must be 2..MaxPktLen (%d)", c->max_len, p->max_pkt_len);
    return 0;
}

/* Outputs that are register values or depend on registers only, of the
 * registers q (the fields that depend on inputs are 0). */
static uint32_t state_out(const lcb_conf *restrict c, const lcb_regs *restrict q,
                          nr_lcbp_out *restrict out)
{
    const int nvc = c->nvc, maxlen = (int)c->maxlen;
    const unsigned mask = c->cw_mask;
    uint32_t avail = 0, ok = 0;
    for (int v = 0; v < NR_LCB_MAX_VCS; v++) {
        out->occ[v] = 0;
        out->credits[v] = 0;
        out->inq_cr[v] = 0;
    }
    for (int v = 0; v < nvc; v++) {
        const inq_vc_regs *s = &q->inq.vc[v];
        unsigned occ = lcb_inq_occ(c, s);
        int cr = lcb_tx_credits_s(c, &q->tx, v);
        out->occ[v] = occ;
        out->credits[v] = (unsigned)cr & mask;         /* derived (§7.2) */
        avail |= (uint32_t)(occ > 0 || s->abort) << v; /* lcb_inq_avail */
        ok |= (uint32_t)(cr >= maxlen) << v;           /* lcb_tx_vc_ok_of */
    }
    out->link_tx = q->tx.link_tx;
    out->tx_ready = 0;
    out->tx_vc_ok = lcb_tx_vc_ok_of(c, &q->tx, ok);
    out->rd_avail = avail;
    out->rd_valid = q->inq.rd_valid;
    out->rd_phit = q->inq.rd_phit;
    out->ev = 0;
    out->link_down = q->tx.down;
    out->ctl_sync = q->ctl.state == DF_SYNC;
    out->debit = 0;
    out->rd1_valid = q->inq.rd1_valid;
    out->rd1_phit = q->inq.rd1_phit;
    return ok;
}

/* The same for the next state d, from the current state's outputs (cur,
 * crok) and what this cycle changed (speed only): the input queue's occ and
 * rd_avail only for the VCs it touched (wi->inq_touch), the credits only for
 * the VC debited, or all of them after an accepted control word (which sets
 * last_fr). Gives what state_out(c, d, out) would; returns the credit part
 * of tx_vc_ok (bit v: credits[v] >= MaxPktLen). */
static uint32_t state_next(const lcb_conf *restrict c, const lcb_regs *restrict d,
                           const lcb_wires *restrict wi, const nr_lcbp_out *restrict cur,
                           uint32_t crok, nr_lcbp_out *restrict out)
{
    const int maxlen = (int)c->maxlen;
    const unsigned mask = c->cw_mask;
    uint32_t avail = cur->rd_avail;
    *out = *cur;
    for (uint32_t m = wi->inq_touch; m; m &= m - 1) {
        int v = __builtin_ctz(m);
        const inq_vc_regs *s = &d->inq.vc[v];
        unsigned occ = lcb_inq_occ(c, s);
        out->occ[v] = occ;
        avail = (avail & ~(1u << v)) | (uint32_t)(occ > 0 || s->abort) << v;
    }
    uint32_t cm = wi->cw_verdict == CW_ACCEPT ? (1u << c->nvc) - 1 : wi->debit;
    for (; cm; cm &= cm - 1) {
        int v = __builtin_ctz(cm);
        int cr = lcb_tx_credits_s(c, &d->tx, v);
        out->credits[v] = (unsigned)cr & mask;
        crok = (crok & ~(1u << v)) | (uint32_t)(cr >= maxlen) << v;
    }
    out->link_tx = d->tx.link_tx;
    out->tx_vc_ok = lcb_tx_vc_ok_of(c, &d->tx, crok);
    out->rd_avail = avail;
    out->rd_valid = d->inq.rd_valid;
    out->rd_phit = d->inq.rd_phit;
    out->rd1_valid = d->inq.rd1_valid;
    out->rd1_phit = d->inq.rd1_phit;
    out->link_down = d->tx.down;
    out->ctl_sync = d->ctl.state == DF_SYNC;
    return crok;
}

nr_lcbp *nr_lcbp_new(const nr_lcb_params *p, const nr_lcb_cfg *c, char *err, int errlen)
{
    if (check_params(p, c, err, errlen)) return NULL;
    nr_lcbp *m = calloc(1, sizeof *m);
    if (!m) {
        if (err && errlen > 0) snprintf(err, (size_t)errlen, "nr_lcbp_new: out of memory");
        return NULL;
    }
    lcb_conf *k = &m->c;
    k->nvc = p->num_vcs;
    k->buf = (unsigned)p->buf_per_vc;
    k->rdepth = (unsigned)p->replay_depth;
    k->window = (unsigned)p->window;
    k->maxlen = (unsigned)p->max_pkt_len;
    k->timeout = c->timeout;
    k->retry_limit = c->retry_limit;
    k->max_len = c->max_len;
    k->crc32 = p->link_crc_w == 32;
    k->cw = nr_clog2(k->buf + 1);
    k->w = 25 + k->nvc * k->cw;
    k->pw = k->w - 16;
    k->cw_mask = (1u << k->cw) - 1;
    k->pay_mask = (1ull << k->pw) - 1;
    m->rb = calloc(k->rdepth, sizeof *m->rb);
    m->iq = calloc((size_t)k->nvc * k->buf, sizeof *m->iq);
    if (!m->rb || !m->iq) {
        nr_lcbp_free(m);
        if (err && errlen > 0) snprintf(err, (size_t)errlen, "nr_lcbp_new: out of memory");
        return NULL;
    }
    /* Reset: every register 0 (calloc). sent = last_fr = 0 gives credits =
     * BufPerVc (§7.2). */
    m->cur = 0;
    *lcb_d(m) = *lcb_q(m);
    m->so_crok[0] = m->so_crok[1] = state_out(k, lcb_q(m), &m->so[0]);
    m->so[1] = m->so[0];
    return m;
}

void nr_lcbp_free(nr_lcbp *m)
{
    if (!m) return;
    free(m->rb);
    free(m->iq);
    free(m);
}

void nr_lcbp_peek(const nr_lcbp *m, nr_lcbp_out *out) { *out = m->so[m->cur]; }

/* ---- the quiet cycle (speed only) ----
 * A cycle in which the port's only work is its control channel's bit each
 * way: the core offers nothing and reads nothing, a plain idle (F = 0, data
 * 0, any C bit) arrives on a link the RX is not inside a packet of, the RX
 * and the input queue hold nothing registered, no control word is applied
 * (the apply cycle, §7.4), built (ph = 0, §5.2) or checked (a PRESYNC or SYNC
 * boundary, §5.3; HUNT checks every cycle), and the TX is in NORMAL mode with
 * no replay pending, no trailer due and no timeout firing (§7.5, §7.6). The
 * rules of every block then change only these registers: the serializer's
 * phase, the deframer's shift register and phase, the timer and the link
 * output register (an idle, or a PAD inside a packet, with the cycle's C
 * bit); every event, debit and freed credit is 0 and every state-only
 * output but link_tx stays. quiet_state() is the part of that which depends
 * on registers a quiet cycle leaves alone (computed at each full clock
 * edge); quiet_cycle() the rest. */
static int quiet_state(const lcb_regs *q)
{
    const lcb_tx_regs *t = &q->tx;
    const lcb_rx_regs *r = &q->rx;
    return t->mode == TX_NORMAL && !t->pending && !t->trl && !q->ctl.dlv_valid &&
           q->ctl.state != DF_HUNT && !r->fin && !r->out_valid && !r->st_valid && !r->vp &&
           !r->aft && !q->inq.rd_valid && !q->inq.rd1_valid;
}

static int quiet_cycle(const nr_lcbp *m, const nr_lcbp_in *in)
{
    const lcb_regs *q = lcb_qc(m);
    const lcb_tx_regs *t = &q->tx;
    return m->quiet && !in->tx_valid && !in->rd_en && !in->rd1_en &&
           !(in->link_rx & 0xFFFFFFu & ~(1u << NR_LINK_C_BIT)) && q->ctl.ph != 0 &&
           q->ctl.cph != (unsigned)m->c.w - 1 &&
           !(t->timer == m->c.timeout && !t->down && t->base != t->next_seq);
}

/* The quiet cycle's registers (into m->fq) and tx_ready (§7.3, from
 * tx_phit whether or not it is valid). */
static int quiet_eval(nr_lcbp *m, const nr_lcbp_in *in)
{
    const lcb_conf *c = &m->c;
    const lcb_regs *q = lcb_q(m);
    const lcb_ctl_regs *s = &q->ctl;
    const lcb_tx_regs *t = &q->tx;
    const int bit = c->w - 1 - (int)s->ph; /* §5.2: a bit of the kept word */
    const unsigned cbit = bit >= 16 ? (unsigned)(s->word_pay >> (bit - 16)) & 1u
                                    : (unsigned)(s->word_crc >> bit) & 1u;
    m->fq.ph = (uint8_t)((unsigned)s->ph + 1u == (unsigned)c->w ? 0 : s->ph + 1);
    /* §5.3: the shift, and the phase of PRESYNC or SYNC off a boundary */
    m->fq.sr_pay = ((s->sr_pay << 1) | (uint64_t)(s->sr_crc >> 15)) & c->pay_mask;
    m->fq.sr_crc = (uint16_t)((unsigned)(s->sr_crc << 1) | ((in->link_rx >> NR_LINK_C_BIT) & 1u));
    m->fq.cph = (uint8_t)(s->cph + 1);
    /* §7.6: no timeout, no replay, no ack */
    m->fq.timer = t->base == t->next_seq ? 0 : t->timer < 0xFFFF ? t->timer + 1 : 0xFFFF;
    /* §7.5 sources 4 and 5: a PAD inside a packet, else an idle */
    m->fq.link_tx = (t->in_pkt ? lcb_link(0, 0, (uint32_t)NR_OK_RSVD << NR_EOP_OK_LSB) : 0) |
                    cbit << NR_LINK_C_BIT;
    m->fast = 1;
    m->evaluated = 1;
    m->err_d.count = 0;
    return lcb_tx_ready(c, t, m->so[m->cur].tx_vc_ok, in);
}

static void quiet_tick(nr_lcbp *m)
{
    lcb_regs *q = lcb_q(m);
    q->ctl.ph = m->fq.ph;
    q->ctl.sr_pay = m->fq.sr_pay;
    q->ctl.sr_crc = m->fq.sr_crc;
    q->ctl.cph = m->fq.cph;
    q->tx.timer = m->fq.timer;
    q->tx.link_tx = m->fq.link_tx;
    m->so[m->cur].link_tx = m->fq.link_tx;
    m->fast = 0;
}

const nr_lcbp_out *nr_lcbp_state(const nr_lcbp *m) { return &m->so[m->cur]; }

unsigned nr_lcbp_state_version(const nr_lcbp *m) { return m->ver; }

/* The cycle (eval without its outputs): the next state, its state-only
 * outputs (so[cur ^ 1]) and this cycle's wires in *wi. */
static void eval_core(nr_lcbp *m, const nr_lcbp_in *in_raw, lcb_wires *wi)
{
    const lcb_conf *c = &m->c;
    nr_lcbp_in in = *in_raw;

    in.link_rx &= 0xFFFFFFu;
    in.tx_phit &= 0xFFFFFFu;
    memset(wi, 0, sizeof *wi);
    wi->q_vc_ok = m->so[m->cur].tx_vc_ok;
    wi->q_avail = m->so[m->cur].rd_avail;
    const lcb_regs *q = lcb_q(m);
    lcb_regs *d = lcb_d(m);
    /* d = q, block by block: each copy is a few vector moves, where the
     * whole struct's would be one string move, slow to start */
    d->tx = q->tx;
    d->ctl = q->ctl;
    d->rx = q->rx;
    d->inq = q->inq;
    m->rb_w.we = 0;
    m->iq_w.we = 0;
    m->start_w.we = 0;
    const lcb_tx_files tf = {m->start, &m->start_w};
    m->err_d.count = 0;
    m->err_d.first[0] = 0;

    lcb_ser_eval(c, q, d, wi);
    lcb_tx_eval(c, q, d, m->rb, &tf, &in, wi, &m->rb_w, &m->err_d);
    lcb_deframer_eval(c, q, d, in.link_rx, wi);
    lcb_rx_eval(c, q, d, in.link_rx, wi);
    lcb_inq_eval(c, q, d, m->iq, &in, wi, &m->iq_w, &m->err_d);
    lcb_ctl_fr_eval(c, q, d, wi);

    /* the next state's, for peek after tick */
    m->so_crok[m->cur ^ 1] =
        state_next(c, d, wi, &m->so[m->cur], m->so_crok[m->cur], &m->so[m->cur ^ 1]);
    m->evaluated = 1;
}

void nr_lcbp_eval(nr_lcbp *m, const nr_lcbp_in *in, nr_lcbp_out *out)
{
    lcb_wires wi;
    if (quiet_cycle(m, in)) {
        const int ready = quiet_eval(m, in);
        *out = m->so[m->cur];
        out->tx_ready = ready;
        out->ev = 0;
        out->debit = 0;
        for (int v = 0; v < NR_LCB_MAX_VCS; v++) out->inq_cr[v] = 0;
        return;
    }
    eval_core(m, in, &wi);
    *out = m->so[m->cur];
    out->tx_ready = wi.tx_ready;
    out->ev = wi.ev;
    out->debit = wi.debit;
    for (int v = 0; v < m->c.nvc; v++) out->inq_cr[v] = wi.inq_cr[v];
}

void nr_lcbp_eval_ev(nr_lcbp *m, const nr_lcbp_in *in, uint32_t *ev, int *tx_ready)
{
    lcb_wires wi;
    if (quiet_cycle(m, in)) {
        *tx_ready = quiet_eval(m, in);
        *ev = 0;
        return;
    }
    eval_core(m, in, &wi);
    *ev = wi.ev;
    *tx_ready = wi.tx_ready;
}

void nr_lcbp_tick(nr_lcbp *m)
{
    if (!m->evaluated) {
        nr_errs_add(&m->err, "nr_lcbp_tick without nr_lcbp_eval in this cycle (state kept)");
        return;
    }
    m->evaluated = 0;
    if (m->fast) {
        quiet_tick(m);
        return;
    }
    m->cur ^= 1;
    m->ver++;
    m->quiet = quiet_state(lcb_q(m));
    if (m->rb_w.we) m->rb[m->rb_w.addr] = m->rb_w.data;
    if (m->iq_w.we) m->iq[m->iq_w.addr] = m->iq_w.data;
    if (m->start_w.we) m->start[m->start_w.addr] = m->start_w.data;
    if (m->err_d.count) {
        if (m->err.count == 0) memcpy(m->err.first, m->err_d.first, sizeof m->err.first);
        m->err.count += m->err_d.count;
    }
    m->evaluated = 0;
}

int nr_lcbp_errors(const nr_lcbp *m, char *buf, int buflen)
{
    /* Committed errors, plus those of an eval() not yet ticked. */
    long pending = m->evaluated ? m->err_d.count : 0;
    const char *first = m->err.count ? m->err.first : pending ? m->err_d.first : "";
    if (buf && buflen > 0) snprintf(buf, (size_t)buflen, "%s", first);
    return nr_errs_int(m->err.count + pending);
}
