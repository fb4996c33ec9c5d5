#!/bin/bash
# area.sh NAME... - area and timing of named configurations (configs/
# configs.txt, read through scripts/cfg.sh), by hierarchical synthesis with
# Yosys against the OSU 0.18 um liberty and OpenSTA (constraints/README.md).
#
# 1. Yosys elaborates each top with its configuration's parameters.
# 2. scripts/area.py units splits each design into synthesis units
#    (constraints/area_units.txt): each distinct module and parameter set is
#    synthesized once (scripts/area_unit.sh synth), with its RAM leaves and
#    the units below it as black boxes, and counts once per instance.
# 3. OpenSTA times each unit with the timing models of the units and RAM
#    leaves below it and writes the unit's own model (scripts/area_sta.tcl),
#    bottom-up to the top: fmax is set by the worst path inside any unit or
#    across a top's units, and that path is named by its two ends.
# 4. scripts/area.py totals adds up each configuration.
# The steps of all the configurations are one makefile ($AREA_OUT/steps.mk),
# run AREA_JOBS (2) at a time: a unit that several configurations share is
# made once. Syntheses and timing models go to a cache keyed by content
# (AREA_CACHE, default $AREA_OUT/cache: syn/KEY/UNIT, sta/KEY/UNIT): a unit
# whose text, recipe, tools and settings did not change is not made again.
# Output, per configuration, in $AREA_OUT/NAME/ (AREA_OUT default build/area):
# report.txt, row.txt (the table's fields, scripts/area_all.sh), units.txt,
# path.txt (the worst path as OpenSTA reports it in its unit). A step that
# fails does not stop the others; the configurations it belongs to get no
# row.txt. Exit status: 0 when every configuration has its row, 1 if a step
# failed, 2 for an unknown name or a bad setting (before anything runs).
# On a terminal, stderr shows the steps done and left with an ETA.
# Settings: CLOCK_NS (5.0), SRAM_UM2_PER_BIT (10), SRAM_TCQ_NS, SRAM_TSU_NS
# (scripts/area_unit.sh ram), AREA_LOAD_FF (50, scripts/area_unit.sh synth),
# AREA_ARC_LIMIT (200000: a timing model with more combinational bit arcs
# joins them through internal pins, scripts/area_sta.tcl), AREA_CONE_LIMIT
# (1000000: a unit with more pairs of an input and an output bit gets a pin
# per bus pair from its bus cones, no fan-in search per output bit),
# AREA_ARC_FORM (bit, group, pair or cones: force one form of those arcs, for
# the flow's check),
# AREA_JOBS (2), AREA_EXACT=1 (every variant synthesized, no
# representatives), AREA_FLAT_STA=1 (the check of the timing models: OpenSTA
# on each whole hierarchical netlist as well, flat_path_ns in row.txt; slow).
set -euo pipefail
cd "$(dirname "$0")/.."
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
[ $# -ge 1 ] || { echo "usage: area.sh NAME...   (--help)" >&2; exit 2; }
LIB=${AREA_LIB:-/usr/share/qflow/tech/osu018/osu018_stdcells.lib}
[ -r "$LIB" ] || { echo "area.sh: liberty $LIB missing (make deps)" >&2; exit 2; }
for t in yosys sta make; do
    command -v $t > /dev/null || { echo "area.sh: $t missing (make deps)" >&2; exit 2; }
done
AREA_OUT=${AREA_OUT:-build/area}
CACHE=${AREA_CACHE:-$AREA_OUT/cache}
JOBS=${AREA_JOBS:-2}
export CLOCK_NS=${CLOCK_NS:-5.0} AREA_LIB=$LIB
SRAM_UM2_PER_BIT=${SRAM_UM2_PER_BIT:-10}
num='^[0-9]+([.][0-9]+)?$'
for v in CLOCK_NS SRAM_UM2_PER_BIT; do
    [[ ${!v} =~ $num ]] || { echo "area.sh: $v wants a number, got '${!v}'" >&2; exit 2; }
done
for v in SRAM_TCQ_NS SRAM_TSU_NS AREA_LOAD_FF; do
    [ -z "${!v:-}" ] || [[ ${!v} =~ $num ]] || { echo "area.sh: $v wants a number, got '${!v}'" >&2; exit 2; }
done
for v in AREA_ARC_LIMIT AREA_CONE_LIMIT; do
    [ -z "${!v:-}" ] || [[ ${!v} =~ ^[0-9]+$ ]] || { echo "area.sh: $v wants an integer >= 0, got '${!v}'" >&2; exit 2; }
done
case ${AREA_ARC_FORM:-} in '' | bit | group | pair | cones) ;; *) echo "area.sh: AREA_ARC_FORM wants bit, group, pair or cones, got '$AREA_ARC_FORM'" >&2; exit 2 ;; esac
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "area.sh: AREA_JOBS wants an integer > 0, got '$JOBS'" >&2; exit 2; }
declare -A TOPS PARS
for n in "$@"; do
    [ -z "${TOPS[$n]:-}" ] || { echo "area.sh: $n named twice" >&2; exit 2; }
    TOPS[$n]=$(scripts/cfg.sh "$n" top) || exit 2
    PARS[$n]=$(scripts/cfg.sh "$n" params)
    scripts/rtl_deps.sh "${TOPS[$n]}" > /dev/null 2>&1 \
        || { echo "area.sh: the top ${TOPS[$n]} of $n is not a module of rtl/files.f" >&2; exit 2; }
