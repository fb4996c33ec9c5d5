// shim_cov.hpp - write a Verilated model's coverage counts when the model is
// freed (builds made with COVERAGE=1: Verilator --coverage, the shim compiled
// with -DVM_COVERAGE=1; make coverage, scripts/coverage.sh). The counts go to
// $NR_COV_DIR/cov-<pid>-<n>.dat, one file per model freed; nothing is
// written when NR_COV_DIR is unset or in an ordinary build.
#ifndef NR_SHIM_COV_HPP
#define NR_SHIM_COV_HPP
#include "verilated.h"
#if VM_COVERAGE
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "verilated_cov.h"

static inline void nr_cov_write(VerilatedContext *ctx)
{
    const char *dir = std::getenv("NR_COV_DIR");
    if (!dir || !*dir) return;
    static int n = 0;
    char path[4096];
    std::snprintf(path, sizeof path, "%s/cov-%ld-%d.dat", dir, (long)getpid(), n++);
    ctx->coveragep()->write(path);
}
#else
static inline void nr_cov_write(VerilatedContext *) {}
#endif
#endif
