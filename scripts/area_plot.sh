#!/bin/bash
# area_plot.sh AREA_CSV OUT.png - make area's table as area against radix,
# one line per router organization (configurations named ORG-kK: yarc is hc):
# (a) the total (standard cells and SRAM), (b) the switch fabric, the part
# that seed 001's Table 1 counts (switch buffers, crossbar and allocator,
# channel registers), both in mm² at OSU 0.18 um. Writes OUT.png and OUT.dat
# (k, then the two areas of each organization). Used by scripts/area_docs.sh.
set -eu
[ $# -eq 2 ] || { echo "usage: area_plot.sh AREA_CSV OUT.png" >&2; exit 2; }
csv=$1 png=$2 dat=${2%.png}.dat
command -v gnuplot > /dev/null || { echo "area_plot: gnuplot missing (make deps)" >&2; exit 1; }
ORGS="hc cn fc fc6 fc6-isu2 bb"
awk -F, -v orgs="$ORGS" '
    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
    {
        name = $c["config"]
        if (!match(name, /-k[0-9]+$/)) next
        org = substr(name, 1, RSTART - 1); k = substr(name, RSTART + 2) + 0
        if (org == "yarc") org = "hc"
        tot[org, k] = $c["total_um2"] / 1e6
        fab[org, k] = ($c["swbuf_um2"] + $c["xbar_um2"] + $c["channels_um2"]) / 1e6
        ks[k] = 1
    }
    END {
        n = split(orgs, o, " ")
        printf "k"; for (i = 1; i <= n; i++) printf " %s_total %s_fabric", o[i], o[i]; print ""
        for (k = 1; k <= 1024; k++) if (k in ks) {
            printf "%d", k
            for (i = 1; i <= n; i++)
                printf " %s %s", ((o[i], k) in tot) ? tot[o[i], k] : "NaN", ((o[i], k) in fab) ? fab[o[i], k] : "NaN"
            print ""
        }
    }' "$csv" > "$dat"
plot() { # FIRST-COLUMN TITLE
    local c=$1 p="" i=0 o
    local -a col=('#d62728' black '#1f77b4' '#2ca02c' '#ff7f0e' '#9467bd')
    for o in $ORGS; do
        p="$p${p:+, }'$dat' using 1:$c with linespoints lw 2 lc rgb '${col[$i]}' pt $((i + 4)) ps 1.3 title '$o'"
        c=$((c + 2)); i=$((i + 1))
    done
    printf "set title '%s'\nplot %s\n" "$2" "$p"
}
gnuplot <<GP
set terminal pngcairo size 1100,450 noenhanced
set output '$png'
set grid
set logscale xy 2
set xrange [12:80]
set xtics (16, 32, 64)
set xlabel 'radix k'
set ylabel 'mm² (OSU 0.18 um)'
set key top left
set multiplot layout 1,2 title 'make area: synthesized area against radix (hc = YARC)'
$(plot 2 '(a) total: standard cells and SRAM')
$(plot 3 '(b) switch fabric: switch buffers, crossbar and allocator, channels')
unset multiplot
GP
