// nr_max_pick.sv - the candidate with the highest score, ties to the first at
// or after a pointer (the C model's sw_max_pick, csrc/model/sw_route.c).
//
// Purpose: the adaptive choices of the kit's routers: YARC's up port by the
//   credits of its column (nr_route_lookup, docs/yarc-arch.md section 5 step
//   4) and a network switch's top by its up-link credits (nr_nwn_fhop,
//   docs/nwn-arch.md 4.3). The pointer and its update stay with the caller.
// Parameters:
//   N    candidates, 1..64.
//   ScW  score bits, 1..8 (unsigned).
// Ports:
//   cand_i    bit l: l is a candidate.
//   score_i   the score of l at [l*ScW +: ScW]; ignored where cand_i[l] = 0.
//   ptr_i     the tie break's start: among the candidates of the highest
//             score, the first l >= ptr_i, or the lowest if none is (so a
//             pointer >= N acts as 0, as a cyclic scan from ptr_i would).
//   any_o     some candidate exists.
//   max_o     the highest score of a candidate (0 with none).
//   best_o    the chosen l (0 with none).
// Latency: 0 (combinational).
// Cost: an N-way maximum over ScW bits, N ScW-bit equality compares, two
//   N-way priority scans (from ptr_i, and from 0) and a 2:1 mux.
// Verified: tests/cells.list (cells-max-pick-*) against sw_max_pick,
//   exhaustively for small N and ScW, at random for larger.
`default_nettype none
`include "nr_assert.svh"

module nr_max_pick #(
  parameter int N   = 4,
  parameter int ScW = 4,
  localparam int IW = nr_pkg::idx_w(N)
) (
  input  logic [N-1:0]     cand_i,
  input  logic [N*ScW-1:0] score_i,
  input  logic [IW-1:0]    ptr_i,
  output logic             any_o,
  output logic [ScW-1:0]   max_o,
  output logic [IW-1:0]    best_o
);

  `NR_PARAM_ASSERT(p_n, N >= 1 && N <= 64)
  `NR_PARAM_ASSERT(p_scw, ScW >= 1 && ScW <= 8)

  logic          hi_found;
  logic [IW-1:0] hi_l, lo_l;
  always_comb begin
    any_o = 1'b0;
    max_o = '0;
    for (int l = 0; l < N; l++) begin
      if (cand_i[l] && (!any_o || score_i[l*ScW +: ScW] > max_o)) begin
        any_o = 1'b1;
        max_o = score_i[l*ScW +: ScW];
      end
    end
    hi_found = 1'b0;
    hi_l     = '0;
    lo_l     = '0;
    for (int l = N - 1; l >= 0; l--) begin
      if (cand_i[l] && score_i[l*ScW +: ScW] == max_o) begin
        lo_l = IW'(l);
        if (32'(l) >= 32'(ptr_i)) begin
          hi_found = 1'b1;
          hi_l     = IW'(l);
        end
      end
    end
    best_o = hi_found ? hi_l : lo_l;
  end

endmodule
