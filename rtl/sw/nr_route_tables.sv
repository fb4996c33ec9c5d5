// nr_route_tables.sv - per-tile routing tables and the route computation (RC)
// function of the YARC router (docs/yarc-arch.md sections 5 and 9).
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
//   UseScore  1: YARC's adaptive score (cred_c_vc_i of the candidate's
//             column, docs/yarc-arch.md section 5 step 4); 0: every score is
//             0 (docs/nwn-arch.md section 4.2), so the adaptive choice is the
//             first candidate at or after the pointer (branch g_noscore: no
//             score logic; cred_c_vc_i, Cols and CredW are then unused).
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
//   rc_drop_o, rc_reason_o, rc_port_o  DROP and its reason (1 MALFORMED,
//             2 BAD_SRCROUTE, 3 NO_ROUTE), else the physical output port q.
//             Combinational.
// Latency: RC is combinational (0 cycles); the RBD registers the result.
// Cost: 3*NumPorts*7 + NumPorts + 34 flops of table state with reset, plus a
//   log2(NumPorts) pointer. Logic: one NumPorts-way adaptive scan (score
//   compare over CredW bits, or a plain priority scan with UseScore = 0), one
//   DLUT, ULUT and L2P read mux, a 22-bit XOR fold.
`include "nr_assert.svh"

module nr_route_tables #(
  parameter int NumPorts = 64,
  parameter int Cols     = 8,
  parameter int NumVcs   = 2,
  parameter int CredW    = 4,
  parameter int UseScore = 1,
  localparam int PhitW   = nr_pkg::PHIT_W,
  localparam int PortW   = nr_pkg::ROUTE_PORT_W,
  localparam int EntW    = PortW + 1,
  localparam int LogP    = $clog2(NumPorts),
  localparam int VcW     = (NumVcs > 1) ? $clog2(NumVcs) : 1
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
  output logic                          rc_drop_o,
  output logic [2:0]                    rc_reason_o,
  output logic [PortW-1:0]              rc_port_o
);

  `NR_PARAM_ASSERT(p_numports, NumPorts >= 4 && NumPorts <= 64 && (NumPorts & (NumPorts - 1)) == 0)
  `NR_PARAM_ASSERT(p_cols, UseScore == 0 ||
                   (Cols >= 2 && Cols <= 8 && (Cols & (Cols - 1)) == 0 && Cols <= NumPorts))
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_credw, CredW >= 1 && CredW <= 8)
  `NR_PARAM_ASSERT(p_usescore, UseScore == 0 || UseScore == 1)

  localparam int DestW = nr_pkg::HEAD_DEST_W;
  localparam int DataW = nr_pkg::DATA_W;
  localparam logic [DestW-1:0] ROOT_MASK_RST = DestW'(32'h7FFF & ~(NumPorts - 1));
  localparam int REASON_MALFORMED = 1;
  localparam int REASON_BAD_SRCROUTE = 2;
  localparam int REASON_NO_ROUTE = 3;

  // ---------------------------------------------------------------- tables
  // Each register has its own write enable; the address decode is below.
  logic [DestW-1:0]         root_mask_q, root_detect_q;
  logic [3:0]               down_shift_q;
  logic [NumPorts-1:0]      up_mask_q, up_mask_d;
  logic [NumPorts*EntW-1:0] dlut_q, dlut_d, ulut_q, ulut_d, l2p_q, l2p_d;
  logic [LogP-1:0]          aptr_q, aptr_d;

  logic [1:0] cfg_grp;
  logic [5:0] cfg_idx;
  logic       cfg_we_mask, cfg_we_detect, cfg_we_shift, cfg_we_up0, cfg_we_up1;
  logic       cfg_idx_ok;
  logic [DestW-1:0] cfg_wdest;
  logic [EntW-1:0]  cfg_went;
  assign cfg_grp       = cfg_addr_i[7:6];
  assign cfg_idx       = cfg_addr_i[5:0];
  assign cfg_wdest     = cfg_wdata_i[DestW-1:0];
  assign cfg_went      = cfg_wdata_i[EntW-1:0];
  assign cfg_idx_ok    = 32'(cfg_idx) < NumPorts;
  assign cfg_we_mask   = cfg_we_i && cfg_addr_i == 8'h00;
  assign cfg_we_detect = cfg_we_i && cfg_addr_i == 8'h01;
  assign cfg_we_shift  = cfg_we_i && cfg_addr_i == 8'h02;
  assign cfg_we_up0    = cfg_we_i && cfg_addr_i == 8'h03;
  assign cfg_we_up1    = cfg_we_i && cfg_addr_i == 8'h04;
  assign cfg_bad_o     = cfg_we_i && ((cfg_grp == 2'b00) ? (cfg_idx > 6'h04) : !cfg_idx_ok);
  // with NumPorts <= 32 part of the data word and address 0x04 write nothing
  logic unused_cfg;
  assign unused_cfg = ^{cfg_wdata_i, cfg_we_up1};

  for (genvar i = 0; i < NumPorts; i++) begin : g_ent
    logic hit;
    assign hit = cfg_we_i && cfg_idx == 6'(i);
    assign dlut_d[i*EntW +: EntW] = (hit && cfg_grp == 2'b01) ? cfg_went : dlut_q[i*EntW +: EntW];
    assign ulut_d[i*EntW +: EntW] = (hit && cfg_grp == 2'b10) ? cfg_went : ulut_q[i*EntW +: EntW];
    assign l2p_d[i*EntW +: EntW]  = (hit && cfg_grp == 2'b11) ? cfg_went : l2p_q[i*EntW +: EntW];
    if (i < 32) begin : g_up0
      assign up_mask_d[i] = cfg_we_up0 ? cfg_wdata_i[i] : up_mask_q[i];
    end else begin : g_up1
      assign up_mask_d[i] = cfg_we_up1 ? cfg_wdata_i[i-32] : up_mask_q[i];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      root_mask_q   <= ROOT_MASK_RST;
      root_detect_q <= '0;
      down_shift_q  <= '0;
    end else begin
      if (cfg_we_mask)   root_mask_q   <= cfg_wdest;
      if (cfg_we_detect) root_detect_q <= cfg_wdest;
      if (cfg_we_shift)  down_shift_q  <= cfg_wdata_i[3:0];
    end
  end

  // Reset image of DLUT and L2P: entry i = {valid, i}. ULUT resets invalid.
  logic [NumPorts*EntW-1:0] ident_lut;
  for (genvar i = 0; i < NumPorts; i++) begin : g_ident
    assign ident_lut[i*EntW +: EntW] = {1'b1, PortW'(i)};
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      up_mask_q <= '0;
      dlut_q    <= ident_lut;
      ulut_q    <= '0;
      l2p_q     <= ident_lut;
      aptr_q    <= '0;
    end else begin
      up_mask_q <= up_mask_d;
      dlut_q    <= dlut_d;
      ulut_q    <= ulut_d;
      l2p_q     <= l2p_d;
      aptr_q    <= aptr_d;
    end
  end

  // ---------------------------------------------------------------- RC
  // Per logical port: adaptive candidate (UP_MASK and a valid L2P entry).
  logic [NumPorts-1:0] acand;
  for (genvar l = 0; l < NumPorts; l++) begin : g_cand
    logic [EntW-1:0] e;
    assign e = l2p_q[l*EntW +: EntW];
    assign acand[l] = up_mask_q[l] && e[EntW-1];
  end

  // ---- header fields of the packet being routed
  logic [PhitW-1:0] hd, hph;
  logic [DestW-1:0] dest;
  logic [nr_pkg::HEAD_VC_W-1:0] hvc;
  logic [nr_pkg::HEAD_RSVD_W-1:0] hrsvd;
  logic hr, ha, hh;
  logic [PortW-1:0] srcl;
  assign hd    = rc_ph0_i;
  assign dest  = hd[nr_pkg::HEAD_DEST_LSB +: DestW];
  assign hvc   = hd[nr_pkg::HEAD_VC_LSB +: nr_pkg::HEAD_VC_W];
  assign hrsvd = hd[nr_pkg::HEAD_RSVD_LSB +: nr_pkg::HEAD_RSVD_W];
  assign hr    = hd[nr_pkg::HEAD_R_BIT];
  assign ha    = hd[nr_pkg::HEAD_A_BIT];
  assign hh    = hd[nr_pkg::HEAD_H_BIT];
  assign hph   = hr ? rc_ph2_i : rc_ph1_i;
  assign srcl  = rc_ph1_i[DataW - PortW +: PortW];

  // ---- down index
  logic [DestW-1:0] dsh;
  logic [LogP-1:0]  didx;
  assign dsh  = dest >> down_shift_q;
  assign didx = dsh[LogP-1:0];
  logic unused_dsh;
  assign unused_dsh = ^dsh[DestW-1:LogP];

  // ---- deterministic up: fold the 22-bit key into LogP bits
  logic [DataW-1:0] key;
  logic [LogP-1:0]  fold;
  assign key = DataW'(dest) ^ DataW'(port_id_i) ^ (hh ? hph[DataW-1:0] : '0);
  always_comb begin
    fold = '0;
    for (int b = 0; b < DataW; b++) fold[b % LogP] = fold[b % LogP] ^ key[b];
  end

  // ---- adaptive: highest score, ties to the first at or after the pointer.
  // The score of candidate l is cred[column of L2P[l]][VC of the packet]; the
  // packet sits in the input queue of its head's VC (vc < NumVcs, or it is
  // MALFORMED and the score is not used), which is rc_vc_i.
  logic [NumPorts*CredW-1:0] score;
  logic [CredW-1:0] maxs;
  logic [NumPorts-1:0] top;
  logic             any, hi_found;
  logic [LogP-1:0]  hi_l, lo_l, best_l;
  if (UseScore != 0) begin : g_score
    for (genvar l = 0; l < NumPorts; l++) begin : g_l
      // the column of the candidate's physical port
      logic [PortW-1:0] e;
      logic [LogP-1:0]  al;
      logic [CredW-1:0] sc;
      assign e  = l2p_q[l*EntW +: PortW];
      assign al = LogP'(32'(e) % Cols);
      always_comb begin
        sc = '0;
        for (int c = 0; c < Cols; c++) begin
          for (int v = 0; v < NumVcs; v++) begin
            if (32'(al) % Cols == c && 32'(rc_vc_i) == v)
              sc = cred_c_vc_i[(c*NumVcs + v)*CredW +: CredW];
          end
        end
      end
      assign score[l*CredW +: CredW] = sc;
    end
  end else begin : g_noscore
    assign score = '0;
    logic unused_score;
    assign unused_score = ^{cred_c_vc_i, rc_vc_i};
  end
  always_comb begin
    any  = 1'b0;
    maxs = '0;
    for (int l = 0; l < NumPorts; l++) begin
      if (acand[l] && (!any || score[l*CredW +: CredW] > maxs)) begin
        any  = 1'b1;
        maxs = score[l*CredW +: CredW];
      end
    end
    top      = '0;
    hi_found = 1'b0;
    hi_l     = '0;
    lo_l     = '0;
    for (int l = NumPorts - 1; l >= 0; l--) begin
      top[l] = acand[l] && score[l*CredW +: CredW] == maxs;
      if (top[l]) lo_l = LogP'(l);
      if (top[l] && LogP'(l) >= aptr_q) begin
        hi_found = 1'b1;
        hi_l     = LogP'(l);
      end
    end
    best_l = hi_found ? hi_l : lo_l;
  end

  // ---- the RC function (doc section 5)
  logic [EntW-1:0] dent, uent, lent;
  logic [PortW-1:0] lport;
  logic             have_l, is_adapt, drop;
  logic [2:0]       reason;
  logic dvalid, uvalid;
  logic [PortW-1:0] dport, uport;
  assign dent   = dlut_q[didx*EntW +: EntW];
  assign uent   = ulut_q[fold*EntW +: EntW];
  assign dvalid = dent[EntW-1];
  assign dport  = dent[PortW-1:0];
  assign uvalid = uent[EntW-1];
  assign uport  = uent[PortW-1:0];
  always_comb begin
    drop     = 1'b0;
    reason   = '0;
    have_l   = 1'b0;
    is_adapt = 1'b0;
    lport    = '0;
    if (32'(hvc) >= NumVcs || hrsvd != '0) begin
      drop = 1'b1; reason = 3'(REASON_MALFORMED);
    end else if (hr) begin
      if (32'(srcl) >= NumPorts) begin
        drop = 1'b1; reason = 3'(REASON_BAD_SRCROUTE);
      end else begin
        have_l = 1'b1; lport = srcl;
      end
    end else if ((dest & root_mask_q) == root_detect_q) begin
      if (!dvalid) begin
        drop = 1'b1; reason = 3'(REASON_NO_ROUTE);
      end else begin
        have_l = 1'b1; lport = dport;
      end
    end else if (ha) begin
      if (!any) begin
        drop = 1'b1; reason = 3'(REASON_NO_ROUTE);
      end else begin
        have_l = 1'b1; is_adapt = 1'b1; lport = PortW'(best_l);
      end
    end else begin
      if (!uvalid) begin
        drop = 1'b1; reason = 3'(REASON_NO_ROUTE);
      end else begin
        have_l = 1'b1; lport = uport;
      end
    end
  end

  // ---- remap: a logical port >= NumPorts has no L2P entry (NO_ROUTE)
  logic lok, qok;
  logic [LogP-1:0] lidx;
  assign lok  = 32'(lport) < NumPorts;
  assign lidx = lok ? LogP'(lport) : LogP'(0);
  assign lent = l2p_q[lidx*EntW +: EntW];
  assign qok  = lok && lent[EntW-1] && 32'(lent[PortW-1:0]) < NumPorts;
  assign rc_drop_o   = drop || (have_l && !qok);
  assign rc_reason_o = drop ? reason : (have_l && !qok) ? 3'(REASON_NO_ROUTE) : 3'd0;
  assign rc_port_o   = lent[PortW-1:0];
  assign aptr_d      = (rc_en_i && is_adapt) ? best_l + 1'b1 : aptr_q;

  logic unused_hd;
  assign unused_hd = ^{hd[PhitW-1:DataW], hph[PhitW-1:DataW], rc_ph1_i[DataW-PortW-1:0],
                       rc_ph1_i[PhitW-1:DataW]};

  // Cover points (make coverage): every routing step of docs/yarc-arch.md
  // section 5 taken by a routed packet.
  `NR_COVER(c_rc_srcroute, rc_en_i && hr && !rc_drop_o, clk_i, rst_ni)
  `NR_COVER(c_rc_down,     rc_en_i && !hr && !drop && !ha && have_l &&
                           (dest & root_mask_q) == root_detect_q && !rc_drop_o, clk_i, rst_ni)
  `NR_COVER(c_rc_up_det,   rc_en_i && !hr && !ha && (dest & root_mask_q) != root_detect_q &&
                           !rc_drop_o, clk_i, rst_ni)
  `NR_COVER(c_rc_up_adapt, rc_en_i && is_adapt && !rc_drop_o, clk_i, rst_ni)
  `NR_COVER(c_rc_remap_drop, rc_en_i && have_l && !qok, clk_i, rst_ni)

endmodule
