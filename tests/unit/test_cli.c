/* test_cli.c - value parsers, option parser and config reader on good and
 * bad inputs; the exit-2 wrappers are run in a child process and their exit
 * status and message are checked. */
#define _POSIX_C_SOURCE 200809L
#include <sys/wait.h>
#include <unistd.h>

#include "nr_cli.h"
#include "nr_inj.h"
#include "nr_traffic.h"
#include "nr_test.h"

static const nr_cli_opt_t opts[] = {
    {"ports", "N", "number of ports"},
    {"load", "F", "offered load, phits/cycle/port"},
    {"seed", "S", "random seed"},
    {"verbose", NULL, "print more"},
    {"pattern", "NAME", "traffic pattern"},
    {"config", "FILE", "key = value file"},
    {NULL, NULL, NULL},
};

/* Run fn(arg) in a child with stdout+stderr captured; return its exit status
 * (or -1 if it did not exit normally) and the output in out. */
static int child(void (*fn)(void *), void *arg, char *out, size_t n)
{
    int fd[2];
    if (pipe(fd)) return -2;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 1);
        dup2(fd[1], 2);
        fn(arg);
        fflush(stdout);
        _exit(99); /* fn should have exited */
    }
    close(fd[1]);
    size_t used = 0;
    ssize_t r;
    while (used + 1 < n && (r = read(fd[0], out + used, n - 1 - used)) > 0) used += (size_t)r;
    out[used] = 0;
    close(fd[0]);
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void run_args(void *arg)
{
    char **argv = arg;
    int argc = 0;
    while (argv[argc]) argc++;
    nr_cli_t c;
    nr_cli_init(&c, "prog", "[options]", opts, argc, argv);
    const char *val;
    int o;
    while ((o = nr_cli_next_or_exit(&c, &val)) != NR_CLI_END) {
        if (o == 0)
            nr_cli_long(&c, val, 2, 64);
        else if (o == 1)
            nr_cli_double(&c, val, 0, 1);
        else if (o == 2)
            nr_cli_u64(&c, val, 0, UINT64_MAX);
        else if (o == 4)
            nr_cli_enum(&c, val, nr_tp_names());
    }
    exit(0);
}

static void run_die(void *arg)
{
    nr_cli_t c;
    char *argv[] = {"prog", NULL};
    nr_cli_init(&c, "prog", NULL, opts, 1, argv);
    nr_cli_die(&c, "%s needs k to be a power of two, got %d", (const char *)arg, 12);
}

static void run_cfg(void *arg)
{
    long ports = 0;
    nr_cfg_key_t t[] = {{"ports", NR_CFG_LONG, &ports, 2, 64, NULL}, {NULL, 0, NULL, 0, 0, NULL}};
    nr_cfg_parse_file_or_exit("prog", arg, nr_cfg_table_fn, t);
    exit(0);
}

