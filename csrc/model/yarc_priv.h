/* yarc_priv.h - private header of the YARC C reference model (yarc*.c).
 *
 * Files, in the order a phit crosses them (docs/yarc-arch.md sections):
 *   yarc.c          top: nr_yarc_* API, parameters, wiring of the tiles,
 *                   the ports (LCB or bare), configuration port (§9), events
 *   yarc_rbd.c      row-bus driver: input-queue reads and staging (§4.1),
 *                   route-computation cycle (§4.2), row-bus send and
 *                   source-route rotation with CRC repair (§4.3)
 *   yarc_route.c    routing tables and the RC function (§5), config decode (§9)
 *   yarc_subsw.c    nr_ssw, generic subswitch, stage-1 arbitration (§6)
 *   yarc_outport.c  nr_oport, generic output port, stage-2 arbitration (§7)
 *   yarc_bport.c    nr_bport, the bare port (§11)
 *   yarc_bufs.c     nr_lfifo / nr_cwheel storage (swparts.h)
 *
 * Cycle: nr_yarc_eval() computes every block's decision for the cycle from
 * start-of-cycle state (the d_* fields) and the outputs; nr_yarc_tick()
 * commits the decisions (the _d -> _q copy of the RTL). */
#ifndef YARC_PRIV_H
#define YARC_PRIV_H
#include <stdint.h>

#include "nr_lcb.h"
#include "nr_router.h"
#include "swparts.h"

#define YARC_MAX_DIM 8   /* Rows, Cols <= 8 */
#define YARC_MAX_VCS 4
#define YARC_STG 4       /* staging FIFO per VC (§4.1) */

/* ---- routing tables of one tile (§5) ---- */
#define YARC_ENT_VALID 0x40u /* table entry {valid = bit 6, port = bits 5:0} */
#define YARC_ENT_PORT 0x3Fu
typedef struct {
    uint16_t root_mask, root_detect; /* 15 bits */
    uint8_t down_shift;              /* 4 bits */
    uint64_t up_mask;                /* NumPorts bits */
    uint8_t dlut[NR_MAX_PORTS], ulut[NR_MAX_PORTS], l2p[NR_MAX_PORTS];
} yarc_tables;

/* Result of route computation. */
typedef struct {
    int drop;    /* 1: DROP */
    int reason;  /* NR_DROP_* when drop, else 0 */
    int q;       /* physical output port when not drop */
    int adapt_l; /* logical port chosen by an adaptive decision (step 4), -1 if none */
} yarc_rc_t;

/* Static context of route computation for one input. */
typedef struct {
    int nports, nbits, nvcs, cols;
    int port;    /* this input's port number p */
} yarc_rc_ctx;

/* --- pure functions (yarc_route.c): call them anywhere --- */
/* Reset values (single-router mode). */
void yarc_tables_reset(yarc_tables *t, int nports);
/* Fold a 22-bit key into n bits: XOR of its n-bit chunks from bit 0 up, the
 * last chunk zero-padded (§5 step 5). */
unsigned yarc_fold(uint32_t key, int n);
/* Adaptive choice (§5 step 4): among the logical ports in cand (bit l), the
 * highest score[l]; ties to the first at or after ptr (mod nports). -1 if
 * cand is empty. */
int yarc_adaptive_pick(uint64_t cand, const int *score, int ptr, int nports);
/* The RC function (§5 steps 1-6) for a packet whose header phits are all
 * present: head, route phit (used if r), hash phit (used if h). cred[c][v] is
 * the RBD's row-buffer credit counter (scores), ad_ptr its adaptive pointer. */
yarc_rc_t yarc_route(const yarc_tables *t, const yarc_rc_ctx *c, uint32_t head,
                     uint32_t route_phit, uint32_t hash_phit,
                     const int (*cred)[YARC_MAX_VCS], int ad_ptr);
/* Route phit rotation (§4.3): data {d[15:0], d[21:16]}, kind kept. */
uint32_t yarc_rotate_route(uint32_t phit);
/* 1 if cfg_addr (8 bits) names a register or a table entry < nports (§9). */
int yarc_cfg_addr_ok(unsigned addr, int nports);
/* Apply a configuration write to one tile's tables (addr must be ok). */
void yarc_cfg_write(yarc_tables *t, int nports, unsigned addr, uint32_t wdata);

