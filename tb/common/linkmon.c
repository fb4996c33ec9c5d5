/* linkmon.c - a receiver's view of one link direction (linkmon.h). */
#include "common/linkmon.h"
#include <string.h>
#include "nr_lcb.h"

void nr_linkmon_init(nr_linkmon *m, const lcb_ch *ch, int wbits, int nvcs, int crcw)
{
    memset(m, 0, sizeof *m);
    m->ch = ch;
    m->wbits = wbits;
    m->nvcs = nvcs > 0 ? nvcs : 1;
    m->crc32 = crcw == 32;
    m->first = m->last = -1;
    m->kind = NR_LM_IDLE;
    m->last_escape = -1;
}

/* The chance that the link check misses the damage of the packet just
 * decided (m->end). */
static void classify(nr_linkmon *m)
{
    double p_frame = m->crc32 ? 1.0 / 4294967296.0 : 1.0 / 65536.0;
    double p_even = m->crc32 ? 1.0 / 2147483648.0 : 1.0 / 32768.0;
    int wt = m->end.wt;
    if (!wt && !m->end.wt_tr && !m->end.frame) return;
    m->dmg_checked++;
    if (m->end.ooo) {
        /* in recovery before a marker: refused whatever its CRC (8.3) */
        m->dmg_ooo++;
    } else if (m->end.frame) {
        m->dmg_frame++;
        m->exp_escapes += p_frame;
    } else if (!wt || (wt & 1) || wt < 4 || m->end.last - m->end.first + 1 <= 16) {
        /* the CRC-16 alone detects these; damage to the trailer alone is
         * always detected (it is compared with a value the receiver computes) */
        m->dmg_detected++;
    } else {
        m->exp_escapes += p_even;
    }
}

/* Damage of one link phit's data bits 21:0 (none if erased: that is framing). */
static int data_flips(lcb_ch_dmg dm) { return __builtin_popcount(dm.mask & 0x3FFFFFu); }

unsigned nr_linkmon_step_full(nr_linkmon *m, int64_t t, uint32_t ph, uint32_t ev)
{
    unsigned res = 0;
    lcb_ch_dmg dm = lcb_ch_last_damage(m->ch);
    int era = (dm.flags & LCB_DMG_ERASED) != 0;
    int fflip = (dm.mask >> NR_LINK_F_BIT) & 1;
    int ok = (ev >> NR_EV_RX_OK) & 1, bad = (ev >> NR_EV_RX_CRC) & 1;
    /* link-protocol 8.3: after a bad packet the packets in flight behind it
     * carry later sequence numbers until the replay marker. This cycle's
     * verdict comes before a HEAD framed in the same cycle (possible with the
     * trailer, when the trailer itself was turned into a HEAD). */
    if (bad || ((ev >> NR_EV_RX_CLIP) & 1)) m->ooo = 1;
    if ((ev >> NR_EV_RX_MARKER) & 1) m->ooo = 0;
    int was_fin = m->fin, prev = m->kind;
    int k = nr_link_frame(&m->fin, ph);
    m->kind = k;
    if (m->crc32 && prev == NR_KIND_EOP) {
        /* the trailer's position (4.1): its damage belongs to the packet */
        if (era || fflip)
            m->end.frame = 1;
        else
            m->end.wt_tr += data_flips(dm);
    }
    if (k == NR_KIND_HEAD) {
        m->head_cycle = t;
        m->nph = m->wt = m->frame = 0;
        m->first = m->last = -1;
        m->vc = (int)(((ph >> NR_HEAD_VC_LSB) & 3u) % (unsigned)m->nvcs);
        m->head_ooo = m->ooo;
    }
    if (k == NR_KIND_HEAD || k == NR_KIND_BODY || k == NR_KIND_EOP) {
        /* CRC-covered: every data bit of head and body; of the EOP, the
         * ok/rsvd bits (fed before the sequence number) and the crc field */
        if (era || fflip) m->frame = 1;
        /* the flipped data bits, 21 down to 0 (none counted if erased) */
        for (uint32_t mk = era ? 0 : dm.mask & 0x3FFFFFu; mk;
             mk &= ~(1u << (31 - __builtin_clz(mk)))) {
            int b = 31 - __builtin_clz(mk);
            int pos = m->nph * 22 + (k != NR_KIND_EOP || b >= 16 ? 21 - b : 6 + 7 + 15 - b);
            m->wt++;
            if (m->first < 0) m->first = pos;
            m->last = pos;
        }
        m->nph++;
    } else if (was_fin && (era || (dm.mask & ((1u << NR_LINK_F_BIT) | (3u << 20))))) {
        m->frame = 1; /* a PAD's F or type bits: the framing changed */
    }
    if (k == NR_KIND_EOP) {
        m->end.nph = m->nph;
        m->end.wt = m->wt;
        m->end.wt_tr = 0;
        m->end.first = m->first;
        m->end.last = m->last;
        m->end.frame = m->frame;
        m->end.ooo = m->head_ooo;
        m->end.vc = m->vc;
        m->end.head_cycle = m->head_cycle;
        m->end.ph = ph;
        m->wt = m->frame = 0; /* counted once */
        m->first = m->last = -1;
    }
    if (ok || bad) {
        m->dec_framed = m->crc32 ? prev == NR_KIND_EOP : k == NR_KIND_EOP;
        m->dec_ph = m->end.ph;
        m->dec_vc = m->end.vc;
        classify(m);
        m->last_nph = m->end.nph;
        m->last_wt = m->end.wt + m->end.wt_tr;
        m->last_frame = m->end.frame;
        m->last_ooo = m->end.ooo;
        m->last_head_cycle = m->end.head_cycle;
        if (ok) {
            const lcb_ch_stats *cs = lcb_ch_get_stats(m->ch);
            res |= NR_LM_ACC;
            m->accepted++;
            if (m->end.ooo)
                res |= NR_LM_ACC_OOO;
            else if (m->end.wt || m->end.wt_tr || m->end.frame) {
                res |= NR_LM_ACC_DAMAGED;
                m->escapes++;
                m->last_escape = t;
            }
            if (cs->phits_damaged_df != m->dmg_seen) res |= NR_LM_ACC_SUSPECT;
            m->dmg_seen = cs->phits_damaged_df;
        }
        m->end.wt = m->end.wt_tr = m->end.frame = 0; /* counted once */
    }
    /* control words: the verdict (CTL_REJECT) comes the cycle after CTL_OK */
    if (m->cw_pend) {
        int rej = (ev >> NR_EV_CTL_REJECT) & 1;
        if (m->cw_pend & 4) res |= NR_LM_CW_FORGED;
        if (rej) {
            res |= NR_LM_CW_REJ;
        } else {
            res |= NR_LM_CW_ACC;
            if ((m->cw_pend & 2) && !(m->cw_pend & 4)) {
                res |= NR_LM_CW_DAMAGED;
                m->cw_escapes++;
                m->last_escape = t;
            }
        }
        m->cw_pend = 0;
    }
    if ((ev >> NR_EV_CTL_OK) & 1) {
        unsigned fl = 0;
        int dmg = lcb_ch_damaged(m->ch, t - m->wbits + 1, t, 1u << NR_LINK_C_BIT, &fl) != 0;
        int forged = lcb_ch_forged_word_ended(m->ch);
        m->cw_pend = 1 | (dmg ? 2 : 0) | (forged ? 4 : 0);
        m->cw_delivered++;
        m->cw_damaged += dmg && !forged;
        m->cw_forged += forged;
    }
    return res;
}
