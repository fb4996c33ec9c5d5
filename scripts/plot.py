#!/usr/bin/env python3
"""plot.py - the kit's one plotting helper: every PNG a flow makes is drawn
here, in one style, through gnuplot (pngcairo).

usage: plot.py OUT.png [--title T] [--size W,H] [--layout ROWS,COLS] PANEL...

A figure is one or more panels (--panel starts the next one; the first is
implicit). A panel's options:
  --panel [TITLE]       a new panel (TITLE: its own title)
  --xlabel T, --ylabel T
  --xrange LO:HI, --yrange LO:HI    either end may be left empty
  --logx [BASE], --logy [BASE]      log axes (BASE 10 by default); on a log
                        x axis a point at x = 0 is drawn one decade left of
                        the smallest other x and its tick is labelled 0
  --xtics A,B,...       the x ticks
  --key POS             where the legend goes (gnuplot words: "top left",
                        "bottom right", "outside right top", ...)
  --ideal               the line y = x, grey, dashed ("ideal")
The data of the curves that follow:
  --csv FILE            a CSV file with a header line (columns by name)
  --filter COND         keep only the rows that meet COND, for every curve of
                        this CSV (until the next --csv); repeatable
  --where COND          the same for the next curve only
  --curve NAME X Y      a line through (X, Y) of the rows kept, sorted by X;
                        Y may be A/B (column A over column B)
  --xtic COL            a bar panel: the category column (one group per row)
  --bar NAME Y          a bar panel: one bar per group, column Y
  --heatmap X Y Z N     an N x N image: Z at column X, row Y (0 where no row)
A waveform figure (make waves) is one panel of its own:
  --timing VCD SIGS FROM TO   the signals listed in SIGS (one hierarchical
                        name a line, "-TITLE" lines start a group) from the
                        VCD, cycle by cycle from cycle FROM to TO (the kit's
                        traces step 2 time units a cycle: a cycle's value is
                        the one settled before its clock edge, at time 2c);
                        1-bit signals as lines, buses as labelled segments
  --phits FILE CORE LINK      the phit traces ("core NAME" or "link NAME"
                        lines) and the filters that decode them
                        (build/bin/nr_phitdec, nr_phitdec-link): a segment
                        shows the longest reading of its phit that fits
COND is COL=V, COL!=V, COL<V, COL<=V, COL>V or COL>=V; V is compared as a
number when both sides are numbers, else as text.

The style is fixed per curve NAME, whatever the plot: an organization, a
routing or a pattern has the same colour, point type and dash in every
figure (STYLES below; other names take a fixed colour from the same palette,
chosen by the name). There is no yellow; lines are thick and fonts large so
that a figure reads in print, in colour or grey.

Exit 0 with OUT.png written; 1 if gnuplot fails or is missing (make deps);
2 on bad usage, an unreadable CSV, a missing column or a curve without rows.
"""
import csv
import os
import re
import shutil
import subprocess
import sys
import zlib

# colour, gnuplot point type, dash type
STYLES = {
    # organizations (docs/nwn-arch.md; the YARC organization is hc)
    "cn": ("#000000", 7, 1), "hc": ("#D55E00", 5, 1), "yarc": ("#D55E00", 5, 1),
    "hc-vs": ("#CC6677", 4, 2), "fc": ("#0072B2", 9, 1), "fc-cr": ("#56B4E9", 8, 2),
    "fc-isu2": ("#332288", 11, 3), "fc-isu2b": ("#4477AA", 10, 4), "fc6": ("#AA4499", 13, 1),
    "fc6-isu2": ("#009E73", 15, 1), "fc6-isu2b": ("#117733", 14, 2), "bb": ("#8C510A", 6, 1),
    "ft": ("#882255", 12, 3), "hx": ("#44AA99", 2, 4), "hxv": ("#44AA99", 2, 1),
    "hxm": ("#999933", 3, 1), "fb": ("#DDCC77", 1, 1), "ftd": ("#882255", 12, 1),
    "vc": ("#661100", 4, 1), "vc-islip4": ("#661100", 8, 2), "vc-dist-spec": ("#661100", 10, 3),
    # routings (docs/network.md, docs/fbfly-routing.md)
    "min-rc": ("#0072B2", 9, 1), "val": ("#D55E00", 5, 2), "ugal": ("#009E73", 15, 1),
    "ugals": ("#AA4499", 13, 3), "closad": ("#000000", 7, 1), "fbfly-closad": ("#000000", 7, 1),
    "fclos": ("#8C510A", 6, 2), "updown-adaptive": ("#0072B2", 9, 1),
    "updown-det": ("#D55E00", 5, 2),
    # traffic patterns (rtr_sim --pattern) and their variants in make sweep
    "ur": ("#0072B2", 9, 1), "bc": ("#D55E00", 5, 1), "br": ("#009E73", 15, 1),
    "tr": ("#AA4499", 13, 1), "rowcol": ("#000000", 7, 1), "ur-lcb": ("#56B4E9", 8, 2),
    "ur-deep": ("#332288", 11, 3), "tr-deep": ("#CC6677", 4, 3),
    # statistics
    "mean": ("#0072B2", 9, 1), "p99": ("#D55E00", 5, 2),
    "ideal": ("#888888", 0, 2),
}
PALETTE = ["#0072B2", "#D55E00", "#009E73", "#AA4499", "#000000", "#56B4E9", "#332288",
           "#CC6677", "#8C510A", "#117733", "#882255", "#44AA99"]
