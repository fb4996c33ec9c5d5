/* cli.c - command-line and config-file helpers. See nr_cli.h. */
#define _POSIX_C_SOURCE 200809L
#include "nr_cli.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "liberr.h"
#include "nr_out.h"

/* Base for strtol/strtoull: 16 for a "0x"/"0X" prefix (after an optional
 * sign), else 10. Never base 0: "010" is ten, not an octal eight. */
static int int_base(const char *s)
{
    if (*s == '+' || *s == '-') s++;
    return (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10;
}

int nr_cli_parse_long(const char *s, long lo, long hi, long *out, char *err, size_t n)
{
    char *end = NULL;
    errno = 0;
    long v = s && *s && !isspace((unsigned char)*s) ? strtol(s, &end, int_base(s)) : 0;
    if (!s || !*s || isspace((unsigned char)*s) || *end || errno || v < lo || v > hi)
        return nr_errf(err, n, "expected an integer in [%ld, %ld], got '%s'", lo, hi, s ? s : "");
    *out = v;
    return 0;
}

int nr_cli_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out, char *err, size_t n)
{
    char *end = NULL;
    int ok = s && isdigit((unsigned char)*s);
    errno = 0;
    unsigned long long v = ok ? strtoull(s, &end, int_base(s)) : 0;
    if (!ok || *end || errno || v < lo || v > hi)
        return nr_errf(err, n, "expected an integer in [%" PRIu64 ", %" PRIu64 "], got '%s'", lo,
                       hi, s ? s : "");
    *out = (uint64_t)v;
    return 0;
}

int nr_cli_parse_double(const char *s, double lo, double hi, double *out, char *err, size_t n)
{
    char *end = NULL;
    int ok = s && *s && !isspace((unsigned char)*s);
    errno = 0;
    double v = ok ? strtod(s, &end) : 0;
    if (!ok || *end || errno || !isfinite(v) || v < lo || v > hi)
        return nr_errf(err, n, "expected a number in [%g, %g], got '%s'", lo, hi, s ? s : "");
    *out = v;
    return 0;
}

int nr_cli_parse_enum(const char *s, const char *const *names, int *out, char *err, size_t n)
{
    for (int i = 0; s && names[i]; i++) {
        if (strcmp(s, names[i]) == 0) {
            *out = i;
            return 0;
        }
    }
    char list[512];
    size_t used = 0;
    list[0] = 0;
    for (int i = 0; names[i] && used < sizeof list; i++) {
        int w = snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", names[i]);
        if (w < 0) break;
        used += (size_t)w;
    }
    return nr_errf(err, n, "expected one of %s; got '%s'", list, s ? s : "");
}

int nr_cli_parse_list(const char *s, long lo, long hi, int *out, int max, int *count, char *err,
                      size_t n)
{
    char item[64];
    int k = 0;
    const char *p = s ? s : "";
    for (;;) {
        const char *q = strchr(p, ',');
        size_t len = q ? (size_t)(q - p) : strlen(p);
        long v;
        if (len >= sizeof item) /* never cut: a cut "000...01" would read as 0 */
            return nr_errf(err, n,
                           "expected comma-separated integers in [%ld, %ld], got '%.*s' in '%s'",
                           lo, hi, (int)len, p, s ? s : "");
        memcpy(item, p, len);
        item[len] = 0;
        if (k == max)
            return nr_errf(err, n, "expected at most %d comma-separated integers, got '%s'", max,
                           s ? s : "");
        if (nr_cli_parse_long(item, lo, hi, &v, NULL, 0))
            return nr_errf(err, n,
                           "expected comma-separated integers in [%ld, %ld], got '%s' in '%s'", lo,
                           hi, item, s ? s : "");
        out[k++] = (int)v;
        if (!q) break;
        p = q + 1;
    }
    *count = k;
    return 0;
}

/* ---- option parser ---- */

void nr_cli_init(nr_cli_t *c, const char *prog, const char *synopsis, const nr_cli_opt_t *opts,
                 int argc, char **argv)
{
    memset(c, 0, sizeof *c);
    c->prog = prog;
    c->synopsis = synopsis ? synopsis : "[options]";
    c->opts = opts;
    c->argc = argc;
    c->argv = argv;
    c->idx = 1;
    c->cur = "";
}

