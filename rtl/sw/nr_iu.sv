// nr_iu.sv - input unit (IU) of a router port: input-queue reads, per-VC
// staging, one route-computation unit, route registers, and a per-VC front /
// pop interface (docs/nwn-arch.md section 4; docs/yarc-arch.md sections 4.1,
// 4.2, 4.3 "Source-route rotation", 5). A composition of three blocks: the
// reads and staging (nr_iu_stage), the RC unit with this port's routing
// tables (nr_iu_rc, nr_route_tables) and the route registers and fronts
// (nr_iu_front).
//
// Purpose: the front half of YARC's row-bus driver, shared by the YARC router
//   (nr_rbd adds the row bus, its credits and its send round robin) and the
//   network-within-a-network switches (the port's first subswitch allocates
//   the fronts, nr_swalloc). It reads the port's input queue into per-VC
//   staging FIFOs, routes one packet per cycle (nr_route_tables, the tables
//   and configuration registers of this port), registers the route together
//   with a first-hop target supplied from outside, and presents per VC the
//   front phit with the source-route rotation and CRC repair applied.
// Parameters:
//   NumPorts  router radix (nr_route_tables), power of two, 4..64.
//   NumVcs    1..4.
//   RdPorts   S_iu, input-queue reads per cycle, 1..2 (doc 4.1). 2 needs the
//             input queue's second read port (docs/link-protocol.md 8.4); with
//             1 the rd1_* ports are unused (rd1_en_o = 0).
//   TgtW      width of the first-hop target, 1..6.
//   UseScore  1: YARC adaptive scores from score_c_vc_i (yarc-arch 5 step 4);
//             0: every score 0 (nwn-arch 4.2). See nr_route_tables.
//   ScCols, ScCredW  shape of score_c_vc_i (YARC: Cols, row-buffer credit
//             width); ignored with UseScore = 0.
//   InBufPerVc  credits per (output port, VC), 8..1023: CW =
//             clog2(InBufPerVc + 1) bits per count of pcr_p_v_i.
//   SideTab, UpPick  0/1, 0/2: the side table and greedy_r(2) (nr_route_tables).
//   ExtRc     0: this port's nr_route_tables routes; 1: the caller's RC
//             function (xr_*, nr_iu_rc), no tables (cfg_bad_o = 0).
// Ports / protocol:
//   rd_avail_vc_i, rd_en_o, rd_vc_o, rd_valid_i, rd_phit_i, and the second read
//     port rd1_*: the input queue's read ports; a read issued in t returns on
//     the same port in t+1. Two reads in one cycle name different VCs.
//   cfg_we_i, cfg_addr_i, cfg_wdata_i, cfg_bad_o: this port's configuration
//     (nr_route_tables).
//   score_c_vc_i: adaptive scores, start of cycle (UseScore = 1).
//   pcr_p_v_i: every output port's credits per VC, clamped to
//     0 .. InBufPerVc, start of cycle (docs/fbfly-routing.md 6.1): the
//     flattened-butterfly mode's queue estimates.
//   rc_route_o, rc_vc_o, rc_q_o: in this cycle the RC unit routes VC rc_vc_o to
//     output port rc_q_o with no table drop (combinational); rc_head_o is its
//     head phit and rc_hash_o its hash phit's data (0 without h), for a first
//     hop that depends on them (docs/nwn-arch.md 4.3). The caller answers
//     in the same cycle with fh_tgt_i (registered with the route) and fh_drop_i
//     / fh_reason_i (a first-hop DROP, e.g. SELF or UPUP, counted like a table
//     drop). fh_* are ignored when rc_route_o = 0.
//   fr_valid_vc_o[v]: VC v presents a front: route held, not DROP, staging
//     non-empty. fr_head_vc_o, fr_tgt_vc_o, fr_q_vc_o (output port q, 6 b),
//     fr_phit_vc_o (the head with the route's output VC in its vc field,
//     the route phit rotated, the CRC repaired) describe it. fr_phit_vc_o is
//     also the front of a dropping VC.
//   fr_drop_vc_o[v]: VC v is dropping (route DROP, staging non-empty).
//   pop_vc_i[v]: pop VC v's front (sent or dropped) at the end of this cycle.
//     Only for a VC with fr_valid or fr_drop (asserted); when the popped phit
//     is an EOP the route clears.
//   va_set_vc_i, va_w_vc_i: nr_iu_front's VA rewrite of a head's vc field (the
//     baseline VC router, docs/nwn-arch.md 1.7); 0 elsewhere.
//   xr_drop_i, xr_reason_i, xr_q_i, xr_w_i: ExtRc = 1, the caller's route of
//     rc_head_o / rc_hash_o (nr_iu_rc), combinational; tie to 0 otherwise.
//   drop_o, drop_reason_o: event RT_DROP and its reason in the RC cycle (one RC
//     unit, so at most one per cycle). Reasons: 1 MALFORMED, 2 BAD_SRCROUTE,
//     3 NO_ROUTE, 4 SHORT, or the first hop's.
//   All outputs except rc_* / drop_* / cfg_bad_o / rd*_en / rd*_vc come from
//   registers; those depend on registers and on rd_avail_vc_i (rd*), on
//   score_c_vc_i (rc_*, drop_*), fh_* (drop_*) and cfg_* (cfg_bad_o).
// Reads (doc 4.1, nr_iu_stage): the first RdPorts candidate VCs in
//   round-robin order, a candidate having room in its staging for the read.
// Route computation (yarc-arch 4.2, nr_iu_rc): one VC per cycle, a round
//   robin over the VCs that hold no route and whose staged front is ready
//   (a complete header, a SHORT one, or a stray phit).
// Fronts (yarc-arch 4.3, nr_iu_front): the route is held until the EOP pops;
//   the head leaves with the route's output VC in its vc field, the route
//   phit rotated, and the CRC repaired for both (docs/fbfly-routing.md 5).
// Latency: read issued t, staged at the end of t+1, RC in t+2 (registered),
//   front usable by the allocator in t+3.
// Cost: the blocks' (see their headers): staging 4 phits per VC in flops,
//   route registers and CRC repair per VC, read and RC round robins, and the
//   tables and RC function of nr_route_tables.
`default_nettype none
`include "nr_assert.svh"

