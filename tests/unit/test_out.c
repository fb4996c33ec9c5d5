/* test_out.c - the checked output files (nr_out.h): a whole file appears only
 * when every write and the close succeeded; an appended row is whole or not
 * there; the write failures of a full device (/dev/full) and of a file size
 * limit (RLIMIT_FSIZE, SIGXFSZ ignored: writes fail with EFBIG) are reported
 * and leave nothing behind; the FST structure check refuses a file cut short;
 * standard output's failure is an exit status. */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "nr_out.h"
#include "nr_test.h"

static char dir[256];

static long size_of(const char *p)
{
    struct stat sb;
    return stat(p, &sb) ? -1 : (long)sb.st_size;
}

/* files in dir (the temporary names left behind, if any) */
static int files_in(const char *d)
{
    DIR *dp = opendir(d);
    int n = 0;
    struct dirent *e;
    while (dp && (e = readdir(dp)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    if (dp) closedir(dp);
    return n;
}

static void write_text(const char *p, const char *text)
{
    FILE *f = fopen(p, "w");
    fputs(text, f);
    fclose(f);
}

/* In a child limited to `limit` bytes per file: open path in mode m, write
 * `bytes` bytes, close; the child's exit status is 0 when nr_out_close
 * failed (as it must), 1 when it succeeded, 2 when nr_out_open failed. */
static int limited_write(const char *path, nr_out_mode m, long limit, long bytes)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        struct rlimit rl = {(rlim_t)limit, (rlim_t)limit};
        signal(SIGXFSZ, SIG_IGN);
        setrlimit(RLIMIT_FSIZE, &rl);
        nr_out_t o;
        char err[600];
        if (nr_out_open(&o, path, m, err, sizeof err)) _exit(2);
        for (long i = 0; i < bytes; i++) fputc('x', o.f);
        int rc = nr_out_close(&o, err, sizeof err);
        _exit(rc == 0 ? 1 : strstr(err, "File too large") ? 0 : 3);
    }
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int main(void)
{
    NR_TEST_BEGIN("test_out", 0);
    char err[700], p[400], q[400];
    snprintf(dir, sizeof dir, "/tmp/test_out.XXXXXX");
    CHECK(mkdtemp(dir) != NULL);

    /* ---- nr_out_check: nothing created ---- */
    snprintf(p, sizeof p, "%s/new.csv", dir);
    CHECK_EQ(nr_out_check(p, NR_OUT_WHOLE, err, sizeof err), 0);
    CHECK_EQ(nr_out_check(p, NR_OUT_APPEND, err, sizeof err), 0);
    CHECK_EQ(files_in(dir), 0);
    CHECK_EQ(nr_out_check("/nonexistent-dir/x.csv", NR_OUT_WHOLE, err, sizeof err), -1);
    CHECK_STR(err, "No such file or directory");
    CHECK_EQ(nr_out_check(dir, NR_OUT_WHOLE, err, sizeof err), -1);
    CHECK_STR(err, "Is a directory");
    CHECK_EQ(nr_out_check("/dev/full", NR_OUT_WHOLE, err, sizeof err), 0); /* a device: direct */
    CHECK_EQ(nr_out_check("/dev/full", NR_OUT_FILE, err, sizeof err), -1); /* FST: seekable */
    CHECK_STR(err, "not a regular file");
    CHECK_EQ(nr_out_check("", NR_OUT_WHOLE, err, sizeof err), -1);

    /* ---- whole file: appears at close, replaces the old one ---- */
    write_text(p, "old\n");
    nr_out_t o;
    CHECK_EQ(nr_out_open(&o, p, NR_OUT_WHOLE, err, sizeof err), 0);
    fprintf(o.f, "new text\n");
    CHECK_EQ(size_of(p), 4);    /* not yet */
    CHECK_EQ(files_in(dir), 2); /* the old file and the temporary one */
    CHECK_EQ(nr_out_close(&o, err, sizeof err), 0);
    CHECK_EQ(size_of(p), 9);
    CHECK_EQ(files_in(dir), 1);
    /* abort: the old file stays, no temporary name */
    CHECK_EQ(nr_out_open(&o, p, NR_OUT_WHOLE, err, sizeof err), 0);
    fprintf(o.f, "half");
    nr_out_abort(&o);
    CHECK_EQ(size_of(p), 9);
    CHECK_EQ(files_in(dir), 1);
    /* a device that fails every write: reported */
    CHECK_EQ(nr_out_open(&o, "/dev/full", NR_OUT_WHOLE, err, sizeof err), 0);
    fprintf(o.f, "lost\n");
    CHECK_EQ(nr_out_close(&o, err, sizeof err), -1);
    CHECK_STR(err, "cannot write '/dev/full': No space left on device");
    /* a file size limit half way: the old file stays, nothing else is left */
    CHECK_EQ(limited_write(p, NR_OUT_WHOLE, 2000, 10000), 0);
    CHECK_EQ(size_of(p), 9);
    CHECK_EQ(files_in(dir), 1);
    CHECK_EQ(limited_write(p, NR_OUT_WHOLE, 20000, 10000), 1); /* under the limit: written */
    CHECK_EQ(size_of(p), 10000);
    /* a symbolic link: its target is written, the link stays */
    snprintf(q, sizeof q, "%s/link.csv", dir);
    CHECK_EQ(symlink(p, q), 0);
    CHECK_EQ(nr_out_open(&o, q, NR_OUT_WHOLE, err, sizeof err), 0);
    fprintf(o.f, "via link\n");
    CHECK_EQ(nr_out_close(&o, err, sizeof err), 0);
    struct stat sb;
    CHECK(lstat(q, &sb) == 0 && S_ISLNK(sb.st_mode));
    CHECK_EQ(size_of(p), 9);
    unlink(q);

    /* ---- append: a row whole or not at all ---- */
    snprintf(q, sizeof q, "%s/rows.csv", dir);
    CHECK_EQ(nr_out_open(&o, q, NR_OUT_APPEND, err, sizeof err), 0);
    CHECK_EQ(o.fresh, 1);
    fprintf(o.f, "h\n");
    CHECK_EQ(size_of(q), -1); /* nothing until the close */
    CHECK_EQ(nr_out_close(&o, err, sizeof err), 0);
    CHECK_EQ(size_of(q), 2);
    CHECK_EQ(nr_out_open(&o, q, NR_OUT_APPEND, err, sizeof err), 0);
    CHECK_EQ(o.fresh, 0);
    fprintf(o.f, "row\n");
    CHECK_EQ(nr_out_close(&o, err, sizeof err), 0);
    CHECK_EQ(size_of(q), 6);
    /* the limit cuts the row: it is taken back, the file as before */
    CHECK_EQ(limited_write(q, NR_OUT_APPEND, 100, 500), 0);
    CHECK_EQ(size_of(q), 6);
    /* a new file the limit cuts: removed */
    snprintf(q, sizeof q, "%s/new-rows.csv", dir);
    CHECK_EQ(limited_write(q, NR_OUT_APPEND, 100, 500), 0);
    CHECK_EQ(size_of(q), -1);
    CHECK_EQ(nr_out_open(&o, "/dev/full", NR_OUT_APPEND, err, sizeof err), 0);
    fprintf(o.f, "row\n");
    CHECK_EQ(nr_out_close(&o, err, sizeof err), -1);
    CHECK_STR(err, "No space left on device");

    /* ---- FST structure: a finished file passes, one cut short does not ---- */
    {
        /* header (type 0, length 329), geometry (3), hierarchy (6), each a
         * type byte and a big-endian length that counts itself */
        static const struct {
            unsigned char type;
            unsigned len;
        } blk[] = {{0, 329}, {1, 40}, {3, 20}, {6, 30}};
        snprintf(q, sizeof q, "%s/t.fst", dir);
        FILE *f = fopen(q, "wb");
        long total = 0;
        for (size_t i = 0; i < sizeof blk / sizeof blk[0]; i++) {
            fputc(blk[i].type, f);
            for (int k = 7; k >= 0; k--) fputc(k < 4 ? (int)(blk[i].len >> (8 * k)) & 255 : 0, f);
            for (unsigned k = 8; k < blk[i].len; k++) fputc(0, f);
            total += 1 + blk[i].len;
        }
        fclose(f);
        CHECK_EQ(size_of(q), total);
        CHECK_EQ(nr_out_fst_check(q, err, sizeof err), 0);
        CHECK_EQ(truncate(q, total - 5), 0);
        CHECK_EQ(nr_out_fst_check(q, err, sizeof err), -1);
        CHECK_STR(err, "not a finished FST file");
        CHECK_EQ(truncate(q, 0), 0);
        CHECK_EQ(nr_out_fst_check(q, err, sizeof err), -1);
        CHECK_STR(err, "empty, not an FST file");
        write_text(q, "this is not a trace at all, but text of some length\n");
        CHECK_EQ(nr_out_fst_check(q, err, sizeof err), -1);
        /* the temporary name a writer is given, and its commit */
        snprintf(p, sizeof p, "%s/w.fst", dir);
        CHECK_EQ(nr_out_begin(&o, p, err, sizeof err), 0);
        CHECK(strcmp(nr_out_name(&o), p) != 0);
        write_text(nr_out_name(&o), "x");
        CHECK_EQ(size_of(p), -1);
        CHECK_EQ(nr_out_commit(&o, err, sizeof err), 0);
        CHECK_EQ(size_of(p), 1);
    }

    /* ---- standard output ---- */
    {
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0) {
            freopen("/dev/full", "w", stdout);
            printf("a result line\n");
            _exit(nr_out_stdout("test_out", 0));
        }
        int st;
        waitpid(pid, &st, 0);
        CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 1);
        pid = fork();
        if (pid == 0) {
            freopen("/dev/full", "w", stdout);
            printf("a result line\n");
            _exit(nr_out_stdout("test_out", 2)); /* a bad-input exit is kept */
        }
        waitpid(pid, &st, 0);
        CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 2);
    }

    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK_EQ(system(cmd), 0);
    NR_TEST_END("test_out");
}
