/* lcb_tb.c - the LCB pair testbench: ports, channels, endpoints, invariants.
 * See lcb_tb.h and docs/lcb-testbench.md. */
#define _POSIX_C_SOURCE 200809L
#include "lcb_tb.h"
#include "common/linkmon.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "nr_out.h"
#include "nr_sb.h"
#include "nr_stats.h"

void lcb_tb_cfg_default(lcb_tb_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->seed = 1;
    c->p = (nr_lcb_params){2, 128, 256, 32, 64, 16};
    c->c = (nr_lcb_cfg){400, 64, 64};
    c->impl[0] = c->impl[1] = LCB_IMPL_MODEL;
    for (int d = 0; d < 2; d++) {
        lcb_ch_cfg_default(&c->ch[d]);
        c->ch[d].latency = 16;
        lcb_ep_cfg *e = &c->ep[d];
        e->inj.kind = NR_INJ_BERNOULLI;
        e->inj.load = 0.7;
        e->inj.burst = 8;
        e->inj.len.kind = NR_LEN_UNIFORM;
        e->inj.len.a = 4;
        e->inj.len.b = 19;
        e->idle = 0.02;
        e->gap = 0.01;
        e->probe = 0.05;
        e->rah = 1;
        e->bp = 0.05;
        e->bp_stall = 4;
        e->ndest = 2;
        e->junk = 1;
    }
    c->cycles = 100000;
    c->drain = 200000;
    c->watchdog = 100000;
    c->waves_port = -1;
    c->waves_to = -1;
}

static int lendist_max(const nr_lendist_t *d)
{
    switch (d->kind) {
    case NR_LEN_FIXED: return d->a;
    case NR_LEN_UNIFORM: return d->b;
    default: return 19;
    }
}

/* A channel that damages nothing: no random errors, no scheduled outage or
 * flip, no forged control word. */
static int ch_clean(const lcb_ch_cfg *c)
{
    return c->ber_data == 0 && c->ber_sb == 0 && c->burst_rate == 0 && c->drop_rate == 0 &&
           c->outage_rate == 0 && c->ctl_ber == 0 && c->ctl_forge == 0 && c->n_sched_outage == 0 &&
           c->n_sched_flip == 0;
}

int lcb_tb_cfg_check(const lcb_tb_cfg *c, FILE *warn, char *err, int errlen)
{
#define BAD(...)                                                                                   \
    do {                                                                                           \
        snprintf(err, errlen, __VA_ARGS__);                                                        \
        return -1;                                                                                 \
    } while (0)
    const nr_lcb_params *p = &c->p;
    if (c->cycles < 1) BAD("--cycles must be >= 1");
    if (c->warmup < 0 || c->warmup >= c->cycles)
        BAD("--warmup %" PRId64 " must be in [0, cycles)", c->warmup);
    if (c->drain < 1) BAD("--drain must be >= 1");
    if (c->watchdog < 1) BAD("--watchdog must be >= 1");
    for (int d = 0; d < 2; d++) {
        lcb_ch_cfg chg = c->ch[d];
        lcb_ch_cfg_geom(&chg, p->num_vcs, p->buf_per_vc, p->window);
        if (lcb_ch_cfg_check(&chg, err, errlen)) return -1;
        const lcb_ep_cfg *e = &c->ep[d];
        int mx = lendist_max(&e->inj.len);
        if (mx > (int)c->c.max_len && !c->expect_down)
            BAD("packets up to %d phits but --max-len %u: the receiver would clip every one and "
                "the link would go down (use --expect-down to test that)",
                mx, c->c.max_len);
        if (e->soft < 0 || e->proto < 0 || e->soft + e->proto > 1)
            BAD("--soft-rate + --proto-rate must be within [0, 1]");
        if (e->ndest < 1 || e->ndest > 1000) BAD("--dests must be in 1..1000");
    }
    if (c->down_window) {
        /* the window of protocol 7.6 holds for a link that goes black at one
         * cycle C, both ways, for good, with nothing else wrong, and ports
         * that are sending (saturated) with no gap inside a packet */
        const lcb_ch_cfg *a = &c->ch[0], *b = &c->ch[1];
        int lat = a->latency > b->latency ? a->latency : b->latency;
        long long lo, hi;
        if (!c->expect_down) BAD("--down-window needs --expect-down");
        if (a->n_sched_outage != 1 || b->n_sched_outage != 1 ||
            a->sched_outage[0] != b->sched_outage[0])
            BAD("--down-window needs exactly one --outage-at cycle, on both directions (--errors "
                "both)");
        lcb_tb_down_window(p, &c->c, lat, a->sched_outage[0], &lo, &hi);
        for (int d = 0; d < 2; d++) {
            const lcb_ch_cfg *h = &c->ch[d];
            if (h->outage_len < hi - h->sched_outage[0] + 1)
                BAD("--down-window: --outage-len %d ends before the window does (cycle %lld): "
                    "the link could recover",
                    h->outage_len, hi);
            if (h->ber_data > 0 || h->ber_sb > 0 || h->burst_rate > 0 || h->drop_rate > 0 ||
                h->outage_rate > 0 || h->ctl_ber > 0 || h->ctl_forge > 0 || h->n_sched_flip)
                BAD("--down-window: the window holds on an otherwise clean link (no --ber, "
                    "--burst-rate, --drop-rate, --outage-rate, --ctl-ber, --ctl-forge, --flip-at)");
            if (c->ep[d].gap > 0 || !c->ep[d].saturate)
                BAD("--down-window needs --saturate and --gap 0 (packets outstanding at the "
                    "outage, none waiting on a gap)");
        }
        if ((long long)c->c.timeout <= lcb_tb_rtt_ack(p, lat) + p->max_pkt_len)
            BAD("--down-window needs timeout > RTT_ack + MaxPktLen (%d)",
                lcb_tb_rtt_ack(p, lat) + p->max_pkt_len);
    }
    if (c->rec_bound) {
        /* the bound of protocol 7.7 holds for one error at a time on an
         * otherwise clean link, a core with no gap inside a packet, and a
         * timer that does not fire first */
        for (int d = 0; d < 2; d++) {
            lcb_ch_cfg h = c->ch[d];
            int nflip = h.n_sched_flip;
            h.n_sched_flip = 0;
            if (!ch_clean(&h))
                BAD("--rec-bound: the bound is for single errors: --flip-at only (no --ber, "
                    "--burst-rate, --drop-rate, --outage-*, --ctl-ber, --ctl-forge)");
            int bound = lcb_tb_rec_bound(p, c->ch[d].latency, c->ch[d ^ 1].latency);
            for (int i = 1; i < nflip; i++)
                if (c->ch[d].sched_flip[i] / 24 - c->ch[d].sched_flip[i - 1] / 24 <= 2 * bound)
                    BAD("--rec-bound: --flip-at cycles must be more than twice the bound (%d) "
                        "apart, one recovery at a time",
                        bound);
            if (c->ep[d].gap > 0) BAD("--rec-bound needs --gap 0 (no gap inside a packet)");
        }
        int lat = c->ch[0].latency > c->ch[1].latency ? c->ch[0].latency : c->ch[1].latency;
        if ((long long)c->c.timeout <= lcb_tb_rtt_ack(p, lat) + p->max_pkt_len)
            BAD("--rec-bound needs timeout > RTT_ack + MaxPktLen (%d)",
                lcb_tb_rtt_ack(p, lat) + p->max_pkt_len);
        if (c->expect_down) BAD("--rec-bound and --expect-down do not go together");
    }
    if (c->rogue_extra) {
        /* A believes B's buffer is larger; the control-word fields must keep
         * their width (CW = clog2(BufPerVc + 1), link-protocol 5.1), and the
         * overdraw is judged on a clean A->B channel */
        int cw = 0, cwr = 0;
        while ((1 << cw) < p->buf_per_vc + 1) cw++;
        while ((1 << cwr) < p->buf_per_vc + c->rogue_extra + 1) cwr++;
        if (c->rogue_extra < 0) BAD("--rogue-credits must be >= 0");
        if (cwr != cw)
            BAD("--rogue-credits %d: BufPerVc + %d = %d needs %d-bit credit fields, the link has "
                "%d "
                "(at most %d extra)",
                c->rogue_extra, c->rogue_extra, p->buf_per_vc + c->rogue_extra, cwr, cw,
                (1 << cw) - 1 - p->buf_per_vc);
        if (c->impl[0] != LCB_IMPL_MODEL)
            BAD("--rogue-credits: port A (the rogue) must be a model (--a model)");
        if (!ch_clean(&c->ch[0]) || !ch_clean(&c->ch[1]))
            BAD("--rogue-credits: the overdraw is judged on a clean link (no --ber, --burst-rate, "
                "--drop-rate, --outage-rate, --outage-at, --ctl-ber, --ctl-forge, --flip-at)");
        if (c->expect_down) BAD("--rogue-credits and --expect-down do not go together");
    }
    if (c->waves && c->waves_port >= 0 && c->impl[c->waves_port] != LCB_IMPL_RTL)
        BAD("--waves-port %c is not an RTL port", 'a' + c->waves_port);
    if (c->waves && c->impl[0] != LCB_IMPL_RTL && c->impl[1] != LCB_IMPL_RTL)
        BAD("--waves needs an RTL port (--a rtl or --b rtl)");
    if (warn) {
        for (int d = 0; d < 2; d++)
            lcb_tb_warn_sizing(warn, "", d ? "B->A" : "A->B", p, c->c.timeout, c->ch[d].latency,
                               nr_lendist_mean(&c->ep[d].inj.len));
    }
    return 0;
#undef BAD
}

