/* stats.c - phases, loads, latency samples and histograms. See nr_stats.h. */
#include "nr_stats.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

int nr_stats_init(nr_stats_t *st, const nr_stats_cfg_t *cfg, char *err, size_t n)
{
    memset(st, 0, sizeof *st);
    st->cfg = *cfg;
    if (st->cfg.bin_width == 0) st->cfg.bin_width = 1;
    if (cfg->measure == 0 || cfg->nports < 1 || cfg->nports > NR_STATS_MAX_PORTS) {
        if (err && n)
            snprintf(err, n, "stats: need measure >= 1 and nports in [1, %d] (got %" PRIu64 ", %d)",
                     NR_STATS_MAX_PORTS, cfg->measure, cfg->nports);
        return -1;
    }
    st->acc_port = calloc((size_t)cfg->nports, sizeof *st->acc_port);
    return st->acc_port ? 0 : -1;
}

void nr_stats_free(nr_stats_t *st)
{
    free(st->acc_port);
    free(st->lat.cnt);
    free(st->lat.big);
    free(st->net.cnt);
    free(st->net.big);
    memset(st, 0, sizeof *st);
}

nr_phase_t nr_stats_phase(const nr_stats_t *st, uint64_t c)
{
    const nr_stats_cfg_t *g = &st->cfg;
    if (c < g->warmup) return NR_PH_WARMUP;
    if (c < g->warmup + g->measure) return NR_PH_MEASURE;
    if (c < g->warmup + g->measure + g->drain_limit) return NR_PH_DRAIN;
    return NR_PH_DONE;
}

const char *nr_stats_phase_name(nr_phase_t ph)
{
    static const char *const names[] = {"warmup", "measure", "drain", "done"};
    return (unsigned)ph <= NR_PH_DONE ? names[ph] : "?";
}

int nr_stats_is_labeled(const nr_stats_t *st, uint64_t g)
{
    return nr_stats_phase(st, g) == NR_PH_MEASURE;
}

void nr_stats_generated(nr_stats_t *st, int port, int len, uint64_t gen_cycle)
{
    (void)port;
    if (!nr_stats_is_labeled(st, gen_cycle)) return;
    st->off_phits += (uint64_t)len;
    st->off_pkts++;
    st->labeled++;
}

static void add(nr_samples_t *s, uint64_t v)
{
    if (v > UINT32_MAX) v = UINT32_MAX;
    s->n++;
    s->sum += v;
    if (v < NR_STATS_DENSE_MAX) {
        if (v >= s->ncnt) {
            size_t nc = s->ncnt ? s->ncnt : 1024;
            while (nc <= v) nc *= 2;
            uint64_t *nv = realloc(s->cnt, nc * sizeof *nv);
            if (!nv) {
                s->lost++; /* out of memory: the sample is lost, counts stay right */
                return;
            }
            memset(nv + s->ncnt, 0, (nc - s->ncnt) * sizeof *nv);
            s->cnt = nv;
            s->ncnt = nc;
        }
        s->cnt[v]++;
        return;
    }
    if (s->nbig == s->capbig) {
        size_t nc = s->capbig ? 2 * s->capbig : 64;
        uint32_t *nv = realloc(s->big, nc * sizeof *nv);
        if (!nv) {
            s->lost++;
            return;
        }
        s->big = nv;
        s->capbig = nc;
    }
    s->big[s->nbig++] = (uint32_t)v;
    s->big_sorted = 0;
}

void nr_stats_delivered(nr_stats_t *st, int port, int len, uint64_t gen_cycle, uint64_t inj_cycle,
                        uint64_t tail_cycle)
{
    if (nr_stats_is_labeled(st, tail_cycle)) {
        st->acc_phits += (uint64_t)len;
        st->acc_pkts++;
        if (port >= 0 && port < st->cfg.nports) st->acc_port[port] += (uint64_t)len;
    }
    if (!nr_stats_is_labeled(st, gen_cycle)) return;
    st->labeled_delivered++;
    add(&st->lat, tail_cycle >= gen_cycle ? tail_cycle - gen_cycle : 0);
    if (inj_cycle != UINT64_MAX)
        add(&st->net, tail_cycle >= inj_cycle ? tail_cycle - inj_cycle : 0);
}

void nr_stats_dropped(nr_stats_t *st, uint64_t gen_cycle)
{
    if (nr_stats_is_labeled(st, gen_cycle)) st->labeled_dropped++;
}

