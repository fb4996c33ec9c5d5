/* cost_report.h - net_cost's Markdown tables (cost_report.c, docs/cost.md). */
#ifndef COST_REPORT_H
#define COST_REPORT_H
#include "cost.h"

/* The kit's networks of radix-64 routers priced under p. 0, or 1 with a
 * message. */
int cost_table_built(const cost_prm *p);
/* The kit's router configurations priced from their organizations' counts
 * (cost_rtr_of), beside the price by ports alone. 0, or 1 with a message. */
int cost_table_routers(const cost_prm *p);
/* The seeds' claims against the model under p: seed's value, ours,
 * agreement, the cause of each difference. */
int cost_table_claims(const cost_prm *p);

/* Cost against performance: each row of a net_sim --csv file (runs) priced
 * (routers of the ports of its configuration in cfgfile; with area, a make
 * area table, each router's silicon scaled by its configuration's
 * synthesized area over yarc-k64's; with counts, from its organization's
 * counts, cost_rtr_of), and the Pareto front of each size and pattern
 * marked. CSV, or Markdown when md. 0, or 2 with a message on bad input. */
int cost_table_pareto(const cost_prm *p, const char *runs, const char *area, const char *cfgfile,
                      int counts, int md);

#endif
