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
//   no flops.

module nr_crc8_upd #(
  parameter int DataW = 14
) (
  input  logic [7:0]       crc_i,
  input  logic [DataW-1:0] data_i,
  output logic [7:0]       crc_o
);

  localparam logic [7:0] POLY = 8'(nr_pkg::CRC8_POLY);

  // A function in a continuous assignment rather than always_comb: Icarus 11
  // rejects constant part-selects inside always_* processes.
  function automatic logic [7:0] crc_step(input logic [7:0] crc, input logic [DataW-1:0] data);
    logic [7:0] c;
    c = crc;
    for (int i = DataW - 1; i >= 0; i--) begin
      if (data[i] ^ c[7]) c = {c[6:0], 1'b0} ^ POLY;
      else                 c = {c[6:0], 1'b0};
    end
    crc_step = c;
  endfunction

  assign crc_o = crc_step(crc_i, data_i);

endmodule