done
. scripts/jobrun.sh
t0=$(date +%s)
mkdir -p "$AREA_OUT"

# the cache is keyed by content (scripts/area.py units): a synthesis by the
# unit's text and SYNKEY (the synthesis recipe, Yosys, the liberty and the
# settings), a timing model by its synthesis, its children's models and
# STAKEY (the timing scripts, OpenSTA, the liberty, the settings). A unit
# whose text did not change is not synthesized again, whatever else changed.
KS=$( (cat scripts/area_unit.sh; yosys -V; ls -l "$LIB"; echo "$CLOCK_NS ${AREA_LOAD_FF:-50}") | sha1sum | cut -c1-16)
KT=$( (cat scripts/area_unit.sh scripts/area_sta.tcl scripts/area_ram.py; sta -version; ls -l "$LIB"
       echo "$CLOCK_NS ${SRAM_TSU_NS:-} ${SRAM_TCQ_NS:-} ${AREA_ARC_LIMIT:-200000} ${AREA_ARC_FORM:-} ${AREA_CONE_LIMIT:-1000000}") | sha1sum | cut -c1-16)
ELAB='hierarchy -check -top $abstract\$TOP; rename -top $TOP; proc'
mkdir -p "$CACHE"

# 1, 2: elaborate and split one configuration; its steps (steps.mk): the
# synthesis of each representative, its timing model after those of the
# units below it, an alias for every other variant, a timing model for every
# RAM leaf (each step's weight for the ETA in AREA_W)
prepare() {
    local name=$1 top=$2 params=$3 out=$AREA_OUT/$1 chp="" p
    rm -rf "$out"; mkdir -p "$out"
    for p in $params; do chp="$chp -set ${p%%=*} ${p#*=}"; done
    # read with -defer (no module elaborated with its defaults, the k = 64
    # tops among them), all top parameters in one chparam call on the
    # abstract top, which the hierarchy then elaborates once
    if ! yosys -q -l "$out/elab.log" -p "read_verilog -defer -sv -Irtl/inc $(scripts/rtl_deps.sh "$top" | tr '\n' ' '); \
            ${chp:+chparam $chp \$abstract\\$top;} ${ELAB//\$TOP/$top}; write_rtlil $out/elab.il" > /dev/null 2>&1; then
        grep -i 'error' "$out/elab.log" | head -5 >&2
        echo "area.sh: $name: elaboration failed ($out/elab.log)" >&2; return 1
    fi
    python3 scripts/area.py units "$out" "$top" constraints/area_units.txt "$out/elab.il" "$CACHE" "$KS" "$KT" \
        ${AREA_EXACT:+$([ "$AREA_EXACT" = 1 ] && echo --exact)} || return 1
    rm -f "$out/elab.il"
    # the CPU time of this shell's children, Yosys and area.py (bash's times,
    # in this shell: in a pipeline it would count the subshell's)
    times > "$out/elab_times.txt"
    awk 'NR == 2 { gsub(/[ms]/, " "); printf "cpu_s=%.3f\n", 60 * $1 + $2 + 60 * $3 + $4 }' "$out/elab_times.txt" > "$out/elab_cpu.txt"
}

