// nr_yarc.sv - the YARC tiled router: Rows x Cols tiles, one port per tile,
// row buses and column channels (docs/yarc-arch.md).
//
// Purpose: top level. Port p sits in tile (p / Cols, p mod Cols). Each input's
//   row bus reaches the Cols tiles of its row; each subswitch output j of tile
//   (r, c) is a column channel to column buffer [r] of tile (j, c). All
//   inter-tile wiring and its latency live here.
// Parameters (docs/yarc-arch.md section 3; checked at elaboration):
//   Rows, Cols    2..8 each, powers of two; NumPorts = Rows*Cols.
//   NumVcs        1..4.
//   InBufPerVc    input queue per VC, >= MaxPktLen (8..1023, nr_inq).
//   RowBufDepth   power of two, >= 2*RowBusLat.
//   ColBufDepth   power of two, >= 2*ColLat.
//   RowBusLat     1..4 cycles, ColLat 1..4 cycles.
//   UseLcb        1: nr_lcb_port on every port; 0: nr_port_bare.
//   SideTab       0/1; 1 the side table in every tile (docs/yarc-arch.md 5
//                 step 3a, nr_route_cfg).
//   UpPick        0/2; 2 the up choice greedy_r(2) (yarc-arch 5 step 4').
//   MaxPktLen     >= 2, VCT threshold; ReplayDepth, Window: the LCB's.
//   LinkCrcW      16 or 32, every port's link check (docs/link-protocol.md
//                 section 4.1); 32 adds a trailer phit per packet and one
//                 cycle to each link's receive path.
//   SubSpeedup    1..4, the subswitch's input speedup across VCs
//                 (docs/yarc-arch.md section 6): >= NumVcs (default 4) every
//                 row buffer pops independently; 1 the seeds' 8x8 subswitch.
// Latency definition (section 3): something sent by a decision in cycle t is
//   usable by the receiver's decision in cycle t+L. A row-bus phit sent in t is
//   written into the row buffer at the end of t+L-1 (L-1 pipeline stages of
//   nr_chpipe, then the nr_fifo write, whose output shows it from the next cycle); a credit for
//   a pop in t is added to the counter at the end of t+L-1 (L-1 stages, then
//   the counter register). Column channels likewise with ColLat.
// Ports / protocol (flat vectors, port-major; p = port, v = VC):
//   link_rx_p_i / link_tx_p_o       24-bit link phits (UseLcb = 1).
//   ev_p_o (21 bits/port), link_down_p_o   LCB events and status.
//   cfg_timeout_i, cfg_retry_limit_i, cfg_max_len_i  LCB run-time config,
//                                   shared by all ports, held constant.
//   in_valid_p_i, in_phit_p_i, in_cr_p_v_o, out_valid_p_o, out_phit_p_o,
//   out_cr_p_v_i                    bare ports (UseLcb = 0), CW bits per count,
//                                   CW = clog2(InBufPerVc+1).
//   cfg_we_i, cfg_bcast_i, cfg_tile_i, cfg_addr_i, cfg_wdata_i  configuration
//                                   write (section 9); takes effect next cycle.
//                                   A cfg_tile_i >= NumPorts without bcast
//                                   writes nothing and raises no event.
//   tev_p_o (5 bits/port)           {reason[2:0], CFG_BAD, RT_DROP}.
//   prm_*_o                         constant: the -G parameters of this build.
// Zero-load latency: link_rx -> link_tx 6 + RowBusLat + ColLat cycles (10 at
//   defaults, 11 with LinkCrcW = 32); bare in_valid -> out_valid 4 +
//   RowBusLat + ColLat.
// Cost (k=64 defaults): 64 x (LCB port 256-phit replay + 256-phit input
//   queue, 16 row buffers and 16 column buffers of 8 phits, 8 staging phits),
//   in RAM leaves except the staging registers; per row bus
//   (RowBusLat-1)*(25+clog2(NumPorts)+VcW) pipeline flops, per column channel
//   (ColLat-1)*(25+VcW); credit pipes (L-1)*NumVcs per link. See
//   docs/yarc-rtl.md.
`default_nettype none
`include "nr_assert.svh"

