// nr_nwn.sv - network-within-a-network switch: folded-Clos (fc), bilateral
// butterfly (bb) or canonical crossbar (cn), and the fb, HyperX, vc and
// folded-torus organizations (docs/nwn-arch.md).
//
// Purpose: top level. NumPorts ports (nr_nwn_port: front end, input unit,
//   first hop), bottom subswitches and top subswitches (nr_nwn_sub), and the
//   internal channels between them with their latency. The external interface
//   is nr_yarc's (docs/yarc-arch.md), with NumPorts in place of Rows*Cols.
// Organization (doc 1, 3): cn when R = 1 (then M = 0): one bottom of n = k
//   ports. fc when Bb = 0, R >= 2: R bottoms of n = k/R ports, M tops of radix
//   R. bb when Bb = 1: R/2 bottoms serve the down ports 0..k/2-1; top t hosts
//   the up ports k/2 + t*u .. k/2 + t*u + u-1, u = (k/2)/M. Bottom b's up-link
//   t (output n+t) is top t's input b; top t's output b is bottom b's input
//   n+t (down-link).
// Parameters (doc section 3; checked at elaboration):
//   NumPorts     k, 4..64, power of two.
//   R            1..k, power of two dividing k; bb: >= 2.
//   M            0..16; 0 exactly when R = 1.
//   Bb           0/1; bb needs R >= 2 and (k/2) mod M = 0.
//   Speedup      1..2, input speedup of the bottom subswitches (and reads per
//                cycle of their input units); tops use 1.
//   SelfTurn     0/1, keep the self crosspoints (q = p); 0 drops such packets
//                (SELF).
//   NumVcs       1..4.
//   InBufPerVc   input queue per VC, >= MaxPktLen (8..1023, nr_inq).
//   BufDepth     internal buffer per (subswitch input, VC), power of two,
//                >= 2*ChanLat.
//   ChanLat      1..4, internal channel latency (data and credits).
//   UseLcb       1: nr_lcb_port on every port; 0: nr_port_bare.
//   SideTab      0/1; 1 the side table in every port's tables
//                (docs/yarc-arch.md 5 step 3a, nr_route_cfg).
//   UpPick       0/2; 2 the up choice greedy_r(2) (yarc-arch 5 step 4').
//   MaxPktLen    >= 2, VCT threshold; ReplayDepth, Window: the LCB's.
//   LinkCrcW     16 or 32, every port's link check (docs/link-protocol.md
//                section 4.1); 32 adds a trailer phit per packet and one
//                cycle to each link's receive path.
//   XpBuf        0/1; 1 the fully buffered crossbar fb (doc 1.5, nr_nwn_fbx in
//                place of the bottom): R = 1, M = 0, Speedup = 1, SelfTurn = 1;
//                BufDepth per crosspoint and VC.
//   Vc           0/1; 1 the baseline VC router vc (doc 1.7): cn's shape (R = 1,
//                M = 0, Speedup = 1, XpBuf = 0), its one bottom's nr_swalloc
//                allocating output VCs (VcCls classes) before an input-first
//                switch allocation; the VA winners' heads are rewritten by
//                their IUs. VcCls: 1..NumVcs, dividing NumVcs; VaHop 0/1 (1:
//                class c + 1 at each hop, VcCls >= 2). SaAlloc 0..2,
//                SaIter (1..4 with SaAlloc 1), SaGroup (dividing NumPorts): its
//                switch allocator (nr_swalloc); Spec 0/1 its speculation.
//   Hx           0; 1 hxv, 2 hxm: the 2-D HyperX switch (doc 1.6, nr_nwn_hx
//                in place of the bottom): R = 1, M = 0, XpBuf = 0, NumPorts
//                8 or 64; payloads carry {ext, q}.
//   Ft           0; 1 ftd: the folded 2-D torus switch (doc 1.8, nr_nwn_hx
//                in place of the bottom): R = 1, M = 0, XpBuf = Hx = Vc = 0,
//                NumPorts 64; payloads carry {ext, q}.
//   Radix limits: n + M <= 64, fc top R <= 64, bb top R/2 + u <= 64.
// Latency definition (doc 3, 5): a channel phit sent in cycle t is written into
//   the receiving buffer at the end of t+ChanLat-1 (ChanLat-1 pipeline stages
//   of nr_chpipe, then the nr_fifo write) and allocatable from t+ChanLat; a credit for a pop
//   in t passes ChanLat-1 stages and is added at the end of t+ChanLat-1.
// Ports / protocol (flat vectors, port-major; p = port, v = VC), as nr_yarc:
//   link_rx_p_i / link_tx_p_o       24-bit link phits (UseLcb = 1).
//   ev_p_o (21 bits/port), link_down_p_o   LCB events and status.
//   cfg_timeout_i, cfg_retry_limit_i, cfg_max_len_i  LCB run-time config,
//                                   shared by all ports, held constant.
//   in_valid_p_i, in_phit_p_i, in_cr_p_v_o, out_valid_p_o, out_phit_p_o,
//   out_cr_p_v_i                    bare ports (UseLcb = 0), CW bits per count,
//                                   CW = clog2(InBufPerVc+1).
//   cfg_we_i, cfg_bcast_i, cfg_tile_i, cfg_addr_i, cfg_wdata_i  configuration
//                                   write (yarc-arch 9, cfg_tile = port);
//                                   takes effect next cycle. A cfg_tile_i >=
//                                   NumPorts without bcast writes nothing.
//   tev_p_o (5 bits/port)           {reason[2:0], CFG_BAD, RT_DROP}; reasons
//                                   1..4 as YARC, 5 SELF, 6 UPUP.
//   prm_*_o                         constant: the -G parameters of this build.
// Zero-load latency (doc 8): link_rx -> link_tx 6 cycles through one
//   subswitch, 6 + ChanLat through two (bb up/down-going), 6 + 2*ChanLat
//   through three; bare in_valid -> out_valid two cycles less. LinkCrcW = 32
//   adds one cycle to each (the receiver's trailer stage).
// Net names: every net of this module (the wiring between ports, subswitches
//   and channel pipes) starts with hb_ ("hierarchy boundary"): when the ports
//   and subswitches are hierarchy blocks of a Verilator build, these are the
//   only names a false UNOPTFLAT can report (rtl/lint.vlt).
// Cost: NumPorts ports (input queue, LCB, staging, tables), the subswitches'
//   channel-input buffers (fc 2*R*M, bb R*M inputs of NumVcs x BufDepth
//   phits, cn none) and the counted crosspoints (doc 10); per channel
//   (ChanLat-1)*(31+VcW) pipeline flops plus (ChanLat-1)*NumVcs for credits.
//   See docs/nwn-rtl.md.
`default_nettype none
`include "nr_assert.svh"

