#!/bin/bash
# area_all.sh CONFIG... - make area's loop: the header of docs/area.txt, then
# scripts/area.sh for each named configuration (AREA_TIMEOUT seconds each,
# default 3600), one line per configuration on stdout. On a terminal, stderr
# says which configuration is running, how long the last one took, and
# configurations done / total with an ETA (the mean time so far per
# configuration; the k=64 switches take far longer than the leaf cells).
set -u
. "$(dirname "$0")/jobrun.sh"
[ $# -ge 1 ] || { echo "usage: area_all.sh CONFIG..." >&2; exit 2; }
TO=${AREA_TIMEOUT:-3600}
[[ $TO =~ ^[1-9][0-9]*$ ]] || { echo "area_all: AREA_TIMEOUT wants seconds (an integer > 0), got '$TO'" >&2; exit 2; }
RTL_FILES=$(grep -v '^\s*\(//\|$\)' rtl/files.f)
echo "# make area: Yosys 0.23 + OSU 0.18um liberty (qflow-tech-osu018); OpenSTA at 5.0 ns."
echo "# SRAM macros counted at ${SRAM_UM2_PER_BIT:-10} um^2/bit (constraints/README.md). Areas in um^2."
printf "%-16s %12s %8s %10s %12s %12s %8s\n" config stdcell flops sram_bits sram_area total fmax_MHz
n=$# i=0 t0=$(date +%s) last=""
for c in "$@"; do
    progress_step area "$i" "$n" "$t0" "now $c${last:+ (last: $last)}"
    t1=$(date +%s)
    top=$(scripts/cfg.sh "$c" top)
    # shellcheck disable=SC2086
    if grep -qh "^module $top\b" $RTL_FILES; then
        timeout "$TO" scripts/area.sh "$c"; rc=$?
        [ $rc = 124 ] && printf "%-16s (not finished in %s s)\n" "$c" "$TO"
        [ $rc != 0 ] && [ $rc != 124 ] && echo "$c FAILED"
    else
        printf "%-16s (top %s not in rtl/files.f yet)\n" "$c" "$top"
    fi
    i=$((i + 1)) last="$c took $(( $(date +%s) - t1 )) s"
done
progress_step area "$i" "$n" "$t0" "last: $last"
exit 0
