#!/bin/bash
# doc_checks_test.sh - scripts/doc_prose.py and scripts/arch_paths.py on
# fixtures of known content: prose lines counted outside the generated blocks
# (<!-- M:begin --> ... <!-- M:end -->, blank lines not counted), --max at
# and over the total, unpaired markers exit 2; a page that names a missing
# path, a missing docs page or a missing source file fails naming it, and a
# topology file left out of the list (or a listed one that is not there)
# fails. Prints "doc_checks_test: N passed" or the first failure, exit 1.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
S=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0
fail() { echo "doc_checks_test: FAIL: $*" >&2; exit 1; }
# prose: a.md has 3 prose lines and a 4-line generated block, b.md 2 lines
printf '# A\n\nfirst line\n<!-- t:begin -->\n| x |\n| 1 |\n<!-- t:end -->\nlast line\n\n' > "$T/a.md"
printf 'one\ntwo\n' > "$T/b.md"
out=$(python3 "$S/doc_prose.py" "$T/a.md" "$T/b.md") || fail "exit $? on the fixture: $out"
grep -q "^ *3 *4  $T/a.md$" <<< "$out" || fail "a.md not 3 prose and 4 generated lines: $out"; n=$((n + 1))
grep -q "^ *5 *docs prose lines" <<< "$out" || fail "total not 5: $out"; n=$((n + 1))
python3 "$S/doc_prose.py" --max 5 "$T/a.md" "$T/b.md" > /dev/null || fail "--max 5 fails at a total of 5"; n=$((n + 1))
python3 "$S/doc_prose.py" --max 4 "$T/a.md" "$T/b.md" > "$T/o"; [ $? = 1 ] && grep -q 'over the limit of 4' "$T/o" ||
    fail "--max 4 does not fail a total of 5: $(cat "$T/o")"; n=$((n + 1))
printf 'x\n<!-- t:begin -->\ny\n' > "$T/c.md"
python3 "$S/doc_prose.py" "$T/c.md" > /dev/null 2>&1; [ $? = 2 ] || fail "a begin without its end does not exit 2"; n=$((n + 1))
printf 'x\n<!-- t:end -->\n' > "$T/c.md"
python3 "$S/doc_prose.py" "$T/c.md" > /dev/null 2>&1; [ $? = 2 ] || fail "an end without its begin does not exit 2"; n=$((n + 1))
# arch_paths: a tree with two topologies, a page that names what exists
R=$T/tree
mkdir -p "$R/docs" "$R/tb/catalog" "$R/csrc/lib"
touch "$R/tb/catalog/topo.c" "$R/tb/catalog/topo_a.c" "$R/tb/catalog/topo_b.c" "$R/csrc/lib/rng.c" "$R/docs/other.md"
page() {
    cat > "$R/docs/architecture.md" <<P
The library \`csrc/lib\` (\`rng.c\`, \`csrc/lib/rng.c:12\`), \`other.md\`, a pattern
\`tb/catalog/topo_<name>.c\`, a build product \`build/v/NAME/deps.mk\` (\`deps.mk\`).
$1
<!-- topo-files -->
- \`tb/catalog/topo_a.c\`
$2
<!-- /topo-files -->
P
}
page "" "- \`tb/catalog/topo_b.c\`"
out=$(python3 "$S/arch_paths.py" "$R") || fail "a true page fails: $out"
grep -q 'arch_paths: 6 paths, 2 topologies checked' <<< "$out" || fail "counts: $out"; n=$((n + 1))
for bad in '`tb/catalog/gone.c`' '`gone.md`' '`gone.h`'; do
    page "and $bad" "- \`tb/catalog/topo_b.c\`"
    out=$(python3 "$S/arch_paths.py" "$R"); [ $? = 1 ] && grep -q "$(tr -d '`' <<< "$bad")" <<< "$out" ||
        fail "a page naming $bad passes: $out"; n=$((n + 1))
done
page "" ""
out=$(python3 "$S/arch_paths.py" "$R"); [ $? = 1 ] && grep -q 'topo_b.c: a topology the list leaves out' <<< "$out" ||
    fail "a topology left out of the list passes: $out"; n=$((n + 1))
page "" "- \`tb/catalog/topo_b.c\`
- \`tb/catalog/topo_c.c\`"
out=$(python3 "$S/arch_paths.py" "$R"); [ $? = 1 ] && grep -q 'topo_c.c' <<< "$out" ||
    fail "a listed topology with no file passes: $out"; n=$((n + 1))
python3 "$S/arch_paths.py" "$T/none" > /dev/null 2>&1; [ $? = 2 ] || fail "a tree without the page does not exit 2"; n=$((n + 1))
echo "doc_checks_test: $n passed"
