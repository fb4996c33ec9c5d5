#!/bin/bash
# energy.sh - seed 001 Fig 12 in the kit (make energy): achieved throughput,
# energy per delivered bit, EDP and EDAP of hc, fc, fc6, fc6-isu2 and hxv (the
# seed's hvx), and beside them bb, hxm and ftd, at k = 64 on the nine
# patterns of Fig 12, normalised to hc
# (docs/results.md section 4.3).
#
# 1. Runs the C models standalone (rtr_sim --impl model), bare seed
#    configurations of configs/configs.txt, 4-phit packets, every packet
#    adaptive (fc picks its top pseudo-randomly, the seed's rule), at offered
#    loads ENERGY_LOADS, one job at a time. 100RP is the kit's randperm
#    pattern (a random derangement per seed) over ENERGY_RP_SEEDS seeds.
# 2. Asks sw_counts --energy for each configuration's energy model on each
#    pattern: the mean dynamic energy per bit over the pattern's (source,
#    destination) pairs, the static power per cycle and the area for EDAP.
# 3. Joins the two by CSV header names and writes, per organization and
#    pattern, at the operating point: accepted load, mean latency,
#    energy per delivered bit = dynamic + static / delivered bits,
#    EDP = energy x latency, EDAP = EDP x area, all relative to hc (the
#    operating point: the highest offered load up to which every load of
#    the grid is sustained: accepted >= 0.95 x the deliverable offered load,
#    and mean latency <= 3 x the latency at the lowest load); and the
#    same at the fixed offered load ENERGY_FIXED. A claims table sets the
#    seed's numbers (abstract, §5.3, conclusion) beside the kit's.
#
# usage: scripts/energy.sh [--help]
# Environment: BUILD [build], NR_CONFIGS [configs/configs.txt], ENERGY_LOADS
# [0.1 .. 1.0], ENERGY_WARMUP [2000], ENERGY_MEASURE [6000], ENERGY_RP_SEEDS
# [1 2 3 4 5], ENERGY_SEED [1], ENERGY_FIXED [0.3], JOBS [2],
# ENERGY_REPORT_ONLY=1 (tables and plot from the last runs).
# The join, the operating points and the tables are computed by
# build/bin/energy_report (tb/tools/energy_report.c), the plot by
# scripts/plot.py.
# Outputs in $BUILD/results/energy: runs/ (one CSV per run), energy_runs.csv,
# energy_model.csv, energy_points.csv, energy.md, energy_claims.md,
# energy_model.md, energy_fig12.csv, energy_fig12.png. A complete run with
# the default settings also writes $BUILD/results/publish-energy.txt: `make
# publish-energy` then puts the tables between the energy-* markers of
# docs/results.md and the PNG into docs/img/. Exit 0 when every run passed,
# 1 when one failed (nothing to publish), 2 on bad settings.
set -eu
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
pub_start energy "$@"
pub_configs
CF=$NR_CONFIGS
SIM=$B/bin/rtr_sim
SWC=$B/bin/sw_counts
REP=$B/bin/energy_report
OUT=$B/results/energy
setting LOADS ENERGY_LOADS "0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1.0"
setting WARMUP ENERGY_WARMUP 2000
setting MEASURE ENERGY_MEASURE 6000
setting RP_SEEDS ENERGY_RP_SEEDS "1 2 3 4 5"
setting SEED ENERGY_SEED 1
setting FIXED ENERGY_FIXED 0.3
JOBS=${JOBS:-2}
# shellcheck disable=SC2086
need_load energy.sh ENERGY_LOADS $LOADS
need_load energy.sh ENERGY_FIXED "$FIXED"
# shellcheck disable=SC2086
need_int energy.sh "ENERGY_WARMUP, ENERGY_MEASURE, ENERGY_SEED, ENERGY_RP_SEEDS" "$WARMUP" "$MEASURE" "$SEED" $RP_SEEDS
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "energy.sh: JOBS: '$JOBS' is not a count >= 1" >&2; exit 2; }
for x in "$SIM" "$SWC" "$REP"; do [ -x "$x" ] || { echo "energy.sh: $x is not built (make $x)" >&2; exit 2; }; done
mkdir -p "$OUT/runs"

# organization:configuration, in the order of the tables
ORGS="hc:hc-k64-4vc fc:fc-k64-4vc fc6:fc6-k64-4vc fc6-isu2:fc6-isu2-k64-4vc hxv:hxv-k64-4vc bb:bb-k64-4vc hxm:hxm-k64-4vc ftd:ftd-k64-4vc"
CFGS=""
for oc in $ORGS; do CFGS="$CFGS ${oc#*:}"; done
# Fig 12's patterns: seed name:rtr_sim pattern. The seed's BR is bit rotation
# ([ACK12 §5.4], footnote 3, says "bit-rotation (BR)", and Fig 12 lists
# bit-reverse separately), so BR runs `bitrot` here, not the kit's `br` alias
# (which is bitrev).
PATS="UR:uniform BC:bitcomp BR:bitrot TR:tr bit-reverse:bitrev tornado:tornado shuffle:shuffle transpose:transpose 100RP:randperm"
seeds_of() { [ "$1" = randperm ] && echo "$RP_SEEDS" || echo "$SEED"; }

