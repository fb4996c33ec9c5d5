#!/usr/bin/env python3
"""area_report.py - make area's tables from its area.csv (scripts/area.py
csv): the run's table (scripts/area_all.sh), and what make area-docs
publishes (scripts/area_docs.sh, scripts/area_plot.sh). Not part of a run's
key: a change here needs no new run.

usage: scripts/area_report.py table  AREA.csv
       scripts/area_report.py radix  AREA.csv
       scripts/area_report.py seed   T1.csv COUNTS.md AREA.csv FB.csv PITCH RATE OUTDIR
       scripts/area_report.py alloc  AREA.csv

table   area.csv as the markdown tables of docs/area.md, on stdout.
radix   the router organizations' areas against the radix (configurations
        ORG-kK or ORG-kK-2vc; yarc is hc), CSV "org,k,total_mm2,fabric_mm2" on stdout for
        scripts/area_plot.sh: the total (standard cells and SRAM) and the
        switch fabric (switch buffers, crossbar and allocator, channels: what
        seed 001's Table 1 counts).
seed    the synthesis beside the seeds' area models (docs/results.md 4.0):
        OUTDIR/area-seed001.md, area-missing.md, area-seed000.md,
        area-tech.md (scripts/area_docs.sh says what the inputs are).
alloc   the baseline VC router's switch allocators (vc-kK-2vc, the separable
        input-first one, and vc-kK-2vc-ALLOC) side by side at each radix,
        on stdout (docs/results.md 4.0, marker area-alloc).
Exit 0; 2 on bad usage or an input that lacks what it must hold (named).
"""
import math
import os
import re
import sys

import kitcli

BLOCKS = ["lcb", "inbuf", "swbuf", "xbar", "channels", "routing", "control"]
COLS = ("config top params stdcell_um2 cells flops transistors sram_bits sram_macros sram_um2 "
        "total_um2 lcb_um2 inbuf_um2 swbuf_um2 xbar_um2 channels_um2 routing_um2 control_um2 "
        "lcb_bits inbuf_bits swbuf_bits path_ns fmax_mhz path_from path_to path_unit cpu_s cpu_wall_s").split()


def die(msg, code=2):
    kitcli.die("area_report.py", msg, code)


def read_csv(path):
    with open(path) as f:
        lines = [line.rstrip("\n").split(",") for line in f if line.strip()]
    if not lines:
        die("%s is empty" % path)
    miss = [c for c in COLS if c not in lines[0]]
    if miss:
        die("%s lacks the columns %s" % (path, " ".join(miss)))
    return [dict(zip(lines[0], r)) for r in lines[1:]]


def mm(x):
    return "%.3f" % (float(x) / 1e6)


def place(d):
    """u_a/u_b/nr_mod:cell_reg -> `nr_mod` cell (u_a/u_b)"""
    if re.match(r"^(in|out):", d) or ":" not in d:
        return d
    p, _, mc = d.rpartition("/")
    m, _, c = mc.partition(":")
    c = re.sub(r"_reg$", "", c)
    return "`%s` %s%s" % (m, c, " (%s)" % p if p else "")


