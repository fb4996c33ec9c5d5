/* renv_test.h - what the YARC and nwn model unit tests share over
 * tb/common/renv.h (test_yarc_model.c, test_nwn_model.c,
 * test_yarc_model_flow.c, the *_rand.c tests):
 *   yt_build()   nr_pkt_build into RENV_MAXLEN phits, exiting on an error;
 *   mk()         a tagged packet with the header bits r, a, h, a source
 *                route and a hash;
 *   yt_hops()    step while timing the phit hops (a packet's first and last);
 *   yt_rand_desc()  the random packet of the randomized tests;
 *   yt_check_front_credits()  a port's credits are all back, bare or LCB;
 *   cap_t        the capture of what leaves the switch (cap_attach() hooks
 *                it to an environment), with route_one(), which sends one
 *                packet and runs until it leaves or is dropped, and cfg(),
 *                one configuration write applied in one cycle.
 * YT_DONE(e) ends a test's environment: no error reported, then freed.
 * yt_zero_load() sends one packet to an empty switch and checks it arrives
 * intact at its port, on time and without gaps.
 * route_one() gives up after YT_ROUTE_STEPS cycles (400 unless the test
 * defines it before including this file).
 *
 * Test programs include this file once; everything here is static inline. */
#ifndef RENV_TEST_H
#define RENV_TEST_H
#include "nr_test.h"
#include "swparts.h"
#include "renv_models.h"

/* The end of a test's environment: no interface or testbench error, then
 * freed (a macro, so that a failed check names the test's line). */
#define YT_DONE(e)                                                                                 \
    do {                                                                                           \
        CHECK_EQ(renv_errors(e), 0);                                                               \
        renv_free(e);                                                                              \
    } while (0)

#ifndef YT_ROUTE_STEPS
#define YT_ROUTE_STEPS 400
#endif

static inline int yt_build(const nr_pkt_desc_t *d, uint32_t *ph)
{
    char err[128];
    int n = nr_pkt_build(d, ph, RENV_MAXLEN, err, sizeof err);
    if (n < 0) {
        fprintf(stderr, "nr_pkt_build: %s\n", err);
        exit(1);
    }
    return n;
}

/* A random packet of the randomized tests from source s: dest below n, vc
 * below nvc, source routed one time in eight (hop 0 the destination), a and
 * h random, a random hash, 4..64 phits (at least the minimum); seq 0. */
static inline nr_pkt_desc_t yt_rand_desc(nr_rng_t *r, int s, int n, int nvc)
{
    nr_pkt_desc_t d;
    memset(&d, 0, sizeof d);
    d.src = (unsigned)s;
    d.dest = (unsigned)nr_rng_below(r, (uint64_t)n);
    d.vc = (unsigned)nr_rng_below(r, (uint64_t)nvc);
    unsigned hb = (unsigned)nr_rng_below(r, 8);
    d.r = (hb & 1) && (hb & 6) == 6; /* 1 in 8: source routed */
    d.a = (hb >> 1) & 1;
    d.h = (hb >> 2) & 1;
    d.route[0] = d.dest; /* hop 0 = the destination's port */
    d.route[1] = (unsigned)nr_rng_below(r, 64);
    d.route[2] = (unsigned)nr_rng_below(r, 64);
    d.hash = (uint32_t)nr_rng_u64(r) & 0x3FFFFF;
    d.len = 4 + (int)nr_rng_below(r, 61);
    if (d.len < nr_pkt_min_len(&d)) d.len = nr_pkt_min_len(&d);
    return d;
}

/* Port q's front end (of the model, fr) and its source or NIC hold all
 * `full` credits of VC v again. */
