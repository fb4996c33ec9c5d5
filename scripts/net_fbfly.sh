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
# (saturation tables, batch times: build/bin/sweep_report) and the plots
# net_fbfly_fig4_{ur,wc}.png, net_fbfly_fig4_{ur,wc}_acc.png,
# net_fbfly_fig5.png, net_fbfly_fig6_{ur,wc}.png.
#
# usage: scripts/net_fbfly.sh [-l LAUNCHER] [--help]
# Environment: BUILD [build]; NR_CONFIGS [configs/configs.txt]; FB_FIGS ["4 5
# 6"]; FB_TOPO [fbfly:k=32,n=2]; FB_CFG [hc-k64-4vc, 4 VCs: two classes of
# two phases] and FB_CFG_SEQ [hc-k64-4vc-seq, the same with the sequential
# allocator, FbSeq=1, for ugals and closad]; FB_ROUTINGS ["min-rc val ugal
# ugals closad"]; FB_LOADS ["0.1 0.2 0.3 0.4 0.45 0.5 0.6 0.7 0.8 0.9 1.0"; a
# zero-load point at 0.02 is added]; FB_BATCHES ["1 4 16 64 256"];
# FB_CLOS_TOPO [fclos:k=64,levels=2,tophalf=1,taper=16]; FB_WARMUP [1000],
# FB_MEASURE [2000], FB_DRAIN [4000], FB_LEN [fixed:4], FB_SEED [1],
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
net_settings net_fbfly.sh FB "0.1 0.2 0.3 0.4 0.45 0.5 0.6 0.7 0.8 0.9 1.0" 1000 2000 4000 300
setting FIGS FB_FIGS "4 5 6"
setting TOPO FB_TOPO fbfly:k=32,n=2
setting CFG FB_CFG hc-k64-4vc
setting CFG_SEQ FB_CFG_SEQ hc-k64-4vc-seq
setting ROUTINGS FB_ROUTINGS "min-rc val ugal ugals closad"
setting BATCHES FB_BATCHES "1 4 16 64 256"
setting CLOS_TOPO FB_CLOS_TOPO fclos:k=64,levels=2,tophalf=1,taper=16
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
            echo; echo "### Fig 6, ${p^^}: flattened butterfly against $CLOS_TOPO"; echo
            sweep_report sat "$CSV" "fig6_${p}__fbfly-closad" "fig6_${p}__fclos" || exit 2
        fi
    done
    if has 5; then
        echo; echo "### Fig 5, wc: cycles per packet of a node's batch"; echo
        sel=(); for rt in $ROUTINGS; do sel+=("fig5__$rt"); done
        sweep_report batch --strip fig5__ --batches "$BATCHES" "$CSV" "${sel[@]}" || exit 2
    fi
} > "$T"
cat "$T"
for p in ur wc; do
    if has 4; then
        sel=(); for rt in $ROUTINGS; do sel+=("fig4_${p}__$rt=$rt"); done
        net_plots "net_fbfly_fig4_$p" "$TOPO, ${p^^}, $LEN packets ([KDA07] Fig 4)" "$TOPO, ${p^^}: accepted load" \
            "$CSV" "${sel[@]}" || rc=1
    fi
    if has 6; then
        sweep_plot "$RES/net_fbfly_fig6_$p.png" "${p^^}: $TOPO and $CLOS_TOPO ([KDA07] Fig 6)" \
            "offered load (phits/cycle/node)" "mean latency (cycles)" lat_mean "$LATMAX" "$CSV" \
            "fig6_${p}__fbfly-closad=fbfly-closad" "fig6_${p}__fclos=fclos" || rc=1
        pub_file "docs/img/net_fbfly_fig6_$p.png" "$RES/net_fbfly_fig6_$p.png"
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
