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

#include "nr_cli.h"
#include "nr_lcb.h"
#include "nr_out.h"
#include "rtr.h"

static const nr_cli_opt_t opts[] = {
    {"cfg-file", "PATH", "configurations file (default $NR_CONFIGS, else configs/configs.txt)"},
    {"rtl", NULL, "also refuse what only the C model has (FbSeq=1 and the like): no RTL build"},
    {NULL, NULL, NULL}};

int main(int argc, char **argv)
{
    const char *file = getenv("NR_CONFIGS") && *getenv("NR_CONFIGS") ? getenv("NR_CONFIGS")
                                                                     : "configs/configs.txt";
    const char *name = NULL, *v;
    int rtl = 0, k;
    nr_cli_t cli;
    nr_cli_init(&cli, "cfg_check",
                "[--cfg-file PATH] [--rtl] NAME   (exit 0 if configuration NAME, top nr_yarc or "
                "nr_nwn, passes the model's parameter rules; 2 with the rule it breaks)",
                opts, argc, argv);
    while ((k = nr_cli_next_or_exit(&cli, &v)) != NR_CLI_END) {
        if (k == NR_CLI_ARG) {
            if (name) nr_cli_die(&cli, "one configuration NAME, got '%s' and '%s'", name, v);
            name = v;
        } else if (!strcmp(opts[k].name, "cfg-file"))
            file = v;
        else
            rtl = 1;
    }
    if (!name) nr_cli_die(&cli, "expected a configuration NAME (cfg_check --help)");
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
    return nr_out_stdout("cfg_check", 0);
}
