/* cfgfile.c - parser for configs/configs.txt (named configurations).
 *
 * Format, one entry per line: "name top [builds] Param=Value ...". Blank lines
 * and lines whose first non-blank character is '#' are ignored; a '#' after
 * the fields starts a comment. builds, the list of what the kit builds of the
 * configuration (configs/configs.txt says; mk/rtl_builds.mk reads it through
 * scripts/cfg.sh), is a third field without '=': comma-separated kinds of
 * kBuildKinds, or '-'. It may be left out; it is checked, not kept. Values are decimal integers in the 32-bit signed range
 * [RTR_CFG_VAL_MIN, RTR_CFG_VAL_MAX]. Names are unique (any number of entries).
 * The whole file is checked on
 * every lookup, so a broken line anywhere is reported as file:line even when
 * the entry asked for is fine.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtr.h"

/* The kinds of the builds column (scripts/cfg.sh KINDS). */
static const char *const kBuildKinds[] = {"rtl", "trace", "smoke", "sc", "area", "lint", NULL};

/* 0 if s is '-' or a comma-separated list of kBuildKinds (smoke and sc only
 * on the router tops nr_yarc and nr_nwn), else -1 with the message. */
static int check_builds(const char *s, const char *top, const char *file, int line, char *err,
                        int errlen)
{
    if (!strcmp(s, "-")) return 0;
    const int router = !strcmp(top, "nr_yarc") || !strcmp(top, "nr_nwn");
    for (const char *p = s; *p;) {
        size_t n = strcspn(p, ",");
        int ok = 0;
        for (int k = 0; kBuildKinds[k]; k++)
            if (strlen(kBuildKinds[k]) == n && !strncmp(kBuildKinds[k], p, n)) ok = 1;
        if (!ok) {
            snprintf(err, errlen,
                     "%s:%d: unknown build kind '%.*s' in the builds column "
                     "(kinds: rtl trace smoke sc area lint, or -)",
                     file, line, (int)n, p);
            return -1;
        }
        if (!router && ((n == 5 && !strncmp(p, "smoke", 5)) || (n == 2 && !strncmp(p, "sc", 2)))) {
            snprintf(err, errlen,
                     "%s:%d: build kind '%.*s' is for the router tops nr_yarc and "
                     "nr_nwn, not %s",
                     file, line, (int)n, p, top);
            return -1;
        }
        p += n;
        if (*p) p++;
    }
    return 0;
}

