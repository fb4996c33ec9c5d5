// nr_rbd.sv - YARC row-bus driver (RBD), one per input port
// (docs/yarc-arch.md section 4).
//
// Purpose: the input unit nr_iu (input-queue reads, staging, RC with the
//   tile's tables, source-route rotation and CRC repair, routes; shared with
//   the network switches, docs/nwn-arch.md section 4) plus what is YARC's own:
//   the row bus, driven one phit per cycle, wormhole with per-(column, VC)
//   credits for the row buffers, and the send round robin that also consumes
//   DROP packets (RT_DROP). In the terms of docs/nwn-arch.md 6.5 the RBD is an
//   IU with S = 1 whose "subswitch" is its private row bus; its first hop is
//   the target column q mod Cols (no first-hop drop).
// Parameters:
//   Rows, Cols    tile array, powers of two, 2..8 each. Output port q sits at
//                 row q / Cols, column q mod Cols.
//   NumVcs        1..4.
//   RowBufDepth   row-buffer depth per VC = initial credits per (column, VC),
//                 power of two, >= 2 (the top checks >= 2*RowBusLat).
//   InBufPerVc    credits per (output port, VC): CW = clog2(InBufPerVc + 1)
//                 bits per count of pcr_p_v_i.
//   SideTab, UpPick  0/1, 0/2: the side table and greedy_r(2) (nr_route_tables).
// Ports / protocol:
//   rd_avail_vc_i, rd_en_o, rd_vc_o, rd_valid_i, rd_phit_i: the input queue's
//     read port (docs/link-protocol.md section 8.4): a read issued in cycle t
//     returns its phit on rd_valid_i/rd_phit_i in cycle t+1.
//   bus_*_o: the row bus, registered by the top (RowBusLat-1 stages, then the
//     row buffer's write). bus_valid_o, bus_col_o (target column c'), bus_row_o
//     (target row j = subswitch output), bus_vc_o, bus_phit_o. Combinational
//     from registers only.
//   bus_cr_c_vc_i: one credit for row buffer [this input] of column c, VC v
//     (flat index c*NumVcs+v); added at the end of the cycle, usable from the
//     next. The top delays the subswitch's pops by RowBusLat-1 cycles.
//   cfg_*: configuration write for this tile (nr_route_tables).
//   pcr_p_v_i: every output port's credits per VC, clamped, start of cycle
//     (flat, index p*NumVcs + v): the flattened-butterfly mode's queue
//     estimates (docs/fbfly-routing.md 6.1, nr_route_tables).
//   drop_o, drop_reason_o: event RT_DROP and its reason in the RC cycle (one
//     RC unit, so at most one per cycle).
// Route computation (doc 4.2): a VC is ready when it holds no route and its
//   staging front is a HEAD with its header staged, or a HEAD with an EOP in a
//   header position (SHORT), or not a HEAD at all (stray, MALFORMED; consumed
//   up to the next EOP). A round robin over the ready VCs, moving past every
//   winner, routes one per cycle.
// Latency: read issued t, staged at the end of t+1, RC in t+2 (registered),
//   head on the row bus in t+3: 3 cycles from the read to the bus.
// Staging storage: 4 phits per VC in flops, not a RAM leaf. The RC unit reads
//   the first three entries of the routed VC in the same cycle, and the send
//   path the front of any VC: a small multi-ported register file, which a
//   1r1w SRAM macro cannot provide.
// Cost: nr_iu (staging, routes with a ColW-bit first hop, RC, tables) plus
//   Cols*NumVcs*clog2(RowBufDepth+1) credits and one RR pointer.
`default_nettype none
`include "nr_assert.svh"

