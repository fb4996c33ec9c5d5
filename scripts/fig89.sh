#!/bin/bash
# fig89.sh - merging fairness, [AK11 §8.2.4.1] Fig 8.9(a) (make fig89): a line
# of 8 SeaStar routers (net_sim --topo ring:n=8 --routing line), one node
# each, every node sending to node 7 at a load the link into P7 cannot carry,
# every packet with an age phit; the share of the window's delivered phits
# each source gets, under AGE_RR_SELECT all 0s (round robin), all 1s (age) and
# 0101...0101 (configurations seastar-8-rr, -age, -mix), beside the figure's
# round-robin shares, and the claims table (docs/seastar-arch.md §10).
#
# Environment: BUILD [build], FIG89_MEASURE [20000], FIG89_SEED [1].
# usage: scripts/fig89.sh [--help]
# Output: $BUILD/results/fig89/*.csv, fig89.md (the table); with the default
# settings and every run passed also $BUILD/results/publish-fig89.txt (`make
# publish-fig89` puts the table into docs/seastar-arch.md). Exit 0 when every
# run passed and every claim holds, 1 otherwise, 2 on bad settings.
set -eu
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
pub_start fig89 "$@"
pub_configs
SIM=$B/bin/net_sim
setting MEASURE FIG89_MEASURE 20000
setting SEED FIG89_SEED 1
need_int fig89.sh "FIG89_MEASURE, FIG89_SEED" "$MEASURE" "$SEED"
[ -x "$SIM" ] || { echo "fig89.sh: $SIM is missing (make $SIM)" >&2; exit 2; }
OUT=$B/results/fig89
mkdir -p "$OUT"
rm -f "$OUT"/*.csv "$OUT"/*.log "$OUT"/fig89.md
rc=0
for p in rr age mix; do
    "$SIM" --topo ring:n=8 --cfg "seastar-8-$p" --routing line --pattern hotspot --hotspot 7:1.0 \
        --load 0.5 --len fixed:8 --age-phit --warmup 2000 --measure "$MEASURE" --seed "$SEED" \
        --quiet --per-src "$OUT/$p.csv" > "$OUT/$p.log" 2>&1 || rc=1
    echo "fig89: seastar-8-$p: $(grep -c PASS "$OUT/$p.log") pass ($OUT/$p.log)"
done
[ $rc = 0 ] || { pub_finish 1; exit 1; }
# the table: per source, its routers to P7, the shares; then the claims
paste -d, "$OUT/rr.csv" "$OUT/age.csv" "$OUT/mix.csv" | awk -F, '
    NR == 1 { next }
    $1 < 7 { s = $1; rr[s] = $4; ag[s] = $8; mx[s] = $12 }
    END {
        print "| source | routers to P7 | Fig 8.9(a), round robin | all 0s (round robin) | all 1s (age) | 0101...0101 |"
        print "|---|---|---|---|---|---|"
        ok1 = 1; rmax = 0; rmin = 1; amax = 0; amin = 1; amin_s = -1
        for (s = 6; s >= 0; s--) {
            fig = s == 0 ? 1 / 64 : 1 / 2 ^ (7 - s)
            printf "| P%d | %d | %.4f | %.4f | %.4f | %.4f |\n", s, 8 - s, fig, rr[s], ag[s], mx[s]
            if (rr[s] < 0.85 * fig || rr[s] > 1.15 * fig) ok1 = 0
            if (rr[s] > rmax) rmax = rr[s]
            if (rr[s] < rmin) rmin = rr[s]
            if (ag[s] > amax) amax = ag[s]
            if (ag[s] < amin) { amin = ag[s]; amin_s = s }
        }
        print ""
        print "| claim ([AK11 §8.2.4.1]) | measured | holds |"
        print "|---|---|---|"
        printf "| round robin gives P6 1/2, P5 1/4, ..., P1 and P0 1/64 each | every share within 15%% of it | %s |\n", ok1 ? "yes" : "NO"
        t0 = 1 / rr[0]; t1 = 1 / rr[1]; ok4 = t0 > 0.85 * 64 && t0 < 1.15 * 64 && t1 > 0.85 * 64 && t1 < 1.15 * 64
        printf "| Eq 8.3, T_worst = L (2n)^H, H the routers where P0 and P1 merge (6) and 2n = 2: 64 L packet times for L packets | 1 / share under round robin: P0 %.1f, P1 %.1f | %s |\n", t0, t1, ok4 ? "yes" : "NO"
        printf "| age-based arbitration evens the shares out | largest / smallest share: %.1f round robin, %.1f age | %s |\n", rmax / rmin, amax / amin, amax / amin < rmax / rmin / 4 ? "yes" : "NO"
        printf "| pure age arbitration favours older packets over younger ones (its starvation hazard) | under age the source of the youngest packets, P6, gets the least: P%d %.4f (equal shares: 0.1429) | %s |\n", amin_s, amin, amin_s == 6 ? "yes" : "NO"
        exit !(ok1 && ok4 && amax / amin < rmax / rmin / 4 && amin_s == 6)
    }' > "$OUT/fig89.md" || rc=1
cat "$OUT/fig89.md"
pub_table fig89 docs/seastar-arch.md "$OUT/fig89.md"
pub_finish $rc "make fig89"
