#!/bin/bash
# net_xt.sh - [AK11 §8.2] the Cray XT's SeaStar torus as large as one machine
# runs it (make sweep-net-xt; docs/network.md "[AK11 §8.2]"): net_sim on the
# C models of SeaStar routers (LutBits 12: partitions of 4096 nodes, the GLUT
# beyond), uniform traffic, packets of 4 to 16 phits, a window of 200 cycles
# after 200, one run per line of XT_RUNS ("TOPO CFG LOAD"), JOBS at a time,
# each nice'd under scripts/runstat.py (its CPU seconds and peak memory),
# through the kit's job runner (progress on a terminal).
# Writes $RES/net_xt/ (each run's CSV, log and record), $RES/net_xt.csv and
# net_xt.md (the table); with the default settings and every run passing,
# $RES/publish-sweep-net-xt.txt: make publish-sweep-net-xt puts the table
# into docs/network.md. A run passes when net_sim exits 0 and says PASS
# (every injected packet delivered once, credits home).
#
# usage: scripts/net_xt.sh [--help]
# Environment: BUILD [build]; NR_CONFIGS [configs/configs.txt]; XT_RUNS
# [the 8192-node torus at 0.05 and 0.15 and the 32K torus at 0.05, below];
# XT_RESULTS [$BUILD/results]; JOBS [2]. Exit 0 when every run passed, 1 when
# one failed (nothing to publish), 2 on bad settings (nothing runs).
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
case ${1:-} in -h | --help) script_help "$0"; exit 0 ;; '') ;; *) echo "net_xt.sh: no arguments expected, got '$*' (--help)" >&2; exit 2 ;; esac
B=${BUILD:-build}
pub_configs
SIM=$B/bin/net_sim
[ -x "$SIM" ] || { echo "net_xt.sh: $SIM is missing (make $SIM)" >&2; exit 2; }
setting RUNS XT_RUNS "torus:k=16,n=3,c=2 seastar-p8 0.05
torus:k=16,n=3,c=2 seastar-p8 0.15
torus:k=32,n=3 seastar 0.05"
JOBS=${JOBS:-2}
[[ $JOBS =~ ^[1-9][0-9]*$ ]] || { echo "net_xt.sh: JOBS '$JOBS' is not a count" >&2; exit 2; }
RES=${XT_RESULTS:-$B/results}
mapfile -t runs < <(grep -v '^[[:space:]]*$' <<< "$RUNS")
[ ${#runs[@]} -gt 0 ] || { echo "net_xt.sh: XT_RUNS is empty" >&2; exit 2; }
for r in "${runs[@]}"; do
    set -- $r
    [ $# = 3 ] || { echo "net_xt.sh: XT_RUNS: a run is 'TOPO CFG LOAD', got '$r'" >&2; exit 2; }
    case $1 in torus:* | mesh:*) ;; *) echo "net_xt.sh: XT_RUNS: '$1' is not a torus or mesh" >&2; exit 2 ;; esac
    scripts/cfg.sh "$2" top > /dev/null || exit 2
    need_load net_xt.sh XT_RUNS "$3"
done
pub_begin sweep-net-xt "$RES"
D=$RES/net_xt
rm -rf "$D" && mkdir -p "$D" || { echo "net_xt.sh: cannot make $D" >&2; exit 2; }

# one run, a line "NAME TOPO CFG LOAD" of the jobs file; its files
# D/NAME.{csv,log,stat} (jr_run: JOBS at a time, progress on a terminal)
xt_run() {
    set -- $1
    nice -n 10 scripts/runstat.py "$D/$1.stat" -- "$SIM" --topo "$2" --cfg "$3" --load "$4" \
        --len uniform:4:16 --warmup 200 --measure 200 --seed 1 --csv "$D/$1.csv" > "$D/$1.log" 2>&1
}
export -f xt_run
export D SIM
t0=$(date +%s)
echo "net_xt: ${#runs[@]} runs, $JOBS at a time (the 32K torus: about 14 CPU minutes and 5 GB)"
for i in "${!runs[@]}"; do echo "run$i ${runs[$i]}"; done > "$D/runs.txt" || { echo "net_xt.sh: cannot write $D/runs.txt" >&2; exit 2; }
jr_run "$D/runs.txt" "$JOBS" net_xt xt_run
rc=0
echo "network (commas as ;),cfg,load,nodes,routers,partitions,offered,accepted,delivered,never_injected,lat_mean,lat_p99,cpu_s,rss_mb,result" > "$D.csv.tmp"
for i in "${!runs[@]}"; do
    set -- ${runs[$i]}
    f=$D/run$i
    res=FAIL
    if [ -s "$f.csv" ] && grep -q '; PASS$' "$f.log" && [ -s "$f.stat" ]; then res=PASS; fi
    if [ $res != PASS ]; then
        echo "net_xt: FAILED $1 $2 $3 ($f.log)" >&2
        rc=1
        continue
    fi
    ni=$(sed -n 's/.* \([0-9]*\) packets left in the source queues.*/\1/p' "$f.log")
    pp=$(sed -n 's/^net: \([0-9]*\) SeaStar partitions.*/\1/p' "$f.log")
    awk -F, -v topo="${1//,/;}" -v cfg="$2" -v load="$3" -v ni="${ni:-0}" -v pp="${pp:-1}" \
        -v cpu="$(sed -n 's/.*cpu_s=\([0-9.]*\).*/\1/p' "$f.stat")" \
        -v mem="$(sed -n 's/.*rss_mb=\([0-9.]*\).*/\1/p' "$f.stat")" '
        NR == 1 { for (k = 1; k <= NF; k++) c[$k] = k; next }
        NR == 2 { printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%.0f,%.0f,PASS\n", topo, cfg, load, $c["nodes"], $c["routers"], pp,
                  $c["offered"], $c["accepted"], $c["delivered"], ni, $c["lat_mean"], $c["lat_p99"], cpu, mem }' "$f.csv" >> "$D.csv.tmp"
done
mv "$D.csv.tmp" "$D.csv" || { echo "net_xt.sh: cannot write $D.csv" >&2; exit 1; }
T=$RES/net_xt.md
{
    echo "uniform traffic, packets of 4 to 16 phits (uniform:4:16), seed 1, a window of 200 cycles after 200, then the drain; C models of SeaStar routers (seastar: 7 ports, one node a router; seastar-p8: 8 ports, two); CPU and peak memory of the process (scripts/runstat.py); PASS: every injected packet delivered once, credits home"
    echo
    echo "| network | routers | nodes | LUT partitions | load | accepted | packets delivered (never injected) | latency mean / p99 (cycles) | CPU (s) | peak memory (MB) |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    awk -F, 'NR > 1 { t = $1; gsub(/;/, ",", t)
                      printf "| `%s`, %s | %s | %s | %s | %s | %.4f | %s (%s) | %.1f / %s | %s | %s |\n", t, $2, $5, $4, $6, $3, $8, $9, $10, $11, $12, $13, $14 }' "$D.csv"
} > "$T" || { echo "net_xt.sh: cannot write $T" >&2; exit 1; }
cat "$T"
pub_table net-xt docs/network.md "$T"
echo "net_xt: $(($(date +%s) - t0)) s"
pub_finish $rc "make sweep-net-xt"
