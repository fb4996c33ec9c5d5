/* nwn.c - the network-within-a-network C reference model: the nr_nwn.h API
 * for the folded-Clos switch (fc), the bilateral butterfly (bb) and the
 * canonical crossbar (cn). Written from docs/nwn-arch.md ("the doc"); section
 * numbers below refer to it.
 *
 * Wiring (§1, §5). Port p has an input unit (nr_iu: §4) feeding input
 * pin[p] of its first subswitch (a bottom, or for a bb up port its top), and
 * a port output pout[p] (§7) on the subswitch that serves it. Subswitches are
 * nr_swalloc (§6): a bottom has the IUs of its n ports and the down-links from
 * the M tops as inputs, its n port outputs and M up-links as outputs, input
 * speedup S = Speedup; a top has the up-links from the bottoms (and, bb, the
 * IUs of its up ports) as inputs, the down-links (and, bb, its up ports'
 * outputs) as outputs, S = 1. An internal channel carries {vc, q, phit} with
 * latency ChanLat into the receiving input's buffer (nr_vcbank, tagged with
 * q; the receiver's qmap gives the target output of a HEAD, §5), and each
 * pop returns its credit to the sending output's cc after ChanLat (nr_chpipe).
 *
 * fb (§1.5) is the same wiring with k rows (an IU, k channel outputs) and k
 * columns (k crosspoint buffers, a port output); its crosspoints' credits
 * wait for their row's credit bus (pend, one credit per row and cycle).
 * vc (§1.7) is cn's wiring; its allocator adds VA and allocates input first,
 * and a VA winner's output VC goes into its IU's route (the head's VC).
 *
 * A cycle:
 *   nr_nwn_eval: port views (LCB peek / bare state) -> every IU decides its
 *                reads, RC and first hop, and presents its fronts -> every
 *                subswitch grants and accepts (port outputs with the port's
 *                vc_ok) -> every port is evaluated with the IU's reads and
 *                its port output's phit -> outputs; configuration decode.
 *   nr_nwn_tick: ports tick; IU commits (their accepted pops); subswitch
 *                commits (channel sends pushed with their ready time, credits
 *                of buffered pops scheduled); configuration write; now++;
 *                credits due now applied.
 * Every decision reads start-of-cycle state only (§6.4: nothing an output
 * presents depends on tx_ready). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nwn_priv.h"

int nr_nwn_check(const nr_nwn_params *p, char *err, int errlen)
{
    return nwn_check(p, err, errlen);
}

/* §1.6: the first hop of a HyperX IU (not a local turn): hxv through its
 * intermediate (the flow's hash for a = 0, the LFSR for a = 1), with ext in
 * bits 8 up; hxm the candidate of the flow's hash (a = 0) or with the most
 * credits on VC vc (a = 1, ties from up_ptr). */
static int hx_fhop(const nr_nwn *m, int p, int q, int vc, uint32_t head, uint32_t hash, int up_ptr,
                   int *up_next)
{
    const nwn_geom *g = &m->g;
    const int s = p / g->n, a = (head >> NR_HEAD_A_BIT) & 1;
    const unsigned dest = (head >> NR_HEAD_DEST_LSB) & ((1u << NR_HEAD_DEST_W) - 1u);
    if (g->hx == 1) {
        if (!a) return nwn_hx_vfirst(g, s, q, nwn_hx_mid_hash(g, p, dest, hash));
        unsigned rnd = (unsigned)up_ptr ^ NWN_RND_RESET;
        *up_next = (int)(nwn_rnd_step(rnd) ^ NWN_RND_RESET);
        return nwn_hx_vfirst(g, s, q, nwn_hx_mid_random(g, p, rnd));
    }
    int c[2];
    nwn_hx_mcand(g, s, q, c);
    if (!a) return c[nwn_hx_mid_hash(g, p, dest, hash) & 1];
    const nr_swalloc *b = &m->sw[s];
    const int cc[2] = {b->cc[c[0] * m->V + vc], b->cc[c[1] * m->V + vc]};
    const int t = nwn_top_pick(cc, 2, up_ptr);
    *up_next = !t;
    return c[t];
}

