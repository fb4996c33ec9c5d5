/* net_bare.c - bare links (net_int.h): a router's output drives its
 * neighbour's input queue against per-VC credits, as a bare port is
 * specified (docs/yarc-arch.md section 11). Each direction is a ring of
 * lat + 1 slots carrying the phit one way and the credits the receiver
 * freed back: cycle t reads slot t mod (lat + 1) and writes slot
 * (t + lat) mod (lat + 1), so what is written in cycle t is read in cycle
 * t + lat, and no read of a cycle can see a write of the same cycle,
 * whatever order the routers and nodes of the cycle take (net.c may step
 * each router's inputs, evaluation, outputs and clock edge together). A
 * node's source sends against the leaf input queue's credits (virtual
 * cut-through: a head needs MaxPktLen of them), and its sink takes every
 * phit at once and returns its credit in the same cycle.
 */
#define _POSIX_C_SOURCE 200809L
#include "net_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "nr_pkt.h"

static int ring_init(chan_t *c, int lat)
{
    c->lat = lat;
    c->s = calloc((size_t)lat + 1, sizeof *c->s);
    return c->s ? 0 : -1;
}
static void ring_free(chan_t *c)
{
    free(c->s);
    c->s = NULL;
}
/* Channel c's slot: sl and sn are the slots of a link and of a node
 * channel, read (RD) or written (WR) in cycle t, which the caller computes
 * once per router or node (speed only: no division per port). */
static bslot_t *slot_at(const net_t *n, const chan_t *c, int sl, int sn)
{
    return &c->s[c->lat == n->o->link_lat ? sl : sn];
}
#define RD(t, lat) (int)((t) % (uint64_t)((lat) + 1))
#define WR(t, lat) (int)(((t) + (uint64_t)(lat)) % (uint64_t)((lat) + 1))
#define RD_SLOTS(t) const int sl = RD(t, n->o->link_lat), sn = RD(t, n->o->node_lat)
#define WR_SLOTS(t) const int sl = WR(t, n->o->link_lat), sn = WR(t, n->o->node_lat)

static int bare_setup(net_t *n, char *err, int errlen)
{
    const rtr_geom *g = &n->g[0];
    for (int r = 0; r < n->nrt; r++)
        for (int p = 0; p < n->kch; p++) {
            net_end e = n->t.r[r].peer[p];
            if (e.rtr != NET_PEER_NONE &&
                ring_init(net_ch(n, r, p),
                          e.rtr == NET_PEER_NODE ? n->o->node_lat : n->o->link_lat))
                goto oom;
        }
    for (int i = 0; i < n->nnd; i++) {
        tb_vctsend_init(&n->nd[i].vct, n->nvcs, g->in_buf_per_vc, g->max_pkt_len);
        if (ring_init(&n->nd[i].up, n->o->node_lat)) goto oom;
    }
    return 0;
oom:
    snprintf(err, errlen, "out of memory");
    return 2;
}

static void bare_release(net_t *n)
{
    for (int r = 0; n->ch && r < n->nrt; r++)
        for (int p = 0; p < n->kch; p++) ring_free(net_ch(n, r, p));
    for (int i = 0; n->nd && i < n->nnd; i++) ring_free(&n->nd[i].up);
}

static void bare_node_in(net_t *n, int i, uint64_t t)
{
    node_t *nd = &n->nd[i];
    const chan_t *dn = net_chan_down(n, i);
    RD_SLOTS(t);
    const bslot_t *d = slot_at(n, dn, sl, sn);
    nd->arr_v = d->val;
    nd->arr_ph = d->ph;
    memcpy(nd->arr_cr, slot_at(n, &nd->up, sl, sn)->cr, sizeof nd->arr_cr);
}

static void bare_rtr_in(net_t *n, int r, uint64_t t)
{
    nr_rtr_in *in = &n->in[r];
    RD_SLOTS(t);
    /* The ports whose inputs are not all 0 this cycle (the others make
     * nr_rtr_in.idle). A port idle last cycle already holds 0 in every
     * field, so a port with nothing in its slots is written only when it
     * was busy (speed only: the same inputs as copying every port); an
     * unconnected port's fields are never written and stay 0. */
    const uint64_t was_idle = in->idle;
    uint64_t busy = 0;
    for (int p = 0; p < n->t.r[r].nports; p++) {
        chan_t *c = net_chan_into(n, r, p), *oc = net_ch(n, r, p);
        if (!c) continue;
        const bslot_t *s = slot_at(n, c, sl, sn);
        const uint32_t *cr = slot_at(n, oc, sl, sn)->cr;
        uint32_t val = s->val, ph = s->ph, fcr[MAXV];
        if (c->flt || oc->flt) { /* a link that fails (net_fail.c) */
            memcpy(fcr, cr, sizeof fcr);
            if (c->flt) net_fail_rx(c, &val, &ph);
            if (oc->flt) net_fail_cr(oc, fcr);
            cr = fcr;
        }
        uint32_t any = val | ph;
        for (int v = 0; v < MAXV; v++) any |= cr[v];
        if (any) {
            in->in_valid[p] = (int)val;
            in->in_phit[p] = ph;
            memcpy(in->out_cr[p], cr, sizeof in->out_cr[p]);
            busy |= 1ull << p;
        } else if (!(was_idle >> p & 1)) {
            in->in_valid[p] = 0;
            in->in_phit[p] = 0;
            memset(in->out_cr[p], 0, sizeof in->out_cr[p]);
        }
    }
    in->idle = ~busy;
}

