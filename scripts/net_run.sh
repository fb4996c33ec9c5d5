#!/bin/bash
# net_run.sh - the network demo (make net-run): a 128-node two-level folded
# Clos of radix-16 YARC routers with LCB links and NICs (net_sim,
# docs/network.md), uniform random traffic at a few loads with adaptive and
# with deterministic up-routing, a summary table and a latency plot. Every
# run also checks every packet end to end (exit 1 if one fails).
#
# Environment: BUILD [build], NETRUN_TOPO [fclos:levels=2], NETRUN_CFG
# [yarc-k16], NETRUN_LOADS [0.1 0.3 0.5 0.6 0.7 0.8 0.9], NETRUN_WARMUP
# [1000], NETRUN_MEASURE [4000], NETRUN_SEED [1], JOBS [2], SWEEP_LAUNCHER (a
# launcher in front of every run, e.g. "srun -N1 --", as regress.sh -l).
# The CSV columns are selected by header name (scripts/csv_lib.sh).
set -eu
. "$(dirname "$0")/csv_lib.sh"
. "$(dirname "$0")/jobrun.sh"
B=${BUILD:-build}
SIM=$B/bin/net_sim
TOPO=${NETRUN_TOPO:-fclos:levels=2}
CFG=${NETRUN_CFG:-yarc-k16}
LOADS=${NETRUN_LOADS:-0.1 0.3 0.5 0.6 0.7 0.8 0.9}
WARMUP=${NETRUN_WARMUP:-1000}
MEASURE=${NETRUN_MEASURE:-4000}
SEED=${NETRUN_SEED:-1}
JOBS=${JOBS:-2}
OUT=$B/results/net_run
mkdir -p "$OUT"
rm -f "$OUT"/*.csv "$OUT"/*.log
echo "net_run: $TOPO of $CFG, UR, loads $LOADS, updown-adaptive and updown-det, seed $SEED"
run_point() {
    set -- $1
    local rt=$1 l=$2
    jr_launch "$SIM" --topo "$TOPO" --cfg "$CFG" --routing "$rt" --pattern ur --load "$l" --len bw \
        --warmup "$WARMUP" --measure "$MEASURE" --seed "$SEED" --quiet \
        --csv "$OUT/${rt}_$l.csv" > "$OUT/${rt}_$l.log" 2>&1
    local rc=$?
    echo "  $rt load $l: $(grep -c PASS "$OUT/${rt}_$l.log") pass ($OUT/${rt}_$l.log)"
    return $rc
}
export -f run_point
export SIM TOPO CFG WARMUP MEASURE SEED OUT
t0=$(date +%s)
rc=0
for rt in updown-adaptive updown-det; do for l in $LOADS; do echo "$rt $l"; done; done > "$OUT/points.txt"
JR_LAUNCH=${SWEEP_LAUNCHER:-} jr_run "$OUT/points.txt" "$JOBS" net_run run_point || rc=1
CSV=$B/results/net_run.csv
first=$(ls "$OUT"/*.csv | head -1)
csv_need "$first" routing load offered accepted lat_mean lat_p99 hops_mean deadlock sb_errors
head -1 "$first" > "$CSV"
kl=$(csv_idx "$first" load)
for f in "$OUT"/*.csv; do tail -n +2 "$f"; done | sort -t, -k"$kl,${kl}g" >> "$CSV"
echo
echo "net_run: summary ($TOPO of $CFG, UR, BlackWidow 4/19-phit mix; load in phits/cycle/node, latency in cycles)"
csv_awk 'NR == 1 { printf "%-16s %-6s %-9s %-9s %-9s %-8s %-6s %-6s\n", "routing", "load", "offered", "accepted", "lat_mean", "lat_p99", "hops", "errors" }
         NR > 1  { printf "%-16s %-6s %-9.4f %-9.4f %-9.1f %-8s %-6.2f %-6s\n", $col("routing"), $col("load"), $col("offered"), $col("accepted"), $col("lat_mean"), $col("lat_p99"), $col("hops_mean"), $col("sb_errors") + $col("deadlock") }' "$CSV"
if command -v gnuplot > /dev/null; then
    for rt in updown-adaptive updown-det; do
        csv_awk -v rt="$rt" 'NR > 1 && $col("routing") == rt { print $col("offered"), $col("lat_mean"), $col("accepted") }' "$CSV" > "$OUT/$rt.dat"
    done
    gnuplot <<EOF
set terminal pngcairo size 800,500 noenhanced
set output '$B/results/net_run_latency.png'
set title 'make net-run: $TOPO of $CFG (LCB links), UR'
set xlabel 'offered load (phits/cycle/node)'
set ylabel 'mean latency (cycles, generation to tail)'
set grid
set key top left
plot '$OUT/updown-adaptive.dat' using 1:2 with linespoints title 'updown-adaptive', \
     '$OUT/updown-det.dat' using 1:2 with linespoints title 'updown-det'
EOF
    echo "net_run: latency plot $B/results/net_run_latency.png"
fi
echo "net_run: $(( $(date +%s) - t0 )) s"
exit $rc
