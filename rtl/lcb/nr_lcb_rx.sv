// nr_lcb_rx.sv - LCB receive side: deframing, link CRC, recovery, markers, clip.
//
// Purpose: turns the received link phit stream into core phits for the input
//   queue (docs/link-protocol.md §3, §4, §6, §8.1-8.3). Phits are forwarded
//   before the CRC is known (cut-through); the EOP says whether the packet was
//   good on this link. The control channel (C bits) is handled by
//   nr_lcb_ctl_defr, not here. Blocks:
//     nr_lcb_rx_frame  §3, §8.1, §8.2 classification with fin (HEAD, BODY,
//                      PAD, EOP, idle-class), packet state, running CRC,
//                      clip, duplicate skip, the phit to forward
//     nr_lcb_rx_seq    §4, §6, §8.3 the verdict on an EOP (L against E),
//                      E, rec, epoch, dupl, armed, replay markers
//   and here: the output register, with LinkCrcW = 32 the trailer check and
//   the stage in front of it (§4.1, §8.3 "The trailer"), and the events.
// Parameters:
//   NumVcs     virtual channels, 1..4. A head's vc field is taken mod NumVcs.
//   MaxPktLen  longest packet, 2..255; sizes the length counter.
//   LinkCrcW   16 or 32. With 32 (§4.1, §8.3 "The trailer") an EOP only
//              holds its verdict; the next phit, the trailer with the second
//              CRC-16 (0x8BB7), decides it. Forwarded phits then pass a stage
//              register st, and the verdict goes to the output register
//              directly, so every phit is one cycle later than with 16.
// Ports:
//   cfg_max_len_i  clip length, 2..MaxPktLen (asserted), held constant.
//   link_rx_i      the link phit of this cycle: F = bit 23, C = bit 22 (unused
//                  here), data = bits 21:0.
//   rx_valid_o, rx_phit_o, rx_vc_o, rx_bad_o   registered output (§8.1): a
//                  phit received in cycle t appears in t+1 (t+2 with
//                  LinkCrcW = 32; an EOP's verdict too). rx_phit_o is a
//                  core phit (kind in 23:22); rx_bad_o is meaningful with the
//                  EOP. No backpressure. Data outputs hold when !rx_valid_o.
//   ack_o, epoch_o the registers E and epoch (start of cycle), for the
//                  control word that the local TX sends.
//   ev_o           events 8..13 of §9 (RX_OK, RX_CRC, RX_CLIP, RX_DUP,
//                  RX_MARKER, RX_IDLE_BAD), combinational from link_rx_i.
//                  With LinkCrcW = 32, RX_OK and RX_CRC come in the cycle
//                  after the EOP (the trailer's, or the phit in its place).
// Latency: 1 cycle, link_rx_i to rx_*_o (2 with LinkCrcW = 32).
// Cost: 24+2+1+1 output flops here, and the blocks': 16 CRC, 7 E, 7 dupl,
//   clog2(MaxPktLen) len, 2 pvc and 6 single-bit state flops; CRC-16 trees
//   of 22, 6, 7 and 6 bits and one 14-bit CRC-8 tree (marker check).
//   LinkCrcW = 32 adds 28 stage flops, 16 bcrc, 22 for the held EOP's data
//   and 2 (vp, aft), and 0x8BB7 trees of 22, 6 and 7 bits, all here.
`default_nettype none
`include "nr_assert.svh"

