// nr_route_tables.sv - per-tile routing tables and the route computation (RC)
// function of the YARC router (docs/yarc-arch.md sections 5 and 9). A
// composition of three blocks: the configuration registers and tables
// (nr_route_cfg), the RC function that reads them (nr_route_lookup) and its
// flattened-butterfly mode (nr_route_fb, docs/fbfly-routing.md).
//
// Purpose: holds ROOT_MASK, ROOT_DETECT, DOWN_SHIFT, UP_MASK and the DLUT, ULUT
//   and L2P tables of one tile, written through the configuration port, and
//   evaluates the RC function for the one packet the tile's (or switch
//   port's) input unit nr_iu routes per cycle.
//   Reset values give single-router mode (dest < NumPorts goes to port dest).
// Parameters:
//   NumPorts  router radix Rows*Cols, power of two, 4..64.
//   Cols      tile columns, power of two, 2..8 (column of a port = port mod Cols,
//             for the adaptive scores; any value when UseScore = 0).
//   NumVcs    1..4.
//   CredW     width of the RBD credit counts used as adaptive scores, 1..8.
//   InBufPerVc  credits per (output port, VC), 8..1023: the width
//             CW = clog2(InBufPerVc + 1) of pcr_p_v_i and the top of the
//             flattened-butterfly queue estimate.
//   UseScore  1: YARC's adaptive score (cred_c_vc_i of the candidate's
//             column, docs/yarc-arch.md section 5 step 4); 0: every score is
//             0 (docs/nwn-arch.md section 4.2), so the adaptive choice is the
//             first candidate at or after the pointer (branch g_noscore: no
//             score logic; cred_c_vc_i, Cols and CredW are then unused).
//   SideTab   1: the side table of docs/yarc-arch.md section 5 step 3a
//             (nr_route_cfg's registers, nr_route_lookup's step); 0: none.
//   UpPick    0 or 2: step 4' of docs/yarc-arch.md section 5, greedy_r(2),
//             in nr_route_lookup, with nr_route_fb's draw generator.
// Ports / protocol:
//   cfg_we_i, cfg_addr_i, cfg_wdata_i  a write addressed to this tile (the top
//             decodes cfg_tile/cfg_bcast). It takes effect from the next cycle.
//             cfg_bad_o (combinational) flags a write to an address that does
//             not exist or to a table index >= NumPorts; such a write is
//             ignored. Address 0x04 (UP_MASK 32..63) always exists; bits for
//             ports >= NumPorts are ignored (docs/yarc-spec-questions.md).
//   port_id_i                          this tile's port number p (RC hashing).
//   rc_vc_i, rc_ph{0,1,2}_i            the one packet routed this cycle (the
//             tile has one RC unit, doc 4.2): its input-queue VC and its first
//             three staged phits: head, then route phit (if r) and hash phit
//             (if h).
//   cred_c_vc_i                        the RBD's credit counts cred[c][v]
//             (flat, index c*NumVcs+v), start of cycle: adaptive scores.
//   rc_en_i                            a packet is routed this cycle with this
//             result: an adaptive decision moves the adaptive pointer past the
//             chosen logical port. The result outputs are valid whenever the
//             inputs hold a complete header.
//   pcr_p_v_i                          every output port's credits, clamped
//             to 0 .. InBufPerVc, start of cycle (index p*NumVcs + v, CW
//             bits): the flattened-butterfly queue estimates.
//   rc_drop_o, rc_reason_o, rc_port_o  DROP and its reason (1 MALFORMED,
//             2 BAD_SRCROUTE, 3 NO_ROUTE), else the physical output port q.
//             rc_w_o the output VC (the head's, unless the flattened-butterfly
//             mode chose another). Combinational.
// Latency: RC is combinational (0 cycles); the RBD registers the result.
// Cost: the blocks' (see their headers): 3*NumPorts*7 + 2*NumPorts + 63 flops
//   of table state with reset (nr_route_cfg), plus a log2(NumPorts) pointer,
//   one NumPorts-way adaptive scan, the DLUT, ULUT and L2P read muxes and a
//   22-bit XOR fold (nr_route_lookup), and the flattened-butterfly rules with
//   two candidates' L2P and credit muxes and 17 flops of draw generator
//   (nr_route_fb). Parameters are checked by the blocks.
`default_nettype none
`include "nr_assert.svh"

