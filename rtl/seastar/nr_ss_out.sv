// nr_ss_out.sv - one output of the SeaStar router: its staging buffers, one
// per (source, VC), and the per-packet arbitration that mixes round robin and
// age by AGE_RR_SELECT (docs/seastar-arch.md sections 6, 7, 8).
//
// Purpose: the per-port output half of nr_seastar. Inputs move packets into
//   the staging buffers (p, w) of this output q by flow control only: a
//   buffer's credits, a whole packet's before its head moves (doc 6). The
//   output sends one packet at a time, head to EOP: when free it grants among
//   the buffers whose front is a head on a VC the port takes, and sends the
//   head in the same cycle (doc 7). Grant g (6-bit counter) takes
//   AGE_RR_SELECT bit g: 0 round robin from the round-robin pointer, 1 the
//   oldest front packet, ties from the age pointer, in the order r = p *
//   NumVcs + w; only the policy used moves its pointer, past the winner. The
//   packet leaves with its age at the grant in its age phit's bits 7:0 (h = 1)
//   and its CRC repaired (doc 8).
// Parameters:
//   NumPorts, NumVcs, MaxPktLen, StageDepth, ArsInit: nr_seastar's.
//   Port   this output's number q, 0..NumPorts-1 (buffers (q, ...) never fill:
//          no 180-degree turn).
// Ports / protocol:
//   push_p_i[p], push_w_p_i, push_phit_p_i, push_age_p_i: input p moves a phit
//     into buffer (p, w) this cycle (nr_ss_in), usable from the next cycle;
//     the age comes with a head.
//   ok_pw_o[p*NumVcs + w]: buffer (p, w) has MaxPktLen credits (state); a phit
//     sent in t is a credit from t+1.
//   age_inc_i: an age-clock tick at this edge.
//   cfg_we_i, cfg_addr_i, cfg_wdata_i: a write to this port naming an existing
//     register: 0x03, 0x04 AGE_RR_SELECT bits 31:0, 63:32 (doc 5).
//   tx_valid_o, tx_phit_o: the phit sent (combinational from state);
//     tx_ready_i: the port took it (else it is sent again); tx_vc_ok_i: the VCs
//     on which the port takes a head (state).
// Latency: a head in its buffer from t is sent in t when the output is free.
// Cost: nr_vcbank of NumPorts x NumVcs buffers of StageDepth phits, as many
//   credit counters and nr_ss_ages FIFOs (StageDepth/2 + 1 ages), a
//   NumPorts*NumVcs-way round robin (nr_arb_rr) and oldest pick
//   (nr_max_pick), 64 + 6 select flops, 2 CRC-16 updates.
`default_nettype none
`include "nr_assert.svh"

