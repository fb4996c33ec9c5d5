/* cells_model.c - C reference models of the common cells. See cells_model.h. */
#include "cells_model.h"

#include <stdlib.h>
#include <string.h>

/* ---- nr_fifo ---------------------------------------------------------- */
void fifo_model_init(fifo_model *m, int depth)
{
    m->depth = depth;
    m->q = calloc((size_t)depth, sizeof *m->q);
    if (!m->q) abort();
    fifo_model_reset(m);
}

void fifo_model_free(fifo_model *m)
{
    free(m->q);
    m->q = NULL;
}

void fifo_model_reset(fifo_model *m)
{
    m->head = 0;
    m->level = 0;
}

void fifo_model_out(const fifo_model *m, stream_model_out *o)
{
    o->ready = m->level != m->depth;
    o->valid = m->level != 0;
    o->data = m->q[m->head];
    o->level = (uint32_t)m->level;
}

void fifo_model_step(fifo_model *m, int valid_i, uint64_t data_i, int ready_i)
{
    int push = valid_i && m->level != m->depth;
    int pop = ready_i && m->level != 0;
    if (pop) {
        m->head = (m->head + 1) % m->depth;
        m->level--;
    }
    if (push) {
        m->q[(m->head + m->level) % m->depth] = data_i;
        m->level++;
    }
}

/* ---- nr_delay --------------------------------------------------------- */
void delay_model_init(delay_model *m, int latency)
{
    m->latency = latency;
    m->valid = calloc((size_t)latency + 1, sizeof *m->valid);
    m->data = calloc((size_t)latency + 1, sizeof *m->data);
    if (!m->valid || !m->data) abort();
    delay_model_reset(m);
}

void delay_model_free(delay_model *m)
{
    free(m->valid);
    free(m->data);
}

void delay_model_reset(delay_model *m)
{
    memset(m->valid, 0, ((size_t)m->latency + 1) * sizeof *m->valid);
    m->t = 0;
}

void delay_model_out(const delay_model *m, int valid_i, uint64_t data_i, int *valid_o,
                     uint64_t *data_o)
{
    if (m->latency == 0) {
        *valid_o = valid_i;
        *data_o = data_i;
        return;
    }
    /* slot of cycle t - latency (the ring holds latency + 1 cycles) */
    long n = m->latency + 1;
    long slot = ((m->t - m->latency) % n + n) % n;
    *valid_o = m->valid[slot];
    *data_o = m->data[slot];
}

void delay_model_step(delay_model *m, int valid_i, uint64_t data_i)
{
    long slot = m->t % (m->latency + 1);
    m->valid[slot] = valid_i;
    m->data[slot] = data_i;
    m->t++;
}

/* ---- nr_arb_rr -------------------------------------------------------- */
void arb_model_init(arb_model *m, int n, int lru)
{
    m->n = n;
    m->ptr = 0; /* after reset: lower index first */
    m->lru = lru;
    for (int k = 0; k < n; k++) m->ord[k] = (uint8_t)k;
}

int arb_model_grant(const arb_model *m, uint64_t req)
{
    for (int k = 0; k < m->n; k++) {
        int i = m->lru ? m->ord[k] : (m->ptr + k) % m->n;
        if ((req >> i) & 1) return i;
    }
    return -1;
}

void arb_model_step(arb_model *m, uint64_t req, int advance)
{
    int w = arb_model_grant(m, req);
    if (!advance || w < 0) return;
    m->ptr = (w + 1) % m->n;
    if (!m->lru) return;
    int k = 0; /* the winner goes after every other requester */
    while (m->ord[k] != w) k++;
    for (; k + 1 < m->n; k++) m->ord[k] = m->ord[k + 1];
    m->ord[m->n - 1] = (uint8_t)w;
}

/* the pointer; for lru the order's rank (Lehmer code, < n!) */
uint64_t arb_model_key(const arb_model *m)
{
    if (!m->lru) return (uint64_t)m->ptr;
    uint64_t key = 0;
    for (int k = 0; k < m->n; k++) {
        int smaller = 0;
        for (int j = k + 1; j < m->n; j++) smaller += m->ord[j] < m->ord[k];
        key = key * (uint64_t)(m->n - k) + (uint64_t)smaller;
    }
    return key;
}

/* ---- nr_credit_cnt ---------------------------------------------------- */
void credit_model_init(credit_model *m, int num_vcs, int max_credits, int inc_w)
{
    m->num_vcs = num_vcs;
    m->max_credits = max_credits;
    m->inc_w = inc_w;
    for (int v = 0; v < num_vcs; v++) m->count[v] = max_credits;
}

int credit_model_legal(const credit_model *m, int v, int dec, int inc)
{
    if (dec && m->count[v] == 0 && inc == 0) return 0;
    return m->count[v] - dec + inc <= m->max_credits;
}

void credit_model_step(credit_model *m, uint64_t dec_i, uint64_t inc_i)
{
    uint64_t mask = (1ull << m->inc_w) - 1;
    for (int v = 0; v < m->num_vcs; v++) {
        int dec = (int)((dec_i >> v) & 1);
        int inc = (int)((inc_i >> (v * m->inc_w)) & mask);
        m->count[v] += inc - dec;
    }
}
