#!/bin/bash
# waves.sh - the waveform flow (make waves): run a short simulation of a
# traced RTL build, write an FST window and a GTKWave save file that opens it
# with the signals of one packet's path grouped by pipeline stage, check in
# GTKWave itself (under Xvfb) that every signal of the save file exists, and
# grab a PNG of the window.
#
# usage: waves.sh [CFG ...]     default: yarc-k16 (and fc-k16 when its traced
#                               build exists)
# Environment: BUILD [build], WAVES_FROM [300], WAVES_TO [360], WAVES_SEED [3],
# NR_CONFIGS [configs/configs.txt] (the configurations file; CFG may be any
# configuration in it whose top is nr_yarc or nr_nwn).
# WAVES_NET=R: the same view of router R of a network of CFG routers
# (net_sim-CFG-trace --trace-rtr R; WAVES_TOPO [fclos:levels=2]), in
# <cfg>-net-rR.*: one router of a network, the packet path through it.
# Output: $BUILD/waves/<cfg>.fst, <cfg>.gtkw (GTKWave opens it on the whole
# window), <cfg>.gtkwave.png (GTKWave's own window, the check's grab) and
# <cfg>.png, the picture of the packet path: time in clock cycles, the whole
# window, every phit labelled with the longest reading that fits
# (scripts/plot.py --timing). With the default configurations and settings
# also $BUILD/results/publish-waves.txt: `make publish-waves` copies the
# pictures to docs/img/waves_<cfg>.png. Exit 1 if a run fails, the FST is
# missing, or GTKWave does not display every listed signal; 2 on bad
# arguments (nothing runs).
# Phit decoding: every trace that carries phits (a name with "phit", or the
# link_rx_i/link_tx_o of a port; width a multiple of 24) gets the translate
# filter process $BUILD/bin/nr_phitdec (core phits) or nr_phitdec-link (link
# phits, tb/waves/phitdec.c). The check then also fails unless
#   - the filter, run on every value of those traces in the FST window, gives
#     HEAD, BODY and EOP on the core traces and IDLE and F (packet) phits on
#     the link traces, and never "?" ($OUT/<cfg>.decoded);
#   - GTKWave itself ran the filters and got decoded text for the picture
#     (NR_PHITDEC_LOG, $OUT/<cfg>.filterlog).
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
cd "$(dirname "$0")/.." || exit 2
. scripts/sweep_lib.sh
B=${BUILD:-build}
pub_begin waves
pub_configs
setting FROM WAVES_FROM 300
setting TO WAVES_TO 360
setting SEED WAVES_SEED 3
need_int waves.sh "WAVES_FROM, WAVES_TO, WAVES_SEED" "$FROM" "$TO" "$SEED"
[ "$((10#$FROM))" -lt "$((10#$TO))" ] || { echo "waves.sh: WAVES_FROM ($FROM) must come before WAVES_TO ($TO)" >&2; exit 2; }
[ -z "${WAVES_NET:-}" ] || [[ $WAVES_NET =~ ^[0-9]+$ ]] || { echo "waves.sh: WAVES_NET: '$WAVES_NET' is not a router number" >&2; exit 2; }
[ -z "${WAVES_NET:-}" ] || PUB_WHY="$PUB_WHY WAVES_NET"
OUT=$B/waves
CFGS=("$@")
if [ ${#CFGS[@]} -eq 0 ]; then
    CFGS=(yarc-k16)
    [ -x "$B/bin/rtr_sim-fc-k16-trace" ] && CFGS+=(fc-k16)
else
    PUB_WHY="$PUB_WHY CFG"
fi
for c in "${CFGS[@]}"; do
    case $c in -*) echo "waves.sh: unknown option '$c' (--help)" >&2; exit 2 ;; esac
    top=$(scripts/cfg.sh "$c" top 2>&1) || { echo "waves.sh: $top" >&2; exit 2; }
    case $top in nr_yarc | nr_nwn) ;; *) echo "waves.sh: $c is a $top configuration: waves shows a router (nr_yarc or nr_nwn)" >&2; exit 2 ;; esac
done
mkdir -p "$OUT"
PD=$(cd "$B/bin" 2>/dev/null && pwd)/nr_phitdec
[ -x "$PD" ] && [ -x "$PD-link" ] || { echo "waves: $B/bin/nr_phitdec{,-link} not built (make $B/bin/nr_phitdec-link)" >&2; exit 1; }
for t in fst2vcd gtkwave xvfb-run; do
    command -v $t > /dev/null || { echo "waves: $t not found (make deps installs gtkwave and xvfb)" >&2; exit 1; }
