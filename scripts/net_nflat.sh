#!/bin/bash
# net_nflat.sh - [KDA07] §5.1.1's N = 4K flattened butterflies in the kit's
# network (make sweep-net-nflat; docs/network.md "[KDA07] Table 4 and Fig
# 12"): the k-ary n-flats of Table 4 (k = 4096^(1/n), c = k, n' = n - 1
# dimensions), their router radix, routers and channels from the builder
# (build/bin/net_cost), and on UR the load-latency curves of VAL (Fig 12(a),
# 2 VCs) and MIN AD (Fig 12(b), the VCs the mode gives n': 2 up to n' = 2,
# 4 for n' = 3 and 4, none above) with 64 phits of input buffer per port
# split among the VCs, on the fully buffered crossbar (the nf-* lines of
# configs/configs.txt: one packet per crosspoint VC). Each point is one
# net_sim run (C model), nice'd; the CSV rows land in $RES/net_nflat/, and the
# script writes $RES/net_nflat.csv, net_nflat.md (Table 4, the saturation
# tables, the claims, for docs/network.md) and the plots
# net_nflat_{val,minad}.png (mean latency) and net_nflat_{val,minad}_acc.png;
# and [AK11 §4.3.5] Fig 4.9, network size against router radix from the
# builder (scripts/net_radix_scale.py: net_radix_scale.{csv,md,png}).
#
# usage: scripts/net_nflat.sh [-l LAUNCHER] [--help]
# Environment: BUILD [build]; NR_CONFIGS [configs/configs.txt]; NF_NPRIMES
# ["2 3 5": the n' run; Table 4's n' = 1 needs 127 ports, more than the
# kit's 64, and n' = 11 (2048 routers) is left out for time];
# NF_LOADS ["0.1 0.3 0.5 0.7 0.9": MIN AD's loads] and NF_VAL_LOADS ["0.1 0.3
# 0.4 0.5": VAL's], a zero-load point at 0.02 added to each curve;
# NF_WARMUP [300], NF_MEASURE [600], NF_DRAIN [1500] (short windows: 4096
# nodes run at about 50 network cycles/s; the sweep stays near 30
# CPU-minutes), NF_LEN [fixed:4], NF_SEED [1], NF_LATMAX [600];
# NF_RESULTS [$BUILD/results]; NF_REPORT_ONLY=1 (tables and plots from the
# last runs); JOBS [2]; SWEEP_LAUNCHER or -l LAUNCHER.
# A complete run with the default settings also writes
# $BUILD/results/publish-sweep-net-nflat.txt: `make publish-sweep-net-nflat`
# puts the tables into docs/network.md and the plots into docs/img/. Exit 0
# when every point passed, 1 when one failed (nothing to publish), 2 on bad
# settings (nothing runs).
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
sweep_opts net_nflat.sh "$@"
net_settings net_nflat.sh NF "0.1 0.3 0.5 0.7 0.9" 300 600 1500 600
setting NPRIMES NF_NPRIMES "2 3 5"
setting VAL_LOADS NF_VAL_LOADS "0.1 0.3 0.4 0.5"
# shellcheck disable=SC2086
need_load net_nflat.sh NF_VAL_LOADS $VAL_LOADS
COST=$B/bin/net_cost
[ -x "$COST" ] || { echo "net_nflat.sh: no $COST (make $COST)" >&2; exit 2; }

# the k of n' (k^(n'+1) = 4096), the configuration of a routing (ports, VCs)
k_of() { case $1 in 1) echo 64 ;; 2) echo 16 ;; 3) echo 8 ;; 5) echo 4 ;; 11) echo 2 ;; *) return 1 ;; esac; }
cfg_of() {
    local k ports
    k=$(k_of "$1") || return 1
    ports=$((k + $1 * (k - 1)))
    [ "$ports" -le 64 ] || return 1
    case $2 in
        val) [ "$ports" -le 32 ] && echo nf-k32-2vc || echo nf-k64-2vc ;;
        minad) [ "$1" -le 2 ] && { [ "$ports" -le 32 ] && echo nf-k32-2vc || echo nf-k64-2vc; } ||
            { [ "$1" -le 4 ] && [ "$ports" -le 32 ] && echo nf-k32-4vc; } ;;
    esac
}
for np in $NPRIMES; do
    cfg_of "$np" val > /dev/null ||
        { echo "net_nflat.sh: NF_NPRIMES: no N = 4K network of the kit's routers at n' = '$np' (2, 3, 5 or 11)" >&2; exit 2; }
done

