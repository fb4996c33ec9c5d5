/* sw_iu.h - nr_iu: the input unit of one port (sw_iu.c).
 * A piece of the switch models; sw_common.h says how the pieces work. */
#ifndef NR_SW_IU_H
#define NR_SW_IU_H
#include <string.h>

#include "sw_common.h"
#include "sw_route.h"

/* ---- nr_iu: the input unit of one port ----
 * (nwn-arch §4; yarc-arch §4.1, §4.2 and the pop side of §4.3.)
 *   reads:  up to nrd (1 or 2) input-queue reads per cycle, on different VCs,
 *           the first nrd candidates in round robin from rd_ptr, which moves
 *           past the last VC read; data returns on the port's read port k in
 *           the next cycle and is appended to staging at the end of it;
 *   RC:     one ready VC per cycle (round robin rc_ptr): the RC function, then
 *           the first hop (a caller function: the output of the first
 *           subswitch, or a SELF/UPUP drop), registered with the route;
 *   fronts: a routed VC with staging presents its front phit (source-route
 *           rotation and CRC repair applied) and its first hop `tgt`; a VC
 *           with a DROP route and staging is dropping;
 *   pops:   the caller decides them (the first subswitch's accept step, or
 *           YARC's row bus) and writes d_pop before the commit. */
#define NR_IU_STG 4 /* staging FIFO per VC */

/* First hop of a routed packet (nwn-arch §4.3): given the input port p, the
 * output port q, the VC, the head phit and the hash phit's data (0 without
 * h), return the output of the first subswitch (bits 7:0; bits 9:8 go into
 * the route's q tag as bits 7:6, the HyperX ext of nwn-arch §1.6), or
 * -reason for a drop. up_ptr is the IU's up pointer; set *up_next if the choice moves it.
 * Called in the RC cycle, from start-of-cycle state. */
typedef int (*nr_iu_hop_fn)(const void *ctx, int p, int q, int vc, uint32_t head, uint32_t hash,
                            int up_ptr, int *up_next);

/* An RC function of an organization's own tables (in place of nr_route_fb;
 * docs/seastar-arch.md §4): the route of the packet with these header phits
 * (route and hash 0 when absent) at input VC vc of port `port`. Pure. */
typedef nr_route_res (*nr_iu_rc_fn)(const void *ctx, int port, int vc, uint32_t head,
                                    uint32_t route, uint32_t hash);

typedef struct {
    int nvc, nrd;
    nr_route_ctx rc;   /* port, sizes for the RC function */
    nr_iu_rc_fn rc_fn; /* NULL: the tables' RC (nr_route_fb); set after nr_iu_reset */
    const void *rc_ctx;
    /* staging (§4.1) */
    uint32_t stg[NR_SW_MAX_VCS][NR_IU_STG];
    uint8_t stg_head[NR_SW_MAX_VCS], stg_cnt[NR_SW_MAX_VCS];
    int8_t rdq_vc[NR_IU_MAX_RD]; /* VC read on port k last cycle, -1 none */
    uint8_t rdq;                 /* bit v: a read for v was issued last cycle */
    uint8_t rd_ptr, rc_ptr, ad_ptr;
    uint16_t up_ptr; /* the first hop's state: the up pointer, or an LFSR (nwn-arch §4.3) */
    uint16_t fbr;    /* the flattened-butterfly draw's LFSR (fbfly-routing §6.2) */
    nr_up_arb ua;    /* the column arbiters of UP_SEL (yarc-arch §5 step 4s) */
    uint8_t live;    /* bit v: staging or a route on VC v (speed only) */
    /* per-VC route registers (§4.2, §4.3) and packet progress */
    uint8_t route_v[NR_SW_MAX_VCS], drop[NR_SW_MAX_VCS], route_q[NR_SW_MAX_VCS];
    uint8_t route_w[NR_SW_MAX_VCS]; /* the route's output VC, put in the head (fbfly §5) */
    uint8_t tgt[NR_SW_MAX_VCS];     /* first hop */
    uint8_t rbit[NR_SW_MAX_VCS];    /* the head's r bit */
    uint8_t pos[NR_SW_MAX_VCS];     /* 0: head next, 1: the phit after the head next, 2: later */
    uint16_t fix[NR_SW_MAX_VCS];    /* CRC repair register */
    /* decision of this cycle (nr_iu_eval) */
    int d_idle;                /* nothing can happen (speed only) */
    int8_t d_rd[NR_IU_MAX_RD]; /* VC read on port k, -1 none */
    unsigned d_rc_ready;       /* VCs ready to route (for tests) */
    int d_rc_vc;               /* VC routed this cycle, -1 none */
    nr_route_res d_rcr;        /* its route (after the first hop) */
    int d_tgt;                 /* its first hop */
    int d_ad_ptr, d_up_ptr;
    nr_up_arb d_ua;
    uint32_t d_tev;                 /* RT_DROP event and reason */
    uint8_t f_valid;                /* bit v: VC v presents a front (routed, not DROP) */
    uint8_t f_drop;                 /* bit v: VC v is dropping */
    uint32_t f_phit[NR_SW_MAX_VCS]; /* front phit as it leaves (dropping: as staged) */
    uint16_t f_fix[NR_SW_MAX_VCS];  /* CRC repair after popping it */
    /* pops of this cycle, written by the caller after nr_iu_eval */
    uint8_t d_pop;
} nr_iu;

/* Reset: empty staging, no routes, pointers 0, the draw LFSR at its value
 * for this port. nrd: read ports (1 or 2); inbuf: InBufPerVc. Call at model
 * creation. */