/* Control words seen by one port's deframer (escape and forged-word tracking). */
typedef struct {
    int pend;             /* a word was delivered last cycle: 1 | 2 damaged | 4 forged */
    int susp;             /* the last accepted word was damaged or forged */
    int64_t susp_end;     /* cycle the last such window ended */
    int noted;            /* the credit check already fired in this window */
    int64_t last_dmg_acc; /* last RX_OK of a damaged packet at this port */
    int ever_wrong;       /* a damaged or forged word was accepted at some time */
} ctl_track;

typedef struct {
    int first_cause;     /* since the last replay: 0 none, 1 NACK, 2 timeout */
    int64_t last_reject; /* cycle of the last CTL_REJECT */
    int had_replay, ack_since;
    int in_rec;
    int64_t rec_start;
    uint32_t retries; /* replays since the ack last advanced, from the events
                        * (link-protocol 7.4, 7.5): the TX's own counter */
} port_track;

/* Why a conservation check may have fired for direction d (sender d,
 * receiver d^1): 1 = the sender believes a damaged or forged control word
 * that passed its checks (until the next good word is accepted, and
 * `slack` cycles after it when wide), 2 = the receiver accepted a packet over
 * damaged link cycles that the oracle has not verified yet, or did so
 * recently (a CRC escape can change a packet's length or make a phantom
 * packet, which the credit checks see before the sink reads the packet),
 * 0 = no escape explains it: a failure. */
static int explain(const ctl_track *ct, int d, int64_t t, lcb_ep *const ep[2], int64_t wbits,
                   int64_t lat, int maxpkt, int wide)
{
    int64_t slack = wide ? 4 * (wbits + lat + maxpkt) : 1;
    if (ct[d].susp || t - ct[d].susp_end <= slack) return 1;
    if (lcb_ep_acc_damaged(ep[d ^ 1]) > 0 ||
        t - ct[d ^ 1].last_dmg_acc <= 4 * (wbits + lat + maxpkt))
        return 2;
    return 0;
}

/* A check fired that an escape explains: count it and end the run (after a
 * data escape nothing can be judged any more). --no-escapes: a failure. */
static void esc_stop(lcb_tb_res *r, lcb_check *chk, int fatal, FILE *out, int64_t t, const char *m)
{
    r->escapes_classified++;
    if (r->escape_cycle < 0) r->escape_cycle = t;
    fprintf(out,
            "ESCAPE at cycle %" PRId64 ": %s; explained by a packet or control word the "
            "receiver accepted over damaged link cycles (CRC escape, not a design failure)\n",
            t, m);
    if (fatal) lcb_fail(chk, t, "CRC escape (fatal with --no-escapes)");
}

/* the summary's lines for direction d (A->B 0, B->A 1) */
static void print_direction(FILE *f, const lcb_tb_cfg *c, const lcb_tb_res *r, lcb_ep *ep[2],
                            lcb_ch *ch[2], int d)
{
    static const char *dn[2] = {"A->B", "B->A"};
    const lcb_ep_stats *s = lcb_ep_get_stats(ep[d]), *rs = lcb_ep_get_stats(ep[d ^ 1]);
    const lcb_port_res *ps = &r->port[d], *pr = &r->port[d ^ 1];
    fprintf(f, "-- direction %s (latency %d) --\n", dn[d], c->ch[d].latency);
    fprintf(f,
            "goodput: payload %.4f phits/cycle, link-layer %.4f phits/cycle "
            "(%" PRIu64 " packets in the window)\n",
            r->goodput_pay[d], r->goodput_ll[d], rs->win_delivered);
    fprintf(f,
            "source: generated %" PRIu64 ", sent %" PRIu64 " (%" PRIu64 " phits), backlog %" PRIu64
            ", head waits %" PRIu64 ", probes %" PRIu64 " (refused %" PRIu64 "), gaps/PADs %" PRIu64
            "\n",
            s->gen_pkts, s->heads_taken, s->phits_sent, lcb_ep_backlog(ep[d]), s->head_waits,
            s->probes, s->probes_refused, s->gaps);
    fprintf(f,
            "faults injected at source: soft pcrc %" PRIu64 " ok3 %" PRIu64 " kerr %" PRIu64
            ", proto stray %" PRIu64 " badvc %" PRIu64 " overlong %" PRIu64 "\n",
            s->soft_pcrc, s->soft_ok3, s->soft_kerr, s->proto_stray, s->proto_badvc, s->proto_long);
    fprintf(f,
            "sink: delivered %" PRIu64 " (%" PRIu64 " phits, %" PRIu64 " payload), "
            "discarded soft %" PRIu64 " tx_err %" PRIu64 " other %" PRIu64 "%s",
            rs->delivered, rs->deliv_phits, rs->deliv_payload, rs->discard_soft, rs->discard_tx,
            rs->discard_other, rs->cut ? "" : "\n");
    if (rs->cut) fprintf(f, ", cut by the input queue %" PRIu64 "\n", rs->cut);
    fprintf(f,
            "retries: %" PRIu64 " replays (cause NACK %" PRIu64 ", timeout %" PRIu64
            ", other %" PRIu64 "), %" PRIu64 " replays after a failed replay\n",
            ps->ev[NR_EV_TX_REPLAY], ps->replay_nack, ps->replay_timeout, ps->replay_other,
            ps->nested_replays);
    fprintf(f,
            "recovery at receiver: %" PRIu64 " (first RX_CRC to next RX_OK: mean %.1f, max %" PRIu64
            " cycles; RTT_ack %d)\n",
            pr->recoveries, pr->recoveries ? (double)pr->rec_sum / pr->recoveries : 0.0,
            pr->rec_max, lcb_tb_rtt_ack(&c->p, c->ch[d].latency));
    fprintf(f,
            "link seq: %" PRIu64 " packets accepted, 7-bit seq wrapped %" PRIu64 " times; "
            "oracle re-checked %" PRIu64 " acceptances, CRC escapes %" PRIu64 "\n",
            pr->ev[NR_EV_RX_OK], pr->ev[NR_EV_RX_OK] / 128, rs->accepted_checked, rs->escapes);
    fprintf(f, "credits per vc (debited/freed):");
    for (int v = 0; v < c->p.num_vcs; v++)
        fprintf(f, " %" PRIu64 "/%" PRIu64, r->debits[d][v], r->freed[d][v]);
    fprintf(f, "\n");
    const lcb_ch_stats *cs = lcb_ch_get_stats(ch[d]);
    fprintf(f,
            "channel: damaged phits %" PRIu64 "; data flips %" PRIu64 ", F flips %" PRIu64
            ", C flips %" PRIu64 ", ctl flips %" PRIu64 ", bursts %" PRIu64 " (%" PRIu64
            " bits), drops %" PRIu64 ", outages %" PRIu64 " (%" PRIu64 " cycles), scheduled "
            "flips %" PRIu64 "\n",
            cs->phits_damaged, cs->data_flips, cs->f_flips, cs->c_flips, cs->ctl_flips, cs->bursts,
            cs->burst_flips, cs->drops, cs->outages, cs->outage_cycles, cs->sched_flips);
}

/* the summary's event counts of each port */
static void print_events(FILE *f, const lcb_tb_cfg *c, const lcb_tb_res *r)
{
    for (int i = 0; i < 2; i++) {
        fprintf(f, "events port %c:", 'A' + i);
        for (int b = 0; b < NR_EV_COUNT; b++)
            fprintf(f, " %s=%" PRIu64, lcb_ev_name(b), r->port[i].ev[b]);
        if (r->port[i].down_cycle >= 0)
            fprintf(f, " (link down at cycle %" PRId64 ")", r->port[i].down_cycle);
        if (c->down_window)
            fprintf(f, " (down window [%" PRId64 ", %" PRId64 "])", r->port[i].down_lo,
                    r->port[i].down_hi);
        fprintf(f, "\n");
    }
}

/* the summary's line on forged control words, when any were put on the link */
static void print_forged(FILE *f, const lcb_tb_res *r, lcb_ch *ch[2])
{
    const lcb_ch_stats *a = lcb_ch_get_stats(ch[0]), *b = lcb_ch_get_stats(ch[1]);
    if (a->forged_words + b->forged_words + a->forged_cut + b->forged_cut)
        fprintf(f,
                "forged control words: %" PRIu64 " put on the link (%" PRIu64 " cut short, %" PRIu64
                " draws skipped: nothing owed), %" PRIu64 " delivered, %" PRIu64
                " rejected (CTL_REJECT), %" PRIu64 " accepted; kinds ack-1 %" PRIu64
                " ack+Window+1 %" PRIu64 " phantom %" PRIu64 " foreign %" PRIu64 " (ack-1 %" PRIu64
                ") inrange %" PRIu64 " badwt %" PRIu64 "; undamaged words rejected %" PRIu64 "\n",
                a->forged_words + b->forged_words, a->forged_cut + b->forged_cut,
                a->forge_skipped + b->forge_skipped, r->forged_delivered, r->forged_rejected,
                r->forged_accepted, a->forged_by_kind[0] + b->forged_by_kind[0],
                a->forged_by_kind[1] + b->forged_by_kind[1],
                a->forged_by_kind[3] + b->forged_by_kind[3],
                a->forged_by_kind[4] + b->forged_by_kind[4] + a->forged_by_kind[5] +
                    b->forged_by_kind[5],
                a->forged_by_kind[4] + b->forged_by_kind[4],
                a->forged_by_kind[6] + b->forged_by_kind[6],
                a->forged_by_kind[7] + b->forged_by_kind[7], r->clean_rejected);
}

