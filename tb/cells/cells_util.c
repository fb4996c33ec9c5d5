/* cells_util.c - command line and failure reports for tb/cells tests. */
#include "cells_util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f, const char *prog, long def_cycles, const char *modes)
{
    fprintf(f, "usage: %s [--seed N] [--cycles N]%s%s%s\n", prog, modes ? " [--mode " : "",
            modes ? modes : "", modes ? "]" : "");
    fprintf(f, "  --seed N    random seed (default 1)\n");
    fprintf(f, "  --cycles N  random cycles, N >= 1 (default %ld)\n", def_cycles);
}

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    if (!s || !*s || *s == '-') return 0;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end) return 0;
    *v = x;
    return 1;
}

static int mode_ok(const char *modes, const char *m)
{
    size_t n = strlen(m);
    const char *p = modes;
    while (n && (p = strstr(p, m)) != NULL) {
        if ((p == modes || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return 1;
        p += n;
    }
    return 0;
}

void cu_parse(int argc, char **argv, cu_args *a, const char *test, long def_cycles,
              const char *modes)
{
    a->test = test;
    a->seed = 1;
    a->cycles = def_cycles;
    a->mode = NULL;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t x;
        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            usage(stdout, argv[0], def_cycles, modes);
            exit(0);
        } else if (!strcmp(o, "--seed")) {
            if (!parse_u64(v, &x)) {
                fprintf(stderr, "%s: --seed wants a non-negative integer, got '%s'\n", test,
                        v ? v : "");
                exit(2);
            }
            a->seed = x;
            i++;
        } else if (!strcmp(o, "--cycles")) {
            if (!parse_u64(v, &x) || x < 1 || x > 1000000000ull) {
                fprintf(stderr, "%s: --cycles wants an integer 1..1e9, got '%s'\n", test,
                        v ? v : "");
                exit(2);
            }
            a->cycles = (long)x;
            i++;
        } else if (!strcmp(o, "--mode") && modes) {
            if (!v || !mode_ok(modes, v)) {
                fprintf(stderr, "%s: --mode wants one of: %s; got '%s'\n", test, modes, v ? v : "");
                exit(2);
            }
            a->mode = v;
            i++;
        } else {
            fprintf(stderr, "%s: unknown argument '%s'\n", test, o);
            usage(stderr, argv[0], def_cycles, modes);
            exit(2);
        }
    }
}

void cu_fail(const cu_args *a, long cycle, const char *what, uint64_t expected, uint64_t actual)
{
    fflush(stdout);
    printf("FAIL %s: cycle %ld: %s: expected 0x%llx, actual 0x%llx (seed %llu)\n", a->test, cycle,
           what, (unsigned long long)expected, (unsigned long long)actual,
           (unsigned long long)a->seed);
    fflush(stdout);
    exit(1);
}

void cu_failf(const cu_args *a, long cycle, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    printf("FAIL %s: cycle %ld: ", a->test, cycle);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf(" (seed %llu)\n", (unsigned long long)a->seed);
    fflush(stdout);
    exit(1);
}
