/* inq.c - the input queue of the LCB port model (doc §8.4), with the
 * optional second read port (rd1_en/rd1_vc; unused when 0).
 *
 * Per VC a circular region of BufPerVc entries in one RAM, kept by the
 * shared per-VC leaf nr_inq_vc (inq_vc.h, also the bare router port's).
 *
 * Order within a cycle (doc): the read is processed first from start-of-cycle
 * values, giving rd', done', pend', dep'; the write (last cycle's RX output)
 * is processed from those primed values. */
#include "lcb_int.h"
#include "nr_fmt.h"

void lcb_inq_eval(const lcb_conf *c, const lcb_regs *qr, lcb_regs *dr, const uint32_t *iq,
                  const nr_lcbp_in *in, lcb_wires *wi, lcb_ramw *iqw, nr_errs *err)
{
    const inq_regs *q = &qr->inq;
    inq_regs *n = &dr->inq;
    const lcb_rx_regs *rx = &qr->rx; /* the RX output register */

    /* ---- reads (rd_en, rd_vc; second port rd1_en, rd1_vc): data on
     * rd_valid/rd_phit (rd1_valid/rd1_phit) next cycle. The two ports name
     * different VCs, so each VC is read at most once and both reads are
     * processed from start-of-cycle values ("Second read port"). ---- */
    n->rd_valid = 0;
    n->rd_phit = 0;
    n->rd1_valid = 0;
    n->rd1_phit = 0;
    for (int k = 0; k < 2; k++) {
        if (!(k ? in->rd1_en : in->rd_en)) continue;
        int v = k ? in->rd1_vc : in->rd_vc;
        if (v < 0 || v >= c->nvc) {
            nr_errs_add(err, "inq: read port %d: read of VC %d, NumVcs is %d", k, v, c->nvc);
        } else if (!((wi->q_avail >> v) & 1u)) { /* lcb_inq_avail(c, q) */
            nr_errs_add(err, "inq: read port %d: read of VC %d while rd_avail is 0", k, v);
        } else if (k && in->rd_en && in->rd_vc == v) {
            nr_errs_add(err, "inq: both read ports read VC %d in one cycle", v);
        } else {
            unsigned cr;
            int idx = nr_inq_vc_read(&n->vc[v], c->buf, &cr);
            uint32_t ph = idx < 0 ? NR_INQ_ABORT_EOP : iq[(unsigned)v * c->buf + (unsigned)idx];
            wi->inq_touch |= 1u << v;
            wi->inq_cr[v] += cr;
            if (k) {
                n->rd1_valid = 1;
                n->rd1_phit = ph;
            } else {
                n->rd_valid = 1;
                n->rd_phit = ph;
            }
        }
    }

    /* ---- write: last cycle's RX output, from the primed values. A packet
     * good on the link overflows only after the sender took an undetected
     * wrong control word (link-protocol 7.4): legal, counted (INQ_OVF), not
     * a model error; the testbench accounts for it. ---- */
    if (!rx->out_valid) return;
    int v = rx->out_vc;
    unsigned widx = 0, cr;
    wi->inq_touch |= 1u << v;
    unsigned r = nr_inq_vc_write(&n->vc[v], c->buf, lcb_kind(rx->out_phit), rx->out_bad,
                                 lcb_inq_occ(c, &q->vc[v]), &widx, &cr);
    wi->inq_cr[v] += cr;
    if (r & NR_INQ_VC_REWIND) wi->ev |= 1u << NR_EV_INQ_REWIND;
    if (r & NR_INQ_VC_OVF) wi->ev |= 1u << NR_EV_INQ_OVF;
    if (r & NR_INQ_VC_STORE) {
        iqw->we = 1;
        iqw->addr = (unsigned)v * c->buf + widx;
        iqw->data = rx->out_phit;
    }
}
