/* lcb_int.h - private header of the LCB port model (csrc/model/lcb*.c, inq.c).
 *
 * The model of one port link layer (docs/link-protocol.md, "the doc" below) is
 * split by block, one file each:
 *
 *   lcb.c      the nr_lcb.h API: parameter checks (doc §2, §11), the port
 *              struct, eval/tick/peek, outputs, error collection;
 *   lcb_ctl.c  control channel: control word layout (§5.1), serializer (§5.2),
 *              deframer (§5.3), and the replay-marker format (§6);
 *   lcb_tx.c   transmit side (§7): core interface, replay buffer, go-back-N,
 *              credits, timer, link output register;
 *   lcb_rx.c   receive side (§3 framing, §4 CRC check, §8.1-8.3);
 *   inq.c      input queue (§8.4).
 *
 * Register convention (the RTL's _q/_d). All flip-flops of a port live in one
 * struct, nr_lcb_regs. The port keeps two copies: `q` (committed, start of the
 * cycle) and `d` (next). eval() copies q to d, then each block's eval function
 * reads only q (and this cycle's inputs and other blocks' wires) and writes only
 * d, its wires and the pending RAM writes. tick() copies d to q and performs
 * the RAM writes. The two RAMs (replay buffer, input-queue storage) are kept
 * out of the register struct so that a cycle does not copy them; their reads
 * are synchronous, so eval() reads the committed array and puts the word in a
 * read-data register in d, exactly as nr_ram_1r1w does.
 */
#ifndef LCB_INT_H
#define LCB_INT_H
#include <stdint.h>
#include "mutil.h"
#include "nr_lcb.h"
#include "inq_vc.h"

#define LCB_MAX_WINDOW 64 /* doc §2: Window <= 64 */
#define LCB_SEQ_MOD 128   /* 7-bit link sequence numbers (doc §4) */
#define LCB_SEQ_MASK 127u

/* Elaborated parameters: the user's parameters and cfg, plus derived values.
 * Constant after nr_lcbp_new(). */
typedef struct {
    int nvc;              /* NumVcs */
    unsigned buf;         /* BufPerVc */
    unsigned rdepth;      /* ReplayDepth (power of two) */
    unsigned window;      /* Window (power of two) */
    unsigned maxlen;      /* MaxPktLen */
    unsigned timeout;     /* cfg_timeout */
    unsigned retry_limit; /* cfg_retry_limit */
    unsigned max_len;     /* cfg_max_len (receive clip length) */
    int crc32;            /* LinkCrcW = 32: the link trailer (§4.1) */
    int cw;               /* CW = clog2(BufPerVc + 1), credit field width */
    int w;                /* W = 25 + NumVcs * CW, control word bits (29..65) */
    int pw;               /* W - 16: payload bits W-1..16 of a word (13..49) */
    unsigned cw_mask;     /* 2^CW - 1 */
    uint64_t pay_mask;    /* 2^(W-16) - 1 */
} lcb_conf;

/* ---- registers, one struct per block ---- */

enum { TX_NORMAL = 0, TX_REPLAY = 1 };

typedef struct {  /* doc §7.2 */
    uint8_t mode; /* TX_NORMAL / TX_REPLAY */
    uint8_t in_pkt, drop, kerr;
    uint16_t len;           /* phits of the current core packet taken so far */
    uint16_t crc;           /* running CRC-16 of the current core packet */
    uint8_t pvc;            /* VC of the current core packet */
    uint8_t next_seq, base; /* 7-bit sequence numbers */
    uint16_t wr, tail;      /* replay buffer pointers with wrap bit: 0..2*rdepth-1 */
    /* start[Window]: the replay-buffer pointer of each packet in the window,
     * is kept outside this struct (struct nr_lcbp's start[], written by
     * tick like the RAMs): a cycle writes at most one entry, and eval's copy
     * of the registers need not carry 64 of them */
    uint16_t sent[NR_LCB_MAX_VCS];    /* phits debited since reset, mod 2^CW */
    uint16_t last_fr[NR_LCB_MAX_VCS]; /* fr[v] of the last accepted word, mod 2^CW;
                                       * credits are derived: lcb_tx_credits() */
    uint8_t last_epoch, pending;
    uint16_t timer, retries; /* timer saturates at 0xFFFF, retries <= cfg_retry_limit */
    uint8_t down;
    uint16_t rp_addr; /* replay cursor */
    uint8_t rp_seq;
    uint32_t rb_rdata; /* replay-buffer read data register */
    uint32_t link_tx;  /* link output register (doc §7.5) */
    uint16_t bcrc;     /* LinkCrcW = 32 (§4.1): running crc16b of the link packet */
    uint8_t trl;       /* ... a trailer is due this cycle */
    uint16_t tval;     /* ... its check bits */
} lcb_tx_regs;

