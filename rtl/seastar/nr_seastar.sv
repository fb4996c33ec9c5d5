// nr_seastar.sv - the SeaStar router of the Cray XT (docs/seastar-arch.md):
// input queues with table routing at their heads, staging buffers per
// (source, VC) in front of each output, per-packet output arbitration mixing
// round robin and age.
//
// Purpose: top level. NumPorts input ports (nr_ss_in: port front end, input
//   unit with the GLUT/LUT route, the move into staging), NumPorts outputs
//   (nr_ss_out: staging buffers, arbitration, the port's transmit side), the
//   chip-wide registers NODE_ID and AGE_CLOCK_PERIOD with the age clock, and
//   the configuration decode (doc 5). The external interface is the router
//   tops' (nr_nwn's, docs/yarc-arch.md 9 for the configuration port).
// Parameters (doc 2; checked at elaboration; the defaults are the catalog's,
//   tb/catalog/org_seastar.c, but MaxPktLen 16, not 64, which StageDepth 16
//   could not hold, and LutBits 4):
//   NumPorts     2..8.
//   NumVcs       1..4.
//   InBufPerVc   input queue per VC, >= MaxPktLen (8..1023, nr_inq).
//   UseLcb       1: nr_lcb_port on every port; 0: nr_port_bare.
//   MaxPktLen    >= 2; ReplayDepth, Window, LinkCrcW: the LCB's.
//   StageDepth   staging buffer per (source, VC), MaxPktLen..256 phits.
//   LutBits      LUT entries per input 2^LutBits, 1..12 (the seed's 12; the
//                tables are flops with a reset, every entry invalid).
//   ArsInit      AGE_RR_SELECT at reset: 0 all 0s, 1 all 1s, 2 0101...0101.
//   AgeClockInit AGE_CLOCK_PERIOD at reset, >= 0.
// Ports / protocol: nr_nwn's (flat vectors, port-major): link_rx_p_i,
//   link_tx_p_o, ev_p_o, link_down_p_o, cfg_timeout/retry_limit/max_len (LCB);
//   in_valid_p_i, in_phit_p_i, in_cr_p_v_o, out_valid_p_o, out_phit_p_o,
//   out_cr_p_v_i (bare); cfg_we_i, cfg_bcast_i, cfg_tile_i, cfg_addr_i,
//   cfg_wdata_i: a write to tile = port cfg_tile_i, or every port with
//   cfg_bcast_i, taking effect next cycle; a tile >= NumPorts without bcast
//   writes nothing; NODE_ID (0x00) and AGE_CLOCK_PERIOD (0x01) are chip-wide;
//   another address, or a LUT index >= 2^LutBits, raises CFG_BAD on the
//   written tiles and writes nothing. tev_p_o (5 bits/port) {reason[2:0],
//   CFG_BAD, RT_DROP}, reasons 1..3 as YARC, 4 SHORT, 5 SELF. prm_*_o: the
//   -G parameters of this build.
// Age clock (doc 8): with period P = AGE_CLOCK_PERIOD != 0 a counter ticks
//   every P cycles (a write of P restarts it: the tick at the write's edge
//   comes when P = 1); every age grows at a tick.
// Zero-load latency (doc 9): bare in_valid -> out_valid 5 cycles, 7 with LCBs,
//   one more with an age phit.
// Cost: NumPorts nr_ss_in and nr_ss_out (see them), 15 + 64 flops.
`default_nettype none
`include "nr_assert.svh"

