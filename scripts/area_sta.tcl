# area_sta.tcl - OpenSTA timing of one synthesis unit of make area
# (scripts/area.sh, constraints/README.md "Timing"), and its timing model for
# the unit above it.
#
# Run as `sta -no_splash -exit scripts/area_sta.tcl` with, in the environment:
#   AREA_LIB     the standard-cell liberty
#   AREA_NET     the unit's mapped netlist (Verilog)
#   AREA_TOP     its module name
#   AREA_BASE    its RTL module (nr_swalloc_out), for the path descriptions
#   AREA_KIDS    "LIB META ..." of every unit and RAM leaf it instantiates:
#                their timing models and descriptions (written by this script,
#                or for a RAM leaf by scripts/area.sh)
#   AREA_CLOCK_NS  the clock period
#   AREA_OUT     where to write etm.lib, meta.txt and path.txt
#   AREA_ROOT    1 for the top: also the worst path with the top's ports
# The timing model (etm.lib) is a liberty cell with the unit's ports: per
# input bit its setup time (the worst path from it to a register, a RAM leaf
# or a unit below, inputs arriving at the clock edge) and its capacitance (the
# pins it drives inside); per output bit its clock-to-output delay (the worst
# path from a register, RAM or unit below) and, from the input bits in its
# fan-in cone, the worst delay of their bus to its bus.
# Output delays and transitions are tables of the load, measured at $L1 and
# $L2 pF, so the unit above times a net that crosses the boundary with its
# real load. Inputs have a 0.1 ns transition and no driver (the unit above
# times its own driver). Reset (rst_ni) is not timed. No wires: no placement.
# meta.txt:
#   int D START END   the worst path inside the unit (not from its inputs, not
#                     to its outputs): D ns, clock edge to setup
#   full D START END  (AREA_ROOT) the worst path of any kind
#   su BUS D END      the worst setup time of an input bus and where it ends
#   cq BUS D START    the worst clock-to-output of an output bus, its start
# A START or END names the register: "u_a/u_b/nr_module:cell" (u_a/u_b the
# instances of units down from this one, nr_module the unit the register is
# in, cell its name there), "in:port" or "out:port".

set lib $::env(AREA_LIB)
set P $::env(AREA_CLOCK_NS)
set out $::env(AREA_OUT)
set base $::env(AREA_BASE)
set root [expr {[info exists ::env(AREA_ROOT)] && $::env(AREA_ROOT) == 1}]
read_liberty $lib
# child cells and their path descriptions
foreach {klib kmeta} $::env(AREA_KIDS) {
    read_liberty $klib
    set cell [file tail [file dirname $kmeta]]
    set kid($cell) 1
    set f [open $kmeta r]
    while {[gets $f line] >= 0} {
        set ws [split $line " "]
        switch -- [lindex $ws 0] {
            su { set ksu($cell,[lindex $ws 1]) [lindex $ws 3] }
            cq { set kcq($cell,[lindex $ws 1]) [lindex $ws 3] }
        }
    }
    close $f
}
read_verilog $::env(AREA_NET)
link_design $::env(AREA_TOP)

set has_clk [llength [get_ports -quiet clk_i]]
if {$has_clk} {
    create_clock -name clk -period $P [get_ports clk_i]
} else {
    create_clock -name clk -period $P
}
set ins {}
foreach p [all_inputs] {
    set n [get_full_name $p]
    if {$n ne "clk_i" && $n ne "rst_ni"} { lappend ins $p }
}
set outs [all_outputs]
if {[llength [get_ports -quiet rst_ni]]} { set_false_path -from [get_ports rst_ni] }
set L1 0.01
set L2 0.2
if {[llength $ins]} { set_input_transition 0.1 $ins }

