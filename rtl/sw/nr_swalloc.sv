// nr_swalloc.sv - generic subswitch allocator and crossbar: grant, accept,
// commit (docs/nwn-arch.md section 6). A composition: one output block per
// output (nr_swalloc_out: its crosspoint inputs, its arbiter, nr_swalloc_ch
// for a channel output or nr_swalloc_pt for a port output, and its column of
// the crossbar), one accept stage per input (nr_swalloc_accept), and here the
// wiring between them.
//
// Purpose: the allocation of every subswitch in the kit, a one-iteration
//   separable allocator, output first. Each cycle, from start-of-cycle state:
//   every output grants one input VC, every input accepts at most Speedup of
//   its grants (plus the dropping VCs of an input unit), and the accepted
//   grants move their phit. Used by the YARC subswitch and output port
//   (nr_subswitch, nr_outport: Speedup >= NumVcs) and by the subswitches of
//   the network switches (nr_nwn_sub). Buffers are outside: the inputs are
//   per-(input, VC) fronts, the outputs per-output phits.
// Parameters:
//   NumVcs            1..4.
//   NumIu, NumBuf     inputs that are input units (fronts may be dropping) and
//                     buffered inputs; NI = NumIu + NumBuf, 1..64.
//   IuFirst           1: inputs 0..NumIu-1 are the IUs, then the buffered ones;
//                     0: the buffered ones first.
//   NumPt, NumCh      port outputs (busy/cur/pptr, VCT-gated by vc_ok) and
//                     channel outputs (per-VC credits/owners/arb1, vptr);
//                     NO = NumPt + NumCh, 1..64.
//   PtFirst           1: outputs 0..NumPt-1 are the ports; 0: channels first.
//   XIuPt, XIuCh, XBufPt, XBufCh  the crosspoint set X per (input class,
//                     output class): 0 none, 1 all, 2 all but the diagonal
//                     (the k-th input of the class to the k-th output of the
//                     class). A left-out crosspoint has no request, grant or
//                     datapath logic: output j's arbiters, grant vectors and
//                     data mux only span the inputs i with (i, j) in X
//                     (docs/nwn-arch.md section 10). XBufCh 3: the class
//                     turns of a HyperX subswitch, by XClsPer and XClsTurn;
//                     4 the turns of a folded-torus subswitch (nr_swalloc_out).
//   Speedup           S, 1..4: accepts per input and cycle. S >= NumVcs
//                     accepts every candidate (no accept arbiter, branch
//                     g_all); otherwise the first S candidates in round-robin
//                     order from iptr[i] (nr_arb_rr_multi).
//   Credits           credits per (channel output, VC) = downstream buffer
//                     depth, >= 1.
//   PayW              payload bits per phit, >= 24: the 24-bit phit in the low
//                     bits (kind at 23:22), sideband (e.g. the output port q)
//                     above.
//   Vc, VcCls         Vc = 1: the baseline VC router of docs/nwn-arch.md 1.7
//                     (every input an IU, every output a port, Speedup 1):
//                     VC allocation (nr_swalloc_va, VcCls classes, VaHop), then
//                     switch allocation input first. Each input picks one of
//                     its candidates by iptr (a non-HEAD front of the packet
//                     its port is busy with, a HEAD that holds an output VC
//                     whose port is free with vc_ok, or a dropping VC), and
//                     the picks are the only requests the outputs see; no
//                     held rule. va_set_iv_o, va_w_iv_o: this cycle's VA
//                     winners and their VCs (the IU rewrites the head).
//   SaAlloc, SaIter, SaGroup  Vc = 1's switch allocator (doc 1.7): 0 the
//                     separable input-first one above; 1 iSLIP of SaIter =
//                     1..4 rounds (nr_swalloc_islip matches inputs to ports
//                     and its match is each input's one bid); 2 the
//                     distributed allocator, input first, the port outputs'
//                     groups of SaGroup inputs (nr_swalloc_pt).
//   Spec              Vc = 1: speculation (doc 1.7). A head in VA bids in
//                     SA in the same cycle, for the VC its VA stage 1 picked
//                     (the port's vc_ok is that VC's), below every other bid
//                     at the input and at the port; its grant stands only if
//                     it wins VA (else the port cycle is lost). The head
//                     leaves with that VC in its vc field: the crossbar
//                     carries the rewritten head (the IU repairs the CRC from
//                     va_set_iv_o, va_w_iv_o). VA reads the fronts' own vc
//                     fields, the outputs the rewritten ones, so the pick
//                     never depends on itself.
//   Degenerate values (one input, output or VC; an output with a single or
//   no crosspoint) fall into the named branches here (g_nox) and of the cells
//   (nr_arb_rr g_single, nr_arb_rr_multi g_one / g_single).
// Ports / protocol:
//   in_valid_iv_i, in_tgt_iv_i, in_pay_iv_i  (flat, index i*NumVcs+v) front of
//     input i, VC v: valid, its target output (meaningful for a HEAD; always a
//     crosspoint of i, asserted) and payload. State only (no path from any
//     output of this module).
//   in_drop_iv_i  IU inputs: VC v is dropping (no front; competes in the
//     accept step and pops without an output). Ignored for buffered inputs.
//   in_pop_iv_o   the front (or dropping phit) of (i, v) is popped at the end
//     of this cycle. Combinational.
//   pt_valid_o, pt_pay_o  (port output k, k = its index among the ports) the
//     phit presented to the port's TX (tx_valid, tx_phit). Only accepted
//     phits are presented; every presented phit must be taken: pt_ready_i is
//     only checked (asserted). pt_vc_ok_i[k*NumVcs+v] the port's tx_vc_ok.
//   ch_valid_o, ch_vc_o, ch_pay_o  (channel output k) the phit sent on the
//     internal channel. ch_cr_i[k*NumVcs+v] one credit returned, added at the
//     end of the cycle. ch_cc_o the credit counters cc[k][v] (registered, for
//     the input units' adaptive choice).
//   No output depends on pt_ready_i or ch_cr_i; everything depends on state,
//   pt_vc_ok_i and the in_* fronts.
// Allocation (docs/nwn-arch.md 6.2-6.4), each rule in its block:
//   channel output j (nr_swalloc_ch): per VC the owner or a round robin over
//     the head requests, a VC round robin among the VCs with a front and a
//     credit; owners, pointers and credits move on commit.
//   port output j (nr_swalloc_pt): busy -> cur; else a round robin over the
//     requesters r = v*|X_j| + x with the port's vc_ok[w], w the head's vc
//     field (docs/fbfly-routing.md 5.3; w = v without that mode).
//   input i (nr_swalloc_accept): candidates = granted VCs + dropping VCs;
//     accept all (S >= NumVcs) or the first S from iptr[i]; the held-input
//     rule (S < NumVcs) withdraws its head requests this cycle; a refused
//     grant has no effect at all. It also checks the fronts (one grant and
//     one owner per front, a HEAD targets a crosspoint, no stray body phit).
//   Each arbiter sees only its crosspoint inputs, gathered by its output
//   block (nr_swalloc_out) in compressed order (x = the input's rank among
//   output j's crosspoints).
// Crossbar: each input drives L = min(S, NumVcs) lanes (nr_swalloc_accept;
//   S < NumVcs: lane l carries the l-th accepted VC, a VC mux per lane; else
//   lane v is VC v), and each output muxes over the lanes of its crosspoint
//   inputs only (nr_swalloc_out); an output sends when its grant is accepted.
// Latency: 0 (fronts to pops and outputs combinational); state updates 1 cycle.
// Cost: the blocks' (see their headers), plus per output a PayW-bit
//   (L*|X_j|):1 mux.
// Formal: the formal block at the end proves the allocation as a whole
//   (tests/formal.list, docs/cells.md): no two inputs share an output, an
//   output carries one packet from HEAD to EOP.
`default_nettype none
`include "nr_assert.svh"