/* §1.8: the first hop of a folded-torus IU (not its own port) and the
 * channel of each dimension where both may go (ext, bits 8 up): a = 0 the
 * flow's hash (hxv's, mod 64), bit d for dimension d; a = 1 the first dimension's by most
 * credits on VC vc (ties from bit 0 of up_ptr), the second's bit 1 of
 * up_ptr, which counts the a = 1 choices mod 4. */
static int ft_fhop(const nr_nwn *m, int p, int q, int vc, uint32_t head, uint32_t hash, int up_ptr,
                   int *up_next)
{
    const nwn_geom *g = &m->g;
    const int S = g->hs, a = (head >> NR_HEAD_A_BIT) & 1;
    const int ch[2] = {nwn_ft_chans(g, p % S, q % S), nwn_ft_chans(g, p / S, q / S)};
    const unsigned dest = (head >> NR_HEAD_DEST_LSB) & ((1u << NR_HEAD_DEST_W) - 1u);
    unsigned pick = a ? (unsigned)up_ptr >> 1 << 1 : (unsigned)nwn_hx_mid_hash(g, p, dest, hash);
    if (a && (ch[0] ? ch[0] == 3 : ch[1] == 3)) { /* the first dimension, by credits */
        const int d = ch[0] ? 0 : 1, o = nwn_ft_next(g, p, (unsigned)q) - 1;
        const nr_swalloc *b = &m->sw[p];
        const int cc[2] = {b->cc[(1 + o) * m->V + vc], b->cc[(2 + o) * m->V + vc]};
        pick = (pick & ~(1u << d)) | (unsigned)nwn_top_pick(cc, 2, up_ptr & 1) << d;
    }
    if (a) *up_next = (up_ptr + 1) & 3;
    unsigned ext = 0;
    for (int d = 0; d < 2; d++) /* the channel each dimension may take */
        ext |= (unsigned)(ch[d] == 3 ? (pick >> d) & 1u : ch[d] == 2) << d;
    return nwn_ft_next(g, p, (unsigned)q | ext << 6) | (int)ext << 8;
}

/* §4.3: the first hop of the IU of port p for output q on VC vc, from
 * start-of-cycle state (the credits of its bottom's up-links for a = 1). */
static int nwn_fhop(const void *ctx, int p, int q, int vc, uint32_t head, uint32_t hash, int up_ptr,
                    int *up_next)
{
    const nr_nwn *m = ctx;
    const nwn_geom *g = &m->g;
    nwn_hop h = nwn_fhop_shape(g, p, q);
    if (h.kind == NWN_HOP_DROP) return -h.reason;
    if (h.kind == NWN_HOP_FIXED) return h.tgt;
    if (g->org == NWN_HX) return hx_fhop(m, p, q, vc, head, hash, up_ptr, up_next);
    if (g->org == NWN_FT) return ft_fhop(m, p, q, vc, head, hash, up_ptr, up_next);
    if (!((head >> NR_HEAD_A_BIT) & 1)) /* a = 0: the flow's hashed top */
        return g->n +
               nwn_top_hash(g, p, (head >> NR_HEAD_DEST_LSB) & ((1u << NR_HEAD_DEST_W) - 1u), hash);
    if (g->top_choice) { /* a = 1, TopChoice = 1: pseudo-random; the LFSR steps */
        unsigned rnd = (unsigned)up_ptr ^ NWN_RND_RESET;
        *up_next = (int)(nwn_rnd_step(rnd) ^ NWN_RND_RESET);
        return g->n + nwn_top_random(g, p, rnd);
    }
    /* a = 1: the emptiest input buffer on the way up, cc[n + t][vc] of the bottom */
    const nr_swalloc *b = &m->sw[m->pin[p].sw];
    int cc_up[16];
    for (int t = 0; t < g->M; t++) cc_up[t] = b->cc[(g->n + t) * m->V + vc];
    int t = nwn_top_pick(cc_up, g->M, up_ptr);
    *up_next = t + 1 == g->M ? 0 : t + 1;
    return g->n + t;
}

