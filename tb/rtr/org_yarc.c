/* org_yarc.c - the YARC tiled router as an organization of the router
 * testbench: parameters from a named configuration (docs/yarc-arch.md
 * section 3 defaults), the C model behind rtr_impl, routing-table programming
 * through the configuration port (section 9) and the expected output port.
 * The RTL implementation is in yarc_rtl_glue.c (linked only into RTL builds). */
#include <stdio.h>
#include <string.h>

#include "nr_router.h"
#include "rtr.h"

/* yarc_rtl_glue.c in RTL builds; rtl_none.c (create fails) otherwise. */
extern const rtr_impl rtr_yarc_rtl_impl;

static const char *const yarc_keys[] = {"Rows", "Cols", "NumVcs", "InBufPerVc", "RowBufDepth",
                                        "ColBufDepth", "RowBusLat", "ColLat", "UseLcb",
                                        "MaxPktLen", "ReplayDepth", "Window", NULL};

/* Named configuration -> nr_yarc_params (defaults of docs/yarc-arch.md section 3
 * and docs/link-protocol.md section 2). */
int rtr_yarc_params(const rtr_namedcfg *c, nr_yarc_params *p, char *err, int errlen) {
    if (strcmp(c->top, "nr_yarc")) {
        snprintf(err, errlen, "%s:%d: configuration %s has top %s, not nr_yarc", c->file, c->line,
                 c->name, c->top);
        return -1;
    }
    if (rtr_cfg_check_keys(c, yarc_keys, err, errlen)) return -1;
    memset(p, 0, sizeof *p);
    p->rows = (int)rtr_cfg_get(c, "Rows", 8);
    p->cols = (int)rtr_cfg_get(c, "Cols", 8);
    p->num_vcs = (int)rtr_cfg_get(c, "NumVcs", 2);
    p->in_buf_per_vc = (int)rtr_cfg_get(c, "InBufPerVc", 128);
    p->row_buf_depth = (int)rtr_cfg_get(c, "RowBufDepth", 8);
    p->col_buf_depth = (int)rtr_cfg_get(c, "ColBufDepth", 8);
    p->row_bus_lat = (int)rtr_cfg_get(c, "RowBusLat", 2);
    p->col_lat = (int)rtr_cfg_get(c, "ColLat", 2);
    p->use_lcb = (int)rtr_cfg_get(c, "UseLcb", 1);
    p->max_pkt_len = (int)rtr_cfg_get(c, "MaxPktLen", 64);
    p->replay_depth = (int)rtr_cfg_get(c, "ReplayDepth", 256);
    p->window = (int)rtr_cfg_get(c, "Window", 32);
    int n = p->rows * p->cols;
    if (p->rows < 2 || p->cols < 2 || n > NR_MAX_PORTS || p->num_vcs < 1 ||
        p->num_vcs > NR_LCB_MAX_VCS) {
        snprintf(err, errlen, "%s:%d: %s: Rows=%d Cols=%d NumVcs=%d out of range", c->file, c->line,
                 c->name, p->rows, p->cols, p->num_vcs);
        return -1;
    }
    return 0;
}

static int yarc_geom(const rtr_namedcfg *c, rtr_geom *g, char *err, int errlen) {
    nr_yarc_params p;
    if (rtr_yarc_params(c, &p, err, errlen)) return -1;
    memset(g, 0, sizeof *g);
    g->num_ports = p.rows * p.cols;
    g->num_vcs = p.num_vcs;
    g->use_lcb = p.use_lcb;
    g->in_buf_per_vc = p.in_buf_per_vc;
    g->max_pkt_len = p.max_pkt_len;
    g->rows = p.rows;
    g->cols = p.cols;
    g->lcb.num_vcs = p.num_vcs;
    g->lcb.buf_per_vc = p.in_buf_per_vc;
    g->lcb.replay_depth = p.replay_depth;
    g->lcb.window = p.window;
    g->lcb.max_pkt_len = p.max_pkt_len;
    return 0;
}

/* ---- C model ---- */
static void *m_create(const rtr_namedcfg *c, const nr_lcb_cfg *lcfg, char *err, int errlen) {
    nr_yarc_params p;
    if (rtr_yarc_params(c, &p, err, errlen)) return NULL;
    return nr_yarc_new(&p, lcfg, err, errlen);
}
static void m_eval(void *h, const nr_rtr_in *in, nr_rtr_out *out) { nr_yarc_eval(h, in, out); }
static void m_tick(void *h) { nr_yarc_tick(h); }
static int m_errors(void *h, char *buf, int n) { return nr_yarc_errors(h, buf, n); }
static void m_free(void *h) { nr_yarc_free(h); }
static const rtr_impl yarc_model = {"yarc-model", m_create, m_eval, m_tick, m_errors, m_free,
                                    NULL, NULL};

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

static int yarc_program(const rtr_geom *g, rtr_route_mode m, rtr_cfgw *w, int max) {
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

static int yarc_logical_of(const rtr_geom *g, rtr_route_mode m, unsigned dest) {
    if (dest >= (unsigned)g->num_ports) return -1;
    return dlut_of(g, m, (int)dest);
}

static int yarc_port_of(const rtr_geom *g, rtr_route_mode m, unsigned dest) {
    int l = yarc_logical_of(g, m, dest);
    return l < 0 ? -1 : l2p_of(g, m, l);
}

const rtr_org rtr_org_yarc = {
    .name = "yarc",
    .geom = yarc_geom,
    .model = &yarc_model,
    .rtl = &rtr_yarc_rtl_impl,
    .program = yarc_program,
    .port_of = yarc_port_of,
    .logical_of = yarc_logical_of,
};
