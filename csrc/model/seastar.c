/* seastar.c - the SeaStar router C model (nr_seastar.h), written from
 * docs/seastar-arch.md ("the doc"); section numbers refer to it.
 *
 * Pieces shared with the other switch models: the port front ends and their
 * views, the ring pool and the credit pipe (nr_sw_core), the input unit
 * (nr_iu: reads, staging, one RC unit, fronts with the output VC and CRC
 * repair) with the SeaStar RC function in place of the kit's tables (§4),
 * and the staging buffers as nr_vcbank FIFOs fed with latency 1.
 *
 * A cycle:
 *   eval: port views -> every IU decides reads, RC, fronts -> every input
 *         moves at most one phit of its current packet into its staging
 *         buffer (§6) -> every output continues its packet or arbitrates a
 *         new one (§7) -> every port is evaluated with its IU's reads and
 *         its output's phit -> configuration decode (§5).
 *   tick: ports; IU commits; staging pushes and the credits of output pops
 *         (nr_chpipe, latency 1); grants; configuration write; the age
 *         clock (§8); now++.
 * Every decision reads start-of-cycle state only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nr_crc.h"
#include "nr_nwn.h" /* NR_DROP_SELF */
#include "nr_seastar.h"
#include "sw_core.h"

#define SS_MAXP 8
#define SS_NV NR_SW_MAX_VCS

typedef struct {
    int64_t birth; /* the epoch at which its age would have been 0 (§8) */
} ss_age;

typedef struct {
    nr_vcbank f;     /* the phits */
    int cc;          /* its credits, held by its input */
    uint16_t ah, an; /* its packets' ages: the ring's head and count */
} ss_stage;

struct nr_seastar {
    nr_seastar_params p;
    int n, V, lut_n, lut_bits;
    nr_sw_core c;
    nr_iu iu[SS_MAXP];
    /* §5 registers */
    uint32_t node_id, age_clock;
    uint8_t req_bias[SS_MAXP], rsp_bias[SS_MAXP];
    uint64_t ars[SS_MAXP];
    uint8_t glut[SS_MAXP][8];
    uint8_t *lut; /* [n][lut_n] */
    /* §8 the age clock */
    uint32_t age_cnt;
    int64_t epoch;
    int64_t rc_birth[SS_MAXP][SS_NV]; /* the packet routed on input VC v */
    /* §6 inputs: the VC whose packet is moving (-1 none), the round robin */
    int8_t in_on[SS_MAXP];
    uint8_t in_ptr[SS_MAXP];
    /* §6 staging buffer (q, p, w): index (q * n + p) * V + w */
    ss_stage *st;
    ss_age *agef; /* its packets' ages, a ring of na each from st[s].ah */
    int na;
    /* §7 outputs */
    int8_t out_on[SS_MAXP]; /* the staging buffer (p * V + w) being sent, -1 none */
    uint8_t pos[SS_MAXP];   /* 0 head next, 1 the phit after the head, 2 later */
    uint8_t hbit[SS_MAXP];  /* the packet has an age phit */
    uint8_t age_out[SS_MAXP];
    uint16_t fix[SS_MAXP];
    uint8_t rr_ptr[SS_MAXP], age_ptr[SS_MAXP], gcnt[SS_MAXP];
    uint64_t grants[SS_MAXP][2];
    int last_age[SS_MAXP];
    /* decided in eval */
    int8_t d_pop_vc[SS_MAXP];                 /* input p pops VC v, -1 none */
    int8_t d_start[SS_MAXP];                  /* input p starts the packet of VC v */
    int8_t d_grant[SS_MAXP], d_mode[SS_MAXP]; /* output q grants buffer c by policy */
    int d_age[SS_MAXP];
    int d_tx[SS_MAXP];
    uint32_t d_phit[SS_MAXP];
    uint16_t d_fix[SS_MAXP];
    int d_cfg_we, d_cfg_lo, d_cfg_hi, d_cfg_addr;
    uint32_t d_cfg_wdata;
};

