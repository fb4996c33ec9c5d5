/* out.c - checked output files. See nr_out.h. */
#define _DEFAULT_SOURCE /* realpath, truncate */
#define _POSIX_C_SOURCE 200809L
#include "nr_out.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "liberr.h"

/* The reason of a failed write: strerror, or (no errno known) a plain one. */
static const char *why(int e) { return e > 0 ? strerror(e) : "a write failed"; }

static char *dupstr(const char *s)
{
    size_t k = strlen(s) + 1;
    char *d = malloc(k);
    if (d) memcpy(d, s, k);
    return d;
}

/* The file a path names: a symbolic link's target (when it resolves), else
 * the path. Malloc'd, NULL when out of memory. */
static char *target_of(const char *path)
{
    struct stat sb;
    if (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode)) {
        char *r = realpath(path, NULL);
        if (r) return r;
    }
    return dupstr(path);
}

/* target + ".tmp-PID", malloc'd */
static char *tmp_name(const char *target)
{
    size_t k = strlen(target) + 32;
    char *t = malloc(k);
    if (t) snprintf(t, k, "%s.tmp-%ld", target, (long)getpid());
    return t;
}

/* Make (O_EXCL) and remove a test file beside target: can its directory take
 * the temporary file and the rename? */
static int dir_writable(const char *target, char *err, size_t n)
{
    char *t = tmp_name(target);
    if (!t) return nr_errf(err, n, "out of memory");
    int fd = open(t, O_WRONLY | O_CREAT | O_EXCL, 0666);
    int e = errno;
    if (fd >= 0) {
        close(fd);
        unlink(t);
    }
    free(t);
    if (fd < 0)
        return nr_errf(err, n,
                       "its directory is not writable (the file is written under a temporary "
                       "name and renamed): %s",
                       strerror(e));
    return 0;
}

int nr_out_check(const char *path, nr_out_mode m, char *err, size_t n)
{
    struct stat sb;
    if (!path || !*path) return nr_errf(err, n, "expected a file name");
    if (stat(path, &sb) != 0) {
        if (errno != ENOENT) return nr_errf(err, n, "%s", strerror(errno));
        /* a new file: can it be made? (made and removed again) */
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd < 0) return nr_errf(err, n, "%s", strerror(errno));
        close(fd);
        unlink(path);
        return 0;
    }
    if (m == NR_OUT_FILE && !S_ISREG(sb.st_mode)) return nr_errf(err, n, "not a regular file");
    if (S_ISDIR(sb.st_mode)) return nr_errf(err, n, "%s", strerror(EISDIR));
    if (S_ISFIFO(sb.st_mode)) return 0; /* opening it would wait for a reader */
    int fd = open(path, O_WRONLY | O_NONBLOCK | (m == NR_OUT_APPEND ? O_APPEND : 0));
    if (fd < 0) return nr_errf(err, n, "%s", strerror(errno));
    close(fd);
    if (m != NR_OUT_APPEND && S_ISREG(sb.st_mode)) {
        char *t = target_of(path);
        int rc = t ? dir_writable(t, err, n) : nr_errf(err, n, "out of memory");
        free(t);
        return rc;
    }
    return 0;
}

static void out_free(nr_out_t *o)
{
    free(o->path);
    free(o->target);
    free(o->tmp);
    free(o->buf);
    memset(o, 0, sizeof *o);
}

/* path, target and (regular files) the temporary name; o->direct */
static int out_names(nr_out_t *o, const char *path, char *err, size_t n)
{
    struct stat sb;
    memset(o, 0, sizeof *o);
    o->path = dupstr(path);
    o->target = target_of(path);
    if (!o->path || !o->target) {
        out_free(o);
        return nr_errf(err, n, "cannot write '%s': out of memory", path);
    }
    int exists = stat(o->target, &sb) == 0;
    o->direct = exists && !S_ISREG(sb.st_mode);
    o->fresh = !exists || sb.st_size == 0;
    return 0;
}

int nr_out_begin(nr_out_t *o, const char *path, char *err, size_t n)
{
    if (out_names(o, path, err, n)) return -1;
    o->mode = NR_OUT_WHOLE;
    if (o->direct) return 0;
    o->tmp = tmp_name(o->target);
    if (!o->tmp) {
        out_free(o);
        return nr_errf(err, n, "cannot write '%s': out of memory", path);
    }
    unlink(o->tmp); /* a leftover of an earlier process with this pid */
    return 0;
}

int nr_out_open(nr_out_t *o, const char *path, nr_out_mode m, char *err, size_t n)
{
    if (m == NR_OUT_APPEND) {
        if (out_names(o, path, err, n)) return -1;
        o->mode = m;
        o->f = open_memstream(&o->buf, &o->len);
    } else {
        if (nr_out_begin(o, path, err, n)) return -1;
        if (o->direct) {
            o->f = fopen(o->target, "w");
        } else {
            struct stat sb;
            int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
            /* keep an existing file's permissions */
            if (fd >= 0 && stat(o->target, &sb) == 0) fchmod(fd, sb.st_mode & 07777);
            o->f = fd >= 0 ? fdopen(fd, "w") : NULL;
            if (fd >= 0 && !o->f) close(fd);
        }
    }
    if (!o->f) {
        int e = errno;
        if (o->tmp) unlink(o->tmp);
        out_free(o);
        return nr_errf(err, n, "cannot write '%s': %s", path, strerror(e));
    }
    return 0;
}

void nr_out_abort(nr_out_t *o)
{
    if (o->f) fclose(o->f);
    if (o->tmp) unlink(o->tmp);
    out_free(o);
}

