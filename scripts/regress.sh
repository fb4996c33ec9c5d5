#!/bin/bash
# regress.sh - run regression lists and print "N passed, N failed".
#
# usage: regress.sh [-j N] [-l LAUNCHER] [-f REGEX] [-t SECONDS] [-b DIR] [-k] [-n] LIST...
#   LIST lines are "name: command" or "name [timeout=SECONDS]: command" (blank
#   lines and # comments ignored). Names are unique across all the lists given
#   (a duplicate is an error, exit 2).
#   -j N        run N tests at once on this machine (default 1)
#   -l CMD      prefix every command with CMD, e.g. "srun -N1 --" or
#               "qsub -sync y -b y -cwd" to send tests to a cluster scheduler
#               (-cwd: Grid Engine runs the job in the submit directory, where
#               the lists' relative paths resolve; without it, in $HOME)
#   -f PATTERN  run only tests whose name matches the extended regex PATTERN
#   -t SECONDS  per-test time limit (default 900; 0 = none). An entry's own
#               [timeout=SECONDS] overrides it. A test that runs out of time is
#               killed (its whole process group, SIGKILL 10 s after SIGTERM)
#               and counts as a FAIL ("timed out after S s").
#   -b DIR      run against build directory DIR instead of build/: every word
#               of a command that starts with "build/" starts with "DIR/"
#               instead, and the logs go to DIR/regress/. DIR must exist.
#   -k          keep going after a failure, as make -k: every selected test
#               runs and the summary counts them all. This is also the default
#               (the runner never stops early); -k is accepted so that
#               make-style invocations work.
#   -n          run nothing: print the selected entries, "name<TAB>command"
#               (the command as it would run, -b applied), one per line
#   -h, --help  this text
# Each test's output goes to build/regress/<name>.log; failures print its tail.
# Every run also writes build/regress/junit.xml (JUnit XML for CI dashboards):
# one <testsuite> per list (classname = the list's name), one <testcase> per
# selected entry with its time; a failing one carries a <failure> whose
# message is the exit status (or the timeout) and the log's last line, and
# whose text is the log's last 15 lines (XML-escaped). On a terminal, a status
# line on stderr shows tests done / total and an ETA (scripts/jobrun.sh; the
# output itself is unchanged, and nothing is shown off a terminal).
# NR_BUILD_SECONDS (make test sets it): the seconds the build took before the
# tests; junit.xml then reports the build as its own testcase (suite and
# testcase "build", with that time) and counts it in the root's time.
# Exit 0 if every selected test passed, 1 if any failed, 2 on bad usage or a
# bad list.
set -u
. "$(dirname "$0")/jobrun.sh"
JOBS=1; LAUNCH=""; FILTER=""; TLIMIT=900; BUILDDIR=build
usage() { echo "usage: regress.sh [-j N] [-l LAUNCHER] [-f REGEX] [-t SECONDS] [-b DIR] [-k] [-n] LIST... (--help)" >&2; exit 2; }
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
LIST_ONLY=0
while getopts "j:l:f:t:b:kn" o; do
    case $o in
        j) [[ $OPTARG =~ ^[1-9][0-9]*$ ]] || { echo "regress: -j wants a positive integer, got '$OPTARG'" >&2; exit 2; }; JOBS=$OPTARG ;;
        l) LAUNCH=$OPTARG ;;
        f) FILTER=$OPTARG ;;
        t) [[ $OPTARG =~ ^[0-9]+$ ]] || { echo "regress: -t wants seconds (an integer >= 0), got '$OPTARG'" >&2; exit 2; }; TLIMIT=$((10#$OPTARG)) ;;
        b) [ -n "$OPTARG" ] || { echo "regress: -b wants a directory" >&2; exit 2; }; BUILDDIR=${OPTARG%/} ;;
        k) ;;  # keep going: the default
        n) LIST_ONLY=1 ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage
