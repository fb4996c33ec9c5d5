/* sb.c - end-to-end scoreboard. See nr_sb.h. */
#include "nr_sb.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "nr_pkt.h"
#include "nr_rng.h"

enum { ST_PENDING, ST_DONE, ST_LOST };

typedef struct {
    uint32_t seq;
    uint8_t state, fate, unord;
    int len;
    uint64_t cycle, user;
    uint32_t *ph; /* freed when the entry is matched */
} entry_t;

/* A flow's record, held while it has an entry not yet retired (the flow
 * is active); a record without a flow is free, its entry array kept for the
 * next flow that takes it. */
struct nr_sb_flow {
    entry_t *e;
    uint32_t key;
    uint32_t slot; /* the flow's slot in the sequence table */
    uint32_t n, cap;
    uint32_t first; /* entries below are all DONE */
    uint32_t next_seq;
    uint32_t low_seq;
    uint16_t src, dest; /* NR_HEAD_DEST_W (15) bits each */
    uint8_t vc;
    uint8_t compacted; /* entries with seq < low_seq were dropped (all DONE) */
    uint8_t live;      /* the record is a flow's (not free) */
};

/* One flow that has had a packet: its key, and while it is idle (no record)
 * its next sequence number. */
#define SLOT_USED 0x80000000u
struct nr_sb_slot {
    uint32_t key;
    uint32_t seq; /* SLOT_USED | next sequence number (idle flows), 0: empty slot */
    int32_t rec;  /* the flow's record while it is active, else -1 */
};

static const char *const err_names[NR_SB_E_COUNT] = {
    "loss",      "dup", "reorder",    "misroute", "corrupt",
    "malformed", "crc", "unexpected", "fate",     "discard",
};

const char *nr_sb_err_name(nr_sb_err_t e)
{
    return (unsigned)e < NR_SB_E_COUNT ? err_names[e] : "?";
}

void nr_sb_cfg_default(nr_sb_cfg_t *c)
{
    memset(c, 0, sizeof *c);
    c->num_vcs = 2;
    c->max_len = NR_MAX_PKT_LEN;
    c->log = stderr;
    c->max_print = 20;
}

int nr_sb_init(nr_sb_t *sb, const nr_sb_cfg_t *cfg, nr_sb_port_fn port_of, void *ctx)
{
    memset(sb, 0, sizeof *sb);
    if (cfg->num_vcs < 1 || cfg->num_vcs > 4) return -1;
    sb->cfg = *cfg;
    sb->port_of = port_of;
    sb->ctx = ctx;
    return 0;
}

void nr_sb_set_route_check(nr_sb_t *sb, nr_sb_route_fn fn, void *ctx)
{
    sb->route_ok = fn;
    sb->route_ctx = ctx;
}

void nr_sb_free(nr_sb_t *sb)
{
    for (size_t i = 0; i < sb->nflows; i++) {
        nr_sb_flow_t *f = &sb->flows[i];
        if (f->live)
            for (size_t j = 0; j < f->n; j++) free(f->e[j].ph);
        free(f->e);
    }
    free(sb->flows);
    free(sb->slot);
    free(sb->freerec);
    sb->flows = NULL;
    sb->slot = NULL;
    sb->freerec = NULL;
    sb->nflows = sb->capflows = sb->nslots = sb->slotcap = sb->nfree = 0;
}

/* ---- flow table ----
 * The sequence table (one slot per flow that has had a packet) finds a
 * flow; an active flow's slot names its record. A flow whose entries are
 * all retired gives its record back (advance) and keeps only its next
 * sequence number in the slot, so records follow the packets in flight. */

static uint32_t fkey(unsigned src, unsigned dest, unsigned vc)
{
    return ((uint32_t)(src & 0x7FFFu) << 17) | ((uint32_t)(dest & 0x7FFFu) << 2) | (vc & 3u);
}

static size_t slot_hash(uint32_t k, size_t cap) { return (size_t)(nr_rng_mix64(k) & (cap - 1)); }

