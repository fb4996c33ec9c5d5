// nr_lcb_rx_seq.sv - LCB RX sequence and recovery: the verdict on an EOP,
// E, the NACK epoch, duplicates and replay markers (§4, §6, §8.3).
//
// Purpose: the sequence half of the LCB receiver (docs/link-protocol.md §6,
//   §8.3). Holds E (the sequence number of the next packet expected), rec
//   (in recovery since a bad packet), epoch (the NACK epoch sent to the
//   peer), dupl (duplicate packets still to skip after a marker) and armed
//   (a marker came since the last verdict). Decides the verdict on an EOP:
//   its link CRC L = upd7(upd6(crc, {ok, rsvd}), E) covers the sequence
//   number, so one compare checks both the data and that it is packet E; in
//   recovery before a marker every packet is refused whatever its CRC
//   (§8.3, "Packets in recovery"). A good packet advances E and ends the
//   recovery; a bad one, or a clip, applies the error rule: NACK (toggle the
//   epoch) once per recovery, and again if a replay failed. Checks replay
//   markers (§6: dupl = E - X, armed). Framing is nr_lcb_rx_frame's.
// Parameters: none.
// Ports:
//   data_i         bits 21:0 of the link phit of this cycle (a marker).
//   is_head_i, is_idle_i, clip_i   its class and RX_CLIP (nr_lcb_rx_frame).
//   dec_i          a verdict is due this cycle (16: the EOP's cycle; 32: the
//                  cycle after it).
//   deop_i         the data of the EOP being decided (21:0: ok, rsvd, L).
//   crc_i          the packet's running CRC (unchanged up to the verdict).
//   trl_ok_i       the trailer checks out (LinkCrcW = 32; 1 with 16).
//   err_eop_i      the packet's TX_ERR EOP (nr_lcb_rx_frame).
//   ack_o, epoch_o the registers E and epoch (start of cycle), for the
//                  control word that the local TX sends.
//   dup_o          RX_DUP: this HEAD is a duplicate (skip its packet).
//   good_o, bad_o  RX_OK, RX_CRC: the verdict of this cycle.
//   eop_o          the core EOP that the verdict forwards: {EOP, ok, rsvd, P}
//                  with the packet CRC P = upd6(crc, {ok, rsvd}) if good,
//                  else err_eop_i.
//   marker_o       RX_MARKER: a good replay marker (§6).
// Latency: 0 (combinational from the inputs and state); E, epoch, dupl and
//   armed change at the edge.
// Cost: 7 E, 7 dupl and 3 single-bit flops; CRC-16 trees of 6 and 7 bits (P,
//   L) and a 14-bit CRC-8 tree (marker check); a 7-bit subtractor.
`default_nettype none
`include "nr_assert.svh"

