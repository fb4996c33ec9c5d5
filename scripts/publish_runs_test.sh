#!/bin/bash
# publish_runs_test.sh - make publish-coverage and make publish-mutate on
# fixtures: a complete run is published (the table between its markers of
# docs/testplan.md, with the stamp line; nothing else changes), an
# incomplete one is not (no manifest, publication refuses, nothing changes).
# In a scratch git checkout of the tree (its working state):
#   1. coverage: counts of a made-up run (BUILD/cov/dat) and its record
#      (BUILD/cov/run.txt) reported with scripts/coverage.sh -r: with every
#      entry passed, a manifest, and make publish-coverage writes the table
#      (totals, entries, the per-file row); with a failed entry, no
#      manifest and make publish-coverage exits non-zero; a run recorded at
#      another commit is not published;
#   2. mutate: the default list replaced by one FIFO mutant that
#      cells-fifo-d3 catches, run on a copy of what its test needs from BUILD:
#      a manifest, and make publish-mutate writes the score and the row
#      (the bug from the list's comment, the entry that caught it); a run of
#      a list with an escaping mutant (a comment edit) removes the manifest
#      and make publish-mutate refuses; a run of chosen IDs publishes nothing
#      and leaves the manifest of the last whole run alone.
# Prints "N passed, N failed".
#   usage: publish_runs_test.sh [BUILD]   (default build; needs
#          BUILD/bin/cov_summary and BUILD/cells/fifo_d3)
set -u
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
B=${1:-build}; B=${B%/}
for x in bin/cov_summary cells/fifo_d3; do
    [ -x "$B/$x" ] || { echo "publish_runs_test: $B/$x is not built (make $B/$x)" >&2; exit 2; }
done
RB=$(cd "$B" && pwd)
SRC=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/cli_test_lib.sh"
# changed DESC FILES...: git status names exactly these files (none: unchanged)
changed() {
    local d=$1 got want
    shift
    got=$(git status --porcelain | sed 's/^...//' | sort | paste -sd ' ')
    want=$(printf '%s\n' "$@" | sort | paste -sd ' ')
    [ "$got" = "$want" ] && ok || { : > "$TMP/out"; bad "$d: changed files '$got', want '$want'"; }
}
T=$TMP/t
mkdir -p "$T"
(cd "$SRC" && git ls-files -co --exclude-standard -z | xargs -0 tar -cf - 2> /dev/null) | tar -xf - -C "$T" ||
    { echo "publish_runs_test: cannot copy the tree" >&2; exit 2; }
cd "$T" || exit 2
git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm tree || { echo "publish_runs_test: git" >&2; exit 2; }
export NR_PROGRESS=0
unset MAKEFLAGS MFLAGS MAKELEVEL NR_CONFIGS
grep -qx '<!-- coverage:begin -->' docs/testplan.md && grep -qx '<!-- mutate:begin -->' docs/testplan.md && ok ||
    { : > "$TMP/out"; bad "docs/testplan.md lacks the coverage or mutate markers"; }

# ---- 1. coverage ----
CB=build-cf
mkdir -p $CB/bin $CB/cov/dat
cp "$RB/bin/cov_summary" $CB/bin/
pt() { printf "C '\001f\002%s\001l\002%s\001n\0020\001page\002%s\001o\002%s\001h\002%s' %s\n" "$@"; }
{
    echo "# SystemC::Coverage-3"
    pt rtl/common/nr_fifo.sv 40 v_line/nr_fifo block top.u0 3
    pt rtl/common/nr_fifo.sv 41 v_branch/nr_fifo if top.u0 0
    pt rtl/common/nr_fifo.sv 41 v_branch/nr_fifo else top.u1 2
    pt rtl/common/nr_fifo.sv 5 v_toggle/nr_fifo 'x[0]' top.u0 2
    pt rtl/common/nr_fifo.sv 9 v_user/nr_fifo c_seen top.u0 4
} > $CB/cov/dat/a.dat
commit=$(git rev-parse --short HEAD)
record() { printf 'rc %s\nwhy \nentries 7\ncells 2\njobs 2\ncommit %s\n' "$1" "$2" > $CB/cov/run.txt; }
record 0 "$commit"
scripts/coverage.sh -b $CB -r > "$TMP/out" 2>&1
check "coverage -r of a complete run" 0 $? 'coverage: complete'
[ -s $CB/results/publish-coverage.txt ] && ok || bad "complete coverage run: no manifest"
make -s publish-coverage COV_BUILD=$CB > "$TMP/out" 2>&1
check "make publish-coverage" 0 $? 'publish: docs/testplan.md'
changed "make publish-coverage" docs/testplan.md
cov=$(sed -n '/^<!-- coverage:begin -->$/,/^<!-- coverage:end -->$/p' docs/testplan.md)
grep -q '^\*make coverage (scripts/coverage.sh -b build-cf -j 2) at [0-9a-f]* on ' <<< "$cov" && ok ||
    { echo "$cov" > "$TMP/out"; bad "the coverage stamp line"; }
