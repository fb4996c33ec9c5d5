/* cov_summary.c - per-file summary of a Verilator coverage file (the merged
 * counts of make coverage, scripts/coverage.sh).
 *
 *   cov_summary MERGED.dat [WAIVERS]
 *
 * For every source file under rtl/ (Verilator's generated wrappers of the
 * hierarchy blocks are left out): its line points (Verilator's v_line and
 * v_branch pages), toggle points (v_toggle) and cover points (v_user:
 * NR_COVER in the RTL), covered/total and percent; then the total, and
 * every cover point no run hit, by file, line and name. A point is
 * identified by its file, line, column and name (o), not by its instance or
 * the module's parameterization, so a file instantiated many times has each
 * point once, covered if any instance hit it.
 * Then every source line with a line point no run hit: "line not hit:
 * FILE:LINE", or "line waived: FILE:LINE: REASON" when WAIVERS (default
 * rtl/cov_waivers.txt under SRCROOT, if it exists) explains it, and the
 * count of lines not hit and not waived; then every line or branch point no
 * run hit on a line where another point was hit (a branch arm), waived or
 * not, and their count.
 * WAIVERS holds "FILE:LINE REASON" or "FILE:LINE \"TEXT\" REASON" lines ('#'
 * comments). TEXT, a piece of the waived line's source, anchors the waiver
 * to the line's text rather than its number: FILE is read (under SRCROOT,
 * the environment's, default the current directory) and, when line LINE does
 * not hold TEXT but exactly one line M of the file does, the waiver applies
 * to M and says so ("waiver moved: FILE:LINE -> FILE:M"); when no line or
 * several hold it, or FILE cannot be read, the waiver does not apply
 * ("waiver lost: ..."). A waiver for a line whose points were all hit, or
 * that has no line point, is reported as stale ("waiver stale: ..."). A
 * reason may name a cover point as its evidence, "[cover NAME]" (the point
 * that shows the waived code runs where the line counts cannot): if no run
 * hit NAME the waiver does not apply ("waiver unsupported: ..."). Every list
 * is sorted.
 * Exit 0; 2 on bad usage, a file that cannot be read, or no points. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a set of strings with a value each (open addressing) ---- */
typedef struct {
    char **key;
    long *val;
    size_t cap, n;
} smap;

static size_t hash(const char *s)
{
    size_t h = 1469598103934665603u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}
static long *smap_get(smap *m, const char *k, int add)
{
    if (add && 2 * (m->n + 1) > m->cap) {
        smap o = *m;
        m->cap = o.cap ? 2 * o.cap : 1024;
        m->key = calloc(m->cap, sizeof(char *));
        m->val = calloc(m->cap, sizeof(long));
        m->n = 0;
        if (!m->key || !m->val) exit(2);
        for (size_t i = 0; i < o.cap; i++)
            if (o.key[i]) *smap_get(m, o.key[i], 1) = o.val[i], free(o.key[i]);
        free(o.key);
        free(o.val);
    }
    if (!m->cap) return NULL;
    size_t i = hash(k) & (m->cap - 1);
    for (; m->key[i]; i = (i + 1) & (m->cap - 1))
        if (!strcmp(m->key[i], k)) return &m->val[i];
    if (!add) return NULL;
    m->key[i] = strdup(k);
    m->n++;
    return &m->val[i];
}
static int has(smap *m, const char *k) { return smap_get(m, k, 0) != NULL; }

/* ---- a growing list of strings ---- */
typedef struct {
    char **s;
    size_t n, cap;
} slist;
static void push(slist *l, const char *s)
{
    if (l->n == l->cap) l->s = realloc(l->s, sizeof(char *) * (l->cap = l->cap ? 2 * l->cap : 64));
    l->s[l->n++] = strdup(s);
}
static int scmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}
static void ssort(slist *l) { qsort(l->s, l->n, sizeof(char *), scmp); }

enum { K_LINE, K_TOGGLE, K_USER };
typedef struct {
    smap hit;    /* point key -> 0/1 */
    smap lines;  /* FILE:LINE of a line point -> hit */
    smap uhit;   /* cover point names hit */
    smap files;  /* file -> index */
    slist fname; /* files by index */
    long (*tot)[3], (*cov)[3];
    slist upoint; /* cover points: "key\tFILE:LINE NAME" */
    slist lpoint; /* line points: "key\tFILE:LINE col C NAME" */
    smap waive;   /* FILE:LINE -> index in wreason */
    slist wreason, moved, lost;
    long np;
} cov_t;

