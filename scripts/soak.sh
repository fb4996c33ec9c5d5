#!/bin/bash
# soak.sh - time-budgeted, rotating-seed soak of the link layer (issue 11).
#
#   scripts/soak.sh [-b BUILD] [-m MINUTES] [-s BASESEED] [-c 16|32] [-k KINDS]
#   make soak [SOAK_MINUTES=10] [SOAK_SEED=N] [SOAK_CRC=32] [SOAK_KINDS="rtr"]
#
# Until the budget (SOAK_MINUTES, default 10) runs out it cycles through:
#   lcb    LCB model pairs (lcb_sim_model), every error kind up to BER 1e-3
#          and control-bit flips up to 3e-2, forged control words included;
#   lcbrtl LCB RTL in lockstep with the model (lcb_sim --a rtl --b model
#          --lockstep), only if BUILD/bin/lcb_sim exists (it is not built here);
#   lcbneg two LCB RTL ports in lockstep (lcb_sim --a rtl --b rtl --lockstep),
#          phantom control words on a long link (latency 256): each run must
#          pass cleanly and go through negative credits (owed > BufPerVc) and
#          back (issue 51); with lcbrtl;
#   rtr    k16 routers with link errors: rtr_sim on yarc-k16, in lockstep with
#          the RTL when BUILD/bin/rtr_sim-yarc-k16 exists, model-only otherwise.
# -c 32 soaks the 32-bit link check (link-protocol 4.1, LinkCrcW = 32): the
# model pairs run with --link-crc 32, the RTL in lockstep uses
# BUILD/bin/lcb_sim-lcb-crc32 (the lcb-crc32 build) if it exists, and the routers
# are yarc-k16-crc32 (BUILD/bin/rtr_sim-yarc-k16-crc32 for the lockstep).
# -k limits the kinds to those named (a comma- or space-separated subset of
# lcb, lcbrtl, lcbneg, rtr; lcbrtl and lcbneg still need their binary).
# Each run gets its own seed (from BASESEED and the run number) and rotated
# latencies, buffer sizes, VC counts and error kinds. The same BASESEED gives
# the same sequence of commands. A run is PASS, ESCAPE (PASS with counted CRC
# escapes: an undetectable error, not a design failure) or FAIL.
#
# Output in BUILD/soak/: runs.log (every command and its verdict), one log per
# failure, summary.txt (link-cycles per hour, escapes, failures with their
# exact commands) and junit.xml. Exit 1 if any run failed, else 0.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
BUILD=build
MIN=${SOAK_MINUTES:-10}
BASE=${SOAK_SEED:-$(date +%Y%m%d)}
CRCW=${SOAK_CRC:-16}
ONLY=${SOAK_KINDS:-}
while getopts b:m:s:c:k: o; do
    case $o in
    b) BUILD=$OPTARG ;;
    m) MIN=$OPTARG ;;
    s) BASE=$OPTARG ;;
    c) CRCW=$OPTARG ;;
    k) ONLY=$OPTARG ;;
    *) echo "usage: $0 [-b BUILD] [-m MINUTES] [-s BASESEED] [-c 16|32] [-k KINDS] (--help)" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# = 0 ] || { echo "soak: no arguments expected, got '$*' (--help)" >&2; exit 2; }
[[ $MIN =~ ^[0-9]+(\.[0-9]+)?$ ]] && [[ ! $MIN =~ ^0+(\.0+)?$ ]] ||
    { echo "soak: -m (SOAK_MINUTES) must be a number of minutes > 0, got '$MIN'" >&2; exit 2; }
case $BASE in ''|*[!0-9]*) echo "soak: base seed must be a decimal integer, got '$BASE'" >&2; exit 2 ;; esac
case $CRCW in 16|32) ;; *) echo "soak: -c takes 16 or 32 (LinkCrcW), got '$CRCW'" >&2; exit 2 ;; esac
LCB=$BUILD/bin/lcb_sim_model
LCBRTL=$BUILD/bin/lcb_sim
RTR=$BUILD/bin/rtr_sim
LCBOPT=""
RCFG=yarc-k16
if [ "$CRCW" = 32 ]; then LCBRTL=$BUILD/bin/lcb_sim-lcb-crc32; LCBOPT="--link-crc 32"; RCFG=yarc-k16-crc32; fi
for b in "$LCB" "$RTR"; do
    [ -x "$b" ] || { echo "soak: $b is not built (make BUILD=$BUILD $b)" >&2; exit 2; }
done
OUT=$BUILD/soak
mkdir -p "$OUT"
rm -f "$OUT"/fail-*.log "$OUT"/runs.log "$OUT"/cases.tmp
kinds="lcb rtr"
[ -x "$LCBRTL" ] && kinds="lcb lcbrtl lcbneg rtr"
if [ -n "$ONLY" ]; then
    want=$(echo "$ONLY" | tr ',' ' ')
    for k in $want; do
        case $k in lcb|lcbrtl|lcbneg|rtr) ;; *) echo "soak: -k takes lcb, lcbrtl, lcbneg and rtr, got '$k'" >&2; exit 2 ;; esac
    done
    sel=""
    for k in $kinds; do case " $want " in *" $k "*) sel="$sel $k" ;; esac; done
    kinds=$(echo $sel)
    [ -n "$kinds" ] || { echo "soak: none of -k '$ONLY' can run here (lcbrtl and lcbneg need $LCBRTL)" >&2; exit 2; }
