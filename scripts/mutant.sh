#!/bin/bash
# mutant.sh - one mutant of make mutate (scripts/mutate.sh runs one such
# command per mutant as an entry of a regression list: regress.sh gives the
# parallel runs, the time limits, the progress line and the logs).
#
# usage: scripts/mutant.sh WORK ID
#   WORK/src       the snapshot of the sources; WORK/env the settings
#                  (BUILD, SUBJ jobs, TL per-test limit, XL lists, KEEP)
#   WORK/m/ID/     file, sed, tests, targets of the mutant (ID "base": the
#                  unmutated baseline, no edit)
# In a scratch tree WORK/t/ID (the snapshot, and a mirror of BUILD: hard
# links to its programs and Verilated builds, copies of what make writes in
# place), applies the edit, deletes the Verilated builds that read the
# edited file, makes the tests' programs, runs the tests (regress.sh) and
# classifies: CAUGHT (a named test failed its checks or timed out), ESCAPED
# (all passed), NOT-BUILT (make failed), HARNESS (a test could not run: exit
# 126/127, a missing program or RTL build; or make wrote into BUILD through
# a hard link). Writes "VERDICT<TAB>SECONDS<TAB>DETAIL" to WORK/res/ID and
# prints it; logs in BUILD/mutate/logs/ID/. Exit 0 if CAUGHT (the baseline:
# if every test passed), 1 otherwise.
set -u
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
[ $# = 2 ] && [ -r "$1/env" ] && [ -d "$1/m/$2" ] || { echo "usage: mutant.sh WORK ID (run by scripts/mutate.sh)" >&2; exit 2; }
WORK=$1 ID=$2
. "$WORK/env"
cd "$(dirname "$0")/.." || exit 2
md=$WORK/m/$ID d=$WORK/t/$ID log=$BUILD/mutate/logs/$ID
t0=$(date +%s)
mapfile -t tests < "$md/tests"
mapfile -t targets < "$md/targets"
rm -rf "$log" "$d"
mkdir -p "$log" "$WORK/res" "$WORK/t"
finish() { # VERDICT DETAIL
    printf '%s\t%s\t%s\n' "$1" $(($(date +%s) - t0)) "$2" > "$WORK/res/$ID"
    printf '%-9s %-24s %4ds  %s\n' "$1" "$ID" $(($(date +%s) - t0)) "$2"
    [ "$KEEP" = 1 ] || rm -rf "$d"
    [ "$1" = CAUGHT ] || { [ "$ID" = base ] && [ "$1" = ESCAPED ]; }
    exit $?
}
# the scratch tree: the binaries and Verilated builds as hard links (make
# replaces a program it relinks: a new file), the rest copied; traced
# programs left out (a lockstep divergence would rerun the unmutated one)
cp -a "$WORK/src" "$d" && mkdir -p "$d/$BUILD" || finish HARNESS "cannot make the scratch tree $d"
for x in bin cells tests v; do
    [ ! -e "$BUILD/$x" ] || cp -al "$BUILD/$x" "$d/$BUILD/$x" || finish HARNESS "cannot link $BUILD/$x"
done
for x in obj cfg libnr.a libnrmodel.a genfmt .deps-ok; do
    [ ! -e "$BUILD/$x" ] || cp -a "$BUILD/$x" "$d/$BUILD/$x" || finish HARNESS "cannot copy $BUILD/$x"
done
rm -f "$d/$BUILD"/bin/*-trace
if [ "$ID" != base ]; then
    file=$(cat "$md/file")
    sed --sandbox -e "$(cat "$md/sed")" "$WORK/src/$file" > "$d/$file" || finish HARNESS "sed failed"
    diff -u "$WORK/src/$file" "$d/$file" | sed "1,2s#$WORK/src/##; 1,2s#$d/##" > "$log/diff"
    # the Verilated builds that read the file are made again from the mutant
    grep -lx -F "$file:" "$d/$BUILD"/v/*/deps.mk 2> /dev/null | xargs -r -n1 dirname | xargs -r rm -rf
fi
touch "$d/.stamp"
if [ ${#targets[@]} -gt 0 ] && ! (cd "$d" && make --no-print-directory -j"$SUBJ" BUILD="$BUILD" "${targets[@]}") > "$log/make.log" 2>&1; then
    finish NOT-BUILT "make failed: $(grep -m1 -E '%(Warning|Error)|error:|\*\*\*' "$log/make.log" | cut -c1-110)"
fi
lw=$(find "$d/$BUILD" -type f -links +1 -newer "$d/.stamp" ! -name .lock 2> /dev/null)
[ -z "$lw" ] || finish HARNESS "make wrote into $BUILD through a hard link: $lw"
# the named tests on the scratch build
re=$(printf '%s\n' "${tests[@]}" | sed 's/[.+]/\\&/g' | paste -sd '|')
read -r -a lists <<< "$XL"
(cd "$d" && NR_PROGRESS=0 scripts/regress.sh -b "$BUILD" -j "$SUBJ" -t "$TL" -f "^($re)\$" "${lists[@]}") > "$log/regress.out" 2>&1
cp "$log/regress.out" "$WORK/res/$ID.regress"
caught=() harness=() failed=()
for t in "${tests[@]}"; do
    line=$(grep -E "^(PASS|FAIL) $t " "$log/regress.out")
    tl=$d/$BUILD/regress/$t.log
    [ -n "$line" ] || { harness+=("$t did not run"); continue; }
    [ "${line%% *}" = PASS ] && continue
    cp "$tl" "$log/" 2> /dev/null
    last=$(grep -v '^[[:space:]]*$' "$tl" 2> /dev/null | tail -1 | cut -c1-120)
    if [[ $line =~ \(timed\ out ]]; then caught+=("$t (timeout)")
    elif [[ $line =~ \(exit\ (126|127), ]] || grep -qE 'command not found|no RTL build for configuration|: No such file or directory$' "$tl" 2> /dev/null; then
        harness+=("$t: $last")
    else caught+=("$t"); failed+=("$t: $(grep -oE '\(exit [0-9]+' <<< "$line" | tr -d '(')${last:+: $last}"); fi
done
if [ "$ID" = base ]; then
    [ ${#caught[@]} = 0 ] && [ ${#harness[@]} = 0 ] && finish ESCAPED "all passed"
    finish FAILED "$(IFS=';'; echo "${failed[*]}${harness[*]:+; ${harness[*]}}")"
fi
[ ${#caught[@]} = 0 ] || finish CAUGHT "by $(IFS=,; echo "${caught[*]}")"
[ ${#harness[@]} = 0 ] || finish HARNESS "$(IFS=';'; echo "${harness[*]}")"
finish ESCAPED "all passed: $(IFS=,; echo "${tests[*]}")"