static nr_sb_slot_t *find_slot(const nr_sb_t *sb, uint32_t k)
{
    if (!sb->slotcap) return NULL;
    for (size_t h = slot_hash(k, sb->slotcap);; h = (h + 1) & (sb->slotcap - 1)) {
        nr_sb_slot_t *s = &sb->slot[h];
        if (!s->seq) return NULL;
        if (s->key == k) return s;
    }
}

static int rehash(nr_sb_t *sb, size_t cap)
{
    if (cap > UINT32_MAX) return -1; /* a flow's record names its slot in 32 bits */
    nr_sb_slot_t *ns = calloc(cap, sizeof *ns);
    if (!ns) return -1;
    for (size_t i = 0; i < sb->slotcap; i++) {
        const nr_sb_slot_t *o = &sb->slot[i];
        if (!o->seq) continue;
        size_t h = slot_hash(o->key, cap);
        while (ns[h].seq) h = (h + 1) & (cap - 1);
        ns[h] = *o;
        if (o->rec >= 0) sb->flows[o->rec].slot = (uint32_t)h;
    }
    free(sb->slot);
    sb->slot = ns;
    sb->slotcap = cap;
    return 0;
}

/* The slot of flow key k, made (idle, next sequence number 0) if the flow
 * has had no packet. NULL: out of memory. */
static nr_sb_slot_t *get_slot(nr_sb_t *sb, uint32_t k)
{
    nr_sb_slot_t *s = find_slot(sb, k);
    if (s) return s;
    if (10 * (sb->nslots + 1) > 7 * sb->slotcap && rehash(sb, sb->slotcap ? 2 * sb->slotcap : 256))
        return NULL;
    size_t h = slot_hash(k, sb->slotcap);
    while (sb->slot[h].seq) h = (h + 1) & (sb->slotcap - 1);
    s = &sb->slot[h];
    s->key = k;
    s->seq = SLOT_USED;
    s->rec = -1;
    sb->nslots++;
    return s;
}

/* The next sequence number of the flow of slot s. */
static uint32_t slot_next(const nr_sb_t *sb, const nr_sb_slot_t *s)
{
    return s->rec >= 0 ? sb->flows[s->rec].next_seq : s->seq & ~SLOT_USED;
}

/* An idle flow seen as a record without entries (for lookups): every
 * packet below its next sequence number was retired. */
static void idle_view(const nr_sb_slot_t *s, unsigned src, unsigned dest, unsigned vc,
                      nr_sb_flow_t *f)
{
    memset(f, 0, sizeof *f);
    f->key = s->key;
    f->src = (uint16_t)src;
    f->dest = (uint16_t)dest;
    f->vc = (uint8_t)vc;
    f->next_seq = s->seq & ~SLOT_USED;
    f->compacted = f->next_seq > 0;
    f->low_seq = f->next_seq;
}

/* The active record of flow (src, dest, vc), or NULL: an idle flow (then
 * *tmp gets its view and is returned when tmp is given) or one never seen. */
static nr_sb_flow_t *find_flow(const nr_sb_t *sb, unsigned src, unsigned dest, unsigned vc,
                               nr_sb_flow_t *tmp)
{
    const nr_sb_slot_t *s = find_slot(sb, fkey(src, dest, vc));
    if (!s) return NULL;
    if (s->rec >= 0) return &sb->flows[s->rec];
    if (!tmp) return NULL;
    idle_view(s, src, dest, vc, tmp);
    return tmp;
}

/* The flow's record, taken (a free one, or a new one) if it is idle. */
static nr_sb_flow_t *get_flow(nr_sb_t *sb, unsigned src, unsigned dest, unsigned vc)
{
    nr_sb_slot_t *s = get_slot(sb, fkey(src, dest, vc));
    if (!s) return NULL;
    if (s->rec >= 0) return &sb->flows[s->rec];
    uint32_t r;
    if (sb->nfree) {
        r = sb->freerec[--sb->nfree];
    } else {
        if (sb->nflows == sb->capflows) {
            size_t nc = sb->capflows ? 2 * sb->capflows : 64;
            nr_sb_flow_t *nf = realloc(sb->flows, nc * sizeof *nf);
            uint32_t *fr = realloc(sb->freerec, nc * sizeof *fr);
            if (nf) sb->flows = nf;
            if (fr) sb->freerec = fr;
            if (!nf || !fr) return NULL;
            sb->capflows = nc;
        }
        r = (uint32_t)sb->nflows++;
        sb->flows[r].e = NULL;
        sb->flows[r].cap = 0;
    }
    nr_sb_flow_t *f = &sb->flows[r];
    entry_t *e = f->e;
    uint32_t cap = f->cap;
    idle_view(s, src, dest, vc, f);
    f->e = e;
    f->cap = cap;
    f->slot = (uint32_t)(s - sb->slot);
    f->live = 1;
    s->rec = (int32_t)r;
    return f;
}

