// nr_lcb_ctl_defr.sv - control-channel deframer of the LCB RX.
//
// Purpose: finds and checks the W-bit control words that the peer's
//   nr_lcb_ctl_ser sends in the C bits of its link phits
//   (docs/link-protocol.md §5.3). Of the word's fields it knows only the
//   word toggle wt (bit W-9). A W-bit value is CRC-valid when CRC-16/IBM-3740
//   (poly 0x1021, init 0xFFFF, MSB first, xorout 0) over bits W-1..16 equals
//   bits 15..0; the check runs every cycle on the whole shift register (HUNT
//   uses it in every cycle). A word is valid at a PRESYNC or SYNC boundary
//   when it is CRC-valid and its wt equals ewt, the toggle expected next.
// Parameters:
//   W  control word length in bits, 25 + NumVcs*CW (29..65; 41 at defaults).
// Ports:
//   bit_i          the C bit of this cycle's received link phit.
//   acc_i, rej_i   the TX's verdict on the word delivered last cycle (apply
//                  cycle, §7.4): accepted, or rejected (CTL_REJECT).
//   word_valid_o   a word was delivered in the previous cycle (register);
//   word_o         its bits W-1..16, the payload, wt included (register,
//                  holds between deliveries).
//   sync_o         state is SYNC (register, start of cycle): ctl_sync.
//   ev_ok_o        CTL_OK: a word is delivered this cycle (boundary cycle).
//   ev_bad_o       CTL_BAD: invalid word at a SYNC boundary.
//   ev_lost_o      CTL_SYNC_LOST: fourth consecutive miss, back to HUNT.
//   The ev_* strobes are combinational from bit_i, acc_i, rej_i and state.
// Behaviour (exact, §5.3): sr shifts in bit_i at bit 0 every cycle (reset 0);
//   checks use sr after the shift. HUNT: CRC-valid -> PRESYNC, cph = 0,
//   ewt = !wt of that window. PRESYNC and SYNC: a boundary is a cycle with
//   cph = W-1 (cph then restarts at 0, otherwise it counts up), and ewt
//   inverts at every boundary, valid or not. PRESYNC boundary: valid -> SYNC
//   and deliver, else HUNT. SYNC boundary: valid -> deliver (miss
//   unchanged); invalid ->
//   CTL_BAD and miss + 1. SYNC apply cycle: accepted -> miss = 0, rejected ->
//   miss + 1. When miss reaches 4 (boundary or apply cycle): CTL_SYNC_LOST,
//   and the state is HUNT from the next cycle on: after a transition into
//   HUNT at the end of cycle t, the window completed in t+1 is the first one
//   examined (§5.3; after an apply-cycle loss that is 2 bits after the lost
//   phase). miss is 0 outside SYNC.
// Latency: last bit of a word received in cycle t -> word_valid_o in t+1
//   (the TX applies it in t+1, §7.4).
// Cost: W-1 shift flops, W-16 word flops, clog2(W) + 2 + 2 + 1 + 1 control
//   flops, one (W-16)-bit CRC-16 tree (nr_crc16_upd).
`default_nettype none
`include "nr_assert.svh"

