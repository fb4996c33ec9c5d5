/* rtl_smoke.c - self-checking smoke test of a Verilated router, the same test
 * for every router top (every organization with RTL), LCB or bare. What
 * differs per top (its parameters, its path shapes and their latency, its
 * drop rules) comes from the build and its organization's descriptor
 * (common/smoke_dut.h).
 *
 * Linked once per RTL build with smoke in its builds column
 * (mk/rtl_builds.mk). The router sits in the kit's one-router environment
 * (common/renv.h):
 *   bare (UseLcb = 0): every port has a cut-through source (a HEAD only with
 *     MaxPktLen credits of its VC, docs/yarc-arch.md section 11) and a sink
 *     that returns one credit a cycle unless it stalls (backpressure);
 *   LCB (UseLcb = 1): each port talks to a C LCB model (nr_lcbp, the host
 *     end) over a zero-error channel of CH_LAT cycles each way; the host sends
 *     when its TX takes the phit and reads its input queue unless it stalls.
 * Phase 1, zero-load latency: one packet at a time through the idle router
 *   for every path shape the top names, head in to head out; each must equal
 *   the top's documented value exactly.
 * Phase 2, traffic: every port sends packets to random destinations on random
 *   VCs with random lengths, some source-routed (the route phit must arrive
 *   rotated with the CRC repaired), with random source idles (also inside
 *   packets) and random sink backpressure, plus per port one unroutable
 *   packet (NO_ROUTE), one bad source route (BAD_SRCROUTE, k < 64), two to
 *   itself (SELF where the top drops them, delivered otherwise) and, where
 *   the top has up ports (bb), one from an up port to another (UPUP).
 * Checks: every delivered packet arrives once, intact, at its port, and in
 *   order per (source, destination, VC) flow (on a top with several paths,
 *   per flow and kind of routing: smoke_dut.h); RT_DROP counts per port and
 *   reason match exactly; no CFG_BAD, no LCB error event, no link down, no
 *   finding of the environment; at the end all credits are home (bare source
 *   counters; host LCB TX credits) and the host input queues are empty.
 * Exit 0 on success, 1 on a failed check, 2 on a bad argument.
 * Usage: rtl_smoke [SEED [PACKETS-PER-PORT (1..64)]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/renv.h"
#include "common/smoke_dut.h"
#include "common/nr_test.h"
#include "nr_cli.h"
#include "nr_pkt.h"
#include "nr_rng.h"

#define MAXP 64
#define NBULK 10 /* random packets per port in phase 2 (default) */
#define MAXPK 72 /* packets per port, all kinds */
#define MAXLEN 20
#define CH_LAT 3 /* LCB mode: channel latency each way */
#define MAX_CYCLES 40000
#define PROBE_CYCLES 1000 /* phase 1: one probe must arrive within this */
#define P_IDLE 0.15       /* source idle probability per cycle (phase 2) */
#define P_BP 0.35         /* sink backpressure probability per cycle (phase 2) */
#define NREASON 8
#define SMOKE_EV_OK                                                                                \
    ((1u << NR_EV_TX_PKT) | (1u << NR_EV_TX_ACK) | (1u << NR_EV_RX_OK) | (1u << NR_EV_CTL_OK))

typedef struct {
    uint32_t ph[MAXLEN];
    uint32_t exp[MAXLEN]; /* as it must leave the router */
    int len, dst, vc;
    int reason; /* 0: delivered at dst; else the expected RT_DROP reason */
    int r;      /* source-routed */
} pkt_t;

typedef struct {
    smoke_dut d;
    renv e;
    int np, nv;
    nr_rng_t rng; /* packet contents and choices */
    pkt_t pk[MAXP][MAXPK];
    int npk[MAXP];
    int got[MAXP][MAXPK]; /* deliveries of each packet */
    long drops_exp[MAXP][NREASON];
    int delivered, deliver_exp, ordered;
    /* phase 1: the probe in flight */
    int pr_cur;
    long t_in[RTR_MAX_PROBES], t_out[RTR_MAX_PROBES];
} smoke_t;

