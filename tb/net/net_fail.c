/* net_fail.c - failed links (docs/network.md "Faults"): a link that dies at
 * a given cycle, hard, both ways; the packets it takes counted lost, one by
 * one; and the management's answer, tables that avoid it, checked and
 * written through the routers' configuration ports.
 *
 * A dead link, bare (net_bare.c calls the three hooks below):
 *   - its sender's end takes every phit the router output sends and gives
 *     the credit back at once; at the failure it gives back every credit the
 *     port was owed (the port's count returns to full, as a port reset does);
 *   - a packet whose EOP had not reached the far router when the link died
 *     is lost: its expectation is retired from the scoreboard when the
 *     sender sends that EOP (nr_sb_cut_m), and counted on the link;
 *   - its receiver's end closes the packet the far router was receiving, if
 *     any: body phits up to its route and hash phits, then an EOP marked
 *     transmit_error. The router forwards that remnant as any packet a link
 *     failed after cutting it through, and its destination's sink discards
 *     it (counted: remnants).
 *
 * An erased LCB link (--erase; net_lcb.c calls net_era_port): its channels
 * erase every phit from the cycle on, its LCBs exhaust their retries, and
 * the first that goes down (link-protocol 7.6) fails the link for the
 * management as --fail does. What it lost is the LCBs' own count: the
 * packets its TX took that the far end never accepted (TX_PKT there minus
 * RX_OK here, named by the tags the sender's channel followed), and every
 * packet its router hands it after down (TX_DOWN_DROP), named from the
 * model's core tap; each is retired from the scoreboard when it is lost.
 */
#define _POSIX_C_SOURCE 200809L
#include "net_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/lcb_rtt.h"
#include "nr_pkt.h"
#include "nr_rng.h"
#define NET_RNG_P_FAIL (NR_RNG_P_USER + 3) /* --fail-random */

/* The routers' VC count for the FB mode, as net_setup_topo sets it (the
 * tables are rebuilt on a rewrite). */
static void set_nvcs(net_t *n)
{
    for (int i = 0; i < n->nrt; i++) n->t.r[i].tab.fb_nvcs = n->gp[n->t.r[i].level - 1]->num_vcs;
}

/* Router r's port p as the end of a link between routers named by --opt;
 * 2 with a message when it is not one. */
static int link_end(const net_t *n, const char *opt, int r, int p, char *err, int errlen)
{
    if (r < 0 || r >= n->nrt || p < 0 || p >= n->t.r[r].nports) {
        snprintf(err, errlen, "--%s %d.%d: the network has routers 0..%d%s", opt, r, p, n->nrt - 1,
                 r >= 0 && r < n->nrt ? ", and this one ports 0.." : "");
        if (r >= 0 && r < n->nrt)
            snprintf(err + strlen(err), (size_t)errlen - strlen(err), "%d", n->t.r[r].nports - 1);
        return 2;
    }
    const net_end e = net_peer(n, r, p);
    if (e.rtr < 0) {
        snprintf(err, errlen,
                 "--%s %d.%d: the port %s; only links between routers %s (a node has one link)",
                 opt, r, p, e.rtr == NET_PEER_NODE ? "leads to a node" : "is not connected", opt);
        return 2;
    }
    return 0;
}

/* --degrade: the link of router r's port p at half rate from cycle at
 * (absolute), both directions (a loop's one channel), said when say; 2 with
 * a message. */
static int deg_add(net_t *n, int r, int p, uint64_t at, int say, char *err, int errlen)
{
    if (link_end(n, "degrade", r, p, err, errlen)) return 2;
    const net_end e = net_peer(n, r, p);
    const int end[2][2] = {{r, p}, {e.rtr, e.port}};
    if (net_ch(n, r, p)->deg) {
        snprintf(err, errlen, "--degrade %d.%d: that link already degrades", r, p);
        return 2;
    }
    for (int k = 0; k < (e.rtr == r && e.port == p ? 1 : 2); k++) {
        chan_t *c = net_ch(n, end[k][0], end[k][1]);
        /* what the receiver's input queue holds: the sender's credits */
        const rtr_geom *g = n->gp[n->t.r[end[1 - k][0]].level - 1];
        c->deg = calloc(1, sizeof *c->deg);
        if (c->deg) c->deg->q = malloc((size_t)(g->num_vcs * g->in_buf_per_vc) * sizeof(uint32_t));
        if (!c->deg || !c->deg->q) {
            snprintf(err, errlen, "out of memory");
            return 2;
        }
        c->deg->cap = g->num_vcs * g->in_buf_per_vc;
        c->deg->from = at;
    }
    if (say)
        net_say(n,
                "net: link %d.%d-%d.%d (router.port at each end) carries a phit every other cycle "
                "from cycle %" PRIu64 "\n",
                r, p, e.rtr, e.port, at - n->t0);
    return 0;
}

