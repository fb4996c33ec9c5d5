// nr_swalloc_accept_shim.cpp - extern "C" API (tb/cells/cells_shim.h) over
// the Verilated nr_swalloc_accept (the accept-stage shares, test_accept_share.c).
#include "Vnr_swalloc_accept.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

static const uint32_t zero_pay[4] = {0, 0, 0, 0};
static const unsigned zero_tgt[4] = {0, 0, 0, 0};
NR_CELL_SHIM(acc, Vnr_swalloc_accept, 0, 0, zero_pay, zero_tgt, 0, 0, 0)

extern "C" {
void acc_set(acc_dut *h, unsigned valid_i, unsigned head_i, const uint32_t *pay,
             const unsigned *tgt, unsigned gnt_i, unsigned own_i, unsigned rdy_i)
{
    // the build has NumVcs = 4, PayW = 24, TgtW = 3 (mk/cells.mk): VC v's
    // phit at bits 24v +: 24 of the 96-bit pay_i
    uint32_t w[3] = {0, 0, 0}, t = 0;
    for (int v = 0; v < 4; v++) {
        for (int b = 0; b < 24; b++)
            if ((pay[v] >> b) & 1u) w[(24 * v + b) / 32] |= 1u << ((24 * v + b) % 32);
        t |= (tgt[v] & 7u) << (3 * v);
    }
    h->top->valid_i = valid_i;
    h->top->head_i = head_i;
    h->top->pay_i[0] = w[0];
    h->top->pay_i[1] = w[1];
    h->top->pay_i[2] = w[2];
    h->top->tgt_i = t;
    h->top->drop_i = 0;
    h->top->gnt_i = gnt_i;
    h->top->gnt2_i = 0;
    h->top->own_i = own_i;
    h->top->own2_i = 0;
    h->top->rdy_i = rdy_i;
    h->top->xmask_i = 0xFF;
    h->top->eval();
}
unsigned acc_acc(const acc_dut *h) { return h->top->acc_o; }
int acc_held(const acc_dut *h) { return h->top->held_o; }
}
