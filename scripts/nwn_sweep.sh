#!/bin/bash
# nwn_sweep.sh - the seed 001 experiments (make sweep): load-latency sweeps of
# the switch organizations with the standalone C models, CSV + PNG per
# figure, saturation tables (make publish-sweep-nwn: into docs/results.md).
#
# 1. Single router, k = 64, 4 VCs (seed Figs 9-11): cn, hc, fc, fc-isu2,
#    hxv-isu2, hxm-isu2 (Fig 10), fc6, fc6-isu2, bb, hxv and hxm on UR, BC, BR (bit rotation, as the
#    seed's) and TR, with the seed's rules (hc's
#    subswitch one phit per row, fc's random top, isu2 on every crossbar),
#    and beside them our variants: hc-vs (VC speedup in hc's subswitch),
#    fc-cr (tops by most credits), fc6-isu2b (speedup on the bottoms only);
#    and fb, [AK11 §6.3]'s fully buffered crossbar (docs/nwn-arch.md 1.5),
#    ftd, the folded torus with dimension-order routing (1.8), and vc, the
#    baseline VC router of [AK11 §6.1] (1.7) with the separable allocator,
#    iSLIP of 4 rounds and the distributed speculative allocator.
# 2. A router inside a folded-Clos network (seed §4.1 and §5.4): the quad
#    pattern (ports 0..k/2-1 down, k/2..k-1 up; a fraction `turn` of the down
#    ports' packets turn by the base pattern, the rest go up spread evenly, the
#    up ports' packets go down spread evenly) on fc, fc6-isu2 (isu2 at k=32),
#    bb and hc, at k = 64 (turn 0.1 and 0.5 with UR, 0.5 with BR) and k = 32
#    (turn 0.5, UR).
#
# usage: scripts/nwn_sweep.sh [-l LAUNCHER] [--help]
# Environment: BUILD [build], NR_CONFIGS [configs/configs.txt], NWN_LOADS
# [0.1 .. 1.0], NWN_WARMUP [3000], NWN_MEASURE [12000], NWN_DRAIN [20000],
# NWN_LEN [fixed:4], NWN_SEED [1], JOBS [2], NWN_ONLY (space-separated
# figure names to rerun, e.g. "single-ur"), SWEEP_REPORT_ONLY=1 (tables and
# plots from the last runs' CSVs), SWEEP_LAUNCHER or -l LAUNCHER (a prefix
# for every run, e.g. "srun -N1 --"; scripts/sweep_lib.sh).
# Outputs in $BUILD/results/nwn: runs/ (one CSV per run), nwn_sweep.csv,
# <fig>_latency.png and <fig>_accepted.png, and the tables nwn_<fig>.md. A
# complete run of every figure with the default settings also writes
# $BUILD/results/publish-sweep-nwn.txt: `make publish-sweep-nwn` then puts
# the tables into docs/results.md and the plots into docs/img/nwn_*. Exit 0
# when every run passed, 1 when one failed (nothing to publish), 2 on bad
# settings (nothing runs).
set -eu
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
sweep_opts nwn_sweep.sh "$@"
sweep_settings nwn_sweep.sh NWN rtr_sim "0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1.0" 3000 12000 20000 fixed:4
pub_begin sweep-nwn
OUT=$B/results/nwn
setting ONLY NWN_ONLY ""
SW_DIR=$OUT/runs
mkdir -p "$SW_DIR"