int net_deg_tx(net_t *n, chan_t *c, uint32_t *val, uint32_t *ph, uint64_t t)
{
    chdeg *d = c->deg;
    if (t < d->from) return 0;
    if (*val) {
        if (d->n == d->cap) {
            net_say(n,
                    "FAIL cycle %" PRIu64 ": a degraded link's sender sent more phits than its "
                    "credits allow (%d waiting)\n",
                    t - n->t0, d->n);
            return -1;
        }
        d->q[(d->head + d->n++) % d->cap] = *ph;
        if (d->n > d->most) d->most = d->n;
    }
    *val = 0, *ph = 0;
    if ((t - d->from) % 2 == 0 && d->n) {
        *val = 1, *ph = d->q[d->head];
        d->head = (d->head + 1) % d->cap, d->n--, d->carried++;
    }
    return 0;
}

/* The degraded links: what each carried, and the most that waited (with
 * --half-width, the most of any channel and their count). */
static void deg_report(net_t *n, uint64_t t)
{
    int nch = 0, most = 0;
    for (int r = 0; r < n->nrt; r++)
        for (int p = 0; p < n->t.r[r].nports; p++) {
            const chdeg *d = net_ch(n, r, p)->deg;
            if (!d) continue;
            if (n->o->half_width) {
                nch++, most = d->most > most ? d->most : most;
                continue;
            }
            const uint64_t span = t > d->from ? t - d->from : 0;
            net_say(n,
                    "net: degraded link %d.%d->%d.%d: %" PRIu64 " phits carried in the %" PRIu64
                    " cycles from cycle %" PRIu64 " (%.3f a cycle), at most %d waiting\n",
                    r, p, net_peer(n, r, p).rtr, net_peer(n, r, p).port, d->carried, span,
                    d->from - n->t0, span ? (double)d->carried / (double)span : 0.0, d->most);
        }
    if (n->o->half_width)
        net_say(n,
                "net: --half-width: %d channels between routers at a phit every other cycle, at "
                "most %d phits waiting in one\n",
                nch, most);
}

/* Failure i on router r's port p, at cycle at (absolute): both ends, both
 * directions; 2 with a message when the port is not a link between routers
 * or the link fails twice. */
static int fail_add(net_t *n, int r, int p, uint64_t at, int erase, char *err, int errlen)
{
    const char *opt = erase ? "erase" : "fail";
    if (link_end(n, opt, r, p, err, errlen)) return 2;
    const net_end e = net_peer(n, r, p);
    for (int i = 0; i < n->nfl; i++)
        if ((n->fl[i].r == r && n->fl[i].p == p) || (n->fl[i].r2 == r && n->fl[i].p2 == p)) {
            snprintf(err, errlen, "--%s %d.%d: that link already fails (%d.%d)", opt, r, p,
                     n->fl[i].r, n->fl[i].p);
            return 2;
        }
    struct netfail *f = &n->fl[n->nfl];
    *f = (struct netfail){r, p, e.rtr, e.port, erase ? UINT64_MAX : at, 0, 0, erase ? at : 0, 0};
    chan_t *c[2] = {net_ch(n, r, p), net_ch(n, e.rtr, e.port)};
    if (erase) {
        for (int k = 0; k < 2; k++) {
            const int rr = k ? e.rtr : r, pp = k ? e.port : p;
            c[k]->era = calloc(1, sizeof *c[k]->era);
            if (c[k]->era) c[k]->era->q = malloc(128 * sizeof *c[k]->era->q);
            if (!c[k]->era || !c[k]->era->q) {
                snprintf(err, errlen, "out of memory");
                return 2;
            }
            c[k]->era->cap = 128; /* more than a Window of packets outstanding */
            if (net_lcb_erase(n, rr, pp, at, err, errlen)) return 2;
        }
        n->nfl++;
        return 0;
    }
    for (int k = 0; k < 2; k++) {
        c[k]->flt = calloc(1, sizeof *c[k]->flt);
        if (!c[k]->flt) {
            snprintf(err, errlen, "out of memory");
            return 2;
        }
        c[k]->flt->die_at = at;
        c[k]->flt->fail = n->nfl;
    }
    n->nfl++;
    return 0;
}

