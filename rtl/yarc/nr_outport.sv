// nr_outport.sv - generic packet-level output arbiter over per-(input, VC)
// buffers, virtual cut-through gated by the link's per-VC head permission.
//
// Purpose: the YARC output port (docs/yarc-arch.md section 7): the column
//   buffers of a tile and the stage-2 arbitration that feeds one packet at a
//   time into the port's LCB TX. Written without YARC assumptions: the buffers
//   (nr_vcbank) plus nr_swalloc with one port output, every crosspoint and input speedup
//   S = NumVcs (docs/nwn-arch.md 6.5).
// Parameters:
//   NumIn   inputs (column channels), 1..64.
//   NumVcs  1..4.
//   Depth   buffer per (input, VC), phits, >= 1 (nr_vcbank).
//   Degenerate values (NumIn = NumVcs = 1, Depth = 1) fall into the named
//   branches of the cells (nr_swalloc, nr_arb_rr g_single, nr_fifo g_depth1).
// Ports / protocol:
//   in_valid_ip_i, in_vc_ip_i, in_phit_ip_i  one phit per input per cycle into
//     buffer (input, vc); the sender holds a credit (a push into a full buffer
//     is asserted). Usable from the next cycle.
//   in_cr_ip_vc_o  (flat, index i*NumVcs+v) buffer (i, v) was popped this
//     cycle: one credit back to the sender. Combinational.
//   tx_valid_o, tx_phit_o, tx_ready_i, tx_vc_ok_i  the LCB TX core interface
//     (docs/link-protocol.md section 7.1). tx_valid_o/tx_phit_o depend on state
//     and tx_vc_ok_i only (never on tx_ready_i). A presented phit must be taken
//     (tx_ready_i = 1): a head is only presented with tx_vc_ok_i[w], w its vc
//     field (the route's output VC, docs/fbfly-routing.md 5.3), and the LCB
//     takes every later phit of a packet (asserted).
// Behaviour, each cycle: requester r = v*NumIn + i is buffer (i, v) with a HEAD
//   in front and tx_vc_ok_i[w] of the head's vc field w (= v unless the
//   flattened-butterfly mode changed the VC). If not busy, a round robin over the requesters
//   picks one, presents its head, sets busy/cur and moves past it. If busy, the
//   front of buffer cur is presented if there is one, else nothing (a gap; the
//   LCB sends a PAD). When the EOP is taken busy clears (new head next cycle).
// Latency: 1 cycle from the buffer write to tx_valid_o (zero load).
// Cost: nr_vcbank, NumIn*NumVcs nr_fifo of Depth x 24 bits; nr_swalloc:
//   flops 1 busy + clog2(NumIn*NumVcs) cur + the round-robin pointer; one
//   NumIn*NumVcs-way round robin and a 24-bit NumIn*NumVcs:1 mux.
`default_nettype none
`include "nr_assert.svh"

module nr_outport #(
  parameter int NumIn  = 8,
  parameter int NumVcs = 2,
  parameter int Depth  = 8,
  localparam int PhitW = nr_pkg::PHIT_W,
  localparam int VcW   = nr_pkg::idx_w(NumVcs)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic [NumIn-1:0]        in_valid_ip_i,
  input  logic [NumIn*VcW-1:0]    in_vc_ip_i,
  input  logic [NumIn*PhitW-1:0]  in_phit_ip_i,
  output logic [NumIn*NumVcs-1:0] in_cr_ip_vc_o,
  output logic                    tx_valid_o,
  output logic [PhitW-1:0]        tx_phit_o,
  input  logic                    tx_ready_i,
  input  logic [NumVcs-1:0]       tx_vc_ok_i
);

  `NR_PARAM_ASSERT(p_numin, NumIn >= 1 && NumIn <= 64)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_depth, Depth >= 1)

  // ---------------------------------------------------------------- buffers
  // Buffer b = i*NumVcs + v (the allocator's requester index is v*NumIn + i).
  logic [NumIn*NumVcs-1:0]       fvalid, pop;
  logic [NumIn*NumVcs*PhitW-1:0] fphit;

  nr_vcbank #(
    .NumIn (NumIn),
    .NumVcs(NumVcs),
    .Width (PhitW),
    .Depth (Depth)
  ) u_bank (
    .clk_i,
    .rst_ni,
    .in_valid_i(in_valid_ip_i),
    .in_vc_i   (in_vc_ip_i),
    .in_data_i (in_phit_ip_i),
    .fr_valid_o(fvalid),
    .fr_data_o (fphit),
    .pop_i     (pop)
  );
  assign in_cr_ip_vc_o = pop;

  // ---------------------------------------------------------------- allocator
  logic           ch_valid_unused;
  logic [VcW-1:0] ch_vc_unused;
  logic [PhitW-1:0] ch_pay_unused;
  logic [NumVcs*1-1:0] ch_cc_unused;
  logic [NumIn*NumVcs-1:0]   va_set_unused;
  logic [NumIn*NumVcs*2-1:0] va_w_unused;
  nr_swalloc #(
    .NumVcs (NumVcs),
    .NumIu  (0),
    .NumBuf (NumIn),
    .IuFirst(1),
    .NumPt  (1),
    .NumCh  (0),
    .PtFirst(1),
    .XIuPt  (0),
    .XIuCh  (0),
    .XBufPt (1),
    .XBufCh (0),
    .Speedup(NumVcs),
    .Credits(1),
    .PayW   (PhitW)
  ) u_alloc (
    .clk_i,
    .rst_ni,
    .in_valid_iv_i(fvalid),
    .in_tgt_iv_i  ({(NumIn*NumVcs){1'b0}}),
    .in_pay_iv_i  (fphit),
    .in_drop_iv_i ({(NumIn*NumVcs){1'b0}}),
    .in_pop_iv_o  (pop),
    .pt_valid_o   (tx_valid_o),
    .pt_pay_o     (tx_phit_o),
    .pt_ready_i   (tx_ready_i),
    .pt_vc_ok_i   (tx_vc_ok_i),
    .ch_valid_o   (ch_valid_unused),
    .ch_vc_o      (ch_vc_unused),
    .ch_pay_o     (ch_pay_unused),
    .ch_cr_i      ({NumVcs{1'b0}}),
    .ch_cc_o      (ch_cc_unused),
    .va_set_iv_o  (va_set_unused),
    .va_w_iv_o    (va_w_unused)
  );
  logic unused_alloc;
  assign unused_alloc = ^{va_set_unused, va_w_unused, ch_valid_unused, ch_vc_unused, ch_pay_unused, ch_cc_unused};

endmodule
