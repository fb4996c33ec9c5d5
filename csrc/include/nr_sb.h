/* nr_sb.h - end-to-end scoreboard: one queue per (source, destination, VC) flow.
 *
 * Use:
 *   nr_sb_cfg_default(&cfg); ...; nr_sb_init(&sb, &cfg, port_of, ctx);
 *   for each packet the testbench injects:
 *       seq = nr_sb_next_seq(&sb, src, dest, vc);  build it with that seq;
 *       nr_sb_expect(&sb, phits, len, cycle, NR_SB_DELIVER or NR_SB_DISCARD_SOFT, user);
 *   for each packet leaving an output healthy:  nr_sb_deliver(&sb, port, ...);
 *   for each packet an output drops as bad:     nr_sb_discard(&sb, port, ..., ok, ...);
 *   at the end: nr_sb_final(&sb); nr_sb_report(&sb, stdout); nr_sb_free(&sb).
 *
 * The expected packet is the exact phit array the testbench injected (built
 * by nr_pkt_build, so it carries the test tag). A received packet is matched
 * by its tag (src, seq) and its head (dest, vc). Error classes (nr_sb_err_t):
 *   loss       a later seq of the flow arrived first (strict order), or the
 *              packet was still outstanding at final()
 *   dup        a packet of the flow with this seq was already matched
 *   reorder    a packet arrived after a later one of its flow (it had been
 *              counted as loss; it is moved from loss to reorder)
 *   misroute   delivered at a port other than port_of(dest), or, with a route
 *              check (nr_sb_set_route_check), at a port the check refuses
 *   corrupt    delivered packet differs from the expected one: first
 *              differing phit index, expected and actual phit (or length)
 *   malformed  nr_pkt_parse() says malformed (kind sequence, reserved kind or
 *              bits, vc >= NumVcs, length), or ok = 3 given to discard()
 *   crc        delivered with a PCRC that does not match its contents
 *   unexpected matches no expectation: unknown flow or seq, no tag, or a
 *              soft_error discard with no outstanding DISCARD_SOFT packet
 *   fate       an expected DISCARD_SOFT packet was delivered, a DELIVER packet
 *              was discarded as soft_error, or a packet marked bad was
 *              delivered
 *   discard    a packet marked healthy was given to discard()
 * A packet that fails its checks still consumes its expectation, so one fault
 * is reported once. transmit_error discards are by-products of link retry:
 * they are counted (tx_err_discards) and never matched.
 *
 * Ordering: by default each flow must arrive in seq order. cfg.relaxed (for
 * adaptive routing) matches by seq within the flow and reports only loss
 * (at final) and duplication. A single packet can be exempt instead
 * (nr_sb_expect_unordered: a packet the router may reorder, e.g. an adaptive
 * one through a multi-path switch): it may arrive before or after any other
 * packet of its flow, and the ordered packets of the flow must still arrive
 * in order among themselves. Soft-discard expectations never take part in
 * the ordering check: a delivered packet may pass them.
 *
 * Seqs of a flow must be strictly increasing in expect() order and must not
 * wrap (22 bits: 4M packets per flow per run).
 */
#ifndef NR_SB_H
#define NR_SB_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef enum { NR_SB_DELIVER, NR_SB_DISCARD_SOFT } nr_sb_fate_t;

typedef enum {
    NR_SB_E_LOSS,
    NR_SB_E_DUP,
    NR_SB_E_REORDER,
    NR_SB_E_MISROUTE,
    NR_SB_E_CORRUPT,
    NR_SB_E_MALFORMED,
    NR_SB_E_CRC,
    NR_SB_E_UNEXPECTED,
    NR_SB_E_FATE,
    NR_SB_E_DISCARD,
    NR_SB_E_COUNT
} nr_sb_err_t;

/* Expected output port of destination node dest (single router: the low
 * log2(NumPorts) bits of dest). NULL in nr_sb_init means port = dest. */
typedef int (*nr_sb_port_fn)(void *ctx, unsigned dest);

/* Optional route check, for routers whose output depends on more than dest
 * (the input port, the a and h bits, the hash or route phit): 1 if the packet
 * injected by src as ph[0..len-1] (the expected packet, as given to expect())
 * may leave by output `port`, 0 if not. It writes the port it expected (one
 * of them if several are allowed; -1 if none) to *expect_port. port = -1 asks
 * only for *expect_port (loss reports). When set, it replaces port_of. */
