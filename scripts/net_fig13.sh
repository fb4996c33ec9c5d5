#!/bin/bash
# net_fig13.sh - seed 001 Fig 13 in the kit's network (make sweep-net-fig13,
# part of make sweep-net): load-latency curves of a 4096-node three-level
# folded Clos (fclos:k=32,levels=3,tophalf=1, 16^3 nodes, as the seed's) built
# from radix-32 routers of each switch organization the seed compares - hc,
# fc, fc6-isu2 and bb, 4 VCs each, bare ports (seed §5.4: "4 VCs ... the port
# to port latency between two routers is assumed to be 10 cycles": the kit's
# --link-lat 10) - on BC, BR (bit rotation, the seed's BR, line 234) and UR,
# with adaptive up-routing (the routers' own UP_MASK choice).
#
# Each point is one net_sim run (C model); every run's CSV row lands in
# $FIG13_RESULTS/net_fig13/, and the script writes there net_fig13.csv (all
# rows), net_fig13.txt (saturation table per pattern, build/bin/sweep_report)
# and net_fig13_{bc,br,ur}.png (mean latency against offered load, as the
# seed's three panels) plus net_fig13_{bc,br,ur}_acc.png (accepted load).
#
# usage: scripts/net_fig13.sh [-l LAUNCHER] [--help]
# Environment: BUILD [build], NR_CONFIGS [configs/configs.txt], FIG13_CFGS
# ["hc:hc-k32-4vc fc:fc-k32-4vc fc6-isu2:fc6-isu2-k32-4vc bb:bb-k32-4vc"],
# FIG13_PATS ["bc:bitcomp br:bitrot ur:uniform"], FIG13_LOADS ["0.2 0.4 0.6
# 0.7 0.8 0.9 1.0"; a zero-load point at 0.02 is always added], FIG13_WARMUP
# [500], FIG13_MEASURE [1000], FIG13_DRAIN [1000], FIG13_LEN [fixed:4, the
# kit's nwn sweeps' length], FIG13_SEED [1], FIG13_TOPO (default above),
# FIG13_RESULTS [$BUILD/results, where the files go], FIG13_REPORT_ONLY=1
# (tables and plots from the last runs), JOBS [2], FIG13_LATMAX [800, the
# latency plots' y range], SWEEP_LAUNCHER (a launcher in front of every run,
# e.g. "srun -N1 --"; or -l LAUNCHER). About 50 minutes with two jobs on 2
# cores.
# A complete run with the default settings also writes
# $BUILD/results/publish-sweep-net-fig13.txt: `make publish-sweep-net-fig13`
# puts the plots into docs/img/. Exit 0 when every point passed, 1 when one
# failed (nothing to publish), 2 on bad settings (nothing runs).
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
sweep_opts net_fig13.sh "$@"
B=${BUILD:-build}
pub_configs
SIM=$B/bin/net_sim
setting TOPO FIG13_TOPO fclos:k=32,levels=3,tophalf=1
setting CFGS FIG13_CFGS "hc:hc-k32-4vc fc:fc-k32-4vc fc6-isu2:fc6-isu2-k32-4vc bb:bb-k32-4vc"
setting PATS FIG13_PATS "bc:bitcomp br:bitrot ur:uniform"
setting LOADS FIG13_LOADS "0.2 0.4 0.6 0.7 0.8 0.9 1.0"
setting WARMUP FIG13_WARMUP 500
setting MEASURE FIG13_MEASURE 1000
setting DRAIN FIG13_DRAIN 1000
setting LEN FIG13_LEN fixed:4
setting SEED FIG13_SEED 1
setting LATMAX FIG13_LATMAX 800
RES=${FIG13_RESULTS:-$B/results}
pub_begin sweep-net-fig13 "$RES"
JOBS=${JOBS:-2}
# shellcheck disable=SC2086
need_load net_fig13.sh FIG13_LOADS $LOADS
need_int net_fig13.sh "FIG13_WARMUP, FIG13_MEASURE, FIG13_DRAIN, FIG13_SEED, FIG13_LATMAX" "$WARMUP" "$MEASURE" "$DRAIN" "$SEED" "$LATMAX"
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "net_fig13.sh: JOBS: '$JOBS' is not a count >= 1" >&2; exit 2; }
for x in $CFGS $PATS; do
    [[ $x =~ ^[A-Za-z0-9_.+-]+:[A-Za-z0-9_.+-]+$ ]] ||
        { echo "net_fig13.sh: FIG13_CFGS and FIG13_PATS hold NAME:VALUE words, got '$x'" >&2; exit 2; }
done
[ -x "$SIM" ] || { echo "net_fig13.sh: $SIM is missing (make $SIM)" >&2; exit 2; }
SW_DIR=$RES/net_fig13
mkdir -p "$SW_DIR"
export WARMUP MEASURE DRAIN LEN SEED

