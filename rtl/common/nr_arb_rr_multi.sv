// nr_arb_rr_multi.sv - round-robin arbiter that grants up to S requesters.
//
// Purpose: the "first S candidates in round-robin order" choice of the
//   network switches (docs/nwn-arch.md): the input unit's input-queue reads
//   with an input speedup (section 4.1, the pointer moves past the last VC
//   read) and a subswitch input's accept step (section 6.3, the pointer moves
//   past the first accepted candidate when it pops an EOP).
// Parameters:
//   N         requesters, 1 .. 64.
//   S         grants per cycle, 1 .. 4. S = 1 (branch g_one) is exactly
//             nr_arb_rr (same pointer, same grant). S >= N grants every
//             request (still in round-robin order for the pick outputs).
//   PastLast  0: advance_i moves the pointer to one past the FIRST grant;
//             1: to one past the LAST grant (the S-th, or fewer if fewer
//             requested). Unused when S = 1 (first = last).
// Ports / protocol:
//   req_i[N]          requests.
//   gnt_o[N]          combinational: the first min(S, #requests) requesters
//                     at or after the pointer, cyclically.
//   pick_valid_o[S]   pick k exists (k < number of grants).
//   pick_idx_o[S*IdxW] index of the k-th grant in round-robin order (0 when
//                     pick k does not exist).
//   advance_i         at the clock edge, if anything is granted, move the
//                     pointer (see PastLast). May depend combinationally on
//                     the grant outputs (separate process, as nr_arb_rr).
// Latency: 0 (combinational grant); pointer update 1 cycle.
// Cost: ceil(log2 N) pointer flops (reset 0); an N-step scan from the
//   pointer with an S-bounded counter (logic depth O(N)).
`default_nettype none
`include "nr_assert.svh"

