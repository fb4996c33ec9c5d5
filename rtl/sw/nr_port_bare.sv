// nr_port_bare.sv - router port without a link layer (UseLcb = 0):
// an input queue with a plain credit interface, and an output credit counter
// (docs/yarc-arch.md section 11).
//
// Purpose: stands in for nr_lcb_port in bare-router studies. It presents the
//   same core-side ports as nr_lcb_port (tx_*, rd_*), so a tile instantiates
//   either one behind the same wires.
// Parameters:
//   NumVcs      1..4.
//   InBufPerVc  input queue per VC = credits of the upstream sender, and the
//               initial output credits per VC (the downstream queue), 8..1023,
//               >= MaxPktLen.
//   MaxPktLen   2..InBufPerVc: tx_vc_ok[v] = (credits[v] >= MaxPktLen).
//   RdPorts     1..2 input-queue read ports (nr_inq, docs/link-protocol.md
//               8.4 "Second read port").
// Ports / protocol:
//   in_valid_i, in_phit_i  core phits into the input queue (nr_inq), written
//     in the same cycle. The VC is the head's vc field modulo NumVcs, held for
//     following phits until the next HEAD (VC 0 after reset). Framing is not
//     checked: a stray phit is stored like any other, and the RBD drops a
//     stray staging front as MALFORMED. The sender must hold credits and
//     start a packet only with MaxPktLen credits of its VC (virtual cut-
//     through, as an upstream router); an input-queue overflow is asserted.
//     See docs/yarc-spec-questions.md M2, M3.
//   in_cr_o   credits freed by the input queue this cycle, per VC (v*CW +: CW),
//     combinational (nr_inq cr_o).
//   out_valid_o, out_phit_o  = tx_valid_i, tx_phit_i (combinational; out_phit_o
//     is 0 while out_valid_o is 0); the sink always accepts, gaps included.
//   out_cr_i  credits returned by the sink this cycle, per VC, any count;
//     added at the end of the cycle. Overflow past InBufPerVc is asserted.
//   cr_d_o    the output credit counters' next values per VC (v*CW +: CW),
//     combinational: the counters as they will stand at the start of the
//     next cycle (nr_credit_cnt's next state: count + returned - debited,
//     CW bits), for the routers' registered credit image that feeds the
//     flattened-butterfly queue estimate (docs/fbfly-routing.md 6.1; the
//     counters never exceed InBufPerVc, asserted in nr_credit_cnt).
//   tx_valid_i, tx_phit_i, tx_ready_o (always 1), tx_vc_ok_o (state only),
//   rd_en_i, rd_vc_i, rd_avail_o, rd_valid_o, rd_phit_o, and the second read
//   port rd1_en_i, rd1_vc_i, rd1_valid_o, rd1_phit_o: as nr_lcb_port.
// Latency: in_valid_i in t -> rd_avail_o in t+1 -> rd_valid_o in t+2; tx to
//   out is 0 cycles.
// Cost: nr_inq (NumVcs*InBufPerVc x 24 RAM bits); NumVcs*CW credit flops and
//   two 2-bit VC registers.
`default_nettype none
`include "nr_assert.svh"

