#!/bin/bash
# awk_lines_test.sh - scripts/awk_lines.py on fixtures of known awk size: a
# 41-line program (quote-concatenated '"'"' pieces and a $(...) with quotes
# in its options) is over the limit and named, exit 1; 40 lines pass; a
# library of awk held in a shell variable, csv_awk, awk in a comment (not
# counted) and a separate .awk file are counted as the documentation says.
# Prints "awk_lines_test: N passed" or the first failure (exit 1).
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
A=$(cd "$(dirname "$0")" && pwd)/awk_lines.py
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0
fail() { echo "awk_lines_test: FAIL: $*" >&2; exit 1; }
body() { for i in $(seq 1 "$1"); do echo "    { x$i = \$1 }"; done; }
{
    echo '#!/bin/bash'
    echo "x=\$(awk -v a=\"\$(echo 'b c')\" -F, '"
    body 20
    echo "    { print \"'\"'\"'quoted'\"'\"'\" }"
    body 18
    echo "}' file)"
} > "$T/big.sh"
{
    echo '#!/bin/bash'
    echo "# awk '{ not counted }'"
    echo "awk -v n=1 '"
    body 38
    echo "' f"
} > "$T/ok.sh"
{
    echo '#!/bin/sh'
    echo "MY_AWK_LIB='"
    body 8
    echo "'"
    echo "csv_awk -v L=x 'NR > 1 {"
    echo "    print }' f"
} > "$T/lib"
printf '{ print }\n{ print }\n{ print }\n' > "$T/x.awk"
out=$(python3 "$A" "$T/big.sh" "$T/ok.sh" "$T/lib" "$T/x.awk" 2> "$T/err"); rc=$?
[ $rc = 1 ] || fail "exit $rc with a 41-line program, want 1"; n=$((n + 1))
grep -q "big.sh holds 41 lines of awk (more than 40)" "$T/err" || fail "the 41-line script is not named: $(cat "$T/err")"; n=$((n + 1))
grep -q "ok.sh" "$T/err" && fail "the 40-line script is named as over"; n=$((n + 1))
echo "$out" | grep -qE '^ +40 .*ok\.sh$' || fail "ok.sh not counted 40: $out"; n=$((n + 1))
echo "$out" | grep -qE '^ +12 .*lib$' || fail "a variable library and csv_awk not counted 10 + 2: $out"; n=$((n + 1))
echo "$out" | grep -qE '^ +3 .*x\.awk$' || fail "an .awk file not counted: $out"; n=$((n + 1))
python3 "$A" "$T/ok.sh" > /dev/null || fail "40 lines exit $?, want 0"; n=$((n + 1))
python3 "$A" --max 30 "$T/ok.sh" > /dev/null 2>&1; [ $? = 1 ] || fail "--max 30 does not refuse 40 lines"; n=$((n + 1))
python3 "$A" --max x > /dev/null 2>&1; [ $? = 2 ] || fail "a bad --max does not exit 2"; n=$((n + 1))
( cd "$T" && python3 "$A" --known big.sh big.sh ok.sh > /dev/null ) || fail "--known big.sh still fails"; n=$((n + 1))
( cd "$T" && python3 "$A" --known ok.sh ok.sh 2>&1 > /dev/null | grep -q 'ok.sh is no longer over the limit' ) ||
    fail "a --known file under the limit is not named as a stale exception"; n=$((n + 1))
h=$(python3 "$A" --help) && [[ $h == *"usage: "* ]] || fail "--help"; n=$((n + 1))
echo "awk_lines_test: $n passed"
