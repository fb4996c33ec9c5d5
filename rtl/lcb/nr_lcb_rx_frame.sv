// nr_lcb_rx_frame.sv - LCB RX framing: phit classes, packet state, the
// running CRC, the clip, and the phit to forward (§3, §4, §8.1, §8.2).
//
// Purpose: the framing half of the LCB receiver (docs/link-protocol.md §3,
//   §8.1-8.3). Classifies the received link phit with the bit fin (inside a
//   packet on the link): F=1 opens a packet (HEAD) or continues it (BODY);
//   F=0 inside a packet is a PAD if data[21:20] = 3 (ignored, never
//   forwarded), else the EOP; F=0 outside a packet is idle-class. Holds the
//   packet state (fin, in_pkt, skip, length, VC) and the running CRC-16 over
//   the forwarded HEAD and BODY data, clips a packet at cfg_max_len (the
//   phit in its place becomes a TX_ERR EOP and the rest is skipped), skips a
//   duplicate packet, and says what this cycle forwards (cut-through: phits
//   go on before the CRC is known). The verdict on an EOP is nr_lcb_rx_seq's.
// Parameters:
//   NumVcs     virtual channels, 1..4. A head's vc field is taken mod NumVcs.
//   MaxPktLen  longest packet, 2..255; sizes the length counter.
// Ports:
//   cfg_max_len_i  clip length, 2..MaxPktLen (asserted), held constant.
//   link_rx_i      the link phit of this cycle: F = bit 23, data = 21:0.
//   dup_i          the HEAD of this cycle is a duplicate: skip its packet
//                  (nr_lcb_rx_seq).
//   is_head_o, is_pad_o, is_eop_o, is_idle_o   the class of link_rx_i (§3,
//                  second table; a BODY is the rest).
//   skip_o         the packet on the link is being skipped (state).
//   crc_o, pvc_o   the packet's running CRC and VC (state): an EOP's verdict
//                  uses them, in its own cycle or the next one (unchanged).
//   crc_ld_o       the CRC loads this cycle (a forwarded HEAD or BODY).
//   clip_o         RX_CLIP: this BODY is the phit at cfg_max_len.
//   err_eop_o      the packet's TX_ERR EOP {EOP, TX_ERR, 0, upd6(crc, hi)}.
//   fwd_o, fwd_phit_o, fwd_vc_o, fwd_bad_o   a core phit is forwarded this
//                  cycle: a HEAD, a BODY or, at a clip, err_eop_o with
//                  fwd_bad_o. fwd_phit_o and fwd_vc_o only mean anything with
//                  fwd_o. An EOP forwards nothing here (the verdict does).
// Latency: 0 (combinational from link_rx_i, dup_i and state).
// Cost: 16 CRC, clog2(MaxPktLen) len, 2 pvc and 3 single-bit state flops;
//   CRC-16 trees of 22 and 6 bits.
`default_nettype none
`include "nr_assert.svh"

