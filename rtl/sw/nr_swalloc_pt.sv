// nr_swalloc_pt.sv - the arbiter of one port output of nr_swalloc: the grant
// step of a port output (docs/nwn-arch.md 6.2, docs/yarc-arch.md section 7).
//
// Purpose: the packet-level output arbiter of the output port of a YARC tile
//   (nr_outport) and of the port outputs of the network switches' subswitches
//   (nr_nwn_sub), the "port" case of the grant step of the C model
//   (csrc/model/sw_alloc.c, nr_swalloc_eval). Only the arbitration lives
//   here; the output block that holds it (nr_swalloc_out) gathers the
//   requests over the output's crosspoint inputs and holds the output's
//   column of the crossbar.
// Parameters:
//   NumVcs  1..4.
//   NX      crosspoint inputs of this output (|X_j|), >= 1 (nr_swalloc_out
//           builds no arbiter for an output without crosspoints).
// Ports / protocol (index r = v*NX + x: VC v of the x-th crosspoint input):
//   x_valid_i  the front of (x, v) is valid (any kind).
//   x_req_i    (x, v) has a HEAD for this output (held inputs already
//              withdrawn).
//   x_hvc_i    the vc field of (x, v)'s front, 2 bits at (v*NX + x)*2 (the
//              head's: its route's output VC w, docs/fbfly-routing.md 5.3;
//              w = v without the flattened-butterfly mode).
//   vc_ok_i    the port's tx_vc_ok per VC: a HEAD may only start with
//              vc_ok[w] of its vc field w (virtual cut-through at packet
//              granularity, on the VC the packet leaves on); a w >= NumVcs
//              never starts.
//   gnt_o      the grant: busy -> cur if it has a front; else the round robin
//              pptr over the requesters with vc_ok[w], in input-major order
//              (x, v) = (0,0), (0,1), ..., (1,0), ... (docs/nwn-arch.md 6.6:
//              the port's index order r = v*NX + x would let alternating
//              vc_ok starve the high inputs). Combinational from state, x_*
//              and vc_ok_i.
//   own_o      (x, v) is the packet in progress (busy and cur); rdy_o the same
//              (a busy port output always takes cur's next phit).
//   sent_i, sent_eop_i  the granted phit was accepted by its input (and is an
//              EOP): the output presents it this cycle. On a new packet busy
//              and cur are set and pptr moves past the winner; an EOP clears
//              busy. Used only for the state update.
//   ready_i    the port's tx_ready: every presented phit must be taken
//              (asserted only).
// Latency: 0 (grant combinational); state updates at the clock edge.
// Cost: 1 + ceil(log2(NumVcs*NX)) flops and one NumVcs*NX-way round robin
//   (nr_arb_rr) over the requests re-ordered input-major (wiring), a
//   NumVcs-way vc_ok mux per requester, and a constant index map back to r.
`include "nr_assert.svh"

module nr_swalloc_pt #(
  parameter int NumVcs = 2,
  parameter int NX     = 8
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [NumVcs*NX-1:0] x_valid_i,
  input  logic [NumVcs*NX-1:0] x_req_i,
  input  logic [NumVcs*NX*2-1:0] x_hvc_i,
  input  logic [NumVcs-1:0]    vc_ok_i,
  output logic [NumVcs*NX-1:0] gnt_o,
  output logic [NumVcs*NX-1:0] own_o,
  output logic [NumVcs*NX-1:0] rdy_o,
  input  logic                 sent_i,
  input  logic                 sent_eop_i,
  input  logic                 ready_i
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_nx, NX >= 1 && NX <= 64)

  localparam int NR = NumVcs * NX;
  localparam int RW = (NR > 1) ? $clog2(NR) : 1;

  logic          busy_q, busy_d;
  logic [RW-1:0] cur_q, cur_d, gidx, gidx_im, sel;
  logic [NR-1:0] req, areq, areq_im, gnt_unused;
  logic          gvalid;

  // a requester's head starts on its vc field w: vc_ok[w] (0 for w >= NumVcs)
  logic [3:0] vc_ok4;
  assign vc_ok4 = 4'(vc_ok_i);
  for (genvar r = 0; r < NR; r++) begin : g_req
    assign req[r] = x_req_i[r] && vc_ok4[x_hvc_i[r*2 +: 2]];
  end
  assign areq = busy_q ? '0 : req;
  // the arbiter sees (x, v) at x*NumVcs + v: input-major
  for (genvar x = 0; x < NX; x++) begin : g_im
    for (genvar v = 0; v < NumVcs; v++) begin : g_imv
      assign areq_im[x*NumVcs + v] = areq[v*NX + x];
    end
  end
  nr_arb_rr #(.N(NR)) u_parb (
    .clk_i,
    .rst_ni,
    .req_i    (areq_im),
    .advance_i(!busy_q && sent_i),
    .gnt_o    (gnt_unused),
    .gnt_idx_o(gidx_im)
  );
  // ... and its winner back to the port index r = v*NX + x
  always_comb begin
    gidx = '0;
    for (int x = 0; x < NX; x++)
      for (int v = 0; v < NumVcs; v++)
        if (32'(gidx_im) == x*NumVcs + v) gidx = RW'(v*NX + x);
  end
  assign sel    = busy_q ? cur_q : gidx;
  assign gvalid = busy_q ? x_valid_i[sel] : |areq;
  for (genvar r = 0; r < NR; r++) begin : g_gsel
    assign gnt_o[r] = gvalid && 32'(sel) == r;
    assign own_o[r] = busy_q && 32'(cur_q) == r;
    assign rdy_o[r] = own_o[r]; // a busy port output always takes cur's phit
  end
  assign busy_d = sent_i ? !sent_eop_i : busy_q;
  assign cur_d  = (sent_i && !busy_q) ? gidx : cur_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      cur_q  <= '0;
    end else begin
      busy_q <= busy_d;
      cur_q  <= cur_d;
    end
  end
  logic unused_pgnt;
  assign unused_pgnt = ^gnt_unused;

  `NR_ASSERT(a_taken, !sent_i || ready_i, clk_i, rst_ni)

  // an allocator tie: two or more (input, VC) heads want the free output
  `NR_COVER(c_pt_tie, !busy_q && (areq & (areq - 1'b1)) != '0, clk_i, rst_ni)

endmodule
