#!/bin/bash
# cost_pareto.sh - cost against performance (make cost-pareto, make
# cost-pareto-4k; docs/cost.md §5, issue 49 item 3): for each topology and
# routing of the kit at N = 1K or 4K, the saturation throughput from the
# simulator (C model, UR and the worst case of ISCA'07 §4.1) against the
# cost per node from the model (build/bin/net_cost --table pareto --rtr-cost
# counts, which also marks the Pareto front; each router's silicon from its
# organization's counts).
# A curve (network, routing, pattern) is a run at offered load 1.0; with
# PARETO_RUNS > 1 a bisection on the offered load follows: a run at the load
# the first accepted, then halfway between the largest stable load (accepted
# >= 0.95 of offered) and the smallest unstable one, until they are within
# PARETO_RES or PARETO_RUNS runs are done. The curve's saturation throughput
# is the largest load a run accepted (docs/cost.md §5), that of the
# measurement window; the drain after it is cut at 500 cycles (the run notes
# it), which does not change it.
#
# usage: scripts/cost_pareto.sh [--help]
# Environment: BUILD [build]; PARETO_SIZE [1k] (1k: the flow cost-pareto;
# 4k: cost-pareto-4k); PARETO_WARMUP [500], PARETO_MEASURE [1000],
# PARETO_SEED [1], PARETO_RUNS [1], PARETO_RES [0.05]; JOBS [2];
# PARETO_REPORT_ONLY=1 (the table and plot from the last runs, their outcome
# as recorded).
# Outputs in $BUILD/results/cost_pareto (4k: cost_pareto_4k): one CSV per run
# in runs/, all.csv (every run), runs.csv (each curve's run of the largest
# accepted load), pareto.csv, pareto.md and pareto.png; with the default
# settings also $BUILD/results/publish-FLOW.txt (make publish-FLOW puts the
# table between the FLOW markers of docs/cost.md and the plot and CSV into
# docs/img/cost_pareto.png and .csv, 4k: cost_pareto_4k.png and .csv).
# Exit 0 when every run passed, 1 when one failed, 2 on bad settings.
set -eu
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
SIZE=${PARETO_SIZE:-1k}
case $SIZE in
    1k) FLOW=cost-pareto TAG= ;;
    4k) FLOW=cost-pareto-4k TAG=_4k ;;
    *) echo "cost_pareto.sh: PARETO_SIZE: '$SIZE' is not 1k or 4k" >&2; exit 2 ;;
esac
pub_start $FLOW "$@"
pub_configs
setting WU PARETO_WARMUP 500
setting ME PARETO_MEASURE 1000
setting SEED PARETO_SEED 1
setting NRUNS PARETO_RUNS 1
setting RES PARETO_RES 0.05
JOBS=${JOBS:-2}
SIM=$B/bin/net_sim NC=$B/bin/net_cost OUT=$B/results/cost_pareto$TAG
for x in "$SIM" "$NC"; do [ -x "$x" ] || { echo "cost_pareto.sh: $x is not built (make $x)" >&2; exit 2; }; done
# TOPO CFG ROUTING [LEN]: the networks of each size (docs/network.md), in
# the order the jobs start; LEN the packets' phits (4 unless given: the
# butterfly's source routes and updown-hash need 5, the route or hash phit
# and 4). At 4K MIN AD and the oblivious up*-down* routings are not run (a
# 4K run is 50 to 120 CPU seconds)
runs() {
    local fb
    case $1 in
        1k) fb=fbfly:k=32,n=2
            echo "$fb hc-k64-4vc min-rc"
            echo "fclos:k=64,levels=2,tophalf=1 hc-k64-4vc updown-adaptive"
            echo "hcube:n=10 cn-k16-4vc-bare ecube"
            echo "dfly:p=4,a=8,h=4 hc-k64-4vc min"
            echo "bfly:k=10,n=3 hc-k64-4vc dtag 5"
            echo "fclos:k=64,levels=2,tophalf=1,taper=16 hc-k64-4vc updown-adaptive"
            echo "bw:rank=2 hc-k64-4vc updown-adaptive"
            echo "fclos:k=64,levels=2,tophalf=1 fc-k64-4vc updown-adaptive"
            echo "fclos:k=64,levels=2,tophalf=1 bb-k64-4vc updown-adaptive"
            echo "$fb hc-k64-4vc-seq ugals"
            echo "$fb hc-k64-4vc ugal"
            echo "$fb hc-k64-4vc-seq closad"
            echo "$fb hc-k64-4vc val"
            echo "$fb hc-k64-4vc minad"
            # the oblivious up*-down* routings (the hash needs its phit)
            echo "fclos:k=64,levels=2,tophalf=1 hc-k64-4vc updown-det"
            echo "fclos:k=64,levels=2,tophalf=1 hc-k64-4vc updown-hash 5"
            echo "bw:rank=2 hc-k64-4vc updown-det"
            echo "bw:rank=2 hc-k64-4vc updown-hash 5" ;;
        4k) fb=fbfly:k=16,n=3 # 4K of radix-32 routers: a 3-level folded Clos
            # VAL, UGAL, UGAL-S and CLOS AD on the 3-flat of hc routers:
            # refused by the network's deadlock check (docs/fbfly-routing.md §7);
            # VAL and UGAL on the crossbar cn, which has no shared buffers (no
            # FbSeq=1 cn-k64 configuration: no UGAL-S, CLOS AD); no dragonfly
            # (the routers' FB mode takes a*p + g-1 <= 64 logical ports: at
            # most 1056 nodes, docs/cost.md §5)
            echo "$fb cn-k64-4vc val"
            echo "$fb cn-k64-4vc ugal"
            echo "hcube:n=12 cn-k16-4vc-bare ecube"
            echo "$fb hc-k64-4vc min-rc"
            echo "$fb cn-k64-4vc min-rc"
            echo "bfly:k=16,n=3 hc-k64-4vc dtag 5"
            echo "fclos:k=32,levels=3,tophalf=1 fc-k32-4vc updown-adaptive"
            echo "fclos:k=32,levels=3,tophalf=1 bb-k32-4vc updown-adaptive" ;;
    esac
}
REPORT_ONLY=${PARETO_REPORT_ONLY:-0}
if [ "$REPORT_ONLY" != 1 ]; then
rm -rf "$OUT" && mkdir -p "$OUT/runs"
: > "$OUT/jobs"
runs "$SIZE" > "$OUT/r"
while read -r topo cfg rt len; do
    for pat in uniform wc; do echo "$topo $cfg $rt $pat ${len:-4}" >> "$OUT/jobs"; done
