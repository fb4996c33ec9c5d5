// nr_ss_ages.sv - the ages of the packets in one SeaStar staging buffer: a
// FIFO of 8-bit saturating counters, one per packet (docs/seastar-arch.md 8).
//
// Purpose: a packet's age grows by 1 at every tick of the chip's age clock,
//   at most 255, from its route until its grant. The staging buffer (q, p, w)
//   of nr_ss_out holds its packets' phits in nr_vcbank and their ages here:
//   one entry per packet, pushed with its head and popped with its EOP; the
//   front entry is the age of the packet at the buffer's front. Counters, not
//   a RAM leaf: every entry counts at an age-clock tick.
// Parameters:
//   Depth  entries, 1..129: the packets whose phits the buffer can hold at
//          once (StageDepth/2 + 1: packets of at least 2 phits, the front one
//          and the last one partly in).
// Ports / protocol:
//   inc_i    an age-clock tick at this edge: every entry counts (at most 255).
//   push_i, age_i  a packet enters with age age_i (the caller gives it with
//            this edge's tick counted).
//   pop_i    the front packet's EOP leaves at this edge.
//   front_o  the front entry (state only; meaningful while a packet is in).
// Latency: a push is the front entry from the next cycle when it is first.
// Cost: Depth x 8 flops, Depth saturating incrementers, two pointers.
`default_nettype none
`include "nr_assert.svh"

module nr_ss_ages #(
  parameter int Depth = 9,
  localparam int PtrW = nr_pkg::idx_w(Depth)
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       inc_i,
  input  logic       push_i,
  input  logic [7:0] age_i,
  input  logic       pop_i,
  output logic [7:0] front_o
);

  `NR_PARAM_ASSERT(p_depth, Depth >= 1 && Depth <= 129)

  logic [7:0]      age_q [Depth];
  logic [7:0]      age_d [Depth];
  logic [PtrW-1:0] hd_q, hd_d, tl_q, tl_d;
  logic [PtrW:0]   cnt_q, cnt_d;

  function automatic logic [PtrW-1:0] nxt(input logic [PtrW-1:0] p);
    nxt = (32'(p) == Depth - 1) ? '0 : p + 1'b1;
  endfunction

  always_comb begin
    for (int i = 0; i < Depth; i++) begin
      age_d[i] = (inc_i && age_q[i] != 8'hFF) ? age_q[i] + 8'd1 : age_q[i];
      if (push_i && 32'(tl_q) == i) age_d[i] = age_i;
    end
    hd_d  = pop_i ? nxt(hd_q) : hd_q;
    tl_d  = push_i ? nxt(tl_q) : tl_q;
    cnt_d = cnt_q + (PtrW+1)'(push_i) - (PtrW+1)'(pop_i);
  end
  assign front_o = age_q[hd_q];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hd_q  <= '0;
      tl_q  <= '0;
      cnt_q <= '0;
    end else begin
      hd_q  <= hd_d;
      tl_q  <= tl_d;
      cnt_q <= cnt_d;
    end
  end
  // data: no reset
  always_ff @(posedge clk_i) begin
    for (int i = 0; i < Depth; i++) age_q[i] <= age_d[i];
  end

  `NR_ASSERT(a_overflow, !push_i || pop_i || 32'(cnt_q) < Depth, clk_i, rst_ni)
  `NR_ASSERT(a_underflow, !pop_i || cnt_q != '0, clk_i, rst_ni)

endmodule
