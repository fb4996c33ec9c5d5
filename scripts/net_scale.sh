#!/bin/bash
# net_scale.sh - how the network simulator's cost grows with the network
# (make bench-net-scale; a benchmark, never a timed test): networks of the
# kit's C models from 64 to 32 768 nodes, each at two loads, one run at a
# time, one thread; for each the nodes, routers and links, the packets in
# flight (Little's law: packets accepted per cycle times their mean latency),
# the start (the network's build, table check and programming, timed apart
# with a one-cycle window), the CPU seconds per network cycle after it, per
# router-cycle and per phit-hop, and the peak memory (scripts/runstat.py),
# in total and per router.
#
# usage: scripts/net_scale.sh [--help]
# Environment: BUILD [build]; NETSCALE_RUNS (one "NAME TOPO CFG ROUTING
# WARMUP MEASURE" per line; default below: folded Closes of radix-16, -32 and
# -64 routers, flattened butterflies, the planes of BlackWidow up to its 16K
# nodes and a 32K-node folded Clos); NETSCALE_LOADS ["0.05 0.3"];
# NETSCALE_RESULTS [$BUILD/results]. Writes RESULTS/net_scale.csv, .md and
# net_scale_{time,mem}.png; when every run passed with the default settings
# also RESULTS/publish-bench-net-scale.txt (`make publish-bench-net-scale`
# puts the table between the bench-net-scale markers of docs/network.md and
# the plots into docs/img). Exit 0, 1 when a run failed, 2 on bad usage.
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh # jobrun, the publish manifest
. scripts/bench_lib.sh
case ${1:-} in -h | --help) script_help "$0"; exit 0 ;; '') ;; *) echo "net_scale.sh: no arguments expected, got '$*' (--help)" >&2; exit 2 ;; esac
B=${BUILD:-build}
pub_configs
SIM=$B/bin/net_sim
[ -x "$SIM" ] || { echo "net_scale: $SIM is missing (make $SIM)" >&2; exit 2; }
OUT=${NETSCALE_RESULTS:-$B/results}
pub_begin bench-net-scale "$OUT"
mkdir -p "$OUT" || exit 2
setting RUNS NETSCALE_RUNS "fbfly64 fbfly:k=4,n=3 yarc-k16-bare min-rc 500 2000
clos128 fclos:levels=2 yarc-k16-bare updown-adaptive 500 2000
fbfly512 fbfly:k=8,n=3 hc-k32-4vc min-rc 200 1000
clos1024 fclos:levels=3 yarc-k16-bare updown-adaptive 200 500
bw1024 bw:rank=2 yarc-k64-bare updown-adaptive 200 500
fig13 fclos:k=32,levels=3,tophalf=1 hc-k32-4vc updown-adaptive 100 300
clos8192 fclos:levels=4 yarc-k16-bare updown-adaptive 100 200
bw16k bw:rank=3 yarc-k64-bare updown-adaptive 50 100
clos32k fclos:k=64,levels=3,tophalf=1 yarc-k64-bare updown-adaptive 50 100"
setting LOADS NETSCALE_LOADS "0.05 0.3"
TRAF="--pattern ur --len fixed:4 --link-lat 10 --seed 1 --quiet"
CSV=$OUT/net_scale.csv
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
LOAD0=$(bench_load)
mapfile -t runs <<< "$RUNS"
nrun=$(( ${#runs[@]} * $(echo $LOADS | wc -w) )) irun=0 t0=$(date +%s)
echo "name,load,nodes,routers,links,cycles,start_s,run_s,rss_mb,phit_hops,accepted,lat_mean,in_flight,us_per_cycle,ns_per_router_cycle,ns_per_phit_hop,kb_per_router" > "$CSV.tmp"
rc=0
for r in "${runs[@]}"; do
    set -- $r
    [ $# = 6 ] || { echo "net_scale: a run is 'NAME TOPO CFG ROUTING WARMUP MEASURE', got '$r'" >&2; exit 2; }
    name=$1 topo=$2 cfg=$3 rt=$4 wu=$5 me=$6
    for load in $LOADS; do
        progress_step net_scale "$irun" "$nrun" "$t0" "next $name at $load"
        irun=$((irun + 1))
        args=(--topo "$topo" --cfg "$cfg" --routing "$rt" --load "$load" $TRAF)
        rm -f "$T/s.csv" "$T/r.csv"
        scripts/runstat.py "$T/s.stat" -- "$SIM" "${args[@]}" --warmup 0 --measure 1 --drain-max 0 \
            --csv "$T/s.csv" > "$T/s.log" 2>&1 || true # the drain limit may end it
        if ! scripts/runstat.py "$T/r.stat" -- "$SIM" "${args[@]}" --warmup "$wu" --measure "$me" \
            --csv "$T/r.csv" > "$OUT/net_scale_$name.$load.log" 2>&1; then
            echo "net_scale: $name at $load FAILED ($OUT/net_scale_$name.$load.log)" >&2
            rc=1
            continue
        fi
        links=$(sed -n 's/^net: .* \([0-9]*\) links;.*/\1/p' "$OUT/net_scale_$name.$load.log")
        python3 - "$name" "$load" "$links" "$T/s.stat" "$T/r.stat" "$T/s.csv" "$T/r.csv" >> "$CSV.tmp" << 'EOF' || rc=1
import csv, sys
name, load, links, ss, rs, sc, rcsv = sys.argv[1:8]
def stat(f):
    return dict(kv.split("=") for kv in open(f).read().split())
def row(f):
    return list(csv.DictReader(open(f)))[-1]
s, r, a, b = stat(ss), stat(rs), row(sc), row(rcsv)
run = float(r["cpu_s"]) - float(s["cpu_s"])
cyc = int(b["cycles"]) - int(a["cycles"])
hops = float(b["phit_hops"]) - float(a["phit_hops"])
nodes, rtrs = int(b["nodes"]), int(b["routers"])
# packets in flight, by Little's law: packets accepted per cycle (4-phit
# packets) times their mean latency (generation to tail)
fl = float(b["accepted"]) * nodes / 4.0 * float(b["lat_mean"])
print("%s,%s,%d,%d,%s,%d,%.2f,%.2f,%.1f,%.0f,%s,%s,%.0f,%.1f,%.1f,%.1f,%.1f" % (
    name, load, nodes, rtrs, links or "0", cyc, float(s["cpu_s"]), run, float(r["rss_mb"]), hops,
    b["accepted"], b["lat_mean"], fl, 1e6 * run / cyc, 1e9 * run / cyc / rtrs,
    1e9 * run / hops if hops else 0.0, 1024.0 * float(r["rss_mb"]) / rtrs))
EOF
        tail -1 "$CSV.tmp"
    done
done
mv "$CSV.tmp" "$CSV"
[ $rc = 0 ] || { echo "net_scale: a run failed; nothing to publish" >&2; pub_finish 1; exit 1; }
LOAD1=$(bench_load)
TABLE=$OUT/net_scale.md
{
    echo "Measured by \`make bench-net-scale\` ($(date +%F)): $(bench_stamp) on $(bench_machine), one run at a time, one thread; load average $LOAD0 before and $LOAD1 after. Command of each run: \`net_sim --topo TOPO --cfg CFG --routing ROUTING --load L $TRAF --warmup W --measure M\` (\`scripts/net_scale.sh\`, the runs in its header); seconds are CPU seconds of the process (scripts/runstat.py), the start (build, table check, programming) timed apart with a one-cycle window and taken off the rest; packets in flight by Little's law (accepted packets per cycle times their mean latency); memory the peak resident set."
    echo
    echo "| network | configuration | load | nodes | routers | links | packets in flight | start s | µs per network cycle | ns per router-cycle | ns per phit-hop | MB | KB per router |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    for r in "${runs[@]}"; do
        set -- $r
        for load in $LOADS; do
            awk -F, -v n="$1" -v l="$load" -v t="$2" -v c="$3" '$1 == n && $2 == l {
                printf "| %s | %s | %s | %d | %d | %d | %d | %.1f | %.0f | %.0f | %.0f | %.0f | %.1f |\n", t, c, l, $3, $4, $5, $13, $7, $14, $15, $16, $9, $17 }' "$CSV"
        done
    done
} > "$TABLE"
cat "$TABLE"
# the plots: cost per network cycle and memory against the node count
for l in $LOADS; do f+=(--where "load=$l" --curve "load $l" nodes us_per_cycle); done
scripts/plot.py "$OUT/net_scale_time.png" --title "net_sim: CPU time per network cycle against the network's size" \
    --xlabel nodes --ylabel "us per network cycle" --logx --logy --key "top left" --csv "$CSV" "${f[@]}" || rc=1
f=()
for l in $LOADS; do f+=(--where "load=$l" --curve "load $l" nodes rss_mb); done
scripts/plot.py "$OUT/net_scale_mem.png" --title "net_sim: peak memory against the network's size" \
    --xlabel nodes --ylabel "MB" --logx --logy --key "top left" --csv "$CSV" "${f[@]}" || rc=1
pub_table bench-net-scale docs/network.md "$TABLE"
pub_file docs/img/net_scale_time.png "$OUT/net_scale_time.png"
pub_file docs/img/net_scale_mem.png "$OUT/net_scale_mem.png"
pub_finish $rc
