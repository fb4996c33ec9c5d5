/* yarc.c - the YARC C reference model: API of nr_router.h, parameters, the
 * wiring between tiles, the ports and the configuration port.
 * Written from docs/yarc-arch.md; section numbers below refer to it.
 *
 * Wiring (§1). Port p sits at tile (p / Cols, p mod Cols). A packet from
 * input p = (r, c) to output q = (j, c'):
 *   RBD p --row bus, RowBusLat--> tile (r, c').ssw.inb[c][v]      (row buffer)
 *   tile (r, c').ssw output j --column, ColLat--> tile (j, c').op.inb[r][v]
 *   tile (j, c').op --> port q (LCB TX or bare output).
 * Credits go back the same way with the same latencies: a row-buffer pop
 * returns cred[c'][v] to RBD p after RowBusLat, a column-buffer pop returns
 * cc[j][v] to subswitch (r, c') after ColLat (§4.3, §6).
 *
 * A cycle:
 *   nr_yarc_eval:  port views (LCB peek / bare state) -> RBD decisions ->
 *                  subswitch decisions -> output-port decisions (-> tx_*) ->
 *                  port eval with tx_* and rd_* -> outputs; config decode.
 *   nr_yarc_tick:  ports tick; RBD, subswitch and output-port commits (data
 *                  pushed with ready times, credits scheduled); config write;
 *                  now++; credits due now applied.
 * Every decision reads start-of-cycle state only, so the order of the blocks
 * inside eval matters only where a later block needs an earlier one's output
 * in the same cycle (the port needs the router's read and tx phit). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yarc_priv.h"

/* §3 parameter rules. 0, or -1 with a message. */
int nr_yarc_check(const nr_yarc_params *p, char *err, int errlen)
{
    if (!p) NR_BAD("nr_yarc_new: NULL parameters");
    if (!nr_is_pow2(p->rows) || p->rows < 2 || p->rows > YARC_MAX_DIM)
        NR_BAD("Rows = %d: must be a power of two, 2..8", p->rows);
    if (!nr_is_pow2(p->cols) || p->cols < 2 || p->cols > YARC_MAX_DIM)
        NR_BAD("Cols = %d: must be a power of two, 2..8", p->cols);
    if (nr_port_params_check(&p->port, err, errlen)) return -1;
    if (p->row_bus_lat < 1 || p->row_bus_lat > 4)
        NR_BAD("RowBusLat = %d: must be 1..4", p->row_bus_lat);
    if (p->col_lat < 1 || p->col_lat > 4) NR_BAD("ColLat = %d: must be 1..4", p->col_lat);
    if (!nr_is_pow2(p->row_buf_depth) || p->row_buf_depth < 2 * p->row_bus_lat)
        NR_BAD("RowBufDepth = %d: must be a power of two >= 2*RowBusLat (%d)", p->row_buf_depth,
               2 * p->row_bus_lat);
    if (!nr_is_pow2(p->col_buf_depth) || p->col_buf_depth < 2 * p->col_lat)
        NR_BAD("ColBufDepth = %d: must be a power of two >= 2*ColLat (%d)", p->col_buf_depth,
               2 * p->col_lat);
    if (p->sub_speedup < 0 || p->sub_speedup > 4)
        NR_BAD("SubSpeedup = %d: must be 1..4", p->sub_speedup);
    if (p->fb_seq != 0 && p->fb_seq != 1) NR_BAD("FbSeq = %d: must be 0 or 1", p->fb_seq);
    if (p->up_pick != 0 && p->up_pick != 2) NR_BAD("UpPick = %d: must be 0 or 2", p->up_pick);
    if (p->side_tab != 0 && p->side_tab != 1) NR_BAD("SideTab = %d: must be 0 or 1", p->side_tab);
    return 0;
}

/* A port's view (a bare port's after its clock edge, an LCB port's when its
 * state changed), kept between cycles so that a cycle reads only the views
 * that changed. */
static void bare_view(nr_yarc *m, int p)
{
    nr_port_front_view(&m->fr, p, &m->pv[p]);
    m->t[p].op.vc_ok[0] = m->pv[p].vc_ok;
    m->avail = (m->avail & ~(1ull << p)) | (uint64_t)(m->pv[p].rd_avail != 0) << p;
}

