/* org_nwn.c - the network-within-a-network switches (docs/nwn-arch.md: the
 * folded-Clos switch fc, the bilateral butterfly bb and the canonical
 * crossbar cn, one model with the organization as a parameter) as an
 * organization (org.h), and the fully buffered crossbar fb (section 1.5): their parameters (section 3), the C model (nr_nwn.h),
 * the RTL top nr_nwn, the routing tables every organization shares
 * (tables.c), the turns these switches drop, their counts and energy, and the
 * zero-load latencies of section 8 for the RTL smoke test. */
#include <stdio.h>

#include "catalog/org.h"
#include "nr_nwn.h"

#define T nr_nwn_params
static const rtr_key nwn_keys[] = {
    RTR_PORT_KEYS(T),
    RTR_KEY(T, "NumPorts", num_ports, 64, 4, 64, RTR_K_RTL | RTR_K_POW2, "ports k"),
    RTR_KEY(T, "R", r, 16, 1, 64, RTR_K_RTL,
            "bottom subswitches of the fc (bb keeps R/2); 1 is the crossbar cn"),
    RTR_KEY(T, "M", m, 4, 0, 16, RTR_K_RTL, "top subswitches; 0 only for cn"),
    RTR_KEY(T, "Bb", bb, 0, 0, 1, RTR_K_RTL, "1: the bilateral butterfly"),
    RTR_KEY(T, "Speedup", speedup, 1, 1, 2, RTR_K_RTL, "input speedup of the bottom subswitches"),
    RTR_KEY(T, "TopSpeedup", top_speedup, 1, 1, 2, RTR_K_RTL,
            "input speedup of the top subswitches (1 for bb)"),
    RTR_KEY(T, "TopChoice", top_choice, 0, 0, 1, RTR_K_RTL,
            "an adaptive packet's top: 0 most credits, 1 pseudo-random (docs/nwn-arch.md 4.3)"),
    RTR_KEY(T, "SelfTurn", self_turn, 0, 0, 1, RTR_K_RTL, "1: keep the self crosspoints (q = p)"),
    RTR_KEY(T, "BufDepth", buf_depth, 16, 2, 1024, RTR_K_RTL,
            "internal buffer per (subswitch input, VC), phits (power of two >= 2*ChanLat)"),
    RTR_KEY(T, "ChanLat", chan_lat, 2, 1, 4, RTR_K_RTL, "internal channel latency, cycles"),
    RTR_KEY(T, "XpBuf", xp_buf, 0, 0, 1, RTR_K_RTL,
            "1: the fully buffered crossbar fb, a BufDepth buffer per crosspoint (R = 1; "
            "docs/nwn-arch.md 1.5)"),
    RTR_KEY(T, "Hx", hx, 0, 0, 2, RTR_K_RTL,
            "the 2-D HyperX switch: 1 hxv (Valiant), 2 hxm (minimal adaptive); R = 1, NumPorts 8 "
            "or 64 (docs/nwn-arch.md 1.6)"),
    RTR_KEY(T, "Vc", vc, 0, 0, 1, RTR_K_RTL,
            "1: the baseline VC router vc, VA then input-first SA (R = 1; docs/nwn-arch.md 1.7)"),
    RTR_KEY(T, "VcCls", vc_cls, 1, 1, 4, RTR_K_RTL, "vc: VA classes, dividing NumVcs"),
    RTR_KEY(T, "SaAlloc", sa_alloc, 0, 0, 2, RTR_K_RTL,
            "vc's switch allocator: 0 separable input first, 1 iSLIP, 2 distributed (1.7)"),
    RTR_KEY(T, "SaIter", sa_iter, 1, 1, 4, RTR_K_RTL, "vc: iSLIP's rounds"),
    RTR_KEY(T, "SaGroup", sa_group, 8, 2, 64, RTR_K_RTL,
            "vc: the distributed allocator's group of inputs m, dividing NumPorts"),
    RTR_KEY(T, "Spec", spec, 0, 0, 1, RTR_K_RTL,
            "vc: 1 speculative SA, a head bids in the cycle of its VA (docs/nwn-arch.md 1.7)"),
    RTR_KEY(T, "VaHop", va_hop, 0, 0, 1, RTR_K_RTL,
            "vc: 1 a head of class c takes class c + 1, the last kept (VcCls >= 2; "
            "docs/nwn-arch.md 1.7)"),
    RTR_KEY(T, "Ft", ft, 0, 0, 1, RTR_K_RTL,
            "the folded 2-D torus switch: 1 ftd (dimension order, datelines by channel); R = 1, "
            "NumPorts 64 (docs/nwn-arch.md 1.8)"),
    RTR_ROUTE_MODEL_KEYS(T),
    {NULL, NULL, 0, 0, 0, 0, 0, NULL},
};