static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static char *fmt(const char *f, ...)
{
    static char b[8192];
    va_list ap;
    va_start(ap, f);
    vsnprintf(b, sizeof b, f, ap);
    va_end(ap);
    return b;
}

/* ---- waivers ---- */

/* The line of file f holding text t: line l if it does, else the one line
 * that does; -n when n lines other than l hold it (0: none); -1000000 when
 * f cannot be read. */
static long anchor(const char *root, const char *f, long l, const char *t)
{
    FILE *h = fopen(fmt("%s/%s", root, f), "r");
    if (!h) return -1000000;
    char line[8192];
    long i = 0, n = 0, at = 0;
    while (fgets(line, sizeof line, h)) {
        i++;
        if (!strstr(line, t)) continue;
        if (i == l) {
            fclose(h);
            return l;
        }
        n++, at = i;
    }
    fclose(h);
    if (i == 0) return -1000000;
    return n == 1 ? at : -n;
}

static void waiver_line(cov_t *c, char *wl, const char *root)
{
    char *hash = strchr(wl, '#');
    if (hash) *hash = 0;
    wl[strcspn(wl, "\n")] = 0;
    if (wl[strspn(wl, " \t")] == 0) return;
    char x[4096], *wr = wl;
    sscanf(wl, " %4095s", x);
    size_t tok = strcspn(wl, " ");
    if (tok && wl[tok] == ' ') wr = wl + tok + strspn(wl + tok, " ");
    char *q2 = wr[0] == '"' ? strchr(wr + 1, '"') : NULL;
    if (q2 && q2 > wr + 1) {
        char t[4096], wf[4096];
        snprintf(t, sizeof t, "%.*s", (int)(q2 - wr - 1), wr + 1);
        wr = q2 + 1 + strspn(q2 + 1, " ");
        snprintf(wf, sizeof wf, "%s", x);
        char *colon = strrchr(wf, ':');
        long wln = 0;
        if (colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
            *colon = 0;
            wln = atol(colon + 1);
        }
        long m = anchor(root, wf, wln, t);
        if (m == -1000000) {
            push(&c->lost, fmt("%s (cannot read %s/%s)", x, root, wf));
            return;
        }
        if (m <= 0) {
            push(&c->lost,
                 fmt("%s (\"%s\" is on %ld lines of the file, not on line %ld)", x, t, -m, wln));
            return;
        }
        if (m != wln) {
            push(&c->moved,
                 fmt("%s -> %s:%ld (\"%s\"; renumber it in the waiver file)", x, wf, m, t));
            snprintf(x, sizeof x, "%.4000s:%ld", wf, m);
        }
    }
    long *w = smap_get(&c->waive, x, 1);
    *w = (long)c->wreason.n;
    push(&c->wreason, wr);
}

static int read_waivers(cov_t *c, const char *path, const char *root)
{
    FILE *f = fopen(path, "r");
    if (!f) return 1;
    char line[8192];
    while (fgets(line, sizeof line, f)) waiver_line(c, line, root);
    fclose(f);
    return 0;
}

