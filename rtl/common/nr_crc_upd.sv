// nr_crc_upd.sv - one-cycle parallel CRC register update, any width.
//
// Purpose: advance a Width-bit CRC register by DataW data bits in one
//   combinational step, MSB first, unreflected: exactly DataW steps of the
//   bit-serial shift register (csrc/lib/crc.c: nr_crc16_bits, nr_crc8_bits,
//   nr_crc32c_bits). No init and no xorout inside: the caller applies them.
//   The one CRC of the kit: nr_crc16_upd (packet and link CRC-16), nr_crc8_upd
//   (replay markers) and the end-to-end CRC-32C (docs/packet-format.md) are
//   instances of it.
// Parameters:
//   Width  register width, 1 .. 32.
//   Poly   generator polynomial without its x^Width term.
//   DataW  bits consumed per update, 1 .. 64.
// Ports: crc_i (register before), data_i (data_i[DataW-1] goes in first),
//   crc_o (register after). Pure combinational.
// Latency: 0.
// Cost: XOR network, each output bit an XOR of at most Width + DataW inputs;
//   no flops.

`default_nettype none
module nr_crc_upd #(
  parameter int Width = 16,
  parameter int Poly  = 'h1021,
  parameter int DataW = 22
) (
  input  logic [Width-1:0] crc_i,
  input  logic [DataW-1:0] data_i,
  output logic [Width-1:0] crc_o
);

  localparam logic [Width-1:0] POLY = Width'(Poly);

  // A function in a continuous assignment rather than always_comb: Icarus 11
  // rejects constant part-selects inside always_* processes.
  function automatic logic [Width-1:0] crc_step(input logic [Width-1:0] crc,
                                                input logic [DataW-1:0] data);
    logic [Width-1:0] c;
    c = crc;
    for (int i = DataW - 1; i >= 0; i--) begin
      if (data[i] ^ c[Width-1]) c = (c << 1) ^ POLY;
      else                      c = c << 1;
    end
    crc_step = c;
  endfunction

  assign crc_o = crc_step(crc_i, data_i);

endmodule