/* Flow f has no entry left: the record goes back, the slot keeps its next
 * sequence number. */
static void release_flow(nr_sb_t *sb, nr_sb_flow_t *f)
{
    nr_sb_slot_t *s = &sb->slot[f->slot];
    s->seq = SLOT_USED | f->next_seq;
    s->rec = -1;
    f->live = 0;
    f->n = f->first = 0;
    sb->freerec[sb->nfree++] = (uint32_t)(f - sb->flows);
}

/* Index of the entry with this seq, or -1. */
static long find_seq(const nr_sb_flow_t *f, uint32_t seq)
{
    size_t lo = 0, hi = f->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (f->e[mid].seq < seq)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < f->n && f->e[lo].seq == seq ? (long)lo : -1;
}

/* Advance f->first over DONE entries and drop the DONE prefix once it is at
 * least SB_COMPACT_MIN entries and half the flow: a flow keeps about its
 * packets in flight (plus a few), so memory follows the traffic in flight,
 * not the length of the run; the memmove is O(1) per entry amortized. */
#define SB_COMPACT_MIN 16
static void advance(nr_sb_t *sb, nr_sb_flow_t *f)
{
    while (f->first < f->n && f->e[f->first].state == ST_DONE) f->first++;
    if (f->first == f->n) { /* nothing outstanding: the flow goes idle */
        release_flow(sb, f);
        return;
    }
    if (f->first >= SB_COMPACT_MIN && f->first * 2 >= f->n) {
        f->compacted = 1;
        f->low_seq = f->first < f->n ? f->e[f->first].seq : f->next_seq;
        memmove(f->e, f->e + f->first, (f->n - f->first) * sizeof *f->e);
        f->n -= f->first;
        f->first = 0;
    }
}

/* ---- error records ---- */

typedef struct {
    int attributed;
    unsigned src, dest, vc;
    uint32_t seq;
    uint64_t expect_cycle;
} who_t;

static void report(nr_sb_t *sb, nr_sb_err_t cls, const who_t *w, int port, int eport,
                   uint64_t cycle, int index, uint32_t exp, uint32_t act, const char *fmt, ...)
{
    char detail[120];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    sb->errors[cls]++;
    sb->nerrors++;
    sb->reports++;
    nr_sb_record_t r;
    memset(&r, 0, sizeof r);
    r.cls = cls;
    r.port = port;
    r.expect_port = eport;
    r.cycle = cycle;
    r.index = index;
    r.exp = exp;
    r.act = act;
    if (w && w->attributed) {
        r.attributed = 1;
        r.src = w->src;
        r.dest = w->dest;
        r.vc = w->vc;
        r.seq = w->seq;
        r.expect_cycle = w->expect_cycle;
        snprintf(r.msg, sizeof r.msg,
                 "sb: %s: flow src=%u dest=%u vc=%u seq=%" PRIu32 " (injected cycle %" PRIu64
                 "): %s",
                 err_names[cls], r.src, r.dest, r.vc, r.seq, r.expect_cycle, detail);
    } else {
        snprintf(r.msg, sizeof r.msg, "sb: %s: %s", err_names[cls], detail);
    }
    if (sb->nrec < NR_SB_MAX_RECORDS) sb->rec[sb->nrec++] = r;
    if (sb->cfg.log && sb->printed < sb->cfg.max_print) {
        fprintf(sb->cfg.log, "%s\n", r.msg);
        if (++sb->printed == sb->cfg.max_print)
            fprintf(sb->cfg.log, "sb: further errors are counted, not printed\n");
    }
}

