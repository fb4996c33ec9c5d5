// nr_iu_stage.sv - the input-queue reads and the per-VC staging of nr_iu: the
// read round robin, the reads in flight, and 4 staged phits per VC
// (docs/nwn-arch.md section 4.1; docs/yarc-arch.md section 4.1).
//
// Purpose: the storage half of the input unit of every router port of the kit
//   (nr_iu, in YARC's row-bus driver nr_rbd and the network switches' port
//   nr_nwn_port), the reads and staging of the C model (csrc/model/sw_iu.c,
//   nr_iu_eval "§4.1 reads" and the appends and pops of nr_iu_commit). It
//   decides which VCs of the input queue to read, appends the returned
//   phits, pops the fronts the caller takes, and shows the RC unit
//   (nr_iu_rc) and the fronts (nr_iu_front) the first three staged phits.
// Parameters:
//   NumVcs   1..4.
//   RdPorts  S_iu, input-queue reads per cycle, 1..2 (doc 4.1). With 1 the
//            rd1_* ports are unused (rd1_en_o = 0).
// Ports / protocol:
//   rd_avail_vc_i, rd_en_o, rd_vc_o, rd_valid_i, rd_phit_i, and the second read
//     port rd1_*: the input queue's read ports; a read issued in t returns on
//     the same port in t+1 (asserted) and is appended at the end of t+1. Two
//     reads in one cycle name different VCs.
//   pop_vc_i[v]  pop VC v's front at the end of this cycle (never from an
//     empty staging: nr_iu_front asserts it).
//   stg_cnt_vc_o  (3 bits per VC) staged phits, 0..4; stg_ph{0,1,2}_vc_o the
//     front and the two phits behind it (meaningful below the count). State
//     only.
// Reads (doc 4.1): VC v is a candidate when rd_avail[v] and stage_cnt[v] +
//   (a read for v issued in t-1) < 4; the first RdPorts candidates in
//   round-robin order from the read pointer are read (port 0 the first, port 1
//   the second), and the pointer moves past the last VC read. rd*_en_o and
//   rd*_vc_o depend on state and rd_avail_vc_i only.
// Latency: read issued t, staged at the end of t+1, visible in t+2.
// Staging storage: 4 phits per VC in flops, not a RAM leaf. The RC unit reads
//   the first three entries of the routed VC in the same cycle and the pop
//   path the front of every VC: a small multi-ported register file, which a
//   1r1w SRAM macro cannot provide.
// Cost: flops NumVcs*(4*24 + 3) staging, RdPorts*(1 + log2 NumVcs) reads in
//   flight, one read round robin (nr_arb_rr_multi); a 4-entry shift and
//   insert per VC.
`default_nettype none
`include "nr_assert.svh"

