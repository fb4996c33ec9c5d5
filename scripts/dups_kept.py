#!/usr/bin/env python3
"""dups_kept.py KEPT [--rows] - count the near-duplicate pairs of a
`duplicates --most 200` listing (on stdin) that make measures counts: every
pair but those the list KEPT (scripts/dups_kept.txt) keeps on purpose.

KEPT holds one pair a line, "FILE-A FILE-B CLASS" (either order; # starts a
comment): CLASS `generated` keeps the pair whatever it shares (a generated
file and its generator); any other class (`reading`, `table`, `fields`, `idiom`: what
docs/architecture.md "Measures and known debts" says of each) keeps it only
while the listing marks it `shape` (no run the same to the letter): a true
copy between two listed files still counts.

Prints "COUNTED BOILERPLATE KEPT": the pairs counted, how many of those the
listing marks boilerplate, and the pairs kept; with --rows, the rows of the
pairs counted first (scripts/dups_check.sh). Exit 0; 1 when the listing is
cut short or incomplete (its pairs are not all there); 2 on bad usage or a
KEPT line that is not "FILE-A FILE-B CLASS" with a known class.
"""
import re
import sys

import kitcli

CLASSES = ("generated", "reading", "table", "fields", "idiom")


def die(msg, code=2):
    kitcli.die("dups_kept.py", msg, code)


def read_kept(path):
    kept = {}
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError as e:
        die("cannot read %s: %s" % (path, e.strerror))
    for n, line in enumerate(lines, 1):
        w = line.split("#", 1)[0].split()
        if not w:
            continue
        if len(w) != 3 or w[2] not in CLASSES:
            die("%s:%d: not 'FILE-A FILE-B CLASS' with CLASS one of %s" % (path, n, ", ".join(CLASSES)))
        kept[frozenset(w[:2])] = w[2]
    return kept


def main(argv):
    if len(argv) == 2 and argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) not in (2, 3) or (len(argv) == 3 and argv[2] != "--rows"):
        die("usage: dups_kept.py KEPT [--rows]   (--help)")
    rows = len(argv) == 3
    kept = read_kept(argv[1])
    row = re.compile(r"^D[0-9]+ (\S+):[0-9]+-[0-9]+ ~ (\S+):[0-9]+-[0-9]+(.*)$")
    counted = boiler = nkept = 0
    whole = True
    for line in sys.stdin:
        m = row.match(line)
        if not m:
            if re.match(r"^\(\+[0-9]+ more pairs\)|^incomplete:", line):
                whole = False
            continue
        cls = kept.get(frozenset((m.group(1), m.group(2))))
        shape = " shape" in m.group(3)
        if cls == "generated" or (cls and shape):
            nkept += 1
        else:
            counted += 1
            boiler += " boilerplate" in m.group(3)
            if rows:
                print(line.rstrip("\n"))
    print(counted, boiler, nkept)
    return 0 if whole else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
