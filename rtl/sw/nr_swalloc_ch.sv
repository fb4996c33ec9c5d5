// nr_swalloc_ch.sv - the arbiter of one channel output of nr_swalloc: the
// grant step of a channel output and its credit counters (docs/nwn-arch.md
// 6.2-6.4, docs/yarc-arch.md section 6).
//
// Purpose: the per-output allocation of the YARC subswitch (nr_subswitch,
//   the column channels) and of the internal-channel outputs of the network
//   switches' subswitches (nr_nwn_sub), the "channel" case of the grant step
//   of the C model (csrc/model/sw_alloc.c, nr_swalloc_eval). Only the
//   arbitration and the credits live here; the output block that holds it
//   (nr_swalloc_out) gathers the requests over the output's crosspoint inputs
//   and holds the output's column of the crossbar.
// Parameters:
//   NumVcs   1..4.
//   NX       crosspoint inputs of this output (|X_j|), >= 1 (nr_swalloc_out
//            keeps only the credit counters of an output without crosspoints).
//   Credits  credits per VC = downstream buffer depth, >= 1.
// Ports / protocol (index x*NumVcs + v: VC v of the x-th crosspoint input,
// input-major, as nr_swalloc_out gathers them):
//   x_valid_i  the front of (x, v) is valid (any kind).
//   x_req_i    (x, v) has a HEAD for this output (held inputs already
//              withdrawn).
//   gnt_o      the grant: per VC v the source a[v] is the owner own[v] or the
//              round robin arb1[v] over the head requests on v; v is eligible
//              if a[v] exists, has a front and cc[v] > 0; the VC round robin
//              vptr picks v* and the output grants (a[v*], v*). Combinational
//              from state and x_*.
//   vc_o       v* (meaningful with sent_i).
//   gv_o, gx_o  the grant as an index: gv_o = |gnt_o, gx_o = a[v*] (0 without
//              a grant), for the output's crossbar mux (nr_swalloc_out).
//   own_o      (x, v) owns this output on v; rdy_o: ... and cc[v] > 0 (the
//              owner could send its next phit: the held-input rule).
//   sent_i, sent_eop_i  the granted phit was accepted by its input (and is an
//              EOP). On commit: cc[v*]--, a new source becomes the owner
//              (arb1[v*] moves past it), an EOP clears the owner and moves
//              vptr past v*. Used only for the state update.
//   cr_i       one credit returned per VC, added at the end of the cycle.
//   cc_o       the credit counters (registered).
// Latency: 0 (grant combinational); state updates at the clock edge.
// Cost: NumVcs*(1 + ceil(log2 NX)) owner flops, NumVcs NX-way round robins,
//   a NumVcs-way round robin, NumVcs credit counters of
//   ceil(log2(Credits+1)) bits (nr_credit_cnt).
`default_nettype none
`include "nr_assert.svh"

