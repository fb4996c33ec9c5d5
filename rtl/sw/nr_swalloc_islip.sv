// nr_swalloc_islip.sv - iSLIP of 1 to 4 rounds, the switch allocator
// SaAlloc = 1 of the baseline virtual-channel router vc (docs/nwn-arch.md
// 1.7 "Other SA"), over the port outputs of nr_swalloc.
//
// Purpose: with Vc = 1 and SaAlloc = 1 nr_swalloc asks this block which VC
//   each input sends this cycle (at most one: Speedup 1) and hands it to its
//   input-first path as the input's one bid (nr_swalloc_accept's vcand_i),
//   so each port output sees at most one request. The rounds, from
//   start-of-cycle state and this cycle's candidates, over the inputs and
//   port outputs not matched in an earlier round:
//   grant, per port q: busy with a packet (a non-HEAD candidate targets it),
//     it grants that packet's VC; free, it grants one of the heads that
//     request it, by its round robin pptr[q] over r = i*NumVcs + v
//     (input-major), a speculative head only when no other asks;
//   accept, per input i: its dropping VCs grant themselves; it takes one of
//     its grants by its round robin iptr[i] over v, a speculative one only
//     when no other was granted. The input and (unless the VC drops) the
//     port are matched, even when the match is a speculative head that lost
//     VA (the port cycle is lost: it is not in match_o).
//   Pointers: pptr[q] moves past r when a first-round grant of q is popped
//   (a later round's match leaves it, the iSLIP rule); iptr[i] moves past v
//   when v pops an EOP (doc 6.4, as nr_swalloc_accept's). They are the
//   allocator's only pointers: nr_swalloc's port and accept arbiters see one
//   requester each, so theirs do not matter.
//   All rounds are one process (one combinational function of the inputs
//   and pointers), so no round's signals feed back into a vector another
//   round reads.
// Parameters:
//   NumVcs  1..4.
//   NI, NO  inputs (all input units), outputs (all port outputs), 1..64.
//   Rounds  SaIter, 1..4.
//   TgtW    width of an output index.
// Ports / protocol (index b = i*NumVcs + v; tgtp_i: bit t of (i, v)'s target
// at t*NB + b, as nr_swalloc forms it):
//   cand_i   (i, v) is an SA candidate (doc 1.7): dropping, a later phit of
//            the packet its port is busy with, or a head holding an output
//            VC whose port is free with vc_ok.
//   spec_i   (i, v) is a speculative head (Spec = 1): in VA this cycle, its
//            port free with vc_ok for the VC stage 1 picked.
//   head_i, drop_i  the front is a HEAD; (i, v) is dropping.
//   won_i    (i, v) wins VA this cycle (a speculative match stands).
//   pop_i, eop_i  (i, v) pops this cycle; its phit is an EOP (the pointer
//            updates).
//   match_o  the VC each input sends (one-hot or zero per input).
// Latency: 0; the pointers update at the clock edge.
// Cost: NO*ceil(log2(NB)) + NI*ceil(log2(NumVcs)) flops; per round NO NB-way
//   and NI NumVcs-way round-robin picks.
`default_nettype none
`include "nr_assert.svh"

