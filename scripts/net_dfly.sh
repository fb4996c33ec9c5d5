#!/bin/bash
# net_dfly.sh - the dragonfly's load-latency experiment in the kit's network
# (make sweep-net-dfly; docs/network.md "The dragonfly: routing on UR and the
# worst case"): the routings of dfly (tb/catalog/topo_dfly.c) on the
# balanced 1056-node dragonfly of [AK11 §4.3.5] (dfly:p=4,a=8,h=4: 33 groups
# of 8 routers, radix 15 of the routers' 64 ports), on uniform random
# traffic (UR) and the worst case (wc: every node of group i to group i+1,
# [AK11 §5.5.3]). Each point is one net_sim run (C model), nice'd; the CSV
# rows land in $RES/net_dfly/, and the script writes $RES/net_dfly.csv,
# net_dfly.md (the saturation table and the claims, for docs/network.md) and
# the plots net_dfly_{ur,wc}.png (mean latency) and net_dfly_{ur,wc}_acc.png
# (accepted load).
#
# usage: scripts/net_dfly.sh [-l LAUNCHER] [--help]
# Environment: BUILD [build]; NR_CONFIGS [configs/configs.txt]; DF_TOPO
# [dfly:p=4,a=8,h=4,gp=40: the global ports in a row of YARC's own, which
# val needs]; DF_CFG [hc-k64-4vc: YARC's hierarchical crossbar, radix 64,
# 4 VCs, bare ports]; DF_ROUTINGS ["min val ugal-l ugal-g par": dfly's
# routings, ugal-g the simulator's oracle];
# DF_LOADS ["0.05 0.1 0.3 0.5 0.7 0.9"; a zero-load point at 0.02 is added];
# DF_WARMUP [500], DF_MEASURE [1000], DF_DRAIN [2000] (short windows: the
# sweep's CPU stays under about 40 CPU-minutes on a 2-core machine),
# DF_LEN [fixed:4], DF_SEED [1], DF_LATMAX [400]; DF_RESULTS
# [$BUILD/results]; DF_REPORT_ONLY=1 (tables and plots from the last runs);
# JOBS [2]; SWEEP_LAUNCHER or -l LAUNCHER (a launcher in front of every run).
# A complete run with the default settings also writes
# $BUILD/results/publish-sweep-net-dfly.txt: `make publish-sweep-net-dfly`
# puts the table into docs/network.md and the plots into docs/img/. Exit 0
# when every point passed, 1 when one failed (nothing to publish), 2 on bad
# settings (nothing runs).
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
sweep_opts net_dfly.sh "$@"
net_settings net_dfly.sh DF "0.05 0.1 0.3 0.5 0.7 0.9" 500 1000 2000 400
setting TOPO DF_TOPO dfly:p=4,a=8,h=4,gp=40
setting CFG DF_CFG hc-k64-4vc
setting ROUTINGS DF_ROUTINGS "min val ugal-l ugal-g par"
[ -n "$ROUTINGS" ] || { echo "net_dfly.sh: DF_ROUTINGS may not be empty" >&2; exit 2; }

t0=$(date +%s)
rc=0
if [ -z "${DF_REPORT_ONLY:-}" ]; then
    for pat in uniform wc; do
        for rt in $ROUTINGS; do net_curve "${pat/uniform/ur}__$rt" "$TOPO" "$CFG" $pat --routing "$rt"; done
    done > "$JOBS_FILE"
    net_run "$TOPO of $CFG" || rc=1
fi
net_collect "${DF_REPORT_ONLY:-}"
# the nodes of a group (a*p), for the worst case's minimal limit 1/(ap)
ap=$(sed -n 's/.*p=\([0-9]*\).*a=\([0-9]*\).*/\1 \2/p' <<< "$TOPO" | awk '{ print $1 * $2 }')
[ -n "$ap" ] || ap=$(sed -n 's/.*p=\([0-9]*\).*/\1/p' <<< "$TOPO" | awk '{ print 2 * $1 * $1 }')
T=$RES/net_dfly.md
{
    echo "$TOPO of $CFG, link latency 10, $LEN packets, seed $SEED; window $MEASURE cycles after $WARMUP, drain limit $DRAIN (short windows: the CPU of the whole sweep stays under about 40 CPU-minutes)"
    for p in ur wc; do
        echo; echo "${p^^}:"; echo
        sel=(); for rt in $ROUTINGS; do sel+=("${p}__$rt"); done
        sweep_report sat "$CSV" "${sel[@]}" || exit 2
    done
    echo
    echo "| [AK11 §5.5.3] says | kit | verdict |"
    echo "|---|---|---|"
    # per curve: the highest load's point, the most accepted, a fall of the
    # latency (Fig 5.1): scripts/net_dfly_claims.py
    scripts/net_dfly_claims.py "$CSV" "$ap" || exit 2
} > "$T"
cat "$T"
for p in ur wc; do
    sel=(); for rt in $ROUTINGS; do sel+=("${p}__$rt=$rt"); done
    net_plots "net_dfly_$p" "$TOPO, ${p^^}, $LEN packets ([AK11] 5.5.3)" "$TOPO, ${p^^}: accepted load" \
        "$CSV" "${sel[@]}" || rc=1
done
pub_table net-dfly docs/network.md "$T"
echo "net_dfly: plots in $RES/net_dfly_*.png"
echo "net_dfly: $(($(date +%s) - t0)) s"
pub_finish $rc "make sweep-net-dfly"
