/* harness_int.h - the router harness's insides (harness.c), shared with its
 * two endpoint kinds (ep_lcb.c: a NIC with an LCB over two channels; ep_bare.c:
 * the router's bare port driven directly). Not an interface: harness.h is.
 */
#ifndef RTR_HARNESS_INT_H
#define RTR_HARNESS_INT_H
#include "harness.h"
#include "nr_out.h"

#include <inttypes.h>
#include <stdlib.h>

#include "common/linkmon.h"
#include "common/lcb_rtt.h"
#include "common/nic.h"
#include "common/rtrcmp.h"
#include "common/vctsend.h"
#include "nr_pkt.h"
#include "nr_ring.h"
#include "nr_rng.h"
#include "nr_sb.h"
#include "nr_stats.h"

#define MAXP NR_MAX_PORTS
#define MAXV NR_LCB_MAX_VCS
#define PKT_CAP 1024

/* ---- packet records ---- */
typedef struct {
    uint64_t gen;     /* generation cycle */
    uint64_t head_in; /* head entered the router (UINT64_MAX unknown) */
    int src, len;
} prec_t;

/* ---- history of one port for divergence reports ---- */
#define HIST_MAX 64
typedef struct {
    int64_t cycle;
    int dir; /* 0 in, 1 out */
    uint32_t ph;
    int kind; /* decoded kind (core), -1 idle-class link phit, -2 PAD */
} hent_t;

/* A FIFO of uint64 values (head-out cycles, record indices). */
typedef struct {
    uint64_t *v;
    size_t cap, head, n;
} fifo_t;
static inline int fifo_push(fifo_t *f, uint64_t x)
{
    if (f->n == f->cap) {
        uint64_t *nv = nr_ring_grow(f->v, &f->cap, &f->head, f->n, sizeof *nv, 16);
        if (!nv) return -1;
        f->v = nv;
    }
    f->v[(f->head + f->n++) % f->cap] = x;
    return 0;
}
static inline int fifo_pop(fifo_t *f, uint64_t *x)
{
    if (!f->n) return -1;
    *x = f->v[f->head];
    f->head = (f->head + 1) % f->cap;
    f->n--;
    return 0;
}

typedef struct port port_t;

/* ---- one port's endpoint ---- */
struct port {
    /* source */
    nr_inj_t inj;
    nr_rng_t rng_idle, rng_misc, rng_bad;
    int len, pos, vc; /* packet being sent (ph[], below); len 0 = none */
    int unroutable;   /* the packet in flight is meant to be dropped */
    int drop_rs;      /* ... with this RT_DROP reason */
    uint64_t rec;     /* record index of the packet in flight */
    tb_vctsend vct;   /* bare: credits for the router's input queue */
    uint32_t useq;    /* sequence numbers of unroutable packets */
    uint64_t sent_unroutable;
    uint64_t sent_drop[8]; /* packets sent that must be dropped, by RT_DROP reason */
    fifo_t head_wait;      /* LCB: records whose head the NIC took, not yet seen at link_rx */
    /* NIC (use_lcb) */
    tb_nic nic;      /* its inputs and outputs of this cycle, the sink's last read */
    lcb_ch *up, *dn; /* NIC->router, router->NIC */
    uint32_t up_rx;  /* phit arriving at the router this cycle */
    /* sink */
    nr_rng_t rng_bp;
    int alen[MAXV];           /* phits of the packet being assembled (as[], below) */
    uint64_t gap_last;        /* the cycle of the sink's last phit */
    int gap_open;             /* ... and it was not an EOP: a packet is arriving */
    uint64_t ahead_out[MAXV]; /* bare: head-out cycle of the packet being assembled */
    int cur_vc;               /* bare: VC of the packet leaving the output */
    fifo_t hold;              /* bare: VCs of phits held by the sink (credits not returned) */
    uint32_t out_cr[MAXV];    /* bare: credits to return this cycle */
    fifo_t heads_out[MAXV];   /* LCB: head-out cycles at router link_tx per VC */
    /* LCB: monitors of the router's receiver (link_rx, from `up`) and the
     * NIC's (from `dn`): framing, damaged packets and words, escapes */
    nr_linkmon mon_in, mon_nic;
    nr_tx_follow txf; /* LCB: the router's link_tx stream, new packets told from replays */
    int down_seen;    /* a link-down was reported */
    int hn;           /* history entries written (hist[], below) */
    /* counters */
    uint64_t drops[8]; /* RT_DROP by reason */
    uint64_t ev_rtr[NR_EV_COUNT], ev_nic[NR_EV_COUNT];
    /* The large arrays last, so that the fields every cycle reads lie
     * together (speed only). */
    uint32_t ph[PKT_CAP];       /* source: the packet being sent */
    uint32_t as[MAXV][PKT_CAP]; /* sink: the packet being assembled per VC */
    hent_t hist[HIST_MAX];      /* history */
    uint64_t share_from[MAXP];  /* phits delivered here (window) by source */
};

