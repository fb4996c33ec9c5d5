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
net_settings net_fig13.sh FIG13 "0.2 0.4 0.6 0.7 0.8 0.9 1.0" 500 1000 1000 800
setting TOPO FIG13_TOPO fclos:k=32,levels=3,tophalf=1
setting CFGS FIG13_CFGS "hc:hc-k32-4vc fc:fc-k32-4vc fc6-isu2:fc6-isu2-k32-4vc bb:bb-k32-4vc"
setting PATS FIG13_PATS "bc:bitcomp br:bitrot ur:uniform"
for x in $CFGS $PATS; do
    [[ $x =~ ^[A-Za-z0-9_.+-]+:[A-Za-z0-9_.+-]+$ ]] ||
        { echo "net_fig13.sh: FIG13_CFGS and FIG13_PATS hold NAME:VALUE words, got '$x'" >&2; exit 2; }
done

curves=()
for pc in $PATS; do
    for oc in $CFGS; do curves+=("${pc%%:*}__${oc%%:*}"); done
done
t0=$(date +%s)
rc=0
if [ -z "${FIG13_REPORT_ONLY:-}" ]; then
    for pc in $PATS; do
        for oc in $CFGS; do net_curve "${pc%%:*}__${oc%%:*}" "$TOPO" "${oc#*:}" "${pc#*:}"; done
    done > "$JOBS_FILE"
    net_run "$TOPO" || rc=1
fi
net_collect "${FIG13_REPORT_ONLY:-}"
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
    net_plots "net_fig13_$p" "$TOPO, ${p^^} (${pc#*:}), $LEN packets ([ACK12] Fig 13)" \
        "$TOPO, ${p^^} (${pc#*:}): accepted load" "$CSV" "${sel[@]}" || rc=1
done
echo "net_fig13: plots $RES/net_fig13_{$(echo $PATS | sed 's/:[a-z]*//g; s/ /,/g')}{,_acc}.png"
echo "net_fig13: $(( $(date +%s) - t0 )) s"
pub_finish $rc "make sweep-net-fig13"
