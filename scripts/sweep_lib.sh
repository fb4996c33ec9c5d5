# sweep_lib.sh - shared pieces of the load-latency sweeps and the benchmarks (sourced by
# scripts/rtr_sweep.sh, scripts/nwn_sweep.sh and the others; not a program).
#
# A sweep is a jobs file, one simulation per line:
#     label cfg pattern load warmup measure cfgfile [more rtr_sim options]
# sweep_run runs them in parallel with the C model and leaves one CSV per run
# in $SW_DIR; the other functions turn the CSVs into one table, per-curve data
# files, a saturation table and gnuplot figures. Every function takes its
# inputs as arguments; the caller sets SIM (rtr_sim), SW_DIR (per-run files),
# LEN, DRAIN, SEED and JOBS, and optionally SWEEP_LAUNCHER. sweep_opts reads
# the options every sweep script takes.
#
# CSV columns used (rtr_sim --csv), found by header name (scripts/csv_lib.sh):
# label, cfg, load, offered, accepted, lat_mean, lat_p99. A missing one stops
# the report with exit 2 and a message naming it.
. "$(dirname "${BASH_SOURCE[0]}")/csv_lib.sh"
. "$(dirname "${BASH_SOURCE[0]}")/jobrun.sh"

# sweep_opts NAME "$@": the sweep scripts' command line: -l LAUNCHER sets
# SWEEP_LAUNCHER; anything else prints NAME's usage and exits 2.
sweep_opts() {
    local name=$1 o OPTIND=1
    shift
    while getopts "l:" o; do
        case $o in
            l) SWEEP_LAUNCHER=$OPTARG ;;
            *) echo "usage: $name [-l LAUNCHER]   (see the header for the environment)" >&2; exit 2 ;;
        esac
    done
}

# sweep_run JOBS_FILE: run every line, JOBS at a time, through the kit's job
# runner (scripts/jobrun.sh, the one regress.sh uses); 1 if a run failed (the
# others still run). SWEEP_LAUNCHER (e.g. "srun -N1 --", or "parallel -S host
# --" for GNU parallel over ssh) goes in front of every rtr_sim command, as
# regress.sh's -l. On a terminal, a status line on stderr shows points done /
# total and an ETA.
sweep_run() {
    local jobs=$1
    _sweep_point() {
        set -- $1
        local label=$1 cfg=$2 pat=$3 load=$4 wu=$5 me=$6 cf=$7
        shift 7
        local f="$SW_DIR/${label}_${load}.csv"
        jr_launch "$SIM" --cfg-file "$cf" --cfg "$cfg" --impl model --pattern "$pat" --load "$load" \
            --len "$LEN" --warmup "$wu" --measure "$me" --drain-max "$DRAIN" --seed "$SEED" \
            --label "$label" --csv "$f" "$@" > "${f%.csv}.log" 2>&1 ||
            { echo "sweep: FAILED $label $load (${f%.csv}.log)" >&2; return 1; }
        printf '  %-16s load %-5s %s\n' "$label" "$load" "$(grep -A1 '^offered' "${f%.csv}.log" | tail -1)"
    }
    export SIM SW_DIR LEN DRAIN SEED
    JR_LAUNCH=${SWEEP_LAUNCHER:-} jr_run "$jobs" "${JOBS:-2}" sweep _sweep_point
}

# sweep_jobs LABEL CFG PATTERN CFGFILE "LOADS" WARMUP MEASURE [options...]:
# print the jobs of one curve, with a zero-load point (offered 0.01) first.
sweep_jobs() {
    local label=$1 cfg=$2 pat=$3 cf=$4 loads=$5 wu=$6 me=$7
    shift 7
    echo "$label $cfg $pat 0.01 1000 20000 $cf $*"
    for l in $loads; do echo "$label $cfg $pat $l $wu $me $cf $*"; done
}

