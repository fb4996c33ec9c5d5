/* net.c - a network of the kit's routers (net.h, docs/network.md).
 *
 * One cycle t, in this order, so that every channel slot is read before it
 * is written again (slot t mod latency: what was written lat cycles ago):
 *   1. each node reads what arrives: a phit for its sink, credits for its
 *      source;
 *   2. each router's inputs: the phit arriving at each input, the credits
 *      arriving for each output, a table write while there are any;
 *   3. each node: the sink takes its phit and returns its credit at once;
 *      the source process ticks, and the source sends a phit if it holds
 *      the credits (virtual cut-through: a head needs MaxPktLen);
 *   4. every router evaluates;
 *   5. each router's outputs go into their channels: the phit of each
 *      output, the credits each input freed (back to its upstream);
 *   6. every router takes its clock edge.
 * Hop counts: each router output follows the packets it sends (head, then
 * the tag phits) and counts one hop for the packet the tag names.
 */
#define _POSIX_C_SOURCE 200809L
#include "net_int.h"
#include "nr_src.h"

#include <stdio.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "nr_pkt.h"
#include "nr_rng.h"
#define NET_RNG_P_HASH (NR_RNG_P_USER + 1) /* hash phits, per node */
#define NET_RNG_P_WC (NR_RNG_P_USER + 2)   /* worst-case destinations, per node */

const char *const net_impl_names[] = {"model", "rtl", "lockstep", NULL};

void net_opts_default(net_opts *o)
{
    memset(o, 0, sizeof *o);
    o->topo = "fclos:levels=2";
    o->cfg[0] = "yarc-k16-bare";
    o->ncfg = 1;
    o->cfg_file = "configs/configs.txt";
    o->routing = NULL;
    o->tp.kind = NR_TP_UNIFORM;
    o->inj.kind = NR_INJ_BERNOULLI;
    o->inj.load = 0.3;
    o->inj.len.kind = NR_LEN_FIXED;
    o->inj.len.a = 8;
    o->seed = 1;
    o->warmup = 1000;
    o->measure = 4000;
    o->drain = 20000;
    o->link_lat = 10;
    o->node_lat = 1;
    o->stall_limit = 5000;
    o->threads = 1;
    o->fault_cycle = -1;
    o->fail_delay = 100;
    o->lcb_timeout = 1024, o->retry_limit = 255;
    o->series_bin = 100;
    o->trace_rtr = -1;
    o->trace_from = o->trace_to = -1;
    o->up_sel = -1;
    lcb_ch_cfg_default(&o->ch);
}

/* ---- packets in flight: routers traversed, by tag (open addressing) ---- */
static uint64_t hop_key(unsigned src, unsigned dest, unsigned vc, uint32_t seq)
{
    /* vc: the VC the packet is delivered on; a flattened-butterfly route
     * changes the phase bit on the way (net_t.fb), so callers pass vc | 1 */
    return 1ull << 63 | (uint64_t)src << 39 | (uint64_t)dest << 24 | (uint64_t)vc << 22 |
           (seq & NR_SEQ_MASK);
}
static size_t hop_slot(const hoptab_t *h, uint64_t k)
{
    size_t i = (size_t)nr_rng_mix64(k) & (h->cap - 1);
    while (h->key[i] && h->key[i] != k) i = (i + 1) & (h->cap - 1);
    return i;
}
static int hop_put(hoptab_t *h, uint64_t k)
{
    if (2 * (h->n + 1) > h->cap) {
        size_t nc = h->cap ? 2 * h->cap : 1024;
        hoptab_t g = {calloc(nc, 8), calloc(nc, 1), calloc(nc, 4), calloc(nc, 4), nc, 0};
        if (!g.key || !g.hops || !g.last || !g.prev) {
            free(g.key), free(g.hops), free(g.last), free(g.prev);
            return -1;
        }
        for (size_t i = 0; i < h->cap; i++)
            if (h->key[i]) {
                size_t j = hop_slot(&g, h->key[i]);
                g.key[j] = h->key[i], g.hops[j] = h->hops[i], g.last[j] = h->last[i];
                g.prev[j] = h->prev[i], g.n++;
            }
        free(h->key), free(h->hops), free(h->last), free(h->prev);
        *h = g;
    }
    size_t i = hop_slot(h, k);
    if (!h->key[i]) h->n++;
    h->key[i] = k;
    h->hops[i] = 0;
    h->last[i] = h->prev[i] = UINT32_MAX;
    return 0;
}
/* Remove k (backward-shift deletion); its hop count, or -1 if absent. */
static int hop_take(hoptab_t *h, uint64_t k)
{
    if (!h->cap) return -1;
    size_t i = hop_slot(h, k);
    if (!h->key[i]) return -1;
    int v = h->hops[i];
    h->key[i] = 0;
    h->n--;
    for (size_t j = (i + 1) & (h->cap - 1); h->key[j]; j = (j + 1) & (h->cap - 1)) {
        size_t home = (size_t)nr_rng_mix64(h->key[j]) & (h->cap - 1);
        /* move j back to i unless its home lies cyclically in (i, j] */
        if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
            h->key[i] = h->key[j], h->hops[i] = h->hops[j], h->last[i] = h->last[j];
            h->prev[i] = h->prev[j];
            h->key[j] = 0;
            i = j;
        }
    }
    return v;
}

int net_escape(net_t *n, uint64_t t, const char *who, int id, int port, const nr_linkmon *m,
               unsigned lm)
{
    if (lm & NR_LM_ACC_DAMAGED) n->escapes++;
    if (lm & NR_LM_CW_DAMAGED) n->cw_escapes++;
    net_say(n, "%s cycle %" PRIu64 " %s %d port %d: the link CRC passed a damaged %s (VC %d)\n",
            n->o->no_escapes ? "FAIL" : "ESCAPE", t, who, id, port,
            lm & NR_LM_ACC_DAMAGED ? "packet" : "control word", m->dec_vc);
    if (n->esc_cycle < 0) n->esc_cycle = (int64_t)t;
    return n->o->no_escapes ? -1 : 0;
}

void net_say(net_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(n->log, fmt, ap);
    va_end(ap);
}

enum { JOB_EVAL, JOB_TICK, JOB_QUIT };
typedef struct worker_arg {
    net_t *n;
    int k;
} worker_arg;

static const rtr_geom *geom_of(const net_t *n, int r) { return &n->g[n->t.r[r].level - 1]; }

