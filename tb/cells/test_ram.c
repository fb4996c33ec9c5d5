/* test_ram.c - nr_ram_1r1w against a C model (an array and a read register).
 *
 * Random writes and reads (each enable with probability drawn per phase),
 * including reads of the address written in the same cycle, which return
 * the old word in this model (documented in the RTL header). Every cycle
 * rdata_o must equal the model's read register, which holds between reads.
 * Words never written since time 0 are unknown (random initial values) and
 * are not compared. */
#include <stdio.h>
#include <stdlib.h>

#include "cells_shim.h"
#include "cells_util.h"

typedef struct {
    int depth;
    uint64_t *mem;
    uint8_t *known; /* word written at least once */
    uint64_t rdata;
    int rdata_known;
} ram_model;

/* commit one clock edge: the read sees the memory before this edge's write */
static void ram_model_step(ram_model *m, int we, uint32_t waddr, uint64_t wdata, int re,
                           uint32_t raddr)
{
    if (re) {
        m->rdata = m->mem[raddr];
        m->rdata_known = m->known[raddr];
    }
    if (we) {
        m->mem[waddr] = wdata;
        m->known[waddr] = 1;
    }
}

int main(int argc, char **argv)
{
    cu_args a;
    nr_rng_t r;
    char name[64];
    int width = cells_param("Width"), depth = cells_param("Depth");
    snprintf(name, sizeof name, "test_ram_w%d_d%d", width, depth);
    cu_parse(argc, argv, &a, name, 50000, NULL);
    printf("%s: seed %llu, cycles %ld, nr_ram_1r1w Width=%d Depth=%d\n", name,
           (unsigned long long)a.seed, a.cycles, width, depth);
    nr_rng_seed(&r, a.seed);
    uint64_t mask = cu_mask(width);

    ram_model m = {depth, calloc((size_t)depth, 8), calloc((size_t)depth, 1), 0, 0};
    ram_dut *h = ram_new(a.seed);
    ram_reset(h);
    long writes = 0, reads = 0, same_addr = 0, compared = 0;
    unsigned p_we = 50, p_re = 50;
    for (long c = 0; c < a.cycles; c++) {
        if (c % 500 == 0) {
            p_we = 10 + (uint32_t)nr_rng_below(&r, 91);
            p_re = 10 + (uint32_t)nr_rng_below(&r, 91);
        }
        int we = cu_rng_pct(&r, p_we), re = cu_rng_pct(&r, p_re);
        uint32_t waddr = (uint32_t)nr_rng_below(&r, (uint32_t)depth);
        uint32_t raddr = cu_rng_pct(&r, 20) ? waddr : (uint32_t)nr_rng_below(&r, (uint32_t)depth);
        uint64_t wdata = nr_rng_u64(&r) & mask;
        ram_set(h, we, waddr, wdata, re, raddr);
        if (m.rdata_known) {
            cu_check(&a, c, "rdata_o", m.rdata, ram_rdata(h));
            compared++;
        }
        ram_model_step(&m, we, waddr, wdata, re, raddr);
        ram_tick(h);
        writes += we;
        reads += re;
        same_addr += we && re && waddr == raddr;
    }
    printf("PASS %s: %ld cycles, %ld writes, %ld reads (%ld to the address being written), "
           "%ld rdata compares (seed %llu)\n",
           name, a.cycles, writes, reads, same_addr, compared, (unsigned long long)a.seed);
    ram_free(h);
    free(m.mem);
    free(m.known);
    return 0;
}
