/* sw_bufs.c - storage of the latency FIFO (nr_lfifo) and the credit wheel
 * (nr_cwheel) of swparts.h. The per-cycle operations are inline there. */
#include <stdlib.h>
#include <string.h>

#include "sw_bufs.h"

int nr_lfifo_alloc(nr_lfifo *f, int depth)
{
    uint32_t size = 1;
    memset(f, 0, sizeof *f);
    if (depth < 1) return -1;
    while (size < (uint32_t)depth) size <<= 1;
    f->e = calloc(size, sizeof *f->e);
    if (!f->e) return -1;
    f->mask = size - 1;
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
        w->slot[s] = calloc((size_t)cap, sizeof *w->slot[s]);
        if (!w->slot[s]) return -1;
    }
    return 0;
}

void nr_cw_release(nr_cwheel *w)
{
    for (int s = 0; s < NR_CW_SLOTS; s++) {
        free(w->slot[s]);
        w->slot[s] = NULL;
    }
}