static void print_summary(FILE *f, const lcb_tb_cfg *c, lcb_tb_res *r, lcb_ep *ep[2], lcb_ch *ch[2],
                          nr_stats_t *st, nr_sb_t *sb)
{
    int64_t win = c->cycles - c->warmup;
    fprintf(f, "\n== summary (seed %" PRIu64 ") ==\n", c->seed);
    fprintf(f,
            "cycles %" PRId64 " main + %" PRId64 " drain, window [%" PRId64 ", %" PRId64
            "), %.2f s CPU (%.2f s wall), %.0f cycles per CPU second\n",
            c->cycles, r->drain_cycles, c->warmup, c->cycles, r->seconds, r->wall,
            r->seconds > 0 ? r->cycles_run / r->seconds : 0.0);
    fprintf(f, "randomized-error link-cycles %" PRIu64 "\n", r->err_link_cycles);
    if (c->rogue_extra)
        fprintf(f,
                "rogue peer: A believes %d more credits per VC than B has; B's queue cut %" PRIu64
                " packets (INQ_OVF, %" PRIu64 " phits whose credits it withholds), each matched to "
                "its packet\n",
                c->rogue_extra, r->rogue_cuts, r->rogue_cut_phits);
    for (int d = 0; d < 2; d++) print_direction(f, c, r, ep, ch, d);
    print_events(f, c, r);
    nr_stats_summary_t sm;
    nr_stats_summary(st, &sm);
    r->lat_mean = sm.mean;
    r->lat_max = sm.max;
    r->lat_p99 = sm.p99;
    r->net_mean = sm.net_mean;
    r->net_max = sm.net_max;
    r->net_p99 = sm.net_p99;
    fprintf(f,
            "latency (window packets, both directions, %" PRIu64 " samples): from generation "
            "mean %.1f p99 %u max %u; from head taken mean %.1f p99 %u max %u cycles\n",
            sm.n, sm.mean, sm.p99, sm.max, sm.net_mean, sm.net_p99, sm.net_max);
    fprintf(
        f,
        "escapes: %" PRIu64 " data (oracle %" PRIu64 ", explained checks %" PRIu64 ") in %" PRIu64
        " damaged packets checked at an EOP (%" PRIu64
        " refused in recovery before a marker, %" PRIu64
        " with framing changed or erased phits, %" PRIu64
        " guaranteed detected); measured rate %.3g per damaged packet, "
        "analytic expectation %.3g escapes (%.3g per damaged packet); control-word escapes %" PRIu64
        ", credit checks explained by them %" PRIu64 "\n",
        r->escapes, r->escapes - r->escapes_classified, r->escapes_classified, r->dmg_checked,
        r->dmg_ooo, r->dmg_frame, r->dmg_detected,
        r->dmg_checked ? (double)r->escapes / r->dmg_checked : 0.0, r->exp_escapes,
        r->dmg_checked ? r->exp_escapes / r->dmg_checked : 0.0, r->ctl_escapes, r->ctl_effects);
    print_forged(f, r, ch);
    fprintf(f,
            "scoreboard: expected %" PRIu64 " (soft %" PRIu64 "), delivered %" PRIu64
            ", soft discards %" PRIu64 ", tx_err discards %" PRIu64 ", errors %" PRIu64 "\n",
            sb->expected, sb->expected_soft, sb->delivered, sb->soft_discards, sb->tx_err_discards,
            sb->nerrors);
    (void)win;
}

void lcb_tb_print_result(FILE *f, const lcb_tb_cfg *c, const lcb_tb_res *r)
{
    const lcb_port_res *a = &r->port[0], *b = &r->port[1];
    fprintf(f,
            "lcb_result pass=%d seed=%" PRIu64 " a=%s b=%s lockstep=%d lat_ab=%d lat_ba=%d "
            "cycles=%" PRId64 " run=%" PRId64
            " seconds=%.3f wall=%.3f cps=%.0f err_link_cycles=%" PRIu64
            " gp_pay_ab=%.4f gp_ll_ab=%.4f gp_pay_ba=%.4f gp_ll_ba=%.4f replays_a=%" PRIu64
            " replays_b=%" PRIu64 " nested=%" PRIu64 " rec_ab=%" PRIu64 " rec_mean_ab=%.1f "
            "rec_max_ab=%" PRIu64 " rec_ba=%" PRIu64 " rec_mean_ba=%.1f rec_max_ba=%" PRIu64
            " rtt_ab=%d rtt_ba=%d lat_mean=%.1f lat_p99=%u net_mean=%.1f net_p99=%u net_max=%u "
            "wraps_ab=%" PRIu64 " wraps_ba=%" PRIu64 " down=%d diverged=%d escapes=%" PRIu64
            " dmg_checked=%" PRIu64 " exp_escapes=%.4g ctl_escapes=%" PRIu64 " forged=%" PRIu64
            " forged_delivered=%" PRIu64 " forged_rejected=%" PRIu64 " forged_accepted=%" PRIu64
            " rogue_cuts=%" PRIu64 " neg_credit_cycles=%" PRIu64 " neg_credit_episodes=%" PRIu64
            "\n",
            r->pass, c->seed, c->impl[0] == LCB_IMPL_RTL ? "rtl" : "model",
            c->impl[1] == LCB_IMPL_RTL ? "rtl" : "model", c->lockstep, c->ch[0].latency,
            c->ch[1].latency, c->cycles, r->cycles_run, r->seconds, r->wall,
            r->seconds > 0 ? r->cycles_run / r->seconds : 0.0, r->err_link_cycles,
            r->goodput_pay[0], r->goodput_ll[0], r->goodput_pay[1], r->goodput_ll[1],
            a->ev[NR_EV_TX_REPLAY], b->ev[NR_EV_TX_REPLAY], a->nested_replays + b->nested_replays,
            b->recoveries, b->recoveries ? (double)b->rec_sum / b->recoveries : 0.0, b->rec_max,
            a->recoveries, a->recoveries ? (double)a->rec_sum / a->recoveries : 0.0, a->rec_max,
            lcb_tb_rtt_ack(&c->p, c->ch[0].latency), lcb_tb_rtt_ack(&c->p, c->ch[1].latency),
            r->lat_mean, r->lat_p99, r->net_mean, r->net_p99, r->net_max, b->ev[NR_EV_RX_OK] / 128,
            a->ev[NR_EV_RX_OK] / 128, (a->down_cycle >= 0) | ((b->down_cycle >= 0) << 1),
            r->diverged, r->escapes, r->dmg_checked, r->exp_escapes, r->ctl_escapes,
            r->forged_words, r->forged_delivered, r->forged_rejected, r->forged_accepted,
            r->rogue_cuts, r->neg_credits, r->neg_episodes);
}

/* One run of lcb_tb_run: the two ports, channels and endpoints, the link
 * monitors, the trackers of the checks, and this cycle's signals. */
typedef struct {
    const lcb_tb_cfg *cf;
    lcb_tb_res *r;
    FILE *out;
    const nr_lcb_params *p;
    int nv, buf, cwbits;
    lcb_check chk;
    nr_sb_t sb;
    nr_stats_t st;
    lcb_port *port[2];
    lcb_ch *ch[2];
    int strict_forge[2]; /* outrange or foreign forged words only: all must be rejected */
    int accept_forge[2]; /* inrange forged words only: all must be accepted */
    int badwt_forge[2];  /* badwt forged words only: none may be delivered */
    int neg_prev[2][NR_LCB_MAX_VCS]; /* the sender's credits were < 0 last cycle */
    lcb_ep *ep[2];
    nr_linkmon mon[2]; /* mon[i]: port i's receiver, fed by ch[i ^ 1] */
    ctl_track ct[2];
    port_track tr[2];
    int64_t maxlat, wbits;
    int wport;                     /* traced port, -1: none */
    uint64_t D[2][NR_LCB_MAX_VCS]; /* phits debited by sender d on VC v */
    uint64_t F[2][NR_LCB_MAX_VCS]; /* ... freed by its receiver */
    int prev_down[2];
    uint32_t clean_bad[2]; /* events port i must never raise on a clean link (0: the
                                       * link has errors or a timer shorter than the ack) */
    /* the buffer sender d believes its receiver has, and the receiver's
     * real one (they differ only with a rogue peer, --rogue-credits) */
    int64_t sbuf[2], rbuf[2];
    nr_lcb_params pa;                /* port A's parameters (the rogue's larger buffer) */
    int cut_pending;                 /* rogue: INQ_OVF at B whose packet's RX_OK is still due */
    uint64_t cut[2][NR_LCB_MAX_VCS]; /* phits of packets cut by the receiver's overflow
                                       * rule: debited, never freed (link-protocol 8.4) */
    int64_t stall_since[2];
    uint64_t completions[2];
    uint64_t sb_seen;
    int drain, tracing, stop;
    nr_out_t fst;         /* the FST window, written under a temporary name (nr_out.h) */
    int have_sb, have_st; /* the scoreboard and statistics were made */
    int64_t stop_at, drain_start, drain_clock, drain_limit;
    /* this cycle */
    nr_lcbp_out pk[2], o[2];
    nr_lcbp_in in[2];
    uint32_t rx[2];
    unsigned lm[2];
} lcb_run;

/* Close the FST window: the writer's file must be a finished FST trace
 * before it takes its name (nr_out.h); otherwise it is removed and the run
 * fails. */
