/* cfgfile.c - the one reader of configs/configs.txt (cfg.h).
 *
 * Format, one entry per line: "name top [builds] Param=Value ...". Blank
 * lines are skipped and '#' starts a comment anywhere on a line. builds is a
 * third field without '=': a comma list of build kinds, or '-'; it may be
 * left out (no builds). The checks are those of cfg.h; the messages say
 * file:line.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/cfg.h"
#include "catalog/org.h"

static const char *const kind_names[RTR_BUILD_KINDS] = {"rtl", "trace", "smoke",
                                                        "sc",  "area",  "lint"};

const char *rtr_build_kind_name(int i)
{
    return i >= 0 && i < RTR_BUILD_KINDS ? kind_names[i] : NULL;
}

unsigned rtr_build_kind_of(const char *name)
{
    for (int i = 0; i < RTR_BUILD_KINDS; i++)
        if (!strcmp(kind_names[i], name)) return 1u << i;
    return 0;
}

int rtr_cfg_name_ok(const char *name, char *err, int errlen)
{
    size_t n = strlen(name);
    int ok = n >= 1 && n <= RTR_CFG_NAME_MAX && isalnum((unsigned char)name[0]);
    for (size_t i = 0; ok && i < n; i++)
        ok = isalnum((unsigned char)name[i]) || strchr("_.-", name[i]) != NULL;
    if (!ok)
        snprintf(err, (size_t)errlen,
                 "'%s' is not a legal name: 1 to %d characters of A-Z a-z 0-9 _ . -, the first "
                 "a letter or digit (a name is a file name, a make variable and a program "
                 "suffix)",
                 name, RTR_CFG_NAME_MAX);
    return ok ? 0 : -1;
}

const char *rtr_cfg_default_file(void)
{
    const char *f = getenv("NR_CONFIGS");
    return f && *f ? f : "configs/configs.txt";
}

/* The builds column s of entry e: '-' or a comma list of kinds; smoke and sc
 * only where the top is a router organization's. */
static int parse_builds(const char *s, rtr_namedcfg *e, char *err, int errlen)
{
    if (!strcmp(s, "-")) return 0;
    const rtr_org *o = rtr_org_for_top(e->top);
    for (const char *p = s; *p;) {
        size_t n = strcspn(p, ",");
        char kind[16];
        snprintf(kind, sizeof kind, "%.*s", (int)(n < 15 ? n : 15), p);
        unsigned b = n < 15 ? rtr_build_kind_of(kind) : 0;
        if (!b) {
            snprintf(err, (size_t)errlen,
                     "%s:%d: unknown build kind '%.*s' in the builds column of %s (kinds: rtl "
                     "trace smoke sc area lint, or -)",
                     e->file, e->line, (int)n, p, e->name);
            return -1;
        }
        if ((b & (RTR_BUILD_SMOKE | RTR_BUILD_SC)) && !o) {
            snprintf(err, (size_t)errlen,
                     "%s:%d: build kind '%s' of %s is for a router organization's RTL top, not %s",
                     e->file, e->line, kind, e->name, e->top);
            return -1;
        }
        if (e->builds & b) {
            snprintf(err, (size_t)errlen, "%s:%d: build kind '%s' of %s given twice", e->file,
                     e->line, kind, e->name);
            return -1;
        }
        e->builds |= b;
        p += n;
        if (*p == ',' && !p[1]) {
            snprintf(err, (size_t)errlen, "%s:%d: the builds column of %s ends in ','", e->file,
                     e->line, e->name);
            return -1;
        }
        if (*p) p++;
    }
    return 0;
}

/* A value: decimal, or hexadecimal with 0x, optionally negative, within the
 * 32-bit signed range. */
static int parse_value(const char *s, long *v)
{
    const char *d = s[0] == '-' ? s + 1 : s;
    int hex = d[0] == '0' && (d[1] == 'x' || d[1] == 'X');
    if (!(hex ? isxdigit((unsigned char)d[2]) : isdigit((unsigned char)d[0]))) return -1;
    char *end;
    errno = 0;
    long long x = strtoll(d, &end, hex ? 16 : 10);
    if (*end) return -1;
    if (errno == ERANGE) return -2;
    if (s[0] == '-') x = -x;
    if (x < RTR_CFG_VAL_MIN || x > RTR_CFG_VAL_MAX) return -2;
    *v = (long)x;
    return 0;
}