module nr_iu #(
  parameter int NumPorts = 64,
  parameter int NumVcs   = 2,
  parameter int RdPorts  = 1,
  parameter int TgtW     = 3,
  parameter int UseScore = 1,
  parameter int ScCols   = 8,
  parameter int ScCredW  = 4,
  parameter int InBufPerVc = 128,
  parameter int SideTab     = 0,
  parameter int UpPick      = 0,
  parameter int ExtRc    = 0,
  localparam int PhitW   = nr_pkg::PHIT_W,
  localparam int PortW   = nr_pkg::ROUTE_PORT_W,
  localparam int VcW     = nr_pkg::idx_w(NumVcs),
  localparam int CW      = $clog2(InBufPerVc + 1)
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,
  input  logic [PortW-1:0]               port_id_i,
  // configuration
  input  logic                           cfg_we_i,
  input  logic [7:0]                     cfg_addr_i,
  input  logic [31:0]                    cfg_wdata_i,
  output logic                           cfg_bad_o,
  // input queue read ports
  input  logic [NumVcs-1:0]              rd_avail_vc_i,
  output logic                           rd_en_o,
  output logic [VcW-1:0]                 rd_vc_o,
  input  logic                           rd_valid_i,
  input  logic [PhitW-1:0]               rd_phit_i,
  output logic                           rd1_en_o,
  output logic [VcW-1:0]                 rd1_vc_o,
  input  logic                           rd1_valid_i,
  input  logic [PhitW-1:0]               rd1_phit_i,
  // adaptive scores (UseScore = 1)
  input  logic [ScCols*NumVcs*ScCredW-1:0] score_c_vc_i,
  // every output port's credits (flattened-butterfly mode)
  input  logic [NumPorts*NumVcs*CW-1:0]  pcr_p_v_i,
  // route decision and first hop
  output logic                           rc_route_o,
  output logic [VcW-1:0]                 rc_vc_o,
  output logic [PortW-1:0]               rc_q_o,
  output logic [PhitW-1:0]               rc_head_o,
  output logic [nr_pkg::DATA_W-1:0]      rc_hash_o,
  input  logic [TgtW-1:0]                fh_tgt_i,
  input  logic                           fh_drop_i,
  input  logic [2:0]                     fh_reason_i,
  // the caller's RC function (ExtRc = 1)
  input  logic                           xr_drop_i,
  input  logic [2:0]                     xr_reason_i,
  input  logic [PortW-1:0]               xr_q_i,
  input  logic [1:0]                     xr_w_i,
  // fronts
  output logic [NumVcs-1:0]              fr_valid_vc_o,
  output logic [NumVcs-1:0]              fr_head_vc_o,
  output logic [NumVcs*TgtW-1:0]         fr_tgt_vc_o,
  output logic [NumVcs*PortW-1:0]        fr_q_vc_o,
  output logic [NumVcs*PhitW-1:0]        fr_phit_vc_o,
  output logic [NumVcs-1:0]              fr_drop_vc_o,
  input  logic [NumVcs-1:0]              pop_vc_i,
  // VA winners (the baseline VC router only; nr_iu_front)
  input  logic [NumVcs-1:0]              va_set_vc_i,
  input  logic [NumVcs*2-1:0]            va_w_vc_i,
  // events
  output logic                           drop_o,
  output logic [2:0]                     drop_reason_o
);

  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_rdports, RdPorts >= 1 && RdPorts <= 2)
  `NR_PARAM_ASSERT(p_tgtw, TgtW >= 1 && TgtW <= 6)

  logic [NumVcs*3-1:0]     stg_cnt;
  logic [NumVcs*PhitW-1:0] stg_ph0, stg_ph1, stg_ph2;
  logic [NumVcs-1:0]       route_v, rc_now;
  logic                    rc_drop;
  logic [1:0]              rc_w;

  // ---------------------------------------------------------------- reads, staging
  nr_iu_stage #(
    .NumVcs (NumVcs),
    .RdPorts(RdPorts)
  ) u_stage (
    .clk_i,
    .rst_ni,
    .rd_avail_vc_i,
    .rd_en_o,
    .rd_vc_o,
    .rd_valid_i,
    .rd_phit_i,
    .rd1_en_o,
    .rd1_vc_o,
    .rd1_valid_i,
    .rd1_phit_i,
    .pop_vc_i,
    .stg_cnt_vc_o(stg_cnt),
    .stg_ph0_vc_o(stg_ph0),
    .stg_ph1_vc_o(stg_ph1),
    .stg_ph2_vc_o(stg_ph2)
  );

  // ---------------------------------------------------------------- RC unit
  nr_iu_rc #(
    .NumPorts(NumPorts),
    .NumVcs  (NumVcs),
    .UseScore(UseScore),
    .ScCols  (ScCols),
    .ScCredW (ScCredW),
    .InBufPerVc(InBufPerVc),
    .SideTab    (SideTab),
    .UpPick     (UpPick),
    .ExtRc   (ExtRc)
  ) u_rc (
    .clk_i,
    .rst_ni,
    .port_id_i,
    .cfg_we_i,
    .cfg_addr_i,
    .cfg_wdata_i,
    .cfg_bad_o,
    .stg_cnt_vc_i(stg_cnt),
    .stg_ph0_vc_i(stg_ph0),
    .stg_ph1_vc_i(stg_ph1),
    .stg_ph2_vc_i(stg_ph2),
    .route_v_vc_i(route_v),
    .score_c_vc_i,
    .pcr_p_v_i,
    .rc_route_o,
    .rc_vc_o,
    .rc_q_o,
    .rc_head_o,
    .rc_hash_o,
    .fh_drop_i,
    .fh_reason_i,
    .xr_drop_i,
    .xr_reason_i,
    .xr_q_i,
    .xr_w_i,
    .rc_now_vc_o (rc_now),
    .rc_drop_o   (rc_drop),
    .rc_w_o      (rc_w),
    .drop_o,
    .drop_reason_o
  );

  // ---------------------------------------------------------------- routes, fronts
  nr_iu_front #(
    .NumVcs(NumVcs),
    .TgtW  (TgtW)
  ) u_front (
    .clk_i,
    .rst_ni,
    .stg_cnt_vc_i (stg_cnt),
    .stg_ph0_vc_i (stg_ph0),
    .rc_now_vc_i  (rc_now),
    .rc_drop_i    (rc_drop),
    .rc_q_i       (rc_q_o),
    .rc_w_i       (rc_w),
    .rc_tgt_i     (fh_tgt_i),
    .route_v_vc_o (route_v),
    .va_set_vc_i,
    .va_w_vc_i,
    .fr_valid_vc_o,
    .fr_head_vc_o,
    .fr_tgt_vc_o,
    .fr_q_vc_o,
    .fr_phit_vc_o,
    .fr_drop_vc_o,
    .pop_vc_i
  );

endmodule