/* --fail-random N: N distinct links, each at a cycle of the measurement
 * window, drawn from the run's seed. */
static int fail_random(net_t *n, char *err, int errlen)
{
    const net_opts *o = n->o;
    int nl = 0, *lk = malloc((size_t)n->nrt * (size_t)n->kch * sizeof *lk);
    if (!lk) {
        snprintf(err, errlen, "out of memory");
        return 2;
    }
    for (int r = 0; r < n->nrt; r++)
        for (int p = 0; p < n->t.r[r].nports; p++) {
            const net_end e = net_peer(n, r, p);
            if (e.rtr > r || (e.rtr == r && e.port > p)) lk[nl++] = r * n->kch + p;
        }
    nr_rng_t g;
    nr_rng_stream(&g, o->seed, NR_RNG_STREAM(NET_RNG_P_FAIL, 0));
    int rc = 0, want = nl - n->nfl < o->fail_random ? -1 : o->fail_random;
    if (want < 0) {
        snprintf(err, errlen,
                 "--fail-random %d: the network has %d links, %d of them named by --fail",
                 o->fail_random, nl, n->nfl);
        rc = 2;
    }
    for (int k = 0; k < want && !rc; k++) {
        int j;
        do { /* a link --fail does not name */
            j = k + (int)nr_rng_below(&g, (uint64_t)(nl - k));
        } while (net_ch(n, lk[j] / n->kch, lk[j] % n->kch)->flt);
        int x = lk[k];
        lk[k] = lk[j], lk[j] = x;
        uint64_t at = n->t0 + o->warmup + nr_rng_below(&g, o->measure);
        rc = fail_add(n, lk[k] / n->kch, lk[k] % n->kch, at, 0, err, errlen);
    }
    free(lk);
    return rc;
}

/* The topology's tables of plane pl that avoid its dead links (avoid on a
 * view of the plane). */
static int plane_avoid(net_t *n, int pl, char *err, int errlen)
{
    net_topo v = n->t;
    v.r = n->t.r + (size_t)pl * n->t.nrtr;
    return n->t.kind->avoid(&v, n->dead + (size_t)pl * n->t.nrtr, err, errlen);
}

