#!/bin/bash
# net_ugal_wc.sh - UGAL on the 1-D flattened butterfly's worst case against
# the depth of the routers' input queues (make ugal-wc; docs/network.md,
# "Where the intermediate router is drawn"): fbfly:k=8,n=2 (64 nodes, 8
# routers of 8 terminals), --pattern wc, cn routers with 4 VCs and bare links
# whose InBufPerVc is 16, 32, 64 or 128 phits (MaxPktLen 8; configurations
# written to $BUILD/results/ugal-wc/configs.txt), 4-phit packets, offered
# 0.6, past every routing's saturation. Per depth: VAL's and UGAL's accepted
# load, UGAL's minimal share m (packets through 2 routers), the bound 1/(8m)
# that share sets (the minimal channel carries 8 m of each router's load),
# and UGAL-S's accepted load (FbSeq=1).
#
# Environment: BUILD [build], UGAL_WC_MEASURE [3000], UGAL_WC_SEED [1].
# usage: scripts/net_ugal_wc.sh [--help]
# Output: $BUILD/results/ugal-wc/*.log, ugal-wc.md (the table); with the
# default settings and every run passed also $BUILD/results/publish-ugal-wc.txt
# (`make publish-ugal-wc` puts the table into docs/network.md). Exit 0 when
# every run passed, 1 otherwise, 2 on bad settings.
set -eu
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
pub_start ugal-wc "$@"
pub_configs
setting MEASURE UGAL_WC_MEASURE 3000
setting SEED UGAL_WC_SEED 1
need_int net_ugal_wc.sh "UGAL_WC_MEASURE, UGAL_WC_SEED" "$MEASURE" "$SEED"
SIM=$B/bin/net_sim OUT=$B/results/ugal-wc DEPTHS="16 32 64 128"
[ -x "$SIM" ] || { echo "net_ugal_wc.sh: $SIM is missing (make $SIM)" >&2; exit 2; }
mkdir -p "$OUT" && rm -f "$OUT"/*.log "$OUT"/ugal-wc.md
for b in $DEPTHS; do
    for s in 0 1; do
        echo "u-cn-b$b-s$s nr_nwn NumPorts=16 R=1 M=0 SelfTurn=1 UseLcb=0 NumVcs=4 MaxPktLen=8 InBufPerVc=$b FbSeq=$s"
    done
done > "$OUT/configs.txt"
rc=0
for b in $DEPTHS; do
    for r in val ugal ugals; do
        s=0
        [ $r != ugals ] || s=1
        "$SIM" --cfg-file "$OUT/configs.txt" --topo fbfly:k=8,n=2 --cfg "u-cn-b$b-s$s" --routing $r \
            --pattern wc --load 0.6 --len fixed:4 --seed "$SEED" --warmup 1000 --measure "$MEASURE" \
            --quiet > "$OUT/b$b-$r.log" 2>&1 || rc=1
        grep -q '; PASS$' "$OUT/b$b-$r.log" || rc=1
    done
    echo "ugal-wc: InBufPerVc $b done"
done
[ $rc = 0 ] || { pub_finish 1; exit 1; }
# accepted load (net: offered X accepted Y) and the share through 2 routers
acc() { awk '/^net: offered/ { print $5 }' "$OUT/$1.log"; }
share() {
    awk '/^net: routers traversed/ { for (i = 4; i < NF; i += 2) { n += $(i + 1); if ($i == "2:") m += $(i + 1) } }
         END { if (n > 0) printf "%.3f\n", m / n }' "$OUT/$1.log"
}
{
    echo "| InBufPerVc (phits) | VAL | UGAL | UGAL's minimal share m | 1/(8m) | UGAL-S |"
    echo "|---|---|---|---|---|---|"
    for b in $DEPTHS; do
        m=$(share b$b-ugal)
        echo "| $b | $(acc b$b-val) | $(acc b$b-ugal) | $m | $(awk -v m="$m" 'BEGIN { printf "%.3f", 1 / (8 * m) }') | $(acc b$b-ugals) |"
    done
} > "$OUT/ugal-wc.md"
cat "$OUT/ugal-wc.md"
pub_table ugal-wc docs/network.md "$OUT/ugal-wc.md"
pub_finish 0 "make ugal-wc"
