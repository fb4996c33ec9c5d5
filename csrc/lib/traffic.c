/* traffic.c - destination patterns. See nr_traffic.h. */
#include "nr_traffic.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "liberr.h"

static const char *const tp_names[NR_TP_COUNT + 1] = {
    "uniform",          "bitcomp", "bitrev",  "bitrot",   "transpose",
    "transpose-random", "shuffle", "tornado", "neighbor", "hotspot",
    "randperm",         "rowcol",  "quad",    NULL,
};

const char *nr_tp_name(nr_tp_kind_t kind)
{
    return (unsigned)kind < NR_TP_COUNT ? tp_names[kind] : "?";
}

const char *const *nr_tp_names(void) { return tp_names; }

int nr_tp_from_name(const char *name)
{
    static const struct {
        const char *alias;
        nr_tp_kind_t kind;
    } aliases[] = {
        {"ur", NR_TP_UNIFORM},
        {"bc", NR_TP_BITCOMP},
        {"br", NR_TP_BITREV},
        {"tr", NR_TP_TR},
    };
    for (int i = 0; i < NR_TP_COUNT; i++)
        if (strcmp(name, tp_names[i]) == 0) return i;
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(name, aliases[i].alias) == 0) return (int)aliases[i].kind;
    return -1;
}

int nr_tp_is_deterministic(nr_tp_kind_t kind)
{
    switch (kind) {
    case NR_TP_BITCOMP:
    case NR_TP_BITREV:
    case NR_TP_BITROT:
    case NR_TP_TRANSPOSE:
    case NR_TP_SHUFFLE:
    case NR_TP_TORNADO:
    case NR_TP_NEIGHBOR:
    case NR_TP_RANDPERM: return 1;
    default: return 0;
    }
}

int nr_tp_needs_pow2(nr_tp_kind_t kind)
{
    switch (kind) {
    case NR_TP_BITCOMP:
    case NR_TP_BITREV:
    case NR_TP_BITROT:
    case NR_TP_TRANSPOSE:
    case NR_TP_TR:
    case NR_TP_SHUFFLE: return 1;
    default: return 0;
    }
}

static int fail(char *err, size_t n, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    nr_verrf(err, n, fmt, ap);
    va_end(ap);
    return code;
}

void nr_traffic_free(nr_traffic_t *t)
{
    free(t->perm);
    t->perm = NULL;
    if (t->base) {
        nr_traffic_free(t->base);
        free(t->base);
        t->base = NULL;
    }
}

double nr_traffic_src_load(const nr_traffic_t *t, int src)
{
    if (t->cfg.kind == NR_TP_QUAD && src >= t->cfg.k / 2) return 1.0 - t->cfg.turn_frac;
    return 1.0;
}

int nr_traffic_init(nr_traffic_t *t, const nr_traffic_cfg_t *cfg, uint64_t seed, char *err,
                    size_t n)
{
    memset(t, 0, sizeof *t);
    t->cfg = *cfg;
    t->bits = -1;
    int k = cfg->k;
    if ((unsigned)cfg->kind >= NR_TP_COUNT)
        return fail(err, n, NR_TP_ERR_KIND, "traffic: unknown pattern %d", (int)cfg->kind);
    const char *name = nr_tp_name(cfg->kind);
    if (k < 2 || k > NR_TP_MAX_NODES)
        return fail(err, n, NR_TP_ERR_K, "traffic: %s: k = %d out of range [2, %d]", name, k,
                    NR_TP_MAX_NODES);
    if ((k & (k - 1)) == 0)
        for (t->bits = 0; (1 << t->bits) < k; t->bits++)
            ;
    if (nr_tp_needs_pow2(cfg->kind) && t->bits < 0)
        return fail(err, n, NR_TP_ERR_POW2, "traffic: %s needs k to be a power of two, got %d",
                    name, k);
    if (cfg->kind == NR_TP_HOTSPOT) {
        if (!(cfg->hot_frac >= 0.0 && cfg->hot_frac <= 1.0))
            return fail(err, n, NR_TP_ERR_PARAM, "traffic: hotspot fraction %g out of range [0, 1]",
                        cfg->hot_frac);
        if (cfg->nhot < 1 || cfg->nhot > NR_TP_MAX_HOT)
            return fail(err, n, NR_TP_ERR_PARAM, "traffic: hotspot needs 1..%d hot nodes, got %d",
                        NR_TP_MAX_HOT, cfg->nhot);
        for (int i = 0; i < cfg->nhot; i++)
            if (cfg->hot[i] < 0 || cfg->hot[i] >= k)
                return fail(err, n, NR_TP_ERR_PARAM, "traffic: hot node %d out of range [0, %d]",
                            cfg->hot[i], k - 1);
    }
    if (cfg->kind == NR_TP_ROWCOL && (cfg->rows < 1 || cfg->cols < 1 || cfg->rows * cfg->cols != k))
        return fail(err, n, NR_TP_ERR_PARAM,
                    "traffic: rowcol needs rows x cols = k, got %d x %d for k = %d", cfg->rows,
                    cfg->cols, k);
    if (cfg->kind == NR_TP_QUAD) {
        if (k < 4 || k % 2)
            return fail(err, n, NR_TP_ERR_PARAM, "traffic: quad needs an even k >= 4, got %d", k);
        if (!(cfg->turn_frac >= 0.0 && cfg->turn_frac <= 1.0))
            return fail(err, n, NR_TP_ERR_PARAM,
                        "traffic: quad turn fraction %g out of range [0, 1]", cfg->turn_frac);
        if (cfg->turn_kind == NR_TP_QUAD || cfg->turn_kind == NR_TP_ROWCOL ||
            cfg->turn_kind == NR_TP_HOTSPOT)
            return fail(err, n, NR_TP_ERR_PARAM,
                        "traffic: quad turning pattern must be a plain pattern, not %s",
                        nr_tp_name(cfg->turn_kind));
        nr_traffic_cfg_t bc = *cfg;
        bc.kind = cfg->turn_kind;
        bc.k = k / 2;
        t->base = calloc(1, sizeof *t->base);
        if (!t->base) return fail(err, n, NR_TP_ERR_NOMEM, "traffic: out of memory");
        char e2[200];
        int rc = nr_traffic_init(t->base, &bc, seed, e2, sizeof e2);
        if (rc != NR_TP_OK) {
            nr_traffic_free(t);
            return fail(err, n, rc, "traffic: quad turning pattern over k/2 = %d: %s", k / 2, e2);
        }
    }
    if (cfg->kind == NR_TP_RANDPERM) {
        t->perm = malloc((size_t)k * sizeof *t->perm);
        if (!t->perm) return fail(err, n, NR_TP_ERR_NOMEM, "traffic: out of memory");
        nr_rng_t r;
        nr_rng_stream(&r, seed, NR_RNG_STREAM(NR_RNG_P_TRAFFIC, 0));
        /* Uniform derangement by rejection: Fisher-Yates, retry while any
         * fixed point remains (about e = 2.72 tries on average). */
        for (;;) {
            for (int i = 0; i < k; i++) t->perm[i] = i;
            for (int i = k - 1; i > 0; i--) {
                int j = (int)nr_rng_below(&r, (uint64_t)i + 1);
                int x = t->perm[i];
                t->perm[i] = t->perm[j];
                t->perm[j] = x;
            }
            int fixed = 0;
            for (int i = 0; i < k && !fixed; i++) fixed = t->perm[i] == i;
            if (!fixed) break;
        }
    }
    return NR_TP_OK;
}