module nr_swalloc #(
  parameter int NumVcs  = 2,
  parameter int NumIu   = 0,
  parameter int NumBuf  = 8,
  parameter int IuFirst = 1,
  parameter int NumPt   = 0,
  parameter int NumCh   = 8,
  parameter int PtFirst = 1,
  parameter int XIuPt   = 1,
  parameter int XIuCh   = 1,
  parameter int XBufPt  = 1,
  parameter int XBufCh  = 1,
  parameter int XClsPer = 2,
  parameter int XClsTurn = 0,
  parameter int Speedup = 4,
  parameter int Credits = 8,
  parameter int PayW    = 24,
  parameter int Vc      = 0,
  parameter int VcCls   = 1,
  parameter int VaHop   = 0,
  parameter int SaAlloc = 0,
  parameter int SaIter  = 1,
  parameter int SaGroup = 8,
  parameter int Spec    = 0,
  localparam int NI     = NumIu + NumBuf,
  localparam int NO     = NumPt + NumCh,
  localparam int VcW    = nr_pkg::idx_w(NumVcs),
  localparam int TgtW   = nr_pkg::idx_w(NO),
  localparam int CrW    = $clog2(Credits + 1),
  localparam int PtN    = (NumPt > 0) ? NumPt : 1,
  localparam int ChN    = (NumCh > 0) ? NumCh : 1
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  // input fronts
  input  logic [NI*NumVcs-1:0]      in_valid_iv_i,
  input  logic [NI*NumVcs*TgtW-1:0] in_tgt_iv_i,
  input  logic [NI*NumVcs*PayW-1:0] in_pay_iv_i,
  input  logic [NI*NumVcs-1:0]      in_drop_iv_i,
  output logic [NI*NumVcs-1:0]      in_pop_iv_o,
  // port outputs
  output logic [PtN-1:0]            pt_valid_o,
  output logic [PtN*PayW-1:0]       pt_pay_o,
  input  logic [PtN-1:0]            pt_ready_i,
  input  logic [PtN*NumVcs-1:0]     pt_vc_ok_i,
  // channel outputs
  output logic [ChN-1:0]            ch_valid_o,
  output logic [ChN*VcW-1:0]        ch_vc_o,
  output logic [ChN*PayW-1:0]       ch_pay_o,
  input  logic [ChN*NumVcs-1:0]     ch_cr_i,
  output logic [ChN*NumVcs*CrW-1:0] ch_cc_o,
  // VA winners (Vc = 1)
  output logic [NI*NumVcs-1:0]      va_set_iv_o,
  output logic [NI*NumVcs*2-1:0]    va_w_iv_o
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_ni, NumIu >= 0 && NumBuf >= 0 && NI >= 1 && NI <= 64)
  `NR_PARAM_ASSERT(p_no, NumPt >= 0 && NumCh >= 0 && NO >= 1 && NO <= 64)
  `NR_PARAM_ASSERT(p_order, (IuFirst == 0 || IuFirst == 1) && (PtFirst == 0 || PtFirst == 1))
  `NR_PARAM_ASSERT(p_x, XIuPt >= 0 && XIuPt <= 2 && XIuCh >= 0 && XIuCh <= 2 &&
                   XBufPt >= 0 && XBufPt <= 2 && XBufCh >= 0 && XBufCh <= 4)
  `NR_PARAM_ASSERT(p_speedup, Speedup >= 1 && Speedup <= 4)
  `NR_PARAM_ASSERT(p_credits, Credits >= 1)
  `NR_PARAM_ASSERT(p_payw, PayW >= nr_pkg::PHIT_W)
  `NR_PARAM_ASSERT(p_vc, Vc == 0 || (Vc == 1 && NumBuf == 0 && NumCh == 0 && Speedup == 1 &&
                                      IuFirst == 1 && PtFirst == 1))
  `NR_PARAM_ASSERT(p_sa, (Vc == 1 || (SaAlloc == 0 && Spec == 0)) && SaAlloc >= 0 &&
                   SaAlloc <= 2 && (SaAlloc != 1 || (SaIter >= 1 && SaIter <= 4)) &&
                   (Spec == 0 || Spec == 1) &&
                   (SaAlloc != 2 || (XIuPt == 1 && SaGroup >= 2 && NI % SaGroup == 0)))
  // input first: each input's one bid (pick) is its only request
  localparam bit InFirst = (Vc != 0);

  localparam int PhitW = nr_pkg::PHIT_W;
  localparam int LaneN = (Speedup >= NumVcs) ? NumVcs : Speedup;
  localparam int LaneW = nr_pkg::idx_w(LaneN);
  localparam logic [1:0] K_HEAD = 2'(nr_pkg::KIND_HEAD);

  // ---------------------------------------------------------------- fronts
  // hreq: a HEAD request of (i, v), withdrawn while input i is held
  logic [NI*NumVcs-1:0] fhead, fdrop, hreq, acc;
  // Vc = 1: the inputs' picks (their one bid each), the outputs' view of the
  // fronts (only the picks), the SA candidates, heads that may bid, the
  // speculative bids (Spec) and the fronts as the crossbar carries them
  logic [NI*NumVcs-1:0] pick, ovalid, vcand, hok_any, sbid;
  logic [NI*NumVcs*PayW-1:0] pay_x;
  // hvcp, tgtp: the fronts' vc fields (a port output starts a HEAD on its
  // VC) and targets as bit planes (nr_swalloc_out): bit b of (i, v)'s at
  // b*NI*NumVcs + i*NumVcs + v
  localparam int NB = NI * NumVcs;
  logic [2*NB-1:0]    hvcp, hvcp_o;
  logic [TgtW*NB-1:0] tgtp;
  // held[i]: input i's head requests are withdrawn this cycle
  logic [NI-1:0] held;
  for (genvar i = 0; i < NI; i++) begin : g_fr
    localparam bit IS_IU = (IuFirst != 0) ? (i < NumIu) : (i >= NumBuf);
    for (genvar v = 0; v < NumVcs; v++) begin : g_vc
      localparam int B = i*NumVcs + v;
      assign fhead[B] = in_pay_iv_i[B*PayW + PhitW - 1 -: 2] == K_HEAD;
      assign hreq[B]  = in_valid_iv_i[B] && fhead[B] && (InFirst ? pick[B] : !held[i]);
      assign ovalid[B] = in_valid_iv_i[B] && (InFirst ? pick[B] : 1'b1);
      assign {hvcp[NB + B], hvcp[B]} = in_pay_iv_i[B*PayW + nr_pkg::HEAD_VC_LSB +: 2];
      for (genvar b = 0; b < TgtW; b++) begin : g_tp
        assign tgtp[b*NB + B] = in_tgt_iv_i[B*TgtW + b];
      end
      if (IS_IU) begin : g_iu
        assign fdrop[B] = in_drop_iv_i[B];
      end else begin : g_buf
        assign fdrop[B] = 1'b0;
      end
    end
  end
  assign in_pop_iv_o = acc;

  // Crossbar lanes of every input (see header).
  logic [NI*LaneN*PayW-1:0]   lane_pay;
  logic [NI*NumVcs*LaneW-1:0] lane_of;

  // grant of output j to (i, v) at [(j*NI + i)*NumVcs + v]; 0 off X.
  // own_oiv: (i, v) is the packet in progress at output j.
  // rdy_oiv: ... and output j can take its next phit this cycle (a port
  // output, or a channel output with a credit on v): the held-input rule.
  // xmask_oi: (i, j) is a crosspoint (at j*NI + i).
  logic [NO*NI*NumVcs-1:0] gnt_oiv, own_oiv, rdy_oiv, hok_oiv;
  logic [NO*NI-1:0]        xmask_oi;

  // ---------------------------------------------------------------- outputs
  for (genvar j = 0; j < NO; j++) begin : g_out
    localparam bit IS_PT = (PtFirst != 0) ? (j < NumPt) : (j >= NumCh);
    localparam int LJ    = (PtFirst != 0) ? ((j < NumPt) ? j : j - NumPt)
                                          : ((j < NumCh) ? j : j - NumCh);
    logic                  o_valid, o_ready;
    logic [VcW-1:0]        o_vc;
    logic [PayW-1:0]       o_pay;
    logic [NumVcs-1:0]     o_vc_ok, o_cr;
    logic [NumVcs*CrW-1:0] o_cc;
    nr_swalloc_out #(
      .NumVcs  (NumVcs),
      .NumIu   (NumIu),
      .NumBuf  (NumBuf),
      .IuFirst (IuFirst),
      .IsPort  (IS_PT ? 1 : 0),
      .OutIdx  (j),
      .ClassIdx(LJ),
      .XIu     (IS_PT ? XIuPt : XIuCh),
      .XBuf    (IS_PT ? XBufPt : XBufCh),
      .XClsPer (XClsPer),
      .XClsTurn(XClsTurn),
      .Speedup (Speedup),
      .Credits (Credits),
      .PayW    (PayW),
      .TgtW    (TgtW),
      .Vc      (Vc),
      .SaGroup (IS_PT && SaAlloc == 2 ? SaGroup : 0),
      .Spec    (Spec)
    ) u_out (
      .clk_i,
      .rst_ni,
      .in_valid_iv_i(ovalid),
      .in_hreq_iv_i (hreq),
      .in_spec_iv_i (sbid),
      .in_tgtp_i    (tgtp),
      .in_hvcp_i    (hvcp_o),
      .in_acc_iv_i  (acc),
      .lane_of_iv_i (lane_of),
      .lane_pay_il_i(lane_pay),
      .gnt_iv_o     (gnt_oiv[j*NI*NumVcs +: NI*NumVcs]),
      .own_iv_o     (own_oiv[j*NI*NumVcs +: NI*NumVcs]),
      .rdy_iv_o     (rdy_oiv[j*NI*NumVcs +: NI*NumVcs]),
      .xmask_i_o    (xmask_oi[j*NI +: NI]),
      .in_hv_iv_i   (in_valid_iv_i & fhead),
      .hok_iv_o     (hok_oiv[j*NI*NumVcs +: NI*NumVcs]),
      .valid_o      (o_valid),
      .vc_o         (o_vc),
      .pay_o        (o_pay),
      .ready_i      (o_ready),
      .vc_ok_i      (o_vc_ok),
      .cr_i         (o_cr),
      .cc_o         (o_cc)
    );
    if (IS_PT) begin : g_pt
      assign pt_valid_o[LJ]            = o_valid;
      assign pt_pay_o[LJ*PayW +: PayW] = o_pay;
      assign o_ready = pt_ready_i[LJ];
      assign o_vc_ok = pt_vc_ok_i[LJ*NumVcs +: NumVcs];
      assign o_cr    = '0;
      logic unused_o;
      assign unused_o = ^{o_vc, o_cc};
    end else begin : g_ch
      assign ch_valid_o[LJ]                       = o_valid;
      assign ch_vc_o[LJ*VcW +: VcW]               = o_vc;
      assign ch_pay_o[LJ*PayW +: PayW]            = o_pay;
      assign ch_cc_o[LJ*NumVcs*CrW +: NumVcs*CrW] = o_cc;
      assign o_ready = 1'b1;
      assign o_vc_ok = '0;
      assign o_cr    = ch_cr_i[LJ*NumVcs +: NumVcs];
    end
  end

  if (NumPt == 0) begin : g_nopt
    assign pt_valid_o = '0;
    assign pt_pay_o   = '0;
    logic unused_pt;
    assign unused_pt = ^{pt_ready_i, pt_vc_ok_i};
  end
  if (NumCh == 0) begin : g_noch
    assign ch_valid_o = '0;
    assign ch_vc_o    = '0;
    assign ch_pay_o   = '0;
    assign ch_cc_o    = '0;
    logic unused_ch;
    assign unused_ch = ^ch_cr_i;
  end

  // ---------------------------------------------------------------- accept
  // What an input's accept stage needs of the outputs is per (input, VC):
  // granted by some output, granted by two (an assertion), owned, owned
  // twice (an assertion), owned by an output that could take its next phit
  // (the held rule). These are ORs over the outputs of whole NI*NumVcs-bit
  // rows, not a transposition of the grant matrix.
  logic [NB-1:0] g_any, g_two, o_any, o_two, r_any;
  always_comb begin
    g_any = '0;
    g_two = '0;
    o_any = '0;
    o_two = '0;
    r_any = '0;
    for (int j = 0; j < NO; j++) begin
      g_two = g_two | (g_any & gnt_oiv[j*NB +: NB]);
      g_any = g_any | gnt_oiv[j*NB +: NB];
      o_two = o_two | (o_any & own_oiv[j*NB +: NB]);
      o_any = o_any | own_oiv[j*NB +: NB];
      r_any = r_any | rdy_oiv[j*NB +: NB];
    end
  end
  always_comb begin
    hok_any = '0;
    for (int j = 0; j < NO; j++) hok_any = hok_any | hok_oiv[j*NB +: NB];
  end

  // ---------------------------------------------------------------- VA (Vc = 1)
  // what an input's accept stage is granted: a speculative bid's grant only
  // with the VC won (Spec)
  logic [NB-1:0] gnt_acc;
  if (Vc != 0) begin : g_va
    logic [NB-1:0]   abit, eop, hold_v, won, s1v, cand, nohold;
    logic [NB*2-1:0] hold_w, s1w;
    for (genvar b = 0; b < NB; b++) begin : g_b
      assign abit[b] = in_pay_iv_i[b*PayW + nr_pkg::HEAD_A_BIT];
      assign eop[b]  = in_pay_iv_i[b*PayW + PhitW - 1 -: 2] == 2'(nr_pkg::KIND_EOP);
      // a head that holds an output VC carries it in its vc field (the IU
      // rewrote it)
      `NR_ASSERT(a_hold_vc, !(in_valid_iv_i[b] && fhead[b] && hold_v[b]) ||
                 {hvcp[NB + b], hvcp[b]} == hold_w[b*2 +: 2], clk_i, rst_ni)
    end
    nr_swalloc_va #(
      .NumVcs(NumVcs),
      .NI    (NI),
      .NO    (NO),
      .VcCls (VcCls),
      .VaHop (VaHop),
      .TgtW  (TgtW)
    ) u_va (
      .clk_i,
      .rst_ni,
      .valid_i (in_valid_iv_i),
      .head_i  (fhead),
      .abit_i  (abit),
      .tgtp_i  (tgtp),
      .hvcp_i  (hvcp),
      .pop_i   (acc),
      .eop_i   (eop),
      .drop_i  (fdrop),
      .hold_v_o(hold_v),
      .hold_w_o(hold_w),
      .win_o   (won),
      .win_w_o (s1w),
      .pick_o  (s1v)
    );
    assign va_set_iv_o = won;
    assign va_w_iv_o   = s1w;
    // SA candidates (doc 1.7): the packet's next phit on its busy port, a
    // head holding an output VC whose port may take it, a dropping VC; with
    // Spec the speculative bids, a head in VA whose port is free with
    // vc_ok for the VC it picked (hok_any, from hvcp_o)
    assign cand  = fdrop | (in_valid_iv_i & ~fhead & o_any) |
                   (in_valid_iv_i & fhead & hold_v & hok_any);
    assign sbid  = (Spec != 0) ? s1v & hok_any : '0;
    assign gnt_acc = g_any & ~(sbid & ~won);
    // a head without an output VC: with Spec the outputs and the crossbar
    // see it with the VC its stage 1 picked
    assign nohold = (Spec != 0) ? fhead & ~hold_v : '0;
    for (genvar b = 0; b < NB; b++) begin : g_x
      assign {hvcp_o[NB + b], hvcp_o[b]} = nohold[b] ? s1w[b*2 +: 2] : {hvcp[NB + b], hvcp[b]};
      assign pay_x[b*PayW +: PayW] = nohold[b] ?
        {in_pay_iv_i[b*PayW + nr_pkg::HEAD_VC_LSB + 2 +: PayW - nr_pkg::HEAD_VC_LSB - 2],
         s1w[b*2 +: 2], in_pay_iv_i[b*PayW +: nr_pkg::HEAD_VC_LSB]} : in_pay_iv_i[b*PayW +: PayW];
    end
    if (SaAlloc == 1) begin : g_islip
      // iSLIP: its match is each input's one bid
      nr_swalloc_islip #(
        .NumVcs(NumVcs),
        .NI    (NI),
        .NO    (NO),
        .Rounds(SaIter),
        .TgtW  (TgtW)
      ) u_islip (
        .clk_i,
        .rst_ni,
        .cand_i (cand),
        .spec_i (sbid),
        .head_i (fhead),
        .drop_i (fdrop),
        .won_i  (won),
        .tgtp_i (tgtp),
        .pop_i  (acc),
        .eop_i  (eop),
        .match_o(vcand)
      );
    end else begin : g_sep
      // each input bids a candidate, a speculative one only without any
      for (genvar i = 0; i < NI; i++) begin : g_i
        logic [NumVcs-1:0] c;
        assign c = cand[i*NumVcs +: NumVcs];
        assign vcand[i*NumVcs +: NumVcs] = (c != '0) ? c : sbid[i*NumVcs +: NumVcs];
      end
    end
    // without Spec a head pops only after the cycle it won VA
    `NR_ASSERT(a_va_nopop, Spec != 0 || (won & acc) == '0, clk_i, rst_ni)
  end else begin : g_nova
    assign vcand       = '0;
    assign sbid        = '0;
    assign gnt_acc       = g_any;
    assign hvcp_o      = hvcp;
    assign pay_x       = in_pay_iv_i;
    assign va_set_iv_o = '0;
    assign va_w_iv_o   = '0;
    logic unused_hok;
    assign unused_hok = ^hok_any;
  end
  for (genvar i = 0; i < NI; i++) begin : g_acc
    localparam bit IS_IU = (IuFirst != 0) ? (i < NumIu) : (i >= NumBuf);
    // this input's crosspoints (constants)
    logic [NO-1:0] xmask;
    for (genvar j = 0; j < NO; j++) begin : g_j
      assign xmask[j] = xmask_oi[j*NI + i];
    end
    nr_swalloc_accept #(
      .NumVcs (NumVcs),
      .NO     (NO),
      .Speedup(Speedup),
      .PayW   (PayW),
      .TgtW   (TgtW),
      .Vc     (Vc)
    ) u_acc (
      .clk_i,
      .rst_ni,
      .valid_i   (in_valid_iv_i[i*NumVcs +: NumVcs]),
      .head_i    (fhead[i*NumVcs +: NumVcs]),
      .pay_i     (pay_x[i*NumVcs*PayW +: NumVcs*PayW]),
      .tgt_i     (in_tgt_iv_i[i*NumVcs*TgtW +: NumVcs*TgtW]),
      .drop_i    (fdrop[i*NumVcs +: NumVcs]),
      .gnt_i     (gnt_acc[i*NumVcs +: NumVcs]),
      .gnt2_i    (g_two[i*NumVcs +: NumVcs]),
      .own_i     (o_any[i*NumVcs +: NumVcs]),
      .own2_i    (o_two[i*NumVcs +: NumVcs]),
      .rdy_i     (r_any[i*NumVcs +: NumVcs]),
      .xmask_i   (xmask),
      .vcand_i   (vcand[i*NumVcs +: NumVcs]),
      .pick_o    (pick[i*NumVcs +: NumVcs]),
      .acc_o     (acc[i*NumVcs +: NumVcs]),
      .held_o    (held[i]),
      .lane_pay_o(lane_pay[i*LaneN*PayW +: LaneN*PayW]),
      .lane_of_o (lane_of[i*NumVcs*LaneW +: NumVcs*LaneW])
    );
    if (!IS_IU) begin : g_nodrop
      logic unused_drop;
      assign unused_drop = ^in_drop_iv_i[i*NumVcs +: NumVcs];
    end
  end

