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
# Outputs in $BUILD/results: rtr_sweep.csv (every point), rtr_sweep_<pattern>.dat,
# rtr_sweep_latency.png, rtr_sweep_accepted.png, rtr_saturation.md,
# rtr_spot.csv; the PNGs are copied to docs/img/.
set -eu
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
if [ -z "${SWEEP_REPORT_ONLY:-}" ]; then
rm -f "$OUT"/sweep/*.csv

# One line per run: label cfg pattern load impl warmup measure [configs file].
jobs_file=$OUT/sweep/jobs.txt
: > "$jobs_file"
for p in $PATTERNS; do
    echo "$p $CFG $p 0.01 model 1000 20000" >> "$jobs_file"   # zero-load reference
    for l in $LOADS; do echo "$p $CFG $p $l model $WARMUP $MEASURE" >> "$jobs_file"; done
done
echo "ur-lcb $LCFG ur 0.01 model 1000 20000" >> "$jobs_file"
for l in $LOADS; do echo "ur-lcb $LCFG ur $l model $WARMUP $MEASURE" >> "$jobs_file"; done
# Sensitivity: the same switch with row and column buffers deep enough for a
# whole packet (32 phits >= the mix's 19), from a derived configurations file.
DEEP=$OUT/sweep/deep_configs.txt
echo "$CFG-deep $(scripts/cfg.sh "$CFG" top) $(scripts/cfg.sh "$CFG" params) RowBufDepth=32 ColBufDepth=32" > "$DEEP"
for p in ur tr; do
    echo "$p-deep $CFG-deep $p 0.01 model 1000 20000 $DEEP" >> "$jobs_file"
    for l in $LOADS; do echo "$p-deep $CFG-deep $p $l model $WARMUP $MEASURE $DEEP" >> "$jobs_file"; done
done

run_point() {
    set -- $1
    local label=$1 cfg=$2 pat=$3 load=$4 impl=$5 wu=$6 me=$7 cf=${8:-configs/configs.txt}
    local f="$OUT/sweep/${label}_${impl}_${load}.csv"
    "$SIM" --cfg-file "$cf" --cfg "$cfg" --impl "$impl" --pattern "$pat" --load "$load" --len "$LEN" \
        --warmup "$wu" --measure "$me" --drain-max "$DRAIN" --seed "$SEED" --label "$label" \
        --csv "$f" > "${f%.csv}.log" 2>&1 || { echo "rtr_sweep: FAILED $label $load (${f%.csv}.log)" >&2; return 1; }
    printf '  %-8s load %-5s %s\n' "$label" "$load" "$(grep -A1 '^offered' "${f%.csv}.log" | tail -1)"
}
export -f run_point
export SIM OUT LEN DRAIN SEED
echo "rtr_sweep: $(wc -l < "$jobs_file") points, $CFG (+ UR on $LCFG), len $LEN, seed $SEED, $JOBS jobs"
t0=$(date +%s)
tr '\n' '\0' < "$jobs_file" | xargs -0 -P "$JOBS" -I{} bash -c 'run_point "{}"'
echo "rtr_sweep: sweep took $(( $(date +%s) - t0 )) s"
fi # SWEEP_REPORT_ONLY: tables and plots from the CSVs already in $OUT/sweep

# All rows in one CSV (header once).
CSV=$OUT/rtr_sweep.csv
first=$(ls "$OUT"/sweep/*.csv | head -1)
head -1 "$first" > "$CSV"
for f in "$OUT"/sweep/*.csv; do tail -n +2 "$f"; done | sort -t, -k1,1 -k8,8g >> "$CSV"

# Per-curve data files: load offered accepted lat_mean lat_p99.
labels="$PATTERNS ur-lcb ur-deep tr-deep"
for p in $labels; do
    awk -F, -v L="$p" 'NR > 1 && $1 == L && $8 >= 0.05 { print $8, $10, $11, $12, $14 }' "$CSV" \
        > "$OUT/rtr_sweep_$p.dat"
done

# Saturation, with T0 = mean latency at offered 0.01 (zero load):
#   latency knee      first sweep point whose mean latency exceeds 3 x T0;
#   throughput limit  first sweep point whose accepted load is below 0.95 x
#                     offered (the network no longer keeps up);
#   saturation throughput = accepted load at offered 1.0 (the plateau).
SAT=$OUT/rtr_saturation.md
{
    echo "| pattern | config | T0 (cycles) | latency knee: first load with mean > 3 T0 | throughput limit: first load with accepted < 0.95 offered | saturation throughput (accepted at offered 1.0) |"
    echo "|---|---|---|---|---|---|"
    for p in $labels; do
        awk -F, -v L="$p" '
            NR > 1 && $1 == L { n++; load[n] = $8; off[n] = $10; acc[n] = $11; lat[n] = $12; cfg = $4 }
            END {
                t0 = 0; for (i = 1; i <= n; i++) if (load[i] < 0.05) t0 = lat[i]
                knee = "none"; lim = "none"; plateau = "-"
                for (i = 1; i <= n; i++) {
                    if (load[i] < 0.05) continue
                    if (load[i] >= 0.999) plateau = sprintf("%.3f", acc[i])
                    if (knee == "none" && lat[i] > 3 * t0) knee = sprintf("%.1f (%.0f cycles)", load[i], lat[i])
                    if (lim == "none" && acc[i] < 0.95 * off[i]) lim = sprintf("%.1f (accepted %.3f)", load[i], acc[i])
                }
                printf "| %s | %s | %.1f | %s | %s | %s |\n", L, cfg, t0, knee, lim, plateau
            }' "$CSV"
    done
} > "$SAT"
cat "$SAT"
# The table goes into docs/results.md between its sweep markers.
R=docs/results.md
if grep -q '<!-- sweep:begin -->' "$R" 2>/dev/null; then
    awk -v tf="$SAT" '
        /<!-- sweep:begin -->/ { print; while ((getline l < tf) > 0) print l; skip = 1; next }
        /<!-- sweep:end -->/ { skip = 0 }
        !skip { print }' "$R" > "$R.tmp" && mv "$R.tmp" "$R"
    echo "rtr_sweep: saturation table written into $R"
fi

# Plots (seed 001 Fig 9 style: latency vs offered load, one curve per pattern).
if command -v gnuplot > /dev/null; then
    # Distinct point types and dash patterns: contention-free permutations
    # (BC, BR) and TR / rowcol (the same pattern on a square grid) overlap.
    plot_lat="" plot_acc="" i=0
    for p in $labels; do
        i=$((i + 1))
        st="with linespoints lw 2 pt $((i + 3)) ps 1.3 dt $(( (i - 1) % 5 + 1 ))"
        plot_lat="$plot_lat${plot_lat:+, }'$OUT/rtr_sweep_$p.dat' using 1:4 $st title '$p'"
        plot_acc="$plot_acc${plot_acc:+, }'$OUT/rtr_sweep_$p.dat' using 1:3 $st title '$p'"
    done
    gnuplot <<EOF
set terminal pngcairo size 900,600 noenhanced
set grid
set key top left
set xlabel 'offered load (phits/cycle/port)'
set output '$OUT/rtr_sweep_latency.png'
set title 'YARC k=64 C model ($CFG, len $LEN): mean latency, generation to tail (cycles)'
set ylabel 'mean latency (cycles)'
set yrange [0:400]
set xrange [0:1.05]
plot $plot_lat
set output '$OUT/rtr_sweep_accepted.png'
set title 'YARC k=64 C model ($CFG, len $LEN): accepted vs offered load'
set ylabel 'accepted load (phits/cycle/port)'
set yrange [0:1.05]
plot x with lines dt 2 lc rgb 'gray' title 'ideal', $plot_acc
EOF
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
    awk -F, 'NR > 1 { printf "  %-8s %-9s load %-5s offered %-8s accepted %-8s lat_mean %-7s mismatches %s pass %s\n", $1, $3, $8, $10, $11, $12, $22, $27 }' "$SPOT"
else
    echo "rtr_sweep: $RTL not built; no RTL spot checks" | tee "$SPOT"
fi