nr_yarc *nr_yarc_new(const nr_yarc_params *p, const nr_lcb_cfg *lcfg, char *err, int errlen)
{
    if (nr_yarc_check(p, err, errlen)) return NULL;
    if (p->port.use_lcb && !lcfg) {
        if (err && errlen > 0)
            snprintf(err, (size_t)errlen, "UseLcb = 1 needs the LCB run-time configuration (lcfg)");
        return NULL;
    }
    nr_yarc *m = calloc(1, sizeof *m);
    if (!m) goto nomem;
    m->p = *p;
    m->n = p->rows * p->cols;
    while ((1 << m->nbits) < m->n) m->nbits++;
    while ((1 << m->cshift) < p->cols) m->cshift++;
    m->cmask = p->cols - 1;
    const int n = m->n, V = p->port.num_vcs;
    m->t = calloc((size_t)n, sizeof *m->t);
    m->pv = calloc((size_t)n, sizeof *m->pv);
    m->rp = nr_ringpool_new();
    if (!m->t || !m->pv || !m->rp) goto nomem;
    /* at most one credit per buffer and cycle: row + column buffers */
    if (nr_chpipe_alloc(&m->chp, n * (p->rows + p->cols) * V)) goto nomem;
    for (int i = 0; i < n; i++) {
        yarc_tile *t = &m->t[i];
        yarc_rbd_reset(m, i);
        nr_route_reset(&t->tab, n);
        /* docs/nwn-arch.md §6.5: the subswitch and the output port are the
         * allocator with buffered inputs; the output port has S >= NumVcs,
         * the subswitch S = SubSpeedup (yarc-arch §6, default 4) */
        if (nr_swalloc_init(&t->ssw, p->cols, p->rows, V, p->sub_speedup ? p->sub_speedup : 4, 0, 0,
                            p->row_buf_depth, p->col_buf_depth) ||
            nr_swalloc_init(&t->op, p->rows, 1, V, V, 0, 1, p->col_buf_depth, 1))
            goto nomem;
        nr_swalloc_set_pool(&t->ssw, m->rp);
        nr_swalloc_set_pool(&t->op, m->rp);
        for (int q = 0; q < NR_MAX_PORTS; q++) /* a row-buffer HEAD goes to column q / Cols */
            t->ssw.qmap[q] = (uint8_t)(q >> m->cshift);
    }
    nr_fb_seq_init(&m->fb, p->fb_seq, n);
    nr_lcb_params lp = nr_port_lcb_params(&p->port);
    if (nr_port_front_init(&m->fr, n, p->port.use_lcb ? &lp : NULL, lcfg, V, p->port.in_buf_per_vc,
                           p->port.max_pkt_len, err, errlen)) {
        nr_yarc_free(m);
        return NULL;
    }
    m->all = n >= 64 ? ~0ull : (1ull << n) - 1;
    if (!p->port.use_lcb) /* the reset views; later a port's view changes at its clock edge */
        for (int i = 0; i < n; i++) bare_view(m, i);
    return m;
nomem:
    if (err && errlen > 0) snprintf(err, (size_t)errlen, "nr_yarc_new: out of memory");
    nr_yarc_free(m);
    return NULL;
}

void nr_yarc_free(nr_yarc *m)
{
    if (!m) return;
    if (m->t)
        for (int i = 0; i < m->n; i++) {
            nr_swalloc_release(&m->t[i].ssw);
            nr_swalloc_release(&m->t[i].op);
        }
    nr_ringpool_free(m->rp); /* after the allocators, whose rings it holds */
    nr_port_front_release(&m->fr);
    nr_chpipe_release(&m->chp);
    free(m->t);
    free(m->pv);
    free(m);
}

/* §9: decode this cycle's configuration write; CFG_BAD in this cycle. */
static void cfg_eval(nr_yarc *m, const nr_rtr_in *in, nr_rtr_out *out)
{
    nr_route_cfg_latch(&m->d_cfg, in, m->n, m->p.fb_seq, m->p.side_tab, out->tev);
}

/* The RBDs of mask ie, in the sequential allocator's order from sptr
 * (fbfly-routing §6.4; any order decides the same without it). An RBD left
 * out is idle: its last evaluation presented and decided nothing, and this
 * one would decide the same. */
static void eval_rbds(nr_yarc *m, uint64_t ie, nr_rtr_out *out)
{
    const int sp = m->fb.sptr;
    const uint64_t lo = sp ? ie & ((1ull << sp) - 1) : 0;
    uint64_t hot = 0;
    nr_fb_seq_begin(&m->fb);
    const nr_fb_env fb = nr_fb_seq_env(&m->fb, m->pv);
    for (uint64_t pass = ie & ~lo, n = 0; n < 2; pass = lo, n++)
        for (; pass; pass &= pass - 1) {
            const int p = __builtin_ctzll(pass);
            const nr_iu *u = &m->t[p].iu;
            yarc_rbd_eval(m, p, &fb);
            nr_fb_seq_note(&m->fb, u);
            out->tev[p] = u->d_tev;
            hot |= (uint64_t)!u->d_idle << p;
        }
    m->iu_hot = hot;
}