rc=0
if [ -z "${ENERGY_REPORT_ONLY:-}" ]; then
    rm -f "$OUT"/runs/*.csv "$OUT"/runs/*.log
    # every run: "org cfg pattern seed load"
    for pp in $PATS; do
        p=${pp#*:}
        for s in $(seeds_of "$p"); do
            for oc in $ORGS; do
                for l in $LOADS; do echo "${oc%%:*} ${oc#*:} $p $s $l"; done
            done
        done
    done > "$OUT/jobs.txt"
    # one cycle of each configuration and pattern first: bad settings stop here
    while read -r o c p s l; do
        [ "$l" = "${LOADS%% *}" ] && [ "$s" = "$(seeds_of "$p" | cut -d' ' -f1)" ] || continue
        out=$("$SIM" --cfg-file "$CF" --cfg "$c" --impl model --pattern "$p" --load "$l" --len fixed:4 \
            --warmup 0 --measure 1 --drain-max 0 --seed "$s" --adaptive 1 2>&1 > /dev/null) ||
            { echo "energy.sh: $o on $p cannot run: $out" >&2; exit 2; }
    done < "$OUT/jobs.txt"
    energy_point() {
        set -- $1
        local f="$OUT/runs/${1}__${3}__${4}_$5.csv"
        jr_launch "$SIM" --cfg-file "$CF" --cfg "$2" --impl model --pattern "$3" --load "$5" \
            --len fixed:4 --warmup "$WARMUP" --measure "$MEASURE" --drain-max 20000 \
            --seed "$4" --adaptive 1 --label "${1}__${3}__$4" --csv "$f" > "${f%.csv}.log" 2>&1 ||
            { echo "energy: FAILED $1 $3 seed $4 load $5 (${f%.csv}.log)" >&2; return 1; }
    }
    export -f energy_point
    export OUT SIM CF WARMUP MEASURE
    echo "energy: $(wc -l < "$OUT/jobs.txt") runs, $JOBS at a time"
    t0=$(date +%s)
    jr_run "$OUT/jobs.txt" "$JOBS" energy energy_point || rc=1
    echo "energy: the runs took $(( $(date +%s) - t0 )) s"
    pub_runs_save "$OUT/runs.status" "$rc"
else
    pub_runs_load "$OUT/runs.status" || rc=1
fi

# every run's row in one CSV, header once
RUNS=$OUT/energy_runs.csv
first=$(ls "$OUT"/runs/*.csv 2> /dev/null | head -1)
[ -n "$first" ] || { echo "energy: no run's CSV in $OUT/runs" >&2; exit 1; }
head -1 "$first" > "$RUNS"
for f in "$OUT"/runs/*.csv; do tail -n +2 "$f"; done >> "$RUNS"

# the energy model of each configuration on each pattern, three readings
MODEL=$OUT/energy_model.csv
: > "$MODEL"
for pp in $PATS; do
    p=${pp#*:}
    for s in $(seeds_of "$p"); do
        for alt in none rw xbit; do
            "$SWC" --cfg-file "$CF" --energy --pattern "$p" --seed "$s" --alt "$alt" $CFGS |
                if [ -s "$MODEL" ]; then tail -n +2; else cat; fi >> "$MODEL"
        done
    done
done
"$SWC" --cfg-file "$CF" --energy $CFGS > "$OUT/energy_model.md"

# ---- join, operating points, normalisation, claims: energy_report ----
"$REP" --orgs "$ORGS" --pats "$PATS" --fixed "$FIXED" --out "$OUT" "$MODEL" "$RUNS"
echo "energy: operating point = highest load up to which accepted >= 0.95 deliverable and latency <= 3 T0; fixed load $FIXED"
cat "$OUT/energy_model.md" "$OUT/energy.md" "$OUT/energy_claims.md"

# ---- Fig 12's four panels ----
names=() cfgs=()
for oc in $ORGS; do names+=("${oc%%:*}"); cfgs+=("${oc#*:}"); done
top=$(printf '%s\n' $LOADS | sort -g | tail -1)
panel() { # TITLE YLABEL COLUMN-PREFIX [log]
    local a=(--panel "$1" --ylabel "$2" --key 'above horizontal' --csv "$OUT/energy_fig12.csv" --xtic pattern) o
    if [ "${4:-}" = log ]; then a+=(--logy); else a+=(--yrange 0:1.25); fi
    for o in "${names[@]}"; do a+=(--bar "$o" "$3_$o"); done
    printf '%s\0' "${a[@]}"
}
mapfile -d '' args < <(panel "(a) achieved throughput (accepted at offered $top)" 'phits/cycle/port' thr
    panel '(b) energy per delivered bit / hc' 'relative' e log
    panel '(c) EDP / hc' 'relative' edp log
    panel '(d) EDAP / hc' 'relative' edap log)
scripts/plot.py "$OUT/energy_fig12.png" --size 1300,900 --layout 2,2 \
    --title "[ACK12] Fig 12 in the kit: *$(common_suffix "${cfgs[@]}"), C models, 4-phit packets; (b)-(d) at each organization's operating point, relative to ${names[0]}" \
    "${args[@]}" || rc=1
echo "energy: $OUT/energy_fig12.png"
pub_table energy-model docs/results.md "$OUT/energy_model.md"
pub_table energy-fig12 docs/results.md "$OUT/energy.md"
pub_table energy-claims docs/results.md "$OUT/energy_claims.md"
pub_file docs/img/energy_fig12.png "$OUT/energy_fig12.png"
pub_finish $rc "make energy"