module nr_port_bare #(
  parameter int NumVcs     = 2,
  parameter int InBufPerVc = 128,
  parameter int MaxPktLen  = 64,
  parameter int RdPorts    = 1,
  localparam int CW        = $clog2(InBufPerVc + 1),
  localparam int PhitW     = nr_pkg::PHIT_W
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // bare ports
  input  logic                 in_valid_i,
  input  logic [PhitW-1:0]     in_phit_i,
  output logic [NumVcs*CW-1:0] in_cr_o,
  output logic                 out_valid_o,
  output logic [PhitW-1:0]     out_phit_o,
  input  logic [NumVcs*CW-1:0] out_cr_i,
  output logic [NumVcs*CW-1:0] cr_d_o,
  // core side, as nr_lcb_port
  input  logic                 tx_valid_i,
  input  logic [PhitW-1:0]     tx_phit_i,
  output logic                 tx_ready_o,
  output logic [NumVcs-1:0]    tx_vc_ok_o,
  input  logic                 rd_en_i,
  input  logic [1:0]           rd_vc_i,
  output logic [NumVcs-1:0]    rd_avail_o,
  output logic                 rd_valid_o,
  output logic [PhitW-1:0]     rd_phit_o,
  input  logic                 rd1_en_i,
  input  logic [1:0]           rd1_vc_i,
  output logic                 rd1_valid_o,
  output logic [PhitW-1:0]     rd1_phit_o
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_inbuf, InBufPerVc >= 8 && InBufPerVc <= 1023 && InBufPerVc >= MaxPktLen)
  `NR_PARAM_ASSERT(p_maxpkt, MaxPktLen >= 2)

  localparam logic [1:0] K_HEAD = 2'(nr_pkg::KIND_HEAD);

  // ---------------------------------------------------------------- input
  logic [1:0] in_vc_q, in_vc_d, wr_vc, hvc;
  logic [1:0] in_kind;
  logic       ev_rewind, ev_ovf;
  logic [NumVcs*CW-1:0] occ_unused;

  assign in_kind  = in_phit_i[PhitW-1 -: 2];
  assign hvc      = 2'(32'(in_phit_i[nr_pkg::HEAD_VC_LSB +: nr_pkg::HEAD_VC_W]) % NumVcs);
  assign wr_vc    = (in_kind == K_HEAD) ? hvc : in_vc_q;
  assign in_vc_d  = (in_valid_i && in_kind == K_HEAD) ? hvc : in_vc_q;

  nr_inq #(
    .NumVcs  (NumVcs),
    .BufPerVc(InBufPerVc),
    .RdPorts (RdPorts)
  ) u_inq (
    .clk_i,
    .rst_ni,
    .wr_valid_i (in_valid_i),
    .wr_phit_i  (in_phit_i),
    .wr_vc_i    (wr_vc),
    .wr_bad_i   (1'b0),
    .rd_en_i,
    .rd_vc_i,
    .rd_avail_o,
    .rd_valid_o,
    .rd_phit_o,
    .rd1_en_i,
    .rd1_vc_i,
    .rd1_valid_o,
    .rd1_phit_o,
    .occ_o      (occ_unused),
    .cr_o       (in_cr_o),
    .ev_rewind_o(ev_rewind),
    .ev_ovf_o   (ev_ovf)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_vc_q  <= '0;
    end else begin
      in_vc_q  <= in_vc_d;
    end
  end

  logic unused_occ;
  assign unused_occ = ^occ_unused;

  `NR_ASSERT(a_in_no_overflow, !ev_ovf && !ev_rewind, clk_i, rst_ni)

  // ---------------------------------------------------------------- output
  logic       tx_head;
  logic [1:0] out_vc_q, out_vc_d, deb_vc;
  assign tx_ready_o  = 1'b1;
  assign out_valid_o = tx_valid_i;
  assign out_phit_o  = tx_valid_i ? tx_phit_i : '0;
  assign tx_head     = tx_phit_i[PhitW-1 -: 2] == K_HEAD;
  assign deb_vc      = tx_head ? 2'(32'(tx_phit_i[nr_pkg::HEAD_VC_LSB +: nr_pkg::HEAD_VC_W]) % NumVcs)
                               : out_vc_q;
  assign out_vc_d    = (tx_valid_i && tx_head) ? deb_vc : out_vc_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) out_vc_q <= '0;
    else         out_vc_q <= out_vc_d;
  end

  logic [NumVcs-1:0]    dec;
  logic [NumVcs*CW-1:0] cnt;
  for (genvar v = 0; v < NumVcs; v++) begin : g_cr
    logic [CW-1:0] c;
    assign dec[v] = tx_valid_i && 32'(deb_vc) == v;
    assign c = cnt[v*CW +: CW];
    assign tx_vc_ok_o[v] = 32'(c) >= MaxPktLen;
    assign cr_d_o[v*CW +: CW] = c + out_cr_i[v*CW +: CW] - CW'(dec[v]);
  end
  nr_credit_cnt #(
    .NumVcs    (NumVcs),
    .MaxCredits(InBufPerVc),
    .IncW      (CW)
  ) u_cred (
    .clk_i,
    .rst_ni,
    .dec_i  (dec),
    .inc_i  (out_cr_i),
    .count_o(cnt),
    .full_o (full_unused)
  );
  logic [NumVcs-1:0] full_unused;
  logic unused_full;
  assign unused_full = ^full_unused;

endmodule
