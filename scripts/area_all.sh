#!/bin/bash
# area_all.sh CONFIG... - make area: scripts/area.sh on the named
# configurations, then this run's table and record, all under $AREA_OUT
# (default build/area); nothing outside it. The record of a run of the whole
# set (the configurations of configs/configs.txt whose builds column has
# area) goes in $AREA_OUT, that of any other run in $AREA_OUT/subset, so
# that checking one configuration keeps the last whole run publishable.
#   area.csv   one line per configuration that finished (the fields of its
#              row.txt, in the order of the header)
#   area.md    the same as markdown tables (scripts/area_table.awk); also on
#              stdout
#   run.txt    the record: the configurations asked for, which failed,
#              whether the run is complete, the commit and whether the tree
#              had changes, the flow's key (scripts/area_key.sh), machine,
#              load averages, times and command. scripts/area_docs.sh (make
#              area-docs) publishes only a complete run of the whole set
#              whose key is the tree's.
# Exit status: 0 when every configuration finished, 1 if any failed (the
# others still run and are tabled), 2 for a bad name or setting (nothing
# runs). AREA_CMD names the command in the record (make area sets it).
set -u
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
rm -f "$REC/run.txt" "$REC/area.csv" "$REC/area.md"
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown; }
t0=$(date +%s) l0=$(load) d0=$(date -u '+%Y-%m-%d %H:%M UTC')
scripts/area.sh "$@"
rc=$?
[ $rc = 2 ] && exit 2
t1=$(date +%s)
COLS="config top params stdcell_um2 cells flops transistors sram_bits sram_macros sram_um2 total_um2 lcb_um2 inbuf_um2 swbuf_um2 xbar_um2 channels_um2 routing_um2 control_um2 lcb_bits inbuf_bits swbuf_bits path_ns fmax_mhz path_from path_to path_unit"
{
    echo "$COLS" | tr ' ' ','
    for c in "$@"; do
        f=$OUTD/$c/row.txt
        [ -s "$f" ] || continue
        awk -F= -v cols="$COLS" '{ v[$1] = substr($0, length($1) + 2) }
            END { n = split(cols, k, " "); for (i = 1; i <= n; i++) printf "%s%s", v[k[i]], (i < n ? "," : "\n") }' "$f"
    done
} > "$REC/area.csv"
failed=$(for c in "$@"; do [ -s "$OUTD/$c/row.txt" ] || printf ' %s' "$c"; done)
complete=yes
{ [ $rc = 0 ] && [ -z "$failed" ]; } || complete=no
commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)
dirty=$(git status --porcelain -- rtl scripts constraints configs 2>/dev/null | wc -l)
{
    echo "configs=$*"
    echo "whole_set=$([ "$REC" = "$OUTD" ] && echo yes || echo no)"
    echo "complete=$complete"
    echo "failed=${failed# }"
    echo "commit=$commit"
    echo "dirty=$dirty"
    echo "key=$(scripts/area_key.sh "$@")"
    echo "machine=$(uname -m), $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null), $(awk '/^MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo 2>/dev/null)"
    echo "started=$d0"
    echo "elapsed_s=$((t1 - t0))"
    echo "load_start=$l0"
    echo "load_end=$(load)"
    echo "command=${AREA_CMD:-scripts/area_all.sh $*}"
    echo "jobs=${AREA_JOBS:-2}"
} > "$REC/run.txt"
awk -f scripts/area_table.awk "$REC/area.csv" | tee "$REC/area.md"
[ "$complete" = yes ] || { echo "area_all: failed:$failed (tabled: the others)" >&2; exit 1; }
exit 0
