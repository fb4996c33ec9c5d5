/* nr_src.h - the packet source every testbench uses: the router harness
 * (tb/rtr), the network (tb/net), the LCB testbench (tb/lcb) and the model
 * bench. Two steps, the same everywhere:
 *
 *   nr_src_cycle  one cycle of a source's generation process (nr_inj.h): a
 *                 packet, or a whole batch at the start, appended to its
 *                 source queue and counted as generated in the statistics;
 *   nr_src_start  the packet at the front of the queue becomes phits: built
 *                 (nr_pkt_build) with the sequence number of its flow, and
 *                 the copy the scoreboard is to see at the far end handed to
 *                 it (nr_sb_expect), after the route-phit rotations of the
 *                 routers on the way (docs/packet-format.md).
 *
 * What a testbench adds between the two (destinations of a network, faults,
 * source-routed hops, VC classes) is its own. */
#ifndef NR_SRC_H
#define NR_SRC_H

#include <stddef.h>
#include <stdint.h>

#include "nr_inj.h"
#include "nr_pkt.h"
#include "nr_sb.h"
#include "nr_stats.h"
#include "nr_traffic.h"

/* Cycle ts of source `node`: one tick of its process (destinations drawn
 * from tp, or none with tp NULL); with batch > 0 instead the whole batch at
 * ts 0 and nothing later (seed 002's batch experiment). Every packet made is
 * counted in st (when not NULL) as generated at ts. Returns the packets
 * made, or -1 when the source queue could not grow. */
int nr_src_cycle(nr_inj_t *inj, uint64_t ts, nr_traffic_t *tp, uint64_t batch, nr_stats_t *st,
                 int node);

/* The packet the far end expects. */
typedef struct {
    int hops;      /* routers on the way that rotate the route phit */
    int ordered;   /* 1: in order within its flow; 0: may be overtaken */
    uint64_t t;    /* cycle of the expectation (the scoreboard's clock) */
    uint64_t user; /* the caller's record, given back at delivery */
} nr_src_expect_t;

/* Packet d into ph[0..cap): d->seq drawn from sb for its flow when sb is not
 * NULL (kept as given otherwise), and with x not NULL the expected copy
 * handed to sb (to be delivered, NR_SB_DELIVER). Returns its length, or -1
 * with a message in err (a builder refusal or a scoreboard usage error: a
 * testbench bug). */
int nr_src_start(nr_sb_t *sb, nr_pkt_desc_t *d, uint32_t *ph, int cap, const nr_src_expect_t *x,
                 char *err, size_t errlen);

#endif
