/* progrun.c - handing a run to a sibling program (progrun.h). */
#define _POSIX_C_SOURCE 200809L
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
    if (waitpid(pid, &st, 0) < 0) return 2;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
}
