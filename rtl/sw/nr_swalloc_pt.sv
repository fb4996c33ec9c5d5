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
//   SaGroup 0: one round robin over the requesters. m >= 2, dividing NX: the
//           distributed allocator of the baseline VC router (docs/nwn-arch.md
//           1.7, SaAlloc = 2; [AK11 6.2] Fig 6.3), whose inputs bid on one
//           VC each: a round robin over the inputs of each group of m, one
//           over the groups with a winner; a new packet moves its group's
//           pointer past its input and the global one past its group.
// Ports / protocol (index r = x*NumVcs + v: VC v of the x-th crosspoint
// input, input-major):
//   x_valid_i  the front of (x, v) is valid (any kind).
//   x_req_i    (x, v) has a HEAD for this output (held inputs already
//              withdrawn).
//   x_spec_i   (x, v)'s request is speculative (doc 1.7, Spec): it loses to
//              any other request, here and in the distributed allocator.
//   x_hlo_i, x_hhi_i  the vc field of (x, v)'s front, its low and high bit
//              (the head's: its route's output VC w, docs/fbfly-routing.md
//              5.3; w = v without the flattened-butterfly mode).
//   vc_ok_i    the port's tx_vc_ok per VC: a HEAD may only start with
//              vc_ok[w] of its vc field w (virtual cut-through at packet
//              granularity, on the VC the packet leaves on); a w >= NumVcs
//              never starts.
//   gnt_o      the grant: busy -> cur if it has a front; else the round robin
//              pptr over the requesters with vc_ok[w], in input-major order
//              (x, v) = (0,0), (0,1), ..., (1,0), ..., the index order r
//              (docs/nwn-arch.md 6.6: VC-major order would let alternating
//              vc_ok starve the high inputs). Combinational from state, x_*
//              and vc_ok_i.
//   own_o      (x, v) is the packet in progress (busy and cur); rdy_o the same
//              (a busy port output always takes cur's next phit).
//   gv_o, gvc_o, gx_o  the grant as an index: gv_o = |gnt_o, and the granted
//              (x, v) (both 0 without a grant), for the output's crossbar
//              mux (nr_swalloc_out).
//   sent_i, sent_eop_i  the granted phit was accepted by its input (and is an
//              EOP): the output presents it this cycle. On a new packet busy
//              and cur are set and pptr moves past the winner; an EOP clears
//              busy. Used only for the state update.
//   ready_i    the port's tx_ready: every presented phit must be taken
//              (asserted only).
// Latency: 0 (grant combinational); state updates at the clock edge.
// Cost: 1 + ceil(log2(NX)) + ceil(log2(NumVcs)) flops and one NumVcs*NX-way
//   round robin (nr_arb_rr), a NumVcs-way vc_ok mux per requester (on the
//   vc field's two bit planes), and decoders of the winner and of cur. Written as vector
//   operations, not one statement per requester: Verilator's C++ of the
//   64-input crossbar (cn-k64, 64 of these with 128 requesters each) shrank
//   with it (docs/nwn-rtl.md, "Verilator builds").
`default_nettype none
`include "nr_assert.svh"