static void cli_integers(void)
{
    char err[700];
    long l = 0;
    uint64_t u = 0;
    /* ---- integers ---- */
    static const struct {
        const char *s;
        long lo, hi, want;
    } good_long[] = {{"42", 1, 64, 42},
                     {"-3", -5, 5, -3},
                     {"0x10", 0, 100, 16},
                     /* decimal, never octal (issue 11 section 4: --link-lat 010 gave 8) */
                     {"010", 0, 100, 10},
                     {"-010", -100, 100, -10},
                     {"09", 0, 100, 9},
                     {"0X1f", 0, 100, 31}};
    for (size_t i = 0; i < sizeof good_long / sizeof good_long[0]; i++) {
        CHECK_EQ(nr_cli_parse_long(good_long[i].s, good_long[i].lo, good_long[i].hi, &l, err,
                                   sizeof err),
                 0);
        CHECK_EQ(l, good_long[i].want);
    }
    CHECK_EQ(nr_cli_parse_long("0x", 0, 100, &l, err, sizeof err), -1);
    static const struct {
        const char *s;
        uint64_t want;
    } good_u64[] = {
        {"010", 10}, {"0777", 777}, {"18446744073709551615", UINT64_MAX}, {"0xFF", 255}};
    for (size_t i = 0; i < sizeof good_u64 / sizeof good_u64[0]; i++) {
        CHECK_EQ(nr_cli_parse_u64(good_u64[i].s, 0, UINT64_MAX, &u, err, sizeof err), 0);
        CHECK_U64(u, good_u64[i].want);
    }
    CHECK_EQ(nr_cli_parse_long("0x10", 0, 100, &l, err, sizeof err), 0);
    CHECK_EQ(nr_cli_parse_long("99", 1, 64, &l, err, sizeof err), -1);
    CHECK(strcmp(err, "expected an integer in [1, 64], got '99'") == 0);
    CHECK_EQ(l, 16); /* untouched on error */
    static const char *bad_long[] = {"", "abc", "12x", " 5", "1.5", "99999999999999999999999"};
    for (size_t i = 0; i < sizeof bad_long / sizeof bad_long[0]; i++) {
        CHECK_EQ(nr_cli_parse_long(bad_long[i], -1000, 1000, &l, err, sizeof err), -1);
        CHECK_STR(err, "expected an integer in [-1000, 1000]");
    }
    static const char *bad_u64[] = {"-1", "", "18446744073709551616"};
    for (size_t i = 0; i < sizeof bad_u64 / sizeof bad_u64[0]; i++)
        CHECK_EQ(nr_cli_parse_u64(bad_u64[i], 0, UINT64_MAX, &u, err, sizeof err), -1);
    CHECK_EQ(nr_cli_parse_u64("7", 8, 9, &u, err, sizeof err), -1);
    CHECK_STR(err, "expected an integer in [8, 9], got '7'");
}

static void cli_doubles(void)
{
    char err[700];
    double d = 0;
    /* ---- doubles ---- */
    CHECK_EQ(nr_cli_parse_double("0.5", 0, 1, &d, err, sizeof err), 0);
    CHECK_NEAR(d, 0.5, 0);
    CHECK_EQ(nr_cli_parse_double("1e-3", 0, 1, &d, err, sizeof err), 0);
    CHECK_NEAR(d, 0.001, 1e-18);
    static const char *bad_dbl[] = {"", "nan", "inf", "1.5", "0.5x", "-0.1", " 0.3"};
    for (size_t i = 0; i < sizeof bad_dbl / sizeof bad_dbl[0]; i++) {
        CHECK_EQ(nr_cli_parse_double(bad_dbl[i], 0, 1, &d, err, sizeof err), -1);
        CHECK_STR(err, "expected a number in [0, 1], got '");
    }
}

static void cli_enums(void)
{
    char err[700];
    int e = 0;
    /* ---- enums: the error lists every valid name ---- */
    CHECK_EQ(nr_cli_parse_enum("tornado", nr_tp_names(), &e, err, sizeof err), 0);
    CHECK_EQ(e, NR_TP_TORNADO);
    CHECK_EQ(nr_cli_parse_enum("foo", nr_tp_names(), &e, err, sizeof err), -1);
    CHECK_STR(err, "expected one of uniform, bitcomp, bitrev, bitrot, transpose, "
                   "transpose-random, shuffle, tornado, neighbor, hotspot, randperm, rowcol, quad; "
                   "got 'foo'");
}

static void cli_lists(void)
{
    char err[700];
    int list[8];
    int cnt = 0;
    /* ---- lists ---- */
    CHECK_EQ(nr_cli_parse_list("3,7,11", 0, 63, list, 8, &cnt, err, sizeof err), 0);
    CHECK_EQ(cnt, 3);
    CHECK_EQ(list[2], 11);
    CHECK_EQ(nr_cli_parse_list("5", 0, 63, list, 8, &cnt, err, sizeof err), 0);
    CHECK_EQ(cnt, 1);
    CHECK_EQ(nr_cli_parse_list("3,,7", 0, 63, list, 8, &cnt, err, sizeof err), -1);
    CHECK_STR(err, "got '' in '3,,7'");
    CHECK_EQ(nr_cli_parse_list("3,99", 0, 63, list, 8, &cnt, err, sizeof err), -1);
    CHECK_STR(err, "in [0, 63], got '99'");
    CHECK_EQ(nr_cli_parse_list("1,2,3", 0, 63, list, 2, &cnt, err, sizeof err), -1);
    CHECK_STR(err, "at most 2");

    /* a list item is never cut short: a cut "000...01" would read as 0 */
    {
        char longitem[200];
        memset(longitem, '0', 150);
        strcpy(longitem + 150, "1");
        CHECK_EQ(nr_cli_parse_list(longitem, 0, 100, list, 8, &cnt, err, sizeof err), -1);
        CHECK_STR(err, "expected comma-separated integers in [0, 100]");
        CHECK_EQ(nr_cli_parse_list("3,,5", 0, 100, list, 8, &cnt, err, sizeof err), -1);
        CHECK_STR(err, "got '' in '3,,5'");
        CHECK_EQ(nr_cli_parse_list("3,", 0, 100, list, 8, &cnt, err, sizeof err), -1);
    }
}