/* Port p's view (nr_sw_core_view), its vc_ok to its port output. */
static void bare_view(void *h, int p)
{
    nr_nwn *m = h;
    m->sw[m->pout[p].sw].vc_ok[m->pout[p].io] = nr_sw_core_view(&m->c, p);
}

nr_nwn *nr_nwn_new(const nr_nwn_params *p, const nr_lcb_cfg *lcfg, char *err, int errlen)
{
    if (nwn_check(p, err, errlen) || nr_sw_core_check(&p->port, lcfg, err, errlen)) return NULL;
    nr_nwn *m = calloc(1, sizeof *m);
    if (!m) goto nomem;
    m->p = *p;
    nwn_geom_of(p, &m->g);
    const nwn_geom *g = &m->g;
    const int k = g->k, V = p->port.num_vcs;
    m->V = V;
    m->iu = calloc((size_t)k, sizeof *m->iu);
    m->pin = calloc((size_t)k, sizeof *m->pin);
    m->pout = calloc((size_t)k, sizeof *m->pout);
    m->sw = calloc((size_t)g->nsw, sizeof *m->sw);
    m->qmap = malloc((size_t)g->nsw * sizeof *m->qmap);
    m->dst = calloc((size_t)g->nsw, sizeof *m->dst);
    m->src = calloc((size_t)g->nsw, sizeof *m->src);
    m->oport = malloc((size_t)g->nsw * sizeof *m->oport);
    if (!m->iu || !m->pin || !m->pout || !m->sw || !m->qmap || !m->dst || !m->src || !m->oport ||
        nr_sw_core_alloc(&m->c, k))
        goto nomem;
    memset(m->oport, -1, (size_t)g->nsw * sizeof *m->oport);
    int nbuf = 0;
    for (int s = 0; s < g->nsw; s++) {
        nr_swalloc *a = &m->sw[s];
        const int r = nwn_radix(g, s), no = nwn_nout(g, s);
        uint64_t iu = nwn_iu_inputs(g, s);
        if (nr_swalloc_init(a, r, no, V, nwn_is_bottom(g, s) ? g->S : g->S_top, iu,
                            nwn_port_outputs(g, s), p->buf_depth, p->buf_depth))
            goto nomem;
        nr_swalloc_set_pool(a, m->c.rp);
        for (int i = 0; i < r; i++) {
            a->xp[i] = nwn_xpoints(g, s, i);
            m->src[s][i] = nwn_chan_src(g, s, i);
            nbuf += !((iu >> i) & 1u);
        }
        for (int j = 0; j < no; j++) m->dst[s][j] = nwn_chan_dst(g, s, j);
        for (int t = 0; t < NR_SW_QMAP; t++) /* the tag: q, and for HyperX ext (§1.6) */
            m->qmap[s][t] =
                (uint8_t)((t & 63) < k && (t >> 6) < (g->hs ? g->hs : 1) ? nwn_chan_target(g, s, t)
                                                                         : 0);
        a->qmap = m->qmap[s];
    }
    if (p->vc &&
        nr_swalloc_set_vc(&m->sw[0], p->vc_cls ? p->vc_cls : 1, p->sa_alloc, /* §1.7 */
                          p->sa_iter ? p->sa_iter : 1, p->sa_group ? p->sa_group : 8, p->spec))
        goto nomem;
    if (p->vc) m->sw[0].va->hop = p->va_hop;
    /* at most one credit per buffered (input, VC) and cycle */
    if (nr_chpipe_alloc(&m->c.chp, nbuf * V > 0 ? nbuf * V : 1)) goto nomem;
    if (g->org == NWN_FB) { /* the rows' credit buses (§1.5) */
        const size_t nm = (size_t)k * V, np = (size_t)k * k * V;
        m->bus = calloc(1, nm * sizeof(uint64_t) + (np + (size_t)k) * sizeof(uint16_t));
        if (!m->bus) goto nomem;
        m->pmask = m->bus;
        m->pend = (uint16_t *)(m->pmask + nm);
        m->bptr = m->pend + np;
    }
    for (int i = 0; i < k; i++) {
        m->pin[i] = nwn_port_in(g, i);
        m->pout[i] = nwn_port_out(g, i);
        m->oport[m->pout[i].sw][m->pout[i].io] = (int8_t)i;
        /* S_iu: Speedup for a bottom, 1 for a bb top (§4.1) */
        nr_iu_reset(&m->iu[i], i, k, V, nwn_is_bottom(g, m->pin[i].sw) ? g->S : 1, 1,
                    p->port.in_buf_per_vc);
        m->iu[i].rc.up_pick = p->up_pick;
    }
    if (nr_sw_core_start(&m->c, k, &p->port, p->fb_seq, lcfg, bare_view, m, err, errlen)) goto fail;
    return m;
nomem:
    nr_sw_core_nomem("nr_nwn_new", err, errlen);
fail:
    nr_nwn_free(m);
    return NULL;
}

