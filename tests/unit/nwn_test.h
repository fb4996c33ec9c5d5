/* nwn_test.h - a check the network-switch unit tests share (test_nwn_*.c). */
#ifndef NWN_TEST_H
#define NWN_TEST_H
#include "nwn_priv.h"
#include "renv_test.h"

/* A random load of n packets (4 to 19 phits, either VC, adaptive or hashed)
 * from every port of switch p at once, a cycle after every `every` packets,
 * drained: every packet out unchanged, every channel credit home. */
static inline void yt_nwn_credits_home(const nr_nwn_params *p, int n, int every)
{
    renv e;
    cap_t c;
    renv_init_nwn(&e, p, NULL, 1, nr_test_seed);
    cap_attach(&e, &c);
    uint32_t ph[RENV_MAXLEN], x = 12345u;
    const unsigned k = (unsigned)p->num_ports;
    for (int i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        const unsigned src = (x >> 8) % k, q = (x >> 14) % k;
        renv_send(
            &e, (int)src, ph,
            mk(ph, src, q, (x >> 20) & 1u, 4 + (x >> 21) % 16, 0, (x >> 25) & 1u, 0, NULL, 0));
        if (i % every == every - 1) renv_step(&e);
    }
    CHECK(renv_drain(&e, 50, 200000));
    CHECK_EQ(c.npkt, n);
    CHECK_EQ(c.bad, 0);
    for (int t = 0; t < 20; t++) renv_step(&e);
    const nr_nwn *m = renv_nwn(&e);
    for (int s = 0; s < m->g.nsw; s++)
        for (int j = 0; j < nwn_nout(&m->g, s); j++)
            for (int v = 0; !((nwn_port_outputs(&m->g, s) >> j) & 1u) && v < m->V; v++)
                CHECK_EQ(m->sw[s].cc[j * m->V + v], p->buf_depth);
    YT_DONE(&e);
}

#endif
