/* yarc_priv.h - private header of the YARC C reference model (yarc*.c).
 *
 * Files, in the order a phit crosses them (docs/yarc-arch.md sections):
 *   yarc.c          top: nr_yarc_* API, parameters, wiring of the tiles,
 *                   the ports (LCB or bare), configuration port (§9), events
 *   yarc_rbd.c      row-bus driver: the input unit (nr_iu: reads and staging
 *                   §4.1, the RC unit §4.2, rotation and CRC repair §4.3)
 *                   and the row bus's grant and send round robin (§4.3)
 * and the shared pieces of swparts.h (docs/nwn-arch.md §6.5: YARC is a
 * special case of the network switches' input unit and allocator):
 *   sw_iu.c         nr_iu, the input unit
 *   sw_route.c      routing tables and the RC function (§5), config decode (§9)
 *   sw_alloc.c      nr_swalloc: the subswitch (§6) and the output port (§7)
 *   sw_bport.c      nr_port_bare, the bare port (§11)
 *   sw_bufs.c       nr_vcbank / nr_chpipe storage
 *
 * Cycle: nr_yarc_eval() computes every block's decision for the cycle from
 * start-of-cycle state (the d_* fields) and the outputs; nr_yarc_tick()
 * commits the decisions (the _d -> _q copy of the RTL). */
#ifndef YARC_PRIV_H
#define YARC_PRIV_H
#include <stdint.h>

#include "nr_lcb.h"
#include "nr_router.h"
#include "nr_yarc.h"
#include "sw_core.h"

#define YARC_MAX_DIM 8 /* Rows, Cols <= 8 */
#define YARC_MAX_VCS 4

/* One tile: the port's row-bus driver (input unit, row-bus credits and send
 * pointer), subswitch (row buffers, column-channel credits) and output port
 * (column buffers); its tables are the core's (c.rt.tp[p]). */
typedef struct {
    nr_iu iu;                              /* §4.1, §4.2; fronts and pops of §4.3 */
    int cred[YARC_MAX_DIM][NR_SW_MAX_VCS]; /* row-buffer credits [target column][vc] */
    uint8_t iptr;   /* §4.3 send round robin over VCs (the accept rule, S = 1) */
    nr_swalloc ssw; /* inputs: row buffers [c]; outputs: column channels j */
    nr_swalloc op;  /* inputs: column buffers [r]; one port output */
} yarc_tile;

struct nr_yarc {
    nr_yarc_params p;
    int n, nbits;      /* NumPorts, log2 */
    int cshift, cmask; /* port p: row p >> cshift, column p & cmask (Cols = 2^cshift) */
    /* the cycle count, ring pool, routing tables, credit pipe (row-buffer and column-buffer
     * credit returns), front ends and views, configuration write, sequential
     * allocator, errors and activity (sw_core.h; bit p: tile p, whose port
     * is p, and its RBD's input unit) */
    nr_sw_core c;
    yarc_tile *t;             /* [n] */
    uint8_t qmap[NR_SW_QMAP]; /* every subswitch's: a row-buffer HEAD goes to column q / Cols */
    /* Activity of the allocators (speed only): a cycle evaluates only those
     * that may do something (docs/yarc-model.md, "Activity") */
    uint64_t ssw_act, op_act; /* subswitches and output ports that may not be idle */
    uint64_t ssw_e, op_e;     /* subswitches and output ports evaluated busy this cycle */
};

/* Record an interface violation or internal inconsistency (first message
 * kept); nr_yarc_errors() reports them. Call wherever one is detected. */
#define yarc_error(m, ...) nr_errs_add(&(m)->c.errs, __VA_ARGS__)

/* yarc_rbd.c. Reset one RBD: the input unit, credits = RowBufDepth. Call at
 * model creation. */
void yarc_rbd_reset(nr_yarc *m, int p);
/* Decide this cycle's read, RC and pop for input p (fb: what the
 * flattened-butterfly RC reads). Call in nr_yarc_eval after every port view
 * m->pv[] is filled. */
void yarc_rbd_eval(nr_yarc *m, int p, const nr_fb_env *fb);
/* Commit: the pop goes on the row bus, then the input unit's commit (staging
 * append of the returning read, route registers, pointers). Call in
 * nr_yarc_tick, once per cycle. */
void yarc_rbd_commit(nr_yarc *m, int p);

#endif
