#!/bin/bash
# sweep_selftest.sh - tests of the sweep scripts on a tiny k=16 sweep of the C
# model (scripts/rtr_sweep.sh, scripts/sweep_lib.sh, scripts/rtr_run.sh), in a
# copy of scripts/ and configs/ under a temporary directory (the real docs/
# are never touched):
#   1. the launcher: -l with a stand-in launcher that records its arguments
#      and runs the command here; every point goes through it, and the tables
#      and plot data equal those of a run without a launcher;
#   2. a Slurm job-array dry run: scripts/launch_record.sh records one command
#      per point, the commands are replayed one by one (as array tasks would),
#      and SWEEP_REPORT_ONLY=1 gives the same tables and plot data;
#   3. CSV by name: the per-run CSVs with their columns reversed give
#      byte-identical plots, saturation table and spot/summary output
#      (rtr_sweep.sh and rtr_run.sh, report only); a CSV without a column the
#      report needs exits 2 with a message naming it;
#   4. progress: on a pty (script(1)) the sweep shows points done / total and
#      an ETA on stderr; in a pipe it does not, and stdout is the same.
# Prints "N passed, N failed".
#   usage: sweep_selftest.sh [BUILD]   (default: build; needs BUILD/bin/rtr_sim
#          and BUILD/bin/sweep_report)
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
B=${1:-build}
for x in rtr_sim sweep_report; do
    [ -x "$B/bin/$x" ] || { echo "sweep_selftest: $B/bin/$x not built" >&2; exit 2; }
done
command -v script > /dev/null || { echo "sweep_selftest: needs script(1) (util-linux)" >&2; exit 2; }
SIM=$(cd "$B/bin" && pwd)/rtr_sim
SRC=$(pwd)
BAD_TAIL=15
. "$(dirname "$0")/cli_test_lib.sh"
# a tree with the scripts, the configurations and a build dir holding only the
# C model (no RTL: no spot checks, no lockstep)
mkdir -p "$TMP/t/docs/img" "$TMP/t/b/bin"
cp -r "$SRC/scripts" "$SRC/configs" "$TMP/t/"
ln -s "$SIM" "$TMP/t/b/bin/rtr_sim"
ln -s "$(cd "$B/bin" && pwd)/sweep_report" "$TMP/t/b/bin/sweep_report"
ln -s "$(cd "$B/bin" && pwd)/nr_cat" "$TMP/t/b/bin/nr_cat"
cd "$TMP/t" || exit 2
export BUILD=b SWEEP_CFG=yarc-k16-bare SWEEP_LCB_CFG=yarc-k16 SWEEP_PATTERNS=ur SWEEP_LOADS="0.3 0.9" \
    SWEEP_WARMUP=100 SWEEP_MEASURE=400 SWEEP_DRAIN=4000 JOBS=2 NR_PROGRESS=
R=b/results
# the report files a sweep leaves: the table and the plots (drawn from the
# same points, the PNGs are byte-identical; the collected CSV has timing columns)
save() { mkdir -p "$1"; cp $R/rtr_sweep_*.png $R/rtr_saturation.md "$1/"; }
same() {  # DESC DIR_A DIR_B
    if diff -r "$2" "$3" > "$TMP/out" 2>&1; then ok; else bad "$1: tables or plots differ"; fi
}
npoints=12   # 4 curves (ur, ur-lcb, ur-deep, tr-deep) x (zero load + 2 loads)

# 0. reference: no launcher
scripts/rtr_sweep.sh > "$TMP/ref.out" 2> "$TMP/ref.err"; rc=$?
if [ $rc -eq 0 ] && [ "$(ls $R/sweep/*.csv | wc -l)" = $npoints ]; then ok; else
    cp "$TMP/ref.err" "$TMP/out"; bad "reference sweep: exit $rc, $(ls $R/sweep/*.csv 2> /dev/null | wc -l) CSVs"; fi
save "$TMP/ref"
grep -q '^| ur | yarc-k16-bare | ' "$TMP/ref/rtr_saturation.md" && ok || { cp "$TMP/ref/rtr_saturation.md" "$TMP/out"; bad "no ur row in the saturation table"; }

