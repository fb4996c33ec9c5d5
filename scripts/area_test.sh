#!/bin/bash
# area_test.sh flow|guard|publish - the tests of make area (tests/area.list), in
# build/area/selftest-* with a cache of their own (so the flow really runs).
#   flow   scripts/area_all.sh on two small configurations: sw-swalloc (an
#          allocator: units below units, representatives, the timing models
#          composed) and fifo-64 (a RAM leaf). The table has its columns,
#          every row every field, the blocks add up to the total, and the
#          worst path from the timing models, and every port's setup and
#          clock-to-output in the top's model, are within 3 % of what OpenSTA
#          finds on the whole netlist at once (AREA_FLAT_STA=1); each unit's
#          text is canonical (scrambled, it comes back the same).
#   guard  a failed, partial or misspelt run, or one whose tree changed
#          before its end, exits non-zero, and make
#          area-docs then refuses and leaves docs/ as it was (its git status
#          and every file's content).
#   publish  in a scratch git copy of the tree, with the record of a
#          complete run of the whole set (made-up figures): make area-docs
#          changes exactly docs/area.md, docs/area.csv, docs/results.md and
#          docs/img/area_radix.png, each table stamped and with its columns,
#          docs/area.csv the run's table, an organization without a seed
#          model (made up) in the tables and plot but not beside the seed's;
#          after a change to a configuration of the set or to the flow (the
#          run's key no longer the tree's) it refuses and changes nothing.
set -u
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
cd "$(dirname "$0")/.."
B=${BUILD:-build}
fail() { echo "area_test: FAIL: $*" >&2; exit 1; }
COLS="config,top,params,stdcell_um2,cells,flops,transistors,sram_bits,sram_macros,sram_um2,total_um2,lcb_um2,inbuf_um2,swbuf_um2,xbar_um2,channels_um2,routing_um2,control_um2,lcb_bits,inbuf_bits,swbuf_bits,path_ns,fmax_mhz,path_from,path_to,path_unit,cpu_s,cpu_wall_s"
case ${1:-} in
flow)
    O=$B/area/selftest-flow
    rm -rf "$O"; mkdir -p "$B/area" || fail "cannot make $B/area"
    AREA_OUT=$O AREA_CACHE=$O/cache AREA_FLAT_STA=1 scripts/area_all.sh sw-swalloc fifo-64 > "$O.log" 2>&1 \
        || { cat "$O.log" >&2; fail "the run failed"; }
    R=$O/subset
    [ "$(head -1 "$R/area.csv")" = "$COLS" ] || fail "area.csv header: $(head -1 "$R/area.csv")"
    [ "$(wc -l < "$R/area.csv")" = 3 ] || fail "area.csv: want 2 rows"
    awk -F, -v want="$(awk -F, '{ print NF }' <<< "$COLS")" '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        {
            if (NF != want) { print "row " $1 ": " NF " fields" > "/dev/stderr"; bad = 1 }
            for (i = 1; i <= NF; i++) if ($i == "") { print "row " $1 ": empty field " i > "/dev/stderr"; bad = 1 }
            for (k in c) if (k !~ /^(config|top|params|path_from|path_to|path_unit)$/ && $c[k] !~ /^[0-9]+(\.[0-9]+)?$/) {
                print "row " $1 ": " k " = " $c[k] " is not a number" > "/dev/stderr"; bad = 1 }
            s = 0; split("lcb inbuf swbuf xbar channels routing control", b, " ")
            for (i = 1; i <= 7; i++) s += $c[b[i] "_um2"]
            if (s < $c["total_um2"] - 8 || s > $c["total_um2"] + 8 || $c["stdcell_um2"] + $c["sram_um2"] != $c["total_um2"]) {
                print "row " $1 ": blocks " s ", std cells + SRAM " $c["stdcell_um2"] + $c["sram_um2"] ", total " $c["total_um2"] > "/dev/stderr"; bad = 1 }
            if ($c["fmax_mhz"] + 0 <= 0 || $c["cells"] + 0 <= 0) { print "row " $1 ": no fmax or cells" > "/dev/stderr"; bad = 1 }
        }
        END { exit bad }' "$R/area.csv" || fail "area.csv rows"
    awk -F, 'NR > 1 && $1 == "fifo-64" && $8 != 1536 { exit 1 }' "$R/area.csv" || fail "fifo-64: not 1536 SRAM bits"
    for h in '| configuration | standard cells (mm²) |' '| configuration | LCB | input buffers |' '| configuration | worst path (ns) |'; do
        grep -qF "$h" "$R/area.md" || fail "area.md: no table '$h'"
    done
    grep -q '^complete=yes$' "$R/run.txt" || fail "run.txt: not complete"
    # a unit's text is canonical: the same when its generated names are
    # renumbered and its statements shuffled, as in another design (a key
    # is one synthesis whichever configuration reaches the unit first)
    n=0
    for f in "$O"/sw-swalloc/unit/*.il; do
        for seed in 1 2; do
            python3 scripts/area.py canon "$f" $seed | cmp -s - "$f" || fail "$f: not one text when scrambled (seed $seed)"
        done
        n=$((n + 1))
    done
    [ $n -ge 3 ] || fail "sw-swalloc: $n unit texts"
    # every step records the CPU time of its processes (a cache of its own:
    # none counts by its wall time), and the run its own
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
             $c["cpu_wall_s"] != 0 || $c["cpu_s"] + 0 <= 0 { exit 1 }' "$R/area.csv" \
        || fail "area.csv: a row without CPU time, or with steps counted by wall time"
    grep -q '^cpu_s=[1-9]' "$R/run.txt" || fail "run.txt: no CPU time of the run"
    # agree O CONFIG...: the worst path and every port bus's setup and
    # clock-to-output of the top's model within 3 % of the flat netlist's
    agree() {
        for c in "${@:2}"; do
            a=$(sed -n 's/^path_ns=//p' "$1/$c/row.txt") b=$(sed -n 's/^flat_path_ns=//p' "$1/$c/row.txt")
            awk -v a="$a" -v b="$b" 'BEGIN { exit !(a > 0 && a - b <= 0.03 * b && b - a <= 0.03 * b) }' \
                || fail "$c: worst path $a ns from the timing models, $b ns on the whole netlist (more than 3 % apart)"
        done
        # every port bus's setup and clock-to-output: the top's model against
        # the flat netlist
        for c in "${@:2}"; do
            awk 'FILENAME ~ /meta/ && ($1 == "su" || $1 == "cq") { m[$1 " " $2] = $3; next }
                 FILENAME ~ /flat/ { f[$1 " " $2] = $3; next }
                 END {
                     for (k in f) if (!(k in m)) { print "model lacks " k > "/dev/stderr"; bad = 1 }
                     for (k in m) {
                         if (!(k in f)) { print "flat netlist lacks " k > "/dev/stderr"; bad = 1; continue }
                         d = m[k] - f[k]; if (d < 0) d = -d
                         if (d > 0.02 + 0.03 * f[k]) { print k ": model " m[k] ", flat " f[k] > "/dev/stderr"; bad = 1 }
                         n++
                     }
                     if (n < 2) { print "fewer than 2 port figures" > "/dev/stderr"; bad = 1 }
                     exit bad
                 }' "$(awk -v t="$(scripts/cfg.sh "$c" top)" '$1 == t { print $8 }' "$1/$c/units.txt")/meta.txt" \
                   "$1/$c/flat_ports.txt" || fail "$c: the top's model against the flat netlist, per port"
        done
    }
    agree "$O" sw-swalloc fifo-64
    # the same with every timing model in one form of its combinational arcs
    # (AREA_ARC_FORM forcing it), the syntheses from the cache: bit arcs, and
    # through internal pins: a pin per group of outputs gives the bit arcs'
    # paths, so the same worst path; a pin per bus pair may only add paths,
    # and still agrees with the flat netlist; so does a pin per bus pair from
    # the bus cones (cones: AREA_CONE_LIMIT's form), which may add more
    for form in bit group pair cones; do
        H=$O-$form
        rm -rf "$H"
        AREA_ARC_FORM=$form AREA_OUT=$H AREA_CACHE=$O/cache AREA_FLAT_STA=1 scripts/area_all.sh sw-swalloc > "$H.log" 2>&1 \
            || { cat "$H.log" >&2; fail "the run with AREA_ARC_FORM=$form failed"; }
        n=$(grep -rl "form: ${form/cones/pair from bus cones} \*/" "$O/cache/sta" | wc -l)
        [ "$n" -ge 3 ] || fail "AREA_ARC_FORM=$form: $n timing models of that form"
        agree "$H" sw-swalloc
    done
    a=$(sed -n 's/^path_ns=//p' "$O-bit/sw-swalloc/row.txt") b=$(sed -n 's/^path_ns=//p' "$O-group/sw-swalloc/row.txt")
    [ "$a" = "$b" ] || fail "sw-swalloc: worst path $a ns with bit arcs, $b ns with a pin per group of outputs"
    p=$(sed -n 's/^path_ns=//p' "$O-pair/sw-swalloc/row.txt")
    awk -v a="$a" -v p="$p" 'BEGIN { exit !(p >= a) }' || fail "sw-swalloc: a pin per bus pair gave $p ns, less than the bit arcs' $a"
    c=$(sed -n 's/^path_ns=//p' "$O-cones/sw-swalloc/row.txt")
    awk -v c="$c" -v p="$p" 'BEGIN { exit !(c >= p) }' || fail "sw-swalloc: the bus cones gave $c ns, less than a pin per bus pair's $p"
    echo "area_test: flow: 2 configurations, $(awk -F, 'NR > 1 { printf "%s %s um^2 %s MHz; ", $1, $11, $23 }' "$R/area.csv")worst paths from the timing models within 3 % of the flat netlist's, with bit arcs, with a pin per group of outputs (the same path) and with one per bus pair (and from the bus cones)"
    ;;
