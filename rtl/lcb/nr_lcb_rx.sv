// nr_lcb_rx.sv - LCB receive side: deframing, link CRC, recovery, markers, clip.
//
// Purpose: turns the received link phit stream into core phits for the input
//   queue (docs/link-protocol.md §3, §4, §6, §8.1-8.3). Framing uses the bit
//   fin (inside a packet on the link): F=1 opens a packet (HEAD) or continues
//   it (BODY); F=0 inside a packet is a PAD if data[21:20] = 3 (ignored, never
//   forwarded), else the EOP; F=0 outside a packet is idle-class. Phits are forwarded
//   before the CRC is known (cut-through); the EOP says whether the packet was
//   good on this link. The control channel (C bits) is handled by
//   nr_lcb_ctl_defr, not here.
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
// Cost: 24+2+1+1 output flops, 16 CRC, 7 E, 7 dupl, clog2(MaxPktLen) len,
//   2 pvc and 7 single-bit state flops; CRC-16 trees of 22, 6, 7 and 6 bits
//   and one 14-bit CRC-8 tree (marker check). LinkCrcW = 32 adds 28 stage
//   flops, 16 bcrc, 22 for the held EOP's data and 2 (vp, aft), and 0x8BB7
//   trees of 22, 6 and 7 bits.
`include "nr_assert.svh"

module nr_lcb_rx #(
  parameter int NumVcs    = 2,
  parameter int MaxPktLen = 64,
  parameter int LinkCrcW  = 16,
  localparam int LenW     = $clog2(MaxPktLen)
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

  localparam logic [1:0] K_BODY = 2'(nr_pkg::KIND_BODY);
  localparam logic [1:0] K_HEAD = 2'(nr_pkg::KIND_HEAD);
  localparam logic [1:0] K_EOP  = 2'(nr_pkg::KIND_EOP);
  localparam logic [5:0] TXERR_HI = {2'(nr_pkg::OK_TX_ERR), 4'b0000};  // {ok, rsvd}

  // ---- state ----
  logic            fin_q, fin_d;
  logic            in_pkt_q, in_pkt_d;
  logic            skip_q, skip_d;
  logic [LenW-1:0] len_q, len_d;
  logic [15:0]     crc_q, crc_d;
  logic [1:0]      pvc_q, pvc_d;
  logic [6:0]      e_q, e_d;
  logic            rec_q, rec_d;
  logic            epoch_q, epoch_d;
  logic [6:0]      dupl_q, dupl_d;
  logic            armed_q, armed_d;
  logic            ov_q, ov_d;          // rx_valid
  logic [23:0]     oph_q, oph_d;
  logic [1:0]      ovc_q, ovc_d;
  logic            obad_q, obad_d;
  // What this cycle forwards (f*, the "forward" of §8.3) and the verdict on
  // a packet (dec: 16, the EOP's own cycle; 32, the cycle after it).
  logic            fv, fbad, dec, dbad;
  logic [23:0]     fph, dph, fhold;
  logic [1:0]      fvc, fvchold;
  // What the output register takes when no verdict comes: the stage (32) or
  // this cycle's forward (16).
  logic            nxt_v, nxt_bad;
  logic [23:0]     nxt_ph;
  logic [1:0]      nxt_vc;

  // ---- classification (§3, second table) ----
  localparam logic [1:0] OK_PAD = 2'(nr_pkg::OK_RSVD);   // a PAD is an "EOP" with ok = 3
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

  // ---- CRCs (§4) ----
  // deop: the data of the EOP being decided, the received one with 16, the
  // held one (in the cycle after it) with 32. crc, pvc and E are unchanged
  // between an EOP and its verdict, so P, L and the TX_ERR EOP are computed
  // in the verdict cycle from the same trees.
  logic [15:0] crc22, p_crc, l_crc, bad_crc;
  logic [7:0]  mk_crc;
  logic [21:0] deop;
  nr_crc16_upd #(.DataW(22)) u_crc22 (
    .crc_i (is_head ? 16'(nr_pkg::CRC16_INIT) : crc_q),
    .data_i(data),
    .crc_o (crc22)
  );
  nr_crc16_upd #(.DataW(6)) u_crc_p (
    .crc_i (crc_q),
    .data_i(deop[21:16]),
    .crc_o (p_crc)
  );
  nr_crc16_upd #(.DataW(7)) u_crc_l (
    .crc_i (p_crc),
    .data_i(e_q),
    .crc_o (l_crc)
  );
  nr_crc16_upd #(.DataW(6)) u_crc_bad (
    .crc_i (crc_q),
    .data_i(TXERR_HI),
    .crc_o (bad_crc)
  );
  nr_crc8_upd #(.DataW(14)) u_crc_mk (
    .crc_i (8'h00),
    .data_i(data[21:8]),
    .crc_o (mk_crc)
  );

  // ---- decisions ----
  logic [1:0] hvc_mod;
  logic       dup, clip, eop_pass, eop_good, eop_bad, marker_ok, idle_bad;
  logic       crc_ld, trl_here, trl_good;
  logic [1:0] idle_type;
  logic [6:0] mk_seq;
  logic [5:0] eop_hi;
  assign mk_seq    = data[19:13];
  assign eop_hi    = deop[21:16];
  assign hvc_mod   = 2'(32'(data[6:5]) % NumVcs);
  assign idle_type = data[21:20];
  assign dup       = is_head && (dupl_q != '0);
  assign clip      = is_body && !skip_q && in_pkt_q && (32'(len_q) == 32'(cfg_max_len_i) - 1);
  assign crc_ld    = (is_head && !dup) || (is_body && !skip_q && !clip);
  // In recovery before a marker every packet was in flight behind the bad
  // one: refused whatever its CRC (§8.3, "Packets in recovery"). With 32 the
  // trailer must also be good (trl_good; 1 with 16).
  assign eop_pass  = (l_crc == deop[15:0]) && trl_good && !(rec_q && !armed_q);
  assign eop_good  = dec && eop_pass;
  assign eop_bad   = dec && !eop_pass;
  assign marker_ok = (idle_type == 2'(nr_pkg::IDLE_TYPE_REPLAY)) && (data[12:8] == '0)
                     && ((mk_crc ^ 8'(nr_pkg::CRC8_XOROUT)) == data[7:0]);
  // A trailer right after an EOP is consumed and is no RX_IDLE_BAD (§8.3).
  assign idle_bad  = (is_idle && !marker_ok && !trl_here
                      && !((idle_type == 2'(nr_pkg::IDLE_TYPE_IDLE)) && (data[19:0] == '0)))
                     || (is_pad && (data[19:0] != '0));

  always_comb begin
    fin_d    = fin_q;
    in_pkt_d = in_pkt_q;
    skip_d   = skip_q;
    len_d    = len_q;
    crc_d    = crc_q;
    pvc_d    = pvc_q;
    e_d      = e_q;
    rec_d    = rec_q;
    epoch_d  = epoch_q;
    dupl_d   = dupl_q;
    armed_d  = armed_q;
    fv       = 1'b0;
    fph      = fhold;
    fvc      = fvchold;
    fbad     = 1'b0;
    dph      = {K_EOP, TXERR_HI, bad_crc};
    dbad     = 1'b0;

    // The verdict on a packet (§8.3 EOP rule; with 32 in the cycle after the
    // EOP, from this cycle's start state, before the phit of this cycle).
    if (dec) begin
      armed_d = 1'b0;
      if (eop_pass) begin
        dph   = {K_EOP, eop_hi, p_crc};
        e_d   = e_q + 1'b1;
        rec_d = 1'b0;
      end else begin
        dbad = 1'b1;
        // error rule (§8.3): NACK once per recovery, again if a replay failed
        if (!rec_q) begin
          rec_d   = 1'b1;
          epoch_d = !epoch_q;
        end else if (armed_q) begin
          epoch_d = !epoch_q;
        end
      end
    end

    if (is_head) begin
      fin_d = 1'b1;
      if (dup) begin
        skip_d = 1'b1;
        dupl_d = dupl_q - 1'b1;
      end else begin
        in_pkt_d = 1'b1;
        len_d    = LenW'(1);
        pvc_d    = hvc_mod;
        fv       = 1'b1;
        fph      = {K_HEAD, data};
        fvc      = hvc_mod;
      end
    end

    if (is_body && !skip_q) begin
      fv  = 1'b1;
      fvc = pvc_q;
      if (clip) begin
        fph      = {K_EOP, TXERR_HI, bad_crc};
        fbad     = 1'b1;
        in_pkt_d = 1'b0;
        skip_d   = 1'b1;
      end else begin
        len_d = len_q + 1'b1;
        fph   = {K_BODY, data};
      end
    end
    if (crc_ld) crc_d = crc22;

    // EOP: the verdict above (16) or held for the trailer (32, vp).
    if (is_eop) begin
      fin_d = 1'b0;
      if (skip_q) skip_d   = 1'b0;
      else        in_pkt_d = 1'b0;
    end

    if (is_idle && marker_ok) begin
      dupl_d  = e_q - mk_seq;
      armed_d = 1'b1;
    end

    // error rule (§8.3) for a clip; it never meets a verdict (a clip is a
    // BODY, the phit after an EOP is not)
    if (clip) begin
      if (!rec_q) begin
        rec_d   = 1'b1;
        epoch_d = !epoch_q;
      end else if (armed_q) begin
        epoch_d = !epoch_q;
      end
      armed_d = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fin_q    <= 1'b0;
      in_pkt_q <= 1'b0;
      skip_q   <= 1'b0;
      len_q    <= '0;
      pvc_q    <= '0;
      e_q      <= '0;
      rec_q    <= 1'b0;
      epoch_q  <= 1'b0;
      dupl_q   <= '0;
      armed_q  <= 1'b0;
      ov_q     <= 1'b0;
      obad_q   <= 1'b0;
    end else begin
      fin_q    <= fin_d;
      in_pkt_q <= in_pkt_d;
      skip_q   <= skip_d;
      len_q    <= len_d;
      pvc_q    <= pvc_d;
      e_q      <= e_d;
      rec_q    <= rec_d;
      epoch_q  <= epoch_d;
      dupl_q   <= dupl_d;
      armed_q  <= armed_d;
      ov_q     <= ov_d;
      obad_q   <= obad_d;
    end
  end

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
      .data_i(e_q),
      .crc_o (tx_exp)
    );
    assign deop     = hd_q;
    assign dec      = vp_q;
    assign trl_here = aft_q && is_idle && (idle_type == 2'(nr_pkg::IDLE_TYPE_TRAILER));
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
        vp_q   <= is_eop && !skip_q;
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
    assign dec      = is_eop && !skip_q;
    assign trl_here = 1'b0;
    assign trl_good = 1'b1;
    assign fhold    = oph_q;
    assign fvchold  = ovc_q;
    assign nxt_v    = fv;
    assign nxt_ph   = fph;
    assign nxt_vc   = fvc;
    assign nxt_bad  = fbad;
  end

  // The output register takes the verdict, or else nxt. They never meet: with
  // 16 one phit a cycle, with 32 the EOP's own cycle forwards nothing.
  assign ov_d   = dec || nxt_v;
  assign oph_d  = dec ? dph : nxt_ph;
  assign ovc_d  = dec ? pvc_q : nxt_vc;
  assign obad_d = dec ? dbad : nxt_bad;

  // Data registers, no reset: crc is loaded at every head before use; the
  // output data is qualified by rx_valid_o.
  always_ff @(posedge clk_i) begin
    crc_q <= crc_d;
    oph_q <= oph_d;
    ovc_q <= ovc_d;
  end

  assign rx_valid_o = ov_q;
  assign rx_phit_o  = oph_q;
  assign rx_vc_o    = ovc_q;
  assign rx_bad_o   = obad_q;
  assign ack_o      = e_q;
  assign epoch_o    = epoch_q;

  // §9 bits 8..13
  assign ev_o[0] = eop_good;                   // RX_OK
  assign ev_o[1] = eop_bad;                    // RX_CRC
  assign ev_o[2] = clip;                       // RX_CLIP
  assign ev_o[3] = dup;                        // RX_DUP
  assign ev_o[4] = is_idle && marker_ok;       // RX_MARKER
  assign ev_o[5] = idle_bad;                   // RX_IDLE_BAD

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
