/* progrun.c - handing a run to a sibling program (progrun.h). */
#define _POSIX_C_SOURCE 200809L /* strsignal */
#include "progrun.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

void tb_self_dir(const char *argv0, char *dir, size_t n)
{
    ssize_t k = readlink("/proc/self/exe", dir, n - 1);
    if (k <= 0) {
        snprintf(dir, n, "%s", argv0);
        k = (ssize_t)strlen(dir);
    }
    dir[k] = 0;
    char *sl = strrchr(dir, '/');
    if (sl)
        *sl = 0;
    else
        snprintf(dir, n, ".");
}

int tb_run_child(const char *prog, const char *path, char **argv)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) return 2;
    if (pid == 0) {
        argv[0] = (char *)path;
        execv(path, argv);
        fprintf(stderr, "%s: cannot run %s: %s\n", prog, path, strerror(errno));
        _exit(2);
    }
    int st;
    if (waitpid(pid, &st, 0) < 0) {
        fprintf(stderr, "%s: waiting for %s: %s\n", prog, path, strerror(errno));
        return 2;
    }
    if (WIFEXITED(st)) return WEXITSTATUS(st);
    /* never a silent 1: a child killed by a signal (an FST writer's SIGBUS on
     * a full disk, a crash) is reported */
    fprintf(stderr, "%s: %s was killed by signal %d (%s)\n", prog, path,
            WIFSIGNALED(st) ? WTERMSIG(st) : 0, WIFSIGNALED(st) ? strsignal(WTERMSIG(st)) : "?");
    return 1;
}

void tb_make_cmd(const char *dir, const char *prog, char *out, size_t n)
{
    /* dir is ROOT/BUILD/bin: make runs at ROOT (make -C), the target is
     * BUILD/bin/prog as the kit's makefiles name it (BUILD relative). */
    char root[1024];
    snprintf(root, sizeof root, "%s", dir);
    char *bin = strrchr(root, '/');
    if (bin && !strcmp(bin, "/bin")) {
        *bin = 0;
        char *bd = strrchr(root, '/');
        if (bd) {
            *bd = 0;
            const char *b = bd + 1;
            if (!strcmp(b, "build"))
                snprintf(out, n, "make -C %.500s build/bin/%.200s", *root ? root : "/", prog);
            else
                snprintf(out, n, "make -C %.500s BUILD=%.100s %.100s/bin/%.200s",
                         *root ? root : "/", b, b, prog);
            return;
        }
    }
    snprintf(out, n, "make build/bin/%.200s", prog);
}

void tb_prog_hint(const char *prog, char *out, size_t n)
{
    char dir[1024], path[1400], mk[1000];
    tb_self_dir("", dir, sizeof dir);
    snprintf(path, sizeof path, "%.1000s/%.300s", dir, prog);
    if (access(path, X_OK) == 0) {
        snprintf(out, n, "%s", path);
        return;
    }
    tb_make_cmd(dir, prog, mk, sizeof mk);
    snprintf(out, n, "%.1300s (missing; make it: %s)", path, mk);
}

int tb_argv_without(int argc, char **argv, const char *const *drop, char **out)
{
    int n = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--")) { /* the rest is positional: kept */
            while (i < argc) out[n++] = argv[i++];
            break;
        }
        int k = 0;
        for (; drop[k]; k++) {
            size_t l = strlen(drop[k]);
            if (!strncmp(argv[i], drop[k], l) && (argv[i][l] == 0 || argv[i][l] == '=')) break;
        }
        if (!drop[k])
            out[n++] = argv[i];
        else if (!strchr(argv[i], '=') && i + 1 < argc)
            i++; /* and its value */
    }
    return n;
}
