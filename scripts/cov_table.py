#!/usr/bin/env python3
"""cov_table.py - the coverage figures of docs/testplan.md, made from the
summary of a coverage run (scripts/coverage.sh step 4; make
publish-coverage publishes them).

usage: scripts/cov_table.py SUMMARY ENTRIES CELLS RC
  SUMMARY  BUILD/cov/summary.txt (tb/tools/cov_summary.c)
  ENTRIES  regression entries the run ran; CELLS of them cell tests
  RC       the run's exit status (0: every entry passed)

Writes markdown on stdout: the totals (line and branch points, toggle
points, cover points), the entries, the counts of lines not hit and not
waived, of lines waived, of branch arms not hit, of waivers moved, stale,
lost or unsupported; every cover point, line and arm not hit and not waived
by name; then the per-file table. Exit 2 on bad usage or a summary without
its total line.
"""
import sys


def frac(s):
    c, t = s.split("/")
    return int(c), int(t)


def pct(c, t):
    return f"{100 * c / t:.1f} %" if t else "-"


def grp(n):
    return f"{n:,}".replace(",", " ")


def cell(s):
    c, t = frac(s)
    return f"{c}/{t} ({pct(c, t)})" if t else "-"


def names(title, xs):
    return [f"{title}: " + ", ".join(f"`{x}`" for x in xs) + ".", ""] if xs else []


def table(lines, entries, cells, rc):
    total, files, lists = None, [], {}
    counts = dict.fromkeys(("line waived", "point waived", "waiver moved", "waiver stale",
                            "waiver lost", "waiver unsupported"), 0)
    for ln in lines:
        w = ln.split()
        if w and w[0] == "total" and len(w) == 7:
            total = w
        elif w and w[0].startswith("rtl/") and len(w) == 7:
            files.append(w)
        elif ":" in ln:
            k, v = ln.split(":", 1)
            if k in ("cover point not hit", "line not hit", "point not hit on a line otherwise hit"):
                lists.setdefault(k, []).append(v.strip())
            elif k in counts:
                counts[k] += 1
    if total is None:
        return None
    out = ["| measure | covered | of | share |", "|---|---|---|---|"]
    for name, s, strong in (
        ("line and branch points (Verilator's line points) of the `rtl/` files the builds use", total[1], True),
        ("toggle points", total[3], False),
        ("cover points (`NR_COVER`)", total[5], True),
    ):
        c, t = frac(s)
        p = f"**{pct(c, t)}**" if strong else pct(c, t)
        out.append(f"| {name} | {grp(c)} | {grp(t)} | {p} |")
    nl = len(lists.get("line not hit", []))
    npt = len(lists.get("point not hit on a line otherwise hit", []))
    out += ["", f"{entries} regression entries ({cells} of them cell tests), "
            f"{'all passing' if rc == 0 else 'some failing'}. Lines with a point no run hit: "
            f"{nl} not waived, {counts['line waived']} waived (`rtl/cov_waivers.txt`); branch arms "
            f"not hit on lines otherwise hit: {npt} not waived, {counts['point waived']} waived. "
            f"Waivers moved with their text: {counts['waiver moved']}; stale: "
            f"{counts['waiver stale']}; lost: {counts['waiver lost']}; without their cover point: "
            f"{counts['waiver unsupported']}.", ""]
    out += names("Cover points not hit", lists.get("cover point not hit", []))
    out += names("Lines not hit and not waived", lists.get("line not hit", []))
    out += names("Branch arms not hit and not waived", lists.get("point not hit on a line otherwise hit", []))
    out += ["| file | line and branch points | toggle points | cover points |", "|---|---|---|---|"]
    out += [f"| `{w[0]}` | {cell(w[1])} | {cell(w[3])} | {cell(w[5])} |" for w in files]
    return out


def main(argv):
    if len(argv) == 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) != 5 or not all(a.isdigit() for a in argv[2:]):
        print("usage: cov_table.py SUMMARY ENTRIES CELLS RC   (--help)", file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        print(f"cov_table: cannot read {argv[1]}: {e.strerror}", file=sys.stderr)
        return 2
    out = table(lines, int(argv[2]), int(argv[3]), int(argv[4]))
    if out is None:
        print(f"cov_table: {argv[1]} has no total line: not a cov_summary output", file=sys.stderr)
        return 2
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
