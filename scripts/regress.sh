#!/bin/bash
# regress.sh - run regression lists and print "N passed, N failed".
#
# usage: regress.sh [-j N] [-l LAUNCHER] [-k] LIST...
#   LIST lines are "name: command" (blank lines and # comments ignored).
#   -j N        run N tests at once on this machine (default 1)
#   -l CMD      prefix every command with CMD, e.g. "srun -N1 --" or
#               "qsub -sync y -b y" to send tests to a cluster scheduler
#   -f PATTERN  run only tests whose name matches the extended regex PATTERN
# Each test's output goes to build/regress/<name>.log; failures print its tail.
set -u
JOBS=1; LAUNCH=""; FILTER=""
usage() { echo "usage: regress.sh [-j N] [-l LAUNCHER] [-f REGEX] LIST..." >&2; exit 2; }
while getopts "j:l:f:" o; do
    case $o in
        j) [[ $OPTARG =~ ^[1-9][0-9]*$ ]] || { echo "regress: -j wants a positive integer, got '$OPTARG'" >&2; exit 2; }; JOBS=$OPTARG ;;
        l) LAUNCH=$OPTARG ;;
        f) FILTER=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage
LOGDIR=build/regress; mkdir -p "$LOGDIR"
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
n=0
for f in "$@"; do
    [ -r "$f" ] || { echo "regress: cannot read list '$f'" >&2; exit 2; }
    lineno=0
    while IFS= read -r line || [ -n "$line" ]; do
        lineno=$((lineno + 1))
        [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
        if ! [[ $line =~ ^([A-Za-z0-9_.+-]+):[[:space:]]*(.+)$ ]]; then
            echo "regress: $f:$lineno: expected 'name: command', got '$line'" >&2; exit 2
        fi
        name=${BASH_REMATCH[1]}; cmd=${BASH_REMATCH[2]}
        if [ -n "$FILTER" ] && ! [[ $name =~ $FILTER ]]; then continue; fi
        printf '%s\t%s\n' "$name" "$cmd" >> "$TMP/all"
        n=$((n + 1))
    done < "$f"
done
[ $n -gt 0 ] || { echo "regress: no tests selected" >&2; echo "0 passed, 0 failed"; exit 1; }
run_one() {
    local idx=$1 name cmd t0 t1 rc
    IFS=$'\t' read -r name cmd < <(sed -n "${idx}p" "$TMP/all")
    t0=$(date +%s.%N)
    ( eval "$LAUNCH $cmd" ) > "$LOGDIR/$name.log" 2>&1; rc=$?
    t1=$(date +%s.%N)
    if [ $rc -eq 0 ]; then
        printf 'PASS %-40s %6.1fs\n' "$name" "$(awk "BEGIN{print $t1 - $t0}")"
    else
        printf 'FAIL %-40s %6.1fs (exit %d, log %s)\n' "$name" "$(awk "BEGIN{print $t1 - $t0}")" $rc "$LOGDIR/$name.log"
        tail -n 15 "$LOGDIR/$name.log" | sed 's/^/    | /'
    fi
}
export -f run_one; export LOGDIR LAUNCH TMP
seq 1 "$n" | xargs -P "$JOBS" -I{} bash -c 'run_one {}' | tee "$TMP/out"
pass=$(grep -c '^PASS' "$TMP/out"); fail=$(grep -c '^FAIL' "$TMP/out")
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -eq "$n" ]
