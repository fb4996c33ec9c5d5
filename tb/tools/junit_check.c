/* junit_check.c - parse a JUnit XML report with a real (small, strict) XML
 * parser and check it, so the report that scripts/regress.sh writes for CI
 * dashboards is tested the way a dashboard reads it.
 *
 * usage: junit_check [options] FILE
 *   --tests N       the report holds exactly N testcases
 *   --failures N    exactly N of them failed (a <failure> or <error> child)
 *   --failed NAME   the testcase NAME is in the report and failed (repeatable)
 *   --passed NAME   the testcase NAME is in the report and passed (repeatable)
 *   --text          every failure also carries text (the log tail)
 *   -q, --quiet     print nothing when the report is good
 *   -h, --help      this text
 *
 * The XML must be well formed (XML 1.0: one root, matched tags, quoted
 * attributes, no duplicate attribute, only the five named entities and
 * character references, valid UTF-8 and XML characters, CDATA, comments and
 * processing instructions where allowed; no DTD). Then, as JUnit: the root is
 * <testsuites> or <testsuite>; every testsuite's tests / failures / errors /
 * skipped attributes, where present, equal its counts, and the root's equal
 * the sums; every testcase has a non-empty name and a time, if present, that
 * is a number >= 0; every <failure> and <error> has a non-empty message.
 *
 * Exit 0: good. 1: the report is malformed or a check fails (each problem is
 * printed, "junit_check: FILE:LINE:COL: ..." for syntax). 2: bad usage or the
 * file cannot be read.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILE (256L << 20)
#define MAX_DEPTH 256

typedef struct node {
    char *name;
    char **attr; /* name, value, name, value, ... */
    int nattr;
    struct node **kid;
    int nkid;
    size_t textlen; /* characters of text content (not whitespace only) */
    int line, col;
} node_t;

typedef struct {
    const char *file;
    const char *s;
    size_t n, i;
    char err[512];
} parser_t;

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "junit_check: out of memory\n");
        exit(2);
    }
    return p;
}
static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "junit_check: out of memory\n");
        exit(2);
    }
    return p;
}

static void where(const parser_t *p, size_t at, int *line, int *col)
{
    *line = 1;
    *col = 1;
    for (size_t k = 0; k < at && k < p->n; k++) {
        if (p->s[k] == '\n') {
            (*line)++;
            *col = 1;
        } else if (((unsigned char)p->s[k] & 0xC0) != 0x80) {
            (*col)++;
        }
    }
}

/* record the first error at the current position; always returns 0 */
static int fail(parser_t *p, const char *fmt, ...)
{
    if (p->err[0]) return 0;
    int line, col;
    where(p, p->i, &line, &col);
    int k = snprintf(p->err, sizeof p->err, "%s:%d:%d: ", p->file, line, col);
    va_list ap;
    va_start(ap, fmt);
    if (k > 0 && (size_t)k < sizeof p->err)
        vsnprintf(p->err + k, sizeof p->err - (size_t)k, fmt, ap);
    va_end(ap);
    return 0;
}

