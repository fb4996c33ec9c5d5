#!/bin/bash
# code_measures.sh - two of issue 12's size measures (docs/architecture.md,
# "Known debts and measures"), printed so that anyone can check them:
#
#   functions  the longest C functions in tb/ and csrc/ (tests/ left out):
#              lines from the first line of the definition (the one at
#              column 0 before its opening brace) to its closing brace, both
#              counted. A function is a top-level '{' ... '}' block whose
#              header has a '('; struct and table initialisers are not.
#   rtl        every module of rtl/ with its line count outside its
#              `ifdef FORMAL blocks (the proofs are left out) and how many kit
#              modules (nr_*) it instantiates there: 0 is a leaf, more a
#              composition. The largest modules, then the largest leaves.
#
#   scripts/code_measures.sh [-n N] [ROOT]   (N rows of each, default 8;
#                                              ROOT the tree, default ..)
# Exit 2 on a bad option or a ROOT without tb/, csrc/ and rtl/.
set -u
N=8
if [ "${1:-}" = -n ]; then
    [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { echo "code_measures: -n needs a positive integer" >&2; exit 2; }
    N=$2; shift 2
fi
ROOT=${1:-$(dirname "$0")/..}
for d in tb csrc rtl; do
    [ -d "$ROOT/$d" ] || { echo "code_measures: $ROOT has no $d/" >&2; exit 2; }
done
cd "$ROOT" || exit 2

echo "longest functions in tb/ and csrc/ (outside tests/), lines:"
find tb csrc -path '*/tests/*' -prune -o \( -name '*.c' -o -name '*.cpp' -o -name '*.h' -o -name '*.hpp' \) -print |
    sort | while read -r f; do
    awk -v f="$f" '
        # hdr: the last line at column 0 that is not a brace or a comment
        /^\{/ && !inb { inb = 1; start = hl; name = hdr; next }
        /^\}/ && inb  { inb = 0
                        if (name ~ /\(/ && name !~ /^(typedef|struct|enum|union|static const|const)/)
                            printf "%d %s:%d %s\n", NR - start + 1, f, start, substr(name, 1, 60)
                        next }
        !inb && /^[^ \t{}#\/*]/ { hdr = $0; hl = NR }
    ' "$f"
done | sort -rn | head -n "$N" | awk '{ printf "  %5d  %s  %s\n", $1, $2, substr($0, index($0, $3)) }'

echo "largest RTL modules, lines outside \`ifdef FORMAL blocks:"
# one row per module: lines, instances, file; largest first
rows=$(for f in $(find rtl -name '*.sv' | sort); do
    awk -v f="$f" '
        # d > 0: inside an `ifdef FORMAL block (d counts the nested `ifdefs)
        d == 0 && /^[ \t]*`ifdef[ \t]+FORMAL/ { d = 1; next }
        d > 0 && /^[ \t]*`if(n)?def/ { d++; next }
        d > 0 && /^[ \t]*`endif/ { d--; next }
        d > 0 { next }
        { n++ }
        /^[ \t]*nr_[a-z0-9_]+[ \t]+(#[ \t]*\(|u_)/ { k++ }
        END { print n + 0, k + 0, f }' "$f"
done | sort -rn)
fmt() { awk '{ printf "  %5d  %s  (%s)\n", $1, $3, $2 == 0 ? "leaf" : "composition, " $2 " instance" ($2 > 1 ? "s" : "") }'; }
echo "$rows" | head -n "$N" | fmt
echo "largest RTL leaves:"
echo "$rows" | awk '$2 == 0' | head -n "$N" | fmt
