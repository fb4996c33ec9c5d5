#!/bin/bash
# cov_summary.sh - per-file summary of a Verilator coverage file (the merged
# counts of make coverage, scripts/coverage.sh).
#
#   scripts/cov_summary.sh MERGED.dat [WAIVERS]
#
# For every source file under rtl/ (Verilator's generated wrappers of the
# hierarchy blocks are left out): its line points (Verilator's v_line and v_branch
# pages), toggle points (v_toggle) and cover points (v_user: NR_COVER in the
# RTL), covered/total and percent; then the total, and every cover point no
# run hit, by file, line and name. A point is identified by its file, line, column and name (o), not by
# its instance or the module's parameterization, so a file instantiated many
# times has each point once, covered if any instance hit it. Exit 2 if the file cannot be read or holds no points.
# Then every source line with a line point no run hit: "line not hit:
# FILE:LINE", or "line waived: FILE:LINE: REASON" when WAIVERS (default
# rtl/cov_waivers.txt, if it exists) explains it, and the count of lines not
# hit and not waived; then every line or branch point no run hit on a line
# where another point was hit (a branch arm), waived or not, and their
# count. WAIVERS holds "FILE:LINE REASON" or "FILE:LINE \"TEXT\" REASON" lines
# ('#' comments). TEXT, a piece of the waived line's source, anchors the
# waiver to the line's text rather than its number: cov_summary reads FILE
# (under SRCROOT, default the directory above this script) and, when line
# LINE does not hold TEXT but exactly one line M of the file does, applies
# the waiver to M and says so ("waiver moved: FILE:LINE -> FILE:M"); when no
# line or several hold it, or FILE cannot be read, the waiver does not apply
# ("waiver lost: ..."). A waiver for a line whose points were all hit, or that has no line point,
# is reported as stale ("waiver stale: ..."). A reason may name a cover
# point as its evidence, "[cover NAME]" (the point that shows the waived
# code runs where the line counts cannot): if no run hit NAME the waiver
# does not apply and is reported ("waiver unsupported: ...").
set -u
[ $# -eq 1 ] || [ $# -eq 2 ] || { echo "usage: cov_summary.sh MERGED.dat [WAIVERS]" >&2; exit 2; }
[ -r "$1" ] || { echo "cov_summary: cannot read $1" >&2; exit 2; }
W=${2:-$(dirname "$0")/../rtl/cov_waivers.txt}
[ $# -eq 2 ] && [ ! -r "$W" ] && { echo "cov_summary: cannot read $W" >&2; exit 2; }
[ -r "$W" ] || W=/dev/null
SRCROOT=${SRCROOT:-$(dirname "$0")/..}
awk -v wfile="$W" -v srcroot="$SRCROOT" '
# sort a[1..n] in place (insertion sort: the lists are short)
function isort(a, n,    i, j, x) {
    for (i = 2; i <= n; i++) {
        x = a[i]
        for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]
        a[j + 1] = x
    }
}
# the line of file f holding text t: line l if it does, else the one line
# that does; -n when n lines other than l hold it (0: none), -1000000 when
# f cannot be read
function anchor(f, l, t,    path, sl, i, n, at, rc) {
    path = srcroot "/" f; n = 0; at = 0; i = 0
    while ((rc = (getline sl < path)) > 0) {
        i++
        if (index(sl, t)) { if (i == l) { close(path); return l }; n++; at = i }
    }
    close(path)
    if (rc < 0 || i == 0) return -1000000
    return n == 1 ? at : -n
}
BEGIN {
    while ((getline wl < wfile) > 0) {
        sub(/#.*/, "", wl)
        if (wl ~ /^[ \t]*$/) continue
        split(wl, wp, " ")
        wr = wl; sub(/^[^ ]+ +/, "", wr)
        x = wp[1]
        if (substr(wr, 1, 1) == "\"" && (e = index(substr(wr, 2), "\"")) > 1) {
            t = substr(wr, 2, e - 1); wr = substr(wr, e + 2); sub(/^ +/, "", wr)
            wf = x; sub(/:[0-9]+$/, "", wf); wln = substr(x, length(wf) + 2) + 0
            m = anchor(wf, wln, t)
            if (m == -1000000) { wlost[++nlost] = x " (cannot read " srcroot "/" wf ")"; continue }
            if (m <= 0) { wlost[++nlost] = x " (\"" t "\" is on " (-m) " lines of the file, not on line " wln ")"; continue }
            if (m != wln) { wmoved[++nmoved] = x " -> " wf ":" m " (\"" t "\"; renumber it in the waiver file)"; x = wf ":" m }
        }
        waive[x] = wr
    }
}
/^C / {
    n = split($0, q, "'"'"'"); key = q[2]; cnt = q[n] + 0
    m = split(key, kv, "\001"); f = ""; pg = ""; l = ""; c = ""; o = ""
    for (i = 2; i <= m; i++) {
        split(kv[i], p, "\002")
        if (p[1] == "f") f = p[2]
        else if (p[1] == "page") pg = p[2]
        else if (p[1] == "l") l = p[2]
        else if (p[1] == "n") c = p[2]
        else if (p[1] == "o") o = p[2]
    }
    if (f !~ /^rtl\//) next
    kind = pg ~ /^v_toggle/ ? "toggle" : (pg ~ /^v_(line|branch)/ ? "line" : "user")
    k = kind SUBSEP f SUBSEP l SUBSEP c SUBSEP o
    if (!(k in hit)) { hit[k] = 0; tot[kind, f]++; files[f] = 1; np++; if (kind == "user") uname[k] = f ":" l " " o }
    if (cnt > 0 && !hit[k]) { hit[k] = 1; cov[kind, f]++ }
    if (kind == "user" && cnt > 0) uhit[o] = 1
    if (kind == "line") { lkey = f ":" l; lines[lkey] = 1; if (cnt > 0) lhit[lkey] = 1; lpt[k] = lkey " col " c " " o }
}
# the waiver of line x applies: no "[cover NAME]" in its reason, or NAME hit
function wok(x,    nm) {
    if (!(x in waive)) return 0
    if (!match(waive[x], /\[cover [A-Za-z0-9_]+\]/)) return 1
    nm = substr(waive[x], RSTART + 7, RLENGTH - 8)
    return (nm in uhit)
}
END {
    if (!np) { print "cov_summary: no coverage points in " FILENAME > "/dev/stderr"; exit 2 }
    printf "%-36s %17s %17s %17s\n", "file", "line points", "toggle points", "cover points"
    nf = 0
    for (f in files) names[++nf] = f
    isort(names, nf)
    for (i = 1; i <= nf; i++) {
        f = names[i]
        lt = tot["line", f] + 0; lc = cov["line", f] + 0
        tt = tot["toggle", f] + 0; tc = cov["toggle", f] + 0
        ut = tot["user", f] + 0; uc = cov["user", f] + 0
        printf "%-36s %6d/%-6d %3.0f%% %6d/%-6d %3.0f%% %6d/%-6d %3.0f%%\n", f, lc, lt,
               lt ? 100 * lc / lt : 100, tc, tt, tt ? 100 * tc / tt : 100, uc, ut,
               ut ? 100 * uc / ut : 100
        LT += lt; LC += lc; TT += tt; TC += tc; UT += ut; UC += uc
    }
    printf "%-36s %6d/%-6d %3.1f%% %6d/%-6d %3.1f%% %6d/%-6d %3.1f%%\n", "total", LC, LT,
           LT ? 100 * LC / LT : 100, TC, TT, TT ? 100 * TC / TT : 100, UC, UT,
           UT ? 100 * UC / UT : 100
    nu = 0
    for (k in uname) if (!hit[k]) miss[++nu] = uname[k]
    isort(miss, nu)
    for (i = 1; i <= nu; i++) print "cover point not hit: " miss[i]
    # source lines with a line point no run hit, waived or not
    nl = 0
    for (x in lines) if (!(x in lhit)) lmiss[++nl] = x
    isort(lmiss, nl)
    open = 0
    for (i = 1; i <= nl; i++) {
        if (wok(lmiss[i])) print "line waived: " lmiss[i] ": " waive[lmiss[i]]
        else { print "line not hit: " lmiss[i]; open++ }
    }
    for (k in lpt) if (!hit[k]) { split(lpt[k], z, " "); lun[z[1]] = 1 }
    for (i = 1; i <= nmoved; i++) print "waiver moved: " wmoved[i]
    for (i = 1; i <= nlost; i++) print "waiver lost: " wlost[i]
    for (x in waive) {
        if (!(x in lines) || !(x in lun)) print "waiver stale: " x " (" ((x in lines) ? "hit" : "no line point") ")"
        else if (!wok(x)) print "waiver unsupported: " x " (its cover point was not hit)"
    }
    printf "lines not hit and not waived: %d\n", open
    # line and branch points no run hit on lines where another point was hit
    # (a branch arm, a block of a loop): listed, waivable by their line too
    np2 = 0
    for (k in lpt) { split(lpt[k], z, " "); if (!hit[k] && (z[1] in lhit)) pmiss[++np2] = lpt[k] }
    isort(pmiss, np2)
    popen = 0
    for (i = 1; i <= np2; i++) {
        split(pmiss[i], z, " ")
        if (wok(z[1])) print "point waived: " pmiss[i] ": " waive[z[1]]
        else { print "point not hit on a line otherwise hit: " pmiss[i]; popen++ }
    }
    printf "points not hit on lines otherwise hit, not waived: %d\n", popen
}' "$1"
