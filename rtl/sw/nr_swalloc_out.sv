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
//                     but the diagonal (the ClassIdx-th input of the class).
//   Speedup, Credits, PayW, TgtW  as nr_swalloc's (Speedup only sets the
//                     lanes L = min(Speedup, NumVcs); TgtW the target width).
//   An output without a crosspoint (branch g_nox) never sends; a channel
//   output keeps its credit counters (nr_credit_cnt) counting returns.
// Ports / protocol (flat, index i*NumVcs + v: VC v of input i):
//   in_valid_iv_i, in_hreq_iv_i, in_tgt_iv_i, in_hvc_iv_i  fronts: valid, a
//     HEAD request of an input not held this cycle, its target output, its
//     vc field (2 bits: the VC a port output starts the packet on).
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
// Latency: 0 (combinational from state and the inputs); state updates at
//   the clock edge.
// Cost: the arbiter (see nr_swalloc_pt, nr_swalloc_ch) and a PayW-bit
//   (L*|X_j|):1 mux; no logic for an input outside X_j.
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
  parameter int Speedup  = 4,
  parameter int Credits  = 8,
  parameter int PayW     = 24,
  parameter int TgtW     = 3,
  localparam int NI      = NumIu + NumBuf,
  localparam int VcW     = (NumVcs > 1) ? $clog2(NumVcs) : 1,
  localparam int CrW     = $clog2(Credits + 1),
  localparam int LaneN   = (Speedup >= NumVcs) ? NumVcs : Speedup,
  localparam int LaneW   = (LaneN > 1) ? $clog2(LaneN) : 1
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // the inputs' fronts and accept stages
  input  logic [NI*NumVcs-1:0]       in_valid_iv_i,
  input  logic [NI*NumVcs-1:0]       in_hreq_iv_i,
  input  logic [NI*NumVcs*TgtW-1:0]  in_tgt_iv_i,
  input  logic [NI*NumVcs*2-1:0]     in_hvc_iv_i,
  input  logic [NI*NumVcs-1:0]       in_acc_iv_i,
  input  logic [NI*NumVcs*LaneW-1:0] lane_of_iv_i,
  input  logic [NI*LaneN*PayW-1:0]   lane_pay_il_i,
  output logic [NI*NumVcs-1:0]       gnt_iv_o,
  output logic [NI*NumVcs-1:0]       own_iv_o,
  output logic [NI*NumVcs-1:0]       rdy_iv_o,
  output logic [NI-1:0]              xmask_i_o,
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
  `NR_PARAM_ASSERT(p_x, XIu >= 0 && XIu <= 2 && XBuf >= 0 && XBuf <= 2)
  `NR_PARAM_ASSERT(p_out, OutIdx >= 0 && OutIdx < (1 << TgtW) && ClassIdx >= 0)

  localparam int PhitW = nr_pkg::PHIT_W;
  localparam logic [1:0] K_EOP = 2'(nr_pkg::KIND_EOP);

  // Number of crosspoint inputs i < upto of this output (the set X_j): input
  // i is in X_j iff xcnt(i+1) != xcnt(i); |X_j| = xcnt(NI); the compressed
  // index of input i is xcnt(i).
  function automatic int xcnt(input int upto);
    int iu, li, r;
    xcnt = 0;
    for (int i = 0; i < NI; i++) begin
      iu = (IuFirst != 0) ? ((i < NumIu) ? 1 : 0) : ((i >= NumBuf) ? 1 : 0);
      li = (IuFirst != 0) ? ((i < NumIu) ? i : i - NumIu) : ((i < NumBuf) ? i : i - NumBuf);
      r  = (iu != 0) ? XIu : XBuf;
      if (i < upto && (r == 1 || (r == 2 && li != ClassIdx))) xcnt = xcnt + 1;
    end
  endfunction

  localparam int NX = xcnt(NI);

  for (genvar i = 0; i < NI; i++) begin : g_xm
    assign xmask_i_o[i] = xcnt(i + 1) != xcnt(i);
  end

  if (NX == 0) begin : g_nox
    // no crosspoint: the output never sends
    assign gnt_iv_o = '0;
    assign own_iv_o = '0;
    assign rdy_iv_o = '0;
    assign valid_o  = 1'b0;
    assign vc_o     = '0;
    assign pay_o    = '0;
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
    assign unused_in = ^{in_valid_iv_i, in_hreq_iv_i, in_tgt_iv_i, in_hvc_iv_i, in_acc_iv_i,
                         lane_of_iv_i, lane_pay_il_i};
  end else begin : g_x
    // gathered over the crosspoint inputs, index v*NX + x
    logic [NumVcs*NX-1:0]       xv, xreq, xacc, gsel;
    logic [NumVcs*NX*2-1:0]     xhvc;
    logic [NumVcs*NX*LaneW-1:0] xlof;
    logic [LaneN*NX*PayW-1:0]   xlane;
    logic [NumVcs*NX-1:0]       xown, xrdy;
    logic [PayW-1:0]            data;
    logic                       sent, sent_eop;

    for (genvar i = 0; i < NI; i++) begin : g_i
      if (xcnt(i + 1) != xcnt(i)) begin : g_xp
        localparam int X = xcnt(i);
        for (genvar v = 0; v < NumVcs; v++) begin : g_vc
          localparam int B = i*NumVcs + v;
          assign xv[v*NX + X]   = in_valid_iv_i[B];
          assign xreq[v*NX + X] = in_hreq_iv_i[B] && in_tgt_iv_i[B*TgtW +: TgtW] == TgtW'(OutIdx);
          assign xhvc[(v*NX + X)*2 +: 2] = in_hvc_iv_i[B*2 +: 2];
          assign xacc[v*NX + X] = in_acc_iv_i[B];
          assign xlof[(v*NX + X)*LaneW +: LaneW] = lane_of_iv_i[B*LaneW +: LaneW];
          assign gnt_iv_o[B] = gsel[v*NX + X];
          assign own_iv_o[B] = xown[v*NX + X];
          assign rdy_iv_o[B] = xrdy[v*NX + X];
        end
        for (genvar l = 0; l < LaneN; l++) begin : g_lane
          assign xlane[(l*NX + X)*PayW +: PayW] = lane_pay_il_i[(i*LaneN + l)*PayW +: PayW];
        end
      end else begin : g_nxp
        assign gnt_iv_o[i*NumVcs +: NumVcs] = '0;
        assign own_iv_o[i*NumVcs +: NumVcs] = '0;
        assign rdy_iv_o[i*NumVcs +: NumVcs] = '0;
        logic unused_nxp;
        assign unused_nxp = ^{in_valid_iv_i[i*NumVcs +: NumVcs], in_hreq_iv_i[i*NumVcs +: NumVcs],
                              in_tgt_iv_i[i*NumVcs*TgtW +: NumVcs*TgtW],
                              in_hvc_iv_i[i*NumVcs*2 +: NumVcs*2],
                              in_acc_iv_i[i*NumVcs +: NumVcs],
                              lane_of_iv_i[i*NumVcs*LaneW +: NumVcs*LaneW],
                              lane_pay_il_i[i*LaneN*PayW +: LaneN*PayW]};
      end
    end

    // ---- crossbar: the lane that carries the granted, accepted phit
    always_comb begin
      data = '0;
      for (int v = 0; v < NumVcs; v++) begin
        for (int x = 0; x < NX; x++) begin
          for (int l = 0; l < LaneN; l++) begin
            if (gsel[v*NX + x] && xacc[v*NX + x] && 32'(xlof[(v*NX + x)*LaneW +: LaneW]) == l)
              data = data | xlane[(l*NX + x)*PayW +: PayW];
          end
        end
      end
    end
    assign sent     = |(gsel & xacc);
    assign sent_eop = sent && data[PhitW-1 -: 2] == K_EOP;
    assign valid_o  = sent;
    assign pay_o    = data;

    if (IsPort != 0) begin : g_pt
      // ---- port output (docs/nwn-arch.md 6.2, yarc-arch section 7)
      nr_swalloc_pt #(
        .NumVcs(NumVcs),
        .NX    (NX)
      ) u_pt (
        .clk_i,
        .rst_ni,
        .x_valid_i (xv),
        .x_req_i   (xreq),
        .x_hvc_i   (xhvc),
        .vc_ok_i,
        .gnt_o     (gsel),
        .own_o     (xown),
        .rdy_o     (xrdy),
        .sent_i    (sent),
        .sent_eop_i(sent_eop),
        .ready_i
      );
      assign vc_o = '0;
      assign cc_o = '0;
      logic unused_pt;
      assign unused_pt = ^cr_i;
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
        .own_o     (xown),
        .rdy_o     (xrdy),
        .sent_i    (sent),
        .sent_eop_i(sent_eop),
        .cr_i,
        .cc_o
      );
      logic unused_ch;
      assign unused_ch = ^{ready_i, vc_ok_i, xhvc};
    end
  end

endmodule
