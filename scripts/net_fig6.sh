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
# Environment: BUILD [build], FIG6_CFG [fc-k32-4vc], FIG6_LOAD [0.3],
# FIG6_WARMUP [500], FIG6_MEASURE [1500], FIG6_SEED [1], JOBS [2],
# FIG6_REPORT_ONLY=1 (the table and heatmaps from the last runs),
# SWEEP_LAUNCHER (a launcher in front of every run, e.g. "srun -N1 --").
# Output: build/results/net_fig6/{ur,bitrot}_turns.csv, net_fig6_{ur,bitrot}_{bottom,top}.png,
# net_fig6.txt (the table).
set -eu
. "$(dirname "$0")/csv_lib.sh"
. "$(dirname "$0")/jobrun.sh"
B=${BUILD:-build}
SIM=$B/bin/net_sim
TOPO=fclos:k=32,levels=3,tophalf=1
CFG=${FIG6_CFG:-fc-k32-4vc}
LOAD=${FIG6_LOAD:-0.3}
WARMUP=${FIG6_WARMUP:-500}
MEASURE=${FIG6_MEASURE:-1500}
SEED=${FIG6_SEED:-1}
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
export SIM TOPO CFG LOAD WARMUP MEASURE SEED OUT
printf '%s\n' ur bitrot > "$OUT/points.txt"
t0=$(date +%s)
rc=0
[ -n "${FIG6_REPORT_ONLY:-}" ] ||
    JR_LAUNCH=${SWEEP_LAUNCHER:-} jr_run "$OUT/points.txt" "${JOBS:-2}" net_fig6 fig6_point || rc=1
T=$B/results/net_fig6.txt
{
    echo "Seed 001 Fig 6 in the kit: $TOPO of $CFG, load $LOAD, updown-adaptive"
    echo "quadrant shares of the router crossings of each level (I down->down turning,"
    echo "II down->up, III up->down, IV up->up), and the fraction of the packets that"
    echo "enter by a down port and turn there, I/(I+II) (the kit's quad pattern assumes 0.25)"
    printf '%-6s %-6s %-8s %-8s %-8s %-8s %-10s\n' pat level I II III IV "I/(I+II)"
    for p in ur bitrot; do
        for l in 1 2 3; do
            v=$(grep "^net: level $l turns" "$OUT/$p.log" |
                sed 's/.*I down-down \([0-9.]*\), II down-up \([0-9.]*\), III up-down \([0-9.]*\), IV up-up \([0-9.]*\).*/\1 \2 \3 \4/')
            set -- $v
            printf '%-6s %-6s %-8s %-8s %-8s %-8s %-10s\n' "$p" "$l" "$1" "$2" "$3" "$4" \
                "$(awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", ((a + b) > 0 ? a / (a + b) : 0) }')"
        done
    done
} | tee "$T"
if command -v gnuplot > /dev/null; then
    for p in ur bitrot; do
        csv_need "$OUT/${p}_turns.csv" router level in out packets
        top=$(csv_awk 'NR > 1 && $col("level") == 3 { print $col("router"); exit }' "$OUT/${p}_turns.csv")
        for which in bottom top; do
            r=0; [ $which = top ] && r=$top
            # a 32 x 32 matrix, row = output port, column = input port
            csv_awk -v r="$r" 'NR > 1 && $col("router") == r { m[$col("out"), $col("in")] = $col("packets") }
                END { for (o = 0; o < 32; o++) { for (i = 0; i < 32; i++) printf "%d ", m[o, i] + 0; printf "\n" } }' \
                "$OUT/${p}_turns.csv" > "$OUT/${p}_$which.mat"
            gnuplot <<EOF
set terminal pngcairo size 520,480 noenhanced
set output '$B/results/net_fig6_${p}_$which.png'
set title '$(echo $p | tr a-z A-Z): $which-level router $r (packets, window of $MEASURE cycles)'
set xlabel 'input port (0-15 down, 16-31 up)'
set ylabel 'output port'
set xrange [-0.5:31.5]
set yrange [-0.5:31.5]
set palette defined (0 'white', 1 'yellow', 2 'red', 3 'black')
plot '$OUT/${p}_$which.mat' matrix with image notitle
EOF
        done
    done
    echo "net_fig6: heatmaps $B/results/net_fig6_{ur,bitrot}_{bottom,top}.png"
fi
echo "net_fig6: $(( $(date +%s) - t0 )) s"
exit $rc