t0=$(date +%s)
rc=0
if [ -z "${NF_REPORT_ONLY:-}" ]; then
    for np in $NPRIMES; do
        topo=fbfly:k=$(k_of "$np"),n=$((np + 1))
        LOADS=$VAL_LOADS net_curve "val__n$np" "$topo" "$(cfg_of "$np" val)" uniform --routing val
        c=$(cfg_of "$np" minad) && net_curve "minad__n$np" "$topo" "$c" uniform --routing minad
    done > "$JOBS_FILE"
    net_run "N = 4K flattened butterflies, n' = $NPRIMES" || rc=1
fi
net_collect "${NF_REPORT_ONLY:-}"
T=$RES/net_nflat.md
{
    echo "Table 4 from the builder (\`net_cost --topo\`; k' the ports a router uses, c + n'(k − 1); links the bidirectional router-to-router channels):"
    echo
    echo "| k | n | k' | n' | network | routers | links | bisection channels | kit |"
    echo "|---|---|---|---|---|---|---|---|---|"
    for np in 1 2 3 5 11; do
        k=$(k_of "$np") topo=fbfly:k=$(k_of "$np"),n=$((np + 1))
        if out=$("$COST" --topo "$topo" 2>&1); then
            awk -v k="$k" -v np="$np" -v t="$topo" -v run=" $NPRIMES " '{ v[$1] = $2 }
                END { printf "| %d | %d | %d | %d | `%s` | %d | %d | %d | %s |\n", k, np + 1, v["ports_used"] / v["routers"], np, t,
                      v["routers"], (v["channels_backplane"] + v["channels_cable"]) / 2, v["bisection_channels"],
                      (index(run, " " np " ") ? "swept" : "built, not swept (time)") }' <<< "$out"
        else
            printf '| %d | %d | %d | %d | `%s` | | | | refused: %s |\n' "$k" $((np + 1)) $((k + np * (k - 1))) "$np" "$topo" "${out##*: }"
        fi
    done
    echo
    echo "UR, 4-phit packets, link latency 10, seed $SEED; window $MEASURE cycles after $WARMUP, drain limit $DRAIN (short windows: 4096 nodes). VAL (Fig 12(a)):"
    echo
    sel=(); for np in $NPRIMES; do sel+=("val__n$np"); done
    sweep_report sat "$CSV" "${sel[@]}" || exit 2
    echo
    echo "MIN AD (Fig 12(b)), 64 phits of input buffer per port:"
    echo
    sel=(); for np in $NPRIMES; do cfg_of "$np" minad > /dev/null && sel+=("minad__n$np"); done
    sweep_report sat "$CSV" "${sel[@]}" || exit 2
    echo
    echo "| [KDA07 §5.1.1] says | kit | verdict |"
    echo "|---|---|---|"
    scripts/net_nflat_claims.py "$CSV" "$NPRIMES" || exit 2
} > "$T"
cat "$T"
for r in val minad; do
    sel=(); for np in $NPRIMES; do [ "$r" = val ] || cfg_of "$np" minad > /dev/null && sel+=("${r}__n$np=n'=$np"); done
    name=VAL; [ $r = val ] || name="MIN AD"
    net_plots "net_nflat_$r" "N = 4K flattened butterflies, UR, $name ([KDA07] Fig 12)" \
        "N = 4K, UR, $name: accepted load" "$CSV" "${sel[@]}" || rc=1
done
pub_table net-nflat docs/network.md "$T"
# [AK11 §4.3.5] Fig 4.9: network size against router radix, from the builder
scripts/net_radix_scale.py "$COST" "$RES/net_radix_scale.csv" "$RES/net_radix_scale.md" || rc=1
args=(--title "Network size against router radix ([AK11] Fig 4.9)" --logy --key 'bottom right'
    --xlabel "router radix (ports used)" --ylabel "nodes" --csv "$RES/net_radix_scale.csv")
for f in dragonfly "fbfly 1-D" "fbfly 2-D" "fbfly 3-D" "fclos 2 levels" "fclos 3 levels"; do
    args+=(--where "family=$f" --curve "$f" radix nodes)
done
scripts/plot.py "$RES/net_radix_scale.png" "${args[@]}" || rc=1
pub_table net-radix docs/network.md "$RES/net_radix_scale.md"
pub_file docs/img/net_radix_scale.png "$RES/net_radix_scale.png"
echo "net_nflat: plots in $RES/net_nflat_*.png"
echo "net_nflat: $(($(date +%s) - t0)) s"
pub_finish $rc "make sweep-net-nflat"
