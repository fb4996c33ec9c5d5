/* phitdec.c - GTKWave "Translate Filter Process" for 24-bit phits.
 *
 * GTKWave writes one value per line on stdin (hex, as the trace displays it)
 * and reads one line of text per value on stdout; every line is flushed at
 * once, or GTKWave waits forever. The value is decoded with the generated
 * format constants of csrc/include/nr_fmt.h (docs/packet-format.md), so a
 * format change reaches the decoder through `make check-format`.
 *
 *   nr_phitdec [--core]   core phits (inside a router): the kind is bits 23:22
 *       HEAD dst=<dest> vc=<vc> <r|-><a|-><h|->   (" rsvd=<x>" if bits 1:0 set)
 *       BODY <data, 6 hex digits>
 *       EOP ok|txerr|softerr|okrsvd crc=<4 hex>   (" rsvd=<x>" if bits 19:16 set)
 *       RSVD <data>                                (kind 3: never valid)
 *   nr_phitdec --link     link phits (between LCBs): F = bit 23, C = bit 22
 *                         (docs/link-protocol.md section 3)
 *       F=1: F <data> (hd dst=.. vc=.. rah)  a HEAD or BODY phit: which one
 *            depends on the previous phit, which a filter never sees, so the
 *            head reading is shown when the head's reserved bits are zero
 *       F=0: IDLE | PAD | MARK seq=<n> (the CRC-8 checks) | EOP ok crc=..
 *            (a PAD with data[19:0] != 0 is "PAD? <data>", a marker whose
 *            CRC-8 fails is shown as the EOP it then is; an EOP with ok = 0
 *            and CRC 0 reads as IDLE)
 *       " C" is appended when the control-channel bit C is 1.
 *   A program named nr_phitdec-link (a symlink) starts in --link mode, since
 *   a GTKWave save file names the filter without arguments.
 *
 * A value may hold several phits (a flat bus of N phits, N * 6 hex digits):
 * they are decoded most significant first and joined by " | ". Anything else
 * (a non-hex character, a digit count that is not a multiple of 6, an empty
 * line) gives "?"; all-x or all-z values give "x" or "z". Exit 0 at end of
 * input; 1 when a line cannot be written (standard output or the log); 2 on
 * a bad command line or a log that cannot be opened.
 *
 * NR_PHITDEC_LOG=FILE appends "value -> text" for every value to FILE: the
 * waves check (scripts/waves.sh) uses it to see what GTKWave displayed.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nr_crc.h"
#include "nr_out.h"
#include "nr_fmt.h"

#define HEX_PER_PHIT ((NR_PHIT_W + 3) / 4)
#define MAX_PHITS 64 /* widest bus decoded: 64 phits (1536 bits) */
#define LINE_MAX_CH (HEX_PER_PHIT * MAX_PHITS + 16)

static uint32_t field(uint32_t v, int lsb, int w) { return (v >> lsb) & ((1u << w) - 1u); }

static const char *ok_name(uint32_t ok)
{
    switch (ok) {
    case NR_OK_HEALTHY: return "ok";
    case NR_OK_TX_ERR: return "txerr";
    case NR_OK_SOFT_ERR: return "softerr";
    default: return "okrsvd";
    }
}

static int head_text(uint32_t d, char *o, size_t n)
{
    int k = snprintf(
        o, n, "dst=%u vc=%u %c%c%c", (unsigned)field(d, NR_HEAD_DEST_LSB, NR_HEAD_DEST_W),
        (unsigned)field(d, NR_HEAD_VC_LSB, NR_HEAD_VC_W), field(d, NR_HEAD_R_BIT, 1) ? 'r' : '-',
        field(d, NR_HEAD_A_BIT, 1) ? 'a' : '-', field(d, NR_HEAD_H_BIT, 1) ? 'h' : '-');
    return k;
}

