/* harness.c - endpoints, links, scoreboard, statistics and lockstep around one
 * router (harness.h). Organization-independent: everything specific to a
 * switch comes through rtr_org / rtr_impl and is an nr_rtr. */
#define _POSIX_C_SOURCE 200809L
#include "harness_int.h"
#include "nr_src.h"

#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>

/* A check fired. Before any CRC escape it is a failure; after one, the
 * packets and credits the check judges may carry the escape's damage, so it
 * is counted and printed, not judged (the first few). */
void h_check_fired(sim_t *s, int *fail, const char *fmt, ...)
{
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
void h_note_escape(sim_t *s, int *fail, uint64_t t, int p, const char *who, const nr_linkmon *m,
                   unsigned lm)
{
    if (lm & NR_LM_ACC_DAMAGED)
        fprintf(
            s->out,
            "ESCAPE cycle %" PRIu64 " port %d: the %s's receiver accepted a packet "
            "(head at cycle %" PRId64 ", VC %d, %d phits) with %d data bit(s) flipped%s by the "
            "channel%s; its link CRC-16 matched (an undetectable error, not a design failure)\n",
            t, p, who, m->last_head_cycle, m->dec_vc, m->last_nph, m->last_wt,
            m->last_frame ? " and its framing changed" : "",
            m->last_ooo ? ", arriving out of order behind a bad packet" : "");
    if (lm & NR_LM_CW_DAMAGED)
        fprintf(
            s->out,
            "ESCAPE cycle %" PRIu64 " port %d: the %s's receiver accepted a control "
            "word whose C bits the channel damaged; it passed the CRC-16 and the range checks\n",
            t, p, who);
    if (s->esc_cycle < 0) {
        s->esc_cycle = (int64_t)t;
        if (s->o->no_escapes) {
            *fail = 1;
            fprintf(s->out, "FAIL: a CRC escape (--no-escapes)\n");
        } else {
            fprintf(s->out,
                    "rtr: from cycle %" PRIu64 " the scoreboard, credits and drain are "
                    "not judged%s; the run goes on to count what reaches the sinks\n",
                    t, nr_rtr_valid(s->m) && nr_rtr_valid(s->r) ? " (the lockstep still is)" : "");
        }
    }
}

static int port_of_cb(void *ctx, unsigned dest)
{
    sim_t *s = ctx;
    int q = s->o->org->port_of(&s->g, s->o->route, dest);
    return q < 0 ? -1 : q;
}

/* The organization's route check (rtr_org.port_ok): the output a whole packet
 * may leave by, for tables whose choice depends on more than dest (input
 * port, a and h bits, hash or route phit). It replaces port_of_cb. */
static int route_ok_cb(void *ctx, unsigned src, const uint32_t *ph, int len, int port, int *ep)
{
    sim_t *s = ctx;
    /* the VC the packet left on: known while a delivery is checked; a VC
     * the router allocated within the class it gives (va_per, va_hop)
     * counts as the sent one */
    int ovc = port >= 0 ? s->deliv_vc : -1;
    if (ovc >= 0 && s->g.va_per && ovc / s->g.va_per == rtr_va_cls(&s->g, nr_head_vc(ph[0])))
        ovc = (int)nr_head_vc(ph[0]);
    int ok = s->o->org->port_ok(&s->g, s->o->route, s->o->upstat, (int)src, ph, len, port, ovc, ep);
    if (!ok && port >= 0 && s->o->route == NR_ROUTE_FBFLY && s->fb_explained++ < 5) {
        /* the scoreboard names ports only: say which VC it left on and what
         * the rule allows */
        char why[600];
        nr_route_fb_explain(&s->g, (int)src, ph, len, why, (int)sizeof why);
        h_say(s, "route check: left by port %d on VC %d; %s\n", port, s->deliv_vc, why);
    }
    return ok;
}

void rtr_fmt_core(uint32_t ph, char *buf, int n)
{
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

void h_say(sim_t *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(s->out, fmt, ap);
    va_end(ap);
}

/* An array of *cap elements of size sz, doubled (first: first elements);
 * out of memory ends the run (exit 1). */
static void *grow(void *a, size_t *cap, size_t first, size_t sz)
{
    size_t nc = *cap ? *cap * 2 : first;
    void *n = realloc(a, nc * sz);
    if (!n) {
        fprintf(stderr, "rtr: out of memory\n");
        exit(1);
    }
    *cap = nc;
    return n;
}

/* A record for a new packet: a freed one if there is one, so that memory
 * follows the packets in flight, not the length of the run. */
static uint64_t new_rec(sim_t *s, uint64_t gen, int src, int len)
{
    if (s->nfree) {
        uint64_t i = s->freerec[--s->nfree];
        s->rec[i] = (prec_t){.gen = gen, .head_in = UINT64_MAX, .src = src, .len = len};
        return i;
    }
    if (s->nrec == s->caprec) s->rec = grow(s->rec, &s->caprec, 4096, sizeof *s->rec);
    prec_t *r = &s->rec[s->nrec];
    r->gen = gen;
    r->head_in = UINT64_MAX;
    r->src = src;
    r->len = len;
    return s->nrec++;
}

/* The packet of record i was delivered: its record can be reused. */
static void free_rec(sim_t *s, uint64_t i)
{
    if (s->nfree == s->capfree)
        s->freerec = grow(s->freerec, &s->capfree, 1024, sizeof *s->freerec);
    s->freerec[s->nfree++] = i;
}

/* --malformed (bare ports): the packet the source sends instead of its next
 * one, and the RT_DROP reason the router must give it (yarc-arch §4.2 and
 * §5 steps 1-2; the network switches use the same RC): a header that ends
 * early (SHORT), a VC >= NumVcs or reserved head bits (MALFORMED), a source
 * route to a port that does not exist (BAD_SRCROUTE), phits without a head
 * (MALFORMED: the bare port files them under the VC of its last HEAD, and
 * the router drops them up to and including the EOP, yarc-arch §4.2 and
 * §11). All on VC 0, as the unroutable packets: a stray only when the
 * port's last HEAD was on VC 0. */
static void src_malformed(sim_t *s, port_t *pt, unsigned dest)
{
    const int nvc = s->nvcs, np = s->nports;
    int kind = (int)nr_rng_below(&pt->rng_bad, 7);
    if (kind == 3 && nvc == NR_LCB_MAX_VCS) kind = 4; /* no VC number left over */
    if (kind == 5 && np >= 64) kind = 4;              /* every 6-bit hop is a port */
    if (kind == 6 && pt->vc != 0) kind = 4;           /* the stray would land on another VC */
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
    case 6: { /* no head: 0 to 2 BODY or RSVD-kind phits, then the EOP */
        int nb = (int)nr_rng_below(&pt->rng_bad, 3);
        for (int b = 0; b < nb; b++)
            pt->ph[n++] =
                nr_rng_below(&pt->rng_bad, 2)
                    ? body
                    : nr_phit_make(NR_KIND_RSVD, (uint32_t)nr_rng_below(&pt->rng_bad, 1u << 22));
        pt->drop_rs = NR_DROP_MALFORMED;
        break;
    }
    }
    pt->ph[n++] = eop;
    if (kind != 6) nr_pkt_fix_crc(pt->ph, n);
    pt->len = n;
    pt->pos = 0;
    pt->vc = 0;
    pt->unroutable = 1;
}

/* ---- source: start the next packet from the source queue ---- */
/* --src-vc free: the VC of the emptiest input queue (the most credits),
 * ties to the lowest VC. */
static unsigned src_vc_free(const sim_t *s, const port_t *pt)
{
    unsigned vc = 0;
    for (int v = 1; v < s->nvcs; v++)
        if (pt->vct.cred[v] > pt->vct.cred[vc]) vc = (unsigned)v;
    return vc;
}

static void src_start(sim_t *s, int p, uint64_t t)
{
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
    d.vc = s->o->src_vc_free ? src_vc_free(s, pt) : (unsigned)q->vc;
    d.src = p;
    const int fb = s->o->route == NR_ROUTE_FBFLY;
    /* --e2e: the source endpoint appends the end-to-end check, two phits
     * more than the generated length (docs/packet-format.md) */
    const int tail = s->o->e2e ? NR_E2E_PHITS : 0;
    d.e2e = s->o->e2e;
    d.len = q->len + tail;
    d.dest = q->dest;
    if (fb) {
        /* --route fbfly: the pattern's index stands for a node of the
         * network (nr_route_fb_dest); terminals send on their class's
         * phase-1 VC (docs/fbfly-routing.md 3), network ports on either */
        d.dest = nr_route_fb_dest(&s->g, q->dest, nr_rng_u64(&pt->rng_misc));
        if (s->nvcs % 2 == 0 && nr_route_fb_terminal(&s->g, p)) d.vc |= 1u;
    }
    pt->unroutable = 0;
    if (s->o->unroutable > 0 && nr_rng_bernoulli(&pt->rng_misc, s->o->unroutable)) {
        /* A destination this router cannot route: in single-router mode every
         * dest >= NumPorts is dropped with NO_ROUTE; in the fbfly mode every
         * node outside the network. */
        d.dest =
            fb ? nr_route_fb_outside(&s->g, nr_rng_u64(&pt->rng_misc))
               : s->nports + (unsigned)nr_rng_below(&pt->rng_misc, NR_DEST_MAX + 1 - s->nports);
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
    if (!pt->unroutable && s->o->route == NR_ROUTE_HOLES &&
        s->o->org->port_of(&s->g, s->o->route, d.dest) < 0) {
        /* --route holes: the DLUT sends dest to a logical port whose L2P entry
         * is invalid; the remap step drops it with NO_ROUTE (VC 0, as above). */
        pt->unroutable = 1;
        pt->drop_rs = NR_DROP_NO_ROUTE;
        d.vc = 0;
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
        if (d.len > s->g.max_pkt_len) {
            d.r = 0;
            d.h = 0;
            d.len = q->len + tail;
        }
    }
    if (s->o->adaptive > 0 && !pt->unroutable && nr_rng_bernoulli(&pt->rng_misc, s->o->adaptive))
        d.a = 1; /* adaptive routing wherever the switch has a choice */
    /* unroutable packets are never delivered: their own sequence, no
     * record (pt->rec unused) and nothing expected */
    if (pt->unroutable) d.seq = pt->useq++ & NR_SEQ_MASK;
    pt->rec = pt->unroutable ? UINT64_MAX : new_rec(s, q->gen_cycle, p, 0);
    /* The expected packet at the output: a router that uses the route phit
     * rotates it left by 6 bits and repairs the PCRC. */
    nr_src_expect_t x = {1, 1, t, pt->rec};
    if (!pt->unroutable && s->o->org->may_reorder)
        x.ordered =
            !s->o->org->may_reorder(&s->g, s->o->route, p, d.dest, d.vc, (int)d.a, (int)d.h);
    char err[300];
    int len = nr_src_start(pt->unroutable ? NULL : &s->sb, &d, pt->ph, PKT_CAP,
                           pt->unroutable ? NULL : &x, err, sizeof err);
    if (len < 0) {
        fprintf(stderr, "rtr: %s\n", err);
        exit(1);
    }
    pt->len = len;
    pt->pos = 0;
    pt->vc = d.vc;
    if (pt->unroutable) {
        pt->sent_drop[pt->drop_rs]++;
        if (pt->drop_rs == NR_DROP_NO_ROUTE) pt->sent_unroutable++;
        nr_stats_dropped(&s->st, q->gen_cycle); /* never delivered, on purpose */
    } else {
        s->rec[pt->rec].len = len;
    }
    nr_inj_pop(&pt->inj);
}

/* --route fbfly, or a router that allocates VCs (rtr_geom.va_per): a route
 * may change the packet's VC (docs/fbfly-routing.md 5): the router rewrites the head's vc field and repairs the PCRC. A
 * delivered packet whose PCRC matches its contents and whose VC differs from
 * the one its tag says it was sent on is handed to the scoreboard as it was
 * sent (the sent VC back in the head, the PCRC recomputed), so that every
 * other phit is compared exactly; the route check (port_ok) judges the VC it
 * left on (s->deliv_vc). A packet whose PCRC does not match is handed over as
 * it is, and the scoreboard reports it. */
static const uint32_t *fb_normalize(sim_t *s, const uint32_t *ph, int len, uint32_t *buf)
{
    nr_pkt_info_t in;
    if (len < 2 || len > PKT_CAP || nr_pkt_parse(ph, len, s->nvcs, 0, &in) != NR_PKT_GOOD ||
        !in.has_tag)
        return ph;
    /* the baseline VC router (nwn-arch 1.7): only within the class it gives
     * the sent VC's (VaHop: the next, the last kept; counted) */
    const int c = s->g.va_per ? (int)in.tag_vc / s->g.va_per : 0;
    const int want = s->g.va_per ? rtr_va_cls(&s->g, in.tag_vc) : 0;
    if (s->g.va_per && (int)in.vc / s->g.va_per != want) {
        if (s->esc_cycle < 0 && s->va_off++ < 5) /* judged up to a link escape */
            h_say(s, "FAIL: a packet sent on VC %u left on VC %u, not of class %d\n", in.tag_vc,
                  in.vc, want);
        return ph;
    }
    s->va_up += s->g.va_hop && want != c;
    s->va_kept += s->g.va_hop && want == c;
    if (in.tag_vc == in.vc) return ph;
    memcpy(buf, ph, sizeof(uint32_t) * (size_t)len);
    buf[0] = (buf[0] & ~(3u << NR_HEAD_VC_LSB)) | (uint32_t)in.tag_vc << NR_HEAD_VC_LSB;
    nr_pkt_fix_crc(buf, len);
    return buf;
}

/* ---- sink: a whole packet arrived at output p ---- */
static void sink_packet(sim_t *s, int p, const uint32_t *ph, int len, uint64_t t, uint64_t head_out,
                        int in_window)
{
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
            h_say(s,
                  "FAIL cycle %" PRIu64 " port %d: a healthy packet failed the end-to-end check "
                  "with no link escape before it\n",
                  t, p);
        } else if (s->e2e_caught <= 5) {
            h_say(s,
                  "E2E cycle %" PRIu64 " port %d: the end-to-end check caught a damaged packet "
                  "(%d phits) and discarded it\n",
                  t, p, len);
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
    s->deliv_vc = (int)nr_head_vc(ph[0]);
    uint32_t norm[PKT_CAP];
    if (s->o->route == NR_ROUTE_FBFLY || s->g.va_per) ph = fb_normalize(s, ph, len, norm);
    nr_sb_deliver(&s->sb, p, ph, len, t, &m);
    s->deliv_vc = -1;
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

void h_sink_phit(sim_t *s, int p, int vc, uint32_t ph, uint64_t t, uint64_t head_out, int in_window)
{
    port_t *pt = &s->pt[p];
    int k = nr_phit_kind(ph);
    if (in_window) { /* a packet's phits should arrive one per cycle: count the gaps */
        s->sink_phits++;
        if (pt->gap_open && t > pt->gap_last + 1) s->out_gaps += t - pt->gap_last - 1;
    }
    pt->gap_last = t;
    pt->gap_open = k != NR_KIND_EOP;
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
void h_report_divergence(sim_t *s, int64_t t, int p, const char *field, uint32_t exp, uint32_t act,
                         int is_phit, const nr_rtr_out *mo, const nr_rtr_out *ro)
{
    port_t *pt = &s->pt[p];
    s->diverged = 1;
    s->div_cycle = t;
    s->div_port = p;
    snprintf(s->div_field, sizeof s->div_field, "%s", field);
    char e[128], a[128];
    if (is_phit) {
        s->ep->fmt_out(pt, exp, e, sizeof e);
        s->ep->fmt_out(pt, act, a, sizeof a);
    } else {
        snprintf(e, sizeof e, "0x%x", exp);
        snprintf(a, sizeof a, "0x%x", act);
    }
    snprintf(s->div_msg, sizeof s->div_msg,
             "LOCKSTEP MISMATCH cycle %" PRId64 " port %d field %s\n"
             "  expected (model)  : 0x%06x  %s\n  actual   (%-7s): 0x%06x  %s",
             t, p, field, exp, e, s->o->impl == RTR_RUN_SELF ? "model 2" : "RTL", act, a);
    h_say(s, "%s\n", s->div_msg);
    h_say(s,
          "  port %d all fields: model ev=0x%05x tev=0x%02x link_down=%d | DUT ev=0x%05x "
          "tev=0x%02x link_down=%d\n",
          p, mo->ev[p], mo->tev[p], mo->link_down[p], ro->ev[p], ro->tev[p], ro->link_down[p]);
    int n = pt->hn < HIST_MAX ? pt->hn : HIST_MAX;
    int show = s->o->hist < n ? s->o->hist : n;
    h_say(s, "  history of port %d (last %d phits in/out, oldest first):\n", p, show);
    for (int i = pt->hn - show; i < pt->hn; i++) {
        hent_t *h = &pt->hist[i % HIST_MAX];
        char b[128];
        s->ep->fmt_hist(h->ph, h->kind, b, sizeof b);
        h_say(s, "    %8" PRId64 " %s 0x%06x %s\n", h->cycle, h->dir ? "out" : "in ", h->ph, b);
    }
}

/* Compare the model's and the RTL's outputs of cycle t (common/rtrcmp.h).
 * 0 if equal; else the first difference is reported and -1. */
static int compare(sim_t *s, int64_t t, const nr_rtr_out *mo, const nr_rtr_out *ro)
{
    for (int p = 0; p < s->nports; p++) {
        tb_rtr_diff d = tb_rtr_cmp(mo, ro, p, s->g.use_lcb, s->nvcs);
        if (d.field) {
            h_report_divergence(s, t, p, d.field, d.a, d.b, d.phit, mo, ro);
            return -1;
        }
    }
    return 0;
}

/* ---- set-up and tear-down ---- */
static void sim_free(sim_t *s)
{
    if (s->pt) {
        for (int p = 0; p < s->nports; p++) {
            port_t *pt = &s->pt[p];
            nr_inj_free(&pt->inj);
            s->ep->release(pt);
            free(pt->head_wait.v);
            free(pt->hold.v);
            for (int v = 0; v < MAXV; v++) free(pt->heads_out[v].v);
        }
        free(s->pt);
    }
    if (s->tracing) { /* a run stopped by an error: no half-written trace */
        s->r.ops->trace_stop(s->r.h);
        s->tracing = 0;
        nr_out_abort(&s->fst);
    }
    nr_rtr_free(s->m);
    nr_rtr_free(s->r);
    nr_traffic_free(&s->tp);
    nr_sb_free(&s->sb);
    nr_stats_free(&s->st);
    free(s->rec);
    free(s->freerec);
}

static int sim_setup(sim_t *s, const rtr_opts *o, FILE *out, char *err, int errlen)
{
    memset(s, 0, sizeof *s);
    s->o = o;
    s->out = out;
    s->div_cycle = -1;
    s->esc_cycle = -1;
    s->rlat_min = UINT64_MAX;
    if (rtr_org_geom(o->org, &o->cfg, &s->g, err, errlen)) return -1;
    /* --route fbfly: the network the router is placed in (rtr_sim's options) */
    s->g.fb_alg = o->fb_alg;
    s->g.fb_dims = o->fb_dims;
    s->g.fb_me = o->fb_me;
    s->g.fb_charge = o->fb_charge;
    s->g.det_vcs = o->det_vcs;
    s->g.up_sel = o->up_sel;
    s->deliv_vc = -1;
    s->nports = s->g.num_ports;
    s->nvcs = s->g.num_vcs;
    s->all = s->nports >= 64 ? ~0ull : (1ull << s->nports) - 1;
    memset(&s->zero_out, 0, sizeof s->zero_out);
    s->zero_out.idle = s->all;
    /* implementations */
    const rtr_impl *impl_m = &rtr_model_impl, *impl_r = rtr_rtl_impl();
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
    s->hist_on = nr_rtr_valid(s->m) && nr_rtr_valid(s->r);
    if (o->trace_path && !nr_rtr_can_trace(s->r)) {
        snprintf(err, errlen,
                 "--trace-out: this run has no RTL that can trace (%s); a trace "
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
    if (!s->pt) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    s->ep = s->g.use_lcb ? &rtr_ep_lcb : &rtr_ep_bare;
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
        tb_vctsend_init(&pt->vct, s->nvcs, s->g.in_buf_per_vc, s->g.max_pkt_len);
        if (s->ep->init(s, p, err, errlen)) return -1;
    }
    return 0;
}

/* ---- the run ---- */
/* Port p's activity bits after a step (ports not stepped every cycle). */
static inline void port_act(sim_t *s, int p)
{
    const port_t *pt = &s->pt[p];
    const uint64_t b = 1ull << p;
    s->src_act = (s->src_act & ~b) | (uint64_t)(pt->len > 0 || pt->inj.qlen > 0) << p;
    s->sink_act = (s->sink_act & ~b) | (uint64_t)(pt->hold.n > 0) << p;
}

/* Step 2 of a cycle, for port p: the source starts or continues a packet
 * and the endpoint offers its phit and the sink's read or credit
 * (s->ep->inputs). */
static void port_inputs(sim_t *s, int p, uint64_t t, int phase_end)
{
    const rtr_opts *o = s->o;
    port_t *pt = &s->pt[p];
    /* A draw with probability 0 is skipped (h_chance): the idle and
     * backpressure streams serve nothing else, so the results stay the same. */
    if (pt->len == 0 && t >= s->t0 && !h_chance(&pt->rng_idle, o->src_idle)) src_start(s, p, t);
    int idle = pt->len > 0 && pt->pos > 0 && h_chance(&pt->rng_idle, o->src_idle);
    s->ep->inputs(s, p, idle, phase_end);
}
/* After the run: is anything still on its way (packets expected, a source
 * or sink mid-packet, credits not home, a NIC queue, a control channel out of
 * sync, an outage)? */
static int run_busy(sim_t *s)
{
    const int V = s->nvcs;
    int busy = s->sb.outstanding > 0;
    for (int p = 0; p < s->nports && !busy; p++) {
        port_t *pt = &s->pt[p];
        if (pt->len) busy = 1;
        for (int v = 0; v < V; v++)
            if (pt->alen[v]) busy = 1;
        if (s->ep->busy(s, p)) busy = 1;
    }
    return busy;
}

/* The credits and queues that kept the run from draining. */
static void report_not_drained(sim_t *s)
{
    for (int p = 0; p < s->nports; p++) s->ep->report_busy(s, p);
}

/* The checks at the end of a run: the scoreboard (every packet delivered),
 * the drop counts by reason and port, the models' own error reports. */
static void final_checks(sim_t *s, rtr_result *r, int *fail)
{
    /* ---- final checks ---- */
    r->bad_discards = s->sb.tx_err_discards + s->sb.soft_discards;
    r->out_gaps = s->out_gaps, r->sink_phits = s->sink_phits;
    if (!s->diverged) {
        uint64_t sbe = nr_sb_final(&s->sb);
        r->sb_errors = sbe;
        if (sbe) {
            h_check_fired(s, fail, "scoreboard: %" PRIu64 " error(s)\n", sbe);
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
            h_check_fired(s, fail,
                          "port %d: %" PRIu64 " RT_DROP, %" PRIu64 " packets sent to be dropped\n",
                          p, nd, ne);
        } else if (bad) {
            *fail = 1;
            h_say(s,
                  "FAIL port %d: %" PRIu64 " RT_DROP, %" PRIu64
                  " packets sent to be dropped, %" PRIu64
                  " bad packets on the link; by reason (dropped/sent):",
                  p, nd, ne, slack);
            for (int k = 1; k < 8; k++)
                if (pt->drops[k] || pt->sent_drop[k])
                    h_say(s, " %d:%" PRIu64 "/%" PRIu64, k, pt->drops[k], pt->sent_drop[k]);
            h_say(s, "\n");
        }
    }
    char mbuf[512];
    if (nr_rtr_valid(s->m) && nr_rtr_errors(s->m, mbuf, sizeof mbuf))
        h_check_fired(s, fail, "model interface errors: %s\n", mbuf);
    for (int p = 0; p < s->nports; p++) s->ep->final_checks(s, p, fail);
}

/* The run's statistics: loads, latencies, the hotspot shares (and their
 * fairness check), and the link errors' escapes and residual. */
static void final_stats(sim_t *s, rtr_result *r, int *fail)
{
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
        h_say(s,
              "note: rtr_lat not reported: %" PRIu64 " packets had their head leave the router "
              "before it entered (head-in/head-out pairing lost)\n",
              s->rlat_bad);
    r->rlat_mean = s->rlat_n && !s->rlat_bad ? s->rlat_sum / (double)s->rlat_n : -1;
    r->rlat_min = s->rlat_n && !s->rlat_bad ? (double)s->rlat_min : -1;
    /* hotspot fairness: each hot output's phits of the window by input */
    r->share_min = 1e9;
    r->share_max = 0;
    r->jain = 1;
    for (int h = 0; h < o->nhot_ports; h++) {
        const int hp = o->hot_ports[h];
        uint64_t tot = 0;
        for (int i = 0; i < P; i++) tot += s->pt[hp].share_from[i];
        double sum = 0, sq = 0;
        for (int i = 0; i < P; i++) {
            double x = tot ? (double)s->pt[hp].share_from[i] / (double)tot : 0;
            if (h == 0) r->share[i] = x;
            sum += x;
            sq += x * x;
            if (x < r->share_min) r->share_min = x;
            if (x > r->share_max) r->share_max = x;
            if (o->share_tol > 0 && s->esc_cycle < 0 &&
                (x < (1.0 / P) * (1 - o->share_tol) || x > (1.0 / P) * (1 + o->share_tol))) {
                *fail = 1;
                h_say(s,
                      "FAIL hotspot fairness: input %d has %.4f of output %d (ideal %.4f, "
                      "tolerance +-%.0f%%)\n",
                      i, x, hp, 1.0 / P, 100 * o->share_tol);
            }
        }
        double j = sq > 0 ? sum * sum / (P * sq) : 0;
        if (j < r->jain) r->jain = j;
    }
    /* link errors: escapes and what the channels did */
    r->esc_cycle = s->esc_cycle;
    r->after_esc = s->after_esc;
    r->e2e_caught = s->e2e_caught;
    r->residual = s->residual;
    if (s->e2e_fail || s->va_off) *fail = 1; /* va_off: nwn-arch 1.7 */
    r->va_up = s->va_up, r->va_kept = s->va_kept;
    for (int p = 0; p < s->nports; p++) s->ep->final_stats(s, p, r);
}

/* Open the FST window when its first cycle comes: -1 (err set) if the build
 * cannot write it. Once, and the run then stops (exit 2): no PASS without the
 * trace that was asked for. */
static int trace_open(sim_t *s, uint64_t t, char *err, int errlen)
{
    const rtr_opts *o = s->o;
    if (!o->trace_path || !nr_rtr_can_trace(s->r) || s->tracing || o->trace_from < 0 ||
        (int64_t)t < o->trace_from || (int64_t)t > o->trace_to)
        return 0;
    char e[600];
    if (nr_out_begin(&s->fst, o->trace_path, e, sizeof e)) {
        snprintf(err, errlen, "--trace-out: %s", e);
        return -1;
    }
    if (s->r.ops->trace(s->r.h, nr_out_name(&s->fst)) == 0) {
        s->tracing = 1;
        return 0;
    }
    nr_out_abort(&s->fst);
    snprintf(err, errlen,
             "--trace-out %s: the RTL build (%s) could not open the FST "
             "trace; no trace written",
             o->trace_path, s->r.ops->name);
    return -1;
}

/* Close the FST window: the writer's file must be a finished FST trace, then
 * it takes its name (nr_out.h); otherwise it is removed and the run reports
 * the failure (rtr_result.trace). */
static void trace_close(sim_t *s)
{
    char e[500];
    s->r.ops->trace_stop(s->r.h);
    s->tracing = 0;
    if (nr_out_fst_check(nr_out_name(&s->fst), e, sizeof e)) {
        snprintf(s->trace_err, sizeof s->trace_err, "--trace-out %.500s: %s", s->o->trace_path, e);
        nr_out_abort(&s->fst);
        s->trace_done = -1;
    } else if (nr_out_commit(&s->fst, e, sizeof e)) {
        snprintf(s->trace_err, sizeof s->trace_err, "--trace-out: %s", e);
        s->trace_done = -1;
    } else {
        s->trace_done = 1;
    }
}

/* 1. Generation at stats cycle ts: -1 (err set) out of memory. */
static int generate(sim_t *s, uint64_t ts, char *err, int errlen)
{
    for (int p = 0; p < s->nports; p++) {
        int g = nr_src_cycle(&s->pt[p].inj, ts, &s->tp, 0, &s->st, p);
        if (g < 0) {
            snprintf(err, errlen, "source queue: out of memory");
            return -1;
        }
        if (g > 0) s->src_act |= 1ull << p;
    }
    return 0;
}

/* 2. The router's inputs of cycle t: a table write while there are any,
 * then every port's link or bare input. Endpoints not stepped every cycle:
 * only the ports with a source or sink at work or inputs to clear (a port
 * left out has no draw to make: the idle stream draws only with --src-idle,
 * which steps every port, and the backpressure stream only while the sink
 * holds credits), and the router is told which ports' inputs are 0. */
static void drive_inputs(sim_t *s, uint64_t t, int phase_end)
{
    nr_rtr_in *in = &s->rin;
    in->cfg_we = 0;
    if (t < (uint64_t)s->ncfgw) {
        in->cfg_we = 1;
        in->cfg_bcast = s->cfgw[t].bcast;
        in->cfg_tile = s->cfgw[t].tile;
        in->cfg_addr = s->cfgw[t].addr;
        in->cfg_wdata = s->cfgw[t].wdata;
    }
    if (s->ep->every_cycle || (s->o->src_idle > 0 && t >= s->t0)) {
        for (int p = 0; p < s->nports; p++) port_inputs(s, p, t, phase_end);
        in->idle = 0;
        s->in_dirty = s->all;
        return;
    }
    uint64_t dirty = 0;
    for (uint64_t m = (t >= s->t0 ? s->src_act : 0) | s->sink_act | s->in_dirty; m; m &= m - 1) {
        const int p = __builtin_ctzll(m);
        port_inputs(s, p, t, phase_end);
        const uint32_t *c = in->out_cr[p];
        if (in->in_valid[p] || (c[0] | c[1] | c[2] | c[3])) dirty |= 1ull << p;
    } /* the activity bits are brought up to date after the outputs (a port whose
       * sink returned its last credit here has its input to clear: visited) */
    s->in_dirty = dirty;
    in->idle = s->all & ~dirty;
}

/* --fault: one flipped output bit of the second implementation, to prove the
 * lockstep comparison fires. */
static void inject_fault(sim_t *s, uint64_t t, nr_rtr_out *ro)
{
    const rtr_opts *o = s->o;
    if ((o->impl != RTR_RUN_SELF && o->impl != RTR_RUN_LOCKSTEP) || (int64_t)t != o->fault_cycle)
        return;
    int fp = o->fault_port % s->nports;
    tb_rtr_fault(ro, fp, s->g.use_lcb);
}

/* 4. Every port's outputs of cycle t (endpoints not stepped every cycle:
 * the ports whose router inputs or outputs are not all 0). */
static void take_outputs(sim_t *s, const nr_rtr_out *po, uint64_t t, int in_window, int *fail)
{
    const int every = s->ep->every_cycle;
    for (uint64_t m = every ? s->all : s->all & ~(s->rin.idle & po->idle); m; m &= m - 1) {
        const int p = __builtin_ctzll(m);
        port_t *pt = &s->pt[p];
        if (po->tev[p] >> NR_TEV_RT_DROP & 1) pt->drops[(po->tev[p] >> NR_TEV_REASON_LSB) & 7]++;
        for (uint32_t e = po->ev[p] & ((1u << NR_EV_COUNT) - 1); e; e &= e - 1)
            pt->ev_rtr[__builtin_ctz(e)]++;
        s->ep->outputs(s, p, t, in_window, fail);
        if (!every) port_act(s, p);
    }
}

/* --digest: fold one word into the run's hash (a 64-bit multiply-xorshift
 * mix; not a check of anything by itself, a fingerprint of the run). */
static inline uint64_t dg_fold(uint64_t h, uint64_t x)
{
    h = (h ^ x) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

/* --digest: every port's router inputs and outputs of cycle t (those of the
 * implementation that drives the testbench) and, with LCBs, the NIC's
 * outputs. Two builds that end with the same digest computed the same
 * values in every cycle. */
static void digest_cycle(sim_t *s, const nr_rtr_out *po, uint64_t *h)
{
    const nr_rtr_in *in = &s->rin;
    const int V = s->nvcs;
    for (int p = 0; p < s->nports; p++) {
        uint64_t x = *h;
        x = dg_fold(x, in->link_rx[p] | (uint64_t)in->in_phit[p] << 32);
        x = dg_fold(x, (uint64_t)(unsigned)in->in_valid[p]);
        x = dg_fold(x, po->link_tx[p] | (uint64_t)po->out_phit[p] << 32);
        x = dg_fold(x, (uint64_t)(unsigned)po->out_valid[p] | (uint64_t)po->ev[p] << 8 |
                           (uint64_t)po->tev[p] << 40 | (uint64_t)(unsigned)po->link_down[p] << 56);
        for (int v = 0; v < V; v++)
            x = dg_fold(x, in->out_cr[p][v] | (uint64_t)po->in_cr[p][v] << 32);
        if (s->g.use_lcb) {
            const nr_lcbp_out *no = &s->pt[p].nic.out;
            x = dg_fold(x, no->link_tx | (uint64_t)no->ev << 32);
            x = dg_fold(x, (uint64_t)(unsigned)no->tx_ready | (uint64_t)no->tx_vc_ok << 4 |
                               (uint64_t)no->rd_avail << 8 |
                               (uint64_t)(unsigned)no->rd_valid << 12 |
                               (uint64_t)(unsigned)no->link_down << 13 |
                               (uint64_t)(unsigned)no->ctl_sync << 14 | (uint64_t)no->debit << 16 |
                               (uint64_t)no->rd_phit << 32);
            for (int v = 0; v < V; v++)
                x = dg_fold(x, no->occ[v] | (uint64_t)no->credits[v] << 16 |
                                   (uint64_t)no->inq_cr[v] << 32);
        }
        *h = x;
    }
    *h = dg_fold(*h, (uint64_t)(unsigned)in->cfg_we << 32 | in->cfg_wdata);
}

/* 5. Clock edge of the routers and the NICs; close the FST window at its end. */
static void clock_edge(sim_t *s, uint64_t t)
{
    const rtr_opts *o = s->o;
    if (nr_rtr_valid(s->m) && !s->rested) nr_rtr_tick(s->m); /* a rested cycle had its edge */
    if (nr_rtr_valid(s->r)) nr_rtr_tick(s->r);
    for (int p = 0; p < s->nports && s->ep->every_cycle; p++) s->ep->tick(s, p);
    if (s->tracing && (int64_t)t >= o->trace_to) {
        trace_close(s);
        if (s->trace_done > 0)
            h_say(s, "rtr: FST window cycles %" PRId64 "..%" PRId64 " written to %s\n",
                  o->trace_from, o->trace_to, o->trace_path);
    }
}

/* 6. The end of the measurement: stop the sources and the link errors. */
static void end_traffic(sim_t *s)
{
    for (int p = 0; p < s->nports; p++) {
        port_t *pt = &s->pt[p];
        while (nr_inj_depth(&pt->inj)) nr_inj_pop(&pt->inj);
        s->ep->stop_errors(s, p);
    }
}

/* The flush after the run: 1 when it is over (drained and quiet a while, or
 * past --flush-max, which fails). Credits come back before the route stage
 * drops a packet's last phits, and with LCBs a few control words must go by
 * for late credits to land, hence the quiet time. */
static int flush_done(sim_t *s, uint64_t t, uint64_t flush_start, int *fail)
{
    const rtr_opts *o = s->o;
    int busy = run_busy(s);
    if (busy)
        s->quiet_since = 0;
    else if (!s->quiet_since)
        s->quiet_since = t;
    if (!busy && t - s->quiet_since > s->ep->quiet) return 1;
    if (t - flush_start > o->flush_max) {
        h_check_fired(s, fail,
                      "network did not drain within %" PRIu64 " cycles after the run: "
                      "%" PRIu64 " packets outstanding\n",
                      o->flush_max, s->sb.outstanding);
        report_not_drained(s);
        return 1;
    }
    return 0;
}

int rtr_run(const rtr_opts *o, rtr_result *r, FILE *out, char *err, int errlen)
{
    sim_t S, *s = &S;
    memset(r, 0, sizeof *r);
    r->div_cycle = -1;
    if (sim_setup(s, o, out, err, errlen)) {
        sim_free(s);
        return -1;
    }
    const uint64_t t_cfg = (uint64_t)s->ncfgw + 2; /* traffic starts after the table writes */
    const uint64_t t0 = t_cfg;                     /* stats cycle 0 */
    s->t0 = t0;
    nr_rtr_out mo, ro;
    uint64_t t = 0;
    int phase_end = 0; /* 0 running, 1 flushing */
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
            h_say(s, "  cycle %" PRIu64 " (%s)%s\n", t,
                  t < t0      ? "config"
                  : phase_end ? "flush"
                              : nr_stats_phase_name(nr_stats_phase(&s->st, ts)),
                  "");
            next_prog = t + 20000;
        }
        if (trace_open(s, t, err, errlen) || (gen && generate(s, ts, err, errlen))) {
            sim_free(s);
            return -1;
        }
        drive_inputs(s, t, phase_end);
        /* 3. evaluate: a model alone at rest with every input 0 takes the
         * cycle without evaluation (nr_rtr_ops.rest: outputs all 0) */
        s->rested =
            !nr_rtr_valid(s->r) && !s->rin.cfg_we && s->rin.idle == s->all && nr_rtr_rest(s->m);
        if (s->rested)
            mo = s->zero_out;
        else if (nr_rtr_valid(s->m))
            nr_rtr_eval(s->m, &s->rin, &mo);
        if (nr_rtr_valid(s->r)) nr_rtr_eval(s->r, &s->rin, &ro);
        inject_fault(s, t, &ro);
        const nr_rtr_out *po = s->po = nr_rtr_valid(s->r) ? &ro : &mo;
        if (nr_rtr_valid(s->m) && nr_rtr_valid(s->r) && !s->diverged &&
            compare(s, (int64_t)t, &mo, &ro)) {
            r->mismatches++;
            r->div_cycle = (int64_t)t;
            fail = 1;
        }
        take_outputs(s, po, t, in_window, &fail);
        if (o->digest) digest_cycle(s, po, &r->digest);
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
        trace_close(s);
        if (s->trace_done > 0)
            h_say(s, "rtr: FST written to %s (run ended at cycle %" PRIu64 ")\n", o->trace_path, t);
    }
    r->trace = !o->trace_path ? 0 : s->trace_done > 0 ? 1 : s->trace_done < 0 ? -2 : -1;
    memcpy(r->trace_err, s->trace_err, sizeof r->trace_err);
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
