/*
 * genfmt.c - the one table of packet/phit format constants.
 *
 * This program is the single source of truth for the phit and packet format.
 * It writes both the SystemVerilog package (rtl/nr_pkg.sv) and the C header
 * (csrc/include/nr_fmt.h). The package also carries the RTL's one width
 * helper, idx_w (sv_funcs below), which has no C counterpart. `make check-format` rebuilds both into a temporary
 * directory and fails if the committed files differ, so the RTL and the C
 * side cannot drift apart. docs/packet-format.md describes the same fields.
 *
 * Usage: genfmt sv|c   (writes to stdout)
 */
#include <stdio.h>
#include <string.h>

struct konst {
    const char *name;
    long value;
    const char *doc;
};

/* Constants. Fields are given as NAME_LSB / NAME_W pairs. */
static const struct konst table[] = {
    {"PHIT_W", 24, "bits per phit, on the link and inside the router"},
    {"DATA_W", 22, "data field of a phit (bits 21:0)"},
    {"SB_W", 2, "sideband bits per phit (bits 23:22)"},
    /* Link phit: sideband owned by the link control block (LCB). */
    {"LINK_F_BIT", 23, "link phit: F framing bit (1 = head/body phit of a packet)"},
    {"LINK_C_BIT", 22, "link phit: C bit, one bit of the serial control channel"},
    /* Core phit: inside the router the sideband bits are the phit kind. */
    {"KIND_LSB", 22, "core phit: kind field lsb"},
    {"KIND_W", 2, "core phit: kind field width"},
    {"KIND_BODY", 0, "kind: payload or extra header phit"},
    {"KIND_HEAD", 1, "kind: head phit (first phit of a packet)"},
    {"KIND_EOP", 2, "kind: end-of-packet phit (belongs to the data-link layer)"},
    {"KIND_RSVD", 3, "kind: reserved, never valid"},
    /* Head phit. */
    {"HEAD_DEST_LSB", 7, "head: destination node id lsb"},
    {"HEAD_DEST_W", 15, "head: destination node id width (32768 nodes)"},
    {"HEAD_VC_LSB", 5, "head: virtual channel lsb"},
    {"HEAD_VC_W", 2, "head: virtual channel width (YARC: v=0 request, v=1 response)"},
    {"HEAD_R_BIT", 4, "head: r, source routing (route phit follows the head)"},
    {"HEAD_A_BIT", 3, "head: a, adaptive routing"},
    {"HEAD_H_BIT", 2, "head: h, hashed deterministic routing (hash phit follows)"},
    {"HEAD_RSVD_LSB", 0, "head: reserved, must be zero"},
    {"HEAD_RSVD_W", 2, "head: reserved width"},
    /* Route phit (present when r = 1, directly after the head). */
    {"ROUTE_PORT_W", 6, "route phit: one output port per hop"},
    {"ROUTE_HOPS", 3, "route phit: hops carried, port of hop i at bits 21-6i .. 16-6i"},
    {"ROUTE_SIDE_N", 8, "side-table entries (yarc-arch 5 step 3a; SideTab = 1)"},
    /* End-of-packet phit. */
    {"EOP_OK_LSB", 20, "eop: ok field lsb"},
    {"EOP_OK_W", 2, "eop: ok field width"},
    {"EOP_RSVD_LSB", 16, "eop: reserved, zero"},
    {"EOP_RSVD_W", 4, "eop: reserved width"},
    {"EOP_CRC_LSB", 0, "eop: CRC-16 lsb"},
    {"EOP_CRC_W", 16, "eop: CRC-16 width"},
    {"OK_HEALTHY", 0, "ok: packet is good"},
    {"OK_TX_ERR", 1, "ok: transmit_error, corrupted on a link"},
    {"OK_SOFT_ERR", 2, "ok: soft_error, corrupted inside a router"},
    {"OK_RSVD", 3, "ok: reserved, treated as bad and counted as malformed"},
    /* Idle-class link phits (F=0 after F=0). */
    {"IDLE_TYPE_LSB", 20, "idle phit: message type lsb"},
    {"IDLE_TYPE_W", 2, "idle phit: message type width"},
    {"IDLE_TYPE_IDLE", 0, "idle type: plain idle, rest of the data field zero"},
    {"IDLE_TYPE_REPLAY", 1, "idle type: replay marker, go-back-N restarts here"},
    {"IDLE_TYPE_TRAILER", 2,
     "idle type: link trailer after an EOP (LinkCrcW = 32), bits 15:0 the second CRC-16"},
    {"REPLAY_SEQ_LSB", 13, "replay marker: sequence number of the next packet"},
    {"REPLAY_RSVD_LSB", 8, "replay marker: reserved zero bits 12:8"},
    {"REPLAY_RSVD_W", 5, "replay marker: reserved width"},
    {"REPLAY_CRC_LSB", 0, "replay marker: CRC-8 over data bits 21:8"},
    /* Protocol widths and limits. */
    {"SEQ_W", 7, "link sequence number width (window at most 127 packets)"},
    {"MIN_PKT_LEN", 2, "minimum packet length in phits (head + EOP)"},
    {"MAX_PKT_LEN", 64, "default maximum packet length in phits, EOP included"},
    /* CRCs. */
    {"CRC16_POLY", 0x1021, "CRC-16/IBM-3740 polynomial (x^16+x^12+x^5+1)"},
    {"CRC16_INIT", 0xFFFF, "CRC-16/IBM-3740 init; refin=refout=false, xorout=0"},
    {"CRC16_CHECK", 0x29B1, "CRC-16/IBM-3740 check value over ASCII 123456789"},
    {"LINK_CRC2_POLY", 0x8BB7,
     "LinkCrcW = 32: second link CRC-16 polynomial (CRC-16/T10-DIF), init all ones, MSB first"},
    {"LINK_CRC2_INIT", 0xFFFF, "LinkCrcW = 32: second link CRC-16 init"},
    {"LINK_CRC2_CHECK", 0xD0DB,
     "CRC-16/T10-DIF check value over ASCII 123456789 (catalogue init 0)"},
    {"CRC8_POLY", 0x07, "CRC-8/I-432-1 polynomial (x^8+x^2+x+1), the ATM HEC"},
    {"CRC8_INIT", 0x00, "CRC-8/I-432-1 init"},
    {"CRC8_XOROUT", 0x55, "CRC-8/I-432-1 xorout; all-zero words never pass"},
    {"CRC8_CHECK", 0xA1, "CRC-8/I-432-1 check value over ASCII 123456789"},
    /* End-to-end check (optional, endpoints only): CRC-32C polynomial, MSB
     * first, init all ones, xorout 0, in two trailer phits of 16 bits. */
    {"E2E_CRC_POLY", 0x1EDC6F41,
     "end-to-end CRC-32C polynomial (Castagnoli), MSB first, init all ones"},
    {"E2E_PHITS", 2,
     "end-to-end check: trailer phits before the EOP (16 CRC bits each, bits 15:0)"},
};

