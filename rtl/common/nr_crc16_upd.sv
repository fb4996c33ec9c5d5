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
//   no flops.

module nr_crc16_upd #(
  parameter int DataW = 22
) (
  input  logic [15:0]      crc_i,
  input  logic [DataW-1:0] data_i,
  output logic [15:0]      crc_o
);

  localparam logic [15:0] POLY = 16'(nr_pkg::CRC16_POLY);

  // A function in a continuous assignment rather than always_comb: Icarus 11
  // rejects constant part-selects inside always_* processes.
  function automatic logic [15:0] crc_step(input logic [15:0] crc, input logic [DataW-1:0] data);
    logic [15:0] c;
    c = crc;
    for (int i = DataW - 1; i >= 0; i--) begin
      if (data[i] ^ c[15]) c = {c[14:0], 1'b0} ^ POLY;
      else                  c = {c[14:0], 1'b0};
    end
    crc_step = c;
  endfunction

  assign crc_o = crc_step(crc_i, data_i);

endmodule