static smoke_t X;

/* expected RT_DROP reason of a packet from src in single-router mode (L2P
 * identity, reset tables), 0 if delivered at *q_out */
static int expect_reason(const smoke_t *x, int src, int r, unsigned hop_or_dest, int *q_out)
{
    if ((int)hop_or_dest >= x->np) return r ? NR_DROP_BAD_SRCROUTE : NR_DROP_NO_ROUTE;
    int q = (int)hop_or_dest;
    *q_out = q;
    if (q == src && x->d.g.self_drop) return NR_DROP_SELF;
    if (x->d.g.upup_first && src >= x->d.g.upup_first && q >= x->d.g.upup_first)
        return NR_DROP_UPUP;
    return 0;
}

/* Add a packet: src, routing target (dest or hop), vc, len (>= 3, >= 4 if
 * r). The first payload phit carries {src, index} so a delivery names its
 * packet. Returns its index. */
static int add_pkt(smoke_t *x, int src, unsigned tgt, int vc, int len, int r)
{
    if (x->npk[src] >= MAXPK) {
        printf("FAIL: too many packets at port %d\n", src);
        exit(1);
    }
    const int idx = x->npk[src]++;
    pkt_t *k = &x->pk[src][idx];
    memset(k, 0, sizeof *k);
    k->len = len;
    k->vc = vc;
    k->r = r;
    int q = -1;
    k->reason = expect_reason(x, src, r, tgt, &q);
    k->dst = k->reason ? -1 : q;
    int i = 0;
    if (r) {
        unsigned hops[3] = {tgt, (unsigned)src, 7u};
        k->ph[i++] = nr_head_make(0x7FFF, (unsigned)vc, 1, 0, 0); /* dest ignored */
        k->ph[i++] = nr_route_make(hops, 3);
    } else {
        k->ph[i++] = nr_head_make(tgt, (unsigned)vc, 0, 0, 0);
    }
    k->ph[i++] = nr_phit_make(NR_KIND_BODY, ((uint32_t)src << 12) | (uint32_t)idx);
    for (; i < len - 1; i++) k->ph[i] = nr_phit_make(NR_KIND_BODY, nr_rng_u32(&x->rng) >> 10);
    k->ph[len - 1] = nr_eop_make(NR_OK_HEALTHY, 0);
    nr_pkt_fix_crc(k->ph, len);
    memcpy(k->exp, k->ph, sizeof k->ph);
    nr_pkt_route_hop(k->exp, len); /* the router rotates the route phit */
    if (k->reason)
        x->drops_exp[src][k->reason]++;
    else
        x->deliver_exp++;
    return idx;
}

/* A packet complete at port dst's sink (renv on_pkt). */
static void deliver(renv *e, int dst, const uint32_t *ph, int len)
{
    smoke_t *x = e->ctx;
    if (len < 3 || nr_phit_kind(ph[0]) != NR_KIND_HEAD) {
        CHECKF(0, "port %d: malformed delivery, head %06x len %d", dst, ph[0], len);
        return;
    }
    const int r = (int)nr_head_r(ph[0]), vc = (int)nr_head_vc(ph[0]);
    const uint32_t id = nr_phit_data(ph[r ? 2 : 1]);
    const int src = (int)(id >> 12), idx = (int)(id & 0xFFF);
    if (src >= x->np || vc >= x->nv || idx >= x->npk[src]) {
        CHECKF(0, "port %d: unknown packet id %06x", dst, id);
        return;
    }
    const pkt_t *k = &x->pk[src][idx];
    CHECKF(k->dst == dst, "port %d: packet #%d of port %d belongs at %d", dst, idx, src, k->dst);
    CHECKF(k->len == len && !memcmp(k->exp, ph, (size_t)len * sizeof *ph),
           "port %d: packet #%d of port %d corrupt", dst, idx, src);
    CHECKF(!x->got[src][idx], "port %d: packet #%d of port %d delivered twice", dst, idx, src);
    x->got[src][idx]++;
    /* in order: every earlier packet of the flow (src -> dst, vc) on the same
     * path is in */
    const int one = smoke_dut_single_path(&x->d, src, dst);
    for (int n = 0; n < idx; n++) {
        const pkt_t *p = &x->pk[src][n];
        if (p->dst == dst && p->vc == vc && (one || p->r == k->r))
            CHECKF(x->got[src][n], "port %d: flow from %d vc %d out of order: #%d before #%d", dst,
                   src, vc, idx, n);
    }
    x->ordered++;
    x->delivered++;
}

