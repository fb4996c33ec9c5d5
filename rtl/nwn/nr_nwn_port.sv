// nr_nwn_port.sv - one port of a network-within-a-network switch: port front
// end, input unit and first-hop function (docs/nwn-arch.md sections 4, 7).
//
// Purpose: the per-port block of nr_nwn. The port front end (nr_port_front:
//   nr_lcb_port, or nr_port_bare when UseLcb = 0) holds the input queue and
//   the link; the input unit (nr_iu) reads it, routes with this port's
//   tables and presents per-VC fronts to the port's first subswitch;
//   nr_nwn_fhop chooses the first hop. The port's output side (tx_*) is driven by the subswitch output that
//   serves this port. The position enters as port_id_i, not as a parameter,
//   so that every port of one kind is the same module (one Verilator
//   hierarchy block).
// Parameters:
//   NumPorts, R, M, Bb, Speedup, SelfTurn, NumVcs, InBufPerVc, BufDepth,
//     ChanLat, UseLcb, MaxPktLen, ReplayDepth, Window, LinkCrcW: nr_nwn's, all
//     of them with the top's values (ranges checked there and in the leaves). A
//     hierarchy block of Verilator is verilated with the top's -G values on top
//     of its instance's, so it declares every one of them and its per-
//     instance parameters have other names. ChanLat is not used here.
//   UpPort    0: a port served by a bottom subswitch; 1: a bb up port (its
//             first subswitch is a top).
//   Hx, Ft    0; Hx 1, 2 a HyperX port (docs/nwn-arch.md 1.6), Ft 1 a
//             folded-torus port (1.8): its first hop carries ext, which goes
//             into the payload's tag {ext, q}.
//   Derived: RdPorts = S_iu, reads per cycle = the first subswitch's input
//     speedup (Speedup for a bottom port, 1 for a bb up port, doc 4.1); CrW
//     the width of the bottom's up-link credits; TgtW the first-hop width.
//   SideTab, UpPick  0/1, 0/2: the side table and greedy_r(2) (nr_route_tables).
// Ports / protocol:
//   link_*, ev_o, link_down_o, cfg_timeout/retry_limit/max_len: the LCB
//     (UseLcb = 1; tied off otherwise). in_*, out_*: the bare port (UseLcb =
//     0; tied off otherwise), see nr_port_bare.
//   cfg_we_i, cfg_addr_i, cfg_wdata_i: configuration write decoded for this
//     port; tev_o = {reason[2:0], CFG_BAD, RT_DROP} (combinational).
//   pcr_d_o: this port's output credits per VC, clamped to 0 .. InBufPerVc,
//     as they will stand at the start of the next cycle (nr_port_front,
//     combinational); pcr_p_v_i: every port's start-of-cycle credits, from
//     the top's registered credit image (index p*NumVcs + v), for the
//     flattened-butterfly mode's queue estimates (docs/fbfly-routing.md 6.1).
//   cc_t_vc_i: cc[n + t][v] of this port's bottom subswitch (start of cycle),
//     for the adaptive choice of the top (HyperX, folded torus: of its
//     subswitch's channels).
//   fr_valid_v_o, fr_tgt_v_o, fr_pay_v_o ({q[5:0], phit[23:0]}; HyperX and
//     folded torus {ext[1:0], q, phit}), fr_drop_v_o:
//     per VC the IU's front / dropping state (nr_iu), for the first
//     subswitch's allocator; pop_v_i pops them (combinational from the
//     subswitch). va_set_v_i, va_w_v_i: the VA winners of the baseline VC
//     router (Vc = 1, doc 1.7), whose heads leave on VC w from the next cycle.
//   tx_valid_i, tx_phit_i, tx_vc_ok_o: the port's transmit side (the LCB TX
//     core interface, or the bare output), driven by the subswitch output of
//     this port. tx_vc_ok_o is state only. The subswitch presents a phit only
//     when the port takes it (a HEAD only with tx_vc_ok, then the rest of the
//     packet); the port's tx_ready is checked here (asserted), not returned.
// Latency: link_rx head in t -> input-queue write t+1 -> read t+2 -> staged
//   t+3 -> RC and first hop t+4 -> front usable by the subswitch in t+5 (bare:
//   two cycles less in total, nwn-arch 8).
// Cost: the front end (input queue NumVcs*InBufPerVc phits, LCB replay
//   buffer), nr_iu (staging 4 phits per VC, tables) and nr_nwn_fhop.
`default_nettype none
`include "nr_assert.svh"

