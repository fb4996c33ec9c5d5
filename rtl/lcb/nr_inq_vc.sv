// nr_inq_vc.sv - one VC's control of the input queue (pointers, credits, cut).
//
// Purpose: the per-VC state machine of docs/link-protocol.md §8.4: circular
//   region pointers, completed/pending phit counts, tail rewind and abort of
//   bad packets, overflow cut, and credit release. The data lives in the
//   shared nr_ram_1r1w of nr_inq; this leaf only produces region indices.
// Parameters:
//   BufPerVc  region size in phits, 8..1023 (need not be a power of two).
//   CW        $clog2(BufPerVc+1), derived: occupancy and credit width.
// Ports:
//   rd_i            this VC is read this cycle (caller checks avail_o).
//   wr_i, wr_kind_i, wr_bad_i   a phit from the LCB RX for this VC (kind in
//                   core encoding; bad is meaningful with an EOP).
//   avail_o         rd_avail: (wr - rd > 0) or abort (state only).
//   occ_o           wr - rd (state only).
//   cr_o            credits freed this cycle (combinational).
//   ram_re_o, raddr_o   RAM read of region index raddr_o (0 on an abort read).
//   abort_rd_o      this read returns the synthesized EOP, not RAM data.
//   we_o, waddr_o   RAM write of the incoming phit at region index waddr_o.
//   ev_rewind_o, ev_ovf_o   INQ_REWIND, INQ_OVF (combinational).
// Behaviour (exact): the read is processed first from start-of-cycle state,
//   giving rd', done', pend', dep'; the write is then processed from those.
//   Pointers run modulo 2*BufPerVc so that full and empty differ; the region
//   index is the pointer modulo BufPerVc. A HEAD that overflows is first a
//   HEAD (pstart = wr, dep = 0, pend = 0) and is then cut, so nothing moves.
//   The EOP that ends an overflowed packet only clears ovf.
// Latency: a phit written in cycle t is readable (avail_o) from t+1.
// Cost: 3 pointers of clog2(2*BufPerVc) bits, 2 counters of CW bits, 4 flags.
`include "nr_assert.svh"

module nr_inq_vc #(
  parameter int BufPerVc = 128,
  localparam int CW      = $clog2(BufPerVc + 1),
  localparam int IdxW    = $clog2(BufPerVc),
  localparam int PtrW    = $clog2(2 * BufPerVc)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            rd_i,
  input  logic            wr_i,
  input  logic [1:0]      wr_kind_i,
  input  logic            wr_bad_i,
  output logic            avail_o,
  output logic [CW-1:0]   occ_o,
  output logic [CW-1:0]   cr_o,
  output logic            ram_re_o,
  output logic [IdxW-1:0] raddr_o,
  output logic            abort_rd_o,
  output logic            we_o,
  output logic [IdxW-1:0] waddr_o,
  output logic            ev_rewind_o,
  output logic            ev_ovf_o
);

  `NR_PARAM_ASSERT(p_buf_per_vc, BufPerVc >= 8 && BufPerVc <= 1023)

  localparam logic [1:0] K_HEAD = 2'(nr_pkg::KIND_HEAD);
  localparam logic [1:0] K_EOP  = 2'(nr_pkg::KIND_EOP);

  logic [PtrW-1:0] wr_q, wr_d, rd_q, rd_d, pstart_q, pstart_d;
  logic [CW-1:0]   done_q, done_d, pend_q, pend_d;
  logic            cur_q, cur_d, dep_q, dep_d, abort_q, abort_d, ovf_q, ovf_d;

  // pointer helpers: modulo 2*BufPerVc
  function automatic logic [PtrW-1:0] ptr_inc(input logic [PtrW-1:0] p);
    ptr_inc = (32'(p) == 2 * BufPerVc - 1) ? '0 : p + 1'b1;
  endfunction
  function automatic logic [CW-1:0] ptr_dist(input logic [PtrW-1:0] a, input logic [PtrW-1:0] b);
    ptr_dist = (a >= b) ? CW'(a - b) : CW'(32'(a) + 2 * BufPerVc - 32'(b));
  endfunction
  function automatic logic [IdxW-1:0] ptr_idx(input logic [PtrW-1:0] p);
    ptr_idx = (32'(p) >= BufPerVc) ? IdxW'(32'(p) - BufPerVc) : IdxW'(p);
  endfunction

  logic [CW-1:0] stored;      // wr - rd' (after this cycle's read)
  logic          is_eop, cut, ovf_now, store, good_eop;

  always_comb begin
    rd_d       = rd_q;
    wr_d       = wr_q;
    pstart_d   = pstart_q;
    done_d     = done_q;
    pend_d     = pend_q;
    cur_d      = cur_q;
    dep_d      = dep_q;
    abort_d    = abort_q;
    ovf_d      = ovf_q;
    cr_o       = '0;
    ram_re_o   = 1'b0;
    abort_rd_o = 1'b0;

    // ---- read (start-of-cycle values) ----
    if (rd_i) begin
      if (abort_q) begin
        abort_d    = 1'b0;
        abort_rd_o = 1'b1;
      end else begin
        ram_re_o = 1'b1;
        rd_d     = ptr_inc(rd_q);
        if (done_q != '0) begin
          done_d = done_q - 1'b1;
          cr_o   = CW'(1);
        end else begin
          pend_d = pend_q + 1'b1;
          dep_d  = 1'b1;
        end
      end
    end

    // ---- write (from the primed values) ----
    stored   = ptr_dist(wr_q, rd_d);
    is_eop   = (wr_kind_i == K_EOP);
    ovf_now  = wr_i && !ovf_q && !is_eop && (32'(stored) >= BufPerVc - 1);
    good_eop = wr_i && !ovf_q && is_eop && !wr_bad_i;
    cut      = ovf_now || (wr_i && !ovf_q && is_eop && wr_bad_i);
    store    = wr_i && !ovf_q && !cut;

    if (wr_i && !ovf_q && wr_kind_i == K_HEAD) begin
      pstart_d = wr_q;
      cur_d    = 1'b1;
      dep_d    = 1'b0;
      pend_d   = '0;
    end
    if (good_eop) begin
      done_d = done_d + ptr_dist(wr_q, pstart_d) + 1'b1 - pend_d;
      cr_o   = cr_o + pend_d;
      pend_d = '0;
      cur_d  = 1'b0;
    end
    if (cut) begin
      if (dep_d) begin
        wr_d    = rd_d;
        abort_d = 1'b1;
      end else begin
        wr_d = pstart_d;
      end
      pend_d = '0;
      cur_d  = 1'b0;
      dep_d  = 1'b0;
    end
    if (store) wr_d = ptr_inc(wr_q);
    if (ovf_now) ovf_d = 1'b1;
    if (wr_i && ovf_q && is_eop) ovf_d = 1'b0;

    we_o        = store;
    waddr_o     = ptr_idx(wr_q);
    raddr_o     = ptr_idx(rd_q);
    ev_rewind_o = cut;
    ev_ovf_o    = ovf_now;
  end

  assign avail_o = (wr_q != rd_q) || abort_q;
  assign occ_o   = ptr_dist(wr_q, rd_q);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_q     <= '0;
      rd_q     <= '0;
      pstart_q <= '0;
      done_q   <= '0;
      pend_q   <= '0;
      cur_q    <= 1'b0;
      dep_q    <= 1'b0;
      abort_q  <= 1'b0;
      ovf_q    <= 1'b0;
    end else begin
      wr_q     <= wr_d;
      rd_q     <= rd_d;
      pstart_q <= pstart_d;
      done_q   <= done_d;
      pend_q   <= pend_d;
      cur_q    <= cur_d;
      dep_q    <= dep_d;
      abort_q  <= abort_d;
      ovf_q    <= ovf_d;
    end
  end

  // §8.4: credits guarantee that a packet good on this link never overflows
  // as long as every control word the sender accepted was true; after an
  // undetected wrong word (phantom credits, link-protocol 7.4) a good packet
  // can overflow, legally: it is cut and counted (INQ_OVF), and the
  // testbench, which knows the damaged words, accounts for it. No assertion.
  `NR_ASSERT(a_rd_avail, !rd_i || avail_o, clk_i, rst_ni)
  if (BufPerVc < (1 << CW) - 1) begin : g_occ_chk  // else always true
    `NR_ASSERT(a_occ_range, 32'(occ_o) <= BufPerVc, clk_i, rst_ni)
  end
  // Stored phits are completed packets plus the packet being received.
  `NR_ASSERT(a_done_le_occ, done_q <= occ_o, clk_i, rst_ni)
  `NR_ASSERT(a_idle_is_done, cur_q || done_q == occ_o, clk_i, rst_ni)

endmodule
