#!/bin/bash
# counts.sh - the complexity counts (make counts): the table of the kit's
# switch configurations (sw_counts: subswitch buffers, crosspoints, global
# channels, fanout against seed 001 Tables 1 and 2), and from Table 1's
# formulas (sw_counts --table2, --scaling) seed 001 Table 2's switch-area row
# and Fig 5's relative scaling, with a CSV and a four-panel plot.
#
# usage: scripts/counts.sh [--help]
# Environment: BUILD [build], NR_CONFIGS [configs/configs.txt], COUNTS_CFGS
# [the configurations of the table; make counts passes its list].
# Outputs in $BUILD/results/counts: counts.md, counts_table2.md,
# counts_fig5.md, counts_fig5.csv, counts_fig5.png. With the default
# configurations also $BUILD/results/publish-counts.txt: `make
# publish-counts` puts the three tables between the counts, counts-table2
# and counts-fig5 markers of docs/results.md and the CSV and the PNG into
# docs/img/. Exit 0, 1 if a step failed, 2 on bad settings.
set -eu
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
pub_start counts "$@"
pub_configs
SW=$B/bin/sw_counts
OUT=$B/results/counts
setting CFGS COUNTS_CFGS "yarc-k64 cn-k64 fc-k64 fc6-k64 fc6-isu2-k64 bb-k64 hxv-k64 hxm-k64 ftd-k64 fb-k64-4vc yarc-k32 fc-k32 bb-k32 fb-k32-bare yarc-k16 cn-k16 fc-k16 bb-k16 fb-k16"
[ -x "$SW" ] || { echo "counts.sh: $SW is not built (make $SW)" >&2; exit 2; }
# shellcheck disable=SC2086
need_cfg counts.sh COUNTS_CFGS $CFGS
mkdir -p "$OUT"
rc=0
# shellcheck disable=SC2086
"$SW" --cfg-file "$NR_CONFIGS" $CFGS > "$OUT/counts.md" || rc=1
"$SW" --table2 > "$OUT/counts_table2.md" || rc=1
"$SW" --scaling > "$OUT/counts_fig5.md" || rc=1
"$SW" --scaling --csv > "$OUT/counts_fig5.csv" || rc=1
cat "$OUT/counts.md" "$OUT/counts_table2.md" "$OUT/counts_fig5.md"
# Fig 5's four panels: each organization relative to the hierarchical crossbar
axes=(--logx 2 --xrange 6:170 --xtics "8, 16, 32, 64, 128" --xlabel 'radix k (p = sqrt k, r = 2 sqrt k)'
    --ylabel 'relative to hc' --key 'outside right top')
panel() { # TITLE COLUMN [cn too]
    local a=(--panel "$1" "${axes[@]}" --csv "$OUT/counts_fig5.csv") o
    for o in cn hc fc ft hx; do
        [ "$o" != cn ] || [ -n "${3:-}" ] || continue
        a+=(--curve "$o" k "$2_$o")
    done
    printf '%s\0' "${a[@]}"
}
mapfile -d '' args < <(panel '(a) subswitch buffers (cn: none)' buffers
    panel '(b) aggregate fanout' fanout cn
    panel '(c) total crosspoints' xpoints cn
    panel '(d) switch area' area cn)
scripts/plot.py "$OUT/counts_fig5.png" --size 1100,800 --layout 2,2 \
    --title '[ACK12] Fig 5 recomputed from Table 1 (kit): relative to the hierarchical crossbar' \
    "${args[@]}" || rc=1
echo "counts: $OUT/counts_fig5.png"
pub_table counts docs/results.md "$OUT/counts.md"
pub_table counts-table2 docs/results.md "$OUT/counts_table2.md"
pub_table counts-fig5 docs/results.md "$OUT/counts_fig5.md"
pub_file docs/img/counts_fig5.csv "$OUT/counts_fig5.csv"
pub_file docs/img/counts_fig5.png "$OUT/counts_fig5.png"
pub_finish $rc "make counts"
