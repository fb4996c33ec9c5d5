/* org_yarc.c - the YARC tiled router (hierarchical crossbar) as an
 * organization (org.h): docs/yarc-arch.md. Its parameters (section 3 and
 * docs/link-protocol.md section 2), its C model (nr_yarc.h), its RTL top
 * nr_yarc, the routing tables every organization shares (tables.c; section
 * 5, programmed through the configuration port of section 9), its counts and
 * energy, and the zero-load latencies of section 8 for the RTL smoke test. */
#include <stdio.h>

#include "catalog/org.h"
#include "nr_nwn.h"
#include "nr_yarc.h"

#define T nr_yarc_params
static const rtr_key yarc_keys[] = {
    RTR_PORT_KEYS(T),
    RTR_KEY(T, "Rows", rows, 8, 2, 8, RTR_K_RTL | RTR_K_POW2, "tile rows (ports = Rows*Cols)"),
    RTR_KEY(T, "Cols", cols, 8, 2, 8, RTR_K_RTL | RTR_K_POW2, "tile columns"),
    RTR_KEY(T, "RowBufDepth", row_buf_depth, 8, 2, 1024, RTR_K_RTL,
            "row buffer per (subswitch input, VC), phits (power of two >= 2*RowBusLat)"),
    RTR_KEY(T, "ColBufDepth", col_buf_depth, 8, 2, 1024, RTR_K_RTL,
            "column buffer per (output input, VC), phits (power of two >= 2*ColLat)"),
    RTR_KEY(T, "RowBusLat", row_bus_lat, 2, 1, 4, RTR_K_RTL, "row bus latency, cycles"),
    RTR_KEY(T, "ColLat", col_lat, 2, 1, 4, RTR_K_RTL, "column channel latency, cycles"),
    RTR_KEY(T, "SubSpeedup", sub_speedup, 4, 1, 4, RTR_K_RTL,
            "subswitch input speedup across VCs (docs/yarc-arch.md 6)"),
    RTR_ROUTE_MODEL_KEYS(T),
    {NULL, NULL, 0, 0, 0, 0, 0, NULL},
};

static int yarc_check(const void *p, char *err, int errlen)
{
    return nr_yarc_check(p, err, errlen);
}

static nr_rtr yarc_model(const void *p, const nr_lcb_cfg *lcfg, char *err, int errlen)
{
    nr_yarc *m = nr_yarc_new(p, lcfg, err, errlen);
    return m ? nr_yarc_rtr(m) : (nr_rtr){NULL, NULL};
}

static void yarc_set_gq(nr_rtr m, const int *gq) { nr_yarc_set_gq(m.h, gq); }
static int yarc_out_q(nr_rtr m, int p) { return nr_yarc_out_q(m.h, p); }

/* The buffers packets of several inputs share on the way from input p to
 * output q (docs/fbfly-routing.md section 7): the column buffer of (the row
 * of p, q). */
static int yarc_share(const rtr_geom *g, int p, int q, int *gid)
{
    gid[0] = q * NR_MAX_PORTS + p / g->cols;
    return 1;
}

static void yarc_geom(const void *pv, rtr_geom *g)
{
    const T *p = pv;
    rtr_geom_ports(g, p->rows * p->cols, &p->port);
    g->rows = p->rows;
    g->cols = p->cols;
    g->fb_seq = p->fb_seq;
    g->up_pick = p->up_pick;
    g->side_tab = p->side_tab;
    g->share = yarc_share;
}

static int yarc_counts(const void *p, nr_sw_counts *c, char *err, int errlen)
{
    return nr_yarc_counts(p, c, err, errlen);
}
static int yarc_energy(const void *p, nr_en_org *o) { return nr_en_org_yarc(p, o); }

/* Section 8: the same for every path, 4 + RowBusLat + ColLat bare, 6 + ...
 * with LCBs (the 32-bit link check's trailer stage adds one); paths of
 * different shape in the tile grid. */
static int yarc_probes(const void *pv, rtr_probe *pr, char *err, int errlen)
{
    const T *p = pv;
    const int np = p->rows * p->cols, nv = p->port.num_vcs;
    if (np < 8) {
        snprintf(err, (size_t)errlen, "%d ports: the probes need at least 8", np);
        return -1;
    }
    const int lat =
        (p->port.use_lcb ? 6 + (p->port.link_crc_w == 32) : 4) + p->row_bus_lat + p->col_lat;
    const char *doc = "docs/yarc-arch.md section 8";
    pr[0] = (rtr_probe){"other row and column", 0, np / 2 + 1, 0, lat, doc};
    pr[1] = (rtr_probe){"same row", 1, 2, nv - 1, lat, doc};
    pr[2] = (rtr_probe){"same column (other VC)", np - 1, p->cols - 1, nv - 1, lat, doc};
    pr[3] = (rtr_probe){"to itself", 5, 5, 0, lat, doc};
    return 4;
}

/* Every packet from an input to an output crosses the input's row bus to the
 * output's column and goes down that column (sections 2 and 5), whatever its
 * dest field: one path per flow. */
static int yarc_single_path(const void *p, int src, int dst)
{
    (void)p, (void)src, (void)dst;
    return 1;
}

const rtr_org rtr_org_yarc = {
    .name = "yarc",
    .summary = "the YARC tiled router: Rows x Cols tiles, row buses, subswitches, column "
               "channels (hierarchical crossbar, hc)",
    .doc = "docs/yarc-arch.md",
    .top = "nr_yarc",
    .params_size = sizeof(T),
    .keys = yarc_keys,
    .check = yarc_check,
    .model = yarc_model,
    .geom = yarc_geom,
    .set_gq = yarc_set_gq,
    .out_q = yarc_out_q,
    RTR_ORG_ROUTE_TABLES,
    .drop_reason = NULL,
    /* One router: only the Clos modes' up routes have a choice of port. */
    .may_reorder = nr_route_may_reorder,
    .counts = yarc_counts,
    .energy = yarc_energy,
    .example = "yarc-k16-bare",
    .vl_hier = "--hier nr_yarc_tile",
    .vl_trace = "--opt 0",
    .probes = yarc_probes,
    .single_path = yarc_single_path,
};