typedef int (*nr_sb_route_fn)(void *ctx, unsigned src, const uint32_t *ph, int len, int port,
                              int *expect_port);

typedef struct {
    int num_vcs;    /* NumVcs for the malformed check */
    int max_len;    /* MaxPktLen (0 = NR_MAX_PKT_LEN) */
    int relaxed;    /* 1: per-flow order not checked (adaptive routing) */
    int skip_route; /* 1: do not compare the route phit (routers rewrite it) */
    int skip_age;   /* 1: do not compare bits 7:0 of an h = 1 packet's hash phit, the age
                       SeaStar routers rewrite (docs/seastar-arch.md 8) */
    FILE *log;      /* errors are printed here as found (NULL: not printed) */
    int max_print;  /* print at most this many error lines (then count only) */
} nr_sb_cfg_t;

/* One recorded error. The first NR_SB_MAX_RECORDS are kept in sb.rec. */
typedef struct {
    nr_sb_err_t cls;
    int attributed; /* 1 if src/dest/vc/seq identify the packet */
    unsigned src, dest, vc;
    uint32_t seq;
    int port, expect_port;        /* port it arrived at, port it should have (-1 n/a) */
    uint64_t cycle, expect_cycle; /* arrival cycle, injection cycle */
    int index;                    /* corrupt: first differing phit index, else -1 */
    uint32_t exp, act;            /* corrupt: expected and actual phit */
    char msg[200];                /* the printed line */
} nr_sb_record_t;
#define NR_SB_MAX_RECORDS 64

/* What a delivered packet matched (for stats). */
typedef struct {
    int matched;
    unsigned src, dest, vc;
    uint32_t seq;
    uint64_t expect_cycle; /* cycle given to nr_sb_expect */
    uint64_t user;         /* user value given to nr_sb_expect */
} nr_sb_match_t;

typedef struct nr_sb_flow nr_sb_flow_t; /* private */
typedef struct nr_sb_slot nr_sb_slot_t; /* private */

typedef struct {
    nr_sb_cfg_t cfg;
    nr_sb_port_fn port_of;
    void *ctx;
    nr_sb_route_fn route_ok; /* NULL: port_of(dest) decides */
    void *route_ctx;
    /* Memory follows the packets in flight: a flow holds a record (its
     * entries) only while it has a packet not yet matched; the sequence
     * table keeps, for every flow that has had a packet, only its next
     * sequence number (12 bytes, the tag's per-flow count,
     * docs/packet-format.md), so it grows with the flows a run uses, at
     * most one per packet, never with the square of the node count. */
    nr_sb_slot_t *slot; /* sequence table: open addressing by (src, dest, vc) */
    size_t nslots, slotcap;
    nr_sb_flow_t *flows; /* flow records (the active flows and free ones) */
    size_t nflows, capflows;
    uint32_t *freerec; /* indices of free records */
    size_t nfree;
    /* counters */
    uint64_t expected, expected_soft;
    uint64_t delivered;     /* deliveries that matched an expectation */
    uint64_t overtook[4];   /* by VC: unordered packets delivered while an earlier one of
                               their flow was outstanding (not an error) */
    uint64_t soft_discards; /* soft_error discards matched to DISCARD_SOFT */
    uint64_t tx_err_discards;
    uint64_t dut_cut;     /* packets the DUT cut by a counted rule (nr_sb_cut) */
    uint64_t outstanding; /* expectations not yet matched */
    uint64_t errors[NR_SB_E_COUNT];
    uint64_t nerrors; /* sum of errors[] */
    uint64_t reports; /* error lines reported (a reorder replaces a loss) */
    int finalized;
    nr_sb_record_t rec[NR_SB_MAX_RECORDS];
    int nrec;
    int printed;
    char usage_err[200]; /* last API misuse (e.g. seq not increasing) */
} nr_sb_t;

/* Defaults: num_vcs 2, max_len NR_MAX_PKT_LEN, strict order, compare route
 * phits, log stderr, max_print 20. Call before changing fields. */
