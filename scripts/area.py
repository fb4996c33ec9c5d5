#!/usr/bin/env python3
"""area.py - the computing part of make area's flow (constraints/README.md);
the shell scripts around it run the tools. The tables and the seed tables
are scripts/area_report.py's.

usage: scripts/area.py units  DIR TOP UNITS ELAB.il CACHE SYNKEY STAKEY [--exact]
       scripts/area.py totals DIR NAME TOP PARAMS RATE CLOCK_NS
       scripts/area.py csv    DIR NAME...
       scripts/area.py canon  FILE [SEED]

units   split an elaborated design (Yosys RTLIL after hierarchy and proc) into
        its synthesis units (UNITS: constraints/area_units.txt, "module block
        [position,params]"). A unit is synthesized once per parameter set,
        with the modules below it that are not units flattened into it and
        the units and RAM leaves (nr_ram_1r1w) below it as black boxes; its
        cells count once per instance. The top is a unit. Variants of a unit
        that differ only in its position parameters and have the same
        children are synthesized once, by the first of them (its
        representative), unless --exact. Writes under DIR:
          units.txt  per unit variant, children before parents: "name module
                     block instances size rep syndir stadir" (size: the RTLIL
                     cells of its own part, a guess of its synthesis time;
                     rep: the variant synthesized for it; syndir, stadir: its
                     synthesis and timing model in the cache)
          unit/NAME.il  what Yosys synthesizes for a representative: its own
                     modules and a black-box stub of each unit or RAM leaf
                     below it, in name order
          kids.txt   "unit child n instance": a unit or RAM leaf in the unit's
                     own part, n of them, instance the first one's name
          rams.txt   "ram width depth stadir" (stadir: its timing model)
          keys.txt   "name yosys-module-name"
          steps.mk   the make rules of this design's steps
        The cache is keyed by content: a synthesis by SYNKEY (the recipe,
        tools, liberty and settings) and the unit's text (canonical()
        below: the text its synthesis reads); a timing model by STAKEY, its synthesis's key and its
        children's models' keys. So a unit whose text did not change is
        never synthesized again, and one that several designs share once.
totals  one configuration's totals from DIR/units.txt, kids.txt, rams.txt and
        the cache: DIR/row.txt (the table's fields), DIR/report.txt,
        DIR/path.txt (OpenSTA's report of the worst path).
canon   FILE's canonical text (canonical() below), on stdout; with SEED, that
        of FILE scrambled first as another design might elaborate it (the
        test of the flow checks that both are one text)
csv     the table (area.csv) of the configurations whose DIR/NAME/row.txt
        exists, in the order named, on stdout.
Exit 0; 1 when the flow failed (a top missing from its design, a cell type
without a transistor figure); 2 on bad usage or an input that lacks what it
must hold (named).
"""
import hashlib
import os
import re
import shutil
import sys

BLOCKS = ["lcb", "inbuf", "swbuf", "xbar", "channels", "routing", "control"]
COLS = ("config top params stdcell_um2 cells flops transistors sram_bits sram_macros sram_um2 "
        "total_um2 lcb_um2 inbuf_um2 swbuf_um2 xbar_um2 channels_um2 routing_um2 control_um2 "
        "lcb_bits inbuf_bits swbuf_bits path_ns fmax_mhz path_from path_to path_unit cpu_s cpu_wall_s").split()


def die(msg, code=2):
    print("area.py: " + msg, file=sys.stderr)
    sys.exit(code)


def sha(*parts):
    h = hashlib.sha1()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
        h.update(b"\0")
    return h.hexdigest()[:16]


# ---------------------------------------------------------------- units
def fname(m):
    """A file and Verilog-safe name for a Yosys module name:
    \\nr_yarc -> nr_yarc; $paramod$<sha1>\\nr_yarc_tile -> nr_yarc_tile_<12 hex>;
    $paramod\\nr_arb_rr\\N=s32'0..01000 -> nr_arb_rr_N8"""
    if m.startswith("\\"):
        return m[1:]
    g = re.match(r"^\$paramod\$([0-9a-f]+)\\(.*)$", m)
    if g:
        return g.group(2) + "_" + g.group(1)[:12]
    if m.startswith("$paramod\\"):
        kv = m[9:].split("\\")
        s = kv[0]
        for x in kv[1:]:
            k, _, v = x.partition("=")
            b = re.match(r"^s?[0-9]+'([01]+)$", v)
            if b:
                v = str(int(b.group(1), 2))
            s += "_" + k + re.sub(r"[^A-Za-z0-9]", "_", v)
        return s
    return re.sub(r"[^A-Za-z0-9_]", "_", m)


