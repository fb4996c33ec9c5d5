#!/bin/bash
# rtr_run.sh - the main job (make run): the radix-64 YARC router with LCB links
# on every port and a small bit error rate, uniform random traffic at a few
# loads, the Verilated RTL in lockstep with the C model when the k=64 RTL
# build exists (otherwise the C model alone, said so), a summary table and a
# latency plot.
#
# Environment: BUILD [build], RUN_CFG [yarc-k64], RUN_LOADS [0.1 0.2 ... 0.7],
# RUN_BER [1e-5], RUN_WARMUP [500], RUN_MEASURE [5000], RUN_SEED [1], JOBS [2],
# RUN_REPORT_ONLY=1 (the summary and plot from the last runs' CSVs).
# The CSV columns are selected by header name (scripts/csv_lib.sh).
set -eu
. "$(dirname "$0")/csv_lib.sh"
. "$(dirname "$0")/jobrun.sh"
B=${BUILD:-build}
SIM=$B/bin/rtr_sim
CFG=${RUN_CFG:-yarc-k64}
LOADS=${RUN_LOADS:-0.1 0.2 0.3 0.4 0.5 0.6 0.7}
BER=${RUN_BER:-1e-5}
WARMUP=${RUN_WARMUP:-500}
MEASURE=${RUN_MEASURE:-5000}
SEED=${RUN_SEED:-1}
JOBS=${JOBS:-2}
OUT=$B/results
mkdir -p "$OUT/run"
if [ -n "${RUN_REPORT_ONLY:-}" ]; then IMPL=$(csv_awk 'NR == 2 { print $col("impl") }' "$(ls "$OUT"/run/*.csv | head -1)")
else
rm -f "$OUT"/run/*.csv
if [ -x "$B/bin/rtr_sim-$CFG" ]; then IMPL=lockstep; else
    IMPL=model
    echo "rtr_run: $B/bin/rtr_sim-$CFG (the Verilated $CFG) is not built: running the C model alone"
fi
echo "rtr_run: $CFG, UR, loads $LOADS, link BER $BER per data bit, impl $IMPL, seed $SEED"
run_point() {
    local l=$1
    "$SIM" --cfg "$CFG" --impl "$IMPL" --pattern ur --load "$l" --len bw --ber "$BER" \
        --warmup "$WARMUP" --measure "$MEASURE" --seed "$SEED" --label run \
        --csv "$OUT/run/run_$l.csv" > "$OUT/run/run_$l.log" 2>&1
    local rc=$?
    echo "  load $l: $(tail -1 "$OUT/run/run_$l.log") ($OUT/run/run_$l.log)"
    return $rc
}
export -f run_point
export SIM CFG IMPL BER WARMUP MEASURE SEED OUT
fi
t0=$(date +%s)
rc=0
if [ -z "${RUN_REPORT_ONLY:-}" ]; then
    printf '%s\n' $LOADS > "$OUT/run/points.txt"
    jr_run "$OUT/run/points.txt" "$JOBS" rtr_run run_point || rc=1
fi
CSV=$OUT/rtr_run.csv
first=$(ls "$OUT"/run/*.csv | head -1)
csv_need "$first" load offered accepted lat_mean lat_p99 retries mismatches pass cycles_per_s
kd=$(csv_idx "$first" load)
head -1 "$first" > "$CSV"
for f in "$OUT"/run/*.csv; do tail -n +2 "$f"; done | sort -t, -k"$kd,${kd}g" >> "$CSV"
echo
echo "rtr_run: summary ($CFG, UR, BER $BER, $IMPL; loads in phits/cycle/port, latency in cycles)"
csv_awk 'NR == 1 { printf "%-8s %-9s %-9s %-9s %-8s %-8s %-10s %-6s %-10s\n", "load", "offered", "accepted", "lat_mean", "lat_p99", "retries", "mismatches", "pass", "cycles/s" }
         NR > 1  { printf "%-8s %-9.4f %-9.4f %-9.1f %-8s %-8s %-10s %-6s %-10.0f\n", $col("load"), $col("offered"), $col("accepted"), $col("lat_mean"), $col("lat_p99"), $col("retries"), $col("mismatches"), ($col("pass") ? "yes" : "NO"), $col("cycles_per_s") }' "$CSV"
if command -v gnuplot > /dev/null; then
    csv_awk 'NR > 1 { print $col("offered"), $col("lat_mean"), $col("lat_p99") }' "$CSV" > "$OUT/rtr_run.dat"
    gnuplot <<EOF
set terminal pngcairo size 800,500 noenhanced
set output '$OUT/rtr_run_latency.png'
set title 'make run: $CFG, UR, link BER $BER, $IMPL'
set xlabel 'offered load (phits/cycle/port)'
set ylabel 'latency (cycles)'
set grid
set key top left
plot '$OUT/rtr_run.dat' using 1:2 with linespoints title 'mean', '' using 1:3 with linespoints title 'p99'
EOF
    echo "rtr_run: latency plot $OUT/rtr_run_latency.png"
fi
echo "rtr_run: $(( $(date +%s) - t0 )) s"
exit $rc
