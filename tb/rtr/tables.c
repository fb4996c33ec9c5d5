/* tables.c - programming the per-port routing tables (docs/yarc-arch.md
 * sections 5 and 9) through the configuration port, and the output port the
 * programmed tables give each destination. YARC and the network switches
 * (docs/nwn-arch.md 4.2) have the same tables and addresses. */
#include <stdint.h>

#include "rtr.h"

/* ---- routing tables ---- */
enum { A_ROOT_MASK = 0x00, A_ROOT_DETECT = 0x01, A_DOWN_SHIFT = 0x02, A_UP_MASK0 = 0x03,
       A_UP_MASK1 = 0x04, A_DLUT = 0x40, A_ULUT = 0x80, A_L2P = 0xC0 };
#define ENTRY_VALID 0x40u

/* REMAP: the down table complements the port bits (d -> ~d) and the remap table multiplies by 5 and adds 3 (a bijection modulo
 * a power of two), so both tables sit on every path. */
static int dlut_of(const rtr_geom *g, rtr_route_mode m, int i) {
    return m == RTR_ROUTE_REMAP ? (i ^ (g->num_ports - 1)) : i;
}
static int l2p_of(const rtr_geom *g, rtr_route_mode m, int l) {
    return m == RTR_ROUTE_REMAP ? (l * 5 + 3) % g->num_ports : l;
}

int rtr_tables_program(const rtr_geom *g, rtr_route_mode m, rtr_cfgw *w, int max) {
    int n = 0, N = g->num_ports;
#define W(a, d)                                                                                    \
    do {                                                                                           \
        if (n < max) w[n++] = (rtr_cfgw){1, 0, (a), (d)};                                          \
    } while (0)
    /* Single-router mode: every destination below NumPorts is "below me". */
    W(A_ROOT_MASK, 0x7FFFu & ~(uint32_t)(N - 1));
    W(A_ROOT_DETECT, 0);
    W(A_DOWN_SHIFT, 0);
    W(A_UP_MASK0, 0);
    W(A_UP_MASK1, 0);
    for (int i = 0; i < N; i++) W(A_DLUT + i, ENTRY_VALID | (uint32_t)dlut_of(g, m, i));
    for (int i = 0; i < N; i++) W(A_ULUT + i, 0); /* no up ports: other dests unroutable */
    for (int i = 0; i < N; i++) W(A_L2P + i, ENTRY_VALID | (uint32_t)l2p_of(g, m, i));
#undef W
    return n;
}

int rtr_tables_logical_of(const rtr_geom *g, rtr_route_mode m, unsigned dest) {
    if (dest >= (unsigned)g->num_ports) return -1;
    return dlut_of(g, m, (int)dest);
}

int rtr_tables_port_of(const rtr_geom *g, rtr_route_mode m, unsigned dest) {
    int l = rtr_tables_logical_of(g, m, dest);
    return l < 0 ? -1 : l2p_of(g, m, l);
}
