/* smoke_dut.c - the network-within-a-network switch nr_nwn (cn, fc, bb, any
 * Speedup, LCB or bare) for the RTL smoke test (tb/common/smoke_dut.h). */
#include <stdio.h>

#include "common/smoke_dut.h"
#include "nwn_rtl.h"

/* A flow has one path through the switch unless it turns through a top (fc,
 * or bb between two bottoms). There the a = 0 packets of the smoke test take
 * the top their hash of (head dest field, source) picks (docs/nwn-arch.md
 * 4.3), so packets with the same dest field keep their order; a source-routed
 * packet (dest field 0x7FFF) and a table-routed one of the same flow may take
 * different tops and overtake each other. */
static int nwn_single_path(const smoke_dut *d, int src, int dst)
{
    if (!strcmp(d->org, "cn")) return 1;
    if (d->up_first && (src >= d->up_first || dst >= d->up_first)) return 1; /* bb up, down */
    return src / d->ports_per_bottom == dst / d->ports_per_bottom;           /* local turn */
}

/* nwn-arch section 8: 4 cycles bare, 6 with LCBs (the 32-bit link check's
 * trailer stage adds one), plus ChanLat per subswitch after the first */
static void probe(smoke_dut *d, const nr_nwn_params *p, const char *name, int src, int dst,
                  int subsw, int vc)
{
    smoke_dut_probe(d, name, src, dst, vc,
                    (p->port.use_lcb ? 6 + (p->port.link_crc_w == 32) : 4) +
                        (subsw - 1) * p->chan_lat,
                    "docs/nwn-arch.md section 8");
}

int smoke_dut_open(smoke_dut *d, nr_lcb_cfg *lcfg, char *err, int errlen)
{
    nr_nwn_params p;
    lcfg->max_len = 64;
    nwn_rtl *h = nwn_rtl_new(lcfg);
    nwn_rtl_params(h, &p);
    nwn_rtl_free(h);
    lcfg->max_len = (uint32_t)p.port.max_pkt_len;
    h = nwn_rtl_new(lcfg);
    const int np = p.num_ports, npb = p.r ? np / p.r : np, half = np / 2, nv = p.port.num_vcs;
    memset(d, 0, sizeof *d);
    d->rt = nwn_rtl_rtr(h);
    d->org = p.r == 1 ? "cn" : p.bb ? "bb" : "fc";
    d->sh = (renv_shape){np,
                         nv,
                         p.port.use_lcb,
                         p.port.in_buf_per_vc,
                         p.port.max_pkt_len,
                         p.port.replay_depth,
                         p.port.window,
                         p.port.link_crc_w};
    d->self_turn = p.self_turn;
    d->up_first = p.bb ? half : 0;
    d->ports_per_bottom = npb;
    d->single_path = nwn_single_path;
    printf("nr_nwn %s k=%d R=%d M=%d Bb=%d Speedup=%d SelfTurn=%d NumVcs=%d InBufPerVc=%d "
           "BufDepth=%d ChanLat=%d UseLcb=%d MaxPktLen=%d LinkCrcW=%d\n",
           d->org, np, p.r, p.m, p.bb, p.speedup, p.self_turn, nv, p.port.in_buf_per_vc,
           p.buf_depth, p.chan_lat, p.port.use_lcb, p.port.max_pkt_len, p.port.link_crc_w);
    if (np < 8) {
        snprintf(err, errlen, "%d ports: the probes need at least 8", np);
        return -1;
    }
    /* one probe per path shape of the organization */
    probe(d, &p, "local turn", 0, 1, 1, 0);
    if (p.r == 1) {
        probe(d, &p, "local turn (other VC)", np - 1, 3, 1, nv - 1);
        if (p.self_turn) probe(d, &p, "self turn", 5, 5, 1, 0);
    } else if (!p.bb) {
        probe(d, &p, "through a top", 0, np - 1, 3, 0);
        probe(d, &p, "through a top (other VC)", np - 1, npb, 3, nv - 1);
    } else {
        probe(d, &p, "turning through a top", 0, half - 1, 3, 0);
        probe(d, &p, "up-going", 1, half + 1, 2, nv - 1);
        probe(d, &p, "down-going", np - 1, 2, 2, 0);
        probe(d, &p, "down-going (first up port)", half, npb, 2, 0);
    }
    return 0;
}
