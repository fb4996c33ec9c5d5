#!/bin/bash
# bench_base.sh - the speed of the current tree against an older commit, in
# one run (make bench; issue 14: "compares the current tree with a named older
# commit ... in the same run, and prints the ratios"). A benchmark, never a
# timed test.
#
# usage: scripts/bench_base.sh [-n N] [-r REV] [-R]
#   -r REV  the older commit (default $BENCH_BASE, else 797be75: the commit
#           before the speed work of issue 14)
#   -n N    runs of each binary per workload (default 3), alternating
#   -R      also the RTL: Verilate yarc-k16 and yarc-k64 at REV (minutes)
# Environment: BUILD [build]; AB_MEASURE [40000 here: a 4000-cycle run of
# the model lasts 0.05 to 0.2 s, short enough that two runs of 5 on one
# quiet machine gave 1.76x and 1.88x for the same pair], AB_WARMUP
# (scripts/speed_ab.sh).
#
# The older commit is checked out (git worktree, detached) in
# BUILD/bench-base/REV and its rtr_sim built there with its own Makefile;
# it reads its own configs/configs.txt (a wrapper passes --cfg-file), so a
# configuration is what it was at REV. The two binaries then run alternately
# through scripts/speed_ab.sh -d on issue 14's workloads: yarc-k64 with LCBs
# and cn-k64-4vc bare (UR, BlackWidow lengths, load 0.5), and yarc-k16 with
# LCBs. Results may differ between the commits where the kit's behaviour
# changed on purpose (fidelity fixes); speed_ab says so per workload, and the
# ratio is still the speed of the same simulation task. Output: speed_ab's
# lines, then the table for docs/results.md, with the command, the machine
# and the load average, in $BUILD/results/bench_base.md; when every run
# passed, $BUILD/results/publish-bench-base.txt (`make publish-bench` puts
# the table between the bench-base markers of docs/results.md). Exit 0, 1
# when a build or run failed, 2 on bad usage.
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
case ${1:-} in -h | --help) script_help "$0"; exit 0 ;; esac
B=${BUILD:-build}
pub_begin bench-base
REV=${BENCH_BASE:-797be75} N=3 RTL=0
while getopts n:r:R o; do
    case $o in
    n) N=$OPTARG ;;
    r) REV=$OPTARG ;;
    R) RTL=1 ;;
    *) echo "usage: $0 [-n N] [-r REV] [-R]" >&2; exit 2 ;;
    esac
done
case $N in '' | *[!0-9]* | 0) echo "bench_base: -n takes a count >= 1, got '$N'" >&2; exit 2 ;; esac
full=$(git rev-parse --verify --quiet "$REV^{commit}") || {
    echo "bench_base: '$REV' is not a commit of this repository" >&2; exit 2; }
short=$(git rev-parse --short "$full")
[ -x "$B/bin/rtr_sim" ] || { echo "bench_base: $B/bin/rtr_sim is missing (make $B/bin/rtr_sim)" >&2; exit 2; }
W=$(cd "$B" && pwd)/bench-base/$short
if [ ! -d "$W" ]; then
    mkdir -p "$(dirname "$W")"
    git worktree prune
    git worktree add --detach --quiet "$W" "$full" || { echo "bench_base: cannot check out $short" >&2; exit 1; }
fi
JOBS=${JOBS:-$(nproc)}
targets=(build/bin/rtr_sim)
[ $RTL = 1 ] && targets+=(build/bin/rtr_sim-yarc-k16 build/bin/rtr_sim-yarc-k64)
echo "bench_base: building ${targets[*]} at $short in $W" >&2
if ! env -u NR_CONFIGS -u MAKEFLAGS make -C "$W" BUILD=build -j "$JOBS" --no-print-directory "${targets[@]}" > "$W.make.log" 2>&1; then
    echo "bench_base: the build at $short failed (log $W.make.log):" >&2
    tail -5 "$W.make.log" >&2
    exit 1
fi
# wrappers: the old programs with the old configurations
for t in "${targets[@]}"; do
    w=$W.$(basename "$t")
    printf '#!/bin/sh\nexec "%s/%s" --cfg-file "%s/configs/configs.txt" "$@"\n' "$W" "$t" "$W" > "$w"
    chmod +x "$w"
done
export AB_MEASURE=${AB_MEASURE:-40000}
out=$(mktemp); trap 'rm -f "$out"' EXIT
LOAD0=$(cut -d' ' -f1-3 /proc/loadavg)
scripts/speed_ab.sh -d -n "$N" "$W.rtr_sim" "$B/bin/rtr_sim" "yarc-k64 0.5" "cn-k64-4vc 0.5" "yarc-k16 0.5" | tee "$out"
rc=${PIPESTATUS[0]}
if [ $RTL = 1 ]; then
    for c in yarc-k16 yarc-k64; do
        [ -x "$B/bin/rtr_sim-$c" ] || make -j "$JOBS" --no-print-directory "$B/bin/rtr_sim-$c" >&2 || rc=1
        AB_IMPL=rtl scripts/speed_ab.sh -d -n "$N" "$W.rtr_sim-$c" "$B/bin/rtr_sim-$c" "$c 0.5" | tee -a "$out"
        [ "${PIPESTATUS[0]}" = 0 ] || rc=1
    done
fi
[ $rc = 0 ] || { echo "bench_base: a run failed; nothing to publish" >&2; exit 1; }
LOAD1=$(cut -d' ' -f1-3 /proc/loadavg)
CPU=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
block=$B/results/bench_base.md
{
    dirty=""; git diff --quiet HEAD -- csrc tb rtl configs || dirty=" with uncommitted changes"
    echo "Measured by \`make bench\` ($(date +%F)): the tree at $(git rev-parse --short HEAD)$dirty against $short, built from its own sources and configurations, the two binaries alternately, $N runs each per workload, medians of the CPU rate (\`scripts/bench_base.sh -n $N -r $short$([ $RTL = 1 ] && echo ' -R')\`); $(nproc) x $CPU, load average $LOAD0 before and $LOAD1 after. Command of each run: \`rtr_sim --cfg CFG --impl IMPL --pattern ur --load 0.5 --len bw --warmup ${AB_WARMUP:-500} --measure $AB_MEASURE --seed 1\`."
    echo
    echo "| workload | $short cycles/s | now cycles/s | now / $short | same results |"
    echo "|---|---|---|---|---|"
    sed -n 's/^\([^ ]*\) \([a-z]*\) load \([0-9.]*\): OLD \([0-9]*\) cycles\/s, NEW \([0-9]*\) cycles\/s, NEW\/OLD \([0-9.]*\) (medians of [0-9]*)\(.*\)$/| \1 \2, load \3 | \4 | \5 | **\6x** | \7 |/p' "$out" |
        sed 's/| , results differ (behaviour changed between the two) |$/| no (behaviour changed between the commits) |/; s/|  |$/| yes |/'
} > "$block"
cat "$block"
pub_table bench-base docs/results.md "$block"
pub_finish 0
