#!/bin/bash
# area_docs.sh SW_COUNTS AREA_MODEL - make area-docs: publish the last make
# area of the whole set into docs/ (through scripts/publish.sh, the one
# writer of measured results into docs/):
#   docs/area.md        the table (marker area-table), stamped with the run's
#                       command, commit, machine, times and steps made; the
#                       seeds' nodes (area-tech); make area-check's table
#                       (area-check), from its own complete run
#   docs/area.csv       the run's table as CSV (the figures of the table in
#                       docs/area.md), which net_cost --area reads
#   docs/img/area_radix.png  area against radix (scripts/area_plot.sh)
#   docs/results.md     section 4.0's synthesis tables (markers area-seed001,
#                       area-missing, area-seed000) beside seed 001's Table 1
#                       and seed 000's buffer storage (build/bin/area_model,
#                       build/bin/sw_counts; scripts/area_report.py seed), and
#                       the vc router's allocators (area-alloc)
# Only from $AREA_OUT/run.txt (default build/area, scripts/area_all.sh) of a
# complete run of the whole set, made on a tree without changes whose key
# (scripts/area_key.sh) is this tree's; otherwise it says why and exits 1
# without writing anything under docs/. The tables and the manifest are made
# in $AREA_OUT/docs first; scripts/publish.sh checks them all before it
# writes anything.
set -euo pipefail
cd "$(dirname "$0")/.."
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
[ $# -eq 2 ] || { echo "usage: area_docs.sh SW_COUNTS AREA_MODEL" >&2; exit 2; }
SW=$1 AM=$2
for b in "$SW" "$AM"; do [ -x "$b" ] || { echo "area_docs: $b missing (make $b)" >&2; exit 2; }; done
R=${AREA_OUT:-build/area}
no() { echo "area_docs: $*; docs/ not touched" >&2; exit 1; }
[ "$(realpath "${NR_CONFIGS:-configs/configs.txt}")" = "$(realpath configs/configs.txt)" ] \
    || no "NR_CONFIGS names another file: docs/ is for the kit's own configurations"
[ -s "$R/run.txt" ] && [ -s "$R/area.csv" ] || no "no record of a make area of the whole set in $R (run make area)"
get() { sed -n "s/^$1=//p" "$R/run.txt"; }
[ "$(get whole_set)" = yes ] || no "the run in $R is not of the whole set"
[ "$(get complete)" = yes ] || no "the last run of the whole set did not finish (failed: $(get failed))"
whole=$(scripts/cfg.sh --with area)
[ "$(get configs | tr ' ' '\n' | sort)" = "$(tr ' ' '\n' <<< "$whole" | sort)" ] \
    || no "the run's configurations are not today's whole set ($whole)"
[ "$(get dirty)" = 0 ] || no "the run was made on a tree with uncommitted changes to rtl, scripts, constraints or configs"
# shellcheck disable=SC2086
key=$(scripts/area_key.sh $whole)
[ "$(get key)" = "$key" ] || no "the run's key $(get key) is not this tree's ($key): RTL, flow or settings changed since"
ncsv=$(($(wc -l < "$R/area.csv") - 1))
[ "$ncsv" = "$(wc -w <<< "$whole")" ] || no "the run's table has $ncsv rows for $(wc -w <<< "$whole") configurations"

T=$R/docs
rm -rf "$T"; mkdir -p "$T"

# the table, and its stamp
el=$(get elapsed_s)
stamp="Measured by \`$(get command)\` at commit $(get commit | cut -c1-10) on $(get started), $(get machine): $ncsv configurations in $((el / 60)) min $((el % 60)) s wall$(c=$(get cpu_s); [ -z "$c" ] || echo " and $((c / 60)) min CPU") with $(get jobs) jobs, $(get work | sed 's/^\([0-9]*\) of \1 steps made, the others from the cache$/all \1 steps made from an empty cache/') (load average $(get load_start | cut -d' ' -f1) at the start, $(get load_end | cut -d' ' -f1) at the end); published by \`make area-docs\`"
python3 scripts/area_report.py table "$R/area.csv" > "$T/area-table.md"
cp "$R/area.csv" "$T/area.csv"
# the plot
scripts/area_plot.sh "$R/area.csv" "$T/area_radix.png"

# seed 001 Table 1 beside the synthesis: per configuration ORG-kK (yarc: hc)
# the model's switch area (hc: p = sqrt k, the seed's rule; fc, fc6, bb: the
# configuration's r and m; fc6-isu2: Table 2's printed figure at k = 64; hxv
# and hxm: Table 1's hx, ftd its ft), the kit's counts (sw_counts) and the
# synthesized areas; an organization the seed has no model of (a new one) is
# in docs/area.md's tables and plot only (fb: in seed 000's table)
cfgs=$(awk -F, 'NR > 1 && $1 ~ /^(yarc|cn|fc|fc6|fc6-isu2|bb|hxv|hxm|ftd)-k[0-9]+$/ { print $1 }' "$R/area.csv")
# shellcheck disable=SC2086
"$SW" $cfgs > "$T/counts.md"
for c in $cfgs; do
    k=${c##*-k}; org=${c%-k*}
    P=" $(scripts/cfg.sh "$c" params) "
    r=$(sed -n 's/.* R=\([0-9]*\) .*/\1/p' <<< "$P"); m=$(sed -n 's/.* M=\([0-9]*\) .*/\1/p' <<< "$P")
    case $org in
        yarc) echo "hc $k $(awk -v k="$k" 'BEGIN { print sqrt(k) }') 0 0" ;;
        cn) echo "cn $k 0 0 0" ;;
        bb) echo "bb $k 0 $r $m" ;;
        hxv | hxm) echo "hx $k 0 0 0" ;;
        ftd) echo "ft $k 0 0 0" ;;
        *) echo "fc $k 0 $r $m" ;;
    esac
