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
# build/results/net_fig13/, and the script writes build/results/net_fig13.csv
# (all rows), net_fig13.txt (saturation table per pattern) and
# net_fig13_{bc,br,ur}.png (mean latency against offered load, as the seed's
# three panels) plus net_fig13_{bc,br,ur}_acc.png (accepted load).
#
# Environment: BUILD [build], FIG13_CFGS ["hc:hc-k32-4vc fc:fc-k32-4vc
# fc6-isu2:fc6-isu2-k32-4vc bb:bb-k32-4vc"], FIG13_PATS ["bc:bitcomp
# br:bitrot ur:uniform"], FIG13_LOADS ["0.2 0.4 0.6 0.7 0.8 0.9 1.0"; a
# zero-load point at 0.02 is always added], FIG13_WARMUP [500],
# FIG13_MEASURE [1000], FIG13_DRAIN [1000], FIG13_LEN [fixed:4, the kit's
# nwn sweeps' length], FIG13_SEED [1], FIG13_TOPO (default above),
# FIG13_RESULTS [$BUILD/results, where the files go], FIG13_REPORT_ONLY=1 (tables and plots from the last runs), JOBS [2],
# FIG13_LATMAX [800, the latency plots' y range], SWEEP_LAUNCHER (a launcher in front of every run, e.g. "srun -N1 --"; or
# -l LAUNCHER). 48.5 minutes on the 2-core AMD EPYC machine (81 on Intel Xeon with an older binary) with the
# defaults, measured 2026-12-02 (docs/network.md, "Seed 001 Fig 13").
set -u
. "$(dirname "$0")/sweep_lib.sh"
sweep_opts net_fig13.sh "$@"
B=${BUILD:-build}
SIM=$B/bin/net_sim
TOPO=${FIG13_TOPO:-fclos:k=32,levels=3,tophalf=1}
CFGS=${FIG13_CFGS:-hc:hc-k32-4vc fc:fc-k32-4vc fc6-isu2:fc6-isu2-k32-4vc bb:bb-k32-4vc}
PATS=${FIG13_PATS:-bc:bitcomp br:bitrot ur:uniform}
LOADS=${FIG13_LOADS:-0.2 0.4 0.6 0.7 0.8 0.9 1.0}
WARMUP=${FIG13_WARMUP:-500}
MEASURE=${FIG13_MEASURE:-1000}
DRAIN=${FIG13_DRAIN:-1000}
LEN=${FIG13_LEN:-fixed:4}
SEED=${FIG13_SEED:-1}
RES=${FIG13_RESULTS:-$B/results}
SW_DIR=$RES/net_fig13
mkdir -p "$SW_DIR"
[ -x "$SIM" ] || { echo "net_fig13: $SIM is missing (make $SIM)" >&2; exit 2; }

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
export SIM TOPO WARMUP MEASURE DRAIN LEN SEED SW_DIR

curves=()
for pc in $PATS; do
    for oc in $CFGS; do curves+=("${pc%%:*}__${oc%%:*}"); done
done
t0=$(date +%s)
rc=0
if [ -z "${FIG13_REPORT_ONLY:-}" ]; then
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
    echo "net_fig13: $TOPO, $(wc -l < "$jobs_file") points, len $LEN, link latency 10, seed $SEED, ${JOBS:-2} jobs"
    JR_LAUNCH=${SWEEP_LAUNCHER:-} jr_run "$jobs_file" "${JOBS:-2}" net_fig13 fig13_point || rc=1
fi

CSV=$RES/net_fig13.csv
sweep_collect "$CSV" || exit 2
T=$RES/net_fig13.txt
{
    echo "Seed 001 Fig 13 in the kit: $TOPO of $(echo $CFGS | sed 's/[^ ]*://g; s/ /, /g'),"
    echo "link latency 10, $LEN packets, updown-adaptive, seed $SEED; window $MEASURE cycles after $WARMUP"
    for pc in $PATS; do
        p=${pc%%:*}
        echo
        echo "### ${p^^} (${pc#*:})"
        echo
        sel=()
        for oc in $CFGS; do sel+=("${p}__${oc%%:*}"); done
        sweep_sat "$CSV" "${sel[@]}" || exit 2
    done
} > "$T"
cat "$T"
if command -v gnuplot > /dev/null; then
    for c in "${curves[@]}"; do sweep_dat "$CSV" "$c" "$SW_DIR/$c.dat" || exit 2; done
    for pc in $PATS; do
        p=${pc%%:*}
        sel=()
        for oc in $CFGS; do sel+=("${p}__${oc%%:*}"); done
        sweep_plot "$RES/net_fig13_$p.png" \
            "$TOPO, ${p^^} (seed 001 Fig 13)" \
            "mean latency (cycles)" 4 "${FIG13_LATMAX:-800}" "$SW_DIR" "" "${sel[@]}"
        sweep_plot "$RES/net_fig13_${p}_acc.png" \
            "$TOPO, ${p^^}: accepted load" \
            "accepted load (phits/cycle/node)" 3 1.05 "$SW_DIR" "" "${sel[@]}"
    done
    echo "net_fig13: plots $RES/net_fig13_{$(echo $PATS | sed 's/:[a-z]*//g; s/ /,/g')}{,_acc}.png"
fi
echo "net_fig13: $(( $(date +%s) - t0 )) s"
exit $rc
