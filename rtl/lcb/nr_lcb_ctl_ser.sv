// nr_lcb_ctl_ser.sv - control-channel serializer of the LCB TX.
//
// Purpose: sends the W-bit control word of docs/link-protocol.md §5.1, MSB
//   first, one bit per cycle, in the C bit of the link phits (§5.2). It also
//   keeps the freed-credit counters fr[v] that the word reports.
//     word = {ack(7), epoch(1), wt(1), fr[0](CW), .., fr[NumVcs-1](CW),
//             crc16(16)},
//     W = 25 + NumVcs*CW (41 at the defaults), wt = word toggle (0 in the
//     first word after reset, inverted in every following word), crc16 =
//     CRC-16/IBM-3740 (poly 0x1021, init 0xFFFF, MSB first, xorout 0) over
//     the W-16 payload bits above it.
// Parameters:
//   NumVcs  virtual channels, 1..4.
//   CW      freed-counter width = $clog2(BufPerVc+1), 4..10.
// Ports:
//   ack_i, epoch_i  the local RX's E and epoch registers (start of cycle).
//   cr_i            credits freed by the local input queue this cycle, per VC,
//                   VC v at bits v*CW +: CW (inq_cr).
//   bit_o           this cycle's C bit (from registers only). The LCB TX puts
//                   it into link_tx, which shows it one cycle later.
// Behaviour (exact, §5.1, §5.2): a counter ph steps 0..W-1 (reset 0). At
//   ph = 0 the word is built from ack_i, epoch_i, the toggle register wt and
//   the fr registers before this cycle's addition; bit W-1 goes out now and
//   the rest is kept, and wt inverts. At ph = j > 0 bit W-1-j of the kept
//   word goes out. fr[v] += cr_i[v] every cycle, mod 2^CW.
// Latency: word state at the start of the ph = 0 cycle -> first bit on the
//   link one cycle later; the last bit W-1 cycles after that.
// Cost: NumVcs*CW counter flops, W-1 shift flops, clog2(W) phase flops, one
//   toggle flop, one (W-16)-bit CRC-16 tree (nr_crc16_upd).
`default_nettype none
`include "nr_assert.svh"

module nr_lcb_ctl_ser #(
  parameter int NumVcs = 2,
  parameter int CW     = 8,
  localparam int W     = 25 + NumVcs * CW,
  localparam int DW    = W - 16,
  localparam int PhW   = $clog2(W)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [6:0]           ack_i,
  input  logic                 epoch_i,
  input  logic [NumVcs*CW-1:0] cr_i,
  output logic                 bit_o
);

  `NR_PARAM_ASSERT(p_num_vcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_cw, CW >= 4 && CW <= 10)   // W = 29..65

  logic [PhW-1:0]       ph_q, ph_d;
  logic                 wt_q, wt_d;   // word toggle of the next word built
  logic [NumVcs*CW-1:0] fr_q, fr_d;
  logic [W-2:0]         sh_q, sh_d;   // bits still to send, next one at the top
  logic [DW-1:0]        wdata;
  logic [15:0]          wcrc;
  logic [W-1:0]         word;

  // Word payload: ack, epoch, wt, then fr[0] in the most significant position.
  always_comb begin
    wdata = '0;
    wdata[DW-1 -: 7] = ack_i;
    wdata[DW-8]      = epoch_i;
    wdata[DW-9]      = wt_q;
    for (int v = 0; v < NumVcs; v++) begin
      wdata[(NumVcs-1-v)*CW +: CW] = fr_q[v*CW +: CW];
    end
  end

  // CRC-16/IBM-3740: init 0xFFFF, xorout 0 (an all-zero word never passes).
  nr_crc16_upd #(.DataW(DW)) u_crc (
    .crc_i (16'(nr_pkg::CRC16_INIT)),
    .data_i(wdata),
    .crc_o (wcrc)
  );

  assign word = {wdata, wcrc};

  always_comb begin
    ph_d = (32'(ph_q) == W - 1) ? '0 : ph_q + 1'b1;
    wt_d = (ph_q == '0) ? !wt_q : wt_q;
    for (int v = 0; v < NumVcs; v++) begin
      fr_d[v*CW +: CW] = fr_q[v*CW +: CW] + cr_i[v*CW +: CW];
    end
  end

  // Outside always_comb: Icarus 11 does not support constant selects there.
  assign bit_o = (ph_q == '0) ? word[W-1] : sh_q[W-2];
  assign sh_d  = (ph_q == '0) ? word[W-2:0] : {sh_q[W-3:0], 1'b0};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ph_q <= '0;
      wt_q <= 1'b0;
      fr_q <= '0;
    end else begin
      ph_q <= ph_d;
      wt_q <= wt_d;
      fr_q <= fr_d;
    end
  end

  // Data only: loaded at ph = 0 before any of it is used.
  always_ff @(posedge clk_i) begin
    sh_q <= sh_d;
  end

endmodule
