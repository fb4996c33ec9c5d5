#!/bin/bash
# net_dfly.sh - the dragonfly's load-latency experiment in the kit's network
# (make sweep-net-dfly; docs/network.md "The dragonfly: routing on UR and the
# worst case"): the routings of dfly (tb/catalog/topo_dfly.c) on the
# balanced 1056-node dragonfly of [AK11 §4.3.5] (dfly:p=4,a=8,h=4: 33 groups
# of 8 routers, radix 15 of the routers' 64 ports), on uniform random
# traffic (UR) and the worst case (wc: every node of group i to group i+1,
# [AK11 §5.5.3]). Each point is one net_sim run (C model), nice'd; the CSV
# rows land in $RES/net_dfly/, and the script writes $RES/net_dfly.csv,
# net_dfly.md (the saturation table and the claims, for docs/network.md) and
# the plots net_dfly_{ur,wc}.png (mean latency) and net_dfly_{ur,wc}_acc.png
# (accepted load).
#
# usage: scripts/net_dfly.sh [-l LAUNCHER] [--help]
# Environment: BUILD [build]; NR_CONFIGS [configs/configs.txt]; DF_TOPO
# [dfly:p=4,a=8,h=4,gp=40: the global ports in a row of YARC's own, which
# val needs]; DF_CFG [hc-k64-4vc: YARC's hierarchical crossbar, radix 64,
# 4 VCs, bare ports]; DF_ROUTINGS ["min val ugal-l ugal-g par": dfly's
# routings, ugal-g the simulator's oracle];
# DF_LOADS ["0.05 0.1 0.3 0.5 0.7 0.9"; a zero-load point at 0.02 is added];
# DF_WARMUP [500], DF_MEASURE [1000], DF_DRAIN [2000] (short windows: the
# sweep's CPU stays under about 40 CPU-minutes on a 2-core machine),
# DF_LEN [fixed:4], DF_SEED [1], DF_LATMAX [400]; DF_RESULTS
# [$BUILD/results]; DF_REPORT_ONLY=1 (tables and plots from the last runs);
# JOBS [2]; SWEEP_LAUNCHER or -l LAUNCHER (a launcher in front of every run).
# A complete run with the default settings also writes
# $BUILD/results/publish-sweep-net-dfly.txt: `make publish-sweep-net-dfly`
# puts the table into docs/network.md and the plots into docs/img/. Exit 0
# when every point passed, 1 when one failed (nothing to publish), 2 on bad
# settings (nothing runs).
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
sweep_opts net_dfly.sh "$@"
net_settings net_dfly.sh DF "0.05 0.1 0.3 0.5 0.7 0.9" 500 1000 2000 400
setting TOPO DF_TOPO dfly:p=4,a=8,h=4,gp=40
setting CFG DF_CFG hc-k64-4vc
setting ROUTINGS DF_ROUTINGS "min val ugal-l ugal-g par"
[ -n "$ROUTINGS" ] || { echo "net_dfly.sh: DF_ROUTINGS may not be empty" >&2; exit 2; }

t0=$(date +%s)
rc=0
if [ -z "${DF_REPORT_ONLY:-}" ]; then
    for pat in uniform wc; do
        for rt in $ROUTINGS; do net_curve "${pat/uniform/ur}__$rt" "$TOPO" "$CFG" $pat --routing "$rt"; done
    done > "$JOBS_FILE"
    net_run "$TOPO of $CFG" || rc=1
