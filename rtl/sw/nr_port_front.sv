// nr_port_front.sv - the port front end of a switch port: the LCB port
// (nr_lcb_port) or, when UseLcb = 0, the bare port (nr_port_bare), behind one
// set of core-side wires.
//
// Purpose: the front end of every port of the kit's switches: the YARC tile
//   (nr_yarc_tile) and the network-switch port (nr_nwn_port). It holds the
//   link (or the bare credit interface) and the input queue; the switch reads
//   the queue and drives the transmit side. One port of the C model's
//   nr_port_front (sw_port_front.c), which is an LCB port model or a bare
//   port per port in the same way.
// Parameters:
//   UseLcb       1: nr_lcb_port (branch g_lcb); 0: nr_port_bare (g_bare).
//   NumVcs, InBufPerVc (the input queue per VC, nr_lcb_port's BufPerVc),
//   MaxPktLen, RdPorts (1..2 input-queue read ports): both ports'.
//   ReplayDepth, Window, LinkCrcW: the LCB's (range-checked there; unused
//   with UseLcb = 0).
// Ports / protocol:
//   cfg_timeout_i, cfg_retry_limit_i, cfg_max_len_i, link_rx_i, link_tx_o,
//     ev_o, link_down_o: the LCB (UseLcb = 1; outputs 0 and inputs unused
//     otherwise).
//   in_*, out_*: the bare port (UseLcb = 0; outputs 0 and inputs unused
//     otherwise), see nr_port_bare.
//   tx_valid_i, tx_phit_i, tx_ready_o, tx_vc_ok_o: the transmit side (the LCB
//     TX core interface, docs/link-protocol.md 7.1).
//   pcr_d_o: the transmit side's credits per VC (v*CW +: CW) as they will
//     stand at the start of the next cycle, clamped to 0 .. InBufPerVc
//     (docs/fbfly-routing.md 6.1): the LCB TX's next credits (two's
//     complement in CW bits, link-protocol 7.2; a negative count, which reads
//     above InBufPerVc as unsigned, gives 0) or the bare port's counter's
//     next value. Combinational: the router registers it into its credit
//     image (nr_yarc, nr_nwn), whose value is then the start-of-cycle count
//     the route computation reads, from a flop outside the port's block (so
//     no port block's input depends on a port block's output in the same
//     cycle, which Verilator's hierarchy blocks would settle twice).
//   rd_en_i, rd_vc_i, rd_avail_o, rd_valid_o, rd_phit_o, and the second read
//     port rd1_*: the input queue's read side (nr_inq; tie rd1_en_i to 0 with
//     RdPorts = 1).
//   The LCB's other status outputs (occupancy, control sync, parameters) are
//   not used by the switches and end here.
// Latency: that of the chosen port (nr_lcb_port, nr_port_bare); this module
//   adds none.
// Cost: the chosen port only.
`default_nettype none
`include "nr_assert.svh"