module nr_seastar #(
  parameter int NumPorts     = 7,
  parameter int NumVcs       = 2,
  parameter int InBufPerVc   = 128,
  parameter int UseLcb       = 1,
  parameter int MaxPktLen    = 16,
  parameter int ReplayDepth  = 256,
  parameter int Window       = 32,
  parameter int LinkCrcW     = 16,
  parameter int StageDepth   = 16,
  parameter int LutBits      = 4,
  parameter int ArsInit      = 0,
  parameter int AgeClockInit = 0,
  localparam int PhitW       = nr_pkg::PHIT_W,
  localparam int QW          = nr_pkg::idx_w(NumPorts),
  localparam int CW          = $clog2(InBufPerVc + 1)
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
  output logic [15:0]                prm_num_ports_o,
  output logic [15:0]                prm_num_vcs_o,
  output logic [15:0]                prm_in_buf_per_vc_o,
  output logic [15:0]                prm_use_lcb_o,
  output logic [15:0]                prm_max_pkt_len_o,
  output logic [15:0]                prm_replay_depth_o,
  output logic [15:0]                prm_window_o,
  output logic [15:0]                prm_link_crc_w_o,
  output logic [15:0]                prm_stage_depth_o,
  output logic [15:0]                prm_lut_bits_o,
  output logic [15:0]                prm_ars_init_o,
  output logic [15:0]                prm_age_clock_init_o
);

  `NR_PARAM_ASSERT(p_numports, NumPorts >= 2 && NumPorts <= 8)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_inbuf, InBufPerVc >= MaxPktLen)
  `NR_PARAM_ASSERT(p_uselcb, UseLcb == 0 || UseLcb == 1)
  `NR_PARAM_ASSERT(p_maxpkt, MaxPktLen >= 2)
  `NR_PARAM_ASSERT(p_stage, StageDepth >= MaxPktLen && StageDepth <= 256)
  `NR_PARAM_ASSERT(p_lutbits, LutBits >= 1 && LutBits <= 12)
  `NR_PARAM_ASSERT(p_ars, ArsInit >= 0 && ArsInit <= 2)
  `NR_PARAM_ASSERT(p_ageclk, AgeClockInit >= 0)

  assign prm_num_ports_o      = 16'(NumPorts);
  assign prm_num_vcs_o        = 16'(NumVcs);
  assign prm_in_buf_per_vc_o  = 16'(InBufPerVc);
  assign prm_use_lcb_o        = 16'(UseLcb);
  assign prm_max_pkt_len_o    = 16'(MaxPktLen);
  assign prm_replay_depth_o   = 16'(ReplayDepth);
  assign prm_window_o         = 16'(Window);
  assign prm_link_crc_w_o     = 16'(LinkCrcW);
  assign prm_stage_depth_o    = 16'(StageDepth);
  assign prm_lut_bits_o       = 16'(LutBits);
  assign prm_ars_init_o       = 16'(ArsInit);
  assign prm_age_clock_init_o = 16'(AgeClockInit);

  // ---------------------------------------------------------------- configuration (doc 5)
  logic        cfg_any, cfg_bad, cfg_ok;
  logic [14:0] node_id_q;
  logic [31:0] per_q, cnt_q, per, cnt;
  logic        age_inc;
  assign cfg_any = cfg_we_i && (cfg_bcast_i || 32'(cfg_tile_i) < NumPorts);
  assign cfg_bad = cfg_addr_i > 8'h06 ||
                   (cfg_addr_i == 8'h06 && 32'(cfg_wdata_i[27:16]) >= (1 << LutBits));
  assign cfg_ok  = cfg_any && !cfg_bad;
  // the age clock: a tick every AGE_CLOCK_PERIOD cycles (doc 8); a write
  // restarts the count at this edge
  assign per     = (cfg_ok && cfg_addr_i == 8'h01) ? cfg_wdata_i : per_q;
  assign cnt     = (cfg_ok && cfg_addr_i == 8'h01) ? 32'h0 : cnt_q;
  assign age_inc = per != '0 && 33'(cnt) + 33'd1 >= 33'(per);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      node_id_q <= '0;
      per_q     <= 32'(AgeClockInit);
      cnt_q     <= '0;
    end else begin
      if (cfg_ok && cfg_addr_i == 8'h00) node_id_q <= cfg_wdata_i[14:0];
      per_q <= per;
      cnt_q <= (per == '0) ? cnt : age_inc ? 32'h0 : cnt + 32'd1;
    end
  end

  // ---------------------------------------------------------------- ports
  logic [NumPorts-1:0]        push, tx_valid, tx_ready;
  logic [QW-1:0]              push_q   [NumPorts];
  logic [NumPorts*2-1:0]      push_w;
  logic [NumPorts*PhitW-1:0]  push_phit, tx_phit;
  logic [NumPorts*8-1:0]      push_age;
  logic [NumPorts*NumVcs-1:0] ok_pw    [NumPorts];   // by output q: (p, w)
  logic [NumVcs-1:0]          tx_vc_ok [NumPorts];

  for (genvar p = 0; p < NumPorts; p++) begin : g_port
    logic       we_p;
    logic [4:0] tev;
    logic [NumPorts*NumVcs-1:0] ok_qw;
    assign we_p = cfg_we_i && (cfg_bcast_i || 32'(cfg_tile_i) == p);
    assign tev_p_o[p*5 +: 5] = tev | {3'd0, we_p && cfg_bad, 1'b0};
    for (genvar q = 0; q < NumPorts; q++) begin : g_q
      assign ok_qw[q*NumVcs +: NumVcs] = ok_pw[q][p*NumVcs +: NumVcs];
    end

    nr_ss_in #(
      .NumPorts   (NumPorts),
      .NumVcs     (NumVcs),
      .InBufPerVc (InBufPerVc),
      .UseLcb     (UseLcb),
      .MaxPktLen  (MaxPktLen),
      .ReplayDepth(ReplayDepth),
      .Window     (Window),
      .LinkCrcW   (LinkCrcW),
      .LutBits    (LutBits),
      .Port       (p)
    ) u_in (
      .clk_i,
      .rst_ni,
      .cfg_timeout_i,
      .cfg_retry_limit_i,
      .cfg_max_len_i,
      .link_rx_i   (link_rx_p_i[p*PhitW +: PhitW]),
      .link_tx_o   (link_tx_p_o[p*PhitW +: PhitW]),
      .ev_o        (ev_p_o[p*21 +: 21]),
      .link_down_o (link_down_p_o[p]),
      .in_valid_i  (in_valid_p_i[p]),
      .in_phit_i   (in_phit_p_i[p*PhitW +: PhitW]),
      .in_cr_o     (in_cr_p_v_o[p*NumVcs*CW +: NumVcs*CW]),
      .out_valid_o (out_valid_p_o[p]),
      .out_phit_o  (out_phit_p_o[p*PhitW +: PhitW]),
      .out_cr_i    (out_cr_p_v_i[p*NumVcs*CW +: NumVcs*CW]),
      .cfg_we_i    (we_p && cfg_ok),
      .cfg_addr_i,
      .cfg_wdata_i,
      .node_id_i   (node_id_q),
      .age_inc_i   (age_inc),
      .tev_o       (tev),
      .ok_qw_i     (ok_qw),
      .push_o      (push[p]),
      .push_q_o    (push_q[p]),
      .push_w_o    (push_w[p*2 +: 2]),
      .push_phit_o (push_phit[p*PhitW +: PhitW]),
      .push_age_o  (push_age[p*8 +: 8]),
      .tx_valid_i  (tx_valid[p]),
      .tx_phit_i   (tx_phit[p*PhitW +: PhitW]),
      .tx_ready_o  (tx_ready[p]),
      .tx_vc_ok_o  (tx_vc_ok[p])
    );
  end

  for (genvar q = 0; q < NumPorts; q++) begin : g_out
    logic [NumPorts-1:0] push_here;
    for (genvar p = 0; p < NumPorts; p++) begin : g_p
      assign push_here[p] = push[p] && 32'(push_q[p]) == q;
    end
    nr_ss_out #(
      .NumPorts  (NumPorts),
      .NumVcs    (NumVcs),
      .MaxPktLen (MaxPktLen),
      .StageDepth(StageDepth),
      .ArsInit   (ArsInit),
      .Port      (q)
    ) u_out (
      .clk_i,
      .rst_ni,
      .push_p_i     (push_here),
      .push_w_p_i   (push_w),
      .push_phit_p_i(push_phit),
      .push_age_p_i (push_age),
      .ok_pw_o      (ok_pw[q]),
      .age_inc_i    (age_inc),
      .cfg_we_i     (cfg_ok && cfg_we_i && (cfg_bcast_i || 32'(cfg_tile_i) == q)),
      .cfg_addr_i,
      .cfg_wdata_i,
      .tx_valid_o   (tx_valid[q]),
      .tx_phit_o    (tx_phit[q*PhitW +: PhitW]),
      .tx_ready_i   (tx_ready[q]),
      .tx_vc_ok_i   (tx_vc_ok[q])
    );
  end

endmodule
