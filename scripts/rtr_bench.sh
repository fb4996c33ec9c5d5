#!/bin/bash
# rtr_bench.sh - speed benchmark of the router testbench (make bench; not a
# timed test): simulated cycles/s and phit-hops/s at k=64, UR at loads 0.1
# and 0.5, the C model alone and the Verilated RTL alone (same testbench, same
# seed), for YARC and the cn, fc and bb switches, plus the bare YARC model.
# Writes $BUILD/results/rtr_bench.csv and rtr_bench.md, the table with the
# command and the machine; when every run passed with the default settings
# also $BUILD/results/publish-bench.txt (`make publish-bench` puts the table
# into the "Speed" section of docs/results.md, between its bench markers).
#
# usage: scripts/rtr_bench.sh [--help]
# Environment: BUILD [build], BENCH_MEASURE [4000], BENCH_WARMUP [500],
# BENCH_REPORT_ONLY=1 (the table from the last runs' CSV, with their date, machine and
# load averages from rtr_bench.when beside it). The CSV columns are
# selected by header name (scripts/csv_lib.sh). On a terminal, each run
# prints runs done / total and an ETA on stderr (scripts/jobrun.sh).
set -eu
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh # csv_lib, jobrun, the publish manifest
case ${1:-} in -h | --help) script_help "$0"; exit 0 ;; '') ;; *) echo "rtr_bench.sh: no arguments expected, got '$*' (--help)" >&2; exit 2 ;; esac
B=${BUILD:-build}
pub_begin bench
pub_configs
SIM=$B/bin/rtr_sim
setting MEASURE BENCH_MEASURE 4000
setting WARMUP BENCH_WARMUP 500
need_int rtr_bench.sh "BENCH_MEASURE, BENCH_WARMUP" "$MEASURE" "$WARMUP"
[ -x "$SIM" ] || { echo "rtr_bench.sh: $SIM is not built (make $SIM)" >&2; exit 2; }
OUT=$B/results
mkdir -p "$OUT"
CSV=$OUT/rtr_bench.csv
[ -n "${BENCH_REPORT_ONLY:-}" ] || rm -f "$CSV"
LOAD0=$(bench_load)
CMD="$SIM --cfg CFG --impl IMPL --pattern ur --load L --len bw --warmup $WARMUP --measure $MEASURE --seed 1"
runs=("yarc-k64 model" "yarc-k64-bare model")
[ -x "$B/bin/rtr_sim-yarc-k64" ] && runs+=("yarc-k64 rtl")
# the network switches at k=64, model and RTL (docs/nwn-rtl.md)
for c in cn-k64 fc-k64 bb-k64; do
    runs+=("$c model")
    [ -x "$B/bin/rtr_sim-$c" ] && runs+=("$c rtl")
done
# k=16: the RTL build that make test always has, against the model.
[ -x "$B/bin/rtr_sim-yarc-k16" ] && runs+=("yarc-k16 model" "yarc-k16 rtl")
nb=$(( ${#runs[@]} * 2 )) ib=0 tb=$(date +%s) last=""
[ -n "${BENCH_REPORT_ONLY:-}" ] && runs=()
for r in "${runs[@]}"; do
    set -- $r
    for l in 0.1 0.5; do
        progress_step rtr_bench "$ib" "$nb" "$tb" "next $1 $2 load $l${last:+ (last: $last)}"
        t1=$(date +%s)
        "$SIM" --cfg "$1" --impl "$2" --pattern ur --load $l --len bw --warmup "$WARMUP" \
            --measure "$MEASURE" --seed 1 --label bench --csv "$CSV" > "$OUT/bench_$1_$2_$l.log" 2>&1 ||
            { echo "rtr_bench: $1 $2 $l FAILED ($OUT/bench_$1_$2_$l.log)" >&2; exit 1; }
        echo "  $1 $2 load $l: $(grep '^simulated' "$OUT/bench_$1_$2_$l.log")"
        ib=$((ib + 1)) last="$1 $2 $l took $(( $(date +%s) - t1 )) s"
    done
done
[ -n "${BENCH_REPORT_ONLY:-}" ] || pub_runs_save "$OUT/rtr_bench.status" 0
[ -z "${BENCH_REPORT_ONLY:-}" ] || pub_runs_load "$OUT/rtr_bench.status" ||
    { echo "rtr_bench.sh: no record of complete runs ($OUT/rtr_bench.status)" >&2; exit 1; }
csv_need "$CSV" cfg impl load cycles_per_s phit_hops_per_s
# the runs' date, machine and load averages (a report-only call reads them)
[ -n "${BENCH_REPORT_ONLY:-}" ] || bench_when_save "$LOAD0" "$OUT/rtr_bench.when"
bench_when_load "$OUT/rtr_bench.when"
# 800 MHz YARC: 8e8 cycles/s; at load L it moves 64 * L * 8e8 phit-hops/s.
TABLE=$OUT/rtr_bench.md
{
    echo "Measured by \`make bench\` ($BW_DATE) on $BW_MACHINE, one run at a time, single-threaded; rates per CPU second of the process. The machine is shared: load average $BW_LOAD0 before and $BW_LOAD1 after the runs; rates of the same binary vary by up to 2.5x between quiet and busy hours, so compare rows of one table (ratios), not tables."
    echo "Command: \`$CMD\` (UR, BlackWidow length mix, whole testbench: sources, NIC LCB models, channels, scoreboard)."
    echo
    echo "| config | impl | load | cycles/s | phit-hops/s | slowdown vs an 800 MHz router | phit-hops/s vs that router at that load |"
    echo "|---|---|---|---|---|---|---|"
    csv_awk 'NR > 1 { c = $col("cfg"); cps = $col("cycles_per_s"); php = $col("phit_hops_per_s"); ld = $col("load")
                      k = c; sub(/^.*-k/, "", k); k += 0; sl = 8e8 / cps; ph = php / (k * ld * 8e8);
                      printf "| %s | %s | %s | %.0f | %.3g | %.0fx | %.2g |\n", c, $col("impl"), ld, cps, php, sl, ph }' "$CSV"
    echo
    echo "Model / RTL speed ratio at load 0.5 (whole testbench; the C NIC LCB models and channels are common to both):"
    for c in yarc-k64 cn-k64 fc-k64 bb-k64 yarc-k16; do
        m=$(csv_awk -v c=$c 'NR > 1 && $col("cfg") == c && $col("impl") == "model" && $col("load") == 0.5 { print $col("cycles_per_s") }' "$CSV")
        r=$(csv_awk -v c=$c 'NR > 1 && $col("cfg") == c && $col("impl") == "rtl" && $col("load") == 0.5 { print $col("cycles_per_s") }' "$CSV")
        [ -n "$m" ] && [ -n "$r" ] && echo "$c $(awk -v a="$m" -v b="$r" 'BEGIN { printf "%.1f", a / b }')x;"
    done | tr '\n' ' ' | sed 's/; $/./'
    echo
    echo
    echo "The real router runs 8e8 cycles/s; at load L it moves k x L x 8e8 phit-hops/s. Slowdown = 8e8 / simulated cycles/s."
} > "$TABLE"
cat "$TABLE"
pub_table bench docs/results.md "$TABLE"
pub_finish 0
