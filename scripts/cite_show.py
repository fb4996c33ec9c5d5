#!/usr/bin/env python3
"""cite_show.py [ROOT] - every section, figure and table citation of a paper
in README.md and docs/*.md beside the paper's own text, and a check of them.

The text copies of the papers are in $CITE_COPIES (default
ROOT/../shared/reference/seeds; the copy of a key is the file whose name
starts with its prefix: AK11 000_, ACK12 001_, KDA07 002_). A paragraph (a list
item, a table row) that cites [KEY §S] (also [KEY §S, §T]), [KEY] Fig N or
[KEY] Table N is a claim; for each, prints

  file:line [KEY §S] <the section's heading>
      claim: <the paragraph, shortened>
      "quote" -> §X (where the copy has each quoted phrase)

and fails (exit 1, the offending claims named on stderr) when
  - a cited section, figure or table is not in the copy;
  - a phrase the claim quotes ("...", four words or more, checked per
    fragment between ellipses) is in the copy but in none of the sections
    the claim cites (a citation that points at the wrong section).
A quoted phrase the copy does not have is shown as "not in the copy" (the
docs also quote the kit's own messages) and is not a failure.
Prints "cite_show: N claims, M quotes checked" and exits 0 when none fails;
exit 2 on a bad argument, a tree without docs/references.md or a missing
copy. The line-number form of citation is refused by cite_check.py.
"""
import glob
import os
import re
import sys

import kitcli

PREFIX = {'AK11': '000_', 'ACK12': '001_', 'KDA07': '002_'}
HEAD = re.compile(r'^#*\s*((?:[0-9]+\.)*[0-9]+)\.?\s+[A-Z][A-Za-z]')
CITE = re.compile(r'\[(' + '|'.join(PREFIX) + r')((?:,?\s*§[0-9.]*[0-9])*)\]'
                  r'(?:,?\s*(Figs?|Table)\s*([0-9]+(?:\.[0-9]+)?)(?:\s*[-–]\s*([0-9]+))?)?')
QUOTE = re.compile(r'"([^"]{12,}?)"|“([^”]{12,}?)”')


def norm(s):
    s = s.replace('’', "'").replace('‘', "'").replace('\\', ' ')
    return ' '.join(re.sub(r'[^a-z0-9]+', ' ', s.lower()).split())


class Copy:
    """A paper's text: its numbered sections and captions."""

    def __init__(self, path):
        lines = open(path, encoding='utf-8').read().split('\n')
        self.heads = []  # (number, line index, heading)
        for i, ln in enumerate(lines):
            m = HEAD.match(ln)
            # not a table-of-contents entry nor a running head ("8.1. TITLE 75")
            if m and len(ln) < 100 and '. . .' not in ln and not re.search(r'\s[0-9]+$', ln):
                self.heads.append((m.group(1), i, ln.strip('# ').strip()))
        self.lines = lines
        self.cache = {}
        self.text = norm(' '.join(lines))
        self.figs = set(re.findall(r'Figure ([0-9]+(?:\.[0-9]+)?):', '\n'.join(lines)))
        self.tables = set(re.findall(r'Table ([0-9]+(?:\.[0-9]+)?):', '\n'.join(lines)))

    def section(self, num):
        """(heading, normalised text) of section num with its subsections, or None."""
        if num not in self.cache:
            self.cache[num] = self._section(num)
        return self.cache[num]

    def _section(self, num):
        for j, (n, i, h) in enumerate(self.heads):
            if n != num:
                continue
            end = len(self.lines)
            for n2, i2, _ in self.heads[j + 1:]:
                if not (n2 + '.').startswith(num + '.'):
                    end = i2
                    break
            return h, norm(' '.join(self.lines[i:end]))
        return None

    def where(self, phrase):
        """The innermost numbered sections whose text holds phrase."""
        found = []
        for n, _, _ in self.heads:
            s = self.section(n)
            if phrase in s[1] and n not in found and not any(f.startswith(n + '.') for f in found):
                found = [f for f in found if not n.startswith(f + '.')] + [n]
        return found


