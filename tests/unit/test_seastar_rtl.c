/* test_seastar_rtl.c - docs/seastar-arch.md §4's LUT rewrite under traffic
 * (ss_rewrite.h) on the Verilated SeaStar router this program is linked
 * with (mk/seastar.mk: seastar-s), bare, in the one-router environment:
 * the RTL against the document, as test_seastar checks the model. Exit 0,
 * or 1 on a failed check. */
#include "rtl_build.h"
#include "ss_rewrite.h"

int main(void)
{
    NR_TEST_BEGIN("test_seastar_rtl", 20261206);
    nr_lcb_cfg lcfg = renv_lcb_cfg();
    nr_seastar_params p;
    const nr_rtl_build *b = nr_rtl_build_linked();
    nr_rtr r = b->create(&lcfg, &p, sizeof p);
    CHECKF(!p.port.use_lcb, "%s: a bare build expected", b->cfg);
    lcfg.max_len = (uint32_t)p.port.max_pkt_len;
    renv e;
    cap_t c;
    renv_attach(&e, NULL, r, p.num_ports, &p.port, &lcfg, 1, nr_test_seed);
    cap_attach(&e, &c);
    ss_rewrite_check(&e, &c);
    YT_DONE(&e);
    NR_TEST_END("test_seastar_rtl");
}
