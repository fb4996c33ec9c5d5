#!/bin/bash
# lcb_sweep.sh - LCB measurements (benchmarks, not tests): CSV + PNG into
# BINDIR/../results/ (build/results/), summary in lcb_summary.txt there.
#
# usage: scripts/lcb_sweep.sh [-q] [-j N] [--help] [BINDIR]
#   BINDIR  where lcb_sim / lcb_sim_model live (default build/bin)
#   -q      quick: fewer points and cycles (smoke test of the script; not
#           published)
#   -j N    run N simulations at once (default 2)
# A full run whose every run passed also writes
# BINDIR/../results/publish-sweep-lcb.txt: `make publish-sweep-lcb` puts the
# two plots into docs/img/ and the tables of the five measurements
# (scripts/lcb_tables.py: lcb_tab_*.md) into docs/lcb-results.md. Exit 0 when every run passed, 1 when one failed,
# 2 on bad usage.
#
# Measurements
#   lcb_ber.csv/png      goodput vs BER (0 .. 1e-3, all 24 bits), saturated
#                        sources, 64-phit and BlackWidow-mix packets, latency 16
#   lcb_latency.csv/png  goodput vs link latency, default buffers, saturated,
#                        64-, 19- and 4-phit packets
#   lcb_maxlen.csv       error-free goodput with 64-phit packets (payload-only
#                        and link-layer definitions)
#   lcb_retry.csv        one flipped data bit: receiver recovery time (first
#                        RX_CRC to the next RX_OK) and phits lost, vs RTT_ack
#   lcb_speed.csv        simulated cycles per CPU second of the pair, model and RTL
#                        (CPU time, so the figure holds on a shared machine)
# All runs are model<->model except the speed runs; the lockstep regression
# shows the RTL produces the same cycles, so the figures hold for both.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
case ${1:-} in -h | --help) script_help "$0"; exit 0 ;; esac
QUICK=0; JOBS=2
while getopts "qj:" o; do
    case $o in
        q) QUICK=1 ;;
        j) JOBS=$OPTARG ;;
        *) echo "usage: lcb_sweep.sh [-q] [-j N] [--help] [BINDIR]" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "lcb_sweep.sh: -j wants a count >= 1, got '$JOBS'" >&2; exit 2; }
