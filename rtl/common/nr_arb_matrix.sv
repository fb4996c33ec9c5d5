// nr_arb_matrix.sv - matrix arbiter: the least recently granted requester
// wins.
//
// Purpose: the tie-break among the columns of YARC's adaptive up choice
//   (nr_route_lookup, docs/yarc-arch.md section 5 step 4s: the seed's
//   "matrix arbiter in general"), the C model's nr_up_arb (csrc/model/
//   sw_route.c). The state is a total order of the requesters.
// Parameters:
//   N  requesters, 2 .. 8.
// Ports / protocol:
//   req_i[N]     requests, bit i = requester i.
//   gnt_o[N]     combinational one-hot grant (all zero when req_i == 0): the
//                requester that comes before every other requesting one.
//   gnt_idx_o    index of the granted requester (0 when nothing is granted).
//   advance_i    at the clock edge, if a grant is given, the winner goes
//                after every other requester. Reset order: lower index first.
// Latency: 0 (req_i -> gnt_o combinational); order update 1 cycle.
// Cost: N(N-1)/2 flops (bit i*N + j, i < j: j before i; reset 0), an
//   N-input AND of 2-input terms per requester, a one-hot-to-binary encoder.
// Formal: the block at the end (tests/formal.list, docs/cells.md).
`default_nettype none
`include "nr_assert.svh"

module nr_arb_matrix #(
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

  `NR_PARAM_ASSERT(p_n, N >= 2 && N <= 8)

  logic [N*N-1:0] w_q;   // bit i*N + j (i < j): j before i; the others stay 0
  logic           win;

  always_comb begin
    gnt_o     = '0;
    gnt_idx_o = '0;
    win       = 1'b0;
    for (int i = 0; i < N; i++) begin
      win = req_i[i];
      for (int j = 0; j < N; j++) begin
        if (j != i && req_i[j]) begin
          if (i < j ? w_q[i*N + j] : !w_q[j*N + i]) win = 1'b0;
        end
      end
      if (win) begin
        gnt_o[i]  = 1'b1;
        gnt_idx_o = IdxW'(i);
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      w_q <= '0;
    end else if (advance_i) begin
      for (int i = 0; i < N; i++) begin
        for (int j = 0; j < N; j++) begin
          if (j > i && gnt_o[i]) w_q[i*N + j] <= 1'b1;   // j now before i
          if (j > i && gnt_o[j]) w_q[i*N + j] <= 1'b0;   // i now before j
        end
      end
    end
  end

`ifdef FORMAL
  // ---- formal (ZipCPU style; scripts/formal.sh, tests/formal.list) ----
  // Any requests and advances, resets at any time. Proved: only the bits
  // i < j of the order are used and it is transitive (a strict total
  // order); the grant is within the request, one-hot, given whenever
  // something is requested, and comes before every other requester;
  // gnt_idx_o names it; on advance_i the winner goes after every other
  // requester and every other pair keeps its order, and without it nothing
  // changes. Bounded waiting: an input f_i (anyconst) that requests
  // continuously is granted before N other grants complete (f_wait counts
  // the grants to others that advanced while f_i waited; with the
  // requesters ordered before f_i it never exceeds N - 1).
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  initial assume (!rst_ni);

  logic [N*N-1:0] f_b;   // bit a*N + b: a comes before b
  for (genvar a = 0; a < N; a++) begin : g_fa
    for (genvar b = 0; b < N; b++) begin : g_fb
      if (a < b) begin : g_lo
        assign f_b[a*N + b] = !w_q[a*N + b];
      end else if (a > b) begin : g_hi
        assign f_b[a*N + b] = w_q[b*N + a];
      end else begin : g_eq
        assign f_b[a*N + b] = 1'b0;
      end
      always @(*) if (rst_ni) begin
        if (a >= b) assert (!w_q[a*N + b]);
        if (gnt_o[a] && req_i[b] && a != b) assert (f_b[a*N + b]);
      end
      for (genvar c = 0; c < N; c++) begin : g_fc
        always @(*) if (rst_ni && f_b[a*N + b] && f_b[b*N + c]) assert (f_b[a*N + c]);
      end
      always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && rst_ni && a != b) begin
        if ($past(advance_i) && $past(gnt_o[a]))      assert (f_b[b*N + a]);
        else if ($past(advance_i) && $past(gnt_o[b])) assert (f_b[a*N + b]);
        else                                          assert (f_b[a*N + b] == $past(f_b[a*N + b]));
      end
    end
  end

  always @(*) if (rst_ni) begin
    assert ((gnt_o & ~req_i) == '0);
    assert ($onehot0(gnt_o));
    assert ((gnt_o != '0) == (req_i != '0));
    if (gnt_o != '0) assert (gnt_o[gnt_idx_o]);
    else             assert (gnt_idx_o == '0);
  end

  // bounded waiting
  (* anyconst *) reg [IdxW-1:0] f_i;
  always @(*) assume (32'(f_i) < N);
  reg [7:0] f_wait = '0;
  always @(posedge clk_i) begin
    if (!rst_ni || !req_i[f_i] || gnt_o[f_i]) f_wait <= '0;
    else if (advance_i)                         f_wait <= f_wait + 1'b1;
  end
  logic [7:0] f_ahead;   // requesters ordered before f_i
  always @(*) begin
    f_ahead = '0;
    for (int j = 0; j < N; j++) if (f_b[j*N + 32'(f_i)]) f_ahead = f_ahead + 1'b1;
  end
  always @(*) if (rst_ni) assert (32'(f_wait) + 32'(f_ahead) <= N - 1);
`endif

endmodule
