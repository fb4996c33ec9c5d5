#!/usr/bin/env python3
"""arch_paths.py [ROOT] - keep docs/architecture.md's file lists true.

Checks, in ROOT (default: the tree this script is in):
  1. every path the page names in backquotes exists: a token with a '/' that
     starts at a top-level folder or file of the tree (tb/, csrc/, rtl/, ...),
     a bare file name with a source ending (.c .h .cpp .hpp .sv .sh .py .mk
     .list .tcl) anywhere in the tree, a bare NAME.md in docs/. Tokens with a
     placeholder (<org>, NAME, CFG, *, {...}) or under build/ are patterns,
     not paths, and are left out (so is a bare name the page gives under
     build/); a token may name a line or symbol after ':'.
  2. the topology list (between <!-- topo-files --> markers) is exactly the
     topology files tb/catalog/topo_*.c (topo.c, the shared algorithms, apart).
Prints "arch_paths: N paths, M topologies checked" and exits 0, or names every
path that does not exist and every topology missing from either side, exit 1.
Exit 2 on a bad argument or a tree without docs/architecture.md.
"""
import os
import re
import sys

import kitcli

SRC_ENDS = ('.c', '.h', '.cpp', '.hpp', '.sv', '.sh', '.py', '.mk', '.list', '.tcl', '.f')


def main(argv):
    root, page = kitcli.tree_file(__doc__, argv, 'docs/architecture.md', 'arch_paths')
    text = open(page, encoding='utf-8').read()
    tops = set(os.listdir(root)) - {'build', '.git'}
    names = set()
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if x not in ('build', '.git', '.venv')]
        names.update(files)
    # file names the page gives under build/ (generated) are not looked for in the tree
    built = {t.split(':')[0].rstrip('/.,;').split('/')[-1]
             for t in re.findall(r'`(build/[^`\n]+)`', text)}
    bad, n = [], 0
    for tok in sorted(set(re.findall(r'`([^`\n]+)`', text))):
        if re.search(r'[<>*{}\s]|\bNAME\b|\bCFG\b|\bTOP\b|\bFLOW\b|\bORG\b', tok):
            continue
        path = tok.split(':')[0].rstrip('/.,;')
        if not path or path.startswith('build/'):
            continue
        if '/' in path:
            if path.split('/')[0] not in tops:
                continue
            n += 1
            if not os.path.exists(os.path.join(root, path)):
                bad.append('%s: no such file or folder' % path)
        elif path.endswith('.md') and re.fullmatch(r'[\w.-]+\.md', path):
            n += 1
            if not os.path.isfile(os.path.join(root, 'docs', path)) and \
                    not os.path.isfile(os.path.join(root, path)):
                bad.append('%s: no such page in docs/' % path)
        elif path.endswith(SRC_ENDS) and re.fullmatch(r'[\w.+-]+', path) and path not in built:
            n += 1
            if path not in names:
                bad.append('%s: no file of that name in the tree' % path)
    m = re.search(r'<!-- topo-files[^>]*-->(.*?)<!-- /topo-files -->', text, re.S)
    ntopo = 0
    if not m:
        bad.append('no topology list (<!-- topo-files --> ... <!-- /topo-files -->)')
    else:
        listed = set(re.findall(r'`(tb/catalog/topo_\w+\.c)`', m.group(1)))
        cat = os.path.join(root, 'tb', 'catalog')
        present = {'tb/catalog/' + f for f in os.listdir(cat) if re.fullmatch(r'topo_\w+\.c', f)}
        ntopo = len(present)
        for f in sorted(present - listed):
            bad.append('%s: a topology the list leaves out' % f)
        for f in sorted(listed - present):
            bad.append('%s: listed as a topology, no such file' % f)
    if bad:
        print('arch_paths: docs/architecture.md is out of date:')
        for b in bad:
            print('  ' + b)
        return 1
    print('arch_paths: %d paths, %d topologies checked' % (n, ntopo))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
