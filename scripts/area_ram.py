#!/usr/bin/env python3
"""area_ram.py - the timing model of a RAM leaf of make area (an SRAM macro,
for which there is no liberty; scripts/area_unit.sh ram, constraints/README.md).

usage: scripts/area_ram.py NAME WIDTH DEPTH OUTDIR

Writes OUTDIR/etm.lib (a liberty cell with nr_ram_1r1w's ports) and
OUTDIR/meta.txt (per port bus its setup or clock-to-output, as
scripts/area_sta.tcl writes for a unit). Setup SRAM_TSU_NS (default 0.3) on
every input; read data SRAM_TCQ_NS after the clock (default 1.2 + 0.1 per
address bit) into 10 fF, plus 2 ns/pF of load. An assumption, not a memory
compiler's figure. Exit 0; 2 on bad usage.
"""
import os
import sys


def ram(argv):
    if len(argv) != 4 or not argv[1].isdigit() or not argv[2].isdigit() or int(argv[1]) < 1 or int(argv[2]) < 1:
        print("usage: area_ram.py NAME WIDTH DEPTH OUTDIR (--help)", file=sys.stderr)
        return 2
    name, w, dp, out = argv[0], int(argv[1]), int(argv[2]), argv[3]
    for v in ("SRAM_TSU_NS", "SRAM_TCQ_NS"):
        try:
            float(os.environ.get(v) or 0)
        except ValueError:
            print("area_ram.py: %s wants a number, got '%s'" % (v, os.environ[v]), file=sys.stderr)
            return 2
    tsu = os.environ.get("SRAM_TSU_NS") or "0.3"
    aw = 1
    while 2 ** aw < dp:
        aw += 1
    tcq = os.environ.get("SRAM_TCQ_NS") or "%.2f" % (1.2 + 0.1 * aw)
    tcq2 = "%g" % (float(tcq) + 0.38)
    o = ["library (etm_%s) {" % name, "  delay_model : table_lookup;",
         '  time_unit : "1ns"; voltage_unit : "1V"; current_unit : "1uA";',
         '  capacitive_load_unit (1,pf); pulling_resistance_unit : "1kohm"; leakage_power_unit : "1nW";',
         "  input_threshold_pct_rise : 50; input_threshold_pct_fall : 50;",
         "  output_threshold_pct_rise : 50; output_threshold_pct_fall : 50;",
         "  slew_lower_threshold_pct_rise : 20; slew_upper_threshold_pct_rise : 80;",
         "  slew_lower_threshold_pct_fall : 20; slew_upper_threshold_pct_fall : 80;",
         '  lu_table_template (etm_load) { variable_1 : total_output_net_capacitance; index_1 ("0.01, 0.2"); }']
    for x in sorted({aw, w}):
        if x > 1:
            o.append("  type (bus_%d) { base_type : array; data_type : bit; bit_width : %d; bit_from : %d; "
                     "bit_to : 0; downto : true; }" % (x, x, x - 1))
    o += ["  cell (%s) {" % name, "    area : 0;", "    interface_timing : true;",
          "    pin (clk_i) {", "      direction : input;", "      clock : true;", "      capacitance : 0.01;", "    }"]

    def pin(ind, direction, arc):
        if direction == "input":
            o.append(ind + "capacitance : 0.01;")
        if arc == "su":
            o.append(ind + 'timing () { related_pin : "clk_i"; timing_type : setup_rising; rise_constraint '
                     '(scalar) { values ("%s"); } fall_constraint (scalar) { values ("%s"); } }' % (tsu, tsu))
        if arc == "cq":
            o.append(ind + 'timing () { related_pin : "clk_i"; timing_type : rising_edge; cell_rise (etm_load) '
                     '{ values ("%s, %s"); } cell_fall (etm_load) { values ("%s, %s"); } rise_transition '
                     '(etm_load) { values ("0.1, 0.5"); } fall_transition (etm_load) { values ("0.1, 0.5"); } }'
                     % (tcq, tcq2, tcq, tcq2))

    def bus(n, wd, direction, arc):
        if wd == 1:
            o.extend(["    pin (%s) {" % n, "      direction : %s;" % direction])
            pin("      ", direction, arc)
            o.append("    }")
            return
        o.extend(["    bus (%s) {" % n, "      bus_type : bus_%d; direction : %s;" % (wd, direction)])
        for i in range(wd):
            o.append("      pin (%s[%d]) {" % (n, i))
            pin("      ", direction, arc)
            o.append("      }")
        o.append("    }")

    for n, wd, direction, arc in (("rst_ni", 1, "input", ""), ("we_i", 1, "input", "su"),
                                  ("waddr_i", aw, "input", "su"), ("wdata_i", w, "input", "su"),
                                  ("re_i", 1, "input", "su"), ("raddr_i", aw, "input", "su"),
                                  ("rdata_o", w, "output", "cq")):
        bus(n, wd, direction, arc)
    o += ["  }", "}"]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "etm.lib"), "w") as f:
        f.write("\n".join(o) + "\n")
    desc = "nr_ram_1r1w:%dx%d" % (w, dp)
    with open(os.path.join(out, "meta.txt"), "w") as f:
        for p in ("we_i", "waddr_i", "wdata_i", "re_i", "raddr_i"):
            f.write("su %s %s %s\n" % (p, tsu, desc))
        f.write("cq rdata_o %s %s\n" % (tcq, desc))
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0)
    sys.exit(ram(sys.argv[1:]))
