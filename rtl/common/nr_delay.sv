// nr_delay.sv - fixed-latency valid + data delay line (no backpressure).
//
// Purpose: model the pipeline registers of an internal channel (wire delay
//   between tiles, subswitch links): what enters at cycle t leaves at t+Latency.
//   The stages are flops, as in silicon, not RAM.
// Parameters:
//   Width    data bits, 1 .. any.
//   Latency  cycles, 0 .. 128. Latency = 0 (branch g_wire) is a wire; clk_i
//            and rst_ni are unused then.
// Ports / protocol:
//   valid_i, data_i   a word this cycle (no ready: the channel always accepts;
//                     flow control is the credits of the layer above).
//   valid_o, data_o   the word from Latency cycles ago. data_o is only
//                     meaningful with valid_o.
// Latency: exactly Latency cycles.
// Cost: Latency valid flops (reset) + Latency*Width data flops (no reset); a
//   stage's data flops load only when its input is valid.
`default_nettype none
`include "nr_assert.svh"

module nr_delay #(
  parameter int Width   = 24,
  parameter int Latency = 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  output logic [Width-1:0] data_o
);

  `NR_PARAM_ASSERT(p_width, Width >= 1)
  `NR_PARAM_ASSERT(p_latency, Latency >= 0 && Latency <= 128)

  if (Latency == 0) begin : g_wire
    assign valid_o = valid_i;
    assign data_o  = data_i;
    logic unused_clk;
    assign unused_clk = ^{clk_i, rst_ni};
  end else begin : g_line
    // stage i holds the word that entered i+1 cycles ago
    logic [Latency-1:0]       valid_q;
    logic [Latency*Width-1:0] data_q, data_d;
    // input of stage i: the input port for i = 0, else stage i-1
    logic [Latency-1:0]       valid_in;
    logic [Latency*Width-1:0] data_in;

    assign valid_in = Latency'({valid_q, valid_i});
    assign data_in  = (Latency*Width)'({data_q, data_i});

    for (genvar i = 0; i < Latency; i++) begin : g_stage
      assign data_d[i*Width +: Width] = valid_in[i] ? data_in[i*Width +: Width]
                                                    : data_q[i*Width +: Width];
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) valid_q <= '0;
      else         valid_q <= valid_in;
    end

    always_ff @(posedge clk_i) begin
      data_q <= data_d;
    end

    assign valid_o = valid_q[Latency-1];
    assign data_o  = data_q[(Latency-1)*Width +: Width];
  end

endmodule