# 1. a stand-in launcher (as "srun -N1 --"): records its arguments, runs the command
cat > "$TMP/fake_srun" <<'EOF'
#!/bin/bash
printf '%s\n' "$*" >> "$LAUNCH_LOG"
while [ $# -gt 0 ] && [ "$1" != -- ]; do shift; done
shift
exec "$@"
EOF
chmod +x "$TMP/fake_srun"
export LAUNCH_LOG=$TMP/launch.log
scripts/rtr_sweep.sh -l "$TMP/fake_srun -N1 --" > "$TMP/out" 2>&1; rc=$?
n=$(grep -c "^-N1 -- b/bin/rtr_sim --cfg-file .* --impl model .* --csv " "$LAUNCH_LOG" 2> /dev/null)
if [ $rc -eq 0 ] && [ "$n" = $npoints ]; then ok; else bad "-l: exit $rc, $n of $npoints points through the launcher"; fi
save "$TMP/launch"
same "-l launcher" "$TMP/ref" "$TMP/launch"
# the environment form, on the network sweep script's path (sweep_lib.sh)
: > "$LAUNCH_LOG"
SWEEP_LAUNCHER="$TMP/fake_srun -N1 --" scripts/rtr_sweep.sh > "$TMP/out" 2>&1; rc=$?
n=$(grep -c -- "^-N1 -- b/bin/rtr_sim " "$LAUNCH_LOG")
[ $rc -eq 0 ] && [ "$n" = $npoints ] && ok || bad "SWEEP_LAUNCHER: exit $rc, $n of $npoints points"
scripts/rtr_sweep.sh -x > "$TMP/out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q 'usage: rtr_sweep.sh' "$TMP/out" && ok || bad "rtr_sweep.sh -x: exit $rc, want 2 and a usage line"

# 2. Slurm job-array dry run: record the commands, replay them one per "task"
rm -f $R/sweep/*.csv "$TMP/cmds.txt"
scripts/rtr_sweep.sh -l "scripts/launch_record.sh $TMP/cmds.txt --" > "$TMP/out" 2>&1
n=$(wc -l < "$TMP/cmds.txt")
[ "$n" = $npoints ] && [ "$(ls $R/sweep/*.csv 2> /dev/null | wc -l)" = 0 ] && ok ||
    bad "launch_record: $n commands recorded (want $npoints), and nothing may run"
for task in $(seq 1 "$n"); do
    SLURM_ARRAY_TASK_ID=$task bash -c 'eval "$(sed -n "${SLURM_ARRAY_TASK_ID}p" "$1")"' _ "$TMP/cmds.txt" > /dev/null 2>&1
done
SWEEP_REPORT_ONLY=1 scripts/rtr_sweep.sh > "$TMP/out" 2>&1; rc=$?
save "$TMP/array"
[ $rc -eq 0 ] && ok || bad "job-array report: exit $rc"
same "job-array replay" "$TMP/ref" "$TMP/array"

# 3. CSV by name: reverse the columns of every run's CSV, redo the report
rev_csv() { awk -F, -v OFS=, '{ for (i = NF; i >= 1; i--) printf "%s%s", $i, (i > 1 ? OFS : "\n") }' "$1" > "$1.r" && mv "$1.r" "$1"; }
for f in $R/sweep/*.csv; do rev_csv "$f"; done
head -1 "$(ls $R/sweep/*.csv | head -1)" | grep -q '^bad_discards,pass,' && ok || bad "the columns were not reversed"
SWEEP_REPORT_ONLY=1 scripts/rtr_sweep.sh > "$TMP/rev.out" 2>&1; rc=$?
save "$TMP/rev"
[ $rc -eq 0 ] && ok || { cp "$TMP/rev.out" "$TMP/out"; bad "reversed CSV report: exit $rc"; }
same "reversed columns" "$TMP/ref" "$TMP/rev"
# a column the report needs is missing: exit 2, named
for f in $R/sweep/*.csv; do sed -i '1s/,lat_p99,/,lat_p99x,/' "$f"; done
SWEEP_REPORT_ONLY=1 scripts/rtr_sweep.sh > "$TMP/out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q 'no column lat_p99 ' "$TMP/out" && ok || bad "missing column: exit $rc, want 2 and 'no column lat_p99'"
# rtr_run.sh's summary table and plot data from reordered CSVs
RUN_LOADS="0.2 0.5" RUN_CFG=yarc-k16 RUN_WARMUP=100 RUN_MEASURE=400 scripts/rtr_run.sh > "$TMP/run.out" 2>&1; rc=$?
[ $rc -eq 0 ] && ok || { cp "$TMP/run.out" "$TMP/out"; bad "rtr_run: exit $rc"; }
summary() { sed -n '/^rtr_run: summary/,/^rtr_run: latency plot/p' "$1" | grep -v 'cycles/s\|^rtr_run' | cut -c1-60; }
summary "$TMP/run.out" > "$TMP/run.sum"; cp $R/rtr_run_latency.png "$TMP/run.png"
for f in $R/run/*.csv; do rev_csv "$f"; done
RUN_REPORT_ONLY=1 RUN_CFG=yarc-k16 scripts/rtr_run.sh > "$TMP/run2.out" 2>&1; rc=$?
summary "$TMP/run2.out" > "$TMP/run2.sum"
if [ $rc -eq 0 ] && [ -s "$TMP/run.sum" ] && cmp -s "$TMP/run.sum" "$TMP/run2.sum" && cmp -s "$TMP/run.png" $R/rtr_run_latency.png; then ok
else diff "$TMP/run.sum" "$TMP/run2.sum" > "$TMP/out"; bad "rtr_run: reordered CSVs give another summary or plot (exit $rc)"; fi

# 4. progress: a status line on a pty, none in a pipe
rm -f $R/sweep/*.csv
script -q -c "scripts/rtr_sweep.sh" /dev/null < /dev/null > "$TMP/tty.out" 2>&1
cp "$TMP/tty.out" "$TMP/out"
grep -Eq "sweep: [0-9]+/$npoints done \([0-9]+ %\), [0-9]+:[0-9]{2} elapsed, ETA " "$TMP/tty.out" && ok || bad "no progress on a tty"
scripts/rtr_sweep.sh 2>&1 | cat > "$TMP/out"
if grep -q 'ETA' "$TMP/out" || LC_ALL=C grep -q $'\x1b' "$TMP/out"; then bad "progress in a pipe"; else ok; fi
# stdout is the same as without a terminal, point lines aside (their order varies)
sed 's/.*\x1b\[K//' "$TMP/tty.out" | tr -d '\r' | grep -v '^  \|sweep took' > "$TMP/a"
grep -v '^  \|sweep took' "$TMP/out" > "$TMP/b"
diff "$TMP/a" "$TMP/b" > "$TMP/out" && ok || bad "the output on a tty differs from the plain one"

finish
