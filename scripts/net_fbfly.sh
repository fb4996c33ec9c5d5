#!/bin/bash
# net_fbfly.sh - seed 002's flattened-butterfly experiments in the kit's
# network (make sweep-net-fbfly, part of make sweep-net; docs/network.md,
# "Seed 002"), on the routers' own flattened-butterfly mode
# (docs/fbfly-routing.md):
#   Fig 4  load-latency curves of every routing algorithm on the seed's
#          network, N = 1024 as a 32-ary 2-flat (fbfly:k=32,n=2, 32 routers
#          of 63 used ports), UR and the worst case (wc);
#   Fig 5  the time to deliver a batch of packets, per packet of a node's
#          batch, on wc, against the batch size (--batch);
#   Fig 6  the flattened butterfly (CLOS AD) against a folded Clos of the same
#          nodes, radix and bisection (fclos:k=64,levels=2,tophalf=1,taper=16:
#          32 leaves of 32 nodes with 16 of their 32 up links wired, 16 tops:
#          512 links across the bisection, as the flattened butterfly's N/2),
#          UR and wc (node group i to a random node of group i+1, a group
#          being a leaf's nodes).
#          Its flattened-butterfly curve is Fig 4's CLOS AD curve: with both
#          figures (and closad in FB_ROUTINGS) it runs once, as Fig 4's, and
#          its rows are copied under the Fig 6 label.
# Each point is one net_sim run (C model); the CSV rows land in
# $RES/net_fbfly/, and the script writes $RES/net_fbfly.csv, net_fbfly.txt
# (saturation tables, batch times) and the plots net_fbfly_fig4_{ur,wc}.png,
# net_fbfly_fig4_{ur,wc}_acc.png, net_fbfly_fig5.png, net_fbfly_fig6_{ur,wc}.png.
#
# Environment: BUILD [build]; FB_FIGS ["4 5 6"]; FB_TOPO [fbfly:k=32,n=2];
# FB_CFG [hc-k64-4vc, 4 VCs: two classes of two phases] and FB_CFG_SEQ
# [hc-k64-4vc-seq, the same with the sequential allocator, FbSeq=1, for ugals
# and closad]; FB_ROUTINGS ["min-rc val ugal ugals closad"]; FB_LOADS ["0.1 0.2
# 0.3 0.4 0.45 0.5 0.6 0.7 0.8 0.9 1.0"; a zero-load point at 0.02 is added];
# FB_BATCHES ["1 4 16 64 256"]; FB_CLOS_TOPO
# [fclos:k=64,levels=2,tophalf=1,taper=16]; FB_WARMUP [1000], FB_MEASURE
# [2000], FB_DRAIN [4000], FB_LEN [fixed:4], FB_SEED [1]; FB_RESULTS
# [$BUILD/results]; FB_REPORT_ONLY=1 (tables and plots from the last runs);
# JOBS [2]; SWEEP_LAUNCHER or -l LAUNCHER (a launcher in front of every run).
set -u
. "$(dirname "$0")/sweep_lib.sh"
sweep_opts net_fbfly.sh "$@"
B=${BUILD:-build}
SIM=$B/bin/net_sim
FIGS=${FB_FIGS:-4 5 6}
TOPO=${FB_TOPO:-fbfly:k=32,n=2}
CFG=${FB_CFG:-hc-k64-4vc}
CFG_SEQ=${FB_CFG_SEQ:-hc-k64-4vc-seq}
ROUTINGS=${FB_ROUTINGS:-min-rc val ugal ugals closad}
LOADS=${FB_LOADS:-0.1 0.2 0.3 0.4 0.45 0.5 0.6 0.7 0.8 0.9 1.0}
BATCHES=${FB_BATCHES:-1 4 16 64 256}
CLOS_TOPO=${FB_CLOS_TOPO:-fclos:k=64,levels=2,tophalf=1,taper=16}
WARMUP=${FB_WARMUP:-1000}
MEASURE=${FB_MEASURE:-2000}
DRAIN=${FB_DRAIN:-4000}
LEN=${FB_LEN:-fixed:4}
SEED=${FB_SEED:-1}
RES=${FB_RESULTS:-$B/results}
SW_DIR=$RES/net_fbfly
mkdir -p "$SW_DIR"
[ -x "$SIM" ] || { echo "net_fbfly: $SIM is missing (make $SIM)" >&2; exit 2; }

