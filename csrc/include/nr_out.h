/* nr_out.h - the files the kit's programs write (--csv, --turns, --links, FST
 * traces, standard output): every write and the close are checked, and a
 * file that could not be written whole does not survive.
 *
 * Two modes:
 *   NR_OUT_WHOLE   the file is the program's (--turns, --links): the text goes
 *                  to a temporary file beside PATH (PATH.tmp-PID), renamed onto
 *                  PATH by nr_out_close only when every write and the close
 *                  succeeded; otherwise it is removed and PATH is as before.
 *   NR_OUT_APPEND  a row added to a file (--csv): the text is kept in memory
 *                  and appended with one write at nr_out_close; a failed or
 *                  short write is undone (the file is cut back to its old
 *                  length, or removed if the write made it).
 * A PATH that is not a regular file (a device such as /dev/full or
 * /dev/stdout, a pipe) is written directly; its failures are reported all
 * the same. A symbolic link is followed: its target is written.
 *
 * Errors read "cannot write 'PATH': reason" (nr_out_check: the reason only);
 * the caller prefixes its program and option. Every function returns 0, or
 * -1 with the message in err.
 */
#ifndef NR_OUT_H
#define NR_OUT_H
#include <stddef.h>
#include <stdio.h>

/* NR_OUT_FILE: NR_OUT_WHOLE for a writer that must seek (an FST trace): a
 * regular file only. */
typedef enum { NR_OUT_WHOLE, NR_OUT_APPEND, NR_OUT_FILE } nr_out_mode;

typedef struct {
    FILE *f; /* write the text here */
    nr_out_mode mode;
    int fresh;    /* PATH did not exist or was empty at open (a CSV writes its header) */
    int direct;   /* PATH is not a regular file: written in place */
    char *path;   /* as the caller named it (for messages) */
    char *target; /* the file written: PATH, or the target of its symbolic link */
    char *tmp;    /* NR_OUT_WHOLE on a regular file: the temporary name */
    char *buf;    /* NR_OUT_APPEND: the text */
    size_t len;
} nr_out_t;

/* Could PATH be written in mode m? Creates nothing (a test file made to ask
 * the kernel is removed again), so a program can refuse an output before its
 * run rather than after it. The reason alone in err: "No such file or
 * directory", "Is a directory", "not a regular file" (NR_OUT_FILE), or, when
 * a regular file is replaced (WHOLE, FILE), "its directory is not writable
 * (the file is written under a temporary name and renamed): ...". */
int nr_out_check(const char *path, nr_out_mode m, char *err, size_t n);
/* Start writing PATH; o->f takes the text. */
int nr_out_open(nr_out_t *o, const char *path, nr_out_mode m, char *err, size_t n);
/* Finish: flush, check, close, rename or append (above). On an error the
 * output is undone and err holds "cannot write 'PATH': reason". */
int nr_out_close(nr_out_t *o, char *err, size_t n);
/* Give up a file being written: nothing of it survives. */
void nr_out_abort(nr_out_t *o);

/* A file another library writes by name (a Verilator FST trace): the name it
 * should write, o->tmp (a temporary name beside PATH; PATH itself when PATH
 * is not a regular file), and nr_out_commit renames it onto PATH once the
 * writer has closed it (nr_out_abort removes it). */
int nr_out_begin(nr_out_t *o, const char *path, char *err, size_t n);
int nr_out_commit(nr_out_t *o, char *err, size_t n);
/* The name nr_out_begin gave the writer. */
static inline const char *nr_out_name(const nr_out_t *o) { return o->tmp ? o->tmp : o->target; }

/* Is the file at path a finished FST trace? Its chain of blocks must end
 * exactly at the end of the file, with one header, a geometry and a
 * hierarchy block, and none left unfinished: a writer that ran out of space
 * or stopped early fails it. 0, or -1 with "'PATH': not a finished FST
 * file: ..." in err. */
int nr_out_fst_check(const char *path, char *err, size_t n);

/* Standard output at the end of a program: flush and close it, and check
 * both. Returns rc, or 1 when rc is 0 and a write failed ("prog: cannot
 * write standard output: reason" on stderr). Call it as the
 * program's last step: return nr_out_stdout("prog", rc). The message is
 * printed whatever rc is; a nonzero rc (a failed check, bad input) is kept. */
int nr_out_stdout(const char *prog, int rc);
/* A program's last step on bad input or a run it cannot make: standard
 * output flushed first (what it printed comes before the message), "prog:
 * msg" on stderr, then nr_out_stdout(prog, 2). */
int nr_out_bad(const char *prog, const char *msg);

#endif
