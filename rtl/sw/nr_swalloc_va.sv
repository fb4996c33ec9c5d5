// nr_swalloc_va.sv - the VC allocator of the baseline virtual-channel router
// vc (docs/nwn-arch.md 1.7 "VA"): a separable allocator, input first, over
// the output VCs (q, w) of the port outputs of nr_swalloc.
//
// Purpose: with Vc = 1 nr_swalloc allocates output VCs before switch
//   allocation. Each cycle, from start-of-cycle state:
//   stage 1, per input VC (i, v): a valid HEAD front that holds no output VC
//     picks one free output VC w of its class on its target output q (a = 1:
//     any of the NumVcs / VcCls VCs of the class of its vc field; a = 0: its
//     vc field's own VC; VaHop: of the next class, the last kept, a = 0 at its
//     own place in it) by its round robin p1[i][v] over w;
//   stage 2, per output VC (q, w): one of the input VCs that picked it, by the
//     round robin p2[q][w] over r = i*NumVcs + v (input-major).
//   At the clock edge a winner holds (q, w) (hold_v_o, hold_w_o) and (q, w)
//   is owned; p1 and p2 move past the winner. The input unit rewrites the
//   winner's head to vc field w from the next cycle (win_o, win_w_o). When
//   the EOP of a holder pops (not a drop), (q, w) is free again.
// Parameters:
//   NumVcs  1..4.
//   NI      inputs (all input units), 1..64.
//   NO      outputs (all port outputs), 1..64.
//   VcCls   VA classes, 1..NumVcs, dividing NumVcs.
//   VaHop   1: a head of class c takes class c + 1 (doc 1.7), VcCls >= 2.
//   TgtW    width of an output index.
// Ports / protocol (index b = i*NumVcs + v; planes: bit b of plane p at
// p*NB + b, NB = NI*NumVcs, as nr_swalloc forms them):
//   valid_i, head_i, abit_i  the front of (i, v): valid, a HEAD, its a bit.
//   tgtp_i, hvcp_i  the fronts' targets (TgtW planes) and vc fields (2).
//   pop_i, eop_i, drop_i  (i, v) pops this cycle; its phit is an EOP; it is
//     dropping (a drop holds nothing).
//   hold_v_o, hold_w_o  (i, v) holds an output VC and which (registered).
//   win_o, win_w_o  (i, v) wins w in this cycle's VA (combinational).
//   pick_o   (i, v) picked an output VC in stage 1 (win_w_o is the pick);
//     speculation (doc 1.7, Spec) bids on it. Combinational.
// Latency: 0 to win_o; hold_* from the next cycle.
// Cost: NB*(1 + 2 + VcW) + NO*NumVcs*(1 + clog2(NB)) flops; NB NumVcs-way
//   and NO*NumVcs NB-way round robins (nr_arb_rr); per stage-1 input VC an
//   NO-way mux of NumVcs owner bits.
`default_nettype none
`include "nr_assert.svh"

