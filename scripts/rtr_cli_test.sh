#!/bin/bash
# rtr_cli_test.sh - rtr_sim rejects bad input with a clear message and exit 2:
# unknown options, bad values, unknown or broken named configurations
# (file:line), infeasible combinations. Prints "N passed, N failed".
set -u
SIM=${1:-build/bin/rtr_sim}
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
pass=0; fail=0
# expect CODE REGEX ARGS...: exit status CODE and stderr+stdout matching REGEX.
expect() {
    local code=$1 re=$2; shift 2
    "$SIM" "$@" > "$TMP/out" 2>&1; local rc=$?
    if [ $rc -eq "$code" ] && grep -Eq -- "$re" "$TMP/out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: rtr_sim $* -> exit $rc (want $code, /$re/):"; sed 's/^/    | /' "$TMP/out" | tail -5
    fi
}
Q="--warmup 10 --measure 50"
expect 2 "unknown option '--bogus'" --bogus
expect 2 "--load: expected" --load 1.5
expect 2 "--load: expected" --load abc
expect 2 "--impl: expected" --impl fast
expect 2 "--inject: expected bernoulli or bursty" --inject poisson
expect 2 "--inject|expected" --inject bursty:0
expect 2 "--len: expected fixed" --len exp:3
expect 2 "tagged packets need 4 phits" --len fixed:3
expect 2 "exceed MaxPktLen=64" --len uniform:4:65
expect 2 "--pattern|expected" --pattern zigzag
expect 2 "--seed: expected" --seed -1
expect 2 "no configuration 'yarc-k7'" --cfg yarc-k7
expect 2 "needs --hotspot" --pattern hotspot
expect 2 "node 99 is not a port" --hotspot 99:0.5
expect 2 "needs a configuration with LCBs" --cfg yarc-k16-bare --ber 1e-6
expect 2 "--share-tol needs --hotspot" --share-tol 0.2
expect 2 "unexpected argument" extra
expect 0 "usage: rtr_sim" --help
# broken configuration files: file:line
printf 'yarc-a nr_yarc Rows=4 Cols=4\nyarc-b nr_yarc Rows=4 Cols\n' > "$TMP/c1.txt"
expect 2 "c1.txt:2: parameter 'Cols' is not Param=Value" --cfg-file "$TMP/c1.txt" --cfg yarc-a
printf '# x\nyarc-a nr_yarc Rows=4 Cols=4x\n' > "$TMP/c2.txt"
expect 2 "c2.txt:2: parameter Cols: value '4x' is not an integer" --cfg-file "$TMP/c2.txt" --cfg yarc-a
printf 'yarc-a nr_yarc Rows=4 Cols=4\n\nyarc-a nr_yarc Rows=2 Cols=2\n' > "$TMP/c3.txt"
expect 2 "c3.txt:3: configuration 'yarc-a' already defined at line 1" --cfg-file "$TMP/c3.txt" --cfg yarc-a
printf 'yarc-a nr_yarc Rows=4 Cols=4 Speed=3\n' > "$TMP/c4.txt"
expect 2 "c4.txt:1: unknown parameter 'Speed' for top nr_yarc" --cfg-file "$TMP/c4.txt" --cfg yarc-a
printf 'fifo nr_fifo Width=4\n' > "$TMP/c5.txt"
expect 2 "c5.txt:1: configuration fifo has top nr_fifo, which no organization" --cfg-file "$TMP/c5.txt" --cfg fifo
expect 2 "--org: unknown organization 'mesh'" --org mesh
expect 2 "--org nwn: configuration yarc-k16 \\(top nr_yarc\\) is organization yarc" --org nwn
expect 2 "--adaptive: expected" --adaptive 2
printf 'bad-fc nr_nwn NumPorts=16 R=8 M=0\n' > "$TMP/c7.txt"
expect 2 "c7.txt:1: configuration bad-fc: M = 0" --cfg-file "$TMP/c7.txt" --cfg bad-fc
expect 2 "rowcol needs rows x cols" --cfg fc-k16 --pattern rowcol
expect 2 "--turn: expected" --pattern quad --turn 1.5
expect 2 "--turn-pattern|expected" --pattern quad --turn-pattern zigzag
expect 2 "cannot open" --cfg-file "$TMP/none.txt"
# a good configuration from a private file runs (model), same seed same result
printf 'tiny nr_yarc Rows=2 Cols=2 UseLcb=0\n' > "$TMP/c6.txt"
expect 0 "^PASS" --cfg-file "$TMP/c6.txt" --cfg tiny $Q --seed 5
"$SIM" --cfg-file "$TMP/c6.txt" --cfg tiny $Q --seed 5 --csv "$TMP/a.csv" > /dev/null 2>&1
"$SIM" --cfg-file "$TMP/c6.txt" --cfg tiny $Q --seed 5 --csv "$TMP/b.csv" > /dev/null 2>&1
if cut -d, -f1-23 "$TMP/a.csv" | cmp -s - <(cut -d, -f1-23 "$TMP/b.csv"); then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: same seed gave different results"; fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
