#!/usr/bin/env python3
"""net_radix_scale.py - network size against router radix ([AK11 §4.3.5],
Fig 4.9) for the balanced dragonfly, the flattened butterfly of 1 to 3
dimensions (c = k) and the folded Clos of 2 and 3 levels, from the kit's
builder: each network is built by net_cost --topo, which gives its nodes
and the ports its routers use (the radix). A network the builder refuses
(more than the routers' 64 ports, more than the 32 768 nodes of the head's
15-bit destination) gets the topology's formula, marked as such.

usage: scripts/net_radix_scale.py NET_COST OUT.csv OUT.md

OUT.csv: family, spec, radix, nodes, built (1 from the builder, 0 the
formula); OUT.md: the Markdown table, a row per family, the claims rows (the
largest network of radix 64 or less) and the builder's reasons for the
formula's rows. Exit 1 when net_cost fails otherwise than by refusing (exit
2) or a built network disagrees with the formula, 2 on bad usage.
"""
import subprocess
import sys

# family, spec format, parameters, radix(x), nodes(x), net_cost's --ports
FAMILIES = [
    ("dragonfly", "dfly:p={}", range(1, 17), lambda p: 4 * p - 1, lambda p: 2 * p * p * (2 * p * p + 1), None),
    ("fbfly 1-D", "fbfly:k={},n=2", (2, 4, 8, 16, 32, 64), lambda k: 2 * k - 1, lambda k: k**2, None),
    ("fbfly 2-D", "fbfly:k={},n=3", (2, 4, 8, 16, 21, 32), lambda k: 3 * k - 2, lambda k: k**3, None),
    ("fbfly 3-D", "fbfly:k={},n=4", (2, 4, 8, 16), lambda k: 4 * k - 3, lambda k: k**4, None),
    ("fclos 2 levels", "fclos:k={},levels=2", (4, 8, 16, 32, 64), lambda k: k, lambda k: k * k // 2, True),
    ("fclos 3 levels", "fclos:k={},levels=3", (4, 8, 16, 32, 64), lambda k: k, lambda k: k * (k // 2) ** 2, True),
]

# [AK11 §4.3.5]'s sizes at radix 64: family, the claim, the nodes it allows
CLAIMS = [
    ("dragonfly", "with radix-64 routers the dragonfly scales to over 256k nodes", 256 * 1024, 300000),
    ("fbfly 2-D", "a 2-D flattened butterfly of radix-64 routers: approximately 10k nodes", 8000, 12000),
    ("fbfly 3-D", "a 3-D flattened butterfly: up to 64k nodes", 60000, 66000),
]


def build(cost, spec, ports):
    """(radix, nodes) from net_cost, or None when the builder refuses."""
    cmd = [cost, "--topo", spec] + (["--ports", str(ports)] if ports else [])
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode == 2:
        return None, p.stderr.strip().split(": ")[-1]
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {p.returncode}: {p.stderr.strip()}")
    v = dict(line.split(None, 1) for line in p.stdout.splitlines() if " " in line)
    return (int(v["ports_used"]) // int(v["routers"]), int(v["nodes"])), ""


def main(argv):
    if len(argv) != 4:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    rows, bad = [], 0
    for fam, fmt, xs, radix, nodes, by_k in FAMILIES:
        for x in xs:
            spec = fmt.format(x)
            try:
                got, why = build(argv[1], spec, x if by_k else None)
            except (OSError, RuntimeError) as e:
                print(f"net_radix_scale.py: {e}", file=sys.stderr)
                return 1
            want = (radix(x), nodes(x))
            if got is not None and got != want:
                print(f"net_radix_scale.py: {spec}: the builder gives radix {got[0]}, {got[1]} nodes; "
                      f"the formula {want[0]}, {want[1]}", file=sys.stderr)
                bad = 1
            rows.append((fam, spec, *(got or want), got is not None, why))
    try:
        with open(argv[2], "w") as f:
            f.write("family,spec,radix,nodes,built\n")
            for r in rows:
                f.write(f"{r[0]},{r[1].replace(',', ';')},{r[2]},{r[3]},{int(r[4])}\n")
        with open(argv[3], "w") as f:
            f.write("| family | radix: nodes (\\* the formula: the builder refuses the network) |\n|---|---|\n")
            why = {}
            for fam, *_ in FAMILIES:
                cells = [f"{r[2]}: {r[3]}" + ("" if r[4] else "\\*") for r in rows if r[0] == fam]
                f.write(f"| {fam} | {', '.join(cells)} |\n")
                why.update([(r[5], r[1]) for r in rows if r[0] == fam and not r[4]][:1])
            f.write("\n| [AK11 §4.3.5] says | kit | verdict |\n|---|---|---|\n")
            for fam, says, lo, hi in CLAIMS:
                r = max((r for r in rows if r[0] == fam and r[2] <= 64), key=lambda r: r[3])
                how = "the builder" if r[4] else "the formula; the builder refuses it"
                ok = "agree" if lo <= r[3] <= hi else "**disagree**"
                f.write(f"| {says} | `{r[1]}`, radix {r[2]}: {r[3]} nodes ({how}) | {ok} |\n")
            f.write("\n\\* The first refusal of each family: " + "; ".join(f"`{v}`: {k}" for k, v in why.items()) + ".\n")
    except OSError as e:
        print(f"net_radix_scale.py: {e}", file=sys.stderr)
        return 1
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