module nr_yarc #(
  parameter int Rows        = 8,
  parameter int Cols        = 8,
  parameter int NumVcs      = 2,
  parameter int InBufPerVc  = 128,
  parameter int SideTab     = 0,
  parameter int UpPick      = 0,
  parameter int RowBufDepth = 8,
  parameter int ColBufDepth = 8,
  parameter int RowBusLat   = 2,
  parameter int ColLat      = 2,
  parameter int UseLcb      = 1,
  parameter int MaxPktLen   = 64,
  parameter int ReplayDepth = 256,
  parameter int Window      = 32,
  parameter int LinkCrcW    = 16,
  parameter int SubSpeedup  = 4,
  localparam int NumPorts   = Rows * Cols,
  localparam int PhitW      = nr_pkg::PHIT_W,
  localparam int PortW      = nr_pkg::ROUTE_PORT_W,
  localparam int VcW        = nr_pkg::idx_w(NumVcs),
  localparam int ColW       = $clog2(Cols),
  localparam int RowW       = $clog2(Rows),
  localparam int CW         = $clog2(InBufPerVc + 1)
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // LCB run-time configuration (all ports)
  input  logic [15:0]                cfg_timeout_i,
  input  logic [7:0]                 cfg_retry_limit_i,
  input  logic [7:0]                 cfg_max_len_i,
  // links (UseLcb = 1)
  input  logic [NumPorts*PhitW-1:0]  link_rx_p_i,
  output logic [NumPorts*PhitW-1:0]  link_tx_p_o,
  output logic [NumPorts*21-1:0]     ev_p_o,
  output logic [NumPorts-1:0]        link_down_p_o,
  // bare ports (UseLcb = 0)
  input  logic [NumPorts-1:0]        in_valid_p_i,
  input  logic [NumPorts*PhitW-1:0]  in_phit_p_i,
  output logic [NumPorts*NumVcs*CW-1:0] in_cr_p_v_o,
  output logic [NumPorts-1:0]        out_valid_p_o,
  output logic [NumPorts*PhitW-1:0]  out_phit_p_o,
  input  logic [NumPorts*NumVcs*CW-1:0] out_cr_p_v_i,
  // configuration port
  input  logic                       cfg_we_i,
  input  logic                       cfg_bcast_i,
  input  logic [5:0]                 cfg_tile_i,
  input  logic [7:0]                 cfg_addr_i,
  input  logic [31:0]                cfg_wdata_i,
  output logic [NumPorts*5-1:0]      tev_p_o,
  // parameters of this build (constants)
  output logic [15:0]                prm_rows_o,
  output logic [15:0]                prm_cols_o,
  output logic [15:0]                prm_num_vcs_o,
  output logic [15:0]                prm_in_buf_per_vc_o,
  output logic [15:0]                prm_row_buf_depth_o,
  output logic [15:0]                prm_col_buf_depth_o,
  output logic [15:0]                prm_row_bus_lat_o,
  output logic [15:0]                prm_col_lat_o,
  output logic [15:0]                prm_use_lcb_o,
  output logic [15:0]                prm_side_tab_o,
  output logic [15:0]                prm_up_pick_o,
  output logic [15:0]                prm_max_pkt_len_o,
  output logic [15:0]                prm_replay_depth_o,
  output logic [15:0]                prm_window_o,
  output logic [15:0]                prm_sub_speedup_o,
  output logic [15:0]                prm_link_crc_w_o
);

  `NR_PARAM_ASSERT(p_rows, Rows >= 2 && Rows <= 8 && (Rows & (Rows - 1)) == 0)
  `NR_PARAM_ASSERT(p_cols, Cols >= 2 && Cols <= 8 && (Cols & (Cols - 1)) == 0)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_inbuf, InBufPerVc >= MaxPktLen)
  `NR_PARAM_ASSERT(p_rowlat, RowBusLat >= 1 && RowBusLat <= 4)
  `NR_PARAM_ASSERT(p_collat, ColLat >= 1 && ColLat <= 4)
  `NR_PARAM_ASSERT(p_rowbuf, RowBufDepth >= 2 * RowBusLat && (RowBufDepth & (RowBufDepth - 1)) == 0)
  `NR_PARAM_ASSERT(p_colbuf, ColBufDepth >= 2 * ColLat && (ColBufDepth & (ColBufDepth - 1)) == 0)
  `NR_PARAM_ASSERT(p_maxpkt, MaxPktLen >= 2)
  `NR_PARAM_ASSERT(p_subspeedup, SubSpeedup >= 1 && SubSpeedup <= 4)
  `NR_PARAM_ASSERT(p_uselcb, UseLcb == 0 || UseLcb == 1)
  `NR_PARAM_ASSERT(p_linkcrcw, LinkCrcW == 16 || LinkCrcW == 32)

  assign prm_rows_o          = 16'(Rows);
  assign prm_cols_o          = 16'(Cols);
  assign prm_num_vcs_o       = 16'(NumVcs);
  assign prm_in_buf_per_vc_o = 16'(InBufPerVc);
  assign prm_row_buf_depth_o = 16'(RowBufDepth);
  assign prm_col_buf_depth_o = 16'(ColBufDepth);
  assign prm_row_bus_lat_o   = 16'(RowBusLat);
  assign prm_col_lat_o       = 16'(ColLat);
  assign prm_use_lcb_o       = 16'(UseLcb);
  assign prm_side_tab_o      = 16'(SideTab);
  assign prm_up_pick_o       = 16'(UpPick);
  assign prm_max_pkt_len_o   = 16'(MaxPktLen);
  assign prm_replay_depth_o  = 16'(ReplayDepth);
  assign prm_window_o        = 16'(Window);
  assign prm_sub_speedup_o   = 16'(SubSpeedup);
  assign prm_link_crc_w_o    = 16'(LinkCrcW);

  localparam int RbW = ColW + RowW + VcW + PhitW;   // row-bus payload
  localparam int ColChW = VcW + PhitW;              // column-channel payload

  // ------------------------------------------------------------ tile wires
  // Only what one tile produces and other tiles consume is shared, as arrays
  // indexed by port number and written whole by their producer (many partial
  // drivers on one net make Icarus elaboration quadratic).
  logic                   rbd_valid [NumPorts];  // row bus after its pipeline
  logic [RbW-1:0]         rbd_data  [NumPorts];
  logic [Cols*NumVcs-1:0] ss_cr     [NumPorts];  // row-buffer pops (src col, VC)
  logic [Rows-1:0]        col_dly_valid [NumPorts];  // column channels after the pipe
  logic [Rows*ColChW-1:0] col_dly_data  [NumPorts];
  logic [Rows*NumVcs-1:0] cb_cr     [NumPorts];  // column-buffer pops (src row, VC)
  logic [NumVcs*CW-1:0]   pcr_d     [NumPorts];  // next cycle's output credits (clamped)

  // the credit image: every port's output credits at the start of the cycle,
  // to every tile's RC (docs/fbfly-routing.md 6.1). Registered here from the
  // ports' next values, so it always equals the ports' own counters; a tile
  // reads it from this flop, not from another tile's output in the same
  // cycle (docs/yarc-rtl.md, "The credit image").
  logic [NumPorts*NumVcs*CW-1:0] pcr_all;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int i = 0; i < NumPorts*NumVcs; i++) pcr_all[i*CW +: CW] <= CW'(InBufPerVc);
    end else begin
      for (int p = 0; p < NumPorts; p++) pcr_all[p*NumVcs*CW +: NumVcs*CW] <= pcr_d[p];
    end
  end

  for (genvar r = 0; r < Rows; r++) begin : g_row
    for (genvar c = 0; c < Cols; c++) begin : g_col
      localparam int P = r * Cols + c;

      logic tile_we;
      assign tile_we = cfg_we_i && (cfg_bcast_i || 32'(cfg_tile_i) == P);

      logic             rb_valid;
      logic [RbW-1:0]   rb_data;
      logic [Cols*NumVcs-1:0]  rb_cr;
      logic [Cols-1:0]         ss_valid;
      logic [Cols*VcW-1:0]     ss_vc;
      logic [Cols*RowW-1:0]    ss_row;
      logic [Cols*PhitW-1:0]   ss_phit;
      logic [Rows-1:0]         col_valid, col_dly_v;
      logic [Rows*ColChW-1:0]  col_data, col_dly_d;
      logic [Rows*NumVcs-1:0]  col_cr;
      logic [Rows-1:0]         cb_valid;
      logic [Rows*VcW-1:0]     cb_vc;
      logic [Rows*PhitW-1:0]   cb_phit;
      logic [ColW-1:0]  rb_col;
      logic [RowW-1:0]  rb_row;
      logic [VcW-1:0]   rb_vc;
      logic [PhitW-1:0] rb_phit;
      logic [Rows*VcW-1:0]   col_vc;
      logic [Rows*PhitW-1:0] col_phit;

      nr_yarc_tile #(
        .Rows       (Rows),
        .Cols       (Cols),
        .NumVcs     (NumVcs),
        .InBufPerVc (InBufPerVc),
        .SideTab    (SideTab),
        .UpPick     (UpPick),
        .RowBufDepth(RowBufDepth),
        .ColBufDepth(ColBufDepth),
        .UseLcb     (UseLcb),
        .MaxPktLen  (MaxPktLen),
        .ReplayDepth(ReplayDepth),
        .Window     (Window),
        .LinkCrcW   (LinkCrcW),
        .SubSpeedup (SubSpeedup),
        .RowBusLat  (RowBusLat),
        .ColLat     (ColLat)
      ) u_tile (
        .clk_i,
        .rst_ni,
        .port_id_i        (PortW'(P)),
        .cfg_timeout_i,
        .cfg_retry_limit_i,
        .cfg_max_len_i,
        .link_rx_i        (link_rx_p_i[P*PhitW +: PhitW]),
        .link_tx_o        (link_tx_p_o[P*PhitW +: PhitW]),
        .ev_o             (ev_p_o[P*21 +: 21]),
        .link_down_o      (link_down_p_o[P]),
        .in_valid_i       (in_valid_p_i[P]),
        .in_phit_i        (in_phit_p_i[P*PhitW +: PhitW]),
        .in_cr_o          (in_cr_p_v_o[P*NumVcs*CW +: NumVcs*CW]),
        .out_valid_o      (out_valid_p_o[P]),
        .out_phit_o       (out_phit_p_o[P*PhitW +: PhitW]),
        .out_cr_i         (out_cr_p_v_i[P*NumVcs*CW +: NumVcs*CW]),
        .cfg_we_i         (tile_we),
        .cfg_addr_i,
        .cfg_wdata_i,
        .tev_o            (tev_p_o[P*5 +: 5]),
        .pcr_d_o          (pcr_d[P]),
        .pcr_p_v_i        (pcr_all),
        .rb_valid_o       (rb_valid),
        .rb_col_o         (rb_col),
        .rb_row_o         (rb_row),
        .rb_vc_o          (rb_vc),
        .rb_phit_o        (rb_phit),
        .rb_cr_c_vc_i     (rb_cr),
        .ss_valid_c_i     (ss_valid),
        .ss_vc_c_i        (ss_vc),
        .ss_row_c_i       (ss_row),
        .ss_phit_c_i      (ss_phit),
        .ss_cr_c_vc_o     (ss_cr[P]),
        .col_valid_r_o    (col_valid),
        .col_vc_r_o       (col_vc),
        .col_phit_r_o     (col_phit),
        .col_cr_r_vc_i    (col_cr),
        .cb_valid_r_i     (cb_valid),
        .cb_vc_r_i        (cb_vc),
        .cb_phit_r_i      (cb_phit),
        .cb_cr_r_vc_o     (cb_cr[P])
      );
      assign rb_data = {rb_col, rb_row, rb_vc, rb_phit};
      for (genvar j = 0; j < Rows; j++) begin : g_cc
        assign col_data[j*ColChW +: ColChW] = {col_vc[j*VcW +: VcW], col_phit[j*PhitW +: PhitW]};
      end

      // ---- subswitch input s of tile (r, c) = row bus of tile (r, s),
      //      taken when it targets column c
      for (genvar s = 0; s < Cols; s++) begin : g_ssin
        localparam int Q = r * Cols + s;
        logic [RbW-1:0] d;
        assign d = rbd_data[Q];
        assign ss_valid[s] = rbd_valid[Q] && 32'(d[RbW-1 -: ColW]) == c;
        assign ss_row[s*RowW +: RowW]    = d[VcW+PhitW +: RowW];
        assign ss_vc[s*VcW +: VcW]       = d[PhitW +: VcW];
        assign ss_phit[s*PhitW +: PhitW] = d[PhitW-1:0];
      end

      // ---- row-buffer credits of input P: tile (r, t) pops buffer [c][v]
      logic [Cols*NumVcs-1:0] rbcr_src;
      for (genvar t = 0; t < Cols; t++) begin : g_rbcr
        localparam int T = r * Cols + t;
        assign rbcr_src[t*NumVcs +: NumVcs] = ss_cr[T][c*NumVcs +: NumVcs];
      end

      // ---- row bus of input P and its credits back to the RBD of P as
      //      cred[t][v]: RowBusLat-1 stages each way
      nr_chpipe #(
        .NumCh  (1),
        .Width  (RbW),
        .NumCr  (Cols*NumVcs),
        .Latency(RowBusLat - 1)
      ) u_rb_pipe (
        .clk_i,
        .rst_ni,
        .ch_valid_i(rb_valid),
        .ch_data_i (rb_data),
        .ch_valid_o(rbd_valid[P]),
        .ch_data_o (rbd_data[P]),
        .cr_i      (rbcr_src),
        .cr_o      (rb_cr)
      );

      assign col_dly_valid[P] = col_dly_v;
      assign col_dly_data[P]  = col_dly_d;

      // ---- column buffer [i] of tile (r, c) = output r of tile (i, c)
      for (genvar i = 0; i < Rows; i++) begin : g_cbin
        localparam int S = i * Cols + c;
        logic [ColChW-1:0] d;
        assign d = col_dly_data[S][r*ColChW +: ColChW];
        assign cb_valid[i] = col_dly_valid[S][r];
        assign cb_vc[i*VcW +: VcW]       = d[PhitW +: VcW];
        assign cb_phit[i*PhitW +: PhitW] = d[PhitW-1:0];
      end

      // ---- column-buffer credits of tile P's subswitch output j: tile
      //      (j, c) pops its buffer [r][v]
      logic [Rows*NumVcs-1:0] cccr_src;
      for (genvar j = 0; j < Rows; j++) begin : g_cccr
        localparam int D = j * Cols + c;
        assign cccr_src[j*NumVcs +: NumVcs] = cb_cr[D][r*NumVcs +: NumVcs];
      end

      // ---- column channels of tile P and their credits back: ColLat-1
      //      stages each way
      nr_chpipe #(
        .NumCh  (Rows),
        .Width  (ColChW),
        .NumCr  (Rows*NumVcs),
        .Latency(ColLat - 1)
      ) u_col_pipe (
        .clk_i,
        .rst_ni,
        .ch_valid_i(col_valid),
        .ch_data_i (col_data),
        .ch_valid_o(col_dly_v),
        .ch_data_o (col_dly_d),
        .cr_i      (cccr_src),
        .cr_o      (col_cr)
      );
    end
  end

endmodule
