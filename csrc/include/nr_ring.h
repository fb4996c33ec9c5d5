/* nr_ring.h - the growth of a ring buffer: a queue of n elements of size sz
 * stored from index head, wrapping at cap (the injection queue, nr_inj.h;
 * the router harness's FIFOs). */
#ifndef NR_RING_H
#define NR_RING_H
#include <stdlib.h>
#include <string.h>

/* A buffer of twice cap elements (first when cap is 0) holding the n
 * elements of buf in order from index 0; buf is freed, *cap and *head are
 * updated. NULL when out of memory (buf, *cap and *head unchanged). */
static inline void *nr_ring_grow(void *buf, size_t *cap, size_t *head, size_t n, size_t sz,
                                 size_t first)
{
    const size_t nc = *cap ? *cap * 2 : first;
    char *nb = malloc(nc * sz);
    if (!nb) return NULL;
    for (size_t i = 0; i < n; i++) memcpy(nb + i * sz, (char *)buf + (*head + i) % *cap * sz, sz);
    free(buf);
    *cap = nc;
    *head = 0;
    return nb;
}
#endif
