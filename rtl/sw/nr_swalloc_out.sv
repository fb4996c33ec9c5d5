// nr_swalloc_out.sv - one output of nr_swalloc: its crosspoint inputs, the
// arbiter of its class and its column of the crossbar (docs/nwn-arch.md
// sections 6.2-6.4 and 10).
//
// Purpose: the output side of the separable allocator of every subswitch of
//   the kit, for one output j: it gathers the requests, fronts and lanes of
//   the inputs that have a crosspoint to j (the set X_j) into compressed
//   vectors, lets the arbiter of the output's class grant one of them
//   (nr_swalloc_pt for a port output, nr_swalloc_ch for a channel output),
//   and muxes the granted, accepted phit onto the output: the grant of one
//   output j in the C model's nr_swalloc_eval (csrc/model/sw_alloc.c, "Grant
//   (§6.2)"), and its phit out of the commit.
// Parameters:
//   NumVcs            1..4.
//   NumIu, NumBuf, IuFirst  nr_swalloc's inputs (NI = NumIu + NumBuf, 1..64;
//                     IuFirst 1: the IUs first).
//   IsPort            1: a port output (nr_swalloc_pt); 0: a channel output
//                     (nr_swalloc_ch).
//   OutIdx            j, this output's index (the target a HEAD carries).
//   ClassIdx          this output's index among the outputs of its class.
//   XIu, XBuf         the crosspoint rule of this output's class toward the
//                     IU inputs and the buffered inputs: 0 none, 1 all, 2 all
//                     but the diagonal (the ClassIdx-th input of the class);
//                     XBuf 3 the class turns of a HyperX subswitch (doc 1.6):
//                     buffered input li (class cl(li)) reaches this output
//                     (class cl(ClassIdx)) when XClsTurn bit cl(li)*4 +
//                     cl(ClassIdx) is set, cl(x) = ((x mod XClsPer) mod 2)*2
//                     + x / XClsPer (X0, Y0, X1, Y1). XBuf 4 the turns of
//                     a folded-torus subswitch (doc 1.8): buffered input li
//                     (side li / 2, channel li mod 2) reaches the channel
//                     output ClassIdx = li xor 2 (straight on, same channel)
//                     and, from an x side (li < 4), every y output
//                     (ClassIdx >= 4).
//   XClsPer, XClsTurn the channels per dimension and the 16-bit turn table
//                     of rule 3 (unused otherwise).
//   Speedup, Credits, PayW, TgtW  as nr_swalloc's (Speedup only sets the
//                     lanes L = min(Speedup, NumVcs); TgtW the target width).
//   An output without a crosspoint (branch g_nox) never sends; a channel
//   output keeps its credit counters (nr_credit_cnt) counting returns.
// Ports / protocol (flat, index i*NumVcs + v: VC v of input i):
//   in_valid_iv_i, in_hreq_iv_i  fronts: valid, a HEAD request of an input
//     not held this cycle. in_spec_iv_i: the request is speculative (Vc = 1,
//     Spec; a port output's arbiter takes it only when no other asks).
//   in_tgtp_i, in_hvcp_i  the fronts' target outputs and vc fields (the VC a
//     port output starts the packet on) as bit planes: bit b of every
//     front's target at b*NI*NumVcs + i*NumVcs + v (TgtW planes), the vc
//     field's low and high bit likewise (2 planes). Planes let an output
//     match its index against every front with TgtW vector operations.
//   in_acc_iv_i, lane_of_iv_i, lane_pay_il_i  the inputs' accept stages
//     (nr_swalloc_accept): accepted VCs, the lane of each VC, the lanes'
//     payloads (index i*L + l).
//   gnt_iv_o, own_iv_o, rdy_iv_o  this output grants (i, v) / holds the packet
//     of (i, v) / could take its next phit this cycle (0 off X_j).
//   xmask_i_o[i]  (i, j) is a crosspoint (constant).
//   valid_o, vc_o, pay_o  the phit sent this cycle (vc_o: channel outputs).
//   ready_i, vc_ok_i  a port output's tx_ready (checked) and tx_vc_ok.
//   cr_i, cc_o  a channel output's returned credits and its counters.
//   Ports of the other class are ignored (inputs) or 0 (outputs).
//   SaGroup: a port output's nr_swalloc_pt arbiter (0, or the distributed
//     allocator's group m).
//   Vc = 1 (port outputs, docs/nwn-arch.md 1.7): in_hv_iv_i the valid HEAD
//     fronts (not only the inputs' bids); hok_iv_o (i, v)'s head targets
//     this output, which is free and has vc_ok for the head's vc field: the
//     head may bid in SA. 0 with Vc = 0.
// Structure: X_j is at most four runs of consecutive inputs (per input
//   class all, none, or all but the diagonal), so the gather into the
//   compressed order (x*NumVcs + v: x the input's rank in X_j, input-major
//   like the inputs' own order) and the scatter of the grants back are one
//   slice per run, and the crossbar is one indexed select. Written so, and
//   not one statement per (input, VC), Verilator's C++ of a 64-port
//   crossbar (cn-k64) is a fraction of what it was (docs/nwn-rtl.md,
//   "Verilator builds"). Rules 3 and 4 (HyperX, folded torus: at most 16
//   inputs) are gathered one input at a time.
// Latency: 0 (combinational from state and the inputs); state updates at
//   the clock edge.
// Cost: the arbiter (see nr_swalloc_pt, nr_swalloc_ch), a TgtW-bit compare
//   per crosspoint (input, VC) and a PayW-bit (L*|X_j|):1 mux; no logic for
//   an input outside X_j.
`default_nettype none
`include "nr_assert.svh"

