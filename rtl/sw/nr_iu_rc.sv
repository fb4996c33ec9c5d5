// nr_iu_rc.sv - the route-computation (RC) unit of nr_iu: which staged VC is
// routed this cycle, and its route (docs/nwn-arch.md section 4.2;
// docs/yarc-arch.md sections 4.2 and 5).
//
// Purpose: the one RC unit of the input unit of every router port of the kit
//   (nr_iu), the RC step of the C model (csrc/model/sw_iu.c, rc_state and
//   nr_iu_eval "§4.2 RC"). It finds the VCs that are ready to route, picks one
//   per cycle, and routes it: DROP/MALFORMED for a stray front, DROP/SHORT
//   for a header cut by an EOP, else the RC function of this port's routing
//   tables (nr_route_tables, which it holds with their configuration
//   registers), then the caller's first hop, which may still drop.
// Parameters:
//   NumPorts  router radix (nr_route_tables), power of two, 4..64.
//   NumVcs    1..4.
//   UseScore, ScCols, ScCredW  the adaptive scores of nr_route_tables
//             (UseScore, Cols, CredW there); score_c_vc_i is ignored with
//             UseScore = 0.
//   InBufPerVc  credits per (output port, VC), 8..1023: the width CW of
//             pcr_p_v_i (nr_route_tables).
//   SideTab, UpPick  0/1, 0/2: the side table and greedy_r(2) (nr_route_tables).
//   ExtRc     0: the RC function of nr_route_tables; 1: the caller's (xr_*,
//             an organization's own tables: docs/seastar-arch.md 4), and no
//             nr_route_tables (cfg_* unused, cfg_bad_o = 0).
// Ports / protocol:
//   cfg_we_i, cfg_addr_i, cfg_wdata_i, cfg_bad_o: this port's configuration
//     (nr_route_tables).
//   stg_cnt_vc_i, stg_ph{0,1,2}_vc_i: per VC the staged phits (nr_iu_stage);
//     route_v_vc_i: VC v holds a route (nr_iu_front). State only.
//   score_c_vc_i: adaptive scores, start of cycle (UseScore = 1).
//   pcr_p_v_i: every output port's clamped credits, start of cycle (the
//     flattened-butterfly queue estimates, nr_route_tables).
//   rc_route_o, rc_vc_o, rc_q_o, rc_head_o, rc_hash_o, fh_drop_i, fh_reason_i:
//     as nr_iu's (the routed VC's port q with no table drop, its head and hash
//     phit data; the caller's first-hop DROP in the same cycle).
//   rc_now_vc_o: one-hot, the VC routed this cycle (0: none); rc_drop_o: its
//     route is a DROP (MALFORMED, SHORT, the tables' or the first hop's);
//     rc_w_o: its output VC (docs/fbfly-routing.md 5; the head's VC unless
//     the flattened-butterfly mode chose another).
//     nr_iu_front registers the route at the end of the cycle.
//   drop_o, drop_reason_o: event RT_DROP and its reason (1 MALFORMED,
//     2 BAD_SRCROUTE, 3 NO_ROUTE, 4 SHORT, or the first hop's).
//   xr_drop_i, xr_reason_i, xr_q_i, xr_w_i: with ExtRc = 1, the caller's RC
//     function of rc_head_o (and rc_hash_o) on VC rc_vc_o, combinational, in
//     place of the tables' drop, reason, port and output VC.
//   Outputs are combinational: rc_* from state and score_c_vc_i; rc_drop_o
//   and drop_* also from fh_*; cfg_bad_o from cfg_*.
// Route computation (yarc-arch 4.2): a VC is ready when it holds no route and
//   its staging front is a HEAD with its header staged, or a HEAD with an EOP
//   in a header position (SHORT), or not a HEAD at all (stray, MALFORMED;
//   consumed up to the next EOP). A round robin over the ready VCs, moving
//   past every winner, routes one per cycle.
// Latency: 0 (the route is registered by nr_iu_front).
// Cost: one NumVcs-way round robin (nr_arb_rr), a readiness test per VC, the
//   3-phit mux of the routed VC, and nr_route_tables (tables, one RC
//   function).
`default_nettype none
`include "nr_assert.svh"

