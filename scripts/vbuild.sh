#!/bin/bash
# vbuild.sh - Verilate one RTL top into a static library for a C testbench.
#
# usage: vbuild.sh OUTDIR TOP [-GName=Value ...] [--trace] [--coverage] [--hier MODULE ...] [--opt N] [--split N] [--sc] [--xfast] [--threads N] -- FILE...
# Produces OUTDIR/libV<TOP>.a (model + Verilator runtime), OUTDIR/V<TOP>.h,
# OUTDIR/deps.mk (what the library depends on, from Verilator's own list) and
# OUTDIR/build.stats (the build's cost: Verilation and compile seconds, lines
# of C++; scripts/build_stats.sh tabulates them).
# A thin C++ shim (tb/shim/<top>_shim.cpp) includes V<TOP>.h and exposes an
# extern "C" API; C code is compiled by gcc and linked against the library.
# Assertions are on (--assert). Optimisation goes in through OPT_FAST, because
# Verilator's generated makefile overrides CFLAGS.
#
# --hier MODULE  Verilate MODULE as a hierarchy block (Verilator
#   --hierarchical): every instance with the same parameters shares one
#   compiled model. Verilator 5.006 otherwise emits the scheduled logic of
#   every instance separately, so a router's C++ grows with its port count
#   (docs/yarc-rtl.md, "Verilator builds"). Signals inside a hierarchy block
#   cannot be traced; only its ports are.
#
# --opt N  gcc optimisation level of the model's C++ (default 2). Traced
#   builds of whole routers use 0: they only rerun a failing seed up to a
#   waveform window, and -O0 compiles in about 40% of the -O2 time.
#
# --sc  SystemC output (verilator --sc): the model is an SC_MODULE; link with
#   -lsystemc. Its runtime objects are compiled in OUTDIR (VM_SC=1 changes
#   verilated.h), not shared.
#
# --coverage  Verilator --coverage (line, toggle and user cover points); the
#   runtime is then built with VM_COVERAGE=1 and verilated_cov.o, in its own
#   directory (default OUTDIR/../_rt_cov). The shim writes the counts when the
#   model is freed (tb/shim/shim_cov.hpp; make coverage, scripts/coverage.sh).
#   The build is flat (--hier is ignored): Verilator 5.006 reports garbage
#   counts (10^10 and more on a 10^4-cycle run) for the points inside
#   hierarchy blocks. It is compiled at -O0 unless --opt says otherwise: the
#   flat routers are large, and the coverage runs are short.
#
# --xfast  --x-assign fast --x-initial fast instead of unique (the kit's
#   builds keep unique: X values stay random, so a reset bug shows). Measured
#   on yarc-k64 (docs/results.md, "Speed"): 1.02x, not worth the check lost.
# --threads N  Verilator --threads N. On a hierarchical build Verilator 5.006
#   refuses (UNOPTTHREADS: the top is only the wiring of its hierarchy blocks,
#   and each block is one task), which stops the build here; for experiments.
# --split N  split the generated C++ functions after about N statements
#   (Verilator --output-split-cfuncs). g++ time grows faster than linearly
#   with function size: the single 32x32 subswitch of cn-k32 (one function of
#   14 k lines per scheduling step) compiles in 1.8 min instead of 12 with
#   --split 2000 (docs/nwn-rtl.md).
#
# The Verilator runtime (verilated.o, verilated_threads.o, verilated_fst_c.o)
# does not depend on the model, so it is compiled once into VL_RT_DIR
# (default: OUTDIR/../_rt, shared by every build under the same parent) and
# copied into each library. A lock makes this safe under make -j.
set -euo pipefail
# make runs this recipe ('+' in the Makefile) even under make -n or -q; do
# nothing then, as make does (its single-letter flags are MAKEFLAGS' first
# word when it does not start with '-').
MFLAGS1=${MAKEFLAGS:-}; MFLAGS1=${MFLAGS1%% *}
case $MFLAGS1 in -*|'') ;; *[nq]*) exit 0 ;; esac
[ $# -ge 4 ] || { echo "usage: vbuild.sh OUTDIR TOP [-Gp=v ...] [--trace] [--hier M ...] [--opt N] [--split N] [--sc] -- FILE..." >&2; exit 2; }
OUT=$1; TOP=$2; shift 2
VARGS=(); TRACE=0; HIER=(); OPT=2; SC=0; SPLIT=(); COV=0; OPTSET=0; XOPT=unique
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    case $1 in
        -G*) VARGS+=("$1") ;;
        --trace) VARGS+=(--trace-fst --trace-structs); TRACE=1 ;;
        --coverage) VARGS+=(--coverage); COV=1 ;;
        --hier) [ $# -ge 2 ] || { echo "vbuild: --hier needs a module name" >&2; exit 2; }
                HIER+=("$2"); shift ;;
        --sc) SC=1 ;;
        --xfast) XOPT=fast ;;
        --threads) [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || { echo "vbuild: --threads needs a count" >&2; exit 2; }
                   VARGS+=(--threads "$2"); shift ;;
        --opt) [ $# -ge 2 ] && [[ $2 =~ ^[0-3s]$ ]] || { echo "vbuild: --opt needs 0..3 or s" >&2; exit 2; }
               OPT=$2; OPTSET=1; shift ;;
        --split) [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*$ ]] || { echo "vbuild: --split needs a count" >&2; exit 2; }
                 SPLIT=(--output-split-cfuncs "$2"); shift ;;
        *) echo "vbuild: unknown option '$1'" >&2; exit 2 ;;
    esac
    shift
