/* org.c - what every organization shares (org.h): the registry lookups, the
 * parameters of a named configuration from the organization's keys, its
 * geometry, and its C model behind rtr_impl. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/org.h"

const rtr_org *rtr_org_find(const char *name)
{
    for (int i = 0; rtr_orgs[i]; i++)
        if (!strcmp(rtr_orgs[i]->name, name)) return rtr_orgs[i];
    return NULL;
}

const rtr_org *rtr_org_for_top(const char *top)
{
    for (int i = 0; rtr_orgs[i]; i++)
        if (rtr_orgs[i]->top && !strcmp(rtr_orgs[i]->top, top)) return rtr_orgs[i];
    return NULL;
}

const rtr_org *rtr_org_of(const rtr_namedcfg *c, char *err, int errlen)
{
    const rtr_org *o = rtr_org_for_top(c->top);
    if (!o && (o = rtr_org_find(c->top)) && o->top) o = NULL; /* an RTL org goes by its top */
    if (!o) {
        int n = snprintf(err, (size_t)errlen,
                         "%s:%d: configuration %s has top %s, which no organization of the "
                         "catalog builds (router tops:",
                         c->file, c->line, c->name, c->top);
        for (int i = 0; rtr_orgs[i] && n >= 0 && n < errlen; i++)
            n += snprintf(err + n, (size_t)(errlen - n), " %s",
                          rtr_orgs[i]->top ? rtr_orgs[i]->top : rtr_orgs[i]->name);
        if (n >= 0 && n < errlen) snprintf(err + n, (size_t)(errlen - n), ")");
    }
    return o;
}

const rtr_key *rtr_org_key(const rtr_org *o, const char *key)
{
    for (const rtr_key *k = o->keys; k->key; k++)
        if (!strcmp(k->key, key)) return k;
    return NULL;
}

const rtr_key *rtr_org_model_only(const rtr_org *o, const rtr_namedcfg *c)
{
    for (const rtr_key *k = o->keys; k->key; k++)
        if ((k->flags & RTR_K_MODEL) && rtr_cfg_get(c, k->key, 0) != 0) return k;
    return NULL;
}

int rtr_org_params(const rtr_org *o, const rtr_namedcfg *c, void *p, char *err, int errlen)
{
    for (int i = 0; i < c->nparams; i++)
        if (!rtr_org_key(o, c->key[i])) {
            int n = snprintf(err, (size_t)errlen,
                             "%s:%d: unknown parameter '%s' for top %s (its parameters:", c->file,
                             c->line, c->key[i], c->top);
            for (const rtr_key *k = o->keys; k->key && n >= 0 && n < errlen; k++)
                n += snprintf(err + n, (size_t)(errlen - n), " %s", k->key);
            if (n >= 0 && n < errlen) snprintf(err + n, (size_t)(errlen - n), ")");
            return -1;
        }
    memset(p, 0, o->params_size);
    const rtr_key *lk = rtr_org_key(o, "UseLcb");
    const int lcb = lk && rtr_cfg_get(c, lk->key, lk->dflt) != 0;
    for (const rtr_key *k = o->keys; k->key; k++) {
        long v = rtr_cfg_get(c, k->key, k->dflt);
        const int pow2 = (k->flags & RTR_K_POW2) != 0;
        const int bad = v < k->min || v > k->max || (pow2 && (v & (v - 1)));
        if (bad && (lcb || !(k->flags & RTR_K_LCB))) {
            snprintf(err, (size_t)errlen,
                     "%s:%d: configuration %s: %s = %ld: must be %s%ld%s%ld (%s)", c->file, c->line,
                     c->name, k->key, v, pow2 ? "a power of two, " : "", k->min,
                     k->max == k->min + 1 ? " or " : "..", k->max, k->doc);
            return -1;
        }
        int iv = (int)v;
        memcpy((char *)p + k->off, &iv, sizeof iv);
    }
    char e2[300];
    if (o->check(p, e2, sizeof e2)) {
        snprintf(err, (size_t)errlen, "%s:%d: configuration %s: %s", c->file, c->line, c->name, e2);
        return -1;
    }
    return 0;
}

/* Every organization's parameter struct holds its port parameters at the
 * offset of its NumVcs key (RTR_PORT_KEYS: .port.num_vcs, the struct's first
 * field). */
const nr_port_params *rtr_org_port(const rtr_org *o, const void *p)
{
    const rtr_key *k = rtr_org_key(o, "NumVcs");
    return (const nr_port_params *)((const char *)p + k->off - offsetof(nr_port_params, num_vcs));
}

int rtr_org_geom(const rtr_org *o, const rtr_namedcfg *c, rtr_geom *g, char *err, int errlen)
{
    void *p = malloc(o->params_size);
    if (!p) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    int rc = rtr_org_params(o, c, p, err, errlen);
    if (!rc) o->geom(p, g);
    free(p);
    return rc;
}

static int model_create(const rtr_namedcfg *c, const nr_lcb_cfg *lcfg, nr_rtr *out, char *err,
                        int errlen)
{
    const rtr_org *o = rtr_org_of(c, err, errlen);
    if (!o) return -1;
    void *p = malloc(o->params_size);
    if (!p) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    int rc = rtr_org_params(o, c, p, err, errlen);
    if (!rc) {
        *out = o->model(p, lcfg, err, errlen);
        rc = nr_rtr_valid(*out) ? 0 : -1;
    }
    free(p);
    return rc;
}

const rtr_impl rtr_model_impl = {"model", model_create};