module nr_swalloc_out #(
  parameter int NumVcs   = 2,
  parameter int NumIu    = 0,
  parameter int NumBuf   = 8,
  parameter int IuFirst  = 1,
  parameter int IsPort   = 0,
  parameter int OutIdx   = 0,
  parameter int ClassIdx = 0,
  parameter int XIu      = 1,
  parameter int XBuf     = 1,
  parameter int XClsPer  = 2,
  parameter int XClsTurn = 0,
  parameter int Speedup  = 4,
  parameter int Credits  = 8,
  parameter int PayW     = 24,
  parameter int TgtW     = 3,
  parameter int Vc       = 0,
  parameter int SaGroup  = 0,
  parameter int Spec     = 0,
  localparam int NI      = NumIu + NumBuf,
  localparam int VcW     = nr_pkg::idx_w(NumVcs),
  localparam int CrW     = $clog2(Credits + 1),
  localparam int LaneN   = (Speedup >= NumVcs) ? NumVcs : Speedup,
  localparam int LaneW   = nr_pkg::idx_w(LaneN)
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // the inputs' fronts and accept stages
  input  logic [NI*NumVcs-1:0]       in_valid_iv_i,
  input  logic [NI*NumVcs-1:0]       in_hreq_iv_i,
  input  logic [NI*NumVcs-1:0]       in_spec_iv_i,
  input  logic [TgtW*NI*NumVcs-1:0]  in_tgtp_i,
  input  logic [2*NI*NumVcs-1:0]     in_hvcp_i,
  input  logic [NI*NumVcs-1:0]       in_acc_iv_i,
  input  logic [NI*NumVcs*LaneW-1:0] lane_of_iv_i,
  input  logic [NI*LaneN*PayW-1:0]   lane_pay_il_i,
  output logic [NI*NumVcs-1:0]       gnt_iv_o,
  output logic [NI*NumVcs-1:0]       own_iv_o,
  output logic [NI*NumVcs-1:0]       rdy_iv_o,
  output logic [NI-1:0]              xmask_i_o,
  input  logic [NI*NumVcs-1:0]       in_hv_iv_i,
  output logic [NI*NumVcs-1:0]       hok_iv_o,
  // the output
  output logic                       valid_o,
  output logic [VcW-1:0]             vc_o,
  output logic [PayW-1:0]            pay_o,
  input  logic                       ready_i,
  input  logic [NumVcs-1:0]          vc_ok_i,
  input  logic [NumVcs-1:0]          cr_i,
  output logic [NumVcs*CrW-1:0]      cc_o
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_ni, NumIu >= 0 && NumBuf >= 0 && NI >= 1 && NI <= 64)
  `NR_PARAM_ASSERT(p_x, XIu >= 0 && XIu <= 2 && XBuf >= 0 && XBuf <= 4 && XClsPer >= 1)
  `NR_PARAM_ASSERT(p_out, OutIdx >= 0 && OutIdx < (1 << TgtW) && ClassIdx >= 0)

  localparam int PhitW = nr_pkg::PHIT_W;
  localparam int NB    = NI * NumVcs;
  localparam logic [1:0] K_EOP = 2'(nr_pkg::KIND_EOP);

  // The two input classes in input order: class A first (inputs A0 ..
  // A0+AN-1, crosspoint rule AR), then class B.
  localparam int AN = (IuFirst != 0) ? NumIu : NumBuf;
  localparam int AR = (IuFirst != 0) ? XIu : XBuf;
  localparam int BN = (IuFirst != 0) ? NumBuf : NumIu;
  localparam int BR = (IuFirst != 0) ? XBuf : XIu;

  // The runs of X_j in input order: k = 0, 1 in class A, 2, 3 in class B.
  // A class with rule 1 (or rule 2 and no diagonal input, ClassIdx >= its
  // size) is one run; rule 2 splits it around the diagonal; rule 0 has none.
  // run_f(k, 0): run k's first input; (k, 1): its length; (k, 2): the
  // compressed index of its first input (the runs before it). Self-contained
  // (Icarus 11's constant functions call no function).
  function automatic int run_f(input int k, input int sel);
    int c0, cn, r, lo, n, x;
    x  = 0;
    lo = 0;
    n  = 0;
    for (int q = 0; q <= k; q++) begin
      c0 = (q < 2) ? 0 : AN;
      cn = (q < 2) ? AN : BN;
      r  = (q < 2) ? AR : BR;
      lo = (q % 2 == 0 || r != 2) ? c0 : c0 + ClassIdx + 1;
      if (r == 0)                        n = 0;
      else if (r == 1 || ClassIdx >= cn) n = (q % 2 == 0) ? cn : 0;
      else                               n = (q % 2 == 0) ? ClassIdx : cn - ClassIdx - 1;
      if (q < k) x = x + n;
    end
    run_f = (sel == 0) ? lo : (sel == 1) ? n : x;
  endfunction
  // X_j as a mask over the inputs: input i is in X_j by its class's rule
  // (rule 3: the class turn table; rule 4: the folded torus's turns).
  // Self-contained, as run_f.
  function automatic logic [63:0] xm_f();
    int li, r, cl, cj;
    xm_f = '0;
    cj   = ((ClassIdx % XClsPer) % 2) * 2 + ClassIdx / XClsPer;
    for (int i = 0; i < NI; i++) begin
      li = (i < AN) ? i : i - AN;
      r  = (i < AN) ? AR : BR;
      cl = ((li % XClsPer) % 2) * 2 + li / XClsPer;
      xm_f[i] = (r == 1) || (r == 2 && li != ClassIdx) ||
                (r == 3 && ((XClsTurn >> (cl * 4 + cj)) & 1) != 0) ||
                (r == 4 && (ClassIdx == (li ^ 2) || (li < 4 && ClassIdx >= 4)));
    end
  endfunction
  localparam logic [63:0] XM = xm_f();
  // rules 3 and 4 are not runs: gather input by input (GenX), x = its rank in X_j
  localparam bit GenX = (AR >= 3) || (BR >= 3);
  function automatic int xrank(input int i);
    xrank = 0;
    for (int q = 0; q < i; q++) xrank = xrank + ((XM[q] != 1'b0) ? 1 : 0);
  endfunction

  localparam int NX = GenX ? xrank(NI) : run_f(4, 2);

  for (genvar i = 0; i < NI; i++) begin : g_xm
    assign xmask_i_o[i] = XM[i];
  end

  if (NX == 0) begin : g_nox
    // no crosspoint: the output never sends
    assign gnt_iv_o = '0;
    assign own_iv_o = '0;
    assign rdy_iv_o = '0;
    assign valid_o  = 1'b0;
    assign vc_o     = '0;
    assign pay_o    = '0;
    assign hok_iv_o = '0;
    if (IsPort != 0) begin : g_pt
      assign cc_o = '0;
      logic unused_pt;   // no state at all
      assign unused_pt = ^{clk_i, rst_ni, ready_i, vc_ok_i, cr_i};
    end else begin : g_ch
      logic [NumVcs-1:0] full_unused;
      nr_credit_cnt #(
        .NumVcs    (NumVcs),
        .MaxCredits(Credits),
        .IncW      (1)
      ) u_cc (
        .clk_i,
        .rst_ni,
        .dec_i  ({NumVcs{1'b0}}),
        .inc_i  (cr_i),
        .count_o(cc_o),
        .full_o (full_unused)
      );
      logic unused_ch;
      assign unused_ch = ^{full_unused, ready_i, vc_ok_i};
    end
    logic unused_in;
    assign unused_in = ^{in_valid_iv_i, in_hreq_iv_i, in_spec_iv_i, in_hv_iv_i, in_tgtp_i, in_hvcp_i,
                         in_acc_iv_i, lane_of_iv_i, lane_pay_il_i};
  end else begin : g_x
    localparam int XW = nr_pkg::idx_w(NX);
    // gathered over the crosspoint inputs, index x*NumVcs + v (lanes
    // x*LaneN + l)
    logic [NumVcs*NX-1:0]       xv, xreq, xspec, xacc, xhlo, xhhi, gsel, xown, xrdy;
    logic [NumVcs*NX*LaneW-1:0] xlof;
    logic [LaneN*NX*PayW-1:0]   xlane;
    logic [PayW-1:0]            data;
    logic                       sent, sent_eop;

    // a HEAD request of (i, v) for this output: its target is OutIdx, bit
    // plane by bit plane
    logic [NB-1:0] hit, tm;
    always_comb begin
      tm = '1;
      for (int b = 0; b < TgtW; b++)
        tm = tm & (((OutIdx >> b) & 1) != 0 ? in_tgtp_i[b*NB +: NB] : ~in_tgtp_i[b*NB +: NB]);
    end
    assign hit = in_hreq_iv_i & tm;

    for (genvar k = 0; k < (GenX ? NI : 4); k++) begin : g_run
      // a run of X_j, or (GenX) input k alone when it is in X_j
      localparam int RI = GenX ? k : run_f(k, 0);
      localparam int RN = GenX ? (XM[k] ? 1 : 0) : run_f(k, 1);
      localparam int RX = GenX ? xrank(k) : run_f(k, 2);
      if (RN > 0) begin : g_r
        assign xv  [RX*NumVcs +: RN*NumVcs] = in_valid_iv_i[RI*NumVcs +: RN*NumVcs];
        assign xreq[RX*NumVcs +: RN*NumVcs] = hit[RI*NumVcs +: RN*NumVcs];
        assign xspec[RX*NumVcs +: RN*NumVcs] = in_spec_iv_i[RI*NumVcs +: RN*NumVcs];
        assign xhlo[RX*NumVcs +: RN*NumVcs] = in_hvcp_i[RI*NumVcs +: RN*NumVcs];
        assign xhhi[RX*NumVcs +: RN*NumVcs] = in_hvcp_i[NB + RI*NumVcs +: RN*NumVcs];
        assign xacc[RX*NumVcs +: RN*NumVcs] = in_acc_iv_i[RI*NumVcs +: RN*NumVcs];
        assign xlof[RX*NumVcs*LaneW +: RN*NumVcs*LaneW] =
          lane_of_iv_i[RI*NumVcs*LaneW +: RN*NumVcs*LaneW];
        assign xlane[RX*LaneN*PayW +: RN*LaneN*PayW] = lane_pay_il_i[RI*LaneN*PayW +: RN*LaneN*PayW];
        assign gnt_iv_o[RI*NumVcs +: RN*NumVcs] = gsel[RX*NumVcs +: RN*NumVcs];
        assign own_iv_o[RI*NumVcs +: RN*NumVcs] = xown[RX*NumVcs +: RN*NumVcs];
        assign rdy_iv_o[RI*NumVcs +: RN*NumVcs] = xrdy[RX*NumVcs +: RN*NumVcs];
      end
    end
    // the inputs outside X_j: nothing granted, held or ready; their fronts,
    // targets and lanes are not this output's
    logic [NB-1:0] outside;
    for (genvar i = 0; i < NI; i++) begin : g_i
      if (!XM[i]) begin : g_nxp
        assign gnt_iv_o[i*NumVcs +: NumVcs] = '0;
        assign own_iv_o[i*NumVcs +: NumVcs] = '0;
        assign rdy_iv_o[i*NumVcs +: NumVcs] = '0;
        assign outside[i*NumVcs +: NumVcs]  = '1;
      end else begin : g_xp
        assign outside[i*NumVcs +: NumVcs]  = '0;
      end
    end
    logic unused_nxp;
    assign unused_nxp = ^{outside & (in_valid_iv_i | hit | in_spec_iv_i | in_acc_iv_i |
                                     in_hvcp_i[NB-1:0] | in_hvcp_i[2*NB-1:NB]),
                          lane_of_iv_i, lane_pay_il_i};

    // ---- crossbar: the lane that carries the granted, accepted phit. The
    // arbiter gives the grant as an index (gv, the VC gvc, the crosspoint
    // input gx; gsel is its one-hot), so the mux is one indexed select of
    // the lanes, not an OR over every (x, v, lane)
    logic             gv;
    logic [VcW-1:0]   gvc;
    logic [XW-1:0]    gx;
    logic [LaneW-1:0] glane;
    assign glane    = xlof[(32'(gx)*NumVcs + 32'(gvc))*LaneW +: LaneW];
    assign sent     = gv && xacc[32'(gx)*NumVcs + 32'(gvc)];
    assign data     = sent ? xlane[(32'(gx)*LaneN + 32'(glane))*PayW +: PayW] : '0;
    assign sent_eop = sent && data[PhitW-1 -: 2] == K_EOP;
    assign valid_o  = sent;
    assign pay_o    = data;

    if (IsPort != 0) begin : g_pt
      // ---- port output (docs/nwn-arch.md 6.2, yarc-arch section 7)
      nr_swalloc_pt #(
        .NumVcs (NumVcs),
        .NX     (NX),
        .SaGroup(SaGroup),
        .Spec   (Spec)
      ) u_pt (
        .clk_i,
        .rst_ni,
        .x_valid_i (xv),
        .x_req_i   (xreq),
        .x_spec_i  (xspec),
        .x_hlo_i   (xhlo),
        .x_hhi_i   (xhhi),
        .vc_ok_i,
        .gnt_o     (gsel),
        .own_o     (xown),
        .rdy_o     (xrdy),
        .gv_o      (gv),
        .gvc_o     (gvc),
        .gx_o      (gx),
        .sent_i    (sent),
        .sent_eop_i(sent_eop),
        .ready_i
      );
      assign vc_o = '0;
      assign cc_o = '0;
      logic unused_pt;
      assign unused_pt = ^cr_i;
      if (Vc != 0) begin : g_vc
        // a head may bid: this output is free and takes a HEAD on its vc field
        logic [3:0]    ok4;
        logic [NB-1:0] lo, hi;
        assign ok4 = 4'(vc_ok_i);
        assign lo  = in_hvcp_i[NB-1:0];
        assign hi  = in_hvcp_i[2*NB-1:NB];
        assign hok_iv_o = (xown == '0) ? tm & in_hv_iv_i & ~outside &
                          ((~hi & ~lo & {NB{ok4[0]}}) | (~hi & lo & {NB{ok4[1]}}) |
                           (hi & ~lo & {NB{ok4[2]}}) | (hi & lo & {NB{ok4[3]}})) : '0;
      end else begin : g_novc
        assign hok_iv_o = '0;
        logic unused_hv;
        assign unused_hv = ^in_hv_iv_i;
      end
    end else begin : g_ch
      // ---- channel output (docs/nwn-arch.md 6.2, yarc-arch section 6)
      nr_swalloc_ch #(
        .NumVcs (NumVcs),
        .NX     (NX),
        .Credits(Credits)
      ) u_ch (
        .clk_i,
        .rst_ni,
        .x_valid_i (xv),
        .x_req_i   (xreq),
        .gnt_o     (gsel),
        .vc_o,
        .gv_o      (gv),
        .gx_o      (gx),
        .own_o     (xown),
        .rdy_o     (xrdy),
        .sent_i    (sent),
        .sent_eop_i(sent_eop),
        .cr_i,
        .cc_o
      );
      assign gvc = vc_o;
      assign hok_iv_o = '0;
      logic unused_ch;
      assign unused_ch = ^{ready_i, vc_ok_i, xhlo, xhhi, xspec, in_hv_iv_i};
    end
  end

endmodule