POINTS = [9, 5, 15, 13, 7, 8, 11, 4, 6, 14, 12, 2]
FONT = "DejaVu Sans,13"


def style(name, taken=None):
    """(colour, point type, dash type) of a curve name: fixed per name. A name
    without a style of its own takes a palette entry chosen by the name, the
    next one free when another curve of the same figure has it (taken: the
    colours already used)."""
    if name in STYLES:
        return STYLES[name]
    k = zlib.crc32(name.encode()) % len(PALETTE)
    for i in range(len(PALETTE)):
        if taken is None or PALETTE[(k + i) % len(PALETTE)] not in taken:
            k = (k + i) % len(PALETTE)
            break
    return (PALETTE[k], POINTS[k], 1 + k % 5)


def styles(names):
    """The styles of the curves of one figure, in order."""
    taken = {STYLES[n][0] for n in names if n in STYLES}
    out = {}
    for n in names:
        out[n] = style(n, taken)
        taken.add(out[n][0])
    return out


def die(msg, code=2):
    print("plot: " + msg, file=sys.stderr)
    sys.exit(code)


def num(v):
    """A number, or None (not a number, NaN or infinite)."""
    try:
        x = float(v)
    except (TypeError, ValueError):
        return None
    return x if x == x and abs(x) != float("inf") else None


COND = re.compile(r"^([A-Za-z0-9_.]+)(!=|<=|>=|=|<|>)(.*)$")


def cond(text):
    m = COND.match(text)
    if not m:
        die("a condition is COL=V, COL!=V, COL<V, COL<=V, COL>V or COL>=V; got '%s'" % text)
    return m.groups()


def meets(row, c, path):
    col, op, v = c
    if col not in row:
        die("%s: no column %s (for the condition %s%s%s)" % (path, col, col, op, v))
    a, b = row[col], v
    na, nb = num(a), num(b)
    if na is not None and nb is not None:
        a, b = na, nb
    return {"=": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]


class Csv:
    cache = {}

    @classmethod
    def read(cls, path):
        if path not in cls.cache:
            try:
                with open(path, newline="") as f:
                    rows = list(csv.DictReader(f))
            except OSError as e:
                die("cannot read %s: %s" % (path, e.strerror))
            cls.cache[path] = rows
        return cls.cache[path]


def value(row, expr, path):
    """Column expr of a row as a number; expr is COL or COL/COL."""
    parts = expr.split("/")
    vals = []
    for p in parts:
        if p not in row:
            die("%s: no column %s (header: %s)" % (path, p, ",".join(row.keys())))
        vals.append(num(row[p]))
    if any(v is None for v in vals):
        return None
    if len(vals) == 2:
        return vals[0] / vals[1] if vals[1] else None
    return vals[0]


class Panel:
    def __init__(self, title=None):
        self.title = title
        self.opts = {}
        self.curves = []  # (kind, name, points or rows)
        self.xtic = None


