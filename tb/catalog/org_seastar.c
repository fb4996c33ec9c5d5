/* org_seastar.c - the SeaStar router of the Cray XT ([AK11 §8.2];
 * docs/seastar-arch.md) as an organization (org.h): the C model and the RTL
 * top nr_seastar (rtl/seastar). Its GLUT/LUT tables are its own
 * (docs/seastar-arch.md §4, §5): the router testbench programs the
 * single-router set-up (dest = output port), the network layer loads its
 * tables as LUT writes, and after a failed link their changed entries
 * (ss_encode). */
#include <stdio.h>

#include "catalog/org.h"
#include "nr_seastar.h"

#define T nr_seastar_params
static const rtr_key ss_keys[] = {
    RTR_PORT_KEYS(T),
    RTR_KEY(T, "NumPorts", num_ports, 7, 2, 8, RTR_K_RTL,
            "ports: 1 processor + 6 network in the seed"),
    RTR_KEY(T, "StageDepth", stage_depth, 16, 2, 256, RTR_K_RTL,
            "staging buffer per (source, VC) at each output, phits (docs/seastar-arch.md 2)"),
    RTR_KEY(T, "LutBits", lut_bits, 12, 1, 12, RTR_K_RTL,
            "LUT entries 2^LutBits per input, indexed by dest[LutBits-1:0]"),
    RTR_KEY(T, "ArsInit", ars_init, 0, 0, 2, RTR_K_RTL,
            "AGE_RR_SELECT at reset: 0 all 0s (round robin), 1 all 1s (age), 2 0101...0101"),
    RTR_KEY(T, "AgeClockInit", age_clock_init, 0, 0, 1 << 30, RTR_K_RTL,
            "AGE_CLOCK_PERIOD at reset, cycles (0: ages do not grow)"),
    {NULL, NULL, 0, 0, 0, 0, 0, NULL},
};

static int ss_check(const void *p, char *err, int errlen)
{
    return nr_seastar_check(p, err, errlen);
}

static nr_rtr ss_model(const void *p, const nr_lcb_cfg *lcfg, char *err, int errlen)
{
    nr_seastar *m = nr_seastar_new(p, lcfg, err, errlen);
    return m ? nr_seastar_rtr(m) : (nr_rtr){NULL, NULL};
}

static void ss_geom(const void *pv, rtr_geom *g)
{
    const T *p = pv;
    rtr_geom_ports(g, p->num_ports, &p->port);
    g->self_drop = 1; /* no 180-degree turns (§4) */
    g->lut_bits = p->lut_bits;
}

/* The single-router set-up (§4): partition 0, LUT entry d = port d (VC
 * kept) for d < NumPorts, every other entry and the GLUT invalid (reset);
 * input p's REQ_AGE_BIAS 2p + 1 and RSP_AGE_BIAS 3p + 2, so that packets
 * differ in age by input and VC class (§8). */
static int ss_program(const rtr_geom *g, nr_route_mode mode, rtr_cfgw *w, int max)
{
    int n = 0;
    for (int d = 0; d < g->num_ports && n < max && mode == NR_ROUTE_SINGLE; d++)
        w[n++] = (rtr_cfgw){1, 0, NR_SS_LUT, (uint32_t)d << 16 | nr_ss_entry(d, 0, 0)};
    for (int p = 0; p < g->num_ports && n < max && mode == NR_ROUTE_SINGLE; p++)
        w[n++] =
            (rtr_cfgw){0, p, NR_SS_AGE_BIAS, (uint32_t)(3 * p + 2) << 8 | (uint32_t)(2 * p + 1)};
    return n;
}

static int ss_port_of(const rtr_geom *g, nr_route_mode mode, unsigned dest)
{
    (void)mode;
    return dest < (unsigned)g->num_ports ? (int)dest : -1;
}

static int ss_drop_reason(const rtr_geom *g, nr_route_mode mode, int src, unsigned dest)
{
    return ss_port_of(g, mode, dest) == src ? NR_DROP_SELF : 0;
}

/* Input src's LUT entry for destination d under the network layer's tables
 * t (§4): the port they give a deterministic packet (a = 0, h = 0; a
 * superset check walks every choice), keeping the VC, or with DL_VC setting
 * its bit 0 (VC mask 1); 0 (invalid) for no route or a turn back (SELF).
 * The shared tables have one entry per router and destination, so every
 * input gets the same entry but the one it would turn back by. */
static unsigned ss_entry(const nr_route_vals *t, int src, int d)
{
    /* src -1: the entry whatever the input (a broadcast) */
    int q[NR_MAX_PORTS], step;
    const int k = nr_route_allowed(t, src, (unsigned)d, 0, 0, 0, 0, 0, &step, q, NR_MAX_PORTS);
    if (k < 1 || q[0] == src) return 0;
    /* DL_VC (a down route's VC bit 0 is its DLUT entry's v, or DOR_CTRL's
     * from the coordinates): the VC mask 1 (the network layer takes DL_VC
     * only with an even NumVcs) */
    const int dl = t->dl_vc && step == NR_ROUTE_STEP_DOWN;
    const unsigned v = dl && (nr_route_down_vc(t, (unsigned)d, 0, 2) & 1);
    return nr_ss_entry(q[0], dl ? 1u : 0u, v);
}

