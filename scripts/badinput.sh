#!/bin/bash
# badinput.sh - run bad-input cases: each a command that must fail with a
# given exit status and a message that names the problem (issue 42).
#
# usage: scripts/badinput.sh [-b BUILD] [-q] FILE...
#   FILE lines are   EXIT | REGEX | COMMAND
#     EXIT     the exit status the command must end with (0 for a stated note)
#     REGEX    an extended regular expression (grep -E) the command's output,
#              stdout and stderr together, must match: the offending value or
#              option, so that the message is seen to name the problem
#     COMMAND  a bash command, run from the top of the tree with stdin from
#              /dev/null; $T is a fresh directory of this file's cases (gone
#              at the end)
#   The fields are separated by " | " (space, bar, space): a REGEX alternation
#   is written without spaces (a|b). Blank lines and lines starting with #
#   are skipped.
#   -b BUILD  the build directory (default build): every word of a COMMAND
#             that starts with "build/" starts with "BUILD/" instead
#   -q        print failures and the summary only
# Each case prints PASS or FAIL (with the command's exit status and the tail
# of its output); the summary is "N passed, N failed". Exit 0 when every case
# passed, 1 when one failed, 2 on bad usage or a malformed line.
set -u
B=build Q=0
case "${1:-}" in -h | --help) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
while getopts "b:q" o; do
    case $o in
        b) [ -n "$OPTARG" ] || { echo "badinput: -b wants a directory" >&2; exit 2; }; B=${OPTARG%/} ;;
        q) Q=1 ;;
        *) echo "usage: scripts/badinput.sh [-b BUILD] [-q] FILE... (--help)" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: scripts/badinput.sh [-b BUILD] [-q] FILE... (--help)" >&2; exit 2; }
for f in "$@"; do [ -r "$f" ] || { echo "badinput: cannot read '$f'" >&2; exit 2; }; done
cd "$(dirname "$0")/.." || exit 2
pass=0 fail=0
for f in "$@"; do
    T=$(mktemp -d) || exit 2
    export T
    lineno=0
    while IFS= read -r line || [ -n "$line" ]; do
        lineno=$((lineno + 1))
        [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
        if ! [[ $line =~ ^[[:space:]]*([0-9]+)[[:space:]]\|[[:space:]](.+)$ ]]; then
            echo "badinput: $f:$lineno: expected 'EXIT | REGEX | COMMAND', got '$line'" >&2; rm -rf "$T"; exit 2
        fi
        want=${BASH_REMATCH[1]} rest=${BASH_REMATCH[2]}
        re=${rest%% | *} cmd=${rest#* | }
        if [ "$re" = "$rest" ] || [ -z "$re" ] || [ -z "$cmd" ]; then
            echo "badinput: $f:$lineno: expected 'EXIT | REGEX | COMMAND', got '$line'" >&2; rm -rf "$T"; exit 2
        fi
        [ "$B" != build ] && cmd=$(printf '%s' "$cmd" | sed -E "s#(^|[[:space:]=\"'(<>|;&])build/#\\1$B/#g")
        out=$(timeout 60 bash -c "$cmd" < /dev/null 2>&1); rc=$?
        if [ "$rc" -eq "$want" ] && grep -qE -- "$re" <<< "$out"; then
            pass=$((pass + 1))
            [ $Q = 1 ] || printf 'PASS %s:%d exit %d: %s\n' "$f" "$lineno" "$rc" "$cmd"
        else
            fail=$((fail + 1))
            printf 'FAIL %s:%d: exit %d (want %d), /%s/ %s: %s\n' "$f" "$lineno" "$rc" "$want" "$re" \
                "$(grep -qE -- "$re" <<< "$out" && echo matched || echo 'not matched')" "$cmd"
            tail -n 5 <<< "$out" | sed 's/^/    | /'
        fi
    done < "$f"
    rm -rf "$T"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
