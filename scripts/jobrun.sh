# jobrun.sh - the kit's one job runner and its progress display (sourced by
# scripts/regress.sh, scripts/sweep_lib.sh and the other long flows; not a
# program).
#
# jr_run ITEMS JOBS WHAT FUNC
#   Runs `FUNC LINE` for every line of the file ITEMS, JOBS at a time (xargs -P),
#   and passes FUNC's stdout through. Returns 1 if any FUNC returned non-zero
#   (every item still runs). FUNC and everything it reads must be exported
#   (export -f FUNC; export VAR). With JR_TEE=FILE set, the output is also
#   copied to FILE (as `| tee FILE`).
# jr_launch CMD [ARGS...]
#   Runs CMD with the launcher prefix $JR_LAUNCH in front, parsed by bash as
#   regress.sh's -l: "srun -N1 --", "parallel -S host --", "qsub -sync y -b y
#   -cwd". Empty: CMD runs here.
# progress_on
#   True when progress should be shown: stderr is a terminal and NR_PROGRESS
#   is not 0. Off a terminal (CI logs, pipes, files) nothing is printed.
# progress_text DONE TOTAL T0 [FAILED]
#   "DONE/TOTAL done (P %)[, F failed], M:SS elapsed, ETA M:SS" (T0: start, date +%s).
#   The ETA is the mean time per finished item times the items left.
# progress_step WHAT DONE TOTAL T0 NOTE
#   For a loop that runs one long step at a time: one line on stderr (only
#   when progress_on), "WHAT: DONE/TOTAL done ..., NOTE".
#
# While jr_run runs on a terminal, a status line "WHAT: D/N done ..., ETA ..."
# stays at the bottom of the terminal (stderr), redrawn every second and
# cleared before each output line, so the output itself is unchanged.

progress_on() { [ "${NR_PROGRESS:-}" != 0 ] && [ -t 2 ]; }

_jr_hms() {
    local s=$1
    if [ "$s" -ge 3600 ]; then printf '%d:%02d:%02d' $((s / 3600)) $((s % 3600 / 60)) $((s % 60))
    else printf '%d:%02d' $((s / 60)) $((s % 60)); fi
}

progress_text() {
    local d=$1 n=$2 t0=$3 f=${4:-0} el eta
    el=$(( $(date +%s) - t0 ))
    if [ "$d" -gt 0 ]; then eta=$(_jr_hms $(( el * (n - d) / d ))); else eta='?'; fi
    printf '%d/%d done (%d %%)%s, %s elapsed, ETA %s' "$d" "$n" $(( n > 0 ? 100 * d / n : 100 )) \
        "$([ "$f" -gt 0 ] && echo ", $f failed")" "$(_jr_hms "$el")" "$eta"
}

progress_step() {
    progress_on || return 0
    printf '%s: %s, %s\n' "$1" "$(progress_text "$2" "$3" "$4")" "$5" >&2
}

jr_launch() {
    if [ -n "${JR_LAUNCH:-}" ]; then eval "$JR_LAUNCH"' "$@"'; else "$@"; fi
}

# one item: FUNC on line INDEX of $JR_ITEMS; its exit status goes to $JR_DONE
_jr_one() {
    local line rc
    line=$(sed -n "$1p" "$JR_ITEMS")
    # JR_TEE is this run's copy of its output: an item that runs a job runner
    # of its own (a self-test running regress.sh or a sweep) must not inherit
    # it, or the inner run truncates the outer run's copy and its counts.
    (unset JR_TEE; "$JR_FUNC" "$line"); rc=$?
    echo "$rc" >> "$JR_DONE"
    # xargs stops at a 255: report every failure as 1, so all items run
    [ "$rc" -eq 0 ] || return 1
}

# the status line: stdin to stdout (and $JR_TEE), status on stderr
_jr_status() {
    local n=$1 what=$2 t0=$3 line buf="" st rcs d f r
    draw() {
        mapfile -t rcs < "$JR_DONE"
        d=${#rcs[@]}; f=0
        for r in "${rcs[@]}"; do [ "$r" = 0 ] || f=$((f + 1)); done
        printf '\r\033[K%s: %s' "$what" "$(progress_text "$d" "$n" "$t0" "$f")" >&2
    }
    out() { printf '\r\033[K' >&2; printf '%s\n' "$1"; [ -z "${JR_TEE:-}" ] || printf '%s\n' "$1" >> "$JR_TEE"; }
    draw
    while :; do
        if IFS= read -r -t 1 line; then
            out "$buf$line"; buf=""
        else
            st=$?
            if [ "$st" -le 128 ]; then   # end of input (a last line without newline in $line)
                [ -z "$buf$line" ] || out "$buf$line"
                break
            fi
            buf=$buf$line                # timed out inside a line: keep the part
        fi
        draw
    done
    printf '\r\033[K' >&2
}

jr_run() {
    local items=$1 jobs=$2 what=$3 func=$4 n rc t0
    local -; set +e   # the callers' set -e must not stop at a failed item
    n=$(wc -l < "$items")
    [ "$n" -gt 0 ] || return 0
    export JR_ITEMS=$items JR_FUNC=$func JR_LAUNCH=${JR_LAUNCH:-}
    JR_DONE=$(mktemp) || return 2
    export JR_DONE
    export -f _jr_one jr_launch "$func"
    [ -z "${JR_TEE:-}" ] || : > "$JR_TEE"
    t0=$(date +%s)
    if progress_on; then
        seq 1 "$n" | xargs -P "$jobs" -I{} bash -c '_jr_one {}' | _jr_status "$n" "$what" "$t0"
        rc=${PIPESTATUS[1]}
    elif [ -n "${JR_TEE:-}" ]; then
        seq 1 "$n" | xargs -P "$jobs" -I{} bash -c '_jr_one {}' | tee "$JR_TEE"
        rc=${PIPESTATUS[1]}
    else
        seq 1 "$n" | xargs -P "$jobs" -I{} bash -c '_jr_one {}'
        rc=${PIPESTATUS[1]}
    fi
    rm -f "$JR_DONE"
    [ "$rc" -eq 0 ]
}
