#!/bin/bash
# net_f19.sh - [HP-F] Fig F.19 in the kit's network (make sweep-net-f19;
# docs/network.md "Fig F.19"): uniform traffic on a 3-D torus routed by
# coordinates, by default the 8-ary 3-cube (512 nodes; the figure's 16-ary,
# 4096 nodes, with --4k: a 4096-router cycle costs 10 to 30 ms of CPU in
# the C model, about an hour for the sweep), packets of 256 phits (a phit
# is the figure's byte-sized flit: one per link and cycle, so phits/cycle/node
# are its bytes/cycle/node), 10-cycle links, dimension order with datelines
# and adaptive routing with an escape VC (docs/network.md "Topology: torus and
# mesh") on routers of 2 and 4 VCs (f19-k8-2vc, f19-k8-4vc: cn crossbars, one
# packet of buffer per VC). Latency and accepted load against offered load,
# peak and sustained throughput (the most accepted, and the accepted at the
# highest load), and the claims, each load a fraction of the bound 8/k.
# Each point is one net_sim run (C model),
# nice'd; rows in $RES/net_f19/, then $RES/net_f19.csv, net_f19.md (the
# table and claims) and the plots net_f19.png, net_f19_acc.png.
#
# With --4k, the figure's own network: the 16-ary 3-cube (4096 nodes, bound
# 0.5), a flow of its own (make sweep-net-f19-4k; results in
# $RES/net_f19_4k*, published by make publish-sweep-net-f19-4k into its own
# table); F19_TOPO's default is then torus:k=16,n=3.
#
# usage: scripts/net_f19.sh [--4k] [-l LAUNCHER] [--help]
# Environment: BUILD [build]; NR_CONFIGS [configs/configs.txt]; F19_TOPO
# [torus:k=8,n=3]; F19_CFGS ["f19-k8-2vc f19-k8-4vc"]; F19_ROUTINGS ["dor
# adaptive"]; F19_LOADS ["0.1 0.2 0.3 0.4 0.6 1.0"; a zero-load point at 0.02 is
# added]; F19_WARMUP [1000], F19_MEASURE [2000], F19_DRAIN [2000] (a reduced
# sweep), F19_LEN [fixed:256], F19_SEED [1], F19_LATMAX [3000];
# F19_RESULTS [$BUILD/results]; F19_REPORT_ONLY=1 (tables and plots from the
# last runs); JOBS [2]; SWEEP_LAUNCHER or -l LAUNCHER. A complete run with the
# default settings writes $BUILD/results/publish-sweep-net-f19.txt: `make
# publish-sweep-net-f19` puts the table into docs/network.md and the plots
# into docs/img/. Exit 0 when every point passed, 1 when one failed (nothing
# to publish), 2 on bad settings (nothing runs).
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
NAME=net_f19 DEF_TOPO=torus:k=8,n=3
if [ "${1:-}" = --4k ]; then
    shift
    NAME=net_f19_4k DEF_TOPO=torus:k=16,n=3
fi
sweep_opts net_f19.sh "$@"
net_settings $NAME.sh F19 "0.1 0.2 0.3 0.4 0.6 1.0" 1000 2000 2000 3000 fixed:256
setting TOPO F19_TOPO $DEF_TOPO
setting CFGS F19_CFGS "f19-k8-2vc f19-k8-4vc"
setting RTS F19_ROUTINGS "dor adaptive"
[ -n "$CFGS" ] || { echo "net_f19.sh: F19_CFGS may not be empty" >&2; exit 2; }
for r in $RTS; do
    case $r in dor | adaptive) ;; *) echo "net_f19.sh: F19_ROUTINGS: '$r' is not dor or adaptive" >&2; exit 2 ;; esac
done
[ -n "$RTS" ] || { echo "net_f19.sh: F19_ROUTINGS may not be empty" >&2; exit 2; }
# the torus's radix: the ideal UR throughput is 8/k phits/cycle/node
k=$(sed -n 's/.*k=\([0-9]*\).*/\1/p' <<< "$TOPO")
[ -n "$k" ] || { echo "net_f19.sh: F19_TOPO '$TOPO' is not a torus:k=K,n=N" >&2; exit 2; }

