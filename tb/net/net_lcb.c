/* net_lcb.c - LCB links (net_int.h): every router port has its LCB
 * (UseLcb = 1), and each direction of a link is a link channel
 * (tb/common/channel.h) of `lat` cycles from one LCB's link_tx to the other's
 * link_rx. A node's NIC is the C model of an LCB port (nr_lcbp) with the
 * router's port parameters: its source writes the NIC's TX, its sink reads
 * the NIC's input queue one VC at a time, round robin (the read data comes
 * a cycle later). The go-back-N retry, the CRCs and the credits are the
 * LCBs' own (docs/link-protocol.md).
 *
 * Hop counting follows a router output's new packets only: the LCB's TX
 * raises TX_PKT when it takes a new packet and puts the head on link_tx a
 * cycle later, so a head with no TX_PKT before it is a replayed copy.
 */
#define _POSIX_C_SOURCE 200809L
#include "net_int.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "common/lcb_rtt.h"
#include "common/linkframe.h"
#include "nr_pkt.h"
#include "nr_rng.h"

/* A link direction with the run's error injection, and its receiver's
 * monitor; erased from cycle `from` on for good (-1: never). */
static int ch_new(net_t *n, chan_t *c, int lat, uint64_t stream, int64_t from, char *err,
                  int errlen)
{
    lcb_ch_cfg cfg = n->o->ch;
    const rtr_geom *g = &n->g[0];
    cfg.latency = lat;
    if (from >= 0) { /* one outage that does not end (the channel's clock is the run's) */
        cfg.n_sched_outage = 1;
        cfg.sched_outage[0] = from;
        cfg.outage_len = INT_MAX;
    }
    c->l = lcb_ch_new(&cfg, nr_rng_mix64(n->o->seed ^ nr_rng_mix64(stream)), 0, err, errlen);
    if (!c->l) return -1;
    if (!(c->mon = malloc(sizeof *c->mon))) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    nr_linkmon_init(c->mon, c->l, lcb_tb_wbits(&g->lcb), n->nvcs, g->lcb.link_crc_w);
    return 0;
}

/* A receiver's verdicts of this cycle: a packet accepted in recovery is a
 * design failure; damage accepted is a CRC escape. -1 on a failure. */
static int watch(net_t *n, uint64_t t, const char *who, int id, int port, chan_t *c, uint32_t ph,
                 uint32_t ev)
{
    unsigned lm = nr_linkmon_step(c->mon, (int64_t)t, ph, ev);
    n->retries += ev >> NR_EV_TX_REPLAY & 1;
    if (lm & NR_LM_ACC_OOO) {
        net_say(n,
                "FAIL cycle %" PRIu64 " %s %d port %d: the receiver accepted a packet that "
                "arrived in recovery before a replay marker (link-protocol 8.3)\n",
                t, who, id, port);
        return -1;
    }
    if (lm & (NR_LM_ACC_DAMAGED | NR_LM_CW_DAMAGED))
        return net_escape(n, t, who, id, port, c->mon, lm);
    return 0;
}

static int lcb_setup(net_t *n, char *err, int errlen)
{
    const rtr_geom *g = &n->g[0];
    char e2[256];
    for (int r = 0; r < n->nrt; r++)
        for (int p = 0; p < n->kch; p++) {
            net_end e = n->t.r[r].peer[p];
            if (e.rtr == NET_PEER_NONE) continue;
            int lat = e.rtr == NET_PEER_NODE ? n->o->node_lat : n->o->link_lat;
            /* the error stream's number stays r * NR_MAX_PORTS + p */
            if (ch_new(n, net_ch(n, r, p), lat, NR_RNG_STREAM(NR_RNG_P_ERROR, r * K + p), -1, e2,
                       sizeof e2))
                goto bad;
        }
    for (int i = 0; i < n->nnd; i++) {
        node_t *nd = &n->nd[i];
        if (ch_new(n, &nd->up, n->o->node_lat,
                   NR_RNG_STREAM(NR_RNG_P_ERROR, (1u << 30) + (unsigned)i), -1, e2, sizeof e2))
            goto bad;
        if (tb_nic_init(&nd->nic, &g->lcb, &n->lcfg, e2, sizeof e2)) goto bad;
    }
    return 0;
bad:
    snprintf(err, errlen, "LCB link: %s", e2);
    return 2;
}

int net_lcb_erase(net_t *n, int r, int p, uint64_t from, char *err, int errlen)
{
    chan_t *c = net_ch(n, r, p);
    lcb_ch_free(c->l);
    free(c->mon);
    c->l = NULL, c->mon = NULL;
    return ch_new(n, c, n->o->link_lat, NR_RNG_STREAM(NR_RNG_P_ERROR, r * K + p), (int64_t)from,
                  err, errlen);
}

static void lcb_release(net_t *n)
{
    for (int r = 0; n->ch && r < n->nrt; r++)
        for (int p = 0; p < n->kch; p++) {
            if (net_ch(n, r, p)->l) lcb_ch_free(net_ch(n, r, p)->l);
            free(net_ch(n, r, p)->mon);
        }
    for (int i = 0; n->nd && i < n->nnd; i++) {
        if (n->nd[i].up.l) lcb_ch_free(n->nd[i].up.l);
        free(n->nd[i].up.mon);
        tb_nic_release(&n->nd[i].nic);
    }
}