def table(argv):
    if len(argv) != 1:
        die("usage: area_report.py table AREA.csv", 2)
    rows = read_csv(argv[0])
    o = ["| configuration | standard cells (mm²) | cells | flops | transistors (est.) | SRAM bits | "
         "SRAM macros | SRAM (mm²) | total (mm²) |", "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        o.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["config"], mm(r["stdcell_um2"]), r["cells"], r["flops"], r["transistors"],
            r["sram_bits"], r["sram_macros"], mm(r["sram_um2"]), mm(r["total_um2"])))
    o += ["", "Area by block, mm² (% of the total); SRAM in the block that holds it", "",
          "| configuration | LCB | input buffers | switch buffers | crossbar and allocator | channels "
          "| routing | control |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        t = float(r["total_um2"])
        s = "| %s |" % r["config"]
        for b in BLOCKS:
            x = float(r[b + "_um2"])
            s += " %s |" % ("%s (%.0f)" % (mm(x), 100 * x / t) if x > 0 and t > 0 else "-")
        o.append(s)
    o += ["", "Timing: the worst path at the clock, from its start to its end register (module, "
          "register, instance); and the CPU time of the processes the configuration alone needs from an "
          "empty cache (elaboration, syntheses, timing models; ≤: some of its steps were made before the "
          "flow recorded CPU time and count by their wall time)", "",
          "| configuration | worst path (ns) | fmax (MHz) | from | to | CPU (min) |",
          "|---|---|---|---|---|---|"]
    for r in rows:
        o.append("| %s | %.2f | %s | %s | %s | %s%.1f |" % (
            r["config"], float(r["path_ns"] or 0), r["fmax_mhz"], place(r["path_from"]), place(r["path_to"]),
            "≤ " if float(r["cpu_wall_s"] or 0) > 0 else "", float(r["cpu_s"] or 0) / 60))
    print("\n".join(o))
    return 0


# ---------------------------------------------------------------- seed
# the organizations of seed 001's Table 1 (hxv and hxm: its hx, ftd its ft)
ORGS = ["hc", "cn", "fc", "fc6", "fc6-isu2", "bb", "hxv", "hxm", "ftd"]


def orgk(name):
    """a router configuration's organization and radix: ORG-kK or ORG-kK-2vc
    (2 VCs, as every other ORG-kK); yarc is hc. None for any other name."""
    g = re.match(r"^(.*?)-k([0-9]+)(-2vc)?$", name)
    if not g:
        return None
    return ("hc" if g.group(1) == "yarc" else g.group(1)), int(g.group(2))


def read_plain_csv(path):
    with open(path) as f:
        lines = [line.rstrip("\n").split(",") for line in f if line.strip()]
    return [dict(zip(lines[0], r)) for r in lines[1:]]


def num(x):
    try:
        v = float(x)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(v) else v


def ratio(a, b):
    return "%.3f" % (a / b) if a is not None and b else "-"


def seed(argv):
    if len(argv) != 7:
        die("usage: area_report.py seed T1.csv COUNTS.md AREA.csv FB.csv PITCH RATE OUTDIR", 2)
    t1f, countsf, areaf, fbf, pitch, rate, out = argv
    pitch, rate = float(pitch), float(rate)
    t1 = read_plain_csv(t1f)
    # sw_counts' markdown table: per configuration its crosspoints, Table 1's
    # crosspoint formula and its subswitch buffers
    cnt, hdr = {}, None
    with open(countsf) as f:
        for line in f:
            c = [x.strip() for x in line.strip().strip("|").split("|")]
            if c and c[0] == "configuration":
                hdr = {h: i for i, h in enumerate(c)}
            elif hdr and line.startswith("| ") and re.match(r"^[a-z]", c[0]):
                cnt[c[0]] = (c[hdr["crosspoints"]], c[hdr["Table 1 formula"]], c[hdr["subswitch buffers"]])
    if not hdr:
        die("seed: %s has no table of counts" % countsf)
    R, FB = {}, {}
    for r in read_csv(areaf):
        ok = orgk(r["config"])
        if not ok or (ok[0] not in ORGS and ok[0] != "fb"):  # no model: in docs/area.md's tables only
            continue
        f = {x: float(r[x]) for x in COLS if x.endswith("_um2") or x.endswith("_bits") or
             x in ("cells", "transistors", "fmax_mhz")}
        f["cfg"] = r["config"]
        f["fab"] = f["swbuf_um2"] + f["xbar_um2"] + f["channels_um2"]
        f["ports"] = f["total_um2"] - f["fab"]
        (FB if ok[0] == "fb" else R)[ok] = f
    keys = list(R)
    if len(t1) != len(keys):
        die("seed: %s has %d rows for %d router configurations" % (t1f, len(t1), len(keys)))
    # T1's rows are in the order of the area table's ORG-kK rows
    order = keys
    model = {}
    for key, t in zip(order, t1):
        model[key] = (num(t["area"]), num(t["xpoints"]), num(t["buffers"]))
    # fc6-isu2: Table 1 has no speedup, so no formula; at k = 64 Table 2's
    # printed figure
    for key in R:
        if key[0] == "fc6-isu2":
            model[key] = (24640.0 if key[1] == 64 else None, None, None)
    ks = sorted({k for _, k in R})
    mmf = lambda x: "%.2f" % (x / 1e6)
    o = ["| k | organization | configuration | Table 1 switch area (channel pitches²) | model / hc | "
         "synthesized switch fabric (mm²) | / hc | synthesized total (mm²) | / hc | crosspoints: built "
         "(Table 1) | subswitch buffers: built (Table 1) |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for k in ks:
        hc = R.get(("hc", k))
        mhc = model.get(("hc", k), (None,))[0]
        for g in ORGS:
            if (g, k) not in R:
                continue
            r, (ma, mx, mb) = R[(g, k)], model.get((g, k), (None, None, None))
            note = (" (Table 2)" if g == "fc6-isu2" else " (0.75 fc)" if g == "bb" else
                    " (hx)" if g in ("hxv", "hxm") else " (ft)" if g == "ftd" else
                    " (kit's m extension)" if g == "fc6" or (g == "fc" and mx is None) else "")
            c = cnt.get(r["cfg"], ("-", "-", "-"))
            o.append("| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s (%s) | %s (%s) |" % (
                k, g, r["cfg"], "none" if ma is None else "%.0f%s" % (ma, note), ratio(ma, mhc),
                mmf(r["fab"]), ratio(r["fab"], hc and hc["fab"]), mmf(r["total_um2"]),
                ratio(r["total_um2"], hc and hc["total_um2"]), c[0], "-" if mx is None else "%.0f" % mx,
                c[2], "-" if mb is None else "%.0f" % mb))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "area-seed001.md"), "w") as f:
        f.write("\n".join(o) + "\n")
    # k = 64: what each side counts that the other does not
    o = ["| organization (k = 64) | Table 1 area at a %g µm channel pitch (mm²) | synthesized fabric (mm²) | "
         "of it crossbar and allocator, standard cells (mm²) | of it switch buffers (mm²) | est. SRAM "
         "periphery in those buffers (mm²) | outside the fabric: LCBs, input buffers, routing, control "
         "(mm²) |" % pitch, "|---|---|---|---|---|---|---|"]
    for g in ORGS:
        if (g, 64) not in R:
            continue
        r, ma = R[(g, 64)], model.get((g, 64), (None,))[0]
        o.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            g, "-" if ma is None else mmf(ma * pitch * pitch), mmf(r["fab"]), mmf(r["xbar_um2"]),
            mmf(r["swbuf_um2"]), mmf(r["swbuf_bits"] * (rate - 5)), mmf(r["ports"])))
    with open(os.path.join(out, "area-missing.md"), "w") as f:
        f.write("\n".join(o) + "\n")
    # seed 000: intermediate buffer storage, fully buffered against hierarchical
    o = ["| k | p = √k | fully buffered: crosspoint buffers k²v | hierarchical: 2k²v/p | fb / hc | "
         "fb storage (kbit) | hc storage (kbit) | fb at %g µm²/bit (mm²) | hc (mm²) |" % rate,
         "|---|---|---|---|---|---|---|---|---|"]
    for r in read_plain_csv(fbf):
        fbp, hcp = float(r["fb_phits"]), float(r["hc_phits"])
        o.append("| %s | %s | %.0f | %.0f | %s | %.0f | %.0f | %s | %s |" % (
            r["k"], r["p"], float(r["fb_buffers"]), float(r["hc_buffers"]), r["ratio"], fbp * 24 / 1000,
            hcp * 24 / 1000, mmf(fbp * 24 * rate), mmf(hcp * 24 * rate)))
    # synthesized: hc's row and column buffers, fb's crosspoint buffers (2
    # VCs, 8 phits each), and the model's storage of the same shape
    o += ["", "| synthesized (2 VCs, 8-phit buffers) | k | switch buffer bits | switch buffers (mm²) | bits / hc's "
          "| the model at v = 2, d = 8 (kbit) | model / hc |", "|---|---|---|---|---|---|---|"]
    for k in sorted({k for _, k in R} | {k for _, k in FB}):
        hc = R.get(("hc", k))
        mhc = 2 * k * k / math.sqrt(k) * 2 * 8 * 24 / 1000
        for r, mod in ((hc, mhc), (FB.get(("fb", k)), k * k * 2 * 8 * 24 / 1000)):
            if r:
                o.append("| %s | %d | %.0f | %s | %s | %.0f | %s |" % (
                    r["cfg"], k, r["swbuf_bits"], mmf(r["swbuf_um2"]), ratio(r["swbuf_bits"], hc and hc["swbuf_bits"]),
                    mod, ratio(mod, mhc)))
    with open(os.path.join(out, "area-seed000.md"), "w") as f:
        f.write("\n".join(o) + "\n")
    # the seeds' nodes by ideal scaling: area as the square of the feature
    # size, delay as the feature size (an estimate: docs/area.md)
    a90, a22 = (90 / 180) ** 2, (22 / 180) ** 2
    o = ["| configuration (k = 64) | total, 0.18 µm (mm²) | est. at 90 nm (mm²) | est. at 22 nm (mm²) | "
         "fmax, 0.18 µm (MHz) | est. at 90 nm (MHz) | est. at 22 nm (MHz) | cells | transistors (est.) |",
         "|---|---|---|---|---|---|---|---|---|"]
    for g in ORGS:
        if (g, 64) in R:
            r = R[(g, 64)]
            t, fm = r["total_um2"], r["fmax_mhz"]
            o.append("| %s | %.1f | %.1f | %.2f | %.0f | %.0f | %.0f | %d | %d |" % (
                r["cfg"], t / 1e6, t * a90 / 1e6, t * a22 / 1e6, fm, fm * 180 / 90, fm * 180 / 22,
                r["cells"], r["transistors"]))
    with open(os.path.join(out, "area-tech.md"), "w") as f:
        f.write("\n".join(o) + "\n")
    return 0


