/* channel.h - one direction of an LCB link, modelled in C.
 *
 * The link is isochronous (docs/link-protocol.md section 1): every cycle one
 * 24-bit link phit goes in and the phit sent `latency` cycles earlier comes
 * out. The channel never inserts or deletes a cycle. On the way out it can
 * damage the phit:
 *
 *   outage    the link is black for outage_len cycles: every phit arrives as
 *             all zeros. Outages start at random (outage_rate per cycle) or
 *             at scheduled cycles (sched_outage[]).
 *   drop      the phit is erased (all zeros), probability drop_rate per phit.
 *   data BER  each of the 22 data bits flips with probability ber_data.
 *   sb BER    each of the 2 sideband bits (F, C) flips with probability ber_sb.
 *   burst     with probability burst_rate per phit a burst of burst_len bits
 *             starts at a random bit of that phit. Bits are taken in serial
 *             order, bit 23 first, and a burst runs on into following phits.
 *             The first and last bits of a burst always flip; the bits in
 *             between flip with probability 1/2 (the usual burst model).
 *   ctl       the C bit (acknowledgments, credits, NACKs) flips with
 *             probability ctl_ber per phit, on top of ber_sb.
 *   sched     single scheduled flips: sched_flip[i] = cycle * 24 + bit.
 *   forge     whole control words replaced by CRC-correct forged ones, with
 *             probability ctl_forge per word (docs/lcb-testbench.md, "Forged
 *             control words"). The channel deframes the C bits it carries
 *             (the clean stream, as the receiver's deframer of
 *             docs/link-protocol.md 5.3 would), keeps the last real word, and
 *             puts a word built from it (wt toggled, CRC-16 recomputed) on the
 *             C bits of the next word period. Two words in a row are never
 *             forged, so every forged word follows a real one. Kinds:
 *               phantom  fr[v] claims more freed phits than the receiver
 *                        has really freed (on one or more VCs) but passes
 *                        the range check of link-protocol 7.4 (no more than
 *                        was sent); ack and epoch are the real word's;
 *               outrange an ack before the window base (real ack - 1) or an
 *                        ack beyond next_seq (real ack + Window + 1), the
 *                        rest the real word's: a word the receiver must
 *                        reject (CTL_REJECT) and that must change nothing;
 *               foreign  every field differs from the state the real word
 *                        left: an ack out of range (any value from real ack
 *                        + Window + 1 to real ack - 1, mod 128), the other
 *                        epoch, a different fr[v] on every VC: rejected,
 *                        and it must leave no trace (link-protocol 7.4);
 *               inrange  the real ack (in range), the other epoch and fr[v]
 *                        behind the real one on every VC (1 .. 2^CW - 1 -
 *                        BufPerVc phits, at least 1): accepted, a NACK
 *                        (replay) and too few credits, negative where the
 *                        sender owed more than the difference, until the
 *                        next accepted word;
 *               badwt    the word toggle of the real word (not the next
 *                        word's), an ack 1 ahead, the other epoch and a
 *                        different fr[v] on every VC: the deframer must
 *                        refuse it (CTL_BAD) and deliver nothing.
 *             The exact range needs the applying TX's debit count per VC:
 *             lcb_ch_forge_hint() gives it (the LCB testbench does). Without
 *             it, phantom adds 1 to one VC (rejected if nothing is owed) and
 *             outrange uses acks only.
 *
 * The channel keeps a record of the damaged cycles (lcb_ch_damage): which
 * bits came out different from what went in, whether the phit was erased and
 * whether a C bit belonged to a forged word, for the last LCB_CH_DMG_RING
 * damaged cycles, so a testbench can tell an undetected error (escape) from a
 * design bug.
 *
 * An erased phit (outage or drop) gets no further damage: it arrives as
 * exactly zero. Every process has its own random stream derived from
 * (seed, direction, process), so turning one process on or off does not move
 * the errors of another, and the same seed always gives the same errors.
 * Random processes draw geometric gaps, so a low rate costs nothing per cycle.
 *
 * Call order, once per cycle t:
 *     rx = lcb_ch_recv(ch);   the phit that arrives at the receiver in cycle t
 *     ...evaluate the ports...
 *     lcb_ch_send(ch, tx);    the phit the sender puts on the link in cycle t
 * With latency L, a phit sent in cycle t is received in cycle t + L. The first
 * L cycles deliver zeros (the link is idle before reset ends).
 */