module nr_lcb_rx_frame #(
  parameter int NumVcs    = 2,
  parameter int MaxPktLen = 64,
  localparam int LenW     = $clog2(MaxPktLen)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [7:0]  cfg_max_len_i,
  input  logic [23:0] link_rx_i,
  input  logic        dup_i,
  output logic        is_head_o,
  output logic        is_pad_o,
  output logic        is_eop_o,
  output logic        is_idle_o,
  output logic        skip_o,
  output logic [15:0] crc_o,
  output logic [1:0]  pvc_o,
  output logic        crc_ld_o,
  output logic        clip_o,
  output logic [23:0] err_eop_o,
  output logic        fwd_o,
  output logic [23:0] fwd_phit_o,
  output logic [1:0]  fwd_vc_o,
  output logic        fwd_bad_o
);

  `NR_PARAM_ASSERT(p_num_vcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_max_pkt_len, MaxPktLen >= 2 && MaxPktLen <= 255)

  localparam logic [1:0] K_BODY   = 2'(nr_pkg::KIND_BODY);
  localparam logic [1:0] K_HEAD   = 2'(nr_pkg::KIND_HEAD);
  localparam logic [1:0] K_EOP    = 2'(nr_pkg::KIND_EOP);
  localparam logic [1:0] OK_PAD   = 2'(nr_pkg::OK_RSVD);   // a PAD is an "EOP" with ok = 3
  localparam logic [5:0] TXERR_HI = {2'(nr_pkg::OK_TX_ERR), 4'b0000};  // {ok, rsvd}

  logic            fin_q, fin_d;
  logic            in_pkt_q, in_pkt_d;
  logic            skip_q, skip_d;
  logic [LenW-1:0] len_q, len_d;
  logic [15:0]     crc_q, crc_d;
  logic [1:0]      pvc_q, pvc_d;

  // ---- classification (§3, second table) ----
  logic        f;
  logic [21:0] data;
  logic        is_head, is_body, is_pad, is_eop, is_idle;
  assign f       = link_rx_i[nr_pkg::LINK_F_BIT];
  assign data    = link_rx_i[21:0];
  assign is_head = f && !fin_q;
  assign is_body = f && fin_q;
  assign is_pad  = !f && fin_q && (data[21:20] == OK_PAD);
  assign is_eop  = !f && fin_q && (data[21:20] != OK_PAD);
  assign is_idle = !f && !fin_q;

  // ---- running CRC (§4) and the TX_ERR EOP ----
  logic [15:0] crc22, bad_crc;
  nr_crc16_upd #(.DataW(22)) u_crc22 (
    .crc_i (is_head ? 16'(nr_pkg::CRC16_INIT) : crc_q),
    .data_i(data),
    .crc_o (crc22)
  );
  nr_crc16_upd #(.DataW(6)) u_crc_bad (
    .crc_i (crc_q),
    .data_i(TXERR_HI),
    .crc_o (bad_crc)
  );

  // ---- decisions ----
  logic [1:0] hvc_mod;
  logic       clip, crc_ld;
  assign hvc_mod = 2'(32'(data[6:5]) % NumVcs);
  assign clip    = is_body && !skip_q && in_pkt_q && (32'(len_q) == 32'(cfg_max_len_i) - 1);
  assign crc_ld  = (is_head && !dup_i) || (is_body && !skip_q && !clip);

  always_comb begin
    fin_d    = fin_q;
    in_pkt_d = in_pkt_q;
    skip_d   = skip_q;
    len_d    = len_q;
    crc_d    = crc_q;
    pvc_d    = pvc_q;

    if (is_head) begin
      fin_d = 1'b1;
      if (dup_i) begin
        skip_d = 1'b1;
      end else begin
        in_pkt_d = 1'b1;
        len_d    = LenW'(1);
        pvc_d    = hvc_mod;
      end
    end

    if (is_body && !skip_q) begin
      if (clip) begin
        in_pkt_d = 1'b0;
        skip_d   = 1'b1;
      end else begin
        len_d = len_q + 1'b1;
      end
    end
    if (crc_ld) crc_d = crc22;

    // EOP: its verdict is nr_lcb_rx_seq's (16: now; 32: with the trailer).
    if (is_eop) begin
      fin_d = 1'b0;
      if (skip_q) skip_d   = 1'b0;
      else        in_pkt_d = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fin_q    <= 1'b0;
      in_pkt_q <= 1'b0;
      skip_q   <= 1'b0;
      len_q    <= '0;
      pvc_q    <= '0;
    end else begin
      fin_q    <= fin_d;
      in_pkt_q <= in_pkt_d;
      skip_q   <= skip_d;
      len_q    <= len_d;
      pvc_q    <= pvc_d;
    end
  end

  // Data, no reset: crc is loaded at every head before use.
  always_ff @(posedge clk_i) begin
    crc_q <= crc_d;
  end

  assign is_head_o  = is_head;
  assign is_pad_o   = is_pad;
  assign is_eop_o   = is_eop;
  assign is_idle_o  = is_idle;
  assign skip_o     = skip_q;
  assign crc_o      = crc_q;
  assign pvc_o      = pvc_q;
  assign crc_ld_o   = crc_ld;
  assign clip_o     = clip;
  assign err_eop_o  = {K_EOP, TXERR_HI, bad_crc};
  assign fwd_o      = (is_head && !dup_i) || (is_body && !skip_q);
  assign fwd_phit_o = is_head ? {K_HEAD, data} : clip ? err_eop_o : {K_BODY, data};
  assign fwd_vc_o   = is_head ? hvc_mod : pvc_q;
  assign fwd_bad_o  = clip;

  // cfg_max_len is 8 bits and MaxPktLen <= 255 (§2): at 255 the upper bound
  // always holds, and only the lower one is checked.
  if (MaxPktLen < 255) begin : g_max_len_chk
    `NR_ASSERT(a_cfg_max_len, cfg_max_len_i >= 8'd2 && 32'(cfg_max_len_i) <= MaxPktLen,
               clk_i, rst_ni)
  end else begin : g_max_len_chk_lo
    `NR_ASSERT(a_cfg_max_len, cfg_max_len_i >= 8'd2, clk_i, rst_ni)
  end
  // Framing invariant: inside a link packet the packet is either forwarded
  // or skipped, never both; outside, neither.
  `NR_ASSERT(a_fin_owned, fin_q ? (in_pkt_q ^ skip_q) : (!in_pkt_q && !skip_q), clk_i, rst_ni)

endmodule
