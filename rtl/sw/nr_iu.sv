// nr_iu.sv - input unit (IU) of a router port: input-queue reads, per-VC
// staging, one route-computation unit, route registers, and a per-VC front /
// pop interface (docs/nwn-arch.md section 4; docs/yarc-arch.md sections 4.1,
// 4.2, 4.3 "Source-route rotation", 5).
//
// Purpose: the front half of YARC's row-bus driver, shared by the YARC router
//   (nr_rbd adds the row bus, its credits and its send round robin) and the
//   network-within-a-network switches (the port's first subswitch allocates
//   the fronts, nr_swalloc). It reads the port's input queue into per-VC
//   staging FIFOs, routes one packet per cycle (nr_route_tables, the tables
//   and configuration registers of this port), registers the route together
//   with a first-hop target supplied from outside, and presents per VC the
//   front phit with the source-route rotation and CRC repair applied.
// Parameters:
//   NumPorts  router radix (nr_route_tables), power of two, 4..64.
//   NumVcs    1..4.
//   RdPorts   S_iu, input-queue reads per cycle, 1..2 (doc 4.1). 2 needs the
//             input queue's second read port (docs/link-protocol.md 8.4); with
//             1 the rd1_* ports are unused (rd1_en_o = 0).
//   TgtW      width of the first-hop target, 1..6.
//   UseScore  1: YARC adaptive scores from score_c_vc_i (yarc-arch 5 step 4);
//             0: every score 0 (nwn-arch 4.2). See nr_route_tables.
//   ScCols, ScCredW  shape of score_c_vc_i (YARC: Cols, row-buffer credit
//             width); ignored with UseScore = 0.
// Ports / protocol:
//   rd_avail_vc_i, rd_en_o, rd_vc_o, rd_valid_i, rd_phit_i, and the second read
//     port rd1_*: the input queue's read ports; a read issued in t returns on
//     the same port in t+1. Two reads in one cycle name different VCs.
//   cfg_we_i, cfg_addr_i, cfg_wdata_i, cfg_bad_o: this port's configuration
//     (nr_route_tables).
//   score_c_vc_i: adaptive scores, start of cycle (UseScore = 1).
//   rc_route_o, rc_vc_o, rc_q_o: in this cycle the RC unit routes VC rc_vc_o to
//     output port rc_q_o with no table drop (combinational); rc_head_o is its
//     head phit and rc_hash_o its hash phit's data (0 without h), for a first
//     hop that depends on them (docs/nwn-arch.md 4.3). The caller answers
//     in the same cycle with fh_tgt_i (registered with the route) and fh_drop_i
//     / fh_reason_i (a first-hop DROP, e.g. SELF or UPUP, counted like a table
//     drop). fh_* are ignored when rc_route_o = 0.
//   fr_valid_vc_o[v]: VC v presents a front: route held, not DROP, staging
//     non-empty. fr_head_vc_o, fr_tgt_vc_o, fr_q_vc_o (output port q, 6 b),
//     fr_phit_vc_o (with rotation / CRC repair) describe it. fr_phit_vc_o is
//     also the front of a dropping VC.
//   fr_drop_vc_o[v]: VC v is dropping (route DROP, staging non-empty).
//   pop_vc_i[v]: pop VC v's front (sent or dropped) at the end of this cycle.
//     Only for a VC with fr_valid or fr_drop (asserted); when the popped phit
//     is an EOP the route clears.
//   drop_o, drop_reason_o: event RT_DROP and its reason in the RC cycle (one RC
//     unit, so at most one per cycle). Reasons: 1 MALFORMED, 2 BAD_SRCROUTE,
//     3 NO_ROUTE, 4 SHORT, or the first hop's.
//   All outputs except rc_* / drop_* / rd*_en / rd*_vc come from registers;
//   those depend on registers and rd_avail_vc_i only.
// Reads (doc 4.1): VC v is a candidate when rd_avail[v] and stage_cnt[v] +
//   (a read for v issued in t-1) < 4; the first RdPorts candidates in
//   round-robin order from the read pointer are read (port 0 the first, port 1
//   the second), and the pointer moves past the last VC read.
// Route computation (yarc-arch 4.2): a VC is ready when it holds no route and
//   its staging front is a HEAD with its header staged, or a HEAD with an EOP
//   in a header position (SHORT), or not a HEAD at all (stray, MALFORMED;
//   consumed up to the next EOP). A round robin over the ready VCs, moving
//   past every winner, routes one per cycle.
// Latency: read issued t, staged at the end of t+1, RC in t+2 (registered),
//   front usable by the allocator in t+3.
// Staging storage: 4 phits per VC in flops, not a RAM leaf. The RC unit reads
//   the first three entries of the routed VC in the same cycle and the pop
//   path the front of every VC: a small multi-ported register file, which a
//   1r1w SRAM macro cannot provide.
// Cost: flops NumVcs*(4*24 + 3 + 9 + TgtW + 2 + 1 + 16) staging / route / CRC
//   fix, RdPorts*(1 + 2) read tracking, 2 RR pointers, the tables of
//   nr_route_tables; logic: one RC function and 2 CRC-16 updates per VC.
`include "nr_assert.svh"

module nr_iu #(
  parameter int NumPorts = 64,
  parameter int NumVcs   = 2,
  parameter int RdPorts  = 1,
  parameter int TgtW     = 3,
  parameter int UseScore = 1,
  parameter int ScCols   = 8,
  parameter int ScCredW  = 4,
  localparam int PhitW   = nr_pkg::PHIT_W,
  localparam int PortW   = nr_pkg::ROUTE_PORT_W,
  localparam int VcW     = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,
  input  logic [PortW-1:0]               port_id_i,
  // configuration
  input  logic                           cfg_we_i,
  input  logic [7:0]                     cfg_addr_i,
  input  logic [31:0]                    cfg_wdata_i,
  output logic                           cfg_bad_o,
  // input queue read ports
  input  logic [NumVcs-1:0]              rd_avail_vc_i,
  output logic                           rd_en_o,
  output logic [VcW-1:0]                 rd_vc_o,
  input  logic                           rd_valid_i,
  input  logic [PhitW-1:0]               rd_phit_i,
  output logic                           rd1_en_o,
  output logic [VcW-1:0]                 rd1_vc_o,
  input  logic                           rd1_valid_i,
  input  logic [PhitW-1:0]               rd1_phit_i,
  // adaptive scores (UseScore = 1)
  input  logic [ScCols*NumVcs*ScCredW-1:0] score_c_vc_i,
  // route decision and first hop
  output logic                           rc_route_o,
  output logic [VcW-1:0]                 rc_vc_o,
  output logic [PortW-1:0]               rc_q_o,
  output logic [PhitW-1:0]               rc_head_o,
  output logic [nr_pkg::DATA_W-1:0]      rc_hash_o,
  input  logic [TgtW-1:0]                fh_tgt_i,
  input  logic                           fh_drop_i,
  input  logic [2:0]                     fh_reason_i,
  // fronts
  output logic [NumVcs-1:0]              fr_valid_vc_o,
  output logic [NumVcs-1:0]              fr_head_vc_o,
  output logic [NumVcs*TgtW-1:0]         fr_tgt_vc_o,
  output logic [NumVcs*PortW-1:0]        fr_q_vc_o,
  output logic [NumVcs*PhitW-1:0]        fr_phit_vc_o,
  output logic [NumVcs-1:0]              fr_drop_vc_o,
  input  logic [NumVcs-1:0]              pop_vc_i,
  // events
  output logic                           drop_o,
  output logic [2:0]                     drop_reason_o
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_rdports, RdPorts >= 1 && RdPorts <= 2)
  `NR_PARAM_ASSERT(p_tgtw, TgtW >= 1 && TgtW <= 6)

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
  logic [NumVcs*TgtW-1:0]       tgt_q, tgt_d;
  logic [NumVcs*2-1:0]          rot_q, rot_d;        // 2: head next, 1: route phit next
  logic [NumVcs-1:0]            fix_act_q, fix_act_d;
  logic [NumVcs*16-1:0]         fix_q, fix_d;
  logic                         rd_pend_q, rd1_pend_q;
  logic [VcW-1:0]               rd_pend_vc_q, rd1_pend_vc_q;

  // ---------------------------------------------------------------- RC
  // One RC unit (doc 4.2): a round robin over the VCs that are ready to route
  // picks one per cycle; its pointer moves past every winner.
  logic [NumVcs*PhitW-1:0] ph0, ph1, ph2;
  logic [NumVcs-1:0]       rc_ready, rc_now, short, stray;
  logic [VcW-1:0]          rc_w;
  logic                    rc_any, rc_en, rc_drop, rc_dr, fh_dr, rc_dr_all;
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
  // a port was computed: the caller's first hop decides the rest
  assign rc_route_o = rc_any && !rc_dr;
  assign rc_vc_o    = rc_w;
  assign rc_q_o     = rc_port;
  // the hash phit follows the head, after the route phit when r = 1
  logic [PhitW-1:0] rc_h0, rc_h1, rc_h2;
  assign rc_h0     = ph0[32'(rc_w)*PhitW +: PhitW];
  assign rc_h1     = ph1[32'(rc_w)*PhitW +: PhitW];
  assign rc_h2     = ph2[32'(rc_w)*PhitW +: PhitW];
  assign rc_head_o = rc_h0;
  assign rc_hash_o = !rc_h0[nr_pkg::HEAD_H_BIT] ? '0 :
                     rc_h0[nr_pkg::HEAD_R_BIT] ? rc_h2[nr_pkg::DATA_W-1:0] : rc_h1[nr_pkg::DATA_W-1:0];
  logic unused_rch;
  assign unused_rch = ^{rc_h1[PhitW-1:nr_pkg::DATA_W], rc_h2[PhitW-1:nr_pkg::DATA_W]};
  assign fh_dr      = rc_route_o && fh_drop_i;
  assign rc_dr_all  = rc_dr || fh_dr;

  nr_route_tables #(
    .NumPorts(NumPorts),
    .Cols    (ScCols),
    .NumVcs  (NumVcs),
    .CredW   (ScCredW),
    .UseScore(UseScore)
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
    .cred_c_vc_i(score_c_vc_i),
    .rc_drop_o  (rc_drop),
    .rc_reason_o(rc_reason),
    .rc_port_o  (rc_port)
  );

  // ---------------------------------------------------------------- per VC
  logic [NumVcs-1:0] rd_cand, push, push0, push1;

  for (genvar v = 0; v < NumVcs; v++) begin : g_vc
    logic [CntW-1:0]  cnt;
    logic [PhitW-1:0] s0, s1, s2;
    logic [1:0]       k0, k1, k2;
    logic             hr, hh, complete, eop1, eop2, pend;
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
    // can cause it) is dropped as MALFORMED up to its EOP (yarc-arch 4.2).
    assign stray[v]  = k0 != K_HEAD;
    assign rc_ready[v] = !route_v_q[v] && cnt != '0 && (stray[v] || complete || short[v]);

    // fronts
    assign rq = route_q[v*PortW +: PortW];
    assign fr_valid_vc_o[v] = route_v_q[v] && !route_drop_q[v] && cnt != '0;
    assign fr_drop_vc_o[v]  = route_v_q[v] && route_drop_q[v] && cnt != '0;
    assign fr_head_vc_o[v]  = k0 == K_HEAD;
    assign fr_tgt_vc_o[v*TgtW +: TgtW] = tgt_q[v*TgtW +: TgtW];
    assign fr_q_vc_o[v*PortW +: PortW] = rq;

    // 4.1: read candidates (a read for v issued in t-1 on either port)
    assign pend = (rd_pend_q && 32'(rd_pend_vc_q) == v) || (rd1_pend_q && 32'(rd1_pend_vc_q) == v);
    assign rd_cand[v] = rd_avail_vc_i[v] && (32'(cnt) + 32'(pend)) < StgN;
    assign push0[v] = rd_valid_i && 32'(rd_pend_vc_q) == v;
    assign push1[v] = rd1_valid_i && 32'(rd1_pend_vc_q) == v;
    assign push[v]  = push0[v] || push1[v];

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
    assign fr_phit_vc_o[v*PhitW +: PhitW] = oph;

    // next state of this VC (local variables, copied to the flat vectors below)
    logic [StgN*PhitW-1:0] sv, sq;
    logic [CntW-1:0]       c1;
    logic                  rv_n, rdrop_n, fa_n, rv, rdrop, fa, popv, pushv, rcv, rcd;
    logic [PortW-1:0]      rq_n, rcp;
    logic [TgtW-1:0]       tg, tg_n, rct;
    logic [1:0]            rot_n, rot;
    logic [15:0]           fx_n;
    logic [PhitW-1:0]      pph;
    assign sq    = stg_q[v*StgN*PhitW +: StgN*PhitW];
    assign rv    = route_v_q[v];
    assign rdrop = route_drop_q[v];
    assign fa    = fix_act_q[v];
    assign rot   = rot_q[v*2 +: 2];
    assign tg    = tgt_q[v*TgtW +: TgtW];
    assign popv  = pop_vc_i[v];
    assign pushv = push[v];
    assign pph   = push1[v] ? rd1_phit_i : rd_phit_i;
    assign rcv   = rc_now[v];
    assign rcd   = rc_dr_all;
    assign rcp   = rc_port;
    assign rct   = fh_tgt_i;
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
          if (32'(c1) == i) sv[i*PhitW +: PhitW] = pph;
        end
        c1 = c1 + 1'b1;
      end
      // route
      rv_n    = rv;
      rdrop_n = rdrop;
      rq_n    = rq;
      tg_n    = tg;
      rot_n   = rot;
      fa_n    = fa;
      fx_n    = fx;
      if (rcv) begin
        rv_n    = 1'b1;
        rdrop_n = rcd;
        rq_n    = rcp;
        tg_n    = rct;
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
    assign tgt_d[v*TgtW +: TgtW] = tg_n;
    assign rot_d[v*2 +: 2] = rot_n;
    assign fix_act_d[v]    = fa_n;
    assign fix_d[v*16 +: 16] = fx_n;

    `NR_ASSERT(a_stg_ovf, !(push[v] && !pop_vc_i[v] && 32'(cnt) == StgN), clk_i, rst_ni)
    `NR_ASSERT(a_one_push, !(push0[v] && push1[v]), clk_i, rst_ni)
    `NR_ASSERT(a_pop_front, !pop_vc_i[v] || fr_valid_vc_o[v] || fr_drop_vc_o[v], clk_i, rst_ni)
    logic unused_vc;
    assign unused_vc = ^{k2, k1};
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

  // ---------------------------------------------------------------- events
  assign drop_o        = rc_any && rc_dr_all;
  assign drop_reason_o = !drop_o ? 3'd0 : rc_dr ? rc_rs : fh_reason_i;

  // ---------------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q         <= '0;
      route_v_q     <= '0;
      route_drop_q  <= '0;
      route_q       <= '0;
      tgt_q         <= '0;
      rot_q         <= '0;
      fix_act_q     <= '0;
      rd_pend_q     <= 1'b0;
      rd_pend_vc_q  <= '0;
      rd1_pend_q    <= 1'b0;
      rd1_pend_vc_q <= '0;
    end else begin
      cnt_q         <= cnt_d;
      route_v_q     <= route_v_d;
      route_drop_q  <= route_drop_d;
      route_q       <= route_d;
      tgt_q         <= tgt_d;
      rot_q         <= rot_d;
      fix_act_q     <= fix_act_d;
      rd_pend_q     <= rd_en_o;
      rd_pend_vc_q  <= rd_vc_o;
      rd1_pend_q    <= rd1_en_o;
      rd1_pend_vc_q <= rd1_vc_o;
    end
  end

  // data: no reset
  always_ff @(posedge clk_i) begin
    stg_q <= stg_d;
    fix_q <= fix_d;
  end

  `NR_ASSERT(a_rd_valid, rd_valid_i == rd_pend_q, clk_i, rst_ni)
  `NR_ASSERT(a_rd1_valid, rd1_valid_i == rd1_pend_q, clk_i, rst_ni)
  // the second read port's rule (docs/link-protocol.md 8.4): different VCs
  `NR_ASSERT(a_rd_two_vcs, !(rd_en_o && rd1_en_o && rd_vc_o == rd1_vc_o), clk_i, rst_ni)
  `NR_ASSERT(a_rd_order, !rd1_en_o || rd_en_o, clk_i, rst_ni)

  // Cover points (make coverage): every RT_DROP reason
  // (docs/yarc-arch.md section 5, docs/nwn-arch.md 4.3).
  `NR_COVER(c_drop_malformed,    drop_o && drop_reason_o == 3'd1, clk_i, rst_ni)
  `NR_COVER(c_drop_bad_srcroute, drop_o && drop_reason_o == 3'd2, clk_i, rst_ni)
  `NR_COVER(c_drop_no_route,     drop_o && drop_reason_o == 3'd3, clk_i, rst_ni)
  `NR_COVER(c_drop_short,        drop_o && drop_reason_o == 3'd4, clk_i, rst_ni)
  `NR_COVER(c_drop_self,         drop_o && drop_reason_o == 3'd5, clk_i, rst_ni)
  `NR_COVER(c_drop_upup,         drop_o && drop_reason_o == 3'd6, clk_i, rst_ni)

endmodule