# 4: one configuration's totals (and the flat check)
finish() {
    local name=$1 top=$2 params=$3
    python3 scripts/area.py totals "$AREA_OUT/$name" "$name" "$top" "$params" "$SRAM_UM2_PER_BIT" "$CLOCK_NS" || return 1
    if [ "${AREA_FLAT_STA:-0}" = 1 ]; then flat_sta "$name" "$top" || return 1; fi
}

# AREA_FLAT_STA=1: OpenSTA on the whole hierarchical netlist at once (every
# instance of every unit), with the constraints of the top's model: its worst
# path, and per port bus the figures of the top's model (flat_ports.txt,
# to set beside the meta.txt of the top's timing model)
flat_sta() {
    local name=$1 top=$2 out=$AREA_OUT/$1 libs="" x r s d
    : > "$out/flat.v"
    while read -r x _ _ _ _ r s _; do
        if [ "$x" = "$r" ]; then cat "$s/net.v" >> "$out/flat.v"
        else sed "s/^module $r(/module $x(/" "$s/net.v" >> "$out/flat.v"; fi
    done < "$out/units.txt"
    while read -r _ _ _ d; do libs="$libs $d/etm.lib"; done < "$out/rams.txt"
    cat > "$out/flat.tcl" <<TCL
read_liberty $LIB
foreach l {$libs} { read_liberty \$l }
read_verilog $out/flat.v
link_design $top
set clock_ns $CLOCK_NS
source constraints/default.sdc
if {[llength [get_ports -quiet rst_ni]]} { set_false_path -from [get_ports rst_ni] }
set ins [delete_from_list [all_inputs] [get_ports -quiet {clk_i rst_ni}]]
if {[llength \$ins]} { set_input_transition 0.1 \$ins }
set_load 0.01 [all_outputs]
set pe [lindex [find_timing_paths -path_delay max -group_count 1] 0]
set pts [get_property \$pe points]
puts "flat_path_ns=[format %.4f [expr {$CLOCK_NS - [\$pe slack] * 1e9}]]"
puts "flat_from=[get_full_name [get_property [lindex \$pts 0] pin]]"
puts "flat_to=[get_full_name [get_property [lindex \$pts end] pin]]"
report_checks -path_delay max -digits 3 > $out/flat_path.txt
# per port bus, as in the top's model (meta.txt): the worst setup of an input
# bus (outputs far away) and clock-to-output of an output bus (inputs far)
proc busof {n} { if {[regexp {^(.*)\\[[0-9]+\\]\$} \$n -> b]} { return \$b }; return \$n }
proc worst {ports kind} {
    set r {}
    foreach p \$ports {
        set n [get_full_name \$p]
        foreach v [[sta::find_pin \$n] vertices] {
            if {\$v eq "NULL"} continue
            if {\$kind eq "su"} { set pr [sta::vertex_worst_slack_path \$v max] } else { set pr [sta::vertex_worst_arrival_path \$v max] }
            if {\$pr eq "NULL"} continue
            set x [expr {\$kind eq "su" ? $CLOCK_NS - [\$pr slack] * 1e9 : [\$pr arrival] * 1e9}]
            if {\$x < 0 || \$x > 1000} continue
            set b [busof \$n]
            if {![dict exists \$r \$b] || \$x > [dict get \$r \$b]} { dict set r \$b \$x }
        }
    }
    return \$r
}
set f [open $out/flat_ports.txt w]
if {[llength \$ins]} {
    set_input_delay 0 -clock clk \$ins
    set_output_delay -100000 -clock clk [all_outputs]
    sta::find_requireds
    dict for {b x} [worst \$ins su] { puts \$f "su \$b [format %.4f \$x]" }
    set_input_delay -100000 -clock clk \$ins
}
set_output_delay 0 -clock clk [all_outputs]
sta::find_requireds
dict for {b x} [worst [all_outputs] cq] { puts \$f "cq \$b [format %.4f \$x]" }
close \$f
TCL
    sta -no_splash -exit "$out/flat.tcl" > "$out/flat.log" 2>&1
    if grep -q '^Error\|not found' "$out/flat.log"; then
        grep '^Error\|not found' "$out/flat.log" | head -3 >&2
        echo "area.sh: $name: the flat timing check failed ($out/flat.log)" >&2; return 1
    fi
    grep '^flat_' "$out/flat.log" >> "$out/row.txt"
}