def units(path):
    """(first line number, text) of each paragraph, list item or table row."""
    buf, start = [], 0
    for n, ln in enumerate(open(path, encoding='utf-8'), 1):
        s = ln.rstrip('\n')
        if s.startswith('|') or not s.strip() or s.startswith('#'):
            if buf:
                yield start, ' '.join(buf)
                buf = []
            if s.strip():
                yield n, s
            continue
        if buf and re.match(r'\s*(?:[-*]|[0-9]+\.) ', s):  # a list item starts a unit
            yield start, ' '.join(buf)
            buf = []
        if not buf:
            start = n
        buf.append(s.strip())
    if buf:
        yield start, ' '.join(buf)


def check_unit(copies, rel, n, text, out, bad):
    cites = list(CITE.finditer(text))
    if not cites:
        return 0
    secs = {}  # key -> cited section numbers
    for m in cites:
        key, sl, kind, a, b = m.groups()
        c = copies[key]
        for s in re.findall(r'§([0-9.]*[0-9])', sl or ''):
            got = c.section(s)
            out.append(f'{rel}:{n} [{key} §{s}] {got[0] if got else "NO SUCH SECTION"}')
            if not got:
                bad.append(f'{rel}:{n}: [{key} §{s}]: the copy has no section {s}')
            secs.setdefault(key, set()).add(s)
        if kind:
            have = c.figs if kind.startswith('Fig') else c.tables
            for x in [str(i) for i in range(int(a), int(b) + 1)] if b else [a]:
                out.append(f'{rel}:{n} [{key}] {kind} {x}' + ('' if x in have else ' NOT IN THE COPY'))
                if x not in have:
                    bad.append(f'{rel}:{n}: [{key}] {kind} {x}: the copy has no such caption')
    out.append('    claim: ' + (text if len(text) < 220 else text[:217] + '...'))
    quotes = 0
    for m in QUOTE.finditer(text):
        q = m.group(1) or m.group(2)
        for frag in re.split(r'\.\.\.|…|\[[^]]*\]', q):
            p = norm(frag)
            if len(p.split()) < 4:
                continue
            quotes += 1
            hits = {k: copies[k].where(p) for k in secs}
            inside = any(copies[k].section(s) and p in copies[k].section(s)[1] for k in secs for s in secs[k])
            anywhere = {k: h for k, h in hits.items() if h or p in copies[k].text}
            if inside:
                out.append(f'      "{frag.strip()}" -> in the cited section')
            elif anywhere:
                where = '; '.join(f'{k} §' + ', §'.join(h) if h else f'{k} outside a numbered section'
                                  for k, h in anywhere.items())
                out.append(f'      "{frag.strip()}" -> {where}: NOT THE CITED SECTION')
                bad.append(f'{rel}:{n}: "{frag.strip()[:60]}" is in {where}, not in the cited '
                           + ', '.join(f'{k} §' + ', §'.join(sorted(v)) for k, v in secs.items()))
            else:
                out.append(f'      "{frag.strip()}" -> not in the copy')
    return quotes


def main(argv):
    root, _ = kitcli.tree_file(__doc__, argv, 'docs/references.md', 'cite_show')
    cdir = os.environ.get('CITE_COPIES', os.path.join(root, '..', 'shared', 'reference', 'seeds'))
    copies = {}
    for key, pre in PREFIX.items():
        f = sorted(glob.glob(os.path.join(cdir, pre + '*.txt')))
        if not f:
            kitcli.die('cite_show', f'no copy of {key} ({pre}*.txt) in {cdir} (set CITE_COPIES)')
        copies[key] = Copy(f[0])
    out, bad, claims, quotes = [], [], 0, 0
    for f, rel in kitcli.doc_pages(root):
        for n, text in units(f):
            k = len(out)
            quotes += check_unit(copies, rel, n, text, out, bad)
            claims += len(out) > k
    print('\n'.join(out))
    return kitcli.verdict('cite_show', bad, f'{claims} claims, {quotes} quotes checked', sys.stderr)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
