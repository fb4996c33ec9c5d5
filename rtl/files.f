// Ordered RTL file list read by Verilator, Icarus and Yosys. Package first.
rtl/nr_pkg.sv
// common cells (leaves first)
rtl/common/nr_ram_1r1w.sv
rtl/common/nr_fifo.sv
rtl/common/nr_pipe.sv
rtl/common/nr_delay.sv
rtl/common/nr_arb_rr.sv
rtl/common/nr_arb_matrix.sv
rtl/common/nr_credit_cnt.sv
rtl/common/nr_crc16_upd.sv
rtl/common/nr_crc8_upd.sv
rtl/common/nr_pkt_crc.sv
