// nr_route_lookup.sv - the route computation (RC) function of
// nr_route_tables: a packet's header against the routing tables, to a
// physical output port or a DROP (docs/yarc-arch.md section 5; docs/nwn-arch.md
// section 4.2).
//
// Purpose: the lookup half of the routing tables of every router port of the
//   kit (nr_route_tables, in nr_iu's RC unit), the C model's nr_route_lookup
//   (csrc/model/sw_route.c). The steps of doc section 5: a malformed head
//   (VC >= NumVcs or reserved bits set) is dropped; a source route (r) takes
//   its logical port from the route phit; a destination under this root
//   (dest & ROOT_MASK == ROOT_DETECT) goes down through DLUT[dest >>
//   DOWN_SHIFT] (with DL_VC set, the entry's v is the output VC's bit 0
//   when that VC exists; with DOR_CTRL on, step 3d, the entry is computed
//   from the coordinates of FB_ME and dest instead); else (SideTab) the first valid side entry matching
//   dest names the up candidates, logical ports base .. base + cnt - 1, in
//   place of UP_MASK's and, hashed, base + fold mod cnt in place of the ULUT
//   (step 3a); else up: adaptively (a, and the head's VC not set in
//   DET_VCS) to the UP_MASK candidate with the
//   highest score, ties to the first at or after the adaptive pointer (with
//   UP_SEL bit 0, step 4s: the candidates' columns, the one of least
//   occupancy level, ties by round robin or nr_arb_matrix, then its first
//   candidate at or after the pointer), or
//   deterministically through ULUT[fold of {dest ^ p ^ hash}] (with
//   UpPick = 2 the adaptive choice is step 4', greedy_r(2): two candidates
//   drawn from nr_route_fb's generator, the one of the smaller channel
//   estimate, nr_route_fbq); then the
//   logical port is remapped to a physical one through L2P. With the
//   flattened-butterfly mode on (FB_CTRL.alg, docs/fbfly-routing.md 3) the
//   steps 3-5 of a packet without r are nr_route_fb's logical port and
//   output VC instead; every other route keeps the head's VC.
// Parameters:
//   NumPorts  router radix Rows*Cols, power of two, 4..64.
//   Cols      tile columns, power of two, 2..8 (column of a port = port mod Cols,
//             for the adaptive scores; any value when UseScore = 0).
//   NumVcs    1..4.
//   CredW     width of the RBD credit counts used as adaptive scores, 1..8.
//   UseScore  1: YARC's adaptive score (cred_c_vc_i of the candidate's
//             column, docs/yarc-arch.md section 5 step 4); 0: every score is
//             0 (docs/nwn-arch.md section 4.2), so the adaptive choice is the
//             first candidate at or after the pointer (branch g_noscore: no
//             score logic; cred_c_vc_i, Cols, CredW and up_sel_i are then
//             unused). CredW = log2(RowBufDepth) + 1 (step 4s's occupancy).
//   SideTab   1: step 3a, the side table (side_*_i); 0: no side logic.
//   UpPick    0: step 4 (or 4s); 2: step 4', greedy_r(2) (fbr_i, pcr_p_v_i,
//             g2_adv_o; unused with 0).
//   InBufPerVc  credits per (output port, VC): CW of pcr_p_v_i (UpPick = 2).
// Ports / protocol:
//   root_mask_i ... l2p_i, side_match_i, side_ports_i, dor_ctrl_i, fb_me_i
//             the registers and tables (nr_route_cfg).
//   port_id_i, rc_vc_i, rc_ph{0,1,2}_i, cred_c_vc_i, rc_en_i, rc_drop_o,
//   rc_reason_o, rc_port_o             as nr_route_tables': the packet routed
//             this cycle (its VC and first three staged phits), the adaptive
//             scores, and its DROP and reason (1 MALFORMED, 2 BAD_SRCROUTE,
//             3 NO_ROUTE) or output port q, combinational; rc_en_i commits an
//             adaptive choice (the pointer moves past the chosen logical port).
//   rc_w_o                             the output VC (the head's vc field
//             unless the flattened-butterfly mode or DL_VC chose another).
//   fb_on_i, fb_drop_i, fb_l_i, fb_w_i  nr_route_fb's result for this head;
//   fb_en_o                            ... which routes it this cycle (rc_en_i,
//             well formed, r = 0, mode on): its draw is committed.
//   fbr_i, pcr_p_v_i, g2_adv_o         step 4': the generator's value, every
//             output port's clamped credits (start of cycle), and a draw
//             made by this cycle's routed packet (m >= 2 candidates).
// Latency: 0 (combinational); the adaptive pointer and step 4s's arbiters
//   update at the clock edge.
// Cost: a log2(NumPorts) pointer. Logic: one NumPorts-way nr_max_pick (score
//   compare over CredW bits, or a plain priority scan with UseScore = 0), one
//   DLUT, ULUT and L2P read mux, a 22-bit XOR fold; with SideTab, eight
//   15-bit masked compares, a first-match priority, a NumPorts-bit range mask
//   and a log2(NumPorts)-bit by 7-bit modulo; with UpPick = 2, a NumPorts-bit
//   population count, three 8-bit by 7-bit modulos, two NumPorts-way
//   i-th-candidate scans and two nr_route_fbq estimates with their compare;
//   step 3d: seven digit pairs taken by variable shifts, compared, and a
//   priority to the lowest.
`default_nettype none
`include "nr_assert.svh"

