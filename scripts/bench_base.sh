#!/bin/bash
# bench_base.sh - the speed of the current tree against an older commit, in
# one run (make bench; a benchmark, never a timed test). Issue 44's targets
# are against 4c9c9e7, the commit before its work, which is the default.
#
# usage: scripts/bench_base.sh [-n N] [-r REV] [-R] [-d]
#   -r REV  the older commit (default $BENCH_BASE, else 4c9c9e7)
#   -n N    runs of each binary per workload (default 5), alternating
#   -R      also the RTL: Verilate yarc-k16 and yarc-k64 at REV (minutes)
#   -d      the two may compute different results (a commit from before a
#           behaviour change): say so instead of failing; without it the two
#           binaries' --digest runs must be equal before anything is timed
# Environment: BUILD [build]; BENCH_WORKLOADS (one "CFG LOAD" per line;
# default issue 44's: cn-k64-4vc and yarc-k64 at loads 0.5 and 0.1, and
# yarc-k16 at 0.5); AB_MEASURE [200000: at today's rates a run of the
# current binary lasts 0.2 to 1 s of CPU], AB_WARMUP (scripts/speed_ab.sh).
#
# The older commit is checked out in BUILD/bench-base/REV and its rtr_sim
# built there (scripts/bench_lib.sh); it reads its own configurations. The
# two binaries then run alternately (scripts/speed_ab.sh), UR, BlackWidow
# lengths, and the ratio of their median CPU rates is quoted. Output:
# speed_ab's lines, then the table for docs/results.md, stamped with the
# command, the commit, the machine and the load average, in
# $BUILD/results/bench_base.md; when every run passed,
# $BUILD/results/publish-bench-base.txt (`make publish-bench` or `make
# publish-bench-base` puts the table between the bench-base markers of
# docs/results.md). Exit 0, 1 when a build or run failed, 2 on bad usage.
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
. scripts/bench_lib.sh
case ${1:-} in -h | --help) script_help "$0"; exit 0 ;; esac
B=${BUILD:-build}
pub_begin bench-base
REV=${BENCH_BASE:-4c9c9e7} N=5 RTL=0 DIFF=0
while getopts n:r:Rd o; do
    case $o in
    n) N=$OPTARG ;;
    r) REV=$OPTARG ;;
    R) RTL=1 ;;
    d) DIFF=1 ;;
    *) echo "usage: $0 [-n N] [-r REV] [-R] [-d]" >&2; exit 2 ;;
    esac
done
case $N in '' | *[!0-9]* | 0) echo "bench_base: -n takes a count >= 1, got '$N'" >&2; exit 2 ;; esac
[ -x "$B/bin/rtr_sim" ] || { echo "bench_base: $B/bin/rtr_sim is missing (make $B/bin/rtr_sim)" >&2; exit 2; }
pub_configs
setting WL BENCH_WORKLOADS "cn-k64-4vc 0.5
yarc-k64 0.5
cn-k64-4vc 0.1
yarc-k64 0.1
yarc-k16 0.5"
setting AB_MEASURE AB_MEASURE 200000
setting AB_WARMUP AB_WARMUP 500
[ "$N" -ge 5 ] || PUB_WHY="$PUB_WHY -n<5"
[ $DIFF = 0 ] || PUB_WHY="$PUB_WHY -d"
export AB_MEASURE AB_WARMUP
mapfile -t wls <<< "$WL"
targets=(build/bin/rtr_sim)
[ $RTL = 1 ] && targets+=(build/bin/rtr_sim-yarc-k16 build/bin/rtr_sim-yarc-k64)
bench_rev_build "$REV" "${targets[@]}" || exit $?
[ "$BENCH_REV_SHORT" = "$(git rev-parse --short 4c9c9e7)" ] || PUB_WHY="$PUB_WHY BENCH_BASE"
W=$B/bench-base/$BENCH_REV_SHORT short=$BENCH_REV_SHORT
mode=-D
[ $DIFF = 1 ] && mode=-d
out=$(mktemp); trap 'rm -f "$out"' EXIT
LOAD0=$(bench_load)
scripts/speed_ab.sh $mode -n "$N" "$W.rtr_sim" "$B/bin/rtr_sim" "${wls[@]}" | tee "$out"
rc=${PIPESTATUS[0]}
if [ $RTL = 1 ]; then
    for c in yarc-k16 yarc-k64; do
        [ -x "$B/bin/rtr_sim-$c" ] || make -j "${JOBS:-$(nproc)}" --no-print-directory "$B/bin/rtr_sim-$c" >&2 || rc=1
        AB_IMPL=rtl AB_MEASURE=${AB_MEASURE_RTL:-3000} scripts/speed_ab.sh $mode -n "$N" \
            "$W.rtr_sim-$c" "$B/bin/rtr_sim-$c" "$c 0.5" | tee -a "$out"
        [ "${PIPESTATUS[0]}" = 0 ] || rc=1
    done