command -v timeout > /dev/null || { echo "regress: needs timeout(1) (coreutils)" >&2; exit 2; }
[ -d "$BUILDDIR" ] || { echo "regress: -b $BUILDDIR: no such directory (build first, or name an existing build)" >&2; exit 2; }
[[ "" =~ $FILTER ]]; [ $? -ne 2 ] || { echo "regress: -f '$FILTER' is not an extended regular expression" >&2; exit 2; }
BUILD_S=${NR_BUILD_SECONDS:-}
unset NR_BUILD_SECONDS  # this run's build: not the build of a regress.sh a test runs
[ -z "$BUILD_S" ] || [[ $BUILD_S =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "regress: NR_BUILD_SECONDS wants seconds (a number >= 0), got '$BUILD_S'" >&2; exit 2; }
if [ -n "$LAUNCH" ]; then
    read -r first _ <<< "$LAUNCH"
    command -v "$first" > /dev/null || { echo "regress: -l '$LAUNCH': no command '$first'" >&2; exit 2; }
fi
LOGDIR=$BUILDDIR/regress
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
T0=$(date +%s)
declare -A seen
n=0
for f in "$@"; do
    [ -r "$f" ] || { echo "regress: cannot read list '$f'" >&2; exit 2; }
    lineno=0
    while IFS= read -r line || [ -n "$line" ]; do
        lineno=$((lineno + 1))
        [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
        if ! [[ $line =~ ^([A-Za-z0-9_.+-]+)([[:space:]]*\[timeout=([0-9]+)\])?:[[:space:]]*(.+)$ ]]; then
            echo "regress: $f:$lineno: expected 'name: command' or 'name [timeout=SECONDS]: command', got '$line'" >&2; exit 2
        fi
        name=${BASH_REMATCH[1]}; tl=${BASH_REMATCH[3]}; cmd=${BASH_REMATCH[4]}
        if [ -n "${seen[$name]:-}" ]; then
            echo "regress: $f:$lineno: duplicate test name '$name' (first at ${seen[$name]})" >&2; exit 2
        fi
        seen[$name]="$f:$lineno"
        if [ -n "$FILTER" ] && ! [[ $name =~ $FILTER ]]; then continue; fi
        [ -n "$tl" ] && tl=$((10#$tl)) || tl=$TLIMIT
        if [ "$BUILDDIR" != build ]; then
            # "build/..." at the start of a word -> "$BUILDDIR/..."
            cmd=$(printf '%s' "$cmd" | sed -E "s#(^|[[:space:]=\"'(<>|;&])build/#\\1$BUILDDIR/#g")
        fi
        printf '%s\t%s\t%s\t%s\n' "$name" "$tl" "$f" "$cmd" >> "$TMP/all"
        n=$((n + 1))
    done < "$f"
done
if [ $LIST_ONLY = 1 ]; then
    [ $n -eq 0 ] || cut -f1,4 "$TMP/all"
    exit 0
fi
mkdir -p "$LOGDIR" || { echo "regress: cannot create $LOGDIR" >&2; exit 2; }
if [ $n -eq 0 ]; then
    echo "regress: no tests selected" >&2
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="regress" tests="0" failures="0" errors="0" time="0">\n</testsuites>\n' > "$LOGDIR/junit.xml"
    echo "0 passed, 0 failed"; exit 1
fi
# run_one "name<TAB>timeout<TAB>list<TAB>command": run one test, print its
# PASS/FAIL line, leave "verdict<TAB>seconds<TAB>message" in $TMP/res/<name>
run_one() {
    local name tl list cmd t0 t1 rc dt
    IFS=$'\t' read -r name tl list cmd <<< "$1"
    t0=$(date +%s.%N)
    if [ "$tl" -gt 0 ]; then
        # timeout(1) runs the test in its own process group and signals the
        # whole group, so a hung child of the command goes too.
        timeout -k 10 "$tl" bash -c "$LAUNCH $cmd" > "$LOGDIR/$name.log" 2>&1 < /dev/null; rc=$?
    else
        bash -c "$LAUNCH $cmd" > "$LOGDIR/$name.log" 2>&1 < /dev/null; rc=$?
    fi
    t1=$(date +%s.%N)
    dt=$(awk "BEGIN{print $t1 - $t0}")
    # 124: timeout's TERM ended it; 137 after the limit: it needed the KILL.
    if [ "$tl" -gt 0 ] && { [ $rc -eq 124 ] || { [ $rc -eq 137 ] && awk "BEGIN{exit !($dt >= $tl)}"; }; }; then
        echo "regress: $name: timed out after $tl s (killed; exit $rc)" >> "$LOGDIR/$name.log"
        printf 'FAIL\t%s\ttimed out after %d s\n' "$dt" "$tl" > "$TMP/res/$name"
        printf 'FAIL %-40s %6.1fs (timed out after %d s, log %s)\n' "$name" "$dt" "$tl" "$LOGDIR/$name.log"
        tail -n 15 "$LOGDIR/$name.log" | sed 's/^/    | /'
    elif [ $rc -eq 0 ]; then
        printf 'PASS\t%s\t\n' "$dt" > "$TMP/res/$name"
        printf 'PASS %-40s %6.1fs\n' "$name" "$dt"
    else
        printf 'FAIL\t%s\texit %d\n' "$dt" $rc > "$TMP/res/$name"
        printf 'FAIL %-40s %6.1fs (exit %d, log %s)\n' "$name" "$dt" $rc "$LOGDIR/$name.log"
        tail -n 15 "$LOGDIR/$name.log" | sed 's/^/    | /'
    fi
}
# junit_xml WALL_SECONDS: the JUnit report of this run on stdout
xml_esc() {  # stdin -> XML text: valid UTF-8, no control characters, entities
    iconv -c -f UTF-8 -t UTF-8 2> /dev/null | LC_ALL=C tr -d '\000-\010\013\014\016-\037\177' |
        sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g'
}
junit_xml() {
    local wall=$1 name tl list cmd v dt msg last cur="" suite
    local tot fl
    tot=$(wc -l < "$TMP/all"); fl=$(cat "$TMP"/res/* 2> /dev/null | grep -c '^FAIL')
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    if [ -n "$BUILD_S" ]; then  # the build as its own testcase, first
        printf '<testsuites name="regress" tests="%d" failures="%d" errors="0" time="%s">\n' "$((tot + 1))" "$fl" \
            "$(awk -v a="$wall" -v b="$BUILD_S" 'BEGIN { print a + b }')"
        printf '  <testsuite name="build" tests="1" failures="0" errors="0" skipped="0">\n'
        printf '    <testcase classname="build" name="build" time="%s"></testcase>\n  </testsuite>\n' "$BUILD_S"
    else
        printf '<testsuites name="regress" tests="%d" failures="%d" errors="0" time="%s">\n' "$tot" "$fl" "$wall"
    fi
    while IFS=$'\t' read -r name tl list cmd; do
        if [ "$list" != "$cur" ]; then
            [ -z "$cur" ] || echo '  </testsuite>'
            cur=$list; suite=$(basename "$list" .list)
            local nt nf=0 n2
            nt=$(awk -F'\t' -v l="$list" '$3 == l' "$TMP/all" | wc -l)
            for n2 in $(awk -F'\t' -v l="$list" '$3 == l { print $1 }' "$TMP/all"); do
                grep -q '^FAIL' "$TMP/res/$n2" 2> /dev/null && nf=$((nf + 1))
            done
            printf '  <testsuite name="%s" tests="%d" failures="%d" errors="0" skipped="0" file="%s">\n' \
                "$(printf '%s' "$suite" | xml_esc)" "$nt" "$nf" "$(printf '%s' "$list" | xml_esc)"
        fi
        if [ -r "$TMP/res/$name" ]; then IFS=$'\t' read -r v dt msg < "$TMP/res/$name"
        else v=FAIL dt=0 msg="did not run"; fi
        printf '    <testcase classname="%s" name="%s" time="%.3f">' "$(printf '%s' "$suite" | xml_esc)" "$name" "$dt"
        if [ "$v" = PASS ]; then echo '</testcase>'; continue; fi
        last=$(grep -v '^[[:space:]]*$' "$LOGDIR/$name.log" 2> /dev/null | grep -v '^regress: .*timed out' | tail -n 1 | cut -c1-200)
        printf '\n      <failure type="%s" message="%s">' "$([ "${msg%% *}" = exit ] && echo exit || echo timeout)" \
            "$(printf '%s%s (log %s)' "$msg" "${last:+: $last}" "$LOGDIR/$name.log" | xml_esc)"
        tail -n 15 "$LOGDIR/$name.log" 2> /dev/null | xml_esc
        printf '</failure>\n      <system-out>command: %s</system-out>\n    </testcase>\n' "$(printf '%s' "$cmd" | xml_esc)"
    done < "$TMP/all"
    [ -z "$cur" ] || echo '  </testsuite>'
    echo '</testsuites>'
}
export -f run_one; export LOGDIR LAUNCH TMP
mkdir -p "$TMP/res"
JR_LAUNCH="" JR_TEE=$TMP/out jr_run "$TMP/all" "$JOBS" regress run_one
pass=$(grep -c '^PASS' "$TMP/out"); fail=$(grep -c '^FAIL' "$TMP/out")
wall=$(( $(date +%s) - T0 ))
if junit_xml "$wall" > "$LOGDIR/junit.xml.tmp"; then mv "$LOGDIR/junit.xml.tmp" "$LOGDIR/junit.xml"
else echo "regress: could not write $LOGDIR/junit.xml" >&2; fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -eq "$n" ]
