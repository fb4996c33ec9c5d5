/* test_stream.c - nr_fifo against its C model (cells_model.c).
 *
 * Linked with one Verilated build (mk/cells.mk). Every cycle the DUT's ready_o, valid_o, data_o and level_o must equal
 * the model's, and independently of the model:
 *   - a scoreboard checks order, no loss and no duplication;
 *   - data_o holds while valid_o && !ready_i (AXI);
 *   - ready_o, valid_o and data_o do not change when ready_i or valid_i flip
 *     within the cycle (no combinational path through the cell);
 *   - full rate when unthrottled: 1 push + 1 pop every cycle (Depth = 1:
 *     one word every 2 cycles, as documented);
 *   - it fills to exactly Depth words, then drains to empty.
 * Phases with random source idles and sink backpressure (probabilities drawn
 * per phase), with occasional mid-run resets. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells_model.h"
#include "cells_shim.h"
#include "cells_util.h"

typedef struct {
    uint64_t *w;
    int cap, head, n;
} sb_queue;

typedef struct {
    cu_args *a;
    nr_rng_t rng;
    stream_dut *h;
    int width, depth;
    uint64_t mask;
    fifo_model fm;
    sb_queue sb;
    int src_valid;
    uint64_t src_data;
    int prev_stall;
    uint64_t prev_data;
    long cyc, pushes, pops, max_level, resets;
} tb;

static void sb_push(tb *t, uint64_t w)
{
    if (t->sb.n == t->sb.cap)
        cu_failf(t->a, t->cyc, "scoreboard overflow: more than %d words in flight", t->sb.cap);
    t->sb.w[(t->sb.head + t->sb.n) % t->sb.cap] = w;
    t->sb.n++;
}

static void model_out(const tb *t, stream_model_out *o) { fifo_model_out(&t->fm, o); }

static void do_reset(tb *t)
{
    stream_set(t->h, 0, 0, 0);
    stream_reset(t->h);
    fifo_model_reset(&t->fm);
    t->sb.n = 0;
    t->src_valid = 0;
    t->prev_stall = 0;
    t->resets++;
}

/* One cycle with source-valid probability p_in and sink-ready probability
 * p_out. Returns push + 2 * pop for the rate checks. */
static int cycle(tb *t, unsigned p_in, unsigned p_out)
{
    stream_out o, o2;
    stream_model_out m;
    if (!t->src_valid && cu_rng_pct(&t->rng, p_in)) {
        t->src_valid = 1;
        t->src_data = nr_rng_u64(&t->rng) & t->mask;
    }
    int ready_i = cu_rng_pct(&t->rng, p_out);
    int valid_in = t->src_valid;
    uint64_t data_in = t->src_data;

    /* no combinational path: flip ready_i and valid_i, outputs must not move */
    stream_set(t->h, !t->src_valid, t->src_data ^ t->mask, !ready_i);
    stream_get(t->h, &o2);
    stream_set(t->h, t->src_valid, t->src_data, ready_i);
    stream_get(t->h, &o);
    cu_check(t->a, t->cyc, "ready_o independent of ready_i/valid_i", (uint64_t)o.ready_o,
             (uint64_t)o2.ready_o);
    cu_check(t->a, t->cyc, "valid_o independent of ready_i/valid_i", (uint64_t)o.valid_o,
             (uint64_t)o2.valid_o);
    if (o.valid_o) cu_check(t->a, t->cyc, "data_o independent of data_i", o.data_o, o2.data_o);

    model_out(t, &m);
    cu_check(t->a, t->cyc, "ready_o", (uint64_t)m.ready, (uint64_t)o.ready_o);
    cu_check(t->a, t->cyc, "valid_o", (uint64_t)m.valid, (uint64_t)o.valid_o);
    cu_check(t->a, t->cyc, "level_o", m.level, o.level_o);
    if (m.valid) cu_check(t->a, t->cyc, "data_o", m.data, o.data_o);
    if (t->prev_stall) {
        cu_check(t->a, t->cyc, "valid_o held while stalled", 1, (uint64_t)o.valid_o);
        cu_check(t->a, t->cyc, "data_o held while stalled", t->prev_data, o.data_o);
    }

    int push = t->src_valid && o.ready_o;
    int pop = o.valid_o && ready_i;
    if (pop) {
        if (t->sb.n == 0)
            cu_failf(t->a, t->cyc, "pop of 0x%llx with nothing in flight (duplicate)",
                     (unsigned long long)o.data_o);
        cu_check(t->a, t->cyc, "popped word (scoreboard order)", t->sb.w[t->sb.head], o.data_o);
        t->sb.head = (t->sb.head + 1) % t->sb.cap;
        t->sb.n--;
        t->pops++;
    }
    if (push) {
        sb_push(t, t->src_data);
        t->src_valid = 0;
        t->pushes++;
    }
    t->prev_stall = o.valid_o && !ready_i;
    t->prev_data = o.data_o;
    if ((long)o.level_o > t->max_level) t->max_level = o.level_o;

    fifo_model_step(&t->fm, valid_in, data_in, ready_i);
    stream_tick(t->h);
    t->cyc++;
    return push + 2 * pop;
}

