/* sw_bufs.h - nr_lfifo and nr_cwheel: the latency-L buffers and credit returns inside a switch (sw_bufs.c).
 * A piece of the switch models; sw_common.h says how the pieces work. */
#ifndef NR_SW_BUFS_H
#define NR_SW_BUFS_H
#include "sw_common.h"

/* ---- nr_lfifo: a latency channel feeding a FIFO buffer ---- */
typedef struct {
    uint32_t v; /* phit in bits 23:0, tag (the packet's output port q) in 31:24 */
    uint32_t t; /* first cycle the receiver may use it */
} nr_lf_ent;

typedef struct {
    nr_lf_ent *e;
    uint32_t mask; /* ring size - 1 */
    uint32_t head, cnt;
    uint32_t max; /* the ring's largest size: the power of two >= depth */
} nr_lfifo;

/* A FIFO for `depth` entries (in flight + stored). Its ring starts small and
 * doubles when a push finds it full, up to the power of two >= depth (memory
 * follows the entries a buffer has held, not its depth; speed and memory
 * only). 0, or -1 if out of memory. Call once at model creation;
 * nr_lfifo_release() frees. */
int nr_lfifo_alloc(nr_lfifo *f, int depth);
void nr_lfifo_release(nr_lfifo *f);
/* Double the ring (entries kept in order). 0, or -2 if out of memory. */
int nr_lfifo_grow(nr_lfifo *f);

/* The front is usable in cycle now. Eval-time read. */
static inline int nr_lfifo_ready(const nr_lfifo *f, uint32_t now)
{
    return f->cnt && sw_time_ge(now, f->e[f->head].t);
}
/* Front phit and tag (only when ready). */
static inline uint32_t nr_lfifo_front(const nr_lfifo *f) { return f->e[f->head].v & 0xFFFFFFu; }
static inline unsigned nr_lfifo_front_tag(const nr_lfifo *f) { return f->e[f->head].v >> 24; }
/* An entry's v: the phit and its tag. */
static inline uint32_t nr_lf_word(uint32_t phit, unsigned tag)
{
    return (phit & 0xFFFFFFu) | ((uint32_t)tag << 24);
}
/* Push at the clock edge: phit usable from cycle t. Returns -1 if the FIFO
 * is full (max entries), which means the sender broke the credit protocol,
 * -2 if its ring could not grow (out of memory). Commit-time. */
static inline int nr_lfifo_push(nr_lfifo *f, uint32_t phit, unsigned tag, uint32_t t)
{
    if (f->cnt > f->mask) {
        if (f->cnt >= f->max) return -1;
        if (nr_lfifo_grow(f)) return -2;
    }
    nr_lf_ent *e = &f->e[(f->head + f->cnt) & f->mask];
    e->v = nr_lf_word(phit, tag);
    e->t = t;
    f->cnt++;
    return 0;
}
/* Pop the front at the clock edge. Commit-time. */
static inline void nr_lfifo_pop(nr_lfifo *f)
{
    f->head = (f->head + 1) & f->mask;
    f->cnt--;
}

/* ---- nr_cwheel: credit returns with latency ---- */
#define NR_CW_SLOTS 8 /* power of two, > the longest latency (4) */
typedef struct {
    int **slot[NR_CW_SLOTS]; /* counters to increment, per due cycle mod NR_CW_SLOTS */
    int n[NR_CW_SLOTS];
    int room[NR_CW_SLOTS]; /* entries allocated per slot (grows on demand) */
    int cap;               /* entries per slot at most */
} nr_cwheel;

/* Room for `cap` credits due in the same cycle (at most one per buffer and
 * cycle, so the number of buffers is enough); a slot's array starts small and
 * grows as credits come (memory follows the credits in flight). 0 or -1.
 * Call once at model creation; nr_cw_release() frees. */
int nr_cw_alloc(nr_cwheel *w, int cap);
void nr_cw_release(nr_cwheel *w);
/* Make slot s hold one more entry. 0, -1 over cap, -2 out of memory. */
int nr_cw_grow(nr_cwheel *w, unsigned s);
/* Schedule one credit for *ctr, visible in cycle `due` (now < due <= now +
 * NR_CW_SLOTS - 1). Returns -1 on overflow, -2 out of memory. Commit-time. */
static inline int nr_cw_put(nr_cwheel *w, uint32_t due, int *ctr)
{
    unsigned s = due & (NR_CW_SLOTS - 1);
    if (w->n[s] >= w->room[s]) {
        int r = nr_cw_grow(w, s);
        if (r) return r;
    }
    w->slot[s][w->n[s]++] = ctr;
    return 0;
}
/* The words for nr_cw_put's error r. */
static inline const char *nr_cw_err(int r) { return r == -2 ? "out of memory" : "overflow"; }
/* Apply every credit due in cycle now. Call at the clock edge, right after
 * the cycle counter has advanced to now. */
static inline void nr_cw_fire(nr_cwheel *w, uint32_t now)
{
    unsigned s = now & (NR_CW_SLOTS - 1);
    for (int i = 0; i < w->n[s]; i++) (*w->slot[s][i])++;
    w->n[s] = 0;
}

#endif