void nr_nwn_free(nr_nwn *m)
{
    if (!m) return;
    if (m->sw)
        for (int s = 0; s < m->g.nsw; s++) nr_swalloc_release(&m->sw[s]);
    nr_sw_core_release(&m->c); /* after the allocators */
    free(m->iu);
    free(m->pin);
    free(m->pout);
    free(m->sw);
    free(m->qmap);
    free(m->dst);
    free(m->src);
    free(m->oport);
    free(m->bus);
    free(m);
}

/* §4: the input unit of port p decides, and presents its fronts to its
 * first subswitch (for nr_sw_core_eval_ius). */
static const nr_iu *eval_iu(void *h, int p, const nr_fb_env *fb)
{
    nr_nwn *m = h;
    nr_iu *u = &m->iu[p];
    nr_iu_eval(u, &m->c.pv[p], m->c.rt.tp[p], NULL, nwn_fhop, m, fb);
    nr_swalloc_set_iu(&m->sw[m->pin[p].sw], m->pin[p].io, u);
    return u;
}

/* §1.7 speculation: a head sent in the cycle it won VA leaves on the VC it
 * won (its IU rewrites the head and its CRC repair). */
static void vc_spec_heads(nr_nwn *m)
{
    nr_swalloc *a = &m->sw[0];
    for (int n = 0; n < a->va->d_n; n++) {
        const int k = a->va->d_k[n], i = k / m->V, v = k % m->V, j = a->va->d_j[n];
        if (!((a->d_mask >> j) & 1u) || a->d_src[j] != i || a->d_vc[j] != v) continue;
        nr_iu_set_w(&m->iu[i], v, a->va->d_w[n]);
        a->d_phit[j] = m->iu[i].f_phit[v];
    }
}

/* The ports whose port output sends this cycle. */
static uint64_t tx_ports(const nr_nwn *m)
{
    uint64_t tx = 0;
    for (int s = 0; s < m->g.nsw; s++)
        for (uint64_t j = m->sw[s].d_mask & m->sw[s].port_out; j; j &= j - 1)
            tx |= 1ull << m->oport[s][__builtin_ctzll(j)];
    return tx;
}

