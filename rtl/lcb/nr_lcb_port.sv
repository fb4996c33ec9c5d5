// nr_lcb_port.sv - one port's link layer: LCB + input queue.
//
// Purpose: the unit that routers and the LCB testbench instantiate
//   (docs/link-protocol.md §1). nr_lcb (TX, RX, control channel) feeds
//   nr_inq (input queue), whose freed credits go back into nr_lcb's control
//   words. Ports mirror nr_lcbp_in / nr_lcbp_out of csrc/include/nr_lcb.h.
// Parameters (ranges, §2 and §11; checked at elaboration):
//   NumVcs       1..4                 virtual channels
//   BufPerVc     8..1023, >= MaxPktLen  input-queue phits per VC = credits
//   ReplayDepth  power of two, 8..4096, >= 2*MaxPktLen   replay buffer phits
//   Window       power of two, 2..64   unacknowledged packets
//   MaxPktLen    2..min(BufPerVc, 255) longest packet, EOP included
//   LinkCrcW     16 or 32              link check bits per packet: the
//                CRC-16 alone, or with the trailer phit after every EOP
//                (§4.1; both ends of a link must agree)
//   RdPorts      1..2 input-queue read ports (nr_inq; 2: the second read
//                port of §8.4 for an input unit with input speedup 2)
//   Derived: CW = clog2(BufPerVc+1) bits per VC in credits_o, occ_o, inq_cr_o.
// Ports:
//   cfg_timeout_i (1..65535), cfg_retry_limit_i, cfg_max_len_i
//       (2..MaxPktLen, asserted): held constant while the link runs.
//   link_rx_i / link_tx_o      24-bit link phits; link_tx_o is a register.
//   tx_valid_i, tx_phit_i, tx_ready_o, tx_vc_ok_o   core transmit (§7.1).
//   rd_en_i, rd_vc_i, rd_avail_o, rd_valid_o, rd_phit_o   core receive
//       (§8.4): rd_phit_o is 0 when rd_valid_o is 0.
//   rd1_en_i, rd1_vc_i, rd1_valid_o, rd1_phit_o   second read port (RdPorts
//       = 2; a VC different from rd_vc_i in the same cycle). With RdPorts = 1
//       tie rd1_en_i to 0; rd1_valid_o is then 0.
//   occ_o, credits_o, inq_cr_o   per VC, VC v at bits v*CW +: CW.
//   credits_d_o   the next cycle's credits_o (combinational, nr_lcb_tx_ctl).
//   debit_o[v], ev_o[20:0] (bit i = event i of §9), link_down_o, ctl_sync_o.
//   prm_*_o   constant outputs equal to the parameters, so that a Verilated
//       build reports the -G values it was made with.
//   Combinational from inputs: tx_ready_o, ev_o, debit_o, inq_cr_o. All other
//   outputs come from registers.
// Latency (cycles):
//   core -> link:  tx phit taken in t -> link_tx_o in t+1.
//   link -> core:  link_rx_i in t -> input-queue write in t+1 -> rd_avail_o
//                  in t+2 -> rd_valid_o in t+3 (reading at once); one cycle
//                  more each with LinkCrcW = 32.
//   ack/credit:    last control bit on link_rx_i in t -> applied in t+1 ->
//                  credits_o, tx_vc_ok_o in t+2.
// Cost: (ReplayDepth + NumVcs*BufPerVc) x 24 RAM bits in two nr_ram_1r1w;
//   at defaults 6144 + 6144 bits. See docs/lcb-rtl.md for the flop count.
`default_nettype none
`include "nr_assert.svh"