static void trace_close(lcb_run *R, int64_t t)
{
    char e[600];
    lcb_port_trace_stop(R->port[R->wport]);
    R->tracing = 2;
    if (nr_out_fst_check(nr_out_name(&R->fst), e, sizeof e)) {
        nr_out_abort(&R->fst);
        lcb_fail(&R->chk, t, "--waves %s: %s; no FST written", R->cf->waves, e);
    } else if (nr_out_commit(&R->fst, e, sizeof e)) {
        lcb_fail(&R->chk, t, "--waves: %s; no FST written", e);
    } else {
        R->r->waves = 1;
    }
}

/* Start of a cycle: the drain phase begins at cf->cycles (errors off,
 * sources stop); the FST window opens and closes. 1: stop the run. */
static int cycle_start(lcb_run *R, int64_t t)
{
    if (!R->drain && t >= R->cf->cycles) {
        R->drain = 1;
        R->drain_start = t;

        for (int i = 0; i < 2; i++) {
            lcb_ch_enable(R->ch[i], 0);
            lcb_ep_drain(R->ep[i]);
        }
    }
    if (R->cf->waves && !R->tracing && t >= R->cf->waves_from &&
        (R->cf->waves_to < 0 || t < R->cf->waves_to)) {
        char e[600];
        if (nr_out_begin(&R->fst, R->cf->waves, e, sizeof e)) {
            lcb_fail(&R->chk, t, "--waves: %s", e);
            return 1;
        }
        if (lcb_port_trace(R->port[R->wport], nr_out_name(&R->fst))) {
            nr_out_abort(&R->fst);
            lcb_fail(&R->chk, t, "cannot open trace %s", R->cf->waves);
            return 1;
        }
        R->tracing = 1;
    }
    if (R->tracing == 1 && R->cf->waves_to >= 0 && t >= R->cf->waves_to) trace_close(R, t);

    return 0;
}

/* The channels deliver, the endpoints drive both ports' inputs, both ports
 * evaluate; a lockstep divergence is reported once. */
static void cycle_eval(lcb_run *R, int64_t t)
{
    lcb_ch_forge_hint(R->ch[0], R->D[1], R->F[1], R->nv); /* B applies the words A sends */
    lcb_ch_forge_hint(R->ch[1], R->D[0], R->F[0], R->nv);
    R->rx[1] = lcb_ch_recv(R->ch[0]);
    R->rx[0] = lcb_ch_recv(R->ch[1]);
    for (int i = 0; i < 2; i++) {
        lcb_port_peek(R->port[i], &R->pk[i]);
        memset(&R->in[i], 0, sizeof R->in[i]);
        R->in[i].link_rx = R->rx[i];
        lcb_ep_inputs(R->ep[i], t, !R->drain, &R->pk[i], &R->in[i]);
    }
    for (int i = 0; i < 2; i++) {
        if (lcb_port_eval(R->port[i], &R->in[i], &R->o[i]) && !R->r->diverged) {
            R->r->diverged = 1;
            R->r->div_port = i;
            R->r->div_cycle = t;
            lcb_port_report_divergence(R->port[i], R->out);
            lcb_fail(&R->chk, t, "lockstep divergence on port %c, field %s", 'A' + i,
                     lcb_port_div_field(R->port[i]));
            R->stop_at = t + R->cf->div_grace;
        }
    }
}

/* After a divergence the run goes on unchecked for the trace window.
 * 1: stop (the caller counts this cycle). */
static int cycle_after_divergence(lcb_run *R, int64_t t)
{
    R->chk.log = NULL;
    for (int i = 0; i < 2; i++) lcb_ep_outputs(R->ep[i], t, &R->in[i], &R->o[i]);
    for (int i = 0; i < 2; i++) lcb_ch_send(R->ch[i], R->o[i].link_tx);
    for (int i = 0; i < 2; i++) lcb_port_tick(R->port[i]);
    if (t >= R->stop_at) {
        R->stop = 1;
        return 1;
    }
    return 0;
}

/* peek must agree with eval on the state-only outputs */
static void check_peek(lcb_run *R, int64_t t)
{
    for (int i = 0; i < 2; i++) {
        const nr_lcbp_out *a = &R->pk[i], *b = &R->o[i];
        int bad = a->link_tx != b->link_tx || a->tx_vc_ok != b->tx_vc_ok ||
                  a->rd_avail != b->rd_avail || a->rd_valid != b->rd_valid ||
                  (a->rd_valid && a->rd_phit != b->rd_phit) || a->link_down != b->link_down ||
                  a->ctl_sync != b->ctl_sync;
        for (int v = 0; v < R->nv; v++)
            bad |= a->occ[v] != b->occ[v] || a->credits[v] != b->credits[v];
        if (bad) {
            char x[256], y[256];
            lcb_fmt_out(a, R->nv, x, sizeof x);
            lcb_fmt_out(b, R->nv, y, sizeof y);
            lcb_fail(&R->chk, t,
                     "port %c: peek and eval disagree on a state-only output:\n"
                     "  peek %s\n  eval %s",
                     'A' + i, x, y);
        }
    }
}

/* The link monitors: framing, damaged packets, and the verdict on the
 * control word delivered last cycle (damaged or forged or not). */
static void control_words(lcb_run *R, int64_t t)
{
    for (int i = 0; i < 2; i++) {
        ctl_track *k = &R->ct[i];
        uint64_t fw = R->mon[i].cw_forged;
        R->lm[i] = nr_linkmon_step(&R->mon[i], t, R->rx[i], R->o[i].ev);
        R->r->forged_delivered += R->mon[i].cw_forged - fw;
        if (!(R->lm[i] & (NR_LM_CW_ACC | NR_LM_CW_REJ))) continue;
        int rej = (R->lm[i] & NR_LM_CW_REJ) != 0;
        int wrong = (R->lm[i] & (NR_LM_CW_DAMAGED | NR_LM_CW_FORGED)) != 0;
        if (!wrong && rej) R->r->clean_rejected++;
        if (R->lm[i] & NR_LM_CW_FORGED) {
            if (rej)
                R->r->forged_rejected++;
            else
                R->r->forged_accepted++;
            if (!rej && R->strict_forge[i ^ 1])
                lcb_fail(&R->chk, t,
                         "port %c accepted a forged out-of-range control word "
                         "(link-protocol 7.4: it must be rejected)",
                         'A' + i);
            if (rej && R->accept_forge[i ^ 1])
                lcb_fail(&R->chk, t,
                         "port %c rejected a forged control word whose ack is in range "
                         "(link-protocol 7.4: only the ack is checked)",
                         'A' + i);
        } else if (R->lm[i] & NR_LM_CW_DAMAGED) {
            R->r->ctl_escapes++;
            fprintf(R->out,
                    "CONTROL-WORD ESCAPE at cycle %" PRId64 ", port %c: a word whose C "
                    "bits the channel damaged passed the CRC-16 and the range checks\n",
                    t, 'A' + i);
        }
        if (!rej && wrong) {
            k->ever_wrong = 1;
            k->susp = 1;
        } else if (!rej) {
            if (k->susp) k->susp_end = t;
            k->susp = 0;
            k->noted = 0;
        }
    }
}

/* Credit conservation, per direction d (sender d, receiver d^1):
 * link-protocol 7.2 and 8.5, with escapes told apart. */
static void credit_conservation(lcb_run *R, int64_t t)
{
    for (int d = 0; d < 2; d++) {
        const nr_lcbp_out *s = &R->o[d], *q = &R->o[d ^ 1];
        if (s->debit >> R->nv)
            lcb_fail(&R->chk, t, "port %c: debit 0x%x on a VC >= NumVcs", 'A' + d, s->debit);
        for (int v = 0; v < R->nv; v++) {
            /* the credits output is CW bits, two's complement (§7.2):
             * negative only after an accepted wrong word */
            int64_t cr = s->credits[v];
            if (cr > R->sbuf[d]) cr -= (int64_t)1 << R->cwbits;
            int64_t lo = R->sbuf[d] - (int64_t)R->D[d][v];
            int64_t hi = lo + (int64_t)R->F[d][v];
            int neg = cr < 0;
            R->r->neg_credits += (uint64_t)neg;
            R->r->neg_episodes += (uint64_t)(neg && !R->neg_prev[d][v]);
            R->neg_prev[d][v] = neg;
            if (cr < 0 && !R->ct[d].ever_wrong)
                lcb_fail(&R->chk, t,
                         "port %c vc %d: credits %" PRId64 " < 0, and every control "
                         "word it accepted was true (link-protocol 7.2)",
                         'A' + d, v, cr);
            else if (cr < lo || cr > hi) {
                char m[200];
                snprintf(m, sizeof m,
                         "port %c vc %d: credits %" PRId64 " %s %" PRId64 ": credits %s", 'A' + d,
                         v, cr,
                         cr < lo ? "< BufPerVc - debited ="
                                 : "> BufPerVc - debited + freed by the peer =",
                         cr < lo ? lo : hi, cr < lo ? "lost" : "created");
                int why = explain(R->ct, d, t, R->ep, R->wbits, R->maxlat, R->p->max_pkt_len, 0);
                if (why == 1) {
                    if (!R->ct[d].noted) {
                        R->r->ctl_effects++;
                        fprintf(R->out,
                                "cycle %" PRId64 ": %s, while port %c believes a damaged or "
                                "forged control word (counted with its escape; the next good "
                                "word must repair it)\n",
                                t, m, 'A' + d);
                    }
                    R->ct[d].noted = 1;
                } else if (why == 2) {
                    esc_stop(R->r, &R->chk, R->cf->no_escapes, R->out, t, m);
                } else {
                    lcb_fail(&R->chk, t, "%s", m);
                }
            }
            R->D[d][v] += (s->debit >> v) & 1;
            R->F[d][v] += q->inq_cr[v];
            if (R->cf->selftest == 4 && t == R->cf->selftest_cycle && d == 0 && v == 0)
                R->F[d][v]++; /* self-test: a phantom freed credit */
            if (R->F[d][v] > R->D[d][v] && R->r->escape_cycle < 0) {
                char m[200];
                snprintf(m, sizeof m,
                         "vc %d %s: receiver %c freed %" PRIu64 " credits, sender "
                         "debited only %" PRIu64,
                         v, d ? "B->A" : "A->B", 'A' + (d ^ 1), R->F[d][v], R->D[d][v]);
                if (explain(R->ct, d, t, R->ep, R->wbits, R->maxlat, R->p->max_pkt_len, 0) == 2)
                    esc_stop(R->r, &R->chk, R->cf->no_escapes, R->out, t, m);
                else
                    lcb_fail(&R->chk, t, "%s", m);
            }
            if (q->occ[v] > (uint64_t)R->rbuf[d])
                lcb_fail(&R->chk, t, "port %c vc %d: occupancy %u > BufPerVc %" PRId64,
                         'A' + (d ^ 1), v, q->occ[v], R->rbuf[d]);
        }
    }
}

