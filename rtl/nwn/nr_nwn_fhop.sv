// nr_nwn_fhop.sv - first hop of a network-switch input unit: the output of the
// port's first subswitch that a routed packet takes (docs/nwn-arch.md 4.3).
//
// Purpose: in the RC cycle, after the route tables have given the output port
//   q (and no drop), decide the first hop `tgt` or a DROP: SELF (q = p with
//   SelfTurn = 0) or UPUP (bb, up port to up port). A packet that must leave
//   its bottom subswitch through a top (fc, or bb turning to another bottom)
//   chooses the top by its head's a bit: a = 1 with TopChoice = 0 takes the
//   up-link with the most credits cc[n + t][v] of its bottom for its VC v,
//   ties to the first t at or after the up pointer, which then moves past t;
//   a = 1 with TopChoice = 1 takes t = upd8(0x00, {rnd, p}) mod M, where rnd
//   is a 16-bit Galois LFSR (taps 0xB400, reset 0xACE1) that steps after
//   every such choice (the seed's random top, [ACK12 §5.3]); a = 0 takes the
//   flow's hashed top, upd8(0x00, (dest << 6 | p) ^ hash) mod M (CRC-8, poly
//   0x07, over 22 bits MSB first), and the pointer stays.
//   HyperX (Hx = 1, 2; docs/nwn-arch.md 1.6): a packet that leaves its
//   subswitch s = p / HS takes a channel output. hxv: through the
//   intermediate mid = (a ? upd8(0, {rnd, p}) : the flow's hash) mod HS^2 (the
//   LFSR steps as above), x first on channel 0 with ext = (my - y) mod HS in
//   tgt_o's top two bits, else y on channel 0, else (mid = s) on channel 1
//   toward q. hxm: its two candidates (two hops: x or y on channel 0; one
//   hop: channel 0 or 1 of that dimension), a = 1 the most credits cc[c][v]
//   (ties from a one-bit pointer, which moves past the choice), a = 0 bit 0
//   of the flow's hash.
//   Folded torus (Ft = 1, k = 64; docs/nwn-arch.md 1.8): a packet to another
//   port takes x, then y, the shorter way round (ties +), on one channel a
//   dimension: where the dimension's segment crosses channel 0's dateline
//   (the link between 7 and 0) channel 1, where it crosses channel 1's
//   (between 3 and 4) channel 0, else either: a = 0 bit d of the flow's
//   hash, a = 1 the first dimension's by the most credits cc[c][v] of its
//   two channel outputs (ties from bit 0 of a two-bit counter) and the
//   second's by bit 1 of the counter, which steps after every a = 1 route.
//   ext = the channels of x and y (bits 0, 1) in tgt_o's top two bits.
// Parameters:
//   NumPorts  k, power of two, 4..64.
//   R, M, Bb  organization (docs/nwn-arch.md section 3): n = k/R ports per
//             bottom; bb: u = (k/2)/M up ports per top; cn is R = 1, M = 0.
//   SelfTurn  0/1: with 0 a packet to its own input port drops (SELF).
//   TopChoice 0: most credits (up pointer); 1: pseudo-random (LFSR).
//   NumVcs    1..4.
//   CrW       width of the bottom's up-link credit counters, 1..8.
//   TgtW      width of tgt_o, enough for the first subswitch's outputs, 1..6
//             (HyperX: and two bits of ext above them).
//   Hx        0; 1 hxv, 2 hxm (R = 1, M = 0, k = 8 or 64): HS = k^(1/3).
//   Ft        0; 1 ftd (R = 1, M = 0, Hx = 0, k = 64).
// Ports / protocol:
//   port_id_i   p, this input port (constant per instance, an input so that
//               every port shares one module).
//   en_i        a route with port q_i for VC vc_i is registered this cycle (the
//               IU's rc_route): an adaptive choice then moves the up pointer.
//   head_i, hash_i  the routed packet's head phit (dest, a) and its hash
//               phit's data (0 without h), for the choice of the top.
//   cc_t_vc_i   cc[n + t][v] of p's bottom, flat (t*NumVcs + v)*CrW, start of
//               cycle (HyperX: cc[HS + c][v] of its 4(HS-1) channel outputs
//               c; folded torus: cc[1 + c][v] of its 8). Unused for a bb up
//               port.
//   tgt_o, drop_o, reason_o   combinational from q_i, vc_i, p, cc and the
//               pointer: the first hop, or DROP with reason 5 SELF / 6 UPUP.
//               The SELF check comes first. Meaningful with en_i.
// First hop (p port, q output port, b = p/n):
//   q = p, SelfTurn = 0            DROP SELF
//   bb, p >= k/2: q < k/2          q / n (down-link to the bottom of q)
//                 q >= k/2         DROP UPUP
//   bb, p < k/2, q >= k/2          n + (q - k/2) / u (the top that hosts q)
//   q / n = b                      q mod n (port output of the bottom)
//   otherwise (fc, bb turning)     n + t, t adaptive (a = 1) or hashed (a = 0)
//   HyperX: q / HS = p / HS        q mod HS; otherwise {ext, channel} above
//   folded torus: q = p            0 (its port); otherwise {ext, channel} above
// Latency: 0 (combinational); pointer update 1 cycle.
// Cost: TopChoice 0: ceil(log2 M) pointer flops and an M-way nr_max_pick over CrW-bit
//   credits with a cyclic tie break; TopChoice 1: 16 LFSR flops and a second
//   22-bit CRC-8 XOR network with a modulo by M; a 22-bit CRC-8 XOR network and an 8-bit modulo by the
//   constant M; a few 6-bit compares and constant shifts.
`default_nettype none
`include "nr_assert.svh"

