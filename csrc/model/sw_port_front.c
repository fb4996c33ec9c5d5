/* sw_port_front.c - the port front ends of a switch (swparts.h: nr_port_front), and the
 * error count of a router model that has them (nr_router_errors). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sw_port_front.h"
#include "lcb_view.h"

int nr_port_front_init(nr_port_front *f, int n, const nr_lcb_params *lp, const nr_lcb_cfg *lcfg,
                       int nvc, int buf, int max_pkt, char *err, int errlen)
{
    memset(f, 0, sizeof *f);
    f->n = n;
    f->nvc = nvc;
    if (lp) {
        f->lcb = calloc((size_t)n, sizeof *f->lcb);
        f->seen = malloc((size_t)n * sizeof *f->seen);
        if (!f->lcb || !f->seen) goto nomem;
        for (int i = 0; i < n; i++) {
            if (!(f->lcb[i] = nr_lcbp_new(lp, lcfg, err, errlen)))
                return -1;                                     /* the LCB wrote the message */
            f->seen[i] = nr_lcbp_state_version(f->lcb[i]) - 1; /* none taken yet */
        }
        return 0;
    }
    f->bp = calloc((size_t)n, sizeof *f->bp);
    if (!f->bp) goto nomem;
    for (int i = 0; i < n; i++)
        if (nr_port_bare_init(&f->bp[i], nvc, buf, max_pkt)) goto nomem;
    return 0;
nomem:
    if (err && errlen > 0) snprintf(err, (size_t)errlen, "out of memory");
    return -1;
}

void nr_port_front_release(nr_port_front *f)
{
    if (f->lcb)
        for (int i = 0; i < f->n; i++) nr_lcbp_free(f->lcb[i]);
    if (f->bp)
        for (int i = 0; i < f->n; i++) nr_port_bare_release(&f->bp[i]);
    free(f->lcb);
    free(f->seen);
    free(f->bp);
    memset(f, 0, sizeof *f);
}

void nr_port_front_view(nr_port_front *f, int p, nr_pview *pv)
{
    if (f->lcb) {
        const nr_lcbp_out *lo = nr_lcbp_state(f->lcb[p]); /* nr_lcbp_peek, in place */
        f->seen[p] = nr_lcbp_state_version(f->lcb[p]);
        pv->rd_avail = lo->rd_avail;
        pv->vc_ok = lo->tx_vc_ok;
        pv->rd_valid[0] = lo->rd_valid;
        pv->rd_phit[0] = lo->rd_phit;
        pv->rd_valid[1] = lo->rd1_valid;
        pv->rd_phit[1] = lo->rd1_phit;
        for (int v = 0; v < f->nvc; v++) pv->cr[v] = (int)lo->credits[v];
    } else {
        const nr_port_bare *b = &f->bp[p];
        pv->rd_avail = nr_port_bare_rd_avail(b);
        pv->vc_ok = nr_port_bare_vc_ok(b);
        for (int k = 0; k < 2; k++) {
            pv->rd_valid[k] = b->rd_valid[k];
            pv->rd_phit[k] = b->rd_phit[k];
        }
        memcpy(pv->cr, b->cnt, sizeof pv->cr); /* the VCs above nvc: 0 in both */
    }
}

int nr_port_front_moved(const nr_port_front *f, int p)
{
    return f->seen[p] != nr_lcbp_state_version(f->lcb[p]);
}

int nr_port_front_eval(nr_port_front *f, int p, const int8_t *d_rd, int tx_valid, uint32_t tx_phit,
                       const nr_rtr_in *in, nr_rtr_out *out, char *msg, int msglen)
{
    if (f->lcb) {
        nr_lcbp_in li = {.link_rx = in->link_rx[p],
                         .tx_valid = tx_valid,
                         .tx_phit = tx_phit,
                         .rd_en = d_rd[0] >= 0,
                         .rd_vc = d_rd[0] >= 0 ? d_rd[0] : 0,
                         .rd1_en = d_rd[1] >= 0,
                         .rd1_vc = d_rd[1] >= 0 ? d_rd[1] : 0};
        const nr_lcbp_out *st = nr_lcbp_state(f->lcb[p]); /* the registered outputs */
        int tx_ready;
        out->link_tx[p] = st->link_tx;
        out->link_down[p] = st->link_down;
        nr_lcbp_eval_ev(f->lcb[p], &li, &out->ev[p], &tx_ready);
        out->core_tx[p] = tx_valid && tx_ready ? 1u << 31 | tx_phit : 0;
        if (tx_valid && !tx_ready) {
            snprintf(msg, (size_t)msglen, "LCB did not take phit 0x%06x", tx_phit);
            return 1;
        }
        return 0;
    }
    nr_port_bare *bp = &f->bp[p];
    int bad = nr_port_bare_eval(bp, d_rd, in->in_valid[p], in->in_phit[p], tx_valid, tx_phit,
                                in->out_cr[p], msg, msglen);
    out->out_valid[p] = tx_valid;
    out->out_phit[p] = tx_phit;
    memcpy(out->in_cr[p], bp->d_cr, sizeof bp->d_cr); /* the VCs above nvc: 0 in both */
    return bad ? 2 : 0;
}

int nr_port_front_tick(nr_port_front *f)
{
    return nr_port_front_tick_mask(f, f->n >= 64 ? ~0ull : (1ull << f->n) - 1);
}

int nr_port_front_tick_mask(nr_port_front *f, uint64_t m)
{
    int bad = -1;
    for (; m; m &= m - 1) {
        const int p = __builtin_ctzll(m);
        if (f->lcb)
            nr_lcbp_tick(f->lcb[p]);
        else if (nr_port_bare_commit(&f->bp[p]) && bad < 0)
            bad = p;
    }
    return bad;
}

long nr_port_front_errors(const nr_port_front *f, char *buf, int buflen)
{
    long total = 0;
    char lbuf[200];
    for (int p = 0; f->lcb && p < f->n; p++) {
        int e = nr_lcbp_errors(f->lcb[p], lbuf, (int)sizeof lbuf);
        if (e && total == 0 && buf && buflen > 0 && !buf[0])
            snprintf(buf, (size_t)buflen, "port %d LCB: %s", p, lbuf);
        total += e;
    }
    return total;
}

int nr_router_errors(const nr_errs *e, const nr_port_front *f, char *buf, int buflen)
{
    if (buf && buflen > 0) snprintf(buf, (size_t)buflen, "%s", e->count ? e->first : "");
    return nr_errs_int(e->count + nr_port_front_errors(f, buf, buflen));
}
