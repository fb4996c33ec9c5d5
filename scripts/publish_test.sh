#!/bin/bash
# publish_test.sh - the rule of issue 42, class 1, tested: a run writes only
# under build/, and only make publish-FLOW on a complete result changes a
# tracked file. In a scratch git checkout of the tree (its working state;
# build/bin holds the real rtr_sim and sweep_report, and a stand-in rtr_sim
# that fails every run at load 0.9):
#   1. a sweep (rtr_sweep.sh), the energy flow (energy.sh) and the nwn sweep
#      (nwn_sweep.sh) with a failing run exit non-zero, leave no manifest,
#      and `git status --porcelain` stays empty;
#   2. bad settings (a configuration or a load that does not exist) exit 2
#      before anything runs, tracked files unchanged;
#   3. a complete sweep on a user's configurations file (NR_CONFIGS) runs
#      that file's configuration (no longer ignored), exits 0, and is not
#      published (no manifest: not the published settings);
#   4. publish without a manifest, with a manifest that names a missing file
#      (beside a good item), or a document without the markers, exits 1 and
#      changes nothing; make publish-sweep too;
#   5. publish of a good manifest changes exactly the files it names: the
#      table between its markers with the stamp line, the picture copied.
# Prints "N passed, N failed".
#   usage: publish_test.sh [BUILD]   (default build; needs BUILD/bin/rtr_sim
#          and BUILD/bin/sweep_report)
set -u
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
B=${1:-build}
for x in rtr_sim sweep_report energy_report sw_counts; do
    [ -x "$B/bin/$x" ] || { echo "publish_test: $B/bin/$x is not built (make $B/bin/$x)" >&2; exit 2; }
done
BIN=$(cd "$B/bin" && pwd)
SRC=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/cli_test_lib.sh"
T=$TMP/t
mkdir -p "$T"
(cd "$SRC" && git ls-files -co --exclude-standard -z | xargs -0 tar -cf - 2> /dev/null) | tar -xf - -C "$T" || { echo "publish_test: cannot copy the tree" >&2; exit 2; }
cd "$T" || exit 2
git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm tree || { echo "publish_test: git" >&2; exit 2; }
mkdir -p build/bin
for x in sweep_report energy_report sw_counts; do ln -s "$BIN/$x" build/bin/$x; done
# the stand-in rtr_sim: the real one, except that a run at load 0.9 fails
printf '#!/bin/bash\ncase " $* " in *" --load 0.9 "*) echo "stand-in: load 0.9 fails" >&2; exit 1 ;; esac\nexec %s "$@"\n' \
    "$BIN/rtr_sim" > build/bin/rtr_sim
chmod +x build/bin/rtr_sim
export NR_PROGRESS=0 JOBS=2
clean() { # DESC: the tracked files are unchanged
    local st
    st=$(git status --porcelain)
    if [ -z "$st" ]; then ok; else echo "$st" > "$TMP/out"; bad "$1: tracked files changed"; fi
}
SHORT=(SWEEP_CFG=yarc-k16-bare SWEEP_LCB_CFG=yarc-k16 SWEEP_PATTERNS=ur SWEEP_WARMUP=100 SWEEP_MEASURE=300 SWEEP_DRAIN=3000)

# 1. failing runs
env "${SHORT[@]}" SWEEP_LOADS="0.5 0.9" scripts/rtr_sweep.sh > "$TMP/out" 2>&1
check "rtr_sweep with a failing run" 1 $? 'FAILED ur 0.9'
clean "rtr_sweep with a failing run"
[ ! -e build/results/publish-sweep-rtr.txt ] && ok || bad "rtr_sweep with a failing run left a manifest"
ENERGY_LOADS="0.5 0.9" ENERGY_WARMUP=50 ENERGY_MEASURE=100 ENERGY_RP_SEEDS=1 scripts/energy.sh > "$TMP/out" 2>&1
check "energy with failing runs" 1 $? 'energy: FAILED'
clean "energy with failing runs"
[ ! -e build/results/publish-energy.txt ] && ok || bad "energy with failing runs left a manifest"
NWN_ONLY=single-ur NWN_LOADS="0.5 0.9" NWN_WARMUP=50 NWN_MEASURE=100 NWN_DRAIN=2000 scripts/nwn_sweep.sh > "$TMP/out" 2>&1
check "nwn_sweep with failing runs" 1 $? 'FAILED'
clean "nwn_sweep with failing runs"