def radix(argv):
    if len(argv) != 1:
        die("usage: area_report.py radix AREA.csv", 2)
    print("org,k,total_mm2,fabric_mm2")
    for r in read_csv(argv[0]):
        ok = orgk(r["config"])
        if ok:
            fab = sum(float(r[b + "_um2"]) for b in ("swbuf", "xbar", "channels"))
            print("%s,%d,%.4f,%.4f" % (ok[0], ok[1], float(r["total_um2"]) / 1e6, fab / 1e6))
    return 0


ALLOCS = [("", "separable input-first"), ("-spec", "separable, speculative SA"),
          ("-islip1", "iSLIP, 1 round"), ("-islip4", "iSLIP, 4 rounds"), ("-dist", "distributed, m = 8")]


def alloc(argv):
    if len(argv) != 1:
        die("usage: area_report.py alloc AREA.csv", 2)
    rows = {r["config"]: r for r in read_csv(argv[0])}
    ks = sorted(int(g.group(1)) for g in (re.match(r"^vc-k([0-9]+)-2vc$", c) for c in rows) if g)
    if not ks:
        die("alloc: %s has no vc-kK-2vc row" % argv[0])
    o = ["| k | switch allocator | configuration | crossbar and allocator (mm²) | / separable | "
         "standard cells of the router (mm²) | / separable | cells | worst path (ns) | fmax (MHz) |",
         "|---|---|---|---|---|---|---|---|---|---|"]
    for k in ks:
        b = rows["vc-k%d-2vc" % k]
        for sfx, name in ALLOCS:
            r = rows.get("vc-k%d-2vc%s" % (k, sfx))
            if r is None:
                continue
            o.append("| %d | %s | %s | %s | %s | %s | %s | %s | %.2f | %s |" % (
                k, name, r["config"], mm(r["xbar_um2"]), ratio(float(r["xbar_um2"]), float(b["xbar_um2"])),
                mm(r["stdcell_um2"]), ratio(float(r["stdcell_um2"]), float(b["stdcell_um2"])), r["cells"],
                float(r["path_ns"] or 0), r["fmax_mhz"]))
    print("\n".join(o))
    return 0


def main():
    return kitcli.commands(__doc__, {"table": table, "radix": radix, "seed": seed, "alloc": alloc}, sys.argv, die)


if __name__ == "__main__":
    sys.exit(main())