done

# Signals along the packet path, grouped by stage. Each line is "-Group
# title" or a signal name (a vector gets its range from the FST).
sigs_yarc() {
    local t='yarc.nr_yarc.g_row[0].g_col[1].u_tile'   # port 1
    local d='yarc.nr_yarc.g_row[1].g_col[0].u_tile'   # port 4 (Cols = 4)
    cat <<EOF
-Port 1 input: link, input queue read (LCB RX -> INQ -> RBD)
$t.link_rx_i
$t.rd_en
$t.rd_vc
$t.rd_valid
$t.rd_phit
-Port 1 row bus: route computed, phits to the row buffers of row 0
$t.rb_valid_o
$t.rb_col_o
$t.rb_row_o
$t.rb_vc_o
$t.rb_phit_o
$t.tev_o
-Tile (0,1) subswitch: column channels to the tiles of column 1
$t.col_valid_r_o
$t.col_vc_r_o
$t.col_phit_r_o
-Port 1 output: stage-2 arbitration into the LCB TX, link
$t.cb_valid_r_i
$t.tx_vc_ok
$t.tx_valid
$t.tx_phit
$t.link_tx_o
$t.ev_o
-Port 4 (tile (1,0)) output
$d.tx_valid
$d.tx_phit
$d.link_tx_o
EOF
}

# fc/bb/cn (docs/nwn-rtl.md): port 1 (bottom 0) through its input unit and
# first hop, bottom 0's port outputs and up-links, top 0 (absent in cn), the
# down-links into bottom 1, and port 1's output.
sigs_nwn() {
    local p='nwn.nr_nwn.g_port[1].u_port' b0='nwn.nr_nwn.g_bot[0].u_sub'
    local b1='nwn.nr_nwn.g_bot[1].u_sub' t0='nwn.nr_nwn.g_tops.g_top[0].u_sub'
    cat <<EOF
-Port 1 input: link, input queue read, route computation and first hop
$p.link_rx_i
$p.rd_en
$p.rd_vc
$p.rd_valid
$p.rd_phit
$p.rc_route
$p.rc_q
$p.fh_tgt
$p.fh_drop
$p.tev_o
-Port 1 input unit fronts (per VC) and pops by bottom 0
$p.fr_valid_v_o
$p.fr_tgt_v_o
$p.pop_v_i
-Bottom 0: port outputs and up-links to the tops
$b0.pt_valid_o
$b0.ch_valid_o
$b0.ch_vc_o
$b0.ch_cc_o
EOF
    if [ "$1" != cn ]; then cat <<EOF
-Top 0: up-links in, down-links out
$t0.bi_valid_i
$t0.bi_cr_iv_o
$t0.ch_valid_o
$t0.ch_vc_o
-Bottom 1: down-links in
$b1.bi_valid_i
$b1.pt_valid_o
EOF
    fi
    cat <<EOF
-Port 1 output: subswitch phit into the LCB TX, link
$p.tx_vc_ok_o
$p.tx_valid_i
$p.tx_phit_i
$p.link_tx_o
$p.ev_o
EOF
}

# phit_kind NAME WIDTH: "core", "link" or "" (not a phit trace). A bare
# configuration (UseLcb=0) has no LCB: its link ports carry core phits.
BARE=0
phit_kind() {
    [ $(($2 % 24)) = 0 ] || return 0
    case ${1##*.} in
        link_rx_i|link_tx_o) if [ $BARE = 1 ]; then echo core; else echo link; fi ;;
        *phit*) echo core ;;
    esac
}

