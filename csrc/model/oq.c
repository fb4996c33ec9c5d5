/* oq.c - the ideal output-queued router (nr_oq.h), written from
 * docs/oq-arch.md; section numbers refer to it.
 *
 * Per input port: the packet being received (its phits so far) and, once
 * its header is complete, its route. Per output port and VC: a FIFO of
 * routed packets, unbounded (§3). A packet joins its output's queue in the
 * cycle after its header is complete, and its phits keep arriving into the
 * same record while it waits or leaves (cut-through). Per output: at most
 * one packet on the wire; a new one starts on the next VC in round robin
 * whose front packet has its HEAD and whose credits are at least MaxPktLen
 * (§4). Everything reads start-of-cycle state in eval; tick commits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mutil.h"
#include "nr_crc.h"
#include "nr_oq.h"
#include "nr_pkt.h"
#include "sw_route.h"

typedef struct oq_pkt {
    uint32_t *ph;
    int len, cap; /* phits received, storage */
    int done;     /* its EOP has arrived */
    int sent;     /* phits sent */
    int vc;       /* output VC */
    int rot;      /* its route phit is rotated on the way out (r = 1, §5) */
    struct oq_pkt *next;
} oq_pkt;

typedef struct {
    oq_pkt *head, *tail;
} oq_fifo;

typedef struct {
    oq_pkt *cur;            /* the packet being received (NULL between packets) */
    int routed;             /* cur has its route (it is in an output queue) */
    int dropping;           /* cur was dropped: its phits are discarded to its EOP */
    int vc;                 /* the VC of the phits being received (the last HEAD's) */
    int cr[NR_LCB_MAX_VCS]; /* phits taken per VC this cycle: credits out next cycle */
} oq_in;

struct nr_oq {
    nr_oq_params p;
    int n, nv, nbits;
    oq_in in[NR_MAX_PORTS];
    oq_fifo q[NR_MAX_PORTS][NR_LCB_MAX_VCS];
    oq_pkt *on[NR_MAX_PORTS]; /* the packet on each output's wire */
    int rr[NR_MAX_PORTS];     /* next VC to look at first */
    int cr[NR_MAX_PORTS][NR_LCB_MAX_VCS];
    nr_route_tables tab[NR_MAX_PORTS];
    int ad_ptr[NR_MAX_PORTS];
    /* decided in eval, committed at tick */
    int d_route[NR_MAX_PORTS]; /* >= 0: input's packet routed to this output; -1 none; -2 drop */
    int d_reason[NR_MAX_PORTS];
    int d_adapt[NR_MAX_PORTS]; /* the logical port an adaptive choice took, or -1 */
    int d_vc[NR_MAX_PORTS];
    int d_start[NR_MAX_PORTS]; /* output: VC whose front packet starts, -1 */
    nr_route_cfgw d_cfg;
    nr_rtr_in last_in;
    nr_errs errs;
};

int nr_oq_check(const nr_oq_params *p, char *err, int errlen)
{
    if (!p) NR_BAD("nr_oq: NULL parameters");
    if (p->num_ports < 2 || p->num_ports > NR_MAX_PORTS)
        NR_BAD("NumPorts = %d: must be 2..%d", p->num_ports, NR_MAX_PORTS);
    if (nr_port_params_check(&p->port, err, errlen)) return -1;
    if (p->port.use_lcb)
        NR_BAD("UseLcb = 1: the ideal output-queued router has bare ports only (§2)");
    return 0;
}

static void pkt_free(oq_pkt *k)
{
    if (!k) return;
    free(k->ph);
    free(k);
}

void nr_oq_free(nr_oq *m)
{
    if (!m) return;
    /* every routed packet is in one queue until it has left (an output's
     * wire packet is its queue's front); an input's unrouted one is its own */
    for (int p = 0; p < m->n; p++) {
        for (int v = 0; v < m->nv; v++)
            for (oq_pkt *k = m->q[p][v].head, *nx; k; k = nx) nx = k->next, pkt_free(k);
        if (m->in[p].cur && !m->in[p].routed) pkt_free(m->in[p].cur);
    }
    free(m);
}

nr_oq *nr_oq_new(const nr_oq_params *p, const nr_lcb_cfg *lcfg, char *err, int errlen)
{
    (void)lcfg;
    if (nr_oq_check(p, err, errlen)) return NULL;
    nr_oq *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, (size_t)errlen, "nr_oq: out of memory");
        return NULL;
    }
    m->p = *p;
    m->n = p->num_ports;
    m->nv = p->port.num_vcs;
    while ((1 << m->nbits) < m->n) m->nbits++;
    for (int q = 0; q < m->n; q++) {
        nr_route_reset(&m->tab[q], m->n);
        for (int v = 0; v < m->nv; v++) m->cr[q][v] = p->port.in_buf_per_vc;
    }
    return m;
}