/* Partitioned tables t (§4, t->part_bits = LutBits): NODE_ID, then
 * broadcast to every input the GLUT entry of each other partition p (that
 * of its first node, which the tables route by their GLUT) and the LUT
 * entry of each node of our own partition; an input's entry that turns back
 * would drop SELF, and no route of the checked tables comes to it. */
static int ss_encode_parts(const rtr_geom *g, const nr_route_vals *t, int nnodes, rtr_cfgw *w,
                           int max, char *err, int errlen)
{
    const int L = 1 << g->lut_bits, base = (int)(t->part_own << g->lut_bits);
    if (t->part_bits != g->lut_bits || max < L + 9) {
        snprintf(err, (size_t)errlen, "seastar: partitions of %d nodes, but LutBits %d",
                 1 << t->part_bits, g->lut_bits);
        return -1;
    }
    int n = 0;
    w[n++] = (rtr_cfgw){0, 0, NR_SS_NODE_ID, (uint32_t)base};
    for (int p = 0; p < 8 && p * L < nnodes; p++) {
        const unsigned e = p * L == base ? 0 : ss_entry(t, -1, p * L);
        if (e) w[n++] = (rtr_cfgw){1, 0, NR_SS_GLUT, (uint32_t)p << 16 | e};
    }
    for (int i = 0; i < L && base + i < nnodes; i++) {
        const unsigned e = ss_entry(t, -1, base + i);
        if (e) w[n++] = (rtr_cfgw){1, 0, NR_SS_LUT, (uint32_t)i << 16 | e};
    }
    return n;
}

/* The network layer's tables t as SeaStar's (§4): every input's valid
 * entries as LUT writes, every router in partition 0 (NODE_ID 0, the GLUT
 * unused). With old (a rewrite under traffic, docs/network.md "Faults"):
 * the entries that differ from old's, each one write (atomic, §5); an
 * input whose new entry is invalid keeps its old one (no route of the
 * checked tables reaches it; a packet routed by the old ones goes on by
 * them). */
static int ss_encode(const rtr_geom *g, const nr_route_vals *t, const nr_route_vals *old,
                     int nnodes, rtr_cfgw *w, int max, char *err, int errlen)
{
    if (t->fb_alg) {
        snprintf(err, (size_t)errlen,
                 "seastar: the flattened-butterfly mode's VC rules are not a table of (port, VC) "
                 "per destination (docs/seastar-arch.md 4)");
        return -1;
    }
    if (t->part_bits && old) {
        snprintf(err, (size_t)errlen,
                 "seastar: a rewrite of partitioned tables under traffic is not built "
                 "(docs/seastar-arch.md 4)");
        return -1;
    }
    if (t->part_bits) return ss_encode_parts(g, t, nnodes, w, max, err, errlen);
    if (nnodes > 4096 || nnodes > 1 << g->lut_bits) {
        snprintf(err, (size_t)errlen,
                 "seastar: %d nodes, but the LUT holds %d destinations (LutBits %d; a larger "
                 "network needs the GLUT's partitions: docs/seastar-arch.md 4)",
                 nnodes, 1 << g->lut_bits, g->lut_bits);
        return -1;
    }
    int n = 0;
    for (int src = 0; src < g->num_ports; src++)
        for (int d = 0; d < nnodes; d++) {
            const unsigned e = ss_entry(t, src, d);
            if (!e || (old && e == ss_entry(old, src, d))) continue;
            if (n == max) {
                snprintf(err, (size_t)errlen, "seastar: more than %d table writes", max);
                return -1;
            }
            w[n++] = (rtr_cfgw){0, src, NR_SS_LUT, (uint32_t)d << 16 | e};
        }
    return n;
}

const rtr_org rtr_org_seastar = {
    .name = "seastar",
    .summary = "the SeaStar router of the Cray XT: GLUT/LUT table routing, staging buffers per "
               "(source, VC), age-based output arbitration",
    .doc = "docs/seastar-arch.md",
    .top = "nr_seastar",
    .params_size = sizeof(T),
    .keys = ss_keys,
    .check = ss_check,
    .model = ss_model,
    .geom = ss_geom,
    .modes = 1u << NR_ROUTE_SINGLE,
    .encode = ss_encode,
    .program = ss_program,
    .port_of = ss_port_of,
    .logical_of = ss_port_of,
    .drop_reason = ss_drop_reason,
    .example = "seastar-s",
    .vl_hier = "--split 2000",
    .vl_trace = "--opt 0 --split 2000",
};
