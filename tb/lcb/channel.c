/* channel.c - one direction of an LCB link: delay line plus error injection.
 * See channel.h for the error model. */
#include "channel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nr_rng.h"

/* One random process with a fixed rate per trial: the trials to skip before
 * the next hit are drawn from the geometric distribution, one draw per hit. */
typedef struct {
    double p;
    double l1p;     /* log(1 - p) */
    int64_t gap;    /* trials left before the next hit; INT64_MAX = never */
    nr_rng_t r;
} gap_t;

enum { P_OUTAGE, P_DROP, P_DATA, P_SB, P_BURST, P_BURSTBITS, P_CTL, P_COUNT };

struct lcb_ch {
    lcb_ch_cfg c;
    uint32_t *line;     /* delay line, `latency` entries */
    int64_t t;          /* cycle number */
    int on;
    gap_t g[P_COUNT];   /* P_BURSTBITS uses only .r */
    int64_t outage_left;
    int burst_left;     /* bits of the running burst still to come */
    int burst_pos;      /* index of the next burst bit */
    int sched_o, sched_f; /* next scheduled outage / flip */
    lcb_ch_stats st;
};

static int64_t gap_draw(gap_t *g)
{
    if (g->p <= 0.0) return INT64_MAX;
    if (g->p >= 1.0) return 0;
    double u = 1.0 - nr_rng_double(&g->r); /* (0, 1] */
    double k = floor(log(u) / g->l1p);
    return k > 4e18 ? INT64_MAX : (int64_t)k;
}

static void gap_init(gap_t *g, double p, uint64_t seed, int dir, int proc)
{
    g->p = p;
    g->l1p = (p > 0.0 && p < 1.0) ? log1p(-p) : 0.0;
    nr_rng_stream(&g->r, seed, NR_RNG_STREAM(NR_RNG_P_ERROR, dir * 16 + proc));
    g->gap = gap_draw(g);
}

/* Advance a process over n trials; return the number of hits and write the
 * trial index (0..n-1) of each hit into pos[] (at most `cap` recorded). */
