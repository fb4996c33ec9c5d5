// nr_lcb_tx_ctl.sv - the LCB TX's credits, and applying a received control
// word to the TX (docs/link-protocol.md §7.2, §7.4).
//
// Purpose: holds sent[v] (phits debited since reset) and last_fr[v] (the
//   fr[v] of the last accepted word) and derives the credits from them:
//   owed[v] = (sent[v] - last_fr[v]) mod 2^CW, credits[v] = BufPerVc - owed[v]
//   (§7.2). Range-checks the ack of a control word delivered by
//   nr_lcb_ctl_defr against the TX state and turns the word into an ack, a
//   NACK and a new last_fr
//   (§7.4). Holds last_epoch. There is no running credit count: an accepted
//   word overwrites last_fr, so the credits depend on that word alone, and a
//   wrong word that passed the CRC is forgotten at the next accepted word
//   ("self-correcting credits", §7.4).
// Parameters:
//   NumVcs    virtual channels, 1..4.
//   BufPerVc  peer input-queue phits per VC = credits per VC, 8..1023.
//   CW        $clog2(BufPerVc+1), derived.
// Ports:
//   valid_i, word_i  the word delivered last cycle by the deframer, its payload
//                    bits W-1..16 (the CRC-16 in bits 15..0 is not passed on):
//                    {ack(7), epoch(1), wt(1), fr[0](CW), .., fr[NumVcs-1](CW)};
//                    the word toggle wt is the deframer's business, unused here.
//   base_i, outstanding_i   TX state at the start of the cycle.
//   debit_i[v]       one phit of VC v is debited this cycle: sent[v]++.
//   credits_o        BufPerVc - owed[v], VC v at bits v*CW +: CW, from state
//                    (start of cycle). CW-bit two's complement: see cr_neg_o.
//   cr_neg_o[v]      credits[v] < 0 (owed[v] > BufPerVc). Never with true
//                    words; possible after a wrong word passed the CRC-16:
//                    the word itself may claim too few freed phits (until the
//                    next accepted word), or a true word corrects phantom
//                    credits after the sender overdrew (until the peer frees
//                    the excess). The TX admits no head on such a VC.
//   accept_o         the word passed the checks and is applied this cycle.
//   reject_o         CTL_REJECT: a delivered word failed a check (ignored).
//   ack_o            the word's ack A.
//   adv_o            TX_ACK: accept_o and A != base.
//   nack_o           TX_NACK: accept_o and the epoch changed.
//   credits_d_o      the credits_o of the next cycle (BufPerVc - owed[v] of
//                    the next state, low CW bits): combinational, for a
//                    register outside that must equal credits_o (the
//                    routers' credit image, nr_yarc, nr_nwn).
//   accept_o .. nack_o, credits_d_o are combinational from valid_i, word_i,
//   base_i, outstanding_i, debit_i and state; credits_o, cr_neg_o from state
//   only.
// Checks (§7.4): (A - base) mod 128 <= outstanding. fr[v] is not checked
//   ("Why fr has no range check": any check on the word alone must accept
//   the values that give phantom credits, and one that refuses an overdrawn
//   true word keeps them). On accept last_fr[v] = fr[v];
//   the cycle's debit adds to sent[v] as in every cycle. With true words this
//   is exactly the former running count credits += (fr - last_fr) mod 2^CW
//   (proved below, f_honest).
// Latency: 0 (the apply cycle is the cycle after the deframer's boundary); a
//   debit or an accepted word shows on credits_o in the next cycle.
// Not asserted: a debit on a VC whose credits are <= 0. VCT admission
//   (credits >= MaxPktLen at the head) rules it out as long as every
//   accepted word was true, but after an accepted wrong word (an undetected
//   control-word error) that lowers a VC's credits in mid-packet the rest of
//   the packet is still debited, legally (docs/link-protocol.md 7.2): the
//   testbench, which knows which words the channel damaged, checks it.
// Cost: 2*NumVcs*CW + 1 flops (sent, last_fr, last_epoch; the same count as
//   the credit counters and last_fr it replaces); per VC one CW-bit
//   incrementer (sent), three CW-bit subtractors (owed, credits, the check's
//   sent - fr) and one CW-bit compare; a 7-bit subtract/compare for the ack.
`default_nettype none
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
  input  logic [NumVcs-1:0]    debit_i,
  output logic [NumVcs*CW-1:0] credits_o,
  output logic [NumVcs*CW-1:0] credits_d_o,
  output logic [NumVcs-1:0]    cr_neg_o,
  output logic                 accept_o,
  output logic                 reject_o,
  output logic [6:0]           ack_o,
  output logic                 adv_o,
  output logic                 nack_o
);

  `NR_PARAM_ASSERT(p_num_vcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_buf_per_vc, BufPerVc >= 8 && BufPerVc <= 1023)

  localparam logic [CW:0] BUF = (CW+1)'(BufPerVc);

  logic [NumVcs*CW-1:0] sent_q, sent_d;
  logic [NumVcs*CW-1:0] last_fr_q, last_fr_d;
  logic                 last_epoch_q, last_epoch_d;

  logic [6:0]           a, a_rel;
  logic                 e;
  logic [NumVcs*CW-1:0] fr, owed;
  logic [NumVcs-1:0]    no_credit;
  logic                 a_ok;

  assign a = word_i[DW-1 -: 7];
  assign e = word_i[DW-8];
  logic unused_wt;
  assign unused_wt = word_i[DW-9];

  // ---- derived credits (§7.2), start-of-cycle state only ----
  // cr: credits as CW+1-bit two's complement, VC v at v*(CW+1) +: CW+1
  logic [NumVcs*(CW+1)-1:0] cr;
  for (genvar v = 0; v < NumVcs; v++) begin : g_cr
    assign owed[v*CW +: CW]     = sent_q[v*CW +: CW] - last_fr_q[v*CW +: CW];
    assign cr[v*(CW+1) +: CW+1] = BUF - {1'b0, owed[v*CW +: CW]};
    assign {cr_neg_o[v], credits_o[v*CW +: CW]} = cr[v*(CW+1) +: CW+1];
    assign no_credit[v]         = (32'(owed[v*CW +: CW]) >= BufPerVc);   // credits <= 0
  end

  // ---- word checks (§7.4) and next state ----
  always_comb begin
    a_rel  = a - base_i;
    a_ok   = (a_rel <= outstanding_i);
    for (int v = 0; v < NumVcs; v++) begin
      fr[v*CW +: CW]     = word_i[(NumVcs-1-v)*CW +: CW];
      sent_d[v*CW +: CW] = sent_q[v*CW +: CW] + CW'(debit_i[v]);
    end
    accept_o = valid_i && a_ok;
    reject_o = valid_i && !a_ok;
    ack_o    = a;
    adv_o    = accept_o && (a != base_i);
    nack_o   = accept_o && (e != last_epoch_q);

    last_fr_d    = accept_o ? fr : last_fr_q;
    last_epoch_d = accept_o ? e : last_epoch_q;
  end

  // the next cycle's credits_o, from the next state (the low CW bits of
  // BUF - owed, BufPerVc < 2^CW)
  for (genvar v = 0; v < NumVcs; v++) begin : g_crd
    assign credits_d_o[v*CW +: CW] = CW'(BufPerVc) - (sent_d[v*CW +: CW] - last_fr_d[v*CW +: CW]);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sent_q       <= '0;
      last_fr_q    <= '0;
      last_epoch_q <= 1'b0;
    end else begin
      sent_q       <= sent_d;
      last_fr_q    <= last_fr_d;
      last_epoch_q <= last_epoch_d;
    end
  end

  // Cover points (make coverage): negative credits (owed > BufPerVc, after an
  // accepted wrong word), and rejected words that differ from the accepted
  // state in the epoch or in an fr field (they must leave no trace, §7.4).
  `NR_COVER(c_owed_over,  cr_neg_o != '0, clk_i, rst_ni)
  `NR_COVER(c_rej_epoch,  reject_o && e != last_epoch_q, clk_i, rst_ni)
  `NR_COVER(c_rej_fr,     reject_o && fr != last_fr_q, clk_i, rst_ni)

`ifndef FORMAL
  logic unused_no_credit;
  assign unused_no_credit = ^no_credit;   // the formal environment's assumption
`endif

`ifdef FORMAL
  // ---- formal (ZipCPU style; scripts/formal.sh, tests/formal.list) ----
  // Environment, always: reset at step 0 only; no debit on a VC with
  // credits <= 0 (VCT admission with true words).
  // Unconditional properties (any words, wrong ones included):
  //   - a word is rejected iff its ack is out of range, whatever its fr[v]
  //     and whatever the earlier accepted words said;
  //   - SELF-CORRECTION: the cycle after an accepted word with fr[v],
  //     credits[v] = BufPerVc - (sent[v] - fr[v] + debit[v]) mod 2^CW, with
  //     sent[v] and debit[v] of the apply cycle, whatever last_fr was;
  //     without an accept, credits only drop by the debit;
  //   - every word the former rule (fr - last_fr <= BufPerVc - credits)
  //     accepted is accepted;
  //   - credits <= BufPerVc; reset gives BufPerVc; ack, TX_ACK, TX_NACK;
  //   - NO TRACE: a word that is not accepted (rejected, or none delivered)
  //     changes no state: the next cycle's last_fr, last_epoch and sent are
  //     the old ones plus that cycle's debits, whatever the word held, and a
  //     rejected word raises no TX_ACK or TX_NACK;
  //   - SIGN: cr_neg[v] exactly when owed[v] > BufPerVc, and the admission
  //     view no_credit[v] exactly when credits[v] <= 0, at every owed value
  //     (the boundaries owed = BufPerVc, BufPerVc + 1 and 2^CW - 1 included;
  //     with BufPerVc = 2^CW - 1 cr_neg can never hold).
  // Honest environment (anyconst f_honest): the peer's true freed count
  //   f_true[v] grows by at most the phits outstanding, and every delivered
  //   word carries a count between the last accepted one and f_true (words
  //   arrive in order and are true). Then additionally:
  //   - credits[v] stays in [0, BufPerVc] (never cr_neg);
  //   - no phantom credits: credits[v] <= BufPerVc - (sent[v] - f_true[v]);
  //   - a word with its ack in range is accepted;
  //   - credits equal those of the former running counter (f_old) in every
  //     cycle: with no errors the new rule changes nothing.
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  initial assume (!rst_ni);
  always @(*) if (f_past_valid) assume (rst_ni);
  always @(*) assume ((debit_i & no_credit) == '0);

  (* anyconst *) reg f_honest;
  wire [NumVcs-1:0] f_in_range;    // per VC: (sent - fr) mod 2^CW <= BufPerVc

  always @(*) if (rst_ni) begin
    // the verdict from the word and sent alone (last_fr does not enter it)
    assert (accept_o == (valid_i && (7'(a - base_i) <= outstanding_i)));
    assert (reject_o == (valid_i && !accept_o));
    assert (!(accept_o && reject_o));
    assert (ack_o == a);
    assert (adv_o == (accept_o && a != base_i));
    assert (nack_o == (accept_o && e != last_epoch_q));
  end
  always @(posedge clk_i) if (f_past_valid && $past(rst_ni)) begin
    assert (last_epoch_q == ($past(accept_o) ? $past(e) : $past(last_epoch_q)));
    assert (credits_o == $past(credits_d_o));
  end
  // NO TRACE: the whole state after a cycle without an accepted word
  always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && !$past(accept_o)) begin
    assert (last_fr_q == $past(last_fr_q));
    assert (last_epoch_q == $past(last_epoch_q));
    assert (sent_q == $past(sent_d));
  end
  always @(*) if (rst_ni && reject_o) assert (!adv_o && !nack_o);
  always @(posedge clk_i) if (f_past_valid && !$past(rst_ni)) begin
    assert (sent_q == '0 && last_fr_q == '0 && cr_neg_o == '0);
  end

  for (genvar v = 0; v < NumVcs; v++) begin : g_f
    wire [CW-1:0] f_fr    = fr[v*CW +: CW];
    wire [CW-1:0] f_sent  = sent_q[v*CW +: CW];
    wire [CW-1:0] f_lfr   = last_fr_q[v*CW +: CW];
    wire [CW-1:0] f_owed  = owed[v*CW +: CW];
    wire [CW-1:0] f_cred  = credits_o[v*CW +: CW];
    wire          f_deb   = debit_i[v];
    // the former rule's check: d = (fr - last_fr) mod 2^CW <= BufPerVc - credits
    wire [CW-1:0] f_d     = f_fr - f_lfr;
    wire          f_old_ok = ({1'b0, f_d} <= {1'b0, f_owed});

    // true freed count and the former running counter
    reg  [CW-1:0] f_true = '0;
    reg  [CW:0]   f_old  = BUF;
    (* anyseq *) reg [CW-1:0] f_free;
    wire [CW-1:0] f_tout = f_sent - f_true;     // truly outstanding
    wire [CW-1:0] f_gap  = f_true - f_lfr;      // freed, not yet accepted
    assign f_in_range[v] = (32'(CW'(f_sent - f_fr)) <= BufPerVc);

    always @(posedge clk_i) begin
      if (!rst_ni) begin
        f_true <= '0;
        f_old  <= BUF;
      end else begin
        f_true <= f_true + f_free;
        f_old  <= f_old - (CW+1)'(f_deb) + (accept_o ? {1'b0, f_d} : '0);
      end
    end

    // unconditional
    always @(*) if (rst_ni) begin
      assert ({cr_neg_o[v], f_cred} == BUF - {1'b0, f_owed});
      // SIGN: the sign bit and the admission view at every owed value
      assert (cr_neg_o[v] == (32'(f_owed) > BufPerVc));
      assert (no_credit[v] == (cr_neg_o[v] || f_cred == '0));
      if (!cr_neg_o[v]) assert (32'(f_cred) <= BufPerVc);
      // every word the former rule accepted is accepted (it checked fr too)
      if (valid_i && f_old_ok && (7'(a - base_i) <= outstanding_i)) assert (accept_o);
    end
    always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && rst_ni) begin
      assert (f_sent == CW'($past(f_sent) + $past(f_deb)));
      if ($past(accept_o)) begin
        // self-correction: the credits follow from this word alone
        assert (f_lfr == $past(f_fr));
        assert (f_owed == CW'($past(f_sent) - $past(f_fr) + $past(f_deb)));
        assert ({cr_neg_o[v], f_cred} ==
                BUF - {1'b0, CW'($past(f_sent) - $past(f_fr) + $past(f_deb))});
      end else begin
        assert (f_lfr == $past(f_lfr));
        assert (f_owed == CW'($past(f_owed) + $past(f_deb)));
      end
    end

    // honest environment
    always @(*) if (rst_ni && f_honest) begin
      assume ({1'b0, f_free} <= {1'b0, f_tout});
      assert (!cr_neg_o[v]);
      assert (32'(f_owed) <= BufPerVc);
      assert ({1'b0, f_gap} + {1'b0, f_tout} == {1'b0, f_owed});   // no phantom credits
      assert (f_old == {cr_neg_o[v], f_cred});                       // = former counter
      if (valid_i) begin
        assume ({1'b0, CW'(f_fr - f_lfr)} <= {1'b0, f_gap});
        assert (f_in_range[v]);
        assert (f_old_ok);                                           // both rules accept
      end
    end
  end

  always @(*) if (rst_ni && f_honest && valid_i && (7'(a - base_i) <= outstanding_i)) begin
    assert (accept_o);
  end
`endif

endmodule
