#!/bin/sh
# deps.sh - check for every Debian package the build uses; install missing ones.
# As root it runs apt-get; otherwise it prints the exact command and exits 1.
set -e
PKGS="verilator iverilog yosys z3 gtkwave libsystemc-dev gnuplot-nox xvfb \
qflow-tech-osu018 opensta zlib1g-dev g++ gcc make valgrind ccache"
missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
if [ -z "$missing" ]; then
    echo "deps: all packages present"
    exit 0
fi
echo "deps: missing:$missing"
if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq $missing
    echo "deps: installed:$missing"
else
    echo "deps: run this, then retry:"
    echo "  sudo apt-get install -y$missing"
    exit 1
fi