int net_fail_setup(net_t *n, char *err, int errlen)
{
    const net_opts *o = n->o;
    char e2[512];
    const char *dopt = o->half_width ? "--half-width" : "--degrade";
    if ((o->ndeg || o->half_width) && n->g[0].use_lcb) {
        snprintf(err, errlen, "%s: degraded LCB links are not built; bare links only", dopt);
        return 2;
    }
    if ((o->ndeg || o->half_width) &&
        (o->nfail || o->fail_random || o->nerase || (o->half_width && o->ndeg))) {
        snprintf(err, errlen, "%s with --fail, --fail-random%s: not built", dopt,
                 o->half_width ? ", --erase or --degrade" : " or --erase");
        return 2;
    }
    for (int i = 0; i < o->ndeg; i++) {
        int rc = deg_add(n, o->deg[i].rtr, o->deg[i].port, n->t0 + o->deg[i].cycle, 1, err, errlen);
        if (rc) return rc;
    }
    for (int r = 0; o->half_width && r < n->nrt; r++)
        for (int p = 0; p < n->t.r[r].nports; p++) {
            const net_end e = net_peer(n, r, p);
            if (e.rtr < r || (e.rtr == r && e.port < p)) continue; /* a node, or its other end */
            int rc = deg_add(n, r, p, n->t0, 0, err, errlen);
            if (rc) return rc;
        }
    if (!o->nfail && !o->fail_random && !o->nerase) return 0;
    if (n->g[0].use_lcb && (o->nfail || o->fail_random)) {
        snprintf(err, errlen,
                 "--fail: an LCB link fails when its LCB goes down (--erase); --fail kills bare "
                 "links (a configuration with UseLcb=0)");
        return 2;
    }
    if (o->nerase && !n->g[0].use_lcb) {
        snprintf(err, errlen, "--erase: bare links have no LCB to go down; --fail kills them");
        return 2;
    }
    if (o->nerase && (!n->count_hops || o->impl == NET_IMPL_RTL)) {
        snprintf(err, errlen,
                 "--erase: the lost packets are named by their tags, followed on clean links "
                 "(no --ber or other link errors) and from the C model's core tap (--impl "
                 "model or lockstep)");
        return 2;
    }
    if (!n->t.kind->avoid) {
        snprintf(err, errlen,
                 "--fail: topology %s has no tables that avoid a failed link (fclos, bw, mesh and "
                 "torus do)",
                 n->t.kind->name);
        return 2;
    }
    if (n->route->ordered) {
        snprintf(err, errlen,
                 "--fail with --routing %s: it promises one path per flow, in order, and a "
                 "rewrite moves paths under packets in flight; use an unordered routing",
                 n->route->name);
        return 2;
    }
    /* the builder's refusals before the run: the tables without failures */
    if (plane_avoid(n, 0, e2, sizeof e2)) {
        snprintf(err, errlen, "--fail: %s", e2);
        return 2;
    }
    set_nvcs(n);
    n->fl = calloc((size_t)(o->nfail + o->fail_random + o->nerase), sizeof *n->fl);
    if (!n->fl) {
        snprintf(err, errlen, "out of memory");
        return 2;
    }
    for (int i = 0; i < o->nfail; i++) {
        int rc =
            fail_add(n, o->fail[i].rtr, o->fail[i].port, n->t0 + o->fail[i].cycle, 0, err, errlen);
        if (rc) return rc;
    }
    long long lo, hi;
    lcb_tb_down_window(&n->g[0].lcb, &n->lcfg, o->link_lat, 0, &lo, &hi);
    if (o->nerase && (uint64_t)hi > o->stall_limit) {
        snprintf(err, errlen,
                 "--erase: an erased link's LCBs may take %lld cycles to go down (link-protocol "
                 "7.6, --timeout %u, --retry-limit %u), more than --stall-limit %" PRIu64
                 " allows a stalled network",
                 hi, n->lcfg.timeout, n->lcfg.retry_limit, o->stall_limit);
        return 2;
    }
    for (int i = 0; i < o->nerase; i++) {
        const net_linkat *a = &o->erase[i];
        int rc = fail_add(n, a->rtr, a->port, n->t0 + a->cycle, 1, err, errlen);
        if (rc) return rc;
    }
    if (o->fail_random) {
        int rc = fail_random(n, err, errlen);
        if (rc) return rc;
    }
    for (int i = 0; i < n->nfl; i++)
        net_say(n,
                "net: link %d.%d-%d.%d (router.port at each end) %s cycle %" PRIu64
                "; tables rewritten %" PRIu64 " cycles %s\n",
                n->fl[i].r, n->fl[i].p, n->fl[i].r2, n->fl[i].p2,
                n->fl[i].erased ? "erased from" : "fails at",
                (n->fl[i].erased ? n->fl[i].erased : n->fl[i].at) - n->t0, o->fail_delay,
                n->fl[i].erased ? "after an LCB of it goes down" : "later");
    return 0;
}

/* The link of failure i dies: both directions. */
static void fail_kill(net_t *n, int i)
{
    struct netfail *f = &n->fl[i];
    n->dead[f->r] |= 1ull << f->p;
    n->dead[f->r2] |= 1ull << f->p2;
    chfault *c[2] = {net_ch(n, f->r, f->p)->flt, net_ch(n, f->r2, f->p2)->flt};
    for (int k = 0; k < 2; k++) {
        c[k]->dead = 1;
        for (int v = 0; v < MAXV; v++) c[k]->owed[v] += c[k]->sent[v] - c[k]->arr[v];
        if (c[k]->rx_pos > 0)
            c[k]->fill = (c[k]->rx_rh > c[k]->rx_pos ? c[k]->rx_rh - c[k]->rx_pos : 0) + 1;
    }
}