int nr_cli_next(nr_cli_t *c, const char **val)
{
    *val = NULL;
    if (c->idx >= c->argc) return NR_CLI_END;
    const char *a = c->argv[c->idx++];
    if (!c->rest && strcmp(a, "--") == 0) {
        c->rest = 1; /* everything after "--" is positional */
        if (c->idx >= c->argc) return NR_CLI_END;
        a = c->argv[c->idx++];
    }
    if (c->rest || a[0] != '-' || a[1] == 0) {
        *val = a;
        return NR_CLI_ARG;
    }
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) return NR_CLI_HELP;
    if (a[1] != '-') {
        snprintf(c->err, sizeof c->err, "unknown option '%s'", a);
        return NR_CLI_ERROR;
    }
    const char *name = a + 2, *eq = strchr(name, '=');
    size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
    for (int i = 0; c->opts[i].name; i++) {
        const nr_cli_opt_t *o = &c->opts[i];
        if (strlen(o->name) != nlen || strncmp(o->name, name, nlen) != 0) continue;
        c->cur = o->name;
        if (!o->arg) {
            if (eq) {
                snprintf(c->err, sizeof c->err, "option '--%s' takes no value", o->name);
                return NR_CLI_ERROR;
            }
            return i;
        }
        if (eq) {
            *val = eq + 1;
        } else if (c->idx < c->argc) {
            *val = c->argv[c->idx++];
        } else {
            snprintf(c->err, sizeof c->err, "option '--%s' needs a value", o->name);
            return NR_CLI_ERROR;
        }
        return i;
    }
    snprintf(c->err, sizeof c->err, "unknown option '--%.*s'", (int)nlen, name);
    return NR_CLI_ERROR;
}

void nr_cli_usage(const nr_cli_t *c, FILE *f)
{
    fprintf(f, "usage: %s %s\n", c->prog, c->synopsis);
    for (int i = 0; c->opts[i].name; i++) {
        char left[64];
        snprintf(left, sizeof left, "--%s%s%s", c->opts[i].name, c->opts[i].arg ? " " : "",
                 c->opts[i].arg ? c->opts[i].arg : "");
        fprintf(f, "  %-22s %s\n", left, c->opts[i].help ? c->opts[i].help : "");
    }
    fprintf(f, "  %-22s %s\n", "-h, --help", "print this help and exit");
    fprintf(f, "Integers are decimal (a leading 0 does not make them octal: 010 is ten) or\n"
               "hexadecimal with a 0x prefix.\n");
}

int nr_cli_next_or_exit(nr_cli_t *c, const char **val)
{
    int r = nr_cli_next(c, val);
    if (r == NR_CLI_ERROR) {
        fprintf(stderr, "%s: %s\n", c->prog, c->err);
        nr_cli_usage(c, stderr);
        exit(2);
    }
    if (r == NR_CLI_HELP) {
        nr_cli_usage(c, stdout);
        exit(nr_out_stdout(c->prog, 0)); /* a help that could not be written: exit 1 */
    }
    return r;
}