/* Every packet an RX accepts goes to the oracle. */
static void oracle_accepts(lcb_run *R, int64_t t)
{
    /* A rogue peer's overdraw: B's queue cuts the packet arriving (link-
     * protocol 8.4); on this clean link its EOP still passes the link check,
     * so the first RX_OK at B from now on is that packet's, and it is lost
     * by the rule: retired from the scoreboard, its credits withheld. */
    if (R->cf->rogue_extra && ((R->o[1].ev >> NR_EV_INQ_OVF) & 1)) {
        /* the boundary, without the model: the phit written now is of the
         * packet B's link is framing (it is not the EOP, so that packet goes
         * on), and its VC holds BufPerVc - 1 or more phits after this
         * cycle's read. (A read of the synthesized EOP of an abort reads no
         * entry, but after such a cut the VC is empty: no overflow with it.) */
        const int v = R->mon[1].vc;
        const int64_t stored =
            (int64_t)R->o[1].occ[v] - (R->in[1].rd_en && R->in[1].rd_vc == v ? 1 : 0);
        if (stored < R->rbuf[0] - 1)
            lcb_fail(&R->chk, t,
                     "port B vc %d: INQ_OVF with %" PRId64 " phits stored after this "
                     "cycle's read; a non-EOP phit overflows from BufPerVc - 1 = %" PRId64
                     " on (link-protocol 8.4)",
                     v, stored, R->rbuf[0] - 1);
        R->cut_pending++;
        R->r->rogue_cuts++;
    }
    for (int i = 0; i < 2; i++) {
        if (!(R->lm[i] & NR_LM_ACC)) continue;
        if (R->lm[i] & NR_LM_ACC_OOO)
            lcb_fail(&R->chk, t,
                     "port %c: RX_OK for a packet that arrived in recovery before a "
                     "replay marker (link-protocol 8.3: it must be refused)",
                     'A' + i);
        uint32_t ph = R->mon[i].dec_ph;
        if (!R->mon[i].dec_framed)
            lcb_fail(&R->chk, t,
                     "port %c: RX_OK in a cycle where the framing rule ends no packet "
                     "(link phit %06x; with LinkCrcW = 32 the verdict is due a cycle after the "
                     "EOP)",
                     'A' + i, R->rx[i]);
        lcb_acc_rec ar = {R->mon[i].accepted - 1, (ph >> 16) & 0x3Fu, (uint16_t)(ph & 0xFFFFu),
                          (R->lm[i] & NR_LM_ACC_SUSPECT) != 0, t};
        if (ar.damaged) R->ct[i].last_dmg_acc = t;
        if (i == 1 && R->cut_pending) {
            int vc = 0, len = 0;
            R->cut_pending--;
            if (!lcb_ep_cut(R->ep[i], &ar, t, &vc, &len)) {
                R->cut[0][vc] += (uint64_t)len;
                R->r->rogue_cut_phits += (uint64_t)len;
            }
            continue;
        }
        lcb_ep_accepted(R->ep[i], R->mon[i].dec_vc, &ar);
    }
}

/* What only link damage causes (link-protocol 6-7): on two clean channels,
 * with a timer longer than the ack's round trip (section 11), none of these
 * may ever fire. Packets longer than cfg_max_len (clipped by the receiver,
 * RX_CLIP, and NACKed: 8.3) and runs that must end with the link down are left out;
 * soft errors and protocol faults are the cores' doing and stay allowed. */
#define CLEAN_BAD_EVENTS                                                                           \
    ((1u << NR_EV_TX_REPLAY) | (1u << NR_EV_TX_TIMEOUT) | (1u << NR_EV_TX_NACK) |                  \
     (1u << NR_EV_LINK_DOWN) | (1u << NR_EV_RX_CRC) | (1u << NR_EV_RX_DUP) |                       \
     (1u << NR_EV_RX_MARKER) | (1u << NR_EV_RX_IDLE_BAD) | (1u << NR_EV_CTL_BAD) |                 \
     (1u << NR_EV_CTL_REJECT) | (1u << NR_EV_CTL_SYNC_LOST) | (1u << NR_EV_INQ_OVF))

/* Events of both ports: replay causes, recoveries, overflows that an
 * escape explains, link down (sticky), and on a clean link none of the
 * damage events. */
static void events(lcb_run *R, int64_t t)
{
    for (int i = 0; i < 2; i++) {
        uint32_t ev = R->o[i].ev;
        lcb_port_res *pr = &R->r->port[i];
        port_track *k = &R->tr[i];
        if (ev >> NR_EV_COUNT)
            lcb_fail(&R->chk, t, "port %c: undefined event bits 0x%x", 'A' + i, ev);
        if (ev & R->clean_bad[i])
            lcb_fail(&R->chk, t, "port %c: event 0x%05x (%s) on a clean link", 'A' + i,
                     ev & R->clean_bad[i], lcb_ev_name(__builtin_ctz(ev & R->clean_bad[i])));
        for (int b = 0; b < NR_EV_COUNT; b++) pr->ev[b] += (ev >> b) & 1;
        /* Link down is decided at a replay decision whose start-of-cycle
         * retries already equal the limit (7.5); replays count up, an ack
         * that advances resets, and in one cycle the replay wins (the
         * same-cycle rule). Checked from the events alone, not the model. */
        if (((ev >> NR_EV_LINK_DOWN) & 1) && k->retries != R->cf->c.retry_limit)
            lcb_fail(&R->chk, t,
                     "port %c: LINK_DOWN after %u replays without an ack, the retry "
                     "limit is %u (link-protocol 7.5)",
                     'A' + i, k->retries, R->cf->c.retry_limit);
        if ((ev >> NR_EV_TX_REPLAY) & 1)
            k->retries++;
        else if ((ev >> NR_EV_TX_ACK) & 1)
            k->retries = 0;
        if ((ev >> NR_EV_TX_REPLAY) & 1) {
            if (k->first_cause == 1)
                pr->replay_nack++;
            else if (k->first_cause == 2)
                pr->replay_timeout++;
            else
                pr->replay_other++;
            if (k->had_replay && !k->ack_since) pr->nested_replays++;
            k->had_replay = 1;
            k->ack_since = 0;
            k->first_cause = 0;
        }
        if ((ev >> NR_EV_TX_ACK) & 1) k->ack_since = 1;
        if ((ev >> NR_EV_CTL_REJECT) & 1) k->last_reject = t;
        if (!k->first_cause && ((ev >> NR_EV_TX_NACK) & 1)) k->first_cause = 1;
        if (!k->first_cause && ((ev >> NR_EV_TX_TIMEOUT) & 1)) k->first_cause = 2;
        if (((ev >> NR_EV_RX_CRC) & 1) && !k->in_rec) {
            k->in_rec = 1;
            k->rec_start = t;
        }
        if (((ev >> NR_EV_RX_OK) & 1) && k->in_rec) {
            uint64_t l = (uint64_t)(t - k->rec_start);
            if (R->cf->rec_bound) {
                /* port i receives from direction i ^ 1; its NACK goes back on i */
                int b = lcb_tb_rec_bound(R->p, R->cf->ch[i ^ 1].latency, R->cf->ch[i].latency);
                if (l > (uint64_t)b)
                    lcb_fail(&R->chk, t,
                             "port %c: a single error took %" PRIu64 " cycles to repair "
                             "(RX_CRC at %" PRId64
                             " to RX_OK), above the bound %d of link-protocol "
                             "7.7",
                             'A' + i, l, k->rec_start, b);
            }
            pr->recoveries++;
            pr->rec_sum += l;
            if (l > pr->rec_max) pr->rec_max = l;
            k->in_rec = 0;
        }
        /* An input-queue overflow while the sender believes a damaged or
         * forged word: a packet sent on phantom credits (link-protocol
         * 7.4) is cut, and if it was good on the link it is lost. That is
         * the escape's consequence: report it with the escape and end
         * the run (the acceptance records and the scoreboard can no
         * longer be matched). Otherwise an overflow of a good packet is
         * caught by the model's own error report. */
        if (((ev >> NR_EV_INQ_OVF) & 1) && R->r->escape_cycle < 0 &&
            explain(R->ct, i ^ 1, t, R->ep, R->wbits, R->maxlat, R->p->max_pkt_len, 1)) {
            char m[160];
            snprintf(m, sizeof m,
                     "port %c: input-queue overflow (INQ_OVF) of a packet sent by "
                     "port %c on credits from a damaged or forged control word",
                     'A' + i, 'A' + (i ^ 1));
            esc_stop(R->r, &R->chk, R->cf->no_escapes, R->out, t, m);
        }
        if (R->o[i].link_down && !R->prev_down[i]) pr->down_cycle = t;
        if (!R->o[i].link_down && R->prev_down[i])
            lcb_fail(&R->chk, t, "port %c: link_down fell (it is sticky)", 'A' + i);
        R->prev_down[i] = R->o[i].link_down;
    }
}