fi
net_collect "${DF_REPORT_ONLY:-}"
# the nodes of a group (a*p), for the worst case's minimal limit 1/(ap)
ap=$(sed -n 's/.*p=\([0-9]*\).*a=\([0-9]*\).*/\1 \2/p' <<< "$TOPO" | awk '{ print $1 * $2 }')
[ -n "$ap" ] || ap=$(sed -n 's/.*p=\([0-9]*\).*/\1/p' <<< "$TOPO" | awk '{ print 2 * $1 * $1 }')
T=$RES/net_dfly.md
{
    echo "$TOPO of $CFG, link latency 10, $LEN packets, seed $SEED; window $MEASURE cycles after $WARMUP, drain limit $DRAIN (short windows: the CPU of the whole sweep stays under about 40 CPU-minutes)"
    for p in ur wc; do
        echo; echo "${p^^}:"; echo
        sel=(); for rt in $ROUTINGS; do sel+=("${p}__$rt"); done
        sweep_report sat "$CSV" "${sel[@]}" || exit 2
    done
    echo
    echo "| [AK11 §5.5.3] says | kit | verdict |"
    echo "|---|---|---|"
    # the CSV's columns by name; per curve: the highest load's point, the
    # most accepted, and (Fig 5.1) a fall of the mean latency from one load
    # to a higher one at which the network still accepts what is offered
    # (at the lower load it may not yet: minimal packets wait in full queues
    # until the source router's own queue shows it, [AK11 §5.4])
    awk -F, -v ap="$ap" '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        {
            l = $c["label"]; ld = $c["load"] + 0; off = $c["offered"] + 0; acc = $c["accepted"] + 0; lat = $c["lat_mean"] + 0
            if (ld < 0.05) next
            seen[l] = 1
            if (ld >= top[l]) { top[l] = ld; toff[l] = off; tacc[l] = acc }
            if (ld == 0.1) l01[l] = lat
            if (acc > mx[l]) mx[l] = acc
            n[l]++; lds[l, n[l]] = ld; lt[l, n[l]] = lat; ok[l, n[l]] = acc >= 0.95 * off
        }
        function fall(l,   i, j, s) {
            s = ""
            for (i = 1; i <= n[l]; i++) for (j = 1; j <= n[l]; j++)
                if (lds[l, j] > lds[l, i] && ok[l, j] && lt[l, j] < 0.97 * lt[l, i] && s == "")
                    s = sprintf("%.1f cycles at %s, %.1f at %s", lt[l, i], lds[l, i], lt[l, j], lds[l, j])
            return s
        }
        END {
            if ("ur__min" in seen)
                printf "| minimal routing works well for load-balanced traffic | MIN on UR accepts %.3f of %.3f offered (offered load %s) | %s |\n", tacc["ur__min"], toff["ur__min"], top["ur__min"], (tacc["ur__min"] >= 0.95 * toff["ur__min"] ? "agree" : "**disagree**")
            if ("wc__min" in seen)
                printf "| minimal routing performs very poorly on adversarial traffic | MIN on the worst case accepts at most %.4f (%.4f of %.3f offered at %s): one global channel carries a group of %d nodes to the next, 1/%d = %.4f | %s |\n", mx["wc__min"], tacc["wc__min"], toff["wc__min"], top["wc__min"], ap, ap, 1 / ap, ((mx["wc__min"] <= 1.05 / ap && tacc["wc__min"] >= 0.9 / ap) ? "agree" : "**disagree**")
            if ("wc__val" in seen)
                printf "| Valiant over a random intermediate group balances the global and local channels (3 VCs), at half the capacity (§5.3.1) | VAL accepts at most %.3f on the worst case and %.3f on UR | %s |\n", mx["wc__val"], mx["ur__val"], (mx["wc__val"] >= 0.4 && mx["wc__val"] <= 0.6 ? "agree" : "**disagree**")
            else
                printf "| Valiant over a random intermediate group balances the global and local channels (3 VCs) | not run | not tested |\n"
            split("ugal-l UGAL-L ugal-g UGAL-G par PAR", nm, " ")
            for (k = 1; k <= 5; k += 2) {
                r = nm[k]
                if (!(("wc__" r) in seen) || !("wc__val" in seen) || !("ur__min" in seen)) continue
                b = mx["wc__" r] >= 0.9 * mx["wc__val"] && mx["ur__" r] >= 0.9 * mx["ur__min"]
                printf "| adaptive routing (%s) tracks the better of minimal and Valiant (§5.3.2, §5.3.3) | %s accepts at most %.3f on UR (MIN %.3f) and %.3f on the worst case (VAL %.3f) | %s |\n", nm[k + 1], nm[k + 1], mx["ur__" r], mx["ur__min"], mx["wc__" r], mx["wc__val"], (b ? "agree" : "**disagree**")
            }
            if (("wc__ugal-g" in seen) && ("wc__ugal-l" in seen))
                printf "| UGAL-G, with the global queues, balances better than UGAL-L (§5.4: UGAL-L misroutes from local information) | worst case, mean latency at 0.1: UGAL-G %.1f, UGAL-L %.1f cycles; at most %.3f against %.3f accepted | %s |\n", l01["wc__ugal-g"], l01["wc__ugal-l"], mx["wc__ugal-g"], mx["wc__ugal-l"], (l01["wc__ugal-g"] < l01["wc__ugal-l"] && mx["wc__ugal-g"] >= 0.97 * mx["wc__ugal-l"] ? "agree" : "**disagree**")
            else
                printf "| UGAL-G reads the queues of the global channels of other routers | not run (an oracle: docs/network.md \"Topology: dfly\") | not tested |\n"
            if (("wc__ugal-l" in seen) || ("ur__ugal-l" in seen)) {
                f = fall("wc__ugal-l"); g = fall("ur__ugal-l")
                printf "| with local queues (UGAL-L) latency can fall as load rises, more packets going non-minimally (§5.4, Fig 5.1) | UGAL-L mean latency, worst case: %s; UR: %s | %s |\n", (f == "" ? "no fall" : f), (g == "" ? "no fall" : g), (f != "" || g != "" ? "agree" : "**disagree**")
            }
        }' "$CSV"
} > "$T"
cat "$T"
for p in ur wc; do
    sel=(); for rt in $ROUTINGS; do sel+=("${p}__$rt=$rt"); done
    net_plots "net_dfly_$p" "$TOPO, ${p^^}, $LEN packets ([AK11] 5.5.3)" "$TOPO, ${p^^}: accepted load" \
        "$CSV" "${sel[@]}" || rc=1
done
pub_table net-dfly docs/network.md "$T"
echo "net_dfly: plots in $RES/net_dfly_*.png"
echo "net_dfly: $(($(date +%s) - t0)) s"
pub_finish $rc "make sweep-net-dfly"
