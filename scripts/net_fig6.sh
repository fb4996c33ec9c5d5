#!/bin/bash
# net_fig6.sh - seed 001 Fig 6 in the kit's network (make sweep-net): the
# (input port, output port) traffic of a bottom-level and a top-level
# radix-32 router of a 4096-node three-level folded Clos (fclos:k=32,
# levels=3,tophalf=1: 16^3 nodes, as the seed's), on UR and BR, as heatmaps,
# (the seed's BR is bit rotation, line 234: the kit's pattern bitrot; the
# alias br is bit reverse),
# and each level's quadrant shares (I turning, II up, III down, IV up again)
# beside what the kit's `quad` pattern assumes of one router (a down port's
# packets turn with probability turn_frac, 0.25 by default).
#
# usage: scripts/net_fig6.sh [-l LAUNCHER] [--help]
# Environment: BUILD [build], NR_CONFIGS [configs/configs.txt], FIG6_CFG
# [fc-k32-4vc], FIG6_LOAD [0.3], FIG6_WARMUP [500], FIG6_MEASURE [1500],
# FIG6_SEED [1], JOBS [2], FIG6_REPORT_ONLY=1 (the table and heatmaps from
# the last runs), SWEEP_LAUNCHER or -l LAUNCHER (a launcher in front of
# every run, e.g. "srun -N1 --").
# Output: $BUILD/results/net_fig6/{ur,bitrot}_turns.csv,
# $BUILD/results/net_fig6_{ur,bitrot}_{bottom,top}.png (scripts/plot.py),
# net_fig6.txt (the table, build/bin/sweep_report turns). A complete run
# with the default settings also writes
# $BUILD/results/publish-sweep-net-fig6.txt: `make publish-sweep-net-fig6`
# puts the heatmaps into docs/img/. Exit 0 when both runs passed, 1 when
# one failed (nothing to publish), 2 on bad settings.
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
sweep_opts net_fig6.sh "$@"
B=${BUILD:-build}
pub_begin sweep-net-fig6
pub_configs
SIM=$B/bin/net_sim
TOPO=fclos:k=32,levels=3,tophalf=1
setting CFG FIG6_CFG fc-k32-4vc
setting LOAD FIG6_LOAD 0.3
setting WARMUP FIG6_WARMUP 500
setting MEASURE FIG6_MEASURE 1500
setting SEED FIG6_SEED 1
JOBS=${JOBS:-2}
need_load net_fig6.sh FIG6_LOAD "$LOAD"
need_int net_fig6.sh "FIG6_WARMUP, FIG6_MEASURE, FIG6_SEED" "$WARMUP" "$MEASURE" "$SEED"
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "net_fig6.sh: JOBS: '$JOBS' is not a count >= 1" >&2; exit 2; }
[ -x "$SIM" ] || { echo "net_fig6.sh: $SIM is missing (make $SIM)" >&2; exit 2; }
OUT=$B/results/net_fig6
mkdir -p "$OUT"
echo "net_fig6: $TOPO of $CFG, UR and BR at load $LOAD, updown-adaptive, seed $SEED"
fig6_point() {
    local p=$1
    jr_launch "$SIM" --topo "$TOPO" --cfg "$CFG" --pattern "$p" --load "$LOAD" --len fixed:8 \
        --warmup "$WARMUP" --measure "$MEASURE" --seed "$SEED" --turns "$OUT/${p}_turns.csv" \
        > "$OUT/$p.log" 2>&1
    local rc=$?
    echo "  $p: $(tail -2 "$OUT/$p.log" | head -1 | sed 's/.*; //') ($OUT/$p.log)"
    return $rc
}
export -f fig6_point
export SIM TOPO CFG LOAD WARMUP MEASURE SEED OUT NR_CONFIGS
printf '%s\n' ur bitrot > "$OUT/points.txt"
t0=$(date +%s)
rc=0
if [ -z "${FIG6_REPORT_ONLY:-}" ]; then
    net_probe net_fig6.sh "$SIM" --topo "$TOPO" --cfg "$CFG" --pattern ur --load "$LOAD" --len fixed:8
    JR_LAUNCH=${SWEEP_LAUNCHER:-} jr_run "$OUT/points.txt" "$JOBS" net_fig6 fig6_point || rc=1
    pub_runs_save "$OUT/runs.status" "$rc"
else
    pub_runs_load "$OUT/runs.status" || rc=1
fi
T=$B/results/net_fig6.txt
{
    echo "[ACK12] Fig 6 in the kit: $TOPO of $CFG, load $LOAD, updown-adaptive"
    echo "quadrant shares of the router crossings of each level (I down->down turning,"
    echo "II down->up, III up->down, IV up->up), and the fraction of the packets that"
    echo "enter by a down port and turn there, I/(I+II) (the kit's quad pattern assumes 0.25)"
    printf '%-6s %-6s %-8s %-8s %-8s %-8s %-10s\n' pat level I II III IV "I/(I+II)"
    for p in ur bitrot; do sweep_report turns "$p" "$OUT/$p.log" || rc=1; done
} | tee "$T"
for p in ur bitrot; do
    csv_need "$OUT/${p}_turns.csv" router level in out packets || { rc=1; continue; }
    top=$(csv_awk 'NR > 1 && $col("level") == 3 { print $col("router"); exit }' "$OUT/${p}_turns.csv")
    for which in bottom top; do
        r=0; [ $which = top ] && r=$top
        # a 32 x 32 map: row = output port, column = input port
        scripts/plot.py "$B/results/net_fig6_${p}_$which.png" --size 680,600 \
            --title "${p^^}, $which-level router $r ($CFG): packets in $MEASURE cycles" \
            --xlabel 'input port (0-15 down, 16-31 up)' --ylabel 'output port' \
            --csv "$OUT/${p}_turns.csv" --where "router=$r" --heatmap in out packets 32 || rc=1
        pub_file "docs/img/net_fig6_${p}_$which.png" "$B/results/net_fig6_${p}_$which.png"
    done
done
echo "net_fig6: heatmaps $B/results/net_fig6_{ur,bitrot}_{bottom,top}.png"
echo "net_fig6: $(( $(date +%s) - t0 )) s"
pub_finish $rc "make sweep-net-fig6"