module nr_swalloc_va #(
  parameter int NumVcs = 2,
  parameter int NI     = 16,
  parameter int NO     = 16,
  parameter int VcCls  = 1,
  parameter int VaHop  = 0,
  parameter int TgtW   = 4,
  localparam int NB    = NI * NumVcs
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [NB-1:0]        valid_i,
  input  logic [NB-1:0]        head_i,
  input  logic [NB-1:0]        abit_i,
  input  logic [TgtW*NB-1:0]   tgtp_i,
  input  logic [2*NB-1:0]      hvcp_i,
  input  logic [NB-1:0]        pop_i,
  input  logic [NB-1:0]        eop_i,
  input  logic [NB-1:0]        drop_i,
  output logic [NB-1:0]        hold_v_o,
  output logic [NB*2-1:0]      hold_w_o,
  output logic [NB-1:0]        win_o,
  output logic [NB*2-1:0]      win_w_o,
  output logic [NB-1:0]        pick_o
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_io, NI >= 1 && NI <= 64 && NO >= 1 && NO <= 64)
  `NR_PARAM_ASSERT(p_cls, VcCls >= 1 && VcCls <= NumVcs && NumVcs % VcCls == 0)
  `NR_PARAM_ASSERT(p_hop, VaHop == 0 || (VaHop == 1 && VcCls >= 2))

  localparam int Per = NumVcs / VcCls;
  localparam int VcW = nr_pkg::idx_w(NumVcs);

  logic [NB-1:0]        hold_v_q;
  logic [NB*2-1:0]      hold_w_q;
  logic [NO*NumVcs-1:0] vown_q;            // output VC (q, w) at q*NumVcs + w is held

  // ---- stage 1, per input VC: a free VC of its class on its target
  logic [NB-1:0]   s1v;                    // (i, v) picked ...
  logic [NB*2-1:0] s1w;                    // ... this w
  logic [NB-1:0]   won;
  for (genvar b = 0; b < NB; b++) begin : g_s1
    logic [TgtW-1:0]   tg;
    logic [1:0]        hv;
    logic [NumVcs-1:0] row, cls, fr, g_unused;
    logic [VcW-1:0]    pw;
    int unsigned       tc;                 // the class it takes (VaHop: the next)
    for (genvar t = 0; t < TgtW; t++) begin : g_t
      assign tg[t] = tgtp_i[t*NB + b];
    end
    assign hv  = {hvcp_i[NB + b], hvcp_i[b]};
    // the owners of the target's VCs (a target is always an output, asserted)
    assign row = (32'(tg) < NO) ? vown_q[32'(tg)*NumVcs +: NumVcs] : '1;
    assign tc = 32'(hv) / Per + ((VaHop != 0 && 32'(hv) / Per + 1 < VcCls) ? 1 : 0);
    for (genvar w = 0; w < NumVcs; w++) begin : g_w
      assign cls[w] = abit_i[b] ? (w / Per == tc) : (w == tc * Per + 32'(hv) % Per);
    end
    assign fr = cls & ~row;
    nr_arb_rr #(.N(NumVcs)) u_p1 (
      .clk_i,
      .rst_ni,
      .req_i    (fr),
      .advance_i(won[b]),
      .gnt_o    (g_unused),
      .gnt_idx_o(pw)
    );
    assign s1v[b]         = valid_i[b] && head_i[b] && !hold_v_q[b] && fr != '0;
    assign s1w[b*2 +: 2]  = 2'(pw);
    logic unused_g;
    assign unused_g = ^g_unused;
    // a head's vc field names one of the router's VCs
    `NR_ASSERT(a_hvc, !(valid_i[b] && head_i[b]) || 32'(hv) < NumVcs, clk_i, rst_ni)
  end

  // ---- stage 2, per output VC: one of its pickers, round robin over r
  // s1w as planes, to match (q, w) with vector operations
  logic [NB-1:0] wlo, whi;
  for (genvar b = 0; b < NB; b++) begin : g_wp
    assign {whi[b], wlo[b]} = s1w[b*2 +: 2];
  end
  // frees: a holder's EOP pops; its (q, w) is its target and hold_w
  logic [NB-1:0] fre, fwlo, fwhi;
  assign fre = pop_i & eop_i & ~drop_i & hold_v_q;
  for (genvar b = 0; b < NB; b++) begin : g_fp
    assign {fwhi[b], fwlo[b]} = hold_w_q[b*2 +: 2];
  end
  logic [NO*NumVcs*NB-1:0] g2;             // grant of (q, w) at (q*NumVcs + w)*NB + b
  logic [NO*NumVcs-1:0]    vgot, vfree;
  for (genvar j = 0; j < NO; j++) begin : g_q
    logic [NB-1:0] tm;                     // the input VCs whose target is q
    always_comb begin
      tm = '1;
      for (int t = 0; t < TgtW; t++)
        tm = tm & (((j >> t) & 1) != 0 ? tgtp_i[t*NB +: NB] : ~tgtp_i[t*NB +: NB]);
    end
    for (genvar w = 0; w < NumVcs; w++) begin : g_w
      localparam int O = j*NumVcs + w;
      logic [NB-1:0] rq, wm, fm;
      logic [nr_pkg::idx_w(NB)-1:0] idx_unused;
      assign wm = (((w & 1) != 0) ? wlo : ~wlo) & (((w & 2) != 0) ? whi : ~whi);
      assign fm = (((w & 1) != 0) ? fwlo : ~fwlo) & (((w & 2) != 0) ? fwhi : ~fwhi);
      assign rq = s1v & tm & wm;
      nr_arb_rr #(.N(NB)) u_p2 (
        .clk_i,
        .rst_ni,
        .req_i    (rq),
        .advance_i(1'b1),
        .gnt_o    (g2[O*NB +: NB]),
        .gnt_idx_o(idx_unused)
      );
      assign vgot[O]  = rq != '0;
      assign vfree[O] = (fre & tm & fm) != '0;
      logic unused_idx;
      assign unused_idx = ^idx_unused;
      // a free output VC is never picked while held; one holder frees it
      `NR_ASSERT(a_pick_free, !(vgot[O] && vown_q[O]), clk_i, rst_ni)
      `NR_ASSERT(a_free_held, !vfree[O] || vown_q[O], clk_i, rst_ni)
    end
  end
  always_comb begin
    won = '0;
    for (int o = 0; o < NO*NumVcs; o++) won = won | g2[o*NB +: NB];
  end
  assign win_o   = won;
  assign win_w_o = s1w;
  assign pick_o  = s1v;

  // ---- state
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hold_v_q <= '0;
      hold_w_q <= '0;
      vown_q   <= '0;
    end else begin
      hold_v_q <= (hold_v_q & ~fre) | won;
      for (int b = 0; b < NB; b++)
        if (won[b]) hold_w_q[b*2 +: 2] <= s1w[b*2 +: 2];
      vown_q <= (vown_q & ~vfree) | vgot;
    end
  end
  assign hold_v_o = hold_v_q;
  assign hold_w_o = hold_w_q;

  `NR_ASSERT(a_win_free, (won & hold_v_q) == '0, clk_i, rst_ni)

endmodule