module nr_lcb_rx #(
  parameter int NumVcs    = 2,
  parameter int MaxPktLen = 64,
  parameter int LinkCrcW  = 16
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [7:0]  cfg_max_len_i,
  input  logic [23:0] link_rx_i,
  output logic        rx_valid_o,
  output logic [23:0] rx_phit_o,
  output logic [1:0]  rx_vc_o,
  output logic        rx_bad_o,
  output logic [6:0]  ack_o,
  output logic        epoch_o,
  output logic [5:0]  ev_o
);

  `NR_PARAM_ASSERT(p_num_vcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_max_pkt_len, MaxPktLen >= 2 && MaxPktLen <= 255)
  `NR_PARAM_ASSERT(p_link_crc_w, LinkCrcW == 16 || LinkCrcW == 32)

  // ---- output register ----
  logic            ov_q, ov_d;          // rx_valid
  logic [23:0]     oph_q, oph_d;
  logic [1:0]      ovc_q, ovc_d;
  logic            obad_q, obad_d;
  // What this cycle forwards (f*, the "forward" of §8.3; fhold and fvchold
  // when nothing) and the verdict on a packet (dec: 16, the EOP's own cycle;
  // 32, the cycle after it).
  logic            fv, fbad, dec;
  logic [23:0]     fph, fhold;
  logic [1:0]      fvc, fvchold;
  // What the output register takes when no verdict comes: the stage (32) or
  // this cycle's forward (16).
  logic            nxt_v, nxt_bad;
  logic [23:0]     nxt_ph;
  logic [1:0]      nxt_vc;

  // ---- framing (§3, §8.1, §8.2) ----
  logic        is_head, is_pad, is_eop, is_idle, skip, crc_ld, clip, dup;
  logic [15:0] crc;
  logic [1:0]  pvc, fwd_vc;
  logic [23:0] err_eop, fwd_ph;
  nr_lcb_rx_frame #(
    .NumVcs   (NumVcs),
    .MaxPktLen(MaxPktLen)
  ) u_frame (
    .clk_i,
    .rst_ni,
    .cfg_max_len_i,
    .link_rx_i,
    .dup_i     (dup),
    .is_head_o (is_head),
    .is_pad_o  (is_pad),
    .is_eop_o  (is_eop),
    .is_idle_o (is_idle),
    .skip_o    (skip),
    .crc_o     (crc),
    .pvc_o     (pvc),
    .crc_ld_o  (crc_ld),
    .clip_o    (clip),
    .err_eop_o (err_eop),
    .fwd_o     (fv),
    .fwd_phit_o(fwd_ph),
    .fwd_vc_o  (fwd_vc),
    .fwd_bad_o (fbad)
  );
  assign fph = fv ? fwd_ph : fhold;
  assign fvc = fv ? fwd_vc : fvchold;

  // ---- verdict, sequence and recovery (§4, §6, §8.3) ----
  // deop: the data of the EOP being decided, the received one with 16, the
  // held one (in the cycle after it) with 32. crc, pvc and E are unchanged
  // between an EOP and its verdict.
  logic        trl_here, trl_good, good, bad, marker;
  logic [21:0] data, deop;
  logic [23:0] dph;
  logic [6:0]  e;
  assign data = link_rx_i[21:0];
  nr_lcb_rx_seq u_seq (
    .clk_i,
    .rst_ni,
    .data_i   (data),
    .is_head_i(is_head),
    .is_idle_i(is_idle),
    .clip_i   (clip),
    .dec_i    (dec),
    .deop_i   (deop),
    .crc_i    (crc),
    .trl_ok_i (trl_good),
    .err_eop_i(err_eop),
    .ack_o    (e),
    .epoch_o,
    .dup_o    (dup),
    .good_o   (good),
    .bad_o    (bad),
    .eop_o    (dph),
    .marker_o (marker)
  );

  // ---- the output path, and the trailer (§8.1, §8.3 "The trailer") ----
  if (LinkCrcW == 32) begin : g_trl
    // vp: a verdict waits for this cycle's phit; aft: the last phit was an
    // EOP; hd: the held EOP's data (P, L and the TX_ERR EOP are computed from
    // it in the verdict cycle, §8.2's l_ok and core EOPs); bcrc: crc16b over
    // HEAD and BODY data; st: the stage in front of the output register.
    logic        vp_q, aft_q, sv_q, sbad_q;
    logic [21:0] hd_q;
    logic [15:0] bcrc_q, b22, b6, tx_exp;
    logic [23:0] sph_q;
    logic [1:0]  svc_q;
    nr_crc_upd #(.Width(16), .Poly(nr_pkg::LINK_CRC2_POLY), .DataW(22)) u_bcrc22 (
      .crc_i (is_head ? 16'(nr_pkg::LINK_CRC2_INIT) : bcrc_q),
      .data_i(data),
      .crc_o (b22)
    );
    nr_crc_upd #(.Width(16), .Poly(nr_pkg::LINK_CRC2_POLY), .DataW(6)) u_bcrc6 (
      .crc_i (bcrc_q),
      .data_i(hd_q[21:16]),
      .crc_o (b6)
    );
    nr_crc_upd #(.Width(16), .Poly(nr_pkg::LINK_CRC2_POLY), .DataW(7)) u_bcrc7 (
      .crc_i (b6),
      .data_i(e),
      .crc_o (tx_exp)
    );
    assign deop     = hd_q;
    assign dec      = vp_q;
    assign trl_here = aft_q && is_idle && (data[21:20] == 2'(nr_pkg::IDLE_TYPE_TRAILER));
    assign trl_good = trl_here && (data[19:16] == 4'b0000) && (data[15:0] == tx_exp);
    assign fhold    = sph_q;
    assign fvchold  = svc_q;
    assign nxt_v    = sv_q;
    assign nxt_ph   = sph_q;
    assign nxt_vc   = svc_q;
    assign nxt_bad  = sbad_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        vp_q   <= 1'b0;
        aft_q  <= 1'b0;
        sv_q   <= 1'b0;
        sbad_q <= 1'b0;
      end else begin
        vp_q   <= is_eop && !skip;
        aft_q  <= is_eop;
        sv_q   <= fv;
        sbad_q <= fbad;
      end
    end
    // Data, no reset: hd is loaded by the EOP that sets vp, bcrc at every
    // head; the stage data is qualified by sv_q.
    always_ff @(posedge clk_i) begin
      if (is_eop) hd_q <= data;
      if (crc_ld) bcrc_q <= b22;
      sph_q <= fph;
      svc_q <= fvc;
    end
    // The EOP's own cycle forwards nothing: a verdict never meets the stage.
    `NR_ASSERT(a_verdict_alone, !(vp_q && sv_q), clk_i, rst_ni)
  end else begin : g_no_trl
    assign deop     = data;
    assign dec      = is_eop && !skip;
    assign trl_here = 1'b0;
    assign trl_good = 1'b1;
    assign fhold    = oph_q;
    assign fvchold  = ovc_q;
    assign nxt_v    = fv;
    assign nxt_ph   = fph;
    assign nxt_vc   = fvc;
    assign nxt_bad  = fbad;
    logic unused_crc_ld;               // bcrc's load, with 32 only
    assign unused_crc_ld = crc_ld;
  end

  // The output register takes the verdict, or else nxt. They never meet: with
  // 16 one phit a cycle, with 32 the EOP's own cycle forwards nothing.
  assign ov_d   = dec || nxt_v;
  assign oph_d  = dec ? dph : nxt_ph;
  assign ovc_d  = dec ? pvc : nxt_vc;
  assign obad_d = dec ? bad : nxt_bad;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ov_q   <= 1'b0;
      obad_q <= 1'b0;
    end else begin
      ov_q   <= ov_d;
      obad_q <= obad_d;
    end
  end

  // Data registers, no reset: the output data is qualified by rx_valid_o.
  always_ff @(posedge clk_i) begin
    oph_q <= oph_d;
    ovc_q <= ovc_d;
  end

  assign rx_valid_o = ov_q;
  assign rx_phit_o  = oph_q;
  assign rx_vc_o    = ovc_q;
  assign rx_bad_o   = obad_q;
  assign ack_o      = e;

  // A trailer right after an EOP is consumed and is no RX_IDLE_BAD (§8.3).
  logic idle_bad;
  assign idle_bad = (is_idle && !marker && !trl_here
                     && !((data[21:20] == 2'(nr_pkg::IDLE_TYPE_IDLE)) && (data[19:0] == '0)))
                    || (is_pad && (data[19:0] != '0));

  // §9 bits 8..13
  assign ev_o[0] = good;                       // RX_OK
  assign ev_o[1] = bad;                        // RX_CRC
  assign ev_o[2] = clip;                       // RX_CLIP
  assign ev_o[3] = dup;                        // RX_DUP
  assign ev_o[4] = marker;                     // RX_MARKER
  assign ev_o[5] = idle_bad;                   // RX_IDLE_BAD

endmodule