# Figures: name, configurations (curve label = organization), pattern, options.
SINGLE_ORGS="cn:cn-k64-4vc hc:hc-k64-4vc hc-vs:hc-vs-k64-4vc fc:fc-k64-4vc fc-cr:fc-cr-k64-4vc fc-isu2:fc-isu2-k64-4vc fc6:fc6-k64-4vc fc6-isu2:fc6-isu2-k64-4vc fc6-isu2b:fc6-isu2b-k64-4vc bb:bb-k64-4vc hxv:hxv-k64-4vc hxm:hxm-k64-4vc hxv-isu2:hxv-isu2-k64-4vc hxm-isu2:hxm-isu2-k64-4vc ftd:ftd-k64-4vc fb:fb-k64-4vc vc:vc-k64-4vc vc-islip4:vc-k64-4vc-islip4 vc-dist-spec:vc-k64-4vc-dist-spec"
QUAD64_ORGS="hc:hc-k64-4vc hc-vs:hc-vs-k64-4vc fc:fc-k64-4vc fc6-isu2:fc6-isu2-k64-4vc bb:bb-k64-4vc"
QUAD32_ORGS="hc:hc-k32-4vc hc-vs:hc-vs-k32-4vc fc:fc-k32-4vc fc-isu2:fc-isu2-k32-4vc fc-isu2b:fc-isu2b-k32-4vc bb:bb-k32-4vc"
figs() {
    # [ACK12]'s BR is bit rotation (§5.4, footnote 3: "the bit-rotation (BR)
    # traffic pattern"); the kit's pattern alias br is bit reverse, so name it
    for p in ur bc tr; do echo "single-$p|$SINGLE_ORGS|$p|"; done
    echo "single-br|$SINGLE_ORGS|bitrot|"
    echo "quad64-ur-t0.1|$QUAD64_ORGS|quad|--turn 0.1 --turn-pattern ur"
    echo "quad64-ur-t0.5|$QUAD64_ORGS|quad|--turn 0.5 --turn-pattern ur"
    echo "quad64-br-t0.5|$QUAD64_ORGS|quad|--turn 0.5 --turn-pattern bitrot"
    echo "quad32-ur-t0.5|$QUAD32_ORGS|quad|--turn 0.5 --turn-pattern ur"
}
selected() { [ -z "$ONLY" ] || [[ " $ONLY " == *" $1 "* ]]; }
for f in $ONLY; do
    figs | cut -d'|' -f1 | grep -qxF -- "$f" ||
        { echo "nwn_sweep.sh: NWN_ONLY: no figure '$f' (figures: $(figs | cut -d'|' -f1 | tr '\n' ' '))" >&2; exit 2; }
done

rc=0
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
    sweep_probe nwn_sweep.sh "$jobs_file"
    echo "nwn_sweep: $(wc -l < "$jobs_file") points, len $LEN, seed $SEED, $JOBS jobs"
    t0=$(date +%s)
    sweep_run "$jobs_file" || rc=1
    echo "nwn_sweep: sweep took $(( $(date +%s) - t0 )) s"
    pub_runs_save "$OUT/runs.status" "$rc"
else
    pub_runs_load "$OUT/runs.status" || rc=1
fi

CSV=$OUT/nwn_sweep.csv
sweep_collect "$CSV"
while IFS='|' read -r fig orgs pat opts; do
    selected "$fig" || continue
    curves=() cfgs=()
    for oc in $orgs; do curves+=("${fig}__${oc%%:*}=${oc%%:*}"); cfgs+=("${oc#*:}"); done
    sweep_report sat --strip "${fig}__" "$CSV" "${curves[@]%%=*}" > "$OUT/nwn_$fig.md"
    echo "nwn_sweep: $fig"
    cat "$OUT/nwn_$fig.md"
    pub_table "nwn-$fig" docs/results.md "$OUT/nwn_$fig.md"
    sfx=$(common_suffix "${cfgs[@]}")
    case $fig in
        single-*) what="single router (*$sfx), $LEN packets, $pat" ;;
        quad*) what="router in a folded Clos (quad), *$sfx, $LEN packets, ${opts//--/}" ;;
    esac
    sweep_plot "$OUT/${fig}_latency.png" "$what: mean latency" 'offered load (phits/cycle/port)' \
        'mean latency, generation to tail (cycles)' lat_mean 200 "$CSV" "${curves[@]}" || rc=1
    sweep_plot "$OUT/${fig}_accepted.png" "$what: accepted load" 'offered load (phits/cycle/port)' \
        'accepted load (phits/cycle/port)' accepted 1.05 "$CSV" "${curves[@]}" || rc=1
    pub_file "docs/img/nwn_${fig}_latency.png" "$OUT/${fig}_latency.png"
    pub_file "docs/img/nwn_${fig}_accepted.png" "$OUT/${fig}_accepted.png"
done < <(figs)
pub_finish $rc "make sweep-nwn"
