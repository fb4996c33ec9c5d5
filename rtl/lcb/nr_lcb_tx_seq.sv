// nr_lcb_tx_seq.sv - LCB TX go-back-N control: sequence numbers, acks,
// NACKs, the replay decision, the timer and the retry limit (§7.4-§7.6).
//
// Purpose: the sender's side of the go-back-N window (docs/link-protocol.md
//   §7.4, §7.5, §7.6). Holds next_seq (the sequence number of the packet
//   being taken), base (the oldest packet not acknowledged), pending (a NACK
//   or a timeout asks for a replay), the timer, the retry count and the
//   sticky link-down flag, and decides in which cycle a replay starts. The
//   replay itself, the buffer and the stream, is nr_lcb_tx_replay; the word
//   checks that yield adv/ack/nack are nr_lcb_tx_ctl.
// Parameters:
//   Window  packets sent and not acknowledged, power of two, 2..64.
// Ports:
//   cfg_timeout_i (>= 1, asserted), cfg_retry_limit_i   held constant.
//   fin_i      a packet is complete (its EOP is kept this cycle): next_seq++.
//   adv_i, ack_i, nack_i   the control word applied this cycle (nr_lcb_tx_ctl):
//              TX_ACK with the new base ack_i; TX_NACK.
//   in_pkt_i   the core is inside a packet (nr_lcb_tx_take, state).
//   replay_i   REPLAY mode (nr_lcb_tx_replay, state).
//   trl_i      a trailer is due this cycle (nr_lcb_tx_link, state; 0 with
//              LinkCrcW = 16).
//   next_seq_o, base_o, outstanding_o   state; outstanding = next_seq - base.
//   win_ok_o   the window takes a new packet: not down, no replay pending,
//              outstanding < Window (state only).
//   rep_dec_o  a replay decision this cycle (§7.5): the link mux sends the
//              marker or an idle. rep_start_o: it starts a replay
//              (TX_REPLAY); rep_down_o: the retry limit is reached
//              (LINK_DOWN). All three are from state only.
//   fire_o     the timer fires (TX_TIMEOUT), state only.
//   down_o     link down, sticky until reset.
// Same-cycle conflicts: the sections run in doc order and the later one
//   wins (§7.4, then §7.5, then §7.6): a replay start clears pending even if
//   a NACK arrives in that cycle, and sets retries = retries + 1 even if the
//   ack advances (docs/lcb-spec-questions.md, M1 and "RTL reading").
// Latency: 0 (outputs from state); fin, acks and NACKs show in the next cycle.
//   The timer fires in the cycle with timer = cfg_timeout; the replay
//   decision follows in the next cycle in which the core is not mid-packet.
// Cost: 2 x 7 sequence, 16 timer, 8 retry and 2 flag flops; a 7-bit
//   subtractor and compares, a 16-bit incrementer and compare.
`default_nettype none
`include "nr_assert.svh"

module nr_lcb_tx_seq #(
  parameter int Window = 32
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [15:0] cfg_timeout_i,
  input  logic [7:0]  cfg_retry_limit_i,
  input  logic        fin_i,
  input  logic        adv_i,
  input  logic [6:0]  ack_i,
  input  logic        nack_i,
  input  logic        in_pkt_i,
  input  logic        replay_i,
  input  logic        trl_i,
  output logic [6:0]  next_seq_o,
  output logic [6:0]  base_o,
  output logic [6:0]  outstanding_o,
  output logic        win_ok_o,
  output logic        rep_dec_o,
  output logic        rep_start_o,
  output logic        rep_down_o,
  output logic        fire_o,
  output logic        down_o
);

  `NR_PARAM_ASSERT(p_window, Window >= 2 && Window <= 64 && (Window & (Window - 1)) == 0)

  logic [6:0]  next_seq_q, next_seq_d;
  logic [6:0]  base_q, base_d;
  logic        pending_q, pending_d;
  logic [15:0] timer_q, timer_d;
  logic [7:0]  retries_q, retries_d;
  logic        down_q, down_d;

  logic [6:0] outstanding;
  assign outstanding = next_seq_q - base_q;
  assign win_ok_o    = !down_q && !pending_q && (32'(outstanding) < Window);

  // ---- replay decision (§7.5) and timer (§7.6) ----
  logic rep_dec, rep_none, rep_down, rep_start, fire;
  assign rep_dec   = !replay_i && pending_q && !in_pkt_i && !down_q && !trl_i;
  assign rep_none  = rep_dec && (base_q == next_seq_q);
  assign rep_down  = rep_dec && !rep_none && (retries_q == cfg_retry_limit_i);
  assign rep_start = rep_dec && !rep_none && !rep_down;
  assign fire      = (timer_q == cfg_timeout_i) && !pending_q && !down_q && !replay_i
                     && (base_q != next_seq_q);

  // ---- next state ----
  always_comb begin
    next_seq_d = next_seq_q;
    base_d     = base_q;
    pending_d  = pending_q;
    retries_d  = retries_q;
    down_d     = down_q;

    // §7.3 a packet is complete
    if (fin_i) next_seq_d = next_seq_q + 1'b1;

    // §7.4 control word (§7.5 and §7.6 below override it: see the header)
    if (adv_i) begin
      base_d    = ack_i;
      retries_d = '0;
    end
    if (nack_i && ack_i != next_seq_q && !down_q) pending_d = 1'b1;

    // §7.5 replay decision
    if (rep_none) pending_d = 1'b0;
    if (rep_down) begin
      down_d    = 1'b1;
      pending_d = 1'b0;       // not observable once down (M10)
    end
    if (rep_start) begin
      pending_d = 1'b0;
      retries_d = retries_q + 1'b1;
    end

    // §7.6 timeout
    if (fire) pending_d = 1'b1;
    if ((base_q == next_seq_q) || replay_i || rep_start || adv_i || fire) timer_d = '0;
    else if (timer_q == 16'hFFFF) timer_d = timer_q;
    else timer_d = timer_q + 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      next_seq_q <= '0;
      base_q     <= '0;
      pending_q  <= 1'b0;
      timer_q    <= '0;
      retries_q  <= '0;
      down_q     <= 1'b0;
    end else begin
      next_seq_q <= next_seq_d;
      base_q     <= base_d;
      pending_q  <= pending_d;
      timer_q    <= timer_d;
      retries_q  <= retries_d;
      down_q     <= down_d;
    end
  end

  assign next_seq_o    = next_seq_q;
  assign base_o        = base_q;
  assign outstanding_o = outstanding;
  assign rep_dec_o     = rep_dec;
  assign rep_start_o   = rep_start;
  assign rep_down_o    = rep_down;
  assign fire_o        = fire;
  assign down_o        = down_q;

  `NR_ASSERT(a_cfg_timeout, cfg_timeout_i != '0, clk_i, rst_ni)
  `NR_ASSERT(a_outstanding_range, 32'(outstanding) <= Window, clk_i, rst_ni)
  // a replay after a replay that got no ack (nested recovery, §7.5)
  `NR_COVER(c_replay_nested, rep_start && retries_q != '0, clk_i, rst_ni)
  // a replay decision with nothing left to resend: every packet was acked
  // between the NACK or timeout and the decision (§7.5)
  `NR_COVER(c_rep_none, rep_none, clk_i, rst_ni)
  // the timer held at its ceiling (a link down with packets unacked)
  `NR_COVER(c_timer_sat, timer_q == 16'hFFFF && timer_d == 16'hFFFF, clk_i, rst_ni)

endmodule
