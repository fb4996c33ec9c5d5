// nr_lcb_tx_replay.sv - LCB TX replay buffer and replay stream (§7.3, §7.5).
//
// Purpose: stores every phit the TX keeps in the replay buffer, remembers
//   where each packet of the window starts, frees the buffer up to the
//   acknowledged packet, and in REPLAY mode reads the unacknowledged packets
//   back from the oldest one (docs/link-protocol.md §7.3 "storing", §7.4
//   tail, §7.5 the replay stream). Holds the write pointer wr, the tail (the
//   first phit of the oldest unacknowledged packet; both carry a wrap bit),
//   start[Window] (the first phit of each packet, indexed by its sequence
//   number mod Window), the mode, and the read cursor rp_addr with the
//   sequence number rp_seq of the packet being replayed. When to replay is
//   nr_lcb_tx_seq's decision; sending the phits is nr_lcb_tx_link's.
// Parameters:
//   ReplayDepth  replay buffer phits, power of two, 8..4096, >= 2*MaxPktLen.
//   Window       packets sent and not acknowledged, power of two, 2..64.
//   MaxPktLen    longest packet, EOP included, 2..255 (room_o threshold).
//   LinkCrcW     16 or 32. With 32 a replayed EOP is followed by its trailer:
//                the next read waits for the trailer's cycle, which issues it.
// Ports:
//   keep_i, phit_i   a core phit is kept this cycle: store it at wr.
//   head_i     the kept phit is a HEAD: start[seq_i mod Window] = wr.
//   seq_i      next_seq (nr_lcb_tx_seq, state).
//   in_pkt_i   the core is inside a packet (nr_lcb_tx_take, state).
//   adv_i, ack_i   an accepted ack moves base to ack_i: the tail moves to
//              start[ack_i], or to wr if it acks every packet and the core
//              is between packets.
//   rep_start_i, base_i   a replay starts this cycle at packet base_i: the
//              read of the tail is issued now.
//   trl_i      a trailer is due this cycle (nr_lcb_tx_link, state).
//   replay_o   REPLAY mode (state): the link mux sends rp_phit_o.
//   rp_phit_o, rp_seq_o   the replayed phit (RAM read register, valid in
//              REPLAY mode) and its packet's sequence number.
//   room_o     the buffer has room for a whole packet (state only).
// Latency: a replay starting in t reads the tail in t; its phit is on
//   rp_phit_o in t+1, then one phit per cycle; REPLAY mode ends after the
//   cycle that sends the EOP of packet next_seq - 1. LinkCrcW = 32: an EOP's
//   cycle issues no read, the trailer's cycle issues it.
// Cost: ReplayDepth x 24 RAM bits (one nr_ram_1r1w); Window x (log2
//   ReplayDepth + 1) flops for start[]; 3 x (log2 ReplayDepth + 1) pointer,
//   7 rp_seq and 1 mode flops; pointer incrementers and a subtractor.
// Formal: under FORMAL, f_* outputs show wr, tail, rp_addr, start[] and the
//   RAM words to nr_lcb_tx's proof.
`default_nettype none
`include "nr_assert.svh"

module nr_lcb_tx_replay #(
  parameter int ReplayDepth = 256,
  parameter int Window      = 32,
  parameter int MaxPktLen   = 64,
  parameter int LinkCrcW    = 16
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        keep_i,
  input  logic [23:0] phit_i,
  input  logic        head_i,
  input  logic [6:0]  seq_i,
  input  logic        in_pkt_i,
  input  logic        adv_i,
  input  logic [6:0]  ack_i,
  input  logic        rep_start_i,
  input  logic [6:0]  base_i,
  input  logic        trl_i,
  output logic        replay_o,
  output logic [23:0] rp_phit_o,
  output logic [6:0]  rp_seq_o,
  output logic        room_o