module nr_ss_out #(
  parameter int NumPorts   = 7,
  parameter int NumVcs     = 4,
  parameter int MaxPktLen  = 16,
  parameter int StageDepth = 16,
  parameter int ArsInit    = 0,
  parameter int Port       = 0,
  localparam int PhitW     = nr_pkg::PHIT_W,
  localparam int NB        = NumPorts * NumVcs,
  localparam int BW        = nr_pkg::idx_w(NB),
  localparam int CcW       = $clog2(StageDepth + 1)
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [NumPorts-1:0]       push_p_i,
  input  logic [NumPorts*2-1:0]     push_w_p_i,
  input  logic [NumPorts*PhitW-1:0] push_phit_p_i,
  input  logic [NumPorts*8-1:0]     push_age_p_i,
  output logic [NB-1:0]             ok_pw_o,
  input  logic                      age_inc_i,
  input  logic                      cfg_we_i,
  input  logic [7:0]                cfg_addr_i,
  input  logic [31:0]               cfg_wdata_i,
  output logic                      tx_valid_o,
  output logic [PhitW-1:0]          tx_phit_o,
  input  logic                      tx_ready_i,
  input  logic [NumVcs-1:0]         tx_vc_ok_i
);

  `NR_PARAM_ASSERT(p_numports, NumPorts >= 2 && NumPorts <= 8)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_stage, StageDepth >= MaxPktLen && StageDepth <= 256 && MaxPktLen >= 2)
  `NR_PARAM_ASSERT(p_ars, ArsInit >= 0 && ArsInit <= 2)
  `NR_PARAM_ASSERT(p_port, Port >= 0 && Port < NumPorts)

  localparam int VcW = nr_pkg::idx_w(NumVcs);
  localparam logic [1:0] K_BODY = 2'(nr_pkg::KIND_BODY);
  localparam logic [1:0] K_HEAD = 2'(nr_pkg::KIND_HEAD);
  localparam logic [1:0] K_EOP  = 2'(nr_pkg::KIND_EOP);
  localparam logic [63:0] ARS0 = (ArsInit == 1) ? {64{1'b1}} :
                                 (ArsInit == 2) ? {32{2'b01}} : 64'h0;

  // ---------------------------------------------------------------- staging (doc 6)
  logic [NumPorts*VcW-1:0] in_vc;
  logic [NB-1:0]           fr_valid, pop;
  logic [NB*PhitW-1:0]     fr_data;
  logic [NB*8-1:0]         fr_age;
  for (genvar p = 0; p < NumPorts; p++) begin : g_p
    assign in_vc[p*VcW +: VcW] = VcW'(push_w_p_i[p*2 +: 2]);
  end
  nr_vcbank #(
    .NumIn (NumPorts),
    .NumVcs(NumVcs),
    .Width (PhitW),
    .Depth (StageDepth)
  ) u_stage (
    .clk_i,
    .rst_ni,
    .in_valid_i(push_p_i),
    .in_vc_i   (in_vc),
    .in_data_i (push_phit_p_i),
    .fr_valid_o(fr_valid),
    .fr_data_o (fr_data),
    .pop_i     (pop)
  );

  logic eop_pop;
  for (genvar b = 0; b < NB; b++) begin : g_buf
    localparam int P = b / NumVcs;
    localparam int W = b % NumVcs;
    logic          push, hpush;
    logic [CcW-1:0] cc_q, cc_d;
    assign push  = push_p_i[P] && 32'(push_w_p_i[P*2 +: 2]) == W;
    assign hpush = push && push_phit_p_i[P*PhitW + PhitW-1 -: 2] == K_HEAD;
    assign cc_d  = cc_q - CcW'(push) + CcW'(pop[b]);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) cc_q <= CcW'(StageDepth);
      else         cc_q <= cc_d;
    end
    assign ok_pw_o[b] = 32'(cc_q) >= MaxPktLen;
    nr_ss_ages #(.Depth(StageDepth / 2 + 1)) u_ages (
      .clk_i,
      .rst_ni,
      .inc_i  (age_inc_i),
      .push_i (hpush),
      .age_i  (push_age_p_i[P*8 +: 8]),
      .pop_i  (pop[b] && eop_pop),
      .front_o(fr_age[b*8 +: 8])
    );
    `NR_ASSERT(a_credit, !push || cc_q != '0, clk_i, rst_ni)
  end

  // ---------------------------------------------------------------- arbitration (doc 7)
  logic            on_q, on_d, hbit_q, hbit_d, mode;
  logic [BW-1:0]   c_q, c_d, c, rr_idx, age_idx, age_ptr_q, age_ptr_d;
  logic [5:0]      g_q, g_d;
  logic [63:0]     ars_q, ars_d;
  logic [7:0]      age_out_q, age_out_d, age_max;
  logic [1:0]      pos_q, pos_d;
  logic [15:0]     fix_q, fix_d;
  logic [NB-1:0]   req, rr_gnt;
  logic            grant, any_unused;

  for (genvar b = 0; b < NB; b++) begin : g_req
    assign req[b] = !on_q && fr_valid[b] && fr_data[b*PhitW + PhitW-1 -: 2] == K_HEAD &&
                    (b / NumVcs) != Port && tx_vc_ok_i[b % NumVcs];
  end
  assign mode  = ars_q[g_q];
  assign grant = |req;
  nr_arb_rr #(.N(NB)) u_rr (
    .clk_i,
    .rst_ni,
    .req_i    (req),
    .advance_i(!mode),
    .gnt_o    (rr_gnt),
    .gnt_idx_o(rr_idx)
  );
  nr_max_pick #(.N(NB), .ScW(8)) u_age (
    .cand_i (req),
    .score_i(fr_age),
    .ptr_i  (age_ptr_q),
    .any_o  (any_unused),
    .max_o  (age_max),
    .best_o (age_idx)
  );
  assign c = on_q ? c_q : mode ? age_idx : rr_idx;

  // the phit: the head as staged; the age phit with the age at the grant; the
  // CRC repair of the difference carried to the EOP (doc 8)
  logic [PhitW-1:0] ph, nph;
  logic [1:0]       k;
  logic             agep;
  logic [15:0]      fixc, u22, u6;
  assign ph   = fr_data[32'(c)*PhitW +: PhitW];
  assign k    = ph[PhitW-1 -: 2];
  assign agep = pos_q == 2'd1 && hbit_q;
  assign fixc = (pos_q == 2'd0) ? 16'h0 : fix_q;
  assign nph  = {ph[PhitW-1:8], age_out_q};
  nr_crc16_upd #(.DataW(nr_pkg::DATA_W)) u_fix22 (
    .crc_i (agep ? 16'h0 : fixc),
    .data_i(agep ? (ph[nr_pkg::DATA_W-1:0] ^ nph[nr_pkg::DATA_W-1:0]) : '0),
    .crc_o (u22)
  );
  nr_crc16_upd #(.DataW(6)) u_fix6 (
    .crc_i (fixc),
    .data_i(6'h00),
    .crc_o (u6)
  );
  assign tx_valid_o = fr_valid[c] && (on_q || grant);
  assign tx_phit_o  = agep ? nph : (k == K_EOP) ? {ph[PhitW-1:16], ph[15:0] ^ u6} : ph;
  assign fix_d      = (agep || k == K_BODY) ? u22 : fixc;
  assign eop_pop    = k == K_EOP;
  for (genvar b = 0; b < NB; b++) begin : g_pop
    assign pop[b] = 32'(c) == b && tx_valid_o && tx_ready_i;
  end

  logic       hsel;
  logic [7:0] age_sel;
  assign hsel    = ph[nr_pkg::HEAD_H_BIT];
  assign age_sel = fr_age[32'(c)*8 +: 8];
  always_comb begin
    on_d      = on_q;
    c_d       = c_q;
    hbit_d    = hbit_q;
    age_out_d = age_out_q;
    age_ptr_d = age_ptr_q;
    g_d       = g_q;
    pos_d     = pos_q;
    if (grant) begin
      on_d      = 1'b1;
      c_d       = c;
      hbit_d    = hsel;
      age_out_d = age_sel;
      g_d       = g_q + 6'd1;
      if (mode) age_ptr_d = (32'(c) == NB - 1) ? '0 : c + 1'b1;
    end
    if (|pop) begin
      if (pos_q != 2'd2) pos_d = pos_q + 2'd1;
      if (eop_pop) begin
        on_d  = 1'b0;
        pos_d = 2'd0;
      end
    end
  end
  assign ars_d = {(cfg_we_i && cfg_addr_i == 8'h04) ? cfg_wdata_i : ars_q[63:32],
                  (cfg_we_i && cfg_addr_i == 8'h03) ? cfg_wdata_i : ars_q[31:0]};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      on_q      <= 1'b0;
      c_q       <= '0;
      age_ptr_q <= '0;
      g_q       <= '0;
      pos_q     <= '0;
      ars_q     <= ARS0;
    end else begin
      on_q      <= on_d;
      c_q       <= c_d;
      age_ptr_q <= age_ptr_d;
      g_q       <= g_d;
      pos_q     <= pos_d;
      ars_q     <= ars_d;
    end
  end
  // data: no reset
  always_ff @(posedge clk_i) begin
    hbit_q    <= hbit_d;
    age_out_q <= age_out_d;
    if (|pop) fix_q <= fix_d;
  end

  logic unused_out;
  assign unused_out = ^{rr_gnt, any_unused, age_max};

endmodule