/* Write all of buf to fd; 0, or -1 with errno set (a short write is ENOSPC
 * when the kernel gave no reason). */
static int write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t w = write(fd, buf, len);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            if (w == 0) errno = ENOSPC;
            return -1;
        }
        buf += w;
        len -= (size_t)w;
    }
    return 0;
}

/* NR_OUT_APPEND: the text in one write, undone on a failure. */
static int append_close(nr_out_t *o, char *err, size_t n)
{
    int e = 0;
    if (fclose(o->f)) e = errno ? errno : -1;
    o->f = NULL;
    if (e) return nr_errf(err, n, "cannot write '%s': %s", o->path, why(e));
    struct stat sb;
    const int existed = stat(o->target, &sb) == 0;
    int fd = open(o->target, O_WRONLY | O_APPEND | O_CREAT, 0666);
    if (fd < 0) return nr_errf(err, n, "cannot write '%s': %s", o->path, strerror(errno));
    off_t old = 0;
    if (!o->direct && fstat(fd, &sb) == 0) old = sb.st_size;
    if (write_all(fd, o->buf, o->len)) e = errno;
    if (close(fd) && !e) e = errno ? errno : -1;
    if (e && !o->direct) {
        /* undo: the file as it was before this row */
        if (!existed)
            unlink(o->target);
        else if (truncate(o->target, old))
            return nr_errf(err, n,
                           "cannot write '%s': %s; and cutting it back to its old %lld bytes "
                           "failed: %s",
                           o->path, why(e), (long long)old, strerror(errno));
    }
    if (e) return nr_errf(err, n, "cannot write '%s': %s", o->path, why(e));
    return 0;
}

int nr_out_commit(nr_out_t *o, char *err, size_t n)
{
    int rc = 0;
    if (o->tmp && rename(o->tmp, o->target)) {
        rc = nr_errf(err, n, "cannot write '%s': %s", o->path, strerror(errno));
        unlink(o->tmp);
    }
    out_free(o);
    return rc;
}

int nr_out_close(nr_out_t *o, char *err, size_t n)
{
    int rc;
    if (o->mode == NR_OUT_APPEND) {
        rc = append_close(o, err, n);
        out_free(o);
        return rc;
    }
    int e = 0;
    errno = 0;
    if (fflush(o->f) || ferror(o->f)) e = errno ? errno : -1;
    if (fclose(o->f) && !e) e = errno ? errno : -1;
    o->f = NULL;
    if (e) {
        rc = nr_errf(err, n, "cannot write '%s': %s", o->path, why(e));
        nr_out_abort(o);
        return rc;
    }
    return nr_out_commit(o, err, n);
}

int nr_out_stdout(const char *prog, int rc)
{
    int e = 0;
    errno = 0;
    if (fflush(stdout) || ferror(stdout)) e = errno ? errno : -1;
    if (fclose(stdout) && !e) e = errno ? errno : -1;
    if (!e) return rc;
    fprintf(stderr, "%s: cannot write standard output: %s\n", prog, why(e));
    return rc ? rc : 1;
}

int nr_out_bad(const char *prog, const char *msg)
{
    fflush(stdout);
    fprintf(stderr, "%s: %s\n", prog, msg);
    return nr_out_stdout(prog, 2);
}

/* An FST file is a chain of blocks, each a type byte and a big-endian 64-bit
 * length that counts itself and the block's body (gtkwave's fstapi.h: 0
 * header, 1 value changes, 2 blackout, 3 geometry, 4, 6, 7 hierarchy, 5 and 8
 * value changes with aliases, 254 a gzip wrapper; 255 marks a block whose
 * writing never finished). */
int nr_out_fst_check(const char *path, char *err, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return nr_errf(err, n, "'%s': %s", path, strerror(errno));
    unsigned char h[9];
    long long at = 0;
    int blocks = 0, hdr = 0, geom = 0, hier = 0, rc = 0, wrapped = 0;
    size_t k;
    while ((k = fread(h, 1, 9, f)) > 0) {
        unsigned long long len = 0;
        for (int i = 1; i < 9; i++) len = len << 8 | h[i];
        if (k < 9 || len < 8) {
            rc = nr_errf(err, n, "'%s': not an FST file: a block at byte %lld is cut short", path,
                         at);
            break;
        }
        if (h[0] == 254 && blocks == 0) {
            wrapped = 1; /* gzip-wrapped: not walked */
            break;
        }
        if (h[0] > 8) {
            rc = nr_errf(err, n, "'%s': not a finished FST file: block type %u at byte %lld", path,
                         h[0], at);
            break;
        }
        hdr += h[0] == 0, geom += h[0] == 3, hier += h[0] == 4 || h[0] == 6 || h[0] == 7;
        blocks++;
        if (fseeko(f, (off_t)len - 8, SEEK_CUR)) {
            rc = nr_errf(err, n, "'%s': %s", path, strerror(errno));
            break;
        }
        at += 1 + (long long)len;
    }
    struct stat sb;
    if (!rc && !wrapped && (fstat(fileno(f), &sb) || sb.st_size != at))
        rc = nr_errf(err, n, "'%s': not a finished FST file: its blocks end at byte %lld of %lld",
                     path, at, (long long)sb.st_size);
    if (!rc && !wrapped && blocks && (hdr != 1 || !geom || !hier))
        rc = nr_errf(err, n,
                     "'%s': not a finished FST file: %d header, %d geometry, %d hierarchy "
                     "blocks",
                     path, hdr, geom, hier);
    if (!rc && !wrapped && !blocks) rc = nr_errf(err, n, "'%s': empty, not an FST file", path);
    fclose(f);
    return rc;
}
