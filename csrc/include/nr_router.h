/* nr_router.h - one cycle of a whole router, as seen by a testbench.
 *
 * Every switch organization in the kit (YARC hierarchical crossbar now; the
 * folded-Clos, bilateral-butterfly and canonical crossbar later) presents this
 * same external interface, so the LCB, the traffic sources, the scoreboard and
 * the lockstep harness attach unchanged. Two implementations per organization:
 * the C reference model (csrc/model/) and the Verilated RTL (tb/shim/).
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
} nr_rtr_in;

/* Tile event bits (in nr_rtr_out.tev). */
enum { NR_TEV_RT_DROP = 0, NR_TEV_CFG_BAD = 1, NR_TEV_REASON_LSB = 2 /* 3 bits */ };
/* RT_DROP reasons. */
enum { NR_DROP_MALFORMED = 1, NR_DROP_BAD_SRCROUTE = 2, NR_DROP_NO_ROUTE = 3, NR_DROP_SHORT = 4 };

typedef struct {
    uint32_t link_tx[NR_MAX_PORTS];                  /* use_lcb = 1 */
    int out_valid[NR_MAX_PORTS];                     /* use_lcb = 0 */
    uint32_t out_phit[NR_MAX_PORTS];
    uint32_t in_cr[NR_MAX_PORTS][NR_LCB_MAX_VCS];    /* use_lcb = 0: credits freed */
    uint32_t ev[NR_MAX_PORTS];    /* LCB events per port (nr_lcb.h), 0 if bare */
    uint32_t tev[NR_MAX_PORTS];   /* tile events per port */
    int link_down[NR_MAX_PORTS];  /* use_lcb = 1 */
} nr_rtr_out;

/* YARC build parameters (docs/yarc-arch.md section 3). */
typedef struct {
    int rows, cols;        /* num_ports = rows * cols */
    int num_vcs;
    int in_buf_per_vc;     /* input queue per VC = upstream credits */
    int row_buf_depth, col_buf_depth;
    int row_bus_lat, col_lat;
    int use_lcb;
    int max_pkt_len;
    int replay_depth, window; /* LCB */
    int sub_speedup;          /* subswitch input speedup across VCs, 1..4; 0 = the
                               * default 4 (every VC pops independently, §6) */
    int link_crc_w;           /* every port's link check, 16 or 32 (link-protocol
                               * §4.1); 0 = the default 16 */
} nr_yarc_params;

/* Check p against docs/yarc-arch.md section 3: 0, or -1 with a message. */
int nr_yarc_check(const nr_yarc_params *p, char *err, int errlen);

/* The YARC C reference model. */
typedef struct nr_yarc nr_yarc;
/* Create in reset state; NULL + message in err on a bad parameter. */
nr_yarc *nr_yarc_new(const nr_yarc_params *p, const nr_lcb_cfg *lcfg, char *err, int errlen);
void nr_yarc_free(nr_yarc *m);
/* Outputs of the current cycle for inputs `in`; no state change. */
void nr_yarc_eval(nr_yarc *m, const nr_rtr_in *in, nr_rtr_out *out);
/* Clock edge. */
void nr_yarc_tick(nr_yarc *m);
/* Interface violations detected so far; first message in buf. */
int nr_yarc_errors(const nr_yarc *m, char *buf, int buflen);

#endif
