#!/bin/bash
# cov_summary_test.sh - the coverage summary (tb/tools/cov_summary.c) on a
# made-up coverage file: a
# point of a file instantiated twice is covered when one instance hit it,
# line and branch points count as line points, toggles apart; a file with no
# points exits 2; lines not hit are listed, waived ones with their reason, a
# stale waiver is reported, a waiver whose evidence ("[cover NAME]") was not
# hit does not apply; a waiver anchored to its line's text follows the text
# (moved) or does not apply (lost), and the kit's own waivers sit on their
# text. Prints "N passed, N failed".
#   usage: cov_summary_test.sh [COV_SUMMARY]   (default build/bin/cov_summary)
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
S=${1:-build/bin/cov_summary}
[ -x "$S" ] || { echo "cov_summary_test: $S is not built (make $S)" >&2; exit 2; }
. "$(dirname "$0")/cli_test_lib.sh"
pt() { printf "C '\001f\002%s\001l\002%s\001n\0020\001page\002%s\001o\002%s\001h\002%s' %s\n" "$@"; }
{
    echo "# SystemC::Coverage-3"
    pt rtl/a.sv 10 v_line/a block top.u0 0
    pt rtl/a.sv 10 v_line/a block top.u1 3
    pt rtl/a.sv 12 v_branch/a if top.u0 0
    pt rtl/a.sv 10 v_branch/a else top.u0 0
    pt rtl/a.sv 14 v_line/a block top.u0 5
    pt rtl/a.sv 5 v_toggle/a 'x[0]' top.u0 2
    pt rtl/a.sv 5 v_toggle/a 'x[1]' top.u1 0
    pt rtl/b.sv 7 v_line/b block top.v 0
    pt rtl/b.sv 9 v_user/b c_seen top.v 4
    pt rtl/b.sv 10 v_user/b c_never top.v 0
} > "$TMP/m.dat"
"$S" "$TMP/m.dat" > "$TMP/out" 2>&1; rc=$?
[ $rc -eq 0 ] && ok || bad "exit $rc"
grep -Eq '^rtl/a.sv +2/4 +50% +1/2 +50% +0/0 +100%$' "$TMP/out" && ok || bad "rtl/a.sv: $(grep a.sv "$TMP/out")"
grep -Eq '^rtl/b.sv +0/1 +0% +0/0 +100% +1/2 +50%$' "$TMP/out" && ok || bad "rtl/b.sv: $(grep b.sv "$TMP/out")"
grep -Eq '^total +2/5 +40.0% +1/2 +50.0% +1/2 +50.0%$' "$TMP/out" && ok || bad "total: $(grep total "$TMP/out")"
grep -qx 'cover point not hit: rtl/b.sv:10 c_never' "$TMP/out" && ! grep -q c_seen "$TMP/out" && ok ||
    bad "uncovered cover points: $(grep 'not hit' "$TMP/out")"
# lines: a.sv:10 was hit by one instance; a.sv:12 (a branch) and b.sv:7 were not
grep -qx 'line not hit: rtl/b.sv:7' "$TMP/out" && grep -qx 'line not hit: rtl/a.sv:12' "$TMP/out" &&
    grep -qx 'lines not hit and not waived: 2' "$TMP/out" && ! grep -q 'line not hit: rtl/a.sv:10' "$TMP/out" &&
    ok || bad "lines not hit: $(grep 'line' "$TMP/out")"
# the else arm on line 10, which another point of the line hit, is listed apart
grep -qx 'point not hit on a line otherwise hit: rtl/a.sv:10 col 0 else' "$TMP/out" &&
    grep -qx 'points not hit on lines otherwise hit, not waived: 1' "$TMP/out" && ok ||
    bad "points: $(grep 'point' "$TMP/out")"
# a waiver explains rtl/b.sv:7 (a.sv:12 stays open); one for a line whose
# points were all hit is stale
printf '# reasons\nrtl/b.sv:7 unreachable by design: a made-up reason\nrtl/a.sv:14 stale one\n' > "$TMP/w.txt"
"$S" "$TMP/m.dat" "$TMP/w.txt" > "$TMP/outw" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -qx 'line waived: rtl/b.sv:7: unreachable by design: a made-up reason' "$TMP/outw" &&
    grep -qx 'lines not hit and not waived: 1' "$TMP/outw" && grep -qx 'waiver stale: rtl/a.sv:14 (hit)' "$TMP/outw" &&
    ok || bad "waivers: exit $rc, $(grep -E 'waive|not hit' "$TMP/outw")"
