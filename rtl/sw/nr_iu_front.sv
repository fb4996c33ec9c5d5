// nr_iu_front.sv - the route registers and the fronts of nr_iu: per VC the
// route held until the packet's EOP leaves, and the front phit as it leaves,
// with the output VC in the head, the source-route rotation and the CRC
// repair (docs/nwn-arch.md sections 4.2-4.4; docs/yarc-arch.md sections 4.2,
// 4.3 "Source-route rotation"; docs/fbfly-routing.md section 5).
//
// Purpose: the output half of the input unit of every router port of the kit
//   (nr_iu), the route registers and fronts of the C model
//   (csrc/model/sw_iu.c: nr_iu_eval "§4.4 fronts", iu_outgoing, and the route
//   updates of nr_iu_commit). A route is registered in the RC cycle (from
//   nr_iu_rc and the caller's first hop) and cleared when its EOP pops. The
//   head leaves with the route's output VC w in its vc field, a
//   source-routed packet (r = 1) with its route phit rotated by one port
//   field, and the CRC-16 is repaired for both: the repair word starts at
//   upd22(0, head ^ head') when the head pops, takes upd22(fix, d ^ d_rot) at
//   the route phit and upd22(fix, 0) at every other BODY phit, and
//   upd6(fix, 0) is XORed into the CRC of the EOP. With w = v and no
//   rotation the word stays 0 and the packet leaves unchanged.
// Parameters:
//   NumVcs  1..4.
//   TgtW    width of the first-hop target, 1..6.
// Ports / protocol:
//   stg_cnt_vc_i, stg_ph0_vc_i: per VC the staged count and front phit
//     (nr_iu_stage). State only.
//   rc_now_vc_i, rc_drop_i, rc_q_i, rc_w_i, rc_tgt_i: the VC routed this
//     cycle (one-hot, nr_iu_rc), whether its route is a DROP, its output port
//     q, its output VC w and its first-hop target; registered at the end of
//     the cycle.
//   route_v_vc_o[v]: VC v holds a route (registered).
//   va_set_vc_i, va_w_vc_i: VC v won output VC w in VC allocation this cycle
//     (the baseline VC router, docs/nwn-arch.md 1.7): from the next cycle
//     its head leaves with vc field w. 0 elsewhere. With speculation the
//     head may pop in that cycle: the allocator's crossbar carries it with
//     vc field w, and the CRC repair word starts from w.
//   fr_valid_vc_o, fr_head_vc_o, fr_tgt_vc_o, fr_q_vc_o, fr_phit_vc_o,
//     fr_drop_vc_o, pop_vc_i: nr_iu's fronts and pops (valid: route held, not
//     DROP, staging non-empty; drop: route DROP, staging non-empty). A pop is
//     only for a VC with fr_valid or fr_drop (asserted); when the popped phit
//     is an EOP the route clears. Every fr_* output comes from registers.
// Latency: a route registered in t presents its front in t+1.
// Cost: flops NumVcs*(8 + 2 + TgtW + 2 + 1 + 16): the route (valid, DROP,
//   port q, output VC w), the first hop, the rotation position, the repair
//   flag and word; logic per VC: 2 CRC-16 updates (nr_crc16_upd over 22 and 6
//   bits), a 4-way phit mux.
`default_nettype none
`include "nr_assert.svh"

