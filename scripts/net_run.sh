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
# usage: scripts/net_run.sh [--help]
# Output: $BUILD/results/net_run.csv, net_run_latency.png; with the default
# settings and every run passed also $BUILD/results/publish-net-run.txt
# (`make publish-net-run` puts the plot into docs/img/). Exit 0 when every
# run passed, 1 when one failed, 2 on bad settings.
set -eu
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
pub_start net-run "$@"
pub_configs
SIM=$B/bin/net_sim
setting TOPO NETRUN_TOPO fclos:levels=2
setting CFG NETRUN_CFG yarc-k16
setting LOADS NETRUN_LOADS "0.1 0.3 0.5 0.6 0.7 0.8 0.9"
setting WARMUP NETRUN_WARMUP 1000
setting MEASURE NETRUN_MEASURE 4000
setting SEED NETRUN_SEED 1
JOBS=${JOBS:-2}
# shellcheck disable=SC2086
need_load net_run.sh NETRUN_LOADS $LOADS
need_int net_run.sh "NETRUN_WARMUP, NETRUN_MEASURE, NETRUN_SEED" "$WARMUP" "$MEASURE" "$SEED"
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "net_run.sh: JOBS: '$JOBS' is not a count >= 1" >&2; exit 2; }
[ -x "$SIM" ] || { echo "net_run.sh: $SIM is missing (make $SIM)" >&2; exit 2; }
net_probe net_run.sh "$SIM" --topo "$TOPO" --cfg "$CFG" --pattern ur --load 0.5 --len bw
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
export SIM TOPO CFG WARMUP MEASURE SEED OUT NR_CONFIGS
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
scripts/plot.py "$B/results/net_run_latency.png" --size 900,560 \
    --title "make net-run: $TOPO of $CFG, UR, BlackWidow length mix" \
    --xlabel 'offered load (phits/cycle/node)' --ylabel 'mean latency (cycles, generation to tail)' \
    --csv "$CSV" --where routing=updown-adaptive --curve updown-adaptive offered lat_mean \
    --where routing=updown-det --curve updown-det offered lat_mean || rc=1
pub_file docs/img/net_run_latency.png "$B/results/net_run_latency.png"
echo "net_run: latency plot $B/results/net_run_latency.png"
echo "net_run: $(( $(date +%s) - t0 )) s"
pub_finish $rc "make net-run"
