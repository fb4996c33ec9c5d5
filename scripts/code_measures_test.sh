#!/bin/bash
# code_measures_test.sh - scripts/code_measures.sh on a small tree whose
# measures are known: functions in both brace styles (a 7-line one whose brace
# sits on its signature line, which a count by `{` in column 0 misses, a
# 5-line one with its brace on its own line, a 3-line one), a struct
# initialiser and a tests/ file that must not count among the functions; an
# RTL leaf of 4 lines with a formal block left out, and a composition of two
# instances with a nested formal block (and an instance in it) left out;
# --check at and over its limits (a function outside the tests of 120 and 121
# lines, a test main of 200 and 201, a long helper in a test file); bad
# arguments exit 2. Prints "code_measures_test: N passed" or the first
# failure, exit 1.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
S=$(cd "$(dirname "$0")" && pwd)/code_measures.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/tb/x" "$T/csrc/tests" "$T/rtl/a"
cat > "$T/tb/x/a.c" <<'C'
int k(int a) {
    int b = a;
    b++;
    b++;
    b++;
    return b;
}
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
f3=$(echo "$out" | sed -n 4p)
[ "$f1" = "      7  tb/x/a.c:1  k" ] || fail "longest function (brace on its signature line): '$f1'"; n=$((n + 1))
[ "$f2" = "      5  tb/x/a.c:8  f" ] || fail "second function (brace on its own line): '$f2'"; n=$((n + 1))
[ "$f3" = "      3  tb/x/a.c:17  g" ] || fail "third function: '$f3'"; n=$((n + 1))
echo "$out" | sed -n '1,/^longest test/p' | grep -q 'tab\|csrc/tests' && fail "an initialiser or a tests/ file was counted"; n=$((n + 1))
echo "$out" | grep -q '^ *6  rtl/a/nr_c.sv  (composition, 2 instances)$' || fail "composition (a nested formal block left out): $out"; n=$((n + 1))
echo "$out" | grep -q '^ *4  rtl/a/nr_l.sv  (leaf)$' || fail "leaf (formal block left out): $out"; n=$((n + 1))
[ "$(echo "$out" | sed -n '/^largest RTL leaves/,$p' | grep -c nr_c)" = 0 ] || fail "a composition among the leaves"; n=$((n + 1))
[ "$(bash "$S" -n 1 "$T" | wc -l)" = 7 ] || fail "-n 1 does not give one row of each"; n=$((n + 1))
bash "$S" -n 0 "$T" 2>/dev/null; [ $? = 2 ] || fail "-n 0 does not exit 2"; n=$((n + 1))
bash "$S" "$T/rtl" 2>/dev/null; [ $? = 2 ] || fail "a tree without tb/ does not exit 2"; n=$((n + 1))
# --check: body lines make a function of exactly L lines (signature and brace
# lines counted); K&R and own-line braces alternate
fn() { # NAME LINES STYLE(knr|own)
    if [ "$3" = knr ]; then echo "int $1(void) {"; k=2; else printf 'int %s(void)\n{\n' "$1"; k=3; fi
    for ((i = k; i < $2; i++)); do echo "    x++;"; done
    echo "}"
}
check() { bash "$S" --check "$T" > "$T/out" 2>&1; echo $?; }
[ "$(check)" = 0 ] || fail "--check on the small fixture: $(cat "$T/out")"; n=$((n + 1))
{ fn at_limit 120 knr; fn helper 300 own; } > "$T/csrc/lim.c"
mkdir -p "$T/tests/unit" && { fn main 200 knr; fn long_helper 250 own; } > "$T/tests/unit/t.c"
{ fn main 200 own; } > "$T/tb/x/test_m.c"
[ "$(check)" = 1 ] && grep -q 'csrc/lim.c:121  helper (over 120' "$T/out" ||
    fail "--check misses a 300-line function: $(cat "$T/out")"; n=$((n + 1))
{ fn at_limit 120 knr; fn helper 120 own; } > "$T/csrc/lim.c"
[ "$(check)" = 0 ] || fail "--check fails at the limits (120, test main 200, a test's helper 250): $(cat "$T/out")"; n=$((n + 1))
fn over 121 knr > "$T/csrc/lim.c"
[ "$(check)" = 1 ] && grep -q '^ *121  csrc/lim.c:1  over (over 120' "$T/out" ||
    fail "--check misses a 121-line function with its brace on its signature line: $(cat "$T/out")"; n=$((n + 1))
fn at_limit 120 knr > "$T/csrc/lim.c"; fn main 201 knr > "$T/tests/unit/t.c"
[ "$(check)" = 1 ] && grep -q '^ *201  tests/unit/t.c:1  main (over 200' "$T/out" ||
    fail "--check misses a 201-line test main: $(cat "$T/out")"; n=$((n + 1))
fn main 200 knr > "$T/tests/unit/t.c"; fn main 201 own > "$T/tb/x/test_m.c"
[ "$(check)" = 1 ] && grep -q 'tb/x/test_m.c:1  main (over 200' "$T/out" ||
    fail "--check misses a 201-line main of a test_* file: $(cat "$T/out")"; n=$((n + 1))
bash "$S" --bogus "$T" 2>/dev/null; [ $? = 2 ] || fail "an unknown option does not exit 2"; n=$((n + 1))
echo "code_measures_test: $n passed"
