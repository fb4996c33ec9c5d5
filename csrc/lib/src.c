/* src.c - the packet source every testbench uses (nr_src.h). */
#include "nr_src.h"

#include <stdio.h>
#include <string.h>

static void counted(nr_inj_t *inj, uint64_t ts, nr_stats_t *st, int node)
{
    if (!st) return;
    const nr_inj_pkt_t *last = &inj->q[(inj->qhead + inj->qlen - 1) % inj->qcap];
    nr_stats_generated(st, node, last->len, ts);
}

int nr_src_cycle(nr_inj_t *inj, uint64_t ts, nr_traffic_t *tp, uint64_t batch, nr_stats_t *st,
                 int node)
{
    if (batch) { /* the whole batch in the first cycle, then nothing */
        if (ts != 0) return 0;
        for (uint64_t b = 0; b < batch; b++) {
            if (nr_inj_gen(inj, ts, tp) < 0) return -1;
            counted(inj, ts, st, node);
        }
        return (int)batch;
    }
    int g = nr_inj_tick(inj, ts, tp);
    if (g > 0) counted(inj, ts, st, node);
    return g;
}

int nr_src_start(nr_sb_t *sb, nr_pkt_desc_t *d, uint32_t *ph, int cap, const nr_src_expect_t *x,
                 char *err, size_t errlen)
{
    if (sb) d->seq = nr_sb_next_seq(sb, d->src, d->dest, d->vc);
    char e2[200];
    int len = nr_pkt_build(d, ph, cap, e2, sizeof e2);
    if (len < 0) {
        snprintf(err, errlen, "packet build: %s", e2);
        return -1;
    }
    if (!x) return len;
    if (!sb) {
        snprintf(err, errlen, "an expectation needs a scoreboard");
        return -1;
    }
    uint32_t exp[NR_PKT_LEN_LIMIT];
    if (len > NR_PKT_LEN_LIMIT) {
        snprintf(err, errlen, "packet of %d phits: over %d", len, NR_PKT_LEN_LIMIT);
        return -1;
    }
    memcpy(exp, ph, (size_t)len * sizeof exp[0]);
    for (int h = 0; h < x->hops; h++) nr_pkt_route_hop(exp, len);
    int rc = (x->ordered ? nr_sb_expect : nr_sb_expect_unordered)(sb, exp, len, x->t, NR_SB_DELIVER,
                                                                  x->user);
    if (rc < 0) {
        snprintf(err, errlen, "scoreboard: %s", sb->usage_err);
        return -1;
    }
    return len;
}
