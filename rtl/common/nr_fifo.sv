// nr_fifo.sv - synchronous FIFO, valid/ready on both sides, data in nr_ram_1r1w.
//
// Purpose: the buffer of the kit (input buffers, output queues, link replay).
//   All Depth words live in one nr_ram_1r1w leaf so that synthesis counts them
//   as SRAM; the only other data flops are one bypass word.
// Parameters:
//   Width  data bits, 1 .. any.
//   Depth  entries, 1 .. any (need not be a power of two).
//          Depth = 1 (branch g_depth1) is a single register with no RAM: it
//          accepts a word only when empty, so it moves one word every 2 cycles.
//          Depth >= 2 (branch g_ram) sustains 1 push + 1 pop per cycle.
// Ports / protocol (AXI-stream rules on both sides):
//   valid_i/ready_o/data_i   push side: a word moves when valid_i && ready_o.
//                            ready_o = (level_o != Depth), a function of state
//                            only (no combinational path from ready_i).
//   valid_o/ready_i/data_o   pop side: valid_o = (level_o != 0); data_o is the
//                            oldest word and holds while valid_o && !ready_i.
//   level_o                  occupancy 0 .. Depth, registered (for adaptive
//                            routing and credit checks).
// Latency: push to valid_o is 1 cycle (a word pushed at edge t is poppable in
//   the cycle after t), for every Depth. No combinational path input to output.
// Cost (g_ram): Width*Depth RAM bits; flops: Width (bypass word, no reset) +
//   2*ceil(log2 Depth) pointers + ceil(log2(Depth+1)) level + 1 bypass select;
//   the RAM reads only on a pop or while empty.
// How full throughput works with a synchronous-read RAM: the read address is
//   the NEXT read pointer, so the word behind the head is already in the RAM
//   read register when the head is popped. A push that writes the very address
//   being read (FIFO empty, or one word popped while another pushed) goes to the
//   bypass register instead, so the RAM's read-during-write value is never used.
`default_nettype none
`include "nr_assert.svh"

module nr_fifo #(
  parameter int Width = 24,
  parameter int Depth = 8,
  localparam int LvlW = $clog2(Depth + 1)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            valid_i,
  output logic            ready_o,
  input  logic [Width-1:0] data_i,
  output logic            valid_o,
  input  logic            ready_i,
  output logic [Width-1:0] data_o,
  output logic [LvlW-1:0] level_o
);

  `NR_PARAM_ASSERT(p_width, Width >= 1)
  `NR_PARAM_ASSERT(p_depth, Depth >= 1)

  logic push, pop;
  assign push = valid_i && ready_o;
  assign pop  = valid_o && ready_i;

  if (Depth == 1) begin : g_depth1
    // One register; push only when empty, pop only when full.
    logic full_q;
    logic [Width-1:0] data_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)   full_q <= 1'b0;
      else if (push) full_q <= 1'b1;
      else if (pop)  full_q <= 1'b0;
    end

    always_ff @(posedge clk_i) begin
      if (push) data_q <= data_i;
    end

    assign ready_o = !full_q;
    assign valid_o = full_q;
    assign data_o  = data_q;
    assign level_o = full_q;