/* ---- row-bus driver of one input (§4) ---- */
typedef struct {
    /* staging FIFOs and the read pipeline (§4.1) */
    uint32_t stg[YARC_MAX_VCS][YARC_STG];
    uint8_t stg_head[YARC_MAX_VCS], stg_cnt[YARC_MAX_VCS];
    int rdq_v, rdq_vc;       /* a read was issued last cycle, for this VC */
    uint8_t rd_ptr;          /* round robin over VCs for reads */
    /* per-VC route registers (§4.2) and packet progress (§4.3) */
    uint8_t route_v[YARC_MAX_VCS], drop[YARC_MAX_VCS], route_q[YARC_MAX_VCS];
    uint8_t rbit[YARC_MAX_VCS]; /* the head's r bit */
    uint8_t pos[YARC_MAX_VCS];  /* 0: head next, 1: the phit after the head next, 2: later */
    uint16_t fix[YARC_MAX_VCS]; /* CRC repair register */
    uint8_t tx_ptr;             /* round robin over VCs for pops; moves on EOP */
    uint8_t rc_ptr;             /* round robin over VCs for the RC unit */
    uint8_t ad_ptr;             /* adaptive tie-break pointer over logical ports */
    int cred[YARC_MAX_DIM][YARC_MAX_VCS]; /* row-buffer credits [target column][vc] */
    /* decision of this cycle */
    int d_idle;                            /* nothing to do (speed only) */
    int d_rd_vc;                           /* read issued, -1 none */
    unsigned d_rc_ready;                   /* VCs ready to route (for tests) */
    int d_rc_vc;                           /* VC routed this cycle, -1 none */
    uint8_t d_rc[YARC_MAX_VCS];            /* RC done for this VC */
    yarc_rc_t d_rcr[YARC_MAX_VCS];
    int d_ad_ptr;
    int d_pop_vc;                          /* staging popped, -1 none */
    uint32_t d_pop_phit;                   /* the phit as sent on the row bus */
    uint16_t d_fix;
    uint32_t d_tev;                        /* RT_DROP event and reason */
} yarc_rbd;

/* One tile: the port's RBD, tables, subswitch (row buffers, column-channel
 * credits) and output port (column buffers). */
typedef struct {
    yarc_rbd rbd;
    yarc_tables tab;
    nr_ssw ssw;   /* inputs: row buffers [c][v]; outputs: column channels j */
    nr_oport op;  /* sources: column buffers [v][r] */
} yarc_tile;

/* What the router sees of a port before computing the port's inputs. */
typedef struct {
    unsigned rd_avail, vc_ok;
    int rd_valid;
    uint32_t rd_phit;
} yarc_pview;

struct nr_yarc {
    nr_yarc_params p;
    int n, nbits;        /* NumPorts, log2 */
    int cshift, cmask;   /* port p: row p >> cshift, column p & cmask (Cols = 2^cshift) */
    uint32_t now;        /* cycle counter */
    yarc_tile *t;        /* [n] */
    nr_cwheel cw;        /* row-buffer and column-buffer credit returns */
    nr_lcbp **lcb;       /* [n] with use_lcb */
    nr_lcbp_out *lo;     /* [n] */
    nr_bport *bp;        /* [n] without */
    yarc_pview *pv;      /* [n] this cycle's port view */
    uint8_t *taken;      /* [n] the port took the output port's phit */
    /* configuration write of this cycle */
    int d_cfg_we, d_cfg_lo, d_cfg_hi;
    unsigned d_cfg_addr;
    uint32_t d_cfg_wdata;
    /* errors */
    long nerr;
    char err[256];
};

/* Record an interface violation or internal inconsistency (first message
 * kept); nr_yarc_errors() reports them. Call wherever one is detected. */
void yarc_error(nr_yarc *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* yarc_rbd.c. Reset one RBD: empty staging, no routes, credits =
 * RowBufDepth. Call at model creation. */
void yarc_rbd_reset(yarc_rbd *b, int cols, int nvcs, int row_buf_depth);
/* Decide this cycle's read, RC and pop for input p. Call in nr_yarc_eval after
 * the port view m->pv[p] is filled. */
void yarc_rbd_eval(nr_yarc *m, int p);
/* Commit: pop and row-bus push, staging append of the returning read, route
 * registers, pointers. Call in nr_yarc_tick, once per cycle. */
void yarc_rbd_commit(nr_yarc *m, int p);

#endif