/* the waiver of line x applies: no "[cover NAME]" in its reason, or NAME hit */
static int wok(cov_t *c, const char *x)
{
    long *w = smap_get(&c->waive, x, 0);
    if (!w) return 0;
    const char *r = c->wreason.s[*w], *p = strstr(r, "[cover ");
    while (p) {
        size_t n = strspn(p + 7, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
        if (n && p[7 + n] == ']') return has(&c->uhit, fmt("%.*s", (int)n, p + 7));
        p = strstr(p + 1, "[cover ");
    }
    return 1;
}
static const char *reason(cov_t *c, const char *x)
{
    return c->wreason.s[*smap_get(&c->waive, x, 0)];
}

/* ---- the coverage file ---- */

/* One "C '<key>' <count>" line: the key's fields are \001-separated
 * "name\002value" pairs. */
static void point(cov_t *c, char *line)
{
    char *a = strchr(line, '\''), *b = strrchr(line, '\'');
    if (!a || b == a) return;
    long cnt = atol(b + 1);
    *b = 0;
    const char *f = "", *pg = "", *l = "", *col = "", *o = "";
    for (char *p = strtok(a + 1, "\001"); p; p = strtok(NULL, "\001")) {
        char *v = strchr(p, '\002');
        if (!v) continue;
        *v++ = 0;
        if (!strcmp(p, "f")) f = v;
        if (!strcmp(p, "page")) pg = v;
        if (!strcmp(p, "l")) l = v;
        if (!strcmp(p, "n")) col = v;
        if (!strcmp(p, "o")) o = v;
    }
    if (strncmp(f, "rtl/", 4)) return;
    int kind = !strncmp(pg, "v_toggle", 8)                                  ? K_TOGGLE
               : (!strncmp(pg, "v_line", 6) || !strncmp(pg, "v_branch", 8)) ? K_LINE
                                                                            : K_USER;
    char key[8192];
    snprintf(key, sizeof key, "%d\001%s\001%s\001%s\001%s", kind, f, l, col, o);
    long *fi = smap_get(&c->files, f, 0);
    if (!fi) {
        fi = smap_get(&c->files, f, 1);
        *fi = (long)c->fname.n;
        push(&c->fname, f);
        c->tot = realloc(c->tot, sizeof *c->tot * c->fname.n);
        c->cov = realloc(c->cov, sizeof *c->cov * c->fname.n);
        memset(c->tot[*fi], 0, sizeof c->tot[0]);
        memset(c->cov[*fi], 0, sizeof c->cov[0]);
    }
    long *h = smap_get(&c->hit, key, 0);
    if (!h) {
        h = smap_get(&c->hit, key, 1);
        *h = 0;
        c->tot[*fi][kind]++;
        c->np++;
        if (kind == K_USER) push(&c->upoint, fmt("%s\t%s:%s %s", key, f, l, o));
        if (kind == K_LINE) push(&c->lpoint, fmt("%s\t%s:%s col %s %s", key, f, l, col, o));
    }
    if (cnt > 0 && !*h) *h = 1, c->cov[*fi][kind]++;
    if (kind == K_USER && cnt > 0) *smap_get(&c->uhit, o, 1) = 1;
    if (kind == K_LINE) {
        long *lh = smap_get(&c->lines, fmt("%s:%s", f, l), 1);
        if (cnt > 0) *lh = 1;
    }
}

static double pct(long c, long t) { return t ? 100.0 * (double)c / (double)t : 100; }

static void table(cov_t *c)
{
    long T[3] = {0, 0, 0}, C[3] = {0, 0, 0};
    printf("%-36s %17s %17s %17s\n", "file", "line points", "toggle points", "cover points");
    slist names = {0};
    for (size_t i = 0; i < c->fname.n; i++) push(&names, c->fname.s[i]);
    ssort(&names);
    for (size_t i = 0; i < names.n; i++) {
        long fi = *smap_get(&c->files, names.s[i], 0), *t = c->tot[fi], *v = c->cov[fi];
        printf("%-36s %6ld/%-6ld %3.0f%% %6ld/%-6ld %3.0f%% %6ld/%-6ld %3.0f%%\n", names.s[i],
               v[K_LINE], t[K_LINE], pct(v[K_LINE], t[K_LINE]), v[K_TOGGLE], t[K_TOGGLE],
               pct(v[K_TOGGLE], t[K_TOGGLE]), v[K_USER], t[K_USER], pct(v[K_USER], t[K_USER]));
        for (int k = 0; k < 3; k++) T[k] += t[k], C[k] += v[k];
    }
    printf("%-36s %6ld/%-6ld %3.1f%% %6ld/%-6ld %3.1f%% %6ld/%-6ld %3.1f%%\n", "total", C[K_LINE],
           T[K_LINE], pct(C[K_LINE], T[K_LINE]), C[K_TOGGLE], T[K_TOGGLE],
           pct(C[K_TOGGLE], T[K_TOGGLE]), C[K_USER], T[K_USER], pct(C[K_USER], T[K_USER]));
}

/* "key\ttext": is the point key hit; text is after the tab */
static int pt_hit(cov_t *c, const char *kt, const char **text)
{
    const char *tab = strchr(kt, '\t');
    *text = tab + 1;
    return *smap_get(&c->hit, fmt("%.*s", (int)(tab - kt), kt), 0) != 0;
}
/* the FILE:LINE of a line point's text "FILE:LINE col C NAME" */
static const char *lkey(const char *text) { return fmt("%.*s", (int)strcspn(text, " "), text); }

static void lines_report(cov_t *c)
{
    slist miss = {0}, lmiss = {0}, pmiss = {0}, wk = {0};
    smap lun = {0};
    const char *t;
    for (size_t i = 0; i < c->upoint.n; i++)
        if (!pt_hit(c, c->upoint.s[i], &t)) push(&miss, t);
    ssort(&miss);
    for (size_t i = 0; i < miss.n; i++) printf("cover point not hit: %s\n", miss.s[i]);
    for (size_t i = 0; i < c->lines.cap; i++)
        if (c->lines.key[i] && !c->lines.val[i]) push(&lmiss, c->lines.key[i]);
    ssort(&lmiss);
    long open = 0, popen = 0;
    for (size_t i = 0; i < lmiss.n; i++) {
        if (wok(c, lmiss.s[i]))
            printf("line waived: %s: %s\n", lmiss.s[i], reason(c, lmiss.s[i]));
        else
            printf("line not hit: %s\n", lmiss.s[i]), open++;
    }
    for (size_t i = 0; i < c->lpoint.n; i++) {
        if (pt_hit(c, c->lpoint.s[i], &t)) continue;
        *smap_get(&lun, lkey(t), 1) = 1;
        long *lh = smap_get(&c->lines, lkey(t), 0);
        if (lh && *lh) push(&pmiss, t);
    }
    for (size_t i = 0; i < c->moved.n; i++) printf("waiver moved: %s\n", c->moved.s[i]);
    for (size_t i = 0; i < c->lost.n; i++) printf("waiver lost: %s\n", c->lost.s[i]);
    for (size_t i = 0; i < c->waive.cap; i++)
        if (c->waive.key[i]) push(&wk, c->waive.key[i]);
    ssort(&wk);
    for (size_t i = 0; i < wk.n; i++) {
        int isl = has(&c->lines, wk.s[i]);
        if (!isl || !has(&lun, wk.s[i]))
            printf("waiver stale: %s (%s)\n", wk.s[i], isl ? "hit" : "no line point");
        else if (!wok(c, wk.s[i]))
            printf("waiver unsupported: %s (its cover point was not hit)\n", wk.s[i]);
    }
    printf("lines not hit and not waived: %ld\n", open);
    ssort(&pmiss);
    for (size_t i = 0; i < pmiss.n; i++) {
        const char *lk = lkey(pmiss.s[i]);
        if (wok(c, lk))
            printf("point waived: %s: %s\n", pmiss.s[i], reason(c, lkey(pmiss.s[i])));
        else
            printf("point not hit on a line otherwise hit: %s\n", pmiss.s[i]), popen++;
    }
    printf("points not hit on lines otherwise hit, not waived: %ld\n", popen);
}

int main(int argc, char **argv)
{
    static cov_t c;
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: cov_summary MERGED.dat [WAIVERS]\n  per-file line, toggle and cover points "
               "of a Verilator coverage file; lines not hit, waived or not\n  (tb/tools/"
               "cov_summary.c; WAIVERS default rtl/cov_waivers.txt under $SRCROOT or .)\n");
        return 0;
    }
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: cov_summary MERGED.dat [WAIVERS]\n");
        return 2;
    }
    const char *root = getenv("SRCROOT") ? getenv("SRCROOT") : ".";
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        fprintf(stderr, "cov_summary: cannot read %s\n", argv[1]);
        return 2;
    }
    char wdef[4096];
    snprintf(wdef, sizeof wdef, "%s/rtl/cov_waivers.txt", root);
    if (read_waivers(&c, argc == 3 ? argv[2] : wdef, root) && argc == 3) {
        fprintf(stderr, "cov_summary: cannot read %s\n", argv[2]);
        return 2;
    }
    size_t cap = 1 << 16;
    char *line = malloc(cap);
    while (getline(&line, &cap, f) > 0)
        if (!strncmp(line, "C ", 2)) point(&c, line);
    fclose(f);
    free(line);
    if (!c.np) {
        fprintf(stderr, "cov_summary: no coverage points in %s\n", argv[1]);
        return 2;
    }
    table(&c);
    lines_report(&c);
    return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