int net_encode_w(net_t *n, int r, const nr_route_vals *t, const nr_route_vals *old, rtr_cfgw **wp,
                 char *err, int errlen)
{
    const rtr_org *o = n->org[n->t.r[r].level - 1];
    const int max = o->encode ? NR_MAX_PORTS * n->t.nnodes + 8 : 1024;
    rtr_cfgw *w = malloc((size_t)max * sizeof *w);
    if (!w) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    const int k =
        o->encode ? o->encode(n->gp[n->t.r[r].level - 1], t, old, n->t.nnodes, w, max, err, errlen)
                  : nr_route_encode(t, w, max);
    if (k < 0) {
        free(w);
        return -1;
    }
    *wp = realloc(w, (size_t)(k > 0 ? k : 1) * sizeof *w);
    if (!*wp) {
        free(w);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return k;
}

/* Router r's table writes from reset. 0, or -1 with a message. */
static int net_encode(net_t *n, int r, char *err, int errlen)
{
    const int k = net_encode_w(n, r, &n->t.r[r].tab, NULL, &n->cfgw[r], err, errlen);
    if (k < 0) return -1;
    n->ncfgw[r] = k;
    return 0;
}

/* The configuration of each level, their geometries and the checks that
 * bind them into one network; the levels whose routers are RTL (rtl[l]):
 * those of the configuration the linked RTL build was made for. */
static int net_setup_cfgs(net_t *n, rtr_namedcfg *nc, int *rtl, char *err, int errlen)
{
    const net_opts *o = n->o;
    char e2[512];
    if (o->ncfg < 1 || o->ncfg > NET_MAX_LEVELS) {
        snprintf(err, errlen, "expected 1 to %d router configurations", NET_MAX_LEVELS);
        return 2;
    }
    for (int l = 0; l < NET_MAX_LEVELS; l++) {
        const char *name = o->cfg[l < o->ncfg ? l : o->ncfg - 1];
        if (rtr_cfg_lookup(o->cfg_file, name, &nc[l], e2, sizeof e2)) {
            snprintf(err, errlen, "%s", e2);
            return 2;
        }
        n->org[l] = rtr_org_of(&nc[l], e2, sizeof e2);
        if (!n->org[l] || rtr_org_geom(n->org[l], &nc[l], &n->g[l], e2, sizeof e2)) {
            snprintf(err, errlen, "%s", e2);
            return 2;
        }
        if (n->org[l]->modes && !n->org[l]->encode) {
            snprintf(err, errlen,
                     "configuration %s: organization %s has routing tables of its own, which "
                     "the network layer does not program (%s)",
                     name, n->org[l]->name, n->org[l]->doc);
            return 2;
        }
        const rtr_geom *g = &n->g[l], *g0 = &n->g[0];
        if (g->num_ports != g0->num_ports || g->num_vcs != g0->num_vcs ||
            g->in_buf_per_vc != g0->in_buf_per_vc || g->max_pkt_len != g0->max_pkt_len ||
            g->use_lcb != g0->use_lcb || memcmp(&g->lcb, &g0->lcb, sizeof g->lcb) ||
            g->va_hop * g->va_per != g0->va_hop * g0->va_per) {
            snprintf(err, errlen,
                     "configurations %s and %s differ in NumPorts, NumVcs, InBufPerVc, "
                     "MaxPktLen, UseLcb, the LCB parameters or VaHop's classes; the routers of one "
                     "network must agree on them (each port's peer holds credits for its input "
                     "queue; a packet's class counts its routers, docs/nwn-arch.md 1.7)",
                     o->cfg[0], name);
            return 2;
        }
        n->gp[l] = g;
    }
    n->nvcs = n->g[0].num_vcs;
    n->va_hop = n->g[0].va_hop ? n->g[0].va_per : 0;
    n->kind = n->g[0].use_lcb ? &net_kind_lcb : &net_kind_bare;
    if (lcb_ch_cfg_has_errors(&o->ch) && !n->g[0].use_lcb) {
        snprintf(err, errlen, "link errors need LCB links: configuration %s has bare ports",
                 o->cfg[0]);
        return 2;
    }
    lcb_ch_cfg chk = o->ch;
    chk.latency = o->link_lat > o->node_lat ? o->link_lat : o->node_lat;
    if (lcb_ch_cfg_check(&chk, e2, sizeof e2)) {
        snprintf(err, errlen, "link: %s", e2);
        return 2;
    }
    int any = 0;
    if (o->impl != NET_IMPL_MODEL) {
        const char *have = rtr_rtl_build();
        if (!have || !rtr_rtl_impl() || strcmp(have, o->rtl_cfg)) {
            snprintf(err, errlen, "this program's RTL build is %s, not %s", have ? have : "none",
                     o->rtl_cfg);
            return 2;
        }
        for (int l = 0; l < NET_MAX_LEVELS; l++)
            any |= rtl[l] = !strcmp(o->cfg[l < o->ncfg ? l : o->ncfg - 1], have);
        if (!any) {
            snprintf(err, errlen, "--rtl %s: no level of the network has that configuration", have);
            return 2;
        }
    }
    return 0;
}

/* --det-vcs: DET_VCS into every router's tables (docs/yarc-arch.md 5), for a
 * routing whose up routes are adaptive (a = 1, no FB mode). A table rewrite
 * (--fail) would move the deterministic paths under packets in flight, whose
 * order the run promises. */
static int det_vcs_set(net_t *n, const net_routing_def *rt, char *err, int errlen)
{
    const net_opts *o = n->o;
    if (!o->det_vcs) return 0;
    if (!(rt->head & NET_HD_A) || rt->fb_alg || rt->vc_phase || (o->det_vcs >> n->nvcs)) {
        snprintf(err, errlen,
                 "--det-vcs %u: needs VCs of the routers (%d) and a routing that routes up "
                 "adaptively (updown-adaptive on fclos or bw); --routing %s on %s",
                 o->det_vcs, n->nvcs, rt->name, n->t.kind->name);
        return 2;
    }
    if (o->nfail || o->fail_random || o->nerase) {
        snprintf(err, errlen,
                 "--det-vcs with --fail: a table rewrite moves the paths of flows the run "
                 "promises in order");
        return 2;
    }
    for (int i = 0; i < n->t.nrtr; i++) n->t.r[i].tab.det_vcs = o->det_vcs;
    return 0;
}

/* --up-sel: UP_SEL into every YARC router's tables (docs/yarc-arch.md 5,
 * step 4s), for a routing whose up routes are adaptive. Not given, it is 7
 * (the seed's column rule, 2 bits, matrix) in BlackWidow (bw:) networks whose
 * YARC routers route up adaptively, 0 (step 4) elsewhere. */
static int up_sel_set(net_t *n, const net_routing_def *rt, char *err, int errlen)
{
    int u = n->o->up_sel, yarc = 0;
    const int adaptive = (rt->head & NET_HD_A) && !rt->fb_alg && !rt->vc_phase;
    for (int i = 0; i < n->t.nrtr; i++) yarc += geom_of(n, i)->cols > 0;
    if (u < 0) u = !strcmp(n->t.kind->name, "bw") && yarc && adaptive ? 7 : 0;
    if (!u) return 0;
    if (!(u & 1) || !yarc || !adaptive) {
        snprintf(err, errlen,
                 "--up-sel %d: needs bit 0 set, YARC routers (%s) and a routing that routes up "
                 "adaptively (updown-adaptive on fclos or bw); --routing %s on %s",
                 u, n->o->cfg[0], rt->name, n->t.kind->name);
        return 2;
    }
    for (int i = 0; i < n->t.nrtr; i++)
        if (geom_of(n, i)->cols > 0) n->t.r[i].tab.up_sel = (unsigned)u;
    if (n->log)
        fprintf(n->log,
                "net: UP_SEL %d in the YARC routers: the column rule (yarc-arch 5 step 4s)%s\n", u,
                n->o->up_sel < 0 ? ", bw:'s default; --up-sel 0 for step 4" : "");
    return 0;
}

/* planes=P: the checked plane's routers, tables and peers copied P - 1
 * times (net_peer reads a copy's peers in its plane). */
static int net_planes(net_t *n, char *err, int errlen)
{
    if (n->planes == 1) return 0;
    net_rtr *r = realloc(n->t.r, (size_t)n->nrt * sizeof *r);
    if (!r) {
        snprintf(err, errlen, "out of memory");
        return 2;
    }
    n->t.r = r;
    for (int p = 1; p < n->planes; p++)
        memcpy(r + (size_t)p * n->t.nrtr, r, (size_t)n->t.nrtr * sizeof *r);
    if (n->log)
        fprintf(n->log,
                "net: %d planes: %d nodes with %d ports each, %d routers, %d links; loads are per "
                "node port\n",
                n->planes, n->t.nnodes, n->planes, n->nrt, n->t.nlinks * n->planes);
    return 0;
}

/* The destinations a router's down table holds on every level: the ports
 * (0), or more where its organization's own table holds them (SeaStar's
 * LUT, rtr_geom.lut_bits; topo.h, net_topo_build_dests). */
static int net_dests(const net_t *n)
{
    int dests = NR_MAX_PORTS;
    for (int l = 0; l < NET_MAX_LEVELS; l++) {
        const int d = n->org[l]->encode && n->g[l].lut_bits ? 1 << n->g[l].lut_bits : 0;
        if (d < dests) dests = d;
    }
    return dests;
}

/* SeaStar's partitions (docs/seastar-arch.md 4) where the network has more
 * nodes than its routers' LUT: 2 (and a message) where they are not built. */
static int net_parts(net_t *n, char *err, int errlen)
{
    const int lb = n->g[0].lut_bits;
    if (!n->org[0]->encode || !lb || n->t.nnodes <= 1 << lb) return 0;
    if (net_topo_partition(&n->t, lb, err, errlen)) return 2;
    n->parts = 1; /* not minimal: the hop check counts detours (net_sink_phit) */
    if (n->log)
        fprintf(n->log,
                "net: %d SeaStar partitions of %d nodes by dest[14:%d] (NODE_ID), each whole "
                "planes of the highest dimension; the GLUT toward the others\n",
                (n->t.nnodes + (1 << lb) - 1) >> lb, 1 << lb, lb);
    return 0;
}

/* The baseline VC router's VA (nwn-arch 1.7) against routing rt: 2 (and a
 * message) where the network layer cannot follow the VCs it gives. */
static int va_routing_check(const net_t *n, const net_routing_def *rt, char *err, int errlen)
{
    const net_opts *o = n->o;
    /* the baseline VC router (nwn-arch 1.7) moves adaptive (a = 1) packets
     * to other VCs of their class, which the network's sinks and hop counts
     * do not follow yet; a = 0 packets keep their VC */
    for (int l = 0; l < o->ncfg; l++)
        if (n->g[l].va_per > 1 && (rt->head & NET_HD_A)) {
            snprintf(err, errlen,
                     "configuration %s allocates an adaptive packet's output VC among %d of a "
                     "class (Vc=1, docs/nwn-arch.md section 1.7), and --routing %s sends "
                     "adaptive packets: the network layer does not follow a packet's VC change "
                     "yet; use VcCls=NumVcs or a deterministic routing",
                     o->cfg[l], n->g[l].va_per, rt->name);
            return 2;
        }
    /* a class per hop (nwn-arch 1.7): the VA sets every hop's VC, so the
     * tables must not (the FB mode, DL_VC, the escape VC) */
    if (n->va_hop && (rt->vc_phase || rt->fb_alg || n->t.r[0].tab.dor_adapt)) {
        snprintf(err, errlen,
                 "configuration %s takes class c + 1 at each hop (VaHop=1, docs/nwn-arch.md "
                 "section 1.7), and --routing %s sets the VCs by its tables: use a routing that "
                 "keeps the VC (e.g. dor-nodl on the torus)",
                 o->cfg[0], rt->name);
        return 2;
    }
    return 0;
}

/* The topology, and its checks against the options and the routers. */
static int net_setup_topo(net_t *n, char *err, int errlen)
{
    const net_opts *o = n->o;
    char e2[512];
    int rc = net_topo_build_dests(&n->t, o->topo, n->g[0].num_ports, net_dests(n), e2, sizeof e2);
    if (rc) {
        snprintf(err, errlen, "%s", e2);
        return 2;
    }
    n->planes = n->t.planes;
    n->nrt = n->t.nrtr * n->planes, n->nnd = n->t.nnodes * n->planes;
    if (o->trace_rtr >= n->nrt) {
        snprintf(err, errlen, "--trace-rtr %d: the network has %d routers", o->trace_rtr, n->nrt);
        return 2;
    }
    if (o->fault_cycle >= 0 && o->fault_rtr >= n->nrt) {
        snprintf(err, errlen, "--fault %" PRId64 ":%d: the network has %d routers (0..%d)",
                 o->fault_cycle, o->fault_rtr, n->nrt, n->nrt - 1);
        return 2;
    }

    /* the routing, by name, among the topology's (catalog/topo.h) */
    const net_routing_def *rt = n->route =
        o->routing ? net_topo_routing(&n->t, o->routing, e2, sizeof e2) : n->t.kind->routings;
    if (!rt) {
        snprintf(err, errlen, "%s", e2);
        return 2;
    }
    if (rt->vc_phase && n->nvcs % 2) {
        snprintf(err, errlen,
                 "--routing %s keeps the phase in the VC's low bit: the routers "
                 "need an even number of VCs, %s has %d (docs/fbfly-routing.md section 3)",
                 rt->name, o->cfg[0], n->nvcs);
        return 2;
    }
    if (rt->needs_fbseq && !n->g[0].fb_seq) {
        snprintf(err, errlen,
                 "--routing %s needs the sequential allocator: a configuration "
                 "with FbSeq=1 (C model only; docs/fbfly-routing.md section 6.4); %s has none",
                 rt->name, o->cfg[0]);
        return 2;
    }
    if ((rt->fb_alg & NR_ROUTE_FB_DDIM) && o->impl != NET_IMPL_MODEL) {
        snprintf(err, errlen,
                 "--routing %s: FB_CTRL.ddim is a C-model reading (docs/fbfly-routing.md "
                 "section 4); the RTL routers draw over every dimension",
                 rt->name);
        return 2;
    }
    /* the sequential allocator's charge: the mean packet length */
    const unsigned charge = (unsigned)(nr_lendist_mean(&o->inj.len) + 0.5);
    if (net_topo_set_routing(&n->t, rt, charge, e2, sizeof e2)) {
        snprintf(err, errlen, "%s", e2);
        return 2;
    }
    if (det_vcs_set(n, rt, err, errlen) || up_sel_set(n, rt, err, errlen) ||
        net_parts(n, err, errlen))
        return 2;
    /* UpPick (yarc-arch 5, step 4') changes only the adaptive up choice:
     * with any other routing the configuration would not do what it says */
    for (int l = 0; l < o->ncfg; l++)
        if (n->g[l].up_pick && !rt->up_pick_ok) {
            snprintf(err, errlen,
                     "configuration %s has UpPick=%d, the greedy_r(2) up choice "
                     "(docs/yarc-arch.md section 5, step 4'), which only adaptive up-routing "
                     "uses: --routing %s on %s has none (updown-adaptive on fclos or bw)",
                     o->cfg[l], n->g[l].up_pick, rt->name, n->t.kind->name);
            return 2;
        }
    if (va_routing_check(n, rt, err, errlen)) return 2;
    if (o->ncfg > n->t.levels) {
        snprintf(err, errlen, "%d router configurations for a network of %d levels", o->ncfg,
                 n->t.levels);
        return 2;
    }
    /* side links (fclos side=S): the top routers route to the peer copies
     * by their side table, which only SideTab=1 configurations have */
    for (int i = 0; i < n->t.nrtr; i++)
        if (n->t.r[i].tab.side_n && !n->gp[n->t.r[i].level - 1]->side_tab) {
            snprintf(err, errlen,
                     "topology %s has side links: its top routers (level %d) need a "
                     "configuration with SideTab=1, the side table of docs/yarc-arch.md section "
                     "5 step 3a (C model only); %s has none",
                     o->topo, n->t.r[i].level,
                     o->cfg[n->t.r[i].level - 1 < o->ncfg ? n->t.r[i].level - 1 : o->ncfg - 1]);
            return 2;
        }
    /* the routers' VC count, which the FB mode's MIN AD reads (docs/fbfly-routing.md
     * section 4), and the VCs of a traffic class (tables.h) */
    for (int i = 0; i < n->t.nrtr; i++) n->t.r[i].tab.fb_nvcs = n->gp[n->t.r[i].level - 1]->num_vcs;
    n->vcs_per_class = n->t.r[0].tab.fb_alg      ? nr_route_fb_vcs_per_class(&n->t.r[0].tab)
                       : n->t.r[0].tab.dor_adapt ? n->nvcs /* one class: escape and adaptive */
                                                 : 2;
    if (nr_route_fb_usable(&n->t.r[0].tab, e2, sizeof e2)) {
        snprintf(err, errlen, "topology %s, --routing %s: %s", o->topo, rt->name, e2);
        return 2;
    }
    net_check_res cr;
    if (net_topo_check(&n->t, n->gp, n->nvcs, &cr, e2, sizeof e2)) {
        snprintf(err, errlen, "topology %s: %s", o->topo, e2);
        return 2;
    }
    if (n->log)
        fprintf(n->log,
                "net: %s, %d nodes, %d routers, %d links%s; tables checked: routes of %d..%d "
                "routers, %ld turns, %ld channels, no dependency cycle\n",
                o->topo, n->t.nnodes, n->t.nrtr, n->t.nlinks, n->planes > 1 ? " per plane" : "",
                cr.min_hops, cr.max_hops, cr.turns, cr.channels);
    if (n->log && n->va_hop)
        fprintf(n->log,
                "net: a class per hop (VaHop=1, docs/nwn-arch.md section 1.7): %d classes, "
                "routes of up to %d routers; %ld turns into a link keep the last class\n",
                n->nvcs / n->va_hop, cr.max_hops, cr.hop_kept);
    return net_planes(n, err, errlen);
}

/* The routers (models, RTL, or both in lockstep) and their table writes. */
static int net_setup_routers(net_t *n, char *err, int errlen)
{
    const net_opts *o = n->o;
    rtr_namedcfg nc[NET_MAX_LEVELS];
    int rtl[NET_MAX_LEVELS] = {0};
    char e2[512];
    int rc = net_setup_cfgs(n, nc, rtl, err, errlen);
    if (!rc) rc = net_setup_topo(n, err, errlen);
    if (rc) return rc;
    const int R = n->nrt;
    n->rt = calloc((size_t)R, sizeof *n->rt);
    n->in = calloc((size_t)R, sizeof *n->in);
    n->ro = calloc((size_t)R, sizeof *n->ro);
    n->rm = calloc((size_t)R, sizeof *n->rm);
    n->mo = calloc((size_t)R, sizeof *n->mo);
    n->rested = calloc((size_t)R, 2);
    n->ozero = n->rested ? n->rested + R : NULL;
    n->cfgw = calloc((size_t)R, sizeof *n->cfgw);
    n->ncfgw = calloc((size_t)R, sizeof *n->ncfgw);
    n->cfgi = calloc((size_t)R, sizeof *n->cfgi);
    n->dead = calloc((size_t)R, sizeof *n->dead);
    /* channels and turn counts per port of the largest router (not per
     * NR_MAX_PORTS: memory linear in the network's ports) */
    n->kch = 1;
    for (int r = 0; r < R; r++)
        if (n->t.r[r].nports > n->kch) n->kch = n->t.r[r].nports;
    n->ch = calloc((size_t)R * (size_t)n->kch, sizeof *n->ch);
    n->turns = calloc((size_t)R * (size_t)n->kch * (size_t)n->kch, sizeof *n->turns);
    if (o->per_src_csv && !(n->src_phits = calloc(2 * (size_t)n->t.nnodes, sizeof(uint64_t)))) {
        snprintf(err, errlen, "out of memory");
        return 2;
    }
    if (!n->rt || !n->in || !n->ro || !n->rm || !n->mo || !n->rested || !n->cfgw || !n->ncfgw ||
        !n->cfgi || !n->dead || !n->ch || !n->turns) {
        snprintf(err, errlen, "out of memory");
        return 2;
    }
    n->lcfg = (nr_lcb_cfg){o->lcb_timeout, o->retry_limit, (uint32_t)n->g[0].max_pkt_len};
    for (int r = 0; r < R; r++) {
        int l = n->t.r[r].level - 1;
        const rtr_impl *im = rtl[l] ? rtr_rtl_impl() : &rtr_model_impl;
        if (im->create(&nc[l], &n->lcfg, &n->rt[r], e2, sizeof e2) ||
            (rtl[l] && o->impl == NET_IMPL_LOCKSTEP &&
             rtr_model_impl.create(&nc[l], &n->lcfg, &n->rm[r], e2, sizeof e2))) {
            snprintf(err, errlen, "router %d: %s", r, e2);
            return 2;
        }
        n->nrtl += rtl[l];
        if (r == o->trace_rtr && !nr_rtr_can_trace(n->rt[r])) {
            snprintf(err, errlen,
                     "--trace-rtr %d: the router is not a traced RTL build (%s); "
                     "a traced build is net_sim-NAME-trace",
                     r, n->rt[r].ops->name);
            return 2;
        }
        if (net_encode(n, r, err, errlen)) return 2;
    }
    if (o->fault_cycle >= 0 && !nr_rtr_valid(n->rm[o->fault_rtr])) {
        snprintf(err, errlen,
                 "--fault %" PRId64 ":%d: router %d is not an RTL router compared with its "
                 "model (those of configuration %s)",
                 o->fault_cycle, o->fault_rtr, o->fault_rtr, o->rtl_cfg);
        return 2;
    }
    return 0;
}

/* Terminals: pattern, sources, scoreboard, statistics. */
static int net_setup_nodes(net_t *n, char *err, int errlen)
{
    const net_opts *o = n->o;
    const rtr_geom *g = &n->g[0];
    const int N = n->t.nnodes;
    char e2[256];
    nr_traffic_cfg_t tc = o->tp;
    tc.k = N;
    if (nr_traffic_init(&n->tp, &tc, o->seed, e2, sizeof e2)) {
        snprintf(err, errlen, "pattern over %d nodes: %s", N, e2);
        return 2;
    }
    nr_inj_cfg_t ic = o->inj;
    /* the flattened-butterfly mode: sources draw a class, sent on its
     * last VC, P*class + P - 1 (src_start) */
    if (ic.len.kind != NR_LEN_BWMIX && ic.len.num_vcs == 0)
        ic.len.num_vcs = n->route->vc_phase ? n->nvcs / n->vcs_per_class
                         : n->va_hop        ? n->va_hop /* class 0 (nwn-arch 1.7) */
                                            : n->nvcs;
    if (n->va_hop && ic.len.kind == NR_LEN_BWMIX && n->va_hop < 2) {
        snprintf(err, errlen,
                 "bwmix uses VCs 0 and 1, and the routers' class 0 (VaHop=1, docs/nwn-arch.md "
                 "section 1.7) has %d VC",
                 n->va_hop);
        return 2;
    }
    if (n->route->vc_phase && ic.len.kind == NR_LEN_BWMIX && n->nvcs < 2 * n->vcs_per_class) {
        snprintf(err, errlen,
                 "bwmix uses two traffic classes, and --routing %s %d VCs per "
                 "class here: the routers need %d VCs, they have %d",
                 n->route->name, n->vcs_per_class, 2 * n->vcs_per_class, n->nvcs);
        return 2;
    }
    nr_pkt_desc_t d = nr_pkt_desc(0, 0, 0, 0, 4);
    d.h = (n->route->head & NET_HD_H) != 0;
    d.r = (n->route->head & NET_HD_R) != 0;
    int lmin = ic.len.kind == NR_LEN_FIXED     ? ic.len.a
               : ic.len.kind == NR_LEN_UNIFORM ? ic.len.a
                                               : 4;
    int lmax = ic.len.kind == NR_LEN_FIXED     ? ic.len.a
               : ic.len.kind == NR_LEN_UNIFORM ? ic.len.b
                                               : 19;
    if (lmin < nr_pkt_min_len(&d) || lmax > g->max_pkt_len) {
        snprintf(err, errlen,
                 "packet lengths %d..%d: a tagged packet%s needs %d to %d phits (MaxPktLen)", lmin,
                 lmax,
                 d.h   ? " with its hash phit"
                 : d.r ? " with its route phit"
                       : "",
                 nr_pkt_min_len(&d), g->max_pkt_len);
        return 2;
    }
    if (o->wc && net_wc_check(&n->t, e2, sizeof e2)) {
        snprintf(err, errlen, "%s", e2);
        return 2;
    }
    if (ic.len.kind == NR_LEN_BWMIX && n->nvcs < 2) {
        snprintf(err, errlen, "bwmix uses VCs 0 and 1; the routers have %d VC", n->nvcs);
        return 2;
    }
    n->nd = calloc((size_t)n->nnd, sizeof *n->nd);
    if (!n->nd) {
        snprintf(err, errlen, "out of memory");
        return 2;
    }
    n->phcap = g->max_pkt_len;
    for (int l = 0; l < n->t.levels; l++)
        if (n->g[l].max_pkt_len > n->phcap) n->phcap = n->g[l].max_pkt_len;
    for (int i = 0; i < n->nnd; i++) {
        node_t *nd = &n->nd[i];
        nd->ascap = n->phcap;
        nd->ph = malloc((size_t)n->phcap * sizeof *nd->ph);
        nd->as = malloc((size_t)nd->ascap * sizeof *nd->as);
        if (!nd->ph || !nd->as) {
            snprintf(err, errlen, "out of memory");
            return 2;
        }
        if (nr_inj_init(&nd->inj, &ic, o->seed, i, e2, sizeof e2)) {
            snprintf(err, errlen, "injection: %s", e2);
            return 2;
        }
        nd->inj.src = i % N; /* a port's process: its own streams, its node's pattern */
        nr_rng_stream(&nd->rng, o->seed, NR_RNG_STREAM(NET_RNG_P_HASH, i));
        nr_rng_stream(&nd->wrng, o->seed, NR_RNG_STREAM(NET_RNG_P_WC, i));
    }
    nr_sb_cfg_t sc;
    nr_sb_cfg_default(&sc);
    sc.num_vcs = n->nvcs;
    sc.max_len = g->max_pkt_len;
    sc.log = n->log;
    sc.skip_age = o->age_phit;
    if (nr_sb_init(&n->sb, &sc, NULL, NULL)) {
        snprintf(err, errlen, "scoreboard: out of memory");
        return 2;
    }
    /* a batch: every packet is generated in the first cycle, the window */
    nr_stats_cfg_t stc = {o->batch ? 0 : o->warmup, o->batch ? 1 : o->measure, o->drain, n->nnd, 1};
    if (nr_stats_init(&n->st, &stc, e2, sizeof e2)) {
        snprintf(err, errlen, "statistics: %s", e2);
        return 2;
    }
    return n->kind->setup(n, err, errlen);
}

/* The oldest packet of node port i's queue (its source process's, or with
 * planes what the NIC gave the port), and its removal. */
static const nr_inj_pkt_t *src_peek(const net_t *n, const node_t *nd)
{
    if (n->planes == 1) return nr_inj_peek(&nd->inj);
    return nd->pqn ? &nd->pq[nd->pqh].p : NULL;
}
static void src_pop(const net_t *n, node_t *nd)
{
    if (n->planes == 1) {
        nr_inj_pop(&nd->inj);
        return;
    }
    nd->pqphits -= (uint64_t)nd->pq[nd->pqh].p.len;
    nd->pqh = (nd->pqh + 1) % nd->pqcap;
    nd->pqn--;
}

/* The flow of a packet of VC vc (its class's, as sent) keeps its order:
 * one path through the plane (the routing's, or a --det-vcs VC's without a
 * hash phit). */
static int vc_ordered(const net_t *n, unsigned vc, int h)
{
    return n->route->ordered || ((n->o->det_vcs >> vc & 1u) && !h);
}

/* planes > 1 (docs/network.md "Planes"): node i's NIC gives the packets
 * its ports' processes generated to the ports of the planes, each with its
 * destination and hash phit drawn now. A packet whose flow keeps its order
 * goes to the plane its source, destination and hash phit name (one flow
 * and address, one plane); any other to the port with the fewest phits to
 * send, on a tie the port whose process generated it, else the next after
 * it. -1 out of memory. */
static int plane_spread(net_t *n, int i)
{
    const int N = n->t.nnodes, P = n->planes;
    const unsigned C = (unsigned)n->vcs_per_class;
    for (int g = 0; g < P; g++) {
        node_t *src = &n->nd[g * N + i];
        for (const nr_inj_pkt_t *q; (q = nr_inj_peek(&src->inj)); nr_inj_pop(&src->inj)) {
            struct plpkt k = {*q, 0};
            if (n->o->wc) k.p.dest = n->t.kind->wc_dest(&n->t, i, &src->wrng);
            const int h = (n->route->head & NET_HD_H) != 0;
            if (h) k.hash = (uint32_t)nr_rng_below(&src->rng, 1u << 22);
            const unsigned vc = n->route->vc_phase ? C * (unsigned)q->vc + C - 1u : (unsigned)q->vc;
            int pl = 0;
            if (vc_ordered(n, vc, h)) {
                const uint32_t key = ((uint32_t)i << 15 | (uint32_t)k.p.dest) ^ k.hash;
                pl = (int)((key * 0x9E3779B1u >> 16) % (unsigned)P);
            } else {
                uint64_t best = UINT64_MAX;
                for (int j = 0; j < P; j++) {
                    const int c = (g + j) % P;
                    const node_t *d = &n->nd[c * N + i];
                    const uint64_t w = d->pqphits + (uint64_t)(d->len ? d->len - d->pos : 0);
                    if (w < best) best = w, pl = c;
                }
            }
            node_t *d = &n->nd[pl * N + i];
            if (d->pqn == d->pqcap) {
                const int cap = d->pqcap ? 2 * d->pqcap : 8;
                struct plpkt *a = malloc((size_t)cap * sizeof *a);
                if (!a) return -1;
                for (int j = 0; j < d->pqn; j++) a[j] = d->pq[(d->pqh + j) % d->pqcap];
                free(d->pq);
                d->pq = a, d->pqcap = cap, d->pqh = 0;
            }
            d->pq[(d->pqh + d->pqn++) % d->pqcap] = k;
            d->pqphits += (uint64_t)k.p.len;
        }
    }
    return 0;
}

/* Start the next packet of node port i's queue. */
static int src_start(net_t *n, int i, uint64_t ts)
{
    node_t *nd = &n->nd[i];
    const int me = i % n->t.nnodes; /* the node; i is its port into plane i / nnodes */
    const nr_inj_pkt_t *q = src_peek(n, nd);
    const uint64_t T = n->o->inj_timeout;
    while (q && T && ts - q->gen_cycle >= T) { /* its timeout passed in the queue */
        n->inj_timeouts++;
        nr_stats_dropped(&n->st, q->gen_cycle);
        src_pop(n, nd);
        q = src_peek(n, nd);
    }
    if (!q) return 0;
    /* --pattern wc, the topology's worst case (docs/network.md), drawn from
     * the node's own stream when the packet starts (the source process
     * generated it without a destination; with planes, when the NIC spread
     * it) */
    const int dest = n->o->wc && n->planes == 1 ? n->t.kind->wc_dest(&n->t, i, &nd->wrng) : q->dest;
    const net_end at = n->t.node[me];
    if (dest == me && !net_turn_ok(geom_of(n, at.rtr), at.port, at.port)) {
        /* A packet to its own node would turn back into its input port,
         * which this leaf has no crosspoint for (SELF): not injected,
         * counted, and out of the measurement. */
        n->self_skipped++;
        nr_stats_dropped(&n->st, q->gen_cycle);
        src_pop(n, nd);
        return 0;
    }
    /* the flattened-butterfly mode: class q->vc goes in, and arrives, on
     * its last VC, phase 1 (docs/fbfly-routing.md sections 3 and 4) */
    const unsigned P = (unsigned)n->vcs_per_class;
    const unsigned vc = n->route->vc_phase ? P * (unsigned)q->vc + P - 1u : (unsigned)q->vc;
    const unsigned vc_out = vc;
    nr_pkt_desc_t d = nr_pkt_desc((unsigned)me, (unsigned)dest, vc, 0, q->len);
    d.a = (n->route->head & NET_HD_A) != 0;
    d.h = (n->route->head & NET_HD_H) != 0;
    if (d.h)
        d.hash = n->planes == 1 ? (uint32_t)nr_rng_below(&nd->rng, 1u << 22) : nd->pq[nd->pqh].hash;
    if (n->o->age_phit) { /* an age phit: age 0 (docs/seastar-arch.md 8) */
        d.h = 1;
        d.hash &= ~0xFFu;
        if (d.len < nr_pkt_min_len(&d)) d.len = nr_pkt_min_len(&d);
    }
    /* a source-routed topology: the route phit names the port at each router */
    int nhop = (n->route->head & NET_HD_R) ? n->t.kind->srcroute(&n->t, me, dest, d.route) : -1;
    d.r = nhop > 0;
    /* What arrives: each router that uses the route phit rotates it and
     * repairs the PCRC (docs/yarc-arch.md 4.3); a routing that gives a flow
     * one path keeps it in order. */
    /* --det-vcs: one path per flow; with planes, one plane (plane_spread) */
    const nr_src_expect_t x = {nhop, vc_ordered(n, vc, d.h), ts, q->gen_cycle};
    char e2[300];
    int len = nr_src_start(&n->sb, &d, nd->ph, n->phcap, &x, e2, sizeof e2);
    if (len < 0 || (n->count_hops && hop_put(&n->hop, hop_key(d.src, d.dest, vc_out, d.seq)))) {
        fprintf(n->log, "FAIL node %d: %s\n", i, len < 0 ? e2 : "scoreboard: memory");
        return -1;
    }
    nd->len = len;
    nd->pos = 0;
    nd->vc = (int)d.vc;
    nd->xdest = (unsigned)dest, nd->xvc = d.vc, nd->xseq = d.seq, nd->xgen = q->gen_cycle;
    if (n->route->vc_phase == 2 && n->t.node[dest].rtr != at.rtr) {
        /* it enters on its class's phase-0 VC; the router that moves it to
         * phase 1 rewrites the head and repairs the CRC (docs/fbfly-routing.md
         * section 5), so what arrives is the copy built on phase 1 */
        nd->vc = (int)d.vc - 1;
        nd->ph[0] = nr_head_set_vc(nd->ph[0], (unsigned)nd->vc);
        nr_pkt_fix_crc(nd->ph, len);
    }
    src_pop(n, nd);
    return 0;
}

int net_retire(net_t *n, unsigned src, unsigned dest, unsigned vc, uint32_t seq, uint64_t ts)
{
    uint32_t pk[8];
    nr_pkt_desc_t d = nr_pkt_desc(src, dest, vc, seq, 4);
    nr_sb_match_t m;
    const int len = nr_pkt_build(&d, pk, 8, NULL, 0);
    if (len < 0 || nr_sb_cut_m(&n->sb, pk, len, ts, &m) || !m.matched) return -1;
    nr_stats_dropped(&n->st, m.user);
    return 0;
}

int net_src_next(net_t *n, int i, uint64_t t, int gen)
{
    node_t *nd = &n->nd[i];
    const uint64_t ts = t - n->t0;
    const uint64_t T = n->o->inj_timeout;
    if (T && nd->len > 0 && nd->pos == 0 && ts - nd->xgen >= T) {
        /* --inj-timeout: no link took its head in T cycles from its
         * generation: dropped, retired from the scoreboard, counted */
        const unsigned me = (unsigned)(i % n->t.nnodes);
        if (net_retire(n, me, nd->xdest, nd->xvc, nd->xseq, ts)) {
            net_say(n,
                    "FAIL cycle %" PRIu64 " node %d: packet to %u seq %u, timed out at "
                    "injection, is not one the scoreboard awaits\n",
                    t, i, nd->xdest, nd->xseq);
            return -1;
        }
        if (n->count_hops) hop_take(&n->hop, hop_key(me, nd->xdest, nd->xvc, nd->xseq));
        n->inj_timeouts++;
        nd->len = 0;
    }
    if (!gen) return 0;
    /* with planes, node i's port 0 steps every port's process and the NIC's
     * spread (the other ports step after it) */
    for (int p = 0; p < n->planes && i < n->t.nnodes; p++) {
        const int j = p * n->t.nnodes + i;
        if (nr_src_cycle(&n->nd[j].inj, ts, n->o->wc ? NULL : &n->tp, n->o->batch, &n->st, j) < 0) {
            net_say(n, "FAIL node %d: source queue: out of memory\n", i);
            return -1;
        }
    }
    if (n->planes > 1 && i < n->t.nnodes && plane_spread(n, i)) {
        net_say(n, "FAIL node %d: the NIC's plane queues: out of memory\n", i);
        return -1;
    }
    return nd->len == 0 ? src_start(n, i, ts) : 0;
}

void net_src_took(net_t *n, int i)
{
    node_t *nd = &n->nd[i];
    if (++nd->pos == nd->len) nd->len = 0;
}

/* Routers of a class per hop (nwn-arch 1.7): the class a healthy packet
 * arrived on, and the packet as its source sent it, on class 0 (its PCRC
 * repaired, as the routers repaired it); -1 for a packet whose PCRC fails
 * (the scoreboard reports it as it is). */
static int va_normalize(const net_t *n, uint32_t *ph, int len)
{
    nr_pkt_info_t in;
    if (nr_pkt_parse(ph, len, n->nvcs, 0, &in) != NR_PKT_GOOD) return -1;
    if (in.vc >= (unsigned)n->va_hop) {
        ph[0] = nr_head_set_vc(ph[0], in.vc % (unsigned)n->va_hop);
        nr_pkt_fix_crc(ph, len);
    }
    return (int)in.vc / n->va_hop;
}

int net_sink_phit(net_t *n, int i, int vc, uint32_t ph, uint64_t t)
{
    node_t *nd = &n->nd[i];
    const uint64_t ts = t - n->t0;
    unsigned kind = nr_phit_kind(ph);
    if (vc >= 0 && nd->alen > 0 && vc != nd->cur_vc) {
        net_say(n,
                "FAIL cycle %" PRIu64 " node %d: the sink read VC %d inside a packet of VC %d "
                "(it puts one packet together at a time)\n",
                t, i, vc, nd->cur_vc);
        return -1;
    }
    if (kind == NR_KIND_HEAD) {
        if (nd->alen > 0) {
            /* a new head inside a packet: the broken one goes to the
             * scoreboard as it is, which counts it (malformed), as the
             * router harness's sink does */
            nr_sb_match_t m0;
            nr_sb_deliver(&n->sb, i % n->t.nnodes, nd->as, nd->alen, ts, &m0);
        }
        nd->alen = 0;
        nd->cur_vc = (int)(nr_head_vc(ph) % (unsigned)n->nvcs);
    }
    if (nd->alen == nd->ascap && nd->ascap < PKT_CAP) { /* longer than any router takes */
        int cap = nd->ascap * 2 < PKT_CAP ? nd->ascap * 2 : PKT_CAP;
        uint32_t *a = realloc(nd->as, (size_t)cap * sizeof *a);
        if (!a) {
            net_say(n, "FAIL cycle %" PRIu64 " node %d: out of memory\n", t, i);
            return -1;
        }
        nd->as = a, nd->ascap = cap;
    }
    if (nd->alen < nd->ascap) nd->as[nd->alen++] = ph;
    if (kind != NR_KIND_EOP) return 0;
    nr_sb_match_t m;
    const int len = nd->alen;
    nd->alen = 0;
    unsigned ok = nr_eop_ok(ph);
    if (ok != NR_OK_HEALTHY) {
        /* a copy its link failed (transmit_error): the replay brings the
         * packet again; counted, never matched (nr_sb.h) */
        nr_sb_discard(&n->sb, i % n->t.nnodes, nd->as, len, ok, ts);
        n->tx_err++;
        return 0;
    }
    const int cls = n->va_hop ? va_normalize(n, nd->as, len) : -1;
    nr_sb_deliver(&n->sb, i % n->t.nnodes, nd->as, len, ts, &m); /* at node i's port */
    if (!m.matched) return 0;
    nr_stats_delivered(&n->st, i, len, m.user, UINT64_MAX, ts);
    if (n->src_phits && nr_stats_phase(&n->st, ts) == NR_PH_MEASURE)
        n->src_phits[2 * m.src] += 1, n->src_phits[2 * m.src + 1] += (uint64_t)len;
    n->last_deliv = ts;
    struct netbin *b = net_bin(n, ts);
    if (b) b->phits += (uint64_t)len, b->pkts++, b->lat += ts - m.user;
    if (!n->count_hops) return 0;
    int h = hop_take(&n->hop, hop_key(m.src, m.dest, m.vc, m.seq));
    if (h < 0) {
        n->untracked++;
        return 0;
    }
    n->hops[h > NET_HOPS_MAX ? NET_HOPS_MAX : h]++;
    /* a class per hop: class min(h, C - 1) after h routers (nwn-arch 1.7) */
    const int last = n->va_hop ? n->nvcs / n->va_hop - 1 : 0;
    if (cls >= 0 && cls != (h < last ? h : last) && n->va_off++ < 5)
        net_say(n,
                "FAIL cycle %" PRIu64 ": packet %u->%u seq %u crossed %d routers and arrived "
                "on class %d\n",
                t, m.src, m.dest, m.seq, h, cls);
    /* a minimal routing's packet crosses the fewest routers its topology
     * allows; a non-minimal one's detours are counted, up to the most
     * routers a route of its routing may cross (max_hops); so are
     * SeaStar's partitions' */
    int want = n->t.kind->min_hops(&n->t, (int)m.src, (int)m.dest);
    if ((!n->route->minimal || n->parts) && h > want) {
        const int most = n->t.kind->max_hops(&n->t, n->route);
        n->detours++;
        if (h > most && n->nonminimal++ < 5)
            net_say(n,
                    "FAIL cycle %" PRIu64 ": packet %u->%u seq %u crossed %d routers, more "
                    "than a route of %s may cross, %d\n",
                    t, m.src, m.dest, m.seq, h, n->route->name, most);
        return 0;
    }
    if (h != want && n->nonminimal++ < 5)
        net_say(n,
                "FAIL cycle %" PRIu64 ": packet %u->%u seq %u crossed %d routers, the shortest "
                "route %d\n",
                t, m.src, m.dest, m.seq, h, want);
    return 0;
}

/* The turn a followed packet took at the router of channel c: in by the port
 * its previous router output (or its source) feeds, out by c's. */
static size_t turn_idx(const net_t *n, const chan_t *c, uint32_t last)
{
    const uint32_t ci = (uint32_t)(c - n->ch);
    const int in = last == UINT32_MAX
                       ? n->t.node[c->src].port
                       : n->t.r[last / (uint32_t)n->kch].peer[last % (uint32_t)n->kch].port;
    const size_t k = (size_t)n->kch;
    return ((size_t)(ci / k) * k + (size_t)in) * k + ci % k;
}

unsigned net_arrive_vc(const net_t *n, uint32_t head)
{
    const unsigned vc = nr_head_vc(head), P = (unsigned)n->vcs_per_class;
    if (n->va_hop) return vc % (unsigned)n->va_hop; /* as sent, on class 0 (nwn-arch 1.7) */
    return n->route->vc_phase ? vc / P * P + P - 1u : vc;
}

void net_follow(net_t *n, chan_t *c, int kind, uint32_t ph, int in_window)
{
    c->phits += in_window;
    n->phit_hops++;
    if (!n->count_hops) return;
    if (kind == NR_KIND_HEAD) {
        c->pos = 0;
        c->r = (int)nr_head_r(ph);
        c->h = (int)nr_head_h(ph);
        c->dest = nr_head_dest(ph);
        c->vc = net_arrive_vc(n, ph); /* the VC it arrives on (hop_key) */
        c->tagged = 0;
        return;
    }
    int tp = 1 + c->r + c->h;
    c->pos++;
    if (c->pos == tp) c->src = nr_phit_data(ph) & NR_DEST_MAX;
    if (c->pos == tp + 1 && kind == NR_KIND_BODY) { /* not a failed link's remnant's EOP */
        c->seq = nr_phit_data(ph);
        uint64_t k = hop_key(c->src, c->dest, c->vc, c->seq);
        size_t j = n->hop.cap ? hop_slot(&n->hop, k) : 0;
        if (!n->hop.cap || n->hop.key[j] != k) {
            n->untracked++;
            return;
        }
        c->tagged = 1;
        if (c->era) net_era_sent(n, c);
        n->hop.hops[j]++;
        if (in_window) n->turns[turn_idx(n, c, n->hop.last[j])]++;
        n->hop.prev[j] = n->hop.last[j];
        n->hop.last[j] = (uint32_t)(c - n->ch);
    }
    /* A copy that ends marked transmit_error (its link failed it after the
     * router had cut it through; the link's replay brings the packet again)
     * is not a hop of the packet: undo what its tag counted. */
    if (kind == NR_KIND_EOP && c->tagged && nr_eop_ok(ph) != NR_OK_HEALTHY) {
        uint64_t k = hop_key(c->src, c->dest, c->vc, c->seq);
        size_t j = hop_slot(&n->hop, k);
        if (n->hop.key[j] == k && n->hop.last[j] == (uint32_t)(c - n->ch) && n->hop.hops[j]) {
            n->hop.hops[j]--;
            size_t ti = turn_idx(n, c, n->hop.prev[j]);
            if (n->turns[ti]) n->turns[ti]--;
            n->hop.last[j] = n->hop.prev[j];
        }
    }
}

/* ---- the routers of a cycle, over threads ----
 * Routers are independent within a phase (eval reads only the router's own
 * state and inputs; tick changes only its own state), so splitting them over
 * threads gives the same results for any thread count: thread k takes the
 * routers r with r mod nthr = k, and the main thread (k = 0) takes part.
 * Every shared structure (channels, nodes, scoreboard, statistics) is
 * touched only between the phases, by the main thread. */
static void rtr_range1(net_t *n, int r, int job)
{
    int ls = nr_rtr_valid(n->rm[r]);
    if (job == JOB_EVAL) {
        /* A router with work only is evaluated: one whose inputs are all 0
         * (the link kind's idle mask, no table write) and that is at rest
         * takes its clock edge now and drives every output 0 (nr_rtr_ops.rest:
         * the cycle a full evaluation would compute); a model alone, never
         * beside an RTL router in lockstep. Each router decides for itself,
         * so the results are the same for any thread count. */
        if (!ls && n->in[r].idle == ~0ull && !n->in[r].cfg_we && nr_rtr_rest(n->rt[r])) {
            n->rested[r] = 1;
            if (!n->ozero[r]) {
                memset(&n->ro[r], 0, sizeof n->ro[r]);
                n->ro[r].idle = ~0ull;
                n->ozero[r] = 1;
            }
            return;
        }
        n->rested[r] = n->ozero[r] = 0;
        nr_rtr_eval(n->rt[r], &n->in[r], &n->ro[r]);
        if (ls) nr_rtr_eval(n->rm[r], &n->in[r], &n->mo[r]);
    } else {
        if (n->rested[r]) return;
        nr_rtr_tick(n->rt[r]);
        if (ls) nr_rtr_tick(n->rm[r]);
    }
}
static void rtr_range(net_t *n, int k, int job)
{
    for (int r = k; r < n->nrt; r += n->nthr) rtr_range1(n, r, job);
}

/* Lockstep: every output of every RTL router against its model's; the
 * first difference names router, port, field and cycle. -1 if any. */
static int net_compare(net_t *n, uint64_t t)
{
    for (int r = 0; r < n->nrt; r++) {
        if (!nr_rtr_valid(n->rm[r])) continue;
        const int lcb = n->g[0].use_lcb;
        if ((int64_t)t == n->o->fault_cycle && r == n->o->fault_rtr) {
            tb_rtr_fault(&n->ro[r], 0, lcb);
            n->fault_done = 1;
        }
        const nr_rtr_out *mo = &n->mo[r], *ro = &n->ro[r];
        for (int p = 0; p < n->t.r[r].nports; p++) {
            tb_rtr_diff d = tb_rtr_cmp(mo, ro, p, lcb, n->nvcs);
            if (d.field) {
                net_say(n,
                        "FAIL lockstep: cycle %" PRIu64 " router %d (level %d) port %d: %s: "
                        "model 0x%06x, RTL 0x%06x\n",
                        t, r, n->t.r[r].level, p, d.field, d.a, d.b);
                n->diverged = 1;
                n->div_rtr = r;
                n->div_cycle = (int64_t)t;
                return -1;
            }
        }
    }
    return 0;
}
static void *worker(void *p)
{
    worker_arg *a = p;
    for (;;) {
        pthread_barrier_wait(&a->n->bar);
        int job = a->n->job;
        if (job == JOB_QUIT) return NULL;
        rtr_range(a->n, a->k, job);
        pthread_barrier_wait(&a->n->bar);
    }
}
static void rtr_phase(net_t *n, int job)
{
    if (n->nthr == 1) {
        rtr_range(n, 0, job);
        return;
    }
    n->job = job;
    pthread_barrier_wait(&n->bar);
    rtr_range(n, 0, job);
    pthread_barrier_wait(&n->bar);
}
static int pool_start(net_t *n, int nthr, char *err, int errlen)
{
    n->nthr = nthr < 1 ? 1 : nthr;
    if (n->nthr == 1) return 0;
    n->thr = calloc((size_t)n->nthr, sizeof *n->thr);
    n->args = calloc((size_t)n->nthr, sizeof *n->args);
    if (!n->thr || !n->args || pthread_barrier_init(&n->bar, NULL, (unsigned)n->nthr)) {
        snprintf(err, errlen, "threads: cannot set up %d", n->nthr);
        n->nthr = 1;
        return 2;
    }
    for (int k = 1; k < n->nthr; k++) {
        n->args[k] = (worker_arg){n, k};
        if (pthread_create(&n->thr[k], NULL, worker, &n->args[k])) {
            snprintf(err, errlen, "threads: cannot start thread %d", k);
            n->nthr = k; /* the ones started are stopped by pool_stop */
            return 2;
        }
    }
    return 0;
}
static void pool_stop(net_t *n)
{
    if (n->nthr <= 1) return;
    n->job = JOB_QUIT;
    pthread_barrier_wait(&n->bar);
    for (int k = 1; k < n->nthr; k++) pthread_join(n->thr[k], NULL);
    pthread_barrier_destroy(&n->bar);
    free(n->thr), free(n->args);
    n->nthr = 1;
}

/* Close the FST window: the writer's file must be a finished FST trace
 * before it takes its name (nr_out.h); otherwise it is removed and the run
 * fails (net_finish). */
static void net_trace_stop(net_t *n)
{
    char e[600];
    nr_rtr tr = n->rt[n->o->trace_rtr];
    tr.ops->trace_stop(tr.h);
    n->tracing = 0;
    if (nr_out_fst_check(nr_out_name(&n->fst), e, sizeof e)) {
        nr_out_abort(&n->fst);
        net_say(n, "FAIL --trace-out %s: %s; no FST written\n", n->o->trace_out, e);
        n->trace_done = -1;
    } else if (nr_out_commit(&n->fst, e, sizeof e)) {
        net_say(n, "FAIL --trace-out: %s; no FST written\n", e);
        n->trace_done = -1;
    } else {
        n->trace_done = 1;
        net_say(n, "net: FST window of router %d, cycles %" PRId64 "..%" PRId64 ", written to %s\n",
                n->o->trace_rtr, n->o->trace_from, n->o->trace_to, n->o->trace_out);
    }
}

/* Router r's inputs of cycle t: a table write while there are any queued
 * (those of the start, then a rewrite's, net_fail.c), the links. */
static void rtr_inputs(net_t *n, int r, uint64_t t)
{
    nr_rtr_in *in = &n->in[r];
    in->cfg_we = n->cfgi[r] < n->ncfgw[r];
    if (in->cfg_we) {
        const rtr_cfgw *w = &n->cfgw[r][n->cfgi[r]++];
        in->cfg_bcast = w->bcast, in->cfg_tile = w->tile, in->cfg_addr = w->addr;
        in->cfg_wdata = w->wdata;
    }
    n->kind->rtr_in(n, r, t);
}

/* One cycle of the whole network; -1 when a check failed. */
static int net_cycle(net_t *n, uint64_t t, int gen, int in_window, int *moved)
{
    const int R = n->nrt, N = n->nnd;
    const net_kind *k = n->kind;
    const net_opts *o = n->o;
    if (o->trace_rtr >= 0 && !n->tracing && !n->trace_done && (int64_t)t == o->trace_from) {
        nr_rtr tr = n->rt[o->trace_rtr];
        char e[600];
        if (nr_out_begin(&n->fst, o->trace_out, e, sizeof e)) {
            net_say(n, "FAIL --trace-out: %s\n", e);
            return -1;
        }
        if (!nr_rtr_can_trace(tr) || tr.ops->trace(tr.h, nr_out_name(&n->fst))) {
            nr_out_abort(&n->fst);
            net_say(n, "FAIL --trace-out %s: router %d cannot write an FST trace (%s)\n",
                    o->trace_out, o->trace_rtr, tr.ops->name);
            return -1;
        }
        n->tracing = 1;
    }
    /* links that fail in this cycle, tables rewritten (net_fail.c) */
    if (n->nfl && net_fail_cycle(n, t)) return -1;
    /* 1. what arrives at the nodes; UGAL-G's oracle reads the global
     * channels' start-of-cycle queues before any router is evaluated */
    for (int i = 0; i < N; i++) k->node_in(n, i, t);
    if (n->gq) net_gq_fill(n);
    /* Fused: the nodes, then each router's inputs, evaluation, outputs and
     * clock edge together, one router after another (speed only: a
     * router's state is still in the cache for its clock edge). The same
     * calls in the same order as steps 2-6 below for every shared
     * structure (sources, sinks, net_follow), and no read of the cycle sees
     * a write of it (net_kind.fused), so the results are the same. Not with
     * threads or a lockstep compare, which need every router evaluated
     * before any output moves. */
    if (k->fused && n->nthr == 1 && !(n->nrtl && o->impl == NET_IMPL_LOCKSTEP)) {
        for (int i = 0; i < N; i++)
            if (k->node_step(n, i, t, gen, moved)) return -1;
        for (int r = 0; r < R; r++) {
            rtr_inputs(n, r, t);
            rtr_range1(n, r, JOB_EVAL);
            if (k->rtr_out(n, r, t, in_window, moved)) return -1;
            rtr_range1(n, r, JOB_TICK);
        }
        if (n->tracing && (int64_t)t >= o->trace_to) net_trace_stop(n);
        return 0;
    }
    /* 2. the routers' inputs: a table write while there are any, the links */
    for (int r = 0; r < R; r++) rtr_inputs(n, r, t);
    /* 3. the nodes */
    for (int i = 0; i < N; i++)
        if (k->node_step(n, i, t, gen, moved)) return -1;
    /* 4. evaluate (and, in lockstep, compare) */
    rtr_phase(n, JOB_EVAL);
    if (n->nrtl && n->o->impl == NET_IMPL_LOCKSTEP && net_compare(n, t)) return -1;
    /* 5. the routers' outputs into their channels */
    for (int r = 0; r < R; r++)
        if (k->rtr_out(n, r, t, in_window, moved)) return -1;
    /* 6. clock edge */
    rtr_phase(n, JOB_TICK);
    if (n->tracing && (int64_t)t >= o->trace_to) net_trace_stop(n);
    return 0;
}

/* Channel class for the utilisation table: 0 node links, l the links
 * between levels l and l+1. */
/* A channel's class: 0 to a node, l between levels l and l + 1, and the
 * top level's for a side link between two top routers (fclos side=S). */
static int chan_class(const net_t *n, int r, int p)
{
    net_end e = net_peer(n, r, p);
    if (e.rtr == NET_PEER_NODE) return 0;
    int a = n->t.r[r].level, b = n->t.r[e.rtr].level;
    return a < b ? a : b;
}

static void net_free(net_t *n)
{
    if (n->kind) n->kind->release(n);
    for (int r = 0; n->rt && r < n->nrt; r++) nr_rtr_free(n->rt[r]);
    for (int r = 0; n->rm && r < n->nrt; r++) nr_rtr_free(n->rm[r]);
    for (int i = 0; n->nd && i < n->nnd; i++)
        nr_inj_free(&n->nd[i].inj), free(n->nd[i].ph), free(n->nd[i].as), free(n->nd[i].pq);
    for (int r = 0; n->cfgw && r < n->nrt; r++) free(n->cfgw[r]);
    for (size_t c = 0; n->ch && c < (size_t)n->nrt * (size_t)n->kch; c++) {
        free(n->ch[c].flt);
        if (n->ch[c].deg) free(n->ch[c].deg->q);
        free(n->ch[c].deg);
        if (n->ch[c].era) free(n->ch[c].era->q);
        free(n->ch[c].era);
    }
    net_gq_free(n);
    free(n->fl), free(n->dead), free(n->cfgi), free(n->bins);
    free(n->rested);
    free(n->rt), free(n->rm), free(n->mo), free(n->in), free(n->ro), free(n->cfgw), free(n->ncfgw),
        free(n->ch);
    free(n->nd);
    free(n->hop.key), free(n->hop.hops), free(n->hop.last), free(n->hop.prev);
    free(n->turns);
    free(n->src_phits);
    nr_traffic_free(&n->tp);
    nr_sb_free(&n->sb);
    nr_stats_free(&n->st);
    net_topo_free(&n->t);
}

/* Anything still on its way: a packet expected and not delivered, a source
 * part-way through a packet, a credit not home. */
static int net_busy(const net_t *n)
{
    if (n->sb.outstanding) return 1;
    for (int i = 0; i < n->nnd; i++)
        if (n->kind->node_busy(n, i)) return 1;
    return 0;
}

/* The x-th router of level l, the planes one after another. */
static int level_rtr(const net_t *n, int l, int x)
{
    const int c = n->t.first[l + 1] - n->t.first[l];
    return x / c * n->t.nrtr + n->t.first[l] + x % c;
}

/* A port that leads up: to a router of a higher level. */
static int port_up(const net_t *n, int r, int p)
{
    net_end e = net_peer(n, r, p);
    return e.rtr >= 0 && n->t.r[e.rtr].level > n->t.r[r].level;
}

/* The CSV of option --opt at path (none: *csv NULL), opened with its header
 * line; -1 with a message when it cannot be. */
static int csv_open(net_t *n, nr_out_t *out, const char *path, const char *opt, const char *header,
                    FILE **csv)
{
    char e[1400];
    *csv = NULL;
    if (!path) return 0;
    if (nr_out_open(out, path, NR_OUT_WHOLE, e, sizeof e)) {
        net_say(n, "FAIL --%s: %s\n", opt, e);
        return -1;
    }
    *csv = out->f;
    fprintf(*csv, "%s\n", header);
    return 0;
}

/* Close csv_open's CSV (if any): 0, or -1 with a message (no file written). */
static int csv_close(net_t *n, nr_out_t *out, FILE *csv, const char *opt)
{
    char e[1400];
    if (csv && nr_out_close(out, e, sizeof e)) {
        net_say(n, "FAIL --%s: %s (no file written)\n", opt, e);
        return -1;
    }
    return 0;
}

/* --per-src: each source's packets and phits delivered in the window, and
 * its share of them. -1 when the CSV could not be written. */
static int per_src_write(net_t *n)
{
    nr_out_t out;
    FILE *csv;
    if (!n->src_phits) return 0;
    if (csv_open(n, &out, n->o->per_src_csv, "per-src", "src,packets,phits,share", &csv)) return -1;
    uint64_t tot = 0;
    for (int i = 0; i < n->t.nnodes; i++) tot += n->src_phits[2 * i + 1];
    for (int i = 0; i < n->t.nnodes && csv; i++)
        fprintf(csv, "%d,%" PRIu64 ",%" PRIu64 ",%.5f\n", i, n->src_phits[2 * i],
                n->src_phits[2 * i + 1], tot ? (double)n->src_phits[2 * i + 1] / (double)tot : 0.0);
    return csv_close(n, &out, csv, "per-src");
}

/* The turns of the measurement window by level, as seed 001 Fig 6 reads a
 * router's ports (there 0..k/2-1 face down, k/2..k-1 up; here a port is up
 * when it leads to a higher level, so a top router's ports are all down):
 * quadrant I turns (down to down), II goes up (down to up), III comes down
 * (up to down), IV would go up again (up to up, never in a folded Clos).
 * With --turns, every (router, in, out) count as CSV. */
static int net_turn_report(net_t *n, net_result *res)
{
    nr_out_t out;
    FILE *csv;
    if (csv_open(n, &out, n->o->turns_csv, "turns", "router,level,in,out,packets", &csv)) return -1;
    for (int l = 1; l <= n->t.levels; l++) {
        uint64_t q[4] = {0}, tot = 0;
        for (int x = 0; x < n->planes * (n->t.first[l + 1] - n->t.first[l]); x++)
            for (int a = 0, r = level_rtr(n, l, x); a < n->kch; a++)
                for (int b = 0; b < n->kch; b++) {
                    uint64_t c = n->turns[((size_t)r * n->kch + (size_t)a) * n->kch + (size_t)b];
                    if (!c) continue;
                    q[port_up(n, r, a) * 2 + port_up(n, r, b)] += c; /* I 0, II 1, III 2, IV 3 */
                    tot += c;
                    if (csv) fprintf(csv, "%d,%d,%d,%d,%" PRIu64 "\n", r, l, a, b, c);
                }
        for (int i = 0; i < 4; i++) res->quad[l][i] = tot ? (double)q[i] / (double)tot : 0.0;
        if (!n->o->quiet && tot)
            net_say(n,
                    "net: level %d turns (window): I down-down %.3f, II down-up %.3f, III "
                    "up-down %.3f, IV up-up %.3f of %" PRIu64 " router crossings\n",
                    l, res->quad[l][0], res->quad[l][1], res->quad[l][2], res->quad[l][3], tot);
    }
    return csv_close(n, &out, csv, "turns");
}

/* Each level's router load of the window (a router's phits out of its
 * connected ports, per port and cycle: mean, max and the busiest router) and,
 * with --links, every connected output channel's phits and load as CSV. -1
 * when the CSV could not be written. */
static int rtr_loads(net_t *n, net_result *res)
{
    nr_out_t out;
    FILE *csv;
    const double M = (double)n->o->measure;
    if (csv_open(n, &out, n->o->links_csv, "links",
                 "router,level,port,to_router,to_port,to_node,class,phits,load", &csv))
        return -1;
    for (int l = 1; l <= n->t.levels && l <= NET_MAX_LEVELS; l++) {
        double sum = 0;
        res->rtr_util_argmax[l] = n->t.first[l];
        const int nr = n->planes * (n->t.first[l + 1] - n->t.first[l]);
        for (int x = 0; x < nr; x++) {
            const int r = level_rtr(n, l, x);
            uint64_t ph = 0;
            int np = 0;
            for (int p = 0; p < n->t.r[r].nports; p++) {
                net_end e = net_peer(n, r, p);
                if (e.rtr == NET_PEER_NONE) continue;
                const uint64_t c = net_ch(n, r, p)->phits;
                ph += c, np++;
                if (csv)
                    fprintf(csv, "%d,%d,%d,%d,%d,%d,%d,%" PRIu64 ",%.4f\n", r, l, p,
                            e.rtr >= 0 ? e.rtr : -1, e.rtr >= 0 ? e.port : -1,
                            e.rtr == NET_PEER_NODE ? e.port : -1, chan_class(n, r, p), c,
                            (double)c / M);
            }
            const double u = np ? (double)ph / ((double)np * M) : 0.0;
            sum += u;
            if (u > res->rtr_util_max[l]) res->rtr_util_max[l] = u, res->rtr_util_argmax[l] = r;
        }
        res->rtr_util_mean[l] = nr > 0 ? sum / nr : 0.0;
    }
    return csv_close(n, &out, csv, "links");
}

struct netbin *net_bin(net_t *n, uint64_t ts)
{
    if (!n->o->series_csv) return NULL;
    const size_t k = (size_t)(ts / n->o->series_bin);
    if (k >= n->nbins) {
        size_t nb = k + 1 > 2 * n->nbins ? k + 1 : 2 * n->nbins;
        struct netbin *b = realloc(n->bins, nb * sizeof *b);
        if (!b) return NULL;
        memset(b + n->nbins, 0, (nb - n->nbins) * sizeof *b);
        n->bins = b, n->nbins = nb;
    }
    return &n->bins[k];
}

/* --series: per bin, its first cycle, the accepted load (phits/cycle/node),
 * the packets delivered and their mean latency, the packets lost on failed
 * links. -1 when the CSV could not be written. */
static int series_write(net_t *n, uint64_t t)
{
    nr_out_t out;
    FILE *csv;
    if (csv_open(n, &out, n->o->series_csv, "series", "cycle,accepted,packets,lat_mean,lost", &csv))
        return -1;
    const uint64_t W = n->o->series_bin, end = t > n->t0 ? t - n->t0 : 0;
    for (size_t k = 0; csv && k * W < end; k++) {
        const struct netbin z = {0, 0, 0, 0}, *b = k < n->nbins ? &n->bins[k] : &z;
        fprintf(csv, "%" PRIu64 ",%.4f,%" PRIu64 ",%.1f,%" PRIu64 "\n", k * W,
                (double)b->phits / ((double)W * n->nnd), b->pkts,
                b->pkts ? (double)b->lat / (double)b->pkts : 0.0, b->lost);
    }
    return csv_close(n, &out, csv, "series");
}

/* What a run that was not stopped by a failure was asked for and never
 * reached, a --fault cycle or an FST window, into n->missed (net_run then
 * returns 2: the run proved nothing of it). 1 if there was one. */
static int net_missed(net_t *n, uint64_t t)
{
    if (n->o->trace_rtr >= 0 && !n->trace_done)
        snprintf(n->missed, sizeof n->missed,
                 "--trace-from %" PRId64 ": the run ended at cycle %" PRIu64
                 " before the FST window opened; no FST written",
                 n->o->trace_from, t);
    if (n->o->fault_cycle >= 0 && !n->fault_done)
        snprintf(n->missed, sizeof n->missed,
                 "--fault %" PRId64 ":%d: the run ended at cycle %" PRIu64
                 " before the fault (it never fired)",
                 n->o->fault_cycle, n->o->fault_rtr, t);
    if (n->missed[0]) fprintf(n->log, "FAIL %s\n", n->missed);
    return n->missed[0] != 0;
}

/* Each channel class's load of the window, mean and max (cnt: the channels
 * of each class). */
static void link_loads(net_t *n, net_result *res, double *cnt)
{
    for (int r = 0; r < n->nrt; r++)
        for (int p = 0; p < n->t.r[r].nports; p++) {
            if (n->t.r[r].peer[p].rtr == NET_PEER_NONE) continue;
            int c = chan_class(n, r, p);
            double u = (double)net_ch(n, r, p)->phits / (double)n->o->measure;
            res->link_util_mean[c] += u;
            cnt[c]++;
            if (u > res->link_util_max[c]) res->link_util_max[c] = u;
        }
    for (int c = 0; c <= NET_MAX_LEVELS; c++)
        if (cnt[c] > 0) res->link_util_mean[c] /= cnt[c];
}

/* Every packet the sources generated is accounted for: delivered, lost on a
 * failed link, timed out at injection, to its own node, or never injected
 * (the counts come from different places: the scoreboard, the links, the
 * sources). Printed with failures or --inj-timeout; 1 when they differ. */
static int account(const net_t *n, uint64_t queued)
{
    uint64_t gen = 0;
    for (int i = 0; i < n->nnd; i++) gen += n->nd[i].inj.gen_pkts;
    const uint64_t sum = n->sb.delivered + n->lost + n->inj_timeouts + n->self_skipped + queued;
    if (gen == sum && !n->nfl && !n->o->inj_timeout) return 0;
    fprintf(n->log,
            "%s packets generated %" PRIu64 " %s delivered %" PRIu64
            " + lost on failed links %" PRIu64 " + timed out at injection %" PRIu64
            " + to their own node %" PRIu64 " + never injected %" PRIu64 "\n",
            gen == sum ? "net:" : "FAIL", gen, gen == sum ? "=" : "!=", n->sb.delivered, n->lost,
            n->inj_timeouts, n->self_skipped, queued);
    return gen != sum;
}

/* the end-of-run checks (router errors, losses, credits, routes), each
 * failure told in the log; fail in, fail out. *sberr the scoreboard's errors,
 * *queued the packets never injected */
static int finish_checks(net_t *n, uint64_t t, int fail, uint64_t *sberr, uint64_t *queued)
{
    FILE *f = n->log;
    const int R = n->nrt, N = n->nnd;
    char buf[256];
    for (int r = 0; r < R; r++)
        if (nr_rtr_errors(n->rt[r], buf, sizeof buf) ||
            (nr_rtr_valid(n->rm[r]) && nr_rtr_errors(n->rm[r], buf, sizeof buf))) {
            fprintf(f, "FAIL router %d: %s\n", r, buf);
            fail = 1;
        }
    *sberr = *queued = 0;
    const int aborted = fail, escaped = n->esc_cycle >= 0;
    for (int i = 0; i < N; i++) *queued += nr_inj_depth(&n->nd[i].inj) + (uint64_t)n->nd[i].pqn;
    if (aborted) {
        /* the run stopped at the failure above: packets in flight are not
         * losses and credits on their way are not missing */
        fprintf(f,
                "net: the run stopped at cycle %" PRIu64 " on the failure above; the "
                "end-of-run checks (losses, credits) are not made\n",
                t);
    } else if (escaped) {
        /* a link passed damage its CRC cannot see: the scoreboard, the hop
         * counts and the credits are no longer the design's to answer for */
        fprintf(f,
                "net: after the CRC escape of cycle %" PRId64 " the scoreboard, hop and credit "
                "checks are not judged\n",
                n->esc_cycle);
    } else {
        for (int i = 0; i < N; i++) fail |= n->kind->node_final(n, i);
        *sberr = nr_sb_final(&n->sb);
        if (*sberr) {
            nr_sb_report(&n->sb, f);
            fail = 1;
        }
        fail |= account(n, *queued);
    }
    if (n->va_off && !escaped) {
        fprintf(f, "FAIL %" PRIu64 " packets arrived on a class their hops do not give\n",
                n->va_off);
        fail = 1;
    }
    if (n->nonminimal && !escaped) {
        fprintf(f, "FAIL %" PRIu64 " packets took a longer route than their routing allows\n",
                n->nonminimal);
        fail = 1;
    }
    if (!aborted && net_missed(n, t)) fail = 1;
    if (n->trace_done < 0) fail = 1;
    if (n->untracked && !escaped) {
        fprintf(f,
                "FAIL %" PRIu64 " packet tags seen at router outputs matched no packet in "
                "flight\n",
                n->untracked);
        fail = 1;
    }
    return fail;
}

/* the result's fields from the run's counts and statistics */
static void fill_result(const net_t *n, net_result *res, const nr_stats_summary_t *s,
                        uint64_t sberr, uint64_t t)
{
    res->offered = s->offered, res->accepted = s->accepted;
    res->lat_mean = s->mean, res->lat_p50 = s->p50, res->lat_p99 = s->p99, res->lat_max = s->max;
    res->delivered = n->sb.delivered, res->labeled = s->labeled;
    res->drained = s->drained;
    res->sb_errors = sberr;
    res->cycles = t;
    res->phit_hops = n->phit_hops;
    res->self_skipped = n->self_skipped;
    res->detours = n->detours;
    res->escapes = n->escapes, res->cw_escapes = n->cw_escapes;
    res->tx_err = n->tx_err, res->retries = n->retries;
    res->rtl_routers = n->nrtl;
    res->diverged = n->diverged;
    res->div_rtr = n->div_rtr;
    res->div_cycle = n->div_cycle;
    memcpy(res->hops, n->hops, sizeof res->hops);
}

/* a batch run: its time, or a failure when the batch was not all delivered;
 * 1 on that failure */
static int batch_report(const net_t *n, net_result *res)
{
    FILE *f = n->log;
    int fail = 0;
    if (n->o->batch && n->sb.delivered < (uint64_t)n->nnd * n->o->batch - n->self_skipped) {
        fprintf(f,
                "FAIL the batch was not delivered: %" PRIu64 " of %" PRIu64 " packets by the "
                "end of the run (--drain-max %" PRIu64 " cycles); no batch time\n",
                n->sb.delivered, (uint64_t)n->nnd * n->o->batch - n->self_skipped, n->o->drain);
        fail = 1;
    } else if (n->o->batch) {
        res->batch_cycles = n->last_deliv + 1;
        const double ph = (double)n->o->batch * nr_lendist_mean(&n->o->inj.len);
        fprintf(f,
                "net: batch of %" PRIu64 " packets per node delivered in %" PRIu64
                " cycles: %.2f cycles per packet, %.3f per phit of a node's batch (1/throughput "
                "for a large batch)\n",
                n->o->batch, res->batch_cycles, (double)res->batch_cycles / (double)n->o->batch,
                (double)res->batch_cycles / ph);
    }
    return fail;
}

/* the routers each packet traversed, or why they were not counted */
static void hops_report(const net_t *n)
{
    FILE *f = n->log;
    if (n->count_hops) {
        fprintf(f, "net: routers traversed:");
        for (int h = 0; h <= NET_HOPS_MAX; h++)
            if (n->hops[h])
                fprintf(f, " %d%s: %" PRIu64, h, h == NET_HOPS_MAX ? "+" : "", n->hops[h]);
        fprintf(f, "\n");
        if (n->route->fb_alg)
            fprintf(f, "net: detours (more routers than the shortest route): %" PRIu64 "\n",
                    n->detours);
    } else {
        fprintf(f, "net: routers traversed and turns: not counted with link errors (a link's "
                   "replay makes copies of a packet, which may take other routes)\n");
    }
}

/* the loads of the channels by class and of the routers by level */
static void load_report(const net_t *n, const net_result *res, const double *cnt)
{
    FILE *f = n->log;
    /* class c < levels: between levels c and c+1 (0: to the nodes); class
     * levels: between two top routers, the side links of fclos side=S */
    static const char *const cname[] = {"router-node", "levels 1-2", "levels 2-3", "levels 3-4"};
    if (!n->o->quiet)
        for (int c = 0; c <= n->t.levels && c <= NET_MAX_LEVELS; c++)
            if (cnt[c] > 0)
                fprintf(f, "net: channels %-14s %5.0f, load mean %.3f max %.3f phits/cycle\n",
                        c == n->t.levels ? "side (top-top)" : cname[c], cnt[c],
                        res->link_util_mean[c], res->link_util_max[c]);
    if (!n->o->quiet)
        for (int l = 1; l <= n->t.levels && l <= NET_MAX_LEVELS; l++)
            fprintf(f,
                    "net: routers level %d %9d, load mean %.3f max %.3f phits/cycle/port "
                    "(router %d)\n",
                    l, n->planes * (n->t.first[l + 1] - n->t.first[l]), res->rtr_util_mean[l],
                    res->rtr_util_max[l], res->rtr_util_argmax[l]);
}

static int net_finish(net_t *n, net_result *res, uint64_t t, int fail)
{
    FILE *f = n->log;
    const int R = n->nrt;
    const int escaped = n->esc_cycle >= 0;
    uint64_t sberr, queued;
    fail = finish_checks(n, t, fail, &sberr, &queued);
    nr_stats_summary_t s;
    nr_stats_summary(&n->st, &s);
    fill_result(n, res, &s, sberr, t);
    if (batch_report(n, res)) fail = 1;
    double cnt[NET_MAX_LEVELS + 1] = {0};
    link_loads(n, res, cnt);
    if (rtr_loads(n, res)) fail = 1;
    if (series_write(n, t)) fail = 1;
    if (per_src_write(n)) fail = 1;
    if (!n->o->batch) { /* a batch has no load: its time is reported above */
        fprintf(f,
                "net: offered %.4f accepted %.4f phits/cycle/node; latency mean %.1f p50 %u "
                "p99 %u max %u cycles (generation to tail, %" PRIu64 " packets)%s\n",
                s.offered, s.accepted, s.mean, s.p50, s.p99, s.max, s.n,
                s.drained ? "" : "; the drain limit cut the measurement short");
    }
    hops_report(n);
    if (n->o->det_vcs) { /* the order the routing keeps, and where it does not */
        fprintf(f, "net: --det-vcs %u: packets that overtook an earlier one of their flow, by VC:",
                n->o->det_vcs);
        for (int v = 0; v < n->nvcs && v < 4; v++) fprintf(f, " %" PRIu64, n->sb.overtook[v]);
        fprintf(f, "\n");
    }
    load_report(n, res, cnt);
    if (n->count_hops && net_turn_report(n, res)) fail = 1;
    if (n->g[0].use_lcb)
        fprintf(f,
                "net: links: %" PRIu64 " replays, %" PRIu64 " transmit_error copies discarded at "
                "the nodes, %" PRIu64 " packet and %" PRIu64 " control-word CRC escapes\n",
                n->retries, n->tx_err, n->escapes, n->cw_escapes);
    net_fail_report(n, res, t, fail);
    res->inj_timeouts = n->inj_timeouts;
    if (n->o->inj_timeout)
        fprintf(f,
                "net: --inj-timeout %" PRIu64 ": %" PRIu64
                " packets dropped at their source, no link having taken their head in time\n",
                n->o->inj_timeout, n->inj_timeouts);
    if (n->missed[0] && !fail) {
        fprintf(f, "FAIL %s\n", n->missed);
        fail = 1;
    }
    if (n->nrtl)
        fprintf(f, "net: %d of %d routers RTL (%s)%s\n", n->nrtl, R, n->o->rtl_cfg,
                n->o->impl == NET_IMPL_LOCKSTEP
                    ? (n->diverged ? ", lockstep: 1 mismatch" : ", lockstep: 0 mismatches")
                    : "");
    fprintf(f,
            "net: %" PRIu64 " packets delivered, %" PRIu64 " scoreboard errors, %" PRIu64
            " packets left in the source queues at the end (never injected), %" PRIu64
            " to their own node not injected (no turn back)%s; %s\n",
            n->sb.delivered, sberr, queued, n->self_skipped,
            fail || escaped ? "" : ", credits home",
            fail      ? "FAIL"
            : escaped ? "PASS-ESCAPE"
                      : "PASS");
    return fail;
}

int net_run(const net_opts *o, net_result *res, FILE *out, char *err, int errlen)
{
    net_t n;
    memset(&n, 0, sizeof n);
    memset(res, 0, sizeof *res);
    n.o = o;
    n.esc_cycle = -1;
    n.count_hops = !lcb_ch_cfg_has_errors(&o->ch);
    n.log = out;
    struct timespec w0, w1;
    clock_gettime(CLOCK_MONOTONIC, &w0);
    n.nthr = 1;
    int rc = net_setup_routers(&n, err, errlen);
    if (!rc) rc = net_setup_nodes(&n, err, errlen);
    if (!rc) rc = pool_start(&n, o->threads, err, errlen);
    if (rc) {
        pool_stop(&n);
        net_free(&n);
        return rc;
    }
    res->routing = n.route->name;
    res->nodes = n.t.nnodes, res->routers = n.nrt, res->links = n.t.nlinks * n.planes;
    for (int r = 0; r < n.nrt; r++)
        if ((uint64_t)n.ncfgw[r] > n.t0) n.t0 = (uint64_t)n.ncfgw[r];
    rc = net_fail_setup(&n, err, errlen);
    if (!rc) rc = net_gq_setup(&n, err, errlen);
    if (rc) {
        pool_stop(&n);
        net_free(&n);
        return rc;
    }
    uint64_t t = 0, stall = 0;
    int fail = 0, stopped = 0;
    uint64_t quiet = 0, settle = 2u * (uint64_t)(o->link_lat + o->node_lat) + 64;
    /* progress on a terminal (NR_PROGRESS=0 turns it off), about once a second */
    const int prog = isatty(2) && !(getenv("NR_PROGRESS") && !strcmp(getenv("NR_PROGRESS"), "0"));
    time_t tlast = time(NULL);
    for (;; t++) {
        if (prog && (t & 255) == 0 && time(NULL) != tlast) {
            tlast = time(NULL);
            uint64_t ts = t >= n.t0 ? t - n.t0 : 0;
            fprintf(stderr,
                    "\rnet_sim: cycle %" PRIu64 " (%s, window %" PRIu64 "..%" PRIu64 "), %" PRIu64
                    " packets delivered   ",
                    ts, stopped ? "flush" : nr_stats_phase_name(nr_stats_phase(&n.st, ts)),
                    o->warmup, o->warmup + o->measure, n.sb.delivered);
        }
        int moved = 0;
        uint64_t ts = t >= n.t0 ? t - n.t0 : 0;
        int in_window = t >= n.t0 && nr_stats_phase(&n.st, ts) == NR_PH_MEASURE;
        if (net_cycle(&n, t, t >= n.t0 && !stopped, in_window, &moved)) {
            fail = 1;
            break;
        }
        if (t >= n.t0 && !stopped && nr_stats_done(&n.st, ts)) {
            stopped = 1;
            n.kind->stop_errors(&n); /* the drain and the end-of-run checks on clean links */
        }
        if (n.esc_cycle >= 0 && o->impl != NET_IMPL_LOCKSTEP) {
            /* a CRC escape: what follows is no longer judged; a lockstep run
             * goes on, RTL against model still compared every cycle */
            net_say(&n, "net: stopping at the first CRC escape (cycle %" PRId64 ")\n", n.esc_cycle);
            break;
        }
        int busy = net_busy(&n);
        stall = busy && !moved ? stall + 1 : 0;
        if (stall >= o->stall_limit) {
            fprintf(out,
                    "FAIL cycle %" PRIu64 ": no phit moved for %" PRIu64 " cycles with %" PRIu64
                    " packets in flight: deadlock\n",
                    t, stall, n.sb.outstanding);
            res->deadlock = 1;
            fail = 1;
            break;
        }
        quiet = !busy && !moved ? quiet + 1 : 0;
        if (stopped && quiet >= settle) break;
    }
    if (prog) fprintf(stderr, "\r%78s\r", "");
    pool_stop(&n);
    if (n.tracing) net_trace_stop(&n);
    rc = net_finish(&n, res, t, fail);
    if (n.missed[0]) {
        snprintf(err, errlen, "%s", n.missed);
        rc = 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &w1);
    res->wall_s = (double)(w1.tv_sec - w0.tv_sec) + 1e-9 * (double)(w1.tv_nsec - w0.tv_nsec);
    net_free(&n);
    return rc;
}