static int nwn_check(const void *p, char *err, int errlen) { return nr_nwn_check(p, err, errlen); }

static nr_rtr nwn_model(const void *p, const nr_lcb_cfg *lcfg, char *err, int errlen)
{
    nr_nwn *m = nr_nwn_new(p, lcfg, err, errlen);
    return m ? nr_nwn_rtr(m) : (nr_rtr){NULL, NULL};
}

static void nwn_set_gq(nr_rtr m, const int *gq) { nr_nwn_set_gq(m.h, gq); }
static int nwn_out_q(nr_rtr m, int p) { return nr_nwn_out_q(m.h, p); }

/* The buffers packets of several inputs share on the way from input p to
 * output q (docs/fbfly-routing.md section 7): fc and bb, the up-links of p's
 * bottom and the down-links into q's bottom when they differ (a bb up port
 * has no bottom: it enters at its top); cn, none. */
static int nwn_share(const rtr_geom *g, int p, int q, int *gid)
{
    if (g->mp_n <= 0) return 0;
    const int K = NR_MAX_PORTS, half = g->upup_first > 0 ? g->upup_first : K;
    const int bp = p < half ? p / g->mp_n : -1, bq = q < half ? q / g->mp_n : -1;
    int n = 0;
    if (bp == bq) return 0;
    if (bp >= 0) gid[n++] = K * K + bp;
    if (bq >= 0) gid[n++] = K * K + K + bq;
    return n;
}

static void nwn_geom(const void *pv, rtr_geom *g)
{
    const T *p = pv;
    /* no tile grid (rows = cols = 0): the rowcol pattern does not apply */
    rtr_geom_ports(g, p->num_ports, &p->port);
    g->self_drop = !p->self_turn;
    g->upup_first = p->bb ? p->num_ports / 2 : 0;
    g->mp_n = p->r > 1 ? p->num_ports / p->r : 0;
    if (p->hx) /* HyperX (1.6): -(ports a subswitch); only a local turn has one path */
        g->mp_n = -(p->num_ports == 8 ? 2 : 4);
    if (p->ft) g->mp_n = -1; /* the folded torus (1.8): one port a subswitch */
    g->fb_seq = p->fb_seq;
    g->up_pick = p->up_pick;
    g->side_tab = p->side_tab;
    g->share = nwn_share;
    g->va_per = p->vc ? p->port.num_vcs / (p->vc_cls ? p->vc_cls : 1) : 0;
    g->va_hop = p->va_hop;
}

/* docs/nwn-arch.md 4.3: the SELF check first, then bb's quadrant IV. */
static int nwn_drop_reason(const rtr_geom *g, nr_route_mode m, int src, unsigned dest)
{
    int q = nr_route_port_of(g, m, dest);
    if (q < 0) return 0; /* unroutable: NO_ROUTE, the harness's own case */
    if (g->self_drop && q == src) return NR_DROP_SELF;
    if (g->upup_first > 0 && src >= g->upup_first && q >= g->upup_first) return NR_DROP_UPUP;
    return 0;
}

/* docs/nwn-arch.md 1.1, 1.2, 4.3: a packet through a top (fc between
 * bottoms, bb turning between bottoms) whose top is not fixed by its flow. */
static int nwn_may_reorder(const rtr_geom *g, nr_route_mode m, int src, unsigned dest, unsigned vc,
                           int a, int h)
{
    /* Clos modes: up ports; fbfly: a choice of outputs */
    if (nr_route_may_reorder(g, m, src, dest, vc, a, h)) return 1;
    if (a && g->va_per > 1) return 1; /* vc (1.7): an adaptive packet's VC is allocated */
    int q = nr_route_port_of(g, m, dest);
    if (q < 0 || g->mp_n == 0 || (!a && !h)) return 0;
    if (g->mp_n < 0) return src / -g->mp_n != q / -g->mp_n; /* HyperX 1.6, torus 1.8 */
    if (src / g->mp_n == q / g->mp_n) return 0;
    if (g->upup_first > 0 && (src >= g->upup_first || q >= g->upup_first)) return 0;
    return 1;
}

static int nwn_counts(const void *p, nr_sw_counts *c, char *err, int errlen)
{
    return nr_nwn_counts(p, c, err, errlen);
}
static int nwn_energy(const void *p, nr_en_org *o) { return nr_en_org_nwn(p, o); }

/* Section 8: 4 cycles bare, 6 with LCBs (the 32-bit link check's trailer
 * stage adds one), plus ChanLat per subswitch after the first, plus vc's VA
 * cycle (1.7); one probe per path shape of the organization. */