static void eop_text(uint32_t d, char *o, size_t n)
{
    uint32_t rs = field(d, NR_EOP_RSVD_LSB, NR_EOP_RSVD_W);
    int k = snprintf(o, n, "EOP %s crc=%04x", ok_name(field(d, NR_EOP_OK_LSB, NR_EOP_OK_W)),
                     (unsigned)field(d, NR_EOP_CRC_LSB, NR_EOP_CRC_W));
    if (rs && k > 0 && (size_t)k < n) snprintf(o + k, n - (size_t)k, " rsvd=%x", (unsigned)rs);
}

static void core_phit(uint32_t p, char *o, size_t n)
{
    uint32_t d = field(p, 0, NR_DATA_W);
    switch (field(p, NR_KIND_LSB, NR_KIND_W)) {
    case NR_KIND_HEAD: {
        int k = snprintf(o, n, "HEAD ");
        k += head_text(d, o + k, n - (size_t)k);
        uint32_t rs = field(d, NR_HEAD_RSVD_LSB, NR_HEAD_RSVD_W);
        if (rs && (size_t)k < n) snprintf(o + k, n - (size_t)k, " rsvd=%x", (unsigned)rs);
        break;
    }
    case NR_KIND_BODY: snprintf(o, n, "BODY %06x", (unsigned)d); break;
    case NR_KIND_EOP: eop_text(d, o, n); break;
    default: snprintf(o, n, "RSVD %06x", (unsigned)d); break;
    }
}

/* Replay marker (docs/packet-format.md, idle-class link phits): type 1,
 * bits 12:8 zero, CRC-8 over bits 21:8 in bits 7:0. */
static int is_marker(uint32_t d)
{
    if (field(d, NR_IDLE_TYPE_LSB, NR_IDLE_TYPE_W) != NR_IDLE_TYPE_REPLAY) return 0;
    if (field(d, NR_REPLAY_RSVD_LSB, NR_REPLAY_RSVD_W)) return 0;
    int nb = NR_DATA_W - NR_REPLAY_RSVD_LSB;
    return nr_crc8_word(field(d, NR_REPLAY_RSVD_LSB, nb), nb) == field(d, NR_REPLAY_CRC_LSB, 8);
}