typedef struct sim sim_t;

/* The endpoint of a port, one of two kinds (ep_lcb.c, ep_bare.c): what the
 * harness does at a port that depends on the router's ports having LCBs. The
 * harness calls these and never asks which kind it has. */
typedef struct rtr_ep {
    const char *name; /* "lcb" or "bare" */
    unsigned quiet;   /* flush: cycles without activity that end it */
    /* 1: every port's endpoint is stepped every cycle (an LCB link moves a
     * control bit each cycle); 0: only the ports with something to do (the
     * harness's activity masks), and no clock edge */
    int every_cycle;
    /* set-up of port p (after the source), tear-down */
    int (*init)(sim_t *s, int p, char *err, int errlen);
    void (*release)(port_t *pt);
    /* step 2: the source's phit (unless idle) and the sink's read or credit */
    void (*inputs)(sim_t *s, int p, int idle, int phase_end);
    /* step 4: the outputs of port p, the checks of every cycle */
    void (*outputs)(sim_t *s, int p, uint64_t t, int in_window, int *fail);
    /* step 5: the clock edge of what the endpoint holds (a NIC) */
    void (*tick)(sim_t *s, int p);
    /* the end of traffic: link errors off */
    void (*stop_errors)(sim_t *s, int p);
    /* anything of port p still on its way; what it is */
    int (*busy)(sim_t *s, int p);
    void (*report_busy)(sim_t *s, int p);
    /* end of run: the endpoint's own checks, and its link figures */
    void (*final_checks)(sim_t *s, int p, int *fail);
    void (*final_stats)(sim_t *s, int p, rtr_result *r);
    /* a port's output phit for a report: as seen on the port's wire, and
     * from the history (kind decoded when it was recorded) */
    void (*fmt_out)(const port_t *pt, uint32_t ph, char *buf, int n);
    void (*fmt_hist)(uint32_t ph, int kind, char *buf, int n);
} rtr_ep;
extern const rtr_ep rtr_ep_lcb, rtr_ep_bare;