int nr_seastar_check(const nr_seastar_params *p, char *err, int errlen)
{
    if (!p) NR_BAD("nr_seastar: NULL parameters");
    if (p->num_ports < 2 || p->num_ports > SS_MAXP)
        NR_BAD("NumPorts = %d: must be 2..%d (a table entry's port field has 3 bits, §2)",
               p->num_ports, SS_MAXP);
    if (nr_port_params_check(&p->port, err, errlen)) return -1;
    if (p->lut_bits < 1 || p->lut_bits > 12) NR_BAD("LutBits = %d: must be 1..12", p->lut_bits);
    if (p->ars_init < 0 || p->ars_init > 2) NR_BAD("ArsInit = %d: must be 0..2", p->ars_init);
    if (p->age_clock_init < 0) NR_BAD("AgeClockInit = %d: must be >= 0", p->age_clock_init);
    if (p->stage_depth < p->port.max_pkt_len || p->stage_depth > 256)
        NR_BAD("StageDepth = %d: must be MaxPktLen (%d) to 256: a packet enters a staging "
               "buffer only when all of it fits (virtual cut-through, §6)",
               p->stage_depth, p->port.max_pkt_len);
    return 0;
}

static int sidx(const nr_seastar *m, int q, int p, int w) { return (q * m->n + p) * m->V + w; }
static unsigned head_dest(uint32_t h)
{
    return (h >> NR_HEAD_DEST_LSB) & ((1u << NR_HEAD_DEST_W) - 1u);
}

/* §4: the route of a packet at the head of input `port`'s VC vc. */
static nr_route_res ss_route(const void *ctx, int port, int vc, uint32_t head, uint32_t route,
                             uint32_t hash)
{
    const nr_seastar *m = ctx;
    (void)route;
    (void)hash;
    nr_route_res r = {1, NR_DROP_MALFORMED, 0, -1, 0, 0};
    (void)vc; /* the head's vc field is the packet's (its queue's VC mod NumVcs) */
    vc = (int)((head >> NR_HEAD_VC_LSB) & ((1u << NR_HEAD_VC_W) - 1u));
    if (vc >= m->V || ((head >> NR_HEAD_RSVD_LSB) & ((1u << NR_HEAD_RSVD_W) - 1u))) return r;
    r.reason = NR_DROP_NO_ROUTE;
    if ((head >> NR_HEAD_R_BIT) & 1u) {
        r.reason = NR_DROP_BAD_SRCROUTE; /* no source routes in SeaStar */
        return r;
    }
    /* the partition: dest's bits from LutBits up (the seed's 14:12 at
     * LutBits 12), the GLUT's index its low 3 */
    const unsigned dest = head_dest(head), lb = (unsigned)m->lut_bits;
    const unsigned e = (dest >> lb) != (m->node_id >> lb)
                           ? m->glut[port][dest >> lb & 7u]
                           : m->lut[port * m->lut_n + (int)(dest & ((1u << lb) - 1u))];
    const int q = (int)(e >> 4 & 7u), mask = (int)(e >> 2 & 3u);
    const int w = (vc & ~mask) | ((int)(e & 3u) & mask);
    if (!(e & 0x80u) || q >= m->n || w >= m->V) return r;
    r.drop = 0;
    r.reason = 0;
    r.q = q;
    r.w = w;
    return r;
}

/* §4: no 180-degree turn: a route back out of its own input is a SELF drop. */
static int ss_hop(const void *ctx, int p, int q, int vc, uint32_t head, uint32_t hash, int up_ptr,
                  int *up_next)
{
    (void)ctx, (void)vc, (void)head, (void)hash, (void)up_ptr, (void)up_next;
    return q == p ? -NR_DROP_SELF : q;
}

static void ss_view(void *h, int p)
{
    nr_seastar *m = h;
    (void)nr_sw_core_view(&m->c, p);
}

static void ss_reset_regs(nr_seastar *m)
{
    static const uint64_t ars[3] = {0, ~0ull, 0x5555555555555555ull};
    for (int p = 0; p < m->n; p++) {
        m->req_bias[p] = m->rsp_bias[p] = 1; /* the seed's default */
        m->ars[p] = ars[m->p.ars_init];
    }
    m->age_clock = (uint32_t)m->p.age_clock_init;
}

