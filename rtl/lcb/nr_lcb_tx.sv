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
//   tx_vc_ok_o[v]   a HEAD on VC v would be taken (state only); every VC
//                   after link down, when every phit is discarded (§7.6).
//   ctl_valid_i, ctl_word_i   control word delivered last cycle by the
//       deframer (payload bits W-1..16), applied this cycle by nr_lcb_tx_ctl.
//   cbit_i          this cycle's control-channel bit (nr_lcb_ctl_ser).
//   link_tx_o       registered link phit: chosen in cycle t, shown in t+1.
//   credits_o       credits, VC v at v*CW +: CW, derived from start-of-cycle
//                   state: BufPerVc - (sent[v] - last_fr[v]) mod 2^CW (§7.2).
//                   CW-bit two's complement; negative (cr_neg in
//                   nr_lcb_tx_ctl, no head admitted) only after a wrong
//                   control word passed the CRC-16 and the range check.
//   credits_d_o     the next cycle's credits_o, combinational
//                   (nr_lcb_tx_ctl), for the routers' credit image.
//   debit_o[v]      one credit of VC v is debited this cycle.
//   link_down_o     retry limit exceeded (sticky until reset).
//   ev_o[7:0]       events 0..7 of §9; ev_reject_o is event 16 (CTL_REJECT),
//                   ev_down_drop_o event 20 (TX_DOWN_DROP).
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
// Formal: the formal block at the end proves the window, the acks and the
//   replay on this composition (tests/formal.list, docs/cells.md); the
//   blocks show their state to it through formal-only outputs.
`default_nettype none
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
  output logic [NumVcs*CW-1:0] credits_d_o,
  output logic [NumVcs-1:0]    debit_o,
  output logic                 link_down_o,
  output logic [7:0]           ev_o,
  output logic                 ev_reject_o,
  output logic                 ev_down_drop_o,
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
`ifdef FORMAL
  // formal-only views of the blocks' state (see the formal block below)
  localparam int F_RAW = $clog2(ReplayDepth);
  localparam int F_RPW = F_RAW + 1;
  localparam int F_WIW = $clog2(Window);
  localparam int F_LW  = $clog2(MaxPktLen);
  logic [F_LW-1:0]           f_len;
  logic [F_RPW-1:0]          f_wr, f_tail, f_rp_addr;
  logic [Window*F_RPW-1:0]   f_start;
  logic [ReplayDepth*24-1:0] f_mem;
`endif

  // ---- head admission (§7.3) ----
  logic [NumVcs*CW-1:0] credits;
  logic [NumVcs-1:0]    cr_neg;
  logic                 head_ok;
  assign head_ok = !replay && win_ok && !in_pkt && !drop && !trl && room;
  always_comb begin
    for (int v = 0; v < NumVcs; v++) begin
      tx_vc_ok_o[v] = link_down_o
                      || (head_ok && !cr_neg[v] && (32'(credits[v*CW +: CW]) >= MaxPktLen));
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
    .down_i     (link_down_o),
    .vc_ok_i    (tx_vc_ok_o),
    .keep_o     (keep),
    .keep_phit_o(keep_phit),
    .start_o    (start),
    .fin_o      (fin),
    .vc_o       (keep_vc),
    .in_pkt_o   (in_pkt),
    .drop_o     (drop),
    .ev_soft_o  (ev_soft),
    .ev_proto_o (ev_proto),
    .ev_down_drop_o
`ifdef FORMAL
    ,
    .f_len_o    (f_len)
`endif
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
    .credits_d_o,
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
`ifdef FORMAL
    ,
    .f_wr_o     (f_wr),
    .f_tail_o   (f_tail),
    .f_rp_addr_o(f_rp_addr),
    .f_start_o  (f_start),
    .f_mem_o    (f_mem)
