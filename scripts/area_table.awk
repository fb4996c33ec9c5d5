# area_table.awk - make area's table (area.csv, scripts/area_all.sh) as
# markdown: area and counts, the split by block, timing.
# Usage: awk -f scripts/area_table.awk area.csv
BEGIN { FS = "," }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{ row[++n] = $0 }
function v(r, k,    f) { split(row[r], f, ","); return f[col[k]] }
function mm(x) { return sprintf("%.3f", x / 1e6) }
function pc(x, t) { return t > 0 ? sprintf("%.0f", 100 * x / t) : "-" }
# "u_a/u_b/nr_mod:cell_reg" -> "nr_mod cell (u_a/u_b)"
function place(d,    m, c, p, i) {
    if (d ~ /^(in|out):/ || d !~ /:/) return d
    i = match(d, /[^\/]*:[^\/]*$/)
    p = substr(d, 1, i - 2); m = substr(d, i); c = m
    sub(/:.*/, "", m); sub(/^[^:]*:/, "", c); sub(/_reg$/, "", c)
    return "`" m "` " c (p != "" ? " (" p ")" : "")
}
END {
    print "| configuration | standard cells (mm²) | cells | flops | transistors (est.) | SRAM bits | SRAM macros | SRAM (mm²) | total (mm²) |"
    print "|---|---|---|---|---|---|---|---|---|"
    for (r = 1; r <= n; r++)
        printf "| %s | %s | %d | %d | %d | %d | %d | %s | %s |\n", v(r, "config"), mm(v(r, "stdcell_um2")), \
            v(r, "cells"), v(r, "flops"), v(r, "transistors"), v(r, "sram_bits"), v(r, "sram_macros"), \
            mm(v(r, "sram_um2")), mm(v(r, "total_um2"))
    print ""
    print "Area by block, mm² (% of the total); SRAM in the block that holds it"
    print ""
    print "| configuration | LCB | input buffers | switch buffers | crossbar and allocator | channels | routing | control |"
    print "|---|---|---|---|---|---|---|---|"
    nb = split("lcb inbuf swbuf xbar channels routing control", bl, " ")
    for (r = 1; r <= n; r++) {
        t = v(r, "total_um2"); s = "| " v(r, "config") " |"
        for (i = 1; i <= nb; i++) {
            x = v(r, bl[i] "_um2")
            s = s " " (x > 0 ? mm(x) " (" pc(x, t) ")" : "-") " |"
        }
        print s
    }
    print ""
    print "Timing: the worst path at the clock, from its start to its end register (module, register, instance)"
    print ""
    print "| configuration | worst path (ns) | fmax (MHz) | from | to |"
    print "|---|---|---|---|---|"
    for (r = 1; r <= n; r++)
        printf "| %s | %.2f | %s | %s | %s |\n", v(r, "config"), v(r, "path_ns"), v(r, "fmax_mhz"), \
            place(v(r, "path_from")), place(v(r, "path_to"))
}