void nr_cli_die(const nr_cli_t *c, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s: ", c->prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

_Noreturn static void die_value(const nr_cli_t *c, const char *msg)
{
    fprintf(stderr, "%s: --%s: %s\n", c->prog, c->cur, msg);
    exit(2);
}

long nr_cli_long(nr_cli_t *c, const char *val, long lo, long hi)
{
    long v = 0;
    char e[256];
    if (nr_cli_parse_long(val, lo, hi, &v, e, sizeof e)) die_value(c, e);
    return v;
}

uint64_t nr_cli_u64(nr_cli_t *c, const char *val, uint64_t lo, uint64_t hi)
{
    uint64_t v = 0;
    char e[256];
    if (nr_cli_parse_u64(val, lo, hi, &v, e, sizeof e)) die_value(c, e);
    return v;
}

double nr_cli_double(nr_cli_t *c, const char *val, double lo, double hi)
{
    double v = 0;
    char e[256];
    if (nr_cli_parse_double(val, lo, hi, &v, e, sizeof e)) die_value(c, e);
    return v;
}

int nr_cli_enum(nr_cli_t *c, const char *val, const char *const *names)
{
    int v = 0;
    char e[600];
    if (nr_cli_parse_enum(val, names, &v, e, sizeof e)) die_value(c, e);
    return v;
}

const char *nr_cli_out_path(nr_cli_t *c, const char *val, int append)
{
    char e[600], m[1200];
    if (nr_out_check(val, append ? NR_OUT_APPEND : NR_OUT_WHOLE, e, sizeof e)) {
        snprintf(m, sizeof m, "cannot write '%s': %s", val, e);
        die_value(c, m);
    }
    return val;
}

int nr_cli_split(const char *s, char sep, char *buf, size_t bufn, const char **field, int min,
                 int max)
{
    if (!s || strlen(s) >= bufn) return -1;
    memcpy(buf, s, strlen(s) + 1);
    int k = 0;
    for (char *p = buf;;) {
        if (k == max) return -1;
        field[k++] = p;
        char *q = strchr(p, sep);
        if (!q) break;
        *q = 0;
        p = q + 1;
    }
    return k < min ? -1 : k;
}

int nr_cli_fields(nr_cli_t *c, const char *v, char sep, int min, int max, const char *form,
                  char *buf, size_t bufn, const char **field)
{
    int k = nr_cli_split(v, sep, buf, bufn, field, min, max);
    if (k < 0) {
        char e[600];
        if (v && strlen(v) >= bufn)
            snprintf(e, sizeof e, "expected %s, got a value of %zu characters", form, strlen(v));
        else
            snprintf(e, sizeof e, "expected %s, got '%s'", form, v ? v : "");
        die_value(c, e);
    }
    return k;
}

/* "prog: --opt: WHAT: <msg> (in 'whole')" and exit 2 */
_Noreturn static void die_field(const nr_cli_t *c, const char *what, const char *whole,
                                const char *msg)
{
    fprintf(stderr, "%s: --%s: %s: %s (in '%s')\n", c->prog, c->cur, what, msg, whole);
    exit(2);
}

/* nr_cli_field_NAME (nr_cli.h): field f of a value parsed by
 * nr_cli_parse_NAME, or die_field; one definition for the three types */
#define NR_CLI_FIELD(NAME, T)                                                                      \
    T nr_cli_field_##NAME(nr_cli_t *c, const char *whole, const char *what, const char *f, T lo,   \
                          T hi)                                                                    \
    {                                                                                              \
        T v = 0;                                                                                   \
        char e[256];                                                                               \
        if (nr_cli_parse_##NAME(f, lo, hi, &v, e, sizeof e)) die_field(c, what, whole, e);         \
        return v;                                                                                  \
    }
NR_CLI_FIELD(long, long)
NR_CLI_FIELD(u64, uint64_t)
NR_CLI_FIELD(double, double)
#undef NR_CLI_FIELD

void nr_cli_print_seed(FILE *f, const char *prog, uint64_t seed)
{
    fprintf(f, "%s: seed %" PRIu64 " (0x%016" PRIx64 ")\n", prog, seed, seed);
}

/* ---- config files ---- */

static int keychar(int ch, int first)
{
    return isalpha(ch) || ch == '_' || (!first && (isdigit(ch) || ch == '.' || ch == '-'));
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = 0;
    return s;
}

int nr_cfg_parse_text(const char *name, const char *text, nr_cfg_fn fn, void *ctx, char *err,
                      size_t n)
{
    char line[1024], sub[600];
    int lineno = 0;
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        lineno++;
        if (len >= sizeof line)
            return nr_errf(err, n, "%s:%d: expected a line shorter than %zu characters", name,
                           lineno, sizeof line);
        memcpy(line, p, len);
        line[len] = 0;
        p = nl ? nl + 1 : p + len;
        char *hash = strchr(line, '#');
        if (hash) *hash = 0;
        char *s = trim(line);
        if (!*s) continue;
        char *eq = strchr(s, '=');
        if (!eq) return nr_errf(err, n, "%s:%d: expected 'key = value', got '%s'", name, lineno, s);
        *eq = 0;
        char *key = trim(s), *val = trim(eq + 1);
        if (!*key) return nr_errf(err, n, "%s:%d: expected a key before '='", name, lineno);
        for (char *k = key; *k; k++)
            if (!keychar((unsigned char)*k, k == key))
                return nr_errf(err, n,
                               "%s:%d: expected a key of letters, digits, '_', '.', '-', got '%s'",
                               name, lineno, key);
        if (!*val)
            return nr_errf(err, n, "%s:%d: expected a value after '%s ='", name, lineno, key);
        sub[0] = 0;
        if (fn(ctx, key, val, sub, sizeof sub))
            return nr_errf(err, n, "%s:%d: %s", name, lineno,
                           sub[0] ? sub : "expected a valid value");
    }
    return 0;
}

