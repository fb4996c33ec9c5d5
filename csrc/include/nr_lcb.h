/* nr_lcb.h - one cycle of a port link layer (LCB + input queue), as seen by a
 * testbench. Both implementations provide this interface:
 *   - the C reference model (csrc/model/lcb.c), written from docs/link-protocol.md;
 *   - the Verilated RTL nr_lcb_port, through tb/shim/nr_lcb_port_shim.cpp.
 * The testbench pairs them over a channel, and runs them in lockstep on the same
 * inputs, comparing every field of nr_lcbp_out every cycle.
 *
 * Cycle protocol, for each clock cycle t:
 *   1. fill nr_lcbp_in with the inputs of cycle t (they must not depend on
 *      this cycle's outputs, except that a source may look at last cycle's);
 *   2. call eval(): it returns the outputs of cycle t (registered outputs show
 *      state from the start of the cycle; tx_ready, tx_vc_ok and ev may depend
 *      on this cycle's inputs);
 *   3. call tick(): the rising clock edge; state moves to cycle t+1.
 */
#ifndef NR_LCB_H
#define NR_LCB_H
#include <stdint.h>

#define NR_LCB_MAX_VCS 4

/* Build-time parameters (RTL: -G parameters of nr_lcb_port). */
typedef struct {
    int num_vcs;      /* NumVcs, 1..4 */
    int buf_per_vc;   /* BufPerVc: peer input-queue phits per VC = credits */
    int replay_depth; /* ReplayDepth, phits, power of two */
    int window;       /* Window, packets, power of two, <= 64 */
    int max_pkt_len;  /* MaxPktLen, phits incl. EOP */
    int link_crc_w;   /* LinkCrcW: 16 (the CRC-16 alone) or 32 (with the link
                       * trailer, link-protocol 4.1); 0 reads as 16 */
} nr_lcb_params;

/* Run-time configuration (RTL: cfg_* input ports, held constant). */
typedef struct {
    uint32_t timeout;     /* cfg_timeout, 1..65535 */
    uint32_t retry_limit; /* cfg_retry_limit, 0..255 */
    uint32_t max_len;     /* cfg_max_len, 2..max_pkt_len */
} nr_lcb_cfg;

typedef struct {
    uint32_t link_rx; /* link phit arriving this cycle (24 bits) */
    int tx_valid;     /* core offers tx_phit */
    uint32_t tx_phit; /* core phit (kind in 23:22) */
    int rd_en;        /* read the input queue this cycle ... */
    int rd_vc;        /* ... from this VC (only when rd_avail has it) */
    int rd1_en;       /* second read port (link-protocol §8.4, RdPorts = 2): */
    int rd1_vc;       /* a read of another VC in the same cycle; 0 = unused */
} nr_lcbp_in;

/* Event bits, docs/link-protocol.md section 9. */
enum {
    NR_EV_TX_PKT,
    NR_EV_TX_REPLAY,
    NR_EV_TX_TIMEOUT,
    NR_EV_TX_NACK,
    NR_EV_TX_SOFT,
    NR_EV_TX_PROTO,
    NR_EV_TX_ACK,
    NR_EV_LINK_DOWN,
    NR_EV_RX_OK,
    NR_EV_RX_CRC,
    NR_EV_RX_CLIP,
    NR_EV_RX_DUP,
    NR_EV_RX_MARKER,
    NR_EV_RX_IDLE_BAD,
    NR_EV_CTL_OK,
    NR_EV_CTL_BAD,
    NR_EV_CTL_REJECT,
    NR_EV_CTL_SYNC_LOST,
    NR_EV_INQ_REWIND,
    NR_EV_INQ_OVF,
    NR_EV_TX_DOWN_DROP,
    NR_EV_COUNT
};

typedef struct {
    uint32_t link_tx;                 /* link phit sent this cycle (register) */
    int tx_ready;                     /* tx_phit is taken this cycle */
    uint32_t tx_vc_ok;                /* bit v: a HEAD on VC v would be taken */
    uint32_t rd_avail;                /* bit v: VC v may be read this cycle */
    int rd_valid;                     /* rd_phit holds the phit read last cycle */
    uint32_t rd_phit;                 /* core phit */
    uint32_t occ[NR_LCB_MAX_VCS];     /* input-queue occupancy per VC (phits) */
    uint32_t ev;                      /* event strobes, bit i = event i */
    int link_down;                    /* retry limit exceeded (sticky) */
    int ctl_sync;                     /* control-channel deframer in SYNC */
    uint32_t credits[NR_LCB_MAX_VCS]; /* TX credit counters (start of cycle) */
    uint32_t debit;                   /* bit v: one credit of VC v debited this cycle */
    uint32_t inq_cr[NR_LCB_MAX_VCS];  /* credits freed by the input queue this cycle */
    int rd1_valid;                    /* second read port: rd1_phit holds the phit */
    uint32_t rd1_phit;                /* read by rd1_en last cycle */
} nr_lcbp_out;

/* The C reference model. */
typedef struct nr_lcbp nr_lcbp;
/* Create a model in its reset state. Returns NULL and writes a message to err
 * if a parameter or cfg value is out of range. */
nr_lcbp *nr_lcbp_new(const nr_lcb_params *p, const nr_lcb_cfg *c, char *err, int errlen);
void nr_lcbp_free(nr_lcbp *m);
/* Outputs of the current cycle for inputs `in`; no state change. Call once per cycle. */
void nr_lcbp_eval(nr_lcbp *m, const nr_lcbp_in *in, nr_lcbp_out *out);
/* The outputs that depend on state only (link_tx, tx_vc_ok, rd_avail, rd_valid,
 * rd_phit, rd1_valid, rd1_phit, occ, link_down, ctl_sync, credits), without inputs and without state
 * change. A model that embeds ports (a router) calls this first to compute the
 * port's inputs, then eval(). Fields that depend on inputs are set to 0. */
void nr_lcbp_peek(const nr_lcbp *m, nr_lcbp_out *out);
/* Clock edge: commit the state computed by the last eval(). */
void nr_lcbp_tick(nr_lcbp *m);
/* Interface violations the model detected so far (e.g. reading an unavailable
 * VC, overflow of a link-good packet; a mid-packet gap is legal: PADs). Returns the count and writes
 * the first message to buf. */
int nr_lcbp_errors(const nr_lcbp *m, char *buf, int buflen);

#endif
