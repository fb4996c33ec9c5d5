/* ep_lcb.c - the LCB endpoint of the router harness (harness_int.h): a peer
 * NIC, the C LCB model (nr_lcbp), joined to the router's port by two channels
 * (tb/common/channel.h) with their own error streams, and a link monitor
 * (tb/common/linkmon.h) on the receiver of each end. The source feeds the
 * NIC's TX; the sink reads the NIC's input queue, one VC round robin (the
 * NIC is tb/common/nic.h).
 */
#include "harness_int.h"

static int lcb_init(sim_t *s, int p, char *err, int errlen)
{
    const rtr_opts *o = s->o;
    port_t *pt = &s->pt[p];
    char e2[256];
    if (tb_nic_init(&pt->nic, &s->g.lcb, &o->lcfg, e2, sizeof e2)) {
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
    nr_linkmon_init(&pt->mon_in, pt->up, lcb_tb_wbits(&s->g.lcb), s->nvcs, s->g.lcb.link_crc_w);
    nr_linkmon_init(&pt->mon_nic, pt->dn, lcb_tb_wbits(&s->g.lcb), s->nvcs, s->g.lcb.link_crc_w);
    return 0;
}

static void lcb_release(port_t *pt)
{
    tb_nic_release(&pt->nic);
    if (pt->up) lcb_ch_free(pt->up);
    if (pt->dn) lcb_ch_free(pt->dn);
}

/* Step 2: the NIC's inputs (the source's phit, the sink's read) and the
 * phits that arrive from both channels. */
static void lcb_inputs(sim_t *s, int p, int idle, int phase_end)
{
    port_t *pt = &s->pt[p];
    tb_nic_begin(&pt->nic, lcb_ch_recv(pt->dn));
    s->rin.link_rx[p] = pt->up_rx = lcb_ch_recv(pt->up);
    if (pt->len > 0 && !idle) tb_nic_offer(&pt->nic, pt->ph[pt->pos]);
    /* sink: read one VC round robin unless backpressured */
    if (!h_chance(&pt->rng_bp, phase_end ? 0.0 : s->o->sink_bp)) tb_nic_read_rr(&pt->nic);
}

/* Forged control words (--ctl-forge, tb/common/channel.h) without other
 * errors: outrange and foreign words must be rejected (link-protocol 7.4),
 * badwt words never delivered (5.3). 1: the kind is checked word by word. */
static int forge_strict(const sim_t *s)
{
    const lcb_ch_cfg *c = &s->o->ch;
    return c->ctl_forge > 0 && !lcb_ch_cfg_has_noise(c) &&
           (c->ctl_forge_kind == LCB_FORGE_OUTRANGE || c->ctl_forge_kind == LCB_FORGE_FOREIGN ||
            c->ctl_forge_kind == LCB_FORGE_BADWT);
}

static void forge_word(sim_t *s, int p, uint64_t t, unsigned lm, const char *who, int *fail)
{
    if (!(lm & NR_LM_CW_FORGED) || !(lm & NR_LM_CW_ACC) || !forge_strict(s)) return;
    *fail = 1;
    h_say(s,
          "FAIL cycle %" PRIu64 " port %d: the %s's LCB accepted a forged control word of kind "
          "%s (link-protocol 7.4 and 5.3: it must be rejected or never delivered)\n",
          t, p, who, lcb_forge_kind_names[s->o->ch.ctl_forge_kind]);
}

/* Step 4 of a cycle with LCBs, for port p: the NIC's outputs, the link
 * monitors, head-in/head-out times, what the NIC took from the source and
 * what the sink read, the checks of every cycle, and both channels' sends. */
static void lcb_outputs(sim_t *s, int p, uint64_t t, int in_window, int *fail)
{
    const nr_rtr_out *po = s->po;
    const int V = s->nvcs;
    port_t *pt = &s->pt[p];
    const nr_lcbp_in *ni = &pt->nic.in;
    const nr_lcbp_out *no = &pt->nic.out;
    const int took = tb_nic_eval(&pt->nic);
    for (uint32_t e = no->ev & ((1u << NR_EV_COUNT) - 1); e; e &= e - 1)
        pt->ev_nic[__builtin_ctz(e)]++;
    /* router input framing (head-in cycles) and the two link
     * monitors: a packet or control word accepted over damaged
     * link cycles is a CRC escape */
    unsigned lm_in = nr_linkmon_step(&pt->mon_in, (int64_t)t, s->rin.link_rx[p], po->ev[p]);
    unsigned lm_nic = nr_linkmon_step(&pt->mon_nic, (int64_t)t, ni->link_rx, no->ev);
    if ((lm_in | lm_nic) & NR_LM_ACC_OOO) {
        *fail = 1;
        h_say(s,
              "FAIL cycle %" PRIu64 " port %d: the %s's receiver accepted a packet that "
              "arrived in recovery before a replay marker (link-protocol 8.3: it must be "
              "refused)\n",
              t, p, lm_in & NR_LM_ACC_OOO ? "router" : "NIC");
    }
    forge_word(s, p, t, lm_in, "router", fail);
    forge_word(s, p, t, lm_nic, "NIC", fail);
    if (lm_in & (NR_LM_ACC_DAMAGED | NR_LM_CW_DAMAGED))
        h_note_escape(s, fail, t, p, "router", &pt->mon_in, lm_in);
    if (lm_nic & (NR_LM_ACC_DAMAGED | NR_LM_CW_DAMAGED))
        h_note_escape(s, fail, t, p, "NIC", &pt->mon_nic, lm_nic);
    int kin = pt->mon_in.kind;
    if (kin != NR_LM_IDLE || (s->rin.link_rx[p] & NR_DATA_MASK))
        h_hist_add(s, pt, (int64_t)t, 0, s->rin.link_rx[p], kin);
    /* A replayed packet the router's receiver drops as a duplicate
     * (RX_DUP, raised on its HEAD cycle) is not a new packet: it
     * must not take the next packet's record. Replays happen
     * without injected errors too (timeout below the round trip),
     * and each one used to shift every later head-in time. */
    if (kin == NR_KIND_HEAD && !(po->ev[p] >> NR_EV_RX_DUP & 1)) {
        uint64_t ri;
        if (fifo_pop(&pt->head_wait, &ri) == 0 && ri != UINT64_MAX) s->rec[ri].head_in = t - s->t0;
    }
    int fresh;
    int kout = nr_tx_follow_step(&pt->txf, po->link_tx[p], po->ev[p] >> NR_EV_TX_PKT & 1, &fresh);
    if (kout != NR_LM_IDLE || (po->link_tx[p] & NR_DATA_MASK))
        h_hist_add(s, pt, (int64_t)t, 1, po->link_tx[p], kout);
    /* Only a new packet's head counts as its head-out. The router's
     * TX raises TX_PKT when it takes a new packet and puts the head
     * on its registered link_tx a cycle later; a head with no
     * TX_PKT before it is a replayed copy, which the NIC drops as
     * a duplicate (or takes instead of a lost original, but then
     * link errors are on and rtr_lat is not measured). */
    if (kout == NR_KIND_HEAD && fresh) {
        unsigned vc = (po->link_tx[p] >> NR_HEAD_VC_LSB) & 3;
        fifo_push(&pt->heads_out[vc % V], t - s->t0);
    }
    if (kout >= 0) s->phit_hops++;
    /* source: what the NIC took */
    if (took) {
        if (pt->pos == 0) {
            if (pt->unroutable || !s->meas_rlat)
                fifo_push(&pt->head_wait, UINT64_MAX);
            else
                fifo_push(&pt->head_wait, pt->rec);
        }
        if (++pt->pos == pt->len) pt->len = 0;
    } else if (ni->tx_valid && pt->pos > 0) {
        h_check_fired(s, fail, "cycle %" PRIu64 " port %d: NIC TX refused a mid-packet phit\n", t,
                      p);
    }
    for (int v = 0; v < V; v++)
        if (no->credits[v] > (uint32_t)s->g.lcb.buf_per_vc)
            h_check_fired(s, fail, "cycle %" PRIu64 " port %d: NIC credits[%d] = %u > %d\n", t, p,
                          v, no->credits[v], s->g.lcb.buf_per_vc);
    if (no->link_down && !pt->down_seen)
        h_check_fired(s, fail, "cycle %" PRIu64 " port %d: NIC link down\n", t, p);
    if (po->link_down[p] && !pt->down_seen)
        h_check_fired(s, fail, "cycle %" PRIu64 " port %d: router link down\n", t, p);
    pt->down_seen |= no->link_down || po->link_down[p];
    /* sink: data of the read issued last cycle */
    if (no->rd_valid) {
        int v = pt->nic.data_vc;
        uint64_t ho = UINT64_MAX;
        if (nr_phit_kind(no->rd_phit) == NR_KIND_HEAD) {
            unsigned hv = nr_head_vc(no->rd_phit) % V;
            if (fifo_pop(&pt->heads_out[hv], &ho)) ho = UINT64_MAX;
        }
        h_sink_phit(s, p, v, no->rd_phit, t, ho, in_window);
    }
    lcb_ch_send(pt->dn, po->link_tx[p]);
    lcb_ch_send(pt->up, no->link_tx);
}

static void lcb_tick(sim_t *s, int p) { tb_nic_tick(&s->pt[p].nic); }

static void lcb_stop_errors(sim_t *s, int p)
{
    lcb_ch_enable(s->pt[p].up, 0);
    lcb_ch_enable(s->pt[p].dn, 0);
}

/* the NIC's queue or credits not home, its control channel out of sync, an
 * outage on either channel */
static int lcb_busy(sim_t *s, int p)
{
    port_t *pt = &s->pt[p];
    return tb_nic_busy(&pt->nic) || lcb_ch_in_outage(pt->up) || lcb_ch_in_outage(pt->dn);
}

static void lcb_report_busy(sim_t *s, int p)
{
    const tb_nic *n = &s->pt[p].nic;
    nr_lcbp_out pk = tb_nic_state(n);
    for (int v = 0; v < s->nvcs; v++)
        if (!tb_nic_vc_home(&pk, n, v))
            h_say(s, "  port %d vc %d: NIC credits %u/%d, NIC queue %u phits\n", p, v,
                  pk.credits[v], s->g.lcb.buf_per_vc, pk.occ[v]);
}

static void lcb_final_checks(sim_t *s, int p, int *fail)
{
    char mbuf[512];
    if (tb_nic_errors(&s->pt[p].nic, mbuf, sizeof mbuf))
        h_check_fired(s, fail, "NIC %d LCB model errors: %s\n", p, mbuf);
    /* the forged words were exercised, over the whole router (a port of a
     * short run at a low rate may see none): put on the links, and delivered
     * (rejected, by forge_word) or, for badwt, never delivered */
    if (forge_strict(s) && p == s->nports - 1) {
        uint64_t put = 0, dlv = 0;
        for (int q = 0; q < s->nports; q++) {
            const port_t *pt = &s->pt[q];
            put += lcb_ch_get_stats(pt->up)->forged_words + lcb_ch_get_stats(pt->dn)->forged_words;
            dlv += pt->mon_in.cw_forged + pt->mon_nic.cw_forged;
        }
        int badwt = s->o->ch.ctl_forge_kind == LCB_FORGE_BADWT;
        if (put == 0 || (badwt ? dlv != 0 : dlv == 0))
            h_check_fired(s, fail,
                          "forged control words of kind %s: %" PRIu64 " put on the links, %" PRIu64
                          " delivered\n",
                          lcb_forge_kind_names[s->o->ch.ctl_forge_kind], put, dlv);
    }
}

/* the two link monitors' escapes and damage, the channels' error cycles */
static void lcb_final_stats(sim_t *s, int p, rtr_result *r)
{
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
    r->err_link_cycles +=
        lcb_ch_get_stats(s->pt[p].up)->err_cycles + lcb_ch_get_stats(s->pt[p].dn)->err_cycles;
}

/* Decode a link phit given its framing class. */
static void fmt_link(uint32_t ph, int cls, char *buf, int n)
{
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

/* a phit of the router's link_tx, framed as the port's stream stood before it */
static void lcb_fmt_out(const port_t *pt, uint32_t ph, char *buf, int n)
{
    int f = pt->txf.fin;
    fmt_link(ph, nr_link_frame(&f, ph), buf, n);
}

const rtr_ep rtr_ep_lcb = {
    .name = "lcb",
    .quiet = 4 * 64u,
    .every_cycle = 1,
    .init = lcb_init,
    .release = lcb_release,
    .inputs = lcb_inputs,
    .outputs = lcb_outputs,
    .tick = lcb_tick,
    .stop_errors = lcb_stop_errors,
    .busy = lcb_busy,
    .report_busy = lcb_report_busy,
    .final_checks = lcb_final_checks,
    .final_stats = lcb_final_stats,
    .fmt_out = lcb_fmt_out,
    .fmt_hist = fmt_link,
};