`ifdef FORMAL
    // ---- formal (Depth = 1): see the g_ram block for the method ----
    reg f_past_valid = 1'b0;
    always @(posedge clk_i) f_past_valid <= 1'b1;
    initial assume (!rst_ni);
    reg [Width-1:0] f_word;
    always @(posedge clk_i) if (push) f_word <= data_i;
    always @(*) if (rst_ni) begin
      assert (!(push && pop));
      if (valid_o) assert (data_o == f_word);
    end
    always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && rst_ni) begin
      if ($past(valid_o && !ready_i)) assert (valid_o && data_o == $past(data_o));
      assert (level_o == $past(level_o) + $past(push) - $past(pop));
    end
`endif
  end else begin : g_ram
    localparam int AddrW = $clog2(Depth);

    logic [AddrW-1:0] rptr_q, rptr_d, wptr_q;
    logic [LvlW-1:0]  level_q;
    logic             byp_sel_q;
    logic [Width-1:0] byp_q;
    logic             ram_re, collide;
    logic [Width-1:0] ram_rdata;

    // The read side's next pointer is combinational (it addresses the RAM);
    // the write side's updates, which follow push (in a buffer, the
    // upstream's valid), are made in the clock process, so that a simulator
    // evaluates them at the edge only (docs/yarc-rtl.md, "Less logic on the
    // tile's inputs"): the same registers and logic.
    always_comb begin
      rptr_d = rptr_q;
      if (pop) rptr_d = (32'(rptr_q) == Depth - 1) ? '0 : rptr_q + 1'b1;
      // Read the next head whenever it may change: after a pop, or while empty.
      ram_re = pop || (level_q == '0);
    end
    // The word being written is the one being read: serve it from the bypass.
    assign collide = push && (wptr_q == rptr_d);

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        rptr_q    <= '0;
        wptr_q    <= '0;
        level_q   <= '0;
        byp_sel_q <= 1'b0;
      end else begin
        rptr_q  <= rptr_d;
        if (push) wptr_q <= (32'(wptr_q) == Depth - 1) ? '0 : wptr_q + 1'b1;
        level_q <= level_q + LvlW'(push) - LvlW'(pop);
        if (ram_re) byp_sel_q <= collide;
      end
    end

    always_ff @(posedge clk_i) begin
      if (collide) byp_q <= data_i;
    end

`ifdef FORMAL
    (* anyconst *) reg [AddrW-1:0] f_addr;
    wire [Width-1:0] f_pdata;
`endif

    nr_ram_1r1w #(
      .Width(Width),
      .Depth(Depth)
    ) u_ram (
      .clk_i,
      .rst_ni,
      .we_i   (push),
      .waddr_i(wptr_q),
      .wdata_i(data_i),
      .re_i   (ram_re),
      .raddr_i(rptr_d),
      .rdata_o(ram_rdata)
`ifdef FORMAL
      ,
      .f_paddr_i(f_addr),
      .f_pdata_o(f_pdata)
`endif
    );

    assign ready_o = (32'(level_q) != Depth);
    assign valid_o = (level_q != '0);
    assign data_o  = byp_sel_q ? byp_q : ram_rdata;
    assign level_o = level_q;

`ifdef FORMAL
    // ---- formal (ZipCPU style; scripts/formal.sh, tests/formal.list) ----
    // Tracked word: f_addr is any fixed RAM address, f_word the last word
    // pushed there. Every pop from f_addr must return f_word. With the pointer
    // invariant this is FIFO order, and all of it is 1-inductive.
    reg f_past_valid = 1'b0;
    always @(posedge clk_i) f_past_valid <= 1'b1;
    initial assume (!rst_ni);
    always @(*) assume (32'(f_addr) < Depth);

    reg             f_written = 1'b0;
    reg [Width-1:0] f_word;
    always @(posedge clk_i) if (push && wptr_q == f_addr) begin
      f_written <= 1'b1;
      f_word    <= data_i;
    end

    // distance of f_addr from the head, modulo Depth
    wire [AddrW:0] f_dist = (f_addr >= rptr_q) ? {1'b0, f_addr} - {1'b0, rptr_q}
                                              : {1'b0, f_addr} + (AddrW+1)'(Depth) - {1'b0, rptr_q};
    wire [AddrW:0] f_wrap = {1'b0, rptr_q} + (AddrW+1)'(level_q);
    wire f_occupied = (32'(f_dist) < 32'(level_q));

    always @(*) if (rst_ni) begin
      assert (32'(level_q) <= Depth);
      assert (32'(rptr_q) < Depth && 32'(wptr_q) < Depth);
      // the write pointer is level words after the read pointer
      assert (32'(wptr_q) == ((32'(f_wrap) >= Depth) ? 32'(f_wrap) - Depth : 32'(f_wrap)));
      assert (valid_o == (level_q != '0));
      assert (ready_o == (32'(level_q) != Depth));
      assert (!(push && 32'(level_q) == Depth));
      assert (!(pop && level_q == '0));
      if (byp_sel_q) assert (level_q != '0);
      // data: the RAM holds what was pushed; the head shows it
      if (f_occupied) assert (f_written);
      if (f_written && f_occupied) assert (f_pdata == f_word);
      if (valid_o && rptr_q == f_addr) assert (data_o == f_word);
    end

    always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && rst_ni) begin
      assert (level_q == $past(level_q) + LvlW'($past(push)) - LvlW'($past(pop)));
      if ($past(valid_o && !ready_i)) assert (valid_o && data_o == $past(data_o));
    end
`endif
  end

endmodule
