// nr_nwn_hx.sv - the switches of equal subswitches joined by channels: the 2-D
// HyperX organizations hxv and hxm (HS x HS subswitches, docs/nwn-arch.md
// section 1.6) and the folded 2-D torus ftd (8 x 8, section 1.8).
//
// Purpose: what nr_nwn builds in place of its bottom subswitch when Hx = 1
//   (hxv) or 2 (hxm), or Ft = 1. Subswitch s = y*HS + x (HS = k^(1/3): 2 at k = 8, 4 at
//   k = 64) is an nr_nwn_sub of Kind 5: the input units and port outputs of
//   ports s*HS .. s*HS+HS-1, and to each of the HS-1 others of its row (x)
//   and of its column (y) K = 2 channels each way, channel input and output
//   HS + dim*2(HS-1) + 2*rank + c (rank: the other's coordinate among the
//   HS-1, c = 0, 1). Each subswitch's channel outputs pass ChanLat-1 stages
//   (nr_chpipe) with the credits of its channel inputs going back.
//   Folded torus (Ft = 1, k = 64): subswitch s = y*8 + x is an nr_nwn_sub of
//   Kind 6, the input unit and port output of port s, and two channels c =
//   0, 1 each way to each of its four ring neighbours, channel input and
//   output 1 + 2*dir + c (dir 0 +x, 1 -x, 2 +y, 3 -y).
// Wiring: channel output j of s (dimension dim, the other's coordinate o,
//   channel c) feeds input HS + dim*2(HS-1) + 2*rank(s's coordinate among
//   o's others) + c of the subswitch t at o in that dimension; the wiring
//   is symmetric, so input j of s is fed by the same (t, index), and the
//   credits of s's input j go back to that output of t. Folded torus:
//   output 1 + 2*dir + c of s feeds input 1 + 2*(dir xor 1) + c of its
//   neighbour in direction dir (the side the link comes from), also
//   symmetric.
// Tags (doc 1.6): a channel payload is {ext, q, phit}; a phit sent on a y
//   channel (dimension 1) leaves with ext = 0, ending hxv's first phase.
//   The folded torus keeps ext (doc 1.8: a packet's channel per dimension).
// Parameters: nr_nwn's (the top checks them); NumPorts k (8 or 64; Ft: 64),
//   NumVcs, BufDepth, ChanLat, Speedup, SelfTurn, Hx, Ft used here. R = 1,
//   M = 0, exactly one of Hx and Ft non-zero.
// Ports / protocol (port-major, VC-minor), the nr_nwn_sub ports of the
//   bottom it replaces:
//   iu_valid_iv_i, iu_tgt_iv_i, iu_pay_iv_i ({ext, q, phit}), iu_drop_iv_i,
//     iu_pop_iv_o: every port's input-unit fronts and pops.
//   pt_valid_o, pt_phit_o, pt_vc_ok_i: every port's output.
//   cc_p_o: per port, its subswitch's channel-output credits cc[c][v]
//     (registered) for the IU's hxm or ftd choice, index (c*NumVcs + v)*CrW.
// Latency: a route of h channel hops is cn's plus h*ChanLat (doc 8).
// Net names: hb_ ("hierarchy boundary") as in nr_nwn.
// Cost: NS subswitches (nr_nwn_sub: NC channel inputs of NumVcs x BufDepth
//   phits, the crosspoints of doc 1.6 or 1.8), per subswitch
//   (ChanLat-1)*(NC*(VcW+32) + NC*NumVcs) pipeline flops; NS = HS^2 and NC =
//   4(HS-1) for HyperX, 64 and 8 for the folded torus.
`default_nettype none
`include "nr_assert.svh"