enum { DF_HUNT = 0, DF_PRESYNC = 1, DF_SYNC = 2 };

/* A W-bit value (W can be 65, so it does not fit one uint64_t) is kept as
 * its payload, bits W-1..16 (W-16 bits, in `pay`), and its low 16 bits, the
 * CRC field (in `crc`). */
typedef struct { /* doc §5.2, §5.3 */
    /* serializer */
    uint64_t word_pay;           /* the word being sent: payload ... */
    uint16_t word_crc;           /* ... and CRC-16 */
    uint8_t ph;                  /* 0..W-1 */
    uint8_t wt;                  /* word toggle of the next word built (§5.1): 0
                               * after reset, inverted at each ph = 0 */
    uint16_t fr[NR_LCB_MAX_VCS]; /* credits freed by the local input queue, mod 2^CW */
    /* deframer */
    uint64_t sr_pay;   /* sr: last W C bits received, newest at bit 0; */
    uint16_t sr_crc;   /* bits W-1..16 in sr_pay, 15..0 in sr_crc */
    uint8_t state;     /* DF_HUNT / DF_PRESYNC / DF_SYNC */
    uint8_t cph;       /* phase, 0..W-1 */
    uint8_t ewt;       /* word toggle expected at the next boundary (§5.3) */
    uint8_t miss;      /* consecutive misses in SYNC, 0..3: invalid words
                               * (boundary cycle) and rejected words (apply cycle) */
    uint8_t dlv_valid; /* a word was delivered last cycle ... */
    uint64_t dlv_pay;  /* ... its payload (applied by the TX, doc §7.4) */
} lcb_ctl_regs;

typedef struct { /* doc §8.2 */
    uint8_t fin; /* framing: inside a packet on the link (§3) */
    uint8_t in_pkt, skip;
    uint16_t len;
    uint16_t crc;
    uint8_t pvc;
    uint8_t E; /* next expected sequence number */
    uint8_t rec, epoch;
    uint8_t dupl; /* 0..127 */
    uint8_t armed;
    /* registered output to the input queue (doc §8.1) */
    uint8_t out_valid;
    uint32_t out_phit; /* core phit */
    uint8_t out_vc;
    uint8_t out_bad;
    /* LinkCrcW = 32 (§4.1, §8.3 "The trailer") */
    uint16_t bcrc;          /* running crc16b of the packet */
    uint8_t aft;            /* the last phit was an EOP */
    uint8_t vp;             /* a verdict waits for the trailer ... */
    uint8_t v_lok;          /* ... the CRC-16 matched */
    uint16_t v_texp;        /* ... the trailer expected */
    uint32_t v_good, v_bad; /* ... the core EOP if good / if bad */
    uint8_t v_vc;
    uint8_t st_valid; /* stage register in front of the output */
    uint32_t st_phit;
    uint8_t st_vc;
    uint8_t st_bad;
} lcb_rx_regs;

typedef nr_inq_vc inq_vc_regs; /* doc §8.4, per VC (inq_vc.h) */

typedef struct {
    inq_vc_regs vc[NR_LCB_MAX_VCS];
    uint8_t rd_valid;  /* registered read port */
    uint8_t rd1_valid; /* registered second read port (RdPorts = 2) */
    uint32_t rd_phit;
    uint32_t rd1_phit;
} inq_regs;

/* The registers are kept in the narrowest type their range needs (flags in
 * uint8_t, pointers and counts below 2^16 in uint16_t): eval copies them
 * every cycle. */
typedef struct {
    lcb_tx_regs tx;
    lcb_ctl_regs ctl;
    lcb_rx_regs rx;
    inq_regs inq;
} lcb_regs;

/* A pending RAM write, performed by tick(). */
typedef struct {
    int we;
    unsigned addr;
    uint32_t data;
} lcb_ramw;

/* The start-of-cycle registers a block reads besides lcb_regs: the TX's
 * start[] register file (one write per cycle, done by tick). */
typedef struct {
    const unsigned *start; /* start[Window] (committed) */
    lcb_ramw *start_w;     /* this cycle's write of start[] */
} lcb_tx_files;

