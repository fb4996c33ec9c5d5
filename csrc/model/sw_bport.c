/* sw_bport.c - nr_port_bare, the bare router port (docs/yarc-arch.md §11), shared
 * by the YARC and network-switch models.
 *
 * Input side: the input queue of docs/link-protocol.md §8.4 with rx_bad
 * always 0, written straight from in_valid/in_phit (it takes the place of the
 * LCB RX output register). A HEAD selects the VC (its vc field mod NumVcs, as
 * the LCB RX does, §8.3); BODY/EOP/RSVD phits go to the VC of the last head.
 * Output side: per-VC credit counters for the sink (§11).
 *
 * Order within a cycle, as §8.4: the reads first from start-of-cycle values,
 * then the write from the primed values. Credits freed this cycle (in_cr):
 * one per read of a completed packet's phit, plus pend at a packet's EOP.
 * Second read port (§8.4 "Second read port"): a second read in the same
 * cycle names another VC; each VC is read at most once per cycle, so every
 * rule applies per VC unchanged, and each read returns on its own port. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sw_bport.h"

#define BQ_ABORT_EOP (((uint32_t)NR_KIND_EOP << NR_KIND_LSB) | ((uint32_t)NR_OK_TX_ERR << NR_EOP_OK_LSB))

/* Pointers run over 0 .. 2*buf-1 (a wrap bit), so a full region and an
 * empty one differ and buf need not be a power of two. */
static uint32_t bq_inc(const nr_port_bare *b, uint32_t p)
{
    return p + 1 == 2u * (uint32_t)b->buf ? 0 : p + 1;
}
static uint32_t bq_diff(const nr_port_bare *b, uint32_t a, uint32_t c)
{
    return a >= c ? a - c : a + 2u * (uint32_t)b->buf - c;
}
static uint32_t bq_addr(const nr_port_bare *b, int v, uint32_t p)
{
    return (uint32_t)(v * b->buf) + (p >= (uint32_t)b->buf ? p - (uint32_t)b->buf : p);
}

int nr_port_bare_init(nr_port_bare *b, int nvc, int buf, int max_pkt)
{
    memset(b, 0, sizeof *b);
    if (nvc < 1 || nvc > NR_SW_MAX_VCS || buf < 2 || max_pkt < 2 || max_pkt > buf)
        return -1;
    b->nvc = nvc;
    b->buf = buf;
    b->max_pkt = max_pkt;
    b->ram = calloc((size_t)(nvc * buf), sizeof *b->ram);
    if (!b->ram)
        return -1;
    for (int v = 0; v < nvc; v++)
        b->cnt[v] = buf;
    b->avail = 0;
    b->vcok = (1u << nvc) - 1; /* buf >= max_pkt */
    return 0;
}

void nr_port_bare_release(nr_port_bare *b)
{
    free(b->ram);
    b->ram = NULL;
}

/* Cut the packet being written (overflow): rewind if nothing of it was read,
 * else drop the unread rest and hand the reader a TX_ERR EOP (§8.4). */
static void bq_cut(nr_bq_vc *s)
{
    if (!s->dep) {
        s->wr = s->pstart;
    } else {
        s->wr = s->rd;
        s->abort = 1;
    }
    s->pend = 0;
    s->cur = 0;
    s->dep = 0;
}

/* The next-state registers of VC v's queue, for a change: a copy of the
 * committed q[v] the first time in the cycle (speed only: a cycle copies
 * only the VCs it reads or writes, and commit only those). */
static nr_bq_vc *bq_d(nr_port_bare *b, int v)
{
    if (!((b->d_qmod >> v) & 1u)) {
        b->d_q[v] = b->q[v];
        b->d_qmod |= 1u << v;
    }
    return &b->d_q[v];
}