void nr_nwn_eval(nr_nwn *m, const nr_rtr_in *in, nr_rtr_out *out)
{
    const int k = m->g.k;
    char msg[160];
    memset(out, 0, sizeof *out);
    if (m->c.fr.lcb) /* the views of the LCB ports whose state changed */
        for (int p = 0; p < k; p++)
            if (nr_port_front_moved(&m->c.fr, p)) bare_view(m, p);
    /* §4: the IUs that may do something: something to read, in flight,
     * staged or routed, or not idle last cycle (its fronts withdrawn now) */
    const uint64_t ie = m->c.iu_hot | m->c.iu_live | m->c.avail;
    nr_sw_core_eval_ius(&m->c, ie, out, eval_iu, m);
    /* §6: every subswitch grants and accepts */
    for (int s = 0; s < m->g.nsw; s++)
        if (nr_swalloc_eval(&m->sw[s], m->c.now, msg, (int)sizeof msg))
            nwn_error(m, "cycle %u: subswitch %d: %s", m->c.now, s, msg);
    if (m->p.spec) vc_spec_heads(m);
    /* §7: the ports, with this cycle's reads and port-output phits; a bare
     * port with no read, no read data (an IU that read is in ie), no phit in
     * or out and no credits back does nothing */
    const uint64_t pe = m->c.fr.lcb
                            ? m->c.all
                            : ie | tx_ports(m) | nr_sw_core_bare_inputs(in, m->c.all & ~in->idle);
    for (uint64_t mk = pe; mk; mk &= mk - 1) {
        const int p = __builtin_ctzll(mk);
        nr_sw_core_port_eval(&m->c, p, &m->iu[p], &m->sw[m->pout[p].sw], m->pout[p].io, in, out);
    }
    nr_sw_core_eval_end(&m->c, ie, pe, k, m->p.fb_seq, m->p.side_tab, in, out);
}

/* §1.5: each row's credit bus returns one pending credit of start-of-cycle
 * state, the first at or after its pointer over r = q * V + v, into the
 * row's cc after ChanLat (due); the pointer moves past it. */
static void fb_credit_bus(nr_nwn *m, uint32_t due)
{
    const int k = m->g.k, V = m->V;
    for (uint64_t rows = m->prow; rows; rows &= rows - 1) {
        const int p = __builtin_ctzll(rows);
        uint64_t *pm = &m->pmask[p * V];
        int v = 0;
        const int q = sw_rr_pick_iv(pm, V, m->bptr[p] / V, m->bptr[p] % V, &v);
        if (--m->pend[(p * k + q) * V + v] == 0) pm[v] &= ~(1ull << q);
        const int r = nr_chpipe_put(&m->c.chp, due, &m->sw[p].cc[q * V + v]);
        if (r) nwn_error(m, "cycle %u: credit wheel %s", m->c.now, nr_chpipe_err(r));
        m->bptr[p] = (uint16_t)((q * V + v + 1) % (k * V)); /* past the winner */
        uint64_t any = 0;
        for (int w = 0; w < V; w++) any |= pm[w];
        if (!any) m->prow &= ~(1ull << p);
    }
}

/* §1.5: a pop from crosspoint (p, q) on VC v waits for row p's bus. */
static void fb_credit_wait(nr_nwn *m, int p, int q, int v)
{
    m->pend[(p * m->g.k + q) * m->V + v]++;
    m->pmask[p * m->V + v] |= 1ull << q;
    m->prow |= 1ull << p;
}

