// nr_lcb_tx_take.sv - LCB TX core side: takes core packets (§7.3).
//
// Purpose: the core interface of the LCB transmitter
//   (docs/link-protocol.md §7.1, §7.3). Decides tx_ready, discards stray
//   phits and bad-vc packets, keeps the running PCRC of the packet, marks
//   soft errors at the EOP, clips over-long packets, and hands every phit that
//   is kept to nr_lcb_tx as the core phit to store, debit and send.
// Parameters:
//   NumVcs     virtual channels, 1..4.
//   MaxPktLen  longest packet, EOP included, 2..255 (clip threshold).
// Ports:
//   tx_valid_i, tx_phit_i, tx_ready_o   core side. tx_ready_o depends on state,
//       head_ok_i, vc_ok_i, tx_valid_i and tx_phit_i (kind, head vc).
//   head_ok_i   a head may start now (§7.3 head_ok, from nr_lcb_tx; it already
//               includes !in_pkt_o and !drop_o).
//   down_i      the link is down (§7.6): every phit is taken and discarded,
//               and no state changes.
//   vc_ok_i     tx_vc_ok (head_ok and enough credits), per VC.
//   keep_o      a phit is taken and kept this cycle: store it in the replay
//               buffer, debit one credit of vc_o, send it.
//   keep_phit_o the core phit to keep: HEAD as given; a BODY (or a HEAD/RSVD
//               kind mid-packet) as {BODY, data}; the EOP, or the EOP that
//               replaces a clipped phit, as {EOP, ok, rsvd, P} with P the PCRC.
//   start_o     the kept phit is a HEAD (event TX_PKT; start[] entry).
//   fin_o       the kept phit is an EOP: the packet is complete.
//   vc_o        the VC of the kept phit.
//   in_pkt_o, drop_o   state at the start of the cycle.
//   ev_soft_o, ev_proto_o   TX_SOFT, TX_PROTO.
//   ev_down_drop_o          TX_DOWN_DROP: a head taken and discarded after down.
// Latency: 0 (combinational from the inputs); state updates at the edge.
// Cost: 16 CRC, clog2(MaxPktLen) length, 2 vc and 3 flag flops; CRC-16 trees
//   of 22, 6 and 6 bits.
// Formal: under FORMAL, f_len_o shows len_q to nr_lcb_tx's proof.
`default_nettype none
`include "nr_assert.svh"

module nr_lcb_tx_take #(
  parameter int NumVcs    = 2,
  parameter int MaxPktLen = 64,
  localparam int LenW     = $clog2(MaxPktLen)
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              tx_valid_i,
  input  logic [23:0]       tx_phit_i,
  output logic              tx_ready_o,
  input  logic              head_ok_i,
  input  logic              down_i,
  input  logic [NumVcs-1:0] vc_ok_i,
  output logic              keep_o,
  output logic [23:0]       keep_phit_o,
  output logic              start_o,
  output logic              fin_o,
  output logic [1:0]        vc_o,
  output logic              in_pkt_o,
  output logic              drop_o,
  output logic              ev_soft_o,
  output logic              ev_proto_o,
  output logic              ev_down_drop_o
