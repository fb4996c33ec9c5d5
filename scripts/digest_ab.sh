#!/bin/bash
# digest_ab.sh - the same simulations by two trees' binaries, compared: every
# rtr_sim workload of tests/digest/rtr.txt by its --digest (a hash of every
# cycle's router inputs and outputs and NIC outputs), every net_sim network of
# tests/digest/net.txt by its whole output but the wall-time line, and by
# --digest where both binaries have one. A refactoring or a speed step must
# leave all of them identical (issues 41 and 44).
#
# usage: scripts/digest_ab.sh [-o] A B
#   A, B   two checkouts whose build/bin holds rtr_sim and net_sim (each runs
#          in its own tree, so each reads its own configs/configs.txt);
#          "." is this one
#   -o     only print A's outputs (no comparison): to record them
# Prints one line per workload (same / DIFFERS / FAILED) and a summary; exit
# 0 when every workload ran in both and matched, 1 otherwise, 2 on bad usage.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
only=0
case "${1:-}" in -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; -o) only=1; shift ;; esac
[ $# -eq $((2 - only)) ] || { echo "usage: scripts/digest_ab.sh [-o] A B (--help)" >&2; exit 2; }
A=$(cd "$1" 2>/dev/null && pwd) || { echo "digest_ab: no directory $1" >&2; exit 2; }
B=$A; [ $only = 1 ] || B=$(cd "$2" 2>/dev/null && pwd) || { echo "digest_ab: no directory $2" >&2; exit 2; }
for t in "$A" "$B"; do
    for p in rtr_sim net_sim; do
        [ -x "$t/build/bin/$p" ] || { echo "digest_ab: $t/build/bin/$p missing (make it there first)" >&2; exit 2; }
    done
done
# canonical output of one run: stdout and stderr, without the wall-time line
run() { # tree prog args...
    local t=$1 p=$2; shift 2
    local extra=()
    "$t/build/bin/$p" --help 2>&1 | grep -q -- '--digest' && extra=(--digest)
    (cd "$t" && timeout 600 "build/bin/$p" "$@" "${extra[@]}" 2>&1; echo "exit $?") |
        grep -v ' cycles in [0-9.]* s, \|cycles/s\|^digest-wall'
}
same=0 diff=0 fail=0
for list in rtr:rtr_sim net:net_sim; do
    f="$here/tests/digest/${list%%:*}.txt" p=${list#*:}
    while read -r name args; do
        case "$name" in '' | '#'*) continue ;; esac
        # shellcheck disable=SC2086
        oa=$(run "$A" "$p" $args)
        if [ $only = 1 ]; then printf '== %s\n%s\n' "$name" "$oa"; continue; fi
        # shellcheck disable=SC2086
        ob=$(run "$B" "$p" $args)
        if ! grep -q '^exit 0$' <<< "$oa" || ! grep -q '^exit 0$' <<< "$ob"; then
            echo "FAILED   $name ($p $args): $(tail -2 <<< "$oa" | head -1) | $(tail -2 <<< "$ob" | head -1)"
            fail=$((fail + 1))
        elif [ "$oa" = "$ob" ]; then
            echo "same     $name $(grep -o 'digest 0x[0-9a-f]*' <<< "$ob")"
            same=$((same + 1))
        else
            echo "DIFFERS  $name ($p $args):"; diff <(echo "$oa") <(echo "$ob") | head -6 | sed 's/^/    /'
            diff=$((diff + 1))
        fi
    done < "$f"
done
[ $only = 1 ] && exit 0
echo "digest_ab: $same same, $diff differ, $fail failed ($A against $B)"
[ $diff = 0 ] && [ $fail = 0 ]
