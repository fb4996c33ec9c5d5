#!/bin/bash
# lcb_tally.sh - after `make test-lcb` (or the LCB part of `make test`): sum
# the randomized-error link-cycles (cycles with error injection on, x 2
# directions) over the lcb_sim runs whose logs are in LOGDIR (the sums:
# build/bin/sweep_report kvsum).
# usage: scripts/lcb_tally.sh [--help] [LOGDIR]   (LOGDIR default build/regress;
#        BUILD names the build whose bin/sweep_report sums, default LOGDIR/..)
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
[ $# -le 1 ] || { echo "lcb_tally: one LOGDIR at most, got '$*'" >&2; exit 2; }
dir=${1:-build/regress}
ls "$dir"/lcb-*.log > /dev/null 2>&1 || { echo "lcb_tally: no lcb-*.log in $dir" >&2; exit 1; }
R=${BUILD:-$(dirname "$dir")}/bin/sweep_report
[ -x "$R" ] || { echo "lcb_tally: $R is not built (make $R)" >&2; exit 2; }
n=0 c=0 e=0
while read -r k v; do
    case $k in lines) n=$v ;; run) c=$v ;; err_link_cycles) e=$v ;; esac
done < <("$R" kvsum lcb_result "$dir"/lcb-*.log)
printf 'lcb_tally: %d lcb_sim runs, %.3g simulated pair-cycles, %.3g randomized-error link-cycles\n' "$n" "$c" "$e"
