#!/bin/bash
# net_bench.sh - the network simulator's speed and memory against an older
# commit, in one run (make bench-net; a benchmark, never a timed test).
# Issue 44's two networks: the 512-node two-dimensional flattened butterfly
# (fbfly:k=8,n=3: 64 routers in an 8 x 8 grid, 8 nodes each) with the
# routers' MIN (min-rc), and the 4096-node network of seed 001 Fig 13
# (fclos:k=32,levels=3,tophalf=1) with up*-down* adaptive routing, both of
# hc-k32-4vc routers, UR at load 0.5, 4-phit packets, 10-cycle links.
#
# The older commit (default $BENCH_BASE, else 4c9c9e7, the commit before
# issue 44's work) is built in BUILD/bench-base/REV (scripts/bench_lib.sh).
# Per network the two binaries run alternately, N times each; each run is
# timed twice under scripts/runstat.py (CPU seconds and peak memory of the
# process): once with a one-cycle window and no drain, which is the start
# (building the network, checking its tables, programming them), and once
# measured; the rates are the measured run's cycles and phit-hops (a phit
# leaving a router output, net_sim's phit_hops) over its CPU seconds less the
# start's. Medians of N. The two must print the same results (every line but
# the wall-time one), or the run fails.
#
#
# usage: scripts/net_bench.sh [-n N] [-r REV] [--help]
# Environment: BUILD [build]; NETBENCH_RUNS (one "NAME TOPO CFG ROUTING
# WARMUP MEASURE" per line; default the two above); NETBENCH_RESULTS
# [$BUILD/results, where the files go]; NETBENCH_OLD (a net_sim to compare
# with instead of REV's, built: the script's own test compares a binary
# with itself). Writes RESULTS/net_bench.md, the
# table stamped with the command, the commit, machine and load; when every
# run passed with the default settings also RESULTS/publish-bench-net.txt
# (`make publish-bench-net` puts the table between the bench-net markers of
# docs/network.md). Exit 0, 1 when a build or run failed, 2 on bad usage.
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh # jobrun, the publish manifest
. scripts/bench_lib.sh
case ${1:-} in -h | --help) script_help "$0"; exit 0 ;; esac
B=${BUILD:-build}
pub_configs
REV=${BENCH_BASE:-4c9c9e7} N=5
while getopts n:r: o; do
    case $o in
    n) N=$OPTARG ;;
    r) REV=$OPTARG ;;
    *) echo "usage: $0 [-n N] [-r REV]" >&2; exit 2 ;;
    esac
