// nr_nwn_fbx.sv - the switch of the fully buffered crossbar fb: k rows, k
// columns of crosspoint buffers, the channels between them and each row's
// credit return bus (docs/nwn-arch.md section 1.5).
//
// Purpose: what nr_nwn builds in place of its bottom subswitch when XpBuf =
//   1. Row p is an nr_nwn_fbrow: an nr_nwn_sub of Kind 3 (the input unit of
//   port p and k channel outputs, output q into crosspoint (p, q) with the
//   credits of its NumVcs buffers), its channels' ChanLat-1 stages
//   (nr_chpipe) to the columns and its credit bus (doc 1.5: one pending
//   credit home per cycle, by round robin). Column q is an nr_nwn_sub of
//   Kind 4: k channel inputs, input p the crosspoint (p, q) (nr_vcbank of
//   BufDepth per VC), and the port output of port q.
// Parameters: nr_nwn's (the top checks them); NumPorts k, NumVcs, BufDepth,
//   ChanLat used here. XpBuf = 1 has R = 1, M = 0, Speedup = 1.
// Ports / protocol (port-major, VC-minor), the nr_nwn_sub ports of the
//   bottom it replaces:
//   iu_valid_iv_i, iu_tgt_iv_i (tgt = q), iu_pay_iv_i, iu_drop_iv_i,
//     iu_pop_iv_o: every port's input-unit fronts and pops.
//   pt_valid_o, pt_phit_o, pt_vc_ok_i: every port's output.
// Latency: link to link as cn plus ChanLat (doc 8: 6 + ChanLat with LCBs).
// Net names: hb_ ("hierarchy boundary") as in nr_nwn, the only names a false
//   UNOPTFLAT through the rows' and columns' hierarchy blocks can report.
// Cost: k*k*NumVcs FIFOs of BufDepth x (1 + PortW + PhitW) bits, k*k*NumVcs
//   pending counters of clog2(BufDepth+1) bits, k arbiters over k*NumVcs,
//   per row (ChanLat-1)*(k*(VcW+PortW+PhitW) + k*NumVcs) pipeline flops.
`default_nettype none
`include "nr_assert.svh"