/* Wires between the blocks within one cycle (combinational values). */
typedef struct {
    uint32_t ev; /* event strobes */
    int cbit;    /* serializer bit of this cycle (§5.2) */
    int tx_ready;
    uint32_t tx_vc_ok;
    uint32_t debit;                  /* bit v: one credit of VC v debited */
    uint32_t inq_cr[NR_LCB_MAX_VCS]; /* credits freed by the input queue */
    int cw_verdict;                  /* TX verdict on the word applied this
                                           * cycle (§7.4): CW_NONE/CW_ACCEPT/CW_REJECT */
    uint32_t inq_touch;              /* bit v: the input queue read or wrote VC v
                                           * (its occ and rd_avail bit may change) */
    uint32_t q_vc_ok, q_avail;       /* tx_vc_ok and rd_avail of the start-of-cycle
                                           * state (struct nr_lcbp's so[cur]), set by
                                           * eval before the blocks run */
} lcb_wires;

enum { CW_NONE = 0, CW_ACCEPT = 1, CW_REJECT = 2 };

struct nr_lcbp {
    lcb_conf c;
    /* The registers twice: st[cur] is the committed state (start of the
     * cycle, lcb_q), st[cur ^ 1] the next state eval() computes (lcb_d).
     * tick() commits by flipping cur, so a cycle copies the registers once
     * (eval's next := committed), not twice. An index, not pointers: the
     * struct stays valid when copied. */
    lcb_regs st[2];
    int cur;
    /* so[i]: the outputs that depend on the registers only (nr_lcbp_peek)
     * of st[i], computed once per state: by nr_lcbp_new for the reset state,
     * and by eval for the next state it computes. So peek, eval's outputs
     * and the blocks' use of tx_vc_ok and rd_avail copy them instead of
     * deriving them again. */
    nr_lcbp_out so[2];
    uint32_t so_crok[2]; /* bit v: credits[v] >= MaxPktLen in st[i] (tx_vc_ok before head_ok) */
    uint32_t *rb;        /* replay buffer RAM, rdepth core phits */
    uint32_t *iq;        /* input-queue RAM, nvc * buf core phits */
    lcb_ramw rb_w, iq_w; /* RAM writes of this cycle (from eval) */
    lcb_ramw start_w;    /* start[] write of this cycle (from eval) */
    int evaluated;       /* eval() called since the last tick() */
    nr_errs err_d;       /* errors found by the last eval() (committed by tick) */
    /* The quiet cycle (lcb.c, speed only): quiet says the committed state
     * allows one (lcb_quiet_state); a cycle that takes it leaves its few
     * changed registers in fq, which tick() writes into st[cur] in place. */
    int quiet, fast;
    unsigned ver; /* nr_lcbp_state_version: full clock edges so far */
    struct {
        uint64_t sr_pay;
        uint16_t sr_crc, timer;
        uint8_t ph, cph;
        uint32_t link_tx;
    } fq;
    /* what a cycle rarely touches last (speed only: the rest lies together) */
    unsigned start[LCB_MAX_WINDOW]; /* TX start[] registers (lcb_tx_regs) */
    nr_errs err;                    /* committed errors */
};

static inline lcb_regs *lcb_q(nr_lcbp *m) { return &m->st[m->cur]; }
static inline const lcb_regs *lcb_qc(const nr_lcbp *m) { return &m->st[m->cur]; }
static inline lcb_regs *lcb_d(nr_lcbp *m) { return &m->st[m->cur ^ 1]; }

/* ---- helpers shared by the blocks (lcb.c) ---- */

/* Interface violations found during eval: nr_errs_add (mutil.h). */

/* ---- core phit fields (pure; nr_fmt.h layout) ---- */
static inline unsigned lcb_kind(uint32_t ph) { return (ph >> 22) & 3u; }
static inline uint32_t lcb_data(uint32_t ph) { return ph & 0x3FFFFFu; }
static inline uint32_t lcb_core(unsigned kind, uint32_t data)
{
    return ((uint32_t)kind << 22) | (data & 0x3FFFFFu);
}
static inline uint32_t lcb_link(int f, int c, uint32_t data)
{
    return ((uint32_t)(f & 1) << 23) | ((uint32_t)(c & 1) << 22) | (data & 0x3FFFFFu);
}
/* EOP data field {ok, rsvd, crc}. */
static inline uint32_t lcb_eop_data(unsigned ok, unsigned rsvd, uint16_t crc)
{
    return ((ok & 3u) << 20) | ((rsvd & 15u) << 16) | crc;
}

