// nr_outport.sv - generic packet-level output arbiter over per-(input, VC)
// buffers, virtual cut-through gated by the link's per-VC head permission.
//
// Purpose: the YARC output port (docs/yarc-arch.md section 7): the column
//   buffers of a tile and the stage-2 arbitration that feeds one packet at a
//   time into the port's LCB TX. Written without YARC assumptions, for reuse by
//   the folded-Clos and bilateral-butterfly switches.
// Parameters:
//   NumIn   inputs (column channels), 1..64.
//   NumVcs  1..4.
//   Depth   buffer per (input, VC), phits, >= 1 (nr_fifo).
//   Degenerate values (NumIn = NumVcs = 1, Depth = 1) fall into the named
//   branches of the cells (nr_arb_rr g_single, nr_fifo g_depth1).
// Ports / protocol:
//   in_valid_ip_i, in_vc_ip_i, in_phit_ip_i  one phit per input per cycle into
//     buffer (input, vc); the sender holds a credit (a push into a full buffer
//     is asserted). Usable from the next cycle.
//   in_cr_ip_vc_o  (flat, index i*NumVcs+v) buffer (i, v) was popped this
//     cycle: one credit back to the sender. Combinational.
//   tx_valid_o, tx_phit_o, tx_ready_i, tx_vc_ok_i  the LCB TX core interface
//     (docs/link-protocol.md section 7.1). tx_valid_o/tx_phit_o depend on state
//     and tx_vc_ok_i only (never on tx_ready_i). A presented phit must be taken
//     (tx_ready_i = 1): a head is only presented with tx_vc_ok_i[v], and the
//     LCB takes every later phit of a packet (asserted).
// Behaviour, each cycle: requester r = v*NumIn + i is buffer (i, v) with a HEAD
//   in front and tx_vc_ok_i[v]. If not busy, a round robin over the requesters
//   picks one, presents its head, sets busy/cur and moves past it. If busy, the
//   front of buffer cur is presented if there is one, else nothing (a gap; the
//   LCB sends a PAD). When the EOP is taken busy clears (new head next cycle).
// Latency: 1 cycle from the buffer write to tx_valid_o (zero load).
// Cost: NumIn*NumVcs nr_fifo of Depth x 24 bits (RAM leaves); flops 1 busy +
//   clog2(NumIn*NumVcs) cur + the round-robin pointer; one NumIn*NumVcs-way
//   round robin and a 24-bit NumIn*NumVcs:1 mux.
`include "nr_assert.svh"

module nr_outport #(
  parameter int NumIn  = 8,
  parameter int NumVcs = 2,
  parameter int Depth  = 8,
  localparam int PhitW = nr_pkg::PHIT_W,
  localparam int VcW   = (NumVcs > 1) ? $clog2(NumVcs) : 1,
  localparam int NumB  = NumIn * NumVcs,
  localparam int BW    = (NumB > 1) ? $clog2(NumB) : 1
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic [NumIn-1:0]        in_valid_ip_i,
  input  logic [NumIn*VcW-1:0]    in_vc_ip_i,
  input  logic [NumIn*PhitW-1:0]  in_phit_ip_i,
  output logic [NumIn*NumVcs-1:0] in_cr_ip_vc_o,
  output logic                    tx_valid_o,
  output logic [PhitW-1:0]        tx_phit_o,
  input  logic                    tx_ready_i,
  input  logic [NumVcs-1:0]       tx_vc_ok_i
);

  `NR_PARAM_ASSERT(p_numin, NumIn >= 1 && NumIn <= 64)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_depth, Depth >= 1)

  localparam logic [1:0] K_HEAD = 2'(nr_pkg::KIND_HEAD);
  localparam logic [1:0] K_EOP  = 2'(nr_pkg::KIND_EOP);

  // ---------------------------------------------------------------- buffers
  // Buffer r = v*NumIn + i (the doc's requester index).
  logic [NumB-1:0]       fvalid, req, pop;
  logic [NumB*PhitW-1:0] fdata;

  for (genvar v = 0; v < NumVcs; v++) begin : g_vc
    for (genvar i = 0; i < NumIn; i++) begin : g_in
      localparam int B = v*NumIn + i;
      logic push, rdy;
      logic [PhitW-1:0] d;
      logic [$clog2(Depth+1)-1:0] lvl_unused;
      logic unused_lvl;
      assign unused_lvl = ^lvl_unused;
      assign push = in_valid_ip_i[i] && 32'(in_vc_ip_i[i*VcW +: VcW]) == v;
      nr_fifo #(
        .Width(PhitW),
        .Depth(Depth)
      ) u_buf (
        .clk_i,
        .rst_ni,
        .valid_i(push),
        .ready_o(rdy),
        .data_i (in_phit_ip_i[i*PhitW +: PhitW]),
        .valid_o(fvalid[B]),
        .ready_i(pop[B]),
        .data_o (d),
        .level_o(lvl_unused)
      );
      assign fdata[B*PhitW +: PhitW] = d;
      assign req[B] = fvalid[B] && d[PhitW-1 -: 2] == K_HEAD && tx_vc_ok_i[v];
      assign in_cr_ip_vc_o[i*NumVcs+v] = pop[B];
      `NR_ASSERT(a_credit, !push || rdy, clk_i, rst_ni)
    end
  end

  // ---------------------------------------------------------------- arbiter
  logic          busy_q, busy_d;
  logic [BW-1:0] cur_q, cur_d, gidx, sel;
  logic          gvalid, take, take_eop;
  logic [NumB-1:0] gnt_unused;

  logic [NumB-1:0] areq;
  assign areq   = busy_q ? '0 : req;
  assign gvalid = |areq;
  nr_arb_rr #(.N(NumB)) u_arb (
    .clk_i,
    .rst_ni,
    .req_i    (areq),
    .advance_i(!busy_q && tx_ready_i),
    .gnt_o    (gnt_unused),
    .gnt_idx_o(gidx)
  );

  assign sel        = busy_q ? cur_q : gidx;
  assign tx_valid_o = busy_q ? fvalid[sel] : gvalid;
  assign tx_phit_o  = fdata[32'(sel)*PhitW +: PhitW];
  assign take       = tx_valid_o && tx_ready_i;
  assign take_eop   = take && tx_phit_o[PhitW-1 -: 2] == K_EOP;

  always_comb begin
    pop = '0;
    if (take) pop[sel] = 1'b1;
  end

  assign busy_d = take ? !take_eop : busy_q;
  assign cur_d  = (take && !busy_q) ? gidx : cur_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      cur_q  <= '0;
    end else begin
      busy_q <= busy_d;
      cur_q  <= cur_d;
    end
  end

  logic unused_gnt;
  assign unused_gnt = ^gnt_unused;

  `NR_ASSERT(a_taken, !tx_valid_o || tx_ready_i, clk_i, rst_ni)
  // a buffer whose front is not a HEAD must be the packet in progress
  for (genvar b = 0; b < NumB; b++) begin : g_chk
    `NR_ASSERT(a_stray, !fvalid[b] || fdata[b*PhitW + PhitW - 1 -: 2] == K_HEAD ||
               (busy_q && 32'(cur_q) == b), clk_i, rst_ni)
  end

endmodule
