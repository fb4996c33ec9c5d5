# area_totals.awk - the totals of one configuration of make area
# (scripts/area.sh): every unit's own cells times its instances, the RAM
# leaves of its own part as SRAM, the split by block, the worst path.
# Usage: awk -v CS=SYNTHESES -v CT=TIMING -v O=OUTDIR -v top=TOP -v rate=UM2_PER_BIT
#            -v clk=CLOCK_NS -v name=NAME -v params="P=V ..."
#            -f scripts/area_totals.awk O/rams.txt O/kids.txt O/units.txt
# Writes O/row.txt (key=value, the table's fields: scripts/area_all.sh) and
# O/report.txt (for a reader). A unit's block is its row in
# constraints/area_units.txt; a RAM leaf counts in the block of the unit
# whose own part holds it.
function dir(x) { return (x == top) ? O "/top/syn" : CS "/" x }
function tdir(x) { return (x == top) ? O "/top/sta" : CT "/" x }
# Yosys's CMOS estimate (stat -tech cmos after dffunmap) plus the flops it
# has no figure for: a flop with an asynchronous reset or set as 20
# transistors (its 16 for a plain D flop, and two reset gates)
function cmos(f,    l, n, t) {
    n = 0; t = 0
    while ((getline l < f) > 0) {
        if (l ~ /Estimated number of transistors:/) { sub(/.*: */, "", l); sub(/\+$/, "", l); t = l + 0 }
        else if (l ~ /^ +\$_DFF_[PN][PN][01]_ +[0-9]+$/) { split(l, a, " "); n += a[2] }
        else if (l ~ /^ +\$_(DFFSR|DLATCH|SR|ALDFF)/) unknown = unknown " " l
    }
    close(f)
    return t + 20 * n
}
function statf(f, x,    l, a, h) {
    area[x] = 0; flops[x] = 0; cells[x] = 0
    while ((getline l < f) > 0) {
        if (l ~ /Chip area for (top )?module/) { split(l, a, " "); area[x] = a[length(a)] + 0 }
        else if (l ~ /^ +Number of cells:/) { split(l, a, " "); cells[x] = a[4] + 0 }
        else if (l ~ /^ +[A-Z][A-Z0-9]* +[0-9]+$/) {
            split(l, a, " ")
            if (a[1] ~ /^DFF/) flops[x] += a[2]
        } else if (l ~ /^ +[a-z_][a-z0-9_]* +[0-9]+$/) { split(l, a, " "); cells[x] -= a[2] }
    }
    close(f)
}
function meta(f, x,    l, a) {
    while ((getline l < f) > 0) {
        split(l, a, " ")
        if (a[1] == "int") { idel[x] = a[2]; istart[x] = a[3]; iend[x] = a[4] }
        if (a[1] == "full") { fdel = a[2]; fstart = a[3]; fend = a[4] }
    }
    close(f)
}
FILENAME ~ /rams.txt$/ { rw[$1] = $2; rd[$1] = $3; next }
FILENAME ~ /kids.txt$/ {
    k = $1 SUBSEP $2; kn[k] += $3
    if (!(k in kinst)) { kinst[k] = $4; nkid[$1]++; kid[$1, nkid[$1]] = $2 }
    if (!($2 in parent)) { parent[$2] = $1; pinst[$2] = $4 }
    next
}
{ u[++n] = $1; mod[$1] = $2; blk[$1] = $3; inst[$1] = $4; rep[$1] = $6 }
END {
    for (i = 1; i <= n; i++) {
        x = u[i]; r = rep[x]
        if (!(r in area)) { statf(dir(r) "/stat.txt", r); tr[r] = cmos(dir(r) "/cmos.txt") }
        meta(tdir(x) "/meta.txt", x)
        A += inst[x] * area[r]; F += inst[x] * flops[r]; N += inst[x] * cells[r]; T += inst[x] * tr[r]
        B[blk[x]] += inst[x] * area[r]
        for (j = 1; j <= nkid[r]; j++) {
            k = kid[r, j]
            if (k in rw) {
                b = inst[x] * kn[r, k] * rw[k] * rd[k]
                bits += b; B[blk[x]] += b * rate; BB[blk[x]] += b; nram += inst[x] * kn[r, k]
            }
        }
        if ((x in idel) && idel[x] > wd) { wd = idel[x]; wu = x }
    }
    if (unknown != "") { print "area.sh: cell types without a transistor figure:" unknown > "/dev/stderr"; exit 1 }
    # the worst path: inside a unit (named from one instance of it down from
    # the top) or the top's own with its ports
    if (fdel != "" && fdel + 0 >= wd + 0) { wd = fdel; ws = fstart; we = fend; wu = top }
    else if (wu != "") {
        p = ""; x = wu
        while (x != top && (x in parent)) { p = pinst[x] "/" p; x = parent[x] }
        ws = p istart[wu]; we = p iend[wu]
    }
    fmax = (wd > 0) ? sprintf("%.0f", 1000 / wd) : "na"
    sram = bits * rate
    nb = split("lcb inbuf swbuf xbar channels routing control", bl, " ")
    o = O "/row.txt"
    printf "config=%s\ntop=%s\nparams=%s\nstdcell_um2=%.0f\ncells=%d\nflops=%d\ntransistors=%d\n", name, top, params, A, N, F, T > o
    printf "sram_bits=%d\nsram_macros=%d\nsram_um2=%.0f\ntotal_um2=%.0f\n", bits, nram, sram, A + sram > o
    for (i = 1; i <= nb; i++) printf "%s_um2=%.0f\n%s_bits=%d\n", bl[i], B[bl[i]], bl[i], BB[bl[i]] > o
    printf "path_ns=%s\nfmax_mhz=%s\npath_from=%s\npath_to=%s\npath_unit=%s\n", wd, fmax, ws, we, wu > o
    close(o)
    s = "std-cell area " sprintf("%.0f", A) " um^2, " F " flops, " N " cells, ~" T " transistors; SRAM " bits " bits in " nram " macros (" sram " um^2 at " rate " um^2/bit); total " sprintf("%.0f", A + sram) " um^2"
    r = O "/report.txt"
    printf "configuration: %s (%s %s)\n%s\n", name, top, params, s > r
    printf "by block (um^2, SRAM in its block): LCB %.0f, input buffers %.0f, switch buffers %.0f, crossbar and allocator %.0f, channels %.0f, routing %.0f, control %.0f\n", \
        B["lcb"], B["inbuf"], B["swbuf"], B["xbar"], B["channels"], B["routing"], B["control"] > r
    printf "worst path %s ns at %s ns (fmax %s MHz), in unit %s\n  from %s\n  to   %s\n", wd, clk, fmax, wu, ws, we > r
    printf "units (variant, module, block, instances, own um^2, representative):\n" > r
    for (i = 1; i <= n; i++) { x = u[i]; printf "  %s %s %s %d %.0f %s\n", x, mod[x], blk[x], inst[x], area[rep[x]], rep[x] > r }
}