/* The storage of m (parameters p): 0, or -1 out of memory (what was
 * taken is freed by nr_seastar_free). */
static int ss_alloc(nr_seastar *m, const nr_seastar_params *p)
{
    m->p = *p;
    m->n = p->num_ports;
    m->V = p->port.num_vcs;
    m->lut_n = 1 << p->lut_bits, m->lut_bits = p->lut_bits;
    m->na = p->stage_depth / 2 + 1; /* packets are at least 2 phits */
    const size_t ns = (size_t)m->n * (size_t)m->n * (size_t)m->V;
    m->lut = calloc((size_t)m->n * (size_t)m->lut_n, 1);
    m->st = calloc(ns, sizeof *m->st);
    m->agef = calloc(ns * (size_t)m->na, sizeof *m->agef);
    if (!m->lut || !m->st || !m->agef || nr_sw_core_alloc(&m->c, m->n) ||
        nr_chpipe_alloc(&m->c.chp, (int)ns))
        return -1;
    for (size_t i = 0; i < ns; i++) {
        m->st[i].cc = p->stage_depth;
        if (nr_vcbank_alloc(&m->st[i].f, p->stage_depth)) return -1;
    }
    return 0;
}

nr_seastar *nr_seastar_new(const nr_seastar_params *p, const nr_lcb_cfg *lcfg, char *err,
                           int errlen)
{
    if (nr_seastar_check(p, err, errlen) || nr_sw_core_check(&p->port, lcfg, err, errlen))
        return NULL;
    nr_seastar *m = calloc(1, sizeof *m);
    if (!m || ss_alloc(m, p)) {
        nr_sw_core_nomem("nr_seastar_new", err, errlen);
        nr_seastar_free(m);
        return NULL;
    }
    for (int i = 0; i < m->n; i++) {
        nr_iu_reset(&m->iu[i], i, m->n, m->V, 1, 1, p->port.in_buf_per_vc);
        m->iu[i].rc_fn = ss_route;
        m->iu[i].rc_ctx = m;
        m->in_on[i] = m->out_on[i] = -1;
    }
    ss_reset_regs(m);
    if (!nr_sw_core_start(&m->c, m->n, &p->port, 0, lcfg, ss_view, m, err, errlen)) return m;
    nr_seastar_free(m);
    return NULL;
}

void nr_seastar_free(nr_seastar *m)
{
    if (!m) return;
    for (int i = 0; m->st && i < m->n * m->n * m->V; i++) nr_vcbank_release(&m->st[i].f, m->c.rp);
    nr_sw_core_release(&m->c); /* after the staging buffers, whose rings its pool holds */
    free(m->lut);
    free(m->st);
    free(m->agef);
    free(m);
}

/* §8: the age now of the front packet of staging buffer s. */
static int front_age(const nr_seastar *m, int s)
{
    const int64_t a = m->epoch - m->agef[s * m->na + m->st[s].ah].birth;
    return a > NR_SS_AGE_MAX ? NR_SS_AGE_MAX : (int)a;
}

/* §6: input p moves one phit of its current packet, or starts the next
 * packet in round robin over its VCs whose front is a head with a whole
 * packet's credits in its staging buffer (a dropping VC needs none). */
static void eval_input(nr_seastar *m, int p)
{
    const nr_iu *u = &m->iu[p];
    const unsigned fr = u->f_valid | u->f_drop;
    m->d_pop_vc[p] = m->d_start[p] = -1;
    if (m->in_on[p] >= 0) {
        if ((fr >> m->in_on[p]) & 1u) m->d_pop_vc[p] = m->in_on[p];
        return;
    }
    unsigned cand = u->f_drop;
    for (unsigned b = u->f_valid; b; b &= b - 1) {
        const int v = __builtin_ctz(b);
        if (u->pos[v] == 0 &&
            m->st[sidx(m, u->route_q[v], p, u->route_w[v])].cc >= m->p.port.max_pkt_len)
            cand |= 1u << v;
    }
    const int v = sw_rr_pick(cand, m->in_ptr[p]);
    m->d_pop_vc[p] = m->d_start[p] = (int8_t)v;
}