/* The table writes that take router r from tables a to tables b, after
 * those still queued: the entries that differ (the same writes in the same
 * order when the two encode alike, else all of b's), or those its
 * organization's own encode gives (org.h: SeaStar's changed entries). -1
 * with a message. */
static int queue_writes(net_t *n, int r, const nr_route_vals *a, const nr_route_vals *b, int *nw,
                        char *err, int errlen)
{
    rtr_cfgw *wa = NULL, *wb = NULL;
    const int own = n->org[n->t.r[r].level - 1]->encode != NULL;
    const int na = own ? 0 : net_encode_w(n, r, a, NULL, &wa, err, errlen),
              nb = na < 0 ? -1 : net_encode_w(n, r, b, own ? a : NULL, &wb, err, errlen);
    const int left = n->ncfgw[r] - n->cfgi[r];
    rtr_cfgw *q = nb < 0 ? NULL : malloc((size_t)(left + nb + 1) * sizeof *q);
    if (!q) {
        if (nb >= 0) snprintf(err, errlen, "out of memory");
        free(wa), free(wb);
        return -1;
    }
    memcpy(q, n->cfgw[r] + n->cfgi[r], (size_t)left * sizeof *q);
    int k = left;
    for (int i = 0; i < nb; i++)
        if (own || na != nb || memcmp(&wa[i], &wb[i], sizeof wa[i])) q[k++] = wb[i];
    free(wa), free(wb);
    free(n->cfgw[r]);
    n->cfgw[r] = q;
    n->ncfgw[r] = k;
    n->cfgi[r] = 0;
    *nw = k - left;
    return 0;
}

/* The check of plane pl's new tables: the plane without its dead links. */
static int fail_check(net_t *n, int pl, net_check_res *cr, char *err, int errlen)
{
    const int R = n->t.nrtr;
    const net_rtr *pr = n->t.r + (size_t)pl * R;
    const uint64_t *dead = n->dead + (size_t)pl * R;
    net_topo c = n->t;
    c.r = malloc((size_t)R * sizeof *c.r);
    if (!c.r) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    memcpy(c.r, pr, (size_t)R * sizeof *c.r);
    for (int r = 0; r < R; r++)
        for (int p = 0; p < c.r[r].nports; p++)
            if (dead[r] >> p & 1) c.r[r].peer[p] = (net_end){NET_PEER_NONE, 0};
    int rc = net_topo_check(&c, n->gp, n->nvcs, cr, err, errlen);
    free(c.r);
    return rc;
}

/* The management's answer in cycle t: tables without the dead links,
 * checked, queued for every router's configuration port. Each plane's on
 * its own (a plane without dead links keeps its tables). */
static int fail_rewrite(net_t *n, uint64_t t)
{
    const int R = n->nrt;
    char e2[200];
    int ndead = 0;
    for (int i = 0; i < n->nfl; i++) ndead += n->fl[i].at <= t;
    nr_route_vals *old = malloc((size_t)R * sizeof *old);
    if (!old) {
        snprintf(n->missed, sizeof n->missed, "--fail: out of memory");
        return -1;
    }
    for (int r = 0; r < R; r++) old[r] = n->t.r[r].tab;
    net_check_res cr = {0}, c1;
    int rc = 0;
    for (int pl = 0; pl < n->planes && !rc; pl++) {
        int any = 0;
        for (int r = pl * n->t.nrtr; r < (pl + 1) * n->t.nrtr; r++) any |= n->dead[r] != 0;
        if (!any && n->planes > 1) continue;
        rc = plane_avoid(n, pl, e2, sizeof e2);
        if (!rc) set_nvcs(n), rc = fail_check(n, pl, &c1, e2, sizeof e2);
        if (!rc) cr = c1;
    }
    if (rc) {
        snprintf(n->missed, sizeof n->missed,
                 "--fail: cycle %" PRIu64
                 ": no deadlock-free routing avoids the %d failed links: %s",
                 t - n->t0, ndead, e2);
        net_say(n, "FAIL %s\n", n->missed);
        free(old);
        return -1;
    }
    int total = 0, most = 0, nr = 0;
    for (int r = 0; r < R && !rc; r++) {
        int w = 0;
        rc = queue_writes(n, r, &old[r], &n->t.r[r].tab, &w, e2, sizeof e2);
        total += w, nr += w > 0;
        if (w > most) most = w;
    }
    free(old);
    if (rc) {
        snprintf(n->missed, sizeof n->missed, "--fail: cycle %" PRIu64 ": %s", t - n->t0, e2);
        net_say(n, "FAIL %s\n", n->missed);
        return -1;
    }
    net_say(
        n,
        "net: cycle %" PRIu64 ": tables avoiding %d failed links checked (routes of %d..%d "
        "routers, no dependency cycle) and written: %d writes to %d routers, at most %d to one\n",
        t - n->t0, ndead, cr.min_hops, cr.max_hops, total, nr, most);
    return 0;
}