def base(m):
    if m.startswith("$paramod\\"):
        return m[9:].split("\\")[0]
    return m.rsplit("\\", 1)[-1]


class Mod:
    def __init__(self, name, attrs):
        self.name, self.fn, self.bs = name, fname(name), base(name)
        self.head = attrs + ["module \\" + self.fn]
        self.stub = ["attribute \\blackbox 1", "module \\" + self.fn]
        self.lines = []  # text, or (cell index, text)
        self.cells = []  # (type, instance name)
        self.par = {}
        self.parn = []


def read_rtlil(path):
    mods, pend, cur = {}, [], None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            w = line.split()
            if cur is None:
                if line.startswith("attribute "):
                    pend.append(line)
                elif line.startswith("module "):
                    cur = Mod(w[1], pend)
                    mods[cur.name] = cur
                    pend = []
                continue
            if line == "end":
                cur.stub.append("end")
                cur = None
                continue
            if w and w[0] == "wire" and re.search(r" (input|output|inout) [0-9]+ ", line):
                cur.stub.append(line)
            if line.startswith("  parameter ") and len(w) == 3:
                cur.par[w[1]] = w[2]
                cur.parn.append(w[1])
            if w and w[0] == "cell":
                cur.lines.append((len(cur.cells), line))
                cur.cells.append((w[1], w[2]))
                continue
            cur.lines.append(line)
    return mods


def read_units_file(path):
    ucat, upos = {}, {}
    with open(path) as f:
        for line in f:
            w = line.split("#", 1)[0].split()
            if len(w) >= 2:
                ucat[w[0]] = w[1]
                if len(w) >= 3:
                    upos[w[0]] = set(w[2].split(","))
    return ucat, upos


def mod_text(m, mods):
    out = list(m.head)
    for x in m.lines:
        if isinstance(x, tuple):
            t = m.cells[x[0]][0]
            x = x[1]
            if t in mods:
                x = re.sub(r"^  cell [^ ]+ ", lambda _: "  cell \\" + mods[t].fn + " ", x, count=1)
        out.append(x)
    out.append("end")
    return "\n".join(out) + "\n"


AUTO_ID = re.compile(r"\$([0-9]+)(?![0-9A-Za-z\\])")


KINDS = {"parameter": 0, "wire": 1, "memory": 2, "cell": 3, "connect": 4}


def canonical(text):
    """The text a unit's synthesis reads and is keyed by: the same unit
    elaborated in two designs differs in the names Yosys numbers from one
    counter over the whole design ($procmux$6388_Y), and with them in the
    order of its declarations, which ABC's result depends on. Per module,
    each numbered name gets a label refined from its neighbourhood (the
    statements it appears in, with the other numbered names by their
    labels) until the labels stop splitting; the names are renumbered in
    label order and the statements sorted. Names the refinement leaves tied
    are numbered by their first appearance: the result is still one text
    per input, so a key always means one synthesis, but two designs may
    then make two keys of one unit."""
    out, lines, i = [], text.split("\n"), 0
    while i < len(lines):
        out.append(lines[i])
        i += 1
        if not lines[i - 1].startswith("module "):
            continue
        items, pend = [], []
        while lines[i] != "end":
            w = lines[i].split()
            if w[0] == "attribute":
                pend.append(lines[i])
                i += 1
                continue
            if w[0] not in KINDS:
                die("canonical: a statement the flow does not know: %s" % lines[i], 1)
            blk = pend + [lines[i]]
            i += 1
            if w[0] == "cell":
                while lines[i] != "  end":
                    blk.append(lines[i])
                    i += 1
                blk.append(lines[i])
                i += 1
            items.append((KINDS[w[0]], "\n".join(blk)))
            pend = []
        out += canonical_module(items)
    return "\n".join(out)