static int gap_step(gap_t *g, int n, int *pos, int cap)
{
    int hits = 0;
    int64_t i = 0;
    if (g->gap == INT64_MAX) return 0;
    while (i + g->gap < n) {
        i += g->gap;
        if (hits < cap) pos[hits] = (int)i;
        hits++;
        i++;
        g->gap = gap_draw(g);
        if (g->gap == INT64_MAX) return hits;
    }
    g->gap -= (n - i);
    return hits;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

void lcb_ch_cfg_default(lcb_ch_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->latency = 1;
    c->burst_len = 8;
    c->outage_len = 100;
}

int lcb_ch_cfg_has_errors(const lcb_ch_cfg *c)
{
    return c->ber_data > 0 || c->ber_sb > 0 || c->burst_rate > 0 || c->drop_rate > 0 ||
           c->outage_rate > 0 || c->ctl_ber > 0 || c->n_sched_outage > 0 || c->n_sched_flip > 0;
}

int lcb_ch_cfg_check(const lcb_ch_cfg *c, char *err, int errlen)
{
#define BAD(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)
    if (c->latency < 1 || c->latency > LCB_CH_MAX_LAT)
        BAD("channel latency %d out of range 1..%d", c->latency, LCB_CH_MAX_LAT);
    if (!(c->ber_data >= 0 && c->ber_data <= 0.5)) BAD("data BER %g out of range 0..0.5", c->ber_data);
    if (!(c->ber_sb >= 0 && c->ber_sb <= 0.5)) BAD("sideband BER %g out of range 0..0.5", c->ber_sb);
    if (!(c->burst_rate >= 0 && c->burst_rate <= 1)) BAD("burst rate %g out of range 0..1", c->burst_rate);
    if (c->burst_len < 1 || c->burst_len > LCB_CH_MAX_BURST)
        BAD("burst length %d out of range 1..%d", c->burst_len, LCB_CH_MAX_BURST);
    if (!(c->drop_rate >= 0 && c->drop_rate <= 1)) BAD("drop rate %g out of range 0..1", c->drop_rate);
    if (!(c->outage_rate >= 0 && c->outage_rate <= 1)) BAD("outage rate %g out of range 0..1", c->outage_rate);
    if (c->outage_len < 1) BAD("outage length %d must be >= 1", c->outage_len);
    if (!(c->ctl_ber >= 0 && c->ctl_ber <= 1)) BAD("ctl BER %g out of range 0..1", c->ctl_ber);
    if (c->n_sched_outage < 0 || c->n_sched_outage > LCB_CH_MAX_SCHED ||
        c->n_sched_flip < 0 || c->n_sched_flip > LCB_CH_MAX_SCHED)
        BAD("at most %d scheduled outages and flips", LCB_CH_MAX_SCHED);
    for (int i = 0; i < c->n_sched_outage; i++)
        if (c->sched_outage[i] < 0) BAD("scheduled outage cycle %lld < 0", (long long)c->sched_outage[i]);
    for (int i = 0; i < c->n_sched_flip; i++)
        if (c->sched_flip[i] < 0) BAD("scheduled flip %lld < 0", (long long)c->sched_flip[i]);
    return 0;
#undef BAD
}

lcb_ch *lcb_ch_new(const lcb_ch_cfg *c, uint64_t seed, int dir, char *err, int errlen)
{
    if (lcb_ch_cfg_check(c, err, errlen)) return NULL;
    lcb_ch *ch = calloc(1, sizeof *ch);
    if (!ch) { snprintf(err, errlen, "out of memory"); return NULL; }
    ch->c = *c;
    ch->line = calloc((size_t)c->latency, sizeof *ch->line);
    if (!ch->line) { free(ch); snprintf(err, errlen, "out of memory"); return NULL; }
    qsort(ch->c.sched_outage, (size_t)ch->c.n_sched_outage, sizeof(int64_t), cmp_i64);
    qsort(ch->c.sched_flip, (size_t)ch->c.n_sched_flip, sizeof(int64_t), cmp_i64);
    ch->on = lcb_ch_cfg_has_errors(c);
    gap_init(&ch->g[P_OUTAGE], c->outage_rate, seed, dir, P_OUTAGE);
    gap_init(&ch->g[P_DROP], c->drop_rate, seed, dir, P_DROP);
    gap_init(&ch->g[P_DATA], c->ber_data, seed, dir, P_DATA);
    gap_init(&ch->g[P_SB], c->ber_sb, seed, dir, P_SB);
    gap_init(&ch->g[P_BURST], c->burst_rate, seed, dir, P_BURST);
    gap_init(&ch->g[P_BURSTBITS], 0.0, seed, dir, P_BURSTBITS);
    gap_init(&ch->g[P_CTL], c->ctl_ber, seed, dir, P_CTL);
    return ch;
}

void lcb_ch_free(lcb_ch *ch)
{
    if (!ch) return;
    free(ch->line);
    free(ch);
}

void lcb_ch_enable(lcb_ch *ch, int on)
{
    ch->on = on && lcb_ch_cfg_has_errors(&ch->c);
    if (!on) { ch->outage_left = 0; ch->burst_left = 0; }
}

int lcb_ch_in_outage(const lcb_ch *ch) { return ch->outage_left > 0; }
const lcb_ch_stats *lcb_ch_get_stats(const lcb_ch *ch) { return &ch->st; }

uint64_t lcb_ch_injected(const lcb_ch *ch)
{
    const lcb_ch_stats *s = &ch->st;
    return s->data_flips + s->f_flips + s->c_flips + s->ctl_flips + s->burst_flips + s->drops +
           s->outage_cycles + s->sched_flips;
}

/* Serial bit k of a phit (k = 0 is bit 23, sent first). */
static uint32_t serial_bit(int k) { return 1u << (23 - k); }

static uint32_t damage(lcb_ch *ch, uint32_t ph)
{
    lcb_ch_stats *s = &ch->st;
    int pos[24];
    int erased = 0;
    s->err_cycles++;

    /* Outage: scheduled or random start, then outage_len black cycles. */
    while (ch->sched_o < ch->c.n_sched_outage && ch->c.sched_outage[ch->sched_o] < ch->t) ch->sched_o++;
    int start = 0;
    if (ch->sched_o < ch->c.n_sched_outage && ch->c.sched_outage[ch->sched_o] == ch->t) {
        start = 1;
        while (ch->sched_o < ch->c.n_sched_outage && ch->c.sched_outage[ch->sched_o] == ch->t) ch->sched_o++;
    }
    if (gap_step(&ch->g[P_OUTAGE], 1, pos, 1)) start = 1;
    if (start && ch->outage_left == 0) {
        ch->outage_left = ch->c.outage_len;
        s->outages++;
    }
    if (ch->outage_left > 0) {
        ch->outage_left--;
        s->outage_cycles++;
        erased = 1;
    }
    if (gap_step(&ch->g[P_DROP], 1, pos, 1) && !erased) {
        s->drops++;
        erased = 1;
    }

    uint32_t flip = 0;
    /* Independent bit errors. Data bits are trials 0..21 = bits 21..0. */
    int n = gap_step(&ch->g[P_DATA], 22, pos, 24);
    for (int i = 0; i < n && !erased; i++) { flip ^= 1u << (21 - pos[i]); s->data_flips++; }
    n = gap_step(&ch->g[P_SB], 2, pos, 24);
    for (int i = 0; i < n && !erased; i++) {
        flip ^= 1u << (23 - pos[i]);
        if (pos[i] == 0) s->f_flips++; else s->c_flips++;
    }
    /* Bursts over the serial bit stream. */
    int bstart = -1;
    if (gap_step(&ch->g[P_BURST], 1, pos, 1) && ch->burst_left == 0) {
        bstart = (int)nr_rng_below(&ch->g[P_BURSTBITS].r, 24);
        ch->burst_left = ch->c.burst_len;
        ch->burst_pos = 0;
        s->bursts++;
    }
    if (ch->burst_left > 0) {
        for (int k = bstart < 0 ? 0 : bstart; k < 24 && ch->burst_left > 0; k++) {
            int i = ch->burst_pos++;
            int last = --ch->burst_left == 0;
            int f = (i == 0 || last) ? 1 : (int)(nr_rng_u64(&ch->g[P_BURSTBITS].r) >> 63);
            if (f && !erased) { flip ^= serial_bit(k); s->burst_flips++; }
        }
    }
    /* Targeted control-channel corruption. */
    if (gap_step(&ch->g[P_CTL], 1, pos, 1) && !erased) { flip ^= 1u << 22; s->ctl_flips++; }
    /* Scheduled single flips. */
    while (ch->sched_f < ch->c.n_sched_flip && ch->c.sched_flip[ch->sched_f] / 24 <= ch->t) {
        int64_t v = ch->c.sched_flip[ch->sched_f++];
        if (v / 24 == ch->t && !erased) { flip ^= serial_bit((int)(v % 24)); s->sched_flips++; }
    }
    return erased ? 0 : ph ^ flip;
}

uint32_t lcb_ch_recv(lcb_ch *ch)
{
    int slot = (int)(ch->t % ch->c.latency);
    uint32_t ph = ch->line[slot] & 0xFFFFFFu;
    uint32_t out = ch->on ? damage(ch, ph) : ph;
    if (out != ph) ch->st.phits_damaged++;
    if ((out ^ ph) & ~(1u << 22)) ch->st.phits_damaged_df++;
    ch->st.cycles++;
    return out;
}

void lcb_ch_send(lcb_ch *ch, uint32_t phit)
{
    int slot = (int)(ch->t % ch->c.latency);
    ch->line[slot] = phit & 0xFFFFFFu;
    ch->t++;
}
