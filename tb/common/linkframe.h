/* linkframe.h - the receiver's framing rule of a link phit stream
 * (docs/link-protocol.md section 3), the one copy every testbench uses.
 *
 * `fin` is the receiver's framing bit: inside a packet on the link, reset 0.
 * F=1 is a HEAD (fin was 0) or a BODY; F=0 inside a packet is a PAD when the
 * EOP ok field reads 3, else the EOP; F=0 outside a packet is idle-class. */
#ifndef NR_LINKFRAME_H
#define NR_LINKFRAME_H
#include <stdint.h>
#include "nr_fmt.h"

/* Framing kinds of link phits, beside NR_KIND_HEAD/BODY/EOP. */
enum { NR_LM_IDLE = -1, NR_LM_PAD = -2 };

/* Kind of link phit ph (NR_KIND_HEAD/BODY/EOP, NR_LM_IDLE, NR_LM_PAD); updates
 * *fin. */
static inline int nr_link_frame(int *fin, uint32_t ph)
{
    if ((ph >> NR_LINK_F_BIT) & 1) {
        if (*fin) return NR_KIND_BODY;
        *fin = 1;
        return NR_KIND_HEAD;
    }
    if (!*fin) return NR_LM_IDLE;
    if (((ph >> NR_EOP_OK_LSB) & 3u) == 3u) return NR_LM_PAD;
    *fin = 0;
    return NR_KIND_EOP;
}

#endif
