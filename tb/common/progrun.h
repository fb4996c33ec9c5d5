/* progrun.h - how the simulators hand a run to a sibling program (the
 * rtr_sim-NAME / net_sim-NAME builds linked with one RTL build): the
 * directory of the running program, and a child run with the same
 * arguments. */
#ifndef TB_COMMON_PROGRUN_H
#define TB_COMMON_PROGRUN_H
#include <stddef.h>

/* The directory of the running program (argv0's if /proc is not there). */
void tb_self_dir(const char *argv0, char *dir, size_t n);
/* Run the program at path with argv (argv[0] is replaced by path) and wait:
 * its exit status, 1 if it died of a signal, 2 if it could not be run (the
 * reason, or the signal, printed to stderr with prog's name). */
int tb_run_child(const char *prog, const char *path, char **argv);

/* The make command that makes program prog of the build whose bin
 * directory is dir: "make -C ROOT build/bin/prog" for dir = ROOT/build/bin
 * ("make -C ROOT BUILD=B B/bin/prog" for another build directory B), from
 * any working directory; else "make build/bin/prog". */
void tb_make_cmd(const char *dir, const char *prog, char *out, size_t n);
/* A hint that names the program prog beside the running one: its path when
 * it is there, else "PATH (missing; make it: ...)" (tb_make_cmd). Every
 * hint names something that exists or the command that makes it. */
void tb_prog_hint(const char *prog, char *out, size_t n);

/* argv[1..argc-1] into out without the options named in drop (NULL
 * terminated, e.g. "--csv"), each given as "--opt VALUE" or "--opt=VALUE";
 * the number of arguments in out. A traced rerun drops --csv and --label, so
 * one run writes one row. */
int tb_argv_without(int argc, char **argv, const char *const *drop, char **out);

#endif