/* §7: the phit output q sends of its packet from staging buffer s (the
 * head as staged, the age phit with the packet's age, the CRC repaired). */
static uint32_t out_phit(nr_seastar *m, int q, int s, int age)
{
    uint32_t ph = nr_vcbank_front(&m->st[s].f);
    uint16_t fix = m->pos[q] == 0 ? 0 : m->fix[q];
    if (m->pos[q] == 1 && m->hbit[q]) {
        const uint32_t nph = (ph & ~0xFFu) | (uint32_t)age;
        if (nph != ph) fix = nr_crc16_bits(0, (ph ^ nph) & SW_DATA_MASK, NR_DATA_W);
        ph = nph;
    } else if (fix && sw_kind(ph) == NR_KIND_BODY) {
        fix = nr_crc16_bits(fix, 0, NR_DATA_W);
    } else if (fix && sw_is_eop(ph)) {
        ph ^= nr_crc16_bits(fix, 0, 6); /* the crc field is bits 15:0 */
    }
    m->d_fix[q] = fix;
    return ph;
}

/* §7: output q continues its packet, or grants a new one: round robin or
 * oldest by AGE_RR_SELECT bit gcnt, over the staging buffers whose front is
 * a ready head on a VC the port's output takes. */
static void eval_output(nr_seastar *m, int q)
{
    const int V = m->V;
    const uint32_t now = m->c.now;
    const unsigned vc_ok = m->c.pv[q].vc_ok;
    m->d_tx[q] = 0;
    m->d_grant[q] = -1;
    int c = m->out_on[q], age = m->age_out[q];
    if (c < 0) {
        uint64_t req[SS_NV] = {0}, cand = 0;
        int score[SS_MAXP * SS_NV];
        for (int p = 0; p < m->n; p++)
            for (int w = 0; w < V; w++) {
                const int s = sidx(m, q, p, w);
                if (p == q || !((vc_ok >> w) & 1u) || !nr_vcbank_ready(&m->st[s].f, now) ||
                    !sw_is_head(nr_vcbank_front(&m->st[s].f)))
                    continue;
                req[w] |= 1ull << p;
                cand |= 1ull << (p * V + w);
                score[p * V + w] = front_age(m, s);
            }
        if (!cand) return;
        const int mode = (int)((m->ars[q] >> m->gcnt[q]) & 1u);
        if (mode) {
            c = sw_max_pick(cand, score, m->age_ptr[q], m->n * V);
        } else {
            int w = 0;
            const int p = sw_rr_pick_iv(req, V, m->rr_ptr[q] / V, m->rr_ptr[q] % V, &w);
            c = p * V + w;
        }
        age = score[c];
        m->d_grant[q] = (int8_t)c;
        m->d_mode[q] = (int8_t)mode;
        m->d_age[q] = age;
    }
    const int s = sidx(m, q, c / V, c % V);
    if (!nr_vcbank_ready(&m->st[s].f, now)) return;
    m->d_tx[q] = 1;
    m->d_phit[q] = out_phit(m, q, s, age);
}

/* §5: this cycle's configuration write, CFG_BAD where it names nothing. */
static void cfg_latch(nr_seastar *m, const nr_rtr_in *in, nr_rtr_out *out)
{
    m->d_cfg_we = 0;
    if (!in->cfg_we) return;
    int lo = in->cfg_bcast ? 0 : in->cfg_tile, hi = in->cfg_bcast ? m->n - 1 : in->cfg_tile;
    if (lo >= m->n) return; /* a tile that does not exist: nothing */
    const int a = in->cfg_addr;
    const uint32_t wd = in->cfg_wdata;
    const int bad = a > NR_SS_LUT || (a == NR_SS_LUT && (wd >> 16 & 0xFFFu) >= (unsigned)m->lut_n);
    for (int t = lo; t <= hi && bad; t++) out->tev[t] |= 1u << NR_TEV_CFG_BAD;
    if (bad) return;
    m->d_cfg_we = 1;
    m->d_cfg_lo = lo;
    m->d_cfg_hi = hi;
    m->d_cfg_addr = a;
    m->d_cfg_wdata = wd;
}