# the configuration a routing runs on (the sequential ones need FbSeq = 1)
cfg_of() { case $1 in ugals | closad) echo "$CFG_SEQ" ;; *) echo "$CFG" ;; esac; }

# one point: "label topo routing cfg pattern load|batch:B"
fb_point() {
    set -- $1
    local label=$1 topo=$2 rt=$3 cfg=$4 pat=$5 x=$6 me=$MEASURE
    local f="$SW_DIR/${label}_$x.csv" more=()
    rm -f "$f"
    case $x in
        batch:*) more=(--batch "${x#batch:}" --load 0.5) ;;
        0.02) more=(--load "$x" --warmup "$WARMUP" --measure $((2 * MEASURE))) ;;
        *) more=(--load "$x" --warmup "$WARMUP" --measure "$me") ;;
    esac
    jr_launch "$SIM" --topo "$topo" --cfg "$cfg" --routing "$rt" --pattern "$pat" \
        --len "$LEN" --drain-max "$DRAIN" --seed "$SEED" --link-lat 10 "${more[@]}" \
        --label "$label" --csv "$f" --quiet > "${f%.csv}.log" 2>&1
    local rc=$?
    if [ $rc -ne 0 ] || [ ! -s "$f" ]; then
        echo "net_fbfly: FAILED $label $x ($rc, ${f%.csv}.log)" >&2
        return 1
    fi
    printf '  %-22s %-9s %s\n' "$label" "$x" "$(grep -E '^net: (offered|batch)' "${f%.csv}.log" | sed 's/^net: //')"
}
export -f fb_point
export SIM WARMUP MEASURE DRAIN LEN SEED SW_DIR

