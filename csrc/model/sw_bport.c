/* sw_bport.c - nr_port_bare, the bare router port (docs/yarc-arch.md §11), shared
 * by the YARC and network-switch models.
 *
 * Input side: the input queue of docs/link-protocol.md §8.4 with rx_bad
 * always 0, written straight from in_valid/in_phit (it takes the place of the
 * LCB RX output register); each VC is an nr_inq_vc (inq_vc.h, the LCB
 * model's leaf too), and overflow, which only a sender that ignores its
 * credits causes, is an interface error. A HEAD selects the VC (its vc field
 * mod NumVcs, as the LCB RX does, §8.3, also while a VC drops the rest of an
 * overflowed packet, as the RTL); BODY/EOP/RSVD phits go to the VC of the
 * last head. Output side: per-VC credit counters for the sink (§11).
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

int nr_port_bare_init(nr_port_bare *b, int nvc, int buf, int max_pkt)
{
    memset(b, 0, sizeof *b);
    if (nvc < 1 || nvc > NR_SW_MAX_VCS || buf < 2 || max_pkt < 2 || max_pkt > buf) return -1;
    b->nvc = nvc;
    b->buf = buf;
    b->max_pkt = max_pkt;
    b->vmask = (1u << nvc) - 1;
    for (int x = 0; x < 4; x++) b->vmod[x] = (uint8_t)(x % nvc);
    b->rmax = 1;
    while (b->rmax < (uint32_t)buf) b->rmax <<= 1;
    for (int v = 0; v < nvc; v++) {
        b->rcap[v] = b->rmax < 8 ? b->rmax : 8;
        b->ram[v] = calloc(b->rcap[v], sizeof *b->ram[v]);
        if (!b->ram[v]) return -1;
    }
    for (int v = 0; v < nvc; v++) b->cnt[v] = buf;
    b->avail = 0;
    b->vcok = (1u << nvc) - 1; /* buf >= max_pkt */
    return 0;
}

void nr_port_bare_release(nr_port_bare *b)
{
    for (int v = 0; v < NR_SW_MAX_VCS; v++) {
        free(b->ram[v]);
        b->ram[v] = NULL;
    }
}

/* VC v's ring holds distance d (commit-time, after the reads): doubled until
 * it does, the stored phits kept at their distances. 0, or -1 (memory). */
static int ram_fit(nr_port_bare *b, int v, uint32_t d)
{
    uint32_t cap = b->rcap[v];
    if (d < cap) return 0;
    while (cap <= d && cap < b->rmax) cap <<= 1;
    uint32_t *n = malloc((size_t)cap * sizeof *n);
    if (!n) return -1;
    const uint32_t base = b->rbase[v];
    for (uint32_t i = 0; i < d; i++) /* the phits before the one written now */
        n[(base + i) & (cap - 1)] = b->ram[v][(base + i) & (b->rcap[v] - 1)];
    free(b->ram[v]);
    b->ram[v] = n;
    b->rcap[v] = cap;
    return 0;
}

/* The next-state registers of VC v's queue, for a change: a copy of the
 * committed q[v] the first time in the cycle (speed only: a cycle copies
 * only the VCs it reads or writes, and commit only those). */
static nr_inq_vc *bq_d(nr_port_bare *b, int v)
{
    if (!((b->d_qmod >> v) & 1u)) {
        b->d_q[v] = b->q[v];
        b->d_rbase[v] = b->rbase[v];
        b->d_qmod |= 1u << v;
    }
    return &b->d_q[v];
}