`ifdef FORMAL
  ,
  // state and buffer contents, for nr_lcb_tx's proof
  output logic [$clog2(ReplayDepth):0]          f_wr_o,
  output logic [$clog2(ReplayDepth):0]          f_tail_o,
  output logic [$clog2(ReplayDepth):0]          f_rp_addr_o,
  output logic [Window*($clog2(ReplayDepth)+1)-1:0] f_start_o,
  output logic [ReplayDepth*24-1:0]             f_mem_o
`endif
);

  `NR_PARAM_ASSERT(p_replay_depth, ReplayDepth >= 8 && ReplayDepth <= 4096
                   && (ReplayDepth & (ReplayDepth - 1)) == 0 && ReplayDepth >= 2 * MaxPktLen)
  `NR_PARAM_ASSERT(p_window, Window >= 2 && Window <= 64 && (Window & (Window - 1)) == 0)

  localparam int RAW = $clog2(ReplayDepth);
  localparam int RPW = RAW + 1;                 // replay pointers carry a wrap bit
  localparam int WIW = $clog2(Window);

  localparam logic [1:0] K_EOP  = 2'(nr_pkg::KIND_EOP);
  localparam logic [1:0] K_RSVD = 2'(nr_pkg::KIND_RSVD);
  localparam bit         Trl    = (LinkCrcW == 32);

  logic                  replay_q, replay_d;     // mode: 0 NORMAL, 1 REPLAY
  logic [RPW-1:0]        wr_q, wr_d;
  logic [RPW-1:0]        tail_q, tail_d;
  logic [Window*RPW-1:0] start_q, start_d;
  logic [RPW-1:0]        rp_addr_q, rp_addr_d;
  logic [6:0]            rp_seq_q, rp_seq_d;

  logic [RPW-1:0] used;
  assign used   = wr_q - tail_q;
  assign room_o = (ReplayDepth - 32'(used) >= MaxPktLen);

  // ---- the replay stream (§7.5) ----
  // rp_send: the link mux sends the read data (not in a trailer cycle).
  // rp_hold: LinkCrcW = 32, an EOP was sent: the next read waits for the
  // trailer's cycle (trl_i && replay_q), which issues it.
  logic           rp_send, rp_eop, rp_end, rp_hold, ram_re;
  logic [RAW-1:0] ram_raddr;
  logic [23:0]    rp_phit;
  assign rp_send   = replay_q && !trl_i;
  assign rp_eop    = (rp_phit[23:22] == K_EOP);
  assign rp_end    = rp_send && rp_eop && (7'(rp_seq_q + 7'd1) == seq_i);
  assign rp_hold   = Trl && rp_send && rp_eop;
  assign ram_re    = rep_start_i || (rp_send && !rp_end && !rp_hold) || (trl_i && replay_q);
  assign ram_raddr = rep_start_i ? tail_q[RAW-1:0] : rp_addr_q[RAW-1:0];

  nr_ram_1r1w #(
    .Width(24),
    .Depth(ReplayDepth)
  ) u_replay_ram (
    .clk_i,
    .rst_ni,
    .we_i   (keep_i),
    .waddr_i(wr_q[RAW-1:0]),
    .wdata_i(phit_i),
    .re_i   (ram_re),
    .raddr_i(ram_raddr),
    .rdata_o(rp_phit)
`ifdef FORMAL
    ,
    .f_paddr_i('0),
    .f_pdata_o(),
    .f_mem_o  (f_mem_o)
`endif
  );

  // ---- window slots ----
  logic [WIW-1:0] seq_slot, ack_slot;
  logic [RPW-1:0] ack_start;
  assign seq_slot  = seq_i[WIW-1:0];
  assign ack_slot  = ack_i[WIW-1:0];
  assign ack_start = start_q[32'(ack_slot) * RPW +: RPW];

  // ---- next state ----
  always_comb begin
    replay_d  = replay_q;
    wr_d      = wr_q;
    tail_d    = tail_q;
    start_d   = start_q;
    rp_addr_d = rp_addr_q;
    rp_seq_d  = rp_seq_q;

    // §7.3 storing kept phits
    if (head_i) begin
      for (int i = 0; i < Window; i++) begin
        if (32'(seq_slot) == i) start_d[i*RPW +: RPW] = wr_q;
      end
    end
    if (keep_i) wr_d = wr_q + 1'b1;

    // §7.4 an ack frees the buffer up to its packet
    if (adv_i) tail_d = (ack_i == seq_i && !in_pkt_i) ? wr_q : ack_start;

    // §7.5 replay start and stream
    if (rep_start_i) begin
      replay_d  = 1'b1;
      rp_seq_d  = base_i;
      rp_addr_d = tail_q + 1'b1;
    end
    if (rp_send) begin
      if (rp_eop) rp_seq_d = rp_seq_q + 1'b1;
      if (rp_end)        replay_d  = 1'b0;
      else if (!rp_hold) rp_addr_d = rp_addr_q + 1'b1;
    end
    if (trl_i && replay_q) rp_addr_d = rp_addr_q + 1'b1;   // the held-back read
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      replay_q  <= 1'b0;
      wr_q      <= '0;
      tail_q    <= '0;
      rp_addr_q <= '0;
      rp_seq_q  <= '0;
    end else begin
      replay_q  <= replay_d;
      wr_q      <= wr_d;
      tail_q    <= tail_d;
      rp_addr_q <= rp_addr_d;
      rp_seq_q  <= rp_seq_d;
    end
  end

  // Data, no reset: a start[] entry is written at its packet's head before
  // an ack can select it.
  always_ff @(posedge clk_i) begin
    start_q <= start_d;
  end

  assign replay_o  = replay_q;
  assign rp_phit_o = rp_phit;
  assign rp_seq_o  = rp_seq_q;

  `NR_ASSERT(a_used_range, 32'(used) <= ReplayDepth, clk_i, rst_ni)
  `NR_ASSERT(a_replay_kind, !replay_q || rp_phit[23:22] != K_RSVD, clk_i, rst_ni)

`ifdef FORMAL
  // Formal only: state and the buffer, for the window and replay invariants
  // of nr_lcb_tx's proof (yosys does not resolve hierarchical references).
  assign f_wr_o      = wr_q;
  assign f_tail_o    = tail_q;
  assign f_rp_addr_o = rp_addr_q;
  assign f_start_o   = start_q;
`endif

endmodule