# one point: "label cfg pattern load"
fig13_point() {
    set -- $1
    local label=$1 cfg=$2 pat=$3 load=$4 wu=$WARMUP me=$MEASURE
    local f="$SW_DIR/${label}_$load.csv"
    rm -f "$f"
    # the zero-load point: few packets, a longer window for a steady mean
    [ "$load" = 0.02 ] && me=$((2 * MEASURE))
    jr_launch "$SIM" --topo "$TOPO" --cfg "$cfg" --pattern "$pat" --load "$load" --len "$LEN" \
        --warmup "$wu" --measure "$me" --drain-max "$DRAIN" --seed "$SEED" --link-lat 10 \
        --label "$label" --csv "$f" --quiet > "${f%.csv}.log" 2>&1
    local rc=$?
    # a run that stops at the drain limit above saturation exits non-zero
    # only for a real failure (scoreboard, credits, deadlock): keep those
    if [ $rc -ne 0 ] || [ ! -s "$f" ]; then
        echo "net_fig13: FAILED $label $load ($rc, ${f%.csv}.log)" >&2
        return 1
    fi
    printf '  %-14s load %-5s %s\n' "$label" "$load" "$(grep '^net: offered' "${f%.csv}.log" | sed 's/^net: //')"
}
export -f fig13_point
export SIM TOPO SW_DIR NR_CONFIGS

curves=()
for pc in $PATS; do
    for oc in $CFGS; do curves+=("${pc%%:*}__${oc%%:*}"); done
done
t0=$(date +%s)
rc=0
if [ -z "${FIG13_REPORT_ONLY:-}" ]; then
    # the settings first: net_sim refuses a bad one at once
    first_cfg=${CFGS%% *} first_pat=${PATS%% *}
    for oc in $CFGS; do net_probe net_fig13.sh "$SIM" --topo "$TOPO" --cfg "${oc#*:}" --pattern "${first_pat#*:}" --len "$LEN" --load 0.5; done
    for pc in $PATS; do net_probe net_fig13.sh "$SIM" --topo "$TOPO" --cfg "${first_cfg#*:}" --pattern "${pc#*:}" --len "$LEN" --load 0.5; done
    jobs_file=$SW_DIR/points.txt
    rm -f "$SW_DIR"/*.csv "$SW_DIR"/*.log "$SW_DIR"/*.dat   # no row of an older sweep
    : > "$jobs_file"
    for pc in $PATS; do
        for oc in $CFGS; do
            for l in 0.02 $LOADS; do
                echo "${pc%%:*}__${oc%%:*} ${oc#*:} ${pc#*:} $l" >> "$jobs_file"
            done
        done
    done
    echo "net_fig13: $TOPO, $(wc -l < "$jobs_file") points, len $LEN, link latency 10, seed $SEED, $JOBS jobs"
    JR_LAUNCH=${SWEEP_LAUNCHER:-} jr_run "$jobs_file" "$JOBS" net_fig13 fig13_point || rc=1
    pub_runs_save "$SW_DIR/runs.status" "$rc"
else
    pub_runs_load "$SW_DIR/runs.status" || rc=1
fi

CSV=$RES/net_fig13.csv
sweep_collect "$CSV" || exit 1
T=$RES/net_fig13.txt
{
    echo "[ACK12] Fig 13 in the kit: $TOPO of $(echo $CFGS | sed 's/[^ ]*://g; s/ /, /g'),"
    echo "link latency 10, $LEN packets, updown-adaptive, seed $SEED; window $MEASURE cycles after $WARMUP"
    for pc in $PATS; do
        p=${pc%%:*}
        echo
        echo "### ${p^^} (${pc#*:})"
        echo
        sel=()
        for oc in $CFGS; do sel+=("${p}__${oc%%:*}"); done
        sweep_report sat "$CSV" "${sel[@]}" || exit 2
    done
} > "$T"
cat "$T"
for pc in $PATS; do
    p=${pc%%:*}
    sel=()
    for oc in $CFGS; do sel+=("${p}__${oc%%:*}=${oc%%:*}"); done
    sweep_plot "$RES/net_fig13_$p.png" "$TOPO, ${p^^} (${pc#*:}), $LEN packets ([ACK12] Fig 13)" \
        "offered load (phits/cycle/node)" "mean latency (cycles)" lat_mean "$LATMAX" "$CSV" "${sel[@]}" || rc=1
    sweep_plot "$RES/net_fig13_${p}_acc.png" "$TOPO, ${p^^} (${pc#*:}): accepted load" \
        "offered load (phits/cycle/node)" "accepted load (phits/cycle/node)" accepted 1.05 "$CSV" "${sel[@]}" || rc=1
    pub_file "docs/img/net_fig13_$p.png" "$RES/net_fig13_$p.png"
    pub_file "docs/img/net_fig13_${p}_acc.png" "$RES/net_fig13_${p}_acc.png"
done
echo "net_fig13: plots $RES/net_fig13_{$(echo $PATS | sed 's/:[a-z]*//g; s/ /,/g')}{,_acc}.png"
echo "net_fig13: $(( $(date +%s) - t0 )) s"
pub_finish $rc "make sweep-net-fig13"
