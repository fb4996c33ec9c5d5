/* channel.c - one direction of an LCB link: delay line plus error injection.
 * See channel.h for the error model. */
#include "channel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nr_crc.h"
#include "nr_fmt.h"
#include "nr_rng.h"

/* One random process with a fixed rate per trial: the trials to skip before
 * the next hit are drawn from the geometric distribution, one draw per hit. */
typedef struct {
    double p;
    double l1p;  /* log(1 - p) */
    int64_t gap; /* trials left before the next hit; INT64_MAX = never */
    nr_rng_t r;
} gap_t;

enum { P_OUTAGE, P_DROP, P_DATA, P_SB, P_BURST, P_BURSTBITS, P_CTL, P_FORGE, P_COUNT };

const char *const lcb_forge_kind_names[] = {"phantom", "outrange", "foreign",
                                            "inrange", "badwt",    NULL};

#define FG_MAXVC 4

/* The channel's own deframer of the clean C-bit stream (link-protocol 5.3,
 * without the miss counter: the stream it reads is undamaged) and the
 * forged word being sent. */
typedef struct {
    int w, pw, cw; /* word bits, payload bits, fr field bits */
    uint64_t pay_mask;
    unsigned cw_mask;
    uint64_t sr_pay; /* last W C bits: payload part ... */
    uint16_t sr_crc; /* ... and CRC part */
    int state;       /* 0 hunt, 1 presync, 2 sync */
    int cph, ewt;
    int have_word; /* the last real word, valid */
    unsigned ack, fr[FG_MAXVC];
    int epoch, wt;
    int left;        /* forged bits still to send (0: none) */
    int ended;       /* the last recv sent a forged word's last bit */
    int prev_forged; /* the word period just ended was forged */
    uint64_t f_pay;  /* forged word */
    uint16_t f_crc;
    int have_hint;
    uint64_t sent[FG_MAXVC], freed[FG_MAXVC];
} forger_t;