/* UTF-8 decode at s[i..n); returns the code point and sets *len, or -1 */
static long utf8(const unsigned char *s, size_t n, size_t i, int *len)
{
    unsigned c = s[i];
    long cp;
    int k;
    if (c < 0x80) {
        *len = 1;
        return c;
    } else if ((c & 0xE0) == 0xC0) {
        cp = c & 0x1F;
        k = 2;
    } else if ((c & 0xF0) == 0xE0) {
        cp = c & 0x0F;
        k = 3;
    } else if ((c & 0xF8) == 0xF0) {
        cp = c & 0x07;
        k = 4;
    } else {
        return -1;
    }
    if (i + (size_t)k > n) return -1;
    for (int j = 1; j < k; j++) {
        if ((s[i + j] & 0xC0) != 0x80) return -1;
        cp = (cp << 6) | (s[i + j] & 0x3F);
    }
    /* overlong forms and surrogates are not UTF-8 */
    if ((k == 2 && cp < 0x80) || (k == 3 && cp < 0x800) || (k == 4 && cp < 0x10000) ||
        (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
        return -1;
    *len = k;
    return cp;
}

static int xml_char(long c)
{
    return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
           (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

/* the whole document: valid UTF-8 of XML characters */
static int check_chars(parser_t *p)
{
    const unsigned char *s = (const unsigned char *)p->s;
    for (size_t i = 0; i < p->n;) {
        int len;
        long c = utf8(s, p->n, i, &len);
        if (c < 0) {
            p->i = i;
            return fail(p, "invalid UTF-8 byte 0x%02x", s[i]);
        }
        if (!xml_char(c)) {
            p->i = i;
            return fail(p, "character U+%04lX is not allowed in XML", c);
        }
        i += (size_t)len;
    }
    return 1;
}

static int at(const parser_t *p, const char *lit)
{
    size_t k = strlen(lit);
    return p->i + k <= p->n && memcmp(p->s + p->i, lit, k) == 0;
}
static int is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static void skip_space(parser_t *p)
{
    while (p->i < p->n && is_space(p->s[p->i])) p->i++;
}
static int name_start(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == ':' || c >= 0x80;
}
static int name_char(unsigned char c)
{
    return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

static char *parse_name(parser_t *p)
{
    size_t b = p->i;
    if (p->i >= p->n || !name_start((unsigned char)p->s[p->i])) {
        fail(p, "expected a name");
        return NULL;
    }
    while (p->i < p->n && name_char((unsigned char)p->s[p->i])) p->i++;
    char *r = xmalloc(p->i - b + 1);
    memcpy(r, p->s + b, p->i - b);
    r[p->i - b] = 0;
    return r;
}

/* append code point c as UTF-8 */
static void put_cp(char **buf, size_t *len, size_t *cap, long c)
{
    if (*len + 5 > *cap) {
        *cap = *cap * 2 + 16;
        *buf = xrealloc(*buf, *cap);
    }
    char *o = *buf + *len;
    if (c < 0x80) {
        o[0] = (char)c;
        *len += 1;
    } else if (c < 0x800) {
        o[0] = (char)(0xC0 | (c >> 6));
        o[1] = (char)(0x80 | (c & 0x3F));
        *len += 2;
    } else if (c < 0x10000) {
        o[0] = (char)(0xE0 | (c >> 12));
        o[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        o[2] = (char)(0x80 | (c & 0x3F));
        *len += 3;
    } else {
        o[0] = (char)(0xF0 | (c >> 18));
        o[1] = (char)(0x80 | ((c >> 12) & 0x3F));
        o[2] = (char)(0x80 | ((c >> 6) & 0x3F));
        o[3] = (char)(0x80 | (c & 0x3F));
        *len += 4;
    }
}

/* a reference at '&': &amp; &lt; &gt; &quot; &apos; &#N; &#xH; -> code point or -1 */
static long parse_ref(parser_t *p)
{
    static const struct {
        const char *name;
        char c;
    } ent[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&apos;", '\''}};
    for (size_t k = 0; k < sizeof ent / sizeof ent[0]; k++)
        if (at(p, ent[k].name)) {
            p->i += strlen(ent[k].name);
            return ent[k].c;
        }
    if (at(p, "&#")) {
        size_t b = p->i;
        int hex = at(p, "&#x");
        p->i += hex ? 3 : 2;
        long v = 0;
        int nd = 0;
        while (p->i < p->n && p->s[p->i] != ';') {
            char c = p->s[p->i];
            int d = (c >= '0' && c <= '9')          ? c - '0'
                    : (hex && c >= 'a' && c <= 'f') ? c - 'a' + 10
                    : (hex && c >= 'A' && c <= 'F') ? c - 'A' + 10
                                                    : -1;
            if (d < 0 || ++nd > 8) {
                p->i = b;
                fail(p, "bad character reference");
                return -1;
            }
            v = v * (hex ? 16 : 10) + d;
            p->i++;
        }
        if (p->i >= p->n || nd == 0 || !xml_char(v)) {
            p->i = b;
            fail(p, "bad character reference");
            return -1;
        }
        p->i++;
        return v;
    }
    fail(p, "'&' that does not start an entity (&amp; &lt; &gt; &quot; &apos; &#N;)");
    return -1;
}

static void free_node(node_t *e)
{
    if (!e) return;
    free(e->name);
    for (int k = 0; k < 2 * e->nattr; k++) free(e->attr[k]);
    free(e->attr);
    for (int k = 0; k < e->nkid; k++) free_node(e->kid[k]);
    free(e->kid);
    free(e);
}

/* <!-- ... --> at "<!--" */
static int parse_comment(parser_t *p)
{
    p->i += 4;
    while (p->i < p->n) {
        if (at(p, "--")) {
            if (at(p, "-->")) {
                p->i += 3;
                return 1;
            }
            return fail(p, "'--' inside a comment");
        }
        p->i++;
    }
    return fail(p, "unterminated comment");
}
/* <?target ... ?> at "<?" (not the XML declaration) */
static int parse_pi(parser_t *p)
{
    p->i += 2;
    char *t = parse_name(p);
    if (!t) return 0;
    int bad = (strlen(t) == 3 && (t[0] | 32) == 'x' && (t[1] | 32) == 'm' && (t[2] | 32) == 'l');
    free(t);
    if (bad) return fail(p, "an XML declaration is only allowed at the very start");
    while (p->i < p->n && !at(p, "?>")) p->i++;
    if (p->i >= p->n) return fail(p, "unterminated processing instruction");
    p->i += 2;
    return 1;
}
static int parse_misc(parser_t *p)
{
    for (;;) {
        skip_space(p);
        if (at(p, "<!--")) {
            if (!parse_comment(p)) return 0;
        } else if (at(p, "<?")) {
            if (!parse_pi(p)) return 0;
        } else if (at(p, "<!")) {
            return fail(p, "DTDs and declarations are not supported");
        } else {
            return 1;
        }
    }
}

/* The quoted value of attribute an (at its opening quote), references
 * expanded; NULL after fail(). */
static char *parse_attr_value(parser_t *p, const char *an)
{
    if (p->i >= p->n || (p->s[p->i] != '"' && p->s[p->i] != '\'')) {
        fail(p, "attribute '%s' value is not quoted", an);
        return NULL;
    }
    char q = p->s[p->i++];
    size_t len = 0, cap = 16;
    char *v = xmalloc(cap);
    while (p->i < p->n && p->s[p->i] != q) {
        if (p->s[p->i] == '<') {
            free(v);
            fail(p, "'<' inside attribute '%s'", an);
            return NULL;
        }
        if (p->s[p->i] == '&') {
            long c = parse_ref(p);
            if (c < 0) {
                free(v);
                return NULL;
            }
            put_cp(&v, &len, &cap, c);
        } else {
            if (len + 2 > cap) {
                cap *= 2;
                v = xrealloc(v, cap);
            }
            v[len++] = p->s[p->i++]; /* bytes as they are (already valid UTF-8) */
        }
    }
    if (p->i >= p->n) {
        free(v);
        fail(p, "unterminated attribute '%s'", an);
        return NULL;
    }
    p->i++;
    v[len] = 0;
    return v;
}

/* The attributes of e up to its '>' (1) or '/>' (2); 0 after fail(). */
static int parse_attrs(parser_t *p, node_t *e)
{
    for (;;) {
        size_t b = p->i;
        skip_space(p);
        if (at(p, "/>")) {
            p->i += 2;
            return 2;
        }
        if (at(p, ">")) {
            p->i++;
            return 1;
        }
        if (p->i == b) {
            fail(p, "expected whitespace, an attribute, '>' or '/>' in <%s>", e->name);
            return 0;
        }
        char *an = parse_name(p);
        if (!an) return 0;
        for (int k = 0; k < e->nattr; k++)
            if (!strcmp(e->attr[2 * k], an)) {
                fail(p, "duplicate attribute '%s' in <%s>", an, e->name);
                free(an);
                return 0;
            }
        e->attr = xrealloc(e->attr, sizeof(char *) * 2 * (size_t)(e->nattr + 1));
        e->attr[2 * e->nattr] = an;
        e->attr[2 * e->nattr + 1] = NULL;
        e->nattr++;
        skip_space(p);
        if (!at(p, "=")) {
            fail(p, "expected '=' after attribute '%s'", an);
            return 0;
        }
        p->i++;
        skip_space(p);
        if (!(e->attr[2 * e->nattr - 1] = parse_attr_value(p, an))) return 0;
    }
}

/* The closing tag of e (at "</"): 1, or 0 after fail(). */
static int parse_close(parser_t *p, const node_t *e)
{
    p->i += 2;
    char *cn = parse_name(p);
    if (!cn) return 0;
    int same = !strcmp(cn, e->name);
    if (!same) {
        fail(p, "</%s> closes <%s> (line %d)", cn, e->name, e->line);
        free(cn);
        return 0;
    }
    free(cn);
    skip_space(p);
    if (!at(p, ">")) {
        fail(p, "expected '>' in </%s>", e->name);
        return 0;
    }
    p->i++;
    return 1;
}

static node_t *parse_element(parser_t *p, int depth);

/* The content of e up to and with its closing tag: 1, or 0 after fail().
 * Text is only counted (non-space characters and references). */
static int parse_content(parser_t *p, node_t *e, int depth)
{
    for (;;) {
        if (p->i >= p->n) {
            fail(p, "<%s> (line %d) is not closed", e->name, e->line);
            return 0;
        }
        if (at(p, "</")) {
            return parse_close(p, e);
        } else if (at(p, "<!--")) {
            if (!parse_comment(p)) return 0;
        } else if (at(p, "<![CDATA[")) {
            p->i += 9;
            while (p->i < p->n && !at(p, "]]>")) {
                if (!is_space(p->s[p->i])) e->textlen++;
                p->i++;
            }
            if (p->i >= p->n) {
                fail(p, "unterminated CDATA section");
                return 0;
            }
            p->i += 3;
        } else if (at(p, "<?")) {
            if (!parse_pi(p)) return 0;
        } else if (at(p, "<!")) {
            fail(p, "unexpected '<!' in <%s>", e->name);
            return 0;
        } else if (at(p, "<")) {
            node_t *k = parse_element(p, depth + 1);
            if (!k) return 0;
            e->kid = xrealloc(e->kid, sizeof(node_t *) * (size_t)(e->nkid + 1));
            e->kid[e->nkid++] = k;
        } else if (at(p, "&")) {
            if (parse_ref(p) < 0) return 0;
            e->textlen++;
        } else if (at(p, "]]>")) {
            fail(p, "']]>' in text");
            return 0;
        } else {
            if (!is_space(p->s[p->i])) e->textlen++;
            p->i++;
        }
    }
}

static node_t *parse_element(parser_t *p, int depth)
{
    if (depth > MAX_DEPTH) {
        fail(p, "elements nested deeper than %d", MAX_DEPTH);
        return NULL;
    }
    node_t *e = calloc(1, sizeof *e);
    if (!e) {
        fprintf(stderr, "junit_check: out of memory\n");
        exit(2);
    }
    where(p, p->i, &e->line, &e->col);
    p->i++; /* '<' */
    int end = 0;
    if ((e->name = parse_name(p)) && (end = parse_attrs(p, e)) != 0 &&
        (end == 2 || parse_content(p, e, depth)))
        return e;
    free_node(e);
    return NULL;
}

static node_t *parse_doc(parser_t *p)
{
    if (at(p, "\xEF\xBB\xBF")) p->i += 3;
    if (at(p, "<?xml") && p->i + 5 < p->n && is_space(p->s[p->i + 5])) {
        while (p->i < p->n && !at(p, "?>")) p->i++;
        if (p->i >= p->n) {
            fail(p, "unterminated XML declaration");
            return NULL;
        }
        p->i += 2;
    }
    if (!parse_misc(p)) return NULL;
    if (!at(p, "<")) {
        fail(p, p->i >= p->n ? "no root element" : "text before the root element");
        return NULL;
    }
    node_t *root = parse_element(p, 0);
    if (!root) return NULL;
    if (!parse_misc(p) || p->i < p->n) {
        if (p->i < p->n) fail(p, "content after the root element");
        free_node(root);
        return NULL;
    }
    return root;
}

/* ---- JUnit checks ---- */
static const char *attr(const node_t *e, const char *name)
{
    for (int k = 0; k < e->nattr; k++)
        if (!strcmp(e->attr[2 * k], name)) return e->attr[2 * k + 1];
    return NULL;
}
static const char *g_file;
static int g_problems;
static void problem(const node_t *e, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "junit_check: %s:%d: ", g_file, e ? e->line : 0);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    g_problems++;
}

/* a count attribute equals n (if present) */
static void count_attr(const node_t *e, const char *a, long n)
{
    const char *v = attr(e, a);
    if (!v) return;
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (end == v || *end || errno || x < 0)
        problem(e, "<%s %s=\"%s\">: not a count", e->name, a, v);
    else if (x != n)
        problem(e, "<%s %s=\"%ld\"> but it holds %ld", e->name, a, x, n);
}

typedef struct {
    long tests, failures, errors, skipped;
} counts_t;

typedef struct {
    const char **want;
    int *seen;
    int n;
    int failed; /* 1: --failed list, 0: --passed */
} names_t;

static void note_name(names_t *w, const char *name, int failed, const node_t *e)
{
    for (int k = 0; k < w->n; k++)
        if (!strcmp(w->want[k], name)) {
            w->seen[k]++;
            if (failed != w->failed)
                problem(e, "testcase '%s' %s, expected it to %s", name,
                        failed ? "failed" : "passed", w->failed ? "fail" : "pass");
        }
}

static void check_suite(const node_t *s, counts_t *tot, int need_text, names_t *fw, names_t *pw)
{
    counts_t c = {0, 0, 0, 0};
    for (int k = 0; k < s->nkid; k++) {
        const node_t *t = s->kid[k];
        if (!strcmp(t->name, "testsuite")) { /* nested suites: counted into this one */
            counts_t in = {0, 0, 0, 0};
            check_suite(t, &in, need_text, fw, pw);
            c.tests += in.tests;
            c.failures += in.failures;
            c.errors += in.errors;
            c.skipped += in.skipped;
            continue;
        }
        if (strcmp(t->name, "testcase")) continue; /* properties, system-out, system-err */
        c.tests++;
        const char *nm = attr(t, "name");
        if (!nm || !*nm) problem(t, "<testcase> without a name");
        const char *tm = attr(t, "time");
        if (tm) {
            char *end;
            double d = strtod(tm, &end);
            if (end == tm || *end || !(d >= 0))
                problem(t, "testcase '%s': time=\"%s\" is not a number >= 0", nm ? nm : "?", tm);
        }
        int failed = 0;
        for (int j = 0; j < t->nkid; j++) {
            const node_t *f = t->kid[j];
            int isf = !strcmp(f->name, "failure"), ise = !strcmp(f->name, "error");
            if (!strcmp(f->name, "skipped")) c.skipped++;
            if (!isf && !ise) continue;
            if (!failed) {
                if (isf)
                    c.failures++;
                else
                    c.errors++;
            }
            failed = 1;
            const char *m = attr(f, "message");
            if (!m || !*m)
                problem(f, "testcase '%s': <%s> without a message", nm ? nm : "?", f->name);
            if (need_text && f->textlen == 0)
                problem(f, "testcase '%s': <%s> without text (the log tail)", nm ? nm : "?",
                        f->name);
        }
        if (nm) {
            note_name(fw, nm, failed, t);
            note_name(pw, nm, failed, t);
        }
    }
    count_attr(s, "tests", c.tests);
    count_attr(s, "failures", c.failures);
    count_attr(s, "errors", c.errors);
    count_attr(s, "skipped", c.skipped);
    tot->tests += c.tests;
    tot->failures += c.failures;
    tot->errors += c.errors;
    tot->skipped += c.skipped;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: junit_check [--tests N] [--failures N] [--failed NAME]... [--passed NAME]...\n"
            "                   [--text] [-q] FILE\n"
            "  Parse a JUnit XML report (strict XML 1.0) and check its counts and failures.\n"
            "  --tests N      exactly N testcases\n"
            "  --failures N   exactly N failed testcases (<failure> or <error>)\n"
            "  --failed NAME  testcase NAME is present and failed (repeatable)\n"
            "  --passed NAME  testcase NAME is present and passed (repeatable)\n"
            "  --text         every failure carries text (the log tail)\n"
            "  -q, --quiet    nothing on stdout when good\n"
            "  exit 0 good, 1 malformed or a check failed, 2 bad usage or unreadable file\n");
}

static long count_arg(const char *opt, const char *v)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (end == v || *end || errno || x < 0) {
        fprintf(stderr, "junit_check: %s wants a count (an integer >= 0), got '%s'\n", opt, v);
        exit(2);
    }
    return x;
}

int main(int argc, char **argv)
{
    static const struct option lo[] = {
        {"tests", required_argument, 0, 't'},  {"failures", required_argument, 0, 'f'},
        {"failed", required_argument, 0, 'F'}, {"passed", required_argument, 0, 'P'},
        {"text", no_argument, 0, 'x'},         {"quiet", no_argument, 0, 'q'},
        {"help", no_argument, 0, 'h'},         {0, 0, 0, 0},
    };
    long want_tests = -1, want_fail = -1;
    int need_text = 0, quiet = 0, o;
    names_t fw = {NULL, NULL, 0, 1}, pw = {NULL, NULL, 0, 0};
    fw.want = xmalloc(sizeof(char *) * (size_t)argc);
    pw.want = xmalloc(sizeof(char *) * (size_t)argc);
    opterr = 0;
    while ((o = getopt_long(argc, argv, "qh", lo, NULL)) != -1) {
        switch (o) {
        case 't': want_tests = count_arg("--tests", optarg); break;
        case 'f': want_fail = count_arg("--failures", optarg); break;
        case 'F': fw.want[fw.n++] = optarg; break;
        case 'P': pw.want[pw.n++] = optarg; break;
        case 'x': need_text = 1; break;
        case 'q': quiet = 1; break;
        case 'h': usage(stdout); return 0;
        default:
            if (optopt)
                fprintf(stderr, "junit_check: option -%c %s\n", optopt,
                        strchr("qh", optopt) ? "takes no value" : "is unknown or wants a value");
            else
                fprintf(stderr, "junit_check: unknown option or missing value: '%s'\n",
                        argv[optind - 1]);
            usage(stderr);
            return 2;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "junit_check: want exactly one FILE\n");
        usage(stderr);
        return 2;
    }
    const char *file = argv[optind];
    g_file = file;
    FILE *f = fopen(file, "rb");
    if (!f) {
        fprintf(stderr, "junit_check: cannot read %s: %s\n", file, strerror(errno));
        return 2;
    }
    size_t cap = 1 << 16, n = 0, r;
    char *buf = xmalloc(cap);
    while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            if ((long)cap >= MAX_FILE) {
                fprintf(stderr, "junit_check: %s is larger than %ld bytes\n", file, MAX_FILE);
                return 2;
            }
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
    }
    if (ferror(f)) {
        fprintf(stderr, "junit_check: cannot read %s: %s\n", file, strerror(errno));
        return 2;
    }
    fclose(f);
    fw.seen = calloc((size_t)argc, sizeof(int));
    pw.seen = calloc((size_t)argc, sizeof(int));
    if (!fw.seen || !pw.seen) return 2;

    parser_t p = {file, buf, n, 0, {0}};
    node_t *root = NULL;
    if (check_chars(&p)) root = parse_doc(&p);
    if (!root) {
        fprintf(stderr, "junit_check: %s\n", p.err[0] ? p.err : "not well-formed XML");
        return 1;
    }
    counts_t tot = {0, 0, 0, 0};
    if (!strcmp(root->name, "testsuite")) {
        check_suite(root, &tot, need_text, &fw, &pw);
    } else if (!strcmp(root->name, "testsuites")) {
        for (int k = 0; k < root->nkid; k++)
            if (!strcmp(root->kid[k]->name, "testsuite"))
                check_suite(root->kid[k], &tot, need_text, &fw, &pw);
        count_attr(root, "tests", tot.tests);
        count_attr(root, "failures", tot.failures);
        count_attr(root, "errors", tot.errors);
        count_attr(root, "skipped", tot.skipped);
    } else {
        problem(root, "root element <%s>, expected <testsuites> or <testsuite>", root->name);
    }
    long failed = tot.failures + tot.errors;
    if (want_tests >= 0 && tot.tests != want_tests)
        problem(root, "%ld testcases, expected %ld", tot.tests, want_tests);
    if (want_fail >= 0 && failed != want_fail)
        problem(root, "%ld failed testcases, expected %ld", failed, want_fail);
    for (int k = 0; k < fw.n; k++)
        if (!fw.seen[k]) problem(root, "no testcase '%s' (expected it to fail)", fw.want[k]);
    for (int k = 0; k < pw.n; k++)
        if (!pw.seen[k]) problem(root, "no testcase '%s' (expected it to pass)", pw.want[k]);
    free_node(root);
    free(buf);
    if (g_problems) {
        fprintf(stderr, "junit_check: %s: %d problem%s\n", file, g_problems,
                g_problems == 1 ? "" : "s");
        return 1;
    }
    if (!quiet)
        printf("junit_check: %s: well-formed, %ld testcases, %ld failed, %ld skipped: ok\n", file,
               tot.tests, failed, tot.skipped);
    return 0;
}
