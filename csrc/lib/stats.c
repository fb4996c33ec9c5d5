/* stats.c - phases, loads, latency samples and histograms. See nr_stats.h. */
#include "nr_stats.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

int nr_stats_init(nr_stats_t *st, const nr_stats_cfg_t *cfg, char *err, size_t n)
{
    memset(st, 0, sizeof *st);
    st->cfg = *cfg;
    if (st->cfg.bin_width == 0)
        st->cfg.bin_width = 1;
    if (cfg->measure == 0 || cfg->nports < 1 || cfg->nports > 32768) {
        if (err && n)
            snprintf(err, n, "stats: need measure >= 1 and nports in [1, 32768] (got %" PRIu64
                     ", %d)", cfg->measure, cfg->nports);
        return -1;
    }
    st->acc_port = calloc((size_t)cfg->nports, sizeof *st->acc_port);
    return st->acc_port ? 0 : -1;
}

void nr_stats_free(nr_stats_t *st)
{
    free(st->acc_port);
    free(st->lat.v);
    free(st->net.v);
    memset(st, 0, sizeof *st);
}

nr_phase_t nr_stats_phase(const nr_stats_t *st, uint64_t c)
{
    const nr_stats_cfg_t *g = &st->cfg;
    if (c < g->warmup)
        return NR_PH_WARMUP;
    if (c < g->warmup + g->measure)
        return NR_PH_MEASURE;
    if (c < g->warmup + g->measure + g->drain_limit)
        return NR_PH_DRAIN;
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
    if (!nr_stats_is_labeled(st, gen_cycle))
        return;
    st->off_phits += (uint64_t)len;
    st->off_pkts++;
    st->labeled++;
}

static void add(nr_samples_t *s, uint64_t v)
{
    if (s->n == s->cap) {
        size_t nc = s->cap ? 2 * s->cap : 1024;
        uint32_t *nv = realloc(s->v, nc * sizeof *nv);
        if (!nv)
            return; /* out of memory: the sample is lost, counts stay right */
        s->v = nv;
        s->cap = nc;
    }
    if (v > UINT32_MAX)
        v = UINT32_MAX;
    s->v[s->n++] = (uint32_t)v;
    s->sum += v;
    s->sorted = 0;
}

void nr_stats_delivered(nr_stats_t *st, int port, int len, uint64_t gen_cycle,
                        uint64_t inj_cycle, uint64_t tail_cycle)
{
    if (nr_stats_is_labeled(st, tail_cycle)) {
        st->acc_phits += (uint64_t)len;
        st->acc_pkts++;
        if (port >= 0 && port < st->cfg.nports)
            st->acc_port[port] += (uint64_t)len;
    }
    if (!nr_stats_is_labeled(st, gen_cycle))
        return;
    st->labeled_delivered++;
    add(&st->lat, tail_cycle >= gen_cycle ? tail_cycle - gen_cycle : 0);
    if (inj_cycle != UINT64_MAX)
        add(&st->net, tail_cycle >= inj_cycle ? tail_cycle - inj_cycle : 0);
}

void nr_stats_dropped(nr_stats_t *st, uint64_t gen_cycle)
{
    if (nr_stats_is_labeled(st, gen_cycle))
        st->labeled_dropped++;
}

