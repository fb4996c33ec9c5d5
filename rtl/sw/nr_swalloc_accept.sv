// nr_swalloc_accept.sv - the accept stage of one input of nr_swalloc: which of
// its granted (or dropping) VCs the input takes this cycle, the held-input
// test, and the input's crossbar lanes (docs/nwn-arch.md 6.2-6.3).
//
// Purpose: the input side of the separable allocator, the accept step of the
//   C model (csrc/model/sw_alloc.c, nr_swalloc_eval; the rule is sw_accept of
//   swparts.h), for one input of any subswitch of the kit. Grants come from
//   the output arbiters (nr_swalloc_ch, nr_swalloc_pt, each in its output
//   block nr_swalloc_out) of every output.
// Parameters:
//   NumVcs   1..4.
//   NO       outputs of the allocator, 1..64.
//   Speedup  S, 1..4: accepts per cycle. S >= NumVcs (branch g_all) accepts
//            every candidate and holds nothing; otherwise the first S
//            candidates in round-robin order from iptr (nr_arb_rr_multi).
//   PayW     payload bits per phit, >= 24 (the phit in the low bits).
//   TgtW     width of an output index (checks only).
//   LaneN, LaneW  (derived) L = min(S, NumVcs) crossbar lanes, lane index width.
// Ports / protocol (per VC v unless said otherwise):
//   valid_i, head_i, pay_i, tgt_i  the input's front on v: valid, is a HEAD,
//     payload, target output (HEAD only).
//   drop_i    v is dropping (an IU with no front on v; a candidate that pops
//     without an output). 0 for a buffered input.
//   gnt_i, own_i, rdy_i  some output grants v / holds the packet of v /
//     could take v's next phit this cycle (the ORs over the outputs, formed
//     in nr_swalloc for all inputs at once).
//   gnt2_i, own2_i  two or more outputs grant v / hold v's packet (checks
//     only: an (input, VC) has one grant and one owner at most).
//   xmask_i   (per output j) (this input, j) is a crosspoint (checks only).
//   acc_o     the accepted VCs: popped at the end of the cycle. Combinational.
//   held_o    at least S VCs continue a packet whose output can take them
//     (S < NumVcs only): the input's head requests are withdrawn this cycle.
//     Depends on state and valid_i/head_i/rdy_i only (not on grants).
//   lane_pay_o, lane_of_o  lane l carries the l-th accepted VC's payload
//     (S < NumVcs) or VC l (S >= NumVcs); lane_of_o[v] is the lane of VC v
//     (meaningful when v is accepted).
//   iptr moves past the first accepted candidate when it pops an EOP.
//   Vc = 1 (the baseline VC router, docs/nwn-arch.md 1.7, input first): the
//   round robin from iptr picks one of vcand_i (the input's SA candidates)
//   before any grant; pick_o (one-hot) goes to the outputs as the input's
//   one bid, and the pick is accepted when it is granted or dropping. No
//   held rule. Needs Speedup = 1.
// Latency: 0; iptr updates at the clock edge.
// Cost: S >= NumVcs: nothing but the candidates. Otherwise one NumVcs-way multi-grant
//   round robin, L PayW-bit VC muxes, and the held test (a count of the
//   continuing VCs against S).
`default_nettype none
`include "nr_assert.svh"

