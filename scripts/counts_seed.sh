#!/bin/bash
# counts_seed.sh - seed 001 Table 2's switch-area row and Fig 5's relative
# scaling from Table 1's formulas (sw_counts --table2, --scaling), for
# docs/results.md section 4.0.
#
# usage: counts_seed.sh SW_COUNTS OUTDIR [DOCDIR]
#   writes OUTDIR/counts_table2.md, counts_fig5.md, counts_fig5.csv and
#   counts_fig5.png (gnuplot, if installed); with DOCDIR (make counts passes
#   "docs") also puts the two tables between the counts-table2 and
#   counts-fig5 markers of DOCDIR/results.md and copies the CSV and the PNG
#   into DOCDIR/img.
set -eu
[ $# -ge 2 ] || { echo "usage: counts_seed.sh SW_COUNTS OUTDIR [DOCDIR]" >&2; exit 2; }
SW=$1 OUT=$2 DOC=${3:-}
mkdir -p "$OUT"
"$SW" --table2 > "$OUT/counts_table2.md"
"$SW" --scaling > "$OUT/counts_fig5.md"
"$SW" --scaling --csv > "$OUT/counts_fig5.csv"
cat "$OUT/counts_table2.md" "$OUT/counts_fig5.md"

if command -v gnuplot > /dev/null; then
    # Fig 5's four panels; CSV columns: 1 k, then buffers, fanout, xpoints,
    # area, each for cn hc fc ft hx (2-6, 7-11, 12-16, 17-21).
    panel() { # TITLE FIRSTCOL [SKIPCN]
        local t=$1 c=$2 plot="" i=0 o
        local -a col=(black '#d62728' '#1f77b4' '#2ca02c' '#9467bd')
        for o in cn hc fc ft hx; do
            if [ "$o" = cn ] && [ "${3:-}" = skipcn ]; then c=$((c + 1)); i=$((i + 1)); continue; fi
            plot="$plot${plot:+, }'$OUT/counts_fig5.csv' using 1:$c with linespoints lw 2 lc rgb '${col[$i]}' pt $((i + 4)) ps 1.3 dt $((i + 1)) title '$o'"
            c=$((c + 1)); i=$((i + 1))
        done
        printf "set title '%s'\nplot %s\n" "$t" "$plot"
    }
    gnuplot <<GP
set terminal pngcairo size 1000,750 noenhanced
set output '$OUT/counts_fig5.png'
set datafile separator ','
set key autotitle columnhead
set grid
set logscale x 2
set xrange [6:170]
set xtics (8, 16, 32, 64, 128)
set xlabel 'radix k (p = sqrt k, r = 2 sqrt k)'
set ylabel 'relative to hc'
set key outside right top
set multiplot layout 2,2 title 'seed 001 Fig 5 recomputed from Table 1 (kit): relative to the hierarchical crossbar'
$(panel '(a) subswitch buffers (cn: none)' 2 skipcn)
$(panel '(b) aggregate fanout' 7)
$(panel '(c) total crosspoints' 12)
$(panel '(d) switch area' 17)
unset multiplot
GP
    echo "counts_seed: $OUT/counts_fig5.png"
else
    echo "counts_seed: gnuplot not found; no plot" >&2
fi

if [ -n "$DOC" ]; then
    . "$(dirname "$0")/sweep_lib.sh"
    sweep_md_between "$DOC/results.md" counts-table2 "$OUT/counts_table2.md"
    sweep_md_between "$DOC/results.md" counts-fig5 "$OUT/counts_fig5.md"
    mkdir -p "$DOC/img"
    cp "$OUT/counts_fig5.csv" "$DOC/img/counts_fig5.csv"
    [ -f "$OUT/counts_fig5.png" ] && cp "$OUT/counts_fig5.png" "$DOC/img/counts_fig5.png"
fi
exit 0