done | "$AM" t1 > "$T/t1.csv"
"$AM" fb 4 8 > "$T/fb.csv"
python3 scripts/area_report.py seed "$T/t1.csv" "$T/counts.md" "$R/area.csv" "$T/fb.csv" 24 "${SRAM_UM2_PER_BIT:-10}" "$T" \
    || no "the seed tables could not be made"
python3 scripts/area_report.py alloc "$R/area.csv" > "$T/area-alloc.md" || no "the allocators' table could not be made"
# make area-check's table, from its own complete run on this tree
K=$R/check
[ -s "$K/run.txt" ] && [ -s "$K/check.md" ] || no "no make area-check in $K (run make area-check)"
kget() { sed -n "s/^$1=//p" "$K/run.txt"; }
[ "$(kget complete)" = yes ] || no "make area-check did not finish"
[ "$(kget dirty)" = 0 ] || no "make area-check ran on a tree with uncommitted changes"
# shellcheck disable=SC2046
[ "$(kget key)" = "$(scripts/area_key.sh $(kget configs))" ] || no "make area-check's key is not this tree's"
el=$(kget elapsed_s)
kstamp="Measured by \`make area-check\` at commit $(kget commit | cut -c1-10) on $(kget started), $(kget machine): $((el / 60)) min $((el % 60)) s (load average $(kget load_start | cut -d' ' -f1) at the start, $(kget load_end | cut -d' ' -f1) at the end); published by \`make area-docs\`"
cp "$K/check.md" "$T/area-check.md"

# all made: the manifest, and publish.sh writes docs/ (or nothing)
{
    echo "complete area"
    echo "stamp $stamp"
    echo "table area-table docs/area.md $T/area-table.md"
    echo "stamp From the \`make area\` run at commit $(get commit | cut -c1-10) on $(get started) (docs/area.md); published by \`make area-docs\`"
    echo "table area-tech docs/area.md $T/area-tech.md"
    echo "table area-seed001 docs/results.md $T/area-seed001.md"
    echo "table area-missing docs/results.md $T/area-missing.md"
    echo "table area-seed000 docs/results.md $T/area-seed000.md"
    echo "table area-alloc docs/results.md $T/area-alloc.md"
    echo "stamp $kstamp"
    echo "table area-check docs/area.md $T/area-check.md"
    echo "file docs/area.csv $T/area.csv"
    echo "file docs/img/area_radix.png $T/area_radix.png"
} > "$T/publish-area.txt"
scripts/publish.sh "$T/publish-area.txt"
