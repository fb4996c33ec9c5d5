#!/bin/bash
# area_all.sh CONFIG... - make area: scripts/area.sh on the named
# configurations, then this run's table and record, all under $AREA_OUT
# (default build/area); nothing outside it. The record of a run of the whole
# set (the configurations of configs/configs.txt whose builds column has
# area) goes in $AREA_OUT, that of any other run in $AREA_OUT/subset, so
# that checking one configuration keeps the last whole run publishable.
#   area.csv   one line per configuration that finished (the fields of its
#              row.txt, in the order of the header)
#   area.md    the same as markdown tables (scripts/area_report.py table); also on
#              stdout
#   run.txt    the record: the configurations asked for, which failed,
#              whether the run is complete, the commit and whether the tree
#              had changes, the flow's key (scripts/area_key.sh), all taken
#              at the start (a run whose key changed before its end is not
#              complete), machine,
#              load averages, times and command. scripts/area_docs.sh (make
#              area-docs) publishes only a complete run of the whole set
#              whose key is the tree's.
# Exit status: 0 when every configuration finished, 1 if any failed (the
# others still run and are tabled), 2 for a bad name or setting (nothing
# runs). AREA_CMD names the command in the record (make area sets it).
set -u
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: area_all.sh CONFIG..." >&2; exit 2; }
for c in "$@"; do scripts/cfg.sh "$c" top > /dev/null || exit 2; done
OUTD=${AREA_OUT:-build/area}
export AREA_OUT=$OUTD
REC=$OUTD/subset
if [ "$(realpath "${NR_CONFIGS:-configs/configs.txt}")" = "$(realpath configs/configs.txt)" ] \
   && [ "$(printf '%s\n' "$@" | sort)" = "$(scripts/cfg.sh --with area | tr ' ' '\n' | sort)" ]; then
    REC=$OUTD
fi
mkdir -p "$REC" || exit 2
rm -f "$REC/run.txt" "$REC/area.csv" "$REC/area.md" "$OUTD/work.txt"
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown; }
t0=$(date +%s) l0=$(load) d0=$(date -u '+%Y-%m-%d %H:%M UTC')
# the tree the run is made from: its commit, changes and key, taken now
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
dirty=$(git status --porcelain -- rtl scripts constraints configs 2>/dev/null | wc -l)
key=$(scripts/area_key.sh "$@")
# the run's CPU time: every process of it (scripts/runstat.py)
scripts/runstat.py "$OUTD/cpu.txt" -- scripts/area.sh "$@"
rc=$?
[ $rc = 2 ] && exit 2
t1=$(date +%s)
python3 scripts/area.py csv "$OUTD" "$@" > "$REC/area.csv" || exit 1
failed=$(for c in "$@"; do [ -s "$OUTD/$c/row.txt" ] || printf ' %s' "$c"; done)
complete=yes
{ [ $rc = 0 ] && [ -z "$failed" ]; } || complete=no
# a tree whose key changed during the run (RTL, flow, configurations): its
# steps were made from both, so the run is not complete
key1=$(scripts/area_key.sh "$@")
if [ "$key1" != "$key" ]; then
    echo "area_all: the tree changed during the run (key $key at the start, $key1 at the end): not complete" >&2
    complete=no
fi
{
    echo "configs=$*"
    echo "whole_set=$([ "$REC" = "$OUTD" ] && echo yes || echo no)"
    echo "complete=$complete"
    echo "failed=${failed# }"
    echo "commit=$commit"
    echo "dirty=$dirty"
    echo "key=$key"
    echo "machine=$(uname -m), $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null), $(awk '/^MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo 2>/dev/null)"
    echo "started=$d0"
    echo "elapsed_s=$((t1 - t0))"
    echo "cpu_s=$(sed -n 's/^cpu_s=\([0-9]*\).*/\1/p' "$OUTD/cpu.txt" 2>/dev/null)"
    echo "load_start=$l0"
    echo "load_end=$(load)"
    echo "command=${AREA_CMD:-scripts/area_all.sh $*}"
    echo "jobs=${AREA_JOBS:-2}"
    # scripts/area.sh's work.txt: the steps of the run and those it made
    echo "work=$(sed -n 's/^steps=\([0-9]*\) made=\([0-9]*\)$/\2 of \1 steps made, the others from the cache/p' "$OUTD/work.txt" 2>/dev/null)"
} > "$REC/run.txt"
python3 scripts/area_report.py table "$REC/area.csv" | tee "$REC/area.md"
[ "$complete" = yes ] || { echo "area_all: not complete; failed:${failed:- none} (tabled: the others)" >&2; exit 1; }
exit 0