module nr_iu_stage #(
  parameter int NumVcs  = 2,
  parameter int RdPorts = 1,
  localparam int PhitW  = nr_pkg::PHIT_W,
  localparam int VcW    = nr_pkg::idx_w(NumVcs)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  // input queue read ports
  input  logic [NumVcs-1:0]       rd_avail_vc_i,
  output logic                    rd_en_o,
  output logic [VcW-1:0]          rd_vc_o,
  input  logic                    rd_valid_i,
  input  logic [PhitW-1:0]        rd_phit_i,
  output logic                    rd1_en_o,
  output logic [VcW-1:0]          rd1_vc_o,
  input  logic                    rd1_valid_i,
  input  logic [PhitW-1:0]        rd1_phit_i,
  // pops and the staged phits
  input  logic [NumVcs-1:0]       pop_vc_i,
  output logic [NumVcs*3-1:0]     stg_cnt_vc_o,
  output logic [NumVcs*PhitW-1:0] stg_ph0_vc_o,
  output logic [NumVcs*PhitW-1:0] stg_ph1_vc_o,
  output logic [NumVcs*PhitW-1:0] stg_ph2_vc_o
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_rdports, RdPorts >= 1 && RdPorts <= 2)

  localparam int StgN = 4;               // staging phits per VC (doc 4.1)
  localparam int CntW = 3;               // 0..4

  logic [NumVcs*StgN*PhitW-1:0] stg_q, stg_d;
  logic [NumVcs*CntW-1:0]       cnt_q, cnt_d;
  logic                         rd_pend_q, rd1_pend_q;
  logic [VcW-1:0]               rd_pend_vc_q, rd1_pend_vc_q;

  assign stg_cnt_vc_o = cnt_q;

  // ---------------------------------------------------------------- per VC
  logic [NumVcs-1:0] rd_cand, push, push0, push1;

  for (genvar v = 0; v < NumVcs; v++) begin : g_vc
    logic [CntW-1:0] cnt;
    logic            pend;
    assign cnt = cnt_q[v*CntW +: CntW];
    assign stg_ph0_vc_o[v*PhitW +: PhitW] = stg_q[(v*StgN+0)*PhitW +: PhitW];
    assign stg_ph1_vc_o[v*PhitW +: PhitW] = stg_q[(v*StgN+1)*PhitW +: PhitW];
    assign stg_ph2_vc_o[v*PhitW +: PhitW] = stg_q[(v*StgN+2)*PhitW +: PhitW];

    // 4.1: read candidates (a read for v issued in t-1 on either port)
    assign pend = (rd_pend_q && 32'(rd_pend_vc_q) == v) || (rd1_pend_q && 32'(rd1_pend_vc_q) == v);
    assign rd_cand[v] = rd_avail_vc_i[v] && (32'(cnt) + 32'(pend)) < StgN;
    assign push0[v] = rd_valid_i && 32'(rd_pend_vc_q) == v;
    assign push1[v] = rd1_valid_i && 32'(rd1_pend_vc_q) == v;
    assign push[v]  = push0[v] || push1[v];

    // staging: pop shifts down, push appends
    logic [StgN*PhitW-1:0] sv, sq;
    logic [CntW-1:0]       c1;
    logic                  popv, pushv;
    logic [PhitW-1:0]      pph;
    assign sq    = stg_q[v*StgN*PhitW +: StgN*PhitW];
    assign popv  = pop_vc_i[v];
    assign pushv = push[v];
    assign pph   = push1[v] ? rd1_phit_i : rd_phit_i;
    always_comb begin
      sv = sq;
      c1 = cnt;
      if (popv) begin
        sv = sv >> PhitW;
        c1 = cnt - 1'b1;
      end
      if (pushv) begin
        for (int i = 0; i < StgN; i++) begin
          if (32'(c1) == i) sv[i*PhitW +: PhitW] = pph;
        end
        c1 = c1 + 1'b1;
      end
    end
    assign stg_d[v*StgN*PhitW +: StgN*PhitW] = sv;
    assign cnt_d[v*CntW +: CntW] = c1;

    `NR_ASSERT(a_stg_ovf, !(push[v] && !pop_vc_i[v] && 32'(cnt) == StgN), clk_i, rst_ni)
    `NR_ASSERT(a_one_push, !(push0[v] && push1[v]), clk_i, rst_ni)
  end

  // ---------------------------------------------------------------- reads
  // The first RdPorts candidates in round-robin order from the read pointer;
  // the pointer moves past the last VC read (doc 4.1; with one read port, past
  // the winner).
  logic [NumVcs-1:0]       rd_gnt;
  logic [RdPorts-1:0]      rd_pv;
  logic [RdPorts*VcW-1:0]  rd_pi;
  nr_arb_rr_multi #(
    .N       (NumVcs),
    .S       (RdPorts),
    .PastLast(1)
  ) u_rd_arb (
    .clk_i,
    .rst_ni,
    .req_i       (rd_cand),
    .advance_i   (1'b1),
    .gnt_o       (rd_gnt),
    .pick_valid_o(rd_pv),
    .pick_idx_o  (rd_pi)
  );
  assign rd_en_o = rd_pv[0];
  assign rd_vc_o = rd_pi[VcW-1:0];
  if (RdPorts > 1) begin : g_rd1
    assign rd1_en_o = rd_pv[1];
    assign rd1_vc_o = rd_pi[VcW +: VcW];
  end else begin : g_rd0
    assign rd1_en_o = 1'b0;
    assign rd1_vc_o = '0;
  end
  logic unused_rd_gnt;
  assign unused_rd_gnt = ^rd_gnt;

  // ---------------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q         <= '0;
      rd_pend_q     <= 1'b0;
      rd_pend_vc_q  <= '0;
      rd1_pend_q    <= 1'b0;
      rd1_pend_vc_q <= '0;
    end else begin
      cnt_q         <= cnt_d;
      rd_pend_q     <= rd_en_o;
      rd_pend_vc_q  <= rd_vc_o;
      rd1_pend_q    <= rd1_en_o;
      rd1_pend_vc_q <= rd1_vc_o;
    end
  end

  // data: no reset
  always_ff @(posedge clk_i) begin
    stg_q <= stg_d;
  end

  `NR_ASSERT(a_rd_valid, rd_valid_i == rd_pend_q, clk_i, rst_ni)
  `NR_ASSERT(a_rd1_valid, rd1_valid_i == rd1_pend_q, clk_i, rst_ni)
  // the second read port's rule (docs/link-protocol.md 8.4): different VCs
  `NR_ASSERT(a_rd_two_vcs, !(rd_en_o && rd1_en_o && rd_vc_o == rd1_vc_o), clk_i, rst_ni)
  `NR_ASSERT(a_rd_order, !rd1_en_o || rd_en_o, clk_i, rst_ni)

endmodule
