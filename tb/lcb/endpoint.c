/* endpoint.c - traffic source and input-queue sink of one LCB port.
 * See endpoint.h. */
#include "endpoint.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/rrpick.h"
#include "nr_crc.h"
#include "nr_pkt.h"
#include "nr_rng.h"
#include "nr_src.h"

#define LCB_PKT_CAP (NR_PKT_LEN_LIMIT + 8)
#define RNG_P_BUILD (NR_RNG_P_USER + 0) /* packet details: dest, r/a/h, faults */
#define RNG_P_JUNK (NR_RNG_P_USER + 1)  /* don't-care inputs */

enum { K_NORMAL, K_SOFT_PCRC, K_SOFT_OK3, K_SOFT_KERR, K_PROTO_BADVC, K_PROTO_LONG };

typedef struct {
    int valid;
    int kind;
    int stray; /* offer one stray phit before the HEAD */
    uint32_t stray_phit;
    int vc; /* source queue */
    int len;
    uint32_t ph[LCB_PKT_CAP];
    int reg_len; /* what the scoreboard expects (0: nothing) */
    uint32_t reg[LCB_PKT_CAP];
    uint64_t gen_cycle;
} pkt_t;

typedef struct {
    nr_inj_pkt_t *e;
    size_t cap, head, n;
} vq_t;

/* FIFO of RX_OK records per VC */
typedef struct {
    lcb_acc_rec *e;
    size_t cap, head, n;
} aq_t;

/* The packets this source handed to its TX (TX_PKT order), kept until the
 * peer's sink has read them: index = TX_PKT number. */
#define SENT_RING 65536
typedef struct {
    uint64_t idx;
    int len;
    uint32_t *ph;
} sent_t;

struct lcb_ep {
    lcb_ep_cfg cfg;
    nr_lcb_params p;
    nr_lcb_cfg c;
    int node, peer, nv;
    nr_sb_t *sb;
    nr_stats_t *st_;
    lcb_check *chk;
    nr_inj_t inj;
    nr_rng_t rs, rb, rk, rj; /* source timing, build details, sink, junk */
    vq_t q[NR_LCB_MAX_VCS];
    pkt_t st[NR_LCB_MAX_VCS]; /* staged: built from the queue front, HEAD not yet taken */
    pkt_t cur;                /* being sent */
    int mid, idx;             /* inside cur, next phit index */
    int offer;                /* 0 none, 1 stray, 2 head, 3 body */
    int offer_vc, offer_probe;
    int src_rr, snk_rr;
    /* sink */
    int prev_rd; /* VC read last cycle, -1 none */
    int stall;
    int drain;
    uint32_t rbuf[NR_LCB_MAX_VCS][LCB_PKT_CAP];
    uint8_t rwin[NR_LCB_MAX_VCS][LCB_PKT_CAP]; /* phit was read inside the window */
    int rlen[NR_LCB_MAX_VCS];
    int64_t win_from, win_to;
    aq_t acc[NR_LCB_MAX_VCS];
    sent_t *sent; /* SENT_RING entries */
    lcb_ep *peer_ep;
    int esc_fatal;
    lcb_ep_stats s;
};

/* RING_PUSH(NAME, QT, ET): static int NAME(QT *q, const ET *x) appends *x to
 * the ring q (fields e, head, n, cap), doubling it (64 at first) and
 * unrolling it to start at 0 when full; 0, or -1 without memory. */
#define RING_PUSH(NAME, QT, ET)                                                                    \
    static int NAME(QT *q, const ET *x)                                                            \
    {                                                                                              \
        if (q->n == q->cap) {                                                                      \
            size_t nc = q->cap ? 2 * q->cap : 64;                                                  \
            ET *ne = malloc(nc * sizeof *ne);                                                      \
            if (!ne) return -1;                                                                    \
            for (size_t i = 0; i < q->n; i++) ne[i] = q->e[(q->head + i) % q->cap];                \
            free(q->e);                                                                            \
            q->e = ne;                                                                             \
            q->cap = nc;                                                                           \
            q->head = 0;                                                                           \
        }                                                                                          \
        q->e[(q->head + q->n) % q->cap] = *x;                                                      \
        q->n++;                                                                                    \
        return 0;                                                                                  \
    }