static int bare_node_step(net_t *n, int i, uint64_t t, int gen, int *moved)
{
    node_t *nd = &n->nd[i];
    chan_t *dn = net_chan_down(n, i);
    WR_SLOTS(t);
    bslot_t *sd = slot_at(n, dn, sl, sn), *su = slot_at(n, &nd->up, sl, sn);
    memset(sd->cr, 0, sizeof sd->cr);
    if (nd->arr_v) {
        *moved = 1;
        if (net_sink_phit(n, i, -1, nd->arr_ph, t)) return -1;
        sd->cr[nd->cur_vc] = 1; /* the sink takes every phit at once */
    }
    uint32_t over;
    int bad = tb_vctsend_return(&nd->vct, nd->arr_cr, &over);
    if (bad >= 0) {
        net_say(n,
                "FAIL cycle %" PRIu64 " node %d: credits of VC %d = %u, above the leaf's input "
                "queue\n",
                t, i, bad, over);
        return -1;
    }
    if (net_src_next(n, i, t, gen)) return -1;
    su->val = 0;
    if (nd->len > 0 && tb_vctsend_may(&nd->vct, nd->vc, nd->pos == 0)) {
        su->val = 1;
        su->ph = nd->ph[nd->pos];
        tb_vctsend_sent(&nd->vct, nd->vc);
        net_src_took(n, i);
        *moved = 1;
    }
    return 0;
}

static int bare_rtr_out(net_t *n, int r, uint64_t t, int in_window, int *moved)
{
    const net_rtr *nr = &n->t.r[r];
    const nr_rtr_out *o = &n->ro[r];
    WR_SLOTS(t);
    for (int p = 0; p < nr->nports; p++) {
        chan_t *u = net_chan_into(n, r, p);
        if (!u) {
            if (o->out_valid[p]) {
                net_say(n,
                        "FAIL cycle %" PRIu64 " router %d: a phit leaves by port %d, which is "
                        "not connected\n",
                        t, r, p);
                return -1;
            }
            continue;
        }
        chan_t *c = net_ch(n, r, p);
        bslot_t *s = slot_at(n, c, sl, sn);
        uint32_t val = o->out_valid[p] != 0, ph = o->out_phit[p];
        if (c->deg) { /* half rate: the link carries what its queue gives (net_fail.c) */
            if (net_deg_tx(n, c, &val, &ph, t)) return -1;
            *moved |= (int)val;
        }
        s->val = (uint8_t)val;
        s->ph = ph;
        if (o->out_valid[p]) {
            *moved = 1;
            net_follow(n, c, (int)nr_phit_kind(o->out_phit[p]), o->out_phit[p], in_window);
            if (c->flt && net_fail_tx(n, c, o->out_phit[p], t)) return -1;
        }
        memcpy(slot_at(n, u, sl, sn)->cr, o->in_cr[p], sizeof u->s[0].cr);
    }
    return 0;
}

static void bare_stop_errors(net_t *n) { (void)n; }

static int bare_node_busy(const net_t *n, int i)
{
    return n->nd[i].len || !tb_vctsend_home(&n->nd[i].vct);
}

static int bare_node_final(net_t *n, int i)
{
    const tb_vctsend *v = &n->nd[i].vct;
    int fail = 0;
    for (int c = 0; c < n->nvcs; c++)
        if (v->cred[c] != v->full) {
            net_say(n, "FAIL node %d: %u of %u credits of VC %d home at the end\n", i, v->cred[c],
                    v->full, c);
            fail = 1;
        }
    return fail;
}

const net_kind net_kind_bare = {
    .name = "bare",
    .fused = 1,
    .setup = bare_setup,
    .release = bare_release,
    .node_in = bare_node_in,
    .rtr_in = bare_rtr_in,
    .node_step = bare_node_step,
    .rtr_out = bare_rtr_out,
    .stop_errors = bare_stop_errors,
    .node_busy = bare_node_busy,
    .node_final = bare_node_final,
};
