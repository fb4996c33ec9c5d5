// nr_lcb.sv - link control block: TX, RX and the control channel.
//
// Purpose: the data-link layer of one port (docs/link-protocol.md §1-§7),
//   without the input queue. Composition only:
//     nr_lcb_tx        replay buffer, go-back-N, credits, framing (§7)
//     nr_lcb_ctl_ser   control words out, in the TX's C bits (§5.2)
//     nr_lcb_rx        deframing, link CRC, recovery, markers, clip (§8.1-8.3)
//     nr_lcb_ctl_defr  control words in, from the RX's C bits (§5.3)
// Parameters: NumVcs, BufPerVc, ReplayDepth, Window, MaxPktLen, LinkCrcW
//   (16 or 32, §4.1: the link trailer) as in nr_lcb_tx (ranges checked
//   there; LinkCrcW also in nr_lcb_rx). CW = clog2(BufPerVc+1),
//   W = 25 + NumVcs*CW (control word: payload W-1..16 with the word toggle
//   at W-9, CRC-16 in 15..0; 41 at the defaults).
// Ports: core TX side and link side as nr_lcb_tx; rx_* towards the input
//   queue as nr_lcb_rx; inq_cr_i (credits freed by the local input queue this
//   cycle) feeds the control words; ev_o holds events 0..17 of §9,
//   ev_down_drop_o event 20.
// Latency: core -> link_tx_o 1 cycle; link_rx_i -> rx_valid_o 1 cycle (2
//   with LinkCrcW = 32);
//   control word: last bit on link_rx_i in t -> applied in t+1.
// Cost: the sum of the four blocks.
`default_nettype none
`include "nr_assert.svh"

module nr_lcb #(
  parameter int NumVcs      = 2,
  parameter int BufPerVc    = 128,
  parameter int ReplayDepth = 256,
  parameter int Window      = 32,
  parameter int MaxPktLen   = 64,
  parameter int LinkCrcW    = 16,
  localparam int CW         = $clog2(BufPerVc + 1),
  localparam int W          = 25 + NumVcs * CW
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [15:0]          cfg_timeout_i,
  input  logic [7:0]           cfg_retry_limit_i,
  input  logic [7:0]           cfg_max_len_i,
  // core, transmit
  input  logic                 tx_valid_i,
  input  logic [23:0]          tx_phit_i,
  output logic                 tx_ready_o,
  output logic [NumVcs-1:0]    tx_vc_ok_o,
  // link
  output logic [23:0]          link_tx_o,
  input  logic [23:0]          link_rx_i,
  // towards the input queue
  output logic                 rx_valid_o,
  output logic [23:0]          rx_phit_o,
  output logic [1:0]           rx_vc_o,
  output logic                 rx_bad_o,
  input  logic [NumVcs*CW-1:0] inq_cr_i,
  // status
  output logic [NumVcs*CW-1:0] credits_o,
  output logic [NumVcs*CW-1:0] credits_d_o,
  output logic [NumVcs-1:0]    debit_o,
  output logic                 link_down_o,
  output logic                 ctl_sync_o,
  output logic [17:0]          ev_o,
  output logic                 ev_down_drop_o
);

  logic [6:0]    rx_ack;
  logic          rx_epoch, cbit;
  logic          ctl_valid;
  logic [W-17:0] ctl_word;
  logic [7:0]    ev_tx;
  logic          ev_reject, ctl_accept, ev_ctl_ok, ev_ctl_bad, ev_ctl_lost;
  logic [5:0]    ev_rx;

  nr_lcb_ctl_ser #(
    .NumVcs(NumVcs),
    .CW    (CW)
  ) u_ser (
    .clk_i,
    .rst_ni,
    .ack_i  (rx_ack),
    .epoch_i(rx_epoch),
    .cr_i   (inq_cr_i),
    .bit_o  (cbit)
  );

  nr_lcb_tx #(
    .NumVcs     (NumVcs),
    .BufPerVc   (BufPerVc),
    .ReplayDepth(ReplayDepth),
    .Window     (Window),
    .MaxPktLen  (MaxPktLen),
    .LinkCrcW   (LinkCrcW)
  ) u_tx (
    .clk_i,
    .rst_ni,
    .cfg_timeout_i,
    .cfg_retry_limit_i,
    .tx_valid_i,
    .tx_phit_i,
    .tx_ready_o,
    .tx_vc_ok_o,
    .ctl_valid_i(ctl_valid),
    .ctl_word_i (ctl_word),
    .cbit_i     (cbit),
    .link_tx_o,
    .credits_o,
    .credits_d_o,
    .debit_o,
    .link_down_o,
    .ev_o       (ev_tx),
    .ev_reject_o(ev_reject),
    .ev_down_drop_o,
    .ctl_accept_o(ctl_accept)
  );

  nr_lcb_rx #(
    .NumVcs   (NumVcs),
    .MaxPktLen(MaxPktLen),
    .LinkCrcW (LinkCrcW)
  ) u_rx (
    .clk_i,
    .rst_ni,
    .cfg_max_len_i,
    .link_rx_i,
    .rx_valid_o,
    .rx_phit_o,
    .rx_vc_o,
    .rx_bad_o,
    .ack_o  (rx_ack),
    .epoch_o(rx_epoch),
    .ev_o   (ev_rx)
  );

  nr_lcb_ctl_defr #(
    .W(W)
  ) u_defr (
    .clk_i,
    .rst_ni,
    .bit_i       (link_rx_i[nr_pkg::LINK_C_BIT]),
    .acc_i       (ctl_accept),
    .rej_i       (ev_reject),
    .word_valid_o(ctl_valid),
    .word_o      (ctl_word),
    .sync_o      (ctl_sync_o),
    .ev_ok_o     (ev_ctl_ok),
    .ev_bad_o    (ev_ctl_bad),
    .ev_lost_o   (ev_ctl_lost)
  );

  assign ev_o = {ev_ctl_lost, ev_reject, ev_ctl_bad, ev_ctl_ok, ev_rx, ev_tx};

endmodule
