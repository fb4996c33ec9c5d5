#!/bin/bash
# rtr_selftest.sh - the lockstep comparison of the router testbench, tested
# without RTL: the C model against a second instance of itself (--impl self)
# must agree on every output of every cycle, and a single flipped output bit
# (--fault CYCLE:PORT) must stop the run at exactly that cycle, port and field
# with the decoded report and the port history. Prints "N passed, N failed".
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
SIM=${1:-build/bin/rtr_sim}
pass=0; fail=0
check() { # name, expected exit, regex, args...
    local name=$1 code=$2 re=$3; shift 3
    local out; out=$("$SIM" "$@" 2>&1); local rc=$?
    if [ $rc -eq "$code" ] && grep -Eq -- "$re" <<< "$out"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL $name: exit $rc (want $code), /$re/"; tail -8 <<< "$out" | sed 's/^/    | /'; fi
}
Q="--load 0.5 --len bw --sink-bp 0.2 --src-idle 0.05 --hdr-mix 0.2 --warmup 300 --measure 1500"
check lcb-agree 0 "^PASS" --impl self --cfg yarc-k16 $Q --ber 1e-4 --seed 3
check bare-agree 0 "^PASS" --impl self --cfg yarc-k16-bare $Q --seed 4
check lcb-fault 1 "LOCKSTEP MISMATCH cycle 900 port 7 field link_tx" --impl self --cfg yarc-k16 $Q --seed 5 --fault 900:7
# the history is kept only when two routers are compared, and it is full
check lcb-report 1 "history of port 7 \\(last 24 phits" --impl self --cfg yarc-k16 $Q --seed 5 --fault 900:7
check bare-report 1 "history of port 3 \\(last 24 phits" --impl self --cfg yarc-k16-bare $Q --seed 6 --fault 1200:3
check bare-fault 1 "LOCKSTEP MISMATCH cycle 1200 port 3 field (out_phit|in_cr\[0\])" --impl self --cfg yarc-k16-bare $Q --seed 6 --fault 1200:3
# the network switches through the same comparison
check nwn-agree 0 "^PASS" --impl self --cfg fc-k16 $Q --adaptive 0.5 --ber 1e-4 --seed 7
check nwn-fault 1 "LOCKSTEP MISMATCH cycle 800 port 9 field link_tx" --impl self --cfg bb-k16 $Q --seed 8 --fault 800:9
# --digest, the fingerprint of a run that speed work compares between builds
# (docs/results.md §3): the same run gives the same digest whichever
# implementation drives the testbench (the model, a second model, the RTL in
# lockstep), and another seed gives another one.
digest() { "$SIM" "$@" --digest 2>&1 | sed -n 's/^digest //p'; }
D="--cfg yarc-k16 $Q --ber 1e-4 --seed 3"
dm=$(digest --impl model $D) ds=$(digest --impl self $D) do=$(digest --impl model ${D% *} 4)
if [ -n "$dm" ] && [ "$dm" = "$ds" ] && [ "$dm" != "$do" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL digest: model '$dm', self '$ds', other seed '$do'"; fi
if [ -x "$(dirname "$SIM")/rtr_sim-yarc-k16" ]; then
    dl=$(digest --impl lockstep $D)
    if [ -n "$dm" ] && [ "$dm" = "$dl" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL digest: model '$dm', RTL in lockstep '$dl'"; fi
fi
# With the RTL: a fault injected into the RTL's outputs in lockstep is reported
# and the failing seed is rerun with the traced build, writing an FST window.
for cfg in yarc-k16 fc-k16; do
    if [ -x "$(dirname "$SIM")/rtr_sim-$cfg" ] && [ -x "$(dirname "$SIM")/rtr_sim-$cfg-trace" ]; then
        W=$(dirname "$SIM")/../waves/rtr_${cfg}_seed9_c700.fst
        rm -f "$W"
        check "rtl-fault-rerun-$cfg" 1 "gtkwave .*rtr_${cfg}_seed9_c700.fst" --impl lockstep --cfg "$cfg" \
            --load 0.4 --warmup 200 --measure 1000 --fault 700:3 --seed 9
        if [ -s "$W" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: no FST $W"; fi
    fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