RING_PUSH(vq_push, vq_t, nr_inj_pkt_t)
RING_PUSH(aq_push, aq_t, lcb_acc_rec)

static const nr_inj_pkt_t *vq_front(const vq_t *q) { return q->n ? &q->e[q->head] : NULL; }
static void vq_pop(vq_t *q)
{
    q->head = (q->head + 1) % q->cap;
    q->n--;
}

int lcb_ep_port_of(void *ctx, unsigned dest)
{
    (void)ctx;
    return (int)(dest & 1u);
}

lcb_ep *lcb_ep_new(const lcb_ep_cfg *cfg, const nr_lcb_params *p, const nr_lcb_cfg *c, int node,
                   uint64_t seed, nr_sb_t *sb, nr_stats_t *st, lcb_check *chk, char *err,
                   int errlen)
{
    lcb_ep *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    e->cfg = *cfg;
    e->p = *p;
    e->c = *c;
    e->node = node;
    e->peer = node ^ 1;
    e->nv = p->num_vcs;
    e->sb = sb;
    e->st_ = st;
    e->chk = chk;
    e->prev_rd = -1;
    e->win_from = 0;
    e->win_to = INT64_MAX;
    if (e->cfg.ndest < 1) e->cfg.ndest = 1;
    nr_inj_cfg_t ic = cfg->inj;
    ic.len.num_vcs = p->num_vcs;
    e->sent = calloc(SENT_RING, sizeof *e->sent);
    if (!e->sent) {
        free(e);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (nr_inj_init(&e->inj, &ic, seed, node, err, (size_t)errlen)) {
        free(e->sent);
        free(e);
        return NULL;
    }
    nr_rng_stream(&e->rs, seed, NR_RNG_STREAM(NR_RNG_P_IDLE, node));
    nr_rng_stream(&e->rb, seed, NR_RNG_STREAM(RNG_P_BUILD, node));
    nr_rng_stream(&e->rk, seed, NR_RNG_STREAM(NR_RNG_P_BACKPRESSURE, node));
    nr_rng_stream(&e->rj, seed, NR_RNG_STREAM(RNG_P_JUNK, node));
    return e;
}

void lcb_ep_free(lcb_ep *e)
{
    if (!e) return;
    nr_inj_free(&e->inj);
    for (int v = 0; v < NR_LCB_MAX_VCS; v++) {
        free(e->q[v].e);
        free(e->acc[v].e);
    }
    for (int i = 0; i < SENT_RING; i++) free(e->sent[i].ph);
    free(e->sent);
    free(e);
}

void lcb_ep_set_peer(lcb_ep *e, lcb_ep *peer) { e->peer_ep = peer; }
void lcb_ep_escapes_fatal(lcb_ep *e, int fatal) { e->esc_fatal = fatal; }

void lcb_ep_accepted(lcb_ep *e, int vc, const lcb_acc_rec *r)
{
    if (aq_push(&e->acc[vc], r)) lcb_fail(e->chk, r->cycle, "out of memory (oracle)");
}

uint64_t lcb_ep_acc_damaged(const lcb_ep *e)
{
    uint64_t n = 0;
    for (int v = 0; v < NR_LCB_MAX_VCS; v++)
        for (size_t i = 0; i < e->acc[v].n; i++)
            n += e->acc[v].e[(e->acc[v].head + i) % e->acc[v].cap].damaged != 0;
    return n;
}

uint64_t lcb_ep_acc_pending(const lcb_ep *e)
{
    uint64_t n = 0;
    for (int v = 0; v < NR_LCB_MAX_VCS; v++) n += e->acc[v].n;
    return n;
}

/* Remember packet number idx (TX_PKT order) of this source. */
static void sent_put(lcb_ep *e, uint64_t idx, const uint32_t *ph, int len, int64_t t)
{
    sent_t *s = &e->sent[idx % SENT_RING];
    if (s->ph) {
        lcb_fail(e->chk, t, "node %d: more than %d packets in flight (oracle ring)", e->node,
                 SENT_RING);
        free(s->ph);
    }
    s->ph = malloc((size_t)len * sizeof *ph);
    if (!s->ph) {
        lcb_fail(e->chk, t, "out of memory (oracle)");
        return;
    }
    memcpy(s->ph, ph, (size_t)len * sizeof *ph);
    s->len = len;
    s->idx = idx;
}

static const sent_t *sent_get(const lcb_ep *e, uint64_t idx)
{
    const sent_t *s = &e->sent[idx % SENT_RING];
    return s->ph && s->idx == idx ? s : NULL;
}

static void sent_drop(lcb_ep *e, uint64_t idx)
{
    sent_t *s = &e->sent[idx % SENT_RING];
    if (s->ph && s->idx == idx) {
        free(s->ph);
        s->ph = NULL;
    }
}

int lcb_ep_cut(lcb_ep *e, const lcb_acc_rec *r, int64_t t, int *vc, int *len)
{
    const sent_t *sp = e->peer_ep ? sent_get(e->peer_ep, r->c) : NULL;
    if (!sp) {
        lcb_fail(e->chk, t,
                 "node %d: packet #%" PRIu64 ", cut by the input queue, was never sent "
                 "by the peer's source (testbench bug)",
                 e->node, r->c);
        return -1;
    }
    *vc = (int)nr_head_vc(sp->ph[0]) % e->nv;
    *len = sp->len;
    nr_sb_cut(e->sb, sp->ph, sp->len, (uint64_t)t);
    e->s.cut++;
    sent_drop(e->peer_ep, r->c);
    return 0;
}

void lcb_ep_window(lcb_ep *e, int64_t from, int64_t to)
{
    e->win_from = from;
    e->win_to = to;
}
void lcb_ep_drain(lcb_ep *e)
{
    e->drain = 1;
    e->stall = 0;
}
const lcb_ep_stats *lcb_ep_get_stats(const lcb_ep *e) { return &e->s; }

uint64_t lcb_ep_backlog(const lcb_ep *e)
{
    uint64_t n = 0;
    for (int v = 0; v < e->nv; v++) n += e->q[v].n;
    return n;
}

int lcb_ep_pending(const lcb_ep *e) { return e->mid || lcb_ep_backlog(e) > 0; }

/* Build the packet at the front of VC v's source queue into st[v]. */
static void stage(lcb_ep *e, int v, int64_t t)
{
    pkt_t *k = &e->st[v];
    const nr_inj_pkt_t *q = vq_front(&e->q[v]);
    char err[300];
    memset(k, 0, offsetof(pkt_t, ph));
    k->reg_len = 0;
    k->valid = 1;
    k->vc = v;
    k->gen_cycle = q->gen_cycle;
    nr_pkt_desc_t d;
    memset(&d, 0, sizeof d);
    d.src = (unsigned)e->node;
    d.dest = (unsigned)(e->peer + 2 * (int)nr_rng_below(&e->rb, (uint64_t)e->cfg.ndest));
    d.vc = (unsigned)v;
    d.len = q->len;
    /* fault choice */
    double u = nr_rng_double(&e->rb);
    int kind = K_NORMAL, stray = 0;
    if (u < e->cfg.soft) {
        kind = K_SOFT_PCRC + (int)nr_rng_below(&e->rb, 3);
    } else if (u < e->cfg.soft + e->cfg.proto) {
        int w = (int)nr_rng_below(&e->rb, 3);
        int long_ok =
            (int)e->c.max_len == e->p.max_pkt_len && e->p.max_pkt_len + 8 <= NR_PKT_LEN_LIMIT;
        if (w == 1 && e->nv < 4)
            kind = K_PROTO_BADVC;
        else if (w == 2 && long_ok)
            kind = K_PROTO_LONG;
        else
            stray = 1;
    }
    if (kind == K_PROTO_LONG) d.len = e->p.max_pkt_len + 1 + (int)nr_rng_below(&e->rb, 8);
    if (kind == K_PROTO_BADVC)
        d.vc = (unsigned)(e->nv + (int)nr_rng_below(&e->rb, (uint64_t)(4 - e->nv)));
    if (e->cfg.rah) {
        d.a = (unsigned)(nr_rng_u64(&e->rb) >> 63);
        d.r = nr_rng_below(&e->rb, 8) == 0;
        d.h = nr_rng_below(&e->rb, 8) == 0;
        if (d.len < nr_pkt_min_len(&d)) d.r = 0;
        if (d.len < nr_pkt_min_len(&d)) d.h = 0;
        for (int i = 0; i < NR_ROUTE_HOPS; i++) d.route[i] = (unsigned)nr_rng_below(&e->rb, 64);
        d.hash = nr_rng_u32(&e->rb) & NR_DATA_MASK;
    }
    /* a bad-VC packet is never expected: sequence 0, not its flow's next;
     * the scoreboard is told at the send (its fate known then) */
    d.seq = 0;
    k->len = nr_src_start(kind == K_PROTO_BADVC ? NULL : e->sb, &d, k->ph, LCB_PKT_CAP, NULL, err,
                          sizeof err);
    if (k->len < 0) {
        lcb_fail(e->chk, t, "node %d: %s (testbench bug)", e->node, err);
        k->valid = 0;
        return;
    }
    k->kind = kind;
    k->stray = stray;
    if (stray) {
        unsigned sk = (unsigned)nr_rng_below(&e->rb, 3);
        sk = sk == 0 ? NR_KIND_BODY : sk == 1 ? NR_KIND_EOP : NR_KIND_RSVD;
        k->stray_phit = nr_phit_make(sk, nr_rng_u32(&e->rb));
    }
    /* what the scoreboard expects */
    if (kind != K_PROTO_BADVC) {
        if (kind == K_PROTO_LONG) {
            k->reg_len = e->p.max_pkt_len;
            memcpy(k->reg, k->ph, (size_t)k->reg_len * sizeof k->ph[0]);
            k->reg[k->reg_len - 1] = nr_eop_make(NR_OK_HEALTHY, 0);
        } else {
            k->reg_len = k->len;
            memcpy(k->reg, k->ph, (size_t)k->len * sizeof k->ph[0]);
        }
        if (kind != K_NORMAL) nr_pkt_set_ok(k->reg, k->reg_len, NR_OK_SOFT_ERR);
    }
    uint32_t *eop = &k->ph[k->len - 1];
    switch (kind) {
    case K_SOFT_PCRC: *eop ^= 1u << nr_rng_below(&e->rb, 16); break;
    case K_SOFT_OK3: *eop |= (uint32_t)NR_OK_RSVD << NR_EOP_OK_LSB; break;
    case K_SOFT_KERR: {
        int j = 1 + (int)nr_rng_below(&e->rb, (uint64_t)(k->len - 2));
        unsigned nk = (nr_rng_u64(&e->rb) >> 63) ? NR_KIND_HEAD : NR_KIND_RSVD;
        k->ph[j] = nr_phit_make(nk, nr_phit_data(k->ph[j]));
        break;
    }
    default: break;
    }
}

void lcb_ep_inputs(lcb_ep *e, int64_t t, int gen, const nr_lcbp_out *pk, nr_lcbp_in *in)
{
    /* injection process: new packets go to their VC's source queue */
    if (gen && (e->cfg.max_pkts <= 0 || e->s.gen_pkts < (uint64_t)e->cfg.max_pkts)) {
        int r = nr_src_cycle(&e->inj, (uint64_t)t, NULL, 0, e->st_, e->node);
        if (r < 0) lcb_fail(e->chk, t, "node %d: out of memory in the source queue", e->node);
        if (r > 0) e->s.gen_pkts += (uint64_t)r;
        const nr_inj_pkt_t *q;
        while ((q = nr_inj_peek(&e->inj)) != NULL) {
            if (vq_push(&e->q[q->vc % e->nv], q)) {
                lcb_fail(e->chk, t, "node %d: out of memory in the source queue", e->node);
                break;
            }
            nr_inj_pop(&e->inj);
        }
    }
    if (gen && e->cfg.saturate) {
        /* saturation: an empty VC queue gets a packet drawn from the length
         * distribution at once (its VC forced to this queue) */
        for (int v = 0; v < e->nv; v++) {
            if (e->q[v].n) continue;
            nr_inj_pkt_t q;
            memset(&q, 0, sizeof q);
            nr_lendist_draw(&e->inj.cfg.len, &e->rs, &q.len, &q.vc, &q.cls);
            q.vc = v;
            q.dest = -1;
            q.gen_cycle = (uint64_t)t;
            if (vq_push(&e->q[v], &q)) {
                lcb_fail(e->chk, t, "node %d: out of memory in the source queue", e->node);
                break;
            }
            e->s.gen_pkts++;
            nr_stats_generated(e->st_, e->node, q.len, q.gen_cycle);
        }
    }
    in->tx_valid = 0;
    in->tx_phit = 0;
    e->offer = 0;
    if (e->mid) {
        if (nr_rng_bernoulli(&e->rs, e->cfg.gap)) {
            e->s.gaps++;
        } else {
            in->tx_valid = 1;
            in->tx_phit = e->cur.ph[e->idx];
            e->offer = 3;
        }
    } else {
        int ok = -1, any = -1, nany = 0;
        for (int i = 0; i < e->nv; i++) {
            int v = (e->src_rr + i) % e->nv;
            if (!e->q[v].n) continue;
            if (any < 0) any = v;
            nany++;
            if (ok < 0 && ((pk->tx_vc_ok >> v) & 1)) ok = v;
        }
        int idle = nr_rng_bernoulli(&e->rs, e->cfg.idle);
        int probe = nr_rng_bernoulli(&e->rs, e->cfg.probe);
        int v = -1;
        if (ok >= 0 && !idle)
            v = ok;
        else if (ok < 0 && any >= 0 && probe) {
            v = (any + (int)nr_rng_below(&e->rs, (uint64_t)nany)) % e->nv;
            while (!e->q[v].n) v = (v + 1) % e->nv;
        }
        if (v >= 0) {
            if (!e->st[v].valid) stage(e, v, t);
            if (e->st[v].valid) {
                pkt_t *k = &e->st[v];
                in->tx_valid = 1;
                if (k->stray) {
                    in->tx_phit = k->stray_phit;
                    e->offer = 1;
                } else {
                    in->tx_phit = k->ph[0];
                    e->offer = 2;
                }
                e->offer_vc = v;
                e->offer_probe = ok < 0;
            }
        }
    }

    /* Don't-care inputs: with tx_valid = 0 the TX still computes tx_ready
     * from tx_phit (protocol 7.3), so junk there is compared in lockstep; a
     * HEAD kind is common, to exercise that path. */
    if (!in->tx_valid && e->cfg.junk) {
        uint32_t j = nr_rng_u32(&e->rj);
        in->tx_phit = j & NR_PHIT_MASK;
        if (j >> 31) in->tx_phit = nr_phit_make(NR_KIND_HEAD, j);
    }

    /* sink */
    in->rd_en = 0;
    in->rd_vc = e->cfg.junk ? (int)(nr_rng_u32(&e->rj) & 3u) : 0;
    if (e->stall > 0) {
        e->stall--;
    } else if (!e->drain && nr_rng_bernoulli(&e->rk, e->cfg.bp)) {
        if (e->cfg.bp_stall > 1) e->stall = (int)nr_rng_below(&e->rk, (uint64_t)e->cfg.bp_stall);
    } else {
        int v = tb_rr_pick(pk->rd_avail, e->nv, e->snk_rr);
        if (v >= 0) {
            in->rd_en = 1;
            in->rd_vc = v;
            e->snk_rr = (v + 1) % e->nv;
        }
    }
}

static void sink_packet(lcb_ep *e, int64_t t, int v)
{
    uint32_t *ph = e->rbuf[v];
    int n = e->rlen[v];
    e->rlen[v] = 0;
    e->s.rx_pkts++;
    unsigned ok = nr_eop_ok(ph[n - 1]);
    /* A TX_ERR packet read by the sink is normally one the queue aborted
     * (synthesized EOP {TX_ERR, 0, 0}, never accepted). The sources never
     * send TX_ERR, so an accepted TX_ERR packet is an escape whose EOP ok
     * field was damaged: it has an RX_OK record, which must be retired here,
     * or every later packet of the VC is checked against the wrong record. */
    int acc_txerr = 0;
    if (ok == NR_OK_TX_ERR && e->acc[v].n) {
        const lcb_acc_rec *h = &e->acc[v].e[e->acc[v].head];
        unsigned okr0 = (nr_phit_data(ph[n - 1]) >> 16) & 0x3Fu;
        uint16_t L0 = nr_crc16_bits(nr_eop_crc(ph[n - 1]), (uint32_t)(h->c & 127u), 7);
        acc_txerr = okr0 == h->okrsvd && L0 == h->lcrc;
    }
    if (ok == NR_OK_HEALTHY || ok == NR_OK_SOFT_ERR || acc_txerr) {
        /* Oracle: this packet was accepted by the RX (RX_OK); re-check the
         * acceptance against the link EOP and compare with what was sent. */
        aq_t *q = &e->acc[v];
        if (!q->n) {
            lcb_fail(e->chk, t,
                     "node %d vc %d: sink read a complete packet (ok=%u) that the RX "
                     "never accepted (no RX_OK for it)",
                     e->node, v, ok);
        } else {
            lcb_acc_rec r = q->e[q->head];
            q->head = (q->head + 1) % q->cap;
            q->n--;
            e->s.accepted_checked++;
            uint16_t P = nr_eop_crc(ph[n - 1]);
            unsigned okr = (nr_phit_data(ph[n - 1]) >> 16) & 0x3Fu;
            uint16_t L = nr_crc16_bits(P, (uint32_t)(r.c & 127u), 7);
            int acc_ok = okr == r.okrsvd && L == r.lcrc;
            if (!acc_ok)
                lcb_fail(e->chk, t,
                         "node %d vc %d: RX accepted packet #%" PRIu64 " (cycle %" PRId64
                         ") although its link CRC does not match: EOP %02x/%04x gives LCRC %04x "
                         "for seq %u, the link carried %02x/%04x",
                         e->node, v, r.c, r.cycle, okr, P, L, (unsigned)(r.c & 127u), r.okrsvd,
                         r.lcrc);
            const sent_t *sp = e->peer_ep ? sent_get(e->peer_ep, r.c) : NULL;
            if (!sp) {
                lcb_fail(e->chk, t,
                         "node %d: accepted packet #%" PRIu64 " was never sent by the "
                         "peer's source (testbench bug)",
                         e->node, r.c);
            } else if ((sp->len != n || memcmp(sp->ph, ph, (size_t)n * sizeof *ph)) && acc_ok &&
                       r.damaged) {
                /* A CRC escape: the channel damaged this direction since the
                 * previous RX_OK, the RX accepted the result because its link
                 * CRC matched (2^-16 per undetectable error pattern). The
                 * sender's packet #c is lost and a corrupted one delivered. */
                e->s.escapes++;
                nr_pkt_info_t gi, oi;
                nr_pkt_parse(sp->ph, sp->len, 4, NR_PKT_LEN_LIMIT, &oi);
                nr_pkt_parse(ph, n, 4, NR_PKT_LEN_LIMIT, &gi);
                fprintf(e->chk->log ? e->chk->log : stdout,
                        "CRC ESCAPE at cycle %" PRId64 ", node %d vc %d: RX_OK #%" PRIu64
                        " (seq %u) "
                        "accepted a damaged %d-phit packet whose link CRC matched; the sender's "
                        "packet (src %u dest %u vc %u seq %u, %d phits) is lost\n",
                        t, e->node, v, r.c, (unsigned)(r.c & 127u), n, oi.tag_src, oi.dest, oi.vc,
                        (unsigned)oi.tag_seq, sp->len);
                if (e->esc_fatal) lcb_fail(e->chk, t, "CRC escape (fatal with --no-escapes)");
                /* The harness ends the run here: after an escape the
                 * direction's credits and sequence are no longer those the
                 * sender knows, and nothing after it can be judged. */
                sent_drop(e->peer_ep, r.c);
                e->s.last_delivery = (uint64_t)t;
                return;
            }
            if (e->peer_ep) sent_drop(e->peer_ep, r.c);
        }
    }
    if (ok == NR_OK_HEALTHY) {
        nr_sb_match_t m;
        memset(&m, 0, sizeof m);
        int st = e->cfg.st_kind && t >= e->cfg.st_cycle ? e->cfg.st_kind : 0;
        if (st) e->cfg.st_kind = 0;        /* once */
        if (st == 1) ph[n / 2] ^= 1u << 3; /* self-test: corrupt one payload bit */
        if (st != 2) nr_sb_deliver(e->sb, e->node, ph, n, (uint64_t)t, &m);
        if (st == 3) nr_sb_deliver(e->sb, e->node, ph, n, (uint64_t)t, NULL);
        e->s.delivered++;
        int hdr = 1 + (int)nr_head_r(ph[0]) + (int)nr_head_h(ph[0]);
        int pay = n - hdr - 1 > 0 ? n - hdr - 1 : 0;
        e->s.deliv_phits += (uint64_t)n;
        e->s.deliv_payload += (uint64_t)pay;
        /* goodput counts the phits of healthy packets read inside the window */
        int nw = 0, pw = 0;
        for (int j = 0; j < n; j++) {
            nw += e->rwin[v][j];
            if (j >= hdr && j < n - 1) pw += e->rwin[v][j];
        }
        if (e->rwin[v][n - 1]) e->s.win_delivered++;
        e->s.win_deliv_phits += (uint64_t)nw;
        e->s.win_deliv_payload += (uint64_t)pw;
        if (m.matched) nr_stats_delivered(e->st_, e->node, n, m.user, m.expect_cycle, (uint64_t)t);
        e->s.last_delivery = (uint64_t)t;
    } else {
        if (ok == NR_OK_SOFT_ERR) {
            e->s.discard_soft++;
            e->s.last_delivery = (uint64_t)t;
            if (nr_pcrc(ph, n) != nr_eop_crc(ph[n - 1]))
                lcb_fail(e->chk, t,
                         "node %d vc %d: soft_error packet of %d phits has a bad PCRC 0x%04x "
                         "(expected 0x%04x): the TX must regenerate it",
                         e->node, v, n, nr_eop_crc(ph[n - 1]), nr_pcrc(ph, n));
        } else if (ok == NR_OK_TX_ERR) {
            e->s.discard_tx++;
        } else {
            e->s.discard_other++;
        }
        nr_sb_discard(e->sb, e->node, ph, n, ok, (uint64_t)t);
    }
}

/* lcb_ep_outputs: the port took the HEAD offered on vc v; the packet
 * becomes the one in flight, counted by its kind and expected at the far end.
 * After link down (link-protocol 7.6) the port discards it: expected
 * (a loss the end allows), counted as TX_DOWN_DROP, and no TX_PKT, TX_SOFT
 * or TX_PROTO. */
static void head_taken(lcb_ep *e, int64_t t, int v, int down)
{
    pkt_t *k = &e->st[v];
    e->cur = *k;
    k->valid = 0;
    vq_pop(&e->q[v]);
    e->src_rr = (v + 1) % e->nv;
    e->mid = 1;
    e->idx = 1;
    e->s.phits_sent++;
    if (down) {
        e->s.down_drops++;
        if (e->cur.kind == K_PROTO_BADVC) return;
        e->s.down_lost++;
        nr_stats_dropped(e->st_, e->cur.gen_cycle); /* never delivered */
        nr_sb_fate_t fate = e->cur.kind == K_NORMAL ? NR_SB_DELIVER : NR_SB_DISCARD_SOFT;
        if (nr_sb_expect(e->sb, e->cur.reg, e->cur.reg_len, (uint64_t)t, fate, e->cur.gen_cycle))
            lcb_fail(e->chk, t, "node %d: scoreboard refused an expectation: %s (testbench bug)",
                     e->node, e->sb->usage_err);
        return;
    }
    switch (e->cur.kind) {
    case K_SOFT_PCRC:
        e->s.soft_pcrc++;
        e->s.exp_tx_soft++;
        break;
    case K_SOFT_OK3:
        e->s.soft_ok3++;
        e->s.exp_tx_proto++;
        break;
    case K_SOFT_KERR:
        e->s.soft_kerr++;
        e->s.exp_tx_soft++;
        e->s.exp_tx_proto++;
        break;
    case K_PROTO_BADVC:
        e->s.proto_badvc++;
        e->s.exp_tx_proto++;
        break;
    case K_PROTO_LONG:
        e->s.proto_long++;
        e->s.exp_tx_soft++;
        e->s.exp_tx_proto++;
        break;
    default: break;
    }
    if (e->cur.kind != K_NORMAL) nr_stats_dropped(e->st_, e->cur.gen_cycle);
    if (e->cur.kind != K_PROTO_BADVC) {
        sent_put(e, e->s.heads_taken, e->cur.reg, e->cur.reg_len, t);
        e->s.heads_taken++;
        nr_sb_fate_t fate = e->cur.kind == K_NORMAL ? NR_SB_DELIVER : NR_SB_DISCARD_SOFT;
        if (nr_sb_expect(e->sb, e->cur.reg, e->cur.reg_len, (uint64_t)t, fate, e->cur.gen_cycle))
            lcb_fail(e->chk, t,
                     "node %d: scoreboard refused an expectation: %s "
                     "(testbench bug)",
                     e->node, e->sb->usage_err);
    }
}

/* lcb_ep_outputs: the sink's side, the phit the input queue returned for the
 * read issued last cycle */
static void sink_read(lcb_ep *e, int64_t t, const nr_lcbp_in *in, const nr_lcbp_out *out)
{
    if (out->rd_valid) {
        int v = e->prev_rd;
        if (v < 0) {
            lcb_fail(e->chk, t, "node %d: rd_valid=1 but no read was issued last cycle", e->node);
        } else {
            uint32_t ph = out->rd_phit & NR_PHIT_MASK;
            unsigned k = nr_phit_kind(ph);
            uint8_t inw = t >= e->win_from && t < e->win_to;
            e->s.reads++;
            if (k == NR_KIND_RSVD) {
                lcb_fail(e->chk, t, "node %d vc %d: input queue returned a RSVD-kind phit %06x",
                         e->node, v, ph);
            } else if (k == NR_KIND_HEAD) {
                if (e->rlen[v])
                    lcb_fail(e->chk, t,
                             "node %d vc %d: HEAD %06x after %d phits of an unfinished "
                             "packet",
                             e->node, v, ph, e->rlen[v]);
                e->rbuf[v][0] = ph;
                e->rwin[v][0] = inw;
                e->rlen[v] = 1;
            } else if (e->rlen[v] == 0) {
                lcb_fail(e->chk, t, "node %d vc %d: %s phit %06x outside a packet", e->node, v,
                         k == NR_KIND_EOP ? "EOP" : "BODY", ph);
            } else if (e->rlen[v] >= e->p.max_pkt_len) {
                lcb_fail(e->chk, t, "node %d vc %d: packet longer than MaxPktLen=%d", e->node, v,
                         e->p.max_pkt_len);
                e->rlen[v] = 0;
            } else {
                e->rwin[v][e->rlen[v]] = inw;
                e->rbuf[v][e->rlen[v]++] = ph;
                if (k == NR_KIND_EOP) sink_packet(e, t, v);
            }
        }
    } else if (e->prev_rd >= 0) {
        lcb_fail(e->chk, t, "node %d: read of vc %d issued last cycle but rd_valid=0", e->node,
                 e->prev_rd);
    }
    e->prev_rd = in->rd_en ? in->rd_vc : -1;
}

void lcb_ep_outputs(lcb_ep *e, int64_t t, const nr_lcbp_in *in, const nr_lcbp_out *out)
{
    /* source */
    if (e->offer == 3) {
        if (!out->tx_ready) {
            lcb_fail(e->chk, t, "node %d: tx_ready=0 inside a packet (phit %d of %d)", e->node,
                     e->idx, e->cur.len);
        } else {
            e->s.phits_sent++;
            if (++e->idx == e->cur.len) {
                e->mid = 0;
                e->s.pkts_sent++;
            }
        }
    } else if (e->offer == 1) {
        pkt_t *k = &e->st[e->offer_vc];
        if (!out->tx_ready) {
            lcb_fail(e->chk, t,
                     "node %d: stray phit %06x not taken (tx_ready must be 1 for a "
                     "non-HEAD phit between packets)",
                     e->node, in->tx_phit);
        } else {
            k->stray = 0;
            e->s.proto_stray++;
            e->s.exp_tx_proto += !out->link_down; /* discarded silently after down */
        }
    } else if (e->offer == 2) {
        int v = e->offer_vc;
        pkt_t *k = &e->st[v];
        if (k->kind != K_PROTO_BADVC) {
            int vcok = (out->tx_vc_ok >> v) & 1;
            if (out->tx_ready != vcok)
                lcb_fail(e->chk, t, "node %d: HEAD on vc %d: tx_ready=%d but tx_vc_ok[%d]=%d",
                         e->node, v, out->tx_ready, v, vcok);
        }
        if (e->offer_probe) {
            e->s.probes++;
            if (!out->tx_ready) e->s.probes_refused++;
        }
        if (!out->tx_ready && out->link_down)
            lcb_fail(e->chk, t,
                     "node %d: HEAD on vc %d refused after link down (link-protocol 7.6: "
                     "every phit is taken and discarded)",
                     e->node, v);
        if (!out->tx_ready) {
            e->s.head_waits++;
        } else {
            head_taken(e, t, v, out->link_down);
        }
    }

    sink_read(e, t, in, out);
}