int nr_port_bare_eval(nr_port_bare *b, const int8_t *rd_vc, int in_valid, uint32_t in_phit,
                      int tx_valid, uint32_t tx_phit, const uint32_t *out_cr, char *err, int errlen)
{
    int nerr = 0;
    const int buf = b->buf;
    /* the sink's credits of the port's VCs, 0 without (a fixed 4: the rest
     * masked; speed only) */
    uint32_t cr[NR_SW_MAX_VCS] = {0, 0, 0, 0}, cr_any = 0;
    memset(b->d_cr, 0, sizeof b->d_cr);
    if (out_cr && (out_cr[0] | out_cr[1] | out_cr[2] | out_cr[3])) {
        for (int v = 0; v < NR_SW_MAX_VCS; v++) cr[v] = ((b->vmask >> v) & 1u) ? out_cr[v] : 0;
        cr_any = cr[0] | cr[1] | cr[2] | cr[3];
    }
    /* nothing read, written, sent or credited, no read data to retire */
    b->d_active = rd_vc[0] >= 0 || rd_vc[1] >= 0 || in_valid || tx_valid || cr_any ||
                  b->rd_valid[0] || b->rd_valid[1];
    if (!b->d_active) return 0;
    b->d_qmod = 0;
    b->d_wvc = b->wvc;
    /* the output's VC: a HEAD names it, the rest of the packet keeps it */
    b->d_ovc = tx_valid && sw_is_head(tx_phit) ? b->vmod[(tx_phit >> NR_HEAD_VC_LSB) & 3u] : b->ovc;
    const int tx_vc = b->d_ovc;
    b->d_rd_valid[0] = b->d_rd_valid[1] = 0;
    b->d_rd_phit[0] = b->d_rd_phit[1] = 0;
    b->d_we = 0;

    /* ---- reads (port 0, then port 1: different VCs, independent) ---- */
    for (int k = 0; k < 2; k++) {
        int vc = rd_vc[k];
        if (vc < 0) continue;
        if (vc >= b->nvc || !nr_inq_vc_avail(&b->q[vc])) {
            nr_err_first(&nerr, err, errlen, "bare input queue: read of VC %d while rd_avail is 0",
                         vc);
            continue;
        }
        if (k == 1 && vc == rd_vc[0]) {
            nr_err_first(&nerr, err, errlen, "bare input queue: both read ports read VC %d", vc);
            continue;
        }
        unsigned cr;
        int idx = nr_inq_vc_read(bq_d(b, vc), (unsigned)buf, &cr);
        b->d_rd_valid[k] = 1;
        /* the phit at the read pointer: distance 0 */
        b->d_rd_phit[k] = idx < 0 ? NR_INQ_ABORT_EOP : b->ram[vc][b->rbase[vc] & (b->rcap[vc] - 1)];
        b->d_rbase[vc] += idx >= 0;
        b->d_cr[vc] += cr;
    }

    /* ---- write, from the primed values ---- */
    if (in_valid) {
        unsigned k = sw_kind(in_phit);
        if (k == NR_KIND_HEAD) b->d_wvc = b->vmod[(in_phit >> NR_HEAD_VC_LSB) & 3u];
        const int v = b->d_wvc;
        nr_inq_vc *s = bq_d(b, v);
        unsigned widx = 0, cr;
        unsigned r = nr_inq_vc_write(s, (unsigned)buf, k, 0, nr_inq_vc_occ(&b->q[v], (unsigned)buf),
                                     &widx, &cr);
        b->d_cr[v] += cr;
        if (r & NR_INQ_VC_OVF)
            nr_err_first(&nerr, err, errlen,
                         "bare input queue: overflow on VC %d (sender exceeded its %d credits)", v,
                         buf);
        if (r & NR_INQ_VC_STORE) { /* at its distance from the read pointer after the read */
            const unsigned ri = nr_inq_vc_idx((unsigned)buf, s->rd);
            b->d_we = 1;
            b->d_wvc_st = v;
            b->d_wdist = widx >= ri ? widx - ri : widx + (unsigned)buf - ri;
            b->d_wdata = in_phit;
        }
        /* the stored phits are the completed packets' plus the one arriving
         * (the RTL's a_done_le_occ) */
        if (s->done > nr_inq_vc_occ(s, (unsigned)buf))
            nr_err_first(&nerr, err, errlen,
                         "bare input queue: VC %d counts %u completed phits, %u stored", v,
                         (unsigned)s->done, nr_inq_vc_occ(s, (unsigned)buf));
    }

    /* ---- output credits (every VC of the port: a fixed 4, masked) ----
     * Nothing sent, no credit back and no counter above buf: the counters,
     * vc_ok and the checks are what they were (speed only). */
    if (!tx_valid && !cr_any && !b->over) {
        memcpy(b->d_cnt, b->cnt, sizeof b->d_cnt);
        b->d_vcok = b->vcok;
        b->d_over = 0;
        return nerr;
    }
    const int tvc = tx_valid ? tx_vc : -1;
    unsigned d_vcok = 0, over = 0;
    for (int v = 0; v < NR_SW_MAX_VCS; v++) {
        const int n = b->cnt[v] + (int)cr[v] - (v == tvc);
        b->d_cnt[v] = n;
        d_vcok |= (unsigned)(n >= b->max_pkt) << v;
        over |= (unsigned)(n > buf) << v;
    }
    over &= b->vmask;
    b->d_over = over;
    const unsigned under = tvc >= 0 && b->cnt[tvc] <= 0 ? 1u << tvc : 0;
    for (unsigned bad = over | under; bad; bad &= bad - 1) { /* in VC order */
        const int v = __builtin_ctz(bad);
        if ((under >> v) & 1u)
            nr_err_first(&nerr, err, errlen, "bare output: phit sent on VC %d with %d credits", v,
                         b->cnt[v]);
        if ((over >> v) & 1u)
            nr_err_first(&nerr, err, errlen,
                         "bare output: sink returned too many credits on VC %d (%d)", v,
                         b->d_cnt[v]);
    }
    b->d_vcok = d_vcok & b->vmask;
    return nerr;
}

int nr_port_bare_commit(nr_port_bare *b)
{
    if (!b->d_active) return 0;
    for (unsigned m = b->d_qmod; m; m &= m - 1) {
        int v = __builtin_ctz(m);
        b->q[v] = b->d_q[v];
        b->rbase[v] = b->d_rbase[v];
        b->avail = (b->avail & ~(1u << v)) | (unsigned)nr_inq_vc_avail(&b->q[v]) << v;
    }
    int rc = 0;
    if (b->d_we) {
        const int v = b->d_wvc_st;
        rc = ram_fit(b, v, b->d_wdist);
        if (!rc) b->ram[v][(b->rbase[v] + b->d_wdist) & (b->rcap[v] - 1)] = b->d_wdata;
    }
    b->wvc = b->d_wvc;
    b->ovc = b->d_ovc;
    for (int k = 0; k < 2; k++) {
        b->rd_valid[k] = b->d_rd_valid[k];
        b->rd_phit[k] = b->d_rd_phit[k];
    }
    memcpy(b->cnt, b->d_cnt, sizeof b->cnt);
    b->vcok = b->d_vcok;
    b->over = b->d_over;
    return rc;
}
