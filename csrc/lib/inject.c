/* inject.c - injection processes, length distributions, source queues.
 * See nr_inj.h. */
#include "nr_inj.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nr_cli.h"
#include "nr_pkt.h"
#include "nr_ring.h"
#include "liberr.h"

static const char *const inj_names[] = {"bernoulli", "onoff", NULL};
static const char *const len_names[] = {"fixed", "uniform", "bwmix", NULL};
static const char *const cls_names[] = {"data", "read_req", "write_req", "read_resp", "write_ack"};

const char *const *nr_inj_kind_names(void) { return inj_names; }
const char *const *nr_len_kind_names(void) { return len_names; }
const char *nr_pkt_cls_name(nr_pkt_cls_t c)
{
    return (unsigned)c < NR_CLS_COUNT ? cls_names[c] : "?";
}

/* bwmix table: class, length, VC. */
static const struct {
    nr_pkt_cls_t cls;
    int len, vc;
} bwmix[4] = {
    {NR_CLS_READ_REQ, 4, 0},
    {NR_CLS_WRITE_REQ, 19, 0},
    {NR_CLS_READ_RESP, 19, 1},
    {NR_CLS_WRITE_ACK, 4, 1},
};

double nr_lendist_mean(const nr_lendist_t *d)
{
    switch (d->kind) {
    case NR_LEN_FIXED: return d->a;
    case NR_LEN_UNIFORM: return (d->a + d->b) / 2.0;
    case NR_LEN_BWMIX: return (4 + 19 + 19 + 4) / 4.0;
    default: return 0;
    }
}

int nr_lendist_check(const nr_lendist_t *d, char *err, size_t n)
{
    int lim = NR_PKT_LEN_LIMIT;
    switch (d->kind) {
    case NR_LEN_FIXED:
        if (d->a < NR_MIN_PKT_LEN || d->a > lim)
            return nr_errf(err, n, "length %d out of range [%d, %d]", d->a, NR_MIN_PKT_LEN, lim);
        break;
    case NR_LEN_UNIFORM:
        if (d->a < NR_MIN_PKT_LEN || d->b > lim || d->a > d->b)
            return nr_errf(err, n, "uniform length [%d, %d] invalid: need %d <= a <= b <= %d", d->a,
                           d->b, NR_MIN_PKT_LEN, lim);
        break;
    case NR_LEN_BWMIX:
        if (d->num_vcs == 1)
            return nr_errf(err, n, "bwmix uses VC0 and VC1 and needs num_vcs >= 2");
        break;
    default: return nr_errf(err, n, "unknown length distribution %d", (int)d->kind);
    }
    if (d->num_vcs < 0 || d->num_vcs > 4)
        return nr_errf(err, n, "num_vcs %d out of range [1, 4]", d->num_vcs);
    return 0;
}

int nr_lendist_parse(const char *s, int lo, nr_lendist_t *d, char *err, size_t n)
{
    char buf[64];
    const char *f[3];
    int k = nr_cli_split(s, ':', buf, sizeof buf, f, 1, 3);
    long a = 0, b = 0;
    if (k == 1 && (!strcmp(f[0], "bw") || !strcmp(f[0], "bwmix"))) {
        d->kind = NR_LEN_BWMIX;
        return 0;
    }
    if (!((k == 2 && !strcmp(f[0], "fixed")) || (k == 3 && !strcmp(f[0], "uniform"))))
        return nr_errf(err, n, "expected fixed:L, uniform:A:B or bw, got '%s'", s ? s : "");
    if (nr_cli_parse_long(f[1], lo, NR_PKT_LEN_LIMIT, &a, err, n)) return -1;
    if (k == 3 && nr_cli_parse_long(f[2], lo, NR_PKT_LEN_LIMIT, &b, err, n)) return -1;
    if (k == 3 && b < a) return nr_errf(err, n, "expected A <= B in uniform:A:B, got '%s'", s);
    d->kind = k == 2 ? NR_LEN_FIXED : NR_LEN_UNIFORM;
    d->a = (int)a;
    d->b = k == 2 ? (int)a : (int)b;
    return 0;
}

