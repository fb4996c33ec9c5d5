#!/bin/bash
# formal.sh - bounded model check or k-induction of one RTL top with the flow in
# STYLE.md (Debian 12 has no SymbiYosys):
#   yosys: read_verilog -sv -formal; chparam; prep -top; async2sync; dffunmap;
#          write_smt2 -wires
#   yosys-smtbmc -s SOLVER -t DEPTH    (bmc: assertions hold for DEPTH steps
#                                       from the initial reset assumption)
#   yosys-smtbmc -s SOLVER -i -t DEPTH (ind: DEPTH-step induction)
# SOLVER is yices (yices-smt2 from .venv, which make deps installs from PyPI,
# or from PATH) when it is there, else z3; NR_FORMAL_SOLVER=z3|yices chooses.
# Both decide the same SMT-LIB2 problem; yices is 5 to 13 times faster on the
# kit's larger proofs (docs/testplan.md, "Formal proofs").
# The properties live in the module's own `ifdef FORMAL block. NR_FORMAL_TOP_<TOP>
# is defined, so that a block can make its environment assumptions assumes
# when it is the top and assertions when it is inside a larger proof.
#
# usage: formal.sh [-o OUTDIR] MODE DEPTH TOP [Param=Value ...] -- FILE...
#   MODE   bmc | ind
#   DEPTH  steps, 1 .. 200
#   OUTDIR work directory root (default build/formal); artefacts go to
#          OUTDIR/<TOP>[_Param-Value...]_<MODE>/ (model.smt2, yosys.log,
#          smtbmc.log, trace.vcd on failure).
# Exit: 0 proved, 1 failed (counterexample or tool error), 2 bad arguments.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
usage() { echo "usage: formal.sh [-o OUTDIR] bmc|ind DEPTH TOP [Param=Value ...] -- FILE..." >&2; exit 2; }
OUTROOT=build/formal
while getopts "o:" o; do
    case $o in
        o) OUTROOT=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 5 ] || usage
MODE=$1; DEPTH=$2; TOP=$3; shift 3
case $MODE in bmc) SMTOPT=() ;; ind) SMTOPT=(-i) ;; *) echo "formal: MODE must be bmc or ind, got '$MODE'" >&2; exit 2 ;; esac
[[ $DEPTH =~ ^[1-9][0-9]*$ ]] && [ "$DEPTH" -le 200 ] || { echo "formal: DEPTH must be 1..200, got '$DEPTH'" >&2; exit 2; }
[[ $TOP =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || { echo "formal: bad top name '$TOP'" >&2; exit 2; }
SETS=""; TAG=$TOP
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    [[ $1 =~ ^([A-Z][A-Za-z0-9_]*)=([0-9]+)$ ]] || { echo "formal: parameter must be Name=Number, got '$1'" >&2; exit 2; }
    SETS="$SETS -set ${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
    TAG="${TAG}_${BASH_REMATCH[1]}-${BASH_REMATCH[2]}"
    shift
done
# One chparam for all parameters: each chparam re-elaborates the top, which
# took 4 s a parameter for nr_lcb_tx with its formal block.
CHP=""; [ -n "$SETS" ] && CHP="chparam$SETS $TOP;"
[ "${1:-}" = "--" ] || usage
shift
[ $# -ge 1 ] || usage
for f in "$@"; do [ -r "$f" ] || { echo "formal: cannot read '$f'" >&2; exit 2; }; done
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$OUTROOT/${TAG}_$MODE
mkdir -p "$OUT"
rm -f "$OUT/trace.vcd"
SOLVER=${NR_FORMAL_SOLVER:-}
if [ -x "$ROOT/.venv/bin/yices-smt2" ]; then PATH=$ROOT/.venv/bin:$PATH; fi
if [ -z "$SOLVER" ]; then
    if command -v yices-smt2 >/dev/null 2>&1; then SOLVER=yices; else SOLVER=z3; fi
fi
case $SOLVER in
    z3) command -v z3 >/dev/null 2>&1 || { echo "formal: z3 is not installed (make deps)" >&2; exit 2; } ;;
    yices) command -v yices-smt2 >/dev/null 2>&1 || { echo "formal: yices-smt2 is not installed (make deps)" >&2; exit 2; } ;;
    *) echo "formal: NR_FORMAL_SOLVER must be z3 or yices, got '$SOLVER'" >&2; exit 2 ;;
esac
if ! yosys -q -l "$OUT/yosys.log" -p "read_verilog -sv -formal -DNR_FORMAL_TOP_$TOP -I$ROOT/rtl/inc $*; $CHP prep -top $TOP; async2sync; dffunmap; write_smt2 -wires $OUT/model.smt2" >/dev/null 2>&1; then
    echo "FAIL formal $MODE $TAG: yosys failed, see $OUT/yosys.log" >&2
    tail -n 20 "$OUT/yosys.log" >&2
    exit 1
fi
t0=$(date +%s.%N)
yosys-smtbmc -s "$SOLVER" --unroll "${SMTOPT[@]}" -t "$DEPTH" --dump-vcd "$OUT/trace.vcd" "$OUT/model.smt2" > "$OUT/smtbmc.log" 2>&1
rc=$?
t1=$(date +%s.%N)
secs=$(awk "BEGIN{printf \"%.1f\", $t1 - $t0}")
if [ $rc -eq 0 ] && grep -q 'Status: PASSED' "$OUT/smtbmc.log"; then
    echo "PASS formal $MODE $TAG depth $DEPTH ($SOLVER, ${secs}s)"
    exit 0
fi
echo "FAIL formal $MODE $TAG depth $DEPTH ($SOLVER, exit $rc, ${secs}s); log $OUT/smtbmc.log, trace $OUT/trace.vcd"
grep -E 'Assert failed|failed|Error|error' "$OUT/smtbmc.log" | head -n 10
exit 1
