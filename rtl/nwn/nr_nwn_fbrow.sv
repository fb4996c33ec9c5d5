// nr_nwn_fbrow.sv - one row of fb's switch (nr_nwn_fbx, docs/nwn-arch.md
// section 1.5): the row's nr_nwn_sub (Kind 3: the input unit of port p and k
// channel outputs), its channel pipe to the columns (nr_chpipe) and its
// credit bus. One per row, all with the same parameters, so that make area
// synthesizes it once and counts it k times (constraints/README.md).
//
// Purpose: output q of the row's subswitch goes into crosspoint (p, q) with
//   the credits of its NumVcs buffers; it passes ChanLat-1 stages to column
//   q. Credit bus: a pop from crosspoint (p, q) on VC v (pop_i[r], r =
//   q*NumVcs + v) adds one to the pending count pend[r] at the end of the
//   cycle; in each cycle the round robin (nr_arb_rr over r, pointer past the
//   winner) takes one pending credit and sends it back through the pipe into
//   the subswitch's counter cc[q][v] at the end of t+ChanLat-1: usable from
//   t+ChanLat, t+1+ChanLat for a pop of t when the bus is free.
// Parameters: nr_nwn_fbx's (passed to nr_nwn_sub, which checks them).
// Ports / protocol:
//   iu_valid_iv_i, iu_tgt_iv_i, iu_pay_iv_i, iu_drop_iv_i, iu_pop_iv_o: the
//     row's port's input-unit fronts and pops (nr_nwn_sub's).
//   xv_o, xd_o  channel q to column q after the pipe: valid and {vc, pay}
//     at q*(VcW + PayW).
//   pop_i  the row's crosspoint pops this cycle, r = q*NumVcs + v.
// Latency: a pop of t is on the bus from t+1 (when the bus is free).
// Net names: hb_ as in nr_nwn (a false UNOPTFLAT through the hierarchy).
// Cost: nr_nwn_sub and nr_chpipe's; k*NumVcs counters of clog2(BufDepth+1)
//   bits and one nr_arb_rr over k*NumVcs.
`default_nettype none
`include "nr_assert.svh"

