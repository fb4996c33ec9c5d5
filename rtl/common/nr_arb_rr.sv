// nr_arb_rr.sv - round-robin arbiter with a hold (advance) input.
//
// Purpose: fair single-resource arbitration (crossbar outputs, VC selection).
//   A user that holds a grant for a whole packet keeps advance_i low until the
//   packet's last phit, so the winner does not change mid-packet as long as
//   its request stays up.
// Parameters:
//   N  requesters, 1 .. 1024. N = 1 (branch g_single) is a wire with no state.
// Ports / protocol:
//   req_i[N]       requests, bit i = requester i.
//   gnt_o[N]       combinational one-hot grant (all zero when req_i == 0): the
//                  first requester at or after the priority pointer, cyclically.
//   gnt_idx_o      index of the granted requester (0 when nothing is granted).
//   advance_i      at the clock edge, if a grant is given, move the pointer to
//                  one past the winner (the winner becomes lowest priority).
//                  With advance_i low, or no request, the pointer holds.
//                  advance_i may depend combinationally on gnt_o (no loop:
//                  gnt_o depends only on req_i and the pointer).
// Latency: 0 (req_i -> gnt_o combinational); pointer update 1 cycle.
// Cost: ceil(log2 N) flops (pointer, reset to 0); a thermometer mask of the
//   pointer, two N-wide lowest-set-bit isolations (an N-bit add each) and a
//   one-hot-to-binary encoder of ceil(log2 N) N-input ORs.
`default_nettype none
`include "nr_assert.svh"

module nr_arb_rr #(
  parameter int N = 4,
  localparam int IdxW = nr_pkg::idx_w(N)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [N-1:0]    req_i,
  input  logic            advance_i,
  output logic [N-1:0]    gnt_o,
  output logic [IdxW-1:0] gnt_idx_o
);

  `NR_PARAM_ASSERT(p_n, N >= 1 && N <= 1024)

  // idx_plane(b): bit i set when index i has bit b set (a constant)
  function automatic logic [N-1:0] idx_plane(input int b);
    idx_plane = '0;
    for (int i = 0; i < N; i++) idx_plane[i] = ((i >> b) & 1) != 0;
  endfunction

  if (N == 1) begin : g_single
    assign gnt_o     = req_i;
    assign gnt_idx_o = '0;
    logic unused_ctl;
    assign unused_ctl = ^{clk_i, rst_ni, advance_i};
  end else begin : g_rr
    logic [IdxW-1:0] ptr_q, ptr_d;
    logic            found_lo;
    logic [IdxW-1:0] idx;
    logic [N-1:0]    hi, pick, low_hi, low_all;

    // Vector form (one statement per index bit, not one per requester: the
    // 128-requester port arbiters of a 64-port crossbar are 64 of these).
    // hi: the requests at or after the pointer; the grant is the lowest set
    // bit of hi if there is one, else of req_i (x & -x isolates it).
    assign hi       = req_i & ~((N'(1) << ptr_q) - N'(1));
    assign low_hi   = hi & (~hi + N'(1));
    assign low_all  = req_i & (~req_i + N'(1));
    assign pick     = (hi != '0) ? low_hi : low_all;
    assign found_lo = req_i != '0;
    assign gnt_o    = pick;
    // the one-hot's index: bit b is set where the winner's index has bit b
    for (genvar b = 0; b < IdxW; b++) begin : g_idx
      localparam logic [N-1:0] Plane = idx_plane(b);
      assign idx[b] = |(pick & Plane);
    end

    // Separate process: gnt_o must not even appear to depend on advance_i,
    // because users derive advance_i from gnt_o (e.g. "granted phit is EOP").
    always_comb begin
      ptr_d = ptr_q;
      if (advance_i && found_lo) ptr_d = (32'(idx) == N - 1) ? '0 : idx + 1'b1;
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) ptr_q <= '0;
      else         ptr_q <= ptr_d;
    end

    assign gnt_idx_o = idx;

    `NR_ASSERT(a_gnt_onehot, $onehot0(gnt_o), clk_i, rst_ni)
    `NR_ASSERT(a_gnt_is_req, (gnt_o & ~req_i) == '0, clk_i, rst_ni)
    `NR_ASSERT(a_gnt_if_req, (req_i == '0) || (gnt_o != '0), clk_i, rst_ni)

`ifdef FORMAL
    // ---- formal (ZipCPU style; scripts/formal.sh, tests/formal.list) ----
    // Any requests and advances, resets at any time. Proved: the pointer is
    // in range; the grant is within the request, one-hot, and given whenever
    // something is requested; gnt_idx_o names it; it is the first requester
    // at or after the pointer, cyclically; the pointer moves to one past the
    // winner exactly on advance_i with a grant. Bounded waiting: an input
    // f_i (anyconst) that requests continuously is granted before N other
    // grants complete (f_wait counts the grants to others that advanced
    // while f_i waited; with its distance from the pointer it never exceeds
    // N - 1).
    reg f_past_valid = 1'b0;
    always @(posedge clk_i) f_past_valid <= 1'b1;
    initial assume (!rst_ni);

    // f_dist[i]: i's position counting from the pointer, (i - ptr) mod N
    logic [N*IdxW-1:0] f_dist;
    for (genvar i = 0; i < N; i++) begin : g_f_dist
      assign f_dist[i*IdxW +: IdxW] = (i >= 32'(ptr_q)) ? IdxW'(i - 32'(ptr_q))
                                                       : IdxW'(i + N - 32'(ptr_q));
    end
    wire [IdxW-1:0] f_win_dist = f_dist[32'(idx)*IdxW +: IdxW];

    always @(*) if (rst_ni) begin
      assert (32'(ptr_q) < N);
      assert ((gnt_o & ~req_i) == '0);
      assert ($onehot0(gnt_o));
      assert ((gnt_o != '0) == (req_i != '0));
      if (gnt_o != '0) assert (gnt_o[gnt_idx_o]);
      else             assert (gnt_idx_o == '0);
    end
    for (genvar i = 0; i < N; i++) begin : g_f_first
      // no requester comes before the winner, counting from the pointer
      always @(*) if (rst_ni && req_i[i]) assert (f_dist[i*IdxW +: IdxW] >= f_win_dist);
    end

    always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && rst_ni) begin
      if ($past(advance_i) && $past(req_i) != '0)
        assert (32'(ptr_q) == ((32'($past(gnt_idx_o)) == N - 1) ? 0 : 32'($past(gnt_idx_o)) + 1));
      else
        assert (ptr_q == $past(ptr_q));
    end

    // bounded waiting
    (* anyconst *) reg [IdxW-1:0] f_i;
    always @(*) assume (32'(f_i) < N);
    reg [7:0] f_wait = '0;
    always @(posedge clk_i) begin
      if (!rst_ni || !req_i[f_i] || gnt_o[f_i]) f_wait <= '0;
      else if (advance_i)                         f_wait <= f_wait + 1'b1;
    end
    always @(*) if (rst_ni) begin
      assert (32'(f_wait) + 32'(f_dist[32'(f_i)*IdxW +: IdxW]) <= N - 1);
      assert (32'(f_wait) <= N - 1);
    end
`endif
  end

endmodule
