#!/usr/bin/env python3
"""net_dfly_claims.py - the claims rows of make sweep-net-dfly ([AK11
§5.5.3], §5.3, §5.4, Fig 5.1) from the sweep's CSV (scripts/net_dfly.sh).

usage: scripts/net_dfly_claims.py CSV AP

Curves are labelled PATTERN__ROUTING (ur or wc; min, val, ugal-l, ugal-g,
par); AP is the nodes of a group (a*p), whose inverse is minimal routing's
limit on the worst case. Per curve: the highest load's point, the most
accepted, the mean latency at 0.1, and (Fig 5.1) a fall of the mean latency
from one load to a higher one at which the network still accepts what is
offered (at the lower load it may not yet: minimal packets wait in full
queues until the source router's own queue shows it, [AK11 §5.4]). The
zero-load point (load below 0.05) is left out. Prints the Markdown rows (|
says | kit | verdict |). Exit 2 on bad usage or a CSV without the columns.
"""
import csv
import sys


def num(x):
    """A load as the sweep names it: 1, 0.9 (awk's %s of a number)."""
    return str(int(x)) if x == int(x) else "%.6g" % x


def curves(path):
    c = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            ld = float(r["load"])
            if ld < 0.05:
                continue
            k = c.setdefault(r["label"], {"top": 0.0, "toff": 0.0, "tacc": 0.0, "mx": 0.0,
                                          "pts": [], "l01": 0.0})
            off, acc, lat = float(r["offered"]), float(r["accepted"]), float(r["lat_mean"])
            if ld >= k["top"]:
                k["top"], k["toff"], k["tacc"] = ld, off, acc
            if ld == 0.1:
                k["l01"] = lat
            k["mx"] = max(k["mx"], acc)
            k["pts"].append((ld, lat, acc >= 0.95 * off))
    return c


def fall(k):
    """The first (in the CSV's order) fall of the mean latency, or ''."""
    for ld_i, lat_i, _ in k["pts"] if k else []:
        for ld_j, lat_j, ok_j in k["pts"]:
            if ld_j > ld_i and ok_j and lat_j < 0.97 * lat_i:
                return "%.1f cycles at %s, %.1f at %s" % (lat_i, num(ld_i), lat_j, num(ld_j))
    return ""


def verdict(ok):
    return "agree" if ok else "**disagree**"


def rows(c, ap):
    out = []
    z = {"top": 0.0, "toff": 0.0, "tacc": 0.0, "mx": 0.0, "pts": [], "l01": 0.0}
    g = lambda lab: c.get(lab, z)
    if "ur__min" in c:
        m = g("ur__min")
        out.append("| minimal routing works well for load-balanced traffic | MIN on UR accepts %.3f of "
                   "%.3f offered (offered load %s) | %s |"
                   % (m["tacc"], m["toff"], num(m["top"]), verdict(m["tacc"] >= 0.95 * m["toff"])))
    if "wc__min" in c:
        m = g("wc__min")
        ok = m["mx"] <= 1.05 / ap and m["tacc"] >= 0.9 / ap
        out.append("| minimal routing performs very poorly on adversarial traffic | MIN on the worst "
                   "case accepts at most %.4f (%.4f of %.3f offered at %s): one global channel "
                   "carries a group of %d nodes to the next, 1/%d = %.4f | %s |"
                   % (m["mx"], m["tacc"], m["toff"], num(m["top"]), ap, ap, 1 / ap, verdict(ok)))
    if "wc__val" in c:
        v = g("wc__val")["mx"]
        out.append("| Valiant over a random intermediate group balances the global and local channels "
                   "(3 VCs), at half the capacity (§5.3.1) | VAL accepts at most %.3f on the worst "
                   "case and %.3f on UR | %s |" % (v, g("ur__val")["mx"], verdict(0.4 <= v <= 0.6)))
    else:
        out.append("| Valiant over a random intermediate group balances the global and local channels "
                   "(3 VCs) | not run | not tested |")
    for r, name in (("ugal-l", "UGAL-L"), ("ugal-g", "UGAL-G"), ("par", "PAR")):
        if "wc__" + r not in c or "wc__val" not in c or "ur__min" not in c:
            continue
        ur, wc = g("ur__" + r)["mx"], g("wc__" + r)["mx"]
        umin, wval = g("ur__min")["mx"], g("wc__val")["mx"]
        ok = wc >= 0.9 * wval and ur >= 0.9 * umin
        out.append("| adaptive routing (%s) tracks the better of minimal and Valiant (§5.3.2, §5.3.3) "
                   "| %s accepts at most %.3f on UR (MIN %.3f) and %.3f on the worst case (VAL %.3f) "
                   "| %s |" % (name, name, ur, umin, wc, wval, verdict(ok)))
    if "wc__ugal-g" in c and "wc__ugal-l" in c:
        gg, ll = g("wc__ugal-g"), g("wc__ugal-l")
        ok = gg["l01"] < ll["l01"] and gg["mx"] >= 0.97 * ll["mx"]
        out.append("| UGAL-G, with the global queues, balances better than UGAL-L (§5.4: UGAL-L "
                   "misroutes from local information) | worst case, mean latency at 0.1: UGAL-G "
                   "%.1f, UGAL-L %.1f cycles; at most %.3f against %.3f accepted | %s |"
                   % (gg["l01"], ll["l01"], gg["mx"], ll["mx"], verdict(ok)))
    else:
        out.append("| UGAL-G reads the queues of the global channels of other routers | not run (an "
                   "oracle: docs/network.md \"Topology: dfly\") | not tested |")
    if "wc__ugal-l" in c or "ur__ugal-l" in c:
        f, h = fall(c.get("wc__ugal-l")), fall(c.get("ur__ugal-l"))
        out.append("| with local queues (UGAL-L) latency can fall as load rises, more packets going "
                   "non-minimally (§5.4, Fig 5.1) | UGAL-L mean latency, worst case: %s; UR: %s | %s |"
                   % (f or "no fall", h or "no fall", verdict(f != "" or h != "")))
    return out


def main(argv):
    if len(argv) != 3 or not argv[2].isdigit() or int(argv[2]) < 1:
        print("usage: scripts/net_dfly_claims.py CSV AP", file=sys.stderr)
        return 2
    try:
        c = curves(argv[1])
    except (OSError, KeyError, ValueError) as e:
        print("net_dfly_claims.py: %s: %s" % (argv[1], e), file=sys.stderr)
        return 2
    print("\n".join(rows(c, int(argv[2]))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