# bus of a bit name: x[3] -> x
proc busof {n} {
    if {[regexp {^(.*)\[([0-9]+)\]$} $n -> b i]} { return $b }
    return $n
}
proc ns {s} { return [format %.4f [expr {$s * 1e9}]] }
# the instance and port of a pin, and whether the instance is a unit below
proc desc_end {pin} {
    global base kid ksu
    if {[$pin is_top_level_port]} { return "out:[get_full_name $pin]" }
    set inst [$pin instance]
    set iname [get_full_name $inst]
    set ref [get_property $inst ref_name]
    if {[info exists kid($ref)]} {
        set b [busof [$pin port_name]]
        if {[info exists ksu($ref,$b)]} { return "$iname/$ksu($ref,$b)" }
        return "$iname/$ref:$b"
    }
    return "$base:$iname"
}
# the start of a path (pins from end to start): a register, a unit below (its
# output pin after the clock pin), or an input port
proc desc_start {pins} {
    global base kid kcq
    # a path launched by a unit below starts at the clock port
    while {[llength $pins] > 1 && [[lindex $pins end] is_top_level_port]
           && [get_full_name [lindex $pins end]] eq "clk_i"} {
        set pins [lrange $pins 0 end-1]
    }
    set n [llength $pins]
    set first [lindex $pins end]
    if {[$first is_top_level_port]} { return "in:[get_full_name $first]" }
    set inst [$first instance]
    set iname [get_full_name $inst]
    set ref [get_property $inst ref_name]
    if {[info exists kid($ref)]} {
        # a path from OpenSTA's search starts at the unit's clock pin, one
        # from find_timing_paths at its output pin
        set op $first
        if {[busof [$first port_name]] eq "clk_i" && $n >= 2} { set op [lindex $pins end-1] }
        set b [busof [$op port_name]]
        if {[info exists kcq($ref,$b)]} { return "$iname/$kcq($ref,$b)" }
        return "$iname/$ref:$b"
    }
    return "$base:$iname"
}
proc vertex_path {port kind} {
    set pin [sta::find_pin [get_full_name $port]]
    set best "NULL"
    foreach v [$pin vertices] {
        if {$v eq "NULL"} continue
        if {$kind eq "slack"} { set pr [sta::vertex_worst_slack_path $v max] } \
        else { set pr [sta::vertex_worst_arrival_path $v max] }
        if {$pr ne "NULL"} { set best $pr }
    }
    return $best
}
# "far away": an input or output delay that takes a port's paths out of the
# worst ones (any real path has a slack under the period plus a nanosecond)
set far -100000.0
set real_slack [expr {($P + 1.0) * 1e-9}]
set meta [open "$out/meta.txt" w]

# the worst path of any kind (the top only): ports at the clock edge
if {$root} {
    if {[llength $ins]} { set_input_delay 0 -clock clk $ins }
    if {[llength $outs]} { set_output_delay 0 -clock clk $outs; set_load $L1 $outs }
    set ps [find_timing_paths -path_delay max -group_count 1]
    if {[llength $ps]} {
        set pe [lindex $ps 0]
        set pts [get_property $pe points]
        set pins {}
        foreach pt [lreverse $pts] { lappend pins [get_property $pt pin] }
        puts $meta "full [ns [expr {$P * 1e-9 - [$pe slack]}]] [desc_start $pins] [desc_end [lindex $pins 0]]"
        report_checks -path_delay max -digits 3 > "$out/path.txt"
    }
}

