// nr_lcb_tx.sv - LCB transmit side: replay buffer, go-back-N, credits, framing.
//
// Purpose: stores the packets that nr_lcb_tx_take accepts from the core in
//   the replay buffer, sends them on the link with F framing and the link CRC,
//   keeps per-VC credits for the peer's input queue, and replays from the
//   oldest unacknowledged packet on a NACK or a timeout
//   (docs/link-protocol.md §4, §6, §7). Blocks:
//     nr_lcb_tx_take  §7.3 core interface, PCRC, soft-error marking, clip
//     nr_lcb_tx_ctl   §7.2 sent[v], last_fr[v] and the credits derived from
//                     them; §7.4 control-word checks, acks, NACKs (asserts
//                     that no phit is debited without a credit)
//     nr_ram_1r1w     the replay buffer (ReplayDepth x 24 bits)
//   and here: window, sequence numbers, replay FSM, timer (§7.5, §7.6).
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
// Same-cycle conflicts: when two sections assign one register, the later
//   section wins (§7.4, then §7.5, then §7.6): a replay start clears pending
//   even if a NACK arrives in that cycle, and sets retries = retries + 1 even
//   if the ack advances (docs/lcb-spec-questions.md, M1 and "RTL reading").
// Cost: ReplayDepth x 24 RAM bits (one nr_ram_1r1w); Window x (log2
//   ReplayDepth + 1) flops for start[]; 2 x NumVcs x CW sent and last_fr flops
//   (in nr_lcb_tx_ctl, with three CW-bit subtractors per VC);
//   about 100 other control flops; a 7-bit CRC-16 and a 14-bit CRC-8 tree
//   (plus nr_lcb_tx_take's). LinkCrcW = 32: 33 flops (bcrc, tval, trl) and
//   0x8BB7 trees of 22, 6 and 7 bits.
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

  localparam int RAW = $clog2(ReplayDepth);
  localparam int RPW = RAW + 1;                 // replay pointers carry a wrap bit
  localparam int WIW = $clog2(Window);

  localparam logic [1:0] K_EOP       = 2'(nr_pkg::KIND_EOP);
  localparam logic [1:0] K_RSVD      = 2'(nr_pkg::KIND_RSVD);
  localparam logic [1:0] OK_RSVD     = 2'(nr_pkg::OK_RSVD);
  localparam logic [1:0] IDLE_REPLAY = 2'(nr_pkg::IDLE_TYPE_REPLAY);
  localparam logic [1:0] IDLE_TRL    = 2'(nr_pkg::IDLE_TYPE_TRAILER);
  localparam bit         Trl         = (LinkCrcW == 32);

  // ---- state ----
  logic                  replay_q, replay_d;     // mode: 0 NORMAL, 1 REPLAY
  logic [6:0]            next_seq_q, next_seq_d;
  logic [6:0]            base_q, base_d;
  logic [RPW-1:0]        wr_q, wr_d;
  logic [RPW-1:0]        tail_q, tail_d;
  logic [Window*RPW-1:0] start_q, start_d;
  logic                  pending_q, pending_d;
  logic [15:0]           timer_q, timer_d;
  logic [7:0]            retries_q, retries_d;
  logic                  down_q, down_d;
  logic [RPW-1:0]        rp_addr_q, rp_addr_d;
  logic [6:0]            rp_seq_q, rp_seq_d;
  logic [23:0]           link_q, link_d;
  logic                  trl_q;                  // §4.1: a trailer is due (0 with 16)
  logic [15:0]           tval_q;                 // its 16 check bits

  // ---- head admission (§7.3) ----
  logic [NumVcs*CW-1:0] credits;
  logic [NumVcs-1:0]    cr_neg;
  logic [RPW-1:0]       used;
  logic [6:0]           outstanding;
  logic                 head_ok, in_pkt, drop;
  assign used        = wr_q - tail_q;
  assign outstanding = next_seq_q - base_q;
  assign head_ok     = !replay_q && !down_q && !pending_q && !in_pkt && !drop && !trl_q
                       && (32'(outstanding) < Window)
                       && (ReplayDepth - 32'(used) >= MaxPktLen);
  always_comb begin
    for (int v = 0; v < NumVcs; v++) begin
      tx_vc_ok_o[v] = head_ok && !cr_neg[v] && (32'(credits[v*CW +: CW]) >= MaxPktLen);
    end
  end

  // ---- core side (§7.3) ----
  logic        keep, start, fin, ev_soft, ev_proto;
  logic [23:0] keep_phit;
  logic [1:0]  keep_vc;
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

  logic                 c_adv, c_nack;
  logic [6:0]           c_ack;
  nr_lcb_tx_ctl #(
    .NumVcs  (NumVcs),
    .BufPerVc(BufPerVc)
  ) u_ctl (
    .clk_i,
    .rst_ni,
    .valid_i      (ctl_valid_i),
    .word_i       (ctl_word_i),
    .base_i       (base_q),
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

  // ---- replay decision and stream (§7.5) ----
  // rp_send: source 2 sends the read data (not in a trailer cycle, source 0).
  // rp_hold: LinkCrcW = 32, an EOP was sent: the next read waits for the
  // trailer's cycle (trl_q && replay_q), which issues it.
  logic           rep_dec, rep_none, rep_down, rep_start, rp_end, ram_re, fire;
  logic           rp_send, rp_hold;
  logic [RAW-1:0] ram_raddr;
  logic [23:0]    rp_phit;
  logic           rp_eop;
  assign rep_dec   = !replay_q && pending_q && !in_pkt && !down_q && !trl_q;
  assign rep_none  = rep_dec && (base_q == next_seq_q);
  assign rep_down  = rep_dec && !rep_none && (retries_q == cfg_retry_limit_i);
  assign rep_start = rep_dec && !rep_none && !rep_down;
  assign rp_send   = replay_q && !trl_q;
  assign rp_eop    = (rp_phit[23:22] == K_EOP);
  assign rp_end    = rp_send && rp_eop && (7'(rp_seq_q + 7'd1) == next_seq_q);
  assign rp_hold   = Trl && rp_send && rp_eop;
  assign ram_re    = rep_start || (rp_send && !rp_end && !rp_hold) || (trl_q && replay_q);
  assign ram_raddr = rep_start ? tail_q[RAW-1:0] : rp_addr_q[RAW-1:0];

  nr_ram_1r1w #(
    .Width(24),
    .Depth(ReplayDepth)
  ) u_replay_ram (
    .clk_i,
    .rst_ni,
    .we_i   (keep),
    .waddr_i(wr_q[RAW-1:0]),
    .wdata_i(keep_phit),
    .re_i   (ram_re),
    .raddr_i(ram_raddr),
    .rdata_o(rp_phit)
  );

  // A stored phit goes on the link the same way, fresh or replayed: HEAD and
  // BODY with F=1 and their data, the EOP with F=0 and {ok, rsvd, upd7(P, seq)}.
  logic [23:0] out_phit;
  logic [6:0]  out_seq;
  logic [15:0] lcrc;
  logic        out_eop;
  logic [21:0] out_data;
  assign out_phit = replay_q ? rp_phit : keep_phit;
  assign out_seq  = replay_q ? rp_seq_q : next_seq_q;
  assign out_eop  = (out_phit[23:22] == K_EOP);
  nr_crc16_upd #(.DataW(7)) u_crc_seq (
    .crc_i (out_phit[15:0]),
    .data_i(out_seq),
    .crc_o (lcrc)
  );
  assign out_data = out_eop ? {out_phit[21:16], lcrc} : out_phit[21:0];

  logic [7:0] mk_crc;
  nr_crc8_upd #(.DataW(14)) u_crc_mk (
    .crc_i (8'h00),
    .data_i({IDLE_REPLAY, base_q, 5'b00000}),
    .crc_o (mk_crc)
  );

  always_comb begin
    link_d = '0;
    link_d[nr_pkg::LINK_C_BIT] = cbit_i;
    if (trl_q) begin                                // 0: trailer (§4.1)
      link_d[21:0] = {IDLE_TRL, 4'b0000, tval_q};
    end else if (rep_dec) begin                     // 1: marker, or idle
      if (rep_start) link_d[21:0] = {IDLE_REPLAY, base_q, 5'b00000,
                                     mk_crc ^ 8'(nr_pkg::CRC8_XOROUT)};
    end else if (replay_q || keep) begin            // 2: replay, 3: core phit
      link_d[nr_pkg::LINK_F_BIT] = !out_eop;
      link_d[21:0] = out_data;
    end else if (in_pkt) begin                      // 4: PAD in a core gap (§3)
      link_d[21:20] = OK_RSVD;
    end                                             // 5: plain idle
  end

  // ---- window slots ----
  logic [WIW-1:0] seq_slot, ack_slot;
  logic [RPW-1:0] ack_start;
  assign seq_slot  = next_seq_q[WIW-1:0];
  assign ack_slot  = c_ack[WIW-1:0];
  assign ack_start = start_q[32'(ack_slot) * RPW +: RPW];

  // ---- timer (§7.6) ----
  assign fire = (timer_q == cfg_timeout_i) && !pending_q && !down_q && !replay_q
                && (base_q != next_seq_q);

  // ---- next state ----
  always_comb begin
    replay_d   = replay_q;
    next_seq_d = next_seq_q;
    base_d     = base_q;
    wr_d       = wr_q;
    tail_d     = tail_q;
    start_d    = start_q;
    pending_d  = pending_q;
    retries_d  = retries_q;
    down_d     = down_q;
    rp_addr_d  = rp_addr_q;
    rp_seq_d   = rp_seq_q;

    // §7.3 storing kept phits
    if (start) begin
      for (int i = 0; i < Window; i++) begin
        if (32'(seq_slot) == i) start_d[i*RPW +: RPW] = wr_q;
      end
    end
    if (keep) wr_d = wr_q + 1'b1;
    if (fin) next_seq_d = next_seq_q + 1'b1;

    // §7.4 control word (§7.5 and §7.6 below override it: see the header)
    if (c_adv) begin
      base_d    = c_ack;
      tail_d    = (c_ack == next_seq_q && !in_pkt) ? wr_q : ack_start;
      retries_d = '0;
    end
    if (c_nack && c_ack != next_seq_q && !down_q) pending_d = 1'b1;

    // §7.5 replay decision and replay stream
    if (rep_none) pending_d = 1'b0;
    if (rep_down) begin
      down_d    = 1'b1;
      pending_d = 1'b0;       // not observable once down (M10)
    end
    if (rep_start) begin
      replay_d  = 1'b1;
      rp_seq_d  = base_q;
      rp_addr_d = tail_q + 1'b1;
      pending_d = 1'b0;
      retries_d = retries_q + 1'b1;
    end
    if (rp_send) begin
      if (rp_eop) rp_seq_d = rp_seq_q + 1'b1;
      if (rp_end)        replay_d  = 1'b0;
      else if (!rp_hold) rp_addr_d = rp_addr_q + 1'b1;
    end
    if (trl_q && replay_q) rp_addr_d = rp_addr_q + 1'b1;   // the held-back read

    // §7.6 timeout
    if (fire) pending_d = 1'b1;
    if ((base_q == next_seq_q) || replay_q || rep_start || c_adv || fire) timer_d = '0;
    else if (timer_q == 16'hFFFF) timer_d = timer_q;
    else timer_d = timer_q + 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      replay_q   <= 1'b0;
      next_seq_q <= '0;
      base_q     <= '0;
      wr_q       <= '0;
      tail_q     <= '0;
      pending_q  <= 1'b0;
      timer_q    <= '0;
      retries_q  <= '0;
      down_q     <= 1'b0;
      rp_addr_q  <= '0;
      rp_seq_q   <= '0;
      link_q     <= '0;
    end else begin
      replay_q   <= replay_d;
      next_seq_q <= next_seq_d;
      base_q     <= base_d;
      wr_q       <= wr_d;
      tail_q     <= tail_d;
      pending_q  <= pending_d;
      timer_q    <= timer_d;
      retries_q  <= retries_d;
      down_q     <= down_d;
      rp_addr_q  <= rp_addr_d;
      rp_seq_q   <= rp_seq_d;
      link_q     <= link_d;
    end
  end

  // Data, no reset: a start[] entry is written at its packet's head before
  // an ack can select it.
  always_ff @(posedge clk_i) begin
    start_q <= start_d;
  end

  // ---- trailer state (§4.1, §7.5): bcrc, trl, tval ----
  // Whatever source 2 or 3 sends updates it: a HEAD or BODY runs crc16b over
  // its data, an EOP {ok, rsvd, lcrc} for sequence number out_seq makes the
  // trailer T = upd7b(upd6b(bcrc, {ok, rsvd}), out_seq) due next cycle.
  if (LinkCrcW == 32) begin : g_trl
    logic        snd;
    logic [15:0] bcrc_q, bcrc_d, b22, b6, b7;
    logic        trl_d;
    logic [15:0] tval_d;
    assign snd = !trl_q && !rep_dec && (replay_q || keep);
    nr_crc_upd #(.Width(16), .Poly(nr_pkg::LINK_CRC2_POLY), .DataW(22)) u_bcrc22 (
      .crc_i ((out_phit[23:22] == 2'(nr_pkg::KIND_HEAD)) ? 16'(nr_pkg::LINK_CRC2_INIT) : bcrc_q),
      .data_i(out_phit[21:0]),
      .crc_o (b22)
    );
    nr_crc_upd #(.Width(16), .Poly(nr_pkg::LINK_CRC2_POLY), .DataW(6)) u_bcrc6 (
      .crc_i (bcrc_q),
      .data_i(out_phit[21:16]),
      .crc_o (b6)
    );
    nr_crc_upd #(.Width(16), .Poly(nr_pkg::LINK_CRC2_POLY), .DataW(7)) u_bcrc7 (
      .crc_i (b6),
      .data_i(out_seq),
      .crc_o (b7)
    );
    always_comb begin
      bcrc_d = bcrc_q;
      trl_d  = 1'b0;
      tval_d = tval_q;
      if (snd && !out_eop) bcrc_d = b22;
      if (snd && out_eop) begin
        trl_d  = 1'b1;
        tval_d = b7;
      end
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) trl_q <= 1'b0;
      else         trl_q <= trl_d;
    end
    // Data, no reset: bcrc is loaded at every head, tval with trl.
    always_ff @(posedge clk_i) begin
      bcrc_q <= bcrc_d;
      tval_q <= tval_d;
    end
  end else begin : g_no_trl
    assign trl_q  = 1'b0;
    assign tval_q = '0;
  end

  assign link_tx_o   = link_q;
  assign link_down_o = down_q;

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
  `NR_ASSERT(a_cfg_timeout, cfg_timeout_i != '0, clk_i, rst_ni)
  `NR_ASSERT(a_no_write_in_replay, !(keep && (replay_q || rep_dec)), clk_i, rst_ni)
  `NR_ASSERT(a_used_range, 32'(used) <= ReplayDepth, clk_i, rst_ni)
  `NR_ASSERT(a_outstanding_range, 32'(outstanding) <= Window, clk_i, rst_ni)
  `NR_ASSERT(a_replay_kind, !replay_q || rp_phit[23:22] != K_RSVD, clk_i, rst_ni)
  // §7.5: no core phit is taken and kept in a trailer cycle.
  `NR_ASSERT(a_no_keep_in_trl, !(keep && trl_q), clk_i, rst_ni)

endmodule