int nr_stats_done(nr_stats_t *st, uint64_t cycle)
{
    if (st->done) return 1;
    uint64_t wend = st->cfg.warmup + st->cfg.measure;
    if (cycle + 1 < wend) return 0;
    if (st->labeled_delivered + st->labeled_dropped >= st->labeled) {
        st->drained = 1;
    } else if (cycle + 1 >= wend + st->cfg.drain_limit) {
        st->drain_timeout = 1;
    } else {
        return 0;
    }
    st->done = 1;
    st->end_cycle = cycle;
    return 1;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static void sort_big(nr_samples_t *s)
{
    if (!s->big_sorted && s->nbig) qsort(s->big, s->nbig, sizeof *s->big, cmp_u32);
    s->big_sorted = 1;
}

/* The k-th smallest kept sample (1-based; 1 <= k <= kept samples). */
static uint32_t kth(nr_samples_t *s, uint64_t k)
{
    for (size_t x = 0; x < s->ncnt; x++) {
        if (k <= s->cnt[x]) return (uint32_t)x;
        k -= s->cnt[x];
    }
    sort_big(s);
    return k <= s->nbig ? s->big[k - 1] : 0;
}

static uint64_t kept(const nr_samples_t *s) { return s->n - s->lost; }

/* nr_percentile's rank of p among n samples (1..n). */
static uint64_t pct_rank(uint64_t n, double p)
{
    if (p <= 0) return 1;
    if (p >= 100) return n;
    double x = p * (double)n / 100.0; /* exact for integer p and n < 2^45 */
    uint64_t rank = (uint64_t)x;
    if ((double)rank < x) rank++;
    return rank < 1 ? 1 : rank;
}

uint32_t nr_percentile(const uint32_t *v, size_t n, double p)
{
    return n ? v[pct_rank(n, p) - 1] : 0;
}

void nr_stats_summary(nr_stats_t *st, nr_stats_summary_t *s)
{
    memset(s, 0, sizeof *s);
    double denom = (double)st->cfg.measure * st->cfg.nports;
    s->offered = (double)st->off_phits / denom;
    s->accepted = (double)st->acc_phits / denom;
    s->accepted_min_port = s->accepted_max_port = (double)st->acc_port[0] / (double)st->cfg.measure;
    for (int p = 1; p < st->cfg.nports; p++) {
        double a = (double)st->acc_port[p] / (double)st->cfg.measure;
        if (a < s->accepted_min_port) s->accepted_min_port = a;
        if (a > s->accepted_max_port) s->accepted_max_port = a;
    }
    s->labeled = st->labeled;
    s->delivered = st->labeled_delivered;
    s->dropped = st->labeled_dropped;
    s->outstanding = st->labeled - st->labeled_delivered - st->labeled_dropped;
    s->drained = st->drained;
    s->drain_timeout = st->drain_timeout;
    uint64_t wend = st->cfg.warmup + st->cfg.measure;
    s->drain_cycles = st->done && st->end_cycle + 1 > wend ? st->end_cycle + 1 - wend : 0;
    nr_samples_t *l = &st->lat, *nt = &st->net;
    s->n = kept(l);
    if (s->n) {
        s->mean = (double)l->sum / (double)l->n;
        s->min = kth(l, 1);
        s->p50 = kth(l, pct_rank(s->n, 50));
        s->p99 = kth(l, pct_rank(s->n, 99));
        s->max = kth(l, s->n);
    }
    s->net_n = kept(nt);
    if (s->net_n) {
        s->net_mean = (double)nt->sum / (double)nt->n;
        s->net_p50 = kth(nt, pct_rank(s->net_n, 50));
        s->net_p99 = kth(nt, pct_rank(s->net_n, 99));
        s->net_max = kth(nt, s->net_n);
    }
}

void nr_stats_print(nr_stats_t *st, FILE *f)
{
    nr_stats_summary_t s;
    nr_stats_summary(st, &s);
    fprintf(f, "stats: window %" PRIu64 "+%" PRIu64 " cycles, %d ports\n", st->cfg.warmup,
            st->cfg.measure, st->cfg.nports);
    fprintf(f, "stats: offered %.4f accepted %.4f phits/cycle/port (per port %.4f..%.4f)\n",
            s.offered, s.accepted, s.accepted_min_port, s.accepted_max_port);
    fprintf(f,
            "stats: labeled %" PRIu64 ", delivered %" PRIu64 ", dropped %" PRIu64
            ", outstanding %" PRIu64 "; drain %s after %" PRIu64 " cycles\n",
            s.labeled, s.delivered, s.dropped, s.outstanding,
            s.drained         ? "complete"
            : s.drain_timeout ? "LIMIT HIT"
                              : "not finished",
            s.drain_cycles);
    fprintf(f,
            "stats: latency (tail - generation) n %" PRIu64 " mean %.2f min %u p50 %u p99 %u"
            " max %u cycles\n",
            s.n, s.mean, s.min, s.p50, s.p99, s.max);
    if (s.net_n)
        fprintf(f,
                "stats: network latency (tail - head in) n %" PRIu64 " mean %.2f p50 %u p99 %u"
                " max %u cycles\n",
                s.net_n, s.net_mean, s.net_p50, s.net_p99, s.net_max);
}

void nr_stats_hist_print(nr_stats_t *st, FILE *f, int csv, int net)
{
    nr_samples_t *s = net ? &st->net : &st->lat;
    uint64_t w = st->cfg.bin_width, peak = 0;
    if (csv) fprintf(f, "lat_lo,lat_hi,count\n");
    if (!kept(s)) return;
    uint64_t nb = kth(s, kept(s)) / w + 1;
    /* counts per bin from the counts per value */
    uint64_t *cnt = calloc((size_t)nb, sizeof *cnt);
    if (!cnt) return;
    /* the value table may run past the largest value kept: only values seen */
    for (size_t x = 0; x < s->ncnt; x++)
        if (s->cnt[x]) cnt[x / w] += s->cnt[x];
    for (size_t i = 0; i < s->nbig; i++) cnt[s->big[i] / w]++;
    for (uint64_t b = 0; b < nb; b++)
        if (cnt[b] > peak) peak = cnt[b];
    for (uint64_t b = 0; b < nb; b++) {
        if (csv) {
            fprintf(f, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", b * w, (b + 1) * w, cnt[b]);
        } else {
            int bar = (int)((cnt[b] * 50 + peak - 1) / peak);
            fprintf(f, "[%6" PRIu64 ", %6" PRIu64 ") %8" PRIu64 " ", b * w, (b + 1) * w, cnt[b]);
            for (int k = 0; k < bar; k++) fputc('#', f);
            fputc('\n', f);
        }
    }
    free(cnt);
}