def canonical_module(items):
    occ, first = {}, {}
    for k, (_, t) in enumerate(items):
        for n in AUTO_ID.findall(t):
            first.setdefault(n, len(first))
            if occ.setdefault(n, [])[-1:] != [k]:
                occ[n].append(k)
    lab, nlab = {n: "" for n in occ}, 1

    def show(t, me):
        return AUTO_ID.sub(lambda g: "$@" if g.group(1) == me else "$<" + lab[g.group(1)] + ">", t)
    for _ in range(32):
        new = {n: sha(*sorted(show(items[k][1], n) for k in ks)) for n, ks in occ.items()}
        lab, was, nlab = new, nlab, len(set(new.values()))
        if nlab == len(occ) or nlab == was:
            break
    rank = {n: str(r) for r, n in enumerate(sorted(occ, key=lambda n: (lab[n], first[n])))}
    its = sorted((kind, AUTO_ID.sub(lambda g: "$" + rank[g.group(1)], t)) for kind, t in items)
    return [t for _, t in its]


def units(argv):
    if len(argv) not in (7, 8) or (len(argv) == 8 and argv[7] != "--exact"):
        die("usage: area.py units DIR TOP UNITS ELAB.il CACHE SYNKEY STAKEY [--exact]", 2)
    d, top, ufile, il, cache, synkey, stakey = argv[:7]
    exact = len(argv) == 8
    ucat, upos = read_units_file(ufile)
    mods = read_rtlil(il)
    root = "\\" + top
    if root not in mods:
        die("units: top %s not in the design" % top, 1)
    # children of each module: type -> count, first instance name (in order)
    kids = {}
    for m in mods.values():
        k = {}
        for t, n in m.cells:
            if t in mods:
                if t not in k:
                    k[t] = [0, n]
                k[t][0] += 1
        kids[m.name] = k
    isunit = {n for n, m in mods.items() if m.bs in ucat or n == root}
    isram = {n for n, m in mods.items() if m.bs == "nr_ram_1r1w"}
    order, seen = [], set()

    def visit(m):
        if m in seen:
            return
        seen.add(m)
        for t in kids[m]:
            visit(t)
        order.append(m)

    visit(root)
    inst = {root: 1}
    for m in reversed(order):
        for t, (c, _) in kids[m].items():
            inst[t] = inst.get(t, 0) + inst.get(m, 0) * c
    os.makedirs(os.path.join(d, "unit"), exist_ok=True)
    fu = open(os.path.join(d, "units.txt"), "w")
    fk = open(os.path.join(d, "kids.txt"), "w")
    fr = open(os.path.join(d, "rams.txt"), "w")
    fy = open(os.path.join(d, "keys.txt"), "w")
    steps = ["all-%s: %s" % (os.path.basename(d.rstrip("/")), "%s")]
    repof, syn, sta, mykids = {}, {}, {}, {}
    for m in order:
        M = mods[m]
        if m in isram:
            w, dp = parnum(M.par["\\Width"]), parnum(M.par["\\Depth"])
            sta[m] = sha(stakey, "ram", M.fn, w, dp)
            tdir = os.path.join(cache, "sta", sta[m], M.fn)
            fr.write("%s %d %d %s\n" % (M.fn, w, dp, tdir))
            steps.append("%s/meta.txt:\n\t@AREA_W=1 scripts/area_unit.sh ram %s %d %d %s"
                         % (tdir, M.fn, w, dp, tdir))
        if m not in isunit:
            continue
        pos = upos.get(M.bs, set())
        key = [M.bs]
        key += ["%s=%s" % (p, M.par[p]) for p in M.parn if exact or p[1:] not in pos]
        key += ["%s*%d" % (mods[t].fn, c) for t, (c, _) in kids[m].items()]
        key = " ".join(key)
        r = repof.setdefault(key, m)
        own, stubs, size = {}, {}, [0]
        klist = []

        def collect(x, n, pre):
            own[x] = 1
            size[0] += len(mods[x].cells) * n
            for t, (c, iname) in kids[x].items():
                iname = iname[1:] if iname.startswith("\\") else iname
                if t in isunit or t in isram:
                    stubs[t] = 1
                    fk.write("%s %s %d %s\n" % (M.fn, mods[t].fn, n * c, pre + iname))
                    klist.append(t)
                else:
                    collect(t, n * c, pre + iname + ".")

        collect(m, 1, "")
        mykids[m] = klist
        blk = "control" if m == root else ucat[M.bs]
        if r == m:
            text = "".join(mod_text(mods[x], mods) for x in sorted(own, key=lambda x: mods[x].fn))
            text = canonical(text + "".join("\n".join(mods[x].stub) + "\n" for x in sorted(stubs, key=lambda x: mods[x].fn)))
            ilf = os.path.join(d, "unit", M.fn + ".il")
            with open(ilf, "w") as f:
                f.write(text)
            syn[m] = sha(synkey, M.fn, text)
            kk = sorted(set("%s=%s" % (mods[t].fn, sta[t]) for t in klist))
            sta[m] = sha(stakey, "unit", M.fn, M.bs, syn[m], "root" if m == root else "", *kk)
            sdir = os.path.join(cache, "syn", syn[m], M.fn)
            tdir = os.path.join(cache, "sta", sta[m], M.fn)
            kdirs = sorted(set(os.path.join(cache, "sta", sta[t], mods[t].fn) for t in klist))
            steps.append("%s/stat.txt:\n\t@%s" % (sdir, timed(
                sdir, "synth", "AREA_W=%d" % (20 + size[0]), "synth %s %s %s" % (ilf, M.fn, sdir))))
            steps.append("%s/meta.txt: %s/stat.txt%s\n\t@%s"
                         % (tdir, sdir, "".join(" %s/meta.txt" % k for k in kdirs),
                            timed(tdir, "sta", "AREA_W=10" + (" AREA_ROOT=1" if m == root else ""),
                                  "sta %s %s %s %s%s" % (M.fn, M.bs, sdir, tdir, "".join(" " + k for k in kdirs)))))
        else:
            syn[m] = syn[r]
            sdir = os.path.join(cache, "syn", syn[r], mods[r].fn)
            sta[m] = sha(stakey, "alias", M.fn, sta[r])
            tdir = os.path.join(cache, "sta", sta[m], M.fn)
            rdir = os.path.join(cache, "sta", sta[r], mods[r].fn)
            steps.append("%s/meta.txt: %s/meta.txt\n\t@AREA_W=1 scripts/area_unit.sh alias %s %s %s"
                         % (tdir, rdir, rdir, M.fn, tdir))
        fu.write("%s %s %s %d %d %s %s %s\n" % (M.fn, M.bs, blk, inst.get(m, 0), size[0], mods[r].fn,
                                                sdir, tdir))
        fy.write("%s %s\n" % (M.fn, m))
        if m == root:
            steps[0] = steps[0] % (tdir + "/meta.txt")
    for f in (fu, fk, fr, fy):
        f.close()
    with open(os.path.join(d, "steps.mk"), "w") as f:
        f.write("\n".join(steps) + "\n")
    return 0


