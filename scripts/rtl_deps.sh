#!/bin/sh
# rtl_deps.sh TOP - the RTL files TOP's hierarchy uses, in rtl/files.f order.
#
# Every module of the kit lives in a file of its own name and is listed in
# rtl/files.f; the package (rtl/nr_pkg.sv) is always included. A module's
# instances are the lines that start with the name of another module of the
# list. The result is what a Verilated build of TOP reads and depends on
# (Makefile, vtop), so that touching one leaf rebuilds only the models whose
# hierarchy holds it. Exit 2 if TOP is not a module of rtl/files.f.
case ${1:-} in -h | --help) sed -n '2,/^[^#]/{/^#/!q; s/^# \{0,1\}//; p}' "$0"; exit 0 ;; esac
set -eu
[ $# -eq 1 ] || { echo "usage: rtl_deps.sh TOP" >&2; exit 2; }
cd "$(dirname "$0")/.."
grep -v '^[[:space:]]*\(//\|$\)' rtl/files.f | awk -v top="$1" '
{ files[++n] = $0 }
END {
    # module name -> file, from "module NAME" at the start of a line
    for (i = 1; i <= n; i++) {
        while ((getline line < files[i]) > 0)
            if (match(line, /^module[ \t]+[A-Za-z_][A-Za-z0-9_]*/)) {
                m = substr(line, RSTART, RLENGTH); sub(/^module[ \t]+/, "", m)
                file_of[m] = files[i]
            }
        close(files[i])
    }
    if (!(top in file_of)) { printf "rtl_deps: no module %s in rtl/files.f\n", top > "/dev/stderr"; exit 2 }
    # closure over instances: a line whose first word is a known module
    need[file_of[top]] = 1; queue[q = 1] = file_of[top]
    for (h = 1; h <= q; h++) {
        f = queue[h]
        while ((getline line < f) > 0) {
            if (!match(line, /^[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*(#|[A-Za-z_])/)) continue
            w = line; sub(/^[ \t]*/, "", w); sub(/[^A-Za-z0-9_].*/, "", w)
            if ((w in file_of) && !(file_of[w] in need)) { need[file_of[w]] = 1; queue[++q] = file_of[w] }
        }
        close(f)
    }
    for (i = 1; i <= n; i++)
        if (files[i] ~ /nr_pkg\.sv$/ || (files[i] in need)) print files[i]
}'
