/* csvtab.h - the kit's CSV files (rtr_sim and net_sim --csv, sw_counts
 * --csv, the sweeps' collected tables) read whole, columns found by header
 * name, for the report programs of tb/tools. A file is a header line and
 * rows of as many comma-separated fields (no quoting: the kit writes none).
 * Every failure prints a message naming the file (and the column or line)
 * on stderr, prefixed with the program's name, and returns 2 (-1 for an
 * index), the code the reports exit with. */
#ifndef TB_TOOLS_CSVTAB_H
#define TB_TOOLS_CSVTAB_H

typedef struct {
    const char *path;
    char *buf;   /* the file, its commas and newlines made NULs */
    char **name; /* ncol header names */
    int ncol;
    char ***row; /* nrow rows of ncol fields */
    int nrow;
} csvtab;

/* The program name printed before every message (default "csv"). */
void csv_prog(const char *name);
/* Read path into t: 0, or 2 (message printed) if it cannot be read, has no
 * header or a row with another number of fields. */
int csv_load(csvtab *t, const char *path);
void csv_free(csvtab *t);
/* The index of column name, or -1 (message printed: the file, the column,
 * the header). */
int csv_col(const csvtab *t, const char *name);
/* Every name of the NULL-terminated list is a column (else 2, each missing
 * one named in one message). */
int csv_need(const csvtab *t, const char *const *names);
/* A field as a number (strtod of the whole field; 0 for an empty one). */
double csv_num(const char *field);

#endif
