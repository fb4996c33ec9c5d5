/* cfg.h - named configurations: the one reader of configs/configs.txt.
 *
 * A named configuration is a line "name top [builds] Param=Value ...": the
 * RTL top it configures, what the kit builds of it (the builds column) and
 * its parameters (docs/architecture.md "Named configurations and builds").
 * Every program and script asks this reader (the scripts and make through
 * build/bin/nr_cat); none parses the file itself.
 *
 * The whole file is checked on every read, so a broken line anywhere is
 * reported as file:line even when the entry asked for is fine:
 *   - a name is legal by rtr_cfg_name_ok, and unique;
 *   - the builds column is '-' or a comma list of the kinds below; smoke and
 *     sc only on a router organization's top; no build at all for a
 *     configuration that sets a parameter only the C model has;
 *   - values are decimal (or 0x hexadecimal) 32-bit signed integers, each key
 *     at most once.
 * The parameters themselves are checked by the top's organization
 * (org.h: rtr_org_params), when a program uses the configuration.
 */
#ifndef CATALOG_CFG_H
#define CATALOG_CFG_H
#include <stdint.h>

#define RTR_CFG_MAX_PARAMS 32
#define RTR_CFG_NAME_MAX 63 /* characters of a name or a top */
/* Parameter values are 32-bit signed (Verilog `parameter int`). */
#define RTR_CFG_VAL_MIN (-2147483647L - 1)
#define RTR_CFG_VAL_MAX 2147483647L

/* The kinds of the builds column (configs/configs.txt says what each makes). */
enum {
    RTR_BUILD_RTL = 1 << 0,   /* the Verilated model and its program */
    RTR_BUILD_TRACE = 1 << 1, /* the flat FST-traced build too */
    RTR_BUILD_SMOKE = 1 << 2, /* the RTL smoke test (router tops) */
    RTR_BUILD_SC = 1 << 3,    /* the SystemC program (router tops) */
    RTR_BUILD_AREA = 1 << 4,  /* synthesized by make area */
    RTR_BUILD_LINT = 1 << 5,  /* make lint elaborates the top with it */
    RTR_BUILD_KINDS = 6
};
/* The name of kind bit i ("rtl", ...), and the bit of a name (0: unknown). */
const char *rtr_build_kind_name(int i);
unsigned rtr_build_kind_of(const char *name);

typedef struct {
    char name[RTR_CFG_NAME_MAX + 1];
    char top[RTR_CFG_NAME_MAX + 1];
    unsigned builds; /* RTR_BUILD_* bits */
    int nparams;
    char key[RTR_CFG_MAX_PARAMS][32];
    long val[RTR_CFG_MAX_PARAMS];
    char file[256];
    int line; /* line of the entry in file */
} rtr_namedcfg;

/* The one rule of a legal configuration name (and top): 1 to 63 characters
 * of [A-Za-z0-9_.-], the first a letter or digit, so that it is a file name,
 * a make variable name and a program suffix (rtr_sim-NAME) everywhere.
 * 0, or -1 with a message naming the name and the rule. */
int rtr_cfg_name_ok(const char *name, char *err, int errlen);

/* The configurations file of this run: $NR_CONFIGS if set and not empty,
 * else configs/configs.txt. */
const char *rtr_cfg_default_file(void);

/* Every entry of a file, in file order. */
typedef struct {
    int n;
    rtr_namedcfg *e;
} rtr_cfgfile;
/* Read and check the whole file: 0, or -1 with "file:line: message". */
int rtr_cfgfile_load(const char *file, rtr_cfgfile *f, char *err, int errlen);
void rtr_cfgfile_free(rtr_cfgfile *f);
/* The entry named name, or NULL. */
const rtr_namedcfg *rtr_cfgfile_find(const rtr_cfgfile *f, const char *name);

/* Find configuration `name` in `file`: the whole file is checked as by
 * rtr_cfgfile_load. Returns 0, or -1 with "file:line: message" (or, for a
 * name that is not there, the list of known names) in err. */
int rtr_cfg_lookup(const char *file, const char *name, rtr_namedcfg *out, char *err, int errlen);
/* Value of parameter `key`, or dflt if the entry does not set it. */
long rtr_cfg_get(const rtr_namedcfg *c, const char *key, long dflt);
/* 1 if the entry sets key. */
int rtr_cfg_has(const rtr_namedcfg *c, const char *key);
/* Check that every parameter of c is in the NULL-terminated list `known`
 * (for a top without an organization, e.g. the LCB port): 0, or -1 with
 * "file:line: unknown parameter 'X' for top T". */
int rtr_cfg_check_keys(const rtr_namedcfg *c, const char *const *known, char *err, int errlen);

#endif
