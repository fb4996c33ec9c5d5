#!/bin/bash
# cost.sh - the cost, packaging and power tables and plots of docs/cost.md
# (make cost, seconds): from build/bin/net_cost (tb/cost), the seed's
# comparison of the flattened butterfly, folded Clos, butterfly and hypercube
# (Kim, Dally and Abts, ISCA 2007, Figs 10, 11, 13 and 15), the radix model
# (Abts and Kim 2011, §4.2.1, Eq 4.3 and Fig 4.3), the kit's networks priced,
# the kit's routers priced from their organizations' counts, and the claims
# table.
#
# usage: scripts/cost.sh [--help]
# Environment: BUILD [build].
# Outputs in $BUILD/results/cost: curves.csv, fig13.csv, radix.csv,
# fig43.csv, built.md, claims.md, routers.md, radix.md and the plots cost_fig10.png,
# cost_fig11.png, cost_fig13.png, cost_fig15.png, cost_fig43.png; and
# $BUILD/results/publish-cost.txt: `make publish-cost` puts the tables
# between the cost-built, cost-claims, cost-routers and cost-radix markers of docs/cost.md
# and the plots and CSVs into docs/img/. Exit 0, 1 if a step failed, 2 on
# bad settings.
set -eu
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
pub_start cost "$@"
NC=$B/bin/net_cost
OUT=$B/results/cost
[ -x "$NC" ] || { echo "cost.sh: $NC is not built (make $NC)" >&2; exit 2; }
mkdir -p "$OUT"
rc=0
for t in curves fig13 radix fig43; do "$NC" --table $t > "$OUT/$t.csv" || rc=1; done
"$NC" --table built > "$OUT/built.md" || rc=1
"$NC" --table claims > "$OUT/claims.md" || rc=1
"$NC" --table routers > "$OUT/routers.md" || rc=1
# the radix table as Markdown: the CSV's columns, one row a technology
{
    echo "| year | B (b/s) | t_r (s) | N | A from the inputs | A quoted | k: k (ln k)^2 = A(inputs) | k: k (ln k)^2 = A(quoted) | k: k log2 k = A(quoted) | k quoted |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    tail -n +2 "$OUT/radix.csv" | sed 's/,/ | /g; s/^/| /; s/$/ |/'
} > "$OUT/radix.md" || rc=1
N=(--logx 2 --xlabel 'nodes N' --key 'top left' --csv "$OUT/curves.csv")
curves() { # COLUMN: one curve per topology
    local k
    for k in fbfly fclos bfly hcube; do printf '%s\0' --where "kind=$k" --curve "$k" N "$1"; done
}
mapfile -d '' c_share < <(curves link_share)
mapfile -d '' c_lavg < <(curves lavg_m)
mapfile -d '' c_cost < <(curves cost_per_node)
mapfile -d '' c_pow < <(curves power_per_node_w)
scripts/plot.py "$OUT/cost_fig10.png" --size 1100,450 --layout 1,2 \
    --title 'ISCA 2007 Fig 10 recomputed (kit model): (a) link share of cost, (b) average global cable' \
    --panel '(a) link cost / network cost' "${N[@]}" --ylabel 'share' --yrange 0:1 "${c_share[@]}" \
    --panel '(b) L_avg, overhead not included' "${N[@]}" --ylabel 'm' "${c_lavg[@]}" || rc=1
scripts/plot.py "$OUT/cost_fig11.png" --size 900,500 \
    --title 'ISCA 2007 Fig 11 recomputed (kit model): cost per node' \
    "${N[@]}" --ylabel '$ per node' "${c_cost[@]}" || rc=1
scripts/plot.py "$OUT/cost_fig15.png" --size 900,500 \
    --title 'ISCA 2007 Fig 15 recomputed (kit model): power per node' \
    "${N[@]}" --ylabel 'W per node' "${c_pow[@]}" || rc=1
scripts/plot.py "$OUT/cost_fig13.png" --size 1100,450 --layout 1,2 \
    --title "ISCA 2007 Fig 13 recomputed (kit model): N = 4K flattened butterflies of Table 4" \
    --panel '(a) cost per node' --xlabel "n'" --ylabel '$ per node' --csv "$OUT/fig13.csv" \
    --curve fbfly nprime cost_per_node \
    --panel "(b) relative to n' = 1" --xlabel "n'" --ylabel 'ratio' --csv "$OUT/fig13.csv" \
    --curve fbfly nprime ratio_to_nprime1 || rc=1
scripts/plot.py "$OUT/cost_fig43.png" --size 1100,450 --layout 1,2 \
    --title 'Abts and Kim 2011 Fig 4.3 recomputed (kit model): latency (Eq 4.2) and channels against radix' \
    --panel '(a) latency' --xlabel 'radix k' --ylabel 'ns' --csv "$OUT/fig43.csv" \
    --where year=2003 --curve '2003 technology' k latency_ns --where year=2010 --curve '2010 technology' k latency_ns \
    --panel '(b) channels, N log_k N' --xlabel 'radix k' --ylabel 'thousands' --csv "$OUT/fig43.csv" \
    --where year=2003 --curve '2003 technology' k kchannels --where year=2010 --curve '2010 technology' k kchannels || rc=1
cat "$OUT/claims.md"
pub_table cost-built docs/cost.md "$OUT/built.md"
pub_table cost-claims docs/cost.md "$OUT/claims.md"
pub_table cost-routers docs/cost.md "$OUT/routers.md"
pub_table cost-radix docs/cost.md "$OUT/radix.md"
for f in cost_fig10.png cost_fig11.png cost_fig13.png cost_fig15.png cost_fig43.png; do pub_file "docs/img/$f" "$OUT/$f"; done
pub_file docs/img/cost_curves.csv "$OUT/curves.csv"
pub_file docs/img/cost_fig13.csv "$OUT/fig13.csv"
pub_finish $rc "make cost"
