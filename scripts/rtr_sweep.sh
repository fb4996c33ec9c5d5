#!/bin/bash
# rtr_sweep.sh - load-latency sweeps of a router with the standalone C model
# (make sweep-rtr, part of make sweep), a few spot checks of the same points
# in RTL lockstep, CSV + PNG plots, and the saturation table.
#
# usage: scripts/rtr_sweep.sh [-l LAUNCHER] [--help]
# Environment (defaults in brackets):
#   BUILD           build directory [build]
#   NR_CONFIGS      the configurations file [configs/configs.txt]
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
# Beside the patterns: UR with LCB links (ur-lcb) and, for a YARC
# configuration, UR and TR with row and column buffers deep enough for a
# whole packet (ur-deep, tr-deep).
# Outputs in $BUILD/results: rtr_sweep.csv (every point),
# rtr_sweep_latency.png, rtr_sweep_accepted.png, rtr_saturation.md,
# rtr_spot.csv and rtr_spot.txt (none without an RTL build). A complete run with the default settings also writes
# publish-sweep-rtr.txt: `make publish-sweep-rtr` then puts the table into
# docs/results.md and the plots into docs/img/. Exit 0 when every run
# passed, 1 when one failed (the rest still run; nothing to publish), 2 on
# bad settings (nothing runs).
set -eu
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
sweep_opts rtr_sweep.sh "$@"
sweep_settings rtr_sweep.sh SWEEP rtr_sim "0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1.0" 5000 20000 20000 bw
pub_begin sweep-rtr
OUT=$B/results
setting CFG SWEEP_CFG yarc-k64-bare
setting LCFG SWEEP_LCB_CFG yarc-k64
setting PATTERNS SWEEP_PATTERNS "ur bc br tr rowcol"
[ -n "$PATTERNS" ] || { echo "rtr_sweep.sh: SWEEP_PATTERNS is empty" >&2; exit 2; }
need_cfg rtr_sweep.sh SWEEP_CFG "$CFG"
need_cfg rtr_sweep.sh SWEEP_LCB_CFG "$LCFG"
SW_DIR=$OUT/sweep
mkdir -p "$SW_DIR"
TOP=$(scripts/cfg.sh "$CFG" top)
labels="$PATTERNS ur-lcb"
# Sensitivity (YARC): the same switch with row and column buffers deep enough
# for a whole packet (32 phits >= the mix's 19), from a derived configurations file.
[ "$TOP" != nr_yarc ] || labels="$labels ur-deep tr-deep"
rc=0
if [ -z "${SWEEP_REPORT_ONLY:-}" ]; then
    rm -f "$SW_DIR"/*.csv
    jobs_file=$SW_DIR/jobs.txt
    : > "$jobs_file"
    for p in $PATTERNS; do
        sweep_jobs "$p" "$CFG" "$p" "$CF" "$LOADS" "$WARMUP" "$MEASURE" >> "$jobs_file"
    done
    sweep_jobs ur-lcb "$LCFG" ur "$CF" "$LOADS" "$WARMUP" "$MEASURE" >> "$jobs_file"
    if [ "$TOP" = nr_yarc ]; then
        DEEP=$SW_DIR/deep_configs.txt
        echo "$CFG-deep $TOP $(scripts/cfg.sh "$CFG" params) RowBufDepth=32 ColBufDepth=32" > "$DEEP"
        for p in ur tr; do
            sweep_jobs "$p-deep" "$CFG-deep" "$p" "$DEEP" "$LOADS" "$WARMUP" "$MEASURE" >> "$jobs_file"
        done
    fi
    sweep_probe rtr_sweep.sh "$jobs_file"
    echo "rtr_sweep: $(wc -l < "$jobs_file") points, $CFG (+ UR on $LCFG), len $LEN, seed $SEED, $JOBS jobs"
    t0=$(date +%s)
    sweep_run "$jobs_file" || rc=1
    echo "rtr_sweep: sweep took $(($(date +%s) - t0)) s"
    SPOT=$OUT/rtr_spot.csv
    rm -f "$SPOT" "$OUT/rtr_spot.txt"
    # Spot checks against the RTL: the same points in lockstep (RTL driving
    # the testbench, the model compared every cycle) on the configuration the
    # RTL is built for, next to the model alone. Without the LCB
    # configuration's RTL build they run on yarc-k16; without that, there
    # are none (said so).
    SCFG=$LCFG
    [ -x "$B/bin/rtr_sim-$SCFG" ] || SCFG=yarc-k16
    if [ -x "$B/bin/rtr_sim-$SCFG" ]; then
        for pt in "ur 0.2" "ur 0.6" "tr 0.5"; do
            set -- $pt
            for impl in model lockstep; do
                "$SIM" --cfg-file "$CF" --cfg "$SCFG" --impl $impl --pattern "$1" --load "$2" --len "$LEN" \
                    --warmup 500 --measure 2000 --drain-max 5000 --seed "$SEED" --label "spot-$1" \
                    --csv "$SPOT" > "$SW_DIR/spot_$1_$2_$impl.log" 2>&1 ||
                    { echo "rtr_sweep: spot check $1 $2 $impl FAILED ($SW_DIR/spot_$1_$2_$impl.log)" >&2; rc=1; }
            done
        done
        csv_need "$SPOT" label impl load offered accepted lat_mean mismatches pass
        csv_awk 'NR > 1 { printf "  %-8s %-9s load %-5s offered %-8s accepted %-8s lat_mean %-7s mismatches %s pass %s\n", $col("label"), $col("impl"), $col("load"), $col("offered"), $col("accepted"), $col("lat_mean"), $col("mismatches"), $col("pass") }' "$SPOT" > "$OUT/rtr_spot.txt"
        sed -i "1i on $SCFG:" "$OUT/rtr_spot.txt"
    else
        echo "$B/bin/rtr_sim-$SCFG not built; no RTL spot checks" > "$OUT/rtr_spot.txt"
    fi
    pub_runs_save "$SW_DIR/runs.status" "$rc"
else
    pub_runs_load "$SW_DIR/runs.status" || rc=1
fi

CSV=$OUT/rtr_sweep.csv
sweep_collect "$CSV"
SAT=$OUT/rtr_saturation.md
# shellcheck disable=SC2086
sweep_report sat "$CSV" $labels > "$SAT"
cat "$SAT"
pub_table sweep docs/results.md "$SAT"

# Plots (seed 001 Fig 9 style: latency vs offered load, one curve per pattern).
what="$CFG (+ ur-lcb on $LCFG), C model, $LEN lengths"
# shellcheck disable=SC2086
sweep_plot "$OUT/rtr_sweep_latency.png" "$what: mean latency, generation to tail" \
    'offered load (phits/cycle/port)' 'mean latency (cycles)' lat_mean 400 "$CSV" $labels || rc=1
# shellcheck disable=SC2086
sweep_plot "$OUT/rtr_sweep_accepted.png" "$what: accepted against offered load" \
    'offered load (phits/cycle/port)' 'accepted load (phits/cycle/port)' accepted 1.05 "$CSV" $labels || rc=1
pub_file docs/img/rtr_sweep_latency.png "$OUT/rtr_sweep_latency.png"
pub_file docs/img/rtr_sweep_accepted.png "$OUT/rtr_sweep_accepted.png"
echo "rtr_sweep: plots $OUT/rtr_sweep_latency.png $OUT/rtr_sweep_accepted.png"

echo "rtr_sweep: spot checks (model alone vs RTL lockstep), $(cat "$OUT/rtr_spot.txt" 2> /dev/null || echo 'none recorded')"
pub_finish $rc "make sweep-rtr"