done < "$OUT/r"
one() { # TOPO CFG ROUTING PATTERN LEN: the curve's bisection (the header)
    local tag f n=0 load=1.0 lo=0 hi=1.0 off acc st
    tag=$(echo "$1_$2_$3_$4" | tr ':,=' '-__')
    while :; do
        n=$((n + 1))
        f="$OUT/runs/${tag}_$n.csv"
        "$SIM" --topo "$1" --cfg "$2" --routing "$3" --pattern "$4" --load "$load" --len "fixed:$5" \
            --warmup "$WU" --measure "$ME" --drain-max 500 --seed "$SEED" --quiet --csv "$f" > "$f.log" 2>&1 ||
            { echo "cost_pareto.sh: FAIL $* at load $load: $f.log" >&2; return 1; }
        read -r off acc < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
            NR == 2 { print $c["offered"], $c["accepted"] }' "$f")
        st=$(awk -v o="$off" -v a="$acc" 'BEGIN { print (a >= 0.95 * o) }')
        echo "run $* load $load: offered $off accepted $acc$([ "$st" = 1 ] && echo ' (stable)')"
        if [ "$st" = 1 ]; then lo=$load; else hi=$load; fi
        [ "$n" -lt "$NRUNS" ] || break
        if [ "$n" = 1 ]; then
            [ "$st" = 0 ] || break # stable at full load
            load=$(awk -v a="$acc" 'BEGIN { printf "%.4f", a < 0.01 ? 0.01 : a }')
        else
            awk -v l="$lo" -v h="$hi" -v r="$RES" 'BEGIN { exit !(h - l > r) }' || break
            load=$(awk -v l="$lo" -v h="$hi" 'BEGIN { printf "%.4f", (l + h) / 2 }')
        fi
    done
    echo "done $*: stable to $lo, unstable from $hi ($n runs)"
}
export -f one
export SIM OUT WU ME SEED NRUNS RES
rc=0
xargs -P "$JOBS" -L 1 bash -c 'one "$@"' _ < "$OUT/jobs" || rc=1
pub_runs_save "$OUT/runs.rc" $rc
else
    rc=0
    pub_runs_load "$OUT/runs.rc" || rc=1
fi
csv_cat() { local f first=1; for f in "$@"; do if [ $first = 1 ]; then cat "$f"; first=0; else tail -n +2 "$f"; fi; done; }
csv_cat "$OUT"/runs/*.csv > "$OUT/all.csv" || rc=1
# each curve's run of the largest accepted load
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    { k = $c["topo"] "," $c["cfg"] "," $c["routing"] "," $c["pattern"]
      if (!(k in best) || $c["accepted"] + 0 > acc[k]) { best[k] = $0; acc[k] = $c["accepted"] + 0 }
      if (!(k in seen)) { seen[k] = 1; order[++n] = k } }
    END { for (i = 1; i <= n; i++) print best[order[i]] }' "$OUT/all.csv" > "$OUT/runs.csv" || rc=1
"$NC" --table pareto --runs "$OUT/runs.csv" --rtr-cost counts > "$OUT/pareto.csv" || rc=1
"$NC" --table pareto-md --runs "$OUT/runs.csv" --rtr-cost counts > "$OUT/pareto.md" || rc=1
cat "$OUT/pareto.md"
pargs=()
for pat in uniform wc; do
    pargs+=(--panel "$pat" --xlabel '$ per node (model)' --ylabel 'saturation throughput' --yrange 0:1
        --key 'outside right top' --csv "$OUT/pareto.csv" --filter "pattern=$pat")
    while read -r name; do pargs+=(--where "name=$name" --curve "$name" cost_per_node accepted); done \
        < <(awk -F, -v p="$pat" 'NR > 1 && $2 == p { print $1 }' "$OUT/pareto.csv" | sort -u)
    pargs+=(--where front=1 --curve 'Pareto front' cost_per_node accepted)
done
scripts/plot.py "$OUT/pareto.png" --size 2000,1700 --layout 2,1 \
    --title "cost (model) against saturation throughput (simulator, C model), N = ${SIZE^^}" "${pargs[@]}" || rc=1
pub_table $FLOW docs/cost.md "$OUT/pareto.md"
pub_file "docs/img/cost_pareto$TAG.png" "$OUT/pareto.png"
pub_file "docs/img/cost_pareto$TAG.csv" "$OUT/pareto.csv"
pub_finish $rc "make $FLOW"