static who_t who_of(const nr_sb_flow_t *f, const entry_t *e)
{
    who_t w = {1, f->src, f->dest, f->vc, e->seq, e->cycle};
    return w;
}

/* ---- expect ---- */

uint32_t nr_sb_next_seq(nr_sb_t *sb, unsigned src, unsigned dest, unsigned vc)
{
    const nr_sb_slot_t *s = get_slot(sb, fkey(src, dest, vc));
    return s ? slot_next(sb, s) : 0;
}

static int expect(nr_sb_t *sb, const uint32_t *ph, int len, uint64_t cycle, nr_sb_fate_t fate,
                  uint64_t user, int unord)
{
    nr_pkt_info_t in;
    /* Any NumVcs and length up to the builder limit: a test may inject packets
     * longer than MaxPktLen on purpose (they come back as soft_error discards). */
    if (nr_pkt_parse(ph, len, 4, NR_PKT_LEN_LIMIT, &in) == NR_PKT_MALFORMED) {
        snprintf(sb->usage_err, sizeof sb->usage_err, "sb: expect: packet is malformed");
        return -1;
    }
    if (!in.has_tag) {
        snprintf(sb->usage_err, sizeof sb->usage_err, "sb: expect: packet has no test tag");
        return -1;
    }
    nr_sb_flow_t *f = get_flow(sb, in.tag_src, in.dest, in.vc);
    if (!f) {
        snprintf(sb->usage_err, sizeof sb->usage_err, "sb: expect: out of memory");
        return -1;
    }
    if ((f->n || f->compacted) && in.tag_seq < f->next_seq) {
        snprintf(sb->usage_err, sizeof sb->usage_err,
                 "sb: expect: flow src=%u dest=%u vc=%u: seq %" PRIu32
                 " not above the last one (%" PRIu32 ")",
                 f->src, f->dest, f->vc, in.tag_seq, f->next_seq - 1);
        if (!f->n) release_flow(sb, f);
        return -1;
    }
    if (f->n == f->cap) {
        uint32_t nc = f->cap ? 2 * f->cap : 1; /* most flows hold one packet at a time */
        entry_t *ne = realloc(f->e, nc * sizeof *ne);
        if (!ne) {
            if (!f->n) release_flow(sb, f);
            snprintf(sb->usage_err, sizeof sb->usage_err, "sb: expect: out of memory");
            return -1;
        }
        f->e = ne;
        f->cap = nc;
    }
    entry_t *e = &f->e[f->n];
    e->ph = malloc((size_t)len * sizeof *ph);
    if (!e->ph) {
        if (!f->n) release_flow(sb, f);
        snprintf(sb->usage_err, sizeof sb->usage_err, "sb: expect: out of memory");
        return -1;
    }
    memcpy(e->ph, ph, (size_t)len * sizeof *ph);
    e->seq = in.tag_seq;
    e->state = ST_PENDING;
    e->fate = (uint8_t)fate;
    e->unord = (uint8_t)(unord != 0);
    e->len = len;
    e->cycle = cycle;
    e->user = user;
    f->n++;
    f->next_seq = in.tag_seq + 1;
    sb->expected++;
    sb->expected_soft += fate == NR_SB_DISCARD_SOFT;
    sb->outstanding++;
    return 0;
}

int nr_sb_expect(nr_sb_t *sb, const uint32_t *ph, int len, uint64_t cycle, nr_sb_fate_t fate,
                 uint64_t user)
{
    return expect(sb, ph, len, cycle, fate, user, 0);
}

int nr_sb_expect_unordered(nr_sb_t *sb, const uint32_t *ph, int len, uint64_t cycle,
                           nr_sb_fate_t fate, uint64_t user)
{
    return expect(sb, ph, len, cycle, fate, user, 1);
}

/* Mark entry matched (PENDING or LOST -> DONE): free its copy, update counters. */
static void consume(nr_sb_t *sb, nr_sb_flow_t *f, entry_t *e)
{
    if (e->state != ST_DONE) sb->outstanding--;
    e->state = ST_DONE;
    free(e->ph);
    e->ph = NULL;
    advance(sb, f);
}

