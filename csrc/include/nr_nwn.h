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
    int top_speedup;   /* input speedup of the top subswitches, 1..2 (1 for bb); 0 = 1 */
    int top_choice;    /* a = 1 top choice (§4.3): 0 most credits, 1 pseudo-random */
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

/* ---- seed 001 Table 1 as formulas (docs/results.md section 4.0) ----
 * The seed's complexity model of five organizations (seed 001 text lines
 * 105-111): canonical crossbar (cn), hierarchical crossbar (hc), folded-Clos
 * (fc, m = n = k/r), folded 2D torus (ft) and 2D HyperX (hx). Real-valued, so
 * that Fig 5's rule p = sqrt(k), r = 2 sqrt(k) (line 128) can be evaluated at
 * every k. Unlike nr_sw_counts these are the seed's formulas, not counts of
 * what the kit builds. */
enum { NR_T1_CN = 0, NR_T1_HC = 1, NR_T1_FC = 2, NR_T1_FT = 3, NR_T1_HX = 4, NR_T1_N = 5 };

typedef struct {
    double buffers; /* subswitch buffers; NAN for cn ("N/A" in the seed) */
    double fanout;  /* aggregate fanout (hx: worst case, Valiant routing) */
    double xpoints; /* total crosspoints */
    double area;    /* switch area in channel pitches squared: buffers,
                     * crossbars and global wires, no control (line 128) */
} nr_t1_row;

nr_t1_row nr_t1_cn(double k);
nr_t1_row nr_t1_hc(double k, double p); /* p: subswitch radix */
nr_t1_row nr_t1_fc(double k, double r); /* r: top-level subswitch radix, m = n = k/r */
nr_t1_row nr_t1_ft(double k);
nr_t1_row nr_t1_hx(double k);
/* One organization at Fig 5's rule: p = sqrt(k) for hc, r = 2 sqrt(k) for fc. */
nr_t1_row nr_t1_fig5(int org, double k);
/* "cn", "hc", "fc", "ft", "hx"; NULL for an unknown org. */
const char *nr_t1_name(int org);
/* The kit's extension of Table 1's fc switch area to m != n (no speedup):
 * (r/2)(n + 2m) x (2(n + m) + r m + r) with n = k/r. At m = n it is Table 1's
 * (3/2)k(4k/r + k + r) exactly; at k = 64, r = 16, m = 6 it gives Table 2's
 * fc6 figure. The seed gives no such formula: this is our reading. */
double nr_t1_fc_area_m(double k, double r, double m);

#endif