/* ---- lcb_ctl.c: control channel (doc §5) and replay markers (§6) ---- */

/* Control word fields (the payload, bits W-1..16). */
typedef struct {
    unsigned ack;                /* 7 bits */
    int epoch;                   /* 1 bit */
    int wt;                      /* 1 bit, word toggle */
    unsigned fr[NR_LCB_MAX_VCS]; /* CW bits each */
} lcb_cw;

/* The payload (bits W-1..16) of a control word (§5.1), W-16 bits:
 * ack(7) epoch(1) wt(1) fr[0](CW) .. fr[NumVcs-1](CW). Pure. */
uint64_t lcb_cw_payload(const lcb_conf *c, unsigned ack, int epoch, int wt, const unsigned *fr);
/* CRC-16/IBM-3740 (init 0xFFFF, xorout 0, MSB first) over the W-16 payload
 * bits: the word's bits 15..0. Pure. */
uint16_t lcb_cw_crc(const lcb_conf *c, uint64_t pay);
/* Split a payload into fields (no validity check). Pure. */
void lcb_cw_unpack(const lcb_conf *c, uint64_t pay, lcb_cw *out);
/* 1 if the W-bit value {pay, crc} is CRC-valid (§5.3). Pure. */
int lcb_cw_crc_valid(const lcb_conf *c, uint64_t pay, uint16_t crc);
/* The wt bit (bit W-9) of a payload. Pure. */
static inline int lcb_cw_wt(const lcb_conf *c, uint64_t pay)
{
    return (int)((pay >> (c->pw - 9)) & 1u);
}
/* Serializer (§5.2). Call first in eval: sets wires->cbit from q (E, epoch,
 * fr), advances ph; the fr counters are updated by lcb_ctl_fr_eval. */
void lcb_ser_eval(const lcb_conf *c, const lcb_regs *q, lcb_regs *d, lcb_wires *wi);
/* fr[v] += inq_cr[v] (§5.2). Call after the input queue's eval. */
void lcb_ctl_fr_eval(const lcb_conf *c, const lcb_regs *q, lcb_regs *d, const lcb_wires *wi);
/* Deframer (§5.3): shift the C bit of link_rx, run HUNT/PRESYNC/SYNC, deliver
 * a word into d->ctl.dlv_*, and count the TX's verdict on the word applied
 * this cycle (wires->cw_verdict) as a miss or a hit. Call once per cycle,
 * after lcb_tx_eval (which sets cw_verdict). */
void lcb_deframer_eval(const lcb_conf *c, const lcb_regs *q, lcb_regs *d, uint32_t link_rx,
                       lcb_wires *wi);

/* Replay marker data field for sequence number seq (§6, packet-format.md). Pure. */
uint32_t lcb_marker_data(unsigned seq);
/* 1 if an idle-class data field is a valid replay marker; *seq gets X. Pure. */
int lcb_marker_parse(uint32_t data, unsigned *seq);

/* ---- lcb_tx.c (doc §7) ---- */

/* The transmit side: apply the control word delivered last cycle (§7.4), take
 * a core phit (§7.3), choose the link phit (§7.5), run the timer (§7.6).
 * Call after lcb_ser_eval (it needs wires->cbit). Fills tx_ready, tx_vc_ok,
 * debit, cw_verdict and TX/CTL_REJECT events in wi, and the replay-buffer
 * write in *rbw. */
void lcb_tx_eval(const lcb_conf *c, const lcb_regs *q, lcb_regs *d, const uint32_t *rb,
                 const lcb_tx_files *tf, const nr_lcbp_in *in, lcb_wires *wi, lcb_ramw *rbw,
                 nr_errs *err);

/* Sequence numbers and replay-buffer pointers (with wrap bit: values
 * 0 .. 2*ReplayDepth-1). Pure. */
