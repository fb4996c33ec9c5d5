/* inq.c - the input queue of the LCB port model (doc §8.4), with the
 * optional second read port (rd1_en/rd1_vc; unused when 0).
 *
 * Per VC a circular region of BufPerVc entries in one RAM. Pointers carry a
 * wrap bit (values 0 .. 2*BufPerVc-1) so that a full region (BufPerVc phits)
 * and an empty one differ; BufPerVc need not be a power of two.
 *
 * Order within a cycle (doc): the read is processed first from start-of-cycle
 * values, giving rd', done', pend', dep'; the write (last cycle's RX output)
 * is processed from those primed values. */
#include "lcb_int.h"
#include "nr_fmt.h"

/* The EOP a reader gets after an abort: {EOP, TX_ERR, 0000, 0x0000}. */
#define INQ_ABORT_EOP (((uint32_t)NR_KIND_EOP << 22) | ((uint32_t)NR_OK_TX_ERR << NR_EOP_OK_LSB))

static unsigned ptr_inc(const lcb_conf *c, unsigned p) { return p + 1 == 2 * c->buf ? 0 : p + 1; }
static unsigned ptr_diff(const lcb_conf *c, unsigned a, unsigned b) { return lcb_inq_ptr_diff(c, a, b); }
static unsigned ptr_index(const lcb_conf *c, int v, unsigned p)
{
    return (unsigned)v * c->buf + (p >= c->buf ? p - c->buf : p);
}

/* Cut the packet being received (bad EOP or overflow): rewind the tail if no
 * phit of it has left, else drop the unread remainder and make the reader's
 * next phit a TX_ERR EOP. Credits of phits already read (pend) are withheld. */
static void inq_cut(inq_vc_regs *s)
{
    if (!s->dep) {
        s->wr = s->pstart;
    } else {
        s->wr = s->rd;
        s->abort = 1;
    }
    s->pend = 0;
    s->cur = 0;
    s->dep = 0;
}

void lcb_inq_eval(const lcb_conf *c, const lcb_regs *qr, lcb_regs *dr, const uint32_t *iq,
                  const nr_lcbp_in *in, lcb_wires *wi, lcb_ramw *iqw, nr_errs *err)
{
    const inq_regs *q = &qr->inq;
    inq_regs *n = &dr->inq;
    const lcb_rx_regs *rx = &qr->rx;      /* the RX output register */

    /* ---- reads (rd_en, rd_vc; second port rd1_en, rd1_vc): data on
     * rd_valid/rd_phit (rd1_valid/rd1_phit) next cycle. The two ports name
     * different VCs, so each VC is read at most once and both reads are
     * processed from start-of-cycle values ("Second read port"). ---- */
    n->rd_valid = 0;
    n->rd_phit = 0;
    n->rd1_valid = 0;
    n->rd1_phit = 0;
    for (int k = 0; k < 2; k++) {
        if (!(k ? in->rd1_en : in->rd_en))
            continue;
        int v = k ? in->rd1_vc : in->rd_vc;
        if (v < 0 || v >= c->nvc) {
            nr_errs_add(err, "inq: read port %d: read of VC %d, NumVcs is %d", k, v, c->nvc);
        } else if (!((wi->q_avail >> v) & 1u)) { /* lcb_inq_avail(c, q) */
            nr_errs_add(err, "inq: read port %d: read of VC %d while rd_avail is 0", k, v);
        } else if (k && in->rd_en && in->rd_vc == v) {
            nr_errs_add(err, "inq: both read ports read VC %d in one cycle", v);
        } else {
            inq_vc_regs *s = &n->vc[v];
            uint32_t ph;
            wi->inq_touch |= 1u << v;
            if (s->abort) {
                s->abort = 0;
                ph = INQ_ABORT_EOP;
            } else {
                ph = iq[ptr_index(c, v, s->rd)];
                s->rd = ptr_inc(c, s->rd);
                if (s->done > 0) {
                    s->done--;
                    wi->inq_cr[v]++;
                } else {
                    s->pend++;
                    s->dep = 1;
                }
            }
            if (k) {
                n->rd1_valid = 1;
                n->rd1_phit = ph;
            } else {
                n->rd_valid = 1;
                n->rd_phit = ph;
            }
        }
    }

    /* ---- write: last cycle's RX output, from the primed values ---- */
    if (!rx->out_valid)
        return;
    int v = rx->out_vc;
    inq_vc_regs *s = &n->vc[v];
    unsigned k = lcb_kind(rx->out_phit);
    wi->inq_touch |= 1u << v;
    if (q->ovf) {                         /* dropping an overflowed packet */
        /* A packet good on the link overflows only after the sender took an
         * undetected wrong control word (link-protocol 7.4): legal, counted
         * (INQ_OVF), not a model error; the testbench accounts for it. */
        if (k == NR_KIND_EOP)
            n->ovf = 0;
        return;
    }
    /* A packet starts with its HEAD, or with any phit written while none is
     * being received (doc §8.4; behind the RX always the HEAD). */
    const int starts = k == NR_KIND_HEAD || !s->cur;
    if (starts) {
        s->pstart = s->wr;
        s->cur = 1;
        s->dep = 0;
        s->pend = 0;
    }
    if (k == NR_KIND_EOP) {
        if (starts && lcb_inq_occ(c, &q->vc[v]) >= c->buf) {
            /* a packet of one with no free entry before the read: cut, and
             * nothing left of it to drop (ovf stays 0) */
            inq_cut(s);
            wi->ev |= (1u << NR_EV_INQ_REWIND) | (1u << NR_EV_INQ_OVF);
        } else if (!rx->out_bad) {
            s->done += ptr_diff(c, s->wr, s->pstart) + 1 - s->pend;
            wi->inq_cr[v] += s->pend;
            s->pend = 0;
            s->cur = 0;
            iqw->we = 1;
            iqw->addr = ptr_index(c, v, s->wr);
            iqw->data = rx->out_phit;
            s->wr = ptr_inc(c, s->wr);
        } else {
            inq_cut(s);                   /* tail rewind or abort */
            wi->ev |= 1u << NR_EV_INQ_REWIND;
        }
        return;
    }
    if (lcb_inq_occ(c, s) >= c->buf - 1) { /* overflow: keep one entry for the EOP */
        inq_cut(s);
        n->ovf = 1;
        wi->ev |= (1u << NR_EV_INQ_REWIND) | (1u << NR_EV_INQ_OVF);
        return;
    }
    iqw->we = 1;
    iqw->addr = ptr_index(c, v, s->wr);
    iqw->data = rx->out_phit;
    s->wr = ptr_inc(c, s->wr);
}