module nr_rbd #(
  parameter int Rows        = 8,
  parameter int Cols        = 8,
  parameter int NumVcs      = 2,
  parameter int RowBufDepth = 8,
  parameter int InBufPerVc  = 128,
  parameter int SideTab     = 0,
  parameter int UpPick      = 0,
  localparam int NumPorts   = Rows * Cols,
  localparam int PhitW      = nr_pkg::PHIT_W,
  localparam int PortW      = nr_pkg::ROUTE_PORT_W,
  localparam int VcW        = nr_pkg::idx_w(NumVcs),
  localparam int ColW       = $clog2(Cols),
  localparam int RowW       = $clog2(Rows),
  localparam int CredW      = $clog2(RowBufDepth + 1),
  localparam int CW         = $clog2(InBufPerVc + 1)
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [PortW-1:0]          port_id_i,
  // configuration
  input  logic                      cfg_we_i,
  input  logic [7:0]                cfg_addr_i,
  input  logic [31:0]               cfg_wdata_i,
  output logic                      cfg_bad_o,
  // every output port's credits (flattened-butterfly mode)
  input  logic [NumPorts*NumVcs*CW-1:0] pcr_p_v_i,
  // input queue read port
  input  logic [NumVcs-1:0]         rd_avail_vc_i,
  output logic                      rd_en_o,
  output logic [VcW-1:0]            rd_vc_o,
  input  logic                      rd_valid_i,
  input  logic [PhitW-1:0]          rd_phit_i,
  // row bus
  output logic                      bus_valid_o,
  output logic [ColW-1:0]           bus_col_o,
  output logic [RowW-1:0]           bus_row_o,
  output logic [VcW-1:0]            bus_vc_o,
  output logic [PhitW-1:0]          bus_phit_o,
  input  logic [Cols*NumVcs-1:0]    bus_cr_c_vc_i,
  // events
  output logic                      drop_o,
  output logic [2:0]                drop_reason_o
);

  `NR_PARAM_ASSERT(p_rows, Rows >= 2 && Rows <= 8 && (Rows & (Rows - 1)) == 0)
  `NR_PARAM_ASSERT(p_cols, Cols >= 2 && Cols <= 8 && (Cols & (Cols - 1)) == 0)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_rowbuf, RowBufDepth >= 2 && (RowBufDepth & (RowBufDepth - 1)) == 0)

  localparam logic [1:0] K_EOP = 2'(nr_pkg::KIND_EOP);

  // ---------------------------------------------------------------- input unit
  logic [Cols*NumVcs*CredW-1:0] cred_q;
  logic                         rc_route;
  logic [VcW-1:0]               rc_vc;
  logic [PhitW-1:0]             rc_head;
  logic [nr_pkg::DATA_W-1:0]    rc_hash;
  logic [PortW-1:0]             rc_q;
  logic [NumVcs-1:0]            fr_valid, fr_head, fr_drop, pop;
  logic [NumVcs*ColW-1:0]       fr_tgt;
  logic [NumVcs*PortW-1:0]      fr_q;
  logic [NumVcs*PhitW-1:0]      fr_phit;
  logic                         rd1_en;
  logic [VcW-1:0]               rd1_vc;

  nr_iu #(
    .NumPorts(NumPorts),
    .NumVcs  (NumVcs),
    .RdPorts (1),
    .TgtW    (ColW),
    .UseScore(1),
    .ScCols  (Cols),
    .ScCredW (CredW),
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
    .cfg_bad_o,
    .rd_avail_vc_i,
    .rd_en_o,
    .rd_vc_o,
    .rd_valid_i,
    .rd_phit_i,
    .rd1_en_o     (rd1_en),
    .rd1_vc_o     (rd1_vc),
    .rd1_valid_i  (1'b0),
    .rd1_phit_i   (PhitW'(0)),
    .score_c_vc_i (cred_q),
    .pcr_p_v_i,
    .rc_route_o   (rc_route),
    .rc_vc_o      (rc_vc),
    .rc_q_o       (rc_q),
    .rc_head_o    (rc_head),
    .rc_hash_o    (rc_hash),
    .fh_tgt_i     (rc_q[ColW-1:0]),   // first hop: the target column
    .fh_drop_i    (1'b0),
    .fh_reason_i  (3'd0),
    .xr_drop_i    (1'b0),
    .xr_reason_i  (3'd0),
    .xr_q_i       ({nr_pkg::ROUTE_PORT_W{1'b0}}),
    .xr_w_i       (2'd0),
    .fr_valid_vc_o(fr_valid),
    .fr_head_vc_o (fr_head),
    .fr_tgt_vc_o  (fr_tgt),
    .fr_q_vc_o    (fr_q),
    .fr_phit_vc_o (fr_phit),
    .fr_drop_vc_o (fr_drop),
    .pop_vc_i     (pop),
    .va_set_vc_i  ({NumVcs{1'b0}}),
    .va_w_vc_i    ({(NumVcs*2){1'b0}}),
    .drop_o,
    .drop_reason_o
  );
  logic unused_iu;
  assign unused_iu = ^{rc_route, rc_vc, rc_q, rc_head, rc_hash, fr_head, rd1_en, rd1_vc};

  // ---------------------------------------------------------------- send
  // VC v is eligible when it is dropping, or presents a front and holds a
  // credit for its target column (doc 4.3). Send/drop round robin over VCs:
  // the pointer moves past the winner only when the winner pops its EOP.
  logic [NumVcs-1:0] elig, is_eop_v;
  for (genvar v = 0; v < NumVcs; v++) begin : g_vc
    logic [ColW-1:0]  col;
    logic [CredW-1:0] cr;
    assign col = fr_tgt[v*ColW +: ColW];
    assign cr  = cred_q[(32'(col) * NumVcs + v) * CredW +: CredW];
    assign elig[v]     = fr_drop[v] || (fr_valid[v] && cr != '0);
    assign is_eop_v[v] = fr_phit[v*PhitW + PhitW - 1 -: 2] == K_EOP;
  end

  logic              tx_any;
  logic [VcW-1:0]    tx_w;
  logic [NumVcs-1:0] tx_gnt;
  nr_arb_rr #(.N(NumVcs)) u_tx_arb (
    .clk_i,
    .rst_ni,
    .req_i    (elig),
    .advance_i(|(tx_gnt & is_eop_v)),
    .gnt_o    (tx_gnt),
    .gnt_idx_o(tx_w)
  );
  assign tx_any = |elig;
  assign pop    = tx_gnt;

  // ---------------------------------------------------------------- row bus
  logic [PortW-1:0] wq;
  assign wq          = fr_q[32'(tx_w)*PortW +: PortW];
  assign bus_valid_o = tx_any && !fr_drop[tx_w];
  assign bus_col_o   = fr_tgt[32'(tx_w)*ColW +: ColW];
  assign bus_row_o   = RowW'(wq >> ColW);
  assign bus_vc_o    = tx_w;
  assign bus_phit_o  = fr_phit[32'(tx_w)*PhitW +: PhitW];

  // ---------------------------------------------------------------- credits
  for (genvar c = 0; c < Cols; c++) begin : g_cr
    logic [NumVcs-1:0] dec;
    for (genvar v = 0; v < NumVcs; v++) begin : g_dec
      assign dec[v] = bus_valid_o && 32'(bus_col_o) == c && 32'(tx_w) == v;
    end
    nr_credit_cnt #(
      .NumVcs    (NumVcs),
      .MaxCredits(RowBufDepth),
      .IncW      (1)
    ) u_cred (
      .clk_i,
      .rst_ni,
      .dec_i  (dec),
      .inc_i  (bus_cr_c_vc_i[c*NumVcs +: NumVcs]),
      .count_o(cred_q[c*NumVcs*CredW +: NumVcs*CredW]),
      .full_o (full_unused)
    );
    logic [NumVcs-1:0] full_unused;
    logic unused_full;
    assign unused_full = ^full_unused;
  end

endmodule
