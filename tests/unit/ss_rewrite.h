/* ss_rewrite.h - docs/seastar-arch.md §4's rewrite under traffic, checked
 * on the SeaStar router in a bare environment e (capture c, renv_test.h):
 * the C model (test_seastar.c) or the RTL (test_seastar_rtl.c). A LUT write
 * in cycle w is seen by the routes of cycle w + 1 on, so a head routed in w
 * (at zero load its head-in cycle + 3, §9) or before has the old entry (VC
 * kept) and a later one the new (VC 2): the write is moved cycle by cycle
 * across the route of a head from input 1 to port 2, and both outcomes
 * must be seen. */
#ifndef SS_REWRITE_H
#define SS_REWRITE_H
#include "nr_seastar.h"
#include "renv_test.h"

static inline void ss_rewrite_check(renv *e, cap_t *c)
{
    uint32_t ph[RENV_MAXLEN];
    int seen[2] = {0, 0};
    for (int k = 0; k < 8; k++) {
        cfg(e, 0, 1, NR_SS_LUT, 2u << 16 | nr_ss_entry(2, 0, 0));
        for (int i = 0; i < 12; i++) renv_step(e);
        const int l = mk(ph, 1, 2, 0, 6, 0, 0, 0, NULL, 0), np = c->npkt;
        const uint64_t w = e->t + (uint64_t)k;
        renv_send(e, 1, ph, l);
        for (int i = 0; i < YT_ROUTE_STEPS && c->npkt == np; i++) {
            if (e->t == w) renv_cfg_write(e, 0, 1, NR_SS_LUT, 2u << 16 | nr_ss_entry(2, 3, 2));
            renv_step(e);
        }
        CHECK_EQ(c->npkt, np + 1);
        CHECK_EQ(c->port, 2);
        const int fresh = w <= (uint64_t)c->t_in + 2;
        CHECKF(nr_head_vc(c->ph[0]) == (fresh ? 2u : 0u), "write in cycle %llu, head in %ld: VC %u",
               (unsigned long long)w, c->t_in, nr_head_vc(c->ph[0]));
        seen[fresh]++;
    }
    CHECK(seen[0] && seen[1]);
}
#endif