done
[ "${1:-}" = "--" ] || { echo "vbuild: missing -- before file list" >&2; exit 2; }
UNITY_MAX=${NR_UNITY_MAX_LINES:-80000}
[[ $UNITY_MAX =~ ^[0-9]+$ ]] || { echo "vbuild: NR_UNITY_MAX_LINES='$UNITY_MAX': must be a whole number of lines" >&2; exit 2; }
if [ $COV = 1 ]; then
    HIER=()
    [ $OPTSET = 1 ] || OPT=0
fi
shift
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUTARG=${OUT%/}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
RTSUF=
[ $COV = 1 ] && RTSUF=_cov
RT=${VL_RT_DIR:-$(dirname "$OUT")/_rt$RTSUF}
VINC=$(verilator --getenv VERILATOR_ROOT)/include

# ---- shared runtime, built once (flock: concurrent builds wait for it)
RT_OBJS=(verilated.o verilated_threads.o verilated_fst_c.o)
[ $COV = 1 ] && RT_OBJS+=(verilated_cov.o)
mkdir -p "$RT"
(
    flock 9
    if [ ! -f "$RT/.ok" ]; then
        # the flags of Verilator's own verilated.mk for a C++ (non-SystemC) model
        for o in "${RT_OBJS[@]}"; do
            g++ -O2 -faligned-new -fcf-protection=none -Wno-bool-operation -Wno-sign-compare \
                -Wno-uninitialized -Wno-unused-but-set-variable -Wno-unused-parameter \
                -Wno-unused-variable -Wno-shadow -I"$VINC" -I"$VINC/vltstd" \
                -DVM_COVERAGE=$COV -DVM_SC=0 -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_TRACE_VCD=0 \
                -c "$VINC/${o%.o}.cpp" -o "$RT/$o"
        done
        touch "$RT/.ok"
    fi
) 9>"$RT/.lock"

