# sweep_lib.sh - shared pieces of the load-latency sweeps, the benchmarks
# and the other result flows (sourced by scripts/rtr_sweep.sh,
# scripts/nwn_sweep.sh and the others; not a program).
#
# A sweep is a jobs file, one simulation per line:
#     label cfg pattern load warmup measure cfgfile [more rtr_sim options]
# sweep_run runs them in parallel with the C model and leaves one CSV per run
# in $SW_DIR; sweep_collect makes one CSV of them. What is computed from
# them is computed by programs, not here: the tables by build/bin/sweep_report
# (tb/tools/sweep_report.c), the plots by scripts/plot.py. The caller sets SIM
# (rtr_sim), SW_DIR (per-run files), LEN, DRAIN, SEED and JOBS, and
# optionally SWEEP_LAUNCHER. sweep_opts reads the options every sweep script
# takes.
#
# Results and docs/ (issue 42, class 1): a run writes only under build/. A
# flow that has something for docs/ declares it (pub_table, pub_file) and
# ends with pub_finish: when every point passed and every setting was the
# default (setting, pub_configs), it writes build/results/publish-FLOW.txt,
# the manifest that `make publish-FLOW` (scripts/publish.sh) copies into
# docs/; otherwise it says why there is none. A failed or partial run exits
# non-zero.
. "$(dirname "${BASH_SOURCE[0]}")/csv_lib.sh"
. "$(dirname "${BASH_SOURCE[0]}")/jobrun.sh"

# script_help FILE: the header comment of a script (its documentation),
# from the line after the #! to the first line that is not a comment.
script_help() { sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$1"; }
# pub_start FLOW "$@": a run script that takes no arguments starts: --help
# or -h prints its header and exits 0, an argument exits 2; B is the build
# folder (BUILD, default build); then pub_begin FLOW.
pub_start() {
    local flow=$1
    shift
    case ${1:-} in -h | --help) script_help "$0"; exit 0 ;; '') ;; *) echo "$(basename "$0"): no arguments expected, got '$*' (--help)" >&2; exit 2 ;; esac
    B=${BUILD:-build}
    pub_begin "$flow"
}

