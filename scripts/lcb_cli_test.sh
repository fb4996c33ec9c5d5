#!/bin/bash
# lcb_cli_test.sh - lcb_sim rejects bad input with a clear message and exit 2:
# packet lengths below the tagged minimum, and --config entries that are not
# integers, out of range, unknown keys, duplicate names or parameters, a
# missing parameter, or another module (issue 11 section 4). Good entries
# still run. Prints "N passed, N failed".
#   usage: lcb_cli_test.sh [LCB_SIM]   (default build/bin/lcb_sim_model)
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
SIM=${1:-build/bin/lcb_sim_model}
. "$(dirname "$0")/cli_test_lib.sh"
Q="--cycles 3000 --quiet"
# lengths: a tagged packet is at least 4 phits (fixed:2/3 used to pass the
# option check and fail later as a "testbench bug")
expect 2 "--len: expected an integer in \[4, 1024\], got '2' \(a packet is at least 4 phits" --len fixed:2 $Q
# --down-window: only where protocol 7.6's window holds
DW="--outage-at 1000 --outage-len 100000 --saturate --gap 0 --expect-down --down-window"
expect 2 "--down-window needs --expect-down" --down-window $Q
expect 2 "--down-window needs exactly one --outage-at cycle" --outage-at 1000,2000 --saturate --gap 0 --expect-down --down-window $Q
expect 2 "--outage-len 50 ends before the window does" --outage-at 1000 --outage-len 50 --saturate --gap 0 --expect-down --down-window $Q
expect 2 "--down-window: the window holds on an otherwise clean link" $DW --ber 1e-6 $Q
expect 2 "--down-window needs --saturate and --gap 0" --outage-at 1000 --outage-len 100000 --saturate --expect-down --down-window $Q
expect 2 "--down-window needs timeout > RTT_ack" $DW --timeout 100 $Q
expect 2 "--len: expected an integer in \[4, 1024\], got '3'" --len fixed:3 $Q
expect 2 "--len: expected fixed:L, uniform:A:B \(4 <= A <= B <= 1024" --len uniform:3:8 $Q
expect 2 "--len: expected fixed:L" --len uniform:2:2 $Q
expect 0 "PASS" --len fixed:4 $Q
expect 0 "PASS" --len uniform:4:8 $Q
# --config: the strict reader (file:line messages)
# bad_cfg NAME CONTENT PATTERN: --config x from $TMP/NAME.txt holding CONTENT
# (a printf format) fails with exit 2 and a message matching PATTERN.
bad_cfg() { printf "$2" > "$TMP/$1.txt"; expect 2 "$3" --cfg-file "$TMP/$1.txt" --config x $Q; }
ok='NumVcs=2 BufPerVc=32 ReplayDepth=64 Window=8 MaxPktLen=16'
printf "lcb-x nr_lcb_port $ok\n" > "$TMP/good.txt"
expect 0 "NumVcs=2 BufPerVc=32 ReplayDepth=64 Window=8 MaxPktLen=16" --cfg-file "$TMP/good.txt" --config x --len uniform:4:16 $Q
expect 0 "BufPerVc=32 ReplayDepth=64" --config small --len uniform:4:16 $Q
bad_cfg c1 "lcb-x nr_lcb_port NumVcs=2x BufPerVc=32 ReplayDepth=64 Window=8 MaxPktLen=16\n" \
    "--config x: .*c1.txt:1: parameter NumVcs: value '2x' is not an integer"
bad_cfg c1b "lcb-x nr_lcb_port NumVcs=abc BufPerVc=32 ReplayDepth=64 Window=8 MaxPktLen=16\n" \
    "c1b.txt:1: parameter NumVcs: value 'abc' is not an integer"
bad_cfg c2 "lcb-x nr_lcb_port $ok Speed=3\n" \
    "c2.txt:1: unknown parameter 'Speed' for top nr_lcb_port"
bad_cfg c3 "lcb-x nr_lcb_port $ok\n# c\nlcb-x nr_lcb_port $ok\n" \
    "c3.txt:3: configuration 'lcb-x' already defined at line 1"
bad_cfg c4 "lcb-x nr_lcb_port $ok Window=4\n" \
    "c4.txt:1: parameter 'Window' given twice"
bad_cfg c5 "lcb-x nr_yarc Rows=4 Cols=4\n" \
    "c5.txt:1: configuration lcb-x has top nr_yarc, not nr_lcb_port"
bad_cfg c6 "lcb-x nr_lcb_port NumVcs=2 BufPerVc=32 ReplayDepth=64 MaxPktLen=16\n" \
    "c6.txt:1: configuration lcb-x: parameter Window missing"
bad_cfg c7 "lcb-x nr_lcb_port NumVcs=9 BufPerVc=32 ReplayDepth=64 Window=8 MaxPktLen=16\n" \
    "c7.txt:1: configuration lcb-x: NumVcs=9 is out of range \[1, 4\]"
bad_cfg c8 "lcb-x nr_lcb_port NumVcs=2 BufPerVc=4294967328 ReplayDepth=64 Window=8 MaxPktLen=16\n" \
    "c8.txt:1: parameter BufPerVc: value '4294967328' is out of range"
bad_cfg c9 "lcb-x nr_lcb_port $ok\nbroken-line\n" \
    "c9.txt:2: expected 'name top"
expect 2 "no configuration 'lcb-y'" --cfg-file "$TMP/good.txt" --config y $Q
expect 2 "cannot open" --cfg-file "$TMP/none.txt" --config x $Q
expect 2 "--cfg-file needs --config" --cfg-file "$TMP/good.txt" $Q
finish
