// nr_rbd.sv - YARC row-bus driver (RBD), one per input port
// (docs/yarc-arch.md section 4).
//
// Purpose: reads the port's input queue into per-VC staging FIFOs, computes
//   each packet's route (through nr_route_tables, which also holds the tile's
//   configuration registers), and drives the input's row bus one phit per
//   cycle, wormhole with per-(column, VC) credits for the row buffers. Packets
//   routed to DROP are consumed from staging and counted (RT_DROP). A source-
//   routed packet (r = 1) has its route phit rotated by 6 bits and its packet
//   CRC repaired on the fly.
// Parameters:
//   Rows, Cols    tile array, powers of two, 2..8 each. Output port q sits at
//                 row q / Cols, column q mod Cols.
//   NumVcs        1..4.
//   RowBufDepth   row-buffer depth per VC = initial credits per (column, VC),
//                 power of two, >= 2 (the top checks >= 2*RowBusLat).
// Ports / protocol:
//   rd_avail_vc_i, rd_en_o, rd_vc_o, rd_valid_i, rd_phit_i: the input queue's
//     read port (docs/link-protocol.md section 8.4): a read issued in cycle t
//     returns its phit on rd_valid_i/rd_phit_i in cycle t+1.
//   bus_*_o: the row bus, registered by the top (RowBusLat-1 stages, then the
//     row buffer's write). bus_valid_o, bus_col_o (target column c'), bus_row_o
//     (target row j = subswitch output), bus_vc_o, bus_phit_o. Combinational
//     from registers only.
//   bus_cr_c_vc_i: one credit for row buffer [this input] of column c, VC v
//     (flat index c*NumVcs+v); added at the end of the cycle, usable from the
//     next. The top delays the subswitch's pops by RowBusLat-1 cycles.
//   cfg_*: configuration write for this tile (nr_route_tables).
//   drop_o, drop_reason_o: event RT_DROP and its reason in the RC cycle (one
//     RC unit, so at most one per cycle).
// Route computation (doc 4.2): a VC is ready when it holds no route and its
//   staging front is a HEAD with its header staged, or a HEAD with an EOP in a
//   header position (SHORT), or not a HEAD at all (stray, MALFORMED; consumed
//   up to the next EOP). A round robin over the ready VCs, moving past every
//   winner, routes one per cycle.
// Latency: read issued t, staged at the end of t+1, RC in t+2 (registered),
//   head on the row bus in t+3: 3 cycles from the read to the bus.
// Staging storage: 4 phits per VC in flops, not a RAM leaf. The RC unit reads
//   the first three entries of the routed VC in the same cycle, and the send
//   path the front of any VC: a small multi-ported register file, which a
//   1r1w SRAM macro cannot provide.
// Cost: flops NumVcs*(4*24 + 3 + 9 + 2 + 1 + 16) staging/route/CRC-fix,
//   Cols*NumVcs*clog2(RowBufDepth+1) credits, 3 RR pointers, the tables of
//   nr_route_tables; logic: one RC function and 2 CRC-16 updates per VC.
`include "nr_assert.svh"

module nr_rbd #(
  parameter int Rows        = 8,
  parameter int Cols        = 8,
  parameter int NumVcs      = 2,
  parameter int RowBufDepth = 8,
  localparam int NumPorts   = Rows * Cols,
  localparam int PhitW      = nr_pkg::PHIT_W,
  localparam int PortW      = nr_pkg::ROUTE_PORT_W,
  localparam int VcW        = (NumVcs > 1) ? $clog2(NumVcs) : 1,
  localparam int ColW       = $clog2(Cols),
  localparam int RowW       = $clog2(Rows),
  localparam int CredW      = $clog2(RowBufDepth + 1)
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic [PortW-1:0]          port_id_i,
  // configuration
  input  logic                      cfg_we_i,
  input  logic [7:0]                cfg_addr_i,
  input  logic [31:0]               cfg_wdata_i,
  output logic                      cfg_bad_o,
  // input queue read port
  input  logic [NumVcs-1:0]         rd_avail_vc_i,
  output logic                      rd_en_o,
  output logic [VcW-1:0]            rd_vc_o,
  input  logic                      rd_valid_i,
  input  logic [PhitW-1:0]          rd_phit_i,
  // row bus
  output logic                      bus_valid_o,
  output logic [ColW-1:0]           bus_col_o,
  output logic [RowW-1:0]           bus_row_o,
  output logic [VcW-1:0]            bus_vc_o,
  output logic [PhitW-1:0]          bus_phit_o,
  input  logic [Cols*NumVcs-1:0]    bus_cr_c_vc_i,
  // events
  output logic                      drop_o,
  output logic [2:0]                drop_reason_o
);

  `NR_PARAM_ASSERT(p_rows, Rows >= 2 && Rows <= 8 && (Rows & (Rows - 1)) == 0)
  `NR_PARAM_ASSERT(p_cols, Cols >= 2 && Cols <= 8 && (Cols & (Cols - 1)) == 0)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_rowbuf, RowBufDepth >= 2 && (RowBufDepth & (RowBufDepth - 1)) == 0)

  localparam int DataW = nr_pkg::DATA_W;
  localparam int StgN  = 4;               // staging phits per VC (doc 4.1)
  localparam int CntW  = 3;               // 0..4
  localparam logic [1:0] K_BODY = 2'(nr_pkg::KIND_BODY);
  localparam logic [1:0] K_HEAD = 2'(nr_pkg::KIND_HEAD);
  localparam logic [1:0] K_EOP  = 2'(nr_pkg::KIND_EOP);
  localparam logic [2:0] REASON_MALFORMED = 3'd1;
  localparam logic [2:0] REASON_SHORT     = 3'd4;

  // ---------------------------------------------------------------- state
  logic [NumVcs*StgN*PhitW-1:0] stg_q, stg_d;
  logic [NumVcs*CntW-1:0]       cnt_q, cnt_d;
  logic [NumVcs-1:0]            route_v_q, route_v_d, route_drop_q, route_drop_d;
  logic [NumVcs*PortW-1:0]      route_q, route_d;
  logic [NumVcs*2-1:0]          rot_q, rot_d;        // 2: head next, 1: route phit next
  logic [NumVcs-1:0]            fix_act_q, fix_act_d;
  logic [NumVcs*16-1:0]         fix_q, fix_d;
  logic                         rd_pend_q;
  logic [VcW-1:0]               rd_pend_vc_q;
  logic [Cols*NumVcs*CredW-1:0] cred_q;

  // ---------------------------------------------------------------- RC
  // One RC unit per tile (doc 4.2): a round robin over the VCs that are
  // ready to route picks one per cycle; its pointer moves past every winner.
  logic [NumVcs*PhitW-1:0] ph0, ph1, ph2;
  logic [NumVcs-1:0]       rc_ready, rc_now, short, stray;
  logic [VcW-1:0]          rc_w;
  logic                    rc_any, rc_en, rc_drop, rc_dr;
  logic [2:0]              rc_reason, rc_rs;
  logic [PortW-1:0]        rc_port;

  nr_arb_rr #(.N(NumVcs)) u_rc_arb (
    .clk_i,
    .rst_ni,
    .req_i    (rc_ready),
    .advance_i(1'b1),
    .gnt_o    (rc_now),
    .gnt_idx_o(rc_w)
  );
  assign rc_any = |rc_ready;
  // the winner's view: stray front (MALFORMED), SHORT, or the RC function
  assign rc_en = rc_any && !stray[rc_w] && !short[rc_w];
  assign rc_dr = stray[rc_w] || short[rc_w] || rc_drop;
  assign rc_rs = stray[rc_w] ? REASON_MALFORMED : short[rc_w] ? REASON_SHORT : rc_reason;

  nr_route_tables #(
    .NumPorts(NumPorts),
    .Cols    (Cols),
    .NumVcs  (NumVcs),
    .CredW   (CredW)
  ) u_rt (
    .clk_i,
    .rst_ni,
    .cfg_we_i,
    .cfg_addr_i,
    .cfg_wdata_i,
    .cfg_bad_o,
    .port_id_i,
    .rc_en_i    (rc_en),
    .rc_vc_i    (rc_w),
    .rc_ph0_i   (ph0[32'(rc_w)*PhitW +: PhitW]),
    .rc_ph1_i   (ph1[32'(rc_w)*PhitW +: PhitW]),
    .rc_ph2_i   (ph2[32'(rc_w)*PhitW +: PhitW]),
    .cred_c_vc_i(cred_q),
    .rc_drop_o  (rc_drop),
    .rc_reason_o(rc_reason),
    .rc_port_o  (rc_port)
  );

  // ---------------------------------------------------------------- per VC
  logic [NumVcs-1:0] elig, pop, is_eop_v, rd_cand, push;
  logic [NumVcs*PhitW-1:0] out_ph;

  for (genvar v = 0; v < NumVcs; v++) begin : g_vc
    logic [CntW-1:0]  cnt;
    logic [PhitW-1:0] s0, s1, s2;
    logic [1:0]       k0, k1, k2;
    logic             hr, hh, complete, eop1, eop2;
    logic [PortW-1:0] rq;
    assign cnt = cnt_q[v*CntW +: CntW];
    assign s0  = stg_q[(v*StgN+0)*PhitW +: PhitW];
    assign s1  = stg_q[(v*StgN+1)*PhitW +: PhitW];
    assign s2  = stg_q[(v*StgN+2)*PhitW +: PhitW];
    assign k0  = s0[PhitW-1 -: 2];
    assign k1  = s1[PhitW-1 -: 2];
    assign k2  = s2[PhitW-1 -: 2];
    assign hr  = s0[nr_pkg::HEAD_R_BIT];
    assign hh  = s0[nr_pkg::HEAD_H_BIT];
    assign ph0[v*PhitW +: PhitW] = s0;
    assign ph1[v*PhitW +: PhitW] = s1;
    assign ph2[v*PhitW +: PhitW] = s2;

    // 4.2: routed when the front is a HEAD and its header phits are staged;
    // an EOP among the header positions 1 .. r+h makes it SHORT.
    assign complete = 32'(cnt) >= 1 + 32'(hr) + 32'(hh);
    assign eop1     = (hr || hh) && cnt >= 3'd2 && k1 == K_EOP;
    assign eop2     = (hr && hh) && cnt >= 3'd3 && k2 == K_EOP;
    assign short[v] = k0 == K_HEAD && (eop1 || eop2);
    // A front that is not a HEAD while no route is held (only a bare sender
    // can cause it) is dropped as MALFORMED up to its EOP (doc 4.2).
    assign stray[v]  = k0 != K_HEAD;
    assign rc_ready[v] = !route_v_q[v] && cnt != '0 && (stray[v] || complete || short[v]);

    // 4.3: eligible to pop (send needs a credit for the target column)
    assign rq = route_q[v*PortW +: PortW];
    logic [CredW-1:0] cr;
    assign cr = cred_q[(32'(rq[ColW-1:0]) * NumVcs + v) * CredW +: CredW];
    assign elig[v] = route_v_q[v] && cnt != '0 && (route_drop_q[v] || cr != '0);
    assign is_eop_v[v] = k0 == K_EOP;

    // 4.1: read candidates
    assign rd_cand[v] = rd_avail_vc_i[v] &&
        (32'(cnt) + 32'(rd_pend_q && 32'(rd_pend_vc_q) == v)) < StgN;
    assign push[v] = rd_valid_i && 32'(rd_pend_vc_q) == v;

    // source-route rotation and CRC repair of the phit at the front
    logic [DataW-1:0] d0, drot;
    logic [15:0]      fx, u22, u6;
    logic             rot_now;
    assign d0      = s0[DataW-1:0];
    assign drot    = {d0[DataW-PortW-1:0], d0[DataW-1 -: PortW]};
    assign fx      = fix_q[v*16 +: 16];
    assign rot_now = rot_q[v*2 +: 2] == 2'd1;
    nr_crc16_upd #(.DataW(DataW)) u_fix22 (
      .crc_i (rot_now ? 16'h0000 : fx),
      .data_i(rot_now ? (d0 ^ drot) : '0),
      .crc_o (u22)
    );
    nr_crc16_upd #(.DataW(6)) u_fix6 (
      .crc_i (fx),
      .data_i(6'h00),
      .crc_o (u6)
    );
    logic [PhitW-1:0] ph_rot, ph_eop, oph;
    assign ph_rot = {s0[PhitW-1:DataW], drot};
    assign ph_eop = {s0[PhitW-1:16], s0[15:0] ^ u6};
    assign oph    = rot_now ? ph_rot : (k0 == K_EOP && fix_act_q[v]) ? ph_eop : s0;
    assign out_ph[v*PhitW +: PhitW] = oph;

    // next state of this VC (local variables, copied to the flat vectors below)
    logic [StgN*PhitW-1:0] sv, sq;
    logic [CntW-1:0]       c1;
    logic                  rv_n, rdrop_n, fa_n, rv, rdrop, fa, popv, pushv, rcv, rcd;
    logic [PortW-1:0]      rq_n, rcp;
    logic [1:0]            rot_n, rot;
    logic [15:0]           fx_n;
    assign sq    = stg_q[v*StgN*PhitW +: StgN*PhitW];
    assign rv    = route_v_q[v];
    assign rdrop = route_drop_q[v];
    assign fa    = fix_act_q[v];
    assign rot   = rot_q[v*2 +: 2];
    assign popv  = pop[v];
    assign pushv = push[v];
    assign rcv   = rc_now[v];
    assign rcd   = rc_dr;
    assign rcp   = rc_port;
    always_comb begin
      // staging: pop shifts down, push appends
      sv = sq;
      c1 = cnt;
      if (popv) begin
        sv = sv >> PhitW;
        c1 = cnt - 1'b1;
      end
      if (pushv) begin
        for (int i = 0; i < StgN; i++) begin
          if (32'(c1) == i) sv[i*PhitW +: PhitW] = rd_phit_i;
        end
        c1 = c1 + 1'b1;
      end
      // route
      rv_n    = rv;
      rdrop_n = rdrop;
      rq_n    = rq;
      rot_n   = rot;
      fa_n    = fa;
      fx_n    = fx;
      if (rcv) begin
        rv_n    = 1'b1;
        rdrop_n = rcd;
        rq_n    = rcp;
        rot_n   = (hr && !rcd) ? 2'd2 : 2'd0;
      end
      if (popv) begin
        if (rot != 2'd0) rot_n = rot - 2'd1;
        if (rot_now) begin
          fa_n = 1'b1;
          fx_n = u22;
        end else if (fa && k0 == K_BODY) begin
          fx_n = u22;
        end
        if (k0 == K_EOP) begin
          rv_n = 1'b0;
          fa_n = 1'b0;
        end
      end
    end
    assign stg_d[v*StgN*PhitW +: StgN*PhitW] = sv;
    assign cnt_d[v*CntW +: CntW] = c1;
    assign route_v_d[v]    = rv_n;
    assign route_drop_d[v] = rdrop_n;
    assign route_d[v*PortW +: PortW] = rq_n;
    assign rot_d[v*2 +: 2] = rot_n;
    assign fix_act_d[v]    = fa_n;
    assign fix_d[v*16 +: 16] = fx_n;

    `NR_ASSERT(a_stg_ovf, !(push[v] && !pop[v] && 32'(cnt) == StgN), clk_i, rst_ni)
    logic unused_vc;
    assign unused_vc = ^{k2, k1};
  end

  // ---------------------------------------------------------------- arbiters
  // Send/drop round robin over VCs: the pointer moves past the winner only
  // when the winner pops its EOP (doc 4.3).
  logic             tx_any;
  logic [VcW-1:0]   tx_w;
  logic [NumVcs-1:0] tx_gnt;
  nr_arb_rr #(.N(NumVcs)) u_tx_arb (
    .clk_i,
    .rst_ni,
    .req_i    (elig),
    .advance_i(|(tx_gnt & is_eop_v)),
    .gnt_o    (tx_gnt),
    .gnt_idx_o(tx_w)
  );
  assign tx_any = |elig;
  assign pop = tx_gnt;

  // Read round robin over VCs: the pointer moves past every issued read.
  logic             rd_any;
  logic [VcW-1:0]   rd_w;
  logic [NumVcs-1:0] rd_gnt;
  nr_arb_rr #(.N(NumVcs)) u_rd_arb (
    .clk_i,
    .rst_ni,
    .req_i    (rd_cand),
    .advance_i(1'b1),
    .gnt_o    (rd_gnt),
    .gnt_idx_o(rd_w)
  );
  assign rd_any = |rd_cand;
  assign rd_en_o = rd_any;
  assign rd_vc_o = rd_w;

  // ---------------------------------------------------------------- row bus
  logic [PortW-1:0] wq;
  assign wq          = route_q[32'(tx_w)*PortW +: PortW];
  assign bus_valid_o = tx_any && !route_drop_q[tx_w];
  assign bus_col_o   = wq[ColW-1:0];
  assign bus_row_o   = RowW'(wq >> ColW);
  assign bus_vc_o    = tx_w;
  assign bus_phit_o  = out_ph[32'(tx_w)*PhitW +: PhitW];

  // ---------------------------------------------------------------- credits
  for (genvar c = 0; c < Cols; c++) begin : g_cr
    logic [NumVcs-1:0] dec;
    for (genvar v = 0; v < NumVcs; v++) begin : g_dec
      assign dec[v] = bus_valid_o && 32'(bus_col_o) == c && 32'(tx_w) == v;
    end
    nr_credit_cnt #(
      .NumVcs    (NumVcs),
      .MaxCredits(RowBufDepth),
      .IncW      (1)
    ) u_cred (
      .clk_i,
      .rst_ni,
      .dec_i  (dec),
      .inc_i  (bus_cr_c_vc_i[c*NumVcs +: NumVcs]),
      .count_o(cred_q[c*NumVcs*CredW +: NumVcs*CredW]),
      .full_o (full_unused)
    );
    logic [NumVcs-1:0] full_unused;
    logic unused_full;
    assign unused_full = ^full_unused;
  end

  // ---------------------------------------------------------------- events
  assign drop_o        = rc_any && rc_dr;
  assign drop_reason_o = drop_o ? rc_rs : 3'd0;
  logic unused_rd_gnt;
  assign unused_rd_gnt = ^rd_gnt;

  // ---------------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q        <= '0;
      route_v_q    <= '0;
      route_drop_q <= '0;
      route_q      <= '0;
      rot_q        <= '0;
      fix_act_q    <= '0;
      rd_pend_q    <= 1'b0;
      rd_pend_vc_q <= '0;
    end else begin
      cnt_q        <= cnt_d;
      route_v_q    <= route_v_d;
      route_drop_q <= route_drop_d;
      route_q      <= route_d;
      rot_q        <= rot_d;
      fix_act_q    <= fix_act_d;
      rd_pend_q    <= rd_en_o;
      rd_pend_vc_q <= rd_vc_o;
    end
  end

  // data: no reset
  always_ff @(posedge clk_i) begin
    stg_q <= stg_d;
    fix_q <= fix_d;
  end

  `NR_ASSERT(a_rd_valid, rd_valid_i == rd_pend_q, clk_i, rst_ni)

endmodule