struct sim {
    const rtr_opts *o;
    const rtr_ep *ep; /* the endpoint kind of every port */
    rtr_geom g;
    nr_rtr m, r; /* model / RTL (or second model): {NULL} if not in this run */
    int nports, nvcs;
    port_t *pt;
    nr_traffic_t tp;
    nr_sb_t sb;
    nr_stats_t st;
    prec_t *rec; /* records of the packets in flight (a pool) */
    size_t nrec, caprec;
    uint64_t *freerec; /* indices of records free for reuse */
    size_t nfree, capfree;
    rtr_cfgw cfgw[1024];
    int ncfgw;
    int errors_on;    /* link error injection */
    int deliv_vc;     /* VC of the packet being delivered (route check), -1 none */
    int fb_explained; /* --route fbfly refusals explained so far */
    int meas_rlat;    /* router head latency measurable (no link errors) */
    double rlat_sum;
    uint64_t rlat_n, rlat_min;
    uint64_t rlat_bad;             /* head-out before head-in (pairing broken): rtr_lat n/a */
    uint64_t out_gaps, sink_phits; /* window: cycles without a phit inside packets, phits */
    uint64_t phit_hops;
    FILE *out;
    /* lockstep */
    int hist_on; /* two routers compared: keep each port's history (hist[]),
                                * which only a divergence report prints (speed only) */
    int diverged;
    int64_t div_cycle;
    int div_port;
    char div_field[32];
    char div_msg[1024];
    int tracing;
    nr_out_t fst;   /* the FST window: written under a temporary name,
                            * checked and renamed when it closes (nr_out.h) */
    int trace_done; /* 1 written, -1 failed (trace_err) */
    char trace_err[1200];
    uint64_t t0; /* first traffic cycle = stats cycle 0 */
    uint64_t quiet_since;
    /* CRC escapes (tb/common/linkmon.h): after the first one the run is no
     * longer judged, except RTL against model in lockstep */
    int64_t esc_cycle;   /* -1: none yet */
    uint64_t after_esc;  /* checks that fired after it (not judged) */
    uint64_t e2e_caught; /* --e2e: packets the destination's check discarded */
    int e2e_fail;        /* ... one with no escape before it */
    uint64_t residual;   /* healthy-looking packets delivered with wrong content */

    /* VaHop: packets on the next class, on the last kept; packets on a class
     * the router does not give them (nwn-arch 1.7) */
    uint64_t va_up, va_kept, va_off;
    /* this cycle's router inputs and outputs (po: the DUT's, RTL if any;
     * the NICs' are in their ports' tb_nic) */
    nr_rtr_in rin;
    const nr_rtr_out *po;
    /* Activity (speed only; bit p: port p; endpoints not stepped every
     * cycle): a source with a packet or a queue, a sink holding credits, a
     * port whose router inputs were set last cycle (to be cleared) */
    uint64_t all, src_act, sink_act, in_dirty;
    int rested;          /* the model took this cycle at rest (nr_rtr_rest) */
    nr_rtr_out zero_out; /* its outputs then: all 0 */
};

/* A Bernoulli draw of the per-port idle and backpressure streams, made only
 * when p > 0. Each of these streams serves one decision whose probability is
 * fixed for the run (backpressure: 0 once the flush starts, for good), so a
 * skipped draw changes no later one; the profile had the draws of p = 0 at
 * 3 % of a bare run. */
static inline int h_chance(nr_rng_t *r, double p) { return p > 0 && nr_rng_bernoulli(r, p); }

/* harness.c, for the endpoints */
/* a check fired: a failure before any CRC escape, counted after one */
void h_check_fired(sim_t *s, int *fail, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* a receiver accepted damaged link cycles (tb/common/linkmon.h) */
void h_note_escape(sim_t *s, int *fail, uint64_t t, int p, const char *who, const nr_linkmon *m,
                   unsigned lm);
void h_say(sim_t *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* a phit into port p's history (kept only when two routers are compared) */
static inline void h_hist_add(const sim_t *s, port_t *p, int64_t cyc, int dir, uint32_t ph,
                              int kind)
{
    if (!s->hist_on) return;
    hent_t *h = &p->hist[p->hn++ % HIST_MAX];
    h->cycle = cyc;
    h->dir = dir;
    h->ph = ph;
    h->kind = kind;
}
/* one phit reached port p's sink on VC vc; head_out: its head left the router */
void h_sink_phit(sim_t *s, int p, int vc, uint32_t ph, uint64_t t, uint64_t head_out,
                 int in_window);
/* the source took the phit it offered (head: the packet's record is noted) */
void h_report_divergence(sim_t *s, int64_t t, int p, const char *field, uint32_t exp, uint32_t act,
                         int is_phit, const nr_rtr_out *mo, const nr_rtr_out *ro);

#endif
