#!/bin/bash
# cfg_builds_test.sh BUILDDIR/ - the builds column of configs/configs.txt, the
# only list of builds (mk/rtl_builds.mk):
#   - every kind lists configurations (scripts/cfg.sh --with), and the
#     Makefile's variables (nr_cat make) agree with cfg.sh for each one;
#   - a build kind that does not exist is refused with file:line, exit 2, by
#     cfg.sh, by make (before anything is built) and by rtr_sim's reader, and
#     so is smoke or sc on a top that is not a router;
#   - a line without the column (a third field with '=') is still read, with
#     no builds;
#   - the builds column is not part of what a build is made from: the
#     configuration stamp of a line does not change when only its builds do;
#   - a Verilated build depends on the files Verilator read for it (its
#     deps.mk): with yarc-k16 built, touching a leaf of the nwn switches only
#     leaves it up to date, touching a YARC leaf or an included .svh does not,
#     and make -n on it changes nothing.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
[ $# = 1 ] || { echo "usage: cfg_builds_test.sh BUILDDIR/" >&2; exit 2; }
B=${1%/}
cd "$(dirname "$0")/.."
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0
bad() { echo "FAIL $*"; fail=1; }

for k in rtl trace smoke sc area lint; do
    l=$(scripts/cfg.sh --with "$k") || bad "cfg.sh --with $k: exit $?"
    [ -n "$l" ] || bad "cfg.sh --with $k: no configuration"
done
"$B/bin/nr_cat" make > "$T/cfg.mk" || bad "nr_cat make: exit $?"
for c in $(scripts/cfg.sh --with rtl) fifo-64; do
    want=$(scripts/cfg.sh "$c" builds | tr '\n' ' ' | sed 's/ $//')
    got=$(sed -n "s/^CFG_BUILDS_$c := //p" "$T/cfg.mk")
    [ "$want" = "$got" ] || bad "$c: cfg.sh builds '$want', nr_cat make '$got'"
    want=$(scripts/cfg.sh "$c" | sed 's/ $//')
    got=$(sed -n "s/^CFG_GP_$c := //p" "$T/cfg.mk")
    [ "$want" = "$got" ] || bad "$c: cfg.sh gparams '$want', nr_cat make '$got'"
done
# yarc-k16's smoke test and rtr_sim build are in make's lists
grep -q '^CFG_BUILDS_yarc-k16 := .*smoke' "$T/cfg.mk" || bad "yarc-k16 has no smoke build"

# an unknown kind, on line 3 of a file of our own
printf '# mine\nok-a nr_yarc - Rows=4 Cols=4\nbad-b nr_yarc rtl,trcae Rows=4 Cols=4\n' > "$T/bad.txt"
out=$(NR_CONFIGS=$T/bad.txt scripts/cfg.sh ok-a 2>&1); rc=$?
{ [ $rc = 2 ] && grep -q "bad.txt:3: unknown build kind 'trcae'" <<< "$out"; } || bad "cfg.sh: exit $rc, $out"
out=$(make --no-print-directory BUILD="$B" NR_CONFIGS="$T/bad.txt" "$B/bin/rtr_sim-ok-a" 2>&1); rc=$?
{ [ $rc = 2 ] && grep -q "unknown build kind 'trcae'" <<< "$out"; } || bad "make: exit $rc, $(tail -3 <<< "$out")"
[ -e "$B/v/ok-a" ] && bad "make built $B/v/ok-a from a file with a broken line"
out=$("$B/bin/rtr_sim" --cfg-file "$T/bad.txt" --cfg ok-a --warmup 10 --measure 10 2>&1); rc=$?
{ [ $rc = 2 ] && grep -q "bad.txt:3: unknown build kind 'trcae'" <<< "$out"; } || bad "rtr_sim: exit $rc, $out"

# smoke and sc are router builds: on an LCB port they are refused the same way
printf 'lp-e nr_lcb_port rtl,smoke NumVcs=2\n' > "$T/lp.txt"
out=$(NR_CONFIGS=$T/lp.txt scripts/cfg.sh lp-e 2>&1); rc=$?
{ [ $rc = 2 ] && grep -q "lp.txt:1: build kind 'smoke' of lp-e is for a router organization's RTL top" <<< "$out"; } ||
    bad "cfg.sh smoke on nr_lcb_port: exit $rc, $out"
out=$("$B/bin/rtr_sim" --cfg-file "$T/lp.txt" --cfg yarc-k16 2>&1); rc=$?
{ [ $rc = 2 ] && grep -q "lp.txt:1: build kind 'smoke' of lp-e is for a router organization's RTL top" <<< "$out"; } ||
    bad "rtr_sim smoke on nr_lcb_port: exit $rc, $out"

# one rule of a legal name, everywhere a name is read: a name make cannot use
# as a file or variable name is refused by the reader, by make and by rtr_sim
for nm in 'my+k16' 'my/k16' '-k16'; do
    printf 'ok-e nr_yarc - Rows=4 Cols=4\n%s nr_yarc - Rows=4 Cols=4\n' "$nm" > "$T/nm.txt"
    out=$(NR_CONFIGS=$T/nm.txt scripts/cfg.sh ok-e 2>&1); rc=$?
    { [ $rc = 2 ] && grep -qF "nm.txt:2: configuration '$nm' is not a legal name" <<< "$out"; } ||
        bad "cfg.sh, name '$nm': exit $rc, $out"
    out=$("$B/bin/rtr_sim" --cfg-file "$T/nm.txt" --cfg ok-e 2>&1); rc=$?
    { [ $rc = 2 ] && grep -qF "'$nm' is not a legal name" <<< "$out"; } || bad "rtr_sim, name '$nm': exit $rc, $out"
    out=$(make --no-print-directory BUILD="$B" NR_CONFIGS="$T/nm.txt" "$B/bin/rtr_sim-ok-e" 2>&1); rc=$?
    { [ $rc != 0 ] && grep -qF "'$nm' is not a legal name" <<< "$out"; } || bad "make, name '$nm': exit $rc, $(tail -2 <<< "$out")"
done

# a line without the builds column
printf 'old-c nr_yarc Rows=4 Cols=4 UseLcb=0\n' > "$T/old.txt"
[ "$(NR_CONFIGS=$T/old.txt scripts/cfg.sh old-c params)" = "Rows=4 Cols=4 UseLcb=0" ] || bad "no column: params"
[ -z "$(NR_CONFIGS=$T/old.txt scripts/cfg.sh old-c builds)" ] || bad "no column: builds not empty"
"$B/bin/rtr_sim" --cfg-file "$T/old.txt" --cfg old-c --warmup 10 --measure 50 > "$T/old.log" 2>&1 ||
    bad "rtr_sim on a line without the column: $(tail -2 "$T/old.log")"

# the stamp ignores the builds column
printf 'st-d nr_yarc - Rows=4 Cols=4\n' > "$T/s1.txt"
printf 'st-d nr_yarc rtl,area Rows=4 Cols=4\n' > "$T/s2.txt"
printf 'st-d nr_yarc rtl,area Rows=4 Cols=8\n' > "$T/s3.txt"
"$B/bin/nr_cat" --cfg-file "$T/s1.txt" stamps "$T/st"; s1=$(cat "$T/st/st-d.stamp")
"$B/bin/nr_cat" --cfg-file "$T/s2.txt" stamps "$T/st"; s2=$(cat "$T/st/st-d.stamp")
"$B/bin/nr_cat" --cfg-file "$T/s3.txt" stamps "$T/st"; s3=$(cat "$T/st/st-d.stamp")
[ "$s1" = "$s2" ] || bad "stamp changed with the builds column only: '$s1' -> '$s2'"
[ "$s2" != "$s3" ] || bad "stamp did not change with a parameter"

# per-top dependencies from Verilator's list. make -n -W F prints what
# touching F would run (the '+' recipe of vbuild.sh runs even under -n, and
# does nothing then).
L=$B/v/yarc-k16/libVnr_yarc.a
would() { make --no-print-directory -n BUILD="$B" "$L" ${1:+-W "$1"} 2>&1 | grep -c 'vbuild\.sh'; }
if [ -f "$L" ] && [ "$(would)" = 0 ]; then
    grep -q '^[^:]*libVnr_yarc.a:.* rtl/yarc/nr_rbd.sv' "$B/v/yarc-k16/deps.mk" ||
        bad "$B/v/yarc-k16/deps.mk does not list rtl/yarc/nr_rbd.sv"
    grep -q 'rtl/nwn/' "$B/v/yarc-k16/deps.mk" && bad "$B/v/yarc-k16/deps.mk lists nwn files"
    [ "$(would rtl/nwn/nr_nwn_sub.sv)" = 0 ] || bad "touching rtl/nwn/nr_nwn_sub.sv would rebuild yarc-k16"
    before=$(stat -c %Y "$L")
    for f in rtl/yarc/nr_rbd.sv rtl/inc/nr_assert.svh; do
        [ "$(would "$f")" = 1 ] || bad "touching $f would not rebuild yarc-k16"
    done
    [ "$(stat -c %Y "$L")" = "$before" ] && [ "$(would)" = 0 ] || bad "make -n touched or broke $L"
else
    bad "$L is not built and up to date (make test builds it first)"
fi

[ $fail = 0 ] && echo "cfg_builds_test: ok"
exit $fail
