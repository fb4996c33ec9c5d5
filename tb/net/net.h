/* net.h - a network of the kit's routers, stepped cycle by cycle
 * (docs/network.md).
 *
 * The routers are nr_rtr values (csrc/include/nr_router.h), each made from a
 * named configuration (configs/configs.txt) by its organization's C model,
 * programmed through its configuration port with the tables the topology
 * builder computed (catalog/topo.h). Channels between routers, and between a router
 * and a terminal node, have a latency in cycles each way (phits one way,
 * credits back). Terminals use the kit's traffic patterns, injection
 * processes, packet builder, scoreboard and statistics.
 *
 * Links are LCB links with NICs at the nodes, or bare links, as the
 * configurations' UseLcb says (net_int.h, net_lcb.c, net_bare.c). The
 * routers of one configuration can be Verilated RTL instead (rtr_rtl_impl,
 * in a program linked with that build), alone or in lockstep with their C
 * model, compared on every output of every cycle.
 */
#ifndef NET_NET_H
#define NET_NET_H
#include <stdint.h>
#include <stdio.h>

#include "common/channel.h"
#include "nr_inj.h"
#include "nr_traffic.h"
#include "catalog/topo.h"

/* Which implementation the routers are (net_opts.impl). */
typedef enum {
    NET_IMPL_MODEL,    /* every router its C model */
    NET_IMPL_RTL,      /* the routers of configuration rtl_cfg are Verilated RTL */
    NET_IMPL_LOCKSTEP, /* ... and each has its C model beside it, compared every cycle */
    NET_IMPL_COUNT
} net_impl;
extern const char *const net_impl_names[]; /* "model", "rtl", "lockstep" */

#define NET_HOPS_MAX 16
#define NET_MAX_THREADS 64
#define NET_FAIL_MAX 64

/* A link by one of its ends, and a cycle (--fail, --degrade). */
typedef struct {
    int rtr, port;
    uint64_t cycle;
} net_linkat;

typedef struct {
    const char *topo;                /* topology spec (topo.h) */
    const char *cfg[NET_MAX_LEVELS]; /* router configuration per level; ncfg = 1: all */
    int ncfg;
    const char *cfg_file; /* configs/configs.txt */
    const char *routing;  /* the topology's routing by name (NULL: its default;
                                           catalog/topo.h) */
    nr_traffic_cfg_t tp;  /* pattern (k is set to the node count) */
    int wc;               /* instead: seed 002's worst case: each node of
                                           router r (fbfly; of leaf r, fclos) sends to a
                                           random node of router r+1 (mod the routers) */
    nr_inj_cfg_t inj;     /* injection process and lengths */
    uint64_t seed;
    uint64_t warmup, measure, drain; /* cycles (nr_stats.h) */
    int link_lat;                    /* router-to-router channel latency, >= 1 */
    lcb_ch_cfg ch;                   /* LCB links: error injection of every link
                                           direction (its latency is set per link) */
    int no_escapes;                  /* a CRC escape fails the run */
    int node_lat;                    /* node-to-router channel latency, >= 1 */
    uint64_t stall_limit;            /* cycles without any phit moving, with packets
                                           in flight, that count as a deadlock */
    int quiet;                       /* 1: no per-level table */
    int threads;                     /* routers evaluated by this many threads (the
                                           results do not depend on it) */
    net_impl impl;
    const char *rtl_cfg; /* the configuration whose routers are RTL: the
                                           one the program's RTL build was made for */
    int64_t fault_cycle; /* lockstep: flip one output bit of router
                                           fault_rtr's port 0 at this cycle (-1: never),
                                           to prove the comparison fires */
    int fault_rtr;
    const char *turns_csv;        /* every (router, in port, out port) count */
    const char *links_csv;        /* every channel's phits of the window */
    uint64_t batch;               /* > 0: every node queues this many packets at the
                                           first traffic cycle and nothing more; the run
                                           ends when all are delivered (seed 002 Fig 5) */
    int trace_rtr;                /* an RTL router whose FST window to write (-1: none) */
    int64_t trace_from, trace_to; /* ... over these cycles */
    const char *trace_out;        /* ... to this file (a traced RTL build) */
    /* failed links (docs/network.md "Faults"): --fail R.P@CYCLE, the link of
     * router R's port P dead from CYCLE (counted from the first traffic
     * cycle, as the window); fail_random more, drawn from the seed; the
     * tables rewritten fail_delay cycles after each failure */
    int nfail;
    net_linkat fail[NET_FAIL_MAX];
    int fail_random;
    uint64_t fail_delay;
    /* --det-vcs: every router's DET_VCS, the VCs routed up by the hash
     * whatever their a bit; their flows are promised in order */
    unsigned det_vcs;
    /* --degrade R.P@CYCLE: the link of router R's port P carries a phit
     * only every other cycle from CYCLE on, both ways (bare links) */
    int ndeg;
    net_linkat deg[NET_FAIL_MAX];
    /* --half-width: every link between routers so from the first traffic
     * cycle ([KDA07] Fig 6's hypercube at the others' bisection) */
    int half_width;
    /* --erase R.P@CYCLE: every phit of the LCB link of router R's port P
     * erased from CYCLE on, both ways, until its LCBs go down */
    int nerase;
    net_linkat erase[NET_FAIL_MAX];
    unsigned lcb_timeout, retry_limit; /* LCB cfg_timeout and cfg_retry_limit */
    uint64_t inj_timeout;              /* --inj-timeout T: a packet whose head no link took T cycles
                                           after its generation is dropped, counted (0: never) */
    int age_phit;                      /* every packet carries an age phit (h = 1, age 0; SeaStar,
                               docs/seastar-arch.md 8) */
    /* --up-sel: every YARC router's UP_SEL (docs/yarc-arch.md 5, step 4 or 4s);
     * -1 (not given): 7 on bw:, 0 elsewhere */
    int up_sel;
    const char *per_src_csv; /* the phits each source delivered in the window */
    const char *series_csv;  /* accepted load, latency and losses over time, */
    uint64_t series_bin;     /* ... per bin of this many cycles */
} net_opts;

