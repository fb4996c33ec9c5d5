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
#   Fig 6  the flattened butterfly (CLOS AD) against the seed's three other
#          1024-node topologies at its bisection ([KDA07 §3.3], Table 1),
#          UR and wc, the same routers: a folded Clos of the same nodes,
#          radix and bisection (fclos:k=64,levels=2,tophalf=1,taper=16: 32
#          leaves of 32 nodes with 16 of their 32 up links wired, 16 tops:
#          512 links across the bisection, as the flattened butterfly's
#          N/2), adaptive up-routing, wc node group i to a random node of
#          group i+1, a group being a leaf's nodes; the 32-ary 2-fly
#          (bfly:k=32,n=2,pair=1, destination tag; packets one phit longer,
#          the route phit); the 10-cube (hcube:n=10, e-cube) with
#          --half-width, its 512 bisection channels of half width.
#          Its flattened-butterfly curve is Fig 4's CLOS AD curve: with both
#          figures (and closad in FB_ROUTINGS) it runs once, as Fig 4's, and
#          its rows are copied under the Fig 6 label.
# Each point is one net_sim run (C model); the CSV rows land in
# $RES/net_fbfly/, and the script writes $RES/net_fbfly.csv, net_fbfly.txt
# (saturation tables, batch times: build/bin/sweep_report), net_fbfly6.md
# (Fig 6's tables and claims, for docs/network.md) and the plots
# net_fbfly_fig4_{ur,wc}.png, net_fbfly_fig4_{ur,wc}_acc.png,
# net_fbfly_fig5.png, net_fbfly_fig6_{ur,wc}.png, net_fbfly_fig6_{ur,wc}_acc.png.
#
# usage: scripts/net_fbfly.sh [-l LAUNCHER] [--help]
# Environment: BUILD [build]; NR_CONFIGS [configs/configs.txt]; FB_FIGS ["4 5
# 6"]; FB_TOPO [fbfly:k=32,n=2]; FB_CFG [hc-k64-4vc, 4 VCs: two classes of
# two phases] and FB_CFG_SEQ [hc-k64-4vc-seq, the same with the sequential
# allocator, FbSeq=1, for ugals and closad]; FB_ROUTINGS ["min-rc val ugal
# ugals closad"]; FB_LOADS ["0.1 0.3 0.5 0.6 0.7 0.8 0.9"; a zero-load
# point at 0.02 is added]; FB_BATCHES ["1 4 16 64"]; FB_CLOS_TOPO
# [fclos:k=64,levels=2,tophalf=1,taper=16]; FB_BFLY_TOPO
# [bfly:k=32,n=2,pair=1] and FB_BFLY_LEN [fixed:5]; FB_HCUBE_TOPO
# [hcube:n=10]; FB_WARMUP [500], FB_MEASURE [1000], FB_DRAIN [2000] (short
# windows: the whole run's CPU stays near an hour), FB_LEN [fixed:4], FB_SEED [1],
# FB_LATMAX [300]; FB_RESULTS [$BUILD/results]; FB_REPORT_ONLY=1 (tables and
# plots from the last runs); JOBS [2]; SWEEP_LAUNCHER or -l LAUNCHER (a
# launcher in front of every run).
# A complete run with the default settings also writes
# $BUILD/results/publish-sweep-net-fbfly.txt: `make publish-sweep-net-fbfly`
# puts the plots into docs/img/. Exit 0 when every point passed, 1 when one
# failed (nothing to publish), 2 on bad settings (nothing runs).
set -u
cd "$(dirname "$0")/.."
. scripts/sweep_lib.sh
sweep_opts net_fbfly.sh "$@"
net_settings net_fbfly.sh FB "0.1 0.3 0.5 0.6 0.7 0.8 0.9" 500 1000 2000 300
setting FIGS FB_FIGS "4 5 6"
setting TOPO FB_TOPO fbfly:k=32,n=2
setting CFG FB_CFG hc-k64-4vc
setting CFG_SEQ FB_CFG_SEQ hc-k64-4vc-seq
setting ROUTINGS FB_ROUTINGS "min-rc val ugal ugals closad"
setting BATCHES FB_BATCHES "1 4 16 64"
setting CLOS_TOPO FB_CLOS_TOPO fclos:k=64,levels=2,tophalf=1,taper=16
setting BFLY_TOPO FB_BFLY_TOPO bfly:k=32,n=2,pair=1
setting BFLY_LEN FB_BFLY_LEN fixed:5
setting HCUBE_TOPO FB_HCUBE_TOPO hcube:n=10
# shellcheck disable=SC2086
need_int net_fbfly.sh FB_BATCHES $BATCHES
for f in $FIGS; do
    case $f in 4 | 5 | 6) ;; *) echo "net_fbfly.sh: FB_FIGS: no figure '$f' (4, 5 or 6)" >&2; exit 2 ;; esac