module nr_route_tables #(
  parameter int NumPorts = 64,
  parameter int Cols     = 8,
  parameter int NumVcs   = 2,
  parameter int CredW    = 4,
  parameter int UseScore = 1,
  parameter int InBufPerVc = 128,
  parameter int SideTab  = 0,
  parameter int UpPick   = 0,
  localparam int NSide   = nr_pkg::ROUTE_SIDE_N,
  localparam int PhitW   = nr_pkg::PHIT_W,
  localparam int PortW   = nr_pkg::ROUTE_PORT_W,
  localparam int EntW    = PortW + 1,
  localparam int VcW     = nr_pkg::idx_w(NumVcs),
  localparam int CW      = $clog2(InBufPerVc + 1)
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  // configuration write (already decoded for this tile)
  input  logic                          cfg_we_i,
  input  logic [7:0]                    cfg_addr_i,
  input  logic [31:0]                   cfg_wdata_i,
  output logic                          cfg_bad_o,
  // route computation
  input  logic [PortW-1:0]              port_id_i,
  input  logic                          rc_en_i,
  input  logic [VcW-1:0]                rc_vc_i,
  input  logic [PhitW-1:0]              rc_ph0_i,
  input  logic [PhitW-1:0]              rc_ph1_i,
  input  logic [PhitW-1:0]              rc_ph2_i,
  input  logic [Cols*NumVcs*CredW-1:0]  cred_c_vc_i,
  input  logic [NumPorts*NumVcs*CW-1:0] pcr_p_v_i,
  output logic                          rc_drop_o,
  output logic [2:0]                    rc_reason_o,
  output logic [PortW-1:0]              rc_port_o,
  output logic [1:0]                    rc_w_o
);

    localparam int DestW = nr_pkg::HEAD_DEST_W;

  logic [DestW-1:0]         root_mask, root_detect;
  logic [3:0]               down_shift;
  logic [NumPorts-1:0]      up_mask;
  logic [NumPorts*EntW-1:0] dlut, ulut, l2p;
  logic [19:0]              fb_ctrl;
  logic [DestW-1:0]         fb_me;
  logic [3:0]               det_vcs;
  logic                     dl_vc;
  logic [NumPorts-1:0]      dlut_v;
  logic [2:0]               up_sel;
  logic [10:0]              dor_ctrl;
  logic                     fb_on, fb_drop, fb_en;
  logic [10:0]              fb_l;
  logic [1:0]               fb_w;
  logic [NSide*30-1:0]      side_match;
  logic [NSide*13-1:0]      side_ports;
  logic [15:0]              fbr;
  logic                     g2_adv;

  nr_route_cfg #(
    .NumPorts(NumPorts),
    .SideTab (SideTab)
  ) u_cfg (
    .clk_i,
    .rst_ni,
    .cfg_we_i,
    .cfg_addr_i,
    .cfg_wdata_i,
    .cfg_bad_o,
    .root_mask_o  (root_mask),
    .root_detect_o(root_detect),
    .down_shift_o (down_shift),
    .up_mask_o    (up_mask),
    .dlut_o       (dlut),
    .ulut_o       (ulut),
    .l2p_o        (l2p),
    .fb_ctrl_o    (fb_ctrl),
    .fb_me_o      (fb_me),
    .det_vcs_o    (det_vcs),
    .dl_vc_o      (dl_vc),
    .dlut_v_o     (dlut_v),
    .up_sel_o     (up_sel),
    .dor_ctrl_o   (dor_ctrl),
    .side_match_o (side_match),
    .side_ports_o (side_ports)
  );

  nr_route_fb #(
    .NumPorts  (NumPorts),
    .NumVcs    (NumVcs),
    .InBufPerVc(InBufPerVc)
  ) u_fb (
    .clk_i,
    .rst_ni,
    .port_id_i,
    .fb_ctrl_i(fb_ctrl),
    .fb_me_i  (fb_me),
    .head_i   (rc_ph0_i),
    .l2p_i    (l2p),
    .ulut_i   (ulut),
    .dlut_i   (dlut),
    .pcr_p_v_i,
    .on_o     (fb_on),
    .drop_o   (fb_drop),
    .l_o      (fb_l),
    .w_o      (fb_w),
    .fb_en_i  (fb_en),
    .fbr_o    (fbr),
    .g2_adv_i (g2_adv)
  );

  nr_route_lookup #(
    .NumPorts(NumPorts),
    .Cols    (Cols),
    .NumVcs  (NumVcs),
    .CredW   (CredW),
    .UseScore(UseScore),
    .SideTab (SideTab),
    .UpPick  (UpPick),
    .InBufPerVc(InBufPerVc)
  ) u_lookup (
    .clk_i,
    .rst_ni,
    .root_mask_i  (root_mask),
    .root_detect_i(root_detect),
    .down_shift_i (down_shift),
    .up_mask_i    (up_mask),
    .det_vcs_i    (det_vcs),
    .dl_vc_i      (dl_vc),
    .dlut_v_i     (dlut_v),
    .up_sel_i     (up_sel),
    .dor_ctrl_i   (dor_ctrl),
    .fb_me_i      (fb_me),
    .dlut_i       (dlut),
    .ulut_i       (ulut),
    .l2p_i        (l2p),
    .side_match_i (side_match),
    .side_ports_i (side_ports),
    .port_id_i,
    .rc_en_i,
    .rc_vc_i,
    .rc_ph0_i,
    .rc_ph1_i,
    .rc_ph2_i,
    .cred_c_vc_i,
    .rc_drop_o,
    .rc_reason_o,
    .rc_port_o,
    .rc_w_o,
    .fb_on_i    (fb_on),
    .fb_drop_i  (fb_drop),
    .fb_l_i     (fb_l),
    .fb_w_i     (fb_w),
    .fb_en_o    (fb_en),
    .fbr_i      (fbr),
    .pcr_p_v_i,
    .g2_adv_o   (g2_adv)
  );

endmodule
