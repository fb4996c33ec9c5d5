/* org_nwn.c - the network-within-a-network switches (docs/nwn-arch.md: the
 * folded-Clos switch fc, the bilateral butterfly bb and the canonical crossbar
 * cn) as an organization of the router testbench: parameters from a named
 * configuration (section 3 defaults), the C model behind rtr_impl, the same
 * routing tables as YARC (tables.c), and the turns these switches drop. The
 * RTL implementation is rtl_glue.c (linked only into RTL programs), which
 * checks a build against build_fields. */
#include <stdio.h>
#include <string.h>

#include "nr_nwn.h"
#include "nr_router.h"
#include "rtr.h"

static const char *const nwn_keys[] = {
    "NumPorts",   "R",         "M",        "Bb",     "Speedup",   "SelfTurn",    "NumVcs",
    "InBufPerVc", "BufDepth",  "ChanLat",  "UseLcb", "MaxPktLen", "ReplayDepth", "Window",
    "TopSpeedup", "TopChoice", "LinkCrcW", "FbSeq",  "UpPick",    "SideTab",     NULL};

/* Named configuration -> nr_nwn_params (defaults of docs/nwn-arch.md section 3
 * and docs/link-protocol.md section 2), checked by nr_nwn_check. */
int rtr_nwn_params(const rtr_namedcfg *c, nr_nwn_params *p, char *err, int errlen)
{
    if (rtr_cfg_open(c, "nr_nwn", nwn_keys, err, errlen)) return -1;
    memset(p, 0, sizeof *p);
    p->num_ports = (int)rtr_cfg_get(c, "NumPorts", 64);
    p->r = (int)rtr_cfg_get(c, "R", 16);
    p->m = (int)rtr_cfg_get(c, "M", 4);
    p->bb = (int)rtr_cfg_get(c, "Bb", 0);
    p->speedup = (int)rtr_cfg_get(c, "Speedup", 1);
    p->top_speedup = (int)rtr_cfg_get(c, "TopSpeedup", 1);
    p->top_choice = (int)rtr_cfg_get(c, "TopChoice", 0);
    p->self_turn = (int)rtr_cfg_get(c, "SelfTurn", 0);
    p->buf_depth = (int)rtr_cfg_get(c, "BufDepth", 16);
    p->chan_lat = (int)rtr_cfg_get(c, "ChanLat", 2);
    p->fb_seq = (int)rtr_cfg_get(c, "FbSeq", 0);
    p->up_pick = (int)rtr_cfg_get(c, "UpPick", 0);
    p->side_tab = (int)rtr_cfg_get(c, "SideTab", 0);
    RTR_CFG_PORT_PARAMS(c, p);
    char e2[256];
    return rtr_cfg_checked(c, nr_nwn_check(p, e2, sizeof e2), e2, err, errlen);
}

static int nwn_geom(const rtr_namedcfg *c, rtr_geom *g, char *err, int errlen)
{
    nr_nwn_params p;
    if (rtr_nwn_params(c, &p, err, errlen)) return -1;
    /* no tile grid (rows = cols = 0): the rowcol pattern does not apply */
    rtr_geom_ports(g, p.num_ports, p.port.num_vcs, p.port.use_lcb, p.port.in_buf_per_vc,
                   p.port.max_pkt_len, p.port.replay_depth, p.port.window, p.port.link_crc_w);
    g->self_drop = !p.self_turn;
    g->upup_first = p.bb ? p.num_ports / 2 : 0;
    g->mp_n = p.r > 1 ? p.num_ports / p.r : 0;
    g->fb_seq = p.fb_seq;
    g->up_pick = p.up_pick;
    g->side_tab = p.side_tab;
    return 0;
}

/* ---- C model ---- */
static int m_create(const rtr_namedcfg *c, const nr_lcb_cfg *lcfg, nr_rtr *out, char *err,
                    int errlen)
{
    nr_nwn_params p;
    if (rtr_nwn_params(c, &p, err, errlen)) return -1;
    nr_nwn *m = nr_nwn_new(&p, lcfg, err, errlen);
    if (!m) return -1;
    *out = nr_nwn_rtr(m);
    return 0;
}
static const rtr_impl nwn_model = {"nwn-model", m_create};

/* docs/nwn-arch.md 4.3: the SELF check first, then bb's quadrant IV. */
static int nwn_drop_reason(const rtr_geom *g, rtr_route_mode m, int src, unsigned dest)
{
    int q = rtr_tables_port_of(g, m, dest);
    if (q < 0) return 0; /* unroutable: NO_ROUTE, the harness's own case */
    if (g->self_drop && q == src) return NR_DROP_SELF;
    if (g->upup_first > 0 && src >= g->upup_first && q >= g->upup_first) return NR_DROP_UPUP;
    return 0;
}

/* docs/nwn-arch.md 1.1, 1.2, 4.3: a packet through a top (fc between
 * bottoms, bb turning between bottoms) whose top is not fixed by its flow. */
static int nwn_may_reorder(const rtr_geom *g, rtr_route_mode m, int src, unsigned dest, unsigned vc,
                           int a, int h)
{
    /* Clos modes: up ports; fbfly: a choice of outputs */
    if (rtr_tables_may_reorder(g, m, src, dest, vc, a, h)) return 1;
    int q = rtr_tables_port_of(g, m, dest);
    if (q < 0 || g->mp_n == 0 || (!a && !h) || src / g->mp_n == q / g->mp_n) return 0;
    if (g->upup_first > 0 && (src >= g->upup_first || q >= g->upup_first)) return 0;
    return 1;
}

/* ---- RTL builds: the parameters a build is checked on (tb/rtr/rtl_glue.c;
 * the LCB ones only with LCBs, the C model's own FbSeq, UpPick and SideTab
 * never: no RTL has them) ---- */
#define F(f, lcb) RTR_PARAM_FIELD(nr_nwn_params, f, lcb)
#define FP(f, lcb)                                                                                 \
    {                                                                                              \
#f, offsetof(nr_nwn_params, port.f), lcb                                                   \
    }
static const rtr_param_field nwn_build_fields[] = {
    F(num_ports, 0),
    F(r, 0),
    F(m, 0),
    F(bb, 0),
    F(speedup, 0),
    F(self_turn, 0),
    FP(num_vcs, 0),
    FP(in_buf_per_vc, 0),
    F(buf_depth, 0),
    F(chan_lat, 0),
    FP(use_lcb, 0),
    FP(max_pkt_len, 0),
    F(top_speedup, 0),
    F(top_choice, 0),
    FP(replay_depth, 1),
    FP(window, 1),
    FP(link_crc_w, 1),
    {NULL, 0, 0},
};
#undef F
#undef FP
static int nwn_params_v(const rtr_namedcfg *c, void *p, char *err, int errlen)
{
    return rtr_nwn_params(c, (nr_nwn_params *)p, err, errlen);
}

const rtr_org rtr_org_nwn = {
    .name = "nwn",
    .top = "nr_nwn",
    .geom = nwn_geom,
    .model = &nwn_model,
    .program = rtr_tables_program,
    .port_of = rtr_tables_port_of,
    .logical_of = rtr_tables_logical_of,
    .drop_reason = nwn_drop_reason,
    .may_reorder = nwn_may_reorder,
    .port_ok = rtr_tables_port_ok,
    .params = nwn_params_v,
    .build_fields = nwn_build_fields,
};
