// nr_swalloc_va.sv - the VC allocator of the baseline virtual-channel router
// vc (docs/nwn-arch.md 1.7 "VA"): a separable allocator, input first, over
// the output VCs (q, w) of the port outputs of nr_swalloc.
//
// Purpose: with Vc = 1 nr_swalloc allocates output VCs before switch
//   allocation. Each cycle, from start-of-cycle state:
//   stage 1, per input VC (i, v) (its nr_swalloc_vai): a valid HEAD front
//     that holds no output VC picks one free output VC w of its class on its
//     target output q (a = 1: any of the NumVcs / VcCls VCs of the class of
//     its vc field; a = 0: its vc field's own VC; VaHop: of the next class,
//     the last kept, a = 0 at its own place in it) by its round robin
//     p1[i][v] over w;
//   stage 2, per output VC (q, w): one of the input VCs that picked it, by the
//     round robin p2[q][w] over r = i*NumVcs + v (input-major); output q's
//     VCs are its nr_swalloc_vao.
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

  logic [NO*NumVcs-1:0]    vown;          // output VC (q, w) at q*NumVcs + w is held
  logic [NO*NumVcs*NB-1:0] g2;            // grant of (q, w) at (q*NumVcs + w)*NB + b

  // ---- stage 1 and the holds, per input VC: a free VC of its class on its target
  logic [NB-1:0]   s1v;                   // (i, v) picked ...
  logic [NB*2-1:0] s1w;                   // ... this w
  logic [NB-1:0]   won, fre;
  for (genvar b = 0; b < NB; b++) begin : g_s1
    logic [TgtW-1:0]        tg;
    logic [NO*NumVcs-1:0]   gb;           // b's grants
    for (genvar t = 0; t < TgtW; t++) begin : g_t
      assign tg[t] = tgtp_i[t*NB + b];
    end
    for (genvar o = 0; o < NO*NumVcs; o++) begin : g_o
      assign gb[o] = g2[o*NB + b];
    end
    nr_swalloc_vai #(
      .NumVcs(NumVcs),
      .NO    (NO),
      .VcCls (VcCls),
      .VaHop (VaHop),
      .TgtW  (TgtW)
    ) u_in (
      .clk_i,
      .rst_ni,
      .valid_i (valid_i[b]),
      .head_i  (head_i[b]),
      .abit_i  (abit_i[b]),
      .tgt_i   (tg),
      .hv_i    ({hvcp_i[NB + b], hvcp_i[b]}),
      .pop_i   (pop_i[b]),
      .eop_i   (eop_i[b]),
      .drop_i  (drop_i[b]),
      .own_i   (vown),
      .gnt_i   (gb),
      .pick_o  (s1v[b]),
      .w_o     (s1w[b*2 +: 2]),
      .won_o   (won[b]),
      .hold_v_o(hold_v_o[b]),
      .hold_w_o(hold_w_o[b*2 +: 2]),
      .fre_o   (fre[b])
    );
  end

  // ---- stage 2, per output VC: one of its pickers, round robin over r
  // s1w and the held w as planes, to match (q, w) with vector operations
  logic [NB-1:0] wlo, whi, fwlo, fwhi;
  for (genvar b = 0; b < NB; b++) begin : g_wp
    assign {whi[b], wlo[b]}   = s1w[b*2 +: 2];
    assign {fwhi[b], fwlo[b]} = hold_w_o[b*2 +: 2];
  end
  for (genvar j = 0; j < NO; j++) begin : g_q
    nr_swalloc_vao #(
      .NumVcs(NumVcs),
      .NI    (NI),
      .TgtW  (TgtW),
      .OutIdx(j)
    ) u_out (
      .clk_i,
      .rst_ni,
      .s1v_i (s1v),
      .wlo_i (wlo),
      .whi_i (whi),
      .tgtp_i(tgtp_i),
      .fre_i (fre),
      .fwlo_i(fwlo),
      .fwhi_i(fwhi),
      .gnt_o (g2[j*NumVcs*NB +: NumVcs*NB]),
      .own_o (vown[j*NumVcs +: NumVcs])
    );
  end
  assign win_o   = won;
  assign win_w_o = s1w;
  assign pick_o  = s1v;

endmodule
