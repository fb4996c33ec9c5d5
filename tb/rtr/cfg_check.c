/* cfg_check.c - refuse a configuration that cannot work, before Verilator
 * runs (README "Your own configuration"; mk/rtr.mk runs it ahead of every
 * build of its generic rtr_sim-<cfg> rule).
 *
 *   cfg_check [--cfg-file PATH] [--rtl] NAME
 *
 * Looks NAME up in the configurations file (default $NR_CONFIGS, else
 * configs/configs.txt), then applies the C model's own parameter rules: the
 * organization's parameter mapping (unknown parameter names, ranges) and the
 * model constructor of that top (nr_yarc_new, nr_nwn_new -> nr_nwn_check,
 * and the LCB rules of nr_lcb for UseLcb=1: ReplayDepth, Window against the
 * sequence space, ...), which the RTL's parameter assertions mirror. Exit 0
 * and "cfg_check: NAME ok" when it can be built; exit 2 with the broken rule
 * otherwise (also for a top that is not nr_yarc or nr_nwn, which no rtr_sim
 * build serves). --rtl (the build rule's): also refuse what the C model has
 * and the RTL has not, FbSeq=1 (docs/fbfly-routing.md 6.4). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nr_lcb.h"
#include "rtr.h"

int main(int argc, char **argv)
{
    const char *file = getenv("NR_CONFIGS") && *getenv("NR_CONFIGS") ? getenv("NR_CONFIGS")
                                                                     : "configs/configs.txt";
    const char *name = NULL;
    int rtl = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: cfg_check [--cfg-file PATH] [--rtl] NAME\n"
                   "Exit 0 if configuration NAME (top nr_yarc or nr_nwn) passes the model's\n"
                   "parameter rules, 2 with the rule it breaks. --rtl: and it can be built as\n"
                   "RTL (FbSeq=1 cannot).\n");
            return 0;
        }
        if (!strcmp(argv[i], "--cfg-file") && i + 1 < argc)
            file = argv[++i];
        else if (!strcmp(argv[i], "--rtl"))
            rtl = 1;
        else if (argv[i][0] == '-' || name) {
            fprintf(stderr,
                    "cfg_check: unexpected argument '%s' (usage: cfg_check [--cfg-file PATH] "
                    "[--rtl] NAME)\n",
                    argv[i]);
            return 2;
        } else
            name = argv[i];
    }
    if (!name) {
        fprintf(stderr, "usage: cfg_check [--cfg-file PATH] [--rtl] NAME\n");
        return 2;
    }
    rtr_namedcfg c;
    char err[1024];
    if (rtr_cfg_lookup(file, name, &c, err, sizeof err)) {
        fprintf(stderr, "cfg_check: %s\n", err);
        return 2;
    }
    const rtr_org *org = rtr_org_for_top(c.top);
    if (!org) {
        fprintf(stderr,
                "cfg_check: %s:%d: configuration %s has top %s; rtr_sim builds serve "
                "nr_yarc and nr_nwn only\n",
                c.file, c.line, c.name, c.top);
        return 2;
    }
    rtr_geom g;
    if (org->geom(&c, &g, err, sizeof err)) {
        fprintf(stderr, "cfg_check: %s\n", err);
        return 2;
    }
    nr_lcb_cfg lcfg = {.timeout = 1024, .retry_limit = 255, .max_len = (uint32_t)g.max_pkt_len};
    nr_rtr m;
    if (org->model->create(&c, &lcfg, &m, err, sizeof err)) {
        fprintf(stderr, "cfg_check: %s:%d: configuration %s: %s\n", c.file, c.line, c.name, err);
        return 2;
    }
    nr_rtr_free(m);
    long mo_v;
    const char *mo, *mo_what, *mo_doc;
    if (rtl && (mo = rtr_cfg_model_only(&c, &mo_v, &mo_what, &mo_doc))) {
        fprintf(stderr,
                "cfg_check: %s:%d: configuration %s has %s=%ld, the C model's %s "
                "(%s): no RTL has it, so it has no RTL build\n",
                c.file, c.line, c.name, mo, mo_v, mo_what, mo_doc);
        return 2;
    }
    printf("cfg_check: %s (%s:%d) ok: top %s, %d ports, %d VCs, %s\n", c.name, c.file, c.line,
           c.top, g.num_ports, g.num_vcs, g.use_lcb ? "LCB links" : "bare");
    return 0;
}
