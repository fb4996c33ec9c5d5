#!/bin/bash
# net_f19.sh - [HP-F] Fig F.19 in the kit's network (make sweep-net-f19;
# docs/network.md "Fig F.19"): uniform traffic on the 4096-node 3-D torus
# (torus:k=16,n=3, routed by coordinates), packets of 256 phits (a phit is
# the figure's byte-sized flit: one per link and cycle, so phits/cycle/node
# are its bytes/cycle/node), 10-cycle links, dimension order with datelines
# on routers of 2 and 4 VCs (f19-k8-2vc, f19-k8-4vc: cn crossbars, one
# packet of buffer per VC). Latency and accepted load against offered load,
# peak and sustained throughput (the most accepted, and the accepted at the
# highest load), and the claims. Adaptive routing is not built (docs/network.md
# "Not built"): its rows say so. Each point is one net_sim run (C model),
# nice'd; rows in $RES/net_f19/, then $RES/net_f19.csv, net_f19.md (the
# table and claims) and the plots net_f19.png, net_f19_acc.png.
#
# usage: scripts/net_f19.sh [-l LAUNCHER] [--help]
# Environment: BUILD [build]; NR_CONFIGS [configs/configs.txt]; F19_TOPO
# [torus:k=16,n=3]; F19_CFGS ["f19-k8-2vc f19-k8-4vc"]; F19_LOADS ["0.1 0.2
# 0.3 0.35 0.4 0.45 0.5 0.6"; a zero-load point at 0.02 is added];
# F19_WARMUP [2000], F19_MEASURE [4000], F19_DRAIN [4000] (shortened windows:
# a 4096-router cycle costs tens of milliseconds in the C model, so a point
# takes minutes), F19_LEN [fixed:256], F19_SEED [1], F19_LATMAX [3000];
# F19_RESULTS [$BUILD/results]; F19_REPORT_ONLY=1 (tables and plots from the
# last runs); JOBS [2]; SWEEP_LAUNCHER or -l LAUNCHER. A complete run with the
# default settings writes $BUILD/results/publish-sweep-net-f19.txt: `make
# publish-sweep-net-f19` puts the table into docs/network.md and the plots
# into docs/img/. Exit 0 when every point passed, 1 when one failed (nothing
# to publish), 2 on bad settings (nothing runs).
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
sweep_opts net_f19.sh "$@"
net_settings net_f19.sh F19 "0.1 0.2 0.3 0.35 0.4 0.45 0.5 0.6" 2000 4000 4000 3000 fixed:256
setting TOPO F19_TOPO torus:k=16,n=3
setting CFGS F19_CFGS "f19-k8-2vc f19-k8-4vc"
[ -n "$CFGS" ] || { echo "net_f19.sh: F19_CFGS may not be empty" >&2; exit 2; }
# the torus's radix: the ideal UR throughput is 8/k phits/cycle/node
k=$(sed -n 's/.*k=\([0-9]*\).*/\1/p' <<< "$TOPO")
[ -n "$k" ] || { echo "net_f19.sh: F19_TOPO '$TOPO' is not a torus:k=K,n=N" >&2; exit 2; }

t0=$(date +%s)
rc=0
if [ -z "${F19_REPORT_ONLY:-}" ]; then
    for c in $CFGS; do net_curve "dor__$c" "$TOPO" "$c" uniform --routing dor; done > "$JOBS_FILE"
    net_run "$TOPO, UR, dimension order" || rc=1
fi
net_collect "${F19_REPORT_ONLY:-}"
T=$RES/net_f19.md
{
    echo "$TOPO, uniform traffic, $LEN packets (a phit for the figure's byte flit), link latency 10, seed $SEED; window $MEASURE cycles after $WARMUP, drain limit $DRAIN (shortened windows); peak = the most accepted, sustained = the accepted at the highest load"
    echo
    sel=(); for c in $CFGS; do sel+=("dor__$c"); done
    sweep_report sat "$CSV" "${sel[@]}" || exit 2
    echo
    echo "| [HP-F] Fig F.19 says | kit | verdict |"
    echo "|---|---|---|"
    awk -F, -v k="$k" '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        {
            l = $c["label"]; ld = $c["load"] + 0; acc = $c["accepted"] + 0
            if (ld < 0.05) next
            seen[l] = 1
            if (acc > pk[l]) pk[l] = acc
            if (ld >= top[l]) { top[l] = ld; sus[l] = acc }
        }
        END {
            b = 8 / k; d2 = "dor__f19-k8-2vc"; d4 = "dor__f19-k8-4vc"
            if (d2 in seen)
                printf "| deterministic routing with 2 VCs peaks at 0.37 bytes/cycle/node, 74 %% of the bisection bound 0.5 | dimension order, datelines on the 2 VCs: peak %.3f (%.0f %% of 8/k = %.3f) | %s |\n", pk[d2], 100 * pk[d2] / b, b, (pk[d2] >= 0.32 && pk[d2] <= 0.42 ? "agree" : "**disagree**")
            if ((d2 in seen) && (d4 in seen))
                printf "| more VCs (4 against 2) give a higher peak | peak %.3f with 4 VCs (2 classes of 2), %.3f with 2 | %s |\n", pk[d4], pk[d2], (pk[d4] > 1.02 * pk[d2] ? "agree" : "**disagree**")
            for (l in seen)
                printf "| beyond saturation the throughput drops (sustained below peak) | %s: peak %.3f, sustained %.3f at %s | %s |\n", substr(l, 6), pk[l], sus[l], top[l], (sus[l] < 0.98 * pk[l] ? "agree" : "**disagree**")
            printf "| adaptive routing with 4 VCs peaks at 0.43 bytes/cycle/node, 86 %% of 0.5; it drops more after saturation than deterministic | not built: a route is fixed at RC, so a packet cannot turn to the escape VC (docs/network.md) | not tested |\n"
        }' "$CSV" | sort
} > "$T"
cat "$T"
sel=(); for c in $CFGS; do sel+=("dor__$c=dor-${c#f19-k8-}"); done
net_plots net_f19 "$TOPO, UR, $LEN packets ([HP-F] Fig F.19)" "$TOPO, UR: accepted load" "$CSV" "${sel[@]}" || rc=1
pub_table net-f19 docs/network.md "$T"
echo "net_f19: plots in $RES/net_f19*.png"
echo "net_f19: $(($(date +%s) - t0)) s"
pub_finish $rc "make sweep-net-f19"
