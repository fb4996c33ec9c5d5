#!/bin/bash
# net_fail_plot.sh [BUILD [NET...]] - throughput and latency over time
# around a failed link (docs/network.md "Faults"; make net-fail-plot, not in
# make test). NET (default all three):
#   fclos2  fclos:levels=2 of yarc-k16-bare (128 nodes), link 0.8 (a leaf's
#           up link) dies; beside it the same network of yarc-k16 (LCB
#           links), link 0.8 erased (--erase, --timeout 300 --retry-limit 2:
#           it fails when an LCB of it goes down, about 1200 cycles later)
#   bw2     bw:rank=2 of yarc-k64-bare (one BlackWidow plane, 1024 nodes),
#           link 0.32 (an R1 router's up link, one of a pair) dies
#   fig13   [ACK12] Fig 13's fclos:k=32,levels=3,tophalf=1 of hc-k32-4vc
#           (4096 nodes), link 0.16 (a leaf's up link) dies
# each at loads 0.5 and 0.7, UR, 8-phit packets, 10-cycle links, seed 1, the
# link dead at cycle 2000 (1000 for fig13) and the tables rewritten 100
# cycles later; net_sim --series in bins of 50 cycles. Writes under
# BUILD/results/net_fail (default build/): each run's output and series,
# series_NET.csv (every run, its load and case columns) and net_fail_NET.png (accepted
# load, mean latency of the packets delivered in each bin, packets lost).
# Exit 0, 1 when a run failed its checks, 2 on bad usage.
set -u
cd "$(dirname "$0")/.."
[ "${1:-}" != -h ] && [ "${1:-}" != --help ] || { sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0; }
B=${1:-build}
[ $# -gt 0 ] && shift
nets=${*:-fclos2 bw2 fig13}
for net in $nets; do
    case $net in fclos2 | bw2 | fig13) ;; *) echo "net_fail_plot: unknown network '$net' (--help)" >&2; exit 2 ;; esac
done
[ -x "$B/bin/net_sim" ] || { echo "net_fail_plot: no $B/bin/net_sim (make $B/bin/net_sim)" >&2; exit 2; }
OUT=$B/results/net_fail
mkdir -p "$OUT" || exit 2
for net in $nets; do
    cases="fail"
    case $net in
    fclos2) spec=(--topo fclos:levels=2 --cfg yarc-k16-bare --fail 0.8@2000 --warmup 1000 --measure 4000) at=2000
        erase=(--topo fclos:levels=2 --cfg yarc-k16 --erase 0.8@2000 --timeout 300 --retry-limit 2 --warmup 1000
            --measure 4000) cases="fail erase" ;;
    bw2) spec=(--topo bw:rank=2 --cfg yarc-k64-bare --fail 0.32@2000 --warmup 1000 --measure 4000) at=2000 ;;
    fig13) spec=(--topo fclos:k=32,levels=3,tophalf=1 --cfg hc-k32-4vc --fail 0.16@1000 --warmup 500 --measure 2000)
        at=1000 ;;
    esac
    csv=$OUT/series_$net.csv
    rm -f "$csv.tmp"
    for c in $cases; do
        for load in 0.5 0.7; do
            run=$OUT/run_${net}_$load${c/#fail/}
            [ $c = fail ] && a=("${spec[@]}") || a=("${erase[@]}")
            if ! "$B/bin/net_sim" "${a[@]}" --load $load --seed 1 --fail-delay 100 --series "$run.csv" \
                --series-bin 50 --quiet > "$run.txt" 2>&1; then
                cat "$run.txt"
                echo "net_fail_plot: $net ($c) at load $load failed (above)" >&2
                exit 1
            fi
            echo "$net ($c), load $load:"
            grep -E "^net: (failed links|offered)" "$run.txt"
            awk -v l=$load -v c=$c -F, 'NR == 1 && !h { print "load,case," $0; h = 1 } NR > 1 { print l "," c "," $0 }' \
                "$run.csv" >> "$csv.tmp" || exit 1
        done
    done
    mv "$csv.tmp" "$csv" || exit 1
    args=()
    for p in "accepted:phits/cycle/node:(a) accepted load" "lat_mean:cycles:(b) mean latency of the packets delivered" \
        "lost:packets per 50 cycles:(c) packets lost on the dead link"; do
        IFS=: read -r col unit title <<< "$p"
        xl="cycle (the link dies at $at)" key="top right"
        [ "$cases" = fail ] || xl="cycle (dies or is erased at $at)" key="top left"
        [ "$cases" = fail ] || [ $col != accepted ] || key="bottom right"
        args+=(--panel "$title" --xlabel "$xl" --ylabel "$unit" --key "$key"
            --xrange 0:$((at * 5 / 2)) --csv "$csv")
        for c in $cases; do
            for load in 0.5 0.7; do
                name="load $load"
                [ "$cases" = fail ] || name="${c/erase/erased LCB link}, load $load"
                args+=(--where "load=$load" --where "case=$c" --curve "$name" cycle "$col")
            done
        done
    done
    title="${spec[1]} of ${spec[3]}, UR: link ${spec[5]%@*} fails"
    [ "$cases" = fail ] || title="$title (bare links), or is erased (${erase[3]}, LCB links)"
    scripts/plot.py "$OUT/net_fail_$net.png" --title "$title" \
        --size 1500,450 --layout 1,3 "${args[@]}" || exit 1
    echo "net_fail_plot: $OUT/net_fail_$net.png"
done
