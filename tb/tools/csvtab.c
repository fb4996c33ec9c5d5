/* csvtab.c - read the kit's CSV files by column name (csvtab.h). */
#define _POSIX_C_SOURCE 200809L
#include "csvtab.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *prog = "csv";

void csv_prog(const char *name) { prog = name; }

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot read %s: %s\n", prog, path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0, r;
    char *b = malloc(cap + 1);
    while (b && (r = fread(b + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            char *nb = realloc(b, 2 * cap + 1);
            if (!nb) free(b);
            b = nb;
            cap *= 2;
        }
    }
    int bad = !b || ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: cannot read %s\n", prog, path);
        free(b);
        return NULL;
    }
    b[n] = 0;
    return b;
}

/* Split one line (NUL-terminated) at commas into at most max fields. */
static int split(char *line, char **f, int max)
{
    int n = 0;
    for (char *p = line;; p++) {
        if (n < max) f[n] = p;
        n++;
        p = strchr(p, ',');
        if (!p) break;
        *p = 0;
    }
    return n;
}

static int count_fields(const char *line)
{
    int n = 1;
    for (const char *p = line; *p; p++) n += *p == ',';
    return n;
}

int csv_load(csvtab *t, const char *path)
{
    memset(t, 0, sizeof *t);
    t->path = path;
    if (!(t->buf = slurp(path))) return 2;
    char *save = NULL, *line = strtok_r(t->buf, "\n", &save);
    if (!line || !*line) {
        fprintf(stderr, "%s: %s has no header line\n", prog, path);
        return 2;
    }
    line[strcspn(line, "\r")] = 0;
    t->ncol = count_fields(line);
    t->name = malloc(sizeof(char *) * (size_t)t->ncol);
    split(line, t->name, t->ncol);
    int cap = 64, lineno = 1;
    t->row = malloc(sizeof(char **) * (size_t)cap);
    while ((line = strtok_r(NULL, "\n", &save))) {
        lineno++;
        line[strcspn(line, "\r")] = 0;
        if (!*line) continue;
        int n = count_fields(line);
        if (n != t->ncol) {
            fprintf(stderr, "%s: %s:%d: %d fields, the header has %d\n", prog, path, lineno, n,
                    t->ncol);
            return 2;
        }
        if (t->nrow == cap) t->row = realloc(t->row, sizeof(char **) * (size_t)(cap *= 2));
        t->row[t->nrow] = malloc(sizeof(char *) * (size_t)n);
        split(line, t->row[t->nrow++], n);
    }
    return 0;
}

void csv_free(csvtab *t)
{
    for (int i = 0; i < t->nrow; i++) free(t->row[i]);
    free(t->row);
    free(t->name);
    free(t->buf);
    memset(t, 0, sizeof *t);
}

static void print_header(const csvtab *t)
{
    for (int i = 0; i < t->ncol; i++) fprintf(stderr, "%s%s", i ? "," : "", t->name[i]);
}

int csv_col(const csvtab *t, const char *name)
{
    for (int i = 0; i < t->ncol; i++)
        if (!strcmp(t->name[i], name)) return i;
    fprintf(stderr, "%s: %s: no column %s (header: ", prog, t->path, name);
    print_header(t);
    fprintf(stderr, ")\n");
    return -1;
}

int csv_need(const csvtab *t, const char *const *names)
{
    int miss = 0;
    for (int k = 0; names[k]; k++) {
        int found = 0;
        for (int i = 0; i < t->ncol && !found; i++) found = !strcmp(t->name[i], names[k]);
        if (found) continue;
        if (miss++)
            fprintf(stderr, ", %s", names[k]);
        else
            fprintf(stderr, "%s: %s: no column %s", prog, t->path, names[k]);
    }
    if (!miss) return 0;
    fprintf(stderr, " (header: ");
    print_header(t);
    fprintf(stderr, ")\n");
    return 2;
}

double csv_num(const char *field) { return strtod(field, NULL); }
