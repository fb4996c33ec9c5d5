// nr_yarc_tile.sv - one tile of the YARC router (docs/yarc-arch.md section 1).
//
// Purpose: port front end (nr_port_front: nr_lcb_port, or nr_port_bare when
//   UseLcb = 0), row-bus driver with the tile's routing tables (nr_rbd), the
//   subswitch with its row buffers (nr_subswitch, Cols -> Rows), and the
//   output port with its column buffers (nr_outport). The tile's position enters as port_id_i, not as
//   a parameter, so that every tile is the same module.
// Parameters: as nr_yarc (legal ranges are checked there and in the leaves).
//   SideTab, UpPick  0/1, 0/2: the side table and greedy_r(2) (nr_route_tables).
// Ports / protocol:
//   link_rx_i, link_tx_o, ev_o, link_down_o, cfg_timeout_i, cfg_retry_limit_i,
//     cfg_max_len_i: the port's LCB (UseLcb = 1; tied off otherwise).
//   in_*, out_*: the bare port (UseLcb = 0; tied off otherwise), see
//     nr_port_bare.
//   cfg_we_i, cfg_addr_i, cfg_wdata_i: configuration write decoded for this
//     tile; tev_o = {reason[2:0], CFG_BAD, RT_DROP} (combinational).
//   pcr_d_o: this port's output credits per VC, clamped to 0 .. InBufPerVc,
//     as they will stand at the start of the next cycle (nr_port_front,
//     combinational); pcr_p_v_i: every port's start-of-cycle credits, from
//     the top's registered credit image (index p*NumVcs + v), for the
//     flattened-butterfly mode's queue estimates (docs/fbfly-routing.md 6.1).
//   rb_*_o: this input's row bus (to the top's RowBusLat-1 pipeline);
//     rb_cr_c_vc_i: its credits back from the row buffers, per (column, VC).
//   ss_*_c_i: the row buses of the Cols inputs of this row, already filtered
//     for this column (subswitch inputs); ss_cr_c_vc_o: row-buffer pops.
//   col_*_r_o: the Rows column channels (subswitch outputs); col_cr_r_vc_i:
//     column-buffer credits back per (tile row j, VC).
//   cb_*_r_i: the column channels arriving at this tile's column buffers, one
//     per source row; cb_cr_r_vc_o: column-buffer pops.
// Latency: see nr_yarc (the tile adds no registers on the inter-tile wires).
// Cost: the sum of its leaves.
`default_nettype none
`include "nr_assert.svh"