static int parse_param(char *tok, rtr_namedcfg *e, char *err, int errlen)
{
    char *eq = strchr(tok, '=');
    if (!eq || eq == tok || !eq[1]) {
        snprintf(err, (size_t)errlen, "%s:%d: parameter '%s' is not Param=Value", e->file, e->line,
                 tok);
        return -1;
    }
    *eq = 0;
    if (strlen(tok) >= sizeof e->key[0]) {
        snprintf(err, (size_t)errlen, "%s:%d: parameter name '%s' too long", e->file, e->line, tok);
        return -1;
    }
    if (rtr_cfg_has(e, tok)) {
        snprintf(err, (size_t)errlen, "%s:%d: parameter '%s' given twice", e->file, e->line, tok);
        return -1;
    }
    long v;
    int r = parse_value(eq + 1, &v);
    if (r) {
        snprintf(err, (size_t)errlen,
                 r == -1 ? "%s:%d: parameter %s: value '%s' is not an integer"
                         : "%s:%d: parameter %s: value '%s' is out of range [%ld, %ld] "
                           "(parameters are 32-bit signed integers)",
                 e->file, e->line, tok, eq + 1, (long)RTR_CFG_VAL_MIN, (long)RTR_CFG_VAL_MAX);
        return -1;
    }
    strcpy(e->key[e->nparams], tok);
    e->val[e->nparams++] = v;
    return 0;
}

