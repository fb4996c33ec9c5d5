/* linkmon.h - a receiver's view of one link direction, for testbenches.
 *
 * One monitor watches the phits that arrive at one LCB receiver (after the
 * channel) and that receiver's events. It frames the stream as
 * docs/link-protocol.md section 3 does (the fin bit and PADs), and with the
 * channel's damage record (tb/common/channel.h) it knows which bits of each
 * packet the channel changed. That gives two things every testbench with
 * link errors needs:
 *
 *   escapes   a packet the receiver accepted (RX_OK) although the channel
 *             changed one of its CRC-covered bits or its framing is a CRC
 *             escape: an error the link CRC cannot detect, not a design
 *             failure. The same for a control word the receiver accepted
 *             (CTL_OK, not rejected) whose C bits the channel damaged.
 *   recovery  a packet in flight behind a bad one (after RX_CRC or RX_CLIP,
 *             before the next replay marker, RX_MARKER) must be refused
 *             whatever its CRC (link-protocol 8.3, "Packets in recovery").
 *             The monitor follows the receiver's events to know which
 *             packets these are; an RX_OK on one is a design failure.
 *   expectation  for every other damaged packet that reaches an EOP, the
 *             chance that the CRC-16 of section 4 misses it: 0 when the error has
 *             odd weight, weight under 4, or spans at most 16 codeword bits
 *             (the polynomial has the factor x+1, Hamming distance 4 at our
 *             lengths, and detects every burst up to its degree); 2^-15 for
 *             the other patterns (an even-weight pattern escapes with
 *             probability 2^-15); 2^-16 when the framing changed (phits
 *             erased, F flipped, a PAD damaged), since the receiver then
 *             checks a different bit string. docs/lcb-testbench.md has the
 *             derivation. With the 32-bit link check (LinkCrcW = 32,
 *             link-protocol 4.1) a packet also owns the phit after its EOP,
 *             the trailer: damage to the trailer alone is always detected, and
 *             the other cases pass both CRCs with 2^-31 and 2^-32 (the two
 *             generators are coprime, so together they are one CRC of degree
 *             32 with the factor x+1).
 *
 * Call once per cycle, in this order:
 *     ph = lcb_ch_recv(ch);               the phit arriving at the receiver
 *     ...evaluate the receiver...
 *     nr_linkmon_step(m, t, ph, ev);      its events of this cycle
 *
 * The verdict on a packet (RX_OK or RX_CRC) comes in the cycle of its EOP
 * with LinkCrcW = 16, and a cycle later, with the trailer, with 32. The
 * decided packet is described by the dec_* fields.
 */
#ifndef NR_LINKMON_H
#define NR_LINKMON_H
#include <stdint.h>
#include "common/linkframe.h"
#include "common/channel.h"
#include "nr_lcb.h"

/* What nr_linkmon_step saw in this cycle (bits). */
enum {
    NR_LM_ACC = 1,         /* RX_OK: a packet was accepted */
    NR_LM_ACC_DAMAGED = 2, /* ... and the channel had changed it: a data escape */
    NR_LM_CW_ACC = 4,      /* the control word delivered last cycle was accepted */
    NR_LM_CW_DAMAGED = 8,  /* ... and its C bits were damaged: a control-word escape */
    NR_LM_CW_FORGED = 16,  /* the word delivered last cycle was a forged one */
    NR_LM_CW_REJ = 32,     /* the word delivered last cycle was rejected */
    NR_LM_ACC_OOO = 128,   /* RX_OK of a packet that arrived in recovery before a
                             * marker: a design failure (link-protocol 8.3) */
    NR_LM_ACC_SUSPECT = 64 /* RX_OK, and the channel damaged data or F bits of some
                             * phit since the previous RX_OK (a wider net than
                             * ACC_DAMAGED: also damage between packets) */
};