module nr_nwn_port #(
  parameter int NumPorts    = 64,
  parameter int R           = 16,
  parameter int M           = 4,
  parameter int Bb          = 0,
  parameter int Speedup     = 1,
  parameter int SelfTurn    = 0,
  parameter int NumVcs      = 2,
  parameter int InBufPerVc  = 128,
  parameter int SideTab     = 0,
  parameter int UpPick      = 0,
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
  parameter int Vc          = 0,
  parameter int VcCls       = 1,
  parameter int VaHop       = 0,
  parameter int Hx          = 0,
  parameter int Ft          = 0,
  parameter int SaAlloc     = 0,
  parameter int SaIter      = 1,
  parameter int SaGroup     = 8,
  parameter int Spec        = 0,
  parameter int UpPort      = 0,
  localparam int RdPorts    = (UpPort != 0) ? 1 : Speedup,
  localparam int CrW        = $clog2(BufDepth + 1),
  localparam int MN         = (M > 0) ? M : 1,
  localparam int HS         = (NumPorts == 8) ? 2 : 4,
  localparam int NCc        = (Ft != 0) ? 8 : (Hx != 0) ? 4 * (HS - 1) : MN,
  localparam int NOB        = (Ft != 0) ? 1 + NCc : (Hx != 0) ? HS + NCc : NumPorts / R + M,
  localparam int NOT        = (Bb != 0) ? R / 2 + (NumPorts / 2) / MN : R,
  localparam int TWB        = nr_pkg::idx_w(NOB),
  localparam int TWT        = nr_pkg::idx_w(NOT),
  localparam int TgtW       = (Bb != 0 && TWT > TWB) ? TWT : TWB,
  localparam int ExtW       = (Hx != 0 || Ft != 0) ? 2 : 0,
  localparam int PhitW      = nr_pkg::PHIT_W,
  localparam int PortW      = nr_pkg::ROUTE_PORT_W,
  localparam int PayW       = PortW + ExtW + PhitW,
  localparam int VcW        = nr_pkg::idx_w(NumVcs),
  localparam int CW         = $clog2(InBufPerVc + 1)
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [PortW-1:0]          port_id_i,
  // LCB port
  input  logic [15:0]               cfg_timeout_i,
  input  logic [7:0]                cfg_retry_limit_i,
  input  logic [7:0]                cfg_max_len_i,
  input  logic [PhitW-1:0]          link_rx_i,
  output logic [PhitW-1:0]          link_tx_o,
  output logic [20:0]               ev_o,
  output logic                      link_down_o,
  // bare port
  input  logic                      in_valid_i,
  input  logic [PhitW-1:0]          in_phit_i,
  output logic [NumVcs*CW-1:0]      in_cr_o,
  output logic                      out_valid_o,
  output logic [PhitW-1:0]          out_phit_o,
  input  logic [NumVcs*CW-1:0]      out_cr_i,
  // configuration and tile events
  input  logic                      cfg_we_i,
  input  logic [7:0]                cfg_addr_i,
  input  logic [31:0]               cfg_wdata_i,
  output logic [4:0]                tev_o,
  // output credits: this port's, and every port's (flattened-butterfly mode)
  output logic [NumVcs*CW-1:0]      pcr_d_o,
  input  logic [NumPorts*NumVcs*CW-1:0] pcr_p_v_i,
  // first subswitch: credits of the bottom's up-links, fronts, pops
  input  logic [NCc*NumVcs*CrW-1:0] cc_t_vc_i,
  output logic [NumVcs-1:0]         fr_valid_v_o,
  output logic [NumVcs*TgtW-1:0]    fr_tgt_v_o,
  output logic [NumVcs*PayW-1:0]    fr_pay_v_o,
  output logic [NumVcs-1:0]         fr_drop_v_o,
  input  logic [NumVcs-1:0]         pop_v_i,
  input  logic [NumVcs-1:0]         va_set_v_i,
  input  logic [NumVcs*2-1:0]       va_w_v_i,
  // the port's transmit side
  input  logic                      tx_valid_i,
  input  logic [PhitW-1:0]          tx_phit_i,
  output logic [NumVcs-1:0]         tx_vc_ok_o
);

  `NR_PARAM_ASSERT(p_rdports, RdPorts >= 1 && RdPorts <= 2)
  `NR_PARAM_ASSERT(p_upport, UpPort == 0 || (UpPort == 1 && Bb == 1))
  `NR_PARAM_ASSERT(p_xpbuf, XpBuf == 0 || XpBuf == 1)   // (the top's parameter)
  `NR_PARAM_ASSERT(p_vc, (Vc == 0 || Vc == 1) && VcCls >= 1 && VcCls <= NumVcs &&   // (the top's)
                   SaAlloc >= 0 && SaAlloc <= 2 && SaIter >= 1 && SaGroup >= 1 &&
                   (Spec == 0 || Spec == 1) && (VaHop == 0 || VaHop == 1))
  `NR_PARAM_ASSERT(p_hx, Hx >= 0 && Hx <= 2 && Ft >= 0 && Ft <= 1)
  `NR_PARAM_ASSERT(p_chanlat, ChanLat >= 1 && ChanLat <= 4)   // (not used here)
  `NR_PARAM_ASSERT(p_topspeedup, TopSpeedup >= 1 && TopSpeedup <= 2)   // (the tops' parameter)

  // core side of the port front end
  logic              tx_ready;
  logic [NumVcs-1:0] rd_avail;
  logic              rd_en, rd_valid, rd1_en, rd1_valid;
  logic [VcW-1:0]    rd_vc, rd1_vc;
  logic [PhitW-1:0]  rd_phit, rd1_phit;

  nr_port_front #(
    .UseLcb     (UseLcb),
    .NumVcs     (NumVcs),
    .InBufPerVc (InBufPerVc),
    .MaxPktLen  (MaxPktLen),
    .RdPorts    (RdPorts),
    .ReplayDepth(ReplayDepth),
    .Window     (Window),
    .LinkCrcW   (LinkCrcW)
  ) u_front (
    .clk_i,
    .rst_ni,
    .cfg_timeout_i,
    .cfg_retry_limit_i,
    .cfg_max_len_i,
    .link_rx_i,
    .link_tx_o,
    .ev_o,
    .link_down_o,
    .in_valid_i,
    .in_phit_i,
    .in_cr_o,
    .out_valid_o,
    .out_phit_o,
    .out_cr_i,
    .tx_valid_i,
    .tx_phit_i,
    .tx_ready_o (tx_ready),
    .tx_vc_ok_o,
    .pcr_d_o,
    .rd_en_i    (rd_en),
    .rd_vc_i    (rd_vc),
    .rd_avail_o (rd_avail),
    .rd_valid_o (rd_valid),
    .rd_phit_o  (rd_phit),
    .rd1_en_i   (rd1_en),
    .rd1_vc_i   (rd1_vc),
    .rd1_valid_o(rd1_valid),
    .rd1_phit_o (rd1_phit)
  );

  // ---------------------------------------------------------------- input unit
  logic                    rc_route, fh_drop, cfg_bad, drop;
  logic [VcW-1:0]          rc_vc;
  logic [PortW-1:0]        rc_q;
  logic [PhitW-1:0]        rc_head;
  logic [nr_pkg::DATA_W-1:0] rc_hash;
  localparam int TgtIuW = TgtW + ExtW;   // the IU's first hop: {ext, tgt}
  logic [TgtIuW-1:0]       fh_tgt;
  logic [NumVcs*TgtIuW-1:0] fr_tgt;
  logic [2:0]              fh_reason, drop_reason;
  logic [NumVcs-1:0]       fr_head;
  logic [NumVcs*PortW-1:0] fr_q;
  logic [NumVcs*PhitW-1:0] fr_phit;

  nr_iu #(
    .NumPorts(NumPorts),
    .NumVcs  (NumVcs),
    .RdPorts (RdPorts),
    .TgtW    (TgtIuW),
    .UseScore(0),
    .ScCols  (2),
    .ScCredW (1),
    .InBufPerVc(InBufPerVc),
    .SideTab    (SideTab),
    .UpPick     (UpPick)
  ) u_iu (
    .clk_i,
    .rst_ni,
    .port_id_i,
    .cfg_we_i,
    .cfg_addr_i,
    .cfg_wdata_i,
    .cfg_bad_o    (cfg_bad),
    .rd_avail_vc_i(rd_avail),
    .rd_en_o      (rd_en),
    .rd_vc_o      (rd_vc),
    .rd_valid_i   (rd_valid),
    .rd_phit_i    (rd_phit),
    .rd1_en_o     (rd1_en),
    .rd1_vc_o     (rd1_vc),
    .rd1_valid_i  (rd1_valid),
    .rd1_phit_i   (rd1_phit),
    .score_c_vc_i ({(2*NumVcs){1'b0}}),
    .pcr_p_v_i,
    .rc_route_o   (rc_route),
    .rc_vc_o      (rc_vc),
    .rc_q_o       (rc_q),
    .rc_head_o    (rc_head),
    .rc_hash_o    (rc_hash),
    .fh_tgt_i     (fh_tgt),
    .fh_drop_i    (fh_drop),
    .fh_reason_i  (fh_reason),
    .xr_drop_i    (1'b0),
    .xr_reason_i  (3'd0),
    .xr_q_i       ({nr_pkg::ROUTE_PORT_W{1'b0}}),
    .xr_w_i       (2'd0),
    .fr_valid_vc_o(fr_valid_v_o),
    .fr_head_vc_o (fr_head),
    .fr_tgt_vc_o  (fr_tgt),
    .fr_q_vc_o    (fr_q),
    .fr_phit_vc_o (fr_phit),
    .fr_drop_vc_o (fr_drop_v_o),
    .pop_vc_i     (pop_v_i),
    .va_set_vc_i  (va_set_v_i),
    .va_w_vc_i    (va_w_v_i),
    .drop_o       (drop),
    .drop_reason_o(drop_reason)
  );
  assign tev_o = {drop ? drop_reason : 3'd0, cfg_bad, drop};
  for (genvar v = 0; v < NumVcs; v++) begin : g_pay
    assign fr_tgt_v_o[v*TgtW +: TgtW] = fr_tgt[v*TgtIuW +: TgtW];
    if (ExtW != 0) begin : g_ext
      assign fr_pay_v_o[v*PayW +: PayW] = {fr_tgt[v*TgtIuW + TgtW +: 2], fr_q[v*PortW +: PortW],
                                           fr_phit[v*PhitW +: PhitW]};
    end else begin : g_q
      assign fr_pay_v_o[v*PayW +: PayW] = {fr_q[v*PortW +: PortW], fr_phit[v*PhitW +: PhitW]};
    end
  end
  logic unused_head;
  assign unused_head = ^fr_head;   // the allocator reads the kind from the phit

  // ---------------------------------------------------------------- first hop
  nr_nwn_fhop #(
    .NumPorts(NumPorts),
    .R       (R),
    .M       (M),
    .Bb      (Bb),
    .SelfTurn(SelfTurn),
    .TopChoice(TopChoice),
    .NumVcs  (NumVcs),
    .CrW     (CrW),
    .TgtW    (TgtIuW),
    .Hx      (Hx),
    .Ft      (Ft)
  ) u_fhop (
    .clk_i,
    .rst_ni,
    .port_id_i,
    .en_i     (rc_route),
    .vc_i     (rc_vc),
    .q_i      (rc_q),
    .head_i   (rc_head),
    .hash_i   (rc_hash),
    .cc_t_vc_i,
    .tgt_o    (fh_tgt),
    .drop_o   (fh_drop),
    .reason_o (fh_reason)
  );

  // every phit the subswitch presents is taken (docs/nwn-arch.md 7)
  `NR_ASSERT(a_taken, !tx_valid_i || tx_ready, clk_i, rst_ni)

endmodule