#ifndef LCB_CHANNEL_H
#define LCB_CHANNEL_H
#include <stdint.h>

#define LCB_CH_MAX_LAT 4096
#define LCB_CH_MAX_BURST 4096
#define LCB_CH_MAX_SCHED 64
#define LCB_CH_DMG_RING 16384

enum {
    LCB_FORGE_PHANTOM = 0,
    LCB_FORGE_OUTRANGE = 1,
    LCB_FORGE_FOREIGN = 2,
    LCB_FORGE_INRANGE = 3,
    LCB_FORGE_BADWT = 4,
    LCB_FORGE_KINDS
};
/* "phantom", "outrange", "foreign", "inrange", "badwt", NULL (for nr_cli_enum). */
extern const char *const lcb_forge_kind_names[];

typedef struct {
    int latency;        /* 1..LCB_CH_MAX_LAT cycles */
    double ber_data;    /* per data bit, 0..0.5 */
    double ber_sb;      /* per sideband bit, 0..0.5 */
    double burst_rate;  /* bursts started per phit, 0..1 */
    int burst_len;      /* bits per burst, 1..LCB_CH_MAX_BURST */
    double drop_rate;   /* erased phits per phit, 0..1 */
    double outage_rate; /* outages started per cycle, 0..1 */
    int outage_len;     /* cycles per outage, >= 1 */
    double ctl_ber;     /* extra C-bit flips per phit, 0..1 */
    int n_sched_outage;
    int64_t sched_outage[LCB_CH_MAX_SCHED]; /* cycles (receive side) an outage starts */
    int n_sched_flip;
    int64_t sched_flip[LCB_CH_MAX_SCHED]; /* cycle * 24 + bit: one flip each */
    double ctl_forge;                     /* forged control words per word, 0..1 */
    int ctl_forge_kind;                   /* LCB_FORGE_* */
    /* Control-word geometry (link-protocol 5.1), needed when ctl_forge > 0:
     * set by lcb_ch_cfg_geom from the LCB parameters. */
    int cw_nvc, cw_buf, cw_window;
} lcb_ch_cfg;

/* What the channel did, counted from cycle 0. */
typedef struct {
    uint64_t cycles;            /* phits that came out */
    uint64_t phits_damaged;     /* phits that came out different from what went in */
    uint64_t phits_damaged_df;  /* ... in their data or F bit (not only C) */
    uint64_t data_flips;        /* data bits flipped by ber_data */
    uint64_t f_flips;           /* F bits flipped by ber_sb */
    uint64_t c_flips;           /* C bits flipped by ber_sb */
    uint64_t ctl_flips;         /* C bits flipped by ctl_ber */
    uint64_t bursts;            /* bursts started */
    uint64_t burst_flips;       /* bits flipped by bursts */
    uint64_t drops;             /* phits erased by drop_rate */
    uint64_t outages;           /* outages started (random + scheduled) */
    uint64_t outage_cycles;     /* phits erased by outages */
    uint64_t sched_flips;       /* scheduled flips done */
    uint64_t err_cycles;        /* cycles with error injection enabled */
    uint64_t words_seen;        /* real control words the channel's deframer found */
    uint64_t forged_words;      /* forged words put on the link completely */
    uint64_t forged_cut;        /* forged words cut short (injection switched off) */
    uint64_t forge_skipped;     /* forge draws with no phantom possible (nothing owed) */
    uint64_t forged_by_kind[8]; /* LCB_FK_*, below */
} lcb_ch_stats;
/* forged_by_kind[]: outrange ack-1, ack+Window+1; phantom; foreign ack-1, another ack
 * out of range; inrange; badwt (index 2 is unused) */