module nr_lcb_port #(
  parameter int NumVcs      = 2,
  parameter int BufPerVc    = 128,
  parameter int ReplayDepth = 256,
  parameter int Window      = 32,
  parameter int MaxPktLen   = 64,
  parameter int RdPorts     = 1,
  parameter int LinkCrcW    = 16,
  localparam int CW         = $clog2(BufPerVc + 1)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [15:0]          cfg_timeout_i,
  input  logic [7:0]           cfg_retry_limit_i,
  input  logic [7:0]           cfg_max_len_i,
  // link
  input  logic [23:0]          link_rx_i,
  output logic [23:0]          link_tx_o,
  // core transmit
  input  logic                 tx_valid_i,
  input  logic [23:0]          tx_phit_i,
  output logic                 tx_ready_o,
  output logic [NumVcs-1:0]    tx_vc_ok_o,
  // core receive (input queue)
  input  logic                 rd_en_i,
  input  logic [1:0]           rd_vc_i,
  output logic [NumVcs-1:0]    rd_avail_o,
  output logic                 rd_valid_o,
  output logic [23:0]          rd_phit_o,
  input  logic                 rd1_en_i,
  input  logic [1:0]           rd1_vc_i,
  output logic                 rd1_valid_o,
  output logic [23:0]          rd1_phit_o,
  output logic [NumVcs*CW-1:0] occ_o,
  // status
  output logic [20:0]          ev_o,
  output logic                 link_down_o,
  output logic                 ctl_sync_o,
  output logic [NumVcs*CW-1:0] credits_o,
  output logic [NumVcs*CW-1:0] credits_d_o,
  output logic [NumVcs-1:0]    debit_o,
  output logic [NumVcs*CW-1:0] inq_cr_o,
  // parameters, constant
  output logic [15:0]          prm_num_vcs_o,
  output logic [15:0]          prm_buf_per_vc_o,
  output logic [15:0]          prm_replay_depth_o,
  output logic [15:0]          prm_window_o,
  output logic [15:0]          prm_max_pkt_len_o,
  output logic [15:0]          prm_link_crc_w_o
);

  `NR_PARAM_ASSERT(p_num_vcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_buf_per_vc, BufPerVc >= 8 && BufPerVc <= 1023 && BufPerVc >= MaxPktLen)
  `NR_PARAM_ASSERT(p_replay_depth_pow2, (ReplayDepth & (ReplayDepth - 1)) == 0)
  `NR_PARAM_ASSERT(p_replay_depth, ReplayDepth >= 8 && ReplayDepth <= 4096
                   && ReplayDepth >= 2 * MaxPktLen)
  `NR_PARAM_ASSERT(p_window, Window >= 2 && Window <= 64 && (Window & (Window - 1)) == 0)
  `NR_PARAM_ASSERT(p_max_pkt_len, MaxPktLen >= 2 && MaxPktLen <= BufPerVc && MaxPktLen <= 255)
  `NR_PARAM_ASSERT(p_link_crc_w, LinkCrcW == 16 || LinkCrcW == 32)

  logic        rx_valid, rx_bad;
  logic [23:0] rx_phit;
  logic [1:0]  rx_vc;
  logic [17:0] ev_lcb;
  logic        ev_rewind, ev_ovf, ev_down_drop;

  nr_lcb #(
    .NumVcs     (NumVcs),
    .BufPerVc   (BufPerVc),
    .ReplayDepth(ReplayDepth),
    .Window     (Window),
    .MaxPktLen  (MaxPktLen),
    .LinkCrcW   (LinkCrcW)
  ) u_lcb (
    .clk_i,
    .rst_ni,
    .cfg_timeout_i,
    .cfg_retry_limit_i,
    .cfg_max_len_i,
    .tx_valid_i,
    .tx_phit_i,
    .tx_ready_o,
    .tx_vc_ok_o,
    .link_tx_o,
    .link_rx_i,
    .rx_valid_o (rx_valid),
    .rx_phit_o  (rx_phit),
    .rx_vc_o    (rx_vc),
    .rx_bad_o   (rx_bad),
    .inq_cr_i   (inq_cr_o),
    .credits_o,
    .credits_d_o,
    .debit_o,
    .link_down_o,
    .ctl_sync_o,
    .ev_o       (ev_lcb),
    .ev_down_drop_o(ev_down_drop)
  );

  nr_inq #(
    .NumVcs  (NumVcs),
    .BufPerVc(BufPerVc),
    .RdPorts (RdPorts)
  ) u_inq (
    .clk_i,
    .rst_ni,
    .wr_valid_i (rx_valid),
    .wr_phit_i  (rx_phit),
    .wr_vc_i    (rx_vc),
    .wr_bad_i   (rx_bad),
    .rd_en_i,
    .rd_vc_i,
    .rd_avail_o,
    .rd_valid_o,
    .rd_phit_o,
    .rd1_en_i,
    .rd1_vc_i,
    .rd1_valid_o,
    .rd1_phit_o,
    .occ_o,
    .cr_o       (inq_cr_o),
    .ev_rewind_o(ev_rewind),
    .ev_ovf_o   (ev_ovf)
  );

  assign ev_o = {ev_down_drop, ev_ovf, ev_rewind, ev_lcb};

  assign prm_num_vcs_o      = 16'(NumVcs);
  assign prm_buf_per_vc_o   = 16'(BufPerVc);
  assign prm_replay_depth_o = 16'(ReplayDepth);
  assign prm_window_o       = 16'(Window);
  assign prm_max_pkt_len_o  = 16'(MaxPktLen);
  assign prm_link_crc_w_o   = 16'(LinkCrcW);

  // Cover points (make coverage): every event of docs/link-protocol.md
  // section 9, each by name.
  `NR_COVER(c_tx_pkt,        ev_o[0],  clk_i, rst_ni)
  `NR_COVER(c_tx_replay,     ev_o[1],  clk_i, rst_ni)
  `NR_COVER(c_tx_timeout,    ev_o[2],  clk_i, rst_ni)
  `NR_COVER(c_tx_nack,       ev_o[3],  clk_i, rst_ni)
  `NR_COVER(c_tx_soft,       ev_o[4],  clk_i, rst_ni)
  `NR_COVER(c_tx_proto,      ev_o[5],  clk_i, rst_ni)
  `NR_COVER(c_tx_ack,        ev_o[6],  clk_i, rst_ni)
  `NR_COVER(c_link_down,     ev_o[7],  clk_i, rst_ni)
  `NR_COVER(c_rx_ok,         ev_o[8],  clk_i, rst_ni)
  `NR_COVER(c_rx_crc,        ev_o[9],  clk_i, rst_ni)
  `NR_COVER(c_rx_clip,       ev_o[10], clk_i, rst_ni)
  `NR_COVER(c_rx_dup,        ev_o[11], clk_i, rst_ni)
  `NR_COVER(c_rx_marker,     ev_o[12], clk_i, rst_ni)
  `NR_COVER(c_rx_idle_bad,   ev_o[13], clk_i, rst_ni)
  `NR_COVER(c_ctl_ok,        ev_o[14], clk_i, rst_ni)
  `NR_COVER(c_ctl_bad,       ev_o[15], clk_i, rst_ni)
  `NR_COVER(c_ctl_reject,    ev_o[16], clk_i, rst_ni)
  `NR_COVER(c_ctl_sync_lost, ev_o[17], clk_i, rst_ni)
  `NR_COVER(c_inq_rewind,    ev_o[18], clk_i, rst_ni)
  `NR_COVER(c_inq_ovf,       ev_o[19], clk_i, rst_ni)
  `NR_COVER(c_tx_down_drop,  ev_o[20], clk_i, rst_ni)

endmodule