# combinational bus pairs: inputs and outputs at the clock edge
set combs {}
set cones 0
set forced [expr {[info exists ::env(AREA_ARC_FORM)] ? $::env(AREA_ARC_FORM) : ""}]
if {[llength $ins] && [llength $outs]} {
    set_input_delay 0 -clock clk $ins
    set_output_delay 0 -clock clk $outs
    foreach p $ins { lappend ibus([busof [get_full_name $p]]) $p }
    foreach p $outs { lappend obus([busof [get_full_name $p]]) $p }
    # which input bits reach each output bit (its fan-in cone's ports): a
    # model's combinational arcs connect only those, and only connected bus
    # pairs are timed
    # (the input ports' pins by their handles: one lookup per start point
    # instead of two calls; clk_i and rst_ni are not in $ins)
    foreach p $ins {
        set xn [get_full_name $p]
        set inpin([sta::find_pin $xn]) [list [busof $xn] $xn]
    }
    # a unit with more than AREA_CONE_LIMIT (input bit, output bit) pairs
    # skips the fan-in search per output bit, whose cost grows as k^3 in
    # cn's allocator (constraints/README.md): its model joins every bit of an
    # input bus to the output bits that the bus's arrival search below
    # reaches, through a pin per bus pair (bus cones)
    set bound [expr {[llength $ins] * [llength $outs]}]
    set cone_limit [expr {[info exists ::env(AREA_CONE_LIMIT)] ? $::env(AREA_CONE_LIMIT) : 1000000}]
    set cones [expr {$forced eq "cones" || ($forced eq "" && $bound > $cone_limit)}]
    if {$cones} {
        foreach ib [array names ibus] { foreach ob [array names obus] { set pair($ib,$ob) 1 } }
    } else {
        foreach p $outs {
            set n [get_full_name $p]
            set nb [busof $n]
            foreach x [get_fanin -to $p -startpoints_only -flat] {
                if {![info exists inpin($x)]} continue
                lassign $inpin($x) xb xn
                dict lappend conn($n) $xb $xn
                set pair($xb,$nb) 1
            }
        }
    }
    # a bus pair's worst delay: one arrival search per input bus, that bus
    # late ($late ns) and the other inputs far in the past, so that every
    # output bit it reaches arrives after $late and the worst path from the
    # bus is the latest arrival (what find_timing_paths -from -to gives, in
    # one search for all the bus's pairs instead of one per pair)
    set late 1000.0
    foreach L [list $L1 $L2] {
        set_load $L $outs
        foreach ib [lsort [array names ibus]] {
            set obs {}
            foreach ob [lsort [array names obus]] { if {[info exists pair($ib,$ob)]} { lappend obs $ob } }
            if {![llength $obs]} continue
            set_input_delay $far -clock clk $ins
            set_input_delay $late -clock clk $ibus($ib)
            sta::find_requireds
            foreach ob $obs {
                set d -1
                foreach p $obus($ob) {
                    set pr [vertex_path $p arrival]
                    if {$pr eq "NULL"} continue
                    set a [expr {[$pr arrival] * 1e9 - $late}]
                    if {$a > -$late / 2 && $a > $d} { set d $a }
                    if {$cones && $a > -$late / 2 && $L == $L1} {
                        dict set cbout($ib,$ob) [get_full_name $p] 1
                        set conn([get_full_name $p]) 1
                    }
                }
                if {$d >= 0} { lappend comb($ib,$ob) [format %.4f $d] }
            }
        }
        set_input_delay 0 -clock clk $ins
        # the output transitions at this load
        sta::find_requireds
        foreach p $outs {
            set pin [sta::find_pin [get_full_name $p]]
            set sl 0.0
            foreach v [$pin vertices] {
                if {$v eq "NULL"} continue
                foreach rf {rise fall} {
                    set x [$v slew $rf max]
                    if {$x > $sl} { set sl $x }
                }
            }
            lappend slew([get_full_name $p]) [ns [expr {$sl > 0 ? $sl : 0.1e-9}]]
        }
    }
    foreach k [array names comb] {
        if {[llength $comb($k)] == 2} {
            lassign [split $k ,] ib ob
            lappend combs $ib $ob $comb($k)
        }
    }
}
# every input bit's load: the pins its net drives inside
foreach p $ins {
    set n [get_full_name $p]
    set net [get_nets -quiet $n]
    set cap($n) 0.001
    if {[llength $net]} {
        set c [expr {[$net pin_capacitance rise [sta::cmd_corner] max] * 1e12}]
        if {$c > $cap($n)} { set cap($n) [format %.5f $c] }
    }
}

# setup of every input bit: paths to outputs far away (loaded as usual: an
# output's driver may drive inside too)
if {[llength $ins]} {
    set_input_delay 0 -clock clk $ins
    if {[llength $outs]} { set_output_delay $far -clock clk $outs; set_load $L1 $outs }
    sta::find_requireds
    foreach p $ins {
        set pr [vertex_path $p slack]
        if {$pr eq "NULL"} continue
        set s [$pr slack]
        if {$s > $real_slack} continue
        set n [get_full_name $p]
        set su($n) [ns [expr {$P * 1e-9 - $s}]]
        set b [busof $n]
        if {![info exists subus($b)] || $su($n) > $subus($b)} {
            set subus($b) $su($n)
            set subit($b) $p
        }
    }
    # where each bus's worst path ends (the vertex's path ends at the input)
    foreach b [array names subit] {
        set ps [find_timing_paths -path_delay max -from $subit($b) -group_count 1]
        set suend($b) "?"
        if {[llength $ps]} {
            set pts [get_property [lindex $ps 0] points]
            set suend($b) [desc_end [get_property [lindex $pts end] pin]]
        }
    }
}
foreach b [lsort [array names subus]] { puts $meta "su $b $subus($b) $suend($b)" }

