#!/bin/bash
# code_measures.sh - the kit's size measures (docs/architecture.md, "Known
# debts and measures"), printed so that anyone can check them:
#
#   functions  every C/C++ function definition in tb/, csrc/ and tests/, as
#              universal-ctags finds it (--fields=+ne: the line of the
#              function's name and the line of its closing brace, both
#              counted), whatever the brace style. A test file is one under
#              tests/ or named test_*; outside them the longest functions are
#              listed, in them the longest main()s.
#   rtl        every module of rtl/ with its line count outside its
#              `ifdef FORMAL blocks (the proofs are left out) and how many kit
#              modules (nr_*) it instantiates there: 0 is a leaf, more a
#              composition. The largest modules, then the largest leaves.
#
#   scripts/code_measures.sh [-n N] [ROOT]   (N rows of each, default 8;
#                                              ROOT the tree, default ..)
#   scripts/code_measures.sh --check [ROOT]  the limits of the house style:
#              no function outside the tests over FN_MAX (120) lines, no test
#              main() over MAIN_MAX (200); names every one over, exit 1.
# Exit 2 on a bad option, a ROOT without tb/, csrc/ and rtl/, or no ctags.
set -u
N=8
CHECK=0
FN_MAX=120
MAIN_MAX=200
case ${1:-} in
-h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;;
-n)
    [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { echo "code_measures: -n needs a positive integer" >&2; exit 2; }
    N=$2; shift 2 ;;
--check) CHECK=1; shift ;;
-*) echo "code_measures: unknown option $1 (-n N, --check)" >&2; exit 2 ;;
esac
ROOT=${1:-$(dirname "$0")/..}
for d in tb csrc rtl; do
    [ -d "$ROOT/$d" ] || { echo "code_measures: $ROOT has no $d/" >&2; exit 2; }
done
cd "$ROOT" || exit 2
ctags --version 2>/dev/null | grep -q 'Universal Ctags' ||
    { echo "code_measures: needs universal-ctags (make deps)" >&2; exit 2; }

# one row per function definition: lines, test (1) or not (0), file:line, name
dirs=$(for d in tb csrc tests; do [ -d "$d" ] && echo "$d"; done)
fns=$(find $dirs \( -name '*.c' -o -name '*.cpp' -o -name '*.h' -o -name '*.hpp' \) -print | sort |
    ctags -L - --languages=C,C++ --kinds-C=f --kinds-C++=f --fields=+ne --sort=no -o - |
    awk -F'\t' '{
        l = e = 0
        for (i = 4; i <= NF; i++) {
            if ($i ~ /^line:/) l = substr($i, 6)
            if ($i ~ /^end:/) e = substr($i, 5)
        }
        if (!l || !e) { print "code_measures: no line or end for " $1 " in " $2 > "/dev/stderr"; bad = 1; next }
        t = ($2 ~ /(^|\/)tests\// || $2 ~ /(^|\/)test_[^\/]*$/) ? 1 : 0
        print e - l + 1, t, $2 ":" l, $1
    } END { exit bad }') || exit 2
[ -n "$fns" ] || { echo "code_measures: no functions found in $dirs" >&2; exit 2; }

if [ "$CHECK" = 1 ]; then
    over=$(echo "$fns" | awk -v fm="$FN_MAX" -v mm="$MAIN_MAX" '
        $2 == 0 && $1 > fm { printf "  %5d  %s  %s (over %d: a function outside the tests)\n", $1, $3, $4, fm }
        $2 == 1 && $4 == "main" && $1 > mm { printf "  %5d  %s  %s (over %d: a test main)\n", $1, $3, $4, mm }')
    nf=$(echo "$fns" | wc -l)
    if [ -n "$over" ]; then
        echo "code_measures: over the limits:"
        echo "$over" | sort -rn
        exit 1
    fi
    echo "code_measures: $nf functions, none outside the tests over $FN_MAX lines, no test main over $MAIN_MAX"
    exit 0
fi

echo "longest functions in tb/ and csrc/ (outside the tests), lines:"
echo "$fns" | awk '$2 == 0' | sort -k1,1rn -k3,3 | head -n "$N" | awk '{ printf "  %5d  %s  %s\n", $1, $3, $4 }'
echo "longest test main()s (tests/, test_*), lines:"
echo "$fns" | awk '$2 == 1 && $4 == "main"' | sort -k1,1rn -k3,3 | head -n "$N" | awk '{ printf "  %5d  %s  %s\n", $1, $3, $4 }'

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
