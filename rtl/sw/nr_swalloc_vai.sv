// nr_swalloc_vai.sv - stage 1 of the VC allocator nr_swalloc_va for one
// input VC (i, v) (docs/nwn-arch.md 1.7 "VA"): its pick of a free output VC,
// its hold and its round robin. One per input VC, all with the same
// parameters, so that make area synthesizes it once and counts it by its
// instances (constraints/README.md).
//
// Purpose: a valid HEAD front that holds no output VC picks one free output
//   VC w of its class on its target output q (abit_i = 1: any of the
//   NumVcs / VcCls VCs of the class of its vc field; 0: its vc field's own
//   VC; VaHop: of the next class, the last kept, abit_i = 0 at its own place
//   in it) by its round robin p1 over w. It wins when a grant of stage 2
//   (nr_swalloc_vao) is its; at the clock edge it holds (q, w) and p1 moves
//   past w. When its EOP pops (not a drop), the hold ends.
// Parameters: NumVcs 1..4; NO outputs; VcCls classes (dividing NumVcs);
//   VaHop 1: a head of class c takes class c + 1 (VcCls >= 2); TgtW the
//   width of an output index.
// Ports / protocol:
//   valid_i, head_i, abit_i, tgt_i, hv_i  the front: valid, a HEAD, its a
//     bit, its target and vc field.
//   pop_i, eop_i, drop_i  the front pops this cycle; an EOP; dropping.
//   own_i  output VC (q, w) at q*NumVcs + w is held (nr_swalloc_vao).
//   gnt_i  stage 2's grants to this input VC, output VC (q, w) at
//     q*NumVcs + w.
//   pick_o, w_o  picked in stage 1, and which w (combinational).
//   won_o  wins this cycle (combinational).
//   hold_v_o, hold_w_o  holds an output VC, which w (registered).
//   fre_o  its hold ends this cycle (combinational).
// Latency: 0 to pick_o and won_o; the hold from the next cycle.
// Cost: 1 + 2 + VcW flops (the hold, p1); a NumVcs-way round robin
//   (nr_arb_rr); an NO-way mux of NumVcs owner bits; an OR of NO*NumVcs
//   grants.
`default_nettype none
`include "nr_assert.svh"

module nr_swalloc_vai #(
  parameter int NumVcs = 2,
  parameter int NO     = 16,
  parameter int VcCls  = 1,
  parameter int VaHop  = 0,
  parameter int TgtW   = 4
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 valid_i,
  input  logic                 head_i,
  input  logic                 abit_i,
  input  logic [TgtW-1:0]      tgt_i,
  input  logic [1:0]           hv_i,
  input  logic                 pop_i,
  input  logic                 eop_i,
  input  logic                 drop_i,
  input  logic [NO*NumVcs-1:0] own_i,
  input  logic [NO*NumVcs-1:0] gnt_i,
  output logic                 pick_o,
  output logic [1:0]           w_o,
  output logic                 won_o,
  output logic                 hold_v_o,
  output logic [1:0]           hold_w_o,
  output logic                 fre_o
);

  `NR_PARAM_ASSERT(p_vai, NumVcs >= 1 && NumVcs <= 4 && NO >= 1 && TgtW >= 1 &&
                   VcCls >= 1 && VcCls <= NumVcs && NumVcs % VcCls == 0 &&
                   (VaHop == 0 || (VaHop == 1 && VcCls >= 2)))

  localparam int Per = NumVcs / VcCls;
  localparam int VcW = nr_pkg::idx_w(NumVcs);

  logic              hold_v_q;
  logic [1:0]        hold_w_q;
  logic [NumVcs-1:0] row, cls, fr, g_unused;
  logic [VcW-1:0]    pw;
  logic              won, fre;
  int unsigned       tc;                 // the class it takes (VaHop: the next)
  // the owners of the target's VCs (a target is always an output, asserted)
  assign row = (32'(tgt_i) < NO) ? own_i[32'(tgt_i)*NumVcs +: NumVcs] : '1;
  assign tc = 32'(hv_i) / Per + ((VaHop != 0 && 32'(hv_i) / Per + 1 < VcCls) ? 1 : 0);
  for (genvar w = 0; w < NumVcs; w++) begin : g_w
    assign cls[w] = abit_i ? (w / Per == tc) : (w == tc * Per + 32'(hv_i) % Per);
  end
  assign fr = cls & ~row;
  nr_arb_rr #(.N(NumVcs)) u_p1 (
    .clk_i,
    .rst_ni,
    .req_i    (fr),
    .advance_i(won),
    .gnt_o    (g_unused),
    .gnt_idx_o(pw)
  );
  assign pick_o = valid_i && head_i && !hold_v_q && fr != '0;
  assign w_o    = 2'(pw);
  assign won    = gnt_i != '0;
  assign won_o  = won;
  logic unused_g;
  assign unused_g = ^g_unused;

  // frees: a holder's EOP pops
  assign fre = pop_i & eop_i & ~drop_i & hold_v_q;
  assign fre_o = fre;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hold_v_q <= 1'b0;
      hold_w_q <= '0;
    end else begin
      hold_v_q <= (hold_v_q & ~fre) | won;
      if (won) hold_w_q <= w_o;
    end
  end
  assign hold_v_o = hold_v_q;
  assign hold_w_o = hold_w_q;

  // a head's vc field names one of the router's VCs
  `NR_ASSERT(a_hvc, !(valid_i && head_i) || 32'(hv_i) < NumVcs, clk_i, rst_ni)
  `NR_ASSERT(a_win_free, !(won && hold_v_q), clk_i, rst_ni)
  // one output VC at most grants an input VC
  `NR_ASSERT(a_one_gnt, (gnt_i & (gnt_i - 1'b1)) == '0, clk_i, rst_ni)

endmodule