/* Scoreboard errors are failures, unless a recent escape explains them. */
static void scoreboard_errors(lcb_run *R, int64_t t)
{
    if (R->sb.nerrors > R->sb_seen) {
        char m[300];
        snprintf(m, sizeof m, "scoreboard: %" PRIu64 " new error(s)%s%s",
                 R->sb.nerrors - R->sb_seen, R->sb.nrec ? ", last: " : "",
                 R->sb.nrec ? R->sb.rec[R->sb.nrec - 1].msg : "");
        if (explain(R->ct, 0, t, R->ep, R->wbits, R->maxlat, R->p->max_pkt_len, 0) == 2 ||
            explain(R->ct, 1, t, R->ep, R->wbits, R->maxlat, R->p->max_pkt_len, 0) == 2)
            esc_stop(R->r, &R->chk, R->cf->no_escapes, R->out, t, m);
        else
            lcb_fail(&R->chk, t, "%s", m);
        R->sb_seen = R->sb.nerrors;
    }
}

/* The channels take this cycle's phits, the ports tick; every 1024 cycles
 * the models' own error reports. */
static void cycle_end(lcb_run *R, int64_t t)
{
    for (int i = 0; i < 2; i++) lcb_ch_send(R->ch[i], R->o[i].link_tx);
    for (int i = 0; i < 2; i++) lcb_port_tick(R->port[i]);
    if ((t & 1023) == 0) {
        char m[256];
        for (int i = 0; i < 2; i++)
            if (lcb_port_errors(R->port[i], m, sizeof m) && R->r->escape_cycle < 0) {
                char mm[400];
                snprintf(mm, sizeof mm, "port %c: model reports an error: %s", 'A' + i, m);
                /* an input-queue overflow of a packet that is good on the
                 * link follows phantom credits (a wrong word believed) */
                if (explain(R->ct, i ^ 1, t, R->ep, R->wbits, R->maxlat, R->p->max_pkt_len, 1))
                    esc_stop(R->r, &R->chk, R->cf->no_escapes, R->out, t, mm);
                else
                    lcb_fail(&R->chk, t, "%s", mm);
            }
    }
}

/* Progress watchdog and drain, per direction. 0: go on; 1: stop now;
 * 2: quiescent, stop after this cycle. */
static int watchdog_and_drain(lcb_run *R, int64_t t)
{
    int quiet = 1;
    for (int d = 0; d < 2; d++) {
        const lcb_ep_stats *s = lcb_ep_get_stats(R->ep[d]), *q = lcb_ep_get_stats(R->ep[d ^ 1]);
        uint64_t done = q->delivered + q->discard_soft + q->cut;
        int64_t outst = (int64_t)s->heads_taken - (int64_t)done;
        int pend = outst > 0 || lcb_ep_pending(R->ep[d]);
        if (done != R->completions[d] || !pend || lcb_ch_in_outage(R->ch[d])) R->stall_since[d] = t;
        R->completions[d] = done;
        if (pend && !R->o[d].link_down && t - R->stall_since[d] > R->cf->watchdog) {
            lcb_fail(&R->chk, t,
                     "watchdog: %s: nothing delivered for %" PRId64 " cycles with %" PRId64
                     " packets outstanding and %" PRIu64 " queued at the source; "
                     "link up (deadlock or livelock)",
                     d ? "B->A" : "A->B", R->cf->watchdog, outst, lcb_ep_backlog(R->ep[d]));
            R->stop = 1;
        }
        if (R->o[d].link_down) continue; /* this direction is dead: nothing to drain */
        if (pend || R->o[d ^ 1].ctl_sync == 0 || R->o[d].ctl_sync == 0) quiet = 0;
        if (lcb_ep_acc_pending(R->ep[d ^ 1])) quiet = 0;
        /* a deframer in SYNC whose words are all rejected is not in sync */
        if (t - R->tr[d].last_reject < 2 * R->wbits || t - R->tr[d ^ 1].last_reject < 2 * R->wbits)
            quiet = 0;
        for (int v = 0; v < R->nv; v++)
            if (R->F[d][v] + R->cut[d][v] != R->D[d][v] ||
                R->o[d].credits[v] != (uint64_t)R->sbuf[d] - R->cut[d][v] || R->o[d ^ 1].occ[v])
                quiet = 0;
    }
    if (R->drain && quiet) {
        R->r->quiescent = 1;
        return 2;
    }
    /* The drain limit counts from the cycle the sources have sent their
     * whole backlog; before that the watchdog guards progress. */
    if (R->drain && R->drain_clock < 0 && (!lcb_ep_pending(R->ep[0]) || R->o[0].link_down) &&
        (!lcb_ep_pending(R->ep[1]) || R->o[1].link_down))
        R->drain_clock = t; /* a down sender's source never empties */
    if (R->drain && R->drain_clock >= 0 && t - R->drain_clock >= R->drain_limit) {
        lcb_fail(&R->chk, t,
                 "did not drain within %" PRId64
                 " cycles after the sources emptied (packets outstanding, "
                 "credits not back, or control channel out of sync or its words rejected: "
                 "last CTL_REJECT A %" PRId64 " B %" PRId64 ")",
                 R->drain_limit, R->tr[0].last_reject, R->tr[1].last_reject);
        return 1;
    }
    if (R->cf->progress > 0 && !R->cf->quiet && t % R->cf->progress == 0 && t > 0)
        fprintf(R->out,
                "cycle %" PRId64 ": delivered A->B %" PRIu64 " B->A %" PRIu64 ", replays %" PRIu64
                "/%" PRIu64 "\n",
                t, lcb_ep_get_stats(R->ep[1])->delivered, lcb_ep_get_stats(R->ep[0])->delivered,
                R->r->port[0].ev[NR_EV_TX_REPLAY], R->r->port[1].ev[NR_EV_TX_REPLAY]);
    return 0;
}

/* End-of-run checks (not after a divergence: the run stopped early). */
/* end_checks: each port's event counts against its source's, and the
 * credits at quiescence; the packets a down link may strand */
static uint64_t check_counts(lcb_run *R, int64_t t, const int down[2])
{
    for (int i = 0; i < 2; i++) {
        char m[256];
        if (lcb_port_errors(R->port[i], m, sizeof m))
            lcb_fail(&R->chk, t, "port %c: model reports an error: %s", 'A' + i, m);
    }
    uint64_t allowed = 0;
    for (int d = 0; d < 2; d++) {
        const lcb_ep_stats *s = lcb_ep_get_stats(R->ep[d]), *q = lcb_ep_get_stats(R->ep[d ^ 1]);
        const lcb_port_res *ps = &R->r->port[d], *pq = &R->r->port[d ^ 1];
        /* each TX event against what the source handed over */
        const struct {
            int ev;
            uint64_t want;
            const char *what;
        } cnt[] = {{NR_EV_TX_PKT, s->heads_taken, "packets the source handed over"},
                   {NR_EV_TX_SOFT, s->exp_tx_soft, "injected soft errors"},
                   {NR_EV_TX_PROTO, s->exp_tx_proto, "injected protocol faults"},
                   {NR_EV_TX_DOWN_DROP, s->down_drops, "heads taken after link down"}};
        for (size_t k = 0; k < sizeof cnt / sizeof cnt[0]; k++)
            if (ps->ev[cnt[k].ev] != cnt[k].want)
                lcb_fail(&R->chk, t, "port %c: %s count %" PRIu64 " != %s %" PRIu64, 'A' + d,
                         lcb_ev_name(cnt[k].ev), ps->ev[cnt[k].ev], cnt[k].what, cnt[k].want);
        if (down[d]) {
            /* the loss, and the LCBs' own count of it (link-protocol 7.6):
             * TX_PKT here minus RX_OK there, and the heads discarded */
            const uint64_t lost =
                s->heads_taken - (q->delivered + q->discard_soft + q->cut) + s->down_lost;
            const uint64_t own = ps->ev[NR_EV_TX_PKT] - pq->ev[NR_EV_RX_OK] +
                                 ps->ev[NR_EV_TX_DOWN_DROP] - (s->down_drops - s->down_lost);
            if (lost != own)
                lcb_fail(&R->chk, t,
                         "%s: %" PRIu64 " packets lost on the down link, the LCBs count %" PRIu64
                         " (link-protocol 7.6)",
                         d ? "B->A" : "A->B", lost, own);
            allowed += lost;
            continue;
        }
        if (pq->ev[NR_EV_RX_OK] != ps->ev[NR_EV_TX_PKT])
            lcb_fail(&R->chk, t,
                     "%s: receiver RX_OK %" PRIu64 " != sender TX_PKT %" PRIu64 " after the drain",
                     d ? "B->A" : "A->B", pq->ev[NR_EV_RX_OK], ps->ev[NR_EV_TX_PKT]);
        if (!R->r->quiescent) continue;
        for (int v = 0; v < R->nv; v++)
            if (R->D[d][v] != R->F[d][v] + R->cut[d][v])
                lcb_fail(&R->chk, t,
                         "%s vc %d at quiescence: debited %" PRIu64 " != freed %" PRIu64
                         " + cut by the overflow rule %" PRIu64,
                         d ? "B->A" : "A->B", v, R->D[d][v], R->F[d][v], R->cut[d][v]);
    }
    return allowed;
}

