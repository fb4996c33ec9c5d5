/* sw_port_front.h - nr_port_front: the port front ends of a switch (sw_port_front.c).
 * A piece of the switch models; sw_common.h says how the pieces work. */
#ifndef NR_SW_FRONT_H
#define NR_SW_FRONT_H
#include "sw_common.h"
#include "sw_bport.h"
#include "sw_iu.h" /* nr_pview: what a front shows the input unit */

/* ---- nr_port_front: the port front ends of a switch (yarc-arch §2, §11) ----
 * Per port either the LCB port model (nr_lcbp: link, go-back-N, input queue)
 * or the bare port (nr_port_bare); the switch sees one view of both (nr_pview)
 * and drives both the same way. */
typedef struct {
    int n, nvc;
    nr_lcbp **lcb;    /* [n] with LCBs, else NULL */
    nr_port_bare *bp; /* [n] without LCBs, else NULL */
    unsigned *seen;   /* [n] with LCBs: the state version of the last view taken */
} nr_port_front;
/* n ports with LCBs of parameters lp and run-time configuration lcfg, or
 * (lp NULL) bare ports of nvc VCs, buf phits per VC, max_pkt the VCT
 * threshold. 0; -1 with a message in err (out of memory, or the LCB's own
 * message). nr_port_front_release frees, also after a failed init. */
int nr_port_front_init(nr_port_front *f, int n, const nr_lcb_params *lp, const nr_lcb_cfg *lcfg,
                       int nvc, int buf, int max_pkt, char *err, int errlen);
void nr_port_front_release(nr_port_front *f);
/* Port p's state-only outputs at the start of the cycle. */
void nr_port_front_view(nr_port_front *f, int p, nr_pview *pv);
/* LCB port p's view may differ from the last one taken with
 * nr_port_front_view (a quiet cycle of the LCB changes none of it; speed
 * only). */
int nr_port_front_moved(const nr_port_front *f, int p);
/* Port p's cycle: the switch's reads d_rd[] (-1 none), the phit it sends
 * (tx_valid, tx_phit; both port kinds take its VC from the packet's head)
 * and the router inputs in; fills port p of out. Returns 0; 1 if the LCB did
 * not take the phit (the caller cancels the send; message in msg); 2 if the
 * bare port found a violation (msg). */
int nr_port_front_eval(nr_port_front *f, int p, const int8_t *d_rd, int tx_valid, uint32_t tx_phit,
                       const nr_rtr_in *in, nr_rtr_out *out, char *msg, int msglen);
/* Clock edge of every port. -1, or the first port whose input queue's
 * storage could not grow (out of memory; the phit is lost). */
int nr_port_front_tick(nr_port_front *f);
/* Clock edge of the ports of mask m (bit p: port p), for a switch that
 * evaluated only those this cycle (a port it did not evaluate has nothing
 * to commit; LCB ports are evaluated every cycle). Returns as
 * nr_port_front_tick. */
int nr_port_front_tick_mask(nr_port_front *f, uint64_t m);
/* Errors the LCB models found; the first as "port P LCB: ..." in buf (if buf
 * is empty). */
long nr_port_front_errors(const nr_port_front *f, char *buf, int buflen);
/* A router model's *_errors(): its own errors e and those of its front
 * ends f, counted together (saturated); the first message in buf, the
 * model's own before the LCBs'. */
int nr_router_errors(const nr_errs *e, const nr_port_front *f, char *buf, int buflen);

#endif