# sweep_collect CSV: every run's row in one CSV (header once), sorted by label
# and load. Every run's CSV must have the same header, with every column the
# report uses (else exit 2).
SWEEP_COLS="label cfg load offered accepted lat_mean lat_p99"
sweep_collect() {
    local csv=$1 first kl kd
    first=$(ls "$SW_DIR"/*.csv | head -1)
    [ -n "$first" ] || { echo "sweep: no CSV in $SW_DIR" >&2; return 2; }
    # shellcheck disable=SC2086
    csv_need "$first" $SWEEP_COLS || return 2
    if [ "$(head -qn 1 "$SW_DIR"/*.csv | sort -u | wc -l)" != 1 ]; then
        echo "sweep: the CSVs in $SW_DIR have different headers" >&2; return 2
    fi
    kl=$(csv_idx "$first" label) && kd=$(csv_idx "$first" load) || return 2
    head -1 "$first" > "$csv"
    for f in "$SW_DIR"/*.csv; do tail -n +2 "$f"; done | sort -t, -k"$kl,$kl" -k"$kd,${kd}g" >> "$csv"
}

# sweep_dat CSV LABEL DAT: the curve's points (load offered accepted lat_mean lat_p99).
sweep_dat() {
    csv_need "$1" label load offered accepted lat_mean lat_p99 || return 2
    csv_awk -v L="$2" 'NR > 1 && $col("label") == L && $col("load") >= 0.05 {
        print $col("load"), $col("offered"), $col("accepted"), $col("lat_mean"), $col("lat_p99") }' "$1" > "$3"
}

# sweep_sat CSV LABEL...: a markdown saturation table. T0 is the mean latency
# at offered 0.01 (zero load); the latency knee is the first sweep point whose
# mean latency exceeds 3 T0; the throughput limit is the first point whose
# accepted load is below 0.95 x offered; the saturation throughput is the
# accepted load at the highest offered load (the plateau, at 1.0).
sweep_sat() {
    local csv=$1 p
    shift
    csv_need "$csv" label cfg load offered accepted lat_mean || return 2
    echo "| curve | config | T0 (cycles) | latency knee: first load with mean > 3 T0 | throughput limit: first load with accepted < 0.95 offered | saturation throughput (accepted at the highest load) |"
    echo "|---|---|---|---|---|---|"
    for p in "$@"; do
        csv_awk -v L="$p" '
            NR > 1 && $col("label") == L { n++; load[n] = $col("load"); off[n] = $col("offered")
                                           acc[n] = $col("accepted"); lat[n] = $col("lat_mean"); cfg = $col("cfg") }
            END {
                if (CSV_BAD) exit 2
                if (!n) exit
                t0 = 0; for (i = 1; i <= n; i++) if (load[i] < 0.05) t0 = lat[i]
                knee = "none"; lim = "none"; plateau = "-"; top = 0
                for (i = 1; i <= n; i++) {
                    if (load[i] < 0.05) continue
                    if (load[i] >= top) { top = load[i]; plateau = sprintf("%.3f", acc[i]) }
                    if (knee == "none" && lat[i] > 3 * t0) knee = sprintf("%.2g (%.0f cycles)", load[i], lat[i])
                    if (lim == "none" && acc[i] < 0.95 * off[i]) lim = sprintf("%.2g (accepted %.3f)", load[i], acc[i])
                }
                printf "| %s | %s | %.1f | %s | %s | %s |\n", L, cfg, t0, knee, lim, plateau
            }' "$csv"
    done
}

# sweep_plot PNG TITLE YLABEL COLUMN YMAX DATDIR PREFIX LABEL...: one curve per
# label from DATDIR/PREFIX<label>.dat, column 3 (accepted) or 4 (mean latency)
# against offered load; YMAX is the y range ("" for automatic). Distinct point
# types and dash patterns, so overlapping curves stay visible.
sweep_plot() {
    local png=$1 title=$2 ylabel=$3 col=$4 ymax=$5 dir=$6 prefix=$7 p
    shift 7
    local plot="" i=0
    [ "$col" = 3 ] && plot="x with lines dt 2 lc rgb 'gray' title 'ideal'"
    for p in "$@"; do
        i=$((i + 1))
        local st="with linespoints lw 2 pt $((i + 3)) ps 1.3 dt $(( (i - 1) % 5 + 1 ))"
        plot="$plot${plot:+, }'$dir/$prefix$p.dat' using 1:$col $st title '$p'"
    done
    gnuplot <<EOF
set terminal pngcairo size 900,600 noenhanced
set grid
set key top left
set xlabel 'offered load (phits/cycle/port)'
set ylabel '$ylabel'
set title '$title'
set xrange [0:1.05]
${ymax:+set yrange [0:$ymax]}
set output '$png'
plot $plot
EOF
}

# sweep_md_between FILE MARKER TABLEFILE: replace the lines between
# <!-- MARKER:begin --> and <!-- MARKER:end --> in FILE with TABLEFILE.
sweep_md_between() {
    local f=$1 m=$2 tf=$3
    grep -q "<!-- $m:begin -->" "$f" 2>/dev/null || return 0
    awk -v tf="$tf" -v b="<!-- $m:begin -->" -v e="<!-- $m:end -->" '
        $0 == b { print; while ((getline l < tf) > 0) print l; skip = 1; next }
        $0 == e { skip = 0 }
        !skip { print }' "$f" > "$f.tmp" && mv "$f.tmp" "$f"
    echo "sweep: table $m written into $f"
}

# The conditions of a benchmark's runs, kept beside its CSV so that a report
# made later (BENCH_REPORT_ONLY, NETBENCH_REPORT_ONLY) states those of the
# runs, not of the moment of the report.
# bench_when_save LOAD0 FILE: the date, the machine and the load average
# before (LOAD0) and now (after the runs).
bench_when_save() {
    [ $# = 2 ] || { echo "bench_when_save: LOAD0 FILE" >&2; return 2; }
    {
        echo "date $(date -u +%Y-%m-%d)"
        echo "machine $(nproc) x $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
        echo "load0 $1"
        echo "load1 $(cut -d' ' -f1-3 /proc/loadavg)"
    } > "$2.tmp" 2>/dev/null && mv "$2.tmp" "$2"
}
# bench_when_load FILE: sets BW_DATE, BW_MACHINE, BW_LOAD0, BW_LOAD1 from a
# file bench_when_save wrote; a missing file or line leaves "unrecorded".
bench_when_load() {
    BW_DATE=unrecorded BW_MACHINE=unrecorded BW_LOAD0=unrecorded BW_LOAD1=unrecorded
    [ -r "$1" ] || return 0
    local k v
    while read -r k v; do
        case $k in
            date) BW_DATE=$v ;;
            machine) BW_MACHINE=$v ;;
            load0) BW_LOAD0=$v ;;
            load1) BW_LOAD1=$v ;;
        esac
    done < "$1"
}
