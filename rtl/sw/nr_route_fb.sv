// nr_route_fb.sv - the flattened-butterfly route computation of
// nr_route_tables: MIN, VAL, UGAL and MIN AD with the output VC, and the
// draw generator (docs/fbfly-routing.md sections 2-6).
//
// Purpose: the RC mode that replaces steps 3-5 of docs/yarc-arch.md section 5
//   when FB_CTRL.alg is set (1..4, 7; 0 is off; 5 and 6, the sequential
//   allocator's, are refused by nr_route_cfg and never stored). For the head of the packet routed this cycle it gives a logical
//   port l and an output VC w, or a drop (destination outside the network);
//   nr_route_lookup remaps l through L2P (step 6) like every other route.
//   The C model's flattened-butterfly RC (csrc/model/sw_route.c).
//   - a = 0 packets, alg 1 (MIN), and MIN AD with 2 < D and NumVcs < D:
//     EJECT if the destination router is this one, else DOR (lowest
//     differing dimension); the VC is kept.
//   - phase = 0 at a terminal input (indim = 15), else the VC's low bit;
//     cls = v >> 1; EJECT gives 2cls+1 for VAL, UGAL and MIN AD.
//   - VAL: phase 0 draws x and goes to the first dimension j >= j0 with
//     x_j != R_j on 2cls; none (or j0 >= D): phase 1, DOR on 2cls+1.
//   - UGAL at a terminal input: EJECT, or draws x and compares the minimal
//     candidate (DOR, 2cls+1, H_min hops) with VAL's first step toward x
//     (2cls, H_non = h(R, x) + h(x, t)) by Q*H, ties minimal; elsewhere VAL.
//   - MIN AD: the productive dimension with the smallest Q, ties to the
//     lowest; D <= 2 on 2cls + max(phase, 2 - h), h the hops left; for
//     2 < D <= NumVcs one class, on max(v, NumVcs - h) (v 0 at a terminal
//     input); EJECT on the class's last VC.
//   - alg 7, the dragonfly mode (section 4a), routing dfa = ctrl[19:18]
//     (a = 0: MIN): this group: EJECT on NumVcs-1; a node input: MIN DOR
//     on 0, VAL the ULUT's port on 1, UGAL-L/PAR DOR on 0 iff Q(DOR) <=
//     2 Q(ULUT's port), else that port on 1; glob (ctrl[17]): DOR on v+1
//     (at most NumVcs-1); VC 1: the DLUT's port on 1; VC 0 with PAR: the
//     UGAL-L rule against the DLUT; else DOR on v. The draw's table entry
//     is fbr mod NumPorts; an invalid one gives the port NumPorts.
//   - 1 <= D <= 15 dimensions: a dimension's digit bits are found by a mask
//     (kmask << j*kbits) on t ^ R, x ^ R and x ^ t; only the digits of the
//     chosen dimensions are shifted out.
// Parameters:
//   NumPorts, NumVcs, InBufPerVc  as nr_route_fbq (the candidates' Q).
// Ports / protocol:
//   port_id_i   this input port p: the draw generator resets to 0xACE1 ^ (p << 8).
//   fb_ctrl_i, fb_me_i  FB_CTRL (2:0 alg, 6:3 D, 9:7 kbits, 12:10 cbits,
//               16:13 indim, 17 glob, 19:18 dfa) and FB_ME, from nr_route_cfg.
//   head_i      the head phit of the packet routed this cycle.
//   l2p_i, pcr_p_v_i  the L2P table and every output port's clamped credits
//               (start of cycle), for the queue estimates.
//   ulut_i, dlut_i  the ULUT and the DLUT: alg 7's draw tables.
//   on_o        the mode is on (alg not 0); combinational from fb_ctrl_i.
//   drop_o      the destination is outside the network (NO_ROUTE; no draw).
//   l_o, w_o    the logical port (LW bits, computed in full) and the output VC.
//   fb_en_i     this packet is routed by the mode this cycle (a complete,
//               well-formed head without r, nr_route_lookup): a draw it made
//               advances the generator 16 steps at the clock edge.
//   fbr_o, g2_adv_i  the generator's start-of-cycle value, and a draw of
//               the greedy_r(2) up choice (docs/yarc-arch.md 5 step 4',
//               nr_route_lookup with UpPick = 2), which advances it as well.
//   Outputs are combinational and do not depend on fb_en_i.
// Latency: 0; the generator updates at the clock edge.
// Cost: 17 flops (the generator and its seeded bit); 15 digit masks and
//   three 16-bit AND-OR reductions per dimension, two 15-bit priority
//   encoders, four digit shifts plus two per MIN AD candidate, port(j, x)
//   adders of LW bits, max(2, NumVcs) candidate estimates (nr_route_fbq; the
//   two beyond the second only with NumVcs > 2, for MIN AD with D > 2), two
//   QW x 5-bit products and compares, and the 16-step generator advance (an
//   XOR network).
`default_nettype none
`include "nr_assert.svh"

