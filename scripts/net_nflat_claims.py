#!/usr/bin/env python3
"""net_nflat_claims.py - the claims rows of make sweep-net-nflat ([KDA07]
§5.1.1, Fig 12) from the sweep's CSV (scripts/net_nflat.sh).

usage: scripts/net_nflat_claims.py CSV "N' ..."

Curves are labelled val__nN and minad__nN (N the dimensions n'); a curve's
zero-load latency T0 is its mean latency at offered 0.02, its saturation the
most it accepts at the other loads. Prints the Markdown rows (| says | kit |
verdict |). Exit 2 on bad usage or a CSV without the columns.
"""
import csv
import sys


def curves(path):
    t0, sat = {}, {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            lab, load = r["label"], float(r["load"])
            if load < 0.05:
                t0[lab] = float(r["lat_mean"])
            else:
                sat[lab] = max(sat.get(lab, 0.0), float(r["accepted"]))
    return t0, sat


def rising(vals):
    return all(b > a for a, b in zip(vals, vals[1:]))


def main(argv):
    if len(argv) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    try:
        t0, sat = curves(argv[1])
    except (OSError, KeyError, ValueError) as e:
        print(f"net_nflat_claims.py: {argv[1]}: {e}", file=sys.stderr)
        return 2
    nps = [int(x) for x in argv[2].split()]
    val = [n for n in nps if f"val__n{n}" in sat and f"val__n{n}" in t0]
    mad = [n for n in nps if f"minad__n{n}" in sat and f"minad__n{n}" in t0]
    def fmt(kind, ns, d, prec=3):
        return ", ".join(f"n' = {n}: {d[f'{kind}__n{n}']:.{prec}f}" for n in ns)

    rows = []
    if len(val) >= 2:
        s = [sat[f"val__n{n}"] for n in val]
        flat = max(s) <= 1.1 * min(s)
        verdict = "agree" if flat and min(s) >= 0.4 else ("partly: constant, below 50 %" if flat else "**disagree**")
        rows.append(("VAL: throughput stays at 50 % of capacity whatever n', the bisection being the same",
                     f"VAL saturates at {fmt('val', val, sat)} (the most over the loads)", verdict))
        rows.append(("VAL: latency rises as n' rises (the diameter)",
                     f"zero-load latency {fmt('val', val, t0, 1)} cycles",
                     "agree" if rising([t0[f'val__n{n}'] for n in val]) else "**disagree**"))
    rows.append(("adaptive routing needs VCs proportional to n' (VAL 2 at any n')",
                 "MIN AD: 2 VCs up to n' = 2, 4 at n' = 3 and 4 (a VC per hop, an even count), none at n' ≥ 5 "
                 "(the head's 2-bit VC field: refused, exit 2); VAL 2 at every n'", "partly: up to n' = 4"))
    if len(mad) >= 2:
        rows.append(("MIN AD: latency rises as n' rises",
                     f"zero-load latency {fmt('minad', mad, t0, 1)} cycles",
                     "agree" if rising([t0[f'minad__n{n}'] for n in mad]) else "**disagree**"))
        a, b = sat[f"minad__n{mad[0]}"], sat[f"minad__n{mad[-1]}"]
        drop = 100 * (a - b) / a
        rows.append(("MIN AD with 64 flit buffers per channel: throughput falls about 20 % from n' = 1 to 5, "
                     "the storage split among n' VCs",
                     f"64 phits per port: MIN AD saturates at {fmt('minad', mad, sat)}: {abs(drop):.0f} % "
                     f"{'lower' if drop >= 0 else 'higher'} at "
                     f"n' = {mad[-1]} than at n' = {mad[0]}; n' = 1 (127 ports) and 5 (5 VCs) are not built",
                     "agree in direction (n' = 1 and 5 not built)" if drop > 0 else "**disagree**"))
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