# check_decoded CFG FST: every value of the phit traces in the window through
# the filter (the expected kinds appear, "?" never does), and GTKWave's own
# filter calls (NR_PHITDEC_LOG) gave decoded text.
check_decoded() {
    local cfg=$1 fst=$2 dec=$OUT/$1.decoded
    fst2vcd "$fst" 2>/dev/null | awk -v list="$OUT/$cfg.phits" '
        BEGIN { while ((getline l < list) > 0) { split(l, a, " "); kind[a[2]] = a[1] } }
        /\$scope/ { d++; p[d] = $3 } /\$upscope/ { d-- }
        /\$var/ { s = ""; for (i = 1; i <= d; i++) s = s p[i] "."; if ((s $5) in kind) { k[$4] = kind[s $5]; w[$4] = $3 } }
        /^b/ { id = $2; if (!(id in k)) next; v = substr($1, 2)
               while (length(v) < w[id]) v = (v ~ /^[xz]/ ? substr(v, 1, 1) : "0") v
               h = ""; for (i = 1; i <= length(v); i += 4) { q = substr(v, i, 4)
                   if (q ~ /x/) c = "x"; else if (q ~ /z/) c = "z"
                   else c = substr("0123456789ABCDEF", 1 + substr(q, 1, 1) * 8 + substr(q, 2, 1) * 4 + substr(q, 3, 1) * 2 + substr(q, 4, 1), 1)
                   h = h c }
               print k[id], h }' > "$dec.in"
    { grep '^core ' "$dec.in" | cut -d' ' -f2 | "$PD" | sed 's/^/core /'
      grep '^link ' "$dec.in" | cut -d' ' -f2 | "$PD-link" | sed 's/^/link /'; } > "$dec"
    local bad="" want
    local wants=("core HEAD" "core BODY" "core EOP")
    [ $BARE = 1 ] || wants+=("link IDLE" "link F ")
    for want in "${wants[@]}"; do
        grep -q "^$want" "$dec" || bad="$bad no '${want#* }' on a ${want%% *} trace;"
    done
    grep -q ' ?$\|^core ?\|^link ?' "$dec" && bad="$bad a value the filter cannot decode ('?', $dec.in);"
    [ -s "$OUT/$cfg.filterlog" ] || bad="$bad GTKWave never called the filter;"
    grep -q -- '-> \(HEAD\|BODY\|EOP\|IDLE\|F \)' "$OUT/$cfg.filterlog" 2>/dev/null ||
        bad="$bad GTKWave got no decoded phit from the filter;"
    if [ -n "$bad" ]; then echo "waves: $cfg: phit decoding:$bad" >&2; return 1; fi
    echo "waves: $cfg: decoded $(wc -l < "$dec") phit values ($(grep -c 'HEAD' "$dec") HEAD), GTKWave asked the filter $(wc -l < "$OUT/$cfg.filterlog") times"
}

run_cfg() {
    local cfg=$1 bin=$B/bin/rtr_sim-$1-trace name=$1
    # WAVES_NET=R: router R of a network of cfg routers (net_sim) instead
    [ -n "${WAVES_NET:-}" ] && bin=$B/bin/net_sim-$1-trace name=$1-net-r$WAVES_NET
    local fst=$OUT/$name.fst gtkw=$OUT/$name.gtkw png=$OUT/$name.png
    [ -x "$bin" ] || { echo "waves: $bin is not built (make $bin)" >&2; return 1; }
    rm -f "$fst"
    if [ -n "${WAVES_NET:-}" ]; then
        "$bin" --impl rtl --cfg "$cfg" --topo "${WAVES_TOPO:-fclos:levels=2}" --pattern ur --load 0.5 \
            --len bw --warmup 200 --measure 600 --seed "$SEED" --quiet --trace-rtr "$WAVES_NET" \
            --trace-from "$FROM" --trace-to "$TO" --trace-out "$fst" > "$OUT/$name.log" 2>&1
    else
        "$bin" --impl rtl --cfg "$cfg" --pattern ur --load 0.5 --len bw --warmup 200 --measure 600 \
            --seed "$SEED" --trace-from "$FROM" --trace-to "$TO" --trace-out "$fst" > "$OUT/$name.log" 2>&1
    fi
    local rc=$?
    [ $rc -eq 0 ] && [ -s "$fst" ] || { echo "waves: $name run failed (exit $rc, $OUT/$name.log)" >&2; return 1; }
    local top params
    top=$(scripts/cfg.sh "$cfg" top) || return 1
    params=" $(scripts/cfg.sh "$cfg" params) "
    BARE=0; [[ $params == *" UseLcb=0 "* ]] && BARE=1
    case $top in
        nr_yarc) sigs_yarc > "$OUT/$name.sigs" ;;
        # a cn switch (M=0) has no tops
        nr_nwn) if [[ $params == *" M=0 "* ]]; then sigs_nwn cn; else sigs_nwn fc; fi > "$OUT/$name.sigs" ;;
        *) echo "waves: no signal list for top $top ($cfg)" >&2; return 1 ;;
    esac
    # widths from the FST's own hierarchy
    fst2vcd "$fst" 2>/dev/null | awk '/\$scope/ {d++; p[d]=$3} /\$upscope/ {d--}
        /\$var/ && $2 != "parameter" {s=""; for (i = 1; i <= d; i++) s = s p[i] "."; print s $5, $3}' \
        > "$OUT/$name.facs"
    {
        echo "[dumpfile] \"$(cd "$OUT" && pwd)/$name.fst\""
        echo "[timestart] $((2 * FROM))"
        echo "[size] 1400 900"
        local want=0
        rm -f "$OUT/$name.phits"
        while IFS= read -r l; do
            if [ "${l:0:1}" = "-" ]; then
                echo "@200"; echo "$l"
            else
                local w
                w=$(awk -v n="$l" '$1 == n { print $2; exit }' "$OUT/$name.facs")
                [ -n "$w" ] || { echo "waves: $name: signal $l is not in the FST" >&2; return 1; }
                local pk
                pk=$(phit_kind "$l" "$w")
                if [ "$w" = 1 ]; then echo "@28"; echo "$l"
                elif [ "$pk" = core ]; then echo "^>1 $PD"; echo "@4022"; echo "$l[$((w - 1)):0]"
                elif [ "$pk" = link ]; then echo "^>2 $PD-link"; echo "@4022"; echo "$l[$((w - 1)):0]"
                else echo "@22"; echo "$l[$((w - 1)):0]"; fi
                [ -n "$pk" ] && echo "$pk $l" >> "$OUT/$name.phits"
                want=$((want + 1))
            fi
        done < "$OUT/$name.sigs"
        echo "$want" > "$OUT/$name.want"
    } > "$gtkw" || return 1
    local want
    want=$(cat "$OUT/$name.want")
    # open it in GTKWave, count the displayed signals, grab the window
    cat > "$OUT/$name.tcl" <<EOF
