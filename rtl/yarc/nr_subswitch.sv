// nr_subswitch.sv - generic NumIn x NumOut wormhole subswitch with per-(input,
// VC) input buffers, per-(output, VC) ownership and credits, and a two-level
// (input, then VC) round-robin allocation per output: the buffers (nr_vcbank)
// plus nr_swalloc with channel outputs, every crosspoint, and input speedup
// Speedup (>= NumVcs: every buffer pops independently; 1: one phit per input
// and cycle, the seeds' p x p subswitch; docs/yarc-arch.md section 6).
//
// Purpose: the YARC tile subswitch (docs/yarc-arch.md section 6: inputs are
//   the row buffers, outputs the column channels), written with no YARC
//   assumption so that the folded-Clos and bilateral-butterfly switches can
//   reuse it. Packets keep their VC; a packet's target output comes in as a
//   per-phit sideband (only the HEAD's value is used).
// Parameters:
//   NumIn       inputs, 1..64.
//   NumOut      outputs, 1..64.
//   NumVcs      1..4.
//   Depth       input buffer per (input, VC), phits, >= 1 (nr_vcbank; Depth = 1
//               halves the throughput of that buffer).
//   OutCredits  credits per (output, VC) = downstream buffer depth, >= 1.
//   Speedup     1..4, input speedup across VCs: phits one input may send per
//               cycle. >= NumVcs (default 4): no accept stage; below: the
//               accept stage and held-input rule of docs/nwn-arch.md 6.2-6.4.
//   Degenerate values (NumIn, NumOut or NumVcs = 1, Depth = 1) need no branch
//   of their own here: they fall into the named branches of the cells
//   (nr_swalloc, nr_arb_rr g_single, nr_fifo g_depth1) and are lint-checked
//   that way.
// Ports / protocol:
//   in_valid_ip_i, in_vc_ip_i, in_tgt_ip_i, in_phit_ip_i  one phit per input
//     per cycle into buffer (input, vc); tgt = target output of the packet
//     (read from the HEAD's entry). The sender holds a credit (asserted: a push
//     into a full buffer is a violation). Usable by the allocation from the
//     next cycle.
//   in_cr_ip_vc_o  (flat, index i*NumVcs+v) buffer (i, v) was popped this
//     cycle: one credit for the sender. Combinational.
//   out_valid_op_o, out_vc_op_o, out_phit_op_o  one phit per output per cycle
//     (flat, output-major). Combinational from state (buffer fronts, owners,
//     pointers, credits); there is no ready: a phit is only sent with a credit.
//   out_cr_op_vc_i  (flat, index j*NumVcs+v) one credit returned for output j,
//     VC v; added at the end of the cycle, usable from the next one.
// Allocation, per output j and cycle (docs/yarc-arch.md section 6):
//   1. per VC v: the owner own[j][v] if set, else a round robin arb1[j][v]
//      over the inputs whose buffer-v front is a HEAD targeting j;
//   2. v is eligible if it has a source, that buffer is non-empty and
//      cc[j][v] > 0;
//   3. a round robin over VCs picks one; its pointer moves past the winner only
//      when the winner sends its EOP. The front is popped and sent, cc--;
//   4. a newly arbitrated source becomes the owner and arb1[j][v] moves past it;
//      an EOP clears the owner. Results for VCs that did not send are dropped.
//   A buffer's front targets one output, so a buffer pops at most once a cycle.
// Latency: 1 cycle buffer write to send (zero-load, no ready path).
// Cost: nr_vcbank, NumIn*NumVcs nr_fifo of Depth x (24 + clog2(NumOut)) bits (RAM
//   leaves); nr_swalloc: flops NumOut*NumVcs*(1 + clog2(NumIn) + clog2(NumIn)
//   pointer + clog2(OutCredits+1)) + NumOut*clog2(NumVcs); logic
//   NumOut*NumVcs NumIn-way round robins, NumOut NumVcs-way round robins, a
//   NumIn*NumVcs -> NumOut 24-bit crossbar.
`default_nettype none
`include "nr_assert.svh"