enum {
    LCB_FK_ACKM1 = 0,
    LCB_FK_ACKBEYOND = 1,
    LCB_FK_PHANTOM = 3,
    LCB_FK_FOREIGN_M1 = 4,
    LCB_FK_FOREIGN = 5,
    LCB_FK_INRANGE = 6,
    LCB_FK_BADWT = 7
};

/* Damage of one link cycle (the phit that came out in cycle `cycle`). */
enum { LCB_DMG_ERASED = 1, LCB_DMG_FORGED = 2 };
typedef struct {
    int64_t cycle;
    uint32_t mask;  /* bits that differ from what went in (23 F, 22 C, 21:0 data) */
    unsigned flags; /* LCB_DMG_* */
} lcb_ch_dmg;

typedef struct lcb_ch lcb_ch;

/* Check a configuration. Returns 0, or -1 with a message in err. */
int lcb_ch_cfg_check(const lcb_ch_cfg *c, char *err, int errlen);
/* A zeroed configuration with latency 1 and no errors. */
void lcb_ch_cfg_default(lcb_ch_cfg *c);
/* Create a channel for direction `dir` (0 = A->B, 1 = B->A) of a run with
 * `seed`. Returns NULL with a message in err if the configuration is bad. */
lcb_ch *lcb_ch_new(const lcb_ch_cfg *c, uint64_t seed, int dir, char *err, int errlen);
void lcb_ch_free(lcb_ch *ch);
/* The phit arriving in this cycle. Call exactly once per cycle, before send. */
uint32_t lcb_ch_recv(lcb_ch *ch);
/* The phit leaving the sender in this cycle. Call exactly once per cycle. */
void lcb_ch_send(lcb_ch *ch, uint32_t phit);
/* Turn error injection on (default) or off, e.g. off for the drain phase.
 * Switching off ends a running outage or burst at once. */
void lcb_ch_enable(lcb_ch *ch, int on);
/* 1 while an outage is erasing phits (the watchdog waits for it). */
int lcb_ch_in_outage(const lcb_ch *ch);
/* 1 if the configuration injects any error at all. */
int lcb_ch_cfg_has_errors(const lcb_ch_cfg *c);
/* 1 if the configuration has an error process other than forging. */
int lcb_ch_cfg_has_noise(const lcb_ch_cfg *c);
/* Control-word geometry for forging, from the LCB parameters. */
void lcb_ch_cfg_geom(lcb_ch_cfg *c, int num_vcs, int buf_per_vc, int window);
/* Forging hint, call before lcb_ch_recv in each cycle (optional): sent[v] =
 * phits of VC v debited since reset by the TX that applies this channel's
 * control words (the port at the channel's output), freed[v] = phits of VC v
 * the input queue at the channel's input has really freed since reset. */
void lcb_ch_forge_hint(lcb_ch *ch, const uint64_t *sent, const uint64_t *freed, int nvc);
/* Damage of the phit returned by the last lcb_ch_recv (mask 0: none). */
lcb_ch_dmg lcb_ch_last_damage(const lcb_ch *ch);
/* 1 if the phit returned by the last lcb_ch_recv carried the last bit of a
 * forged control word. */
int lcb_ch_forged_word_ended(const lcb_ch *ch);
/* Damage record: 1 if some cycle in [from, to] came out with a bit of `bits`
 * changed (an erased phit changes the bits that were 1; a forged word's
 * cycles count for the C bit), 0 if none, -1 if [from, to]
 * reaches before the record (older than the last LCB_CH_DMG_RING damaged
 * cycles): unknown. *flags gets the OR of the flags of the matching cycles. */
int lcb_ch_damaged(const lcb_ch *ch, int64_t from, int64_t to, uint32_t bits, unsigned *flags);
const lcb_ch_stats *lcb_ch_get_stats(const lcb_ch *ch);
/* Total injected errors (flips + erased phits), for quick checks. */
uint64_t lcb_ch_injected(const lcb_ch *ch);

#endif