/* Heads crossing the router's boundary: the probe's first in and first out. */
static void head_in(renv *e, int port, uint32_t head)
{
    smoke_t *x = e->ctx;
    (void)head;
    const int i = x->pr_cur;
    if (i < x->d.nprobe && port == x->d.probe[i].src && x->t_in[i] < 0) x->t_in[i] = (long)e->t;
}
static void head_out(renv *e, int port, uint32_t head)
{
    smoke_t *x = e->ctx;
    (void)head;
    const int i = x->pr_cur;
    if (i < x->d.nprobe && port == x->d.probe[i].dst && x->t_out[i] < 0) x->t_out[i] = (long)e->t;
}

/* Strict arguments (the kit's parsers): a seed of "abc" or a count of "-3" or
 * "5x" is an error (exit 2), never a silent 0 or a default. */
static void parse_args(int argc, char **argv, uint32_t *seed, int *nbulk)
{
    static const nr_cli_opt_t no_opts[] = {{NULL, NULL, NULL}};
    char syn[96];
    snprintf(syn, sizeof syn, "[SEED (0..4294967295, default 1) [PACKETS-PER-PORT (1..%d)]]",
             MAXPK - 8);
    nr_cli_t cli;
    nr_cli_init(&cli, "rtl_smoke", syn, no_opts, argc, argv);
    *seed = 1u;
    *nbulk = NBULK;
    int npos = 0;
    const char *v;
    char e[256];
    while (nr_cli_next_or_exit(&cli, &v) != NR_CLI_END) { /* no options: only NR_CLI_ARG */
        if (npos == 0) {
            uint64_t s64;
            if (nr_cli_parse_u64(v, 0, UINT32_MAX, &s64, e, sizeof e))
                nr_cli_die(&cli, "SEED: %s", e);
            *seed = (uint32_t)s64;
        } else if (npos == 1) {
            long n;
            if (nr_cli_parse_long(v, 1, MAXPK - 8, &n, e, sizeof e))
                nr_cli_die(&cli, "PACKETS-PER-PORT: %s", e);
            *nbulk = (int)n;
        } else {
            nr_cli_die(&cli, "unexpected argument '%s' (usage: rtl_smoke %s)", v, syn);
        }
        npos++;
    }
}

/* One cycle, and the checks of every cycle: no CFG_BAD, no LCB event but the
 * healthy ones at the router's ports and at the hosts, no link down. */
static void step(smoke_t *x)
{
    renv *e = &x->e;
    const long cyc = (long)e->t;
    renv_step(e);
    for (int q = 0; q < x->np; q++) {
        CHECKF(!((e->out.tev[q] >> NR_TEV_CFG_BAD) & 1u), "cycle %ld port %d: CFG_BAD", cyc, q);
        if (!e->lcb) continue;
        CHECKF((e->out.ev[q] & ~SMOKE_EV_OK) == 0, "cycle %ld router port %d: LCB event %05x", cyc,
               q, e->out.ev[q]);
        CHECKF((e->nic[q].out.ev & ~SMOKE_EV_OK) == 0, "cycle %ld host %d: LCB event %05x", cyc, q,
               e->nic[q].out.ev);
        CHECKF(!e->out.link_down[q], "cycle %ld port %d: link down", cyc, q);
    }
}