static void lcb_node_in(net_t *n, int i, uint64_t t)
{
    (void)t;
    tb_nic_begin(&n->nd[i].nic, lcb_ch_recv(net_chan_down(n, i)->l));
}

static void lcb_rtr_in(net_t *n, int r, uint64_t t)
{
    (void)t;
    nr_rtr_in *in = &n->in[r];
    for (int p = 0; p < n->t.r[r].nports; p++) {
        chan_t *c = net_chan_into(n, r, p);
        in->link_rx[p] = c ? lcb_ch_recv(c->l) : 0;
    }
}

static int lcb_node_step(net_t *n, int i, uint64_t t, int gen, int *moved)
{
    node_t *nd = &n->nd[i];
    tb_nic *nic = &nd->nic;
    const nr_lcbp_out *no = &nic->out;
    if (net_src_next(n, i, t, gen)) return -1;
    if (nd->len > 0) tb_nic_offer(nic, nd->ph[nd->pos]);
    tb_nic_read_rr(nic); /* the sink reads one VC round robin, after the last one read */
    if (tb_nic_eval(nic)) {
        net_src_took(n, i);
        *moved = 1;
    } else if (nic->in.tx_valid && nd->pos > 0) {
        net_say(n, "FAIL cycle %" PRIu64 " node %d: the NIC's TX refused a mid-packet phit\n", t,
                i);
        return -1;
    }
    if (no->rd_valid) {
        if (net_sink_phit(n, i, nic->data_vc, no->rd_phit, t)) return -1;
        *moved = 1;
    }
    if (no->link_down) {
        net_say(n, "FAIL cycle %" PRIu64 " node %d: the NIC's link is down\n", t, i);
        return -1;
    }
    if (watch(n, t, "node", i, 0, net_chan_down(n, i), nic->in.link_rx, no->ev)) return -1;
    lcb_ch_send(nd->up.l, no->link_tx);
    tb_nic_tick(nic);
    return 0;
}

static int lcb_rtr_out(net_t *n, int r, uint64_t t, int in_window, int *moved)
{
    const nr_rtr_out *o = &n->ro[r];
    for (int p = 0; p < n->t.r[r].nports; p++) {
        if (!net_chan_into(n, r, p)) continue;
        chan_t *c = net_ch(n, r, p);
        uint32_t ph = o->link_tx[p];
        lcb_ch_send(c->l, ph);
        int fresh;
        int kind = nr_tx_follow_step(&c->txf, ph, o->ev[p] >> NR_EV_TX_PKT & 1, &fresh);
        if (fresh) {
            net_follow(n, c, kind, ph, in_window);
            *moved = 1;
        }
        if (c->era || net_chan_into(n, r, p)->era) {
            /* an erased link: its losses and its failure (net_fail.c), from the
             * core tap of the model (the RTL's beside it in lockstep) */
            const nr_rtr_out *tap = nr_rtr_valid(n->rm[r]) ? &n->mo[r] : o;
            if (net_era_port(n, r, p, t, o->ev[p], tap->core_tx[p])) return -1;
        } else if (o->link_down[p]) {
            net_say(n, "FAIL cycle %" PRIu64 " router %d: port %d's link is down\n", t, r, p);
            return -1;
        }
        if (watch(n, t, "router", r, p, net_chan_into(n, r, p), n->in[r].link_rx[p], o->ev[p]))
            return -1;
    }
    return 0;
}

static void lcb_stop_errors(net_t *n)
{
    for (int r = 0; r < n->nrt; r++)
        for (int p = 0; p < n->kch; p++)
            if (net_ch(n, r, p)->l && !net_ch(n, r, p)->era) /* erased links stay so */
                lcb_ch_enable(net_ch(n, r, p)->l, 0);
    for (int i = 0; i < n->nnd; i++) lcb_ch_enable(n->nd[i].up.l, 0);
}

static int lcb_node_busy(const net_t *n, int i)
{
    const node_t *nd = &n->nd[i];
    if (nd->len || tb_nic_busy(&nd->nic)) return 1;
    const net_end at = net_node_at(n, i);
    return lcb_ch_in_outage(nd->up.l) ||
           lcb_ch_in_outage(n->ch[(size_t)at.rtr * (size_t)n->kch + (size_t)at.port].l);
}

static int lcb_node_final(net_t *n, int i)
{
    char buf[512];
    int fail = 0;
    const tb_nic *nic = &n->nd[i].nic;
    if (tb_nic_errors(nic, buf, sizeof buf)) {
        net_say(n, "FAIL node %d: NIC LCB model: %s\n", i, buf);
        fail = 1;
    }
    nr_lcbp_out pk = tb_nic_state(nic);
    for (int v = 0; v < n->nvcs; v++)
        if (!tb_nic_vc_home(&pk, nic, v)) {
            net_say(n,
                    "FAIL node %d VC %d: NIC credits %u of %d home, %u phits left in its "
                    "input queue\n",
                    i, v, pk.credits[v], n->g[0].lcb.buf_per_vc, pk.occ[v]);
            fail = 1;
        }
    return fail;
}

const net_kind net_kind_lcb = {
    .name = "lcb",
    .setup = lcb_setup,
    .release = lcb_release,
    .node_in = lcb_node_in,
    .rtr_in = lcb_rtr_in,
    .node_step = lcb_node_step,
    .rtr_out = lcb_rtr_out,
    .stop_errors = lcb_stop_errors,
    .node_busy = lcb_node_busy,
    .node_final = lcb_node_final,
};
