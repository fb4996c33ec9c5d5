/* inq_vc.h - nr_inq_vc: one VC of the input queue, the rules of
 * docs/link-protocol.md §8.4 (the C model's reading of them; the RTL's is
 * rtl/lcb/nr_inq_vc.sv). Shared by the LCB port model's input queue (inq.c)
 * and the bare router port (sw_bport.c): the storage is the caller's, these
 * functions keep one VC's pointers and counts and say which entry of the
 * VC's region to read or write.
 *
 * A cycle of one VC: at most one nr_inq_vc_read (from the start-of-cycle
 * state), then at most one nr_inq_vc_write (from the state the read left),
 * each on the next-state copy. Header only: the models call these every
 * cycle for every busy VC. */
#ifndef NR_INQ_VC_H
#define NR_INQ_VC_H
#include <stdint.h>

#include "nr_fmt.h"

typedef struct {
    uint16_t wr, rd, pstart; /* pointers with a wrap bit: 0 .. 2*buf-1 */
    uint16_t done, pend;     /* completed phits stored; phits of the packet arriving already read */
    uint8_t cur, dep,
        abort;   /* a packet arriving; some of it read; the next read is the cut's EOP */
    uint8_t ovf; /* dropping the rest of an overflowed packet */
} nr_inq_vc;

/* The EOP a reader gets after an abort: {EOP, TX_ERR, 0000, 0x0000}. */
#define NR_INQ_ABORT_EOP                                                                           \
    (((uint32_t)NR_KIND_EOP << NR_KIND_LSB) | ((uint32_t)NR_OK_TX_ERR << NR_EOP_OK_LSB))

/* What a write did (nr_inq_vc_write's result, bits). */
enum {
    NR_INQ_VC_STORE = 1,  /* the phit is stored at the index given */
    NR_INQ_VC_REWIND = 2, /* the packet arriving was cut (event INQ_REWIND) */
    NR_INQ_VC_OVF = 4     /* ... by an overflow (event INQ_OVF) */
};

static inline unsigned nr_inq_vc_inc(unsigned buf, unsigned p)
{
    return p + 1 == 2 * buf ? 0 : p + 1;
}
/* a - b of two pointers */
static inline unsigned nr_inq_vc_dist(unsigned buf, unsigned a, unsigned b)
{
    return a >= b ? a - b : a + 2 * buf - b;
}
/* the region index of a pointer */
static inline unsigned nr_inq_vc_idx(unsigned buf, unsigned p) { return p >= buf ? p - buf : p; }
/* phits stored (wr - rd) */
static inline unsigned nr_inq_vc_occ(const nr_inq_vc *s, unsigned buf)
{
    return nr_inq_vc_dist(buf, s->wr, s->rd);
}
/* rd_avail: something stored, or the cut's EOP to deliver */
static inline int nr_inq_vc_avail(const nr_inq_vc *s) { return s->wr != s->rd || s->abort; }

/* The read of this cycle (the caller checked nr_inq_vc_avail on the
 * start-of-cycle state). Returns the region index read, or -1 for the cut's
 * EOP (NR_INQ_ABORT_EOP, no storage read, no credit); *cr gets the credit
 * freed (0 or 1). */
static inline int nr_inq_vc_read(nr_inq_vc *s, unsigned buf, unsigned *cr)
{
    *cr = 0;
    if (s->abort) {
        s->abort = 0;
        return -1;
    }
    int idx = (int)nr_inq_vc_idx(buf, s->rd);
    s->rd = (uint16_t)nr_inq_vc_inc(buf, s->rd);
    if (s->done > 0) {
        s->done--;
        *cr = 1;
    } else {
        s->pend++;
        s->dep = 1;
    }
    return idx;
}

/* The packet arriving is cut: rewind the tail if none of it was read, else
 * drop its unread rest (wr = rd) and give the reader the cut's EOP next; the
 * credits of its phits already read (pend) are withheld. */
static inline void nr_inq_vc_cut(nr_inq_vc *s)
{
    if (!s->dep) {
        s->wr = s->pstart;
    } else {
        s->wr = s->rd;
        s->abort = 1;
    }
    s->pend = 0;
    s->cur = 0;
    s->dep = 0;
}

/* The write of a phit of kind `kind` (bad: rx_bad, meaningful with an EOP)
 * to the state s the read left; occ0 = the phits stored at the start of the
 * cycle (before the read). Returns NR_INQ_VC_* bits; *widx is the region
 * index of a store, *cr the credits a good EOP releases (pend). */
static inline unsigned nr_inq_vc_write(nr_inq_vc *s, unsigned buf, unsigned kind, int bad,
                                       unsigned occ0, unsigned *widx, unsigned *cr)
{
    *cr = 0;
    if (s->ovf) { /* the rest of an overflowed packet: its EOP ends it */
        if (kind == NR_KIND_EOP) s->ovf = 0;
        return 0;
    }
    /* a packet starts with its HEAD, or with any phit written while none is
     * being received (a bare sender's strays; behind an LCB always the HEAD) */
    const int starts = kind == NR_KIND_HEAD || !s->cur;
    if (starts) {
        s->pstart = s->wr;
        s->cur = 1;
        s->dep = 0;
        s->pend = 0;
    }
    if (kind == NR_KIND_EOP) {
        if (starts && occ0 >= buf) { /* a packet of one with no free entry: nothing left to drop */
            nr_inq_vc_cut(s);
            return NR_INQ_VC_REWIND | NR_INQ_VC_OVF;
        }
        if (bad) { /* tail rewind or abort */
            nr_inq_vc_cut(s);
            return NR_INQ_VC_REWIND;
        }
        s->done = (uint16_t)(s->done + nr_inq_vc_dist(buf, s->wr, s->pstart) + 1 - s->pend);
        *cr = s->pend;
        s->pend = 0;
        s->cur = 0;
    } else if (nr_inq_vc_occ(s, buf) >= buf - 1) { /* one entry is kept for the EOP */
        nr_inq_vc_cut(s);
        s->ovf = 1;
        return NR_INQ_VC_REWIND | NR_INQ_VC_OVF;
    }
    *widx = nr_inq_vc_idx(buf, s->wr);
    s->wr = (uint16_t)nr_inq_vc_inc(buf, s->wr);
    return NR_INQ_VC_STORE;
}
#endif
