/* nr_cat.c - the catalog on the command line: what make and the scripts ask
 * of the named configurations and the organizations, so that none of them
 * reads configs/configs.txt or lists organizations itself
 * (docs/architecture.md "The catalog").
 *
 *   nr_cat [--cfg-file PATH] COMMAND [ARG...]
 *     check [--rtl] NAME   the configuration passes its organization's
 *                          parameter rules (exit 0, "NAME ok"); --rtl: and
 *                          it can be an RTL build (no C-model-only key set)
 *     get NAME [FIELD]     top | builds (one kind per line) | params
 *                          ("P=V ...") | gparams ("-GP=V ...", the default)
 *                          | org
 *     with KIND [TOP...]   the configurations whose builds include KIND (of
 *                          one of the TOPs), in file order, on one line
 *     names                every configuration, in file order, one line
 *     check-file           the whole file's lines (exit 0 or 2 with file:line)
 *     make                 the Makefile's view: every configuration
 *                          (CFG_NAMES, CFG_TOP_n, CFG_BUILDS_n, CFG_GP_n) and
 *                          every router top (RTR_TOPS, RTR_ORG_t, RB_HIER_t,
 *                          RB_TRACE_t)
 *     stamps DIR           DIR/NAME.stamp per configuration: its top and
 *                          parameters, rewritten only when they change (a
 *                          new stamp is dated 1970, so adding stamps to a
 *                          tree rebuilds nothing)
 *     shim-prm TOP         the router shim's parameter header of a router top
 *                          (tb/shim/rtr_shim.cpp)
 *     rtl-cfgs             "name top P=V ..." of every configuration an RTL
 *                          tool can take (none that sets a C-model-only key)
 *     cores                "name top example" of every organization with RTL
 *                          (its FuseSoC core: scripts/gencores.sh)
 *     orgs                 the organizations: name, top, document, summary
 *     keys ORG             an organization's parameters: key, default,
 *                          range, RTL or C model only, what it is
 * The configurations file is PATH, else $NR_CONFIGS, else
 * configs/configs.txt. Exit 0; 2 with a message for bad input or a
 * configuration that breaks a rule; 1 when an output cannot be written.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <utime.h>

#include "catalog/org.h"
#include "nr_out.h"

static const char *usage =
    "usage: nr_cat [--cfg-file PATH] check [--rtl] NAME | get NAME [FIELD] | "
    "with KIND [TOP...] | names | check-file | make | stamps DIR | rtl-cfgs | cores | "
    "shim-prm TOP | orgs | keys ORG   (--help)";

static int die(const char *fmt, const char *a)
{
    fprintf(stderr, "nr_cat: ");
    fprintf(stderr, fmt, a);
    fputc('\n', stderr);
    return 2;
}

/* A configuration's parameters as "P=V" words joined by sep, each prefixed. */
static void print_params(FILE *f, const rtr_namedcfg *c, const char *prefix)
{
    for (int i = 0; i < c->nparams; i++)
        fprintf(f, "%s%s%s=%ld", i ? " " : "", prefix, c->key[i], c->val[i]);
}

static void print_builds(FILE *f, unsigned b, const char *sep)
{
    int first = 1;
    for (int i = 0; i < RTR_BUILD_KINDS; i++)
        if (b >> i & 1) fprintf(f, "%s%s", first ? "" : sep, rtr_build_kind_name(i)), first = 0;
}

static int cmd_check(const rtr_cfgfile *cf, int argc, char **argv)
{
    int rtl = argc > 1 && !strcmp(argv[1], "--rtl");
    if (argc != 2 + rtl) return die("%s", usage);
    const rtr_namedcfg *c = rtr_cfgfile_find(cf, argv[1 + rtl]);
    if (!c) return die("no configuration '%s'", argv[1 + rtl]);
    char err[1024];
    const rtr_org *o = rtr_org_of(c, err, sizeof err);
    if (!o) return die("%s", err);
    rtr_geom g;
    if (rtr_org_geom(o, c, &g, err, sizeof err)) return die("%s", err);
    const rtr_key *mo = rtl ? rtr_org_model_only(o, c) : NULL;
    if (mo) {
        snprintf(err, sizeof err,
                 "%s:%d: configuration %s sets %s, which only the C model has (%s): it has no RTL "
                 "build",
                 c->file, c->line, c->name, mo->key, mo->doc);
        return die("%s", err);
    }
    if (rtl && !o->top)
        return die("configuration %s: a C-model-only organization has no RTL", c->name);
    printf("nr_cat: %s ok\n", c->name);
    return 0;
}