module nr_arb_rr_multi #(
  parameter int N        = 4,
  parameter int S        = 2,
  parameter int PastLast = 1,
  localparam int IdxW    = nr_pkg::idx_w(N)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [N-1:0]    req_i,
  input  logic            advance_i,
  output logic [N-1:0]    gnt_o,
  output logic [S-1:0]    pick_valid_o,
  output logic [S*IdxW-1:0] pick_idx_o
);

  `NR_PARAM_ASSERT(p_n, N >= 1 && N <= 64)
  `NR_PARAM_ASSERT(p_s, S >= 1 && S <= 4)
  `NR_PARAM_ASSERT(p_past_last, PastLast == 0 || PastLast == 1)

  if (S == 1) begin : g_one
    nr_arb_rr #(.N(N)) u_arb (
      .clk_i,
      .rst_ni,
      .req_i,
      .advance_i,
      .gnt_o,
      .gnt_idx_o(pick_idx_o)
    );
    assign pick_valid_o = |req_i;
  end else if (N == 1) begin : g_single
    assign gnt_o        = req_i;
    assign pick_valid_o = S'(req_i);
    assign pick_idx_o   = '0;
    logic unused_ctl;
    assign unused_ctl = ^{clk_i, rst_ni, advance_i};
  end else begin : g_multi
    localparam int CntW = $clog2(S + 1);
    logic [IdxW-1:0] ptr_q, ptr_d, first, last;
    logic [CntW-1:0] cnt;

    always_comb begin
      int idx;
      gnt_o        = '0;
      pick_valid_o = '0;
      pick_idx_o   = '0;
      cnt          = '0;
      first        = '0;
      last         = '0;
      for (int k = 0; k < N; k++) begin
        idx = 32'(ptr_q) + k;
        if (idx >= N) idx = idx - N;
        if (req_i[idx] && 32'(cnt) < S) begin
          gnt_o[idx] = 1'b1;
          for (int s = 0; s < S; s++) begin
            if (32'(cnt) == s) begin
              pick_valid_o[s]              = 1'b1;
              pick_idx_o[s*IdxW +: IdxW]   = IdxW'(idx);
            end
          end
          if (cnt == '0) first = IdxW'(idx);
          last = IdxW'(idx);
          cnt  = cnt + 1'b1;
        end
      end
    end

    // separate process: the grant must not even appear to depend on advance_i
    always_comb begin
      logic [IdxW-1:0] w;
      w     = (PastLast != 0) ? last : first;
      ptr_d = ptr_q;
      if (advance_i && req_i != '0) ptr_d = (32'(w) == N - 1) ? '0 : w + 1'b1;
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) ptr_q <= '0;
      else         ptr_q <= ptr_d;
    end

    `NR_ASSERT(a_gnt_is_req, (gnt_o & ~req_i) == '0, clk_i, rst_ni)
    `NR_ASSERT(a_gnt_count, $countones(gnt_o) <= S, clk_i, rst_ni)
    // The if-arms of the scan's unrolled loop read 0 in the coverage of
    // the Verilator we use (5.006) even when they run, so these stand for
    // them (make coverage): the index wrapped (a requester below the pointer was
    // granted), and the first pick was recorded (first is 0 unless set).
    `NR_COVER(c_multi_wrap, (gnt_o & ((N'(1) << ptr_q) - N'(1))) != '0, clk_i, rst_ni)
    `NR_COVER(c_multi_first, first != '0, clk_i, rst_ni)

`ifdef FORMAL
    // ---- formal (ZipCPU style; scripts/formal.sh, tests/formal.list) ----
    // Any requests and advances, resets at any time. Proved: the pointer is
    // in range; the grant is within the request and has min(S, #requests)
    // bits; no requester closer to the pointer (cyclically) is passed over
    // for a granted one; pick k is valid iff k < #grants, the valid picks
    // are the granted inputs, in strictly increasing distance from the
    // pointer, an invalid pick has index 0; on advance_i with a request
    // the pointer moves to one past the first (PastLast = 0) or the last
    // (PastLast = 1) pick, otherwise it holds. Bounded waiting: an input
    // f_i (anyconst) that requests continuously is granted before N other
    // grants complete (PastLast = 0), or before ceil(N / S) of them
    // (PastLast = 1): f_wait counts the advances while f_i waited, and
    // f_wait (times S with PastLast = 1) plus f_i's distance from the
    // pointer never exceeds N - 1.
    reg f_past_valid = 1'b0;
    always @(posedge clk_i) f_past_valid <= 1'b1;
    initial assume (!rst_ni);

    localparam int FStep = (PastLast != 0) ? S : 1;

    // f_dist(x): x's position counting from the pointer, (x - ptr) mod N
    function automatic [IdxW:0] f_dist(input [IdxW-1:0] x, input [IdxW-1:0] p);
      f_dist = (x >= p) ? {1'b0, x} - {1'b0, p} : {1'b0, x} + (IdxW+1)'(N) - {1'b0, p};
    endfunction
    wire [31:0] f_nreq = $countones(req_i);
    wire [31:0] f_ngnt = $countones(gnt_o);
    // the last valid pick (the grant farthest from the pointer, see below)
    logic [IdxW-1:0] f_last;
    always @(*) begin
      f_last = '0;
      for (int k = 0; k < S; k++) begin
        if (pick_valid_o[k]) f_last = pick_idx_o[k*IdxW +: IdxW];
      end
    end

    always @(*) if (rst_ni) begin
      assert (32'(ptr_q) < N);
      assert ((gnt_o & ~req_i) == '0);
      assert (f_ngnt == ((f_nreq < S) ? f_nreq : S));
    end
    for (genvar i = 0; i < N; i++) begin : g_f_in
      // no requester is passed over for one farther from the pointer
      for (genvar j = 0; j < N; j++) begin : g_f_j
        if (i != j) begin : g_pair
          always @(*) if (rst_ni && req_i[i] && !gnt_o[i] && gnt_o[j])
            assert (f_dist(IdxW'(i), ptr_q) > f_dist(IdxW'(j), ptr_q));
        end
      end
      // granted iff some valid pick names it
      logic [S-1:0] f_named;
      for (genvar k = 0; k < S; k++) begin : g_f_k
        assign f_named[k] = pick_valid_o[k] && 32'(pick_idx_o[k*IdxW +: IdxW]) == i;
      end
      always @(*) if (rst_ni) assert (gnt_o[i] == (f_named != '0));
    end
    for (genvar k = 0; k < S; k++) begin : g_f_pick
      wire [IdxW-1:0] f_pk = pick_idx_o[k*IdxW +: IdxW];
      always @(*) if (rst_ni) begin
        assert (pick_valid_o[k] == (k < f_ngnt));
        if (!pick_valid_o[k]) assert (f_pk == '0);
        else                  assert (32'(f_pk) < N);
      end
      if (k + 1 < S) begin : g_order
        wire [IdxW-1:0] f_pn = pick_idx_o[(k+1)*IdxW +: IdxW];
        always @(*) if (rst_ni && pick_valid_o[k+1])
          assert (f_dist(f_pk, ptr_q) < f_dist(f_pn, ptr_q));
      end
    end

    wire [IdxW-1:0] f_w = (PastLast != 0) ? f_last : pick_idx_o[0 +: IdxW];
    always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && rst_ni) begin
      if ($past(advance_i) && $past(req_i) != '0)
        assert (32'(ptr_q) == ((32'($past(f_w)) == N - 1) ? 0 : 32'($past(f_w)) + 1));
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
      assert (FStep * 32'(f_wait) + 32'(f_dist(f_i, ptr_q)) <= N - 1);
      assert (FStep * 32'(f_wait) <= N - 1);
    end
`endif
  end

endmodule
