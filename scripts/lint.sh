#!/bin/bash
# lint.sh - the three RTL gates on every module in rtl/files.f:
#   1. verilator --lint-only -Wall (with the waivers in rtl/lint.vlt)
#   2. Icarus Verilog elaboration (iverilog -g2012)
#   3. Yosys: hierarchy -check; proc; check -assert
# Each module is elaborated as its own top with default parameters.
set -u
cd "$(dirname "$0")/.."
FILES=$(grep -v '^\s*\(//\|$\)' rtl/files.f | tr '\n' ' ')
MODS=$(grep -h -o '^module [A-Za-z0-9_]*' $FILES | awk '{print $2}')
pass=0; fail=0
for m in $MODS; do
    ok=1
    if ! out=$(verilator --lint-only -Wall -Irtl/inc rtl/lint.vlt $FILES --top-module "$m" 2>&1); then
        echo "FAIL verilator $m"; echo "$out" | head -20; ok=0
    fi
    if ! out=$(iverilog -g2012 -Irtl/inc -s "$m" -o /dev/null $FILES 2>&1) || [ -n "$out" ]; then
        echo "FAIL iverilog $m"; echo "$out" | head -20; ok=0
    fi
    if ! out=$(yosys -q -p "read_verilog -sv -Irtl/inc $FILES; hierarchy -check -top $m; proc; check -assert" 2>&1); then
        echo "FAIL yosys $m"; echo "$out" | grep -v '^$' | head -20; ok=0
    fi
    if [ $ok = 1 ]; then pass=$((pass + 1)); echo "lint ok  $m"; else fail=$((fail + 1)); fi
done
echo "lint: $pass passed, $fail failed"
[ $fail -eq 0 ]