`ifdef FORMAL
  // ---- formal (ZipCPU style; scripts/formal.sh, tests/formal.list) ----
  // The allocator as a whole (docs/nwn-arch.md 6.2-6.4; issue 13 §4).
  // Environment: reset at step 0 only; the fronts behave like per-(input,
  // VC) FIFOs of packets: a front holds (valid, target, payload) until it
  // is popped, a VC presents HEAD, BODYs, EOP in order (f_mid: a HEAD of
  // (i, v) was popped and its EOP not yet), and a HEAD targets a
  // crosspoint of its input (a_tgt_xp); no VC is dropping (in_drop = 0);
  // a port output's TX takes every phit presented (a_taken); a channel
  // credit is returned only while one is outstanding. Proved:
  //   - NO SHARING: each output grants at most one (input, VC) a cycle, and
  //     at most one phit leaves it; it is the one popped for it, with that
  //     front's payload (and, on a channel, its VC);
  //   - PACKETS: every popped phit goes to the output of its packet (the
  //     target of its HEAD); a HEAD leaves an output only when no packet is
  //     in progress there (a port: on any VC; a channel: on its VC), so an
  //     output carries one packet from its HEAD to its EOP (a channel one
  //     per VC), and the owner registers (own_oiv) are exactly the packets
  //     in progress;
  //   - a port output starts a packet only with vc_ok[w] of its head's vc
  //     field w (VCT on the VC it leaves on, docs/fbfly-routing.md 5.3); a
  //     channel output sends on VC v only with a credit (the credit
  //     counter's assertions, which are assumptions only in its own proof);
  //   - the blocks' assertions (one grant and one owner per front, no stray
  //     front, an input accepts at most Speedup phits).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  initial assume (!rst_ni);
  always @(*) if (f_past_valid) assume (rst_ni);
  always @(*) assume (in_drop_iv_i == '0);
  always @(*) assume (pt_ready_i == '1);

  localparam logic [1:0] F_HEAD = 2'(nr_pkg::KIND_HEAD);
  localparam logic [1:0] F_EOP  = 2'(nr_pkg::KIND_EOP);
  localparam logic [1:0] F_RSVD = 2'(nr_pkg::KIND_RSVD);

  // the inputs: packets, fronts held until popped
  reg  [NI*NumVcs-1:0]      f_mid = '0;   // (i, v) is inside a packet
  reg  [NI*NumVcs*TgtW-1:0] f_dst;        // the output of that packet
  logic [NI*NumVcs*TgtW-1:0] f_to;        // the output of the front's packet
  for (genvar i = 0; i < NI; i++) begin : g_f_in
    for (genvar v = 0; v < NumVcs; v++) begin : g_f_vc
      localparam int B = i*NumVcs + v;
      wire [1:0]      kind = in_pay_iv_i[B*PayW + PhitW - 1 -: 2];
      wire [TgtW-1:0] tgt  = in_tgt_iv_i[B*TgtW +: TgtW];
      assign f_to[B*TgtW +: TgtW] = f_mid[B] ? f_dst[B*TgtW +: TgtW] : tgt;
      always @(*) if (rst_ni && in_valid_iv_i[B]) begin
        if (f_mid[B]) assume (kind != F_HEAD && kind != F_RSVD);
        else          assume (kind == F_HEAD && 32'(tgt) < NO && xmask_oi[32'(tgt)*NI + i]);
      end
      always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && $past(in_valid_iv_i[B] && !in_pop_iv_o[B]))
        assume (in_valid_iv_i[B] && in_pay_iv_i[B*PayW +: PayW] == $past(in_pay_iv_i[B*PayW +: PayW])
                && tgt == $past(tgt));
      always @(posedge clk_i) begin
        if (!rst_ni) f_mid[B] <= 1'b0;
        else if (in_pop_iv_o[B]) begin
          if (kind == F_HEAD) begin
            f_mid[B] <= 1'b1;
            f_dst[B*TgtW +: TgtW] <= tgt;
          end else if (kind == F_EOP) begin
            f_mid[B] <= 1'b0;
          end
        end
      end
      // a pop is the grant of its packet's output, of a valid front
      always @(*) if (rst_ni && in_pop_iv_o[B]) begin
        assert (in_valid_iv_i[B]);
        assert (gnt_oiv[(32'(f_to[B*TgtW +: TgtW])*NI + i)*NumVcs + v]);
      end
      // a packet in progress holds its output (a crosspoint), and only it
      always @(*) if (rst_ni && f_mid[B])
        assert (32'(f_dst[B*TgtW +: TgtW]) < NO && xmask_oi[32'(f_dst[B*TgtW +: TgtW])*NI + i]);
      for (genvar j = 0; j < NO; j++) begin : g_f_own
        always @(*) if (rst_ni)
          assert (own_oiv[(j*NI + i)*NumVcs + v] == (f_mid[B] && 32'(f_dst[B*TgtW +: TgtW]) == j));
      end
    end
  end

  // the outputs
  for (genvar j = 0; j < NO; j++) begin : g_f_out
    localparam bit IS_PT = (PtFirst != 0) ? (j < NumPt) : (j >= NumCh);
    localparam int LJ    = (PtFirst != 0) ? ((j < NumPt) ? j : j - NumPt)
                                          : ((j < NumCh) ? j : j - NumCh);
    logic            ov;                    // a phit leaves output j
    logic [PayW-1:0] opay;
    logic [VcW-1:0]  ovc;
    logic [NumVcs-1:0] okv, crv;            // port: vc_ok; channel: a credit
    if (IS_PT) begin : g_pt
      assign ov   = pt_valid_o[LJ];
      assign opay = pt_pay_o[LJ*PayW +: PayW];
      assign ovc  = '0;
      assign okv  = pt_vc_ok_i[LJ*NumVcs +: NumVcs];
      assign crv  = '1;
    end else begin : g_ch
      assign ov   = ch_valid_o[LJ];
      assign opay = ch_pay_o[LJ*PayW +: PayW];
      assign ovc  = ch_vc_o[LJ*VcW +: VcW];
      assign okv  = '1;
      for (genvar v = 0; v < NumVcs; v++) begin : g_cr
        wire [CrW-1:0] cc = ch_cc_o[(LJ*NumVcs + v)*CrW +: CrW];
        assign crv[v] = (cc != '0);
        // the environment returns a credit only while one is outstanding
        always @(*) if (rst_ni && ch_cr_i[LJ*NumVcs + v]) assume (32'(cc) < Credits);
      end
    end
    // who sends on j: the popped fronts whose packet goes to j
    logic [NI*NumVcs-1:0] snd, busy;
    for (genvar b = 0; b < NI*NumVcs; b++) begin : g_f_b
      assign snd[b]  = in_pop_iv_o[b] && 32'(f_to[b*TgtW +: TgtW]) == j;
      assign busy[b] = f_mid[b] && 32'(f_dst[b*TgtW +: TgtW]) == j;
    end
    always @(*) if (rst_ni) begin
      // NO SHARING
      assert ($onehot0(gnt_oiv[j*NI*NumVcs +: NI*NumVcs]));
      assert ($onehot0(snd));
      assert (ov == (snd != '0));
    end
    for (genvar i = 0; i < NI; i++) begin : g_f_i
      for (genvar v = 0; v < NumVcs; v++) begin : g_f_v
        localparam int B = i*NumVcs + v;
        wire hd = in_pay_iv_i[B*PayW + PhitW - 1 -: 2] == F_HEAD;
        // on a port, packets of all VCs; on a channel, those of VC v
        logic [NI*NumVcs-1:0] same;
        for (genvar b = 0; b < NI*NumVcs; b++) begin : g_same
          assign same[b] = IS_PT || (b % NumVcs) == v;
        end
        always @(*) if (rst_ni && snd[B]) begin
          assert (opay == in_pay_iv_i[B*PayW +: PayW]);
          if (!IS_PT) assert (32'(ovc) == v);
          // PACKETS: a HEAD only onto a free output
          if (hd) assert ((busy & same) == '0);
          if (hd && IS_PT) assert (32'({hvcp[NB + B], hvcp[B]}) < NumVcs && okv[{hvcp[NB + B], hvcp[B]}]);
          if (!IS_PT) assert (crv[v]);
        end
        // one packet in progress per output (channel: per VC)
        always @(*) if (rst_ni && busy[B]) assert ((busy & same) == (NI*NumVcs)'(1) << B);
      end
    end
  end
`endif

endmodule
