/* smoke_dut.h - what the RTL smoke test (tb/common/rtl_smoke.c) needs to know
 * of the Verilated router it drives, supplied once per top: tb/yarc/smoke_dut.c
 * (nr_yarc) and tb/nwn/smoke_dut.c (nr_nwn). The test itself is the same for
 * every top; only these facts differ, each taken from the top's documents.
 */
#ifndef TB_COMMON_SMOKE_DUT_H
#define TB_COMMON_SMOKE_DUT_H
#include "common/renv.h"

#define SMOKE_MAX_PROBES 8

/* One zero-load probe: a lone packet src -> dst on vc through the idle
 * router, head in to head out must take exactly lat cycles (the top's
 * pipeline section). */
typedef struct {
    const char *name;
    int src, dst, vc;
    int lat;
    const char *doc; /* where lat comes from */
} smoke_probe;

typedef struct smoke_dut smoke_dut;
struct smoke_dut {
    const char *org; /* "yarc", "cn", "fc", "bb" (printed) */
    nr_rtr rt;       /* the Verilated router */
    renv_shape sh;
    int self_turn; /* a packet to its own port is delivered (else RT_DROP SELF) */
    int up_first;  /* bb: ports >= up_first are up ports and up -> up is RT_DROP
                          UPUP; 0 when no such rule */
    smoke_probe probe[SMOKE_MAX_PROBES];
    int nprobe;
    /* Does every packet of a (src, dst, vc) flow take one path, whatever its
     * dest field (table-routed and source-routed alike)? Where not, only the
     * packets of one kind keep their order. */
    int (*single_path)(const smoke_dut *d, int src, int dst);
    int ports_per_bottom; /* nwn: ports per bottom subswitch (single_path) */
};

/* Add a probe to d (at most SMOKE_MAX_PROBES). */
static inline void smoke_dut_probe(smoke_dut *d, const char *name, int src, int dst, int vc,
                                   int lat, const char *doc)
{
    if (d->nprobe < SMOKE_MAX_PROBES)
        d->probe[d->nprobe++] = (smoke_probe){name, src, dst, vc, lat, doc};
}

/* Open the router of this build with the given LCB configuration's timeout
 * and retry limit (its max_len set to the build's MaxPktLen), print its
 * parameters, and fill *d. 0, or -1 with a message in err. */
int smoke_dut_open(smoke_dut *d, nr_lcb_cfg *lcfg, char *err, int errlen);

#endif
