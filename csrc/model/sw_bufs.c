/* sw_bufs.c - storage of the latency FIFO (nr_vcbank) and the credit wheel
 * (nr_chpipe) of swparts.h. The per-cycle operations are inline there. */
#include <stdlib.h>
#include <string.h>

#include "sw_bufs.h"

/* ---- the ring pool ---- */
#define RP_CHUNK 65536 /* bytes carved at a time (a larger block gets its own) */
struct nr_ringpool {
    void *free[NR_RP_CLASSES]; /* free blocks, linked through their first word */
    char *cur;                 /* the chunk being carved ... */
    size_t left;               /* ... and its bytes still free */
    void **chunks;             /* every chunk, to free */
    size_t nchunks, capchunks, bytes;
};

nr_ringpool *nr_ringpool_new(void) { return calloc(1, sizeof(nr_ringpool)); }

void nr_ringpool_free(nr_ringpool *p)
{
    if (!p) return;
    for (size_t i = 0; i < p->nchunks; i++) free(p->chunks[i]);
    free(p->chunks);
    free(p);
}

size_t nr_ringpool_bytes(const nr_ringpool *p) { return p ? p->bytes : 0; }

static void *rp_chunk(nr_ringpool *p, size_t n)
{
    if (p->nchunks == p->capchunks) {
        size_t nc = p->capchunks ? 2 * p->capchunks : 16;
        void **c = realloc(p->chunks, nc * sizeof *c);
        if (!c) return NULL;
        p->chunks = c;
        p->capchunks = nc;
    }
    void *m = malloc(n);
    if (m) {
        p->chunks[p->nchunks++] = m;
        p->bytes += n;
    }
    return m;
}

nr_vcbank_ent *nr_ringpool_get(nr_ringpool *p, int c)
{
    const size_t n = (size_t)(4u << c) * sizeof(nr_vcbank_ent);
    if (!p) return malloc(n);
    if (p->free[c]) {
        void *b = p->free[c];
        p->free[c] = *(void **)b;
        return b;
    }
    if (n > RP_CHUNK / 4) return rp_chunk(p, n);
    if (p->left < n) {
        if (!(p->cur = rp_chunk(p, RP_CHUNK))) return NULL;
        p->left = RP_CHUNK;
    }
    void *b = p->cur;
    p->cur += n;
    p->left -= n;
    return b;
}

void nr_ringpool_put(nr_ringpool *p, nr_vcbank_ent *e, int c)
{
    if (!p) {
        free(e);
        return;
    }
    *(void **)e = p->free[c];
    p->free[c] = e;
}

int nr_vcbank_alloc(nr_vcbank *f, int depth)
{
    memset(f, 0, sizeof *f);
    if (depth < 1 || depth > 4 << (NR_RP_CLASSES - 1)) return -1;
    f->max = 1;
    while (f->max < depth) f->max = (uint16_t)(2 * f->max);
    return 0;
}

void nr_vcbank_release(nr_vcbank *f, nr_ringpool *p)
{
    if (f->e) nr_ringpool_put(p, f->e, f->cls);
    f->e = NULL;
}

int nr_vcbank_room(nr_vcbank *f, nr_ringpool *p)
{
    if (f->cnt >= f->max) return -1;
    if (!f->e) {
        f->e = nr_ringpool_get(p, 0);
        f->cls = 0;
        f->head = 0;
        return f->e ? 0 : -2;
    }
    const unsigned size = 4u << f->cls;
    nr_vcbank_ent *n = nr_ringpool_get(p, f->cls + 1);
    if (!n) return -2;
    for (unsigned i = 0; i < f->cnt; i++) n[i] = f->e[(f->head + i) & (size - 1)];
    nr_ringpool_put(p, f->e, f->cls);
    f->e = n;
    f->head = 0;
    f->cls++;
    return 0;
}

int nr_chpipe_alloc(nr_chpipe *w, int cap)
{
    memset(w, 0, sizeof *w);
    w->cap = cap;
    for (int s = 0; s < NR_CHPIPE_SLOTS; s++) {
        w->room[s] = cap < 8 ? cap : 8;
        w->slot[s] = calloc((size_t)w->room[s], sizeof *w->slot[s]);
        if (!w->slot[s]) return -1;
    }
    return 0;
}

int nr_chpipe_grow(nr_chpipe *w, unsigned s)
{
    if (w->room[s] >= w->cap) return -1;
    int room = 2 * w->room[s] < w->cap ? 2 * w->room[s] : w->cap;
    int **n = realloc(w->slot[s], (size_t)room * sizeof *n);
    if (!n) return -2;
    w->slot[s] = n;
    w->room[s] = room;
    return 0;
}

void nr_chpipe_release(nr_chpipe *w)
{
    for (int s = 0; s < NR_CHPIPE_SLOTS; s++) {
        free(w->slot[s]);
        w->slot[s] = NULL;
    }
}
