/* nr_cli.h - command-line and config-file helpers for the kit's programs.
 *
 * Conventions every program follows:
 *   - options are --name VALUE or --name=VALUE (flags take no value);
 *     -h/--help prints the usage to stdout and exits 0;
 *   - an unknown option prints "prog: unknown option '--x'" and the usage to
 *     stderr and exits 2; a bad value prints
 *     "prog: --opt: expected an integer in [1, 64], got '99'" and exits 2;
 *   - the program prints its seed at start (nr_cli_print_seed).
 * Each parser has an error-returning form (0 ok, -1 error with the message in
 * err, for tests and for library use) and an exiting form (prints, exit 2).
 *
 * Config files: one "key = value" per line, '#' starts a comment, blank lines
 * and surrounding spaces ignored; keys are [A-Za-z_][A-Za-z0-9_.-]*. An error
 * reads "file:line: expected ...".
 */
#ifndef NR_CLI_H
#define NR_CLI_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- value parsers: 0 ok, -1 with "expected ..., got 'x'" in err ---- */

/* Decimal integer (optional sign, 0x hex allowed) in [lo, hi]. Never octal:
 * a leading zero is decimal ("010" is 10). The usage says so. */
int nr_cli_parse_long(const char *s, long lo, long hi, long *out, char *err, size_t n);
/* Unsigned 64-bit integer (decimal or 0x hex, no sign, never octal) in
 * [lo, hi]: seeds. */
int nr_cli_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out, char *err, size_t n);
/* Finite floating-point number in [lo, hi]. */
int nr_cli_parse_double(const char *s, double lo, double hi, double *out, char *err, size_t n);
/* One of the NULL-terminated names; *out = its index. The error lists all. */
int nr_cli_parse_enum(const char *s, const char *const *names, int *out, char *err, size_t n);
/* Comma-separated integers in [lo, hi], at most max of them: "3,7,11". */
int nr_cli_parse_list(const char *s, long lo, long hi, int *out, int max, int *count, char *err,
                      size_t n);

/* ---- option parser ---- */

typedef struct {
    const char *name; /* without the dashes: "load" for --load */
    const char *arg;  /* value placeholder for the usage ("F"), NULL for a flag */
    const char *help; /* one line */
} nr_cli_opt_t;

enum { NR_CLI_END = -1, NR_CLI_ARG = -2, NR_CLI_ERROR = -3, NR_CLI_HELP = -4 };

typedef struct {
    const char *prog, *synopsis;
    const nr_cli_opt_t *opts; /* terminated by an entry with name NULL */
    int argc;
    char **argv;
    int idx;         /* next argv index */
    const char *cur; /* name of the option being handled */
    int rest;        /* after "--": all arguments positional */
    char err[256];
} nr_cli_t;

/* Start parsing argv[1..argc-1] against opts. synopsis is the text after the
 * program name in the usage line, e.g. "[options]". */
void nr_cli_init(nr_cli_t *c, const char *prog, const char *synopsis, const nr_cli_opt_t *opts,
                 int argc, char **argv);
/* Next item: the option's index in opts (*val = its value or NULL for a
 * flag), NR_CLI_ARG (*val = a positional argument), NR_CLI_HELP (-h or
 * --help), NR_CLI_END, or NR_CLI_ERROR with c->err set ("unknown option
 * '--x'", "option '--x' needs a value", "option '--x' takes no value").
 * Arguments after "--" are positional. Only whole option names match, never
 * a prefix: the reason this is not getopt_long (docs/testbench-library.md,
 * "cli"). */
int nr_cli_next(nr_cli_t *c, const char **val);
/* nr_cli_next, but NR_CLI_ERROR prints "prog: <err>" and the usage to stderr
 * and exits 2, and NR_CLI_HELP prints the usage to stdout and exits 0 (1 when
 * it could not be written: nr_out_stdout). */
int nr_cli_next_or_exit(nr_cli_t *c, const char **val);
/* Usage: "usage: prog synopsis" and one line per option. */
void nr_cli_usage(const nr_cli_t *c, FILE *f);
/* Print "prog: msg" to stderr and exit 2. For errors found after parsing
 * (e.g. a traffic pattern that needs a power-of-two port count). */