grep -qF '| line and branch points (Verilator'"'"'s line points) of the `rtl/` files the builds use | 2 | 3 | **66.7 %** |' <<< "$cov" &&
    grep -qF '| cover points (`NR_COVER`) | 1 | 1 | **100.0 %** |' <<< "$cov" &&
    grep -qF '7 regression entries (2 of them cell tests), all passing.' <<< "$cov" &&
    grep -qF 'Branch arms not hit and not waived: `rtl/common/nr_fifo.sv:41 col 0 if`.' <<< "$cov" &&
    grep -qF '| `rtl/common/nr_fifo.sv` | 2/3 (66.7 %) | 1/1 (100.0 %) | 1/1 (100.0 %) |' <<< "$cov" && ok ||
    { echo "$cov" > "$TMP/out"; bad "the coverage table"; }
git checkout -q docs/testplan.md
# a failed entry: no manifest, nothing published
record 1 "$commit"
scripts/coverage.sh -b $CB -r > "$TMP/out" 2>&1
check "coverage -r of a run with a failed entry" 1 $? 'some runs failed: nothing to publish'
[ ! -e $CB/results/publish-coverage.txt ] && ok || bad "a failed coverage run left a manifest"
make -s publish-coverage COV_BUILD=$CB > "$TMP/out" 2>&1
check "make publish-coverage after a failed run" 2 $? 'no manifest'
changed "make publish-coverage after a failed run"
# a run at another commit (the tree moved since): not published
record 0 0000000
scripts/coverage.sh -b $CB -r > "$TMP/out" 2>&1
check "coverage -r of a run at another commit" 0 $? 'not the published settings'
[ ! -e $CB/results/publish-coverage.txt ] && ok || bad "a run at another commit left a manifest"
# no record of a run at all
rm $CB/cov/run.txt
scripts/coverage.sh -b $CB -r > "$TMP/out" 2>&1
check "coverage -r without a run" 2 $? 'no record of a run'
rm -rf $CB

# ---- 2. mutate ----
# a copy (not links: make brings it up to date here) of what the FIFO cell test needs
mkdir -p build/cells build/v
cp -a "$RB/cells/fifo_d3" build/cells/ && cp -a "$RB/v/fifo_d3" build/v/ || exit 2
for x in obj libnr.a libnrmodel.a .deps-ok; do [ ! -e "$RB/$x" ] || cp -a "$RB/$x" build/ || exit 2; done
FIFO=rtl/common/nr_fifo.sv
caught_line=$(grep '^st-fifo-bypass ' tests/mutate/selftest.list) || { echo "publish_runs_test: no st-fifo-bypass in tests/mutate/selftest.list" >&2; exit 2; }
comment_line=$(grep '^st-fifo-comment ' tests/mutate/selftest.list) || { echo "publish_runs_test: no st-fifo-comment" >&2; exit 2; }
printf '# ---- a fixture ----\n# the bypass | select of the fixture\n%s\n' "$caught_line" > tests/mutate/mutants.list
git commit -qam "the fixture list"
scripts/mutate.sh -b build -j 1 > "$TMP/out" 2>&1
check "mutate of a whole list, every mutant caught" 0 $? 'mutate: complete'
[ -s build/results/publish-mutate.txt ] && ok || bad "complete mutate run: no manifest"
make -s publish-mutate > "$TMP/out" 2>&1
check "make publish-mutate" 0 $? 'publish: docs/testplan.md'
changed "make publish-mutate" docs/testplan.md
mut=$(sed -n '/^<!-- mutate:begin -->$/,/^<!-- mutate:end -->$/p' docs/testplan.md)
grep -q '^\*make mutate (scripts/mutate.sh -b build -j 1) at [0-9a-f]* on ' <<< "$mut" &&
    grep -qF '**mutants: 1 caught of 1 (100 %)**' <<< "$mut" &&
    grep -qF '| `st-fifo-bypass` | fifo | `rtl/common/nr_fifo.sv` | the bypass \| select of the fixture | CAUGHT | `cells-fifo-d3` |' <<< "$mut" && ok ||
    { echo "$mut" > "$TMP/out"; bad "the mutation table"; }
git checkout -q docs/testplan.md
# a run of chosen IDs: nothing published, the last whole run's manifest kept
scripts/mutate.sh -b build -j 1 st-fifo-bypass > "$TMP/out" 2>&1
check "mutate of chosen IDs" 0 $? 'not a run of the whole default list \( ID\)'
[ -s build/results/publish-mutate.txt ] && ok || bad "a run of chosen IDs removed the manifest of the whole run"
# an escaping mutant: the manifest goes, publication refuses
printf '%s\n%s\n' "$caught_line" "$comment_line" > tests/mutate/mutants.list
git commit -qam "the fixture list with an escape"
scripts/mutate.sh -b build -j 1 > "$TMP/out" 2>&1
check "mutate with an escaped mutant" 1 $? 'some runs failed: nothing to publish'
[ ! -e build/results/publish-mutate.txt ] && ok || bad "a run with an escaped mutant left a manifest"
make -s publish-mutate > "$TMP/out" 2>&1
check "make publish-mutate after an escape" 2 $? 'no manifest'
changed "make publish-mutate after an escape"
[ "$(cd "$T" && git diff HEAD --stat -- rtl)" = "" ] && ok || bad "rtl/ changed"

finish