# 1, 2 for every configuration, AREA_JOBS at a time
export -f prepare
export AREA_OUT CACHE KS KT ELAB
pfail=$(for n in "$@"; do printf '%s\t%s\t%s\n' "$n" "${TOPS[$n]}" "${PARS[$n]}"; done \
        | xargs -P "$JOBS" -d '\n' -I{} bash -c 'IFS=$'"'\t'"' read -r n t p <<< "{}"; prepare "$n" "$t" "$p" || echo "$n"')
ok=()
for n in "$@"; do
    if grep -qx "$n" <<< "$pfail"; then continue; fi
    ok+=("$n")
done

# 3: every step of every configuration in one makefile, each rule once
{
    printf 'all:'; for n in "${ok[@]}"; do printf ' all-%s' "$n"; done; printf '\n'
    for n in "${ok[@]}"; do cat "$AREA_OUT/$n/steps.mk"; done \
        | awk '/^[^\t]/ { keep = !($1 in seen); seen[$1] = 1 } keep'
} > "$AREA_OUT/steps.mk"
export AREA_PROGRESS=$AREA_OUT/progress.log
: > "$AREA_PROGRESS"
# the work left, by weight: the recipes make would run
total=$(make -n -f "$AREA_OUT/steps.mk" 2>/dev/null | sed -n 's/^AREA_W=\([0-9]*\) .*/\1/p' | awk '{ s += $1 } END { print s + 0 }')
nsteps=$(make -n -f "$AREA_OUT/steps.mk" 2>/dev/null | grep -c 'area_unit.sh' || true)
# the steps of the run and those it makes (the others are in the cache)
echo "steps=$(grep -c 'area_unit.sh' "$AREA_OUT/steps.mk" || true) made=$nsteps" > "$AREA_OUT/work.txt"
status() {
    local t1 d w el
    t1=$(date +%s)
    while :; do
        read -r d w < <(awk '{ n++; s += $1 } END { print n + 0, s + 0 }' "$AREA_PROGRESS")
        el=$(( $(date +%s) - t1 ))
        printf '\r\033[Karea: %d/%d steps (%d %% of the work), %s elapsed, ETA %s' "$d" "$nsteps" \
            $(( total > 0 ? 100 * w / total : 100 )) "$(_jr_hms "$el")" \
            "$( [ "$w" -gt 0 ] && _jr_hms $(( el * (total - w) / w )) || echo '?')" >&2
        sleep 2
    done
}
spid=""
if progress_on && [ "$nsteps" -gt 0 ]; then status & spid=$!; fi
mrc=0
make -k -s -j "$JOBS" -f "$AREA_OUT/steps.mk" > "$AREA_OUT/make.log" 2>&1 || mrc=$?
if [ -n "$spid" ]; then kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null || true; printf '\r\033[K' >&2; fi
[ $mrc = 0 ] || grep -v '^make' "$AREA_OUT/make.log" | tail -8 >&2

# 4
rc=0
[ -z "$pfail" ] || rc=1
for n in "${ok[@]}"; do
    if [ -s "$(awk -v t="${TOPS[$n]}" '$1 == t { print $8 }' "$AREA_OUT/$n/units.txt")/meta.txt" ] && finish "$n" "${TOPS[$n]}" "${PARS[$n]}"; then
        awk -F= '$1 ~ /^(config|stdcell_um2|flops|sram_bits|total_um2|fmax_mhz|path_ns|flat_path_ns)$/ {
                 printf "%s %s  ", $1, $2 } END { print "" }' "$AREA_OUT/$n/row.txt"
    else
        echo "area.sh: $n: not finished (a step failed: $AREA_OUT/make.log)" >&2; rc=1
    fi
done
exit $rc