/* The allocators of act (one of each tile's two: off is the offset of the
 * nr_swalloc in yarc_tile): those that are busy are evaluated and returned;
 * those found idle leave *act (a push brings them back). */
static uint64_t eval_allocs(nr_yarc *m, uint64_t *act, size_t off, const char *what)
{
    char msg[160];
    uint64_t busy = 0;
    for (uint64_t mk = *act; mk; mk &= mk - 1) {
        const int p = __builtin_ctzll(mk);
        nr_swalloc *a = (nr_swalloc *)((char *)&m->t[p] + off);
        if (nr_swalloc_idle(a)) {
            a->d_mask = 0;
            *act &= ~(1ull << p);
            continue;
        }
        busy |= 1ull << p;
        if (nr_swalloc_eval_busy(a, m->now, msg, (int)sizeof msg))
            yarc_error(m, "cycle %u: %s %d: %s", m->now, what, p, msg);
    }
    return busy;
}

/* Bare ports with an input this cycle: a phit in, or credits back. */
static uint64_t bare_inputs(const nr_rtr_in *in, uint64_t cand)
{
    uint64_t b = 0;
    for (; cand; cand &= cand - 1) {
        const int p = __builtin_ctzll(cand);
        const uint32_t *c = in->out_cr[p];
        if (in->in_valid[p] || (c[0] | c[1] | c[2] | c[3])) b |= 1ull << p;
    }
    return b;
}

void nr_yarc_eval(nr_yarc *m, const nr_rtr_in *in, nr_rtr_out *out)
{
    const int n = m->n;
    memset(out, 0, sizeof *out);
    if (m->fr.lcb) /* the views of the LCB ports whose state changed */
        for (int p = 0; p < n; p++)
            if (nr_port_front_moved(&m->fr, p)) {
                bare_view(m, p);
                m->op_act |= 1ull << p; /* vc_ok may have changed */
            }
    /* the RBDs that may do something: something to read, in flight, staged
     * or routed, or not idle last cycle */
    const uint64_t ie = m->iu_hot | m->iu_live | m->avail;
    eval_rbds(m, ie, out);
    m->ssw_e = eval_allocs(m, &m->ssw_act, offsetof(yarc_tile, ssw), "subswitch");
    m->op_e = eval_allocs(m, &m->op_act, offsetof(yarc_tile, op), "output port");
    /* the ports: a bare port with no read, no read data (an RBD that read is
     * in ie), no phit in or out and no credits back does nothing */
    uint64_t tx = 0;
    for (uint64_t mk = m->op_e; mk; mk &= mk - 1) {
        const int p = __builtin_ctzll(mk);
        tx |= (m->t[p].op.d_mask & 1u) << p;
    }
    const uint64_t pe = m->fr.lcb ? m->all : ie | tx | bare_inputs(in, m->all & ~in->idle);
    char msg[160];
    for (uint64_t mk = pe; mk; mk &= mk - 1) {
        const int p = __builtin_ctzll(mk);
        const nr_iu *u = &m->t[p].iu;
        nr_swalloc *op = &m->t[p].op;
        int tx_valid = (int)(op->d_mask & 1u);
        uint32_t tx_phit = tx_valid ? op->d_phit[0] : 0;
        int r = nr_port_front_eval(&m->fr, p, u->d_rd, tx_valid, tx_phit, in, out, msg,
                                   (int)sizeof msg);
        if (r) yarc_error(m, "cycle %u: port %d: %s", m->now, p, msg);
        if (r == 1) nr_swalloc_cancel(op, 0); /* the LCB did not take it */
    }
    m->ie = ie;
    m->pe = pe;
    cfg_eval(m, in, out);
    out->idle = in->cfg_we ? 0 : m->all & ~pe;
}

