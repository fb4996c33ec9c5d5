#!/bin/bash
# dups_check.sh - the near-duplicate measure of issue 41: the pairs of places
# that `duplicates` finds in the tracked files outside rtl/, less those
# scripts/dups_kept.txt keeps on purpose (scripts/dups_kept.py counts; the
# classes are in docs/architecture.md "Measures and known debts").
#
# usage: scripts/dups_check.sh [--max N] [ROOT]
#        scripts/dups_check.sh --counts [ROOT]
#   ROOT      a git checkout (default: the tree this script is in)
#   --max N   the limit: fewer than N counted pairs [20]
#   --counts  print "COUNTED BOILERPLATE KEPT ALL" only (scripts/measures.sh)
# Without --counts: the counted pairs (the rows of `duplicates`), then a
# summary line; exit 0 when fewer than N are counted, 1 when N or more, or
# when the listing is incomplete (cut short, or time ran out). Exit 2 on bad
# usage, a ROOT that is not a git checkout, or no `duplicates` command on
# the machine (the measure cannot be taken).
set -u
MAX=20 COUNTS=0
while [ $# -gt 0 ]; do
    case $1 in
        -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;;
        --max)
            [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { echo "dups_check: --max needs a count >= 1" >&2; exit 2; }
            MAX=$2; shift 2 ;;
        --counts) COUNTS=1; shift ;;
        -*) echo "dups_check: unknown option $1 (--help)" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -le 1 ] || { echo "dups_check: one ROOT at most (--help)" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=${1:-$HERE/..}
cd "$ROOT" 2> /dev/null && git rev-parse --git-dir > /dev/null 2>&1 ||
    { echo "dups_check: $ROOT is not a git checkout" >&2; exit 2; }
command -v duplicates > /dev/null ||
    { echo "dups_check: no duplicates command on this machine: the measure cannot be taken" >&2; exit 2; }
KEPT=scripts/dups_kept.txt
[ -r "$KEPT" ] || { echo "dups_check: $ROOT has no $KEPT" >&2; exit 2; }
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
mkdir "$T/tree" && git ls-files | grep -v '^rtl/' | tar -cf - -T - | tar -xf - -C "$T/tree" ||
    { echo "dups_check: cannot copy the tracked files of $ROOT" >&2; exit 2; }
duplicates --repo "$T/tree" --most 200 --seconds 300 > "$T/list" ||
    { echo "dups_check: duplicates failed" >&2; exit 2; }
all=$(awk 'NR == 1 { print ($1 ~ /^[0-9]+$/) ? $1 : 0 }' "$T/list")
counted=$("$HERE/dups_kept.py" "$KEPT" --rows < "$T/list" 2> "$T/err")
rc=$?
[ $rc -ne 2 ] || { cat "$T/err" >&2; exit 2; }
read -r n bp kept <<< "$(tail -1 <<< "$counted")"
if [ $COUNTS = 1 ]; then
    echo "$n $bp $kept $all"
    exit $rc
fi
sed '$d' <<< "$counted"
grep -E '^(incomplete|left out):' "$T/list"
echo "dups_check: $n near-duplicate pairs outside rtl/ counted ($bp boilerplate), $kept more kept on purpose ($KEPT), $all in all; the limit: under $MAX"
[ $rc -eq 0 ] || { echo "dups_check: the listing is incomplete: not every pair was counted" >&2; exit 1; }
[ "$n" -lt "$MAX" ] || { echo "dups_check: $n pairs, the limit is under $MAX" >&2; exit 1; }
exit 0