# clock to output of every output bit, at the two loads: inputs far in the
# past
if {[llength $outs]} {
    if {[llength $ins]} { set_input_delay $far -clock clk $ins }
    set_output_delay 0 -clock clk $outs
    foreach L [list $L1 $L2] {
        set_load $L $outs
        sta::find_requireds
        foreach p $outs {
            set pr [vertex_path $p arrival]
            if {$pr eq "NULL"} continue
            set a [$pr arrival]
            if {$a < 0} continue
            set n [get_full_name $p]
            lappend cq($n) [ns $a]
            if {![info exists slew($n)] || [llength $slew($n)] < 2} {
                # no combinational phase: the transition from here
                set sl 0.0
                foreach v [[sta::find_pin $n] vertices] {
                    if {$v eq "NULL"} continue
                    foreach rf {rise fall} { set x [$v slew $rf max]; if {$x > $sl} { set sl $x } }
                }
                lappend slewc($n) [ns [expr {$sl > 0 ? $sl : 0.1e-9}]]
            }
            if {$L == $L1} {
                set b [busof $n]
                if {![info exists cqbus($b)] || [lindex $cq($n) 0] > $cqbus($b)} {
                    set cqbus($b) [lindex $cq($n) 0]
                    set cqstart($b) [desc_start [$pr pins]]
                }
            }
        }
    }
    foreach n [array names slewc] { if {[llength $slewc($n)] == 2} { set slew($n) $slewc($n) } }
}
foreach b [lsort [array names cqbus]] { puts $meta "cq $b $cqbus($b) $cqstart($b)" }

# the worst path inside: ports far away
if {[llength $outs]} { set_load $L1 $outs }
if {[llength $ins]} { set_input_delay $far -clock clk $ins }
if {[llength $outs]} { set_output_delay $far -clock clk $outs }
set ps [find_timing_paths -path_delay max -group_count 1]
# path.txt: the top's worst path of any kind (above), another unit's inside
set rep ""
if {!$root} { set rep [open "$out/path.txt" w] }
if {[llength $ps]} {
    set pe [lindex $ps 0]
    set d [expr {$P * 1e-9 - [$pe slack]}]
    if {[$pe slack] < $real_slack} {
        set pins {}
        foreach pt [lreverse [get_property $pe points]] { lappend pins [get_property $pt pin] }
        puts $meta "int [ns $d] [desc_start $pins] [desc_end [lindex $pins 0]]"
        if {!$root} {
            close $rep
            report_checks -path_delay max -digits 3 > "$out/path.txt"
            set rep ""
        }
    }
}
if {$rep ne ""} { close $rep }
if {![file exists "$out/path.txt"]} { close [open "$out/path.txt" w] }
close $meta

