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

/* Port p's view (nr_sw_core_view), its vc_ok to its tile's output port. */
static void bare_view(void *h, int p)
{
    nr_yarc *m = h;
    m->t[p].op.vc_ok[0] = nr_sw_core_view(&m->c, p);
}

nr_yarc *nr_yarc_new(const nr_yarc_params *p, const nr_lcb_cfg *lcfg, char *err, int errlen)
{
    if (nr_yarc_check(p, err, errlen) || nr_sw_core_check(&p->port, lcfg, err, errlen)) return NULL;
    nr_yarc *m = calloc(1, sizeof *m);
    if (!m) goto nomem;
    m->p = *p;
    m->n = p->rows * p->cols;
    while ((1 << m->nbits) < m->n) m->nbits++;
    while ((1 << m->cshift) < p->cols) m->cshift++;
    m->cmask = p->cols - 1;
    const int n = m->n, V = p->port.num_vcs;
    m->t = calloc((size_t)n, sizeof *m->t);
    if (!m->t || nr_sw_core_alloc(&m->c, n)) goto nomem;
    /* at most one credit per buffer and cycle: row + column buffers */
    if (nr_chpipe_alloc(&m->c.chp, n * (p->rows + p->cols) * V)) goto nomem;
    for (int q = 0; q < NR_MAX_PORTS; q++) m->qmap[q] = (uint8_t)(q >> m->cshift);
    for (int i = 0; i < n; i++) {
        yarc_tile *t = &m->t[i];
        yarc_rbd_reset(m, i);
        /* docs/nwn-arch.md §6.5: the subswitch and the output port are the
         * allocator with buffered inputs; the output port has S >= NumVcs,
         * the subswitch S = SubSpeedup (yarc-arch §6, default 4) */
        if (nr_swalloc_init(&t->ssw, p->cols, p->rows, V, p->sub_speedup ? p->sub_speedup : 4, 0, 0,
                            p->row_buf_depth, p->col_buf_depth) ||
            nr_swalloc_init(&t->op, p->rows, 1, V, V, 0, 1, p->col_buf_depth, 1))
            goto nomem;
        nr_swalloc_set_pool(&t->ssw, m->c.rp);
        nr_swalloc_set_pool(&t->op, m->c.rp);
        t->ssw.qmap = m->qmap;
    }
    if (nr_sw_core_start(&m->c, n, &p->port, p->fb_seq, lcfg, bare_view, m, err, errlen)) goto fail;
    return m;
nomem:
    nr_sw_core_nomem("nr_yarc_new", err, errlen);
fail:
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
    nr_sw_core_release(&m->c); /* after the allocators */
    free(m->t);
    free(m);
}

/* The RBD of port p decides (for nr_sw_core_eval_ius); its input unit. */
static const nr_iu *eval_rbd(void *h, int p, const nr_fb_env *fb)
{
    nr_yarc *m = h;
    yarc_rbd_eval(m, p, fb);
    return &m->t[p].iu;
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
        if (nr_swalloc_eval_busy(a, m->c.now, msg, (int)sizeof msg))
            yarc_error(m, "cycle %u: %s %d: %s", m->c.now, what, p, msg);
    }
    return busy;
}

