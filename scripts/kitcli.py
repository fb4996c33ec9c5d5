"""kitcli.py - what the kit's Python scripts share of their command line.
A script imports it from scripts/ (a script's own folder is first on its
module path).

die(prog, msg, code)           "prog: msg" on stderr, then exit code
commands(doc, cmds, argv, die) COMMAND ARGS...: cmds[COMMAND](ARGS); -h or
                               --help prints doc (exit 0), no command exits 2,
                               an unknown one dies (exit 2)
tree_file(doc, argv, rel, prog)
                               [ROOT] of a script that checks a tree (default:
                               the tree this file is in): (ROOT, ROOT/rel);
                               -h or --help prints doc (exit 0), more
                               arguments exit 2, a ROOT without rel exits 2
doc_pages(root)                (path, path relative to root) of every
                               docs/*.md and README.md in root
verdict(prog, bad, summary, stream)
                               the problems of bad on stream, "prog: N
                               problems" on stderr, 1; none: summary, 0
"""
import glob
import os
import sys


def die(prog, msg, code=2):
    print("%s: %s" % (prog, msg), file=sys.stderr)
    sys.exit(code)


def commands(doc, cmds, argv, die_fn):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(doc.strip())
        return 0 if len(argv) >= 2 else 2
    if argv[1] not in cmds:
        die_fn("unknown command '%s' (--help)" % argv[1], 2)
    return cmds[argv[1]](argv[2:])


def tree_file(doc, argv, rel, prog):
    if len(argv) > 2 or (len(argv) == 2 and argv[1] in ("-h", "--help")):
        print(doc.strip())
        sys.exit(0 if len(argv) == 2 else 2)
    root = argv[1] if len(argv) == 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    path = os.path.join(root, rel)
    if not os.path.isfile(path):
        die(prog, "%s has no %s" % (root, rel))
    return root, path


def doc_pages(root):
    pages = sorted(glob.glob(os.path.join(root, "docs", "*.md"))) + [os.path.join(root, "README.md")]
    return [(f, os.path.relpath(f, root)) for f in pages if os.path.isfile(f)]


def verdict(prog, bad, summary, stream=sys.stdout):
    for b in bad:
        print(b, file=stream)
    if bad:
        print("%s: %d problems" % (prog, len(bad)), file=sys.stderr)
        return 1
    print("%s: %s" % (prog, summary))
    return 0
