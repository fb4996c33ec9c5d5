/* net_int.h - the network simulator's insides (net.c), shared with its two
 * link kinds (net_bare.c: bare ports joined by credit channels; net_lcb.c:
 * LCB ports joined by link channels, NICs with LCBs at the nodes). Not an
 * interface: net.h is.
 */
#ifndef NET_NET_INT_H
#define NET_NET_INT_H
#include "catalog/org.h"
#include "net.h"
#include "nr_out.h"

#include <pthread.h>

#include "common/channel.h"
#include "common/linkmon.h"
#include "common/nic.h"
#include "common/rtrcmp.h"
#include "common/vctsend.h"
#include "nr_lcb.h"
#include "nr_sb.h"
#include "nr_stats.h"

#define K NR_MAX_PORTS
#define MAXV NR_LCB_MAX_VCS
#define PKT_CAP 1024

/* One direction of a link: the channel a router output (or a node) sends
 * on, and what the hop counter knows of the packet on it. */
/* One slot of a bare channel's ring: the phit one way, the credits back. */
typedef struct {
    uint32_t ph;
    uint8_t val;
    uint32_t cr[MAXV];
} bslot_t;

/* A link direction that fails (net_fail.c): its sender's end (credits the
 * sender's port is owed, the VC it sends on) and its receiver's end (the
 * packet it was receiving, to be closed). */
typedef struct {
    uint64_t die_at; /* the cycle it dies (UINT64_MAX: not yet known) */
    int dead, fail;  /* dead from die_at; the failure (net_t.fl) it belongs to */
    uint32_t sent[MAXV], arr[MAXV], owed[MAXV]; /* phits sent, credits back, owed */
    unsigned txvc;
    int rx_pos, rx_rh; /* phits of the packet being received, 1 + r + h of its head */
    int fill;          /* phits of the remnant to go, the last its EOP */
} chfault;

/* A link direction that degrades (--degrade, net_fail.c): from cycle
 * `from` it carries a phit only every other cycle; what its sender sends
 * faster waits in a serializer queue at its end, which the sender's
 * credits bound (cap). */
typedef struct {
    uint64_t from;
    uint32_t *q;
    int cap, head, n, most; /* the queue; the most phits it held */
    uint64_t carried;       /* phits carried from `from` on */
} chdeg;

/* An erased LCB link direction (--erase, net_fail.c): the tags of the
 * packets its sender's LCB took (TX_PKT) and the far LCB has not accepted
 * (RX_OK), in order; whether the sender's LCB is down; and the packet its
 * router hands that LCB after down, followed to its tag (discarded). */
typedef struct {
    struct eratag {
        unsigned src, dest, vc;
        uint32_t seq;
    } * q;
    int cap, head, n;
    uint64_t taken, acc; /* TX_PKT here, RX_OK at the far end */
    uint64_t down_at;    /* the sender's LCB went down (0: not yet) */
    int pos, tp;         /* the discarded packet: phits so far, 1 + r + h */
    unsigned dest, vc, src;
} chera;

typedef struct {
    /* bare: phits one way, credits back, `lat` cycles each (a ring of
     * lat + 1 slots, net_bare.c; one struct per slot: speed only, one cache
     * line a slot) */
    int lat;
    bslot_t *s;
    /* LCB: the link channel, and the monitor of its receiver (escapes; its
     * own allocation, which bare links do not make: memory only) */
    lcb_ch *l;
    nr_linkmon *mon;
    nr_tx_follow txf; /* the sent stream, new packets told from replays (linkframe.h) */
    uint64_t phits;   /* packet phits carried in the measurement window */
    chfault *flt;     /* a link that fails: its state (NULL: never fails) */
    chdeg *deg;       /* a link that degrades: its state (NULL: never) */
    chera *era;       /* an erased LCB link: its state (NULL: never erased) */
    /* hop counting: the packet followed, its position, r, h and tag */
    int pos, r, h, tagged;
    unsigned dest, vc, src;
    uint32_t seq;
} chan_t;