/* Flow and entry of a received packet from its tag and head. First the flow
 * (tag src, head dest, head vc); if that has no entry with the tag's seq
 * pending, any flow of the same source and the tag's VC with that seq
 * pending (the head may be corrupt). *fo is set to the flow found even when
 * the seq is not in it (dup/unexpected decisions need it). */
static long lookup(nr_sb_t *sb, const nr_pkt_info_t *in, nr_sb_flow_t **fo, nr_sb_flow_t *tmp)
{
    *fo = NULL;
    if (!in->has_tag) return -1;
    nr_sb_flow_t *f = find_flow(sb, in->tag_src, in->dest, in->vc, tmp);
    *fo = f;
    long i = f ? find_seq(f, in->tag_seq) : -1;
    if (i >= 0) return i;
    /* a seq its own flow has compacted away (or retired, when the flow is
     * idle) was delivered: a duplicate, not another flow's packet with the
     * same seq */
    if (f && f->compacted && in->tag_seq < f->low_seq) return -1;
    for (size_t k = 0; k < sb->nflows; k++) { /* the active flows */
        nr_sb_flow_t *g = &sb->flows[k];
        if (!g->live || g->src != in->tag_src || g->vc != in->tag_vc || g == f) continue;
        long j = find_seq(g, in->tag_seq);
        if (j >= 0 && g->e[j].state != ST_DONE) {
            *fo = g;
            return j;
        }
    }
    return -1;
}

static int port_of(const nr_sb_t *sb, unsigned dest)
{
    return sb->port_of ? sb->port_of(sb->ctx, dest) : (int)dest;
}

/* Whether expected packet e of flow f may leave by `port` (-1: none, only
 * *ep is wanted); *ep is the port expected (one of them). */
static int port_allowed(const nr_sb_t *sb, const nr_sb_flow_t *f, const entry_t *e, int port,
                        int *ep)
{
    if (sb->route_ok) {
        *ep = -1;
        return sb->route_ok(sb->route_ctx, f->src, e->ph, e->len, port, ep);
    }
    *ep = port_of(sb, f->dest);
    return *ep == port;
}

/* Compare received ph with the expected entry; report the first difference. */
static int compare(nr_sb_t *sb, const who_t *w, const entry_t *e, int port, const uint32_t *ph,
                   int len, uint64_t cycle)
{
    int r = nr_head_r(e->ph[0]);
    int n = len < e->len ? len : e->len;
    const int age_at = sb->cfg.skip_age && nr_head_h(e->ph[0]) ? 1 + r : -1;
    for (int i = 0; i < n - 1; i++) {
        if (i == 1 && r && sb->cfg.skip_route) continue;
        const uint32_t mask = i == age_at ? NR_PHIT_MASK & ~0xFFu : NR_PHIT_MASK;
        if ((ph[i] & mask) != (e->ph[i] & mask)) {
            report(sb, NR_SB_E_CORRUPT, w, port, -1, cycle, i, e->ph[i], ph[i],
                   "phit %d differs: expected 0x%06x, got 0x%06x (port %d, cycle %" PRIu64 ")", i,
                   (unsigned)e->ph[i], (unsigned)ph[i], port, cycle);
            return 1;
        }
    }
    if (len != e->len) {
        report(sb, NR_SB_E_CORRUPT, w, port, -1, cycle, n - 1, 0, 0,
               "length %d, expected %d (port %d, cycle %" PRIu64 ")", len, e->len, port, cycle);
        return 1;
    }
    return 0;
}