# sweep_opts NAME "$@": the sweep scripts' command line: --help or -h prints
# the script's header and exits 0; -l LAUNCHER sets SWEEP_LAUNCHER; anything
# else prints NAME's usage and exits 2.
sweep_opts() {
    local name=$1 o OPTIND=1
    shift
    case ${1:-} in -h | --help) script_help "$0"; exit 0 ;; esac
    while getopts "l:" o; do
        case $o in
            l) SWEEP_LAUNCHER=$OPTARG ;;
            *) echo "usage: $name [-l LAUNCHER] [--help]   (the environment: $name --help)" >&2; exit 2 ;;
        esac
    done
    shift $((OPTIND - 1))
    [ $# -eq 0 ] || { echo "$name: no arguments expected, got '$*' (the environment: $name --help)" >&2; exit 2; }
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

# sweep_probe NAME JOBS_FILE: each distinct configuration, pattern and
# option set of the jobs runs for one cycle first (no drain), so that a bad
# configuration name, pattern, length or option stops the sweep before it
# starts, once, with rtr_sim's own message (exit 2).
sweep_probe() {
    local name=$1 label cfg pat load wu me cf rest out
    local -A seen=()
    while read -r label cfg pat load wu me cf rest; do
        [ -z "${seen["$cfg $pat $cf $rest"]:-}" ] || continue
        seen["$cfg $pat $cf $rest"]=1
        # shellcheck disable=SC2086
        if ! out=$("$SIM" --cfg-file "$cf" --cfg "$cfg" --impl model --pattern "$pat" --load "$load" \
            --len "$LEN" --warmup 0 --measure 1 --drain-max 0 --seed "$SEED" $rest 2>&1 > /dev/null); then
            echo "$name: the sweep cannot run (curve $label, configuration $cfg, pattern $pat): $out" >&2
            exit 2
        fi
    done < "$2"
}

# net_probe NAME NET_SIM ARGS...: net_sim with a point's arguments (no
# window options: they are added here) for at most 3 s. net_sim checks its
# options, configurations and topology before it builds the network, so a
# refusal comes at once: its message and exit 2; a run still building after
# 3 s has been accepted.
net_probe() {
    local name=$1 out rc
    shift
    out=$(timeout 3 "$@" --warmup 0 --measure 1 --drain-max 0 --quiet 2>&1 > /dev/null) && rc=0 || rc=$?
    [ $rc = 0 ] || [ $rc = 124 ] ||
        { echo "$name: net_sim refuses the settings: $(grep -v '^net_sim: seed ' <<< "$out")" >&2; exit 2; }
}

# sweep_settings NAME PFX PROG LOADS WARMUP MEASURE DRAIN LEN: the settings
# every sweep takes, each from PFX_LOADS, _WARMUP, _MEASURE, _DRAIN, _LEN
# and _SEED [1] with these defaults; B from BUILD [build], the
# configurations (pub_configs, CF), SIM $B/bin/PROG, JOBS [2]. Each is
# checked, and SIM: a message and exit 2.
sweep_settings() {
    local name=$1 pfx=$2
    B=${BUILD:-build}
    SIM=$B/bin/$3
    pub_configs
    CF=$NR_CONFIGS
    setting LOADS "${pfx}_LOADS" "$4"
    setting WARMUP "${pfx}_WARMUP" "$5"
    setting MEASURE "${pfx}_MEASURE" "$6"
    setting DRAIN "${pfx}_DRAIN" "$7"
    setting LEN "${pfx}_LEN" "$8"
    setting SEED "${pfx}_SEED" 1
    JOBS=${JOBS:-2}
    # shellcheck disable=SC2086
    need_load "$name" "${pfx}_LOADS" $LOADS
    need_int "$name" "${pfx}_WARMUP, ${pfx}_MEASURE, ${pfx}_DRAIN, ${pfx}_SEED" "$WARMUP" "$MEASURE" "$DRAIN" "$SEED"
    [[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "$name: JOBS: '$JOBS' is not a count >= 1" >&2; exit 2; }
    [ -x "$SIM" ] || { echo "$name: $SIM is not built (make $SIM)" >&2; exit 2; }
}

# ---- the net_sim sweeps (net_fig13.sh, net_fbfly.sh, net_dfly.sh) ----
# net_settings NAME PFX LOADS WARMUP MEASURE DRAIN LATMAX [LEN]: sweep_settings
# for net_sim (LEN fixed:4 unless given), and PFX_LATMAX [the latency plots' y range];
# RES from PFX_RESULTS [$B/results]; the run's manifest under RES is started
# (pub_begin sweep-NAME-without-_ RES). Sets NET_SWEEP (NAME without .sh),
# the points' directory SW_DIR=$RES/$NET_SWEEP and their list JOBS_FILE
# (SW_DIR/points.txt).
net_settings() {
    local name=$1 pfx=$2
    NET_SWEEP=${name%.sh}
    sweep_settings "$name" "$pfx" net_sim "$3" "$4" "$5" "$6" "${8:-fixed:4}"
    setting LATMAX "${pfx}_LATMAX" "$7"
    need_int "$name" "${pfx}_LATMAX" "$LATMAX"
    local res=${pfx}_RESULTS
    RES=${!res:-$B/results}
    pub_begin "sweep-${NET_SWEEP//_/-}" "$RES"
    SW_DIR=$RES/$NET_SWEEP
    JOBS_FILE=$SW_DIR/points.txt
    mkdir -p "$SW_DIR" || exit 2
    export SIM WARMUP MEASURE DRAIN LEN SEED NR_CONFIGS NET_SWEEP SW_DIR
}

# net_point "LABEL TOPO CFG PATTERN X [OPTION...]": one point of a net_sim
# sweep, a line of JOBS_FILE (jr_run calls it with the line): nice -n 10
# net_sim --topo TOPO --cfg CFG --pattern PATTERN, the sweep's LEN, DRAIN and
# SEED, link latency 10, the OPTIONs, and X: a load (0.02, the zero-load
# point, has few packets: a window of twice MEASURE for a steady mean) or
# batch:B (--batch B at load 0.5); the CSV $SW_DIR/LABEL_X.csv, the log
# beside it. Then a line with net_sim's result, or a message and 1 when the
# run failed or wrote no CSV: a run that stops at the drain limit above
# saturation exits non-zero only for a real failure (scoreboard, credits,
# deadlock).
net_point() {
    set -- $1
    local label=$1 topo=$2 cfg=$3 pat=$4 x=$5 f="$SW_DIR/${1}_$5.csv" rc win=()
    shift 5
    case $x in
        batch:*) win=(--batch "${x#batch:}" --load 0.5) ;;
        0.02) win=(--load "$x" --warmup "$WARMUP" --measure $((2 * MEASURE))) ;;
        *) win=(--load "$x" --warmup "$WARMUP" --measure "$MEASURE") ;;
    esac
    rm -f "$f"
    jr_launch nice -n 10 "$SIM" --topo "$topo" --cfg "$cfg" --pattern "$pat" --len "$LEN" \
        --drain-max "$DRAIN" --seed "$SEED" --link-lat 10 "$@" "${win[@]}" \
        --label "$label" --csv "$f" --quiet > "${f%.csv}.log" 2>&1
    rc=$?
    if [ $rc -ne 0 ] || [ ! -s "$f" ]; then
        echo "$NET_SWEEP: FAILED $label $x ($rc, ${f%.csv}.log)" >&2
        return 1
    fi
    printf '  %-22s %-9s %s\n' "$label" "$x" "$(grep -E '^net: (offered|batch)' "${f%.csv}.log" | sed 's/^net: //')"
}
export -f net_point