t0=$(date +%s)
rc=0
if [ -z "${F19_REPORT_ONLY:-}" ]; then
    for r in $RTS; do
        for c in $CFGS; do net_curve "${r}__$c" "$TOPO" "$c" uniform --routing "$r"; done
    done > "$JOBS_FILE"
    net_run "$TOPO, UR, $RTS" || rc=1
fi
net_collect "${F19_REPORT_ONLY:-}"
T=$RES/$NAME.md
{
    echo "$TOPO, uniform traffic, $LEN packets (a phit for the figure's byte flit), link latency 10, seed $SEED; window $MEASURE cycles after $WARMUP, drain limit $DRAIN (a reduced sweep); peak = the most accepted, sustained = the accepted at the highest load"
    echo
    sel=(); for r in $RTS; do for c in $CFGS; do sel+=("${r}__$c"); done; done
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
            a2 = "adaptive__f19-k8-2vc"; a4 = "adaptive__f19-k8-4vc"
            if (d2 in seen)
                printf "| deterministic routing with 2 VCs peaks at 0.37 bytes/cycle/node, 74 %% of the bisection bound 0.5 (k = 16) | dimension order, datelines on the 2 VCs: peak %.3f (%.0f %% of 8/k = %.3f) | %s |\n", pk[d2], 100 * pk[d2] / b, b, (pk[d2] >= 0.64 * b && pk[d2] <= 0.84 * b ? "agree" : "**disagree**")
            if ((d2 in seen) && (d4 in seen))
                printf "| more VCs (4 against 2) give a higher peak, deterministic | peak %.3f with 4 VCs (2 classes of 2), %.3f with 2 | %s |\n", pk[d4], pk[d2], (pk[d4] > 1.02 * pk[d2] ? "agree" : "**disagree**")
            if ((a2 in seen) && (a4 in seen))
                printf "| more VCs (4 against 2) give a higher peak, adaptive | peak %.3f with 4 VCs (2 escape, 2 adaptive), %.3f with 2 (1 and 1) | %s |\n", pk[a4], pk[a2], (pk[a4] > 1.02 * pk[a2] ? "agree" : "**disagree**")
            for (l in seen)
                printf "| beyond saturation the throughput drops (sustained below peak) | %s: peak %.3f, sustained %.3f at %s | %s |\n", l, pk[l], sus[l], top[l], (sus[l] < 0.98 * pk[l] ? "agree" : "**disagree**")
            if (a4 in seen)
                printf "| adaptive routing with 4 VCs peaks at 0.43 bytes/cycle/node, 86 %% of 0.5 (k = 16) | peak %.3f (%.0f %% of %.3f) | %s |\n", pk[a4], 100 * pk[a4] / b, b, (pk[a4] >= 0.76 * b && pk[a4] <= 0.96 * b ? "agree" : "**disagree**")
            if ((a2 in seen) && (d2 in seen))
                printf "| adaptive routing peaks higher than deterministic, 2 VCs | adaptive %.3f, deterministic %.3f | %s |\n", pk[a2], pk[d2], (pk[a2] > 1.02 * pk[d2] ? "agree" : "**disagree**")
            if ((a4 in seen) && (d4 in seen)) {
                printf "| adaptive routing peaks higher than deterministic, 4 VCs | adaptive %.3f, deterministic %.3f | %s |\n", pk[a4], pk[d4], (pk[a4] > 1.02 * pk[d4] ? "agree" : "**disagree**")
                da = pk[a4] - sus[a4]; dd = pk[d4] - sus[d4]
                printf "| adaptive routing drops more after saturation than deterministic, 4 VCs | peak less sustained: adaptive %.3f, deterministic %.3f | %s |\n", da, dd, (da > dd ? "agree" : "**disagree**")
            }
        }' "$CSV" | sort
} > "$T"
cat "$T"
sel=(); for r in $RTS; do for c in $CFGS; do sel+=("${r}__$c=$r-${c#f19-k8-}"); done; done
net_plots $NAME "$TOPO, UR, $LEN packets ([HP-F] Fig F.19)" "$TOPO, UR: accepted load" "$CSV" "${sel[@]}" || rc=1
pub_table ${NAME//_/-} docs/network.md "$T"
echo "$NAME: plots in $RES/$NAME*.png"
echo "$NAME: $(($(date +%s) - t0)) s"
pub_finish $rc "make sweep-${NAME//_/-}"
