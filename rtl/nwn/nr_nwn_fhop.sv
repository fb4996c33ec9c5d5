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
// Parameters:
//   NumPorts  k, power of two, 4..64.
//   R, M, Bb  organization (docs/nwn-arch.md section 3): n = k/R ports per
//             bottom; bb: u = (k/2)/M up ports per top; cn is R = 1, M = 0.
//   SelfTurn  0/1: with 0 a packet to its own input port drops (SELF).
//   TopChoice 0: most credits (up pointer); 1: pseudo-random (LFSR).
//   NumVcs    1..4.
//   CrW       width of the bottom's up-link credit counters, 1..8.
//   TgtW      width of tgt_o, enough for the first subswitch's outputs, 1..6.
// Ports / protocol:
//   port_id_i   p, this input port (constant per instance, an input so that
//               every port shares one module).
//   en_i        a route with port q_i for VC vc_i is registered this cycle (the
//               IU's rc_route): an adaptive choice then moves the up pointer.
//   head_i, hash_i  the routed packet's head phit (dest, a) and its hash
//               phit's data (0 without h), for the choice of the top.
//   cc_t_vc_i   cc[n + t][v] of p's bottom, flat (t*NumVcs + v)*CrW, start of
//               cycle. Unused for a bb up port.
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
  localparam int PortW   = nr_pkg::ROUTE_PORT_W,
  localparam int VcW     = nr_pkg::idx_w(NumVcs),
  localparam int MN      = (M > 0) ? M : 1
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic [PortW-1:0]        port_id_i,
  input  logic                    en_i,
  input  logic [VcW-1:0]          vc_i,
  input  logic [PortW-1:0]        q_i,
  input  logic [nr_pkg::PHIT_W-1:0] head_i,
  input  logic [nr_pkg::DATA_W-1:0] hash_i,
  input  logic [MN*NumVcs*CrW-1:0] cc_t_vc_i,
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

  localparam int N    = NumPorts / R;                    // ports per bottom
  localparam int HALF = NumPorts / 2;
  localparam int U    = (Bb != 0) ? HALF / MN : 1;       // bb: up ports per top
  localparam logic [2:0] REASON_SELF = 3'd5;
  localparam logic [2:0] REASON_UPUP = 3'd6;

  logic [PortW-1:0] p, q;
  logic             self_d, up_port, to_up, same_bot, adapt;
  assign p        = port_id_i;
  assign q        = q_i;
  assign self_d   = (SelfTurn == 0) && q == p;
  assign up_port  = (Bb != 0) && 32'(p) >= HALF;
  assign to_up    = (Bb != 0) && 32'(q) >= HALF;
  assign same_bot = 32'(q) / N == 32'(p) / N;
  assign adapt    = !self_d && !up_port && !to_up && !same_bot;

  // ---------------------------------------------------------------- up-link
  logic [TgtW-1:0] tup;
  if (M == 0) begin : g_noup
    // cn: one bottom, every packet turns locally
    assign tup = '0;
    logic unused_up;
    assign unused_up = ^{clk_i, rst_ni, en_i, vc_i, cc_t_vc_i, adapt, head_i, hash_i};
  end else begin : g_up
    localparam int MW = nr_pkg::idx_w(M);
    logic [MW-1:0]  ptr_q, ptr_d, best;
    logic [M*CrW-1:0] score;
    for (genvar t = 0; t < M; t++) begin : g_t
      logic [CrW-1:0] sc;
      always_comb begin
        sc = '0;
        for (int v = 0; v < NumVcs; v++) begin
          if (32'(vc_i) == v) sc = cc_t_vc_i[(t*NumVcs + v)*CrW +: CrW];
        end
      end
      assign score[t*CrW +: CrW] = sc;
    end
    // most credits; ties to the first t at or after the pointer (cyclic)
    logic           any_t;
    logic [CrW-1:0] max_t;
    nr_max_pick #(.N(M), .ScW(CrW)) u_pick (
      .cand_i ({M{1'b1}}),
      .score_i(score),
      .ptr_i  (ptr_q),
      .any_o  (any_t),
      .max_o  (max_t),
      .best_o (best)
    );
    logic unused_pick;
    assign unused_pick = ^{any_t, max_t};
    // a = 0: the flow's top, upd8(0x00, (dest << 6 | p) ^ hash) mod M
    localparam int DW = nr_pkg::DATA_W;
    logic [DW-1:0] key;
    logic [7:0]    h8;
    logic [MW-1:0] hashed;
    logic          is_a;
    assign is_a = head_i[nr_pkg::HEAD_A_BIT];
    logic unused_head;
    assign unused_head = ^head_i; // only dest and a are used
    assign key  = DW'({head_i[nr_pkg::HEAD_DEST_LSB +: nr_pkg::HEAD_DEST_W], p}) ^ hash_i;
    nr_crc8_upd #(.DataW(DW)) u_hash (
      .crc_i (8'h00),
      .data_i(key),
      .crc_o (h8)
    );
    assign hashed = MW'(32'(h8) % M);
    logic [MW-1:0] tsel, adapt_t;
    assign tsel  = is_a ? adapt_t : hashed;
    assign tup   = TgtW'(N + 32'(tsel));
    if (TopChoice == 0) begin : g_credits
      // most credits, the up pointer moves past every adaptive choice
      assign adapt_t = best;
      assign ptr_d = (en_i && adapt && is_a) ? ((32'(best) == M - 1) ? '0 : best + 1'b1) : ptr_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) ptr_q <= '0;
        else         ptr_q <= ptr_d;
      end
      `NR_ASSERT(a_ptr_range, 32'(ptr_q) < M, clk_i, rst_ni)
    end else begin : g_random
      // pseudo-random: a 16-bit Galois LFSR (taps 0xB400, reset 0xACE1) that
      // steps after every adaptive choice; t = upd8(0, {rnd, p}) mod M
      logic [15:0] rnd_q, rnd_d;
      logic [7:0]  r8;
      nr_crc8_upd #(.DataW(DW)) u_rnd (
        .crc_i (8'h00),
        .data_i(DW'({rnd_q, p})),
        .crc_o (r8)
      );
      assign adapt_t = MW'(32'(r8) % M);
      assign rnd_d   = (en_i && adapt && is_a) ? ({1'b0, rnd_q[15:1]} ^ (rnd_q[0] ? 16'hB400 : 16'h0000))
                                               : rnd_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) rnd_q <= 16'hACE1;
        else         rnd_q <= rnd_d;
      end
      assign ptr_q = '0;
      assign ptr_d = '0;
      logic unused_best;
      assign unused_best = ^{best, ptr_d};
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
      tgt_o = TgtW'(32'(q) % N);
    end else begin
      tgt_o = tup;
    end
  end

endmodule