/* One line into e: 1 an entry, 0 nothing (blank or comment), -1 an error. */
static int parse_line(char *s, rtr_namedcfg *e, const char *file, int line, char *err, int errlen)
{
    char *hash = strchr(s, '#');
    if (hash) *hash = 0;
    char *tok[3 + RTR_CFG_MAX_PARAMS + 1];
    int n = 0;
    for (char *p = strtok(s, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        if (n == (int)(sizeof tok / sizeof tok[0])) {
            snprintf(err, (size_t)errlen, "%s:%d: more than %d parameters", file, line,
                     RTR_CFG_MAX_PARAMS);
            return -1;
        }
        tok[n++] = p;
    }
    if (n == 0) return 0;
    memset(e, 0, sizeof *e);
    snprintf(e->file, sizeof e->file, "%s", file);
    e->line = line;
    char e2[300];
    if (n < 2) {
        snprintf(err, (size_t)errlen,
                 "%s:%d: expected 'name top [builds] [Param=Value ...]', got '%s'", file, line,
                 tok[0]);
        return -1;
    }
    for (int i = 0; i < 2; i++)
        if (rtr_cfg_name_ok(tok[i], e2, sizeof e2)) {
            snprintf(err, (size_t)errlen, "%s:%d: %s %s", file, line, i ? "top" : "configuration",
                     e2);
            return -1;
        }
    strcpy(e->name, tok[0]);
    strcpy(e->top, tok[1]);
    int first = 2;
    if (n > 2 && !strchr(tok[2], '=')) {
        if (parse_builds(tok[2], e, err, errlen)) return -1;
        first = 3;
    }
    for (int i = first; i < n; i++)
        if (parse_param(tok[i], e, err, errlen)) return -1;
    /* a parameter the RTL does not have: no build of any kind */
    const rtr_org *o = rtr_org_for_top(e->top);
    const rtr_key *mo = o ? rtr_org_model_only(o, e) : NULL;
    if (mo && e->builds) {
        snprintf(err, (size_t)errlen,
                 "%s:%d: configuration %s sets %s, which only the C model has (%s): its builds "
                 "column must be '-'",
                 file, line, e->name, mo->key, mo->doc);
        return -1;
    }
    return 1;
}

static int load_fp(FILE *f, const char *file, rtr_cfgfile *cf, char *err, int errlen)
{
    int cap = 0, line = 0;
    char buf[2048];
    while (fgets(buf, sizeof buf, f)) {
        line++;
        if (!strchr(buf, '\n') && !feof(f)) {
            snprintf(err, (size_t)errlen, "%s:%d: line too long", file, line);
            return -1;
        }
        rtr_namedcfg e;
        int r = parse_line(buf, &e, file, line, err, errlen);
        if (r < 0) return -1;
        if (r == 0) continue;
        const rtr_namedcfg *dup = rtr_cfgfile_find(cf, e.name);
        if (dup) {
            snprintf(err, (size_t)errlen, "%s:%d: configuration '%s' already defined at line %d",
                     file, line, e.name, dup->line);
            return -1;
        }
        if (cf->n == cap) {
            cap = cap ? 2 * cap : 64;
            rtr_namedcfg *ne = realloc(cf->e, (size_t)cap * sizeof *ne);
            if (!ne) {
                snprintf(err, (size_t)errlen, "%s:%d: out of memory", file, line);
                return -1;
            }
            cf->e = ne;
        }
        cf->e[cf->n++] = e;
    }
    if (ferror(f)) {
        snprintf(err, (size_t)errlen, "%s: read error: %s", file, strerror(errno));
        return -1;
    }
    return 0;
}

int rtr_cfgfile_load(const char *file, rtr_cfgfile *cf, char *err, int errlen)
{
    cf->n = 0;
    cf->e = NULL;
    FILE *f = fopen(file, "r");
    if (!f) {
        snprintf(err, (size_t)errlen, "%s: cannot open: %s", file, strerror(errno));
        return -1;
    }
    int rc = load_fp(f, file, cf, err, errlen);
    fclose(f);
    if (rc) rtr_cfgfile_free(cf);
    return rc;
}

void rtr_cfgfile_free(rtr_cfgfile *cf)
{
    free(cf->e);
    cf->e = NULL;
    cf->n = 0;
}

const rtr_namedcfg *rtr_cfgfile_find(const rtr_cfgfile *cf, const char *name)
{
    for (int i = 0; i < cf->n; i++)
        if (!strcmp(cf->e[i].name, name)) return &cf->e[i];
    return NULL;
}

int rtr_cfg_lookup(const char *file, const char *name, rtr_namedcfg *out, char *err, int errlen)
{
    rtr_cfgfile cf;
    if (rtr_cfgfile_load(file, &cf, err, errlen)) return -1;
    const rtr_namedcfg *e = rtr_cfgfile_find(&cf, name);
    if (e) {
        *out = *e;
        rtr_cfgfile_free(&cf);
        return 0;
    }
    int n = snprintf(err, (size_t)errlen, "%s: no configuration '%s' (have:", file, name);
    for (int i = 0; i < cf.n && n >= 0 && n < errlen; i++)
        n += snprintf(err + n, (size_t)(errlen - n), " %s", cf.e[i].name);
    if (n >= 0 && n < errlen) snprintf(err + n, (size_t)(errlen - n), ")");
    rtr_cfgfile_free(&cf);
    return -1;
}

long rtr_cfg_get(const rtr_namedcfg *c, const char *key, long dflt)
{
    for (int i = 0; i < c->nparams; i++)
        if (!strcmp(c->key[i], key)) return c->val[i];
    return dflt;
}

int rtr_cfg_has(const rtr_namedcfg *c, const char *key)
{
    for (int i = 0; i < c->nparams; i++)
        if (!strcmp(c->key[i], key)) return 1;
    return 0;
}

int rtr_cfg_check_keys(const rtr_namedcfg *c, const char *const *known, char *err, int errlen)
{
    for (int i = 0; i < c->nparams; i++) {
        int ok = 0;
        for (int j = 0; known[j]; j++) ok |= !strcmp(known[j], c->key[i]);
        if (!ok) {
            snprintf(err, (size_t)errlen, "%s:%d: unknown parameter '%s' for top %s", c->file,
                     c->line, c->key[i], c->top);
            return -1;
        }
    }
    return 0;
}
