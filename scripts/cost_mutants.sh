#!/bin/bash
# cost_mutants.sh - show that the cost model's unit tests (build/bin/cost_test,
# tb/cost/cost_test.c) can fail: each mutant is a copy of tb/cost/cost.c (or
# of a layout, tb/catalog/topo_*.c) with one formula broken (a sed expression
# below), built with cost_test into a scratch directory and run; every mutant
# must make cost_test fail and name the check it breaks (docs/cost.md
# "Tests").
#
# usage: scripts/cost_mutants.sh [-b BUILD]
#   -b BUILD  the build directory holding the libraries (default build)
# Exit 0 when every mutant is caught, 1 when one survives or does not build,
# 2 on bad usage.
set -u
B=build
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
while getopts "b:" o; do
    case $o in
        b) B=${OPTARG%/} ;;
        *) echo "usage: scripts/cost_mutants.sh [-b BUILD] (--help)" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || { echo "cost_mutants: no arguments expected, got '$*'" >&2; exit 2; }
cd "$(dirname "$0")/.." || exit 2
for l in libnrcat.a libnrmodel.a libnr.a obj/tb/catalog/rtl_none.o; do
    [ -r "$B/$l" ] || { echo "cost_mutants: no $B/$l (make $B/bin/cost_test first)" >&2; exit 2; }
done
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
# NAME#FROM#TO#CHECK[#FILE]: sed's s#FROM#TO# (a basic regular expression)
# on FILE (tb/cost/cost.c unless given; a layout's tb/catalog/topo_*.c) and
# the check that must fail (an extended regular expression of its FAIL line)
MUTANTS=(
    "fbfly-avg-E/2#\*lmax = e, \*lavg = e / 3;#*lmax = e, *lavg = e / 2;#fbfly L_avg = E/3"
    "fclos-avg-E/3#\*lmax = e / 2, \*lavg = e / 4;#*lmax = e / 2, *lavg = e / 3;#fclos L_avg = E/4"
    "fclos-max-E#\*lmax = e / 2, \*lavg = e / 4;#*lmax = e, *lavg = e / 4;#fclos L_max = E/2"
    "hcube-avg-E/log2E#(e - 1) / log2(e)#e / log2(e)#hcube L_avg"
    "edge-N*D#sqrt(nodes / density)#sqrt(nodes * density)#E = sqrt"
    "no-overhead#fabs(a.y - b.y) + p->overhead#fabs(a.y - b.y)#cable length"
    "euclid-not-manhattan#fabs(a.x - b.x) + fabs(a.y - b.y)#hypot(a.x - b.x, a.y - b.y)#2 rows: cable"
    "links-twice#if (e.rtr < r || (e.rtr == r && e.port < q)) continue;#;#channels"
    "terminal-one-way#o->ch_term += 2;#o->ch_term += 1;#terminal channels"
    "repeater-per-cable#ceil(len / p->max_cable) - 1#1 + 0 * len#repeaters"
    "fbfly-dim1-twice#const double dim1 = rtrs \* (s1 - 1);#const double dim1 = rtrs * s1;#fbfly 1K: 31 x 32"
    "fclos-full-top#for (double c = d; c < N; c \*= d) L++;#for (double c = R; c < N; c *= d) L++;#fclos 2K: 3 stages"
    "eq43-printed#static double kln2(double k) { return k \* log(k) \* log(k); }#static double kln2(double k) { return k * log2(k); }#Eq 4.3 k \(ln k\)\^2"
    "eq42-log2#2 \* tr \* log(n) / log(k)#2 * tr * log2(n) / log(k)#Eq 4.2"
    "switch-not-by-area#p->sw_share \* area / p->area_ref#p->sw_share#silicon: fc k = 64"
    "rest-not-by-ports#(1 - p->sw_share) \* ports / p->radix#(1 - p->sw_share)#silicon: fc k = 32"
    "area-of-crosspoints#r->area = nr_en_area(&eo);#r->area = (double)c.xpoints;#switch area"
    "network-ignores-counts#if (p->rtr_area > 0)#if (0)#fbfly 4x2 of fc routers"
    "hcube-fbfly-layout#    net_floor_cab(r / q, cols, fl, p);#    return net_topo_fbfly.place(t, fl, r, p);#hcube 4: cabinets#tb/catalog/topo_hcube.c"
    "hcube-cols-not-pow2#cols < want;) cols \*= 2#cols < want;) cols += 1#hcube 6: cable#tb/catalog/topo_hcube.c"
    "dfly-group-a-row#    net_floor_cab(cab, net_floor_cols(ncab, fl), fl, pl);#    net_floor_cab(cab, 1, fl, pl);#dfly 2/4/2: cable#tb/catalog/topo_dfly.c"
    "dfly-group-a-cabinet#        cab = G / gpc, ncab#        cab = G, ncab#dfly 2/4/2, 2 groups a cabinet#tb/catalog/topo_dfly.c"
)
gcc -std=c11 -O0 -w -Icsrc/include -Itb -Itb/cost -c tb/cost/cost_test.c -o "$T/cost_test.o" || exit 2
bad=0
for m in "${MUTANTS[@]}"; do
    IFS='#' read -r name from to want file <<< "$m"
    file=${file:-tb/cost/cost.c}
    # the mutant of FILE, linked ahead of the libraries (whose FILE it replaces)
    sed "s#$from#$to#" "$file" > "$T/m.c"
    if cmp -s "$file" "$T/m.c"; then
        echo "FAIL $name: the expression changed nothing ($file moved on: update the mutant)"; bad=1; continue
    fi
    srcs=("$T/m.c")
    [ "$file" = tb/cost/cost.c ] || srcs+=(tb/cost/cost.c)
    if ! gcc -std=c11 -O0 -w -Icsrc/include -Itb -Itb/cost -o "$T/t" "${srcs[@]}" "$T/cost_test.o" \
        "$B/obj/tb/catalog/rtl_none.o" "$B/libnrcat.a" "$B/libnrmodel.a" "$B/libnr.a" -lm 2> "$T/err"; then
        echo "FAIL $name: does not build"; head -3 "$T/err"; bad=1; continue
    fi
    out=$("$T/t" 2>&1); rc=$?
    if [ $rc = 0 ]; then
        echo "FAIL $name: survived (cost_test passed)"; bad=1
    elif ! grep -E "^FAIL .*($want)" <<< "$out" > /dev/null; then
        echo "FAIL $name: caught, but not by /$want/:"; grep '^FAIL' <<< "$out" | head -3; bad=1
    else
        echo "PASS $name: caught by $(grep -E "^FAIL .*($want)" <<< "$out" | head -1 | cut -d: -f1)"
    fi
done
exit $bad
