// nr_route_fb_shim.cpp - extern "C" API (tb/cells/cells_shim.h) over the
// Verilated nr_route_fb (the flattened-butterfly route policy against the
// document, test_route_fb.c). The wide vectors l2p_i, ulut_i, dlut_i and
// pcr_p_v_i are written field by field (port_bits.hpp), with the build's NumPorts, NumVcs
// and InBufPerVc (cells_param).
#include "Vnr_route_fb.h"
#include "../cells/cells_shim.h"
#include "../cells/shim_common.hpp"
#include "port_bits.hpp"

NR_CELL_SHIM(rfb, Vnr_route_fb, 0, 0, 0, 0, nullptr, nullptr, nullptr, nullptr, 0)

extern "C" {
void rfb_set(rfb_dut *h, uint32_t port_id_i, uint32_t fb_ctrl_i, uint32_t fb_me_i, uint32_t head_i,
             const uint8_t *l2p, const uint8_t *ulut, const uint8_t *dlut, const int *cr,
             int fb_en_i)
{
    const int np = cells_param("NumPorts"), nv = cells_param("NumVcs");
    const int buf = cells_param("InBufPerVc");
    int cw = 0;
    while ((1 << cw) < buf + 1) cw++;
    h->top->port_id_i = port_id_i;
    h->top->fb_ctrl_i = fb_ctrl_i;
    h->top->fb_me_i = fb_me_i;
    h->top->head_i = head_i;
    for (int p = 0; p < np; p++) {
        nr_bits::setf(h->top->l2p_i, 7 * p, 7, l2p ? l2p[p] : 0u);
        nr_bits::setf(h->top->ulut_i, 7 * p, 7, ulut ? ulut[p] : 0u);
        nr_bits::setf(h->top->dlut_i, 7 * p, 7, dlut ? dlut[p] : 0u);
        for (int v = 0; v < nv; v++)
            nr_bits::setf(h->top->pcr_p_v_i, (p * nv + v) * cw, cw,
                          cr ? (uint64_t)cr[p * nv + v] : 0u);
    }
    h->top->fb_en_i = fb_en_i;
    h->top->g2_adv_i = 0; // greedy_r(2) draws come from nr_route_lookup, not tested here
    h->top->eval();
}
uint32_t rfb_out(const rfb_dut *h)
{
    return (uint32_t)h->top->on_o | (uint32_t)h->top->drop_o << 1 | (uint32_t)h->top->w_o << 2 |
           (uint32_t)h->top->l_o << 4;
}
}