void nr_yarc_tick(nr_yarc *m)
{
    const int n = m->n, V = m->p.port.num_vcs, cols = m->p.cols;
    const uint32_t now = m->now;
    const int nomem = nr_port_front_tick_mask(&m->fr, m->pe);
    if (nomem >= 0)
        yarc_error(m, "cycle %u: port %d: input queue storage: out of memory", now, nomem);
    for (uint64_t mk = m->ie; mk; mk &= mk - 1) {
        const int p = __builtin_ctzll(mk);
        const nr_iu *u = &m->t[p].iu;
        yarc_rbd_commit(m, p);
        m->iu_live = (m->iu_live & ~(1ull << p)) | (uint64_t)((u->rdq | u->live) != 0) << p;
    }
    for (uint64_t mp = m->ssw_e; mp; mp &= mp - 1) { /* subswitch of tile (r, c) */
        const int p = __builtin_ctzll(mp);
        nr_swalloc *s = &m->t[p].ssw;
        int r = p >> m->cshift, c = p & m->cmask;
        for (uint64_t mk = s->d_mask; mk; mk &= mk - 1) {
            int j = __builtin_ctzll(mk), v = s->d_vc[j];
            /* column channel j -> column buffer [r][v] of tile (j, c) */
            int e = nr_swalloc_push(&m->t[j * cols + c].op, r, v, s->d_phit[j], s->d_q[j],
                                    now + (uint32_t)m->p.col_lat);
            if (e)
                yarc_error(m, "cycle %u: column buffer %s, tile %d row %d vc %d", now,
                           e == -2 ? "out of memory" : "overflow", j * cols + c, r, v);
            m->op_act |= 1ull << (j * cols + c);
            /* the row buffer's credit back to RBD (r, src) */
            int src = s->d_src[j];
            e = nr_chpipe_put(&m->chp, now + (uint32_t)m->p.row_bus_lat,
                              &m->t[r * cols + src].cred[c][v]);
            if (e) yarc_error(m, "cycle %u: credit wheel %s", now, nr_chpipe_err(e));
        }
        nr_swalloc_commit(s);
    }
    for (uint64_t mp = m->op_e; mp; mp &= mp - 1) { /* output port of tile (j, c) */
        const int p = __builtin_ctzll(mp);
        nr_swalloc *op = &m->t[p].op;
        if (op->d_mask & 1u) {
            nr_fb_seq_head(&m->fb, p, op->d_phit[0]);
            int v = op->d_vc[0], r = op->d_src[0], j = p >> m->cshift, c = p & m->cmask;
            int e = nr_chpipe_put(&m->chp, now + (uint32_t)m->p.col_lat,
                                  &m->t[r * cols + c].ssw.cc[j * V + v]);
            if (e) yarc_error(m, "cycle %u: credit wheel %s", now, nr_chpipe_err(e));
        }
        nr_swalloc_commit(op);
    }
    nr_fb_seq_end(&m->fb);
    if (m->d_cfg.we) {
        for (int i = m->d_cfg.lo; i <= m->d_cfg.hi; i++)
            nr_route_cfg_write(&m->t[i].tab, n, m->d_cfg.addr, m->d_cfg.wdata);
        m->d_cfg.we = 0;
    }
    m->now++;
    nr_chpipe_fire(&m->chp, m->now);
    /* the next cycle's views of the bare ports that changed */
    if (!m->fr.lcb)
        for (uint64_t mk = m->pe; mk; mk &= mk - 1) bare_view(m, __builtin_ctzll(mk));
}

int nr_yarc_errors(const nr_yarc *m, char *buf, int buflen)
{
    return nr_router_errors(&m->errs, &m->fr, buf, buflen);
}

/* ---- nr_rtr (nr_router.h) ---- */
/* At rest (nr_rtr_ops.rest): bare ports, no RBD with anything to read,
 * staged, routed or in flight (none evaluated last cycle either), no
 * subswitch or output port that may be busy, no credit on the wheel, no
 * table write pending. An idle cycle's clock edge then moves only the cycle
 * count and the sequential allocator's pointer. */
static int rtr_rest(void *h)
{
    nr_yarc *m = h;
    if (m->fr.lcb || (m->iu_hot | m->iu_live | m->avail | m->ssw_act | m->op_act) ||
        m->chp.pending || m->d_cfg.we)
        return 0;
    nr_fb_seq_idle(&m->fb);
    m->now++;
    m->ie = m->pe = m->ssw_e = m->op_e = 0;
    return 1;
}
static void rtr_eval(void *h, const nr_rtr_in *in, nr_rtr_out *out) { nr_yarc_eval(h, in, out); }
static void rtr_tick(void *h) { nr_yarc_tick(h); }
static int rtr_errors(void *h, char *buf, int buflen) { return nr_yarc_errors(h, buf, buflen); }
static void rtr_free(void *h) { nr_yarc_free(h); }
static const nr_rtr_ops yarc_rtr_ops = {"yarc-model", rtr_eval, rtr_tick, rtr_errors,
                                        rtr_free,     NULL,     NULL,     rtr_rest};

nr_rtr nr_yarc_rtr(nr_yarc *m)
{
    nr_rtr r = {&yarc_rtr_ops, m};
    return r;
}
