/* cells_shim.h - extern "C" API of the Verilated common cells (tb/shim/nr_*_shim.cpp).
 *
 * One shim per RTL top; each Verilated build (mk/cells.mk, one per parameter
 * set) is linked into its own test binary, so the functions below exist once
 * per binary. cells_param() reports the -G values of that build: mk/cells.mk
 * compiles tb/cells/cells_params.c for each build with -DNR_P_<Name>=<value>.
 *
 * Common rules for every handle:
 *   *_new(seed)   builds the model; seed randomizes the initial value of every
 *                 flop and RAM word (Verilator --x-initial unique), so a test
 *                 can show that nothing depends on uninitialised data. All
 *                 inputs start at 0 with reset asserted; call *_reset next.
 *   *_reset(h)    rst_ni low for two clock cycles, then high (inputs hold).
 *   *_set...(h)   drives inputs and evaluates, so outputs (including
 *                 combinational ones) are current when the call returns.
 *   *_tick(h)     one clock cycle: rising edge, then falling edge.
 * A failing NR_ASSERT ($fatal) prints "ASSERT FAILED ..." and ends the
 * process with a non-zero status.
 * Ports wider than 64 bits are not supported by these shims.
 */
#ifndef CELLS_SHIM_H
#define CELLS_SHIM_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The value of parameter `name` (e.g. "Depth") in this build's -G list.
 * Prints an error and exits 1 if the build does not set it. */
int cells_param(const char *name);
/* The same, or dflt when this build does not set the parameter. */
int cells_param_or(const char *name, int dflt);

/* nr_ram_1r1w */
typedef struct ram_dut ram_dut;
ram_dut *ram_new(uint64_t seed);
void ram_free(ram_dut *h);
void ram_reset(ram_dut *h);
void ram_set(ram_dut *h, int we, uint32_t waddr, uint64_t wdata, int re, uint32_t raddr);
void ram_tick(ram_dut *h);
uint64_t ram_rdata(const ram_dut *h);

/* nr_fifo: the stream interface */
typedef struct stream_dut stream_dut;
typedef struct {
    int ready_o, valid_o;
    uint64_t data_o;
    uint32_t level_o;
} stream_out;
stream_dut *stream_new(uint64_t seed);
void stream_free(stream_dut *h);
const char *stream_top(void); /* "nr_fifo" */
void stream_reset(stream_dut *h);
void stream_set(stream_dut *h, int valid_i, uint64_t data_i, int ready_i);
void stream_get(const stream_dut *h, stream_out *o);
void stream_tick(stream_dut *h);

/* nr_delay */
typedef struct delay_dut delay_dut;
delay_dut *delay_new(uint64_t seed);
void delay_free(delay_dut *h);
void delay_reset(delay_dut *h);
void delay_set(delay_dut *h, int valid_i, uint64_t data_i);
int delay_valid(const delay_dut *h);
uint64_t delay_data(const delay_dut *h);
void delay_tick(delay_dut *h);

/* nr_arb_rr, and nr_arb_matrix (the same ports; its own build) */
typedef struct arb_dut arb_dut;
arb_dut *arb_new(uint64_t seed);
void arb_free(arb_dut *h);
const char *arb_top(void); /* "nr_arb_rr" or "nr_arb_matrix" */
void arb_reset(arb_dut *h);
void arb_set(arb_dut *h, uint64_t req_i, int advance_i);
uint64_t arb_gnt(const arb_dut *h);
uint32_t arb_gnt_idx(const arb_dut *h);
void arb_tick(arb_dut *h);

/* nr_arb_rr_multi: up to S grants per cycle */
typedef struct arbm_dut arbm_dut;
arbm_dut *arbm_new(uint64_t seed);
void arbm_free(arbm_dut *h);
void arbm_reset(arbm_dut *h);
void arbm_set(arbm_dut *h, uint64_t req_i, int advance_i);
uint64_t arbm_gnt(const arbm_dut *h);
uint32_t arbm_pick_valid(const arbm_dut *h);      /* bit k: pick k exists */
uint32_t arbm_pick_idx(const arbm_dut *h, int k); /* index of pick k */
void arbm_tick(arbm_dut *h);