def timed(d, step, env, args):
    """a step's recipe: scripts/area_unit.sh (with the variables env) under
    scripts/runstat.py, whose record (the CPU seconds of the step's
    processes, their peak memory, the wall seconds) goes into the step's
    directory as STEP_cpu.txt"""
    return ("mkdir -p %s && %s scripts/runstat.py %s.%s_cpu -- scripts/area_unit.sh %s && mv -f %s.%s_cpu %s/%s_cpu.txt"
            % (os.path.dirname(d), env, d, step, args, d, step, d, step))


def parnum(v):
    """an RTLIL parameter value (s32'0101 or a decimal) as an integer"""
    b = re.match(r"^s?[0-9]+'([01]+)$", v)
    return int(b.group(1), 2) if b else int(v)


# ---------------------------------------------------------------- totals
def read_ws(path):
    with open(path) as f:
        return [line.split() for line in f if line.strip()]


def cmos(path, unknown):
    """Yosys's CMOS estimate (stat -tech cmos after dffunmap) plus the flops
    it has no figure for: a flop with an asynchronous reset or set as 20
    transistors (16 for a plain D flop, and two reset gates)"""
    t = n = 0
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if "Estimated number of transistors:" in line:
                t = int(re.sub(r".*: *", "", line).rstrip("+") or 0)
            elif re.match(r"^ +\$_DFF_[PN][PN][01]_ +[0-9]+$", line):
                n += int(line.split()[1])
            elif re.match(r"^ +\$_(DFFSR|DLATCH|SR|ALDFF)", line):
                unknown.append(line.strip())
    return t + 20 * n


def stat(path):
    area = flops = cells = 0
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            w = line.split()
            if re.search(r"Chip area for (top )?module", line):
                area = float(w[-1])
            elif re.match(r"^ +Number of cells:", line):
                cells += int(w[3])
            elif re.match(r"^ +[A-Z][A-Z0-9]* +[0-9]+$", line):
                if w[0].startswith("DFF"):
                    flops += int(w[1])
            elif re.match(r"^ +[a-z_][a-z0-9_]* +[0-9]+$", line):
                cells -= int(w[1])  # a unit or RAM leaf below: not a cell here
    return area, flops, cells


