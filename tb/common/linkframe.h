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

/* A router port's LCB transmit stream, its new packets told from replayed
 * copies. The TX raises TX_PKT in the cycle it takes a new packet and puts
 * that packet's HEAD on its registered link_tx a cycle later (or later, after
 * a replay in progress); a HEAD with no TX_PKT before it not yet matched is a
 * replayed copy (docs/link-protocol.md §7). The router harness (head-out
 * times) and the network simulator (hop counts) follow new packets with it. */
typedef struct {
    int fin;          /* the stream's framing bit (nr_link_frame) */
    uint64_t pending; /* TX_PKT events whose HEAD has not been on link_tx yet */
    int fresh;        /* the packet on the link is a new one (HEAD to EOP) */
} nr_tx_follow;

/* The phit on link_tx this cycle and the port's TX_PKT event of the cycle
 * (0 or 1). Returns the phit's framing kind (nr_link_frame); *fresh = 1 if it
 * is a phit of a new packet, 0 if of a replayed copy or of no packet. */
static inline int nr_tx_follow_step(nr_tx_follow *f, uint32_t link_tx, unsigned tx_pkt, int *fresh)
{
    int k = nr_link_frame(&f->fin, link_tx);
    if (k == NR_KIND_HEAD) {
        f->fresh = f->pending > 0;
        if (f->fresh) f->pending--;
    }
    *fresh = k >= 0 && f->fresh;
    if (k == NR_KIND_EOP) f->fresh = 0;
    f->pending += tx_pkt & 1u;
    return k;
}

#endif
