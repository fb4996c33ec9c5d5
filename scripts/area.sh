#!/bin/bash
# area.sh NAME - area (and, for RAM-free designs, timing) of a named
# configuration from configs/configs.txt, with Yosys and the OSU 0.18um
# standard-cell liberty (qflow-tech-osu018).
#
# Every RAM leaf (nr_ram_1r1w) is kept as a black box, counted as an SRAM macro
# of Width x Depth bits, and given an area of SRAM_UM2_PER_BIT (default 10 um^2,
# constraints/README.md says why); everything else is mapped to OSU018 cells.
# Output: build/area/NAME/{report.txt,netlist.v,yosys.log}; one summary line
# on stdout: name, std-cell area, flops, SRAM bits, SRAM area, total (um^2),
# and the estimated fmax (MHz) of the critical standard-cell path.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: area.sh NAME" >&2; exit 2; }
NAME=$1
TOP=$(scripts/cfg.sh "$NAME" top)
PARAMS=$(scripts/cfg.sh "$NAME" params)
LIB=/usr/share/qflow/tech/osu018/osu018_stdcells.lib
[ -r "$LIB" ] || { echo "area.sh: liberty $LIB missing (make deps)" >&2; exit 1; }
SRAM_UM2_PER_BIT=${SRAM_UM2_PER_BIT:-10}
OUT=build/area/$NAME; mkdir -p "$OUT"
FILES=${AREA_FILES:-$(grep -v '^\s*\(//\|$\)' rtl/files.f | tr '\n' ' ')}
# All top parameters in one chparam call: one call per parameter re-derives
# the top from its source each time, keeping only the last one (a k=16 YARC
# came out as the default k=64), and Yosys 0.23's hierarchy -chparam trips an
# internal assertion on nr_yarc. chparam renames the top; rename restores it.
CHP=""; for p in $PARAMS; do CHP="$CHP -set ${p%%=*} ${p#*=}"; done
READ="read_verilog -sv -Irtl/inc $FILES; ${CHP:+chparam $CHP $TOP;} hierarchy -check -top $TOP; rename -top $TOP"
# pass 1: parameters of every RAM leaf variant, and how many of each the
# flattened design instantiates
yosys -q -p "$READ; proc; write_json $OUT/elab.json; blackbox =*nr_ram_1r1w*; flatten; \
             tee -q -o $OUT/ramcount.txt stat" > "$OUT/yosys1.log" 2>&1 \
    || { tail "$OUT/yosys1.log" >&2; exit 1; }