done
[ -n "$FIGS" ] && [ -n "$ROUTINGS" ] || { echo "net_fbfly.sh: FB_FIGS and FB_ROUTINGS may not be empty" >&2; exit 2; }

# the configuration a routing runs on (the sequential ones need FbSeq = 1)
cfg_of() { case $1 in ugals | closad) echo "$CFG_SEQ" ;; *) echo "$CFG" ;; esac; }

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
    {
        for pat in uniform wc; do
            p=${pat/uniform/ur}
            if has 4; then
                for rt in $ROUTINGS; do net_curve "fig4_${p}__$rt" "$TOPO" "$(cfg_of "$rt")" $pat --routing "$rt"; done
            fi
            if has 6; then
                [ -n "$dup6" ] || net_curve "fig6_${p}__fbfly-closad" "$TOPO" "$CFG_SEQ" $pat --routing closad
                net_curve "fig6_${p}__fclos" "$CLOS_TOPO" "$CFG" $pat --routing updown-adaptive
                net_curve "fig6_${p}__bfly" "$BFLY_TOPO" "$CFG" $pat --routing dtag --len "$BFLY_LEN"
                net_curve "fig6_${p}__hcube" "$HCUBE_TOPO" "$CFG" $pat --routing ecube --half-width
            fi
        done
        if has 5; then
            for rt in $ROUTINGS; do
                for b in $BATCHES; do echo "fig5__$rt $TOPO $(cfg_of "$rt") wc batch:$b --routing $rt"; done
            done
        fi
    } > "$JOBS_FILE"
    net_run "figures $FIGS" || rc=1
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
net_collect "${FB_REPORT_ONLY:-}"
T=$RES/net_fbfly.txt
FIG6=(fbfly-closad fclos bfly hcube)
{
    echo "[KDA07] in the kit: $TOPO of $CFG ($CFG_SEQ for ugals and closad), link latency 10,"
    echo "$LEN packets, seed $SEED; window $MEASURE cycles after $WARMUP"
    for p in ur wc; do
        if has 4; then
            echo; echo "### Fig 4, ${p^^}"; echo
            sel=(); for rt in $ROUTINGS; do sel+=("fig4_${p}__$rt"); done
            sweep_report sat "$CSV" "${sel[@]}" || exit 2
        fi
        if has 6; then
            echo; echo "### Fig 6, ${p^^}: flattened butterfly against $CLOS_TOPO, $BFLY_TOPO, $HCUBE_TOPO"; echo
            sweep_report sat "$CSV" "${FIG6[@]/#/fig6_${p}__}" || exit 2
        fi
    done
    if has 5; then
        echo; echo "### Fig 5, wc: cycles per packet of a node's batch"; echo
        sel=(); for rt in $ROUTINGS; do sel+=("fig5__$rt"); done
        sweep_report batch --strip fig5__ --batches "$BATCHES" "$CSV" "${sel[@]}" || exit 2
    fi
} > "$T"
cat "$T"
# Fig 6's tables and claims ([KDA07 §3.3]) for docs/network.md: per curve
# the zero-load latency (T0, at 0.02) and routers crossed, the most
# accepted, and the highest load's offered and accepted
T6=$RES/net_fbfly6.md
if has 6; then
    {
        echo "$CFG routers (4 VCs, bare), link latency 10, $LEN packets ($BFLY_LEN on the butterfly: the route phit), seed $SEED; window $MEASURE cycles after $WARMUP, drain limit $DRAIN (short windows); the hypercube with --half-width"
        for p in ur wc; do
            echo; echo "${p^^}:"; echo
            sweep_report sat "$CSV" "${FIG6[@]/#/fig6_${p}__}" || exit 2
        done
        echo
        echo "| [KDA07 §3.3] says | kit | verdict |"
        echo "|---|---|---|"
        # the butterfly's worst case: a first-stage router's K nodes share one output
        bk=$(sed -n 's/.*k=\([0-9]*\).*/\1/p' <<< "$BFLY_TOPO")
        awk -F, -v bk="${bk:-32}" '
            NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            {
                l = $c["label"]; ld = $c["load"] + 0; acc = $c["accepted"] + 0
                if (ld < 0.05) { t0[l] = $c["lat_mean"] + 0; hp[l] = $c["hops_mean"] + 0; next }
                seen[l] = 1
                if (acc > mx[l]) mx[l] = acc
                if (ld >= top[l]) { top[l] = ld; toff[l] = $c["offered"] + 0; tacc[l] = acc }
            }
            function v(b) { return b ? "agree" : "**disagree**" }
            function z(l) { return sprintf("T0 %.1f (%.2f routers)", t0[l], hp[l]) }
            END {
                split("fbfly-closad fclos bfly hcube", k, " ")
                for (i = 1; i <= 4; i++) { u[i] = "fig6_ur__" k[i]; w[i] = "fig6_wc__" k[i]; if (!(u[i] in seen) || !(w[i] in seen)) exit }
                ok = 1; s = ""
                for (i = 1; i <= 4; i++) if (i != 2) { ok = ok && tacc[u[i]] >= 0.95 * toff[u[i]]; s = s sprintf("%s%s %.3f", (s == "" ? "" : ", "), k[i], tacc[u[i]]) }
                printf "| UR: every topology but the folded Clos reaches 100 %% | accepted at offered %s (%.3f): %s | %s |\n", top[u[1]], toff[u[1]], s, v(ok)
                printf "| UR: the folded Clos reaches 50 %%, half its bandwidth spent on load balancing | at most %.3f | %s |\n", mx[u[2]], v(mx[u[2]] >= 0.4 && mx[u[2]] <= 0.6)
                printf "| UR: the folded Clos has slightly higher latency (its middle stage) | %s against the flattened butterfly'"'"'s %s | %s |\n", z(u[2]), z(u[1]), v(t0[u[2]] > t0[u[1]])
                printf "| UR: the hypercube has much higher latency (its diameter) | %s; flattened butterfly %.1f, folded Clos %.1f, butterfly %.1f | %s |\n", z(u[4]), t0[u[1]], t0[u[2]], t0[u[3]], v(t0[u[4]] > t0[u[1]] && t0[u[4]] > t0[u[2]] && t0[u[4]] > t0[u[3]])
                m = "fig4_wc__min-rc"; o = mx[w[1]]; if (mx[w[2]] < o) o = mx[w[2]]; if (mx[w[4]] < o) o = mx[w[4]]
                printf "| WC: the butterfly is severely limited, as the flattened butterfly with MIN, an order of magnitude below the others | butterfly at most %.4f (1/%d = %.4f)%s; the others at least %.3f | %s |\n", mx[w[3]], bk, 1 / bk, (m in seen ? sprintf(", flattened butterfly MIN %.4f", mx[m]) : ""), o, v(mx[w[3]] <= 1.1 / bk && o >= 8 * mx[w[3]])
                ok = 1; s = ""
                for (i = 1; i <= 4; i++) if (i != 3) { ok = ok && mx[w[i]] >= 0.4 && mx[w[i]] <= 0.6; s = s sprintf("%s%s %.3f", (s == "" ? "" : ", "), k[i], mx[w[i]]) }
                printf "| WC: the flattened butterfly, the folded Clos and the hypercube reach 50 %% | at most %s | %s |\n", s, v(ok)
                printf "| at equal bisection the flattened butterfly carries 2x the folded Clos on benign traffic, the same on the worst case | UR %.2fx, WC %.2fx (the most accepted) | %s |\n", mx[u[1]] / mx[u[2]], mx[w[1]] / mx[w[2]], v(mx[u[1]] >= 1.6 * mx[u[2]] && mx[w[1]] >= 0.85 * mx[w[2]] && mx[w[1]] <= 1.15 * mx[w[2]])
            }' "$CSV"
    } > "$T6"
    cat "$T6"
    pub_table net-fbfly6 docs/network.md "$T6"
