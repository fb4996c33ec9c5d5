// nr_credit_cnt.sv - per-VC credit counters for credit-based flow control.
//
// Purpose: the one place that holds a sender's credits for the buffer at the
//   other end of a channel. It asserts against underflow (sending without a
//   credit) and overflow (more credits returned than were taken), and reports
//   when all credits are home, for end-of-test quiescence checks.
// Parameters:
//   NumVcs      virtual channels, 1 .. 64. One counter per VC; NumVcs = 1 is
//               the same generate loop with one iteration (no special logic).
//   MaxCredits  credits per VC = downstream buffer depth, 1 .. 65535; every
//               counter resets to MaxCredits.
//   IncW        width of the per-VC return count, 1 .. 16. Returns of up to
//               2^IncW - 1 credits per VC per cycle (IncW = 1: one credit).
//   CntW        (derived) ceil(log2(MaxCredits + 1)) bits per count.
// Ports / protocol:
//   dec_i[NumVcs]          debit one credit of VC v this cycle (a phit sent).
//   inc_i[NumVcs*IncW]     VC v returns inc_i[v*IncW +: IncW] credits this cycle.
//   count_o[NumVcs*CntW]   VC v's credits, count_o[v*CntW +: CntW], registered.
//   full_o[NumVcs]         VC v holds all MaxCredits credits (quiescent).
//   Next count = count - dec + inc. Debit and return may coincide, also at 0.
//   Asserted (NR_ASSERT, $fatal in simulation): no debit at count 0 without a
//   same-cycle return (a_underflow); next count <= MaxCredits (a_overflow).
// Latency: a debit or return shows on count_o/full_o the next cycle.
// Cost: NumVcs * CntW flops (reset to MaxCredits), one CntW-bit adder and
//   decrementer per VC.
`default_nettype none
`include "nr_assert.svh"

module nr_credit_cnt #(
  parameter int NumVcs     = 2,
  parameter int MaxCredits = 8,
  parameter int IncW       = 1,
  localparam int CntW = $clog2(MaxCredits + 1)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [NumVcs-1:0]      dec_i,
  input  logic [NumVcs*IncW-1:0] inc_i,
  output logic [NumVcs*CntW-1:0] count_o,
  output logic [NumVcs-1:0]      full_o
);

  `NR_PARAM_ASSERT(p_num_vcs, NumVcs >= 1 && NumVcs <= 64)
  `NR_PARAM_ASSERT(p_max_credits, MaxCredits >= 1 && MaxCredits <= 65535)
  `NR_PARAM_ASSERT(p_inc_w, IncW >= 1 && IncW <= 16)

  // wide enough for count + largest return, and for a borrow below zero
  localparam int SumW = ((CntW > IncW) ? CntW : IncW) + 2;
  localparam logic [CntW-1:0] MaxCnt = CntW'(MaxCredits);

  logic [NumVcs-1:0] underflow_vc, overflow_vc;

`ifdef FORMAL
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  initial assume (!rst_ni);
`endif

  for (genvar v = 0; v < NumVcs; v++) begin : g_vc
    logic [CntW-1:0] cnt_q, cnt_d;
    logic [IncW-1:0] inc;
    logic            dec;
    logic [SumW-1:0] sum;

    assign inc = inc_i[v*IncW +: IncW];
    assign dec = dec_i[v];

    assign sum   = SumW'(cnt_q) + SumW'(inc) - SumW'(dec);
    assign cnt_d = sum[CntW-1:0];

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) cnt_q <= MaxCnt;
      else         cnt_q <= cnt_d;
    end

    assign count_o[v*CntW +: CntW] = cnt_q;
    assign full_o[v]       = (cnt_q == MaxCnt);
    assign underflow_vc[v] = dec && (cnt_q == '0) && (inc == '0);
    assign overflow_vc[v]  = !underflow_vc[v] && (sum > SumW'(MaxCredits));

`ifdef FORMAL
    // ---- formal (scripts/formal.sh, tests/formal.list) ----
    // Environment: never debits an empty counter without a same-cycle return,
    // never returns more than is outstanding. Then the count stays in
    // [0, MaxCredits] and follows count - dec + inc exactly. These are
    // assumptions only when this cell is the top of the proof
    // (scripts/formal.sh defines NR_FORMAL_TOP_<top>); inside a larger
    // proof (nr_swalloc) they are assertions on the user: it never sends
    // without a credit, and its environment never returns one too many.
`ifdef NR_FORMAL_TOP_nr_credit_cnt
    always @(*) if (rst_ni) begin
      assume (!underflow_vc[v]);
      assume (sum <= SumW'(MaxCredits));
    end
`else
    always @(*) if (rst_ni) begin
      assert (!underflow_vc[v]);
      assert (sum <= SumW'(MaxCredits));
    end
`endif
    always @(*) if (rst_ni) assert (cnt_q <= MaxCnt);
    always @(*) if (!rst_ni) assert (cnt_q == MaxCnt);
    always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && rst_ni) begin
      assert (SumW'(cnt_q) == SumW'($past(cnt_q)) + SumW'($past(inc)) - SumW'($past(dec)));
      assert (full_o[v] == (cnt_q == MaxCnt));
    end
`endif
  end

  // One assertion over all VCs (NR_ASSERT labels must be unique per module).
  `NR_ASSERT(a_underflow, underflow_vc == '0, clk_i, rst_ni)
  `NR_ASSERT(a_overflow, overflow_vc == '0, clk_i, rst_ni)

endmodule