module nr_lcb_rx_seq (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [21:0] data_i,
  input  logic        is_head_i,
  input  logic        is_idle_i,
  input  logic        clip_i,
  input  logic        dec_i,
  input  logic [21:0] deop_i,
  input  logic [15:0] crc_i,
  input  logic        trl_ok_i,
  input  logic [23:0] err_eop_i,
  output logic [6:0]  ack_o,
  output logic        epoch_o,
  output logic        dup_o,
  output logic        good_o,
  output logic        bad_o,
  output logic [23:0] eop_o,
  output logic        marker_o
);

  localparam logic [1:0] K_EOP = 2'(nr_pkg::KIND_EOP);

  logic [6:0] e_q, e_d;
  logic       rec_q, rec_d;
  logic       epoch_q, epoch_d;
  logic [6:0] dupl_q, dupl_d;
  logic       armed_q, armed_d;

  // ---- the verdict (§4, §8.3): P, L and the refusal in recovery ----
  logic [15:0] p_crc, l_crc;
  logic        pass, dup, err;
  nr_crc16_upd #(.DataW(6)) u_crc_p (
    .crc_i (crc_i),
    .data_i(deop_i[21:16]),
    .crc_o (p_crc)
  );
  nr_crc16_upd #(.DataW(7)) u_crc_l (
    .crc_i (p_crc),
    .data_i(e_q),
    .crc_o (l_crc)
  );
  assign pass = (l_crc == deop_i[15:0]) && trl_ok_i && !(rec_q && !armed_q);
  assign dup  = is_head_i && (dupl_q != '0);
  // The error rule's cause: a bad packet or a clip. They never meet (a clip
  // is a BODY; the phit after an EOP is not).
  assign err  = (dec_i && !pass) || clip_i;

  // ---- replay markers (§6) ----
  logic [7:0] mk_crc;
  logic [6:0] mk_seq;
  logic       marker_ok;
  assign mk_seq = data_i[19:13];
  nr_crc8_upd #(.DataW(14)) u_crc_mk (
    .crc_i (8'h00),
    .data_i(data_i[21:8]),
    .crc_o (mk_crc)
  );
  assign marker_ok = (data_i[21:20] == 2'(nr_pkg::IDLE_TYPE_REPLAY)) && (data_i[12:8] == '0)
                     && ((mk_crc ^ 8'(nr_pkg::CRC8_XOROUT)) == data_i[7:0]);

  // ---- next state, in doc order: the verdict (from this cycle's start
  // state, before the phit of this cycle), a duplicate HEAD, a marker, the
  // error rule ----
  always_comb begin
    e_d     = e_q;
    rec_d   = rec_q;
    epoch_d = epoch_q;
    dupl_d  = dupl_q;
    armed_d = armed_q;

    if (dec_i) begin
      armed_d = 1'b0;
      if (pass) begin
        e_d   = e_q + 1'b1;
        rec_d = 1'b0;
      end
    end
    if (dup) dupl_d = dupl_q - 1'b1;
    if (is_idle_i && marker_ok) begin
      dupl_d  = e_q - mk_seq;
      armed_d = 1'b1;
    end
    // error rule (§8.3): NACK once per recovery, again if a replay failed
    if (err) begin
      if (!rec_q) begin
        rec_d   = 1'b1;
        epoch_d = !epoch_q;
      end else if (armed_q) begin
        epoch_d = !epoch_q;
      end
    end
    if (clip_i) armed_d = 1'b0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      e_q     <= '0;
      rec_q   <= 1'b0;
      epoch_q <= 1'b0;
      dupl_q  <= '0;
      armed_q <= 1'b0;
    end else begin
      e_q     <= e_d;
      rec_q   <= rec_d;
      epoch_q <= epoch_d;
      dupl_q  <= dupl_d;
      armed_q <= armed_d;
    end
  end

  assign ack_o    = e_q;
  assign epoch_o  = epoch_q;
  assign dup_o    = dup;
  assign good_o   = dec_i && pass;
  assign bad_o    = dec_i && !pass;
  assign eop_o    = pass ? {K_EOP, deop_i[21:16], p_crc} : err_eop_i;
  assign marker_o = is_idle_i && marker_ok;

  `NR_ASSERT(a_clip_alone, !(clip_i && dec_i), clk_i, rst_ni)
  // the NACK epoch (§8.3): a new recovery, and a failed replay inside one
  `NR_COVER(c_epoch_new_rec,  err && !rec_q, clk_i, rst_ni)
  `NR_COVER(c_epoch_rearmed,  err && rec_q && armed_q, clk_i, rst_ni)

`ifdef FORMAL
  // ---- formal (ZipCPU style; scripts/formal.sh, tests/formal.list) ----
  // Receive-side sequence acceptance (§4, §6, §8.3). Environment: resets at
  // any time; any phits, verdicts, CRCs and trailer checks, except that a
  // clip and a verdict never meet (nr_lcb_rx_frame: a clip is a BODY, the
  // verdict is an EOP's or the phit after it; a_clip_alone). Proved:
  //   - a verdict whose crc field is the link CRC of the packet for any
  //     sequence number f_s (anyseq) other than E is refused: a duplicate or
  //     out-of-order packet always fails (§4), whatever its data;
  //   - a packet is accepted only with its link CRC for E, a good trailer,
  //     and not in recovery before a marker (§8.3 "Packets in recovery");
  //   - E advances by exactly one on each accepted packet and never
  //     otherwise, so E = number of accepted packets mod 128 (f_acc): the
  //     accepted packets carry the sequence numbers 0, 1, 2, .. in order;
  //   - the error rule: rec is set by a bad verdict or a clip and cleared
  //     only by an accepted packet; the epoch (NACK) toggles iff an error
  //     comes outside recovery, or in recovery after a marker (armed);
  //   - armed: set by a valid marker, cleared by a verdict or a clip;
  //     dupl: E - X at a marker for X, one less at each duplicate HEAD,
  //     which is flagged iff dupl != 0; so after a marker the next
  //     (E - X) mod 128 heads are skipped;
  //   - the forwarded EOP: {EOP, ok, rsvd, P} if accepted, else the TX_ERR
  //     EOP; all state is 0 after reset.
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  initial assume (!rst_ni);
  always @(*) if (rst_ni) assume (!(clip_i && dec_i));

  (* anyseq *) reg [6:0] f_s;
  logic [15:0] f_l_s;
  nr_crc16_upd #(.DataW(7)) u_f_crc_s (
    .crc_i (p_crc),
    .data_i(f_s),
    .crc_o (f_l_s)
  );
  reg [6:0] f_acc = '0;
  always @(posedge clk_i) begin
    if (!rst_ni)     f_acc <= '0;
    else if (good_o) f_acc <= f_acc + 1'b1;
  end

  always @(*) if (rst_ni) begin
    if (dec_i && deop_i[15:0] == f_l_s && f_s != e_q) assert (!good_o);
    if (good_o) assert (l_crc == deop_i[15:0] && trl_ok_i && !(rec_q && !armed_q));
    assert (good_o == (dec_i && pass) && bad_o == (dec_i && !pass));
    assert (e_q == f_acc);
    assert (dup_o == (is_head_i && dupl_q != '0));
    assert (marker_o == (is_idle_i && marker_ok));
    if (good_o) assert (eop_o == {K_EOP, deop_i[21:16], p_crc});
    if (bad_o)  assert (eop_o == err_eop_i);
  end
  always @(posedge clk_i) if (f_past_valid && rst_ni) begin
    if (!$past(rst_ni)) begin
      assert (e_q == '0 && !rec_q && !epoch_q && dupl_q == '0 && !armed_q);
    end else begin
      assert (e_q == $past(e_q) + 7'($past(good_o)));
      // the error rule
      if ($past(bad_o) || $past(clip_i))  assert (rec_q);
      else if ($past(good_o))             assert (!rec_q);
      else                                assert (rec_q == $past(rec_q));
      assert ((epoch_q != $past(epoch_q)) ==
              (($past(bad_o) || $past(clip_i)) && (!$past(rec_q) || $past(armed_q))));
      // markers and duplicates
      if ($past(clip_i))           assert (!armed_q);
      else if ($past(marker_o))    assert (armed_q);
      else if ($past(dec_i))       assert (!armed_q);
      else                         assert (armed_q == $past(armed_q));
      if ($past(marker_o))         assert (dupl_q == 7'($past(e_q) - $past(data_i[19:13])));
      else if ($past(dup_o))       assert (dupl_q == 7'($past(dupl_q) - 7'd1));
      else                         assert (dupl_q == $past(dupl_q));
    end
  end
`endif

endmodule
