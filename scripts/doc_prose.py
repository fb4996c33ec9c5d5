#!/usr/bin/env python3
"""doc_prose.py [--max N] [DOC...] - the hand-written lines of the docs.

A generated table is the block a publish target writes between
<!-- MARKER:begin --> and <!-- MARKER:end --> (scripts/publish.sh, "table"
lines of a manifest); its lines, the two markers included, are not prose.
Every other non-blank line of a page is (tables typed by hand count: they are
prose in table form). DOC... defaults to docs/*.md of the tree this script is
in, plus README.md.

Prints one line per page (prose lines, generated lines, page) and a total of
the docs/*.md pages. --max N: exit 1 when that total is over N (README.md is
not in the total; it is counted apart). Exit 2 on a bad argument, an
unreadable page, or markers that do not pair (a begin without its end, an
end without its begin, or nested blocks).
"""
import glob
import os
import re
import sys

BEGIN = re.compile(r'^\s*<!--\s*([\w.+-]+):begin\s*-->\s*$')
END = re.compile(r'^\s*<!--\s*([\w.+-]+):end\s*-->\s*$')


def count(path):
    prose = gen = 0
    open_ = None
    with open(path, encoding='utf-8') as f:
        for no, line in enumerate(f, 1):
            b, e = BEGIN.match(line), END.match(line)
            if b:
                if open_:
                    raise ValueError('%s:%d: %s:begin inside %s' % (path, no, b.group(1), open_))
                open_ = b.group(1)
                gen += 1
            elif e:
                if open_ != e.group(1):
                    raise ValueError('%s:%d: %s:end without its begin' % (path, no, e.group(1)))
                open_ = None
                gen += 1
            elif open_:
                gen += 1
            elif line.strip():
                prose += 1
    if open_:
        raise ValueError('%s: %s:begin without its end' % (path, open_))
    return prose, gen


def main(argv):
    args = argv[1:]
    limit = None
    if args and args[0] in ('-h', '--help'):
        print(__doc__.strip())
        return 0
    if args and args[0] == '--max':
        if len(args) < 2 or not args[1].isdigit():
            print('doc_prose: --max needs a whole number', file=sys.stderr)
            return 2
        limit = int(args[1])
        args = args[2:]
    if any(a.startswith('-') for a in args):
        print('doc_prose: unknown option (--max N, --help)', file=sys.stderr)
        return 2
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    pages = args or sorted(glob.glob(os.path.join(root, 'docs', '*.md'))) + [os.path.join(root, 'README.md')]
    total = 0
    try:
        for p in pages:
            prose, gen = count(p)
            name = os.path.relpath(p, root) if not args else p
            print('%6d %6d  %s' % (prose, gen, name))
            if os.path.basename(p) != 'README.md':
                total += prose
    except (OSError, ValueError) as e:
        print('doc_prose: %s' % e, file=sys.stderr)
        return 2
    print('%6d         docs prose lines in all (generated tables left out)' % total)
    if limit is not None and total > limit:
        print('doc_prose: %d prose lines, over the limit of %d' % (total, limit))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