static inline void yt_check_front_credits(renv *e, const nr_port_front *fr, int q, int v, int lcb,
                                          int full)
{
    if (!lcb) {
        CHECK_EQ(e->src[q].vct.cred[v], full);
        CHECK_EQ(fr->bp[q].cnt[v], full);
    } else {
        nr_lcbp_out o;
        nr_lcbp_peek(fr->lcb[q], &o);
        CHECK_EQ(o.credits[v], (uint32_t)full);
        o = tb_nic_state(&e->nic[q]);
        CHECK_EQ(o.credits[v], (uint32_t)full);
    }
}

/* A tagged packet. */
static inline int mk(uint32_t *ph, unsigned src, unsigned dest, unsigned vc, int len, unsigned r,
                     unsigned a, unsigned h, const unsigned *route, uint32_t hash)
{
    nr_pkt_desc_t d = nr_pkt_desc(src, dest, vc, 0, len);
    d.r = r;
    d.a = a;
    d.h = h;
    if (route) memcpy(d.route, route, sizeof d.route);
    d.hash = hash;
    return yt_build(&d, ph);
}

/* Step e at most `steps` cycles, and stop early when *count (if not NULL)
 * changes; *first and *last get the cycle (e->t - 1) of the first and last
 * step that moved a phit (-1 if none). */
static inline void yt_hops(renv *e, int steps, const int *count, long *first, long *last)
{
    const int c0 = count ? *count : 0;
    *first = *last = -1;
    for (int i = 0; i < steps && (!count || *count == c0); i++) {
        uint64_t h = e->phit_hops;
        renv_step(e);
        if (e->phit_hops != h) {
            if (*first < 0) *first = (long)e->t - 1;
            *last = (long)e->t - 1;
        }
    }
}

/* ---- capture of what leaves the switch ---- */
typedef struct {
    int npkt;
    int port; /* output of the last packet */
    int len;
    uint32_t ph[RENV_MAXLEN];
    long t_in, t_out;                      /* cycles of the last head in and head out */
    long pair[NR_MAX_PORTS][NR_MAX_PORTS]; /* packets delivered per (src tag, output) */
    long bad;                              /* packets that failed nr_pkt_parse, or not source routed
                            * and at another port than their dest (nwn) */
    long heads_out;                        /* heads that left the switch */
} cap_t;

static inline void cap_pkt(renv *e, int port, const uint32_t *ph, int len)
{
    cap_t *c = e->ctx;
    c->npkt++;
    c->port = port;
    c->len = len;
    memcpy(c->ph, ph, sizeof(uint32_t) * (size_t)len);
    nr_pkt_info_t info;
    if (nr_pkt_parse(ph, len, e->nvc, 0, &info) != NR_PKT_GOOD || !info.has_tag ||
        info.tag_src >= NR_MAX_PORTS || (!info.r && (int)info.dest != port)) {
        c->bad++;
        if (getenv("NWN_DEBUG"))
            fprintf(stderr, "bad packet at port %d: status %d dest %u src %u len %d t %llu\n", port,
                    nr_pkt_parse(ph, len, e->nvc, 0, &info), info.dest, info.tag_src, len,
                    (unsigned long long)e->t);
    } else
        c->pair[info.tag_src][port]++;
}
static inline void cap_in(renv *e, int port, uint32_t h)
{
    (void)port;
    (void)h;
    ((cap_t *)e->ctx)->t_in = (long)e->t;
}
static inline void cap_out(renv *e, int port, uint32_t h)
{
    (void)port;
    (void)h;
    ((cap_t *)e->ctx)->t_out = (long)e->t;
    ((cap_t *)e->ctx)->heads_out++;
}

/* Clear c and make it the capture of e. */
static inline void cap_attach(renv *e, cap_t *c)
{
    memset(c, 0, sizeof *c);
    e->ctx = c;
    e->on_pkt = cap_pkt;
    e->on_head_in = cap_in;
    e->on_head_out = cap_out;
}

/* One configuration write, applied in one cycle. */
static inline void cfg(renv *e, int bcast, int tile, int addr, uint32_t wdata)
{
    renv_cfg_write(e, bcast, tile, addr, wdata);
    renv_step(e);
}