/* Uniform over the k-1 nodes other than src. */
static int uniform_other(int k, int src, nr_rng_t *rng)
{
    int d = (int)nr_rng_below(rng, (uint64_t)k - 1);
    return d >= src ? d + 1 : d;
}

int nr_traffic_dest(nr_traffic_t *t, int src, nr_rng_t *rng)
{
    const nr_traffic_cfg_t *c = &t->cfg;
    int k = c->k, b = t->bits, d = 0;
    unsigned n = (unsigned)src, m = (unsigned)k - 1u;
    switch (c->kind) {
    case NR_TP_UNIFORM: d = uniform_other(k, src, rng); break;
    case NR_TP_BITCOMP: d = (int)(~n & m); break;
    case NR_TP_BITREV:
        for (int i = 0; i < b; i++) d |= (int)(((n >> i) & 1u) << (b - 1 - i));
        break;
    case NR_TP_BITROT: d = (int)((n >> 1) | ((n & 1u) << (b - 1))); break;
    case NR_TP_SHUFFLE: d = (int)(((n << 1) | (n >> (b - 1))) & m); break;
    case NR_TP_TRANSPOSE: {
        int lo = (b + 1) / 2, hi = b / 2; /* C = 2^lo columns, R = 2^hi rows */
        unsigned row = n >> lo, col = n & ((1u << lo) - 1u);
        d = (int)((col << hi) | row);
        break;
    }
    case NR_TP_TR: {
        int lo = (b + 1) / 2, hi = b / 2;
        unsigned row = n >> lo;
        d = (int)(((unsigned)nr_rng_below(rng, 1u << hi) << lo) | row);
        break;
    }
    case NR_TP_TORNADO: d = (int)((n + (unsigned)(k + 1) / 2 - 1u) % (unsigned)k); break;
    case NR_TP_NEIGHBOR: d = (int)((n + 1u) % (unsigned)k); break;
    case NR_TP_HOTSPOT:
        /* One Bernoulli draw picks the branch, then one uniform choice. */
        if (nr_rng_bernoulli(rng, c->hot_frac)) {
            d = c->hot[nr_rng_below(rng, (uint64_t)c->nhot)];
        } else {
            d = uniform_other(k, src, rng);
        }
        break;
    case NR_TP_RANDPERM: d = t->perm[src]; break;
    case NR_TP_QUAD: {
        int h = k / 2;
        if (src >= h) /* III: down-going, spread evenly */
            d = (int)nr_rng_below(rng, (uint64_t)h);
        else if (nr_rng_bernoulli(rng, c->turn_frac)) /* I: turning */
            d = nr_traffic_dest(t->base, src, rng);
        else /* II: up-going, load-balanced over the up ports */
            d = h + (int)nr_rng_below(rng, (uint64_t)h);
        break;
    }
    case NR_TP_ROWCOL: {
        int r = src / c->cols;
        d = (int)nr_rng_below(rng, (uint64_t)c->rows) * c->cols + r % c->cols;
        break;
    }
    default: d = src; break;
    }
    t->calls++;
    if (d == src) t->self_count++;
    return d;
}