# the timing model
set f [open "$out/etm.lib" w]
set top $::env(AREA_TOP)
puts $f "library (etm_$top) {
  delay_model : table_lookup;
  time_unit : \"1ns\"; voltage_unit : \"1V\"; current_unit : \"1uA\";
  capacitive_load_unit (1,pf); pulling_resistance_unit : \"1kohm\"; leakage_power_unit : \"1nW\";
  input_threshold_pct_rise : 50; input_threshold_pct_fall : 50;
  output_threshold_pct_rise : 50; output_threshold_pct_fall : 50;
  slew_lower_threshold_pct_rise : 20; slew_upper_threshold_pct_rise : 80;
  slew_lower_threshold_pct_fall : 20; slew_upper_threshold_pct_fall : 80;
  lu_table_template (etm_load) { variable_1 : total_output_net_capacitance; index_1 (\"$L1, $L2\"); }"
# ports by bus, widths
set allp {}
foreach p [get_ports *] {
    set n [get_full_name $p]
    if {[regexp {^(.*)\[([0-9]+)\]$} $n -> b i]} {
        if {![info exists w($b)] || $i + 1 > $w($b)} { set w($b) [expr {$i + 1}] }
        set isbus($b) 1
    } else { set w($n) 1 }
    set dir($n) [get_property $p direction]
    set db([busof $n]) $dir($n)
}
foreach b [array names isbus] { set widths($w($b)) 1 }
foreach wd [lsort -integer [array names widths]] {
    puts $f "  type (bus_$wd) { base_type : array; data_type : bit; bit_width : $wd; bit_from : [expr {$wd - 1}]; bit_to : 0; downto : true; }"
}
foreach {ib ob d} $combs { lappend cin($ob) $ib $d }
# OpenSTA makes one timing arc set per (input bit, output bit) of a
# combinational arc and refuses a cell with more than 262 143 of them; the
# unit above holds every instance's arcs in memory and searches them all. A
# model joins its bit arcs through internal pins of the cell, each driven with
# no delay by input bits and driving output bits with the bus pair's worst
# delay, so that arcs add instead of multiplying:
#   group: within a bus pair, the output bits with the same input bits share a
#          pin (a crossbar's bit j of every output: bit j of every input; an
#          arbiter's grants: all its requests). The same paths and delays as
#          the bit arcs, so used whenever it has fewer arcs.
#   pair:  if both are past AREA_ARC_LIMIT (default 200 000), one pin per bus
#          pair, driven by every input bit that reaches any of its output
#          bits: a bit pair with no path inside the unit is connected too
#          (pessimistic).
# The form and the counts are a comment in etm.lib (constraints/README.md).
# AREA_ARC_FORM=bit|group|pair forces one (the check of area-flow).
set narcs 0
set ngrp 0
set npair 0
set pairs {}
# from the bus cones: a pin per bus pair that has a path, driven by every
# bit of the input bus and driving the bits of the output bus that the input
# bus's arrival search reached (pessimistic as the pair form, and more: an
# input bit that reaches no bit of the output bus is joined too)
if {$cones} {
    foreach pk [lsort [array names pair]] {
        if {![info exists cbout($pk)]} continue
        lappend pairs $pk
        set pin_in($pk) {}
        foreach p $ibus([lindex [split $pk ,] 0]) { dict set pin_in($pk) [get_full_name $p] 1 }
        set pin_out($pk) [dict create all [lsort -dictionary [dict keys $cbout($pk)]]]
        incr npair [expr {[dict size $pin_in($pk)] + [dict size $cbout($pk)]}]
    }
}
foreach n [expr {$cones ? {} : [lsort [array names conn]]}] {
    foreach {ib bits} $conn($n) {
        # an output port in the cone (get_fanin's start points) is no input
        if {![info exists ibus($ib)]} continue
        set bits [lsort -unique $bits]
        incr narcs [llength $bits]
        set pk "$ib,[busof $n]"
        if {![info exists pin_out($pk)]} { lappend pairs $pk }
        dict lappend pin_out($pk) $bits $n
        foreach x $bits { dict set pin_in($pk) $x 1 }
    }
}
foreach pk [expr {$cones ? {} : $pairs}] {
    set nout 0
    dict for {ins outs} $pin_out($pk) {
        set m [llength $outs]
        incr ngrp [expr {$m == 1 ? [llength $ins] : [llength $ins] + $m}]
        incr nout $m
    }
    incr npair [expr {[dict size $pin_in($pk)] + $nout}]
}
set arc_limit [expr {[info exists ::env(AREA_ARC_LIMIT)] ? $::env(AREA_ARC_LIMIT) : 200000}]
set form [expr {$ngrp < $narcs ? "group" : "bit"}]
if {min($narcs, $ngrp) > $arc_limit} { set form pair }
# AREA_ARC_FORM (bit, group, pair or cones) forces a form: the flow's own check
if {$forced ne "" && $forced ne "cones"} { set form $forced }
if {$cones} { set form pair }
# a pin list as a related_pin: the whole bus by its name
proc relpins {ib bits} {
    global ibus
    return [expr {[llength $bits] == [llength $ibus($ib)] ? $ib : [join $bits " "]}]
}
# each output bit's related pins for input bus ib: {pin NAME} or {bits LIST}
set hubno 0
set hubpins {}
foreach pk $pairs {
    lassign [split $pk ,] ib ob
    if {$form eq "pair"} {
        set h "hub[incr hubno]__${ib}__${ob}"
        lappend hubpins $h $ib [lsort -dictionary [dict keys $pin_in($pk)]]
        dict for {ins outs} $pin_out($pk) { foreach n $outs { set relof($n,$ib) [list pin $h] } }
        continue
    }
    dict for {ins outs} $pin_out($pk) {
        if {$form eq "group" && [llength $outs] > 1} {
            set h "hub[incr hubno]__${ib}__${ob}"
            lappend hubpins $h $ib $ins
            foreach n $outs { set relof($n,$ib) [list pin $h] }
        } else {
            foreach n $outs { set relof($n,$ib) [list bits [relpins $ib $ins]] }
        }
    }
}
proc scalar {v} { return "(scalar) { values (\"$v\"); }" }
if {$cones} {
    puts $f "  /* (input bit, output bit) pairs: $bound; per bus pair: $npair; form: $form from bus cones */"
} else {
    puts $f "  /* combinational bit arcs: $narcs; through a pin per group of outputs: $ngrp; per bus pair: $npair; form: $form */"
}
puts $f "  cell ($top) {\n    area : 0;\n    interface_timing : true;"
foreach {h ib bits} $hubpins {
    puts $f "    pin ($h) {\n      direction : internal;"
    puts $f "      timing () { related_pin : \"[relpins $ib [lsort -dictionary $bits]]\"; timing_type : combinational; cell_rise [scalar 0] cell_fall [scalar 0] rise_transition [scalar 0.1] fall_transition [scalar 0.1] }\n    }"
}
proc table {vs} { return "(etm_load) { values (\"[join $vs {, }]\"); }" }
proc bit_arcs {f n b} {
    global su cq cin dir cap slew conn relof
    if {$dir($n) eq "input"} {
        if {[info exists cap($n)]} { puts $f "      capacitance : $cap($n);" }
        if {[info exists su($n)]} {
            puts $f "      timing () { related_pin : \"clk_i\"; timing_type : setup_rising; rise_constraint [scalar $su($n)] fall_constraint [scalar $su($n)] }"
        }
    } else {
        set sl {0.1 0.1}
        if {[info exists slew($n)] && [llength $slew($n)] == 2} { set sl $slew($n) }
        set tr "rise_transition [table $sl] fall_transition [table $sl]"
        if {[info exists cq($n)] && [llength $cq($n)] == 2} {
            puts $f "      timing () { related_pin : \"clk_i\"; timing_type : rising_edge; cell_rise [table $cq($n)] cell_fall [table $cq($n)] $tr }"
        }
        if {[info exists cin($b)] && [info exists conn($n)]} {
            foreach {ib d} $cin($b) {
                if {![info exists relof($n,$ib)]} continue
                set rel [lindex $relof($n,$ib) 1]
                puts $f "      timing () { related_pin : \"$rel\"; timing_type : combinational; cell_rise [table $d] cell_fall [table $d] $tr }"
            }
        }
    }
}
foreach b [lsort [array names db]] {
    set d $db($b)
    if {[info exists isbus($b)]} {
        puts $f "    bus ($b) {\n      bus_type : bus_$w($b); direction : $d;"
        for {set i 0} {$i < $w($b)} {incr i} {
            set n "$b\[$i\]"
            if {![info exists dir($n)]} continue
            puts $f "      pin ($n) {"
            bit_arcs $f $n $b
            puts $f "      }"
        }
        puts $f "    }"
    } else {
        puts $f "    pin ($b) {\n      direction : $d;"
        if {$b eq "clk_i" || $b eq "rst_ni"} { puts $f "      capacitance : 0.01;" }
        if {$b eq "clk_i"} { puts $f "      clock : true;" }
        bit_arcs $f $b $b
        puts $f "    }"
    }
}
puts $f "  }\n}"
close $f