module nr_port_front #(
  parameter int UseLcb      = 1,
  parameter int NumVcs      = 2,
  parameter int InBufPerVc  = 128,
  parameter int MaxPktLen   = 64,
  parameter int RdPorts     = 1,
  parameter int ReplayDepth = 256,
  parameter int Window      = 32,
  parameter int LinkCrcW    = 16,
  localparam int PhitW      = nr_pkg::PHIT_W,
  localparam int VcW        = nr_pkg::idx_w(NumVcs),
  localparam int CW         = $clog2(InBufPerVc + 1)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // LCB port
  input  logic [15:0]          cfg_timeout_i,
  input  logic [7:0]           cfg_retry_limit_i,
  input  logic [7:0]           cfg_max_len_i,
  input  logic [PhitW-1:0]     link_rx_i,
  output logic [PhitW-1:0]     link_tx_o,
  output logic [20:0]          ev_o,
  output logic                 link_down_o,
  // bare port
  input  logic                 in_valid_i,
  input  logic [PhitW-1:0]     in_phit_i,
  output logic [NumVcs*CW-1:0] in_cr_o,
  output logic                 out_valid_o,
  output logic [PhitW-1:0]     out_phit_o,
  input  logic [NumVcs*CW-1:0] out_cr_i,
  // transmit side
  input  logic                 tx_valid_i,
  input  logic [PhitW-1:0]     tx_phit_i,
  output logic                 tx_ready_o,
  output logic [NumVcs-1:0]    tx_vc_ok_o,
  output logic [NumVcs*CW-1:0] pcr_d_o,
  // input-queue reads
  input  logic                 rd_en_i,
  input  logic [VcW-1:0]       rd_vc_i,
  output logic [NumVcs-1:0]    rd_avail_o,
  output logic                 rd_valid_o,
  output logic [PhitW-1:0]     rd_phit_o,
  input  logic                 rd1_en_i,
  input  logic [VcW-1:0]       rd1_vc_i,
  output logic                 rd1_valid_o,
  output logic [PhitW-1:0]     rd1_phit_o
);

  `NR_PARAM_ASSERT(p_uselcb, UseLcb == 0 || UseLcb == 1)

  if (UseLcb != 0) begin : g_lcb
    logic [NumVcs*CW-1:0] occ, credits, credits_d, inq_cr;
    logic [NumVcs-1:0]    debit;
    logic                 ctl_sync;
    logic [6*16-1:0]      prm;
    nr_lcb_port #(
      .NumVcs     (NumVcs),
      .BufPerVc   (InBufPerVc),
      .ReplayDepth(ReplayDepth),
      .Window     (Window),
      .MaxPktLen  (MaxPktLen),
      .LinkCrcW   (LinkCrcW),
      .RdPorts    (RdPorts)
    ) u_port (
      .clk_i,
      .rst_ni,
      .cfg_timeout_i,
      .cfg_retry_limit_i,
      .cfg_max_len_i,
      .link_rx_i,
      .link_tx_o,
      .tx_valid_i,
      .tx_phit_i,
      .tx_ready_o,
      .tx_vc_ok_o,
      .rd_en_i,
      .rd_vc_i           (2'(rd_vc_i)),
      .rd_avail_o,
      .rd_valid_o,
      .rd_phit_o,
      .rd1_en_i,
      .rd1_vc_i          (2'(rd1_vc_i)),
      .rd1_valid_o,
      .rd1_phit_o,
      .occ_o             (occ),
      .ev_o,
      .link_down_o,
      .ctl_sync_o        (ctl_sync),
      .credits_o         (credits),
      .credits_d_o       (credits_d),
      .debit_o           (debit),
      .inq_cr_o          (inq_cr),
      .prm_num_vcs_o     (prm[0*16 +: 16]),
      .prm_buf_per_vc_o  (prm[1*16 +: 16]),
      .prm_replay_depth_o(prm[2*16 +: 16]),
      .prm_window_o      (prm[3*16 +: 16]),
      .prm_max_pkt_len_o (prm[4*16 +: 16]),
      .prm_link_crc_w_o  (prm[5*16 +: 16])
    );
    assign in_cr_o     = '0;
    assign out_valid_o = 1'b0;
    assign out_phit_o  = '0;
    // credits = InBufPerVc - owed with 0 <= owed < 2^CW: a count c >= 0 reads
    // as c <= InBufPerVc, a negative one as 2^CW + c, above InBufPerVc; that
    // one is clamped to 0
    for (genvar v = 0; v < NumVcs; v++) begin : g_pcr
      logic [CW-1:0] c;
      assign c = credits_d[v*CW +: CW];
      assign pcr_d_o[v*CW +: CW] = (32'(c) > InBufPerVc) ? '0 : c;
    end
    logic unused_lcb;
    assign unused_lcb = ^{occ, credits, inq_cr, debit, ctl_sync, prm, in_valid_i, in_phit_i,
                          out_cr_i};
  end else begin : g_bare
    nr_port_bare #(
      .NumVcs    (NumVcs),
      .InBufPerVc(InBufPerVc),
      .MaxPktLen (MaxPktLen),
      .RdPorts   (RdPorts)
    ) u_port (
      .clk_i,
      .rst_ni,
      .in_valid_i,
      .in_phit_i,
      .in_cr_o,
      .out_valid_o,
      .out_phit_o,
      .out_cr_i,
      .cr_d_o     (pcr_d_o),
      .tx_valid_i,
      .tx_phit_i,
      .tx_ready_o,
      .tx_vc_ok_o,
      .rd_en_i,
      .rd_vc_i    (2'(rd_vc_i)),
      .rd_avail_o,
      .rd_valid_o,
      .rd_phit_o,
      .rd1_en_i,
      .rd1_vc_i   (2'(rd1_vc_i)),
      .rd1_valid_o,
      .rd1_phit_o
    );
    assign link_tx_o   = '0;
    assign ev_o        = '0;
    assign link_down_o = 1'b0;
    logic unused_bare;
    assign unused_bare = ^{link_rx_i, cfg_timeout_i, cfg_retry_limit_i, cfg_max_len_i};
  end

endmodule
