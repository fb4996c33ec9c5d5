/* rtl_glue.c - the Verilated router a program holds, behind rtr_impl, for
 * every build and organization. One object, linked into every program that
 * holds a router build (rtr_sim-<config>[-trace], net_sim-<config>[-trace],
 * rtr_sc-<config>, the RTL smoke tests: the Makefile's RTR_GLUE); programs
 * without one link rtl_none.c. It asks the linked build what it is
 * (tb/rtl_build.h: its configuration, directory, top and whether it traces,
 * and how to make its router), and compares the build's parameters with
 * those of the configuration asked for on every key the organization marks
 * RTR_K_RTL (org.h), so create() refuses a configuration the build was not
 * made from, and one that sets a parameter only the C model has. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/org.h"
#include "nr_router.h"
#include "rtl_build.h"

const char *rtr_rtl_build(void) { return nr_rtl_build_linked()->cfg; }
int rtr_rtl_traced(void) { return nr_rtl_build_linked()->traced; }

static int key_val(const rtr_key *k, const void *p)
{
    int v;
    memcpy(&v, (const char *)p + k->off, sizeof v);
    return v;
}

/* The RTL keys of want (configuration c's parameters) against have (the
 * build's): 0, or -1 with the first that differs. The LCB ones only with
 * LCBs. */
static int params_agree(const rtr_org *o, const rtr_namedcfg *c, const char *build,
                        const void *want, const void *have, char *err, int errlen)
{
    const int lcb = rtr_org_port(o, want)->use_lcb;
    for (const rtr_key *k = o->keys; k->key; k++) {
        if (!(k->flags & RTR_K_RTL) || ((k->flags & RTR_K_LCB) && !lcb)) continue;
        const int w = key_val(k, want), h = key_val(k, have);
        if (w == h) continue;
        snprintf(err, (size_t)errlen,
                 "RTL build %s has %s=%d, configuration %s (%s:%d) wants %d: the build is older "
                 "than the configuration (or was made from another file's line of that name); "
                 "remake this program with make",
                 build, k->key, h, c->name, c->file, c->line, w);
        return -1;
    }
    return 0;
}

static int r_create(const rtr_namedcfg *c, const nr_lcb_cfg *lcfg, nr_rtr *out, char *err,
                    int errlen)
{
    const nr_rtl_build *b = nr_rtl_build_linked();
    const rtr_org *o = rtr_org_for_top(b->top);
    if (!o) {
        snprintf(err, (size_t)errlen, "RTL build %s: no organization of the catalog has top %s",
                 b->dir, b->top);
        return -1;
    }
    if (strcmp(c->top, b->top)) {
        snprintf(err, (size_t)errlen,
                 "RTL build %s is of top %s; configuration %s (%s:%d) is of %s", b->cfg, b->top,
                 c->name, c->file, c->line, c->top);
        return -1;
    }
    void *want = calloc(2, o->params_size), *have = (char *)want + o->params_size;
    if (!want) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    int rc = rtr_org_params(o, c, want, err, errlen);
    const rtr_key *mo = rc ? NULL : rtr_org_model_only(o, c);
    if (mo) {
        snprintf(err, (size_t)errlen,
                 "configuration %s (%s:%d) has %s=%ld, which only the C model has (%s): the RTL "
                 "has none",
                 c->name, c->file, c->line, mo->key, rtr_cfg_get(c, mo->key, 0), mo->doc);
        rc = -1;
    }
    if (!rc) {
        nr_rtr r = b->create(lcfg, have, o->params_size);
        char name[320];
        snprintf(name, sizeof name, "%s (%s)", b->cfg, b->dir);
        rc = params_agree(o, c, name, want, have, err, errlen);
        if (rc)
            nr_rtr_free(r);
        else
            *out = r;
    }
    free(want);
    return rc;
}

static const rtr_impl glue_impl = {"rtl", r_create};
const rtr_impl *rtr_rtl_impl(void) { return &glue_impl; }