module nr_swalloc_accept #(
  parameter int NumVcs  = 2,
  parameter int NO      = 8,
  parameter int Speedup = 4,
  parameter int PayW    = 24,
  parameter int TgtW    = 3,
  parameter int Vc      = 0,
  localparam int LaneN  = (Speedup >= NumVcs) ? NumVcs : Speedup,
  localparam int LaneW  = nr_pkg::idx_w(LaneN)
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic [NumVcs-1:0]        valid_i,
  input  logic [NumVcs-1:0]        head_i,
  input  logic [NumVcs*PayW-1:0]   pay_i,
  input  logic [NumVcs*TgtW-1:0]   tgt_i,
  input  logic [NumVcs-1:0]        drop_i,
  input  logic [NumVcs-1:0]        gnt_i,
  input  logic [NumVcs-1:0]        gnt2_i,
  input  logic [NumVcs-1:0]        own_i,
  input  logic [NumVcs-1:0]        own2_i,
  input  logic [NumVcs-1:0]        rdy_i,
  input  logic [NO-1:0]            xmask_i,
  input  logic [NumVcs-1:0]        vcand_i,
  output logic [NumVcs-1:0]        pick_o,
  output logic [NumVcs-1:0]        acc_o,
  output logic                     held_o,
  output logic [LaneN*PayW-1:0]    lane_pay_o,
  output logic [NumVcs*LaneW-1:0]  lane_of_o
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_no, NO >= 1 && NO <= 64)
  `NR_PARAM_ASSERT(p_speedup, Speedup >= 1 && Speedup <= 4)
  `NR_PARAM_ASSERT(p_payw, PayW >= nr_pkg::PHIT_W)
  `NR_PARAM_ASSERT(p_vc, Vc == 0 || (Vc == 1 && Speedup == 1))

  localparam int VcW   = nr_pkg::idx_w(NumVcs);
  localparam int PhitW = nr_pkg::PHIT_W;
  localparam logic [1:0] K_EOP = 2'(nr_pkg::KIND_EOP);

  // cand: what the input may take; rc: what its round robin picks from
  // (Vc = 1: its SA candidates, before the grants); a: the pick
  logic [NumVcs-1:0] cand, rc, a, acc;
  assign cand = gnt_i | drop_i;
  assign rc   = (Vc != 0) ? vcand_i : cand;
  assign acc  = (Vc != 0) ? a & cand : a;
  assign pick_o = (Vc != 0) ? a : '0;

  if (Speedup >= NumVcs) begin : g_all
    assign held_o = 1'b0;
    logic unused_rdy;
    assign unused_rdy = ^rdy_i;
    // every candidate is accepted; lane v carries VC v
    assign a = rc;
    for (genvar v = 0; v < NumVcs; v++) begin : g_lane
      assign lane_pay_o[v*PayW +: PayW]   = pay_i[v*PayW +: PayW];
      assign lane_of_o[v*LaneW +: LaneW] = LaneW'(v);
    end
  end else begin : g_sel
    // held: at least S VCs continue a packet whose output can take it
    logic [NumVcs-1:0] cont;
    assign cont   = rdy_i & valid_i & ~head_i;
    assign held_o = (Vc == 0) && $countones(cont) >= Speedup;
    // an accept tie: more candidates than the input can take (the round
    // robin picks S), and a held input (its head requests withdrawn)
    `NR_COVER(c_acc_tie, $countones(cand) > Speedup, clk_i, rst_ni)
    `NR_COVER(c_acc_held, held_o, clk_i, rst_ni)
    // the first S candidates from iptr; iptr moves past the first accepted
    // candidate when it pops an EOP
    logic [Speedup-1:0]     pv;
    logic [Speedup*VcW-1:0] pi;
    logic                   first_eop;
    assign first_eop = pv[0] && cand[pi[VcW-1:0]] &&
                       pay_i[32'(pi[VcW-1:0])*PayW + PhitW - 1 -: 2] == K_EOP;
    nr_arb_rr_multi #(
      .N       (NumVcs),
      .S       (Speedup),
      .PastLast(0)
    ) u_iarb (
      .clk_i,
      .rst_ni,
      .req_i       (rc),
      .advance_i   (first_eop),
      .gnt_o       (a),
      .pick_valid_o(pv),
      .pick_idx_o  (pi)
    );
    for (genvar l = 0; l < LaneN; l++) begin : g_lane
      assign lane_pay_o[l*PayW +: PayW] = pay_i[32'(pi[l*VcW +: VcW])*PayW +: PayW];
    end
    for (genvar v = 0; v < NumVcs; v++) begin : g_lof
      logic [LaneW-1:0] lo;
      always_comb begin
        lo = '0;
        for (int l = 0; l < LaneN; l++) begin
          if (pv[l] && 32'(pi[l*VcW +: VcW]) == v) lo = LaneW'(l);
        end
      end
      assign lane_of_o[v*LaneW +: LaneW] = lo;
    end
  end
  assign acc_o = acc;

  // ---- checks
  for (genvar v = 0; v < NumVcs; v++) begin : g_chk
    logic [TgtW-1:0] tg;
    assign tg = tgt_i[v*TgtW +: TgtW];
    // a front is granted by one output at most (one pop per buffer)
    `NR_ASSERT(a_one_grant, !gnt2_i[v], clk_i, rst_ni)
    `NR_ASSERT(a_one_owner, !own2_i[v], clk_i, rst_ni)
    // a HEAD targets an existing crosspoint of its input
    `NR_ASSERT(a_tgt_xp, !(valid_i[v] && head_i[v]) || (32'(tg) < NO && xmask_i[tg]),
               clk_i, rst_ni)
    // a front that is not a HEAD belongs to a packet holding an output
    `NR_ASSERT(a_stray, !valid_i[v] || head_i[v] || own_i[v], clk_i, rst_ni)
    // a dropping VC presents no front
    `NR_ASSERT(a_drop_nofront, !(drop_i[v] && valid_i[v]), clk_i, rst_ni)
    `NR_ASSERT(a_pop, !acc[v] || valid_i[v] || drop_i[v], clk_i, rst_ni)
  end
  // accept limit
  `NR_ASSERT(a_accept, $countones(acc) <= Speedup, clk_i, rst_ni)
  // Vc = 1: only the pick is granted (it is the input's one bid)
  `NR_ASSERT(a_vc_bid, Vc == 0 || (gnt_i & ~a) == '0, clk_i, rst_ni)

endmodule
