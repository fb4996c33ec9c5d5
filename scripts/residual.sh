#!/bin/bash
# residual.sh - residual-error measurement of the link protection options
# (docs/lcb-results.md section 9).
#
#   scripts/residual.sh [-b BUILD] [-n SEEDS] [-c CYCLES] -- RTR_SIM_OPTIONS...
#
# Runs BUILD/bin/rtr_sim (the model) on yarc-k16 for seeds 1..SEEDS (default
# 20) with --measure CYCLES (default 200000) and the given options (errors,
# lengths, --e2e), and sums the rtr_escapes line of every run: error
# link-cycles, escapes (packets and control words), their analytic
# expectation, residual (damaged packets delivered as healthy) and packets
# the end-to-end check caught (the sums: BUILD/bin/sweep_report kvsum). One
# summary line on stdout. --help prints this.
set -u
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
BUILD=build; N=20; CYC=200000
while getopts b:n:c: o; do
    case $o in
    b) BUILD=$OPTARG ;;
    n) N=$OPTARG ;;
    c) CYC=$OPTARG ;;
    *) echo "usage: $0 [-b BUILD] [-n SEEDS] [-c CYCLES] -- RTR_SIM_OPTIONS..." >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
case $N in ''|*[!0-9]*) echo "residual: -n must be a positive integer, got '$N'" >&2; exit 2 ;; esac
case $CYC in ''|*[!0-9]*) echo "residual: -c must be a positive integer, got '$CYC'" >&2; exit 2 ;; esac
BIN=$BUILD/bin/rtr_sim
[ -x "$BIN" ] || { echo "residual: $BIN is not built (make BUILD=$BUILD $BIN)" >&2; exit 2; }
REP=$BUILD/bin/sweep_report
[ -x "$REP" ] || { echo "residual: $REP is not built (make BUILD=$BUILD $REP)" >&2; exit 2; }
: > "$BUILD/residual.lines"
for s in $(seq 1 "$N"); do
    "$BIN" --cfg yarc-k16 --seed "$s" --measure "$CYC" --drain-max 100000 --link-lat 4 "$@" \
        > "$BUILD/residual.tmp" 2>&1
    rc=$?
    [ $rc -eq 0 ] || { echo "residual: seed $s failed (exit $rc):" >&2; tail -5 "$BUILD/residual.tmp" >&2; exit 1; }
    grep '^rtr_escapes ' "$BUILD/residual.tmp" >> "$BUILD/residual.lines" ||
        { echo "residual: seed $s printed no rtr_escapes line (no LCB links?)" >&2; exit 1; }
done
declare -A v=([err_link_cycles]=0 [escapes]=0 [exp_escapes]=0 [ctl_escapes]=0 [residual]=0 [e2e_caught]=0)
while read -r k x; do v[$k]=$x; done < <("$REP" kvsum rtr_escapes "$BUILD/residual.lines")
printf 'seeds %d, options: %s\n  link-cycles %.4g, escapes %d packets (expected %.3g) + %d control words, residual %d, caught end to end %d\n' \
    "$N" "$*" "${v[err_link_cycles]}" "${v[escapes]}" "${v[exp_escapes]}" "${v[ctl_escapes]}" "${v[residual]}" "${v[e2e_caught]}"
rm -f "$BUILD/residual.tmp" "$BUILD/residual.lines"