void net_opts_default(net_opts *o);

typedef struct {
    const char *routing; /* the routing the run used */
    int nodes, routers, links;
    int min_hops, max_hops;   /* of the tables (net_topo_check) */
    double offered, accepted; /* phits/cycle/node */
    double lat_mean, net_mean;
    uint32_t lat_p50, lat_p99, lat_max;
    uint64_t delivered, labeled;     /* packets */
    uint64_t hops[NET_HOPS_MAX + 1]; /* delivered packets by routers traversed */
    uint64_t self_skipped;           /* packets to their own node, not injected */
    uint64_t detours;                /* packets a non-minimal routing sent the long way */
    uint64_t batch_cycles;           /* --batch: cycles from the first traffic cycle to
                                           the last packet's delivery */
    uint64_t escapes, cw_escapes;    /* LCB links: CRC escapes (packets, control words) */
    uint64_t tx_err;                 /* transmit_error copies at the nodes (link retry) */
    uint64_t retries;                /* replays started, every LCB */
    uint64_t sb_errors;              /* scoreboard errors */
    uint64_t lost;                   /* packets lost on failed links (each counted there) */
    uint64_t loss_span;              /* the most cycles from a failure to its link's last loss */
    uint64_t inj_timeouts;           /* packets dropped at their source by --inj-timeout */
    uint64_t cycles;
    uint64_t phit_hops; /* phits of packets leaving a router output, every
                                           cycle of the run (a replay's repeats not counted) */
    int drained, deadlock;
    int rtl_routers;   /* routers that were RTL */
    int diverged;      /* lockstep: an RTL router's outputs differed */
    int div_rtr;       /* ... this one */
    int64_t div_cycle; /* ... at this cycle */
    double link_util_mean[NET_MAX_LEVELS + 1], link_util_max[NET_MAX_LEVELS + 1];
    double rtr_util_mean[NET_MAX_LEVELS + 1], rtr_util_max[NET_MAX_LEVELS + 1]; /* by level:
                                           a router's output phits per connected port and cycle */
    int rtr_util_argmax[NET_MAX_LEVELS + 1]; /* the busiest router of the level */
    double quad[NET_MAX_LEVELS + 1][4];      /* per level: shares of turns I, II, III, IV */
    double wall_s;
} net_result;

/* Build, check, program and run the network of o. Returns 0 when the run
 * passed its checks (every packet delivered once, uncorrupted, in order
 * where the routing keeps order; no deadlock; credits home; no router
 * error), 1 when a check failed (what failed printed to out), 2 for bad
 * input (message in err: spec, configuration, parameters). */
int net_run(const net_opts *o, net_result *r, FILE *out, char *err, int errlen);

#endif
