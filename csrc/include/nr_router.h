/* nr_router.h - one cycle of a whole router, as seen by a testbench, and the
 * one interface every router implementation presents (nr_rtr).
 *
 * Every switch organization in the kit (the YARC hierarchical crossbar,
 * nr_yarc.h; the folded-Clos, bilateral-butterfly and canonical crossbar,
 * nr_nwn.h) has this same external interface, so the LCB, the traffic
 * sources, the scoreboard, the lockstep harness and a network of routers
 * attach unchanged. Two implementations per organization: the C reference
 * model (csrc/model/) and the Verilated RTL (tb/shim/). Each gives an nr_rtr,
 * a value (operations + handle): a program holds models and RTL routers the
 * same way and picks between them at run time, not at build time.
 *
 * Cycle protocol (same as nr_lcb.h): fill nr_rtr_in for cycle t, call eval()
 * to get the outputs of cycle t, then tick() for the clock edge. Inputs must not
 * depend on the same cycle's outputs.
 */
#ifndef NR_ROUTER_H
#define NR_ROUTER_H
#include <stdint.h>
#include "nr_lcb.h"

#define NR_MAX_PORTS 64

typedef struct {
    /* With LCBs (use_lcb = 1): the link phit arriving at each port. */
    uint32_t link_rx[NR_MAX_PORTS];
    /* Bare router (use_lcb = 0): core phits into each port's input queue
     * (the sender must hold credits), and credits returned by each output's
     * sink (phits per VC this cycle). */
    int in_valid[NR_MAX_PORTS];
    uint32_t in_phit[NR_MAX_PORTS];
    uint32_t out_cr[NR_MAX_PORTS][NR_LCB_MAX_VCS];
    /* Configuration write port (docs/yarc-arch.md section 9). */
    int cfg_we, cfg_bcast, cfg_tile, cfg_addr;
    uint32_t cfg_wdata;
    /* A promise, for speed only: bit p set means every input of port p
     * (link_rx, in_valid, in_phit, out_cr) is 0 this cycle, so a model
     * need not look at them. 0 promises nothing (a caller that zeroes the
     * struct and never sets it is served as before); a model never needs
     * it to compute the right outputs. */
    uint64_t idle;
} nr_rtr_in;

/* Tile event bits (in nr_rtr_out.tev). */
enum { NR_TEV_RT_DROP = 0, NR_TEV_CFG_BAD = 1, NR_TEV_REASON_LSB = 2 /* 3 bits */ };
/* RT_DROP reasons. */
enum { NR_DROP_MALFORMED = 1, NR_DROP_BAD_SRCROUTE = 2, NR_DROP_NO_ROUTE = 3, NR_DROP_SHORT = 4 };

typedef struct {
    uint32_t link_tx[NR_MAX_PORTS]; /* use_lcb = 1 */
    int out_valid[NR_MAX_PORTS];    /* use_lcb = 0 */
    uint32_t out_phit[NR_MAX_PORTS];
    uint32_t in_cr[NR_MAX_PORTS][NR_LCB_MAX_VCS]; /* use_lcb = 0: credits freed */
    uint32_t ev[NR_MAX_PORTS];                    /* LCB events per port (nr_lcb.h), 0 if bare */
    uint32_t tev[NR_MAX_PORTS];                   /* tile events per port */
    int link_down[NR_MAX_PORTS];                  /* use_lcb = 1 */
    /* use_lcb = 1, C models only (a test tap; the RTL leaves it 0): the core
     * phit port p's LCB took this cycle, with bit 31 set, or 0 */
    uint32_t core_tx[NR_MAX_PORTS];
    /* For speed only: bit p set means every output of port p above is 0
     * this cycle, so a caller may skip the port. An implementation that does
     * not track it sets 0 (the RTL routers do); every field stays valid
     * whatever it says. */
    uint64_t idle;
} nr_rtr_out;

/* The parameters every router port has, whatever the organization
 * (docs/link-protocol.md section 2; the routers' section 3): held in one
 * struct inside each organization's parameters (nr_yarc_params.port,
 * nr_nwn_params.port) and checked once, by nr_port_params_check. */
typedef struct {
    int num_vcs;       /* 1..4 */
    int in_buf_per_vc; /* input queue per VC = upstream credits, 8..1023, >= max_pkt_len */
    int use_lcb;       /* 1: an LCB on every port; 0: bare ports */
    int max_pkt_len;   /* phits, >= 2 */
    int replay_depth;  /* LCB send buffer, phits */
    int window;        /* LCB go-back-N window, packets */
    int link_crc_w;    /* every port's link check, 16 or 32 (link-protocol section 4.1); 0 = 16 */
} nr_port_params;

/* Check the port parameters (the LCB's own rules with use_lcb): 0, or -1
 * with a message naming the parameter. (csrc/model/mutil.c) */
int nr_port_params_check(const nr_port_params *p, char *err, int errlen);
/* The LCB parameters of such a port. */
nr_lcb_params nr_port_lcb_params(const nr_port_params *p);

/* The operations of one router implementation. */
typedef struct {
    const char *name; /* "yarc-model", "nwn-rtl", ... */
    /* Outputs of the current cycle for inputs in; no state change. */
    void (*eval)(void *h, const nr_rtr_in *in, nr_rtr_out *out);
    /* Clock edge. */
    void (*tick)(void *h);
    /* Interface violations detected so far (models; RTL assertions end the
     * process instead, so an RTL router returns 0); first message in buf. */
    int (*errors)(void *h, char *buf, int buflen);
    void (*free)(void *h);
    /* FST trace window (traced RTL builds; NULL otherwise): 0, or -1 if the
     * file cannot be written. */
    int (*trace)(void *h, const char *fst_path);
    void (*trace_stop)(void *h);
    /* Speed only; NULL where not offered (the RTL routers). If the router is
     * at rest (nothing stored, staged, in flight or owed inside it, so that
     * a cycle whose inputs are all 0 would drive every output 0 and change
     * nothing but its cycle count), take that cycle's clock edge without
     * evaluating it and return 1: the caller treats the cycle's outputs as
     * all 0. Otherwise return 0 and change nothing: the caller evaluates the
     * cycle as usual. Call it instead of eval and tick, only for a cycle
     * whose inputs are all 0. */
    int (*rest)(void *h);
} nr_rtr_ops;

/* A router: its operations and its handle. {NULL, NULL} is "none". */
typedef struct {
    const nr_rtr_ops *ops;
    void *h;
} nr_rtr;

static inline int nr_rtr_valid(nr_rtr r) { return r.ops != 0; }
static inline void nr_rtr_eval(nr_rtr r, const nr_rtr_in *in, nr_rtr_out *out)
{
    r.ops->eval(r.h, in, out);
}
static inline void nr_rtr_tick(nr_rtr r) { r.ops->tick(r.h); }
static inline int nr_rtr_errors(nr_rtr r, char *buf, int buflen)
{
    return r.ops->errors(r.h, buf, buflen);
}
static inline int nr_rtr_can_trace(nr_rtr r) { return r.ops && r.ops->trace; }
/* A cycle with every input 0 taken without evaluation, if the router is at
 * rest and offers it (nr_rtr_ops.rest); 0: evaluate it as usual. */
static inline int nr_rtr_rest(nr_rtr r) { return r.ops->rest ? r.ops->rest(r.h) : 0; }
/* Free the router (nothing for "none"). */
static inline void nr_rtr_free(nr_rtr r)
{
    if (r.ops) r.ops->free(r.h);
}

#endif