int nr_sb_deliver(nr_sb_t *sb, int port, const uint32_t *ph, int len, uint64_t cycle,
                  nr_sb_match_t *m)
{
    uint64_t before = sb->reports;
    nr_pkt_info_t in;
    nr_pkt_status_t st = nr_pkt_parse(ph, len, sb->cfg.num_vcs, sb->cfg.max_len, &in);
    if (m) memset(m, 0, sizeof *m);
    nr_sb_flow_t *f, idle;
    long i = lookup(sb, &in, &f, &idle);
    entry_t *e = i >= 0 ? &f->e[i] : NULL;
    who_t w = {0, 0, 0, 0, 0, 0};
    if (e)
        w = who_of(f, e);
    else if (in.has_tag)
        w = (who_t){1, in.tag_src, in.dest, in.vc, in.tag_seq, 0};

    if (st == NR_PKT_MALFORMED) {
        char mb[120];
        report(sb, NR_SB_E_MALFORMED, e ? &w : NULL, port, -1, cycle, in.bad_index, 0, 0,
               "malformed packet of %d phits at port %d, cycle %" PRIu64 ": %s", len, port, cycle,
               nr_pkt_malformed_str(in.malformed, mb, sizeof mb));
        if (e && e->state != ST_DONE) consume(sb, f, e);
        return (int)(sb->reports - before);
    }
    if (st == NR_PKT_BAD_CRC) {
        report(sb, NR_SB_E_CRC, e ? &w : NULL, port, -1, cycle, -1, in.crc_calc, in.crc_rx,
               "PCRC 0x%04x in the EOP, contents give 0x%04x (port %d, cycle %" PRIu64 ")",
               in.crc_rx, in.crc_calc, port, cycle);
        if (e && e->state != ST_DONE) consume(sb, f, e);
        return (int)(sb->reports - before);
    }
    if (!in.has_tag) {
        report(sb, NR_SB_E_UNEXPECTED, NULL, port, -1, cycle, -1, 0, 0,
               "packet without a test tag at port %d, cycle %" PRIu64 " (dest %u vc %u)", port,
               cycle, in.dest, in.vc);
        return (int)(sb->reports - before);
    }
    if (!e) {
        int dup = f && f->compacted && in.tag_seq < f->low_seq;
        report(sb, dup ? NR_SB_E_DUP : NR_SB_E_UNEXPECTED, &w, port, -1, cycle, -1, 0, 0,
               dup ? "duplicate (seq already delivered and retired) at port %d, cycle %" PRIu64
                   : "no such packet was injected (port %d, cycle %" PRIu64 ")",
               port, cycle);
        return (int)(sb->reports - before);
    }
    if (e->state == ST_DONE) {
        report(sb, NR_SB_E_DUP, &w, port, -1, cycle, -1, 0, 0,
               "duplicate delivery at port %d, cycle %" PRIu64, port, cycle);
        return (int)(sb->reports - before);
    }
    if (e->state == ST_LOST) {
        /* Counted as a loss when a later packet overtook it: it is reordered. */
        sb->errors[NR_SB_E_LOSS]--;
        sb->nerrors--;
        report(sb, NR_SB_E_REORDER, &w, port, -1, cycle, -1, 0, 0,
               "arrived after a later packet of its flow (port %d, cycle %" PRIu64 ")", port,
               cycle);
    } else if (!sb->cfg.relaxed && !e->unord) {
        for (size_t j = f->first; j < (size_t)i; j++) {
            entry_t *x = &f->e[j];
            if (x->state != ST_PENDING || x->fate != NR_SB_DELIVER || x->unord) continue;
            who_t wx = who_of(f, x);
            report(sb, NR_SB_E_LOSS, &wx, -1, -1, cycle, -1, 0, 0,
                   "missing: seq %" PRIu32 " arrived first (port %d, cycle %" PRIu64 ")", e->seq,
                   port, cycle);
            x->state = ST_LOST;
        }
    } else if (e->unord) {
        for (size_t j = f->first; j < (size_t)i; j++)
            if (f->e[j].state == ST_PENDING && f->e[j].fate == NR_SB_DELIVER) {
                sb->overtook[f->vc & 3u]++;
                break;
            }
    }
    if (m) {
        m->matched = 1;
        m->src = f->src;
        m->dest = f->dest;
        m->vc = f->vc;
        m->seq = e->seq;
        m->expect_cycle = e->cycle;
        m->user = e->user;
    }
    int ep;
    if (!port_allowed(sb, f, e, port, &ep))
        report(sb, NR_SB_E_MISROUTE, &w, port, ep, cycle, -1, 0, 0,
               "delivered at port %d, expected port %d (cycle %" PRIu64 ")", port, ep, cycle);
    if (e->fate == NR_SB_DISCARD_SOFT)
        report(sb, NR_SB_E_FATE, &w, port, ep, cycle, -1, 0, 0,
               "injected with a soft error but delivered healthy at port %d, cycle %" PRIu64, port,
               cycle);
    else if (st == NR_PKT_NOT_HEALTHY)
        report(sb, NR_SB_E_FATE, &w, port, ep, cycle, -1, 0, 0,
               "delivered although marked ok=%u at port %d, cycle %" PRIu64, in.ok, port, cycle);
    else
        compare(sb, &w, e, port, ph, len, cycle);
    if (e->fate == NR_SB_DELIVER) sb->delivered++;
    consume(sb, f, e);
    return (int)(sb->reports - before);
}

