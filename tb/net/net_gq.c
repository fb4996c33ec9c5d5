/* net_gq.c - UGAL-G's oracle on the dragonfly (docs/network.md "Topology:
 * dfly"): a routing no router can run, built in the simulator as the seed's
 * simulators build it. Each source router's RC reads, for the logical port
 * of each route, the queue of the global channel that route takes, at the
 * router that holds the channel, as that router's own RC would estimate it
 * (its start-of-cycle view; docs/fbfly-routing.md 6.1). The network copies
 * those queues into a table per router before any router of the cycle is
 * evaluated (so the order of evaluation, fused or threaded, changes
 * nothing); the C models read it (nr_yarc_set_gq). */
#define _POSIX_C_SOURCE 200809L
#include "net_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct netgq {
    int nch;     /* the global channels read */
    net_end *ch; /* their routers and output ports */
    int *q;      /* their queues this cycle */
    int *at;     /* [r * NR_MAX_PORTS + l]: the channel of router r's logical port l, or -1 */
    int *tab;    /* [r * NR_MAX_PORTS + l]: what router r's RC reads */
    const rtr_org **org; /* [channel]: its router's organization */
};

void net_gq_free(net_t *n)
{
    if (!n->gq) return;
    free(n->gq->ch), free(n->gq->q), free(n->gq->at), free(n->gq->tab), free(n->gq->org);
    free(n->gq);
    n->gq = NULL;
}

/* The channels of at (router and port), each once: their indices into at. */
static int gq_channels(net_t *n, const net_end *at)
{
    struct netgq *g = n->gq;
    const size_t E = (size_t)n->t.nrtr * NR_MAX_PORTS;
    int *idx = malloc(E * sizeof *idx); /* [router * NR_MAX_PORTS + port]: channel index */
    if (!idx) return -1;
    memset(idx, 0xff, E * sizeof *idx);
    for (size_t i = 0; i < E; i++) {
        g->at[i] = -1;
        if (at[i].rtr < 0) continue;
        const size_t c = (size_t)at[i].rtr * NR_MAX_PORTS + (size_t)at[i].port;
        if (idx[c] < 0) {
            idx[c] = g->nch;
            g->ch[g->nch] = at[i];
            g->org[g->nch++] = n->org[n->t.r[at[i].rtr].level - 1];
        }
        g->at[i] = idx[c];
    }
    free(idx);
    return 0;
}

int net_gq_setup(net_t *n, char *err, int errlen)
{
    const size_t E = (size_t)n->t.nrtr * NR_MAX_PORTS;
    net_end *at = n->t.kind->oracle ? malloc(E * sizeof *at) : NULL;
    if (n->t.kind->oracle && !at) goto oom;
    if (!at || !n->t.kind->oracle(&n->t, at)) {
        free(at);
        return 0;
    }
    const char *why = n->o->impl != NET_IMPL_MODEL ? "--impl model" : NULL;
    for (int l = 0; !why && l < n->t.levels; l++)
        if (!n->org[l]->set_gq || !n->org[l]->out_q) why = "an organization whose model has it";
    if (why) {
        snprintf(err, (size_t)errlen,
                 "--routing %s is an oracle (it reads other routers' global queues, "
                 "docs/network.md \"Topology: dfly\"): it runs on the C models, and needs %s "
                 "(yarc, nwn)",
                 n->route->name, why);
        free(at);
        return 2;
    }
    struct netgq *g = n->gq = calloc(1, sizeof *g);
    if (g) {
        g->ch = malloc(E * sizeof *g->ch), g->q = calloc(E, sizeof *g->q);
        g->at = malloc(E * sizeof *g->at), g->tab = calloc(E, sizeof *g->tab);
        g->org = malloc(E * sizeof *g->org);
    }
    if (!g || !g->ch || !g->q || !g->at || !g->tab || !g->org || gq_channels(n, at)) {
        free(at);
        goto oom;
    }
    free(at);
    for (int r = 0; r < n->t.nrtr; r++)
        n->org[n->t.r[r].level - 1]->set_gq(n->rt[r], &g->tab[(size_t)r * NR_MAX_PORTS]);
    return 0;
oom:
    snprintf(err, (size_t)errlen, "out of memory");
    return 2;
}

void net_gq_fill(net_t *n)
{
    struct netgq *g = n->gq;
    for (int c = 0; c < g->nch; c++) g->q[c] = g->org[c]->out_q(n->rt[g->ch[c].rtr], g->ch[c].port);
    const size_t E = (size_t)n->t.nrtr * NR_MAX_PORTS;
    for (size_t i = 0; i < E; i++)
        if (g->at[i] >= 0) g->tab[i] = g->q[g->at[i]];
}
