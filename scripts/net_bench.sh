#!/bin/bash
# net_bench.sh - speed of the network simulator (make bench-net; a benchmark,
# never a timed test): network cycles/s, router-cycles/s and phit-hops/s of
# net_sim's C models, per router configuration and network size, from 128 to
# 4096 nodes (issue "Networks of these routers": "network cycles/s and
# phit-hops/s per configuration ..., and how the cost grows with N"). One run
# at a time, one thread, UR at load 0.5, 4-phit packets (the Fig 13 sweep's),
# up*-down* adaptive on a Clos and the routers' MIN (min-rc) on a flattened
# butterfly;
# a phit-hop is one phit of a packet leaving a router output (net_sim's
# phit_hops, docs/network.md "The simulator"). Rates are of wall time after
# the network is built, its tables checked and programmed: net_sim's wall_s,
# cycles and phit_hops cover the whole run, so a run with a one-cycle window
# and no drain measures that start apart, and its seconds, cycles and
# phit-hops are taken off.
# Writes $BUILD/results/net_bench.csv and net_bench.md, the table with the
# command, machine and load; when every run passed with the default settings
# also $BUILD/results/publish-bench-net.txt (`make publish-bench-net` puts
# the table between the bench-net markers of docs/network.md).
#
# usage: scripts/net_bench.sh [--help]
# Environment: BUILD [build], NETBENCH_WARMUP [200], NETBENCH_MEASURE [300],
# NETBENCH_RUNS (the runs, "TOPO CFG [MEASURE]" per line, MEASURE the
# window when not NETBENCH_MEASURE; default below),
# NETBENCH_REPORT_ONLY=1 (the table from the last runs' CSV, with their date,
# machine and load averages from net_bench.when beside it),
# NETBENCH_RESULTS [$BUILD/results, where the files go].
set -eu
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh # csv_lib, jobrun, the publish manifest
case ${1:-} in -h | --help) script_help "$0"; exit 0 ;; '') ;; *) echo "net_bench.sh: no arguments expected, got '$*' (--help)" >&2; exit 2 ;; esac
B=${BUILD:-build}
pub_configs
SIM=$B/bin/net_sim
setting WARMUP NETBENCH_WARMUP 200
setting MEASURE NETBENCH_MEASURE 300
need_int net_bench.sh "NETBENCH_WARMUP, NETBENCH_MEASURE" "$WARMUP" "$MEASURE"
OUT=${NETBENCH_RESULTS:-$B/results}
pub_begin bench-net "$OUT"
mkdir -p "$OUT"
CSV=$OUT/net_bench.csv
[ -x "$SIM" ] || { echo "net_bench: $SIM is missing (make $SIM)" >&2; exit 2; }
setting RUNS NETBENCH_RUNS "fclos:levels=2 yarc-k16-bare 3000
fclos:levels=2 yarc-k16 3000
fclos:levels=2 cn-k16-bare 3000
fclos:levels=2 fc-k16-bare 3000
fclos:levels=2 bb-k16-bare,fc-k16-bare 3000
fclos:levels=3 fc-k16-bare
fclos:levels=3 yarc-k16-bare
fclos:k=32,levels=2,tophalf=1 fc6-isu2-k32-4vc
fclos:k=32,levels=3,tophalf=1 hc-k32-4vc
fclos:k=32,levels=3,tophalf=1 fc-k32-4vc
fclos:k=32,levels=3,tophalf=1 fc6-isu2-k32-4vc
fclos:k=32,levels=3,tophalf=1 bb-k32-4vc
fbfly:k=32,n=2 hc-k64-4vc"
LOAD0=$(cut -d' ' -f1-3 /proc/loadavg)
TRAF="--pattern ur --load 0.5 --len fixed:4 --link-lat 10 --seed 1 --quiet"
if [ -z "${NETBENCH_REPORT_ONLY:-}" ]; then
    rm -f "$CSV"
    mapfile -t runs <<< "$RUNS"
    nb=${#runs[@]} ib=0 tb=$(date +%s)
    for r in "${runs[@]}"; do
        set -- $r
        [ $# = 2 ] || [ $# = 3 ] || { echo "net_bench: a run is 'TOPO CFG [MEASURE]', got '$r'" >&2; exit 2; }
        progress_step net_bench "$ib" "$nb" "$tb" "next $1 $2"
        log=$OUT/net_bench_$ib.log
        # a flattened butterfly routes by the routers' MIN (min-rc), a Clos
        # by net_sim's default (updown-adaptive)
        rt=()
        case $1 in fbfly:*) rt=(--routing min-rc) ;; esac
        # the network's build and table check alone (a one-cycle window, no
        # drain), then the measured run
        "$SIM" --topo "$1" --cfg "$2" "${rt[@]}" $TRAF --warmup 0 --measure 1 --drain-max 0 \
            --csv "$OUT/net_bench_check.csv" > "$log.check" 2>&1 || true
        chk=$(csv_awk 'NR > 1 { print $col("wall_s") ":" $col("cycles") ":" $col("phit_hops") }' \
            "$OUT/net_bench_check.csv" | tail -1)
        rm -f "$OUT/net_bench_check.csv"
        "$SIM" --topo "$1" --cfg "$2" "${rt[@]}" $TRAF --warmup "$WARMUP" --measure "${3:-$MEASURE}" \
            --label "check=${chk:-0:0:0}" --csv "$CSV" > "$log" 2>&1 ||
            { echo "net_bench: $1 $2 FAILED ($log)" >&2; exit 1; }
        echo "  $1 $2: $(grep 'network cycles/s' "$log")"
        ib=$((ib + 1))
    done
fi
[ -n "${NETBENCH_REPORT_ONLY:-}" ] || pub_runs_save "$OUT/net_bench.status" 0
[ -z "${NETBENCH_REPORT_ONLY:-}" ] || pub_runs_load "$OUT/net_bench.status" ||
    { echo "net_bench.sh: no record of complete runs ($OUT/net_bench.status)" >&2; exit 1; }
csv_need "$CSV" label topo cfg nodes routers measure cycles wall_s phit_hops
# the runs' date, machine and load averages (a report-only call reads them)
[ -n "${NETBENCH_REPORT_ONLY:-}" ] || bench_when_save "$LOAD0" "$OUT/net_bench.when"
bench_when_load "$OUT/net_bench.when"
TABLE=$OUT/net_bench.md
{
    echo "Measured by \`make bench-net\` ($BW_DATE) on $BW_MACHINE, one run at a time, one thread; load average $BW_LOAD0 before and $BW_LOAD1 after. Command of each run: \`net_sim --topo TOPO --cfg CFG $TRAF --warmup $WARMUP --measure M\` (M the window column; --routing min-rc on the flattened butterfly; C models, bare links unless the configuration has LCBs; rates of wall time without the start (the network's build, table check and programming: the start s column, measured apart); the machine is shared, so compare rows of one table)."
    echo
    echo "| topology | configuration | nodes | routers | window | start s | network cycles/s | router-cycles/s | phit-hops/s | phit-hops/s per router |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    csv_awk 'NR > 1 { l = $col("label"); sub(/^check=/, "", l); split(l, c, ":")
                      w = $col("wall_s") - c[1]; n = $col("cycles") - c[2]; h = $col("phit_hops") - c[3]
                      cps = n / w; R = $col("routers"); php = h / w; t = $col("topo"); gsub(/;/, ",", t)
                      printf "| %s | %s | %d | %d | %d | %.1f | %.0f | %.3g | %.3g | %.3g |\n", t, $col("cfg"), $col("nodes"), R, $col("measure"), c[1], cps, cps * R, php, php / R }
                 END { if (CSV_BAD) exit 2 }' "$CSV"
} > "$TABLE"
cat "$TABLE"
pub_table bench-net docs/network.md "$TABLE"
pub_finish 0
