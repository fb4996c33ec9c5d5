/* lcb_rx.c - the receive side of the LCB model: framing (doc §3), link CRC
 * check (§4), and the per-phit rules (§8.1-8.3). The result is registered in
 * d->rx.out_* and written into the input queue next cycle (inq.c). */
#include "lcb_int.h"
#include "nr_crc.h"
#include "nr_fmt.h"

/* Link phit classes (§3, the normative table with PADs). */
enum { RXC_HEAD, RXC_BODY, RXC_PAD, RXC_EOP, RXC_IDLE };

/* Classify a link phit from F, the framing bit fin and data[21:20]. Pure. */
static int rx_classify(int f, int fin, uint32_t data)
{
    if (f) return fin ? RXC_BODY : RXC_HEAD;
    if (!fin) return RXC_IDLE;
    return ((data >> NR_EOP_OK_LSB) & 3u) == 3u ? RXC_PAD : RXC_EOP;
}

/* §8.3 error rule on (rec, epoch, armed): the first error NACKs (toggles the
 * epoch) and enters recovery; an error right after a marker NACKs again. */
static void rx_error_rule(const lcb_rx_regs *q, lcb_rx_regs *n)
{
    if (!q->rec) {
        n->rec = 1;
        n->epoch = !q->epoch;
    } else if (q->armed) {
        n->epoch = !q->epoch;
    }
    n->armed = 0;
}

/* The TX_ERR EOP that replaces a bad or clipped packet's EOP (§4): the
 * "corrected CRC" over the received head/body data and {TX_ERR, 0000}. */
static uint32_t rx_bad_eop(uint16_t crc)
{
    return lcb_core(NR_KIND_EOP,
                    lcb_eop_data(NR_OK_TX_ERR, 0, nr_crc16_bits(crc, NR_OK_TX_ERR << 4, 6)));
}

/* Forward a core phit: to the output register (§8.1), or with LinkCrcW = 32
 * to the stage in front of it (§8.3, "The trailer"). */
static void rx_forward(const lcb_conf *c, lcb_rx_regs *n, uint32_t core_phit, int vc, int bad)
{
    if (c->crc32) {
        n->st_valid = 1;
        n->st_phit = core_phit;
        n->st_vc = vc;
        n->st_bad = bad;
        return;
    }
    n->out_valid = 1;
    n->out_phit = core_phit;
    n->out_vc = vc;
    n->out_bad = bad;
}

/* §8.3 "The trailer" (LinkCrcW = 32), before the per-phit rules: the output
 * register takes the stage; the phit after an EOP is the trailer if it is an
 * idle-class phit of type 2; a held verdict is decided. Returns 1 if the phit
 * was the trailer (consumed). */
static int rx_trailer(const lcb_rx_regs *q, lcb_rx_regs *n, int f, uint32_t data, lcb_wires *wi)
{
    int trailer =
        q->aft && !f && !q->fin && ((data >> NR_IDLE_TYPE_LSB) & 3u) == NR_IDLE_TYPE_TRAILER;
    n->out_valid = q->st_valid;
    n->out_phit = q->st_phit;
    n->out_vc = q->st_vc;
    n->out_bad = q->st_bad;
    n->st_valid = 0;
    n->st_phit = 0;
    n->st_vc = 0;
    n->st_bad = 0;
    n->aft = 0;
    if (q->vp) {
        int tr_ok = trailer && ((data >> 16) & 15u) == 0 && (data & 0xFFFFu) == q->v_texp;
        int good = q->v_lok && tr_ok && !(q->rec && !q->armed);
        n->vp = 0;
        n->out_valid = 1;
        n->out_phit = good ? q->v_good : q->v_bad;
        n->out_vc = q->v_vc;
        n->out_bad = !good;
        if (good) {
            n->E = (q->E + 1) & LCB_SEQ_MASK;
            n->rec = 0;
            wi->ev |= 1u << NR_EV_RX_OK;
        } else {
            wi->ev |= 1u << NR_EV_RX_CRC;
            rx_error_rule(q, n);
        }
        n->armed = 0;
    }
    return trailer;
}

