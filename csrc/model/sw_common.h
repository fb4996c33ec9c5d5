/* sw_common.h - the shared pieces of the switch models (private to
 * csrc/model): what they have in common, and the policies. Each piece has a
 * header of its own (sw_<piece>.h, with its sw_<piece>.c); swparts.h includes
 * them all for the models that compose them.
 *
 * The YARC model (yarc*.c) and the network-within-a-network model (nwn*.c)
 * are built from these pieces, one implementation of each policy of
 * docs/nwn-arch.md §4 and §6 (which generalize yarc-arch §4-§7):
 *
 *   policies     sw_rr_pick, sw_rr_pick_iv, sw_max_pick, sw_accept,
 *                sw_iptr_next: small pure functions (below)
 *   nr_vcbank    a buffer of the (input, VC) bank, fed by a latency-L
 *                channel (entries stamped with their ready time) (sw_bufs.c)
 *   nr_chpipe    the channels' credit returns with latency   (sw_bufs.c)
 *   nr_route_tables      routing tables, the RC function of yarc-arch §5, the
 *                configuration decode of §9 (nr_route_cfgw: the write of a
 *                cycle), route-phit rotation                   (sw_route.c)
 *   nr_iu        the input unit: input-queue reads with up to 2 read ports,
 *                staging, the one RC unit, the first hop registered with the
 *                route, fronts with source-route rotation and CRC repair,
 *                dropping (nwn-arch §4, yarc-arch §4.1-§4.3)    (sw_iu.c)
 *   nr_swalloc     the subswitch allocator of nwn-arch §6: grant / accept /
 *                commit over buffered and IU inputs, channel and port
 *                outputs, input speedup S                       (sw_alloc.c)
 *   nr_port_bare     the bare port (yarc-arch §11) with an optional second read
 *                port (link-protocol §8.4)                      (sw_bport.c)
 *   nr_port_front     the port front ends of a switch: an LCB port model or a
 *                bare port per port, one view for the switch, and
 *                nr_router_errors, a model's error count with them (sw_port_front.c)
 *   nr_sw_core   what both models hold around these pieces (cycle count,
 *                ring pool, credit pipe, front ends and views, configuration
 *                write, sequential allocator, errors, activity) and the
 *                steps of a cycle they take alike; not in swparts.h, it
 *                includes it                                    (sw_core.c)
 *
 * Each stateful piece keeps its state in one struct and follows the models'
 * two-step cycle:
 *   *_eval()    decide this cycle from start-of-cycle state only; the decision
 *               is stored in the struct's d_* fields. No state changes, so it
 *               may be called again (it recomputes the same decision).
 *   *_commit()  the clock edge: apply the decision (pops, pointers, credits).
 *
 * Time. The models count cycles in a free-running `now` (uint32, wrapping).
 * A latency-L channel inside a router ("something sent by a decision in cycle
 * t can be used by a decision of the receiver in cycle t+L", yarc-arch.md §3)
 * is modelled without pipeline registers:
 *   - data: the sender pushes the phit straight into the receiver's buffer
 *     (nr_vcbank) stamped with ready time t+L; the receiver sees an entry only
 *     from that cycle on. Entries arrive in order, so only the front's stamp
 *     matters. Credits bound (in flight + stored) by the depth, so the ring
 *     needs no more room than the buffer.
 *   - credits: the receiver's pop in cycle t schedules a credit on a timing
 *     wheel (nr_chpipe) due at t+L; the wheel adds it to the sender's counter
 *     at the clock edge into cycle t+L.
 * This is exactly an L-stage pipeline in front of the buffer and an L-stage
 * credit return pipeline, at a cost proportional to traffic, not to size.
 */
#ifndef NR_SW_COMMON_H
#define NR_SW_COMMON_H
#include <stdint.h>

#include "mutil.h"
#include "nr_fmt.h"
#include "nr_lcb.h"
#include "nr_router.h"

#define NR_SW_MAX_IO 64 /* inputs and outputs of one allocator */
#define NR_SW_MAX_VCS 4

/* What a port shows the switch at the start of a cycle (state only): its
 * input queue to the input unit, its output's vc_ok and credits to the port
 * output and to the flattened-butterfly queue estimate (fbfly-routing §6.1). */