module nr_nwn_fbx #(
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
  parameter int Vc          = 0,
  parameter int VcCls       = 1,
  parameter int SaAlloc     = 0,
  parameter int SaIter      = 1,
  parameter int SaGroup     = 8,
  localparam int PhitW      = nr_pkg::PHIT_W,
  localparam int PortW      = nr_pkg::ROUTE_PORT_W,
  localparam int PayW       = PortW + PhitW,
  localparam int VcW        = nr_pkg::idx_w(NumVcs),
  localparam int TgtW       = nr_pkg::idx_w(NumPorts)
) (
  input  logic                                clk_i,
  input  logic                                rst_ni,
  input  logic [NumPorts*NumVcs-1:0]          iu_valid_iv_i,
  input  logic [NumPorts*NumVcs*TgtW-1:0]     iu_tgt_iv_i,
  input  logic [NumPorts*NumVcs*PayW-1:0]     iu_pay_iv_i,
  input  logic [NumPorts*NumVcs-1:0]          iu_drop_iv_i,
  output logic [NumPorts*NumVcs-1:0]          iu_pop_iv_o,
  output logic [NumPorts-1:0]                 pt_valid_o,
  output logic [NumPorts*PhitW-1:0]           pt_phit_o,
  input  logic [NumPorts*NumVcs-1:0]          pt_vc_ok_i
);

  localparam int K   = NumPorts;
  localparam int ChW = VcW + PayW;
  localparam int CrW = $clog2(BufDepth + 1);
  localparam int NR  = K * NumVcs;                 // a row's bus requesters, r = q*NumVcs + v

  `NR_PARAM_ASSERT(p_fb, XpBuf == 1 && R == 1 && M == 0 && Bb == 0 && Speedup == 1 &&
                   TopSpeedup == 1 && SelfTurn == 1 &&
                   Vc == 0 && VcCls >= 1 && SaAlloc == 0 && SaIter >= 1 && SaGroup >= 1)

  // row p's channel outputs after the pipe, to the columns
  logic [K-1:0]        hb_xv  [K];
  logic [K*ChW-1:0]    hb_xd  [K];
  // column q's crosspoint pops, input p VC v at [p*NumVcs + v]
  logic [K*NumVcs-1:0] hb_xpop [K];

  // ------------------------------------------------------------ rows
  for (genvar p = 0; p < K; p++) begin : g_row
    logic [NumVcs-1:0]        hb_iu_valid, hb_iu_drop, hb_iu_pop;
    logic [NumVcs*TgtW-1:0]   hb_iu_tgt;
    logic [NumVcs*PayW-1:0]   hb_iu_pay;
    assign hb_iu_valid = iu_valid_iv_i[p*NumVcs +: NumVcs];
    assign hb_iu_drop  = iu_drop_iv_i[p*NumVcs +: NumVcs];
    assign hb_iu_tgt   = iu_tgt_iv_i[p*NumVcs*TgtW +: NumVcs*TgtW];
    assign hb_iu_pay   = iu_pay_iv_i[p*NumVcs*PayW +: NumVcs*PayW];
    assign iu_pop_iv_o[p*NumVcs +: NumVcs] = hb_iu_pop;
    logic [NR-1:0]            hb_rpop;         // row p's pops, r = q*NumVcs + v
    for (genvar q = 0; q < K; q++) begin : g_rp
      assign hb_rpop[q*NumVcs +: NumVcs] = hb_xpop[q][p*NumVcs +: NumVcs];
    end
    nr_nwn_fbrow #(
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
      .UpPick     (UpPick)
    ) u_row (
      .clk_i,
      .rst_ni,
      .sub_id_i     (6'(p)),
      .iu_valid_iv_i(hb_iu_valid),
      .iu_tgt_iv_i  (hb_iu_tgt),
      .iu_pay_iv_i  (hb_iu_pay),
      .iu_drop_iv_i (hb_iu_drop),
      .iu_pop_iv_o  (hb_iu_pop),
      .xv_o         (hb_xv[p]),
      .xd_o         (hb_xd[p]),
      .pop_i        (hb_rpop)
    );
  end

  // ------------------------------------------------------------ columns
  for (genvar q = 0; q < K; q++) begin : g_col
    logic [K-1:0]          hb_bi_valid;
    logic [K*VcW-1:0]      hb_bi_vc;
    logic [K*PayW-1:0]     hb_bi_pay;
    logic [NumVcs-1:0]     hb_iu_pop_unused;
    logic                  hb_ch_unused_v;
    logic [VcW-1:0]        hb_ch_unused_vc;
    logic [PayW-1:0]       hb_ch_unused_p;
    logic [NumVcs*CrW-1:0] hb_cc_unused;
    logic [NumVcs-1:0]     hb_vas_unused;
    logic [NumVcs*2-1:0]   hb_vaw_unused;
    logic                  hb_pt_valid;
    logic [PhitW-1:0]      hb_pt_phit;
    logic [NumVcs-1:0]     hb_pt_vc_ok;
    assign pt_valid_o[q]                = hb_pt_valid;
    assign pt_phit_o[q*PhitW +: PhitW]  = hb_pt_phit;
    assign hb_pt_vc_ok                  = pt_vc_ok_i[q*NumVcs +: NumVcs];
    for (genvar p = 0; p < K; p++) begin : g_p
      assign hb_bi_valid[p]             = hb_xv[p][q];
      assign hb_bi_vc[p*VcW +: VcW]     = hb_xd[p][q*ChW + PayW +: VcW];
      assign hb_bi_pay[p*PayW +: PayW]  = hb_xd[p][q*ChW +: PayW];
    end
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
      .Kind       (4)
    ) u_sub (
      .clk_i,
      .rst_ni,
      .sub_id_i     (6'(q)),
      .iu_valid_iv_i({NumVcs{1'b0}}),
      .iu_tgt_iv_i  ({NumVcs{1'b0}}),
      .iu_pay_iv_i  ({NumVcs*PayW{1'b0}}),
      .iu_drop_iv_i ({NumVcs{1'b0}}),
      .iu_pop_iv_o  (hb_iu_pop_unused),
      .bi_valid_i   (hb_bi_valid),
      .bi_vc_i      (hb_bi_vc),
      .bi_pay_i     (hb_bi_pay),
      .bi_cr_iv_o   (hb_xpop[q]),
      .pt_valid_o   (hb_pt_valid),
      .pt_phit_o    (hb_pt_phit),
      .pt_vc_ok_i   (hb_pt_vc_ok),
      .ch_valid_o   (hb_ch_unused_v),
      .ch_vc_o      (hb_ch_unused_vc),
      .ch_pay_o     (hb_ch_unused_p),
      .ch_cr_i      ({NumVcs{1'b0}}),
      .ch_cc_o      (hb_cc_unused),
      .va_set_iv_o  (hb_vas_unused),
      .va_w_iv_o    (hb_vaw_unused)
    );
    logic unused_col;
    assign unused_col = ^{hb_iu_pop_unused, hb_ch_unused_v, hb_ch_unused_vc, hb_ch_unused_p,
                          hb_cc_unused, hb_vas_unused, hb_vaw_unused};
  end

endmodule
