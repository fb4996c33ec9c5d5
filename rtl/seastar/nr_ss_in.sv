// nr_ss_in.sv - one input port of the SeaStar router: port front end, input
// unit with SeaStar's route function, the move into the staging buffers, and
// the ages of the routed packets (docs/seastar-arch.md sections 3, 4, 6, 8).
//
// Purpose: the per-port input half of nr_seastar. The port front end
//   (nr_port_front: the LCB port, or the bare port) holds the link and the
//   input queue; the input unit (nr_iu with ExtRc = 1) reads and stages it and
//   routes one packet per cycle with this port's GLUT and LUT (doc 4), the
//   SELF drop of a 180-degree turn as its first hop; its fronts are moved
//   into the staging buffers of the outputs one packet at a time (doc 6).
//   The port's transmit side is driven by its output (nr_ss_out).
// Parameters:
//   NumPorts, NumVcs, InBufPerVc, UseLcb, MaxPktLen, ReplayDepth, Window,
//     LinkCrcW, LutBits: nr_seastar's.
//   Port      this port's number p, 0..NumPorts-1.
// Ports / protocol:
//   link_*, ev_o, link_down_o, cfg_timeout/retry_limit/max_len, in_*, out_*:
//     the port front end (nr_port_front).
//   cfg_we_i, cfg_addr_i, cfg_wdata_i: a write to this port that names an
//     existing register (the top has decoded CFG_BAD): 0x02 the biases, 0x05
//     the GLUT, 0x06 the LUT (doc 5); takes effect next cycle.
//   node_id_i: NODE_ID (state). age_inc_i: an age-clock tick at this edge.
//   tev_o: {reason[2:0], 1'b0, RT_DROP} of the RC cycle (CFG_BAD is the top's).
//   ok_qw_i[q*NumVcs + w]: staging buffer (q, p, w) has MaxPktLen credits
//     (state).
//   push_o, push_q_o, push_w_o, push_phit_o, push_age_o: the phit moved this
//     cycle into staging buffer (push_q_o, p, push_w_o), with the packet's age
//     at this edge (used with a head).
//   tx_valid_i, tx_phit_i, tx_vc_ok_o: the port's transmit side; a phit the
//     port does not take (tx_ready) is not popped by the output (tx_ready_o).
// Latency (doc 9): link_rx head in t -> input queue t+1 (bare: in_valid t is
//   queued at t) -> read -> staged -> routed -> moved into staging, the head
//   usable by the output in the cycle after its move.
// Cost: the front end, nr_iu without tables, 8 + 2^LutBits table entries of
//   8 flops (reset: invalid), 16 bias flops, NumVcs 8-bit age counters, the
//   move's VC round robin and state.
`default_nettype none
`include "nr_assert.svh"

