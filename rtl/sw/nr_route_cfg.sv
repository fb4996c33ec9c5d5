// nr_route_cfg.sv - the configuration registers of nr_route_tables: the
// address decode of a configuration write and the registers and tables it
// writes (docs/yarc-arch.md section 9; docs/nwn-arch.md section 9;
// docs/fbfly-routing.md section 2).
//
// Purpose: the storage half of the routing tables of every router port of the
//   kit (nr_route_tables, in nr_iu's RC unit), the configuration writes of
//   the C model (csrc/model/sw_route.c: nr_route_cfg_addr_ok, nr_route_cfg_write,
//   nr_route_reset). It holds ROOT_MASK, ROOT_DETECT, DOWN_SHIFT, UP_MASK and the
//   DLUT, ULUT and L2P tables of one tile (or switch port), and the
//   flattened-butterfly registers FB_CTRL and FB_ME, DET_VCS, DL_VC, UP_SEL,
//   DOR_CTRL and the DLUT entries' v bits, and shows
//   them all to the lookup (nr_route_lookup). Reset values give single-router
//   mode: ROOT_MASK selects the bits above the port number, ROOT_DETECT 0,
//   DLUT and L2P the identity (entry i = {valid, i}), ULUT invalid, UP_MASK
//   empty, FB_CTRL 0 (off), FB_ME 0, DET_VCS 0, DL_VC 0, UP_SEL 0, DOR_CTRL 0.
// Parameters:
//   NumPorts  router radix, power of two, 4..64: the table entries.
//   SideTab   1: the side table of docs/yarc-arch.md section 5 step 3a,
//             SIDE_MATCH[e] at 0x10 + 2e and SIDE_PORTS[e] at 0x11 + 2e, e < 8;
//             0: those addresses do not exist (cfg_bad_o) and the outputs are 0.
// Ports / protocol:
//   cfg_we_i, cfg_addr_i, cfg_wdata_i  a write addressed to this tile (the top
//             decodes cfg_tile/cfg_bcast). It takes effect from the next cycle.
//             Addresses: 0x00 ROOT_MASK, 0x01 ROOT_DETECT, 0x02 DOWN_SHIFT,
//             0x03 UP_MASK 0..31, 0x04 UP_MASK 32..63, 0x05 FB_CTRL (bits
//             16:0), 0x06 FB_ME (bits 14:0), 0x07 FB_CHARGE, 0x08 DET_VCS
//             (bits 3:0), 0x09 DL_VC (bit 0), 0x0A UP_SEL
//             (bits 2:0), 0x0B DOR_CTRL (bits 10:0); with SideTab, 0x10 + 2e SIDE_MATCH[e] (bits 29:0),
//             0x11 + 2e SIDE_PORTS[e] (bits 12:0); 0x40 + i DLUT[i] ({v, valid,
//             port}, 8 bits), 0x80 + i ULUT[i], 0xC0 + i L2P[i] ({valid,
//             port}, 7 bits).
//             cfg_bad_o (combinational) flags a write to an address that does
//             not exist or to a table index >= NumPorts, and a write of
//             FB_CTRL with alg (bits 2:0) 5 or 6: the sequential allocator's
//             algorithms, which no RTL build has (docs/fbfly-routing.md 2,
//             6.4); such a write is ignored. Address 0x04 always exists; bits
//             for ports >= NumPorts are ignored (docs/yarc-spec-questions.md).
//             FB_CHARGE is accepted and not stored: only the sequential
//             allocator reads it, and the RTL has none.
//   root_mask_o ... l2p_o, fb_ctrl_o, fb_me_o, det_vcs_o, dl_vc_o, up_sel_o, dor_ctrl_o,
//             side_match_o, side_ports_o  the registers and tables (flat,
//             entry i at [i*7 +: 7]; dlut_v_o[i] DLUT[i]'s v; side entry e at
//             [e*30 +: 30] and [e*13 +: 13]), from flops.
// Latency: a write in t is seen by the lookup from t+1.
// Cost: 3*NumPorts*7 + 2*NumPorts + 35 + 46 flops with reset (with SideTab
//   8*43 more); a 6-bit index compare per entry for the write enables.
`default_nettype none
`include "nr_assert.svh"