module nr_swalloc_ch #(
  parameter int NumVcs  = 2,
  parameter int NX      = 8,
  parameter int Credits = 8,
  localparam int VcW    = nr_pkg::idx_w(NumVcs),
  localparam int CrW    = $clog2(Credits + 1),
  localparam int XW     = nr_pkg::idx_w(NX)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic [NumVcs*NX-1:0]  x_valid_i,
  input  logic [NumVcs*NX-1:0]  x_req_i,
  output logic [NumVcs*NX-1:0]  gnt_o,
  output logic [VcW-1:0]        vc_o,
  output logic                  gv_o,
  output logic [XW-1:0]         gx_o,
  output logic [NumVcs*NX-1:0]  own_o,
  output logic [NumVcs*NX-1:0]  rdy_o,
  input  logic                  sent_i,
  input  logic                  sent_eop_i,
  input  logic [NumVcs-1:0]     cr_i,
  output logic [NumVcs*CrW-1:0] cc_o
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_nx, NX >= 1 && NX <= 64)
  `NR_PARAM_ASSERT(p_credits, Credits >= 1)


  logic [NumVcs-1:0]     own_v_q, own_v_d, elig, arb_upd, sent_v, vgnt;
  logic [NumVcs*XW-1:0]  own_q, own_d, ai_v;
  logic                  send;
  logic [NumVcs*CrW-1:0] cc;
  logic [NumVcs-1:0]     full_unused;

  for (genvar v = 0; v < NumVcs; v++) begin : g_vc
    logic [NX-1:0] gnt_unused, rq, vl, gx1, ox1, rx1;
    logic [XW-1:0] aidx, ai;
    // VC v's column of the input-major vectors (wiring)
    for (genvar x = 0; x < NX; x++) begin : g_x
      assign rq[x] = x_req_i[x*NumVcs + v];
      assign vl[x] = x_valid_i[x*NumVcs + v];
      assign gnt_o[x*NumVcs + v] = gx1[x];
      assign own_o[x*NumVcs + v] = ox1[x];
      assign rdy_o[x*NumVcs + v] = rx1[x];
    end
    nr_arb_rr #(.N(NX)) u_arb1 (
      .clk_i,
      .rst_ni,
      .req_i    (rq),
      .advance_i(arb_upd[v]),
      .gnt_o    (gnt_unused),
      .gnt_idx_o(aidx)
    );
    assign ai = own_v_q[v] ? own_q[v*XW +: XW] : aidx;
    assign ai_v[v*XW +: XW] = ai;
    assign elig[v]    = (own_v_q[v] || rq != '0) && vl[ai] && cc[v*CrW +: CrW] != '0;
    assign sent_v[v]  = sent_i && vgnt[v];
    assign arb_upd[v] = sent_v[v] && !own_v_q[v];
    assign own_v_d[v] = sent_v[v] ? !sent_eop_i : own_v_q[v];
    assign own_d[v*XW +: XW] = sent_v[v] ? ai : own_q[v*XW +: XW];
    // one-hots over x (vector shifts, not a compare per input)
    assign gx1 = (send && vgnt[v]) ? NX'(1) << ai : '0;
    assign ox1 = own_v_q[v] ? NX'(1) << own_q[v*XW +: XW] : '0;
    assign rx1 = (cc[v*CrW +: CrW] != '0) ? ox1 : '0;
    logic unused_gnt;
    assign unused_gnt = ^gnt_unused;
    // an allocator tie: a new packet of VC v starts while two or more
    // inputs have a head for it
    `NR_COVER(c_ch_tie, arb_upd[v] && (rq & (rq - 1'b1)) != '0, clk_i, rst_ni)
  end
  // VC round robin: moves past the winner when it sends its EOP
  nr_arb_rr #(.N(NumVcs)) u_vc_arb (
    .clk_i,
    .rst_ni,
    .req_i    (elig),
    .advance_i(sent_eop_i),
    .gnt_o    (vgnt),
    .gnt_idx_o(vc_o)
  );
  assign send = |elig;
  assign gv_o = send;
  assign gx_o = send ? ai_v[32'(vc_o)*XW +: XW] : '0;
  nr_credit_cnt #(
    .NumVcs    (NumVcs),
    .MaxCredits(Credits),
    .IncW      (1)
  ) u_cc (
    .clk_i,
    .rst_ni,
    .dec_i  (sent_v),
    .inc_i  (cr_i),
    .count_o(cc),
    .full_o (full_unused)
  );
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      own_v_q <= '0;
      own_q   <= '0;
    end else begin
      own_v_q <= own_v_d;
      own_q   <= own_d;
    end
  end
  assign cc_o = cc;
  logic unused_full;
  assign unused_full = ^full_unused;

  // a VC tie: two or more VCs could send on the channel this cycle
  `NR_COVER(c_ch_vc_tie, send && (elig & (elig - 1'b1)) != '0, clk_i, rst_ni)

endmodule
