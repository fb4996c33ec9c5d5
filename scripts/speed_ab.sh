#!/bin/bash
# speed_ab.sh - A/B speed comparison of two rtr_sim binaries in one run (issue
# 14; a benchmark, not a timed test). The machine is shared and noisy, so the
# two binaries run alternately, N times each per workload, and the ratio of
# their median CPU rates is what is quoted, never an absolute figure from
# another run. It also checks that both binaries print the same results
# (every line but the "simulated ... cycles/s" one): a speed-up must not
# change what the kit computes.
#
# usage: scripts/speed_ab.sh [-n N] [-d | -D] OLD NEW [WORKLOAD...]
#   OLD, NEW   two rtr_sim binaries (e.g. one built from an older commit:
#              git worktree add /tmp/old REV && make -C /tmp/old build/bin/rtr_sim)
#   N          runs of each binary per workload (default 3)
#   -d         the two may compute different results (an older commit from
#              before a behaviour change, make bench): say so, do not fail
#   -D         before the timed runs, run each binary once more per workload
#              with --digest (a hash of every cycle's router inputs and outputs
#              and NIC outputs) and fail unless the two print the same: equal
#              summaries, and equal values in every cycle (both binaries must
#              know --digest; untimed, so the rates do not pay for the hash)
#   WORKLOAD   "CFG LOAD" (default: the bench workloads of issue 14, UR,
#              BlackWidow lengths: "yarc-k64 0.5" "cn-k64-4vc 0.5")
# Environment: AB_MEASURE [4000], AB_WARMUP [500], AB_IMPL [model] (rtl: both
# binaries are rtr_sim-CFG programs of RTL builds).
# Output: one line per workload, "CFG load L: OLD x cycles/s, NEW y cycles/s,
# NEW/OLD r (medians of N)", then the machine and load average.
# On a terminal, stderr shows runs done / total with an ETA (scripts/jobrun.sh).
# Exit 1 if the results differ or a run fails, 2 on bad usage.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
. "$(dirname "$0")/jobrun.sh"
N=3 DIFF_OK=0 DIGEST=0
while getopts n:dD o; do
    case $o in
    n) N=$OPTARG ;;
    d) DIFF_OK=1 ;;
    D) DIGEST=1 ;;
    *) echo "usage: $0 [-n N] [-d | -D] OLD NEW [\"CFG LOAD\"...]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $DIFF_OK = 1 ] && [ $DIGEST = 1 ] && { echo "speed_ab: -d and -D exclude each other" >&2; exit 2; }
[ $# -ge 2 ] || { echo "usage: $0 [-n N] [-d | -D] OLD NEW [\"CFG LOAD\"...]" >&2; exit 2; }
case $N in '' | *[!0-9]* | 0) echo "speed_ab: -n takes a count >= 1, got '$N'" >&2; exit 2 ;; esac
OLD=$1 NEW=$2; shift 2
for b in "$OLD" "$NEW"; do [ -x "$b" ] || { echo "speed_ab: $b is not an executable" >&2; exit 2; }; done
[ $# -gt 0 ] || set -- "yarc-k64 0.5" "cn-k64-4vc 0.5"
MEASURE=${AB_MEASURE:-4000} WARMUP=${AB_WARMUP:-500} IMPL=${AB_IMPL:-model}
case $IMPL in model | rtl) ;; *) echo "speed_ab: AB_IMPL is model or rtl, got '$IMPL'" >&2; exit 2 ;; esac
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
rc=0
nrun=$(( $# * N * 2 )) irun=0 t0=$(date +%s)
echo "speed_ab: load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) x $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
# a --digest run's lines that must be equal: all but the timing, where the header
# says the configuration was read (each binary reads its own
# configs.txt) and the credit warning fd03939 removed (it was wrong)
dgl() { grep -v '^simulated\|^rtr_sim: warning: links: BufPerVc' "$1" | sed 's/ ([^ ]*configs\.txt:[0-9]*)//'; }
# rate FILE: the CPU rate of a run's "simulated N cycles in ... : R cycles/s" line
rate() { sed -n 's/^simulated .*: \([0-9.e+]*\) cycles\/s.*/\1/p' "$1"; }
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
for w in "$@"; do
    set -- $w
    cfg=$1 load=${2:-0.5}
    args=(--cfg "$cfg" --impl "$IMPL" --pattern ur --load "$load" --len bw --warmup "$WARMUP" --measure "$MEASURE" --seed 1)
    : > "$T/old.r"; : > "$T/new.r"
    same=1
    if [ $DIGEST = 1 ]; then
        "$OLD" "${args[@]}" --digest > "$T/old.dg" 2>&1; "$NEW" "${args[@]}" --digest > "$T/new.dg" 2>&1
        if ! grep -q '^digest ' "$T/old.dg" || ! cmp -s <(dgl "$T/old.dg") <(dgl "$T/new.dg"); then
            echo "speed_ab: $cfg load $load: the two binaries' --digest runs differ (or have no digest):"
            diff <(dgl "$T/old.dg") <(dgl "$T/new.dg") | head -10
            rc=1; continue
        fi
    fi
    for i in $(seq "$N"); do
        for which in old new; do
            bin=$OLD; [ $which = new ] && bin=$NEW
            progress_step speed_ab "$irun" "$nrun" "$t0" "next $which on $cfg load $load"
            irun=$((irun + 1))
            if ! "$bin" "${args[@]}" > "$T/$which.log" 2>&1; then
                echo "speed_ab: $which ($bin) failed on $cfg load $load:"; tail -3 "$T/$which.log"; rc=1; continue 3
            fi
            rate "$T/$which.log" >> "$T/$which.r"
        done
        if ! cmp -s <(dgl "$T/old.log") <(dgl "$T/new.log"); then
            if [ $DIFF_OK = 0 ]; then
                echo "speed_ab: $cfg load $load: the two binaries print different results:"
                diff <(dgl "$T/old.log") <(dgl "$T/new.log") | head -10
                rc=1
            fi
            same=0
        fi
    done
    mo=$(median < "$T/old.r") mn=$(median < "$T/new.r")
    note=""; [ $same = 0 ] && note=", results differ (behaviour changed between the two)"
    awk -v c="$cfg" -v l="$load" -v a="$mo" -v b="$mn" -v n="$N" -v i="$IMPL" -v x="$note" \
        'BEGIN { printf "%s %s load %s: OLD %.0f cycles/s, NEW %.0f cycles/s, NEW/OLD %.2f (medians of %d)%s\n", c, i, l, a, b, b / a, n, x }'
done
echo "speed_ab: load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $rc