`endif
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

`ifdef FORMAL
  // ---- formal (ZipCPU style; scripts/formal.sh, tests/formal.list) ----
  // The transmit window and the replay (docs/link-protocol.md §7.3-§7.5;
  // issue 13 §4), proved on the composition of the five blocks. The
  // environment: reset at step 0 only; cfg_timeout_i != 0; any core phits,
  // any control words (wrong ones included) in any cycle, any retry limit;
  // nr_lcb_tx_ctl's own assumption (no debit on a VC whose credits are
  // <= 0, i.e. the core does not send on such a VC) applies too. Written
  // for LinkCrcW = 16 (no trailer). Proved:
  //   WINDOW  outstanding = next_seq - base <= Window; a HEAD is taken only
  //     with outstanding < Window, and while a packet is taken it stays
  //     below Window: every packet sent fresh has a sequence number in
  //     [base, base + Window); next_seq advances by one at each completed
  //     packet and never otherwise;
  //   ACK     base moves only to an accepted ack, and only forward, modulo
  //     128: the new base lies in [base, next_seq], whatever the word said;
  //   BUFFER  the replay buffer holds exactly the packets from the oldest
  //     unacknowledged (base) to next_seq - 1 (and the one being taken),
  //     each one HEAD, BODYs and one EOP, 2..MaxPktLen phits, back to
  //     back from tail to wr; tail is the first phit of packet base (wr
  //     when nothing is outstanding); used <= ReplayDepth; nothing still
  //     unacknowledged is overwritten;
  //   REPLAY  a replay starts with rp_seq = base and reads tail, the HEAD of
  //     the oldest unacknowledged packet (the rewind); in REPLAY mode the
  //     phit sent is the stored phit at rp_addr - 1, which lies inside
  //     packet rp_seq; rp_seq stays in [the base at the replay's start,
  //     next_seq), within Window of next_seq; the replay ends exactly at
  //     the EOP of packet next_seq - 1, the last stored phit (rp_addr = wr);
  //     nothing is stored and no head is taken during a replay. The first
  //     replayed phit is compared word for word with the stored one; the
  //     later ones by kind (HEAD, BODY, EOP at their positions), which
  //     keeps the run short (a 24-bit compare tripled the induction time).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  initial assume (!rst_ni);
  always @(*) if (f_past_valid) assume (rst_ni);
  always @(*) assume (cfg_timeout_i != '0);

  localparam logic [1:0] F_HEAD = 2'(nr_pkg::KIND_HEAD);
  localparam logic [1:0] F_BODY = 2'(nr_pkg::KIND_BODY);
  localparam logic [1:0] F_EOP  = 2'(nr_pkg::KIND_EOP);

  // The packets tracked: the f_nlo complete packets before next_seq, from
  // f_lo = base, or in REPLAY mode from rp_seq if that is older (an ack may
  // pass rp_seq during a replay; the buffer is not written meanwhile).
  wire [6:0] f_rdist = next_seq - rp_seq;
  wire       f_rp_old = replay && (f_rdist > outstanding);
  wire [6:0] f_nlo   = f_rp_old ? f_rdist : outstanding;
  wire [6:0] f_lo    = next_seq - f_nlo;
  wire [F_RPW-1:0] f_cs = f_start[32'(next_seq[F_WIW-1:0])*F_RPW +: F_RPW];  // packet being taken
  wire [F_RPW-1:0] f_bs = f_start[32'(base[F_WIW-1:0])*F_RPW +: F_RPW];      // packet base

  logic [Window-1:0]       f_pv;     // tracked packet k exists
  logic [Window*7-1:0]     f_ps;     // its sequence number, f_lo + k
  logic [Window*F_RPW-1:0] f_pa;     // its first phit
  logic [Window*F_RPW-1:0] f_pl;     // its length
  for (genvar k = 0; k < Window; k++) begin : g_f_pkt
    wire [6:0]       s  = f_lo + 7'(k);
    wire [6:0]       s1 = s + 7'd1;
    wire [F_RPW-1:0] a  = f_start[32'(s[F_WIW-1:0])*F_RPW +: F_RPW];
    wire [F_RPW-1:0] e  = (s1 == next_seq && !in_pkt) ? f_wr
                                                        : f_start[32'(s1[F_WIW-1:0])*F_RPW +: F_RPW];
    assign f_pv[k]                 = (k < 32'(f_nlo));
    assign f_ps[k*7 +: 7]          = s;
    assign f_pa[k*F_RPW +: F_RPW]  = a;
    wire [F_RPW-1:0] l  = e - a;
    wire [F_RPW-1:0] ro = f_rp_addr - 1'b1 - a;
    assign f_pl[k*F_RPW +: F_RPW]  = l;
    always @(*) if (rst_ni && f_pv[k]) begin
      assert (32'(l) >= 2 && 32'(l) <= MaxPktLen);
      // REPLAY: the phit sent (read from rp_addr - 1) is inside packet rp_seq
      if (replay && s == rp_seq) assert (ro < l);
    end
  end

  // the stored phits, word by word: HEAD, BODYs, EOP for each tracked packet
  for (genvar x = 0; x < ReplayDepth; x++) begin : g_f_word
    wire [1:0] kind = f_mem[x*24 + 22 +: 2];
    for (genvar k = 0; k < Window; k++) begin : g_f_pk
      wire [F_RAW-1:0] off = F_RAW'(x) - f_pa[k*F_RPW +: F_RAW];
      wire [F_RPW-1:0] len = f_pl[k*F_RPW +: F_RPW];
      always @(*) if (rst_ni && f_pv[k] && {1'b0, off} < len)
        assert (kind == ((off == '0) ? F_HEAD : ({1'b0, off} == len - 1'b1) ? F_EOP : F_BODY));
    end
    wire [F_RAW-1:0] offc = F_RAW'(x) - f_cs[F_RAW-1:0];
    always @(*) if (rst_ni && in_pkt && 32'(offc) < 32'(f_len))
      assert (kind == ((offc == '0) ? F_HEAD : F_BODY));
  end

  // base of the current replay
  reg [6:0] f_rbase;
  always @(posedge clk_i) if (rep_start) f_rbase <= base;

  always @(*) if (rst_ni) begin
    // WINDOW
    assert (32'(outstanding) <= Window);
    assert (outstanding == 7'(next_seq - base));
    if (start)  assert (32'(outstanding) < Window && !replay && room);
    if (in_pkt) assert (32'(outstanding) < Window && !replay);
    if (keep)   assert (!replay);
    assert (!(in_pkt && drop));
    // BUFFER
    assert (32'(F_RPW'(f_wr - f_tail)) <= ReplayDepth);
    if (outstanding == '0 && !in_pkt) assert (f_tail == f_wr);
    else                              assert (f_tail == f_bs);
    if (f_nlo != '0) assert (32'(F_RPW'(f_wr - f_pa[0 +: F_RPW])) <= ReplayDepth);
    if (in_pkt) begin
      assert (f_len != '0 && 32'(f_len) < MaxPktLen);
      assert (F_RPW'(f_wr - f_cs) == F_RPW'(f_len));
      assert (32'(F_RPW'(f_cs - f_tail)) + MaxPktLen <= ReplayDepth);
    end
    // REPLAY
    if (replay) begin
      assert (!in_pkt);
      assert (f_rdist != '0 && 32'(f_rdist) <= Window);
      assert (7'(rp_seq - f_rbase) < 7'(next_seq - f_rbase));
      assert (rp_phit[23:22] == f_mem[32'(F_RAW'(f_rp_addr - 1'b1))*24 + 22 +: 2]);
      if (!trl && rp_phit[23:22] == F_EOP && 7'(rp_seq + 7'd1) == next_seq)
        assert (f_rp_addr == f_wr);   // the replay ends at the last stored phit
    end
  end

  always @(posedge clk_i) if (f_past_valid && $past(rst_ni)) begin
    // WINDOW: next_seq counts completed packets
    assert (next_seq == 7'($past(next_seq) + 7'($past(fin))));
    // ACK: base moves only to an accepted ack, forward within the window
    assert (7'(base - $past(base)) <= $past(outstanding));
    if ($past(c_adv)) assert (base == $past(c_ack));
    else              assert (base == $past(base));
    // REPLAY: the rewind to the oldest unacknowledged packet
    if ($past(rep_start)) begin
      assert (replay && rp_seq == $past(base));
      assert ($past(f_tail) == $past(f_bs) && f_rp_addr == F_RPW'($past(f_tail) + 1'b1));
      assert (rp_phit == $past(f_mem[32'(f_tail[F_RAW-1:0])*24 +: 24]));
      assert (rp_phit[23:22] == F_HEAD);
    end
  end
`endif

endmodule
