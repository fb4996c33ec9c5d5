// nr_inq.sv - input queue of a port: per-VC circular regions in one RAM.
//
// Purpose: the receive buffer that the peer's credits count
//   (docs/link-protocol.md §8.4). Stores the phits forwarded by the LCB RX,
//   cuts packets that end bad on this link (tail rewind, or abort when part of
//   the packet has already been read), and reports the credits it frees.
// Parameters:
//   NumVcs    virtual channels, 1..4.
//   BufPerVc  phits per VC, 8..1023. Storage is NumVcs*BufPerVc x 24 bits in
//             one nr_ram_1r1w (VC v at addresses v*BufPerVc ..).
//   RdPorts   read ports, 1..2 (docs/link-protocol.md 8.4 "Second read
//             port"). 1 (branch g_one): the rd1_* ports do nothing (rd1_en_i
//             must stay 0, asserted; rd1_valid_o = 0). 2 (branch g_bank): the
//             storage is banked per VC, one nr_ram_1r1w of BufPerVc x 24 per
//             VC, so that two VCs can be read in one cycle.
//   CW        $clog2(BufPerVc+1), derived: width of occ_o and cr_o per VC.
// Ports:
//   wr_valid_i, wr_phit_i, wr_vc_i, wr_bad_i   from nr_lcb_rx (registered
//             there); no backpressure.
//   rd_en_i, rd_vc_i   read one phit of VC rd_vc_i; only when rd_avail_o has
//             that VC (asserted).
//   rd_avail_o[v]      VC v may be read this cycle (state only).
//   rd_valid_o, rd_phit_o   the phit read in the previous cycle (registered
//             RAM output). rd_phit_o is 0 when rd_valid_o is 0. An aborted
//             packet reads as the EOP {EOP, TX_ERR, 0000, 0x0000}.
//   rd1_en_i, rd1_vc_i, rd1_valid_o, rd1_phit_o   the second read port
//             (RdPorts = 2), same rules; two reads in one cycle name
//             different VCs (asserted), so each VC is read at most once a
//             cycle and every per-VC rule applies unchanged.
//   occ_o     wr - rd per VC (state only), VC v at v*CW +: CW.
//   cr_o      credits freed this cycle per VC (combinational), inq_cr.
//   ev_rewind_o, ev_ovf_o   INQ_REWIND and INQ_OVF (events 18, 19).
// Latency: written in t (the cycle rx_valid shows the phit) -> rd_avail_o in
//   t+1 -> rd_en in t+1 -> rd_valid_o in t+2.
// Cost: NumVcs*BufPerVc*24 RAM bits (RdPorts = 2: in NumVcs banks, which
//   costs NumVcs-1 more RAM read registers and a 24-bit NumVcs:1 read mux per
//   port); NumVcs x (3*clog2(2*BufPerVc) + 2*CW + 4) control flops; 2 output
//   flops per read port (plus the VC of each read with RdPorts = 2).
`default_nettype none
`include "nr_assert.svh"

