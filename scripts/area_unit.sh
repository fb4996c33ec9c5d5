#!/bin/bash
# area_unit.sh - one step of make area on one synthesis unit (scripts/area.sh
# runs these from the makefile it writes; constraints/README.md).
#   area_unit.sh synth IL NAME DIR
#       Yosys: synthesize unit NAME from IL (its own modules, black-box stubs
#       below it) against the liberty; DIR gets net.v (mapped netlist),
#       stat.txt (cells and area), cmos.txt (gate-level cells before mapping,
#       for the transistor estimate) and yosys.log.
#   area_unit.sh sta NAME MODULE NETDIR DIR KIDDIR...
#       OpenSTA (scripts/area_sta.tcl) on NETDIR/net.v with the timing models
#       of the units and RAM leaves below (KIDDIR/etm.lib, KIDDIR/meta.txt):
#       DIR gets etm.lib, meta.txt, path.txt and sta.log. AREA_ROOT=1 for the
#       top.
#   area_unit.sh alias REPDIR NAME DIR
#       a variant synthesized by its representative: REPDIR's timing model
#       under the variant's name.
#   area_unit.sh ram NAME WIDTH DEPTH DIR
#       the timing model of a RAM leaf (an SRAM macro, no liberty:
#       scripts/area_ram.py; an assumption, constraints/README.md).
# Each step writes into a temporary directory and renames it to DIR at the
# end, so a DIR that exists is complete (the cache of scripts/area.sh);
# another run that made the same DIR first wins. CLOCK_NS is the period.
set -euo pipefail
cd "$(dirname "$0")/.."
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
LIB=${AREA_LIB:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
CLOCK_NS=${CLOCK_NS:-5.0}
die() { echo "area_unit: $*" >&2; exit 1; }
# begin DIR: the step's temporary directory, tmp (empty)
begin() {
    tmp=$1.tmp.$$
    rm -rf "$tmp"
    mkdir -p "$tmp"
}
# failed TOOL-MESSAGE LOG: the tool failed: the end of its log, and exit 1
failed() {
    tail -5 "$2" >&2
    die "$1 ($2)"
}
# finish DIR TMP: TMP becomes DIR (or is dropped if DIR appeared meanwhile)
finish() {
    if ! mv -T "$2" "$1" 2>/dev/null; then
        [ -d "$1" ] || die "cannot move $2 to $1"
        rm -rf "$2"
    fi
}
step=${1:-}
s0=$(date +%s)
case $step in
synth)
    [ $# -eq 4 ] || die "usage: area_unit.sh synth IL NAME DIR"
    il=$2 name=$3 dir=$4
    [ -r "$il" ] || die "$il missing"
    begin "$dir"
    ps=$(awk -v n="$CLOCK_NS" 'BEGIN { printf "%d", n * 1000 }')
    # ABC maps for delay at the clock period, then buffers and sizes the
    # high-fanout nets; topo first (ABC 0.23's buffer -p stops with "node has
    # no fanout" on a network out of topological order). The flops are named
    # after the register they hold (rename -wire) for the path reports.
    # dffunmap (enables and synchronous resets as multiplexers) only for the
    # transistor estimate, on a copy. After the count, a buffer on every
    # port-to-port connection: Yosys writes those as assignments to
    # concatenations, which OpenSTA does not read.
    # The unit's ports as ABC sees them (abc -constr): inputs driven by a
    # BUFX2, outputs loading AREA_LOAD_FF (default 50 fF, about eight gate
    # inputs), so that a net that fans out inside a unit is buffered there
    # and a port is driven by a gate sized for a load.
    abc="+strash;dch;map,-D,$ps;topo;buffer,-p;upsize,-D,$ps;dnsize,-D,$ps"
    printf 'set_driving_cell BUFX2\nset_load %s\n' "${AREA_LOAD_FF:-50}" > "$tmp/abc.constr"
    if ! yosys -q -l "$tmp/yosys.log" -p "read_rtlil $il; hierarchy -top $name; synth -flatten -top $name; \
            design -save gates; dffunmap; tee -q -o $tmp/cmos.txt stat -tech cmos; design -load gates; \
            rename -wire -suffix _reg t:\$_*DFF*; dfflibmap -liberty $LIB; abc -script $abc -constr $tmp/abc.constr -liberty $LIB; \
            opt_clean; tee -q -o $tmp/stat.txt stat -liberty $LIB; splitnets; opt_clean -purge; \
            insbuf -buf BUFX2 A Y; write_verilog -noattr $tmp/net.v" > /dev/null 2>&1; then
        failed "Yosys failed on $name" "$tmp/yosys.log"
    fi
    echo $(( $(date +%s) - s0 )) > "$tmp/synth_secs.txt"
    finish "$dir" "$tmp"
    ;;
sta)
    [ $# -ge 5 ] || die "usage: area_unit.sh sta NAME MODULE NETDIR DIR KIDDIR..."
    name=$2 mod=$3 net=$4/net.v dir=$5; shift 5
    [ -r "$net" ] || die "$net missing"
    kids=""
    for k in "$@"; do kids="$kids $k/etm.lib $k/meta.txt"; done
    begin "$dir"
    if ! AREA_LIB=$LIB AREA_NET=$net AREA_TOP=$name AREA_BASE=$mod AREA_KIDS=$kids \
         AREA_CLOCK_NS=$CLOCK_NS AREA_OUT=$tmp sta -no_splash -exit scripts/area_sta.tcl \
         > "$tmp/sta.log" 2>&1 || grep -q '^Error\|not found' "$tmp/sta.log"; then
        failed "OpenSTA failed on $name" "$tmp/sta.log"
    fi
    echo $(( $(date +%s) - s0 )) > "$tmp/sta_secs.txt"
    finish "$dir" "$tmp"
    ;;
alias)
    [ $# -eq 4 ] || die "usage: area_unit.sh alias REPDIR NAME DIR"
    rep=$2 name=$3 dir=$4
    r=$(basename "$rep")
    begin "$dir"
    sed -e "s/^library (etm_$r) {/library (etm_$name) {/" -e "s/^  cell ($r) {/  cell ($name) {/" \
        "$rep/etm.lib" > "$tmp/etm.lib"
    echo "$r" > "$tmp/rep.txt"
    cp "$rep/meta.txt" "$tmp/meta.txt"
    finish "$dir" "$tmp"
    ;;
ram)
    [ $# -eq 5 ] || die "usage: area_unit.sh ram NAME WIDTH DEPTH DIR"
    name=$2 w=$3 d=$4 dir=$5
    begin "$dir"
    python3 scripts/area_ram.py "$name" "$w" "$d" "$tmp" || die "no timing model for $name"
    finish "$dir" "$tmp"
    ;;
*)
    echo "usage: area_unit.sh synth|sta|alias|ram ..." >&2; exit 2 ;;
esac
# the progress of scripts/area.sh: this step's weight
[ -z "${AREA_PROGRESS:-}" ] || echo "${AREA_W:-1}" >> "$AREA_PROGRESS"