static void link_phit(uint32_t p, char *o, size_t n)
{
    uint32_t d = field(p, 0, NR_DATA_W);
    int k;
    if (field(p, NR_LINK_F_BIT, 1)) {
        k = snprintf(o, n, "F %06x", (unsigned)d);
        if (!field(d, NR_HEAD_RSVD_LSB, NR_HEAD_RSVD_W) && (size_t)k < n) {
            k += snprintf(o + k, n - (size_t)k, " (hd ");
            k += head_text(d, o + k, n - (size_t)k);
            k += snprintf(o + k, n - (size_t)k, ")");
        }
    } else if (d == 0) {
        k = snprintf(o, n, "IDLE");
    } else if (field(d, NR_EOP_OK_LSB, NR_EOP_OK_W) == NR_OK_RSVD) {
        uint32_t rest = field(d, 0, NR_EOP_OK_LSB);
        k = rest ? snprintf(o, n, "PAD? %06x", (unsigned)d) : snprintf(o, n, "PAD");
    } else if (is_marker(d)) {
        k = snprintf(o, n, "MARK seq=%u", (unsigned)field(d, NR_REPLAY_SEQ_LSB, NR_SEQ_W));
    } else {
        eop_text(d, o, n);
        k = (int)strlen(o);
    }
    if (field(p, NR_LINK_C_BIT, 1) && k >= 0 && (size_t)k < n) snprintf(o + k, n - (size_t)k, " C");
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

/* Decode one input line (without its newline) into out. */
static void decode(const char *s, int link, char *out, size_t n)
{
    while (isspace((unsigned char)*s)) s++;
    size_t len = strlen(s);
    while (len && isspace((unsigned char)s[len - 1])) len--;
    if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2, len -= 2;
    int nx = 0, nz = 0;
    for (size_t i = 0; i < len; i++) {
        int c = tolower((unsigned char)s[i]);
        nx += c == 'x';
        nz += c == 'z';
    }
    if (len && (size_t)nx == len) {
        snprintf(out, n, "x");
        return;
    }
    if (len && (size_t)nz == len) {
        snprintf(out, n, "z");
        return;
    }
    if (len == 0 || len % HEX_PER_PHIT || len / HEX_PER_PHIT > MAX_PHITS) {
        snprintf(out, n, "?");
        return;
    }
    for (size_t i = 0; i < len; i++)
        if (hexval((unsigned char)s[i]) < 0) {
            snprintf(out, n, "?");
            return;
        }
    size_t k = 0;
    out[0] = 0;
    for (size_t i = 0; i < len; i += HEX_PER_PHIT) {
        uint32_t v = 0;
        for (int j = 0; j < HEX_PER_PHIT; j++)
            v = (v << 4) | (uint32_t)hexval((unsigned char)s[i + j]);
        if (v >> NR_PHIT_W) {
            snprintf(out, n, "?");
            return;
        }
        char one[96];
        if (link)
            link_phit(v, one, sizeof one);
        else
            core_phit(v, one, sizeof one);
        int w = snprintf(out + k, n - k, "%s%s", i ? " | " : "", one);
        if (w < 0 || (size_t)w >= n - k) break;
        k += (size_t)w;
    }
}

static void usage(FILE *f)
{
    fprintf(f, "usage: nr_phitdec [--core | --link]\n"
               "GTKWave translate filter process: one hex value per line on stdin, one line of\n"
               "decoded phit text per value on stdout (docs/packet-format.md).\n"
               "  --core  core phits, kind in bits 23:22 (default)\n"
               "  --link  link phits, F in bit 23 and C in bit 22 (default when the program\n"
               "          is called nr_phitdec-link)\n"
               "Malformed values print \"?\".\n");
}

int main(int argc, char **argv)
{
    const char *base = strrchr(argv[0], '/');
    base = base ? base + 1 : argv[0];
    size_t bl = strlen(base);
    int link = bl >= 5 && !strcmp(base + bl - 5, "-link");
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--link"))
            link = 1;
        else if (!strcmp(argv[i], "--core"))
            link = 0;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "nr_phitdec: unknown argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    char line[LINE_MAX_CH + 2], out[MAX_PHITS * 100];
    const char *logp = getenv("NR_PHITDEC_LOG");
    FILE *log = logp && *logp ? fopen(logp, "a") : NULL;
    if (logp && *logp && !log) {
        fprintf(stderr, "nr_phitdec: NR_PHITDEC_LOG=%s: cannot write: %s\n", logp, strerror(errno));
        return 2;
    }
    int c;
    for (;;) {
        size_t len = 0;
        int over = 0;
        while ((c = getchar()) != EOF && c != '\n') {
            if (len < LINE_MAX_CH)
                line[len++] = (char)c;
            else
                over = 1;
        }
        if (c == EOF && len == 0) break;
        line[len] = 0;
        if (over || memchr(line, 0, len))
            snprintf(out, sizeof out, "?");
        else
            decode(line, link, out, sizeof out);
        printf("%s\n", out);
        if (fflush(stdout) || ferror(stdout)) {
            /* GTKWave (or the log's reader) would wait for a line that never comes */
            fprintf(stderr, "nr_phitdec: cannot write standard output: %s\n", strerror(errno));
            return 1;
        }
        if (log) {
            fprintf(log, "%s%s -> %s\n", link ? "link " : "core ", over ? "(long)" : line, out);
            if (fflush(log) || ferror(log)) {
                fprintf(stderr, "nr_phitdec: NR_PHITDEC_LOG=%s: cannot write: %s\n", logp,
                        strerror(errno));
                return 1;
            }
        }
        if (c == EOF) break;
    }
    if (log && fclose(log)) {
        fprintf(stderr, "nr_phitdec: NR_PHITDEC_LOG=%s: cannot write: %s\n", logp, strerror(errno));
        return 1;
    }
    return nr_out_stdout("nr_phitdec", 0);
}