/* end_checks: the scoreboard's new errors at the end are the losses a down
 * link allowed, no more */
static void check_losses(lcb_run *R, int64_t t, uint64_t allowed)
{
    uint64_t before = R->sb.nerrors;
    uint64_t lossb = R->sb.errors[NR_SB_E_LOSS];
    nr_sb_final(&R->sb);
    uint64_t added = R->sb.nerrors - before, loss = R->sb.errors[NR_SB_E_LOSS] - lossb;
    R->r->lost_to_down = loss;
    if (added != loss || loss != allowed)
        lcb_fail(&R->chk, t,
                 "scoreboard at the end: %" PRIu64 " new errors, %" PRIu64 " losses; "
                 "%" PRIu64 " packets were stranded by a down link (allowed)",
                 added, loss, allowed);
}

/* end_checks: what the run's scenario asks for (rogue credits, the link
 * going down or not and when, the recovery bound) */
static void check_scenario(lcb_run *R, int64_t t, const int down[2])
{
    if (R->cf->rogue_extra) {
        /* the overdraw must have happened, and every cut be matched to
     * its packet (the rest arrived intact: the scoreboard) */
        if (!R->r->rogue_cuts)
            lcb_fail(&R->chk, t,
                     "--rogue-credits %d: B's input queue never overflowed (raise "
                     "--load or --bp)",
                     R->cf->rogue_extra);
        if (R->cut_pending)
            lcb_fail(&R->chk, t, "%d INQ_OVF at B without the RX_OK of the cut packet",
                     R->cut_pending);
        if (R->r->rogue_cuts != R->r->port[1].ev[NR_EV_INQ_OVF])
            lcb_fail(&R->chk, t, "INQ_OVF count %" PRIu64 " != cuts %" PRIu64,
                     R->r->port[1].ev[NR_EV_INQ_OVF], R->r->rogue_cuts);
    }
    if (R->cf->expect_down && !down[0] && !down[1])
        lcb_fail(&R->chk, t, "expected the link to go down (retry limit %u), it did not",
                 R->cf->c.retry_limit);
    if (R->cf->rec_bound) {
        uint64_t n = R->r->port[0].recoveries + R->r->port[1].recoveries;
        if (!n)
            lcb_fail(&R->chk, t,
                     "--rec-bound: no recovery happened to check (a --flip-at "
                     "cycle must fall on a packet)");
        if (R->r->port[0].ev[NR_EV_TX_TIMEOUT] + R->r->port[1].ev[NR_EV_TX_TIMEOUT] ||
            R->r->port[0].nested_replays + R->r->port[1].nested_replays)
            lcb_fail(&R->chk, t,
                     "--rec-bound: a single error needs one NACK and one replay; "
                     "there were timeouts or nested replays");
    }
    if (R->cf->down_window) {
        const lcb_ch_cfg *a = &R->cf->ch[0], *b = &R->cf->ch[1];
        long long lo, hi;
        lcb_tb_down_window(R->p, &R->cf->c, a->latency > b->latency ? a->latency : b->latency,
                           a->sched_outage[0], &lo, &hi);
        for (int i = 0; i < 2; i++) {
            lcb_port_res *pr = &R->r->port[i];
            pr->down_lo = lo, pr->down_hi = hi;
            if (pr->down_cycle >= 0 && (pr->down_cycle < lo || pr->down_cycle > hi))
                lcb_fail(&R->chk, t,
                         "port %c: link down at cycle %" PRId64 ", outside the "
                         "window [%lld, %lld] of protocol 7.6 (outage from %" PRId64
                         ", timeout %u, retry limit %u)",
                         'A' + i, pr->down_cycle, lo, hi, a->sched_outage[0], R->cf->c.timeout,
                         R->cf->c.retry_limit);
        }
    }
    if (!R->cf->expect_down && (down[0] || down[1]))
        lcb_fail(&R->chk, t, "link went down (port %s, retry limit %u)",
                 down[0] && down[1] ? "A and B"
                 : down[0]          ? "A"
                                    : "B",
                 R->cf->c.retry_limit);
}

/* end_checks: forged control words exercised, and accepted or rejected as
 * their kind must be */
/* Forged words of a kind that must all be rejected or all accepted: some
 * were delivered, and n of them were (verb). */
static void forged_all(lcb_run *R, int64_t t, const char *kind, uint64_t n, const char *verb)
{
    if (R->r->forged_delivered == 0 || n != R->r->forged_delivered)
        lcb_fail(&R->chk, t,
                 "%s forged words: %" PRIu64 " delivered, %" PRIu64 " %s: every one must be %s",
                 kind, R->r->forged_delivered, n, verb, verb);
}

static void check_forged(lcb_run *R, int64_t t)
{
    /* forged words must have been exercised, and outrange ones rejected */
    for (int d = 0; d < 2; d++) {
        const lcb_ch_cfg *cc = &R->cf->ch[d];
        if (cc->ctl_forge <= 0) continue;
        const lcb_ch_stats *cs = lcb_ch_get_stats(R->ch[d]);
        if (cs->forged_words == 0)
            lcb_fail(&R->chk, t, "%s: --ctl-forge %g put no forged word on the link",
                     d ? "B->A" : "A->B", cc->ctl_forge);
    }
    int phantom_only = 0;
    for (int d = 0; d < 2; d++)
        phantom_only |= R->cf->ch[d].ctl_forge > 0 &&
                        R->cf->ch[d].ctl_forge_kind == LCB_FORGE_PHANTOM &&
                        !lcb_ch_cfg_has_noise(&R->cf->ch[d]);
    if (phantom_only && R->r->forged_accepted == 0)
        lcb_fail(&R->chk, t, "phantom forged words: none was accepted, the test exercised nothing");
    if (R->strict_forge[0] || R->strict_forge[1])
        forged_all(R, t, "out-of-range", R->r->forged_rejected, "rejected");
    if (R->accept_forge[0] || R->accept_forge[1])
        forged_all(R, t, "inrange", R->r->forged_accepted, "accepted");
    if ((R->badwt_forge[0] || R->badwt_forge[1]) && R->r->forged_delivered != 0)
        lcb_fail(&R->chk, t,
                 "badwt forged words: %" PRIu64 " delivered: a word with the wrong "
                 "toggle must be refused by the deframer (link-protocol 5.3)",
                 R->r->forged_delivered);
}

static void end_checks(lcb_run *R, int64_t t)
{
    if (!R->r->diverged && !R->stop && R->chk.nfail == 0 && R->r->escape_cycle < 0) {
        int down[2] = {R->prev_down[0], R->prev_down[1]};
        uint64_t allowed = check_counts(R, t, down);
        check_losses(R, t, allowed);
        check_scenario(R, t, down);
        check_forged(R, t);
        uint64_t nested = R->r->port[0].nested_replays + R->r->port[1].nested_replays;
        if (nested < (uint64_t)R->cf->min_nested)
            lcb_fail(&R->chk, t,
                     "only %" PRIu64 " replays after a failed replay, scenario requires >= "
                     "%d",
                     nested, R->cf->min_nested);
    }
}

/* After the loop: the result's counts, from the channels, the endpoints
 * and the link monitors. */
static void collect_results(lcb_run *R, int64_t t)
{
    R->r->cycles_run = t;
    R->r->drain_cycles = R->drain ? t - R->drain_start : 0;
    for (int d = 0; d < 2; d++) {
        const lcb_ch_stats *cs = lcb_ch_get_stats(R->ch[d]);
        R->r->err_link_cycles += cs->err_cycles;
        for (int v = 0; v < R->nv; v++) {
            R->r->debits[d][v] = R->D[d][v];
            R->r->freed[d][v] = R->F[d][v];
        }
        const lcb_ep_stats *q = lcb_ep_get_stats(R->ep[d ^ 1]);
        double w = (double)(R->cf->cycles - R->cf->warmup);
        R->r->goodput_ll[d] = (double)q->win_deliv_phits / w;
        R->r->goodput_pay[d] = (double)q->win_deliv_payload / w;
    }

    end_checks(R, t);
    R->r->sb_errors = R->sb.nerrors;
    R->r->escapes = lcb_ep_get_stats(R->ep[0])->escapes + lcb_ep_get_stats(R->ep[1])->escapes +
                    R->r->escapes_classified;
    for (int i = 0; i < 2; i++) {
        R->r->dmg_checked += R->mon[i].dmg_checked;
        R->r->dmg_frame += R->mon[i].dmg_frame;
        R->r->dmg_detected += R->mon[i].dmg_detected;
        R->r->dmg_ooo += R->mon[i].dmg_ooo;
        R->r->exp_escapes += R->mon[i].exp_escapes;
    }
    for (int d = 0; d < 2; d++) {
        const lcb_ch_stats *cs = lcb_ch_get_stats(R->ch[d]);
        R->r->forged_words += cs->forged_words;
    }
}

