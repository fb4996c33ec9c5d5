// nr_nwn_sub.sv - one subswitch of a network-within-a-network switch: the
// input buffers of its internal-channel inputs (nr_vcbank) plus nr_swalloc
// (docs/nwn-arch.md sections 1, 5, 6, 10).
//
// Purpose: a bottom subswitch (fc, bb, cn), an fc top or a bb top, chosen by
//   Kind. Inputs are input units (their staging is this subswitch's input
//   buffer, doc 4) or internal channels into per-VC FIFOs of BufDepth phits;
//   outputs are port outputs (the ports' TX) or internal channels with
//   per-VC credits. The crosspoint set of doc 10.1 is passed to nr_swalloc,
//   which builds no logic for the crosspoints left out. Its position is not a
//   parameter (no behaviour depends on it), so all bottoms share one module
//   and all tops another (Verilator hierarchy blocks).
// Parameters:
//   NumPorts, R, M, Bb, Speedup, SelfTurn, NumVcs, InBufPerVc, BufDepth,
//     ChanLat, UseLcb, MaxPktLen, ReplayDepth, Window, LinkCrcW, TopSpeedup,
//     TopChoice: nr_nwn's, all of them with the top's values (a Verilator
//     hierarchy block is verilated with the top's -G values on top of its
//     instance's, so it declares every one of them and its per-instance
//     parameter has another name). Used here:
//     n = k/R, u = (k/2)/M, Speedup (input speedup S of a bottom, 1..2; tops
//     use 1), SelfTurn, NumVcs, BufDepth (input buffer per (channel input,
//     VC) = credits of the sender, power of two >= 2; the top checks >=
//     2*ChanLat). The port and link parameters are only range-checked.
//   Kind      0 bottom, 1 fc top, 2 bb top; fb (XpBuf = 1, doc 1.5, in
//             nr_nwn_fbx): 3 a row, 4 a column; 5 a HyperX subswitch (Hx =
//             1, 2, doc 1.6, in nr_nwn_hx); 6 a folded-torus subswitch (Ft
//             = 1, doc 1.8, in nr_nwn_hx).
//   Hx        nr_nwn's (declared for the hierarchy block); Kind 5 only with
//             Hx = 1 (hxv) or 2 (hxm). HS = k^(1/3) (2 at k = 8, 4 at 64).
//   Ft        nr_nwn's (declared for the hierarchy block); Kind 6 only with
//             Ft = 1 (ftd, k = 64: an 8 x 8 torus of one-port subswitches).
//   XpBuf     nr_nwn's (declared for the hierarchy block); Kind 3 and 4 only
//             with XpBuf = 1.
//   SideTab, UpPick  nr_nwn's (declared for the hierarchy block; both are in
//             the ports' tables).
//   Vc, VcCls nr_nwn's: Vc = 1 the baseline VC router (doc 1.7, cn's one
//             bottom, Kind 0): nr_swalloc allocates output VCs (VcCls
//             classes; VaHop 1 the next class), then switches input first;
//             SaAlloc, SaIter, SaGroup, Spec its switch allocator and
//             speculation.
//   Inputs / outputs in allocator order (doc 1):
//     bottom: inputs 0..n-1 IUs of its ports, n..n+M-1 down-links from tops
//             0..M-1; outputs 0..n-1 ports, n..n+M-1 up-links.
//     fc top: inputs b = up-link of bottom b, outputs b = down-link to bottom b.
//     bb top: inputs 0..R/2-1 up-links, R/2..R/2+u-1 IUs of its up ports;
//             outputs 0..R/2-1 down-links, R/2.. its up ports.
//     fb row: input 0 the IU of its port, outputs q = 0..k-1 channels into
//             crosspoint (row, q). fb column: inputs p = 0..k-1 crosspoint
//             (p, column), output 0 its port.
//     HyperX: inputs and outputs 0..HS-1 its ports (IUs, port outputs),
//             HS + dim*2(HS-1) + 2*rank + c the channels (doc 1.6).
//     folded torus: input and output 0 its port, 1 + 2*dir + c the channels
//             (dir 0 +x, 1 -x, 2 +y, 3 -y; an input named by the side its
//             link comes from; doc 1.8).
// Ports / protocol (k-th input / output of each class, flat, VC-minor):
//   sub_id_i: this subswitch's number s (HyperX: x = s mod HS, y = s / HS;
//     folded torus x = s mod 8, y = s / 8), constant per instance; unused by
//     the other kinds.
//   Payloads are {tag, phit}: the tag is q (6 bits), and with Hx or Ft {ext,
//     q} (8 bits, doc 1.6, 1.8).
//   iu_valid_iv_i, iu_tgt_iv_i, iu_pay_iv_i ({q, phit}), iu_drop_iv_i,
//     iu_pop_iv_o: the IU inputs' fronts and pops (nr_iu, nr_swalloc).
//   bi_valid_i, bi_vc_i, bi_pay_i ({q, phit}): a phit per channel input per
//     cycle into FIFO (input, vc), usable from the next cycle; its target is
//     computed from q (doc 5). The sender holds a credit (asserted).
//     bi_cr_iv_o: FIFO (input, v) popped this cycle, one credit back.
//   pt_valid_o, pt_phit_o, pt_vc_ok_i: port outputs (the port's TX core
//     interface). Every presented phit is taken; nr_nwn_port asserts it
//     (tx_ready does not come back here, so that nothing flows back from a
//     port's TX into the allocator in the same cycle).
//   ch_valid_o, ch_vc_o, ch_pay_o ({q, phit}), ch_cr_i, ch_cc_o: channel
//     outputs, credits returned (added at the end of the cycle) and the
//     credit counters (for the IUs' adaptive choice).
// Target from q (doc 5): bottom q mod n; fc top q / n; bb top q / n if q <
//   k/2, else R/2 + (q - k/2) mod u; fb column q / k = 0 (R = 1); HyperX
//   from {ext, q} and s by doc 1.6's rule (ext: y toward row y + ext on
//   channel 0; else x, then y, toward q's subswitch on channel 1; else q's
//   port); folded torus (doc 1.8) x, then y, toward q the shorter way round
//   (ties +) on the channel ext[dim], else the port.
// Latency: a channel phit written in t is allocatable in t+1; allocation and
//   traversal take the cycle (0 cycles combinational to the outputs).
// Cost: nr_vcbank, (#channel inputs)*NumVcs nr_fifo of BufDepth x (TgtW + 30) bits (RAM
//   leaves) and nr_swalloc over the counted crosspoints.
`default_nettype none
`include "nr_assert.svh"

