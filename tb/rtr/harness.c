/* harness.c - endpoints, links, scoreboard, statistics and lockstep around one
 * router (harness.h). Organization-independent: everything specific to a
 * switch comes through rtr_org / rtr_impl and is an nr_rtr. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/linkmon.h"
#include "common/lcb_rtt.h"
#include "nr_pkt.h"
#include "nr_rng.h"
#include "nr_sb.h"
#include "nr_stats.h"

#define MAXP NR_MAX_PORTS
#define MAXV NR_LCB_MAX_VCS
#define PKT_CAP 1024

/* ---- packet records ---- */
typedef struct {
    uint64_t gen;      /* generation cycle */
    uint64_t head_in;  /* head entered the router (UINT64_MAX unknown) */
    int src, len;
} prec_t;

/* ---- history of one port for divergence reports ---- */
#define HIST_MAX 64
typedef struct {
    int64_t cycle;
    int dir;           /* 0 in, 1 out */
    uint32_t ph;
    int kind;          /* decoded kind (core), -1 idle-class link phit, -2 PAD */
} hent_t;

/* A FIFO of uint64 values (head-out cycles, record indices). */
typedef struct {
    uint64_t *v;
    size_t cap, head, n;
} fifo_t;
static int fifo_push(fifo_t *f, uint64_t x) {
    if (f->n == f->cap) {
        size_t nc = f->cap ? f->cap * 2 : 16;
        uint64_t *nv = malloc(nc * sizeof *nv);
        if (!nv) return -1;
        for (size_t i = 0; i < f->n; i++) nv[i] = f->v[(f->head + i) % f->cap];
        free(f->v);
        f->v = nv;
        f->cap = nc;
        f->head = 0;
    }
    f->v[(f->head + f->n++) % f->cap] = x;
    return 0;
}
static int fifo_pop(fifo_t *f, uint64_t *x) {
    if (!f->n) return -1;
    *x = f->v[f->head];
    f->head = (f->head + 1) % f->cap;
    f->n--;
    return 0;
}

/* ---- one port's endpoint ---- */
typedef struct {
    /* source */
    nr_inj_t inj;
    nr_rng_t rng_idle, rng_misc, rng_bad;
    uint32_t ph[PKT_CAP];
    int len, pos, vc;      /* packet being sent; len 0 = none */
    int unroutable;        /* the packet in flight is meant to be dropped */
    int drop_rs;           /* ... with this RT_DROP reason */
    uint64_t rec;          /* record index of the packet in flight */
    uint32_t cred[MAXV];   /* bare: credits for the router's input queue */
    uint32_t useq;         /* sequence numbers of unroutable packets */
    uint64_t sent_unroutable;
    uint64_t sent_drop[8]; /* packets sent that must be dropped, by RT_DROP reason */
    fifo_t head_wait;      /* LCB: records whose head the NIC took, not yet seen at link_rx */
    /* NIC (use_lcb) */
    nr_lcbp *nic;
    lcb_ch *up, *dn;       /* NIC->router, router->NIC */
    uint32_t up_rx;        /* phit arriving at the router this cycle */
    int rd_pending, rd_vc; /* sink read issued last cycle */
    /* sink */
    nr_rng_t rng_bp;
    uint32_t as[MAXV][PKT_CAP];
    int alen[MAXV];
    uint64_t ahead_out[MAXV];  /* bare: head-out cycle of the packet being assembled */
    int cur_vc;                /* bare: VC of the packet leaving the output */
    fifo_t hold;               /* bare: VCs of phits held by the sink (credits not returned) */
    uint32_t out_cr[MAXV];     /* bare: credits to return this cycle */
    fifo_t heads_out[MAXV];    /* LCB: head-out cycles at router link_tx per VC */
    uint64_t tx_new;           /* LCB: router TX_PKT events whose head is not yet on link_tx */
    /* LCB: monitors of the router's receiver (link_rx, from `up`) and the
     * NIC's (from `dn`): framing, damaged packets and words, escapes */
    nr_linkmon mon_in, mon_nic;
    int fin_out;               /* framing bit of the router's link_tx stream */
    int down_seen;             /* a link-down was reported */
    /* history */
    hent_t hist[HIST_MAX];
    int hn;
    /* counters */
    uint64_t drops[8];         /* RT_DROP by reason */
    uint64_t ev_rtr[NR_EV_COUNT], ev_nic[NR_EV_COUNT];
    uint64_t share_from[MAXP]; /* phits delivered here (window) by source */
} port_t;

typedef struct {
    const rtr_opts *o;
    rtr_geom g;
    nr_rtr m, r;               /* model / RTL (or second model): {NULL} if not in this run */
    int nports, nvcs;
    port_t *pt;
    nr_traffic_t tp;
    nr_sb_t sb;
    nr_stats_t st;
    prec_t *rec;               /* records of the packets in flight (a pool) */
    size_t nrec, caprec;
    uint64_t *freerec;         /* indices of records free for reuse */
    size_t nfree, capfree;
    rtr_cfgw cfgw[1024];
    int ncfgw;
    int errors_on;             /* link error injection */
    int meas_rlat;             /* router head latency measurable (no link errors) */
    double rlat_sum;
    uint64_t rlat_n, rlat_min;
    uint64_t rlat_bad;         /* head-out before head-in (pairing broken): rtr_lat n/a */
    uint64_t phit_hops;
    FILE *out;
    /* lockstep */
    int diverged;
    int64_t div_cycle;
    int div_port;
    char div_field[32];
    char div_msg[1024];
    int tracing;
    uint64_t t0;               /* first traffic cycle = stats cycle 0 */
    uint64_t quiet_since;
    /* CRC escapes (tb/common/linkmon.h): after the first one the run is no
     * longer judged, except RTL against model in lockstep */
    int64_t esc_cycle;         /* -1: none yet */
    uint64_t after_esc;        /* checks that fired after it (not judged) */
    uint64_t e2e_caught;       /* --e2e: packets the destination's check discarded */
    int e2e_fail;              /* ... one with no escape before it */
    uint64_t residual;         /* healthy-looking packets delivered with wrong content */
    /* this cycle's router inputs and outputs (po: the DUT's, RTL if any),
     * and the NICs' */
    nr_rtr_in rin;
    const nr_rtr_out *po;
    nr_lcbp_in nin[MAXP];
    nr_lcbp_out nout[MAXP];
} sim_t;

/* A check fired. Before any CRC escape it is a failure; after one, the
 * packets and credits the check judges may carry the escape's damage, so it
 * is counted and printed, not judged (the first few). */