static inline unsigned lcb_seq_diff(unsigned a, unsigned b) { return (a - b) & LCB_SEQ_MASK; }
static inline unsigned lcb_rb_used(const lcb_conf *c, const lcb_tx_regs *q)
{
    return (q->wr - q->tail) & (2 * c->rdepth - 1);
}
/* §7.3 head_ok: a new packet may start this cycle (start-of-cycle state). Pure. */
static inline int lcb_tx_head_ok(const lcb_conf *c, const lcb_tx_regs *q)
{
    return q->mode == TX_NORMAL && !q->down && !q->pending && !q->in_pkt && !q->drop && !q->trl &&
           lcb_seq_diff(q->next_seq, q->base) < c->window &&
           c->rdepth - lcb_rb_used(c, q) >= c->maxlen;
}
/* §7.2: owed[v] = (sent[v] - last_fr[v]) mod 2^CW, credits[v] = BufPerVc -
 * owed[v]. Signed: the §7.4 check keeps owed <= BufPerVc when a word is
 * accepted, but after an accepted wrong word (§7.4, "self-correcting credits")
 * the next accepted word can lower the credits while a packet is still being
 * taken, and that packet's remaining debits then push owed past BufPerVc. A
 * negative count is not >= MaxPktLen (§7.3): no head starts on it. Pure. */
static inline int lcb_tx_credits_s(const lcb_conf *c, const lcb_tx_regs *q, int v)
{
    unsigned owed = (q->sent[v] - q->last_fr[v]) & c->cw_mask;
    return (int)c->buf - (int)owed;
}
/* credits[v] (§7.2): derived from the registers, not a register. Returned as
 * the port's CW-bit field, mod 2^CW (the same number while 0 <= credits <=
 * BufPerVc, which only an accepted wrong word can break). Pure. */
static inline unsigned lcb_tx_credits(const lcb_conf *c, const lcb_tx_regs *q, int v)
{
    return (unsigned)lcb_tx_credits_s(c, q, v) & c->cw_mask;
}
/* tx_vc_ok (§7.3) from start-of-cycle state and crok (bit v: credits[v] >=
 * MaxPktLen): every VC after down (§7.6), else crok where a head may start.
 * Pure. */
static inline uint32_t lcb_tx_vc_ok_of(const lcb_conf *c, const lcb_tx_regs *q, uint32_t crok)
{
    if (q->down) return (1u << c->nvc) - 1;
    return crok && lcb_tx_head_ok(c, q) ? crok : 0;
}

/* §7.3 tx_ready, in the doc's order, from start-of-cycle state and vc_ok
 * (tx_vc_ok). It looks at tx_phit even when tx_valid is 0 (a HEAD kind is
 * judged by its vc whether or not it is valid). Pure. */
static inline int lcb_tx_ready(const lcb_conf *c, const lcb_tx_regs *q, uint32_t vc_ok,
                               const nr_lcbp_in *in)
{
    unsigned k = lcb_kind(in->tx_phit);
    unsigned vc = (in->tx_phit >> NR_HEAD_VC_LSB) & 3u;
    if (q->down || q->drop || q->in_pkt) return 1;
    if (in->tx_valid && k != NR_KIND_HEAD) return 1;
    if (k == NR_KIND_HEAD && vc >= (unsigned)c->nvc) return lcb_tx_head_ok(c, q);
    if (k == NR_KIND_HEAD) return (vc_ok >> vc) & 1u;
    return 0;
}

/* ---- lcb_rx.c (doc §3, §4, §8.1-8.3) ---- */

/* Classify link_rx and run the receive rules; sets d->rx.out_* (the register
 * the input queue reads next cycle) and RX events. Call once per cycle. */
void lcb_rx_eval(const lcb_conf *c, const lcb_regs *q, lcb_regs *d, uint32_t link_rx,
                 lcb_wires *wi);

/* ---- inq.c (doc §8.4) ---- */

/* One cycle of the input queue: the read (rd_en/rd_vc), then the write of the
 * phit in q->rx.out_* (last cycle's RX output). Sets wires->inq_cr and INQ
 * events, and the RAM write in *iqw. Call before lcb_ctl_fr_eval. */
void lcb_inq_eval(const lcb_conf *c, const lcb_regs *q, lcb_regs *d, const uint32_t *iq,
                  const nr_lcbp_in *in, lcb_wires *wi, lcb_ramw *iqw, nr_errs *err);
/* Phits stored in VC v (wr - rd). Pure. */
static inline unsigned lcb_inq_occ(const lcb_conf *c, const inq_vc_regs *s)
{
    return nr_inq_vc_occ(s, c->buf);
}
/* rd_avail bit mask from start-of-cycle state. Pure. */
static inline uint32_t lcb_inq_avail(const lcb_conf *c, const inq_regs *q)
{
    uint32_t m = 0;
    for (int v = 0; v < c->nvc; v++)
        if (lcb_inq_occ(c, &q->vc[v]) > 0 || q->vc[v].abort) m |= 1u << v;
    return m;
}

#endif