module nr_route_fb #(
  parameter int NumPorts   = 64,
  parameter int NumVcs     = 2,
  parameter int InBufPerVc = 128,
  localparam int PhitW     = nr_pkg::PHIT_W,
  localparam int PortW     = nr_pkg::ROUTE_PORT_W,
  localparam int EntW      = PortW + 1,
  localparam int DestW     = nr_pkg::HEAD_DEST_W,
  localparam int CW        = $clog2(InBufPerVc + 1),
  localparam int QW        = $clog2(NumVcs * InBufPerVc + 1),
  localparam int LW        = 11
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  input  logic [PortW-1:0]              port_id_i,
  input  logic [19:0]                   fb_ctrl_i,
  input  logic [DestW-1:0]              fb_me_i,
  input  logic [PhitW-1:0]              head_i,
  input  logic [NumPorts*EntW-1:0]      l2p_i,
  input  logic [NumPorts*EntW-1:0]      ulut_i,
  input  logic [NumPorts*EntW-1:0]      dlut_i,
  input  logic [NumPorts*NumVcs*CW-1:0] pcr_p_v_i,
  output logic                          on_o,
  output logic                          drop_o,
  output logic [LW-1:0]                 l_o,
  output logic [1:0]                    w_o,
  input  logic                          fb_en_i,
  output logic [15:0]                   fbr_o,
  input  logic                          g2_adv_i
);

  localparam int DW = 7;    // a digit: kbits <= 7
  localparam int MaxD = 15; // dimensions FB_CTRL.dims can name
  localparam int NQ = NumVcs > 2 ? NumVcs : 2; // MIN AD's candidates (D <= max(2, NumVcs))

  // ---- registers and head fields
  logic [2:0] alg, kbits, cbits;
  logic [3:0] dims, indim;
  logic [1:0] hvc, w0, w1;
  logic [DestW-1:0] dest, t;
  logic       ha, term, phase, isval, isugal, isminad, big;
  assign alg   = fb_ctrl_i[2:0];
  assign dims  = fb_ctrl_i[6:3];
  assign kbits = fb_ctrl_i[9:7];
  assign cbits = fb_ctrl_i[12:10];
  assign indim = fb_ctrl_i[16:13];
  assign dest  = head_i[nr_pkg::HEAD_DEST_LSB +: DestW];
  assign hvc   = head_i[nr_pkg::HEAD_VC_LSB +: 2];
  assign ha    = head_i[nr_pkg::HEAD_A_BIT];
  assign on_o  = alg != 3'd0;
  assign term  = indim == 4'd15;
  // section 3: a terminal input starts every packet in phase 0
  assign phase = !term && hvc[0];
  assign w0    = {hvc[1], 1'b0};
  assign w1    = {hvc[1], 1'b1};
  // the packet's algorithm A = a ? alg : MIN; MIN AD with 2 < D > NumVcs is MIN
  assign big     = dims > 4'd2;
  assign isval   = ha && alg == 3'd2;
  assign isugal  = ha && alg == 3'd3;
  assign isminad = ha && alg == 3'd4 && (!big || 32'(dims) <= NumVcs);

  // ---- alg 7, the dragonfly mode: its routing, and the draw tables' entry
  localparam int IW = $clog2(NumPorts);
  logic          isdf, glob;
  logic [1:0]    dfa, w_top, w_up;
  logic [IW-1:0] tidx;
  logic [EntW-1:0] tent;
  logic [LW-1:0] l_tab;
  assign isdf  = alg == 3'd7;
  assign glob  = fb_ctrl_i[17];
  assign dfa   = ha ? fb_ctrl_i[19:18] : 2'd0;
  assign w_top = 2'(NumVcs - 1);
  assign w_up  = (32'(hvc) + 1 < NumVcs) ? hvc + 2'd1 : w_top;

  // ---- geometry: t = dest >> cbits, outside if t >> (D*kbits) != 0
  logic [7:0]  kmask, cnum;
  logic [DW-1:0] km7;
  logic [6:0]  dk;
  logic        outside;
  assign t       = dest >> cbits;
  assign kmask   = (8'd1 << kbits) - 8'd1;
  assign km7     = kmask[DW-1:0];
  assign cnum    = 8'd1 << cbits;
  assign dk      = 7'(dims) * 7'(kbits);
  assign outside = (t >> dk) != '0;

  // ---- the draw generator fbr (section 6.2)
  logic [15:0] fbr_q, fbr_d, fbr, fbr16;
  logic        seeded_q, seeded_d, draw;
  assign fbr = seeded_q ? fbr_q : (16'hACE1 ^ {2'b00, port_id_i, 8'h00});
  // 16 steps of fbr = (fbr >> 1) ^ (fbr[0] ? 0xB400 : 0)
  function automatic logic [15:0] step16(input logic [15:0] f);
    step16 = f;
    for (int s = 0; s < 16; s++) step16 = (step16 >> 1) ^ (step16[0] ? 16'hB400 : 16'h0000);
  endfunction
  assign fbr16 = step16(fbr);

  // ---- per dimension j: do the digits of t, R = FB_ME and x = fbr differ?
  //      Digit j is bits j*kbits .. j*kbits + kbits - 1 (none from bit 16 on).
  logic [15:0]     t16, r16, zt, zxr, zxt;
  logic [MaxD-1:0] diff, xr, xt, xs;
  logic [4:0]      j0;
  assign t16 = 16'(t);
  assign r16 = 16'(fb_me_i);
  assign zt  = t16 ^ r16;
  assign zxr = fbr ^ r16;
  assign zxt = fbr ^ t16;
  assign j0  = term ? 5'd0 : 5'(indim) + 5'd1;
  for (genvar j = 0; j < MaxD; j++) begin : g_dim
    logic [6:0]  sh;
    logic [15:0] dm;
    assign sh = 7'(j) * 7'(kbits);
    assign dm = 16'(kmask) << sh;
    // productive dimensions; x against R and t; VAL's candidates j >= j0
    assign diff[j] = j < 32'(dims) && (zt & dm) != '0;
    assign xr[j]   = j < 32'(dims) && (zxr & dm) != '0;
    assign xt[j]   = j < 32'(dims) && (zxt & dm) != '0;
    assign xs[j]   = xr[j] && j >= 32'(j0);
  end

  // digit j of v: (v >> j*kbits) & kmask, 0 from bit 16 on
  function automatic logic [DW-1:0] digit(input logic [15:0] v, input logic [3:0] j,
                                          input logic [2:0] kb, input logic [DW-1:0] km);
    digit = DW'(v >> (7'(j) * 7'(kb))) & km;
  endfunction

  // port(j, x) = C + j*(K-1) + (x < R_j ? x : x-1), in full (LW bits)
  function automatic logic [LW-1:0] fbport(input logic [3:0] j, input logic [DW-1:0] x,
                                           input logic [DW-1:0] r, input logic [7:0] c,
                                           input logic [7:0] km);
    fbport = LW'(c) + LW'(j) * LW'(km) + ((x < r) ? LW'(x) : LW'(x) - LW'(1));
  endfunction

  // the lowest set dimension of s (0 if none)
  function automatic logic [3:0] lowdim(input logic [MaxD-1:0] s);
    lowdim = '0;
    for (int j = MaxD - 1; j >= 0; j--) if (s[j]) lowdim = 4'(j);
  endfunction

  logic [3:0]    jd, jv;
  logic [LW-1:0] l_ej, l_dor, l_x;
  logic [3:0]    hmin;
  logic [4:0]    hnon;
  logic          found, nm;
  assign jd    = lowdim(diff);
  assign jv    = lowdim(xs);
  assign found = xs != '0;
  assign l_ej  = LW'(dest & (DestW'(cnum) - DestW'(1)));
  assign l_dor = fbport(jd, digit(t16, jd, kbits, km7), digit(r16, jd, kbits, km7), cnum, kmask);
  assign l_x   = fbport(jv, digit(fbr, jv, kbits, km7), digit(r16, jv, kbits, km7), cnum, kmask);
  assign hmin  = 4'($countones(diff));
  assign hnon  = 5'($countones(xr)) + 5'($countones(xt));
  // UGAL's non-minimal candidate: some x_j != R_j, and x is not t
  assign nm    = found && xt != '0;

  // ---- the candidate estimates: UGAL's two (minimal, VAL's first step), or
  //      MIN AD's, one per dimension j < NQ (l_p[j] toward t_j)
  logic [NQ*LW-1:0] l_p;
  logic [NQ*QW-1:0] q_p;
  logic [LW-1:0]    la, lb;
  logic [QW-1:0]    qa, qb;
  logic [4:0]       ha_h, hb_h;
  logic             a_wins;
  for (genvar j = 0; j < NQ; j++) begin : g_cand
    assign l_p[j*LW +: LW] = fbport(4'(j), digit(t16, 4'(j), kbits, km7),
                                    digit(r16, 4'(j), kbits, km7), cnum, kmask);
    if (j >= 2) begin : g_q
      nr_route_fbq #(
        .NumPorts  (NumPorts),
        .NumVcs    (NumVcs),
        .InBufPerVc(InBufPerVc),
        .LW        (LW)
      ) u_q (
        .l_i      (l_p[j*LW +: LW]),
        .l2p_i,
        .pcr_p_v_i,
        .q_o      (q_p[j*QW +: QW])
      );
    end
  end
  // the draw's entry: the ULUT at a node input, else the DLUT
  assign tidx  = fbr[IW-1:0];
  assign tent  = term ? ulut_i[32'(tidx)*EntW +: EntW] : dlut_i[32'(tidx)*EntW +: EntW];
  assign l_tab = tent[EntW-1] ? LW'(tent[PortW-1:0]) : LW'(NumPorts);
  assign la   = isminad ? l_p[0 +: LW] : l_dor;
  assign ha_h = isminad || isdf ? 5'd1 : 5'(hmin);
  assign lb   = isminad ? l_p[LW +: LW] : isdf ? l_tab : l_x;
  assign hb_h = isminad ? 5'd1 : isdf ? 5'd2 : hnon;
  nr_route_fbq #(
    .NumPorts  (NumPorts),
    .NumVcs    (NumVcs),
    .InBufPerVc(InBufPerVc),
    .LW        (LW)
  ) u_qa (
    .l_i      (la),
    .l2p_i,
    .pcr_p_v_i,
    .q_o      (qa)
  );
  nr_route_fbq #(
    .NumPorts  (NumPorts),
    .NumVcs    (NumVcs),
    .InBufPerVc(InBufPerVc),
    .LW        (LW)
  ) u_qb (
    .l_i      (lb),
    .l2p_i,
    .pcr_p_v_i,
    .q_o      (qb)
  );
  assign q_p[0 +: QW]  = qa;
  assign q_p[QW +: QW] = qb;
  assign a_wins = (32'(qa) * 32'(ha_h)) <= (32'(qb) * 32'(hb_h));

  // MIN AD: the productive dimension j < NQ with the smallest Q, ties to the
  // lowest; its VC from the hops left (section 4)
  logic [LW-1:0] l_mad;
  logic [QW-1:0] q_mad;
  logic          got_mad;
  logic [2:0]    np, lvl, lv;
  logic [1:0]    w_mad, w_mej;
  always_comb begin
    l_mad   = '0;
    q_mad   = '0;
    got_mad = 1'b0;
    for (int j = 0; j < NQ; j++)
      if (diff[j] && (!got_mad || q_p[j*QW +: QW] < q_mad)) begin
        l_mad   = l_p[j*LW +: LW];
        q_mad   = q_p[j*QW +: QW];
        got_mad = 1'b1;
      end
  end
  // P VCs per class from base: 2 from 2cls for D <= 2, all NumVcs from 0 above
  assign np    = big ? 3'(NumVcs) : 3'd2;
  assign lvl   = term ? 3'd0 : big ? 3'(hvc) : 3'(hvc[0]);
  assign lv    = (lvl > np - 3'(hmin)) ? lvl : np - 3'(hmin);
  assign w_mad = big ? 2'(lv) : {hvc[1], lv[0]};
  assign w_mej = big ? 2'(NumVcs - 1) : w1;

  // ---- the rules (section 4)
  always_comb begin
    l_o  = '0;
    w_o  = hvc;
    draw = 1'b0;
    if (isdf) begin
      if (diff == '0) begin
        l_o = l_ej; w_o = w_top;
      end else if (term ? dfa != 2'd0 : !glob && (hvc == 2'd1 || (hvc == 2'd0 && dfa == 2'd3))) begin
        // a draw: VAL's (node input) and the holder's (VC 1) take the
        // table's port; UGAL-L and PAR compare (a_wins: minimal)
        draw = 1'b1;
        if ((term ? dfa == 2'd1 : hvc == 2'd1) || !a_wins) begin
          l_o = l_tab; w_o = 2'd1;
        end else begin
          l_o = l_dor; w_o = 2'd0;
        end
      end else begin
        l_o = l_dor; w_o = term ? 2'd0 : glob ? w_up : hvc;
      end
    end else if (isminad) begin
      if (diff == '0) begin
        l_o = l_ej; w_o = w_mej;
      end else begin
        l_o = l_mad; w_o = w_mad;
      end
    end else if (isugal && term) begin
      if (diff == '0) begin
        l_o = l_ej; w_o = w1;
      end else begin
        draw = 1'b1;
        if (nm && !a_wins) begin
          l_o = l_x; w_o = w0;
        end else begin
          l_o = l_dor; w_o = w1;
        end
      end
    end else if (isval || isugal) begin
      // VAL (UGAL after its first router): phase 0 draws and may stay in it
      if (!phase && 32'(j0) < 32'(dims)) draw = 1'b1;
      if (draw && found) begin
        l_o = l_x; w_o = w0;
      end else begin
        l_o = (diff == '0) ? l_ej : l_dor; w_o = w1;
      end
    end else begin
      // MIN: the VC is kept
      l_o = (diff == '0) ? l_ej : l_dor;
    end
  end
  assign drop_o = outside;

  // ---- the generator: a draw of a routed packet advances it 16 steps
  logic adv;
  assign adv      = (fb_en_i && on_o && !outside && draw) || g2_adv_i;
  assign fbr_o    = fbr;
  assign fbr_d    = adv ? fbr16 : fbr_q;
  assign seeded_d = seeded_q || adv;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fbr_q    <= '0;
      seeded_q <= 1'b0;
    end else begin
      fbr_q    <= fbr_d;
      seeded_q <= seeded_d;
    end
  end

  logic unused_head;
  assign unused_head = ^{head_i, kmask[7], cnum, lv};

  // Cover points (make coverage): each rule taken by a routed packet.
  `NR_COVER(c_fb_val_p0,   adv && (isval || (isugal && !term)) && found, clk_i, rst_ni)
  `NR_COVER(c_fb_ugal_non, adv && isugal && term && nm && !a_wins, clk_i, rst_ni)
  `NR_COVER(c_fb_minad_d1, fb_en_i && on_o && isminad && diff[1:0] == 2'b11 && !a_wins, clk_i, rst_ni)
  `NR_COVER(c_fb_minad_big, fb_en_i && on_o && isminad && big && hmin > 4'd1, clk_i, rst_ni)
  `NR_COVER(c_fb_dims_4, fb_en_i && on_o && dims >= 4'd4 && (isval || isugal) && found, clk_i, rst_ni)
  `NR_COVER(c_fb_outside,  fb_en_i && on_o && outside, clk_i, rst_ni)

endmodule
