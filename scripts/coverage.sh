#!/bin/bash
# coverage.sh - RTL coverage of the regression (make coverage; issue 13).
#
#   scripts/coverage.sh [-b BUILD] [-j JOBS] [-r]      (BUILD default build-cov)
#
# 1. Builds, with COVERAGE=1 (Verilator --coverage: line, branch and toggle
#    points, and the RTL's NR_COVER cover points; tb/shim/shim_cov.hpp writes
#    each model's counts when it is freed), the RTL programs of the k16
#    regression: for every router configuration with a smoke test
#    (configs/configs.txt) the smoke test and rtr_sim-<cfg>, and lcb_sim-<cfg>
#    for every LCB port configuration with an rtl build, and the common
#    cells' tests (tests/cells.list: each cell exhaustively or randomly
#    against its C model, build/cells/NAME).
#    The builds go in BUILD, never in build/ (the Makefile refuses).
# 2. Runs every entry of the lists with RTL runs (tests/cells.list, lcb.list,
#    lcb_rtl.list, rtr.list, nwn_rtr.list, yarc_rtl.list, nwn_rtl.list) that
#    drives one of these builds (lockstep or RTL runs, smoke tests), with
#    scripts/regress.sh. The builds are flat and -O0 (scripts/vbuild.sh
#    --coverage says why).
# 3. Merges the counts (verilator_coverage), writes annotated sources to
#    BUILD/cov/annotated (verilator_coverage --annotate: uncovered points are
#    marked) and a per-file summary to BUILD/cov/summary.txt
#    (BUILD/bin/cov_summary, tb/tools/cov_summary.c): line points
#    (Verilator's line and branch points) and toggle points, each a point
#    covered if any instance of the file hit it.
# 4. Writes BUILD/cov/table.md, the figures docs/testplan.md publishes
#    (the totals, what was not hit or waived, the per-file table), and, when
#    every entry passed with the default configurations file, the manifest
#    BUILD/results/publish-coverage.txt (scripts/sweep_lib.sh, pub_finish):
#    `make publish-coverage` puts the table into docs/testplan.md between
#    its coverage markers, stamped with the command, commit and machine; a
#    failed, interrupted or partial run leaves no manifest (the old one goes
#    when a run starts) and publication refuses.
# -r (report only): steps 3 and 4 again on the counts and the record
#    (BUILD/cov/run.txt: exit status, entries, commit) of the last run in
#    BUILD; published only if that run was complete and the tree is still at
#    its commit.
# Exit 1 if a test failed, 2 on bad usage or a build failure, else 0.
# Not part of make test: the instrumented builds take a while (flat routers).
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
cd "$(dirname "$0")/.."
B=build-cov
JOBS=$(nproc)
REPORT=0
while getopts b:j:r o; do
    case $o in
    b) B=$OPTARG ;;
    j) JOBS=$OPTARG ;;
    r) REPORT=1 ;;
    *) echo "usage: $0 [-b BUILD] [-j JOBS] [-r]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# = 0 ] || { echo "coverage: no arguments expected, got '$*' (--help)" >&2; exit 2; }
case $B in build|build/|./build) echo "coverage: BUILD must not be build/ (the instrumented models would replace the ordinary ones)" >&2; exit 2 ;; esac
case $JOBS in ''|*[!0-9]*) echo "coverage: -j takes a count, got '$JOBS'" >&2; exit 2 ;; esac
. scripts/sweep_lib.sh
C=$B/cov
pub_begin coverage                  # the last run's manifest goes: its results are being replaced
# run_commit: the commit of the tree, and whether the RTL, testbench or scripts differ from it
run_commit() {
    local c
    c=$(git rev-parse --short HEAD 2> /dev/null || echo unknown)
    git diff --quiet HEAD -- csrc tb rtl configs scripts tests 2> /dev/null || c="$c with local changes"
    echo "$c"
}

if [ $REPORT = 0 ]; then
pub_configs

# the k16 programs: the router configurations with a smoke test and the LCB
# port configurations that make test builds (configs/configs.txt)
SMOKE_CFGS=$(scripts/cfg.sh --with smoke) || exit 2
LCB_CFGS=$(scripts/cfg.sh --with rtl nr_lcb_port) || exit 2
T="$B/bin/rtr_sim"
for c in $SMOKE_CFGS; do T="$T $B/tests/smoke/$c $B/bin/rtr_sim-$c"; done
for c in $LCB_CFGS; do T="$T $B/bin/lcb_sim-$c"; done
T="$T $B/bin/lcb_sim $B/bin/cov_summary"
for c in $(sed -n 's#^[^#:]*: build/cells/\([^ ]*\).*#\1#p' tests/cells.list | sort -u); do T="$T $B/cells/$c"; done
mkdir -p "$B" && touch "$B/.deps-ok"
echo "coverage: building the instrumented programs in $B (make COVERAGE=1)"
# progress: one line per model Verilated and per program linked
make --no-print-directory BUILD="$B" COVERAGE=1 -j"$JOBS" $T 2>&1 | tee "$B/coverage-build.log" |
    sed -nu -e 's#^scripts/vbuild.sh \([^ ]*\) .*#coverage:   verilating \1#p' \
            -e 's#^g++ -o \([^ ]*\) .*#coverage:   linked \1#p'
