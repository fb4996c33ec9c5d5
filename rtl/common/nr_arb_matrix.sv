// nr_arb_matrix.sv - matrix (least-recently-granted) arbiter with advance.
//
// Purpose: strongly fair arbitration where the order of service matters
//   (YARC-style output arbitration): the requester granted longest ago wins.
//   Same interface as nr_arb_rr, so the two are interchangeable.
// Parameters:
//   N  requesters, 1 .. 64. N = 1 (branch g_single) is a wire with no state.
// Ports / protocol:
//   req_i[N]       requests.
//   gnt_o[N]       combinational one-hot grant: the requester that beats every
//                  other active requester in the priority matrix.
//   gnt_idx_o      index of the granted requester (0 when nothing is granted).
//   advance_i      at the clock edge, if a grant is given, the winner drops to
//                  lowest priority (below every other requester). Otherwise
//                  the matrix holds. advance_i may depend combinationally on
//                  gnt_o (gnt_o depends only on req_i and the matrix).
//   The matrix always encodes a total order; after reset it is 0 > 1 > .. > N-1.
// Latency: 0 (req_i -> gnt_o combinational); matrix update 1 cycle.
// Cost: N*(N-1)/2 flops (upper triangle; w[i][j] for i < j means i beats j,
//   the lower triangle is its complement); grant logic N*(N-1) AND terms.
`include "nr_assert.svh"

module nr_arb_matrix #(
  parameter int N = 4,
  localparam int IdxW = (N > 1) ? $clog2(N) : 1,
  localparam int NumPairs = (N > 1) ? N * (N - 1) / 2 : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [N-1:0]    req_i,
  input  logic            advance_i,
  output logic [N-1:0]    gnt_o,
  output logic [IdxW-1:0] gnt_idx_o
);

  `NR_PARAM_ASSERT(p_n, N >= 1 && N <= 64)

  if (N == 1) begin : g_single
    assign gnt_o     = req_i;
    assign gnt_idx_o = '0;
    logic unused_ctl;
    assign unused_ctl = ^{clk_i, rst_ni, advance_i};
  end else begin : g_matrix
    // prio_q[k], k enumerating pairs (i, j), i < j, row by row: 1 = i beats j.
    logic [NumPairs-1:0] prio_q, prio_d;
    logic [N*N-1:0]      beats;  // beats[i*N + j]: i beats j (diagonal 0)
    logic [IdxW-1:0]     idx;

    always_comb begin
      int k;
      beats = '0;
      k = 0;
      for (int i = 0; i < N; i++) begin
        for (int j = 0; j < N; j++) begin
          if (j > i) begin
            beats[i*N + j] = prio_q[k];
            beats[j*N + i] = !prio_q[k];
            k = k + 1;
          end
        end
      end
      gnt_o = '0;
      idx   = '0;
      for (int i = 0; i < N; i++) begin
        gnt_o[i] = req_i[i];
        for (int j = 0; j < N; j++) begin
          if (j != i && req_i[j] && !beats[i*N + j]) gnt_o[i] = 1'b0;
        end
        if (gnt_o[i]) idx = IdxW'(i);
      end
    end

    // Separate process: gnt_o must not even appear to depend on advance_i,
    // because users derive advance_i from gnt_o. The winner (if any) then
    // loses to everyone else.
    always_comb begin
      int k;
      prio_d = prio_q;
      k = 0;
      for (int i = 0; i < N; i++) begin
        for (int j = 0; j < N; j++) begin
          if (j > i) begin
            if (advance_i && gnt_o[i]) prio_d[k] = 1'b0;
            if (advance_i && gnt_o[j]) prio_d[k] = 1'b1;
            k = k + 1;
          end
        end
      end
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) prio_q <= '1;
      else         prio_q <= prio_d;
    end

    assign gnt_idx_o = idx;

    `NR_ASSERT(a_gnt_onehot, $onehot0(gnt_o), clk_i, rst_ni)
    `NR_ASSERT(a_gnt_if_req, (req_i == '0) || (gnt_o != '0), clk_i, rst_ni)

`ifdef FORMAL
    // ---- formal (ZipCPU style; scripts/formal.sh, tests/formal.list) ----
    // Any requests and advances, resets at any time. Proved: the matrix is a
    // total order (antisymmetric and transitive), 0 > 1 > .. > N-1 after
    // reset; the grant is within the request, one-hot, and given whenever
    // something is requested; gnt_idx_o names it; the winner beats every
    // other requester; on advance_i with a grant the winner drops below
    // everyone and the order of the others is unchanged, otherwise the
    // matrix holds. Bounded waiting: an input f_i (anyconst) that requests
    // continuously is granted before N other grants complete (f_wait counts
    // the grants to others that advanced while f_i waited; f_wait plus the
    // number of inputs that beat f_i never exceeds N - 1).
    reg f_past_valid = 1'b0;
    always @(posedge clk_i) f_past_valid <= 1'b1;
    initial assume (!rst_ni);

    always @(*) if (rst_ni) begin
      assert ((gnt_o & ~req_i) == '0);
      assert ($onehot0(gnt_o));
      assert ((gnt_o != '0) == (req_i != '0));
      if (gnt_o != '0) assert (gnt_o[gnt_idx_o]);
      else             assert (gnt_idx_o == '0);
    end
    for (genvar i = 0; i < N; i++) begin : g_f_i
      for (genvar j = 0; j < N; j++) begin : g_f_j
        if (i == j) begin : g_diag
          always @(*) if (rst_ni) assert (!beats[i*N + j]);
        end else begin : g_pair
          always @(*) if (rst_ni) begin
            assert (beats[i*N + j] != beats[j*N + i]);
            if (gnt_o[i] && req_i[j]) assert (beats[i*N + j]);
          end
          for (genvar k = 0; k < N; k++) begin : g_f_k
            if (k != i && k != j) begin : g_tri
              always @(*) if (rst_ni && beats[i*N + j] && beats[j*N + k]) assert (beats[i*N + k]);
            end
          end
          always @(posedge clk_i) if (f_past_valid && rst_ni) begin
            if (!$past(rst_ni))
              assert (beats[i*N + j] == (i < j));
            else if ($past(advance_i) && $past(gnt_o[i]))
              assert (!beats[i*N + j]);                      // the winner drops
            else if ($past(advance_i) && $past(gnt_o[j]))
              assert (beats[i*N + j]);
            else
              assert (beats[i*N + j] == $past(beats[i*N + j]));  // others keep their order
          end
        end
      end
    end

    // bounded waiting
    (* anyconst *) reg [IdxW-1:0] f_i;
    always @(*) assume (32'(f_i) < N);
    logic [N-1:0] f_above;          // f_above[j]: j beats f_i
    for (genvar j = 0; j < N; j++) begin : g_f_above
      assign f_above[j] = beats[j*N + 32'(f_i)];
    end
    reg [7:0] f_wait = '0;
    always @(posedge clk_i) begin
      if (!rst_ni || !req_i[f_i] || gnt_o[f_i]) f_wait <= '0;
      else if (advance_i)                         f_wait <= f_wait + 1'b1;
    end
    always @(*) if (rst_ni) begin
      assert (32'(f_wait) + $countones(f_above) <= N - 1);
      assert (32'(f_wait) <= N - 1);
    end
`endif
  end

endmodule