module nr_yarc_tile #(
  parameter int Rows        = 8,
  parameter int Cols        = 8,
  parameter int NumVcs      = 2,
  parameter int InBufPerVc  = 128,
  parameter int SideTab     = 0,
  parameter int UpPick      = 0,
  parameter int RowBufDepth = 8,
  parameter int ColBufDepth = 8,
  parameter int UseLcb      = 1,
  parameter int MaxPktLen   = 64,
  parameter int ReplayDepth = 256,
  parameter int Window      = 32,
  parameter int LinkCrcW    = 16,
  parameter int SubSpeedup  = 4,
  // not used inside a tile; declared because Verilator hands a top's -G
  // values to its hierarchy blocks (the tile is one), so a configuration that
  // sets them must find them here
  parameter int RowBusLat   = 2,
  parameter int ColLat      = 2,
  localparam int PhitW      = nr_pkg::PHIT_W,
  localparam int PortW      = nr_pkg::ROUTE_PORT_W,
  localparam int VcW        = nr_pkg::idx_w(NumVcs),
  localparam int ColW       = $clog2(Cols),
  localparam int RowW       = $clog2(Rows),
  localparam int CW         = $clog2(InBufPerVc + 1)
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic [PortW-1:0]         port_id_i,
  // LCB port
  input  logic [15:0]              cfg_timeout_i,
  input  logic [7:0]               cfg_retry_limit_i,
  input  logic [7:0]               cfg_max_len_i,
  input  logic [PhitW-1:0]         link_rx_i,
  output logic [PhitW-1:0]         link_tx_o,
  output logic [20:0]              ev_o,
  output logic                     link_down_o,
  // bare port
  input  logic                     in_valid_i,
  input  logic [PhitW-1:0]         in_phit_i,
  output logic [NumVcs*CW-1:0]     in_cr_o,
  output logic                     out_valid_o,
  output logic [PhitW-1:0]         out_phit_o,
  input  logic [NumVcs*CW-1:0]     out_cr_i,
  // configuration and tile events
  input  logic                     cfg_we_i,
  input  logic [7:0]               cfg_addr_i,
  input  logic [31:0]              cfg_wdata_i,
  output logic [4:0]               tev_o,
  // output credits: this port's, and every port's (flattened-butterfly mode)
  output logic [NumVcs*CW-1:0]     pcr_d_o,
  input  logic [Rows*Cols*NumVcs*CW-1:0] pcr_p_v_i,
  // row bus of this input
  output logic                     rb_valid_o,
  output logic [ColW-1:0]          rb_col_o,
  output logic [RowW-1:0]          rb_row_o,
  output logic [VcW-1:0]           rb_vc_o,
  output logic [PhitW-1:0]         rb_phit_o,
  input  logic [Cols*NumVcs-1:0]   rb_cr_c_vc_i,
  // subswitch inputs (row buses of this row, for this column)
  input  logic [Cols-1:0]          ss_valid_c_i,
  input  logic [Cols*VcW-1:0]      ss_vc_c_i,
  input  logic [Cols*RowW-1:0]     ss_row_c_i,
  input  logic [Cols*PhitW-1:0]    ss_phit_c_i,
  output logic [Cols*NumVcs-1:0]   ss_cr_c_vc_o,
  // column channels out (subswitch outputs)
  output logic [Rows-1:0]          col_valid_r_o,
  output logic [Rows*VcW-1:0]      col_vc_r_o,
  output logic [Rows*PhitW-1:0]    col_phit_r_o,
  input  logic [Rows*NumVcs-1:0]   col_cr_r_vc_i,
  // column channels in (column buffers)
  input  logic [Rows-1:0]          cb_valid_r_i,
  input  logic [Rows*VcW-1:0]      cb_vc_r_i,
  input  logic [Rows*PhitW-1:0]    cb_phit_r_i,
  output logic [Rows*NumVcs-1:0]   cb_cr_r_vc_o
);

  // RowBusLat and ColLat are the top's (the row bus and column channels are
  // outside the tile); checked here so that the declaration is used
  `NR_PARAM_ASSERT(p_lat, RowBusLat >= 1 && RowBusLat <= 4 && ColLat >= 1 && ColLat <= 4)

  // Keep every tile a separate module in Verilator: inlining 64 tiles into
  // the top makes elaboration of the k=64 router several times slower.
  /* verilator no_inline_module */

  // core side of the port front end
  logic              tx_valid, tx_ready;
  logic [PhitW-1:0]  tx_phit;
  logic [NumVcs-1:0] tx_vc_ok, rd_avail;
  logic              rd_en, rd_valid;
  logic [VcW-1:0]    rd_vc;
  logic [PhitW-1:0]  rd_phit;
  // the input queue's second read port is not used by YARC (RdPorts = 1)
  logic              rd1_valid_unused;
  logic [PhitW-1:0]  rd1_phit_unused;
  logic              unused_rd1;
  assign unused_rd1 = ^{rd1_valid_unused, rd1_phit_unused};

  nr_port_front #(
    .UseLcb     (UseLcb),
    .NumVcs     (NumVcs),
    .InBufPerVc (InBufPerVc),
    .MaxPktLen  (MaxPktLen),
    .RdPorts    (1),
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
    .tx_valid_i (tx_valid),
    .tx_phit_i  (tx_phit),
    .tx_ready_o (tx_ready),
    .tx_vc_ok_o (tx_vc_ok),
    .pcr_d_o,
    .rd_en_i    (rd_en),
    .rd_vc_i    (rd_vc),
    .rd_avail_o (rd_avail),
    .rd_valid_o (rd_valid),
    .rd_phit_o  (rd_phit),
    .rd1_en_i   (1'b0),
    .rd1_vc_i   ({VcW{1'b0}}),
    .rd1_valid_o(rd1_valid_unused),
    .rd1_phit_o (rd1_phit_unused)
  );

  // row-bus driver, RC and tables
  logic       drop, cfg_bad;
  logic [2:0] drop_reason;
  nr_rbd #(
    .Rows       (Rows),
    .Cols       (Cols),
    .NumVcs     (NumVcs),
    .RowBufDepth(RowBufDepth),
    .InBufPerVc (InBufPerVc),
    .SideTab    (SideTab),
    .UpPick     (UpPick)
  ) u_rbd (
    .clk_i,
    .rst_ni,
    .port_id_i,
    .cfg_we_i,
    .cfg_addr_i,
    .cfg_wdata_i,
    .cfg_bad_o    (cfg_bad),
    .pcr_p_v_i,
    .rd_avail_vc_i(rd_avail),
    .rd_en_o      (rd_en),
    .rd_vc_o      (rd_vc),
    .rd_valid_i   (rd_valid),
    .rd_phit_i    (rd_phit),
    .bus_valid_o  (rb_valid_o),
    .bus_col_o    (rb_col_o),
    .bus_row_o    (rb_row_o),
    .bus_vc_o     (rb_vc_o),
    .bus_phit_o   (rb_phit_o),
    .bus_cr_c_vc_i(rb_cr_c_vc_i),
    .drop_o       (drop),
    .drop_reason_o(drop_reason)
  );
  assign tev_o = {drop ? drop_reason : 3'd0, cfg_bad, drop};

  // subswitch: Cols row buffers in, Rows column channels out
  nr_subswitch #(
    .NumIn     (Cols),
    .NumOut    (Rows),
    .NumVcs    (NumVcs),
    .Depth     (RowBufDepth),
    .OutCredits(ColBufDepth),
    .Speedup   (SubSpeedup)
  ) u_sub (
    .clk_i,
    .rst_ni,
    .in_valid_ip_i (ss_valid_c_i),
    .in_vc_ip_i    (ss_vc_c_i),
    .in_tgt_ip_i   (ss_row_c_i),
    .in_phit_ip_i  (ss_phit_c_i),
    .in_cr_ip_vc_o (ss_cr_c_vc_o),
    .out_valid_op_o(col_valid_r_o),
    .out_vc_op_o   (col_vc_r_o),
    .out_phit_op_o (col_phit_r_o),
    .out_cr_op_vc_i(col_cr_r_vc_i)
  );

  // output port: Rows column buffers in, the port's TX out
  nr_outport #(
    .NumIn (Rows),
    .NumVcs(NumVcs),
    .Depth (ColBufDepth)
  ) u_out (
    .clk_i,
    .rst_ni,
    .in_valid_ip_i(cb_valid_r_i),
    .in_vc_ip_i   (cb_vc_r_i),
    .in_phit_ip_i (cb_phit_r_i),
    .in_cr_ip_vc_o(cb_cr_r_vc_o),
    .tx_valid_o   (tx_valid),
    .tx_phit_o    (tx_phit),
    .tx_ready_i   (tx_ready),
    .tx_vc_ok_i   (tx_vc_ok)
  );

endmodule