int main(int argc, char **argv)
{
    static const unsigned probs[] = {100, 97, 90, 75, 50, 25, 10};
    const int nprobs = (int)(sizeof probs / sizeof probs[0]);
    cu_args a;
    char name[64];
    tb t;
    memset(&t, 0, sizeof t);
    t.width = cells_param("Width");
    t.depth = cells_param("Depth");
    snprintf(name, sizeof name, "test_fifo_w%d_d%d", t.width, t.depth);
    cu_parse(argc, argv, &a, name, 20000, NULL);
    t.a = &a;
    printf("%s: seed %llu, cycles %ld, %s Width=%d\n", name, (unsigned long long)a.seed, a.cycles,
           stream_top(), t.width);
    printf("%s: Depth=%d\n", name, t.depth);
    nr_rng_seed(&t.rng, a.seed);
    t.mask = cu_mask(t.width);
    t.sb.cap = t.depth + 4;
    t.sb.w = calloc((size_t)t.sb.cap, sizeof *t.sb.w);
    fifo_model_init(&t.fm, t.depth);
    t.h = stream_new(a.seed);
    do_reset(&t);
    t.resets = 0;

    /* 1. random phases */
    while (t.cyc < a.cycles) {
        long len = 50 + (long)(uint32_t)nr_rng_below(&t.rng, 1000);
        unsigned p_in = probs[(uint32_t)nr_rng_below(&t.rng, (uint32_t)nprobs)];
        unsigned p_out = probs[(uint32_t)nr_rng_below(&t.rng, (uint32_t)nprobs)];
        for (long i = 0; i < len && t.cyc < a.cycles; i++) cycle(&t, p_in, p_out);
        if (cu_rng_pct(&t.rng, 10)) do_reset(&t);
    }

    /* 2. full rate, unthrottled: after a warm-up, count moves per cycle */
    for (int i = 0; i < t.depth + 4; i++) cycle(&t, 100, 100);
    const long win = 1000;
    long np = 0, nq = 0;
    for (long i = 0; i < win; i++) {
        int r = cycle(&t, 100, 100);
        np += r & 1;
        nq += r >> 1;
    }
    long want = t.depth == 1 ? win / 2 : win;
    if (np != want || nq != want)
        cu_failf(&a, t.cyc,
                 "unthrottled rate: %ld pushes and %ld pops in %ld cycles, expected %ld each", np,
                 nq, win, want);

    /* 3. fill to exactly Depth, then drain to empty */
    while (t.sb.n > 0) cycle(&t, 0, 100);
    long filled = 0;
    for (int i = 0; i < t.depth + 3; i++) filled += cycle(&t, 100, 0) & 1;
    cu_check(&a, t.cyc, "words accepted while the sink stalls (= Depth)", (uint64_t)t.depth,
             (uint64_t)filled);
    /* the source still holds one word (AXI: valid stays up); it follows */
    int pending = t.src_valid;
    long drained = 0;
    for (int i = 0; i < t.depth + 3; i++) drained += cycle(&t, 0, 100) >> 1;
    cu_check(&a, t.cyc, "words drained (= Depth + the held source word)",
             (uint64_t)(t.depth + pending), (uint64_t)drained);
    /* 4. drain whatever is left; nothing may remain in flight */
    for (int i = 0; i < t.depth + 4; i++) cycle(&t, 0, 100);
    if (t.sb.n != 0 || t.src_valid)
        cu_failf(&a, t.cyc, "%d words never came out", t.sb.n + t.src_valid);

    printf("PASS %s: %ld cycles, %ld pushes, %ld pops, max level %ld, %ld resets, "
           "full rate %ld/%ld cycles (seed %llu)\n",
           name, t.cyc, t.pushes, t.pops, t.max_level, t.resets, np, win,
           (unsigned long long)a.seed);
    stream_free(t.h);
    fifo_model_free(&t.fm);
    free(t.sb.w);
    return 0;
}