module nr_nwn #(
  parameter int NumPorts    = 64,
  parameter int R           = 16,
  parameter int M           = 4,
  parameter int Bb          = 0,
  parameter int Speedup     = 1,
  parameter int SelfTurn    = 0,
  parameter int NumVcs      = 2,
  parameter int InBufPerVc  = 128,
  parameter int SideTab     = 0,
  parameter int UpPick      = 0,
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
  parameter int Vc          = 0,
  parameter int VcCls       = 1,
  parameter int VaHop       = 0,
  parameter int Hx          = 0,
  parameter int Ft          = 0,
  parameter int SaAlloc     = 0,
  parameter int SaIter      = 1,
  parameter int SaGroup     = 8,
  parameter int Spec        = 0,
  localparam int PhitW      = nr_pkg::PHIT_W,
  localparam int PortW      = nr_pkg::ROUTE_PORT_W,
  localparam int VcW        = nr_pkg::idx_w(NumVcs),
  localparam int CW         = $clog2(InBufPerVc + 1)
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // LCB run-time configuration (all ports)
  input  logic [15:0]                cfg_timeout_i,
  input  logic [7:0]                 cfg_retry_limit_i,
  input  logic [7:0]                 cfg_max_len_i,
  // links (UseLcb = 1)
  input  logic [NumPorts*PhitW-1:0]  link_rx_p_i,
  output logic [NumPorts*PhitW-1:0]  link_tx_p_o,
  output logic [NumPorts*21-1:0]     ev_p_o,
  output logic [NumPorts-1:0]        link_down_p_o,
  // bare ports (UseLcb = 0)
  input  logic [NumPorts-1:0]        in_valid_p_i,
  input  logic [NumPorts*PhitW-1:0]  in_phit_p_i,
  output logic [NumPorts*NumVcs*CW-1:0] in_cr_p_v_o,
  output logic [NumPorts-1:0]        out_valid_p_o,
  output logic [NumPorts*PhitW-1:0]  out_phit_p_o,
  input  logic [NumPorts*NumVcs*CW-1:0] out_cr_p_v_i,
  // configuration port
  input  logic                       cfg_we_i,
  input  logic                       cfg_bcast_i,
  input  logic [5:0]                 cfg_tile_i,
  input  logic [7:0]                 cfg_addr_i,
  input  logic [31:0]                cfg_wdata_i,
  output logic [NumPorts*5-1:0]      tev_p_o,
  // parameters of this build (constants)
  output logic [15:0]                prm_num_ports_o,
  output logic [15:0]                prm_r_o,
  output logic [15:0]                prm_m_o,
  output logic [15:0]                prm_bb_o,
  output logic [15:0]                prm_speedup_o,
  output logic [15:0]                prm_self_turn_o,
  output logic [15:0]                prm_num_vcs_o,
  output logic [15:0]                prm_in_buf_per_vc_o,
  output logic [15:0]                prm_buf_depth_o,
  output logic [15:0]                prm_chan_lat_o,
  output logic [15:0]                prm_use_lcb_o,
  output logic [15:0]                prm_max_pkt_len_o,
  output logic [15:0]                prm_replay_depth_o,
  output logic [15:0]                prm_window_o,
  output logic [15:0]                prm_top_speedup_o,
  output logic [15:0]                prm_top_choice_o,
  output logic [15:0]                prm_side_tab_o,
  output logic [15:0]                prm_up_pick_o,
  output logic [15:0]                prm_link_crc_w_o,
  output logic [15:0]                prm_xp_buf_o,
  output logic [15:0]                prm_vc_o,
  output logic [15:0]                prm_vc_cls_o,
  output logic [15:0]                prm_va_hop_o,
  output logic [15:0]                prm_hx_o,
  output logic [15:0]                prm_ft_o,
  output logic [15:0]                prm_sa_alloc_o,
  output logic [15:0]                prm_sa_iter_o,
  output logic [15:0]                prm_sa_group_o,
  output logic [15:0]                prm_spec_o
);

  localparam int N    = NumPorts / R;                           // ports per bottom
  localparam int HALF = NumPorts / 2;
  localparam int MN   = (M > 0) ? M : 1;
  localparam int NBot = (Bb != 0) ? R / 2 : R;                  // bottoms
  localparam bit Dir  = (Hx != 0 || Ft != 0);                   // HyperX, folded torus: nr_nwn_hx
  localparam int NBotS = (XpBuf != 0 || Dir) ? 0 : NBot;        // ... as subswitches (fb, hx: none)
  localparam int HS   = (NumPorts == 8) ? 2 : 4;                // HyperX (doc 1.6): side,
  localparam int NLoc = (Ft != 0) ? 1 : HS;                     // ports of a subswitch (hx, ft),
  localparam int NCc  = (Ft != 0) ? 8 : (Hx != 0) ? 4 * (HS - 1) : MN;  // first-hop credits
  localparam int U    = (Bb != 0) ? HALF / MN : 1;              // bb: up ports per top
  localparam int NTI  = (Bb != 0) ? R / 2 : R;                  // top channel inputs
  localparam int NOB  = N + M;                                  // bottom outputs
  localparam int NOT  = (Bb != 0) ? R / 2 + U : R;              // top outputs
  localparam int TWB  = nr_pkg::idx_w(NOB);
  localparam int TWT  = nr_pkg::idx_w(NOT);
  localparam int TgtW = Dir ? nr_pkg::idx_w(NLoc + NCc) :       // ports' first hop
                        (Bb != 0 && TWT > TWB) ? TWT : TWB;
  localparam int PayW = PortW + (Dir ? 2 : 0) + PhitW;          // {q, phit}, hx/ft {ext, q, phit}
  localparam int ChW  = VcW + PayW;                             // channel {vc, q, phit}
  localparam int CrW  = $clog2(BufDepth + 1);

  `NR_PARAM_ASSERT(p_numports, NumPorts >= 4 && NumPorts <= 64 && (NumPorts & (NumPorts - 1)) == 0)
  `NR_PARAM_ASSERT(p_r, R >= 1 && R <= NumPorts && (R & (R - 1)) == 0)
  `NR_PARAM_ASSERT(p_m, M >= 0 && M <= 16 && ((R == 1) == (M == 0)))
  `NR_PARAM_ASSERT(p_bb, Bb == 0 || (Bb == 1 && R >= 2 && (NumPorts / 2) % MN == 0))
  `NR_PARAM_ASSERT(p_speedup, Speedup >= 1 && Speedup <= 2)
  `NR_PARAM_ASSERT(p_topspeedup, TopSpeedup >= 1 && TopSpeedup <= 2 && (Bb == 0 || TopSpeedup == 1))
  `NR_PARAM_ASSERT(p_topchoice, TopChoice == 0 || TopChoice == 1)
  `NR_PARAM_ASSERT(p_selfturn, SelfTurn == 0 || SelfTurn == 1)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_inbuf, InBufPerVc >= MaxPktLen)
  `NR_PARAM_ASSERT(p_chanlat, ChanLat >= 1 && ChanLat <= 4)
  `NR_PARAM_ASSERT(p_bufdepth, BufDepth >= 2 * ChanLat && (BufDepth & (BufDepth - 1)) == 0)
  `NR_PARAM_ASSERT(p_uselcb, UseLcb == 0 || UseLcb == 1)
  `NR_PARAM_ASSERT(p_linkcrcw, LinkCrcW == 16 || LinkCrcW == 32)
  `NR_PARAM_ASSERT(p_maxpkt, MaxPktLen >= 2)
  `NR_PARAM_ASSERT(p_radix, NOB <= 64 && NOT <= 64)
  `NR_PARAM_ASSERT(p_xpbuf, XpBuf == 0 || (XpBuf == 1 && R == 1 && Speedup == 1 && SelfTurn == 1))
  `NR_PARAM_ASSERT(p_vc, (Vc == 0 || (Vc == 1 && R == 1 && Speedup == 1 && XpBuf == 0)) &&
                   VcCls >= 1 && VcCls <= NumVcs && NumVcs % VcCls == 0 &&
                   (VaHop == 0 || (VaHop == 1 && Vc == 1 && VcCls >= 2)))
  `NR_PARAM_ASSERT(p_hx, Hx == 0 || ((Hx == 1 || Hx == 2) && R == 1 && XpBuf == 0 &&
                                     (NumPorts == 8 || NumPorts == 64)))
  `NR_PARAM_ASSERT(p_ft, Ft == 0 || (Ft == 1 && R == 1 && XpBuf == 0 && Hx == 0 && Vc == 0 &&
                                     NumPorts == 64))
  // the switch allocators of vc (doc 1.7) and its speculation
  `NR_PARAM_ASSERT(p_sa, SaAlloc >= 0 && SaAlloc <= 2 && (SaAlloc == 0 || Vc == 1) &&
                   (SaAlloc != 1 || (SaIter >= 1 && SaIter <= 4)) &&
                   (Spec == 0 || (Spec == 1 && Vc == 1)) &&
                   (SaAlloc != 2 || (SaGroup >= 2 && NumPorts % SaGroup == 0)))

  assign prm_num_ports_o     = 16'(NumPorts);
  assign prm_r_o             = 16'(R);
  assign prm_m_o             = 16'(M);
  assign prm_bb_o            = 16'(Bb);
  assign prm_speedup_o       = 16'(Speedup);
  assign prm_top_speedup_o   = 16'(TopSpeedup);
  assign prm_top_choice_o    = 16'(TopChoice);
  assign prm_side_tab_o      = 16'(SideTab);
  assign prm_up_pick_o       = 16'(UpPick);
  assign prm_self_turn_o     = 16'(SelfTurn);
  assign prm_num_vcs_o       = 16'(NumVcs);
  assign prm_in_buf_per_vc_o = 16'(InBufPerVc);
  assign prm_buf_depth_o     = 16'(BufDepth);
  assign prm_chan_lat_o      = 16'(ChanLat);
  assign prm_use_lcb_o       = 16'(UseLcb);
  assign prm_max_pkt_len_o   = 16'(MaxPktLen);
  assign prm_replay_depth_o  = 16'(ReplayDepth);
  assign prm_window_o        = 16'(Window);
  assign prm_link_crc_w_o    = 16'(LinkCrcW);
  assign prm_xp_buf_o        = 16'(XpBuf);
  assign prm_vc_o            = 16'(Vc);
  assign prm_vc_cls_o        = 16'(VcCls);
  assign prm_va_hop_o        = 16'(VaHop);
  assign prm_hx_o            = 16'(Hx);
  assign prm_ft_o            = 16'(Ft);
  assign prm_sa_alloc_o      = 16'(SaAlloc);
  assign prm_sa_iter_o       = 16'(SaIter);
  assign prm_sa_group_o      = 16'(SaGroup);
  assign prm_spec_o          = 16'(Spec);

  // ------------------------------------------------------------ shared wires
  // Arrays indexed by their producer and written whole by it (many partial
  // drivers on one net make Icarus elaboration quadratic, see nr_yarc).
  // ports
  logic [NumVcs-1:0]        hb_pf_valid [NumPorts];   // IU fronts
  logic [NumVcs*TgtW-1:0]   hb_pf_tgt   [NumPorts];
  logic [NumVcs*PayW-1:0]   hb_pf_pay   [NumPorts];
  logic [NumVcs-1:0]        hb_pf_drop  [NumPorts];
  logic [NumVcs-1:0]        hb_p_vc_ok  [NumPorts];   // TX side of the port
  logic [NumVcs*CW-1:0]     hb_p_pcr_d  [NumPorts];   // next cycle's output credits (clamped)
  // the credit image: every port's output credits at the start of the
  // cycle, to every port's RC (docs/fbfly-routing.md 6.1). Registered here
  // from the ports' next values, so it always equals the ports' own
  // counters; a port block reads it from this flop, not from another port
  // block's output in the same cycle (docs/yarc-rtl.md, "The credit image").
  logic [NumPorts*NumVcs*CW-1:0] hb_pcr_all;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int i = 0; i < NumPorts*NumVcs; i++) hb_pcr_all[i*CW +: CW] <= CW'(InBufPerVc);
    end else begin
      for (int p = 0; p < NumPorts; p++) hb_pcr_all[p*NumVcs*CW +: NumVcs*CW] <= hb_p_pcr_d[p];
    end
  end
  // bottoms
  logic [N*NumVcs-1:0]      hb_b_pop    [NBot];       // IU pops
  logic [N*NumVcs-1:0]      hb_b_vas    [NBot];       // VA winners (Vc = 1)
  logic [N*NumVcs*2-1:0]    hb_b_vaw    [NBot];
  logic [N-1:0]             hb_b_ptv    [NBot];       // port outputs
  logic [N*PhitW-1:0]       hb_b_ptp    [NBot];
  logic [MN*NumVcs*CrW-1:0] hb_b_cc     [NBot];       // up-link credits (adaptive)
  logic [MN-1:0]            hb_b_upv    [NBot];       // up-links after the pipe
  logic [MN*ChW-1:0]        hb_b_upd    [NBot];
  logic [MN*NumVcs-1:0]     hb_b_dcr    [NBot];       // down-link credits, after the pipe
  // tops
  logic [NTI-1:0]           hb_t_dnv    [MN];         // down-links after the pipe
  logic [NTI*ChW-1:0]       hb_t_dnd    [MN];
  logic [NTI*NumVcs-1:0]    hb_t_ucr    [MN];         // up-link credits, after the pipe
  logic [U*NumVcs-1:0]      hb_t_pop    [MN];         // bb: up ports' IU pops
  logic [U-1:0]             hb_t_ptv    [MN];         // bb: up port outputs
  logic [U*PhitW-1:0]       hb_t_ptp    [MN];
  // HyperX, folded torus: every port's first-hop credits (its subswitch's channels)
  logic [NumPorts*NCc*NumVcs*CrW-1:0] hb_h_cc;

  // ------------------------------------------------------------ ports
  for (genvar p = 0; p < NumPorts; p++) begin : g_port
    localparam bit IS_UP = (Bb != 0) && (p >= HALF);
    localparam int B     = IS_UP ? 0 : p / N;                  // its bottom
    localparam int X     = IS_UP ? 0 : p % N;
    localparam int T     = IS_UP ? (p - HALF) / U : 0;         // bb: its top
    localparam int XU    = IS_UP ? (p - HALF) % U : 0;

    logic hb_port_we, hb_tx_valid;
    logic [PhitW-1:0] hb_tx_phit;
    logic [NumVcs-1:0] hb_pop, hb_vas;
    logic [NumVcs*2-1:0] hb_vaw;
    logic [NCc*NumVcs*CrW-1:0] hb_cc;
    assign hb_port_we = cfg_we_i && (cfg_bcast_i || 32'(cfg_tile_i) == p);
    if (IS_UP) begin : g_up
      assign hb_pop      = hb_t_pop[T][XU*NumVcs +: NumVcs];
      assign hb_vas      = '0;
      assign hb_vaw      = '0;
      assign hb_tx_valid = hb_t_ptv[T][XU];
      assign hb_tx_phit  = hb_t_ptp[T][XU*PhitW +: PhitW];
      assign hb_cc       = '0;
    end else begin : g_down
      assign hb_pop      = hb_b_pop[B][X*NumVcs +: NumVcs];
      assign hb_vas      = hb_b_vas[B][X*NumVcs +: NumVcs];
      assign hb_vaw      = hb_b_vaw[B][X*NumVcs*2 +: NumVcs*2];
      assign hb_tx_valid = hb_b_ptv[B][X];
      assign hb_tx_phit  = hb_b_ptp[B][X*PhitW +: PhitW];
      if (Dir) begin : g_hx
        assign hb_cc     = hb_h_cc[p*NCc*NumVcs*CrW +: NCc*NumVcs*CrW];
      end else begin : g_bot
        assign hb_cc     = hb_b_cc[B];
      end
    end

    nr_nwn_port #(
      .NumPorts   (NumPorts),
      .R          (R),
      .M          (M),
      .Bb         (Bb),
      .Speedup    (Speedup),
      .SelfTurn   (SelfTurn),
      .NumVcs     (NumVcs),
      .InBufPerVc (InBufPerVc),
      .SideTab    (SideTab),
      .UpPick     (UpPick),
      .BufDepth   (BufDepth),
      .ChanLat    (ChanLat),
      .UseLcb     (UseLcb),
      .MaxPktLen  (MaxPktLen),
      .ReplayDepth(ReplayDepth),
      .Window     (Window),
      .LinkCrcW   (LinkCrcW),
      .TopSpeedup (TopSpeedup),
      .TopChoice  (TopChoice),
      .XpBuf      (XpBuf),
      .Vc         (Vc),
      .VcCls      (VcCls),
      .VaHop      (VaHop),
      .Hx         (Hx),
      .Ft         (Ft),
      .SaAlloc    (SaAlloc),
      .SaIter     (SaIter),
      .SaGroup    (SaGroup),
      .Spec       (Spec),
      .UpPort     (IS_UP ? 1 : 0)
    ) u_port (
      .clk_i,
      .rst_ni,
      .port_id_i        (PortW'(p)),
      .cfg_timeout_i,
      .cfg_retry_limit_i,
      .cfg_max_len_i,
      .link_rx_i        (link_rx_p_i[p*PhitW +: PhitW]),
      .link_tx_o        (link_tx_p_o[p*PhitW +: PhitW]),
      .ev_o             (ev_p_o[p*21 +: 21]),
      .link_down_o      (link_down_p_o[p]),
      .in_valid_i       (in_valid_p_i[p]),
      .in_phit_i        (in_phit_p_i[p*PhitW +: PhitW]),
      .in_cr_o          (in_cr_p_v_o[p*NumVcs*CW +: NumVcs*CW]),
      .out_valid_o      (out_valid_p_o[p]),
      .out_phit_o       (out_phit_p_o[p*PhitW +: PhitW]),
      .out_cr_i         (out_cr_p_v_i[p*NumVcs*CW +: NumVcs*CW]),
      .cfg_we_i         (hb_port_we),
      .cfg_addr_i,
      .cfg_wdata_i,
      .tev_o            (tev_p_o[p*5 +: 5]),
      .pcr_d_o          (hb_p_pcr_d[p]),
      .pcr_p_v_i        (hb_pcr_all),
      .cc_t_vc_i        (hb_cc),
      .fr_valid_v_o     (hb_pf_valid[p]),
      .fr_tgt_v_o       (hb_pf_tgt[p]),
      .fr_pay_v_o       (hb_pf_pay[p]),
      .fr_drop_v_o      (hb_pf_drop[p]),
      .pop_v_i          (hb_pop),
      .va_set_v_i       (hb_vas),
      .va_w_v_i         (hb_vaw),
      .tx_valid_i       (hb_tx_valid),
      .tx_phit_i        (hb_tx_phit),
      .tx_vc_ok_o       (hb_p_vc_ok[p])
    );
  end

  // ------------------------------------------------------------ bottoms
  for (genvar b = 0; b < NBotS; b++) begin : g_bot
    logic [N*NumVcs-1:0]      hb_iu_valid, hb_iu_drop;
    logic [N*NumVcs*TWB-1:0]  hb_iu_tgt;
    logic [N*NumVcs*PayW-1:0] hb_iu_pay;
    logic [N*NumVcs-1:0]      hb_pt_vc_ok;
    logic [MN-1:0]            hb_bi_valid, hb_ch_valid;
    logic [MN*VcW-1:0]        hb_bi_vc, hb_ch_vc;
    logic [MN*PayW-1:0]       hb_bi_pay, hb_ch_pay;
    logic [MN*NumVcs-1:0]     hb_bi_cr, hb_ch_cr;
    for (genvar x = 0; x < N; x++) begin : g_x
      localparam int P = b*N + x;
      assign hb_iu_valid[x*NumVcs +: NumVcs] = hb_pf_valid[P];
      assign hb_iu_drop[x*NumVcs +: NumVcs]  = hb_pf_drop[P];
      assign hb_iu_pay[x*NumVcs*PayW +: NumVcs*PayW] = hb_pf_pay[P];
      for (genvar v = 0; v < NumVcs; v++) begin : g_vc
        assign hb_iu_tgt[(x*NumVcs + v)*TWB +: TWB] = hb_pf_tgt[P][v*TgtW +: TWB];
      end
      assign hb_pt_vc_ok[x*NumVcs +: NumVcs] = hb_p_vc_ok[P];
      if (TgtW > TWB) begin : g_tw
        logic unused_tgt;
        assign unused_tgt = ^hb_pf_tgt[P];
      end
    end
    if (M > 0) begin : g_ch
      for (genvar t = 0; t < M; t++) begin : g_t
        // down-link from top t (its output b), and its credits
        assign hb_bi_valid[t]                 = hb_t_dnv[t][b];
        assign hb_bi_vc[t*VcW +: VcW]         = hb_t_dnd[t][b*ChW + PayW +: VcW];
        assign hb_bi_pay[t*PayW +: PayW]      = hb_t_dnd[t][b*ChW +: PayW];
        assign hb_ch_cr[t*NumVcs +: NumVcs]   = hb_t_ucr[t][b*NumVcs +: NumVcs];
      end
    end else begin : g_noch
      assign hb_bi_valid = '0;
      assign hb_bi_vc    = '0;
      assign hb_bi_pay   = '0;
      assign hb_ch_cr    = '0;
    end

    nr_nwn_sub #(
      .NumPorts   (NumPorts),
      .R          (R),
      .M          (M),
      .Bb         (Bb),
      .Speedup    (Speedup),
      .SelfTurn   (SelfTurn),
      .NumVcs     (NumVcs),
      .InBufPerVc (InBufPerVc),
      .BufDepth   (BufDepth),
      .ChanLat    (ChanLat),
      .UseLcb     (UseLcb),
      .MaxPktLen  (MaxPktLen),
      .ReplayDepth(ReplayDepth),
      .Window     (Window),
      .LinkCrcW   (LinkCrcW),
      .TopSpeedup (TopSpeedup),
      .TopChoice  (TopChoice),
      .XpBuf      (XpBuf),
      .SideTab    (SideTab),
      .UpPick     (UpPick),
      .Vc         (Vc),
      .VcCls      (VcCls),
      .VaHop      (VaHop),
      .Hx         (Hx),
      .Ft         (Ft),
      .SaAlloc    (SaAlloc),
      .SaIter     (SaIter),
      .SaGroup    (SaGroup),
      .Spec       (Spec),
      .Kind       (0)
    ) u_sub (
      .clk_i,
      .rst_ni,
      .sub_id_i     (6'(b)),
      .iu_valid_iv_i(hb_iu_valid),
      .iu_tgt_iv_i  (hb_iu_tgt),
      .iu_pay_iv_i  (hb_iu_pay),
      .iu_drop_iv_i (hb_iu_drop),
      .iu_pop_iv_o  (hb_b_pop[b]),
      .bi_valid_i   (hb_bi_valid),
      .bi_vc_i      (hb_bi_vc),
      .bi_pay_i     (hb_bi_pay),
      .bi_cr_iv_o   (hb_bi_cr),
      .pt_valid_o   (hb_b_ptv[b]),
      .pt_phit_o    (hb_b_ptp[b]),
      .pt_vc_ok_i   (hb_pt_vc_ok),
      .ch_valid_o   (hb_ch_valid),
      .ch_vc_o      (hb_ch_vc),
      .ch_pay_o     (hb_ch_pay),
      .ch_cr_i      (hb_ch_cr),
      .ch_cc_o      (hb_b_cc[b]),
      .va_set_iv_o  (hb_b_vas[b]),
      .va_w_iv_o    (hb_b_vaw[b])
    );

    if (M > 0) begin : g_pipe
      // up-links to the tops and the down-link credits back (pops of this
      // bottom's channel inputs): ChanLat-1 stages each way
      logic [M*ChW-1:0] hb_ch_d;
      for (genvar t = 0; t < M; t++) begin : g_up
        assign hb_ch_d[t*ChW +: ChW] = {hb_ch_vc[t*VcW +: VcW], hb_ch_pay[t*PayW +: PayW]};
      end
      nr_chpipe #(
        .NumCh  (M),
        .Width  (ChW),
        .NumCr  (M*NumVcs),
        .Latency(ChanLat - 1)
      ) u_up_pipe (
        .clk_i,
        .rst_ni,
        .ch_valid_i(hb_ch_valid),
        .ch_data_i (hb_ch_d),
        .ch_valid_o(hb_b_upv[b]),
        .ch_data_o (hb_b_upd[b]),
        .cr_i      (hb_bi_cr),
        .cr_o      (hb_b_dcr[b])
      );
    end else begin : g_nopipe
      assign hb_b_upv[b] = '0;
      assign hb_b_upd[b] = '0;
      assign hb_b_dcr[b] = '0;
      // cn: no tops, no channels
      logic unused_ch;
      assign unused_ch = ^{hb_ch_valid, hb_ch_vc, hb_ch_pay, hb_bi_cr, hb_b_upv[b], hb_b_upd[b],
                           hb_b_dcr[b]};
    end
  end

  // ------------------------------------------------------------ fb, hx, ft
  // every port's fronts and vc_ok, flat, for the organizations that replace
  // cn's one bottom by many subswitches (nr_nwn_fbx, nr_nwn_hx)
  logic [NumPorts*NumVcs-1:0]      hb_f_valid, hb_f_drop, hb_f_vc_ok;
  logic [NumPorts*NumVcs*TgtW-1:0] hb_f_tgt;
  logic [NumPorts*NumVcs*PayW-1:0] hb_f_pay;
  for (genvar p = 0; p < NumPorts; p++) begin : g_flat
    assign hb_f_valid[p*NumVcs +: NumVcs]          = hb_pf_valid[p];
    assign hb_f_drop[p*NumVcs +: NumVcs]           = hb_pf_drop[p];
    assign hb_f_pay[p*NumVcs*PayW +: NumVcs*PayW]  = hb_pf_pay[p];
    assign hb_f_tgt[p*NumVcs*TgtW +: NumVcs*TgtW]  = hb_pf_tgt[p];
    assign hb_f_vc_ok[p*NumVcs +: NumVcs]          = hb_p_vc_ok[p];
  end
  if (XpBuf == 0 && !Dir) begin : g_noflat
    logic unused_flat;
    assign unused_flat = ^{hb_f_valid, hb_f_drop, hb_f_vc_ok, hb_f_tgt, hb_f_pay};
  end

  // XpBuf = 1 (doc 1.5): the rows, crosspoint columns and credit buses of
  // nr_nwn_fbx in place of the one bottom of cn, on its wires.
  if (XpBuf != 0) begin : g_fb
    nr_nwn_fbx #(
      .NumPorts   (NumPorts),
      .R          (R),
      .M          (M),
      .Bb         (Bb),
      .Speedup    (Speedup),
      .SelfTurn   (SelfTurn),
      .NumVcs     (NumVcs),
      .InBufPerVc (InBufPerVc),
      .BufDepth   (BufDepth),
      .ChanLat    (ChanLat),
      .UseLcb     (UseLcb),
      .MaxPktLen  (MaxPktLen),
      .ReplayDepth(ReplayDepth),
      .Window     (Window),
      .LinkCrcW   (LinkCrcW),
      .TopSpeedup (TopSpeedup),
      .TopChoice  (TopChoice),
      .XpBuf      (XpBuf),
      .Vc         (Vc),
      .VcCls      (VcCls),
      .SaAlloc    (SaAlloc),
      .SaIter     (SaIter),
      .SaGroup    (SaGroup)
    ) u_fbx (
      .clk_i,
      .rst_ni,
      .iu_valid_iv_i(hb_f_valid),
      .iu_tgt_iv_i  (hb_f_tgt),
      .iu_pay_iv_i  (hb_f_pay),
      .iu_drop_iv_i (hb_f_drop),
      .iu_pop_iv_o  (hb_b_pop[0]),
      .pt_valid_o   (hb_b_ptv[0]),
      .pt_phit_o    (hb_b_ptp[0]),
      .pt_vc_ok_i   (hb_f_vc_ok)
    );
    assign hb_b_cc[0]  = '0;
    assign hb_b_vas[0] = '0;
    assign hb_b_vaw[0] = '0;
    assign hb_b_upv[0] = '0;
    assign hb_b_upd[0] = '0;
    assign hb_b_dcr[0] = '0;
    logic unused_fb;
    assign unused_fb = ^{hb_b_upv[0], hb_b_upd[0], hb_b_dcr[0]};
  end

  // Hx = 1, 2 (doc 1.6), Ft = 1 (doc 1.8): the subswitches of nr_nwn_hx in
  // place of the one bottom of cn, on its wires.
  if (Dir) begin : g_hx
    nr_nwn_hx #(
      .NumPorts   (NumPorts),
      .R          (R),
      .M          (M),
      .Bb         (Bb),
      .Speedup    (Speedup),
      .SelfTurn   (SelfTurn),
      .NumVcs     (NumVcs),
      .InBufPerVc (InBufPerVc),
      .BufDepth   (BufDepth),
      .ChanLat    (ChanLat),
      .UseLcb     (UseLcb),
      .MaxPktLen  (MaxPktLen),
      .ReplayDepth(ReplayDepth),
      .Window     (Window),
      .LinkCrcW   (LinkCrcW),
      .TopSpeedup (TopSpeedup),
      .TopChoice  (TopChoice),
      .XpBuf      (XpBuf),
      .SideTab    (SideTab),
      .UpPick     (UpPick),
      .Vc         (Vc),
      .VcCls      (VcCls),
      .Hx         (Hx),
      .Ft         (Ft)
    ) u_hx (
      .clk_i,
      .rst_ni,
      .iu_valid_iv_i(hb_f_valid),
      .iu_tgt_iv_i  (hb_f_tgt),
      .iu_pay_iv_i  (hb_f_pay),
      .iu_drop_iv_i (hb_f_drop),
      .iu_pop_iv_o  (hb_b_pop[0]),
      .pt_valid_o   (hb_b_ptv[0]),
      .pt_phit_o    (hb_b_ptp[0]),
      .pt_vc_ok_i   (hb_f_vc_ok),
      .cc_p_o       (hb_h_cc)
    );
    assign hb_b_cc[0]  = '0;
    assign hb_b_upv[0] = '0;
    assign hb_b_upd[0] = '0;
    assign hb_b_dcr[0] = '0;
    assign hb_b_vas[0] = '0;
    assign hb_b_vaw[0] = '0;
    logic unused_hx;
    assign unused_hx = ^{hb_b_cc[0], hb_b_upv[0], hb_b_upd[0], hb_b_dcr[0]};
  end else begin : g_nohx
    assign hb_h_cc = '0;
    logic unused_hcc;
    assign unused_hcc = ^hb_h_cc;
  end

  // ------------------------------------------------------------ tops
  if (M > 0) begin : g_tops
    for (genvar t = 0; t < M; t++) begin : g_top
      localparam int NIU = (Bb != 0) ? U : 0;
      localparam int IUN = (NIU > 0) ? NIU : 1;
      logic [IUN*NumVcs-1:0]      hb_iu_valid, hb_iu_drop;
      logic [IUN*NumVcs*TWT-1:0]  hb_iu_tgt;
      logic [IUN*NumVcs*PayW-1:0] hb_iu_pay;
      logic [IUN-1:0]             hb_pt_valid;
      logic [IUN*NumVcs-1:0]      hb_pt_vc_ok, hb_iu_pop;
      logic [IUN*PhitW-1:0]       hb_pt_phit;
      logic [NTI-1:0]             hb_bi_valid, hb_ch_valid;
      logic [NTI*VcW-1:0]         hb_bi_vc, hb_ch_vc;
      logic [NTI*PayW-1:0]        hb_bi_pay, hb_ch_pay;
      logic [NTI*NumVcs-1:0]      hb_bi_cr, hb_ch_cr;
      logic [NTI*NumVcs*CrW-1:0]  hb_cc_unused;
      logic [IUN*NumVcs-1:0]      hb_vas_unused;
      logic [IUN*NumVcs*2-1:0]    hb_vaw_unused;
      for (genvar b = 0; b < NTI; b++) begin : g_b
        // up-link from bottom b (its output n+t), and its credits
        assign hb_bi_valid[b]               = hb_b_upv[b][t];
        assign hb_bi_vc[b*VcW +: VcW]       = hb_b_upd[b][t*ChW + PayW +: VcW];
        assign hb_bi_pay[b*PayW +: PayW]    = hb_b_upd[b][t*ChW +: PayW];
        assign hb_ch_cr[b*NumVcs +: NumVcs] = hb_b_dcr[b][t*NumVcs +: NumVcs];
      end
      if (Bb != 0) begin : g_upports
        for (genvar x = 0; x < U; x++) begin : g_x
          localparam int P = HALF + t*U + x;
          assign hb_iu_valid[x*NumVcs +: NumVcs] = hb_pf_valid[P];
          assign hb_iu_drop[x*NumVcs +: NumVcs]  = hb_pf_drop[P];
          assign hb_iu_pay[x*NumVcs*PayW +: NumVcs*PayW] = hb_pf_pay[P];
          for (genvar v = 0; v < NumVcs; v++) begin : g_vc
            assign hb_iu_tgt[(x*NumVcs + v)*TWT +: TWT] = hb_pf_tgt[P][v*TgtW +: TWT];
          end
          assign hb_pt_vc_ok[x*NumVcs +: NumVcs] = hb_p_vc_ok[P];
          if (TgtW > TWT) begin : g_tw
            logic unused_tgt;
            assign unused_tgt = ^hb_pf_tgt[P];
          end
        end
      end else begin : g_noup
        assign hb_iu_valid = '0;
        assign hb_iu_drop  = '0;
        assign hb_iu_pay   = '0;
        assign hb_iu_tgt   = '0;
        assign hb_pt_vc_ok = '0;
      end

      nr_nwn_sub #(
        .NumPorts   (NumPorts),
        .R          (R),
        .M          (M),
        .Bb         (Bb),
        .Speedup    (Speedup),
        .SelfTurn   (SelfTurn),
        .NumVcs     (NumVcs),
        .InBufPerVc (InBufPerVc),
        .BufDepth   (BufDepth),
        .ChanLat    (ChanLat),
        .UseLcb     (UseLcb),
        .MaxPktLen  (MaxPktLen),
        .ReplayDepth(ReplayDepth),
        .Window     (Window),
        .LinkCrcW   (LinkCrcW),
        .TopSpeedup (TopSpeedup),
        .TopChoice  (TopChoice),
        .XpBuf      (XpBuf),
        .SideTab    (SideTab),
        .UpPick     (UpPick),
        .Vc         (Vc),
        .VcCls      (VcCls),
        .Hx         (Hx),
        .Ft         (Ft),
        .SaAlloc    (SaAlloc),
        .SaIter     (SaIter),
        .SaGroup    (SaGroup),
        .Kind       ((Bb != 0) ? 2 : 1)
      ) u_sub (
        .clk_i,
        .rst_ni,
        .sub_id_i     (6'(t)),
        .iu_valid_iv_i(hb_iu_valid),
        .iu_tgt_iv_i  (hb_iu_tgt),
        .iu_pay_iv_i  (hb_iu_pay),
        .iu_drop_iv_i (hb_iu_drop),
        .iu_pop_iv_o  (hb_iu_pop),
        .bi_valid_i   (hb_bi_valid),
        .bi_vc_i      (hb_bi_vc),
        .bi_pay_i     (hb_bi_pay),
        .bi_cr_iv_o   (hb_bi_cr),
        .pt_valid_o   (hb_pt_valid),
        .pt_phit_o    (hb_pt_phit),
        .pt_vc_ok_i   (hb_pt_vc_ok),
        .ch_valid_o   (hb_ch_valid),
        .ch_vc_o      (hb_ch_vc),
        .ch_pay_o     (hb_ch_pay),
        .ch_cr_i      (hb_ch_cr),
        .ch_cc_o      (hb_cc_unused),
        .va_set_iv_o  (hb_vas_unused),
        .va_w_iv_o    (hb_vaw_unused)
      );
      logic unused_cc;
      assign unused_cc = ^{hb_cc_unused, hb_vas_unused, hb_vaw_unused};
      if (Bb != 0) begin : g_bbout
        assign hb_t_pop[t] = hb_iu_pop;
        assign hb_t_ptv[t] = hb_pt_valid;
        assign hb_t_ptp[t] = hb_pt_phit;
      end else begin : g_fcout
        assign hb_t_pop[t] = '0;
        assign hb_t_ptv[t] = '0;
        assign hb_t_ptp[t] = '0;
        // fc tops have no ports
        logic unused_pt;
        assign unused_pt = ^{hb_iu_pop, hb_pt_valid, hb_pt_phit, hb_t_pop[t], hb_t_ptv[t], hb_t_ptp[t]};
      end

      // down-links to the bottoms and the up-link credits back (pops of this
      // top's channel inputs): ChanLat-1 stages each way
      logic [NTI*ChW-1:0] hb_ch_d;
      for (genvar b = 0; b < NTI; b++) begin : g_dn
        assign hb_ch_d[b*ChW +: ChW] = {hb_ch_vc[b*VcW +: VcW], hb_ch_pay[b*PayW +: PayW]};
      end
      nr_chpipe #(
        .NumCh  (NTI),
        .Width  (ChW),
        .NumCr  (NTI*NumVcs),
        .Latency(ChanLat - 1)
      ) u_dn_pipe (
        .clk_i,
        .rst_ni,
        .ch_valid_i(hb_ch_valid),
        .ch_data_i (hb_ch_d),
        .ch_valid_o(hb_t_dnv[t]),
        .ch_data_o (hb_t_dnd[t]),
        .cr_i      (hb_bi_cr),
        .cr_o      (hb_t_ucr[t])
      );
    end
  end else begin : g_notops
    assign hb_t_dnv[0] = '0;
    assign hb_t_dnd[0] = '0;
    assign hb_t_ucr[0] = '0;
    assign hb_t_pop[0] = '0;
    assign hb_t_ptv[0] = '0;
    assign hb_t_ptp[0] = '0;
    logic unused_t;
    assign unused_t = ^{hb_t_dnv[0], hb_t_dnd[0], hb_t_ucr[0], hb_t_pop[0], hb_t_ptv[0], hb_t_ptp[0]};
  end

endmodule
