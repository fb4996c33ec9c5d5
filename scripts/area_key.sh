#!/bin/bash
# area_key.sh NAME... - the key of a make area run: one hash of everything its
# table depends on (the RTL, the flow's scripts and constraints, the named
# configurations' lines, the tools, the liberty, the settings). make
# area-docs publishes a run only if its key (build/area/run.txt) is the key of
# the tree it runs in (scripts/area_docs.sh).
set -eu
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
cd "$(dirname "$0")/.."
LIB=${AREA_LIB:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
{
    cat rtl/files.f rtl/inc/*.svh $(grep -v '^\s*\(//\|$\)' rtl/files.f)
    cat scripts/area.sh scripts/area_all.sh scripts/area_unit.sh scripts/area.py scripts/area_ram.py \
        scripts/area_sta.tcl \
        constraints/area_units.txt constraints/default.sdc
    for n in $(printf '%s\n' "$@" | sort); do echo "$n $(scripts/cfg.sh "$n" top) $(scripts/cfg.sh "$n" params)"; done
    yosys -V; sta -version; ls -l "$LIB"
    echo "${CLOCK_NS:-5.0} ${SRAM_UM2_PER_BIT:-10} ${SRAM_TSU_NS:-} ${SRAM_TCQ_NS:-} ${AREA_EXACT:-0} ${AREA_LOAD_FF:-50} ${AREA_ARC_LIMIT:-200000} ${AREA_ARC_FORM:-} ${AREA_CONE_LIMIT:-1000000}"
} | sha1sum | cut -c1-16
