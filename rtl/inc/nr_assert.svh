// nr_assert.svh - one assertion form that works in Verilator, Icarus and Yosys.
//
// NR_ASSERT(name, cond, clk, rst_n): checked on every rising clock edge while
//   rst_n is high. Fails with $fatal (Icarus exits 0 after $error). Compiles to
//   nothing under SYNTHESIS (defined by Yosys) unless FORMAL is defined, in
//   which case it becomes an unlabelled immediate assert for yosys-smtbmc.
// NR_PARAM_ASSERT(name, cond): elaboration-time parameter check. Put it at
//   module level; on failure simulation stops at time 0 with the message.
// NR_COVER(name, cond, clk, rst_n): a cover point, counted on every rising
//   clock edge where cond holds while rst_n is high. Only Verilator sees it
//   (Icarus and Yosys do not take concurrent cover statements), and it counts
//   only in builds made with --coverage (make coverage); elsewhere nothing.
`ifndef NR_ASSERT_SVH
`define NR_ASSERT_SVH

`ifdef FORMAL
  // No label under FORMAL: Yosys rejects the same label twice in a module,
  // which a macro inside a generate loop gives (nr_swalloc_accept's checks);
  // a failing assertion is reported by its file and line.
  `define NR_ASSERT(name, cond, clk, rst_n) \
    always @(posedge clk) if (rst_n) assert (cond);
  `define NR_PARAM_ASSERT(name, cond) \
    initial name: assert (cond);
`elsif SYNTHESIS
  `define NR_ASSERT(name, cond, clk, rst_n)
  `define NR_PARAM_ASSERT(name, cond)
`else
  `define NR_ASSERT(name, cond, clk, rst_n) \
    always @(posedge clk) begin \
      if ((rst_n) && !(cond)) $fatal(1, "ASSERT FAILED %m: %s (%s)", `"name`", `"cond`"); \
    end
  `define NR_PARAM_ASSERT(name, cond) \
    initial begin \
      if (!(cond)) $fatal(1, "PARAMETER CHECK FAILED %m: %s (%s)", `"name`", `"cond`"); \
    end
`endif

`ifdef VERILATOR
  `define NR_COVER(name, cond, clk, rst_n) \
    name: cover property (@(posedge clk) disable iff (!(rst_n)) (cond));
`else
  `define NR_COVER(name, cond, clk, rst_n)
`endif

`endif
