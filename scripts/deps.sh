#!/bin/sh
# deps.sh - check for every Debian package the build uses; install missing ones.
# As root it runs apt-get; otherwise it prints the exact command and exits 1.
# Then FuseSoC (PyPI, pinned) goes into the project-local virtual environment
# .venv (VENV overrides), which cores/*.core and tests/fusesoc.list use: a
# fresh clone gets it from `make deps` (or the first `make test`).
set -e
FUSESOC_VERSION=2.4.7
VENV=${VENV:-$(cd "$(dirname "$0")/.." && pwd)/.venv}
fusesoc_venv() {
    if [ -x "$VENV/bin/fusesoc" ] && [ "$("$VENV/bin/fusesoc" --version 2>/dev/null)" = "$FUSESOC_VERSION" ]; then
        echo "deps: fusesoc $FUSESOC_VERSION in $VENV"
        return 0
    fi
    echo "deps: installing fusesoc $FUSESOC_VERSION from PyPI into $VENV"
    python3 -m venv "$VENV" && "$VENV/bin/pip" install -q "fusesoc==$FUSESOC_VERSION" || {
        echo "deps: could not install fusesoc into $VENV (python3-venv and PyPI access needed)" >&2
        return 1
    }
}
PKGS="verilator iverilog yosys z3 gtkwave libsystemc-dev gnuplot-nox xvfb \
qflow-tech-osu018 opensta zlib1g-dev g++ gcc make valgrind ccache python3-venv"
missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
if [ -z "$missing" ]; then
    echo "deps: all packages present"
    fusesoc_venv
    exit $?
fi
echo "deps: missing:$missing"
if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq $missing
    echo "deps: installed:$missing"
    fusesoc_venv
else
    echo "deps: run this, then retry:"
    echo "  sudo apt-get install -y$missing"
    exit 1
fi
