#!/bin/bash
# net_upsel.sh - YARC's two adaptive up choices side by side (make
# sweep-net-upsel; docs/network.md "The up-route rule"): step 4, the highest
# credit count (--up-sel 0), against the seed's column rule, step 4s with 2
# occupancy bits and the matrix tie-break (--up-sel 7, bw:'s default;
# docs/yarc-arch.md 5), in two networks: [ACK12] Fig 13's 4096-node folded
# Clos of radix-32 hc routers (fclos:k=32,levels=3,tophalf=1 of hc-k32-4vc,
# on BC, BR and UR as in that figure) and BlackWidow's rank 2.5, 4608
# processors in nine rank-2 subtrees joined by side links
# (bw:rank=2,side=9 of yarc-k64-bare-side, on UR and a random permutation). Each point is one
# net_sim run (C model, updown-adaptive, 4-phit packets, link latency 10);
# rows in $RES/net_upsel/, then $RES/net_upsel.csv and net_upsel.md: the
# saturation table of every curve, and each load's mean latency and accepted
# load under both rules.
#
# usage: scripts/net_upsel.sh [-l LAUNCHER] [--help]
# Environment: BUILD [build]; NR_CONFIGS [configs/configs.txt]; US_FIG13
# ["fclos:k=32,levels=3,tophalf=1 hc-k32-4vc"] and US_RANK25 ["bw:rank=2,side=9
# yarc-k64-bare-side"], each a topology and a configuration; US_LOADS
# ["0.4 0.7 1.0"; a zero-load point at 0.02 is added]; US_WARMUP [500],
# US_MEASURE [1000], US_DRAIN [1000]; US_LEN [fixed:4]; US_SEED [1];
# US_LATMAX [800]; US_RESULTS [$BUILD/results]; US_REPORT_ONLY=1 (tables from
# the last runs); JOBS [2]; SWEEP_LAUNCHER or -l LAUNCHER. About 30 CPU
# minutes. A complete run with the default settings writes
# $BUILD/results/publish-sweep-net-upsel.txt: `make
# publish-sweep-net-upsel` puts the table into docs/network.md. Exit 0 when
# every point passed, 1 when one failed (nothing to publish), 2 on bad
# settings (nothing runs).
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
sweep_opts net_upsel.sh "$@"
net_settings net_upsel.sh US "0.4 0.7 1.0" 500 1000 1000 800
setting FIG13 US_FIG13 "fclos:k=32,levels=3,tophalf=1 hc-k32-4vc"
setting RANK25 US_RANK25 "bw:rank=2,side=9 yarc-k64-bare-side"
for x in "$FIG13" "$RANK25"; do
    [[ $x =~ ^[^\ ]+\ [^\ ]+$ ]] || { echo "net_upsel.sh: US_FIG13 and US_RANK25 are 'TOPOLOGY CONFIGURATION', got '$x'" >&2; exit 2; }
done
# network label, topology, configuration, patterns (label:pattern)
NETS=("fig13 $FIG13 bc:bitcomp br:bitrot ur:uniform" "rank25 $RANK25 ur:uniform rp:randperm")

t0=$(date +%s)
rc=0
curves=()
for n in "${NETS[@]}"; do
    read -r nl topo cfg pats <<< "$n"
    for pc in $pats; do
        for u in 0 7; do curves+=("${nl}-${pc%%:*}__up$u"); done
    done
done
if [ -z "${US_REPORT_ONLY:-}" ]; then
    for n in "${NETS[@]}"; do
        read -r nl topo cfg pats <<< "$n"
        for pc in $pats; do
            for u in 0 7; do
                net_curve "${nl}-${pc%%:*}__up$u" "$topo" "$cfg" "${pc#*:}" --routing updown-adaptive --up-sel $u
            done
        done
    done > "$JOBS_FILE"
    net_run "the up-route rules, step 4 and 4s" || rc=1
fi
net_collect "${US_REPORT_ONLY:-}"
T=$RES/net_upsel.md
{
    echo "updown-adaptive, $LEN packets, link latency 10, seed $SEED; window $MEASURE cycles after $WARMUP, drain limit $DRAIN; fig13: ${FIG13/ / of }; rank25: ${RANK25/ / of }; __up0 step 4 (--up-sel 0), __up7 the column rule (--up-sel 7)"
    echo
    sweep_report sat "$CSV" "${curves[@]}" || exit 2
    echo
    echo "| network, pattern | offered load | mean latency, step 4 | mean latency, column rule | ratio | accepted, step 4 | accepted, column rule |"
    echo "|---|---|---|---|---|---|---|"
    awk -F, '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        {
            split($c["label"], p, "__"); k = p[1] SUBSEP $c["load"]
            if (!(k in seen)) { seen[k] = 1; order[++n] = k }
            lat[k, p[2]] = $c["lat_mean"]; acc[k, p[2]] = $c["accepted"]
        }
        END {
            for (i = 1; i <= n; i++) {
                k = order[i]; split(k, q, SUBSEP); a = lat[k, "up0"]; b = lat[k, "up7"]
                printf "| %s | %s | %.1f | %.1f | %.2f | %.3f | %.3f |\n", q[1], q[2], a, b, (a > 0 ? b / a : 0), acc[k, "up0"], acc[k, "up7"]
            }
        }' "$CSV" | sort -t'|' -k2,2 -k3,3n
} > "$T"
cat "$T"
pub_table net-upsel docs/network.md "$T"
echo "net_upsel: $(($(date +%s) - t0)) s"
pub_finish $rc "make sweep-net-upsel"