static int cmd_get(const rtr_cfgfile *cf, int argc, char **argv)
{
    if (argc < 2 || argc > 3) return die("%s", usage);
    const rtr_namedcfg *c = rtr_cfgfile_find(cf, argv[1]);
    if (!c) {
        char err[4096];
        int n = snprintf(err, sizeof err, "no configuration '%s' (have:", argv[1]);
        for (int i = 0; i < cf->n && n < (int)sizeof err; i++)
            n += snprintf(err + n, sizeof err - (size_t)n, " %s", cf->e[i].name);
        if (n < (int)sizeof err) snprintf(err + n, sizeof err - (size_t)n, ")");
        return die("%s", err);
    }
    const char *what = argc == 3 ? argv[2] : "gparams";
    if (!strcmp(what, "top"))
        printf("%s", c->top);
    else if (!strcmp(what, "builds"))
        print_builds(stdout, c->builds, "\n");
    else if (!strcmp(what, "params"))
        print_params(stdout, c, "");
    else if (!strcmp(what, "gparams"))
        print_params(stdout, c, "-G");
    else if (!strcmp(what, "org")) {
        char err[1024];
        const rtr_org *o = rtr_org_of(c, err, sizeof err);
        if (!o) return die("%s", err);
        printf("%s", o->name);
    } else
        return die("unknown field '%s' (top, builds, params, gparams, org)", what);
    if (strcmp(what, "builds") || c->builds) putchar('\n');
    return 0;
}

static int cmd_with(const rtr_cfgfile *cf, int argc, char **argv)
{
    if (argc < 2) return die("%s", usage);
    unsigned b = rtr_build_kind_of(argv[1]);
    if (!b) return die("unknown build kind '%s' (rtl trace smoke sc area lint)", argv[1]);
    const char *sep = "";
    for (int i = 0; i < cf->n; i++) {
        int top_ok = argc == 2;
        for (int t = 2; t < argc; t++) top_ok |= !strcmp(cf->e[i].top, argv[t]);
        if ((cf->e[i].builds & b) && top_ok) printf("%s%s", sep, cf->e[i].name), sep = " ";
    }
    putchar('\n');
    return 0;
}

static int cmd_make(const rtr_cfgfile *cf)
{
    printf("# generated by nr_cat make (tb/catalog/nr_cat.c) from the configurations file and\n"
           "# the organizations of tb/catalog/org_*.c: do not edit\n");
    for (int i = 0; i < cf->n; i++) {
        const rtr_namedcfg *c = &cf->e[i];
        printf("CFG_NAMES += %s\nCFG_TOP_%s := %s\nCFG_BUILDS_%s := ", c->name, c->name, c->top,
               c->name);
        print_builds(stdout, c->builds, " ");
        printf("\nCFG_GP_%s := ", c->name);
        print_params(stdout, c, "-G");
        putchar('\n');
    }
    printf("RTR_TOPS :=");
    for (int i = 0; rtr_orgs[i]; i++)
        if (rtr_orgs[i]->top) printf(" %s", rtr_orgs[i]->top);
    printf("\nRTR_ORGS :=");
    for (int i = 0; rtr_orgs[i]; i++) printf(" %s", rtr_orgs[i]->name);
    putchar('\n');
    for (int i = 0; rtr_orgs[i]; i++) {
        const rtr_org *o = rtr_orgs[i];
        if (!o->top) continue;
        printf("RTR_ORG_%s := %s\nRB_HIER_%s := %s\nRB_TRACE_%s := %s\n", o->top, o->name, o->top,
               o->vl_hier ? o->vl_hier : "", o->top, o->vl_trace ? o->vl_trace : "");
    }
    return 0;
}

