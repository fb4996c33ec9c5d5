#!/bin/bash
# regress_selftest.sh - tests of the regression runner scripts/regress.sh on tiny
# lists in a temporary directory: a passing, a failing and a hanging entry (the
# hang must be killed at its own [timeout=..] and count as a FAIL, its
# background child too), duplicate names (in one list and across two: exit 2),
# -k, -t, -b and bad options; an entry running a job runner of its own; the JUnit report (build/regress/junit.xml, read
# back by the checker JUNIT_CHECK (Python's xml.etree): counts, failure messages and log
# tails, XML escaping of hostile output, and corrupted reports that it must
# reject); and the progress line, which must show on a terminal (util-linux
# script(1) gives the runner a pty) and not in a pipe. Prints "N passed, N failed".
#   usage: regress_selftest.sh [REGRESS [JUNIT_CHECK]]
#          (defaults: scripts/regress.sh, scripts/junit_check.py)
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
R=${1:-scripts/regress.sh}
J=${2:-scripts/junit_check.py}
R=$(cd "$(dirname "$R")" && pwd)/$(basename "$R")
[ -x "$J" ] || { echo "regress_selftest: cannot run $J" >&2; exit 2; }
J=$(cd "$(dirname "$J")" && pwd)/$(basename "$J")
command -v script > /dev/null || { echo "regress_selftest: needs script(1) (util-linux)" >&2; exit 2; }
BAD_TAIL=20
. "$(dirname "$0")/cli_test_lib.sh"
cd "$TMP" || exit 2
mkdir -p b h e p n   # the build directories the runs below name (-b wants one that exists)
# check_rc DESC CODE REGEX...: last run's exit status is CODE and its output
# matches every extended REGEX
check_rc() {
    local desc=$1 code=$2; shift 2
    if [ "$rc" -ne "$code" ]; then bad "$desc: exit $rc, want $code"; return; fi
    for re in "$@"; do
        grep -Eq -- "$re" "$TMP/out" || { bad "$desc: no /$re/ in the output"; return; }
    done
    ok
}

# 1. pass, fail, hang with a short per-entry timeout; the hang leaves a
#    background child that must be killed with it.
cat > a.list <<'EOF'
# a comment, then a blank line

t-pass: true
t-fail: echo "something broke"; exit 3
t-hang [timeout=2]: sleep 300 & echo $! > hang.pid; wait
EOF
t0=$(date +%s)
"$R" -b "$TMP/b" -j 3 a.list > out 2>&1; rc=$?
t1=$(date +%s)
check_rc "pass/fail/hang" 1 '^PASS t-pass ' '^FAIL t-fail .*\(exit 3, log ' '    \| something broke' \
    '^FAIL t-hang .*\(timed out after 2 s, log ' '^1 passed, 2 failed$'
if [ $((t1 - t0)) -lt 30 ]; then ok; else bad "the hang took $((t1 - t0)) s to stop (timeout 2 s)"; fi
grep -q 'timed out after 2 s' "$TMP/b/regress/t-hang.log" && ok || bad "no timeout note in the hang's log"
# alive = exists and is not a zombie (a container's init may never reap it)
alive() { local st; st=$(ps -o stat= -p "$1" 2>/dev/null) && [ -n "$st" ] && [ "${st#Z}" = "$st" ]; }
sleep 0.5
if [ -s hang.pid ] && ! alive "$(cat hang.pid)"; then ok; else
    bad "the hung test's child $(cat hang.pid 2>/dev/null) survived"; kill "$(cat hang.pid)" 2>/dev/null; fi

# 1b. the JUnit report of that run: 3 testcases, t-fail and t-hang failed with
#     a message and the log tail, t-pass passed; the closing line is unchanged
X=$TMP/b/regress/junit.xml
"$J" --text --tests 3 --failures 2 --failed t-fail --failed t-hang --passed t-pass "$X" > out 2>&1; rc=$?
check_rc "junit.xml counts and failures" 0 'well-formed, 3 testcases, 2 failed'
grep -q 'message="exit 3: something broke (log ' "$X" && grep -q 'message="timed out after 2 s (log ' "$X" &&
    ok || { cp "$X" out; bad "junit.xml: failure messages"; }
# the checker is not a rubber stamp: a failure without its message, a bare
# '&', a count that does not match and a truncated file are all rejected
sed 's/ message="exit 3[^"]*"//' "$X" > x1.xml
sed 's/exit 3: something broke/exit 3 \& broke/' "$X" > x2.xml
sed 's/tests="3"/tests="4"/' "$X" > x3.xml
head -c 300 "$X" > x4.xml
for x in x1 x2 x3 x4; do
    "$J" "$x.xml" > out 2>&1; rc=$?
    check_rc "junit_check rejects $x.xml" 1 'junit_check: .*(problem|not well-formed|unclosed token|no element found)'
