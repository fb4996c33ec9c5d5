// nr_lcb_tx_ctl.sv - applies a received control word to the LCB TX (§7.4).
//
// Purpose: range-checks a control word delivered by nr_lcb_ctl_defr against
//   the TX state and turns it into credit increments, an ack and a NACK
//   (docs/link-protocol.md §7.4). Holds last_fr[v] and last_epoch.
// Parameters:
//   NumVcs    virtual channels, 1..4.
//   BufPerVc  peer input-queue phits per VC = credits per VC, 8..1023.
//   CW        $clog2(BufPerVc+1), derived.
// Ports:
//   valid_i, word_i  the word delivered last cycle by the deframer, its payload
//                    bits W-1..16 (the CRC-16 in bits 15..0 is not passed on):
//                    {ack(7), epoch(1), wt(1), fr[0](CW), .., fr[NumVcs-1](CW)};
//                    the word toggle wt is the deframer's business, unused here.
//   base_i, outstanding_i, credits_i   TX state at the start of the cycle;
//                    credits_i has VC v at bits v*CW +: CW.
//   accept_o         the word passed the checks and is applied this cycle.
//   reject_o         CTL_REJECT: a delivered word failed a check (ignored).
//   inc_o            per VC credits returned (d[v]), 0 unless accept_o.
//   ack_o            the word's ack A.
//   adv_o            TX_ACK: accept_o and A != base.
//   nack_o           TX_NACK: accept_o and the epoch changed.
//   All outputs are combinational from the inputs and last_fr/last_epoch.
// Checks: (A - base) mod 128 <= outstanding, and for every v
//   d[v] = (fr[v] - last_fr[v]) mod 2^CW <= BufPerVc - credits[v].
// Latency: 0 (the apply cycle is the cycle after the deframer's boundary).
// Cost: NumVcs*CW + 1 flops, NumVcs CW-bit subtract/compare pairs.
`include "nr_assert.svh"

module nr_lcb_tx_ctl #(
  parameter int NumVcs   = 2,
  parameter int BufPerVc = 128,
  localparam int CW      = $clog2(BufPerVc + 1),
  localparam int DW      = 9 + NumVcs * CW    // payload, W-16
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 valid_i,
  input  logic [DW-1:0]        word_i,
  input  logic [6:0]           base_i,
  input  logic [6:0]           outstanding_i,
  input  logic [NumVcs*CW-1:0] credits_i,
  output logic                 accept_o,
  output logic                 reject_o,
  output logic [NumVcs*CW-1:0] inc_o,
  output logic [6:0]           ack_o,
  output logic                 adv_o,
  output logic                 nack_o
);

  `NR_PARAM_ASSERT(p_num_vcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_buf_per_vc, BufPerVc >= 8 && BufPerVc <= 1023)

  logic [NumVcs*CW-1:0] last_fr_q, last_fr_d;
  logic                 last_epoch_q, last_epoch_d;

  logic [6:0]           a, a_rel;
  logic                 e;
  logic [NumVcs*CW-1:0] fr, d;
  logic                 a_ok, d_ok;

  assign a = word_i[DW-1 -: 7];
  assign e = word_i[DW-8];
  logic unused_wt;
  assign unused_wt = word_i[DW-9];

  always_comb begin
    a_rel = a - base_i;
    a_ok  = (a_rel <= outstanding_i);
    d_ok  = 1'b1;
    for (int v = 0; v < NumVcs; v++) begin
      fr[v*CW +: CW] = word_i[(NumVcs-1-v)*CW +: CW];
      d[v*CW +: CW]  = fr[v*CW +: CW] - last_fr_q[v*CW +: CW];
      if (32'(d[v*CW +: CW]) > BufPerVc - 32'(credits_i[v*CW +: CW])) d_ok = 1'b0;
    end
    accept_o = valid_i && a_ok && d_ok;
    reject_o = valid_i && !(a_ok && d_ok);
    inc_o    = accept_o ? d : '0;
    ack_o    = a;
    adv_o    = accept_o && (a != base_i);
    nack_o   = accept_o && (e != last_epoch_q);

    last_fr_d    = accept_o ? fr : last_fr_q;
    last_epoch_d = accept_o ? e : last_epoch_q;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_fr_q    <= '0;
      last_epoch_q <= 1'b0;
    end else begin
      last_fr_q    <= last_fr_d;
      last_epoch_q <= last_epoch_d;
    end
  end

endmodule