/* The still-open entry of packet ph (its tag, flow and seq), or NULL; *fo is
 * set as lookup() sets it. */
static entry_t *find_open(nr_sb_t *sb, const uint32_t *ph, int len, nr_sb_flow_t **fo)
{
    nr_pkt_info_t in;
    nr_sb_flow_t idle;
    memset(&in, 0, sizeof in);
    if (ph && len > 0) nr_pkt_parse(ph, len, sb->cfg.num_vcs, sb->cfg.max_len, &in);
    long i = lookup(sb, &in, fo, &idle);
    return i >= 0 && (*fo)->e[i].state != ST_DONE ? &(*fo)->e[i] : NULL;
}

/* Retire entry e without a delivery (a matched discard or cut): a loss it
 * was counted as, when a later packet passed it, is taken back. */
static void retire(nr_sb_t *sb, nr_sb_flow_t *f, entry_t *e)
{
    if (e->state == ST_LOST) {
        sb->errors[NR_SB_E_LOSS]--;
        sb->nerrors--;
    }
    consume(sb, f, e);
}

int nr_sb_discard(nr_sb_t *sb, int port, const uint32_t *ph, int len, unsigned ok, uint64_t cycle)
{
    uint64_t before = sb->reports;
    if (ok == NR_OK_TX_ERR) {
        sb->tx_err_discards++;
        return 0;
    }
    nr_sb_flow_t *f;
    entry_t *e = find_open(sb, ph, len, &f);
    who_t w = {0, 0, 0, 0, 0, 0};
    if (e) w = who_of(f, e);
    if (ok == NR_OK_SOFT_ERR && !e) {
        /* Tag unreadable or not matching: the oldest outstanding DISCARD_SOFT
         * packet expected at this port. */
        uint64_t best = UINT64_MAX;
        for (size_t k = 0; k < sb->nflows; k++) {
            nr_sb_flow_t *g = &sb->flows[k];
            if (!g->live || (!sb->route_ok && port_of(sb, g->dest) != port)) continue;
            for (size_t j = g->first; j < g->n; j++) {
                entry_t *x = &g->e[j];
                int xp;
                if (sb->route_ok && !port_allowed(sb, g, x, port, &xp)) continue;
                if (x->state == ST_PENDING && x->fate == NR_SB_DISCARD_SOFT && x->cycle < best) {
                    best = x->cycle;
                    f = g;
                    e = x;
                }
            }
        }
        if (e) w = who_of(f, e);
    }
    if (ok == NR_OK_SOFT_ERR) {
        if (!e)
            report(sb, NR_SB_E_UNEXPECTED, NULL, port, -1, cycle, -1, 0, 0,
                   "soft_error discard at port %d, cycle %" PRIu64
                   " matches no outstanding soft-error packet",
                   port, cycle);
        else if (e->fate != NR_SB_DISCARD_SOFT)
            report(sb, NR_SB_E_FATE, &w, port, -1, cycle, -1, 0, 0,
                   "discarded as soft_error at port %d, cycle %" PRIu64
                   " but no soft error was injected",
                   port, cycle);
        else
            sb->soft_discards++;
    } else if (ok == NR_OK_HEALTHY) {
        report(sb, NR_SB_E_DISCARD, e ? &w : NULL, port, -1, cycle, -1, 0, 0,
               "packet marked healthy was discarded at port %d, cycle %" PRIu64, port, cycle);
    } else {
        report(sb, NR_SB_E_MALFORMED, e ? &w : NULL, port, -1, cycle, -1, 0, 0,
               "discarded packet has reserved ok=%u (port %d, cycle %" PRIu64 ")", ok, port, cycle);
    }
    if (e) retire(sb, f, e);
    return (int)(sb->reports - before);
}

