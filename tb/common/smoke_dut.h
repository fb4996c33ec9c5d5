/* smoke_dut.h - what the RTL smoke test (tb/common/rtl_smoke.c) knows of the
 * Verilated router it drives: the build's router and its organization's
 * facts, from the build itself (tb/rtl_build.h: its top and parameters) and
 * the organization's descriptor (tb/catalog/org.h: geometry, the zero-load
 * probes of its document, whether a flow has one path). The test is the same
 * for every top; nothing here names one.
 */
#ifndef TB_COMMON_SMOKE_DUT_H
#define TB_COMMON_SMOKE_DUT_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/org.h"
#include "common/renv.h"
#include "rtl_build.h"

typedef struct {
    const rtr_org *org;
    const nr_rtl_build *build;
    unsigned char params[1024]; /* the build's parameters (the organization's struct) */
    nr_rtr rt;                  /* the Verilated router */
    renv_shape sh;
    rtr_geom g; /* self_drop, upup_first: the turns without a crosspoint */
    rtr_probe probe[RTR_MAX_PROBES];
    int nprobe;
} smoke_dut;

/* Does every packet of a (src, dst, vc) flow take one path, whatever its
 * dest field? Where not, only the packets of one kind keep their order. */
static inline int smoke_dut_single_path(const smoke_dut *d, int src, int dst)
{
    return d->org->single_path(d->params, src, dst);
}

/* Open the router of this build with the LCB configuration's timeout and
 * retry limit (its max_len set to the build's MaxPktLen), print its
 * parameters, and fill *d. 0, or -1 with a message in err. */
static inline int smoke_dut_open(smoke_dut *d, nr_lcb_cfg *lcfg, char *err, int errlen)
{
    memset(d, 0, sizeof *d);
    d->build = nr_rtl_build_linked();
    d->org = rtr_org_for_top(d->build->top);
    if (!d->org || d->org->params_size > sizeof d->params || !d->org->probes) {
        snprintf(err, (size_t)errlen, "build %s: top %s has no organization with smoke facts",
                 d->build->cfg, d->build->top);
        return -1;
    }
    lcfg->max_len = 64;
    nr_rtr_free(d->build->create(lcfg, d->params, d->org->params_size));
    const nr_port_params *pp = rtr_org_port(d->org, d->params);
    lcfg->max_len = (uint32_t)pp->max_pkt_len;
    d->rt = d->build->create(lcfg, d->params, d->org->params_size);
    d->org->geom(d->params, &d->g);
    d->sh = (renv_shape){d->g.num_ports,  d->g.num_vcs,     pp->use_lcb, pp->in_buf_per_vc,
                         pp->max_pkt_len, pp->replay_depth, pp->window,  pp->link_crc_w};
    printf("%s (%s, build %s):", d->org->top, d->org->name, d->build->cfg);
    for (const rtr_key *k = d->org->keys; k->key; k++)
        if (k->flags & RTR_K_RTL) {
            int v;
            memcpy(&v, d->params + k->off, sizeof v);
            printf(" %s=%d", k->key, v);
        }
    printf("\n");
    d->nprobe = d->org->probes(d->params, d->probe, err, errlen);
    return d->nprobe < 0 ? -1 : 0;
}

#endif