void nr_yarc_eval(nr_yarc *m, const nr_rtr_in *in, nr_rtr_out *out)
{
    const int n = m->n;
    memset(out, 0, sizeof *out);
    if (m->c.fr.lcb) /* the views of the LCB ports whose state changed */
        for (int p = 0; p < n; p++)
            if (nr_port_front_moved(&m->c.fr, p)) {
                bare_view(m, p);
                m->op_act |= 1ull << p; /* vc_ok may have changed */
            }
    /* the RBDs that may do something: something to read, in flight, staged
     * or routed, or not idle last cycle */
    const uint64_t ie = m->c.iu_hot | m->c.iu_live | m->c.avail;
    nr_sw_core_eval_ius(&m->c, ie, out, eval_rbd, m);
    m->ssw_e = eval_allocs(m, &m->ssw_act, offsetof(yarc_tile, ssw), "subswitch");
    m->op_e = eval_allocs(m, &m->op_act, offsetof(yarc_tile, op), "output port");
    /* the ports: a bare port with no read, no read data (an RBD that read is
     * in ie), no phit in or out and no credits back does nothing */
    uint64_t tx = 0;
    for (uint64_t mk = m->op_e; mk; mk &= mk - 1) {
        const int p = __builtin_ctzll(mk);
        tx |= (m->t[p].op.d_mask & 1u) << p;
    }
    const uint64_t pe =
        m->c.fr.lcb ? m->c.all : ie | tx | nr_sw_core_bare_inputs(in, m->c.all & ~in->idle);
    for (uint64_t mk = pe; mk; mk &= mk - 1) {
        const int p = __builtin_ctzll(mk);
        nr_sw_core_port_eval(&m->c, p, &m->t[p].iu, &m->t[p].op, 0, in, out);
    }
    nr_sw_core_eval_end(&m->c, ie, pe, n, m->p.fb_seq, m->p.side_tab, in, out);
}

void nr_yarc_tick(nr_yarc *m)
{
    const int V = m->p.port.num_vcs, cols = m->p.cols;
    const uint32_t now = m->c.now;
    nr_sw_core_tick_ports(&m->c);
    for (uint64_t mk = m->c.ie; mk; mk &= mk - 1) {
        const int p = __builtin_ctzll(mk);
        yarc_rbd_commit(m, p);
        nr_sw_core_live(&m->c, p, &m->t[p].iu);
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
            e = nr_chpipe_put(&m->c.chp, now + (uint32_t)m->p.row_bus_lat,
                              &m->t[r * cols + src].cred[c][v]);
            if (e) yarc_error(m, "cycle %u: credit wheel %s", now, nr_chpipe_err(e));
        }
        nr_swalloc_commit(s);
    }
    for (uint64_t mp = m->op_e; mp; mp &= mp - 1) { /* output port of tile (j, c) */
        const int p = __builtin_ctzll(mp);
        nr_swalloc *op = &m->t[p].op;
        if (op->d_mask & 1u) {
            nr_fb_seq_head(&m->c.fb, p, op->d_phit[0]);
            int v = op->d_vc[0], r = op->d_src[0], j = p >> m->cshift, c = p & m->cmask;
            int e = nr_chpipe_put(&m->c.chp, now + (uint32_t)m->p.col_lat,
                                  &m->t[r * cols + c].ssw.cc[j * V + v]);
            if (e) yarc_error(m, "cycle %u: credit wheel %s", now, nr_chpipe_err(e));
        }
        nr_swalloc_commit(op);
    }
    nr_fb_seq_end(&m->c.fb);
    nr_sw_core_tick_end(&m->c, bare_view, m);
}

int nr_yarc_errors(const nr_yarc *m, char *buf, int buflen)
{
    return nr_router_errors(&m->c.errs, &m->c.fr, buf, buflen);
}

void nr_yarc_set_gq(nr_yarc *m, const int *gq) { m->c.gq = gq; }
int nr_yarc_out_q(const nr_yarc *m, int p) { return nr_sw_core_out_q(&m->c, &m->p.port, p); }

/* ---- nr_rtr (nr_router.h) ---- */
/* At rest (nr_rtr_ops.rest): bare ports, no RBD with anything to read,
 * staged, routed or in flight (none evaluated last cycle either), no
 * subswitch or output port that may be busy, no credit on the wheel, no
 * table write pending. An idle cycle's clock edge then moves only the cycle
 * count and the sequential allocator's pointer. */
static int rtr_rest(void *h)
{
    nr_yarc *m = h;
    if (!nr_sw_core_quiet(&m->c) || (m->ssw_act | m->op_act)) return 0;
    nr_sw_core_rest(&m->c);
    m->ssw_e = m->op_e = 0;
    return 1;
}
NR_SW_CORE_RTR(yarc, "yarc-model", rtr_rest)