def cpu_secs(d, step):
    """a step's CPU seconds and, for a step made before the flow recorded CPU
    (a cache entry with STEP_secs.txt alone), its wall seconds instead:
    (cpu, wall); (0, 0) when it records neither (an alias, a RAM leaf)"""
    try:
        with open(os.path.join(d, step + "_cpu.txt")) as f:
            g = re.search(r"cpu_s=([0-9.]+)", f.read())
        if g:
            return float(g.group(1)), 0
    except FileNotFoundError:
        pass
    try:
        with open(os.path.join(d, step + "_secs.txt")) as f:
            return 0, int(f.read().strip() or 0)
    except FileNotFoundError:
        return 0, 0


def totals(argv):
    if len(argv) != 6:
        die("usage: area.py totals DIR NAME TOP PARAMS RATE CLOCK_NS", 2)
    d, name, top, params, rate, clk = argv
    rate = float(rate)
    rams = {w[0]: (int(w[1]), int(w[2])) for w in read_ws(os.path.join(d, "rams.txt"))}
    kn, kid, parent = {}, {}, {}
    for u, c, n, i in read_ws(os.path.join(d, "kids.txt")):
        if (u, c) not in kn:
            kid.setdefault(u, []).append(c)
            kn[(u, c)] = 0
        kn[(u, c)] += int(n)
        parent.setdefault(c, (u, i))
    us = [dict(zip("name mod blk inst size rep syn sta".split(), w))
          for w in read_ws(os.path.join(d, "units.txt"))]
    byname = {u["name"]: u for u in us}
    got, unknown = {}, []
    A = F = N = T = bits = nram = 0
    B = dict.fromkeys(BLOCKS, 0.0)
    BB = dict.fromkeys(BLOCKS, 0)
    wd, wu, ws, we, full = None, "", "", "", None
    for u in us:
        r, n = u["rep"], int(u["inst"])
        if r not in got:
            a, fl, ce = stat(os.path.join(u["syn"], "stat.txt"))
            got[r] = (a, fl, ce, cmos(os.path.join(u["syn"], "cmos.txt"), unknown))
        a, fl, ce, tr = got[r]
        A += n * a
        F += n * fl
        N += n * ce
        T += n * tr
        B[u["blk"]] += n * a
        for k in kid.get(r, []):
            if k in rams:
                b = n * kn[(r, k)] * rams[k][0] * rams[k][1]
                bits += b
                B[u["blk"]] += b * rate
                BB[u["blk"]] += b
                nram += n * kn[(r, k)]
        for w in read_ws(os.path.join(u["sta"], "meta.txt")):
            if w[0] == "int" and (wd is None or float(w[1]) > float(wd)):
                wd, wu, ws, we = w[1], u["name"], w[2], w[3]
            if w[0] == "full":
                full = w[1:4]
    if unknown:
        die("cell types without a transistor figure: " + "; ".join(unknown), 1)
    # the CPU time of this configuration alone from an empty cache: its
    # elaboration and every synthesis and timing model it needs (each step
    # records the CPU time of its processes); wall: the seconds of steps
    # that record wall time only, included in cpu
    cpu, wall = cpu_secs(d, "elab")
    for x, step in [(x, "synth") for x in {u["syn"] for u in us}] + [(x, "sta") for x in {u["sta"] for u in us}]:
        c, w = cpu_secs(x, step)
        cpu, wall = cpu + c + w, wall + w
    # the worst path: the top's own (with its ports) unless a unit's inside
    # is worse; a unit's named down from the top through one of its instances
    if full and (wd is None or float(full[0]) >= float(wd)):
        wd, ws, we, wu = full[0], full[1], full[2], top
    elif wu:
        p, x = "", wu
        while x != top and x in parent:
            p = parent[x][1] + "/" + p
            x = parent[x][0]
        ws, we = p + ws, p + we
    fmax = "%.0f" % (1000 / float(wd)) if wd and float(wd) > 0 else "na"
    sram = bits * rate
    row = {"config": name, "top": top, "params": params, "stdcell_um2": "%.0f" % A, "cells": N,
           "flops": F, "transistors": T, "sram_bits": bits, "sram_macros": nram,
           "sram_um2": "%.0f" % sram, "total_um2": "%.0f" % (A + sram)}
    for b in BLOCKS:
        row[b + "_um2"] = "%.0f" % B[b]
        row[b + "_bits"] = BB[b]
    row.update({"path_ns": wd or "", "fmax_mhz": fmax, "path_from": ws, "path_to": we, "path_unit": wu,
                "cpu_s": "%.1f" % cpu, "cpu_wall_s": wall})
    with open(os.path.join(d, "row.txt"), "w") as f:
        for k, v in row.items():
            f.write("%s=%s\n" % (k, v))
    with open(os.path.join(d, "report.txt"), "w") as f:
        f.write("configuration: %s (%s %s)\n" % (name, top, params))
        f.write("std-cell area %.0f um^2, %d flops, %d cells, ~%d transistors; SRAM %d bits in %d macros "
                "(%.0f um^2 at %g um^2/bit); total %.0f um^2\n" % (A, F, N, T, bits, nram, sram, rate, A + sram))
        f.write("by block (um^2, SRAM in its block): LCB %.0f, input buffers %.0f, switch buffers %.0f, "
                "crossbar and allocator %.0f, channels %.0f, routing %.0f, control %.0f\n"
                % tuple(B[b] for b in BLOCKS))
        f.write("worst path %s ns at %s ns (fmax %s MHz), in unit %s\n  from %s\n  to   %s\n"
                % (wd, clk, fmax, wu, ws, we))
        f.write("units (variant, module, block, instances, own um^2, representative):\n")
        for u in us:
            f.write("  %s %s %s %s %.0f %s\n" % (u["name"], u["mod"], u["blk"], u["inst"],
                                                 got[u["rep"]][0], u["rep"]))
    if wu:
        src = byname[byname[wu]["rep"]]["sta"] if wu != top else byname[top]["sta"]
        shutil.copyfile(os.path.join(src, "path.txt"), os.path.join(d, "path.txt"))
    return 0


