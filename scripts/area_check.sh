#!/bin/bash
# area_check.sh - make area-check: the two approximations of make area
# measured on k = 16 routers (constraints/README.md), under
# $AREA_OUT/check (default build/area/check):
#   timing models   the worst path from the units' timing models against
#                   OpenSTA on the whole hierarchical netlist at once
#                   (AREA_FLAT_STA=1), on every k = 16 router of the set;
#                   every unit of more than 100 000 (input bit, output bit)
#                   pairs modelled from its bus cones (AREA_CONE_LIMIT), as
#                   the allocators of the k = 32 and 64 routers are
#   representatives the area and worst path with one synthesis standing for
#                   the allocator output blocks that differ only in position,
#                   against every variant synthesized (AREA_EXACT=1)
# check.md (the table), check.csv and run.txt (the record: complete, the
# key of these runs, commit, machine, times, load). make area-docs publishes
# check.md into docs/area.md when the record is complete and its key is the
# tree's. Exit 0, or 1 if a run failed.
set -u
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
cd "$(dirname "$0")/.."
OUTD=${AREA_OUT:-build/area}/check
CACHE=${AREA_CACHE:-${AREA_OUT:-build/area}/cache}
CFGS=$(scripts/cfg.sh --with area | tr ' ' '\n' | grep -- '-k16$' | tr '\n' ' ')
[ -n "$CFGS" ] || { echo "area_check: no k = 16 router in the area set" >&2; exit 2; }
rm -rf "$OUTD"; mkdir -p "$OUTD"
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown; }
t0=$(date +%s) l0=$(load) d0=$(date -u '+%Y-%m-%d %H:%M UTC')
rc=0
# shellcheck disable=SC2086
AREA_OUT=$OUTD/flat AREA_CACHE=$CACHE AREA_FLAT_STA=1 AREA_CONE_LIMIT=100000 scripts/area_all.sh $CFGS > "$OUTD/flat.log" 2>&1 || rc=1
# shellcheck disable=SC2086
AREA_OUT=$OUTD/exact AREA_CACHE=$CACHE AREA_EXACT=1 scripts/area_all.sh $CFGS > "$OUTD/exact.log" 2>&1 || rc=1
t1=$(date +%s)
echo "config,path_ns,flat_path_ns,exact_path_ns,total_um2,exact_total_um2,variants,exact_variants" > "$OUTD/check.csv"
for c in $CFGS; do
    f=$OUTD/flat/$c/row.txt e=$OUTD/exact/$c/row.txt
    if [ ! -s "$f" ] || [ ! -s "$e" ] || ! grep -q '^flat_path_ns=' "$f"; then rc=1; continue; fi
    g() { sed -n "s/^$1=//p" "$2"; }
    printf '%s,%s,%s,%s,%s,%s,%s,%s\n' "$c" "$(g path_ns "$f")" "$(g flat_path_ns "$f")" "$(g path_ns "$e")" \
        "$(g total_um2 "$f")" "$(g total_um2 "$e")" \
        "$(awk '$6 == $1' "$OUTD/flat/$c/units.txt" | wc -l)" "$(wc -l < "$OUTD/exact/$c/units.txt")" >> "$OUTD/check.csv"
done
awk -F, 'NR == 1 { next }
    { n++; r[n] = $0 }
    END {
        print "| configuration | worst path: timing models (ns) | whole netlist (ns) | models − whole | units synthesized: representatives / every variant | total area: representatives (mm²) | every variant (mm²) | difference | worst path, every variant (ns) |"
        print "|---|---|---|---|---|---|---|---|---|"
        for (i = 1; i <= n; i++) {
            split(r[i], f, ",")
            printf "| %s | %.2f | %.2f | %+.1f %% | %d / %d | %.3f | %.3f | %+.2f %% | %.2f |\n", f[1], f[2], f[3], \
                100 * (f[2] - f[3]) / f[3], f[7], f[8], f[5] / 1e6, f[6] / 1e6, 100 * (f[5] - f[6]) / f[6], f[4]
        }
    }' "$OUTD/check.csv" > "$OUTD/check.md"
cat "$OUTD/check.md"
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
{
    echo "configs=$CFGS"
    echo "complete=$([ $rc = 0 ] && echo yes || echo no)"
    echo "commit=$commit"
    echo "dirty=$(git status --porcelain -- rtl scripts constraints configs 2>/dev/null | wc -l)"
    # shellcheck disable=SC2086
    echo "key=$(scripts/area_key.sh $CFGS)"
    echo "machine=$(uname -m), $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)"
    echo "started=$d0"
    echo "elapsed_s=$((t1 - t0))"
    echo "load_start=$l0"
    echo "load_end=$(load)"
} > "$OUTD/run.txt"
[ $rc = 0 ] || echo "area_check: a run failed ($OUTD/flat.log, $OUTD/exact.log)" >&2
exit $rc
