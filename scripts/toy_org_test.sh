#!/bin/bash
# toy_org_test.sh - adding an organization touches only its own files and its
# configs.txt lines (issue 41; docs/architecture.md "Adding an organization"):
#   1. the files docs/architecture.md lists for an organization (between its
#      org-files markers, <org> read as ORG) are those of ORG, and no other
#      tracked source (C, make, shell, lists) names ORG's model, header or
#      descriptor;
#   2. a copy of the tracked tree without them and without ORG's
#      configuration lines builds nr_cat and rtr_sim, and knows no ORG;
#   3. the same copy with them added back (ORG's files and lines, nothing
#      else) builds again, lists ORG, checks its configurations, and runs one
#      of them in rtr_sim and net_sim.
# The same for a topology, the ring (docs/architecture.md "Adding a
# topology": one file, tb/catalog/topo_ring.c): without it net_sim knows no
# ring; with it, the shared route walk and dependency check pass its line
# routing and refuse its min routing (a cycle round the ring).
# usage: scripts/toy_org_test.sh [--help] [ORG [CONFIG]]   (default oq oq-k16)
# Exit 0 when all hold, 1 naming the first that does not, 2 on bad usage.
set -u
cd "$(dirname "$0")/.."
case "${1:-}" in -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
[ $# -le 2 ] || { echo "usage: toy_org_test.sh [ORG [CONFIG]] (--help)" >&2; exit 2; }
ORG=${1:-oq} CFG=${2:-oq-k16}
case $ORG in *[!a-z0-9_]* | '') echo "toy_org_test: bad organization name '$ORG'" >&2; exit 2 ;; esac
fail() { echo "FAIL toy-org: $*"; exit 1; }

# 1. the list, for ORG
mapfile -t files < <(sed -n '/<!-- org-files/,/<!-- \/org-files -->/p' docs/architecture.md |
    grep -o '`[^`]*<org>[^`]*`' | tr -d '`' | sed "s/<org>/$ORG/g")
[ ${#files[@]} -ge 3 ] || fail "docs/architecture.md lists ${#files[@]} files of an organization (org-files markers)"
for f in "${files[@]}"; do
    git ls-files --error-unmatch "$f" > /dev/null 2>&1 || fail "$f (docs/architecture.md) is not a tracked file of $ORG"
done
lines=$(grep -c "^[^#]*[[:space:]]$ORG[[:space:]]" configs/configs.txt)
[ "$lines" -ge 1 ] || fail "configs/configs.txt has no configuration of $ORG"
others=$(git grep -l -E "nr_$ORG\.h|nr_${ORG}_(new|rtr|check|params)|rtr_org_$ORG\b|org_$ORG\.c" -- \
    '*.c' '*.h' '*.cpp' '*.hpp' '*.mk' 'Makefile' '*.sh' '*.py' '*.list' | grep -v -x -F "$(printf '%s\n' "${files[@]}")")
[ -z "$others" ] || fail "other sources name $ORG: $others"
TOPO=tb/catalog/topo_ring.c
others=$(git grep -l -E "net_topo_ring|topo_ring\.c" -- '*.c' '*.h' '*.mk' 'Makefile' '*.sh' | grep -v -x -e "$TOPO" -e scripts/toy_org_test.sh)
[ -z "$others" ] || fail "other sources name the ring topology: $others"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
git ls-files | tar -cf - -T - | tar -xf - -C "$T" || fail "cannot copy the tree"
mkdir -p "$T/keep"
for f in "${files[@]}" $TOPO; do mkdir -p "$T/keep/$(dirname "$f")" && mv "$T/$f" "$T/keep/$f"; done
grep "^[^#]*[[:space:]]$ORG[[:space:]]" "$T/configs/configs.txt" > "$T/keep/lines"
grep -v "^[^#]*[[:space:]]$ORG[[:space:]]" configs/configs.txt > "$T/configs/configs.txt"
[ -e build/.deps-ok ] && mkdir -p "$T/build" && cp build/.deps-ok "$T/build/"
mk() { make -s -C "$T" --no-print-directory C_LTO= MODEL_LTO_LDFLAGS= -j2 build/bin/nr_cat build/bin/rtr_sim build/bin/net_sim > "$T/make.log" 2>&1; }

# 2. without it
mk || fail "the tree without $ORG does not build: $(tail -3 "$T/make.log")"
"$T/build/bin/nr_cat" orgs | grep -q "^$ORG " && fail "the tree without $ORG still lists it"
(cd "$T" && build/bin/rtr_sim --cfg "$CFG" > /dev/null 2>&1) && fail "the tree without $ORG runs $CFG"
out=$(cd "$T" && build/bin/net_sim --topo ring:n=8 2>&1) && fail "the tree without $TOPO builds a ring"
grep -q "unknown kind 'ring'" <<< "$out" || fail "net_sim without $TOPO: $(tail -2 <<< "$out")"

# 3. with it: its files and lines, nothing else
(cd "$T/keep" && find . -type f ! -name lines -print0 | tar -cf - --null -T -) | tar -xf - -C "$T"
cat "$T/keep/lines" >> "$T/configs/configs.txt"
mk || fail "the tree with $ORG added does not build: $(tail -3 "$T/make.log")"
"$T/build/bin/nr_cat" orgs | grep -q "^$ORG " || fail "nr_cat does not list $ORG once added"
for c in $(awk '{print $1}' "$T/keep/lines"); do
    "$T/build/bin/nr_cat" --cfg-file "$T/configs/configs.txt" check "$c" > /dev/null || fail "nr_cat check $c"
done
out=$(cd "$T" && build/bin/rtr_sim --cfg "$CFG" --load 0.5 --warmup 200 --measure 1000 2>&1) ||
    fail "rtr_sim --cfg $CFG: $(tail -2 <<< "$out")"
out=$(cd "$T" && build/bin/net_sim --topo fclos:levels=2 --cfg "$CFG" --load 0.3 --warmup 200 --measure 500 --quiet 2>&1) ||
    fail "net_sim --cfg $CFG: $(tail -2 <<< "$out")"
ring() { (cd "$T" && build/bin/net_sim --topo ring:n=8 --cfg yarc-k16-bare --load 0.3 --warmup 200 --measure 500 --quiet "$@" 2>&1); }
out=$(ring --routing line) || fail "net_sim --topo ring:n=8 --routing line: $(tail -2 <<< "$out")"
out=$(ring --routing min) && fail "net_sim --topo ring:n=8 --routing min ran: its dependency cycle was not found"
grep -q "have a cycle through router" <<< "$out" || fail "ring min: $(tail -2 <<< "$out")"
echo "toy-org: $ORG is ${#files[@]} files and $lines configuration lines; without them the kit builds, with them it runs $CFG; the ring is one file, whose line routing the shared check passes and whose min routing it refuses"