/* Phase 1: each probe alone, then 20 quiet cycles. 0, or -1 if one never
 * arrives. */
static int run_probes(smoke_t *x)
{
    for (int i = 0; i < x->d.nprobe; i++) {
        const rtr_probe *p = &x->d.probe[i];
        x->pr_cur = i;
        x->t_in[i] = x->t_out[i] = -1;
        const int idx = add_pkt(x, p->src, (unsigned)p->dst, p->vc, 5, 0);
        renv_send(&x->e, p->src, x->pk[p->src][idx].ph, x->pk[p->src][idx].len);
        long n = 0;
        while (!x->got[p->src][idx] && n++ < PROBE_CYCLES) step(x);
        if (!x->got[p->src][idx]) {
            CHECKF(0, "probe %d (%s) not delivered in %d cycles", i, p->name, PROBE_CYCLES);
            return -1;
        }
        for (int q = 0; q < 20; q++) step(x);
    }
    x->pr_cur = x->d.nprobe;
    return 0;
}

/* Phase 2: nbulk random packets per port and the drop cases, all queued at
 * once. */
static void queue_traffic(smoke_t *x, int nbulk)
{
    const int np = x->np, nv = x->nv, up = x->d.g.upup_first;
    for (int s = 0; s < np; s++) {
        const int first = x->npk[s];
        for (int i = 0; i < nbulk; i++) {
            int r = nr_rng_bernoulli(&x->rng, 0.25);
            int dst = (int)nr_rng_below(&x->rng, (uint64_t)np);
            int len = 3 + r + (int)nr_rng_below(&x->rng, (uint64_t)(MAXLEN - 3 - r + 1));
            add_pkt(x, s, (unsigned)dst, (int)nr_rng_below(&x->rng, (uint64_t)nv), len, r);
        }
        add_pkt(x, s, (unsigned)(np + s), (int)nr_rng_below(&x->rng, (uint64_t)nv), 5,
                0);                                                            /* NO_ROUTE */
        if (np < 64) add_pkt(x, s, (unsigned)(np + (s % (64 - np))), 0, 6, 1); /* BAD_SRCROUTE */
        add_pkt(x, s, (unsigned)s, (int)nr_rng_below(&x->rng, (uint64_t)nv), 4, 0); /* to itself */
        add_pkt(x, s, (unsigned)s, nv - 1, 5, 1); /* same, source-routed */
        if (up && s >= up)
            add_pkt(x, s, (unsigned)(up + (s - up + 1) % (np - up)), 0, 4, 0); /* UPUP */
        for (int i = first; i < x->npk[s]; i++)
            renv_send(&x->e, s, x->pk[s][i].ph, x->pk[s][i].len);
    }
}

static long drops_expected(const smoke_t *x)
{
    long n = 0;
    for (int s = 0; s < x->np; s++)
        for (int r = 0; r < NREASON; r++) n += x->drops_exp[s][r];
    return n;
}
static long drops_seen(const smoke_t *x)
{
    long n = 0;
    for (int s = 0; s < x->np; s++) n += (long)x->e.drops[s];
    return n;
}