fi
rtrls=""
[ -x "$BUILD/bin/rtr_sim-$RCFG" ] && rtrls="--impl lockstep"
start=$(date +%s)
deadline=$(awk -v s="$start" -v m="$MIN" 'BEGIN { printf "%d", s + m * 60 }')
echo "soak: base seed $BASE, budget $MIN min, LinkCrcW $CRCW, kinds: $kinds$([ -x "$LCBRTL" ] || echo ' (no LCB RTL binary: lcbrtl skipped)'), routers $RCFG $([ -n "$rtrls" ] && echo 'in lockstep' || echo 'model-only (no RTL build)')"

# deterministic pick: pick N "list" -> the N-th word modulo the list length
pick() { n=$1; shift; set -- $*; i=$(( n % $# + 1 )); eval echo \${$i}; }

n=0
while [ "$(date +%s)" -lt "$deadline" ]; do
    n=$((n + 1))
    # a per-run seed: 32-bit mix of the base seed and the run number
    seed=$(( (BASE * 2654435761 + n * 40503 + 12345) % 4294967291 ))
    h=$(( seed / 7 ))
    set -- $kinds
    kind=$(pick $n "$kinds")
    ber=$(pick $h "1e-5 1e-4 3e-4 1e-3")
    ctl=$(pick $((h / 5)) "0 1e-3 1e-2 3e-2")
    lat=$(pick $((h / 23)) "1 4 16 64 200")
    case $kind in
    lcb|lcbrtl)
        vcs=$(pick $((h / 101)) "1 2 4")
        buf=$(pick $((h / 211)) "32 64 128")
        ek=$(pick $((h / 307)) "ber burst drop outage all forge")
        case $ek in
        ber) errs="--ber $ber --ctl-ber $ctl" ;;
        burst) errs="--ber-data $ber --burst-rate 1e-4 --burst-len 24 --ctl-ber $ctl" ;;
        drop) errs="--drop-rate $ber --ber-sb $ber --ctl-ber $ctl" ;;
        outage) errs="--outage-rate 1e-5 --outage-len 300 --ber $ber --ctl-ber $ctl" ;;
        all) errs="--ber $ber --burst-rate 2e-5 --burst-len 24 --drop-rate 2e-5 --outage-rate 1e-5 --outage-len 300 --ctl-ber $ctl" ;;
        forge) errs="--ctl-forge 0.05 --ctl-forge-kind $(pick $((h / 401)) "phantom outrange foreign inrange badwt") --ber-sb $ber --ctl-ber $ctl" ;;
        esac
        if [ "$kind" = lcb ]; then
            cmd="$LCB --seed $seed --cycles 1000000 --vcs $vcs --buf $buf --replay 256 --window 32 --maxpkt 24 --len uniform:4:24 --latency $lat $errs --retry-limit 255 $LCBOPT --quiet"
        else
            cmd="$LCBRTL --a rtl --b model --lockstep --no-waves-on-fail --seed $seed --cycles 100000 --latency $lat $errs --retry-limit 255 --quiet"
        fi
        ;;
    lcbneg)
        cmd="$LCBRTL --a rtl --b rtl --lockstep --no-waves-on-fail --seed $seed --cycles 300000 --latency 256 --load 0.6 --bp 0.05 --ctl-forge 0.05 --ctl-forge-kind phantom $LCBOPT --quiet"
        ;;
    rtr)
        ek=$(pick $((h / 307)) "ber burst drop outage all")
        case $ek in
        ber) errs="--ber $ber --sb-ber $ber --ctl-ber $ctl" ;;
        burst) errs="--ber $ber --burst 1e-4:24 --ctl-ber $ctl" ;;
        drop) errs="--drop $ber --sb-ber $ber --ctl-ber $ctl" ;;
        outage) errs="--outage 1e-5:300 --ber $ber --ctl-ber $ctl" ;;
        all) errs="--ber $ber --burst 2e-5:24 --drop 2e-5 --outage 1e-5:300 --ctl-ber $ctl" ;;
        esac
        cmd="$RTR --cfg $RCFG $rtrls --seed $seed --measure 20000 --link-lat $lat $errs"
        ;;
    esac
    t0=$(date +%s)
    log=$OUT/run.tmp
    $cmd > "$log" 2>&1
    rc=$?
    t1=$(date +%s)
    # link-cycles with error injection on, and escapes
    # (both testbenches print err_link_cycles=, escapes= (packets) and
    # ctl_escapes= (control words) on one line: lcb_result, rtr_escapes)
    lc=$(sed -n 's/.* err_link_cycles=\([0-9]*\).*/\1/p' "$log" | tail -1)
    desc=$(sed -n 's/.* escapes=\([0-9]*\).*/\1/p' "$log" | tail -1)
    cesc=$(sed -n 's/.* ctl_escapes=\([0-9]*\).*/\1/p' "$log" | tail -1)
    ex=$(sed -n 's/.* exp_escapes=\([0-9.e+-]*\).*/\1/p' "$log" | tail -1)
    lc=${lc:-0}
    esc=$(( ${desc:-0} + ${cesc:-0} ))
    # lcbneg: a clean pass that went through negative credits
    if [ "$kind" = lcbneg ] && [ $rc -eq 0 ] && ! grep -q 'neg_credit_episodes=[1-9]' "$log"; then
        echo "soak: first failure: no negative credits reached (neg_credit_episodes=0)" >> "$log"
        rc=1
    fi
    if [ $rc -eq 0 ]; then
        v=PASS
        [ "$esc" -gt 0 ] && v=ESCAPE
    else
        v=FAIL
        cp "$log" "$OUT/fail-$n.log"
    fi
    echo "$n $kind $v rc=$rc link_cycles=$lc escapes=$esc data_escapes=${desc:-0} exp_escapes=${ex:-0} secs=$((t1 - t0)) cmd: $cmd" >> "$OUT/runs.log"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$kind" "$v" "$((t1 - t0))" "$cmd" "$(grep -m1 'first failure' "$log" | tr '<>&"' '....')" >> "$OUT/cases.tmp"
    echo "soak: run $n $kind $v (seed $seed, $lc link-cycles, $esc escapes)"