/* The summary, the verdict line and the first failure. */
static void report(lcb_run *R)
{
    print_summary(R->out, R->cf, R->r, R->ep, R->ch, &R->st, &R->sb);
    R->r->pass = R->chk.nfail == 0;
    if (!R->r->pass)
        fprintf(R->out, "first failure at cycle %" PRId64 ": %s\n", R->chk.first_cycle,
                R->chk.first);
    if (R->r->pass && R->r->escape_cycle >= 0)
        fprintf(R->out,
                "the run ended at cycle %" PRId64 " on a CRC escape: the link CRC accepted a "
                "damaged packet (protocol limit, about 2^-%d per undetectable error; see T2 in "
                "docs/lcb-spec-questions.md). Everything before it was checked; the implementation "
                "decided as the protocol says (oracle). --no-escapes makes this a failure.\n",
                R->r->escape_cycle, R->p->link_crc_w == 32 ? 32 : 16);
    fprintf(R->out, "%s (seed %" PRIu64 ")\n",
            !R->r->pass               ? "FAIL"
            : R->r->escape_cycle >= 0 ? "PASS-ESCAPE"
                                      : "PASS",
            R->cf->seed);
}

/* Set up the run: scoreboard, statistics, the two ports with their channels
 * and endpoints, the checks' trackers and the link monitors. 0, or 2 with a
 * message in err (run_free frees what was made). */
static int run_init(lcb_run *R, char *err, int errlen)
{
    R->p = &R->cf->p;
    R->nv = R->p->num_vcs;
    R->buf = R->p->buf_per_vc;
    R->pa = *R->p;
    R->pa.buf_per_vc += R->cf->rogue_extra;
    R->sbuf[0] = R->rbuf[1] = R->pa.buf_per_vc; /* A's belief, A's real buffer */
    R->sbuf[1] = R->rbuf[0] = R->buf;           /* B's, both true */
    /* CW = clog2(BufPerVc + 1): the credits field width */
    while ((1 << R->cwbits) < R->buf + 1) R->cwbits++;
    lcb_check_init(&R->chk, R->out, 20);
    nr_sb_cfg_t sbc;
    nr_sb_cfg_default(&sbc);
    sbc.num_vcs = R->nv;
    sbc.max_len = R->p->max_pkt_len;
    sbc.log = R->out;
    if (nr_sb_init(&R->sb, &sbc, lcb_ep_port_of, NULL)) {
        snprintf(err, errlen, "scoreboard init failed");
        return 2;
    }
    R->have_sb = 1;
    nr_stats_cfg_t stc = {(uint64_t)R->cf->warmup, (uint64_t)(R->cf->cycles - R->cf->warmup),
                          (uint64_t)R->cf->drain, 2, 1};
    if (nr_stats_init(&R->st, &stc, err, (size_t)errlen)) return 2;
    R->have_st = 1;
    for (int i = 0; i < 2; i++) {
        const lcb_ch_cfg *cc = &R->cf->ch[i];
        int only = cc->ctl_forge > 0 && !lcb_ch_cfg_has_noise(cc), k = cc->ctl_forge_kind;
        R->strict_forge[i] = only && (k == LCB_FORGE_OUTRANGE || k == LCB_FORGE_FOREIGN);
        R->accept_forge[i] = only && k == LCB_FORGE_INRANGE;
        R->badwt_forge[i] = only && k == LCB_FORGE_BADWT;
    }
    for (int i = 0; i < 2; i++) {
        R->port[i] = lcb_port_new(R->cf->impl[i], R->cf->lockstep, i ? R->p : &R->pa, &R->cf->c,
                                  i ? "B" : "A", err, errlen);
        if (!R->port[i]) return 2;
        lcb_ch_cfg chg = R->cf->ch[i];
        lcb_ch_cfg_geom(&chg, R->nv, R->buf, R->p->window);
        R->ch[i] = lcb_ch_new(&chg, R->cf->seed, i, err, errlen);
        if (!R->ch[i]) return 2;
        lcb_ep_cfg ec = R->cf->ep[i];
        if (i == 1 && R->cf->selftest >= 1 && R->cf->selftest <= 3) {
            ec.st_kind = R->cf->selftest;
            ec.st_cycle = R->cf->selftest_cycle;
        }
        R->ep[i] =
            lcb_ep_new(&ec, R->p, &R->cf->c, i, R->cf->seed, &R->sb, &R->st, &R->chk, err, errlen);
        if (!R->ep[i]) return 2;
        lcb_ep_window(R->ep[i], R->cf->warmup, R->cf->cycles);
        lcb_ep_escapes_fatal(R->ep[i], R->cf->no_escapes);
        if (R->cf->selftest == 5) lcb_port_selftest_diverge(R->port[i], R->cf->selftest_cycle);
    }
    lcb_ep_set_peer(R->ep[0], R->ep[1]);
    lcb_ep_set_peer(R->ep[1], R->ep[0]);
    R->ct[0].susp_end = R->ct[1].susp_end = R->ct[0].last_dmg_acc = R->ct[1].last_dmg_acc =
        -1000000000;
    R->maxlat =
        R->cf->ch[0].latency > R->cf->ch[1].latency ? R->cf->ch[0].latency : R->cf->ch[1].latency;
    if (ch_clean(&R->cf->ch[0]) && ch_clean(&R->cf->ch[1]) && !R->cf->expect_down &&
        lendist_max(&R->cf->ep[0].inj.len) <= (int)R->cf->c.max_len &&
        lendist_max(&R->cf->ep[1].inj.len) <= (int)R->cf->c.max_len &&
        R->cf->c.timeout > (uint32_t)(lcb_tb_rtt_ack(R->p, (int)R->maxlat) + R->p->max_pkt_len))
        R->clean_bad[0] = R->clean_bad[1] = CLEAN_BAD_EVENTS;
    /* the rogue peer A overdraws B's queue: B's overflow cuts are expected
     * (and checked packet by packet, oracle_accepts) */
    if (R->cf->rogue_extra) R->clean_bad[1] &= ~(1u << NR_EV_INQ_OVF);
    R->wport = -1;
    if (R->cf->waves) {
        R->wport = R->cf->waves_port >= 0           ? R->cf->waves_port
                   : R->cf->impl[0] == LCB_IMPL_RTL ? 0
                                                    : 1;
        if (!lcb_port_rtl_traced()) {
            snprintf(err, errlen,
                     "--waves: this binary's RTL build has no tracing; use the "
                     "traced build of its configuration (lcb_sim-NAME-trace)");
            return 2;
        }
    }
    R->tr[0].last_reject = R->tr[1].last_reject = -1000000;
    R->wbits = lcb_tb_wbits(R->p);
    for (int i = 0; i < 2; i++)
        nr_linkmon_init(&R->mon[i], R->ch[i ^ 1], (int)R->wbits, R->nv, R->p->link_crc_w);
    R->r->port[0].down_cycle = R->r->port[1].down_cycle = -1;
    R->stop_at = -1;
    R->drain_start = R->cf->cycles;
    R->drain_clock = -1;
    R->drain_limit = R->cf->drain;
    return 0;
}

/* The cycles of the run, until a stop (the end of the drain, a failed check,
 * an escape, a divergence's end). Returns the number of cycles run. */
static int64_t run_cycles(lcb_run *R)
{
    int64_t t;
    for (t = 0; !R->stop; t++) {
        if (cycle_start(R, t)) break;
        cycle_eval(R, t);
        if (R->r->diverged) {
            if (cycle_after_divergence(R, t)) {
                t++;
                break;
            }
            continue;
        }
        check_peek(R, t);
        for (int i = 0; i < 2; i++) lcb_ep_outputs(R->ep[i], t, &R->in[i], &R->o[i]);
        if (lcb_ep_get_stats(R->ep[0])->escapes + lcb_ep_get_stats(R->ep[1])->escapes) {
            R->r->escape_cycle = t;
            t++;
            break;
        }
        control_words(R, t);
        credit_conservation(R, t);
        if (R->r->escape_cycle >= 0) {
            t++;
            break;
        }
        oracle_accepts(R, t);
        events(R, t);
        scoreboard_errors(R, t);
        cycle_end(R, t);
        if (R->chk.nfail || R->r->escape_cycle >= 0) break;
        int w = watchdog_and_drain(R, t);
        if (w == 2) t++;
        if (w) break;
    }
    return t;
}

static void run_free(lcb_run *R)
{
    for (int i = 0; i < 2; i++) {
        lcb_ep_free(R->ep[i]);
        lcb_ch_free(R->ch[i]);
        lcb_port_free(R->port[i]);
    }
    if (R->have_st) nr_stats_free(&R->st);
    if (R->have_sb) nr_sb_free(&R->sb);
    free(R);
}

int lcb_tb_run(const lcb_tb_cfg *cf, lcb_tb_res *r, FILE *out, char *err, int errlen)
{
    lcb_run *R = calloc(1, sizeof *R);
    if (!R) {
        snprintf(err, errlen, "out of memory");
        return 2;
    }
    R->cf = cf;
    R->r = r;
    R->out = out;
    memset(R->r, 0, sizeof *R->r);
    R->r->div_port = -1;
    R->r->div_cycle = -1;
    R->r->escape_cycle = -1;
    if (lcb_tb_cfg_check(R->cf, NULL, err, errlen) || run_init(R, err, errlen)) {
        run_free(R);
        return 2;
    }
    struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    int64_t t = run_cycles(R);
    if (R->tracing == 1) trace_close(R, t);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    R->r->wall = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    R->r->seconds = (double)(c1.tv_sec - c0.tv_sec) + 1e-9 * (double)(c1.tv_nsec - c0.tv_nsec);
    collect_results(R, t);
    report(R);
    int rc = R->r->pass ? 0 : 1;
    run_free(R);
    return rc;
}