module nr_iu_front #(
  parameter int NumVcs  = 2,
  parameter int TgtW    = 3,
  localparam int PhitW  = nr_pkg::PHIT_W,
  localparam int PortW  = nr_pkg::ROUTE_PORT_W
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  // staging
  input  logic [NumVcs*3-1:0]     stg_cnt_vc_i,
  input  logic [NumVcs*PhitW-1:0] stg_ph0_vc_i,
  // the route registered this cycle
  input  logic [NumVcs-1:0]       rc_now_vc_i,
  input  logic                    rc_drop_i,
  input  logic [PortW-1:0]        rc_q_i,
  input  logic [1:0]              rc_w_i,
  input  logic [TgtW-1:0]         rc_tgt_i,
  output logic [NumVcs-1:0]       route_v_vc_o,
  input  logic [NumVcs-1:0]       va_set_vc_i,
  input  logic [NumVcs*2-1:0]     va_w_vc_i,
  // fronts
  output logic [NumVcs-1:0]       fr_valid_vc_o,
  output logic [NumVcs-1:0]       fr_head_vc_o,
  output logic [NumVcs*TgtW-1:0]  fr_tgt_vc_o,
  output logic [NumVcs*PortW-1:0] fr_q_vc_o,
  output logic [NumVcs*PhitW-1:0] fr_phit_vc_o,
  output logic [NumVcs-1:0]       fr_drop_vc_o,
  input  logic [NumVcs-1:0]       pop_vc_i
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_tgtw, TgtW >= 1 && TgtW <= 6)

  localparam int DataW = nr_pkg::DATA_W;
  localparam int CntW  = 3;
  localparam logic [1:0] K_BODY = 2'(nr_pkg::KIND_BODY);
  localparam logic [1:0] K_HEAD = 2'(nr_pkg::KIND_HEAD);
  localparam logic [1:0] K_EOP  = 2'(nr_pkg::KIND_EOP);

  // ---------------------------------------------------------------- state
  logic [NumVcs-1:0]       route_v_q, route_v_d, route_drop_q, route_drop_d;
  logic [NumVcs*PortW-1:0] route_q, route_d;
  logic [NumVcs*TgtW-1:0]  tgt_q, tgt_d;
  logic [NumVcs*2-1:0]     rot_q, rot_d;        // 2: head next, 1: route phit next
  logic [NumVcs*2-1:0]     w_q, w_d;            // the route's output VC
  logic [NumVcs-1:0]       fix_act_q, fix_act_d;
  logic [NumVcs*16-1:0]    fix_q, fix_d;

  assign route_v_vc_o = route_v_q;

  for (genvar v = 0; v < NumVcs; v++) begin : g_vc
    logic [PhitW-1:0] s0;
    logic [1:0]       k0;
    logic             hr, nempty;
    logic [PortW-1:0] rq;
    assign s0     = stg_ph0_vc_i[v*PhitW +: PhitW];
    assign k0     = s0[PhitW-1 -: 2];
    assign hr     = s0[nr_pkg::HEAD_R_BIT];
    assign nempty = stg_cnt_vc_i[v*CntW +: CntW] != '0;

    // fronts
    assign rq = route_q[v*PortW +: PortW];
    assign fr_valid_vc_o[v] = route_v_q[v] && !route_drop_q[v] && nempty;
    assign fr_drop_vc_o[v]  = route_v_q[v] && route_drop_q[v] && nempty;
    assign fr_head_vc_o[v]  = k0 == K_HEAD;
    assign fr_tgt_vc_o[v*TgtW +: TgtW] = tgt_q[v*TgtW +: TgtW];
    assign fr_q_vc_o[v*PortW +: PortW] = rq;

    // the head's VC, source-route rotation and CRC repair of the phit at
    // the front
    logic [DataW-1:0] d0, drot, dhead, dfix;
    logic [15:0]      fx, u22, u6;
    logic             rot_now, head_now, vas;
    logic [1:0]       wv, vaw;
    assign vas      = va_set_vc_i[v];
    assign vaw      = va_w_vc_i[v*2 +: 2];
    assign d0       = s0[DataW-1:0];
    assign drot     = {d0[DataW-PortW-1:0], d0[DataW-1 -: PortW]};
    assign wv       = w_q[v*2 +: 2];
    assign dhead    = {d0[DataW-1:nr_pkg::HEAD_VC_LSB+2], wv, d0[nr_pkg::HEAD_VC_LSB-1:0]};
    // the head as it leaves: a VA winner popped in the cycle it won
    // (speculation) leaves on the VC won
    assign dfix     = {d0[DataW-1:nr_pkg::HEAD_VC_LSB+2], vas ? vaw : wv,
                       d0[nr_pkg::HEAD_VC_LSB-1:0]};
    assign fx       = fix_q[v*16 +: 16];
    assign rot_now  = rot_q[v*2 +: 2] == 2'd1;
    assign head_now = k0 == K_HEAD;
    nr_crc16_upd #(.DataW(DataW)) u_fix22 (
      .crc_i (head_now ? 16'h0000 : fx),
      .data_i(head_now ? (d0 ^ dfix) : rot_now ? (d0 ^ drot) : '0),
      .crc_o (u22)
    );
    nr_crc16_upd #(.DataW(6)) u_fix6 (
      .crc_i (fx),
      .data_i(6'h00),
      .crc_o (u6)
    );
    logic [PhitW-1:0] ph_rot, ph_eop, ph_head, oph;
    assign ph_rot  = {s0[PhitW-1:DataW], drot};
    assign ph_eop  = {s0[PhitW-1:16], s0[15:0] ^ u6};
    assign ph_head = {s0[PhitW-1:DataW], dhead};
    assign oph     = head_now ? ph_head : rot_now ? ph_rot :
                     (k0 == K_EOP && fix_act_q[v]) ? ph_eop : s0;
    assign fr_phit_vc_o[v*PhitW +: PhitW] = oph;

    // next state of this VC's route (local variables, copied to the flat
    // vectors below)
    logic             rv_n, rdrop_n, fa_n, rv, rdrop, fa, popv, rcv, rcd;
    logic [PortW-1:0] rq_n, rcp;
    logic [TgtW-1:0]  tg, tg_n, rct;
    logic [1:0]       rot_n, rot, w_n;
    logic [15:0]      fx_n;
    assign rv    = route_v_q[v];
    assign rdrop = route_drop_q[v];
    assign fa    = fix_act_q[v];
    assign rot   = rot_q[v*2 +: 2];
    assign tg    = tgt_q[v*TgtW +: TgtW];
    assign popv  = pop_vc_i[v];
    assign rcv   = rc_now_vc_i[v];
    assign rcd   = rc_drop_i;
    assign rcp   = rc_q_i;
    assign rct   = rc_tgt_i;
    always_comb begin
      rv_n    = rv;
      rdrop_n = rdrop;
      rq_n    = rq;
      tg_n    = tg;
      rot_n   = rot;
      fa_n    = fa;
      fx_n    = fx;
      w_n     = wv;
      if (rcv) begin
        rv_n    = 1'b1;
        rdrop_n = rcd;
        rq_n    = rcp;
        tg_n    = rct;
        w_n     = rc_w_i;
        rot_n   = (hr && !rcd) ? 2'd2 : 2'd0;
      end
      if (vas) w_n = vaw;
      if (popv) begin
        if (rot != 2'd0) rot_n = rot - 2'd1;
        if (head_now || rot_now) begin
          // the head starts the repair word; a rotated route phit adds to it
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
    assign route_v_d[v]    = rv_n;
    assign route_drop_d[v] = rdrop_n;
    assign route_d[v*PortW +: PortW] = rq_n;
    assign tgt_d[v*TgtW +: TgtW] = tg_n;
    assign rot_d[v*2 +: 2] = rot_n;
    assign w_d[v*2 +: 2]   = w_n;
    assign fix_act_d[v]    = fa_n;
    assign fix_d[v*16 +: 16] = fx_n;

    `NR_ASSERT(a_pop_front, !pop_vc_i[v] || fr_valid_vc_o[v] || fr_drop_vc_o[v], clk_i, rst_ni)
    // VA rewrites a routed head (that has not left, without speculation:
    // nr_swalloc checks it)
    `NR_ASSERT(a_va_set, !va_set_vc_i[v] || (fr_valid_vc_o[v] && head_now && !rcv), clk_i, rst_ni)
  end

  // ---------------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      route_v_q    <= '0;
      route_drop_q <= '0;
      route_q      <= '0;
      tgt_q        <= '0;
      rot_q        <= '0;
      fix_act_q    <= '0;
    end else begin
      route_v_q    <= route_v_d;
      route_drop_q <= route_drop_d;
      route_q      <= route_d;
      tgt_q        <= tgt_d;
      rot_q        <= rot_d;
      fix_act_q    <= fix_act_d;
    end
  end

  // data: no reset
  always_ff @(posedge clk_i) begin
    fix_q <= fix_d;
    w_q   <= w_d;
  end

endmodule
