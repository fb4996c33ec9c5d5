/* org_oq.c - the ideal output-queued router (docs/oq-arch.md) as an
 * organization (org.h): bare ports, unbounded output queues, no internal
 * contention; the baseline of the sweeps. C model only (no RTL top): its
 * configurations name the organization as their top ("oq"). It routes by
 * the tables every organization shares (tables.c), so it runs alone and in
 * any network the catalog builds. */
#include <stdio.h>

#include "catalog/org.h"
#include "nr_oq.h"

#define T nr_oq_params
static const rtr_key oq_keys[] = {
    RTR_PORT_KEYS(T),
    RTR_KEY(T, "NumPorts", num_ports, 64, 2, 64, 0, "ports"),
    {NULL, NULL, 0, 0, 0, 0, 0, NULL},
};

static int oq_check(const void *p, char *err, int errlen) { return nr_oq_check(p, err, errlen); }

static nr_rtr oq_model(const void *p, const nr_lcb_cfg *lcfg, char *err, int errlen)
{
    nr_oq *m = nr_oq_new(p, lcfg, err, errlen);
    return m ? nr_oq_rtr(m) : (nr_rtr){NULL, NULL};
}

static void oq_geom(const void *pv, rtr_geom *g)
{
    const T *p = pv;
    rtr_geom_ports(g, p->num_ports, &p->port);
}

const rtr_org rtr_org_oq = {
    .name = "oq",
    .summary = "the ideal output-queued router: bare ports, unbounded output queues, no "
               "internal contention (C model only; the sweeps' baseline)",
    .doc = "docs/oq-arch.md",
    .top = NULL,
    .params_size = sizeof(T),
    .keys = oq_keys,
    .check = oq_check,
    .model = oq_model,
    .geom = oq_geom,
    RTR_ORG_ROUTE_TABLES,
    .may_reorder = nr_route_may_reorder,
};