module nr_lcb_ctl_defr #(
  parameter int W    = 41,
  localparam int DW  = W - 16,
  localparam int PhW = $clog2(W)
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          bit_i,
  input  logic          acc_i,
  input  logic          rej_i,
  output logic          word_valid_o,
  output logic [DW-1:0] word_o,
  output logic          sync_o,
  output logic          ev_ok_o,
  output logic          ev_bad_o,
  output logic          ev_lost_o
);

  `NR_PARAM_ASSERT(p_w, W >= 18 && W <= 65)

  typedef enum logic [1:0] {
    HUNT    = 2'd0,
    PRESYNC = 2'd1,
    SYNC    = 2'd2
  } state_e;

  state_e          st_q, st_d;
  logic [W-2:0]    sr_q;            // the oldest bit of sr_d is never kept
  logic [W-1:0]    sr_d;
  logic [PhW-1:0]  cph_q, cph_d;
  logic [1:0]      miss_q, miss_d;
  logic            wv_q, wv_d;
  logic            ewt_q, ewt_d;     // word toggle expected at the next boundary
  logic [DW-1:0]   word_q;
  logic [15:0]     crc;
  logic            crc_ok, wt, valid, boundary, miss;

  assign sr_d = {sr_q[W-2:0], bit_i};

  // CRC-16/IBM-3740 over the payload: init 0xFFFF, xorout 0. The all-zero
  // sr of reset (and of an outage) is never valid.
  nr_crc16_upd #(.DataW(DW)) u_crc (
    .crc_i (16'(nr_pkg::CRC16_INIT)),
    .data_i(sr_d[W-1:16]),
    .crc_o (crc)
  );

  assign crc_ok   = (crc == sr_d[15:0]);
  assign wt       = sr_d[W-9];
  assign valid    = crc_ok && (wt == ewt_q);   // used at boundaries only
  assign boundary = (32'(cph_q) == W - 1);

  always_comb begin
    st_d      = st_q;
    cph_d     = boundary ? '0 : cph_q + 1'b1;
    miss_d    = miss_q;
    ewt_d     = boundary ? !ewt_q : ewt_q;
    wv_d      = 1'b0;
    ev_ok_o   = 1'b0;
    ev_bad_o  = 1'b0;
    ev_lost_o = 1'b0;
    miss      = 1'b0;
    case (st_q)
      HUNT: begin
        cph_d = '0;
        ewt_d = ewt_q;
        if (crc_ok) begin
          st_d  = PRESYNC;
          ewt_d = !wt;
        end
      end
      PRESYNC: begin
        if (boundary) begin
          if (valid) begin
            st_d    = SYNC;
            wv_d    = 1'b1;
            ev_ok_o = 1'b1;
          end else begin
            st_d = HUNT;
          end
        end
      end
      SYNC: begin
        // a miss: an invalid word at a boundary, or a rejected word when applied
        if (boundary) begin
          if (valid) begin
            wv_d    = 1'b1;
            ev_ok_o = 1'b1;
          end else begin
            ev_bad_o = 1'b1;
            miss     = 1'b1;
          end
        end else if (rej_i) begin
          miss = 1'b1;
        end else if (acc_i) begin
          miss_d = '0;
        end
        if (miss) begin
          if (miss_q == 2'd3) begin
            st_d      = HUNT;
            miss_d    = '0;
            ev_lost_o = 1'b1;
          end else begin
            miss_d = miss_q + 1'b1;
          end
        end
      end
      default: begin
        st_d = HUNT;
      end
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q   <= HUNT;
      sr_q   <= '0;
      cph_q  <= '0;
      miss_q <= '0;
      wv_q   <= 1'b0;
      ewt_q  <= 1'b0;
    end else begin
      st_q   <= st_d;
      sr_q   <= sr_d[W-2:0];
      cph_q  <= cph_d;
      miss_q <= miss_d;
      wv_q   <= wv_d;
      ewt_q  <= ewt_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (wv_d) word_q <= sr_d[W-1:16];
  end

  assign word_valid_o = wv_q;
  assign word_o       = word_q;
  assign sync_o       = (st_q == SYNC);

  `NR_ASSERT(a_miss_only_in_sync, st_q == SYNC || miss_q == '0, clk_i, rst_ni)
  // A verdict comes only in the cycle after a delivery, never with a boundary.
  `NR_ASSERT(a_verdict_after_delivery, !(acc_i || rej_i) || (wv_q && st_q == SYNC && !boundary),
             clk_i, rst_ni)
  `NR_ASSERT(a_verdict_onehot, !(acc_i && rej_i), clk_i, rst_ni)

endmodule