static void cfg_write(nr_seastar *m)
{
    const uint32_t wd = m->d_cfg_wdata;
    if (m->d_cfg_addr == NR_SS_NODE_ID) m->node_id = wd & 0x7FFFu;
    if (m->d_cfg_addr == NR_SS_AGE_CLOCK) {
        m->age_clock = wd;
        m->age_cnt = 0;
    }
    for (int t = m->d_cfg_lo; t <= m->d_cfg_hi; t++) switch (m->d_cfg_addr) {
        case NR_SS_AGE_BIAS:
            m->req_bias[t] = (uint8_t)wd;
            m->rsp_bias[t] = (uint8_t)(wd >> 8);
            break;
        case NR_SS_ARS_LO: m->ars[t] = (m->ars[t] & ~0xFFFFFFFFull) | wd; break;
        case NR_SS_ARS_HI: m->ars[t] = (m->ars[t] & 0xFFFFFFFFull) | (uint64_t)wd << 32; break;
        case NR_SS_GLUT: m->glut[t][wd >> 16 & 7u] = (uint8_t)wd; break;
        case NR_SS_LUT: m->lut[t * m->lut_n + (int)(wd >> 16 & 0xFFFu)] = (uint8_t)wd; break;
        default: break;
        }
    m->d_cfg_we = 0;
}

void nr_seastar_eval(nr_seastar *m, const nr_rtr_in *in, nr_rtr_out *out)
{
    char msg[160];
    memset(out, 0, sizeof *out);
    if (m->c.fr.lcb)
        for (int p = 0; p < m->n; p++)
            if (nr_port_front_moved(&m->c.fr, p)) ss_view(m, p);
    for (int p = 0; p < m->n; p++) {
        nr_iu_eval(&m->iu[p], &m->c.pv[p], NULL, NULL, ss_hop, m, NULL);
        out->tev[p] = m->iu[p].d_tev;
        eval_input(m, p);
    }
    for (int q = 0; q < m->n; q++) eval_output(m, q);
    for (int p = 0; p < m->n; p++) {
        const int r = nr_port_front_eval(&m->c.fr, p, m->iu[p].d_rd, m->d_tx[p], m->d_phit[p], in,
                                         out, msg, (int)sizeof msg);
        if (r) nr_errs_add(&m->c.errs, "cycle %u: port %d: %s", m->c.now, p, msg);
        if (r == 1) m->d_tx[p] = 0; /* the LCB did not take it: sent again */
    }
    cfg_latch(m, in, out);
    m->c.ie = m->c.pe = m->c.all;
}

/* §6 at the clock edge: input p's popped phit enters its staging buffer,
 * usable by the output from the next cycle; a head brings its age. */
static void tick_input(nr_seastar *m, int p)
{
    nr_iu *u = &m->iu[p];
    const int v = m->d_pop_vc[p];
    if (v >= 0 && !u->drop[v]) {
        const int q = u->route_q[v], w = u->route_w[v], s = sidx(m, q, p, w);
        const uint32_t ph = u->f_phit[v];
        if (u->pos[v] == 0) {
            if (m->st[s].an == m->na) nr_errs_add(&m->c.errs, "staging %d: age ring overflow", s);
            m->agef[s * m->na + (m->st[s].ah + m->st[s].an++) % m->na].birth = m->rc_birth[p][v];
        }
        const int r = nr_vcbank_push(&m->st[s].f, m->c.rp, ph, 0, m->c.now + 1);
        if (r)
            nr_errs_add(&m->c.errs, "cycle %u: staging (%d, %d, %d) %s", m->c.now, q, p, w,
                        r == -2 ? "out of memory" : "overflow");
        m->st[s].cc--;
    }
    if (v >= 0) {
        u->d_pop = (uint8_t)(1u << v);
        m->in_on[p] = sw_is_eop(u->f_phit[v]) ? -1 : (int8_t)v;
        if (m->d_start[p] >= 0) m->in_ptr[p] = (uint8_t)((v + 1) % m->V);
    }
    /* §8: a packet routed this cycle takes its age: the age phit's (h = 1)
     * plus the input's bias for its VC class, growing from this epoch */
    const int rv = u->d_rc_vc;
    if (rv >= 0 && !u->d_rcr.drop) {
        const uint32_t head = u->stg[rv][u->stg_head[rv]];
        const int h = (head >> NR_HEAD_H_BIT) & 1u;
        const int a0 = h ? (int)(u->stg[rv][(u->stg_head[rv] + 1) & (NR_IU_STG - 1)] & 0xFFu) : 0;
        int a = a0 + (rv < 2 ? m->req_bias[p] : m->rsp_bias[p]);
        if (a > NR_SS_AGE_MAX) a = NR_SS_AGE_MAX;
        m->rc_birth[p][rv] = m->epoch - a;
    }
    char msg[160];
    if (nr_iu_commit(u, &m->c.pv[p], msg, (int)sizeof msg))
        nr_errs_add(&m->c.errs, "cycle %u: %s", m->c.now, msg);
}