void nr_nwn_tick(nr_nwn *m)
{
    const int k = m->g.k, V = m->V;
    const uint32_t now = m->c.now, due = now + (uint32_t)m->p.chan_lat;
    char msg[160];
    nr_sw_core_tick_ports(&m->c);
    /* input units: the pops their first subswitch accepted */
    for (uint64_t mk = m->c.ie; mk; mk &= mk - 1) {
        const int p = __builtin_ctzll(mk);
        nr_iu *u = &m->iu[p];
        const nr_swalloc *a = &m->sw[m->pin[p].sw];
        const int io = m->pin[p].io;
        /* d_pop[io] is 0 unless d_pop_in has io (speed only: one load fewer) */
        u->d_pop = ((a->d_pop_in >> io) & 1u) ? a->d_pop[io] : 0;
        if (nr_iu_commit(u, &m->c.pv[p], msg, (int)sizeof msg))
            nwn_error(m, "cycle %u: %s", now, msg);
        nr_sw_core_live(&m->c, p, u);
    }
    /* the heads the port outputs take (the sequential allocator's pend) */
    for (int p = 0; p < k && m->c.fb.on; p++) {
        const nr_swalloc *a = &m->sw[m->pout[p].sw];
        const int j = m->pout[p].io;
        if ((a->d_mask >> j) & 1u) nr_fb_seq_head(&m->c.fb, p, a->d_phit[j]);
    }
    nr_fb_seq_end(&m->c.fb);
    if (m->prow) fb_credit_bus(m, due); /* before this cycle's pops wait */
    /* subswitches: channel sends, credits of buffered pops, then the commit */
    for (int s = 0; s < m->g.nsw; s++) {
        nr_swalloc *a = &m->sw[s];
        for (uint64_t mk = a->d_mask; mk; mk &= mk - 1) {
            int j = __builtin_ctzll(mk), v = a->d_vc[j], i = a->d_src[j];
            nwn_end d = m->dst[s][j];
            unsigned tag = a->d_q[j]; /* §1.6: a y hop ends hxv's phase 1 (ext 0) */
            if (m->g.org == NWN_HX && d.sw >= 0 && nwn_hx_class(&m->g, j) % 2) tag &= 63u;
            int r = d.sw >= 0 ? nr_swalloc_push(&m->sw[d.sw], d.io, v, a->d_phit[j], tag, due) : 0;
            if (r)
                nwn_error(m, "cycle %u: buffer %s, subswitch %d input %d vc %d", now,
                          r == -2 ? "out of memory" : "overflow", d.sw, d.io, v);
            nwn_end c = m->src[s][i];
            if (m->pend && c.sw >= 0) {
                fb_credit_wait(m, c.sw, c.io, v);
                c.sw = -1;
            }
            r = c.sw >= 0 ? nr_chpipe_put(&m->c.chp, due, &m->sw[c.sw].cc[c.io * V + v]) : 0;
            if (r) nwn_error(m, "cycle %u: credit wheel %s", now, nr_chpipe_err(r));
        }
        if (a->va) /* §1.7: a VA winner's head leaves on its output VC (input i is port i) */
            for (int n = 0; n < a->va->d_n; n++)
                m->iu[a->va->d_k[n] / V].route_w[a->va->d_k[n] % V] = (uint8_t)a->va->d_w[n];
        nr_swalloc_commit(a);
    }
    nr_sw_core_tick_end(&m->c, bare_view, m);
}

int nr_nwn_errors(const nr_nwn *m, char *buf, int buflen)
{
    return nr_router_errors(&m->c.errs, &m->c.fr, buf, buflen);
}

void nr_nwn_set_gq(nr_nwn *m, const int *gq) { m->c.gq = gq; }
int nr_nwn_out_q(const nr_nwn *m, int p) { return nr_sw_core_out_q(&m->c, &m->p.port, p); }

/* ---- nr_rtr (nr_router.h) ---- */
/* At rest (nr_rtr_ops.rest): bare ports, no input unit with anything to
 * read, staged, routed or in flight (none evaluated last cycle either), every
 * subswitch idle, no credit on the wheel, no table write pending. An idle
 * cycle's clock edge then moves only the cycle count and the sequential
 * allocator's pointer. */
static int rtr_rest(void *h)
{
    nr_nwn *m = h;
    if (!nr_sw_core_quiet(&m->c) || m->prow) return 0;
    for (int s = 0; s < m->g.nsw; s++)
        if (!nr_swalloc_idle(&m->sw[s])) return 0;
    nr_sw_core_rest(&m->c);
    return 1;
}
NR_SW_CORE_RTR(nwn, "nwn-model", rtr_rest)