static void upper(char *dst, const char *src) { strcpy(dst, src); }

/* Functions of the package, written verbatim after the constants. Classic
 * form (the result assigned to the function name, no `return`), which
 * Verilator 5.006, Icarus 11 and Yosys 0.23 all evaluate in parameter,
 * localparam and port-width expressions as nr_pkg::idx_w(N). */
static const char *const sv_funcs[] = {
    "  // idx_w(n): bits of an index over n items (a port, VC or address): $clog2(n),",
    "  // but at least 1, so that a degenerate n = 1 still has a 1-bit index signal.",
    "  function automatic int idx_w(input int n);",
    "    idx_w = (n > 1) ? $clog2(n) : 1;",
    "  endfunction",
};

int main(int argc, char **argv)
{
    size_t n = sizeof table / sizeof table[0];
    if (argc != 2 || (strcmp(argv[1], "sv") && strcmp(argv[1], "c"))) {
        fprintf(stderr, "usage: genfmt sv|c\n");
        return 2;
    }
    int sv = !strcmp(argv[1], "sv");
    if (sv) {
        printf("// nr_pkg.sv - phit and packet format constants, and the width helper idx_w.\n");
        printf("// GENERATED by scripts/genfmt.c; do not edit. `make check-format` checks it.\n");
        printf("// See docs/packet-format.md.\n");
        printf("`default_nettype none\n");
        printf("package nr_pkg;\n");
        for (size_t i = 0; i < n; i++) {
            char nm[64];
            upper(nm, table[i].name);
            printf("  localparam int %-18s = %ld; // %s\n", nm, table[i].value, table[i].doc);
        }
        for (size_t i = 0; i < sizeof sv_funcs / sizeof sv_funcs[0]; i++)
            printf("%s\n", sv_funcs[i]);
        printf("endpackage\n");
    } else {
        printf("/* nr_fmt.h - phit and packet format constants.\n");
        printf(" * GENERATED by scripts/genfmt.c; do not edit. `make check-format` checks it.\n");
        printf(" * See docs/packet-format.md. */\n");
        printf("/* clang-format off */\n");
        printf("#ifndef NR_FMT_H\n#define NR_FMT_H\n");
        for (size_t i = 0; i < n; i++)
            printf("#define NR_%-18s %ld /* %s */\n", table[i].name, table[i].value, table[i].doc);
        printf("#endif\n");
    }
    return 0;
}
