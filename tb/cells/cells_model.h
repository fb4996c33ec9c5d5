/* cells_model.h - C reference models of the common cells (rtl/common).
 *
 * Each model is one struct with no globals. Per clock cycle a test calls
 *   *_out(model, inputs..., &out)   the outputs the RTL must show in this
 *                                   cycle, before the clock edge (pure);
 *   *_step(model, inputs...)        commit the clock edge (the _d -> _q update).
 * The models follow the port descriptions in each RTL file header and in
 * docs/cells.md, not the RTL's internal structure. */
#ifndef CELLS_MODEL_H
#define CELLS_MODEL_H
#include <stdint.h>

/* ---- nr_fifo: Depth entries, ready = !full, valid = !empty, 1-cycle latency */
typedef struct {
    int depth;
    uint64_t *q; /* ring of depth words */
    int head, level;
} fifo_model;
typedef struct {
    int ready, valid;
    uint64_t data; /* meaningful when valid */
    uint32_t level;
} stream_model_out;
void fifo_model_init(fifo_model *m, int depth); /* empty, as after reset */
void fifo_model_free(fifo_model *m);
void fifo_model_reset(fifo_model *m);
void fifo_model_out(const fifo_model *m, stream_model_out *o);
void fifo_model_step(fifo_model *m, int valid_i, uint64_t data_i, int ready_i);

/* ---- nr_delay: out(t) = in(t - latency) */
typedef struct {
    int latency;
    int *valid; /* ring of latency + 1 entries */
    uint64_t *data;
    long t;
} delay_model;
void delay_model_init(delay_model *m, int latency);
void delay_model_free(delay_model *m);
void delay_model_reset(delay_model *m); /* all stages invalid */
/* outputs in this cycle given this cycle's inputs (latency 0 passes them) */
void delay_model_out(const delay_model *m, int valid_i, uint64_t data_i, int *valid_o,
                     uint64_t *data_o);
void delay_model_step(delay_model *m, int valid_i, uint64_t data_i);

/* ---- nr_arb_rr (lru 0) and nr_arb_matrix (lru 1) */
typedef struct {
    int n;
    int ptr;         /* round robin: the highest-priority index */
    int lru;         /* the least recently granted first (nr_arb_matrix) */
    uint8_t ord[16]; /* lru: the requesters, highest priority first */
} arb_model;
void arb_model_init(arb_model *m, int n, int lru); /* reset state */
/* index granted for req (bit i = requester i), or -1 if req == 0 */
int arb_model_grant(const arb_model *m, uint64_t req);
void arb_model_step(arb_model *m, uint64_t req, int advance);
/* a key that identifies the state (for exhaustive state enumeration) */
uint64_t arb_model_key(const arb_model *m);

/* ---- nr_credit_cnt */
#define CREDIT_MAX_VCS 64
typedef struct {
    int num_vcs, max_credits, inc_w;
    int count[CREDIT_MAX_VCS];
} credit_model;
void credit_model_init(credit_model *m, int num_vcs, int max_credits, int inc_w);
/* 1 if (dec, inc) is legal for VC v: no debit at 0 without a return, and the
 * result stays <= max_credits */
int credit_model_legal(const credit_model *m, int v, int dec, int inc);
void credit_model_step(credit_model *m, uint64_t dec_i, uint64_t inc_i);

#endif
