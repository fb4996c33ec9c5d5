/* yenv_test.h - what the YARC and nwn model unit tests share over
 * tb/yarc/yarc_env.h (test_yarc_model.c, test_nwn_model.c,
 * test_yarc_model_flow.c, the *_rand.c tests):
 *   yt_build()   nr_pkt_build into YENV_MAXLEN phits, exiting on an error;
 *   mk()         a tagged packet with the header bits r, a, h, a source
 *                route and a hash;
 *   cap_t        the capture of what leaves the switch (cap_attach() hooks
 *                it to an environment), with route_one(), which sends one
 *                packet and runs until it leaves or is dropped, and cfg(),
 *                one configuration write applied in one cycle.
 * route_one() gives up after YT_ROUTE_STEPS cycles (400 unless the test
 * defines it before including this file).
 *
 * Test programs include this file once; everything here is static inline. */
#ifndef YENV_TEST_H
#define YENV_TEST_H
#include "nr_test.h"
#include "yarc_env.h"

#ifndef YT_ROUTE_STEPS
#define YT_ROUTE_STEPS 400
#endif

static inline int yt_build(const nr_pkt_desc_t *d, uint32_t *ph)
{
    char err[128];
    int n = nr_pkt_build(d, ph, YENV_MAXLEN, err, sizeof err);
    if (n < 0) {
        fprintf(stderr, "nr_pkt_build: %s\n", err);
        exit(1);
    }
    return n;
}

/* A tagged packet. */
static inline int mk(uint32_t *ph, unsigned src, unsigned dest, unsigned vc, int len,
                     unsigned r, unsigned a, unsigned h, const unsigned *route, uint32_t hash)
{
    nr_pkt_desc_t d = nr_pkt_desc(src, dest, vc, 0, len);
    d.r = r;
    d.a = a;
    d.h = h;
    if (route)
        memcpy(d.route, route, sizeof d.route);
    d.hash = hash;
    return yt_build(&d, ph);
}

/* ---- capture of what leaves the switch ---- */
typedef struct {
    int npkt;
    int port;              /* output of the last packet */
    int len;
    uint32_t ph[YENV_MAXLEN];
    long t_in, t_out;      /* cycles of the last head in and head out */
    long pair[NR_MAX_PORTS][NR_MAX_PORTS]; /* packets delivered per (src tag, output) */
    long bad;              /* packets that failed nr_pkt_parse, or not source routed
                            * and at another port than their dest (nwn) */
    long heads_out;        /* heads that left the switch */
} cap_t;

static inline void cap_pkt(yenv *e, int port, const uint32_t *ph, int len)
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
            fprintf(stderr, "bad packet at port %d: status %d dest %u src %u len %d t %llu\n",
                    port, nr_pkt_parse(ph, len, e->nvc, 0, &info), info.dest, info.tag_src,
                    len, (unsigned long long)e->t);
    }
    else
        c->pair[info.tag_src][port]++;
}
static inline void cap_in(yenv *e, int port, uint32_t h)
{
    (void)port;
    (void)h;
    ((cap_t *)e->ctx)->t_in = (long)e->t;
}
static inline void cap_out(yenv *e, int port, uint32_t h)
{
    (void)port;
    (void)h;
    ((cap_t *)e->ctx)->t_out = (long)e->t;
    ((cap_t *)e->ctx)->heads_out++;
}

/* Clear c and make it the capture of e. */
static inline void cap_attach(yenv *e, cap_t *c)
{
    memset(c, 0, sizeof *c);
    e->ctx = c;
    e->on_pkt = cap_pkt;
    e->on_head_in = cap_in;
    e->on_head_out = cap_out;
}

/* One configuration write, applied in one cycle. */
static inline void cfg(yenv *e, int bcast, int tile, int addr, uint32_t wdata)
{
    yenv_cfg_write(e, bcast, tile, addr, wdata);
    yenv_step(e);
}

/* Send one packet from src and run until it leaves or is dropped. Returns
 * the output port, or -(reason) if it was dropped, or -100 if neither. */
static inline int route_one(yenv *e, int src, const uint32_t *ph, int len)
{
    cap_t *c = e->ctx;
    int np = c->npkt;
    uint64_t nd = e->drops[src];
    yenv_send(e, src, ph, len);
    for (int i = 0; i < YT_ROUTE_STEPS; i++) {
        yenv_step(e);
        if (c->npkt > np)
            return c->port;
        if (e->drops[src] > nd) {
            yenv_drain(e, 4, 400); /* let the dropped packet be consumed */
            return -(int)e->drop_reason_last[src];
        }
    }
    return -100;
}

#endif