module nr_iu_rc #(
  parameter int NumPorts = 64,
  parameter int NumVcs   = 2,
  parameter int UseScore = 1,
  parameter int ScCols   = 8,
  parameter int ScCredW  = 4,
  parameter int InBufPerVc = 128,
  parameter int SideTab     = 0,
  parameter int UpPick      = 0,
  parameter int ExtRc    = 0,
  localparam int PhitW   = nr_pkg::PHIT_W,
  localparam int PortW   = nr_pkg::ROUTE_PORT_W,
  localparam int VcW     = nr_pkg::idx_w(NumVcs),
  localparam int CW      = $clog2(InBufPerVc + 1)
) (
  input  logic                             clk_i,
  input  logic                             rst_ni,
  input  logic [PortW-1:0]                 port_id_i,
  // configuration
  input  logic                             cfg_we_i,
  input  logic [7:0]                       cfg_addr_i,
  input  logic [31:0]                      cfg_wdata_i,
  output logic                             cfg_bad_o,
  // staging and routes held
  input  logic [NumVcs*3-1:0]              stg_cnt_vc_i,
  input  logic [NumVcs*PhitW-1:0]          stg_ph0_vc_i,
  input  logic [NumVcs*PhitW-1:0]          stg_ph1_vc_i,
  input  logic [NumVcs*PhitW-1:0]          stg_ph2_vc_i,
  input  logic [NumVcs-1:0]                route_v_vc_i,
  // adaptive scores (UseScore = 1)
  input  logic [ScCols*NumVcs*ScCredW-1:0] score_c_vc_i,
  // every output port's credits (flattened-butterfly mode)
  input  logic [NumPorts*NumVcs*CW-1:0]    pcr_p_v_i,
  // route decision and first hop
  output logic                             rc_route_o,
  output logic [VcW-1:0]                   rc_vc_o,
  output logic [PortW-1:0]                 rc_q_o,
  output logic [PhitW-1:0]                 rc_head_o,
  output logic [nr_pkg::DATA_W-1:0]        rc_hash_o,
  input  logic                             fh_drop_i,
  input  logic [2:0]                       fh_reason_i,
  // the caller's RC function (ExtRc = 1)
  input  logic                             xr_drop_i,
  input  logic [2:0]                       xr_reason_i,
  input  logic [PortW-1:0]                 xr_q_i,
  input  logic [1:0]                       xr_w_i,
  // the route registered this cycle
  output logic [NumVcs-1:0]                rc_now_vc_o,
  output logic                             rc_drop_o,
  output logic [1:0]                       rc_w_o,
  // events
  output logic                             drop_o,
  output logic [2:0]                       drop_reason_o
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_extrc, ExtRc == 0 || ExtRc == 1)

  localparam int CntW = 3;
  localparam logic [1:0] K_HEAD = 2'(nr_pkg::KIND_HEAD);
  localparam logic [1:0] K_EOP  = 2'(nr_pkg::KIND_EOP);
  localparam logic [2:0] REASON_MALFORMED = 3'd1;
  localparam logic [2:0] REASON_SHORT     = 3'd4;

  // ---------------------------------------------------------------- ready VCs
  logic [NumVcs-1:0] rc_ready, short, stray;

  for (genvar v = 0; v < NumVcs; v++) begin : g_vc
    logic [CntW-1:0] cnt;
    logic [1:0]      k0, k1, k2;
    logic            hr, hh, complete, eop1, eop2;
    assign cnt = stg_cnt_vc_i[v*CntW +: CntW];
    assign k0  = stg_ph0_vc_i[v*PhitW + PhitW-1 -: 2];
    assign k1  = stg_ph1_vc_i[v*PhitW + PhitW-1 -: 2];
    assign k2  = stg_ph2_vc_i[v*PhitW + PhitW-1 -: 2];
    assign hr  = stg_ph0_vc_i[v*PhitW + nr_pkg::HEAD_R_BIT];
    assign hh  = stg_ph0_vc_i[v*PhitW + nr_pkg::HEAD_H_BIT];

    // 4.2: routed when the front is a HEAD and its header phits are staged;
    // an EOP among the header positions 1 .. r+h makes it SHORT.
    assign complete = 32'(cnt) >= 1 + 32'(hr) + 32'(hh);
    assign eop1     = (hr || hh) && cnt >= 3'd2 && k1 == K_EOP;
    assign eop2     = (hr && hh) && cnt >= 3'd3 && k2 == K_EOP;
    assign short[v] = k0 == K_HEAD && (eop1 || eop2);
    // A front that is not a HEAD while no route is held (only a bare sender
    // can cause it) is dropped as MALFORMED up to its EOP (yarc-arch 4.2).
    assign stray[v]  = k0 != K_HEAD;
    assign rc_ready[v] = !route_v_vc_i[v] && cnt != '0 && (stray[v] || complete || short[v]);
  end

  // ---------------------------------------------------------------- RC
  // One RC unit (doc 4.2): a round robin over the VCs that are ready to route
  // picks one per cycle; its pointer moves past every winner.
  logic [VcW-1:0]   rc_w;
  logic             rc_any, rc_en, rc_tdrop, rc_dr;
  logic [2:0]       rc_treason, rc_rs;
  logic [PortW-1:0] rc_port;

  nr_arb_rr #(.N(NumVcs)) u_rc_arb (
    .clk_i,
    .rst_ni,
    .req_i    (rc_ready),
    .advance_i(1'b1),
    .gnt_o    (rc_now_vc_o),
    .gnt_idx_o(rc_w)
  );
  assign rc_any = |rc_ready;
  // the winner's view: stray front (MALFORMED), SHORT, or the RC function
  assign rc_en = rc_any && !stray[rc_w] && !short[rc_w];
  assign rc_dr = stray[rc_w] || short[rc_w] || rc_tdrop;
  assign rc_rs = stray[rc_w] ? REASON_MALFORMED : short[rc_w] ? REASON_SHORT : rc_treason;
  // a port was computed: the caller's first hop decides the rest
  assign rc_route_o = rc_any && !rc_dr;
  assign rc_vc_o    = rc_w;
  assign rc_q_o     = rc_port;
  // the hash phit follows the head, after the route phit when r = 1
  logic [PhitW-1:0] rc_h0, rc_h1, rc_h2;
  assign rc_h0     = stg_ph0_vc_i[32'(rc_w)*PhitW +: PhitW];
  assign rc_h1     = stg_ph1_vc_i[32'(rc_w)*PhitW +: PhitW];
  assign rc_h2     = stg_ph2_vc_i[32'(rc_w)*PhitW +: PhitW];
  assign rc_head_o = rc_h0;
  assign rc_hash_o = !rc_h0[nr_pkg::HEAD_H_BIT] ? '0 :
                     rc_h0[nr_pkg::HEAD_R_BIT] ? rc_h2[nr_pkg::DATA_W-1:0] : rc_h1[nr_pkg::DATA_W-1:0];
  // the route registered: a DROP of the winner's view or of the first hop
  assign rc_drop_o = rc_dr || (rc_route_o && fh_drop_i);

  if (ExtRc == 0) begin : g_tables
    nr_route_tables #(
      .NumPorts(NumPorts),
      .Cols    (ScCols),
      .NumVcs  (NumVcs),
      .CredW   (ScCredW),
      .UseScore(UseScore),
      .InBufPerVc(InBufPerVc),
      .SideTab (SideTab),
      .UpPick  (UpPick)
    ) u_rt (
      .clk_i,
      .rst_ni,
      .cfg_we_i,
      .cfg_addr_i,
      .cfg_wdata_i,
      .cfg_bad_o,
      .port_id_i,
      .rc_en_i    (rc_en),
      .rc_vc_i    (rc_w),
      .rc_ph0_i   (rc_h0),
      .rc_ph1_i   (rc_h1),
      .rc_ph2_i   (rc_h2),
      .cred_c_vc_i(score_c_vc_i),
      .pcr_p_v_i,
      .rc_drop_o  (rc_tdrop),
      .rc_reason_o(rc_treason),
      .rc_port_o  (rc_port),
      .rc_w_o
    );
    logic unused_xr;
    assign unused_xr = ^{xr_drop_i, xr_reason_i, xr_q_i, xr_w_i};
  end else begin : g_ext
    assign rc_tdrop   = xr_drop_i;
    assign rc_treason = xr_reason_i;
    assign rc_port    = xr_q_i;
    assign rc_w_o     = xr_w_i;
    assign cfg_bad_o  = 1'b0;
    logic unused_rt;
    assign unused_rt = ^{clk_i, rst_ni, cfg_we_i, cfg_addr_i, cfg_wdata_i, port_id_i, rc_en,
                         score_c_vc_i, pcr_p_v_i, rc_h1, rc_h2};
  end

  // ---------------------------------------------------------------- events
  assign drop_o        = rc_any && rc_drop_o;
  assign drop_reason_o = !drop_o ? 3'd0 : rc_dr ? rc_rs : fh_reason_i;

  // Cover points (make coverage): every RT_DROP reason
  // (docs/yarc-arch.md section 5, docs/nwn-arch.md 4.3).
  `NR_COVER(c_drop_malformed,    drop_o && drop_reason_o == 3'd1, clk_i, rst_ni)
  `NR_COVER(c_drop_bad_srcroute, drop_o && drop_reason_o == 3'd2, clk_i, rst_ni)
  `NR_COVER(c_drop_no_route,     drop_o && drop_reason_o == 3'd3, clk_i, rst_ni)
  `NR_COVER(c_drop_short,        drop_o && drop_reason_o == 3'd4, clk_i, rst_ni)
  `NR_COVER(c_drop_self,         drop_o && drop_reason_o == 3'd5, clk_i, rst_ni)
  `NR_COVER(c_drop_upup,         drop_o && drop_reason_o == 3'd6, clk_i, rst_ni)

endmodule
