#!/bin/bash
# rtr_sweep.sh - load-latency sweeps of a router with the standalone C model
# (make sweep), a few spot checks of the same points in RTL lockstep, CSV +
# PNG plots, and the saturation table.
#
# Environment (defaults in brackets):
#   BUILD           build directory [build]
#   SWEEP_CFG       named configuration of the sweep [yarc-k64-bare]
#   SWEEP_LCB_CFG   configuration of the extra UR curve with LCB links [yarc-k64]
#   SWEEP_PATTERNS  patterns [ur bc br tr rowcol]
#   SWEEP_LOADS     offered loads, phits/cycle/port [0.1 .. 1.0]
#   SWEEP_WARMUP / SWEEP_MEASURE / SWEEP_DRAIN  cycles [5000 / 20000 / 20000]
#   SWEEP_LEN       length distribution [bw]
#   SWEEP_SEED      seed [1]
#   JOBS            parallel runs [2]
#   SWEEP_REPORT_ONLY=1  redo the tables and plots from the last runs' CSVs
#   SWEEP_LAUNCHER  prefix for every run, e.g. "srun -N1 --" (also -l LAUNCHER;
#                   scripts/sweep_lib.sh)
# Outputs in $BUILD/results: rtr_sweep.csv (every point), rtr_sweep_<pattern>.dat,
# rtr_sweep_latency.png, rtr_sweep_accepted.png, rtr_saturation.md,
# rtr_spot.csv; the PNGs are copied to docs/img/.
set -eu
. scripts/sweep_lib.sh
sweep_opts rtr_sweep.sh "$@"
B=${BUILD:-build}
SIM=$B/bin/rtr_sim
OUT=$B/results
CFG=${SWEEP_CFG:-yarc-k64-bare}
LCFG=${SWEEP_LCB_CFG:-yarc-k64}
PATTERNS=${SWEEP_PATTERNS:-ur bc br tr rowcol}
LOADS=${SWEEP_LOADS:-0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1.0}
WARMUP=${SWEEP_WARMUP:-5000}
MEASURE=${SWEEP_MEASURE:-20000}
DRAIN=${SWEEP_DRAIN:-20000}
LEN=${SWEEP_LEN:-bw}
SEED=${SWEEP_SEED:-1}
JOBS=${JOBS:-2}
[ -x "$SIM" ] || { echo "rtr_sweep: $SIM not built" >&2; exit 2; }
mkdir -p "$OUT/sweep" docs/img
SW_DIR=$OUT/sweep
if [ -z "${SWEEP_REPORT_ONLY:-}" ]; then
rm -f "$OUT"/sweep/*.csv
jobs_file=$SW_DIR/jobs.txt
: > "$jobs_file"
for p in $PATTERNS; do
    sweep_jobs "$p" "$CFG" "$p" configs/configs.txt "$LOADS" "$WARMUP" "$MEASURE" >> "$jobs_file"
done
sweep_jobs ur-lcb "$LCFG" ur configs/configs.txt "$LOADS" "$WARMUP" "$MEASURE" >> "$jobs_file"
# Sensitivity: the same switch with row and column buffers deep enough for a
# whole packet (32 phits >= the mix's 19), from a derived configurations file.
DEEP=$SW_DIR/deep_configs.txt
echo "$CFG-deep $(scripts/cfg.sh "$CFG" top) $(scripts/cfg.sh "$CFG" params) RowBufDepth=32 ColBufDepth=32" > "$DEEP"
for p in ur tr; do
    sweep_jobs "$p-deep" "$CFG-deep" "$p" "$DEEP" "$LOADS" "$WARMUP" "$MEASURE" >> "$jobs_file"
done
echo "rtr_sweep: $(wc -l < "$jobs_file") points, $CFG (+ UR on $LCFG), len $LEN, seed $SEED, $JOBS jobs"
t0=$(date +%s)
sweep_run "$jobs_file" || true
echo "rtr_sweep: sweep took $(( $(date +%s) - t0 )) s"
fi # SWEEP_REPORT_ONLY: tables and plots from the CSVs already in $OUT/sweep

CSV=$OUT/rtr_sweep.csv
sweep_collect "$CSV"
labels="$PATTERNS ur-lcb ur-deep tr-deep"
for p in $labels; do sweep_dat "$CSV" "$p" "$OUT/rtr_sweep_$p.dat"; done
SAT=$OUT/rtr_saturation.md
sweep_sat "$CSV" $labels > "$SAT"
cat "$SAT"
sweep_md_between docs/results.md sweep "$SAT"

# Plots (seed 001 Fig 9 style: latency vs offered load, one curve per pattern).
if command -v gnuplot > /dev/null; then
    sweep_plot "$OUT/rtr_sweep_latency.png" \
        "YARC k=64 C model ($CFG, len $LEN): mean latency, generation to tail (cycles)" \
        'mean latency (cycles)' 4 400 "$OUT" rtr_sweep_ $labels
    sweep_plot "$OUT/rtr_sweep_accepted.png" \
        "YARC k=64 C model ($CFG, len $LEN): accepted vs offered load" \
        'accepted load (phits/cycle/port)' 3 1.05 "$OUT" rtr_sweep_ $labels
    cp "$OUT/rtr_sweep_latency.png" docs/img/rtr_sweep_latency.png
    cp "$OUT/rtr_sweep_accepted.png" docs/img/rtr_sweep_accepted.png
    echo "rtr_sweep: plots $OUT/rtr_sweep_latency.png $OUT/rtr_sweep_accepted.png (copied to docs/img/)"
else
    echo "rtr_sweep: gnuplot not found; no plots" >&2
fi

# Spot checks against the RTL: the same points in lockstep (RTL driving the
# testbench, the model compared every cycle) on the configuration the RTL is
# built for, next to the model alone.
SPOT=$OUT/rtr_spot.csv
rm -f "$SPOT"
# Without the k=64 RTL build the same points run on the k=16 configuration.
SCFG=$LCFG
[ -x "$B/bin/rtr_sim-$SCFG" ] || SCFG=yarc-k16
RTL=$B/bin/rtr_sim-$SCFG
LCFG=$SCFG
if [ -x "$RTL" ]; then
    for pt in "ur 0.2" "ur 0.6" "tr 0.5"; do
        set -- $pt
        for impl in model lockstep; do
            "$SIM" --cfg "$LCFG" --impl $impl --pattern "$1" --load "$2" --len "$LEN" --warmup 500 \
                --measure 2000 --drain-max 5000 --seed "$SEED" --label "spot-$1" --csv "$SPOT" \
                > "$OUT/sweep/spot_$1_$2_$impl.log" 2>&1 || echo "rtr_sweep: spot check $1 $2 $impl FAILED ($OUT/sweep/spot_$1_$2_$impl.log)" >&2
        done
    done
    echo "rtr_sweep: spot checks (model alone vs RTL lockstep, $LCFG):"
    csv_need "$SPOT" label impl load offered accepted lat_mean mismatches pass
    csv_awk 'NR > 1 { printf "  %-8s %-9s load %-5s offered %-8s accepted %-8s lat_mean %-7s mismatches %s pass %s\n", $col("label"), $col("impl"), $col("load"), $col("offered"), $col("accepted"), $col("lat_mean"), $col("mismatches"), $col("pass") }' "$SPOT"
else
    echo "rtr_sweep: $RTL not built; no RTL spot checks" | tee "$SPOT"
fi