void nr_lendist_draw(const nr_lendist_t *d, nr_rng_t *r, int *len, int *vc, nr_pkt_cls_t *cls)
{
    int nv = d->num_vcs > 0 ? d->num_vcs : 1;
    switch (d->kind) {
    case NR_LEN_BWMIX: {
        int i = (int)nr_rng_below(r, 4);
        *len = bwmix[i].len;
        *vc = bwmix[i].vc;
        *cls = bwmix[i].cls;
        return;
    }
    case NR_LEN_UNIFORM: *len = d->a + (int)nr_rng_below(r, (uint64_t)(d->b - d->a) + 1); break;
    default: *len = d->a; break;
    }
    *vc = nv > 1 ? (int)nr_rng_below(r, (uint64_t)nv) : 0;
    *cls = NR_CLS_DATA;
}

int nr_inj_init(nr_inj_t *s, const nr_inj_cfg_t *cfg, uint64_t seed, int src, char *err, size_t n)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->src = src;
    if (nr_lendist_check(&cfg->len, err, n)) return -1;
    double lm = nr_lendist_mean(&cfg->len);
    if (!(cfg->load >= 0.0 && cfg->load <= 1.0))
        return nr_errf(err, n, "load %g out of range [0, 1] phits/cycle/port", cfg->load);
    nr_rng_stream(&s->rng, seed, NR_RNG_STREAM(NR_RNG_P_INJECT, src));
    nr_rng_stream(&s->drng, seed, NR_RNG_STREAM(NR_RNG_P_DEST, src));
    if (cfg->kind == NR_INJ_BERNOULLI) {
        s->p = cfg->load / lm;
        s->on = 1;
    } else if (cfg->kind == NR_INJ_ONOFF) {
        double peak = cfg->peak == 0.0 ? 1.0 : cfg->peak;
        s->cfg.peak = peak;
        if (!(peak > 0.0 && peak <= 1.0))
            return nr_errf(err, n, "onoff peak rate %g out of range (0, 1]", peak);
        if (cfg->load > peak)
            return nr_errf(err, n, "onoff load %g above the peak rate %g", cfg->load, peak);
        if (!(cfg->burst >= 1.0))
            return nr_errf(err, n, "onoff mean burst %g packets out of range [1, inf)", cfg->burst);
        double pi = cfg->load / peak;
        s->p = peak / lm;
        s->beta = s->p / cfg->burst;
        if (pi >= 1.0) {
            s->alpha = 1.0;
            s->beta = 0.0; /* always ON */
        } else {
            s->alpha = s->beta * pi / (1.0 - pi);
            if (s->alpha > 1.0)
                return nr_errf(err, n,
                               "onoff: load %g with mean burst %g packets needs OFF periods shorter"
                               " than a cycle; use burst >= %.3g",
                               cfg->load, cfg->burst, s->p * pi / (1.0 - pi));
        }
        s->on = nr_rng_bernoulli(&s->rng, pi);
        s->on_periods = (uint64_t)s->on;
    } else {
        return nr_errf(err, n, "unknown injection process %d", (int)cfg->kind);
    }
    return 0;
}

void nr_inj_free(nr_inj_t *s)
{
    free(s->q);
    s->q = NULL;
    s->qcap = s->qlen = s->qhead = 0;
}

static int push(nr_inj_t *s, const nr_inj_pkt_t *p)
{
    if (s->qlen == s->qcap) {
        /* grows with the queue: memory follows it */
        nr_inj_pkt_t *nq = nr_ring_grow(s->q, &s->qcap, &s->qhead, s->qlen, sizeof *nq, 4);
        if (!nq) return -1;
        s->q = nq;
    }
    s->q[(s->qhead + s->qlen) % s->qcap] = *p;
    s->qlen++;
    s->qphits += (uint64_t)p->len;
    if (s->qlen > s->max_depth) s->max_depth = s->qlen;
    if (s->qphits > s->max_depth_phits) s->max_depth_phits = s->qphits;
    return 0;
}