fi
for p in ur wc; do
    if has 4; then
        sel=(); for rt in $ROUTINGS; do sel+=("fig4_${p}__$rt=$rt"); done
        net_plots "net_fbfly_fig4_$p" "$TOPO, ${p^^}, $LEN packets ([KDA07] Fig 4)" "$TOPO, ${p^^}: accepted load" \
            "$CSV" "${sel[@]}" || rc=1
    fi
    if has 6; then
        sel=(); for c in "${FIG6[@]}"; do sel+=("fig6_${p}__$c=$c"); done
        net_plots "net_fbfly_fig6_$p" "${p^^}: four 1024-node topologies ([KDA07] Fig 6)" \
            "${p^^}: four 1024-node topologies, accepted load" "$CSV" "${sel[@]}" || rc=1
    fi
done
if has 5; then
    args=(--title "$TOPO, wc: batch completion time ([KDA07] Fig 5)" --logx 2 --key 'top right'
        --xlabel "batch size (packets per node)" --ylabel "cycles per packet of a node's batch" --csv "$CSV")
    for rt in $ROUTINGS; do args+=(--where "label=fig5__$rt" --curve "$rt" batch batch_cycles/batch); done
    scripts/plot.py "$RES/net_fbfly_fig5.png" "${args[@]}" || rc=1
    pub_file docs/img/net_fbfly_fig5.png "$RES/net_fbfly_fig5.png"
fi
echo "net_fbfly: plots in $RES/net_fbfly_*.png"
echo "net_fbfly: $(( $(date +%s) - t0 )) s"
pub_finish $rc "make sweep-net-fbfly"