/* Header phits a packet whose head is h needs before it can be routed. */
static int hdr_len(uint32_t h) { return 1 + (int)nr_head_r(h) + (int)nr_head_h(h); }
/* Packet k's header: 1 complete, 0 not yet, -1 its EOP is inside it. */
static int hdr_state(const oq_pkt *k)
{
    const int n = hdr_len(k->ph[0]);
    for (int i = 0; i < n && i < k->len; i++)
        if (sw_is_eop(k->ph[i])) return -1;
    return k->len >= n ? 1 : 0;
}

/* §5: the route of input p's packet, whose header is complete (-2: drop,
 * with the reason in *reason). */
static int route_of(const nr_oq *m, int p, const oq_pkt *k, int *vc, int *reason, int *adapt)
{
    const uint32_t h = k->ph[0];
    const int r = (int)nr_head_r(h), hh = (int)nr_head_h(h);
    nr_route_ctx c = {m->n, m->nbits, m->nv, 1, p, m->p.port.in_buf_per_vc, 0, 0};
    nr_route_res res = nr_route_fb(&m->tab[p], &c, h, r ? k->ph[1] : 0, hh ? k->ph[1 + r] : 0, NULL,
                                   m->ad_ptr[p], NULL);
    *reason = res.reason;
    *vc = res.w;
    *adapt = res.adapt_l;
    return res.drop ? -2 : res.q;
}

/* The phit of packet k that leaves next, as it leaves (§5: the head's VC,
 * the route phit rotated, the EOP's packet CRC repaired for both). */
static uint32_t out_phit(const oq_pkt *k)
{
    const int i = k->sent;
    uint32_t ph = k->ph[i];
    if (i == 0) return nr_head_set_vc(ph, (unsigned)k->vc);
    if (i == 1 && k->rot) return nr_route_rotate(ph);
    if (i == k->len - 1 && k->done && (k->rot || nr_head_vc(k->ph[0]) != (unsigned)k->vc)) {
        uint32_t *t = malloc(sizeof *t * (size_t)k->len);
        if (!t) return ph; /* out of memory: the CRC stays as received */
        memcpy(t, k->ph, sizeof *t * (size_t)k->len);
        t[0] = nr_head_set_vc(t[0], (unsigned)k->vc);
        if (k->rot) t[1] = nr_route_rotate(t[1]);
        nr_pkt_fix_crc(t, k->len);
        ph = t[k->len - 1];
        free(t);
    }
    return ph;
}

static void oq_eval(void *h, const nr_rtr_in *in, nr_rtr_out *out)
{
    nr_oq *m = h;
    memset(out, 0, sizeof *out);
    m->last_in = *in;
    nr_route_cfg_latch(&m->d_cfg, in, m->n, 0, 0, out->tev);
    for (int p = 0; p < m->n; p++) {
        /* inputs: credits of last cycle's phits; a complete header is routed */
        for (int v = 0; v < m->nv; v++) out->in_cr[p][v] = (uint32_t)m->in[p].cr[v];
        const oq_in *u = &m->in[p];
        const oq_pkt *c = u->cur;
        m->d_route[p] = -1;
        m->d_adapt[p] = -1;
        if (c && !u->routed && !u->dropping) {
            if (!sw_is_head(c->ph[0])) { /* stray phits (§3) */
                m->d_route[p] = -2;
                m->d_reason[p] = NR_DROP_MALFORMED;
            } else if (hdr_state(c) > 0) {
                m->d_route[p] = route_of(m, p, c, &m->d_vc[p], &m->d_reason[p], &m->d_adapt[p]);
            } else if (hdr_state(c) < 0) { /* its EOP inside its header */
                m->d_route[p] = -2;
                m->d_reason[p] = NR_DROP_SHORT;
            }
            if (m->d_route[p] == -2)
                out->tev[p] |=
                    (1u << NR_TEV_RT_DROP) | ((uint32_t)m->d_reason[p] << NR_TEV_REASON_LSB);
        }
        /* outputs: the packet on the wire, or a new one (§4) */
        m->d_start[p] = -1;
        const oq_pkt *k = m->on[p];
        if (!k)
            for (int i = 0; i < m->nv; i++) {
                const int v = (m->rr[p] + i) % m->nv;
                if (m->q[p][v].head && m->cr[p][v] >= m->p.port.max_pkt_len) {
                    m->d_start[p] = v;
                    k = m->q[p][v].head;
                    break;
                }
            }
        if (k && k->sent < k->len) {
            out->out_valid[p] = 1;
            out->out_phit[p] = out_phit(k);
        }
    }
}

