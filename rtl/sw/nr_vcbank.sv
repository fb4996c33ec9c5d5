// nr_vcbank.sv - the bank of per-(input, VC) FIFO buffers in front of a
// subswitch allocator: one nr_fifo per (input, VC), written by the input's
// channel on the phit's VC, read by the allocator's pops.
//
// Purpose: the buffered inputs of every subswitch of the kit: the row buffers
//   of a YARC subswitch (nr_subswitch), the column buffers of a YARC output
//   port (nr_outport) and the internal-channel inputs of a network-switch
//   subswitch (nr_nwn_sub). The C model's counterpart is the nr_vcbank array
//   of nr_swalloc (sw_bufs.h, sw_bufs.c). What an entry holds (the phit, and
//   a target or sideband beside it) is the caller's.
// Parameters:
//   NumIn   inputs, 1..64.
//   NumVcs  1..4.
//   Width   bits per entry, >= 1.
//   Depth   entries per (input, VC) = the sender's credits, >= 1 (nr_fifo;
//           Depth = 1 halves the throughput of that buffer, nr_fifo g_depth1).
// Ports / protocol (buffer b = i*NumVcs + v):
//   in_valid_i, in_vc_i, in_data_i  one entry per input per cycle into buffer
//     (i, in_vc_i[i]); usable (fr_valid_o) from the next cycle. The sender
//     holds a credit: a push into a full buffer is a violation (asserted).
//   fr_valid_o, fr_data_o  (flat, index b) the front of each buffer. State
//     only.
//   pop_i  (flat, index b) pop the front at the end of the cycle; a pop is
//     also the buffer's credit back to its sender (the caller wires it out).
// Latency: 1 cycle from the write to the front (nr_fifo).
// Cost: NumIn*NumVcs nr_fifo of Depth x Width bits (RAM leaves) and their
//   pointers; the occupancy outputs of the FIFOs are not used.
`default_nettype none
`include "nr_assert.svh"

module nr_vcbank #(
  parameter int NumIn  = 8,
  parameter int NumVcs = 2,
  parameter int Width  = 24,
  parameter int Depth  = 8,
  localparam int VcW   = nr_pkg::idx_w(NumVcs)
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  input  logic [NumIn-1:0]              in_valid_i,
  input  logic [NumIn*VcW-1:0]          in_vc_i,
  input  logic [NumIn*Width-1:0]        in_data_i,
  output logic [NumIn*NumVcs-1:0]       fr_valid_o,
  output logic [NumIn*NumVcs*Width-1:0] fr_data_o,
  input  logic [NumIn*NumVcs-1:0]       pop_i
);

  `NR_PARAM_ASSERT(p_numin, NumIn >= 1 && NumIn <= 64)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_width, Width >= 1)
  `NR_PARAM_ASSERT(p_depth, Depth >= 1)

  for (genvar i = 0; i < NumIn; i++) begin : g_in
    for (genvar v = 0; v < NumVcs; v++) begin : g_vc
      localparam int B = i*NumVcs + v;
      logic push, rdy;
      logic [$clog2(Depth+1)-1:0] lvl_unused;
      logic unused_lvl;
      assign unused_lvl = ^lvl_unused;
      assign push = in_valid_i[i] && 32'(in_vc_i[i*VcW +: VcW]) == v;
      nr_fifo #(
        .Width(Width),
        .Depth(Depth)
      ) u_buf (
        .clk_i,
        .rst_ni,
        .valid_i(push),
        .ready_o(rdy),
        .data_i (in_data_i[i*Width +: Width]),
        .valid_o(fr_valid_o[B]),
        .ready_i(pop_i[B]),
        .data_o (fr_data_o[B*Width +: Width]),
        .level_o(lvl_unused)
      );
      `NR_ASSERT(a_credit, !push || rdy, clk_i, rst_ni)
    end
  end

endmodule