# ---------------------------------------------------------------- csv, table
def csv(argv):
    if len(argv) < 2:
        die("usage: area.py csv DIR NAME...", 2)
    print(",".join(COLS))
    for n in argv[1:]:
        f = os.path.join(argv[0], n, "row.txt")
        if not os.path.isfile(f) or os.path.getsize(f) == 0:
            continue
        v = {}
        with open(f) as fh:
            for line in fh:
                k, _, x = line.rstrip("\n").partition("=")
                v[k] = x
        print(",".join(v.get(k, "") for k in COLS))
    return 0


def canon(argv):
    """canon FILE [SEED]: FILE's canonical text; with SEED, that of FILE
    scrambled first (its numbered names renumbered at random, each module's
    statements shuffled), as another design might elaborate it"""
    if len(argv) not in (1, 2) or (len(argv) == 2 and not argv[1].isdigit()):
        die("usage: area.py canon FILE [SEED]")
    with open(argv[0]) as f:
        text = f.read()
    if len(argv) == 2:
        import random
        rnd = random.Random(int(argv[1]))
        ns = sorted(set(AUTO_ID.findall(text)), key=int)
        perm = dict(zip(ns, rnd.sample(range(1, 10 * len(ns) + 2), len(ns))))
        mods = re.split(r"(?m)^(?=attribute [^\n]*\n(?:attribute [^\n]*\n)*module |module )", text)
        text = ""
        for m in mods:
            body = re.split(r"(?m)^(?=  (?:attribute|wire|memory|cell|connect|parameter) )", m)
            head, items, pend = body[0], [], ""
            for x in body[1:]:
                if x.startswith("  attribute "):
                    pend += x
                else:
                    items.append(pend + x)
                    pend = ""
            tail = re.search(r"(?m)^end\n?\Z", items[-1]) if items else None
            if tail:
                items[-1] = items[-1][:tail.start()]
            rnd.shuffle(items)
            text += head + "".join(items) + (tail.group(0) if tail else "")
        text = AUTO_ID.sub(lambda g: "$" + str(perm[g.group(1)]), text)
    sys.stdout.write(canonical(text))
    return 0


def main():
    cmds = {"units": units, "totals": totals, "csv": csv, "canon": canon}
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) >= 2 else 2
    if sys.argv[1] not in cmds:
        die("unknown command '%s' (--help)" % sys.argv[1], 2)
    return cmds[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