int nr_port_bare_eval(nr_port_bare *b, const int8_t *rd_vc, int in_valid, uint32_t in_phit,
                      int tx_valid, uint32_t tx_phit, const uint32_t *out_cr, char *err,
                      int errlen)
{
    int nerr = 0;
    const int nvc = b->nvc, buf = b->buf;
    uint32_t cr[NR_SW_MAX_VCS] = {0}, cr_any = 0; /* the sink's credits, 0 without */
    memset(b->d_cr, 0, sizeof b->d_cr);
    if (out_cr) {
        memcpy(cr, out_cr, (size_t)nvc * sizeof cr[0]);
        cr_any = cr[0] | cr[1] | cr[2] | cr[3];
    }
    /* nothing read, written, sent or credited, no read data to retire */
    b->d_active = rd_vc[0] >= 0 || rd_vc[1] >= 0 || in_valid || tx_valid || cr_any ||
                  b->rd_valid[0] || b->rd_valid[1];
    if (!b->d_active)
        return 0;
    b->d_qmod = 0;
    b->d_wvc = b->wvc;
    b->d_ovf = b->ovf;
    /* the output's VC: a HEAD names it, the rest of the packet keeps it */
    b->d_ovc = tx_valid && sw_is_head(tx_phit)
                   ? (int)((tx_phit >> NR_HEAD_VC_LSB) & 3u) % b->nvc
                   : b->ovc;
    const int tx_vc = b->d_ovc;
    b->d_rd_valid[0] = b->d_rd_valid[1] = 0;
    b->d_rd_phit[0] = b->d_rd_phit[1] = 0;
    b->d_we = 0;

    /* ---- reads (port 0, then port 1: different VCs, independent) ---- */
    for (int k = 0; k < 2; k++) {
        int vc = rd_vc[k];
        if (vc < 0)
            continue;
        if (vc >= b->nvc || (b->q[vc].wr == b->q[vc].rd && !b->q[vc].abort)) {
            nr_err_first(&nerr, err, errlen, "bare input queue: read of VC %d while rd_avail is 0",
                         vc);
            continue;
        }
        if (k == 1 && vc == rd_vc[0]) {
            nr_err_first(&nerr, err, errlen, "bare input queue: both read ports read VC %d", vc);
            continue;
        }
        nr_bq_vc *s = bq_d(b, vc);
        b->d_rd_valid[k] = 1;
        if (s->abort) {
            s->abort = 0;
            b->d_rd_phit[k] = BQ_ABORT_EOP;
        } else {
            b->d_rd_phit[k] = b->ram[bq_addr(b, vc, s->rd)];
            s->rd = bq_inc(b, s->rd);
            if (s->done > 0) {
                s->done--;
                b->d_cr[vc]++;
            } else {
                s->pend++;
                s->dep = 1;
            }
        }
    }

    /* ---- write, from the primed values ---- */
    if (in_valid) {
        unsigned k = sw_kind(in_phit);
        if (k == NR_KIND_HEAD)
            b->d_wvc = (int)((in_phit >> NR_HEAD_VC_LSB) & 3u) % b->nvc;
        int v = b->d_wvc;
        nr_bq_vc *s = b->ovf ? NULL : bq_d(b, v);
        /* a packet starts with its HEAD, or with any phit written while
         * none is being received: a stray (link-protocol §8.4) */
        const int starts = s && (k == NR_KIND_HEAD || !s->cur);
        if (starts) {
            s->pstart = s->wr;
            s->cur = 1;
            s->dep = 0;
            s->pend = 0;
        }
        if (b->ovf) {
            if (k == NR_KIND_EOP)
                b->d_ovf = 0;
        } else if (k == NR_KIND_EOP && starts && bq_diff(b, b->q[v].wr, b->q[v].rd) >= (uint32_t)b->buf) {
            /* a stray EOP with no free entry before the read: cut (nothing
             * stored), and nothing of its packet left to drop */
            bq_cut(s);
            nr_err_first(&nerr, err, errlen,
                         "bare input queue: overflow on VC %d (sender exceeded its %d credits)", v,
                         b->buf);
        } else if (k == NR_KIND_EOP) {
            s->done += bq_diff(b, s->wr, s->pstart) + 1 - s->pend;
            b->d_cr[v] += s->pend;
            s->pend = 0;
            s->cur = 0;
            b->d_we = 1;
            b->d_waddr = bq_addr(b, v, s->wr);
            b->d_wdata = in_phit;
            s->wr = bq_inc(b, s->wr);
        } else {
            if (bq_diff(b, s->wr, s->rd) >= (uint32_t)b->buf - 1) { /* one entry kept for the EOP */
                bq_cut(s);
                b->d_ovf = 1;
                nr_err_first(&nerr, err, errlen,
                             "bare input queue: overflow on VC %d (sender exceeded its %d credits)",
                             v, b->buf);
            } else {
                b->d_we = 1;
                b->d_waddr = bq_addr(b, v, s->wr);
                b->d_wdata = in_phit;
                s->wr = bq_inc(b, s->wr);
            }
        }
    }

    /* the stored phits are the completed packets' plus the one arriving
     * (the RTL's a_done_le_occ) */
    if (in_valid && !b->ovf) {
        const nr_bq_vc *w = &b->d_q[b->d_wvc];
        if (w->done > bq_diff(b, w->wr, w->rd))
            nr_err_first(&nerr, err, errlen,
                         "bare input queue: VC %d counts %u completed phits, %u stored", b->d_wvc,
                         (unsigned)w->done, (unsigned)bq_diff(b, w->wr, w->rd));
    }

    /* ---- output credits ---- */
    const int tvc = tx_valid ? tx_vc : -1;
    unsigned d_vcok = 0;
    for (int v = 0; v < nvc; v++) {
        int n = b->cnt[v] + (int)cr[v];
        if (v == tvc) {
            if (b->cnt[v] <= 0)
                nr_err_first(&nerr, err, errlen, "bare output: phit sent on VC %d with %d credits",
                             v, b->cnt[v]);
            n--;
        }
        b->d_cnt[v] = n;
        d_vcok |= (unsigned)(n >= b->max_pkt) << v;
        if (n > buf)
            nr_err_first(&nerr, err, errlen,
                         "bare output: sink returned too many credits on VC %d (%d)", v, n);
    }
    b->d_vcok = d_vcok;
    return nerr;
}

void nr_port_bare_commit(nr_port_bare *b)
{
    if (!b->d_active)
        return;
    for (unsigned m = b->d_qmod; m; m &= m - 1) {
        int v = __builtin_ctz(m);
        b->q[v] = b->d_q[v];
        b->avail = (b->avail & ~(1u << v)) |
                   (unsigned)(b->q[v].wr != b->q[v].rd || b->q[v].abort) << v;
    }
    b->wvc = b->d_wvc;
    b->ovf = b->d_ovf;
    b->ovc = b->d_ovc;
    for (int k = 0; k < 2; k++) {
        b->rd_valid[k] = b->d_rd_valid[k];
        b->rd_phit[k] = b->d_rd_phit[k];
    }
    if (b->d_we)
        b->ram[b->d_waddr] = b->d_wdata;
    memcpy(b->cnt, b->d_cnt, sizeof b->cnt);
    b->vcok = b->d_vcok;
}