void lcb_rx_eval(const lcb_conf *c, const lcb_regs *qr, lcb_regs *dr, uint32_t link_rx,
                 lcb_wires *wi)
{
    const lcb_rx_regs *q = &qr->rx;
    lcb_rx_regs *n = &dr->rx;
    lcb_rx_regs post;
    int f = (int)((link_rx >> NR_LINK_F_BIT) & 1u);
    uint32_t data = lcb_data(link_rx);

    if (c->crc32) {
        if (rx_trailer(q, n, f, data, wi)) return;
        post = *n; /* the rules below see the state the verdict left */
        q = &post;
    } else {
        n->out_valid = 0;
        n->out_phit = 0;
        n->out_vc = 0;
        n->out_bad = 0;
    }

    switch (rx_classify(f, q->fin, data)) {
    case RXC_HEAD:
        n->fin = 1;
        if (q->dupl > 0) { /* a duplicate after a marker */
            n->skip = 1;
            n->dupl = q->dupl - 1;
            wi->ev |= 1u << NR_EV_RX_DUP;
            break;
        }
        n->in_pkt = 1;
        n->len = 1;
        n->crc = nr_crc16_bits(NR_CRC16_INIT, data, NR_DATA_W);
        if (c->crc32) n->bcrc = nr_crc16b_bits(NR_LINK_CRC2_INIT, data, NR_DATA_W);
        n->pvc = (int)(((data >> NR_HEAD_VC_LSB) & 3u) % (unsigned)c->nvc);
        rx_forward(c, n, lcb_core(NR_KIND_HEAD, data), n->pvc, 0);
        break;

    case RXC_BODY:
        if (q->skip) break;
        if (q->in_pkt && q->len == c->max_len - 1) { /* clip */
            rx_forward(c, n, rx_bad_eop(q->crc), q->pvc, 1);
            n->in_pkt = 0;
            n->skip = 1;
            wi->ev |= 1u << NR_EV_RX_CLIP;
            rx_error_rule(q, n);
            break;
        }
        n->crc = nr_crc16_bits(q->crc, data, NR_DATA_W);
        if (c->crc32) n->bcrc = nr_crc16b_bits(q->bcrc, data, NR_DATA_W);
        n->len = q->len + 1;
        rx_forward(c, n, lcb_core(NR_KIND_BODY, data), q->pvc, 0);
        break;

    case RXC_PAD:
        if (data & 0xFFFFFu) wi->ev |= 1u << NR_EV_RX_IDLE_BAD;
        break;

    case RXC_EOP: {
        n->fin = 0;
        n->aft = c->crc32;
        if (q->skip) {
            n->skip = 0;
            break;
        }
        uint16_t p = nr_crc16_bits(q->crc, data >> 16, 6);
        uint16_t l = nr_crc16_bits(p, q->E, 7);
        if (c->crc32) { /* the verdict waits for the trailer */
            n->vp = 1;
            n->v_lok = l == (data & 0xFFFFu);
            n->v_texp = nr_crc16b_bits(nr_crc16b_bits(q->bcrc, data >> 16, 6), q->E, 7);
            n->v_good = lcb_core(NR_KIND_EOP, (data & 0x3F0000u) | p);
            n->v_bad = rx_bad_eop(q->crc);
            n->v_vc = q->pvc;
            n->in_pkt = 0;
            break;
        }
        /* in recovery before a marker, every packet is one in flight behind
         * the bad one: refused whatever its CRC (link-protocol 8.3) */
        if (l == (data & 0xFFFFu) && !(q->rec && !q->armed)) {
            rx_forward(c, n, lcb_core(NR_KIND_EOP, (data & 0x3F0000u) | p), q->pvc, 0);
            n->E = (q->E + 1) & LCB_SEQ_MASK;
            n->rec = 0;
            wi->ev |= 1u << NR_EV_RX_OK;
        } else {
            rx_forward(c, n, rx_bad_eop(q->crc), q->pvc, 1);
            wi->ev |= 1u << NR_EV_RX_CRC;
            rx_error_rule(q, n);
        }
        n->in_pkt = 0;
        n->armed = 0;
        break;
    }

    case RXC_IDLE: {
        unsigned type = (data >> NR_IDLE_TYPE_LSB) & 3u;
        unsigned x;
        if (type == NR_IDLE_TYPE_IDLE) {
            if (data != 0) wi->ev |= 1u << NR_EV_RX_IDLE_BAD;
        } else if (type == NR_IDLE_TYPE_REPLAY && lcb_marker_parse(data, &x)) {
            n->dupl = (q->E - x) & LCB_SEQ_MASK;
            n->armed = 1;
            wi->ev |= 1u << NR_EV_RX_MARKER;
        } else {
            wi->ev |= 1u << NR_EV_RX_IDLE_BAD;
        }
        break;
    }
    }
}
