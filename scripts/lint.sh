#!/bin/bash
# lint.sh - the three RTL gates on every module in rtl/files.f:
#   1. verilator --lint-only -Wall (with the waivers in rtl/lint.vlt)
#   2. Icarus Verilog elaboration (iverilog -g2012)
#   3. Yosys: hierarchy -check; proc; check -assert
# after checking that every file says `default_nettype none (nettype_check.sh).
# Each module is elaborated as its own top with default parameters, then with
# the extra parameter sets below: degenerate values of the generic leaves
# (one input, output or VC, depth 1, no crosspoint in a class) and the other
# organizations of the tops; then every named configuration of
# configs/configs.txt whose builds column has lint, with its top.
#
# usage: lint.sh [MODULE...]   (default: every module)
# The k=64 tops at their defaults are slow in Icarus (docs/yarc-rtl.md,
# docs/nwn-rtl.md: minutes each); name the leaves to lint them alone.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
cd "$(dirname "$0")/.."
LINT_DIR=${BUILD:-build}/lint
mkdir -p "$LINT_DIR" || exit 2
FILES=$(grep -v '^\s*\(//\|$\)' rtl/files.f | tr '\n' ' ')
ALL=$(grep -h -o '^module [A-Za-z0-9_]*' $FILES | awk '{print $2}')
if [ $# -gt 0 ]; then MODS="$*"; else MODS=$ALL; fi
# every file of the list declares `default_nettype none (implicit nets are errors)
scripts/nettype_check.sh || exit 1

# Extra parameter sets: "MODULE P=V ..." or "MODULE cfg:NAME" (the lint
# configurations are added as the latter).
EXTRA=(
    "nr_arb_rr_multi N=1 S=2"
    "nr_arb_rr_multi N=3 S=2 PastLast=0"
    "nr_arb_rr_multi N=2 S=4"
    "nr_arb_matrix N=2"
    "nr_arb_matrix N=8"
    "nr_max_pick N=1 ScW=1"
    "nr_max_pick N=5 ScW=3"
    "nr_max_pick N=64 ScW=8"
    "nr_swalloc NumVcs=1 NumIu=0 NumBuf=1 NumPt=1 NumCh=0 Speedup=1 Credits=1"
    "nr_swalloc NumVcs=1 NumIu=1 NumBuf=0 NumPt=0 NumCh=1 Speedup=1 Credits=1"
    "nr_swalloc NumVcs=4 NumIu=3 NumBuf=2 NumPt=3 NumCh=2 XIuPt=2 XBufCh=0 Speedup=2 PayW=30"
    "nr_swalloc NumVcs=2 NumIu=2 NumBuf=4 IuFirst=0 NumPt=2 NumCh=4 PtFirst=0 XIuPt=0 XBufCh=2 Speedup=1"
    "nr_swalloc_ch NumVcs=1 NX=1 Credits=1"
    "nr_swalloc_ch NumVcs=4 NX=3 Credits=2"
    "nr_swalloc_pt NumVcs=1 NX=1"
    "nr_swalloc_pt NumVcs=3 NX=5"
    "nr_swalloc_accept NumVcs=1 NO=1 Speedup=1 TgtW=1"
    "nr_swalloc_accept NumVcs=4 NO=5 Speedup=2 PayW=30"
    "nr_swalloc_accept NumVcs=4 NO=2 Speedup=1 TgtW=1"
    "nr_swalloc_out NumVcs=1 NumBuf=1 IsPort=1 Speedup=1 Credits=1 TgtW=1"
    "nr_swalloc_out NumVcs=4 NumIu=3 NumBuf=2 OutIdx=6 ClassIdx=1 XIu=2 XBuf=0 Speedup=2 PayW=30"
    "nr_swalloc_out NumIu=2 NumBuf=4 IuFirst=0 IsPort=1 XIu=0 XBuf=2 Speedup=1"
    "nr_swalloc_out IsPort=1 XBuf=0"
    "nr_swalloc_out NumVcs=3 NumIu=5 NumBuf=0 IsPort=1 OutIdx=2 ClassIdx=2 XIu=2 Speedup=1 Vc=1"
    "nr_swalloc_accept NumVcs=1 NO=2 Speedup=1 TgtW=1 Vc=1"
    "nr_swalloc_accept NumVcs=4 NO=3 Speedup=1 TgtW=2 Vc=1"
    "nr_swalloc_va NumVcs=1 NI=1 NO=1 TgtW=1"
    "nr_swalloc_vai NumVcs=1 NO=1 TgtW=1"
    "nr_swalloc_vai NumVcs=4 NO=5 VcCls=2 VaHop=1 TgtW=3"
    "nr_swalloc_vao NumVcs=1 NI=1 TgtW=1 OutIdx=1"
    "nr_swalloc_vao NumVcs=4 NI=3 TgtW=3 OutIdx=5"
    "nr_nwn_fbrow NumPorts=2 NumVcs=1 BufDepth=1"
    "nr_swalloc_va NumVcs=4 NI=3 NO=5 VcCls=2 VaHop=1 TgtW=3"
    "nr_swalloc NumVcs=2 NumIu=4 NumBuf=0 NumPt=4 NumCh=0 XIuPt=2 Speedup=1 Vc=1"
    "nr_swalloc NumVcs=3 NumIu=4 NumBuf=0 NumPt=4 NumCh=0 Speedup=1 Vc=1 SaAlloc=1"
    "nr_swalloc NumVcs=2 NumIu=6 NumBuf=0 NumPt=6 NumCh=0 Speedup=1 Vc=1 SaAlloc=2 SaGroup=3"
    "nr_swalloc NumVcs=2 NumIu=4 NumBuf=0 NumPt=4 NumCh=0 Speedup=1 Vc=1 SaAlloc=1 SaIter=3 Spec=1"
    "nr_swalloc NumVcs=2 NumIu=6 NumBuf=0 NumPt=6 NumCh=0 Speedup=1 Vc=1 SaAlloc=2 SaGroup=3 Spec=1"
    "nr_swalloc_islip NumVcs=1 NI=1 NO=1 Rounds=1 TgtW=1"
    "nr_swalloc_islip NumVcs=4 NI=3 NO=5 Rounds=4 TgtW=3"
    "nr_swalloc_pt NumVcs=2 NX=8 SaGroup=4"
    "nr_swalloc_pt NumVcs=1 NX=4 SaGroup=4"
    "nr_swalloc_out XBuf=0"
    "nr_swalloc_out NumIu=4 NumBuf=12 ClassIdx=5 XBuf=3 XClsPer=6 XClsTurn=2254"
    "nr_swalloc_out NumIu=1 NumBuf=8 OutIdx=6 ClassIdx=5 XBuf=4"
    "nr_iu NumPorts=4 NumVcs=1 RdPorts=2 TgtW=1 UseScore=0"
    "nr_iu NumVcs=3 RdPorts=2 UseScore=0"
    "nr_iu_stage NumVcs=1 RdPorts=2"
    "nr_iu_stage NumVcs=3 RdPorts=2"
    "nr_iu_rc NumPorts=4 NumVcs=1 UseScore=0"
    "nr_iu_front NumVcs=1 TgtW=1"
    "nr_iu_front NumVcs=4 TgtW=6"
    "nr_ss_ages Depth=1"
    "nr_ss_out NumPorts=2 NumVcs=1 MaxPktLen=2 StageDepth=2 ArsInit=1 Port=1"
    "nr_seastar NumPorts=8 NumVcs=3 UseLcb=1 InBufPerVc=128 LutBits=1 ArsInit=2"
    "nr_vcbank NumIn=1 NumVcs=1 Width=1 Depth=1"
    "nr_vcbank NumIn=3 NumVcs=4 Width=33 Depth=2"
    "nr_chpipe NumCh=1 Width=1 NumCr=1 Latency=0"
    "nr_chpipe NumCh=4 Width=31 NumCr=8 Latency=3"
    "nr_route_tables NumPorts=4 Cols=2 NumVcs=1 CredW=1"
    "nr_route_tables UseScore=0 Cols=1"
    "nr_route_tables NumPorts=16 Cols=4 UpPick=2 SideTab=1"
    "nr_route_fb NumPorts=16 NumVcs=4"
    "nr_route_cfg NumPorts=4"
    "nr_route_cfg NumPorts=32"
    "nr_route_cfg NumPorts=16 SideTab=1"
    "nr_route_lookup NumPorts=4 Cols=2 NumVcs=1 CredW=1"
    "nr_route_lookup UseScore=0 Cols=1"
    "nr_route_lookup NumPorts=16 Cols=4 SideTab=1"
    "nr_route_lookup NumPorts=16 Cols=4 NumVcs=4 UpPick=2 InBufPerVc=16"
    "nr_route_lookup NumPorts=64 UseScore=0 Cols=1 UpPick=2 SideTab=1"
    "nr_route_lookup NumPorts=4 Cols=2 UseScore=0 SideTab=1"
    "nr_subswitch NumIn=1 NumOut=1 NumVcs=1 Depth=1 OutCredits=1"
    "nr_subswitch NumVcs=4 Speedup=1"
    "nr_outport NumIn=1 NumVcs=1 Depth=1"
    "nr_inq RdPorts=2"
    "nr_inq RdPorts=2 NumVcs=1 BufPerVc=8"
    "nr_inq RdPorts=2 NumVcs=4 BufPerVc=10"
    "nr_lcb_port RdPorts=2"
    "nr_lcb_port LinkCrcW=32"
    "nr_lcb LinkCrcW=32"
    "nr_lcb_tx LinkCrcW=32"
    "nr_lcb_tx_seq Window=2"
    "nr_lcb_tx_replay LinkCrcW=32"
    "nr_lcb_tx_replay ReplayDepth=8 Window=2 MaxPktLen=4"
    "nr_lcb_tx_link LinkCrcW=32"
    "nr_lcb_rx LinkCrcW=32"
    "nr_lcb_rx LinkCrcW=32 NumVcs=1 MaxPktLen=255"
    "nr_port_bare RdPorts=2"
    "nr_port_bare RdPorts=2 NumVcs=1"
    "nr_port_front UseLcb=0"
    "nr_port_front UseLcb=0 NumVcs=1 RdPorts=2"
    "nr_port_front RdPorts=2 LinkCrcW=32 NumVcs=4"
    "nr_nwn_fhop NumPorts=4 R=1 M=0 SelfTurn=1"
    "nr_nwn_fhop NumPorts=16 R=8 M=2 Bb=1"
    "nr_nwn_fhop NumPorts=64 R=16 M=6"
    "nr_nwn_fhop NumPorts=64 R=16 M=6 TopChoice=1"
    "nr_nwn_fhop NumPorts=8 R=1 M=0 Hx=1 TgtW=5"
    "nr_nwn_fhop NumPorts=64 R=1 M=0 Hx=2 TgtW=6 NumVcs=4"
    "nr_nwn_fhop NumPorts=64 R=1 M=0 Ft=1 TgtW=6"
    "nr_nwn_sub Kind=1"
    "nr_nwn_sub Kind=1 Speedup=2 TopSpeedup=2 NumVcs=4"
    "nr_nwn_sub Kind=2 NumPorts=16 R=8 M=2 Bb=1"
    "nr_nwn_sub NumPorts=4 R=1 M=0 NumVcs=1 SelfTurn=1"
    "nr_nwn_sub Speedup=2 NumVcs=4"
    "nr_nwn_sub NumPorts=8 R=1 M=0 NumVcs=4 Vc=1 VcCls=2 VaHop=1"
    "nr_nwn_sub NumPorts=64 R=1 M=0 Hx=1 Kind=5 Speedup=2 NumVcs=4"
    "nr_nwn_hx NumPorts=8 Hx=2 NumVcs=1 ChanLat=1 BufDepth=2"
    "nr_nwn_sub NumPorts=64 R=1 M=0 Ft=1 Kind=6 NumVcs=4"
    "nr_nwn_hx NumPorts=64 Hx=0 Ft=1 NumVcs=1 ChanLat=1 BufDepth=2"
    "nr_nwn_port NumPorts=64 R=1 M=0 Ft=1"
    "nr_nwn_port UseLcb=0 NumVcs=1"
    "nr_nwn_port Speedup=2"
    "nr_nwn_port NumPorts=16 R=8 M=2 Bb=1 UpPort=1"
    "nr_yarc_tile LinkCrcW=32"
    "nr_nwn_port LinkCrcW=32"
    "nr_nwn NumPorts=4 R=1 M=0 NumVcs=1 ChanLat=1 BufDepth=2 UseLcb=0 InBufPerVc=8 MaxPktLen=8"
    "nr_nwn NumPorts=8 R=4 M=1 Bb=1 NumVcs=4 ChanLat=4 BufDepth=8 SelfTurn=1 UseLcb=0"
    "nr_nwn NumPorts=8 R=1 M=0 NumVcs=4 VcCls=2 VaHop=1 Vc=1 UseLcb=0"
)
LINT_CFGS=$(scripts/cfg.sh --with lint) || exit 2
for c in $LINT_CFGS; do EXTRA+=("$(scripts/cfg.sh "$c" top) cfg:$c"); done

# gate MODULE [P=V ...]: the three gates on one parameter set
gate() {
    local m=$1; shift
    local g=() p=() y="" ok=1 out top=$m wrap=""
    for pv in "$@"; do
        g+=("-G$pv"); p+=("-P$m.$pv"); y="$y${y:+, }.${pv%%=*}(${pv#*=})"
    done
    # Yosys takes a parameter set through a wrapper that instantiates the
    # module with it: hierarchy -chparam trips an internal assert in Yosys
    # 0.23 (modules_.count(module->name) == 0, rtlil.cc) on tops whose
    # submodule ports take elements of unpacked arrays (YosysHQ/yosys#3981)
    if [ -n "$y" ]; then
        wrap=$LINT_DIR/top.sv top=nr_lint_top
        printf '`default_nettype none\nmodule nr_lint_top;\n  %s #(%s) u ();\nendmodule\n' \
            "$m" "$y" > "$wrap" || { echo "lint: cannot write $wrap" >&2; exit 2; }
    fi
    # Verilator reads only the module's own hierarchy (scripts/rtl_deps.sh,
    # as the Verilated builds do), so a gap in that closure fails here.
    if ! out=$(verilator --lint-only -Wall -Irtl/inc rtl/lint.vlt $(scripts/rtl_deps.sh "$m") --top-module "$m" "${g[@]}" 2>&1); then
        echo "FAIL verilator $m $*"; echo "$out" | head -20; ok=0
    fi
    if ! out=$(iverilog -g2012 -Irtl/inc -s "$m" "${p[@]}" -o /dev/null $FILES 2>&1) || [ -n "$out" ]; then
        echo "FAIL iverilog $m $*"; echo "$out" | head -20; ok=0
    fi
    if ! out=$(yosys -q -p "read_verilog -defer -sv -Irtl/inc $FILES $wrap; hierarchy -check -top $top; proc; check -assert" 2>&1); then
        echo "FAIL yosys $m $*"; echo "$out" | grep -v '^$' | head -20; ok=0
    fi
    [ $ok = 1 ]
}

pass=0; fail=0
for m in $MODS; do
    if ! echo "$ALL" | grep -qx "$m"; then echo "lint: no module '$m' in rtl/files.f" >&2; exit 2; fi
    if gate "$m"; then pass=$((pass + 1)); echo "lint ok  $m"; else fail=$((fail + 1)); fi
    for e in "${EXTRA[@]}"; do
        set -- $e
        [ "$1" = "$m" ] || continue
        shift
        if [ "${1:-}" != "${1#cfg:}" ]; then
            set -- $(scripts/cfg.sh "${1#cfg:}" params)
        fi
        if gate "$m" "$@"; then pass=$((pass + 1)); echo "lint ok  $m $*"; else fail=$((fail + 1)); fi
    done
done
echo "lint: $pass passed, $fail failed"
[ $fail -eq 0 ]
