/* sw_route.h - nr_route_tables: routing tables, route computation, the configuration decode (sw_route.c).
 * A piece of the switch models; sw_common.h says how the pieces work. */
#ifndef NR_SW_ROUTE_H
#define NR_SW_ROUTE_H
#include "sw_common.h"

/* ---- nr_route_tables: routing tables and route computation (yarc-arch §5, §9) ---- */
#define NR_RT_ENT_VALID 0x40u /* table entry {valid = bit 6, port = bits 5:0} */
#define NR_RT_ENT_PORT 0x3Fu
typedef struct {
    uint16_t root_mask, root_detect; /* 15 bits */
    uint8_t down_shift;              /* 4 bits */
    uint64_t up_mask;                /* NumPorts bits */
    uint8_t dlut[NR_MAX_PORTS], ulut[NR_MAX_PORTS], l2p[NR_MAX_PORTS];
} nr_route_tables;

/* Result of route computation. */
typedef struct {
    int drop;    /* 1: DROP */
    int reason;  /* NR_DROP_* when drop, else 0 */
    int q;       /* physical output port when not drop */
    int adapt_l; /* logical port chosen by an adaptive decision (step 4), -1 if none */
} nr_rt_res;

/* Static context of route computation for one input. */
typedef struct {
    int nports, nbits, nvcs;
    int cols;    /* adaptive score: cred[q mod cols][vc] (YARC) */
    int port;    /* this input's port number p */
} nr_rt_ctx;

/* Reset values (single-router mode). Call at model creation. */
void nr_rt_reset(nr_route_tables *t, int nports);
/* Fold a 22-bit key into n bits: XOR of its n-bit chunks from bit 0 up, the
 * last chunk zero-padded (§5 step 5). Pure. */
unsigned nr_rt_fold(uint32_t key, int n);
/* The RC function (§5 steps 1-6) for a packet whose header phits are all
 * present: head, route phit (used if r), hash phit (used if h). Adaptive
 * scores (step 4): cred[q mod c->cols][vc] (YARC's row-buffer credits), or 0
 * for every candidate if cred is NULL (nwn-arch §4.2). ad_ptr: the adaptive
 * pointer. Pure; call in the RC cycle. */
nr_rt_res nr_rt_route(const nr_route_tables *t, const nr_rt_ctx *c, uint32_t head,
                      uint32_t route_phit, uint32_t hash_phit, const int (*cred)[NR_SW_MAX_VCS],
                      int ad_ptr);
/* Route phit rotation (yarc-arch §4.3): data {d[15:0], d[21:16]}, kind kept. */
uint32_t nr_rt_rotate(uint32_t phit);
/* 1 if cfg_addr (8 bits) names a register or a table entry < nports (§9). */
int nr_rt_cfg_addr_ok(unsigned addr, int nports);
/* Apply a configuration write to one port's tables (addr must be ok). Call at
 * the clock edge of the write cycle. */
void nr_rt_cfg_write(nr_route_tables *t, int nports, unsigned addr, uint32_t wdata);
/* Decode this cycle's configuration write (yarc-arch §9, cfg_tile = the port
 * whose tables are written; nwn-arch §9): 1 if tables [*lo .. *hi] are to be
 * written at *addr at the clock edge; 0 if nothing is written. A missing
 * address raises CFG_BAD in tev[] of the addressed ports (this cycle); a
 * non-broadcast write to a port >= nports does nothing. Call in eval. */
int nr_rt_cfg_decode(const nr_rtr_in *in, int nports, int *lo, int *hi, unsigned *addr,
                     uint32_t *tev);
/* A router's configuration write of this cycle: decoded in eval
 * (nr_rt_cfg_latch), written to tables [lo .. hi] at the clock edge if we. */
typedef struct {
    int we, lo, hi;
    unsigned addr;
    uint32_t wdata;
} nr_rt_cfgw;
static inline void nr_rt_cfg_latch(nr_rt_cfgw *w, const nr_rtr_in *in, int nports, uint32_t *tev)
{
    w->we = nr_rt_cfg_decode(in, nports, &w->lo, &w->hi, &w->addr, tev);
    w->wdata = in->cfg_wdata;
}

#endif