_Noreturn void nr_cli_die(const nr_cli_t *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Value of the current option parsed by the matching nr_cli_parse_*; on
 * error print "prog: --opt: expected ..." to stderr and exit 2. */
long nr_cli_long(nr_cli_t *c, const char *val, long lo, long hi);
uint64_t nr_cli_u64(nr_cli_t *c, const char *val, uint64_t lo, uint64_t hi);
double nr_cli_double(nr_cli_t *c, const char *val, double lo, double hi);
int nr_cli_enum(nr_cli_t *c, const char *val, const char *const *names);
/* The current option's value, a file the program writes after the run
 * (--csv: append = 1, a row added; --turns, --links: 0, the whole file):
 * checked now with nr_out_check (nr_out.h), so that a path that cannot be
 * written stops the program before the run ("prog: --opt: cannot write
 * 'PATH': reason", exit 2), not after it. Nothing is created. */
const char *nr_cli_out_path(nr_cli_t *c, const char *val, int append);

/* ---- sub-fields of one value ("fixed:8", "5:0.25", "a,b,c") ---- */

/* Split s at every sep into between min and max fields, pointers into buf
 * (which gets a copy of s). The number of fields, or -1 when there are too
 * few or too many or s does not fit in buf (a value is never cut short).
 * Empty fields are kept, for the field's parser to refuse. */
int nr_cli_split(const char *s, char sep, char *buf, size_t bufn, const char **field, int min,
                 int max);
/* nr_cli_split on the current option's value v; on an error "prog: --opt:
 * expected FORM, got 'v'" and exit 2. */
int nr_cli_fields(nr_cli_t *c, const char *v, char sep, int min, int max, const char *form,
                  char *buf, size_t bufn, const char **field);
/* One field f of the current option's value whole, named what in the
 * message: "prog: --opt: WHAT: expected an integer in [lo, hi], got 'f' (in
 * 'whole')" and exit 2 when it does not parse or is out of range. */
long nr_cli_field_long(nr_cli_t *c, const char *whole, const char *what, const char *f, long lo,
                       long hi);
uint64_t nr_cli_field_u64(nr_cli_t *c, const char *whole, const char *what, const char *f,
                          uint64_t lo, uint64_t hi);
double nr_cli_field_double(nr_cli_t *c, const char *whole, const char *what, const char *f,
                           double lo, double hi);
/* Print "prog: seed N (0xHEX)" to f. Every program calls it at start. */
void nr_cli_print_seed(FILE *f, const char *prog, uint64_t seed);

/* ---- config files ---- */

/* Called for each key = value. Return 0, or -1 with a message that starts
 * with "expected" in err (the reader prefixes "file:line: "). */
typedef int (*nr_cfg_fn)(void *ctx, const char *key, const char *val, char *err, size_t n);

/* Parse config text (name is used in messages). Returns 0, or -1 with
 * "name:line: expected ..." in err; stops at the first error. */
int nr_cfg_parse_text(const char *name, const char *text, nr_cfg_fn fn, void *ctx, char *err,
                      size_t n);
/* Parse the file at path (errors as above, or "path: cannot read: ..."). */
int nr_cfg_parse_file(const char *path, nr_cfg_fn fn, void *ctx, char *err, size_t n);
/* nr_cfg_parse_file, printing "prog: <err>" to stderr and exiting 2 on error. */
void nr_cfg_parse_file_or_exit(const char *prog, const char *path, nr_cfg_fn fn, void *ctx);

/* A typed key table, usable as the nr_cfg_fn (ctx = the table). */
typedef enum { NR_CFG_LONG, NR_CFG_U64, NR_CFG_DOUBLE, NR_CFG_ENUM, NR_CFG_STRING } nr_cfg_type_t;
typedef struct {
    const char *key;
    nr_cfg_type_t type;
    void *ptr;                /* long*, uint64_t*, double*, int* (enum), char* (string) */
    double lo, hi;            /* range (LONG, U64, DOUBLE); STRING: hi = buffer size */
    const char *const *names; /* ENUM */
} nr_cfg_key_t;
/* nr_cfg_fn for a table terminated by {NULL}: stores the value in *ptr;
 * unknown key -> "expected one of the keys a, b, c; got 'x'". */
int nr_cfg_table_fn(void *table, const char *key, const char *val, char *err, size_t n);

#endif