awk '/"\$paramod[^"]*nr_ram_1r1w": \{/ { match($0, /"[^"]*"/); m = substr($0, RSTART+1, RLENGTH-2); gsub(/\\\\/, "\\", m); inm = 1; next }
     inm && /"Depth":/ { gsub(/[",]/, "", $2); d = 0; for (i = 1; i <= length($2); i++) d = d*2 + substr($2, i, 1); D[m] = d }
     inm && /"Width":/ { gsub(/[",]/, "", $2); w = 0; for (i = 1; i <= length($2); i++) w = w*2 + substr($2, i, 1); W[m] = w }
     inm && /"ports":/ { inm = 0 }
     END { for (m in D) print m, W[m], D[m] }' "$OUT/elab.json" > "$OUT/rams.txt"
CLOCK_NS=${CLOCK_NS:-5.0}
CLOCK_PS=$(awk -v n="$CLOCK_NS" 'BEGIN { printf "%d", n * 1000 }')
# pass 2: synthesis with RAMs as black boxes, flattened except for the
# modules a router repeats (KEEP: a YARC tile; an nwn port and subswitch),
# which are synthesized once each, so a k=64 router costs about what one of
# its tiles does. ABC maps for delay at the clock period and then buffers and
# sizes the high-fanout nets (buffer, upsize, dnsize); without that, an
# arbiter grant driving a 24-bit crossbar is one X1 gate with a 17 ns delay.
# Nets that cross a kept module's boundary are not buffered. topo before
# buffer: ABC 0.23's buffer -p stops with "node has no fanout" on a mapped
# network that is not in topological order (the nwn subswitches), and
# segfaults after a sweep.
case $TOP in
    nr_yarc) KEEP=${AREA_KEEP:-nr_yarc_tile} ;;
    nr_nwn) KEEP=${AREA_KEEP:-nr_nwn_port nr_nwn_sub} ;;
    *) KEEP=${AREA_KEEP:-} ;;
esac
KEEPCMD=""; for m in $KEEP; do KEEPCMD="$KEEPCMD setattr -mod -set keep_hierarchy 1 *$m;"; done
ABCSCRIPT="+strash;dch;map,-D,$CLOCK_PS;topo;buffer,-p;upsize,-D,$CLOCK_PS;dnsize,-D,$CLOCK_PS"
yosys -p "$READ; blackbox =*nr_ram_1r1w*; $KEEPCMD synth -flatten -top $TOP; dfflibmap -liberty $LIB; \
          abc -script $ABCSCRIPT -liberty $LIB; opt_clean; \
          tee -o $OUT/stat.txt stat -top $TOP -liberty $LIB; \
          splitnets -ports; opt_clean -purge; write_verilog -noattr $OUT/netlist.v" > "$OUT/yosys.log" 2>&1 \
    || { tail "$OUT/yosys.log" >&2; exit 1; }
# instance counts of each RAM variant (pass 1, flattened)
awk 'FNR == NR { W[$1] = $2; D[$1] = $3; next }
     ($1 in W) { n[$1] += $2 }
     END { bits = 0; for (m in n) { bits += n[m] * W[m] * D[m]; printf "ram %s x%d: %d x %d bits\n", m, n[m], W[m], D[m] }
           print "ram_bits", bits }' "$OUT/rams.txt" "$OUT/ramcount.txt" > "$OUT/ramuse.txt"
RAMBITS=$(awk '$1 == "ram_bits" { print $2 }' "$OUT/ramuse.txt")
# std-cell area and flops of the whole design: with kept modules, stat -top's
# "design hierarchy" section (each module times its instances) comes last
CELLAREA=$(awk '/Chip area for (top )?module/ { a = $NF } END { print a + 0 }' "$OUT/stat.txt")
FLOPS=$(awk '/=== design hierarchy ===/ { h = 1 } $1 ~ /^DFF/ { if (h) f += $2; else g += $2 }
             END { print (h ? f : g) + 0 }' "$OUT/stat.txt")
SRAMAREA=$(awk -v b="$RAMBITS" -v a="$SRAM_UM2_PER_BIT" 'BEGIN { print b * a }')
TOTAL=$(awk -v x="$CELLAREA" -v y="$SRAMAREA" 'BEGIN { print x + y }')
# splitnets before write_verilog: without it Yosys writes assignments to a
# concatenation of part-selects (assign {a[3:1], b[0]} = ...) for some large
# designs (yarc-k64, fc6-isu2-k64), which OpenSTA's Verilog reader rejects;
# split into single-bit nets the same netlist reads (checked on fc6-isu2-k64:
# worst slack -6.643 ns at 5 ns, 86 MHz). Area and cells are counted before.
# static timing with OpenSTA on the mapped netlist (RAM macros have no timing
# model: paths into and out of them are not timed; constraints/README.md)
cat > "$OUT/sta.tcl" <<TCL
read_liberty $LIB
read_verilog $OUT/netlist.v
link_design $TOP
set clock_ns $CLOCK_NS
source constraints/default.sdc
report_checks -path_delay max -digits 3
TCL
timeout 600 sta -no_splash -exit "$OUT/sta.tcl" > "$OUT/sta.txt" 2>&1 || true
SLACK=$(awk '/slack \((MET|VIOLATED)\)/ { if (!n++ || $1 < m) m = $1 } END { if (n) print m }' "$OUT/sta.txt")
if [ -n "$SLACK" ]; then
    FMAX=$(awk -v p="$CLOCK_NS" -v s="$SLACK" 'BEGIN { printf "%.0f", 1000 / (p - s) }')
else
    SLACK=na; FMAX=na
fi
{
    echo "configuration: $NAME ($TOP $PARAMS)"
    echo "liberty: $LIB"
    echo "std-cell area (um^2): $CELLAREA"
    echo "flip-flops: $FLOPS"
    echo "SRAM bits: $RAMBITS (at $SRAM_UM2_PER_BIT um^2/bit: $SRAMAREA um^2)"
    echo "total (um^2): $TOTAL"
    echo "worst setup slack at $CLOCK_NS ns: $SLACK ns (critical path fmax ~ $FMAX MHz)"
    cat "$OUT/ramuse.txt"
} > "$OUT/report.txt"
printf "%-16s %12.0f %8d %10d %12.0f %12.0f %8s\n" "$NAME" "$CELLAREA" "$FLOPS" "$RAMBITS" "$SRAMAREA" "$TOTAL" "$FMAX"
