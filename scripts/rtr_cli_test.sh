#!/bin/bash
# rtr_cli_test.sh - rtr_sim rejects bad input with a clear message and exit 2:
# unknown options, bad values, unknown or broken named configurations
# (file:line), infeasible combinations. Prints "N passed, N failed".
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
SIM=${1:-build/bin/rtr_sim}
. "$(dirname "$0")/cli_test_lib.sh"
. "$(dirname "$0")/csv_lib.sh"
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
expect 2 "--malformed needs a bare configuration" --cfg yarc-k16 --malformed 0.1
expect 2 "--malformed: expected" --cfg yarc-k16-bare --malformed 1.5
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
# every column but the three of time (by name: a column that moves is still
# compared, and a new one is compared too)
untimed() { csv_awk '{ o = ""; for (i = 1; i <= NF; i++) if (i != col("wall_s") && i != col("cycles_per_s") && i != col("phit_hops_per_s")) o = o $i ","; print o } END { if (CSV_BAD) exit 2 }' "$1"; }
ua=$(untimed "$TMP/a.csv") && ub=$(untimed "$TMP/b.csv")
if [ $? = 0 ] && [ -n "$ua" ] && [ "$ua" = "$ub" ] && [ "$(echo "$ua" | head -1 | tr -cd , | wc -c)" = "$(($(head -1 "$TMP/a.csv" | tr -cd , | wc -c) - 2))" ]; then
    pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: same seed gave different results"; fi
# ---- issue 11 section 4: inputs that slipped through ----
# integers are decimal: a leading zero is not octal (010 was 8)
expect 0 "links latency 10 " --link-lat 010 $Q
expect 0 "links latency 16 " --link-lat 0x10 $Q
expect 0 "Integers are decimal" --help
# configuration values must fit 32 bits (4294967300 ran as 4)
printf 'big nr_yarc Rows=4294967300 Cols=4\n' > "$TMP/c8.txt"
expect 2 "c8.txt:1: parameter Rows: value '4294967300' is out of range \[-2147483648, 2147483647\]" --cfg-file "$TMP/c8.txt" --cfg big
printf 'big nr_yarc Rows=99999999999999999999999 Cols=4\n' > "$TMP/c8b.txt"
expect 2 "c8b.txt:1: parameter Rows: value '99999999999999999999999' is out of range" --cfg-file "$TMP/c8b.txt" --cfg big
printf 'neg nr_yarc Rows=- Cols=4\n' > "$TMP/c8c.txt"
expect 2 "c8c.txt:1: parameter Rows: value '-' is not an integer" --cfg-file "$TMP/c8c.txt" --cfg neg
# --fault on a port the configuration does not have (was taken modulo k)
expect 2 "--fault: port 16 is not a port of yarc-k16 \(ports 0..15\)" --impl self --fault 100:16 $Q
expect 2 "--fault: expected CYCLE:PORT" --impl self --fault 100:64 $Q
expect 2 "--fault: expected CYCLE:PORT" --impl self --fault 100:-1 $Q
expect 2 "--fault: expected CYCLE:PORT" --impl self --fault 100:1x $Q
expect 1 "^FAIL" --impl self --fault 100:15 $Q --no-rerun
# a label is a bare CSV field: no commas, quotes or line breaks
expect 2 "--label: a label may not contain commas" --label "a,b" $Q
expect 2 "--label: a label may not contain commas" --label 'say "hi"' $Q
expect 2 "--label: a label may not contain commas" --label "$(printf 'two\nlines')" $Q
"$SIM" --cfg-file "$TMP/c6.txt" --cfg tiny $Q --label ok-label_1 --csv "$TMP/l.csv" > /dev/null 2>&1
if [ "$(csv_awk 'NR == 2 { print NF, $col("label") }' "$TMP/l.csv")" = "$(awk -F, 'NR == 1 { print NF }' "$TMP/l.csv") ok-label_1" ]; then
    pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: CSV row and header differ in columns"; cat "$TMP/l.csv"; fi