int nr_cfg_parse_file(const char *path, nr_cfg_fn fn, void *ctx, char *err, size_t n)
{
    FILE *f = fopen(path, "r");
    if (!f) return nr_errf(err, n, "%s: cannot read: %s", path, strerror(errno));
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    int rc = -1;
    if (!buf) {
        fclose(f);
        return nr_errf(err, n, "%s: out of memory", path);
    }
    for (;;) {
        size_t r = fread(buf + len, 1, cap - len - 1, f);
        len += r;
        if (r == 0) break;
        if (len + 1 == cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                nr_errf(err, n, "%s: out of memory", path);
                goto out;
            }
            buf = nb;
            cap *= 2;
        }
    }
    buf[len] = 0;
    if (ferror(f)) {
        nr_errf(err, n, "%s: read error", path);
        goto out;
    }
    if (memchr(buf, 0, len)) {
        nr_errf(err, n, "%s:1: expected a text file", path);
        goto out;
    }
    rc = nr_cfg_parse_text(path, buf, fn, ctx, err, n);
out:
    free(buf);
    fclose(f);
    return rc;
}

void nr_cfg_parse_file_or_exit(const char *prog, const char *path, nr_cfg_fn fn, void *ctx)
{
    char err[768];
    if (nr_cfg_parse_file(path, fn, ctx, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", prog, err);
        exit(2);
    }
}

int nr_cfg_table_fn(void *table, const char *key, const char *val, char *err, size_t n)
{
    const nr_cfg_key_t *t = table;
    char sub[560];
    for (int i = 0; t[i].key; i++) {
        if (strcmp(t[i].key, key) != 0) continue;
        int rc = 0;
        switch (t[i].type) {
        case NR_CFG_LONG:
            rc = nr_cli_parse_long(val, (long)t[i].lo, (long)t[i].hi, t[i].ptr, sub, sizeof sub);
            break;
        case NR_CFG_U64:
            rc = nr_cli_parse_u64(val, (uint64_t)t[i].lo,
                                  t[i].hi >= 1.8e19 ? UINT64_MAX : (uint64_t)t[i].hi, t[i].ptr, sub,
                                  sizeof sub);
            break;
        case NR_CFG_DOUBLE:
            rc = nr_cli_parse_double(val, t[i].lo, t[i].hi, t[i].ptr, sub, sizeof sub);
            break;
        case NR_CFG_ENUM: rc = nr_cli_parse_enum(val, t[i].names, t[i].ptr, sub, sizeof sub); break;
        case NR_CFG_STRING:
            if (strlen(val) + 1 > (size_t)t[i].hi) {
                snprintf(sub, sizeof sub, "expected at most %d characters, got '%s'",
                         (int)t[i].hi - 1, val);
                rc = -1;
            } else {
                strcpy((char *)t[i].ptr, val);
            }
            break;
        }
        if (rc) return nr_errf(err, n, "%s for '%s'", sub, key);
        return 0;
    }
    char list[400];
    size_t used = 0;
    list[0] = 0;
    for (int i = 0; t[i].key && used < sizeof list; i++) {
        int w = snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", t[i].key);
        if (w < 0) break;
        used += (size_t)w;
    }
    return nr_errf(err, n, "expected one of the keys %s; got '%s'", list, key);
}