/* ---- sub-fields (nr_cli_split) ---- */
static void cli_subfields(void)
{
    char buf[32];
    const char *f[4];
    CHECK_EQ(nr_cli_split("a:b:c", ':', buf, sizeof buf, f, 1, 3), 3);
    CHECK(!strcmp(f[0], "a") && !strcmp(f[1], "b") && !strcmp(f[2], "c"));
    CHECK_EQ(nr_cli_split("a::c", ':', buf, sizeof buf, f, 1, 3), 3);
    CHECK(!strcmp(f[1], "")); /* empty fields are kept, for their parser to refuse */
    CHECK_EQ(nr_cli_split("a", ':', buf, sizeof buf, f, 2, 3), -1);       /* too few */
    CHECK_EQ(nr_cli_split("a:b:c:d", ':', buf, sizeof buf, f, 1, 3), -1); /* too many */
    CHECK_EQ(nr_cli_split("", ':', buf, sizeof buf, f, 1, 1), 1);         /* one, empty */
    CHECK_EQ(
        nr_cli_split("0123456789012345678901234567890123456789", ':', buf, sizeof buf, f, 1, 1),
        -1); /* does not fit: never cut */
}

/* ---- packet lengths (nr_lendist_parse, nr_inj.h) ---- */
static void cli_lengths(void)
{
    char err[700];
    nr_lendist_t ld = {0};
    CHECK_EQ(nr_lendist_parse("fixed:8", 4, &ld, err, sizeof err), 0);
    CHECK(ld.kind == NR_LEN_FIXED && ld.a == 8 && ld.b == 8);
    CHECK_EQ(nr_lendist_parse("uniform:4:0x13", 4, &ld, err, sizeof err), 0);
    CHECK(ld.kind == NR_LEN_UNIFORM && ld.a == 4 && ld.b == 19);
    CHECK_EQ(nr_lendist_parse("bw", 4, &ld, err, sizeof err), 0);
    CHECK(ld.kind == NR_LEN_BWMIX);
    /* 4294967304 = 2^32 + 8 was fixed:8 through sscanf's %d */
    CHECK_EQ(nr_lendist_parse("fixed:4294967304", 4, &ld, err, sizeof err), -1);
    CHECK_STR(err, "expected an integer in [4, 1024], got '4294967304'");
    static const char *bad[] = {"fixed:",        "fixed:3",    "fixed:8x", "fixed:8:9", "uniform:4",
                                "uniform:9:5",   "uniform::5", "bwx",      "fixed",     "",
                                "uniform:4:1025"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECKF(nr_lendist_parse(bad[i], 4, &ld, err, sizeof err) == -1, "'%s' accepted", bad[i]);
}

/* ---- option parser: a good command line ---- */
static void cli_opts_good(void)
{
    char out[4000];
    char *argv[] = {"prog",     "--load",   "0.5", "--seed=7", "--verbose",
                    "file.txt", "--ports=", "--",  "--notopt", NULL};
    nr_cli_t c;
    const char *val;
    nr_cli_init(&c, "prog", "[options] FILE", opts, 9, argv);
    CHECK_EQ(nr_cli_next(&c, &val), 1);
    CHECK(strcmp(val, "0.5") == 0);
    CHECK_EQ(nr_cli_next(&c, &val), 2);
    CHECK(strcmp(val, "7") == 0);
    CHECK_EQ(nr_cli_next(&c, &val), 3);
    CHECK(val == NULL);
    CHECK_EQ(nr_cli_next(&c, &val), NR_CLI_ARG);
    CHECK(strcmp(val, "file.txt") == 0);
    CHECK_EQ(nr_cli_next(&c, &val), 0); /* --ports= gives an empty value */
    CHECK(strcmp(val, "") == 0);
    CHECK(strcmp(c.cur, "ports") == 0);
    CHECK_EQ(nr_cli_next(&c, &val), NR_CLI_ARG); /* after "--" */
    CHECK(strcmp(val, "--notopt") == 0);
    CHECK_EQ(nr_cli_next(&c, &val), NR_CLI_END);
    NR_TEST_CAPTURE(out, f, nr_cli_usage(&c, f));
    CHECK_STR(out, "usage: prog [options] FILE\n");
    CHECK_STR(out, "  --load F               offered load, phits/cycle/port\n");
    CHECK_STR(out, "  --verbose              print more\n");
    CHECK_STR(out, "Integers are decimal (a leading 0 does not make them octal");
}

/* ---- option parser: errors ---- */
static void cli_opts_errors(void)
{
    struct {
        char *argv[4];
        int argc;
        const char *msg;
        int rc;
    } cases[] = {
        {{"prog", "--bogus", NULL}, 2, "unknown option '--bogus'", NR_CLI_ERROR},
        {{"prog", "--bogus=3", NULL}, 2, "unknown option '--bogus'", NR_CLI_ERROR},
        {{"prog", "-x", NULL}, 2, "unknown option '-x'", NR_CLI_ERROR},
        {{"prog", "--load", NULL}, 2, "option '--load' needs a value", NR_CLI_ERROR},
        {{"prog", "--verbose=1", NULL}, 2, "option '--verbose' takes no value", NR_CLI_ERROR},
        {{"prog", "--loa", "1", NULL}, 3, "unknown option '--loa'", NR_CLI_ERROR},
        {{"prog", "--help", NULL}, 2, "", NR_CLI_HELP},
        {{"prog", "-h", NULL}, 2, "", NR_CLI_HELP},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nr_cli_t c;
        const char *val;
        nr_cli_init(&c, "prog", NULL, opts, cases[i].argc, cases[i].argv);
        CHECK_EQ(nr_cli_next(&c, &val), cases[i].rc);
        CHECK_STR(c.err, cases[i].msg);
    }
}

/* ---- the exiting wrappers, in a child ---- */
static void cli_exiting(void)
{
    char out[4000];
    /* argv (NULL-terminated), exit status, and the output (NULL: not checked) */
    struct {
        char *argv[8];
        int rc;
        const char *msg;
    } runs[] = {
        {{"prog", "--ports", "16", "--bogus"},
         2,
         "prog: unknown option '--bogus'\nusage: prog [options]\n"},
        {{"prog", "--ports", "65"}, 2, "prog: --ports: expected an integer in [2, 64], got '65'\n"},
        {{"prog", "--load=1.5"}, 2, "prog: --load: expected a number in [0, 1], got '1.5'\n"},
        {{"prog", "--pattern", "diagonal"},
         2,
         "prog: --pattern: expected one of uniform, bitcomp,"},
        {{"prog", "--seed", "-4"},
         2,
         "prog: --seed: expected an integer in [0, 18446744073709551615], got '-4'"},
        {{"prog", "--help"}, 0, "usage: prog [options]\n"},
        /* "tr" is an alias, not a name */
        {{"prog", "--ports", "8", "--load", "0.25", "--pattern", "tr"}, 2, NULL},
        {{"prog", "--ports", "8", "--load", "0.25", "--pattern", "tornado"}, 0, NULL},
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        CHECK_EQ(child(run_args, runs[i].argv, out, sizeof out), runs[i].rc);
        if (runs[i].msg) CHECK_STR(out, runs[i].msg);
    }
    CHECK_EQ(child(run_die, "bitrev", out, sizeof out), 2);
    CHECK(strcmp(out, "prog: bitrev needs k to be a power of two, got 12\n") == 0);
}

/* ---- config text ---- */
static void cli_config_text(void)
{
    char err[700];
    long ports = 0;
    double load = 0;
    uint64_t seed = 0;
    int pat = -1;
    char name[16] = "";
    nr_cfg_key_t t[] = {
        {"ports", NR_CFG_LONG, &ports, 2, 64, NULL},
        {"load", NR_CFG_DOUBLE, &load, 0, 1, NULL},
        {"seed", NR_CFG_U64, &seed, 0, 1.9e19, NULL},
        {"traffic.pattern", NR_CFG_ENUM, &pat, 0, 0, nr_tp_names()},
        {"name", NR_CFG_STRING, name, 0, sizeof name, NULL},
        {NULL, 0, NULL, 0, 0, NULL},
    };
    const char *good = "# a run\n\n  ports = 16  \nload=0.25 # comment\n"
                       "seed = 0xDEADBEEF\ntraffic.pattern = tornado\nname = k16\n";
    CHECK_EQ(nr_cfg_parse_text("run.cfg", good, nr_cfg_table_fn, t, err, sizeof err), 0);
    CHECK_EQ(ports, 16);
    CHECK_NEAR(load, 0.25, 0);
    CHECK_U64(seed, 0xDEADBEEFull);
    CHECK_EQ(pat, NR_TP_TORNADO);
    CHECK(strcmp(name, "k16") == 0);
    struct {
        const char *text, *msg;
    } bad[] = {
        {"ports = 16\nports 16\n", "run.cfg:2: expected 'key = value', got 'ports 16'"},
        {"= 5\n", "run.cfg:1: expected a key before '='"},
        {"\n\nports =   # nothing\n", "run.cfg:3: expected a value after 'ports ='"},
        {"9x = 1\n", "run.cfg:1: expected a key of letters, digits, '_', '.', '-', got '9x'"},
        {"po rts = 1\n", "run.cfg:1: expected a key of letters"},
        {"foo = 1\n", "run.cfg:1: expected one of the keys ports, load, seed, "
                      "traffic.pattern, name; got 'foo'"},
        {"load = 0.1\nports = 65\n",
         "run.cfg:2: expected an integer in [2, 64], got '65' for 'ports'"},
        {"traffic.pattern = x\n", "run.cfg:1: expected one of uniform,"},
        {"name = waytoolongforthebuffer\n", "run.cfg:1: expected at most 15 characters"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        CHECK_EQ(nr_cfg_parse_text("run.cfg", bad[i].text, nr_cfg_table_fn, t, err, sizeof err),
                 -1);
        CHECK_STR(err, bad[i].msg);
    }
}

/* ---- config file, and the exiting wrapper ---- */
static void cli_config_file(void)
{
    char err[700];
    char out[4000];
    char path[] = "/tmp/nr_test_cli_XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    const char *text = "ports = 8\n# ok so far\nports: 9\n";
    CHECK(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
    long ports = 0;
    nr_cfg_key_t t[] = {{"ports", NR_CFG_LONG, &ports, 2, 64, NULL}, {NULL, 0, NULL, 0, 0, NULL}};
    CHECK_EQ(nr_cfg_parse_file(path, nr_cfg_table_fn, t, err, sizeof err), -1);
    char want[200];
    snprintf(want, sizeof want, "%s:3: expected 'key = value', got 'ports: 9'", path);
    CHECK(strcmp(err, want) == 0);
    CHECK_EQ(ports, 8);
    CHECK_EQ(child(run_cfg, path, out, sizeof out), 2);
    CHECK_STR(out, "prog: ");
    CHECK_STR(out, want);
    unlink(path);
    CHECK_EQ(nr_cfg_parse_file(path, nr_cfg_table_fn, t, err, sizeof err), -1);
    CHECK_STR(err, ": cannot read: ");
    CHECK_EQ(child(run_cfg, path, out, sizeof out), 2);
}

/* ---- seed line ---- */
static void cli_seed_line(void)
{
    char out[4000];
    NR_TEST_CAPTURE(out, f, nr_cli_print_seed(f, "nr_run", 255));
    CHECK(strcmp(out, "nr_run: seed 255 (0x00000000000000ff)\n") == 0);
}

int main(void)
{
    NR_TEST_BEGIN("test_cli", 0);
    cli_integers();
    cli_doubles();
    cli_enums();
    cli_lists();
    cli_subfields();
    cli_lengths();
    cli_opts_good();
    cli_opts_errors();
    cli_exiting();
    cli_config_text();
    cli_config_file();
    cli_seed_line();
    NR_TEST_END("test_cli");
}
