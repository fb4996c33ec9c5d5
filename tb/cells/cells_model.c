/* cells_model.c - C reference models of the common cells. See cells_model.h. */
#include "cells_model.h"

#include <stdlib.h>
#include <string.h>

#include "nr_crc.h"
#include "nr_fmt.h"

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

/* ---- nr_pipe ---------------------------------------------------------- */
void pipe_model_reset(pipe_model *m)
{
    m->out_valid = 0;
    m->skid_valid = 0;
}

void pipe_model_out(const pipe_model *m, stream_model_out *o)
{
    o->ready = !m->skid_valid;
    o->valid = m->out_valid;
    o->data = m->out;
    o->level = 0;
}

void pipe_model_step(pipe_model *m, int valid_i, uint64_t data_i, int ready_i)
{
    int accept = valid_i && !m->skid_valid;
    if (!m->out_valid || ready_i) {
        if (m->skid_valid) { /* the parked word moves to the output */
            m->out = m->skid;
            m->out_valid = 1;
            m->skid_valid = 0;
        } else {
            m->out_valid = accept;
            if (accept) m->out = data_i;
        }
    } else if (accept) { /* output stalled: park the word */
        m->skid = data_i;
        m->skid_valid = 1;
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

/* ---- arbiters --------------------------------------------------------- */
void arb_model_init(arb_model *m, int matrix, int n)
{
    memset(m, 0, sizeof *m);
    m->matrix = matrix;
    m->n = n;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) m->beats[i][j] = i < j; /* after reset: lower index first */
}

int arb_model_grant(const arb_model *m, uint64_t req)
{
    if (!m->matrix) {
        for (int k = 0; k < m->n; k++) {
            int i = (m->ptr + k) % m->n;
            if ((req >> i) & 1) return i;
        }
        return -1;
    }
    for (int i = 0; i < m->n; i++) {
        if (!((req >> i) & 1)) continue;
        int wins = 1;
        for (int j = 0; j < m->n; j++)
            if (j != i && ((req >> j) & 1) && !m->beats[i][j]) wins = 0;
        if (wins) return i;
    }
    return -1;
}

void arb_model_step(arb_model *m, uint64_t req, int advance)
{
    int w = arb_model_grant(m, req);
    if (!advance || w < 0) return;
    if (!m->matrix) {
        m->ptr = (w + 1) % m->n;
        return;
    }
    for (int j = 0; j < m->n; j++) {
        if (j == w) continue;
        m->beats[w][j] = 0;
        m->beats[j][w] = 1;
    }
}

uint64_t arb_model_key(const arb_model *m)
{
    if (!m->matrix) return (uint64_t)m->ptr;
    uint64_t k = 0;
    int b = 0;
    for (int i = 0; i < m->n; i++)
        for (int j = i + 1; j < m->n; j++, b++)
            if (m->beats[i][j]) k |= 1ull << b;
    return k;
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

/* ---- nr_pkt_crc ------------------------------------------------------- */
#define KIND(p) (((p) >> NR_KIND_LSB) & ((1u << NR_KIND_W) - 1))
#define DATA(p) ((p) & ((1u << NR_DATA_W) - 1))
#define EOP_TAIL_W (NR_EOP_OK_W + NR_EOP_RSVD_W)

void pktcrc_model_reset(pktcrc_model *m)
{
    m->in_pkt = 0;
    m->sticky = 0;
    m->crc = 0;
}

void pktcrc_model_out(const pktcrc_model *m, int valid_i, uint32_t phit_i, pktcrc_exp *o)
{
    unsigned k = KIND(phit_i);
    o->crc_data = m->crc;
    o->pcrc =
        nr_crc16_bits(m->crc, (phit_i >> NR_EOP_RSVD_LSB) & ((1u << EOP_TAIL_W) - 1), EOP_TAIL_W);
    o->eop = valid_i && k == NR_KIND_EOP && m->in_pkt;
    o->match = o->eop && o->pcrc == ((phit_i >> NR_EOP_CRC_LSB) & 0xFFFFu);
    o->proto_err =
        valid_i && (k == NR_KIND_RSVD || (k == NR_KIND_BODY && !m->in_pkt) ||
                    (k == NR_KIND_EOP && !m->in_pkt) || (k == NR_KIND_HEAD && m->in_pkt));
    o->sticky = m->sticky;
}

void pktcrc_model_step(pktcrc_model *m, int valid_i, uint32_t phit_i)
{
    pktcrc_exp o;
    pktcrc_model_out(m, valid_i, phit_i, &o);
    unsigned k = KIND(phit_i);
    m->sticky |= o.proto_err;
    if (!valid_i) return;
    if (k == NR_KIND_HEAD) {
        m->crc = nr_crc16_bits(NR_CRC16_INIT, DATA(phit_i), NR_DATA_W);
        m->in_pkt = 1;
    } else if (k == NR_KIND_BODY && m->in_pkt) {
        m->crc = nr_crc16_bits(m->crc, DATA(phit_i), NR_DATA_W);
    } else if (k == NR_KIND_EOP) {
        m->in_pkt = 0;
    }
}