int nr_stats_done(nr_stats_t *st, uint64_t cycle)
{
    if (st->done)
        return 1;
    uint64_t wend = st->cfg.warmup + st->cfg.measure;
    if (cycle + 1 < wend)
        return 0;
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

static void sort_samples(nr_samples_t *s)
{
    if (!s->sorted && s->n)
        qsort(s->v, s->n, sizeof *s->v, cmp_u32);
    s->sorted = 1;
}

uint32_t nr_percentile(const uint32_t *v, size_t n, double p)
{
    if (n == 0)
        return 0;
    if (p <= 0)
        return v[0];
    if (p >= 100)
        return v[n - 1];
    double x = p * (double)n / 100.0; /* exact for integer p and n < 2^45 */
    size_t rank = (size_t)x;
    if ((double)rank < x)
        rank++;
    if (rank < 1)
        rank = 1;
    return v[rank - 1];
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
        if (a < s->accepted_min_port)
            s->accepted_min_port = a;
        if (a > s->accepted_max_port)
            s->accepted_max_port = a;
    }
    s->labeled = st->labeled;
    s->delivered = st->labeled_delivered;
    s->dropped = st->labeled_dropped;
    s->outstanding = st->labeled - st->labeled_delivered - st->labeled_dropped;
    s->drained = st->drained;
    s->drain_timeout = st->drain_timeout;
    uint64_t wend = st->cfg.warmup + st->cfg.measure;
    s->drain_cycles = st->done && st->end_cycle + 1 > wend ? st->end_cycle + 1 - wend : 0;
    sort_samples(&st->lat);
    sort_samples(&st->net);
    s->n = st->lat.n;
    if (s->n) {
        s->mean = (double)st->lat.sum / (double)s->n;
        s->min = st->lat.v[0];
        s->p50 = nr_percentile(st->lat.v, s->n, 50);
        s->p99 = nr_percentile(st->lat.v, s->n, 99);
        s->max = st->lat.v[s->n - 1];
    }
    s->net_n = st->net.n;
    if (s->net_n) {
        s->net_mean = (double)st->net.sum / (double)s->net_n;
        s->net_p50 = nr_percentile(st->net.v, s->net_n, 50);
        s->net_p99 = nr_percentile(st->net.v, s->net_n, 99);
        s->net_max = st->net.v[s->net_n - 1];
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
    fprintf(f, "stats: labeled %" PRIu64 ", delivered %" PRIu64 ", dropped %" PRIu64
            ", outstanding %" PRIu64 "; drain %s after %" PRIu64 " cycles\n",
            s.labeled, s.delivered, s.dropped, s.outstanding,
            s.drained ? "complete" : s.drain_timeout ? "LIMIT HIT" : "not finished",
            s.drain_cycles);
    fprintf(f, "stats: latency (tail - generation) n %" PRIu64 " mean %.2f min %u p50 %u p99 %u"
            " max %u cycles\n", s.n, s.mean, s.min, s.p50, s.p99, s.max);
    if (s.net_n)
        fprintf(f, "stats: network latency (tail - head in) n %" PRIu64 " mean %.2f p50 %u p99 %u"
                " max %u cycles\n", s.net_n, s.net_mean, s.net_p50, s.net_p99, s.net_max);
}

void nr_stats_hist_print(nr_stats_t *st, FILE *f, int csv, int net)
{
    nr_samples_t *s = net ? &st->net : &st->lat;
    uint64_t w = st->cfg.bin_width;
    sort_samples(s);
    if (csv)
        fprintf(f, "lat_lo,lat_hi,count\n");
    if (!s->n)
        return;
    uint64_t nb = s->v[s->n - 1] / w + 1, peak = 0;
    /* counts per bin in one pass over the sorted samples */
    size_t i = 0;
    uint64_t *cnt = calloc((size_t)nb, sizeof *cnt);
    if (!cnt)
        return;
    for (; i < s->n; i++)
        cnt[s->v[i] / w]++;
    for (uint64_t b = 0; b < nb; b++)
        if (cnt[b] > peak)
            peak = cnt[b];
    for (uint64_t b = 0; b < nb; b++) {
        if (csv) {
            fprintf(f, "%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", b * w, (b + 1) * w, cnt[b]);
        } else {
            int bar = (int)((cnt[b] * 50 + peak - 1) / peak);
            fprintf(f, "[%6" PRIu64 ", %6" PRIu64 ") %8" PRIu64 " ", b * w, (b + 1) * w, cnt[b]);
            for (int k = 0; k < bar; k++)
                fputc('#', f);
            fputc('\n', f);
        }
    }
    free(cnt);
}