def parse(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if argv else 2)
    out = argv[0]
    if not out.endswith(".png"):
        die("the first argument is the PNG to write, got '%s' (see --help)" % out)
    fig = {"title": None, "size": "1000,650", "layout": None}
    panels = [Panel()]
    path = None
    filters = []
    where = []
    i = 1

    def arg(n):
        if i + n >= len(argv):
            die("%s wants %d value%s" % (argv[i], n, "s" if n > 1 else ""))
        return argv[i + 1:i + 1 + n]

    while i < len(argv):
        a = argv[i]
        p = panels[-1]
        if a in ("--title", "--size", "--layout"):
            fig[a[2:]] = arg(1)[0]
            i += 2
        elif a == "--panel":
            title = argv[i + 1] if i + 1 < len(argv) and not argv[i + 1].startswith("--") else None
            if p.curves or len(panels) > 1 or p.opts:
                panels.append(Panel(title))
            else:
                p.title = title
            i += 2 if title is not None else 1
        elif a in ("--xlabel", "--ylabel", "--xrange", "--yrange", "--xtics", "--key"):
            p.opts[a[2:]] = arg(1)[0]
            i += 2
        elif a in ("--logx", "--logy"):
            base = argv[i + 1] if i + 1 < len(argv) and argv[i + 1].isdigit() else None
            p.opts[a[2:]] = base or "10"
            i += 2 if base else 1
        elif a == "--ideal":
            p.opts["ideal"] = True
            i += 1
        elif a == "--csv":
            path = arg(1)[0]
            Csv.read(path)
            filters = []
            i += 2
        elif a in ("--filter", "--where"):
            (filters if a == "--filter" else where).append(cond(arg(1)[0]))
            i += 2
        elif a == "--timing":
            p.curves.append(("timing", arg(4), None, None))
            i += 5
        elif a == "--phits":
            p.opts["phits"] = arg(3)
            i += 4
        elif a in ("--curve", "--bar", "--heatmap", "--xtic"):
            n = {"--curve": 3, "--bar": 2, "--heatmap": 4, "--xtic": 1}[a]
            vals = arg(n)
            if path is None:
                die("%s before any --csv" % a)
            rows = [r for r in Csv.read(path) if all(meets(r, c, path) for c in filters + where)]
            if a == "--xtic":
                p.xtic = (vals[0], rows, path)
            elif not rows:
                die("%s: no row for %s %s%s" % (path, a[2:], vals[0], "".join(
                    " where %s%s%s" % c for c in filters + where)))
            else:
                p.curves.append((a[2:], vals, rows, path))
            where = []
            i += 1 + n
        else:
            die("unknown argument '%s' (see --help)" % a)
    return out, fig, panels


def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def block(name, lines):
    return ["$%s << EOD" % name] + lines + ["EOD"]


def line_panel(p, k, script):
    """gnuplot lines for a panel of curves (data blocks first)."""
    series = []
    for n, (kind, vals, rows, path) in enumerate(p.curves):
        name, xc, yc = vals
        pts = []
        for r in rows:
            x, y = value(r, xc, path), value(r, yc, path)
            if x is not None and y is not None:
                pts.append((x, y))
        pts.sort()
        series.append((name, pts))
    zero_at = None
    if "logx" in p.opts:
        pos = [x for _, pts in series for x, _ in pts if x > 0]
        if pos and any(x == 0 for _, pts in series for x, _ in pts):
            zero_at = min(pos) / 10
    for n, (name, pts) in enumerate(series):
        script += block("d%d_%d" % (k, n), ["%.10g %.10g" % (zero_at if x == 0 and zero_at else x, y)
                                            for x, y in pts])
    if zero_at:
        script.append("set xtics add ('0' %.10g)" % zero_at)
    plots = []
    if p.opts.get("ideal"):
        plots.append("x with lines lw 2 dt 2 lc rgb '#888888' title 'ideal'")
    st = styles([name for name, _ in series])
    for n, (name, pts) in enumerate(series):
        c, pt, dt = st[name]
        plots.append("$d%d_%d using 1:2 with linespoints lw 2.5 ps 1.4 pt %d dt %d lc rgb '%s' title %s"
                     % (k, n, pt, dt, c, q(name)))
    script.append("plot " + ", \\\n     ".join(plots))


