/* rtl_glue.c - the Verilated router a program holds, behind rtr_impl, for
 * every build and organization. One object, linked into every program that
 * holds a router build (rtr_sim-<config>[-trace], net_sim-<config>[-trace],
 * rtr_sc-<config>: the Makefile's RTR_GLUE); programs without one link
 * rtl_none.c. It asks the linked build what it is (tb/rtl_build.h: its
 * configuration, directory, top and whether it traces, and how to make its
 * router), and compares the build's parameters with those of the
 * configuration asked for on the fields its organization names
 * (rtr_org.build_fields), so create() refuses a configuration the build was
 * not made from. */
#include <stdio.h>
#include <string.h>

#include "nr_nwn.h"
#include "nr_router.h"
#include "nr_yarc.h"
#include "rtl_build.h"
#include "rtr.h"

const char *rtr_rtl_build(void) { return nr_rtl_build_linked()->cfg; }
int rtr_rtl_traced(void) { return nr_rtl_build_linked()->traced; }

/* The fields f (to the one whose name is NULL) of want, configuration c's
 * parameters, against have, the build's (named build): 0, or -1 with the
 * first that differs in err. The LCB ones only when use_lcb. */
static int params_agree(const rtr_namedcfg *c, const char *build, const rtr_param_field *f,
                        const void *want, const void *have, int use_lcb, char *err, int errlen)
{
    for (int i = 0; f[i].name; i++) {
        if (f[i].lcb_only && !use_lcb) continue;
        int w, h;
        memcpy(&w, (const char *)want + f[i].off, sizeof w);
        memcpy(&h, (const char *)have + f[i].off, sizeof h);
        if (w == h) continue;
        snprintf(err, (size_t)errlen,
                 "RTL build %s has %s=%d, configuration %s (%s:%d) wants %d: the build is older "
                 "than the configuration (or was made from another file's line of that name); "
                 "remake this program with make",
                 build, f[i].name, h, c->name, c->file, c->line, w);
        return -1;
    }
    return 0;
}

static int r_create(const rtr_namedcfg *c, const nr_lcb_cfg *lcfg, nr_rtr *out, char *err,
                    int errlen)
{
    const nr_rtl_build *b = nr_rtl_build_linked();
    const rtr_org *org = rtr_org_for_top(b->top);
    if (!org || !org->params || !org->build_fields) {
        snprintf(err, (size_t)errlen, "RTL build %s: no organization of the testbench has top %s",
                 b->dir, b->top);
        return -1;
    }
    /* the parameter struct of whichever top the build has */
    union {
        nr_yarc_params yarc;
        nr_nwn_params nwn;
    } want, have;
    rtr_geom g; /* the configuration checked (its top, its parameters), and its port kind */
    if (org->geom(c, &g, err, errlen) || org->params(c, &want, err, errlen)) return -1;
    long mo_v;
    const char *mo, *mo_what, *mo_doc;
    if ((mo = rtr_cfg_model_only(c, &mo_v, &mo_what, &mo_doc))) {
        /* FbSeq, UpPick, SideTab: the C model's only; no RTL build has them */
        snprintf(err, (size_t)errlen,
                 "configuration %s (%s:%d) has %s=%ld, the %s of the C model only (%s): the RTL "
                 "has none",
                 c->name, c->file, c->line, mo, mo_v, mo_what, mo_doc);
        return -1;
    }
    nr_rtr r = b->create(lcfg, &have);
    char name[320];
    snprintf(name, sizeof name, "%s (%s)", b->cfg, b->dir);
    if (params_agree(c, name, org->build_fields, &want, &have, g.use_lcb, err, errlen)) {
        nr_rtr_free(r);
        return -1;
    }
    *out = r;
    return 0;
}

static const rtr_impl glue_impl = {"rtl", r_create};
const rtr_impl *rtr_rtl_impl(void) { return &glue_impl; }