done
# the parser's other refusals, each named with line:column; a DTD is refused
printf '<testsuite tests="1" a="1" a="2"><testcase name="x"/></testsuite>' > y1.xml
printf '<testsuite tests=1><testcase name="x"/></testsuite>' > y2.xml
printf '<testsuite tests="1"><testcase name="x"></testsuit>' > y3.xml
printf '<testsuite tests="1" n="a<b"><testcase name="x"/></testsuite>' > y4.xml
printf '<!DOCTYPE x [<!ENTITY a "b">]><testsuite tests="1"><testcase name="x"/></testsuite>' > y5.xml
for y in "y1:1:28: duplicate attribute" "y2:1:18: not well-formed" \
         "y3:1:43: mismatched tag" "y4:1:26: not well-formed" "y5:1:13: a DTD"; do
    f=${y%%:*}
    "$J" "$f.xml" > out 2>&1; rc=$?
    check_rc "junit_check rejects $f.xml" 1 "junit_check: $f.xml:${y#*:}"
done
"$J" --tests many "$X" > out 2>&1; rc=$?
check_rc "junit_check bad usage" 2 '--tests wants a count'
# hostile output: markup, quotes, a CDATA end, control characters and bytes
# that are not UTF-8 in the log tail and the command
cat > h.list <<'EOF'
h-pass: true
h-fail: printf 'x <tag a="1"> & ]]> \001\033[31m \377\376 \302\265m\n'; echo "it's <broken> & \"quoted\""; exit 1
EOF
"$R" -b "$TMP/h" h.list > out 2>&1; rc=$?
check_rc "hostile output: closing line" 1 '^1 passed, 1 failed$'
"$J" --text --tests 2 --failures 1 --failed h-fail --passed h-pass "$TMP/h/regress/junit.xml" > out 2>&1; rc=$?
check_rc "hostile output: junit.xml parses" 0 'well-formed, 2 testcases, 1 failed'
grep -q "it's &lt;broken&gt; &amp; &quot;quoted&quot;" "$TMP/h/regress/junit.xml" &&
    ok || { cp "$TMP/h/regress/junit.xml" out; bad "hostile output: escaped text not in junit.xml"; }
# no tests selected: still a (valid, empty) report
"$R" -b "$TMP/e" -f '^nomatch$' h.list > out 2>&1; rc=$?
check_rc "no tests selected" 1 '^0 passed, 0 failed$'
"$J" --tests 0 "$TMP/e/regress/junit.xml" > out 2>&1; rc=$?
check_rc "empty junit.xml" 0 'well-formed, 0 testcases'

# 1c. progress: on a terminal a status line (tests done / total, ETA) on
#     stderr; in a pipe none, and the output is the plain one
printf 'p-a: sleep 1.5\np-b: sleep 1.5; false\np-c: true\n' > p.list
script -q -c "'$R' -b '$TMP/p' -j 1 p.list" /dev/null < /dev/null > tty.out 2>&1
cp tty.out out; rc=0
check_rc "progress on a tty" 0 'regress: [0-3]/3 done \([0-9]+ %\)(, 1 failed)?, 0:0[0-9] elapsed, ETA ' \
    'regress: [1-3]/3 done .*ETA 0:0[0-9]'
# strip the status line (each drawing ends at the next clear, ESC [ K)
sed 's/.*\x1b\[K//' tty.out | tr -d '\r' > out
check_rc "tty output under the status line" 0 '^PASS p-a ' '^FAIL p-b .*\(exit 1, log ' '^2 passed, 1 failed$'
tail -n 1 out | grep -qx '2 passed, 1 failed' && ok || bad "tty: the closing line is not the last line"
"$R" -b "$TMP/p" -j 1 p.list 2>&1 | cat > out; rc=${PIPESTATUS[0]}
if grep -q 'ETA\|done (' out || LC_ALL=C grep -q $'[\r\x1b]' out; then bad "progress shown in a pipe"; else ok; fi
check_rc "pipe output" 1 '^PASS p-a ' '^2 passed, 1 failed$'

# 2. -t sets the default limit; an entry's [timeout=..] overrides it
printf 't-slow: sleep 5\nt-slow-ok [timeout=20]: sleep 2\n' > t.list
"$R" -b "$TMP/b" -j 2 -t 1 t.list > out 2>&1; rc=$?
check_rc "-t default, [timeout] override" 1 '^FAIL t-slow .*timed out after 1 s' '^PASS t-slow-ok ' '^1 passed, 1 failed$'