static void check_fired(sim_t *s, int *fail, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void check_fired(sim_t *s, int *fail, const char *fmt, ...) {
    va_list ap;
    if (s->esc_cycle >= 0) {
        if (s->after_esc++ >= 5) return;
        fprintf(s->out, "after the escape (not judged): ");
    } else {
        *fail = 1;
        fprintf(s->out, "FAIL ");
    }
    va_start(ap, fmt);
    vfprintf(s->out, fmt, ap);
    va_end(ap);
}

/* A receiver accepted a packet (RX_OK) or a control word over damaged link
 * cycles: an error the CRC-16 cannot detect. It is counted and printed with
 * the packet; from here on only the lockstep is judged (--no-escapes: a
 * failure). */
static void note_escape(sim_t *s, int *fail, uint64_t t, int p, const char *who,
                        const nr_linkmon *m, unsigned lm) {
    if (lm & NR_LM_ACC_DAMAGED)
        fprintf(s->out, "ESCAPE cycle %" PRIu64 " port %d: the %s's receiver accepted a packet "
                "(head at cycle %" PRId64 ", VC %d, %d phits) with %d data bit(s) flipped%s by the "
                "channel%s; its link CRC-16 matched (an undetectable error, not a design failure)\n",
                t, p, who, m->last_head_cycle, m->dec_vc, m->last_nph, m->last_wt,
                m->last_frame ? " and its framing changed" : "",
                m->last_ooo ? ", arriving out of order behind a bad packet" : "");
    if (lm & NR_LM_CW_DAMAGED)
        fprintf(s->out, "ESCAPE cycle %" PRIu64 " port %d: the %s's receiver accepted a control "
                "word whose C bits the channel damaged; it passed the CRC-16 and the range checks\n",
                t, p, who);
    if (s->esc_cycle < 0) {
        s->esc_cycle = (int64_t)t;
        if (s->o->no_escapes) {
            *fail = 1;
            fprintf(s->out, "FAIL: a CRC escape (--no-escapes)\n");
        } else {
            fprintf(s->out, "rtr: from cycle %" PRIu64 " the scoreboard, credits and drain are "
                    "not judged%s; the run goes on to count what reaches the sinks\n", t,
                    nr_rtr_valid(s->m) && nr_rtr_valid(s->r) ? " (the lockstep still is)" : "");
        }
    }
}

static int port_of_cb(void *ctx, unsigned dest) {
    sim_t *s = ctx;
    int q = s->o->org->port_of(&s->g, s->o->route, dest);
    return q < 0 ? -1 : q;
}

/* The organization's route check (rtr_org.port_ok): the output a whole packet
 * may leave by, for tables whose choice depends on more than dest (input
 * port, a and h bits, hash or route phit). It replaces port_of_cb. */
static int route_ok_cb(void *ctx, unsigned src, const uint32_t *ph, int len, int port, int *ep) {
    sim_t *s = ctx;
    return s->o->org->port_ok(&s->g, s->o->route, s->o->upstat, (int)src, ph, len, port, ep);
}

void rtr_fmt_core(uint32_t ph, char *buf, int n) {
    uint32_t d = ph & NR_DATA_MASK;
    switch (nr_phit_kind(ph)) {
    case NR_KIND_HEAD:
        snprintf(buf, n, "HEAD dest=%u vc=%u r=%u a=%u h=%u%s", nr_head_dest(ph), nr_head_vc(ph),
                 nr_head_r(ph), nr_head_a(ph), nr_head_h(ph), nr_head_rsvd(ph) ? " rsvd!" : "");
        break;
    case NR_KIND_BODY: snprintf(buf, n, "BODY 0x%06x", d); break;
    case NR_KIND_EOP:
        snprintf(buf, n, "EOP ok=%u rsvd=%u crc=0x%04x", nr_eop_ok(ph), nr_eop_rsvd(ph),
                 nr_eop_crc(ph));
        break;
    default: snprintf(buf, n, "RSVD 0x%06x", d); break;
    }
}

/* Decode a link phit given its framing class. */
static void fmt_link(uint32_t ph, int cls, char *buf, int n) {
    char tmp[96];
    uint32_t d = ph & NR_DATA_MASK;
    int C = (ph >> NR_LINK_C_BIT) & 1;
    if (cls >= 0) {
        rtr_fmt_core(nr_phit_make(cls, d), tmp, sizeof tmp);
        snprintf(buf, n, "%s (C=%d)", tmp, C);
    } else if (cls == -2) {
        snprintf(buf, n, "PAD 0x%06x (C=%d)", d, C);
    } else if ((d >> 20) == NR_IDLE_TYPE_REPLAY) {
        snprintf(buf, n, "MARKER seq=%u (C=%d)", (d >> NR_REPLAY_SEQ_LSB) & 0x7f, C);
    } else {
        snprintf(buf, n, "IDLE 0x%06x (C=%d)", d, C);
    }
}

static void hist_add(port_t *p, int64_t cyc, int dir, uint32_t ph, int kind) {
    hent_t *h = &p->hist[p->hn++ % HIST_MAX];
    h->cycle = cyc;
    h->dir = dir;
    h->ph = ph;
    h->kind = kind;
}

static void say(sim_t *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(sim_t *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(s->out, fmt, ap);
    va_end(ap);
}

/* A record for a new packet: a freed one if there is one, so that memory
 * follows the packets in flight, not the length of the run. */
static uint64_t new_rec(sim_t *s, uint64_t gen, int src, int len) {
    if (s->nfree) {
        uint64_t i = s->freerec[--s->nfree];
        s->rec[i] = (prec_t){.gen = gen, .head_in = UINT64_MAX, .src = src, .len = len};
        return i;
    }
    if (s->nrec == s->caprec) {
        size_t nc = s->caprec ? s->caprec * 2 : 4096;
        prec_t *n = realloc(s->rec, nc * sizeof *n);
        if (!n) { fprintf(stderr, "rtr: out of memory\n"); exit(1); }
        s->rec = n;
        s->caprec = nc;
    }
    prec_t *r = &s->rec[s->nrec];
    r->gen = gen;
    r->head_in = UINT64_MAX;
    r->src = src;
    r->len = len;
    return s->nrec++;
}

/* The packet of record i was delivered: its record can be reused. */
static void free_rec(sim_t *s, uint64_t i) {
    if (s->nfree == s->capfree) {
        size_t nc = s->capfree ? s->capfree * 2 : 1024;
        uint64_t *n = realloc(s->freerec, nc * sizeof *n);
        if (!n) { fprintf(stderr, "rtr: out of memory\n"); exit(1); }
        s->freerec = n;
        s->capfree = nc;
    }
    s->freerec[s->nfree++] = i;
}

/* --malformed (bare ports): the packet the source sends instead of its next
 * one, and the RT_DROP reason the router must give it (yarc-arch §4.2 and
 * §5 steps 1-2; the network switches use the same RC): a header that ends
 * early (SHORT), a VC >= NumVcs or reserved head bits (MALFORMED), a source
 * route to a port that does not exist (BAD_SRCROUTE). All on VC 0, as the
 * unroutable packets. */
static void src_malformed(sim_t *s, port_t *pt, unsigned dest) {
    const int nvc = s->nvcs, np = s->nports;
    int kind = (int)nr_rng_below(&pt->rng_bad, 6);
    if (kind == 3 && nvc == NR_LCB_MAX_VCS) kind = 4; /* no VC number left over */
    if (kind == 5 && np >= 64) kind = 4;             /* every 6-bit hop is a port */
    uint32_t body = nr_phit_make(NR_KIND_BODY, (uint32_t)nr_rng_below(&pt->rng_bad, 1u << 22));
    uint32_t eop = nr_eop_make(NR_OK_HEALTHY, 0);
    int n = 0;
    switch (kind) {
    case 0: /* r = 1, but the EOP where the route phit should be */
    case 1: /* h = 1, likewise for the hash phit */
        pt->ph[n++] = nr_head_make(dest, 0, kind == 0, 0, kind == 1);
        pt->drop_rs = NR_DROP_SHORT;
        break;
    case 2: /* r = h = 1: the route phit, then the EOP */
        pt->ph[n++] = nr_head_make(dest, 0, 1, 0, 1);
        pt->ph[n++] = body;
        pt->drop_rs = NR_DROP_SHORT;
        break;
    case 3: /* head VC NumVcs: the input queue files it under VC 0 (mod NumVcs) */
        pt->ph[n++] = nr_head_make(dest, (unsigned)nvc, 0, 0, 0);
        pt->ph[n++] = body;
        pt->drop_rs = NR_DROP_MALFORMED;
        break;
    case 4: /* reserved head bits set */
        pt->ph[n++] = nr_head_make(dest, 0, 0, 0, 0) | (1u << NR_HEAD_RSVD_LSB);
        pt->ph[n++] = body;
        pt->drop_rs = NR_DROP_MALFORMED;
        break;
    case 5: { /* a source route whose hop 0 names no port */
        unsigned hops[3] = {(unsigned)(np + (int)nr_rng_below(&pt->rng_bad, (uint64_t)(64 - np))),
                            0u, 0u};
        pt->ph[n++] = nr_head_make(dest, 0, 1, 0, 0);
        pt->ph[n++] = nr_route_make(hops, 3);
        pt->ph[n++] = body;
        pt->drop_rs = NR_DROP_BAD_SRCROUTE;
        break;
    }
    }
    pt->ph[n++] = eop;
    nr_pkt_fix_crc(pt->ph, n);
    pt->len = n;
    pt->pos = 0;
    pt->vc = 0;
    pt->unroutable = 1;
}

/* ---- source: start the next packet from the source queue ---- */
static void src_start(sim_t *s, int p, uint64_t t) {
    port_t *pt = &s->pt[p];
    const nr_inj_pkt_t *q = nr_inj_peek(&pt->inj);
    if (!q) return;
    if (s->o->malformed > 0 && nr_rng_bernoulli(&pt->rng_bad, s->o->malformed)) {
        src_malformed(s, pt, q->dest);
        pt->rec = UINT64_MAX;
        pt->sent_drop[pt->drop_rs]++;
        nr_stats_dropped(&s->st, q->gen_cycle); /* replaced: never delivered */
        nr_inj_pop(&pt->inj);
        return;
    }
    nr_pkt_desc_t d;
    memset(&d, 0, sizeof d);
    d.vc = q->vc;
    d.src = p;
    /* --e2e: the source endpoint appends the end-to-end check, two phits
     * more than the generated length (docs/packet-format.md) */
    const int tail = s->o->e2e ? NR_E2E_PHITS : 0;
    d.e2e = s->o->e2e;
    d.len = q->len + tail;
    d.dest = q->dest;
    pt->unroutable = 0;
    if (s->o->unroutable > 0 && nr_rng_bernoulli(&pt->rng_misc, s->o->unroutable)) {
        /* A destination this router cannot route: in single-router mode every
         * dest >= NumPorts is dropped with NO_ROUTE. */
        d.dest = s->nports + (unsigned)nr_rng_below(&pt->rng_misc, NR_DEST_MAX + 1 - s->nports);
        pt->unroutable = 1;
        pt->drop_rs = NR_DROP_NO_ROUTE;
        /* On VC 0 only: a port raises one RT_DROP per cycle, so drops on two
         * VCs in the same cycle would count once (docs/yarc-spec-questions.md,
         * Testbench findings); this keeps the drop count exact. */
        d.vc = 0;
    } else if (s->o->org->drop_reason) {
        /* A routable destination whose turn has no crosspoint in this
         * organization (a port to itself, bb's up port to up port): the
         * router drops it at its input with that reason. */
        int rs = s->o->org->drop_reason(&s->g, s->o->route, p, d.dest);
        if (rs) {
            pt->unroutable = 1;
            pt->drop_rs = rs;
        }
    }
    if (s->o->hdr_mix > 0 && nr_rng_bernoulli(&pt->rng_misc, s->o->hdr_mix)) {
        int m = 1 + (int)nr_rng_below(&pt->rng_misc, 3); /* 1 r, 2 h, 3 both */
        d.r = m & 1;
        d.h = (m >> 1) & 1;
        d.a = (unsigned)nr_rng_below(&pt->rng_misc, 2);
        d.hash = (uint32_t)nr_rng_below(&pt->rng_misc, 1u << 22);
        if (d.r) {
            /* Route hop 0 = the logical port the down table gives dest, so the
             * source-routed packet leaves where the scoreboard expects it. */
            int lp = s->o->org->logical_of(&s->g, s->o->route, d.dest);
            if (lp < 0) d.r = 0;
            d.route[0] = lp < 0 ? 0 : (unsigned)lp;
            d.route[1] = (unsigned)nr_rng_below(&pt->rng_misc, 64);
            d.route[2] = (unsigned)nr_rng_below(&pt->rng_misc, 64);
        }
        if (d.len < nr_pkt_min_len(&d)) d.len = nr_pkt_min_len(&d);
        if (d.len > s->g.max_pkt_len) { d.r = 0; d.h = 0; d.len = q->len + tail; }
    }
    if (s->o->adaptive > 0 && !pt->unroutable && nr_rng_bernoulli(&pt->rng_misc, s->o->adaptive))
        d.a = 1; /* adaptive routing wherever the switch has a choice */
    d.seq = pt->unroutable ? (pt->useq++ & NR_SEQ_MASK) : nr_sb_next_seq(&s->sb, p, d.dest, d.vc);
    char err[200];
    int len = nr_pkt_build(&d, pt->ph, PKT_CAP, err, sizeof err);
    if (len < 0) {
        fprintf(stderr, "rtr: packet build failed: %s\n", err);
        exit(1);
    }
    pt->len = len;
    pt->pos = 0;
    pt->vc = d.vc;
    /* unroutable packets are never delivered: no record (pt->rec unused) */
    pt->rec = pt->unroutable ? UINT64_MAX : new_rec(s, q->gen_cycle, p, len);
    if (pt->unroutable) {
        pt->sent_drop[pt->drop_rs]++;
        if (pt->drop_rs == NR_DROP_NO_ROUTE) pt->sent_unroutable++;
        nr_stats_dropped(&s->st, q->gen_cycle); /* never delivered, on purpose */
    } else {
        /* The expected packet at the output: a router that uses the route
         * phit rotates it left by 6 bits and repairs the PCRC. */
        uint32_t exp[PKT_CAP];
        memcpy(exp, pt->ph, len * sizeof exp[0]);
        nr_pkt_route_hop(exp, len);
        int unord = s->o->org->may_reorder &&
                    s->o->org->may_reorder(&s->g, s->o->route, p, d.dest, (int)d.a, (int)d.h);
        if ((unord ? nr_sb_expect_unordered : nr_sb_expect)(&s->sb, exp, len, t, NR_SB_DELIVER,
                                                           pt->rec) < 0) {
            fprintf(stderr, "rtr: scoreboard usage error: %s\n", s->sb.usage_err);
            exit(1);
        }
    }
    nr_inj_pop(&pt->inj);
}

/* ---- sink: a whole packet arrived at output p ---- */
static void sink_packet(sim_t *s, int p, const uint32_t *ph, int len, uint64_t t, uint64_t head_out,
                        int in_window) {
    port_t *pt = &s->pt[p];
    unsigned ok = nr_phit_kind(ph[len - 1]) == NR_KIND_EOP ? nr_eop_ok(ph[len - 1]) : NR_OK_HEALTHY;
    if (ok != NR_OK_HEALTHY) {
        nr_sb_discard(&s->sb, p, ph, len, ok, t);
        return;
    }
    if (s->o->e2e && !nr_pkt_e2e_ok(ph, len)) {
        /* The destination's end-to-end check caught what every link CRC
         * passed: discarded and counted. Before any escape nothing can be
         * damaged, so it is a design failure (a router changed a packet). */
        s->e2e_caught++;
        if (s->esc_cycle < 0) {
            s->e2e_fail = 1;
            say(s, "FAIL cycle %" PRIu64 " port %d: a healthy packet failed the end-to-end check "
                "with no link escape before it\n", t, p);
        } else if (s->e2e_caught <= 5) {
            say(s, "E2E cycle %" PRIu64 " port %d: the end-to-end check caught a damaged packet "
                "(%d phits) and discarded it\n", t, p, len);
        }
        return;
    }
    /* residual: a packet delivered as healthy whose content is wrong
     * (corrupted, misrouted, malformed, bad PCRC, no such packet); losses
     * and reordering found on this delivery are not its own content */
    static const int wrong[] = {NR_SB_E_MISROUTE, NR_SB_E_CORRUPT, NR_SB_E_MALFORMED, NR_SB_E_CRC,
                                NR_SB_E_UNEXPECTED};
    uint64_t e0 = 0, e1 = 0;
    for (int i = 0; i < 5; i++) e0 += s->sb.errors[wrong[i]];
    nr_sb_match_t m;
    nr_sb_deliver(&s->sb, p, ph, len, t, &m);
    for (int i = 0; i < 5; i++) e1 += s->sb.errors[wrong[i]];
    if (e1 > e0) s->residual++;
    if (!m.matched) return;
    const prec_t rc = s->rec[m.user], *r = &rc;
    free_rec(s, m.user);
    nr_stats_delivered(&s->st, p, len - (s->o->e2e ? NR_E2E_PHITS : 0), r->gen, r->head_in,
                       t - s->t0);
    if (in_window) pt->share_from[r->src] += len;
    if (s->meas_rlat && r->head_in != UINT64_MAX && head_out != UINT64_MAX) {
        if (head_out < r->head_in) {
            /* Head left before it entered: the head-in/head-out pairing is
             * broken. Never subtract (that underflowed to ~1.8e19); drop the
             * statistic for the run and say so at the end. */
            s->rlat_bad++;
            return;
        }
        uint64_t l = head_out - r->head_in;
        s->rlat_sum += (double)l;
        s->rlat_n++;
        if (l < s->rlat_min) s->rlat_min = l;
    }
}

static void sink_phit(sim_t *s, int p, int vc, uint32_t ph, uint64_t t, uint64_t head_out,
                      int in_window) {
    port_t *pt = &s->pt[p];
    int k = nr_phit_kind(ph);
    if (k == NR_KIND_HEAD && pt->alen[vc] > 0) {
        /* A new head inside a packet: hand the broken one over as is; the
         * scoreboard flags it malformed. */
        sink_packet(s, p, pt->as[vc], pt->alen[vc], t, pt->ahead_out[vc], in_window);
        pt->alen[vc] = 0;
    }
    if (k == NR_KIND_HEAD) pt->ahead_out[vc] = head_out;
    if (pt->alen[vc] < PKT_CAP) pt->as[vc][pt->alen[vc]++] = ph;
    if (k == NR_KIND_EOP || pt->alen[vc] == PKT_CAP) {
        sink_packet(s, p, pt->as[vc], pt->alen[vc], t, pt->ahead_out[vc], in_window);
        pt->alen[vc] = 0;
    }
}

/* ---- lockstep comparison ---- */
static void report_divergence(sim_t *s, int64_t t, int p, const char *field, uint32_t exp,
                              uint32_t act, int is_phit, const nr_rtr_out *mo, const nr_rtr_out *ro) {
    port_t *pt = &s->pt[p];
    s->diverged = 1;
    s->div_cycle = t;
    s->div_port = p;
    snprintf(s->div_field, sizeof s->div_field, "%s", field);
    char e[128], a[128];
    if (is_phit && s->g.use_lcb) {
        int f = pt->fin_out, f2 = pt->fin_out; /* framing before this cycle's phit */
        fmt_link(exp, nr_link_frame(&f, exp), e, sizeof e);
        fmt_link(act, nr_link_frame(&f2, act), a, sizeof a);
    } else if (is_phit) {
        rtr_fmt_core(exp, e, sizeof e);
        rtr_fmt_core(act, a, sizeof a);
    } else {
        snprintf(e, sizeof e, "0x%x", exp);
        snprintf(a, sizeof a, "0x%x", act);
    }
    snprintf(s->div_msg, sizeof s->div_msg,
             "LOCKSTEP MISMATCH cycle %" PRId64 " port %d field %s\n"
             "  expected (model)  : 0x%06x  %s\n  actual   (%-7s): 0x%06x  %s",
             t, p, field, exp, e, s->o->impl == RTR_RUN_SELF ? "model 2" : "RTL", act, a);
    say(s, "%s\n", s->div_msg);
    say(s, "  port %d all fields: model ev=0x%05x tev=0x%02x link_down=%d | DUT ev=0x%05x "
           "tev=0x%02x link_down=%d\n",
        p, mo->ev[p], mo->tev[p], mo->link_down[p], ro->ev[p], ro->tev[p], ro->link_down[p]);
    int n = pt->hn < HIST_MAX ? pt->hn : HIST_MAX;
    int show = s->o->hist < n ? s->o->hist : n;
    say(s, "  history of port %d (last %d phits in/out, oldest first):\n", p, show);
    for (int i = pt->hn - show; i < pt->hn; i++) {
        hent_t *h = &pt->hist[i % HIST_MAX];
        char b[128];
        if (s->g.use_lcb) fmt_link(h->ph, h->kind, b, sizeof b);
        else rtr_fmt_core(h->ph, b, sizeof b);
        say(s, "    %8" PRId64 " %s 0x%06x %s\n", h->cycle, h->dir ? "out" : "in ", h->ph, b);
    }
}

/* Compare the model's and the RTL's outputs of cycle t. 0 if equal. */
static int compare(sim_t *s, int64_t t, const nr_rtr_out *mo, const nr_rtr_out *ro) {
    for (int p = 0; p < s->nports; p++) {
        if (s->g.use_lcb) {
            if (mo->link_tx[p] != ro->link_tx[p]) {
                report_divergence(s, t, p, "link_tx", mo->link_tx[p], ro->link_tx[p], 1, mo, ro);
                return -1;
            }
            if (mo->link_down[p] != ro->link_down[p]) {
                report_divergence(s, t, p, "link_down", mo->link_down[p], ro->link_down[p], 0, mo, ro);
                return -1;
            }
        } else {
            if (!!mo->out_valid[p] != !!ro->out_valid[p]) {
                report_divergence(s, t, p, "out_valid", mo->out_valid[p], ro->out_valid[p], 0, mo, ro);
                return -1;
            }
            if (mo->out_valid[p] && mo->out_phit[p] != ro->out_phit[p]) {
                report_divergence(s, t, p, "out_phit", mo->out_phit[p], ro->out_phit[p], 1, mo, ro);
                return -1;
            }
            for (int v = 0; v < s->nvcs; v++)
                if (mo->in_cr[p][v] != ro->in_cr[p][v]) {
                    char f[16];
                    snprintf(f, sizeof f, "in_cr[%d]", v);
                    report_divergence(s, t, p, f, mo->in_cr[p][v], ro->in_cr[p][v], 0, mo, ro);
                    return -1;
                }
        }
        if (mo->ev[p] != ro->ev[p]) {
            report_divergence(s, t, p, "ev", mo->ev[p], ro->ev[p], 0, mo, ro);
            return -1;
        }
        if (mo->tev[p] != ro->tev[p]) {
            report_divergence(s, t, p, "tev", mo->tev[p], ro->tev[p], 0, mo, ro);
            return -1;
        }
    }
    return 0;
}

/* ---- set-up and tear-down ---- */
static void sim_free(sim_t *s) {
    if (s->pt) {
        for (int p = 0; p < s->nports; p++) {
            port_t *pt = &s->pt[p];
            nr_inj_free(&pt->inj);
            if (pt->nic) nr_lcbp_free(pt->nic);
            if (pt->up) lcb_ch_free(pt->up);
            if (pt->dn) lcb_ch_free(pt->dn);
            free(pt->head_wait.v);
            free(pt->hold.v);
            for (int v = 0; v < MAXV; v++) free(pt->heads_out[v].v);
        }
        free(s->pt);
    }
    nr_rtr_free(s->m);
    nr_rtr_free(s->r);
    nr_traffic_free(&s->tp);
    nr_sb_free(&s->sb);
    nr_stats_free(&s->st);
    free(s->rec);
    free(s->freerec);
}

static int sim_setup(sim_t *s, const rtr_opts *o, FILE *out, char *err, int errlen) {
    memset(s, 0, sizeof *s);
    s->o = o;
    s->out = out;
    s->div_cycle = -1;
    s->esc_cycle = -1;
    s->rlat_min = UINT64_MAX;
    if (o->org->geom(&o->cfg, &s->g, err, errlen)) return -1;
    s->nports = s->g.num_ports;
    s->nvcs = s->g.num_vcs;
    /* implementations */
    const rtr_impl *impl_m = o->org->model, *impl_r = rtr_rtl_impl();
    if (o->impl != RTR_RUN_RTL && impl_m->create(&o->cfg, &o->lcfg, &s->m, err, errlen)) return -1;
    if (o->impl == RTR_RUN_SELF) {
        if (impl_m->create(&o->cfg, &o->lcfg, &s->r, err, errlen)) return -1;
    } else if (o->impl != RTR_RUN_MODEL) {
        if (!impl_r) {
            snprintf(err, errlen, "this binary has no RTL of configuration %s", o->cfg.name);
            return -1;
        }
        if (impl_r->create(&o->cfg, &o->lcfg, &s->r, err, errlen)) return -1;
    }
    if (o->trace_path && !nr_rtr_can_trace(s->r)) {
        snprintf(err, errlen, "--trace-out: this run has no RTL that can trace (%s); a trace "
                 "needs --impl rtl or lockstep with a traced build",
                 nr_rtr_valid(s->r) ? s->r.ops->name : "model only");
        return -1;
    }
    /* traffic pattern */
    nr_traffic_cfg_t tc = o->tp;
    tc.k = s->nports;
    tc.rows = s->g.rows;
    tc.cols = s->g.cols;
    char e2[256];
    if (nr_traffic_init(&s->tp, &tc, o->seed, e2, sizeof e2) != NR_TP_OK) {
        snprintf(err, errlen, "pattern %s: %s", nr_tp_name(tc.kind), e2);
        return -1;
    }
    /* scoreboard */
    nr_sb_cfg_t sc;
    nr_sb_cfg_default(&sc);
    sc.num_vcs = s->nvcs;
    sc.max_len = s->g.max_pkt_len;
    sc.log = out;
    sc.max_print = 10;
    if (nr_sb_init(&s->sb, &sc, port_of_cb, s)) {
        snprintf(err, errlen, "scoreboard init failed");
        return -1;
    }
    if (o->org->port_ok) nr_sb_set_route_check(&s->sb, route_ok_cb, s);
    nr_stats_cfg_t stc = {o->warmup, o->measure, o->drain_max, s->nports, 1};
    if (nr_stats_init(&s->st, &stc, e2, sizeof e2)) {
        snprintf(err, errlen, "stats: %s", e2);
        return -1;
    }
    /* routing tables */
    s->ncfgw = o->org->program(&s->g, o->route, s->cfgw, (int)(sizeof s->cfgw / sizeof s->cfgw[0]));
    /* ports */
    s->pt = calloc(s->nports, sizeof *s->pt);
    if (!s->pt) { snprintf(err, errlen, "out of memory"); return -1; }
    s->errors_on = s->g.use_lcb && lcb_ch_cfg_has_errors(&o->ch);
    s->meas_rlat = !s->errors_on;
    for (int p = 0; p < s->nports; p++) {
        port_t *pt = &s->pt[p];
        nr_inj_cfg_t ic = o->inj;
        ic.len.num_vcs = s->nvcs;
        ic.load *= nr_traffic_src_load(&s->tp, p); /* quad: up ports at (1 - f) */
        if (nr_inj_init(&pt->inj, &ic, o->seed, p, e2, sizeof e2)) {
            snprintf(err, errlen, "injection: %s", e2);
            return -1;
        }
        nr_rng_stream(&pt->rng_idle, o->seed, NR_RNG_STREAM(NR_RNG_P_IDLE, p));
        nr_rng_stream(&pt->rng_bp, o->seed, NR_RNG_STREAM(NR_RNG_P_BACKPRESSURE, p));
        nr_rng_stream(&pt->rng_misc, o->seed, NR_RNG_STREAM(NR_RNG_P_USER + 1, p));
        nr_rng_stream(&pt->rng_bad, o->seed, NR_RNG_STREAM(NR_RNG_P_USER + 2, p));
        for (int v = 0; v < MAXV; v++) pt->cred[v] = s->g.in_buf_per_vc;
        if (s->g.use_lcb) {
            pt->nic = nr_lcbp_new(&s->g.lcb, &o->lcfg, e2, sizeof e2);
            if (!pt->nic) {
                snprintf(err, errlen, "NIC LCB: %s", e2);
                return -1;
            }
            /* Each port's link gets its own error streams. */
            uint64_t ls = nr_rng_mix64(o->seed ^ nr_rng_mix64(NR_RNG_STREAM(NR_RNG_P_ERROR, p)));
            pt->up = lcb_ch_new(&o->ch, ls, 1, e2, sizeof e2);
            pt->dn = pt->up ? lcb_ch_new(&o->ch, ls, 0, e2, sizeof e2) : NULL;
            if (!pt->dn) {
                snprintf(err, errlen, "channel: %s", e2);
                return -1;
            }
            nr_linkmon_init(&pt->mon_in, pt->up, lcb_tb_wbits(&s->g.lcb), s->nvcs,
                            s->g.lcb.link_crc_w);
            nr_linkmon_init(&pt->mon_nic, pt->dn, lcb_tb_wbits(&s->g.lcb), s->nvcs,
                            s->g.lcb.link_crc_w);
        }
    }
    return 0;
}

/* ---- the run ---- */
/* Step 2 of a cycle, for port p: the source starts or continues a packet
 * and the sink decides whether to read (LCB: the NIC's inputs and the phits
 * that arrive from both channels; bare: the router's input phit and the
 * credits the sink returns). */
static void port_inputs(sim_t *s, int p, uint64_t t, int phase_end) {
    const rtr_opts *o = s->o;
    const int V = s->nvcs;
    port_t *pt = &s->pt[p];
    if (pt->len == 0 && t >= s->t0 && !nr_rng_bernoulli(&pt->rng_idle, o->src_idle))
        src_start(s, p, t);
    int idle = pt->len > 0 && pt->pos > 0 && nr_rng_bernoulli(&pt->rng_idle, o->src_idle);
    if (s->g.use_lcb) {
        nr_lcbp_in *ni = &s->nin[p];
        memset(ni, 0, sizeof *ni);
        ni->link_rx = lcb_ch_recv(pt->dn);
        s->rin.link_rx[p] = pt->up_rx = lcb_ch_recv(pt->up);
        nr_lcbp_out pk;
        nr_lcbp_peek(pt->nic, &pk);
        if (pt->len > 0 && !idle) {
            ni->tx_valid = 1;
            ni->tx_phit = pt->ph[pt->pos];
        }
        /* sink: read one VC round robin unless backpressured */
        if (!nr_rng_bernoulli(&pt->rng_bp, phase_end ? 0.0 : o->sink_bp)) {
            for (int i = 1; i <= V; i++) {
                int v = (pt->rd_vc + i) % V;
                if (pk.rd_avail >> v & 1) {
                    ni->rd_en = 1;
                    ni->rd_vc = v;
                    break;
                }
            }
        }
    } else {
        s->rin.in_valid[p] = 0;
        /* Virtual cut-through, as an upstream router's output port
         * (docs/yarc-arch.md section 11): a head only with credits for a
         * maximum-size packet; the input queue keeps no room for a
         * packet it cannot finish (link-protocol.md section 8.4). */
        int need = pt->pos == 0 ? s->g.max_pkt_len : 1;
        if (pt->len > 0 && !idle && pt->cred[pt->vc] >= (uint32_t)need) {
            s->rin.in_valid[p] = 1;
            s->rin.in_phit[p] = pt->ph[pt->pos];
        }
        for (int v = 0; v < MAXV; v++) s->rin.out_cr[p][v] = 0;
        uint64_t hv;
        if (pt->hold.n && !nr_rng_bernoulli(&pt->rng_bp, phase_end ? 0.0 : o->sink_bp) &&
            fifo_pop(&pt->hold, &hv) == 0)
            s->rin.out_cr[p][hv] = 1;
    }
}

/* Step 4 of a cycle with LCBs, for port p: the NIC's outputs, the link
 * monitors, head-in/head-out times, what the NIC took from the source and
 * what the sink read, the checks of every cycle, and both channels' sends. */
static void port_outputs_lcb(sim_t *s, int p, uint64_t t, int in_window, int *fail) {
    const nr_rtr_out *po = s->po;
    const int V = s->nvcs;
    port_t *pt = &s->pt[p];
    nr_lcbp_in *ni = &s->nin[p];
    nr_lcbp_out *no = &s->nout[p];
    nr_lcbp_eval(pt->nic, ni, no);
    for (int b = 0; b < NR_EV_COUNT; b++)
        if (no->ev >> b & 1) pt->ev_nic[b]++;
    /* router input framing (head-in cycles) and the two link
     * monitors: a packet or control word accepted over damaged
     * link cycles is a CRC escape */
    unsigned lm_in = nr_linkmon_step(&pt->mon_in, (int64_t)t, s->rin.link_rx[p], po->ev[p]);
    unsigned lm_nic = nr_linkmon_step(&pt->mon_nic, (int64_t)t, ni->link_rx, no->ev);
    if ((lm_in | lm_nic) & NR_LM_ACC_OOO) {
        *fail = 1;
        say(s, "FAIL cycle %" PRIu64 " port %d: the %s's receiver accepted a packet that "
            "arrived in recovery before a replay marker (link-protocol 8.3: it must be "
            "refused)\n", t, p, lm_in & NR_LM_ACC_OOO ? "router" : "NIC");
    }
    if (lm_in & (NR_LM_ACC_DAMAGED | NR_LM_CW_DAMAGED))
        note_escape(s, fail, t, p, "router", &pt->mon_in, lm_in);
    if (lm_nic & (NR_LM_ACC_DAMAGED | NR_LM_CW_DAMAGED))
        note_escape(s, fail, t, p, "NIC", &pt->mon_nic, lm_nic);
    int kin = pt->mon_in.kind;
    if (kin != NR_LM_IDLE || (s->rin.link_rx[p] & NR_DATA_MASK)) hist_add(pt, (int64_t)t, 0, s->rin.link_rx[p], kin);
    /* A replayed packet the router's receiver drops as a duplicate
     * (RX_DUP, raised on its HEAD cycle) is not a new packet: it
     * must not take the next packet's record. Replays happen
     * without injected errors too (timeout below the round trip),
     * and each one used to shift every later head-in time. */
    if (kin == NR_KIND_HEAD && !(po->ev[p] >> NR_EV_RX_DUP & 1)) {
        uint64_t ri;
        if (fifo_pop(&pt->head_wait, &ri) == 0 && ri != UINT64_MAX) s->rec[ri].head_in = t - s->t0;
    }
    int kout = nr_link_frame(&pt->fin_out, po->link_tx[p]);
    if (kout != NR_LM_IDLE || (po->link_tx[p] & NR_DATA_MASK)) hist_add(pt, (int64_t)t, 1, po->link_tx[p], kout);
    /* Only a new packet's head counts as its head-out. The router's
     * TX raises TX_PKT when it takes a new packet and puts the head
     * on its registered link_tx a cycle later; a head with no
     * TX_PKT before it is a replayed copy, which the NIC drops as
     * a duplicate (or takes instead of a lost original, but then
     * link errors are on and rtr_lat is not measured). */
    if (kout == NR_KIND_HEAD && pt->tx_new > 0) {
        unsigned vc = (po->link_tx[p] >> NR_HEAD_VC_LSB) & 3;
        fifo_push(&pt->heads_out[vc % V], t - s->t0);
        pt->tx_new--;
    }
    pt->tx_new += po->ev[p] >> NR_EV_TX_PKT & 1;
    if (kout >= 0) s->phit_hops++;
    /* source: what the NIC took */
    if (ni->tx_valid && no->tx_ready) {
        if (pt->pos == 0) {
            if (pt->unroutable || !s->meas_rlat) fifo_push(&pt->head_wait, UINT64_MAX);
            else fifo_push(&pt->head_wait, pt->rec);
        }
        if (++pt->pos == pt->len) pt->len = 0;
    } else if (ni->tx_valid && pt->pos > 0) {
        check_fired(s, fail, "cycle %" PRIu64 " port %d: NIC TX refused a mid-packet phit\n", t, p);
    }
    for (int v = 0; v < V; v++)
        if (no->credits[v] > (uint32_t)s->g.lcb.buf_per_vc)
            check_fired(s, fail, "cycle %" PRIu64 " port %d: NIC credits[%d] = %u > %d\n", t,
                        p, v, no->credits[v], s->g.lcb.buf_per_vc);
    if (no->link_down && !pt->down_seen)
        check_fired(s, fail, "cycle %" PRIu64 " port %d: NIC link down\n", t, p);
    if (po->link_down[p] && !pt->down_seen)
        check_fired(s, fail, "cycle %" PRIu64 " port %d: router link down\n", t, p);
    pt->down_seen |= no->link_down || po->link_down[p];
    /* sink: data of the read issued last cycle */
    if (no->rd_valid) {
        int v = pt->rd_vc;
        uint64_t ho = UINT64_MAX;
        if (nr_phit_kind(no->rd_phit) == NR_KIND_HEAD) {
            unsigned hv = nr_head_vc(no->rd_phit) % V;
            if (fifo_pop(&pt->heads_out[hv], &ho)) ho = UINT64_MAX;
        }
        sink_phit(s, p, v, no->rd_phit, t, ho, in_window);
    }
    if (ni->rd_en) pt->rd_vc = ni->rd_vc;
    lcb_ch_send(pt->dn, po->link_tx[p]);
    lcb_ch_send(pt->up, no->link_tx);
}

/* Step 4 of a cycle for a bare router, port p: the phit the router took
 * from the source, the credits it freed, and the phit its output sent. */
static void port_outputs_bare(sim_t *s, int p, uint64_t t, int in_window, int *fail) {
    const nr_rtr_out *po = s->po;
    const int V = s->nvcs;
    port_t *pt = &s->pt[p];
    if (s->rin.in_valid[p]) {
        hist_add(pt, (int64_t)t, 0, s->rin.in_phit[p], nr_phit_kind(s->rin.in_phit[p]));
        if (pt->pos == 0 && !pt->unroutable) s->rec[pt->rec].head_in = t - s->t0;
        pt->cred[pt->vc]--;
        if (++pt->pos == pt->len) pt->len = 0;
    }
    for (int v = 0; v < V; v++) {
        pt->cred[v] += po->in_cr[p][v];
        if (pt->cred[v] > (uint32_t)s->g.in_buf_per_vc) {
            *fail = 1;
            say(s, "FAIL cycle %" PRIu64 " port %d: input credits[%d] = %u > %d\n", t, p,
                v, pt->cred[v], s->g.in_buf_per_vc);
            pt->cred[v] = s->g.in_buf_per_vc;
        }
    }
    if (po->out_valid[p]) {
        uint32_t ph = po->out_phit[p];
        hist_add(pt, (int64_t)t, 1, ph, nr_phit_kind(ph));
        s->phit_hops++;
        /* the packet's VC: from its head (output ports send one
         * packet at a time) */
        if (nr_phit_kind(ph) == NR_KIND_HEAD) pt->cur_vc = nr_head_vc(ph) % V;
        fifo_push(&pt->hold, (uint64_t)pt->cur_vc);
        sink_phit(s, p, 0, ph, t, t - s->t0, in_window);
    }
}

/* After the run: is anything still on its way (packets expected, a source
 * or sink mid-packet, credits not home, a NIC queue, a control channel out of
 * sync, an outage)? */
static int run_busy(sim_t *s) {
    const int V = s->nvcs;
    int busy = s->sb.outstanding > 0;
    for (int p = 0; p < s->nports && !busy; p++) {
        port_t *pt = &s->pt[p];
        if (pt->len) busy = 1;
        for (int v = 0; v < V; v++)
            if (pt->alen[v]) busy = 1;
        if (s->g.use_lcb) {
            nr_lcbp_out pk;
            nr_lcbp_peek(pt->nic, &pk);
            if (pk.rd_avail || !pk.ctl_sync) busy = 1;
            for (int v = 0; v < V; v++)
                if (pk.credits[v] != (uint32_t)s->g.lcb.buf_per_vc || pk.occ[v]) busy = 1;
            if (lcb_ch_in_outage(pt->up) || lcb_ch_in_outage(pt->dn)) busy = 1;
        } else {
            if (pt->hold.n) busy = 1;
            for (int v = 0; v < V; v++)
                if (pt->cred[v] != (uint32_t)s->g.in_buf_per_vc) busy = 1;
        }
    }
    return busy;
}

/* The credits and queues that kept the run from draining. */
static void report_not_drained(sim_t *s) {
    const int V = s->nvcs;
    for (int p = 0; p < s->nports; p++) {
        port_t *pt = &s->pt[p];
        if (s->g.use_lcb) {
            nr_lcbp_out pk;
            nr_lcbp_peek(pt->nic, &pk);
            for (int v = 0; v < V; v++)
                if (pk.credits[v] != (uint32_t)s->g.lcb.buf_per_vc || pk.occ[v])
                    say(s, "  port %d vc %d: NIC credits %u/%d, NIC queue %u phits\n", p,
                        v, pk.credits[v], s->g.lcb.buf_per_vc, pk.occ[v]);
        } else {
            for (int v = 0; v < V; v++)
                if (pt->cred[v] != (uint32_t)s->g.in_buf_per_vc)
                    say(s, "  port %d vc %d: input credits %u/%d\n", p, v, pt->cred[v],
                        s->g.in_buf_per_vc);
        }
    }
}

/* The checks at the end of a run: the scoreboard (every packet delivered),
 * the drop counts by reason and port, the models' own error reports. */
static void final_checks(sim_t *s, rtr_result *r, int *fail) {
    /* ---- final checks ---- */
    r->bad_discards = s->sb.tx_err_discards + s->sb.soft_discards;
    if (!s->diverged) {
        uint64_t sbe = nr_sb_final(&s->sb);
        r->sb_errors = sbe;
        if (sbe) {
            check_fired(s, fail, "scoreboard: %" PRIu64 " error(s)\n", sbe);
            if (s->esc_cycle < 0) nr_sb_report(&s->sb, s->out);
        }
    }
    for (int p = 0; p < s->nports; p++) {
        port_t *pt = &s->pt[p];
        uint64_t nd = 0, ne = 0;
        for (int k = 0; k < 8; k++) {
            nd += pt->drops[k];
            ne += pt->sent_drop[k];
        }
        r->drops += nd;
        r->drops_expected += ne;
        r->retries += pt->ev_rtr[NR_EV_TX_REPLAY] + pt->ev_nic[NR_EV_TX_REPLAY];
        if (s->diverged) continue;
        /* drops must match, reason by reason, the packets sent from this input
         * to be dropped (unroutable: NO_ROUTE; turns without a crosspoint:
         * SELF, UPUP); with link errors a corrupted head may add drops, at most
         * one per packet that failed on this input's link */
        uint64_t slack = s->errors_on ? pt->ev_rtr[NR_EV_RX_CRC] + pt->ev_rtr[NR_EV_RX_CLIP] : 0;
        int bad = nd > ne + slack;
        for (int k = 0; k < 8; k++) bad |= pt->drops[k] < pt->sent_drop[k];
        if (bad && s->esc_cycle >= 0) {
            check_fired(s, fail, "port %d: %" PRIu64 " RT_DROP, %" PRIu64 " packets sent to be dropped\n",
                        p, nd, ne);
        } else if (bad) {
            *fail = 1;
            say(s, "FAIL port %d: %" PRIu64 " RT_DROP, %" PRIu64 " packets sent to be dropped, %" PRIu64
                   " bad packets on the link; by reason (dropped/sent):",
                p, nd, ne, slack);
            for (int k = 1; k < 8; k++)
                if (pt->drops[k] || pt->sent_drop[k])
                    say(s, " %d:%" PRIu64 "/%" PRIu64, k, pt->drops[k], pt->sent_drop[k]);
            say(s, "\n");
        }
    }
    char mbuf[512];
    if (nr_rtr_valid(s->m) && nr_rtr_errors(s->m, mbuf, sizeof mbuf))
        check_fired(s, fail, "model interface errors: %s\n", mbuf);
    if (s->g.use_lcb)
        for (int p = 0; p < s->nports; p++)
            if (nr_lcbp_errors(s->pt[p].nic, mbuf, sizeof mbuf))
                check_fired(s, fail, "NIC %d LCB model errors: %s\n", p, mbuf);
}

/* The run's statistics: loads, latencies, the hotspot shares (and their
 * fairness check), and the link errors' escapes and residual. */
static void final_stats(sim_t *s, rtr_result *r, int *fail) {
    const rtr_opts *o = s->o;
    const int P = s->nports;
    /* ---- statistics ---- */
    nr_stats_summary_t sm;
    nr_stats_summary(&s->st, &sm);
    r->offered = sm.offered;
    r->accepted = sm.accepted;
    r->measured_pkts = sm.labeled;
    r->unfinished = sm.outstanding;
    r->lat_mean = sm.mean;
    r->lat_p50 = sm.p50;
    r->lat_p99 = sm.p99;
    r->lat_max = sm.max;
    if (s->rlat_bad)
        say(s, "note: rtr_lat not reported: %" PRIu64 " packets had their head leave the router "
               "before it entered (head-in/head-out pairing lost)\n", s->rlat_bad);
    r->rlat_mean = s->rlat_n && !s->rlat_bad ? s->rlat_sum / (double)s->rlat_n : -1;
    r->rlat_min = s->rlat_n && !s->rlat_bad ? (double)s->rlat_min : -1;
    if (o->hot_port >= 0 && o->hot_port < P) {
        uint64_t tot = 0;
        for (int i = 0; i < P; i++) tot += s->pt[o->hot_port].share_from[i];
        double sum = 0, sq = 0;
        r->share_min = 1e9;
        r->share_max = 0;
        for (int i = 0; i < P; i++) {
            double x = tot ? (double)s->pt[o->hot_port].share_from[i] / (double)tot : 0;
            r->share[i] = x;
            sum += x;
            sq += x * x;
            if (x < r->share_min) r->share_min = x;
            if (x > r->share_max) r->share_max = x;
        }
        r->jain = sq > 0 ? sum * sum / (P * sq) : 0;
        if (o->share_tol > 0 && s->esc_cycle < 0) {
            double ideal = 1.0 / P;
            for (int i = 0; i < P; i++)
                if (r->share[i] < ideal * (1 - o->share_tol) || r->share[i] > ideal * (1 + o->share_tol)) {
                    *fail = 1;
                    say(s, "FAIL hotspot fairness: input %d has %.4f of output %d (ideal %.4f, "
                           "tolerance +-%.0f%%)\n",
                        i, r->share[i], o->hot_port, ideal, 100 * o->share_tol);
                }
        }
    }
    /* link errors: escapes and what the channels did */
    r->esc_cycle = s->esc_cycle;
    r->after_esc = s->after_esc;
    r->e2e_caught = s->e2e_caught;
    r->residual = s->residual;
    if (s->e2e_fail) *fail = 1;
    if (s->g.use_lcb)
        for (int p = 0; p < s->nports; p++) {
            const nr_linkmon *ms[2] = {&s->pt[p].mon_in, &s->pt[p].mon_nic};
            for (int i = 0; i < 2; i++) {
                r->escapes += ms[i]->escapes;
                r->ctl_escapes += ms[i]->cw_escapes;
                r->cw_damaged += ms[i]->cw_damaged;
                r->dmg_checked += ms[i]->dmg_checked;
                r->dmg_frame += ms[i]->dmg_frame;
                r->dmg_detected += ms[i]->dmg_detected;
                r->dmg_ooo += ms[i]->dmg_ooo;
                r->exp_escapes += ms[i]->exp_escapes;
            }
            r->err_link_cycles += lcb_ch_get_stats(s->pt[p].up)->err_cycles +
                                  lcb_ch_get_stats(s->pt[p].dn)->err_cycles;
        }
}

/* Open the FST window when its first cycle comes: -1 (err set) if the build
 * cannot write it. Once, and the run then stops (exit 2): no PASS without the
 * trace that was asked for. */
static int trace_open(sim_t *s, uint64_t t, char *err, int errlen) {
    const rtr_opts *o = s->o;
    if (!o->trace_path || !nr_rtr_can_trace(s->r) || s->tracing || o->trace_from < 0 ||
        (int64_t)t < o->trace_from || (int64_t)t > o->trace_to)
        return 0;
    if (s->r.ops->trace(s->r.h, o->trace_path) == 0) {
        s->tracing = 1;
        return 0;
    }
    snprintf(err, errlen, "--trace-out %s: the RTL build (%s) could not open the FST "
             "trace; no trace written", o->trace_path, s->r.ops->name);
    return -1;
}

/* 1. Generation at stats cycle ts: -1 (err set) out of memory. */
static int generate(sim_t *s, uint64_t ts, char *err, int errlen) {
    for (int p = 0; p < s->nports; p++) {
        int g = nr_inj_tick(&s->pt[p].inj, ts, &s->tp);
        if (g < 0) {
            snprintf(err, errlen, "source queue: out of memory");
            return -1;
        }
        if (g > 0) {
            const nr_inj_t *ij = &s->pt[p].inj;
            const nr_inj_pkt_t *last = &ij->q[(ij->qhead + ij->qlen - 1) % ij->qcap];
            nr_stats_generated(&s->st, p, last->len, ts);
        }
    }
    return 0;
}

/* 2. The router's inputs of cycle t: a table write while there are any,
 * then every port's link or bare input. */
static void drive_inputs(sim_t *s, uint64_t t, int phase_end) {
    nr_rtr_in *in = &s->rin;
    in->cfg_we = 0;
    if (t < (uint64_t)s->ncfgw) {
        in->cfg_we = 1;
        in->cfg_bcast = s->cfgw[t].bcast;
        in->cfg_tile = s->cfgw[t].tile;
        in->cfg_addr = s->cfgw[t].addr;
        in->cfg_wdata = s->cfgw[t].wdata;
    }
    for (int p = 0; p < s->nports; p++) port_inputs(s, p, t, phase_end);
}

/* --fault: one flipped output bit of the second implementation, to prove the
 * lockstep comparison fires. */
static void inject_fault(sim_t *s, uint64_t t, nr_rtr_out *ro) {
    const rtr_opts *o = s->o;
    if ((o->impl != RTR_RUN_SELF && o->impl != RTR_RUN_LOCKSTEP) || (int64_t)t != o->fault_cycle)
        return;
    int fp = o->fault_port % s->nports;
    if (s->g.use_lcb) ro->link_tx[fp] ^= 1u << 3; /* a data bit */
    else if (ro->out_valid[fp]) ro->out_phit[fp] ^= 1u << 3;
    else ro->in_cr[fp][0] ^= 1u;
}

/* 4. Every port's outputs of cycle t. */
static void take_outputs(sim_t *s, const nr_rtr_out *po, uint64_t t, int in_window, int *fail) {
    for (int p = 0; p < s->nports; p++) {
        port_t *pt = &s->pt[p];
        if (po->tev[p] >> NR_TEV_RT_DROP & 1) pt->drops[(po->tev[p] >> NR_TEV_REASON_LSB) & 7]++;
        for (int b = 0; b < NR_EV_COUNT; b++)
            if (po->ev[p] >> b & 1) pt->ev_rtr[b]++;
        if (s->g.use_lcb) port_outputs_lcb(s, p, t, in_window, fail);
        else port_outputs_bare(s, p, t, in_window, fail);
    }
}

/* 5. Clock edge of the routers and the NICs; close the FST window at its end. */
static void clock_edge(sim_t *s, uint64_t t) {
    const rtr_opts *o = s->o;
    if (nr_rtr_valid(s->m)) nr_rtr_tick(s->m);
    if (nr_rtr_valid(s->r)) nr_rtr_tick(s->r);
    if (s->g.use_lcb)
        for (int p = 0; p < s->nports; p++) nr_lcbp_tick(s->pt[p].nic);
    if (s->tracing && (int64_t)t >= o->trace_to) {
        s->r.ops->trace_stop(s->r.h);
        s->tracing = 0;
        say(s, "rtr: FST window cycles %" PRId64 "..%" PRId64 " written to %s\n", o->trace_from,
            o->trace_to, o->trace_path);
    }
}

/* 6. The end of the measurement: stop the sources and the link errors. */
static void end_traffic(sim_t *s) {
    for (int p = 0; p < s->nports; p++) {
        port_t *pt = &s->pt[p];
        while (nr_inj_depth(&pt->inj)) nr_inj_pop(&pt->inj);
        if (s->g.use_lcb) {
            lcb_ch_enable(pt->up, 0);
            lcb_ch_enable(pt->dn, 0);
        }
    }
}

/* The flush after the run: 1 when it is over (drained and quiet a while, or
 * past --flush-max, which fails). Credits come back before the route stage
 * drops a packet's last phits, and with LCBs a few control words must go by
 * for late credits to land, hence the quiet time. */
static int flush_done(sim_t *s, uint64_t t, uint64_t flush_start, int *fail) {
    const rtr_opts *o = s->o;
    int busy = run_busy(s);
    if (busy) s->quiet_since = 0;
    else if (!s->quiet_since) s->quiet_since = t;
    if (!busy && t - s->quiet_since > (s->g.use_lcb ? 4 * 64u : 64u)) return 1;
    if (t - flush_start > o->flush_max) {
        check_fired(s, fail, "network did not drain within %" PRIu64 " cycles after the run: "
                    "%" PRIu64 " packets outstanding\n", o->flush_max, s->sb.outstanding);
        report_not_drained(s);
        return 1;
    }
    return 0;
}

int rtr_run(const rtr_opts *o, rtr_result *r, FILE *out, char *err, int errlen) {
    sim_t S, *s = &S;
    memset(r, 0, sizeof *r);
    r->div_cycle = -1;
    if (sim_setup(s, o, out, err, errlen)) {
        sim_free(s);
        return -1;
    }
    const uint64_t t_cfg = (uint64_t)s->ncfgw + 2; /* traffic starts after the table writes */
    const uint64_t t0 = t_cfg;                      /* stats cycle 0 */
    s->t0 = t0;
    nr_rtr_out mo, ro;
    uint64_t t = 0;
    int phase_end = 0;    /* 0 running, 1 flushing */
    uint64_t flush_start = 0;
    int fail = 0;
    struct timespec w0, w1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &w0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    uint64_t next_prog = 0;

    for (;; t++) {
        /* stats-relative cycle of the traffic phases */
        uint64_t ts = t >= t0 ? t - t0 : 0;
        int gen = t >= t0 && !phase_end;
        int in_window = t >= t0 && ts >= o->warmup && ts < o->warmup + o->measure;
        if (o->progress && t >= next_prog) {
            say(s, "  cycle %" PRIu64 " (%s)%s\n", t,
                t < t0 ? "config" : phase_end ? "flush" : nr_stats_phase_name(nr_stats_phase(&s->st, ts)),
                "");
            next_prog = t + 20000;
        }
        if (trace_open(s, t, err, errlen) || (gen && generate(s, ts, err, errlen))) {
            sim_free(s);
            return -1;
        }
        drive_inputs(s, t, phase_end);
        /* 3. evaluate */
        if (nr_rtr_valid(s->m)) nr_rtr_eval(s->m, &s->rin, &mo);
        if (nr_rtr_valid(s->r)) nr_rtr_eval(s->r, &s->rin, &ro);
        inject_fault(s, t, &ro);
        const nr_rtr_out *po = s->po = nr_rtr_valid(s->r) ? &ro : &mo;
        if (nr_rtr_valid(s->m) && nr_rtr_valid(s->r) && !s->diverged && compare(s, (int64_t)t, &mo, &ro)) {
            r->mismatches++;
            r->div_cycle = (int64_t)t;
            fail = 1;
        }
        take_outputs(s, po, t, in_window, &fail);
        clock_edge(s, t);
        if (s->diverged) {
            /* keep going only to finish a trace window */
            if (!(s->tracing && (int64_t)t < o->trace_to)) break;
            continue;
        }
        if (fail && !s->tracing) break;

        /* 6. phases */
        if (!phase_end && t >= t0 && nr_stats_done(&s->st, ts)) {
            phase_end = 1;
            flush_start = t;
            end_traffic(s);
        }
        if (phase_end && flush_done(s, t, flush_start, &fail)) break;
    }
    clock_gettime(CLOCK_MONOTONIC, &w1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    if (s->tracing) {
        s->r.ops->trace_stop(s->r.h);
        say(s, "rtr: FST written to %s (run ended at cycle %" PRIu64 ")\n", o->trace_path, t);
    }
    r->cycles = t + 1;
    r->wall_s = (double)(w1.tv_sec - w0.tv_sec) + 1e-9 * (double)(w1.tv_nsec - w0.tv_nsec);
    r->cpu_s = (double)(c1.tv_sec - c0.tv_sec) + 1e-9 * (double)(c1.tv_nsec - c0.tv_nsec);
    r->cycles_per_s = r->cpu_s > 0 ? (double)r->cycles / r->cpu_s : 0;
    r->phit_hops = s->phit_hops;
    r->phit_hops_per_s = r->cpu_s > 0 ? (double)s->phit_hops / r->cpu_s : 0;

    final_checks(s, r, &fail);
    final_stats(s, r, &fail);
    r->pass = !fail && !s->diverged;
    sim_free(s);
    return 0;
}