[ $# -le 1 ] || { echo "lcb_sweep.sh: one BINDIR at most, got '$*'" >&2; exit 2; }
BIN=${1:-build/bin}
[ -d "$BIN" ] || { echo "lcb_sweep.sh: no directory '$BIN' (BINDIR: where lcb_sim_model lives)" >&2; exit 2; }
B=$(dirname "$BIN")
OUT=$B/results
pub_begin sweep-lcb
[ $QUICK = 0 ] || PUB_WHY="$PUB_WHY -q"
mkdir -p "$OUT"
MODEL="$BIN/lcb_sim_model"
RTL="$BIN/lcb_sim"
[ -x "$MODEL" ] || { echo "lcb_sweep: $MODEL not built (make lcb-bins)" >&2; exit 2; }
CYC=300000; [ $QUICK = 1 ] && CYC=40000
SAT="--saturate --bp 0 --idle 0 --gap 0 --probe 0 --no-rah --retry-limit 255 --quiet"
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT

# queue ID BIN ARGS...: a run for the next flush; flush runs them JOBS at a
# time with the kit's job runner (scripts/jobrun.sh: progress on a terminal,
# -l style launcher through JR_LAUNCH) and keeps each run's lcb_result line in
# $TMP/ID (a run without one counts as failed, pass=0 missing=1).
jobs_list=()
queue() { jobs_list+=("$*"); }
lcb_sweep_one() {
    local id bin
    set -- $1; id=$1; bin=$2; shift 2
    jr_launch "$bin" "$@" > "$TMP/$id.log" 2>&1 || true
    grep "^lcb_result" "$TMP/$id.log" > "$TMP/$id" || echo "lcb_result pass=0 missing=1" > "$TMP/$id"
}
export -f lcb_sweep_one
flush() {
    export TMP
    printf '%s\n' "${jobs_list[@]}" > "$TMP/jobs"
    jr_run "$TMP/jobs" "$JOBS" lcb_sweep lcb_sweep_one || true
    jobs_list=()
}
# field ID KEY: value of KEY= in the result line of run ID
field() { tr ' ' '\n' < "$TMP/$1" | sed -n "s/^$2=//p"; }

# ---- goodput vs BER ----
BERS="0 1e-7 3e-7 1e-6 3e-6 1e-5 3e-5 1e-4 3e-4 1e-3"
[ $QUICK = 1 ] && BERS="0 1e-5 1e-4 1e-3"
for b in $BERS; do
    for L in fixed:64 bw; do
        queue "ber_${b}_${L/:/}" "$MODEL" $SAT --cycles $CYC --latency 16 --ber $b --len $L --seed 11
    done
done
flush
{
    echo "ber,len,goodput_payload,goodput_linklayer,replays_a,recoveries_ab,rec_mean_ab,pass"
    for b in $BERS; do for L in fixed:64 bw; do id="ber_${b}_${L/:/}"
        echo "$b,$L,$(field $id gp_pay_ab),$(field $id gp_ll_ab),$(field $id replays_a),$(field $id rec_ab),$(field $id rec_mean_ab),$(field $id pass)"
    done; done
} > "$OUT/lcb_ber.csv"

# ---- goodput vs latency ----
LATS="1 2 4 8 16 32 48 64 96 128 192 256"
[ $QUICK = 1 ] && LATS="1 16 64 256"
for l in $LATS; do
    for L in fixed:64 fixed:19 fixed:4; do
        queue "lat_${l}_${L/:/}" "$MODEL" $SAT --cycles $CYC --latency $l --len $L --seed 12
    done
done
flush
{
    echo "latency,len,rtt_ack,goodput_payload,goodput_linklayer,pass"
    for l in $LATS; do for L in fixed:64 fixed:19 fixed:4; do id="lat_${l}_${L/:/}"
        echo "$l,$L,$(field $id rtt_ab),$(field $id gp_pay_ab),$(field $id gp_ll_ab),$(field $id pass)"
    done; done
} > "$OUT/lcb_latency.csv"

# ---- maximum-length packets, error free ----
queue maxlen "$MODEL" $SAT --cycles $CYC --latency 16 --len fixed:64 --seed 13
flush
{
    echo "len,latency,goodput_payload,goodput_linklayer,payload_bound_62_64"
    echo "64,16,$(field maxlen gp_pay_ab),$(field maxlen gp_ll_ab),$(awk 'BEGIN{printf "%.4f", 62/64}')"
} > "$OUT/lcb_maxlen.csv"

# ---- retry latency after a single error ----
# 40 single-bit errors, 5000 cycles apart (each recovery is long over before the next)
NFLIP=40; [ $QUICK = 1 ] && NFLIP=6
FLIPS=$(seq -s, $((CYC / 10 + 1000)) 5000 $((CYC / 10 + 1000 + 5000 * (NFLIP - 1))))
for l in 1 16 64; do
    queue "retry_${l}" "$MODEL" $SAT --oneway --cycles $CYC --latency $l --len fixed:64 --seed 14 --flip-at $FLIPS
    queue "clean_${l}" "$MODEL" $SAT --oneway --cycles $CYC --latency $l --len fixed:64 --seed 14
done
flush
{
    echo "latency,rtt_ack,errors,recoveries,recovery_mean_cycles,recovery_max_cycles,lost_phits_per_error,pass"
    for l in 1 16 64; do
        a="retry_${l}"; c="clean_${l}"
        w=$(( CYC - CYC / 10 ))
        lost=$(awk -v x="$(field $c gp_ll_ab)" -v y="$(field $a gp_ll_ab)" -v w=$w -v n=$NFLIP 'BEGIN{printf "%.1f", (x - y) * w / n}')
        echo "$l,$(field $a rtt_ab),$NFLIP,$(field $a rec_ab),$(field $a rec_mean_ab),$(field $a rec_max_ab),$lost,$(field $a pass)"
    done
} > "$OUT/lcb_retry.csv"

# ---- simulation speed ----
SPD_M=2000000; SPD_R=200000
[ $QUICK = 1 ] && { SPD_M=200000; SPD_R=20000; }
SPEED="--load 0.9 --quiet --seed 15"
{
    echo "pair,cycles,cpu_seconds,wall_seconds,cycles_per_cpu_second"
    "$MODEL" $SPEED --cycles $SPD_M > "$TMP/spd_mm.log"
    grep ^lcb_result "$TMP/spd_mm.log" > "$TMP/spd_mm"
    echo "model<->model,$(field spd_mm run),$(field spd_mm seconds),$(field spd_mm wall),$(field spd_mm cps)"
    if [ -x "$RTL" ]; then
        for pair in "rtl rtl" "rtl model" "rtl rtl --lockstep"; do
            set -- $pair
            id="spd_$1_$2${3:+_ls}"
            "$RTL" $SPEED --cycles $SPD_R --a $1 --b $2 ${3:-} > "$TMP/$id.log"
            grep ^lcb_result "$TMP/$id.log" > "$TMP/$id"
            echo "$1<->$2${3:+ (lockstep: +2 shadow models)},$(field $id run),$(field $id seconds),$(field $id wall),$(field $id cps)"
        done
    fi
} > "$OUT/lcb_speed.csv"

# ---- plots (scripts/plot.py) ----
rc=0
scripts/plot.py "$OUT/lcb_ber.png" --size 900,560 --logx --yrange 0:1.05 --key 'bottom left' \
    --title "LCB goodput against bit error rate (saturated, latency 16, default buffers)" \
    --xlabel "bit error rate (all 24 bits of each phit)" --ylabel "goodput, phits/cycle (A->B)" \
    --csv "$OUT/lcb_ber.csv" \
    --where len=fixed:64 --curve "64-phit, link-layer (all phits)" ber goodput_linklayer \
    --where len=fixed:64 --curve "64-phit, payload only" ber goodput_payload \
    --where len=bw --curve "BlackWidow mix, link-layer" ber goodput_linklayer \
    --where len=bw --curve "BlackWidow mix, payload only" ber goodput_payload || rc=1
scripts/plot.py "$OUT/lcb_latency.png" --size 900,560 --logx 2 --yrange 0:1.05 --key 'bottom left' \
    --title "LCB goodput against link latency (saturated, error free, default parameters)" \
    --xlabel "one-way link latency, cycles" --ylabel "goodput, phits/cycle (A->B, link-layer)" \
    --csv "$OUT/lcb_latency.csv" \
    --where len=fixed:64 --curve "64-phit packets" latency goodput_linklayer \
    --where len=fixed:19 --curve "19-phit packets" latency goodput_linklayer \
    --where len=fixed:4 --curve "4-phit packets" latency goodput_linklayer || rc=1
{
    echo "== lcb_ber.csv =="; cat "$OUT/lcb_ber.csv"
    echo "== lcb_latency.csv =="; cat "$OUT/lcb_latency.csv"
    echo "== lcb_maxlen.csv =="; cat "$OUT/lcb_maxlen.csv"
    echo "== lcb_retry.csv =="; cat "$OUT/lcb_retry.csv"
    echo "== lcb_speed.csv =="; cat "$OUT/lcb_speed.csv"
    echo "== machine =="; echo "nproc $(nproc), $(lscpu | sed -n 's/^Model name:[[:space:]]*//p')"
} | tee "$OUT/lcb_summary.txt"
grep -q ',0$' "$OUT/lcb_ber.csv" "$OUT/lcb_latency.csv" "$OUT/lcb_retry.csv" &&
    { echo "lcb_sweep: a run failed (pass=0 in a CSV above)" >&2; rc=1; }
scripts/lcb_tables.py "$OUT" || rc=1
for t in ber latency maxlen retry speed; do
    pub_table lcb-$t docs/lcb-results.md "$OUT/lcb_tab_$t.md"
done
pub_file docs/img/lcb_ber.png "$OUT/lcb_ber.png"
pub_file docs/img/lcb_latency.png "$OUT/lcb_latency.png"
pub_finish $rc "make sweep-lcb"
