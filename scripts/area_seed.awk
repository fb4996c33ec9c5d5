# area_seed.awk - the synthesis of make area beside the seeds' area models,
# for docs/results.md section 4.0 (scripts/area_docs.sh).
# Usage: awk -v pitch=P -v rate=R -v tmd=DIR -f scripts/area_seed.awk
#            T1.csv COUNTS.md AREA.csv FB.csv
#   T1.csv     build/bin/area_model t1: Table 1 per router configuration, in
#              the order of AREA.csv's ORG-kK rows
#   COUNTS.md  build/bin/sw_counts on those configurations
#   AREA.csv   make area's table (scripts/area_all.sh)
#   FB.csv     build/bin/area_model fb 4 8
#   pitch      the channel pitch in um (24 one-bit wires at the 1 um pitch
#              of OSU018's metal3 and metal5, osu018_stdcells.lef)
#   rate       um^2 per SRAM bit (make area's SRAM_UM2_PER_BIT)
# Writes DIR/area-seed001.md, DIR/area-missing.md, DIR/area-seed000.md,
# DIR/area-tech.md.
BEGIN { FS = "," }
function mm(x) { return sprintf("%.2f", x / 1e6) }
function ratio(a, b) { return (b > 0 && a == a) ? sprintf("%.3f", a / b) : "-" }
function isnan(x) { return x != x || x == "nan" }
FILENAME ~ /t1.csv$/ { if (FNR > 1) { t1n++; for (i = 1; i <= NF; i++) T[t1n, i] = $i } next }
FILENAME ~ /counts.md$/ {
    FS = "|"
    n = split($0, f, "|")
    if (f[2] ~ /configuration/) { for (i = 2; i < n; i++) { h = f[i]; gsub(/^ +| +$/, "", h); ch[h] = i } FS = ","; next }
    if ($0 ~ /^\| [a-z]/) {
        c = f[2]; gsub(/ /, "", c)
        xp[c] = f[ch["crosspoints"]] + 0; xpt1[c] = f[ch["Table 1 formula"]]; gsub(/ /, "", xpt1[c])
        sb[c] = f[ch["subswitch buffers"]] + 0
    }
    FS = ","
    next
}
FILENAME ~ /area.csv$/ {
    if (FNR == 1) { for (i = 1; i <= NF; i++) col[$i] = i; next }
    name = $col["config"]
    if (!match(name, /-k[0-9]+$/)) next
    org = substr(name, 1, RSTART - 1); k = substr(name, RSTART + 2) + 0
    if (org == "yarc") org = "hc"
    nr++; cfg[org, k] = name; ks[k] = 1; idx[org, k] = nr
    tot[org, k] = $col["total_um2"]
    fab[org, k] = $col["swbuf_um2"] + $col["xbar_um2"] + $col["channels_um2"]
    xb[org, k] = $col["xbar_um2"]; swb[org, k] = $col["swbuf_um2"]; swbits[org, k] = $col["swbuf_bits"]
    fmax[org, k] = $col["fmax_mhz"]; trn[org, k] = $col["transistors"]; cells[org, k] = $col["cells"]
    ports[org, k] = $col["total_um2"] - fab[org, k]
    next
}
FILENAME ~ /fb.csv$/ { if (FNR > 1) { fbn++; for (i = 1; i <= NF; i++) FB[fbn, i] = $i } next }
END {
    no = split("hc cn fc fc6 fc6-isu2 bb", O, " ")
    # Table 1's area per (org, k): T1 row i is the i-th ORG-kK row
    for (o = 1; o <= no; o++) for (k in ks) if ((O[o], k) in idx) {
        i = idx[O[o], k]; a = T[i, 6]
        model[O[o], k] = (a == "nan") ? "" : a + 0
        mxp[O[o], k] = T[i, 7]; mbuf[O[o], k] = T[i, 8]
    }
    # fc6-isu2: Table 2's printed figure (line 215), no formula
    if (("fc6-isu2", 64) in idx) { model["fc6-isu2", 64] = 24640; isu2note = 1 }
    f = tmd "/area-seed001.md"
    print "| k | organization | configuration | Table 1 switch area (channel pitches²) | model / hc | synthesized switch fabric (mm²) | / hc | synthesized total (mm²) | / hc | crosspoints: built (Table 1) | subswitch buffers: built (Table 1) |" > f
    print "|---|---|---|---|---|---|---|---|---|---|---|" > f
    for (k = 1; k <= 1024; k++) if (k in ks) for (o = 1; o <= no; o++) {
        g = O[o]
        if (!((g, k) in idx)) continue
        c = cfg[g, k]
        m = model[g, k]
        ms = (m == "") ? "none" : sprintf("%.0f", m) ((g == "fc6-isu2") ? " (Table 2)" : (g == "bb") ? " (0.75 fc)" : (g == "fc6" || (g == "fc" && isnan(mxp[g, k]))) ? " (kit's m extension)" : "")
        mt1 = (mbuf[g, k] == "nan" || mbuf[g, k] == "") ? "-" : sprintf("%.0f", mbuf[g, k])
        xt1 = (mxp[g, k] == "nan" || mxp[g, k] == "") ? "-" : sprintf("%.0f", mxp[g, k])
        printf "| %d | %s | %s | %s | %s | %s | %s | %s | %s | %d (%s) | %d (%s) |\n", k, g, c, ms, \
            (m == "") ? "-" : ratio(m, model["hc", k]), mm(fab[g, k]), ratio(fab[g, k], fab["hc", k]), \
            mm(tot[g, k]), ratio(tot[g, k], tot["hc", k]), xp[c], xt1, sb[c], mt1 > f
    }
    close(f)
    # k = 64: what each side counts that the other does not
    f = tmd "/area-missing.md"
    p2 = pitch * pitch
    printf "| organization (k = 64) | Table 1 area at a %d µm channel pitch (mm²) | synthesized fabric (mm²) | of it crossbar and allocator, standard cells (mm²) | of it switch buffers (mm²) | est. SRAM periphery in those buffers (mm²) | outside the fabric: LCBs, input buffers, routing, control (mm²) |\n", pitch > f
    print "|---|---|---|---|---|---|---|" > f
    for (o = 1; o <= no; o++) {
        g = O[o]
        if (!((g, 64) in idx)) continue
        m = model[g, 64]
        printf "| %s | %s | %s | %s | %s | %s | %s |\n", g, (m == "") ? "-" : mm(m * p2), mm(fab[g, 64]), \
            mm(xb[g, 64]), mm(swb[g, 64]), mm(swbits[g, 64] * (rate - 5)), mm(ports[g, 64]) > f
    }
    close(f)
    # seed 000: intermediate buffer storage, fully buffered against hierarchical
    f = tmd "/area-seed000.md"
    print "| k | p = √k | fully buffered: crosspoint buffers k²v | hierarchical: 2k²v/p | fb / hc | fb storage (kbit) | hc storage (kbit) | fb at " rate " µm²/bit (mm²) | hc (mm²) |" > f
    print "|---|---|---|---|---|---|---|---|---|" > f
    for (i = 1; i <= fbn; i++)
        printf "| %d | %s | %d | %.0f | %s | %.0f | %.0f | %s | %s |\n", FB[i, 1], FB[i, 2], FB[i, 3], FB[i, 4], FB[i, 7], \
            FB[i, 5] * 24 / 1000, FB[i, 6] * 24 / 1000, mm(FB[i, 5] * 24 * rate), mm(FB[i, 6] * 24 * rate) > f
    print "" > f
    print "| synthesized (2 VCs, 8-phit row and column buffers) | k | switch buffer bits | switch buffers (mm²) | the model's hc at v = 2, d = 8 (kbit) |" > f
    print "|---|---|---|---|---|" > f
    for (k = 1; k <= 1024; k++) if (("hc", k) in idx)
        printf "| %s | %d | %d | %s | %.0f |\n", cfg["hc", k], k, swbits["hc", k], mm(swb["hc", k]), \
            2 * k * k / sqrt(k) * 2 * 8 * 24 / 1000 > f
    print "| fb (fully buffered crossbar): **not built yet**; its synthesized row goes here | | | | |" > f
    close(f)
    # the seeds' nodes, by ideal scaling: area as the square of the feature
    # size, delay as the feature size (an estimate: docs/area.md)
    f = tmd "/area-tech.md"
    a90 = (90 / 180) ^ 2; a22 = (22 / 180) ^ 2
    print "| configuration (k = 64) | total, 0.18 µm (mm²) | est. at 90 nm (mm²) | est. at 22 nm (mm²) | fmax, 0.18 µm (MHz) | est. at 90 nm (MHz) | est. at 22 nm (MHz) | cells | transistors (est.) |" > f
    print "|---|---|---|---|---|---|---|---|---|" > f
    for (o = 1; o <= no; o++) {
        g = O[o]
        if (!((g, 64) in idx)) continue
        printf "| %s | %.1f | %.1f | %.2f | %s | %.0f | %.0f | %d | %d |\n", cfg[g, 64], tot[g, 64] / 1e6, tot[g, 64] * a90 / 1e6, \
            tot[g, 64] * a22 / 1e6, fmax[g, 64], fmax[g, 64] * 180 / 90, fmax[g, 64] * 180 / 22, cells[g, 64], trn[g, 64] > f
    }
    close(f)
}