/* A terminal node: a source and a sink, and its side of the link. */
typedef struct {
    nr_inj_t inj;
    nr_rng_t rng;        /* hash phits */
    nr_rng_t wrng;       /* worst-case destinations */
    uint32_t *ph;        /* packet being sent (room for the longest a router takes) */
    int len, pos, vc;    /* len 0 = none */
    unsigned xdest, xvc; /* ... its expectation: destination, VC (the tag's), seq, */
    uint32_t xseq;       /* ... and generation cycle (--inj-timeout) */
    uint64_t xgen;
    uint32_t *as;            /* sink: the packet being assembled, room for ascap phits (grows, */
    int alen, cur_vc, ascap; /* up to PKT_CAP, when a longer one arrives) */
    chan_t up;               /* node -> leaf port */
    /* bare */
    tb_vctsend vct;        /* credits of the leaf's input queue */
    uint32_t arr_cr[MAXV]; /* credits that arrived this cycle */
    int arr_v;             /* a phit arrived for the sink */
    uint32_t arr_ph;
    /* LCB: the NIC (its inputs and outputs of this cycle, the sink's last read) */
    tb_nic nic;
    /* planes > 1 (docs/network.md "Planes"): the packets the node's NIC
     * gave this port, in order, with their destination and hash phit (a
     * ring of pqcap), and their phits */
    struct plpkt {
        nr_inj_pkt_t p;
        uint32_t hash;
    } * pq;
    int pqcap, pqh, pqn;
    uint64_t pqphits;
} node_t;

typedef struct net net_t;

/* The kind of every link of a network (bare or LCB): what a cycle does at
 * the ends of the links. */
typedef struct {
    const char *name;
    /* no read of a cycle sees a write of the same cycle (rtr_in, node_in
     * against rtr_out, node_step), so a cycle may step router by router */
    int fused;
    int (*setup)(net_t *n, char *err, int errlen); /* channels, NICs */
    void (*release)(net_t *n);
    /* step 1: what arrives at node i in cycle t */
    void (*node_in)(net_t *n, int i, uint64_t t);
    /* step 2: router r's inputs from its links */
    void (*rtr_in)(net_t *n, int r, uint64_t t);
    /* step 3: node i's sink and source (net_src_next, net_sink_phit) */
    int (*node_step)(net_t *n, int i, uint64_t t, int gen, int *moved);
    /* step 5: router r's outputs into their channels (net_follow) */
    int (*rtr_out)(net_t *n, int r, uint64_t t, int in_window, int *moved);
    /* the end of the traffic: link errors off */
    void (*stop_errors)(net_t *n);
    /* anything of node i still on its way; at the end, its checks */
    int (*node_busy)(const net_t *n, int i);
    int (*node_final)(net_t *n, int i);
} net_kind;
extern const net_kind net_kind_bare, net_kind_lcb;

/* The packets in flight, by tag: routers crossed so far, and the router
 * output they last left by (UINT32_MAX: still on their source's link). */
typedef struct {
    uint64_t *key; /* 0 empty */
    uint8_t *hops;
    uint32_t *last, *prev; /* the last router output, and the one before it */
    size_t cap, n;
} hoptab_t;