void nr_sb_cfg_default(nr_sb_cfg_t *cfg);
/* Create an empty scoreboard. Returns 0, -1 on bad cfg. Call once per test. */
int nr_sb_init(nr_sb_t *sb, const nr_sb_cfg_t *cfg, nr_sb_port_fn port_of, void *ctx);
/* Free all memory. */
void nr_sb_free(nr_sb_t *sb);
/* Install a route check (see nr_sb_route_fn) that replaces port_of for every
 * later delivery, discard and report. Call after init, before any expect. */
void nr_sb_set_route_check(nr_sb_t *sb, nr_sb_route_fn fn, void *ctx);

/* Sequence number the next packet of flow (src, dest, vc) should carry: one
 * more than the last expected, 0 for a new flow. Call before building it. */
uint32_t nr_sb_next_seq(nr_sb_t *sb, unsigned src, unsigned dest, unsigned vc);

/* Record that packet ph[0..len-1] was injected at `cycle` and should meet
 * `fate`; user is returned in the match (e.g. a measurement label). Call when
 * the packet is handed to the DUT. Returns 0, or -1 (usage error, message in
 * sb->usage_err, not counted as a DUT error) if the packet is malformed, has
 * no tag or its seq is not above the flow's last one. */
int nr_sb_expect(nr_sb_t *sb, const uint32_t *ph, int len, uint64_t cycle, nr_sb_fate_t fate,
                 uint64_t user);
/* The same for a packet exempt from the flow's order (see Ordering above). */
int nr_sb_expect_unordered(nr_sb_t *sb, const uint32_t *ph, int len, uint64_t cycle,
                           nr_sb_fate_t fate, uint64_t user);

/* A packet ph[0..len-1] left output `port` healthy at `cycle`. Checks it and
 * returns the number of errors found for it (0 = clean). m may be NULL. Call
 * once per packet when its EOP leaves the output. */
int nr_sb_deliver(nr_sb_t *sb, int port, const uint32_t *ph, int len, uint64_t cycle,
                  nr_sb_match_t *m);

/* Output `port` dropped packet ph[0..len-1] marked `ok` (NR_OK_*) at cycle.
 * TX_ERR: counted only. SOFT_ERR: must match an outstanding DISCARD_SOFT
 * packet (by tag; if the tag is unreadable, the oldest outstanding
 * DISCARD_SOFT packet for this port). HEALTHY: error `discard`. RSVD: error
 * `malformed`. ph may be NULL with len 0. Returns the number of errors. */
int nr_sb_discard(nr_sb_t *sb, int port, const uint32_t *ph, int len, unsigned ok, uint64_t cycle);

/* Packet ph[0..len-1] (as it was sent) was cut by the DUT under a rule that
 * drops and counts it (an input queue's overflow cut, docs/link-protocol.md
 * 8.4): its expectation is retired without a delivery and counted in
 * dut_cut; a delivery of it later is an error. The caller decides that the
 * cut was legitimate. No pending expectation with its tag: error
 * `unexpected`. Returns the number of errors. */
int nr_sb_cut(nr_sb_t *sb, const uint32_t *ph, int len, uint64_t cycle);
/* The same, and what the cut packet matched into m (m->matched 0: nothing). */
int nr_sb_cut_m(nr_sb_t *sb, const uint32_t *ph, int len, uint64_t cycle, nr_sb_match_t *m);

/* End of test: every expectation still outstanding is a loss. Returns the
 * total error count (0 = pass). Call once, after the network drained. */
uint64_t nr_sb_final(nr_sb_t *sb);

/* Entries the scoreboard holds over all flows: the packets expected and not
 * yet delivered, plus delivered ones not yet compacted (fewer than 16 per
 * flow, or half the flow's entries; none once a flow has nothing
 * outstanding). Memory follows this, not the run. */
size_t nr_sb_entries(const nr_sb_t *sb);
/* Flows holding entries now (records in use), and flows that have had a
 * packet (sequence-table slots). */
size_t nr_sb_active_flows(const nr_sb_t *sb);
size_t nr_sb_flows_seen(const nr_sb_t *sb);

/* Print counters, error counts by class and the recorded errors to f. */
void nr_sb_report(const nr_sb_t *sb, FILE *f);

/* Name of an error class ("loss", "dup", ...). */
const char *nr_sb_err_name(nr_sb_err_t e);

#endif