# 3. duplicate names: in one list, and across two lists (exit 2, file:line)
printf 'd-one: true\nd-two: true\nd-one: false\n' > dup.list
"$R" -b "$TMP/b" dup.list > out 2>&1; rc=$?
check_rc "duplicate in one list" 2 "dup.list:3: duplicate test name 'd-one' \(first at dup.list:1\)"
printf 'd-two: true\n' > dup2.list
printf 'd-one: true\nd-two: true\n' > dup1.list
"$R" -b "$TMP/b" dup1.list dup2.list > out 2>&1; rc=$?
check_rc "duplicate across lists" 2 "dup2.list:1: duplicate test name 'd-two' \(first at dup1.list:2\)"
# a filter does not hide a duplicate
"$R" -b "$TMP/b" -f '^d-one$' dup.list > out 2>&1; rc=$?
check_rc "duplicate under -f" 2 "duplicate test name 'd-one'"

# 4. -k (documented: keep going, the default) is accepted; every test runs
printf 'k-fail: false\nk-pass: true\n' > k.list
"$R" -b "$TMP/b" -k k.list > out 2>&1; rc=$?
check_rc "-k" 1 '^FAIL k-fail ' '^PASS k-pass ' '^1 passed, 1 failed$'

# 5. -b DIR: build/ paths in commands and the logs go to DIR
mkdir -p "$TMP/other/bin" && printf '#!/bin/sh\necho from-other\n' > "$TMP/other/bin/tool" && chmod +x "$TMP/other/bin/tool"
printf 'b-tool: build/bin/tool | grep -q from-other && x=build/bin/tool && test -x "$x"\n' > b.list
"$R" -b "$TMP/other" b.list > out 2>&1; rc=$?
check_rc "-b" 0 '^PASS b-tool ' '^1 passed, 0 failed$'
[ -f "$TMP/other/regress/b-tool.log" ] && ok || bad "-b: no log in DIR/regress"

# 5b. an entry that runs a job runner of its own (as sweep-selftest runs a
#     sweep) must not disturb the outer run's output and counts: the outer
#     runner's copy of its output (JR_TEE) is not inherited (it once was, and
#     make test then reported "21 passed" of 261 and exit 1)
JR=$(dirname "$R")/jobrun.sh
printf 'a\nb\nc\n' > "$TMP/items"
{
    printf 'n-one: true\n'
    printf 'n-nested: . %s; f() { sleep 0.2; echo inner $1; }; export -f f; jr_run %s 2 inner f\n' "$JR" "$TMP/items"
    printf 'n-two: sleep 0.5\n'
    printf 'n-three: sleep 0.6\n'
} > n.list
"$R" -j 2 -b "$TMP/n" n.list > out 2>&1; rc=$?
check_rc "nested job runner" 0 '^PASS n-nested ' '^4 passed, 0 failed$'

# 6. bad usage and bad lists exit 2; a build directory that does not exist
#    is refused, not created; -n lists the entries and runs nothing
"$R" -b "$TMP/none/x" a.list > out 2>&1; rc=$?
check_rc "-b of no directory" 2 "-b $TMP/none/x: no such directory"
[ ! -e "$TMP/none" ] && ok || bad "-b created $TMP/none"
"$R" -b "$TMP/b" -f '(' a.list > out 2>&1; rc=$?
check_rc "-f bad regex" 2 "is not an extended regular expression"
"$R" -b "$TMP/b" -l 'no_such_launcher --' a.list > out 2>&1; rc=$?
check_rc "-l of no command" 2 "no command 'no_such_launcher'"
rm -f hang.pid
"$R" -n -b "$TMP/other" -f '^t-(pass|hang)$' a.list b.list > out 2>&1; rc=$?
check_rc "-n" 0 "^t-pass"$'\t'"true$" "^t-hang"$'\t'"sleep 300"
[ "$(wc -l < out)" = 2 ] && [ ! -e hang.pid ] && ok || bad "-n ran something or listed more than the selection"
"$R" --help > out 2>&1; rc=$?
check_rc "--help" 0 "^usage: regress.sh"
"$R" -t soon a.list > out 2>&1; rc=$?
check_rc "-t bad" 2 "-t wants seconds"
"$R" -x a.list > out 2>&1; rc=$?
check_rc "unknown option" 2 "usage: regress.sh"
printf 'no colon here\n' > bad.list
"$R" -b "$TMP/b" bad.list > out 2>&1; rc=$?
check_rc "bad line" 2 "bad.list:1: expected 'name: command'"
printf 'x [timeout=abc]: true\n' > bad2.list
"$R" -b "$TMP/b" bad2.list > out 2>&1; rc=$?
check_rc "bad timeout" 2 "bad2.list:1: expected"

finish