/* Send ph (len phits) from src into an idle e and run until it leaves (at
 * most steps cycles). It must leave once, at port q, unchanged, lat cycles
 * from head in to head out, one phit per cycle. */
static inline void yt_zero_load(renv *e, int src, const uint32_t *ph, int len, int q, long lat,
                                int steps)
{
    cap_t *c = e->ctx;
    long first_out, last_out;
    int np = c->npkt;
    renv_send(e, src, ph, len);
    yt_hops(e, steps, &c->npkt, &first_out, &last_out);
    CHECK_EQ(c->npkt, np + 1);
    CHECK_EQ(c->port, q);
    CHECK_EQ(c->t_out - c->t_in, lat);
    CHECK_EQ(last_out - first_out + 1, len); /* one phit per cycle */
    CHECK_EQ(c->len, len);
    CHECK(memcmp(c->ph, ph, sizeof(uint32_t) * (size_t)len) == 0);
}

/* Send one packet from src and run until it leaves or is dropped. Returns
 * the output port, or -(reason) if it was dropped, or -100 if neither. */
static inline int route_one(renv *e, int src, const uint32_t *ph, int len)
{
    cap_t *c = e->ctx;
    int np = c->npkt;
    uint64_t nd = e->drops[src];
    renv_send(e, src, ph, len);
    for (int i = 0; i < YT_ROUTE_STEPS; i++) {
        renv_step(e);
        if (c->npkt > np) return c->port;
        if (e->drops[src] > nd) {
            renv_drain(e, 4, 400); /* let the dropped packet be consumed */
            return -(int)e->drop_reason_last[src];
        }
    }
    return -100;
}

/* nr_rtr_ops.rest against evaluation: two environments of the same router
 * with the same seed and the same packets, the second offering every cycle
 * whose inputs are all 0 to the router's rest; bursts of random packets
 * between long silences, sinks that hold credits (bp). Every output of every
 * cycle must be the same (a rested cycle's all 0), rest must be taken, and
 * both must drain with every credit home. */
static inline void yt_rest_lockstep(renv *a, renv *b, double bp, long cycles, uint64_t seed)
{
    nr_rng_t r;
    nr_rng_seed(&r, seed);
    b->use_rest = 1;
    for (int p = 0; p < a->n; p++) a->snk[p].bp = b->snk[p].bp = bp;
    for (long t = 0; t < cycles; t++) {
        if (nr_rng_below(&r, 400) == 0) /* a burst of packets */
            for (int i = 0, nb = 1 + (int)nr_rng_below(&r, 8); i < nb; i++) {
                int s = (int)nr_rng_below(&r, (uint64_t)a->n);
                nr_pkt_desc_t d = yt_rand_desc(&r, s, a->n, a->nvc);
                d.r = 0; /* every port reachable: tables as reset */
                d.len = d.len > 16 ? 16 : d.len;
                if (d.len < nr_pkt_min_len(&d)) d.len = nr_pkt_min_len(&d);
                uint32_t ph[RENV_MAXLEN];
                int n = yt_build(&d, ph);
                renv_send(a, s, ph, n);
                renv_send(b, s, ph, n);
            }
        renv_step(a);
        renv_step(b);
        nr_rtr_out x = a->out, y = b->out;
        x.idle = y.idle = 0;
        if (memcmp(&x, &y, sizeof x)) {
            fprintf(stderr, "rest lockstep: outputs differ at cycle %llu (rested %llu)\n",
                    (unsigned long long)a->t - 1, (unsigned long long)b->rested);
            CHECK(0);
        }
    }
    CHECK(b->rested > 0);
    CHECK(renv_drain(a, 200, 200000));
    CHECK(renv_drain(b, 200, 200000));
    CHECK(renv_all_home(a) && renv_all_home(b));
    CHECK_EQ(renv_errors(a), 0);
    CHECK_EQ(renv_errors(b), 0);
}

#endif