/* nr_credit_cnt */
typedef struct credit_dut credit_dut;
credit_dut *credit_new(uint64_t seed);
void credit_free(credit_dut *h);
void credit_reset(credit_dut *h);
void credit_set(credit_dut *h, uint64_t dec_i, uint64_t inc_i);
uint64_t credit_count(const credit_dut *h); /* flat count_o */
uint64_t credit_full(const credit_dut *h);
void credit_tick(credit_dut *h);

/* nr_crc16_upd and nr_crc8_upd: combinational, no clock */
typedef struct crc_dut crc_dut;
crc_dut *crc_new(uint64_t seed);
void crc_free(crc_dut *h);
int crc_width(void); /* 16 or 8 */
uint32_t crc_eval(crc_dut *h, uint32_t crc_i, uint64_t data_i);

/* nr_max_pick: combinational, no clock; N*ScW <= 64 in these builds */
typedef struct maxpick_dut maxpick_dut;
typedef struct {
    int any_o;
    uint32_t max_o, best_o;
} maxpick_out;
maxpick_dut *maxpick_new(uint64_t seed);
void maxpick_free(maxpick_dut *h);
void maxpick_eval(maxpick_dut *h, uint64_t cand_i, uint64_t score_i, uint32_t ptr_i,
                  maxpick_out *o);

/* nr_nwn_fhop (the first hop of a network-switch input unit, rtl/nwn):
 * clocked (its up pointer or top-choice LFSR); set the inputs, read the
 * combinational outputs, tick. */
typedef struct fhop_dut fhop_dut;
fhop_dut *fhop_new(uint64_t seed);
void fhop_free(fhop_dut *h);
void fhop_reset(fhop_dut *h);
void fhop_tick(fhop_dut *h);
void fhop_set(fhop_dut *h, uint32_t port_id_i, int en_i, uint32_t vc_i, uint32_t q_i,
              uint32_t head_i, uint32_t hash_i, uint64_t cc_t_vc_i);
/* tgt_o, drop_o, reason_o packed as tgt | drop << 8 | reason << 9 */
uint32_t fhop_out(const fhop_dut *h);

/* nr_swalloc_accept (the accept stage of one allocator input, rtl/sw):
 * clocked (its accept pointer); NumVcs <= 4, PayW = 24, NO <= 8 in these
 * builds. held_o and acc_o are read after fhop-style set calls. */
typedef struct acc_dut acc_dut;
acc_dut *acc_new(uint64_t seed);
void acc_free(acc_dut *h);
void acc_reset(acc_dut *h);
void acc_tick(acc_dut *h);
/* per-VC masks (bit v) and the fronts' phits (pay[v], 24 bits), targets tgt[v] */
void acc_set(acc_dut *h, unsigned valid_i, unsigned head_i, const uint32_t *pay,
             const unsigned *tgt, unsigned gnt_i, unsigned own_i, unsigned rdy_i);
unsigned acc_acc(const acc_dut *h);
int acc_held(const acc_dut *h);

/* nr_route_fb (the flattened-butterfly route computation, rtl/sw): clocked
 * (its draw generator); set the inputs, read the combinational outputs,
 * tick. l2p: NumPorts L2P entries ({valid = bit 6, port = bits 5:0}); cr:
 * NumPorts * NumVcs clamped credits, index q * NumVcs + v (NULL: all 0). */
typedef struct rfb_dut rfb_dut;
rfb_dut *rfb_new(uint64_t seed);
void rfb_free(rfb_dut *h);
void rfb_reset(rfb_dut *h);
void rfb_tick(rfb_dut *h);
void rfb_set(rfb_dut *h, uint32_t port_id_i, uint32_t fb_ctrl_i, uint32_t fb_me_i, uint32_t head_i,
             const uint8_t *l2p, const uint8_t *ulut, const uint8_t *dlut, const int *cr,
             int fb_en_i);
/* on_o | drop_o << 1 | w_o << 2 | l_o << 4 */
uint32_t rfb_out(const rfb_dut *h);

#ifdef __cplusplus
}
#endif
#endif