set n 0
foreach s [gtkwave::getDisplayedSignals] { if {[string index \$s 0] ne "-"} { incr n } }
puts "WAVES_DISPLAYED \$n"
gtkwave::setZoomRangeTimes $((2 * FROM)) $((2 * TO))
gtkwave::/File/Grab_To_File $(cd "$OUT" && pwd)/$name.gtkwave.png
gtkwave::/File/Quit
EOF
    local got
    # xvfb-run -a takes the first display number without a lock file, so two
    # runs started at once (the regression runs the waves tests in parallel)
    # could pick the same one: start each configuration's search elsewhere.
    local dpy=$((100 + $(printf '%s' "$name" | cksum | cut -d' ' -f1) % 400))
    rm -f "$OUT/$name.filterlog"
    got=$(NR_PHITDEC_LOG="$(cd "$OUT" && pwd)/$name.filterlog" timeout 120 xvfb-run -a -n "$dpy" -s "-screen 0 1400x900x24" gtkwave -S "$OUT/$name.tcl" "$gtkw" 2>&1 |
          awk '/^WAVES_DISPLAYED/ { print $2 }')
    if [ "$got" != "$want" ]; then
        echo "waves: $name: GTKWave displays ${got:-no} signals of the $want in $gtkw" >&2
        return 1
    fi
    check_decoded "$name" "$fst" || return 1
    # the picture: cycles on the time axis, the whole window, labels that fit
    fst2vcd "$fst" > "$OUT/$name.vcd" 2> /dev/null || { echo "waves: $name: fst2vcd failed" >&2; return 1; }
    local what="rtr_sim"
    [ -z "${WAVES_NET:-}" ] || what="net_sim ${WAVES_TOPO:-fclos:levels=2}, router $WAVES_NET"
    scripts/plot.py "$png" --size 1600,$((120 + 28 * $(wc -l < "$OUT/$name.sigs"))) \
        --title "$cfg RTL ($what, UR 0.5, seed $SEED): the packet path, cycles $FROM to $TO" \
        --timing "$OUT/$name.vcd" "$OUT/$name.sigs" "$FROM" "$TO" \
        --phits "$OUT/$name.phits" "$PD" "$PD-link" || return 1
    rm -f "$OUT/$name.vcd"
    [ -n "${WAVES_NET:-}" ] || pub_file "docs/img/waves_${cfg//-/_}.png" "$png"
    echo "waves: $name: $fst (cycles $FROM..$TO), $want signals in $gtkw, picture $png"
    echo "waves:   view with: gtkwave $gtkw"
}

rc=0
for c in "${CFGS[@]}"; do run_cfg "$c" || rc=1; done
pub_finish $rc "make waves"
