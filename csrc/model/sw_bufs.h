/* sw_bufs.h - nr_vcbank and nr_chpipe: the latency-L buffers and credit returns inside a switch
 * (sw_bufs.c), named as the RTL blocks they stand for (rtl/sw/nr_vcbank.sv, nr_chpipe.sv). A
 * piece of the switch models; sw_common.h says how the pieces work. */
#ifndef NR_SW_BUFS_H
#define NR_SW_BUFS_H
#include "sw_common.h"

/* ---- nr_vcbank: one (input, VC) buffer of a bank, fed by a latency channel ----
 * An array of them, one per (input, VC), is the RTL's nr_vcbank; the channel's
 * data latency (the RTL's nr_chpipe forward half) is each entry's ready time. */
typedef struct {
    uint32_t v; /* phit in bits 23:0, tag (the packet's output port q) in 31:24 */
    uint32_t t; /* first cycle the receiver may use it */
} nr_vcbank_ent;

/* The storage of a router's FIFO rings (speed and memory only): blocks of
 * 4, 8, 16, ... entries on free lists by size, carved from large chunks, so
 * that a ring holds storage only while it holds entries and a freed block
 * serves the next ring that needs one of its size. One per router model (a
 * model runs on one thread); NULL in the calls below means plain malloc. */
#define NR_RP_CLASSES 12 /* 4 << 11 = 8192 entries at most */
typedef struct nr_ringpool nr_ringpool;
nr_ringpool *nr_ringpool_new(void);
void nr_ringpool_free(nr_ringpool *p);
/* A block of 4 << c entries, or NULL (out of memory). */
nr_vcbank_ent *nr_ringpool_get(nr_ringpool *p, int c);
void nr_ringpool_put(nr_ringpool *p, nr_vcbank_ent *e, int c);
/* Bytes the pool holds (its chunks). */
size_t nr_ringpool_bytes(const nr_ringpool *p);

typedef struct {
    nr_vcbank_ent *e; /* the ring, NULL while the FIFO is empty */
    uint16_t head, cnt;
    uint16_t max; /* entries at most: the power of two >= depth */
    uint8_t cls;  /* the ring holds 4 << cls entries */
} nr_vcbank;

/* A FIFO for `depth` entries (in flight + stored): its ring is taken at the
 * first push, doubles when a push finds it full, up to the power of two >=
 * depth, and goes back when the FIFO empties (memory follows the entries in
 * flight, not the depth; speed and memory only). 0, or -1 for a depth above
 * 8192. Call once at model creation; nr_vcbank_release() frees. */
int nr_vcbank_alloc(nr_vcbank *f, int depth);
void nr_vcbank_release(nr_vcbank *f, nr_ringpool *p);
/* A ring for a push into a FIFO with none, or a full one: 0, -1 full (max),
 * -2 out of memory. */
int nr_vcbank_room(nr_vcbank *f, nr_ringpool *p);

/* The front is usable in cycle now. Eval-time read. */
static inline int nr_vcbank_ready(const nr_vcbank *f, uint32_t now)
{
    return f->cnt && sw_time_ge(now, f->e[f->head].t);
}
/* Front phit and tag (only when ready). */
static inline uint32_t nr_vcbank_front(const nr_vcbank *f) { return f->e[f->head].v & 0xFFFFFFu; }
static inline unsigned nr_vcbank_front_tag(const nr_vcbank *f) { return f->e[f->head].v >> 24; }
/* An entry's v: the phit and its tag. */
static inline uint32_t nr_vcbank_word(uint32_t phit, unsigned tag)
{
    return (phit & 0xFFFFFFu) | ((uint32_t)tag << 24);
}
/* Push at the clock edge: phit usable from cycle t. Returns -1 if the FIFO
 * is full (its depth's power of two), which means the sender broke the
 * credit protocol, -2 if its ring could not grow (out of memory).
 * Commit-time. */
static inline int nr_vcbank_push(nr_vcbank *f, nr_ringpool *p, uint32_t phit, unsigned tag,
                                 uint32_t t)
{
    if (!f->e || f->cnt == 4u << f->cls || f->cnt >= f->max) {
        int r = nr_vcbank_room(f, p);
        if (r) return r;
    }
    nr_vcbank_ent *e = &f->e[(f->head + f->cnt) & ((4u << f->cls) - 1)];
    e->v = nr_vcbank_word(phit, tag);
    e->t = t;
    f->cnt++;
    return 0;
}
/* Pop the front at the clock edge (an emptied FIFO gives its ring back).
 * Commit-time. */
static inline void nr_vcbank_pop(nr_vcbank *f, nr_ringpool *p)
{
    f->head = (uint16_t)((f->head + 1) & ((4u << f->cls) - 1));
    if (--f->cnt) return;
    nr_ringpool_put(p, f->e, f->cls);
    f->e = NULL;
    f->head = 0;
    f->cls = 0;
}

/* ---- nr_chpipe: credit returns with latency (the RTL's nr_chpipe credit half) ---- */
#define NR_CHPIPE_SLOTS 8 /* power of two, > the longest latency (4) */
typedef struct {
    int **slot[NR_CHPIPE_SLOTS]; /* counters to increment, per due cycle mod NR_CHPIPE_SLOTS */
    int n[NR_CHPIPE_SLOTS];
    int room[NR_CHPIPE_SLOTS]; /* entries allocated per slot (grows on demand) */
    int cap;                   /* entries per slot at most */
    int pending;               /* credits scheduled and not yet applied */
} nr_chpipe;

/* Room for `cap` credits due in the same cycle (at most one per buffer and
 * cycle, so the number of buffers is enough); a slot's array starts small and
 * grows as credits come (memory follows the credits in flight). 0 or -1.
 * Call once at model creation; nr_chpipe_release() frees. */
int nr_chpipe_alloc(nr_chpipe *w, int cap);
void nr_chpipe_release(nr_chpipe *w);
/* Make slot s hold one more entry. 0, -1 over cap, -2 out of memory. */
int nr_chpipe_grow(nr_chpipe *w, unsigned s);
/* Schedule one credit for *ctr, visible in cycle `due` (now < due <= now +
 * NR_CHPIPE_SLOTS - 1). Returns -1 on overflow, -2 out of memory. Commit-time. */
static inline int nr_chpipe_put(nr_chpipe *w, uint32_t due, int *ctr)
{
    unsigned s = due & (NR_CHPIPE_SLOTS - 1);
    if (w->n[s] >= w->room[s]) {
        int r = nr_chpipe_grow(w, s);
        if (r) return r;
    }
    w->slot[s][w->n[s]++] = ctr;
    w->pending++;
    return 0;
}
/* The words for nr_chpipe_put's error r. */
static inline const char *nr_chpipe_err(int r) { return r == -2 ? "out of memory" : "overflow"; }
/* Apply every credit due in cycle now. Call at the clock edge, right after
 * the cycle counter has advanced to now. */
static inline void nr_chpipe_fire(nr_chpipe *w, uint32_t now)
{
    unsigned s = now & (NR_CHPIPE_SLOTS - 1);
    for (int i = 0; i < w->n[s]; i++) (*w->slot[s][i])++;
    w->pending -= w->n[s];
    w->n[s] = 0;
}

#endif