module nr_route_cfg #(
  parameter int NumPorts = 64,
  parameter int SideTab  = 0,
  localparam int NSide   = nr_pkg::ROUTE_SIDE_N,
  localparam int DestW   = nr_pkg::HEAD_DEST_W,
  localparam int PortW   = nr_pkg::ROUTE_PORT_W,
  localparam int EntW    = PortW + 1
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  // configuration write (already decoded for this tile)
  input  logic                     cfg_we_i,
  input  logic [7:0]               cfg_addr_i,
  input  logic [31:0]              cfg_wdata_i,
  output logic                     cfg_bad_o,
  // registers and tables
  output logic [DestW-1:0]         root_mask_o,
  output logic [DestW-1:0]         root_detect_o,
  output logic [3:0]               down_shift_o,
  output logic [NumPorts-1:0]      up_mask_o,
  output logic [NumPorts*EntW-1:0] dlut_o,
  output logic [NumPorts*EntW-1:0] ulut_o,
  output logic [NumPorts*EntW-1:0] l2p_o,
  output logic [19:0]              fb_ctrl_o,
  output logic [DestW-1:0]         fb_me_o,
  output logic [3:0]               det_vcs_o,
  output logic                     dl_vc_o,
  output logic [NumPorts-1:0]      dlut_v_o,
  output logic [2:0]               up_sel_o,
  output logic [10:0]              dor_ctrl_o,
  output logic [NSide*30-1:0]      side_match_o,
  output logic [NSide*13-1:0]      side_ports_o
);

  `NR_PARAM_ASSERT(p_numports, NumPorts >= 4 && NumPorts <= 64 && (NumPorts & (NumPorts - 1)) == 0)
  `NR_PARAM_ASSERT(p_sidetab, SideTab == 0 || SideTab == 1)

  localparam logic [DestW-1:0] ROOT_MASK_RST = DestW'(32'h7FFF & ~(NumPorts - 1));

  // ---------------------------------------------------------------- tables
  // Each register has its own write enable; the address decode is below.
  logic [DestW-1:0]         root_mask_q, root_detect_q, fb_me_q;
  logic [19:0]              fb_ctrl_q;
  logic [3:0]               det_vcs_q;
  logic                     dl_vc_q;
  logic [NumPorts-1:0]      dlut_v_q;
  logic [2:0]               up_sel_q;
  logic [10:0]              dor_ctrl_q;
  logic [3:0]               down_shift_q;
  logic [NumPorts-1:0]      up_mask_q;
  logic [NumPorts*EntW-1:0] dlut_q, ulut_q, l2p_q;

  assign root_mask_o   = root_mask_q;
  assign root_detect_o = root_detect_q;
  assign down_shift_o  = down_shift_q;
  assign up_mask_o     = up_mask_q;
  assign dlut_o        = dlut_q;
  assign ulut_o        = ulut_q;
  assign l2p_o         = l2p_q;
  assign fb_ctrl_o     = fb_ctrl_q;
  assign fb_me_o       = fb_me_q;
  assign det_vcs_o     = det_vcs_q;
  assign dl_vc_o       = dl_vc_q;
  assign dlut_v_o      = dlut_v_q;
  assign up_sel_o      = up_sel_q;
  assign dor_ctrl_o    = dor_ctrl_q;

  logic [1:0] cfg_grp;
  logic [5:0] cfg_idx;
  logic       cfg_we_mask, cfg_we_detect, cfg_we_shift, cfg_we_up0, cfg_we_up1;
  logic       cfg_we_fbctrl, cfg_we_fbme, cfg_we_det, cfg_we_dlvc, cfg_we_upsel,
              cfg_we_dor, cfg_fb_seq;
  logic       cfg_idx_ok, cfg_side;
  logic [DestW-1:0] cfg_wdest;
  logic [EntW-1:0]  cfg_went;
  assign cfg_grp       = cfg_addr_i[7:6];
  assign cfg_idx       = cfg_addr_i[5:0];
  assign cfg_wdest     = cfg_wdata_i[DestW-1:0];
  assign cfg_went      = cfg_wdata_i[EntW-1:0];
  assign cfg_idx_ok    = 32'(cfg_idx) < NumPorts;
  assign cfg_we_mask   = cfg_we_i && cfg_addr_i == 8'h00;
  assign cfg_we_detect = cfg_we_i && cfg_addr_i == 8'h01;
  assign cfg_we_shift  = cfg_we_i && cfg_addr_i == 8'h02;
  assign cfg_we_up0    = cfg_we_i && cfg_addr_i == 8'h03;
  assign cfg_we_up1    = cfg_we_i && cfg_addr_i == 8'h04;
  // FB_CTRL with alg 5 or 6 (UGAL-S, CLOS AD) is refused: FbSeq = 0
  assign cfg_fb_seq    = cfg_addr_i == 8'h05 && (cfg_wdata_i[2:0] == 3'd5 || cfg_wdata_i[2:0] == 3'd6);
  assign cfg_we_fbctrl = cfg_we_i && cfg_addr_i == 8'h05 && !cfg_fb_seq;
  assign cfg_we_fbme   = cfg_we_i && cfg_addr_i == 8'h06;
  assign cfg_we_det    = cfg_we_i && cfg_addr_i == 8'h08;
  assign cfg_we_dlvc   = cfg_we_i && cfg_addr_i == 8'h09;
  assign cfg_we_upsel  = cfg_we_i && cfg_addr_i == 8'h0A;
  assign cfg_we_dor    = cfg_we_i && cfg_addr_i == 8'h0B;
  // the side table's addresses 0x10..0x1F (SideTab = 1 only)
  assign cfg_side      = SideTab != 0 && cfg_addr_i[7:4] == 4'h1;
  assign cfg_bad_o     = cfg_we_i && ((cfg_grp == 2'b00) ? ((cfg_idx > 6'h0B && !cfg_side) || cfg_fb_seq)
                                                         : !cfg_idx_ok);
  // with NumPorts <= 32 part of the data word and address 0x04 write nothing
  logic unused_cfg;
  assign unused_cfg = ^{cfg_wdata_i, cfg_we_up1};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      root_mask_q   <= ROOT_MASK_RST;
      root_detect_q <= '0;
      down_shift_q  <= '0;
      fb_ctrl_q     <= '0;
      fb_me_q       <= '0;
      det_vcs_q     <= '0;
      dl_vc_q       <= 1'b0;
      up_sel_q      <= '0;
      dor_ctrl_q    <= '0;
    end else begin
      if (cfg_we_mask)   root_mask_q   <= cfg_wdest;
      if (cfg_we_detect) root_detect_q <= cfg_wdest;
      if (cfg_we_shift)  down_shift_q  <= cfg_wdata_i[3:0];
      if (cfg_we_fbctrl) fb_ctrl_q     <= cfg_wdata_i[19:0];
      if (cfg_we_fbme)   fb_me_q       <= cfg_wdest;
      if (cfg_we_det)    det_vcs_q     <= cfg_wdata_i[3:0];
      if (cfg_we_dlvc)   dl_vc_q       <= cfg_wdata_i[0];
      if (cfg_we_upsel)  up_sel_q      <= cfg_wdata_i[2:0];
      if (cfg_we_dor)    dor_ctrl_q    <= cfg_wdata_i[10:0];
    end
  end

  // The side table (step 3a): entry e's SIDE_MATCH at 0x10 + 2e, SIDE_PORTS
  // at 0x11 + 2e; SIDE_PORTS resets invalid.
  if (SideTab != 0) begin : g_side
    logic [NSide*30-1:0] match_q;
    logic [NSide*13-1:0] ports_q;
    assign side_match_o = match_q;
    assign side_ports_o = ports_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        match_q <= '0;
        ports_q <= '0;
      end else if (cfg_we_i && cfg_side) begin
        for (int e = 0; e < NSide; e++) begin
          if (cfg_addr_i[3:1] == 3'(e)) begin
            if (!cfg_addr_i[0]) match_q[e*30 +: 30] <= cfg_wdata_i[29:0];
            else                ports_q[e*13 +: 13] <= cfg_wdata_i[12:0];
          end
        end
      end
    end
  end else begin : g_noside
    assign side_match_o = '0;
    assign side_ports_o = '0;
  end

  // Reset image of DLUT and L2P: entry i = {valid, i}. ULUT resets invalid.
  logic [NumPorts*EntW-1:0] ident_lut;
  for (genvar i = 0; i < NumPorts; i++) begin : g_ident
    assign ident_lut[i*EntW +: EntW] = {1'b1, PortW'(i)};
  end

  // The tables are written in the clock process itself (an enable per
  // entry), not through a next-state copy of every entry: the same flops,
  // but a simulator evaluates the write only at the clock edge. A
  // next-state copy is combinational logic of the configuration inputs,
  // which a hierarchy block of the Verilated router re-evaluates whenever an
  // input of its tile changes (docs/yarc-rtl.md, "Where the yarc-k64 RTL's
  // time goes").
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      up_mask_q <= '0;
      dlut_q    <= ident_lut;
      dlut_v_q  <= '0;
      ulut_q    <= '0;
      l2p_q     <= ident_lut;
    end else if (cfg_we_i) begin
      for (int i = 0; i < NumPorts; i++) begin
        if (cfg_idx == 6'(i)) begin
          if (cfg_grp == 2'b01) begin
            dlut_q[i*EntW +: EntW] <= cfg_went;
            dlut_v_q[i]            <= cfg_wdata_i[7];
          end
          if (cfg_grp == 2'b10) ulut_q[i*EntW +: EntW] <= cfg_went;
          if (cfg_grp == 2'b11) l2p_q[i*EntW +: EntW]  <= cfg_went;
        end
        if ((i < 32) ? cfg_we_up0 : cfg_we_up1) up_mask_q[i] <= cfg_wdata_i[i % 32];
      end
    end
  end

endmodule
