// nr_nwn_fhop_shim.cpp - extern "C" API (tb/cells/cells_shim.h) over the
// Verilated nr_nwn_fhop (the top-choice LFSR vectors, test_fhop_lfsr.c).
#include "Vnr_nwn_fhop.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_CELL_SHIM(fhop, Vnr_nwn_fhop, 0, 0, 0, 0, 0, 0, 0)

extern "C" {
void fhop_set(fhop_dut *h, uint32_t port_id_i, int en_i, uint32_t vc_i, uint32_t q_i,
              uint32_t head_i, uint32_t hash_i, uint64_t cc_t_vc_i)
{
    h->top->port_id_i = port_id_i;
    h->top->en_i = en_i;
    h->top->vc_i = vc_i;
    h->top->q_i = q_i;
    h->top->head_i = head_i;
    h->top->hash_i = hash_i;
    h->top->cc_t_vc_i = cc_t_vc_i;
    h->top->eval();
}
uint32_t fhop_out(const fhop_dut *h)
{
    return (uint32_t)h->top->tgt_o | (uint32_t)h->top->drop_o << 8 |
           (uint32_t)h->top->reason_o << 9;
}
}