def bar_panel(p, k, script):
    col, rows, path = p.xtic
    groups = [r[col] if col in r else die("%s: no column %s" % (path, col)) for r in rows]
    plots = []
    st = styles([vals[0] for _, vals, _, _ in p.curves])
    for n, (kind, vals, _, bpath) in enumerate(p.curves):
        name, yc = vals
        data = []
        for g, r in zip(groups, rows):
            v = value(r, yc, bpath)
            data.append("%s %s" % (q(g), "NaN" if v is None else "%.10g" % v))
        script += block("b%d_%d" % (k, n), data)
        c, _, _ = st[name]
        plots.append("$b%d_%d using 2:xtic(1) lc rgb '%s' title %s" % (k, n, c, q(name)))
    script += ["set style data histograms", "set style histogram clustered gap 1",
               "set style fill solid 0.85 border -1", "set boxwidth 0.9",
               "set xtics rotate by -30 nomirror", "unset grid", "set grid ytics"]
    script.append("plot " + ", \\\n     ".join(plots))


def heat_panel(p, k, script):
    kind, vals, rows, path = p.curves[0]
    xc, yc, zc, n = vals
    n = int(n)
    m = [[0.0] * n for _ in range(n)]
    for r in rows:
        x, y, z = value(r, xc, path), value(r, yc, path), value(r, zc, path)
        if None in (x, y, z) or not (0 <= x < n and 0 <= y < n):
            die("%s: (%s, %s) outside a %d x %d map" % (path, r.get(xc), r.get(yc), n, n))
        m[int(y)][int(x)] = z
    script += block("h%d" % k, [" ".join("%.10g" % v for v in row) for row in m])
    script += ["set palette defined (0 '#ffffff', 1 '#9ecae1', 2 '#3182bd', 3 '#08306b')",
               "set xrange [-0.5:%g]" % (n - 0.5), "set yrange [-0.5:%g]" % (n - 0.5),
               "unset grid", "unset key", "set size ratio -1",
               "plot $h%d matrix with image notitle" % k]


def vcd_changes(path, names):
    """{name: [(time, value)]} of the named signals in a VCD file."""
    ids, scope, want, out = {}, [], set(names), {n: [] for n in names}
    t = 0
    try:
        f = open(path)
    except OSError as e:
        die("cannot read %s: %s" % (path, e.strerror))
    with f:
        for line in f:
            w = line.split()
            if not w:
                continue
            if w[0] == "$scope":
                scope.append(w[2])
            elif w[0] == "$upscope":
                scope.pop()
            elif w[0] == "$var" and ".".join(scope + [w[4]]) in want:
                ids.setdefault(w[3], []).append(".".join(scope + [w[4]]))
            elif w[0][0] == "#":
                t = int(w[0][1:])
            elif w[0][0] in "bB" and len(w) == 2 and w[1] in ids:
                for n in ids[w[1]]:
                    out[n].append((t, w[0][1:]))
            elif w[0][0] in "01xzXZ" and w[0][1:] in ids:
                for n in ids[w[0][1:]]:
                    out[n].append((t, w[0][0]))
    missing = [n for n in names if not out[n] and n not in sum(ids.values(), [])]
    if missing:
        die("%s: no signal %s" % (path, missing[0]))
    return out


def per_cycle(changes, c0, c1):
    """The value of each cycle c0..c1-1: the last change at or before 2c."""
    vals, j, cur = [], 0, "x"
    for c in range(c0, c1):
        while j < len(changes) and changes[j][0] <= 2 * c:
            cur = changes[j][1]
            j += 1
        vals.append(cur)
    return vals