has() { case " $FIGS " in *" $1 "*) return 0 ;; esac; return 1; }
# Fig 6's flattened-butterfly curve is Fig 4's CLOS AD curve (same network,
# configuration, routing, patterns and loads): with both figures and closad
# among the routings it is run once, as Fig 4's, and its rows are copied
# under the Fig 6 label after the runs
dup6=
if has 4 && has 6; then case " $ROUTINGS " in *" closad "*) dup6=1 ;; esac; fi
t0=$(date +%s)
rc=0
if [ -z "${FB_REPORT_ONLY:-}" ]; then
    jobs_file=$SW_DIR/points.txt
    rm -f "$SW_DIR"/*.csv "$SW_DIR"/*.log "$SW_DIR"/*.dat   # no row of an older sweep
    : > "$jobs_file"
    for pat in uniform wc; do
        p=${pat/uniform/ur}
        if has 4; then
            for rt in $ROUTINGS; do
                for l in 0.02 $LOADS; do echo "fig4_${p}__$rt $TOPO $rt $(cfg_of "$rt") $pat $l"; done
            done >> "$jobs_file"
        fi
        if has 6; then
            for l in 0.02 $LOADS; do
                [ -n "$dup6" ] || echo "fig6_${p}__fbfly-closad $TOPO closad $CFG_SEQ $pat $l"
                echo "fig6_${p}__fclos $CLOS_TOPO updown-adaptive $CFG $pat $l"
            done >> "$jobs_file"
        fi
    done
    if has 5; then
        for rt in $ROUTINGS; do
            for b in $BATCHES; do echo "fig5__$rt $TOPO $rt $(cfg_of "$rt") wc batch:$b"; done
        done >> "$jobs_file"
    fi
    echo "net_fbfly: figures $FIGS, $(wc -l < "$jobs_file") points, len $LEN, link latency 10, seed $SEED, ${JOBS:-2} jobs"
    JR_LAUNCH=${SWEEP_LAUNCHER:-} jr_run "$jobs_file" "${JOBS:-2}" net_fbfly fb_point || rc=1
    if [ -n "$dup6" ]; then
        for p in ur wc; do
            for f in "$SW_DIR"/fig4_${p}__closad_*.csv; do
                [ -s "$f" ] || continue
                g=$SW_DIR/fig6_${p}__fbfly-closad_${f##*__closad_}
                sed "2,\$s/\(^\|,\)fig4_${p}__closad\(,\|\$\)/\1fig6_${p}__fbfly-closad\2/" "$f" > "$g"
            done
        done
    fi
fi

CSV=$RES/net_fbfly.csv
sweep_collect "$CSV" || exit 2
T=$RES/net_fbfly.txt
{
    echo "Seed 002 in the kit: $TOPO of $CFG ($CFG_SEQ for ugals and closad), link latency 10,"
    echo "$LEN packets, seed $SEED; window $MEASURE cycles after $WARMUP"
    for p in ur wc; do
        if has 4; then
            echo; echo "### Fig 4, ${p^^}"; echo
            sel=(); for rt in $ROUTINGS; do sel+=("fig4_${p}__$rt"); done
            sweep_sat "$CSV" "${sel[@]}" || exit 2
        fi
        if has 6; then
            echo; echo "### Fig 6, ${p^^}: flattened butterfly against $CLOS_TOPO"; echo
            sweep_sat "$CSV" "fig6_${p}__fbfly-closad" "fig6_${p}__fclos" || exit 2
        fi
    done
    if has 5; then
        echo; echo "### Fig 5, wc: cycles per packet of a node's batch"; echo
        csv_need "$CSV" label batch batch_cycles || exit 2
        printf '| routing |'; for b in $BATCHES; do printf ' B = %s |' "$b"; done; echo
        printf '|---|'; for b in $BATCHES; do printf -- '---|'; done; echo
        for rt in $ROUTINGS; do
            printf '| %s |' "$rt"
            for b in $BATCHES; do
                v=$(csv_awk -v L="fig5__$rt" -v B="$b" 'NR > 1 && $col("label") == L && $col("batch") == B {
                        printf "%.2f", $col("batch_cycles") / B }' "$CSV")
                printf ' %s |' "${v:-n/a}"
            done
            echo
        done
    fi
} > "$T"
cat "$T"
if command -v gnuplot > /dev/null; then
    for p in ur wc; do
        if has 4; then
            sel=(); for rt in $ROUTINGS; do sel+=("fig4_${p}__$rt"); sweep_dat "$CSV" "fig4_${p}__$rt" "$SW_DIR/fig4_${p}__$rt.dat" || exit 2; done
            sweep_plot "$RES/net_fbfly_fig4_$p.png" "$TOPO, ${p^^} (seed 002 Fig 4)" \
                "mean latency (cycles)" 4 "${FB_LATMAX:-300}" "$SW_DIR" "" "${sel[@]}"
            sweep_plot "$RES/net_fbfly_fig4_${p}_acc.png" "$TOPO, ${p^^}: accepted load" \
                "accepted load (phits/cycle/node)" 3 1.05 "$SW_DIR" "" "${sel[@]}"
        fi
        if has 6; then
            sel=("fig6_${p}__fbfly-closad" "fig6_${p}__fclos")
            for c in "${sel[@]}"; do sweep_dat "$CSV" "$c" "$SW_DIR/$c.dat" || exit 2; done
            sweep_plot "$RES/net_fbfly_fig6_$p.png" "N = 1024, ${p^^}: flattened butterfly and folded Clos (seed 002 Fig 6)" \
                "mean latency (cycles)" 4 "${FB_LATMAX:-300}" "$SW_DIR" "" "${sel[@]}"
        fi
    done
    if has 5; then
        plot=""
        i=0
        for rt in $ROUTINGS; do
            i=$((i + 1))
            csv_awk -v L="fig5__$rt" 'NR > 1 && $col("label") == L { print $col("batch"), $col("batch_cycles") / $col("batch") }' "$CSV" |
                sort -n > "$SW_DIR/fig5__$rt.dat"
            plot="$plot${plot:+, }'$SW_DIR/fig5__$rt.dat' using 1:2 with linespoints lw 2 pt $((i + 3)) title '$rt'"
        done
        gnuplot <<EOF
set terminal pngcairo size 900,600 noenhanced
set grid
set logscale x 2
set title "$TOPO, wc: batch completion time (seed 002 Fig 5)"
set xlabel "batch size (packets per node)"
set ylabel "cycles per packet of a node's batch"
set key top right
set output "$RES/net_fbfly_fig5.png"
plot $plot
EOF
    fi
    echo "net_fbfly: plots in $RES/net_fbfly_*.png"
fi
echo "net_fbfly: $(( $(date +%s) - t0 )) s"
exit $rc
