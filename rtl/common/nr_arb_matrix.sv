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

endmodule