typedef struct {
    const lcb_ch *ch; /* the channel into this receiver */
    int wbits;        /* control-word width W (link-protocol 5.1) */
    int nvcs;
    int crc32; /* LinkCrcW = 32: a trailer follows every EOP (4.1) */
    /* framing (section 3) */
    int fin;
    int vc;   /* VC of the packet being framed (head vc mod nvcs) */
    int kind; /* kind of the last phit: NR_KIND_*, NR_LM_IDLE, NR_LM_PAD */
    /* damage of the packet being framed, from its HEAD */
    int nph;         /* CRC-covered phits so far (PADs excluded) */
    int wt;          /* data bits flipped in CRC-covered positions */
    int first, last; /* first and last flipped codeword position */
    int frame;       /* framing changed (F flipped, phit erased, PAD damaged) */
    int64_t head_cycle;
    int ooo;                /* an RX_CRC or RX_CLIP since the last replay marker */
    int head_ooo, last_ooo; /* ooo at the HEAD of the packet being framed / the last one */
    int last_nph, last_wt, last_frame; /* the packet of the last RX_OK or RX_CRC */
    int64_t last_head_cycle;
    /* the packet whose EOP framed last (its verdict may come a cycle later) */
    struct {
        int nph, wt, wt_tr, first, last, frame, ooo, vc;
        int64_t head_cycle;
        uint32_t ph; /* its EOP link phit */
    } end;
    /* the packet decided in this cycle (valid with NR_LM_ACC or an RX_CRC) */
    uint32_t dec_ph; /* its EOP link phit */
    int dec_vc;
    int dec_framed;    /* the verdict came where the framing puts it: in the
                             * EOP's cycle (16) or the cycle after it (32) */
    uint64_t dmg_seen; /* channel's phits_damaged_df at the last RX_OK */
    int cw_pend;       /* word delivered last cycle: 1 | 2 damaged | 4 forged */
    /* counts since the start */
    uint64_t accepted;     /* RX_OK */
    uint64_t escapes;      /* RX_OK of a damaged packet */
    uint64_t dmg_checked;  /* damaged packets that reached an EOP (RX_OK or RX_CRC) */
    uint64_t dmg_frame;    /* ... with their framing changed */
    uint64_t dmg_detected; /* ... whose error the CRC-16 detects for sure */
    uint64_t dmg_ooo;      /* ... in recovery before a marker (refused, 8.3) */
    double exp_escapes;    /* analytic expectation of escapes */
    uint64_t cw_delivered; /* control words delivered (CTL_OK) */
    uint64_t cw_damaged;   /* ... with damaged C bits */
    uint64_t cw_escapes;   /* ... accepted (a control-word escape) */
    uint64_t cw_forged;    /* ... forged by the channel */
    int64_t last_escape;   /* cycle of the last escape of either kind, -1: none */
} nr_linkmon;

/* crcw: the link's LinkCrcW, 16 or 32. */
void nr_linkmon_init(nr_linkmon *m, const lcb_ch *ch, int wbits, int nvcs, int crcw);
/* Frame the phit that arrived in cycle t and classify this cycle's events
 * `ev` (NR_EV_* bits of the receiving LCB). Returns NR_LM_* bits. */
unsigned nr_linkmon_step_full(nr_linkmon *m, int64_t t, uint32_t ph, uint32_t ev);
/* The events the monitor follows. */
#define NR_LM_EVENTS                                                                               \
    ((1u << NR_EV_RX_OK) | (1u << NR_EV_RX_CRC) | (1u << NR_EV_RX_CLIP) |                          \
     (1u << NR_EV_RX_MARKER) | (1u << NR_EV_CTL_OK) | (1u << NR_EV_CTL_REJECT))
static inline unsigned nr_linkmon_step(nr_linkmon *m, int64_t t, uint32_t ph, uint32_t ev)
{
    /* speed only: a cycle with none of those events, an undamaged plain idle
     * outside a packet (no trailer due) and no word pending changes nothing
     * but the kind of the last phit, as the full step would */
    if (!m->fin && !(ph & ((1u << NR_LINK_F_BIT) | ((1u << NR_DATA_W) - 1u))) &&
        !(ev & NR_LM_EVENTS) && !m->cw_pend && !(m->crc32 && m->kind == NR_KIND_EOP)) {
        const lcb_ch_dmg dm = lcb_ch_last_damage(m->ch);
        if (!dm.mask && !dm.flags) {
            m->kind = NR_LM_IDLE;
            return 0;
        }
    }
    return nr_linkmon_step_full(m, t, ph, ev);
}

#endif
