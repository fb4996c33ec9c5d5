/* vctsend.h - the sender side of a bare router port, as an upstream router's
 * output would drive it (virtual cut-through, docs/yarc-arch.md section 11):
 * per-VC credits for the receiver's input queue, starting full; a HEAD goes
 * only with MaxPktLen credits of its VC, any other phit with one, every phit
 * sent debits one, and the receiver's in_cr gives them back. One component
 * for every testbench that drives a bare port (the router harness's bare
 * endpoint, the YARC and nwn RTL smoke tests).
 */
#ifndef TB_COMMON_VCTSEND_H
#define TB_COMMON_VCTSEND_H
#include <stdint.h>

#include "nr_lcb.h" /* NR_LCB_MAX_VCS */

typedef struct {
    uint32_t cred[NR_LCB_MAX_VCS];
    uint32_t full;      /* the receiver's buffer per VC */
    uint32_t head_need; /* credits a HEAD needs: MaxPktLen */
    int nvcs;
} tb_vctsend;

static inline void tb_vctsend_init(tb_vctsend *c, int nvcs, int buf_per_vc, int max_pkt_len)
{
    c->nvcs = nvcs;
    c->full = (uint32_t)buf_per_vc;
    c->head_need = (uint32_t)max_pkt_len;
    for (int v = 0; v < NR_LCB_MAX_VCS; v++) c->cred[v] = c->full;
}
/* May a phit of VC vc go now (head: the packet's first phit)? */
static inline int tb_vctsend_may(const tb_vctsend *c, int vc, int head)
{
    return c->cred[vc] >= (head ? c->head_need : 1u);
}
static inline void tb_vctsend_sent(tb_vctsend *c, int vc) { c->cred[vc]--; }
/* The receiver's credits of one cycle (in_cr[v], v < nvcs). Returns the
 * first VC whose count went above the buffer, with that count in *over (the
 * counts are clamped to the buffer: a protocol error for the caller to
 * report), or -1. */
static inline int tb_vctsend_return(tb_vctsend *c, const uint32_t *in_cr, uint32_t *over)
{
    int bad = -1;
    for (int v = 0; v < c->nvcs; v++) {
        c->cred[v] += in_cr[v];
        if (c->cred[v] > c->full) {
            if (bad < 0) {
                bad = v;
                *over = c->cred[v];
            }
            c->cred[v] = c->full;
        }
    }
    return bad;
}
/* Every credit home? */
static inline int tb_vctsend_home(const tb_vctsend *c)
{
    for (int v = 0; v < c->nvcs; v++)
        if (c->cred[v] != c->full) return 0;
    return 1;
}
#endif
