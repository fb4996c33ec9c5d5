/* smoke_dut.c - the YARC tiled router nr_yarc (LCB or bare) for the RTL smoke
 * test (tb/common/smoke_dut.h). */
#include <stdio.h>

#include "common/smoke_dut.h"
#include "yarc_rtl.h"

/* Every packet from an input to an output crosses the input's row bus to the
 * output's column and goes down that column (docs/yarc-arch.md sections 2
 * and 5), whatever its dest field: one path per flow. */
static int yarc_single_path(const smoke_dut *d, int src, int dst)
{
    (void)d;
    (void)src;
    (void)dst;
    return 1;
}

/* yarc-arch section 8: the same for every path, 4 + RowBusLat + ColLat bare,
 * 6 + ... with LCBs (the 32-bit link check's trailer stage adds one) */
static void probe(smoke_dut *d, const nr_yarc_params *p, const char *name, int src, int dst, int vc)
{
    smoke_dut_probe(d, name, src, dst, vc,
                    (p->port.use_lcb ? 6 + (p->port.link_crc_w == 32) : 4) + p->row_bus_lat +
                        p->col_lat,
                    "docs/yarc-arch.md section 8");
}

int smoke_dut_open(smoke_dut *d, nr_lcb_cfg *lcfg, char *err, int errlen)
{
    nr_yarc_params p;
    lcfg->max_len = 64;
    yarc_rtl *h = yarc_rtl_new(lcfg);
    yarc_rtl_params(h, &p);
    yarc_rtl_free(h);
    lcfg->max_len = (uint32_t)p.port.max_pkt_len;
    h = yarc_rtl_new(lcfg);
    const int np = p.rows * p.cols, nv = p.port.num_vcs;
    memset(d, 0, sizeof *d);
    d->rt = yarc_rtl_rtr(h);
    d->org = "yarc";
    d->sh = (renv_shape){np,
                         nv,
                         p.port.use_lcb,
                         p.port.in_buf_per_vc,
                         p.port.max_pkt_len,
                         p.port.replay_depth,
                         p.port.window,
                         p.port.link_crc_w};
    d->self_turn = 1; /* yarc-arch section 5: no drop rule for a packet to its own port */
    d->single_path = yarc_single_path;
    printf("nr_yarc %dx%d (k=%d) NumVcs=%d InBufPerVc=%d RowBuf=%d ColBuf=%d RowBusLat=%d "
           "ColLat=%d UseLcb=%d MaxPktLen=%d LinkCrcW=%d\n",
           p.rows, p.cols, np, nv, p.port.in_buf_per_vc, p.row_buf_depth, p.col_buf_depth,
           p.row_bus_lat, p.col_lat, p.port.use_lcb, p.port.max_pkt_len, p.port.link_crc_w);
    if (np < 8) {
        snprintf(err, errlen, "%d ports: the probes need at least 8", np);
        return -1;
    }
    /* paths of different shape in the tile grid; the latency is the same */
    probe(d, &p, "other row and column", 0, np / 2 + 1, 0);
    probe(d, &p, "same row", 1, 2, nv - 1);
    probe(d, &p, "same column (other VC)", np - 1, p.cols - 1, nv - 1);
    probe(d, &p, "to itself", 5, 5, 0);
    return 0;
}