struct lcb_ch {
    /* what every cycle reads, together (speed only) */
    uint32_t *line; /* delay line, `latency` entries */
    int64_t t;      /* cycle number */
    int slot;       /* t mod latency: the delay-line entry of this cycle */
    int latency;    /* c.latency */
    int on;
    int forge;           /* forged words configured (fg.w > 0) */
    unsigned erased_now; /* LCB_DMG_ERASED if damage() erased this cycle's phit */
    lcb_ch_dmg last;     /* damage of the last phit out */
    lcb_ch_dmg *ring;    /* damaged cycles, LCB_CH_DMG_RING entries */
    uint64_t nring;      /* entries written so far */
    lcb_ch_stats st;
    /* error processes, forger, configuration */
    gap_t g[P_COUNT]; /* P_BURSTBITS uses only .r */
    int64_t outage_left;
    int burst_left;       /* bits of the running burst still to come */
    int burst_pos;        /* index of the next burst bit */
    int sched_o, sched_f; /* next scheduled outage / flip */
    forger_t fg;
    lcb_ch_cfg c;
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

void lcb_ch_cfg_geom(lcb_ch_cfg *c, int num_vcs, int buf_per_vc, int window)
{
    c->cw_nvc = num_vcs;
    c->cw_buf = buf_per_vc;
    c->cw_window = window;
}

int lcb_ch_cfg_has_noise(const lcb_ch_cfg *c)
{
    return c->ber_data > 0 || c->ber_sb > 0 || c->burst_rate > 0 || c->drop_rate > 0 ||
           c->outage_rate > 0 || c->ctl_ber > 0 || c->n_sched_outage > 0 || c->n_sched_flip > 0;
}

int lcb_ch_cfg_has_errors(const lcb_ch_cfg *c)
{
    return c->ctl_forge > 0 || c->ber_data > 0 || c->ber_sb > 0 || c->burst_rate > 0 ||
           c->drop_rate > 0 || c->outage_rate > 0 || c->ctl_ber > 0 || c->n_sched_outage > 0 ||
           c->n_sched_flip > 0;
}

int lcb_ch_cfg_check(const lcb_ch_cfg *c, char *err, int errlen)
{
#define BAD(...)                                                                                   \
    do {                                                                                           \
        snprintf(err, errlen, __VA_ARGS__);                                                        \
        return -1;                                                                                 \
    } while (0)
    if (c->latency < 1 || c->latency > LCB_CH_MAX_LAT)
        BAD("channel latency %d out of range 1..%d", c->latency, LCB_CH_MAX_LAT);
    if (!(c->ber_data >= 0 && c->ber_data <= 0.5))
        BAD("data BER %g out of range 0..0.5", c->ber_data);
    if (!(c->ber_sb >= 0 && c->ber_sb <= 0.5))
        BAD("sideband BER %g out of range 0..0.5", c->ber_sb);
    if (!(c->burst_rate >= 0 && c->burst_rate <= 1))
        BAD("burst rate %g out of range 0..1", c->burst_rate);
    if (c->burst_len < 1 || c->burst_len > LCB_CH_MAX_BURST)
        BAD("burst length %d out of range 1..%d", c->burst_len, LCB_CH_MAX_BURST);
    if (!(c->drop_rate >= 0 && c->drop_rate <= 1))
        BAD("drop rate %g out of range 0..1", c->drop_rate);
    if (!(c->outage_rate >= 0 && c->outage_rate <= 1))
        BAD("outage rate %g out of range 0..1", c->outage_rate);
    if (c->outage_len < 1) BAD("outage length %d must be >= 1", c->outage_len);
    if (!(c->ctl_ber >= 0 && c->ctl_ber <= 1)) BAD("ctl BER %g out of range 0..1", c->ctl_ber);
    if (c->n_sched_outage < 0 || c->n_sched_outage > LCB_CH_MAX_SCHED || c->n_sched_flip < 0 ||
        c->n_sched_flip > LCB_CH_MAX_SCHED)
        BAD("at most %d scheduled outages and flips", LCB_CH_MAX_SCHED);
    for (int i = 0; i < c->n_sched_outage; i++)
        if (c->sched_outage[i] < 0)
            BAD("scheduled outage cycle %lld < 0", (long long)c->sched_outage[i]);
    for (int i = 0; i < c->n_sched_flip; i++)
        if (c->sched_flip[i] < 0) BAD("scheduled flip %lld < 0", (long long)c->sched_flip[i]);
    if (!(c->ctl_forge >= 0 && c->ctl_forge <= 1))
        BAD("forged-word rate %g out of range 0..1", c->ctl_forge);
    if (c->ctl_forge_kind < 0 || c->ctl_forge_kind >= LCB_FORGE_KINDS)
        BAD("forged-word kind %d unknown", c->ctl_forge_kind);
    if (c->ctl_forge > 0 && (c->cw_nvc < 1 || c->cw_nvc > FG_MAXVC || c->cw_buf < 1 ||
                             c->cw_buf > 1023 || c->cw_window < 2 || c->cw_window > 64))
        BAD("forged words need the control-word geometry (NumVcs 1..4, BufPerVc, Window)");
    return 0;
#undef BAD
}

lcb_ch *lcb_ch_new(const lcb_ch_cfg *c, uint64_t seed, int dir, char *err, int errlen)
{
    if (lcb_ch_cfg_check(c, err, errlen)) return NULL;
    lcb_ch *ch = calloc(1, sizeof *ch);
    if (!ch) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    ch->c = *c;
    ch->latency = c->latency;
    ch->line = calloc((size_t)c->latency, sizeof *ch->line);
    if (!ch->line) {
        free(ch);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
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
    gap_init(&ch->g[P_FORGE], 0.0, seed, dir, P_FORGE);
    ch->ring = calloc(LCB_CH_DMG_RING, sizeof *ch->ring);
    if (!ch->ring) {
        lcb_ch_free(ch);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    forger_t *f = &ch->fg;
    if (c->ctl_forge > 0) {
        int cw = 0;
        while ((1 << cw) < c->cw_buf + 1) cw++; /* CW = clog2(BufPerVc + 1) */
        f->cw = cw;
        f->w = 25 + c->cw_nvc * cw;
        f->pw = f->w - 16;
        f->pay_mask = (f->pw >= 64) ? ~0ull : ((1ull << f->pw) - 1);
        f->cw_mask = (1u << cw) - 1u;
    }
    ch->forge = f->w > 0;
    return ch;
}

void lcb_ch_free(lcb_ch *ch)
{
    if (!ch) return;
    free(ch->line);
    free(ch->ring);
    free(ch);
}

void lcb_ch_enable(lcb_ch *ch, int on)
{
    ch->on = on && lcb_ch_cfg_has_errors(&ch->c);
    if (!on) {
        ch->outage_left = 0;
        ch->burst_left = 0;
        if (ch->fg.left > 0) {
            ch->st.forged_cut++;
            ch->fg.left = 0;
        }
    }
}

void lcb_ch_forge_hint(lcb_ch *ch, const uint64_t *sent, const uint64_t *freed, int nvc)
{
    ch->fg.have_hint = 1;
    for (int v = 0; v < nvc && v < FG_MAXVC; v++) {
        ch->fg.sent[v] = sent[v];
        ch->fg.freed[v] = freed[v];
    }
}

lcb_ch_dmg lcb_ch_last_damage(const lcb_ch *ch) { return ch->last; }
int lcb_ch_forged_word_ended(const lcb_ch *ch) { return ch->fg.ended; }

int lcb_ch_damaged(const lcb_ch *ch, int64_t from, int64_t to, uint32_t bits, unsigned *flags)
{
    unsigned fl = 0;
    int hit = 0;
    uint64_t n = ch->nring < LCB_CH_DMG_RING ? ch->nring : LCB_CH_DMG_RING;
    int64_t oldest = -1;
    for (uint64_t i = 0; i < n; i++) {
        const lcb_ch_dmg *d = &ch->ring[(ch->nring - 1 - i) % LCB_CH_DMG_RING];
        oldest = d->cycle;
        if (d->cycle < from) break;
        if (d->cycle > to) continue;
        /* an erased phit's mask is what it carried: the bits it changed */
        if ((d->mask & bits) || ((d->flags & LCB_DMG_FORGED) && (bits & (1u << 22)))) {
            hit = 1;
            fl |= d->flags;
        }
    }
    if (flags) *flags = fl;
    if (!hit && ch->nring > LCB_CH_DMG_RING && oldest >= from) return -1;
    return hit;
}

/* ---- forged control words ---- */

static uint16_t fg_crc(const forger_t *f, uint64_t pay)
{
    uint16_t crc = NR_CRC16_INIT;
    int n = f->pw;
    if (n > 32) {
        crc = nr_crc16_bits(crc, (uint32_t)(pay >> 32), n - 32);
        n = 32;
    }
    return nr_crc16_bits(crc, (uint32_t)pay, n);
}

static uint64_t fg_pay(const forger_t *f, const lcb_ch_cfg *c, unsigned ack, int epoch, int wt,
                       const unsigned *fr)
{
    uint64_t pay = ack & 127u;
    pay = (pay << 1) | (unsigned)(epoch & 1);
    pay = (pay << 1) | (unsigned)(wt & 1);
    for (int v = 0; v < c->cw_nvc; v++) pay = (pay << f->cw) | (fr[v] & f->cw_mask);
    return pay;
}

/* Forged words that differ from the state the last real word left in every
 * field (foreign, inrange, badwt; channel.h). Always possible. */
static int fg_build_foreign(lcb_ch *ch)
{
    forger_t *f = &ch->fg;
    const lcb_ch_cfg *c = &ch->c;
    nr_rng_t *r = &ch->g[P_FORGE].r;
    unsigned ack = f->ack, fr[FG_MAXVC], m = f->cw_mask;
    int wt = !f->wt, kind = c->ctl_forge_kind;
    for (int v = 0; v < c->cw_nvc; v++) {
        if (kind == LCB_FORGE_INRANGE) {
            /* behind: owed grows by d, below 2^CW with owed <= BufPerVc */
            unsigned dmax = m > (unsigned)c->cw_buf ? m - (unsigned)c->cw_buf : 1u;
            fr[v] = (f->fr[v] - 1u - (unsigned)nr_rng_below(r, dmax)) & m;
        } else {
            fr[v] = (f->fr[v] + 1u + (unsigned)nr_rng_below(r, m)) & m; /* any other value */
        }
    }
    if (kind == LCB_FORGE_FOREIGN) {
        /* (A - base) mod 128 in Window + 1 .. 127: out of range for any
         * outstanding <= Window, base = the real word's ack */
        unsigned off =
            (unsigned)c->cw_window + 1u + (unsigned)nr_rng_below(r, (uint64_t)(127 - c->cw_window));
        ack = (f->ack + off) & 127u;
        ch->st.forged_by_kind[off == 127u ? LCB_FK_FOREIGN_M1 : LCB_FK_FOREIGN]++;
    } else if (kind == LCB_FORGE_INRANGE) {
        ch->st.forged_by_kind[LCB_FK_INRANGE]++; /* the real ack: A = base, in range */
    } else {
        ack = (f->ack + 1u) & 127u;
        wt = f->wt; /* the deframer expects !wt */
        ch->st.forged_by_kind[LCB_FK_BADWT]++;
    }
    f->f_pay = fg_pay(f, c, ack, !f->epoch, wt, fr);
    f->f_crc = fg_crc(f, f->f_pay);
    f->left = f->w;
    return 1;
}

/* Build the forged word from the last real word. 0 if none is possible. */
static int fg_build(lcb_ch *ch)
{
    forger_t *f = &ch->fg;
    const lcb_ch_cfg *c = &ch->c;
    nr_rng_t *r = &ch->g[P_FORGE].r;
    unsigned ack = f->ack, fr[FG_MAXVC];
    int nv = c->cw_nvc;
    for (int v = 0; v < nv; v++) fr[v] = f->fr[v];
    if (c->ctl_forge_kind == LCB_FORGE_PHANTOM) {
        /* in range: fr' - fr <= sent - fr (owed); phantom: fr' above what
         * the receiver has really freed (freed - fr, not yet reported) */
        unsigned lo[FG_MAXVC], hi[FG_MAXVC];
        int cand[FG_MAXVC], nc = 0;
        for (int v = 0; v < nv; v++) {
            hi[v] = f->have_hint ? ((unsigned)f->sent[v] - f->fr[v]) & f->cw_mask : 1u;
            lo[v] = f->have_hint ? (((unsigned)f->freed[v] - f->fr[v]) & f->cw_mask) + 1u : 1u;
            if (hi[v] > (unsigned)c->cw_buf) hi[v] = 0; /* not a consistent state: skip */
            if (lo[v] <= hi[v]) cand[nc++] = v;
        }
        if (!nc) {
            ch->st.forge_skipped++;
            return 0;
        }
        int must = cand[nr_rng_below(r, (uint64_t)nc)];
        for (int i = 0; i < nc; i++) {
            int v = cand[i];
            if (v != must && !(nr_rng_u64(r) >> 63)) continue;
            /* half of them claim everything sent: phantom for longest */
            unsigned dl = (nr_rng_u64(r) >> 63)
                              ? hi[v]
                              : lo[v] + (unsigned)nr_rng_below(r, hi[v] - lo[v] + 1u);
            fr[v] = (fr[v] + dl) & f->cw_mask;
        }
        ch->st.forged_by_kind[3]++;
    } else if (c->ctl_forge_kind == LCB_FORGE_OUTRANGE) {
        /* only the ack is range-checked (link-protocol 7.4: fr is not) */
        int k = (int)nr_rng_below(r, 2);
        if (k == 0)
            ack = (f->ack - 1u) & 127u; /* before base */
        else
            ack = (f->ack + (unsigned)c->cw_window + 1u) & 127u; /* beyond next_seq */
        ch->st.forged_by_kind[k]++;
    } else {
        return fg_build_foreign(ch);
    }
    f->f_pay = fg_pay(f, c, ack, f->epoch, !f->wt, fr);
    f->f_crc = fg_crc(f, f->f_pay);
    f->left = f->w;
    return 1;
}

/* Deframe the clean C bit of the phit leaving the channel; at a word boundary
 * keep the word and maybe start a forged one for the next word period. */
static void fg_step(lcb_ch *ch, uint32_t ph)
{
    forger_t *f = &ch->fg;
    uint64_t pay = ((f->sr_pay << 1) | (uint64_t)(f->sr_crc >> 15)) & f->pay_mask;
    uint16_t crc = (uint16_t)((unsigned)(f->sr_crc << 1) | ((ph >> 22) & 1u));
    f->sr_pay = pay;
    f->sr_crc = crc;
    int wt = (int)((pay >> (f->pw - 9)) & 1u);
    int boundary = 0;
    if (f->state == 0) {
        if (fg_crc(f, pay) == crc) {
            f->state = 1;
            f->cph = 0;
            f->ewt = !wt;
        }
        return;
    }
    if (f->cph != f->w - 1) {
        f->cph++;
        return;
    }
    f->cph = 0;
    if (wt == f->ewt && fg_crc(f, pay) == crc) {
        f->state = 2;
        boundary = 1;
    } else {
        f->state = 0;
        f->have_word = 0;
    }
    f->ewt = !f->ewt;
    if (!boundary) return;
    ch->st.words_seen++;
    int pos = f->pw;
    f->ack = (unsigned)(pay >> (pos - 7)) & 127u;
    pos -= 7;
    f->epoch = (int)((pay >> (pos - 1)) & 1u);
    pos -= 2;
    f->wt = wt;
    for (int v = 0; v < ch->c.cw_nvc; v++) {
        f->fr[v] = (unsigned)(pay >> (pos - f->cw)) & f->cw_mask;
        pos -= f->cw;
    }
    f->have_word = 1;
    int was = f->prev_forged;
    f->prev_forged = 0;
    if (was || f->left > 0 || !ch->on) return;
    if (nr_rng_double(&ch->g[P_FORGE].r) < ch->c.ctl_forge && fg_build(ch)) f->prev_forged = 1;
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
    ch->erased_now = 0;

    /* Outage: scheduled or random start, then outage_len black cycles. */
    while (ch->sched_o < ch->c.n_sched_outage && ch->c.sched_outage[ch->sched_o] < ch->t)
        ch->sched_o++;
    int start = 0;
    if (ch->sched_o < ch->c.n_sched_outage && ch->c.sched_outage[ch->sched_o] == ch->t) {
        start = 1;
        while (ch->sched_o < ch->c.n_sched_outage && ch->c.sched_outage[ch->sched_o] == ch->t)
            ch->sched_o++;
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
    for (int i = 0; i < n && !erased; i++) {
        flip ^= 1u << (21 - pos[i]);
        s->data_flips++;
    }
    n = gap_step(&ch->g[P_SB], 2, pos, 24);
    for (int i = 0; i < n && !erased; i++) {
        flip ^= 1u << (23 - pos[i]);
        if (pos[i] == 0)
            s->f_flips++;
        else
            s->c_flips++;
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
            if (f && !erased) {
                flip ^= serial_bit(k);
                s->burst_flips++;
            }
        }
    }
    /* Targeted control-channel corruption. */
    if (gap_step(&ch->g[P_CTL], 1, pos, 1) && !erased) {
        flip ^= 1u << 22;
        s->ctl_flips++;
    }
    /* Scheduled single flips. */
    while (ch->sched_f < ch->c.n_sched_flip && ch->c.sched_flip[ch->sched_f] / 24 <= ch->t) {
        int64_t v = ch->c.sched_flip[ch->sched_f++];
        if (v / 24 == ch->t && !erased) {
            flip ^= serial_bit((int)(v % 24));
            s->sched_flips++;
        }
    }
    if (erased) ch->erased_now = LCB_DMG_ERASED;
    return erased ? 0 : ph ^ flip;
}

uint32_t lcb_ch_recv(lcb_ch *ch)
{
    uint32_t ph = ch->line[ch->slot] & 0xFFFFFFu;
    if (!ch->on && !ch->forge) { /* nothing to damage, nothing to forge (speed only) */
        ch->last.cycle = ch->t;
        ch->last.mask = 0;
        ch->last.flags = 0;
        ch->st.cycles++;
        return ph;
    }
    uint32_t in = ph;
    unsigned flags = 0;
    forger_t *f = &ch->fg;
    f->ended = 0;
    if (f->w > 0) {
        if (f->left > 0 && ch->on) {
            int bit = f->left - 1; /* word bit W-1 first */
            int b =
                bit >= 16 ? (int)((f->f_pay >> (bit - 16)) & 1u) : (int)((f->f_crc >> bit) & 1u);
            ph = (ph & ~(1u << 22)) | ((uint32_t)b << 22);
            flags |= LCB_DMG_FORGED;
            if (--f->left == 0) {
                f->ended = 1;
                ch->st.forged_words++;
            }
        }
        fg_step(ch, in); /* the channel deframes what the sender sent */
    }
    ch->erased_now = 0;
    uint32_t out = ch->on ? damage(ch, ph) : ph;
    if (out != in) ch->st.phits_damaged++;
    if ((out ^ in) & ~(1u << 22)) ch->st.phits_damaged_df++;
    ch->last.cycle = ch->t;
    ch->last.mask = out ^ in;
    ch->last.flags = flags | ch->erased_now;
    if (ch->last.mask || ch->last.flags) ch->ring[ch->nring++ % LCB_CH_DMG_RING] = ch->last;
    ch->st.cycles++;
    return out;
}

void lcb_ch_send(lcb_ch *ch, uint32_t phit)
{
    ch->line[ch->slot] = phit & 0xFFFFFFu;
    ch->slot = ch->slot + 1 == ch->latency ? 0 : ch->slot + 1; /* (t + 1) mod latency */
    ch->t++;
}
