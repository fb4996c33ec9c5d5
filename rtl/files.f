// Ordered RTL file list read by Verilator, Icarus and Yosys. Package first.
rtl/nr_pkg.sv