module nr_nwn_fbrow #(
  parameter int NumPorts    = 16,
  parameter int R           = 1,
  parameter int M           = 0,
  parameter int Bb          = 0,
  parameter int Speedup     = 1,
  parameter int SelfTurn    = 1,
  parameter int NumVcs      = 2,
  parameter int InBufPerVc  = 128,
  parameter int BufDepth    = 8,
  parameter int ChanLat     = 2,
  parameter int UseLcb      = 1,
  parameter int MaxPktLen   = 64,
  parameter int ReplayDepth = 256,
  parameter int Window      = 32,
  parameter int LinkCrcW    = 16,
  parameter int TopSpeedup  = 1,
  parameter int TopChoice   = 0,
  parameter int XpBuf       = 1,
  parameter int SideTab     = 0,
  parameter int UpPick      = 0,
  localparam int PhitW      = nr_pkg::PHIT_W,
  localparam int PortW      = nr_pkg::ROUTE_PORT_W,
  localparam int PayW       = PortW + PhitW,
  localparam int VcW        = nr_pkg::idx_w(NumVcs),
  localparam int TgtW       = nr_pkg::idx_w(NumPorts),
  localparam int ChW        = VcW + PayW,
  localparam int NR         = NumPorts * NumVcs
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic [5:0]                 sub_id_i,
  input  logic [NumVcs-1:0]          iu_valid_iv_i,
  input  logic [NumVcs*TgtW-1:0]     iu_tgt_iv_i,
  input  logic [NumVcs*PayW-1:0]     iu_pay_iv_i,
  input  logic [NumVcs-1:0]          iu_drop_iv_i,
  output logic [NumVcs-1:0]          iu_pop_iv_o,
  output logic [NumPorts-1:0]        xv_o,
  output logic [NumPorts*ChW-1:0]    xd_o,
  input  logic [NR-1:0]              pop_i
);

  localparam int K   = NumPorts;
  localparam int CrW = $clog2(BufDepth + 1);

  logic [K-1:0]             hb_ch_valid;
  logic [K*VcW-1:0]         hb_ch_vc;
  logic [K*PayW-1:0]        hb_ch_pay;
  logic [NR-1:0]            hb_cr, gnt;
  logic [K*NumVcs*CrW-1:0]  hb_cc_unused;
  logic [NumVcs-1:0]        hb_vas_unused;
  logic [NumVcs*2-1:0]      hb_vaw_unused;
  logic                     hb_pt_unused_v;
  logic [PhitW-1:0]         hb_pt_unused_p;
  logic [NumVcs-1:0]        hb_bi_cr_unused;
  nr_nwn_sub #(
    .NumPorts   (NumPorts),
    .R          (R),
    .M          (M),
    .Bb         (Bb),
    .Speedup    (Speedup),
    .SelfTurn   (SelfTurn),
    .NumVcs     (NumVcs),
    .InBufPerVc (InBufPerVc),
    .BufDepth   (BufDepth),
    .ChanLat    (ChanLat),
    .UseLcb     (UseLcb),
    .MaxPktLen  (MaxPktLen),
    .ReplayDepth(ReplayDepth),
    .Window     (Window),
    .LinkCrcW   (LinkCrcW),
    .TopSpeedup (TopSpeedup),
    .TopChoice  (TopChoice),
    .XpBuf      (XpBuf),
    .SideTab    (SideTab),
    .UpPick     (UpPick),
    .Kind       (3)
  ) u_sub (
    .clk_i,
    .rst_ni,
    .sub_id_i,
    .iu_valid_iv_i,
    .iu_tgt_iv_i,
    .iu_pay_iv_i,
    .iu_drop_iv_i,
    .iu_pop_iv_o,
    .bi_valid_i   (1'b0),
    .bi_vc_i      ({VcW{1'b0}}),
    .bi_pay_i     ({PayW{1'b0}}),
    .bi_cr_iv_o   (hb_bi_cr_unused),
    .pt_valid_o   (hb_pt_unused_v),
    .pt_phit_o    (hb_pt_unused_p),
    .pt_vc_ok_i   ({NumVcs{1'b0}}),
    .ch_valid_o   (hb_ch_valid),
    .ch_vc_o      (hb_ch_vc),
    .ch_pay_o     (hb_ch_pay),
    .ch_cr_i      (hb_cr),
    .ch_cc_o      (hb_cc_unused),
    .va_set_iv_o  (hb_vas_unused),
    .va_w_iv_o    (hb_vaw_unused)
  );
  logic unused_sub;
  assign unused_sub = ^{hb_cc_unused, hb_vas_unused, hb_vaw_unused, hb_pt_unused_v, hb_pt_unused_p,
                        hb_bi_cr_unused};

  logic [K*ChW-1:0] hb_ch_d;
  for (genvar q = 0; q < K; q++) begin : g_q
    assign hb_ch_d[q*ChW +: ChW] = {hb_ch_vc[q*VcW +: VcW], hb_ch_pay[q*PayW +: PayW]};
  end
  nr_chpipe #(
    .NumCh  (K),
    .Width  (ChW),
    .NumCr  (NR),
    .Latency(ChanLat - 1)
  ) u_pipe (
    .clk_i,
    .rst_ni,
    .ch_valid_i(hb_ch_valid),
    .ch_data_i (hb_ch_d),
    .ch_valid_o(xv_o),
    .ch_data_o (xd_o),
    .cr_i      (gnt),
    .cr_o      (hb_cr)
  );

  // ---- the credit bus: pending credits per (q, v), one back per cycle
  logic [NR-1:0]  req;
  logic [nr_pkg::idx_w(NR)-1:0] gnt_idx;
  logic [CrW-1:0] pend_q [NR];
  for (genvar r = 0; r < NR; r++) begin : g_pend
    assign req[r] = pend_q[r] != '0;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) pend_q[r] <= '0;
      else         pend_q[r] <= pend_q[r] + CrW'(pop_i[r]) - CrW'(gnt[r]);
    end
    // a crosspoint buffer returns at most its BufDepth credits
    `NR_ASSERT(a_pend_max, 32'(pend_q[r]) + 32'(pop_i[r]) <= BufDepth, clk_i, rst_ni)
  end
  nr_arb_rr #(.N(NR)) u_bus (
    .clk_i,
    .rst_ni,
    .req_i    (req),
    .advance_i(1'b1),
    .gnt_o    (gnt),
    .gnt_idx_o(gnt_idx)
  );
  logic unused_idx;
  assign unused_idx = ^gnt_idx;

endmodule