/* A packet generated now: its length, VC and class from the timing stream,
 * its destination from the destination stream. */
static int gen_packet(nr_inj_t *s, uint64_t cycle, nr_traffic_t *tp)
{
    nr_inj_pkt_t p;
    p.gen_cycle = cycle;
    p.id = s->gen_pkts;
    nr_lendist_draw(&s->cfg.len, &s->rng, &p.len, &p.vc, &p.cls);
    p.dest = tp ? nr_traffic_dest(tp, s->src, &s->drng) : -1;
    if (push(s, &p)) return -1;
    s->gen_pkts++;
    s->gen_phits += (uint64_t)p.len;
    return 1;
}

/* Bernoulli draws made ahead at most (speed only: one draw per tick, the
 * same stream in the same order; a tick inside the lookahead costs a
 * decrement). */
#define LA_MAX 256

int nr_inj_tick(nr_inj_t *s, uint64_t cycle, nr_traffic_t *tp)
{
    s->cycles++;
    if (s->cfg.kind == NR_INJ_BERNOULLI) {
        if (s->la_n) { /* a draw made ahead, and failed */
            s->la_n--;
            s->la_used++;
            return 0;
        }
        if (s->la_hit) { /* a draw made ahead, and succeeded: the packet now */
            s->la_hit = 0;
            return gen_packet(s, cycle, tp);
        }
        s->la_base = s->rng;
        if (nr_rng_bernoulli(&s->rng, s->p)) return gen_packet(s, cycle, tp);
        /* draw the next ticks' until one succeeds (its packet is made at
         * its tick: the length follows its draw in the stream, as then) */
        uint64_t n = 0;
        while (n < LA_MAX && !nr_rng_bernoulli(&s->rng, s->p)) n++;
        s->la_n = n;
        s->la_hit = n < LA_MAX;
        s->la_used = 0;
        return 0;
    }
    int gen = 0;
    if (s->on) {
        if (s->cfg.kind == NR_INJ_ONOFF) s->on_cycles++;
        gen = nr_rng_bernoulli(&s->rng, s->p);
    }
    if (s->cfg.kind == NR_INJ_ONOFF) {
        if (s->on) {
            if (s->beta > 0.0 && nr_rng_bernoulli(&s->rng, s->beta)) s->on = 0;
        } else if (nr_rng_bernoulli(&s->rng, s->alpha)) {
            s->on = 1;
            s->on_periods++;
        }
    }
    if (!gen) return 0;
    return gen_packet(s, cycle, tp);
}

int nr_inj_gen(nr_inj_t *s, uint64_t cycle, nr_traffic_t *tp)
{
    if (s->la_n || s->la_hit) {
        /* draws made ahead: back to the stream the ticks so far left (the
         * failed draw of the lookahead's first tick and la_used more) */
        s->rng = s->la_base;
        for (uint64_t i = 0; i <= s->la_used; i++) (void)nr_rng_u64(&s->rng);
        s->la_n = 0;
        s->la_hit = 0;
    }
    return gen_packet(s, cycle, tp);
}

const nr_inj_pkt_t *nr_inj_peek(const nr_inj_t *s) { return s->qlen ? &s->q[s->qhead] : NULL; }

void nr_inj_pop(nr_inj_t *s)
{
    if (!s->qlen) return;
    s->qphits -= (uint64_t)s->q[s->qhead].len;
    s->qhead = (s->qhead + 1) % s->qcap;
    s->qlen--;
}

size_t nr_inj_depth(const nr_inj_t *s) { return s->qlen; }