HIERARGS=()
if [ ${#HIER[@]} -gt 0 ]; then
    {
        echo '`verilator_config'
        for m in "${HIER[@]}"; do
            echo "hier_block -module \"$m\""
            # Verilator renames each parameterization of a hierarchy block
            # (<module>_0, ...), which no longer matches the file name.
            echo "lint_off -rule DECLFILENAME -file \"*/$m.sv\""
        done
    } > "$OUT/hier.vlt"
    HIERARGS=(--hierarchical "$OUT/hier.vlt")
fi

T_V0=$(date +%s.%N)
verilator $( [ $SC = 1 ] && echo --sc || echo --cc ) --assert -Wall -Wno-fatal --x-assign $XOPT --x-initial $XOPT \
    -O3 "${SPLIT[@]}" --top-module "$TOP" -Mdir "$OUT" --prefix "V$TOP" \
    -I"$ROOT/rtl/inc" "$ROOT/rtl/lint.vlt" "${HIERARGS[@]}" "${VARGS[@]}" "$@" > "$OUT/verilate.log" 2>&1 \
    || { cat "$OUT/verilate.log" >&2; exit 1; }
if grep -q '%Warning' "$OUT/verilate.log"; then cat "$OUT/verilate.log" >&2; echo "vbuild: lint warnings in $TOP" >&2; exit 1; fi
SLOW=$([ "$OPT" = 2 ] || [ "$OPT" = 3 ] && echo 1 || echo "$OPT")
SCARGS=()
[ $SC = 1 ] && SCARGS=(SYSTEMC_INCLUDE=/usr/include SYSTEMC_LIBDIR=/usr/lib/x86_64-linux-gnu
                       verilated.o verilated_threads.o)
# ccache, when installed (make deps installs it), caches the g++ objects of
# the generated C++: a rebuild after an RTL edit recompiles only the files
# whose text changed. NR_NO_CCACHE=1 turns it off.
OBJCACHE=
if [ -z "${NR_NO_CCACHE:-}" ] && command -v ccache >/dev/null 2>&1; then OBJCACHE=ccache; fi
# Verilator's makefile archives with `ar -rcs`, which keeps the members of an
# archive left by an earlier Verilation: its generated file names change with
# the RTL (DepSet hashes), so a rebuild in the same directory would link stale
# model objects beside the new ones (a silently wrong model). Start every
# archive afresh, the hierarchy blocks' included.
find "$OUT" -name '*__ALL.a' -delete
T_V1=$(date +%s.%N)
# One translation unit per model and hierarchy block, or many (Verilator's
# VM_PARALLEL_BUILDS). Every generated file includes verilated.h, which
# costs g++ about 0.6 s to parse at -O2, and a model is split into 8 to 80
# files: one file compiles the cells about 5x faster (pipe_w24 5.9 -> 1.1 s
# of CPU) and the routers 1.2-1.9x (fc-k16 37.6 -> 20.2 s, fc-k64 61.1 ->
# 46.5 s, fc-k16-trace at -O0 117 -> 68 s). But at -O2 g++ grows faster than
# linearly with a file's size: yarc-k64, whose top is 95 k lines, took 99 s
# in one file per block against 88 s in many. So -O2 builds whose largest
# block (the top or a hierarchy block) has more than NR_UNITY_MAX_LINES
# (default 80 000) lines keep the many files, which make's job server also
# compiles in parallel (docs/results.md §3 "Builds").
CPP_LINES=$(find "$OUT" -name '*.cpp' -exec cat {} + | wc -l)
UNIT_MAX=0
while IFS= read -r d; do
    n=$(find "$d" -maxdepth 1 -name '*.cpp' -exec cat {} + | wc -l)
    [ "$n" -gt "$UNIT_MAX" ] && UNIT_MAX=$n
done < <(find "$OUT" -name '*_classes.mk' -printf '%h\n' | sort -u)
VPB=0
if [ "$OPT" != 0 ] && [ "$UNIT_MAX" -gt "$UNITY_MAX" ]; then VPB=1; fi
make -s -C "$OUT" -f "V$TOP.mk" OBJCACHE="$OBJCACHE" OPT_FAST=-O$OPT OPT_SLOW=-O$SLOW OPT_GLOBAL=-O$OPT \
    VM_PARALLEL_BUILDS=$VPB "${SCARGS[@]}" "V${TOP}__ALL.a" >/dev/null
cd "$OUT"
# one archive with the model and the runtime; link the C test with g++ ... -lz -pthread
rm -rf "libV$TOP.a" objs && mkdir objs && (cd objs && ar x "../V${TOP}__ALL.a")
if [ $SC = 1 ]; then
    ar rcs "libV$TOP.a" objs/*.o verilated.o verilated_threads.o
else
    ar rcs "libV$TOP.a" objs/*.o "$RT/verilated.o" "$RT/verilated_threads.o" \
        $( [ $TRACE = 1 ] && echo "$RT/verilated_fst_c.o" ) $( [ $COV = 1 ] && echo "$RT/verilated_cov.o" )
fi
# The library's dependencies, from the files Verilator read (its V<TOP>__ver.d:
# the RTL of this top's hierarchy, the included .svh, the lint config), as a
# makefile fragment the Makefile includes: touching one file rebuilds only
# the models that read it. Paths are relative to the project, each also a
# target of its own so that a deleted file does not stop make (like gcc -MP).
# Written last, so that a failed build leaves no fragment behind.
# What the build cost, for docs/nwn-rtl.md and docs/yarc-rtl.md ("Verilator
# builds"): wall seconds of Verilation and of the C++ compile (ccache hits
# included, so the compile time is a cold one only without them), and the
# lines of generated C++ (the hierarchy blocks' included).
T_V2=$(date +%s.%N)
awk -v a="$T_V0" -v b="$T_V1" -v c="$T_V2" -v n="$CPP_LINES" \
    -v k="${OBJCACHE:-none}" -v u=$((1 - VPB)) 'BEGIN { printf "verilate_s %.1f\ncompile_s %.1f\ncpp_lines %d\nccache %s\nunity %d\n", b - a, c - b, n, k, u }' > build.stats
sed -n 's/^[^:]*:[[:space:]]*//p' "V${TOP}__ver.d" | tr ' ' '\n' \
    | sed -e "s#^$ROOT/##" | grep -v -e '^$' -e '^/' -e 'verilator_bin' -e "^$OUTARG/" | sort -u > deps.lst
{
    printf '%s/libV%s.a:' "$OUTARG" "$TOP"
    sed 's/^/ /' deps.lst | tr -d '\n'
    printf '\n'
    sed 's/$/:/' deps.lst
} > deps.mk.tmp && mv deps.mk.tmp deps.mk && rm -f deps.lst
