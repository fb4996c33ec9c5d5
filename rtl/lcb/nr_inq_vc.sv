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
//   index is the pointer modulo BufPerVc. A packet starts with its HEAD, or
//   with any phit written while none is being received (a bare sender's
//   stray phits; a stray EOP is a packet of one). A first phit that
//   overflows is first a start (pstart = wr, dep = 0, pend = 0) and is then
//   cut, so nothing moves. The EOP that ends an overflowed packet only
//   clears ovf.
// Latency: a phit written in cycle t is readable (avail_o) from t+1.
// Cost: 3 pointers of clog2(2*BufPerVc) bits, 2 counters of CW bits, 4 flags.
`default_nettype none
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
    // a non-EOP phit needs room for itself and its packet's EOP after this
    // cycle's read; an EOP that is a packet of its own (a stray, cur_q = 0)
    // a free entry before the read (the entry read is not reused at once)
    ovf_now  = wr_i && !ovf_q && (is_eop ? !cur_q && 32'(occ_o) >= BufPerVc
                                         : 32'(stored) >= BufPerVc - 1);
    good_eop = wr_i && !ovf_q && is_eop && !wr_bad_i && !ovf_now;
    cut      = ovf_now || (wr_i && !ovf_q && is_eop && wr_bad_i);
    store    = wr_i && !ovf_q && !cut;

    // a packet starts with its HEAD, or with any phit written while none is
    // being received (a bare sender's stray phits, yarc-arch §11)
    if (wr_i && !ovf_q && (wr_kind_i == K_HEAD || !cur_q)) begin
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
    if (ovf_now && !is_eop) ovf_d = 1'b1;
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
  // cuts (§8.4): tail rewind, abort of a started packet (abort_d set by this
  // cut, not carried over as abort_q && !rd_i; dep_d is 0 after any cut) with
  // its read credits withheld (pend_q: reads before this cycle), overflow EOP
  `NR_COVER(c_cut_rewind,    cut && !(abort_d && !(abort_q && !rd_i)), clk_i, rst_ni)
  `NR_COVER(c_cut_abort,     cut && abort_d && !(abort_q && !rd_i), clk_i, rst_ni)
  `NR_COVER(c_cut_withheld,  cut && abort_d && !(abort_q && !rd_i) && pend_q != '0, clk_i, rst_ni)
  `NR_COVER(c_ovf_eop,       wr_i && ovf_q && is_eop, clk_i, rst_ni)

`ifdef FORMAL
  // ---- formal (ZipCPU style; scripts/formal.sh, tests/formal.list) ----
  // §8.4 against a reference written from the doc with per-entry tags
  // instead of the done/pend counters: f_tag[x] = 1 while entry x holds a
  // phit of the packet still arriving, 0 once its packet ended good. The
  // reference keeps the stored count f_occ, the current packet's stored
  // unread phits f_ncur and read phits f_pend, where its HEAD went (f_pst)
  // and the overflow flag f_ovf.
  // Environment: resets at any time; the writes form packets of at most
  // BufPerVc phits (nr_lcb_rx's clip at cfg_max_len <= MaxPktLen <=
  // BufPerVc), each ended by an EOP, with no HEAD inside one; a packet
  // starts with a HEAD as nr_lcb_rx delivers them, or with any other phit,
  // as a bare sender's stray phits do (a lone EOP is a packet of one); a
  // read only when avail_o (a_rd_avail).
  // Proved, for any write and read pattern:
  //   - CREDITS, each returned exactly once: cr_o is, in every cycle, one
  //     for a read of a phit whose packet ended good, plus at a good EOP
  //     the phits of that packet read before it (pend); nothing for a
  //     phit of a packet that ends bad (withheld), nothing for an abort
  //     read;
  //   - TAIL REWIND: a bad EOP (or an overflow) cuts exactly the packet
  //     arriving: if none of it was read, wr returns to where its HEAD went;
  //     otherwise wr = rd (after the read), abort is set and the next read
  //     returns the synthesized EOP (no RAM read, no credit); the completed
  //     packets are untouched (done holds), and afterwards the queue holds
  //     only them (occ = done);
  //   - OVERFLOW BOUNDARY: a non-EOP phit overflows exactly when BufPerVc-1
  //     or more phits are stored after this cycle's read (one entry is
  //     kept for the EOP); then the rest of the packet is dropped and its
  //     EOP only clears ovf; a stray EOP (a packet of one) overflows
  //     exactly when BufPerVc phits are stored before this cycle's read,
  //     and nothing is dropped after it;
  //     occ <= BufPerVc; the RAM never reads the entry it writes in the
  //     same cycle;
  //   - the RTL's done, pend, occ and avail_o equal the reference's.
  // With a sender that respects the credits (f_cred, anyconst: credits
  // start at BufPerVc, a phit costs one, cr_o returns them, a bad packet's
  // phits are refunded because its retransmission reuses their debit; a
  // non-EOP phit is sent with >= 2 credits, i.e. one is kept for the EOP,
  // as VCT admission does):
  //   - CONSERVATION (§8.5): sender credits + occ + pend = BufPerVc;
  //   - the queue never overflows.
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  initial assume (!rst_ni);

  // environment: packets on the write side, at most BufPerVc phits long,
  // reads only when available
  reg f_open = 1'b0;
  reg [CW:0] f_wcnt = '0;      // phits of the open packet written so far
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_open <= 1'b0;
      f_wcnt <= '0;
    end else if (wr_i && !f_open && !is_eop) begin
      f_open <= 1'b1;
      f_wcnt <= (CW+1)'(1);
    end else if (wr_i && is_eop) begin
      f_open <= 1'b0;
      f_wcnt <= '0;
    end else if (wr_i) begin
      f_wcnt <= f_wcnt + 1'b1;
    end
  end
  always @(*) if (rst_ni) begin
    if (wr_i) begin
      if (f_open) assume (wr_kind_i != K_HEAD);
      if (f_open && !is_eop) assume (32'(f_wcnt) < BufPerVc - 1);
    end
    if (rd_i) assume (avail_o);
  end

  // pointer distance a - b without truncation
  function automatic [31:0] f_dist(input logic [PtrW-1:0] a, input logic [PtrW-1:0] b);
    f_dist = (a >= b) ? 32'(a) - 32'(b) : 32'(a) + 2 * BufPerVc - 32'(b);
  endfunction

  // reference
  reg [BufPerVc-1:0] f_tag = '0;
  reg [CW:0]         f_occ = '0, f_ncur = '0, f_pend = '0;
  reg                f_ovf = 1'b0, f_abort = 1'b0;
  reg [PtrW-1:0]     f_pst = '0;
  wire [IdxW-1:0] f_ridx = ptr_idx(rd_q);
  wire [IdxW-1:0] f_widx = ptr_idx(wr_q);
  wire        f_rd    = rd_i && !f_abort;               // a RAM read
  wire        f_rcur  = f_rd && f_tag[f_ridx];          // of a phit of the packet arriving
  wire [CW:0] f_st    = f_occ - (CW+1)'(f_rd);          // stored after the read
  wire [CW:0] f_nc    = f_ncur - (CW+1)'(f_rcur);
  wire [CW:0] f_pd    = f_pend + (CW+1)'(f_rcur);
  wire        f_ovn   = wr_i && !f_ovf && (is_eop ? !f_open && 32'(f_occ) >= BufPerVc
                                                : 32'(f_st) >= BufPerVc - 1);
  wire        f_good  = wr_i && !f_ovf && is_eop && !wr_bad_i && !f_ovn;
  wire        f_cut   = f_ovn || (wr_i && !f_ovf && is_eop && wr_bad_i);
  wire        f_sto   = wr_i && !f_ovf && !f_cut;
  wire [CW:0] f_cr    = (CW+1)'(f_rd && !f_tag[f_ridx]) + (f_good ? f_pd : '0);
  wire [PtrW-1:0] f_pstn = (wr_i && !f_open) ? wr_q : f_pst;   // this packet's first phit

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_occ   <= '0;
      f_ncur  <= '0;
      f_pend  <= '0;
      f_ovf   <= 1'b0;
      f_abort <= 1'b0;
    end else begin
      f_occ  <= f_cut ? f_st - f_nc : f_st + (CW+1)'(f_sto);
      f_ncur <= (f_cut || f_good) ? '0 : f_nc + (CW+1)'(f_sto);
      f_pend <= (f_cut || f_good) ? '0 : f_pd;
      if (f_ovn && !is_eop)     f_ovf <= 1'b1;
      else if (wr_i && is_eop)  f_ovf <= 1'b0;
      if (f_cut && f_pd != '0)  f_abort <= 1'b1;
      else if (rd_i)            f_abort <= 1'b0;
      if (f_good)                 f_tag <= '0;
      else if (f_sto)             f_tag[f_widx] <= 1'b1;
      if (wr_i && !f_open) f_pst <= wr_q;
    end
  end

  always @(*) if (rst_ni) begin
    // the reference and the RTL
    assert (32'(wr_q) < 2 * BufPerVc && 32'(rd_q) < 2 * BufPerVc && 32'(pstart_q) < 2 * BufPerVc);
    assert (f_dist(wr_q, rd_q) <= BufPerVc);
    if (cur_q) assert (f_dist(wr_q, pstart_q) < BufPerVc);
    assert (32'(f_occ) <= BufPerVc);
    assert ({1'b0, occ_o} == f_occ);
    assert ({1'b0, done_q} == f_occ - f_ncur && {1'b0, pend_q} == f_pend);
    assert (abort_q == f_abort && ovf_q == f_ovf);
    assert (avail_o == (f_occ != '0 || f_abort));
    assert (f_open == (cur_q || ovf_q) && !(cur_q && ovf_q));
    if (!cur_q) assert (f_ncur == '0 && f_pend == '0);
    else        assert (dep_q == (f_pend != '0));
    assert (f_open == (f_wcnt != '0) && 32'(f_wcnt) < BufPerVc);
    if (cur_q) assert (pstart_q == f_pst && {1'b0, ptr_dist(wr_q, pstart_q)} == f_wcnt
                       && f_ncur + f_pend == f_wcnt
                       && 32'(f_occ) < BufPerVc);           // stored with room for the EOP
    if (cur_q && f_pend != '0) assert (f_occ == f_ncur);    // read up to the packet
    // CREDITS
    assert ({1'b0, cr_o} == f_cr);
    // TAIL REWIND and OVERFLOW
    assert (ev_rewind_o == f_cut && ev_ovf_o == f_ovn && we_o == f_sto);
    if (we_o) assert (waddr_o == f_widx);
    if (ram_re_o) assert (raddr_o == f_ridx && !(we_o && waddr_o == raddr_o));
    assert (abort_rd_o == (rd_i && f_abort));
  end
  // the tags: behind rd come done completed phits, then the current packet's
  for (genvar i = 0; i < BufPerVc; i++) begin : g_f_pos
    localparam logic [IdxW:0] I = (IdxW+1)'(i);
    localparam logic [IdxW:0] B = (IdxW+1)'(BufPerVc);
    wire [IdxW:0] f_y = {1'b0, f_ridx} + I;
    wire [IdxW:0] f_x = (f_y >= B) ? f_y - B : f_y;
    always @(*) if (rst_ni && (CW+1)'(i) < f_occ) assert (f_tag[f_x[IdxW-1:0]] == ((CW+1)'(i) >= f_occ - f_ncur));
  end
  always @(posedge clk_i) if (f_past_valid && $past(rst_ni) && rst_ni && $past(f_cut)) begin
    // TAIL REWIND: the packet arriving is gone, nothing else
    assert (occ_o == done_q && done_q == $past(done_q) - CW'($past(f_rd && !f_tag[f_ridx])));
    if ($past(f_pd) == '0) assert (wr_q == $past(f_pstn));
    else                   assert (wr_q == $past(rd_d) && abort_q);
  end

  // a sender that respects the credits
  (* anyconst *) reg f_cred;
  reg [CW:0] f_sc = (CW+1)'(BufPerVc);
  always @(posedge clk_i) begin
    if (!rst_ni) f_sc <= (CW+1)'(BufPerVc);
    else         f_sc <= f_sc - (CW+1)'(wr_i) + f_cr
                         + ((f_cut && !f_ovn) ? f_nc + f_pd + 1'b1 : '0);
  end
  always @(*) if (rst_ni && f_cred) begin
    if (wr_i) assume (f_sc >= (is_eop ? 1 : 2));
    assert (f_sc + f_occ + f_pend == (CW+1)'(BufPerVc));
    assert (!f_ovn && !f_ovf);
  end
`endif

endmodule
