#!/bin/bash
# vbuild.sh - Verilate one RTL top into a static library for a C testbench.
#
# usage: vbuild.sh OUTDIR TOP [-GName=Value ...] [--trace] -- FILE...
# Produces OUTDIR/libV<TOP>.a (model + Verilator runtime) and OUTDIR/V<TOP>.h.
# A thin C++ shim (tb/shim/<top>_shim.cpp) includes V<TOP>.h and exposes an
# extern "C" API; C code is compiled by gcc and linked against the library.
# Assertions are on (--assert). Optimisation goes in through OPT_FAST, because
# Verilator's generated makefile overrides CFLAGS.
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: vbuild.sh OUTDIR TOP [-Gp=v ...] [--trace] -- FILE..." >&2; exit 2; }
OUT=$1; TOP=$2; shift 2
VARGS=(); TRACE=0
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    case $1 in
        -G*) VARGS+=("$1") ;;
        --trace) VARGS+=(--trace-fst --trace-structs); TRACE=1 ;;
        *) echo "vbuild: unknown option '$1'" >&2; exit 2 ;;
    esac
    shift
done
[ "${1:-}" = "--" ] || { echo "vbuild: missing -- before file list" >&2; exit 2; }
shift
ROOT=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$OUT"
verilator --cc --assert -Wall -Wno-fatal --x-assign unique --x-initial unique \
    -O3 --top-module "$TOP" -Mdir "$OUT" --prefix "V$TOP" \
    -I"$ROOT/rtl/inc" "$ROOT/rtl/lint.vlt" "${VARGS[@]}" "$@" > "$OUT/verilate.log" 2>&1 \
    || { cat "$OUT/verilate.log" >&2; exit 1; }
if grep -q '%Warning' "$OUT/verilate.log"; then cat "$OUT/verilate.log" >&2; echo "vbuild: lint warnings in $TOP" >&2; exit 1; fi
make -s -C "$OUT" -f "V$TOP.mk" OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2 \
    VM_PARALLEL_BUILDS=1 "V${TOP}__ALL.a" verilated.o verilated_threads.o \
    $( [ $TRACE = 1 ] && echo verilated_fst_c.o ) >/dev/null
cd "$OUT"
# one archive with the model and the runtime; link the C test with g++ ... -lz -pthread
rm -rf "libV$TOP.a" objs && mkdir objs && (cd objs && ar x "../V${TOP}__ALL.a")
ar rcs "libV$TOP.a" objs/*.o verilated.o verilated_threads.o $( [ $TRACE = 1 ] && echo verilated_fst_c.o )