struct net {
    const net_opts *o;
    const net_kind *kind;
    /* one plane's graph (net_topo.planes copies of it: router r of plane p
     * is p * t.nrtr + r, t.r[] holds every plane's tables, each plane's
     * peers as in plane 0; a node's port into plane p is p * t.nnodes +
     * node; net_peer, net_node_at) */
    net_topo t;
    int planes, nrt, nnd; /* planes, routers and node ports of the network */
    const rtr_org *org[NET_MAX_LEVELS];
    rtr_geom g[NET_MAX_LEVELS];
    const rtr_geom *gp[NET_MAX_LEVELS];
    nr_rtr *rt; /* the routers driven (RTL where --impl says, else models) */
    nr_rtr *rm; /* lockstep: the model beside an RTL router, else {NULL} */
    nr_rtr_in *in;
    nr_rtr_out *ro, *mo; /* outputs of rt and of rm */
    /* router r took this cycle at rest (nr_rtr_rest: no eval, no tick, every
     * output 0), and ro[r] holds all 0 since its last evaluation */
    uint8_t *rested, *ozero;
    int nrtl; /* routers that are RTL */
    int diverged, div_rtr;
    int64_t div_cycle;
    int tracing;      /* the FST window of o->trace_rtr is open */
    nr_out_t fst;     /* ... written under a temporary name, checked and renamed (nr_out.h) */
    int trace_done;   /* 1 written, -1 failed */
    int fault_done;   /* --fault flipped its bit */
    char missed[300]; /* what the run was asked for and never reached */
    rtr_cfgw **cfgw;  /* router r's table writes, ncfgw[r] of them */
    int *ncfgw;
    chan_t *ch; /* router r's output p: ch[r*kch + p] (net_ch) */
    int kch;    /* the most ports of a router of the network */
    int phcap;  /* a source packet's room: the most MaxPktLen of the levels */
    node_t *nd;
    nr_traffic_t tp;
    nr_sb_t sb;
    nr_stats_t st;
    hoptab_t hop;
    uint64_t hops[NET_HOPS_MAX + 1];
    uint64_t *src_phits; /* --per-src: [node][0] packets, [1] phits delivered in the window */
    uint32_t *turns;     /* [r][in][out]: packets of the window router r turned so (at most
                          * one a cycle, and the window is at most 10^8 cycles) */
    uint64_t untracked;  /* tags a router output could not find */
    uint64_t nonminimal; /* packets that crossed more routers than their routing allows */
    int parts;           /* SeaStar's partitions: routes to the partition's nearer edge first */
    uint64_t va_off;     /* packets on another class than their hops give (nwn-arch 1.7) */
    uint64_t detours;    /* packets a non-minimal routing sent the long way */
    uint64_t last_deliv; /* cycle (from t0) of the last delivery */
    uint64_t self_skipped;
    uint64_t inj_timeouts;        /* --inj-timeout: packets dropped at their source */
    uint64_t escapes, cw_escapes; /* LCB: accepted damage (linkmon) */
    int64_t esc_cycle;            /* the first escape (-1 none): later checks are not judged */
    uint64_t tx_err;              /* transmit_error copies the sinks discarded */
    uint64_t retries;             /* TX_REPLAY events of every LCB */
    int count_hops;               /* follow packets' tags (not with link errors) */
    uint64_t phit_hops;           /* phits of packets that left a router output, the whole run */
    uint64_t t0;                  /* first traffic cycle */
    int nvcs;
    int vcs_per_class;            /* the FB mode's VCs per traffic class (catalog/tables.h) */
    int va_hop;                   /* routers of a class per hop (nwn-arch 1.7): VCs a class */
    const net_routing_def *route; /* the topology's routing (catalog/topo.h) */
    nr_lcb_cfg lcfg;              /* LCB run-time configuration (routers and NICs) */
    FILE *log;
    /* failed links (net_fail.c): each failure, the dead ports of each router,
     * the cycles the tables are rewritten, the routers' table write queues */
    struct netfail *fl;
    int nfl;
    uint64_t *dead;
    uint64_t lost;
    struct netgq *gq;    /* UGAL-G's oracle (net_gq.c), NULL: none */
    struct netbin *bins; /* --series: per bin of series_bin cycles */
    size_t nbins;
    int *cfgi; /* router r's next table write: cfgw[r][cfgi[r]] while < ncfgw[r] */
    /* --threads: workers that evaluate and clock ranges of routers */
    int nthr;
    pthread_t *thr;
    pthread_barrier_t bar;
    struct worker_arg *args;
    int job;
};

/* The far end of router r's port p, in r's plane. */
static inline net_end net_peer(const net_t *n, int r, int p)
{
    net_end e = n->t.r[r].peer[p];
    if (n->planes > 1 && r >= n->t.nrtr) {
        const int pl = r / n->t.nrtr;
        if (e.rtr >= 0) e.rtr += pl * n->t.nrtr;
        if (e.rtr == NET_PEER_NODE) e.port += pl * n->t.nnodes;
    }
    return e;
}
/* Where node port i (node i % t.nnodes, plane i / t.nnodes) is wired. */
static inline net_end net_node_at(const net_t *n, int i)
{
    if (n->planes == 1) return n->t.node[i];
    net_end e = n->t.node[i % n->t.nnodes];
    e.rtr += i / n->t.nnodes * n->t.nrtr;
    return e;
}

/* The channel that arrives at router r's input p: its peer's output
 * channel, or the node's up channel (NULL if unconnected). */
static inline chan_t *net_chan_into(net_t *n, int r, int p)
{
    net_end e = net_peer(n, r, p);
    if (e.rtr == NET_PEER_NONE) return NULL;
    return e.rtr == NET_PEER_NODE ? &n->nd[e.port].up : &n->ch[e.rtr * n->kch + e.port];
}
/* Router r's output channel p. */
static inline chan_t *net_ch(net_t *n, int r, int p) { return &n->ch[(size_t)r * n->kch + p]; }
/* The channel node i receives on: its leaf's output channel. */
static inline chan_t *net_chan_down(net_t *n, int i)
{
    const net_end e = net_node_at(n, i);
    return net_ch(n, e.rtr, e.port);
}

/* net_fail.c: failed links (docs/network.md "Faults") */
struct netfail {
    int r, p, r2, p2; /* the link's two ends */
    uint64_t at;      /* the cycle it dies (absolute; --erase: when an LCB goes down, until
                       * then UINT64_MAX) */
    uint64_t lost, last_loss;
    uint64_t erased;  /* --erase: the cycle its phits are erased from (absolute) */
    uint64_t rb_lost; /* --erase: ... lost in the replay buffers (TX_PKT - far RX_OK) */
};
/* the failures of the options, checked against the network; 2 with a message */
int net_fail_setup(net_t *n, char *err, int errlen);
/* UGAL-G's oracle (net_gq.c; docs/network.md "Topology: dfly"), when the
 * routing is one (topo.h, oracle): the C models only; each router's table
 * of global-channel queues given to its RC. 0, or 2 with a message. */