/* One stamp: "top P=V ..." (what a build is made from), rewritten only when
 * it changes; a new one dated 1970. */
static int write_stamp(const char *dir, const rtr_namedcfg *c)
{
    char path[1024], want[2048], have[2048] = "";
    snprintf(path, sizeof path, "%s/%s.stamp", dir, c->name);
    int n = snprintf(want, sizeof want, "%s %s", c->name, c->top);
    for (int i = 0; i < c->nparams && n < (int)sizeof want; i++)
        n += snprintf(want + n, sizeof want - (size_t)n, " %s=%ld", c->key[i], c->val[i]);
    if (n < (int)sizeof want) snprintf(want + n, sizeof want - (size_t)n, "\n");
    FILE *f = fopen(path, "r");
    int fresh = !f;
    if (f) {
        size_t r = fread(have, 1, sizeof have - 1, f);
        have[r] = 0;
        fclose(f);
        if (!strcmp(have, want)) return 0;
    }
    f = fopen(path, "w");
    if (!f || fputs(want, f) == EOF || fclose(f) == EOF) {
        fprintf(stderr, "nr_cat: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    if (fresh) {
        struct utimbuf t = {0, 0};
        if (utime(path, &t)) {
            fprintf(stderr, "nr_cat: cannot date %s: %s\n", path, strerror(errno));
            return 1;
        }
    }
    return 0;
}

static int cmd_stamps(const rtr_cfgfile *cf, int argc, char **argv)
{
    if (argc != 2) return die("%s", usage);
    if (mkdir(argv[1], 0777) && errno != EEXIST) {
        fprintf(stderr, "nr_cat: cannot make %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    for (int i = 0; i < cf->n; i++)
        if (write_stamp(argv[1], &cf->e[i])) return 1;
    return 0;
}

static int cmd_shim_prm(int argc, char **argv)
{
    if (argc != 2) return die("%s", usage);
    const rtr_org *o = rtr_org_for_top(argv[1]);
    if (!o) return die("no router organization has top '%s'", argv[1]);
    printf("/* generated by nr_cat shim-prm %s from tb/catalog/org_%s.c: do not edit */\n", o->top,
           o->name);
    printf("#define NR_PRM_ORG \"%s\"\n#define NR_PRM_TOP \"%s\"\n#define NR_PRM_SIZE %zu\n",
           o->name, o->top, o->params_size);
    printf("#define NR_PRM_FIELDS(X)");
    for (const rtr_key *k = o->keys; k->key; k++)
        if (k->flags & RTR_K_RTL) printf(" X(%s, %zu)", k->field, k->off);
    printf("\n");
    return 0;
}

static int cmd_keys(int argc, char **argv)
{
    if (argc != 2) return die("%s", usage);
    const rtr_org *o = rtr_org_find(argv[1]);
    if (!o) return die("no organization '%s' (nr_cat orgs)", argv[1]);
    printf("%-12s %8s %12s  %-6s %s\n", "key", "default", "range", "where", "what");
    for (const rtr_key *k = o->keys; k->key; k++) {
        char r[32];
        snprintf(r, sizeof r, "%ld..%ld", k->min, k->max);
        printf("%-12s %8ld %12s  %-6s %s\n", k->key, k->dflt, r,
               k->flags & RTR_K_MODEL ? "model" : "both", k->doc);
    }
    return 0;
}

static int cmd_rtl_cfgs(const rtr_cfgfile *cf)
{
    for (int i = 0; i < cf->n; i++) {
        const rtr_namedcfg *c = &cf->e[i];
        const rtr_org *o = rtr_org_for_top(c->top);
        if (o && rtr_org_model_only(o, c)) continue;
        printf("%s %s%s", c->name, c->top, c->nparams ? " " : "");
        print_params(stdout, c, "");
        putchar('\n');
    }
    return 0;
}

static int run(const char *file, int argc, char **argv)
{
    const char *cmd = argv[0];
    if (!strcmp(cmd, "cores")) {
        if (argc != 1) return die("%s", usage);
        for (int i = 0; rtr_orgs[i]; i++)
            if (rtr_orgs[i]->top)
                printf("%s %s %s\n", rtr_orgs[i]->name, rtr_orgs[i]->top, rtr_orgs[i]->example);
        return 0;
    }
    if (!strcmp(cmd, "shim-prm")) return cmd_shim_prm(argc, argv);
    if (!strcmp(cmd, "keys")) return cmd_keys(argc, argv);
    if (!strcmp(cmd, "orgs")) {
        if (argc != 1) return die("%s", usage);
        for (int i = 0; rtr_orgs[i]; i++)
            printf("%-8s %-8s %-20s %s\n", rtr_orgs[i]->name,
                   rtr_orgs[i]->top ? rtr_orgs[i]->top : "-", rtr_orgs[i]->doc,
                   rtr_orgs[i]->summary);
        return 0;
    }
    static const char *const file_cmds[] = {"check", "get",    "with",     "names", "check-file",
                                            "make",  "stamps", "rtl-cfgs", NULL};
    int known = 0;
    for (int i = 0; file_cmds[i]; i++) known |= !strcmp(cmd, file_cmds[i]);
    if (!known) return die("unknown command '%s'", cmd);
    rtr_cfgfile cf;
    char err[1024];
    if (rtr_cfgfile_load(file, &cf, err, sizeof err)) return die("%s", err);
    int rc = 0;
    if (!strcmp(cmd, "check"))
        rc = cmd_check(&cf, argc, argv);
    else if (!strcmp(cmd, "get"))
        rc = cmd_get(&cf, argc, argv);
    else if (!strcmp(cmd, "with"))
        rc = cmd_with(&cf, argc, argv);
    else if (!strcmp(cmd, "make"))
        rc = argc == 1 ? cmd_make(&cf) : die("%s", usage);
    else if (!strcmp(cmd, "stamps"))
        rc = cmd_stamps(&cf, argc, argv);
    else if (!strcmp(cmd, "rtl-cfgs"))
        rc = argc == 1 ? cmd_rtl_cfgs(&cf) : die("%s", usage);
    else if (!strcmp(cmd, "names")) {
        for (int i = 0; i < cf.n; i++) printf("%s%s", i ? " " : "", cf.e[i].name);
        putchar('\n');
    } else if (argc != 1)
        rc = die("%s", usage);
    rtr_cfgfile_free(&cf);
    return rc;
}

int main(int argc, char **argv)
{
    const char *file = rtr_cfg_default_file();
    int i = 1;
    if (i < argc && (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))) {
        printf("%s\n", usage);
        printf("The configurations file: --cfg-file PATH, else $NR_CONFIGS, else "
               "configs/configs.txt.\nCommands (docs/architecture.md \"The catalog\"):\n"
               "  check [--rtl] NAME  NAME passes its organization's parameter rules\n"
               "                      (--rtl: and can be an RTL build)\n"
               "  get NAME [FIELD]    top | builds | params | gparams (default) | org\n"
               "  with KIND [TOP...]  configurations whose builds include KIND\n"
               "  names               every configuration\n"
               "  check-file          every line of the file\n"
               "  make                the Makefile's variables\n"
               "  stamps DIR          one stamp per configuration, rewritten on change\n"
               "  shim-prm TOP        the router shim's parameter header\n"
               "  rtl-cfgs            every configuration an RTL tool can take\n"
               "  cores               every organization with RTL: name, top, example\n"
               "  orgs                the organizations\n"
               "  keys ORG            an organization's parameters\n"
               "Exit 0; 2 bad input or a broken rule; 1 an output that cannot be written.\n");
        return nr_out_stdout("nr_cat", 0);
    }
    if (i < argc && !strcmp(argv[i], "--cfg-file")) {
        if (i + 1 >= argc) return die("%s", "--cfg-file needs a PATH");
        file = argv[i + 1];
        i += 2;
    }
    if (i >= argc) return die("%s", usage);
    return nr_out_stdout("nr_cat", run(file, argc - i, argv + i));
}
