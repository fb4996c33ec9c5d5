// nr_crc16_upd.sv - one-cycle parallel CRC-16/IBM-3740 update (poly 0x1021).
//
// Purpose: advance a CRC-16 register by DataW data bits in one combinational
//   step, MSB first, unreflected: exactly DataW steps of the bit-serial shift
//   register of nr_crc16_bits() in csrc/lib/crc.c. No init and no xorout
//   inside: the caller starts from nr_pkg::CRC16_INIT (0xFFFF) and applies the
//   (zero) xorout. Used for the packet CRC (22-bit phits, 6-bit EOP tail) and
//   the link CRC (7-bit sequence number).
// Parameters:
//   DataW  bits consumed per update, 1 .. 64.
// Ports: crc_i (register before), data_i (data_i[DataW-1] goes in first),
//   crc_o (register after). Pure combinational.
// Latency: 0.
// Cost: XOR network, each output bit an XOR of at most 16 + DataW inputs;
//   no flops. An instance of nr_crc_upd (the one CRC update of the kit).

`default_nettype none
module nr_crc16_upd #(
  parameter int DataW = 22
) (
  input  logic [15:0]      crc_i,
  input  logic [DataW-1:0] data_i,
  output logic [15:0]      crc_o
);

  nr_crc_upd #(.Width(16), .Poly(nr_pkg::CRC16_POLY), .DataW(DataW)) u_crc (
    .crc_i (crc_i),
    .data_i(data_i),
    .crc_o (crc_o)
  );

endmodule