int net_fail_cycle(net_t *n, uint64_t t)
{
    int rewrite = 0;
    for (int i = 0; i < n->nfl; i++) {
        if (n->fl[i].at == UINT64_MAX) continue; /* an erased link, not failed yet */
        if (n->fl[i].at == t && !n->fl[i].erased) fail_kill(n, i);
        rewrite |= n->fl[i].at + n->o->fail_delay == t;
    }
    return rewrite ? fail_rewrite(n, t) : 0;
}

/* A live link that will fail: what its receiver got. */
static void net_fail_seen(chfault *f, uint32_t ph)
{
    const unsigned k = nr_phit_kind(ph);
    if (k == NR_KIND_HEAD)
        f->rx_pos = 1, f->rx_rh = 1 + (int)nr_head_r(ph) + (int)nr_head_h(ph);
    else if (k == NR_KIND_EOP)
        f->rx_pos = 0;
    else if (f->rx_pos)
        f->rx_pos++;
}

void net_fail_rx(chan_t *c, uint32_t *val, uint32_t *ph)
{
    chfault *f = c->flt;
    if (!f->dead) {
        if (*val) net_fail_seen(f, *ph);
        return;
    }
    *val = f->fill > 0, *ph = 0;
    if (f->fill) *ph = --f->fill ? nr_phit_make(NR_KIND_BODY, 0) : nr_eop_make(NR_OK_TX_ERR, 0);
}

void net_fail_cr(chan_t *c, uint32_t *cr)
{
    chfault *f = c->flt;
    for (int v = 0; v < MAXV; v++) {
        if (f->dead) cr[v] = f->owed[v], f->owed[v] = 0;
        f->arr[v] += cr[v];
    }
}

/* Packet g lost on failure f in cycle t: retired from the scoreboard and
 * counted; -1 when the scoreboard did not await it (printed). */
static int fail_lose(net_t *n, struct netfail *f, const struct eratag *g, uint64_t t)
{
    if (net_retire(n, g->src, g->dest, g->vc, g->seq, t - n->t0)) {
        net_say(n,
                "FAIL cycle %" PRIu64 ": packet %u->%u seq %u, lost on link %d.%d-%d.%d, is "
                "not one the scoreboard awaits\n",
                t - n->t0, g->src, g->dest, g->seq, f->r, f->p, f->r2, f->p2);
        return -1;
    }
    f->lost++, n->lost++, f->last_loss = t;
    struct netbin *b = net_bin(n, t - n->t0);
    if (b) b->lost++;
    return 0;
}

int net_fail_tx(net_t *n, chan_t *c, uint32_t ph, uint64_t t)
{
    chfault *f = c->flt;
    const unsigned k = nr_phit_kind(ph);
    if (k == NR_KIND_HEAD) f->txvc = nr_head_vc(ph) % (unsigned)n->nvcs;
    f->sent[f->txvc]++;
    if (f->dead) f->owed[f->txvc]++;
    if (k != NR_KIND_EOP || t + (uint64_t)c->lat < f->die_at || nr_eop_ok(ph) != NR_OK_HEALTHY)
        return 0; /* across before the failure, or a remnant already counted */
    struct netfail *fl = &n->fl[f->fail];
    if (!c->tagged) {
        net_say(n, "FAIL cycle %" PRIu64 ": a packet lost on link %d.%d-%d.%d has no tag\n",
                t - n->t0, fl->r, fl->p, fl->r2, fl->p2);
        return -1;
    }
    const struct eratag g = {c->src, c->dest, c->vc, c->seq};
    return fail_lose(n, fl, &g, t);
}

