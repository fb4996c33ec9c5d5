// nr_pipe.sv - valid/ready register slice (skid buffer), full throughput.
//
// Purpose: break a long path on a valid/ready channel: every output and
//   ready_o come from flops, so the slice cuts both the forward (valid/data)
//   and the backward (ready) combinational paths.
// Parameters:
//   Width  data bits, 1 .. any.
// Ports / protocol (AXI-stream rules on both sides):
//   valid_i/ready_o/data_i   a word moves when valid_i && ready_o.
//                            ready_o is registered (= skid slot empty); there
//                            is NO combinational path from ready_i to ready_o.
//   valid_o/ready_i/data_o   registered; data_o holds while valid_o && !ready_i.
// Latency: 1 cycle, input to output. Throughput: 1 word per cycle with no
//   backpressure; when the sink stalls, one extra word lands in the skid
//   register and ready_o drops the next cycle.
// Cost: 2*Width data flops (no reset) + 2 valid flops (reset).
// Not a buffer in the RAM sense: two words of pipeline state stay in flops.

module nr_pipe #(
  parameter int Width = 24
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             valid_i,
  output logic             ready_o,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  input  logic             ready_i,
  output logic [Width-1:0] data_o
);

  logic             out_valid_q, out_valid_d, skid_valid_q, skid_valid_d;
  logic [Width-1:0] out_q, skid_q;
  logic             in_fire, out_load, load_from_skid, skid_load;

  assign in_fire = valid_i && ready_o;

  always_comb begin
    out_valid_d    = out_valid_q;
    skid_valid_d   = skid_valid_q;
    out_load       = 1'b0;
    load_from_skid = 1'b0;
    skid_load      = 1'b0;
    if (!out_valid_q || ready_i) begin
      // output register empties or moves on: refill it
      if (skid_valid_q) begin
        out_load       = 1'b1;
        load_from_skid = 1'b1;
        out_valid_d    = 1'b1;
        skid_valid_d   = 1'b0;
      end else begin
        out_load    = in_fire;
        out_valid_d = in_fire;
      end
    end else if (in_fire) begin
      // output stalled: park the accepted word in the skid register
      skid_load    = 1'b1;
      skid_valid_d = 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      out_valid_q  <= 1'b0;
      skid_valid_q <= 1'b0;
    end else begin
      out_valid_q  <= out_valid_d;
      skid_valid_q <= skid_valid_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (out_load)  out_q  <= load_from_skid ? skid_q : data_i;
    if (skid_load) skid_q <= data_i;
  end

  assign ready_o = !skid_valid_q;
  assign valid_o = out_valid_q;
  assign data_o  = out_q;

endmodule
