#!/bin/bash
# measures.sh - the kit's code and document measures as one table (make
# measures): the longest function outside the tests and the longest test
# main (scripts/code_measures.sh, universal-ctags), the largest RTL module and
# leaf (outside `ifdef FORMAL blocks), the near-duplicate pairs of the whole
# tree and of the tracked files outside rtl/ (the duplicates command, when
# the machine has it; outside rtl/ without the pairs scripts/dups_kept.txt
# keeps on purpose: scripts/dups_check.sh), the hand-written lines of docs/*.md
# (scripts/doc_prose.py) and the README's length, each beside its limit.
#
# usage: scripts/measures.sh [--help]
# Environment: BUILD [build]. Output: $BUILD/results/measures/measures.md;
# when every measure was taken, $BUILD/results/publish-measures.txt too:
# `make publish-measures` puts the table between the measures markers of
# docs/architecture.md, stamped with the commit, machine and command.
# Exit 0, 1 if a measure could not be taken, 2 on bad usage.
set -u
cd "$(dirname "$0")/.." || exit 2
. scripts/sweep_lib.sh
pub_start measures "$@"
OUT=$B/results/measures
mkdir -p "$OUT" || exit 1
rc=0
cm=$(scripts/code_measures.sh -n 1000) || { echo "measures.sh: scripts/code_measures.sh failed" >&2; exit 1; }
# section SECTION-TITLE-PREFIX: that section's first row, as "LINES  WHERE  NAME"
first() { awk -v s="$1" 'index($0, s) == 1 { on = 1; next } on && /^ / { print; exit } on { exit }' <<< "$cm" | sed 's/^ *//'; }
fn=$(first "longest functions")
tm=$(first "longest test main")
mod=$(first "largest RTL modules")
leaf=$(first "largest RTL leaves")
prose=$(scripts/doc_prose.py | awk '/docs prose lines in all/ { print $1 }')
readme=$(wc -l < README.md)
if command -v duplicates > /dev/null; then
    k_out=$(scripts/dups_check.sh --counts) || { rc=1; echo "measures.sh: the pairs outside rtl/ not all counted: $k_out" >&2; }
    d_all=$(duplicates --repo . --most 1 --seconds 300 | head -1)
    num() { awk '{ print ($1 ~ /^[0-9]+$/) ? $1 : "?" }' <<< "$1"; }
    bp() { sed -n 's/.*(\([0-9]*\) by shape alone, \([0-9]*\) of those marked boilerplate).*/\2/p' <<< "$1"; }
    read -r k_n k_bp k_kept k_all <<< "$k_out"
    dup_out="${k_n:-?} (${k_bp:-?} boilerplate); ${k_kept:-?} more kept on purpose (\`scripts/dups_kept.txt\`), ${k_all:-?} in all"
    dup_all="$(num "$d_all") ($(bp "$d_all") boilerplate)"
    [[ $d_all == *incomplete* ]] && { rc=1; echo "measures.sh: duplicates incomplete: $d_all" >&2; }
else
    dup_out="not measured (no duplicates command)" dup_all=$dup_out
    PUB_WHY="$PUB_WHY (no duplicates command)"
fi
row() { printf '| %s | %s | %s |\n' "$1" "$2" "$3"; }
lines() { awk '{ printf "%s (`%s`, %s)", $1, $3, $2 }' <<< "$1"; }
{
    echo '| measure | limit | now |'
    echo '|---|---|---|'
    row 'longest C/C++ function outside the tests (`scripts/code_measures.sh`)' '120 lines' "$(lines "$fn")"
    row 'longest test `main` (`tests/`, `test_*`)' '200 lines' "$(lines "$tm")"
    row 'largest RTL module, outside `` `ifdef FORMAL `` blocks' '—' "$(awk '{ print $1 " (`" $2 "`)" }' <<< "$mod")"
    row 'largest RTL leaf' 'about 300 lines' "$(awk '{ print $1 " (`" $2 "`)" }' <<< "$leaf")"
    row 'near-duplicate pairs outside `rtl/` (`duplicates` on the tracked files without `rtl/`, less the pairs kept on purpose)' 'under 20' "$dup_out"
    row 'near-duplicate pairs, whole tree' '—' "$dup_all"
    row 'hand-written lines of `docs/*.md` (`scripts/doc_prose.py`: non-blank, generated tables left out)' 'under 8,000' "$prose"
    row '`README.md`' 'under 200 lines' "$readme"
} > "$OUT/measures.md.tmp" && mv "$OUT/measures.md.tmp" "$OUT/measures.md" || { echo "measures.sh: cannot write $OUT/measures.md" >&2; exit 1; }
cat "$OUT/measures.md"
pub_table measures docs/architecture.md "$OUT/measures.md"
pub_finish $rc "make measures"
