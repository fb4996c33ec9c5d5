/* sw_bufs.c - storage of the latency FIFO (nr_lfifo) and the credit wheel
 * (nr_cwheel) of swparts.h. The per-cycle operations are inline there. */
#include <stdlib.h>
#include <string.h>

#include "sw_bufs.h"

#define LF_FIRST 4 /* a ring's first size */

int nr_lfifo_alloc(nr_lfifo *f, int depth)
{
    uint32_t size = 1;
    memset(f, 0, sizeof *f);
    if (depth < 1) return -1;
    while (size < (uint32_t)depth) size <<= 1;
    f->max = size;
    if (size > LF_FIRST) size = LF_FIRST;
    f->e = calloc(size, sizeof *f->e);
    if (!f->e) return -1;
    f->mask = size - 1;
    return 0;
}

int nr_lfifo_grow(nr_lfifo *f)
{
    const uint32_t size = f->mask + 1;
    nr_lf_ent *n = malloc(2 * (size_t)size * sizeof *n);
    if (!n) return -2;
    for (uint32_t i = 0; i < f->cnt; i++) n[i] = f->e[(f->head + i) & f->mask];
    free(f->e);
    f->e = n;
    f->head = 0;
    f->mask = 2 * size - 1;
    return 0;
}

void nr_lfifo_release(nr_lfifo *f)
{
    free(f->e);
    f->e = NULL;
}

int nr_cw_alloc(nr_cwheel *w, int cap)
{
    memset(w, 0, sizeof *w);
    w->cap = cap;
    for (int s = 0; s < NR_CW_SLOTS; s++) {
        w->room[s] = cap < 8 ? cap : 8;
        w->slot[s] = calloc((size_t)w->room[s], sizeof *w->slot[s]);
        if (!w->slot[s]) return -1;
    }
    return 0;
}

int nr_cw_grow(nr_cwheel *w, unsigned s)
{
    if (w->room[s] >= w->cap) return -1;
    int room = 2 * w->room[s] < w->cap ? 2 * w->room[s] : w->cap;
    int **n = realloc(w->slot[s], (size_t)room * sizeof *n);
    if (!n) return -2;
    w->slot[s] = n;
    w->room[s] = room;
    return 0;
}

void nr_cw_release(nr_cwheel *w)
{
    for (int s = 0; s < NR_CW_SLOTS; s++) {
        free(w->slot[s]);
        w->slot[s] = NULL;
    }
}
