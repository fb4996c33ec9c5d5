// nr_route_fb.sv - the flattened-butterfly route computation of
// nr_route_tables: MIN, VAL, UGAL and MIN AD with the output VC, and the
// draw generator (docs/fbfly-routing.md sections 2-6).
//
// Purpose: the RC mode that replaces steps 3-5 of docs/yarc-arch.md section 5
//   when FB_CTRL.alg is set (1..4; 0 and the reserved 7 are off; 5 and 6,
//   the sequential allocator's, are refused by nr_route_cfg and never
//   stored). For the head of the packet routed this cycle it gives a logical
//   port l and an output VC w, or a drop (destination outside the network);
//   nr_route_lookup remaps l through L2P (step 6) like every other route.
//   The C model's flattened-butterfly RC (csrc/model/sw_route.c).
//   - a = 0 packets, alg 1 (MIN), and MIN AD with D = 3: EJECT if the
//     destination router is this one, else DOR (lowest differing dimension);
//     the VC is kept.
//   - phase = 0 at a terminal input (indim = 3), else the VC's low bit;
//     cls = v >> 1; EJECT gives 2cls+1 for VAL, UGAL and MIN AD.
//   - VAL: phase 0 draws x and goes to the first dimension j >= j0 with
//     x_j != R_j on 2cls; none (or j0 >= D): phase 1, DOR on 2cls+1.
//   - UGAL at a terminal input: EJECT, or draws x and compares the minimal
//     candidate (DOR, 2cls+1, H_min hops) with VAL's first step toward x
//     (2cls, H_non = h(R, x) + h(x, t)) by Q*H, ties minimal; elsewhere VAL.
//   - MIN AD (D <= 2): the productive dimension with the smaller Q, ties to
//     dimension 0, on 2cls + (phase = 1 or one hop left).
// Parameters:
//   NumPorts, NumVcs, InBufPerVc  as nr_route_fbq (the candidates' Q).
// Ports / protocol:
//   port_id_i   this input port p: the draw generator resets to 0xACE1 ^ (p << 8).
//   fb_ctrl_i, fb_me_i  FB_CTRL (2:0 alg, 4:3 D, 7:5 kbits, 10:8 cbits,
//               12:11 indim) and FB_ME, from nr_route_cfg.
//   head_i      the head phit of the packet routed this cycle.
//   l2p_i, pcr_p_v_i  the L2P table and every output port's clamped credits
//               (start of cycle), for the queue estimates.
//   on_o        the mode is on (alg not 0 or 7); combinational from fb_ctrl_i.
//   drop_o      the destination is outside the network (NO_ROUTE; no draw).
//   l_o, w_o    the logical port (LW bits, computed in full) and the output VC.
//   fb_en_i     this packet is routed by the mode this cycle (a complete,
//               well-formed head without r, nr_route_lookup): a draw it made
//               advances the generator 16 steps at the clock edge.
//   Outputs are combinational and do not depend on fb_en_i.
// Latency: 0; the generator updates at the clock edge.
// Cost: 17 flops (the generator and its seeded bit); digit extraction by
//   variable shifts of 15-16 bits, four port(j, x) adders of LW bits, two
//   candidate estimates (nr_route_fbq), two QW x 3-bit products and a compare,
//   and the 16-step generator advance (an XOR network).
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
  localparam int LW        = 10
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  input  logic [PortW-1:0]              port_id_i,
  input  logic [12:0]                   fb_ctrl_i,
  input  logic [DestW-1:0]              fb_me_i,
  input  logic [PhitW-1:0]              head_i,
  input  logic [NumPorts*EntW-1:0]      l2p_i,
  input  logic [NumPorts*NumVcs*CW-1:0] pcr_p_v_i,
  output logic                          on_o,
  output logic                          drop_o,
  output logic [LW-1:0]                 l_o,
  output logic [1:0]                    w_o,
  input  logic                          fb_en_i
);

  localparam int DW = 7;   // a digit: kbits <= 7

  // ---- registers and head fields
  logic [2:0] alg, kbits, cbits;
  logic [1:0] dims, indim, hvc, w0, w1;
  logic [DestW-1:0] dest, t;
  logic       ha, term, phase, isval, isugal, isminad;
  assign alg   = fb_ctrl_i[2:0];
  assign dims  = fb_ctrl_i[4:3];
  assign kbits = fb_ctrl_i[7:5];
  assign cbits = fb_ctrl_i[10:8];
  assign indim = fb_ctrl_i[12:11];
  assign dest  = head_i[nr_pkg::HEAD_DEST_LSB +: DestW];
  assign hvc   = head_i[nr_pkg::HEAD_VC_LSB +: 2];
  assign ha    = head_i[nr_pkg::HEAD_A_BIT];
  assign on_o  = alg != 3'd0 && alg != 3'd7;
  assign term  = indim == 2'd3;
  // section 3: a terminal input starts every packet in phase 0
  assign phase = !term && hvc[0];
  assign w0    = {hvc[1], 1'b0};
  assign w1    = {hvc[1], 1'b1};
  // the packet's algorithm A = a ? alg : MIN; MIN AD with D = 3 is MIN
  assign isval   = ha && alg == 3'd2;
  assign isugal  = ha && alg == 3'd3;
  assign isminad = ha && alg == 3'd4 && dims != 2'd3;

  // ---- geometry: t = dest >> cbits, outside if t >> (D*kbits) != 0
  logic [7:0]  kmask, cnum;
  logic [4:0]  dk;
  logic        outside;
  assign t       = dest >> cbits;
  assign kmask   = (8'd1 << kbits) - 8'd1;
  assign cnum    = 8'd1 << cbits;
  assign dk      = 5'(dims) * 5'(kbits);
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

  // ---- digits of t, R = FB_ME and x = fbr, dimension j at [j*DW +: DW]
  logic [3*DW-1:0] td, rd, xd;
  logic [2:0]      diff, xr, xt, xs;
  logic [1:0]      j0;
  assign j0 = term ? 2'd0 : indim + 2'd1;
  for (genvar j = 0; j < 3; j++) begin : g_dim
    logic [4:0]       sh;
    logic [DestW-1:0] ts, rs;
    logic [15:0]      xsh;
    assign sh  = 5'(j) * 5'(kbits);
    assign ts  = t >> sh;
    assign rs  = fb_me_i >> sh;
    assign xsh = fbr >> sh;
    assign td[j*DW +: DW] = ts[DW-1:0] & kmask[DW-1:0];
    assign rd[j*DW +: DW] = rs[DW-1:0] & kmask[DW-1:0];
    assign xd[j*DW +: DW] = xsh[DW-1:0] & kmask[DW-1:0];
    // productive dimensions; x against R and t; VAL's candidates j >= j0
    assign diff[j] = j < 32'(dims) && td[j*DW +: DW] != rd[j*DW +: DW];
    assign xr[j]   = j < 32'(dims) && xd[j*DW +: DW] != rd[j*DW +: DW];
    assign xt[j]   = j < 32'(dims) && xd[j*DW +: DW] != td[j*DW +: DW];
    assign xs[j]   = xr[j] && j >= 32'(j0);
    logic unused_sh;
    assign unused_sh = ^{ts[DestW-1:DW], rs[DestW-1:DW], xsh[15:DW]};
  end

  // port(j, x) = C + j*(K-1) + (x < R_j ? x : x-1), in full (LW bits)
  function automatic logic [LW-1:0] fbport(input logic [1:0] j, input logic [DW-1:0] x,
                                           input logic [DW-1:0] r, input logic [7:0] c,
                                           input logic [7:0] km);
    fbport = LW'(c) + LW'(j) * LW'(km) + ((x < r) ? LW'(x) : LW'(x) - LW'(1));
  endfunction

  // lowest set dimension of a set of three (bits 1:0 of it; 2 if neither)
  function automatic logic [1:0] lowdim(input logic [1:0] s);
    lowdim = s[0] ? 2'd0 : s[1] ? 2'd1 : 2'd2;
  endfunction

  logic [1:0]    jd, jv;
  logic [LW-1:0] l_ej, l_dor, l_x, l_p0, l_p1;
  logic [2:0]    hmin, hnon;
  logic          found, nm;
  assign jd    = lowdim(diff[1:0]);
  assign jv    = lowdim(xs[1:0]);
  assign found = xs != '0;
  assign l_ej  = LW'(dest & (DestW'(cnum) - DestW'(1)));
  assign l_dor = fbport(jd, td[32'(jd)*DW +: DW], rd[32'(jd)*DW +: DW], cnum, kmask);
  assign l_x   = fbport(jv, xd[32'(jv)*DW +: DW], rd[32'(jv)*DW +: DW], cnum, kmask);
  assign l_p0  = fbport(2'd0, td[0 +: DW], rd[0 +: DW], cnum, kmask);
  assign l_p1  = fbport(2'd1, td[DW +: DW], rd[DW +: DW], cnum, kmask);
  assign hmin  = 3'(diff[0]) + 3'(diff[1]) + 3'(diff[2]);
  assign hnon  = 3'(xr[0]) + 3'(xr[1]) + 3'(xr[2]) + 3'(xt[0]) + 3'(xt[1]) + 3'(xt[2]);
  // UGAL's non-minimal candidate: some x_j != R_j, and x is not t
  assign nm    = found && xt != '0;

  // ---- the two candidates of an adaptive choice: UGAL (minimal, VAL's first
  //      step) or MIN AD (dimension 0, dimension 1); A wins when QA*HA <= QB*HB
  logic [LW-1:0] la, lb;
  logic [1:0]    wmad;
  logic [2:0]    ha_h, hb_h;
  logic [QW-1:0] qa, qb;
  logic          a_wins, mad0;
  assign wmad = (phase || hmin == 3'd1) ? w1 : w0;
  assign la   = isminad ? l_p0 : l_dor;
  assign ha_h = isminad ? 3'd1 : hmin;
  assign lb   = isminad ? l_p1 : l_x;
  assign hb_h = isminad ? 3'd1 : hnon;
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
  assign a_wins = (32'(qa) * 32'(ha_h)) <= (32'(qb) * 32'(hb_h));
  // MIN AD takes dimension 0 if productive and not beaten by dimension 1
  assign mad0   = diff[0] && (!diff[1] || a_wins);

  // ---- the rules (section 4)
  always_comb begin
    l_o  = '0;
    w_o  = hvc;
    draw = 1'b0;
    if (isminad) begin
      if (diff == '0) begin
        l_o = l_ej; w_o = w1;
      end else begin
        w_o = wmad;
        l_o = mad0 ? l_p0 : l_p1;
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
  assign adv      = fb_en_i && on_o && !outside && draw;
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
  assign unused_head = ^{head_i, kmask[7], cnum};

  // Cover points (make coverage): each rule taken by a routed packet.
  `NR_COVER(c_fb_val_p0,   adv && (isval || (isugal && !term)) && found, clk_i, rst_ni)
  `NR_COVER(c_fb_ugal_non, adv && isugal && term && nm && !a_wins, clk_i, rst_ni)
  `NR_COVER(c_fb_minad_d1, fb_en_i && on_o && isminad && diff == 3'b011 && !a_wins, clk_i, rst_ni)
  `NR_COVER(c_fb_outside,  fb_en_i && on_o && outside, clk_i, rst_ni)

endmodule