fi
[ $rc = 0 ] || { echo "bench_base: a run failed; nothing to publish" >&2; exit 1; }
LOAD1=$(bench_load)
block=$B/results/bench_base.md
{
    echo "Measured by \`make bench\` ($(date +%F)): $(bench_stamp) against $short, built from its own sources and configurations, the two binaries alternately, $N runs each per workload, medians of the CPU rate (\`scripts/bench_base.sh -n $N -r $short$([ $RTL = 1 ] && echo ' -R')$([ $DIFF = 1 ] && echo ' -d')\`); $(bench_machine), load average $LOAD0 before and $LOAD1 after. Command of each run: \`rtr_sim --cfg CFG --impl IMPL --pattern ur --load L --len bw --warmup ${AB_WARMUP:-500} --measure $AB_MEASURE --seed 1\`$([ $DIFF = 0 ] && echo "; before the timed runs each pair ran once more with \`--digest\` (every cycle's router inputs and outputs and NIC outputs), and the two were equal")."
    echo
    echo "| workload | $short cycles/s | now cycles/s | now / $short | same results |"
    echo "|---|---|---|---|---|"
    sed -n 's/^\([^ ]*\) \([a-z]*\) load \([0-9.]*\): OLD \([0-9]*\) cycles\/s, NEW \([0-9]*\) cycles\/s, NEW\/OLD \([0-9.]*\) (medians of [0-9]*)\(.*\)$/| \1 \2, load \3 | \4 | \5 | **\6x** | \7 |/p' "$out" |
        sed 's/| , results differ (behaviour changed between the two) |$/| no (behaviour changed between the commits) |/; s/|  |$/| yes |/'
    # issue 44's targets (against 4c9c9e7): cn-k64-4vc 3.5x and yarc-k64 3x
    # at load 0.5, both 6x at load 0.1
    tg=$(sed -n 's/^\(cn-k64-4vc\|yarc-k64\) model load \([0-9.]*\): .*NEW\/OLD \([0-9.]*\) .*/\1 \2 \3/p' "$out" |
        awk '{ a = $2 + 0 <= 0.1 ? 6 : $1 == "cn-k64-4vc" ? 3.5 : 3
               printf "| %s model, load %s | >= %.1fx | %.2fx | %.2f | %s |\n", $1, $2, a, $3, $3 / a, ($3 >= a ? "yes" : "no") }')
    if [ -n "$tg" ] && [ "$short" = "$(git rev-parse --short 4c9c9e7)" ]; then
        echo
        echo "Issue 44's targets, against $short in this run (the ratio of the medians above):"
        echo
        echo "| workload | asked | measured | measured / asked | met |"
        echo "|---|---|---|---|---|"
        echo "$tg"
    fi
} > "$block"
cat "$block"
pub_table bench-base docs/results.md "$block"
pub_finish 0
