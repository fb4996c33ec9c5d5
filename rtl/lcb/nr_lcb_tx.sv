// nr_lcb_tx.sv - LCB transmit side: replay buffer, go-back-N, credits, framing.
//
// Purpose: stores the packets that nr_lcb_tx_take accepts from the core in
//   the replay buffer, sends them on the link with F framing and the link CRC,
//   keeps per-VC credits for the peer's input queue, and replays from the
//   oldest unacknowledged packet on a NACK or a timeout
//   (docs/link-protocol.md §4, §6, §7). Blocks:
//     nr_lcb_tx_take    §7.3 core interface, PCRC, soft-error marking, clip
//     nr_lcb_tx_ctl     §7.2 sent[v], last_fr[v] and the credits derived from
//                       them; §7.4 control-word checks, acks, NACKs
//     nr_lcb_tx_seq     §7.4-§7.6 go-back-N control: next_seq, base, pending,
//                       replay decision, timer, retries, link down
//     nr_lcb_tx_replay  §7.3, §7.5 replay buffer (nr_ram_1r1w, ReplayDepth x
//                       24 bits), start[Window], tail, the replay stream
//     nr_lcb_tx_link    §3, §4, §4.1, §6, §7.5 link mux, link CRC, marker,
//                       trailer, the link_tx register
//   and here: head admission (§7.3 head_ok, tx_vc_ok), debits, events.
// Parameters (legal ranges checked at elaboration, §2 and §11):
//   NumVcs       virtual channels, 1..4.
//   BufPerVc     peer input-queue phits per VC = credits per VC, 8..1023,
//                >= MaxPktLen. sent, last_fr and credits are CW =
//                clog2(BufPerVc+1) bits.
//   ReplayDepth  replay buffer phits, power of two, 8..4096, >= 2*MaxPktLen.
//   Window       packets sent and not acknowledged, power of two, 2..64.
//   MaxPktLen    longest packet, EOP included, 2..min(BufPerVc, 255).
//   LinkCrcW     16 or 32. With 32 every EOP sent, fresh or replayed, is
//                followed by a trailer phit with a second CRC-16 (poly 0x8BB7,
//                §4.1): the cycle after an EOP takes no head and starts no
//                replay, and a replay's read after an EOP is issued in the
//                trailer's cycle (§7.5 source 0). 16: no trailer, no cost.
// Ports:
//   cfg_timeout_i (>= 1, asserted), cfg_retry_limit_i   held constant.
//   tx_valid_i, tx_phit_i, tx_ready_o   core side (§7.1). tx_ready_o depends
//       on state, tx_valid_i and tx_phit_i (the head's vc), never the reverse.
//       Once a HEAD is taken tx_ready_o is 1 up to the EOP; the core may leave
//       gaps (tx_valid_i = 0), which go out as PAD phits.
//   tx_vc_ok_o[v]   a HEAD on VC v would be taken (state only).
//   ctl_valid_i, ctl_word_i   control word delivered last cycle by the
//       deframer (payload bits W-1..16), applied this cycle by nr_lcb_tx_ctl.
//   cbit_i          this cycle's control-channel bit (nr_lcb_ctl_ser).
//   link_tx_o       registered link phit: chosen in cycle t, shown in t+1.
//   credits_o       credits, VC v at v*CW +: CW, derived from start-of-cycle
//                   state: BufPerVc - (sent[v] - last_fr[v]) mod 2^CW (§7.2).
//                   CW-bit two's complement; negative (cr_neg in
//                   nr_lcb_tx_ctl, no head admitted) only after a wrong
//                   control word passed the CRC-16 and the range check.
//   debit_o[v]      one credit of VC v is debited this cycle.
//   link_down_o     retry limit exceeded (sticky until reset).
//   ev_o[7:0]       events 0..7 of §9; ev_reject_o is event 16 (CTL_REJECT).
//   ctl_accept_o    the word applied this cycle passed the checks. With
//                   ev_reject_o it is the verdict the deframer counts (§5.3).
// Latency: core phit taken in t -> on link_tx_o in t+1. Replay: marker chosen
//   in t (link t+1), first replayed phit chosen in t+1 (link t+2), then one
//   phit per cycle (LinkCrcW = 32: each EOP, then its trailer, then the next
//   phit). Control word delivered at t -> applied at t+1 -> credits_o and
//   tx_vc_ok_o show it at t+2.
// Same-cycle conflicts: the later section wins (§7.4, then §7.5, then §7.6;
//   nr_lcb_tx_seq): a replay start clears pending even if a NACK arrives in
//   that cycle, and sets retries = retries + 1 even if the ack advances.
// Cost: that of the blocks: ReplayDepth x 24 RAM bits (one nr_ram_1r1w);
//   Window x (log2 ReplayDepth + 1) flops for start[]; 2 x NumVcs x CW sent
//   and last_fr flops (with three CW-bit subtractors per VC); about 100
//   other control flops; a 7-bit CRC-16 and a 14-bit CRC-8 tree (plus
//   nr_lcb_tx_take's). LinkCrcW = 32: 33 flops (bcrc, tval, trl) and 0x8BB7
//   trees of 22, 6 and 7 bits. Here only the head_ok and tx_vc_ok compares
//   and the debit decode.
`include "nr_assert.svh"

module nr_lcb_tx #(
  parameter int NumVcs      = 2,
  parameter int BufPerVc    = 128,
  parameter int ReplayDepth = 256,
  parameter int Window      = 32,
  parameter int MaxPktLen   = 64,
  parameter int LinkCrcW    = 16,
  localparam int CW         = $clog2(BufPerVc + 1),
  localparam int DW         = 9 + NumVcs * CW   // control-word payload, W-16
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [15:0]          cfg_timeout_i,
  input  logic [7:0]           cfg_retry_limit_i,
  input  logic                 tx_valid_i,
  input  logic [23:0]          tx_phit_i,
  output logic                 tx_ready_o,
  output logic [NumVcs-1:0]    tx_vc_ok_o,
  input  logic                 ctl_valid_i,
  input  logic [DW-1:0]        ctl_word_i,
  input  logic                 cbit_i,
  output logic [23:0]          link_tx_o,
  output logic [NumVcs*CW-1:0] credits_o,
  output logic [NumVcs-1:0]    debit_o,
  output logic                 link_down_o,
  output logic [7:0]           ev_o,
  output logic                 ev_reject_o,
  output logic                 ctl_accept_o
);

  `NR_PARAM_ASSERT(p_num_vcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_buf_per_vc, BufPerVc >= 8 && BufPerVc <= 1023 && BufPerVc >= MaxPktLen)
  `NR_PARAM_ASSERT(p_replay_depth, ReplayDepth >= 8 && ReplayDepth <= 4096
                   && (ReplayDepth & (ReplayDepth - 1)) == 0 && ReplayDepth >= 2 * MaxPktLen)
  `NR_PARAM_ASSERT(p_window, Window >= 2 && Window <= 64 && (Window & (Window - 1)) == 0)
  `NR_PARAM_ASSERT(p_max_pkt_len, MaxPktLen >= 2 && MaxPktLen <= BufPerVc && MaxPktLen <= 255)
  `NR_PARAM_ASSERT(p_link_crc_w, LinkCrcW == 16 || LinkCrcW == 32)

  // ---- block outputs ----
  logic       keep, start, fin, in_pkt, drop, ev_soft, ev_proto;
  logic [23:0] keep_phit;
  logic [1:0] keep_vc;
  logic       c_adv, c_nack;
  logic [6:0] c_ack;
  logic [6:0] next_seq, base, outstanding, rp_seq;
  logic       win_ok, rep_dec, rep_start, rep_down, fire;
  logic       replay, room, trl;
  logic [23:0] rp_phit;

  // ---- head admission (§7.3) ----
  logic [NumVcs*CW-1:0] credits;
  logic [NumVcs-1:0]    cr_neg;
  logic                 head_ok;
  assign head_ok = !replay && win_ok && !in_pkt && !drop && !trl && room;
  always_comb begin
    for (int v = 0; v < NumVcs; v++) begin
      tx_vc_ok_o[v] = head_ok && !cr_neg[v] && (32'(credits[v*CW +: CW]) >= MaxPktLen);
    end
  end

  // ---- core side (§7.3) ----
  nr_lcb_tx_take #(
    .NumVcs   (NumVcs),
    .MaxPktLen(MaxPktLen)
  ) u_take (
    .clk_i,
    .rst_ni,
    .tx_valid_i,
    .tx_phit_i,
    .tx_ready_o,
    .head_ok_i  (head_ok),
    .vc_ok_i    (tx_vc_ok_o),
    .keep_o     (keep),
    .keep_phit_o(keep_phit),
    .start_o    (start),
    .fin_o      (fin),
    .vc_o       (keep_vc),
    .in_pkt_o   (in_pkt),
    .drop_o     (drop),
    .ev_soft_o  (ev_soft),
    .ev_proto_o (ev_proto)
  );

  // ---- credits (§7.2) and control word (§7.4) ----
  // Every kept phit is debited: sent[v]++ in nr_lcb_tx_ctl.
  always_comb begin
    for (int v = 0; v < NumVcs; v++) begin
      debit_o[v] = keep && (32'(keep_vc) == v);
    end
  end

  nr_lcb_tx_ctl #(
    .NumVcs  (NumVcs),
    .BufPerVc(BufPerVc)
  ) u_ctl (
    .clk_i,
    .rst_ni,
    .valid_i      (ctl_valid_i),
    .word_i       (ctl_word_i),
    .base_i       (base),
    .outstanding_i(outstanding),
    .debit_i      (debit_o),
    .credits_o    (credits),
    .cr_neg_o     (cr_neg),
    .accept_o     (ctl_accept_o),
    .reject_o     (ev_reject_o),
    .ack_o        (c_ack),
    .adv_o        (c_adv),
    .nack_o       (c_nack)
  );

  assign credits_o = credits;

  // ---- go-back-N control (§7.4-§7.6) ----
  nr_lcb_tx_seq #(
    .Window(Window)
  ) u_seq (
    .clk_i,
    .rst_ni,
    .cfg_timeout_i,
    .cfg_retry_limit_i,
    .fin_i        (fin),
    .adv_i        (c_adv),
    .ack_i        (c_ack),
    .nack_i       (c_nack),
    .in_pkt_i     (in_pkt),
    .replay_i     (replay),
    .trl_i        (trl),
    .next_seq_o   (next_seq),
    .base_o       (base),
    .outstanding_o(outstanding),
    .win_ok_o     (win_ok),
    .rep_dec_o    (rep_dec),
    .rep_start_o  (rep_start),
    .rep_down_o   (rep_down),
    .fire_o       (fire),
    .down_o       (link_down_o)
  );

  // ---- replay buffer and stream (§7.3, §7.5) ----
  nr_lcb_tx_replay #(
    .ReplayDepth(ReplayDepth),
    .Window     (Window),
    .MaxPktLen  (MaxPktLen),
    .LinkCrcW   (LinkCrcW)
  ) u_replay (
    .clk_i,
    .rst_ni,
    .keep_i     (keep),
    .phit_i     (keep_phit),
    .head_i     (start),
    .seq_i      (next_seq),
    .in_pkt_i   (in_pkt),
    .adv_i      (c_adv),
    .ack_i      (c_ack),
    .rep_start_i(rep_start),
    .base_i     (base),
    .trl_i      (trl),
    .replay_o   (replay),
    .rp_phit_o  (rp_phit),
    .rp_seq_o   (rp_seq),
    .room_o     (room)
  );

  // ---- link output (§3, §4, §4.1, §6, §7.5) ----
  nr_lcb_tx_link #(
    .LinkCrcW(LinkCrcW)
  ) u_link (
    .clk_i,
    .rst_ni,
    .cbit_i,
    .keep_i     (keep),
    .keep_phit_i(keep_phit),
    .seq_i      (next_seq),
    .in_pkt_i   (in_pkt),
    .replay_i   (replay),
    .rp_phit_i  (rp_phit),
    .rp_seq_i   (rp_seq),
    .rep_dec_i  (rep_dec),
    .rep_start_i(rep_start),
    .base_i     (base),
    .link_tx_o,
    .trl_o      (trl)
  );

  // §9 bits 0..7
  assign ev_o[0] = start;                              // TX_PKT
  assign ev_o[1] = rep_start;                          // TX_REPLAY
  assign ev_o[2] = fire;                               // TX_TIMEOUT
  assign ev_o[3] = c_nack;                             // TX_NACK
  assign ev_o[4] = ev_soft;                            // TX_SOFT
  assign ev_o[5] = ev_proto;                           // TX_PROTO
  assign ev_o[6] = c_adv;                              // TX_ACK
  assign ev_o[7] = rep_down;                           // LINK_DOWN

  // ---- assertions ----
  // §7.5: the replay buffer is never written in REPLAY mode or in a replay
  // decision, and no core phit is taken and kept in a trailer cycle.
  `NR_ASSERT(a_no_write_in_replay, !(keep && (replay || rep_dec)), clk_i, rst_ni)
  `NR_ASSERT(a_no_keep_in_trl, !(keep && trl), clk_i, rst_ni)

endmodule
