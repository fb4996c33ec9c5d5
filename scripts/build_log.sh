#!/bin/bash
# build_log.sh - the build before make test's first test, told short: make's
# output (stdin) goes whole to LOG; the terminal gets one progress line,
# redrawn in place (steps done, what is being made), and a log off a terminal
# one line per Verilated build; every line that reports an error or a
# warning is shown as it comes; at the end one line: how many compiles,
# Verilated builds and programs, how long, and where the full log is.
#
# usage: make ... 2>&1 | scripts/build_log.sh LOG
# Exit 0; 2 on bad usage or if LOG cannot be written. (The build's own exit
# status is make's: the caller keeps it with set -o pipefail.)
set -u
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
[ $# = 1 ] || { echo "usage: make ... 2>&1 | scripts/build_log.sh LOG (--help)" >&2; exit 2; }
LOG=$1
mkdir -p "$(dirname "$LOG")" && : > "$LOG" || { echo "build_log: cannot write $LOG" >&2; exit 2; }
tty=0
[ -t 1 ] && [ "${NR_PROGRESS:-}" != 0 ] && tty=1
t0=$(date +%s) steps=0 cc=0 vl=0 ln=0
status() { [ $tty = 0 ] || printf '\r\033[Kbuild: %d steps, %d:%02d, %s' "$steps" $((($(date +%s) - t0) / 60)) $((($(date +%s) - t0) % 60)) "${1:0:70}"; }
say() { [ $tty = 0 ] || printf '\r\033[K'; printf '%s\n' "$1"; }
while IFS= read -r line; do
    printf '%s\n' "$line" >> "$LOG"
    case $line in
    scripts/vbuild.sh\ *)
        read -r _ dir top _ <<< "$line"
        steps=$((steps + 1)) vl=$((vl + 1))
        if [ $tty = 1 ]; then status "verilating $dir"; else say "build: verilating $dir ($top)"; fi
        ;;
    gcc\ * | g++\ * | cc\ * | c++\ * | ar\ * | ln\ *)
        steps=$((steps + 1))
        out=$(grep -oE -- '-o [^ ]+' <<< "$line" | tail -1)
        if [[ $line == *' -c '* ]]; then cc=$((cc + 1)); elif [ -n "$out" ]; then ln=$((ln + 1)); fi
        status "${out#-o }"
        ;;
    *)
        # messages: errors and warnings at once, the rest only in the log
        if grep -qiE 'error|warning|\*\*\*' <<< "$line"; then say "$line"; fi
        ;;
    esac
done
s=$(($(date +%s) - t0))
say "build: $cc compiles, $vl Verilated builds, $ln programs and libraries in $((s / 60)) min $((s % 60)) s; the full log is $LOG"
