#!/bin/bash
# fusesoc_test.sh BUILDDIR/ - the FuseSoC cores (cores/*.core) cannot rot:
#   1. cores/ is what scripts/gencores.sh makes from rtl/files.f and
#      configs/configs.txt (a drifted value fails), and --check does fail on a
#      configurations file whose value differs (the check can fail);
#   2. fusesoc (the project venv of make deps, or $FUSESOC) runs the lint
#      target of every core (Verilator --lint-only -Wall, k=16 defaults), and
#      the sim and synth targets of the cells core (Verilator build + run,
#      Yosys generic synth with a non-empty stat).
# Work in BUILDDIR/fusesoc. Exit 0 pass, 1 fail, 2 bad usage.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -u
[ $# = 1 ] || { echo "usage: fusesoc_test.sh BUILDDIR/" >&2; exit 2; }
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=$(mkdir -p "${1%/}" && cd "${1%/}" && pwd)
FS=${FUSESOC:-$ROOT/.venv/bin/fusesoc}
[ -x "$FS" ] || { echo "fusesoc_test: $FS not found: run make deps (scripts/deps.sh installs FuseSoC in .venv)" >&2; exit 1; }
fail=0
"$ROOT/scripts/gencores.sh" --check || fail=1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
sed 's/^\(yarc-k16-bare  *nr_yarc  *[^ ]*  *Rows=\)4/\18/' "$ROOT/configs/configs.txt" > "$T/drift.txt"
if cmp -s "$T/drift.txt" "$ROOT/configs/configs.txt"; then
    echo "FAIL: could not make a drifted configs file"; fail=1
elif "$ROOT/scripts/gencores.sh" --check "$T/drift.txt" > /dev/null 2>&1; then
    echo "FAIL: gencores.sh --check did not notice Rows=8 in yarc-k16-bare"; fail=1
else
    echo "ok   gencores.sh --check catches a drifted parameter"
fi
W=$B/fusesoc
mkdir -p "$W"
run() {  # run TARGET CORE EXPECT
    local d="$W/$1-${2//:/_}"
    rm -rf "$d"
    if ! (cd "$W" && "$FS" --cores-root "$ROOT/cores" run --build-root "$d" --target "$1" "$2") > "$d.log" 2>&1; then
        echo "FAIL fusesoc $1 $2 ($d.log):"; grep -v '^WARNING: The file' "$d.log" | tail -8; fail=1
    elif [ -n "$3" ] && ! grep -rqE "$3" "$d.log" "$d" 2>/dev/null; then
        echo "FAIL fusesoc $1 $2: no '$3' in $d.log or $d"; fail=1
    else
        echo "ok   fusesoc $1 $2"
    fi
}
for c in cells lcb_port sw yarc nwn seastar; do run lint "nr:kit:$c" ""; done
run sim nr:kit:cells "sim: Vnr_fifo ok, 200 cycles"
run synth nr:kit:cells "Number of cells: +[1-9]"
exit $fail
