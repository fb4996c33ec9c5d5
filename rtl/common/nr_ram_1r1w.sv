// nr_ram_1r1w.sv - one-write, one-read RAM with a synchronous read port.
//
// Purpose: the storage leaf of every buffer in the kit. Synthesis maps it to
//   an SRAM macro (or counts its bits as memory), Verilator simulates it as an
//   array, and the area flow can swap in a macro model behind the same ports.
// Parameters:
//   Width  data bits per word, 1 .. any.
//   Depth  words, 1 .. any (need not be a power of two). Depth = 1 is a plain
//          register (branch g_depth1); the address ports are then 1 bit wide
//          and ignored.
// Ports / protocol:
//   we_i, waddr_i, wdata_i   write mem[waddr_i] = wdata_i at the clock edge.
//   re_i, raddr_i            read mem[raddr_i]; rdata_o shows the word from the
//                            cycle after re_i and holds until the next read.
//   Addresses must be < Depth when the enable is high (asserted).
//   Read during a write to the same address returns the OLD word in this model.
//   Callers must not depend on it (a foundry macro may return either), and no
//   cell in the kit does: nr_fifo bypasses that case.
// Latency: 1 cycle, read enable to rdata_o. Write visible to a read issued in
//   the next cycle.
// Cost: Width*Depth storage bits (no reset, no init), plus a Width-bit read
//   register; no flops with reset. Power: one read and one write per cycle at
//   most.
// Formal: under FORMAL a peek port (f_paddr_i -> f_pdata_o, combinational)
//   exposes one word, and f_mem_o (word a at a*Width +: Width) all of them,
//   so that a caller's proof can state invariants about the stored data;
//   yosys does not resolve hierarchical references. f_mem_o is for proofs
//   whose assertions read words at addresses that move (nr_lcb_tx: the
//   replay stream); leave it open otherwise.
`default_nettype none
`include "nr_assert.svh"

module nr_ram_1r1w #(
  parameter int Width = 24,
  parameter int Depth = 16,
  localparam int AddrW = nr_pkg::idx_w(Depth)
) (
  input  logic             clk_i,
  input  logic             rst_ni,   // used by the assertions only
  input  logic             we_i,
  input  logic [AddrW-1:0] waddr_i,
  input  logic [Width-1:0] wdata_i,
  input  logic             re_i,
  input  logic [AddrW-1:0] raddr_i,
  output logic [Width-1:0] rdata_o
`ifdef FORMAL
  ,
  input  logic [AddrW-1:0] f_paddr_i,
  output logic [Width-1:0] f_pdata_o,
  output logic [Depth*Width-1:0] f_mem_o
`endif
);

  `NR_PARAM_ASSERT(p_width, Width >= 1)
  `NR_PARAM_ASSERT(p_depth, Depth >= 1)

  logic [Width-1:0] rdata_q;
  assign rdata_o = rdata_q;

  if (Depth == 1) begin : g_depth1
    logic [Width-1:0] mem_q;
    logic unused_addr;
    assign unused_addr = ^{waddr_i, raddr_i, rst_ni};

    always_ff @(posedge clk_i) begin
      if (we_i) mem_q <= wdata_i;
      if (re_i) rdata_q <= mem_q;
    end
`ifdef FORMAL
    logic unused_paddr;
    assign unused_paddr = ^f_paddr_i;
    assign f_pdata_o = mem_q;
    assign f_mem_o   = mem_q;
`endif
  end else begin : g_array
    logic [Width-1:0] mem_q [Depth];

    always_ff @(posedge clk_i) begin
      if (we_i) mem_q[waddr_i] <= wdata_i;
      if (re_i) rdata_q <= mem_q[raddr_i];
    end

    `NR_ASSERT(a_waddr_range, !we_i || (32'(waddr_i) < Depth), clk_i, rst_ni)
    `NR_ASSERT(a_raddr_range, !re_i || (32'(raddr_i) < Depth), clk_i, rst_ni)
`ifdef FORMAL
    assign f_pdata_o = mem_q[f_paddr_i];
    for (genvar a = 0; a < Depth; a++) begin : g_f_mem
      assign f_mem_o[a*Width +: Width] = mem_q[a];
    end
`endif
  end

endmodule