module nr_route_lookup #(
  parameter int NumPorts = 64,
  parameter int Cols     = 8,
  parameter int NumVcs   = 2,
  parameter int CredW    = 4,
  parameter int UseScore = 1,
  parameter int SideTab  = 0,
  parameter int UpPick   = 0,
  parameter int InBufPerVc = 128,
  localparam int NSide   = nr_pkg::ROUTE_SIDE_N,
  localparam int CW      = $clog2(InBufPerVc + 1),
  localparam int PhitW   = nr_pkg::PHIT_W,
  localparam int DestW   = nr_pkg::HEAD_DEST_W,
  localparam int PortW   = nr_pkg::ROUTE_PORT_W,
  localparam int EntW    = PortW + 1,
  localparam int LogP    = $clog2(NumPorts),
  localparam int VcW     = nr_pkg::idx_w(NumVcs),
  localparam int FbLW    = 11
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  // registers and tables (nr_route_cfg)
  input  logic [DestW-1:0]              root_mask_i,
  input  logic [DestW-1:0]              root_detect_i,
  input  logic [3:0]                    down_shift_i,
  input  logic [NumPorts-1:0]           up_mask_i,
  input  logic [3:0]                    det_vcs_i,
  input  logic                          dl_vc_i,
  input  logic [NumPorts-1:0]           dlut_v_i,
  input  logic [2:0]                    up_sel_i,
  input  logic [10:0]                   dor_ctrl_i,
  input  logic [DestW-1:0]              fb_me_i,
  input  logic [NumPorts*EntW-1:0]      dlut_i,
  input  logic [NumPorts*EntW-1:0]      ulut_i,
  input  logic [NumPorts*EntW-1:0]      l2p_i,
  input  logic [NSide*30-1:0]           side_match_i,
  input  logic [NSide*13-1:0]           side_ports_i,
  // route computation
  input  logic [PortW-1:0]              port_id_i,
  input  logic                          rc_en_i,
  input  logic [VcW-1:0]                rc_vc_i,
  input  logic [PhitW-1:0]              rc_ph0_i,
  input  logic [PhitW-1:0]              rc_ph1_i,
  input  logic [PhitW-1:0]              rc_ph2_i,
  input  logic [Cols*NumVcs*CredW-1:0]  cred_c_vc_i,
  output logic                          rc_drop_o,
  output logic [2:0]                    rc_reason_o,
  output logic [PortW-1:0]              rc_port_o,
  output logic [1:0]                    rc_w_o,
  // flattened-butterfly mode (nr_route_fb)
  input  logic                          fb_on_i,
  input  logic                          fb_drop_i,
  input  logic [FbLW-1:0]               fb_l_i,
  input  logic [1:0]                    fb_w_i,
  output logic                          fb_en_o,
  // greedy_r(2) (UpPick = 2)
  input  logic [15:0]                   fbr_i,
  input  logic [NumPorts*NumVcs*CW-1:0] pcr_p_v_i,
  output logic                          g2_adv_o
);

  `NR_PARAM_ASSERT(p_numports, NumPorts >= 4 && NumPorts <= 64 && (NumPorts & (NumPorts - 1)) == 0)
  `NR_PARAM_ASSERT(p_cols, UseScore == 0 ||
                   (Cols >= 2 && Cols <= 8 && (Cols & (Cols - 1)) == 0 && Cols <= NumPorts))
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_credw, CredW >= 1 && CredW <= 8)
  `NR_PARAM_ASSERT(p_usescore, UseScore == 0 || UseScore == 1)
  `NR_PARAM_ASSERT(p_sidetab, SideTab == 0 || SideTab == 1)
  `NR_PARAM_ASSERT(p_uppick, UpPick == 0 || UpPick == 2)

  localparam int DataW = nr_pkg::DATA_W;
  localparam int REASON_MALFORMED = 1;
  localparam int REASON_BAD_SRCROUTE = 2;
  localparam int REASON_NO_ROUTE = 3;

  logic [LogP-1:0] aptr_q, aptr_d;   // the adaptive pointer (step 4)

  // Per logical port: adaptive candidate (UP_MASK, or a matching side
  // entry's ports, and a valid L2P entry).
  logic [NumPorts-1:0] acand, upm;
  for (genvar l = 0; l < NumPorts; l++) begin : g_cand
    logic [EntW-1:0] e;
    assign e = l2p_i[l*EntW +: EntW];
    assign acand[l] = upm[l] && e[EntW-1];
  end

  // ---- header fields of the packet being routed
  logic [PhitW-1:0] hd, hph;
  logic [DestW-1:0] dest;
  logic [nr_pkg::HEAD_VC_W-1:0] hvc;
  logic [nr_pkg::HEAD_RSVD_W-1:0] hrsvd;
  logic hr, ha, hh, up_a;
  logic [PortW-1:0] srcl;
  assign hd    = rc_ph0_i;
  assign dest  = hd[nr_pkg::HEAD_DEST_LSB +: DestW];
  assign hvc   = hd[nr_pkg::HEAD_VC_LSB +: nr_pkg::HEAD_VC_W];
  assign hrsvd = hd[nr_pkg::HEAD_RSVD_LSB +: nr_pkg::HEAD_RSVD_W];
  assign hr    = hd[nr_pkg::HEAD_R_BIT];
  assign ha    = hd[nr_pkg::HEAD_A_BIT];
  assign hh    = hd[nr_pkg::HEAD_H_BIT];
  // DET_VCS: a packet of a deterministic VC goes up by the hashed ULUT
  // whatever its a bit
  assign up_a  = ha && !det_vcs_i[hvc];
  assign hph   = hr ? rc_ph2_i : rc_ph1_i;
  assign srcl  = rc_ph1_i[DataW - PortW +: PortW];

  // ---- down index
  logic [DestW-1:0] dsh;
  logic [LogP-1:0]  didx;
  assign dsh  = dest >> down_shift_i;
  assign didx = dsh[LogP-1:0];
  logic unused_dsh;
  assign unused_dsh = ^dsh[DestW-1:LogP];

  // ---- step 3d, DOR_CTRL (bit 0 on, 1 wrap, 4:2 dims, 7:5 kbits, 10:8
  // cbits): the down entry from the coordinates. Digit j of router FB_ME
  // and of node dest >> cbits; the lowest differing j leaves by C + 2j (+)
  // or C + 2j + 1 (-), + when ahead (wrap: at most K/2 forward); v set
  // when the rest of j's route stays off its dateline; none: port dest mod
  // C, v = 1. A port above 63 is an invalid entry.
  logic        dor_on, dor_wrap, dor_v, dor_plus;
  logic [2:0]  dor_dims, dor_kb, dor_cb;
  logic [7:0]  dor_l;
  logic [31:0] dor_km, dor_node, dor_x, dor_y, dor_c;
  assign dor_on   = dor_ctrl_i[0];
  assign dor_wrap = dor_ctrl_i[1];
  assign dor_dims = dor_ctrl_i[4:2];
  assign dor_kb   = dor_ctrl_i[7:5];
  assign dor_cb   = dor_ctrl_i[10:8];
  assign dor_km   = (32'd1 << dor_kb) - 32'd1;
  assign dor_c    = 32'd1 << dor_cb;
  assign dor_node = 32'(dest) >> dor_cb;
  always_comb begin
    dor_l    = 8'(32'(dest) & (dor_c - 32'd1));
    dor_v    = 1'b1;
    dor_x    = '0;
    dor_y    = '0;
    dor_plus = 1'b0;
    for (int j = 6; j >= 0; j--) begin
      dor_x = (32'(fb_me_i) >> (j * 32'(dor_kb))) & dor_km;
      dor_y = (dor_node >> (j * 32'(dor_kb))) & dor_km;
      if (32'(j) < 32'(dor_dims) && dor_x != dor_y) begin
        dor_plus = dor_wrap ? (((dor_y - dor_x) & dor_km) <= ((dor_km + 32'd1) >> 1))
                                 : (dor_y > dor_x);
        dor_l    = 8'(dor_c + 32'(2 * j) + (dor_plus ? 32'd0 : 32'd1));
        dor_v    = dor_plus ? (dor_y > dor_x) : (dor_y < dor_x);
      end
    end
  end

  // ---- step 3a, the side table: the first valid entry whose masked dest
  // matches (bits 14:0 match, 29:15 mask; ports: bit 12 valid, 11:6 cnt - 1,
  // 5:0 base)
  logic            side;
  logic [5:0]      sbase;
  logic [6:0]      scnt, smod;
  assign smod = 7'(fold) % scnt;
  if (SideTab != 0) begin : g_side
    always_comb begin
      side  = 1'b0;
      sbase = '0;
      scnt  = 7'd1;
      for (int e = NSide - 1; e >= 0; e--) begin
        if (side_ports_i[e*13 + 12] &&
            (dest & side_match_i[e*30 + 15 +: 15]) == side_match_i[e*30 +: 15]) begin
          side  = 1'b1;
          sbase = side_ports_i[e*13 +: 6];
          scnt  = 7'(side_ports_i[e*13 + 6 +: 6]) + 7'd1;
        end
      end
    end
    // base <= l < base + cnt, as (l - base) mod 256 < cnt (cnt <= 64)
    for (genvar l = 0; l < NumPorts; l++) begin : g_upm
      logic [7:0] off;
      assign off    = 8'(l) - 8'(sbase);
      assign upm[l] = side ? (off < 8'(scnt)) : up_mask_i[l];
    end
  end else begin : g_noside
    assign side  = 1'b0;
    assign sbase = '0;
    assign scnt  = 7'd1;
    assign upm   = up_mask_i;
    logic unused_side;
    assign unused_side = ^{side_match_i, side_ports_i};
  end

  // ---- deterministic up: fold the 22-bit key into LogP bits
  logic [DataW-1:0] key;
  logic [LogP-1:0]  fold;
  assign key = DataW'(dest) ^ DataW'(port_id_i) ^ (hh ? hph[DataW-1:0] : '0);
  always_comb begin
    fold = '0;
    for (int b = 0; b < DataW; b++) fold[b % LogP] = fold[b % LogP] ^ key[b];
  end

  // ---- adaptive: highest score, ties to the first at or after the pointer
  // (nr_max_pick).
  // The score of candidate l is cred[column of L2P[l]][VC of the packet]; the
  // packet sits in the input queue of its head's VC (vc < NumVcs, or it is
  // MALFORMED and the score is not used), which is rc_vc_i.
  logic [NumPorts*CredW-1:0] score;
  logic [CredW-1:0] maxs;
  logic             any;
  logic [LogP-1:0]  best_l;
  // Step 4s (UP_SEL bit 0): the candidates' columns (the 64-bit mask ORed
  // into a column mask), the column of least occupancy level (the top 1 or
  // 2 bits of RowBufDepth - credits), ties by round robin or the matrix
  // arbiter (bit 2), then the first candidate in it at or after the pointer.
  logic [NumPorts-1:0] pcand;
  logic [NumPorts*CredW-1:0] pscore;
  logic seed, col_adv, is_adapt;
  assign col_adv = rc_en_i && is_adapt && seed;
  if (UseScore != 0) begin : g_score
    logic [NumPorts*LogP-1:0] lcol;   // the column of L2P[l]
    for (genvar l = 0; l < NumPorts; l++) begin : g_l
      // the column of the candidate's physical port
      logic [PortW-1:0] e;
      logic [LogP-1:0]  al;
      logic [CredW-1:0] sc;
      assign e  = l2p_i[l*EntW +: PortW];
      assign al = LogP'(32'(e) % Cols);
      assign lcol[l*LogP +: LogP] = al;
      always_comb begin
        sc = '0;
        for (int c = 0; c < Cols; c++) begin
          for (int v = 0; v < NumVcs; v++) begin
            if (32'(al) % Cols == c && 32'(rc_vc_i) == v)
              sc = cred_c_vc_i[(c*NumVcs + v)*CredW +: CredW];
          end
        end
      end
      assign score[l*CredW +: CredW] = sc;
    end
    localparam int ColW = nr_pkg::idx_w(Cols);
    localparam int RowD = 1 << (CredW - 1);   // RowBufDepth
    logic [Cols-1:0] cmask, tie, gnt_rr, gnt_mx;
    logic [Cols*2-1:0] lvl;
    logic [1:0] best;
    logic [ColW-1:0] cidx_rr, cidx_mx, ccol;
    always_comb begin
      cmask = '0;
      for (int l = 0; l < NumPorts; l++)
        for (int c = 0; c < Cols; c++)
          if (acand[l] && 32'(lcol[l*LogP +: LogP]) == c) cmask[c] = 1'b1;
    end
    for (genvar c = 0; c < Cols; c++) begin : g_col
      logic [CredW-1:0] cr;
      logic [CredW-1:0] o;
      logic [1:0]       l1, l2;
      always_comb begin
        cr = '0;
        for (int v = 0; v < NumVcs; v++)
          if (32'(rc_vc_i) == v) cr = cred_c_vc_i[(c*NumVcs + v)*CredW +: CredW];
      end
      // occupancy: RowBufDepth (2^(CredW-1)) minus the credits, 0 at or above it
      assign o  = (32'(cr) >= RowD) ? '0 : CredW'(RowD - 32'(cr));
      assign l1 = (CredW >= 2) ? ((32'(o) >> (CredW - 2)) != 0 ? 2'd1 : 2'd0)
                               : ((o != 0) ? 2'd1 : 2'd0);
      assign l2 = (CredW >= 3) ? ((32'(o) >> (CredW - 3)) > 3 ? 2'd3 : 2'(32'(o) >> (CredW - 3)))
                               : ((32'(o) > 3) ? 2'd3 : 2'(o));
      assign lvl[c*2 +: 2] = up_sel_i[1] ? l2 : l1;
    end
    always_comb begin
      best = 2'd3;
      for (int c = 0; c < Cols; c++)
        if (cmask[c] && lvl[c*2 +: 2] < best) best = lvl[c*2 +: 2];
      for (int c = 0; c < Cols; c++) tie[c] = cmask[c] && lvl[c*2 +: 2] == best;
    end
    nr_arb_rr #(.N(Cols)) u_col_rr (
      .clk_i, .rst_ni, .req_i(tie), .advance_i(col_adv && !up_sel_i[2]),
      .gnt_o(gnt_rr), .gnt_idx_o(cidx_rr)
    );
    nr_arb_matrix #(.N(Cols)) u_col_mx (
      .clk_i, .rst_ni, .req_i(tie), .advance_i(col_adv && up_sel_i[2]),
      .gnt_o(gnt_mx), .gnt_idx_o(cidx_mx)
    );
    assign ccol = up_sel_i[2] ? cidx_mx : cidx_rr;
    assign seed = up_sel_i[0];
    for (genvar l = 0; l < NumPorts; l++) begin : g_pc
      assign pcand[l] = acand[l] && (!seed || 32'(lcol[l*LogP +: LogP]) == 32'(ccol));
    end
    assign pscore = seed ? '0 : score;
    logic unused_gnt;
    assign unused_gnt = ^{gnt_rr, gnt_mx};
  end else begin : g_noscore
    assign score  = '0;
    assign seed   = 1'b0;
    assign pcand  = acand;
    assign pscore = '0;
    logic unused_score;
    assign unused_score = ^{cred_c_vc_i, rc_vc_i, up_sel_i, col_adv, score};
  end
  nr_max_pick #(.N(NumPorts), .ScW(CredW)) u_pick (
    .cand_i (pcand),
    .score_i(pscore),
    .ptr_i  (aptr_q),
    .any_o  (any),
    .max_o  (maxs),
    .best_o (best_l)
  );

  // ---- step 4', greedy_r(2): c_0 .. c_{m-1} the candidates (acand) in
  // ascending order; m >= 2: i = r[7:0] mod m, j = (i + 1 + r[15:8] mod
  // (m - 1)) mod m, c_j if Q(c_j) < Q(c_i), else c_i
  logic [6:0]      g2_m;
  logic [LogP-1:0] g2_l;
  if (UpPick == 2) begin : g_g2
    localparam int QW = $clog2(NumVcs * InBufPerVc + 1);
    logic [6:0]      gi, gj, g2_mm1;
    logic [LogP-1:0] ci, cj;
    logic [QW-1:0]   qi, qj;
    logic [6:0]      gn;   // candidates seen so far in the scan below
    always_comb begin
      g2_m = '0;
      for (int l = 0; l < NumPorts; l++) g2_m = g2_m + 7'(acand[l]);
    end
    assign g2_mm1 = (g2_m > 7'd1) ? g2_m - 7'd1 : 7'd1;
    assign gi = (g2_m > 7'd1) ? 7'(7'(fbr_i[7:0] % 8'(g2_m))) : '0;
    assign gj = (g2_m > 7'd1) ? 7'((8'(gi) + 8'd1 + 8'(fbr_i[15:8] % 8'(g2_mm1))) % 8'(g2_m)) : '0;
    always_comb begin
      gn = '0;
      ci = '0;
      cj = '0;
      for (int l = 0; l < NumPorts; l++) begin
        if (acand[l]) begin
          if (gn == gi) ci = LogP'(l);
          if (gn == gj) cj = LogP'(l);
          gn = gn + 7'd1;
        end
      end
    end
    nr_route_fbq #(.NumPorts(NumPorts), .NumVcs(NumVcs), .InBufPerVc(InBufPerVc), .LW(7)) u_qi (
      .l_i(7'(ci)), .l2p_i, .pcr_p_v_i, .q_o(qi)
    );
    nr_route_fbq #(.NumPorts(NumPorts), .NumVcs(NumVcs), .InBufPerVc(InBufPerVc), .LW(7)) u_qj (
      .l_i(7'(cj)), .l2p_i, .pcr_p_v_i, .q_o(qj)
    );
    assign g2_l = (g2_m > 7'd1 && qj < qi) ? cj : ci;
  end else begin : g_nog2
    assign g2_m = '0;
    assign g2_l = '0;
    logic unused_g2;
    assign unused_g2 = ^{fbr_i, pcr_p_v_i};
  end

  // ---- the RC function (doc section 5)
  logic [EntW-1:0] dent, uent, lent;
  logic [FbLW-1:0]  lport;
  logic             have_l, drop, fbuse, dluse, g2use;
  logic [2:0]       reason;
  logic dvalid, uvalid;
  logic [PortW-1:0] dport, uport;
  assign dent   = dor_on ? {dor_l < 8'd64, dor_l[PortW-1:0]} : dlut_i[didx*EntW +: EntW];
  assign uent   = ulut_i[fold*EntW +: EntW];
  assign dvalid = dent[EntW-1];
  assign dport  = dent[PortW-1:0];
  assign uvalid = uent[EntW-1];
  assign uport  = uent[PortW-1:0];
  always_comb begin
    drop     = 1'b0;
    reason   = '0;
    have_l   = 1'b0;
    is_adapt = 1'b0;
    lport    = '0;
    fbuse    = 1'b0;
    dluse    = 1'b0;
    g2use    = 1'b0;
    if (32'(hvc) >= NumVcs || hrsvd != '0) begin
      drop = 1'b1; reason = 3'(REASON_MALFORMED);
    end else if (hr) begin
      if (32'(srcl) >= NumPorts) begin
        drop = 1'b1; reason = 3'(REASON_BAD_SRCROUTE);
      end else begin
        have_l = 1'b1; lport = FbLW'(srcl);
      end
    end else if (fb_on_i) begin
      // flattened-butterfly mode: steps 3-5 replaced (docs/fbfly-routing.md 3)
      fbuse = 1'b1;
      if (fb_drop_i) begin
        drop = 1'b1; reason = 3'(REASON_NO_ROUTE);
      end else begin
        have_l = 1'b1; lport = fb_l_i;
      end
    end else if ((dest & root_mask_i) == root_detect_i) begin
      if (!dvalid) begin
        drop = 1'b1; reason = 3'(REASON_NO_ROUTE);
      end else begin
        have_l = 1'b1; lport = FbLW'(dport); dluse = dl_vc_i;
      end
    end else if (up_a && UpPick == 2) begin
      // step 4': the pointer is neither read nor moved
      if (g2_m == '0) begin
        drop = 1'b1; reason = 3'(REASON_NO_ROUTE);
      end else begin
        have_l = 1'b1; g2use = 1'b1; lport = FbLW'(g2_l);
      end
    end else if (up_a) begin
      if (!any) begin
        drop = 1'b1; reason = 3'(REASON_NO_ROUTE);
      end else begin
        have_l = 1'b1; is_adapt = 1'b1; lport = FbLW'(best_l);
      end
    end else if (side) begin
      // step 3a, hashed: base + fold mod cnt (a port >= NumPorts drops at the remap)
      have_l = 1'b1; lport = FbLW'(sbase) + FbLW'(smod);
    end else begin
      if (!uvalid) begin
        drop = 1'b1; reason = 3'(REASON_NO_ROUTE);
      end else begin
        have_l = 1'b1; lport = FbLW'(uport);
      end
    end
  end

  // ---- remap: a logical port >= NumPorts has no L2P entry (NO_ROUTE)
  logic lok, qok;
  logic [LogP-1:0] lidx;
  assign lok  = 32'(lport) < NumPorts;
  assign lidx = lok ? lport[LogP-1:0] : LogP'(0);
  assign lent = l2p_i[lidx*EntW +: EntW];
  assign qok  = lok && lent[EntW-1] && 32'(lent[PortW-1:0]) < NumPorts;
  assign rc_drop_o   = drop || (have_l && !qok);
  assign rc_reason_o = drop ? reason : (have_l && !qok) ? 3'(REASON_NO_ROUTE) : 3'd0;
  assign rc_port_o   = lent[PortW-1:0];
  assign aptr_d      = (rc_en_i && is_adapt) ? best_l + 1'b1 : aptr_q;
  // DL_VC (doc section 5 step 3): bit 0 of the VC from the DLUT entry's v,
  // when the VC that makes is below NumVcs
  logic [1:0] dlw;
  assign dlw         = {hvc[1], dor_on ? dor_v : dlut_v_i[didx]};
  assign rc_w_o      = fbuse ? fb_w_i : (dluse && 32'(dlw) < NumVcs) ? dlw : hvc;
  assign fb_en_o     = rc_en_i && fbuse;
  // a draw made for a route that then fails at the remap still advances
  assign g2_adv_o    = rc_en_i && g2use && g2_m > 7'd1;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      aptr_q <= '0;
    end else begin
      aptr_q <= aptr_d;
    end
  end

  logic unused_hd;
  assign unused_hd = ^{hd[PhitW-1:DataW], hph[PhitW-1:DataW], rc_ph1_i[DataW-PortW-1:0],
                       rc_ph1_i[PhitW-1:DataW]};

  // Cover points (make coverage): every routing step of docs/yarc-arch.md
  // section 5 taken by a routed packet.
  `NR_COVER(c_rc_srcroute, rc_en_i && hr && !rc_drop_o, clk_i, rst_ni)
  `NR_COVER(c_rc_down,     rc_en_i && !hr && !fbuse && !drop && !ha && have_l &&
                           (dest & root_mask_i) == root_detect_i && !rc_drop_o, clk_i, rst_ni)
  `NR_COVER(c_rc_up_det,   rc_en_i && !hr && !fbuse && !up_a && (dest & root_mask_i) != root_detect_i &&
                           !rc_drop_o, clk_i, rst_ni)
  `NR_COVER(c_rc_up_adapt, rc_en_i && is_adapt && !rc_drop_o, clk_i, rst_ni)
  // the adaptive maximum was raised above zero: the scan's update step ran
  // for a candidate after the first (line and branch counts cannot show it:
  // the if-arms in this unrolled loop read 0 in Verilator 5.006)
  `NR_COVER(c_rc_up_detvc, rc_en_i && !hr && !fbuse && ha && !up_a &&
                           (dest & root_mask_i) != root_detect_i && !rc_drop_o, clk_i, rst_ni)
  `NR_COVER(c_rc_adapt_max, rc_en_i && is_adapt && any && maxs != '0, clk_i, rst_ni)
  `NR_COVER(c_rc_remap_drop, rc_en_i && have_l && !qok, clk_i, rst_ni)
  // step 3a: a side entry named the route
  `NR_COVER(c_rc_side, rc_en_i && side && !hr && !fbuse && !drop && have_l &&
                       (dest & root_mask_i) != root_detect_i && !rc_drop_o, clk_i, rst_ni)
  // DL_VC moved a down route to the other VC of its pair (a torus dateline)
  `NR_COVER(c_rc_dl_vc, rc_en_i && dluse && !rc_drop_o && rc_w_o != hvc, clk_i, rst_ni)
  // step 3d: a route by coordinates left through a network port (not its node)
  `NR_COVER(c_rc_dor, rc_en_i && dor_on && !hr && !fbuse && have_l && !rc_drop_o &&
                      32'(dor_l) >= 32'(dor_c), clk_i, rst_ni)

endmodule
