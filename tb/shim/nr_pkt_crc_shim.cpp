// nr_pkt_crc_shim.cpp - extern "C" API (tb/cells/cells_shim.h) over the
// Verilated nr_pkt_crc.
#include "Vnr_pkt_crc.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"

NR_CELL_SHIM(pktcrc, Vnr_pkt_crc, 0, 0)

extern "C" {
void pktcrc_set(pktcrc_dut *h, int valid_i, uint32_t phit_i)
{
    h->top->valid_i = valid_i;
    h->top->phit_i = phit_i;
    h->top->eval();
}
void pktcrc_get(const pktcrc_dut *h, pktcrc_out *o)
{
    o->crc_data_o = h->top->crc_data_o;
    o->pcrc_o = h->top->pcrc_o;
    o->eop_o = h->top->eop_o;
    o->match_o = h->top->match_o;
    o->proto_err_o = h->top->proto_err_o;
    o->proto_err_sticky_o = h->top->proto_err_sticky_o;
}
}
