#!/bin/bash
# mutate_selftest.sh - the test of scripts/mutate.sh (make mutate) that make
# test runs (tests/scripts.list, mutate-selftest). Cheap: one cell, judged by
# cells-fifo-d3, on what BUILD holds (mutate.sh -n: nothing is made in BUILD).
#   1. tests/mutate/mutants.list still applies to the RTL (mutate.sh -c):
#      every mutant changes exactly one line and names known tests;
#   2. tests/mutate/selftest.list: the FIFO bypass bug is CAUGHT, the comment
#      edit ESCAPED; score "mutants: 1 caught of 2 (50 %)", exit 1 (an escape);
#   3. a list with a sed that changes nothing, one that changes many lines and
#      an unknown test is refused with exit 2, each one named, nothing run;
#   4. a test that fails on the unmutated build stops the run (exit 2): it
#      cannot judge a mutant;
#   5. a test that cannot run on the mutant (exit 127, a missing program) is a
#      HARNESS failure, not a catch (exit 2);
#   6. rtl/ is the same before and after, and so is BUILD/mutate/summary.txt
#      (a whole run's summary: these runs write summary-part.txt);
#   7. a second run on BUILD while one holds BUILD/mutate/lock exits 2.
# Prints "N passed, N failed"; exit 1 if any check failed.
#   usage: mutate_selftest.sh [BUILD]   (default: build; needs BUILD/cells/fifo_d3)
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
cd "$(dirname "$0")/.." || exit 2
B=${1:-build}; B=${B%/}
[ -x "$B/cells/fifo_d3" ] || { echo "mutate_selftest: $B/cells/fifo_d3 not built (make BUILD=$B $B/cells/fifo_d3)" >&2; exit 2; }
SAY_OK=1 BAD_TAIL=20
. scripts/cli_test_lib.sh
M() { NR_PROGRESS=0 scripts/mutate.sh -b "$B" -n "$@" > "$TMP/out" 2>&1; }
RTLSUM=$(find rtl -type f | sort | xargs md5sum | md5sum)
sumof() { md5sum "$B/mutate/summary.txt" 2> /dev/null || echo none; }
SUMSUM=$(sumof)
FIFO='rtl/common/nr_fifo.sv'

# 1. the team's list applies
M -c; rc=$?
if [ $rc = 0 ] && grep -q 'mutants, each changes one line' "$TMP/out"; then ok "mutants.list applies"
else bad "mutate.sh -c on tests/mutate/mutants.list: exit $rc"; fi

# 2. caught and escaped
M -l tests/mutate/selftest.list; rc=$?
if [ $rc = 1 ] && grep -qE '^CAUGHT +st-fifo-bypass .* by cells-fifo-d3' "$TMP/out" \
   && grep -qE '^ESCAPED +st-fifo-comment ' "$TMP/out" && grep -qx 'mutants: 1 caught of 2 (50 %)' "$TMP/out"; then
    ok "bypass bug caught, comment edit escaped, exit 1"
else bad "selftest.list: exit $rc, want 1 with st-fifo-bypass CAUGHT and st-fifo-comment ESCAPED"; fi

# 3. mutants that do not apply, and an unknown test: refused before anything runs
cat > "$TMP/bad.list" << 'EOF'
st-nothing  fifo  rtl/common/nr_fifo.sv  cells-fifo-d3  s/no such text in the fifo//
st-many     fifo  rtl/common/nr_fifo.sv  cells-fifo-d3  s/logic/logic /
st-notest   fifo  rtl/common/nr_fifo.sv  no-such-test   s/collide = push/collide = !push/
EOF
M -l "$TMP/bad.list"; rc=$?
if [ $rc = 2 ] && grep -q 'st-nothing: .*changes nothing' "$TMP/out" && grep -qE 'st-many: .*changes [0-9]+ lines' "$TMP/out" \
   && grep -q "st-notest: no regression entry 'no-such-test'" "$TMP/out" && grep -q 'nothing was run' "$TMP/out"; then
    ok "a sed that changes nothing or many lines, and an unknown test: exit 2"
else bad "bad.list: exit $rc, want 2 naming st-nothing, st-many and st-notest"; fi

# 4. a test that fails without any mutant cannot judge one
mkdir -p "$TMP/t"
printf 'st-broken: false\n' > "$TMP/t/broken.list"
printf 'st-x  fifo  %s  st-broken  s/collide = push/collide = !push/\n' "$FIFO" > "$TMP/x.list"
M -l "$TMP/x.list" -L "$TMP/t/broken.list"; rc=$?
if [ $rc = 2 ] && grep -q 'baseline: st-broken fails on the unmutated build' "$TMP/out"; then
    ok "a test failing on the unmutated build: exit 2"
else bad "baseline failure: exit $rc, want 2 with 'baseline: st-broken fails'"; fi

# 5. a test that cannot run on the mutant (its program is missing) is no catch
printf "st-harness: grep -q 'wptr_q == rptr_d' %s || nr_no_such_program\n" "$FIFO" > "$TMP/t/harness.list"
printf 'st-h  fifo  %s  st-harness  s/collide = push \\&\\& (wptr_q == rptr_d);/collide = push \\&\\& (wptr_q == rptr_q);/\n' \
    "$FIFO" > "$TMP/h.list"
M -l "$TMP/h.list" -L "$TMP/t/harness.list"; rc=$?
if [ $rc = 2 ] && grep -qE '^HARNESS +st-h ' "$TMP/out" && grep -qx 'mutants: 0 caught of 1 (0 %)' "$TMP/out"; then
    ok "a test that cannot run (exit 127) is HARNESS, not caught: exit 2"
else bad "harness failure: exit $rc, want 2 with st-h HARNESS"; fi

# 6. the real RTL is untouched
if [ "$(find rtl -type f | sort | xargs md5sum | md5sum)" = "$RTLSUM" ]; then ok "rtl/ unchanged"
else : > "$TMP/out"; bad "rtl/ changed during the self-test"; fi
if [ "$(sumof)" = "$SUMSUM" ] && [ -s "$B/mutate/summary-part.txt" ]; then ok "$B/mutate/summary.txt unchanged, summary-part.txt written"
else : > "$TMP/out"; bad "the self-test's runs changed $B/mutate/summary.txt or wrote no summary-part.txt"; fi
# 7. one run at a time per BUILD
mkdir -p "$B/mutate"
flock "$B/mutate/lock" env NR_PROGRESS=0 scripts/mutate.sh -b "$B" -n -l tests/mutate/selftest.list > "$TMP/out" 2>&1; rc=$?
if [ $rc = 2 ] && grep -q 'another mutate.sh runs on' "$TMP/out"; then ok "a second run while one holds the lock: exit 2"
else bad "a run beside a lock holder: exit $rc, want 2 with 'another mutate.sh runs on'"; fi

finish