module nr_inq #(
  parameter int NumVcs   = 2,
  parameter int BufPerVc = 128,
  parameter int RdPorts  = 1,
  localparam int CW      = $clog2(BufPerVc + 1)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 wr_valid_i,
  input  logic [23:0]          wr_phit_i,
  input  logic [1:0]           wr_vc_i,
  input  logic                 wr_bad_i,
  input  logic                 rd_en_i,
  input  logic [1:0]           rd_vc_i,
  output logic [NumVcs-1:0]    rd_avail_o,
  output logic                 rd_valid_o,
  output logic [23:0]          rd_phit_o,
  input  logic                 rd1_en_i,
  input  logic [1:0]           rd1_vc_i,
  output logic                 rd1_valid_o,
  output logic [23:0]          rd1_phit_o,
  output logic [NumVcs*CW-1:0] occ_o,
  output logic [NumVcs*CW-1:0] cr_o,
  output logic                 ev_rewind_o,
  output logic                 ev_ovf_o
);

  `NR_PARAM_ASSERT(p_num_vcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_buf_per_vc, BufPerVc >= 8 && BufPerVc <= 1023)
  `NR_PARAM_ASSERT(p_rd_ports, RdPorts == 1 || RdPorts == 2)

  localparam int Depth = NumVcs * BufPerVc;
  localparam int AW    = $clog2(Depth);
  localparam int IdxW  = $clog2(BufPerVc);
  localparam logic [23:0] ABORT_EOP = {2'(nr_pkg::KIND_EOP), 2'(nr_pkg::OK_TX_ERR), 20'h00000};

  logic [NumVcs-1:0]      v_re, v_abort, v_we, v_rew, v_ovf;
  logic [NumVcs*IdxW-1:0] v_raddr, v_waddr;

  for (genvar gv = 0; gv < NumVcs; gv++) begin : g_vc
    nr_inq_vc #(.BufPerVc(BufPerVc)) u_vc (
      .clk_i,
      .rst_ni,
      .rd_i       ((rd_en_i && rd_vc_i == 2'(gv)) ||
                   (RdPorts > 1 && rd1_en_i && rd1_vc_i == 2'(gv))),
      .wr_i       (wr_valid_i && wr_vc_i == 2'(gv)),
      .wr_kind_i  (wr_phit_i[23:22]),
      .wr_bad_i   (wr_bad_i),
      .avail_o    (rd_avail_o[gv]),
      .occ_o      (occ_o[gv*CW +: CW]),
      .cr_o       (cr_o[gv*CW +: CW]),
      .ram_re_o   (v_re[gv]),
      .raddr_o    (v_raddr[gv*IdxW +: IdxW]),
      .abort_rd_o (v_abort[gv]),
      .we_o       (v_we[gv]),
      .waddr_o    (v_waddr[gv*IdxW +: IdxW]),
      .ev_rewind_o(v_rew[gv]),
      .ev_ovf_o   (v_ovf[gv])
    );
  end

  if (RdPorts == 1) begin : g_one
    // One reader and one writer per cycle: select their VC's addresses.
    logic          ram_re, ram_we;
    logic [AW-1:0] ram_raddr, ram_waddr;
    logic [23:0]   ram_rdata;
    always_comb begin
      ram_re    = 1'b0;
      ram_we    = 1'b0;
      ram_raddr = '0;
      ram_waddr = '0;
      for (int v = 0; v < NumVcs; v++) begin
        if (v_re[v]) begin
          ram_re    = 1'b1;
          ram_raddr = AW'(v * BufPerVc + 32'(v_raddr[v*IdxW +: IdxW]));
        end
        if (v_we[v]) begin
          ram_we    = 1'b1;
          ram_waddr = AW'(v * BufPerVc + 32'(v_waddr[v*IdxW +: IdxW]));
        end
      end
    end

    nr_ram_1r1w #(
      .Width(24),
      .Depth(Depth)
    ) u_ram (
      .clk_i,
      .rst_ni,
      .we_i   (ram_we),
      .waddr_i(ram_waddr),
      .wdata_i(wr_phit_i),
      .re_i   (ram_re),
      .raddr_i(ram_raddr),
      .rdata_o(ram_rdata)
    );

    logic rv_q, abort_sel_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        rv_q        <= 1'b0;
        abort_sel_q <= 1'b0;
      end else begin
        rv_q        <= rd_en_i;
        abort_sel_q <= |v_abort;
      end
    end

    assign rd_valid_o  = rv_q;
    assign rd_phit_o   = !rv_q ? '0 : abort_sel_q ? ABORT_EOP : ram_rdata;
    assign rd1_valid_o = 1'b0;
    assign rd1_phit_o  = '0;
    logic unused_rd1;
    assign unused_rd1 = ^rd1_vc_i;

    // At most one bit set, written out: Icarus 11's $onehot0 returns 0 and 1
    // in turn for the same all-zero argument (seen in an Icarus run of
    // nr_lcb_port with NumVcs 1 and 4), and would stop such a simulation.
    logic [NumVcs-1:0] v_rd;
    assign v_rd = v_re | v_abort;
    `NR_ASSERT(a_one_reader, (v_rd & (v_rd - 1'b1)) == '0, clk_i, rst_ni)
    `NR_ASSERT(a_no_rd1, !rd1_en_i, clk_i, rst_ni)
    // The read never hits the entry being written (8.4 order rules).
    `NR_ASSERT(a_no_rw_collide, !(ram_re && ram_we && ram_raddr == ram_waddr), clk_i, rst_ni)
  end else begin : g_bank
    // One RAM bank per VC: each VC is read by at most one port per cycle and
    // written by the one writer.
    logic [NumVcs*24-1:0] bank_rdata;
    for (genvar gv = 0; gv < NumVcs; gv++) begin : g_vc
      nr_ram_1r1w #(
        .Width(24),
        .Depth(BufPerVc)
      ) u_ram (
        .clk_i,
        .rst_ni,
        .we_i   (v_we[gv]),
        .waddr_i(v_waddr[gv*IdxW +: IdxW]),
        .wdata_i(wr_phit_i),
        .re_i   (v_re[gv]),
        .raddr_i(v_raddr[gv*IdxW +: IdxW]),
        .rdata_o(bank_rdata[gv*24 +: 24])
      );
      // The read never hits the entry being written (8.4 order rules).
      `NR_ASSERT(a_no_rw_collide, !(v_re[gv] && v_we[gv] &&
                 v_raddr[gv*IdxW +: IdxW] == v_waddr[gv*IdxW +: IdxW]), clk_i, rst_ni)
    end

    // per read port: valid, VC and abort of the read issued last cycle
    logic       ab0, ab1;
    always_comb begin
      ab0 = 1'b0;
      ab1 = 1'b0;
      for (int v = 0; v < NumVcs; v++) begin
        if (32'(rd_vc_i) == v && v_abort[v])  ab0 = 1'b1;
        if (32'(rd1_vc_i) == v && v_abort[v]) ab1 = 1'b1;
      end
    end
    logic       rv0_q, rv1_q, ab0_q, ab1_q;
    logic [1:0] vc0_q, vc1_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        rv0_q <= 1'b0;
        rv1_q <= 1'b0;
        ab0_q <= 1'b0;
        ab1_q <= 1'b0;
        vc0_q <= '0;
        vc1_q <= '0;
      end else begin
        rv0_q <= rd_en_i;
        rv1_q <= rd1_en_i;
        ab0_q <= rd_en_i && ab0;
        ab1_q <= rd1_en_i && ab1;
        vc0_q <= rd_vc_i;
        vc1_q <= rd1_vc_i;
      end
    end
    assign rd_valid_o  = rv0_q;
    assign rd_phit_o   = !rv0_q ? '0 : ab0_q ? ABORT_EOP : bank_rdata[32'(vc0_q)*24 +: 24];
    assign rd1_valid_o = rv1_q;
    assign rd1_phit_o  = !rv1_q ? '0 : ab1_q ? ABORT_EOP : bank_rdata[32'(vc1_q)*24 +: 24];

    // the second read port's rule: two reads in one cycle name different VCs
    `NR_ASSERT(a_rd_two_vcs, !(rd_en_i && rd1_en_i && rd_vc_i == rd1_vc_i), clk_i, rst_ni)
    `NR_ASSERT(a_rd1_vc_range, !rd1_en_i || 32'(rd1_vc_i) < NumVcs, clk_i, rst_ni)
  end

  assign ev_rewind_o = |v_rew;
  assign ev_ovf_o    = |v_ovf;

  `NR_ASSERT(a_rd_vc_range, !rd_en_i || 32'(rd_vc_i) < NumVcs, clk_i, rst_ni)
  `NR_ASSERT(a_wr_vc_range, !wr_valid_i || 32'(wr_vc_i) < NumVcs, clk_i, rst_ni)
  `NR_ASSERT(a_one_writer, (v_we & (v_we - 1'b1)) == '0, clk_i, rst_ni)

endmodule