/* ---- erased LCB links (--erase) ---- */

/* The failure of erased link direction c (router r's port p sends on it). */
static struct netfail *era_fail(net_t *n, int r, int p)
{
    for (int i = 0; i < n->nfl; i++)
        if ((n->fl[i].r == r && n->fl[i].p == p) || (n->fl[i].r2 == r && n->fl[i].p2 == p))
            return &n->fl[i];
    return NULL;
}

void net_era_sent(net_t *n, chan_t *c)
{
    chera *e = c->era;
    (void)n;
    if (e->n < e->cap) /* more fails net_era_port's count check */
        e->q[(e->head + e->n) % e->cap] = (struct eratag){c->src, c->dest, c->vc, c->seq};
    e->n++;
}

/* Router r's port p went down in cycle t: what its TX took and the far end
 * never accepted is lost, and the link fails (the management hears of it
 * in the next cycle). Its down cycle against link-protocol 7.6's window. */
static int era_down(net_t *n, int r, int p, uint64_t t)
{
    chan_t *c = net_ch(n, r, p);
    chera *e = c->era;
    struct netfail *f = era_fail(n, r, p);
    e->down_at = t;
    if (e->n != (int)(e->taken - e->acc) || e->n > e->cap) {
        net_say(n,
                "FAIL cycle %" PRIu64 " router %d port %d: its LCB went down with %" PRIu64
                " packets taken and not accepted (TX_PKT - far RX_OK), %d followed\n",
                t - n->t0, r, p, e->taken - e->acc, e->n);
        return -1;
    }
    long long lo, hi;
    lcb_tb_down_window(&n->g[0].lcb, &n->lcfg, n->o->link_lat, (long long)f->erased, &lo, &hi);
    if ((long long)t < lo || (long long)t > hi) {
        net_say(n,
                "FAIL cycle %" PRIu64 " router %d port %d: link_down rose %" PRIu64
                " cycles after the erase, outside link-protocol 7.6's window [%lld, %lld]\n",
                t - n->t0, r, p, t - f->erased, lo - (long long)f->erased,
                hi - (long long)f->erased);
        return -1;
    }
    f->rb_lost += (uint64_t)e->n;
    for (; e->n; e->n--, e->head = (e->head + 1) % e->cap)
        if (fail_lose(n, f, &e->q[e->head], t)) return -1;
    if (f->at == UINT64_MAX) {
        f->at = t + 1;
        n->dead[f->r] |= 1ull << f->p;
        n->dead[f->r2] |= 1ull << f->p2;
    }
    net_say(n,
            "net: cycle %" PRIu64 ": the LCB of router %d port %d went down %" PRIu64
            " cycles after its link was erased (link-protocol 7.6: %lld..%lld)\n",
            t - n->t0, r, p, t - f->erased, lo - (long long)f->erased, hi - (long long)f->erased);
    return 0;
}

/* After down: the core phit ph the LCB discarded; a packet's tag retires it. */
static int era_drop(net_t *n, int r, int p, chera *e, uint32_t ph, uint64_t t)
{
    if (nr_phit_kind(ph) == NR_KIND_HEAD) {
        e->pos = 0, e->tp = 1 + (int)nr_head_r(ph) + (int)nr_head_h(ph);
        e->dest = nr_head_dest(ph), e->vc = net_arrive_vc(n, ph);
        return 0;
    }
    if (++e->pos == e->tp) e->src = nr_phit_data(ph) & NR_DEST_MAX;
    if (e->pos != e->tp + 1) return 0;
    const struct eratag g = {e->src, e->dest, e->vc, nr_phit_data(ph)};
    return fail_lose(n, era_fail(n, r, p), &g, t);
}

