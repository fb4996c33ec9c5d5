/* org_yarc.c - the YARC tiled router as an organization of the router
 * testbench: parameters from a named configuration (docs/yarc-arch.md
 * section 3 defaults), the C model behind rtr_impl, routing-table programming
 * through the configuration port (section 9) and the expected output port.
 * The RTL implementation is rtl_glue.c (linked only into RTL programs),
 * which checks a build against build_fields.
 * The table programming and the expected ports are shared with the network
 * switches (org_nwn.c), which have the same tables (docs/nwn-arch.md 4.2). */
#include <stdio.h>
#include <string.h>

#include "nr_router.h"
#include "nr_yarc.h"
#include "rtr.h"

static const char *const yarc_keys[] = {
    "Rows",       "Cols",     "NumVcs", "InBufPerVc", "RowBufDepth", "ColBufDepth",
    "RowBusLat",  "ColLat",   "UseLcb", "MaxPktLen",  "ReplayDepth", "Window",
    "SubSpeedup", "LinkCrcW", "FbSeq",  "UpPick",     "SideTab",     NULL};

/* Named configuration -> nr_yarc_params (defaults of docs/yarc-arch.md section 3
 * and docs/link-protocol.md section 2). */
int rtr_yarc_params(const rtr_namedcfg *c, nr_yarc_params *p, char *err, int errlen)
{
    if (rtr_cfg_open(c, "nr_yarc", yarc_keys, err, errlen)) return -1;
    memset(p, 0, sizeof *p);
    p->rows = (int)rtr_cfg_get(c, "Rows", 8);
    p->cols = (int)rtr_cfg_get(c, "Cols", 8);
    p->row_buf_depth = (int)rtr_cfg_get(c, "RowBufDepth", 8);
    p->col_buf_depth = (int)rtr_cfg_get(c, "ColBufDepth", 8);
    p->row_bus_lat = (int)rtr_cfg_get(c, "RowBusLat", 2);
    p->col_lat = (int)rtr_cfg_get(c, "ColLat", 2);
    p->sub_speedup = (int)rtr_cfg_get(c, "SubSpeedup", 4);
    p->fb_seq = (int)rtr_cfg_get(c, "FbSeq", 0);
    p->up_pick = (int)rtr_cfg_get(c, "UpPick", 0);
    p->side_tab = (int)rtr_cfg_get(c, "SideTab", 0);
    RTR_CFG_PORT_PARAMS(c, p);
    char e2[256];
    return rtr_cfg_checked(c, nr_yarc_check(p, e2, sizeof e2), e2, err, errlen);
}

static int yarc_geom(const rtr_namedcfg *c, rtr_geom *g, char *err, int errlen)
{
    nr_yarc_params p;
    if (rtr_yarc_params(c, &p, err, errlen)) return -1;
    rtr_geom_ports(g, p.rows * p.cols, p.port.num_vcs, p.port.use_lcb, p.port.in_buf_per_vc,
                   p.port.max_pkt_len, p.port.replay_depth, p.port.window, p.port.link_crc_w);
    g->rows = p.rows;
    g->cols = p.cols;
    g->fb_seq = p.fb_seq;
    g->up_pick = p.up_pick;
    g->side_tab = p.side_tab;
    return 0;
}

/* ---- C model ---- */
static int m_create(const rtr_namedcfg *c, const nr_lcb_cfg *lcfg, nr_rtr *out, char *err,
                    int errlen)
{
    nr_yarc_params p;
    if (rtr_yarc_params(c, &p, err, errlen)) return -1;
    nr_yarc *m = nr_yarc_new(&p, lcfg, err, errlen);
    if (!m) return -1;
    *out = nr_yarc_rtr(m);
    return 0;
}
static const rtr_impl yarc_model = {"yarc-model", m_create};

/* ---- RTL builds: the parameters a build is checked on (tb/rtr/rtl_glue.c;
 * the LCB ones only with LCBs, the C model's own FbSeq, UpPick and SideTab
 * never: no RTL has them) ---- */
#define F(f, lcb) RTR_PARAM_FIELD(nr_yarc_params, f, lcb)
#define FP(f, lcb)                                                                                 \
    {                                                                                              \
#f, offsetof(nr_yarc_params, port.f), lcb                                                  \
    }
static const rtr_param_field yarc_build_fields[] = {
    F(rows, 0),          F(cols, 0),          FP(num_vcs, 0),    FP(in_buf_per_vc, 0),
    F(row_buf_depth, 0), F(col_buf_depth, 0), F(row_bus_lat, 0), F(col_lat, 0),
    FP(use_lcb, 0),      FP(max_pkt_len, 0),  F(sub_speedup, 0), FP(replay_depth, 1),
    FP(window, 1),       FP(link_crc_w, 1),   {NULL, 0, 0},
};
#undef F
#undef FP
static int yarc_params_v(const rtr_namedcfg *c, void *p, char *err, int errlen)
{
    return rtr_yarc_params(c, (nr_yarc_params *)p, err, errlen);
}

const rtr_org rtr_org_yarc = {
    .name = "yarc",
    .top = "nr_yarc",
    .geom = yarc_geom,
    .model = &yarc_model,
    .program = rtr_tables_program,
    .port_of = rtr_tables_port_of,
    .logical_of = rtr_tables_logical_of,
    .drop_reason = NULL,
    /* One router: only the Clos modes' up routes have a choice of port. */
    .may_reorder = rtr_tables_may_reorder,
    .port_ok = rtr_tables_port_ok,
    .params = yarc_params_v,
    .build_fields = yarc_build_fields,
};
