#!/bin/bash
# area_docs.sh SW_COUNTS AREA_MODEL - make area-docs: publish the last make
# area of the whole set into docs/, and nothing else does:
#   docs/area.md        the table (between its area-table markers), stamped
#                       once with the run's commit, machine, times, command;
#                       the seeds' nodes (area-tech); make area-check's
#                       table (area-check), from its own complete run
#   docs/img/area_radix.png  area against radix (scripts/area_plot.sh)
#   docs/results.md     section 4.0's synthesis tables (markers area-seed001,
#                       area-seed000, area-missing) beside seed 001's Table 1
#                       and seed 000's buffer storage (build/bin/area_model,
#                       build/bin/sw_counts)
# Only from $AREA_OUT/run.txt (default build/area, scripts/area_all.sh) of a
# complete run of the whole set, made on a tree without changes whose key
# (scripts/area_key.sh) is this tree's; otherwise it says why and exits 1
# without writing anything. Every file is made in a temporary directory
# first and moved into docs/ only when all of them are made.
set -euo pipefail
cd "$(dirname "$0")/.."
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

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. scripts/sweep_lib.sh
cp docs/area.md docs/results.md "$T/"

# the stamp and the table
el=$(get elapsed_s)
{
    echo "Measured by \`$(get command)\` at commit $(get commit | cut -c1-10) on $(get started), $(get machine);"
    echo "$ncsv configurations in $((el / 60)) min $((el % 60)) s with $(get jobs) jobs (load average $(get load_start | cut -d' ' -f1) at the start, $(get load_end | cut -d' ' -f1) at the end); published by \`make area-docs\`."
    echo
    awk -f scripts/area_table.awk "$R/area.csv"
} > "$T/table.md"
sweep_md_between "$T/area.md" area-table "$T/table.md" > /dev/null
grep -q 'area-table:begin' "$T/area.md" || no "docs/area.md has no area-table markers"

# the plot
scripts/area_plot.sh "$R/area.csv" "$T/area_radix.png"

# seed 001 Table 1 beside the synthesis: per configuration ORG-kK (yarc: hc)
# the model's switch area (hc: p = sqrt k, the seed's rule; fc, fc6, bb: the
# configuration's r and m; fc6-isu2: Table 2's printed figure at k = 64), the
# kit's counts (sw_counts) and the synthesized areas
cfgs=$(awk -F, 'NR > 1 && $1 ~ /-k[0-9]+$/ { print $1 }' "$R/area.csv")
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
        *) echo "fc $k 0 $r $m" ;;
    esac
done | "$AM" t1 > "$T/t1.csv"
"$AM" fb 4 8 > "$T/fb.csv"
awk -v pitch=24 -v rate="${SRAM_UM2_PER_BIT:-10}" -v tmd="$T" -f scripts/area_seed.awk \
    "$T/t1.csv" "$T/counts.md" "$R/area.csv" "$T/fb.csv" || no "the seed tables could not be made"
for s in area-seed001 area-seed000 area-missing; do
    [ -s "$T/$s.md" ] || no "no table $s"
    grep -q "<!-- $s:begin -->" "$T/results.md" || no "docs/results.md has no $s markers"
    sweep_md_between "$T/results.md" "$s" "$T/$s.md" > /dev/null
done

sweep_md_between "$T/area.md" area-tech "$T/area-tech.md" > /dev/null
grep -q 'area-tech:begin' "$T/area.md" || no "docs/area.md has no area-tech markers"

# make area-check's table, from its own complete run on this tree
K=$R/check
[ -s "$K/run.txt" ] && [ -s "$K/check.md" ] || no "no make area-check in $K (run make area-check)"
kget() { sed -n "s/^$1=//p" "$K/run.txt"; }
[ "$(kget complete)" = yes ] || no "make area-check did not finish"
[ "$(kget dirty)" = 0 ] || no "make area-check ran on a tree with uncommitted changes"
# shellcheck disable=SC2046
[ "$(kget key)" = "$(scripts/area_key.sh $(kget configs))" ] || no "make area-check's key is not this tree's"
el=$(kget elapsed_s)
{
    echo "Measured by \`make area-check\` at commit $(kget commit | cut -c1-10) on $(kget started), $(kget machine); $((el / 60)) min $((el % 60)) s (load average $(kget load_start | cut -d' ' -f1) at the start, $(kget load_end | cut -d' ' -f1) at the end); published by \`make area-docs\`."
    echo
    cat "$K/check.md"
} > "$T/check.md"
sweep_md_between "$T/area.md" area-check "$T/check.md" > /dev/null
grep -q 'area-check:begin' "$T/area.md" || no "docs/area.md has no area-check markers"

# all made: into docs/
mkdir -p docs/img
mv "$T/area.md" docs/area.md
mv "$T/results.md" docs/results.md
mv "$T/area_radix.png" docs/img/area_radix.png
echo "area_docs: docs/area.md, docs/img/area_radix.png and docs/results.md (area-seed001, area-seed000, area-missing) from the run of $(get started) at $(get commit | cut -c1-10)"
