// nr_pkt_crc.sv - streaming packet-CRC (PCRC) generator and checker.
//
// Purpose: compute the packet CRC of docs/packet-format.md over a stream of
//   core phits, one phit per cycle, and check it against the EOP's crc field.
//   A transmitter uses pcrc_o to fill the EOP; a receiver uses match_o; the
//   LCB extends crc_data_o with a changed ok field or with the link sequence
//   number (LCRC) through its own nr_crc16_upd.
//   PCRC = CRC-16/IBM-3740 register: start 0xFFFF (nr_pkg::CRC16_INIT), feed
//   the 22-bit data field of the HEAD and of every BODY phit, then the EOP's
//   bits 21:16 (ok + rsvd, 6 bits), all MSB first, no xorout.
// Parameters: none (phit layout from nr_pkg).
// Ports / protocol:
//   valid_i, phit_i[23:0]  a core phit this cycle; kind = phit_i[23:22]
//                          (0 BODY, 1 HEAD, 2 EOP, 3 RSVD). Idle cycles
//                          (valid_i low) may appear anywhere, also inside a
//                          packet.
//   crc_data_o             CRC register after the data phits fed so far:
//                          during the EOP cycle, the PCRC before the 6 EOP bits.
//   eop_o                  strobe: valid EOP of an open packet this cycle.
//   pcrc_o                 during eop_o: crc_data_o extended by phit_i[21:16],
//                          the packet's PCRC (combinational).
//   match_o                eop_o && pcrc_o == phit_i[15:0].
//   proto_err_o            strobe: this phit breaks the packet grammar: BODY
//                          or EOP outside a packet, HEAD inside a packet, or
//                          kind RSVD anywhere.
//   proto_err_sticky_o     some proto_err_o since reset (registered).
//   Error recovery: an erroneous phit is otherwise ignored (no state change),
//   except a HEAD inside a packet, which abandons the open packet (no eop_o
//   for it) and starts a new one.
// Latency: 0; pcrc_o/match_o/eop_o/proto_err_o are combinational in the EOP
//   (or offending) cycle; register them if needed. State updates at the edge.
// Cost: 16-bit CRC register (no reset) + in-packet flag + sticky flag (reset);
//   a 22-bit and a 6-bit nr_crc16_upd XOR network.
`include "nr_assert.svh"

module nr_pkt_crc (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic                      valid_i,
  input  logic [nr_pkg::PHIT_W-1:0] phit_i,
  output logic [15:0]               crc_data_o,
  output logic                      eop_o,
  output logic [15:0]               pcrc_o,
  output logic                      match_o,
  output logic                      proto_err_o,
  output logic                      proto_err_sticky_o
);

  localparam int DATA_W = nr_pkg::DATA_W;
  localparam logic [15:0] CRC_INIT = 16'(nr_pkg::CRC16_INIT);
  // EOP bits fed into the CRC: ok + rsvd, bits 21:16
  localparam int EOP_TAIL_W = nr_pkg::EOP_OK_W + nr_pkg::EOP_RSVD_W;

  logic [nr_pkg::KIND_W-1:0] kind;
  logic                      is_head, is_body, is_eop, is_rsvd;
  logic                      in_pkt_q, in_pkt_d, err_q, err_d;
  logic [15:0]               crc_q, crc_d, upd_in, upd_out;
  logic [DATA_W-1:0]         data;
  logic [EOP_TAIL_W-1:0]     eop_tail;
  logic [15:0]               eop_crc;
  logic                      feed;

  assign kind     = phit_i[nr_pkg::KIND_LSB +: nr_pkg::KIND_W];
  assign data     = phit_i[DATA_W-1:0];
  assign eop_tail = phit_i[nr_pkg::EOP_RSVD_LSB +: EOP_TAIL_W];
  assign eop_crc  = phit_i[nr_pkg::EOP_CRC_LSB +: nr_pkg::EOP_CRC_W];
  assign is_head  = valid_i && (kind == nr_pkg::KIND_W'(nr_pkg::KIND_HEAD));
  assign is_body  = valid_i && (kind == nr_pkg::KIND_W'(nr_pkg::KIND_BODY));
  assign is_eop   = valid_i && (kind == nr_pkg::KIND_W'(nr_pkg::KIND_EOP));
  assign is_rsvd  = valid_i && (kind == nr_pkg::KIND_W'(nr_pkg::KIND_RSVD));

  // a HEAD restarts the register from the init value
  assign upd_in = is_head ? CRC_INIT : crc_q;
  assign feed   = is_head || (is_body && in_pkt_q);

  nr_crc16_upd #(.DataW(DATA_W)) u_upd_data (
    .crc_i (upd_in),
    .data_i(data),
    .crc_o (upd_out)
  );

  nr_crc16_upd #(.DataW(EOP_TAIL_W)) u_upd_eop (
    .crc_i (crc_q),
    .data_i(eop_tail),
    .crc_o (pcrc_o)
  );

  always_comb begin
    proto_err_o = is_rsvd || (is_body && !in_pkt_q) || (is_eop && !in_pkt_q) ||
                  (is_head && in_pkt_q);
    in_pkt_d = in_pkt_q;
    if (is_head) in_pkt_d = 1'b1;
    else if (is_eop) in_pkt_d = 1'b0;
    crc_d = feed ? upd_out : crc_q;
    err_d = err_q || proto_err_o;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_pkt_q <= 1'b0;
      err_q    <= 1'b0;
    end else begin
      in_pkt_q <= in_pkt_d;
      err_q    <= err_d;
    end
  end

  // data register: meaningful only inside a packet, so no reset
  always_ff @(posedge clk_i) begin
    crc_q <= crc_d;
  end

  assign crc_data_o         = crc_q;
  assign eop_o              = is_eop && in_pkt_q;
  assign match_o            = eop_o && (pcrc_o == eop_crc);
  assign proto_err_sticky_o = err_q;

endmodule