`ifdef FORMAL
  ,
  output logic [LenW-1:0]   f_len_o      // len_q, for nr_lcb_tx's proof
`endif
);

  `NR_PARAM_ASSERT(p_num_vcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_max_pkt_len, MaxPktLen >= 2 && MaxPktLen <= 255)

  localparam logic [1:0] K_BODY     = 2'(nr_pkg::KIND_BODY);
  localparam logic [1:0] K_HEAD     = 2'(nr_pkg::KIND_HEAD);
  localparam logic [1:0] K_EOP      = 2'(nr_pkg::KIND_EOP);
  localparam logic [1:0] OK_HEALTHY = 2'(nr_pkg::OK_HEALTHY);
  localparam logic [1:0] OK_SOFT    = 2'(nr_pkg::OK_SOFT_ERR);
  localparam logic [1:0] OK_RSVD    = 2'(nr_pkg::OK_RSVD);

  logic            in_pkt_q, in_pkt_d;
  logic            drop_q, drop_d;
  logic            kerr_q, kerr_d;
  logic [LenW-1:0] len_q, len_d;
  logic [15:0]     crc_q, crc_d;
  logic [1:0]      pvc_q, pvc_d;

  logic [1:0]  kind, hvc;
  logic [21:0] data;
  logic        hvc_ok;
  logic [3:0]  vc_ok4;
  assign kind   = tx_phit_i[23:22];
  assign data   = tx_phit_i[21:0];
  assign hvc    = tx_phit_i[nr_pkg::HEAD_VC_LSB +: 2];
  assign hvc_ok = (32'(hvc) < NumVcs);
  assign vc_ok4 = 4'(vc_ok_i);

  always_comb begin
    if (down_i || drop_q || in_pkt_q)      tx_ready_o = 1'b1;
    else if (tx_valid_i && kind != K_HEAD) tx_ready_o = 1'b1;
    else if (kind == K_HEAD && !hvc_ok)    tx_ready_o = head_ok_i;
    else if (kind == K_HEAD)               tx_ready_o = vc_ok4[hvc];
    else                                   tx_ready_o = 1'b0;
  end

  // ---- what a taken phit does ----
  logic take, at_max, clip_phit;
  logic t_drop, t_stray, t_badvc, t_start, t_body, t_clip, t_eop, t_fin;
  assign take      = tx_valid_i && tx_ready_o && !down_i;  // kept or handled
  assign at_max    = (32'(len_q) == MaxPktLen - 1);
  assign clip_phit = (kind != K_EOP) && at_max;
  assign t_drop    = take && drop_q;
  assign t_stray   = take && !drop_q && !in_pkt_q && kind != K_HEAD;
  assign t_badvc   = take && !drop_q && !in_pkt_q && kind == K_HEAD && !hvc_ok;
  assign t_start   = take && !drop_q && !in_pkt_q && kind == K_HEAD && hvc_ok;
  assign t_body    = take && in_pkt_q && kind != K_EOP && !at_max;
  assign t_clip    = take && in_pkt_q && kind != K_EOP && at_max;
  assign t_eop     = take && in_pkt_q && kind == K_EOP;
  assign t_fin     = t_eop || t_clip;

  // ---- CRCs and EOP finishing ----
  logic [15:0] crc22, chk, soft_p;
  nr_crc16_upd #(.DataW(22)) u_crc22 (
    .crc_i (in_pkt_q ? crc_q : 16'(nr_pkg::CRC16_INIT)),
    .data_i(data),
    .crc_o (crc22)
  );
  nr_crc16_upd #(.DataW(6)) u_crc_chk (
    .crc_i (crc_q),
    .data_i(data[21:16]),
    .crc_o (chk)
  );
  nr_crc16_upd #(.DataW(6)) u_crc_soft (
    .crc_i (crc_q),
    .data_i({OK_SOFT, clip_phit ? 4'b0000 : data[19:16]}),
    .crc_o (soft_p)
  );

  // soft_chk: a healthy packet failed its PCRC or had a kind error (TX_SOFT);
  // ok_bad: the core EOP's ok is reserved (TX_PROTO). Both become SOFT_ERR.
  logic       soft_chk, ok_bad, soft_mark;
  logic [1:0] eop_ok;
  logic [3:0] eop_rsvd;
  logic [15:0] eop_p;
  assign soft_chk  = (data[21:20] == OK_HEALTHY) && (chk != data[15:0] || kerr_q);
  assign ok_bad    = (data[21:20] == OK_RSVD);
  assign soft_mark = clip_phit || soft_chk || ok_bad;
  assign eop_ok    = soft_mark ? OK_SOFT : data[21:20];
  assign eop_rsvd  = clip_phit ? 4'b0000 : data[19:16];
  assign eop_p     = soft_mark ? soft_p : chk;

  // ---- next state ----
  always_comb begin
    in_pkt_d = in_pkt_q;
    drop_d   = drop_q;
    kerr_d   = kerr_q;
    len_d    = len_q;
    crc_d    = crc_q;
    pvc_d    = pvc_q;
    if (t_drop && kind == K_EOP) drop_d = 1'b0;
    if (t_badvc || t_clip) drop_d = 1'b1;
    if (t_start) begin
      in_pkt_d = 1'b1;
      len_d    = LenW'(1);
      kerr_d   = 1'b0;
      pvc_d    = hvc;
      crc_d    = crc22;
    end
    if (t_body) begin
      crc_d = crc22;
      len_d = len_q + 1'b1;
      if (kind != K_BODY) kerr_d = 1'b1;
    end
    if (t_fin) in_pkt_d = 1'b0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_pkt_q <= 1'b0;
      drop_q   <= 1'b0;
      kerr_q   <= 1'b0;
      len_q    <= '0;
      pvc_q    <= '0;
    end else begin
      in_pkt_q <= in_pkt_d;
      drop_q   <= drop_d;
      kerr_q   <= kerr_d;
      len_q    <= len_d;
      pvc_q    <= pvc_d;
    end
  end

  // Data, no reset: loaded at every head before use.
  always_ff @(posedge clk_i) begin
    crc_q <= crc_d;
  end

  assign keep_o      = t_start || t_body || t_fin;
  assign keep_phit_o = t_fin ? {K_EOP, eop_ok, eop_rsvd, eop_p}
                             : {(in_pkt_q ? K_BODY : K_HEAD), data};
  assign start_o     = t_start;
  assign fin_o       = t_fin;
  assign vc_o        = in_pkt_q ? pvc_q : hvc;
  assign in_pkt_o    = in_pkt_q;
  assign drop_o      = drop_q;
  assign ev_soft_o   = t_clip || (t_eop && soft_chk);
  assign ev_down_drop_o = down_i && tx_valid_i && kind == K_HEAD;
  assign ev_proto_o  = t_stray || t_badvc || t_clip || (t_body && kind != K_BODY)
                       || (t_eop && ok_bad);

  // A head is only taken when head_ok_i says so, and head_ok_i implies idle.
  `NR_ASSERT(a_head_ok_idle, !head_ok_i || (!in_pkt_q && !drop_q), clk_i, rst_ni)
  `NR_ASSERT(a_len_range, !in_pkt_q || len_q != '0, clk_i, rst_ni)

`ifdef FORMAL
  // Formal only: the packet length, for the replay-buffer invariants of
  // nr_lcb_tx's proof (yosys does not resolve hierarchical references).
  assign f_len_o = len_q;
`endif

endmodule
