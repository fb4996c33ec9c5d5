/* nr_nwn.h - the network-within-a-network switches (docs/nwn-arch.md): the
 * folded-Clos switch (fc), the bilateral butterfly (bb) and the canonical
 * crossbar (cn), one C reference model with the organization as a parameter,
 * and the complexity counts of every organization in the kit.
 *
 * The model presents the per-cycle router view of nr_router.h (nr_rtr_in /
 * nr_rtr_out), exactly like the YARC model, so the router testbench runs it
 * standalone or in lockstep with the Verilated nr_nwn.
 */
#ifndef NR_NWN_H
#define NR_NWN_H
#include "nr_lcb.h"
#include "nr_router.h"

/* Build parameters (docs/nwn-arch.md section 3). The organization:
 *   cn: r = 1, m = 0, bb = 0      fc: r >= 2, bb = 0      bb: bb = 1 */
typedef struct {
    int num_ports;     /* k, power of two 4..64 */
    int r;             /* bottom subswitches of the fc (bb keeps r/2); 1 for cn */
    int m;             /* top subswitches; 0 only for cn */
    int bb;            /* bilateral butterfly */
    int speedup;       /* input speedup S of the bottom subswitches, 1..2 */
    int self_turn;     /* keep the self crosspoints (q = p) */
    int num_vcs;       /* 1..4 */
    int in_buf_per_vc; /* input queue per VC = upstream credits */
    int buf_depth;     /* internal buffer per (subswitch input, VC), phits */
    int chan_lat;      /* internal channel latency, 1..4 */
    int use_lcb;
    int max_pkt_len;
    int replay_depth, window; /* LCB */
} nr_nwn_params;

/* Extra RT_DROP reasons of the network switches (nr_router.h has 1..4). */
enum { NR_DROP_SELF = 5, NR_DROP_UPUP = 6 };

/* Check p against docs/nwn-arch.md section 3: 0, or -1 with a message. */
int nr_nwn_check(const nr_nwn_params *p, char *err, int errlen);

/* The C reference model. */
typedef struct nr_nwn nr_nwn;
/* Create in reset state (routing tables in single-router mode); NULL and a
 * message in err on a bad parameter or out of memory. Call once. */
nr_nwn *nr_nwn_new(const nr_nwn_params *p, const nr_lcb_cfg *lcfg, char *err, int errlen);
void nr_nwn_free(nr_nwn *m);
/* Outputs of the current cycle for inputs `in`; no state change. Call once per
 * cycle, before nr_nwn_tick (calling it again with the same inputs gives the
 * same outputs). */
void nr_nwn_eval(nr_nwn *m, const nr_rtr_in *in, nr_rtr_out *out);
/* Clock edge: commit what the last nr_nwn_eval decided. */
void nr_nwn_tick(nr_nwn *m);
/* Interface violations detected so far (0 if none); the first message in buf. */
int nr_nwn_errors(const nr_nwn *m, char *buf, int buflen);

/* ---- complexity counts (docs/nwn-arch.md section 10) ---- */

/* Path shapes for the aggregate fanout. */
enum { NR_PATH_LOCAL = 0, NR_PATH_TURN = 1, NR_PATH_UP = 2, NR_PATH_DOWN = 3, NR_PATH_N = 4 };

typedef struct {
    long xpoints;          /* crosspoints built (input speedup counted) */
    long xpoints_seed;     /* the seed's Table 1 formula for this organization (0: none) */
    long sub_buffers;      /* subswitch buffers (inputs fed by internal channels) */
    long buf_phits;        /* phits of internal buffering (all VCs) */
    long channels;         /* internal global channels, unidirectional */
    int subswitches;       /* crossbars */
    int fanout_max;        /* aggregate fanout, worst path */
    int fanout[NR_PATH_N]; /* per path shape, -1 where the shape does not exist */
} nr_sw_counts;

/* Counts of a network switch; 0, or -1 (and a message) on bad parameters. */
int nr_nwn_counts(const nr_nwn_params *p, nr_sw_counts *c, char *err, int errlen);
/* Counts of a YARC router (hierarchical crossbar: subswitch radix p = Rows =
 * Cols for the seed's square case). */
int nr_yarc_counts(const nr_yarc_params *p, nr_sw_counts *c, char *err, int errlen);

#endif
