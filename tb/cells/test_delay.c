/* test_delay.c - nr_delay against its C model: out(t) = in(t - Latency).
 *
 * Random source idles (valid probability drawn per phase) and occasional
 * mid-run resets, after which nothing may come out for Latency cycles. Every
 * cycle valid_o must equal the model's and data_o too when valid. Latency 0
 * is checked within the cycle (combinational). */
#include <stdio.h>

#include "cells_model.h"
#include "cells_shim.h"
#include "cells_util.h"

int main(int argc, char **argv)
{
    cu_args a;
    nr_rng_t r;
    char name[64];
    int width = cells_param("Width"), latency = cells_param("Latency");
    snprintf(name, sizeof name, "test_delay_w%d_l%d", width, latency);
    cu_parse(argc, argv, &a, name, 50000, NULL);
    printf("%s: seed %llu, cycles %ld, nr_delay Width=%d Latency=%d\n", name,
           (unsigned long long)a.seed, a.cycles, width, latency);
    nr_rng_seed(&r, a.seed);
    uint64_t mask = cu_mask(width);

    delay_model m;
    delay_model_init(&m, latency);
    delay_dut *h = delay_new(a.seed);
    delay_reset(h);
    long in = 0, out = 0, resets = 0;
    unsigned p_in = 50;
    for (long c = 0; c < a.cycles; c++) {
        if (c % 300 == 0) {
            static const unsigned probs[] = {100, 90, 50, 10, 1};
            p_in = probs[(uint32_t)nr_rng_below(&r, 5)];
            if (cu_rng_pct(&r, 10)) {
                delay_set(h, 0, 0);
                delay_reset(h);
                delay_model_reset(&m);
                resets++;
            }
        }
        int v = cu_rng_pct(&r, p_in);
        uint64_t d = nr_rng_u64(&r) & mask;
        int ev;
        uint64_t ed;
        delay_set(h, v, d);
        delay_model_out(&m, v, d, &ev, &ed);
        cu_check(&a, c, "valid_o", (uint64_t)ev, (uint64_t)delay_valid(h));
        if (ev) cu_check(&a, c, "data_o", ed, delay_data(h));
        delay_model_step(&m, v, d);
        delay_tick(h);
        in += v;
        out += ev;
    }
    printf("PASS %s: %ld cycles, %ld words in, %ld out, %ld resets (seed %llu)\n", name, a.cycles,
           in, out, resets, (unsigned long long)a.seed);
    delay_free(h);
    delay_model_free(&m);
    return 0;
}