/* §7 at the clock edge: output q's grant and the phit it sent. */
static void tick_output(nr_seastar *m, int q)
{
    const int V = m->V;
    if (m->d_grant[q] >= 0) {
        const int c = m->d_grant[q];
        m->out_on[q] = (int8_t)c;
        m->age_out[q] = (uint8_t)m->d_age[q];
        m->last_age[q] = m->d_age[q];
        m->grants[q][m->d_mode[q]]++;
        if (m->d_mode[q])
            m->age_ptr[q] = (uint8_t)((c + 1) % (m->n * V));
        else
            m->rr_ptr[q] = (uint8_t)((c + 1) % (m->n * V));
        m->gcnt[q] = (uint8_t)((m->gcnt[q] + 1) & 63u);
        m->hbit[q] = (nr_vcbank_front(&m->st[sidx(m, q, c / V, c % V)].f) >> NR_HEAD_H_BIT) & 1u;
    }
    if (!m->d_tx[q]) return;
    const int c = m->out_on[q], s = sidx(m, q, c / V, c % V);
    const uint32_t ph = nr_vcbank_front(&m->st[s].f);
    nr_vcbank_pop(&m->st[s].f, m->c.rp);
    const int r = nr_chpipe_put(&m->c.chp, m->c.now + 1, &m->st[s].cc);
    if (r) nr_errs_add(&m->c.errs, "cycle %u: credit wheel %s", m->c.now, nr_chpipe_err(r));
    m->fix[q] = m->d_fix[q];
    if (m->pos[q] < 2) m->pos[q]++;
    if (sw_is_eop(ph)) {
        m->out_on[q] = -1;
        m->pos[q] = 0;
        m->st[s].ah = (uint16_t)((m->st[s].ah + 1) % m->na);
        m->st[s].an--;
    }
}

void nr_seastar_tick(nr_seastar *m)
{
    nr_sw_core_tick_ports(&m->c);
    for (int p = 0; p < m->n; p++) tick_input(m, p);
    for (int q = 0; q < m->n; q++) tick_output(m, q);
    if (m->d_cfg_we) cfg_write(m);
    /* §8: the chip-wide age clock: an epoch every AGE_CLOCK_PERIOD cycles */
    if (m->age_clock && ++m->age_cnt >= m->age_clock) {
        m->age_cnt = 0;
        m->epoch++;
    }
    nr_sw_core_tick_end(&m->c, ss_view, m);
}

int nr_seastar_errors(const nr_seastar *m, char *buf, int buflen)
{
    return nr_router_errors(&m->c.errs, &m->c.fr, buf, buflen);
}

void nr_seastar_grants(const nr_seastar *m, int q, uint64_t n[2], int *last_age)
{
    n[0] = m->grants[q][0];
    n[1] = m->grants[q][1];
    *last_age = m->last_age[q];
}

NR_SW_CORE_RTR(seastar, "seastar-model", NULL)
