// nr_swalloc_vao.sv - stage 2 of the VC allocator nr_swalloc_va for one
// output q (docs/nwn-arch.md 1.7 "VA"): its NumVcs output VCs (q, w), their
// owner bits and round robins. One per output, so that make area
// synthesizes it once and counts it by its instances (OutIdx is a position
// parameter: constraints/README.md).
//
// Purpose: per output VC (q, w), one of the input VCs whose stage-1 pick is
//   (q, w), by the round robin p2[q][w] over b = i*NumVcs + v (pointer past
//   the winner); (q, w) is owned from the clock edge after a grant until a
//   holder's EOP pops (fre_i) with its hold on (q, w).
// Parameters: NumVcs 1..4; NI inputs (NB = NI*NumVcs input VCs); TgtW the
//   width of an output index; OutIdx this output's index q.
// Ports / protocol (planes over b, as nr_swalloc_va forms them):
//   s1v_i, wlo_i, whi_i  (i, v) picked in stage 1, the two bits of its w.
//   tgtp_i  the fronts' targets, TgtW planes (bit t of b at t*NB + b).
//   fre_i, fwlo_i, fwhi_i  (i, v) frees its hold this cycle, the two bits
//     of the held w.
//   gnt_o  the grant of (q, w) to b at w*NB + b (combinational).
//   own_o  (q, w) is held (registered).
// Latency: 0 to gnt_o; own_o from the next cycle.
// Cost: NumVcs flops and NB-way round robins (nr_arb_rr).
`default_nettype none
`include "nr_assert.svh"

module nr_swalloc_vao #(
  parameter int NumVcs = 2,
  parameter int NI     = 16,
  parameter int TgtW   = 4,
  parameter int OutIdx = 0,
  localparam int NB    = NI * NumVcs
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic [NB-1:0]         s1v_i,
  input  logic [NB-1:0]         wlo_i,
  input  logic [NB-1:0]         whi_i,
  input  logic [TgtW*NB-1:0]    tgtp_i,
  input  logic [NB-1:0]         fre_i,
  input  logic [NB-1:0]         fwlo_i,
  input  logic [NB-1:0]         fwhi_i,
  output logic [NumVcs*NB-1:0]  gnt_o,
  output logic [NumVcs-1:0]     own_o
);

  `NR_PARAM_ASSERT(p_vao, NumVcs >= 1 && NumVcs <= 4 && NI >= 1 && TgtW >= 1 &&
                   OutIdx >= 0 && OutIdx < (1 << TgtW))

  logic [NumVcs-1:0] own_q, got, free;
  logic [NB-1:0] tm;                       // the input VCs whose target is q
  always_comb begin
    tm = '1;
    for (int t = 0; t < TgtW; t++)
      tm = tm & (((OutIdx >> t) & 1) != 0 ? tgtp_i[t*NB +: NB] : ~tgtp_i[t*NB +: NB]);
  end
  for (genvar w = 0; w < NumVcs; w++) begin : g_w
    logic [NB-1:0] rq, wm, fm;
    logic [nr_pkg::idx_w(NB)-1:0] idx_unused;
    assign wm = (((w & 1) != 0) ? wlo_i : ~wlo_i) & (((w & 2) != 0) ? whi_i : ~whi_i);
    assign fm = (((w & 1) != 0) ? fwlo_i : ~fwlo_i) & (((w & 2) != 0) ? fwhi_i : ~fwhi_i);
    assign rq = s1v_i & tm & wm;
    nr_arb_rr #(.N(NB)) u_p2 (
      .clk_i,
      .rst_ni,
      .req_i    (rq),
      .advance_i(1'b1),
      .gnt_o    (gnt_o[w*NB +: NB]),
      .gnt_idx_o(idx_unused)
    );
    assign got[w]  = rq != '0;
    assign free[w] = (fre_i & tm & fm) != '0;
    logic unused_idx;
    assign unused_idx = ^idx_unused;
    // a free output VC is never picked while held; one holder frees it
    `NR_ASSERT(a_pick_free, !(got[w] && own_q[w]), clk_i, rst_ni)
    `NR_ASSERT(a_free_held, !free[w] || own_q[w], clk_i, rst_ni)
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) own_q <= '0;
    else         own_q <= (own_q & ~free) | got;
  end
  assign own_o = own_q;

endmodule