guard)
    O=$B/area/selftest-guard
    rm -rf "$O"; mkdir -p "$O"
    snap() { git status --porcelain -- docs; find docs -type f | LC_ALL=C sort | xargs sha1sum; }
    before=$(snap)
    # a misspelt name: exit 2 before anything runs, through make too
    AREA_OUT=$O scripts/area_all.sh fifo-64 nope > "$O/a.log" 2>&1; rc=$?
    [ $rc = 2 ] || fail "a misspelt name: exit $rc, want 2"
    [ ! -e "$O/subset/run.txt" ] || fail "a misspelt name still ran"
    make --no-print-directory -s area AREA_CONFIGS=nope > "$O/b.log" 2>&1 && fail "make area AREA_CONFIGS=nope: exit 0"
    # a configuration that fails (a parameter its top does not have) beside
    # one that works: exit 1, the good one tabled, the run not complete
    { cat configs/configs.txt; echo "area-bad nr_fifo area Width=24 Depth=64 Nope=3"; } > "$O/cfg.txt"
    NR_CONFIGS=$O/cfg.txt AREA_OUT=$O AREA_CACHE=$O/cache scripts/area_all.sh arb-rr-8 area-bad > "$O/c.log" 2>&1; rc=$?
    [ $rc = 1 ] || fail "a failing configuration: exit $rc, want 1"
    grep -q '^complete=no$' "$O/subset/run.txt" && grep -q '^failed=area-bad$' "$O/subset/run.txt" \
        || fail "run.txt of a failed run: $(cat "$O/subset/run.txt")"
    grep -q '^arb-rr-8,' "$O/subset/area.csv" || fail "the configuration that worked is not tabled"
    # the tree changes during a run (a configuration's line, once its steps
    # are written): exit 1, not complete, said
    cp configs/configs.txt "$O/cfg3.txt"
    NR_CONFIGS=$O/cfg3.txt AREA_OUT=$O/t AREA_CACHE=$O/tcache scripts/area_all.sh arb-rr-8 > "$O/t.log" 2>&1 &
    pid=$!
    n=0; while [ ! -s "$O/t/steps.mk" ] && [ $n -lt 3000 ]; do sleep 0.1; n=$((n + 1)); done
    sed -i 's/^\(arb-rr-8 .*\)N=8$/\1N=4/' "$O/cfg3.txt"
    wait $pid; rc=$?
    [ $rc = 1 ] || fail "a tree changed during the run: exit $rc, want 1 ($(cat "$O/t.log"))"
    grep -q '^complete=no$' "$O/t/subset/run.txt" || fail "a tree changed during the run: $(cat "$O/t/subset/run.txt")"
    grep -q 'the tree changed during the run' "$O/t.log" || fail "a tree changed during the run, not said: $(cat "$O/t.log")"
    # make area-docs refuses: no whole-set run here, a failed one, a partial one
    d=$B/bin
    AREA_OUT=$O scripts/area_docs.sh "$d/sw_counts" "$d/area_model" > "$O/d.log" 2>&1 && fail "area-docs on no run: exit 0"
    cp "$O/subset/run.txt" "$O/subset/area.csv" "$O/"
    sed -i 's/^whole_set=no/whole_set=yes/' "$O/run.txt"
    AREA_OUT=$O scripts/area_docs.sh "$d/sw_counts" "$d/area_model" > "$O/e.log" 2>&1 && fail "area-docs on a failed run: exit 0"
    grep -q 'did not finish' "$O/e.log" || fail "area-docs on a failed run: $(cat "$O/e.log")"
    sed -i 's/^complete=no/complete=yes/; s/^failed=.*/failed=/' "$O/run.txt"
    AREA_OUT=$O scripts/area_docs.sh "$d/sw_counts" "$d/area_model" > "$O/f.log" 2>&1 && fail "area-docs on a partial run: exit 0"
    grep -q "not today's whole set" "$O/f.log" || fail "area-docs on a partial run: $(cat "$O/f.log")"
    [ "$(snap)" = "$before" ] || fail "docs/ changed"
    echo "area_test: guard: a misspelt name exits 2, a failed configuration 1 (the other tabled), a tree changed during the run 1; area-docs refuses no run, a failed and a partial one; docs/ unchanged"
    ;;