static void report(const smoke_t *x, long cyc)
{
    const renv *e = &x->e;
    printf("%s %s: cycles %ld, packets %d/%d (%d order-checked), RT_DROP %ld/%ld\n",
           x->d.build->cfg, e->lcb ? "LCB" : "bare", cyc, x->delivered, x->deliver_exp, x->ordered,
           drops_seen(x), drops_expected(x));
    for (int i = 0; i < x->d.nprobe; i++) {
        const rtr_probe *p = &x->d.probe[i];
        const long lat = (x->t_in[i] >= 0 && x->t_out[i] >= 0) ? x->t_out[i] - x->t_in[i] : -1;
        printf("zero-load latency %-30s %2d -> %2d: %ld cycles (%s: %d)\n", p->name, p->src, p->dst,
               lat, p->doc, p->lat);
        CHECKF(lat == p->lat, "zero-load latency of '%s' is %ld, %s says %d", p->name, lat, p->doc,
               p->lat);
    }
    CHECKF(cyc < MAX_CYCLES, "did not drain with all credits home in %d cycles", MAX_CYCLES);
    CHECKF(x->delivered == x->deliver_exp, "received %d of %d packets", x->delivered,
           x->deliver_exp);
    for (int q = 0; q < x->np; q++)
        for (int r = 0; r < NREASON; r++)
            CHECKF((long)e->drops_by[q][r] == x->drops_exp[q][r],
                   "port %d: %llu RT_DROP with reason %d, expected %ld", q,
                   (unsigned long long)e->drops_by[q][r], r, x->drops_exp[q][r]);
    printf("RT_DROP by reason: MALFORMED %llu BAD_SRCROUTE %llu NO_ROUTE %llu SHORT %llu SELF %llu "
           "UPUP %llu\n",
           (unsigned long long)e->drop_reason[1], (unsigned long long)e->drop_reason[2],
           (unsigned long long)e->drop_reason[3], (unsigned long long)e->drop_reason[4],
           (unsigned long long)e->drop_reason[5], (unsigned long long)e->drop_reason[6]);
    for (int s = 0; s < x->np; s++)
        for (int i = 0; i < x->npk[s]; i++)
            if (!x->pk[s][i].reason) CHECKF(x->got[s][i] == 1, "packet #%d of port %d lost", i, s);
}

int main(int argc, char **argv)
{
    smoke_t *x = &X;
    uint32_t seed;
    int nbulk;
    char err[200];
    parse_args(argc, argv, &seed, &nbulk);
    printf("rtl_smoke seed %u, %d packets per port\n", seed, nbulk);
    nr_test_seed = seed;
    nr_lcb_cfg lcfg = {.timeout = 400, .retry_limit = 8, .max_len = 64};
    if (smoke_dut_open(&x->d, &lcfg, err, sizeof err)) {
        printf("FAIL: %s\n", err);
        return 1;
    }
    x->np = x->d.sh.n;
    x->nv = x->d.sh.nvc;
    if (x->np > MAXP || MAXLEN > x->d.sh.maxpkt || x->np > 4095) {
        printf("FAIL: build too large for this test (k=%d > %d or MaxPktLen %d < %d)\n", x->np,
               MAXP, x->d.sh.maxpkt, MAXLEN);
        return 1;
    }
    nr_rng_seed(&x->rng, seed);
    renv *e = &x->e;
    renv_init_rtr(e, x->d.rt, &x->d.sh, &lcfg, CH_LAT, seed);
    e->ctx = x;
    e->on_pkt = deliver;
    e->on_head_in = head_in;
    e->on_head_out = head_out;

    long cyc = MAX_CYCLES;
    if (!run_probes(x)) {
        for (int q = 0; q < x->np; q++) {
            e->src[q].idle_p = P_IDLE;
            e->src[q].idle_mid = 1;
            e->snk[q].bp = P_BP;
        }
        queue_traffic(x, nbulk);
        const long want_drops = drops_expected(x);
        long quiet = 0;
        while ((long)e->t < MAX_CYCLES) {
            step(x);
            /* drained: wait for the credits to come home */
            if (x->delivered == x->deliver_exp && drops_seen(x) == want_drops && renv_all_home(e) &&
                ++quiet > 50)
                break;
        }
        cyc = (long)e->t;
    }
    report(x, cyc);
    CHECKF(renv_errors(e) == 0, "router, environment or host LCB errors (above)");
    renv_free(e);
    printf("PASSED (%ld checks)\n", nr_test_checks);
    return 0;
}
