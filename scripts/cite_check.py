#!/usr/bin/env python3
"""cite_check.py [ROOT] - the docs cite published works, not our text copies.

Checks README.md and docs/*.md in ROOT (default: the tree this script is in):
  1. no citation of our copies of the papers: "seed 000" .. "seed 004", a
     line number of a copy ("line 4092", "lines 104-124", "L2501", "[FB:L64]"),
     or a path under shared/reference;
  2. every citation key used, "[KEY]" or "[KEY §n]" with a key of the form
     docs/references.md uses (two capitals or more, more letters, an
     optional '-' part, digits; AK11, KDA07, HP-F; a word in brackets
     without a digit or '-' is not a key), is one docs/references.md defines
     (a table row starting "| `KEY` |").
Prints "cite_check: N files, M citations, K keys" and exits 0, or names every
offending line (file:line: what) and exits 1. Exit 2 on a bad argument or a
tree without docs/references.md.
"""
import re
import sys

import kitcli

BANNED = [
    (re.compile(r'\bseed 00[0-9]\b', re.I), 'names a seed (cite the published work by its key)'),
    (re.compile(r'\blines? [0-9]{2,5}\b'), 'a line number of a text copy (cite a section, figure or table)'),
    (re.compile(r'\bL[0-9]{2,5}\b'), 'a line number of a text copy (cite a section, figure or table)'),
    (re.compile(r'\[[A-Z]+:L[0-9]+'), 'a line citation of our notes'),
    (re.compile(r'shared/reference'), 'a path to our copies of the papers'),
]


def main(argv):
    root, refs = kitcli.tree_file(__doc__, argv, 'docs/references.md', 'cite_check')
    keys = set(re.findall(r'^\| `([A-Za-z][A-Za-z0-9-]*)` \|', open(refs, encoding='utf-8').read(), re.M))
    if not keys:
        print('cite_check: docs/references.md defines no key (rows "| `KEY` | ...")', file=sys.stderr)
        return 2
    key_use = re.compile(r'\[([A-Z]{2,}[A-Za-z]*(?:-[A-Z]+)?[0-9]*)(?=[ \]])')
    files = kitcli.doc_pages(root)
    bad, cites = [], 0
    for f, rel in files:
        for n, line in enumerate(open(f, encoding='utf-8'), 1):
            if rel != 'docs/references.md':
                for rx, why in BANNED:
                    if rx.search(line):
                        bad.append(f'{rel}:{n}: {why}: {line.strip()[:100]}')
            for m in key_use.finditer(line):
                k = m.group(1)
                if not re.search(r'[0-9]|-', k):
                    continue  # a word in brackets, not a key
                cites += 1
                if k not in keys:
                    bad.append(f'{rel}:{n}: [{k}] is not a key of docs/references.md')
    return kitcli.verdict('cite_check', bad, f'{len(files)} files, {cites} citations, {len(keys)} keys')


if __name__ == '__main__':
    sys.exit(main(sys.argv))