# a duplicate name is caught however far down the file (was: after entry 256 not)
{ for i in $(seq 1 300); do echo "cfg$i nr_yarc Rows=2 Cols=2 UseLcb=0"; done; echo "cfg7 nr_yarc Rows=2 Cols=2"; } > "$TMP/c9.txt"
expect 2 "c9.txt:301: configuration 'cfg7' already defined at line 7" --cfg-file "$TMP/c9.txt" --cfg cfg1
{ for i in $(seq 1 300); do echo "cfg$i nr_yarc Rows=2 Cols=2 UseLcb=0"; done; echo "cfg280 nr_yarc Rows=2 Cols=2"; } > "$TMP/c10.txt"
expect 2 "c10.txt:301: configuration 'cfg280' already defined at line 280" --cfg-file "$TMP/c10.txt" --cfg cfg1
for i in $(seq 1 300); do echo "cfg$i nr_yarc Rows=2 Cols=2 UseLcb=0"; done > "$TMP/c11.txt"
expect 0 "^PASS" --cfg-file "$TMP/c11.txt" --cfg cfg299 $Q
expect 2 "no configuration 'cfg301'" --cfg-file "$TMP/c11.txt" --cfg cfg301
# LinkCrcW (link-protocol 4.1) is 16 or 32, refused with file:line otherwise;
# an RTL build made with the other width is refused, not run
printf 'crc24 nr_yarc Rows=2 Cols=2 LinkCrcW=24\ncrc24n nr_nwn NumPorts=16 R=8 M=2 LinkCrcW=24\nyarc-k16 nr_yarc Rows=4 Cols=4 LinkCrcW=32\n' > "$TMP/c12.txt"
expect 2 "c12.txt:1: configuration crc24: LinkCrcW = 24: must be 16 or 32" --cfg-file "$TMP/c12.txt" --cfg crc24 $Q
expect 2 "c12.txt:2: configuration crc24n: LinkCrcW = 24: must be 16 or 32" --cfg-file "$TMP/c12.txt" --cfg crc24n $Q
expect 2 "RTL build yarc-k16 \\(.*/v/yarc-k16\\) has LinkCrcW=16, configuration yarc-k16 \\(.*c12.txt:3\\) wants 32" --cfg-file "$TMP/c12.txt" --cfg yarc-k16 --impl rtl $Q
# the same for a network switch's build, on a parameter of its own (the
# RTL glue is one object for both tops: tb/rtl_build.h)
printf 'fc-k16-bare nr_nwn NumPorts=16 R=8 M=2 UseLcb=0 ChanLat=3\n' > "$TMP/c12n.txt"
expect 2 "RTL build fc-k16-bare \\(.*/v/fc-k16-bare\\) has ChanLat=2, configuration fc-k16-bare \\(.*c12n.txt:1\\) wants 3" --cfg-file "$TMP/c12n.txt" --cfg fc-k16-bare --impl rtl $Q
# rtr_lat after replays without injected errors (timeout below the round trip):
# was ~1.7e19 (unsigned underflow of head-out - head-in)
"$SIM" --link-lat 600 --warmup 500 --measure 2000 > "$TMP/lat.out" 2>&1
if awk '/^offered/ { getline; split($7, a, "/"); r = $8; ok = (a[1] + 0 > 0 && a[1] + 0 < 2000 && r + 0 > 0) }
        END { exit !ok }' "$TMP/lat.out" && grep -q '^PASS' "$TMP/lat.out"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: --link-lat 600: rtr_lat not sane or no replays:"; grep -A1 '^offered' "$TMP/lat.out"; fi
