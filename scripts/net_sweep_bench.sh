#!/bin/bash
# net_sweep_bench.sh - the whole [ACK12] Fig 13 sweep, timed (make
# bench-net-sweep; issue 44's "the whole Fig 13 sweep in under 12 minutes on
# 2 cores"; a benchmark, never a timed test): scripts/net_fig13.sh with its
# default settings, JOBS at a time, into a scratch results directory, under
# scripts/runstat.py. It records the wall time, the CPU seconds of every run
# (user + system of all of them), that CPU over the jobs (the wall an
# otherwise idle machine of JOBS cores would take: the figure set against the
# target, since a shared machine's wall time also counts the others' work),
# the points and the load average before and after; every point must pass.
# The table: RESULTS/net_sweep_bench.md; with the default settings and every
# point passed also RESULTS/publish-bench-net-sweep.txt (`make
# publish-bench-net-sweep` puts it into docs/network.md "Speed").
#
# usage: scripts/net_sweep_bench.sh [--help]
# Environment: BUILD [build]; JOBS [2]; NETSWEEP_RESULTS [$BUILD/results];
# FIG13_LOADS, FIG13_CFGS, FIG13_PATS, FIG13_WARMUP, FIG13_MEASURE as
# net_fig13.sh (any of them set: a smaller sweep, not published). Exit 0, 1
# when a point failed, 2 on bad usage.
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
. scripts/bench_lib.sh
case ${1:-} in -h | --help) script_help "$0"; exit 0 ;; '') ;; *) echo "net_sweep_bench.sh: no arguments expected, got '$*' (--help)" >&2; exit 2 ;; esac
B=${BUILD:-build}
JOBS=${JOBS:-2}
[[ $JOBS =~ ^[1-9][0-9]?$ ]] || { echo "net_sweep_bench.sh: JOBS is a job count, got '$JOBS'" >&2; exit 2; }
pub_configs
OUT=${NETSWEEP_RESULTS:-$B/results}
pub_begin bench-net-sweep "$OUT"
for v in FIG13_LOADS FIG13_CFGS FIG13_PATS FIG13_WARMUP FIG13_MEASURE FIG13_DRAIN FIG13_LEN FIG13_SEED FIG13_TOPO; do
    [ -z "${!v:-}" ] || PUB_WHY="$PUB_WHY $v"
done
[ "$JOBS" = 2 ] || PUB_WHY="$PUB_WHY JOBS"
T=$(mktemp -d -p "$OUT") || exit 2
trap 'rm -rf "$T"' EXIT
LOAD0=$(bench_load)
echo "net_sweep_bench: scripts/net_fig13.sh, $JOBS jobs, results in $T (the log: $OUT/net_sweep_bench.log)"
FIG13_RESULTS=$T JOBS=$JOBS BUILD=$B scripts/runstat.py "$T/stat" -- scripts/net_fig13.sh > "$OUT/net_sweep_bench.log" 2>&1
rc=$?
LOAD1=$(bench_load)
[ $rc = 0 ] || { echo "net_sweep_bench: the sweep failed (exit $rc): $OUT/net_sweep_bench.log" >&2; tail -5 "$OUT/net_sweep_bench.log" >&2; exit 1; }
val() { sed -n "s/.*\\b$1=\\([0-9.]*\\).*/\\1/p" "$T/stat"; }
pts=$(wc -l < "$T/net_fig13/points.txt")
TABLE=$OUT/net_sweep_bench.md
{
    echo "Measured by \`make bench-net-sweep\` ($(date +%F)): $(bench_stamp), $(bench_machine), load average $LOAD0 before and $LOAD1 after; \`scripts/net_fig13.sh\` with ${PUB_WHY:+these set:}${PUB_WHY:-its default settings} (\`make sweep-net-fig13\`), $JOBS jobs; CPU the user + system seconds of every run (scripts/runstat.py), CPU / jobs the wall time of an otherwise idle machine, set against the target."
    echo
    echo "| sweep | points | jobs | wall (min) | CPU (min) | CPU / jobs (min) | asked | CPU / jobs / asked | met |"
    echo "|---|---|---|---|---|---|---|---|---|"
    awk -v p="$pts" -v j="$JOBS" -v w="$(val wall_s)" -v c="$(val cpu_s)" 'BEGIN {
        printf "| [ACK12] Fig 13 (make sweep-net-fig13) | %d | %d | %.1f | %.1f | %.1f | < 12 min on 2 cores | %.2f | %s |\n",
               p, j, w / 60, c / 60, c / 60 / j, c / 60 / j / 12, (c / 60 / j < 12 ? "yes" : "no") }'
} > "$TABLE"
cat "$TABLE"
pub_table bench-net-sweep docs/network.md "$TABLE"
pub_finish 0
