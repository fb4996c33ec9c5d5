/* nr_yarc.h - the YARC C reference model (docs/yarc-arch.md, docs/yarc-model.md):
 * build parameters and API. Per cycle it is an nr_router.h router
 * (nr_yarc_rtr gives its nr_rtr).
 */
#ifndef NR_YARC_H
#define NR_YARC_H
#include "nr_lcb.h"
#include "nr_router.h"

/* YARC build parameters (docs/yarc-arch.md section 3). */
typedef struct {
    int rows, cols; /* num_ports = rows * cols */
    nr_port_params port;
    int row_buf_depth, col_buf_depth;
    int row_bus_lat, col_lat;
    int sub_speedup; /* subswitch input speedup across VCs, 1..4; 0 = the
                               * default 4 (every VC pops independently, §6) */
    int fb_seq;      /* FbSeq: the flattened-butterfly mode's sequential
                               * allocator (docs/fbfly-routing.md §6.4), 0 or 1; C model
                               * only (the RTL has none and refuses alg 5 and 6) */
    int up_pick;     /* UpPick: the adaptive up choice (docs/yarc-arch.md §5):
                               * 0 over every candidate (step 4), 2 greedy_r(2) between
                               * two drawn candidates (step 4'); C model only */
    int side_tab;    /* SideTab: 1 the side table of §5 step 3a (side links
                               * between peer subtrees), 0 none; C model only */
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

/* The model as an nr_rtr (nr_rtr_free frees the model). */
nr_rtr nr_yarc_rtr(nr_yarc *m);
/* UGAL-G's oracle, the C model only (docs/network.md "Topology: dfly"): the
 * table gq[l] of global-channel queues per logical port that the dragonfly
 * mode's UGAL-L reads at node inputs instead of its own queues (NULL: off;
 * the caller keeps it, and fills it before each eval); and output port p's
 * queue as the RC estimates it (docs/fbfly-routing.md 6.1). */
void nr_yarc_set_gq(nr_yarc *m, const int *gq);
int nr_yarc_out_q(const nr_yarc *m, int p);

#endif