module nr_ss_in #(
  parameter int NumPorts    = 7,
  parameter int NumVcs      = 4,
  parameter int InBufPerVc  = 96,
  parameter int UseLcb      = 0,
  parameter int MaxPktLen   = 16,
  parameter int ReplayDepth = 256,
  parameter int Window      = 32,
  parameter int LinkCrcW    = 16,
  parameter int LutBits     = 4,
  parameter int Port        = 0,
  localparam int PhitW      = nr_pkg::PHIT_W,
  localparam int PortW      = nr_pkg::ROUTE_PORT_W,
  localparam int VcW        = nr_pkg::idx_w(NumVcs),
  localparam int QW         = nr_pkg::idx_w(NumPorts),
  localparam int CW         = $clog2(InBufPerVc + 1)
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // LCB port
  input  logic [15:0]                cfg_timeout_i,
  input  logic [7:0]                 cfg_retry_limit_i,
  input  logic [7:0]                 cfg_max_len_i,
  input  logic [PhitW-1:0]           link_rx_i,
  output logic [PhitW-1:0]           link_tx_o,
  output logic [20:0]                ev_o,
  output logic                       link_down_o,
  // bare port
  input  logic                       in_valid_i,
  input  logic [PhitW-1:0]           in_phit_i,
  output logic [NumVcs*CW-1:0]       in_cr_o,
  output logic                       out_valid_o,
  output logic [PhitW-1:0]           out_phit_o,
  input  logic [NumVcs*CW-1:0]       out_cr_i,
  // configuration, NODE_ID, the age clock, events
  input  logic                       cfg_we_i,
  input  logic [7:0]                 cfg_addr_i,
  input  logic [31:0]                cfg_wdata_i,
  input  logic [14:0]                node_id_i,
  input  logic                       age_inc_i,
  output logic [4:0]                 tev_o,
  // into the staging buffers
  input  logic [NumPorts*NumVcs-1:0] ok_qw_i,
  output logic                       push_o,
  output logic [QW-1:0]              push_q_o,
  output logic [1:0]                 push_w_o,
  output logic [PhitW-1:0]           push_phit_o,
  output logic [7:0]                 push_age_o,
  // the port's transmit side
  input  logic                       tx_valid_i,
  input  logic [PhitW-1:0]           tx_phit_i,
  output logic                       tx_ready_o,
  output logic [NumVcs-1:0]          tx_vc_ok_o
);

  `NR_PARAM_ASSERT(p_numports, NumPorts >= 2 && NumPorts <= 8)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_lutbits, LutBits >= 1 && LutBits <= 12)
  `NR_PARAM_ASSERT(p_port, Port >= 0 && Port < NumPorts)

  localparam int LutN = 1 << LutBits;
  localparam logic [1:0] K_EOP  = 2'(nr_pkg::KIND_EOP);

  // ---------------------------------------------------------------- front end
  logic [NumVcs-1:0] rd_avail;
  logic              rd_en, rd_valid, rd1_en, rd1_valid;
  logic [VcW-1:0]    rd_vc, rd1_vc;
  logic [PhitW-1:0]  rd_phit, rd1_phit;
  logic [NumVcs*CW-1:0] pcr_unused;

  nr_port_front #(
    .UseLcb     (UseLcb),
    .NumVcs     (NumVcs),
    .InBufPerVc (InBufPerVc),
    .MaxPktLen  (MaxPktLen),
    .RdPorts    (1),
    .ReplayDepth(ReplayDepth),
    .Window     (Window),
    .LinkCrcW   (LinkCrcW)
  ) u_front (
    .clk_i,
    .rst_ni,
    .cfg_timeout_i,
    .cfg_retry_limit_i,
    .cfg_max_len_i,
    .link_rx_i,
    .link_tx_o,
    .ev_o,
    .link_down_o,
    .in_valid_i,
    .in_phit_i,
    .in_cr_o,
    .out_valid_o,
    .out_phit_o,
    .out_cr_i,
    .tx_valid_i,
    .tx_phit_i,
    .tx_ready_o,
    .tx_vc_ok_o,
    .pcr_d_o    (pcr_unused),
    .rd_en_i    (rd_en),
    .rd_vc_i    (rd_vc),
    .rd_avail_o (rd_avail),
    .rd_valid_o (rd_valid),
    .rd_phit_o  (rd_phit),
    .rd1_en_i   (rd1_en),
    .rd1_vc_i   (rd1_vc),
    .rd1_valid_o(rd1_valid),
    .rd1_phit_o (rd1_phit)
  );

  // ---------------------------------------------------------------- tables (doc 4, 5)
  // the tables as flat vectors, entry i at [i*8 +: 8] (reset: invalid)
  logic [8*8-1:0]    glut_q;
  logic [LutN*8-1:0] lut_q;
  logic [7:0]        req_bias_q, rsp_bias_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      glut_q <= '0;
      lut_q  <= '0;
    end else begin
      if (cfg_we_i && cfg_addr_i == 8'h05) glut_q[32'(cfg_wdata_i[18:16])*8 +: 8] <= cfg_wdata_i[7:0];
      if (cfg_we_i && cfg_addr_i == 8'h06)
        lut_q[32'(cfg_wdata_i[16 +: LutBits])*8 +: 8] <= cfg_wdata_i[7:0];
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      req_bias_q <= 8'd1;
      rsp_bias_q <= 8'd1;
    end else if (cfg_we_i && cfg_addr_i == 8'h02) begin
      req_bias_q <= cfg_wdata_i[7:0];
      rsp_bias_q <= cfg_wdata_i[15:8];
    end
  end

  // ---------------------------------------------------------------- input unit
  logic                    rc_route, fh_drop, cfg_bad_unused, drop;
  logic [VcW-1:0]          rc_vc;
  logic [PortW-1:0]        rc_q;
  logic [PhitW-1:0]        rc_head;
  logic [nr_pkg::DATA_W-1:0] rc_hash;
  logic [2:0]              drop_reason, xr_reason;
  logic                    xr_drop;
  logic [1:0]              xr_w;
  logic [NumVcs-1:0]       fr_valid, fr_head, fr_drop, pop;
  logic [NumVcs*2-1:0]     fr_w;
  logic [NumVcs*PortW-1:0] fr_q;
  logic [NumVcs*PhitW-1:0] fr_phit;

  // SeaStar's route of the head at the RC unit (doc 4): MALFORMED, a source
  // route (BAD_SRCROUTE), else the GLUT off the partition (dest[14:LutBits]
  // against NODE_ID's, the seed's 14:12 at LutBits 12; the GLUT by its low
  // 3 bits), the LUT in it
  logic [1:0]  hvc;
  logic [14:0] dest;
  logic [7:0]  ent;
  logic [2:0]  eq;
  logic [1:0]  em;
  logic        malformed;
  assign hvc       = rc_head[nr_pkg::HEAD_VC_LSB +: 2];
  assign dest      = rc_head[nr_pkg::HEAD_DEST_LSB +: 15];
  assign malformed = 32'(hvc) >= NumVcs || rc_head[nr_pkg::HEAD_RSVD_LSB +: 2] != 2'b00;
  assign ent  = (dest[14:LutBits] != node_id_i[14:LutBits]) ?
                    glut_q[32'(dest[LutBits +: 3])*8 +: 8] :
                    lut_q[32'(dest[LutBits-1:0])*8 +: 8];
  assign eq   = ent[6:4];
  assign em   = ent[3:2];
  assign xr_w = (hvc & ~em) | (ent[1:0] & em);
  assign xr_drop = malformed || rc_head[nr_pkg::HEAD_R_BIT] ||
                   !ent[7] || 32'(eq) >= NumPorts || 32'(xr_w) >= NumVcs;
  assign xr_reason = malformed ? 3'd1 : rc_head[nr_pkg::HEAD_R_BIT] ? 3'd2 : 3'd3;
  // no 180-degree turn: a route back out of its own input drops (SELF)
  assign fh_drop = 32'(rc_q) == Port;

  nr_iu #(
    .NumPorts  (NumPorts),
    .NumVcs    (NumVcs),
    .RdPorts   (1),
    .TgtW      (2),
    .UseScore  (0),
    .ScCols    (2),
    .ScCredW   (1),
    .InBufPerVc(InBufPerVc),
    .ExtRc     (1)
  ) u_iu (
    .clk_i,
    .rst_ni,
    .port_id_i    (PortW'(Port)),
    .cfg_we_i     (1'b0),
    .cfg_addr_i   (8'h00),
    .cfg_wdata_i  (32'h0),
    .cfg_bad_o    (cfg_bad_unused),
    .rd_avail_vc_i(rd_avail),
    .rd_en_o      (rd_en),
    .rd_vc_o      (rd_vc),
    .rd_valid_i   (rd_valid),
    .rd_phit_i    (rd_phit),
    .rd1_en_o     (rd1_en),
    .rd1_vc_o     (rd1_vc),
    .rd1_valid_i  (rd1_valid),
    .rd1_phit_i   (rd1_phit),
    .score_c_vc_i ({(2*NumVcs){1'b0}}),
    .pcr_p_v_i    ({(NumPorts*NumVcs*CW){1'b0}}),
    .rc_route_o   (rc_route),
    .rc_vc_o      (rc_vc),
    .rc_q_o       (rc_q),
    .rc_head_o    (rc_head),
    .rc_hash_o    (rc_hash),
    .fh_tgt_i     (xr_w),
    .fh_drop_i    (fh_drop),
    .fh_reason_i  (3'd5),
    .xr_drop_i    (xr_drop),
    .xr_reason_i  (xr_reason),
    .xr_q_i       (PortW'(eq)),
    .xr_w_i       (xr_w),
    .fr_valid_vc_o(fr_valid),
    .fr_head_vc_o (fr_head),
    .fr_tgt_vc_o  (fr_w),
    .fr_q_vc_o    (fr_q),
    .fr_phit_vc_o (fr_phit),
    .fr_drop_vc_o (fr_drop),
    .pop_vc_i     (pop),
    .va_set_vc_i  ({NumVcs{1'b0}}),
    .va_w_vc_i    ({(2*NumVcs){1'b0}}),
    .drop_o       (drop),
    .drop_reason_o(drop_reason)
  );
  assign tev_o = {drop ? drop_reason : 3'd0, 1'b0, drop};

  // ---------------------------------------------------------------- ages (doc 8)
  // a packet routed (not dropped) takes the age phit's age (h = 1; rc_hash is
  // its data) plus the bias of its VC class, at most 255; then every tick
  // adds 1 up to 255, here until it moves into staging, then in nr_ss_ages
  logic [7:0] age_q [NumVcs];
  logic [7:0] age_d [NumVcs];
  logic [8:0] age0;
  logic [7:0] bias;
  logic       rc_set;
  assign rc_set = rc_route && !fh_drop;
  assign bias   = (32'(rc_vc) < 2) ? req_bias_q : rsp_bias_q;
  assign age0   = 9'(rc_hash[7:0]) + 9'(bias);
  function automatic logic [7:0] tick(input logic [7:0] a, input logic inc);
    tick = (inc && a != 8'hFF) ? a + 8'd1 : a;
  endfunction
  for (genvar v = 0; v < NumVcs; v++) begin : g_age
    assign age_d[v] = (rc_set && 32'(rc_vc) == v) ? tick(age0[8] ? 8'hFF : age0[7:0], age_inc_i) :
                                                    tick(age_q[v], age_inc_i);
  end
  always_ff @(posedge clk_i) begin
    for (int v = 0; v < NumVcs; v++) age_q[v] <= age_d[v];
  end

  // ---------------------------------------------------------------- the move (doc 6)
  // one packet at a time: the VC being moved (on_q) pops a phit whenever its
  // front is there; between packets a round robin over the VCs whose front is
  // a head with a whole packet's credits in its staging buffer, or dropping
  logic             on_q, on_d;
  logic [VcW-1:0]   onv_q, onv_d, sel, pv;
  logic [NumVcs-1:0] cand, gnt;
  logic [31:0] okx;
  assign okx = 32'(ok_qw_i);
  for (genvar v = 0; v < NumVcs; v++) begin : g_cand
    logic [4:0] i;
    assign i = 5'(fr_q[v*PortW +: 3]) * 5'(NumVcs) + 5'(fr_w[v*2 +: 2]);
    assign cand[v] = fr_drop[v] || (fr_valid[v] && fr_head[v] && okx[i]);
  end
  nr_arb_rr #(.N(NumVcs)) u_arb (
    .clk_i,
    .rst_ni,
    .req_i    (cand),
    .advance_i(!on_q),
    .gnt_o    (gnt),
    .gnt_idx_o(sel)
  );
  assign pv = on_q ? onv_q : sel;
  for (genvar v = 0; v < NumVcs; v++) begin : g_pop
    assign pop[v] = on_q ? (32'(onv_q) == v && (fr_valid[v] || fr_drop[v])) : gnt[v];
  end
  logic [PhitW-1:0] ph;
  assign ph          = fr_phit[32'(pv)*PhitW +: PhitW];
  assign push_o      = |pop && fr_valid[pv];
  assign push_q_o    = QW'(fr_q[32'(pv)*PortW +: PortW]);
  assign push_w_o    = fr_w[32'(pv)*2 +: 2];
  assign push_phit_o = ph;
  assign push_age_o  = tick(age_q[pv], age_inc_i);
  assign on_d  = (|pop) ? (ph[PhitW-1 -: 2] != K_EOP) : on_q;
  assign onv_d = (|pop) ? pv : onv_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      on_q  <= 1'b0;
      onv_q <= '0;
    end else begin
      on_q  <= on_d;
      onv_q <= onv_d;
    end
  end

  logic unused_in;
  assign unused_in = ^{pcr_unused, cfg_bad_unused, rc_hash[nr_pkg::DATA_W-1:8], cfg_wdata_i,
                      node_id_i[LutBits-1:0]};

endmodule
