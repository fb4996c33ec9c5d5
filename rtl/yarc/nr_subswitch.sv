// nr_subswitch.sv - generic NumIn x NumOut wormhole subswitch with per-(input,
// VC) input buffers, per-(output, VC) ownership and credits, and a two-level
// (input, then VC) round-robin allocation per output.
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
//   Depth       input buffer per (input, VC), phits, >= 1 (nr_fifo; Depth = 1
//               halves the throughput of that buffer).
//   OutCredits  credits per (output, VC) = downstream buffer depth, >= 1.
//   Degenerate values (NumIn, NumOut or NumVcs = 1, Depth = 1) need no branch
//   of their own here: they fall into the named branches of the cells
//   (nr_arb_rr g_single, nr_fifo g_depth1) and are lint-checked that way.
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
// Cost: NumIn*NumVcs nr_fifo of Depth x (24 + clog2(NumOut)) bits (RAM
//   leaves); flops NumOut*NumVcs*(1 + clog2(NumIn) + clog2(NumIn) pointer +
//   clog2(OutCredits+1)) + NumOut*clog2(NumVcs); logic NumOut*NumVcs NumIn-way
//   round robins, NumOut NumVcs-way round robins, a NumIn*NumVcs -> NumOut
//   24-bit crossbar.
`include "nr_assert.svh"

module nr_subswitch #(
  parameter int NumIn      = 8,
  parameter int NumOut     = 8,
  parameter int NumVcs     = 2,
  parameter int Depth      = 8,
  parameter int OutCredits = 8,
  localparam int PhitW     = nr_pkg::PHIT_W,
  localparam int VcW       = (NumVcs > 1) ? $clog2(NumVcs) : 1,
  localparam int InW       = (NumIn > 1) ? $clog2(NumIn) : 1,
  localparam int TgtW      = (NumOut > 1) ? $clog2(NumOut) : 1,
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
  localparam logic [1:0] K_HEAD = 2'(nr_pkg::KIND_HEAD);
  localparam logic [1:0] K_EOP  = 2'(nr_pkg::KIND_EOP);

  // ---------------------------------------------------------------- buffers
  // Buffer b = i*NumVcs + v.
  logic [NumIn*NumVcs-1:0]      fvalid, fhead, pop;
  logic [NumIn*NumVcs*EntW-1:0] fdata;
  logic [NumIn*NumVcs*TgtW-1:0] ftgt;

  for (genvar i = 0; i < NumIn; i++) begin : g_in
    for (genvar v = 0; v < NumVcs; v++) begin : g_vc
      logic push, rdy;
      logic [EntW-1:0] d;
      logic [$clog2(Depth+1)-1:0] lvl_unused;
      logic unused_lvl;
      assign unused_lvl = ^lvl_unused;
      assign push = in_valid_ip_i[i] && 32'(in_vc_ip_i[i*VcW +: VcW]) == v;
      nr_fifo #(
        .Width(EntW),
        .Depth(Depth)
      ) u_buf (
        .clk_i,
        .rst_ni,
        .valid_i(push),
        .ready_o(rdy),
        .data_i ({in_tgt_ip_i[i*TgtW +: TgtW], in_phit_ip_i[i*PhitW +: PhitW]}),
        .valid_o(fvalid[i*NumVcs+v]),
        .ready_i(pop[i*NumVcs+v]),
        .data_o (d),
        .level_o(lvl_unused)
      );
      assign fdata[(i*NumVcs+v)*EntW +: EntW] = d;
      assign ftgt[(i*NumVcs+v)*TgtW +: TgtW]  = d[EntW-1 -: TgtW];
      assign fhead[i*NumVcs+v] = fvalid[i*NumVcs+v] && d[PhitW-1 -: 2] == K_HEAD;
      `NR_ASSERT(a_credit, !push || rdy, clk_i, rst_ni)
    end
  end
  assign in_cr_ip_vc_o = pop;

  // ---------------------------------------------------------------- outputs
  // pop_o[j] is output j's pop vector; the buffers OR them.
  logic [NumOut*NumIn*NumVcs-1:0] pop_o;
  logic [NumOut*NumIn*NumVcs-1:0] own_o;   // (j, b): output j owns buffer b

  for (genvar j = 0; j < NumOut; j++) begin : g_out
    logic [NumVcs-1:0]     own_v_q, own_v_d, elig, has_a, vgnt;
    logic [NumVcs*InW-1:0] own_q, own_d, a;
    logic [NumVcs-1:0]     arb_valid, arb_upd;
    logic                  send, send_eop;
    logic [VcW-1:0]        vsel;
    logic [InW-1:0]        asel;
    logic [EntW-1:0]       sdata;
    logic [NumVcs*CrW-1:0] cc;
    logic [NumVcs-1:0]     cdec;

    for (genvar v = 0; v < NumVcs; v++) begin : g_vc
      logic [NumIn-1:0] req, gnt_unused;
      logic [InW-1:0]   aidx, ai;
      logic             sent_v;
      assign sent_v = send && 32'(vsel) == v;
      for (genvar i = 0; i < NumIn; i++) begin : g_req
        assign req[i] = fhead[i*NumVcs+v] && 32'(ftgt[(i*NumVcs+v)*TgtW +: TgtW]) == j;
      end
      nr_arb_rr #(.N(NumIn)) u_arb1 (
        .clk_i,
        .rst_ni,
        .req_i    (req),
        .advance_i(arb_upd[v]),
        .gnt_o    (gnt_unused),
        .gnt_idx_o(aidx)
      );
      assign arb_valid[v] = |req;
      assign ai = own_v_q[v] ? own_q[v*InW +: InW] : aidx;
      assign a[v*InW +: InW] = ai;
      assign has_a[v] = own_v_q[v] || arb_valid[v];
      assign elig[v]  = has_a[v] && fvalid[32'(ai)*NumVcs+v] && cc[v*CrW +: CrW] != '0;
      assign arb_upd[v] = sent_v && !own_v_q[v];

      assign cdec[v] = sent_v;

      // ownership
      assign own_v_d[v] = sent_v ? !send_eop : own_v_q[v];
      assign own_d[v*InW +: InW] = sent_v ? ai : own_q[v*InW +: InW];
      for (genvar i = 0; i < NumIn; i++) begin : g_pop
        assign pop_o[(j*NumIn+i)*NumVcs+v] = sent_v && 32'(asel) == i;
        assign own_o[(j*NumIn+i)*NumVcs+v] = own_v_q[v] && 32'(own_q[v*InW +: InW]) == i;
      end
      logic unused_gnt;
      assign unused_gnt = ^gnt_unused;
    end

    nr_credit_cnt #(
      .NumVcs    (NumVcs),
      .MaxCredits(OutCredits),
      .IncW      (1)
    ) u_cc (
      .clk_i,
      .rst_ni,
      .dec_i  (cdec),
      .inc_i  (out_cr_op_vc_i[j*NumVcs +: NumVcs]),
      .count_o(cc),
      .full_o (full_unused)
    );
    logic [NumVcs-1:0] full_unused;
    logic unused_full;
    assign unused_full = ^full_unused;

    // VC round robin: moves past the winner when it sends its EOP
    nr_arb_rr #(.N(NumVcs)) u_vc_arb (
      .clk_i,
      .rst_ni,
      .req_i    (elig),
      .advance_i(send_eop),
      .gnt_o    (vgnt),
      .gnt_idx_o(vsel)
    );
    assign send = |elig;
    assign asel     = a[32'(vsel)*InW +: InW];
    assign sdata    = fdata[(32'(asel)*NumVcs + 32'(vsel))*EntW +: EntW];
    assign send_eop = send && sdata[PhitW-1 -: 2] == K_EOP;

    assign out_valid_op_o[j]             = send;
    assign out_vc_op_o[j*VcW +: VcW]     = vsel;
    assign out_phit_op_o[j*PhitW +: PhitW] = sdata[PhitW-1:0];

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        own_v_q <= '0;
        own_q   <= '0;
      end else begin
        own_v_q <= own_v_d;
        own_q   <= own_d;
      end
    end
    logic unused_vgnt;
    assign unused_vgnt = ^{vgnt, sdata[EntW-1:PhitW]};
  end

  // OR the per-output pops; check that a buffer pops for one output at most
  // and that a front which is not a HEAD belongs to the output that owns it.
  always_comb begin
    pop = '0;
    for (int j = 0; j < NumOut; j++) pop = pop | pop_o[j*NumIn*NumVcs +: NumIn*NumVcs];
  end

  for (genvar b = 0; b < NumIn*NumVcs; b++) begin : g_chk
    logic [NumOut-1:0] pops, owns;
    for (genvar j = 0; j < NumOut; j++) begin : g_j
      assign pops[j] = pop_o[j*NumIn*NumVcs + b];
      assign owns[j] = own_o[j*NumIn*NumVcs + b];
    end
    `NR_ASSERT(a_one_pop, $onehot0(pops), clk_i, rst_ni)
    `NR_ASSERT(a_one_owner, $onehot0(owns), clk_i, rst_ni)
    `NR_ASSERT(a_stray, !fvalid[b] || fhead[b] || owns != '0, clk_i, rst_ni)
  end

endmodule