static int parse_line(char *s, rtr_namedcfg *e, const char *file, int line, char *err, int errlen)
{
    char *hash = strchr(s, '#');
    if (hash) *hash = 0;
    char *tok[3 + RTR_CFG_MAX_PARAMS + 1];
    int n = 0;
    for (char *p = strtok(s, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        if (n == (int)(sizeof tok / sizeof tok[0])) {
            snprintf(err, errlen, "%s:%d: more than %d parameters", file, line, RTR_CFG_MAX_PARAMS);
            return -1;
        }
        tok[n++] = p;
    }
    if (n == 0) return 0;
    if (n < 2) {
        snprintf(err, errlen, "%s:%d: expected 'name top [builds] [Param=Value ...]', got '%s'",
                 file, line, tok[0]);
        return -1;
    }
    memset(e, 0, sizeof *e);
    if (strlen(tok[0]) >= sizeof e->name || strlen(tok[1]) >= sizeof e->top) {
        snprintf(err, errlen, "%s:%d: name or top too long", file, line);
        return -1;
    }
    strcpy(e->name, tok[0]);
    strcpy(e->top, tok[1]);
    snprintf(e->file, sizeof e->file, "%s", file);
    e->line = line;
    int first = 2;
    if (n > 2 && !strchr(tok[2], '=')) {
        if (check_builds(tok[2], tok[1], file, line, err, errlen)) return -1;
        first = 3;
    }
    if (n - first > RTR_CFG_MAX_PARAMS) {
        snprintf(err, errlen, "%s:%d: more than %d parameters", file, line, RTR_CFG_MAX_PARAMS);
        return -1;
    }
    for (int i = first; i < n; i++) {
        char *eq = strchr(tok[i], '=');
        if (!eq || eq == tok[i] || !eq[1]) {
            snprintf(err, errlen, "%s:%d: parameter '%s' is not Param=Value", file, line, tok[i]);
            return -1;
        }
        *eq = 0;
        if (strlen(tok[i]) >= sizeof e->key[0]) {
            snprintf(err, errlen, "%s:%d: parameter name '%s' too long", file, line, tok[i]);
            return -1;
        }
        for (int j = 0; j < e->nparams; j++)
            if (!strcmp(e->key[j], tok[i])) {
                snprintf(err, errlen, "%s:%d: parameter '%s' given twice", file, line, tok[i]);
                return -1;
            }
        char *end;
        errno = 0;
        long v = strtol(eq + 1, &end, 10);
        if (*end ||
            !(isdigit((unsigned char)eq[1]) || (eq[1] == '-' && isdigit((unsigned char)eq[2])))) {
            snprintf(err, errlen, "%s:%d: parameter %s: value '%s' is not an integer", file, line,
                     tok[i], eq + 1);
            return -1;
        }
        /* Values become Verilog `parameter int` (-G) and C ints: 32 bits. */
        if (errno == ERANGE || v < RTR_CFG_VAL_MIN || v > RTR_CFG_VAL_MAX) {
            snprintf(err, errlen,
                     "%s:%d: parameter %s: value '%s' is out of range [%ld, %ld] "
                     "(parameters are 32-bit signed integers)",
                     file, line, tok[i], eq + 1, (long)RTR_CFG_VAL_MIN, (long)RTR_CFG_VAL_MAX);
            return -1;
        }
        strcpy(e->key[e->nparams], tok[i]);
        e->val[e->nparams++] = v;
    }
    /* FbSeq, UpPick and SideTab are C-model parameters the RTL does not have: such a
     * configuration has no build of any kind */
    const char *mo, *what;
    if (first == 3 && strcmp(tok[2], "-") && (mo = rtr_cfg_model_only(e, NULL, &what, NULL))) {
        snprintf(err, errlen,
                 "%s:%d: configuration %s sets %s, the C model's %s, which no RTL "
                 "has: its builds column must be '-' (it has '%s')",
                 file, line, e->name, mo, what, tok[2]);
        return -1;
    }
    return 1;
}

typedef struct {
    char name[64];
    int line;
} seen_entry;

int rtr_cfg_lookup(const char *file, const char *name, rtr_namedcfg *out, char *err, int errlen)
{
    FILE *f = fopen(file, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", file, strerror(errno));
        return -1;
    }
    /* Every name seen so far (grown as needed: a duplicate is caught however
     * far down the file it is). */
    seen_entry *seen = NULL;
    int nent = 0, cap = 0, found = 0, line = 0, rc = -1;
    char buf[1024];
    while (fgets(buf, sizeof buf, f)) {
        line++;
        if (!strchr(buf, '\n') && !feof(f)) {
            snprintf(err, errlen, "%s:%d: line too long", file, line);
            goto out;
        }
        rtr_namedcfg e;
        int r = parse_line(buf, &e, file, line, err, errlen);
        if (r < 0) goto out;
        if (r == 0) continue;
        for (int i = 0; i < nent; i++)
            if (!strcmp(seen[i].name, e.name)) {
                snprintf(err, errlen, "%s:%d: configuration '%s' already defined at line %d", file,
                         line, e.name, seen[i].line);
                goto out;
            }
        if (nent == cap) {
            int ncap = cap ? 2 * cap : 64;
            seen_entry *ns = realloc(seen, (size_t)ncap * sizeof *ns);
            if (!ns) {
                snprintf(err, errlen, "%s:%d: out of memory", file, line);
                goto out;
            }
            seen = ns;
            cap = ncap;
        }
        snprintf(seen[nent].name, sizeof seen[nent].name, "%s", e.name);
        seen[nent++].line = line;
        if (!strcmp(e.name, name)) {
            *out = e;
            found = 1;
        }
    }
    if (ferror(f)) {
        snprintf(err, errlen, "%s: read error", file);
        goto out;
    }
    if (!found) {
        int n = snprintf(err, errlen, "%s: no configuration '%s' (have:", file, name);
        for (int i = 0; i < nent && n >= 0 && n < errlen; i++)
            n += snprintf(err + n, (size_t)(errlen - n), " %s", seen[i].name);
        if (n >= 0 && n < errlen) snprintf(err + n, (size_t)(errlen - n), ")");
        goto out;
    }
    rc = 0;
out:
    free(seen);
    fclose(f);
    return rc;
}

long rtr_cfg_get(const rtr_namedcfg *c, const char *key, long dflt)
{
    for (int i = 0; i < c->nparams; i++)
        if (!strcmp(c->key[i], key)) return c->val[i];
    return dflt;
}

const char *rtr_cfg_model_only(const rtr_namedcfg *c, long *val, const char **what,
                               const char **doc)
{
    static const struct {
        const char *key, *what, *doc;
    } mo[] = {{"FbSeq", "sequential allocator", "docs/fbfly-routing.md 6.4"},
              {"UpPick", "greedy_r(2) up choice", "docs/yarc-arch.md 5, step 4'"},
              {"SideTab", "side table", "docs/yarc-arch.md 5, step 3a"}};
    for (size_t i = 0; i < sizeof mo / sizeof mo[0]; i++) {
        long v = rtr_cfg_get(c, mo[i].key, 0);
        if (v != 0) {
            if (val) *val = v;
            if (what) *what = mo[i].what;
            if (doc) *doc = mo[i].doc;
            return mo[i].key;
        }
    }
    return NULL;
}

int rtr_cfg_check_keys(const rtr_namedcfg *c, const char *const *known, char *err, int errlen)
{
    for (int i = 0; i < c->nparams; i++) {
        int ok = 0;
        for (int j = 0; known[j]; j++)
            if (!strcmp(known[j], c->key[i])) ok = 1;
        if (!ok) {
            snprintf(err, errlen, "%s:%d: unknown parameter '%s' for top %s", c->file, c->line,
                     c->key[i], c->top);
            return -1;
        }
    }
    return 0;
}

int rtr_cfg_open(const rtr_namedcfg *c, const char *top, const char *const *keys, char *err,
                 int errlen)
{
    if (strcmp(c->top, top)) {
        snprintf(err, errlen, "%s:%d: configuration %s has top %s, not %s", c->file, c->line,
                 c->name, c->top, top);
        return -1;
    }
    return rtr_cfg_check_keys(c, keys, err, errlen);
}

int rtr_cfg_checked(const rtr_namedcfg *c, int rc, const char *msg, char *err, int errlen)
{
    if (rc) snprintf(err, errlen, "%s:%d: configuration %s: %s", c->file, c->line, c->name, msg);
    return rc ? -1 : 0;
}

void rtr_geom_ports(rtr_geom *g, int nports, int nvcs, int use_lcb, int in_buf, int max_pkt,
                    int replay_depth, int window, int link_crc_w)
{
    memset(g, 0, sizeof *g);
    g->num_ports = nports;
    g->num_vcs = nvcs;
    g->use_lcb = use_lcb;
    g->in_buf_per_vc = in_buf;
    g->max_pkt_len = max_pkt;
    g->lcb.num_vcs = nvcs;
    g->lcb.buf_per_vc = in_buf;
    g->lcb.replay_depth = replay_depth;
    g->lcb.window = window;
    g->lcb.max_pkt_len = max_pkt;
    g->lcb.link_crc_w = link_crc_w; /* the endpoints' link check is the ports' */
}