publish)
    for x in sw_counts area_model nr_cat; do [ -x "$B/bin/$x" ] || fail "$B/bin/$x is not built (make $B/bin/$x)"; done
    BIN=$(cd "$B/bin" && pwd)
    T=$(mktemp -d)
    trap 'rm -rf "$T"' EXIT
    git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$T" || fail "cannot copy the tree"
    cd "$T" || exit 1
    # an organization that seed 001 has no model of (one new to the kit) in the set
    echo "zz-k16 nr_fifo area Width=24 Depth=64" >> configs/configs.txt
    git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm tree || fail "git"
    [ -e "$OLDPWD/.venv" ] && ln -s "$OLDPWD/.venv" .venv
    # the catalog's reader, so that scripts/cfg.sh does not build it here
    mkdir -p build/bin && cp "$BIN/nr_cat" build/bin/
    whole=$(scripts/cfg.sh --with area)
    R=build/area
    mkdir -p $R/check
    # a complete run of the whole set: every row made up, every block > 0
    {
        echo "$COLS"
        i=0
        for c in $whole; do
            i=$((i + 1))
            echo "$c,top,A=1,$((i * 100000)),$((i * 100)),$i,$((i * 1000)),$((i * 24)),$i,$((i * 240)),$((i * 100000 + i * 240)),1,1,$((i * 7)),$((i * 11)),$((i * 3)),1,$((i * 100000 + i * 240 - 25 * i)),1,1,$((i * 24)),4.5,222,u_a/nr_x:q_reg,out:y_o,nr_x,$((i * 10)),0"
        done
    } > $R/area.csv
    # shellcheck disable=SC2086
    printf 'configs=%s\nwhole_set=yes\ncomplete=yes\nfailed=\ncommit=%s\ndirty=0\nkey=%s\nmachine=m\nstarted=d\nelapsed_s=61\nload_start=1\nload_end=1\ncommand=make area\njobs=2\nwork=3 of 4 steps made\n' \
        "$whole" "$(git rev-parse HEAD)" "$(scripts/area_key.sh $whole)" > $R/run.txt
    k16=$(tr ' ' '\n' <<< "$whole" | grep -- '-k16$' | tr '\n' ' ')
    # shellcheck disable=SC2086
    printf 'configs=%s\ncomplete=yes\ncommit=c\ndirty=0\nkey=%s\nmachine=m\nstarted=d\nelapsed_s=5\nload_start=1\nload_end=1\n' \
        "$k16" "$(scripts/area_key.sh $k16)" > $R/check/run.txt
    printf '| configuration | x |\n|---|---|\n| yarc-k16 | 1 |\n' > $R/check/check.md
    scripts/area_docs.sh "$BIN/sw_counts" "$BIN/area_model" > pub.log 2>&1 || { cat pub.log >&2; fail "area-docs on a complete run failed"; }
    # the CSV and the plot are new in a tree that has never published, changed in one that has
    [ "$(git status --porcelain -- docs | sed 's/^?? / M /' | LC_ALL=C sort | tr '\n' ' ')" = " M docs/area.csv  M docs/area.md  M docs/img/area_radix.png  M docs/results.md " ] \
        || fail "area-docs changed: $(git status --porcelain -- docs | tr '\n' ' ')"
    cmp -s docs/area.csv $R/area.csv || fail "docs/area.csv is not the run's table"
    for m in area-table:docs/area.md area-tech:docs/area.md area-check:docs/area.md area-seed001:docs/results.md \
             area-missing:docs/results.md area-seed000:docs/results.md area-alloc:docs/results.md; do
        sed -n "/^<!-- ${m%%:*}:begin -->/,/^<!-- ${m%%:*}:end -->/p" "${m#*:}" > sec.md
        grep -q '^\*.*published by `make area-docs`\.\*$' sec.md || fail "${m%%:*}: no stamp"
        [ "$(grep -c '^|' sec.md)" -ge 3 ] || fail "${m%%:*}: no table"
    done
    sed -n '/area-table:begin/,/area-table:end/p' docs/area.md > sec.md
    for h in '| configuration | standard cells (mm²) | cells | flops | transistors (est.) | SRAM bits | SRAM macros | SRAM (mm²) | total (mm²) |' \
             '| configuration | LCB | input buffers | switch buffers | crossbar and allocator | channels | routing | control |' \
             '| configuration | worst path (ns) | fmax (MHz) | from | to | CPU (min) |'; do
        grep -qF "$h" sec.md || fail "docs/area.md: no table '$h'"
    done
    [ "$(grep -c '^| yarc-k64 |' sec.md)" = 3 ] || fail "docs/area.md: yarc-k64 not in each of the three tables"
    grep -q '^| 64 | hc | yarc-k64 | 33792 | 1.000 |' docs/results.md || fail "results.md: hc's Table 1 area at k = 64 is not 33792"
    grep -q '^| 64 | hxv | hxv-k64 | 25600 (hx) | 0.758 |' docs/results.md || fail "results.md: hxv-k64 not beside Table 1's hx"
    grep -q '^| fb-k64 | 64 | .* | 1573 | 4.000 |$' docs/results.md || fail "results.md: no fb-k64 row in seed 000's table"
    grep -q '^| 16 | iSLIP, 4 rounds | vc-k16-2vc-islip4 | ' docs/results.md || fail "results.md: no vc-k16-2vc-islip4 row in the allocators' table"
    # the new organization: in the tables and the plot, not beside the seed's models
    [ "$(grep -c '^| zz-k16 |' sec.md)" = 3 ] || fail "docs/area.md: zz-k16 not in each of the three tables"
    grep -q '^area_plot: .* of hc cn .* zz$' pub.log || fail "the plot has no zz line: $(grep area_plot pub.log)"
    ! grep -q 'zz-k16' docs/results.md || fail "results.md: zz-k16 set beside the seed's models"
    # a configuration of the set changes after the run (k = 64: the check's
    # k = 16 run stays valid), then the flow: the run's key is not the tree's
    git checkout -q docs && git clean -qfd docs
    sed -i 's/^\(yarc-k64 .*\)$/\1 SubSpeedup=4/' configs/configs.txt
    scripts/area_docs.sh "$BIN/sw_counts" "$BIN/area_model" > pub2.log 2>&1 && fail "area-docs after a change to yarc-k64: exit 0"
    grep -q "the run's key .* is not this tree's" pub2.log || fail "area-docs after a change to yarc-k64: $(cat pub2.log)"
    git checkout -q configs
    echo "# changed" >> scripts/area_sta.tcl
    scripts/area_docs.sh "$BIN/sw_counts" "$BIN/area_model" > pub2.log 2>&1 && fail "area-docs after a change to the flow: exit 0"
    grep -q "is not this tree's" pub2.log || fail "area-docs after a change to the flow: $(cat pub2.log)"
    [ -z "$(git status --porcelain -- docs)" ] || fail "area-docs refused but changed docs/"
    echo "area_test: publish: a complete run changes exactly the four files, each table stamped; a run of another flow refused, docs/ unchanged"
    ;;
*)
    echo "usage: area_test.sh flow|guard|publish" >&2; exit 2 ;;
esac