def hexval(v, width):
    if any(ch in "xXzZ" for ch in v):
        return "x" if "x" in v.lower() else "z"
    n = int(v, 2)
    return "%0*X" % ((width + 3) // 4, n)


def readings(text):
    """Readings of a decoded phit (nr_phitdec), longest first."""
    if " | " in text:
        parts = [readings(x)[-1] for x in text.split(" | ")]
        return [" ".join(parts), "".join(parts)]
    w = text.split()
    if not w:
        return ["?"]
    c = "c" if w[-1] == "C" else ""
    kind = w[0]
    fields = dict(x.split("=", 1) for x in w if "=" in x)
    if kind == "HEAD":
        return [text, "H d%s v%s" % (fields.get("dst", "?"), fields.get("vc", "?")), "H" + fields.get("dst", ""), "H"]
    if kind == "F" and "(hd" in text:
        return [text, "F hd d%s%s" % (fields.get("dst", "?"), c), "F" + c]
    if kind == "MARK":
        return [text, "M" + fields.get("seq", "") + c, "M" + c]
    short = {"BODY": "B", "EOP": "E", "IDLE": "I", "PAD": "P", "F": "F", "RSVD": "R"}.get(kind, kind[:1])
    return [text, " ".join(w[:2]) + (" c" if c and len(w) > 2 else ""), short + c]


def decode(values, prog):
    """The filter's text for each hex value (one line in, one line out)."""
    if not values:
        return {}
    r = subprocess.run([prog], input="".join(v + "\n" for v in values), text=True,
                       capture_output=True)
    lines = r.stdout.split("\n")
    if r.returncode != 0 or len(lines) < len(values):
        die("%s failed on the phit values" % prog, 1)
    return dict(zip(values, lines))


def timing_panel(p, k, script):
    vcd, sigs, c0, c1 = p.curves[0][1]
    c0, c1 = int(c0), int(c1)
    try:
        rows = [l.rstrip("\n") for l in open(sigs) if l.strip()]
    except OSError as e:
        die("cannot read %s: %s" % (sigs, e.strerror))
    names = [r for r in rows if not r.startswith("-")]
    kinds, dec = {}, {}
    if "phits" in p.opts:
        pf, core, link = p.opts["phits"]
        for l in open(pf):
            if l.split():
                kinds[l.split()[1]] = l.split()[0]
    ch = vcd_changes(vcd, names)
    widths = {}
    vals = {n: per_cycle(ch[n], c0, c1) for n in names}
    for n in names:
        widths[n] = max((len(v) for _, v in ch[n]), default=1)
    hexes = {n: [hexval(v, widths[n]) if widths[n] > 1 else v for v in vals[n]] for n in names}
    if kinds:
        for kind, prog in (("core", core), ("link", link)):
            todo = sorted({h for n in names if kinds.get(n) == kind for h in hexes[n]})
            dec[kind] = decode(todo, prog)
    nrow = len(rows)
    px = (int(p.opts.get("_w", 1600)) - 330) / (c1 - c0)   # pixels per cycle
    script += ["set xrange [%d:%d]" % (c0, c1), "set yrange [%g:0.3]" % (-nrow - 0.3),
               "set xtics 5 out nomirror", "set mxtics 5", "set grid xtics mxtics lc rgb '#e4e4e4'",
               "unset ytics", "unset key", "set lmargin 42", "set tmargin 3",
               "set xlabel 'clock cycle'"]
    obj, lab = [], []
    for r, name in enumerate(rows):
        y = -r - 0.5
        if name.startswith("-"):
            lab.append("set label %s at screen 0.005, first %g left font ',11' tc rgb '#b00000' noenhanced"
                       % (q(name[1:]), y))
            continue
        short = name.split(".")[-1] + ("[%d:0]" % (widths[name] - 1) if widths[name] > 1 else "")
        lab.append("set label %s at graph 0, first %g right offset -1,0 font ',10' noenhanced" % (q(short), y))
        v = hexes[name]
        if widths[name] == 1:
            pts = []
            for i, b in enumerate(v):
                yy = y - 0.3 if b == "0" else y + 0.3 if b == "1" else y
                pts += ["%d %g" % (c0 + i, yy), "%d %g" % (c0 + i + 1, yy)]
            script += block("w%d_%d" % (k, r), pts)
            lab.append("__plot $w%d_%d using 1:2 with lines lw 2 lc rgb '#1f3b73'" % (k, r))
            continue
        i = 0
        while i < len(v):
            j = i
            while j < len(v) and v[j] == v[i]:
                j += 1
            x0, x1, e = c0 + i, c0 + j, min(0.25, (j - i) / 4)
            kind = kinds.get(name)
            text = dec[kind].get(v[i], "?") if kind else v[i].lstrip("0") or "0"
            rd = readings(text) if kind else [text]
            first = rd[-1][:1]
            fill = {"H": "#f6c28b", "E": "#b7e4c7", "I": "#eeeeee", "F": "#d6e4f0"}.get(first, "#ffffff") \
                if kind else "#ffffff"
            if v[i] in ("x", "z"):
                fill = "#f4cccc"
            obj.append("set object polygon from %g,%g to %g,%g to %g,%g to %g,%g to %g,%g to %g,%g to %g,%g "
                       "fc rgb '%s' fs solid border lc rgb '#1f3b73' lw 1" %
                       (x0, y, x0 + e, y + 0.32, x1 - e, y + 0.32, x1, y, x1 - e, y - 0.32, x0 + e, y - 0.32, x0, y, fill))
            room = (j - i) * px - 6
            fit = next((t for t in rd if len(t) * 7.2 <= room), None)
            if fit:
                lab.append("set label %s at %g,%g center front font ',9' noenhanced" % (q(fit), (x0 + x1) / 2, y))
            i = j
    script += ["set object %d %s" % (n + 1, o[len("set object "):]) for n, o in enumerate(obj)]
    plots = [l[len("__plot "):] for l in lab if l.startswith("__plot ")]
    script += [l for l in lab if not l.startswith("__plot ")]
    script.append("plot " + (", ".join(plots) if plots else "NaN notitle"))


def gnuplot_script(out, fig, panels):
    w, h = fig["size"].split(",")
    s = ["set terminal pngcairo size %s,%s enhanced font %s linewidth 1.2 background '#ffffff'"
         % (w, h, q(FONT)), "set output %s" % q(out), "set encoding utf8"]
    multi = len(panels) > 1
    if multi:
        rows, cols = (fig["layout"] or "%d,1" % len(panels)).split(",")
        s.append("set multiplot layout %s,%s%s" % (rows, cols,
                 " title %s font ',14'" % q(fig["title"]) if fig["title"] else ""))
    for k, p in enumerate(panels):
        p.opts["_w"] = w
        s += ["reset session" if k else "", "set grid lc rgb '#d0d0d0'",
              "set key %s box opaque Left reverse samplen 5 spacing 1.1" % p.opts.get("key", "top left"),
              "set border lw 1.5", "set tics nomirror out"]
        title = p.title if multi else (p.title or fig["title"])
        if title:
            s.append("set title %s noenhanced" % q(title))
        for ax in ("x", "y"):
            if ("%slabel" % ax) in p.opts:
                s.append("set %slabel %s noenhanced" % (ax, q(p.opts["%slabel" % ax])))
            if ("%srange" % ax) in p.opts:
                lo, _, hi = p.opts["%srange" % ax].partition(":")
                s.append("set %srange [%s:%s]" % (ax, lo or "*", hi or "*"))
            if ("log%s" % ax) in p.opts:
                s.append("set logscale %s %s" % (ax, p.opts["log%s" % ax]))
                if ax == "x" and p.opts["logx"] == "10":
                    s.append("set format %s '10^{%%L}'" % ax)
        if "xtics" in p.opts:
            s.append("set xtics (%s)" % p.opts["xtics"])
        if not p.curves:
            die("a panel%s has nothing to plot" % (" (%s)" % p.title if p.title else ""))
        kind = p.curves[0][0]
        if kind == "timing":
            timing_panel(p, k, s)
        elif kind == "curve":
            line_panel(p, k, s)
        elif kind == "bar":
            if p.xtic is None:
                die("a bar panel wants --xtic COL")
            bar_panel(p, k, s)
        else:
            heat_panel(p, k, s)
    if multi:
        s.append("unset multiplot")
    return "\n".join(s) + "\n"


def main(argv):
    out, fig, panels = parse(argv)
    if any({c[0] for c in p.curves} - {"curve"} and len({c[0] for c in p.curves}) > 1
           for p in panels):
        die("a panel holds one kind: curves, bars or one heatmap")
    tmp = out + ".tmp.png"
    script = gnuplot_script(tmp, fig, panels)
    gp = shutil.which("gnuplot")
    if not gp:
        die("gnuplot is not installed (make deps); no %s" % out, 1)
    r = subprocess.run([gp], input=script, text=True, capture_output=True)
    if r.returncode != 0 or not os.path.exists(tmp) or os.path.getsize(tmp) == 0:
        if os.path.exists(tmp):
            os.remove(tmp)
        die("gnuplot failed on %s:\n%s" % (out, r.stderr.strip()), 1)
    os.replace(tmp, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