int net_gq_setup(net_t *n, char *err, int errlen);
/* The tables from every global channel's start-of-cycle queue, before any
 * router of the cycle is evaluated. */
void net_gq_fill(net_t *n);
void net_gq_free(net_t *n);
/* Router r's table writes for tables t into *w (malloc'ed): from reset
 * (old NULL), or for a router holding old's (its organization's encode,
 * org.h). The count, or -1 with a message. */
int net_encode_w(net_t *n, int r, const nr_route_vals *t, const nr_route_vals *old, rtr_cfgw **w,
                 char *err, int errlen);
/* at the start of cycle t: the links that die, the tables rewritten; -1 when
 * no routing is left (n->missed says why: exit 2) */
int net_fail_cycle(net_t *n, uint64_t t);
/* bare links: what a dead link's ends do (net_bare.c) */
/* the receiver's end of c: what arrives (*val, *ph: the slot's; a dead
 * link's remnant, or nothing) */
void net_fail_rx(chan_t *c, uint32_t *val, uint32_t *ph);
/* the sender's end of c: the credits that arrive (cr: the slot's; a dead
 * link's owed) */
void net_fail_cr(chan_t *c, uint32_t *cr);
/* the sender sent ph on c in cycle t: a loss counted; -1 on a failure */
int net_fail_tx(net_t *n, chan_t *c, uint32_t ph, uint64_t t);
/* LCB links: the channel of router r's port p erased from cycle `from`
 * (absolute) on, for good (net_lcb.c); -1 with a message */
int net_lcb_erase(net_t *n, int r, int p, uint64_t from, char *err, int errlen);
/* erased LCB link directions (net_lcb.c calls them for router r's port p
 * in cycle t, ev its events, core its core tap): TX_PKT and RX_OK counted,
 * a LINK_DOWN makes the link fail, and after it the packets the LCB
 * discards are retired; -1 on a failure (printed) */
int net_era_port(net_t *n, int r, int p, uint64_t t, uint32_t ev, uint32_t core);
/* a fresh packet's tag, followed on c (net_follow): the sender's LCB took it */
void net_era_sent(net_t *n, chan_t *c);
/* the sender's end of degraded link c in cycle t: the phit the sender
 * sent (*val, *ph) queued, and what the link carries this cycle in its
 * place; -1 on a failure (more phits queued than credits allow) */
int net_deg_tx(net_t *n, chan_t *c, uint32_t *val, uint32_t *ph, uint64_t t);
/* each failed link's losses, and the totals; a failure or rewrite a run
 * that did not fail (fail 0) ended before (at cycle t) goes to n->missed
 * (exit 2) */
void net_fail_report(net_t *n, net_result *res, uint64_t t, int fail);

/* --series: the bin of cycle ts (from the first traffic cycle), NULL
 * without --series or out of memory (then the series is not written) */
struct netbin {
    uint64_t phits, pkts, lat, lost;
};
struct netbin *net_bin(net_t *n, uint64_t ts);

/* net.c, for the link kinds */
/* a link receiver accepted damaged cycles (its monitor's verdict lm) */
int net_escape(net_t *n, uint64_t t, const char *who, int id, int port, const nr_linkmon *m,
               unsigned lm);
/* node i's source in cycle t: its process ticks (gen) and, when idle, it
 * starts the next packet of its queue; -1 on a failure (printed) */
int net_src_next(net_t *n, int i, uint64_t t, int gen);
/* the phit the source offered was taken */
void net_src_took(net_t *n, int i);
/* node i's sink got core phit ph in cycle t, read from its NIC's VC vc (-1:
 * a bare link, one packet at a time). The sink puts one packet together at
 * a time: a phit of another VC inside a packet is a failure (printed, -1);
 * the LCB nodes' sink reads whenever something is readable and a router
 * output sends whole packets, so it does not happen. */
int net_sink_phit(net_t *n, int i, int vc, uint32_t ph, uint64_t t);
/* the VC a packet whose head is `head` arrives on (its tag's: the class's
 * last in the flattened butterfly's phases) */
unsigned net_arrive_vc(const net_t *n, uint32_t head);
/* a router output sent a packet phit of kind `kind` (core view) on c */
void net_follow(net_t *n, chan_t *c, int kind, uint32_t ph, int in_window);
/* retire packet src->dest seq of VC vc (the tag's) from the scoreboard
 * without a delivery, a counted drop, and from the statistics' drain; -1
 * when the scoreboard did not await it */
int net_retire(net_t *n, unsigned src, unsigned dest, unsigned vc, uint32_t seq, uint64_t ts);
/* print a failure to the log */
void net_say(net_t *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