done
case $N in '' | *[!0-9]* | 0) echo "net_bench: -n takes a count >= 1, got '$N'" >&2; exit 2 ;; esac
NEW=$B/bin/net_sim
[ -x "$NEW" ] || { echo "net_bench: $NEW is missing (make $NEW)" >&2; exit 2; }
OUT=${NETBENCH_RESULTS:-$B/results}
pub_begin bench-net "$OUT"
mkdir -p "$OUT" || exit 2
setting RUNS NETBENCH_RUNS "fbfly512 fbfly:k=8,n=3 hc-k32-4vc min-rc 200 1000
fig13 fclos:k=32,levels=3,tophalf=1 hc-k32-4vc updown-adaptive 100 300"
[ "$N" -ge 5 ] || PUB_WHY="$PUB_WHY -n<5"
TRAF="--pattern ur --load 0.5 --len fixed:4 --link-lat 10 --seed 1 --quiet"
mapfile -t runs <<< "$RUNS"
for r in "${runs[@]}"; do
    set -- $r
    [ $# = 6 ] || { echo "net_bench: a run is 'NAME TOPO CFG ROUTING WARMUP MEASURE', got '$r'" >&2; exit 2; }
done
if [ -n "${NETBENCH_OLD:-}" ]; then
    [ -x "$NETBENCH_OLD" ] || { echo "net_bench: NETBENCH_OLD=$NETBENCH_OLD is not a program" >&2; exit 2; }
    OLD=$NETBENCH_OLD short=old
    PUB_WHY="$PUB_WHY NETBENCH_OLD"
else
    bench_rev_build "$REV" build/bin/net_sim || exit $?
    [ "$BENCH_REV_SHORT" = "$(git rev-parse --short 4c9c9e7)" ] || PUB_WHY="$PUB_WHY BENCH_BASE"
    OLD=$B/bench-base/$BENCH_REV_SHORT.net_sim short=$BENCH_REV_SHORT
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
LOAD0=$(bench_load)
nrun=$(( ${#runs[@]} * N * 2 )) irun=0 t0=$(date +%s)
rows=$T/rows
: > "$rows"
# one timed run: WHICH BIN NAME ARGS... -> $T/WHICH.NAME.{start,run}.{stat,csv,log}
timed() {
    local which=$1 bin=$2 name=$3
    shift 3
    local p=$T/$which.$name
    rm -f "$p.start.csv" "$p.run.csv"
    scripts/runstat.py "$p.start.stat" -- "$bin" "$@" --warmup 0 --measure 1 --drain-max 0 \
        --csv "$p.start.csv" > "$p.start.log" 2>&1 || true # the drain limit may end it
    scripts/runstat.py "$p.run.stat" -- "$bin" "$@" --csv "$p.run.csv" > "$p.run.log" 2>&1
}
# a value of a runstat line or of a CSV's last row: FILE KEY
stat_of() { sed -n "s/.*\\b$2=\\([0-9.]*\\).*/\\1/p" "$1"; }
csv_of() { awk -F, -v k="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } END { print $c[k] }' "$1"; }
rc=0
for r in "${runs[@]}"; do
    set -- $r
    name=$1 topo=$2 cfg=$3 rt=$4 wu=$5 me=$6
    args=(--topo "$topo" --cfg "$cfg" --routing "$rt" $TRAF --warmup "$wu" --measure "$me")
    for which in old new; do : > "$T/$which.$name.r"; done
    for i in $(seq "$N"); do
        for which in old new; do
            bin=$OLD; [ $which = new ] && bin=$NEW
            progress_step net_bench "$irun" "$nrun" "$t0" "next $which on $name"
            irun=$((irun + 1))
            if ! timed $which "$bin" "$name" "${args[@]}"; then
                echo "net_bench: $which ($bin) failed on $name:"; tail -3 "$T/$which.$name.run.log"; rc=1; continue 3
            fi
            p=$T/$which.$name
            cpu=$(awk -v a="$(stat_of "$p.run.stat" cpu_s)" -v b="$(stat_of "$p.start.stat" cpu_s)" 'BEGIN { print a - b }')
            if ! awk -v c="$cpu" 'BEGIN { exit !(c >= 0.05) }'; then
                echo "net_bench: $name: the run after the start took $cpu s of CPU, too short to time (a longer MEASURE)"
                rc=1
                continue 3
            fi
            cyc=$(( $(csv_of "$p.run.csv" cycles) - $(csv_of "$p.start.csv" cycles) ))
            hops=$(awk -v a="$(csv_of "$p.run.csv" phit_hops)" -v b="$(csv_of "$p.start.csv" phit_hops)" 'BEGIN { print a - b }')
            echo "$(awk -v c="$cyc" -v s="$cpu" 'BEGIN { print c / s }') $(awk -v h="$hops" -v s="$cpu" 'BEGIN { print h / s }') $(stat_of "$p.run.stat" rss_mb) $(stat_of "$p.start.stat" cpu_s)" >> "$p.r"
        done
        if ! cmp -s <(grep -v 'cycles/s' "$T/old.$name.run.log") <(grep -v 'cycles/s' "$T/new.$name.run.log"); then
            echo "net_bench: $name: the two binaries print different results:"
            diff <(grep -v 'cycles/s' "$T/old.$name.run.log") <(grep -v 'cycles/s' "$T/new.$name.run.log") | head -10
            rc=1
            continue 2
        fi
    done
    med() { awk -v k="$2" '{ print $k }' "$1" | bench_median; }
    o=$T/old.$name.r n=$T/new.$name.r
    nodes=$(csv_of "$T/new.$name.run.csv" nodes) routers=$(csv_of "$T/new.$name.run.csv" routers)
    line=$(awk -v nm="$name" -v t="$topo" -v c="$cfg" -v rt="$rt" -v nd="$nodes" -v R="$routers" -v me="$me" \
        -v oc="$(med "$o" 1)" -v nc="$(med "$n" 1)" -v oh="$(med "$o" 2)" -v nh="$(med "$n" 2)" \
        -v om="$(med "$o" 3)" -v nm2="$(med "$n" 3)" -v os="$(med "$o" 4)" -v ns="$(med "$n" 4)" \
        'BEGIN { printf "| %s, %s, %s | %d | %d | %d | %.0f | %.0f | **%.2fx** | %.3g | %.3g | **%.2fx** | %.0f | %.0f | %.1f | %.1f |\n",
                 t, c, rt, nd, R, me, oc, nc, nc / oc, oh, nh, nh / oh, om, nm2, os, ns }')
    echo "$line" >> "$rows"
    # issue 44's targets, for the runs that have one (a named network):
    # NAME what-is-compared asked-ratio measured-ratio memory-cap-MB new-MB
    case $name in
    fbfly512) echo "$name phit-hops/s 4 $(awk -v a="$(med "$o" 2)" -v b="$(med "$n" 2)" 'BEGIN { print b / a }') 60 $(med "$n" 3)" >> "$T/targets" ;;
    fig13) echo "$name network-cycles/s 4 $(awk -v a="$(med "$o" 1)" -v b="$(med "$n" 1)" 'BEGIN { print b / a }') 150 $(med "$n" 3)" >> "$T/targets" ;;
    esac
    echo "net_bench: $name: $line"
done
[ $rc = 0 ] || { echo "net_bench: a run failed; nothing to publish" >&2; exit 1; }
LOAD1=$(bench_load)
TABLE=$OUT/net_bench.md
{
    echo "Measured by \`make bench-net\` ($(date +%F)): $(bench_stamp) against $short, built from its own sources and configurations, the two binaries alternately, $N runs each per network, medians (\`scripts/net_bench.sh -n $N -r $short\`); $(bench_machine), load average $LOAD0 before and $LOAD1 after. Command of each run: \`net_sim --topo TOPO --cfg CFG --routing ROUTING $TRAF --warmup W --measure M\` (W 200 and M 1000 on the flattened butterfly, 100 and 300 on the Fig 13 network), C models, one thread; rates per CPU second of the process without the start (the network's build, table check and programming, timed apart with a one-cycle window: the start columns), memory the process's peak resident set (scripts/runstat.py); the two printed the same results in every run."
    echo
    echo "| network | nodes | routers | window | $short network cycles/s | now | now / $short | $short phit-hops/s | now | now / $short | $short MB | now MB | $short start s | now start s |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    cat "$rows"
    if [ -s "$T/targets" ]; then
        echo
        echo "Issue 44's targets for these networks, against $short in this run (ratio of the medians; the target met when the measured value reaches it):"
        echo
        echo "| network | what | asked | measured | measured / asked | met |"
        echo "|---|---|---|---|---|---|"
        awk -v s="$short" '{ printf "| %s | %s, now / %s | >= %.1fx | %.2fx | %.2f | %s |\n", $1, $2, s, $3, $4, $4 / $3, ($4 >= $3 ? "yes" : "no")
                 printf "| %s | peak memory | < %d MB | %.0f MB | %.2f | %s |\n", $1, $5, $6, $6 / $5, ($6 < $5 ? "yes" : "no") }' "$T/targets"
    fi
} > "$TABLE"
cat "$TABLE"
pub_table bench-net docs/network.md "$TABLE"
pub_finish 0