static int nwn_probes(const void *pv, rtr_probe *pr, char *err, int errlen)
{
    const T *p = pv;
    const int np = p->num_ports, npb = p->r ? np / p->r : np, half = np / 2;
    const int nv = p->port.num_vcs,
              lat0 = (p->port.use_lcb ? 6 + (p->port.link_crc_w == 32) : 4) + (p->vc && !p->spec);
    if (np < 8) {
        snprintf(err, (size_t)errlen, "%d ports: the probes need at least 8", np);
        return -1;
    }
    int n = 0;
#define PROBE(name, src, dst, subsw, vc)                                                           \
    pr[n++] = (rtr_probe)                                                                          \
    {                                                                                              \
        name, src, dst, vc, lat0 + ((subsw)-1) * p->chan_lat, "docs/nwn-arch.md section 8"         \
    }
    if (p->ft) { /* the folded torus (1.8): h channel hops, one subswitch more */
        PROBE("one x hop", 0, 1, 2, 0);
        PROBE("one -x hop across the wrap", 0, 7, 2, nv - 1);
        PROBE("x, then y", 9, 18, 3, 0);
        PROBE("four x hops, then four y hops", 0, 36, 9, nv - 1);
        if (p->self_turn) PROBE("self turn", 5, 5, 1, 0);
        return n;
    }
    if (p->hx) { /* HyperX (1.6): a = 0 probes; hxv's routes hash to any length */
        snprintf(err, (size_t)errlen,
                 "Hx = %d: no smoke probes (hxv's routes hash to 0..4 channel hops; "
                 "docs/nwn-arch.md 1.6)",
                 p->hx);
        return -1;
    }
    if (p->xp_buf) { /* fb: a row, a channel, a column (section 1.5) */
        PROBE("through a crosspoint", 0, 1, 2, 0);
        PROBE("through a crosspoint (other VC)", np - 1, 3, 2, nv - 1);
        return n;
    }
    PROBE("local turn", 0, 1, 1, 0);
    if (p->r == 1) {
        PROBE("local turn (other VC)", np - 1, 3, 1, nv - 1);
        if (p->self_turn) PROBE("self turn", 5, 5, 1, 0);
    } else if (!p->bb) {
        PROBE("through a top", 0, np - 1, 3, 0);
        PROBE("through a top (other VC)", np - 1, npb, 3, nv - 1);
    } else {
        PROBE("turning through a top", 0, half - 1, 3, 0);
        PROBE("up-going", 1, half + 1, 2, nv - 1);
        PROBE("down-going", np - 1, 2, 2, 0);
        PROBE("down-going (first up port)", half, npb, 2, 0);
    }
#undef PROBE
    return n;
}

static int npb_hx(const T *p) { return p->num_ports == 8 ? 2 : 4; }

/* A flow has one path through the switch unless it turns through a top (fc,
 * or bb between two bottoms). There the a = 0 packets of the smoke test take
 * the top their hash of (head dest field, source) picks (section 4.3), so
 * packets with the same dest field keep their order; a source-routed packet
 * (dest field 0x7FFF) and a table-routed one of the same flow may take
 * different tops and overtake each other. */
static int nwn_single_path(const void *pv, int src, int dst)
{
    const T *p = pv;
    const int half = p->num_ports / 2;
    if (p->hx) return src / npb_hx(p) == dst / npb_hx(p); /* 1.6: a local turn */
    if (p->ft) return src == dst;                         /* 1.8: the self turn */
    if (p->r == 1) return 1;                              /* cn, ftd (1.8) */
    if (p->bb && (src >= half || dst >= half)) return 1;  /* bb up, down */
    const int npb = p->num_ports / p->r;
    return src / npb == dst / npb; /* local turn */
}

const rtr_org rtr_org_nwn = {
    .name = "nwn",
    .summary = "the network-within-a-network switches: folded-Clos fc (fc6, isu2), bilateral "
               "butterfly bb, canonical crossbar cn, fully buffered crossbar fb, HyperX hxv/hxm, "
               "baseline VC router vc, folded torus ftd",
    .doc = "docs/nwn-arch.md",
    .top = "nr_nwn",
    .params_size = sizeof(T),
    .keys = nwn_keys,
    .check = nwn_check,
    .model = nwn_model,
    .geom = nwn_geom,
    .set_gq = nwn_set_gq,
    .out_q = nwn_out_q,
    RTR_ORG_ROUTE_TABLES,
    .drop_reason = nwn_drop_reason,
    .may_reorder = nwn_may_reorder,
    .counts = nwn_counts,
    .energy = nwn_energy,
    .example = "fc-k16-bare",
    .vl_hier = "--hier nr_nwn_port --hier nr_nwn_sub --split 2000",
    .vl_trace = "--opt 0 --split 2000",
    .probes = nwn_probes,
    .single_path = nwn_single_path,
};