# net_curve LABEL TOPO CFG PATTERN [OPTION...]: the net_point lines of one
# curve: the zero-load point (0.02) and one point per load of LOADS.
net_curve() {
    local l
    for l in 0.02 $LOADS; do echo "$1 $2 $3 $4 $l${5:+ ${*:5}}"; done
}

# net_run WHAT: the points of JOBS_FILE (net_point lines), JOBS at a time
# through jr_run with SWEEP_LAUNCHER in front; a line first with WHAT and the
# point count. Before any runs, each distinct network, configuration,
# pattern and option set of the points goes to net_probe (a refused one:
# net_sim's message and exit 2), and the rows of an older sweep are removed.
# 1 if a point failed (the others still run).
net_run() {
    local label topo cfg pat x opts
    local -A seen=()
    while read -r label topo cfg pat x opts; do
        [ -z "${seen["$topo $cfg $pat $opts"]:-}" ] || continue
        seen["$topo $cfg $pat $opts"]=1
        # shellcheck disable=SC2086
        net_probe "$NET_SWEEP.sh" "$SIM" --topo "$topo" --cfg "$cfg" --pattern "$pat" --len "$LEN" --load 0.5 $opts
    done < "$JOBS_FILE"
    rm -f "$SW_DIR"/*.csv "$SW_DIR"/*.log "$SW_DIR"/*.dat
    echo "$NET_SWEEP: $1, $(wc -l < "$JOBS_FILE") points, len $LEN, link latency 10, seed $SEED, $JOBS jobs"
    JR_LAUNCH=${SWEEP_LAUNCHER:-} jr_run "$JOBS_FILE" "$JOBS" "$NET_SWEEP" net_point
}

# net_collect REPORT_ONLY: REPORT_ONLY empty (the points have just run, rc
# their status): rc saved in $SW_DIR/runs.status; else the last run's status
# loaded (rc 1 when it failed or is missing). Then every point's row in
# CSV=$RES/$NET_SWEEP.csv (sweep_collect; exit 1 when it cannot).
net_collect() {
    if [ -z "$1" ]; then
        pub_runs_save "$SW_DIR/runs.status" "$rc"
    else
        pub_runs_load "$SW_DIR/runs.status" || rc=1
    fi
    CSV=$RES/$NET_SWEEP.csv
    sweep_collect "$CSV" || exit 1
}

# net_plots BASE TITLE ACC-TITLE CSV CURVE...: the curves' mean latency (y up
# to LATMAX) in $RES/BASE.png, titled TITLE, and their accepted load in
# $RES/BASE_acc.png, titled ACC-TITLE (sweep_plot), each to be published as
# docs/img/BASE.png and BASE_acc.png; 1 if a plot failed.
net_plots() {
    local base=$1 title=$2 acc=$3 csv=$4 rc=0
    shift 4
    sweep_plot "$RES/$base.png" "$title" "offered load (phits/cycle/node)" "mean latency (cycles)" \
        lat_mean "$LATMAX" "$csv" "$@" || rc=1
    sweep_plot "$RES/${base}_acc.png" "$acc" "offered load (phits/cycle/node)" \
        "accepted load (phits/cycle/node)" accepted 1.05 "$csv" "$@" || rc=1
    pub_file "docs/img/$base.png" "$RES/$base.png"
    pub_file "docs/img/${base}_acc.png" "$RES/${base}_acc.png"
    return $rc
}

# need_load NAME VAR VALUE... / need_int NAME VAR VALUE...: each VALUE is a
# load in (0, 1] written as a decimal / a whole number (a cycle count, a
# seed), else a message naming the variable and exit 2.
need_load() {
    local name=$1 var=$2 v
    shift 2
    [ $# -gt 0 ] || { echo "$name: $var is empty" >&2; exit 2; }
    for v in "$@"; do
        [[ $v =~ ^0?\.[0-9]*[1-9][0-9]*$ || $v =~ ^1(\.0*)?$ ]] ||
            { echo "$name: $var: '$v' is not a load in (0, 1]" >&2; exit 2; }
    done
}
need_int() {
    local name=$1 var=$2 v
    shift 2
    [ $# -gt 0 ] || { echo "$name: $var is empty" >&2; exit 2; }
    for v in "$@"; do
        [[ $v =~ ^[0-9]+$ ]] || { echo "$name: $var: '$v' is not a whole number" >&2; exit 2; }
    done
}
# need_cfg NAME VAR CFG...: every CFG is a configuration of $NR_CONFIGS
# (scripts/cfg.sh), else its message and exit 2.
need_cfg() {
    local name=$1 var=$2 c out
    shift 2
    for c in "$@"; do
        out=$("$(dirname "${BASH_SOURCE[0]}")/cfg.sh" "$c" top 2>&1) ||
            { echo "$name: $var: $out" >&2; exit 2; }
    done
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

# sweep_plot PNG TITLE XLABEL YLABEL YCOL YMAX CSV CURVE...: one curve per
# CURVE (a label of the CSV, or LABEL=NAME to show it as NAME; the name sets
# its style), column YCOL (accepted or lat_mean) against the offered load of
# the sweep points (load >= 0.05: the zero-load point left out); YMAX the y
# range ("" for automatic). The accepted load gets the ideal line y = x.
sweep_plot() {
    local png=$1 title=$2 xl=$3 yl=$4 ycol=$5 ymax=$6 csv=$7 c
    shift 7
    local args=(--title "$title" --xlabel "$xl" --ylabel "$yl" --xrange 0:1.05 --csv "$csv" --filter 'load>=0.05')
    [ -z "$ymax" ] || args+=(--yrange "0:$ymax")
    [ "$ycol" != accepted ] || args+=(--ideal)
    for c in "$@"; do args+=(--where "label=${c%%=*}" --curve "${c#*=}" load "$ycol"); done
    "$(dirname "${BASH_SOURCE[0]}")/plot.py" "$png" "${args[@]}"
}

# common_suffix NAME...: the longest common ending of the names (e.g. the
# -k64-4vc of a figure's configurations): the plots' titles say what ran.
common_suffix() {
    local s=$1 c
    for c in "$@"; do while [ -n "$s" ] && [[ $c != *"$s" ]]; do s=${s#?}; done; done
    echo "$s"
}

# sweep_report: the tables' program (tb/tools/sweep_report.c), from $B/bin
sweep_report() {
    local r=${B:-build}/bin/sweep_report
    [ -x "$r" ] || { echo "sweep: $r is not built (make $r)" >&2; return 2; }
    "$r" "$@"
}

# ---- settings, and what a run may publish ----
PUB_WHY=""
PUB_ITEMS=()
# setting VAR ENVNAME DEFAULT: VAR = $ENVNAME if set, else DEFAULT; a value
# other than the default makes the run one that is not published.
setting() {
    local v=$1 n=$2 d=$3
    if [ -n "${!n:-}" ]; then
        printf -v "$v" '%s' "${!n}"
        [ "${!n}" = "$d" ] || PUB_WHY="$PUB_WHY $n"
    else
        printf -v "$v" '%s' "$d"
    fi
}
# pub_configs: the configurations file in effect (NR_CONFIGS, rtr_sim and
# scripts/cfg.sh read it); another than configs/configs.txt is not published.
pub_configs() {
    NR_CONFIGS=${NR_CONFIGS:-configs/configs.txt}
    [ -r "$NR_CONFIGS" ] || { echo "$(basename "$0"): cannot read the configurations file NR_CONFIGS=$NR_CONFIGS" >&2; exit 2; }
    [ "$(realpath "$NR_CONFIGS")" = "$(realpath configs/configs.txt)" ] || PUB_WHY="$PUB_WHY NR_CONFIGS"
    export NR_CONFIGS
}
# pub_begin FLOW [DIR]: a run of FLOW starts: its old manifest,
# DIR/publish-FLOW.txt (DIR default $B/results, where make publish-FLOW
# reads it), goes: the results it named are being replaced. Run from the
# repository's root.
pub_begin() {
    PUB_FLOW=$1
    PUB_MANIFEST=${2:-${B:-build}/results}/publish-$1.txt
    mkdir -p "$(dirname "$PUB_MANIFEST")" && rm -f "$PUB_MANIFEST"
}
# pub_table MARKER DOC FILE: FILE goes between <!-- MARKER:begin --> and
# <!-- MARKER:end --> of DOC (under docs/) when the run is published.
pub_table() { PUB_ITEMS+=("table $1 $2 $3"); }
# pub_file DEST FILE: FILE is copied to DEST (under docs/) when published.
pub_file() { PUB_ITEMS+=("file $1 $2"); }
# pub_runs_save FILE RC / pub_runs_load FILE: the runs' outcome (their exit
# status and settings), kept beside them for a report-only call, which
# publishes only what complete default runs gave.
pub_runs_save() { printf 'rc %s\nwhy %s\n' "$2" "$PUB_WHY" > "$1"; }
pub_runs_load() {
    local k v rc=""
    [ -r "$1" ] || { PUB_WHY="$PUB_WHY (no record of the runs: $1)"; return 1; }
    while read -r k v; do
        case $k in rc) rc=$v ;; why) [ -z "$v" ] || PUB_WHY="$PUB_WHY $v" ;; esac
    done < "$1"
    [ "$rc" = 0 ]
}
# pub_finish RC [COMMAND]: the end of a run; RC 0 if every part of it
# passed. Writes the manifest when RC is 0 and every setting was the default
# (with COMMAND, a stamp that publish.sh writes above each table: COMMAND,
# the commit and the machine; without, the tables carry their own), else
# says why not. Returns 1 when RC is not 0.
pub_finish() {
    local rc=$1 cmd=${2:-} it commit
    if [ "$rc" != 0 ]; then
        echo "$PUB_FLOW: some runs failed: nothing to publish (make publish-$PUB_FLOW refuses)" >&2
        return 1
    fi
    if [ -n "$PUB_WHY" ]; then
        echo "$PUB_FLOW: not the published settings ($PUB_WHY set): the results stay in ${B:-build}/results"
        return 0
    fi
    commit=$(git rev-parse --short HEAD 2> /dev/null || echo unknown)
    git diff --quiet HEAD -- csrc tb rtl configs scripts 2> /dev/null || commit="$commit with local changes"
    {
        echo "# written by a complete run of $PUB_FLOW: make publish-$PUB_FLOW copies these into docs/"
        echo "complete $PUB_FLOW"
        [ -z "$cmd" ] || echo "stamp $cmd at $commit on $(nproc) x $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
        for it in "${PUB_ITEMS[@]}"; do echo "$it"; done
    } > "$PUB_MANIFEST.tmp" && mv "$PUB_MANIFEST.tmp" "$PUB_MANIFEST" ||
        { echo "$PUB_FLOW: cannot write $PUB_MANIFEST" >&2; return 1; }
    echo "$PUB_FLOW: complete; make publish-$PUB_FLOW puts it into docs/ ($PUB_MANIFEST)"
}

# The conditions of a benchmark's runs, kept beside its CSV so that a report
# made later (BENCH_REPORT_ONLY, NETBENCH_REPORT_ONLY) states those of the
# runs, not of the moment of the report.
# bench_machine: "N x CPU-MODEL"; bench_load: the load average (1, 5, 15 min)
bench_machine() { echo "$(nproc) x $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"; }
bench_load() { cut -d' ' -f1-3 /proc/loadavg; }
# bench_when_save LOAD0 FILE: the date, the machine and the load average
# before (LOAD0) and now (after the runs).
bench_when_save() {
    [ $# = 2 ] || { echo "bench_when_save: LOAD0 FILE" >&2; return 2; }
    {
        echo "date $(date -u +%Y-%m-%d)"
        echo "machine $(bench_machine)"
        echo "load0 $1"
        echo "load1 $(bench_load)"
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