int nr_sb_cut(nr_sb_t *sb, const uint32_t *ph, int len, uint64_t cycle)
{
    return nr_sb_cut_m(sb, ph, len, cycle, NULL);
}

int nr_sb_cut_m(nr_sb_t *sb, const uint32_t *ph, int len, uint64_t cycle, nr_sb_match_t *m)
{
    uint64_t before = sb->reports;
    nr_sb_flow_t *f;
    entry_t *e = find_open(sb, ph, len, &f);
    if (m) memset(m, 0, sizeof *m);
    if (!e) {
        report(sb, NR_SB_E_UNEXPECTED, NULL, -1, -1, cycle, -1, 0, 0,
               "packet cut by the DUT at cycle %" PRIu64 " matches no outstanding packet", cycle);
        return (int)(sb->reports - before);
    }
    if (m) *m = (nr_sb_match_t){1, f->src, f->dest, f->vc, e->seq, e->cycle, e->user};
    sb->dut_cut++;
    retire(sb, f, e);
    return (int)(sb->reports - before);
}

size_t nr_sb_entries(const nr_sb_t *sb)
{
    size_t n = 0;
    for (size_t k = 0; k < sb->nflows; k++) n += sb->flows[k].live ? sb->flows[k].n : 0;
    return n;
}

size_t nr_sb_active_flows(const nr_sb_t *sb) { return sb->nflows - sb->nfree; }

size_t nr_sb_flows_seen(const nr_sb_t *sb) { return sb->nslots; }

uint64_t nr_sb_final(nr_sb_t *sb)
{
    if (sb->finalized) return sb->nerrors;
    sb->finalized = 1;
    for (size_t k = 0; k < sb->nflows; k++) {
        nr_sb_flow_t *f = &sb->flows[k];
        for (size_t j = f->first; f->live && j < f->n; j++) {
            entry_t *e = &f->e[j];
            if (e->state != ST_PENDING) continue;
            who_t w = who_of(f, e);
            int ep;
            port_allowed(sb, f, e, -1, &ep);
            report(sb, NR_SB_E_LOSS, &w, -1, ep, 0, -1, 0, 0,
                   e->fate == NR_SB_DISCARD_SOFT
                       ? "soft-error packet never discarded (outstanding at final)"
                       : "never delivered (outstanding at final)");
        }
    }
    return sb->nerrors;
}

void nr_sb_report(const nr_sb_t *sb, FILE *o)
{
    fprintf(o,
            "scoreboard: %zu flows (%zu active), expected %" PRIu64 " (%" PRIu64
            " soft-error), delivered %" PRIu64 ", soft discards %" PRIu64
            ", transmit_error copies %" PRIu64 ", outstanding %" PRIu64 "\n",
            sb->nslots, nr_sb_active_flows(sb), sb->expected, sb->expected_soft, sb->delivered,
            sb->soft_discards, sb->tx_err_discards, sb->outstanding);
    if (sb->dut_cut)
        fprintf(o, "scoreboard: %" PRIu64 " packets cut by the DUT under a counted rule\n",
                sb->dut_cut);
    fprintf(o, "scoreboard: errors:");
    for (int i = 0; i < NR_SB_E_COUNT; i++)
        fprintf(o, " %s %" PRIu64 "%s", err_names[i], sb->errors[i],
                i + 1 < NR_SB_E_COUNT ? "," : "\n");
    for (int i = 0; i < sb->nrec; i++) fprintf(o, "  %s\n", sb->rec[i].msg);
    if (sb->nerrors > (uint64_t)sb->nrec)
        fprintf(o, "  ... %" PRIu64 " more\n", sb->nerrors - (uint64_t)sb->nrec);
    fprintf(o, "scoreboard: %s (%" PRIu64 " errors)\n", sb->nerrors ? "FAIL" : "PASS", sb->nerrors);
}