module nr_subswitch #(
  parameter int NumIn      = 8,
  parameter int NumOut     = 8,
  parameter int NumVcs     = 2,
  parameter int Depth      = 8,
  parameter int OutCredits = 8,
  parameter int Speedup    = 4,
  localparam int PhitW     = nr_pkg::PHIT_W,
  localparam int VcW       = nr_pkg::idx_w(NumVcs),
  localparam int TgtW      = nr_pkg::idx_w(NumOut),
  localparam int CrW       = $clog2(OutCredits + 1)
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic [NumIn-1:0]         in_valid_ip_i,
  input  logic [NumIn*VcW-1:0]     in_vc_ip_i,
  input  logic [NumIn*TgtW-1:0]    in_tgt_ip_i,
  input  logic [NumIn*PhitW-1:0]   in_phit_ip_i,
  output logic [NumIn*NumVcs-1:0]  in_cr_ip_vc_o,
  output logic [NumOut-1:0]        out_valid_op_o,
  output logic [NumOut*VcW-1:0]    out_vc_op_o,
  output logic [NumOut*PhitW-1:0]  out_phit_op_o,
  input  logic [NumOut*NumVcs-1:0] out_cr_op_vc_i
);

  `NR_PARAM_ASSERT(p_numin, NumIn >= 1 && NumIn <= 64)
  `NR_PARAM_ASSERT(p_numout, NumOut >= 1 && NumOut <= 64)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_depth, Depth >= 1)
  `NR_PARAM_ASSERT(p_outcred, OutCredits >= 1)

  localparam int EntW = TgtW + PhitW;

  // ---------------------------------------------------------------- buffers
  // Buffer b = i*NumVcs + v holds {tgt, phit}.
  logic [NumIn*NumVcs-1:0]       fvalid, pop;
  logic [NumIn*NumVcs*TgtW-1:0]  ftgt;
  logic [NumIn*NumVcs*PhitW-1:0] fphit;
  logic [NumIn*EntW-1:0]         in_ent;
  logic [NumIn*NumVcs*EntW-1:0]  fent;

  for (genvar i = 0; i < NumIn; i++) begin : g_in
    assign in_ent[i*EntW +: EntW] = {in_tgt_ip_i[i*TgtW +: TgtW], in_phit_ip_i[i*PhitW +: PhitW]};
  end
  nr_vcbank #(
    .NumIn (NumIn),
    .NumVcs(NumVcs),
    .Width (EntW),
    .Depth (Depth)
  ) u_bank (
    .clk_i,
    .rst_ni,
    .in_valid_i(in_valid_ip_i),
    .in_vc_i   (in_vc_ip_i),
    .in_data_i (in_ent),
    .fr_valid_o(fvalid),
    .fr_data_o (fent),
    .pop_i     (pop)
  );
  for (genvar b = 0; b < NumIn*NumVcs; b++) begin : g_fr
    assign ftgt[b*TgtW +: TgtW]    = fent[b*EntW + PhitW +: TgtW];
    assign fphit[b*PhitW +: PhitW] = fent[b*EntW +: PhitW];
  end
  assign in_cr_ip_vc_o = pop;

  // ---------------------------------------------------------------- allocator
  logic                      pt_valid_unused;
  logic [PhitW-1:0]          pt_pay_unused;
  logic [NumOut*NumVcs*CrW-1:0] cc_unused;
  logic [NumIn*NumVcs-1:0]   va_set_unused;
  logic [NumIn*NumVcs*2-1:0] va_w_unused;
  nr_swalloc #(
    .NumVcs (NumVcs),
    .NumIu  (0),
    .NumBuf (NumIn),
    .IuFirst(1),
    .NumPt  (0),
    .NumCh  (NumOut),
    .PtFirst(0),
    .XIuPt  (0),
    .XIuCh  (0),
    .XBufPt (0),
    .XBufCh (1),
    .Speedup(Speedup),
    .Credits(OutCredits),
    .PayW   (PhitW)
  ) u_alloc (
    .clk_i,
    .rst_ni,
    .in_valid_iv_i(fvalid),
    .in_tgt_iv_i  (ftgt),
    .in_pay_iv_i  (fphit),
    .in_drop_iv_i ({(NumIn*NumVcs){1'b0}}),
    .in_pop_iv_o  (pop),
    .pt_valid_o   (pt_valid_unused),
    .pt_pay_o     (pt_pay_unused),
    .pt_ready_i   (1'b1),
    .pt_vc_ok_i   ({NumVcs{1'b0}}),
    .ch_valid_o   (out_valid_op_o),
    .ch_vc_o      (out_vc_op_o),
    .ch_pay_o     (out_phit_op_o),
    .ch_cr_i      (out_cr_op_vc_i),
    .ch_cc_o      (cc_unused),
    .va_set_iv_o  (va_set_unused),
    .va_w_iv_o    (va_w_unused)
  );
  logic unused_alloc;
  assign unused_alloc = ^{va_set_unused, va_w_unused, pt_valid_unused, pt_pay_unused, cc_unused};

endmodule