static int pkt_push(oq_pkt *k, uint32_t ph)
{
    if (k->len == k->cap) {
        int cap = k->cap ? 2 * k->cap : 32;
        uint32_t *n = realloc(k->ph, sizeof *n * (size_t)cap);
        if (!n) return -1;
        k->ph = n;
        k->cap = cap;
    }
    k->ph[k->len++] = ph;
    return 0;
}

/* The packet input p is receiving is finished with (routed and complete,
 * or dropped and complete). */
static void in_done(oq_in *u)
{
    if (!u->routed) pkt_free(u->cur);
    u->cur = NULL;
    u->routed = u->dropping = 0;
}

/* Input p takes phit ph (§3): a HEAD starts a packet on its VC; phits
 * outside a packet are a stray packet of their own to their EOP, dropped
 * MALFORMED. Its credit returns next cycle: the phit leaves the input
 * queue at once. */
static void in_take(nr_oq *m, int p, uint32_t ph)
{
    oq_in *u = &m->in[p];
    if (sw_is_head(ph)) {
        if (u->cur) { /* a HEAD inside a packet ends it where it is */
            if (u->routed) u->cur->done = 1;
            in_done(u);
        }
        u->vc = (int)nr_head_vc(ph) % m->nv;
    }
    u->cr[u->vc]++;
    if (!u->cur && !(u->cur = calloc(1, sizeof *u->cur))) {
        nr_errs_add(&m->errs, "input %d: out of memory", p);
        return;
    }
    if (!u->dropping && pkt_push(u->cur, ph)) nr_errs_add(&m->errs, "input %d: out of memory", p);
    if (sw_is_eop(ph)) {
        u->cur->done = 1;
        if (u->routed || u->dropping) in_done(u);
    }
}

static void oq_tick(void *h)
{
    nr_oq *m = h;
    const nr_rtr_in *in = &m->last_in;
    for (int p = 0; p < m->n; p++) {
        /* the wire: one phit left; the packet leaves its queue once all of
         * it has (its EOP, or its last phit before a HEAD cut it, §3) */
        oq_pkt *k = m->on[p];
        if (m->d_start[p] >= 0) {
            k = m->on[p] = m->q[p][m->d_start[p]].head;
            m->rr[p] = (m->d_start[p] + 1) % m->nv;
        }
        if (k && k->sent < k->len) {
            m->cr[p][k->vc]--;
            k->sent++;
        }
        if (k && k->sent == k->len && k->done) {
            oq_fifo *f = &m->q[p][k->vc];
            f->head = k->next;
            if (!f->head) f->tail = NULL;
            m->on[p] = NULL;
            pkt_free(k);
        }
        for (int v = 0; v < m->nv; v++) m->cr[p][v] += (int)in->out_cr[p][v];
    }
    for (int p = 0; p < m->n; p++) {
        oq_in *u = &m->in[p];
        memset(u->cr, 0, sizeof u->cr);
        /* the route decided this cycle; an adaptive choice moves the
         * input's pointer past the candidate it took (§4) */
        if (m->d_adapt[p] >= 0) m->ad_ptr[p] = (m->d_adapt[p] + 1) % m->n;
        if (m->d_route[p] == -2) {
            u->dropping = 1;
            if (u->cur->done) in_done(u);
        } else if (m->d_route[p] >= 0) {
            oq_pkt *k = u->cur;
            k->vc = m->d_vc[p];
            k->rot = (int)nr_head_r(k->ph[0]);
            oq_fifo *f = &m->q[m->d_route[p]][k->vc];
            if (f->tail)
                f->tail->next = k;
            else
                f->head = k;
            f->tail = k;
            u->routed = 1;
            if (k->done) in_done(u);
        }
        if (in->in_valid[p]) in_take(m, p, in->in_phit[p]);
    }
    if (m->d_cfg.we)
        for (int i = m->d_cfg.lo; i <= m->d_cfg.hi; i++)
            nr_route_cfg_write(&m->tab[i], m->n, m->d_cfg.addr, m->d_cfg.wdata);
}

static int oq_errors(void *h, char *buf, int buflen)
{
    nr_oq *m = h;
    if (buflen > 0) snprintf(buf, (size_t)buflen, "%s", m->errs.count ? m->errs.first : "");
    return m->errs.count;
}
static void oq_free(void *h) { nr_oq_free(h); }

nr_rtr nr_oq_rtr(nr_oq *m)
{
    static const nr_rtr_ops ops = {"oq-model", oq_eval, oq_tick, oq_errors,
                                   oq_free,    NULL,    NULL,    NULL};
    nr_rtr r = {&ops, m};
    return r;
}
