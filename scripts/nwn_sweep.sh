#!/bin/bash
# nwn_sweep.sh - the seed 001 experiments (make sweep): load-latency sweeps of
# the switch organizations with the standalone C models, CSV + PNG per
# figure, saturation tables into docs/results.md.
#
# 1. Single router, k = 64, 4 VCs (seed Figs 9-11): cn, hc, fc, fc6,
#    fc6-isu2 and bb on UR, BC, BR (bit rotation, as the seed's) and TR, with the seed's rules (hc's
#    subswitch one phit per row, fc's random top, isu2 on every crossbar),
#    and beside them our variants: hc-vs (VC speedup in hc's subswitch),
#    fc-cr (tops by most credits), fc6-isu2b (speedup on the bottoms only).
# 2. A router inside a folded-Clos network (seed §4.1 and §5.4): the quad
#    pattern (ports 0..k/2-1 down, k/2..k-1 up; a fraction `turn` of the down
#    ports' packets turn by the base pattern, the rest go up spread evenly, the
#    up ports' packets go down spread evenly) on fc, fc6-isu2 (isu2 at k=32),
#    bb and hc, at k = 64 (turn 0.1 and 0.5 with UR, 0.5 with BR) and k = 32
#    (turn 0.5, UR).
#
# Environment: BUILD [build], NWN_LOADS [0.1 .. 1.0], NWN_WARMUP [3000],
# NWN_MEASURE [12000], NWN_DRAIN [20000], NWN_LEN [fixed:4], NWN_SEED [1],
# JOBS [2], NWN_ONLY (space-separated figure names to rerun, e.g. "single-ur"),
# SWEEP_REPORT_ONLY=1 (tables and plots from the last runs' CSVs),
# SWEEP_LAUNCHER or -l LAUNCHER (a prefix for every run, e.g. "srun -N1 --";
# scripts/sweep_lib.sh).
# Outputs in $BUILD/results/nwn: runs/ (one CSV per run), nwn_sweep.csv, <fig>-<org>.dat,
# <fig>_latency.png and <fig>_accepted.png (copied to docs/img/nwn_*), and the
# tables nwn_<fig>.md.
set -eu
. scripts/sweep_lib.sh
sweep_opts nwn_sweep.sh "$@"
B=${BUILD:-build}
SIM=$B/bin/rtr_sim
OUT=$B/results/nwn
LOADS=${NWN_LOADS:-0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1.0}
WARMUP=${NWN_WARMUP:-3000}
MEASURE=${NWN_MEASURE:-12000}
DRAIN=${NWN_DRAIN:-20000}
LEN=${NWN_LEN:-fixed:4}
SEED=${NWN_SEED:-1}
JOBS=${JOBS:-2}
[ -x "$SIM" ] || { echo "nwn_sweep: $SIM not built" >&2; exit 2; }
SW_DIR=$OUT/runs
mkdir -p "$SW_DIR" docs/img
CF=configs/configs.txt

# Figures: name, configurations (curve label = organization), pattern, options.
SINGLE_ORGS="cn:cn-k64-4vc hc:hc-k64-4vc hc-vs:hc-vs-k64-4vc fc:fc-k64-4vc fc-cr:fc-cr-k64-4vc fc6:fc6-k64-4vc fc6-isu2:fc6-isu2-k64-4vc fc6-isu2b:fc6-isu2b-k64-4vc bb:bb-k64-4vc"
QUAD64_ORGS="hc:hc-k64-4vc hc-vs:hc-vs-k64-4vc fc:fc-k64-4vc fc6-isu2:fc6-isu2-k64-4vc bb:bb-k64-4vc"
QUAD32_ORGS="hc:hc-k32-4vc hc-vs:hc-vs-k32-4vc fc:fc-k32-4vc fc-isu2:fc-isu2-k32-4vc fc-isu2b:fc-isu2b-k32-4vc bb:bb-k32-4vc"
figs() {
    # seed 001's BR is bit rotation (line 234: "the bit-rotation (BR) traffic
    # pattern"); the kit's pattern alias br is bit reverse, so name it
    for p in ur bc tr; do echo "single-$p|$SINGLE_ORGS|$p|"; done
    echo "single-br|$SINGLE_ORGS|bitrot|"
    echo "quad64-ur-t0.1|$QUAD64_ORGS|quad|--turn 0.1 --turn-pattern ur"
    echo "quad64-ur-t0.5|$QUAD64_ORGS|quad|--turn 0.5 --turn-pattern ur"
    echo "quad64-br-t0.5|$QUAD64_ORGS|quad|--turn 0.5 --turn-pattern bitrot"
    echo "quad32-ur-t0.5|$QUAD32_ORGS|quad|--turn 0.5 --turn-pattern ur"
}
selected() { [ -z "${NWN_ONLY:-}" ] || [[ " $NWN_ONLY " == *" $1 "* ]]; }

if [ -z "${SWEEP_REPORT_ONLY:-}" ]; then
    jobs_file=$OUT/jobs.txt
    : > "$jobs_file"
    while IFS='|' read -r fig orgs pat opts; do
        selected "$fig" || continue
        rm -f "$SW_DIR/$fig"__*
        for oc in $orgs; do
            sweep_jobs "${fig}__${oc%%:*}" "${oc#*:}" "$pat" "$CF" "$LOADS" "$WARMUP" "$MEASURE" --adaptive 1 $opts \
                >> "$jobs_file"
        done
    done < <(figs)
    echo "nwn_sweep: $(wc -l < "$jobs_file") points, len $LEN, seed $SEED, $JOBS jobs"
    t0=$(date +%s)
    sweep_run "$jobs_file" || true
    echo "nwn_sweep: sweep took $(( $(date +%s) - t0 )) s"
fi

CSV=$OUT/nwn_sweep.csv
sweep_collect "$CSV"
while IFS='|' read -r fig orgs pat opts; do
    labels="" names=""
    for oc in $orgs; do
        o=${oc%%:*}
        labels="$labels ${fig}__$o"
        names="$names $o"
        sweep_dat "$CSV" "${fig}__$o" "$OUT/$fig-$o.dat"
    done
    sweep_sat "$CSV" $labels | sed "s/| ${fig}__/| /" > "$OUT/nwn_$fig.md"
    echo "nwn_sweep: $fig"
    cat "$OUT/nwn_$fig.md"
    sweep_md_between docs/results.md "nwn-$fig" "$OUT/nwn_$fig.md"
    if command -v gnuplot > /dev/null; then
        case $fig in
            single-*) what="single router, k=64, 4 VCs, bare, $LEN packets, ${fig#single-}" ;;
            quad64-*) what="router in a folded Clos (quad), k=64, 4 VCs, $LEN, $opts" ;;
            quad32-*) what="router in a folded Clos (quad), k=32, 4 VCs, $LEN, $opts" ;;
        esac
        sweep_plot "$OUT/${fig}_latency.png" "$what: mean latency" \
            'mean latency, generation to tail (cycles)' 4 200 "$OUT" "$fig-" $names
        sweep_plot "$OUT/${fig}_accepted.png" "$what: accepted load" \
            'accepted load (phits/cycle/port)' 3 1.05 "$OUT" "$fig-" $names
        cp "$OUT/${fig}_latency.png" "docs/img/nwn_${fig}_latency.png"
        cp "$OUT/${fig}_accepted.png" "docs/img/nwn_${fig}_accepted.png"
    fi
done < <(figs)