[ "${PIPESTATUS[0]}" -eq 0 ] ||
    { tail -30 "$B/coverage-build.log" >&2; echo "coverage: build failed (log $B/coverage-build.log)" >&2; exit 2; }

# the entries that drive one of these builds
rm -rf "$C" && mkdir -p "$C/dat"
SEL=$C/rtl.list
: > "$SEL"
for list in tests/cells.list tests/lcb.list tests/lcb_rtl.list tests/rtr.list tests/nwn_rtr.list tests/yarc_rtl.list tests/nwn_rtl.list; do
    while IFS= read -r line; do
        case $line in '#'*|'') continue ;; esac
        cmd=${line#*: }
        rtl=0
        # --waves entries need a traced build (BUILD/bin/*-trace), which
        # these instrumented builds do not make
        if grep -Eq -- '--waves' <<< "$cmd"; then
            rtl=0
        elif grep -Eq 'build/bin/lcb_sim(-[a-z0-9-]+)? |build/tests/smoke/|build/cells/' <<< "$cmd"; then
            rtl=1
        elif grep -Eq -- '--impl (lockstep|rtl)' <<< "$cmd"; then
            cfg=$(sed -n 's/.*--cfg \([^ ]*\).*/\1/p' <<< "$cmd")
            [ -n "$cfg" ] && [ -x "$B/bin/rtr_sim-$cfg" ] && rtl=1
        fi
        # every program it runs must be instrumented (an output file it
        # writes under build/, such as build/regress/X.out, is not a program)
        for b in $(grep -oE 'build/(bin|cells|tests)/[A-Za-z0-9_/.-]*' <<< "$cmd"); do
            [ -x "$B/${b#build/}" ] || rtl=0
        done
        [ $rtl = 1 ] && printf '%s\n' "$line" >> "$SEL"
    done < "$list"
done
echo "coverage: running $(wc -l < "$SEL") regression entries on the instrumented builds"
NR_COV_DIR=$C/dat scripts/regress.sh -b "$B" -j "$JOBS" "$SEL"
trc=$?
# the record of the run, for the report (and a later coverage.sh -r)
pub_runs_save "$C/run.txt" "$trc" &&
    printf 'entries %s\ncells %s\njobs %s\ncommit %s\n' "$(wc -l < "$SEL")" "$(grep -c '^cells-' "$SEL")" "$JOBS" "$(run_commit)" >> "$C/run.txt" ||
    { echo "coverage: cannot write $C/run.txt" >&2; exit 2; }
fi

# ---- the report: merged counts, summary, table, manifest ----
[ -r "$C/run.txt" ] || { echo "coverage: no record of a run in $C (make coverage first)" >&2; exit 2; }
pub_runs_load "$C/run.txt"; trc=$(sed -n 's/^rc //p' "$C/run.txt")
ENTRIES=$(sed -n 's/^entries //p' "$C/run.txt") NCELLS=$(sed -n 's/^cells //p' "$C/run.txt")
RCOMMIT=$(sed -n 's/^commit //p' "$C/run.txt") JOBS=$(sed -n 's/^jobs //p' "$C/run.txt")
case $trc$ENTRIES$NCELLS$JOBS in '' | *[!0-9]*) echo "coverage: $C/run.txt is not the record of a run" >&2; exit 2 ;; esac
[ "$RCOMMIT" = "$(run_commit)" ] || PUB_WHY="$PUB_WHY (the run was at $RCOMMIT, the tree is at $(run_commit))"
shopt -s nullglob
dats=("$C"/dat/*.dat)
[ ${#dats[@]} -gt 0 ] || { echo "coverage: no coverage data was written" >&2; exit 2; }
verilator_coverage --write "$C/merged.dat" "${dats[@]}" > /dev/null ||
    { echo "coverage: verilator_coverage cannot merge the counts of $C/dat" >&2; exit 2; }
rm -rf "$C/annotated"
verilator_coverage --annotate "$C/annotated" --annotate-all --annotate-min 1 "$C/merged.dat" > "$C/annotate.log" 2>&1

"$B/bin/cov_summary" "$C/merged.dat" > "$C/summary.txt" || exit 2
cat "$C/summary.txt"
echo "coverage: per-file summary $C/summary.txt, annotated sources $C/annotated/ (uncovered points marked %000000)"
scripts/cov_table.py "$C/summary.txt" "$ENTRIES" "$NCELLS" "$trc" > "$C/table.md" ||
    { echo "coverage: cannot write $C/table.md" >&2; exit 2; }
pub_table coverage docs/testplan.md "$C/table.md"
pub_finish "$trc" "make coverage (scripts/coverage.sh -b $B -j $JOBS)"
[ $trc -eq 0 ] || { echo "coverage: some regression entries failed" >&2; exit 1; }
exit 0
