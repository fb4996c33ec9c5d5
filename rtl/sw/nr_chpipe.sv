// nr_chpipe.sv - the pipeline of an internal channel group of a switch:
// NumCh data channels forward and one word of credits back, each Latency
// register stages (nr_delay).
//
// Purpose: the wire delay between the blocks of a switch: the row bus and
//   the column channels of YARC (nr_yarc, docs/yarc-arch.md section 3) and
//   the up- and down-links between the subswitches of the network switches
//   (nr_nwn, docs/nwn-arch.md section 5). A channel of latency L (decided in
//   t, usable by the receiver's decision in t+L) is L-1 stages here plus the
//   receiver's buffer write; a credit for a pop in t passes the same L-1
//   stages and is added to the sender's counter at the end of t+L-1. The C
//   model has no registers for it: the buffer entries carry ready times and
//   the credits go on a timing wheel (sw_bufs.h: nr_vcbank and nr_chpipe).
// Parameters:
//   NumCh    data channels, >= 1 (each its own nr_delay).
//   Width    bits per data channel, >= 1.
//   NumCr    credit bits going back, >= 1 (any grouping, e.g. per (buffer,
//            VC)); they travel as one word, valid when any bit is set.
//   Latency  register stages, 0..128 (0: wires; clk_i and rst_ni unused).
// Ports / protocol:
//   ch_valid_i, ch_data_i  (flat, channel-major) a word per channel and cycle
//     from the sender; ch_valid_o, ch_data_o the same Latency cycles later
//     (data meaningful only with valid). No ready: the credits bound what is
//     in flight.
//   cr_i  credits from the receiver (its pops) this cycle; cr_o the same
//     Latency cycles later, 0 in a cycle with none.
// Latency: exactly Latency cycles both ways.
// Cost: Latency*(NumCh + 1) valid flops (reset) and Latency*(NumCh*Width +
//   NumCr) data flops (no reset).
`default_nettype none
`include "nr_assert.svh"

module nr_chpipe #(
  parameter int NumCh   = 1,
  parameter int Width   = 24,
  parameter int NumCr   = 2,
  parameter int Latency = 1
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [NumCh-1:0]       ch_valid_i,
  input  logic [NumCh*Width-1:0] ch_data_i,
  output logic [NumCh-1:0]       ch_valid_o,
  output logic [NumCh*Width-1:0] ch_data_o,
  input  logic [NumCr-1:0]       cr_i,
  output logic [NumCr-1:0]       cr_o
);

  `NR_PARAM_ASSERT(p_numch, NumCh >= 1)
  `NR_PARAM_ASSERT(p_width, Width >= 1)
  `NR_PARAM_ASSERT(p_numcr, NumCr >= 1)
  `NR_PARAM_ASSERT(p_latency, Latency >= 0 && Latency <= 128)

  // ---- data: one delay line per channel
  for (genvar k = 0; k < NumCh; k++) begin : g_ch
    nr_delay #(
      .Width  (Width),
      .Latency(Latency)
    ) u_data (
      .clk_i,
      .rst_ni,
      .valid_i(ch_valid_i[k]),
      .data_i (ch_data_i[k*Width +: Width]),
      .valid_o(ch_valid_o[k]),
      .data_o (ch_data_o[k*Width +: Width])
    );
  end

  // ---- credits: one word, valid when any bit is set
  logic             cr_v;
  logic [NumCr-1:0] cr_d;
  nr_delay #(
    .Width  (NumCr),
    .Latency(Latency)
  ) u_cr (
    .clk_i,
    .rst_ni,
    .valid_i(|cr_i),
    .data_i (cr_i),
    .valid_o(cr_v),
    .data_o (cr_d)
  );
  assign cr_o = cr_v ? cr_d : '0;

endmodule