# evidence: a waiver naming a cover point that was hit applies (the else arm
# of a.sv:10); one naming a point no run hit does not (b.sv:7 stays open)
printf 'rtl/a.sv:10 a tool artifact [cover c_seen]\nrtl/b.sv:7 unreachable [cover c_never]\n' > "$TMP/w2.txt"
"$S" "$TMP/m.dat" "$TMP/w2.txt" > "$TMP/outw2" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -qx 'point waived: rtl/a.sv:10 col 0 else: a tool artifact \[cover c_seen\]' "$TMP/outw2" &&
    grep -qx 'points not hit on lines otherwise hit, not waived: 0' "$TMP/outw2" &&
    grep -qx 'line not hit: rtl/b.sv:7' "$TMP/outw2" && grep -qx 'lines not hit and not waived: 2' "$TMP/outw2" &&
    grep -qx 'waiver unsupported: rtl/b.sv:7 (its cover point was not hit)' "$TMP/outw2" &&
    ok || bad "evidence: exit $rc, $(grep -E 'waive|not hit' "$TMP/outw2")"
# anchors: a waiver carrying its line's text applies where the text is. b.sv's
# line 7 holds "stuck <= 1"; one waiver names it at 7 (applies), one at 3
# as if the file had grown four lines since (moved to 7, applies, reported),
# one whose text is on no line (lost, not applied), one whose text is on two
# lines other than its own (lost), one in a file that cannot be read (lost)
mkdir -p "$TMP/src/rtl"
printf 'module b;\n  reg x;\n  // x\n  // x\n  // x\n  // y\n  stuck <= 1;\n  // y\n' > "$TMP/src/rtl/b.sv"
printf 'rtl/b.sv:7 "stuck <= 1" held\n' > "$TMP/w3.txt"
SRCROOT=$TMP/src "$S" "$TMP/m.dat" "$TMP/w3.txt" > "$TMP/outw3" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -qx 'line waived: rtl/b.sv:7: held' "$TMP/outw3" && ! grep -q 'waiver moved' "$TMP/outw3" &&
    ok || bad "anchor in place: exit $rc, $(grep -E 'waive' "$TMP/outw3")"
printf 'rtl/b.sv:3 "stuck <= 1" held\nrtl/b.sv:2 "gone" lost one\nrtl/b.sv:5 "// y" two\nrtl/c.sv:1 "x" no file\n' > "$TMP/w4.txt"
SRCROOT=$TMP/src "$S" "$TMP/m.dat" "$TMP/w4.txt" > "$TMP/outw4" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -qx 'line waived: rtl/b.sv:7: held' "$TMP/outw4" &&
    grep -qx 'waiver moved: rtl/b.sv:3 -> rtl/b.sv:7 ("stuck <= 1"; renumber it in the waiver file)' "$TMP/outw4" &&
    grep -qx 'waiver lost: rtl/b.sv:2 ("gone" is on 0 lines of the file, not on line 2)' "$TMP/outw4" &&
    grep -qx 'waiver lost: rtl/b.sv:5 ("// y" is on 2 lines of the file, not on line 5)' "$TMP/outw4" &&
    grep -qx "waiver lost: rtl/c.sv:1 (cannot read $TMP/src/rtl/c.sv)" "$TMP/outw4" &&
    ! grep -q 'waiver stale' "$TMP/outw4" && grep -qx 'lines not hit and not waived: 1' "$TMP/outw4" &&
    ok || bad "anchors moved and lost: exit $rc, $(grep -E 'waive' "$TMP/outw4")"
# the kit's own waivers all sit on their lines' text
"$S" "$TMP/m.dat" > "$TMP/outk" 2>&1; rc=$?
[ $rc -eq 0 ] && ! grep -Eq 'waiver (moved|lost)' "$TMP/outk" && ok ||
    bad "rtl/cov_waivers.txt: $(grep -E 'waiver (moved|lost)' "$TMP/outk")"
"$S" "$TMP/m.dat" "$TMP/none.txt" > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok || bad "missing waiver file: exit $rc, want 2"
echo "# SystemC::Coverage-3" > "$TMP/e.dat"
"$S" "$TMP/e.dat" > /dev/null 2>&1; rc=$?
[ $rc -eq 2 ] && ok || bad "no points: exit $rc, want 2"
finish
