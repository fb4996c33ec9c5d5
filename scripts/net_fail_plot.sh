#!/bin/bash
# net_fail_plot.sh [BUILD] - throughput and latency over time around a
# failed link (docs/network.md "Faults"; make net-fail-plot, not in make
# test): the 128-node folded Clos of yarc-k16-bare (fclos:levels=2, 10-cycle
# links, 8-phit packets, UR, seed 1) at loads 0.5 and 0.7 (below its
# saturation, about 0.77), link 0.8 (a leaf's up link) dead at cycle 2000,
# the tables rewritten 100 cycles later;
# net_sim --series in bins of 50 cycles. Writes under BUILD/results/net_fail
# (default build/): each run's output and series CSV, series.csv (both, with
# a load column) and net_fail.png (accepted load, mean latency of the
# packets delivered in each bin, and the packets lost). Exit 0, 1 when a run
# failed its checks, 2 on bad usage.
set -u
cd "$(dirname "$0")/.."
[ "${1:-}" != -h ] && [ "${1:-}" != --help ] || { sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0; }
[ $# -le 1 ] || { echo "net_fail_plot: unexpected argument '$2' (--help)" >&2; exit 2; }
B=${1:-build}
[ -x "$B/bin/net_sim" ] || { echo "net_fail_plot: no $B/bin/net_sim (make $B/bin/net_sim)" >&2; exit 2; }
OUT=$B/results/net_fail
mkdir -p "$OUT" || exit 2
rm -f "$OUT/series.csv.tmp"
for load in 0.5 0.7; do
    if ! "$B/bin/net_sim" --topo fclos:levels=2 --cfg yarc-k16-bare --load $load --seed 1 \
        --warmup 1000 --measure 4000 --fail 0.8@2000 --fail-delay 100 --series "$OUT/series_$load.csv" \
        --series-bin 50 --quiet > "$OUT/run_$load.txt" 2>&1; then
        cat "$OUT/run_$load.txt"
        echo "net_fail_plot: the run at load $load failed (above)" >&2
        exit 1
    fi
    grep -E "^net: (failed links|offered)" "$OUT/run_$load.txt"
    awk -v l=$load -F, 'NR == 1 && !h { print "load," $0; h = 1 } NR > 1 { print l "," $0 }' \
        "$OUT/series_$load.csv" >> "$OUT/series.csv.tmp" || exit 1
done
mv "$OUT/series.csv.tmp" "$OUT/series.csv" || exit 1
args=()
for p in "accepted:phits/cycle/node:(a) accepted load" "lat_mean:cycles:(b) mean latency of the packets delivered" \
    "lost:packets per 50 cycles:(c) packets lost on the dead link"; do
    IFS=: read -r col unit title <<< "$p"
    args+=(--panel "$title" --xlabel "cycle (the link dies at 2000)" --ylabel "$unit"
        --key "top right" --xrange 0:5000 --xtics 0,1000,2000,3000,4000,5000 --csv "$OUT/series.csv")
    for load in 0.5 0.7; do args+=(--where "load=$load" --curve "load $load" cycle "$col"); done
done
scripts/plot.py "$OUT/net_fail.png" --title "fclos:levels=2 of yarc-k16-bare, UR: a leaf's up link fails" \
    --size 1500,450 --layout 1,3 "${args[@]}" || exit 1
echo "net_fail_plot: $OUT/net_fail.png, $OUT/series.csv"
