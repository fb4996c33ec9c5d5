#!/bin/bash
# nettype_check.sh - every RTL file says `default_nettype none before its first
# package, module or include, so that a misspelt or undeclared name is an error
# in every tool rather than a new 1-bit wire. Checks the files of rtl/files.f,
# or the files named. Exit 1 naming the files that lack it, 2 on a file that
# cannot be read, 0 otherwise. `make lint` runs it first.
# usage: scripts/nettype_check.sh [FILE...]
set -u
case "${1:-}" in -h | --help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then
    files=("$@")
else
    mapfile -t files < <(grep -v '^[[:space:]]*\(//\|$\)' rtl/files.f)
fi
[ ${#files[@]} -gt 0 ] || { echo "nettype_check: no RTL files" >&2; exit 2; }
bad=()
for f in "${files[@]}"; do
    [ -r "$f" ] || { echo "nettype_check: cannot read $f" >&2; exit 2; }
    # line of the directive and of the first package/module/include (0 = none)
    d=$(grep -n -m1 '^[[:space:]]*`default_nettype[[:space:]]\+none\b' "$f" | cut -d: -f1)
    s=$(grep -n -m1 -E '^[[:space:]]*(package|module|`include)\b' "$f" | cut -d: -f1)
    if [ -z "$d" ] || { [ -n "$s" ] && [ "$d" -gt "$s" ]; }; then bad+=("$f"); fi
done
if [ ${#bad[@]} -gt 0 ]; then
    echo "nettype_check: no \`default_nettype none before the first package/module/include:"
    printf '  %s\n' "${bad[@]}"
    exit 1
fi
echo "nettype_check: ${#files[@]} RTL files with \`default_nettype none"
