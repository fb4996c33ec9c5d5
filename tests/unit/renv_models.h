/* renv_models.h - the model unit tests' one-router environments: the YARC
 * and network-switch C models made from their parameter structs at the
 * defaults of their documents, in tb/common/renv.h, with the model's own
 * handle kept for white-box checks (renv_yarc, renv_nwn). Tests only: the
 * kit's programs make routers through the catalog (tb/catalog/org.h). */
#ifndef TESTS_UNIT_RENV_MODELS_H
#define TESTS_UNIT_RENV_MODELS_H
#include "common/renv.h"
#include "nr_nwn.h"
#include "nr_yarc.h"

/* Default parameters: yarc-arch.md §3 defaults at rows x cols. */
static inline nr_yarc_params renv_params(int rows, int cols, int use_lcb)
{
    nr_yarc_params p = {.rows = rows,
                        .cols = cols,
                        .port.num_vcs = 2,
                        .port.in_buf_per_vc = 128,
                        .row_buf_depth = 8,
                        .col_buf_depth = 8,
                        .row_bus_lat = 2,
                        .col_lat = 2,
                        .port.use_lcb = use_lcb,
                        .port.max_pkt_len = 64,
                        .port.replay_depth = 256,
                        .port.window = 32};
    return p;
}

/* Network-switch parameters: nwn-arch.md §3 defaults, organization org
 * ('c' cn, 'f' fc, 'b' bb, 'x' fb, 'v' vc) at k ports with the named configurations' R and M
 * (configs/configs.txt: k = 16 and 32 use R = 8 and M = n, k = 64 R = 16 and
 * M = 4; smaller k the same rule, R = 2*sqrt(k) rounded to a power of two). */
static inline nr_nwn_params renv_nwn_params(char org, int k, int use_lcb)
{
    int r = k >= 64 ? 16 : k >= 16 ? 8 : k >= 8 ? 4 : 2;
    nr_nwn_params p = {.num_ports = k,
                       .r = r,
                       .m = k >= 64 ? 4 : k / r,
                       .bb = org == 'b',
                       .speedup = 1,
                       .self_turn = 0,
                       .port.num_vcs = 2,
                       .port.in_buf_per_vc = 128,
                       .buf_depth = 16,
                       .chan_lat = 2,
                       .port.use_lcb = use_lcb,
                       .port.max_pkt_len = 64,
                       .port.replay_depth = 256,
                       .port.window = 32};
    if (org == 'c' || org == 'x' || org == 'v') { /* 'x': fb (§1.5), 'v': vc (§1.7) */
        p.r = 1;
        p.m = 0;
        p.self_turn = 1;
        p.xp_buf = org == 'x';
        p.vc = org == 'v';
    }
    return p;
}

/* The environment's shape of a router of nports ports with port
 * parameters p (the NICs' link check at the default 16 bits). */
static inline renv_shape renv_shape_of(int nports, const nr_port_params *p)
{
    renv_shape sh = {nports,         p->num_vcs,      p->use_lcb, p->in_buf_per_vc,
                     p->max_pkt_len, p->replay_depth, p->window,  16};
    return sh;
}

/* m, a model its constructor what has just made; when that failed (NULL),
 * the constructor's message err and exit 1. */
static inline void *renv_made(void *m, const char *what, const char *err)
{
    if (!m) {
        fprintf(stderr, "%s: %s\n", what, err);
        exit(1);
    }
    return m;
}

/* The environment around model m (r its nr_rtr) of nports ports with port
 * parameters port. */
static inline void renv_attach(renv *e, void *m, nr_rtr r, int nports, const nr_port_params *port,
                               const nr_lcb_cfg *lcfg, int lat, uint64_t seed)
{
    renv_shape sh = renv_shape_of(nports, port);
    renv_init_rtr(e, r, &sh, lcfg, lat, seed);
    e->model = m;
}

/* Create the YARC model and the environment (exits on error). lat: link
 * latency with LCBs (1..RENV_MAXLAT). The model's own handle: renv_yarc(e). */
static inline void renv_init(renv *e, const nr_yarc_params *p, const nr_lcb_cfg *lc, int lat,
                             uint64_t seed)
{
    char err[256];
    nr_lcb_cfg lcfg = lc ? *lc : renv_lcb_cfg();
    nr_yarc *m = renv_made(nr_yarc_new(p, &lcfg, err, sizeof err), "nr_yarc_new", err);
    renv_attach(e, m, nr_yarc_rtr(m), p->rows * p->cols, &p->port, &lcfg, lat, seed);
}
static inline nr_yarc *renv_yarc(const renv *e) { return (nr_yarc *)e->model; }

/* Create the network-within-a-network model and the environment. The
 * model's own handle: renv_nwn(e). */
static inline void renv_init_nwn(renv *e, const nr_nwn_params *p, const nr_lcb_cfg *lc, int lat,
                                 uint64_t seed)
{
    char err[256];
    nr_lcb_cfg lcfg = lc ? *lc : renv_lcb_cfg();
    nr_nwn *m = renv_made(nr_nwn_new(p, &lcfg, err, sizeof err), "nr_nwn_new", err);
    renv_attach(e, m, nr_nwn_rtr(m), p->num_ports, &p->port, &lcfg, lat, seed);
}
static inline nr_nwn *renv_nwn(const renv *e) { return (nr_nwn *)e->model; }

#endif