module nr_swalloc_islip #(
  parameter int NumVcs = 2,
  parameter int NI     = 16,
  parameter int NO     = 16,
  parameter int Rounds = 1,
  parameter int TgtW   = 4,
  localparam int NB    = NI * NumVcs
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic [NB-1:0]      cand_i,
  input  logic [NB-1:0]      spec_i,
  input  logic [NB-1:0]      head_i,
  input  logic [NB-1:0]      drop_i,
  input  logic [NB-1:0]      won_i,
  input  logic [TgtW*NB-1:0] tgtp_i,
  input  logic [NB-1:0]      pop_i,
  input  logic [NB-1:0]      eop_i,
  output logic [NB-1:0]      match_o
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_io, NI >= 1 && NI <= 64 && NO >= 1 && NO <= 64)
  `NR_PARAM_ASSERT(p_rounds, Rounds >= 1 && Rounds <= 4)

  localparam int PW = nr_pkg::idx_w(NB);
  localparam int VW = nr_pkg::idx_w(NumVcs);

  // the first requester at or after p, cyclically (one-hot; 0 without one)
  function automatic logic [NB-1:0] first_b(input logic [NB-1:0] r, input logic [PW-1:0] p);
    logic [NB-1:0] hi;
    hi      = r & ~((NB'(1) << p) - NB'(1));
    first_b = (hi != '0) ? hi & (~hi + NB'(1)) : r & (~r + NB'(1));
  endfunction
  function automatic logic [NumVcs-1:0] first_v(input logic [NumVcs-1:0] r,
                                                input logic [VW-1:0] p);
    logic [NumVcs-1:0] hi;
    hi      = r & ~((NumVcs'(1) << p) - NumVcs'(1));
    first_v = (hi != '0) ? hi & (~hi + NumVcs'(1)) : r & (~r + NumVcs'(1));
  endfunction

  logic [NO*PW-1:0] pptr_q, pptr_d;
  logic [NI*VW-1:0] iptr_q, iptr_d;

  // tm: the input VCs whose target is q, at q*NB
  logic [NO*NB-1:0] tm;
  for (genvar j = 0; j < NO; j++) begin : g_q
    logic [NB-1:0] m;
    always_comb begin
      m = '1;
      for (int t = 0; t < TgtW; t++)
        m = m & (((j >> t) & 1) != 0 ? tgtp_i[t*NB +: NB] : ~tgtp_i[t*NB +: NB]);
    end
    assign tm[j*NB +: NB] = m;
  end

  // ---- the rounds
  logic [NB-1:0]    match, late;           // late: matched after the first round
  logic [NO*NB-1:0] g0;                    // the first round's grants of the free ports
  always_comb begin
    logic [NI-1:0]     fin;                // inputs not matched yet
    logic [NO-1:0]     fout;               // ports not matched yet
    logic [NB-1:0]     finv, ftm, base, rq, ns, gr, acc;
    logic [NumVcs-1:0] gi, ci;
    match = '0;
    late  = '0;
    g0    = '0;
    fin   = '1;
    fout  = '1;
    for (int r = 0; r < Rounds; r++) begin
      for (int i = 0; i < NI; i++) finv[i*NumVcs +: NumVcs] = {NumVcs{fin[i]}};
      ftm = '0;                            // the input VCs whose port is not matched
      for (int j = 0; j < NO; j++) if (fout[j]) ftm = ftm | tm[j*NB +: NB];
      // grants: dropping VCs, busy ports to their packet's VC, free ports
      // to one requesting head
      gr   = cand_i & finv & (drop_i | (~head_i & ftm));
      base = ((cand_i & head_i) | spec_i) & ~drop_i & finv & ftm;
      for (int j = 0; j < NO; j++) begin
        rq = base & tm[j*NB +: NB];
        ns = rq & ~spec_i;
        rq = first_b((ns != '0) ? ns : rq, pptr_q[j*PW +: PW]);
        gr = gr | rq;
        if (r == 0) g0[j*NB +: NB] = rq;
      end
      // accepts
      for (int i = 0; i < NI; i++) begin
        gi = gr[i*NumVcs +: NumVcs];
        ci = gi & ~spec_i[i*NumVcs +: NumVcs];
        acc[i*NumVcs +: NumVcs] = first_v((ci != '0) ? ci : gi, iptr_q[i*VW +: VW]);
        if (gi != '0) fin[i] = 1'b0;
      end
      for (int j = 0; j < NO; j++)
        if ((acc & ~drop_i & tm[j*NB +: NB]) != '0) fout[j] = 1'b0;
      match = match | (acc & (~spec_i | won_i));
      if (r > 0) late = late | acc;
    end
  end
  assign match_o = match;

  // ---- pointers
  always_comb begin
    logic [NB-1:0]     g;
    logic [NumVcs-1:0] e;
    pptr_d = pptr_q;
    iptr_d = iptr_q;
    for (int j = 0; j < NO; j++) begin
      g = g0[j*NB +: NB] & pop_i;
      for (int b = 0; b < NB; b++)
        if (g[b]) pptr_d[j*PW +: PW] = (b == NB - 1) ? '0 : PW'(b + 1);
    end
    for (int i = 0; i < NI; i++) begin
      e = pop_i[i*NumVcs +: NumVcs] & eop_i[i*NumVcs +: NumVcs];
      for (int v = 0; v < NumVcs; v++)
        if (e[v]) iptr_d[i*VW +: VW] = (v == NumVcs - 1) ? '0 : VW'(v + 1);
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pptr_q <= '0;
      iptr_q <= '0;
    end else begin
      pptr_q <= pptr_d;
      iptr_q <= iptr_d;
    end
  end

  // ---- checks
  for (genvar i = 0; i < NI; i++) begin : g_chk
    `NR_ASSERT(a_one, $onehot0(match[i*NumVcs +: NumVcs]), clk_i, rst_ni)
  end
  `NR_ASSERT(a_cand, (match & ~(cand_i | spec_i)) == '0, clk_i, rst_ni)
  // a later round matched something (iSLIP's rounds > 1 at work)
  `NR_COVER(c_late, late != '0, clk_i, rst_ni)

endmodule
