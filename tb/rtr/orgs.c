/* orgs.c - the switch organizations this testbench knows (org_*.c), found by
 * name or by the top module of a named configuration. */
#include <stddef.h>
#include <string.h>

#include "rtr.h"

static const rtr_org *const orgs[] = {&rtr_org_yarc, &rtr_org_nwn};

const rtr_org *rtr_org_find(const char *name)
{
    for (size_t i = 0; i < sizeof orgs / sizeof orgs[0]; i++)
        if (!strcmp(orgs[i]->name, name)) return orgs[i];
    return NULL;
}

const rtr_org *rtr_org_for_top(const char *top)
{
    for (size_t i = 0; i < sizeof orgs / sizeof orgs[0]; i++)
        if (!strcmp(orgs[i]->top, top)) return orgs[i];
    return NULL;
}
