// nr_route_fbq.sv - the queue estimate of one candidate of the
// flattened-butterfly route computation (docs/fbfly-routing.md section 6.1).
//
// Purpose: the greedy estimate of a candidate logical port l, the output
//   channel's over all its VCs: Q(l) = sum_v (InBufPerVc - cr(L2P[l], v))
//   = NumVcs*InBufPerVc - sum_v cr(L2P[l], v), for the adaptive choices of
//   nr_route_fb (UGAL's minimal against non-minimal candidate, MIN AD's two
//   productive dimensions). cr(q, v) is the start-of-cycle credit count of
//   physical output port q for VC v, already clamped to 0 .. InBufPerVc by
//   the port (nr_port_front). The candidate's VC does not enter: both of its
//   possible VCs share the channel. A candidate whose logical port is
//   >= NumPorts, or whose L2P entry is invalid or names a port >= NumPorts,
//   has Q = NumVcs*InBufPerVc (the fullest channel).
// Parameters:
//   NumPorts    router radix, power of two, 4..64.
//   NumVcs      1..4.
//   InBufPerVc  credits per (port, VC) = the far input queue, 8..1023.
//   LW          width of the logical port l (nr_route_fb computes port(j, x)
//               in full, without truncation), 7..16.
// Ports / protocol:
//   l_i         the candidate's logical port.
//   l2p_i       the L2P table ({valid, port} per entry, nr_route_cfg).
//   pcr_p_v_i   every output port's clamped credits, CW bits per (port, VC),
//               index p*NumVcs + v, start of cycle.
//   q_o         Q(l), QW bits (0 .. NumVcs*InBufPerVc).
// Latency: 0 (combinational).
// Cost: one NumPorts-way 7-bit mux (the L2P entry), NumVcs NumPorts-way
//   CW-bit muxes (the port's counts: nothing is compared across ports), a
//   NumVcs-input QW-bit adder and a QW-bit subtractor.
`default_nettype none
`include "nr_assert.svh"

module nr_route_fbq #(
  parameter int NumPorts   = 64,
  parameter int NumVcs     = 2,
  parameter int InBufPerVc = 128,
  parameter int LW         = 10,
  localparam int PortW     = nr_pkg::ROUTE_PORT_W,
  localparam int EntW      = PortW + 1,
  localparam int LogP      = $clog2(NumPorts),
  localparam int CW        = $clog2(InBufPerVc + 1),
  localparam int QW        = $clog2(NumVcs * InBufPerVc + 1)
) (
  input  logic [LW-1:0]                l_i,
  input  logic [NumPorts*EntW-1:0]     l2p_i,
  input  logic [NumPorts*NumVcs*CW-1:0] pcr_p_v_i,
  output logic [QW-1:0]                q_o
);

  `NR_PARAM_ASSERT(p_numports, NumPorts >= 4 && NumPorts <= 64 && (NumPorts & (NumPorts - 1)) == 0)
  `NR_PARAM_ASSERT(p_numvcs, NumVcs >= 1 && NumVcs <= 4)
  `NR_PARAM_ASSERT(p_inbuf, InBufPerVc >= 8 && InBufPerVc <= 1023)
  `NR_PARAM_ASSERT(p_lw, LW >= 7 && LW <= 16)

  logic            lok, qok;
  logic [LogP-1:0] lidx, qidx;
  logic [EntW-1:0] ent;
  logic [QW-1:0]   crs;
  assign lok  = 32'(l_i) < NumPorts;
  assign lidx = l_i[LogP-1:0];
  assign ent  = l2p_i[32'(lidx)*EntW +: EntW];
  assign qok  = lok && ent[EntW-1] && 32'(ent[PortW-1:0]) < NumPorts;
  assign qidx = ent[LogP-1:0];
  // The port's credits by an indexed select (qidx < NumPorts always), not a
  // compare with every port: the same multiplexer, but a simulator
  // evaluates NumVcs selects instead of NumPorts compares, and this logic
  // reads an input of the tile, which a hierarchy block of the Verilated
  // router re-evaluates whenever one changes (docs/yarc-rtl.md).
  always_comb begin
    crs = '0;
    for (int v = 0; v < NumVcs; v++) crs = crs + QW'(pcr_p_v_i[(32'(qidx)*NumVcs + v)*CW +: CW]);
  end
  assign q_o = QW'(NumVcs * InBufPerVc) - (qok ? crs : QW'(0));

  logic unused_ent;
  assign unused_ent = ^{l_i, ent};   // only the low bits index the tables

endmodule
