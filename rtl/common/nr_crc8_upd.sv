// nr_crc8_upd.sv - one-cycle parallel CRC-8/I-432-1 update (poly 0x07).
//
// Purpose: advance a CRC-8 register by DataW data bits in one combinational
//   step, MSB first, unreflected: exactly DataW steps of the bit-serial shift
//   register of nr_crc8_bits() in csrc/lib/crc.c. No init and no xorout
//   inside: the caller starts from nr_pkg::CRC8_INIT (0x00) and applies
//   nr_pkg::CRC8_XOROUT (0x55). Used for control-channel words and replay
//   markers (14 bits).
// Parameters:
//   DataW  bits consumed per update, 1 .. 64.
// Ports: crc_i (register before), data_i (data_i[DataW-1] goes in first),
//   crc_o (register after). Pure combinational.
// Latency: 0.
// Cost: XOR network, each output bit an XOR of at most 8 + DataW inputs;
//   no flops. An instance of nr_crc_upd (the one CRC update of the kit).

`default_nettype none
module nr_crc8_upd #(
  parameter int DataW = 14
) (
  input  logic [7:0]       crc_i,
  input  logic [DataW-1:0] data_i,
  output logic [7:0]       crc_o
);

  nr_crc_upd #(.Width(8), .Poly(nr_pkg::CRC8_POLY), .DataW(DataW)) u_crc (
    .crc_i (crc_i),
    .data_i(data_i),
    .crc_o (crc_o)
  );

endmodule