# the default drain/flush limits scale with the link latency and timeout
# (--link-lat 4096 on fc-k16 failed the fixed 20000-cycle flush)
expect 0 "^PASS" --cfg fc-k16 --link-lat 4096
expect 1 "did not drain within 20000 cycles" --cfg fc-k16 --link-lat 4096 --flush-max 20000
# the LCB sizing warnings of lcb_sim, on stderr
"$SIM" --link-lat 600 $Q 2> "$TMP/err" > "$TMP/out1"
if grep -q "^rtr_sim: warning: links: timeout 1024 <= RTT_ack 1286 + MaxPktLen 64" "$TMP/err" &&
   grep -q "^rtr_sim: warning: links: ReplayDepth 256 < RTT_ack 1286" "$TMP/err" &&
   grep -q "^rtr_sim: warning: links: BufPerVc 128 < RTT_ack 1286" "$TMP/err" &&
   ! grep -q "warning" "$TMP/out1"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: no sizing warnings on stderr at --link-lat 600:"; cat "$TMP/err"; fi
"$SIM" --link-lat 600 --timeout 5000 $Q 2> "$TMP/err" > /dev/null
if ! grep -q "warning: links: timeout" "$TMP/err"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: timeout warning with a long enough timeout"; cat "$TMP/err"; fi
"$SIM" --cfg yarc-k16-bare $Q 2> "$TMP/err" > /dev/null
if ! grep -q "warning" "$TMP/err"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: LCB warning for a bare configuration"; cat "$TMP/err"; fi
# --trace-out is checked at startup (an unwritable path used to print "this RTL
# build cannot trace" every cycle and PASS without a trace)
expect 2 "--trace-out /nonexistent-dir/x.fst: cannot write the trace: No such file or directory" --impl rtl --trace-from 0 --trace-out /nonexistent-dir/x.fst $Q
expect 2 "--trace-out /proc/x.fst: cannot write the trace" --impl lockstep --trace-from 0 --trace-out /proc/x.fst $Q
expect 2 "--trace-out $TMP: cannot write the trace: not a regular file" --impl rtl --trace-from 0 --trace-out "$TMP" $Q
expect 2 "--trace-out needs --impl rtl or lockstep" --trace-from 0 --trace-out "$TMP/m.fst" $Q
# so is --csv (the row is written after the run)
expect 2 "--csv: cannot write '/nonexistent-dir/r.csv': No such file or directory" --csv /nonexistent-dir/r.csv $Q
# The startup check probes the path by creating it. Without a traced RTL build
# the run then fails, and the probe must not leave a file behind; with one,
# the run writes a real (non-empty) trace there.
if [ ! -e "$TMP/w.fst" ]; then
    if "$SIM" --impl rtl --trace-from 0 --trace-out "$TMP/w.fst" $Q > "$TMP/w.out" 2>&1; then
        if [ -s "$TMP/w.fst" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: a traced run passed without writing $TMP/w.fst"; fi
    elif [ ! -e "$TMP/w.fst" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL: the writability check left $TMP/w.fst after a failed run"; cat "$TMP/w.out"; fi
fi
# --route fbfly (docs/fbfly-routing.md): its options, the routers it needs
expect 2 "--fb-alg, --fb-dims and --fb-me go with --route fbfly" --fb-alg val
expect 2 "--fb-alg: unknown algorithm 'dor'" --route fbfly --fb-alg dor
expect 2 "--fb-dims: expected" --route fbfly --fb-dims 5
expect 2 "--fb-me 8: the network has 8 routers" --route fbfly --fb-me 8
expect 2 "algorithm ugals needs the sequential allocator: a configuration with FbSeq=1" --route fbfly --fb-alg ugals
expect 2 "algorithm closad needs the sequential allocator" --cfg cn-k16-bare --route fbfly --fb-alg closad
expect 2 "which this switch drops \(SELF, UPUP" --cfg fc-k16-bare --route fbfly
expect 2 "which this switch drops \(SELF, UPUP" --cfg bb-k16-bare --route fbfly
printf 'odd nr_yarc Rows=4 Cols=4 UseLcb=0 NumVcs=3\n' > "$TMP/c13.txt"
expect 2 "algorithm val keeps the phase in the VC's low bit: it needs an even number of VCs" --cfg-file "$TMP/c13.txt" --cfg odd --route fbfly --fb-alg val
expect 0 "^PASS" --cfg-file "$TMP/c13.txt" --cfg odd --route fbfly --fb-alg min $Q
# The C-model-only parameter (keys marked RTR_K_MODEL): FbSeq=1, the sequential
# allocator. model_only KEY=V WHAT CFG1 CFG2 RTLLINE BADLINE BADMSG: no RTL run
# of CFG1 (lockstep) or CFG2 (rtl); a configuration file line RTLLINE
# (configuration KEY-rtl with an rtl build) refused by the reader and by
# cfg.sh --check; BADLINE (configuration KEY-bad) refused with BADMSG
model_only() {
    local kv=$1 what=$2 key=${1%=*} f=$TMP/mo-${1%=*}.txt g=$TMP/mo-${1%=*}-bad.txt
    expect 2 "has $kv, which only the C model has \\($what" --cfg "$3" --impl lockstep $Q
    expect 2 "has $kv, which only the C model has \\($what" --cfg "$4" --impl rtl $Q
    printf '%s\n' "$5" > "$f"
    expect 2 "mo-$key.txt:1: configuration $key-rtl sets $key, which only the C model has \\($what.*\\): its builds column must be '-'" --cfg-file "$f" --cfg "$key-rtl"
    printf '%s\n' "$6" > "$g"
    expect 2 "mo-$key-bad.txt:1: configuration $key-bad: $7" --cfg-file "$g" --cfg "$key-bad"
    if NR_CONFIGS="$f" "$(dirname "$0")/cfg.sh" --check 2> "$TMP/cfgsh.err"; then
        fail=$((fail + 1)); echo "FAIL: cfg.sh --check took a $kv configuration with an rtl build"
    elif grep -q "$key-rtl sets $key, which only the C model has" "$TMP/cfgsh.err"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL: cfg.sh --check message for $kv"; cat "$TMP/cfgsh.err"; fi
}
model_only FbSeq=1 "the flattened-butterfly mode's sequential allocator" yarc-k16-seq cn-k16-bare-seq \
    'FbSeq-rtl nr_yarc rtl Rows=4 Cols=4 FbSeq=1' 'FbSeq-bad nr_yarc - Rows=4 Cols=4 FbSeq=2' "FbSeq = 2: must be 0 or 1"
# UpPick=2, greedy_r(2) (docs/yarc-arch.md 5 step 4'), and SideTab=1, the side table (step
# 3a), are in the RTL too: lockstep runs, and bad values refused
expect 0 "^PASS" --cfg fc-k16-bare-g2 --impl lockstep --route clos-leaf --adaptive 1 --measure 300 $Q
expect 0 "^PASS" --cfg yarc-k16-bare-side --impl lockstep --measure 300 $Q
printf 'UpPick-bad nr_yarc - Rows=4 Cols=4 UpPick=1\n' > "$TMP/up-bad.txt"
expect 2 "up-bad.txt:1: configuration UpPick-bad: UpPick = 1: must be 0 or 2" --cfg-file "$TMP/up-bad.txt" --cfg UpPick-bad
printf 'SideTab-bad nr_nwn - NumPorts=16 R=8 M=2 SideTab=2\n' > "$TMP/st-bad.txt"
expect 2 "st-bad.txt:1: configuration SideTab-bad: SideTab = 2: must be 0 or 1" --cfg-file "$TMP/st-bad.txt" --cfg SideTab-bad
# ... and the C model runs them
expect 0 "^PASS" --cfg cn-k16-bare-seq --route fbfly --fb-alg closad --adaptive 1 $Q
expect 0 "^PASS" --cfg fc-k16-bare-g2 --route clos-leaf --adaptive 1 $Q
finish
