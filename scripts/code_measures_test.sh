#!/bin/bash
# code_measures_test.sh - scripts/code_measures.sh on a small tree whose
# measures are known: a 5-line function and a 3-line one (a struct
# initialiser and a tests/ file that must not count), an RTL leaf of 4 lines
# with a formal block left out, and a composition of two instances with a
# nested formal block (and an instance in it) left out; bad
# arguments exit 2. Prints "code_measures_test: N passed" or the first
# failure, exit 1.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
S=$(cd "$(dirname "$0")" && pwd)/code_measures.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/tb/x" "$T/csrc/tests" "$T/rtl/a"
cat > "$T/tb/x/a.c" <<'C'
static int f(int a,
             int b)
{
    return a + b;
}
static const int tab[] =
{
    1, 2, 3, 4, 5, 6, 7, 8,
};
int g(void)
{
}
C
printf 'int h(void)\n{\n1;\n2;\n3;\n4;\n5;\n6;\n7;\n8;\n9;\n}\n' > "$T/csrc/tests/t.c"
printf 'module nr_l;\n  logic a;\nendmodule\n\n`ifdef FORMAL\n  x\n  y\n`endif\n' > "$T/rtl/a/nr_l.sv"
printf 'module nr_c;\n  nr_l u_l ();\n`ifdef FORMAL\n`ifdef X\n  nr_l u_f ();\n`endif\n  z\n`endif\n  nr_l #(.P(1)) u_m ();\nendmodule\n  \n  \n' > "$T/rtl/a/nr_c.sv"
n=0
fail() { echo "code_measures_test: FAIL: $*" >&2; exit 1; }
out=$(bash "$S" "$T") || fail "exit $? on the fixture"
f1=$(echo "$out" | sed -n 2p)
f2=$(echo "$out" | sed -n 3p)
[[ $f1 =~ ^\ +5\ \ tb/x/a.c:1\ \ static\ int\ f\( ]] || fail "longest function: '$f1'"; n=$((n + 1))
[[ $f2 =~ ^\ +3\ \ tb/x/a.c:10\ \ int\ g ]] || fail "second function: '$f2'"; n=$((n + 1))
echo "$out" | grep -q 'tab\|csrc/tests' && fail "an initialiser or a tests/ file was counted"; n=$((n + 1))
echo "$out" | grep -q '^ *6  rtl/a/nr_c.sv  (composition, 2 instances)$' || fail "composition (a nested formal block left out): $out"; n=$((n + 1))
echo "$out" | grep -q '^ *4  rtl/a/nr_l.sv  (leaf)$' || fail "leaf (formal block left out): $out"; n=$((n + 1))
[ "$(echo "$out" | sed -n '/^largest RTL leaves/,$p' | grep -c nr_c)" = 0 ] || fail "a composition among the leaves"; n=$((n + 1))
[ "$(bash "$S" -n 1 "$T" | wc -l)" = 6 ] || fail "-n 1 does not give one row of each"; n=$((n + 1))
bash "$S" -n 0 "$T" 2>/dev/null; [ $? = 2 ] || fail "-n 0 does not exit 2"; n=$((n + 1))
bash "$S" "$T/rtl" 2>/dev/null; [ $? = 2 ] || fail "a tree without tb/ does not exit 2"; n=$((n + 1))
echo "code_measures_test: $n passed"