int net_era_port(net_t *n, int r, int p, uint64_t t, uint32_t ev, uint32_t core)
{
    chan_t *c = net_ch(n, r, p), *in = net_chan_into(n, r, p);
    if (in->era && (ev >> NR_EV_RX_OK & 1)) {
        if (in->era->down_at || !in->era->n) {
            net_say(n,
                    "FAIL cycle %" PRIu64 " router %d port %d: a packet accepted on an erased "
                    "link %s\n",
                    t - n->t0, r, p, in->era->down_at ? "after its sender went down" : "unsent");
            return -1;
        }
        in->era->acc++, in->era->n--, in->era->head = (in->era->head + 1) % in->era->cap;
    }
    if (!c->era) return 0;
    c->era->taken += ev >> NR_EV_TX_PKT & 1;
    if (ev >> NR_EV_LINK_DOWN & 1) return era_down(n, r, p, t);
    if (c->era->down_at && (core >> 31)) {
        if ((nr_phit_kind(core) == NR_KIND_HEAD) != (ev >> NR_EV_TX_DOWN_DROP & 1)) {
            net_say(n,
                    "FAIL cycle %" PRIu64 " router %d port %d: TX_DOWN_DROP %s a head taken "
                    "after link down\n",
                    t - n->t0, r, p, ev >> NR_EV_TX_DOWN_DROP & 1 ? "without" : "missing at");
            return -1;
        }
        return era_drop(n, r, p, c->era, core & 0xFFFFFFu, t);
    }
    return 0;
}

/* An erased link's losses. */
static void era_report(net_t *n, const struct netfail *f)
{
    const chera *a = net_ch(n, f->r, f->p)->era, *b = net_ch(n, f->r2, f->p2)->era;
    net_say(n,
            "net: link %d.%d-%d.%d erased from cycle %" PRIu64 ": LCB %d.%d %s%" PRIu64
            ", LCB %d.%d %s%" PRIu64 "; %" PRIu64 " packets lost on it, %" PRIu64
            " in its replay buffers (TX_PKT - far RX_OK), %" PRIu64 " discarded after down\n",
            f->r, f->p, f->r2, f->p2, f->erased - n->t0, f->r, f->p,
            a->down_at ? "down at cycle " : "up, ", a->down_at ? a->down_at - n->t0 : a->taken,
            f->r2, f->p2, b->down_at ? "down at cycle " : "up, ",
            b->down_at ? b->down_at - n->t0 : b->taken, f->lost, f->rb_lost, f->lost - f->rb_lost);
}

void net_fail_report(net_t *n, net_result *res, uint64_t t, int fail)
{
    if (n->o->ndeg || n->o->half_width) deg_report(n, t);
    for (int i = 0; i < n->nfl; i++) {
        const struct netfail *f = &n->fl[i];
        if (f->erased && f->at == UINT64_MAX && !fail && !n->missed[0])
            snprintf(n->missed, sizeof n->missed,
                     "--erase %d.%d: the run ended at cycle %" PRIu64 " before an LCB of the link "
                     "erased from cycle %" PRIu64 " went down",
                     f->r, f->p, t - n->t0, f->erased - n->t0);
        else if (f->at + n->o->fail_delay > t && !fail &&
                 !n->missed[0]) /* the run proved nothing of it */
            snprintf(n->missed, sizeof n->missed,
                     "--fail %d.%d: the run ended at cycle %" PRIu64 " before the failure of "
                     "cycle %" PRIu64 " and the rewrite %" PRIu64 " cycles later",
                     f->r, f->p, t - n->t0, f->at - n->t0, n->o->fail_delay);
        const uint64_t span = f->lost && f->last_loss > f->at ? f->last_loss - f->at : 0;
        if (f->lost && span > res->loss_span) res->loss_span = span;
        if (f->erased) {
            era_report(n, f);
            continue;
        }
        net_say(n,
                "net: link %d.%d-%d.%d failed at cycle %" PRIu64 ": %" PRIu64
                " packets lost on it, the last %" PRIu64 " cycles after the failure\n",
                f->r, f->p, f->r2, f->p2, f->at - n->t0, f->lost, span);
    }
    res->lost = n->lost;
    if (n->nfl)
        net_say(n,
                "net: failed links %d: %" PRIu64 " packets lost on them (each retired from the "
                "scoreboard where its link took it), %" PRIu64
                " remnants (transmit_error) discarded at the nodes; the most cycles from a "
                "failure to its last loss %" PRIu64 "\n",
                n->nfl, n->lost, n->tx_err, res->loss_span);
}
