# area_units.awk - split an elaborated design (Yosys RTLIL after hierarchy and
# proc) into its synthesis units, for scripts/area.sh.
#
# Usage: awk -v dir=DIR -v top=TOP [-v exact=1] -f scripts/area_units.awk UNITS ELAB.il
#   UNITS    constraints/area_units.txt: "module block [position,params]"
#   ELAB.il  the design, every module once per parameter set
# A unit is synthesized once per parameter set, with the modules below it that
# are not units flattened into it and the units and RAM leaves (nr_ram_1r1w)
# below it as black boxes; its cells count once per instance. The top is a
# unit. Variants of a unit that differ only in its position parameters and
# have the same children are synthesized once, by the first of them (its
# representative), unless exact=1.
# Writes, under DIR:
#   units.txt  one line per unit variant, children before parents:
#              "name module block instances size rep": name a file and
#              Verilog-safe name (fname below), instances its count in the
#              whole design, size the RTLIL cells of its own part (a guess of
#              its synthesis time), rep the variant synthesized for it
#   unit/NAME.il  what Yosys synthesizes for unit NAME (representatives only):
#              its own modules, and a black-box stub of each unit or RAM leaf
#              below it
#   kids.txt   "unit child n instance": a unit or RAM leaf instantiated in the
#              unit's own part, n of them, instance the first one's name
#              (flattened: u_a.u_b)
#   rams.txt   "ram width depth"
#   keys.txt   "name yosys-module-name"
# Exit status 1 with a message if the top is missing.

