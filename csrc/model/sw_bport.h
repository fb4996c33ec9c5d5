/* sw_bport.h - nr_port_bare: the bare router port (sw_bport.c).
 * A piece of the switch models; sw_common.h says how the pieces work. */
#ifndef NR_SW_BPORT_H
#define NR_SW_BPORT_H
#include "sw_common.h"
#include "inq_vc.h"

/* ---- nr_port_bare: the bare router port (yarc-arch.md §11) ----
 * Input queue per docs/link-protocol.md §8.4 with rx_bad always 0, written
 * directly from in_valid/in_phit (no register in front), read by the router
 * on up to two read ports (rd_en/rd_vc, rd1_en/rd1_vc on different VCs; data
 * on rd_valid/rd_phit and rd1_valid/rd1_phit in the next cycle), freeing
 * credits in_cr[v]; plus the output's per-VC credit counters, which start at
 * BufPerVc, give vc_ok[v] = count >= MaxPktLen, are debited per phit sent and
 * credited by out_cr[v]. The output's VC is the head's (vc field mod
 * NumVcs), held for the rest of the packet, as the input side does (and the
 * LCB TX, link-protocol §7.3): a packet whose route changed its VC spends
 * that VC's credits (docs/fbfly-routing.md §5.3). */
typedef struct {
    int nvc, buf, max_pkt;
    unsigned vmask;  /* the port's VCs (bits 0..nvc-1) */
    uint8_t vmod[4]; /* x mod nvc, for a head's vc field x (speed only) */
    /* The queue's storage, per VC a ring that holds the phits from the read
     * pointer on: the phit at distance d from q[v].rd is in slot (rbase[v] +
     * d) mod rcap[v], rbase[v] counting the VC's reads. It starts small and
     * doubles when a write needs it, up to the power of two >= buf (speed
     * and memory only: the storage follows the phits a VC has held, not
     * BufPerVc; the queue's registers are link-protocol §8.4's). */
    uint32_t *ram[NR_SW_MAX_VCS];
    uint32_t rcap[NR_SW_MAX_VCS], rbase[NR_SW_MAX_VCS];
    uint32_t rmax;              /* the rings' largest size */
    nr_inq_vc q[NR_SW_MAX_VCS]; /* the input queue's VCs (link-protocol §8.4, inq_vc.h) */
    int wvc;                    /* VC of the packet being written (from its head) */
    int ovc;                    /* VC of the packet leaving the output (from its head) */
    int rd_valid[2];            /* read data registers, per read port */
    uint32_t rd_phit[2];
    int cnt[NR_SW_MAX_VCS]; /* output credit counters */
    unsigned avail, vcok;   /* rd_avail and vc_ok of the committed state, kept up to
                           * date by init and commit (speed only: read every cycle) */
    unsigned over;          /* VCs whose counter is above buf (an error was reported) */
    /* decision of this cycle (nr_port_bare_eval) */
    int d_active;    /* something changes (else commit has nothing to do) */
    unsigned d_qmod; /* VCs whose queue registers d_q[v] this cycle has (a copy of
                           * q[v] made at their first change); the others stay q[v] */
    nr_inq_vc d_q[NR_SW_MAX_VCS];
    int d_wvc, d_ovc, d_rd_valid[2];
    uint32_t d_rd_phit[2];
    uint32_t d_rbase[NR_SW_MAX_VCS]; /* rbase of the VCs of d_qmod after this cycle's reads */
    int d_we, d_wvc_st;              /* a phit stored, on this VC ... */
    uint32_t d_wdist, d_wdata;       /* ... at this distance from the read pointer */
    int d_cnt[NR_SW_MAX_VCS];
    unsigned d_vcok, d_over;      /* vc_ok of d_cnt, its VCs above buf */
    uint32_t d_cr[NR_SW_MAX_VCS]; /* in_cr of this cycle */
} nr_port_bare;

/* Build in reset state: queues empty, output credits = buf. 0 or -1. Call
 * once at model creation; nr_port_bare_release() frees. nr_port_bare_commit
 * reports a ring that cannot grow (out of memory) as -1. */
int nr_port_bare_init(nr_port_bare *b, int nvc, int buf, int max_pkt);
void nr_port_bare_release(nr_port_bare *b);
/* State-only outputs: rd_avail mask, vc_ok mask. Call before the router
 * decides its reads and its output phit (they need no inputs). */
static inline unsigned nr_port_bare_rd_avail(const nr_port_bare *b)
{
    return b->avail; /* bit v: q[v].wr != q[v].rd || q[v].abort */
}
static inline unsigned nr_port_bare_vc_ok(const nr_port_bare *b)
{
    return b->vcok; /* bit v: cnt[v] >= max_pkt */
}
/* One cycle: the router's reads (rd_vc[k] >= 0: read port k reads that VC;
 * at most two, on different VCs), the input phit, the phit the router sends
 * on the output (tx_valid, tx_phit: its VC is the head's), and the sink's
 * credits out_cr[v]. Fills d_* (d_cr = in_cr). Call after the router has
 * decided its reads and its output phit. Returns the number of protocol
 * violations found (first message in err): reading an unavailable VC or one
 * VC twice, an input overflow, an output credit underflow or overflow. */
int nr_port_bare_eval(nr_port_bare *b, const int8_t *rd_vc, int in_valid, uint32_t in_phit,
                      int tx_valid, uint32_t tx_phit, const uint32_t *out_cr, char *err,
                      int errlen);
/* Clock edge: commit what nr_port_bare_eval decided (queue state, RAM write, read
 * data registers, output credits). */
int nr_port_bare_commit(nr_port_bare *b);

#endif