#define NR_IU_MAX_RD 2
typedef struct {
    unsigned rd_avail;          /* bit v: VC v may be read */
    unsigned vc_ok;             /* bit v: a HEAD on VC v would be taken (port output) */
    int rd_valid[NR_IU_MAX_RD]; /* read port k returns the phit read last cycle */
    uint32_t rd_phit[NR_IU_MAX_RD];
    int cr[NR_SW_MAX_VCS]; /* the output's credits per VC (LCB TX or bare counter) */
} nr_pview;

/* ---- phit helpers (pure) ---- */
#define SW_DATA_MASK ((1u << NR_DATA_W) - 1u)
static inline unsigned sw_kind(uint32_t ph) { return (ph >> NR_KIND_LSB) & 3u; }
static inline int sw_is_head(uint32_t ph) { return sw_kind(ph) == NR_KIND_HEAD; }
static inline int sw_is_eop(uint32_t ph) { return sw_kind(ph) == NR_KIND_EOP; }
/* 1 if time a is at or after time b (wrap-safe). */
static inline int sw_time_ge(uint32_t a, uint32_t b) { return (int32_t)(a - b) >= 0; }

/* ---- policies (pure) ---- */

/* Round robin: the first set bit of mask (bits 0..n-1) at or after ptr,
 * wrapping; -1 if mask is empty. Every arbiter in the models uses it, and
 * "moves past the winner w" always means ptr = (w + 1) mod n. */
static inline int sw_rr_pick(uint64_t mask, int ptr)
{
    if (!mask) return -1;
    uint64_t hi = ptr >= 64 ? 0 : mask & (~0ull << ptr);
    return __builtin_ctzll(hi ? hi : mask);
}

/* Round robin over the requesters r = i*nvc + v of a port output (input-
 * major, nwn-arch §6.2 and §6.6; yarc-arch §7), requester (i, v) being bit i
 * of m[v], v < nvc: the first at or after the pointer r = pi*nvc + pv,
 * wrapping. Returns i and sets *wv, or -1. */
static inline int sw_rr_pick_iv(const uint64_t *m, int nvc, int pi, int pv, int *wv)
{
    uint64_t any = 0;
    for (int v = 0; v < nvc; v++) any |= m[v];
    if (!any) return -1;
    for (int v = pv; v < nvc; v++) /* input pi, from VC pv */
        if ((m[v] >> pi) & 1u) {
            *wv = v;
            return pi;
        }
    /* then the next input with a request, wrapping (back to pi's own VCs
     * below pv last), its lowest VC */
    uint64_t above = pi + 1 >= 64 ? 0 : any & (~0ull << (pi + 1));
    int i = __builtin_ctzll(above ? above : any);
    for (int v = 0; v < nvc; v++)
        if ((m[v] >> i) & 1u) {
            *wv = v;
            return i;
        }
    return -1;
}

/* Highest score wins; ties go to the first candidate at or after ptr (mod n).
 * cand: bit l = candidate l (l < n <= 64). -1 if cand is empty. The adaptive
 * choices of yarc-arch §5 step 4 and nwn-arch §4.3 (top subswitch). */
int sw_max_pick(uint64_t cand, const int *score, int ptr, int n);

/* Number of set bits of a VC mask (bits 0..3). */
static inline int sw_nbits4(unsigned m)
{
    return (int)((0x4332322132212110ull >> (4 * (m & 15u))) & 15u);
}

/* The accept rule of nwn-arch §6.3 (and the first-S rule of the reads of
 * §4.1): of the candidate VCs cand (bit v), all if S >= nvc, else the first
 * S in round-robin order from ptr. Returns the accepted mask. */
static inline unsigned sw_accept(unsigned cand, int S, int nvc, int ptr)
{
    if (S >= nvc) return cand;
    unsigned acc = 0;
    for (int k = 0; k < S && cand; k++) {
        int w = sw_rr_pick(cand, ptr);
        acc |= 1u << w;
        cand &= ~(1u << w);
        ptr = w + 1;
    }
    return acc;
}

/* The input pointer after a commit (nwn-arch §6.4): if S < nvc and the first
 * accepted VC (in round-robin order from ptr) popped an EOP (bit in eop),
 * the pointer moves past it; otherwise it stays. */
static inline int sw_iptr_next(unsigned acc, unsigned eop, int S, int nvc, int ptr)
{
    if (S >= nvc || !acc) return ptr;
    int w = sw_rr_pick(acc, ptr);
    if (!((eop >> w) & 1u)) return ptr;
    return w + 1 == nvc ? 0 : w + 1;
}

#endif