# A file-system and Verilog-safe name for a Yosys module name:
#   \nr_yarc                                 -> nr_yarc
#   $paramod$<sha1>\nr_yarc_tile             -> nr_yarc_tile_<12 hex>
#   $paramod\nr_arb_rr\N=s32'00..01000       -> nr_arb_rr_N8
function fname(m,    b, s, n, i, j, kv, v, d, k) {
    if (m ~ /^\\/) return substr(m, 2)
    if (m ~ /^\$paramod\$[0-9a-f]+\\/) {
        s = substr(m, 10); b = s; sub(/^[0-9a-f]+\\/, "", b)
        return b "_" substr(s, 1, 12)
    }
    if (m ~ /^\$paramod\\/) {
        n = split(substr(m, 10), kv, "\\")
        s = kv[1]
        for (i = 2; i <= n; i++) {
            k = kv[i]; sub(/=.*/, "", k); v = kv[i]; sub(/^[^=]*=/, "", v)
            if (v ~ /^s?[0-9]+'[01]+$/) {
                sub(/^[^']*'/, "", v); d = 0
                for (j = 1; j <= length(v); j++) d = d * 2 + substr(v, j, 1)
                v = d
            }
            gsub(/[^A-Za-z0-9]/, "_", v)
            s = s "_" k v
        }
        return s
    }
    s = m; gsub(/[^A-Za-z0-9_]/, "_", s)
    return s
}
function base(m,    b) {
    b = m; sub(/^.*\\/, "", b)
    if (m ~ /^\$paramod\\/) { b = substr(m, 10); sub(/\\.*/, "", b) }
    return b
}
FNR == NR {
    sub(/#.*/, "")
    if (NF >= 2) { ucat[$1] = $2; if (NF >= 3) upos[$1] = "," $3 "," }
    next
}
# module text; attributes before a module line belong to it
/^attribute / && !inmod { pend = pend $0 "\n"; next }
/^module / {
    inmod = 1; cur = $2; mods[++nm] = cur; ism[cur] = 1
    fn[cur] = fname(cur); bs[cur] = base(cur)
    head[cur] = pend "module \\" fn[cur]; pend = ""
    stub[cur] = "attribute \\blackbox 1\nmodule \\" fn[cur] "\n"
    ncell[cur] = 0; npar[cur] = 0
    next
}
inmod && /^end$/ { inmod = 0; stub[cur] = stub[cur] "end\n"; next }
inmod {
    if ($1 == "wire" && ($0 ~ / (input|output|inout) [0-9]+ /)) stub[cur] = stub[cur] $0 "\n"
    if ($0 ~ /^  parameter / && NF == 3) { par[cur, $2] = $3; parn[cur, ++npar[cur]] = $2 }
    if ($1 == "cell") {
        ncell[cur]++
        celltype[cur, ncell[cur]] = $2; cellname[cur, ncell[cur]] = $3
        line[cur, ++nl[cur]] = "\001" ncell[cur] "\001" $0
        next
    }
    line[cur, ++nl[cur]] = $0
    next
}
END {
    root = "\\" top
    if (!(root in ism)) { print "area_units: top " top " not in the design" > "/dev/stderr"; exit 1 }
    for (i = 1; i <= nm; i++) {
        m = mods[i]
        for (c = 1; c <= ncell[m]; c++) {
            t = celltype[m, c]
            if (t in ism) {
                if (!((m, t) in kid)) { nk[m]++; kidt[m, nk[m]] = t; kidn[m, t] = cellname[m, c] }
                kid[m, t]++
            }
        }
        if ((bs[m] in ucat) || m == root) isunit[m] = 1
        if (bs[m] == "nr_ram_1r1w") isram[m] = 1
    }
    # instances of every module in the whole design: down the post-order
    # reversed (parents before children)
    inst[root] = 1
    visit(root)
    for (i = order_n; i >= 1; i--) {
        m = order[i]
        for (j = 1; j <= nk[m]; j++) inst[kidt[m, j]] += inst[m] * kid[m, kidt[m, j]]
    }
    for (i = 1; i <= order_n; i++) {
        m = order[i]
        if (m in isram)
            printf "%s %d %d\n", fn[m], par[m, "\\Width"], par[m, "\\Depth"] > (dir "/rams.txt")
        if (!(m in isunit)) continue
        # the representative: the first variant with the same module, the same
        # parameters but the position ones, and the same children
        key = bs[m]
        for (j = 1; j <= npar[m]; j++) {
            p = parn[m, j]
            if (exact || index(upos[bs[m]], "," substr(p, 2) ",") == 0) key = key " " p "=" par[m, p]
        }
        for (j = 1; j <= nk[m]; j++) key = key " " fn[kidt[m, j]] "*" kid[m, kidt[m, j]]
        if (!(key in repof)) repof[key] = m
        r = repof[key]
        u = fn[m]
        delete own; sz = 0
        collect(u, m, 1, "")
        if (r == m) {
            f = dir "/unit/" u ".il"
            printf "" > f
            for (x in own) print_mod(x, f)
            for (x in stubs) printf "%s", stub[x] > f
            close(f)
        }
        delete stubs
        cat = (m == root) ? "control" : ucat[bs[m]]
        printf "%s %s %s %d %d %s\n", u, bs[m], cat, inst[m], sz, fn[r] > (dir "/units.txt")
        printf "%s %s\n", u, m > (dir "/keys.txt")
    }
}
# depth-first post-order of the module graph from m
function visit(m,    j) {
    if (m in seen) return
    seen[m] = 1
    for (j = 1; j <= nk[m]; j++) visit(kidt[m, j])
    order[++order_n] = m
}
# the own part of unit u below module m (n instances of m per instance of u,
# m's instance name pre): the modules flattened into it, and the units and
# RAM leaves it instantiates (kids.txt)
function collect(u, m, n, pre,    j, t, nn) {
    own[m] = 1; sz += ncell[m] * n
    for (j = 1; j <= nk[m]; j++) {
        t = kidt[m, j]
        nn = kidn[m, t]; sub(/^\\/, "", nn)
        if ((t in isunit) || (t in isram)) {
            stubs[t] = 1
            printf "%s %s %d %s\n", u, fn[t], n * kid[m, t], pre nn > (dir "/kids.txt")
        } else collect(u, t, n * kid[m, t], pre nn ".")
    }
}
# module m's text to file f, its module-typed cells renamed (fname)
function print_mod(m, f,    j, l, c, t) {
    print head[m] > f
    for (j = 1; j <= nl[m]; j++) {
        l = line[m, j]
        if (substr(l, 1, 1) == "\001") {
            l = substr(l, 2); c = l; sub(/\001.*/, "", c); sub(/^[0-9]+\001/, "", l)
            t = celltype[m, c]
            if (t in ism) sub(/^  cell [^ ]+ /, "  cell \\" fn[t] " ", l)
        }
        print l > f
    }
    print "end" > f
}