done
rm -f "$OUT/run.tmp"
end=$(date +%s)

# summary and JUnit report
awk -v secs=$((end - start)) -v base="$BASE" -v crcw="$CRCW" -v junit="$OUT/junit.xml" '
{
    k = $2; v = $3
    for (i = 4; i <= NF; i++) {
        if ($i ~ /^link_cycles=/) { sub(/link_cycles=/, "", $i); lc[k] += $i; tot += $i }
        if ($i ~ /^escapes=/) { sub(/escapes=/, "", $i); esc[k] += $i; etot += $i }
        if ($i ~ /^data_escapes=/) { sub(/data_escapes=/, "", $i); desc[k] += $i; dtot += $i }
        if ($i ~ /^exp_escapes=/) { sub(/exp_escapes=/, "", $i); ex[k] += $i; xtot += $i }
    }
    runs[k]++; cnt[k, v]++; all++
    if (v == "FAIL") { c = $0; sub(/.* cmd: /, "", c); fails[++nf] = c }
}
END {
    h = secs / 3600.0
    printf "soak summary: base seed %s, LinkCrcW %s, %d runs in %d s\n", base, crcw, all, secs
    for (k in runs)
        printf "  %-7s %5d runs: PASS %d, ESCAPE %d, FAIL %d; %.3g error link-cycles (%.3g per hour), %d escapes (%d packet, analytic expectation %.3g packet escapes)\n",
            k, runs[k], cnt[k, "PASS"], cnt[k, "ESCAPE"], cnt[k, "FAIL"], lc[k], (h > 0 ? lc[k] / h : 0), esc[k], desc[k], ex[k]
    printf "  total   %.3g error link-cycles (%.3g per hour), %d escapes (%d packet, expected %.3g), %d failures\n", tot, (h > 0 ? tot / h : 0), etot, dtot, xtot, nf
    for (i = 1; i <= nf; i++) printf "  FAIL: %s\n", fails[i]
}' "$OUT/runs.log" > "$OUT/summary.txt"
cat "$OUT/summary.txt"

nfail=$(grep -c ' FAIL ' "$OUT/runs.log")
{
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo "<testsuites name=\"soak\" tests=\"$n\" failures=\"$nfail\" time=\"$((end - start))\">"
    for k in $kinds; do
        nk=$(awk -F'\t' -v k="$k" '$2 == k' "$OUT/cases.tmp" | wc -l)
        fk=$(awk -F'\t' -v k="$k" '$2 == k && $3 == "FAIL"' "$OUT/cases.tmp" | wc -l)
        echo "  <testsuite name=\"soak.$k\" tests=\"$nk\" failures=\"$fk\">"
        awk -F'\t' -v k="$k" '$2 == k {
            cmd = $5; gsub(/&/, "\\&amp;", cmd); gsub(/</, "\\&lt;", cmd); gsub(/"/, "\\&quot;", cmd)
            printf "    <testcase classname=\"soak.%s\" name=\"run%s-%s\" time=\"%s\">", k, $1, $3, $4
            if ($3 == "FAIL") printf "<failure message=\"%s\">%s</failure>", $6, cmd
            else printf "<system-out>%s</system-out>", cmd
            printf "</testcase>\n"
        }' "$OUT/cases.tmp"
        echo "  </testsuite>"
    done
    echo "</testsuites>"
} > "$OUT/junit.xml"
rm -f "$OUT/cases.tmp"
echo "soak: $OUT/summary.txt, $OUT/junit.xml"
[ "$nfail" -eq 0 ]