module nr_nwn_fhop #(
  parameter int NumPorts = 64,
  parameter int R        = 16,
  parameter int M        = 4,
  parameter int Bb       = 0,
  parameter int SelfTurn = 0,
  parameter int TopChoice = 0,
  parameter int NumVcs   = 2,
  parameter int CrW      = 5,
  parameter int TgtW     = 3,
  parameter int Hx       = 0,
  parameter int Ft       = 0,
  localparam int PortW   = nr_pkg::ROUTE_PORT_W,
  localparam int VcW     = nr_pkg::idx_w(NumVcs),
  localparam int MN      = (M > 0) ? M : 1,
  localparam int HS      = (NumPorts == 8) ? 2 : 4,        // HyperX side
  localparam int HPer    = 2 * (HS - 1),                  // its channels per dimension
  localparam int NC      = (Ft != 0) ? 8 : (Hx != 0) ? 2 * HPer : MN  // cc_t_vc_i's counters
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic [PortW-1:0]        port_id_i,
  input  logic                    en_i,
  input  logic [VcW-1:0]          vc_i,
  input  logic [PortW-1:0]        q_i,
  input  logic [nr_pkg::PHIT_W-1:0] head_i,
  input  logic [nr_pkg::DATA_W-1:0] hash_i,
  input  logic [NC*NumVcs*CrW-1:0] cc_t_vc_i,
  output logic [TgtW-1:0]         tgt_o,
  output logic                    drop_o,
  output logic [2:0]              reason_o
);

  `NR_PARAM_ASSERT(p_numports, NumPorts >= 4 && NumPorts <= 64 && (NumPorts & (NumPorts - 1)) == 0)
  `NR_PARAM_ASSERT(p_r, R >= 1 && R <= NumPorts && (R & (R - 1)) == 0)
  `NR_PARAM_ASSERT(p_m, M >= 0 && M <= 16 && ((R == 1) == (M == 0)))
  `NR_PARAM_ASSERT(p_bb, Bb == 0 || (Bb == 1 && R >= 2 && M >= 1 && (NumPorts / 2) % M == 0))
  `NR_PARAM_ASSERT(p_selfturn, SelfTurn == 0 || SelfTurn == 1)
  `NR_PARAM_ASSERT(p_topchoice, TopChoice == 0 || TopChoice == 1)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_crw, CrW >= 1 && CrW <= 8)
  `NR_PARAM_ASSERT(p_tgtw, TgtW >= 1 && TgtW <= 6)
  `NR_PARAM_ASSERT(p_hx, Hx >= 0 && Hx <= 2 &&
                   (Hx == 0 || (R == 1 && (NumPorts == 8 || NumPorts == 64))))
  `NR_PARAM_ASSERT(p_ft, (Ft == 0 || Ft == 1) && (Ft == 0 || (R == 1 && Hx == 0 && NumPorts == 64)))

  localparam int N    = NumPorts / R;                    // ports per bottom
  localparam int HALF = NumPorts / 2;
  localparam int U    = (Bb != 0) ? HALF / MN : 1;       // bb: up ports per top
  localparam logic [2:0] REASON_SELF = 3'd5;
  localparam logic [2:0] REASON_UPUP = 3'd6;
  localparam int  NLoc  = (Ft != 0) ? 1 : (Hx != 0) ? HS : N;   // ports of p's first subswitch
  localparam int  NPick = (Hx != 0 || Ft != 0) ? 2 : MN;      // candidates of the most credits
  localparam bit  PICK  = (Hx == 2) || (Ft != 0) || (Hx == 0 && M > 0 && TopChoice == 0);

  logic [PortW-1:0] p, q;
  logic             self_d, up_port, to_up, same_bot, adapt;
  assign p        = port_id_i;
  assign q        = q_i;
  assign self_d   = (SelfTurn == 0) && q == p;
  assign up_port  = (Bb != 0) && 32'(p) >= HALF;
  assign to_up    = (Bb != 0) && 32'(q) >= HALF;
  assign same_bot = 32'(q) / NLoc == 32'(p) / NLoc;
  assign adapt    = !self_d && !up_port && !to_up && !same_bot;

  // ---------------------------------------------------------------- choice
  // The adaptive first hop: fc / bb the up-link n + t (tup); HyperX (doc
  // 1.6) {ext, channel output}. Its pieces: the flow's hash h8 (a = 0), the
  // LFSR draw r8 (fc with TopChoice = 1, hxv), the most credits over NPick
  // candidates with the up pointer (fc with TopChoice = 0, hxm).
  logic [TgtW-1:0] tup;
  if (M == 0 && Hx == 0 && Ft == 0) begin : g_noup
    // cn: one bottom, every packet turns locally
    assign tup = '0;
    logic unused_up;
    assign unused_up = ^{clk_i, rst_ni, en_i, vc_i, cc_t_vc_i, adapt, head_i, hash_i};
  end else begin : g_up
    localparam bit RND  = (Hx == 1) || (Hx == 0 && Ft == 0 && TopChoice == 1);
    localparam int PW   = nr_pkg::idx_w(NPick);
    localparam int DW   = nr_pkg::DATA_W;
    logic [7:0]    h8, r8;
    logic [PW-1:0] best, ptr_q;
    logic          is_a, step, cnt1;
    assign is_a = head_i[nr_pkg::HEAD_A_BIT];
    assign step = en_i && adapt && is_a;
    logic unused_head;
    assign unused_head = ^head_i; // only dest and a are used
    // a = 0: upd8(0x00, (dest << 6 | p) ^ hash)
    nr_crc8_upd #(.DataW(DW)) u_hash (
      .crc_i (8'h00),
      .data_i(DW'({head_i[nr_pkg::HEAD_DEST_LSB +: nr_pkg::HEAD_DEST_W], p}) ^ hash_i),
      .crc_o (h8)
    );
    // HyperX (doc 1.6): s = p / HS at (x, y), d = q / HS at (dx, dy); hxm's
    // two candidates (channel outputs, less HS: their cc index); hxv's first
    // hop and ext through mid; out(dim, o, c) = HS + dim*HPer + 2*rank + c
    logic [7:0]      hc0, hc1;   // hxm's candidates' cc indexes
    logic [TgtW-1:0] hx_v, hx_m;
    int sx, sy, dx, dy;
    assign sx = (32'(p) / HS) % HS;
    assign sy = (32'(p) / HS) / HS;
    assign dx = (32'(q) / HS) % HS;
    assign dy = (32'(q) / HS) / HS;
    // hxm: two hops, channel 0 of either dimension; one hop, either channel
    always_comb begin
      int dim1, o1;
      dim1 = (dx == sx) ? 1 : 0;
      o1   = (dim1 != 0) ? dy : dx;
      if (dx != sx && dy != sy) begin
        hc0 = 8'(2 * (dx - ((dx < sx) ? 0 : 1)));
        hc1 = 8'(HPer + 2 * (dy - ((dy < sy) ? 0 : 1)));
      end else begin
        hc0 = 8'(dim1 * HPer + 2 * (o1 - ((o1 < ((dim1 != 0) ? sy : sx)) ? 0 : 1)));
        hc1 = hc0 + 8'd1;
      end
    end
    assign hx_m = TgtW'(HS + (((is_a ? best[0] : h8[0]) != 1'b0) ? 32'(hc1) : 32'(hc0)));
    // hxv: through mid
    always_comb begin
      int mid, mx, my, dim, o, c, ext;
      mid = (is_a ? 32'(r8) : 32'(h8)) % (HS * HS);
      mx  = mid % HS;
      my  = mid / HS;
      ext = 0;
      if (mid == 32'(p) / HS) begin
        dim = (dx != sx) ? 0 : 1;
        o   = (dx != sx) ? dx : dy;
        c   = 1;
      end else if (mx != sx) begin
        dim = 0;
        o   = mx;
        c   = 0;
        ext = (my - sy + HS) % HS;
      end else begin
        dim = 1;
        o   = my;
        c   = 0;
      end
      hx_v = TgtW'((ext << (TgtW - 2)) +
                   HS + dim * HPer + 2 * (o - ((o < ((dim != 0) ? sy : sx)) ? 0 : 1)) + c);
    end
    // folded torus (doc 1.8): per dimension d, the direction (neg: -) and
    // the channels its segment may take (ok0: it does not cross the link
    // between 7 and 0; ok1: not the one between 3 and 4)
    logic [1:0]      fneg, fmov, fok0, fok1, fext;
    logic            fd0;         // the first dimension: 0 x, 1 y
    logic [7:0]      fc0;         // its channel 0, the cc index
    logic [TgtW-1:0] ft_t;
    always_comb begin
      int a, b, ra, rb;
      for (int d = 0; d < 2; d++) begin
        a  = (d == 0) ? 32'(p) % 8 : 32'(p) / 8;
        b  = (d == 0) ? 32'(q) % 8 : 32'(q) / 8;
        ra = (a + 4) % 8;
        rb = (b + 4) % 8;
        fmov[d] = a != b;
        fneg[d] = (b - a + 8) % 8 > 4;
        fok0[d] = a != b && ((fneg[d] != 1'b0) ? b < a : b > a);
        fok1[d] = a != b && ((fneg[d] != 1'b0) ? rb < ra : rb > ra);
      end
    end
    assign fd0 = !fmov[0];
    assign fc0 = 8'(2 * (2 * 32'(fd0) + 32'(fneg[fd0])));
    // the channel of each dimension: the one it may take, else the choice
    for (genvar d = 0; d < 2; d++) begin : g_fext
      assign fext[d] = !(fok0[d] && fok1[d]) ? fok1[d] :
                       !is_a ? h8[d] : (d == 32'(fd0)) ? best[0] : cnt1;
    end
    assign ft_t = TgtW'((32'(fext) << (TgtW - 2)) + 1 + 32'(fc0) + 32'(fext[fd0]));
    // the candidates' credits on the packet's VC
    logic [NPick*CrW-1:0] score;
    for (genvar t = 0; t < NPick; t++) begin : g_t
      logic [CrW-1:0] sc;
      always_comb begin
        int ci;
        ci = (Ft != 0) ? 32'(fc0) + t : (Hx == 0) ? t : (t == 0) ? 32'(hc0) : 32'(hc1);
        sc = '0;
        for (int c = 0; c < NC; c++) begin
          for (int v = 0; v < NumVcs; v++) begin
            if (ci == c && 32'(vc_i) == v) sc = cc_t_vc_i[(c*NumVcs + v)*CrW +: CrW];
          end
        end
      end
      assign score[t*CrW +: CrW] = sc;
    end
    // most credits; ties to the first at or after the pointer (cyclic), which
    // moves past every adaptive choice
    if (PICK) begin : g_credits
      logic           any_t;
      logic [CrW-1:0] max_t;
      logic [PW-1:0]  ptr_d;
      nr_max_pick #(.N(NPick), .ScW(CrW)) u_pick (
        .cand_i ({NPick{1'b1}}),
        .score_i(score),
        .ptr_i  (ptr_q),
        .any_o  (any_t),
        .max_o  (max_t),
        .best_o (best)
      );
      logic unused_pick;
      assign unused_pick = ^{any_t, max_t};
      if (Ft == 0) begin : g_ptr
        assign ptr_d = step ? ((32'(best) == NPick - 1) ? '0 : best + 1'b1) : ptr_q;
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) ptr_q <= '0;
          else         ptr_q <= ptr_d;
        end
        assign cnt1 = 1'b0;
      end else begin : g_cnt
        // doc 1.8: a two-bit counter of the a = 1 routes; bit 0 breaks the
        // first dimension's ties, bit 1 is the second dimension's channel
        logic [1:0] cnt_q;
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni)   cnt_q <= '0;
          else if (step) cnt_q <= cnt_q + 2'd1;
        end
        assign ptr_d = cnt_q[0];
        assign ptr_q = ptr_d;
        assign cnt1  = cnt_q[1];
      end
      `NR_ASSERT(a_ptr_range, 32'(ptr_q) < NPick, clk_i, rst_ni)
    end else begin : g_nopick
      assign best  = '0;
      assign ptr_q = '0;
      assign cnt1  = 1'b0;
      logic unused_score;
      assign unused_score = ^{score, ptr_q, best, cnt1};
    end
    // pseudo-random: a 16-bit Galois LFSR (taps 0xB400, reset 0xACE1) that
    // steps after every adaptive choice; r8 = upd8(0, {rnd, p})
    if (RND) begin : g_random
      logic [15:0] rnd_q, rnd_d;
      nr_crc8_upd #(.DataW(DW)) u_rnd (
        .crc_i (8'h00),
        .data_i(DW'({rnd_q, p})),
        .crc_o (r8)
      );
      assign rnd_d = step ? ({1'b0, rnd_q[15:1]} ^ (rnd_q[0] ? 16'hB400 : 16'h0000)) : rnd_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) rnd_q <= 16'hACE1;
        else         rnd_q <= rnd_d;
      end
    end else begin : g_norandom
      assign r8 = '0;
    end
    if (Ft != 0) begin : g_ft
      assign tup = ft_t;
      logic unused_hx;
      assign unused_hx = ^{hx_v, hx_m, fmov};
    end else if (Hx == 0) begin : g_top
      // fc / bb: t = a ? the adaptive choice : h8 mod M
      logic [PW-1:0] tsel;
      assign tsel = is_a ? (RND ? PW'(32'(r8) % M) : best) : PW'(32'(h8) % M);
      assign tup  = TgtW'(N + 32'(tsel));
      logic unused_hx;
      assign unused_hx = ^{hx_v, hx_m, ft_t, fmov, cnt1};
    end else begin : g_hx
      assign tup = (Hx == 1) ? hx_v : hx_m;
      logic unused_hx;
      assign unused_hx = ^{hx_v, hx_m, ft_t, fmov, cnt1};
    end
  end

  // ---------------------------------------------------------------- decision
  always_comb begin
    drop_o   = 1'b0;
    reason_o = 3'd0;
    tgt_o    = '0;
    if (self_d) begin
      drop_o   = 1'b1;
      reason_o = REASON_SELF;
    end else if (up_port) begin
      if (32'(q) < HALF) begin
        tgt_o = TgtW'(32'(q) / N);
      end else begin
        drop_o   = 1'b1;
        reason_o = REASON_UPUP;
      end
    end else if (to_up) begin
      tgt_o = TgtW'(N + (32'(q) - HALF) / U);
    end else if (same_bot) begin
      tgt_o = TgtW'(32'(q) % NLoc);
    end else begin
      tgt_o = tup;
    end
  end

endmodule
