# Default timing constraints for every top: one clock on clk_i.
# The period is set by scripts/area.sh from CLOCK_NS (default 5.0 ns = 200 MHz,
# a realistic target for 0.18 um standard cells; YARC ran at 800 MHz in 90 nm).
create_clock -name clk -period $clock_ns [get_ports clk_i]
set_input_delay 0.0 -clock clk [delete_from_list [all_inputs] [get_ports clk_i]]
set_output_delay 0.0 -clock clk [all_outputs]