module nr_swalloc_pt #(
  parameter int NumVcs = 2,
  parameter int NX     = 8,
  parameter int SaGroup = 0,
  parameter int Spec   = 0,
  localparam int VcW   = nr_pkg::idx_w(NumVcs),
  localparam int XW    = nr_pkg::idx_w(NX)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [NumVcs*NX-1:0] x_valid_i,
  input  logic [NumVcs*NX-1:0] x_req_i,
  input  logic [NumVcs*NX-1:0] x_spec_i,
  input  logic [NumVcs*NX-1:0] x_hlo_i,
  input  logic [NumVcs*NX-1:0] x_hhi_i,
  input  logic [NumVcs-1:0]    vc_ok_i,
  output logic [NumVcs*NX-1:0] gnt_o,
  output logic [NumVcs*NX-1:0] own_o,
  output logic [NumVcs*NX-1:0] rdy_o,
  output logic                 gv_o,
  output logic [VcW-1:0]       gvc_o,
  output logic [XW-1:0]        gx_o,
  input  logic                 sent_i,
  input  logic                 sent_eop_i,
  input  logic                 ready_i
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_nx, NX >= 1 && NX <= 64)
  `NR_PARAM_ASSERT(p_group, SaGroup == 0 || (SaGroup >= 2 && NX % SaGroup == 0))

  localparam int NR = NumVcs * NX;
  localparam int RW = nr_pkg::idx_w(NR);

  logic           busy_q, busy_d;
  logic [VcW-1:0] curv_q, curv_d, wv, sv;  // cur = (curx, curv); the winner; sel
  logic [XW-1:0]  curx_q, curx_d, wx, sx;
  logic [RW-1:0]  gidx_im;
  logic [NR-1:0]  req, areq, gnt_unused, hlo, hhi, onehot;
  logic           gvalid;

  // a requester's head starts on its vc field w: vc_ok[w] (0 for w >= NumVcs)
  logic [3:0] vc_ok4;
  assign vc_ok4 = 4'(vc_ok_i);
  assign hlo = x_hlo_i;
  assign hhi = x_hhi_i;
  assign req  = x_req_i & ((~hhi & ~hlo & {NR{vc_ok4[0]}}) | (~hhi & hlo & {NR{vc_ok4[1]}}) |
                           (hhi & ~hlo & {NR{vc_ok4[2]}}) | (hhi & hlo & {NR{vc_ok4[3]}}));
  // speculative requests only where speculation is configured (Spec): the
  // other allocators keep the plain request path
  if (Spec != 0) begin : g_spec
    logic [NR-1:0] nreq;
    assign nreq = req & ~x_spec_i;
    assign areq = busy_q ? '0 : (nreq != '0) ? nreq : req;
  end else begin : g_nospec
    assign areq = busy_q ? '0 : req;
    logic unused_spec;
    assign unused_spec = ^x_spec_i;
  end
  if (SaGroup == 0) begin : g_rr
    nr_arb_rr #(.N(NR)) u_parb (
      .clk_i,
      .rst_ni,
      .req_i    (areq),
      .advance_i(!busy_q && sent_i),
      .gnt_o    (gnt_unused),
      .gnt_idx_o(gidx_im)
    );
    // ... its winner as (x, v)
    assign wx = XW'(32'(gidx_im) / NumVcs);
    assign wv = VcW'(32'(gidx_im) % NumVcs);
  end else begin : g_dist
    // the distributed allocator: local round robins over the inputs of each
    // group, a global one over the groups; the winner's (lowest) VC
    localparam int G  = NX / SaGroup;
    localparam int LW = nr_pkg::idx_w(SaGroup);
    localparam int GW = nr_pkg::idx_w(G);
    logic [NX-1:0]   xr;
    logic [G-1:0]    gm, gg_unused;
    logic [G*XW-1:0] lw;
    logic [GW-1:0]   gi;
    for (genvar x = 0; x < NX; x++) begin : g_x
      assign xr[x] = |areq[x*NumVcs +: NumVcs];
    end
    for (genvar g = 0; g < G; g++) begin : g_g
      logic [SaGroup-1:0] lg_unused;
      logic [LW-1:0]      li;
      nr_arb_rr #(.N(SaGroup)) u_loc (
        .clk_i,
        .rst_ni,
        .req_i    (xr[g*SaGroup +: SaGroup]),
        .advance_i(!busy_q && sent_i && 32'(gi) == g),
        .gnt_o    (lg_unused),
        .gnt_idx_o(li)
      );
      assign lw[g*XW +: XW] = XW'(g*SaGroup + 32'(li));
      assign gm[g]          = |xr[g*SaGroup +: SaGroup];
      logic unused_lg;
      assign unused_lg = ^lg_unused;
    end
    nr_arb_rr #(.N(G)) u_glob (
      .clk_i,
      .rst_ni,
      .req_i    (gm),
      .advance_i(sent_i && !busy_q),
      .gnt_o    (gg_unused),
      .gnt_idx_o(gi)
    );
    assign wx = lw[32'(gi)*XW +: XW];
    always_comb begin
      wv = '0;
      for (int v = NumVcs - 1; v >= 0; v--)
        if (areq[32'(wx)*NumVcs + v]) wv = VcW'(v);
    end
    assign gnt_unused = '0;
    assign gidx_im    = '0;
    logic unused_gg;
    assign unused_gg = ^gg_unused;
  end
  // the selected requester: cur while busy
  assign sx     = busy_q ? curx_q : wx;
  assign sv     = busy_q ? curv_q : wv;
  assign gvalid = busy_q ? x_valid_i[32'(sx)*NumVcs + 32'(sv)] : |areq;
  // one-hots at r = x*NumVcs + v: the grant (sx, sv), and cur from its
  // registers alone (own_o must not appear to depend on the requests: the
  // accept stage's held rule reads it to form them)
  assign onehot = NR'(1) << (32'(sx)*NumVcs + 32'(sv));
  assign gnt_o  = gvalid ? onehot : '0;
  assign own_o  = busy_q ? NR'(1) << (32'(curx_q)*NumVcs + 32'(curv_q)) : '0;
  assign rdy_o  = own_o; // a busy port output always takes cur's phit
  assign gv_o   = gvalid;
  assign gvc_o  = gvalid ? sv : '0;
  assign gx_o   = gvalid ? sx : '0;
  assign busy_d = sent_i ? !sent_eop_i : busy_q;
  assign curx_d = (sent_i && !busy_q) ? wx : curx_q;
  assign curv_d = (sent_i && !busy_q) ? wv : curv_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      curx_q <= '0;
      curv_q <= '0;
    end else begin
      busy_q <= busy_d;
      curx_q <= curx_d;
      curv_q <= curv_d;
    end
  end
  logic unused_pgnt;
  assign unused_pgnt = ^{gnt_unused, gidx_im};

  `NR_ASSERT(a_taken, !sent_i || ready_i, clk_i, rst_ni)

  // an allocator tie: two or more (input, VC) heads want the free output
  `NR_COVER(c_pt_tie, !busy_q && (areq & (areq - 1'b1)) != '0, clk_i, rst_ni)

endmodule
