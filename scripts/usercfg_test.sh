#!/bin/bash
# usercfg_test.sh BUILDDIR/ - "your own configuration" (docs/usage.md): a copy of
# configs/configs.txt with configurations that are not in the shipped list.
#   - bad ones (a tile count R that is not a power of two dividing NumPorts,
#     a Window beyond the 7-bit sequence space, an unknown parameter) are
#     refused by the make rule before Verilator runs: exit 2 with the rule,
#     no Verilator output directory;
#   - a good one (k=4 bare YARC, the smallest, with its own buffer depths) builds through
#     the generic rule `make BUILDDIR/bin/rtr_sim-<cfg>` (mk/rtr.mk, mk/rtl_builds.mk) and
#     runs one short lockstep run against the C model, through rtr_sim (the
#     hand-off to the RTL binary) with NR_CONFIGS naming the file.
# Exit 0 pass, 1 fail, 2 bad usage.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
[ $# = 1 ] || { echo "usage: usercfg_test.sh BUILDDIR/" >&2; exit 2; }
B=${1%/}
cd "$(dirname "$0")/.."
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
F=$T/configs.txt
{ cat configs/configs.txt; cat <<'CFGS'
# user additions of scripts/usercfg_test.sh
my-k4-bare      nr_yarc        Rows=2 Cols=2 UseLcb=0 InBufPerVc=64 RowBufDepth=16
bad-tiles       nr_nwn         NumPorts=16 R=3 M=2 UseLcb=0
bad-window      nr_yarc        Rows=4 Cols=4 Window=128
bad-key         nr_yarc        Rows=4 Cols=4 Rowz=2
CFGS
} > "$F"
fail=0
for e in "bad-tiles:R = 3: must be a power of two" "bad-window:Window = 128: must be a power of two, 2..64" \
         "bad-key:unknown parameter 'Rowz'"; do
    c=${e%%:*} rule=${e#*:}
    out=$(make --no-print-directory BUILD="$B" NR_CONFIGS="$F" "$B/bin/rtr_sim-$c" 2>&1); rc=$?
    if [ $rc = 0 ] || ! grep -qF "$rule" <<< "$out"; then
        echo "FAIL $c: make exit $rc, want a failure naming '$rule':"; tail -5 <<< "$out"; fail=1
    elif [ -e "$B/v/$c/verilate.log" ]; then
        echo "FAIL $c: Verilator ran ($B/v/$c/verilate.log)"; fail=1
    else
        echo "ok   $c refused before Verilator: $(grep -F "$rule" <<< "$out" | head -1)"
    fi
    NR_CONFIGS=$F "$B/bin/nr_cat" check --rtl "$c" > /dev/null 2>&1; rc=$?
    [ $rc = 2 ] || { echo "FAIL $c: nr_cat check exit $rc, want 2"; fail=1; }
done
if ! out=$(make --no-print-directory BUILD="$B" NR_CONFIGS="$F" "$B/bin/rtr_sim-my-k4-bare" 2>&1); then
    echo "FAIL my-k4-bare: the generic build failed:"; tail -20 <<< "$out"; exit 1
fi
out=$(NR_CONFIGS=$F "$B/bin/rtr_sim" --impl lockstep --cfg my-k4-bare --pattern ur --load 0.5 \
      --len uniform:4:19 --sink-bp 0.2 --src-idle 0.05 --warmup 200 --measure 1000 --seed 5 2>&1); rc=$?
if [ $rc != 0 ] || ! grep -q "cfg my-k4-bare ($F:" <<< "$out"; then
    echo "FAIL my-k4-bare lockstep (exit $rc):"; tail -15 <<< "$out"; fail=1
else
    echo "ok   my-k4-bare lockstep: $(grep -m1 'impl lockstep' <<< "$out")"
fi
exit $fail
