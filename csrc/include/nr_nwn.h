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
#include "nr_yarc.h"

/* Build parameters (docs/nwn-arch.md section 3). The organization:
 *   cn: r = 1, m = 0, bb = 0      fc: r >= 2, bb = 0      bb: bb = 1
 *   fb: r = 1, m = 0, xp_buf = 1      hxv, hxm: r = 1, m = 0, hx = 1, 2
 *   vc: r = 1, m = 0, vc = 1
 *   ftd: r = 1, m = 0, ft = 1 */
typedef struct {
    int num_ports;   /* k, power of two 4..64 */
    int r;           /* bottom subswitches of the fc (bb keeps r/2); 1 for cn */
    int m;           /* top subswitches; 0 only for cn */
    int bb;          /* bilateral butterfly */
    int speedup;     /* input speedup S of the bottom subswitches, 1..2 */
    int top_speedup; /* input speedup of the top subswitches, 1..2 (1 for bb); 0 = 1 */
    int top_choice;  /* a = 1 top choice (§4.3): 0 most credits, 1 pseudo-random */
    int self_turn;   /* keep the self crosspoints (q = p) */
    nr_port_params port;
    int buf_depth; /* internal buffer per (subswitch input, VC), phits */
    int chan_lat;  /* internal channel latency, 1..4 */
    int fb_seq;    /* FbSeq: the sequential allocator of docs/fbfly-routing.md §6.4,
                        * 0 or 1; C model only */
    int up_pick;   /* UpPick: the adaptive up choice (docs/yarc-arch.md §5, nwn-arch
                        * §4.2): 0 over every candidate, 2 greedy_r(2) between two
                        * drawn candidates (step 4'); C model only */
    int side_tab;  /* SideTab: 1 the side table of yarc-arch §5 step 3a, 0 none; C
                        * model only */
    int xp_buf;    /* XpBuf: 1 the fully buffered crossbar fb (nwn-arch §1.5): a
                        * buffer of buf_depth per crosspoint and VC; needs r = 1 */
    int hx;        /* Hx: the 2-D HyperX switch (nwn-arch §1.6), 1 hxv (Valiant), 2
                        * hxm (minimal adaptive); needs r = 1, k = 8 or 64 */
    int vc;        /* Vc: 1 the baseline VC router vc (nwn-arch §1.7): VA, then an
                        * input-first SA; needs cn's shape; C model only */
    int vc_cls;    /* VcCls: its VA classes, dividing num_vcs (0 = 1) */
    int va_hop;    /* VaHop: 1 class c + 1 at each hop, the last kept; VcCls >= 2 */
    int sa_alloc;  /* SaAlloc: vc's switch allocator, 0 separable input first, 1 iSLIP,
                        * 2 the distributed allocator of [AK11] Fig 6.3 */
    int sa_iter;   /* SaIter: iSLIP's rounds, 1..4 (0 = 1) */
    int sa_group;  /* SaGroup: the distributed allocator's group m, dividing k (0 = 8) */
    int spec;      /* Spec: 1 vc's speculative SA, a head bidding in its VA cycle */
    int ft;        /* Ft: the folded 2-D torus switch (nwn-arch §1.8), 1 ftd
                        * (dimension order, datelines by channel); needs r = 1, k = 64 */
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
/* The model as an nr_rtr (nr_router.h; nr_rtr_free frees the model). */
nr_rtr nr_nwn_rtr(nr_nwn *m);
/* UGAL-G's oracle, the C model only: as nr_yarc_set_gq and nr_yarc_out_q. */
void nr_nwn_set_gq(nr_nwn *m, const int *gq);
int nr_nwn_out_q(const nr_nwn *m, int p);

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
 * The seed's complexity model of five organizations ([ACK12] Table 1):
 * canonical crossbar (cn), hierarchical crossbar (hc), folded-Clos
 * (fc, m = n = k/r), folded 2D torus (ft) and 2D HyperX (hx). Real-valued, so
 * that Fig 5's rule p = sqrt(k), r = 2 sqrt(k) ([ACK12 §3.2]) can be evaluated at
 * every k. Unlike nr_sw_counts these are the seed's formulas, not counts of
 * what the kit builds. */
enum { NR_T1_CN = 0, NR_T1_HC = 1, NR_T1_FC = 2, NR_T1_FT = 3, NR_T1_HX = 4, NR_T1_N = 5 };

typedef struct {
    double buffers; /* subswitch buffers; NAN for cn ("N/A" in the seed) */
    double fanout;  /* aggregate fanout (hx: worst case, Valiant routing) */
    double xpoints; /* total crosspoints */
    double area;    /* switch area in channel pitches squared: buffers,
                     * crossbars and global wires, no control ([ACK12 §3.2]) */
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

/* ---- energy ([ACK12 §5.1]; docs/results.md section 4.3) ----
 * Small pure functions: per-bit dynamic energy of one (source port,
 * destination port) path, static power per cycle, and the Table 1 switch area
 * used for EDAP. Seed 001 gives the per-event figures; which event each
 * figure multiplies, the channel width and the radix of a crossbar with input
 * speedup are the kit's readings (docs/results.md 4.3.1). */
enum { NR_EN_HC = 0, NR_EN_FC = 1, NR_EN_BB = 2, NR_EN_FT = 3, NR_EN_HX = 4 }; /* cn: NR_EN_FC */

typedef struct {
    int org;          /* NR_EN_HC, NR_EN_FC (also cn), NR_EN_BB, NR_EN_FT (ftd), NR_EN_HX */
    int hx;           /* HyperX: 1 hxv (a path is the mean over its intermediates), 2 hxm */
    int k;            /* ports */
    int rows, cols;   /* hc: tile grid, k = rows * cols */
    int hc_lanes;     /* hc: crossbar lanes per subswitch input, min(SubSpeedup, NumVcs) */
    int r, m;         /* fc/bb: bottom subswitches of the fc (bb keeps r/2), tops */
    int speedup;      /* fc/bb: input speedup of the bottoms */
    int top_speedup;  /* fc: input speedup of the tops (bb: 1) */
    int self_turn;    /* fc/bb: q = p is delivered (else it has no path) */
    int lat_a, lat_b; /* internal channel distance in cycles = latency: hc row bus and
                         * column channel; fc/bb up-link and down-link; ftd, hx every link
                         * (all ChanLat but hc's) */
} nr_en_org;

typedef struct {
    double wire_fj;          /* dynamic: one bit over a 1-cycle distance (40) */
    double inbuf_wr_fj;      /* write one bit into the 128 kb input port buffer (40) */
    double inbuf_rd_fj;      /* read it (40) */
    double subbuf_wr_fj;     /* write one bit into an 8 kb subswitch buffer (10) */
    double subbuf_rd_fj;     /* read it (10) */
    double xbar_fj;          /* one bit through a crossbar, per unit of its radix (40) */
    double offchip_fj;       /* one bit off-chip (1000); 0 leaves it out */
    double wire_static_fj;   /* one wire (one data bit) of 1-cycle distance, per cycle (20) */
    double xpt_static_fj;    /* one crosspoint, per unit of its crossbar's radix, per cycle (8) */
    int xpt_static_per_bit;  /* 0: per crosspoint (our reading); 1: per crosspoint and data bit */
    double inbuf_static_mw;  /* one input port buffer (10 mW) */
    double subbuf_static_mw; /* one subswitch buffer (2 mW) */
    double clock_ghz;        /* 5 GHz */
    int width_bits;          /* data wires of a channel and crosspoint: one 24-bit phit */
} nr_en_coef;

/* What one packet's path uses, per bit. */
typedef struct {
    int in_bufs;      /* input port buffers written and read (1) */
    int sub_bufs;     /* subswitch buffers written and read */
    int xbars;        /* crossbars traversed */
    double radix_sum; /* sum of their radices */
    int hops;         /* internal channel hops */
    int wire_cycles;  /* their total distance, cycles */
} nr_en_path;

/* Static power split by component, fJ per cycle. */
typedef struct {
    double wires, xpoints, in_bufs, sub_bufs, total;
} nr_en_static;

/* Seed 001 line 179 with the kit's readings; off-chip left out (0). */
void nr_en_coef_seed(nr_en_coef *c);
/* The organization of a network switch or a YARC router; 0, or -1 if the
 * parameters are not a shape the model knows (hc needs rows, cols >= 2). */
int nr_en_org_nwn(const nr_nwn_params *p, nr_en_org *o);
int nr_en_org_yarc(const nr_yarc_params *p, nr_en_org *o);
/* Radix of a crossbar with `inputs` inputs driving `lanes` lanes each and
 * `outputs` outputs: (inputs * lanes + outputs) / 2, the mean of its row and
 * column lengths (our reading; n for an n x n crossbar). */
double nr_en_xbar_radix(int inputs, int lanes, int outputs);
/* The path from port src to port dst: 0, or -1 if the switch has none
 * (bb up port to up port, q = p without self turns, a port out of range). */
int nr_en_path_of(const nr_en_org *o, int src, int dst, nr_en_path *p);
/* Dynamic energy per bit of a path, fJ (off-chip included if c has it). */
double nr_en_path_fj(const nr_en_path *p, const nr_en_coef *c);
/* nr_en_path_of then nr_en_path_fj; NAN where there is no path. */
double nr_en_pair_fj(const nr_en_org *o, const nr_en_coef *c, int src, int dst);
/* Static power per cycle, fJ: 0, or -1 on an unknown organization. */
int nr_en_static_of(const nr_en_org *o, const nr_en_coef *c, nr_en_static *s);
/* Energy per delivered bit, fJ: dynamic per bit plus the static power per
 * cycle spread over the bits delivered per cycle (accepted phits per cycle
 * per port x k x width). NAN if nothing is delivered. */
double nr_en_per_bit_fj(double dyn_fj, double static_fj_cycle, double accepted, int k,
                        int width_bits);
/* Switch area for EDAP, channel pitches squared (docs/results.md 4.3.1):
 * Table 1's hc and cn, the kit's fc extension nr_t1_fc_area_m for fc and fc6,
 * Table 2's printed 24640 for fc6-isu2 (k 64, r 16, m 6, every crossbar
 * sped up by 2; no formula exists), and for bb 0.75 x the fc figure (seed 001
 * §5.4: bb "reduces the switch area by 25%"). NAN for anything else. */
double nr_en_area(const nr_en_org *o);

#endif