# 2. bad settings: refused before anything runs
rm -rf build/results
env "${SHORT[@]}" SWEEP_CFG=no-such-cfg scripts/rtr_sweep.sh > "$TMP/out" 2>&1
check "an unknown configuration" 2 $? "SWEEP_CFG: .*no-such-cfg"
env "${SHORT[@]}" SWEEP_LOADS="0.5 7" scripts/rtr_sweep.sh > "$TMP/out" 2>&1
check "a load out of range" 2 $? "SWEEP_LOADS: '7' is not a load"
env "${SHORT[@]}" SWEEP_PATTERNS=nosuch scripts/rtr_sweep.sh > "$TMP/out" 2>&1
check "an unknown pattern" 2 $? "cannot run .*--pattern"
[ ! -e build/results/sweep ] || [ -z "$(ls build/results/sweep/*.csv 2> /dev/null)" ] && ok || bad "a refused sweep ran points"
COUNTS_CFGS=no-such-cfg scripts/counts.sh > "$TMP/out" 2>&1
check "counts of an unknown configuration" 2 $? "COUNTS_CFGS"
clean "bad settings"

# 3. a user's configurations file: its configuration runs; not published
cp configs/configs.txt "$TMP/my.txt"
echo "my-k16 nr_yarc - Rows=4 Cols=4 UseLcb=0" >> "$TMP/my.txt"
env "${SHORT[@]}" SWEEP_CFG=my-k16 SWEEP_LOADS=0.5 NR_CONFIGS="$TMP/my.txt" scripts/rtr_sweep.sh > "$TMP/out" 2>&1
check "a user's configuration" 0 $? 'not the published settings .*NR_CONFIGS'
grep -q '^| ur | my-k16 |' build/results/rtr_saturation.md && ok || { cp build/results/rtr_saturation.md "$TMP/out"; bad "the user's configuration was not the one run"; }
grep -q 'my-k16' build/results/rtr_sweep.csv && ok || bad "no row of my-k16 in the sweep's CSV"
[ ! -e build/results/publish-sweep-rtr.txt ] && ok || bad "a user's configuration left a manifest"
clean "a user's configuration"

# 4. publish refuses
scripts/publish.sh build/results/publish-sweep-rtr.txt > "$TMP/out" 2>&1
check "publish without a manifest" 1 $? 'no manifest'
clean "publish without a manifest"
M=$TMP/m.txt
printf 'complete t\nstamp test\ntable sweep docs/results.md build/results/rtr_saturation.md\nfile docs/img/rtr_sweep_latency.png %s/missing.png\n' "$TMP" > "$M"
scripts/publish.sh "$M" > "$TMP/out" 2>&1
check "publish with a missing file" 1 $? 'missing.png is missing'
clean "publish with a missing file"
printf 'complete t\ntable no-such-marker docs/results.md build/results/rtr_saturation.md\n' > "$M"
scripts/publish.sh "$M" > "$TMP/out" 2>&1
check "publish to a document without the markers" 1 $? "0 '<!-- no-such-marker:begin -->'"
clean "publish to a document without the markers"
printf 'table sweep docs/results.md build/results/rtr_saturation.md\n' > "$M"
scripts/publish.sh "$M" > "$TMP/out" 2>&1
check "publish of an incomplete manifest" 1 $? "before the complete line"
make --no-print-directory publish-sweep > "$TMP/out" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q 'no manifest' "$TMP/out" && ok || bad "make publish-sweep without manifests: exit $rc"
clean "make publish-sweep without manifests"

# 5. a good manifest publishes exactly what it names
cp build/results/rtr_sweep_latency.png "$TMP/p.png"
printf 'complete t\nstamp make test-publish\ntable sweep docs/results.md build/results/rtr_saturation.md\nfile docs/img/rtr_sweep_latency.png %s/p.png\n' "$TMP" > "$M"
scripts/publish.sh "$M" > "$TMP/out" 2>&1
check "publish of a good manifest" 0 $? 'publish: 2 of 2 files changed'
st=$(git status --porcelain | sort | tr '\n' ' ')
[ "$st" = " M docs/img/rtr_sweep_latency.png  M docs/results.md " ] && ok || { echo "$st" > "$TMP/out"; bad "publish changed another set of files"; }
sed -n '/^<!-- sweep:begin -->$/,/^<!-- sweep:end -->$/p' docs/results.md > "$TMP/block"
{ echo '<!-- sweep:begin -->'; echo '*make test-publish.*'; echo; cat build/results/rtr_saturation.md; echo '<!-- sweep:end -->'; } > "$TMP/want"
cmp -s "$TMP/block" "$TMP/want" && ok || { diff "$TMP/want" "$TMP/block" > "$TMP/out"; bad "the table is not between its markers"; }
cmp -s docs/img/rtr_sweep_latency.png "$TMP/p.png" && ok || bad "the picture was not copied"
[ "$(git diff --stat docs/results.md | tail -1 | grep -o '[0-9]* deletion')" != "" ] && ok || bad "the old table was not replaced"

finish
