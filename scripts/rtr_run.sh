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
# usage: scripts/rtr_run.sh [--help]
# Output in $BUILD/results: rtr_run.csv, rtr_run_latency.png (scripts/plot.py).
# Exit 0 when every run passed, 1 when one failed, 2 on bad settings.
set -eu
case ${1:-} in
-h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;;
'') ;;
*) echo "rtr_run.sh: no arguments expected, got '$*' (--help)" >&2; exit 2 ;;
esac
. "$(dirname "$0")/sweep_lib.sh"
B=${BUILD:-build}
SIM=$B/bin/rtr_sim
CFG=${RUN_CFG:-yarc-k64}
LOADS=${RUN_LOADS:-0.1 0.2 0.3 0.4 0.5 0.6 0.7}
BER=${RUN_BER:-1e-5}
WARMUP=${RUN_WARMUP:-500}
MEASURE=${RUN_MEASURE:-5000}
SEED=${RUN_SEED:-1}
JOBS=${JOBS:-2}
# shellcheck disable=SC2086
need_load rtr_run.sh RUN_LOADS $LOADS
need_int rtr_run.sh "RUN_WARMUP, RUN_MEASURE, RUN_SEED" "$WARMUP" "$MEASURE" "$SEED"
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "rtr_run.sh: JOBS: '$JOBS' is not a count >= 1" >&2; exit 2; }
[[ $BER =~ ^[0-9.]+(e-?[0-9]+)?$ ]] || { echo "rtr_run.sh: RUN_BER: '$BER' is not a rate" >&2; exit 2; }
need_cfg rtr_run.sh RUN_CFG "$CFG"
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
"$(dirname "$0")/plot.py" "$OUT/rtr_run_latency.png" --size 900,560 \
    --title "make run: $CFG, UR, link BER $BER, $IMPL" \
    --xlabel 'offered load (phits/cycle/port)' --ylabel 'latency (cycles)' \
    --csv "$CSV" --curve mean offered lat_mean --curve p99 offered lat_p99 || rc=1
echo "rtr_run: latency plot $OUT/rtr_run_latency.png"
echo "rtr_run: $(( $(date +%s) - t0 )) s"
exit $rc
