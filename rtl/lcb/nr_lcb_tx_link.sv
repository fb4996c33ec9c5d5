// nr_lcb_tx_link.sv - LCB TX link output: the link mux, link CRC, replay
// marker and trailer, and the link_tx register (§3, §4, §4.1, §6, §7.5).
//
// Purpose: chooses what the TX sends on the link in each cycle and registers
//   it (docs/link-protocol.md §7.5, sources 0..5): the trailer due after an
//   EOP (§4.1, LinkCrcW = 32), the replay marker or an idle at a replay
//   decision (§6), the replayed phit, the core phit kept this cycle, a PAD in
//   a gap of the core's packet (§3), or an idle. A stored phit goes on the
//   link the same way, fresh or replayed: HEAD and BODY with F = 1 and their
//   data, the EOP with F = 0 and {ok, rsvd, L} with the link CRC
//   L = upd7(P, seq) of its sequence number (§4). Every phit carries this
//   cycle's control-channel bit C.
// Parameters:
//   LinkCrcW  16 or 32. With 32 whatever sources 2 and 3 send runs crc16b
//             (poly 0x8BB7) from the HEAD on, and an EOP makes the trailer
//             {F=0, 2'b10, 0000, T} due next cycle, T = upd7b(upd6b(bcrc,
//             {ok, rsvd}), seq). 16: no trailer, no cost.
// Ports:
//   cbit_i         this cycle's control-channel bit (nr_lcb_ctl_ser).
//   keep_i, keep_phit_i   the core phit kept this cycle (nr_lcb_tx_take).
//   seq_i          next_seq, the sequence number of a fresh EOP.
//   in_pkt_i       the core is inside a packet: a gap sends a PAD.
//   replay_i, rp_phit_i, rp_seq_i   REPLAY mode, the replayed phit and its
//                  packet's sequence number (nr_lcb_tx_replay).
//   rep_dec_i, rep_start_i, base_i   a replay decision this cycle; it starts
//                  a replay at base_i: send the marker (nr_lcb_tx_seq).
//   link_tx_o      registered link phit: chosen in cycle t, shown in t+1.
//   trl_o          a trailer is due this cycle (state; 0 with LinkCrcW = 16).
// Latency: 1 cycle, inputs to link_tx_o; a trailer follows its EOP on the
//   link in the next cycle.
// Cost: 24 link_tx flops; a 7-bit CRC-16 tree (L) and a 14-bit CRC-8 tree
//   (marker). LinkCrcW = 32: 33 flops (bcrc, tval, trl) and 0x8BB7 trees of
//   22, 6 and 7 bits.
`default_nettype none
`include "nr_assert.svh"

module nr_lcb_tx_link #(
  parameter int LinkCrcW = 16
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        cbit_i,
  input  logic        keep_i,
  input  logic [23:0] keep_phit_i,
  input  logic [6:0]  seq_i,
  input  logic        in_pkt_i,
  input  logic        replay_i,
  input  logic [23:0] rp_phit_i,
  input  logic [6:0]  rp_seq_i,
  input  logic        rep_dec_i,
  input  logic        rep_start_i,
  input  logic [6:0]  base_i,
  output logic [23:0] link_tx_o,
  output logic        trl_o
);

  `NR_PARAM_ASSERT(p_link_crc_w, LinkCrcW == 16 || LinkCrcW == 32)

  localparam logic [1:0] K_EOP       = 2'(nr_pkg::KIND_EOP);
  localparam logic [1:0] OK_RSVD     = 2'(nr_pkg::OK_RSVD);
  localparam logic [1:0] IDLE_REPLAY = 2'(nr_pkg::IDLE_TYPE_REPLAY);
  localparam logic [1:0] IDLE_TRL    = 2'(nr_pkg::IDLE_TYPE_TRAILER);

  logic [23:0] link_q, link_d;
  logic        trl_q;                  // §4.1: a trailer is due (0 with 16)
  logic [15:0] tval_q;                 // its 16 check bits

  // A stored phit goes on the link the same way, fresh or replayed: HEAD and
  // BODY with F=1 and their data, the EOP with F=0 and {ok, rsvd, upd7(P, seq)}.
  logic [23:0] out_phit;
  logic [6:0]  out_seq;
  logic [15:0] lcrc;
  logic        out_eop;
  logic [21:0] out_data;
  assign out_phit = replay_i ? rp_phit_i : keep_phit_i;
  assign out_seq  = replay_i ? rp_seq_i : seq_i;
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
    .data_i({IDLE_REPLAY, base_i, 5'b00000}),
    .crc_o (mk_crc)
  );

  always_comb begin
    link_d = '0;
    link_d[nr_pkg::LINK_C_BIT] = cbit_i;
    if (trl_q) begin                                // 0: trailer (§4.1)
      link_d[21:0] = {IDLE_TRL, 4'b0000, tval_q};
    end else if (rep_dec_i) begin                   // 1: marker, or idle
      if (rep_start_i) link_d[21:0] = {IDLE_REPLAY, base_i, 5'b00000,
                                       mk_crc ^ 8'(nr_pkg::CRC8_XOROUT)};
    end else if (replay_i || keep_i) begin          // 2: replay, 3: core phit
      link_d[nr_pkg::LINK_F_BIT] = !out_eop;
      link_d[21:0] = out_data;
    end else if (in_pkt_i) begin                    // 4: PAD in a core gap (§3)
      link_d[21:20] = OK_RSVD;
    end                                             // 5: plain idle
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) link_q <= '0;
    else         link_q <= link_d;
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
    assign snd = !trl_q && !rep_dec_i && (replay_i || keep_i);
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

  assign link_tx_o = link_q;
  assign trl_o     = trl_q;

endmodule
