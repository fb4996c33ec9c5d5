#!/bin/bash
# build_stats.sh - the cost of every Verilated build in a build directory,
# from the build.stats each scripts/vbuild.sh run leaves: Verilation and
# compile wall seconds and lines of generated C++, one row a build, the
# largest compile first, and the totals.
#
#   scripts/build_stats.sh [BUILD]       (default build)
#
# The seconds are those of the last build of each model; with ccache hits
# the compile is fast, so cold figures need NR_NO_CCACHE=1 or an empty cache.
# files: "one" when each block of the model was compiled as one C++ file,
# "many" when it kept Verilator's split (scripts/vbuild.sh says when), "-"
# for a build made before vbuild recorded it.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
B=${1:-build}
[ -d "$B/v" ] || { echo "build_stats: no $B/v (nothing built)" >&2; exit 2; }
n=0
for f in "$B"/v/*/build.stats; do
    [ -e "$f" ] || continue
    d=$(basename "$(dirname "$f")")
    awk -v d="$d" '{ v[$1] = $2 } END { f = ("unity" in v) ? (v["unity"] ? "one" : "many") : "-"
        printf "%s %s %s %s %s %s\n", v["compile_s"], d, v["verilate_s"], v["cpp_lines"], f, v["ccache"] }' "$f"
    n=$((n + 1))
done | sort -rn | awk 'BEGIN { printf "%-24s %10s %10s %10s %6s  %s\n", "build", "verilate s", "compile s", "C++ lines", "files", "ccache" }
    { printf "%-24s %10.1f %10.1f %10d %6s  %s\n", $2, $3, $1, $4, $5, $6; tv += $3; tc += $1; tl += $4; k++ }
    END { printf "%-24s %10.1f %10.1f %10d  (%d builds)\n", "total", tv, tc, tl, k }'
