#!/bin/bash
# area_plot.sh AREA_CSV OUT.png - make area's table as area against radix,
# one line per router organization (configurations named ORG-kK: yarc is
# hc): (a) the total (standard cells and SRAM), (b) the switch fabric, the
# part that seed 001's Table 1 counts (switch buffers, crossbar and
# allocator, channel registers), both in mm² at OSU 0.18 µm. The data
# (scripts/area_report.py radix) go to OUT.csv beside OUT.png; the plot is
# scripts/plot.py's. Used by scripts/area_docs.sh.
set -eu
cd "$(dirname "$0")/.."
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
[ $# -eq 2 ] || { echo "usage: area_plot.sh AREA_CSV OUT.png   (--help)" >&2; exit 2; }
csv=$1 png=$2 dat=${2%.png}.csv
python3 scripts/area_report.py radix "$csv" > "$dat"
# the seed's organizations first, then any other (an organization new to the kit)
orgs=$( (for o in hc cn fc fc6 fc6-isu2 bb; do grep -q "^$o," "$dat" && echo "$o"; done
         awk -F, 'NR > 1 && $1 !~ /^(hc|cn|fc|fc6|fc6-isu2|bb)$/ { print $1 }' "$dat" | sort -u) || true)
[ -n "$orgs" ] || { echo "area_plot: no router configuration ORG-kK in $csv" >&2; exit 2; }
args=()
panel() { # COLUMN TITLE KEY (the legend: where, or off)
    args+=(--panel "$2" --xlabel "radix k" --ylabel "mm² (OSU 0.18 µm)" --logx 2 --logy 2 --xtics 16,32,64
           --xrange 12:80 --key "$3" --csv "$dat")
    for o in $orgs; do args+=(--where "org=$o" --curve "$o" k "$1"); done
}
# one legend, beside the second panel
panel total_mm2 "(a) total: standard cells and SRAM" off
panel fabric_mm2 "(b) switch fabric: buffers, crossbar, channels" "outside right top"
scripts/plot.py "$png" --title "make area: synthesized area against radix (hc = YARC)" --size 1250,450 \
    --layout 1,2 "${args[@]}"
echo "area_plot: $png: area against radix of" $orgs