module nr_nwn_sub #(
  parameter int NumPorts    = 64,
  parameter int R           = 16,
  parameter int M           = 4,
  parameter int Bb          = 0,
  parameter int Speedup     = 1,
  parameter int SelfTurn    = 0,
  parameter int NumVcs      = 2,
  parameter int InBufPerVc  = 128,
  parameter int BufDepth    = 16,
  parameter int ChanLat     = 2,
  parameter int UseLcb      = 1,
  parameter int MaxPktLen   = 64,
  parameter int ReplayDepth = 256,
  parameter int Window      = 32,
  parameter int LinkCrcW    = 16,
  parameter int TopSpeedup  = 1,
  parameter int TopChoice   = 0,
  parameter int XpBuf       = 0,
  parameter int SideTab     = 0,
  parameter int UpPick      = 0,
  parameter int Vc          = 0,
  parameter int VcCls       = 1,
  parameter int VaHop       = 0,
  parameter int Hx          = 0,
  parameter int Ft          = 0,
  parameter int SaAlloc     = 0,
  parameter int SaIter      = 1,
  parameter int SaGroup     = 8,
  parameter int Spec        = 0,
  parameter int Kind        = 0,
  localparam int PhitW   = nr_pkg::PHIT_W,
  localparam int PortW   = nr_pkg::ROUTE_PORT_W,
  localparam int TagW    = PortW + ((Hx != 0 || Ft != 0) ? 2 : 0),
  localparam int PayW    = TagW + PhitW,
  localparam int HS      = (NumPorts == 8) ? 2 : 4,
  localparam int HPer    = 2 * (HS - 1),
  localparam int VcW     = nr_pkg::idx_w(NumVcs),
  localparam int N       = NumPorts / R,
  localparam int U       = (Bb != 0 && M > 0) ? (NumPorts / 2) / M : 1,
  localparam int R2      = R / 2,
  // inputs and outputs per class
  localparam int NIu     = (Kind == 0) ? N : (Kind == 2) ? U : (Kind == 3) ? 1 :
                           (Kind == 5) ? HS : (Kind == 6) ? 1 : 0,
  localparam int NBuf    = (Kind == 0) ? M : (Kind == 2) ? R2 : (Kind == 3) ? 0 :
                           (Kind == 4) ? NumPorts : (Kind == 5) ? 2 * HPer :
                           (Kind == 6) ? 8 : R,
  localparam int NPt     = (Kind == 3) ? 0 : (Kind == 4) ? 1 : NIu,
  localparam int NCh     = (Kind == 3) ? NumPorts : (Kind == 4) ? 0 : NBuf,
  localparam int NO      = NPt + NCh,
  localparam int TgtW    = nr_pkg::idx_w(NO),
  localparam int CrW     = $clog2(BufDepth + 1),
  localparam int IuN     = (NIu > 0) ? NIu : 1,
  localparam int BufN    = (NBuf > 0) ? NBuf : 1,
  localparam int PtN     = (NPt > 0) ? NPt : 1,
  localparam int ChN     = (NCh > 0) ? NCh : 1
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  input  logic [5:0]                 sub_id_i,
  // input-unit inputs
  input  logic [IuN*NumVcs-1:0]      iu_valid_iv_i,
  input  logic [IuN*NumVcs*TgtW-1:0] iu_tgt_iv_i,
  input  logic [IuN*NumVcs*PayW-1:0] iu_pay_iv_i,
  input  logic [IuN*NumVcs-1:0]      iu_drop_iv_i,
  output logic [IuN*NumVcs-1:0]      iu_pop_iv_o,
  // channel inputs
  input  logic [BufN-1:0]            bi_valid_i,
  input  logic [BufN*VcW-1:0]        bi_vc_i,
  input  logic [BufN*PayW-1:0]       bi_pay_i,
  output logic [BufN*NumVcs-1:0]     bi_cr_iv_o,
  // port outputs
  output logic [PtN-1:0]             pt_valid_o,
  output logic [PtN*PhitW-1:0]       pt_phit_o,
  input  logic [PtN*NumVcs-1:0]      pt_vc_ok_i,
  // channel outputs
  output logic [ChN-1:0]             ch_valid_o,
  output logic [ChN*VcW-1:0]         ch_vc_o,
  output logic [ChN*PayW-1:0]        ch_pay_o,
  input  logic [ChN*NumVcs-1:0]      ch_cr_i,
  output logic [ChN*NumVcs*CrW-1:0]  ch_cc_o,
  // VA winners of the IU inputs (Vc = 1): the IU rewrites the head to VC w
  output logic [IuN*NumVcs-1:0]      va_set_iv_o,
  output logic [IuN*NumVcs*2-1:0]    va_w_iv_o
);

  `NR_PARAM_ASSERT(p_kind, Kind >= 0 && Kind <= 6 && (Kind != 2 || Bb != 0) &&
                   (Kind != 1 || Bb == 0) && ((Kind == 3 || Kind == 4) == (XpBuf != 0)) &&
                   ((Kind == 5) == (Hx != 0)) && ((Kind == 6) == (Ft != 0)))
  `NR_PARAM_ASSERT(p_ft, (Ft == 0 || Ft == 1) && (Ft == 0 || (NumPorts == 64 && Hx == 0)))
  `NR_PARAM_ASSERT(p_hx, Hx >= 0 && Hx <= 2 && (Hx == 0 || NumPorts == 8 || NumPorts == 64))
  `NR_PARAM_ASSERT(p_speedup, Speedup >= 1 && Speedup <= 2)
  `NR_PARAM_ASSERT(p_vc, Vc == 0 || (Vc == 1 && Kind == 0 && R == 1 && M == 0 && Speedup == 1))
  `NR_PARAM_ASSERT(p_bufdepth, BufDepth >= 2 && (BufDepth & (BufDepth - 1)) == 0)
  `NR_PARAM_ASSERT(p_radix, NIu + NBuf >= 1 && NIu + NBuf <= 64)
  // the top's port and link parameters (not used here)
  `NR_PARAM_ASSERT(p_port_prm, InBufPerVc >= MaxPktLen && ChanLat >= 1 && ChanLat <= 4 &&
                   (UseLcb == 0 || UseLcb == 1) && ReplayDepth >= 8 && Window >= 2 &&
                   (LinkCrcW == 16 || LinkCrcW == 32) &&
                   (TopChoice == 0 || TopChoice == 1) && (SideTab == 0 || SideTab == 1) &&
                   (UpPick == 0 || UpPick == 2))
  `NR_PARAM_ASSERT(p_topspeedup, TopSpeedup >= 1 && TopSpeedup <= 2 && (Bb == 0 || TopSpeedup == 1))

  localparam int EntW = TgtW + PayW;
  localparam int NI   = NIu + NBuf;
  localparam int IU_FIRST = (Kind == 2) ? 0 : 1;
  // doc 1.6: the class turns of the channel inputs (bit cl_in*4 + cl_out,
  // classes X0, Y0, X1, Y1): hxv X0 -> Y0, X1, Y1; Y0 -> X1, Y1; X1 -> Y1;
  // hxm X0 -> Y1, Y0 -> X1
  localparam int HxTurn = (Hx == 1) ? 32'h08CE : 32'h0048;

  // ---------------------------------------------------------------- buffers
  // Channel input c, VC v: FIFO of {tgt, q, phit}.
  logic [BufN*NumVcs-1:0]      bvalid, bpop;
  logic [BufN*NumVcs*TgtW-1:0] btgt;
  logic [BufN*NumVcs*PayW-1:0] bpay;
  if (NBuf > 0) begin : g_buf
    logic [NBuf*EntW-1:0]        bi_ent;
    logic [NBuf*NumVcs*EntW-1:0] bent;
    for (genvar c = 0; c < NBuf; c++) begin : g_in
      logic [PayW-1:0]  pay;
      logic [PortW-1:0] q;
      logic [TgtW-1:0]  tgt;
      logic [1:0]       ext2;
      assign pay  = bi_pay_i[c*PayW +: PayW];
      assign q    = pay[PhitW +: PortW];
      assign ext2 = (Hx != 0 || Ft != 0) ? pay[PayW-1 -: 2] : 2'b00;
      // doc 5: the receiving subswitch's target for the packet, from q (doc
      // 1.6: HyperX from {ext, q} and s)
      always_comb begin
        int ext, d, sx, sy, dim, o, own;
        ext = 32'(ext2);
        d   = 32'(q) / HS;
        sx  = 32'(sub_id_i) % HS;
        sy  = 32'(sub_id_i) / HS;
        dim = 0;
        o   = 0;
        own = 0;
        if (Kind == 0)                    tgt = TgtW'(32'(q) % N);
        else if (Kind == 6) begin
          // doc 1.8: x, then y, the shorter way round (ties +), on the
          // channel ext[dim]; at q's subswitch its port
          sx = 32'(sub_id_i) % 8;
          sy = 32'(sub_id_i) / 8;
          if (32'(q) % 8 != sx) begin
            dim = 0;
            o   = ((32'(q) % 8 - sx + 8) % 8 > 4) ? 1 : 0;
          end else begin
            dim = 1;
            o   = ((32'(q) / 8 - sy + 8) % 8 > 4) ? 1 : 0;
          end
          if (32'(q) == 32'(sub_id_i)) tgt = '0;
          else tgt = TgtW'(1 + 2 * (2 * dim + o) + ((ext >> dim) & 1));
        end
        else if (Kind == 5) begin
          if (ext != 0) begin
            dim = 1;
            o   = (sy + ext) % HS;
          end else if (d % HS != sx) begin
            o   = d % HS;
          end else begin
            dim = 1;
            o   = d / HS;
          end
          own = (dim != 0) ? sy : sx;
          if (ext == 0 && d == 32'(sub_id_i)) tgt = TgtW'(32'(q) % HS);
          else tgt = TgtW'(HS + dim * HPer + 2 * ((o < own) ? o : o - 1) + ((ext != 0) ? 0 : 1));
        end
        else if (Kind != 2)               tgt = TgtW'(32'(q) / N);   // fb column: q / k = 0
        else if (32'(q) < NumPorts / 2)   tgt = TgtW'(32'(q) / N);
        else                              tgt = TgtW'(R2 + (32'(q) - NumPorts / 2) % U);
      end
      assign bi_ent[c*EntW +: EntW] = {tgt, pay};
    end
    nr_vcbank #(
      .NumIn (NBuf),
      .NumVcs(NumVcs),
      .Width (EntW),
      .Depth (BufDepth)
    ) u_bank (
      .clk_i,
      .rst_ni,
      .in_valid_i(bi_valid_i),
      .in_vc_i   (bi_vc_i),
      .in_data_i (bi_ent),
      .fr_valid_o(bvalid),
      .fr_data_o (bent),
      .pop_i     (bpop)
    );
    for (genvar b = 0; b < NBuf*NumVcs; b++) begin : g_fr
      assign btgt[b*TgtW +: TgtW] = bent[b*EntW + PayW +: TgtW];
      assign bpay[b*PayW +: PayW] = bent[b*EntW +: PayW];
    end
  end else begin : g_nobuf
    assign bvalid = '0;
    assign btgt   = '0;
    assign bpay   = '0;
    assign bpop   = '0;
    logic unused_bi;
    assign unused_bi = ^{bi_valid_i, bi_vc_i, bi_pay_i, bvalid, btgt, bpay};
  end
  assign bi_cr_iv_o = bpop;

  // ---------------------------------------------------------------- inputs
  // allocator order: IU inputs first (bottom), or channel inputs first (top)
  logic [NI*NumVcs-1:0]      avalid, adrop, apop;
  logic [NI*NumVcs*TgtW-1:0] atgt;
  logic [NI*NumVcs*PayW-1:0] apay;
  for (genvar i = 0; i < NI; i++) begin : g_ord
    localparam bit IS_IU = (IU_FIRST != 0) ? (i < NIu) : (i >= NBuf);
    localparam int LI    = (IU_FIRST != 0) ? ((i < NIu) ? i : i - NIu)
                                           : ((i < NBuf) ? i : i - NBuf);
    for (genvar v = 0; v < NumVcs; v++) begin : g_vc
      localparam int A = i*NumVcs + v;
      localparam int L = LI*NumVcs + v;
      if (IS_IU) begin : g_iu
        assign avalid[A]                = iu_valid_iv_i[L];
        assign adrop[A]                 = iu_drop_iv_i[L];
        assign atgt[A*TgtW +: TgtW]     = iu_tgt_iv_i[L*TgtW +: TgtW];
        assign apay[A*PayW +: PayW]     = iu_pay_iv_i[L*PayW +: PayW];
        assign iu_pop_iv_o[L]           = apop[A];
      end else begin : g_bi
        assign avalid[A]                = bvalid[L];
        assign adrop[A]                 = 1'b0;
        assign atgt[A*TgtW +: TgtW]     = btgt[L*TgtW +: TgtW];
        assign apay[A*PayW +: PayW]     = bpay[L*PayW +: PayW];
        assign bpop[L]                  = apop[A];
      end
    end
  end
  if (NIu == 0) begin : g_noiu
    assign iu_pop_iv_o = '0;
    logic unused_iu;
    assign unused_iu = ^{iu_valid_iv_i, iu_tgt_iv_i, iu_pay_iv_i, iu_drop_iv_i};
  end

  // ---------------------------------------------------------------- allocator
  logic [PtN*PayW-1:0] pt_pay;
  logic [NI*NumVcs-1:0]   va_set;
  logic [NI*NumVcs*2-1:0] va_w;
  if (Vc != 0) begin : g_va     // every input is an IU, in order
    assign va_set_iv_o = va_set;
    assign va_w_iv_o   = va_w;
  end else begin : g_nova
    assign va_set_iv_o = '0;
    assign va_w_iv_o   = '0;
    logic unused_va;
    assign unused_va = ^{va_set, va_w};
  end
  nr_swalloc #(
    .NumVcs (NumVcs),
    .NumIu  (NIu),
    .NumBuf (NBuf),
    .IuFirst(IU_FIRST),
    .NumPt  (NPt),
    .NumCh  (NCh),
    .PtFirst(IU_FIRST),
    .XIuPt  ((Kind == 0 || Kind >= 5) ? ((SelfTurn != 0) ? 1 : 2) : 0),
    .XIuCh  (1),
    .XBufPt (1),
    .XBufCh ((Kind == 0) ? 0 : (Kind == 5) ? 3 : (Kind == 6) ? 4 : 2),
    .XClsPer(HPer),
    .XClsTurn(HxTurn),
    .Speedup((Kind == 0 || Kind >= 5) ? Speedup : (Kind == 1) ? TopSpeedup : 1),
    .Credits(BufDepth),
    .PayW   (PayW),
    .Vc     (Vc),
    .VcCls  (VcCls),
    .VaHop  (VaHop),
    .SaAlloc(SaAlloc),
    .SaIter (SaIter),
    .SaGroup(SaGroup),
    .Spec   (Spec)
  ) u_alloc (
    .clk_i,
    .rst_ni,
    .in_valid_iv_i(avalid),
    .in_tgt_iv_i  (atgt),
    .in_pay_iv_i  (apay),
    .in_drop_iv_i (adrop),
    .in_pop_iv_o  (apop),
    .pt_valid_o,
    .pt_pay_o     (pt_pay),
    .pt_ready_i   ({PtN{1'b1}}),
    .pt_vc_ok_i,
    .ch_valid_o,
    .ch_vc_o,
    .ch_pay_o,
    .ch_cr_i,
    .ch_cc_o,
    .va_set_iv_o(va_set),
    .va_w_iv_o  (va_w)
  );
  // a port output sends the phit; the tag is only needed on internal channels
  for (genvar k = 0; k < PtN; k++) begin : g_pt
    assign pt_phit_o[k*PhitW +: PhitW] = pt_pay[k*PayW +: PhitW];
    logic unused_q;
    assign unused_q = ^pt_pay[k*PayW + PhitW +: TagW];
  end
  if (Kind < 5) begin : g_noid
    logic unused_id;
    assign unused_id = ^sub_id_i;
  end

endmodule
