/* nr_oq.h - the ideal output-queued router (docs/oq-arch.md): a C model with
 * bare ports, unbounded output queues and no internal contention, the
 * baseline the real organizations are measured against. Per cycle it is an
 * nr_router.h router (nr_oq_rtr gives its nr_rtr). C model only: no RTL.
 */
#ifndef NR_OQ_H
#define NR_OQ_H
#include "nr_lcb.h"
#include "nr_router.h"

/* Parameters (docs/oq-arch.md section 2). */
typedef struct {
    int num_ports; /* 2..64 */
    nr_port_params port;
} nr_oq_params;

/* Check p: 0, or -1 with a message. */
int nr_oq_check(const nr_oq_params *p, char *err, int errlen);

typedef struct nr_oq nr_oq;
/* Create in reset state (routing tables in single-router mode); NULL and a
 * message on a bad parameter or out of memory. lcfg is not used (bare
 * ports). */
nr_oq *nr_oq_new(const nr_oq_params *p, const nr_lcb_cfg *lcfg, char *err, int errlen);
void nr_oq_free(nr_oq *m);
/* The model as an nr_rtr (nr_rtr_free frees it). */
nr_rtr nr_oq_rtr(nr_oq *m);

#endif