void nr_iu_reset(nr_iu *u, int port, int nports, int nvc, int nrd, int cols, int inbuf);
/* What the flattened-butterfly RC of every IU of a router reads this cycle
 * (fbfly-routing §6): every port's start-of-cycle view, and with the
 * sequential allocator seq[q][w] = pend(q, w) + n(q, w) (NULL without). */
typedef struct {
    const nr_pview *pv;
    const int (*seq)[NR_SW_MAX_VCS];
    const int *gq; /* UGAL-G's oracle (nr_fb_in.gq), NULL: none */
} nr_fb_env;
/* Decide this cycle's reads, RC and first hop, and the fronts, from
 * start-of-cycle state and the port view pv. tab: this port's tables; cred:
 * adaptive scores for the RC function (NULL: all 0); hop: the first hop; fb:
 * the flattened-butterfly inputs (may be NULL when the mode is off). Call
 * once per cycle, after the port view is known; then set d_pop. */
void nr_iu_eval(nr_iu *u, const nr_pview *pv, const nr_route_tables *tab,
                const int (*cred)[NR_SW_MAX_VCS], nr_iu_hop_fn hop, const void *hop_ctx,
                const nr_fb_env *fb);
/* The route this cycle's RC unit registers (not a DROP): its output port and
 * VC; 0 if there is none. For the sequential allocator's counts. */
static inline int nr_iu_routed(const nr_iu *u, int *q, int *w)
{
    if (u->d_rc_vc < 0 || u->d_rcr.drop) return 0;
    *q = u->d_rcr.q;
    *w = u->d_rcr.w;
    return 1;
}
/* VC v's route takes output VC w, and its front (a HEAD) leaves with it
 * now: the baseline VC router's head sent in the cycle of its VC
 * allocation (nwn-arch §1.7, speculation). Call after nr_iu_eval. */
void nr_iu_set_w(nr_iu *u, int v, int w);
/* Clock edge: pop d_pop (route cleared at an EOP), append the data returned
 * on the read ports this cycle, register the route, move the pointers.
 * Returns the number of inconsistencies found (read data without a read,
 * staging overflow), the first message in err. Call once per cycle. */
int nr_iu_commit(nr_iu *u, const nr_pview *pv, char *err, int errlen);

/* The sequential allocator of a router with FbSeq = 1 (fbfly-routing §6.4):
 * pend(q, w), the packets routed to output (q, w) whose head has not left q
 * (every route that is not a DROP counts, whatever the algorithm); in a
 * cycle the IUs decide in port order from sptr, and seq = pend + n(q, w)
 * grows with each decision. A router calls nr_fb_seq_begin in eval before
 * its IUs, evaluates them in the order of nr_fb_seq_order's two passes, calls
 * nr_fb_seq_note after each, and at the clock edge nr_fb_seq_head for every
 * HEAD an output takes, then nr_fb_seq_end. With on = 0 only sptr moves. */
typedef struct {
    int on, n, sptr;
    int pend[NR_MAX_PORTS][NR_SW_MAX_VCS];
    int seq[NR_MAX_PORTS][NR_SW_MAX_VCS];
} nr_fb_seq;
static inline void nr_fb_seq_init(nr_fb_seq *s, int on, int nports)
{
    memset(s, 0, sizeof *s);
    s->on = on;
    s->n = nports;
}
static inline void nr_fb_seq_begin(nr_fb_seq *s)
{
    if (s->on) memcpy(s->seq, s->pend, sizeof s->seq);
}
/* The IUs of mask ie in the order they decide this cycle: pass[0] holds
 * ports sptr and up, pass[1] the ports below sptr, each taken from its
 * lowest port up. */
static inline void nr_fb_seq_order(const nr_fb_seq *s, uint64_t ie, uint64_t pass[2])
{
    const uint64_t lo = s->sptr ? ie & ((1ull << s->sptr) - 1) : 0;
    pass[0] = ie & ~lo;
    pass[1] = lo;
}
/* The environment every IU's RC reads this cycle. */
static inline nr_fb_env nr_fb_seq_env(const nr_fb_seq *s, const nr_pview *pv, const int *gq)
{
    nr_fb_env e = {pv, s->on ? (const int(*)[NR_SW_MAX_VCS])s->seq : NULL, gq};
    return e;
}
static inline void nr_fb_seq_note(nr_fb_seq *s, const nr_iu *u)
{
    int q, w;
    if (s->on && nr_iu_routed(u, &q, &w)) s->seq[q][w & (NR_SW_MAX_VCS - 1)]++;
}
/* Clock edge: output q took a HEAD (the phit). Call before nr_fb_seq_end. */
static inline void nr_fb_seq_head(nr_fb_seq *s, int q, uint32_t head)
{
    if (s->on && sw_is_head(head)) s->seq[q][(head >> NR_HEAD_VC_LSB) & 3u]--;
}
static inline void nr_fb_seq_end(nr_fb_seq *s)
{
    if (s->on) memcpy(s->pend, s->seq, sizeof s->pend);
    s->sptr = s->sptr + 1 == s->n ? 0 : s->sptr + 1;
}
/* A cycle in which no IU routed and no output took a head: pend stays,
 * only sptr moves (begin, no notes and no heads, end). */
static inline void nr_fb_seq_idle(nr_fb_seq *s) { s->sptr = s->sptr + 1 == s->n ? 0 : s->sptr + 1; }

#endif
