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
CHP=""; for p in $PARAMS; do CHP="$CHP chparam -set ${p%%=*} ${p#*=} $TOP;"; done
READ="read_verilog -sv -Irtl/inc $FILES; $CHP hierarchy -check -top $TOP"
# pass 1: parameters of every RAM leaf variant
yosys -q -p "$READ; proc; write_json $OUT/elab.json" > "$OUT/yosys1.log" 2>&1 \
    || { tail "$OUT/yosys1.log" >&2; exit 1; }
awk '/"\$paramod[^"]*nr_ram_1r1w": \{/ { match($0, /"[^"]*"/); m = substr($0, RSTART+1, RLENGTH-2); gsub(/\\\\/, "\\", m); inm = 1; next }
     inm && /"Depth":/ { gsub(/[",]/, "", $2); d = 0; for (i = 1; i <= length($2); i++) d = d*2 + substr($2, i, 1); D[m] = d }
     inm && /"Width":/ { gsub(/[",]/, "", $2); w = 0; for (i = 1; i <= length($2); i++) w = w*2 + substr($2, i, 1); W[m] = w }
     inm && /"ports":/ { inm = 0 }
     END { for (m in D) print m, W[m], D[m] }' "$OUT/elab.json" > "$OUT/rams.txt"
# pass 2: synthesis with RAMs as black boxes
yosys -p "$READ; blackbox =*nr_ram_1r1w*; synth -flatten -top $TOP; dfflibmap -liberty $LIB; abc -liberty $LIB; opt_clean; \
          tee -o $OUT/stat.txt stat -top $TOP -liberty $LIB; write_verilog -noattr $OUT/netlist.v" > "$OUT/yosys.log" 2>&1 \
    || { tail "$OUT/yosys.log" >&2; exit 1; }
# instance counts of each RAM variant (the design is flattened: one section)
awk 'FNR == NR { W[$1] = $2; D[$1] = $3; next }
     ($1 in W) { n[$1] += $2 }
     END { bits = 0; for (m in n) { bits += n[m] * W[m] * D[m]; printf "ram %s x%d: %d x %d bits\n", m, n[m], W[m], D[m] }
           print "ram_bits", bits }' "$OUT/rams.txt" "$OUT/stat.txt" > "$OUT/ramuse.txt"
RAMBITS=$(awk '$1 == "ram_bits" { print $2 }' "$OUT/ramuse.txt")
# std-cell area: the hierarchical total if present, else the single module's
CELLAREA=$(awk '/Chip area for module/ { a = $NF } END { print a + 0 }' "$OUT/stat.txt")
FLOPS=$(awk '$1 ~ /^DFF/ { f += $2 } END { print f + 0 }' "$OUT/stat.txt")
SRAMAREA=$(awk -v b="$RAMBITS" -v a="$SRAM_UM2_PER_BIT" 'BEGIN { print b * a }')
TOTAL=$(awk -v x="$CELLAREA" -v y="$SRAMAREA" 'BEGIN { print x + y }')
# static timing with OpenSTA on the mapped netlist (RAM macros have no timing
# model: paths into and out of them are not timed; constraints/README.md)
CLOCK_NS=${CLOCK_NS:-5.0}
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