module nr_nwn_hx #(
  parameter int NumPorts    = 64,
  parameter int R           = 1,
  parameter int M           = 0,
  parameter int Bb          = 0,
  parameter int Speedup     = 1,
  parameter int SelfTurn    = 0,
  parameter int NumVcs      = 2,
  parameter int InBufPerVc  = 128,
  parameter int BufDepth    = 16,
  parameter int ChanLat     = 2,
  parameter int UseLcb      = 1,
  parameter int MaxPktLen   = 64,
  parameter int ReplayDepth = 256,
  parameter int Window      = 32,
  parameter int LinkCrcW    = 16,
  parameter int TopSpeedup  = 1,
  parameter int TopChoice   = 0,
  parameter int XpBuf       = 0,
  parameter int SideTab     = 0,
  parameter int UpPick      = 0,
  parameter int Vc          = 0,
  parameter int VcCls       = 1,
  parameter int Hx          = 1,
  parameter int Ft          = 0,
  localparam int PhitW      = nr_pkg::PHIT_W,
  localparam int PortW      = nr_pkg::ROUTE_PORT_W,
  localparam int PayW       = PortW + 2 + PhitW,
  localparam int VcW        = nr_pkg::idx_w(NumVcs),
  localparam int HS         = (NumPorts == 8) ? 2 : 4,
  localparam int HPer       = 2 * (HS - 1),
  localparam int NP         = (Ft != 0) ? 1 : HS,         // ports of a subswitch
  localparam int NC         = (Ft != 0) ? 8 : 2 * HPer,   // channels of a subswitch
  localparam int TgtW       = nr_pkg::idx_w(NP + NC),
  localparam int CrW        = $clog2(BufDepth + 1)
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
  input  logic [NumPorts*NumVcs-1:0]          pt_vc_ok_i,
  output logic [NumPorts*NC*NumVcs*CrW-1:0]   cc_p_o
);

  localparam int NS  = (Ft != 0) ? NumPorts : HS * HS;
  localparam int ChW = VcW + PayW;

  `NR_PARAM_ASSERT(p_hx, ((Hx == 1 || Hx == 2) && Ft == 0 && (NumPorts == 8 || NumPorts == 64) ||
                          Hx == 0 && Ft == 1 && NumPorts == 64) &&
                   R == 1 && M == 0 && Bb == 0 && XpBuf == 0)

  // subswitch s's channel outputs and its inputs' credits, after its pipe
  logic [NC-1:0]        hb_cv [NS];
  logic [NC*ChW-1:0]    hb_cd [NS];
  logic [NC*NumVcs-1:0] hb_cr [NS];

  for (genvar s = 0; s < NS; s++) begin : g_sub
    localparam int SX = s % HS;
    localparam int SY = s / HS;
    localparam int P0 = s * NP;                            // its first port
    logic [NC-1:0]           hb_bi_valid, hb_ch_valid;
    logic [NC*VcW-1:0]       hb_bi_vc, hb_ch_vc;
    logic [NC*PayW-1:0]      hb_bi_pay, hb_ch_pay;
    logic [NC*NumVcs-1:0]    hb_bi_cr, hb_ch_cr;
    logic [NC*NumVcs*CrW-1:0] hb_cc;
    logic [5:0]               hb_id;
    logic [NP*NumVcs-1:0]     hb_vas_unused;   // the VA of vc (Vc = 1) only
    logic [NP*NumVcs*2-1:0]   hb_vaw_unused;
    assign hb_id = 6'(s);
    // its ports' fronts, pops and outputs (hb_ nets, as nr_nwn_fbx's)
    logic [NP*NumVcs-1:0]      hb_iu_valid, hb_iu_drop, hb_iu_pop, hb_pt_vc_ok;
    logic [NP*NumVcs*TgtW-1:0] hb_iu_tgt;
    logic [NP*NumVcs*PayW-1:0] hb_iu_pay;
    logic [NP-1:0]             hb_pt_valid;
    logic [NP*PhitW-1:0]       hb_pt_phit;
    assign hb_iu_valid = iu_valid_iv_i[P0*NumVcs +: NP*NumVcs];
    assign hb_iu_drop  = iu_drop_iv_i[P0*NumVcs +: NP*NumVcs];
    assign hb_iu_tgt   = iu_tgt_iv_i[P0*NumVcs*TgtW +: NP*NumVcs*TgtW];
    assign hb_iu_pay   = iu_pay_iv_i[P0*NumVcs*PayW +: NP*NumVcs*PayW];
    assign hb_pt_vc_ok = pt_vc_ok_i[P0*NumVcs +: NP*NumVcs];
    assign iu_pop_iv_o[P0*NumVcs +: NP*NumVcs] = hb_iu_pop;
    assign pt_valid_o[P0 +: NP]                = hb_pt_valid;
    assign pt_phit_o[P0*PhitW +: NP*PhitW]     = hb_pt_phit;
    for (genvar j = 0; j < NC; j++) begin : g_j
      // the subswitch t and index li at the other end of channel j. HyperX:
      // dimension DIM, the other's coordinate O; folded torus: the
      // neighbour in direction j / 2, its input from the other side
      localparam int DIM = j / HPer;
      localparam int RK  = (j % HPer) / 2;
      localparam int OWN = (DIM != 0) ? SY : SX;
      localparam int O   = (RK < OWN) ? RK : RK + 1;
      localparam int FX  = s % 8, FY = s / 8, FD = j / 2;
      localparam int NB  = (FD == 0) ? FY * 8 + (FX + 1) % 8 : (FD == 1) ? FY * 8 + (FX + 7) % 8 :
                           (FD == 2) ? ((FY + 1) % 8) * 8 + FX : ((FY + 7) % 8) * 8 + FX;
      localparam int T   = (Ft != 0) ? NB : (DIM != 0) ? O * HS + SX : SY * HS + O;
      localparam int LI  = (Ft != 0) ? j ^ 2 :
                           DIM * HPer + 2 * ((OWN < O) ? OWN : OWN - 1) + j % 2;
      assign hb_bi_valid[j]             = hb_cv[T][LI];
      assign hb_bi_vc[j*VcW +: VcW]     = hb_cd[T][LI*ChW + PayW +: VcW];
      assign hb_bi_pay[j*PayW +: PayW]  = hb_cd[T][LI*ChW +: PayW];
      assign hb_ch_cr[j*NumVcs +: NumVcs] = hb_cr[T][LI*NumVcs +: NumVcs];
    end
    for (genvar x = 0; x < NP; x++) begin : g_p
      assign cc_p_o[(P0 + x)*NC*NumVcs*CrW +: NC*NumVcs*CrW] = hb_cc;
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
      .Vc         (Vc),
      .VcCls      (VcCls),
      .Hx         (Hx),
      .Ft         (Ft),
      .Kind       ((Ft != 0) ? 6 : 5)
    ) u_sub (
      .clk_i,
      .rst_ni,
      .sub_id_i     (hb_id),
      .iu_valid_iv_i(hb_iu_valid),
      .iu_tgt_iv_i  (hb_iu_tgt),
      .iu_pay_iv_i  (hb_iu_pay),
      .iu_drop_iv_i (hb_iu_drop),
      .iu_pop_iv_o  (hb_iu_pop),
      .bi_valid_i   (hb_bi_valid),
      .bi_vc_i      (hb_bi_vc),
      .bi_pay_i     (hb_bi_pay),
      .bi_cr_iv_o   (hb_bi_cr),
      .pt_valid_o   (hb_pt_valid),
      .pt_phit_o    (hb_pt_phit),
      .pt_vc_ok_i   (hb_pt_vc_ok),
      .ch_valid_o   (hb_ch_valid),
      .ch_vc_o      (hb_ch_vc),
      .ch_pay_o     (hb_ch_pay),
      .ch_cr_i      (hb_ch_cr),
      .ch_cc_o      (hb_cc),
      .va_set_iv_o  (hb_vas_unused),
      .va_w_iv_o    (hb_vaw_unused)
    );
    logic unused_va;
    assign unused_va = ^{hb_vas_unused, hb_vaw_unused};

    // the channels out (HyperX: ext cleared on a y channel) and the credits back
    logic [NC*ChW-1:0] hb_ch_d;
    for (genvar j = 0; j < NC; j++) begin : g_d
      logic [PayW-1:0] pay;
      assign pay = hb_ch_pay[j*PayW +: PayW];
      if (Ft == 0 && j / HPer != 0) begin : g_y
        assign hb_ch_d[j*ChW +: ChW] = {hb_ch_vc[j*VcW +: VcW], 2'b00, pay[PayW-3:0]};
        logic unused_ext;
        assign unused_ext = ^pay[PayW-1 -: 2];
      end else begin : g_x
        assign hb_ch_d[j*ChW +: ChW] = {hb_ch_vc[j*VcW +: VcW], pay};
      end
    end
    nr_chpipe #(
      .NumCh  (NC),
      .Width  (ChW),
      .NumCr  (NC*NumVcs),
      .Latency(ChanLat - 1)
    ) u_pipe (
      .clk_i,
      .rst_ni,
      .ch_valid_i(hb_ch_valid),
      .ch_data_i (hb_ch_d),
      .ch_valid_o(hb_cv[s]),
      .ch_data_o (hb_cd[s]),
      .cr_i      (hb_bi_cr),
      .cr_o      (hb_cr[s])
    );
  end

endmodule
