/* cost_report.h - net_cost's Markdown tables (cost_report.c, docs/cost.md). */
#ifndef COST_REPORT_H
#define COST_REPORT_H
#include "cost.h"

/* The kit's networks of radix-64 routers priced under p. 0, or 1 with a
 * message. */
int cost_table_built(const cost_prm *p);
/* The seeds' claims against the model under p: seed's value, ours,
 * agreement, the cause of each difference. */
int cost_table_claims(const cost_prm *p);

#endif
